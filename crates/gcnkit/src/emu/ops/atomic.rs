//! Atomic read-modify-write operations of the memory rows ([`crate::isa::AtomicOp`]): the new
//! memory value from the old one and the instruction's data. The executor reads the old value,
//! calls [`atomic32`] or [`atomic64`] (by the row's data width) and writes the result back; the
//! old value is what returns to VDST (DS `_rtn_` rows, MUBUF/FLAT/SMEM with GLC).
//!
//! Operands: `data` is the value the operation applies to memory, `cmp` the second value of
//! the three forms that take two (0 for the others):
//!
//! | op | result | DS | MUBUF, FLAT/GLOBAL, SMEM |
//! |---|---|---|---|
//! | `CmpSwap`, `CmpSwapF` | `old == cmp ? data : old` | `data` = DATA1, `cmp` = DATA0 | `data` = low half of the data operand, `cmp` = high half |
//! | `Mskor` | `(old & !data) \| cmp` | `data` = DATA0 (mask), `cmp` = DATA1 | - |
//! | `Wrap` | `old >= data ? old - data : old + cmp` | `data` = DATA0, `cmp` = DATA1 | - |
//!
//! (AMD's descriptions, as carried in gem5's Vega model: DS_CMPST `src = DATA2; cmp = DATA`,
//! "the order of src and cmp are the *opposite* of the BUFFER_ATOMIC_CMPSWAP opcode", whose
//! `src = DATA[0]; cmp = DATA[1]`; CLRX's GcnInstrsDs/Mubuf/Flat/Smem pages say the same.)
//!
//! Floats: f32 for the 32-bit forms, f64 for the 64-bit ones, with no denormal flushing (MODE
//! does not apply to memory atomics; AMD describes the float atomics as handling
//! "NaN/INF/denormal values"). FAdd rounds to nearest even; a NaN operand gives that NaN quieted
//! (the old value's first), an invalid sum (`inf + -inf`) the canonical quiet NaN. FMin/FMax
//! are IEEE minNum/maxNum as V_MIN_F32/V_MAX_F32 in the emulator: a NaN operand gives the
//! other operand (quieted when both are NaN), `-0 < +0`. CmpSwapF compares by IEEE equality
//! (`-0 == +0`, a NaN equals nothing), so a NaN in memory is never replaced.

use crate::emu::float::{max_num32, max_num64, min_num32, min_num64, quiet32, quiet64, QNAN32, QNAN64};
use crate::isa::AtomicOp;

/// f32 addition with explicit NaN results: the first NaN operand quieted, or the canonical
/// quiet NaN for `inf + -inf`.
fn fadd32(a: f32, b: f32) -> f32 {
    if a.is_nan() {
        quiet32(a)
    } else if b.is_nan() {
        quiet32(b)
    } else {
        let s = a + b;
        if s.is_nan() {
            f32::from_bits(QNAN32)
        } else {
            s
        }
    }
}

/// f64 addition, as [`fadd32`].
fn fadd64(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        quiet64(a)
    } else if b.is_nan() {
        quiet64(b)
    } else {
        let s = a + b;
        if s.is_nan() {
            f64::from_bits(QNAN64)
        } else {
            s
        }
    }
}

/// One width's atomic operation: `$u` the memory value, `$i` its signed reading, `$f` its
/// float reading with `$fadd`, `$min`, `$max`.
macro_rules! atomic_width {
    ($(#[$doc:meta])* $name:ident, $u:ty, $i:ty, $f:ty, $fadd:ident, $min:ident, $max:ident) => {
        $(#[$doc])*
        pub fn $name(op: AtomicOp, old: $u, data: $u, cmp: $u) -> $u {
            let f = <$f>::from_bits;
            match op {
                AtomicOp::Swap => data,
                AtomicOp::CmpSwap => {
                    if old == cmp {
                        data
                    } else {
                        old
                    }
                }
                AtomicOp::CmpSwapF => {
                    if f(old) == f(cmp) {
                        data
                    } else {
                        old
                    }
                }
                AtomicOp::Add => old.wrapping_add(data),
                AtomicOp::Sub => old.wrapping_sub(data),
                AtomicOp::Rsub => data.wrapping_sub(old),
                AtomicOp::SMin => (old as $i).min(data as $i) as $u,
                AtomicOp::UMin => old.min(data),
                AtomicOp::SMax => (old as $i).max(data as $i) as $u,
                AtomicOp::UMax => old.max(data),
                AtomicOp::And => old & data,
                AtomicOp::Or => old | data,
                AtomicOp::Xor => old ^ data,
                AtomicOp::Inc => {
                    if old >= data {
                        0
                    } else {
                        old + 1
                    }
                }
                AtomicOp::Dec => {
                    if old == 0 || old > data {
                        data
                    } else {
                        old - 1
                    }
                }
                AtomicOp::Mskor => (old & !data) | cmp,
                AtomicOp::Wrap => {
                    if old >= data {
                        old - data
                    } else {
                        old.wrapping_add(cmp)
                    }
                }
                AtomicOp::FAdd => $fadd(f(old), f(data)).to_bits(),
                AtomicOp::FMin => $min(f(old), f(data)).to_bits(),
                AtomicOp::FMax => $max(f(old), f(data)).to_bits(),
            }
        }
    };
}

atomic_width!(
    /// The new value of a 32-bit memory dword: `op` applied to `old` with `data` (and `cmp`
    /// for CmpSwap/CmpSwapF, Mskor and Wrap: see the module text for which operand is which).
    atomic32, u32, i32, f32, fadd32, min_num32, max_num32
);
atomic_width!(
    /// The new value of a 64-bit memory qword, as [`atomic32`] (floats are f64).
    atomic64, u64, i64, f64, fadd64, min_num64, max_num64
);
