//! Reading AMDGPU ELF code objects (what clang, ld.lld, llvm-mc and the ROCm runtime write and
//! load): relocatable `.o` and linked `.hsaco`, HSA code object v2 to v5. The ELF itself is read
//! by the `object` crate; this module finds what a disassembler needs: the arch (EF_AMDGPU_MACH
//! of `e_flags`), the code sections, and the function and kernel symbols in them.
//!
//! Code object v2 kernels (symbol type `STT_AMDGPU_HSA_KERNEL`) start with their 256-byte
//! `amd_kernel_code_t` header in `.text`; v3+ kernels keep their 64-byte descriptor (`NAME.kd`)
//! in `.rodata` and start with code.

pub mod akc;
mod bits;
pub mod bundle;
pub mod clrx_amd;
pub mod clrx_amd_config;
pub mod clrx_amd_read;
pub mod clrx_amdcl2;
pub mod clrx_amdcl2_config;
pub mod clrx_amdcl2_read;
pub mod clrx_config;
pub mod clrx_elf;
pub mod clrx_gallium;
pub mod clrx_gallium_read;
pub mod clrx_rocm;
pub mod clrx_rocm_md;
pub mod kd;
pub mod metadata;
pub mod reloc;
pub mod write;

use crate::arch::Arch;
use object::{Object, ObjectSection, ObjectSymbol, SectionFlags, SymbolFlags};

/// ELF machine number of AMDGPU.
pub(crate) const EM_AMDGPU: u16 = 224;
/// `e_ident[EI_OSABI]` of HSA code objects.
pub(crate) const ELFOSABI_AMDGPU_HSA: u8 = 64;
/// Symbol type of a code object v2 kernel (its `amd_kernel_code_t` comes first).
const STT_AMDGPU_HSA_KERNEL: u8 = 10;
/// Size of code object v2's `amd_kernel_code_t`.
pub const AMD_KERNEL_CODE_T_SIZE: u64 = 256;

/// A code object as the disassembler sees it.
#[derive(Debug)]
pub struct CodeObject<'a> {
    pub arch: Arch,
    /// The processor (`gfx900`), from `e_flags`.
    pub processor: &'static str,
    /// HSA code object version (2-5), `None` for another OS/ABI.
    pub version: Option<u8>,
    /// Linked (`ET_DYN`, a `.hsaco`) or relocatable (`ET_REL`, a `.o`).
    pub linked: bool,
    /// `e_flags`: the processor and its XNACK/SRAMECC settings.
    pub flags: u32,
    pub sections: Vec<CodeSection<'a>>,
    /// Kernel descriptors (code object v3+: `NAME.kd` symbols of 64 bytes), by address.
    pub descriptors: Vec<Descriptor>,
    /// The bytes of every note section (the metadata), in section order.
    pub notes: Vec<&'a [u8]>,
    /// A relocatable object's relocations, data and undefined symbols, when it has more
    /// than its descriptors' code offsets.
    pub linkage: Option<reloc::Linkage>,
    /// A loadable object's GOT: the symbols its `.rela.dyn` entries into `.got` name, in the
    /// GOT's order (clrxasm's `.gotsym`).
    pub got: Vec<String>,
    /// The objects a loadable object's GOT names (its dynamic symbols of [`CodeObject::got`]
    /// that are no functions or kernels), in the dynamic symbol table's order.
    pub got_objects: Vec<GotObject>,
    /// A loadable object's `.rodata` (clrxasm's `.globaldata`, with `.llvm10binfmt` its
    /// kernel descriptors first).
    pub rodata: Option<&'a [u8]>,
    /// It has a `.AMDGPU.config` section (clrxasm's code object v2 without `.newbinfmt`).
    pub amdgpu_config: bool,
    /// A loadable object's sections whose headers come after `.strtab`'s: where clrxasm's
    /// `.rocm` writes the source's own sections (`.section NAME`, `.data`), in the order the
    /// source opened them.
    pub trailing: Vec<TrailingSection<'a>>,
}

/// An object a GOT names: its section (`None`: an absolute symbol), its offset there (an
/// absolute symbol's value), its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GotObject {
    pub name: String,
    pub section: Option<String>,
    pub offset: u64,
    pub size: u64,
}

/// Where a symbol of section `s` is counted from: its address, or its file offset where it
/// has none (clrxasm's sections after `.strtab`, whose symbols hold file offsets).
fn symbol_base(s: &object::Section) -> u64 {
    match s.address() {
        0 => s.file_range().map_or(0, |r| r.0),
        a => a,
    }
}

/// The objects of `got` (names) among a loadable object's dynamic symbols: those that are not
/// functions or kernels, with their offsets in their sections ([`symbol_base`]).
fn got_objects(file: &object::File, got: &[String]) -> Vec<GotObject> {
    let mut out = Vec::new();
    for sym in file.dynamic_symbols() {
        let Ok(name) = sym.name() else { continue };
        let st_type = match sym.flags() {
            SymbolFlags::Elf { st_info, .. } => st_info.0 & 0xf,
            _ => 0,
        };
        if !got.iter().any(|g| g == name) || st_type == STT_AMDGPU_HSA_KERNEL || sym.kind() == object::SymbolKind::Text
        {
            continue;
        }
        let (section, offset) = match sym.section_index().and_then(|i| file.section_by_index(i).ok()) {
            Some(s) => (
                Some(s.name().unwrap_or("?").to_string()),
                sym.address().wrapping_sub(symbol_base(&s)),
            ),
            None => (None, sym.address()),
        };
        out.push(GotObject {
            name: name.to_string(),
            section,
            offset,
            size: sym.size(),
        });
    }
    out
}

/// A section of a loadable object after `.strtab` (see [`CodeObject::trailing`]).
#[derive(Debug)]
pub struct TrailingSection<'a> {
    pub name: String,
    /// ELF `sh_type`, `sh_flags` and `sh_addralign` (0 read as 1).
    pub kind: u32,
    pub flags: u64,
    pub align: u64,
    /// Its bytes (none for `SHT_NOBITS`) and its size.
    pub bytes: &'a [u8],
    pub size: u64,
    /// The symbols defined in it (offset from its start, name), by offset.
    pub symbols: Vec<(u64, String)>,
}

/// The symbols a loadable object's GOT entries name (its dynamic relocations into `.got`),
/// by entry.
fn got_symbols(file: &object::File) -> Vec<String> {
    use object::{ObjectSymbol, ObjectSymbolTable, RelocationTarget};
    let (Some(got), Some(relocs), Some(table)) = (
        file.section_by_name(".got"),
        file.dynamic_relocations(),
        file.dynamic_symbol_table(),
    ) else {
        return Vec::new();
    };
    let range = got.address()..got.address() + got.size();
    let mut v: Vec<(u64, String)> = relocs
        .filter(|(at, _)| range.contains(at))
        .filter_map(|(at, r)| match r.target() {
            RelocationTarget::Symbol(i) => Some((at, table.symbol_by_index(i).ok()?.name().ok()?.to_string())),
            _ => None,
        })
        .collect();
    v.sort_by_key(|(at, _)| *at);
    v.into_iter().map(|(_, n)| n).collect()
}

/// A kernel descriptor found in a code object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Descriptor {
    /// The kernel's name (the symbol without `.kd`).
    pub kernel: String,
    /// The section holding it and its address there.
    pub section: String,
    pub addr: u64,
    pub bytes: [u8; kd::SIZE],
}

/// A setting of a target feature (XNACK, SRAMECC) as code objects record it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    Unsupported,
    Any,
    Off,
    On,
}

impl<'a> CodeObject<'a> {
    /// The XNACK and SRAMECC settings of `e_flags`: code object v2/v3 have one bit each (on or
    /// off), v4+ a two-bit field each (unsupported, any, off, on).
    pub fn features(&self) -> (Feature, Feature) {
        let f = self.flags;
        if self.version.unwrap_or(2) <= 3 {
            let bit = |b: u32| if f & b != 0 { Feature::On } else { Feature::Off };
            return (bit(0x100), bit(0x200));
        }
        let field = |v: u32| match v {
            1 => Feature::Any,
            2 => Feature::Off,
            3 => Feature::On,
            _ => Feature::Unsupported,
        };
        (field((f >> 8) & 3), field((f >> 10) & 3))
    }

    /// Every code object v2 kernel's `amd_kernel_code_t` (its section, symbol and 256 bytes).
    pub fn v2_headers(&self) -> impl Iterator<Item = (&CodeSection<'a>, &CodeSymbol, &'a [u8; akc::SIZE])> {
        self.sections.iter().flat_map(|sec| {
            sec.symbols.iter().filter(|s| s.v2_kernel).filter_map(move |s| {
                let at = usize::try_from(s.offset).ok()?;
                let h: &'a [u8; akc::SIZE] = sec.bytes.get(at..at.checked_add(akc::SIZE)?)?.try_into().ok()?;
                Some((sec, s, h))
            })
        })
    }

    /// The first note of owner `name` and type `kind` in the note sections (notes that do not
    /// parse are passed over).
    pub fn note(&self, name: &str, kind: u32) -> Option<metadata::Note> {
        self.notes
            .iter()
            .filter_map(|n| metadata::parse_notes(n).ok())
            .flatten()
            .find(|n| n.name == name && n.kind == kind)
    }

    /// The target the descriptors' register fields depend on.
    pub fn kd_target(&self) -> kd::Target {
        let xnack = !matches!(self.features().0, Feature::Off | Feature::Unsupported);
        kd::Target::new(self.arch, self.processor, Some(xnack))
    }

    /// The target id as `.amdgcn_target` names it: `amdgcn-amd-amdhsa--gfx906+xnack+sram-ecc`
    /// (code object v3), `amdgcn-amd-amdhsa--gfx906:sramecc-:xnack+` (v4+: only the features
    /// set on or off).
    pub fn target_id(&self) -> String {
        let mut id = format!("amdgcn-amd-amdhsa--{}", self.processor);
        let (xnack, sramecc) = self.features();
        if self.version.unwrap_or(2) <= 3 {
            if xnack == Feature::On {
                id.push_str("+xnack");
            }
            if sramecc == Feature::On {
                id.push_str("+sram-ecc");
            }
        } else {
            for (name, f) in [("sramecc", sramecc), ("xnack", xnack)] {
                match f {
                    Feature::On => id.push_str(&format!(":{name}+")),
                    Feature::Off => id.push_str(&format!(":{name}-")),
                    _ => {}
                }
            }
        }
        id
    }
}

/// An executable section: its bytes and the symbols that start code in it.
#[derive(Debug)]
pub struct CodeSection<'a> {
    pub name: String,
    /// Its address (0 in a relocatable object): instruction offsets count from here.
    pub addr: u64,
    pub bytes: &'a [u8],
    /// The section's alignment (ELF `sh_addralign`): 256 for clang's `.text`, whose kernel
    /// entries the hardware needs 256-byte aligned.
    pub align: u64,
    /// Sorted by offset; at most one per offset.
    pub symbols: Vec<CodeSymbol>,
}

/// A function or kernel in a code section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeSymbol {
    pub name: String,
    /// Byte offset in the section.
    pub offset: u64,
    pub size: u64,
    /// A code object v2 kernel: [`AMD_KERNEL_CODE_T_SIZE`] bytes of header before its code.
    pub v2_kernel: bool,
    /// Global binding and ELF visibility (`st_other`: 1 internal, 2 hidden, 3 protected).
    pub global: bool,
    pub visibility: u8,
    /// Its index in the symbol table (clrxasm's `.kernel` order).
    pub index: usize,
}

/// Why a file is not a code object gcnkit reads (the message names the offset or symbol).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// The processors of `EF_AMDGPU_MACH` (the low byte of `e_flags`) of GCN 1.0-1.4; the arch of
/// each is its name's ([`Arch::parse`]).
const MACHS: [(u32, &str); 20] = [
    (0x20, "gfx600"),
    (0x21, "gfx601"),
    (0x3a, "gfx602"),
    (0x22, "gfx700"),
    (0x23, "gfx701"),
    (0x24, "gfx702"),
    (0x25, "gfx703"),
    (0x26, "gfx704"),
    (0x3b, "gfx705"),
    (0x28, "gfx801"),
    (0x29, "gfx802"),
    (0x2a, "gfx803"),
    (0x3c, "gfx805"),
    (0x2b, "gfx810"),
    (0x2c, "gfx900"),
    (0x2d, "gfx902"),
    (0x2e, "gfx904"),
    (0x31, "gfx909"),
    (0x32, "gfx90c"),
    (0x2f, "gfx906"),
];

/// LLVM's processor names and their gfx names (the names `e_flags` and target ids use).
const PROCESSOR_ALIASES: [(&str, &str); 21] = [
    ("tahiti", "gfx600"),
    ("pitcairn", "gfx601"),
    ("verde", "gfx601"),
    ("oland", "gfx602"),
    ("hainan", "gfx602"),
    ("kaveri", "gfx700"),
    ("hawaii", "gfx701"),
    ("kabini", "gfx703"),
    ("mullins", "gfx703"),
    ("bonaire", "gfx704"),
    ("carrizo", "gfx801"),
    ("iceland", "gfx802"),
    ("tonga", "gfx802"),
    ("fiji", "gfx803"),
    ("polaris10", "gfx803"),
    ("polaris11", "gfx803"),
    ("stoney", "gfx810"),
    ("vega10", "gfx900"),
    ("raven", "gfx902"),
    ("vega12", "gfx904"),
    ("vega20", "gfx906"),
];

/// The gfx name of a processor name (`fiji` → `gfx803`, `gfx900` → itself), if GCN 1.0-1.4.
pub fn processor_name(name: &str) -> Option<&'static str> {
    let n = name.trim().to_ascii_lowercase();
    PROCESSOR_ALIASES
        .iter()
        .find(|p| p.0 == n)
        .map(|p| p.1)
        .or_else(|| MACHS.iter().find(|m| m.1 == n).map(|m| m.1))
}

/// The gfx processor a name stands for (`fiji` → `gfx803`), else the arch's first: what an
/// object gets when neither `-a` nor a target directive names a processor.
pub fn processor_or_default(arch: Arch, name: Option<&str>) -> &'static str {
    name.and_then(processor_name).unwrap_or(match arch {
        Arch::Gcn10 => "gfx600",
        Arch::Gcn11 => "gfx700",
        Arch::Gcn12 => "gfx803",
        Arch::Gcn14 => "gfx900",
        Arch::Gcn141 => "gfx906",
    })
}

/// A target id as `.amdgcn_target` gives it: `amdgcn-amd-amdhsa--gfx906:sramecc+:xnack-`
/// (code object v4+: a feature not named is "any") or `amdgcn-amd-amdhsa--gfx906+xnack+sram-ecc`
/// (v3: a feature not named is off). The reverse of [`CodeObject::target_id`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetId<'a> {
    /// The processor part (`gfx906`), as written.
    pub processor: &'a str,
    pub xnack: Option<bool>,
    pub sramecc: Option<bool>,
    /// The v3 form (`+feature`).
    pub v3: bool,
}

impl<'a> TargetId<'a> {
    pub fn parse(id: &'a str) -> TargetId<'a> {
        let cpu = id.trim_matches('"').rsplit("--").next().unwrap_or("");
        let (processor, features) = match cpu.find([':', '+']) {
            Some(k) => (&cpu[..k], &cpu[k..]),
            None => (cpu, ""),
        };
        let v3 = features.starts_with('+');
        let setting = |on: &str, off: &str| {
            if features.contains(on) {
                Some(true)
            } else if features.contains(off) || v3 {
                Some(false)
            } else {
                None
            }
        };
        let (xnack, sramecc) = if v3 {
            (setting("+xnack", "-xnack"), setting("+sram-ecc", "-sram-ecc"))
        } else {
            (setting(":xnack+", ":xnack-"), setting(":sramecc+", ":sramecc-"))
        };
        TargetId {
            processor,
            xnack,
            sramecc,
            v3,
        }
    }
}

/// `EF_AMDGPU_MACH` of a gfx name.
pub fn mach_of(processor: &str) -> Option<u32> {
    MACHS.iter().find(|m| m.1 == processor).map(|m| m.0)
}

/// Is `data` an ELF file (the magic)?
pub fn is_elf(data: &[u8]) -> bool {
    data.starts_with(b"\x7fELF")
}

/// Reads an AMDGPU code object.
pub fn read(data: &[u8]) -> Result<CodeObject<'_>, Error> {
    let e = |m: String| Error(m);
    if data.len() < 20 || !is_elf(data) {
        return Err(e("not an ELF file".into()));
    }
    if data[4] != 2 || data[5] != 1 {
        return Err(e("not a 64-bit little-endian ELF file (AMDGPU code objects are)".into()));
    }
    let machine = u16::from_le_bytes([data[18], data[19]]);
    if machine != EM_AMDGPU {
        return Err(e(format!(
            "ELF machine {machine} at offset 0x12 is not AMDGPU ({EM_AMDGPU}): not a GPU code object"
        )));
    }
    let file = object::File::parse(data).map_err(|x| e(format!("malformed ELF: {x}")))?;
    let (os_abi, abi_version, flags) = match file.flags() {
        object::FileFlags::Elf {
            os_abi,
            abi_version,
            e_flags,
        } => (os_abi.0, abi_version, e_flags.0),
        _ => (0, 0, 0),
    };
    let mach = flags & 0xff;
    let by_name = |name: &str| {
        MACHS
            .iter()
            .find(|m| m.1 == name)
            .and_then(|m| Some((m.1, Arch::parse(m.1)?)))
    };
    // Code object v2 from other assemblers (clrxasm writes no EF_AMDGPU_MACH, or what
    // `.eflags` says): the ISA version of its AMD note names the processor when the flags name
    // none or one of another architecture; a version no processor has (Iceland's 8.0.0, CLRX's
    // `.arch_stepping`) is read with its major's first processor.
    let v2 = os_abi == ELFOSABI_AMDGPU_HSA && abi_version == 0;
    let note = v2.then(|| isa_note_processor(&file)).flatten();
    let by_mach = MACHS.iter().find(|m| m.0 == mach).and_then(|m| by_name(m.1));
    // (`gfx9` of `gfx906`)
    let major = |p: &str| p.get(..p.len().checked_sub(2)?).map(str::to_string);
    let by_note = note.as_deref().and_then(|p| {
        by_name(p).or_else(|| {
            let m = major(p)?;
            MACHS
                .iter()
                .find(|x| x.1.len() == p.len() && x.1.starts_with(&m))
                .and_then(|x| by_name(x.1))
        })
    });
    let exact = note.as_deref().is_some_and(|p| by_name(p).is_some());
    let found = match (by_mach, by_note) {
        // (LLVM's gfx906 with XNACK says 9.0.7: its flags name the processor)
        (Some(m), Some(n)) if (exact && m.1 != n.1) || major(m.0) != major(n.0) => Some(n),
        (Some(m), _) => Some(m),
        (None, n) => n,
    };
    let Some((processor, arch)) = found else {
        return Err(e(if mach == 0 || (os_abi == ELFOSABI_AMDGPU_HSA && abi_version == 0) {
            format!("e_flags (offset 0x30) names no GCN 1.0-1.4 processor (EF_AMDGPU_MACH 0x{mach:02x}), nor does an ISA note")
        } else {
            format!("processor 0x{mach:02x} of e_flags (offset 0x30) is not a GCN 1.0-1.4 GPU")
        }));
    };
    let version = (os_abi == ELFOSABI_AMDGPU_HSA && abi_version <= 3).then_some(abi_version + 2);
    let linked = file.kind() == object::ObjectKind::Dynamic;
    let mut sections = Vec::new();
    let mut notes = Vec::new();
    for s in file.sections() {
        if let object::SectionKind::Note = s.kind() {
            let name = s.name().unwrap_or("?");
            notes.push(
                s.data()
                    .map_err(|x| e(format!("section {name}: {x} (its bytes lie outside the file)")))?,
            );
            continue;
        }
        let exec = match s.flags() {
            // SHF_EXECINSTR
            SectionFlags::Elf { sh_flags, .. } => sh_flags.0 & 4 != 0,
            _ => false,
        };
        if !exec {
            continue;
        }
        let name = s.name().unwrap_or("?").to_string();
        let bytes = s
            .data()
            .map_err(|x| e(format!("section {name}: {x} (its bytes lie outside the file)")))?;
        sections.push((
            s.index(),
            CodeSection {
                name,
                addr: s.address(),
                bytes,
                align: s.align().max(1),
                symbols: Vec::new(),
            },
        ));
    }
    let mut descriptors = Vec::new();
    for sym in file.symbols() {
        let kind = sym.kind();
        if let (object::SymbolKind::Data, Ok(name)) = (kind, sym.name()) {
            if let (Some(kernel), Some(index)) = (name.strip_suffix(".kd"), sym.section_index()) {
                descriptors.push(descriptor(&file, index, kernel, &sym)?);
                continue;
            }
        }
        let (st_type, visibility) = match sym.flags() {
            SymbolFlags::Elf { st_info, st_other } => (st_info.0 & 0xf, st_other.0 & 3),
            _ => (0, 0),
        };
        let v2_kernel = st_type == STT_AMDGPU_HSA_KERNEL;
        if !(kind == object::SymbolKind::Text || v2_kernel) {
            continue;
        }
        let Some(index) = sym.section_index() else {
            continue;
        };
        let Some((_, sec)) = sections.iter_mut().find(|(i, _)| *i == index) else {
            continue;
        };
        let name = sym.name().unwrap_or("?").to_string();
        let offset = sym.address().wrapping_sub(sec.addr);
        let len = sec.bytes.len() as u64;
        if offset > len || sym.size() > len - offset.min(len) {
            return Err(e(format!(
                "symbol {name} (0x{:x}, {} bytes) lies outside section {} (0x{:x}, {} bytes)",
                sym.address(),
                sym.size(),
                sec.name,
                sec.addr,
                len
            )));
        }
        if v2_kernel && sym.size() < AMD_KERNEL_CODE_T_SIZE && sym.size() != 0 {
            return Err(e(format!(
                "kernel {name} at 0x{:x} is {} bytes, less than its amd_kernel_code_t",
                sym.address(),
                sym.size()
            )));
        }
        if !sec.symbols.iter().any(|s| s.offset == offset) {
            sec.symbols.push(CodeSymbol {
                name,
                offset,
                size: sym.size(),
                v2_kernel,
                global: sym.is_global(),
                visibility,
                index: sym.index().0,
            });
        }
    }
    let mut sections: Vec<CodeSection> = sections.into_iter().map(|(_, s)| s).collect();
    for s in &mut sections {
        s.symbols.sort_by_key(|x| x.offset);
    }
    descriptors.sort_by_key(|d| d.addr);
    let got = got_symbols(&file);
    let trailing = if linked {
        trailing_sections(data, &file)?
    } else {
        Vec::new()
    };
    let linkage = reloc::read_linkage(&file);
    let rodata = file
        .section_by_name(".rodata")
        .filter(|_| linked)
        .and_then(|s| s.data().ok());
    Ok(CodeObject {
        got_objects: got_objects(&file, &got),
        got,
        rodata,
        amdgpu_config: file.section_by_name(".AMDGPU.config").is_some(),
        trailing,
        linkage,
        arch,
        processor,
        version,
        linked,
        flags,
        sections,
        descriptors,
        notes,
    })
}

/// The sections of a loadable object whose headers follow `.strtab`'s (clrxasm's sections of
/// the source's own), with the symbols in them.
fn trailing_sections<'a>(data: &[u8], file: &object::File<'a>) -> Result<Vec<TrailingSection<'a>>, Error> {
    let Some(strtab) = file.section_by_name(".strtab") else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    let mut indices = Vec::new();
    // (each header: `sh_type` at 4, `sh_flags` at 8; the table was read by `object`)
    let shoff = u64::from_le_bytes(data[0x28..0x30].try_into().expect("8 bytes"));
    for s in file.sections().filter(|s| s.index().0 > strtab.index().0) {
        let name = s.name().unwrap_or("?").to_string();
        let header = usize::try_from(shoff)
            .ok()
            .and_then(|o| o.checked_add(s.index().0.checked_mul(64)?))
            .and_then(|h| data.get(h..h.checked_add(16)?))
            .ok_or_else(|| Error(format!("section {name}: its header lies outside the file")))?;
        let kind = u32::from_le_bytes(header[4..8].try_into().expect("4 bytes"));
        let flags = u64::from_le_bytes(header[8..16].try_into().expect("8 bytes"));
        let bytes = if kind == clrx_rocm::SHT_NOBITS {
            &[][..]
        } else {
            s.data()
                .map_err(|x| Error(format!("section {name}: {x} (its bytes lie outside the file)")))?
        };
        indices.push(s.index());
        out.push(TrailingSection {
            name,
            kind,
            flags,
            align: s.align().max(1),
            bytes,
            size: s.size(),
            symbols: Vec::new(),
        });
    }
    for sym in file.symbols() {
        let Some(k) = sym.section_index().and_then(|i| indices.iter().position(|&j| j == i)) else {
            continue;
        };
        let t = &mut out[k];
        let at = sym
            .address()
            .wrapping_sub(file.section_by_index(indices[k]).map_or(0, |s| symbol_base(&s)));
        if let Ok(n) = sym.name() {
            t.symbols.push((at, n.to_string()));
        }
    }
    for t in &mut out {
        t.symbols.sort();
    }
    Ok(out)
}

/// The processor a code object v2's `NT_AMD_HSA_ISA_VERSION` note names (`gfx803` for
/// 8.0.3), if it has one.
fn isa_note_processor(file: &object::File) -> Option<String> {
    for s in file.sections() {
        if s.kind() != object::SectionKind::Note {
            continue;
        }
        let notes = metadata::parse_notes(s.data().ok()?).ok()?;
        let Some(n) = notes
            .iter()
            .find(|n| n.name == "AMD" && n.kind == metadata::NT_AMD_HSA_ISA_VERSION)
        else {
            continue;
        };
        let word = |k: usize| Some(u32::from_le_bytes(n.desc.get(k..k + 4)?.try_into().ok()?));
        let (major, minor, stepping) = (word(4)?, word(8)?, word(12)?);
        // clrxasm writes 0.0.0 for every GCN 1.0 chip: gfx600 stands for them.
        if major == 0 {
            return Some("gfx600".into());
        }
        return Some(format!("gfx{major}{minor:x}{stepping:x}"));
    }
    None
}

/// The 64 bytes of kernel descriptor symbol `sym` (`KERNEL.kd`) in section `index`.
fn descriptor(
    file: &object::File,
    index: object::SectionIndex,
    kernel: &str,
    sym: &object::Symbol,
) -> Result<Descriptor, Error> {
    let sec = file
        .section_by_index(index)
        .map_err(|x| Error(format!("kernel descriptor {kernel}.kd: {x}")))?;
    let section = sec.name().unwrap_or("?").to_string();
    let data = sec
        .data()
        .map_err(|x| Error(format!("section {section}: {x} (its bytes lie outside the file)")))?;
    let off = sym.address().wrapping_sub(sec.address());
    let bytes = usize::try_from(off)
        .ok()
        .and_then(|o| data.get(o..o.checked_add(kd::SIZE)?))
        .ok_or_else(|| {
            Error(format!(
                "kernel descriptor {kernel}.kd at 0x{:x} lies outside section {section} (0x{:x}, {} bytes)",
                sym.address(),
                sec.address(),
                data.len()
            ))
        })?;
    Ok(Descriptor {
        kernel: kernel.to_string(),
        section,
        addr: sym.address(),
        bytes: bytes.try_into().expect("64 bytes"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The machine field decides: another machine, a truncated header, a processor outside
    /// GCN 1.0-1.4 are errors that say why.
    #[test]
    fn refuses_what_is_not_a_gcn_code_object() {
        let mut h = vec![0u8; 64];
        h[..4].copy_from_slice(b"\x7fELF");
        h[4] = 2;
        h[5] = 1;
        h[18] = 62; // x86-64
        assert!(read(&h).unwrap_err().0.contains("not AMDGPU"));
        assert!(read(&h[..10]).is_err());
        h[18] = 224;
        h[0x30] = 0x30; // gfx908
        assert!(read(&h).is_err());
    }
}
