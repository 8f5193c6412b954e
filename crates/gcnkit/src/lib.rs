//! gcnkit: the AMD GCN instruction set of GCN 1.0, 1.1, 1.2 and 1.4 (Southern Islands to
//! Vega) from one instruction table: a decoder, printers for two assembly dialects (CLRX's and
//! LLVM 14's) and JSON, an assembler for both dialects, and a bit-exact emulator of the vector
//! ALU on one 64-lane wave.
//!
//! The vector ALU (VOP1, VOP2, VOPC, VOP3A/B), the scalar ALU (SOP1, SOP2, SOPK, SOPC, SOPP)
//! and scalar memory (SMRD, SMEM) are decoded, printed and assembled. The other encoding
//! classes are recognised and printed as data. The emulator runs the vector ALU.
//!
//! The command-line tool is the `gcnkit-cli` crate, the Python module the `gcnkit-py` crate.
//! The repository's `docs/` describe the command line (`cli.md`), the dialects (`dialects.md`),
//! the JSON formats (`json.md`) and the emulator (`emulator.md`).
//!
//! # Decode and print
//!
//! [`decode::decode`] reads one instruction from the front of a word slice; [`syntax::to_text`]
//! prints it in either dialect.
//!
//! ```
//! use gcnkit::{decode::decode, syntax::{to_text, Syntax}, Arch};
//!
//! let i = decode(Arch::Gcn12, &[0xd101_8201, 0x2802_0702]).unwrap();
//! assert_eq!(i.words().len(), 2);
//! assert_eq!(to_text(&i, Syntax::Clrx), "v_add_f32 v1, -v2, abs(v3) mul:2 clamp");
//! assert_eq!(to_text(&i, Syntax::Llvm), "v_add_f32_e64 v1, -v2, |v3| clamp mul:2");
//!
//! // A word the LLVM dialect cannot write so that llvm-mc reads it back is printed as data.
//! let i = decode(Arch::Gcn12, &[0xbf81_0005]).unwrap();
//! assert_eq!(to_text(&i, Syntax::Clrx), ".int 0xbf810005 /* s_endpgm 0x5 */");
//! assert_eq!(to_text(&i, Syntax::Llvm), "s_endpgm 5");
//! ```
//!
//! [`disasm::disassemble`] does a whole buffer, with label lines for branch targets; it hands
//! its text to a callback in chunks, so output can stream.
//!
//! ```
//! use gcnkit::{disasm::{disassemble, Format}, syntax::Syntax, Arch};
//!
//! let words = [0xbf80_0000, 0xbf82_fffe]; // s_nop 0; s_branch back to the s_nop
//! let mut text = String::new();
//! let n = disassemble(Arch::Gcn12, &words, 0, Syntax::Clrx, Format::Text, |s| text.push_str(s)).unwrap();
//! assert_eq!(n, 2);
//! assert_eq!(text, ".L0_0:\ns_nop 0x0\ns_branch .L0_0\n");
//! ```
//!
//! # Assemble
//!
//! [`asm::assemble_one`] assembles a short text to words; [`asm::assemble`] a whole file, with
//! every diagnostic (errors and warnings, with line and column). [`asm::Dialect::Auto`] takes
//! both dialects.
//!
//! ```
//! use gcnkit::{asm::{assemble, assemble_one, Dialect}, Arch};
//!
//! let clrx = assemble_one(Arch::Gcn12, Dialect::Clrx, "v_add_f32 v1, -v2, abs(v3) mul:2 clamp").unwrap();
//! let llvm = assemble_one(Arch::Gcn12, Dialect::Llvm, "v_add_f32_e64 v1, -v2, |v3| clamp mul:2").unwrap();
//! assert_eq!(clrx, [0xd101_8201, 0x2802_0702]);
//! assert_eq!(clrx, llvm);
//!
//! let (items, diags) = assemble(Arch::Gcn12, Dialect::Auto, "k.s", "v_add_f32 v1, s2, s3\n");
//! assert!(items.is_empty()); // nothing is emitted for a file with errors
//! assert_eq!(
//!     diags[0].headline(),
//!     "k.s:1:19: error: v_add_f32 can read one scalar value (SGPR, VCC, M0, EXEC... or a literal); this is a second one"
//! );
//! ```
//!
//! # Run
//!
//! [`emu::run_text`] assembles a program and runs it on one wave from a state document (the
//! JSON of `gcnkit run --state`), and returns the final state document.
//!
//! ```
//! use gcnkit::{asm::Dialect, emu::run_text};
//!
//! let program = "v_add_f32 v2, v0, v1\nv_cmp_lt_f32 vcc, v0, v1\ns_endpgm\n";
//! let state = r#"{"vgprs": {"0": [1.0, 2.0], "1": 1.5}}"#;
//! let out = run_text(None, Dialect::Auto, program, Some(state)).unwrap();
//! assert_eq!(out["vgprs"]["2"][0], "0x40200000"); // lane 0: 1.0 + 1.5 = 2.5
//! assert_eq!(out["vgprs"]["2"][1], "0x40600000"); // lane 1: 2.0 + 1.5 = 3.5
//! assert_eq!(out["vgprs"]["2"][2], "0x3fc00000"); // lane 2: 0.0 + 1.5
//! assert_eq!(out["vcc"], "0xfffffffffffffffd"); // v0 < v1 in every lane but lane 1
//! ```
//!
//! # The JSON record
//!
//! [`syntax::json::record`] writes one instruction's record: its words, encoding, opcode,
//! mnemonic, text, every field with its bit range, the operands and the modifiers.
//!
//! ```
//! use gcnkit::{decode::decode, syntax::{json, Syntax}, Arch};
//!
//! let i = decode(Arch::Gcn12, &[0x7e02_0302]).unwrap();
//! let mut line = String::new();
//! json::record(&mut line, &i, 0, Syntax::Llvm);
//! assert!(line.starts_with(
//!     r#"{"offset": 0, "words": ["7e020302"], "arch": "gcn1.2", "encoding": "VOP1", "opcode": 1, "mnemonic": "v_mov_b32", "text": "v_mov_b32_e32 v1, v2""#
//! ));
//! ```
//!
//! # Where things are
//!
//! - [`isa`]: the instruction table, one row per instruction; [`enc`]: the encoding classes
//!   and their fields; [`operand`]: the 9-bit operand space per arch; [`arch`]: the GPUs.
//! - [`decode`], [`instr`], [`layout`]: words to instructions and their operands.
//! - [`syntax`]: the CLRX and LLVM printers and the JSON record; [`disasm`]: whole buffers.
//! - [`asm`]: the assembler; [`rules`]: the operand rules (constant bus, literals...);
//!   [`diag`]: diagnostics.
//! - [`emu`]: the emulator; [`explain`]: the text of `gcnkit explain`.
//! - [`proof`], [`sample`]: round-trip checks and random instructions for the tests.

pub mod arch;
pub mod asm;
pub mod codeobj;
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

/// The unit tests' deterministic pseudo-random source (xorshift64) from `seed` (not zero).
#[cfg(test)]
pub(crate) fn test_rng(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

pub use arch::Arch;
pub use instr::{Enc, Instr};
