//! Writing AMDGPU ELF relocatable objects (`asm --format elf`), laid out as llvm-mc 14 lays
//! out its own for code object v3+: `.text`, the data sections (`.rodata` with the kernel
//! descriptors), a `.rela` section per data section with descriptors (each descriptor's code
//! offset is an `R_AMDGPU_REL64` to its kernel, addend 16), the metadata note in `.note`,
//! and the symbols (labels that are not `.L` temporaries, `NAME.kd` objects of 64 bytes with
//! their kernel's binding). The ELF itself is written by the `object` crate.

use super::kd;
use crate::asm::ObjectParts;
use object::elf;
use object::write::elf::{FileHeader, Rel, SectionHeader, Sym, Writer};

/// `R_AMDGPU_REL64`: a 64-bit PC-relative value (the descriptor's code offset).
const R_AMDGPU_REL64: u32 = 5;
/// The section of an absolute symbol (a `.set` constant) among [`SymOut::section`]'s.
const ABSOLUTE: usize = usize::MAX;
/// The section of an undefined symbol (a relocation's) among [`SymOut::section`]'s.
const UNDEFINED: usize = usize::MAX - 1;
/// Symbol type of a code object v2 kernel.
const STT_AMDGPU_HSA_KERNEL: u8 = 10;
/// The note type of the code object v3+ metadata (msgpack).
pub const NT_AMDGPU_METADATA: u32 = 32;

/// What an object is made of.
pub struct Input<'a> {
    /// The processor's gfx name (`gfx900`).
    pub processor: &'a str,
    /// Code object version (3-5).
    pub version: u8,
    /// XNACK and SRAMECC from the target id (`None`: not named, "any" on v4+).
    pub xnack: Option<bool>,
    pub sramecc: Option<bool>,
    pub text: &'a [u8],
    pub parts: &'a ObjectParts,
}

/// Why an object cannot be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

/// `e_flags`: the processor and, per code object version, the XNACK/SRAMECC settings.
pub fn e_flags(processor: &str, version: u8, xnack: Option<bool>, sramecc: Option<bool>) -> Option<u32> {
    let mach = super::mach_of(processor)?;
    let xnack_ok = kd::XNACK_PROCESSORS.contains(&processor);
    let sramecc_ok = processor == "gfx906";
    let mut f = mach;
    if version <= 3 {
        // One bit each; code object v2 sets them unless the target turns them off, v3 only
        // when it turns them on.
        let on = |s: Option<bool>| {
            if version == 2 {
                s != Some(false)
            } else {
                s == Some(true)
            }
        };
        if xnack_ok && on(xnack) {
            f |= 0x100;
        }
        if sramecc_ok && on(sramecc) {
            f |= 0x200;
        }
    } else {
        let field = |s: Option<bool>| match s {
            None => 1,
            Some(false) => 2,
            Some(true) => 3,
        };
        if xnack_ok {
            f |= field(xnack) << 8;
        }
        if sramecc_ok {
            f |= field(sramecc) << 10;
        }
    }
    Some(f)
}

struct SymOut {
    name: String,
    /// `None`: `.text`; `Some(k)`: data section `k`.
    section: Option<usize>,
    value: u64,
    size: u64,
    global: bool,
    weak: bool,
    visibility: u8,
    kind: elf::SymbolType,
}

/// The object of an assembled file: its `.text` items and the rest ([`ObjectParts`]); the
/// processor from the target directive or `-a`, the code object version from
/// `.amdhsa_code_object_version` (else 3 for a v3-style target id, `gfx900+xnack`, else 4,
/// llvm-mc 14's default).
pub fn object_of(arch: crate::Arch, items: &[crate::asm::Item], parts: &ObjectParts) -> Result<Vec<u8>, Error> {
    let mut text = Vec::new();
    for it in items {
        let at = it.offset as usize;
        let mut bytes = Vec::with_capacity(12);
        it.push_bytes(&mut bytes);
        if text.len() < at + bytes.len() {
            text.resize(at + bytes.len(), 0);
        }
        text[at..at + bytes.len()].copy_from_slice(&bytes);
    }
    let id = super::TargetId::parse(parts.target_id.as_deref().unwrap_or(""));
    let processor = super::processor_name(id.processor)
        .unwrap_or_else(|| super::processor_or_default(arch, parts.processor.as_deref()));
    let version = parts.version.unwrap_or(if id.v3 { 3 } else { 4 });
    let (xnack, sramecc) = (id.xnack, id.sramecc);
    write(&Input {
        processor,
        version,
        xnack,
        sramecc,
        text: &text,
        parts,
    })
}

/// The object's bytes.
pub fn write(input: &Input) -> Result<Vec<u8>, Error> {
    let parts = input.parts;
    let flags = match parts.e_flags {
        Some(f) => f,
        None => e_flags(input.processor, input.version, input.xnack, input.sramecc)
            .ok_or_else(|| Error(format!("no code object processor for '{}'", input.processor)))?,
    };
    let section_of = |name: &str| -> Option<Option<usize>> {
        if name == ".text" {
            Some(None)
        } else {
            parts.sections.iter().position(|s| s.name == name).map(Some)
        }
    };
    // Symbols: labels (not `.L`), then the descriptors.
    let mut syms: Vec<SymOut> = Vec::new();
    for (name, sec, value) in &parts.labels {
        if name.starts_with(".L") {
            continue;
        }
        let Some(section) = section_of(sec) else { continue };
        let a = parts
            .symbols
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, a)| a.clone())
            .unwrap_or_default();
        syms.push(SymOut {
            name: name.clone(),
            section,
            value: *value,
            size: a.size.unwrap_or(0),
            global: a.global,
            weak: a.weak,
            visibility: a.visibility,
            kind: match a.function {
                _ if a.hsa_kernel => elf::SymbolType(STT_AMDGPU_HSA_KERNEL),
                Some(true) => elf::STT_FUNC,
                Some(false) => elf::STT_OBJECT,
                None => elf::STT_NOTYPE,
            },
        });
    }
    for d in &parts.descriptors {
        let Some(k) = syms.iter().position(|s| s.name == d.kernel) else {
            return Err(Error(format!(
                "kernel {} of its .amdhsa_kernel block is not defined",
                d.kernel
            )));
        };
        // The descriptor takes the kernel's binding and visibility as they were at its block;
        // then a kernel of default visibility becomes protected, so that the descriptor's
        // relocation to it can be static (llvm-mc does both).
        let (global, weak, visibility) = (d.attrs.global, d.attrs.weak, d.attrs.visibility);
        if syms[k].visibility == 0 {
            syms[k].visibility = 3;
        }
        syms.push(SymOut {
            name: format!("{}.kd", d.kernel),
            section: Some(d.section),
            value: d.offset as u64,
            size: kd::SIZE as u64,
            global,
            weak,
            visibility,
            kind: elf::STT_OBJECT,
        });
    }
    // `.set` constants: local absolute symbols, first (llvm-mc's order).
    let constants: Vec<SymOut> = parts
        .constants
        .iter()
        .filter(|(n, _)| !n.starts_with(".L") && !syms.iter().any(|s| &s.name == n))
        .map(|(n, v)| SymOut {
            name: n.clone(),
            section: Some(ABSOLUTE),
            value: *v as u64,
            size: 0,
            global: false,
            weak: false,
            visibility: 0,
            kind: elf::STT_NOTYPE,
        })
        .collect();
    syms.splice(0..0, constants);
    // The relocations' symbols, chosen as llvm-mc chooses them: a global, weak or undefined
    // symbol is itself; a local one is its section's symbol with the symbol's offset added
    // to the addend, except in a mergeable section when the addend is not 0 (the linker
    // must know which string it is).
    let sec_flags = |sec: &str| -> u64 {
        match section_of(sec) {
            Some(Some(k)) => parts.sections[k].elf_flags(),
            _ => 0,
        }
    };
    let mut relocs: Vec<(Option<usize>, u64, u32, String, i64)> = Vec::new();
    for r in &parts.relocs {
        let Some(at) = section_of(&r.section) else {
            return Err(Error(format!("relocation in section {} that holds no data", r.section)));
        };
        let attrs = parts.symbols.iter().find(|(n, _)| *n == r.symbol).map(|(_, a)| a);
        let bound = attrs.is_some_and(|a| a.global || a.weak);
        let (target, addend) = match &r.defined {
            Some((sec, value)) if !bound => {
                let merge = sec_flags(sec) & elf::SHF_MERGE.0 != 0;
                if merge && r.addend != 0 {
                    if !syms.iter().any(|s| s.name == r.symbol) {
                        syms.push(SymOut {
                            name: r.symbol.clone(),
                            section: section_of(sec).flatten(),
                            value: *value,
                            size: 0,
                            global: false,
                            weak: false,
                            visibility: 0,
                            kind: elf::STT_NOTYPE,
                        });
                    }
                    (r.symbol.clone(), r.addend)
                } else {
                    let name = format!("\0section {sec}");
                    if !syms.iter().any(|s| s.name == name) {
                        let Some(section) = section_of(sec) else {
                            return Err(Error(format!(
                                "symbol {} is in section {sec}, which holds no data",
                                r.symbol
                            )));
                        };
                        syms.push(SymOut {
                            name: name.clone(),
                            section,
                            value: 0,
                            size: 0,
                            global: false,
                            weak: false,
                            visibility: 0,
                            kind: elf::STT_SECTION,
                        });
                    }
                    (name, r.addend.wrapping_add(*value as i64))
                }
            }
            Some(_) => (r.symbol.clone(), r.addend),
            None => {
                if !syms.iter().any(|s| s.name == r.symbol) {
                    let a = attrs.cloned().unwrap_or_default();
                    syms.push(SymOut {
                        name: r.symbol.clone(),
                        section: Some(UNDEFINED),
                        value: 0,
                        size: 0,
                        global: !a.weak,
                        weak: a.weak,
                        visibility: a.visibility,
                        kind: match a.function {
                            Some(true) => elf::STT_FUNC,
                            Some(false) => elf::STT_OBJECT,
                            None => elf::STT_NOTYPE,
                        },
                    });
                }
                (r.symbol.clone(), r.addend)
            }
        };
        relocs.push((at, r.offset, r.r_type, target, addend));
    }
    // In order of first mention (llvm-mc's order; ld.lld gives GOT slots in it), locals
    // first (ELF).
    let order: rustc_hash::FxHashMap<&str, usize> = parts
        .mentions
        .iter()
        .enumerate()
        .map(|(k, n)| (n.as_str(), k))
        .collect();
    syms.sort_by_key(|s| {
        (
            s.global || s.weak,
            order.get(s.name.as_str()).copied().unwrap_or(usize::MAX),
        )
    });
    let num_local = syms.iter().filter(|s| !(s.global || s.weak)).count() as u32 + 1;

    let mut buf = Vec::new();
    let mut w = Writer::new(object::Endianness::Little, true, &mut buf);
    w.reserve_file_header();
    w.reserve_null_section_index();
    let text_name = w.add_section_name(b".text");
    let text_index = w.reserve_section_index();
    let mut data_index = Vec::new();
    for s in &parts.sections {
        let n = w.add_section_name(s.name.as_bytes());
        data_index.push((n, w.reserve_section_index()));
    }
    // A relocation section for each section with relocations (`.text`'s first), data
    // sections' with their descriptors' code offsets.
    let rela_names: Vec<String> = parts.sections.iter().map(|s| format!(".rela{}", s.name)).collect();
    let mut rela_index = Vec::new();
    let text_relocs = relocs.iter().any(|r| r.0.is_none());
    if text_relocs {
        let n = w.add_section_name(b".rela.text");
        rela_index.push((None, n, w.reserve_section_index()));
    }
    for (k, rela_name) in rela_names.iter().enumerate() {
        if parts.descriptors.iter().any(|d| d.section == k) || relocs.iter().any(|r| r.0 == Some(k)) {
            let n = w.add_section_name(rela_name.as_bytes());
            rela_index.push((Some(k), n, w.reserve_section_index()));
        }
    }
    let note_bytes = if input.version == 2 {
        let notes: Vec<(&str, u32, Vec<u8>)> = parts.v2_notes.iter().map(|d| d.note()).collect();
        let refs: Vec<(&str, u32, &[u8])> = notes.iter().map(|(n, k, d)| (*n, *k, d.as_slice())).collect();
        (!refs.is_empty()).then(|| super::metadata::note_section(&refs))
    } else {
        parts
            .metadata
            .as_ref()
            .map(|m| super::metadata::note_section(&[("AMDGPU", NT_AMDGPU_METADATA, m)]))
    };
    let note_index = note_bytes
        .as_ref()
        .map(|_| (w.add_section_name(b".note"), w.reserve_section_index()));
    let symtab_index = w.reserve_symtab_section_index();
    w.reserve_strtab_section_index();
    w.reserve_shstrtab_section_index();

    w.reserve_null_symbol_index();
    let sym_names: Vec<_> = syms
        .iter()
        .map(|s| (s.kind != elf::STT_SECTION).then(|| w.add_string(s.name.as_bytes())))
        .collect();
    let mut sym_index = Vec::new();
    for s in &syms {
        let sec = match s.section {
            None => Some(text_index),
            Some(ABSOLUTE | UNDEFINED) => None,
            Some(k) => Some(data_index[k].1),
        };
        sym_index.push(w.reserve_symbol_index(sec));
    }

    let text_align = parts.text_align.max(4);
    let text_off = w.reserve(input.text.len() as u64, text_align);
    let mut data_off = Vec::new();
    for s in &parts.sections {
        let n = if s.is_nobits() { 0 } else { s.bytes.len() as u64 };
        data_off.push(w.reserve(n, s.align.max(1)));
    }
    // Each relocation section's entries: offset, symbol, type, addend (in offset order).
    let mut rela_entries: Vec<Vec<(u64, u32, u32, i64)>> = Vec::new();
    for (k, _, _) in &rela_index {
        let mut v = Vec::new();
        for d in parts.descriptors.iter().filter(|d| Some(d.section) == *k) {
            let kernel = syms.iter().position(|s| s.name == d.kernel).expect("checked above");
            v.push((
                (d.offset + kd::CODE_ENTRY) as u64,
                sym_index[kernel].0,
                R_AMDGPU_REL64,
                kd::CODE_ENTRY as i64,
            ));
        }
        for r in relocs.iter().filter(|r| r.0 == *k) {
            let s = syms.iter().position(|s| s.name == r.3).expect("added above");
            v.push((r.1, sym_index[s].0, r.2, r.4));
        }
        v.sort_by_key(|e| e.0);
        rela_entries.push(v);
    }
    let mut rela_off = Vec::new();
    for v in &rela_entries {
        rela_off.push(w.reserve_relocations(v.len(), true));
    }
    let note_off = note_bytes.as_ref().map(|n| w.reserve(n.len() as u64, 4));
    let e = |x: object::write::Error| Error(x.to_string());
    w.reserve_symtab();
    w.reserve_strtab().map_err(e)?;
    w.reserve_shstrtab().map_err(e)?;
    w.reserve_section_headers();

    w.write_file_header(&FileHeader {
        os_abi: elf::OsAbi(super::ELFOSABI_AMDGPU_HSA),
        abi_version: input.version.saturating_sub(2),
        e_type: elf::ET_REL,
        e_machine: elf::Machine(super::EM_AMDGPU),
        e_entry: 0,
        e_flags: elf::FileFlags(flags),
    })
    .map_err(e)?;
    w.write_align(text_align);
    w.write(input.text);
    for s in &parts.sections {
        w.write_align(s.align.max(1));
        if !s.is_nobits() {
            w.write(&s.bytes);
        }
    }
    for v in &rela_entries {
        w.write_align_relocation();
        for &(r_offset, r_sym, r_type, r_addend) in v {
            w.write_relocation(
                true,
                &Rel {
                    r_offset,
                    r_sym,
                    r_type: elf::RelocationType(r_type),
                    r_addend,
                },
            );
        }
    }
    if let Some(n) = &note_bytes {
        w.write_align(4);
        w.write(n);
    }
    w.write_null_symbol();
    for (s, name) in syms.iter().zip(&sym_names) {
        let bind = if s.weak {
            elf::STB_WEAK
        } else if s.global {
            elf::STB_GLOBAL
        } else {
            elf::STB_LOCAL
        };
        let (section, shndx) = match s.section {
            None => (Some(text_index.0), 0),
            Some(ABSOLUTE) => (None, elf::SHN_ABS.0),
            Some(UNDEFINED) => (None, elf::SHN_UNDEF.0),
            Some(k) => (Some(data_index[k].1 .0), 0),
        };
        w.write_symbol(&Sym {
            section,
            st_name: w.string_offset(*name),
            st_info: elf::SymbolInfo::new(bind, s.kind),
            st_other: elf::SymbolOther(s.visibility),
            st_shndx: elf::SymbolSection(shndx),
            st_value: s.value,
            st_size: s.size,
        });
    }
    w.write_strtab();
    w.write_shstrtab();

    w.write_null_section_header();
    w.write_section_header(&SectionHeader {
        sh_name: w.section_name_offset(Some(text_name)),
        sh_type: elf::SHT_PROGBITS,
        sh_flags: elf::SHF_ALLOC | elf::SHF_EXECINSTR,
        sh_addr: 0,
        sh_offset: text_off,
        sh_size: input.text.len() as u64,
        sh_link: 0,
        sh_info: 0,
        sh_addralign: text_align,
        sh_entsize: 0,
    });
    for (k, s) in parts.sections.iter().enumerate() {
        w.write_section_header(&SectionHeader {
            sh_name: w.section_name_offset(Some(data_index[k].0)),
            sh_type: if s.is_nobits() {
                elf::SHT_NOBITS
            } else {
                elf::SHT_PROGBITS
            },
            sh_flags: elf::SectionFlags(s.elf_flags()),
            sh_addr: 0,
            sh_offset: data_off[k],
            sh_size: s.bytes.len() as u64,
            sh_link: 0,
            sh_info: 0,
            sh_addralign: s.align.max(1),
            sh_entsize: s.entsize,
        });
    }
    for (((k, name, _), off), v) in rela_index.iter().zip(&rela_off).zip(&rela_entries) {
        let target = match k {
            None => text_index,
            Some(k) => data_index[*k].1,
        };
        w.write_relocation_section_header(*name, target, symtab_index, *off, v.len(), true);
    }
    if let (Some((name, _)), Some(off), Some(n)) = (note_index, note_off, &note_bytes) {
        w.write_section_header(&SectionHeader {
            sh_name: w.section_name_offset(Some(name)),
            sh_type: elf::SHT_NOTE,
            sh_flags: elf::SHF_ALLOC,
            sh_addr: 0,
            sh_offset: off,
            sh_size: n.len() as u64,
            sh_link: 0,
            sh_info: 0,
            sh_addralign: 4,
            sh_entsize: 0,
        });
    }
    w.write_symtab_section_header(num_local);
    w.write_strtab_section_header();
    w.write_shstrtab_section_header();
    Ok(buf)
}
