//! Test support: llvm-mc as an oracle, a small deterministic RNG, and (`emu`) driving the
//! emulator from text.

#![allow(dead_code)]

pub mod clrx;
pub mod emu;

use gcnkit::Arch;
use std::io::Write;
use std::process::{Command, Stdio};

/// llvm-mc's CPU name for an arch.
pub fn mcpu(a: Arch) -> &'static str {
    match a {
        Arch::Gcn10 => "tahiti",
        Arch::Gcn11 => "bonaire",
        Arch::Gcn12 => "fiji",
        Arch::Gcn14 => "gfx900",
        Arch::Gcn141 => "gfx906",
    }
}

pub fn llvm_mc() -> String {
    std::env::var("LLVM_MC").unwrap_or_else(|_| "llvm-mc".to_string())
}

/// llvm-mc's ELF object of `src` for `mcpu` (with `args` besides), or its errors.
pub fn llvm_mc_object(mcpu: &str, args: &[&str], src: &str) -> Result<Vec<u8>, String> {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("gcnkit-mc-{}-{k}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (s, o) = (dir.join("t.s"), dir.join("t.o"));
    std::fs::write(&s, src).unwrap();
    let out = Command::new(llvm_mc())
        .args(["-triple=amdgcn-amd-amdhsa", &format!("-mcpu={mcpu}")])
        .args(args)
        .args(["-filetype=obj", "-o"])
        .arg(&o)
        .arg(&s)
        .output()
        .expect("llvm-mc (LLVM 14) must be installed: it is the oracle of this test");
    let r = if out.status.success() {
        Ok(std::fs::read(&o).unwrap())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    };
    std::fs::remove_dir_all(&dir).ok();
    r
}

/// The words of llvm-mc's `.text` of `src` (its object read back with gcnkit's reader), or
/// its errors.
pub fn llvm_mc_text(a: Arch, src: &str) -> Result<Vec<u32>, String> {
    let data = llvm_mc_object(mcpu(a), &[], src)?;
    let co = gcnkit::codeobj::read(&data).unwrap();
    Ok(co.sections[0]
        .bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect())
}

/// Assembles each line with llvm-mc; per line the words, or llvm-mc's error text.
/// `.long` lines are data: their words are taken from the line itself.
pub fn assemble(a: Arch, lines: &[String]) -> Vec<Result<Vec<u32>, String>> {
    let mut child = Command::new(llvm_mc())
        .args(["-arch=amdgcn", &format!("-mcpu={}", mcpu(a)), "-show-encoding"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("llvm-mc (LLVM 14) must be installed: it is the oracle of this test");
    let mut input = String::new();
    for l in lines {
        input.push_str(l);
        input.push('\n');
    }
    let mut stdin = child.stdin.take().unwrap();
    let t = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    t.join().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut errors = std::collections::HashMap::new();
    for e in stderr.lines() {
        if let Some(rest) = e.strip_prefix("<stdin>:") {
            let mut it = rest.splitn(3, ':');
            if let (Some(ln), Some(_col), Some(msg)) = (it.next(), it.next(), it.next()) {
                if msg.trim_start().starts_with("error") {
                    if let Ok(n) = ln.parse::<usize>() {
                        errors.entry(n - 1).or_insert_with(|| msg.trim().to_string());
                    }
                }
            }
        }
    }
    let mut encs = stdout
        .lines()
        .filter_map(|l| l.find("encoding: [").map(|p| &l[p + 11..]))
        .map(|e| {
            let bytes: Vec<u8> = e
                .trim_end_matches(']')
                .split(',')
                .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).unwrap())
                .collect();
            bytes
                .chunks(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect::<Vec<u32>>()
        });
    let mut res = Vec::with_capacity(lines.len());
    for (k, l) in lines.iter().enumerate() {
        if let Some(e) = errors.get(&k) {
            res.push(Err(e.clone()));
        } else if let Some(rest) = l.trim().strip_prefix(".long ") {
            // The words (a comment may follow: what they are).
            let rest = rest.split(';').next().unwrap_or("");
            res.push(Ok(rest
                .split(',')
                .map(|w| u32::from_str_radix(w.trim().trim_start_matches("0x"), 16).unwrap())
                .collect()));
        } else {
            res.push(
                encs.next()
                    .ok_or_else(|| format!("no encoding printed (stderr: {})", stderr.trim())),
            );
        }
    }
    res
}

/// splitmix64: deterministic, seedable, no dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }
}

/// A test's size knob: the environment variable `var` if set to a number, else `default`.
pub fn env_n(var: &str, default: usize) -> usize {
    std::env::var(var).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

pub fn seed() -> u64 {
    std::env::var("GCNKIT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x6c6c_766d)
}

/// The rows of CLRX's conformance tables (family, variant columns) of the classes gcnkit
/// covers: the vector ALU (VOP1, VOP2, VOPC, their VOP3, SDWA and DPP forms; VOP3P; EXP;
/// VINTRP and its GCN 1.2+ VOP3 forms), the scalar ALU, scalar memory, DS, FLAT, MUBUF, MTBUF
/// and MIMG.
pub fn covered(family: &str, variant: &str) -> bool {
    matches!(
        family,
        "VOP1"
            | "VOP2"
            | "VOPC"
            | "VOP3A"
            | "VOP3B"
            | "SOP1"
            | "SOP2"
            | "SOPK"
            | "SOPC"
            | "SOPP"
            | "SMRD"
            | "SMEM"
            | "DS"
            | "FLAT"
            | "MUBUF"
            | "MTBUF"
            | "MIMG"
            | "VOP3P"
            | "EXP"
            | "VINTRP"
            | "ILL"
    ) && matches!(
        variant,
        "e32"
            | "lit"
            | "vop3a"
            | "vop3b"
            | "sop1"
            | "sop2"
            | "sopk"
            | "sopc"
            | "sopp"
            | "smrd"
            | "smem"
            | "ds"
            | "flat"
            | "mubuf"
            | "mtbuf"
            | "mimg"
            | "sdwa"
            | "dpp"
            | "vop3p"
            | "exp"
            | "vintrp"
    )
}
