//! Hand-written kernels for each waitcnt rule and each hazard row, per generation: the
//! finding where the manual says there is one (rule, PC, the earlier instruction's PC,
//! registers), none with the wait in place.

mod common;

use common::{brief, lint, ARCHS};
use gcnkit::Arch;
use gcnkit_check::hazard::ROWS;

fn rule(r: &str, pc: u32, other: u32) -> Vec<(String, u32, Option<u32>)> {
    vec![(r.to_string(), pc, Some(other))]
}

// ---------------------------------------------------------------------------------------
// waitcnt

#[test]
fn load_then_read_needs_vmcnt() {
    for a in ARCHS {
        let load = "buffer_load_dword v1, v0, s[0:3], 0 offen\n";
        let f = lint(a, &format!("{load}v_add_f32_e32 v2, v1, v1\ns_endpgm\n"));
        assert_eq!(brief(&f), rule("read-before-load", 8, 0), "{}", a.name());
        assert_eq!(f[0].registers, ["v1"]);
        assert_eq!(f[0].needs, "s_waitcnt vmcnt(0)");
        let ok = lint(
            a,
            &format!("{load}s_waitcnt vmcnt(0)\nv_add_f32_e32 v2, v1, v1\ns_endpgm\n"),
        );
        assert!(ok.is_empty(), "{}: {ok:?}", a.name());
        // A wait on another counter does not help.
        let f = lint(
            a,
            &format!("{load}s_waitcnt lgkmcnt(0)\nv_add_f32_e32 v2, v1, v1\ns_endpgm\n"),
        );
        assert_eq!(f.len(), 1, "{}", a.name());
    }
}

#[test]
fn vmcnt_counts_in_order() {
    let src = |n: u32, reg: u32| {
        format!(
            "buffer_load_dword v1, v0, s[0:3], 0 offen\nbuffer_load_dword v2, v0, s[0:3], 0 offen offset:4\n\
             s_waitcnt vmcnt({n})\nv_mov_b32_e32 v3, v{reg}\ns_endpgm\n"
        )
    };
    for a in ARCHS {
        // vmcnt(1): the older load (v1) is done, the younger (v2) may not be.
        assert!(lint(a, &src(1, 1)).is_empty());
        let f = lint(a, &src(1, 2));
        assert_eq!(brief(&f), rule("read-before-load", 0x14, 8));
        assert_eq!(f[0].needs, "s_waitcnt vmcnt(0)");
        // vmcnt(2) covers neither.
        let f = lint(a, &src(2, 1));
        assert_eq!(brief(&f), rule("read-before-load", 0x14, 0));
        assert_eq!(f[0].needs, "s_waitcnt vmcnt(1)");
    }
}

#[test]
fn smem_is_out_of_order() {
    let src = |n: u32| {
        format!(
            "s_load_dword s4, s[0:1], 0x0\ns_load_dword s5, s[0:1], 0x4\ns_waitcnt lgkmcnt({n})\n\
             s_add_u32 s6, s4, 1\ns_endpgm\n"
        )
    };
    for a in ARCHS {
        let f = lint(a, &src(1));
        assert_eq!(f.len(), 1, "{}", a.name());
        assert_eq!((f[0].other_pc, f[0].needs.as_str()), (Some(0), "s_waitcnt lgkmcnt(0)"));
        assert!(lint(a, &src(0)).is_empty());
    }
}

#[test]
fn lds_is_in_order() {
    let src = |n: u32| {
        format!(
            "s_mov_b32 m0, -1\nds_read_b32 v1, v0\nds_read_b32 v2, v0 offset:4\ns_waitcnt lgkmcnt({n})\n\
             v_mov_b32_e32 v3, v1\ns_endpgm\n"
        )
    };
    for a in ARCHS {
        assert!(lint(a, &src(1)).is_empty(), "{}", a.name());
        assert_eq!(lint(a, &src(2)).len(), 1, "{}", a.name());
    }
}

#[test]
fn counter_saturation_completes_the_oldest() {
    // Sixteen loads on GCN 1.2 (vmcnt holds 15): the first is complete when the sixteenth
    // issues; on GCN 1.4 (63) it is not.
    let mut src = String::new();
    for k in 0..16 {
        src += &format!("buffer_load_dword v{}, v0, s[0:3], 0 offen offset:{}\n", k + 1, 4 * k);
    }
    src += "v_mov_b32_e32 v40, v1\ns_endpgm\n";
    assert!(lint(Arch::Gcn12, &src).is_empty());
    assert_eq!(lint(Arch::Gcn14, &src).len(), 1);
}

#[test]
fn overwrite_while_loading() {
    for a in ARCHS {
        let f = lint(
            a,
            "buffer_load_dword v1, v0, s[0:3], 0 offen\nv_mov_b32_e32 v1, 0\ns_endpgm\n",
        );
        assert_eq!(brief(&f), rule("write-before-load", 8, 0));
        // A second load into the same register: in order, the younger value lands last.
        let f = lint(
            a,
            "buffer_load_dword v1, v0, s[0:3], 0 offen\nbuffer_load_dword v1, v0, s[0:3], 0 offen offset:4\ns_endpgm\n",
        );
        assert!(f.is_empty(), "{f:?}");
        // Scalar loads are out of order: the older one may land last.
        let f = lint(
            a,
            "s_load_dword s4, s[0:1], 0x0\ns_load_dword s4, s[0:1], 0x4\ns_endpgm\n",
        );
        // (SMRD is one dword on GCN 1.0/1.1, SMEM two on GCN 1.2+.)
        let second = if a >= Arch::Gcn12 { 8 } else { 4 };
        assert_eq!(brief(&f), rule("write-before-load", second, 0));
    }
}

#[test]
fn loop_carried_load() {
    // The load at the end of the body is still outstanding when the next iteration reads v2.
    let src = "s_mov_b32 s0, 4\nloop:\nv_add_f32_e32 v1, v2, v1\nbuffer_load_dword v2, v0, s[4:7], 0 offen\n\
               s_sub_u32 s0, s0, 1\ns_cmp_lg_u32 s0, 0\ns_cbranch_scc1 loop\ns_endpgm\n";
    for a in ARCHS {
        let f = lint(a, src);
        assert_eq!(brief(&f), rule("read-before-load", 4, 8), "{}", a.name());
        let fixed = src.replace("s_cbranch_scc1", "s_waitcnt vmcnt(0)\ns_cbranch_scc1");
        assert!(lint(a, &fixed).is_empty());
    }
}

#[test]
fn one_path_is_enough() {
    // The load happens on one side of a branch; the read after the join may see it.
    let src = "s_cmp_eq_u32 s8, 0\ns_cbranch_scc1 skip\nbuffer_load_dword v1, v0, s[0:3], 0 offen\nskip:\n\
               v_mov_b32_e32 v2, v1\ns_endpgm\n";
    for a in ARCHS {
        let f = lint(a, src);
        assert_eq!(brief(&f), rule("read-before-load", 0x10, 8), "{}", a.name());
    }
}

#[test]
fn store_data_held_on_gcn10() {
    // GCN 1.0 reads a store's data from the VGPRs after issue (EXP_CNT); later GPUs do not.
    let src = "buffer_store_dword v1, v0, s[0:3], 0 offen\nv_mov_b32_e32 v1, 0\ns_endpgm\n";
    let f = lint(Arch::Gcn10, src);
    assert_eq!(brief(&f), rule("write-before-read", 8, 0));
    assert_eq!(f[0].needs, "s_waitcnt expcnt(0)");
    let fixed = src.replace("v_mov", "s_waitcnt expcnt(0)\nv_mov");
    assert!(lint(Arch::Gcn10, &fixed).is_empty());
    for a in [Arch::Gcn11, Arch::Gcn12, Arch::Gcn14] {
        assert!(lint(a, src).is_empty(), "{}", a.name());
    }
}

#[test]
fn barrier_with_outstanding_writes() {
    let src = "s_mov_b32 m0, -1\nds_write_b32 v0, v1\ns_barrier\ns_endpgm\n";
    for a in ARCHS {
        let f = lint(a, src);
        assert_eq!(brief(&f), rule("barrier", 0xc, 4), "{}", a.name());
        assert_eq!(f[0].severity, gcnkit_check::Severity::Warning);
        let fixed = src.replace("s_barrier", "s_waitcnt lgkmcnt(0)\ns_barrier");
        assert!(lint(a, &fixed).is_empty());
    }
    // A load outstanding at the barrier may read what another wave writes after it.
    let f = lint(
        Arch::Gcn14,
        "global_load_dword v1, v[2:3], off\ns_barrier\ns_waitcnt vmcnt(0)\ns_endpgm\n",
    );
    assert_eq!(brief(&f), rule("barrier", 8, 0));
    assert!(
        f[0].message.contains("it may read what another wave"),
        "{}",
        f[0].message
    );
    // A scalar load is not what other waves see.
    assert!(lint(Arch::Gcn14, "s_load_dword s4, s[0:1], 0x0\ns_barrier\ns_endpgm\n").is_empty());
    // s_endpgm waits for everything itself (the manuals' S_ENDPGM): no finding.
    assert!(lint(Arch::Gcn14, "global_store_dword v[0:1], v2, off\ns_endpgm\n").is_empty());
}

#[test]
fn flat_counts_on_both_counters() {
    // A FLAT load counts on VM_CNT and LGKM_CNT; its data (from memory) is there after
    // vmcnt, not after lgkmcnt alone.
    let src = "flat_load_dword v1, v[2:3]\ns_waitcnt lgkmcnt(0)\nv_mov_b32_e32 v4, v1\ns_endpgm\n";
    for a in [Arch::Gcn11, Arch::Gcn12, Arch::Gcn14] {
        assert_eq!(lint(a, src).len(), 1, "{}", a.name());
        assert!(lint(a, &src.replace("lgkmcnt", "vmcnt")).is_empty());
    }
}

// ---------------------------------------------------------------------------------------
// hazards: one kernel per row, each generation, with too few wait states and with enough.

/// `writer`, `nops` wait states of `s_nop`, `reader`: the findings' rules.
fn hazard(a: Arch, writer: &str, nops: u32, reader: &str) -> Vec<String> {
    let mut src = format!("{writer}\n");
    if nops > 0 {
        src += &format!("s_nop {}\n", nops - 1);
    }
    src += &format!("{reader}\ns_endpgm\n");
    lint(a, &src).into_iter().map(|f| f.rule).collect()
}

/// Checks row `id`'s wait states on each arch where `writer` and `reader` assemble: a
/// finding with one wait state too few, none with enough; none at all where the row's
/// generation has no such hazard.
fn row(id: &str, archs: &[Arch], writer: &str, reader: &str) {
    let r = ROWS.iter().find(|r| r.id == id).unwrap();
    for &a in archs {
        let need = r.states[a.index()] as u32;
        if need == 0 {
            assert!(
                hazard(a, writer, 0, reader).iter().all(|x| x != id),
                "{id} on {}",
                a.name()
            );
            continue;
        }
        assert_eq!(hazard(a, writer, 0, reader), [id], "{id} on {} with no wait", a.name());
        assert_eq!(
            hazard(a, writer, need - 1, reader),
            [id],
            "{id} on {} with {} states",
            a.name(),
            need - 1
        );
        assert!(
            hazard(a, writer, need, reader).is_empty(),
            "{id} on {} with {need}",
            a.name()
        );
    }
}

#[test]
fn valu_sgpr_then_vmem() {
    row(
        "valu-sgpr-vmem",
        &ARCHS,
        "v_readfirstlane_b32 s4, v0",
        "buffer_load_dword v1, v2, s[0:3], s4 offen",
    );
    // The hazard is on the register read: another SGPR is no hazard.
    assert!(hazard(
        Arch::Gcn14,
        "v_readfirstlane_b32 s5, v0",
        0,
        "buffer_load_dword v1, v2, s[0:3], s4 offen"
    )
    .is_empty());
    // A scalar write in between gives the SGPR a new value.
    assert!(hazard(
        Arch::Gcn14,
        "v_readfirstlane_b32 s4, v0\ns_mov_b32 s4, 0",
        0,
        "buffer_load_dword v1, v2, s[0:3], s4 offen"
    )
    .is_empty());
}

#[test]
fn valu_sgpr_then_smrd() {
    row(
        "valu-sgpr-smrd",
        &ARCHS,
        "v_readfirstlane_b32 s2, v0",
        "s_load_dword s5, s[2:3], 0x0",
    );
}

#[test]
fn lane_select() {
    row(
        "valu-sgpr-lane-select",
        &ARCHS,
        "v_readfirstlane_b32 s2, v0",
        "v_readlane_b32 s3, v1, s2",
    );
    row(
        "valu-sgpr-lane-select",
        &ARCHS,
        "v_readfirstlane_b32 s2, v0",
        "v_writelane_b32 v3, 1, s2",
    );
    // The lane select only: SRC0 of v_writelane is no hazard.
    assert!(hazard(
        Arch::Gcn12,
        "v_readfirstlane_b32 s2, v0",
        0,
        "v_writelane_b32 v3, s2, 1"
    )
    .is_empty());
}

#[test]
fn div_fmas_after_vcc() {
    row(
        "valu-vcc-div-fmas",
        &ARCHS,
        "v_div_scale_f32 v0, vcc, v1, v1, v2",
        "v_div_fmas_f32 v3, v0, v1, v2",
    );
    row(
        "valu-vcc-div-fmas",
        &ARCHS,
        "v_cmp_eq_u32_e32 vcc, v0, v1",
        "v_div_fmas_f64 v[4:5], v[0:1], v[2:3], v[6:7]",
    );
    // An SALU write of VCC is no hazard.
    assert!(hazard(Arch::Gcn12, "s_mov_b64 vcc, 0", 0, "v_div_fmas_f32 v3, v0, v1, v2").is_empty());
}

#[test]
fn dpp() {
    let vi = [Arch::Gcn12, Arch::Gcn14];
    row(
        "valu-vgpr-dpp",
        &vi,
        "v_add_f32_e32 v1, v2, v3",
        "v_mov_b32_dpp v4, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf",
    );
    row(
        "valu-exec-dpp",
        &vi,
        "v_cmpx_eq_u32_e32 vcc, v0, v1",
        "v_mov_b32_dpp v4, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf",
    );
    assert!(hazard(
        Arch::Gcn12,
        "v_add_f32_e32 v5, v2, v3",
        0,
        "v_mov_b32_dpp v4, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf"
    )
    .is_empty());
}

#[test]
fn setreg() {
    let set = "s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0";
    row(
        "setreg-getreg",
        &ARCHS,
        set,
        "s_getreg_b32 s1, hwreg(HW_REG_MODE, 0, 4)",
    );
    row(
        "setreg-setreg",
        &ARCHS,
        set,
        "s_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s1",
    );
    // Another hardware register: no hazard.
    assert!(hazard(Arch::Gcn14, set, 0, "s_getreg_b32 s1, hwreg(HW_REG_TRAPSTS, 0, 4)").is_empty());
    row(
        "setreg-trapsts-rfe",
        &ARCHS,
        "s_setreg_b32 hwreg(HW_REG_TRAPSTS, 0, 4), s0",
        "s_rfe_b64 s[0:1]",
    );
}

#[test]
fn m0() {
    row(
        "salu-m0-message",
        &ARCHS,
        "s_mov_b32 m0, s0",
        "s_sendmsg sendmsg(MSG_INTERRUPT)",
    );
    row(
        "salu-m0-message",
        &ARCHS,
        "s_mov_b32 m0, s0",
        "ds_gws_init v0 offset:0 gds",
    );
    row("salu-m0-indexed", &ARCHS, "s_mov_b32 m0, s0", "s_movrels_b32 s1, s2");
    row(
        "salu-m0-indexed",
        &ARCHS,
        "s_mov_b32 m0, s0",
        "v_interp_mov_f32 v0, p10, attr0.x",
    );
    row(
        "salu-m0-indexed",
        &ARCHS,
        "s_mov_b32 m0, s0",
        "buffer_load_dword v1, off, s[0:3], 0 lds",
    );
}

#[test]
fn vccz_execz_as_data() {
    row(
        "valu-vccz-execz",
        &ARCHS,
        "v_cmp_eq_u32_e32 vcc, v0, v1",
        "v_mov_b32_e32 v2, src_vccz",
    );
    row(
        "valu-vccz-execz",
        &ARCHS,
        "v_cmpx_eq_u32_e32 vcc, v0, v1",
        "v_mov_b32_e32 v2, src_execz",
    );
}

#[test]
fn vskip() {
    row(
        "setreg-vskip",
        &ARCHS,
        "s_setreg_b32 hwreg(HW_REG_MODE, 28, 1), s0",
        "v_mov_b32_e32 v0, v1",
    );
    row(
        "setreg-vskip",
        &ARCHS,
        "s_setreg_b32 hwreg(HW_REG_MODE, 24, 8), s0",
        "buffer_load_dword v1, v0, s[0:3], 0 offen",
    );
    row("setreg-vskip", &ARCHS, "s_setvskip s0, 0", "v_mov_b32_e32 v0, v1");
    // MODE bits without VSKIP; a scalar instruction after it.
    for a in ARCHS {
        assert!(hazard(
            a,
            "s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0",
            0,
            "v_mov_b32_e32 v0, v1"
        )
        .is_empty());
        assert!(hazard(a, "s_setreg_b32 hwreg(HW_REG_MODE, 28, 1), s0", 0, "s_mov_b32 s1, 0").is_empty());
    }
}

#[test]
fn wide_store_data() {
    let ci = [Arch::Gcn11, Arch::Gcn12, Arch::Gcn14];
    row(
        "wide-store-data",
        &ARCHS,
        "buffer_store_dwordx4 v[2:5], v0, s[0:3], 0 offen",
        "v_mov_b32_e32 v3, 0",
    );
    row(
        "wide-store-data",
        &ci,
        "flat_store_dwordx4 v[0:1], v[2:5]",
        "v_mov_b32_e32 v5, 0",
    );
    row(
        "wide-store-data",
        &ci,
        "flat_store_dwordx3 v[0:1], v[2:4]",
        "v_mov_b32_e32 v2, 0",
    );
    for a in ci {
        // An SGPR SOFFSET, 64 bits of data, a VGPR that is not the data: no hazard.
        assert!(hazard(
            a,
            "buffer_store_dwordx4 v[2:5], v0, s[0:3], s4 offen",
            0,
            "v_mov_b32_e32 v3, 0"
        )
        .is_empty());
        assert!(hazard(a, "flat_store_dwordx2 v[0:1], v[2:3]", 0, "v_mov_b32_e32 v3, 0").is_empty());
        assert!(hazard(a, "flat_store_dwordx4 v[0:1], v[2:5]", 0, "v_mov_b32_e32 v6, 0").is_empty());
    }
}

#[test]
fn wait_states_across_branches_take_the_fewest() {
    // On one path the writer is 5 instructions away, on the other right before the join.
    let src = "v_readfirstlane_b32 s4, v0\ns_cmp_eq_u32 s8, 0\ns_cbranch_scc1 join\ns_nop 7\njoin:\n\
               buffer_load_dword v1, v2, s[0:3], s4 offen\ns_endpgm\n";
    let f = lint(Arch::Gcn14, src);
    assert_eq!(brief(&f), rule("valu-sgpr-vmem", 0x10, 0));
    assert!(f[0].message.starts_with("2 wait states"), "{}", f[0].message);
    // A loop's back edge: the writer at the end of the body, the reader at its head.
    let src = "loop:\nv_readlane_b32 s5, v1, s2\nv_readfirstlane_b32 s2, v0\ns_cbranch_scc1 loop\ns_endpgm\n";
    let f = lint(Arch::Gcn12, src);
    assert_eq!(brief(&f), rule("valu-sgpr-lane-select", 0, 8));
}

#[test]
fn every_row_is_exercised() {
    // Keep the table and the tests together: a row added without a test fails here.
    let tested = [
        "valu-sgpr-vmem",
        "valu-sgpr-smrd",
        "valu-sgpr-lane-select",
        "valu-vcc-div-fmas",
        "valu-vgpr-dpp",
        "valu-exec-dpp",
        "setreg-getreg",
        "setreg-setreg",
        "setreg-trapsts-rfe",
        "salu-m0-message",
        "salu-m0-indexed",
        "valu-vccz-execz",
        "setreg-vskip",
        "wide-store-data",
    ];
    let ids: Vec<&str> = ROWS.iter().map(|r| r.id).collect();
    assert_eq!(ids, tested);
}

#[test]
fn samplers_are_ordered_among_themselves_only() {
    let sample = "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf\n";
    for a in [Arch::Gcn12, Arch::Gcn14] {
        // A buffer load after the sample: vmcnt(1) may be the sample still outstanding.
        let src = format!(
            "{sample}buffer_load_dword v6, v7, s[0:3], 0 offen\ns_waitcnt vmcnt(1)\nv_mov_b32_e32 v9, v0\ns_endpgm\n"
        );
        assert_eq!(brief(&lint(a, &src)), rule("read-before-load", 0x14, 0), "{}", a.name());
        // A second sample after it: the first is done at vmcnt(1).
        let src = format!(
            "{sample}{}s_waitcnt vmcnt(1)\nv_mov_b32_e32 v9, v0\ns_endpgm\n",
            sample.replace("v[0:3]", "v[10:13]")
        );
        assert!(lint(a, &src).is_empty(), "{}", a.name());
    }
}

#[test]
fn s_nop_counts_three_bits_before_gcn12() {
    // s_nop 8: nine wait states on GCN 1.2+, one on GCN 1.0/1.1 (the count is SIMM16[2:0]).
    let w = "v_readfirstlane_b32 s2, v0";
    let r = "v_readlane_b32 s3, v1, s2";
    let src = format!("{w}\ns_nop 8\n{r}\ns_endpgm\n");
    assert!(lint(Arch::Gcn12, &src).is_empty());
    assert_eq!(lint(Arch::Gcn10, &src)[0].needs, "3 more wait states (s_nop 2)");
}
