//! Atomic read-modify-write operations of the memory rows ([`crate::isa::AtomicOp`]).

use crate::isa::AtomicOp;

/// The new 32-bit memory value (temporary: integer operations only).
pub fn atomic32(op: AtomicOp, old: u32, data: u32, cmp: u32) -> u32 {
    match op {
        AtomicOp::Swap => data,
        AtomicOp::CmpSwap => {
            if old == cmp {
                data
            } else {
                old
            }
        }
        AtomicOp::Add => old.wrapping_add(data),
        AtomicOp::Sub => old.wrapping_sub(data),
        _ => old,
    }
}

/// The new 64-bit memory value (temporary).
pub fn atomic64(op: AtomicOp, old: u64, data: u64, cmp: u64) -> u64 {
    match op {
        AtomicOp::Swap => data,
        AtomicOp::CmpSwap => {
            if old == cmp {
                data
            } else {
                old
            }
        }
        AtomicOp::Add => old.wrapping_add(data),
        _ => old,
    }
}
