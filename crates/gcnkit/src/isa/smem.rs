//! Scalar memory: SMRD on GCN 1.0/1.1, SMEM on GCN 1.2+ (one row for both: the opcode of
//! each generation's class). Opcode arrays are `[GCN1.0, GCN1.1, GCN1.2, GCN1.4]`; `X` =
//! absent. The destination type gives the data width; `BUFFER` rows take a buffer resource
//! (four SGPRs) as base.

use super::Form::*;
use super::Short::*;
use super::Ty::*;
use super::{atomic, AtomicOp, Flags, InstrDef, MemSem, Row, X};
use crate::arch::ArchSet as A;

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let s = Row::scalar;
    let rows = vec![
        s("s_load_dword", Smem, [0, 0, 0, 0], MLoad, B32, B32, B32).mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_load_dwordx2", Smem, [1, 1, 1, 1], MLoad, B64, B32, B32).mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_load_dwordx4", Smem, [2, 2, 2, 2], MLoad, B128, B32, B32).mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_load_dwordx8", Smem, [3, 3, 3, 3], MLoad, B256, B32, B32).mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_load_dwordx16", Smem, [4, 4, 4, 4], MLoad, B512, B32, B32).mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_buffer_load_dword", Smem, [8, 8, 8, 8], MLoad, B32, B32, B32)
            .flag(Flags::BUFFER)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_buffer_load_dwordx2", Smem, [9, 9, 9, 9], MLoad, B64, B32, B32)
            .flag(Flags::BUFFER)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_buffer_load_dwordx4", Smem, [10, 10, 10, 10], MLoad, B128, B32, B32)
            .flag(Flags::BUFFER)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_buffer_load_dwordx8", Smem, [11, 11, 11, 11], MLoad, B256, B32, B32)
            .flag(Flags::BUFFER)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_buffer_load_dwordx16", Smem, [12, 12, 12, 12], MLoad, B512, B32, B32)
            .flag(Flags::BUFFER)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_memtime", Smem, [30, 30, 36, 36], MTime, B64, B32, B32).mem_sem(MemSem::Time),
        s("s_dcache_inv", Smem, [31, 31, 32, 32], MNone, B32, B32, B32).mem_sem(MemSem::Nop),
        s("s_dcache_inv_vol", Smem, [X, 29, 34, 34], MNone, B32, B32, B32).mem_sem(MemSem::Nop),
        s("s_store_dword", Smem, [X, X, 16, 16], MStore, B32, B32, B32).mem_sem(MemSem::Store { bytes: 4 }),
        s("s_store_dwordx2", Smem, [X, X, 17, 17], MStore, B64, B32, B32).mem_sem(MemSem::Store { bytes: 4 }),
        s("s_store_dwordx4", Smem, [X, X, 18, 18], MStore, B128, B32, B32).mem_sem(MemSem::Store { bytes: 4 }),
        s("s_buffer_store_dword", Smem, [X, X, 24, 24], MStore, B32, B32, B32)
            .flag(Flags::BUFFER)
            .mem_sem(MemSem::Store { bytes: 4 }),
        s("s_buffer_store_dwordx2", Smem, [X, X, 25, 25], MStore, B64, B32, B32)
            .flag(Flags::BUFFER)
            .mem_sem(MemSem::Store { bytes: 4 }),
        s("s_buffer_store_dwordx4", Smem, [X, X, 26, 26], MStore, B128, B32, B32)
            .flag(Flags::BUFFER)
            .mem_sem(MemSem::Store { bytes: 4 }),
        s("s_dcache_wb", Smem, [X, X, 33, 33], MNone, B32, B32, B32).mem_sem(MemSem::Nop),
        s("s_dcache_wb_vol", Smem, [X, X, 35, 35], MNone, B32, B32, B32).mem_sem(MemSem::Nop),
        s("s_memrealtime", Smem, [X, X, 37, 37], MTime, B64, B32, B32).mem_sem(MemSem::RealTime),
        s("s_atc_probe", Smem, [X, X, 38, 38], MProbe, B32, B32, B32).mem_sem(MemSem::Nop),
        s("s_atc_probe_buffer", Smem, [X, X, 39, 39], MProbe, B32, B32, B32)
            .flag(Flags::BUFFER)
            .mem_sem(MemSem::Nop),
        s("s_buffer_atomic_swap", Smem, [X, X, 64, 64], MAtomic, B32, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Swap)),
        s("s_buffer_atomic_cmpswap", Smem, [X, X, 65, 65], MAtomic, B64, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::CmpSwap)),
        s("s_buffer_atomic_add", Smem, [X, X, 66, 66], MAtomic, B32, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Add)),
        s("s_buffer_atomic_sub", Smem, [X, X, 67, 67], MAtomic, B32, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Sub)),
        s("s_buffer_atomic_smin", Smem, [X, X, 68, 68], MAtomic, B32, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::SMin)),
        s("s_buffer_atomic_umin", Smem, [X, X, 69, 69], MAtomic, B32, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::UMin)),
        s("s_buffer_atomic_smax", Smem, [X, X, 70, 70], MAtomic, B32, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::SMax)),
        s("s_buffer_atomic_umax", Smem, [X, X, 71, 71], MAtomic, B32, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::UMax)),
        s("s_buffer_atomic_and", Smem, [X, X, 72, 72], MAtomic, B32, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::And)),
        s("s_buffer_atomic_or", Smem, [X, X, 73, 73], MAtomic, B32, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Or)),
        s("s_buffer_atomic_xor", Smem, [X, X, 74, 74], MAtomic, B32, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Xor)),
        s("s_buffer_atomic_inc", Smem, [X, X, 75, 75], MAtomic, B32, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Inc)),
        s("s_buffer_atomic_dec", Smem, [X, X, 76, 76], MAtomic, B32, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Dec)),
        s("s_buffer_atomic_swap_x2", Smem, [X, X, 96, 96], MAtomic, B64, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Swap)),
        s(
            "s_buffer_atomic_cmpswap_x2",
            Smem,
            [X, X, 97, 97],
            MLoad,
            B128,
            B32,
            B32,
        )
        .no_llvm_on(A::VI)
        .flag(Flags::BUFFER)
        .mem_sem(atomic(AtomicOp::CmpSwap)),
        s("s_buffer_atomic_add_x2", Smem, [X, X, 98, 98], MAtomic, B64, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Add)),
        s("s_buffer_atomic_sub_x2", Smem, [X, X, 99, 99], MAtomic, B64, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Sub)),
        s(
            "s_buffer_atomic_smin_x2",
            Smem,
            [X, X, 100, 100],
            MAtomic,
            B64,
            B32,
            B32,
        )
        .no_llvm_on(A::VI)
        .flag(Flags::BUFFER)
        .mem_sem(atomic(AtomicOp::SMin)),
        s(
            "s_buffer_atomic_umin_x2",
            Smem,
            [X, X, 101, 101],
            MAtomic,
            B64,
            B32,
            B32,
        )
        .no_llvm_on(A::VI)
        .flag(Flags::BUFFER)
        .mem_sem(atomic(AtomicOp::UMin)),
        s(
            "s_buffer_atomic_smax_x2",
            Smem,
            [X, X, 102, 102],
            MAtomic,
            B64,
            B32,
            B32,
        )
        .no_llvm_on(A::VI)
        .flag(Flags::BUFFER)
        .mem_sem(atomic(AtomicOp::SMax)),
        s(
            "s_buffer_atomic_umax_x2",
            Smem,
            [X, X, 103, 103],
            MAtomic,
            B64,
            B32,
            B32,
        )
        .no_llvm_on(A::VI)
        .flag(Flags::BUFFER)
        .mem_sem(atomic(AtomicOp::UMax)),
        s("s_buffer_atomic_and_x2", Smem, [X, X, 104, 104], MAtomic, B64, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::And)),
        s("s_buffer_atomic_or_x2", Smem, [X, X, 105, 105], MAtomic, B64, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Or)),
        s("s_buffer_atomic_xor_x2", Smem, [X, X, 106, 106], MAtomic, B64, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Xor)),
        s("s_buffer_atomic_inc_x2", Smem, [X, X, 107, 107], MAtomic, B64, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Inc)),
        s("s_buffer_atomic_dec_x2", Smem, [X, X, 108, 108], MAtomic, B64, B32, B32)
            .no_llvm_on(A::VI)
            .flag(Flags::BUFFER)
            .mem_sem(atomic(AtomicOp::Dec)),
        s("s_scratch_load_dword", Smem, [X, X, X, 5], MLoad, B32, B32, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_scratch_load_dwordx2", Smem, [X, X, X, 6], MLoad, B64, B32, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_scratch_load_dwordx4", Smem, [X, X, X, 7], MLoad, B128, B32, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        s("s_scratch_store_dword", Smem, [X, X, X, 21], MStore, B32, B32, B32).mem_sem(MemSem::Store { bytes: 4 }),
        s("s_scratch_store_dwordx2", Smem, [X, X, X, 22], MStore, B64, B32, B32).mem_sem(MemSem::Store { bytes: 4 }),
        s("s_scratch_store_dwordx4", Smem, [X, X, X, 23], MStore, B128, B32, B32).mem_sem(MemSem::Store { bytes: 4 }),
        s("s_dcache_discard", Smem, [X, X, X, 40], MDiscard, B32, B32, B32).mem_sem(MemSem::Nop),
        s("s_dcache_discard_x2", Smem, [X, X, X, 41], MDiscard, B32, B32, B32).mem_sem(MemSem::Nop),
        s("s_atomic_swap", Smem, [X, X, X, 128], MAtomic, B32, B32, B32).mem_sem(atomic(AtomicOp::Swap)),
        s("s_atomic_cmpswap", Smem, [X, X, X, 129], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::CmpSwap)),
        s("s_atomic_add", Smem, [X, X, X, 130], MAtomic, B32, B32, B32).mem_sem(atomic(AtomicOp::Add)),
        s("s_atomic_sub", Smem, [X, X, X, 131], MAtomic, B32, B32, B32).mem_sem(atomic(AtomicOp::Sub)),
        s("s_atomic_smin", Smem, [X, X, X, 132], MAtomic, B32, B32, B32).mem_sem(atomic(AtomicOp::SMin)),
        s("s_atomic_umin", Smem, [X, X, X, 133], MAtomic, B32, B32, B32).mem_sem(atomic(AtomicOp::UMin)),
        s("s_atomic_smax", Smem, [X, X, X, 134], MAtomic, B32, B32, B32).mem_sem(atomic(AtomicOp::SMax)),
        s("s_atomic_umax", Smem, [X, X, X, 135], MAtomic, B32, B32, B32).mem_sem(atomic(AtomicOp::UMax)),
        s("s_atomic_and", Smem, [X, X, X, 136], MAtomic, B32, B32, B32).mem_sem(atomic(AtomicOp::And)),
        s("s_atomic_or", Smem, [X, X, X, 137], MAtomic, B32, B32, B32).mem_sem(atomic(AtomicOp::Or)),
        s("s_atomic_xor", Smem, [X, X, X, 138], MAtomic, B32, B32, B32).mem_sem(atomic(AtomicOp::Xor)),
        s("s_atomic_inc", Smem, [X, X, X, 139], MAtomic, B32, B32, B32).mem_sem(atomic(AtomicOp::Inc)),
        s("s_atomic_dec", Smem, [X, X, X, 140], MAtomic, B32, B32, B32).mem_sem(atomic(AtomicOp::Dec)),
        s("s_atomic_swap_x2", Smem, [X, X, X, 160], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::Swap)),
        s("s_atomic_cmpswap_x2", Smem, [X, X, X, 161], MAtomic, B128, B32, B32).mem_sem(atomic(AtomicOp::CmpSwap)),
        s("s_atomic_add_x2", Smem, [X, X, X, 162], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::Add)),
        s("s_atomic_sub_x2", Smem, [X, X, X, 163], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::Sub)),
        s("s_atomic_smin_x2", Smem, [X, X, X, 164], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::SMin)),
        s("s_atomic_umin_x2", Smem, [X, X, X, 165], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::UMin)),
        s("s_atomic_smax_x2", Smem, [X, X, X, 166], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::SMax)),
        s("s_atomic_umax_x2", Smem, [X, X, X, 167], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::UMax)),
        s("s_atomic_and_x2", Smem, [X, X, X, 168], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::And)),
        s("s_atomic_or_x2", Smem, [X, X, X, 169], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::Or)),
        s("s_atomic_xor_x2", Smem, [X, X, X, 170], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::Xor)),
        s("s_atomic_inc_x2", Smem, [X, X, X, 171], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::Inc)),
        s("s_atomic_dec_x2", Smem, [X, X, X, 172], MAtomic, B64, B32, B32).mem_sem(atomic(AtomicOp::Dec)),
    ];
    t.extend(rows.into_iter().map(Row::done));
}
