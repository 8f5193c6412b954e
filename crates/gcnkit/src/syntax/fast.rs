//! The CLRX printer's fast path for the plain instructions that make up most real code.
//!
//! For each row (met on first use) a *plan* is derived from the row's operand list
//! ([`crate::layout::operands`]), probed field by field: which field feeds which operand,
//! which fields of the memory classes are modifiers written after the operands (` offset:N`,
//! ` glc`: found by printing probes with the general printer), and which bits must be as in a
//! plain word (no other modifier, no note, no unused bit). A word of that row whose bits
//! match is printed as the row's precomputed mnemonic text and one precomputed text per
//! operand ([`super::clrx`]'s operand texts), with no instruction record, operand list or
//! re-check built. Every other word (a literal, a modifier, a note, a data line...) goes to
//! the general printer, whose text the plan reproduces byte for byte: a plan prints its probe
//! words both ways before it is used (and is dropped if they differ), and the tests compare
//! the two paths on every row.
//!
//! Nothing here is keyed by instruction words: plans are per row, texts per operand code.

use super::special;
use super::text::{dec, hex, Cell};
use super::{At, Syntax};
use crate::arch::Arch;
use crate::enc::{class_of, fields, Enc, F};
use crate::instr::Instr;
use crate::isa::{isa, DefId, Flags, Short};
use crate::layout::{operands, Role, Slots};

/// How an operand is printed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A register or constant: its precomputed text (one or two registers), or the general
    /// operand printer's (wider ranges).
    Reg,
    /// An absent vector memory address or base: `off`.
    Off,
    /// An immediate in hex (SOPK/SOPP's SIMM16, a scalar load's offset).
    Hex,
    /// A branch target.
    Label,
    /// A special syntax (s_waitcnt's counters, hwreg, sendmsg, gpr_idx modes).
    Special(special::Kind),
}

/// What a register operand's value must be for the plan's text to be the general printer's
/// (else the general printer decides).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Check {
    None,
    /// The scalar classes: an SGPR range on its boundary (pairs even, four or more on a
    /// multiple of 4).
    Aligned,
    /// Vector memory data and addresses: VGPRs that end at v255 at the latest.
    VgprEnd,
    /// Vector memory's scalar operands: a register clrxasm names ([`super::memory`]).
    Named,
}

/// One operand of a plan: its code (or value) is `((bits >> shift) & mask) << scale) + add`.
#[derive(Clone, Copy, Debug)]
struct Op {
    kind: Kind,
    check: Check,
    shift: u8,
    scale: u8,
    regs: u8,
    add: u16,
    mask: u32,
    /// A VOP3 source that takes ABS and NEG: its bit in those fields ([`Op::NO_MODS`]: none).
    mods: u8,
}

impl Op {
    const NO_MODS: u8 = u8::MAX;

    #[inline(always)]
    fn value(&self, bits: u64) -> u32 {
        (((bits >> self.shift) as u32 & self.mask) << self.scale) + self.add as u32
    }

    /// The operand codes its field can give (those past the 512 codes are cut).
    fn codes(&self) -> std::ops::RangeInclusive<u16> {
        let hi = (self.add as u64 + ((self.mask as u64) << self.scale)).min(511);
        self.add..=hi as u16
    }
}

/// A modifier after the operands from a field of its own, written when the field is not zero:
/// a flag (` glc`) or a prefix and the value in decimal (` offset:16`).
#[derive(Clone, Copy)]
struct Tail {
    shift: u8,
    mask: u32,
    text: Cell,
    value: bool,
}

/// One operand of a [`Head::simple`] plan: the precomputed text of [`FastClrx::cells`] at
/// `base + (field << scale)` (its group holds the separator and what the operand's
/// [`Check`] rejects), in bytes. The field is found in `bits` by one rotation that brings it
/// to bit `scale + 4` (so that it counts 16-byte cells) and one mask.
#[derive(Clone, Copy, Debug)]
struct Simple {
    /// The rotation (right) of the instruction's bits.
    rot: u8,
    /// The field's mask, shifted to bit `scale + 4`.
    mask: u16,
    /// The first cell's byte offset.
    base: u32,
}

impl Simple {
    /// The operand's cell.
    #[inline(always)]
    fn index(&self, bits: u64) -> usize {
        ((bits.rotate_right(self.rot as u32) as u32 & self.mask as u32) + self.base) as usize >> 4
    }
}

/// What the printing of every word reads of its plan, in two cache lines: the mnemonic (with
/// its trailing space when operands follow; zeros after it, copied whole with the 9 bytes
/// that follow it) and the register operands in the first (all that a plain line reads),
/// the last operand when it is a number and the rest in the second.
#[derive(Clone, Copy)]
#[repr(C, align(128))]
struct Line {
    mnemonic: [u8; 23],
    mnemonic_len: u8,
    simple: [Simple; 5],
    /// [`Line::SUFFIX`], [`Line::HEX`]...
    flags: u8,
    /// The last operand when it is a number ([`Line::HEX`], [`Line::LABEL`]): its field,
    /// and the separator's length before it.
    value_shift: u8,
    value_sep: u8,
    value_mask: u32,
}

/// What the lookup reads of a plan, kept apart from the rest (small, so that all of them
/// stay in the first-level cache).
#[derive(Clone, Copy, Default)]
struct Head {
    /// The bits outside the operand and modifier fields must be `guard_bits`.
    guard_mask: u64,
    guard_bits: u64,
    /// Does an operand field hold the literal code 255 ([`Plan::lit_mask`])? All of them at
    /// once: `[m, b, l, h]`, with `y = (bits & m) ^ b` (the fields' bits, zero where a field
    /// holds 255), `y.wrapping_sub(l) & !y & h` (`l` each field's lowest bit, `h` its
    /// highest) is not zero exactly when a field of `y` is (a borrow crosses into the next
    /// field only out of a field that is zero); all of `l` and `h` where a field is not
    /// contiguous, so that every word asks [`Plan::lit_mask`].
    lit_any: [u64; 4],
    /// Dwords of the instruction without a literal.
    words: u8,
    /// The entries of `lit_mask` whose literal code means a literal dword follows (the
    /// others' go to the general printer).
    lit_dword: u8,
    /// A branch.
    label: bool,
    /// A branch whose target is SIMM16 in the first word's low 16 bits (as every GCN branch
    /// has it): [`FastClrx::quick`] takes it.
    simm16: bool,
    /// The ABS and NEG bits of the sources that take them: a word with one set is printed
    /// by [`FastClrx::print_plan`], not from [`Line`].
    mods_mask: u64,
    /// Every operand a register or `off` with a text in [`FastClrx::cells`], but the last
    /// one, which may be a number (or s_waitcnt's counters): printed from [`Line`] when no
    /// literal follows ([`FastClrx::print_simple`]).
    simple: bool,
    /// A word of the plan whose `plain_mask` bits are clear is [`Hit::plain`].
    plain: bool,
    plain_mask: u64,
}

/// A field's value as an operand code: `((bits >> shift) & mask) << scale) + add`.
#[derive(Clone, Copy, Default)]
struct Field {
    shift: u8,
    scale: u8,
    add: u16,
    mask: u16,
}

/// The plan of one row in one class (the fields the plain printing reads first).
#[derive(Clone)]
#[repr(C)]
struct Plan {
    head: Head,
    nops: u8,
    /// The operand that is a branch target.
    label: Option<u8>,
    line: Line,
    ntails: u8,
    /// The literal's float comment (the 32-bit vector forms of f32 and f16 rows).
    comment: Option<crate::isa::Ty>,
    /// The mnemonic, with its trailing space when operands follow.
    mnemonic: Cell,
    ops: [Op; 5],
    /// The ABS and NEG fields' first bits (64: none).
    abs_lo: u8,
    neg_lo: u8,
    /// The operands whose field can hold the literal code 255 (a longer instruction): the
    /// field holds it when `bits & lit_mask[k] == lit_bits[k]` (never in unused entries).
    lit_mask: [u64; 3],
    lit_bits: [u64; 3],
    /// The fields of `lit_mask`.
    lit: [Field; 3],
    id: DefId,
    enc: Enc,
    /// The opcode field's value.
    opcode: u16,
    tails: [Tail; 6],
}

/// What the lookup reads of a first word's class, by the word's top 9 bits.
#[derive(Clone, Copy)]
struct Entry {
    /// The class's first slot in [`FastClrx::by_opcode`].
    start: u32,
    /// The slot from the first bit of OP (and SEG, GCN 1.4's FLAT, SCRATCH and GLOBAL) to
    /// the last, in one field: `(bits >> span_shift) & span_mask`.
    span_mask: u16,
    span_shift: u8,
    /// The bits of that field between OP and SEG (the slots that differ only in them
    /// share their plan).
    free: u16,
    /// Dwords of the fixed part.
    words: u8,
    /// GCN 1.2+'s 32-bit vector forms: SRC0 codes 249/250 make the word SDWA/DPP.
    ext_src0: bool,
    enc: Enc,
}

/// The operand texts of the plain printing, in groups of 512 16-byte cells (one per operand
/// code) by register count, [`Check`] and separator ([`FastClrx::group`]; a plan's operand
/// has the cells of the codes its field can hold built when the plan is): up to 14 bytes of
/// text (", " first after the first operand), its length in byte 14, and in byte 15 whether
/// the text is the general printer's (1; 0 where the word must go to the general printer:
/// the text is longer, the check rejects the register, or the cell is not built). One and
/// two registers take the CLRX printer's operand texts, wider ranges the general operand
/// printer's. Group 0 holds the fixed texts. A fixed power-of-two table, so that an index
/// masked to its size needs no bounds check.
struct Cells;

impl Cells {
    /// The index of the empty text.
    const EMPTY: u16 = 0;
    /// The indexes of `off` and `, off`.
    const OFF: u16 = 1;
    const COMMA_OFF: u16 = 2;
    /// Texts in all.
    const N: usize = 16384;

    /// The fixed texts; the rest not built (zeros: pages the system gives on first use,
    /// not written here: 256 KiB a run that uses a few of them would touch).
    fn fixed() -> Box<[[u8; 16]; Cells::N]> {
        // SAFETY: an array of bytes; all-zero is a cell not built.
        let mut cells: Box<[[u8; 16]; Cells::N]> = unsafe { zeroed() };
        cells[Cells::EMPTY as usize][15] = 1;
        cells[Cells::OFF as usize] = Cells::cell(b"off", false);
        cells[Cells::COMMA_OFF as usize] = Cells::cell(b", off", false);
        cells
    }

    /// A text, and whether it must go to the general printer (also where it does not fit).
    fn cell(t: &[u8], reject: bool) -> [u8; 16] {
        let mut c = [0u8; 16];
        let fits = t.len() <= 14 && !t.is_empty() && t.is_ascii();
        if fits {
            c[..t.len()].copy_from_slice(t);
            c[14] = t.len() as u8;
        }
        c[15] = (!reject && fits) as u8;
        c
    }

    /// Does `check` send a range of `regs` registers at operand code `code` to the general
    /// printer?
    fn rejects(a: Arch, check: Check, code: u16, regs: u8) -> bool {
        match check {
            Check::None => false,
            Check::Aligned => {
                !crate::layout::scalar_aligned(code, regs)
                    && matches!(crate::operand::classify(a, code), crate::operand::Src::Sgpr(_))
            }
            Check::VgprEnd => code >= 256 && code as usize + regs as usize > 512,
            Check::Named => !super::memory::scalar_code_named(a, code, regs),
        }
    }
}

/// s_waitcnt's CLRX text from precomputed counter texts: per counter and value, the
/// separator and `name(n)` as [`special::print`] writes them (nothing at the counter's
/// maximum). Built from the general printer's texts, not written here.
struct Waitcnt {
    /// The counter bits (each counter at its maximum).
    mask: u32,
    /// By counter, by value: the separator and text, its length in byte 15 (a fixed table:
    /// a counter's value indexes it without a bounds check; none is above 63).
    texts: Box<WaitcntTexts>,
    /// The separator's length (dropped before the first counter).
    sep: usize,
}

/// [`Waitcnt::texts`], and room after them: the first text is copied from past its
/// separator, 16 bytes that may run into the next text or, for the last, into `pad`.
#[repr(C)]
struct WaitcntTexts {
    texts: [[[u8; 16]; 64]; 3],
    pad: [u8; 16],
}

impl Waitcnt {
    /// The texts of `a` (`None`: they do not split by counter as expected; the general
    /// printer prints every s_waitcnt).
    fn build(a: Arch) -> Option<Waitcnt> {
        let mask = special::waitcnt_mask(a);
        let text = |v: u32| {
            let mut s = String::new();
            special::print(&mut s, special::Kind::Waitcnt, a, Syntax::Clrx, v).then_some(s)
        };
        let set = |v, i, n| special::set_counter(a, v, i, n);
        // The separator: two counters' text less each counter's own.
        let (first, last) = (text(set(mask, 0, 0))?, text(set(mask, 2, 0))?);
        let both = text(set(set(mask, 0, 0), 2, 0))?;
        let sep = both.strip_prefix(&first)?.strip_suffix(&last)?;
        if !sep.is_ascii() || sep.len() >= 16 {
            return None;
        }
        let mut texts = Box::new(WaitcntTexts {
            texts: [[[0; 16]; 64]; 3],
            pad: [0; 16],
        });
        for (i, t) in texts.texts.iter_mut().enumerate() {
            let max = special::counter_max(a, i);
            if max as usize >= t.len() {
                return None;
            }
            for (n, c) in t.iter_mut().enumerate().take(max as usize) {
                let s = format!("{sep}{}", text(set(mask, i, n as u32))?);
                if s.len() > 15 {
                    return None;
                }
                c[..s.len()].copy_from_slice(s.as_bytes());
                c[15] = s.len() as u8;
            }
        }
        Some(Waitcnt {
            mask,
            texts,
            sep: sep.len(),
        })
    }

    /// Appends the text of SIMM16 `v` when it lists its counters (not all at their maximum,
    /// no other bit set); `false` (nothing appended) where the general printer must.
    #[inline]
    fn print(&self, out: &mut String, a: Arch, v: u32) -> bool {
        if v & !self.mask != 0 || v == self.mask {
            return false;
        }
        // Each counter's cell copied whole into place (see `text::tail`), the first text
        // from past its separator (shorter than the text, see `build`).
        let all = &*self.texts as *const WaitcntTexts as *const u8;
        // SAFETY: a cell is read from at most 15 bytes into it, within `WaitcntTexts`
        // (`pad` after the last); three texts of at most 15 bytes: every 16-byte store ends
        // within the 48 bytes of room; the text taken in is whole ASCII texts one after the
        // other.
        unsafe {
            let d = super::text::tail::<48>(out);
            let mut at = 0;
            for (i, n) in special::counters(a, v).into_iter().enumerate() {
                let c = all.add((i * 64 + (n as usize & 63)) * 16);
                let len = *c.add(15) as usize;
                let skip = if at == 0 { self.sep.min(len) } else { 0 };
                d.add(at)
                    .cast::<[u8; 16]>()
                    .write_unaligned(c.add(skip).cast::<[u8; 16]>().read_unaligned());
                at += len - skip;
            }
            super::text::grow(out, at);
        }
        true
    }
}

const UNSEEN: u16 = 0;
const SLOW: u16 = 1;

/// The bits of an instruction of `len` dwords (1 or more) that `bits` holds (the first two
/// dwords): a shift, not a table (no table address for the hot loops to keep).
#[inline(always)]
fn word_mask(len: usize) -> u64 {
    u64::MAX >> ((len == 1) as u32 * 32)
}

/// Appends `v` in hex as the CLRX printer does (`0x2a`, [`hex`]), after `sep` bytes of ", ".
#[inline]
fn push_hex(out: &mut String, v: u32, sep: usize) {
    let digits = (32 - v.leading_zeros() as usize).div_ceil(4).max(1);
    // The digits to the left (the leading zeros shifted out), after ", 0x" or "0x".
    let hex = u64::from_le_bytes(super::text::hex8_bytes(v)) >> (8 * (8 - digits));
    let at = sep.min(2);
    // Written in place (see `text::tail`): ", 0x", ",0x" or "0x", then the digits.
    const PREFIX: [[u8; 4]; 3] = [*b"0x\0\0", *b",0x\0", *b", 0x"];
    // SAFETY: 4 + 8 bytes stored within the 16 of room; the text taken in is ASCII.
    unsafe {
        let d = super::text::tail::<16>(out);
        d.cast::<[u8; 4]>().write_unaligned(PREFIX[at]);
        d.add(at + 2).cast::<u64>().write_unaligned(hex.to_le());
        super::text::grow(out, 2 + at + digits);
    }
}

/// Appends the text of a [`Cells`] cell: up to 14 ASCII bytes, the length in byte 14.
#[inline(always)]
fn push_cell(out: &mut String, c: &[u8; 16]) {
    out.reserve(16);
    // SAFETY: `reserve(16)` leaves room for the 16-byte copy; the length grows by `c[14]` <=
    // 14 bytes of the cell's ASCII text.
    unsafe {
        let v = out.as_mut_vec();
        let l = v.len();
        std::ptr::copy_nonoverlapping(c.as_ptr(), v.as_mut_ptr().add(l), 16);
        v.set_len(l + c[14].min(14) as usize);
    }
}

/// The fast CLRX printer of one arch, with the plans of the rows it has met.
pub struct FastClrx {
    arch: Arch,
    /// The operand texts ([`Cells`]).
    cells: Box<[[u8; 16]; Cells::N]>,
    /// The groups of `cells`: register count, check, separator, first text, and which of
    /// its 512 codes are built.
    groups: Vec<(u8, Check, bool, u16, [u64; 8])>,
    /// By register count (3 and more): the first text of its group with no check or
    /// separator, for [`FastClrx::print_plan`] (`u16::MAX`: none).
    wide: [u16; 33],
    /// s_waitcnt's counter texts.
    waitcnt: Option<Waitcnt>,
    /// The class of each top 9 bits of a first word (`None`: no plans).
    class: [Option<Entry>; 512],
    /// By the top 6 bits of a first word: two dwords (bit set) or one, where every class of
    /// those bits has that length (`one_len`): the quick lookup's next position then does
    /// not wait for the class table's load.
    two_words: u64,
    one_len: u64,
    /// By class and opcode: 0 not looked at yet; 1 no plan (the general printer); k >= 2
    /// `plans[k - 2]`, `heads[k - 2]` and `lines[k - 2]`. Fixed power-of-two tables (a
    /// masked index needs no bounds check); the classes past the end get no plans.
    by_opcode: Box<[u16; OPCODES]>,
    /// By class and opcode: how many times a word without a plan has been met.
    met: Box<[u8; OPCODES]>,
    heads: Box<[Head; PLANS]>,
    lines: Zeroed<Line, PLANS>,
    plans: Vec<Plan>,
}

/// Room for opcodes in [`FastClrx::by_opcode`] (every class's opcode space, one after the
/// other).
const OPCODES: usize = 8192;
/// Room for plans (every row met).
const PLANS: usize = 2048;
/// A plan costs about as much to build as this many general printings of its row, which a
/// short listing of many rows met once or twice each does not win back: rows get plans
/// when they are expected to be met this many times more ([`FastClrx::met`]).
const PAYS_AFTER: usize = 16;
/// Dwords counted as read before the listing's first one when a row's rate is estimated
/// ([`FastClrx::met`]): a row met once in the first dwords of a listing is not yet expected
/// all over the rest of it. Without it a kernel-sized listing built a plan for nearly every
/// row it met early (a 2K-word listing: 6% slower than with this prior, 500K words: 2%).
const RATE_PRIOR: usize = 2048;

/// A boxed array of `N` copies of `v`.
fn boxed<T: Copy, const N: usize>(v: T) -> Box<[T; N]> {
    vec![v; N]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!())
}

/// A boxed array of `N` all-zero `T`s whose pages the system gives on first use (a table of
/// which a listing uses little: [`FastClrx::heads`]).
///
/// # Safety
///
/// All-zero bytes must be a valid `T` (integers, `bool`s, arrays and structs of them).
unsafe fn zeroed<T, const N: usize>() -> Box<[T; N]> {
    // SAFETY: the caller's contract.
    unsafe { Box::<[T; N]>::new_zeroed().assume_init() }
}

/// [`zeroed`] for a `T` aligned above what `malloc` gives: `Box::new_zeroed` then writes
/// every byte itself (and the system hands over every page at once: 256 KiB of
/// [`FastClrx::lines`] at every start), so the array lies at the aligned place of a zeroed
/// byte buffer that is one alignment longer.
struct Zeroed<T, const N: usize> {
    bytes: Box<[u8]>,
    at: usize,
    of: std::marker::PhantomData<T>,
}

impl<T, const N: usize> Zeroed<T, N> {
    /// # Safety
    ///
    /// All-zero bytes must be a valid `T` (integers, `bool`s, arrays and structs of them).
    unsafe fn new() -> Self {
        let align = std::mem::align_of::<T>();
        let bytes = vec![0u8; std::mem::size_of::<[T; N]>() + align].into_boxed_slice();
        let at = bytes.as_ptr().align_offset(align);
        Zeroed {
            bytes,
            at,
            of: std::marker::PhantomData,
        }
    }
}

impl<T, const N: usize> std::ops::Deref for Zeroed<T, N> {
    type Target = [T; N];
    fn deref(&self) -> &[T; N] {
        // SAFETY: `at` is the aligned place within the buffer, which holds the whole array
        // after it; the bytes are a valid array (`new`'s contract, then only written as `T`s).
        unsafe { &*(self.bytes.as_ptr().add(self.at) as *const [T; N]) }
    }
}

impl<T, const N: usize> std::ops::DerefMut for Zeroed<T, N> {
    fn deref_mut(&mut self) -> &mut [T; N] {
        // SAFETY: as for `deref`, through the unique borrow of the buffer.
        unsafe { &mut *(self.bytes.as_mut_ptr().add(self.at) as *mut [T; N]) }
    }
}

/// A word's place in [`FastClrx::by_opcode`] ([`FastClrx::word`]).
struct Word {
    plan: u16,
    bits: u64,
    len: usize,
    top: usize,
    at: u32,
}

/// An instruction the fast path takes: its plan and fixed bits.
#[derive(Clone, Copy)]
pub struct Hit {
    plan: u16,
    /// A branch (its target from [`FastClrx::branch`]).
    pub label: bool,
    bits: u64,
    /// Dwords, the literal included.
    pub len: usize,
    /// Printed from [`Line`]: its row's plan is [`Head::simple`] and no literal follows.
    pub simple: bool,
    /// Printed by [`FastClrx::print_plain`], a line of the mnemonic and the register
    /// operands' texts with nothing else to decide: its plan is [`Head::simple`], nothing is
    /// set after the register operands (no ABS or NEG bit, no modifier), and none of the
    /// general printer's rules are left ([`Line::WAITCNT`], [`Line::SUFFIX`], [`Line::HEX`],
    /// [`Line::LABEL`]).
    pub plain: bool,
}

impl FastClrx {
    /// The printer of `arch`: an opcode space for every class a first word can be (the
    /// decoder's class table); which rows get plans is [`build`]'s to say, row by row.
    pub fn new(arch: Arch) -> FastClrx {
        let mut class: [Option<Entry>; 512] = [None; 512];
        // The classes given an opcode space so far.
        let mut spaces: Vec<Entry> = Vec::new();
        let mut opcodes = 0;
        for (top, slot) in class.iter_mut().enumerate() {
            let enc = class_of(arch, (top as u32) << 23);
            if let Some(e) = spaces.iter().find(|e| e.enc == enc) {
                *slot = Some(*e);
                continue;
            }
            let Some(fl) = fields(enc, arch) else {
                continue;
            };
            // The slot: OP and SEG as one field from the lower's first bit to the higher's
            // last (a class without OP has one slot).
            let (op, seg) = (fl.range(F::Op), fl.range(F::Seg));
            let (lo, hi) = [op, seg]
                .into_iter()
                .flatten()
                .fold((u8::MAX, 0), |(lo, hi), (a, b)| (lo.min(a), hi.max(b)));
            let shift = if op.is_some() { lo } else { 0 };
            let bits = |r: Option<(u8, u8)>| r.map_or(0, |(a, b)| ((1u32 << (b - a + 1)) - 1) << (a - shift));
            let span = bits(op) | bits(seg);
            let span_mask = if op.is_some() { (1u32 << (hi - lo + 1)) - 1 } else { 0 };
            let slots = span_mask + 1;
            if opcodes + slots as usize > OPCODES {
                continue;
            }
            let e = Entry {
                start: opcodes as u32,
                span_mask: span_mask as u16,
                span_shift: shift,
                free: (span_mask & !span) as u16,
                words: fl.layout.words,
                ext_src0: enc.is_vop32() && arch.is_vi_plus(),
                enc,
            };
            *slot = Some(e);
            spaces.push(e);
            opcodes += slots as usize;
        }
        // Lengths by top 6 bits, where the classes under them agree (a word of no class
        // has no plan: its length does not matter here).
        let (mut two_words, mut one_len, mut seen) = (0u64, u64::MAX, 0u64);
        for (top, e) in class.iter().enumerate() {
            let Some(e) = e else {
                continue;
            };
            let (bit, len) = (1u64 << (top >> 3), e.words);
            let two = (len == 2) as u64 * bit;
            if !(1..=2).contains(&len) || (seen & bit != 0 && two_words & bit != two) {
                one_len &= !bit;
            }
            two_words |= two;
            seen |= bit;
        }
        FastClrx {
            arch,
            two_words,
            one_len,
            cells: Cells::fixed(),
            groups: Vec::new(),
            wide: [u16::MAX; 33],
            waitcnt: Waitcnt::build(arch),
            class,
            by_opcode: boxed(UNSEEN),
            met: boxed(0),
            // SAFETY: `Head` and `Line` hold integers, `bool`s and arrays of them; all-zero
            // is `Head::default()` and `Line::EMPTY` (the test `zeroed_plans_are_empty`).
            heads: unsafe { zeroed() },
            lines: unsafe { Zeroed::new() },
            // (Room for all at once: growing would copy every plan built so far, into pages
            // touched for the first time.)
            plans: Vec::with_capacity(PLANS),
        }
    }

    /// The arch it prints.
    pub fn arch(&self) -> Arch {
        self.arch
    }

    /// The plan of the instruction at `words[pos]`, if the fast path prints it.
    #[inline(always)]
    pub fn lookup(&mut self, words: &[u32], pos: usize) -> Option<Hit> {
        let mut w = self.word(words, pos)?;
        if w.plan == UNSEEN {
            w.plan = self.met(w.top, w.at, w.bits, pos, words.len() - pos);
        }
        if w.plan <= SLOW {
            return None;
        }
        let (hit, any) = self.head(&w)?;
        let lit = if any { self.literals(w.plan, w.bits) } else { 0 };
        if lit == 0 {
            return Some(hit);
        }
        // The literal code: one source that takes the literal dword after the word (two
        // literal codes, or one where no literal follows, go to the general printer).
        let h = &self.heads[(w.plan as usize - 2) & (PLANS - 1)];
        if lit & (lit - 1) != 0 || lit & !h.lit_dword != 0 || w.len >= words.len() - pos {
            return None;
        }
        Some(Hit {
            len: w.len + 1,
            simple: false,
            plain: false,
            ..hit
        })
    }

    /// [`FastClrx::lookup`] of the common case alone: a word `w0` (and the dword after it,
    /// `w1`) with a plan already, no literal, and a branch only with its target in SIMM16
    /// ([`FastClrx::simm16`]); `None` for the rest, which the lookup then takes.
    #[inline(always)]
    pub fn quick(&self, w0: u32, w1: u32) -> Option<Hit> {
        if w0 == 0 {
            // Data in CLRX text (see `clrx::print_at`).
            return None;
        }
        let top6 = w0 >> 26;
        let len = 1 + (self.two_words >> top6 & 1) as usize;
        let w = self.word_of(w0, w1)?;
        if w.plan <= SLOW || self.one_len >> top6 & 1 == 0 {
            return None;
        }
        debug_assert_eq!(len, w.len);
        let (hit, any) = self.head(&w)?;
        let simm16 = self.heads[(w.plan as usize - 2) & (PLANS - 1)].simm16;
        (!any && (!hit.label || simm16)).then_some(Hit { len, ..hit })
    }

    /// The SIMM16 of a branch [`FastClrx::quick`] took.
    #[inline(always)]
    pub fn simm16(hit: &Hit) -> u32 {
        hit.bits as u32 & 0xffff
    }

    /// The class and plan slot of the word at `words[pos]` (`None`: no class, cut by the
    /// end, or an SDWA/DPP word).
    #[inline(always)]
    fn word(&self, words: &[u32], pos: usize) -> Option<Word> {
        let w = self.word_of(words[pos], words.get(pos + 1).copied().unwrap_or(0))?;
        (w.len <= words.len() - pos).then_some(w)
    }

    /// [`FastClrx::word`] of the word `w0` and the dword after it (whatever is there when
    /// the instruction is one dword).
    #[inline(always)]
    fn word_of(&self, w0: u32, w1: u32) -> Option<Word> {
        let top = (w0 >> 23) as usize;
        let e = self.class[top]?;
        // The length comes from the class alone, so that the next instruction's lookup need
        // not wait for this one's (a plan has the length of its class).
        let len = e.words as usize;
        let bits = (w0 as u64 | (w1 as u64) << 32) & word_mask(len);
        if e.ext_src0 & ((w0 & 0x1ff).wrapping_sub(249) < 2) {
            return None;
        }
        let at = (bits >> e.span_shift) as u32 & e.span_mask as u32;
        let slot = (e.start as usize + at as usize) & (OPCODES - 1);
        Some(Word {
            plan: self.by_opcode[slot],
            bits,
            len,
            top,
            at,
        })
    }

    /// The hit of a word with a plan, but for a literal, and whether a source field may
    /// hold the literal code (`true`: see [`FastClrx::literals`]); `None` where the bits
    /// outside the plan's fields are not its own.
    #[inline(always)]
    fn head(&self, w: &Word) -> Option<(Hit, bool)> {
        let h = &self.heads[(w.plan as usize - 2) & (PLANS - 1)];
        let bits = w.bits;
        let [m, b, l, hi] = h.lit_any;
        let y = (bits & m) ^ b;
        let any = y.wrapping_sub(l) & !y & hi != 0;
        let hit = Hit {
            plan: w.plan,
            label: h.label,
            bits,
            len: w.len,
            simple: h.simple & (bits & h.mods_mask == 0),
            plain: h.plain & (bits & h.plain_mask == 0),
        };
        (bits & h.guard_mask == h.guard_bits).then_some((hit, any))
    }

    /// Which operands of plan `plan` hold the literal code in `bits` (bit `k` for
    /// [`Plan::lit_mask`]`[k]`).
    #[cold]
    fn literals(&self, plan: u16, bits: u64) -> u8 {
        let p = &self.plans[(plan - 2) as usize];
        (0..3).fold(0, |lit, k| lit | ((bits & p.lit_mask[k] == p.lit_bits[k]) as u8) << k)
    }

    /// The word of `bits`, of the class of top 9 bits `top` (slot `at` of its
    /// [`Entry::span_mask`] field), is met without a plan, `behind` dwords into the listing
    /// and `ahead` before its end: its row's plan once the plan pays (the row has been met
    /// often enough, in `behind` and [`RATE_PRIOR`] more dwords, for as many words as remain
    /// to hold [`PAYS_AFTER`] more of it), `UNSEEN` (the general printer) before.
    #[cold]
    fn met(&mut self, top: usize, at: u32, bits: u64, behind: usize, ahead: usize) -> u16 {
        // (The class by its index, not a reference to a copy: the lookup keeps its copy in
        // registers.)
        let Some(e) = self.class[top] else {
            return SLOW;
        };
        let first = e.start as usize + (at & !e.free as u32) as usize;
        let n = &mut self.met[first & (OPCODES - 1)];
        *n = n.saturating_add(1);
        if *n < u8::MAX && (*n as usize).saturating_mul(ahead) < PAYS_AFTER * (behind + RATE_PRIOR) {
            return UNSEEN;
        }
        let Some(fl) = fields(e.enc, self.arch) else {
            return SLOW;
        };
        let plan = self.add_plan(e.enc, fl.opcode(bits), e.words);
        // Every slot of the row: each value of the free bits.
        let mut free = e.free as u32;
        loop {
            self.by_opcode[(first + free as usize) & (OPCODES - 1)] = plan;
            if free == 0 {
                break;
            }
            free = (free - 1) & e.free as u32;
        }
        plan
    }

    /// Builds the plan of opcode `op` of class `enc` of `words` dwords: its number in
    /// `by_opcode`.
    #[cold]
    fn add_plan(&mut self, enc: Enc, op: u32, words: u8) -> u16 {
        let mut plan = SLOW;
        if let Some((mut p, probe)) = build(self.arch, enc, op).filter(|(p, _)| p.head.words == words) {
            if self.plans.len() < PLANS {
                for o in p.ops[..p.nops as usize]
                    .iter()
                    .filter(|o| o.kind == Kind::Reg && o.regs > 2)
                {
                    if let Some(g) = self.group(o.regs, Check::None, false, o.codes()) {
                        self.wide[o.regs as usize & 31] = g;
                    }
                }
                let line = p.line;
                p.head.simple = self.simple_line(&mut p).is_some();
                if !p.head.simple {
                    p.line = line;
                }
                p.head.plain = p.head.simple && p.line.flags & !Line::TAILS == 0;
                p.head.plain_mask = p.tails[..p.ntails as usize]
                    .iter()
                    .fold(p.head.mods_mask, |m, t| m | (t.mask as u64) << t.shift);
                let k = self.plans.len();
                self.heads[k] = p.head;
                self.lines[k] = p.line;
                self.plans.push(p);
                plan = (k + 2) as u16;
                if !self.agrees(plan, &probe) {
                    self.plans.pop();
                    plan = SLOW;
                }
            }
        }
        plan
    }

    /// The first text of the [`Cells`] group of ranges of `regs` registers under `check`,
    /// after a separator if `comma`, with the cells of operand codes `codes` built (`None`:
    /// no room).
    #[cold]
    fn group(&mut self, regs: u8, check: Check, comma: bool, codes: std::ops::RangeInclusive<u16>) -> Option<u16> {
        let k = match self.groups.iter().position(|g| (g.0, g.1, g.2) == (regs, check, comma)) {
            Some(k) => k,
            None => {
                let base = 512 * (1 + self.groups.len());
                if regs == 0 || base + 512 > Cells::N {
                    return None;
                }
                self.groups.push((regs, check, comma, base as u16, [0; 8]));
                self.groups.len() - 1
            }
        };
        let base = self.groups[k].3 as usize;
        let (lo, hi) = (*codes.start() as usize, *codes.end() as usize);
        if lo > hi {
            return Some(base as u16);
        }
        let (plain, with_comma) = super::clrx::op_texts(self.arch);
        let mut s = String::new();
        // By 64 codes: the ones in the range not built yet.
        let mut todo = [0u64; 8];
        for (w, t) in todo.iter_mut().enumerate().take(hi / 64 + 1).skip(lo / 64) {
            let from = if w == lo / 64 { lo % 64 } else { 0 };
            let to = if w == hi / 64 { hi % 64 } else { 63 };
            let want = (u64::MAX >> (63 - to)) & (u64::MAX << from);
            *t = want & !self.groups[k].4[w];
            self.groups[k].4[w] |= want;
        }
        let codes = todo.iter().enumerate().flat_map(|(w, &t)| {
            let mut rest = t;
            std::iter::from_fn(move || {
                let b = rest.trailing_zeros();
                rest &= rest.wrapping_sub(1);
                (b < 64).then_some((w * 64) as u16 + b as u16)
            })
        });
        for code in codes {
            let reject = Cells::rejects(self.arch, check, code, regs);
            self.cells[base + code as usize] = if regs <= 2 {
                let texts = if comma { with_comma } else { plain };
                let t = &texts[(regs as usize - 1) * 512 + code as usize];
                Cells::cell(&t.bytes()[..t.len()], reject)
            } else {
                s.clear();
                if comma {
                    s.push_str(", ");
                }
                let slot = crate::layout::Slot::new(Role::Sdst, code, regs, crate::isa::Ty::B32);
                super::clrx::operand(&mut s, self.arch, &slot, None, true, None);
                Cells::cell(s.as_bytes(), reject)
            };
        }
        Some(base as u16)
    }

    /// Fills in `p`'s [`Line::simple`] operands if every operand is a register with a text
    /// group in [`FastClrx::cells`] or `off` but the last, which may also be a number in hex
    /// or a branch target (and the mnemonic fits): is the plan [`Head::simple`] (`Some`)?
    /// s_waitcnt's plans are too.
    fn simple_line(&mut self, p: &mut Plan) -> Option<()> {
        if p.line.flags & Line::WAITCNT != 0 {
            let o = p.ops[0];
            p.line.value_shift = o.shift;
            p.line.value_mask = o.mask;
            let plain = o.scale == 0 && o.add == 0 && p.line.mnemonic_len as usize <= p.line.mnemonic.len();
            return (plain && self.waitcnt.is_some()).then_some(());
        }
        let mut n = p.nops as usize;
        if n > 0 && matches!(p.ops[n - 1].kind, Kind::Hex | Kind::Label) {
            let o = p.ops[n - 1];
            if o.scale != 0 || o.add != 0 {
                return None;
            }
            p.line.flags |= if o.kind == Kind::Hex { Line::HEX } else { Line::LABEL };
            p.line.value_shift = o.shift;
            p.line.value_mask = o.mask;
            p.line.value_sep = if n > 1 { 2 } else { 0 };
            n -= 1;
        }
        if p.ntails > 0 {
            p.line.flags |= Line::TAILS;
        }
        if n > 5 || p.line.mnemonic_len as usize > p.line.mnemonic.len() {
            return None;
        }
        for (k, (s, o)) in p.line.simple.iter_mut().zip(&p.ops[..n]).enumerate() {
            let (base, mask) = match o.kind {
                Kind::Off => (if k > 0 { Cells::COMMA_OFF } else { Cells::OFF }, 0),
                Kind::Reg if o.add as u32 + (o.mask << o.scale) < 512 => (
                    self.group(o.regs, o.check, k > 0, o.codes())? + o.add,
                    u16::try_from(o.mask << (o.scale + 4)).ok()?,
                ),
                _ => return None,
            };
            *s = Simple {
                rot: (o.shift as u32).wrapping_sub(o.scale as u32 + 4) as u8 & 63,
                mask,
                base: base as u32 * 16,
            };
        }
        Some(())
    }

    /// The plan of a hit (for [`FastClrx::again`]).
    #[inline(always)]
    pub fn plan_of(hit: &Hit) -> u16 {
        hit.plan
    }

    /// The hit of plan `plan` (from [`FastClrx::plan_of`]) of `len` dwords for the
    /// instruction at `words[pos]`, met before (`simple` as it was): its bits again, without
    /// the lookup.
    #[inline(always)]
    pub fn again(plan: u16, len: usize, simple: bool, words: &[u32], pos: usize) -> Hit {
        let w1 = words.get(pos + 1).copied().unwrap_or(0);
        Hit {
            plan,
            label: false,
            bits: (words[pos] as u64 | (w1 as u64) << 32) & word_mask(len),
            len,
            simple,
            plain: false,
        }
    }

    /// Appends the text of the instruction at the start of `words`, of plan `plan` and `len`
    /// dwords, found [`Hit::plain`] before, and a newline; `false` (with `out` as it was) where a
    /// register's text is not in [`FastClrx::cells`] (longer than a cell, or one the plan's
    /// [`Check`] rejects).
    #[inline(always)]
    pub fn print_plain(&self, out: &mut String, plan: u16, len: usize, words: &[u32]) -> bool {
        let line = &self.lines[(plan as usize - 2) & (PLANS - 1)];
        let w1 = words.get(1).copied().unwrap_or(0);
        let bits = (words[0] as u64 | (w1 as u64) << 32) & word_mask(len);
        self.push_line(out, line, bits, true)
    }

    /// A branch's SIMM16.
    #[inline(always)]
    pub fn branch(&self, hit: &Hit) -> Option<u32> {
        if !hit.label {
            return None;
        }
        let p = &self.plans[(hit.plan - 2) as usize];
        p.label.map(|k| p.ops[k as usize].value(hit.bits))
    }

    /// Appends the text of `hit` at `at`; `false` (with `out` as it was) where the general
    /// printer must decide after all (an unaligned range, a register clrxasm does not name, a
    /// special operand it does not read back, a VOP3 word that needs its ` vop3` suffix).
    #[inline(always)]
    pub fn print(&self, out: &mut String, hit: Hit, words: &[u32], at: &At) -> bool {
        if hit.simple && self.print_simple::<false>(out, hit, at) {
            return true;
        }
        self.print_other(out, hit, words, at)
    }

    /// [`FastClrx::print`] and a newline.
    #[inline(always)]
    pub fn print_line(&self, out: &mut String, hit: Hit, words: &[u32], at: &At) -> bool {
        // (A simple hit the cells cannot print, such as an operand text longer than a cell,
        // the plan may still.)
        if hit.simple && self.print_simple::<true>(out, hit, at) {
            return true;
        }
        let printed = self.print_other(out, hit, words, at);
        if printed {
            out.push('\n');
        }
        printed
    }

    /// [`FastClrx::print`] of a hit that is not [`Hit::simple`].
    #[inline(never)]
    fn print_other(&self, out: &mut String, hit: Hit, words: &[u32], at: &At) -> bool {
        let k = (hit.plan - 2) as usize;
        let start = out.len();
        let p = &self.plans[k];
        let literal = (hit.len > p.head.words as usize).then(|| words[p.head.words as usize]);
        if self.print_plan(out, p, hit.bits, literal, at)
            && !(p.line.flags & Line::SUFFIX != 0 && self.needs_suffix(p, hit.bits))
        {
            return true;
        }
        out.truncate(start);
        false
    }

    /// [`FastClrx::print`] of a [`Hit::simple`] hit (and a newline if `NL`): the mnemonic
    /// and five operand texts copied whole (the missing ones empty), with no branch on the operands, then
    /// the last operand if it is a number, and the modifiers.
    #[inline(always)]
    fn print_simple<const NL: bool>(&self, out: &mut String, hit: Hit, at: &At) -> bool {
        let k = (hit.plan as usize - 2) & (PLANS - 1);
        let line = &self.lines[k];
        let bits = hit.bits;
        if line.flags & Line::WAITCNT != 0 {
            return self.print_waitcnt::<NL>(out, line, bits);
        }
        if line.flags & Line::SUFFIX != 0 && self.needs_suffix(&self.plans[k], bits) {
            return false;
        }
        let start = out.len();
        let extra = line.flags & Line::EXTRA != 0;
        if !self.push_line(out, line, bits, NL && !extra) {
            return false;
        }
        if extra {
            if !self.print_extra(out, k, bits, hit.len, at) {
                out.truncate(start);
                return false;
            }
            if NL {
                out.push('\n');
            }
        }
        true
    }

    /// Appends the mnemonic and the register operands of `line` for the instruction of
    /// `bits` (and a newline if `nl`): the mnemonic and five operand texts copied whole (the
    /// missing ones empty), with no branch on the operands; `false` (with `out` as it was)
    /// where a cell is not taken.
    #[inline(always)]
    fn push_line(&self, out: &mut String, line: &Line, bits: u64, nl: bool) -> bool {
        // The line's bytes: the 32-byte mnemonic copy, then per operand a 16-byte text copy,
        // each advancing by what it holds, and the newline (at most 32 + 5 * 16 + 1 bytes).
        const ROOM: usize = 32 + 5 * 16 + 1;
        out.reserve(ROOM);
        let cell = |s: &Simple| &self.cells[s.index(bits) & (Cells::N - 1)];
        let [s0, s1, s2, s3, s4] = &line.simple;
        let (c0, c1, c2, c3) = (cell(s0), cell(s1), cell(s2), cell(s3));
        let c4 = cell(s4);
        let taken = c0[15] & c1[15] & c2[15] & c3[15] & c4[15];
        if taken == 0 {
            return false;
        }
        // SAFETY: `reserve(ROOM)` leaves room for every copy below (the copies end at most
        // ROOM bytes past the old length: see above); the bytes that become part of the
        // string (up to `at`) are the ASCII texts of the mnemonic, ", " and the operands, and
        // the newline. The mnemonic's 32-byte copy reads `Line`'s first 32 bytes (`Line` is
        // `repr(C)`, 128 bytes, the mnemonic first).
        unsafe {
            let v = out.as_mut_vec();
            let mut at = v.len();
            let dst = v.as_mut_ptr();
            std::ptr::copy_nonoverlapping(line as *const Line as *const u8, dst.add(at), 32);
            at += line.mnemonic_len as usize;
            for c in [c0, c1, c2, c3, c4] {
                std::ptr::copy_nonoverlapping(c.as_ptr(), dst.add(at), 16);
                at += c[14] as usize;
            }
            *dst.add(at) = b'\n';
            v.set_len(at + nl as usize);
        }
        true
    }

    /// What follows the register operands of a [`Head::simple`] plan `k`: the last operand
    /// when it is a number, then the modifiers that are set; `false` where the general
    /// printer must (a branch target without a label).
    #[inline(never)]
    fn print_extra(&self, out: &mut String, k: usize, bits: u64, len: usize, at: &At) -> bool {
        let line = &self.lines[k];
        let v = (bits >> line.value_shift) as u32 & line.value_mask;
        if line.flags & Line::HEX != 0 {
            push_hex(out, v, line.value_sep as usize);
        } else if line.flags & Line::LABEL != 0 {
            let target = super::target(at.offset, 4 * len, v);
            if !at.labels.is_some_and(|l| l.has(target)) {
                return false;
            }
            if line.value_sep != 0 {
                out.push_str(", ");
            }
            super::label_name(out, target);
        }
        if line.flags & Line::TAILS != 0 {
            self.plans[k].push_tails(out, bits);
        }
        true
    }

    /// [`FastClrx::print_simple`] of a [`Line::WAITCNT`] plan: the mnemonic and the
    /// counters from [`Waitcnt`]; `false` (with `out` as it was) where they do not print.
    #[inline(always)]
    fn print_waitcnt<const NL: bool>(&self, out: &mut String, line: &Line, bits: u64) -> bool {
        let Some(w) = &self.waitcnt else {
            return false;
        };
        let start = out.len();
        out.reserve(32);
        // SAFETY: `reserve(32)` leaves room for the 32-byte copy of `Line`'s first 32 bytes
        // (`repr(C)`, the mnemonic first); the length grows by the mnemonic's ASCII text.
        unsafe {
            let v = out.as_mut_vec();
            let l = v.len();
            std::ptr::copy_nonoverlapping(line as *const Line as *const u8, v.as_mut_ptr().add(l), 32);
            v.set_len(l + line.mnemonic_len as usize);
        }
        if w.print(out, self.arch, (bits >> line.value_shift) as u32 & line.value_mask) {
            if NL {
                out.push('\n');
            }
            return true;
        }
        out.truncate(start);
        false
    }

    /// Would the VOP3 word of `bits` take CLRX's ` vop3` suffix (it fits the 32-bit form)?
    /// The general printer's rule, on the word's record.
    fn needs_suffix(&self, p: &Plan, bits: u64) -> bool {
        let Some(fl) = fields(p.enc, self.arch) else {
            return true;
        };
        let i = Instr {
            arch: self.arch,
            enc: p.enc,
            opcode: p.opcode,
            def: Some(p.id),
            words: [bits as u32, (bits >> 32) as u32, 0],
            len: p.head.words,
            literal: None,
            fl,
        };
        super::clrx::fits_32bit(&i, isa().def(p.id))
    }

    #[inline(never)]
    fn print_plan(&self, out: &mut String, p: &Plan, bits: u64, literal: Option<u32>, at: &At) -> bool {
        let (plain, comma) = super::clrx::op_texts(self.arch);
        p.mnemonic.push(out);
        for (k, op) in p.ops[..p.nops as usize].iter().enumerate() {
            let v = op.value(bits);
            if op.kind == Kind::Reg && v == 255 {
                // The literal (the lookup let one through only where it follows).
                if k > 0 {
                    out.push_str(", ");
                }
                let s = crate::layout::Slot::new(Role::Src(0), 255, op.regs, crate::isa::Ty::B32);
                super::clrx::operand(out, self.arch, &s, literal, true, None);
                continue;
            }
            if op.mods != Op::NO_MODS {
                let set = |lo: u8| bits.checked_shr((lo + op.mods) as u32).unwrap_or(0) & 1 != 0;
                let (abs, neg) = (set(p.abs_lo), set(p.neg_lo));
                if abs || neg {
                    // A register's text with them, as the general printer writes it (a
                    // constant's are its to place).
                    if op.regs > 2 || super::clrx::is_number(self.arch, v as u16) || v >= 512 {
                        return false;
                    }
                    if k > 0 {
                        out.push_str(", ");
                    }
                    let s = crate::layout::Slot::new(Role::Src(op.mods), v as u16, op.regs, crate::isa::Ty::B32);
                    super::clrx::modded(out, self.arch, &s, None, abs, neg, false, None);
                    continue;
                }
            }
            if op.kind == Kind::Reg && op.regs <= 2 {
                if op.check != Check::None && !self.check(op, v) {
                    return false;
                }
                let idx = (op.regs as usize - 1) * 512 + (v as usize & 511);
                if k == 0 {
                    plain[idx].push(out);
                } else {
                    comma[idx].push(out);
                }
                continue;
            }
            if k > 0 {
                out.push_str(", ");
            }
            match op.kind {
                Kind::Reg => {
                    if !self.check(op, v) {
                        return false;
                    }
                    let group = self.wide.get(op.regs as usize).copied().unwrap_or(u16::MAX);
                    if group != u16::MAX && v < 512 {
                        let c = &self.cells[group as usize + v as usize];
                        if c[15] != 0 {
                            push_cell(out, c);
                            continue;
                        }
                    }
                    let s = crate::layout::Slot::new(Role::Sdst, v as u16, op.regs, crate::isa::Ty::B32);
                    super::clrx::operand(out, self.arch, &s, None, true, None);
                }
                Kind::Off => out.push_str("off"),
                Kind::Hex => hex(out, v as u64),
                Kind::Label => {
                    let target = super::target(at.offset, 4 * p.head.words as usize, v);
                    super::branch_label(out, target, at, Syntax::Clrx, v);
                }
                Kind::Special(special::Kind::Waitcnt)
                    if self.waitcnt.as_ref().is_some_and(|w| w.print(out, self.arch, v)) => {}
                Kind::Special(kind) => {
                    if !special::print(out, kind, self.arch, Syntax::Clrx, v) {
                        return false;
                    }
                }
            }
        }
        p.push_tails(out, bits);
        if let (Some(l), Some(ty)) = (literal, p.comment) {
            super::clrx::float_comment(out, l, ty);
        }
        true
    }

    /// Is register operand `op` of value `v` one the plan prints (see [`Check`])?
    #[inline]
    fn check(&self, op: &Op, v: u32) -> bool {
        match op.check {
            Check::None => true,
            Check::Aligned => {
                crate::layout::scalar_aligned(v as u16, op.regs)
                    || !matches!(
                        crate::operand::classify(self.arch, v as u16),
                        crate::operand::Src::Sgpr(_)
                    )
            }
            Check::VgprEnd => v + op.regs as u32 <= 512,
            Check::Named => super::memory::scalar_code_named(self.arch, v as u16, op.regs),
        }
    }
}

/// The general printer's text of `words`, alone (`None`: it does not decode as `i`, with
/// a literal where `words` has one more).
fn general(words: &[u32], i: &Instr) -> Option<String> {
    let j = crate::decode::decode(i.arch, words).ok()?;
    if j.def != i.def || j.enc != i.enc || j.len as usize != words.len() {
        return None;
    }
    let mut s = String::with_capacity(128);
    super::clrx::print_at(&mut s, &j, &At::ALONE);
    Some(s)
}

/// The plan of opcode `op` of class `enc` on `arch`, if its row is one the fast path prints.
fn build(arch: Arch, enc: Enc, op: u32) -> Option<(Plan, Instr)> {
    let t = isa();
    let id = t.by_opcode(enc, arch, op)?;
    let d = t.def(id);
    let name = d.name[arch.index()];
    let vector = d.short.is_vop();
    let scalar = matches!(
        d.short,
        Short::Sop2 | Short::Sopk | Short::Sop1 | Short::Sopc | Short::Sopp | Short::Smem
    );
    let memory = d.short.is_mem() && d.short != Short::Mimg;
    if name.is_empty() || !(vector || scalar || memory) || d.flags.has(Flags::CLASS) {
        return None;
    }
    let enc = if enc == Enc::Vop3a && d.form.is_vop3b() {
        Enc::Vop3b
    } else {
        enc
    };
    let fl = fields(enc, arch)?;
    // The probe: the row's word with every field zero but in the common forms of the scalar
    // loads (an immediate offset) and of GCN 1.4's SCRATCH and GLOBAL (no SGPR base).
    let mut probe = Instr::new(arch, enc);
    probe.def = Some(id);
    probe.set_opcode(op as u16);
    if fl.has(F::Imm) {
        probe.set(F::Imm, 1);
    }
    if fl.has(F::Saddr) && probe.get(F::Seg) != 0 {
        probe.set(F::Saddr, crate::layout::SADDR_OFF as u32);
    }
    let base = operands(&probe, d);
    // Which field each operand reads: set one field at a time and see which operand moves.
    let mut source: [Option<(u8, u8, u32)>; 5] = [None; 5];
    let mut mapped = 0u64;
    let mut others = Vec::new();
    for f in fl.layout.all_fields() {
        if matches!(f.f, F::Encoding | F::Op | F::Seg) {
            continue;
        }
        let max = ((1u64 << f.width) - 1) as u32;
        let mut hit: Option<(usize, u8)> = None;
        let mut consistent = true;
        for v in [1, max] {
            let mut j = probe;
            j.set(f.f, v);
            let s = operands(&j, d);
            if !same_shape(&base, &s) {
                consistent = false;
                break;
            }
            let moved: Vec<usize> = (0..base.len)
                .filter(|&k| {
                    let (a, b) = (&base.slots[k], &s.slots[k]);
                    a.code != b.code || a.val != b.val
                })
                .collect();
            match moved.as_slice() {
                [] => {
                    consistent = false;
                    break;
                }
                &[k] => {
                    let (a, b) = (&base.slots[k], &s.slots[k]);
                    let delta = if a.is_value() {
                        b.val.wrapping_sub(a.val)
                    } else {
                        (b.code as u32).wrapping_sub(a.code as u32)
                    };
                    let scale = (0..3u8).find(|&sc| delta == v << sc);
                    match (scale, hit) {
                        (Some(sc), None) => hit = Some((k, sc)),
                        (Some(sc), Some((k0, sc0))) if k0 == k && sc0 == sc => {}
                        _ => return None,
                    }
                }
                _ => return None,
            }
        }
        match (consistent, hit) {
            (true, Some((k, scale))) => {
                if source[k].is_some() {
                    return None;
                }
                source[k] = Some((f.lo, scale, max));
                mapped |= (max as u64) << f.lo;
            }
            _ => others.push(*f),
        }
    }
    let blank = Op {
        kind: Kind::Hex,
        check: Check::None,
        shift: 0,
        scale: 0,
        regs: 1,
        add: 0,
        mask: 0,
        mods: Op::NO_MODS,
    };
    // The VOP3 sources that take ABS and NEG (`-v1`, `abs(v1)`: the general printer's text
    // is the register's with them around it; constants go to the general printer).
    let src_mods = if vector && enc.is_vop3() {
        super::clrx::used_mod_mask(d)
    } else {
        0
    };
    let (abs_lo, neg_lo) = (fl.range(F::Abs).map(|r| r.0), fl.range(F::Neg).map(|r| r.0));
    let mut mods_mask = 0u64;
    let mut ops = [blank; 5];
    let mut lit = [Field::default(); 3];
    let mut nlit = 0;
    let mut lit_dword = 0u8;
    for (k, s) in base.as_slice().iter().enumerate() {
        let vgpr = matches!(s.role, Role::Vdst | Role::Vaddr | Role::Data(_)) && s.code >= 256;
        let (kind, check) = match s.role {
            _ if memory && s.is_off() => (Kind::Off, Check::None),
            Role::Imm if !memory => (Kind::Hex, Check::None),
            Role::Offset if s.imm && !memory => (Kind::Hex, Check::None),
            Role::Label => (Kind::Label, Check::None),
            Role::Waitcnt => (Kind::Special(special::Kind::Waitcnt), Check::None),
            Role::Hwreg => (Kind::Special(special::Kind::Hwreg), Check::None),
            Role::Sendmsg => (Kind::Special(special::Kind::Sendmsg), Check::None),
            Role::GprIdx => (Kind::Special(special::Kind::GprIdx), Check::None),
            _ if s.is_value() || s.code == 255 || s.regs == 0 => return None,
            Role::Vdst | Role::Vaddr | Role::Data(_) if memory && vgpr => (Kind::Reg, Check::VgprEnd),
            Role::Saddr | Role::Srsrc | Role::Soffset if memory => (Kind::Reg, Check::Named),
            Role::Vdst | Role::Sdst | Role::Src(_) | Role::Sbase | Role::Soffset | Role::Offset
                if !memory && (s.regs <= 2 || scalar) =>
            {
                (Kind::Reg, if scalar { Check::Aligned } else { Check::None })
            }
            _ => return None,
        };
        let fixed = if s.is_value() { s.val } else { s.code as u32 };
        let (shift, scale, mask) = source[k].unwrap_or((0, 0, 0));
        let mods = match s.role {
            Role::Src(n) if kind == Kind::Reg && src_mods >> n & 1 != 0 => {
                for lo in [abs_lo, neg_lo].into_iter().flatten() {
                    mods_mask |= 1 << (lo + n);
                }
                n
            }
            _ => Op::NO_MODS,
        };
        ops[k] = Op {
            kind,
            check,
            shift,
            scale,
            regs: s.regs,
            add: u16::try_from(fixed).ok()?,
            mask,
            mods,
        };
        // A source field that can hold the literal code.
        if kind == Kind::Reg && !vgpr && (fixed..=fixed + (mask << scale)).contains(&255) {
            let f = Field {
                shift,
                scale,
                add: fixed as u16,
                mask: u16::try_from(mask).ok()?,
            };
            // Does the decoder take a literal dword after the code here (the 32-bit forms'
            // sources; not VOP3, not V_READLANE's lane select)?
            if scale == 0 && !enc.is_vop3() && mask >= 255 - fixed {
                let mut j = probe;
                let b = (j.bits() & !((mask as u64) << shift)) | ((255 - fixed) as u64) << shift;
                j.words[0] = b as u32;
                j.words[1] = (b >> 32) as u32;
                let n = fl.layout.words as usize;
                let mut w = j.words;
                w[n] = 5;
                if crate::decode::decode(arch, &w[..n + 1]).is_ok_and(|i| i.literal == Some(5) && i.def == Some(id)) {
                    lit_dword |= 1 << nlit;
                }
            }
            *lit.get_mut(nlit)? = f;
            nlit += 1;
        }
    }
    let (tails, ntails) = if memory {
        tails(&probe, &others)?
    } else {
        ([Tail::NONE; 6], 0)
    };
    for t in &tails[..ntails] {
        mapped |= (t.mask as u64) << t.shift;
    }
    let spaced = if base.len > 0 {
        format!("{name} ")
    } else {
        name.to_string()
    };
    let guard_mask = fl.fixed & !mapped & !mods_mask;
    let mnemonic = Cell::new(&spaced)?;
    let mut text = [0u8; 23];
    let fits = spaced.len().min(text.len());
    text[..fits].copy_from_slice(&spaced.as_bytes()[..fits]);
    // The literal codes as masked bits (`lit_mask` 0 and `lit_bits` 1 where there is none,
    // or where the field cannot hold 255).
    let (mut lit_mask, mut lit_bits) = ([0u64; 3], [1u64; 3]);
    for (k, f) in lit.iter().enumerate() {
        let code = 255u32
            .checked_sub(f.add as u32)
            .filter(|c| c & ((1 << f.scale) - 1) == 0);
        if let Some(v) = code
            .map(|c| c >> f.scale)
            .filter(|&v| f.mask != 0 && v <= f.mask as u32)
        {
            lit_mask[k] = (f.mask as u64) << f.shift;
            lit_bits[k] = (v as u64) << f.shift;
        }
    }
    let label = ops[..base.len]
        .iter()
        .position(|o| o.kind == Kind::Label)
        .map(|k| k as u8);
    let plan = Plan {
        head: Head {
            guard_mask,
            guard_bits: probe.bits() & guard_mask,
            lit_any: lit_any(&lit_mask, &lit_bits),
            words: fl.layout.words,
            lit_dword,
            label: label.is_some(),
            simm16: label.is_some_and(|k| {
                let o = &ops[k as usize];
                (o.shift, o.mask, o.scale, o.add) == (0, 0xffff, 0, 0)
            }),
            simple: false,
            plain: false,
            plain_mask: 0,
            mods_mask,
        },
        nops: base.len as u8,
        label,
        line: Line {
            mnemonic: text,
            mnemonic_len: spaced.len() as u8,
            flags: if enc.is_vop3() && super::clrx::may_fit_32bit(d, arch) {
                Line::SUFFIX
            } else {
                0
            } | if base.len == 1
                && ops[0].kind == Kind::Special(special::Kind::Waitcnt)
                && ntails == 0
                && !vector
            {
                Line::WAITCNT
            } else {
                0
            },
            ..Line::EMPTY
        },
        ntails: ntails as u8,
        lit_mask,
        lit_bits,
        comment: if vector {
            super::clrx::comment_ty(d, enc.is_vop3())
        } else {
            None
        },
        mnemonic,
        ops,
        abs_lo: abs_lo.unwrap_or(64),
        neg_lo: neg_lo.unwrap_or(64),
        lit,
        id,
        enc,
        opcode: op as u16,
        tails,
    };
    Some((plan, probe))
}

/// [`Head::lit_any`] of the literal fields `lit_mask` (of [`Plan::lit_bits`] `lit_bits`).
fn lit_any(lit_mask: &[u64; 3], lit_bits: &[u64; 3]) -> [u64; 4] {
    let [mut m, mut b, mut l, mut h] = [0u64; 4];
    for (&fm, &fb) in lit_mask.iter().zip(lit_bits).filter(|(&fm, _)| fm != 0) {
        let low = fm & fm.wrapping_neg();
        let high = 1u64 << (63 - fm.leading_zeros());
        // A field of contiguous bits apart from the others, or every word asks.
        if fm != (high - low) | high || m & fm != 0 {
            return [0, 0, 1, 1];
        }
        (m, b, l, h) = (m | fm, b | fb, l | low, h | high);
    }
    [m, b, l, h]
}

impl Plan {
    /// Appends the modifiers set in `bits` (` glc`, ` offset:16`...).
    fn push_tails(&self, out: &mut String, bits: u64) {
        for t in &self.tails[..self.ntails as usize] {
            let v = (bits >> t.shift) as u32 & t.mask;
            if v != 0 {
                t.text.push(out);
                if t.value {
                    dec(out, v);
                }
            }
        }
    }
}

impl Line {
    /// A VOP3 row with a 32-bit form: CLRX's ` vop3` suffix is decided word by word.
    const SUFFIX: u8 = 1;
    /// The one operand is s_waitcnt's counters and nothing follows: printed from
    /// [`Waitcnt`] where it can.
    const WAITCNT: u8 = 2;
    /// The last operand is an immediate in hex (after the register operands).
    const HEX: u8 = 4;
    /// The last operand is a branch target with a label.
    const LABEL: u8 = 8;
    /// Memory modifiers follow the operands ([`Plan::tails`]).
    const TAILS: u8 = 16;
    /// What follows the register operands.
    const EXTRA: u8 = Line::HEX | Line::LABEL | Line::TAILS;

    /// No text: the plan of no row.
    const EMPTY: Line = Line {
        mnemonic: [0; 23],
        simple: [Simple {
            rot: 0,
            mask: 0,
            base: Cells::EMPTY as u32 * 16,
        }; 5],
        mnemonic_len: 0,
        flags: 0,
        value_shift: 0,
        value_sep: 0,
        value_mask: 0,
    };
}

impl Tail {
    const NONE: Tail = Tail {
        shift: 0,
        mask: 0,
        text: Cell::EMPTY,
        value: false,
    };
}

/// The modifiers of a memory row among the fields `others` (that feed no operand), in the
/// order the general printer writes them: each field that, set alone, adds a flag or a
/// decimal value with its prefix after the probe's text, and that still does when set with
/// the ones found before it. The other fields stay as in the probe.
fn tails(probe: &Instr, others: &[crate::enc::Field]) -> Option<([Tail; 6], usize)> {
    let t0 = general(probe.words(), probe)?;
    let added = |sets: &[(&crate::enc::Field, u32)]| -> Option<String> {
        let mut j = *probe;
        for (f, v) in sets {
            j.set(f.f, *v);
        }
        general(j.words(), &j)?.strip_prefix(t0.as_str()).map(str::to_string)
    };
    let mut found: Vec<(crate::enc::Field, Tail, String)> = Vec::new();
    for f in others {
        let max = ((1u64 << f.width) - 1) as u32;
        let Some(one) = added(&[(f, 1)]).filter(|s| !s.is_empty()) else {
            continue;
        };
        let tail = if f.width == 1 {
            Tail {
                shift: f.lo,
                mask: 1,
                text: Cell::new(&one)?,
                value: false,
            }
        } else {
            let Some(prefix) = one.strip_suffix('1') else {
                continue;
            };
            let values_ok = [max, 0x2a & max, 0x100 & max]
                .into_iter()
                .filter(|&v| v > 1)
                .all(|v| added(&[(f, v)]).is_some_and(|s| s == format!("{prefix}{v}")));
            if !values_ok {
                continue;
            }
            Tail {
                shift: f.lo,
                mask: max,
                text: Cell::new(prefix)?,
                value: true,
            }
        };
        // With the modifiers found so far: the text must read as all of them, in some order.
        let mut sets: Vec<(&crate::enc::Field, u32)> = found.iter().map(|(g, _, _)| (g, 1)).collect();
        sets.push((f, 1));
        let Some(all) = added(&sets) else {
            continue;
        };
        let mut texts: Vec<(usize, &str)> = found
            .iter()
            .map(|(_, _, s)| s.as_str())
            .chain([one.as_str()])
            .enumerate()
            .collect();
        let mut order = Vec::new();
        let mut rest = all.as_str();
        while !rest.is_empty() {
            // The longest text that starts the rest.
            let Some(k) = texts
                .iter()
                .enumerate()
                .filter(|(_, (_, t))| rest.starts_with(t))
                .max_by_key(|(_, (_, t))| t.len())
                .map(|(k, _)| k)
            else {
                break;
            };
            let (n, t) = texts.remove(k);
            rest = &rest[t.len()..];
            order.push(n);
        }
        if !rest.is_empty() || !texts.is_empty() || order.len() > 6 {
            continue;
        }
        found.push((*f, tail, one));
        let reordered: Vec<_> = order.iter().map(|&n| found[n].clone()).collect();
        found = reordered;
    }
    let mut out = [Tail::NONE; 6];
    for (k, (_, t, _)) in found.iter().enumerate() {
        out[k] = *t;
    }
    Some((out, found.len()))
}

/// Do two operand lists have the same operands (roles, widths, kinds), whatever their values?
fn same_shape(a: &Slots, b: &Slots) -> bool {
    a.len == b.len
        && a.as_slice().iter().zip(b.as_slice()).all(|(x, y)| {
            x.role == y.role && x.regs == y.regs && x.implicit == y.implicit && x.imm == y.imm && x.ty == y.ty
        })
}

impl FastClrx {
    /// Does plan `plan` print its probe word, the probe with every operand field set to a
    /// middle value, and that with every modifier set, as the general printer does?
    fn agrees(&self, plan: u16, probe: &Instr) -> bool {
        let p = &self.plans[(plan - 2) as usize];
        let mut other = *probe;
        let mut b = other.bits();
        for op in &p.ops[..p.nops as usize] {
            b = (b & !((op.mask as u64) << op.shift)) | ((0x2a & op.mask as u64) << op.shift);
        }
        let set = |j: &mut Instr, bits: u64| {
            j.words[0] = bits as u32;
            if p.head.words > 1 {
                j.words[1] = (bits >> 32) as u32;
            }
        };
        let mut middle = *probe;
        set(&mut middle, b);
        for t in &p.tails[..p.ntails as usize] {
            b |= 1 << t.shift;
        }
        set(&mut other, b);
        let h = p.head;
        let mut probes = vec![(*probe, None), (middle, None), (other, None)];
        if h.lit_dword != 0 {
            // The literal, as a small integer and as a float.
            let f = p.lit[h.lit_dword.trailing_zeros() as usize];
            for l in [5, 0x3fc0_0000] {
                let mut j = other;
                let b = (j.bits() & !((f.mask as u64) << f.shift)) | ((255 - f.add as u64) << f.shift);
                j.words[0] = b as u32;
                if p.head.words > 1 {
                    j.words[1] = (b >> 32) as u32;
                }
                probes.push((j, Some(l)));
            }
        }
        probes.iter().all(|(i, lit)| {
            let n = p.head.words as usize;
            let mut w = i.words;
            let len = match lit {
                Some(l) => {
                    w[n] = *l;
                    n + 1
                }
                None => n,
            };
            let hit = Hit {
                plan,
                label: p.head.label,
                bits: i.bits(),
                len,
                simple: h.simple && lit.is_none(),
                plain: h.plain && lit.is_none() && i.bits() & h.plain_mask == 0,
            };
            let mut a = String::with_capacity(128);
            let Some(g) = general(&w[..len], i) else {
                return false;
            };
            let mut b = String::with_capacity(128);
            (!self.print(&mut a, hit, &w[..len], &At::ALONE) || a == g)
                && (!hit.plain || !self.print_plain(&mut b, plan, len, &w[..len]) || b.strip_suffix('\n') == Some(&g))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class a first word can be has its opcode space (none left out for want of room).
    #[test]
    fn every_class_has_its_opcodes() {
        for arch in Arch::ALL {
            let f = FastClrx::new(arch);
            for top in 0..512u32 {
                let enc = class_of(arch, top << 23);
                if fields(enc, arch).is_some() {
                    assert!(f.class[top as usize].is_some_and(|e| e.enc == enc), "{arch} {top:#x}");
                }
            }
        }
    }

    /// [`Head::lit_any`] says whether any field holds its literal code exactly when the
    /// fields' own tests say so: adjacent and apart fields of every width, codes at the edges.
    #[test]
    fn literal_fields_all_at_once() {
        let mut next = crate::test_rng(0x2545_f491_4f6c_dd1d);
        for _ in 0..20_000 {
            let (mut mask, mut bits, mut at) = ([0u64; 3], [1u64; 3], next() % 8);
            for k in 0..(next() % 4) as usize {
                let width = 1 + next() % 9;
                if at + width > 64 {
                    break;
                }
                let field = ((1u64 << width) - 1) << at;
                mask[k] = field;
                bits[k] = (next() << at) & field;
                at += width + [0, 0, 1, 3][(next() % 4) as usize];
            }
            let any = lit_any(&mask, &bits);
            for _ in 0..50 {
                let mut w = next();
                // Often the literal code in one field or more.
                for k in 0..3 {
                    if next().is_multiple_of(3) {
                        w = (w & !mask[k]) | bits[k] & mask[k];
                    }
                }
                let exact = (0..3).any(|k| mask[k] != 0 && w & mask[k] == bits[k]);
                let [m, b, l, h] = any;
                let y = (w & m) ^ b;
                assert_eq!(y.wrapping_sub(l) & !y & h != 0, exact, "{mask:x?} {bits:x?} {w:x}");
            }
        }
    }

    /// The plan tables start as `Head::default()` and `Line::EMPTY` ([`zeroed`]).
    #[test]
    fn zeroed_plans_are_empty() {
        let f = FastClrx::new(Arch::Gcn12);
        let head = |h: &Head| {
            let flags = (h.words, h.lit_dword, h.label, h.simple, h.plain);
            (h.guard_mask, h.guard_bits, h.lit_any, h.mods_mask, h.plain_mask, flags)
        };
        assert_eq!(head(&f.heads[PLANS - 1]), head(&Head::default()));
        let line = |l: &Line| {
            let value = (l.value_shift, l.value_sep, l.value_mask);
            let simple = l.simple.map(|s| (s.rot, s.mask, s.base));
            (l.mnemonic, l.mnemonic_len, l.flags, value, simple)
        };
        assert_eq!(line(&f.lines[PLANS - 1]), line(&Line::EMPTY));
        // `Zeroed` puts them at their alignment (each line's plain part in one cache line),
        // whatever the buffer's own address.
        assert_eq!(f.lines.as_ptr() as usize % std::mem::align_of::<Line>(), 0);
        assert_eq!(std::mem::align_of::<Line>(), 128);
        // SAFETY: all-zero is `Line::EMPTY` (above).
        let mut z: Zeroed<Line, 4> = unsafe { Zeroed::new() };
        z[3].flags = 1;
        assert_eq!((z.as_ptr() as usize % 128, z[3].flags, z[0].flags), (0, 1, 0));
    }

    /// s_waitcnt's counter texts give the general printer's text for every SIMM16 they take.
    #[test]
    fn waitcnt_texts_as_the_general_printer() {
        for arch in Arch::ALL {
            let w = Waitcnt::build(arch).expect("s_waitcnt splits by counter");
            let mut taken = 0;
            for v in 0..=0xffff {
                let mut a = String::new();
                if !w.print(&mut a, arch, v) {
                    assert!(a.is_empty());
                    continue;
                }
                taken += 1;
                let mut g = String::new();
                assert!(special::print(&mut g, special::Kind::Waitcnt, arch, Syntax::Clrx, v));
                assert_eq!(a, g, "{arch} {v:#x}");
            }
            assert!(taken > 2000, "{arch} {taken}");
        }
    }

    /// Pseudo-random words of every class on every arch, biased towards plain words (most
    /// modifier and note bits clear): the fast path's text is the general printer's.
    #[test]
    fn fast_path_prints_as_the_general_printer() {
        let mut next = crate::test_rng(0x9e37_79b9_7f4a_7c15);
        let (mut taken, mut plain) = (0usize, 0usize);
        for arch in Arch::ALL {
            let mut fast = FastClrx::new(arch);
            for k in 0..400_000u32 {
                let r = next();
                // A plain word of a class: its identifying bits, random fields, most high
                // fields of the second dword (modifiers) clear.
                let w0 = ((k % 512) << 23) | (r as u32 & 0x7f_ffff);
                let w1 = (r >> 32) as u32 & if k % 3 == 0 { u32::MAX } else { 0x01ff_ffff };
                let w1 = if k % 5 == 0 { w1 & 0x3ffff } else { w1 };
                let words = [w0, w1, next() as u32];
                let Some(hit) = fast.lookup(&words, 0) else {
                    continue;
                };
                let i = crate::decode::decode(arch, &words).unwrap();
                assert_eq!(i.len as usize, hit.len, "{arch} {words:08x?}");
                assert_eq!(
                    fast.branch(&hit),
                    crate::decode::length_and_branch(arch, &words).unwrap().1
                );
                let offset = 4 * (k as usize % 64);
                let labels = super::super::Labels::of(arch, &[0; 64], 0);
                for at in [
                    At::ALONE,
                    At {
                        offset,
                        labels: Some(&labels),
                    },
                ] {
                    let mut a = String::new();
                    if !fast.print(&mut a, hit, &words, &at) {
                        assert!(a.is_empty());
                        continue;
                    }
                    taken += 1;
                    let mut g = String::new();
                    super::super::clrx::print_at(&mut g, &i, &at);
                    assert_eq!(a, g, "{arch} {words:08x?}");
                }
                if hit.plain {
                    let mut a = String::new();
                    if fast.print_plain(&mut a, FastClrx::plan_of(&hit), hit.len, &words) {
                        plain += 1;
                        let mut g = String::new();
                        super::super::clrx::print_at(&mut g, &i, &At::ALONE);
                        assert_eq!(a, g + "\n", "{arch} {words:08x?}");
                    } else {
                        assert!(a.is_empty());
                    }
                }
            }
        }
        assert!(taken > 100_000, "{taken}");
        assert!(plain > 50_000, "{plain}");
    }
}
