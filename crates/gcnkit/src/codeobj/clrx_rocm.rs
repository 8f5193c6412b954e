//! ROCm's code object v2 as clrxasm 0.1.9 writes it (its `.rocm` format): not a relocatable
//! object but a loadable one, laid out as a shared library is — program headers, the
//! read-only part (`.rodata`, `.dynsym`, `.hash`, `.dynstr`) in the first page-aligned
//! segment, `.text` (its kernels' headers and code) in the second, `.dynamic` in the third,
//! then the parts a loader does not map (`.note`, `.comment`, `.symtab`...).
//!
//! Facts from clrxasm's output (and its `ROCmBinGenerator`/`ElfBinaryGen`, read for them):
//! - every address is the file offset (sections outside the segments have address 0);
//! - the symbols are `_DYNAMIC` (only in `.symtab`) then the kernels in `.kernel` order,
//!   kernels as `STT_GNU_IFUNC` (LLVM's AMDGPU_HSA_KERNEL), `.fkernel`s as functions, size 0;
//! - `.hash`'s bucket count is the one of 1/4 to 2 times the symbols (null included) with the
//!   least `buckets + sum of chain lengths squared`, the first such;
//! - the notes: code object version 2.1, the ISA version, then `.target` (type 11) and the
//!   metadata (type 10) when given; `.newbinfmt` moves `.note` first, under a `PT_NOTE`, drops
//!   `.AMDGPU.config`, sets the ELF flags to 2 and the entry to `.text`.
//! - `.gotsym`: a `.got` of 8 zero bytes per entry after `.dynamic` (in its segments), and
//!   `.rela.dyn` before `.text`, one `R_AMDGPU_ABS64` (3) per entry naming the dynamic symbol;
//!   the symbols of the GOT that are not kernels come as objects, those in `.text` before the
//!   kernels, the others after them.
//! - `.llvm10binfmt` (code object v3): ABI version 1, flags 51 (gfx1010's, whatever the
//!   device) unless `.eflags`, no v2 notes (only the metadata), `.rodata` (64-aligned) after
//!   `.dynstr` with the k-th kernel's 64-byte descriptor at k*64, whose code entry offset
//!   clrxasm computes from the section after `.rodata` (`.text`, or `.rela.dyn` with a GOT);
//!   kernels are protected functions each followed by `NAME.kd`, a protected object there.
//! - `.metadatav3`: the metadata note is MessagePack, owner "AMDGPU", type 32.
//! - sections of the source other than `.text`, `.rodata` and `.comment` (`.section NAME`,
//!   `.data`) come after the section header table, in the order the source opened them, each
//!   at its alignment (1 unless `align=`), address 0, their headers after `.strtab`'s.

pub use super::clrx_elf::SHT_PROGBITS;
use super::clrx_elf::{Out, SHF_ALLOC as A, SHF_EXECINSTR as X, SHT_STRTAB, SHT_SYMTAB};

/// A symbol of the object: a kernel or a function kernel at a `.text` offset, or an object
/// the GOT names.
pub struct RocmSymbol {
    pub name: String,
    pub offset: u64,
    /// `.fkernel`: a function (`STT_FUNC`), not an HSA kernel.
    pub function: bool,
    /// An object (`STT_OBJECT`) the GOT names, and its size.
    pub object: Option<(ObjectIn, u64)>,
}

/// Where a GOT's object is: `offset` counts from the start of `.text` or `.rodata`, or is the
/// value of an absolute symbol (`SHN_ABS`), typed `STT_OBJECT` (true) or not: clrxasm's
/// check "in the global data's section" holds for absolute symbols when there is none.
#[derive(Clone, Copy, PartialEq)]
pub enum ObjectIn {
    Text,
    Rodata,
    Absolute(bool),
    /// The k-th of [`RocmInput::extra`] (an untyped symbol there).
    Extra(usize),
}

/// What the object is made of.
pub struct RocmInput {
    pub new_binfmt: bool,
    /// `.llvm10binfmt`: code object v3 (descriptors in `.rodata`).
    pub llvm10: bool,
    /// `.metadatav3`: the metadata is MessagePack (its note "AMDGPU", type 32).
    pub metadata_v3: bool,
    /// `.eflags` (else 2 with `.newbinfmt`, 0 without).
    pub eflags: Option<u32>,
    /// The ISA version's major, minor and stepping.
    pub isa: (u32, u32, u32),
    /// `.target` (or `.tripple` with the `-gfxXYZ` CLRX adds): its note.
    pub target: Option<String>,
    /// The metadata note's bytes.
    pub metadata: Option<Vec<u8>>,
    pub global_data: Option<Vec<u8>>,
    pub code: Vec<u8>,
    pub symbols: Vec<RocmSymbol>,
    /// The GOT's entries: indices in `symbols`.
    pub got: Vec<usize>,
    /// `.section .comment`'s bytes, instead of clrxasm's name.
    pub comment: Option<Vec<u8>>,
    /// The source's other sections.
    pub extra: Vec<ExtraSection>,
}

/// A section of the source clrxasm writes as it is (after the section header table).
pub struct ExtraSection {
    pub name: String,
    /// `SHT_PROGBITS`, `SHT_NOTE` or `SHT_NOBITS` (whose bytes give only the size).
    pub kind: u32,
    pub flags: u64,
    /// The alignment of its offset (and its header's), at least 1.
    pub align: u64,
    pub bytes: Vec<u8>,
}

/// `SHT_NOBITS`.
pub const SHT_NOBITS: u32 = 8;

const SHT_RELA: u32 = 4;
const SHT_HASH: u32 = 5;
const SHT_DYNAMIC: u32 = 6;
pub const SHT_NOTE: u32 = 7;
const SHT_DYNSYM: u32 = 11;
const W: u64 = 1;
const MS: u64 = 0x30;
const SYM: usize = 24;

/// The parts of the file, in order.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    Phdrs,
    Note,
    Rodata,
    Dynsym,
    Hash,
    Dynstr,
    RelaDyn,
    Text,
    Dynamic,
    Got,
    Config,
    Comment,
    Symtab,
    Shstrtab,
    Strtab,
    Shdrs,
}

impl Part {
    /// Name, type, flags, padding of the region, alignment in the header (0: the padding's),
    /// whether its address is its offset.
    fn section(self) -> (&'static str, u32, u64, u64, u64, bool) {
        match self {
            Part::Note => (".note", SHT_NOTE, 0, 4, 0, false),
            Part::Rodata => (".rodata", SHT_PROGBITS, A, 4, 0, true),
            Part::Dynsym => (".dynsym", SHT_DYNSYM, A, 8, 0, true),
            Part::Hash => (".hash", SHT_HASH, A, 4, 0, true),
            Part::Dynstr => (".dynstr", SHT_STRTAB, A, 1, 0, true),
            Part::RelaDyn => (".rela.dyn", SHT_RELA, A, 8, 0, true),
            Part::Got => (".got", SHT_PROGBITS, A | W, 8, 0, true),
            Part::Text => (".text", SHT_PROGBITS, A | X, 0x1000, 256, true),
            Part::Dynamic => (".dynamic", SHT_DYNAMIC, A | W, 0x1000, 8, true),
            Part::Config => (".AMDGPU.config", SHT_PROGBITS, 0, 1, 0, false),
            Part::Comment => (".comment", SHT_PROGBITS, MS, 1, 0, false),
            Part::Symtab => (".symtab", SHT_SYMTAB, 0, 8, 0, false),
            Part::Shstrtab => (".shstrtab", SHT_STRTAB, 0, 1, 0, false),
            Part::Strtab => (".strtab", SHT_STRTAB, 0, 1, 0, false),
            Part::Phdrs | Part::Shdrs => ("", 0, 0, 8, 0, false),
        }
    }
}

/// The ELF hash of a symbol name.
fn elf_hash(name: &str) -> u32 {
    let mut h = 0u32;
    for &c in name.as_bytes() {
        h = (h << 4).wrapping_add(c as u32);
        let g = h & 0xf000_0000;
        if g != 0 {
            h ^= g >> 24;
        }
        h &= !g;
    }
    h
}

/// `.hash` for the dynamic symbols `names` (the null symbol comes first).
fn hash_table(names: &[&str]) -> Vec<u8> {
    let n = names.len() as u32 + 1;
    let codes: Vec<u32> = std::iter::once(0).chain(names.iter().map(|s| elf_hash(s))).collect();
    let first = (n >> 2).max(1);
    let max_steps = 2 * n as u64 - first as u64 + 1;
    let step = (max_steps / max_steps.min(4000)) as u32;
    let (mut best, mut best_value) = (0u32, u64::MAX);
    let mut buckets = first;
    while buckets <= 2 * n {
        let mut chains = vec![0u64; buckets as usize];
        for c in &codes[1..] {
            chains[(c % buckets) as usize] += 1;
        }
        let value = buckets as u64 + chains.iter().map(|l| l * l).sum::<u64>();
        if value < best_value {
            (best, best_value) = (buckets, value);
        }
        buckets += step;
    }
    let mut words = vec![0u32; 2 + best as usize + n as usize];
    words[0] = best;
    words[1] = n;
    let mut last = vec![u32::MAX; best as usize];
    for i in 1..n {
        let b = (codes[i as usize] % best) as usize;
        if last[b] == u32::MAX {
            words[2 + b] = i;
        } else {
            words[2 + best as usize + last[b] as usize] = i;
        }
        last[b] = i;
    }
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// One note: owner `name`, type, description, each padded to 4 bytes.
fn note(out: &mut Vec<u8>, name: &str, kind: u32, desc: &[u8]) {
    out.extend_from_slice(&(name.len() as u32 + 1).to_le_bytes());
    out.extend_from_slice(&(desc.len() as u32).to_le_bytes());
    out.extend_from_slice(&kind.to_le_bytes());
    out.extend_from_slice(name.as_bytes());
    out.push(0);
    out.resize(out.len().next_multiple_of(4), 0);
    out.extend_from_slice(desc);
    out.resize(out.len().next_multiple_of(4), 0);
}

/// A symbol of the tables: name, info, visibility, where it is, offset in it, size.
struct Sym<'a>(&'a str, u8, u8, Place, u64, u64);

/// Where a symbol is: a part, no section (absolute), an extra section.
#[derive(Clone, Copy)]
enum Place {
    In(Part),
    Abs,
    Extra(usize),
}

/// A string table of `names` (a NUL first) and each name's offset.
fn strtab<'a>(names: impl Iterator<Item = &'a str>) -> (Vec<u8>, Vec<u32>) {
    let mut b = vec![0u8];
    let mut at = Vec::new();
    for n in names {
        at.push(b.len() as u32);
        b.extend_from_slice(n.as_bytes());
        b.push(0);
    }
    (b, at)
}

/// The object clrxasm writes for `input`.
pub fn write(input: &RocmInput) -> Vec<u8> {
    build(input).0
}

/// The file addresses (offsets) of the sections that share clrxasm's address space: `.text`,
/// `.rodata` (the global data) and `.got`, when there; they depend on the parts' sizes only.
#[derive(Clone, Copy, Debug)]
pub struct Addresses {
    pub text: u64,
    pub rodata: Option<u64>,
    pub got: Option<u64>,
}

/// [`Addresses`] of the file [`write`] makes of `input`.
pub fn addresses(input: &RocmInput) -> Addresses {
    build(input).1
}

fn build(input: &RocmInput) -> (Vec<u8>, Addresses) {
    let mut parts = vec![Part::Phdrs];
    if input.new_binfmt {
        parts.push(Part::Note);
    }
    if input.global_data.is_some() && !input.llvm10 {
        parts.push(Part::Rodata);
    }
    let got = !input.got.is_empty();
    parts.extend([Part::Dynsym, Part::Hash, Part::Dynstr]);
    if input.global_data.is_some() && input.llvm10 {
        parts.push(Part::Rodata);
    }
    if got {
        parts.push(Part::RelaDyn);
    }
    parts.extend([Part::Text, Part::Dynamic]);
    if got {
        parts.push(Part::Got);
    }
    if !input.new_binfmt {
        parts.extend([Part::Note, Part::Config]);
    }
    parts.extend([Part::Comment, Part::Symtab, Part::Shstrtab, Part::Strtab, Part::Shdrs]);
    // A part's section index (the null section is 0; the program headers take its place).
    let index = |p: Part| parts.iter().position(|&q| q == p).unwrap_or(0);
    // Sections, the null one included (the two header tables are not sections).
    let shnum = parts.len() - 1 + input.extra.len();
    let phdrs = if input.new_binfmt { 8 } else { 7 };

    let mut notes = Vec::new();
    if !input.llvm10 {
        note(&mut notes, "AMD", 1, &[2, 0, 0, 0, 1, 0, 0, 0]);
        let mut isa = Vec::new();
        for v in [4u16 as u32 | 7 << 16, input.isa.0, input.isa.1, input.isa.2] {
            isa.extend_from_slice(&v.to_le_bytes());
        }
        isa.extend_from_slice(b"AMD\0AMDGPU\0");
        note(&mut notes, "AMD", 3, &isa);
        if let Some(t) = &input.target {
            note(&mut notes, "AMD", 11, t.as_bytes());
        }
    }
    if let Some(m) = input.metadata.as_ref().filter(|m| !m.is_empty()) {
        match input.metadata_v3 {
            true => note(&mut notes, "AMDGPU", 32, m),
            false => note(&mut notes, "AMD", 10, m),
        }
    }
    // The symbols: the GOT's objects and the kernels, a v3 kernel's descriptor after it.
    let kd_names: Vec<String> = input.symbols.iter().map(|s| format!("{}.kd", s.name)).collect();
    let mut syms = Vec::new();
    let mut descriptors = 0u64;
    for (s, kd) in input.symbols.iter().zip(&kd_names) {
        let (info, other, part) = match s.object {
            Some((ObjectIn::Rodata, _)) => (0x11, 0, Place::In(Part::Rodata)),
            Some((ObjectIn::Text, _)) => (0x11, 0, Place::In(Part::Text)),
            Some((ObjectIn::Absolute(object), _)) => (0x10 | object as u8, 0, Place::Abs),
            Some((ObjectIn::Extra(k), _)) => (0x10, 0, Place::Extra(k)),
            None if s.function => (0x12, 0, Place::In(Part::Text)),
            None if input.llvm10 => (0x12, 3, Place::In(Part::Text)),
            None => (0x1a, 0, Place::In(Part::Text)),
        };
        syms.push(Sym(
            &s.name,
            info,
            other,
            part,
            s.offset,
            s.object.map_or(0, |(_, size)| size),
        ));
        if input.llvm10 && s.object.is_none() && !s.function {
            syms.push(Sym(kd, 0x11, 3, Place::In(Part::Rodata), descriptors * 64, 0));
            descriptors += 1;
        }
    }
    let names: Vec<&str> = syms.iter().map(|s| s.0).collect();
    let (dynstr, dyn_at) = strtab(names.iter().copied());
    let (strtab_bytes, sym_at) = strtab(std::iter::once("_DYNAMIC").chain(names.iter().copied()));
    let hash = hash_table(&names);
    let shstrtab: Vec<u8> = std::iter::once(0u8)
        .chain(
            parts
                .iter()
                .filter(|p| !p.section().0.is_empty())
                .flat_map(|p| p.section().0.bytes().chain([0])),
        )
        .chain(input.extra.iter().flat_map(|e| e.name.bytes().chain([0])))
        .collect();
    let comment = input
        .comment
        .clone()
        .unwrap_or_else(|| b"CLRX ROCmBinGenerator 0.1.9".to_vec());

    // Sizes first (the symbol tables and `.dynamic` have fixed sizes), then offsets.
    let size = |p: Part| -> usize {
        match p {
            Part::Phdrs => phdrs * 56,
            Part::Note => notes.len(),
            Part::Rodata => input.global_data.as_ref().map_or(0, Vec::len),
            Part::Dynsym => (names.len() + 1) * SYM,
            Part::Hash => hash.len(),
            Part::Dynstr => dynstr.len(),
            Part::RelaDyn => input.got.len() * 24,
            Part::Got => input.got.len() * 8,
            Part::Text => input.code.len(),
            Part::Dynamic => 6 * 16,
            Part::Config => 0,
            Part::Comment => comment.len(),
            Part::Symtab => (names.len() + 2) * SYM,
            Part::Shstrtab => shstrtab.len(),
            Part::Strtab => strtab_bytes.len(),
            Part::Shdrs => shnum * 64,
        }
    };
    let mut offsets = Vec::with_capacity(parts.len());
    let mut end = 64usize;
    for &p in &parts {
        let mut align = p.section().3.max(p.section().4) as usize;
        if p == Part::Rodata && input.llvm10 {
            align = 64;
        }
        end = end.next_multiple_of(align);
        offsets.push(end);
        end += size(p);
    }
    let at = |p: Part| offsets[index(p)] as u64;
    let has = |p: Part| parts.contains(&p);
    let addresses = Addresses {
        text: at(Part::Text),
        rodata: has(Part::Rodata).then(|| at(Part::Rodata)),
        got: has(Part::Got).then(|| at(Part::Got)),
    };
    // The extra sections after the section header table.
    let extra_bytes: Vec<&[u8]> = input.extra.iter().map(|e| &e.bytes[..]).collect();
    let mut extra_at = Vec::with_capacity(input.extra.len());
    for (e, b) in input.extra.iter().zip(&extra_bytes) {
        end = end.next_multiple_of(e.align.max(1) as usize);
        extra_at.push(end as u64);
        if e.kind != SHT_NOBITS {
            end += b.len();
        }
    }
    let addr = |p: Part| if p.section().5 { at(p) } else { 0 };

    // v3: each kernel's code entry offset in its descriptor, counted (as clrxasm counts it)
    // from the start of the part after `.rodata`.
    let mut global_data = input.global_data.clone().unwrap_or_default();
    if input.llvm10 && input.global_data.is_some() {
        let after = offsets.get(index(Part::Rodata) + 1).copied().unwrap_or(0) as u64;
        let kernels = input.symbols.iter().filter(|s| s.object.is_none() && !s.function);
        for (k, s) in kernels.enumerate() {
            let place = k * 64 + 16;
            let v = (after + s.offset).wrapping_sub(at(Part::Rodata) + k as u64 * 64);
            if global_data.len() < place + 8 {
                global_data.resize(place + 8, 0);
            }
            global_data[place..place + 8].copy_from_slice(&v.to_le_bytes());
        }
        global_data.truncate(size(Part::Rodata));
    }

    let mut o = Out {
        is64: true,
        b: Vec::with_capacity(end),
    };
    o.b.extend_from_slice(&[0x7f, b'E', b'L', b'F', 2, 1, 1, 0x40, input.llvm10 as u8]);
    o.b.resize(16, 0);
    o.u16(3); // ET_DYN
    o.u16(0xe0);
    o.u32(1);
    o.word(if input.new_binfmt { at(Part::Text) } else { 0 });
    o.word(at(Part::Phdrs));
    o.word(at(Part::Shdrs));
    let flags = match (input.new_binfmt, input.llvm10) {
        (_, true) => 51,
        (true, false) => 2,
        _ => 0,
    };
    o.u32(input.eflags.unwrap_or(flags));
    o.u16(64);
    o.u16(56);
    o.u16(phdrs as u16);
    o.u16(64);
    o.u16(shnum as u16);
    o.u16(index(Part::Shstrtab) as u16);

    let symbols = |o: &mut Out, at_names: &[u32]| {
        for (s, n) in syms.iter().zip(at_names) {
            o.u32(*n);
            o.u8(s.1);
            o.u8(s.2);
            let (shndx, base) = match s.3 {
                Place::In(p) => (index(p) as u16, at(p)),
                Place::Abs => (0xfff1, 0),
                Place::Extra(k) => ((parts.len() - 1 + k) as u16, extra_at[k]),
            };
            o.u16(shndx);
            o.word(base + s.4);
            o.word(s.5);
        }
    };
    for (k, &p) in parts.iter().enumerate() {
        o.b.resize(offsets[k], 0);
        match p {
            Part::Phdrs => {
                let text = index(Part::Text);
                // kind, flags, first part, last part (None: from the file's start), align.
                let mut list: Vec<(u32, u32, Option<usize>, usize, u64)> = vec![
                    (6, 4, Some(0), 0, 8),
                    (1, 4, None, text - 1, 0x1000),
                    (1, 5, Some(text), text, 0x1000),
                    (1, 6, Some(text + 1), text + 1 + got as usize, 0x1000),
                    (2, 6, Some(text + 1), text + 1, 8),
                    (0x6474e552, 4, Some(text + 1), text + 1 + got as usize, 1),
                ];
                if input.new_binfmt {
                    list.push((4, 4, Some(1), 1, 4));
                }
                for (i, (kind, flags, first, last, align)) in list.into_iter().enumerate() {
                    let start = first.map_or(0, |f| offsets[f] as u64);
                    let span = offsets[last] as u64 + size(parts[last]) as u64 - start;
                    o.u32(kind);
                    o.u32(flags);
                    o.word(start);
                    o.word(start);
                    o.word(start);
                    o.word(span);
                    o.word(span);
                    o.word(align);
                    if i == 5 {
                        // GNU_STACK: no parts.
                        o.u32(0x6474e551);
                        o.u32(6);
                        o.b.resize(o.b.len() + 48, 0);
                    }
                }
            }
            Part::Note => o.b.extend_from_slice(&notes),
            Part::Rodata => o.b.extend_from_slice(&global_data),
            Part::Dynsym => {
                o.b.resize(o.b.len() + SYM, 0);
                symbols(&mut o, &dyn_at);
            }
            Part::Hash => o.b.extend_from_slice(&hash),
            Part::Dynstr => o.b.extend_from_slice(&dynstr),
            Part::RelaDyn => {
                for (i, &sym) in input.got.iter().enumerate() {
                    o.word(at(Part::Got) + 8 * i as u64);
                    o.word((sym as u64 + 1) << 32 | 3);
                    o.word(0);
                }
            }
            Part::Got => o.b.resize(o.b.len() + input.got.len() * 8, 0),
            Part::Text => o.b.extend_from_slice(&input.code),
            Part::Dynamic => {
                let tags = [
                    (6, addr(Part::Dynsym)),
                    (11, SYM as u64),
                    (5, addr(Part::Dynstr)),
                    (10, dynstr.len() as u64),
                    (4, addr(Part::Hash)),
                    (0, 0),
                ];
                for (t, v) in tags {
                    o.word(t);
                    o.word(v);
                }
            }
            Part::Config => {}
            Part::Comment => o.b.extend_from_slice(&comment),
            Part::Symtab => {
                o.b.resize(o.b.len() + SYM, 0);
                // `_DYNAMIC`: local, hidden.
                o.u32(sym_at[0]);
                o.u8(0);
                o.u8(2);
                o.u16(index(Part::Dynamic) as u16);
                o.word(at(Part::Dynamic));
                o.word(0);
                symbols(&mut o, &sym_at[1..]);
            }
            Part::Shstrtab => o.b.extend_from_slice(&shstrtab),
            Part::Strtab => o.b.extend_from_slice(&strtab_bytes),
            Part::Shdrs => {
                o.b.resize(o.b.len() + 64, 0);
                let mut name = 1u32;
                for &q in &parts {
                    let (n, kind, flags, mut pad, align, _) = q.section();
                    if n.is_empty() {
                        continue;
                    }
                    if q == Part::Rodata && input.llvm10 {
                        pad = 64;
                    }
                    let (link, info, entsize) = match q {
                        Part::Dynsym => (index(Part::Dynstr), 1, SYM),
                        Part::Symtab => (index(Part::Strtab), 2, SYM),
                        Part::Hash => (index(Part::Dynsym), 0, 0),
                        Part::RelaDyn => (index(Part::Dynsym), 0, 24),
                        Part::Dynamic => (index(Part::Dynstr), 0, 16),
                        Part::Comment => (0, 0, 1),
                        _ => (0, 0, 0),
                    };
                    o.u32(name);
                    o.u32(kind);
                    o.word(flags);
                    o.word(addr(q));
                    o.word(at(q));
                    o.word(size(q) as u64);
                    o.u32(link as u32);
                    o.u32(info);
                    o.word(if align == 0 { pad } else { align });
                    o.word(entsize as u64);
                    name += n.len() as u32 + 1;
                }
                for ((e, &off), b) in input.extra.iter().zip(&extra_at).zip(&extra_bytes) {
                    o.u32(name);
                    o.u32(e.kind);
                    o.word(e.flags);
                    o.word(0);
                    o.word(off);
                    o.word(b.len() as u64);
                    o.u32(0);
                    o.u32(0);
                    o.word(e.align.max(1));
                    o.word(0);
                    name += e.name.len() as u32 + 1;
                }
            }
        }
    }
    for ((e, &off), b) in input.extra.iter().zip(&extra_at).zip(&extra_bytes) {
        o.b.resize(off as usize, 0);
        if e.kind != SHT_NOBITS {
            o.b.extend_from_slice(b);
        }
    }
    (o.b, addresses)
}

/// What a kernel's header gives for the code properties the metadata source leaves out
/// ([`super::clrx_rocm_md::MD_VALUES`]' first seven), as clrxasm reads them: the kernarg,
/// group and private segment sizes, the kernarg alignment, the wavefront size, the SGPR and
/// VGPR counts. `config`: the counts `.config` computed (None: a kernel without `.config`,
/// whose header's counts and alignment are read as they are). As clrxasm does, a `.config`
/// kernel's kernarg alignment is the header's log2 value; without `.config` its power.
pub fn header_code_props(h: &[u8], config: Option<(u64, u64)>) -> [u64; super::clrx_rocm_md::FROM_HEADER] {
    let u = |at: usize, n: usize| {
        let mut v = 0u64;
        for k in (0..n).rev() {
            v = v << 8 | *h.get(at + k).unwrap_or(&0) as u64;
        }
        v
    };
    let align = if config.is_some() {
        u(100, 1)
    } else {
        1u64 << (u(100, 1) & 63)
    };
    [
        u(72, 8),
        u(64, 4),
        u(60, 4),
        align,
        // (a 32-bit shift in CLRX, whose count x86 takes modulo 32)
        (1u32 << (u(103, 1) & 31)) as u64,
        config.map_or(u(84, 2), |c| c.0),
        config.map_or(u(86, 2), |c| c.1),
    ]
}
