//! CLRX's ROCm form of whole code object v2 sources, both ways:
//!
//! 1. gcnkit's CLRX text of each v2 object of the corpus (`.rocm`, `.gpu`, a `.kernel` with
//!    its `.config` per kernel, `.skip 256` at each kernel) assembles with gcnkit to the same
//!    `.text` (code and headers), with the kernels as `STT_AMDGPU_HSA_KERNEL` symbols;
//! 2. with CLRX built (GCNKIT_CLRX_DIR), clrxasm assembles the same text to the same `.text`
//!    (clrxdisasm 0.1.9 cannot read clang-14's objects: gcnkit's text is the way in);
//! 3. CLRX's register-count defaults (`.sgprsnum`/`.vgprsnum` left out count the registers
//!    the code writes): hand-written one-instruction kernels give clrxasm's headers.

mod common;

use common::clrx;
use gcnkit::asm::{Assembler, Dialect};
use gcnkit::diag::Severity;
use gcnkit::disasm::{disassemble_code_object, Format};
use gcnkit::syntax::Syntax;
use gcnkit::Arch;
use object::{Object, ObjectSection, ObjectSymbol};
use std::path::PathBuf;
use std::process::Command;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/codeobj")
}

fn v2_objects() -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_str().unwrap().ends_with(".v2.o"))
        .map(|p| {
            (
                p.file_name().unwrap().to_str().unwrap().to_string(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

/// gcnkit's object of a CLRX source.
fn gcnkit_object(name: &str, text: &str) -> Vec<u8> {
    gcnkit_objects(name, text).0
}

/// gcnkit's object of a CLRX source and clrxasm's file as gcnkit writes it (`--format rocm`).
fn gcnkit_objects(name: &str, text: &str) -> (Vec<u8>, Option<Vec<u8>>) {
    let mut a = Assembler::new(Arch::Gcn12, Dialect::Clrx, name).arch_is_default();
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
    (
        gcnkit::codeobj::write::object_of(arch, &items, &parts).unwrap(),
        parts.clrx_binary.clone(),
    )
}

fn text_section(data: &[u8]) -> Vec<u8> {
    let f = object::File::parse(data).unwrap();
    f.section_by_name(".text").unwrap().data().unwrap().to_vec()
}

/// The v2 metadata YAML note's bytes of an object.
fn hsa_metadata(data: &[u8]) -> Vec<Vec<u8>> {
    let co = gcnkit::codeobj::read(data).unwrap();
    co.notes
        .iter()
        .filter_map(|n| gcnkit::codeobj::metadata::parse_notes(n).ok())
        .flatten()
        .filter(|n| n.name == "AMD" && n.kind == gcnkit::codeobj::metadata::NT_AMD_HSA_METADATA)
        .map(|n| n.desc)
        .collect()
}

fn clrx_text(data: &[u8]) -> String {
    let co = gcnkit::codeobj::read(data).unwrap();
    let mut s = String::new();
    disassemble_code_object(&co, Syntax::Clrx, Format::Text, |c| s.push_str(c)).unwrap();
    s
}

#[test]
fn v2_objects_round_trip_through_clrx_text() {
    let mut n = 0;
    for (name, data) in v2_objects() {
        let text = clrx_text(&data);
        assert!(text.starts_with(".rocm\n.gpu "), "{name}: {text:.80}");
        let ours = gcnkit_object(&name, &text);
        assert_eq!(text_section(&ours), text_section(&data), "{name}");
        assert_eq!(hsa_metadata(&ours), hsa_metadata(&data), "{name}: metadata");
        assert_eq!(hsa_metadata(&data).len(), 1, "{name}");
        let f = object::File::parse(&*ours).unwrap();
        let kernels = f
            .symbols()
            .filter(|s| matches!(s.flags(), object::SymbolFlags::Elf { st_info, .. } if st_info.0 & 0xf == 10))
            .count();
        assert!(kernels >= 2, "{name}: the kernels are HSA kernel symbols");
        n += 1;
    }
    assert_eq!(n, 15);
}

fn clrxasm(clrx: &std::path::Path, src: &str, tag: &str) -> Result<Vec<u8>, String> {
    let d = std::env::temp_dir().join(format!("gcnkit-rocm-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let (s, o) = (d.join("a.s"), d.join("a.hsaco"));
    std::fs::write(&s, src).unwrap();
    let out = Command::new(clrx.join("clrxasm"))
        .arg("-o")
        .arg(&o)
        .arg(&s)
        .output()
        .unwrap();
    let r = if out.status.success() {
        Ok(std::fs::read(&o).unwrap())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    };
    std::fs::remove_dir_all(&d).ok();
    r
}

fn oracle() -> Option<PathBuf> {
    let d = clrx::dir();
    if d.is_none() {
        eprintln!(
            "NOTE: GCNKIT_CLRX_DIR is not set: the CLRX live oracle did not run (see ../shared/tools/build-clrx)"
        );
    }
    d
}

#[test]
fn clrxasm_builds_the_same_code_from_gcnkits_clrx_text() {
    let Some(c) = oracle() else { return };
    for (name, data) in v2_objects() {
        let text = clrx_text(&data);
        let theirs = clrxasm(&c, &text, "corpus").unwrap_or_else(|e| panic!("{name}: clrxasm: {e}"));
        assert_eq!(text_section(&theirs), text_section(&data), "{name}");
        assert_eq!(hsa_metadata(&theirs), hsa_metadata(&data), "{name}: metadata");
    }
}

#[test]
fn register_count_defaults_are_clrxasms() {
    let Some(c) = oracle() else { return };
    let bodies = [
        "v_mov_b32 v1, s40",
        "v_add_f32 v2, v50, v3",
        "s_mov_b32 s1, s40",
        "s_load_dword s9, s[20:21], 0",
        "v_readfirstlane_b32 s33, v60",
        "buffer_load_dword v3, v40, s[60:63], 0 offen",
        "ds_read_b64 v[70:71], v1",
        "s_mov_b64 vcc, s[2:3]",
        "v_cmp_eq_u32 s[10:11], v1, v2",
        "s_mov_b64 flat_scratch, s[2:3]",
        "s_mov_b32 flat_scratch_lo, s2",
    ];
    let mut checked = 0;
    for gpu in ["Bonaire", "Fiji", "GFX900"] {
        for dims in ["x", "xy", "xyz"] {
            for body in bodies {
                let src = format!(
                    ".rocm\n.gpu {gpu}\n.kernel k\n    .config\n        .dims {dims}\n        .use_kernarg_segment_ptr\n.text\nk:\n    .skip 256\n    {body}\n    s_endpgm\n"
                );
                let Ok(theirs) = clrxasm(&c, &src, "regs") else {
                    continue;
                };
                let ours = gcnkit_object("k.s", &src);
                assert_eq!(text_section(&ours), text_section(&theirs), "{gpu} .dims {dims}: {body}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 80, "{checked}");
}

/// A hand-written CLRX-dialect kernel (tests/data/sources/clrx-sum.s: `.include` of register
/// names and a macro, `.rept` in the macro, `.ifndef`/`.if` on a `--defsym`-able symbol, the
/// header's register counts left to the assembler): gcnkit builds clrxasm's `.text`, for
/// the default and for ROWS=8.
#[test]
fn hand_written_clrx_source_is_clrxasms() {
    let src_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/sources");
    let path = src_dir.join("clrx-sum.s");
    let text = std::fs::read_to_string(&path).unwrap();
    let build = |rows: Option<i64>| {
        let mut a = Assembler::new(Arch::Gcn12, Dialect::Clrx, path.to_str().unwrap());
        if let Some(r) = rows {
            a.defsym("ROWS", r);
        }
        for (n, l) in text.lines().enumerate() {
            a.line(n + 1, l);
        }
        let arch = a.arch();
        let (items, diags, parts) = a.finish_object();
        assert!(diags.iter().all(|d| d.severity != Severity::Error), "{diags:?}");
        text_section(&gcnkit::codeobj::write::object_of(arch, &items, &parts).unwrap())
    };
    let (four, eight) = (build(None), build(Some(8)));
    assert_eq!(
        eight.len(),
        four.len() + 4 * 4,
        "four more unrolled adds (VOP2, one dword each)"
    );
    let Some(c) = oracle() else { return };
    for (rows, ours) in [(None, four), (Some(8), eight)] {
        let d = std::env::temp_dir().join(format!("gcnkit-rocm-hand-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let o = d.join("a.hsaco");
        let mut cmd = Command::new(c.join("clrxasm"));
        cmd.arg("-I").arg(&src_dir).arg("-o").arg(&o).arg(&path);
        if let Some(r) = rows {
            cmd.arg("-D").arg(format!("ROWS={r}"));
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(ours, text_section(&std::fs::read(&o).unwrap()), "ROWS={rows:?}");
        std::fs::remove_dir_all(&d).ok();
    }
}

/// Code object v3-v5 in CLRX's `.llvm10binfmt` form (descriptors as `.globaldata` bytes,
/// CLRX's `.config` having no kernarg size; the metadata document after `.metadata`; the flags
/// in `.eflags`): gcnkit's CLRX text of every v3+ object assembles with gcnkit — and, with CLRX
/// built, with clrxasm — to the same code, descriptors (but the code offset, which each
/// assembler computes) and metadata document; gcnkit's `--format rocm` file is clrxasm's.
#[test]
fn v3_objects_round_trip_through_clrx_text() {
    let oracle = oracle();
    let mut n = 0;
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir()).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    for p in paths {
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        if !(name.ends_with(".o") || name.ends_with(".hsaco")) || name.contains(".v2.") {
            continue;
        }
        let data = std::fs::read(&p).unwrap();
        let co = gcnkit::codeobj::read(&data).unwrap();
        let text = clrx_text(&data);
        assert!(text.contains("\n.llvm10binfmt\n"), "{name}");
        let (ours, ours_clrx) = gcnkit_objects(&name, &text);
        let mut objects = vec![("gcnkit", ours)];
        if let Some(c) = &oracle {
            let theirs = clrxasm(c, &text, "v3").unwrap_or_else(|e| panic!("{name}: clrxasm: {e}"));
            // gcnkit's `--format rocm` file is clrxasm's, byte for byte.
            assert!(
                ours_clrx.as_ref() == Some(&theirs),
                "{name}: gcnkit's .llvm10binfmt file is not clrxasm's"
            );
            objects.push(("clrxasm", theirs));
        }
        let meta = |c: &gcnkit::codeobj::CodeObject| -> Vec<Vec<u8>> {
            c.notes
                .iter()
                .filter_map(|n| gcnkit::codeobj::metadata::parse_notes(n).ok())
                .flatten()
                .filter(|n| n.kind == gcnkit::codeobj::metadata::NT_AMDGPU_METADATA)
                .map(|n| n.desc)
                .collect()
        };
        for (who, obj) in objects {
            let back = gcnkit::codeobj::read(&obj).unwrap_or_else(|e| panic!("{name} {who}: {e}"));
            assert_eq!(text_section(&obj), co.sections[0].bytes, "{name} {who}: code");
            assert_eq!(back.descriptors.len(), co.descriptors.len(), "{name} {who}");
            for (x, y) in back.descriptors.iter().zip(&co.descriptors) {
                assert_eq!(x.kernel, y.kernel, "{name} {who}");
                assert_eq!(x.bytes[..16], y.bytes[..16], "{name} {who} {}", x.kernel);
                assert_eq!(x.bytes[24..], y.bytes[24..], "{name} {who} {}", x.kernel);
            }
            assert_eq!(meta(&back), meta(&co), "{name} {who}: metadata");
        }
        n += 1;
    }
    assert_eq!(n, 60);
}
