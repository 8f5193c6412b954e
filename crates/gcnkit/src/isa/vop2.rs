//! VOP2 instructions (and their VOP3 forms, opcode 256 + VOP2 opcode).
//! Opcode arrays are `[GCN1.0, GCN1.1, GCN1.2, GCN1.4]`; `X` = absent. Sources: CLRX's wiki page
//! GcnInstrsVop2 with its errata corrected, checked against llvm-mc and CLRX's tables.

use super::Form::*;
use super::Ty::*;
use super::{Dialects as D, Flags, InstrDef, Row, X};
use crate::arch::ArchSet as A;
use crate::emu::ops::vop2 as e;

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let v = Row::vop2;
    let rev = Flags::REV;
    let ic = Flags::INT_CLAMP;
    let rows = vec![
        v("v_cndmask_b32", [0, 0, 0, 0], Cndmask, B32)
            .tys(B32, B32, B32, B64)
            .op("VDST = SSRC2&(1ULL<<LANEID) ? SRC1 : SRC0")
            .sem(e::cndmask_b32),
        v("v_readlane_b32", [1, 1, X, X], ReadLane, B32)
            .e64_on(A::VIPLUS, 0x289)
            .op("SDST = VSRC0[SSRC1 & 63]")
            .sem(e::readlane_b32),
        v("v_writelane_b32", [2, 2, X, X], WriteLane, B32)
            .e64_on(A::VIPLUS, 0x28a)
            .op("VDST[SSRC1 & 63] = SSRC0")
            .sem(e::writelane_b32)
            .flag(Flags::READS_DST),
        v("v_add_f32", [3, 3, 1, 1], Bin, F32)
            .op("VDST = (FLOAT)SRC0 + (FLOAT)SRC1")
            .sem(e::add_f32),
        v("v_sub_f32", [4, 4, 2, 2], Bin, F32)
            .op("VDST = (FLOAT)SRC0 - (FLOAT)SRC1")
            .sem(e::sub_f32),
        v("v_subrev_f32", [5, 5, 3, 3], Bin, F32)
            .flag(rev)
            .op("VDST = (FLOAT)SRC1 - (FLOAT)SRC0")
            .sem(e::subrev_f32),
        v("v_mac_legacy_f32", [6, 6, X, X], Bin, F32)
            .e64_on(A::VIPLUS, 0x28e)
            .no_llvm_on(A::VIPLUS)
            .op("if ((FLOAT)SRC0!=0.0 && (FLOAT)SRC1!=0.0) VDST = (FLOAT)SRC0 * (FLOAT)SRC1 + (FLOAT)VDST")
            .sem(e::mac_legacy_f32)
            .flag(Flags::READS_DST),
        v("v_mul_legacy_f32", [7, 7, 4, 4], Bin, F32)
            .op("if ((FLOAT)SRC0!=0.0 && (FLOAT)SRC1!=0.0) VDST = (FLOAT)SRC0 * (FLOAT)SRC1 else VDST = 0.0")
            .sem(e::mul_legacy_f32),
        v("v_mul_f32", [8, 8, 5, 5], Bin, F32)
            .op("VDST = (FLOAT)SRC0 * (FLOAT)SRC1")
            .sem(e::mul_f32),
        v("v_mul_i32_i24", [9, 9, 6, 6], Bin, I32)
            .flag(ic)
            .op("INT32 V0 = (INT32)((SRC0&0x7fffff) | (SRC0&0x800000 ? 0xff800000 : 0)); INT32 V1 = (INT32)((SRC1&0x7fffff) | (SRC1&0x800000 ? 0xff800000 : 0)); VDST = V0 * V1")
            .sem(e::mul_i32_i24),
        v("v_mul_hi_i32_i24", [10, 10, 7, 7], Bin, I32)
            .op("INT32 V0 = (INT32)((SRC0&0x7fffff) | (SRC0&0x800000 ? 0xff800000 : 0)); INT32 V1 = (INT32)((SRC1&0x7fffff) | (SRC1&0x800000 ? 0xff800000 : 0)); VDST = ((INT64)V0 * V1)>>32")
            .sem(e::mul_hi_i32_i24),
        v("v_mul_u32_u24", [11, 11, 8, 8], Bin, U32)
            .flag(ic)
            .op("VDST = (UINT32)(SRC0&0xffffff) * (UINT32)(SRC1&0xffffff)")
            .sem(e::mul_u32_u24),
        v("v_mul_hi_u32_u24", [12, 12, 9, 9], Bin, U32)
            .op("VDST = ((UINT64)(SRC0&0xffffff) * (UINT32)(SRC1&0xffffff)) >> 32")
            .sem(e::mul_hi_u32_u24),
        v("v_min_legacy_f32", [13, 13, X, X], Bin, F32)
            .op("if ((FLOAT)SRC1!=NaN) VDST = (FLOAT)SRC0<(FLOAT)SRC1 ? (FLOAT)SRC0 : (FLOAT)SRC1 else VDST = NaN")
            .sem(e::min_legacy_f32),
        v("v_max_legacy_f32", [14, 14, X, X], Bin, F32)
            .op("if ((FLOAT)SRC1!=NaN) VDST = (FLOAT)SRC0>(FLOAT)SRC1 ? (FLOAT)SRC0 : (FLOAT)SRC1 else VDST = NaN")
            .sem(e::max_legacy_f32),
        v("v_min_f32", [15, 15, 10, 10], Bin, F32)
            .op("VDST = (FLOAT)SRC0<(FLOAT)SRC1 ? (FLOAT)SRC0 : (FLOAT)SRC1 (IEEE minNum: a NaN operand gives the other; -0.0 < +0.0)")
            .sem(e::min_f32),
        v("v_max_f32", [16, 16, 11, 11], Bin, F32)
            .op("VDST = (FLOAT)SRC0>(FLOAT)SRC1 ? (FLOAT)SRC0 : (FLOAT)SRC1 (IEEE maxNum: a NaN operand gives the other; -0.0 < +0.0)")
            .sem(e::max_f32),
        v("v_min_i32", [17, 17, 12, 12], Bin, I32)
            .op("VDST = (INT32)SRC0<(INT32)SRC1 ? SRC0 : SRC1")
            .sem(e::min_i32),
        v("v_max_i32", [18, 18, 13, 13], Bin, I32)
            .op("VDST = (INT32)SRC0>(INT32)SRC1 ? SRC0 : SRC1")
            .sem(e::max_i32),
        v("v_min_u32", [19, 19, 14, 14], Bin, U32)
            .op("VDST = SRC0<SRC1 ? SRC0 : SRC1")
            .sem(e::min_u32),
        v("v_max_u32", [20, 20, 15, 15], Bin, U32)
            .op("VDST = SRC0>SRC1 ? SRC0 : SRC1")
            .sem(e::max_u32),
        v("v_lshr_b32", [21, 21, X, X], Bin, B32)
            .tys(B32, B32, U32, B32)
            .op("VDST = SRC0 >> (SRC1&31)")
            .sem(e::lshr_b32),
        v("v_lshrrev_b32", [22, 22, 16, 16], Bin, B32)
            .tys(B32, U32, B32, B32)
            .flag(rev)
            .op("VDST = SRC1 >> (SRC0&31)")
            .sem(e::lshrrev_b32),
        v("v_ashr_i32", [23, 23, X, X], Bin, I32)
            .tys(I32, I32, U32, I32)
            .op("VDST = (INT32)SRC0 >> (SRC1&31)")
            .sem(e::ashr_i32),
        v("v_ashrrev_i32", [24, 24, 17, 17], Bin, I32)
            .tys(I32, U32, I32, I32)
            .flag(rev)
            .op("VDST = (INT32)SRC1 >> (SRC0&31)")
            .sem(e::ashrrev_i32),
        v("v_lshl_b32", [25, 25, X, X], Bin, B32)
            .tys(B32, B32, U32, B32)
            .op("VDST = SRC0 << (SRC1&31)")
            .sem(e::lshl_b32),
        v("v_lshlrev_b32", [26, 26, 18, 18], Bin, B32)
            .tys(B32, U32, B32, B32)
            .flag(rev)
            .op("VDST = SRC1 << (SRC0&31)")
            .sem(e::lshlrev_b32),
        v("v_and_b32", [27, 27, 19, 19], Bin, B32)
            .op("VDST = SRC0 & SRC1")
            .sem(e::and_b32),
        v("v_or_b32", [28, 28, 20, 20], Bin, B32)
            .op("VDST = SRC0 | SRC1")
            .sem(e::or_b32),
        v("v_xor_b32", [29, 29, 21, 21], Bin, B32)
            .op("VDST = SRC0 ^ SRC1")
            .sem(e::xor_b32),
        v("v_bfm_b32", [30, 30, X, X], Bin, B32)
            .e64_on(A::VIPLUS, 0x293)
            .op("VDST = ((1U << (SRC0&31))-1) << (SRC1&31)")
            .sem(e::bfm_b32),
        v("v_mac_f32", [31, 31, 22, 22], Bin, F32)
            .flag(Flags::NO_SDWA_GFX9)
            .op("VDST = (FLOAT)SRC0 * (FLOAT)SRC1 + (FLOAT)VDST")
            .sem(e::mac_f32)
            .flag(Flags::READS_DST),
        v("v_madmk_f32", [32, 32, 23, 23], Madmk, F32)
            .op("VDST = (FLOAT)SRC0 * (FLOAT)FLOATLIT + (FLOAT)SRC1")
            .sem(e::madmk_f32),
        v("v_madak_f32", [33, 33, 24, 24], Madak, F32)
            .op("VDST = (FLOAT)SRC0 * (FLOAT)SRC1 + (FLOAT)FLOATLIT")
            .sem(e::madak_f32),
        v("v_bcnt_u32_b32", [34, 34, X, X], Bin, U32)
            .e64_on(A::VIPLUS, 0x28b)
            .op("VDST = SRC1; for (UINT8 i = 0; i < 32; i++) VDST += ((1U<<i) & SRC0) != 0")
            .sem(e::bcnt_u32_b32),
        v("v_mbcnt_lo_u32_b32", [35, 35, X, X], Bin, U32)
            .e64_on(A::VIPLUS, 0x28c)
            .op("UINT32 MASK = ((1ULL << LANEID) - 1ULL) & SRC0; VDST = SRC1; for (UINT8 i = 0; i < 32; i++) VDST += ((1U<<i) & MASK) != 0")
            .sem(e::mbcnt_lo_u32_b32),
        v("v_mbcnt_hi_u32_b32", [36, 36, X, X], Bin, U32)
            .e64_on(A::VIPLUS, 0x28d)
            .op("UINT32 MASK = (LANEID >= 32 ? (1ULL << (LANEID-32)) - 1ULL : 0) & SRC0; VDST = SRC1; for (UINT8 i = 0; i < 32; i++) VDST += ((1U<<i) & MASK) != 0")
            .sem(e::mbcnt_hi_u32_b32),
        v("v_add_i32", [37, 37, 25, 25], Carry, U32)
            .name_on(A::VI, "v_add_u32")
            .name_on(A::GFX9, "v_add_co_u32")
            .flag(ic)
            .alias(D::CLRX, A::VI, "v_add_i32")
            .alias(D::CLRX, A::SICI, "v_add_u32")
            .llvm_vop3_alias(A::SICI, "v_add_co_u32")
            .op("UINT64 temp = (UINT64)SRC0 + (UINT64)SRC1; VDST = temp; UINT64 mask = (1ULL<<LANEID); SDST = (SDST&~mask) | ((temp >> 32) ? mask : 0)")
            .sem(e::add_co_u32),
        v("v_sub_i32", [38, 38, 26, 26], Carry, U32)
            .name_on(A::VI, "v_sub_u32")
            .name_on(A::GFX9, "v_sub_co_u32")
            .flag(ic)
            .alias(D::CLRX, A::VI, "v_sub_i32")
            .alias(D::CLRX, A::SICI, "v_sub_u32")
            .llvm_vop3_alias(A::SICI, "v_sub_co_u32")
            .op("UINT64 temp = (UINT64)SRC0 - (UINT64)SRC1; VDST = temp; UINT64 mask = (1ULL<<LANEID); SDST = (SDST&~mask) | ((temp >> 32) ? mask : 0)")
            .sem(e::sub_co_u32),
        v("v_subrev_i32", [39, 39, 27, 27], Carry, U32)
            .name_on(A::VI, "v_subrev_u32")
            .name_on(A::GFX9, "v_subrev_co_u32")
            .flag(rev)
            .flag(ic)
            .alias(D::CLRX, A::VI, "v_subrev_i32")
            .alias(D::CLRX, A::SICI, "v_subrev_u32")
            .llvm_vop3_alias(A::SICI, "v_subrev_co_u32")
            .op("UINT64 temp = (UINT64)SRC1 - (UINT64)SRC0; VDST = temp; UINT64 mask = (1ULL<<LANEID); SDST = (SDST&~mask) | ((temp >> 32) ? mask : 0)")
            .sem(e::subrev_co_u32),
        v("v_addc_u32", [40, 40, 28, 28], CarryIn, U32)
            .tys(U32, U32, U32, B64)
            .name_on(A::GFX9, "v_addc_co_u32")
            .flag(ic)
            .op("UINT64 temp = (UINT64)SRC0 + (UINT64)SRC1 + ((SSRC2 >> LANEID) & 1); VDST = temp; UINT64 mask = (1ULL<<LANEID); SDST = (SDST&~mask) | ((temp >> 32) ? mask : 0)")
            .sem(e::addc_co_u32),
        v("v_subb_u32", [41, 41, 29, 29], CarryIn, U32)
            .tys(U32, U32, U32, B64)
            .name_on(A::GFX9, "v_subb_co_u32")
            .flag(ic)
            .op("UINT64 temp = (UINT64)SRC0 - (UINT64)SRC1 - ((SSRC2 >> LANEID) & 1); VDST = temp; UINT64 mask = (1ULL<<LANEID); SDST = (SDST&~mask) | ((temp >> 32) ? mask : 0)")
            .sem(e::subb_co_u32),
        v("v_subbrev_u32", [42, 42, 30, 30], CarryIn, U32)
            .tys(U32, U32, U32, B64)
            .name_on(A::GFX9, "v_subbrev_co_u32")
            .flag(rev)
            .flag(ic)
            .op("UINT64 temp = (UINT64)SRC1 - (UINT64)SRC0 - ((SSRC2 >> LANEID) & 1); VDST = temp; UINT64 mask = (1ULL<<LANEID); SDST = (SDST&~mask) | ((temp >> 32) ? mask : 0)")
            .sem(e::subbrev_co_u32),
        v("v_ldexp_f32", [43, 43, X, X], Bin, F32)
            .tys(F32, F32, I32, I32)
            .e64_on(A::VIPLUS, 0x288)
            .op("VDST = (FLOAT)SRC0 * POW(2.0, (INT32)SRC1)")
            .sem(e::ldexp_f32),
        v("v_cvt_pkaccum_u8_f32", [44, 44, X, X], Bin, F32)
            .flag(Flags::CLRX_VOP3_SUFFIX)
            .tys(B32, F32, U32, U32)
            .e64_on(A::VIPLUS, 0x1f0)
            .flag(ic)
            .op("UINT8 shift = ((SRC1&3) * 8); UINT32 mask = 0xff << shift; FLOAT f = RNDINT(ASFLOAT(SRC0)); UINT8 VAL8 = 0; if (!ISNAN(f)) VAL8 = (UINT8)MAX(MIN(f, 255.0), 0.0); VDST = (VDST&~mask) | (((UINT32)VAL8) << shift)")
            .sem(e::cvt_pkaccum_u8_f32)
            .flag(Flags::READS_DST),
        v("v_cvt_pknorm_i16_f32", [45, 45, X, X], Bin, F32)
            .tys(B32, F32, F32, F32)
            .e64_on(A::VIPLUS, 0x294)
            .flag(ic)
            .op("INT16 SNORM(FLOAT f) = ISNAN(f) ? 0 : RNDINT(MAX(MIN(f, 1.0), -1.0) * 32767.0); VDST = (UINT16)SNORM(ASFLOAT(SRC0)) | ((UINT32)(UINT16)SNORM(ASFLOAT(SRC1)) << 16)")
            .sem(e::cvt_pknorm_i16_f32),
        v("v_cvt_pknorm_u16_f32", [46, 46, X, X], Bin, F32)
            .tys(B32, F32, F32, F32)
            .e64_on(A::VIPLUS, 0x295)
            .flag(ic)
            .op("UINT16 UNORM(FLOAT f) = ISNAN(f) ? 0 : RNDINT(MAX(MIN(f, 1.0), 0.0) * 65535.0); VDST = UNORM(ASFLOAT(SRC0)) | ((UINT32)UNORM(ASFLOAT(SRC1)) << 16)")
            .sem(e::cvt_pknorm_u16_f32),
        v("v_cvt_pkrtz_f16_f32", [47, 47, X, X], Bin, F32)
            .tys(F16, F32, F32, F32)
            .e64_on(A::VIPLUS, 0x296)
            .op("VDST = (UINT32)ASHALF_RTZ(ASFLOAT(SRC0)) | ((UINT32)ASHALF_RTZ(ASFLOAT(SRC1)) << 16) (float to half rounding toward zero)")
            .sem(e::cvt_pkrtz_f16_f32).flag(Flags::PACKED16),
        v("v_cvt_pk_u16_u32", [48, 48, X, X], Bin, U32)
            .tys(B32, U32, U32, U32)
            .e64_on(A::VIPLUS, 0x297)
            .op("VDST = MIN(SRC0, 0xffff) | (MIN(SRC1, 0xffff) << 16)")
            .sem(e::cvt_pk_u16_u32),
        v("v_cvt_pk_i16_i32", [49, 49, X, X], Bin, I32)
            .tys(B32, I32, I32, I32)
            .e64_on(A::VIPLUS, 0x298)
            .op("VDST = (UINT16)MAX(MIN((INT32)SRC0, 32767), -32768) | ((UINT32)(UINT16)MAX(MIN((INT32)SRC1, 32767), -32768) << 16)")
            .sem(e::cvt_pk_i16_i32),
        // GCN 1.2: 16-bit arithmetic
        v("v_add_f16", [X, X, 31, 31], Bin, F16)
            .op("VDST = (HALF)SRC0 + (HALF)SRC1")
            .sem(e::add_f16),
        v("v_sub_f16", [X, X, 32, 32], Bin, F16)
            .op("VDST = (HALF)SRC0 - (HALF)SRC1")
            .sem(e::sub_f16),
        v("v_subrev_f16", [X, X, 33, 33], Bin, F16)
            .flag(rev)
            .op("VDST = (HALF)SRC1 - (HALF)SRC0")
            .sem(e::subrev_f16),
        v("v_mul_f16", [X, X, 34, 34], Bin, F16)
            .op("VDST = (HALF)SRC0 * (HALF)SRC1")
            .sem(e::mul_f16),
        v("v_mac_f16", [X, X, 35, 35], Bin, F16)
            .flag(Flags::NO_SDWA_GFX9)
            .op("VDST = (HALF)SRC0 * (HALF)SRC1 + (HALF)VDST")
            .sem(e::mac_f16)
            .flag(Flags::READS_DST),
        v("v_madmk_f16", [X, X, 36, 36], Madmk, F16)
            .flag(Flags::LLVM_SRC0_32)
            .op("VDST = (HALF)SRC0 * (HALF)HALFLIT + (HALF)SRC1")
            .sem(e::madmk_f16),
        v("v_madak_f16", [X, X, 37, 37], Madak, F16)
            .op("VDST = (HALF)SRC0 * (HALF)SRC1 + (HALF)HALFLIT")
            .sem(e::madak_f16),
        v("v_add_u16", [X, X, 38, 38], Bin, U16)
            .flag(ic)
            .op("VDST = (UINT16)SRC0 + (UINT16)SRC1")
            .sem(e::add_u16),
        v("v_sub_u16", [X, X, 39, 39], Bin, U16)
            .flag(ic)
            .op("VDST = (UINT16)SRC0 - (UINT16)SRC1")
            .sem(e::sub_u16),
        v("v_subrev_u16", [X, X, 40, 40], Bin, U16)
            .flag(rev)
            .flag(ic)
            .op("VDST = (UINT16)SRC1 - (UINT16)SRC0")
            .sem(e::subrev_u16),
        v("v_mul_lo_u16", [X, X, 41, 41], Bin, U16)
            .op("VDST = (UINT16)SRC0 * (UINT16)SRC1")
            .sem(e::mul_lo_u16),
        v("v_lshlrev_b16", [X, X, 42, 42], Bin, B16)
            .tys(B16, U16, B16, B16)
            .flag(rev)
            .op("VDST = (UINT16)SRC1 << (SRC0&15)")
            .sem(e::lshlrev_b16),
        v("v_lshrrev_b16", [X, X, 43, 43], Bin, B16)
            .tys(B16, U16, B16, B16)
            .flag(rev)
            .op("VDST = (UINT16)SRC1 >> (SRC0&15)")
            .sem(e::lshrrev_b16),
        v("v_ashrrev_i16", [X, X, 44, 44], Bin, I16)
            .tys(I16, U16, I16, I16)
            .flag(rev)
            .op("VDST = (INT16)SRC1 >> (SRC0&15)")
            .sem(e::ashrrev_i16),
        v("v_max_f16", [X, X, 45, 45], Bin, F16)
            .op("VDST = (HALF)SRC0>(HALF)SRC1 ? (HALF)SRC0 : (HALF)SRC1 (IEEE maxNum: a NaN operand gives the other; -0.0 < +0.0)")
            .sem(e::max_f16),
        v("v_min_f16", [X, X, 46, 46], Bin, F16)
            .op("VDST = (HALF)SRC0<(HALF)SRC1 ? (HALF)SRC0 : (HALF)SRC1 (IEEE minNum: a NaN operand gives the other; -0.0 < +0.0)")
            .sem(e::min_f16),
        v("v_max_u16", [X, X, 47, 47], Bin, U16)
            .op("VDST = (UINT16)SRC0>(UINT16)SRC1 ? (UINT16)SRC0 : (UINT16)SRC1")
            .sem(e::max_u16),
        v("v_max_i16", [X, X, 48, 48], Bin, I16)
            .op("VDST = (INT16)SRC0>(INT16)SRC1 ? (INT16)SRC0 : (INT16)SRC1")
            .sem(e::max_i16),
        v("v_min_u16", [X, X, 49, 49], Bin, U16)
            .op("VDST = (UINT16)SRC0<(UINT16)SRC1 ? (UINT16)SRC0 : (UINT16)SRC1")
            .sem(e::min_u16),
        v("v_min_i16", [X, X, 50, 50], Bin, I16)
            .op("VDST = (INT16)SRC0<(INT16)SRC1 ? (INT16)SRC0 : (INT16)SRC1")
            .sem(e::min_i16),
        v("v_ldexp_f16", [X, X, 51, 51], Bin, F16)
            .tys(F16, F16, I32, I32)
            .op("VDST = (HALF)SRC0 * POW(2.0, (INT32)SRC1)")
            .sem(e::ldexp_f16),
        // GCN 1.4: carry-less 32-bit add/sub
        v("v_add_u32", [X, X, X, 52], Bin, U32)
            .flag(ic)
            .op("VDST = SRC0 + SRC1")
            .sem(e::add_u32),
        v("v_sub_u32", [X, X, X, 53], Bin, U32)
            .flag(ic)
            .op("VDST = SRC0 - SRC1")
            .sem(e::sub_u32),
        v("v_subrev_u32", [X, X, X, 54], Bin, U32)
            .flag(rev)
            .flag(ic)
            .op("VDST = SRC1 - SRC0")
            .sem(e::subrev_u32),
        // GCN 1.4.1 (gfx906): both oracles agree (no SDWA form of v_fmac_f32 in either
        // assembler).
        v("v_fmac_f32", [X, X, X, 59], Bin, F32)
            .flag(Flags::GFX906)
            .flag(Flags::NO_SDWA_GFX9)
            .op("VDST = FMA((FLOAT)SRC0, (FLOAT)SRC1, (FLOAT)VDST)")
            .sem(e::fmac_f32)
            .flag(Flags::READS_DST),
        v("v_xnor_b32", [X, X, X, 61], Bin, B32)
            .flag(Flags::GFX906)
            .op("VDST = ~(SRC0 ^ SRC1)")
            .sem(e::xnor_b32),
    ];
    t.extend(rows.into_iter().map(Row::done));
}
