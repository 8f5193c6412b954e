//! Reading AMD OpenCL 2.0 binaries ([`super::clrx_amdcl2`]'s format) and printing them as
//! clrxdisasm 0.1.9 prints them with `-dCmf`: the driver version and device it recovers
//! (`AmdCL2MainGPUBinaryBase`: the form of the binary, the device code tables of reading,
//! the inner binary's AMDGPU note), and each kernel's `.config` recovered from its metadata
//! and setup (`genKernelConfig`), so that the text assembles back, with gcnkit or clrxasm, to
//! one same binary. Code relocations (`.rela.hsatext`) print as clrxdisasm prints them.

use super::clrx_amdcl2_config::{
    is_image, type_names, Cl2Arg, Cl2Config, CONST, READ_ONLY, READ_WRITE, RESTRICT, SPACE_CONSTANT, SPACE_GLOBAL,
    SPACE_LOCAL, T_CLKEVENT, T_PIPE, T_POINTER, T_QUEUE, T_SAMPLER, T_STRUCTURE, VOLATILE, WRITE_ONLY,
};
use super::clrx_config::Device;
use crate::arch::Arch;
use std::fmt::Write;

/// The device codes of the ELF flags as clrxdisasm reads them, per driver range (the
/// generator's [`super::clrx_amdcl2`] ranges; where two devices share a code, the one named):
/// [`READ_CODES_COMMON`], then each range's own.
const READ_CODES: [&[(u32, &str)]; 11] = [
    &[(15, "CARRIZO"), (16, "FIJI")],
    &[(15, "DUMMY"), (16, "CARRIZO"), (17, "FIJI")],
    &[
        (12, "HORSE"),
        (13, "GOOSE"),
        (15, "CARRIZO"),
        (16, "FIJI"),
        (17, "STONEY"),
    ],
    &[
        (13, "CARRIZO"),
        (14, "FIJI"),
        (15, "STONEY"),
        (16, "BAFFIN"),
        (17, "ELLESMERE"),
    ],
    &[
        (12, "CARRIZO"),
        (13, "FIJI"),
        (14, "STONEY"),
        (15, "BAFFIN"),
        (16, "ELLESMERE"),
        (17, "GFX900"),
        (18, "GFX804"),
    ],
    &[
        (13, "CARRIZO"),
        (14, "FIJI"),
        (15, "STONEY"),
        (16, "BAFFIN"),
        (17, "ELLESMERE"),
        (18, "GFX804"),
        (19, "GFX900"),
    ],
    &[
        (14, "CARRIZO"),
        (15, "FIJI"),
        (16, "STONEY"),
        (17, "BAFFIN"),
        (18, "ELLESMERE"),
        (19, "GFX804"),
        (20, "GFX900"),
        (21, "GFX901"),
    ],
    &[
        (12, "CARRIZO"),
        (13, "FIJI"),
        (14, "STONEY"),
        (15, "BAFFIN"),
        (16, "ELLESMERE"),
        (17, "GFX900"),
        (18, "GFX804"),
        (19, "GFX901"),
    ],
    &[
        (12, "CARRIZO"),
        (13, "FIJI"),
        (14, "STONEY"),
        (16, "BAFFIN"),
        (18, "ELLESMERE"),
        (19, "GFX900"),
        (20, "GFX804"),
        (21, "GFX901"),
    ],
    &[
        (12, "CARRIZO"),
        (13, "FIJI"),
        (14, "STONEY"),
        (16, "BAFFIN"),
        (18, "ELLESMERE"),
        (20, "GFX900"),
        (21, "GFX804"),
        (23, "GFX901"),
        (24, "GFX902"),
        (25, "GFX903"),
        (26, "GFX904"),
        (27, "GFX905"),
    ],
    &[
        (12, "CARRIZO"),
        (13, "FIJI"),
        (14, "STONEY"),
        (16, "BAFFIN"),
        (18, "ELLESMERE"),
        (20, "GFX900"),
        (21, "GFX804"),
        (23, "GFX901"),
        (24, "GFX902"),
        (25, "GFX903"),
        (26, "GFX904"),
        (27, "GFX905"),
        (28, "GFX906"),
        (29, "GFX907"),
    ],
];

/// The codes every driver range reads alike (GCN 1.1 and the first GCN 1.2 devices).
const READ_CODES_COMMON: [(u32, &str); 8] = [
    (1, "SPECTRE"),
    (2, "SPOOKY"),
    (3, "KALINDI"),
    (4, "MULLINS"),
    (6, "BONAIRE"),
    (7, "HAWAII"),
    (8, "ICELAND"),
    (9, "TONGA"),
];

/// The first driver that knows each device (clrxdisasm prints at least it).
const MIN_DRIVER: [(&str, u32); 25] = [
    ("Bonaire", 180005),
    ("Spectre", 180005),
    ("Spooky", 180005),
    ("Kalindi", 180005),
    ("Hawaii", 180005),
    ("Iceland", 180005),
    ("Tonga", 180005),
    ("Mullins", 180005),
    ("Fiji", 180005),
    ("Carrizo", 180005),
    ("Dummy", 191205),
    ("Goose", 200406),
    ("Horse", 200406),
    ("Stoney", 200406),
    ("Ellesmere", 200406),
    ("Baffin", 200406),
    ("GFX804", 223600),
    ("GFX900", 223600),
    ("GFX901", 226400),
    ("GFX902", 252700),
    ("GFX903", 252700),
    ("GFX904", 252700),
    ("GFX905", 252700),
    ("GFX906", 258000),
    ("GFX907", 258000),
];

/// One section of an ELF: name, type, flags, offset, size, alignment.
struct Sh {
    name: String,
    kind: u32,
    flags: u64,
    offset: u64,
    size: u64,
    align: u64,
}

/// A symbol: name, value, size, section.
struct Sym {
    name: String,
    value: u64,
    size: u64,
    shndx: u16,
}

/// The little an ELF reader needs here (the outer ELF is 32- or 64-bit, the inner 64-bit).
struct Elf<'a> {
    d: &'a [u8],
    sections: Vec<Sh>,
    symbols: Vec<Sym>,
}

fn bytes_at(d: &[u8], at: u64, n: u64) -> Result<&[u8], String> {
    let end = at
        .checked_add(n)
        .filter(|&e| e <= d.len() as u64)
        .ok_or("ELF data out of range")?;
    Ok(&d[at as usize..end as usize])
}

fn le(d: &[u8], at: u64, n: usize) -> Result<u64, String> {
    let b = bytes_at(d, at, n as u64)?;
    Ok(b.iter().rev().fold(0u64, |v, &x| v << 8 | x as u64))
}

fn cstr(d: &[u8], at: u64) -> String {
    let s = d.get(at as usize..).unwrap_or(&[]);
    let n = s.iter().position(|&c| c == 0).unwrap_or(s.len());
    String::from_utf8_lossy(&s[..n]).into_owned()
}

impl<'a> Elf<'a> {
    fn parse(d: &'a [u8]) -> Result<Elf<'a>, String> {
        if d.len() < 52 || !d.starts_with(b"\x7fELF") {
            return Err("not an ELF file".into());
        }
        let is64 = d[4] == 2;
        let w = if is64 { 8 } else { 4 };
        let (shoff, shentsize, shnum, shstrndx) = if is64 {
            (le(d, 40, 8)?, le(d, 58, 2)?, le(d, 60, 2)?, le(d, 62, 2)?)
        } else {
            (le(d, 32, 4)?, le(d, 46, 2)?, le(d, 48, 2)?, le(d, 50, 2)?)
        };
        let mut raw = Vec::new();
        for k in 0..shnum {
            let h = shoff + k * shentsize;
            let name = le(d, h, 4)?;
            let kind = le(d, h + 4, 4)?;
            let flags = le(d, h + 8, w as usize)?;
            let off = le(d, h + 8 + 2 * w, w as usize)?;
            let size = le(d, h + 8 + 3 * w, w as usize)?;
            let link = le(d, h + 8 + 4 * w, 4)?;
            let align = le(d, h + 16 + 4 * w, w as usize)?;
            raw.push((name, kind, off, size, link, align, flags));
        }
        let strtab_of = |k: u64| raw.get(k as usize).map(|r| (r.2, r.3));
        let (sh_names, _) = strtab_of(shstrndx).ok_or("no section names")?;
        let sections: Vec<Sh> = raw
            .iter()
            .map(|r| Sh {
                name: cstr(d, sh_names + r.0),
                kind: r.1 as u32,
                flags: r.6,
                offset: r.2,
                size: r.3,
                align: r.5,
            })
            .collect();
        let mut symbols = Vec::new();
        if let Some(st) = raw.iter().find(|r| r.1 == 2) {
            let (names, _) = strtab_of(st.4).ok_or("no symbol names")?;
            let entsize = if is64 { 24 } else { 16 };
            for k in 0..st.3 / entsize {
                let e = st.2 + k * entsize;
                let (value, size, shndx) = if is64 {
                    (le(d, e + 8, 8)?, le(d, e + 16, 8)?, le(d, e + 6, 2)?)
                } else {
                    (le(d, e + 4, 4)?, le(d, e + 8, 4)?, le(d, e + 14, 2)?)
                };
                symbols.push(Sym {
                    name: cstr(d, names + le(d, e, 4)?),
                    value,
                    size,
                    shndx: shndx as u16,
                });
            }
        }
        Ok(Elf { d, sections, symbols })
    }

    fn section(&self, name: &str) -> Option<&Sh> {
        self.sections.iter().find(|s| s.name == name)
    }

    fn content(&self, s: &Sh) -> Result<&'a [u8], String> {
        bytes_at(self.d, s.offset, s.size)
    }

    /// The sections after those of `standard` (name, type, flags: CLRX's own sections of the
    /// binary, in its order, each there or not), which clrxasm writes for the source's own
    /// sections, in the order the source opened them.
    fn own_sections(&self, standard: &[Std]) -> Result<Vec<OwnSection>, String> {
        let mut next = 0;
        let mut own = Vec::new();
        for s in self.sections.iter().skip(1) {
            let found = standard[next..]
                .iter()
                .position(|&(n, k, f)| n == s.name && k == s.kind && f == s.flags);
            match found {
                Some(k) if own.is_empty() => {
                    next += k + 1;
                    continue;
                }
                // (one of CLRX's after another section: not clrxasm's layout, as the AMD
                // driver's `.brig` before `.text`; then none is the source's own)
                Some(_) => return Ok(Vec::new()),
                None => {}
            }
            own.push(OwnSection {
                name: s.name.clone(),
                kind: s.kind,
                flags: s.flags,
                align: s.align.max(1),
                size: s.size,
                bytes: if s.kind == SHT_NOBITS {
                    Vec::new()
                } else {
                    self.content(s)?.to_vec()
                },
            });
        }
        Ok(own)
    }

    /// The bytes a symbol names in its section.
    fn symbol_bytes(&self, s: &Sym) -> Result<&'a [u8], String> {
        let sh = self
            .sections
            .get(s.shndx as usize)
            .ok_or("symbol's section out of range")?;
        if s.value.saturating_add(s.size) > sh.size {
            return Err(format!("symbol {} out of its section", s.name));
        }
        bytes_at(self.d, sh.offset + s.value, s.size)
    }
}

/// `SHT_NOBITS`.
const SHT_NOBITS: u32 = 8;

/// A section of CLRX's own in a binary: name, type, flags.
type Std = (&'static str, u32, u64);

const SHSTRTAB: Std = (".shstrtab", 3, 0x20);
const STRTAB: Std = (".strtab", 3, 0x20);
const SYMTAB: Std = (".symtab", 2, 0);

/// The main binary's sections before the source's own, in their order.
const MAIN_SECTIONS: [Std; 6] = [
    SHSTRTAB,
    STRTAB,
    SYMTAB,
    (".comment", 1, 0),
    (".rodata", 1, 2),
    (".text", 1, 6),
];

/// The inner binary's: its data and code (each there or not), its samplers' and code's
/// relocations; driver 16.3's string tables and notes come first and its `.symtab` after the
/// code, the others' notes and tables last.
const INNER_DATA: [Std; 4] = [
    (".hsadata_global_agent", 1, 0x90_0003),
    (".hsabss_global_agent", 8, 0x90_0003),
    (".hsadata_readonly_agent", 1, 0xa0_0003),
    (".hsatext", 1, 0xc0_0007),
];
const INNER_RELOCS: [Std; 3] = [
    (".hsaimage_samplerinit", 1, 0x10),
    (".rela.hsadata_readonly_agent", 4, 0),
    (".rela.hsatext", 4, 0),
];
const NOTE: Std = (".note", 7, 0);

/// The inner binary's sections before the source's own, in their order (driver 16.3's
/// form, or the others').
fn inner_sections(v16_3: bool) -> Vec<Std> {
    match v16_3 {
        true => [&[SHSTRTAB, STRTAB, NOTE][..], &INNER_DATA, &[SYMTAB], &INNER_RELOCS].concat(),
        false => [&INNER_DATA[..], &INNER_RELOCS, &[NOTE, STRTAB, SYMTAB, SHSTRTAB]].concat(),
    }
}

/// A section of the source's own, as clrxasm writes it (`.section NAME, "FLAGS", @TYPE
/// align=N`): its bytes (none for `SHT_NOBITS`) and size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnSection {
    pub name: String,
    pub kind: u32,
    pub flags: u64,
    pub align: u64,
    pub size: u64,
    pub bytes: Vec<u8>,
}

/// One kernel of a binary: its metadata, setup and code.
pub struct Cl2KernelBin {
    pub name: String,
    pub metadata: Vec<u8>,
    pub setup: Vec<u8>,
    pub code: Vec<u8>,
    /// An old binary's stub (the bytes before its setup).
    pub stub: Vec<u8>,
    /// A new binary's: where its setup is in the inner binary's `.hsatext`.
    pub text_at: u64,
    /// An old binary's ISA metadata.
    pub isa_metadata: Vec<u8>,
    /// Its code's relocations to the global data, in the order of the code.
    pub relocs: Vec<CodeReloc>,
}

/// A relocation of a kernel's code to the global data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CodeReloc {
    /// The place's offset in the kernel's code.
    pub offset: u64,
    /// The address in the part (the symbol's value and the addend).
    pub addend: i64,
    /// 0: the global data (`.gdata`), 1: the read-write data (`.ddata`), 2: the bss (`.bdata`).
    pub part: usize,
    pub high: bool,
}

impl CodeReloc {
    /// The place as clrxdisasm writes it: `.gdata&0xffffffff`, `(.ddata+8)>>32`...
    pub fn text(&self) -> String {
        let label = [".gdata", ".ddata", ".bdata"][self.part];
        let place = match self.addend {
            0 => label.to_string(),
            a if a > 0 => format!("({label}+{a})"),
            a => format!("({label}{a})"),
        };
        format!("{place}{}", if self.high { ">>32" } else { "&0xffffffff" })
    }
}

/// A binary as clrxdisasm reads it.
pub struct Cl2Binary {
    pub is64: bool,
    pub device: &'static Device,
    pub arch_minor: u32,
    pub arch_stepping: u32,
    /// The driver version clrxdisasm prints (at least the device's first).
    pub driver_version: u32,
    pub compile_options: Vec<u8>,
    pub acl_version: Vec<u8>,
    pub global_data: Vec<u8>,
    pub rw_data: Vec<u8>,
    pub bss: Option<(u64, u64)>,
    pub sampler_init: Vec<u8>,
    /// (offset in the global data, sampler).
    pub sampler_relocs: Vec<(u64, u64)>,
    pub kernels: Vec<Cl2KernelBin>,
    /// A new binary's inner `.hsatext` (every kernel's setup and code): clrxdisasm's `-L`.
    pub hsa_text: Option<Vec<u8>>,
    /// The sections of the source's own of the main and of the inner binary, each in its
    /// binary's order (clrxdisasm prints none of them).
    pub own: Vec<OwnSection>,
    pub inner_own: Vec<OwnSection>,
}

/// Reads an AMD OpenCL 2.0 binary.
pub fn read(data: &[u8]) -> Result<Cl2Binary, String> {
    if !super::clrx_amdcl2::is_amdcl2(data) {
        return Err("not an AMD OpenCL 2.0 binary".into());
    }
    let is64 = data[4] == 2;
    let flags = le(data, if is64 { 48 } else { 36 }, 4)? as u32;
    let outer = Elf::parse(data)?;
    let sym_bytes = |name: &str| -> Result<Vec<u8>, String> {
        match outer.symbols.iter().find(|s| s.name == name) {
            Some(s) => Ok(outer.symbol_bytes(s)?.to_vec()),
            None => Ok(Vec::new()),
        }
    };
    let compile_options = sym_bytes("__OpenCL_compiler_options")?;
    let acl_version = sym_bytes("acl_version_string")?;
    let metas: Vec<&Sym> = outer
        .symbols
        .iter()
        .filter(|s| {
            s.name.len() >= 35 && s.name.starts_with("__OpenCL_&__OpenCL_") && s.name.ends_with("_kernel_metadata")
        })
        .collect();
    let bins: Vec<&Sym> = outer
        .symbols
        .iter()
        .filter(|s| s.name.len() >= 30 && s.name.starts_with("__ISA_&__OpenCL_") && s.name.ends_with("_kernel_binary"))
        .collect();
    let new = bins.is_empty();
    let text = outer.section(".text");
    let mut dv = if new && text.is_some() { 191205 } else { 180005 };
    let inner = match (new, text) {
        (true, Some(t)) => Some(Elf::parse(outer.content(t)?)?),
        _ => None,
    };
    if let Some(i) = &inner {
        // Driver 16.3's inner binary has a null symbol; AMDGPU-PRO 16.3's a longer note.
        if i.symbols.first().is_some_and(|s| s.name.is_empty()) {
            dv = 200406;
        }
        if let Some(n) = i.section(".note") {
            let c = i.content(n)?;
            if c.len() == 200 && c[197] != 0 {
                dv = 203603;
            }
        }
    }
    let mut kernels = Vec::new();
    let header_end = if is64 { 0x110 } else { 0xa4 };
    for m in &metas {
        let name = m.name[19..m.name.len() - 16].to_string();
        let metadata = outer.symbol_bytes(m)?.to_vec();
        if metadata.len() < 72 {
            return Err(format!("kernel {name}: metadata too short"));
        }
        // A vector type hint's length, or an argument entry where the names end: Crimson
        // 16's metadata.
        let hsize = le(&metadata, 0, if is64 { 8 } else { 4 })?;
        let (first, second) = if is64 {
            (le(&metadata, 96, 8)?, le(&metadata, 104, 8)?)
        } else {
            (le(&metadata, 72, 4)?, le(&metadata, 76, 4)?)
        };
        let vth = if hsize >= header_end {
            le(
                &metadata,
                header_end - if is64 { 16 } else { 8 },
                if is64 { 8 } else { 4 },
            )?
        } else {
            0
        };
        let arg_at = hsize.saturating_add(first).saturating_add(second).saturating_add(2);
        let entry = if is64 { 88 } else { 64 };
        if vth != 0 || le(&metadata, arg_at, 4)? == entry << 8 {
            dv = dv.max(200406);
        }
        kernels.push(Cl2KernelBin {
            name,
            metadata,
            setup: Vec::new(),
            stub: Vec::new(),
            text_at: 0,
            code: Vec::new(),
            isa_metadata: Vec::new(),
            relocs: Vec::new(),
        });
    }
    let mut hsa_text = None;
    let (mut global_data, mut rw_data, mut bss, mut sampler_init, mut sampler_relocs) =
        (Vec::new(), Vec::new(), None, Vec::new(), Vec::new());
    if let Some(i) = &inner {
        let sect = |n: &str| -> Result<Vec<u8>, String> {
            i.section(n).map_or(Ok(Vec::new()), |s| Ok(i.content(s)?.to_vec()))
        };
        global_data = sect(".hsadata_readonly_agent")?;
        rw_data = sect(".hsadata_global_agent")?;
        bss = i.section(".hsabss_global_agent").map(|s| (s.size, s.align));
        sampler_init = sect(".hsaimage_samplerinit")?;
        hsa_text = Some(sect(".hsatext")?);
        let rela = sect(".rela.hsadata_readonly_agent")?;
        for r in rela.chunks_exact(24) {
            let off = le(r, 0, 8)?;
            let sym = (le(r, 8, 8)? >> 32) as usize;
            let s = i.symbols.get(sym).ok_or("sampler symbol out of range")?;
            sampler_relocs.push((off, s.value >> 3));
        }
        let mut code_at = Vec::new();
        for k in &mut kernels {
            let sym = format!("&__OpenCL_{}_kernel", k.name);
            let s = i
                .symbols
                .iter()
                .find(|s| s.name == sym)
                .ok_or(format!("kernel {}: no code", k.name))?;
            let b = i.symbol_bytes(s)?;
            let at = le(b, 16, 4)? as usize;
            if at > b.len() {
                return Err(format!("kernel {}: setup out of range", k.name));
            }
            k.setup = b[..at].to_vec();
            k.code = b[at..].to_vec();
            k.text_at = s.value;
            code_at.push(s.value.saturating_add(at as u64));
        }
        // Code relocations: each in the code of a kernel, to a symbol of the global data,
        // read-write data or bss.
        let index = |n: &str| i.sections.iter().position(|s| s.name == n).map(|k| k as u16);
        let parts = [
            index(".hsadata_readonly_agent"),
            index(".hsadata_global_agent"),
            index(".hsabss_global_agent"),
        ];
        for r in sect(".rela.hsatext")?.chunks_exact(24) {
            let (off, info, addend) = (le(r, 0, 8)?, le(r, 8, 8)?, le(r, 16, 8)? as i64);
            let sym = i
                .symbols
                .get((info >> 32) as usize)
                .ok_or("relocation symbol out of range")?;
            let part = parts
                .iter()
                .position(|&p| p == Some(sym.shndx))
                .ok_or("Symbol is not placed in global or rwdata data or bss is illegal")?;
            let high = match info as u32 {
                1 => false,
                2 => true,
                _ => return Err("Unknown relocation type".into()),
            };
            let (k, at) = kernels
                .iter_mut()
                .zip(&code_at)
                .find(|(k, &at)| off >= at && off + 4 <= at + k.code.len() as u64)
                .ok_or("Code relocation offset outside kernel code")?;
            k.relocs.push(CodeReloc {
                offset: off - at,
                addend: addend.wrapping_add(sym.value as i64),
                part,
                high,
            });
        }
        for k in &mut kernels {
            k.relocs.sort();
        }
    } else if !new {
        for k in &mut kernels {
            let sym = format!("__ISA_&__OpenCL_{}_kernel_binary", k.name);
            let s = outer
                .symbols
                .iter()
                .find(|s| s.name == sym)
                .ok_or(format!("kernel {}: no code", k.name))?;
            let b = outer.symbol_bytes(s)?;
            let setup_at = le(b, 0, 4)? as usize;
            let setup = b.get(setup_at..).ok_or("kernel setup out of range")?;
            let code_at = le(setup, 16, 4)? as usize;
            let code = setup.get(code_at..).ok_or("kernel code out of range")?;
            k.setup = setup[..code_at].to_vec();
            k.code = code.to_vec();
            k.stub = b[..setup_at].to_vec();
            let isa = format!("__ISA_&__OpenCL_{}_kernel_metadata", k.name);
            if let Some(s) = outer.symbols.iter().find(|s| s.name == isa) {
                k.isa_metadata = outer.symbol_bytes(s)?.to_vec();
            }
        }
    }
    // The device: the flags' code in the driver's reading table, the inner note's version.
    let table = super::clrx_amdcl2::code_table(dv);
    let by_flags = READ_CODES_COMMON
        .iter()
        .chain(READ_CODES[table].iter())
        .find(|e| e.0 == flags)
        .and_then(|e| Device::find(e.1));
    let (mut device, mut minor, mut stepping) = (by_flags, 0, 0);
    if let Some(i) = &inner {
        // (from `.note`, where clrxasm writes the ISA version; clrxdisasm reads the last
        // section of the note type, a section of the source's own of that type when there is
        // one: it refuses the file where that one's notes do not parse, and reads no version
        // from notes without one)
        let notes = i.section(".note").map_or(Ok(&[][..]), |n| i.content(n))?;
        (device, minor, stepping) = device_of(by_flags, &isa_notes(notes)?)?;
    }
    let device = device.ok_or("Can't determine GPU device type")?;
    let own = outer.own_sections(&MAIN_SECTIONS)?;
    // (driver 16.3's inner binary starts with `.shstrtab`)
    let inner_own = match &inner {
        Some(i) => i.own_sections(&inner_sections(
            i.sections.get(1).is_some_and(|s| s.name == ".shstrtab"),
        ))?,
        None => Vec::new(),
    };
    let min = MIN_DRIVER.iter().find(|m| m.0 == device.name).map_or(0, |m| m.1);
    let driver_version = if dv < 191205 { dv } else { dv.max(min) };
    Ok(Cl2Binary {
        is64,
        device,
        arch_minor: minor,
        arch_stepping: stepping,
        driver_version,
        compile_options,
        acl_version,
        global_data,
        rw_data,
        bss,
        sampler_init,
        sampler_relocs,
        kernels,
        hsa_text,
        own,
        inner_own,
    })
}

/// The device and the ISA version's minor and stepping that the inner binary's ISA notes
/// (`isa`, [`isa_notes`]) give with the device of the flags (`by_flags`), as clrxdisasm reads
/// them: the last note's version, the device the version names where the flags name none.
fn device_of(
    by_flags: Option<&'static Device>,
    isa: &[(u64, u32, u32)],
) -> Result<(Option<&'static Device>, u32, u32), String> {
    let (mut device, mut minor, mut stepping) = (by_flags, 0, 0);
    for &(major, m, s) in isa {
        (minor, stepping) = (m, s);
        if let Some(dev) = device {
            if (dev.arch == Arch::Gcn12 && major < 8) || (dev.arch == Arch::Gcn11 && major != 7) {
                return Err("Wrong arch major for GPU architecture".into());
            }
            if dev.arch == Arch::Gcn12 && major != 8 {
                device = None;
            }
        }
        if device.is_none() {
            let name = match (major, minor) {
                (7, _) => "Bonaire",
                (8, _) => "Iceland",
                (9, 0) => [
                    "GFX900", "GFX901", "GFX902", "GFX903", "GFX904", "GFX905", "GFX906", "GFX907",
                ]
                .get(stepping as usize)
                .copied()
                .unwrap_or("GFX900"),
                (9, _) => "GFX900",
                _ => return Err("Unknown arch major".into()),
            };
            device = Device::find(name);
        }
    }
    Ok((device, minor, stepping))
}

/// The ISA version notes (`AMD`, type 3) of a note section, in order: major, minor,
/// stepping; an error where a note runs past the section (as clrxdisasm counts it: its name and
/// description from the note's start; a header past the end ends the notes).
fn isa_notes(notes: &[u8]) -> Result<Vec<(u64, u32, u32)>, String> {
    let mut out = Vec::new();
    let mut at = 0usize;
    while at + 12 <= notes.len() {
        let namesz = le(notes, at as u64, 4)? as usize;
        let descsz = le(notes, at as u64 + 4, 4)? as usize;
        let kind = le(notes, at as u64 + 8, 4)?;
        if at.saturating_add(namesz).saturating_add(descsz) > notes.len() {
            return Err("Note offset+size out of range".into());
        }
        if kind == 3 && namesz == 4 && descsz >= 0x1a && notes.get(at + 12..at + 16) == Some(b"AMD\0") {
            let d = at as u64 + 16;
            out.push((
                le(notes, d + 4, 4)?,
                le(notes, d + 8, 4)? as u32,
                le(notes, d + 12, 4)? as u32,
            ));
        }
        at = at
            .checked_add(12 + namesz + descsz + (4 - (namesz + descsz) % 4) % 4)
            .ok_or("Note offset+size out of range")?;
    }
    Ok(out)
}

/// The type a type name names for clrxdisasm (`uint`, `queue_t`...), if one.
fn type_named(n: &str) -> Option<u8> {
    match n {
        "clk_event_t" => Some(T_CLKEVENT),
        "queue_t" => Some(T_QUEUE),
        "sampler_t" => Some(T_SAMPLER),
        "counter64" | "sampler" | "queue" | "clkevent" | "" => None,
        _ => (0..T_CLKEVENT).find(|&t| t != T_POINTER && type_names(t).0 == n),
    }
}

/// Value types by metadata code (6 char .. 12 double) and vector size.
fn vector_type(code: u32, vec: u32) -> Option<u8> {
    // (The signed scalars: char, short, int, long; float and double.)
    let scalar: u8 = match code {
        6 => 2,
        7 => 4,
        8 => 6,
        9 => 8,
        11 => 9,
        12 => 10,
        _ => return None,
    };
    match vec {
        1 => Some(scalar),
        2 | 3 | 4 | 8 | 16 => {
            let v = [2, 3, 4, 8, 16].iter().position(|&x| x == vec).unwrap_or(0) as u8;
            Some(19 + (scalar - 1) * 5 + v)
        }
        _ => None,
    }
}

/// A kernel's config as clrxdisasm recovers it (`genKernelConfig`).
pub fn config_of(b: &Cl2Binary, k: &Cl2KernelBin) -> Result<Cl2Config, String> {
    let is64 = b.is64;
    let m = &k.metadata;
    let w = if is64 { 8 } else { 4 };
    let word = |at: u64| le(m, at, w);
    let mut c = Cl2Config {
        float_mode: 0,
        ..Default::default()
    };
    let hsize = word(0)?;
    let reqd_at = if is64 { 56 } else { 48 };
    for i in 0..3 {
        c.reqd_work_group_size[i] = word(reqd_at + i as u64 * w as u64)? as u32;
    }
    let gcn14 = b.device.arch >= Arch::Gcn14;
    if k.setup.len() >= 48 + 56 {
        let s = &k.setup[48..];
        let rsrc1 = le(s, 0, 4)? as u32;
        let rsrc2 = le(s, 4, 4)? as u32;
        c.dims = super::clrx_amd_config::default_dims(rsrc2);
        c.ieee_mode = rsrc1 >> 23 & 1 != 0;
        c.exceptions = rsrc2 >> 24 & 0xff;
        c.float_mode = rsrc1 >> 12 & 0xff;
        c.priority = rsrc1 >> 10 & 3;
        c.tg_size = rsrc2 >> 10 & 1 != 0;
        c.priv_mode = rsrc1 >> 20 & 1 != 0;
        c.dx10_clamp = rsrc1 >> 21 & 1 != 0;
        c.debug_mode = rsrc1 >> 22 & 1 != 0;
        c.pgmrsrc1 = rsrc1;
        c.pgmrsrc2 = rsrc2;
        c.scratch = le(s, 12, 4)? as u32;
        c.local_size = le(s, 16, 4)? as u32;
        c.gds_size = le(s, 20, 4)? as u32;
        // (The reserved registers' fields, as the driver fills them: all SGPRs, then the
        // VGPRs and SGPRs the kernel uses.)
        let sgprs_all = le(s, 36, 2)? as u32;
        c.vgprs = le(s, 40, 4)? as u32;
        c.sgprs = le(s, 44, 4)? as u32;
        let setup1 = le(s, 8, 2)? as u32;
        c.use_setup = setup1 & 2 != 0;
        c.use_args = setup1 & 8 != 0;
        if setup1 == 0x2f {
            c.use_generic = true;
        } else if !gcn14 {
            c.use_enqueue = setup1 & 0x20 != 0;
        } else {
            c.use_enqueue = c.sgprs.wrapping_add(6) == sgprs_all;
        }
    }
    let header_end = if is64 { 0x110 } else { 0xa4 };
    let mut vth = 0;
    if hsize >= header_end {
        let end = header_end - if is64 { 40 } else { 20 };
        for i in 0..3 {
            c.work_group_size_hint[i] = word(end + i as u64 * w as u64)? as u32;
        }
        vth = word(end + 3 * w as u64)?;
    }
    let (first, second) = if is64 {
        (le(m, 96, 8)?, le(m, 104, 8)?)
    } else {
        (le(m, 72, 4)?, le(m, 76, 4)?)
    };
    let mut at = hsize.saturating_add(first).saturating_add(second).saturating_add(2);
    let entry = if is64 { 88 } else { 64 };
    if vth != 0 || le(m, at, 4)? == entry << 8 {
        c.vec_type_hint = String::from_utf8_lossy(bytes_at(m, at, vth)?).into_owned();
        at = at.saturating_add(vth).saturating_add(1);
    }
    let args = le(m, if is64 { 160 } else { 104 }, 8)?;
    if at > m.len() as u64 {
        return Err("kernel arguments out of the metadata".into());
    }
    let mut names = at.saturating_add(entry.saturating_mul(args.saturating_add(1)));
    let mut string = |n: u64| -> Result<String, String> {
        let s = String::from_utf8_lossy(bytes_at(m, names, n)?).into_owned();
        names = names.saturating_add(n).saturating_add(1);
        Ok(s)
    };
    for i in 0..args {
        let e = at.saturating_add(i * entry);
        let name_len = word(e + w as u64)?;
        let type_len = word(e + 2 * w as u64)?;
        let name = string(name_len)?;
        let type_name = string(type_len)?;
        let f = e + 5 * w as u64;
        let u32_at = |k: u64| le(m, f + 4 * k, 4);
        let (vec, ty, ptr_align, ptr_ty, ptr_space, ptr_or_pipe) = (
            u32_at(0)? as u32,
            u32_at(3)? as u32,
            u32_at(4)? as u32,
            u32_at(5)? as u32,
            u32_at(6)? as u32,
            u32_at(7)? as u32,
        );
        let flag = |k: u64| le(m, f + k, 1).map(|v| v != 0);
        let (volatile, restrict, pipe) = (flag(32)?, flag(33)?, flag(34)?);
        let kind = u32_at(9)?;
        let is_const = le(m, f + 40, w)? != 0;
        let mut a = Cl2Arg {
            name,
            type_name,
            ty: 0,
            ptr_ty: 0,
            space: 0,
            access: if is_const { CONST } else { 0 },
            struct_size: 0,
            res_id: 0,
            used: 3,
        };
        let wrong = || Err::<Cl2Config, String>("Wrong kernel argument type".into());
        if ptr_or_pipe == 0 {
            a.ty = match ty {
                0 if kind == 1 => T_SAMPLER,
                1..=3 if kind == 2 => {
                    a.access = [READ_ONLY, WRITE_ONLY, READ_WRITE][ty as usize - 1];
                    a.space = SPACE_GLOBAL;
                    12
                }
                2 | 3 if kind == 4 => {
                    if ty == 3 {
                        4
                    } else {
                        2
                    }
                }
                4 | 5 if kind == 4 => {
                    if ty == 5 {
                        8
                    } else {
                        6
                    }
                }
                6..=9 | 11 | 12 if kind == 4 => match vector_type(ty, vec) {
                    Some(t) => t,
                    None => return Err("Wrong vector size".into()),
                },
                15 if kind == 4 => T_STRUCTURE,
                18 if kind == 7 => T_QUEUE,
                _ => return wrong(),
            };
            if let Some(t) = type_named(&a.type_name) {
                a.ty = t;
            }
            if a.ty == T_STRUCTURE {
                a.struct_size = vec;
            } else if is_image(a.ty) || a.ty == T_SAMPLER {
                a.res_id = vec;
            }
        } else {
            a.used = if pipe {
                (ptr_or_pipe == 3) as u8
            } else {
                ptr_or_pipe as u8
            };
            if ty == 7 {
                a.ty = if pipe { T_PIPE } else { T_POINTER };
            } else if ty == 15 {
                a.ty = T_POINTER;
            }
            if a.ty == T_POINTER {
                a.space = match ptr_space {
                    3 => SPACE_LOCAL,
                    4 => SPACE_GLOBAL,
                    5 => SPACE_CONSTANT,
                    _ => return Err("Illegal pointer space".into()),
                };
                if restrict {
                    a.access |= RESTRICT;
                }
                if volatile {
                    a.access |= VOLATILE;
                }
                let by_code = vector_type(ptr_ty, 1);
                if a.type_name.is_empty() {
                    a.ptr_ty = by_code.unwrap_or(9);
                } else {
                    a.ptr_ty = by_code.unwrap_or(0);
                    let base: String = a
                        .type_name
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if a.type_name.contains('*') {
                        if let Some(t) = type_named(&base) {
                            a.ptr_ty = t;
                        } else if a.ptr_ty == 0 {
                            a.ptr_ty = T_STRUCTURE;
                        }
                    } else if ptr_ty == 18 {
                        a.ty = T_CLKEVENT;
                        a.ptr_ty = 0;
                    } else {
                        a.ptr_ty = 0;
                    }
                    if a.ptr_ty == T_STRUCTURE {
                        a.struct_size = ptr_align;
                    }
                }
            } else if a.ty == T_PIPE || ty != 7 {
                if ptr_space != 4 {
                    return Err("Illegal pipe space".into());
                }
                a.space = SPACE_GLOBAL;
            }
        }
        c.args.push(a);
    }
    // The samplers the kernel uses: those whose place in the global data its code's
    // relocations point at (clrxdisasm's table of sampler offsets, built as it builds it).
    let mut offsets: Vec<u64> = Vec::new();
    for &(off, s) in &b.sampler_relocs {
        let s = s as usize;
        if s < 1 << 16 {
            if offsets.len() >= s {
                offsets.resize(s + 1, 0);
            }
            if let Some(o) = offsets.get_mut(s) {
                *o = off;
            }
        }
    }
    for r in &k.relocs {
        if let Some(s) = offsets.iter().position(|&o| o == r.addend as u64) {
            c.samplers.push(s as u32);
        }
    }
    c.samplers.sort_unstable();
    c.samplers.dedup();
    Ok(c)
}

/// The lines before the kernels.
pub fn print_head(b: &Cl2Binary, parts: Parts, out: &mut String) {
    let _ = writeln!(out, ".amdcl2\n.gpu {}", b.device.name);
    out.push_str(if b.is64 { ".64bit\n" } else { ".32bit\n" });
    let _ = writeln!(out, ".arch_minor {}\n.arch_stepping {}", b.arch_minor, b.arch_stepping);
    let _ = writeln!(out, ".driver_version {}", b.driver_version);
    if parts.layout {
        out.push_str(".hsalayout\n");
    }
    if parts.metadata {
        let _ = writeln!(
            out,
            ".compile_options \"{}\"",
            super::clrx_amd_read::escape(&b.compile_options)
        );
        let _ = writeln!(out, ".acl_version \"{}\"", super::clrx_amd_read::escape(&b.acl_version));
    }
    if parts.setup && !parts.config && !b.sampler_init.is_empty() {
        out.push_str(".samplerinit\n");
        super::clrx_amd_read::print_bytes(&b.sampler_init, out);
    }
    if parts.config {
        for s in b.sampler_init.chunks_exact(8) {
            let _ = writeln!(out, ".sampler 0x{:08x}", u32::from_le_bytes([s[4], s[5], s[6], s[7]]));
        }
    }
    if !parts.data {
        return;
    }
    if !b.global_data.is_empty() {
        out.push_str(".globaldata\n.gdata:\n");
        super::clrx_amd_read::print_bytes(&b.global_data, out);
        for (off, s) in &b.sampler_relocs {
            let _ = writeln!(out, "    .samplerreloc {off}, {s}");
        }
    }
    if !b.rw_data.is_empty() {
        out.push_str(".data\n.ddata:\n");
        super::clrx_amd_read::print_bytes(&b.rw_data, out);
    }
    if let Some((size, align)) = b.bss.filter(|x| x.0 != 0) {
        let _ = writeln!(out, ".section .bss align={align}\n.bdata:\n    .skip {size}");
    }
}

/// What of a binary clrxdisasm prints besides the code: its `-m` (compile options, each
/// kernel's raw metadata unless `config`), `-d` (the global data), `-C` (each kernel's
/// `.config`, the samplers' values), `-s` (unless `config`: each kernel's raw stub and setup,
/// the samplers' raw `.samplerinit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    pub metadata: bool,
    pub data: bool,
    pub config: bool,
    pub setup: bool,
    /// `-L` (a new binary's): `.hsalayout`, its code as one `.text`.
    pub layout: bool,
}

/// A kernel's raw metadata (and an old binary's ISA metadata) as clrxdisasm `-m` prints it.
pub fn print_raw_metadata(k: &Cl2KernelBin, out: &mut String) {
    print_kernel_parts(&[("metadata", &k.metadata), ("isametadata", &k.isa_metadata)], out);
}

/// A kernel's parts given as bytes (`.metadata`...): each not empty under its pseudo-op.
fn print_kernel_parts(parts: &[(&str, &Vec<u8>)], out: &mut String) {
    for (name, bytes) in parts {
        if !bytes.is_empty() {
            let _ = writeln!(out, "    .{name}");
            let mut t = String::new();
            super::clrx_amd_read::print_bytes(bytes, &mut t);
            for l in t.lines() {
                let _ = writeln!(out, "    {l}");
            }
        }
    }
}

/// A kernel's raw stub (old binaries) and setup as clrxdisasm `-s` prints them.
pub fn print_raw_setup(k: &Cl2KernelBin, layout: bool, out: &mut String) {
    // (With `-L` the setup is in the code.)
    let none = Vec::new();
    let setup = if layout { &none } else { &k.setup };
    print_kernel_parts(&[("stub", &k.stub), ("setup", setup)], out);
}

/// A kernel's `.config` lines and arguments, as clrxdisasm `-C` prints them.
pub fn print_config(c: &Cl2Config, out: &mut String) {
    out.push_str("    .config\n");
    let letters = |m: u32| -> String {
        "xyz"
            .chars()
            .enumerate()
            .filter(|(i, _)| m >> i & 1 != 0)
            .map(|x| x.1)
            .collect()
    };
    let _ = write!(out, "        .dims {}", letters(c.dims & 7));
    if c.dims & 7 != (c.dims >> 3) & 7 || (c.use_enqueue && c.dims & 32 == 0) {
        let _ = write!(out, ", {}", letters(c.dims >> 3 & 7));
    }
    out.push('\n');
    print_hints(c, out);
    let _ = writeln!(out, "        .sgprsnum {}\n        .vgprsnum {}", c.sgprs, c.vgprs);
    if c.local_size != 0 {
        let _ = writeln!(out, "        .localsize {}", c.local_size);
    }
    if c.gds_size != 0 {
        let _ = writeln!(out, "        .gdssize {}", c.gds_size);
    }
    let _ = writeln!(out, "        .floatmode 0x{:02x}", c.float_mode);
    if c.scratch != 0 {
        let _ = writeln!(out, "        .scratchbuffer {}", c.scratch);
    }
    let _ = writeln!(
        out,
        "        .pgmrsrc1 0x{:08x}\n        .pgmrsrc2 0x{:08x}",
        c.pgmrsrc1, c.pgmrsrc2
    );
    for (on, name) in [
        (c.priv_mode, "privmode"),
        (c.debug_mode, "debugmode"),
        (c.dx10_clamp, "dx10clamp"),
        (c.ieee_mode, "ieeemode"),
        (c.tg_size, "tgsize"),
    ] {
        if on {
            let _ = writeln!(out, "        .{name}");
        }
    }
    if c.exceptions & 0x7f != 0 {
        let _ = writeln!(out, "        .exceptions 0x{:02x}", c.exceptions);
    }
    for (on, name) in [
        (c.use_args, "useargs"),
        (c.use_setup, "usesetup"),
        (c.use_enqueue, "useenqueue"),
        (c.use_generic, "usegeneric"),
    ] {
        if on {
            let _ = writeln!(out, "        .{name}");
        }
    }
    let _ = writeln!(out, "        .priority {}", c.priority);
    print_args(c, out);
}

/// The metadata's required and hinted work group sizes and vector type hint (in both config
/// forms).
fn print_hints(c: &Cl2Config, out: &mut String) {
    let r = c.reqd_work_group_size;
    if r != [0; 3] {
        let _ = writeln!(out, "        .cws {}, {}, {}", r[0], r[1], r[2]);
    }
    let h = c.work_group_size_hint;
    if h != [0; 3] {
        let _ = writeln!(out, "        .work_group_size_hint {}, {}, {}", h[0], h[1], h[2]);
    }
    if !c.vec_type_hint.is_empty() {
        let _ = writeln!(out, "        .vectypehint {}", c.vec_type_hint);
    }
}

/// The arguments and samplers (in both config forms).
fn print_args(c: &Cl2Config, out: &mut String) {
    for a in &c.args {
        print_arg(a, out);
    }
    for s in &c.samplers {
        let _ = writeln!(out, "        .sampler {s}");
    }
}

/// A kernel's config as clrxdisasm `-HC` prints it: `.hsaconfig`, the metadata's hints, its
/// setup's pseudo-ops and control directive (ROCm's header printer), `.hsaconfig` again, the
/// arguments and samplers.
pub fn print_hsa_config(b: &Cl2Binary, c: &Cl2Config, setup: &[u8], out: &mut String) -> Result<(), String> {
    let header: &[u8; 256] = setup
        .get(..256)
        .and_then(|h| h.try_into().ok())
        .ok_or("a setup of fewer than 256 bytes (an old binary's) has no HSA config")?;
    out.push_str("    .hsaconfig\n");
    print_hints(c, out);
    let gpu = super::clrx_config::Gpu {
        device: b.device,
        arch_minor: None,
        arch_stepping: None,
    };
    super::clrx_config::print_config_lines(header, &super::clrx_config::Target::new(gpu, false), "", out);
    out.push_str("    .hsaconfig\n");
    print_args(c, out);
    Ok(())
}

fn print_arg(a: &Cl2Arg, out: &mut String) {
    let _ = write!(out, "        .arg {}, \"{}\"", a.name, a.type_name);
    if a.ty != T_POINTER {
        let _ = write!(out, ", {}", type_names(a.ty).0);
        if a.ty == T_STRUCTURE {
            let _ = write!(out, ", {}", a.struct_size);
        }
        if is_image(a.ty) {
            out.push_str(match a.access & 3 {
                READ_ONLY => ", read_only",
                WRITE_ONLY => ", write_only",
                READ_WRITE => ", read_write",
                _ => ", ",
            });
        }
        if is_image(a.ty) || a.ty == T_SAMPLER {
            let _ = write!(out, ", {}", a.res_id);
        }
    } else {
        let _ = write!(out, ", {}*", type_names(a.ptr_ty).0);
        if a.ptr_ty == T_STRUCTURE {
            let _ = write!(out, ", {}", a.struct_size);
        }
        out.push_str(match a.space {
            SPACE_CONSTANT => ", constant",
            SPACE_LOCAL => ", local",
            SPACE_GLOBAL => ", global",
            _ => "",
        });
        if a.access & (CONST | VOLATILE | RESTRICT) != 0 {
            out.push(',');
            for (bit, q) in [(CONST, " const"), (RESTRICT, " restrict"), (VOLATILE, " volatile")] {
                if a.access & bit != 0 {
                    out.push_str(q);
                }
            }
        } else {
            out.push_str(", ");
        }
    }
    out.push_str(match a.used {
        0 => ", unused\n",
        1 => ", rdonly\n",
        2 => ", wronly\n",
        _ => "\n",
    });
}
