//! GCN 1.4's VOP3P rows on the emulator, end to end: LLVM-syntax text → assembler → decoder →
//! `emu::step` → registers. Every row: the packed 16-bit operations (gfx900), the
//! mixed-precision multiply-adds (gfx900's v_mad_mix*, gfx906's fused v_fma_mix*), gfx906's dot
//! products.
//!
//! The rules (CLRX's wiki page GcnInstrsVop3p and LLVM's VOP3P encoding: bit 11+k OP_SEL of
//! source k, bits 59/60/14 OP_SEL_HI of sources 0/1/2, NEG_LO bits 61-63, NEG_HI bits 8-10):
//! - the low result half reads the half of each source OP_SEL names (0 low, 1 high), the high
//!   result half the half OP_SEL_HI names; NEG_LO/NEG_HI negate the halves feeding the low/high
//!   results; CLAMP clamps each f16 half to [0, 1] or saturates the integer halves;
//! - an inline constant is a 16-bit value in the low half, 0 in the high half (LLVM's
//!   SIFoldOperands folds a packed constant whose low half is 0 by setting OP_SEL and clearing
//!   OP_SEL_HI): with the default OP_SEL_HI the high result reads 0;
//! - V_MAD_MIX*: OP_SEL_HI set makes a source f16 (the half OP_SEL names), clear f32; NEG_LO
//!   negates, NEG_HI takes the absolute value; the MIXLO/MIXHI forms round the f32 result to f16
//!   and write one half of VDST, CLAMP acting after the conversion;
//! - the dot products sum the products of the halves / bytes / nibbles and SRC2; CLAMP
//!   saturates, otherwise the sum wraps.
//!
//! Expected values are worked out by hand.

mod common;

use common::emu::{asm_d, run_llvm, same_as_llvm_mc, wave};
use gcnkit::asm::Dialect;
use gcnkit::emu::Wave;
use gcnkit::isa::{isa, Short};
use gcnkit::Arch;

const EXEC: usize = 126;
const G900: Arch = Arch::Gcn14;
const G906: Arch = Arch::Gcn141;

fn wave_with(a: Arch, mode: u32, v: &[(usize, u32)]) -> Wave {
    let mut w = wave(a, mode);
    for &(r, x) in v {
        *w.v[r] = [x; 64];
    }
    w
}

/// Runs `text` with VGPRs broadcast from `v` (v0 = 0x12345678 unless given) and returns v0.
fn r0(a: Arch, mode: u32, text: &str, v: &[(usize, u32)]) -> u32 {
    let mut w = wave_with(a, mode, &[(0, 0x1234_5678)]);
    for &(r, x) in v {
        *w.v[r] = [x; 64];
    }
    run_llvm(&mut w, text);
    let x = w.v[0][0];
    assert!(w.v[0].iter().all(|&y| y == x), "{a}: `{text}`: lanes differ");
    x
}

fn f(x: f32) -> u32 {
    x.to_bits()
}

/// Checks `(text, registers, v0)` cases on `a` under MODE 0xc0.
/// (instruction, registers set (number, value), expected v0).
type Case<'a> = (&'a str, &'a [(usize, u32)], u32);

fn check(a: Arch, cases: &[Case]) {
    for &(t, v, want) in cases {
        let got = r0(a, 0xc0, t, v);
        assert_eq!(got, want, "{a}: `{t}`: got {got:#010x}, want {want:#010x}");
    }
}

// f16 bits: 2.0 0x4000, 3.0 0x4200, 1.5 0x3e00, 0.25 0x3400, 1.0 0x3c00, -1.0 0xbc00.
const A: u32 = 0x3e00_4000; // hi 1.5, lo 2.0
const B: u32 = 0x3400_4200; // hi 0.25, lo 3.0

#[test]
fn pk_add_f16_selects_and_negs() {
    let v: &[(usize, u32)] = &[(1, A), (2, B)];
    check(
        G900,
        &[
            // lo 2 + 3 = 5 (0x4500), hi 1.5 + 0.25 = 1.75 (0x3f00).
            ("v_pk_add_f16 v0, v1, v2", v, 0x3f00_4500),
            ("v_pk_add_f16 v0, v1, v2 op_sel_hi:[1,1]", v, 0x3f00_4500),
            // lo: v1.hi + v2.lo = 4.5 (0x4480); hi: v1.lo + v2.hi = 2.25 (0x4080).
            ("v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]", v, 0x4080_4480),
            // lo: v1.hi + v2.hi = 1.75; hi: v1.lo + v2.lo = 5.
            ("v_pk_add_f16 v0, v1, v2 op_sel:[1,1] op_sel_hi:[0,0]", v, 0x4500_3f00),
            // Both halves from the low halves: 5, 5.
            ("v_pk_add_f16 v0, v1, v2 op_sel_hi:[0,0]", v, 0x4500_4500),
            // lo: -2 + 3 = 1 (0x3c00); hi: 1.5 - 0.25 = 1.25 (0x3d00).
            ("v_pk_add_f16 v0, v1, v2 neg_lo:[1,0] neg_hi:[0,1]", v, 0x3d00_3c00),
            // NEG follows the selected half: lo: -(1.5) + 3 = 1.5; hi: 2 + 0.25 = 2.25.
            (
                "v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0]",
                v,
                0x4080_3e00,
            ),
            // An inline constant is 1.0 in the low half, 0 in the high half: lo 3.0, hi 1.5.
            ("v_pk_add_f16 v0, v1, 1.0", v, 0x3e00_4200),
            // ... OP_SEL_HI clear: the high result reads the low half too: hi 2.5 (0x4100).
            ("v_pk_add_f16 v0, v1, 1.0 op_sel_hi:[1,0]", v, 0x4100_4200),
            // ... OP_SEL set: the low result reads the high half (0): lo 2.0.
            ("v_pk_add_f16 v0, v1, 1.0 op_sel:[0,1] op_sel_hi:[1,0]", v, 0x4100_4000),
            // CLAMP: 5 and 1.75 clamp to 1.0; -2 - 3 to 0, 1.5 - 0.25 = 1.25 to 1.0.
            ("v_pk_add_f16 v0, v1, v2 clamp", v, 0x3c00_3c00),
            (
                "v_pk_add_f16 v0, v1, v2 neg_lo:[1,1] neg_hi:[0,1] clamp",
                v,
                0x3c00_0000,
            ),
            // -2 - 3 = -5 to 0; -1.5 + 0.25 = -1.25 to 0.
            (
                "v_pk_add_f16 v0, v1, v2 neg_lo:[1,1] neg_hi:[1,0] clamp",
                v,
                0x0000_0000,
            ),
            // In range, kept: lo 2 - 1.5 = 0.5; hi -1.5 + 0.5 = -1 to 0.
            (
                "v_pk_add_f16 v0, v1, v3 neg_lo:[0,1] neg_hi:[1,0] clamp",
                &[(1, A), (3, 0x3800_3e00)],
                0x0000_3800,
            ),
        ],
    );
    // An SGPR source: every lane reads it.
    let mut w = wave_with(G900, 0xc0, &[(2, B)]);
    w.s[4] = A;
    run_llvm(&mut w, "v_pk_add_f16 v0, s4, v2 op_sel:[1,0] op_sel_hi:[0,1]");
    assert_eq!(w.v[0][63], 0x4080_4480);
    same_as_llvm_mc();
}

#[test]
fn pk_f16_arithmetic() {
    let v: &[(usize, u32)] = &[(1, A), (2, B), (3, 0x3c00_bc00)];
    check(
        G900,
        &[
            // 2 * 3 = 6 (0x4600); 1.5 * 0.25 = 0.375 (0x3600).
            ("v_pk_mul_f16 v0, v1, v2", v, 0x3600_4600),
            // lo 2 * 3 - 1 = 5; hi 1.5 * 0.25 + 1 = 1.375 (0x3d80).
            ("v_pk_fma_f16 v0, v1, v2, v3", v, 0x3d80_4500),
            // Source 2 selects: lo reads v3.hi (1.0): 7 (0x4700); hi reads v3.lo (-1): -0.625 (0xb900).
            (
                "v_pk_fma_f16 v0, v1, v2, v3 op_sel:[0,0,1] op_sel_hi:[1,1,0]",
                v,
                0xb900_4700,
            ),
            // neg on source 2: lo 6 + 1 = 7, hi 0.375 - 1 = -0.625.
            (
                "v_pk_fma_f16 v0, v1, v2, v3 neg_lo:[0,0,1] neg_hi:[0,0,1]",
                v,
                0xb900_4700,
            ),
            // min/max: v4 = (hi -1.0, lo 2.0), v5 = (hi 0.5, lo NaN): minNum/maxNum skip the NaN.
            (
                "v_pk_min_f16 v0, v4, v5",
                &[(4, 0xbc00_4000), (5, 0x3800_7e00)],
                0xbc00_4000,
            ),
            (
                "v_pk_max_f16 v0, v4, v5",
                &[(4, 0xbc00_4000), (5, 0x3800_7e00)],
                0x3800_4000,
            ),
            (
                "v_pk_max_f16 v0, v4, v5 op_sel:[1,1] op_sel_hi:[0,0]",
                &[(4, 0xbc00_4000), (5, 0x3800_7e00)],
                0x4000_3800,
            ),
        ],
    );
    // Fused: (1 + 3*2^-10)^2 - 1 = 6*2^-10 + 9*2^-20 rounds once to 0x1e02; a product rounded
    // first would give 0x1e00. The high half: 1 * 1 + 0 = 1.
    let t = "v_pk_fma_f16 v0, v1, v1, v2";
    assert_eq!(r0(G900, 0xc0, t, &[(1, 0x3c00_3c03), (2, 0x0000_bc00)]), 0x3c00_1e02);
    same_as_llvm_mc();
}

#[test]
fn pk_f16_denormals_follow_mode() {
    // 0x0200 is 2^-15 (an f16 denormal); times 2.0 it is 2^-14 (0x0400).
    let v: &[(usize, u32)] = &[(1, 0x0200_0200), (2, 0x4000_4000)];
    let t = "v_pk_mul_f16 v0, v1, v2";
    assert_eq!(r0(G900, 0xc0, t, v), 0x0400_0400, "f16 denormals kept");
    assert_eq!(r0(G900, 0x00, t, v), 0, "f16 input denormals flushed");
    // 2^-14 * 0.5 = 2^-15: a denormal result, flushed under MODE 0x40 (inputs kept, results not).
    let v: &[(usize, u32)] = &[(1, 0x0400_0400), (2, 0x3800_3c00)];
    assert_eq!(r0(G900, 0xc0, t, v), 0x0200_0400);
    assert_eq!(r0(G900, 0x40, t, v), 0x0000_0400);
    same_as_llvm_mc();
}

#[test]
fn pk_integer() {
    check(
        G900,
        &[
            // lo 1 + 3 = 4; hi 0xffff + 2 wraps to 1, saturates with CLAMP.
            (
                "v_pk_add_u16 v0, v1, v2",
                &[(1, 0xffff_0001), (2, 0x0002_0003)],
                0x0001_0004,
            ),
            (
                "v_pk_add_u16 v0, v1, v2 clamp",
                &[(1, 0xffff_0001), (2, 0x0002_0003)],
                0xffff_0004,
            ),
            // lo 5 - 3 = 2; hi 1 - 2 wraps to 0xffff, 0 with CLAMP.
            (
                "v_pk_sub_u16 v0, v1, v2",
                &[(1, 0x0001_0005), (2, 0x0002_0003)],
                0xffff_0002,
            ),
            (
                "v_pk_sub_u16 v0, v1, v2 clamp",
                &[(1, 0x0001_0005), (2, 0x0002_0003)],
                0x0000_0002,
            ),
            // lo -2 + 3 = 1; hi 32767 + 1 wraps to -32768, 32767 with CLAMP.
            (
                "v_pk_add_i16 v0, v1, v2",
                &[(1, 0x7fff_fffe), (2, 0x0001_0003)],
                0x8000_0001,
            ),
            (
                "v_pk_add_i16 v0, v1, v2 clamp",
                &[(1, 0x7fff_fffe), (2, 0x0001_0003)],
                0x7fff_0001,
            ),
            // lo 5 - 7 = -2; hi -32768 - 1 wraps to 32767, -32768 with CLAMP.
            (
                "v_pk_sub_i16 v0, v1, v2",
                &[(1, 0x8000_0005), (2, 0x0001_0007)],
                0x7fff_fffe,
            ),
            (
                "v_pk_sub_i16 v0, v1, v2 clamp",
                &[(1, 0x8000_0005), (2, 0x0001_0007)],
                0x8000_fffe,
            ),
            // lo 3 * 5 = 15; hi 0x100 * 0x101 = 0x10100: low 16 bits 0x0100.
            (
                "v_pk_mul_lo_u16 v0, v1, v2",
                &[(1, 0x0100_0003), (2, 0x0101_0005)],
                0x0100_000f,
            ),
            // lo 3 * -4 + 10 = -2; hi -2 * 5 + 1 = -9.
            (
                "v_pk_mad_i16 v0, v1, v2, v3",
                &[(1, 0xfffe_0003), (2, 0x0005_fffc), (3, 0x0001_000a)],
                0xfff7_fffe,
            ),
            // hi 16384 * 4 = 65536 wraps to 0, 32767 with CLAMP.
            (
                "v_pk_mad_i16 v0, v1, v2, v3",
                &[(1, 0x4000_0003), (2, 0x0004_fffc), (3, 0x0000_000a)],
                0x0000_fffe,
            ),
            (
                "v_pk_mad_i16 v0, v1, v2, v3 clamp",
                &[(1, 0x4000_0003), (2, 0x0004_fffc), (3, 0x0000_000a)],
                0x7fff_fffe,
            ),
            // lo 3 * 4 + 5 = 17; hi 0x100 * 0x100 + 1 = 0x10001 wraps to 1, 0xffff with CLAMP.
            (
                "v_pk_mad_u16 v0, v1, v2, v3",
                &[(1, 0x0100_0003), (2, 0x0100_0004), (3, 0x0001_0005)],
                0x0001_0011,
            ),
            (
                "v_pk_mad_u16 v0, v1, v2, v3 clamp",
                &[(1, 0x0100_0003), (2, 0x0100_0004), (3, 0x0001_0005)],
                0xffff_0011,
            ),
            // Shifts: counts from SRC0's low 4 bits (lo 4, hi 17 & 15 = 1).
            (
                "v_pk_lshlrev_b16 v0, v1, v2",
                &[(1, 0x0011_0004), (2, 0x8001_0f0f)],
                0x0002_f0f0,
            ),
            (
                "v_pk_lshrrev_b16 v0, v1, v2",
                &[(1, 0x0011_0004), (2, 0x8001_0f0f)],
                0x4000_00f0,
            ),
            (
                "v_pk_ashrrev_i16 v0, v1, v2",
                &[(1, 0x0011_0004), (2, 0x8001_0f0f)],
                0xc000_00f0,
            ),
            // min/max: lo 5 vs 0xfffb (-5), hi 0x8000 (-32768) vs 1.
            (
                "v_pk_max_i16 v0, v1, v2",
                &[(1, 0x8000_0005), (2, 0x0001_fffb)],
                0x0001_0005,
            ),
            (
                "v_pk_min_i16 v0, v1, v2",
                &[(1, 0x8000_0005), (2, 0x0001_fffb)],
                0x8000_fffb,
            ),
            (
                "v_pk_max_u16 v0, v1, v2",
                &[(1, 0x8000_0005), (2, 0x0001_fffb)],
                0x8000_fffb,
            ),
            (
                "v_pk_min_u16 v0, v1, v2",
                &[(1, 0x8000_0005), (2, 0x0001_fffb)],
                0x0001_0005,
            ),
            // OP_SEL on integers: lo v1.hi + v2.lo = 0x410; hi v1.lo + v2.hi = 0x320.
            (
                "v_pk_add_u16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]",
                &[(1, 0x0010_0020), (2, 0x0300_0400)],
                0x0320_0410,
            ),
            // Inline constants: 1 is 0x00000001 (the high result adds 0)...
            ("v_pk_add_u16 v0, v1, 1", &[(1, 0x0010_0020)], 0x0010_0021),
            (
                "v_pk_add_u16 v0, v1, 1 op_sel_hi:[1,0]",
                &[(1, 0x0010_0020)],
                0x0011_0021,
            ),
            // ... -1 is 0x0000ffff.
            ("v_pk_add_u16 v0, v1, -1", &[(1, 0x0010_0020)], 0x0010_001f),
            (
                "v_pk_sub_i16 v0, v1, -1 op_sel_hi:[1,0]",
                &[(1, 0x0010_0020)],
                0x0011_0021,
            ),
        ],
    );
    same_as_llvm_mc();
}

#[test]
fn exec_is_respected() {
    let mut w = wave_with(G900, 0xc0, &[(0, 7), (1, A), (2, B)]);
    w.set_pair(EXEC, 0x8000_0000_0000_0001);
    run_llvm(&mut w, "v_pk_add_f16 v0, v1, v2");
    assert_eq!(w.v[0][0], 0x3f00_4500);
    assert_eq!(w.v[0][63], 0x3f00_4500);
    assert!(w.v[0][1..63].iter().all(|&x| x == 7));
    same_as_llvm_mc();
}

#[test]
fn mad_mix_gfx900() {
    let (two, three) = (f(2.0), f(3.0));
    check(
        G900,
        &[
            // f32 sources: 2 * 3 + 0.5.
            (
                "v_mad_mix_f32 v0, v1, v2, v3",
                &[(1, two), (2, three), (3, f(0.5))],
                f(6.5),
            ),
            // f16 low halves of A and B (2.0, 3.0), f32 SRC2.
            (
                "v_mad_mix_f32 v0, v1, v2, v3 op_sel_hi:[1,1,0]",
                &[(1, A), (2, B), (3, f(0.5))],
                f(6.5),
            ),
            // SRC0's high half (1.5): 1.5 * 3 + 0.5 = 5.
            (
                "v_mad_mix_f32 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[1,1,0]",
                &[(1, A), (2, B), (3, f(0.5))],
                f(5.0),
            ),
            // All f16: SRC2's high half 0.25 of B: 1.5 * 0.25 + 0.25 = 0.625.
            (
                "v_mad_mix_f32 v0, v1, v2, v2 op_sel:[1,1,1] op_sel_hi:[1,1,1]",
                &[(1, A), (2, B)],
                f(0.625),
            ),
            // NEG_LO negates, NEG_HI (written |x|) takes the absolute value: -(2) * |-3| + 0.5.
            (
                "v_mad_mix_f32 v0, -v1, |v2|, v3 op_sel_hi:[1,1,0]",
                &[(1, A), (2, 0xc200), (3, f(0.5))],
                f(-5.5),
            ),
            (
                "v_mad_mix_f32 v0, v1, v2, -|v3|",
                &[(1, two), (2, three), (3, f(-0.5))],
                f(5.5),
            ),
            // Inline constants: 1.0 as an f16 source (low half) or an f32 source; its f16 high
            // half is 0.
            (
                "v_mad_mix_f32 v0, v1, v2, 1.0 op_sel_hi:[1,1,1]",
                &[(1, A), (2, B)],
                f(7.0),
            ),
            (
                "v_mad_mix_f32 v0, v1, v2, 1.0 op_sel_hi:[1,1,0]",
                &[(1, A), (2, B)],
                f(7.0),
            ),
            (
                "v_mad_mix_f32 v0, v1, v2, 1.0 op_sel:[0,0,1] op_sel_hi:[1,1,1]",
                &[(1, A), (2, B)],
                f(6.0),
            ),
            // MIXLO/MIXHI: 2 * 3 + 0.5 = 6.5 (f16 0x4680) into one half of v0 (0x12345678).
            (
                "v_mad_mixlo_f16 v0, v1, v2, v3 op_sel_hi:[1,1,1]",
                &[(1, A), (2, B), (3, 0xaaaa_3800)],
                0x1234_4680,
            ),
            (
                "v_mad_mixhi_f16 v0, v1, v2, v3 op_sel_hi:[1,1,1]",
                &[(1, A), (2, B), (3, 0xaaaa_3800)],
                0x4680_5678,
            ),
            // CLAMP after the conversion: 6.5 -> 1.0 (0x3c00).
            (
                "v_mad_mixlo_f16 v0, v1, v2, v3 op_sel_hi:[1,1,1] clamp",
                &[(1, A), (2, B), (3, 0xaaaa_3800)],
                0x1234_3c00,
            ),
            (
                "v_mad_mixhi_f16 v0, -v1, v2, v3 op_sel_hi:[1,1,1] clamp",
                &[(1, A), (2, B), (3, 0xaaaa_3800)],
                0x0000_5678,
            ),
            // Rounding to f16: 1 + 2^-11 ties to even (1.0); 1 + 2^-11 + 2^-20 rounds up.
            (
                "v_mad_mixlo_f16 v0, v1, v1, v3",
                &[(1, f(1.0)), (3, 0x3a00_0000)],
                0x1234_3c00,
            ),
            (
                "v_mad_mixlo_f16 v0, v1, v1, v3",
                &[(1, f(1.0)), (3, 0x3a00_4000)],
                0x1234_3c01,
            ),
            // Not fused: (1 + 2^-12)^2 rounds to 1 + 2^-11 before -1 is added: 2^-11.
            (
                "v_mad_mix_f32 v0, v1, v1, v3",
                &[(1, 0x3f80_0800), (3, f(-1.0))],
                0x3a00_0000,
            ),
        ],
    );
    // v_mad_mix flushes f32 denormals whatever MODE says (as v_mad_f32).
    let t = "v_mad_mix_f32 v0, v1, v2, v3";
    assert_eq!(r0(G900, 0xf0, t, &[(1, f(1.0)), (2, 0x0040_0000), (3, 0)]), 0);
    same_as_llvm_mc();
}

#[test]
fn fma_mix_gfx906() {
    check(
        G906,
        &[
            (
                "v_fma_mix_f32 v0, v1, v2, v3 op_sel_hi:[1,1,0]",
                &[(1, A), (2, B), (3, f(0.5))],
                f(6.5),
            ),
            (
                "v_fma_mixlo_f16 v0, v1, v2, v3 op_sel_hi:[1,1,1]",
                &[(1, A), (2, B), (3, 0xaaaa_3800)],
                0x1234_4680,
            ),
            (
                "v_fma_mixhi_f16 v0, v1, v2, v3 op_sel:[1,1,0] op_sel_hi:[1,1,1]",
                &[(1, A), (2, B), (3, 0xaaaa_3800)],
                0x3b00_5678,
            ),
            // Fused: (1 + 2^-12)^2 - 1 = 2^-11 + 2^-24, exact.
            (
                "v_fma_mix_f32 v0, v1, v1, v3",
                &[(1, 0x3f80_0800), (3, f(-1.0))],
                0x3a00_0400,
            ),
        ],
    );
    // v_fma_mix follows MODE: a kept denormal.
    let t = "v_fma_mix_f32 v0, v1, v2, v3";
    assert_eq!(r0(G906, 0xf0, t, &[(1, f(1.0)), (2, 0x0040_0000), (3, 0)]), 0x0040_0000);
    assert_eq!(r0(G906, 0xc0, t, &[(1, f(1.0)), (2, 0x0040_0000), (3, 0)]), 0);
    same_as_llvm_mc();
}

#[test]
fn dot_products() {
    check(
        G906,
        &[
            // 2 * 3 + 1.5 * 0.25 + 1 = 7.375.
            (
                "v_dot2_f32_f16 v0, v1, v2, v3",
                &[(1, A), (2, B), (3, f(1.0))],
                f(7.375),
            ),
            // SRC0's halves swapped: 1.5 * 3 + 2 * 0.25 + 1 = 6.
            (
                "v_dot2_f32_f16 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[0,1,1]",
                &[(1, A), (2, B), (3, f(1.0))],
                f(6.0),
            ),
            // NEG_LO on SRC0: -2 * 3 + 0.375 + 1 = -4.625.
            (
                "v_dot2_f32_f16 v0, v1, v2, v3 neg_lo:[1,0,0]",
                &[(1, A), (2, B), (3, f(1.0))],
                f(-4.625),
            ),
            // One rounding: 1 + 2^-24 + 2^-48 (2^-12 * 2^-12, 2^-24 * 2^-24) rounds up to
            // 1 + 2^-23; rounding 1 + 2^-24 first would tie down to 1.0.
            (
                "v_dot2_f32_f16 v0, v1, v1, v3",
                &[(1, 0x0001_0c00), (3, f(1.0))],
                0x3f80_0001,
            ),
            (
                "v_dot2_f32_f16 v0, v1, v2, v3 clamp",
                &[(1, A), (2, B), (3, f(1.0))],
                f(1.0),
            ),
            // 3 * -4 + -2 * 5 + 10 = -12.
            (
                "v_dot2_i32_i16 v0, v1, v2, v3",
                &[(1, 0xfffe_0003), (2, 0x0005_fffc), (3, 10)],
                (-12i32) as u32,
            ),
            // 2^30 + 2^30 wraps to 0x80000000; CLAMP saturates to 0x7fffffff.
            (
                "v_dot2_i32_i16 v0, v1, v1, v3",
                &[(1, 0x8000_8000), (3, 0)],
                0x8000_0000,
            ),
            (
                "v_dot2_i32_i16 v0, v1, v1, v3 clamp",
                &[(1, 0x8000_8000), (3, 0)],
                0x7fff_ffff,
            ),
            // 2 * 0xfffe0001 + 0xffffffff = 0x2fffc0001: wraps to 0xfffc0001.
            (
                "v_dot2_u32_u16 v0, v1, v1, v3",
                &[(1, 0xffff_ffff), (3, 0xffff_ffff)],
                0xfffc_0001,
            ),
            (
                "v_dot2_u32_u16 v0, v1, v1, v3 clamp",
                &[(1, 0xffff_ffff), (3, 0xffff_ffff)],
                0xffff_ffff,
            ),
            (
                "v_dot2_u32_u16 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[0,1,1]",
                &[(1, 0x0002_0003), (2, 0x0005_0007), (3, 1)],
                2 * 7 + 3 * 5 + 1,
            ),
            // Bytes 0x02, 0xff, 0x7f, 0x80 by 0x04, 0x03, 0x02, 0x80, plus 100:
            // signed 8 - 3 + 254 + 16384 + 100 = 16743; unsigned 8 + 765 + 254 + 16384 + 100 = 17511.
            (
                "v_dot4_i32_i8 v0, v1, v2, v3",
                &[(1, 0x807f_ff02), (2, 0x8002_0304), (3, 100)],
                16743,
            ),
            (
                "v_dot4_u32_u8 v0, v1, v2, v3",
                &[(1, 0x807f_ff02), (2, 0x8002_0304), (3, 100)],
                17511,
            ),
            // 4 * 255 * 255 + 0xffffffff wraps to 260099; CLAMP: 0xffffffff.
            (
                "v_dot4_u32_u8 v0, v1, v1, v3",
                &[(1, 0xffff_ffff), (3, 0xffff_ffff)],
                260_099,
            ),
            (
                "v_dot4_u32_u8 v0, v1, v1, v3 clamp",
                &[(1, 0xffff_ffff), (3, 0xffff_ffff)],
                0xffff_ffff,
            ),
            // 4 * (-128)^2 + 0x7fffffff wraps to 0x8000ffff; CLAMP: 0x7fffffff.
            (
                "v_dot4_i32_i8 v0, v1, v1, v3",
                &[(1, 0x8080_8080), (3, 0x7fff_ffff)],
                0x8000_ffff,
            ),
            (
                "v_dot4_i32_i8 v0, v1, v1, v3 clamp",
                &[(1, 0x8080_8080), (3, 0x7fff_ffff)],
                0x7fff_ffff,
            ),
            // Nibbles 1, 7, 0xf by 3, 2, 8: signed 3 + 14 + (-1)(-8) = 25, - 30 = -5;
            // unsigned 3 + 14 + 120 = 137, + 0xffffffe2 wraps to 107, saturates with CLAMP.
            (
                "v_dot8_i32_i4 v0, v1, v2, v3",
                &[(1, 0x0000_0f71), (2, 0x0000_0823), (3, (-30i32) as u32)],
                (-5i32) as u32,
            ),
            (
                "v_dot8_u32_u4 v0, v1, v2, v3",
                &[(1, 0x0000_0f71), (2, 0x0000_0823), (3, (-30i32) as u32)],
                107,
            ),
            (
                "v_dot8_u32_u4 v0, v1, v2, v3 clamp",
                &[(1, 0x0000_0f71), (2, 0x0000_0823), (3, (-30i32) as u32)],
                0xffff_ffff,
            ),
            // All eight nibbles, signed: 8 * (-8)(-8) = 512, + 7 * 7 ... v1 = v2 = 0x88888888.
            ("v_dot8_i32_i4 v0, v1, v1, v3", &[(1, 0x8888_8888), (3, 0)], 512),
            ("v_dot8_u32_u4 v0, v1, v1, v3", &[(1, 0xffff_ffff), (3, 0)], 8 * 225),
        ],
    );
    same_as_llvm_mc();
}

#[test]
fn refused() {
    let mut w = wave(G900, 0xc0);
    // 1/(2*pi) in an f32 source of v_mad_mix: its f16 and f32 readings differ.
    let i = asm_d(G900, Dialect::Llvm, "v_mad_mix_f32 v0, v1, v2, 0.15915494");
    let e = gcnkit::emu::step(&mut w, &i).unwrap_err().to_string();
    assert!(e.contains("inline constant"), "{e}");
    // NEG on a 32-bit source of a dot product (CLRX syntax takes it).
    let mut w = wave(G906, 0xc0);
    let i = asm_d(G906, Dialect::Clrx, "v_dot4_i32_i8 v0, v1, v2, v3 neg_lo:[1,0,0]");
    let e = gcnkit::emu::step(&mut w, &i).unwrap_err().to_string();
    assert!(e.contains("32-bit source"), "{e}");
}

/// Every VOP3P row has semantics.
#[test]
fn every_row_has_semantics() {
    let rows: Vec<_> = isa().defs.iter().filter(|d| d.short == Short::Vop3p).collect();
    assert_eq!(rows.len(), 32);
    // ... and is run by a test of this file (its LLVM name opens a quoted instruction text).
    let src = include_str!("emu_vop3p.rs");
    for d in rows {
        let a = if d.exists_on(G900) { G900 } else { G906 };
        let name = d.llvm[a.index()];
        assert!(d.sem.is_some(), "{name} has no semantics");
        assert!(src.contains(&format!("\"{name} v")), "{name} is not tested here");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 4000, .. Default::default() })]

    /// Any VOP3P word (every modifier bit, any operands), gfx900 and gfx906, any MODE and EXEC:
    /// the emulator runs it or refuses it, never panics.
    #[test]
    fn vop3p_words_never_panic(gfx906: bool, w0: u32, w1: u32, lit: u32, mode in 0u32..0x400, exec: u64) {
        use gcnkit::decode::decode;
        let a = if gfx906 { G906 } else { G900 };
        let w0 = (w0 & 0x007f_ffff) | 0xd380_0000;
        if let Ok(i) = decode(a, &[w0, w1, lit]) {
            let mut w = wave(a, mode);
            w.set_pair(EXEC, exec);
            for l in 0..64 {
                w.v[(l * 5) % 256][l] = (l as u32).wrapping_mul(0x9e37_79b9);
            }
            let _ = gcnkit::emu::step(&mut w, &i);
        }
    }
}
