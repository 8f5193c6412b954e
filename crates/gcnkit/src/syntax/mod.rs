//! Text forms of instructions: the CLRX and LLVM dialects (printers now; the parser comes
//! with the assembler), and the JSON record.

pub mod clrx;
pub mod ext;
pub(crate) mod fast;
pub mod gfx;
pub mod json;
pub mod llvm;
pub(crate) mod memory;
mod scalar;
pub mod special;
pub mod text;
pub mod vop3p;

use crate::instr::Instr;

/// Assembly dialect.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Syntax {
    Clrx,
    Llvm,
}

impl Syntax {
    pub fn name(self) -> &'static str {
        match self {
            Syntax::Clrx => "clrx",
            Syntax::Llvm => "llvm",
        }
    }
}

/// Appends the text of `i` in `syntax` (no newline), as the instruction alone: a branch
/// target as clrxdisasm (`.L<target>_0`, the instruction at offset 0) and llvm-mc (the raw
/// offset) print it.
pub fn print(out: &mut String, i: &Instr, syntax: Syntax) {
    print_at(out, i, syntax, &At::ALONE)
}

/// Appends the text of `i` at `at` (its offset and the labels of its listing).
pub fn print_at(out: &mut String, i: &Instr, syntax: Syntax, at: &At) {
    match syntax {
        Syntax::Clrx => clrx::print_at(out, i, at),
        Syntax::Llvm => llvm::print_at(out, i, at),
    }
}

/// Where an instruction is printed: its byte offset and, in a listing, which offsets have a
/// label line. A branch to a labelled offset names the label (`.L<offset>_0`, both dialects);
/// any other target is written relative to the instruction (`.+N`/`.-N`, CLRX) or as the raw
/// offset (LLVM), so that the text reads back to the same words wherever it is assembled.
#[derive(Clone, Copy, Debug)]
pub struct At<'a> {
    pub offset: usize,
    pub labels: Option<&'a Labels>,
}

impl At<'_> {
    /// One instruction alone (see [`print`]).
    pub const ALONE: At<'static> = At {
        offset: 0,
        labels: None,
    };
}

/// The branch targets of a listing that start an instruction in it: one bit per dword.
#[derive(Clone, Debug, Default)]
pub struct Labels {
    base: usize,
    bits: Vec<u64>,
}

impl Labels {
    /// No labels (every target relative): for code printed piece by piece.
    pub const NONE: Labels = Labels {
        base: 0,
        bits: Vec::new(),
    };

    /// The labels of the instructions in `words` (starting at byte `base`): every branch
    /// target that is the first word of one of them.
    pub fn of(arch: crate::arch::Arch, words: &[u32], base: usize) -> Labels {
        let mut b = LabelsBuilder::new(words.len(), base);
        // Lengths and branch offsets only: no instruction is built.
        let mut pos = 0;
        while pos < words.len() {
            let Ok((len, branch)) = crate::decode::length_and_branch(arch, &words[pos..]) else {
                break;
            };
            b.instruction(pos, len, branch);
            pos += len;
        }
        b.done()
    }

    /// Is there a label at the `k`-th dword of the listing?
    #[inline(always)]
    pub(crate) fn has_word(&self, k: usize) -> bool {
        self.bits.get(k / 64).is_some_and(|b| b >> (k % 64) & 1 != 0)
    }

    /// Is there a label at byte offset `off`?
    #[inline]
    pub fn has(&self, off: i64) -> bool {
        let rel = off - self.base as i64;
        if rel < 0 || rel % 4 != 0 {
            return false;
        }
        let k = (rel / 4) as usize;
        self.bits.get(k / 64).is_some_and(|b| b >> (k % 64) & 1 != 0)
    }
}

/// [`Labels`] of a listing, instruction by instruction.
pub(crate) struct LabelsBuilder {
    base: usize,
    n: usize,
    starts: Vec<u64>,
    targets: Vec<u64>,
}

impl LabelsBuilder {
    /// For `n` words starting at byte `base`.
    pub(crate) fn new(n: usize, base: usize) -> LabelsBuilder {
        LabelsBuilder {
            base,
            n,
            starts: vec![0; n.div_ceil(64)],
            targets: vec![0; n.div_ceil(64)],
        }
    }

    /// An instruction of `len` dwords at dword `pos`, a branch with SIMM16 `branch`.
    #[inline(always)]
    pub(crate) fn instruction(&mut self, pos: usize, len: usize, branch: Option<u32>) {
        self.starts[pos / 64] |= 1 << (pos % 64);
        if let Some(simm) = branch {
            self.branch(pos, len, simm);
        }
    }

    /// A branch of `len` dwords at dword `pos` with SIMM16 `simm` (where the instructions
    /// start is told to [`LabelsBuilder::done_where`] instead).
    #[inline]
    pub(crate) fn branch(&mut self, pos: usize, len: usize, simm: u32) {
        let t = target(self.base + pos * 4, 4 * len, simm);
        let rel = t - self.base as i64;
        if rel >= 0 && rel % 4 == 0 && ((rel / 4) as usize) < self.n {
            let k = (rel / 4) as usize;
            self.targets[k / 64] |= 1 << (k % 64);
        }
    }

    /// The targets where `starts(k)`: an instruction starts at dword `k`.
    pub(crate) fn done_where(mut self, starts: impl Fn(usize) -> bool) -> Labels {
        for (w, t) in self.targets.iter_mut().enumerate() {
            let mut rest = *t;
            while rest != 0 {
                let k = rest.trailing_zeros() as usize;
                if !starts(w * 64 + k) {
                    *t &= !(1 << k);
                }
                rest &= rest - 1;
            }
        }
        Labels {
            base: self.base,
            bits: self.targets,
        }
    }

    /// The targets that start an instruction.
    pub(crate) fn done(mut self) -> Labels {
        for (t, s) in self.targets.iter_mut().zip(&self.starts) {
            *t &= s;
        }
        Labels {
            base: self.base,
            bits: self.targets,
        }
    }
}

/// The byte offset a branch at `offset` goes to (`None` if `i` is no branch).
#[inline]
pub fn branch_target(i: &Instr, offset: usize) -> Option<i64> {
    let d = i.def?;
    if crate::isa::isa().decode_info(d) & crate::isa::DecodeInfo::LABEL == 0 {
        return None;
    }
    Some(target(offset, i.size(), i.get(crate::enc::F::Simm16)))
}

/// The byte offset a branch of `size` bytes at `offset` with SIMM16 `simm` goes to: SIMM16
/// counts dwords from the next instruction.
#[inline]
fn target(offset: usize, size: usize, simm: u32) -> i64 {
    offset as i64 + size as i64 + 4 * (simm as u16 as i16 as i64)
}

/// Appends a branch target `target` (SIMM16 `simm`) of an instruction at `at`: its label,
/// else relative to the instruction (CLRX `.+N`) or the raw offset (LLVM); alone, as
/// clrxdisasm and llvm-mc print it.
pub(crate) fn branch_label(out: &mut String, target: i64, at: &At, syn: Syntax, simm: u32) {
    match (at.labels, syn) {
        (Some(l), _) if l.has(target) => label_name(out, target),
        (None, Syntax::Clrx) => label_name(out, target),
        (Some(_), Syntax::Clrx) => {
            let rel = target - at.offset as i64;
            out.push('.');
            if rel >= 0 {
                out.push('+');
            }
            text::sdec(out, rel);
        }
        // llvm-objdump's form: SIMM16 as an unsigned number.
        (_, Syntax::Llvm) => text::dec(out, simm),
    }
}

/// Appends a label name: `.L<offset>_0` (clrxdisasm's form; LLVM reads it too).
pub fn label_name(out: &mut String, target: i64) {
    // A negative target (no label line) shows as clrxdisasm shows it: the 64-bit wrap-around.
    let mut digits = itoa::Buffer::new();
    let d = digits.format(target as u64).as_bytes();
    // One append of the whole name.
    let mut b = [0u8; 2 + 20 + 2];
    b[..2].copy_from_slice(b".L");
    b[2..2 + d.len()].copy_from_slice(d);
    b[2 + d.len()..4 + d.len()].copy_from_slice(b"_0");
    // SAFETY: ".L", the decimal digits and "_0" are ASCII.
    out.push_str(unsafe { std::str::from_utf8_unchecked(&b[..4 + d.len()]) });
}

/// The text of `i` in `syntax`.
pub fn to_text(i: &Instr, syntax: Syntax) -> String {
    let mut s = String::with_capacity(64);
    print(&mut s, i, syntax);
    s
}
