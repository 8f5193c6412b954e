//! MUBUF and MTBUF: untyped and typed buffer memory. Opcode arrays are `[GCN1.0, GCN1.1,
//! GCN1.2, GCN1.4]`; `X` = absent. Every row was read off the oracles: clrxdisasm's text of
//! each opcode (names, operands and their widths) and llvm-mc 14's names (disassembly on GCN
//! 1.2/1.4, assembly on GCN 1.0/1.1). A load's type is its VDATA's width, a store's or
//! atomic's data type too (d16 formats: one VGPR per component, halved on GCN 1.4 by
//! [`Flags::D16_PACKED`]).

use super::Form::*;
use super::Short::*;
use super::Ty::*;
use super::{atomic, AtomicOp, Flags, InstrDef, MemSem, Row, X};
use crate::arch::ArchSet;

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let m = Row::mem;
    let rows = vec![
        m("buffer_load_format_x", Mubuf, [0, 0, 0, 0], BufLoad, B32, B32)
            .flag(Flags::LLVM_LDS)
            .mem_sem(MemSem::Format {
                store: false,
                comps: 1,
                d16: false,
            }),
        m("buffer_load_format_xy", Mubuf, [1, 1, 1, 1], BufLoad, B64, B32).mem_sem(MemSem::Format {
            store: false,
            comps: 2,
            d16: false,
        }),
        m("buffer_load_format_xyz", Mubuf, [2, 2, 2, 2], BufLoad, B96, B32).mem_sem(MemSem::Format {
            store: false,
            comps: 3,
            d16: false,
        }),
        m("buffer_load_format_xyzw", Mubuf, [3, 3, 3, 3], BufLoad, B128, B32).mem_sem(MemSem::Format {
            store: false,
            comps: 4,
            d16: false,
        }),
        m("buffer_store_format_x", Mubuf, [4, 4, 4, 4], BufStore, B32, B32).mem_sem(MemSem::Format {
            store: true,
            comps: 1,
            d16: false,
        }),
        m("buffer_store_format_xy", Mubuf, [5, 5, 5, 5], BufStore, B32, B64).mem_sem(MemSem::Format {
            store: true,
            comps: 2,
            d16: false,
        }),
        m("buffer_store_format_xyz", Mubuf, [6, 6, 6, 6], BufStore, B32, B96).mem_sem(MemSem::Format {
            store: true,
            comps: 3,
            d16: false,
        }),
        m("buffer_store_format_xyzw", Mubuf, [7, 7, 7, 7], BufStore, B32, B128).mem_sem(MemSem::Format {
            store: true,
            comps: 4,
            d16: false,
        }),
        m("buffer_load_ubyte", Mubuf, [8, 8, 16, 16], BufLoad, B32, B32)
            .flag(Flags::LLVM_LDS)
            .mem_sem(MemSem::Load { bytes: 1, sext: false }),
        m("buffer_load_sbyte", Mubuf, [9, 9, 17, 17], BufLoad, B32, B32)
            .flag(Flags::LLVM_LDS)
            .mem_sem(MemSem::Load { bytes: 1, sext: true }),
        m("buffer_load_ushort", Mubuf, [10, 10, 18, 18], BufLoad, B32, B32)
            .flag(Flags::LLVM_LDS)
            .mem_sem(MemSem::Load { bytes: 2, sext: false }),
        m("buffer_load_sshort", Mubuf, [11, 11, 19, 19], BufLoad, B32, B32)
            .flag(Flags::LLVM_LDS)
            .mem_sem(MemSem::Load { bytes: 2, sext: true }),
        m("buffer_load_dword", Mubuf, [12, 12, 20, 20], BufLoad, B32, B32)
            .flag(Flags::LLVM_LDS)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("buffer_load_dwordx2", Mubuf, [13, 13, 21, 21], BufLoad, B64, B32)
            .flag(Flags::LLVM_LDS_VI)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("buffer_load_dwordx4", Mubuf, [14, 14, 23, 23], BufLoad, B128, B32)
            .flag(Flags::LLVM_LDS_VI)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("buffer_load_dwordx3", Mubuf, [15, 15, 22, 22], BufLoad, B96, B32)
            .no_clrx_on(ArchSet::SI)
            .flag(Flags::LLVM_LDS_VI)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("buffer_store_byte", Mubuf, [24, 24, 24, 24], BufStore, B32, B32).mem_sem(MemSem::Store { bytes: 1 }),
        m("buffer_store_short", Mubuf, [26, 26, 26, 26], BufStore, B32, B32).mem_sem(MemSem::Store { bytes: 2 }),
        m("buffer_store_dword", Mubuf, [28, 28, 28, 28], BufStore, B32, B32).mem_sem(MemSem::Store { bytes: 4 }),
        m("buffer_store_dwordx2", Mubuf, [29, 29, 29, 29], BufStore, B32, B64).mem_sem(MemSem::Store { bytes: 4 }),
        m("buffer_store_dwordx4", Mubuf, [30, 30, 31, 31], BufStore, B32, B128).mem_sem(MemSem::Store { bytes: 4 }),
        m("buffer_store_dwordx3", Mubuf, [31, 31, 30, 30], BufStore, B32, B96)
            .no_clrx_on(ArchSet::SI)
            .mem_sem(MemSem::Store { bytes: 4 }),
        m("buffer_atomic_swap", Mubuf, [48, 48, 64, 64], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::Swap)),
        m("buffer_atomic_cmpswap", Mubuf, [49, 49, 65, 65], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::CmpSwap)),
        m("buffer_atomic_add", Mubuf, [50, 50, 66, 66], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::Add)),
        m("buffer_atomic_sub", Mubuf, [51, 51, 67, 67], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::Sub)),
        m("buffer_atomic_rsub", Mubuf, [52, X, X, X], BufAtomic, B32, B32)
            .no_llvm()
            .mem_sem(atomic(AtomicOp::Rsub)),
        m("buffer_atomic_smin", Mubuf, [53, 53, 68, 68], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::SMin)),
        m("buffer_atomic_umin", Mubuf, [54, 54, 69, 69], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::UMin)),
        m("buffer_atomic_smax", Mubuf, [55, 55, 70, 70], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::SMax)),
        m("buffer_atomic_umax", Mubuf, [56, 56, 71, 71], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::UMax)),
        m("buffer_atomic_and", Mubuf, [57, 57, 72, 72], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::And)),
        m("buffer_atomic_or", Mubuf, [58, 58, 73, 73], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::Or)),
        m("buffer_atomic_xor", Mubuf, [59, 59, 74, 74], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::Xor)),
        m("buffer_atomic_inc", Mubuf, [60, 60, 75, 75], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::Inc)),
        m("buffer_atomic_dec", Mubuf, [61, 61, 76, 76], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::Dec)),
        m("buffer_atomic_fcmpswap", Mubuf, [62, 62, X, X], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::CmpSwapF)),
        m("buffer_atomic_fmin", Mubuf, [63, 63, X, X], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::FMin)),
        m("buffer_atomic_fmax", Mubuf, [64, 64, X, X], BufAtomic, B32, B32).mem_sem(atomic(AtomicOp::FMax)),
        m("buffer_atomic_swap_x2", Mubuf, [80, 80, 96, 96], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::Swap)),
        m(
            "buffer_atomic_cmpswap_x2",
            Mubuf,
            [81, 81, 97, 97],
            BufAtomic,
            B32,
            B128,
        )
        .mem_sem(atomic(AtomicOp::CmpSwap)),
        m("buffer_atomic_add_x2", Mubuf, [82, 82, 98, 98], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::Add)),
        m("buffer_atomic_sub_x2", Mubuf, [83, 83, 99, 99], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::Sub)),
        m("buffer_atomic_rsub_x2", Mubuf, [84, X, X, X], BufAtomic, B32, B64)
            .no_llvm()
            .mem_sem(atomic(AtomicOp::Rsub)),
        m("buffer_atomic_smin_x2", Mubuf, [85, 85, 100, 100], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::SMin)),
        m("buffer_atomic_umin_x2", Mubuf, [86, 86, 101, 101], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::UMin)),
        m("buffer_atomic_smax_x2", Mubuf, [87, 87, 102, 102], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::SMax)),
        m("buffer_atomic_umax_x2", Mubuf, [88, 88, 103, 103], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::UMax)),
        m("buffer_atomic_and_x2", Mubuf, [89, 89, 104, 104], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::And)),
        m("buffer_atomic_or_x2", Mubuf, [90, 90, 105, 105], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::Or)),
        m("buffer_atomic_xor_x2", Mubuf, [91, 91, 106, 106], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::Xor)),
        m("buffer_atomic_inc_x2", Mubuf, [92, 92, 107, 107], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::Inc)),
        m("buffer_atomic_dec_x2", Mubuf, [93, 93, 108, 108], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::Dec)),
        m("buffer_atomic_fcmpswap_x2", Mubuf, [94, 94, X, X], BufAtomic, B32, B128).mem_sem(atomic(AtomicOp::CmpSwapF)),
        m("buffer_atomic_fmin_x2", Mubuf, [95, 95, X, X], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::FMin)),
        m("buffer_atomic_fmax_x2", Mubuf, [96, 96, X, X], BufAtomic, B32, B64).mem_sem(atomic(AtomicOp::FMax)),
        m("buffer_wbinvl1_sc", Mubuf, [112, 112, X, X], BufNone, B32, B32)
            .llvm_on(ArchSet::CI, "buffer_wbinvl1_vol")
            .mem_sem(MemSem::Nop),
        m("buffer_wbinvl1", Mubuf, [113, 113, 62, 62], BufNone, B32, B32).mem_sem(MemSem::Nop),
        m("buffer_load_format_d16_x", Mubuf, [X, X, 8, 8], BufLoad, B32, B32).mem_sem(MemSem::Format {
            store: false,
            comps: 1,
            d16: true,
        }),
        m("buffer_load_format_d16_xy", Mubuf, [X, X, 9, 9], BufLoad, B64, B32)
            .flag(Flags::D16_PACKED)
            .mem_sem(MemSem::Format {
                store: false,
                comps: 2,
                d16: true,
            }),
        m("buffer_load_format_d16_xyz", Mubuf, [X, X, 10, 10], BufLoad, B96, B32)
            .flag(Flags::D16_PACKED)
            .mem_sem(MemSem::Format {
                store: false,
                comps: 3,
                d16: true,
            }),
        m("buffer_load_format_d16_xyzw", Mubuf, [X, X, 11, 11], BufLoad, B128, B32)
            .flag(Flags::D16_PACKED)
            .mem_sem(MemSem::Format {
                store: false,
                comps: 4,
                d16: true,
            }),
        m("buffer_store_format_d16_x", Mubuf, [X, X, 12, 12], BufStore, B32, B32).mem_sem(MemSem::Format {
            store: true,
            comps: 1,
            d16: true,
        }),
        m("buffer_store_format_d16_xy", Mubuf, [X, X, 13, 13], BufStore, B32, B64)
            .flag(Flags::D16_PACKED)
            .mem_sem(MemSem::Format {
                store: true,
                comps: 2,
                d16: true,
            }),
        m("buffer_store_format_d16_xyz", Mubuf, [X, X, 14, 14], BufStore, B32, B96)
            .flag(Flags::D16_PACKED)
            .mem_sem(MemSem::Format {
                store: true,
                comps: 3,
                d16: true,
            }),
        m(
            "buffer_store_format_d16_xyzw",
            Mubuf,
            [X, X, 15, 15],
            BufStore,
            B32,
            B128,
        )
        .flag(Flags::D16_PACKED)
        .mem_sem(MemSem::Format {
            store: true,
            comps: 4,
            d16: true,
        }),
        m("buffer_store_lds_dword", Mubuf, [X, X, 61, 61], BufStoreLds, B32, B32),
        m("buffer_wbinvl1_vol", Mubuf, [X, X, 63, 63], BufNone, B32, B32).mem_sem(MemSem::Nop),
        m("buffer_store_byte_d16_hi", Mubuf, [X, X, X, 25], BufStore, B32, B32)
            .mem_sem(MemSem::StoreD16Hi { bytes: 1 }),
        m("buffer_store_short_d16_hi", Mubuf, [X, X, X, 27], BufStore, B32, B32)
            .mem_sem(MemSem::StoreD16Hi { bytes: 2 }),
        m("buffer_load_ubyte_d16", Mubuf, [X, X, X, 32], BufLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: false,
            hi: false,
        }),
        m("buffer_load_ubyte_d16_hi", Mubuf, [X, X, X, 33], BufLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: false,
            hi: true,
        }),
        m("buffer_load_sbyte_d16", Mubuf, [X, X, X, 34], BufLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: true,
            hi: false,
        }),
        m("buffer_load_sbyte_d16_hi", Mubuf, [X, X, X, 35], BufLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: true,
            hi: true,
        }),
        m("buffer_load_short_d16", Mubuf, [X, X, X, 36], BufLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 2,
            sext: false,
            hi: false,
        }),
        m("buffer_load_short_d16_hi", Mubuf, [X, X, X, 37], BufLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 2,
            sext: false,
            hi: true,
        }),
        m("buffer_load_format_d16_hi_x", Mubuf, [X, X, X, 38], BufLoad, B32, B32),
        m("buffer_store_format_d16_hi_x", Mubuf, [X, X, X, 39], BufStore, B32, B32),
        m("tbuffer_load_format_x", Mtbuf, [0, 0, 0, 0], BufLoad, B32, B32).mem_sem(MemSem::Format {
            store: false,
            comps: 1,
            d16: false,
        }),
        m("tbuffer_load_format_xy", Mtbuf, [1, 1, 1, 1], BufLoad, B64, B32).mem_sem(MemSem::Format {
            store: false,
            comps: 2,
            d16: false,
        }),
        m("tbuffer_load_format_xyz", Mtbuf, [2, 2, 2, 2], BufLoad, B96, B32).mem_sem(MemSem::Format {
            store: false,
            comps: 3,
            d16: false,
        }),
        m("tbuffer_load_format_xyzw", Mtbuf, [3, 3, 3, 3], BufLoad, B128, B32).mem_sem(MemSem::Format {
            store: false,
            comps: 4,
            d16: false,
        }),
        m("tbuffer_store_format_x", Mtbuf, [4, 4, 4, 4], BufStore, B32, B32).mem_sem(MemSem::Format {
            store: true,
            comps: 1,
            d16: false,
        }),
        m("tbuffer_store_format_xy", Mtbuf, [5, 5, 5, 5], BufStore, B32, B64).mem_sem(MemSem::Format {
            store: true,
            comps: 2,
            d16: false,
        }),
        m("tbuffer_store_format_xyz", Mtbuf, [6, 6, 6, 6], BufStore, B32, B96).mem_sem(MemSem::Format {
            store: true,
            comps: 3,
            d16: false,
        }),
        m("tbuffer_store_format_xyzw", Mtbuf, [7, 7, 7, 7], BufStore, B32, B128).mem_sem(MemSem::Format {
            store: true,
            comps: 4,
            d16: false,
        }),
        m("tbuffer_load_format_d16_x", Mtbuf, [X, X, 8, 8], BufLoad, B32, B32).mem_sem(MemSem::Format {
            store: false,
            comps: 1,
            d16: true,
        }),
        m("tbuffer_load_format_d16_xy", Mtbuf, [X, X, 9, 9], BufLoad, B64, B32)
            .flag(Flags::D16_PACKED)
            .mem_sem(MemSem::Format {
                store: false,
                comps: 2,
                d16: true,
            }),
        m("tbuffer_load_format_d16_xyz", Mtbuf, [X, X, 10, 10], BufLoad, B96, B32)
            .flag(Flags::D16_PACKED)
            .mem_sem(MemSem::Format {
                store: false,
                comps: 3,
                d16: true,
            }),
        m(
            "tbuffer_load_format_d16_xyzw",
            Mtbuf,
            [X, X, 11, 11],
            BufLoad,
            B128,
            B32,
        )
        .flag(Flags::D16_PACKED)
        .mem_sem(MemSem::Format {
            store: false,
            comps: 4,
            d16: true,
        }),
        m("tbuffer_store_format_d16_x", Mtbuf, [X, X, 12, 12], BufStore, B32, B32).mem_sem(MemSem::Format {
            store: true,
            comps: 1,
            d16: true,
        }),
        m("tbuffer_store_format_d16_xy", Mtbuf, [X, X, 13, 13], BufStore, B32, B64)
            .flag(Flags::D16_PACKED)
            .mem_sem(MemSem::Format {
                store: true,
                comps: 2,
                d16: true,
            }),
        m(
            "tbuffer_store_format_d16_xyz",
            Mtbuf,
            [X, X, 14, 14],
            BufStore,
            B32,
            B96,
        )
        .flag(Flags::D16_PACKED)
        .mem_sem(MemSem::Format {
            store: true,
            comps: 3,
            d16: true,
        }),
        m(
            "tbuffer_store_format_d16_xyzw",
            Mtbuf,
            [X, X, 15, 15],
            BufStore,
            B32,
            B128,
        )
        .flag(Flags::D16_PACKED)
        .mem_sem(MemSem::Format {
            store: true,
            comps: 4,
            d16: true,
        }),
    ];
    t.extend(rows.into_iter().map(Row::done));
}
