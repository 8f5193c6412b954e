//! DPP (data-parallel primitives, GCN 1.2 and 1.4) on the emulator, end to end: text →
//! assembler → decoder → `emu::step` → registers.
//!
//! The rules (CLRX's wiki page GcnSdwaDpp and AMD's GCN3/Vega manuals for the controls; LLVM's
//! AMDGPUModifierSyntax and GCNDPPCombine for BOUND_CTRL and the masks; Mesa ACO's
//! `dpp16_ctrl_uses_bc` for which controls have out-of-range lanes; LLPC PR #1782 (J. Foad) for
//! inactive source lanes):
//! - lane L reads SRC0 from another lane: quad_perm [a,b,c,d] (lane 4q+p reads 4q+sel[p]),
//!   row_shl:n (L+n, same row of 16), row_shr:n (L-n, same row), row_ror:n (rotated right in the
//!   row), wave_shl:1 (L+1), wave_shr:1 (L-1), wave_rol:1/wave_ror:1 (rotated in the wave),
//!   row_mirror (15-p in the row), row_half_mirror (7-p in the half row), row_bcast:15 (lane 15 of
//!   the row before; row 0 has no source), row_bcast:31 (lane 31, for rows 2 and 3);
//! - a source lane outside the row/wave or disabled by EXEC is invalid: with BOUND_CTRL set (LLVM's
//!   `bound_ctrl:0`, a historical name for the bit set) the lane reads 0, with it clear the lane
//!   is not written;
//! - rows disabled in ROW_MASK and banks (lanes 4b..4b+3 of each row) disabled in BANK_MASK are
//!   not written;
//! - NEG/ABS act on the moved SRC0 and on SRC1.

mod common;

use common::emu::{run, run_llvm, same_as_llvm_mc, wave};
use gcnkit::emu::Wave;
use gcnkit::Arch;

const VCC: usize = 106;
const EXEC: usize = 126;
const ARCHS: [Arch; 2] = [Arch::Gcn12, Arch::Gcn14];

/// v1 = 0x100 + lane (the data), v0 = 0xdead0000 + lane (the old destination).
fn setup(a: Arch) -> Wave {
    let mut w = wave(a, 0xc0);
    for l in 0..64u32 {
        w.v[1][l as usize] = 0x100 + l;
        w.v[0][l as usize] = 0xdead_0000 + l;
    }
    w
}

/// The source lane of `lane` for the control written `ctrl`, from the rules above.
fn src_ref(ctrl: &str, lane: usize) -> Option<usize> {
    let (row, p) = (lane / 16, lane % 16);
    let num = |s: &str| -> usize { s.rsplit(':').next().unwrap().parse().unwrap() };
    if let Some(q) = ctrl.strip_prefix("quad_perm:[") {
        let sel: Vec<usize> = q.trim_end_matches(']').split(',').map(|x| x.parse().unwrap()).collect();
        return Some(lane / 4 * 4 + sel[lane % 4]);
    }
    let in_row = |q: isize| (0..16).contains(&q).then(|| row * 16 + q as usize);
    match ctrl {
        c if c.starts_with("row_shl") => in_row(p as isize + num(c) as isize),
        c if c.starts_with("row_shr") => in_row(p as isize - num(c) as isize),
        c if c.starts_with("row_ror") => Some(row * 16 + (p + 16 - num(c)) % 16),
        "wave_shl:1" => (lane < 63).then(|| lane + 1),
        "wave_shr:1" => (lane > 0).then(|| lane - 1),
        "wave_rol:1" => Some((lane + 1) % 64),
        "wave_ror:1" => Some((lane + 63) % 64),
        "row_mirror" => Some(row * 16 + 15 - p),
        "row_half_mirror" => Some(lane / 8 * 8 + 7 - lane % 8),
        "row_bcast:15" => (row > 0).then(|| row * 16 - 1),
        "row_bcast:31" => (row > 1).then_some(31),
        _ => panic!("{ctrl}"),
    }
}

fn controls() -> Vec<String> {
    let mut c: Vec<String> = ["quad_perm:[3,2,1,0]", "quad_perm:[0,0,3,1]", "quad_perm:[0,1,2,3]"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for n in 1..=15 {
        for k in ["row_shl", "row_shr", "row_ror"] {
            c.push(format!("{k}:{n}"));
        }
    }
    for s in [
        "wave_shl:1",
        "wave_rol:1",
        "wave_shr:1",
        "wave_ror:1",
        "row_mirror",
        "row_half_mirror",
        "row_bcast:15",
        "row_bcast:31",
    ] {
        c.push(s.to_string());
    }
    c
}

#[test]
fn hand_worked_lanes() {
    // (control, lane, source lane or None)
    let cases: &[(&str, usize, Option<usize>)] = &[
        ("quad_perm:[3,2,1,0]", 0, Some(3)),
        ("quad_perm:[3,2,1,0]", 5, Some(6)),
        ("quad_perm:[0,0,3,1]", 7, Some(5)),
        ("row_shl:1", 0, Some(1)),
        ("row_shl:1", 15, None),
        ("row_shl:1", 16, Some(17)),
        ("row_shl:15", 0, Some(15)),
        ("row_shl:15", 1, None),
        ("row_shr:1", 0, None),
        ("row_shr:1", 1, Some(0)),
        ("row_shr:1", 16, None),
        ("row_shr:15", 15, Some(0)),
        ("row_shr:15", 14, None),
        ("row_ror:1", 0, Some(15)),
        ("row_ror:1", 1, Some(0)),
        ("row_ror:1", 16, Some(31)),
        ("row_ror:15", 0, Some(1)),
        ("row_ror:15", 15, Some(0)),
        ("wave_shl:1", 0, Some(1)),
        ("wave_shl:1", 15, Some(16)),
        ("wave_shl:1", 63, None),
        ("wave_rol:1", 63, Some(0)),
        ("wave_shr:1", 0, None),
        ("wave_shr:1", 16, Some(15)),
        ("wave_ror:1", 0, Some(63)),
        ("row_mirror", 0, Some(15)),
        ("row_mirror", 17, Some(30)),
        ("row_half_mirror", 0, Some(7)),
        ("row_half_mirror", 9, Some(14)),
        ("row_bcast:15", 5, None),
        ("row_bcast:15", 16, Some(15)),
        ("row_bcast:15", 40, Some(31)),
        ("row_bcast:15", 63, Some(47)),
        ("row_bcast:31", 31, None),
        ("row_bcast:31", 32, Some(31)),
        ("row_bcast:31", 63, Some(31)),
    ];
    for a in ARCHS {
        for &(c, lane, src) in cases {
            for bc in [false, true] {
                let t = format!(
                    "v_mov_b32_dpp v0, v1 {c} row_mask:0xf bank_mask:0xf{}",
                    if bc { " bound_ctrl:0" } else { "" }
                );
                let mut w = setup(a);
                run_llvm(&mut w, &t);
                let want = match (src, bc) {
                    (Some(s), _) => 0x100 + s as u32,
                    (None, true) => 0,
                    (None, false) => 0xdead_0000 + lane as u32,
                };
                assert_eq!(w.v[0][lane], want, "{a}: `{t}` lane {lane}");
            }
        }
    }
    same_as_llvm_mc();
}

/// Every control, with and without BOUND_CTRL, every lane, against the restated rules.
#[test]
fn every_control_every_lane() {
    for a in ARCHS {
        for c in controls() {
            for bc in [false, true] {
                let t = format!(
                    "v_mov_b32_dpp v0, v1 {c} row_mask:0xf bank_mask:0xf{}",
                    if bc { " bound_ctrl:0" } else { "" }
                );
                let mut w = setup(a);
                run_llvm(&mut w, &t);
                for lane in 0..64 {
                    let want = match (src_ref(&c, lane), bc) {
                        (Some(s), _) => 0x100 + s as u32,
                        (None, true) => 0,
                        (None, false) => 0xdead_0000 + lane as u32,
                    };
                    assert_eq!(w.v[0][lane], want, "{a}: `{t}` lane {lane}");
                }
            }
        }
    }
    same_as_llvm_mc();
}

#[test]
fn row_and_bank_masks() {
    for a in ARCHS {
        for (rows, banks) in [(0x5u32, 0x3u32), (0xa, 0xc), (0x1, 0x1), (0xf, 0x9), (0x0, 0xf)] {
            for c in ["quad_perm:[0,1,2,3]", "row_shr:1", "row_bcast:15"] {
                for bc in [false, true] {
                    let t = format!(
                        "v_mov_b32_dpp v0, v1 {c} row_mask:{rows:#x} bank_mask:{banks:#x}{}",
                        if bc { " bound_ctrl:0" } else { "" }
                    );
                    let mut w = setup(a);
                    run_llvm(&mut w, &t);
                    for lane in 0..64 {
                        let on = rows >> (lane / 16) & 1 != 0 && banks >> (lane % 16 / 4) & 1 != 0;
                        let want = match (on, src_ref(c, lane), bc) {
                            (false, ..) => 0xdead_0000 + lane as u32,
                            (true, Some(s), _) => 0x100 + s as u32,
                            (true, None, true) => 0,
                            (true, None, false) => 0xdead_0000 + lane as u32,
                        };
                        assert_eq!(w.v[0][lane], want, "{a}: `{t}` lane {lane}");
                    }
                }
            }
        }
        // Hand-worked: rows 0 and 2, banks 0 and 1: lanes 0-7 and 32-39 written.
        let mut w = setup(a);
        run_llvm(
            &mut w,
            "v_mov_b32_dpp v0, v1 quad_perm:[1,0,3,2] row_mask:0x5 bank_mask:0x3",
        );
        assert_eq!(w.v[0][0], 0x101);
        assert_eq!(w.v[0][7], 0x106);
        assert_eq!(w.v[0][8], 0xdead_0008);
        assert_eq!(w.v[0][16], 0xdead_0010);
        assert_eq!(w.v[0][33], 0x120);
        assert_eq!(w.v[0][40], 0xdead_0028);
    }
    same_as_llvm_mc();
}

#[test]
fn inactive_source_lanes_are_invalid() {
    for a in ARCHS {
        // Lane 1 inactive. row_shr:1: lane 2 reads lane 1.
        for bc in [false, true] {
            let mut w = setup(a);
            w.set_pair(EXEC, !0b10);
            let t = format!(
                "v_mov_b32_dpp v0, v1 row_shr:1 row_mask:0xf bank_mask:0xf{}",
                if bc { " bound_ctrl:0" } else { "" }
            );
            run_llvm(&mut w, &t);
            assert_eq!(w.v[0][1], 0xdead_0001, "{a}: inactive lane written");
            assert_eq!(w.v[0][2], if bc { 0 } else { 0xdead_0002 }, "{a}: {t}");
            assert_eq!(w.v[0][3], 0x102, "{a}");
            assert_eq!(w.v[0][0], if bc { 0 } else { 0xdead_0000 }, "{a}");
        }
    }
    same_as_llvm_mc();
}

#[test]
fn modifiers_and_src1() {
    for a in ARCHS {
        let mut w = wave(a, 0xc0);
        for l in 0..64 {
            w.v[1][l] = (l as f32).to_bits();
            w.v[2][l] = (-0.5f32).to_bits();
            w.v[0][l] = 0xdead_0000;
        }
        // -(v1 of lane L+1) + |v2| : lane 0: -1 + 0.5 = -0.5; lane 15 (BOUND_CTRL): -0 + 0.5.
        run_llvm(
            &mut w,
            "v_add_f32_dpp v0, -v1, |v2| row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:0",
        );
        assert_eq!(w.v[0][0], (-0.5f32).to_bits(), "{a}");
        assert_eq!(w.v[0][14], (-14.5f32).to_bits(), "{a}");
        assert_eq!(w.v[0][15], 0.5f32.to_bits(), "{a}");
        // SRC1 comes from the lane itself: v_sub_f32 v0, v1(lane L^1), v1(lane L).
        let mut w = wave(a, 0xc0);
        for l in 0..64 {
            w.v[1][l] = (l as f32).to_bits();
        }
        run_llvm(
            &mut w,
            "v_sub_f32_dpp v0, v1, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf",
        );
        assert_eq!(w.v[0][0], 1.0f32.to_bits(), "{a}");
        assert_eq!(w.v[0][1], (-1.0f32).to_bits(), "{a}");
        // An integer add, lane 16 reads lane 15 (row_bcast:15): 0x10f + 0x110.
        let mut w = setup(a);
        let add = if a == Arch::Gcn14 {
            "v_add_u32_dpp v0, v1, v1"
        } else {
            "v_add_u32_dpp v0, vcc, v1, v1"
        };
        run_llvm(&mut w, &format!("{add} row_bcast:15 row_mask:0xa bank_mask:0xf"));
        assert_eq!(w.v[0][16], 0x10f + 0x110, "{a}");
        assert_eq!(w.v[0][31], 0x10f + 0x11f, "{a}");
        assert_eq!(w.v[0][32], 0xdead_0020, "{a}: row 2 is masked");
        assert_eq!(w.v[0][48], 0x12f + 0x130, "{a}");
        assert_eq!(w.v[0][0], 0xdead_0000, "{a}");
    }
    same_as_llvm_mc();
}

/// VOPC (CLRX syntax: llvm-mc 14 has no VOPC DPP): lanes not written by the masks or EXEC give 0;
/// a lane whose source is invalid with BOUND_CTRL clear keeps its old VCC bit.
#[test]
fn compares() {
    for a in ARCHS {
        // v1 = 0x100 + lane; v2 = 0x100 + lane: row_shr:1 compares lane-1's v1 < lane's v2,
        // true wherever the source is valid.
        let mut w = setup(a);
        for l in 0..64 {
            w.v[2][l] = 0x100 + l as u32;
        }
        w.set_pair(VCC, 0x0001_0001_0001_0001 | 1 << 5);
        run(&mut w, "v_cmp_lt_u32 vcc, v1, v2 row_shr:1");
        // Lanes 0, 16, 32, 48 have no source: they keep their old bits (1).
        assert_eq!(w.pair(VCC), u64::MAX, "{a}");
        let mut w2 = w.clone();
        w2.set_pair(VCC, 0);
        run(&mut w2, "v_cmp_lt_u32 vcc, v1, v2 row_shr:1");
        assert_eq!(w2.pair(VCC), !0x0001_0001_0001_0001, "{a}");
        // With BOUND_CTRL the missing source reads 0: 0 < v2 is true everywhere.
        let mut w3 = w.clone();
        w3.set_pair(VCC, 0);
        run(&mut w3, "v_cmp_lt_u32 vcc, v1, v2 row_shr:1 bound_ctrl");
        assert_eq!(w3.pair(VCC), u64::MAX, "{a}");
        // Masked rows and banks, and inactive lanes, give 0 whatever VCC held.
        let mut w4 = w.clone();
        w4.set_pair(VCC, u64::MAX);
        w4.set_pair(EXEC, !0x8000_0000_0000_0000);
        run(
            &mut w4,
            "v_cmp_lt_u32 vcc, v1, v2 row_shr:1 bound_ctrl bank_mask:1 row_mask:3",
        );
        assert_eq!(w4.pair(VCC), 0x000f_000f, "{a}");
    }
    same_as_llvm_mc();
}

#[test]
fn refused() {
    use gcnkit::asm::{assemble_one, Dialect};
    use gcnkit::decode::decode;
    let a = Arch::Gcn12;
    let mut words = assemble_one(
        a,
        Dialect::Llvm,
        "v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf",
    )
    .unwrap();
    // DPP control 0x100 (row_shl:0) is reserved.
    words[1] = (words[1] & !(0x1ff << 8)) | 0x100 << 8;
    let i = decode(a, &words).unwrap();
    let mut w = wave(a, 0xc0);
    let e = gcnkit::emu::step(&mut w, &i).unwrap_err().to_string();
    assert!(e.contains("reserved"), "{e}");
}
