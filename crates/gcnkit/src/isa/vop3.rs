//! Instructions that exist only in the VOP3 encoding (VOP3A, and VOP3B where the form says).
//! Opcode arrays are `[GCN1.0, GCN1.1, GCN1.2, GCN1.4]`; `X` = absent. Sources: the VOP3 seed
//! page (its second table column is GCN 1.1), llvm-mc for GCN 1.4.

use super::Form::*;
use super::Ty::*;
use super::{Flags, InstrDef, Row, X};
use crate::arch::ArchSet as A;
use crate::emu::ops::vop3 as e;

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let v = Row::vop3;
    let op = Flags::OPSEL;
    let ic = Flags::INT_CLAMP;
    let nd = Flags::NO_DST_OVERLAP;
    let rows = [
        v("v_mad_legacy_f32", [320, 320, 448, 448], Ter, F32),
        v("v_mad_f32", [321, 321, 449, 449], Ter, F32).sem(e::mad_f32),
        v("v_mad_i32_i24", [322, 322, 450, 450], Ter, I32).flag(ic),
        v("v_mad_u32_u24", [323, 323, 451, 451], Ter, U32).flag(ic),
        v("v_cubeid_f32", [324, 324, 452, 452], Ter, F32),
        v("v_cubesc_f32", [325, 325, 453, 453], Ter, F32),
        v("v_cubetc_f32", [326, 326, 454, 454], Ter, F32),
        v("v_cubema_f32", [327, 327, 455, 455], Ter, F32),
        v("v_bfe_u32", [328, 328, 456, 456], Ter, U32).sem(e::bfe_u32),
        v("v_bfe_i32", [329, 329, 457, 457], Ter, I32)
            .tys(I32, I32, U32, U32)
            .sem(e::bfe_i32),
        v("v_bfi_b32", [330, 330, 458, 458], Ter, B32).sem(e::bfi_b32),
        v("v_fma_f32", [331, 331, 459, 459], Ter, F32).sem(e::fma_f32),
        v("v_fma_f64", [332, 332, 460, 460], Ter, F64).sem(e::fma_f64),
        v("v_lerp_u8", [333, 333, 461, 461], Ter, U32),
        v("v_alignbit_b32", [334, 334, 462, 462], Ter, B32),
        v("v_alignbyte_b32", [335, 335, 463, 463], Ter, B32),
        v("v_mullit_f32", [336, 336, X, X], Ter, F32),
        v("v_min3_f32", [337, 337, 464, 464], Ter, F32),
        v("v_min3_i32", [338, 338, 465, 465], Ter, I32),
        v("v_min3_u32", [339, 339, 466, 466], Ter, U32),
        v("v_max3_f32", [340, 340, 467, 467], Ter, F32),
        v("v_max3_i32", [341, 341, 468, 468], Ter, I32),
        v("v_max3_u32", [342, 342, 469, 469], Ter, U32),
        v("v_med3_f32", [343, 343, 470, 470], Ter, F32),
        v("v_med3_i32", [344, 344, 471, 471], Ter, I32),
        v("v_med3_u32", [345, 345, 472, 472], Ter, U32),
        v("v_sad_u8", [346, 346, 473, 473], Ter, U32).flag(ic),
        v("v_sad_hi_u8", [347, 347, 474, 474], Ter, U32).flag(ic),
        v("v_sad_u16", [348, 348, 475, 475], Ter, U32).flag(ic),
        v("v_sad_u32", [349, 349, 476, 476], Ter, U32).flag(ic),
        v("v_cvt_pk_u8_f32", [350, 350, 477, 477], Ter, F32)
            .tys(B32, F32, U32, U32)
            .flag(ic),
        v("v_div_fixup_f32", [351, 351, 478, 478], Ter, F32),
        v("v_div_fixup_f64", [352, 352, 479, 479], Ter, F64),
        v("v_lshl_b64", [353, 353, X, X], Bin, B64).tys(B64, B64, U32, U32),
        v("v_lshr_b64", [354, 354, X, X], Bin, B64).tys(B64, B64, U32, U32),
        v("v_ashr_i64", [355, 355, X, X], Bin, I64).tys(I64, I64, U32, U32),
        v("v_add_f64", [356, 356, 640, 640], Bin, F64).sem(e::add_f64),
        v("v_mul_f64", [357, 357, 641, 641], Bin, F64).sem(e::mul_f64),
        v("v_min_f64", [358, 358, 642, 642], Bin, F64),
        v("v_max_f64", [359, 359, 643, 643], Bin, F64),
        v("v_ldexp_f64", [360, 360, 644, 644], Bin, F64).tys(F64, F64, I32, I32),
        v("v_mul_lo_u32", [361, 361, 645, 645], Bin, U32)
            .alias("v_mul_lo_i32")
            .sem(e::mul_lo_u32),
        v("v_mul_hi_u32", [362, 362, 646, 646], Bin, U32).sem(e::mul_hi_u32),
        v("v_mul_lo_i32", [363, 363, X, X], Bin, I32),
        v("v_mul_hi_i32", [364, 364, 647, 647], Bin, I32).sem(e::mul_hi_i32),
        v("v_div_scale_f32", [365, 365, 480, 480], Vop3b, F32),
        v("v_div_scale_f64", [366, 366, 481, 481], Vop3b, F64),
        v("v_div_fmas_f32", [367, 367, 482, 482], Ter, F32).flag(Flags::READS_VCC),
        v("v_div_fmas_f64", [368, 368, 483, 483], Ter, F64).flag(Flags::READS_VCC),
        v("v_msad_u8", [369, 369, 484, 484], Ter, U32).flag(ic),
        v("v_qsad_u8", [370, 370, 485, 485], Ter, B64)
            .tys(B64, B64, U32, B64)
            .name_on(A::CI | A::VIPLUS, "v_qsad_pk_u16_u8")
            .no_llvm_on(A::SI)
            .flag(ic)
            .flag(nd)
            .alias("v_qsad_u8")
            .alias("v_qsad_pk_u16_u8"),
        v("v_mqsad_u8", [371, 371, 486, 486], Ter, B64)
            .tys(B64, B64, U32, B64)
            .name_on(A::CI | A::VIPLUS, "v_mqsad_pk_u16_u8")
            .llvm_on(A::SI, "v_mqsad_pk_u16_u8")
            .flag(ic)
            .flag(nd)
            .alias("v_mqsad_u8")
            .alias("v_mqsad_pk_u16_u8"),
        v("v_trig_preop_f64", [372, 372, 658, 658], Bin, F64).tys(F64, F64, U32, U32),
        v("v_mqsad_u32_u8", [X, 373, 487, 487], Ter, B128)
            .tys(B128, B64, U32, B128)
            .flag(ic)
            .flag(nd),
        v("v_mad_u64_u32", [X, 374, 488, 488], Vop3b, U64)
            .tys(U64, U32, U32, U64)
            .flag(ic),
        v("v_mad_i64_i32", [X, 375, 489, 489], Vop3b, I64)
            .tys(I64, I32, I32, I64)
            .flag(ic),
        // GCN 1.2: 16-bit three-operand ops; GCN 1.4 keeps the old opcodes as *_legacy_*
        // and gives the op_sel-capable versions new ones.
        v("v_mad_f16", [X, X, 490, 0x203], Ter, F16).flag(op),
        v("v_mad_u16", [X, X, 491, 0x204], Ter, U16).flag(op).flag(ic),
        v("v_mad_i16", [X, X, 492, 0x205], Ter, I16).flag(op).flag(ic),
        v("v_perm_b32", [X, X, 493, 493], Ter, B32),
        v("v_fma_f16", [X, X, 494, 0x206], Ter, F16).flag(op),
        v("v_div_fixup_f16", [X, X, 495, 0x207], Ter, F16).flag(op),
        v("v_mad_legacy_f16", [X, X, X, 490], Ter, F16),
        v("v_mad_legacy_u16", [X, X, X, 491], Ter, U16).flag(ic),
        v("v_mad_legacy_i16", [X, X, X, 492], Ter, I16).flag(ic),
        v("v_fma_legacy_f16", [X, X, X, 494], Ter, F16),
        v("v_div_fixup_legacy_f16", [X, X, X, 495], Ter, F16),
        v("v_lshlrev_b64", [X, X, 655, 655], Bin, B64).tys(B64, U32, B64, B64),
        v("v_lshrrev_b64", [X, X, 656, 656], Bin, B64).tys(B64, U32, B64, B64),
        v("v_ashrrev_i64", [X, X, 657, 657], Bin, I64).tys(I64, U32, I64, I64),
        // GCN 1.4 additions
        v("v_mad_u32_u16", [X, X, X, 0x1f1], Ter, U32)
            .tys(U32, U16, U16, U32)
            .flag(op)
            .flag(ic),
        v("v_mad_i32_i16", [X, X, X, 0x1f2], Ter, I32)
            .tys(I32, I16, I16, I32)
            .flag(op)
            .flag(ic),
        v("v_xad_u32", [X, X, X, 0x1f3], Ter, U32),
        v("v_min3_f16", [X, X, X, 0x1f4], Ter, F16).flag(op),
        v("v_min3_i16", [X, X, X, 0x1f5], Ter, I16).flag(op).flag(ic),
        v("v_min3_u16", [X, X, X, 0x1f6], Ter, U16).flag(op).flag(ic),
        v("v_max3_f16", [X, X, X, 0x1f7], Ter, F16).flag(op),
        v("v_max3_i16", [X, X, X, 0x1f8], Ter, I16).flag(op).flag(ic),
        v("v_max3_u16", [X, X, X, 0x1f9], Ter, U16).flag(op).flag(ic),
        v("v_med3_f16", [X, X, X, 0x1fa], Ter, F16).flag(op),
        v("v_med3_i16", [X, X, X, 0x1fb], Ter, I16).flag(op).flag(ic),
        v("v_med3_u16", [X, X, X, 0x1fc], Ter, U16).flag(op).flag(ic),
        v("v_lshl_add_u32", [X, X, X, 0x1fd], Ter, U32),
        v("v_add_lshl_u32", [X, X, X, 0x1fe], Ter, U32),
        v("v_add3_u32", [X, X, X, 0x1ff], Ter, U32),
        v("v_lshl_or_b32", [X, X, X, 0x200], Ter, B32),
        v("v_and_or_b32", [X, X, X, 0x201], Ter, B32),
        v("v_or3_b32", [X, X, X, 0x202], Ter, B32),
        v("v_cvt_pknorm_i16_f16", [X, X, X, 0x299], Bin, F16)
            .tys(B32, F16, F16, F16)
            .flag(op)
            .flag(ic),
        v("v_cvt_pknorm_u16_f16", [X, X, X, 0x29a], Bin, F16)
            .tys(B32, F16, F16, F16)
            .flag(op)
            .flag(ic),
        v("v_add_i32", [X, X, X, 0x29c], Bin, I32).flag(ic),
        v("v_sub_i32", [X, X, X, 0x29d], Bin, I32).flag(ic),
        v("v_add_i16", [X, X, X, 0x29e], Bin, I16).flag(op).flag(ic),
        v("v_sub_i16", [X, X, X, 0x29f], Bin, I16).flag(op).flag(ic),
        v("v_readlane_regrd_b32", [X, X, X, 0x29b], ReadLane, B32).no_llvm_on(A::ALL),
        v("v_pack_b32_f16", [X, X, X, 0x2a0], Bin, F16)
            .tys(B32, F16, F16, F16)
            .flag(op)
            .flag(ic),
    ];
    t.extend(rows.into_iter().map(Row::done));
}
