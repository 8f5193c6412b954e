//! The scalar ALU: SOP2, SOPK, SOP1, SOPC and SOPP. Opcode arrays are `[GCN1.0, GCN1.1,
//! GCN1.2, GCN1.4]`; `X` = absent. Types give the widths of SDST and the sources (B32 one
//! SGPR, B64 a pair). Names and opcodes as clrxdisasm and llvm-mc 14 decode every opcode of
//! each class on each generation.

use super::Form::*;
use super::Short::*;
use super::Ty::*;
use super::{Cond, Dialects, Flags, Flow, InstrDef, Row, X};
use crate::arch::ArchSet as A;
use crate::emu::ops::salu as e;

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let s = Row::scalar;
    let rows = vec![
        // SOP2
        s("s_add_u32", Sop2, [0, 0, 0, 0], S2, B32, B32, B32).salu(e::add_u32),
        s("s_sub_u32", Sop2, [1, 1, 1, 1], S2, B32, B32, B32).salu(e::sub_u32),
        s("s_add_i32", Sop2, [2, 2, 2, 2], S2, B32, B32, B32).salu(e::add_i32),
        s("s_sub_i32", Sop2, [3, 3, 3, 3], S2, B32, B32, B32).salu(e::sub_i32),
        s("s_addc_u32", Sop2, [4, 4, 4, 4], S2, B32, B32, B32).salu(e::addc_u32),
        s("s_subb_u32", Sop2, [5, 5, 5, 5], S2, B32, B32, B32).salu(e::subb_u32),
        s("s_min_i32", Sop2, [6, 6, 6, 6], S2, B32, B32, B32).salu(e::min_i32),
        s("s_min_u32", Sop2, [7, 7, 7, 7], S2, B32, B32, B32).salu(e::min_u32),
        s("s_max_i32", Sop2, [8, 8, 8, 8], S2, B32, B32, B32).salu(e::max_i32),
        s("s_max_u32", Sop2, [9, 9, 9, 9], S2, B32, B32, B32).salu(e::max_u32),
        s("s_cselect_b32", Sop2, [10, 10, 10, 10], S2, B32, B32, B32).salu(e::cselect),
        s("s_cselect_b64", Sop2, [11, 11, 11, 11], S2, B64, B64, B64).salu(e::cselect),
        s("s_and_b32", Sop2, [14, 14, 12, 12], S2, B32, B32, B32).salu(e::and_b32),
        s("s_and_b64", Sop2, [15, 15, 13, 13], S2, B64, B64, B64).salu(e::and_b64),
        s("s_or_b32", Sop2, [16, 16, 14, 14], S2, B32, B32, B32).salu(e::or_b32),
        s("s_or_b64", Sop2, [17, 17, 15, 15], S2, B64, B64, B64).salu(e::or_b64),
        s("s_xor_b32", Sop2, [18, 18, 16, 16], S2, B32, B32, B32).salu(e::xor_b32),
        s("s_xor_b64", Sop2, [19, 19, 17, 17], S2, B64, B64, B64).salu(e::xor_b64),
        s("s_andn2_b32", Sop2, [20, 20, 18, 18], S2, B32, B32, B32).salu(e::andn2_b32),
        s("s_andn2_b64", Sop2, [21, 21, 19, 19], S2, B64, B64, B64).salu(e::andn2_b64),
        s("s_orn2_b32", Sop2, [22, 22, 20, 20], S2, B32, B32, B32).salu(e::orn2_b32),
        s("s_orn2_b64", Sop2, [23, 23, 21, 21], S2, B64, B64, B64).salu(e::orn2_b64),
        s("s_nand_b32", Sop2, [24, 24, 22, 22], S2, B32, B32, B32).salu(e::nand_b32),
        s("s_nand_b64", Sop2, [25, 25, 23, 23], S2, B64, B64, B64).salu(e::nand_b64),
        s("s_nor_b32", Sop2, [26, 26, 24, 24], S2, B32, B32, B32).salu(e::nor_b32),
        s("s_nor_b64", Sop2, [27, 27, 25, 25], S2, B64, B64, B64).salu(e::nor_b64),
        s("s_xnor_b32", Sop2, [28, 28, 26, 26], S2, B32, B32, B32).salu(e::xnor_b32),
        s("s_xnor_b64", Sop2, [29, 29, 27, 27], S2, B64, B64, B64).salu(e::xnor_b64),
        s("s_lshl_b32", Sop2, [30, 30, 28, 28], S2, B32, B32, B32).salu(e::lshl_b32),
        s("s_lshl_b64", Sop2, [31, 31, 29, 29], S2, B64, B64, B32).salu(e::lshl_b64),
        s("s_lshr_b32", Sop2, [32, 32, 30, 30], S2, B32, B32, B32).salu(e::lshr_b32),
        s("s_lshr_b64", Sop2, [33, 33, 31, 31], S2, B64, B64, B32).salu(e::lshr_b64),
        s("s_ashr_i32", Sop2, [34, 34, 32, 32], S2, B32, B32, B32).salu(e::ashr_i32),
        s("s_ashr_i64", Sop2, [35, 35, 33, 33], S2, B64, B64, B32).salu(e::ashr_i64),
        s("s_bfm_b32", Sop2, [36, 36, 34, 34], S2, B32, B32, B32).salu(e::bfm_b32),
        s("s_bfm_b64", Sop2, [37, 37, 35, 35], S2, B64, B32, B32).salu(e::bfm_b64),
        s("s_mul_i32", Sop2, [38, 38, 36, 36], S2, B32, B32, B32).salu(e::mul_i32),
        s("s_bfe_u32", Sop2, [39, 39, 37, 37], S2, B32, B32, B32).salu(e::bfe_u32),
        s("s_bfe_i32", Sop2, [40, 40, 38, 38], S2, B32, B32, B32).salu(e::bfe_i32),
        s("s_bfe_u64", Sop2, [41, 41, 39, 39], S2, B64, B64, B32).salu(e::bfe_u64),
        s("s_bfe_i64", Sop2, [42, 42, 40, 40], S2, B64, B64, B32).salu(e::bfe_i64),
        s("s_cbranch_g_fork", Sop2, [43, 43, 41, 41], S2NoDst, B32, B64, B64).flag(Flags::SREG_SRC),
        s("s_absdiff_i32", Sop2, [44, 44, 42, 42], S2, B32, B32, B32).salu(e::absdiff_i32),
        s("s_rfe_restore_b64", Sop2, [X, X, 43, 43], S2NoDst, B32, B64, B32),
        s("s_mul_hi_u32", Sop2, [X, X, X, 44], S2, B32, B32, B32).salu(e::mul_hi_u32),
        s("s_mul_hi_i32", Sop2, [X, X, X, 45], S2, B32, B32, B32).salu(e::mul_hi_i32),
        s("s_lshl1_add_u32", Sop2, [X, X, X, 46], S2, B32, B32, B32).salu(e::lshl1_add_u32),
        s("s_lshl2_add_u32", Sop2, [X, X, X, 47], S2, B32, B32, B32).salu(e::lshl2_add_u32),
        s("s_lshl3_add_u32", Sop2, [X, X, X, 48], S2, B32, B32, B32).salu(e::lshl3_add_u32),
        s("s_lshl4_add_u32", Sop2, [X, X, X, 49], S2, B32, B32, B32).salu(e::lshl4_add_u32),
        s("s_pack_ll_b32_b16", Sop2, [X, X, X, 50], S2, B32, B32, B32).salu(e::pack_ll_b32_b16),
        s("s_pack_lh_b32_b16", Sop2, [X, X, X, 51], S2, B32, B32, B32).salu(e::pack_lh_b32_b16),
        s("s_pack_hh_b32_b16", Sop2, [X, X, X, 52], S2, B32, B32, B32).salu(e::pack_hh_b32_b16),
        // SOPK
        s("s_movk_i32", Sopk, [0, 0, 0, 0], K, I32, I32, I32).salu(e::movk_i32),
        s("s_cmovk_i32", Sopk, [2, 2, 1, 1], K, I32, I32, I32)
            .salu(e::cmovk_i32)
            .flag(Flags::READS_DST),
        s("s_cmpk_eq_i32", Sopk, [3, 3, 2, 2], KCmp, B32, I32, I32).salu(e::cmp_eq_i32),
        s("s_cmpk_lg_i32", Sopk, [4, 4, 3, 3], KCmp, B32, I32, I32).salu(e::cmp_lg_i32),
        s("s_cmpk_gt_i32", Sopk, [5, 5, 4, 4], KCmp, B32, I32, I32).salu(e::cmp_gt_i32),
        s("s_cmpk_ge_i32", Sopk, [6, 6, 5, 5], KCmp, B32, I32, I32).salu(e::cmp_ge_i32),
        s("s_cmpk_lt_i32", Sopk, [7, 7, 6, 6], KCmp, B32, I32, I32).salu(e::cmp_lt_i32),
        s("s_cmpk_le_i32", Sopk, [8, 8, 7, 7], KCmp, B32, I32, I32).salu(e::cmp_le_i32),
        s("s_cmpk_eq_u32", Sopk, [9, 9, 8, 8], KCmp, B32, U32, U32).salu(e::cmp_eq_u32),
        s("s_cmpk_lg_u32", Sopk, [10, 10, 9, 9], KCmp, B32, U32, U32).salu(e::cmp_lg_u32),
        s("s_cmpk_gt_u32", Sopk, [11, 11, 10, 10], KCmp, B32, U32, U32).salu(e::cmp_gt_u32),
        s("s_cmpk_ge_u32", Sopk, [12, 12, 11, 11], KCmp, B32, U32, U32).salu(e::cmp_ge_u32),
        s("s_cmpk_lt_u32", Sopk, [13, 13, 12, 12], KCmp, B32, U32, U32).salu(e::cmp_lt_u32),
        s("s_cmpk_le_u32", Sopk, [14, 14, 13, 13], KCmp, B32, U32, U32).salu(e::cmp_le_u32),
        s("s_addk_i32", Sopk, [15, 15, 14, 14], K, I32, I32, I32).salu(e::add_i32),
        s("s_mulk_i32", Sopk, [16, 16, 15, 15], K, I32, I32, I32).salu(e::mul_i32),
        s("s_cbranch_i_fork", Sopk, [17, 17, 16, 16], KFork, B32, B64, B32),
        s("s_getreg_b32", Sopk, [18, 18, 17, 17], KGetReg, B32, B32, B32).flow(Flow::GetReg),
        s("s_setreg_b32", Sopk, [19, 19, 18, 18], KSetReg, B32, B32, B32).flow(Flow::SetReg),
        s("s_getreg_regrd_b32", Sopk, [20, 20, 19, 19], KGetReg, B32, B32, B32)
            .no_llvm_on(A::SI | A::CI | A::VI | A::GFX9),
        s("s_setreg_imm32_b32", Sopk, [21, 21, 20, 20], KSetRegImm, B32, B32, B32).flow(Flow::SetRegImm),
        s("s_call_b64", Sopk, [X, X, X, 21], KCall, B64, B32, B32).flow(Flow::Call),
        // SOP1
        s("s_mov_b32", Sop1, [3, 3, 0, 0], S1, B32, B32, B32).salu(e::mov),
        s("s_mov_b64", Sop1, [4, 4, 1, 1], S1, B64, B64, B32).salu(e::mov),
        s("s_cmov_b32", Sop1, [5, 5, 2, 2], S1, B32, B32, B32)
            .salu(e::cmov)
            .flag(Flags::READS_DST),
        s("s_cmov_b64", Sop1, [6, 6, 3, 3], S1, B64, B64, B32)
            .salu(e::cmov)
            .flag(Flags::READS_DST),
        s("s_not_b32", Sop1, [7, 7, 4, 4], S1, B32, B32, B32).salu(e::not_b32),
        s("s_not_b64", Sop1, [8, 8, 5, 5], S1, B64, B64, B32).salu(e::not_b64),
        s("s_wqm_b32", Sop1, [9, 9, 6, 6], S1, B32, B32, B32).salu(e::wqm_b32),
        s("s_wqm_b64", Sop1, [10, 10, 7, 7], S1, B64, B64, B32).salu(e::wqm_b64),
        s("s_brev_b32", Sop1, [11, 11, 8, 8], S1, B32, B32, B32).salu(e::brev_b32),
        s("s_brev_b64", Sop1, [12, 12, 9, 9], S1, B64, B64, B32).salu(e::brev_b64),
        s("s_bcnt0_i32_b32", Sop1, [13, 13, 10, 10], S1, B32, B32, B32).salu(e::bcnt0_i32_b32),
        s("s_bcnt0_i32_b64", Sop1, [14, 14, 11, 11], S1, B32, B64, B32).salu(e::bcnt0_i32_b64),
        s("s_bcnt1_i32_b32", Sop1, [15, 15, 12, 12], S1, B32, B32, B32).salu(e::bcnt1_i32_b32),
        s("s_bcnt1_i32_b64", Sop1, [16, 16, 13, 13], S1, B32, B64, B32).salu(e::bcnt1_i32_b64),
        s("s_ff0_i32_b32", Sop1, [17, 17, 14, 14], S1, B32, B32, B32).salu(e::ff0_i32_b32),
        s("s_ff0_i32_b64", Sop1, [18, 18, 15, 15], S1, B32, B64, B32).salu(e::ff0_i32_b64),
        s("s_ff1_i32_b32", Sop1, [19, 19, 16, 16], S1, B32, B32, B32).salu(e::ff1_i32_b32),
        s("s_ff1_i32_b64", Sop1, [20, 20, 17, 17], S1, B32, B64, B32).salu(e::ff1_i32_b64),
        s("s_flbit_i32_b32", Sop1, [21, 21, 18, 18], S1, B32, B32, B32).salu(e::flbit_i32_b32),
        s("s_flbit_i32_b64", Sop1, [22, 22, 19, 19], S1, B32, B64, B32).salu(e::flbit_i32_b64),
        s("s_flbit_i32", Sop1, [23, 23, 20, 20], S1, B32, B32, B32).salu(e::flbit_i32),
        s("s_flbit_i32_i64", Sop1, [24, 24, 21, 21], S1, B32, B64, B32).salu(e::flbit_i32_i64),
        s("s_sext_i32_i8", Sop1, [25, 25, 22, 22], S1, B32, B32, B32).salu(e::sext_i32_i8),
        s("s_sext_i32_i16", Sop1, [26, 26, 23, 23], S1, B32, B32, B32).salu(e::sext_i32_i16),
        s("s_bitset0_b32", Sop1, [27, 27, 24, 24], S1, B32, B32, B32)
            .salu(e::bitset0_b32)
            .flag(Flags::READS_DST),
        s("s_bitset0_b64", Sop1, [28, 28, 25, 25], S1, B64, B32, B32)
            .salu(e::bitset0_b64)
            .flag(Flags::READS_DST),
        s("s_bitset1_b32", Sop1, [29, 29, 26, 26], S1, B32, B32, B32)
            .salu(e::bitset1_b32)
            .flag(Flags::READS_DST),
        s("s_bitset1_b64", Sop1, [30, 30, 27, 27], S1, B64, B32, B32)
            .salu(e::bitset1_b64)
            .flag(Flags::READS_DST),
        s("s_getpc_b64", Sop1, [31, 31, 28, 28], S1NoSrc, B64, B32, B32).flow(Flow::GetPc),
        s("s_setpc_b64", Sop1, [32, 32, 29, 29], S1NoDst, B32, B64, B32)
            .flag(Flags::SREG_SRC)
            .flow(Flow::SetPc),
        s("s_swappc_b64", Sop1, [33, 33, 30, 30], S1, B64, B64, B32).flow(Flow::SwapPc),
        s("s_rfe_b64", Sop1, [34, 34, 31, 31], S1NoDst, B32, B64, B32)
            .flag(Flags::SREG_SRC)
            .flag(Flags::READS_TRAPSTS),
        s("s_and_saveexec_b64", Sop1, [36, 36, 32, 32], S1, B64, B64, B32).salu(e::and_saveexec_b64),
        s("s_or_saveexec_b64", Sop1, [37, 37, 33, 33], S1, B64, B64, B32).salu(e::or_saveexec_b64),
        s("s_xor_saveexec_b64", Sop1, [38, 38, 34, 34], S1, B64, B64, B32).salu(e::xor_saveexec_b64),
        s("s_andn2_saveexec_b64", Sop1, [39, 39, 35, 35], S1, B64, B64, B32).salu(e::andn2_saveexec_b64),
        s("s_orn2_saveexec_b64", Sop1, [40, 40, 36, 36], S1, B64, B64, B32).salu(e::orn2_saveexec_b64),
        s("s_nand_saveexec_b64", Sop1, [41, 41, 37, 37], S1, B64, B64, B32).salu(e::nand_saveexec_b64),
        s("s_nor_saveexec_b64", Sop1, [42, 42, 38, 38], S1, B64, B64, B32).salu(e::nor_saveexec_b64),
        s("s_xnor_saveexec_b64", Sop1, [43, 43, 39, 39], S1, B64, B64, B32).salu(e::xnor_saveexec_b64),
        s("s_quadmask_b32", Sop1, [44, 44, 40, 40], S1, B32, B32, B32).salu(e::quadmask_b32),
        s("s_quadmask_b64", Sop1, [45, 45, 41, 41], S1, B64, B64, B32).salu(e::quadmask_b64),
        s("s_movrels_b32", Sop1, [46, 46, 42, 42], S1, B32, B32, B32)
            .flag(Flags::SREG_SRC)
            .flow(Flow::MovRelS),
        s("s_movrels_b64", Sop1, [47, 47, 43, 43], S1, B64, B64, B32)
            .flag(Flags::SREG_SRC)
            .flow(Flow::MovRelS),
        s("s_movreld_b32", Sop1, [48, 48, 44, 44], S1, B32, B32, B32).flow(Flow::MovRelD),
        s("s_movreld_b64", Sop1, [49, 49, 45, 45], S1, B64, B64, B32).flow(Flow::MovRelD),
        s("s_cbranch_join", Sop1, [50, 50, 46, 46], S1NoDst, B32, B32, B32).flag(Flags::SREG_SRC),
        s("s_mov_regrd_b32", Sop1, [51, 51, 47, 47], S1, B32, B32, B32).no_llvm_on(A::SI | A::CI | A::VI | A::GFX9),
        s("s_abs_i32", Sop1, [52, 52, 48, 48], S1, B32, B32, B32).salu(e::abs_i32),
        s("s_mov_fed_b32", Sop1, [53, 53, 49, 49], S1, B32, B32, B32)
            .no_llvm_on(A::SI | A::CI | A::VI | A::GFX9)
            .salu(e::mov),
        s("s_set_gpr_idx_idx", Sop1, [X, X, 50, 50], S1NoDst, B32, B32, B32).flow(Flow::GprIdx),
        s("s_andn1_saveexec_b64", Sop1, [X, X, X, 51], S1, B64, B64, B32).salu(e::andn1_saveexec_b64),
        s("s_orn1_saveexec_b64", Sop1, [X, X, X, 52], S1, B64, B64, B32).salu(e::orn1_saveexec_b64),
        s("s_andn1_wrexec_b64", Sop1, [X, X, X, 53], S1, B64, B64, B32).salu(e::andn1_wrexec_b64),
        s("s_andn2_wrexec_b64", Sop1, [X, X, X, 54], S1, B64, B64, B32).salu(e::andn2_wrexec_b64),
        s("s_bitreplicate_b64_b32", Sop1, [X, X, X, 55], S1, B64, B32, B32).salu(e::bitreplicate_b64_b32),
        // SOPC
        s("s_cmp_eq_i32", Sopc, [0, 0, 0, 0], C, B32, B32, B32).salu(e::cmp_eq_i32),
        s("s_cmp_lg_i32", Sopc, [1, 1, 1, 1], C, B32, B32, B32).salu(e::cmp_lg_i32),
        s("s_cmp_gt_i32", Sopc, [2, 2, 2, 2], C, B32, B32, B32).salu(e::cmp_gt_i32),
        s("s_cmp_ge_i32", Sopc, [3, 3, 3, 3], C, B32, B32, B32).salu(e::cmp_ge_i32),
        s("s_cmp_lt_i32", Sopc, [4, 4, 4, 4], C, B32, B32, B32).salu(e::cmp_lt_i32),
        s("s_cmp_le_i32", Sopc, [5, 5, 5, 5], C, B32, B32, B32).salu(e::cmp_le_i32),
        s("s_cmp_eq_u32", Sopc, [6, 6, 6, 6], C, B32, B32, B32).salu(e::cmp_eq_u32),
        s("s_cmp_lg_u32", Sopc, [7, 7, 7, 7], C, B32, B32, B32).salu(e::cmp_lg_u32),
        s("s_cmp_gt_u32", Sopc, [8, 8, 8, 8], C, B32, B32, B32).salu(e::cmp_gt_u32),
        s("s_cmp_ge_u32", Sopc, [9, 9, 9, 9], C, B32, B32, B32).salu(e::cmp_ge_u32),
        s("s_cmp_lt_u32", Sopc, [10, 10, 10, 10], C, B32, B32, B32).salu(e::cmp_lt_u32),
        s("s_cmp_le_u32", Sopc, [11, 11, 11, 11], C, B32, B32, B32).salu(e::cmp_le_u32),
        s("s_bitcmp0_b32", Sopc, [12, 12, 12, 12], C, B32, B32, B32).salu(e::bitcmp0_b32),
        s("s_bitcmp1_b32", Sopc, [13, 13, 13, 13], C, B32, B32, B32).salu(e::bitcmp1_b32),
        s("s_bitcmp0_b64", Sopc, [14, 14, 14, 14], C, B32, B64, B32).salu(e::bitcmp0_b64),
        s("s_bitcmp1_b64", Sopc, [15, 15, 15, 15], C, B32, B64, B32).salu(e::bitcmp1_b64),
        s("s_setvskip", Sopc, [16, 16, 16, 16], C, B32, B32, B32).flag(Flags::SETS_VSKIP),
        s("s_set_gpr_idx_on", Sopc, [X, X, 17, 17], CGprIdx, B32, B32, B32).flow(Flow::GprIdx),
        s("s_cmp_eq_u64", Sopc, [X, X, 18, 18], C, B32, B64, B64).salu(e::cmp_eq_u64),
        s("s_cmp_lg_u64", Sopc, [X, X, 19, 19], C, B32, B64, B64)
            .alias(Dialects::CLRX, A::VI | A::GFX9, "s_cmp_ne_u64")
            .salu(e::cmp_lg_u64),
        // SOPP
        s("s_nop", Sopp, [0, 0, 0, 0], PImm, B32, B32, B32)
            .flow(Flow::Nop)
            .flag(Flags::WAIT_STATES),
        s("s_endpgm", Sopp, [1, 1, 1, 1], P0, B32, B32, B32)
            .flag(Flags::END)
            .flag(Flags::LLVM_IMM)
            .flow(Flow::End),
        s("s_branch", Sopp, [2, 2, 2, 2], PLabel, B32, B32, B32).flow(Flow::Branch(Cond::Always)),
        s("s_cbranch_scc0", Sopp, [4, 4, 4, 4], PLabel, B32, B32, B32).flow(Flow::Branch(Cond::Scc0)),
        s("s_cbranch_scc1", Sopp, [5, 5, 5, 5], PLabel, B32, B32, B32).flow(Flow::Branch(Cond::Scc1)),
        s("s_cbranch_vccz", Sopp, [6, 6, 6, 6], PLabel, B32, B32, B32).flow(Flow::Branch(Cond::Vccz)),
        s("s_cbranch_vccnz", Sopp, [7, 7, 7, 7], PLabel, B32, B32, B32).flow(Flow::Branch(Cond::Vccnz)),
        s("s_cbranch_execz", Sopp, [8, 8, 8, 8], PLabel, B32, B32, B32).flow(Flow::Branch(Cond::Execz)),
        s("s_cbranch_execnz", Sopp, [9, 9, 9, 9], PLabel, B32, B32, B32).flow(Flow::Branch(Cond::Execnz)),
        s("s_barrier", Sopp, [10, 10, 10, 10], P0, B32, B32, B32).flow(Flow::Barrier),
        s("s_waitcnt", Sopp, [12, 12, 12, 12], PWaitcnt, B32, B32, B32).flow(Flow::Nop),
        s("s_sethalt", Sopp, [13, 13, 13, 13], PImm, B32, B32, B32),
        s("s_sleep", Sopp, [14, 14, 14, 14], PImm, B32, B32, B32).flow(Flow::Nop),
        s("s_setprio", Sopp, [15, 15, 15, 15], PImm, B32, B32, B32).flow(Flow::Nop),
        s("s_sendmsg", Sopp, [16, 16, 16, 16], PSendmsg, B32, B32, B32).flow(Flow::Nop),
        s("s_sendmsghalt", Sopp, [17, 17, 17, 17], PSendmsg, B32, B32, B32),
        s("s_trap", Sopp, [18, 18, 18, 18], PImm, B32, B32, B32).flow(Flow::Trap),
        s("s_icache_inv", Sopp, [19, 19, 19, 19], P0, B32, B32, B32).flow(Flow::Nop),
        s("s_incperflevel", Sopp, [20, 20, 20, 20], PImm, B32, B32, B32).flow(Flow::Nop),
        s("s_decperflevel", Sopp, [21, 21, 21, 21], PImm, B32, B32, B32).flow(Flow::Nop),
        s("s_ttracedata", Sopp, [22, 22, 22, 22], P0, B32, B32, B32)
            .flow(Flow::Nop)
            .flag(Flags::READS_M0),
        s("s_setkill", Sopp, [11, 11, 11, 11], PImm, B32, B32, B32).no_clrx_on(A::SI),
        s("s_cbranch_cdbgsys", Sopp, [23, 23, 23, 23], PLabel, B32, B32, B32).no_clrx_on(A::SI),
        s("s_cbranch_cdbguser", Sopp, [24, 24, 24, 24], PLabel, B32, B32, B32).no_clrx_on(A::SI),
        s(
            "s_cbranch_cdbgsys_or_user",
            Sopp,
            [25, 25, 25, 25],
            PLabel,
            B32,
            B32,
            B32,
        )
        .no_clrx_on(A::SI),
        s(
            "s_cbranch_cdbgsys_and_user",
            Sopp,
            [26, 26, 26, 26],
            PLabel,
            B32,
            B32,
            B32,
        )
        .no_clrx_on(A::SI),
        s("s_wakeup", Sopp, [X, X, 3, 3], P0, B32, B32, B32),
        s("s_endpgm_saved", Sopp, [X, X, 27, 27], P0, B32, B32, B32).flag(Flags::END),
        s("s_set_gpr_idx_off", Sopp, [X, X, 28, 28], P0, B32, B32, B32).flow(Flow::GprIdx),
        s("s_set_gpr_idx_mode", Sopp, [X, X, 29, 29], PGprIdx, B32, B32, B32).flow(Flow::GprIdx),
        s("s_endpgm_ordered_ps_done", Sopp, [X, X, X, 30], P0, B32, B32, B32).flag(Flags::END),
    ];
    t.extend(rows.into_iter().map(Row::done));
}
