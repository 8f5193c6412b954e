//! AMDGPU ELF relocations and the LLVM assembly text that asks for them: the relocation
//! specifiers of a 32-bit literal (`sym@rel32@lo+4`, `@rel32@hi`, `@gotpcrel32@lo`/`@hi`,
//! `@gotpcrel`, `@abs32@lo`/`@hi`) and of data (`.quad sym`, `.quad sym@rel64`,
//! `.long sym@rel32@lo`...).
//!
//! What llvm-mc 14 writes for each (checked with `llvm-readelf -r`): the specifier's own
//! relocation type, except `@abs32@lo` and `@abs32@hi`, which LLVM 14 writes as a plain
//! `R_AMDGPU_ABS32` (its object writer knows no `ABS32_LO`/`_HI` variant; only the symbols
//! `SCRATCH_RSRC_DWORD0`/`1` get those); a literal or a 4-byte datum without a specifier is
//! PC-relative in code (`R_AMDGPU_REL32`) and absolute in data (`R_AMDGPU_ABS32`), an 8-byte
//! datum `R_AMDGPU_ABS64`.

pub const R_AMDGPU_NONE: u32 = 0;
pub const R_AMDGPU_ABS32_LO: u32 = 1;
pub const R_AMDGPU_ABS32_HI: u32 = 2;
pub const R_AMDGPU_ABS64: u32 = 3;
pub const R_AMDGPU_REL32: u32 = 4;
pub const R_AMDGPU_REL64: u32 = 5;
pub const R_AMDGPU_ABS32: u32 = 6;
pub const R_AMDGPU_GOTPCREL: u32 = 7;
pub const R_AMDGPU_GOTPCREL32_LO: u32 = 8;
pub const R_AMDGPU_GOTPCREL32_HI: u32 = 9;
pub const R_AMDGPU_REL32_LO: u32 = 10;
pub const R_AMDGPU_REL32_HI: u32 = 11;
pub const R_AMDGPU_RELATIVE64: u32 = 13;

/// The ELF name of relocation type `t`.
pub fn type_name(t: u32) -> Option<&'static str> {
    Some(match t {
        R_AMDGPU_NONE => "R_AMDGPU_NONE",
        R_AMDGPU_ABS32_LO => "R_AMDGPU_ABS32_LO",
        R_AMDGPU_ABS32_HI => "R_AMDGPU_ABS32_HI",
        R_AMDGPU_ABS64 => "R_AMDGPU_ABS64",
        R_AMDGPU_REL32 => "R_AMDGPU_REL32",
        R_AMDGPU_REL64 => "R_AMDGPU_REL64",
        R_AMDGPU_ABS32 => "R_AMDGPU_ABS32",
        R_AMDGPU_GOTPCREL => "R_AMDGPU_GOTPCREL",
        R_AMDGPU_GOTPCREL32_LO => "R_AMDGPU_GOTPCREL32_LO",
        R_AMDGPU_GOTPCREL32_HI => "R_AMDGPU_GOTPCREL32_HI",
        R_AMDGPU_REL32_LO => "R_AMDGPU_REL32_LO",
        R_AMDGPU_REL32_HI => "R_AMDGPU_REL32_HI",
        R_AMDGPU_RELATIVE64 => "R_AMDGPU_RELATIVE64",
        _ => return None,
    })
}

/// A relocation specifier (LLVM's variant kind), as written after `@`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Rel32Lo,
    Rel32Hi,
    GotPcRel32Lo,
    GotPcRel32Hi,
    GotPcRel,
    Abs32Lo,
    Abs32Hi,
    Rel64,
}

/// Spellings, longest first where one starts another.
const VARIANTS: [(&str, Variant); 8] = [
    ("rel32@lo", Variant::Rel32Lo),
    ("rel32@hi", Variant::Rel32Hi),
    ("gotpcrel32@lo", Variant::GotPcRel32Lo),
    ("gotpcrel32@hi", Variant::GotPcRel32Hi),
    ("gotpcrel", Variant::GotPcRel),
    ("abs32@lo", Variant::Abs32Lo),
    ("abs32@hi", Variant::Abs32Hi),
    ("rel64", Variant::Rel64),
];

impl Variant {
    /// The specifier at the start of `s` (the text after `@`, case-insensitive as llvm-mc
    /// reads it) and its length.
    pub fn parse_prefix(s: &str) -> Option<(Variant, usize)> {
        let b = s.as_bytes();
        VARIANTS.iter().find_map(|&(t, v)| {
            let n = t.len();
            let ok = b.len() >= n
                && b[..n].eq_ignore_ascii_case(t.as_bytes())
                && !b
                    .get(n)
                    .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'@');
            ok.then_some((v, n))
        })
    }

    pub fn text(self) -> &'static str {
        VARIANTS.iter().find(|(_, v)| *v == self).map(|(t, _)| *t).unwrap_or("")
    }

    /// The relocation type llvm-mc 14 writes for it.
    pub fn llvm14_type(self) -> u32 {
        match self {
            Variant::Rel32Lo => R_AMDGPU_REL32_LO,
            Variant::Rel32Hi => R_AMDGPU_REL32_HI,
            Variant::GotPcRel32Lo => R_AMDGPU_GOTPCREL32_LO,
            Variant::GotPcRel32Hi => R_AMDGPU_GOTPCREL32_HI,
            Variant::GotPcRel => R_AMDGPU_GOTPCREL,
            Variant::Abs32Lo | Variant::Abs32Hi => R_AMDGPU_ABS32,
            Variant::Rel64 => R_AMDGPU_REL64,
        }
    }
}

/// The relocation type llvm-mc 14 writes for `symbol[@variant]` in `width` bytes of code
/// (`code`: a literal) or data.
pub fn llvm14_type(symbol: &str, variant: Option<Variant>, width: usize, code: bool) -> u32 {
    match symbol {
        "SCRATCH_RSRC_DWORD0" => return R_AMDGPU_ABS32_LO,
        "SCRATCH_RSRC_DWORD1" => return R_AMDGPU_ABS32_HI,
        _ => {}
    }
    match (variant, width, code) {
        (Some(v), _, _) => v.llvm14_type(),
        (None, 8, _) => R_AMDGPU_ABS64,
        (None, _, true) => R_AMDGPU_REL32,
        (None, _, false) => R_AMDGPU_ABS32,
    }
}

/// How a literal with relocation type `t` against `symbol` is written in LLVM's text so that
/// llvm-mc 14 (and gcnkit) write the same relocation back: `sym@rel32@lo+4`. The second
/// value is a note when no text gives llvm-mc 14 back that type (`R_AMDGPU_ABS32_LO`/`_HI`
/// of LLVM 15+ objects: llvm-mc 14 writes `R_AMDGPU_ABS32` for `@abs32@lo`/`@abs32@hi`), and
/// `None` for a type that has no text in a literal at all.
pub fn literal_text(t: u32, symbol: &str, addend: i64) -> Option<(String, Option<String>)> {
    let (spec, note) = match t {
        R_AMDGPU_REL32_LO => ("@rel32@lo", None),
        R_AMDGPU_REL32_HI => ("@rel32@hi", None),
        R_AMDGPU_GOTPCREL32_LO => ("@gotpcrel32@lo", None),
        R_AMDGPU_GOTPCREL32_HI => ("@gotpcrel32@hi", None),
        R_AMDGPU_GOTPCREL => ("@gotpcrel", None),
        R_AMDGPU_ABS32 => ("@abs32@lo", None),
        R_AMDGPU_REL32 => ("", None),
        R_AMDGPU_ABS32_LO | R_AMDGPU_ABS32_HI if symbol.starts_with("SCRATCH_RSRC_DWORD") => ("", None),
        R_AMDGPU_ABS32_LO => (
            "@abs32@lo",
            Some("R_AMDGPU_ABS32_LO: llvm-mc 14 writes R_AMDGPU_ABS32 for this text"),
        ),
        R_AMDGPU_ABS32_HI => (
            "@abs32@hi",
            Some("R_AMDGPU_ABS32_HI: llvm-mc 14 writes R_AMDGPU_ABS32 for this text"),
        ),
        _ => return None,
    };
    Some((
        format!("{}{spec}{}", quoted(symbol), addend_text(addend)),
        note.map(str::to_string),
    ))
}

/// A symbol as LLVM's text names it (quoted when it is not a plain identifier).
pub fn quoted(symbol: &str) -> String {
    let plain = !symbol.is_empty()
        && !symbol.starts_with(|c: char| c.is_ascii_digit())
        && symbol
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$'));
    if plain {
        symbol.to_string()
    } else {
        format!("\"{symbol}\"")
    }
}

/// `+4`, `-8`, or nothing for 0.
pub fn addend_text(a: i64) -> String {
    match a {
        0 => String::new(),
        a if a > 0 => format!("+{a}"),
        a => format!("-{}", a.unsigned_abs()),
    }
}

/// A relocation an assembled file asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reloc {
    /// The section it patches (`.text` or a data section's name) and the byte offset there.
    pub section: String,
    pub offset: u64,
    pub r_type: u32,
    pub symbol: String,
    pub addend: i64,
    /// Where the symbol is defined in the file: its section's name and offset (`None`: not a
    /// label of the file, an undefined symbol to the object).
    pub defined: Option<(String, u64)>,
}

/// The canonical operand text of a literal with a relocation: the assembler's parser hands
/// it on as the name a literal waits for, and [`decode`] reads it back.
pub fn encode(symbol: &str, variant: Variant, addend: i64) -> String {
    format!("{symbol}@{}{}", variant.text(), addend_text(addend))
}

/// [`encode`]'s text back: symbol, specifier, addend.
pub fn decode(s: &str) -> Option<(&str, Variant, i64)> {
    let at = s.find('@')?;
    let (sym, rest) = (&s[..at], &s[at + 1..]);
    let (v, n) = Variant::parse_prefix(rest)?;
    let tail = &rest[n..];
    let addend = if tail.is_empty() { 0 } else { tail.parse::<i64>().ok()? };
    Some((sym, v, addend))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_decode() {
        for (s, v, a) in [
            ("table", Variant::Rel32Lo, 4),
            (".str", Variant::GotPcRel, -8),
            ("x", Variant::Rel64, 0),
        ] {
            assert_eq!(decode(&encode(s, v, a)), Some((s, v, a)));
        }
        assert_eq!(
            Variant::parse_prefix("gotpcrel32@hi+12"),
            Some((Variant::GotPcRel32Hi, 13))
        );
        assert_eq!(Variant::parse_prefix("gotpcrel+4"), Some((Variant::GotPcRel, 8)));
        assert_eq!(Variant::parse_prefix("rel32"), None);
        assert_eq!(Variant::parse_prefix("rel3é"), None);
        assert_eq!(Variant::parse_prefix("rel32@lé"), None);
    }
}

/// What a relocatable object links with, beside its code: its relocations, its data
/// sections and their symbols, and the symbols it does not define. The disassembler prints
/// them back as text that assembles to the same relocations (see [`literal_text`]).
#[derive(Clone, Debug, Default)]
pub struct Linkage {
    pub relocs: Vec<ObjReloc>,
    /// Sections with bytes or room that are neither code nor notes (`.rodata`, `.data`,
    /// `.bss`, `.rodata.str1.1`...), in section order.
    pub data: Vec<DataSec>,
    /// Symbols of the data sections (not the descriptors' `.kd`), by section and offset.
    pub symbols: Vec<DataSym>,
    /// Symbols the object uses and does not define: name, weak, visibility.
    pub undefined: Vec<(String, bool, u8)>,
}

/// A relocation of a relocatable object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjReloc {
    /// The section it patches and the byte offset there.
    pub section: String,
    pub offset: u64,
    pub r_type: u32,
    /// The symbol's name, or for a section symbol `None` and the section's name in `target`.
    pub symbol: Option<String>,
    pub target: String,
    pub addend: i64,
}

#[derive(Clone, Debug)]
pub struct DataSec {
    pub name: String,
    pub flags: u64,
    pub nobits: bool,
    pub align: u64,
    pub entsize: u64,
    pub size: u64,
    pub bytes: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct DataSym {
    pub name: String,
    pub section: String,
    pub offset: u64,
    pub size: u64,
    pub global: bool,
    pub weak: bool,
    pub visibility: u8,
    /// `STT_OBJECT` (else no type).
    pub object: bool,
}

/// The linkage of a relocatable object (`None` for a linked one, or one whose only
/// relocations are its kernel descriptors' code offsets).
pub fn read_linkage(file: &object::File) -> Option<Linkage> {
    use object::{Object, ObjectSection, ObjectSymbol, RelocationFlags, RelocationTarget, SectionFlags, SymbolFlags};
    if file.kind() != object::ObjectKind::Relocatable {
        return None;
    }
    let mut l = Linkage::default();
    for s in file.sections() {
        let name = s.name().unwrap_or("?").to_string();
        let (flags, nobits) = match s.flags() {
            SectionFlags::Elf { sh_flags, sh_type } => (sh_flags.0, sh_type == object::elf::SHT_NOBITS),
            _ => (0, false),
        };
        let alloc = flags & object::elf::SHF_ALLOC.0 != 0;
        let exec = flags & object::elf::SHF_EXECINSTR.0 != 0;
        if alloc && !exec && s.kind() != object::SectionKind::Note {
            l.data.push(DataSec {
                name: name.clone(),
                flags,
                nobits,
                align: s.align().max(1),
                entsize: elf_entsize(file, s.index()).unwrap_or(0),
                size: s.size(),
                bytes: if nobits {
                    Vec::new()
                } else {
                    s.data().unwrap_or(&[]).to_vec()
                },
            });
        }
        for (offset, r) in s.relocations() {
            let r_type = match r.flags() {
                RelocationFlags::Elf { r_type } => r_type.0,
                _ => continue,
            };
            let RelocationTarget::Symbol(i) = r.target() else {
                continue;
            };
            let Ok(sym) = file.symbol_by_index(i) else { continue };
            let (symbol, target) = if sym.kind() == object::SymbolKind::Section {
                let sec = sym
                    .section_index()
                    .and_then(|k| file.section_by_index(k).ok())
                    .and_then(|k| k.name().ok().map(str::to_string))
                    .unwrap_or_default();
                (None, sec)
            } else {
                let n = sym.name().unwrap_or("?").to_string();
                (Some(n.clone()), n)
            };
            l.relocs.push(ObjReloc {
                section: name.clone(),
                offset,
                r_type,
                symbol,
                target,
                addend: r.addend(),
            });
        }
    }
    for sym in file.symbols() {
        let Ok(name) = sym.name() else { continue };
        if name.is_empty() || sym.kind() == object::SymbolKind::Section || sym.kind() == object::SymbolKind::File {
            continue;
        }
        let visibility = match sym.flags() {
            SymbolFlags::Elf { st_other, .. } => st_other.0 & 3,
            _ => 0,
        };
        if sym.is_undefined() {
            l.undefined.push((name.to_string(), sym.is_weak(), visibility));
            continue;
        }
        let Some(sec) = sym.section_index().and_then(|k| file.section_by_index(k).ok()) else {
            continue;
        };
        let sname = sec.name().unwrap_or("?");
        if !l.data.iter().any(|d| d.name == sname) || name.ends_with(".kd") && sym.size() == super::kd::SIZE as u64 {
            continue;
        }
        l.symbols.push(DataSym {
            name: name.to_string(),
            section: sname.to_string(),
            offset: sym.address().wrapping_sub(sec.address()),
            size: sym.size(),
            global: sym.is_global() && !sym.is_weak(),
            weak: sym.is_weak(),
            visibility,
            object: sym.kind() == object::SymbolKind::Data,
        });
    }
    l.symbols.sort_by_key(|s| s.offset);
    // Only the descriptors' own relocations (written again by their blocks): nothing to add.
    let descriptor_only = l
        .relocs
        .iter()
        .all(|r| r.r_type == R_AMDGPU_REL64 && r.offset % 64 == 16 && l.data.iter().any(|d| d.name == r.section));
    if descriptor_only && l.symbols.is_empty() && l.undefined.is_empty() {
        return None;
    }
    Some(l)
}

/// `sh_entsize` of section `k` (the `object` crate's section API does not give it).
fn elf_entsize(file: &object::File, k: object::SectionIndex) -> Option<u64> {
    use object::read::elf::{ElfFile64, SectionHeader as _};
    let data = match file {
        object::File::Elf64(f) => f.data(),
        _ => return None,
    };
    let f = ElfFile64::<object::Endianness>::parse(data).ok()?;
    let h = f.elf_section_table().section(object::SectionIndex(k.0)).ok()?;
    Some(h.sh_entsize(f.endian()))
}
