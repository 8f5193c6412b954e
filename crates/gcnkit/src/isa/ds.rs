//! DS: local and global data share (LDS/GDS). Opcode arrays are `[GCN1.0, GCN1.1, GCN1.2,
//! GCN1.4]`; `X` = absent. Every row was read off the oracles: clrxdisasm's text of each
//! opcode (names, operands and their widths) and llvm-mc 14's names (disassembly on GCN
//! 1.2/1.4, assembly on GCN 1.0/1.1). The destination type is VDST's width, the data type
//! DATA0's and DATA1's.

use super::Form::*;
use super::Short::*;
use super::Ty::*;
use super::{atomic, atomic_rtn, AtomicOp, Flags, Flow, Gws, InstrDef, MemSem, Row, X};

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let m = Row::mem;
    let rows = vec![
        m("ds_add_u32", Ds, [0, 0, 0, 0], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::Add)),
        m("ds_sub_u32", Ds, [1, 1, 1, 1], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::Sub)),
        m("ds_rsub_u32", Ds, [2, 2, 2, 2], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::Rsub)),
        m("ds_inc_u32", Ds, [3, 3, 3, 3], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::Inc)),
        m("ds_dec_u32", Ds, [4, 4, 4, 4], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::Dec)),
        m("ds_min_i32", Ds, [5, 5, 5, 5], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::SMin)),
        m("ds_max_i32", Ds, [6, 6, 6, 6], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::SMax)),
        m("ds_min_u32", Ds, [7, 7, 7, 7], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::UMin)),
        m("ds_max_u32", Ds, [8, 8, 8, 8], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::UMax)),
        m("ds_and_b32", Ds, [9, 9, 9, 9], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::And)),
        m("ds_or_b32", Ds, [10, 10, 10, 10], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::Or)),
        m("ds_xor_b32", Ds, [11, 11, 11, 11], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::Xor)),
        m("ds_mskor_b32", Ds, [12, 12, 12, 12], DsWrite2, B32, B32).mem_sem(atomic(AtomicOp::Mskor)),
        m("ds_write_b32", Ds, [13, 13, 13, 13], DsWrite, B32, B32).mem_sem(MemSem::Store { bytes: 4 }),
        m("ds_write2_b32", Ds, [14, 14, 14, 14], DsWrite2, B32, B32)
            .flag(Flags::OFFSET2)
            .mem_sem(MemSem::Store { bytes: 4 }),
        m("ds_write2st64_b32", Ds, [15, 15, 15, 15], DsWrite2, B32, B32)
            .flag(Flags::OFFSET2)
            .mem_sem(MemSem::Store { bytes: 4 })
            .flag(Flags::ST64),
        m("ds_cmpst_b32", Ds, [16, 16, 16, 16], DsWrite2, B32, B32).mem_sem(atomic(AtomicOp::CmpSwap)),
        m("ds_cmpst_f32", Ds, [17, 17, 17, 17], DsWrite2, B32, B32).mem_sem(atomic(AtomicOp::CmpSwapF)),
        m("ds_min_f32", Ds, [18, 18, 18, 18], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::FMin)),
        m("ds_max_f32", Ds, [19, 19, 19, 19], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::FMax)),
        m("ds_gws_init", Ds, [25, 25, 153, 153], DsAddr, B32, B32)
            .flag(Flags::GDS)
            .flag(Flags::GWS)
            .flow(Flow::Gws(Gws::Init)),
        m("ds_gws_sema_v", Ds, [26, 26, 154, 154], DsAddr, B32, B32)
            .flag(Flags::GDS)
            .flag(Flags::GWS)
            .flag(Flags::LLVM_NO_ADDR),
        m("ds_gws_sema_br", Ds, [27, 27, 155, 155], DsAddr, B32, B32)
            .flag(Flags::GDS)
            .flag(Flags::GWS),
        m("ds_gws_sema_p", Ds, [28, 28, 156, 156], DsAddr, B32, B32)
            .flag(Flags::GDS)
            .flag(Flags::GWS)
            .flag(Flags::LLVM_NO_ADDR),
        m("ds_gws_barrier", Ds, [29, 29, 157, 157], DsAddr, B32, B32)
            .flag(Flags::GDS)
            .flag(Flags::GWS)
            .flow(Flow::Gws(Gws::Barrier)),
        m("ds_write_b8", Ds, [30, 30, 30, 30], DsWrite, B32, B32).mem_sem(MemSem::Store { bytes: 1 }),
        m("ds_write_b16", Ds, [31, 31, 31, 31], DsWrite, B32, B32).mem_sem(MemSem::Store { bytes: 2 }),
        m("ds_add_rtn_u32", Ds, [32, 32, 32, 32], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::Add)),
        m("ds_sub_rtn_u32", Ds, [33, 33, 33, 33], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::Sub)),
        m("ds_rsub_rtn_u32", Ds, [34, 34, 34, 34], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::Rsub)),
        m("ds_inc_rtn_u32", Ds, [35, 35, 35, 35], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::Inc)),
        m("ds_dec_rtn_u32", Ds, [36, 36, 36, 36], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::Dec)),
        m("ds_min_rtn_i32", Ds, [37, 37, 37, 37], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::SMin)),
        m("ds_max_rtn_i32", Ds, [38, 38, 38, 38], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::SMax)),
        m("ds_min_rtn_u32", Ds, [39, 39, 39, 39], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::UMin)),
        m("ds_max_rtn_u32", Ds, [40, 40, 40, 40], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::UMax)),
        m("ds_and_rtn_b32", Ds, [41, 41, 41, 41], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::And)),
        m("ds_or_rtn_b32", Ds, [42, 42, 42, 42], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::Or)),
        m("ds_xor_rtn_b32", Ds, [43, 43, 43, 43], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::Xor)),
        m("ds_mskor_rtn_b32", Ds, [44, 44, 44, 44], DsRtn2, B32, B32).mem_sem(atomic_rtn(AtomicOp::Mskor)),
        m("ds_wrxchg_rtn_b32", Ds, [45, 45, 45, 45], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::Swap)),
        m("ds_wrxchg2_rtn_b32", Ds, [46, 46, 46, 46], DsRtn2, B64, B32)
            .flag(Flags::OFFSET2)
            .mem_sem(atomic_rtn(AtomicOp::Swap)),
        m("ds_wrxchg2st64_rtn_b32", Ds, [47, 47, 47, 47], DsRtn2, B64, B32)
            .flag(Flags::OFFSET2)
            .mem_sem(atomic_rtn(AtomicOp::Swap))
            .flag(Flags::ST64),
        m("ds_cmpst_rtn_b32", Ds, [48, 48, 48, 48], DsRtn2, B32, B32).mem_sem(atomic_rtn(AtomicOp::CmpSwap)),
        m("ds_cmpst_rtn_f32", Ds, [49, 49, 49, 49], DsRtn2, B32, B32).mem_sem(atomic_rtn(AtomicOp::CmpSwapF)),
        m("ds_min_rtn_f32", Ds, [50, 50, 50, 50], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::FMin)),
        m("ds_max_rtn_f32", Ds, [51, 51, 51, 51], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::FMax)),
        m("ds_swizzle_b32", Ds, [53, 53, 61, 61], DsRead, B32, B32)
            .flag(Flags::SWIZZLE)
            .mem_sem(MemSem::Swizzle),
        m("ds_read_b32", Ds, [54, 54, 54, 54], DsRead, B32, B32).mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("ds_read2_b32", Ds, [55, 55, 55, 55], DsRead, B64, B32)
            .flag(Flags::OFFSET2)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("ds_read2st64_b32", Ds, [56, 56, 56, 56], DsRead, B64, B32)
            .flag(Flags::OFFSET2)
            .mem_sem(MemSem::Load { bytes: 4, sext: false })
            .flag(Flags::ST64),
        m("ds_read_i8", Ds, [57, 57, 57, 57], DsRead, B32, B32).mem_sem(MemSem::Load { bytes: 1, sext: true }),
        m("ds_read_u8", Ds, [58, 58, 58, 58], DsRead, B32, B32).mem_sem(MemSem::Load { bytes: 1, sext: false }),
        m("ds_read_i16", Ds, [59, 59, 59, 59], DsRead, B32, B32).mem_sem(MemSem::Load { bytes: 2, sext: true }),
        m("ds_read_u16", Ds, [60, 60, 60, 60], DsRead, B32, B32).mem_sem(MemSem::Load { bytes: 2, sext: false }),
        m("ds_consume", Ds, [61, 61, 189, 189], DsDst, B32, B32),
        m("ds_append", Ds, [62, 62, 190, 190], DsDst, B32, B32),
        m("ds_ordered_count", Ds, [63, 63, 191, 191], DsRead, B32, B32).flag(Flags::GDS),
        m("ds_add_u64", Ds, [64, 64, 64, 64], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::Add)),
        m("ds_sub_u64", Ds, [65, 65, 65, 65], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::Sub)),
        m("ds_rsub_u64", Ds, [66, 66, 66, 66], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::Rsub)),
        m("ds_inc_u64", Ds, [67, 67, 67, 67], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::Inc)),
        m("ds_dec_u64", Ds, [68, 68, 68, 68], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::Dec)),
        m("ds_min_i64", Ds, [69, 69, 69, 69], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::SMin)),
        m("ds_max_i64", Ds, [70, 70, 70, 70], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::SMax)),
        m("ds_min_u64", Ds, [71, 71, 71, 71], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::UMin)),
        m("ds_max_u64", Ds, [72, 72, 72, 72], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::UMax)),
        m("ds_and_b64", Ds, [73, 73, 73, 73], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::And)),
        m("ds_or_b64", Ds, [74, 74, 74, 74], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::Or)),
        m("ds_xor_b64", Ds, [75, 75, 75, 75], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::Xor)),
        m("ds_mskor_b64", Ds, [76, 76, 76, 76], DsWrite2, B32, B64).mem_sem(atomic(AtomicOp::Mskor)),
        m("ds_write_b64", Ds, [77, 77, 77, 77], DsWrite, B32, B64).mem_sem(MemSem::Store { bytes: 4 }),
        m("ds_write2_b64", Ds, [78, 78, 78, 78], DsWrite2, B32, B64)
            .flag(Flags::OFFSET2)
            .mem_sem(MemSem::Store { bytes: 4 }),
        m("ds_write2st64_b64", Ds, [79, 79, 79, 79], DsWrite2, B32, B64)
            .flag(Flags::OFFSET2)
            .mem_sem(MemSem::Store { bytes: 4 })
            .flag(Flags::ST64),
        m("ds_cmpst_b64", Ds, [80, 80, 80, 80], DsWrite2, B32, B64).mem_sem(atomic(AtomicOp::CmpSwap)),
        m("ds_cmpst_f64", Ds, [81, 81, 81, 81], DsWrite2, B32, B64).mem_sem(atomic(AtomicOp::CmpSwapF)),
        m("ds_min_f64", Ds, [82, 82, 82, 82], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::FMin)),
        m("ds_max_f64", Ds, [83, 83, 83, 83], DsWrite, B32, B64).mem_sem(atomic(AtomicOp::FMax)),
        m("ds_add_rtn_u64", Ds, [96, 96, 96, 96], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::Add)),
        m("ds_sub_rtn_u64", Ds, [97, 97, 97, 97], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::Sub)),
        m("ds_rsub_rtn_u64", Ds, [98, 98, 98, 98], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::Rsub)),
        m("ds_inc_rtn_u64", Ds, [99, 99, 99, 99], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::Inc)),
        m("ds_dec_rtn_u64", Ds, [100, 100, 100, 100], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::Dec)),
        m("ds_min_rtn_i64", Ds, [101, 101, 101, 101], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::SMin)),
        m("ds_max_rtn_i64", Ds, [102, 102, 102, 102], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::SMax)),
        m("ds_min_rtn_u64", Ds, [103, 103, 103, 103], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::UMin)),
        m("ds_max_rtn_u64", Ds, [104, 104, 104, 104], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::UMax)),
        m("ds_and_rtn_b64", Ds, [105, 105, 105, 105], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::And)),
        m("ds_or_rtn_b64", Ds, [106, 106, 106, 106], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::Or)),
        m("ds_xor_rtn_b64", Ds, [107, 107, 107, 107], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::Xor)),
        m("ds_mskor_rtn_b64", Ds, [108, 108, 108, 108], DsRtn2, B64, B64).mem_sem(atomic_rtn(AtomicOp::Mskor)),
        m("ds_wrxchg_rtn_b64", Ds, [109, 109, 109, 109], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::Swap)),
        m("ds_wrxchg2_rtn_b64", Ds, [110, 110, 110, 110], DsRtn2, B128, B64)
            .flag(Flags::OFFSET2)
            .mem_sem(atomic_rtn(AtomicOp::Swap)),
        m("ds_wrxchg2st64_rtn_b64", Ds, [111, 111, 111, 111], DsRtn2, B128, B64)
            .flag(Flags::OFFSET2)
            .mem_sem(atomic_rtn(AtomicOp::Swap))
            .flag(Flags::ST64),
        m("ds_cmpst_rtn_b64", Ds, [112, 112, 112, 112], DsRtn2, B64, B64).mem_sem(atomic_rtn(AtomicOp::CmpSwap)),
        m("ds_cmpst_rtn_f64", Ds, [113, 113, 113, 113], DsRtn2, B64, B64).mem_sem(atomic_rtn(AtomicOp::CmpSwapF)),
        m("ds_min_rtn_f64", Ds, [114, 114, 114, 114], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::FMin)),
        m("ds_max_rtn_f64", Ds, [115, 115, 115, 115], DsRtn, B64, B64).mem_sem(atomic_rtn(AtomicOp::FMax)),
        m("ds_read_b64", Ds, [118, 118, 118, 118], DsRead, B64, B32).mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("ds_read2_b64", Ds, [119, 119, 119, 119], DsRead, B128, B32)
            .flag(Flags::OFFSET2)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("ds_read2st64_b64", Ds, [120, 120, 120, 120], DsRead, B128, B32)
            .flag(Flags::OFFSET2)
            .mem_sem(MemSem::Load { bytes: 4, sext: false })
            .flag(Flags::ST64),
        m("ds_add_src2_u32", Ds, [128, 128, 128, 128], DsAddr, B32, B32),
        m("ds_sub_src2_u32", Ds, [129, 129, 129, 129], DsAddr, B32, B32),
        m("ds_rsub_src2_u32", Ds, [130, 130, 130, 130], DsAddr, B32, B32),
        m("ds_inc_src2_u32", Ds, [131, 131, 131, 131], DsAddr, B32, B32),
        m("ds_dec_src2_u32", Ds, [132, 132, 132, 132], DsAddr, B32, B32),
        m("ds_min_src2_i32", Ds, [133, 133, 133, 133], DsAddr, B32, B32),
        m("ds_max_src2_i32", Ds, [134, 134, 134, 134], DsAddr, B32, B32),
        m("ds_min_src2_u32", Ds, [135, 135, 135, 135], DsAddr, B32, B32),
        m("ds_max_src2_u32", Ds, [136, 136, 136, 136], DsAddr, B32, B32),
        m("ds_and_src2_b32", Ds, [137, 137, 137, 137], DsAddr, B32, B32),
        m("ds_or_src2_b32", Ds, [138, 138, 138, 138], DsAddr, B32, B32),
        m("ds_xor_src2_b32", Ds, [139, 139, 139, 139], DsAddr, B32, B32),
        m("ds_write_src2_b32", Ds, [141, 141, 141, 141], DsAddr, B32, B32),
        m("ds_min_src2_f32", Ds, [146, 146, 146, 146], DsAddr, B32, B32),
        m("ds_max_src2_f32", Ds, [147, 147, 147, 147], DsAddr, B32, B32),
        m("ds_add_src2_u64", Ds, [192, 192, 192, 192], DsAddr, B32, B32),
        m("ds_sub_src2_u64", Ds, [193, 193, 193, 193], DsAddr, B32, B32),
        m("ds_rsub_src2_u64", Ds, [194, 194, 194, 194], DsAddr, B32, B32),
        m("ds_inc_src2_u64", Ds, [195, 195, 195, 195], DsAddr, B32, B32),
        m("ds_dec_src2_u64", Ds, [196, 196, 196, 196], DsAddr, B32, B32),
        m("ds_min_src2_i64", Ds, [197, 197, 197, 197], DsAddr, B32, B32),
        m("ds_max_src2_i64", Ds, [198, 198, 198, 198], DsAddr, B32, B32),
        m("ds_min_src2_u64", Ds, [199, 199, 199, 199], DsAddr, B32, B32),
        m("ds_max_src2_u64", Ds, [200, 200, 200, 200], DsAddr, B32, B32),
        m("ds_and_src2_b64", Ds, [201, 201, 201, 201], DsAddr, B32, B32),
        m("ds_or_src2_b64", Ds, [202, 202, 202, 202], DsAddr, B32, B32),
        m("ds_xor_src2_b64", Ds, [203, 203, 203, 203], DsAddr, B32, B32),
        m("ds_write_src2_b64", Ds, [205, 205, 205, 205], DsAddr, B32, B32),
        m("ds_min_src2_f64", Ds, [210, 210, 210, 210], DsAddr, B32, B32),
        m("ds_max_src2_f64", Ds, [211, 211, 211, 211], DsAddr, B32, B32),
        m("ds_nop", Ds, [X, 20, 20, 20], DsAddr, B32, B32)
            .flag(Flags::LLVM_NO_ADDR)
            .flag(Flags::LLVM_BARE)
            .mem_sem(MemSem::Nop),
        m("ds_gws_sema_release_all", Ds, [X, 24, 152, 152], DsAddr, B32, B32)
            .flag(Flags::GDS)
            .flag(Flags::GWS)
            .flag(Flags::LLVM_NO_ADDR),
        m("ds_wrap_rtn_b32", Ds, [X, 52, 52, 52], DsRtn2, B32, B32).mem_sem(atomic_rtn(AtomicOp::Wrap)),
        m("ds_condxchg32_rtn_b64", Ds, [X, 126, 126, 126], DsRtn, B64, B64),
        m("ds_write_b96", Ds, [X, 222, 222, 222], DsWrite, B32, B96).mem_sem(MemSem::Store { bytes: 4 }),
        m("ds_write_b128", Ds, [X, 223, 223, 223], DsWrite, B32, B128).mem_sem(MemSem::Store { bytes: 4 }),
        m("ds_condxchg32_rtn_b128", Ds, [X, 253, 253, 253], DsDst, B128, B32).no_llvm(),
        m("ds_read_b96", Ds, [X, 254, 254, 254], DsRead, B96, B32).mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("ds_read_b128", Ds, [X, 255, 255, 255], DsRead, B128, B32).mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("ds_add_f32", Ds, [X, X, 21, 21], DsWrite, B32, B32).mem_sem(atomic(AtomicOp::FAdd)),
        m("ds_add_rtn_f32", Ds, [X, X, 53, 53], DsRtn, B32, B32).mem_sem(atomic_rtn(AtomicOp::FAdd)),
        m("ds_permute_b32", Ds, [X, X, 62, 62], DsRtn, B32, B32)
            .flag(Flags::LLVM_NO_GDS)
            .mem_sem(MemSem::Permute { back: false }),
        m("ds_bpermute_b32", Ds, [X, X, 63, 63], DsRtn, B32, B32)
            .flag(Flags::LLVM_NO_GDS)
            .mem_sem(MemSem::Permute { back: true }),
        m("ds_add_src2_f32", Ds, [X, X, 149, 149], DsAddr, B32, B32),
        m("ds_write_addtid_b32", Ds, [X, X, X, 29], DsData, B32, B32),
        m("ds_write_b8_d16_hi", Ds, [X, X, X, 84], DsWrite, B32, B32).mem_sem(MemSem::StoreD16Hi { bytes: 1 }),
        m("ds_write_b16_d16_hi", Ds, [X, X, X, 85], DsWrite, B32, B32).mem_sem(MemSem::StoreD16Hi { bytes: 2 }),
        m("ds_read_u8_d16", Ds, [X, X, X, 86], DsRead, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: false,
            hi: false,
        }),
        m("ds_read_u8_d16_hi", Ds, [X, X, X, 87], DsRead, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: false,
            hi: true,
        }),
        m("ds_read_i8_d16", Ds, [X, X, X, 88], DsRead, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: true,
            hi: false,
        }),
        m("ds_read_i8_d16_hi", Ds, [X, X, X, 89], DsRead, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: true,
            hi: true,
        }),
        m("ds_read_u16_d16", Ds, [X, X, X, 90], DsRead, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 2,
            sext: false,
            hi: false,
        }),
        m("ds_read_u16_d16_hi", Ds, [X, X, X, 91], DsRead, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 2,
            sext: false,
            hi: true,
        }),
        m("ds_read_addtid_b32", Ds, [X, X, X, 182], DsDst, B32, B32),
    ];
    t.extend(rows.into_iter().map(Row::done));
}
