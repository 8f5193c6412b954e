//! GCN 1.4's VOP3P rows: packed 16-bit math and the mixed-precision multiply-adds, opcodes
//! and names as clrxdisasm and llvm-mc 14 give them for gfx900 and gfx906 (both agree on
//! every one); gfx906's dot products, and its fused `v_fma_mix*` at `v_mad_mix*`'s opcodes.

use super::Form::*;
use super::Ty::*;
use super::{Dialects, Exec, Flags, InstrDef, Row, Strings};
use crate::arch::ArchSet;
use crate::emu::ops::vop3p as s;

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let pk = |name, op, form, ty| Row::vop3p(name, op, form, ty, ty);
    let mut rows = vec![
        pk("v_pk_mad_i16", 0, Ter, I16)
            .op("D.lo = S0.lo * S1.lo + S2.lo; D.hi likewise (16-bit signed)")
            .sem(s::pk_mad_i16),
        pk("v_pk_mul_lo_u16", 1, Bin, U16)
            .op("D.lo = S0.lo * S1.lo (low 16 bits); D.hi likewise")
            .sem(s::pk_mul_lo_u16),
        pk("v_pk_add_i16", 2, Bin, I16)
            .op("D.lo = S0.lo + S1.lo; D.hi likewise (16-bit signed)")
            .sem(s::pk_add_i16),
        pk("v_pk_sub_i16", 3, Bin, I16)
            .op("D.lo = S0.lo - S1.lo; D.hi likewise (16-bit signed)")
            .sem(s::pk_sub_i16),
        pk("v_pk_lshlrev_b16", 4, Bin, B16)
            .op("D.lo = S1.lo << S0.lo[3:0]; D.hi likewise")
            .sem(s::pk_lshlrev_b16),
        pk("v_pk_lshrrev_b16", 5, Bin, B16)
            .op("D.lo = S1.lo >> S0.lo[3:0]; D.hi likewise")
            .sem(s::pk_lshrrev_b16),
        pk("v_pk_ashrrev_i16", 6, Bin, I16)
            .op("D.lo = (INT16)S1.lo >> S0.lo[3:0]; D.hi likewise")
            .sem(s::pk_ashrrev_i16),
        pk("v_pk_max_i16", 7, Bin, I16)
            .op("D.lo = MAX(S0.lo, S1.lo); D.hi likewise (signed)")
            .sem(s::pk_max_i16),
        pk("v_pk_min_i16", 8, Bin, I16)
            .op("D.lo = MIN(S0.lo, S1.lo); D.hi likewise (signed)")
            .sem(s::pk_min_i16),
        pk("v_pk_mad_u16", 9, Ter, U16)
            .op("D.lo = S0.lo * S1.lo + S2.lo; D.hi likewise (16-bit unsigned)")
            .sem(s::pk_mad_u16),
        pk("v_pk_add_u16", 10, Bin, U16)
            .op("D.lo = S0.lo + S1.lo; D.hi likewise (16-bit unsigned)")
            .sem(s::pk_add_u16),
        pk("v_pk_sub_u16", 11, Bin, U16)
            .op("D.lo = S0.lo - S1.lo; D.hi likewise (16-bit unsigned)")
            .sem(s::pk_sub_u16),
        pk("v_pk_max_u16", 12, Bin, U16)
            .op("D.lo = MAX(S0.lo, S1.lo); D.hi likewise (unsigned)")
            .sem(s::pk_max_u16),
        pk("v_pk_min_u16", 13, Bin, U16)
            .op("D.lo = MIN(S0.lo, S1.lo); D.hi likewise (unsigned)")
            .sem(s::pk_min_u16),
        pk("v_pk_fma_f16", 14, Ter, F16)
            .op("D.lo = FMA(S0.lo, S1.lo, S2.lo); D.hi likewise (f16)")
            .sem(s::pk_fma_f16)
            .flag(Flags::PACKED16),
        pk("v_pk_add_f16", 15, Bin, F16)
            .op("D.lo = S0.lo + S1.lo; D.hi likewise (f16)")
            .sem(s::pk_add_f16)
            .flag(Flags::PACKED16),
        pk("v_pk_mul_f16", 16, Bin, F16)
            .op("D.lo = S0.lo * S1.lo; D.hi likewise (f16)")
            .sem(s::pk_mul_f16)
            .flag(Flags::PACKED16),
        pk("v_pk_min_f16", 17, Bin, F16)
            .op("D.lo = MIN(S0.lo, S1.lo); D.hi likewise (f16)")
            .sem(s::pk_min_f16)
            .flag(Flags::PACKED16),
        pk("v_pk_max_f16", 18, Bin, F16)
            .op("D.lo = MAX(S0.lo, S1.lo); D.hi likewise (f16)")
            .sem(s::pk_max_f16)
            .flag(Flags::PACKED16),
        // GCN 1.4.1 (gfx906): dot products; both oracles agree on names, opcodes and text.
        Row::vop3p("v_dot2_f32_f16", 35, Ter, F32, F16)
            .tys(F32, F16, F16, F32)
            .sem(s::dot2_f32_f16)
            .flag(Flags::GFX906)
            .op("D = S0.lo * S1.lo + S0.hi * S1.hi + S2 (f16 products, f32 sum)"),
        Row::vop3p("v_dot2_i32_i16", 38, Ter, I32, I16)
            .tys(I32, I16, I16, I32)
            .sem(s::dot2_i32_i16)
            .flag(Flags::GFX906)
            .op("D = S0.lo * S1.lo + S0.hi * S1.hi + S2 (signed 16-bit)"),
        Row::vop3p("v_dot2_u32_u16", 39, Ter, U32, U16)
            .tys(U32, U16, U16, U32)
            .sem(s::dot2_u32_u16)
            .flag(Flags::GFX906)
            .op("D = S0.lo * S1.lo + S0.hi * S1.hi + S2 (unsigned 16-bit)"),
        Row::vop3p("v_dot4_i32_i8", 40, Ter, I32, I32)
            .sem(s::dot4_i32_i8)
            .flag(Flags::GFX906)
            .op("D = sum of S0.byte[k] * S1.byte[k], k = 0..3, + S2 (signed bytes)"),
        Row::vop3p("v_dot4_u32_u8", 41, Ter, U32, U32)
            .sem(s::dot4_u32_u8)
            .flag(Flags::GFX906)
            .op("D = sum of S0.byte[k] * S1.byte[k], k = 0..3, + S2 (unsigned bytes)"),
        Row::vop3p("v_dot8_i32_i4", 42, Ter, I32, I32)
            .sem(s::dot8_i32_i4)
            .flag(Flags::GFX906)
            .op("D = sum of S0.nibble[k] * S1.nibble[k], k = 0..7, + S2 (signed nibbles)"),
        Row::vop3p("v_dot8_u32_u4", 43, Ter, U32, U32)
            .sem(s::dot8_u32_u4)
            .flag(Flags::GFX906)
            .op("D = sum of S0.nibble[k] * S1.nibble[k], k = 0..7, + S2 (unsigned nibbles)"),
    ];
    // The mixed-precision multiply-adds (`@`: the operation): gfx900's v_mad_mix* (not fused); gfx906 fuses them
    // under the v_fma_mix* names at the same opcodes (clrxasm still takes the old names there).
    let mix = [
        (
            "mix_f32",
            32,
            F32,
            "D = @, each source f32 or (OP_SEL_HI set) the f16 half OP_SEL picks",
            Exec::Plain,
        ),
        (
            "mixlo_f16",
            33,
            F16,
            "D.lo = (HALF)(@), sources as V_MAD_MIX_F32; D.hi kept",
            Exec::LowHalf,
        ),
        (
            "mixhi_f16",
            34,
            F16,
            "D.hi = (HALF)(@), sources as V_MAD_MIX_F32; D.lo kept",
            Exec::HighHalf,
        ),
    ];
    let mut strings = Strings::new();
    for (fused, flag, op_text) in [
        (false, Flags::NOT_GFX906, "S0 * S1 + S2"),
        (true, Flags::GFX906, "FMA(S0, S1, S2)"),
    ] {
        for (suffix, op, dst, text, exec) in mix {
            let mad = strings.join(&["v_mad_", suffix]);
            let name = if fused { strings.join(&["v_fma_", suffix]) } else { mad };
            let mut r = Row::vop3p(name, op, Ter, dst, F32)
                .flag(Flags::MIX)
                .flag(flag)
                .op(strings.fill(text, op_text, ""))
                .exec(exec)
                .sem(match (fused, dst) {
                    (false, F32) => s::mad_mix_f32,
                    (false, _) => s::mad_mix_f16,
                    (true, F32) => s::fma_mix_f32,
                    (true, _) => s::fma_mix_f16,
                });
            if fused {
                r = r.alias(Dialects::CLRX, ArchSet::GFX9, mad);
            }
            rows.push(r);
        }
    }
    t.extend(rows.into_iter().map(Row::done));
}
