//! The ELF files CLRX's binary generators write, laid out as CLRX lays them out: the ELF
//! header, then regions in the order given (raw bytes, sections, the section and program
//! header tables), each padded to its alignment. A generic ELF writer (the `object` crate's)
//! orders and aligns things its own way; CLRX's formats are only byte-exact this way.
//!
//! Facts from CLRX 0.1.9's `ElfBinaryGenTemplate` (checked against clrxasm's output):
//! - a null section comes first; `.shstrtab` holds a NUL then every section's name, in order;
//! - a section's size in its header is the bytes up to the next region when that region's
//!   padding follows it and the section itself has no alignment (CLRX's inner kernel binaries:
//!   `.shstrtab` of 39 bytes reads 40);
//! - a `.symtab`'s link is the `.strtab`, its entry size the symbol size; addresses are 0;
//! - a program header covers whole regions: offset of the first, file size to the end of the
//!   last, memory size (when asked) the same span of section addresses (which count only
//!   sections), alignment that of the first region.

/// One region of the file.
pub enum Region {
    /// Bytes outside any section.
    Bytes(Vec<u8>),
    Section(Section),
    /// A section the source named (clrxasm's extra sections: `.section NAME`...).
    Extra(Extra),
    SectionHeaders,
    ProgramHeaders,
}

/// A section: its header's fields and its bytes (`.shstrtab`'s are made here).
pub struct Section {
    pub name: &'static str,
    pub kind: u32,
    pub flags: u64,
    pub info: u32,
    pub entsize: u64,
    /// The region's alignment (0: none; also the header's `sh_addralign`).
    pub align: u64,
    pub bytes: Vec<u8>,
    /// `sh_link` (0: a `.symtab`'s is the `.strtab`).
    pub link: u32,
    /// `sh_addr` is the section's address (else 0).
    pub addr: bool,
    /// `SHT_NOBITS`: `bytes` give the size only, the file holds none of them (and its
    /// offset, in its header and a segment it starts, is 0: CLRX's `zeroOffset`).
    pub nobits: bool,
}

impl Section {
    /// A section of the plain kind: no link, address 0, bytes in the file.
    pub fn new(name: &'static str, kind: u32, flags: u64, align: u64, bytes: Vec<u8>) -> Section {
        Section {
            name,
            kind,
            flags,
            info: 0,
            entsize: 0,
            align,
            bytes,
            link: 0,
            addr: false,
            nobits: false,
        }
    }
}

/// A section a source named (clrxasm's `.section NAME[, "FLAGS"[, @TYPE]] [align=N]`, or
/// `.rodata`/`.text` where the format has none): written as given, after the format's own
/// sections. Unlike [`Section::nobits`], a NOBITS one keeps its offset in its header (CLRX
/// writes such a section as a plain region with no bytes).
#[derive(Clone, Debug, PartialEq)]
pub struct Extra {
    pub name: String,
    pub kind: u32,
    pub flags: u64,
    /// At least 1 (CLRX's region alignment of a section without `align=`).
    pub align: u64,
    pub bytes: Vec<u8>,
}

impl Region {
    /// A section's name, if the region is one.
    fn name(&self) -> Option<&str> {
        match self {
            Region::Section(s) => Some(s.name),
            Region::Extra(e) => Some(&e.name),
            _ => None,
        }
    }
}

/// A program header over `count` regions from region `first`.
pub struct Segment {
    pub kind: u32,
    pub first: usize,
    pub count: usize,
    /// Memory size is written (else 0).
    pub mem_size: bool,
    /// `p_flags`.
    pub flags: u32,
    /// `p_vaddr` is the first region's address (else 0).
    pub vaddr: bool,
}

/// The ELF header's fields CLRX's formats vary.
pub struct Header {
    pub is64: bool,
    pub os_abi: u8,
    pub abi_version: u8,
    pub e_type: u16,
    pub machine: u16,
    pub flags: u32,
    /// Addresses count the sections from this region on (CLRX's `addrStartRegion`).
    pub addr_start: usize,
}

pub const SHT_PROGBITS: u32 = 1;
pub const SHT_SYMTAB: u32 = 2;
pub const SHT_STRTAB: u32 = 3;
pub const SHT_NOTE: u32 = 7;
pub const SHT_NOBITS: u32 = 8;
pub const SHF_WRITE: u64 = 1;
pub const SHF_ALLOC: u64 = 2;
pub const SHF_EXECINSTR: u64 = 4;
pub const SHF_STRINGS: u64 = 0x20;
pub const PT_LOAD: u32 = 1;
pub const PT_NOTE: u32 = 4;

/// Little-endian output of 32- or 64-bit ELF words.
pub struct Out {
    pub is64: bool,
    pub b: Vec<u8>,
}

impl Out {
    pub fn u8(&mut self, v: u8) {
        self.b.push(v);
    }
    pub fn u16(&mut self, v: u16) {
        self.b.extend_from_slice(&v.to_le_bytes());
    }
    pub fn u32(&mut self, v: u32) {
        self.b.extend_from_slice(&v.to_le_bytes());
    }
    /// An address-sized word (4 or 8 bytes).
    pub fn word(&mut self, v: u64) {
        if self.is64 {
            self.b.extend_from_slice(&v.to_le_bytes());
        } else {
            self.u32(v as u32);
        }
    }
    /// An ELF symbol (`Elf32_Sym` or `Elf64_Sym`: their fields are in other orders).
    pub fn symbol(&mut self, name: u32, value: u64, size: u64, info: u8, shndx: u16) {
        self.u32(name);
        if self.is64 {
            self.u8(info);
            self.u8(0);
            self.u16(shndx);
            self.word(value);
            self.word(size);
        } else {
            self.word(value);
            self.word(size);
            self.u8(info);
            self.u8(0);
            self.u16(shndx);
        }
    }
}

/// Size of a symbol table entry.
pub fn symbol_size(is64: bool) -> usize {
    if is64 {
        24
    } else {
        16
    }
}

/// The file of `header` and `regions`, with `segments`' program headers.
pub fn write(header: &Header, mut regions: Vec<Region>, segments: &[Segment]) -> Vec<u8> {
    let is64 = header.is64;
    let (ehsize, phsize, shsize) = if is64 { (64u64, 56u64, 64u64) } else { (52, 32, 40) };
    let word = if is64 { 8 } else { 4 };
    // `.shstrtab`'s bytes: NUL, then the section names.
    let names: Vec<String> = regions.iter().filter_map(|r| r.name().map(str::to_string)).collect();
    for r in regions.iter_mut() {
        if let Region::Section(s) = r {
            if s.name == ".shstrtab" {
                s.bytes = std::iter::once(0u8)
                    .chain(names.iter().flat_map(|n| n.bytes().chain([0])))
                    .collect();
            }
        }
    }
    let sections = names.len() as u64 + 1;
    let align_of = |r: &Region| match r {
        Region::Section(s) => s.align,
        Region::Extra(e) => e.align,
        Region::SectionHeaders | Region::ProgramHeaders => word,
        Region::Bytes(_) => 0,
    };
    let size_of = |r: &Region| match r {
        Region::Section(s) => s.bytes.len() as u64,
        Region::Extra(e) => e.bytes.len() as u64,
        Region::Bytes(b) => b.len() as u64,
        Region::SectionHeaders => sections * shsize,
        Region::ProgramHeaders => segments.len() as u64 * phsize,
    };
    let pad = |v: u64, a: u64| if a > 1 { v.div_ceil(a) * a } else { v };
    // Offsets and addresses (addresses count sections only).
    let (mut offset, mut address) = (ehsize, 0u64);
    let mut offsets = Vec::with_capacity(regions.len());
    let mut addresses = Vec::with_capacity(regions.len());
    let file_size = |r: &Region| match r {
        Region::Section(s) if s.nobits => 0,
        Region::Extra(e) if e.kind == SHT_NOBITS => 0,
        _ => size_of(r),
    };
    for (k, r) in regions.iter().enumerate() {
        offset = pad(offset, align_of(r));
        address = pad(address, align_of(r));
        offsets.push(offset);
        addresses.push(address);
        offset += file_size(r);
        if r.name().is_some() && k >= header.addr_start {
            address += size_of(r);
        }
    }
    // (CLRX takes the last section of a name: a source's extra `.strtab` is the symbols'.)
    let index_of = |name: &str| names.iter().rposition(|n| n == name).map_or(0, |k| k as u64 + 1);
    let at = |f: fn(&Region) -> bool| regions.iter().position(f).map_or(0, |k| offsets[k]);
    let mut o = Out {
        is64,
        b: Vec::with_capacity(offset as usize),
    };
    o.b.extend_from_slice(&[
        0x7f,
        b'E',
        b'L',
        b'F',
        1 + is64 as u8,
        1,
        1,
        header.os_abi,
        header.abi_version,
    ]);
    o.b.resize(16, 0);
    o.u16(header.e_type);
    o.u16(header.machine);
    o.u32(1);
    o.word(0);
    o.word(if segments.is_empty() {
        0
    } else {
        at(|r| matches!(r, Region::ProgramHeaders))
    });
    o.word(at(|r| matches!(r, Region::SectionHeaders)));
    o.u32(header.flags);
    o.u16(ehsize as u16);
    o.u16(if segments.is_empty() { 0 } else { phsize as u16 });
    o.u16(segments.len() as u16);
    o.u16(shsize as u16);
    o.u16(sections as u16);
    o.u16(index_of(".shstrtab") as u16);
    for (k, r) in regions.iter().enumerate() {
        o.b.resize(offsets[k] as usize, 0);
        match r {
            Region::Bytes(b) => o.b.extend_from_slice(b),
            Region::Section(s) if s.nobits => {}
            Region::Section(s) => o.b.extend_from_slice(&s.bytes),
            Region::Extra(e) if e.kind == SHT_NOBITS => {}
            Region::Extra(e) => o.b.extend_from_slice(&e.bytes),
            Region::ProgramHeaders => {
                for p in segments {
                    let last = p.first + p.count - 1;
                    let start = match &regions[p.first] {
                        Region::Section(s) if s.nobits => 0,
                        _ => offsets[p.first],
                    };
                    let file = offsets[last] + file_size(&regions[last]) - offsets[p.first];
                    let mem = if p.mem_size {
                        addresses[last] + size_of(&regions[last]) - addresses[p.first]
                    } else {
                        0
                    };
                    let addr = if p.vaddr { addresses[p.first] } else { 0 };
                    o.u32(p.kind);
                    if is64 {
                        o.u32(p.flags);
                    }
                    o.word(start);
                    o.word(addr);
                    o.word(0);
                    o.word(file);
                    o.word(mem);
                    if !is64 {
                        o.u32(p.flags);
                    }
                    o.word(align_of(&regions[p.first]));
                }
            }
            Region::SectionHeaders => {
                o.b.resize(o.b.len() + shsize as usize, 0);
                let mut name = 1u32;
                for (j, r2) in regions.iter().enumerate() {
                    let s = match r2 {
                        Region::Section(s) => s,
                        Region::Extra(e) => {
                            o.u32(name);
                            o.u32(e.kind);
                            o.word(e.flags);
                            o.word(0);
                            o.word(offsets[j]);
                            o.word(e.bytes.len() as u64);
                            // (CLRX links a section by its name: a `.symtab` to the `.strtab`.)
                            o.u32(match e.name.as_str() {
                                ".symtab" => index_of(".strtab") as u32,
                                ".dynsym" => index_of(".dynstr") as u32,
                                _ => 0,
                            });
                            o.u32(0);
                            o.word(e.align);
                            o.word(0);
                            name += e.name.len() as u32 + 1;
                            continue;
                        }
                        _ => continue,
                    };
                    let size = s.bytes.len() as u64;
                    let size = if s.align != 0 || j + 1 >= regions.len() {
                        size
                    } else {
                        offsets[j + 1] - offsets[j]
                    };
                    o.u32(name);
                    o.u32(s.kind);
                    o.word(s.flags);
                    o.word(if s.addr { addresses[j] } else { 0 });
                    o.word(if s.nobits { 0 } else { offsets[j] });
                    o.word(size);
                    o.u32(if s.link != 0 {
                        s.link
                    } else if s.kind == SHT_SYMTAB {
                        index_of(".strtab") as u32
                    } else {
                        0
                    });
                    o.u32(s.info);
                    o.word(s.align);
                    o.word(if s.kind == SHT_SYMTAB {
                        symbol_size(is64) as u64
                    } else {
                        s.entsize
                    });
                    name += s.name.len() as u32 + 1;
                }
            }
        }
    }
    o.b
}
