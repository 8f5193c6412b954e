//! Instructions that exist only in the VOP3 encoding (VOP3A, and VOP3B where the form says).
//! Opcode arrays are `[GCN1.0, GCN1.1, GCN1.2, GCN1.4]`; `X` = absent. Sources: CLRX's wiki page
//! GcnInstrsVop3 (its second table column is GCN 1.1), llvm-mc for GCN 1.4.

use super::Form::*;
use super::Ty::*;
use super::{Dialects as D, Exec, Flags, InstrDef, Row, X};
use crate::arch::ArchSet as A;
use crate::emu::ops::vop3 as e;

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let v = Row::vop3;
    let op = Flags::OPSEL;
    let ic = Flags::INT_CLAMP;
    let nd = Flags::NO_DST_OVERLAP;
    let rows = vec![
        v("v_mad_legacy_f32", [320, 320, 448, 448], Ter, F32)
            .sem(e::mad_legacy_f32)
            .op("if (ASFLOAT(SRC0)!=0.0 && ASFLOAT(SRC1)!=0.0) VDST = ASFLOAT(SRC0) * ASFLOAT(SRC1) + ASFLOAT(SRC2) else VDST = SRC2 (denormals flushed)"),
        v("v_mad_f32", [321, 321, 449, 449], Ter, F32)
            .sem(e::mad_f32)
            .op("VDST = ASFLOAT(SRC0) * ASFLOAT(SRC1) + ASFLOAT(SRC2) (not fused, denormals flushed)"),
        v("v_mad_i32_i24", [322, 322, 450, 450], Ter, I32)
            .flag(ic)
            .sem(e::mad_i32_i24)
            .op("VDST = SEXT24(SRC0) * SEXT24(SRC1) + SRC2 (CLAMP saturates)"),
        v("v_mad_u32_u24", [323, 323, 451, 451], Ter, U32)
            .flag(ic)
            .sem(e::mad_u32_u24)
            .op("VDST = (UINT32)(SRC0&0xffffff) * (UINT32)(SRC1&0xffffff) + SRC2 (CLAMP saturates)"),
        v("v_cubeid_f32", [324, 324, 452, 452], Ter, F32)
            .sem(e::cubeid_f32)
            .op("if (ABS(SF2) >= ABS(SF1) && ABS(SF2) >= ABS(SF0)) VDST = (SF2 >= 0.0) ? 4 : 5 else if (ABS(SF1) >= ABS(SF0)) VDST = (SF1 >= 0.0) ? 2 : 3 else VDST = (SF0 >= 0.0) ? 0 : 1"),
        v("v_cubesc_f32", [325, 325, 453, 453], Ter, F32)
            .sem(e::cubesc_f32)
            .op("if (ABS(SF2) >= ABS(SF1) && ABS(SF2) >= ABS(SF0)) VDST = SIGN(SF2) * SF0 else if (ABS(SF1) >= ABS(SF0)) VDST = SF0 else VDST = -SIGN(SF0) * SF2"),
        v("v_cubetc_f32", [326, 326, 454, 454], Ter, F32)
            .sem(e::cubetc_f32)
            .op("if (ABS(SF2) >= ABS(SF1) && ABS(SF2) >= ABS(SF0)) VDST = -SF1 else if (ABS(SF1) >= ABS(SF0)) VDST = SIGN(SF1) * SF2 else VDST = -SF1"),
        v("v_cubema_f32", [327, 327, 455, 455], Ter, F32)
            .sem(e::cubema_f32)
            .op("if (ABS(SF2) >= ABS(SF1) && ABS(SF2) >= ABS(SF0)) VDST = 2*SF2 else if (ABS(SF1) >= ABS(SF0)) VDST = 2*SF1 else VDST = 2*SF0"),
        v("v_bfe_u32", [328, 328, 456, 456], Ter, U32)
            .sem(e::bfe_u32)
            .op("shift = SRC1 & 31; length = SRC2 & 31; VDST = length==0 ? 0 : shift+length < 32 ? SRC0 << (32 - shift - length) >> (32 - length) : SRC0 >> shift"),
        v("v_bfe_i32", [329, 329, 457, 457], Ter, I32)
            .tys(I32, I32, U32, U32)
            .sem(e::bfe_i32)
            .op("shift = SRC1 & 31; length = SRC2 & 31; VDST = length==0 ? 0 : shift+length < 32 ? (INT32)(SRC0 << (32 - shift - length)) >> (32 - length) : (INT32)SRC0 >> shift"),
        v("v_bfi_b32", [330, 330, 458, 458], Ter, B32)
            .sem(e::bfi_b32)
            .op("VDST = (SRC0 & SRC1) | (~SRC0 & SRC2)"),
        v("v_fma_f32", [331, 331, 459, 459], Ter, F32)
            .sem(e::fma_f32)
            .op("VDST = FMA(ASFLOAT(SRC0), ASFLOAT(SRC1), ASFLOAT(SRC2))"),
        v("v_fma_f64", [332, 332, 460, 460], Ter, F64)
            .sem(e::fma_f64)
            .op("VDST = FMA(ASDOUBLE(SRC0), ASDOUBLE(SRC1), ASDOUBLE(SRC2))"),
        v("v_lerp_u8", [333, 333, 461, 461], Ter, U32)
            .sem(e::lerp_u8)
            .op("for i in 0..3: VDST.byte[i] = (SRC0.byte[i] + SRC1.byte[i] + (SRC2.byte[i] & 1)) >> 1"),
        v("v_alignbit_b32", [334, 334, 462, 462], Ter, B32)
            .sem(e::alignbit_b32)
            .op("VDST = (((UINT64)SRC0 << 32) | SRC1) >> (SRC2&31)"),
        v("v_alignbyte_b32", [335, 335, 463, 463], Ter, B32)
            .sem(e::alignbyte_b32)
            .op("VDST = (((UINT64)SRC0 << 32) | SRC1) >> ((SRC2&3)*8)"),
        v("v_mullit_f32", [336, 336, X, X], Ter, F32)
            .sem(e::mullit_f32)
            .op("VDST = -MAX_FLOAT; if (ASFLOAT(SRC2) > 0.0 && !ISNAN(ASFLOAT(SRC2))) VDST = (ASFLOAT(SRC0)!=0.0 && ASFLOAT(SRC1)!=0.0) ? ASFLOAT(SRC0) * ASFLOAT(SRC1) : 0.0"),
        v("v_min3_f32", [337, 337, 464, 464], Ter, F32)
            .sem(e::min3_f32)
            .op("if (ISNAN(SF0)) VDST = MIN(SF1, SF2) else if (ISNAN(SF1)) VDST = MIN(SF0, SF2) else if (ISNAN(SF2)) VDST = MIN(SF0, SF1) else if (SF2 < SF0 && SF2 < SF1) VDST = SF2 else VDST = MIN(SF1, SF0)"),
        v("v_min3_i32", [338, 338, 465, 465], Ter, I32)
            .sem(e::min3_i32)
            .op("VDST = ((INT32)SRC2 < (INT32)SRC0 && (INT32)SRC2 < (INT32)SRC1) ? SRC2 : MIN((INT32)SRC1, (INT32)SRC0)"),
        v("v_min3_u32", [339, 339, 466, 466], Ter, U32)
            .sem(e::min3_u32)
            .op("VDST = (SRC2 < SRC0 && SRC2 < SRC1) ? SRC2 : MIN(SRC1, SRC0)"),
        v("v_max3_f32", [340, 340, 467, 467], Ter, F32)
            .sem(e::max3_f32)
            .op("if (ISNAN(SF0)) VDST = MAX(SF1, SF2) else if (ISNAN(SF1)) VDST = MAX(SF0, SF2) else if (ISNAN(SF2)) VDST = MAX(SF0, SF1) else if (SF2 > SF0 && SF2 > SF1) VDST = SF2 else VDST = MAX(SF1, SF0)"),
        v("v_max3_i32", [341, 341, 468, 468], Ter, I32)
            .sem(e::max3_i32)
            .op("VDST = ((INT32)SRC2 > (INT32)SRC0 && (INT32)SRC2 > (INT32)SRC1) ? SRC2 : MAX((INT32)SRC1, (INT32)SRC0)"),
        v("v_max3_u32", [342, 342, 469, 469], Ter, U32)
            .sem(e::max3_u32)
            .op("VDST = (SRC2 > SRC0 && SRC2 > SRC1) ? SRC2 : MAX(SRC1, SRC0)"),
        v("v_med3_f32", [343, 343, 470, 470], Ter, F32)
            .sem(e::med3_f32)
            .op("if (ISNAN(SF0)) VDST = MIN(SF1, SF2) else if (ISNAN(SF1)) VDST = MIN(SF0, SF2) else if (ISNAN(SF2)) VDST = MIN(SF0, SF1) else if (MAX3(SF0, SF1, SF2) == SF0) VDST = MAX(SF1, SF2) else if (MAX3(SF0, SF1, SF2) == SF1) VDST = MAX(SF0, SF2) else VDST = MAX(SF0, SF1)"),
        v("v_med3_i32", [344, 344, 471, 471], Ter, I32)
            .sem(e::med3_i32)
            .op("VDST = MEDIAN((INT32)SRC0, (INT32)SRC1, (INT32)SRC2)"),
        v("v_med3_u32", [345, 345, 472, 472], Ter, U32)
            .sem(e::med3_u32)
            .op("VDST = MEDIAN(SRC0, SRC1, SRC2)"),
        v("v_sad_u8", [346, 346, 473, 473], Ter, U32)
            .flag(ic)
            .sem(e::sad_u8)
            .op("VDST = SRC2; for i in 0..3: VDST += ABS(SRC0.byte[i] - SRC1.byte[i]) (CLAMP saturates)"),
        v("v_sad_hi_u8", [347, 347, 474, 474], Ter, U32)
            .flag(ic)
            .sem(e::sad_hi_u8)
            .op("VDST = SRC2; for i in 0..3: VDST += ABS(SRC0.byte[i] - SRC1.byte[i]) << 16 (CLAMP saturates)"),
        v("v_sad_u16", [348, 348, 475, 475], Ter, U32)
            .flag(ic)
            .sem(e::sad_u16)
            .op("VDST = SRC2 + ABS((SRC0 & 0xffff) - (SRC1 & 0xffff)) + ABS((SRC0 >> 16) - (SRC1 >> 16)) (CLAMP saturates)"),
        v("v_sad_u32", [349, 349, 476, 476], Ter, U32)
            .flag(ic)
            .sem(e::sad_u32)
            .op("VDST = SRC2 + ABS(SRC0 - SRC1) (CLAMP saturates)"),
        v("v_cvt_pk_u8_f32", [350, 350, 477, 477], Ter, F32)
            .tys(B32, F32, U32, U32)
            .flag(ic)
            .sem(e::cvt_pk_u8_f32)
            .op("shift = (SRC1&3) * 8; mask = 0xff << shift; f = RNDINT(ASFLOAT(SRC0)); VAL8 = ISNAN(f) ? 0 : (UINT8)MAX(MIN(f, 255.0), 0.0); VDST = (SRC2&~mask) | ((UINT32)VAL8 << shift)"),
        v("v_div_fixup_f32", [351, 351, 478, 478], Ter, F32)
            .sem(e::div_fixup_f32)
            .op("if (ISNAN(SF1) && !ISNAN(SF2)) VDST = QUIETNAN(SF1) else if (ISNAN(SF2)) VDST = QUIETNAN(SF2) else if (SF1 == 0.0 && SF2 == 0.0) VDST = NAN else if (ABS(SF1)==INF && ABS(SF2)==INF) VDST = -NAN else if (SF1 == 0.0) VDST = INF*SIGN(SF1)*SIGN(SF2) else if (ABS(SF1) == INF) VDST = SIGN(SF1)*SIGN(SF2) >= 0 ? 0.0 : -0.0 else if (ISNAN(SF0)) VDST = SIGN(SF1)*SIGN(SF2)*INF else VDST = SF0"),
        v("v_div_fixup_f64", [352, 352, 479, 479], Ter, F64)
            .sem(e::div_fixup_f64)
            .op("if (ISNAN(SD1) && !ISNAN(SD2)) VDST = QUIETNAN(SD1) else if (ISNAN(SD2)) VDST = QUIETNAN(SD2) else if (SD1 == 0.0 && SD2 == 0.0) VDST = NAN else if (ABS(SD1)==INF && ABS(SD2)==INF) VDST = -NAN else if (SD1 == 0.0) VDST = INF*SIGN(SD1)*SIGN(SD2) else if (ABS(SD1) == INF) VDST = SIGN(SD1)*SIGN(SD2) >= 0 ? 0.0 : -0.0 else if (ISNAN(SD0)) VDST = SIGN(SD1)*SIGN(SD2)*INF else VDST = SD0"),
        v("v_lshl_b64", [353, 353, X, X], Bin, B64)
            .tys(B64, B64, U32, U32)
            .sem(e::lshl_b64)
            .op("VDST = SRC0 << (SRC1&63)"),
        v("v_lshr_b64", [354, 354, X, X], Bin, B64)
            .tys(B64, B64, U32, U32)
            .sem(e::lshr_b64)
            .op("VDST = SRC0 >> (SRC1&63)"),
        v("v_ashr_i64", [355, 355, X, X], Bin, I64)
            .tys(I64, I64, U32, U32)
            .sem(e::ashr_i64)
            .op("VDST = (INT64)SRC0 >> (SRC1&63)"),
        v("v_add_f64", [356, 356, 640, 640], Bin, F64)
            .sem(e::add_f64)
            .op("VDST = ASDOUBLE(SRC0) + ASDOUBLE(SRC1)"),
        v("v_mul_f64", [357, 357, 641, 641], Bin, F64)
            .sem(e::mul_f64)
            .op("VDST = ASDOUBLE(SRC0) * ASDOUBLE(SRC1)"),
        v("v_min_f64", [358, 358, 642, 642], Bin, F64)
            .sem(e::min_f64)
            .op("VDST = MIN(ASDOUBLE(SRC0), ASDOUBLE(SRC1)) (IEEE minNum: a NaN operand gives the other)"),
        v("v_max_f64", [359, 359, 643, 643], Bin, F64)
            .sem(e::max_f64)
            .op("VDST = MAX(ASDOUBLE(SRC0), ASDOUBLE(SRC1)) (IEEE maxNum: a NaN operand gives the other)"),
        v("v_ldexp_f64", [360, 360, 644, 644], Bin, F64)
            .tys(F64, F64, I32, I32)
            .sem(e::ldexp_f64)
            .op("VDST = ASDOUBLE(SRC0) * POW(2.0, (INT32)SRC1)"),
        v("v_mul_lo_u32", [361, 361, 645, 645], Bin, U32)
            .flag(Flags::QUARTER_RATE)
            .alias(D::LLVM, A::VIPLUS, "v_mul_lo_i32")
            .sem(e::mul_lo_u32)
            .op("VDST = SRC0 * SRC1"),
        v("v_mul_hi_u32", [362, 362, 646, 646], Bin, U32)
            .flag(Flags::QUARTER_RATE)
            .sem(e::mul_hi_u32)
            .op("VDST = ((UINT64)SRC0 * SRC1) >> 32"),
        v("v_mul_lo_i32", [363, 363, X, X], Bin, I32)
            .flag(Flags::QUARTER_RATE)
            .sem(e::mul_lo_i32)
            .op("VDST = (INT32)SRC0 * (INT32)SRC1"),
        v("v_mul_hi_i32", [364, 364, 647, 647], Bin, I32)
            .flag(Flags::QUARTER_RATE)
            .sem(e::mul_hi_i32)
            .op("VDST = ((INT64)(INT32)SRC0 * (INT32)SRC1) >> 32"),
        v("v_div_scale_f32", [365, 365, 480, 480], Vop3b, F32)
            .sem(e::div_scale_f32)
            .op("SDST = 0; VDST = SRC0; if (SF2 == 0 || SF1 == 0) VDST = NAN else if (EXP(SF2) - EXP(SF1) >= 96) { SDST = 1; if (SF0 == SF1) VDST = LDEXP(SF0, 64) } else if (ISDENORM(SF1)) VDST = LDEXP(SF0, 64) else if (ISDENORM(1/SF1) && ISDENORM(SF2/SF1)) { SDST = 1; if (SF0 == SF1) VDST = LDEXP(SF0, 64) } else if (ISDENORM(1/SF1)) VDST = LDEXP(SF0, -64) else if (ISDENORM(SF2/SF1)) { SDST = 1; if (SF0 == SF2) VDST = LDEXP(SF0, 64) } else if (EXP(SF2) <= 23) VDST = LDEXP(SF0, 64) (inferred: AMD ISA; EXP = biased exponent field)"),
        v("v_div_scale_f64", [366, 366, 481, 481], Vop3b, F64)
            .sem(e::div_scale_f64)
            .op("SDST = 0; VDST = SRC0; if (SD2 == 0 || SD1 == 0) VDST = NAN else if (EXP(SD2) - EXP(SD1) >= 768) { SDST = 1; if (SD0 == SD1) VDST = LDEXP(SD0, 128) } else if (ISDENORM(SD1)) VDST = LDEXP(SD0, 128) else if (ISDENORM(1/SD1) && ISDENORM(SD2/SD1)) { SDST = 1; if (SD0 == SD1) VDST = LDEXP(SD0, 128) } else if (ISDENORM(1/SD1)) VDST = LDEXP(SD0, -128) else if (ISDENORM(SD2/SD1)) { SDST = 1; if (SD0 == SD2) VDST = LDEXP(SD0, 128) } else if (EXP(SD2) <= 53) VDST = LDEXP(SD0, 128) (inferred: AMD ISA; EXP = biased exponent field)"),
        v("v_div_fmas_f32", [367, 367, 482, 482], Ter, F32)
            .flag(Flags::READS_VCC)
            .sem(e::div_fmas_f32)
            .exec(Exec::RawSources)
            .op("VDST = FMA(ASFLOAT(SRC0), ASFLOAT(SRC1), ASFLOAT(SRC2)) * (VCC[LANEID] ? POW(2.0, 32) : 1.0) (one rounding; inferred: AMD ISA)"),
        v("v_div_fmas_f64", [368, 368, 483, 483], Ter, F64)
            .flag(Flags::READS_VCC)
            .sem(e::div_fmas_f64)
            .exec(Exec::RawSources)
            .op("VDST = FMA(ASDOUBLE(SRC0), ASDOUBLE(SRC1), ASDOUBLE(SRC2)) * (VCC[LANEID] ? POW(2.0, 64) : 1.0) (one rounding; inferred: AMD ISA)"),
        v("v_msad_u8", [369, 369, 484, 484], Ter, U32)
            .flag(ic)
            .sem(e::msad_u8)
            .op("VDST = SRC2; for i in 0..3: if (SRC1.byte[i] != 0) VDST += ABS(SRC0.byte[i] - SRC1.byte[i]) (inferred: AMD ISA, CLRX GCN 1.4 page) (CLAMP saturates)"),
        v("v_qsad_u8", [370, 370, 485, 485], Ter, B64)
            .tys(B64, B64, U32, B64)
            .name_on(A::CI | A::VIPLUS, "v_qsad_pk_u16_u8")
            .no_llvm_on(A::SI)
            .flag(ic)
            .flag(nd)
            .alias(D::CLRX, A::CI | A::VIPLUS, "v_qsad_u8")
            .sem(e::qsad_pk_u16_u8)
            .op("for i in 0..3: VDST.u16[i] = SRC2.u16[i] + SAD_U8((UINT32)(SRC0 >> (8*i)), SRC1) (inferred: AMD ISA, CLRX GCN 1.4 page) (CLAMP saturates)"),
        v("v_mqsad_u8", [371, 371, 486, 486], Ter, B64)
            .tys(B64, B64, U32, B64)
            .name_on(A::CI | A::VIPLUS, "v_mqsad_pk_u16_u8")
            .llvm_on(A::SI, "v_mqsad_pk_u16_u8")
            .flag(ic)
            .flag(nd)
            .alias(D::CLRX, A::CI | A::VIPLUS, "v_mqsad_u8")
            .sem(e::mqsad_pk_u16_u8)
            .op("for i in 0..3: VDST.u16[i] = SRC2.u16[i] + MSAD_U8((UINT32)(SRC0 >> (8*i)), SRC1) (inferred: AMD ISA, CLRX GCN 1.4 page) (CLAMP saturates)"),
        v("v_trig_preop_f64", [372, 372, 658, 658], Bin, F64)
            .tys(F64, F64, U32, U32)
            .sem(e::trig_preop_f64)
            .op("shift = (SRC1&31) * 53; if (EXP(SD0) > 1077) shift += EXP(SD0) - 1077; VDST = (DOUBLE)TWOBYPI[shift : shift+52] * POW(2.0, -53 - shift + (EXP(SD0) >= 1968 ? 128 : 0)), round toward zero; NaN SD0 gives QUIETNAN(SD0) (inferred: AMD ISA, LLVM constant folding)"),
        v("v_mqsad_u32_u8", [X, 373, 487, 487], Ter, B128)
            .tys(B128, B64, U32, B128)
            .flag(ic)
            .flag(nd)
            .sem(e::mqsad_u32_u8)
            .op("for i in 0..3: VDST.u32[i] = SRC2.u32[i] + MSAD_U8((UINT32)(SRC0 >> (8*i)), SRC1) (inferred: AMD ISA, CLRX GCN 1.4 page) (CLAMP saturates)"),
        v("v_mad_u64_u32", [X, 374, 488, 488], Vop3b, U64)
            .flag(Flags::QUARTER_RATE)
            .tys(U64, U32, U32, U64)
            .flag(ic)
            .sem(e::mad_u64_u32)
            .op("{SDST[LANEID], VDST} = (UINT64)SRC0 * SRC1 + SRC2 (65-bit result; inferred: AMD ISA) (CLAMP saturates)"),
        v("v_mad_i64_i32", [X, 375, 489, 489], Vop3b, I64)
            .flag(Flags::QUARTER_RATE)
            .tys(I64, I32, I32, I64)
            .flag(ic)
            .sem(e::mad_i64_i32)
            .op("{SDST[LANEID], VDST} = (INT64)(INT32)SRC0 * (INT32)SRC1 + (INT64)SRC2 (65-bit signed result, SDST = its bit 64; inferred) (CLAMP saturates)"),
        // GCN 1.2: 16-bit three-operand ops; GCN 1.4 keeps the old opcodes as *_legacy_*
        // and gives the op_sel-capable versions new ones.
        v("v_mad_f16", [X, X, 490, 0x203], Ter, F16)
            .flag(op)
            .sem(e::mad_f16)
            .op("VDST = ASHALF(SRC0) * ASHALF(SRC1) + ASHALF(SRC2) (not fused, denormals flushed)"),
        v("v_mad_u16", [X, X, 491, 0x204], Ter, U16)
            .flag(op)
            .flag(ic)
            .sem(e::mad_u16)
            .op("VDST = ((SRC0 & 0xffff) * (SRC1 & 0xffff) + (SRC2 & 0xffff)) & 0xffff (CLAMP saturates)"),
        v("v_mad_i16", [X, X, 492, 0x205], Ter, I16)
            .flag(op)
            .flag(ic)
            .sem(e::mad_i16)
            .op("VDST = ((INT16)SRC0 * (INT16)SRC1 + (INT16)SRC2) & 0xffff (CLAMP saturates)"),
        v("v_perm_b32", [X, X, 493, 493], Ter, B32)
            .sem(e::perm_b32)
            .op("for i in 0..3: sel = SRC2.byte[i]; q = ((UINT64)SRC0 << 32) | SRC1; VDST.byte[i] = sel >= 13 ? 0xff : sel == 12 ? 0 : sel >= 8 ? 0xff * ((q >> ((sel-8)*16 + 15)) & 1) : q.byte[sel] (inferred: AMD ISA)"),
        v("v_fma_f16", [X, X, 494, 0x206], Ter, F16)
            .flag(op)
            .sem(e::fma_f16)
            .op("VDST = FMA(ASHALF(SRC0), ASHALF(SRC1), ASHALF(SRC2))"),
        v("v_div_fixup_f16", [X, X, 495, 0x207], Ter, F16)
            .flag(op)
            .sem(e::div_fixup_f16)
            .op("V_DIV_FIXUP_F32's operation on ASHALF(SRC0), ASHALF(SRC1), ASHALF(SRC2) (NAN = 0x7e00)"),
        v("v_mad_legacy_f16", [X, X, X, 490], Ter, F16)
            .sem(e::mad_f16)
            .op("VDST = ASHALF(SRC0) * ASHALF(SRC1) + ASHALF(SRC2) (not fused, denormals flushed)"),
        v("v_mad_legacy_u16", [X, X, X, 491], Ter, U16)
            .flag(ic)
            .sem(e::mad_u16)
            .op("VDST = ((SRC0 & 0xffff) * (SRC1 & 0xffff) + (SRC2 & 0xffff)) & 0xffff (CLAMP saturates)"),
        v("v_mad_legacy_i16", [X, X, X, 492], Ter, I16)
            .flag(ic)
            .sem(e::mad_i16)
            .op("VDST = ((INT16)SRC0 * (INT16)SRC1 + (INT16)SRC2) & 0xffff (CLAMP saturates)"),
        v("v_fma_legacy_f16", [X, X, X, 494], Ter, F16)
            .sem(e::fma_f16)
            .op("VDST = FMA(ASHALF(SRC0), ASHALF(SRC1), ASHALF(SRC2))"),
        v("v_div_fixup_legacy_f16", [X, X, X, 495], Ter, F16)
            .sem(e::div_fixup_f16)
            .op("V_DIV_FIXUP_F32's operation on ASHALF(SRC0), ASHALF(SRC1), ASHALF(SRC2) (NAN = 0x7e00)"),
        v("v_lshlrev_b64", [X, X, 655, 655], Bin, B64)
            .flag(Flags::REV)
            .tys(B64, U32, B64, B64)
            .sem(e::lshlrev_b64)
            .op("VDST = SRC1 << (SRC0&63)"),
        v("v_lshrrev_b64", [X, X, 656, 656], Bin, B64)
            .flag(Flags::REV)
            .tys(B64, U32, B64, B64)
            .sem(e::lshrrev_b64)
            .op("VDST = SRC1 >> (SRC0&63)"),
        v("v_ashrrev_i64", [X, X, 657, 657], Bin, I64)
            .flag(Flags::REV)
            .tys(I64, U32, I64, I64)
            .sem(e::ashrrev_i64)
            .op("VDST = (INT64)SRC1 >> (SRC0&63)"),
        // GCN 1.4 additions
        v("v_mad_u32_u16", [X, X, X, 0x1f1], Ter, U32)
            .tys(U32, U16, U16, U32)
            .flag(op)
            .flag(ic)
            .sem(e::mad_u32_u16)
            .op("VDST = (UINT32)((SRC0&0xffff) * (SRC1&0xffff)) + SRC2 (inferred: AMD ISA) (CLAMP saturates)"),
        v("v_mad_i32_i16", [X, X, X, 0x1f2], Ter, I32)
            .tys(I32, I16, I16, I32)
            .flag(op)
            .flag(ic)
            .sem(e::mad_i32_i16)
            .op("VDST = (INT32)(INT16)SRC0 * (INT16)SRC1 + SRC2 (inferred: AMD ISA) (CLAMP saturates)"),
        v("v_xad_u32", [X, X, X, 0x1f3], Ter, U32)
            .sem(e::xad_u32)
            .op("VDST = (SRC0 ^ SRC1) + SRC2 (inferred: AMD ISA)"),
        v("v_min3_f16", [X, X, X, 0x1f4], Ter, F16)
            .flag(op)
            .sem(e::min3_f16)
            .op("V_MIN3_F32's operation on ASHALF(SRC0), ASHALF(SRC1), ASHALF(SRC2) (inferred: AMD ISA)"),
        v("v_min3_i16", [X, X, X, 0x1f5], Ter, I16)
            .flag(op)
            .flag(ic)
            .sem(e::min3_i16)
            .op("VDST = MIN((INT16)SRC0, (INT16)SRC1, (INT16)SRC2) & 0xffff (inferred: AMD ISA)"),
        v("v_min3_u16", [X, X, X, 0x1f6], Ter, U16)
            .flag(op)
            .flag(ic)
            .sem(e::min3_u16)
            .op("VDST = MIN((UINT16)SRC0, (UINT16)SRC1, (UINT16)SRC2) (inferred: AMD ISA)"),
        v("v_max3_f16", [X, X, X, 0x1f7], Ter, F16)
            .flag(op)
            .sem(e::max3_f16)
            .op("V_MAX3_F32's operation on ASHALF(SRC0), ASHALF(SRC1), ASHALF(SRC2) (inferred: AMD ISA)"),
        v("v_max3_i16", [X, X, X, 0x1f8], Ter, I16)
            .flag(op)
            .flag(ic)
            .sem(e::max3_i16)
            .op("VDST = MAX((INT16)SRC0, (INT16)SRC1, (INT16)SRC2) & 0xffff (inferred: AMD ISA)"),
        v("v_max3_u16", [X, X, X, 0x1f9], Ter, U16)
            .flag(op)
            .flag(ic)
            .sem(e::max3_u16)
            .op("VDST = MAX((UINT16)SRC0, (UINT16)SRC1, (UINT16)SRC2) (inferred: AMD ISA)"),
        v("v_med3_f16", [X, X, X, 0x1fa], Ter, F16)
            .flag(op)
            .sem(e::med3_f16)
            .op("V_MED3_F32's operation on ASHALF(SRC0), ASHALF(SRC1), ASHALF(SRC2) (inferred: AMD ISA)"),
        v("v_med3_i16", [X, X, X, 0x1fb], Ter, I16)
            .flag(op)
            .flag(ic)
            .sem(e::med3_i16)
            .op("VDST = MEDIAN((INT16)SRC0, (INT16)SRC1, (INT16)SRC2) & 0xffff (inferred: AMD ISA)"),
        v("v_med3_u16", [X, X, X, 0x1fc], Ter, U16)
            .flag(op)
            .flag(ic)
            .sem(e::med3_u16)
            .op("VDST = MEDIAN((UINT16)SRC0, (UINT16)SRC1, (UINT16)SRC2) (inferred: AMD ISA)"),
        v("v_lshl_add_u32", [X, X, X, 0x1fd], Ter, U32)
            .sem(e::lshl_add_u32)
            .op("VDST = (SRC0 << (SRC1&31)) + SRC2 (inferred: AMD ISA)"),
        v("v_add_lshl_u32", [X, X, X, 0x1fe], Ter, U32)
            .sem(e::add_lshl_u32)
            .op("VDST = (SRC0 + SRC1) << (SRC2&31) (inferred: AMD ISA)"),
        v("v_add3_u32", [X, X, X, 0x1ff], Ter, U32)
            .sem(e::add3_u32)
            .op("VDST = SRC0 + SRC1 + SRC2 (inferred: AMD ISA)"),
        v("v_lshl_or_b32", [X, X, X, 0x200], Ter, B32)
            .sem(e::lshl_or_b32)
            .op("VDST = (SRC0 << (SRC1&31)) | SRC2 (inferred: AMD ISA)"),
        v("v_and_or_b32", [X, X, X, 0x201], Ter, B32)
            .sem(e::and_or_b32)
            .op("VDST = (SRC0 & SRC1) | SRC2 (inferred: AMD ISA)"),
        v("v_or3_b32", [X, X, X, 0x202], Ter, B32)
            .sem(e::or3_b32)
            .op("VDST = SRC0 | SRC1 | SRC2 (inferred: AMD ISA)"),
        v("v_cvt_pknorm_i16_f16", [X, X, X, 0x299], Bin, F16)
            .tys(B32, F16, F16, F16)
            .flag(op)
            .flag(ic)
            .sem(e::cvt_pknorm_i16_f16)
            .op("VDST = SNORM16(ASHALF(SRC0)) | (SNORM16(ASHALF(SRC1)) << 16), SNORM16(x) = ISNAN(x) ? 0 : RNDNEINT(MAX(MIN(x, 1.0), -1.0) * 32767) (inferred: AMD ISA)"),
        v("v_cvt_pknorm_u16_f16", [X, X, X, 0x29a], Bin, F16)
            .tys(B32, F16, F16, F16)
            .flag(op)
            .flag(ic)
            .sem(e::cvt_pknorm_u16_f16)
            .op("VDST = UNORM16(ASHALF(SRC0)) | (UNORM16(ASHALF(SRC1)) << 16), UNORM16(x) = ISNAN(x) ? 0 : RNDNEINT(MAX(MIN(x, 1.0), 0.0) * 65535) (inferred: AMD ISA)"),
        v("v_add_i32", [X, X, X, 0x29c], Bin, I32)
            .flag(ic)
            .sem(e::add_i32)
            .op("VDST = (INT32)SRC0 + (INT32)SRC1 (inferred: AMD ISA) (CLAMP saturates)"),
        v("v_sub_i32", [X, X, X, 0x29d], Bin, I32)
            .flag(ic)
            .sem(e::sub_i32)
            .op("VDST = (INT32)SRC0 - (INT32)SRC1 (inferred: AMD ISA) (CLAMP saturates)"),
        v("v_add_i16", [X, X, X, 0x29e], Bin, I16)
            .flag(op)
            .flag(ic)
            .sem(e::add_i16)
            .op("VDST = ((INT16)SRC0 + (INT16)SRC1) & 0xffff (inferred: AMD ISA) (CLAMP saturates)"),
        v("v_sub_i16", [X, X, X, 0x29f], Bin, I16)
            .flag(op)
            .flag(ic)
            .sem(e::sub_i16)
            .op("VDST = ((INT16)SRC0 - (INT16)SRC1) & 0xffff (inferred: AMD ISA) (CLAMP saturates)"),
        v("v_readlane_regrd_b32", [X, X, X, 0x29b], ReadLane, B32)
            .no_llvm_on(A::ALL)
            .sem(e::readlane_regrd_b32)
            .op("SDST = VSRC0[SSRC1 & 63] (inferred: as V_READLANE_B32)"),
        v("v_pack_b32_f16", [X, X, X, 0x2a0], Bin, F16)
            .tys(B32, F16, F16, F16)
            .flag(op)
            .flag(ic)
            .sem(e::pack_b32_f16)
            .op("VDST = (SRC0 & 0xffff) | (SRC1 << 16) (inferred: AMD ISA)"),
    ];
    t.extend(rows.into_iter().map(Row::done));
}
