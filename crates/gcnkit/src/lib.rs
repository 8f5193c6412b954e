//! gcnkit: the AMD GCN vector-ALU instruction set (VOP2, VOP3A/B, VOPC) on GCN 1.0, 1.1,
//! 1.2 and 1.4 — one ISA table that drives the decoder, the printers (CLRX and LLVM
//! dialects, JSON) and, as they land, the assembler and the emulator.
//!
//! ```
//! use gcnkit::{Arch, decode, syntax::{to_text, Syntax}};
//! let i = decode::decode(Arch::Gcn12, &[0x0202_0702]).unwrap();
//! assert_eq!(to_text(&i, Syntax::Clrx), "v_add_f32 v1, v2, v3");
//! assert_eq!(to_text(&i, Syntax::Llvm), "v_add_f32_e32 v1, v2, v3");
//! ```

pub mod arch;
pub mod asm;
pub mod decode;
pub mod diag;
pub mod disasm;
pub mod emu;
pub mod enc;
pub mod explain;
pub mod instr;
pub mod isa;
pub mod layout;
pub mod operand;
pub mod proof;
pub mod rules;
pub mod sample;
pub mod syntax;

pub use arch::Arch;
pub use instr::{Enc, Instr};
