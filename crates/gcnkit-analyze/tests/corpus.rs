//! The clang-14 code objects of the project's suites (`crates/gcnkit/tests/data/run` and
//! `codeobj`, every arch there): the registers the code touches against the kernel
//! descriptor's granulated counts and the metadata's `.vgpr_count`/`.sgpr_count` (clang's
//! own figures).

use gcnkit_analyze::{analyze, program};
use std::path::PathBuf;

fn objects() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../gcnkit/tests/data");
    let mut v = Vec::new();
    for dir in ["run", "codeobj"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            let ext = p.extension().and_then(|x| x.to_str()).unwrap_or("");
            if ext == "hsaco" || ext == "o" {
                v.push(p);
            }
        }
    }
    v.sort();
    v
}

#[test]
fn registers_agree_with_descriptor_and_metadata() {
    let mut kernels = 0;
    let mut vgpr_meta = 0;
    let mut sgpr_meta = 0;
    let mut xnack_granule = 0;
    let mut failures = Vec::new();
    for path in objects() {
        let data = std::fs::read(&path).unwrap();
        let ks = match program::kernels(&data) {
            Ok(k) => k,
            Err(e) => panic!("{}: {e}", path.display()),
        };
        for k in ks {
            kernels += 1;
            let a = analyze(&k, None);
            let u = &a.used;
            let d = a.allocation.as_ref().expect("every kernel has a descriptor");
            let at = format!("{} {}", path.file_name().unwrap().to_string_lossy(), k.name);
            assert!(k.problems.is_empty(), "{at}: {:?}", k.problems);
            if u.vgprs > d.vgprs {
                failures.push(format!("{at}: {} VGPRs touched > descriptor's {}", u.vgprs, d.vgprs));
            }
            if u.sgprs + u.extra_sgprs > d.sgprs {
                failures.push(format!(
                    "{at}: {}+{} SGPRs > descriptor's {}",
                    u.sgprs, u.extra_sgprs, d.sgprs
                ));
            }
            // The descriptor's granules are clang's counts rounded up: 4 VGPRs, 8 SGPRs
            // (AMDGPUUsage, COMPUTE_PGM_RSRC1).
            if let (Some(v), Some(s)) = (k.meta.vgpr_count, k.meta.sgpr_count) {
                let want = (v.max(1).div_ceil(4) * 4, s.max(1).div_ceil(8) * 8);
                // The v5 objects are llvm-mc's, from clang's text: llvm-mc adds XNACK_MASK
                // (2 more SGPRs) to `.amdhsa_next_free_sgpr` when the text says
                // `.amdhsa_reserve_xnack_mask 1`, which clang's own count leaves out.
                let mc = (want.0, (s + 2).div_ceil(8) * 8);
                let by_mc = path.to_string_lossy().contains(".v5.") && k.descriptor.as_ref().unwrap().target.xnack;
                if by_mc && (d.vgprs, d.sgprs) == mc && mc != want {
                    xnack_granule += 1;
                } else if (d.vgprs, d.sgprs) != want {
                    failures.push(format!(
                        "{at}: descriptor {}/{} VGPRs/SGPRs, metadata rounded {want:?}",
                        d.vgprs, d.sgprs
                    ));
                }
            }
            if let Some(v) = k.meta.vgpr_count {
                vgpr_meta += 1;
                if v != u.vgprs.max(1) {
                    failures.push(format!("{at}: {} VGPRs touched, metadata {v}", u.vgprs));
                }
            }
            if let Some(s) = k.meta.sgpr_count {
                sgpr_meta += 1;
                if s != u.sgprs + u.extra_sgprs {
                    failures.push(format!(
                        "{at}: {} SGPRs + {} extra touched, metadata {s} ({:?})",
                        u.sgprs, u.extra_sgprs, u
                    ));
                }
            }
        }
    }
    eprintln!(
        "{kernels} kernels; {vgpr_meta} metadata VGPR counts, {sgpr_meta} SGPR counts; \
         {xnack_granule} llvm-mc descriptors a granule up for XNACK_MASK"
    );
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(kernels > 100);
}

/// Occupancy of real descriptors against figures worked out by hand from the documented
/// limits (resources.rs).
#[test]
fn occupancy_of_real_kernels() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../gcnkit/tests/data");
    let get = |file: &str, kernel: &str| {
        let data = std::fs::read(root.join(file)).unwrap();
        let k = program::kernels(&data)
            .unwrap()
            .into_iter()
            .find(|k| k.name == kernel)
            .unwrap();
        analyze(&k, None)
    };
    for (file, kernel) in [
        ("run/branch.gfx900.hsaco", "collatz"),
        ("run/lds.tahiti.hsaco", "wg_reduce_f32"),
        ("run/bench.fiji.hsaco", "mandelbrot"),
    ] {
        let a = get(file, kernel);
        let d = a.allocation.clone().unwrap();
        let o = &a.occupancy;
        eprintln!("{file} {kernel}: {d:?} {o:?}");
        // By hand: 256 / VGPRs (granule 4), capped at 10; SGPRs by LLVM's table.
        assert_eq!(o.by_vgprs, (256 / d.vgprs).min(10), "{file}");
        let sg = if file.contains("tahiti") {
            match d.sgprs {
                0..=48 => 10,
                49..=56 => 9,
                57..=64 => 8,
                65..=72 => 7,
                73..=80 => 6,
                _ => 5,
            }
        } else {
            match d.sgprs {
                0..=80 => 10,
                81..=88 => 9,
                89..=100 => 8,
                _ => 7,
            }
        };
        assert_eq!(o.by_sgprs, sg, "{file}");
        assert_eq!(o.waves_per_simd, o.by_vgprs.min(sg));
        // Per CU: groups of the work-group size's waves, no more than the registers of 4
        // SIMDs hold, the LDS holds (64 KiB) and the 16 barrier slots allow.
        let wpg = o.workgroup_size.div_ceil(64);
        let mut groups = o.waves_per_simd * 4 / wpg;
        if d.lds_bytes > 0 {
            groups = groups.min(65536 / d.lds_allocated);
        }
        if wpg > 1 {
            groups = groups.min(16);
        }
        assert_eq!(o.groups_per_cu, groups, "{file}");
        assert_eq!(o.waves_per_cu, groups * wpg);
    }
}

/// With the ABI's initial registers written at the start, no clang kernel reads a register
/// nothing wrote — but one: clang's GCN 1.0 code of `many_args` sign-extends a 16-bit
/// argument with `s_bfe_i64 s[0:1], s[12:13], 0x100000`, whose 64-bit source names s13 (only
/// s12's low 16 bits matter): a true read of a register never written.
#[test]
fn no_reads_of_registers_never_written() {
    let mut found = Vec::new();
    for path in objects() {
        let data = std::fs::read(&path).unwrap();
        for k in program::kernels(&data).unwrap() {
            let a = analyze(&k, None);
            for (i, r) in &a.liveness.undefined_reads {
                found.push(format!(
                    "{} {} 0x{:x} {}",
                    path.file_name().unwrap().to_string_lossy(),
                    k.name,
                    k.insts[*i].pc,
                    gcnkit_analyze::regs::names(r, k.arch).join(" ")
                ));
            }
        }
    }
    assert_eq!(
        found,
        [
            "manyargs.tahiti.hsaco many_args 0xf4 s13",
            "manyargs.tahiti.v2.hsaco many_args 0x1f4 s13"
        ]
    );
}
