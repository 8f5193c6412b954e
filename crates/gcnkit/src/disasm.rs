//! Streaming disassembly of a word buffer into text or JSON Lines.

use crate::arch::Arch;
use crate::decode::{decode, DecodeError};
use crate::syntax::fast::FastClrx;
use crate::syntax::{self, Syntax};

/// Output format of [`disassemble`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    Text,
    /// Text with each instruction's byte offset and words, as a comment the assemblers skip:
    /// clrxdisasm's `/*000000000010: d1010001 00020702*/ v_add_f32 ...` for CLRX text,
    /// llvm-objdump's `v_add_f32_e64 ... // 000000000010: D1010001 00020702` for LLVM text.
    Listing,
    Json,
}

/// A word stream that ends inside an instruction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Truncated {
    /// Byte offset of the cut instruction.
    pub offset: usize,
    pub error: DecodeError,
    /// Instructions printed before it.
    pub count: usize,
}

/// clrxdisasm's comment on code whose last instruction is cut by its end (gcnkit prints that
/// instruction's words as data, so that the text reads back to the same bytes).
const CUT_AT_END: &str = "WARNING: Unfinished instruction at end!";

impl std::fmt::Display for Truncated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "offset 0x{:x}: {}", self.offset, self.error)
    }
}

/// Disassembles `words` (starting at byte `base`), calling `sink` with chunks of whole lines
/// (newlines included) as they are produced, so output can stream. Stops with an error at a
/// truncated instruction, after emitting everything before it.
pub fn disassemble(
    arch: Arch,
    words: &[u32],
    base: usize,
    syntax: Syntax,
    format: Format,
    sink: impl FnMut(&str),
) -> Result<usize, Truncated> {
    // The fast path's plans outlive the call (one set per arch and thread), so that code
    // printed piece by piece (a code object's functions, one instruction at a time) does not
    // build them again each time.
    thread_local! {
        static KEPT: std::cell::RefCell<Vec<FastClrx>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let fast = Disassembler::fast_path(syntax, format).then(|| {
        let kept = KEPT.with(|k| {
            let mut k = k.borrow_mut();
            let at = k.iter().position(|f| f.arch() == arch)?;
            Some(k.swap_remove(at))
        });
        kept.unwrap_or_else(|| FastClrx::new(arch))
    });
    let mut d = Disassembler {
        arch,
        syntax,
        format,
        fast,
        items: Vec::new(),
        at: Stream::new(0, Some(0)),
    };
    let r = d.run(words, base, sink);
    if let Some(f) = d.fast.take() {
        KEPT.with(|k| k.borrow_mut().push(f));
    }
    r
}

/// [`disassemble`] for a stream given in pieces: it keeps what it learns of the rows it has
/// printed (the CLRX printer's fast path, `syntax::fast`) from one piece to the next, and
/// with [`Disassembler::feed`] the pieces make one listing (labels across them).
pub struct Disassembler {
    arch: Arch,
    syntax: Syntax,
    format: Format,
    fast: Option<FastClrx>,
    /// By the dword an instruction starts at (modulo the ring): the fast path's plan (0:
    /// none), its length and how it prints ([`SIMPLE`], [`PLAIN`]).
    items: Vec<(u16, u8, u8)>,
    /// The listing being printed.
    at: Stream,
}

/// Where a listing's two passes are, in dwords from its start.
struct Stream {
    labels: syntax::Labels,
    /// Label bits are clear for their own dword below `cleared`.
    cleared: usize,
    /// The first pass has looked at the dwords below `scanned`.
    scanned: usize,
    /// The second pass has printed the instructions below `printed`.
    printed: usize,
    /// A listing given piece by piece is under way ([`Disassembler::feed`]).
    open: bool,
}

impl Stream {
    /// A listing from byte `base`, of `n` dwords if known (its rings no larger than that
    /// needs).
    fn new(base: usize, n: Option<usize>) -> Stream {
        Stream {
            labels: syntax::Labels::ring(base, n.unwrap_or(usize::MAX / 4), LABELS),
            cleared: 0,
            scanned: 0,
            printed: 0,
            open: false,
        }
    }
}

impl Disassembler {
    pub fn new(arch: Arch, syntax: Syntax, format: Format) -> Disassembler {
        let fast = Self::fast_path(syntax, format).then(|| FastClrx::new(arch));
        Disassembler {
            arch,
            syntax,
            format,
            fast,
            items: Vec::new(),
            at: Stream::new(0, Some(0)),
        }
    }

    /// Does the output take the fast path (CLRX text and listings)?
    fn fast_path(syntax: Syntax, format: Format) -> bool {
        syntax == Syntax::Clrx && format != Format::Json
    }

    /// Disassembles one piece, a listing of its own: see [`disassemble`].
    pub fn run(&mut self, words: &[u32], base: usize, mut sink: impl FnMut(&str)) -> Result<usize, Truncated> {
        self.run_tracked(words, base, |text, _| sink(text))
    }

    /// [`Disassembler::run`], telling `sink` with each chunk of text how many dwords of
    /// `words` come before its last line's instruction: they will not be read again (a
    /// caller may drop them from memory).
    pub fn run_tracked(
        &mut self,
        words: &[u32],
        base: usize,
        sink: impl FnMut(&str, usize),
    ) -> Result<usize, Truncated> {
        self.at = Stream::new(base, Some(words.len()));
        self.pump(words, true, sink).map(|(_, count)| count)
    }

    /// The next piece of a listing that comes in pieces (from byte `base`, given with the
    /// first piece): `words` are its dwords from the first one not printed yet, `last` says
    /// whether more follow. Prints every instruction whose labels are known (a branch's
    /// reach before the end, all of them in the last piece) and returns how many of `words`
    /// it has printed: the caller keeps the rest, and gives them again, with the next
    /// dwords after them, in the next call.
    pub fn feed(
        &mut self,
        words: &[u32],
        base: usize,
        last: bool,
        mut sink: impl FnMut(&str),
    ) -> Result<usize, Truncated> {
        if !self.at.open {
            self.at = Stream::new(base, None);
            self.at.open = true;
        }
        self.at.open = !last;
        self.pump(words, last, |text, _| sink(text)).map(|(done, _)| done)
    }

    /// The two passes over `words` (the listing's dwords from the first one not printed):
    /// the first finds every instruction's length, plan ([`syntax::fast`]) and branch
    /// target, the second prints each instruction from its plan, or with the general
    /// printer. The first runs a branch's reach ([`REACH`]) ahead of the second, a block at a
    /// time, so that labels cover the whole listing while what the passes share stays in
    /// rings of fixed size (and in the cache), however long the input. Returns the dwords
    /// printed and the instructions.
    fn pump(
        &mut self,
        words: &[u32],
        last: bool,
        mut sink: impl FnMut(&str, usize),
    ) -> Result<(usize, usize), Truncated> {
        let (arch, syntax, format) = (self.arch, self.syntax, self.format);
        let fast = &mut self.fast;
        let st = &mut self.at;
        // Dwords from the listing's start: the first of `words`, and the end of them.
        let first = st.printed;
        let end = first + words.len();
        let ring = if last && first == 0 {
            end.next_power_of_two().clamp(1, ITEMS)
        } else {
            ITEMS
        };
        if self.items.len() < ring {
            // (Zeroed memory from the system, not a fill: the first pass writes every item
            // before the second reads it.)
            self.items = vec![(0, 0, 0); ring];
        }
        let items = &mut self.items[..ring];
        let Some(im) = items.len().checked_sub(1) else {
            return Ok((0, 0));
        };
        let labels = &mut st.labels;
        let base = labels.base();
        let with_labels = format != Format::Json;
        // Plain lines print on their own in CLRX text (a listing has a head before them).
        let plain = if format == Format::Text { PLAIN } else { 0 };
        let (mut scanned, mut cleared, mut pos) = (st.scanned, st.cleared, first);
        // The first pass stops at the end, or at an instruction cut by it.
        let mut stopped = false;
        let mut buf = String::with_capacity(CHUNK + 4096);
        let mut count = 0;
        loop {
            if !stopped {
                let want = (pos + BLOCK + REACH).min(end);
                cleared = labels.clear_to(cleared, want + REACH);
                let cut;
                (scanned, cut) = scan(arch, fast.as_mut(), words, first, scanned, want, items, labels);
                stopped |= cut;
                stopped |= scanned >= end;
            }
            // Before the last piece, the instructions whose labels later words may still add.
            let limit = if last { scanned } else { scanned.saturating_sub(REACH) };
            if pos >= limit {
                break;
            }
            let fast = fast.as_ref();
            // The instructions the first pass has found (every one whole), from `first`.
            let code = &words[..scanned - first];
            let stop = (pos + BLOCK).min(limit);
            while pos < stop {
                let (plan, len, how) = items[pos & im];
                let k = pos - first;
                let offset = base + pos * 4;
                if with_labels && labels.has_word(pos) {
                    syntax::label_name(&mut buf, offset as i64);
                    buf.push_str(":\n");
                }
                if let (PLAIN, Some(f)) = (how & plain, fast) {
                    // Most instructions: the mnemonic and register texts, nothing to decide.
                    if f.print_plain(&mut buf, plan, len as usize, &code[k..]) {
                        if buf.len() >= CHUNK {
                            sink(&buf, k);
                            buf.clear();
                        }
                        pos += len as usize;
                        count += 1;
                        continue;
                    }
                }
                let at = syntax::At {
                    offset,
                    labels: with_labels.then_some(&*labels),
                };
                let line = buf.len();
                let mut done = false;
                if let (true, Some(f)) = (plan != 0, fast) {
                    let hit = FastClrx::again(plan, len as usize, how & SIMPLE != 0, code, k);
                    if format == Format::Listing {
                        clrx_listing_head(&mut buf, offset, &code[k..k + hit.len]);
                    }
                    done = f.print_line(&mut buf, hit, &code[k..], &at);
                    if !done {
                        buf.truncate(line);
                    }
                }
                if !done {
                    // The first pass has checked the instruction is whole.
                    let Ok(i) = decode(arch, &code[k..]) else {
                        break;
                    };
                    match format {
                        Format::Text => syntax::print_at(&mut buf, &i, syntax, &at),
                        Format::Listing => listing(&mut buf, &i, &at, syntax),
                        Format::Json => syntax::json::record(&mut buf, &i, offset, syntax),
                    }
                    buf.push('\n');
                }
                if buf.len() >= CHUNK {
                    sink(&buf, k);
                    buf.clear();
                }
                pos += len as usize;
                count += 1;
            }
        }
        (st.scanned, st.cleared, st.printed) = (scanned, cleared, pos);
        if last && pos < end {
            // A truncated instruction (the first pass stopped there).
            let offset = base + pos * 4;
            if let Err(error) = decode(arch, &words[pos - first..]) {
                sink(&buf, pos - first);
                return Err(Truncated { offset, error, count });
            }
        }
        if !buf.is_empty() {
            sink(&buf, pos - first);
        }
        Ok((pos - first, count))
    }
}

/// The first pass of [`Disassembler::pump`] from dword `scanned` (of a listing whose
/// `words` start at dword `first`) up to dword `want`: each instruction's plan, length and
/// how it prints into `items` (a ring of a power-of-two size), its start and branch target
/// into `labels`. Returns where it stopped, and whether at an instruction cut by the end of
/// `words`. (A function of its own: the two passes' loops each get the registers.)
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn scan(
    arch: Arch,
    mut fast: Option<&mut FastClrx>,
    words: &[u32],
    first: usize,
    mut scanned: usize,
    want: usize,
    items: &mut [(u16, u8, u8)],
    labels: &mut syntax::Labels,
) -> (usize, bool) {
    // (A ring of at least one item: its index needs no bounds check.)
    let Some(im) = items.len().checked_sub(1) else {
        return (scanned, false);
    };
    while scanned < want {
        if let Some(f) = fast.as_deref() {
            scanned = scan_quick(f, words, first, scanned..want, items, labels);
            if scanned >= want {
                break;
            }
        }
        let at = scanned;
        let hit = match fast.as_deref_mut() {
            Some(f) => f
                .lookup(words, at - first)
                .map(|hit| (FastClrx::plan_of(&hit), hit.len, how_of(&hit), f.branch(&hit))),
            None => None,
        };
        let (plan, len, how, branch) = match hit {
            Some(h) => h,
            None => match crate::decode::length_and_branch(arch, &words[at - first..]) {
                Ok((len, branch)) => (0, len, 0, branch),
                // (No label at the cut instruction: it has no start bit.)
                Err(_) => return (scanned, true),
            },
        };
        items[at & im] = (plan, len as u8, how);
        labels.start(at);
        if let Some(simm) = branch {
            labels.branch(at, len, simm);
        }
        scanned = at + len;
    }
    (scanned, false)
}

/// [`scan`] of the instructions in dwords `span` that are the common case
/// ([`FastClrx::quick`]: a plan, no literal, a branch only with its target in SIMM16), in a
/// loop of its own that calls nothing, so that it keeps its values in registers. Returns
/// where it stopped.
#[inline(never)]
fn scan_quick(
    f: &FastClrx,
    words: &[u32],
    first: usize,
    span: std::ops::Range<usize>,
    items: &mut [(u16, u8, u8)],
    labels: &mut syntax::Labels,
) -> usize {
    let Some(im) = items.len().checked_sub(1) else {
        return span.start;
    };
    // Dwords from the first of `words`, up to the last but one (every word read has one
    // after it: no bounds check).
    let mut k = span.start - first;
    let want = (span.end - first).min(words.len().saturating_sub(1));
    while k < want {
        // SAFETY: `k + 1 < want + 1 <= words.len()`.
        let (w0, w1) = unsafe { (*words.get_unchecked(k), *words.get_unchecked(k + 1)) };
        let Some(hit) = f.quick(w0, w1) else {
            break;
        };
        let at = first + k;
        items[at & im] = (FastClrx::plan_of(&hit), hit.len as u8, how_of(&hit));
        labels.start(at);
        if hit.label {
            labels.branch(at, hit.len, FastClrx::simm16(&hit));
        }
        k += hit.len;
    }
    first + k
}

/// Dwords a branch reaches either way (SIMM16 counts from the next instruction), with room
/// for the branch's own length.
const REACH: usize = 32768 + 4;
/// Dwords the fast path prints at a time (the first pass is then up to [`REACH`] ahead).
const BLOCK: usize = 8192;
/// The rings of [`Disassembler::pump`]: instructions (more than `BLOCK + REACH`
/// dwords, the first pass's lead) and label bits (from a printed branch's backward reach
/// to the furthest target the first pass may have marked: `BLOCK + 3 * REACH` and a word).
const ITEMS: usize = 1 << 16;
const LABELS: usize = 1 << 17;

/// How an instruction of [`Disassembler::pump`] prints: from its plan's line
/// ([`syntax::fast::Hit::simple`]), or only that ([`syntax::fast::Hit::plain`]).
const SIMPLE: u8 = 1;
const PLAIN: u8 = 2;

/// How a hit prints ([`SIMPLE`], [`PLAIN`]), for its item.
#[inline(always)]
fn how_of(hit: &syntax::fast::Hit) -> u8 {
    (hit.simple as u8 * SIMPLE) | (hit.plain as u8 * PLAIN)
}

/// Text handed to the sink at a time.
const CHUNK: usize = 1 << 16;

/// The head of a CLRX listing line: the offset and the words in a comment, padded to the
/// width of a two-word instruction as clrxdisasm does (`/*000000000010: d1010001 00020702*/ `),
/// written in place.
fn clrx_listing_head(out: &mut String, offset: usize, words: &[u32]) {
    use crate::syntax::text::{grow, hex8_bytes, tail};
    const ROOM: usize = 2 + 12 + 1 + 3 * 9 + 3;
    // Written in place (see `text::tail`), at most three words.
    let words = &words[..words.len().min(3)];
    // SAFETY: every store ends within ROOM bytes (15 + 3 * 9 + 3); every byte taken in is
    // ASCII (the literals, blanks and hex digits).
    unsafe {
        let d = tail::<ROOM>(out);
        d.cast::<[u8; 2]>().write_unaligned(*b"/*");
        // 12 digits of the offset: its high 16 bits' last 4 digits, then the low 32 bits.
        let hi = hex8_bytes((offset as u64 >> 32) as u32);
        d.add(2).cast::<[u8; 4]>().write_unaligned([hi[4], hi[5], hi[6], hi[7]]);
        d.add(6).cast::<[u8; 8]>().write_unaligned(hex8_bytes(offset as u32));
        *d.add(14) = b':';
        let mut at = 15;
        for w in words {
            *d.add(at) = b' ';
            d.add(at + 1).cast::<[u8; 8]>().write_unaligned(hex8_bytes(*w));
            at += 9;
        }
        // Blank columns for a second word.
        while at < 15 + 2 * 9 {
            d.add(at).cast::<[u8; 9]>().write_unaligned([b' '; 9]);
            at += 9;
        }
        d.add(at).cast::<[u8; 3]>().write_unaligned(*b"*/ ");
        grow(out, at + 3);
    }
}

/// One listing line (see [`Format::Listing`]).
fn listing(out: &mut String, i: &crate::instr::Instr, at: &syntax::At, syntax: Syntax) {
    use crate::syntax::text::{hex8, hex_digits};
    let offset = at.offset;
    match syntax {
        Syntax::Clrx => {
            clrx_listing_head(out, offset, i.words());
            syntax::print_at(out, i, syntax, at);
        }
        Syntax::Llvm => {
            let start = out.len();
            syntax::print_at(out, i, syntax, at);
            let width = out.len() - start;
            for _ in width..40 {
                out.push(' ');
            }
            out.push_str(" // ");
            hex_digits(out, offset as u64, 12);
            out.push(':');
            for w in i.words() {
                out.push(' ');
                let s = out.len();
                hex8(out, *w);
                out[s..].make_ascii_uppercase();
            }
        }
    }
}

/// Disassembles every code section of code object `co`: a comment naming the processor and
/// section, then each function or kernel as a label line (`vadd_f32:`) and its instructions
/// (offsets count from the section's address), the bytes between them too. A code object v2
/// kernel's 256-byte `amd_kernel_code_t` comes first as data lines. JSON gives the records
/// alone. Returns the number of instructions.
pub fn disassemble_code_object(
    co: &crate::codeobj::CodeObject,
    syntax: Syntax,
    format: Format,
    mut sink: impl FnMut(&str),
) -> Result<usize, Truncated> {
    // CLRX text of a `.rocm` file whose GOT names several objects of a kind: the whole text
    // first, then its `.global` lines in an order that gives clrxasm's GOT again.
    if format != Format::Json && syntax == Syntax::Clrx && co.version == Some(2) && clrx_got_several(co) {
        let mut text = String::new();
        let r = code_object_text(co, syntax, format, |t| text.push_str(t));
        sink(&clrx_got_order(co, &text).unwrap_or(text));
        return r;
    }
    code_object_text(co, syntax, format, sink)
}

/// [`disassemble_code_object`] as it comes.
fn code_object_text(
    co: &crate::codeobj::CodeObject,
    syntax: Syntax,
    format: Format,
    mut sink: impl FnMut(&str),
) -> Result<usize, Truncated> {
    use crate::codeobj::AMD_KERNEL_CODE_T_SIZE;
    let text = format != Format::Json;
    // LLVM text of an HSA code object is a whole source: target, sections, symbols, kernel
    // descriptors (v2: headers) and metadata, so that it assembles back to the object. (A v2
    // text names no target: llvm-mc and gcnkit take it from -mcpu/-a.)
    let llvm_object = text && syntax == Syntax::Llvm && co.version.is_some();
    let v2 = co.version == Some(2);
    let mut count = 0;
    // CLRX text of a code object v2: its ROCm form, each kernel's header as `.config`.
    let clrx_configs = (text && syntax == Syntax::Clrx && co.version.is_some())
        .then(|| if v2 { clrx_rocm(co) } else { clrx_rocm_v3(co) })
        .flatten();
    if let Some(c) = &clrx_configs {
        sink(c);
    }
    let fkernels = clrx_fkernels(co);
    if llvm_object {
        if !v2 {
            sink(&format!("\t.amdgcn_target \"{}\"\n", co.target_id()));
        }
        sink(&format!("\t.amdhsa_code_object_version {}\n", co.version.unwrap_or(4)));
    }
    // A relocatable object's relocations: LLVM text writes them as relocation specifiers
    // (`table@rel32@lo+4`, `.quad table`) with the data they point to; CLRX's has no text
    // for them, and says so.
    let linkage = co.linkage.as_ref().filter(|_| llvm_object);
    let anchors = linkage.map(reloc_anchors).unwrap_or_default();
    if let (Some(l), true, Syntax::Clrx) = (&co.linkage, text, syntax) {
        sink(&clrx_relocation_note(l));
    }
    let mut func_ends = 0;
    // CLRX's `.rocm` form: the source's own sections are bytes after the code, never code.
    let clrx_rocm_form = clrx_configs.is_some();
    for sec in &co.sections {
        if clrx_rocm_form && co.trailing.iter().any(|t| t.name == sec.name) {
            continue;
        }
        if text {
            let version = co.version.map(|v| format!(", code object v{v}")).unwrap_or_default();
            sink(&format!(
                "/* {} ({}){version}, section {} at 0x{:x} */\n",
                co.processor, co.arch, sec.name, sec.addr
            ));
            if llvm_object {
                sink(&section_directive(&sec.name));
                // The section's alignment, so that a re-assembled and linked object keeps its
                // kernel entries where they were (256-byte aligned for clang's code).
                if sec.align > 4 && sec.align.is_power_of_two() {
                    sink(&format!("\t.p2align {}\n", sec.align.trailing_zeros()));
                }
                for (_, _, label) in anchors.iter().filter(|a| a.0 == sec.name) {
                    sink(&format!("{label}:\n"));
                }
            }
        }
        // Segments: [start, end) with the label that starts them. In LLVM text a function's
        // end is a label too (`.Lfunc_endN`, as clang writes it), so that its `.size` is an
        // expression that still holds when the text is edited.
        let ends: Vec<(u64, String)> = if text && llvm_object {
            function_ends(sec, &mut func_ends)
        } else {
            Vec::new()
        };
        // (CLRX's `.rocm` form: the GOT's objects in the section as labels, each before a
        // kernel's label at its place)
        let object_labels: Vec<crate::codeobj::CodeSymbol> = co
            .got_objects
            .iter()
            .filter(|o| clrx_rocm_form && o.section.as_deref() == Some(sec.name.as_str()))
            .filter(|o| o.offset <= sec.bytes.len() as u64)
            .map(|o| crate::codeobj::CodeSymbol {
                name: o.name.clone(),
                offset: o.offset,
                size: o.size,
                v2_kernel: false,
                global: true,
                visibility: 0,
                index: 0,
            })
            .collect();
        let mut cuts: Vec<(u64, Option<&crate::codeobj::CodeSymbol>)> = vec![(0, None)];
        for s in object_labels.iter().chain(&sec.symbols) {
            cuts.push((s.offset, Some(s)));
        }
        cuts.extend(ends.iter().map(|e| (e.0, None)));
        cuts.push((sec.bytes.len() as u64, None));
        cuts.sort_by_key(|c| (c.0, c.1.is_none()));
        cuts.dedup_by(|b, a| a.0 == b.0 && b.1.is_none());
        for w in cuts.windows(2) {
            let ((mut start, sym), (end, _)) = (w[0], w[1]);
            for (_, line) in ends.iter().filter(|e| e.0 == start) {
                sink(line);
            }
            if let Some(s) = sym {
                if text {
                    if llvm_object {
                        sink(&symbol_attributes(s));
                    }
                    sink(&format!("{}:\n", s.name));
                }
                let fkernel = clrx_configs.is_some() && v2 && fkernels.iter().any(|f| f.name == s.name);
                if (s.v2_kernel || fkernel) && end - start >= AMD_KERNEL_CODE_T_SIZE {
                    if text {
                        let header = &sec.bytes[start as usize..(start + AMD_KERNEL_CODE_T_SIZE) as usize];
                        let header: &[u8; crate::codeobj::akc::SIZE] = header.try_into().expect("256 bytes");
                        let mut block = String::new();
                        match crate::codeobj::akc::print(header, &mut block) {
                            // CLRX: the header comes from the kernel's .config (printed first).
                            _ if clrx_configs.is_some() && v2 => sink(".skip 256\n"),
                            Ok(()) if llvm_object => sink(&block),
                            Ok(()) => sink(&data_lines(header, syntax, "amd_kernel_code_t")),
                            Err(e) => sink(&data_lines(
                                header,
                                syntax,
                                &format!("amd_kernel_code_t (byte {}: {}; kept as data)", e.offset, e.reason),
                            )),
                        }
                    }
                    start += AMD_KERNEL_CODE_T_SIZE;
                }
            }
            if start >= end {
                continue;
            }
            let bytes = &sec.bytes[start as usize..end as usize];
            let whole = bytes.len() / 4 * 4;
            let words: Vec<u32> = bytes[..whole]
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            let base = (sec.addr + start) as usize;
            let here: Vec<&crate::codeobj::reloc::ObjReloc> = linkage
                .map(|l| {
                    l.relocs
                        .iter()
                        .filter(|r| r.section == sec.name && (start..end).contains(&r.offset))
                        .collect()
                })
                .unwrap_or_default();
            let r = if here.is_empty() {
                disassemble(co.arch, &words, base, syntax, format, &mut sink)
            } else {
                let mut body = String::new();
                let r = disassemble(co.arch, &words, base, syntax, format, |t| body.push_str(t));
                let l = linkage.expect("relocations come with the linkage");
                sink(&relocated_lines(co.arch, &body, &words, base as u64, &here, l));
                r
            };
            count += match r {
                // An instruction cut by the end of its code (text): its words as data, which
                // read back to the same bytes, under clrxdisasm's warning.
                Err(t) if text => {
                    sink(&data_lines(&bytes[t.offset - base..whole], syntax, CUT_AT_END));
                    t.count
                }
                r => r?,
            };
            if whole < bytes.len() && text {
                let mut line = String::new();
                byte_lines(&mut line, "", &bytes[whole..]);
                sink(&line);
            }
        }
        for (_, line) in ends.iter().filter(|e| e.0 == sec.bytes.len() as u64) {
            sink(line);
        }
    }
    if clrx_rocm_form {
        sink(&clrx_rocm_sections(co).unwrap_or_default());
    }
    if format == Format::Json {
        for line in object_records(co) {
            sink(&line);
        }
    }
    if let Some(l) = linkage {
        sink(&data_text(co, l, &anchors));
    } else if llvm_object {
        sink(&descriptors_text(co));
    }
    if llvm_object {
        for n in &co.notes {
            // Notes gcnkit cannot read are left out (said in a comment), never guessed.
            match crate::codeobj::metadata::parse_notes(n)
                .and_then(|notes| crate::codeobj::metadata::notes_directives(&notes, co.version.unwrap_or(4)))
            {
                Ok(t) => sink(&t),
                Err(e) => sink(&format!("/* notes left out: {} */\n", e.0)),
            }
        }
    }
    Ok(count)
}

/// The JSON records of a code object beside its instructions (one line each): a
/// `kernel_descriptor` per v3+ descriptor, an `amd_kernel_code_t` per v2 kernel header (their
/// fields by directive name, `null` with an `error` when no directives express them), and a
/// `metadata` record per note (v3+: the msgpack document; v2: the notes' directives).
fn object_records(co: &crate::codeobj::CodeObject) -> Vec<String> {
    use serde_json::{json, Map, Value};
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
    let mut out = Vec::new();
    let t = co.kd_target();
    for d in &co.descriptors {
        let (fields, error) = match crate::codeobj::kd::directives(&d.bytes, t) {
            Ok(f) => (
                Value::Object(
                    f.into_iter()
                        .map(|(n, v)| (n.to_string(), json!(v)))
                        .collect::<Map<_, _>>(),
                ),
                Value::Null,
            ),
            Err(e) => (Value::Null, json!(format!("byte {}: {}", e.offset, e.reason))),
        };
        let mut r = json!({"kernel_descriptor": {"kernel": d.kernel, "section": d.section, "address": d.addr, "bytes": hex(&d.bytes), "fields": fields}});
        if !error.is_null() {
            r["kernel_descriptor"]["error"] = error;
        }
        out.push(r.to_string() + "\n");
    }
    for (sec, s, h) in co.v2_headers() {
        let mut r = json!({"amd_kernel_code_t": {"kernel": s.name, "section": sec.name, "address": sec.addr + s.offset, "bytes": hex(h)}});
        match crate::codeobj::akc::fields(h) {
            Ok(f) => {
                r["amd_kernel_code_t"]["fields"] =
                    Value::Object(f.into_iter().map(|(n, v)| (n.to_string(), json!(v))).collect());
            }
            Err(e) => {
                r["amd_kernel_code_t"]["fields"] = Value::Null;
                r["amd_kernel_code_t"]["error"] = json!(format!("byte {}: {}", e.offset, e.reason));
            }
        }
        out.push(r.to_string() + "\n");
    }
    for n in &co.notes {
        let Ok(notes) = crate::codeobj::metadata::parse_notes(n) else {
            continue;
        };
        for note in notes {
            let doc = if note.name == "AMDGPU" && note.kind == crate::codeobj::metadata::NT_AMDGPU_METADATA {
                crate::codeobj::metadata::metadata_json(&note.desc).unwrap_or(Value::Null)
            } else {
                match crate::codeobj::metadata::V2Directive::from_note(&note) {
                    Ok(d) => json!({"directive": d.text().trim()}),
                    Err(_) => json!(hex(&note.desc)),
                }
            };
            out.push(json!({"note": {"name": note.name, "type": note.kind, "document": doc}}).to_string() + "\n");
        }
    }
    out
}

/// The functions of a code object v2 clrxasm wrote that are its `.fkernel`s: each has a
/// 256-byte header as a kernel has (clrxdisasm reads them so without `.newbinfmt`, and passes
/// them over with it; in a linked file with `.newbinfmt` gcnkit takes those whose header is
/// zeros or a `.config`'s, see [`clrx_rocm`]).
fn clrx_fkernels<'c>(co: &'c crate::codeobj::CodeObject) -> Vec<&'c crate::codeobj::CodeSymbol> {
    if co.version != Some(2) || !(co.amdgpu_config || co.linked) {
        return Vec::new();
    }
    co.sections
        .iter()
        .filter(|s| s.name == ".text")
        .flat_map(|s| {
            s.symbols
                .iter()
                .filter(|x| !x.v2_kernel && s.bytes.len() as u64 >= x.offset + 256)
        })
        .collect()
}

/// The CLRX ROCm header of a code object v2 (`.rocm`, `.gpu`..., a `.kernel` with its
/// `.config` per kernel, then `.text`), as clrxdisasm prints it; `None` when a header has
/// values CLRX cannot carry (the code's text then keeps every header as data lines). The
/// device comes from the ISA note (CLRX's table: Iceland's 8.0.0, a version of no device as
/// `.arch_minor`/`.arch_stepping`), `.newbinfmt` from the missing `.AMDGPU.config`, the
/// global data as `.byte` lines, a kernel whose header is zeros without `.config` (clrxasm
/// keeps the bytes the source put there).
fn clrx_rocm(co: &crate::codeobj::CodeObject) -> Option<String> {
    use crate::codeobj::clrx_config::{print_config, Gpu, Target};
    use crate::codeobj::clrx_rocm_md;
    let note_gpu = co.note("AMD", 3).and_then(|n| {
        let w = |k: usize| Some(u32::from_le_bytes(n.desc.get(k..k + 4)?.try_into().ok()?));
        let (major, minor, stepping) = (w(4)?, w(8)?, w(12)?);
        (major != 0 && minor < 16 && stepping < 16).then_some(())?;
        let g = Gpu::of_processor(&format!("gfx{major}{minor:x}{stepping:x}"))?;
        // (of_processor gives the device of that version, or its major's lowest with the
        // version's minor and stepping: either gives this note again)
        (g.rocm_note() == (major, minor, stepping)).then_some(g)
    });
    let gpu = note_gpu.or_else(|| Gpu::of_processor(co.processor))?;
    clrx_rocm_sections(co)?;
    // Metadata clrxasm generated: its pseudo-ops, as clrxdisasm prints them with `-C`; with
    // `.metadatav3` MessagePack.
    let mp = co.note("AMDGPU", crate::codeobj::metadata::NT_AMDGPU_METADATA);
    let note = mp
        .clone()
        .or_else(|| co.note("AMD", crate::codeobj::metadata::NT_AMD_HSA_METADATA));
    let md = match &mp {
        Some(m) => clrx_rocm_md::parse_msgpack(&m.desc),
        None => note.as_ref().and_then(|m| clrx_rocm_md::parse(&m.desc)),
    };
    let fkernels = clrx_fkernels(co);
    // Plain, or clrxasm's newer form where one header needs it (its LDS size is then free)
    // or the file has it (no `.AMDGPU.config`).
    let forms: &[bool] = if co.amdgpu_config || !co.linked {
        &[false, true]
    } else {
        &[true]
    };
    for &new_binfmt in forms {
        let t = Target::new(gpu, new_binfmt);
        let mut out = String::from(".rocm\n");
        gpu.print(&mut out);
        if co.flags != 0 {
            out.push_str(&format!(".eflags {}\n", co.flags));
        }
        if new_binfmt {
            out.push_str(".newbinfmt\n");
        }
        if mp.is_some() {
            out.push_str(".metadatav3\n");
        }
        // clrxasm's target note (`.target`, or `.tripple` with the device's name added).
        if let Some(t) = co.note("AMD", 11) {
            out.push_str(&format!(
                ".target \"{}\"\n",
                String::from_utf8_lossy(&t.desc).escape_default()
            ));
        }
        let objects = &co.got_objects;
        // The GOT's names first mentioned here, sorted: several objects of a kind are put in
        // clrxasm's order afterwards by this block's order ([`clrx_got_order`]).
        out.push_str(&clrx_got_globals(co));
        if let Some(data) = co.rodata {
            out.push_str(".globaldata\n");
            // (by offset: several in the symbol table's order are not)
            let mut labels: Vec<(u64, String)> = objects
                .iter()
                .filter(|o| o.section.as_deref() == Some(".rodata"))
                .map(|o| (o.offset, o.name.clone()))
                .collect();
            labels.sort_by_key(|l| l.0);
            labeled_byte_lines(&mut out, data, &labels)?;
        }
        // The GOT (`.global`, which clrxasm's `.gotsym` needs and clrxdisasm does not print):
        // kernels and objects (labels in `.text`, the global data or an own section, an
        // absolute symbol's value; several of a kind clrxasm orders by its symbol map, which
        // the `.global` lines' order decides, [`clrx_got_order`]).
        let kernel = |n: &str| co.v2_headers().any(|(_, s, _)| s.name == n) || fkernels.iter().any(|s| s.name == n);
        let text_len = co
            .sections
            .iter()
            .find(|s| s.name == ".text")
            .map_or(0, |s| s.bytes.len() as u64);
        let placed = |o: &crate::codeobj::GotObject| match o.section.as_deref() {
            None | Some(".rodata") => true,
            Some(".text") => o.offset <= text_len,
            Some(n) => co.trailing.iter().any(|t| t.name == n),
        };
        if !co.got.iter().all(|n| kernel(n) || objects.iter().any(|o| &o.name == n))
            || !objects.iter().all(placed)
            || (co.rodata.is_none() && objects.iter().any(|o| o.section.as_deref() == Some(".rodata")))
        {
            return None;
        }
        for o in objects {
            if o.size != 0 {
                out.push_str(&format!(".size {}, {}\n", o.name, o.size));
            }
            if o.section.is_none() {
                out.push_str(&format!("{} = {}\n", o.name, o.offset));
            }
        }
        for n in &co.got {
            out.push_str(&format!(".gotsym {n}\n"));
        }
        if let Some((source, _)) = &md {
            clrx_rocm_md::print_source(source, &mut out);
        }
        // The kernels in the symbol table's order (the source's `.kernel` order).
        let mut headers: Vec<(&crate::codeobj::CodeSymbol, &[u8; 256], bool)> =
            co.v2_headers().map(|(_, s, h)| (s, h, false)).collect();
        for s in &fkernels {
            let sec = co.sections.iter().find(|x| x.name == ".text")?;
            let h: &[u8; 256] = sec.bytes[s.offset as usize..s.offset as usize + 256].try_into().ok()?;
            // (with `.newbinfmt` a function whose bytes are no header stays a function; one
            // whose header `.config` cannot carry makes the text not CLRX's, as a kernel's does)
            if !(co.amdgpu_config || h.iter().all(|&b| b == 0) || print_config(h, &t, &mut String::new()).is_ok()) {
                if crate::codeobj::akc::fields(h).is_ok() {
                    return None;
                }
                continue;
            }
            headers.push((s, h, true));
        }
        headers.sort_by_key(|(s, _, _)| s.index);
        let all = headers.into_iter().all(|(s, h, function)| {
            out.push_str(&format!(".kernel {}\n", s.name));
            if function {
                out.push_str("    .fkernel\n");
            }
            let ok = h.iter().all(|&b| b == 0) || print_config(h, &t, &mut out).is_ok();
            if let Some(k) = md.as_ref().and_then(|(_, ks)| ks.iter().find(|(n, _)| *n == s.name)) {
                clrx_rocm_md::print_kernel(&k.1, &mut out);
            }
            ok
        });
        if all {
            // Other metadata: the YAML note's bytes (clrxasm's `.metadata` takes it raw).
            if let Some(m) = note.as_ref().filter(|_| md.is_none()) {
                out.push_str(".metadata\n");
                byte_lines(&mut out, "    ", &m.desc);
            }
            out.push_str(".text\n");
            return Some(out);
        }
    }
    None
}

/// The GOT's objects of a `.rocm` file by kind as clrxasm orders them (in the dynamic symbol
/// table's order): those in `.text`, then the others (the global data, own sections,
/// absolute symbols).
fn clrx_got_kinds<'c>(co: &'c crate::codeobj::CodeObject) -> [Vec<&'c str>; 2] {
    let in_text = |o: &&crate::codeobj::GotObject| o.section.as_deref() == Some(".text");
    let objects = &co.got_objects;
    [
        objects.iter().filter(in_text).map(|o| o.name.as_str()).collect(),
        objects
            .iter()
            .filter(|o| !in_text(o))
            .map(|o| o.name.as_str())
            .collect(),
    ]
}

/// The GOT names several objects of a kind (whose order clrxasm takes from its symbol map).
fn clrx_got_several(co: &crate::codeobj::CodeObject) -> bool {
    clrx_got_kinds(co).iter().any(|k| k.len() > 1)
}

/// The `.global` lines of a `.rocm` file's GOT names, sorted (once each).
fn clrx_got_globals(co: &crate::codeobj::CodeObject) -> String {
    let mut globals: Vec<&String> = co.got.iter().collect();
    globals.sort();
    globals.dedup();
    globals.iter().map(|n| format!(".global {n}\n")).collect()
}

/// clrxasm puts several GOT objects of a kind in its symbol map's order (a libstdc++ hash
/// table, [`crate::asm::symbol_map_order`]), which depends on the order the source first
/// mentions its names. gcnkit's text of such a file mentions the GOT's names first, in its
/// `.global` lines (after `.`): this finds an order of those lines for which the map gives
/// each kind's objects in the file's order (a search over orders: swaps that leave fewer
/// pairs out of order, from random starts), and returns `text` with the lines so. Where no
/// order of those names does, names of no other use (`_gcnkit_got_orderN = 0`) among them;
/// else enough of them before the GOT's names that the map rehashes no more after those
/// (then each goes to the front of the list, or of its bucket's run: fillers are chosen out
/// of the GOT names' buckets). `None` when the text has no such block, or no order was found
/// (the text then gives the objects in another order).
fn clrx_got_order(co: &crate::codeobj::CodeObject, text: &str) -> Option<String> {
    let block = clrx_got_globals(co);
    let at = text
        .find(&block)
        .filter(|&k| k == 0 || text.as_bytes()[k - 1] == b'\n')?;
    let mut globals: Vec<String> = co.got.clone();
    globals.sort();
    globals.dedup();
    // The names the text mentions after those of the block (an assembly of the text).
    let mut asm =
        crate::asm::Assembler::new(crate::arch::Arch::Gcn12, crate::asm::Dialect::Clrx, "a.s").arch_is_default();
    for (n, line) in text.lines().enumerate() {
        asm.line(n + 1, line);
    }
    let mentions = asm.clrx_mentions();
    let g = globals.len();
    let mut first: Vec<&String> = mentions.iter().skip(1).take(g).collect();
    first.sort();
    if first.len() != g || first.iter().zip(&globals).any(|(a, b)| *a != b) {
        return None;
    }
    let rest = &mentions[1 + g..];
    let kinds = clrx_got_kinds(co);
    // Names of no use but their place in the map (assigned 0, local: no symbol of the file),
    // when no order of the GOT's names alone does.
    let fillers = (0..)
        .map(|k| format!("_gcnkit_got_order{k}"))
        .filter(|n| !mentions.contains(n));
    // Pairs of a kind out of the file's order with the block's names (the GOT's, fillers) in
    // `items`' order (`None`: past clrxasm's bucket counts).
    let misplaced = |items: &[String]| -> Option<usize> {
        let mut names: Vec<String> = Vec::with_capacity(1 + items.len() + rest.len());
        names.push(".".into());
        names.extend(items.iter().cloned());
        names.extend(rest.iter().cloned());
        let order = crate::asm::symbol_map_order(&names)?;
        let rank: rustc_hash::FxHashMap<&str, usize> = order.iter().enumerate().map(|(k, n)| (*n, k)).collect();
        let mut bad = 0;
        for kind in &kinds {
            for (i, a) in kind.iter().enumerate() {
                bad += kind[i + 1..].iter().filter(|b| rank[*b] < rank[a]).count();
            }
        }
        Some(bad)
    };
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut random = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    // Swaps of the items from `from` on that leave no more pairs out of order, from a few
    // random starts.
    let mut search = |mut items: Vec<String>, from: usize, tries: usize| -> Option<Vec<String>> {
        let n = items.len() - from;
        let mut best = misplaced(&items)?;
        for t in 0..tries {
            if best == 0 {
                break;
            }
            if t % 2_500 == 2_499 {
                for k in (1..n).rev() {
                    items.swap(from + k, from + random(k + 1));
                }
                best = misplaced(&items)?;
            }
            let (i, j) = (from + random(n), from + random(n));
            items.swap(i, j);
            match misplaced(&items)? {
                score if score <= best => best = score,
                _ => items.swap(i, j),
            }
        }
        (best == 0).then_some(items)
    };
    // The GOT's names and 0, 1, 2... fillers among them; else (the map's rehashes mix them
    // up) fillers enough before them that the map holds every name with no rehash after the
    // GOT's names, none in a GOT name's bucket: there each GOT name goes to the front of the
    // list, or of the run of a GOT name of its bucket.
    let found = (0..=6)
        .find_map(|f| {
            search(
                globals.iter().cloned().chain(fillers.clone().take(f)).collect(),
                0,
                3_000,
            )
        })
        .or_else(|| {
            // (libstdc++'s counts at which it rehashes, from 13 buckets, each the bucket
            // count after the one before)
            let at = [13, 29, 59, 127, 257, 541];
            at.windows(2).filter(|w| w[0] + g + rest.len() <= w[1]).find_map(|w| {
                let buckets = |n: &String| crate::asm::clrx_hash(n) % w[1] as u64;
                let taken: Vec<u64> = globals.iter().map(buckets).collect();
                let mut items: Vec<String> = fillers
                    .clone()
                    .filter(|n| !taken.contains(&buckets(n)))
                    .take(w[0] - 1)
                    .collect();
                let dot = crate::asm::clrx_hash(".") % w[1] as u64;
                items.extend(got_after_rehash(&globals, &kinds, |n| buckets(&n.to_string()), dot)?);
                search(items, w[0] - 1, 1_000)
            })
        });
    let Some(found) = found else {
        // (same-kind names in one bucket with others of the kind between them, at every
        // bucket count up to 541)
        let note = "/* clrxasm orders this GOT's objects of a kind by its symbol map: no order of these names found gives the file's */\n";
        return Some(format!("{}{note}{}", &text[..at], &text[at..]));
    };
    let mut lines = String::new();
    if found.len() > g {
        lines.push_str("/* clrxasm's order of the GOT's objects: its symbol map's, from these names' places */\n");
    }
    for n in found {
        match globals.contains(&n) {
            true => lines.push_str(&format!(".global {n}\n")),
            false => lines.push_str(&format!("{n} = 0\n")),
        }
    }
    Some(format!("{}{lines}{}", &text[..at], &text[at + block.len()..]))
}

/// The order to mention `names` in (after a hash map's last rehash) that gives each of `kinds`
/// in its order in the map's list; `bucket` gives a name's bucket, `dot` the bucket of the
/// one name before them (the only other name in their buckets). A name whose bucket is empty
/// goes to the list's front; one whose bucket is not, to the front of that bucket's run: so
/// each bucket's names stay together, in the reverse of the order they come in, the buckets
/// in the reverse of the order they are first met (`dot`'s last). `None` when the kinds'
/// orders cannot be had so (names of a kind in one bucket with one of another bucket between
/// them).
fn got_after_rehash(
    names: &[String],
    kinds: &[Vec<&str>; 2],
    bucket: impl Fn(&str) -> u64,
    dot: u64,
) -> Option<Vec<String>> {
    // The buckets' names, the buckets in the order first met.
    let mut groups: Vec<(u64, Vec<&str>)> = Vec::new();
    for n in names {
        let b = bucket(n);
        match groups.iter_mut().find(|g| g.0 == b) {
            Some(g) => g.1.push(n),
            None => groups.push((b, vec![n])),
        }
    }
    let group = |n: &str| groups.iter().position(|g| g.1.contains(&n));
    // A kind's neighbours: the one bucket before the other's, or in a bucket one before the
    // other.
    let m = groups.len();
    let mut before = vec![vec![false; m]; m];
    let mut inner: Vec<(&str, &str)> = Vec::new();
    for kind in kinds {
        for w in kind.windows(2) {
            let (a, b) = (group(w[0])?, group(w[1])?);
            if a == b {
                inner.push((w[0], w[1]));
            } else {
                before[a][b] = true;
            }
        }
    }
    // The buckets in list order (`dot`'s last), each one's names in list order.
    let mut order: Vec<usize> = Vec::new();
    while order.len() < m {
        let free = |g: usize| !order.contains(&g) && (0..m).all(|h| order.contains(&h) || !before[h][g]);
        let last = |g: usize| groups[g].0 == dot && order.len() + 1 < m;
        order.push((0..m).find(|&g| free(g) && !last(g))?);
    }
    let mut list: Vec<&str> = Vec::new();
    for &g in &order {
        let mut left: Vec<&str> = groups[g].1.clone();
        while !left.is_empty() {
            let k = (0..left.len()).find(|&k| !inner.iter().any(|(a, b)| *b == left[k] && left.contains(a)))?;
            list.push(left.remove(k));
        }
    }
    // Mentioned in the reverse order, bucket by bucket.
    let mut mention: Vec<String> = Vec::new();
    for &g in order.iter().rev() {
        let members: Vec<&&str> = list.iter().filter(|n| groups[g].1.contains(n)).collect();
        mention.extend(members.iter().rev().map(|n| n.to_string()));
    }
    Some(mention)
}

/// The CLRX ROCm header of a code object v3+ (`.llvm10binfmt`). The descriptors go as they
/// are, in the global data (`.rodata`, all of it: clrxasm takes the k-th 64 bytes as the k-th
/// `.kernel`'s descriptor when the kernel has no `.config`, and recomputes each code entry
/// offset; CLRX's `.config` cannot carry a descriptor's kernarg size); the kernels in the
/// symbol table's order, a function without a descriptor as `.fkernel`; metadata clrxasm
/// generated as its pseudo-ops (as clrxdisasm `-dCmf` prints them, but without a `.config`,
/// which would rebuild the descriptor), other metadata as `.metadata` bytes; the ELF flags
/// in `.eflags`.
fn clrx_rocm_v3(co: &crate::codeobj::CodeObject) -> Option<String> {
    use crate::codeobj::clrx_config::Gpu;
    use crate::codeobj::clrx_rocm_md;
    use crate::codeobj::metadata::{NT_AMDGPU_METADATA, NT_AMD_HSA_METADATA};
    let gpu = Gpu::of_processor(co.processor)?;
    clrx_rocm_sections(co)?;
    let mut out = String::from(".rocm\n");
    gpu.print(&mut out);
    out.push_str(&format!(".eflags {}\n.llvm10binfmt\n", co.flags));
    // MessagePack metadata (`.metadatav3`), else clrxasm's YAML.
    let mp = co.note("AMDGPU", NT_AMDGPU_METADATA);
    let yaml = co.note("AMD", NT_AMD_HSA_METADATA);
    let raw = mp.as_ref().or(yaml.as_ref()).map(|n| n.desc.clone());
    let md = match (&mp, &yaml) {
        (Some(m), _) => clrx_rocm_md::parse_msgpack(&m.desc),
        (None, Some(y)) => clrx_rocm_md::parse(&y.desc),
        _ => None,
    };
    if mp.is_some() {
        out.push_str(".metadatav3\n");
    }
    // The whole `.rodata` when the k-th descriptor is its k-th 64 bytes (clrxasm's layout),
    // else the descriptors alone.
    let desc = |k: usize| co.descriptors.get(k).map(|d| &d.bytes[..]);
    let rodata = co.rodata.filter(|r| {
        !co.descriptors.is_empty() && (0..co.descriptors.len()).all(|k| r.get(k * 64..k * 64 + 64) == desc(k))
    });
    out.push_str(".globaldata\n");
    match rodata {
        Some(data) => byte_lines(&mut out, "    ", data),
        None => co
            .descriptors
            .iter()
            .for_each(|d| byte_lines(&mut out, "    ", &d.bytes)),
    }
    if let Some((source, _)) = &md {
        clrx_rocm_md::print_source(source, &mut out);
    }
    // The kernels in the symbol table's order (clrxasm's `.kernel` order), functions without a
    // descriptor as `.fkernel`; when that order is not the descriptors' (another tool's
    // object), the kernels in the descriptors' order and the functions after them.
    let mut funcs: Vec<&crate::codeobj::CodeSymbol> = co.sections.iter().flat_map(|s| &s.symbols).collect();
    funcs.sort_by_key(|s| s.index);
    let is_kernel = |n: &str| co.descriptors.iter().any(|d| d.kernel == n);
    let kernels: Vec<&str> = funcs.iter().map(|s| s.name.as_str()).filter(|n| is_kernel(n)).collect();
    let by_descriptor: Vec<&str> = co.descriptors.iter().map(|d| d.kernel.as_str()).collect();
    let mut names: Vec<&str> = funcs.iter().map(|s| s.name.as_str()).collect();
    if kernels != by_descriptor {
        names = by_descriptor.clone();
        names.extend(funcs.iter().map(|s| s.name.as_str()).filter(|n| !is_kernel(n)));
    }
    for name in names {
        out.push_str(&format!(".kernel {name}\n"));
        if !is_kernel(name) {
            out.push_str("    .fkernel\n");
        }
        if let Some(k) = md.as_ref().and_then(|(_, ks)| ks.iter().find(|(n, _)| n == name)) {
            clrx_rocm_md::print_kernel_lines(&k.1, &mut out);
        }
    }
    // Metadata not clrxasm's generated (none at all: an empty `.metadata`, else clrxasm
    // would generate it).
    if md.is_none() {
        out.push_str(".metadata\n");
        byte_lines(&mut out, "    ", raw.as_deref().unwrap_or(&[]));
    }
    out.push_str(".text\n");
    Some(out)
}

/// The sections of a `.rocm` file clrxasm wrote from the source's own (after `.strtab`,
/// [`crate::codeobj::CodeObject::trailing`]) as CLRX text ([`own_section_text`]), in the
/// file's order, which is the order clrxasm lays them out in. `None` when one cannot be
/// written so (see there; or a name CLRX's `.rocm` reads as its own section).
fn clrx_rocm_sections(co: &crate::codeobj::CodeObject) -> Option<String> {
    let mut out = String::new();
    if !co.trailing.is_empty() {
        out.push_str(OWN_SECTIONS_NOTE);
    }
    for t in &co.trailing {
        if [".text", ".rodata", ".comment", ".globaldata"].contains(&t.name.as_str()) {
            return None;
        }
        own_section_text(&mut out, &t.name, t.kind, t.flags, t.align, t.bytes, t.size, &t.symbols)?;
    }
    Some(out)
}

/// A section of the source's own as clrxasm's `.section` writes it: `.section NAME, "FLAGS",
/// @TYPE align=N` (clrxasm takes flags `a`, `w`, `x` and types progbits, note, nobits), then
/// its bytes (`.skip` for nobits, of `size`), a label where a symbol (`labels`: offset,
/// name, by offset) points into it. `None` when it cannot be written so (another type or
/// flag, a name CLRX cannot read back, a symbol outside it).
#[allow(clippy::too_many_arguments)]
fn own_section_text(
    out: &mut String,
    name: &str,
    kind: u32,
    flags: u64,
    align: u64,
    bytes: &[u8],
    size: u64,
    labels: &[(u64, String)],
) -> Option<()> {
    use crate::codeobj::clrx_rocm::{SHT_NOBITS, SHT_NOTE, SHT_PROGBITS};
    let type_name = match kind {
        SHT_PROGBITS => "progbits",
        SHT_NOTE => "note",
        SHT_NOBITS => "nobits",
        _ => return None,
    };
    let plain = |n: &str| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || "._$@".contains(c));
    if flags & !7 != 0 || !plain(name) || !align.is_power_of_two() {
        return None;
    }
    let letters: String = [(2, 'a'), (1, 'w'), (4, 'x')]
        .iter()
        .filter(|f| flags & f.0 != 0)
        .map(|f| f.1)
        .collect();
    out.push_str(&format!(".section {name}, \"{letters}\", @{type_name}"));
    if align > 1 {
        out.push_str(&format!(" align={align}"));
    }
    out.push('\n');
    let size = if kind == SHT_NOBITS { size } else { bytes.len() as u64 };
    let piece = |out: &mut String, from: u64, to: u64| match kind {
        SHT_NOBITS if to > from => out.push_str(&format!("    .skip {}\n", to - from)),
        SHT_NOBITS => {}
        _ => byte_lines(out, "    ", &bytes[from as usize..to as usize]),
    };
    let mut at = 0u64;
    for (offset, label) in labels {
        if *offset > size || *offset < at || !plain(label) {
            return None;
        }
        piece(out, at, *offset);
        out.push_str(&format!("{label}:\n"));
        at = *offset;
    }
    piece(out, at, size);
    Some(())
}

/// What in a code object the text keeps as data for want of directives (kernel descriptors
/// and v2 headers with bits no directive sets), each naming its place.
pub fn code_object_warnings(co: &crate::codeobj::CodeObject) -> Vec<String> {
    let mut out = Vec::new();
    let t = co.kd_target();
    for d in &co.descriptors {
        if let Err(e) = crate::codeobj::kd::directives(&d.bytes, t) {
            out.push(format!(
                "kernel descriptor {}.kd at {}+0x{:x}, byte {}: {}; printed as data",
                d.kernel, d.section, d.addr, e.offset, e.reason
            ));
        }
    }
    for (sec, s, h) in co.v2_headers() {
        if let Err(e) = crate::codeobj::akc::fields(h) {
            out.push(format!(
                "amd_kernel_code_t of {} at {}+0x{:x}, byte {}: {}; printed as data",
                s.name, sec.name, s.offset, e.offset, e.reason
            ));
        }
    }
    out
}

/// Bytes as `.byte` lines of sixteen, indented, a label line where `labels` (offset, name,
/// by offset) put one. `None` for a label outside the bytes or not in order.
fn labeled_byte_lines(out: &mut String, bytes: &[u8], labels: &[(u64, String)]) -> Option<()> {
    let mut at = 0usize;
    for (offset, name) in labels {
        let to = usize::try_from(*offset).ok().filter(|&o| o >= at && o <= bytes.len())?;
        byte_lines(out, "    ", &bytes[at..to]);
        out.push_str(&format!("{name}:\n"));
        at = to;
    }
    byte_lines(out, "    ", &bytes[at..]);
    Some(())
}

/// Bytes as `.byte` lines of sixteen, each line after `indent`.
fn byte_lines(out: &mut String, indent: &str, bytes: &[u8]) {
    for line in bytes.chunks(16) {
        let v: Vec<String> = line.iter().map(|x| format!("0x{x:02x}")).collect();
        out.push_str(&format!("{indent}.byte {}\n", v.join(", ")));
    }
}

/// `.text`, `.rodata`, or `.section NAME` for another section.
fn section_directive(name: &str) -> String {
    match name {
        ".text" | ".rodata" | ".data" => format!("\t{name}\n"),
        _ => format!("\t.section {name}\n"),
    }
}

/// A function or kernel symbol's binding, visibility and type, as clang writes them.
fn symbol_attributes(s: &crate::codeobj::CodeSymbol) -> String {
    let mut out = String::new();
    if s.v2_kernel {
        out.push_str(&format!("\t.amdgpu_hsa_kernel {}\n", s.name));
    }
    if s.global {
        out.push_str(&format!("\t.globl {}\n", s.name));
    }
    match s.visibility {
        1 => out.push_str(&format!("\t.internal {}\n", s.name)),
        2 => out.push_str(&format!("\t.hidden {}\n", s.name)),
        3 => out.push_str(&format!("\t.protected {}\n", s.name)),
        _ => {}
    }
    if !s.v2_kernel {
        out.push_str(&format!("\t.type {},@function\n", s.name));
    }
    out
}

/// The end labels of a section's sized functions, each with its `.size` line, as clang writes
/// them (`.Lfunc_end0:` then `.size f, .Lfunc_end0-f`); `next` numbers them across sections.
/// A size that ends outside the section keeps its number.
fn function_ends(sec: &crate::codeobj::CodeSection, next: &mut usize) -> Vec<(u64, String)> {
    let mut ends = Vec::new();
    for s in sec.symbols.iter().filter(|s| s.size > 0) {
        let end = s.offset + s.size;
        let line = if end <= sec.bytes.len() as u64 {
            let label = format!(".Lfunc_end{next}");
            *next += 1;
            format!("{label}:\n\t.size {}, {label}-{}\n", s.name, s.name)
        } else {
            format!("\t.size {}, {}\n", s.name, s.size)
        };
        ends.push((end.min(sec.bytes.len() as u64), line));
    }
    ends
}

/// The kernel descriptors as `.amdhsa_kernel` blocks in their section, each at its offset;
/// one that no directives express is kept as data with the reason.
fn descriptors_text(co: &crate::codeobj::CodeObject) -> String {
    let mut out = String::new();
    let t = co.kd_target();
    let mut at: Option<(String, u64)> = None;
    for d in &co.descriptors {
        if at.as_ref().is_none_or(|(s, _)| *s != d.section) {
            out.push_str(&section_directive(&d.section));
            out.push_str("\t.p2align 6\n");
            at = Some((d.section.clone(), d.addr - d.addr % 64));
        }
        if let Some((_, pos)) = &mut at {
            if d.addr > *pos {
                out.push_str(&format!("\t.zero {}\n", d.addr - *pos));
            }
            *pos = d.addr + crate::codeobj::kd::SIZE as u64;
        }
        if let Err(e) = crate::codeobj::kd::print(&d.kernel, &d.bytes, t, &mut out) {
            out.push_str(&format!(
                "/* kernel descriptor {}.kd: byte {}: {}; kept as data */\n{}.kd:\n",
                d.kernel, e.offset, e.reason, d.kernel
            ));
            byte_lines(&mut out, "\t", &d.bytes);
        }
    }
    out
}

/// The labels that stand for the section symbols of relocations (LLVM text names no
/// section symbol): section, offset, label. A label at a section's start, and the addend
/// kept; in a mergeable section a label where the relocation points, and no addend (so that
/// llvm-mc chooses the section symbol again).
fn reloc_anchors(l: &crate::codeobj::reloc::Linkage) -> Vec<(String, u64, String)> {
    let mut out: Vec<(String, u64, String)> = Vec::new();
    for r in l.relocs.iter().filter(|r| r.symbol.is_none()) {
        let a = anchor_of(l, r);
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

fn anchor_of(l: &crate::codeobj::reloc::Linkage, r: &crate::codeobj::reloc::ObjReloc) -> (String, u64, String) {
    let clean: String = r
        .target
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let merge = l
        .data
        .iter()
        .any(|d| d.name == r.target && d.flags & object::elf::SHF_MERGE.0 != 0);
    if merge {
        let at = r.addend.max(0) as u64;
        (r.target.clone(), at, format!(".Lsection{clean}_{at}"))
    } else {
        (r.target.clone(), 0, format!(".Lsection{clean}"))
    }
}

/// A relocation's target and addend as LLVM text names them.
fn reloc_symbol(l: &crate::codeobj::reloc::Linkage, r: &crate::codeobj::reloc::ObjReloc) -> (String, i64) {
    match &r.symbol {
        Some(s) => (s.clone(), r.addend),
        None => {
            let (_, at, label) = anchor_of(l, r);
            (label, r.addend - at as i64)
        }
    }
}

/// The text of a segment with relocations: each relocated literal printed as its
/// relocation specifier (`s_add_u32 s4, s4, table@rel32@lo+4`). A relocation that is not a
/// literal's, or whose instruction's text cannot carry it, gets a comment saying so (never a
/// text that re-assembles without it unsaid).
fn relocated_lines(
    arch: Arch,
    body: &str,
    words: &[u32],
    base: u64,
    relocs: &[&crate::codeobj::reloc::ObjReloc],
    linkage: &crate::codeobj::reloc::Linkage,
) -> String {
    use crate::codeobj::reloc;
    const PLACEHOLDER: u32 = 0xdeadbeef;
    let units: Vec<(u64, usize)> = crate::decode::decode_all(arch, words)
        .map_while(|(off, r)| r.ok().map(|i| (off as u64, i.len as usize)))
        .collect();
    let is_instruction = |line: &str| {
        let t = line.trim();
        !(t.is_empty()
            || t.starts_with("/*")
            || t.starts_with(';')
            || t.starts_with("//")
            || (t.ends_with(':') && !t.contains(' ')))
    };
    let lines: Vec<&str> = body.lines().collect();
    let count = lines.iter().filter(|l| is_instruction(l)).count();
    let describe = |r: &reloc::ObjReloc| {
        let (sym, a) = (r.symbol.clone().unwrap_or_else(|| r.target.clone()), r.addend);
        format!(
            "{} {sym}{} at 0x{:x}",
            reloc::type_name(r.r_type).unwrap_or("R_AMDGPU_?"),
            reloc::addend_text(a),
            r.offset
        )
    };
    let mut out = String::new();
    if count != units.len() {
        for r in relocs {
            out.push_str(&format!(
                "/* relocation {} not printed: the lines of this code do not match its instructions */\n",
                describe(r)
            ));
        }
        out.push_str(body);
        return out;
    }
    let mut unit = 0;
    for line in lines {
        if !is_instruction(line) {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let (off, len) = units[unit];
        unit += 1;
        let at = base + off;
        let mine: Vec<&&reloc::ObjReloc> = relocs
            .iter()
            .filter(|r| (at..at + 4 * len as u64).contains(&r.offset))
            .collect();
        if mine.is_empty() {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        // The literal is the instruction's last dword, when it has one.
        let k = (off / 4) as usize;
        let lit_at = at + 4 * (len as u64 - 1);
        let printed = (|| {
            let [r] = mine[..] else { return None };
            if r.offset != lit_at || len < 2 {
                return None;
            }
            let mut w = words[k..k + len].to_vec();
            w[len - 1] = PLACEHOLDER;
            let i = decode(arch, &w).ok()?;
            i.literal?;
            let mut t = String::new();
            syntax::llvm::print(&mut t, &i);
            let ph = format!("0x{PLACEHOLDER:x}");
            if t.matches(&ph).count() != 1 || t.starts_with('.') {
                return None;
            }
            let (sym, addend) = reloc_symbol(linkage, r);
            let (text, note) = reloc::literal_text(r.r_type, &sym, addend)?;
            let mut out = t.replacen(&ph, &text, 1);
            if let Some(n) = note {
                out.push_str(&format!(" /* {n} */"));
            }
            // A listing's address and words stay (`// 000000000004: 8000FF00 00000000`).
            if let Some(k) = line.find("// ") {
                out = format!("{out:<40} {}", &line[k..]);
            }
            Some(out)
        })();
        match printed {
            Some(t) => {
                out.push_str(&t);
                out.push('\n');
            }
            None => {
                for r in &mine {
                    out.push_str(&format!(
                        "/* relocation {} on the next instruction: no LLVM text carries it; re-assembled, it is lost */\n",
                        describe(r)
                    ));
                }
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// CLRX text of a relocatable object with relocations: a comment listing them (CLRX's
/// dialect has no text for an LLVM object's relocations; the literals print as the zeros
/// the object holds).
fn clrx_relocation_note(l: &crate::codeobj::reloc::Linkage) -> String {
    use crate::codeobj::reloc;
    let mut out = format!(
        "/* this object has {} relocations; CLRX's dialect has no text for them, so the\n   literals below print as the 0 the object holds (--syntax llvm prints them):\n",
        l.relocs.len()
    );
    for r in &l.relocs {
        out.push_str(&format!(
            "   {}+0x{:x}: {} {}{}\n",
            r.section,
            r.offset,
            reloc::type_name(r.r_type).unwrap_or("R_AMDGPU_?"),
            r.symbol.as_deref().unwrap_or(&r.target),
            reloc::addend_text(r.addend)
        ));
    }
    out.push_str("*/\n");
    out
}

/// The data sections of a relocatable object with relocations, as LLVM text: each section
/// with its flags, its symbols, kernel descriptors (`.amdhsa_kernel` blocks), relocated data
/// (`.quad table+16`, `.long x@rel32@lo+4`) and bytes; then the attributes of undefined
/// symbols.
fn data_text(
    co: &crate::codeobj::CodeObject,
    l: &crate::codeobj::reloc::Linkage,
    anchors: &[(String, u64, String)],
) -> String {
    use crate::codeobj::reloc::{self, *};
    use object::elf;
    let t = co.kd_target();
    let mut out = String::new();
    for d in &l.data {
        let descs: Vec<&crate::codeobj::Descriptor> = co.descriptors.iter().filter(|x| x.section == d.name).collect();
        let syms: Vec<&DataSym> = l.symbols.iter().filter(|s| s.section == d.name).collect();
        let relocs: Vec<&ObjReloc> = l
            .relocs
            .iter()
            .filter(|r| r.section == d.name)
            .filter(|r| {
                !descs
                    .iter()
                    .any(|x| x.addr + crate::codeobj::kd::CODE_ENTRY as u64 == r.offset)
            })
            .collect();
        let labels: Vec<&(String, u64, String)> = anchors.iter().filter(|a| a.0 == d.name).collect();
        if d.size == 0 && syms.is_empty() && labels.is_empty() {
            continue;
        }
        let mut flags = String::new();
        for (bit, c) in [
            (elf::SHF_ALLOC.0, 'a'),
            (elf::SHF_WRITE.0, 'w'),
            (elf::SHF_EXECINSTR.0, 'x'),
            (elf::SHF_MERGE.0, 'M'),
            (elf::SHF_STRINGS.0, 'S'),
        ] {
            if d.flags & bit != 0 {
                flags.push(c);
            }
        }
        let kind = if d.nobits { "@nobits" } else { "@progbits" };
        let entsize = if d.flags & elf::SHF_MERGE.0 != 0 {
            format!(",{}", d.entsize)
        } else {
            String::new()
        };
        out.push_str(&format!("\t.section {},\"{flags}\",{kind}{entsize}\n", d.name));
        if d.align > 1 && d.align.is_power_of_two() {
            out.push_str(&format!("\t.p2align {}\n", d.align.trailing_zeros()));
        }
        let mut stops: Vec<u64> = syms.iter().map(|s| s.offset).collect();
        stops.extend(descs.iter().map(|x| x.addr));
        stops.extend(relocs.iter().map(|r| r.offset));
        stops.extend(labels.iter().map(|a| a.1));
        stops.push(d.size);
        stops.sort();
        stops.dedup();
        let mut pos = 0u64;
        for &stop in &stops {
            if stop > pos {
                if d.nobits {
                    out.push_str(&format!("\t.zero {}\n", stop - pos));
                } else {
                    let b = d.bytes.get(pos as usize..stop as usize).unwrap_or(&[]);
                    byte_lines(&mut out, "\t", b);
                }
                pos = stop;
            }
            if stop < pos || stop >= d.size && stop > 0 && syms.iter().all(|s| s.offset != stop) {
                continue;
            }
            for a in labels.iter().filter(|a| a.1 == stop) {
                out.push_str(&format!("{}:\n", a.2));
            }
            for s in syms.iter().filter(|s| s.offset == stop) {
                let n = reloc::quoted(&s.name);
                if s.weak {
                    out.push_str(&format!("\t.weak {n}\n"));
                } else if s.global {
                    out.push_str(&format!("\t.globl {n}\n"));
                }
                match s.visibility {
                    1 => out.push_str(&format!("\t.internal {n}\n")),
                    2 => out.push_str(&format!("\t.hidden {n}\n")),
                    3 => out.push_str(&format!("\t.protected {n}\n")),
                    _ => {}
                }
                if s.object {
                    out.push_str(&format!("\t.type {n},@object\n"));
                }
                if s.size > 0 {
                    out.push_str(&format!("\t.size {n}, {}\n", s.size));
                }
                out.push_str(&format!("{n}:\n"));
            }
            if let Some(x) = descs.iter().find(|x| x.addr == stop) {
                if let Err(e) = crate::codeobj::kd::print(&x.kernel, &x.bytes, t, &mut out) {
                    out.push_str(&format!(
                        "/* kernel descriptor {}.kd: byte {}: {}; kept as data */\n{}.kd:\n",
                        x.kernel, e.offset, e.reason, x.kernel
                    ));
                    byte_lines(&mut out, "\t", &x.bytes);
                }
                pos = stop + crate::codeobj::kd::SIZE as u64;
            } else if let Some(r) = relocs.iter().find(|r| r.offset == stop) {
                let (sym, addend) = reloc_symbol(l, r);
                let sym = reloc::quoted(&sym);
                let a = reloc::addend_text(addend);
                let (width, text) = match r.r_type {
                    R_AMDGPU_ABS64 => (8, Some(format!(".quad {sym}{a}"))),
                    R_AMDGPU_REL64 => (8, Some(format!(".quad {sym}@rel64{a}"))),
                    R_AMDGPU_ABS32 => (4, Some(format!(".long {sym}{a}"))),
                    R_AMDGPU_REL32_LO => (4, Some(format!(".long {sym}@rel32@lo{a}"))),
                    R_AMDGPU_REL32_HI => (4, Some(format!(".long {sym}@rel32@hi{a}"))),
                    R_AMDGPU_GOTPCREL => (4, Some(format!(".long {sym}@gotpcrel{a}"))),
                    R_AMDGPU_GOTPCREL32_LO => (4, Some(format!(".long {sym}@gotpcrel32@lo{a}"))),
                    R_AMDGPU_GOTPCREL32_HI => (4, Some(format!(".long {sym}@gotpcrel32@hi{a}"))),
                    _ => (4, None),
                };
                match text {
                    Some(t)
                        if d.bytes
                            .get(stop as usize..(stop + width) as usize)
                            .is_some_and(|b| b.iter().all(|&x| x == 0)) =>
                    {
                        out.push_str(&format!("\t{t}\n"));
                        pos = stop + width;
                    }
                    _ => out.push_str(&format!(
                        "/* relocation {} {}{} at {}+0x{:x}: no LLVM text carries it; re-assembled, it is lost */\n",
                        reloc::type_name(r.r_type).unwrap_or("R_AMDGPU_?"),
                        r.symbol.as_deref().unwrap_or(&r.target),
                        reloc::addend_text(r.addend),
                        d.name,
                        r.offset
                    )),
                }
            }
        }
    }
    for (name, weak, vis) in &l.undefined {
        let n = reloc::quoted(name);
        if *weak {
            out.push_str(&format!("\t.weak {n}\n"));
        }
        match vis {
            1 => out.push_str(&format!("\t.internal {n}\n")),
            2 => out.push_str(&format!("\t.hidden {n}\n")),
            3 => out.push_str(&format!("\t.protected {n}\n")),
            _ => {}
        }
    }
    out
}

/// Bytes as data lines of four-byte words (`.int` in CLRX, `.long` in LLVM), eight a line,
/// after a comment naming what they are.
fn data_lines(bytes: &[u8], syntax: Syntax, what: &str) -> String {
    let mut out = format!("/* {what} */\n");
    let directive = if syntax == Syntax::Llvm { ".long " } else { ".int " };
    for line in bytes.chunks(32) {
        out.push_str(directive);
        for (k, w) in line.chunks(4).enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            let mut b = [0u8; 4];
            b[..w.len()].copy_from_slice(w);
            out.push_str(&format!("0x{:08x}", u32::from_le_bytes(b)));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{At, Labels};

    /// The text of `words` by the general printer and labels found over all of them at once
    /// (the fast path's rings must give the same).
    fn general_text(arch: Arch, words: &[u32]) -> String {
        let labels = Labels::of(arch, words, 0);
        let mut out = String::new();
        let mut pos = 0;
        while let Ok(i) = decode(arch, &words[pos..]) {
            let at = At {
                offset: pos * 4,
                labels: Some(&labels),
            };
            if labels.has(pos as i64 * 4) {
                syntax::label_name(&mut out, pos as i64 * 4);
                out.push_str(":\n");
            }
            syntax::print_at(&mut out, &i, Syntax::Clrx, &at);
            out.push('\n');
            pos += i.len as usize;
            if pos == words.len() {
                break;
            }
        }
        out
    }

    /// Branches of every reach (both ways, to instructions and into them) in a listing
    /// several times the fast path's rings, cut inside its last instruction.
    #[test]
    fn labels_span_the_whole_listing() {
        let arch = Arch::Gcn12;
        let (nop, branch, scc0, mov_lit) = (0xbf80_0000u32, 0xbf82_0000u32, 0xbf84_0000u32, 0xbe80_00ffu32);
        let mut words = Vec::new();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        while words.len() < 3 * ITEMS + 12345 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let simm = match seed % 8 {
                0 => 0x7fff,
                1 => 0x8000,
                2 => 0x8001,
                _ => (seed >> 20) as u32 & 0xffff,
            };
            match (seed >> 8) % 16 {
                0 => words.push(branch | simm),
                1 => words.push(scc0 | simm),
                2..=6 => words.extend([mov_lit, 0x1234_5678]),
                _ => words.push(nop),
            }
        }
        let want = general_text(arch, &words);
        assert!(want.matches(":\n").count() > 1000);
        let mut got = String::new();
        let r = disassemble(arch, &words, 0, Syntax::Clrx, Format::Text, |s| got.push_str(s));
        assert!(r.is_ok());
        assert!(got == want, "the fast path's labels differ");
        // The same words fed in pieces of every size (cut anywhere, inside instructions
        // too) make the same listing, in every format.
        for format in [Format::Text, Format::Listing, Format::Json] {
            for syntax in [Syntax::Clrx, Syntax::Llvm] {
                let mut whole = String::new();
                disassemble(arch, &words, 0, syntax, format, |s| whole.push_str(s)).unwrap();
                for piece in [1000, 40_000, 65_537] {
                    let mut d = Disassembler::new(arch, syntax, format);
                    let (mut fed, mut pending, mut text) = (0, Vec::new(), String::new());
                    while fed < words.len() {
                        let next = (fed + piece).min(words.len());
                        pending.extend_from_slice(&words[fed..next]);
                        fed = next;
                        let done = d.feed(&pending, 0, fed == words.len(), |s| text.push_str(s)).unwrap();
                        pending.drain(..done);
                    }
                    assert!(pending.is_empty());
                    assert!(text == whole, "{syntax:?} {format:?} in pieces of {piece}");
                }
            }
        }
        // Cut inside a literal: every instruction before it, then the error.
        let cut = words.iter().rposition(|&w| w == mov_lit).unwrap() + 1;
        let want = general_text(arch, &words[..cut - 1]);
        let mut got = String::new();
        let r = disassemble(arch, &words[..cut], 0, Syntax::Clrx, Format::Text, |s| got.push_str(s));
        assert_eq!(r.map_err(|t| t.offset), Err((cut - 1) * 4));
        assert!(got == want, "the fast path's labels differ before a cut");
    }
}

/// An AMD Catalyst OpenCL 1.2 binary (CLRX's `.amd` format) as CLRX text, as clrxdisasm
/// prints it with the same options: its head, then each kernel's `.config` (`-C`) or raw
/// parts (`-m`: header and metadata; `-d`: its `.data`; `cal_notes`, clrxdisasm's `-a`/`-c`:
/// its CAL notes), then its code. [`ClrxDump::ALL`] (`-dCmf`) and the raw form with
/// `cal_notes` and `-dm` give text both assemblers take back.
pub fn disassemble_amd(
    data: &[u8],
    format: Format,
    dump: ClrxDump,
    cal_notes: bool,
    mut sink: impl FnMut(&str),
) -> Result<(), String> {
    use crate::codeobj::clrx_amd_read as amd;
    if format == Format::Json {
        return Err("an AMD Catalyst binary is printed as CLRX text only (no JSON records)".into());
    }
    let b = amd::read(data)?;
    let mut head = String::new();
    amd::print_head(&b, dump.metadata, dump.data, &mut head);
    sink(&head);
    for (n, k) in b.kernels.iter().enumerate() {
        let mut t = format!(".kernel {}\n", k.name);
        if dump.config {
            amd::print_config(&amd::config_of(k, &b.driver_info)?, &mut t);
        } else {
            amd::print_raw(k, dump.metadata, dump.data, cal_notes, &mut t);
        }
        if !k.code.is_empty() {
            t.push_str("    .text\n");
        }
        sink(&t);
        let mut code = String::new();
        // (clrxdisasm leaves out a kernel's last bytes that fill no word, saying so.)
        let whole = k.code.len() & !3;
        if whole < k.code.len() {
            code.push_str("        /* WARNING: Code size is not aligned to 4-byte word! */\n");
        }
        code_text(b.device.arch, &k.code[..whole], 0, format, &mut code)
            .map_err(|t| format!("kernel {}: {t}", k.name))?;
        sink(&dump.floats_of(&rename_labels(&code, n)));
    }
    Ok(())
}

/// An AMD OpenCL 2.0 binary (CLRX's `.amdcl2` format) as CLRX text, as clrxdisasm `-dCmf`
/// prints it: its head (device, driver version, data, samplers), then each kernel's
/// `.config` and code.
pub fn disassemble_amdcl2(data: &[u8], format: Format, sink: impl FnMut(&str)) -> Result<(), String> {
    disassemble_amdcl2_parts(data, format, ClrxDump::ALL, sink)
}

/// [`disassemble_amdcl2`] with what clrxdisasm prints for `dump`'s options (`-m`, `-d`, `-C`;
/// none of them: the code alone, clrxdisasm's default); float comments are left to the
/// caller ([`ClrxDump::floats_of`]).
pub fn disassemble_amdcl2_parts(
    data: &[u8],
    format: Format,
    dump: ClrxDump,
    sink: impl FnMut(&str),
) -> Result<(), String> {
    disassemble_amdcl2_setup(data, format, dump, Cl2Forms::default(), sink)
}

/// clrxdisasm's options of OpenCL 2.0 binaries beyond [`ClrxDump`]'s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cl2Forms {
    /// `-s`: each kernel's raw stub and setup, the samplers' raw `.samplerinit`, where `-C`
    /// does not print them as config.
    pub setup: bool,
    /// `-H`: with `-C`, each kernel's setup as an `.hsaconfig` (new binaries).
    pub hsa_config: bool,
    /// `-L`: the HSA layout form (new binaries): `.hsalayout`, the kernels' configs, then one
    /// `.text` with each kernel's label at its setup (`.skip 256` with `-C`, its bytes with
    /// `-m`, else nothing).
    pub layout: bool,
}

/// [`disassemble_amdcl2_parts`] with clrxdisasm's `-s` and `-H` too ([`Cl2Forms`]).
pub fn disassemble_amdcl2_setup(
    data: &[u8],
    format: Format,
    dump: ClrxDump,
    forms: Cl2Forms,
    mut sink: impl FnMut(&str),
) -> Result<(), String> {
    use crate::codeobj::clrx_amdcl2_read as cl2;
    if format == Format::Json {
        return Err("an AMD OpenCL 2.0 binary is printed as CLRX text only (no JSON records)".into());
    }
    let b = cl2::read(data)?;
    let parts = cl2::Parts {
        metadata: dump.metadata,
        data: dump.data,
        config: dump.config,
        setup: forms.setup,
        layout: forms.layout && b.hsa_text.is_some(),
    };
    let mut head = String::new();
    cl2::print_head(&b, parts, &mut head);
    sink(&head);
    for (n, k) in b.kernels.iter().enumerate() {
        let mut t = format!(".kernel {}\n", k.name);
        if parts.config {
            let mut c = cl2::config_of(&b, k).map_err(|e| format!("kernel {}: {e}", k.name))?;
            // (With `-L` clrxdisasm gives the relocations to the whole code, none to a kernel:
            // no samplers found through them.)
            if parts.layout {
                c.samplers.clear();
            }
            if forms.hsa_config {
                cl2::print_hsa_config(&b, &c, &k.setup, &mut t).map_err(|e| format!("kernel {}: {e}", k.name))?;
            } else {
                cl2::print_config(&c, &mut t);
            }
        } else {
            if parts.metadata {
                cl2::print_raw_metadata(k, &mut t);
            }
            if parts.setup {
                cl2::print_raw_setup(k, parts.layout, &mut t);
            }
        }
        sink(&t);
        if !k.code.is_empty() && !parts.layout {
            sink("    .text\n");
            let mut code = String::new();
            // (clrxdisasm prints the code's whole words: a setup's odd code entry offset
            // leaves bytes over, which it does not print.)
            let words = &k.code[..k.code.len() / 4 * 4];
            let r = if k.relocs.is_empty() {
                code_text(b.device.arch, words, 0, format, &mut code)
            } else {
                amdcl2_code_text(b.device.arch, words, format, &k.relocs, &mut code)
            };
            r.map_err(|t| format!("kernel {}: {t}", k.name))?;
            sink(&rename_labels(&code, n));
        }
    }
    if let Some(text) = b.hsa_text.as_deref().filter(|_| parts.layout) {
        amdcl2_layout_text(&b, text, parts, format, &mut sink)?;
    }
    if parts.data {
        sink(&amdcl2_own_sections(&b).unwrap_or_default());
    }
    Ok(())
}

/// The sections of the source's own of an OpenCL 2.0 binary (clrxdisasm prints none): after
/// `.main` those of the main binary, after `.inner` the inner binary's, each binary's in its
/// order, as [`own_section_text`] prints them. `None` (none printed) when one cannot be
/// written so, or has a name CLRX's `.amdcl2` reads as a part of its own.
fn amdcl2_own_sections(b: &crate::codeobj::clrx_amdcl2_read::Cl2Binary) -> Option<String> {
    // (and an own `.strtab`, `.symtab` or `.shstrtab` is the one CLRX's writer links its
    // symbols or names to: such a binary reads back otherwise)
    let reserved = [
        ".rodata",
        ".data",
        ".bss",
        ".comment",
        ".globaldata",
        ".strtab",
        ".symtab",
        ".shstrtab",
    ];
    let mut out = String::new();
    for (switch, list) in [(".main\n", &b.own), (".inner\n", &b.inner_own)] {
        if list.is_empty() {
            continue;
        }
        if out.is_empty() {
            out.push_str(OWN_SECTIONS_NOTE);
        }
        out.push_str(switch);
        for s in list {
            if reserved.contains(&s.name.as_str()) {
                return None;
            }
            own_section_text(&mut out, &s.name, s.kind, s.flags, s.align, &s.bytes, s.size, &[])?;
        }
    }
    Some(out)
}

/// The comment before the source's own sections in CLRX text.
pub const OWN_SECTIONS_NOTE: &str = "/* the source's own sections (clrxdisasm prints none) */\n";

/// `-L`'s `.text`: the inner binary's code with each kernel's label at its setup (see
/// [`Cl2Forms::layout`]) and its relocations where they are.
fn amdcl2_layout_text(
    b: &crate::codeobj::clrx_amdcl2_read::Cl2Binary,
    text: &[u8],
    parts: crate::codeobj::clrx_amdcl2_read::Parts,
    format: Format,
    sink: &mut impl FnMut(&str),
) -> Result<(), String> {
    use crate::codeobj::clrx_amdcl2_read::CodeReloc;
    use std::fmt::Write as _;
    let relocs: Vec<CodeReloc> = b
        .kernels
        .iter()
        .flat_map(|k| {
            let base = k.text_at + k.setup.len() as u64;
            k.relocs.iter().map(move |r| CodeReloc {
                offset: r.offset + base,
                ..*r
            })
        })
        .collect();
    let mut cuts: Vec<usize> = b.kernels.iter().map(|k| (k.text_at as usize).min(text.len())).collect();
    cuts.extend([0, text.len()]);
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = String::from(".text\n");
    for (n, w) in cuts.windows(2).enumerate() {
        let (at, to) = (w[0], w[1]);
        let mut from = at;
        for k in b.kernels.iter().filter(|k| k.text_at as usize == at) {
            let _ = writeln!(out, "{}:", k.name);
            let end = (at + k.setup.len()).min(to);
            if parts.config {
                let _ = writeln!(out, ".skip {}", end - at);
            } else if parts.metadata {
                let mut t = String::new();
                crate::codeobj::clrx_amd_read::print_bytes(&text[at..end], &mut t);
                for l in t.lines() {
                    let _ = writeln!(out, "    {l}");
                }
            }
            from = from.max(end);
        }
        let code = &text[from..to];
        let code = &code[..code.len() / 4 * 4];
        let mut t = String::new();
        let here: Vec<CodeReloc> = relocs
            .iter()
            .filter(|r| (from as u64..to as u64).contains(&r.offset))
            .copied()
            .collect();
        if here.is_empty() {
            code_text(b.device.arch, code, from, format, &mut t)?;
        } else {
            amdcl2_code_text_at(b.device.arch, code, from, format, &here, &mut t)?;
        }
        out.push_str(&rename_labels(&t, n));
    }
    sink(&out);
    Ok(())
}

/// [`code_text`] of an OpenCL 2.0 kernel's code with relocations to the global data, as
/// clrxdisasm prints them: a relocated literal (clrxasm's filler 0x55555555) reads as its
/// place (`(.gdata+8)&0xffffffff`), without a float comment; a relocated data word prints as
/// what it decodes to.
fn amdcl2_code_text(
    arch: Arch,
    code: &[u8],
    format: Format,
    relocs: &[crate::codeobj::clrx_amdcl2_read::CodeReloc],
    out: &mut String,
) -> Result<(), String> {
    amdcl2_code_text_at(arch, code, 0, format, relocs, out)
}

/// [`amdcl2_code_text`] of code at offset `base` (the relocations' offsets count from 0).
fn amdcl2_code_text_at(
    arch: Arch,
    code: &[u8],
    base: usize,
    format: Format,
    relocs: &[crate::codeobj::clrx_amdcl2_read::CodeReloc],
    out: &mut String,
) -> Result<(), String> {
    code_text_relocated(arch, code, base, format, out, |at, line| {
        let Some(r) = relocs.iter().find(|r| r.offset == at as u64 + 4) else {
            return line;
        };
        let Some(k) = line.find("*/ ") else { return line };
        let (head, tail) = line.split_at(k + 3);
        let mut tail = tail.replacen("0x55555555", &r.text(), 1);
        if let Some(c) = tail.find(" /*") {
            tail.truncate(c);
            tail.push('\n');
        }
        format!("{head}{tail}")
    })
}

/// The printer's local labels (`.L8_0`) renamed for kernel `n` (`.L8_n`).
fn rename_labels(text: &str, n: usize) -> String {
    if n == 0 {
        return text.to_string();
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b".L") {
            let d = b[i + 2..].iter().take_while(|c| c.is_ascii_digit()).count();
            if d > 0
                && b[i + 2 + d..].starts_with(b"_0")
                && !b.get(i + 4 + d).is_some_and(|c| c.is_ascii_alphanumeric())
            {
                out.push_str(&text[i..i + 2 + d]);
                out.push_str(&format!("_{n}"));
                i += 4 + d;
                continue;
            }
        }
        let ch = text[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// The parts of a CLRX binary clrxdisasm prints: its `-d` (global data), `-m` (metadata:
/// arguments, raw program info), `-C` (configuration in readable pseudo-ops) and `-f`
/// (float literals' values in comments). gcnkit's default is all of them ([`ClrxDump::ALL`]:
/// the text both assemblers take back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClrxDump {
    pub data: bool,
    pub metadata: bool,
    pub config: bool,
    pub floats: bool,
}

impl ClrxDump {
    /// clrxdisasm's `-dCmf`.
    pub const ALL: ClrxDump = ClrxDump {
        data: true,
        metadata: true,
        config: true,
        floats: true,
    };

    /// `text` with or without its float literals' comments (` /* 1.5f */` at a line's end).
    pub fn floats_of<'a>(&self, text: &'a str) -> std::borrow::Cow<'a, str> {
        if self.floats || !text.contains(" */\n") {
            return text.into();
        }
        let mut out = String::with_capacity(text.len());
        for line in text.split_inclusive('\n') {
            let body = line.trim_end_matches('\n');
            let cut = body
                .strip_suffix(" */")
                .filter(|b| b.ends_with('f') || b.ends_with('h'))
                .and_then(|b| b.rfind(" /* "));
            match cut {
                Some(at) => {
                    out.push_str(&body[..at]);
                    out.push_str(&line[body.len()..]);
                }
                None => out.push_str(line),
            }
        }
        out.into()
    }
}

/// A GalliumCompute binary (CLRX's `.gallium` format) as CLRX text, as clrxdisasm `-dCmf`
/// prints it for `device` (the binary does not say; clrxdisasm's `-g`, else CapeVerde): its
/// head, each kernel's `.args` and `.config` (with LLVM 4.0's HSA header, as clrxdisasm
/// `--llvmVersion 40000` prints it), then `.text` with each kernel's name as a label at its
/// code (with LLVM 4.0, `.skip 256` for the header). A branch from one kernel's code into
/// another's is not given a label (each kernel's code is disassembled alone). `dump` chooses
/// the parts as clrxdisasm's options do.
pub fn disassemble_gallium(
    data: &[u8],
    device: &'static crate::codeobj::clrx_config::Device,
    format: Format,
    dump: ClrxDump,
    mut sink: impl FnMut(&str),
) -> Result<(), String> {
    use crate::codeobj::clrx_gallium_read as gallium;
    if format == Format::Json {
        return Err("a GalliumCompute binary is printed as CLRX text only (no JSON records)".into());
    }
    let b = gallium::read(data)?;
    let mut head = String::new();
    gallium::print_head(&b, device, dump.data, &mut head);
    for k in &b.kernels {
        gallium::print_kernel(&b, k, device, (dump.metadata, dump.config), &mut head);
    }
    head.push_str(".text\n");
    sink(&head);
    let mut sink = |t: &str| sink(&dump.floats_of(t));
    let mut cuts: Vec<usize> = b.kernels.iter().map(|k| k.offset as usize).collect();
    cuts.extend([0, b.code.len()]);
    cuts.sort_unstable();
    cuts.dedup();
    for w in cuts.windows(2) {
        // (A damaged binary's kernel may start past the code: its label goes at the end.)
        let (at, to) = (w[0], w[1].min(b.code.len()));
        let mut from = at.min(to);
        let mut t = String::new();
        let mut kernel = false;
        for k in b.kernels.iter().filter(|k| k.offset as usize == at) {
            t.push_str(&format!("{}:\n", k.name));
            kernel = true;
        }
        if b.hsa && kernel {
            // The header: printed in the config (or, without `-C`, as bytes; without `-m`,
            // not at all).
            if dump.config {
                t.push_str(".skip 256\n");
            } else if dump.metadata {
                crate::codeobj::clrx_amd_read::print_bytes(&b.code[from..(from + 256).min(to)], &mut t);
            }
            from = (from + 256).min(to);
        }
        if b.scratch_relocs.is_empty() {
            code_text(device.arch, &b.code[from..to], from, format, &mut t)?;
        } else {
            scratch_code_text(device.arch, &b.code[from..to], from, format, &b.scratch_relocs, &mut t)?;
        }
        sink(&t);
    }
    Ok(())
}

/// [`code_text`] of code with relocations to the scratch buffer, as clrxdisasm prints them: a
/// literal so relocated reads `.scratchaddr&0xffffffff` or `.scratchaddr>>32` (a relocated
/// data word prints as what it decodes to, as in clrxdisasm).
fn scratch_code_text(
    arch: Arch,
    code: &[u8],
    base: usize,
    format: Format,
    relocs: &[(u32, bool)],
    out: &mut String,
) -> Result<(), String> {
    code_text_relocated(arch, code, base, format, out, |at, line| {
        match relocs.iter().find(|r| r.0 as usize == at + 4) {
            Some(&(_, true)) => line.replacen("lit(4)", ".scratchaddr>>32", 1),
            Some(&(_, false)) => line.replacen("lit(4)", ".scratchaddr&0xffffffff", 1),
            None => line,
        }
    })
}

/// [`code_text`] with each instruction's listing line (`/*OFFSET: WORDS*/ TEXT`) passed
/// through `rewrite` with its offset first: how the formats with code relocations print the
/// relocated literals.
fn code_text_relocated(
    arch: Arch,
    code: &[u8],
    base: usize,
    format: Format,
    out: &mut String,
    rewrite: impl Fn(usize, String) -> String,
) -> Result<(), String> {
    let mut listing = String::new();
    code_text(arch, code, base, Format::Listing, &mut listing)?;
    for line in listing.split_inclusive('\n') {
        // The listing's `/*OFFSET: WORDS*/` tells where an instruction starts.
        let at = line
            .strip_prefix("/*")
            .and_then(|r| r.split_once(':'))
            .and_then(|(o, _)| usize::from_str_radix(o, 16).ok());
        let line = match at {
            Some(a) => rewrite(a, line.to_string()),
            None => line.to_string(),
        };
        match (format, line.find("*/ ")) {
            (Format::Text, Some(k)) if line.starts_with("/*") => out.push_str(&line[k + 3..]),
            _ => out.push_str(&line),
        }
    }
    Ok(())
}

/// Code of a CLRX binary as clrxdisasm prints it: instructions, a run of zero words where an
/// instruction would start as `.fill N, 4, 0` (a zero word alone decodes to a VOP2 that reads
/// two scalar values), bytes past the last whole word as `.byte`. `base` is the code's offset
/// (labels are named by it).
fn code_text(arch: Arch, code: &[u8], base: usize, format: Format, out: &mut String) -> Result<(), String> {
    let whole = code.len() / 4 * 4;
    let words: Vec<u32> = code[..whole]
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let head = out.len();
    // Segments of instructions, cut at zero runs that start at an instruction.
    let mut at = 0;
    let mut start = 0;
    let flush = |from: usize, to: usize, out: &mut String| -> Result<(), String> {
        if from < to {
            disassemble(arch, &words[from..to], base + 4 * from, Syntax::Clrx, format, |s| {
                out.push_str(s)
            })
            .map_err(|t| t.to_string())?;
        }
        Ok(())
    };
    while at < words.len() {
        if words[at] == 0 {
            let run = words[at..].iter().take_while(|&&w| w == 0).count();
            flush(start, at, out)?;
            out.push_str(&format!(".fill {run}, 4, 0\n"));
            at += run;
            start = at;
            continue;
        }
        match decode(arch, &words[at..]) {
            Ok(i) => at += i.len.max(1) as usize,
            // An instruction cut by the code's end: clrxdisasm warns before the code and
            // prints it as if zeros followed; its words as data read back to the same file.
            Err(DecodeError::Truncated { .. }) => {
                flush(start, at, out)?;
                out.insert_str(head, &format!("/* {CUT_AT_END} */\n"));
                for w in &words[at..] {
                    out.push_str(&format!(".int 0x{w:08x}\n"));
                }
                start = words.len();
                at = start;
            }
            Err(_) => at += 1,
        }
    }
    flush(start, words.len().min(at), out)?;
    if whole < code.len() {
        crate::codeobj::clrx_amd_read::print_bytes(&code[whole..], out);
    }
    Ok(())
}
