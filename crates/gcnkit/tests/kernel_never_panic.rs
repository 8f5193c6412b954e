//! The kernel machine never panics: random instructions from the table (every class, random
//! registers and modifiers) and random words run as a kernel's code, with real start-up state
//! and buffers, end in `Ok` or an error, on every arch; and an LDS access out of range or
//! misaligned is an error naming the lane.

use gcnkit::emu::dispatch::{kernels, ArgInfo, KernelInfo, Setup};
use gcnkit::emu::kernel::{run, ArgValue, Launch, RunError};
use gcnkit::isa::isa;
use gcnkit::sample::{instr_in, Knobs, Variant};
use gcnkit::Arch;
use std::sync::Arc;

/// xorshift64*.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// A kernel whose code is `words`, started as clang's kernels are (the start-up state of a
/// real gfx900 kernel), with two buffer arguments and LDS.
fn kernel_of(arch: Arch, words: Vec<u32>, template: &KernelInfo) -> KernelInfo {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    KernelInfo {
        name: "random".into(),
        arch,
        code: Arc::new(words),
        entry: 0,
        image: Arc::new(bytes),
        code_addr: 0,
        setup: Setup {
            group_segment_size: 256,
            private_segment_size: 64,
            ..template.setup.clone()
        },
        args: vec![
            ArgInfo {
                name: "a".into(),
                offset: 0,
                size: 8,
                kind: "global_buffer".into(),
            },
            ArgInfo {
                name: "b".into(),
                offset: 8,
                size: 8,
                kind: "global_buffer".into(),
            },
        ],
        reqd_block: None,
        version: 4,
    }
}

fn template() -> KernelInfo {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/run/stencil.gfx900.hsaco");
    kernels(&std::fs::read(path).unwrap()).unwrap().remove(0)
}

fn launch(threads: usize) -> Launch {
    Launch {
        grid: [96, 1, 1],
        block: [96, 1, 1],
        args: vec![ArgValue::Buffer(vec![7; 1024]), ArgValue::Buffer(vec![0; 64])],
        threads,
        budget: 2000,
        trace: None,
    }
}

#[test]
fn random_instructions_never_panic() {
    let t = template();
    let mut r = Rng(0x5eed_1234_abcd_0001);
    let defs = isa().defs.len();
    let mut ran = 0;
    let mut errors = 0;
    for arch in [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141] {
        for _ in 0..150 {
            // 40 random instructions of random rows and forms, then s_endpgm.
            let mut words = Vec::new();
            while words.len() < 80 {
                let id = (r.next() % defs as u64) as u16;
                let v = Variant::ALL[(r.next() % 4) as usize];
                let mut next = || r.next();
                if let Some(i) = instr_in(&mut next, arch, id, v, Knobs::default()) {
                    words.extend_from_slice(i.words());
                }
                if r.next().is_multiple_of(16) {
                    words.push(r.next() as u32);
                }
            }
            words.push(0xbf81_0000);
            let k = kernel_of(arch, words, &t);
            match run(&k, &launch(1 + (r.next() % 2) as usize), None) {
                Ok(_) => ran += 1,
                Err(RunError::Emulation(m)) => {
                    assert!(m.starts_with("kernel random, work-group (0,0,0), wave "), "{m}");
                    errors += 1;
                }
                Err(RunError::Usage(m)) => panic!("usage error: {m}"),
            }
        }
    }
    // Most random programs stop at some instruction they cannot run; some finish.
    assert!(ran + errors == 750 && errors > 0, "{ran} ran, {errors} errors");
}

/// LDS: an access past the work-group's allocation and a misaligned dword access are errors
/// that name the lane and the access.
#[test]
fn lds_faults_name_the_access() {
    let t = template();
    let a = Arch::Gcn14;
    let asm = |text: &str| -> Vec<u32> {
        let mut x = gcnkit::asm::Assembler::new(a, gcnkit::asm::Dialect::Llvm, "t.s");
        for (n, l) in text.lines().enumerate() {
            x.line(n + 1, l);
        }
        let (items, diags) = x.finish();
        assert!(diags.is_empty(), "{diags:?}");
        items.iter().flat_map(|it| it.instr(a).words().to_vec()).collect()
    };
    // v0 = work-item id: lane 64 (wave 1's first lane) writes past 256 bytes of LDS.
    let k = kernel_of(a, asm("v_lshlrev_b32 v1, 2, v0\nds_write_b32 v1, v0\ns_endpgm"), &t);
    let e = run(&k, &launch(1), None).err().expect("fault").to_string();
    assert!(
        e.contains("wave 1") && e.contains("outside the work-group's 256 bytes") && e.contains("lane 0"),
        "{e}"
    );
    let k = kernel_of(a, asm("v_lshlrev_b32 v1, 1, v0\nds_read_b32 v2, v1\ns_endpgm"), &t);
    let e = run(&k, &launch(1), None).err().expect("fault").to_string();
    assert!(e.contains("misaligned LDS access") && e.contains("lane 1"), "{e}");
    // In range and aligned: fine.
    let k = kernel_of(a, asm("v_and_b32 v1, 60, v0\nds_write_b32 v1, v0\ns_endpgm"), &t);
    assert!(run(&k, &launch(2), None).is_ok());
}
