//! Text forms of instructions: the CLRX and LLVM dialects (printers now; the parser comes
//! with the assembler), and the JSON record.

pub mod clrx;
pub mod ext;
pub(crate) mod fast;
pub mod gfx;
pub mod json;
pub mod llvm;
pub(crate) mod memory;
pub(crate) mod scalar;
pub mod special;
pub mod text;
pub mod vop3p;

use crate::instr::Instr;

/// An assembler's input dialect: each one, or both (decided statement by statement).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Dialect {
    /// Both, statement by statement.
    Auto,
    Clrx,
    Llvm,
}

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
    /// One instruction alone (see [`print()`](fn@print)).
    pub const ALONE: At<'static> = At {
        offset: 0,
        labels: None,
    };
}

/// The branch targets of a listing that start an instruction in it: one bit per dword for
/// the targets and one for the instructions' starts. Streaming disassembly keeps them in
/// rings (`Labels::ring`) that hold the dwords near the one being printed (a branch
/// reaches 32768 dwords either way).
#[derive(Clone, Debug, Default)]
pub struct Labels {
    base: usize,
    /// Dwords of the listing: no label at or past it.
    n: usize,
    targets: Vec<u64>,
    starts: Vec<u64>,
    /// The bit of dword `k` is `k & mask`: all of them, or a ring's.
    mask: usize,
}

impl Labels {
    /// No labels (every target relative): for code printed piece by piece.
    pub const NONE: Labels = Labels {
        base: 0,
        n: 0,
        targets: Vec::new(),
        starts: Vec::new(),
        mask: 0,
    };

    /// The labels of the instructions in `words` (starting at byte `base`): every branch
    /// target that is the first word of one of them.
    pub fn of(arch: crate::arch::Arch, words: &[u32], base: usize) -> Labels {
        let mut l = Labels::ring(base, words.len(), usize::MAX);
        // Lengths and branch offsets only: no instruction is built.
        let mut pos = 0;
        while pos < words.len() {
            let Ok((len, branch)) = crate::decode::length_and_branch(arch, &words[pos..]) else {
                break;
            };
            l.start(pos);
            if let Some(simm) = branch {
                l.branch(pos, len, simm);
            }
            pos += len;
        }
        l
    }

    /// No labels yet in a listing of `n` dwords from byte `base`, in rings of at most `ring`
    /// dwords (a power of two; see [`Labels::clear_to`]) or for all of them.
    pub(crate) fn ring(base: usize, n: usize, ring: usize) -> Labels {
        let bits = (n + 64).next_power_of_two().min(ring);
        Labels {
            base,
            n,
            targets: vec![0; bits / 64],
            starts: vec![0; bits / 64],
            mask: bits - 1,
        }
    }

    /// Makes the rings' bits of dwords `from..to` (`from` a multiple of 64) empty for their
    /// own use (the dwords they held before are a ring behind). Returns the new `from`.
    pub(crate) fn clear_to(&mut self, from: usize, to: usize) -> usize {
        let last = self.targets.len() - 1;
        let mut w = from / 64;
        while w * 64 < to {
            self.targets[w & last] = 0;
            self.starts[w & last] = 0;
            w += 1;
        }
        w * 64
    }

    /// An instruction starts at dword `pos`.
    #[inline(always)]
    pub(crate) fn start(&mut self, pos: usize) {
        let k = pos & self.mask;
        if let Some(w) = self.starts.get_mut(k / 64) {
            *w |= 1 << (k % 64);
        }
    }

    /// A branch of `len` dwords at dword `pos` with SIMM16 `simm`: its target, if it is in
    /// the listing (a label there if an instruction starts there).
    #[inline]
    pub(crate) fn branch(&mut self, pos: usize, len: usize, simm: u32) {
        let t = pos as i64 + len as i64 + simm as u16 as i16 as i64;
        if t >= 0 && (t as usize) < self.n {
            let k = t as usize & self.mask;
            self.targets[k / 64] |= 1 << (k % 64);
        }
    }

    /// The byte offset of the listing's first dword.
    pub(crate) fn base(&self) -> usize {
        self.base
    }

    /// Is there a label at the instruction that starts at the `k`-th dword of the listing
    /// (is it a target)?
    #[inline(always)]
    pub(crate) fn has_word(&self, k: usize) -> bool {
        let k = k & self.mask;
        self.targets.get(k / 64).is_some_and(|b| b >> (k % 64) & 1 != 0)
    }

    /// Is there a label at byte offset `off`?
    #[inline]
    pub fn has(&self, off: i64) -> bool {
        let rel = off - self.base as i64;
        if rel < 0 || rel % 4 != 0 || (rel / 4) as usize >= self.n {
            return false;
        }
        let k = (rel / 4) as usize & self.mask;
        let bit = |v: &Vec<u64>| v.get(k / 64).is_some_and(|b| b >> (k % 64) & 1 != 0);
        bit(&self.targets) && bit(&self.starts)
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
#[inline]
pub fn label_name(out: &mut String, target: i64) {
    // A negative target (no label line) shows as clrxdisasm shows it: the 64-bit wrap-around.
    let mut v = target as u64;
    // SAFETY: ".L", decimal digits and "_0" are ASCII, written in place; 4 + 20 digits fit
    // the 32 bytes of room (and so do 2 + 8 of `put_dec8`'s store).
    unsafe {
        let d = text::tail::<32>(out);
        d.cast::<[u8; 2]>().write_unaligned(*b".L");
        let digits = if v < 100_000_000 {
            text::put_dec8(d.add(2), v as u32)
        } else {
            let digits = v.ilog10() as usize + 1;
            for k in (2..2 + digits).rev() {
                *d.add(k) = b'0' + (v % 10) as u8;
                v /= 10;
            }
            digits
        };
        d.add(2 + digits).cast::<[u8; 2]>().write_unaligned(*b"_0");
        text::grow(out, 4 + digits);
    }
}

/// The text of `i` in `syntax`.
pub fn to_text(i: &Instr, syntax: Syntax) -> String {
    let mut s = String::with_capacity(64);
    print(&mut s, i, syntax);
    s
}
