//! Occupancy against clang 14's own figures: kernels limited by VGPRs, SGPRs and LDS
//! (tests/data/occupancy.cl, built for tahiti, bonaire, fiji and gfx900 by
//! build-occupancy.sh; the `.expect` files hold the `; NumVgprs`, `; NumSgprs` and
//! `; Occupancy` comments of clang's -S listing).

use gcnkit_analyze::resources::Limiter;
use gcnkit_analyze::{analyze, program};
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

#[test]
fn registers_and_occupancy_as_clang_reports_them() {
    let mut checked = 0;
    for cpu in ["tahiti", "bonaire", "fiji", "gfx900"] {
        let ks = program::kernels(&std::fs::read(data(&format!("occupancy.{cpu}.hsaco"))).unwrap()).unwrap();
        let expect = std::fs::read_to_string(data(&format!("occupancy.{cpu}.expect"))).unwrap();
        for line in expect.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            let (name, vgprs, sgprs, occ): (&str, u32, u32, u32) = (
                f[0],
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
            );
            let k = ks
                .iter()
                .find(|k| k.name == name)
                .unwrap_or_else(|| panic!("{cpu}: no {name}"));
            let a = analyze(k, None);
            let at = format!("{cpu} {name}");
            assert_eq!(a.used.vgprs, vgprs, "{at}: VGPRs");
            assert_eq!(a.used.sgprs + a.used.extra_sgprs, sgprs, "{at}: SGPRs");
            let d = a.allocation.as_ref().unwrap();
            let o = &a.occupancy;
            if d.lds_bytes == 0 {
                // Registers alone: the same waves per SIMD as clang's.
                assert_eq!(o.waves_per_simd, occ, "{at}: {o:?}");
                checked += 1;
            } else {
                // LDS: whole work-groups per CU of 64 KiB (granule 256/512 bytes): 24000
                // bytes → 2 groups of 4 waves (256 items) = 8 waves per CU; 8000 bytes → 8
                // groups of one wave (reqd_work_group_size 64). clang 14 prints 8 for both
                // on GCN 1.1-1.4 (groups × waves per group, not divided among the 4 SIMDs:
                // later LLVMs divide) and 4 on GCN 1.0 (LLVM's 32 KiB LDS size there, the
                // most one work-group may take); see docs/analyze.md.
                assert_eq!(occ, if cpu == "tahiti" { 4 } else { 8 }, "{at}: clang's figure");
                assert_eq!(o.limiter, Limiter::Lds, "{at}: {o:?}");
                assert_eq!(o.waves_per_cu, 8, "{at}: {o:?}");
                assert_eq!(o.groups_per_cu, if name == "lds_24000" { 2 } else { 8 }, "{at}");
                assert_eq!(o.waves_per_simd, 10, "{at}: registers allow 10");
            }
        }
    }
    assert_eq!(checked, 16);
}

#[test]
fn freeing_vgprs_gives_the_next_step() {
    let ks = program::kernels(&std::fs::read(data("occupancy.gfx900.hsaco")).unwrap()).unwrap();
    let k = ks.iter().find(|k| k.name == "vgprs_96").unwrap();
    let a = analyze(k, None);
    // 114 VGPRs → 116 allocated → 2 waves; 3 waves need ≤ 84 (free 32), 4 ≤ 64 (52).
    assert_eq!(a.allocation.as_ref().unwrap().vgprs, 116);
    assert_eq!(a.occupancy.waves_per_simd, 2);
    assert_eq!(a.occupancy.limiter, Limiter::Vgprs);
    assert_eq!(&a.occupancy.vgpr_steps[..2], &[(32, 3), (52, 4)]);
}
