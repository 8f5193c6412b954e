//! Relocation specifiers (`table@rel32@lo+4`, `@gotpcrel32@lo/@hi`, `@abs32@lo/@hi`,
//! `@gotpcrel`, `.quad sym`, `.quad sym@rel64`...) against llvm-mc 14, on clang-14's `-S` text of
//! kernels with constant tables, program-scope variables, string literals, pointer tables,
//! calls and extern symbols (tests/data/reloc, made by tools/kernels/reloc/build.sh; five GPUs,
//! hidden and default visibility) and on a hand-written file of every specifier:
//!
//! - gcnkit's object equals llvm-mc's: every allocated section's type, flags, alignment, size
//!   and bytes, every relocation (section, offset, type, symbol or section symbol, addend) and
//!   every symbol;
//! - `ld.lld-14 -shared` links both into the same image (every loaded segment's bytes: code,
//!   data, GOT, dynamic symbols and relocations);
//! - `disasm --syntax llvm` of the object re-assembles, with gcnkit and with llvm-mc, to the
//!   same code, data and relocations.
//!
//! Skips (saying so) where llvm-mc-14 or ld.lld-14 is missing.

mod common;

use gcnkit::asm::{Assembler, Dialect};
use gcnkit::codeobj::reloc;
use gcnkit::diag::Severity;
use gcnkit::disasm::{disassemble_code_object, Format};
use gcnkit::syntax::Syntax;
use gcnkit::Arch;
use object::{Object, ObjectSection, ObjectSegment, ObjectSymbol, RelocationFlags, RelocationTarget, SectionFlags};
use std::path::PathBuf;
use std::process::Command;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/reloc")
}

fn tmp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("gcnkit-reloc-{}-{name}", std::process::id()))
}

fn lld() -> String {
    std::env::var("LD_LLD").unwrap_or_else(|_| "ld.lld-14".into())
}

/// Whether the oracles run here (else the test says it skipped).
fn oracles() -> bool {
    let ok = |p: &str| {
        Command::new(p)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let mc = common::llvm_mc();
    if !ok(&mc) || !ok(&lld()) {
        eprintln!(
            "skipped: {mc} or {} is missing (llvm-mc 14 and ld.lld 14 are the oracles)",
            lld()
        );
        return false;
    }
    true
}

fn gcnkit_object(name: &str, mcpu: &str, text: &str) -> Vec<u8> {
    let mut a = Assembler::new(Arch::parse(mcpu).unwrap(), Dialect::Auto, name).processor(mcpu);
    for (n, l) in text.lines().enumerate() {
        a.line(n + 1, l);
    }
    let arch = a.arch();
    let (items, diags, parts) = a.finish_object();
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect();
    assert!(errors.is_empty(), "{name}: {errors:?}");
    gcnkit::codeobj::write::object_of(arch, &items, &parts).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

fn mc_object(name: &str, mcpu: &str, text: &str) -> Vec<u8> {
    // llvm-mc 14 does not know `.amdhsa_code_object_version` (gcnkit prints it): the option.
    let text: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with(".amdhsa_code_object_version"))
        .map(|l| format!("{l}\n"))
        .collect();
    common::llvm_mc_object(mcpu, &["--amdhsa-code-object-version=4"], &text)
        .unwrap_or_else(|e| panic!("{name}: llvm-mc: {e}"))
}

/// The relocations of an object: section, offset, type, target (a symbol's name, or
/// `[section NAME]`), addend; sorted.
fn relocations(data: &[u8]) -> Vec<String> {
    let f = object::File::parse(data).unwrap();
    let mut out = Vec::new();
    for s in f.sections() {
        for (off, r) in s.relocations() {
            let RelocationFlags::Elf { r_type } = r.flags() else {
                panic!()
            };
            let RelocationTarget::Symbol(i) = r.target() else {
                panic!()
            };
            let sym = f.symbol_by_index(i).unwrap();
            let target = if sym.kind() == object::SymbolKind::Section {
                format!(
                    "[section {}]",
                    f.section_by_index(sym.section_index().unwrap())
                        .unwrap()
                        .name()
                        .unwrap()
                )
            } else {
                sym.name().unwrap().to_string()
            };
            out.push(format!(
                "{} 0x{off:x} {} {target} {}",
                s.name().unwrap(),
                reloc::type_name(r_type.0).unwrap_or("?"),
                r.addend()
            ));
        }
    }
    out.sort();
    out
}

/// Allocated sections (name, type, flags, alignment, entry size, size, bytes).
fn sections(data: &[u8]) -> Vec<String> {
    let f = object::File::parse(data).unwrap();
    let mut out = Vec::new();
    for s in f.sections() {
        let SectionFlags::Elf { sh_flags, sh_type } = s.flags() else {
            panic!()
        };
        if sh_flags.0 & object::elf::SHF_ALLOC.0 == 0 {
            continue;
        }
        out.push(format!(
            "{} type {} flags 0x{:x} align {} size {} {:02x?}",
            s.name().unwrap(),
            sh_type.0,
            sh_flags.0,
            s.align(),
            s.size(),
            if sh_type == object::elf::SHT_NOBITS {
                &[][..]
            } else {
                s.data().unwrap()
            }
        ));
    }
    out.sort();
    out
}

/// Symbols (name, kind, binding, visibility, value, size, section), sorted; and the order of
/// the global ones (ld.lld gives GOT slots in it).
fn symbols(data: &[u8]) -> (Vec<String>, Vec<String>) {
    let f = object::File::parse(data).unwrap();
    let mut all = Vec::new();
    let mut globals = Vec::new();
    for s in f.symbols() {
        if s.kind() == object::SymbolKind::Section || s.name().unwrap_or("").is_empty() {
            continue;
        }
        let sec = s
            .section_index()
            .map(|i| f.section_by_index(i).unwrap().name().unwrap().to_string());
        all.push(format!(
            "{} {:?} {:?} global={} 0x{:x} {} {:?}",
            s.name().unwrap(),
            s.kind(),
            s.flags(),
            s.is_global(),
            s.address(),
            s.size(),
            sec
        ));
        if s.is_global() {
            globals.push(s.name().unwrap().to_string());
        }
    }
    all.sort();
    (all, globals)
}

/// Links `o` with ld.lld; the loaded segments' bytes with their addresses.
fn linked(name: &str, o: &[u8]) -> Result<Vec<(u64, Vec<u8>)>, String> {
    let (po, ph) = (tmp(&format!("{name}.o")), tmp(&format!("{name}.so")));
    std::fs::write(&po, o).unwrap();
    let out = Command::new(lld())
        .arg("-shared")
        .arg(&po)
        .arg("-o")
        .arg(&ph)
        .output()
        .unwrap();
    std::fs::remove_file(&po).ok();
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let image = std::fs::read(&ph).unwrap();
    std::fs::remove_file(&ph).ok();
    let f = object::File::parse(&*image).unwrap();
    let mut segs: Vec<(u64, Vec<u8>)> = f
        .segments()
        .map(|s| (s.address(), s.data().unwrap().to_vec()))
        .collect();
    // The ELF header is loaded too: where the section headers are and how many (the
    // sections that are not loaded: llvm-mc's .comment, .AMDGPU.csdata) are no part of the
    // image.
    for (_, b) in segs.iter_mut() {
        if b.starts_with(b"\x7fELF") && b.len() >= 64 {
            b[0x28..0x30].fill(0);
            b[0x3c..0x40].fill(0);
        }
    }
    Ok(segs)
}

fn text_of(data: &[u8]) -> String {
    let co = gcnkit::codeobj::read(data).unwrap();
    let mut s = String::new();
    disassemble_code_object(&co, Syntax::Llvm, Format::Text, |c| s.push_str(c)).unwrap();
    s
}

fn section_bytes(data: &[u8]) -> Vec<String> {
    // Code and data bytes (not the notes, whose metadata is compared by code_objects.rs).
    sections(data).into_iter().filter(|s| !s.starts_with(".note")).collect()
}

#[test]
fn objects_links_and_round_trips_equal_llvm_mcs() {
    if !oracles() {
        return;
    }
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir()).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    let (mut objects, mut relocs, mut links, mut trips) = (0, 0, 0, 0);
    let mut kinds = std::collections::BTreeSet::new();
    for p in paths {
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        let Some(stem) = name.strip_suffix(".s") else { continue };
        let mcpu = stem.rsplit('.').next().unwrap();
        let text = std::fs::read_to_string(&p).unwrap();
        let ours = gcnkit_object(&name, mcpu, &text);
        let theirs = mc_object(&name, mcpu, &text);
        // The objects.
        let (ra, rb) = (relocations(&ours), relocations(&theirs));
        assert_eq!(ra, rb, "{name}: relocations");
        assert!(!ra.is_empty(), "{name}: the corpus has relocations");
        assert_eq!(sections(&ours), sections(&theirs), "{name}: sections");
        let (sa, sb) = (symbols(&ours), symbols(&theirs));
        assert_eq!(sa.0, sb.0, "{name}: symbols");
        assert_eq!(sa.1, sb.1, "{name}: order of the global symbols");
        objects += 1;
        relocs += ra.len();
        for r in &ra {
            kinds.insert(r.split(' ').nth(2).unwrap().to_string());
        }
        // The links (the hand-written file has absolute relocations a shared object refuses:
        // both links must fail alike).
        match (
            linked(&format!("{stem}.g"), &ours),
            linked(&format!("{stem}.mc"), &theirs),
        ) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a.len(), b.len(), "{name}: segments");
                for (x, y) in a.iter().zip(&b) {
                    let at = x.1.iter().zip(&y.1).position(|(p, q)| p != q);
                    assert!(
                        x.0 == y.0 && x.1.len() == y.1.len() && at.is_none(),
                        "{name}: the loaded segment at 0x{:x} differs (0x{:x}, {} bytes / 0x{:x}, {} bytes; first at {at:?})",
                        x.0,
                        x.0,
                        x.1.len(),
                        y.0,
                        y.1.len()
                    );
                }
                links += 1;
            }
            (Err(_), Err(_)) => assert!(stem.starts_with("handwritten"), "{name}: neither links"),
            (a, b) => panic!("{name}: one links, the other does not: {:?} / {:?}", a.err(), b.err()),
        }
        // The round trips: gcnkit's text of each object, assembled by gcnkit and by llvm-mc.
        for (who, obj) in [("gcnkit", &ours), ("llvm-mc", &theirs)] {
            let t = text_of(obj);
            assert!(!t.contains("no LLVM text carries it"), "{name} ({who}'s object): {t}");
            for (asm, again) in [
                ("gcnkit", gcnkit_object(&format!("{name} again"), mcpu, &t)),
                ("llvm-mc", mc_object(&format!("{name} again"), mcpu, &t)),
            ] {
                assert_eq!(
                    relocations(&again),
                    rb,
                    "{name}: {who}'s object, disassembled, assembled by {asm}"
                );
                assert_eq!(
                    section_bytes(&again),
                    section_bytes(&theirs),
                    "{name}: {who}'s object, round trip by {asm}"
                );
                trips += 1;
            }
        }
    }
    eprintln!(
        "{objects} objects ({relocs} relocations of types {kinds:?}) equal llvm-mc's; {links} links equal; {trips} round trips keep code, data and relocations"
    );
    assert_eq!(
        objects, 21,
        "2 kernels x 5 GPUs x 2 visibilities, and the hand-written file"
    );
    assert_eq!(links, 20);
    for k in [
        "R_AMDGPU_REL32_LO",
        "R_AMDGPU_REL32_HI",
        "R_AMDGPU_GOTPCREL32_LO",
        "R_AMDGPU_GOTPCREL32_HI",
        "R_AMDGPU_GOTPCREL",
        "R_AMDGPU_ABS32",
        "R_AMDGPU_ABS64",
        "R_AMDGPU_REL64",
    ] {
        assert!(kinds.contains(k), "the corpus has no {k}");
    }
}

/// Errors: an unknown specifier, a 64-bit one in a literal, one in a field that takes no
/// relocation; and the CLRX text of an object with relocations says it cannot carry them.
#[test]
fn relocation_errors_and_clrx_text() {
    let errors = |src: &str| -> Vec<String> {
        let mut a = Assembler::new(Arch::Gcn14, Dialect::Llvm, "t.s");
        for (n, l) in src.lines().enumerate() {
            a.line(n + 1, l);
        }
        let (_, diags, _) = a.finish_object();
        diags
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.to_string())
            .collect()
    };
    let e = errors("s_add_u32 s4, s4, table@rel33@lo+4");
    assert!(
        e.iter().any(|e| e.contains("unknown relocation specifier '@rel33@lo'")),
        "{e:?}"
    );
    let e = errors("s_add_u32 s4, s4, table@rel64");
    assert!(e.iter().any(|e| e.contains("@rel64 is a 64-bit relocation")), "{e:?}");
    let e = errors("s_add_u32 s4, s4, table@rel32@lo+x");
    assert!(e.iter().any(|e| e.contains("addend")), "{e:?}");
    assert!(errors("s_add_u32 s4, s4, table@rel32@lo+4\ns_addc_u32 s5, s5, table@rel32@hi+(8+4)").is_empty());
    // CLRX's dialect has no relocation specifiers.
    let mut a = Assembler::new(Arch::Gcn14, Dialect::Clrx, "t.s");
    a.line(1, "s_add_u32 s4, s4, table@rel32@lo+4");
    let (_, diags, _) = a.finish_object();
    assert!(
        diags
            .iter()
            .any(|d| d.to_string().contains("LLVM syntax: CLRX's dialect has none")),
        "{diags:?}"
    );
    // CLRX text lists the relocations instead of dropping them silently.
    let src = std::fs::read_to_string(dir().join("tables.hidden.gfx900.s")).unwrap();
    let o = gcnkit_object("t", "gfx900", &src);
    let co = gcnkit::codeobj::read(&o).unwrap();
    let mut t = String::new();
    disassemble_code_object(&co, Syntax::Clrx, Format::Text, |c| t.push_str(c)).unwrap();
    assert!(
        t.contains("CLRX's dialect has no text for them") && t.contains("R_AMDGPU_REL32_LO table+4"),
        "{t:.800}"
    );
}
