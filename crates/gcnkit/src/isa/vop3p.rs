//! GCN 1.4's VOP3P rows: packed 16-bit math and the mixed-precision multiply-adds, opcodes
//! and names as clrxdisasm and llvm-mc 14 give them for gfx900 (both agree on every one).

use super::Form::*;
use super::Ty::*;
use super::{Flags, InstrDef, Row};

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let pk = |name, op, form, ty| Row::vop3p(name, op, form, ty, ty);
    let rows = [
        pk("v_pk_mad_i16", 0, Ter, I16).op("D.lo = S0.lo * S1.lo + S2.lo; D.hi likewise (16-bit signed)"),
        pk("v_pk_mul_lo_u16", 1, Bin, U16).op("D.lo = S0.lo * S1.lo (low 16 bits); D.hi likewise"),
        pk("v_pk_add_i16", 2, Bin, I16).op("D.lo = S0.lo + S1.lo; D.hi likewise (16-bit signed)"),
        pk("v_pk_sub_i16", 3, Bin, I16).op("D.lo = S0.lo - S1.lo; D.hi likewise (16-bit signed)"),
        pk("v_pk_lshlrev_b16", 4, Bin, B16).op("D.lo = S1.lo << S0.lo[3:0]; D.hi likewise"),
        pk("v_pk_lshrrev_b16", 5, Bin, B16).op("D.lo = S1.lo >> S0.lo[3:0]; D.hi likewise"),
        pk("v_pk_ashrrev_i16", 6, Bin, I16).op("D.lo = (INT16)S1.lo >> S0.lo[3:0]; D.hi likewise"),
        pk("v_pk_max_i16", 7, Bin, I16).op("D.lo = MAX(S0.lo, S1.lo); D.hi likewise (signed)"),
        pk("v_pk_min_i16", 8, Bin, I16).op("D.lo = MIN(S0.lo, S1.lo); D.hi likewise (signed)"),
        pk("v_pk_mad_u16", 9, Ter, U16).op("D.lo = S0.lo * S1.lo + S2.lo; D.hi likewise (16-bit unsigned)"),
        pk("v_pk_add_u16", 10, Bin, U16).op("D.lo = S0.lo + S1.lo; D.hi likewise (16-bit unsigned)"),
        pk("v_pk_sub_u16", 11, Bin, U16).op("D.lo = S0.lo - S1.lo; D.hi likewise (16-bit unsigned)"),
        pk("v_pk_max_u16", 12, Bin, U16).op("D.lo = MAX(S0.lo, S1.lo); D.hi likewise (unsigned)"),
        pk("v_pk_min_u16", 13, Bin, U16).op("D.lo = MIN(S0.lo, S1.lo); D.hi likewise (unsigned)"),
        pk("v_pk_fma_f16", 14, Ter, F16).op("D.lo = FMA(S0.lo, S1.lo, S2.lo); D.hi likewise (f16)"),
        pk("v_pk_add_f16", 15, Bin, F16).op("D.lo = S0.lo + S1.lo; D.hi likewise (f16)"),
        pk("v_pk_mul_f16", 16, Bin, F16).op("D.lo = S0.lo * S1.lo; D.hi likewise (f16)"),
        pk("v_pk_min_f16", 17, Bin, F16).op("D.lo = MIN(S0.lo, S1.lo); D.hi likewise (f16)"),
        pk("v_pk_max_f16", 18, Bin, F16).op("D.lo = MAX(S0.lo, S1.lo); D.hi likewise (f16)"),
        Row::vop3p("v_mad_mix_f32", 32, Ter, F32, F32)
            .flag(Flags::MIX)
            .op("D = S0 * S1 + S2, each source f32 or (OP_SEL_HI set) the f16 half OP_SEL picks"),
        Row::vop3p("v_mad_mixlo_f16", 33, Ter, F16, F32)
            .flag(Flags::MIX)
            .op("D.lo = (HALF)(S0 * S1 + S2), sources as V_MAD_MIX_F32; D.hi kept"),
        Row::vop3p("v_mad_mixhi_f16", 34, Ter, F16, F32)
            .flag(Flags::MIX)
            .op("D.hi = (HALF)(S0 * S1 + S2), sources as V_MAD_MIX_F32; D.lo kept"),
    ];
    t.extend(rows.into_iter().map(Row::done));
}
