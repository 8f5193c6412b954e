//! A resident grid (a cooperative launch): every work-group runs at once, so work-groups can
//! wait for each other. Kernels compiled by clang-14 from tools/run-kernels/resident/coop.cl for
//! every GCN generation: grid barriers of global wave sync (as `grid.sync()` compiles), a
//! barrier of global atomics spinning without `s_sleep` (it needs the time slices), and a grid
//! that can never go on (an error, not a hang); each checked against the host, with one worker
//! thread and several.

use gcnkit::emu::dispatch::{kernels, KernelInfo};
use gcnkit::emu::kernel::{run, ArgValue, Launch, Outcome, RunError};

const GPUS: [&str; 4] = ["tahiti", "bonaire", "fiji", "gfx900"];

fn kernel(gpu: &str, name: &str) -> KernelInfo {
    let path = format!("{}/tests/data/resident/coop.{gpu}.hsaco", env!("CARGO_MANIFEST_DIR"));
    let elf = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    kernels(&elf).unwrap().into_iter().find(|k| k.name == name).unwrap()
}

fn launch(groups: u32, block: u32, args: Vec<ArgValue>, threads: usize, resident: bool) -> Launch {
    Launch {
        grid: [groups * block, 1, 1],
        block: [block, 1, 1],
        args,
        threads,
        budget: 2_000_000,
        trace: None,
        progress: None,
        checker: None,
        resident,
    }
}

fn words(b: &Option<Vec<u8>>) -> Vec<i32> {
    b.as_ref()
        .unwrap()
        .chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn bytes(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[test]
fn grid_barriers_order_the_phases_of_every_work_group() {
    // More work-groups than worker threads, two waves each.
    let (groups, block) = (13u32, 128u32);
    let data: Vec<i32> = (0..groups * block).map(|i| (i as i32 * 37) % 101 - 50).collect();
    let partial: Vec<i32> = (0..groups as usize)
        .map(|g| data[g * block as usize..(g + 1) * block as usize].iter().sum())
        .collect();
    let total: i32 = partial.iter().sum();
    for gpu in GPUS {
        let k = kernel(gpu, "phases");
        for threads in [1, 3] {
            let args = vec![
                ArgValue::Buffer(bytes(&data)),
                ArgValue::Buffer(vec![0; 4 * groups as usize]),
            ];
            let o: Outcome = run(&k, &launch(groups, block, args, threads, true), None)
                .unwrap_or_else(|e| panic!("{gpu}, {threads} threads: {e}"));
            let got = words(&o.buffers[0]);
            for (i, (g, d)) in got.iter().zip(&data).enumerate() {
                assert_eq!(*g, d + total, "{gpu}, {threads} threads: item {i}");
            }
            let next: Vec<i32> = (0..groups as usize)
                .map(|g| partial[(g + 1) % groups as usize])
                .collect();
            assert_eq!(words(&o.buffers[1]), next, "{gpu}, {threads} threads");
            assert_eq!(o.stats.workgroups, groups as u64);
        }
    }
}

#[test]
fn a_grid_barrier_outside_a_resident_grid_is_an_error() {
    let k = kernel("gfx900", "phases");
    let args = vec![ArgValue::Buffer(vec![0; 4 * 128]), ArgValue::Buffer(vec![0; 8])];
    match run(&k, &launch(2, 64, args, 1, false), None) {
        Err(RunError::Emulation(e)) => {
            assert!(
                e.contains("ds_gws_barrier") && e.contains("needs the whole grid resident"),
                "{e}"
            )
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("ran"),
    }
}

#[test]
fn waves_spinning_without_sleep_take_turns() {
    let groups = 9u32;
    for gpu in GPUS {
        let k = kernel(gpu, "spin");
        for threads in [1, 2] {
            let args = vec![
                ArgValue::Buffer(vec![0; 4]),
                ArgValue::Buffer(vec![0; 4 * 64 * groups as usize]),
            ];
            let o = run(&k, &launch(groups, 64, args, threads, true), None)
                .unwrap_or_else(|e| panic!("{gpu}, {threads} threads: {e}"));
            assert_eq!(words(&o.buffers[0]), vec![groups as i32]);
            assert!(words(&o.buffers[1]).iter().all(|&x| x == groups as i32), "{gpu}");
        }
    }
}

#[test]
fn a_spin_nobody_ends_stops_at_the_budget() {
    // Without a resident grid the first work-group spins alone: the budget stops it.
    let k = kernel("gfx900", "spin");
    let args = vec![ArgValue::Buffer(vec![0; 4]), ArgValue::Buffer(vec![0; 4 * 64 * 2])];
    match run(&k, &launch(2, 64, args, 1, false), None) {
        Err(RunError::Emulation(e)) => assert!(e.contains("budget of 2000000 instructions"), "{e}"),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("ran"),
    }
}

#[test]
fn a_grid_that_cannot_go_on_is_an_error_not_a_hang() {
    for gpu in GPUS {
        let k = kernel(gpu, "too_many");
        for threads in [1, 2] {
            let args = vec![ArgValue::Buffer(vec![0; 4 * 64 * 5])];
            match run(&k, &launch(5, 64, args, threads, true), None) {
                Err(RunError::Emulation(e)) => assert!(
                    e.contains("kernel too_many: the grid cannot go on: 5 wave(s) wait at ds_gws_barrier (resource 0: 5 arrived)"),
                    "{gpu}: {e}"
                ),
                Err(e) => panic!("{e}"),
                Ok(_) => panic!("{gpu}: ran"),
            }
        }
    }
}
