//! Kernel descriptors (code object v3+) against llvm-mc 14 and llvm-objdump 14: what gcnkit
//! prints for each descriptor of the code-object corpus assembles with llvm-mc to the same
//! bytes; clang's own `.amdhsa_kernel` blocks build (gcnkit's [`Builder`]) the bytes llvm-mc
//! makes of them; the fields llvm-objdump prints agree; and random blocks give llvm-mc's bytes or its
//! refusal.

mod common;

use gcnkit::codeobj::kd::{self, Builder, Target};
use gcnkit::codeobj::{read, CodeObject};
use std::path::PathBuf;
use std::process::Command;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/codeobj")
}

/// The code objects of version 3 and later in the corpus (name, bytes).
fn corpus() -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| matches!(p.extension().and_then(|x| x.to_str()), Some("o" | "hsaco")))
        .filter(|p| !p.to_str().unwrap().contains(".v2."))
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

/// llvm-mc's object of `src` for `mcpu` and code object `version`, or its errors.
fn llvm_mc_object(mcpu: &str, version: u8, src: &str) -> Result<Vec<u8>, String> {
    common::llvm_mc_object(mcpu, &[&format!("--amdhsa-code-object-version={version}")], src)
}

/// A source holding kernel `name` (one `s_endpgm`) and the descriptor block `block`.
fn kernel_source(target_id: Option<&str>, kernels: &[(String, String)]) -> String {
    let mut s = String::new();
    if let Some(t) = target_id {
        s.push_str(&format!("\t.amdgcn_target \"{t}\"\n"));
    }
    for (name, block) in kernels {
        s.push_str(&format!(
            "\t.text\n\t.globl {name}\n\t.p2align 8\n\t.type {name},@function\n{name}:\n\ts_endpgm\n\t.rodata\n\t.p2align 6\n{block}"
        ));
    }
    s
}

fn without_code_entry(mut b: [u8; kd::SIZE]) -> [u8; kd::SIZE] {
    b[kd::CODE_ENTRY..kd::CODE_ENTRY + 8].fill(0);
    b
}

#[test]
fn printed_descriptors_reassemble_with_llvm_mc() {
    let files = corpus();
    assert_eq!(
        files.len(),
        60,
        "v3, v4, v5 objects and v4 .hsaco of 3 kernels x 5 GPUs"
    );
    let mut checked = 0;
    for (name, data) in &files {
        let co = read(data).unwrap();
        assert!(co.descriptors.len() >= 2, "{name}: its kernels' descriptors");
        let t = co.kd_target();
        let mut kernels = Vec::new();
        for d in &co.descriptors {
            let mut block = String::new();
            kd::print(&d.kernel, &d.bytes, t, &mut block).unwrap_or_else(|e| panic!("{name} {}: {e:?}", d.kernel));
            kernels.push((d.kernel.clone(), block));
        }
        let version = co.version.unwrap();
        let obj = llvm_mc_object(co.processor, version, &kernel_source(Some(&co.target_id()), &kernels))
            .unwrap_or_else(|e| panic!("{name}: llvm-mc refused gcnkit's blocks:\n{e}"));
        let back = read(&obj).unwrap();
        assert_eq!(back.descriptors.len(), co.descriptors.len(), "{name}");
        for (a, b) in co.descriptors.iter().zip(&back.descriptors) {
            assert_eq!(a.kernel, b.kernel, "{name}");
            assert_eq!(
                without_code_entry(a.bytes),
                without_code_entry(b.bytes),
                "{name} {}: llvm-mc's bytes of gcnkit's block",
                a.kernel
            );
            checked += 1;
        }
    }
    assert!(checked >= 120, "{checked}");
}

/// `.amdhsa_kernel NAME` blocks of a clang `-S` file: name and (directive, value) lines.
fn clang_blocks(text: &str) -> Vec<(String, Vec<(String, i64)>)> {
    let mut out = Vec::new();
    let mut cur: Option<(String, Vec<(String, i64)>)> = None;
    for line in text.lines() {
        let l = line.trim();
        if let Some(n) = l.strip_prefix(".amdhsa_kernel ") {
            cur = Some((n.trim().to_string(), Vec::new()));
        } else if l == ".end_amdhsa_kernel" {
            out.extend(cur.take());
        } else if let Some((_, fields)) = cur.as_mut() {
            let mut it = l.split_whitespace();
            if let (Some(d), Some(v)) = (it.next(), it.next()) {
                fields.push((d.to_string(), v.parse().unwrap()));
            }
        }
    }
    out
}

/// llvm-mc's object of a corpus text (`NAME.MCPU.vN.s`). Not clang's own `.o`: for some
/// kernels (control on gfx900/gfx906) clang-14's object has one SGPR granule fewer than the
/// `.amdhsa_next_free_sgpr` its `-S` text states, and llvm-mc, the assembler gcnkit follows,
/// counts from the text.
fn object_for(source: &str) -> Vec<u8> {
    let parts: Vec<&str> = source.split('.').collect();
    let version: u8 = parts[2][1..].parse().unwrap();
    let text = std::fs::read_to_string(dir().join(source)).unwrap();
    llvm_mc_object(parts[1], version, &text).unwrap()
}

#[test]
fn clangs_blocks_build_llvm_mcs_bytes() {
    let mut checked = 0;
    for e in std::fs::read_dir(dir()).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        if !name.ends_with(".s") || name.contains(".v2.") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        let data = object_for(&name);
        let co: CodeObject = read(&data).unwrap();
        let t = co.kd_target();
        let blocks = clang_blocks(&text);
        assert_eq!(blocks.len(), co.descriptors.len(), "{name}");
        for ((kernel, fields), d) in blocks.iter().zip(&co.descriptors) {
            assert_eq!(kernel, &d.kernel, "{name}");
            let mut b = Builder::new(t);
            for (dir, v) in fields {
                b.set(dir, *v)
                    .unwrap_or_else(|e| panic!("{name} {kernel} {dir} {v}: {e}"));
            }
            let bytes = b.finish().unwrap_or_else(|e| panic!("{name} {kernel}: {e:?}"));
            assert_eq!(bytes, without_code_entry(d.bytes), "{name} {kernel}");
            checked += 1;
        }
    }
    assert!(checked >= 60, "{checked}");
}

/// llvm-objdump 14 prints the descriptors of GFX8/9 objects (it stops on GFX6/7): every
/// directive it prints that stores its value directly has gcnkit's value.
#[test]
fn fields_agree_with_llvm_objdump() {
    let objdump = std::env::var("LLVM_OBJDUMP").unwrap_or_else(|_| "llvm-objdump-14".into());
    let mut checked = 0;
    for (name, data) in corpus() {
        if !(name.contains(".fiji.") || name.contains(".gfx90")) {
            continue;
        }
        let co = read(&data).unwrap();
        let out = Command::new(&objdump)
            .args(["-D", "-j", ".rodata"])
            .arg(dir().join(&name))
            .output()
            .expect("llvm-objdump-14");
        let text = String::from_utf8_lossy(&out.stdout);
        let theirs = clang_blocks(&text);
        assert_eq!(theirs.len(), co.descriptors.len(), "{name}");
        for ((kernel, fields), d) in theirs.iter().zip(&co.descriptors) {
            assert_eq!(kernel, &d.kernel);
            let ours = kd::directives(&d.bytes, co.kd_target()).unwrap();
            for (dir, v) in fields {
                let short = dir.strip_prefix(".amdhsa_").unwrap();
                // The derived ones (register counts, reservations) llvm-objdump writes its
                // own way; gcnkit's re-assemble (test above).
                if short.starts_with("next_free") || short.starts_with("reserve_") {
                    continue;
                }
                match ours.iter().find(|(n, _)| *n == short) {
                    Some((_, x)) => assert_eq!(*x as i64, *v, "{name} {kernel} {dir}"),
                    // llvm-objdump prints fp16_overflow on GFX8 too, where llvm-mc refuses it.
                    None => assert!(short == "fp16_overflow" && name.contains(".fiji."), "{name} {dir}"),
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// Random `.amdhsa_kernel` blocks (random directives, random values, some out of range, some
/// repeated or of later GPUs): gcnkit's builder takes the blocks llvm-mc takes, with the same
/// bytes, and refuses the others.
#[test]
fn random_blocks_match_llvm_mc() {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let later = ["wavefront_size32", "accum_offset", "tg_split"];
    let mut accepted_total = 0;
    for (mcpu, gfx) in [
        ("tahiti", "gfx600"),
        ("bonaire", "gfx704"),
        ("tonga", "gfx802"),
        ("fiji", "gfx803"),
        ("gfx900", "gfx900"),
        ("gfx906", "gfx906"),
    ] {
        let arch = gcnkit::Arch::parse(mcpu).unwrap();
        let t = Target::new(arch, gfx, None);
        let mut good = Vec::new();
        let mut bad = Vec::new();
        for k in 0..300 {
            let mut b = Builder::new(t);
            let mut block = format!(".amdhsa_kernel k{k}\n");
            let mut err = None;
            let n = next() % 12;
            let mut lines: Vec<(String, i64)> = Vec::new();
            for _ in 0..n {
                let f = &kd::FIELDS[(next() % kd::FIELDS.len() as u64) as usize];
                let v = match next() % 10 {
                    0 => (next() % 300) as i64,
                    1 => -1,
                    2..=5 => (next() % 2) as i64,
                    _ => (next() % 4) as i64,
                };
                lines.push((format!(".amdhsa_{}", f.name), v));
            }
            if next() % 20 == 0 {
                lines.push((format!(".amdhsa_{}", later[(next() % 3) as usize]), 0));
            }
            let req = |lines: &mut Vec<(String, i64)>, d: &str, v: i64| {
                if !lines.iter().any(|(n, _)| n == d) {
                    lines.push((d.to_string(), v));
                }
            };
            let (v, s) = ((next() % 260) as i64, (next() % 110) as i64);
            if next() % 30 != 0 {
                req(&mut lines, ".amdhsa_next_free_vgpr", v);
                req(&mut lines, ".amdhsa_next_free_sgpr", s);
            }
            // Keep the xnack reservation to what the target allows most of the time.
            for (n, v) in lines.iter_mut() {
                if n == ".amdhsa_reserve_xnack_mask" && next() % 4 != 0 {
                    *v = t.xnack as i64;
                }
            }
            for (d, v) in &lines {
                block.push_str(&format!("\t{d} {v}\n"));
                if err.is_none() {
                    if let Err(e) = b.set(d, *v) {
                        err = Some(e);
                    }
                }
            }
            block.push_str(".end_amdhsa_kernel\n");
            let built = match err {
                Some(e) => Err(e),
                None => b.finish().map_err(|e| e.msg),
            };
            match built {
                Ok(bytes) => good.push((format!("k{k}"), block, bytes)),
                Err(e) => bad.push((format!("k{k}"), block, e)),
            }
        }
        // Every accepted block in one llvm-mc run.
        let kernels: Vec<(String, String)> = good.iter().map(|(n, b, _)| (n.clone(), b.clone())).collect();
        let obj = llvm_mc_object(mcpu, 4, &kernel_source(None, &kernels))
            .unwrap_or_else(|e| panic!("{mcpu}: llvm-mc refused blocks gcnkit takes:\n{e}"));
        let co = read(&obj).unwrap();
        assert_eq!(co.descriptors.len(), good.len());
        for (d, (n, block, bytes)) in co.descriptors.iter().zip(&good) {
            assert_eq!(&d.kernel, n);
            assert_eq!(without_code_entry(d.bytes), *bytes, "{mcpu}:\n{block}");
        }
        accepted_total += good.len();
        // Each refused block alone: llvm-mc refuses it too.
        for (n, block, why) in bad.iter().take(40) {
            let r = llvm_mc_object(mcpu, 4, &kernel_source(None, &[(n.clone(), block.clone())]));
            assert!(
                r.is_err(),
                "{mcpu}: gcnkit refuses ({why}) what llvm-mc takes:\n{block}"
            );
        }
    }
    assert!(accepted_total > 300, "{accepted_total}");
}

/// Code object v2: each kernel's `amd_kernel_code_t` in llvm-mc's object of clang's text prints
/// (gcnkit) as exactly clang's `.amd_kernel_code_t` block.
#[test]
fn v2_headers_print_as_clangs_blocks() {
    let mut checked = 0;
    for e in std::fs::read_dir(dir()).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        if !name.ends_with(".v2.s") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        let theirs: Vec<String> = text
            .split("\t.amd_kernel_code_t\n")
            .skip(1)
            .map(|b| {
                format!(
                    "\t.amd_kernel_code_t\n{}\t.end_amd_kernel_code_t\n",
                    b.split("\t.end_amd_kernel_code_t\n").next().unwrap()
                )
            })
            .collect();
        let obj = object_for(&name);
        let co = read(&obj).unwrap();
        let sec = &co.sections[0];
        let kernels: Vec<_> = sec.symbols.iter().filter(|s| s.v2_kernel).collect();
        assert_eq!(kernels.len(), theirs.len(), "{name}");
        for (s, block) in kernels.iter().zip(&theirs) {
            let at = s.offset as usize;
            let header: &[u8; gcnkit::codeobj::akc::SIZE] = sec.bytes[at..at + 256].try_into().unwrap();
            let mut ours = String::new();
            gcnkit::codeobj::akc::print(header, &mut ours).unwrap();
            assert_eq!(&ours, block, "{name} {}", s.name);
            checked += 1;
        }
    }
    assert!(checked >= 30, "{checked}");
}

/// Bits no llvm-mc 14 directive sets (clang-15's -O0 kernels set USES_DYNAMIC_STACK, byte 57
/// bit 3): the descriptor prints as data with the bit named, and a dispatch reads the rest of
/// it as before.
#[test]
fn bits_without_directives_are_named_and_do_not_stop_a_dispatch() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/run/bench.gfx900.hsaco");
    let data = std::fs::read(path).unwrap();
    let before = gcnkit::emu::dispatch::kernels(&data).unwrap();
    let co = read(&data).unwrap();
    let t = co.kd_target();
    for (byte, bit, name) in [
        (57, 0x08, "USES_DYNAMIC_STACK"),
        (49, 0x0c, "PRIORITY"),
        (52, 0x40, "ENABLE_TRAP_HANDLER"),
        (54, 0x80, "GRANULATED_LDS_SIZE"),
    ] {
        let mut patched = data.clone();
        for d in &co.descriptors {
            let at = patched
                .windows(kd::SIZE)
                .position(|w| w == d.bytes)
                .expect("the descriptor's bytes");
            patched[at + byte] |= bit;
            let mut b = d.bytes;
            b[byte] |= bit;
            let e = kd::print(&d.kernel, &b, t, &mut String::new()).unwrap_err();
            assert!(e.to_string().contains(name), "{e}");
            assert!(!e.to_string().contains("Unexpressible"), "{e}");
        }
        let after = gcnkit::emu::dispatch::kernels(&patched).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(after.len(), before.len());
        for (a, b) in after.iter().zip(&before) {
            assert_eq!(format!("{:?}", a.setup), format!("{:?}", b.setup), "{name}");
        }
    }
}
