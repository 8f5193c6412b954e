//! SDWA (sub-dword addressing, GCN 1.2 and 1.4) on the emulator, end to end: LLVM-syntax text
//! → assembler → decoder → `emu::step` → registers.
//!
//! The rules (CLRX's wiki page GcnSdwaDpp, LLVM's AMDGPUModifierSyntax; AMD's GCN3/Vega ISA
//! manuals, SDWA section):
//! - a source select takes byte 0-3, word 0-1 or the dword of the source and zero-extends it, or
//!   sign-extends it with SEXT (`sext(v2)`); the operation sees only the selected part (an f16
//!   operation reads the selected word as its f16 value); ABS then NEG act on the selected
//!   operand's sign bit;
//! - the low byte/word of the result goes to the part DST_SEL names; the other bits are zeros
//!   (UNUSED_PAD), zeros below and the part's sign above (UNUSED_SEXT), or the old VDST's
//!   (UNUSED_PRESERVE);
//! - CLAMP (and GCN 1.4's OMOD) act on the result before it is placed; GCN 1.4 takes SGPRs and
//!   inline constants as sources (S0/S1) and writes a compare to an SGPR pair (SD).
//!
//! Expected values are worked out by hand from those rules (the `*_ref` functions restate them
//! for the exhaustive loops, in a table form of their own).

mod common;

use common::emu::{run_llvm, same_as_llvm_mc, wave};
use gcnkit::emu::Wave;
use gcnkit::Arch;

const VCC: usize = 106;
const EXEC: usize = 126;
const ARCHS: [Arch; 2] = [Arch::Gcn12, Arch::Gcn14];

const SEL: [&str; 7] = ["BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD"];
const UNUSED: [&str; 3] = ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"];

/// (shift, mask) of a select.
fn part(sel: usize) -> (u32, u32) {
    [
        (0, 0xff),
        (8, 0xff),
        (16, 0xff),
        (24, 0xff),
        (0, 0xffff),
        (16, 0xffff),
        (0, 0xffff_ffff),
    ][sel]
}

fn sel_ref(x: u32, sel: usize, sext: bool) -> u32 {
    let (shift, mask) = part(sel);
    let v = (x >> shift) & mask;
    let sign = (mask >> 1) + 1;
    if sext && mask != u32::MAX && v & sign != 0 {
        v | !mask
    } else {
        v
    }
}

fn place_ref(r: u32, old: u32, sel: usize, unused: usize) -> u32 {
    let (shift, mask) = part(sel);
    if mask == u32::MAX {
        return r;
    }
    let v = (r & mask) << shift;
    let field = mask << shift;
    let sign = (mask >> 1) + 1;
    match unused {
        0 => v,
        // Sign-extended above the part, zeros below.
        1 => {
            let above = if shift + mask.count_ones() == 32 {
                0
            } else {
                u32::MAX << (shift + mask.count_ones())
            };
            v | if r & sign != 0 { above } else { 0 }
        }
        _ => v | (old & !field),
    }
}

fn wave_with(a: Arch, mode: u32, v: &[(usize, u32)]) -> Wave {
    let mut w = wave(a, mode);
    for &(r, x) in v {
        *w.v[r] = [x; 64];
    }
    w
}

/// Runs `text` and returns lane 0 of `vd` (all lanes must agree).
fn run1(a: Arch, mode: u32, text: &str, v: &[(usize, u32)], vd: usize) -> u32 {
    let mut w = wave_with(a, mode, v);
    run_llvm(&mut w, text);
    let x = w.v[vd][0];
    assert!(w.v[vd].iter().all(|&y| y == x), "{a}: `{text}`: lanes differ");
    x
}

// ---------------------------------------------------------------------------------------------
// Hand-worked values

/// v2 = 0x80f17e82: bytes 0x82, 0x7e, 0xf1, 0x80; words 0x7e82, 0x80f1.
const SRC: u32 = 0x80f1_7e82;
const OLD: u32 = 0x1234_5678;

#[test]
fn mov_source_selects() {
    let cases = [
        ("BYTE_0", false, 0x82),
        ("BYTE_0", true, 0xffff_ff82),
        ("BYTE_1", false, 0x7e),
        ("BYTE_1", true, 0x7e),
        ("BYTE_2", false, 0xf1),
        ("BYTE_2", true, 0xffff_fff1),
        ("BYTE_3", false, 0x80),
        ("BYTE_3", true, 0xffff_ff80),
        ("WORD_0", false, 0x7e82),
        ("WORD_0", true, 0x7e82),
        ("WORD_1", false, 0x80f1),
        ("WORD_1", true, 0xffff_80f1),
        ("DWORD", false, SRC),
        ("DWORD", true, SRC),
    ];
    for a in ARCHS {
        for (sel, sext, want) in cases {
            let s = if sext { "sext(v2)" } else { "v2" };
            let t = format!("v_mov_b32_sdwa v1, {s} dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:{sel}");
            assert_eq!(run1(a, 0xc0, &t, &[(1, OLD), (2, SRC)], 1), want, "{a}: {t}");
        }
    }
    same_as_llvm_mc();
}

#[test]
fn mov_destination_selects() {
    // The dword 0x80f17e82: low byte 0x82 (negative as a byte), low word 0x7e82 (positive).
    let cases = [
        ("BYTE_0", [0x0000_0082, 0xffff_ff82, 0x1234_5682]),
        ("BYTE_1", [0x0000_8200, 0xffff_8200, 0x1234_8278]),
        ("BYTE_2", [0x0082_0000, 0xff82_0000, 0x1282_5678]),
        ("BYTE_3", [0x8200_0000, 0x8200_0000, 0x8234_5678]),
        ("WORD_0", [0x0000_7e82, 0x0000_7e82, 0x1234_7e82]),
        ("WORD_1", [0x7e82_0000, 0x7e82_0000, 0x7e82_5678]),
        ("DWORD", [SRC, SRC, SRC]),
    ];
    for a in ARCHS {
        for (sel, wants) in cases {
            for (u, want) in UNUSED.iter().zip(wants) {
                let t = format!("v_mov_b32_sdwa v1, v2 dst_sel:{sel} dst_unused:{u} src0_sel:DWORD");
                assert_eq!(run1(a, 0xc0, &t, &[(1, OLD), (2, SRC)], 1), want, "{a}: {t}");
            }
        }
    }
    // A negative word: WORD_1 of the source (0x80f1) to WORD_0, sign-extended above.
    for a in ARCHS {
        let t = "v_mov_b32_sdwa v1, v2 dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:WORD_1";
        assert_eq!(run1(a, 0xc0, t, &[(1, OLD), (2, SRC)], 1), 0xffff_80f1, "{a}");
        let t = "v_mov_b32_sdwa v1, v2 dst_sel:BYTE_2 dst_unused:UNUSED_SEXT src0_sel:BYTE_2";
        assert_eq!(run1(a, 0xc0, t, &[(1, OLD), (2, SRC)], 1), 0xfff1_0000, "{a}");
    }
    same_as_llvm_mc();
}

/// Every source select (with and without SEXT) × destination select × unused policy of
/// V_MOV_B32, against the restated rules.
#[test]
fn mov_every_combination() {
    for a in ARCHS {
        for (s, sn) in SEL.iter().enumerate() {
            for sext in [false, true] {
                for (d, dn) in SEL.iter().enumerate() {
                    for (u, un) in UNUSED.iter().enumerate() {
                        let src = if sext { "sext(v2)" } else { "v2" };
                        let t = format!("v_mov_b32_sdwa v1, {src} dst_sel:{dn} dst_unused:{un} src0_sel:{sn}");
                        let want = place_ref(sel_ref(SRC, s, sext), OLD, d, u);
                        assert_eq!(run1(a, 0xc0, &t, &[(1, OLD), (2, SRC)], 1), want, "{a}: {t}");
                    }
                }
            }
        }
    }
    same_as_llvm_mc();
}

/// V_XOR_B32 with both sources selected, every pair of selects, against the restated rules.
#[test]
fn xor_every_source_pair() {
    let (x, y) = (0x9a3c_58e1u32, 0x0ff0_c3a5u32);
    for a in ARCHS {
        for (s0, n0) in SEL.iter().enumerate() {
            for (s1, n1) in SEL.iter().enumerate() {
                for (d, dn) in [(1usize, "BYTE_1"), (5, "WORD_1"), (6, "DWORD")] {
                    let t = format!(
                        "v_xor_b32_sdwa v1, v2, sext(v3) dst_sel:{dn} dst_unused:UNUSED_PRESERVE src0_sel:{n0} src1_sel:{n1}"
                    );
                    let want = place_ref(sel_ref(x, s0, false) ^ sel_ref(y, s1, true), OLD, d, 2);
                    assert_eq!(run1(a, 0xc0, &t, &[(1, OLD), (2, x), (3, y)], 1), want, "{a}: {t}");
                }
            }
        }
    }
    same_as_llvm_mc();
}

#[test]
fn add_f16_word_selects() {
    // v2: hi 1.5 (0x3e00), lo 2.0 (0x4000); v3: hi 0.25 (0x3400), lo 3.0 (0x4200).
    let v = [(1, 0xdead_beef), (2, 0x3e00_4000), (3, 0x3400_4200)];
    for a in ARCHS {
        // 2.0 + 0.25 = 2.25 (0x4080) into the high word, the low word kept.
        let t = "v_add_f16_sdwa v1, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0 src1_sel:WORD_1";
        assert_eq!(run1(a, 0xc0, t, &v, 1), 0x4080_beef, "{a}");
        // 1.5 + 3.0 = 4.5 (0x4480) into the low word, zeros above.
        let t = "v_add_f16_sdwa v1, v2, v3 dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:WORD_0";
        assert_eq!(run1(a, 0xc0, t, &v, 1), 0x0000_4480, "{a}");
        // 1.5 + 0.25 = 1.75 (0x3f00), both high words, into the high word with zeros below.
        let t = "v_add_f16_sdwa v1, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:WORD_1";
        assert_eq!(run1(a, 0xc0, t, &v, 1), 0x3f00_0000, "{a}");
        // NEG and ABS act on the selected word: -(1.5) + |3.0| = 1.5 (0x3e00).
        let t =
            "v_add_f16_sdwa v1, -v2, |v3| dst_sel:WORD_0 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_0";
        assert_eq!(run1(a, 0xc0, t, &v, 1), 0xdead_3e00, "{a}");
        // |-(2.0)| ... ABS of a negative word: v4 lo = -2.0 (0xc000): |-2.0| + 3.0 = 5.0 (0x4500).
        let t = "v_add_f16_sdwa v1, |v4|, v3 dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:WORD_0";
        assert_eq!(
            run1(a, 0xc0, t, &[(3, 0x3400_4200), (4, 0x7777_c000)], 1),
            0x4500,
            "{a}"
        );
        // A byte of an f16 operand: BYTE_1 of 0x00003c00 is 0x3c, the f16 denormal 0x003c
        // (60 * 2^-24), kept under MODE 0xc0 (f16 denormals kept): 0x003c + 0x003c = 0x0078.
        let t = "v_add_f16_sdwa v1, v2, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:BYTE_1";
        assert_eq!(run1(a, 0xc0, t, &[(2, 0x3c00)], 1), 0x78, "{a}");
        // ... and flushed under MODE 0x00 (f16 denormals flushed): 0.
        assert_eq!(run1(a, 0x00, t, &[(2, 0x3c00)], 1), 0, "{a}");
    }
    same_as_llvm_mc();
}

#[test]
fn cvt_f32_f16_reads_the_selected_word() {
    // The high word 0x3c00 is 1.0: 0x3f800000. The low word 0x4200 would be 3.0.
    for a in ARCHS {
        let t = "v_cvt_f32_f16_sdwa v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1";
        assert_eq!(run1(a, 0xc0, t, &[(2, 0x3c00_4200)], 1), 0x3f80_0000, "{a}");
        let t = "v_cvt_f32_f16_sdwa v1, -v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0";
        assert_eq!(run1(a, 0xc0, t, &[(2, 0x3c00_4200)], 1), 0xc040_0000, "{a}");
    }
    same_as_llvm_mc();
}

#[test]
fn lshlrev_b32() {
    // SRC0 = BYTE_1 of 0x0304 = 3; SRC1 = BYTE_0 of 0xffff00f0 = 0xf0.
    let v = [(1, OLD), (2, 0x0000_0304), (3, 0xffff_00f0)];
    for a in ARCHS {
        // 0xf0 << 3 = 0x780: WORD_1, positive, zeros below.
        let t = "v_lshlrev_b32_sdwa v1, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_SEXT src0_sel:BYTE_1 src1_sel:BYTE_0";
        assert_eq!(run1(a, 0xc0, t, &v, 1), 0x0780_0000, "{a}");
        // sext: 0xfffffff0 << 3 = 0xffffff80; its low word 0xff80 to WORD_1.
        let t =
            "v_lshlrev_b32_sdwa v1, v2, sext(v3) dst_sel:WORD_1 dst_unused:UNUSED_SEXT src0_sel:BYTE_1 src1_sel:BYTE_0";
        assert_eq!(run1(a, 0xc0, t, &v, 1), 0xff80_0000, "{a}");
        // Its low byte 0x80 to BYTE_1, sign-extended above, zeros below.
        let t =
            "v_lshlrev_b32_sdwa v1, v2, sext(v3) dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:BYTE_1 src1_sel:BYTE_0";
        assert_eq!(run1(a, 0xc0, t, &v, 1), 0xffff_8000, "{a}");
        // ... kept around it with PRESERVE.
        let t = "v_lshlrev_b32_sdwa v1, v2, sext(v3) dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1 src1_sel:BYTE_0";
        assert_eq!(run1(a, 0xc0, t, &v, 1), 0x1234_8078, "{a}");
        // The shift count is the selected part: WORD_1 of 0x00040000 = 4.
        let t = "v_lshlrev_b32_sdwa v1, v2, v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD";
        assert_eq!(
            run1(a, 0xc0, t, &[(2, 0x0004_0000), (3, 0x1234_5678)], 1),
            0x2345_6780,
            "{a}"
        );
    }
    same_as_llvm_mc();
}

#[test]
fn clamp_and_omod() {
    for a in ARCHS {
        // 0.75 + 0.5 = 1.25, clamped to 1.0; the result is placed after clamping.
        let t = "v_add_f32_sdwa v1, v2, v3 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD";
        let v = [(2, 0.75f32.to_bits()), (3, 0.5f32.to_bits())];
        assert_eq!(run1(a, 0xc0, t, &v, 1), 0x3f80_0000, "{a}");
        // f16: 1.5 + 0.25 = 1.75 clamped to 1.0 (0x3c00), into the high word.
        let t =
            "v_add_f16_sdwa v1, v2, v3 clamp dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_1";
        assert_eq!(
            run1(a, 0xc0, t, &[(1, OLD), (2, 0x3e00_4000), (3, 0x3400_4200)], 1),
            0x3c00_5678,
            "{a}"
        );
        // Integer CLAMP saturates (GCN 1.2+): 0xffff + 2 = 0xffff.
        let t =
            "v_add_u16_sdwa v1, v2, v3 clamp dst_sel:WORD_0 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_0";
        assert_eq!(
            run1(a, 0xc0, t, &[(1, OLD), (2, 0xffff_0000), (3, 2)], 1),
            0x1234_ffff,
            "{a}"
        );
        let t = "v_add_u16_sdwa v1, v2, v3 dst_sel:WORD_0 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_0";
        assert_eq!(
            run1(a, 0xc0, t, &[(1, OLD), (2, 0xffff_0000), (3, 2)], 1),
            0x1234_0001,
            "{a}"
        );
    }
    // GCN 1.4's OMOD: (0.75 + 0.5) * 2 = 2.5, clamped to 1.0 after OMOD.
    let a = Arch::Gcn14;
    let v = [(2, 0.75f32.to_bits()), (3, 0.5f32.to_bits())];
    let t = "v_add_f32_sdwa v1, v2, v3 mul:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD";
    assert_eq!(run1(a, 0xc0, t, &v, 1), 2.5f32.to_bits());
    let t = "v_add_f32_sdwa v1, v2, v3 div:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD";
    assert_eq!(run1(a, 0xc0, t, &v, 1), 0.625f32.to_bits());
    let t = "v_add_f32_sdwa v1, v2, v3 clamp mul:4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD";
    assert_eq!(run1(a, 0xc0, t, &v, 1), 1.0f32.to_bits());
    same_as_llvm_mc();
}

#[test]
fn gfx9_scalar_and_constant_sources() {
    let a = Arch::Gcn14;
    // SRC0 = BYTE_1 of s2 = 0x34; + v3 (0x100) = 0x134.
    let mut w = wave_with(a, 0xc0, &[(3, 0x100)]);
    w.s[2] = 0x0000_3400;
    run_llvm(
        &mut w,
        "v_add_u32_sdwa v1, s2, v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:DWORD",
    );
    assert_eq!(w.v[1][0], 0x134);
    // An inline constant: 1.0 + 2.0.
    let t = "v_add_f32_sdwa v1, 1.0, v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD";
    assert_eq!(run1(a, 0xc0, t, &[(3, 2.0f32.to_bits())], 1), 3.0f32.to_bits());
    // An SGPR as SRC1: WORD_1 of s5 (7) - WORD_0 of v2 (9), 16-bit: 0xfffe.
    let mut w = wave_with(a, 0xc0, &[(2, 0xaaaa_0009)]);
    w.s[5] = 0x0007_bbbb;
    run_llvm(
        &mut w,
        "v_sub_u16_sdwa v1, s5, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:WORD_0",
    );
    assert_eq!(w.v[1][0], 0xfffe);
    same_as_llvm_mc();
}

/// Compares: the selected parts are compared; GCN 1.4 writes an SGPR pair with SD, VCC
/// without; GCN 1.2 always VCC. Lanes: v2 = lane, v3 = 0x0100 * lane + 0x20 (BYTE_1 = lane).
#[test]
fn compares() {
    let setup = |a: Arch| {
        let mut w = wave(a, 0xc0);
        for l in 0..64u32 {
            w.v[2][l as usize] = 0xff00 | l; // BYTE_0 = lane, BYTE_1 = 0xff
            w.v[3][l as usize] = (31 << 8) | 0x20; // BYTE_1 = 31
        }
        w
    };
    // lane > 31: lanes 32..63.
    let want = 0xffff_ffff_0000_0000u64;
    let mut w = setup(Arch::Gcn14);
    run_llvm(
        &mut w,
        "v_cmp_gt_u32_sdwa s[6:7], v2, v3 src0_sel:BYTE_0 src1_sel:BYTE_1",
    );
    assert_eq!(w.pair(6), want);
    assert_eq!(w.pair(VCC), 0);
    let mut w = setup(Arch::Gcn14);
    run_llvm(&mut w, "v_cmp_gt_u32_sdwa vcc, v2, v3 src0_sel:BYTE_0 src1_sel:BYTE_1");
    assert_eq!(w.pair(VCC), want);
    // V_CMPX: EXEC too; inactive lanes give 0.
    let mut w = setup(Arch::Gcn14);
    w.set_pair(EXEC, 0x0000_00ff_ffff_ffff);
    run_llvm(
        &mut w,
        "v_cmpx_gt_u32_sdwa s[6:7], v2, v3 src0_sel:BYTE_0 src1_sel:BYTE_1",
    );
    assert_eq!(w.pair(6), 0x0000_00ff_0000_0000);
    assert_eq!(w.pair(EXEC), 0x0000_00ff_0000_0000);
    // Sign extension matters: BYTE_1 of v2 is 0xff: as i32, -1 < 31 in every lane.
    let mut w = setup(Arch::Gcn14);
    run_llvm(
        &mut w,
        "v_cmp_lt_i32_sdwa s[8:9], sext(v2), v3 src0_sel:BYTE_1 src1_sel:BYTE_1",
    );
    assert_eq!(w.pair(8), u64::MAX);
    let mut w = setup(Arch::Gcn14);
    run_llvm(
        &mut w,
        "v_cmp_lt_i32_sdwa s[8:9], v2, v3 src0_sel:BYTE_1 src1_sel:BYTE_1",
    );
    assert_eq!(w.pair(8), 0);
    // GCN 1.2: VCC.
    let mut w = setup(Arch::Gcn12);
    run_llvm(&mut w, "v_cmp_gt_u32_sdwa vcc, v2, v3 src0_sel:BYTE_0 src1_sel:BYTE_1");
    assert_eq!(w.pair(VCC), want);
    // f16 compare of words: lo 2.0 < hi 3.0.
    for a in ARCHS {
        let mut w = wave_with(a, 0xc0, &[(2, 0x4200_4000)]);
        run_llvm(&mut w, "v_cmp_lt_f16_sdwa vcc, v2, v2 src0_sel:WORD_0 src1_sel:WORD_1");
        assert_eq!(w.pair(VCC), u64::MAX, "{a}");
    }
    same_as_llvm_mc();
}

#[test]
fn carry_out_and_exec() {
    for a in ARCHS {
        let add = if a == Arch::Gcn14 {
            "v_add_co_u32_sdwa"
        } else {
            "v_add_u32_sdwa"
        };
        let mut w = wave_with(a, 0xc0, &[(1, OLD), (2, 0xffff_ffff), (3, 0x0000_0100)]);
        w.set_pair(EXEC, 0x5);
        // 0xffffffff + WORD_1... BYTE_1 of v3 = 1: sum 0 with a carry, in lanes 0 and 2.
        run_llvm(
            &mut w,
            &format!("{add} v1, vcc, v2, v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:BYTE_1"),
        );
        assert_eq!(w.v[1][0], 0, "{a}");
        assert_eq!(w.v[1][1], OLD, "{a}: inactive lane written");
        assert_eq!(w.v[1][2], 0, "{a}");
        assert_eq!(w.pair(VCC), 0x5, "{a}");
    }
    same_as_llvm_mc();
}

#[test]
fn refused() {
    use gcnkit::asm::{assemble_one, Dialect};
    use gcnkit::decode::decode;
    // A reserved source select (7), hand-encoded: v_mov_b32_sdwa v1, v2 with src0_sel 7.
    let a = Arch::Gcn12;
    let mut words = assemble_one(
        a,
        Dialect::Llvm,
        "v_mov_b32_sdwa v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD",
    )
    .unwrap();
    words[1] |= 7 << 16;
    let i = decode(a, &words).unwrap();
    let mut w = wave(a, 0xc0);
    let e = gcnkit::emu::step(&mut w, &i).unwrap_err().to_string();
    assert!(e.contains("reserved"), "{e}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 4000, .. Default::default() })]

    /// Any SDWA or DPP word (VOP2, VOPC, VOP1; any control dword), any MODE and EXEC: the
    /// emulator runs it or refuses it, never panics.
    #[test]
    fn sdwa_and_dpp_words_never_panic(
        gfx9: bool,
        class in 0u32..3,
        dpp: bool,
        w0: u32,
        w1: u32,
        mode in 0u32..0x400,
        exec: u64,
    ) {
        use gcnkit::decode::decode;
        let a = if gfx9 { Arch::Gcn14 } else { Arch::Gcn12 };
        let code = if dpp { 250 } else { 249 };
        let w0 = match class {
            0 => (w0 & 0x7fff_fe00) | code,
            1 => (w0 & 0x01ff_fe00) | (0x3e << 25) | code,
            _ => (w0 & 0x01ff_fe00) | (0x3f << 25) | code,
        };
        if let Ok(i) = decode(a, &[w0, w1]) {
            let mut w = wave(a, mode);
            w.set_pair(EXEC, exec);
            for l in 0..64 {
                w.v[(l * 5) % 256][l] = (l as u32).wrapping_mul(0x9e37_79b9);
            }
            let _ = gcnkit::emu::step(&mut w, &i);
        }
    }
}
