//! The emulator: the kernel machine (waves, work-groups, memory, a device that outlives runs)
//! executing GCN instructions bit-exactly as the ISA's *Operation* sections say (and, where they
//! are silent, as docs/emulator.md says), and a one-wave machine for straight-line programs.
//!
//! Split of the work: [`exec`] reads the operands of an instruction through the operand space
//! (registers, inline constants typed by the instruction, the literal), applies the input
//! modifiers (ABS then NEG) and MODE's denormal flushing, calls the row's semantics function on
//! all 64 lanes at once ([`Lanes`]), applies OMOD then CLAMP to float results, and writes the
//! results under EXEC. The semantics functions (`ops_*.rs`) only compute.

pub mod affine;
#[cfg(target_arch = "x86_64")]
mod affine_x64;
pub mod device;
pub mod dispatch;
pub mod exec;
pub mod fast;
pub mod fastmem;
pub mod fused;
pub mod float;
pub mod gpus;
pub mod image;
pub mod kernel;
pub mod lanes;
pub mod memory;
pub mod monitor;
pub mod ops;
pub mod program;
pub mod round;
pub mod salu;
pub mod scalar;
pub mod state;
pub mod vmem;
pub mod wave;

pub use exec::{ends_program, needs_kernel, step, EmuError, Machine};
pub use lanes::{Lanes, N};
pub use program::{run_program, run_text, ProgramRun};
pub use salu::Salu;
pub use wave::{Wave, MODE_RESET};

/// What the fast paths' tests share: a small random generator (xorshift64*), and the opcodes
/// that put a rare row into a random word.
#[cfg(test)]
mod test_rng {
    use crate::instr::Instr;
    use crate::isa::InstrDef;

    /// The opcodes below `n` that make `i` (re-decoded on its GPU) a row `pick` accepts.
    pub fn opcodes_where(i: Instr, n: u16, pick: impl Fn(&InstrDef) -> bool) -> Vec<u16> {
        (0..n)
            .filter(|&op| {
                let mut t = i;
                t.set_opcode(op);
                crate::decode::decode(i.arch, t.words()).ok().and_then(|t| t.def()).is_some_and(&pick)
            })
            .collect()
    }

    /// `words` decoded on `arch` with the opcode changed to a random one below `n` of a row
    /// `pick` accepts (re-decoded), if the words decode and such a row exists.
    pub fn random_row(
        r: &mut Rng,
        arch: crate::arch::Arch,
        words: &[u32],
        n: u16,
        pick: impl Fn(&InstrDef) -> bool,
    ) -> Option<Instr> {
        let mut i = crate::decode::decode(arch, words).ok()?;
        let ops = opcodes_where(i, n, pick);
        let &op = ops.get(r.next() as usize % ops.len().max(1))?;
        i.set_opcode(op);
        crate::decode::decode(arch, i.words()).ok()
    }

    pub struct Rng(pub u64);
    impl Rng {
        pub fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
    }
}
