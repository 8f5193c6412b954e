//! FLAT (GCN 1.1+) and GCN 1.4's SCRATCH and GLOBAL forms of it. Opcode arrays are `[GCN1.0,
//! GCN1.1, GCN1.2, GCN1.4]`; `X` = absent. On GCN 1.4 the opcode is SEG:OP (SEG in bits
//! 14-15 above the 7-bit OP: 0 FLAT, 1 SCRATCH, 2 GLOBAL), so SCRATCH rows are 128 + OP and
//! GLOBAL rows 256 + OP. Every row was read off the oracles: clrxdisasm's text of each opcode
//! and segment (names, operands and their widths) and llvm-mc 14's names (disassembly on GCN
//! 1.2/1.4, assembly on GCN 1.1). The destination type is VDST's width, the data type VDATA's.

use super::Form::*;
use super::Short::*;
use super::Ty::*;
use super::{atomic, AtomicOp, InstrDef, MemSem, Row, X};

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let m = Row::mem;
    let rows = vec![
        m("flat_load_ubyte", Flat, [X, 8, 16, 16], FlatLoad, B32, B32).mem_sem(MemSem::Load { bytes: 1, sext: false }),
        m("flat_load_sbyte", Flat, [X, 9, 17, 17], FlatLoad, B32, B32).mem_sem(MemSem::Load { bytes: 1, sext: true }),
        m("flat_load_ushort", Flat, [X, 10, 18, 18], FlatLoad, B32, B32)
            .mem_sem(MemSem::Load { bytes: 2, sext: false }),
        m("flat_load_sshort", Flat, [X, 11, 19, 19], FlatLoad, B32, B32).mem_sem(MemSem::Load { bytes: 2, sext: true }),
        m("flat_load_dword", Flat, [X, 12, 20, 20], FlatLoad, B32, B32).mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("flat_load_dwordx2", Flat, [X, 13, 21, 21], FlatLoad, B64, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("flat_load_dwordx4", Flat, [X, 14, 23, 23], FlatLoad, B128, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("flat_load_dwordx3", Flat, [X, 15, 22, 22], FlatLoad, B96, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("flat_store_byte", Flat, [X, 24, 24, 24], FlatStore, B32, B32).mem_sem(MemSem::Store { bytes: 1 }),
        m("flat_store_short", Flat, [X, 26, 26, 26], FlatStore, B32, B32).mem_sem(MemSem::Store { bytes: 2 }),
        m("flat_store_dword", Flat, [X, 28, 28, 28], FlatStore, B32, B32).mem_sem(MemSem::Store { bytes: 4 }),
        m("flat_store_dwordx2", Flat, [X, 29, 29, 29], FlatStore, B32, B64).mem_sem(MemSem::Store { bytes: 4 }),
        m("flat_store_dwordx4", Flat, [X, 30, 31, 31], FlatStore, B32, B128).mem_sem(MemSem::Store { bytes: 4 }),
        m("flat_store_dwordx3", Flat, [X, 31, 30, 30], FlatStore, B32, B96).mem_sem(MemSem::Store { bytes: 4 }),
        m("flat_atomic_swap", Flat, [X, 48, 64, 64], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Swap)),
        m("flat_atomic_cmpswap", Flat, [X, 49, 65, 65], FlatAtomic, B32, B64).mem_sem(atomic(AtomicOp::CmpSwap)),
        m("flat_atomic_add", Flat, [X, 50, 66, 66], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Add)),
        m("flat_atomic_sub", Flat, [X, 51, 67, 67], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Sub)),
        m("flat_atomic_smin", Flat, [X, 53, 68, 68], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::SMin)),
        m("flat_atomic_umin", Flat, [X, 54, 69, 69], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::UMin)),
        m("flat_atomic_smax", Flat, [X, 55, 70, 70], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::SMax)),
        m("flat_atomic_umax", Flat, [X, 56, 71, 71], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::UMax)),
        m("flat_atomic_and", Flat, [X, 57, 72, 72], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::And)),
        m("flat_atomic_or", Flat, [X, 58, 73, 73], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Or)),
        m("flat_atomic_xor", Flat, [X, 59, 74, 74], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Xor)),
        m("flat_atomic_inc", Flat, [X, 60, 75, 75], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Inc)),
        m("flat_atomic_dec", Flat, [X, 61, 76, 76], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Dec)),
        m("flat_atomic_fcmpswap", Flat, [X, 62, X, X], FlatAtomic, B32, B64).mem_sem(atomic(AtomicOp::CmpSwapF)),
        m("flat_atomic_fmin", Flat, [X, 63, X, X], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::FMin)),
        m("flat_atomic_fmax", Flat, [X, 64, X, X], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::FMax)),
        m("flat_atomic_swap_x2", Flat, [X, 80, 96, 96], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Swap)),
        m("flat_atomic_cmpswap_x2", Flat, [X, 81, 97, 97], FlatAtomic, B64, B128).mem_sem(atomic(AtomicOp::CmpSwap)),
        m("flat_atomic_add_x2", Flat, [X, 82, 98, 98], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Add)),
        m("flat_atomic_sub_x2", Flat, [X, 83, 99, 99], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Sub)),
        m("flat_atomic_smin_x2", Flat, [X, 85, 100, 100], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::SMin)),
        m("flat_atomic_umin_x2", Flat, [X, 86, 101, 101], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::UMin)),
        m("flat_atomic_smax_x2", Flat, [X, 87, 102, 102], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::SMax)),
        m("flat_atomic_umax_x2", Flat, [X, 88, 103, 103], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::UMax)),
        m("flat_atomic_and_x2", Flat, [X, 89, 104, 104], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::And)),
        m("flat_atomic_or_x2", Flat, [X, 90, 105, 105], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Or)),
        m("flat_atomic_xor_x2", Flat, [X, 91, 106, 106], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Xor)),
        m("flat_atomic_inc_x2", Flat, [X, 92, 107, 107], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Inc)),
        m("flat_atomic_dec_x2", Flat, [X, 93, 108, 108], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Dec)),
        m("flat_atomic_fcmpswap_x2", Flat, [X, 94, X, X], FlatAtomic, B64, B128).mem_sem(atomic(AtomicOp::CmpSwapF)),
        m("flat_atomic_fmin_x2", Flat, [X, 95, X, X], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::FMin)),
        m("flat_atomic_fmax_x2", Flat, [X, 96, X, X], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::FMax)),
        m("scratch_load_ubyte", Flat, [X, X, X, 144], FlatLoad, B32, B32)
            .mem_sem(MemSem::Load { bytes: 1, sext: false }),
        m("global_load_ubyte", Flat, [X, X, X, 272], FlatLoad, B32, B32)
            .mem_sem(MemSem::Load { bytes: 1, sext: false }),
        m("scratch_load_sbyte", Flat, [X, X, X, 145], FlatLoad, B32, B32)
            .mem_sem(MemSem::Load { bytes: 1, sext: true }),
        m("global_load_sbyte", Flat, [X, X, X, 273], FlatLoad, B32, B32).mem_sem(MemSem::Load { bytes: 1, sext: true }),
        m("scratch_load_ushort", Flat, [X, X, X, 146], FlatLoad, B32, B32)
            .mem_sem(MemSem::Load { bytes: 2, sext: false }),
        m("global_load_ushort", Flat, [X, X, X, 274], FlatLoad, B32, B32)
            .mem_sem(MemSem::Load { bytes: 2, sext: false }),
        m("scratch_load_sshort", Flat, [X, X, X, 147], FlatLoad, B32, B32)
            .mem_sem(MemSem::Load { bytes: 2, sext: true }),
        m("global_load_sshort", Flat, [X, X, X, 275], FlatLoad, B32, B32)
            .mem_sem(MemSem::Load { bytes: 2, sext: true }),
        m("scratch_load_dword", Flat, [X, X, X, 148], FlatLoad, B32, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("global_load_dword", Flat, [X, X, X, 276], FlatLoad, B32, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("scratch_load_dwordx2", Flat, [X, X, X, 149], FlatLoad, B64, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("global_load_dwordx2", Flat, [X, X, X, 277], FlatLoad, B64, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("scratch_load_dwordx3", Flat, [X, X, X, 150], FlatLoad, B96, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("global_load_dwordx3", Flat, [X, X, X, 278], FlatLoad, B96, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("scratch_load_dwordx4", Flat, [X, X, X, 151], FlatLoad, B128, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("global_load_dwordx4", Flat, [X, X, X, 279], FlatLoad, B128, B32)
            .mem_sem(MemSem::Load { bytes: 4, sext: false }),
        m("scratch_store_byte", Flat, [X, X, X, 152], FlatStore, B32, B32).mem_sem(MemSem::Store { bytes: 1 }),
        m("global_store_byte", Flat, [X, X, X, 280], FlatStore, B32, B32).mem_sem(MemSem::Store { bytes: 1 }),
        m("flat_store_byte_d16_hi", Flat, [X, X, X, 25], FlatStore, B32, B32).mem_sem(MemSem::StoreD16Hi { bytes: 1 }),
        m("scratch_store_byte_d16_hi", Flat, [X, X, X, 153], FlatStore, B32, B32)
            .mem_sem(MemSem::StoreD16Hi { bytes: 1 }),
        m("global_store_byte_d16_hi", Flat, [X, X, X, 281], FlatStore, B32, B32)
            .mem_sem(MemSem::StoreD16Hi { bytes: 1 }),
        m("scratch_store_short", Flat, [X, X, X, 154], FlatStore, B32, B32).mem_sem(MemSem::Store { bytes: 2 }),
        m("global_store_short", Flat, [X, X, X, 282], FlatStore, B32, B32).mem_sem(MemSem::Store { bytes: 2 }),
        m("flat_store_short_d16_hi", Flat, [X, X, X, 27], FlatStore, B32, B32).mem_sem(MemSem::StoreD16Hi { bytes: 2 }),
        m("scratch_store_short_d16_hi", Flat, [X, X, X, 155], FlatStore, B32, B32)
            .mem_sem(MemSem::StoreD16Hi { bytes: 2 }),
        m("global_store_short_d16_hi", Flat, [X, X, X, 283], FlatStore, B32, B32)
            .mem_sem(MemSem::StoreD16Hi { bytes: 2 }),
        m("scratch_store_dword", Flat, [X, X, X, 156], FlatStore, B32, B32).mem_sem(MemSem::Store { bytes: 4 }),
        m("global_store_dword", Flat, [X, X, X, 284], FlatStore, B32, B32).mem_sem(MemSem::Store { bytes: 4 }),
        m("scratch_store_dwordx2", Flat, [X, X, X, 157], FlatStore, B32, B64).mem_sem(MemSem::Store { bytes: 4 }),
        m("global_store_dwordx2", Flat, [X, X, X, 285], FlatStore, B32, B64).mem_sem(MemSem::Store { bytes: 4 }),
        m("scratch_store_dwordx3", Flat, [X, X, X, 158], FlatStore, B32, B96).mem_sem(MemSem::Store { bytes: 4 }),
        m("global_store_dwordx3", Flat, [X, X, X, 286], FlatStore, B32, B96).mem_sem(MemSem::Store { bytes: 4 }),
        m("scratch_store_dwordx4", Flat, [X, X, X, 159], FlatStore, B32, B128).mem_sem(MemSem::Store { bytes: 4 }),
        m("global_store_dwordx4", Flat, [X, X, X, 287], FlatStore, B32, B128).mem_sem(MemSem::Store { bytes: 4 }),
        m("flat_load_ubyte_d16", Flat, [X, X, X, 32], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: false,
            hi: false,
        }),
        m("scratch_load_ubyte_d16", Flat, [X, X, X, 160], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: false,
            hi: false,
        }),
        m("global_load_ubyte_d16", Flat, [X, X, X, 288], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: false,
            hi: false,
        }),
        m("flat_load_ubyte_d16_hi", Flat, [X, X, X, 33], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: false,
            hi: true,
        }),
        m("scratch_load_ubyte_d16_hi", Flat, [X, X, X, 161], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: false,
            hi: true,
        }),
        m("global_load_ubyte_d16_hi", Flat, [X, X, X, 289], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: false,
            hi: true,
        }),
        m("flat_load_sbyte_d16", Flat, [X, X, X, 34], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: true,
            hi: false,
        }),
        m("scratch_load_sbyte_d16", Flat, [X, X, X, 162], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: true,
            hi: false,
        }),
        m("global_load_sbyte_d16", Flat, [X, X, X, 290], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: true,
            hi: false,
        }),
        m("flat_load_sbyte_d16_hi", Flat, [X, X, X, 35], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: true,
            hi: true,
        }),
        m("scratch_load_sbyte_d16_hi", Flat, [X, X, X, 163], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: true,
            hi: true,
        }),
        m("global_load_sbyte_d16_hi", Flat, [X, X, X, 291], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 1,
            sext: true,
            hi: true,
        }),
        m("flat_load_short_d16", Flat, [X, X, X, 36], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 2,
            sext: false,
            hi: false,
        }),
        m("scratch_load_short_d16", Flat, [X, X, X, 164], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 2,
            sext: false,
            hi: false,
        }),
        m("global_load_short_d16", Flat, [X, X, X, 292], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 2,
            sext: false,
            hi: false,
        }),
        m("flat_load_short_d16_hi", Flat, [X, X, X, 37], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 2,
            sext: false,
            hi: true,
        }),
        m("scratch_load_short_d16_hi", Flat, [X, X, X, 165], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 2,
            sext: false,
            hi: true,
        }),
        m("global_load_short_d16_hi", Flat, [X, X, X, 293], FlatLoad, B32, B32).mem_sem(MemSem::LoadD16 {
            bytes: 2,
            sext: false,
            hi: true,
        }),
        m("global_atomic_swap", Flat, [X, X, X, 320], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Swap)),
        m("global_atomic_cmpswap", Flat, [X, X, X, 321], FlatAtomic, B32, B64).mem_sem(atomic(AtomicOp::CmpSwap)),
        m("global_atomic_add", Flat, [X, X, X, 322], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Add)),
        m("global_atomic_sub", Flat, [X, X, X, 323], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Sub)),
        m("global_atomic_smin", Flat, [X, X, X, 324], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::SMin)),
        m("global_atomic_umin", Flat, [X, X, X, 325], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::UMin)),
        m("global_atomic_smax", Flat, [X, X, X, 326], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::SMax)),
        m("global_atomic_umax", Flat, [X, X, X, 327], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::UMax)),
        m("global_atomic_and", Flat, [X, X, X, 328], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::And)),
        m("global_atomic_or", Flat, [X, X, X, 329], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Or)),
        m("global_atomic_xor", Flat, [X, X, X, 330], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Xor)),
        m("global_atomic_inc", Flat, [X, X, X, 331], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Inc)),
        m("global_atomic_dec", Flat, [X, X, X, 332], FlatAtomic, B32, B32).mem_sem(atomic(AtomicOp::Dec)),
        m("global_atomic_swap_x2", Flat, [X, X, X, 352], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Swap)),
        m("global_atomic_cmpswap_x2", Flat, [X, X, X, 353], FlatAtomic, B64, B128).mem_sem(atomic(AtomicOp::CmpSwap)),
        m("global_atomic_add_x2", Flat, [X, X, X, 354], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Add)),
        m("global_atomic_sub_x2", Flat, [X, X, X, 355], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Sub)),
        m("global_atomic_smin_x2", Flat, [X, X, X, 356], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::SMin)),
        m("global_atomic_umin_x2", Flat, [X, X, X, 357], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::UMin)),
        m("global_atomic_smax_x2", Flat, [X, X, X, 358], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::SMax)),
        m("global_atomic_umax_x2", Flat, [X, X, X, 359], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::UMax)),
        m("global_atomic_and_x2", Flat, [X, X, X, 360], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::And)),
        m("global_atomic_or_x2", Flat, [X, X, X, 361], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Or)),
        m("global_atomic_xor_x2", Flat, [X, X, X, 362], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Xor)),
        m("global_atomic_inc_x2", Flat, [X, X, X, 363], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Inc)),
        m("global_atomic_dec_x2", Flat, [X, X, X, 364], FlatAtomic, B64, B64).mem_sem(atomic(AtomicOp::Dec)),
    ];
    t.extend(rows.into_iter().map(Row::done));
}
