//! `asm --format elf` against llvm-mc 14: gcnkit's object of each clang `-S` text of the corpus
//! (code object v2, v3 and v4, five GPUs) holds the same `.text` (v2: with the
//! `amd_kernel_code_t` headers), `.rodata` (v3+: kernel descriptors), `.note` (metadata)
//! bytes, `e_flags`, ABI version, symbols and descriptor relocations as llvm-mc's object of the
//! same text, and ld.lld links it.

mod common;

use gcnkit::asm::{Assembler, Dialect};
use gcnkit::diag::Severity;
use gcnkit::Arch;
use object::{Object, ObjectSection, ObjectSymbol};
use std::path::PathBuf;
use std::process::Command;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/codeobj")
}

fn tmp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("gcnkit-elf-{}-{name}", std::process::id()))
}

/// gcnkit's object of `text`.
fn gcnkit_object(name: &str, mcpu: &str, version: u8, text: &str) -> Vec<u8> {
    let mut a = Assembler::new(Arch::parse(mcpu).unwrap(), Dialect::Auto, name)
        .processor(mcpu)
        .code_object_version(version);
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

fn llvm_mc_object(mcpu: &str, version: u8, path: &PathBuf) -> Vec<u8> {
    let o = tmp("mc.o");
    let out = Command::new(common::llvm_mc())
        .args([
            "-triple=amdgcn-amd-amdhsa",
            &format!("-mcpu={mcpu}"),
            &format!("--amdhsa-code-object-version={version}"),
            "-filetype=obj",
            "-o",
        ])
        .arg(&o)
        .arg(path)
        .output()
        .expect("llvm-mc (LLVM 14) must be installed: it is the oracle of this test");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let data = std::fs::read(&o).unwrap();
    std::fs::remove_file(&o).ok();
    data
}

/// What must agree: header facts, section bytes, symbols, relocations.
fn summary(data: &[u8]) -> Vec<String> {
    let f = object::File::parse(data).unwrap();
    let mut out = Vec::new();
    if let object::FileFlags::Elf {
        os_abi,
        abi_version,
        e_flags,
    } = f.flags()
    {
        out.push(format!(
            "osabi {} abi {} flags 0x{:x}",
            os_abi.0, abi_version, e_flags.0
        ));
    }
    for name in [".text", ".rodata", ".note"] {
        // Code object v2 has no descriptors in .rodata.
        let Some(s) = f.section_by_name(name) else {
            out.push(format!("no {name}"));
            continue;
        };
        out.push(format!("{name} {:02x?}", s.data().unwrap()));
        let mut rel: Vec<String> = s
            .relocations()
            .map(|(off, r)| {
                let sym = match r.target() {
                    object::RelocationTarget::Symbol(i) => f.symbol_by_index(i).unwrap().name().unwrap().to_string(),
                    _ => "?".into(),
                };
                format!("{name} reloc 0x{off:x} {sym} {:?} {}", r.flags(), r.addend())
            })
            .collect();
        rel.sort();
        out.extend(rel);
    }
    let mut syms: Vec<String> = f
        .symbols()
        .filter(|s| !s.name().unwrap_or("").is_empty() && s.kind() != object::SymbolKind::Section)
        .map(|s| {
            let sec = s
                .section_index()
                .map(|i| f.section_by_index(i).unwrap().name().unwrap().to_string());
            format!(
                "sym {} {:?} {:?} global={} 0x{:x} {} {:?}",
                s.name().unwrap(),
                s.kind(),
                s.flags(),
                s.is_global(),
                s.address(),
                s.size(),
                sec
            )
        })
        .collect();
    syms.sort();
    out.extend(syms);
    out
}

#[test]
fn objects_equal_llvm_mcs() {
    let mut checked = 0;
    let lld = std::env::var("LD_LLD").unwrap_or_else(|_| "ld.lld-14".into());
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir()).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    for p in paths {
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        if !name.ends_with(".s") {
            continue;
        }
        let parts: Vec<&str> = name.split('.').collect();
        let (mcpu, version): (&str, u8) = (parts[1], parts[2][1..].parse().unwrap());
        let text = std::fs::read_to_string(&p).unwrap();
        let ours = gcnkit_object(&name, mcpu, version, &text);
        let theirs = llvm_mc_object(mcpu, version, &p);
        let (a, b) = (summary(&ours), summary(&theirs));
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x, y, "{name}");
        }
        assert_eq!(a.len(), b.len(), "{name}");
        // ld.lld links it into a .hsaco gcnkit reads back with the same descriptors.
        let (o, h) = (tmp("g.o"), tmp("g.hsaco"));
        std::fs::write(&o, &ours).unwrap();
        let out = Command::new(&lld)
            .arg("-shared")
            .arg(&o)
            .arg("-o")
            .arg(&h)
            .output()
            .expect("ld.lld-14 (Debian: lld-14) must be installed: it links the objects of this test");
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        // llvm-readelf reads its notes, llvm-objdump its code (on the GPUs it disassembles).
        let notes = Command::new("llvm-readelf-14")
            .arg("--notes")
            .arg(&h)
            .output()
            .expect("llvm-readelf-14");
        let notes_text = String::from_utf8_lossy(&notes.stdout);
        assert!(
            notes.status.success() && notes_text.contains("NT_AMD"),
            "{name}: {notes_text:.200}"
        );
        if matches!(mcpu, "fiji" | "gfx900" | "gfx906") {
            let od = Command::new("llvm-objdump-14")
                .arg("-d")
                .arg(&h)
                .output()
                .expect("llvm-objdump-14");
            assert!(
                od.status.success() && String::from_utf8_lossy(&od.stdout).contains("s_endpgm"),
                "{name}"
            );
        }
        let linked = std::fs::read(&h).unwrap();
        let co = gcnkit::codeobj::read(&linked).unwrap();
        let mine = gcnkit::codeobj::read(&ours).unwrap();
        assert_eq!(co.descriptors.len(), mine.descriptors.len(), "{name}");
        for (d, e) in co.descriptors.iter().zip(&mine.descriptors) {
            assert_eq!(d.bytes[..16], e.bytes[..16], "{name}");
            assert_eq!(d.bytes[24..], e.bytes[24..], "{name}");
        }
        std::fs::remove_file(&o).ok();
        std::fs::remove_file(&h).ok();
        checked += 1;
    }
    assert_eq!(checked, 45, "v2, v3 and v4 texts of 3 kernels x 5 GPUs");
}

/// A hand-written kernel in the style of kernel libraries (tests/data/sources/gemm.s: an
/// included file of register names and macros, `.rept`/`.irp` unrolling, conditional assembly
/// on a `--defsym`-able symbol, a descriptor and metadata written by hand with symbolic
/// values): gcnkit's object equals llvm-mc's, for the default and for `--defsym UNROLL=8`.
#[test]
fn hand_written_source_equals_llvm_mcs() {
    let src_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/sources");
    let path = src_dir.join("gemm.s");
    let text = std::fs::read_to_string(&path).unwrap();
    for unroll in [None, Some(8)] {
        let mut a = Assembler::new(Arch::Gcn14, Dialect::Auto, path.to_str().unwrap());
        if let Some(u) = unroll {
            a.defsym("UNROLL", u);
        }
        for (n, l) in text.lines().enumerate() {
            a.line(n + 1, l);
        }
        let arch = a.arch();
        let (items, diags, parts) = a.finish_object();
        assert!(diags.iter().all(|d| d.severity != Severity::Error), "{diags:?}");
        let ours = gcnkit::codeobj::write::object_of(arch, &items, &parts).unwrap();
        let o = tmp("gemm.o");
        let mut cmd = Command::new(common::llvm_mc());
        cmd.args(["-triple=amdgcn-amd-amdhsa", "-mcpu=gfx900", "-filetype=obj", "-I"])
            .arg(&src_dir)
            .arg("-o")
            .arg(&o)
            .arg(&path);
        if let Some(u) = unroll {
            cmd.arg(format!("--defsym=UNROLL={u}"));
        }
        let out = cmd.output().expect("llvm-mc");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let theirs = std::fs::read(&o).unwrap();
        std::fs::remove_file(&o).ok();
        let (a, b) = (summary(&ours), summary(&theirs));
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x, y, "UNROLL={unroll:?}");
        }
        assert_eq!(a.len(), b.len());
        // The unrolled loop really is longer with UNROLL=8.
        let co = gcnkit::codeobj::read(&ours).unwrap();
        assert!(co.sections[0].bytes.len() > if unroll.is_some() { 200 } else { 120 });
    }
}

/// Errors of object directives point at their line: a descriptor block whose kernel is never
/// defined, a `.amdhsa_*` value out of range, a block left open.
#[test]
fn object_directive_errors_name_their_line() {
    let src = "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\n\t.rodata\n\t.amdhsa_kernel nokernel\n\t\t.amdhsa_next_free_vgpr 1\n\t\t.amdhsa_next_free_sgpr 1\n\t\t.amdhsa_dx10_clamp 2\n\t.end_amdhsa_kernel\n\t.amdhsa_kernel open\n";
    let (_, diags) = gcnkit::asm::assemble(Arch::Gcn14, Dialect::Auto, "t.s", src);
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.headline())
        .collect();
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("t.s:6:") && e.contains("value out of range")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("t.s:3:") && e.contains("never defined")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("t.s:8:") && e.contains("without .end_amdhsa_kernel")),
        "{errors:?}"
    );
}
