//! include/gcnkit/opencl.h: OpenCL's work-item and barrier built-ins without a GPU library.
//! tests/opencl/ids.cl, compiled by clang-14 with the header (`-nogpulib -include`), runs on
//! the kernel machine over a 2D grid whose last work-groups are partial (OpenCL 2.0) and over a
//! whole one (OpenCL 1.2, with and without clang's default header), for four GPUs; every
//! work-item's ids, sizes and counts equal the OpenCL definitions computed here, and a
//! barrier orders LDS. Where Debian's ROCm device library and clang-15 are installed, the same
//! kernel built with them (no header) gives the same bytes on the whole grid; on the partial
//! one it differs in get_local_linear_id only (the library counts with the enqueued size,
//! where OpenCL and the header count with the work-group's own). Skips, saying so, where
//! clang-14 or ld.lld-14 is missing.

mod common;

use common::{err, gcnkit};
use std::path::{Path, PathBuf};
use std::process::Command;

const N: usize = 16;

fn header() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../include/gcnkit/opencl.h")
}

fn kernel() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/opencl/ids.cl")
}

fn runs(p: &str) -> bool {
    Command::new(p)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn build(clang: &str, args: &[&str], dir: &Path, name: &str) -> PathBuf {
    let o = dir.join(format!("{name}.o"));
    let h = dir.join(format!("{name}.hsaco"));
    let out = Command::new(clang)
        .args(args)
        .arg("-c")
        .arg(kernel())
        .arg("-o")
        .arg(&o)
        .output()
        .unwrap();
    assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    let out = Command::new("ld.lld-14")
        .arg("-shared")
        .arg(&o)
        .arg("-o")
        .arg(&h)
        .output()
        .unwrap();
    assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    h
}

/// Runs `ids` over `grid` in blocks of `block`: the values and the shifted LDS words.
fn run(h: &Path, grid: (usize, usize), block: (usize, usize), dir: &Path) -> (Vec<u32>, Vec<u32>) {
    let n = grid.0 * grid.1;
    let (a, b) = (dir.join("ids.out"), dir.join("shifted.out"));
    let o = gcnkit(
        &[
            "run",
            h.to_str().unwrap(),
            "--kernel",
            "ids",
            "--grid",
            &format!("{},{}", grid.0, grid.1),
            "--block",
            &format!("{},{}", block.0, block.1),
            "--arg",
            &format!("zeros:{}", n * N * 4),
            "--arg",
            &format!("zeros:{}", n * 4),
            "--out",
            &format!("0={}", a.display()),
            "--out",
            &format!("1={}", b.display()),
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    let words = |p: &Path| {
        std::fs::read(p)
            .unwrap()
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect::<Vec<u32>>()
    };
    (words(&a), words(&b))
}

/// What OpenCL says each work-item sees (global offset 0, two dimensions).
fn expected(grid: (usize, usize), block: (usize, usize)) -> (Vec<u32>, Vec<u32>) {
    let (gx, gy) = grid;
    let groups = (gx.div_ceil(block.0), gy.div_ceil(block.1));
    let size = |g: usize, b: usize, id: usize| (g - id * b).min(b);
    let mut v = vec![0u32; gx * gy * N];
    let mut shifted = vec![0u32; gx * gy];
    for y in 0..gy {
        for x in 0..gx {
            let (grx, gry) = (x / block.0, y / block.1);
            let (lx, ly) = (x % block.0, y % block.1);
            let (sx, sy) = (size(gx, block.0, grx), size(gy, block.1, gry));
            let lin = ly * sx + lx;
            let glin = y * gx + x;
            let at = glin * N;
            let row = [
                lx, ly, grx, gry, sx, sy, block.0, gx, gy, groups.0, groups.1, 0, 2, lin, glin, 1,
            ];
            for (k, r) in row.iter().enumerate() {
                v[at + k] = *r as u32;
            }
            // The neighbour's word: the work-item of local linear id lin + 1 (mod the group's).
            let next = (lin + 1) % (sx * sy);
            let (nx, ny) = (grx * block.0 + next % sx, gry * block.1 + next / sx);
            shifted[glin] = ((ny * gx + nx) * 3 + 1) as u32;
        }
    }
    (v, shifted)
}

#[test]
fn header_builtins_give_opencls_values_on_the_kernel_machine() {
    if !runs("clang-14") || !runs("ld.lld-14") {
        eprintln!("skipped: clang-14 or ld.lld-14 is missing (they build the kernel)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("gcnkit-opencl-h-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let h = header();
    let include = h.to_str().unwrap();
    let partial = ((40, 6), (16, 4));
    let whole = ((48, 8), (16, 4));
    let mut runs_checked = 0;
    for mcpu in ["tahiti", "fiji", "gfx900", "gfx906"] {
        let target = format!("-mcpu={mcpu}");
        let base = [
            "-x",
            "cl",
            "-target",
            "amdgcn-amd-amdhsa",
            &target,
            "-nogpulib",
            "-O2",
            "-include",
            include,
        ];
        // OpenCL 2.0: work-groups may be partial.
        let k = build(
            "clang-14",
            &[&base[..], &["-cl-std=CL2.0"]].concat(),
            &dir,
            &format!("cl20-{mcpu}"),
        );
        for (grid, block) in [partial, whole] {
            assert_eq!(
                run(&k, grid, block, &dir),
                expected(grid, block),
                "{mcpu}, CL2.0, {grid:?} / {block:?}"
            );
            runs_checked += 1;
        }
        // OpenCL 1.2 (work-groups are whole: clang may assume it), with and without the
        // default header.
        for (name, extra) in [
            ("cl12", &[][..]),
            ("cl12-default-header", &["-Xclang", "-finclude-default-header"][..]),
        ] {
            let k = build(
                "clang-14",
                &[&base[..], &["-cl-std=CL1.2"], extra].concat(),
                &dir,
                &format!("{name}-{mcpu}"),
            );
            let (grid, block) = whole;
            assert_eq!(run(&k, grid, block, &dir), expected(grid, block), "{mcpu}, {name}");
            runs_checked += 1;
        }
    }
    // ROCm's device library (clang-15, no header) agrees.
    let clang15 = "/usr/lib/llvm-15/bin/clang";
    let bitcode = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode";
    if runs(clang15) && Path::new(bitcode).join("opencl.bc").exists() {
        let lib = format!("--rocm-device-lib-path={bitcode}");
        let args = [
            "-x",
            "cl",
            "-cl-std=CL2.0",
            "-target",
            "amdgcn-amd-amdhsa",
            "-mcpu=gfx906",
            "-O2",
            "-Xclang",
            "-finclude-default-header",
            &lib,
        ];
        let rocm = build(clang15, &args, &dir, "rocm");
        let ours = build(
            "clang-14",
            &[
                "-x",
                "cl",
                "-cl-std=CL2.0",
                "-target",
                "amdgcn-amd-amdhsa",
                "-mcpu=gfx906",
                "-nogpulib",
                "-O2",
                "-include",
                include,
            ],
            &dir,
            "ours",
        );
        let (grid, block) = whole;
        assert_eq!(
            run(&rocm, grid, block, &dir),
            run(&ours, grid, block, &dir),
            "ROCm's library, whole grid"
        );
        let (grid, block) = partial;
        let (a, b) = (run(&rocm, grid, block, &dir).0, run(&ours, grid, block, &dir).0);
        let differ: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).map(|i| i % N).collect();
        assert!(
            !differ.is_empty() && differ.iter().all(|&k| k == 13),
            "ROCm's library on partial work-groups differs in get_local_linear_id only: {differ:?}"
        );
        eprintln!("ROCm's device library: the same on the whole grid; get_local_linear_id differs on partial work-groups ({} work-items)", differ.len());
    } else {
        eprintln!("ROCm's device library not compared: clang-15 or {bitcode}/opencl.bc is missing");
    }
    std::fs::remove_dir_all(&dir).ok();
    eprintln!("{runs_checked} runs of the header's built-ins equal OpenCL's values");
    assert_eq!(runs_checked, 16);
}
