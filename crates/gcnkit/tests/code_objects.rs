//! Code objects (issue 12, reading): clang-14's objects of three test kernels for five GPUs,
//! code object v2, v3 and v4, relocatable and linked (`tests/data/codeobj/`, written by
//! `tools/kernels/codeobj.sh`).
//!
//! 1. Each is read with its arch from the ELF header, and its disassembly in either dialect
//!    re-assembles (gcnkit's assembler) to exactly the bytes of its code section.
//! 2. On fiji, gfx900 and gfx906 the LLVM text of every instruction of the linked v4 objects is
//!    llvm-objdump-14's (branches: llvm-objdump writes the offset, gcnkit a label).
//! 3. Broken files (truncated, another machine, a symbol or section outside its bounds) are
//!    errors that say why, never a panic.

use gcnkit::asm::{assemble, Dialect};
use gcnkit::codeobj::{read, CodeObject};
use gcnkit::diag::Severity;
use gcnkit::disasm::{disassemble_code_object, Format};
use gcnkit::syntax::Syntax;
use gcnkit::Arch;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/codeobj")
}

/// The corpus: (file name, its bytes).
fn corpus() -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| matches!(p.extension().and_then(|x| x.to_str()), Some("o" | "hsaco")))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

fn text_of(co: &CodeObject, syntax: Syntax) -> String {
    let mut s = String::new();
    disassemble_code_object(co, syntax, Format::Text, |c| s.push_str(c)).unwrap();
    s
}

#[test]
fn every_code_object_disassembles_and_reassembles_to_its_code() {
    let files = corpus();
    assert_eq!(files.len(), 90, "tools/kernels/codeobj.sh writes 90 code objects");
    let mut instructions = 0;
    for (name, data) in &files {
        let co = read(data).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mcpu = name.split('.').nth(1).unwrap();
        let gfx = match mcpu {
            "tahiti" => "gfx600",
            "bonaire" => "gfx704",
            "fiji" => "gfx803",
            m => m,
        };
        assert_eq!(co.processor, gfx, "{name}");
        assert_eq!(Some(co.arch), Arch::parse(mcpu), "{name}");
        let version: u8 = name.split(".v").nth(1).unwrap()[..1].parse().unwrap();
        assert_eq!(co.version, Some(version), "{name}");
        assert_eq!(co.linked, name.ends_with(".hsaco"), "{name}");
        assert_eq!(co.sections.len(), 1, "{name}: one .text");
        let code = co.sections[0].bytes;
        assert!(co.sections[0].symbols.len() >= 2, "{name}: the kernels");
        for (syntax, dialect) in [(Syntax::Clrx, Dialect::Clrx), (Syntax::Llvm, Dialect::Llvm)] {
            let text = text_of(&co, syntax);
            let (items, diags) = assemble(co.arch, dialect, name, &text);
            let errors: Vec<String> = diags
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .map(|d| d.headline())
                .collect();
            assert!(errors.is_empty(), "{name} {syntax:?}: {errors:?}");
            let bytes: Vec<u8> = items
                .iter()
                .flat_map(|i| i.words().iter().flat_map(|w| w.to_le_bytes()))
                .collect();
            assert!(bytes == code, "{name} {syntax:?}: re-assembled code differs");
            instructions += text
                .lines()
                .filter(|l| !l.ends_with(':') && !l.starts_with(['/', '.']))
                .count();
        }
    }
    eprintln!(
        "{} code objects, {instructions} instruction lines re-assembled",
        files.len()
    );
}

/// llvm-objdump-14's instruction lines of `path` (text before the `//` comment).
fn objdump(path: &std::path::Path, mcpu: &str) -> Vec<String> {
    let out = std::process::Command::new(std::env::var("LLVM_OBJDUMP").unwrap_or_else(|_| "llvm-objdump-14".into()))
        .args(["-d", &format!("--mcpu={mcpu}")])
        .arg(path)
        .output()
        .expect("llvm-objdump-14 (Debian package llvm-14)");
    assert!(out.status.success(), "llvm-objdump failed on {}", path.display());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with('\t'))
        .map(|l| l.split("//").next().unwrap().trim().to_string())
        .collect()
}

#[test]
fn llvm_text_is_llvm_objdumps() {
    let mut compared = 0;
    for (name, data) in corpus() {
        let mcpu = name.split('.').nth(1).unwrap().to_string();
        if !name.ends_with(".v4.hsaco") || !matches!(mcpu.as_str(), "fiji" | "gfx900" | "gfx906") {
            continue;
        }
        let co = read(&data).unwrap();
        // The code: what comes before the descriptors and metadata, without directives.
        let ours: Vec<String> = text_of(&co, Syntax::Llvm)
            .lines()
            .take_while(|l| !matches!(*l, "\t.rodata" | "\t.amdgpu_metadata"))
            .filter(|l| !l.ends_with(':') && !l.starts_with(['/', '.']) && !l.starts_with("\t."))
            .map(str::to_string)
            .collect();
        let theirs = objdump(&dir().join(&name), &mcpu);
        assert_eq!(ours.len(), theirs.len(), "{name}: instruction count");
        for (a, b) in ours.iter().zip(&theirs) {
            // A branch: gcnkit names the target's label, llvm-objdump writes the offset.
            let same = if a.contains(" .L") {
                a.split(' ').next() == b.split(' ').next()
            } else {
                a == b
            };
            assert!(same, "{name}: gcnkit `{a}`, llvm-objdump `{b}`");
            compared += 1;
        }
    }
    assert!(compared > 500, "{compared} instructions compared");
    eprintln!("{compared} instructions as llvm-objdump-14 prints them");
}

#[test]
fn broken_code_objects_are_errors_not_panics() {
    let data = std::fs::read(dir().join("vecadd.gfx900.v4.o")).unwrap();
    // Truncations at every length: an error or (past the section data) a smaller object.
    for n in (0..data.len()).step_by(7) {
        let _ = read(&data[..n]);
    }
    assert!(read(&data[..40]).is_err());
    // Another machine.
    let mut x86 = data.clone();
    x86[18] = 62;
    assert!(read(&x86).unwrap_err().0.contains("not AMDGPU"));
    // A processor outside GCN 1.0-1.4 (gfx908).
    let mut mfma = data.clone();
    mfma[0x30] = 0x30;
    assert!(read(&mfma).unwrap_err().0.contains("not a GCN"));
    // Every byte of the section headers and symbol table flipped in turn: no panic.
    let shoff = u64::from_le_bytes(data[0x28..0x30].try_into().unwrap()) as usize;
    for k in (shoff..data.len()).step_by(3) {
        let mut bad = data.clone();
        bad[k] ^= 0xa5;
        if let Ok(co) = read(&bad) {
            let _ = text_of(&co, Syntax::Clrx);
        }
    }
}

/// The whole-object round trip (LLVM text, code object v2-v5): `disasm` → text → `asm --format
/// elf` gives the same code (v2: with its `amd_kernel_code_t` headers), kernel descriptors (but
/// their code offset, a relocation in the new object), notes and `e_flags` as the object
/// read, `.o` and `.hsaco` alike. (A v2 text names no target: the processor is given, as
/// `-a` gives it.)
#[test]
fn whole_objects_round_trip_through_llvm_text() {
    let mut checked = 0;
    for (name, data) in corpus() {
        let co = read(&data).unwrap();
        let text = text_of(&co, Syntax::Llvm);
        let mut a = gcnkit::asm::Assembler::new(co.arch, Dialect::Llvm, &name).processor(co.processor);
        for (n, l) in text.lines().enumerate() {
            a.line(n + 1, l);
        }
        let (items, diags, parts) = a.finish_object();
        let errors: Vec<String> = diags
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.to_string())
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let obj = gcnkit::codeobj::write::object_of(co.arch, &items, &parts).unwrap();
        let back = read(&obj).unwrap();
        assert_eq!(back.flags, co.flags, "{name}");
        assert_eq!(back.version, co.version, "{name}");
        assert_eq!(back.sections[0].bytes, co.sections[0].bytes, "{name}: code");
        // The code's alignment (256 for clang's): linked again, the kernels start where they
        // did (the hardware needs 256-byte aligned entries).
        assert_eq!(back.sections[0].align, co.sections[0].align, "{name}: .text alignment");
        let sized = |c: &CodeObject| -> Vec<(String, u64, u64)> {
            c.sections[0]
                .symbols
                .iter()
                .map(|s| (s.name.clone(), s.offset, s.size))
                .collect()
        };
        assert_eq!(sized(&back), sized(&co), "{name}: functions and their sizes");
        assert_eq!(back.descriptors.len(), co.descriptors.len(), "{name}");
        for (x, y) in back.descriptors.iter().zip(&co.descriptors) {
            assert_eq!(x.kernel, y.kernel, "{name}");
            assert_eq!(x.bytes[..16], y.bytes[..16], "{name} {}", x.kernel);
            assert_eq!(x.bytes[24..], y.bytes[24..], "{name} {}", x.kernel);
        }
        let notes =
            |c: &CodeObject| -> Vec<Vec<u8>> { c.notes.iter().filter(|n| !n.is_empty()).map(|n| n.to_vec()).collect() };
        assert_eq!(notes(&back), notes(&co), "{name}: metadata note");
        checked += 1;
    }
    assert_eq!(checked, 90, "every object of the corpus");
}

/// A function's size in LLVM text is `.Lfunc_endN-f` after the function, as clang writes it: the
/// text edited (an instruction taken out) and assembled again gives a function that much smaller.
#[test]
fn function_sizes_follow_an_edit_of_the_text() {
    let mut checked = 0;
    for (name, data) in corpus() {
        let co = read(&data).unwrap();
        if co.version == Some(2) || co.sections[0].symbols.iter().all(|s| s.size == 0) {
            continue;
        }
        let text = text_of(&co, Syntax::Llvm);
        assert!(
            text.contains("\t.size ") && text.contains(".Lfunc_end0-"),
            "{name}: {text}"
        );
        // The first kernel's first instruction (4 or 8 bytes) taken out.
        let first = &co.sections[0].symbols[0];
        let lines: Vec<&str> = text.lines().collect();
        let at = lines.iter().position(|l| *l == format!("{}:", first.name)).unwrap() + 1;
        let words = gcnkit::decode::decode(co.arch, &lines_words(&co, first.offset))
            .unwrap()
            .len;
        let edited: Vec<&str> = lines
            .iter()
            .enumerate()
            .filter(|(n, _)| *n != at)
            .map(|x| *x.1)
            .collect();
        let mut a = gcnkit::asm::Assembler::new(co.arch, Dialect::Llvm, &name).processor(co.processor);
        for (n, l) in edited.iter().enumerate() {
            a.line(n + 1, l);
        }
        let (items, diags, parts) = a.finish_object();
        assert!(diags.iter().all(|d| d.severity != Severity::Error), "{name}: {diags:?}");
        let obj = gcnkit::codeobj::write::object_of(co.arch, &items, &parts).unwrap();
        let back = read(&obj).unwrap();
        let s = &back.sections[0].symbols[0];
        assert_eq!(
            (&s.name, s.size),
            (&first.name, first.size - 4 * words as u64),
            "{name}: {}",
            lines[at]
        );
        checked += 1;
    }
    assert!(checked >= 20, "{checked} objects with sized functions");
}

/// The words of a section from a byte offset on (enough for one instruction).
fn lines_words(co: &CodeObject, offset: u64) -> Vec<u32> {
    co.sections[0].bytes[offset as usize..]
        .chunks_exact(4)
        .take(2)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// `--format json` of a code object: every line is JSON; beside the instruction records come a
/// `kernel_descriptor` record per v3+ descriptor (its fields those of its `.amdhsa_kernel`
/// block), an `amd_kernel_code_t` record per v2 kernel, and a `note` record per note (the v3+
/// metadata as a JSON document naming every kernel).
#[test]
fn json_records_of_code_objects() {
    for (name, data) in corpus() {
        let co = read(&data).unwrap();
        let mut s = String::new();
        disassemble_code_object(&co, Syntax::Llvm, Format::Json, |c| s.push_str(c)).unwrap();
        let records: Vec<serde_json::Value> = s.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let kds: Vec<&serde_json::Value> = records.iter().filter_map(|r| r.get("kernel_descriptor")).collect();
        assert_eq!(kds.len(), co.descriptors.len(), "{name}");
        for (r, d) in kds.iter().zip(&co.descriptors) {
            assert_eq!(r["kernel"], d.kernel.as_str());
            let fields = gcnkit::codeobj::kd::directives(&d.bytes, co.kd_target()).unwrap();
            for (n, v) in fields {
                assert_eq!(r["fields"][n], v, "{name} {n}");
            }
        }
        let v2: usize = co
            .sections
            .iter()
            .map(|s| s.symbols.iter().filter(|x| x.v2_kernel).count())
            .sum();
        let headers = records.iter().filter(|r| r.get("amd_kernel_code_t").is_some()).count();
        assert_eq!(headers, v2, "{name}");
        let notes: Vec<&serde_json::Value> = records.iter().filter_map(|r| r.get("note")).collect();
        assert!(!notes.is_empty(), "{name}");
        if co.version.unwrap() >= 3 {
            let doc = &notes[0]["document"];
            let kernels: Vec<&str> = doc["amdhsa.kernels"]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| k[".name"].as_str().unwrap())
                .collect();
            for d in &co.descriptors {
                assert!(kernels.contains(&d.kernel.as_str()), "{name} {}", d.kernel);
            }
        }
    }
}

/// A descriptor with a bit no directive sets (reserved byte 44, COMPUTE_PGM_RSRC3 of later
/// GPUs) is printed as data under a comment naming the byte, with a warning, and the text
/// still assembles to the same descriptor bytes.
#[test]
fn unexpressible_descriptor_is_data_with_a_warning() {
    let mut data = std::fs::read(dir().join("reduce.gfx900.v4.o")).unwrap();
    let co = read(&data).unwrap();
    let d0 = co.descriptors[0].clone();
    // The descriptor's file offset: find its bytes.
    let at = data.windows(64).position(|w| w == d0.bytes).unwrap();
    data[at + 44] = 1;
    let co = read(&data).unwrap();
    let w = gcnkit::disasm::code_object_warnings(&co);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].contains("reduce_sum.kd") && w[0].contains("byte 44"), "{w:?}");
    let text = text_of(&co, Syntax::Llvm);
    assert!(
        text.contains("byte 44") && text.contains("reduce_sum.kd:\n\t.byte"),
        "{text}"
    );
    let mut a = gcnkit::asm::Assembler::new(co.arch, Dialect::Llvm, "t.s");
    for (n, l) in text.lines().enumerate() {
        a.line(n + 1, l);
    }
    let (items, diags, parts) = a.finish_object();
    assert!(diags.iter().all(|d| d.severity != Severity::Error), "{diags:?}");
    let obj = gcnkit::codeobj::write::object_of(co.arch, &items, &parts).unwrap();
    let back = read(&obj).unwrap();
    let rodata = object::File::parse(&*obj).unwrap();
    use object::{Object, ObjectSection};
    let bytes = rodata.section_by_name(".rodata").unwrap().data().unwrap().to_vec();
    assert_eq!(&bytes[..64], &co.descriptors[0].bytes[..], "the data keeps every byte");
    // The other descriptor is still a block.
    assert_eq!(back.descriptors.len(), 1);
}
