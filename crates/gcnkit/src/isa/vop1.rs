//! VOP1 instructions (one source) and their VOP3 forms (opcode 384 + the VOP1 opcode on
//! GCN 1.0/1.1, 320 + it on GCN 1.2+). Opcode arrays are `[GCN1.0, GCN1.1, GCN1.2, GCN1.4]`;
//! `X` = absent. Names and opcodes as clrxdisasm and llvm-mc 14 decode every VOP1 opcode of
//! each generation (tests/names.rs, tests/table_vs_llvm.rs check them).

use super::Form::*;
use super::Ty::*;
use super::{Exec, Flags, InstrDef, Row, X};
use crate::arch::ArchSet as A;
use crate::emu::ops::vop1 as e;

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let v1 = Row::vop1;
    let rows = vec![
        v1("v_nop", [0, 0, 0, 0], Nop, B32, B32)
            .op("no operation")
            .sem(e::nop),
        v1("v_mov_b32", [1, 1, 1, 1], Un, B32, B32)
            .op("VDST = SRC0")
            .sem(e::mov_b32),
        v1("v_readfirstlane_b32", [2, 2, 2, 2], ReadFirstLane, B32, B32)
            .op("SDST = VSRC0[first lane set in EXEC, 0 if EXEC == 0] (ignores EXEC)")
            .sem(e::readfirstlane_b32)
            .flag(Flags::VGPR_SRC0),
        v1("v_cvt_i32_f64", [3, 3, 3, 3], Un, I32, F64)
            .op("VDST = (INT32)TRUNC(ASDOUBLE(SRC0)), saturated to the INT32 range; NaN -> 0")
            .sem(e::cvt_i32_f64),
        v1("v_cvt_f64_i32", [4, 4, 4, 4], Un, F64, I32)
            .op("VDST = (DOUBLE)(INT32)SRC0")
            .sem(e::cvt_f64_i32),
        v1("v_cvt_f32_i32", [5, 5, 5, 5], Un, F32, I32)
            .op("VDST = (FLOAT)(INT32)SRC0 (round to nearest even)")
            .sem(e::cvt_f32_i32),
        v1("v_cvt_f32_u32", [6, 6, 6, 6], Un, F32, U32)
            .op("VDST = (FLOAT)SRC0 (round to nearest even)")
            .sem(e::cvt_f32_u32),
        v1("v_cvt_u32_f32", [7, 7, 7, 7], Un, U32, F32)
            .op("VDST = (UINT32)TRUNC(ASFLOAT(SRC0)), saturated to [0, 4294967295]; NaN -> 0")
            .sem(e::cvt_u32_f32),
        v1("v_cvt_i32_f32", [8, 8, 8, 8], Un, I32, F32)
            .op("VDST = (INT32)TRUNC(ASFLOAT(SRC0)), saturated to the INT32 range; NaN -> 0")
            .sem(e::cvt_i32_f32),
        v1("v_mov_fed_b32", [9, 9, 9, 9], Un, B32, B32)
            .no_llvm_on(A::SI | A::CI | A::VI | A::GFX9)
            .op("VDST = SRC0 (the EDC error injection is not modelled)")
            .sem(e::mov_b32),
        v1("v_cvt_f16_f32", [10, 10, 10, 10], Un, F16, F32)
            .op("VDST = CVTHALF(ASFLOAT(SRC0)) (round to nearest even, zero-extended; f16 denormal results kept on GCN 1.0/1.1, MODE on GCN 1.2+)")
            .sem(e::cvt_f16_f32)
            .exec(Exec::CvtF16F32),
        v1("v_cvt_f32_f16", [11, 11, 11, 11], Un, F32, F16)
            .op("VDST = (FLOAT)ASHALF(SRC0) (f16 denormal inputs kept on GCN 1.0/1.1/1.4, MODE on GCN 1.2)")
            .sem(e::cvt_f32_f16)
            .exec(Exec::CvtF32F16),
        v1("v_cvt_rpi_i32_f32", [12, 12, 12, 12], Un, I32, F32)
            .op("VDST = (INT32)FLOOR(ASFLOAT(SRC0) + 0.5) (exact sum), saturated; NaN -> INT32 max (+NaN) or min (-NaN)")
            .sem(e::cvt_rpi_i32_f32),
        v1("v_cvt_flr_i32_f32", [13, 13, 13, 13], Un, I32, F32)
            .op("VDST = (INT32)FLOOR(ASFLOAT(SRC0)), saturated; NaN -> INT32 max (+NaN) or min (-NaN)")
            .sem(e::cvt_flr_i32_f32),
        v1("v_cvt_off_f32_i4", [14, 14, 14, 14], Un, F32, I32)
            .op("VDST = (FLOAT)((SRC0 & 0xf) ^ 8) / 16.0 - 0.5")
            .sem(e::cvt_off_f32_i4),
        v1("v_cvt_f32_f64", [15, 15, 15, 15], Un, F32, F64)
            .op("VDST = (FLOAT)ASDOUBLE(SRC0) (round to nearest even)")
            .sem(e::cvt_f32_f64),
        v1("v_cvt_f64_f32", [16, 16, 16, 16], Un, F64, F32)
            .op("VDST = (DOUBLE)ASFLOAT(SRC0)")
            .sem(e::cvt_f64_f32),
        v1("v_cvt_f32_ubyte0", [17, 17, 17, 17], Un, F32, U32)
            .op("VDST = (FLOAT)(SRC0 & 0xff)")
            .sem(e::cvt_f32_ubyte0),
        v1("v_cvt_f32_ubyte1", [18, 18, 18, 18], Un, F32, U32)
            .op("VDST = (FLOAT)((SRC0 >> 8) & 0xff)")
            .sem(e::cvt_f32_ubyte1),
        v1("v_cvt_f32_ubyte2", [19, 19, 19, 19], Un, F32, U32)
            .op("VDST = (FLOAT)((SRC0 >> 16) & 0xff)")
            .sem(e::cvt_f32_ubyte2),
        v1("v_cvt_f32_ubyte3", [20, 20, 20, 20], Un, F32, U32)
            .op("VDST = (FLOAT)(SRC0 >> 24)")
            .sem(e::cvt_f32_ubyte3),
        v1("v_cvt_u32_f64", [21, 21, 21, 21], Un, U32, F64)
            .op("VDST = (UINT32)TRUNC(ASDOUBLE(SRC0)), saturated to [0, 4294967295]; NaN -> 0")
            .sem(e::cvt_u32_f64),
        v1("v_cvt_f64_u32", [22, 22, 22, 22], Un, F64, U32)
            .op("VDST = (DOUBLE)SRC0")
            .sem(e::cvt_f64_u32),
        v1("v_fract_f32", [32, 32, 27, 27], Un, F32, F32)
            .op("F = ASFLOAT(SRC0); VDST = F - FLOOR(F), at most 0x3f7fffff on GCN 1.1+ (GCN 1.0 can return 1.0); +-inf -> NaN of its sign")
            .sem(e::fract_f32),
        v1("v_trunc_f32", [33, 33, 28, 28], Un, F32, F32)
            .op("VDST = RNDTZ(ASFLOAT(SRC0))")
            .sem(e::trunc_f32),
        v1("v_ceil_f32", [34, 34, 29, 29], Un, F32, F32)
            .op("VDST = CEIL(ASFLOAT(SRC0))")
            .sem(e::ceil_f32),
        v1("v_rndne_f32", [35, 35, 30, 30], Un, F32, F32)
            .op("VDST = RNDNE(ASFLOAT(SRC0))")
            .sem(e::rndne_f32),
        v1("v_floor_f32", [36, 36, 31, 31], Un, F32, F32)
            .op("VDST = FLOOR(ASFLOAT(SRC0))")
            .sem(e::floor_f32),
        v1("v_exp_f32", [37, 37, 32, 32], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = ASFLOAT(SRC0) >= -126.0 ? POW(2.0, ASFLOAT(SRC0)) : 0.0 (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::exp_f32),
        v1("v_log_clamp_f32", [38, 38, X, X], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("F = ASFLOAT(SRC0); VDST = F < 0.0 ? -NAN : LOG2(F), -INF -> -MAX_FLOAT (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::log_clamp_f32),
        v1("v_log_f32", [39, 39, 33, 33], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("F = ASFLOAT(SRC0); VDST = F < 0.0 ? -NAN : LOG2(F) (LOG2(+-0) = -INF) (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::log_f32),
        v1("v_rcp_clamp_f32", [40, 40, X, X], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = 1.0 / ASFLOAT(SRC0), +-INF -> +-MAX_FLOAT (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::rcp_clamp_f32),
        v1("v_rcp_legacy_f32", [41, 41, X, X], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("F = ASFLOAT(SRC0); VDST = F == +-0.0 ? +-0.0 : 1.0 / F (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::rcp_legacy_f32),
        v1("v_rcp_f32", [42, 42, 34, 34], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = 1.0 / ASFLOAT(SRC0) (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::rcp_f32),
        v1("v_rcp_iflag_f32", [43, 43, 35, 35], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = 1.0 / ASFLOAT(SRC0) (as V_RCP_F32; the integer divide-by-zero flag is not modelled) (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::rcp_f32),
        v1("v_rsq_clamp_f32", [44, 44, X, X], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = 1.0 / SQRT(ASFLOAT(SRC0)), +-INF -> +-MAX_FLOAT; negative -> -NAN (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::rsq_clamp_f32),
        v1("v_rsq_legacy_f32", [45, 45, X, X], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = 1.0 / SQRT(ASFLOAT(SRC0)), +INF -> 0.0; negative -> -NAN (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::rsq_legacy_f32),
        v1("v_rsq_f32", [46, 46, 36, 36], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = 1.0 / SQRT(ASFLOAT(SRC0)) (+-0 -> +-INF; negative -> -NAN) (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::rsq_f32),
        v1("v_rcp_f64", [47, 47, 37, 37], Un, F64, F64)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = 1.0 / ASDOUBLE(SRC0) (correctly rounded; hardware may differ in the last bit)")
            .flag(Flags::APPROX)
            .sem(e::rcp_f64),
        v1("v_rcp_clamp_f64", [48, 48, X, X], Un, F64, F64)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = 1.0 / ASDOUBLE(SRC0), +-INF -> +-MAX_DOUBLE (correctly rounded; hardware may differ in the last bit)")
            .flag(Flags::APPROX)
            .sem(e::rcp_clamp_f64),
        v1("v_rsq_f64", [49, 49, 38, 38], Un, F64, F64)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = 1.0 / SQRT(ASDOUBLE(SRC0)) (+-0 -> +-INF; negative -> -NAN) (correctly rounded; hardware may differ in the last bit)")
            .flag(Flags::APPROX)
            .sem(e::rsq_f64),
        v1("v_rsq_clamp_f64", [50, 50, X, X], Un, F64, F64)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = 1.0 / SQRT(ASDOUBLE(SRC0)), +-INF -> +-MAX_DOUBLE; negative -> -NAN (correctly rounded; hardware may differ in the last bit)")
            .flag(Flags::APPROX)
            .sem(e::rsq_clamp_f64),
        v1("v_sqrt_f32", [51, 51, 39, 39], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = ASFLOAT(SRC0) >= 0.0 ? SQRT(ASFLOAT(SRC0)) : -NAN (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::sqrt_f32),
        v1("v_sqrt_f64", [52, 52, 40, 40], Un, F64, F64)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = ASDOUBLE(SRC0) >= 0.0 ? SQRT(ASDOUBLE(SRC0)) : -NAN (correctly rounded; hardware may differ in the last bit)")
            .flag(Flags::APPROX)
            .sem(e::sqrt_f64),
        v1("v_sin_f32", [53, 53, 41, 41], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("F = ASFLOAT(SRC0) (revolutions); VDST = |F| <= 256.0 ? SIN(F * 2 * PI) : +-INF ? -NAN : 0.0 (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::sin_f32),
        v1("v_cos_f32", [54, 54, 42, 42], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("F = ASFLOAT(SRC0) (revolutions); VDST = |F| <= 256.0 ? COS(F * 2 * PI) : +-INF ? -NAN : 1.0 (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::cos_f32),
        v1("v_not_b32", [55, 55, 43, 43], Un, B32, B32)
            .op("VDST = ~SRC0")
            .sem(e::not_b32),
        v1("v_bfrev_b32", [56, 56, 44, 44], Un, B32, B32)
            .op("VDST = REVBIT(SRC0)")
            .sem(e::bfrev_b32),
        v1("v_ffbh_u32", [57, 57, 45, 45], Un, U32, U32)
            .op("VDST = SRC0 == 0 ? -1 : number of leading zero bits of SRC0")
            .sem(e::ffbh_u32),
        v1("v_ffbl_b32", [58, 58, 46, 46], Un, B32, B32)
            .op("VDST = SRC0 == 0 ? -1 : number of trailing zero bits of SRC0")
            .sem(e::ffbl_b32),
        v1("v_ffbh_i32", [59, 59, 47, 47], Un, I32, I32)
            .op("VDST = SRC0 == 0 || SRC0 == -1 ? -1 : number of leading bits of SRC0 equal to its sign bit")
            .sem(e::ffbh_i32),
        v1("v_frexp_exp_i32_f64", [60, 60, 48, 48], Un, I32, F64)
            .op("VDST = FREXP_EXP(ASDOUBLE(SRC0)); +-INF, NAN -> 0 (-1 on GCN 1.0)")
            .sem(e::frexp_exp_i32_f64),
        v1("v_frexp_mant_f64", [61, 61, 49, 49], Un, F64, F64)
            .op("VDST = FREXP_MANT(ASDOUBLE(SRC0)) with its sign; +-INF -> itself (-NAN on GCN 1.0)")
            .sem(e::frexp_mant_f64),
        v1("v_fract_f64", [62, 62, 50, 50], Un, F64, F64)
            .op("D = ASDOUBLE(SRC0); VDST = D - FLOOR(D), at most 0x3fefffffffffffff on GCN 1.1+ (GCN 1.0 can return 1.0); +-inf -> NaN of its sign")
            .sem(e::fract_f64),
        v1("v_frexp_exp_i32_f32", [63, 63, 51, 51], Un, I32, F32)
            .op("VDST = FREXP_EXP(ASFLOAT(SRC0)); +-INF, NAN -> 0 (-1 on GCN 1.0)")
            .sem(e::frexp_exp_i32_f32),
        v1("v_frexp_mant_f32", [64, 64, 52, 52], Un, F32, F32)
            .op("VDST = FREXP_MANT(ASFLOAT(SRC0)) with its sign; +-INF -> itself (-NAN on GCN 1.0)")
            .sem(e::frexp_mant_f32),
        v1("v_clrexcp", [65, 65, 53, 53], Nop, B32, B32)
            .op("clear the wave's exception state (no exception state is modelled: no effect)")
            .sem(e::nop),
        v1("v_movreld_b32", [66, 66, 54, X], Un, B32, B32)
            .flag(Flags::NO_EXT)
            .op("VGPR[VDST_NUMBER + M0] = SRC0")
            .sem(e::mov_b32)
            .exec(Exec::MovRelD)
            .flag(Flags::READS_M0),
        v1("v_movrels_b32", [67, 67, 55, X], Un, B32, B32)
            .flag(Flags::NO_EXT)
            .op("VDST = VGPR[SRC0_NUMBER + M0]")
            .sem(e::mov_b32)
            .exec(Exec::MovRelS)
            .flag(Flags::READS_M0)
            .flag(Flags::VGPR_SRC0),
        v1("v_movrelsd_b32", [68, 68, 56, X], Un, B32, B32)
            .flag(Flags::NO_EXT)
            .op("VGPR[VDST_NUMBER + M0] = VGPR[SRC0_NUMBER + M0]")
            .sem(e::mov_b32)
            .exec(Exec::MovRelSD)
            .flag(Flags::READS_M0)
            .flag(Flags::VGPR_SRC0),
        v1("v_trunc_f64", [X, 23, 23, 23], Un, F64, F64)
            .op("VDST = RNDTZ(ASDOUBLE(SRC0))")
            .sem(e::trunc_f64),
        v1("v_ceil_f64", [X, 24, 24, 24], Un, F64, F64)
            .op("VDST = CEIL(ASDOUBLE(SRC0))")
            .sem(e::ceil_f64),
        v1("v_rndne_f64", [X, 25, 25, 25], Un, F64, F64)
            .op("VDST = RNDNE(ASDOUBLE(SRC0))")
            .sem(e::rndne_f64),
        v1("v_floor_f64", [X, 26, 26, 26], Un, F64, F64)
            .op("VDST = FLOOR(ASDOUBLE(SRC0))")
            .sem(e::floor_f64),
        v1("v_log_legacy_f32", [X, 69, 76, 76], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("F = ASFLOAT(SRC0); VDST = F < 0.0 ? -NAN : LOG2(F) (as V_LOG_F32) (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::log_f32),
        v1("v_exp_legacy_f32", [X, 70, 75, 75], Un, F32, F32)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = ASFLOAT(SRC0) >= -126.0 ? POW(2.0, ASFLOAT(SRC0)) : 0.0 (as V_EXP_F32) (correctly rounded; hardware may differ in the last bit); f32 denormal inputs and results flushed whatever MODE says")
            .flag(Flags::APPROX)
            .sem(e::exp_f32),
        v1("v_cvt_f16_u16", [X, X, 57, 57], Un, F16, U16)
            .op("VDST = (HALF)(SRC0 & 0xffff) (round to nearest even)")
            .sem(e::cvt_f16_u16),
        v1("v_cvt_f16_i16", [X, X, 58, 58], Un, F16, I16)
            .op("VDST = (HALF)(INT16)SRC0 (round to nearest even)")
            .sem(e::cvt_f16_i16),
        v1("v_cvt_u16_f16", [X, X, 59, 59], Un, U16, F16)
            .op("VDST = (UINT16)TRUNC(ASHALF(SRC0)), saturated to [0, 65535]; NaN -> 0")
            .sem(e::cvt_u16_f16),
        v1("v_cvt_i16_f16", [X, X, 60, 60], Un, I16, F16)
            .op("VDST = (INT16)TRUNC(ASHALF(SRC0)), saturated to the INT16 range (zero-extended); NaN -> 0")
            .sem(e::cvt_i16_f16),
        v1("v_rcp_f16", [X, X, 61, 61], Un, F16, F16)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = 1.0 / ASHALF(SRC0) (correctly rounded; hardware may differ in the last bit)")
            .flag(Flags::APPROX)
            .sem(e::rcp_f16),
        v1("v_sqrt_f16", [X, X, 62, 62], Un, F16, F16)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = ASHALF(SRC0) >= 0.0 ? SQRT(ASHALF(SRC0)) : -NAN (correctly rounded; hardware may differ in the last bit)")
            .flag(Flags::APPROX)
            .sem(e::sqrt_f16),
        v1("v_rsq_f16", [X, X, 63, 63], Un, F16, F16)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = 1.0 / SQRT(ASHALF(SRC0)) (+-0 -> +-INF; negative -> -NAN) (correctly rounded; hardware may differ in the last bit)")
            .flag(Flags::APPROX)
            .sem(e::rsq_f16),
        v1("v_log_f16", [X, X, 64, 64], Un, F16, F16)
            .flag(Flags::QUARTER_RATE)
            .op("H = ASHALF(SRC0); VDST = H < 0.0 ? -NAN : LOG2(H) (correctly rounded; hardware may differ in the last bit)")
            .flag(Flags::APPROX)
            .sem(e::log_f16),
        v1("v_exp_f16", [X, X, 65, 65], Un, F16, F16)
            .flag(Flags::QUARTER_RATE)
            .op("VDST = POW(2.0, ASHALF(SRC0)) (correctly rounded; hardware may differ in the last bit)")
            .flag(Flags::APPROX)
            .sem(e::exp_f16),
        v1("v_frexp_mant_f16", [X, X, 66, 66], Un, F16, F16)
            .op("VDST = FREXP_MANT(ASHALF(SRC0)) with its sign; +-INF -> itself")
            .sem(e::frexp_mant_f16),
        v1("v_frexp_exp_i16_f16", [X, X, 67, 67], Un, I16, F16)
            .op("VDST = (INT16)FREXP_EXP(ASHALF(SRC0)) (zero-extended); +-INF, NAN -> 0")
            .sem(e::frexp_exp_i16_f16),
        v1("v_floor_f16", [X, X, 68, 68], Un, F16, F16)
            .op("VDST = FLOOR(ASHALF(SRC0))")
            .sem(e::floor_f16),
        v1("v_ceil_f16", [X, X, 69, 69], Un, F16, F16)
            .op("VDST = CEIL(ASHALF(SRC0))")
            .sem(e::ceil_f16),
        v1("v_trunc_f16", [X, X, 70, 70], Un, F16, F16)
            .op("VDST = RNDTZ(ASHALF(SRC0))")
            .sem(e::trunc_f16),
        v1("v_rndne_f16", [X, X, 71, 71], Un, F16, F16)
            .op("VDST = RNDNE(ASHALF(SRC0))")
            .sem(e::rndne_f16),
        v1("v_fract_f16", [X, X, 72, 72], Un, F16, F16)
            .op("H = ASHALF(SRC0); VDST = MIN(H - FLOOR(H), 0x3bff); +-inf -> NaN of its sign")
            .sem(e::fract_f16),
        v1("v_sin_f16", [X, X, 73, 73], Un, F16, F16)
            .flag(Flags::QUARTER_RATE)
            .op("H = ASHALF(SRC0) (revolutions); VDST = |H| <= 256.0 ? SIN(H * 2 * PI) : +-INF ? -NAN : 0.0 (correctly rounded; hardware may differ in the last bit)")
            .flag(Flags::APPROX)
            .sem(e::sin_f16),
        v1("v_cos_f16", [X, X, 74, 74], Un, F16, F16)
            .flag(Flags::QUARTER_RATE)
            .op("H = ASHALF(SRC0) (revolutions); VDST = |H| <= 256.0 ? COS(H * 2 * PI) : +-INF ? -NAN : 1.0 (correctly rounded; hardware may differ in the last bit)")
            .flag(Flags::APPROX)
            .sem(e::cos_f16),
        v1("v_mov_prsv_b32", [X, X, X, 54], Un, B32, B32)
            .no_llvm_on(A::GFX9)
            .op("VDST unchanged (undocumented; measured on an MI210: the destination is preserved)")
            .sem(e::mov_b32)
            .exec(Exec::Preserve),
        v1("v_screen_partition_4se_b32", [X, X, X, 55], Un, B32, B32)
            .op("VDST = TABLE_4SE[SRC0 & 0xff] (the screen partition table)")
            .sem(e::screen_partition_4se_b32),
        v1("v_cvt_norm_i16_f16", [X, X, X, 77], Un, I16, F16)
            .op("VDST = (INT16)RNDNE(CLAMP(ASHALF(SRC0), -1.0, 1.0) * 32767.0) (zero-extended); NaN -> 0")
            .sem(e::cvt_norm_i16_f16),
        v1("v_cvt_norm_u16_f16", [X, X, X, 78], Un, U16, F16)
            .op("VDST = (UINT16)RNDNE(CLAMP(ASHALF(SRC0), 0.0, 1.0) * 65535.0); NaN -> 0")
            .sem(e::cvt_norm_u16_f16),
        v1("v_sat_pk_u8_i16", [X, X, X, 79], Un, B32, B32)
            .op("VDST = MAX(MIN((INT16)SRC0, 255), 0) | MAX(MIN((INT16)(SRC0 >> 16), 255), 0) << 8")
            .sem(e::sat_pk_u8_i16),
        v1("v_writelane_regwr_b32", [X, X, X, 80], Un, B32, B32)
            .no_llvm_on(A::GFX9)
            .op("VDST[0] = SRC0, ignoring EXEC (undocumented; measured on an MI210 with SGPR sources)")
            .sem(e::mov_b32)
            .exec(Exec::LaneZero),
        v1("v_swap_b32", [X, X, X, 81], Un, B32, B32)
            .flag(Flags::NO_EXT)
            .op("TMP = VDST; VDST = SRC0; SRC0 = TMP (SRC0 a VGPR; under EXEC)")
            .sem(e::mov_b32)
            .exec(Exec::Swap)
            .flag(Flags::VGPR_SRC0)
            .flag(Flags::NO_LLVM_E64),
    ];
    t.extend(rows.into_iter().map(Row::done));
}
