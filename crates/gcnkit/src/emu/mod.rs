//! The emulator: executes VOP2/VOP3/VOPC instructions on a 64-lane wavefront, bit-exactly as
//! the seed pages' *Operation* sections say (and, where they are silent, as documented in
//! README's emulator section).
//!
//! Split of the work: [`exec`] reads the operands of an instruction through the operand space
//! (registers, inline constants typed by the instruction, the literal), applies the input
//! modifiers (ABS then NEG) and MODE's denormal flushing, calls the row's semantics function on
//! all 64 lanes at once ([`Lanes`]), applies OMOD then CLAMP to float results, and writes the
//! results under EXEC. The semantics functions (`ops_*.rs`) only compute.

pub mod exec;
pub mod float;
pub mod lanes;
pub mod ops;
pub mod state;
pub mod wave;

pub use exec::{step, EmuError, Machine};
pub use lanes::{Lanes, N};
pub use wave::{Wave, MODE_RESET};
