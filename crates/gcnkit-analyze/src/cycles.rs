//! A static estimate of the cycles one wave spends issuing each block's instructions, from
//! published issue rates — an estimate, not a timing model: memory latency, waits at
//! `s_waitcnt`/`s_barrier`, instruction-cache misses, bank conflicts and other waves sharing
//! the SIMD are left out.
//!
//! The rates (sources):
//! - A compute unit considers one of its four SIMDs for issue each cycle, so a wave issues
//!   at most one instruction every 4 cycles; a SIMD16 executes a wave64 vector ALU
//!   instruction over 4 cycles (AMD, *Graphics Cores Next (GCN) Architecture*, white paper,
//!   2012). Every instruction therefore costs at least 4 cycles of its wave's time; scalar
//!   ALU, branch, memory-issue and other instructions count 4.
//! - Quarter-rate vector instructions, 16 cycles: the single-precision transcendentals
//!   (`v_rcp`, `v_rsq`, `v_sqrt`, `v_exp`, `v_log`, `v_sin`, `v_cos` and their f16/legacy
//!   forms) and the 32-bit integer multiplies (`v_mul_lo/hi_u32/i32`, `v_mad_u64_u32`...)
//!   (AMD *Accelerated Parallel Processing OpenCL Programming Guide*, GCN instruction
//!   throughput table).
//! - Double precision: the f32 rate divided by the GPU's f64 ratio (AMD's product
//!   specifications): gcn1.0 1/4 (Tahiti; Pitcairn, Cape Verde and Oland have 1/16),
//!   gcn1.1 1/16 (Bonaire, Kaveri; Hawaii has 1/8), gcn1.2 1/16 (Tonga, Fiji, Polaris),
//!   gcn1.4 1/16 (Vega 10), gfx906 1/2 (Vega 20 as MI50/MI60). Only the code's generation
//!   is known here, so the first GPU named is assumed.
//! - `s_nop N` inserts N+1 wait states, one issue slot (4 cycles) each (the GCN ISA
//!   manuals).

use crate::program::Inst;
use gcnkit::isa::{Flags, Sem, Ty};
use gcnkit::{Arch, Instr};

/// Cycles of one issue slot of a wave.
pub const SLOT: u32 = 4;

/// The f64 rate assumed for `arch` (a fraction of the f32 rate: 1/N) and the GPU it is of.
pub fn f64_ratio(arch: Arch) -> (u32, &'static str) {
    match arch {
        Arch::Gcn10 => (4, "Tahiti"),
        Arch::Gcn11 => (16, "Bonaire"),
        Arch::Gcn12 => (16, "Fiji"),
        Arch::Gcn14 => (16, "Vega 10"),
        Arch::Gcn141 => (2, "Vega 20"),
    }
}

/// The issue class of an instruction (the estimate's rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rate {
    /// One issue slot: scalar, branch, memory issue, full-rate vector ALU.
    Full,
    /// Quarter-rate vector ALU (transcendentals, 32-bit integer multiplies).
    Quarter,
    /// Double precision at the GPU's f64 rate.
    Double,
    /// `s_nop`: its wait states.
    Nop,
    /// Not an instruction (data).
    None,
}

impl Rate {
    pub fn name(self) -> &'static str {
        match self {
            Rate::Full => "full",
            Rate::Quarter => "quarter",
            Rate::Double => "f64",
            Rate::Nop => "nop",
            Rate::None => "none",
        }
    }
}

/// The wait states `s_nop N` inserts (N + 1; GCN 1.0/1.1 read three bits of N, GCN 1.2+
/// four: at most 8 and 16); `None` for any other instruction.
pub fn nop_wait_states(i: &Instr) -> Option<u32> {
    let d = i.def()?;
    d.flags.has(Flags::WAIT_STATES).then(|| {
        let bits = if i.arch >= Arch::Gcn12 { 0xf } else { 0x7 };
        (i.get(gcnkit::enc::F::Simm16) & bits) + 1
    })
}

/// The class and cycles of one instruction (the rates are the table's: its quarter-rate
/// flag and its operand types).
pub fn cycles(i: &Inst) -> (Rate, u32) {
    let ins = &i.instr;
    let Some(d) = ins.def() else { return (Rate::None, 0) };
    if let Some(n) = nop_wait_states(ins) {
        return (Rate::Nop, SLOT * n);
    }
    if !matches!(d.sem, Some(Sem::Vector(_))) {
        return (Rate::Full, SLOT);
    }
    if d.dst == Ty::F64 || d.src.contains(&Ty::F64) {
        return (Rate::Double, SLOT * f64_ratio(ins.arch).0);
    }
    if d.flags.has(Flags::QUARTER_RATE) {
        return (Rate::Quarter, SLOT * 4);
    }
    (Rate::Full, SLOT)
}

/// The estimate of a range of instructions: cycles in all and by class.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Estimate {
    pub cycles: u64,
    /// Instructions by class and the cycles they take: `(class, instructions, cycles)`.
    pub by_rate: Vec<(Rate, u32, u64)>,
}

impl Estimate {
    pub fn of(insts: &[Inst]) -> Estimate {
        let mut e = Estimate::default();
        for i in insts {
            let (r, c) = cycles(i);
            e.cycles += c as u64;
            match e.by_rate.iter_mut().find(|x| x.0 == r) {
                Some(x) => {
                    x.1 += 1;
                    x.2 += c as u64;
                }
                None => e.by_rate.push((r, 1, c as u64)),
            }
        }
        e.by_rate.sort();
        e
    }
}
