//! Round-trip checking of one word sequence, shared by the tests and the exhaustive tool
//! (`examples/exhaustive.rs`): decode → print in a dialect → assemble → compare.
//!
//! Outcomes: the same words; a word that breaks an operand rule, whose text the assembler
//! rejects (or reads as something valid); a mismatch (a bug). Nothing is lost in either
//! dialect: where a dialect's text cannot carry every bit, the printer writes the words as data.

use crate::asm::{assemble, Dialect};
use crate::decode::decode;
use crate::diag::Severity;
use crate::instr::{Enc, Instr};
use crate::operand::sgpr_count;
use crate::rules;
use crate::syntax::{At, Labels, Syntax};

/// What happened to one word sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Not a vector-ALU encoding (not checked).
    OtherClass,
    /// Decoding needs more words than given.
    Truncated,
    /// The same words came back.
    Same,
    /// An unused opcode: printed as data (LLVM) or `*_ill_N` (CLRX), may be rejected.
    Undecodable,
    /// The word breaks an operand rule (named); its text was rejected or read differently.
    RuleBroken(&'static str),
    /// A bug: the text gave other words (or an error) for a valid word.
    Mismatch(String),
}

/// The first operand rule `i` breaks, if any (CLRX's 4-register-line rule for unaligned SGPR
/// ranges included: its assembler refuses them).
pub fn broken_rule(i: &Instr) -> Option<&'static str> {
    let d = i.def()?;
    if let Some(v) = rules::check(i, d).iter().next() {
        return Some(v.rule());
    }
    let ops = crate::layout::operands(i, d);
    ops.as_slice()
        .iter()
        .any(|s| s.code < 256 && !s.implicit && !rules::clrx_scalar_range_ok(s.code, s.regs as u16, sgpr_count(i.arch)))
        .then_some("sgpr-range-line")
}

/// Round-trips `words` (at least 3, padding allowed) through `syntax`.
pub fn check(arch: crate::Arch, words: &[u32], syntax: Syntax) -> Outcome {
    let i = match decode(arch, words) {
        Ok(i) => i,
        Err(_) => return Outcome::Truncated,
    };
    if i.enc == Enc::Other {
        return Outcome::OtherClass;
    }
    // Branch targets relative to the instruction (no label lines): the text stands alone.
    let mut text = String::new();
    let at = At {
        offset: 0,
        labels: Some(&Labels::NONE),
    };
    crate::syntax::print_at(&mut text, &i, syntax, &at);
    let dialect = match syntax {
        Syntax::Clrx => Dialect::Clrx,
        Syntax::Llvm => Dialect::Llvm,
    };
    let (items, diags) = assemble(arch, dialect, "rt.s", &text);
    let ok = !diags.iter().any(|d| d.severity == Severity::Error);
    let got: Vec<u32> = items.iter().flat_map(|it| it.words().iter().copied()).collect();
    if ok && got == i.words() {
        return Outcome::Same;
    }
    if i.def.is_none() {
        return Outcome::Undecodable;
    }
    if let Some(rule) = broken_rule(&i) {
        return Outcome::RuleBroken(rule);
    }
    let why = if ok {
        let g: Vec<String> = got.iter().map(|w| format!("{w:08x}")).collect();
        format!("gave {}", g.join(" "))
    } else {
        diags
            .iter()
            .find(|d| d.severity == Severity::Error)
            .map(|d| d.headline())
            .unwrap_or_default()
    };
    let w: Vec<String> = i.words().iter().map(|w| format!("{w:08x}")).collect();
    Outcome::Mismatch(format!("{arch} {:?} {} `{text}`: {why}", syntax, w.join(" ")))
}

/// One input of the `word` fuzz target (`fuzz/`), also replayed from its saved corpus by
/// `tests/fuzz_corpus.rs`: the first byte picks the arch, the next (up to 12) bytes are the
/// words. Decodes one instruction and checks it with [`print_and_round_trip`].
pub fn check_fuzz_word(data: &[u8]) -> Result<(), String> {
    let Some((&a, rest)) = data.split_first() else {
        return Ok(());
    };
    // Bits 0-1 pick the generation; 7 is GCN 1.4.1 (gfx906).
    let arch = if a & 7 == 7 {
        crate::Arch::Gcn141
    } else {
        crate::Arch::ALL[(a & 3) as usize]
    };
    let mut w = [0u32; 3];
    for (slot, c) in w.iter_mut().zip(rest.chunks(4)) {
        let mut b = [0u8; 4];
        b[..c.len()].copy_from_slice(c);
        *slot = u32::from_le_bytes(b);
    }
    let n = rest.len().div_ceil(4).clamp(1, 3);
    match decode(arch, &w[..n]) {
        Ok(i) => print_and_round_trip(&i),
        Err(_) => Ok(()),
    }
}

/// Prints a decoded instruction in both dialects and as JSON, and round-trips it through the
/// assembler in both dialects; a mismatch is the error (the fuzz targets' check).
pub fn print_and_round_trip(i: &Instr) -> Result<(), String> {
    let mut s = String::new();
    crate::syntax::print(&mut s, i, Syntax::Clrx);
    crate::syntax::print(&mut s, i, Syntax::Llvm);
    crate::syntax::json::record(&mut s, i, 0, Syntax::Llvm);
    if i.enc != Enc::Other {
        let mut w = [0u32; 3];
        w[..i.len as usize].copy_from_slice(i.words());
        for syn in [Syntax::Clrx, Syntax::Llvm] {
            if let Outcome::Mismatch(m) = check(i.arch, &w, syn) {
                return Err(m);
            }
        }
    }
    Ok(())
}
