//! Reading GalliumCompute binaries ([`super::clrx_gallium`]'s format) and printing their head
//! and kernels as clrxdisasm 0.1.9 prints them with `-dCmf`: `.gallium`, the device, the
//! bitness, `.rodata`, the Mesa and LLVM versions it can tell, each kernel's `.args` and
//! `.config` (from its program info) and, for LLVM 4.0's form, the HSA header at the start of
//! its code (its `.hsa_*` lines and `.control_directive`). clrxdisasm prints that form only
//! when told the LLVM version (`--llvmVersion 40000`: the binary does not say it); gcnkit
//! takes it when a kernel's code starts with an HSA header (machine kind 0 or 1, and a code
//! version major of 1 to 0xffff or the code entry offset 256) and every kernel's code has 256
//! bytes for one.

use super::clrx_amd_read::print_bytes;
use super::clrx_config::{print_config_lines, Device, Gpu, Target};
use super::clrx_gallium::{ARG_SEMANTICS, ARG_TYPES};
use object::{Object, ObjectSection, ObjectSymbol};
use std::fmt::Write;

/// A kernel of a binary.
pub struct GalliumKernelBin {
    pub name: String,
    pub offset: u32,
    pub args: Vec<[u32; 6]>,
    /// Its program info: (address, value), 3 or 5 entries.
    pub prog_info: Vec<(u32, u32)>,
}

/// A binary as clrxdisasm reads it.
pub struct GalliumBinary {
    pub is64: bool,
    /// Mesa 17.0 or later (the ELF is marked AMDGPU/HSA).
    pub mesa170: bool,
    /// LLVM 3.9 or later (five program info entries a kernel).
    pub llvm390: bool,
    /// LLVM 4.0 or later: an HSA header before each kernel's code.
    pub hsa: bool,
    pub code: Vec<u8>,
    pub global_data: Vec<u8>,
    pub kernels: Vec<GalliumKernelBin>,
    /// Relocations to the scratch buffer (`.rel.text`): offset in the code, and whether the
    /// place takes the buffer's high word (`SCRATCH_RSRC_DWORD1`).
    pub scratch_relocs: Vec<(u32, bool)>,
}

fn le32(b: &[u8], at: usize) -> Option<u32> {
    b.get(at..at + 4).map(|x| u32::from_le_bytes([x[0], x[1], x[2], x[3]]))
}

/// A kernel's record in the container: name, code offset, argument records.
type KernelRecord = (String, u32, Vec<[u32; 6]>);

/// The container's kernels, the ELF it holds and its section's type (2: Mesa 17.0's
/// executable text), if `data` is one (its layout must hold exactly: the ELF ends the file).
fn container(data: &[u8]) -> Option<(Vec<KernelRecord>, &[u8], u32)> {
    let n = le32(data, 0)? as usize;
    if n == 0 || n > 100_000 {
        return None;
    }
    let mut at = 4;
    let mut kernels = Vec::new();
    for _ in 0..n {
        let len = le32(data, at)? as usize;
        let name = std::str::from_utf8(data.get(at + 4..at + 4 + len)?).ok()?.to_string();
        at += 4 + len;
        let (offset, argc) = (le32(data, at + 4)?, le32(data, at + 8)? as usize);
        at += 12;
        let mut args = Vec::new();
        for _ in 0..argc {
            let mut a = [0u32; 6];
            for (k, v) in a.iter_mut().enumerate() {
                *v = le32(data, at + 4 * k)?;
            }
            args.push(a);
            at += 24;
        }
        kernels.push((name, offset, args));
    }
    let (sections, size) = (le32(data, at)?, le32(data, at + 12)? as usize);
    let elf = data.get(at + 24..)?;
    let kind = le32(data, at + 8)?;
    (sections == 1 && elf.len() == size && elf.starts_with(b"\x7fELF")).then_some((kernels, elf, kind))
}

/// Is `data` a GalliumCompute binary?
pub fn is_gallium(data: &[u8]) -> bool {
    container(data).is_some()
}

/// Reads a GalliumCompute binary.
pub fn read(data: &[u8]) -> Result<GalliumBinary, String> {
    let (kernels, elf, kind) = container(data).ok_or("not a GalliumCompute binary")?;
    let f = object::File::parse(elf).map_err(|e| format!("malformed GalliumCompute binary: {e}"))?;
    let section = |name: &str| {
        f.section_by_name(name)
            .and_then(|s| s.data().ok())
            .unwrap_or(&[])
            .to_vec()
    };
    let config = section(".AMDGPU.config");
    let llvm390 = config.len() == kernels.len() * 40;
    let per = if llvm390 { 5 } else { 3 };
    if config.len() != kernels.len() * per * 8 {
        return Err("malformed GalliumCompute binary: its .AMDGPU.config is not the kernels' program info".into());
    }
    let mut out = GalliumBinary {
        is64: elf.get(4) == Some(&2),
        mesa170: kind == 2,
        llvm390,
        hsa: false,
        code: section(".text"),
        global_data: section(".rodata"),
        kernels: Vec::new(),
        scratch_relocs: Vec::new(),
    };
    // `.rel.text`: (offset, info) words; the symbol names the word.
    let rel = section(".rel.text");
    let w = if out.is64 { 8 } else { 4 };
    for e in rel.chunks_exact(2 * w) {
        let word = |b: &[u8]| b.iter().rev().fold(0u64, |a, &x| a << 8 | x as u64);
        let (offset, info) = (word(&e[..w]), word(&e[w..]));
        let sym = if out.is64 { info >> 32 } else { info >> 8 };
        let name = f
            .symbol_by_index(object::SymbolIndex(sym as usize))
            .ok()
            .and_then(|s| s.name().ok().map(str::to_string))
            .unwrap_or_default();
        out.scratch_relocs.push((offset as u32, name == "SCRATCH_RSRC_DWORD1"));
    }
    out.scratch_relocs.sort_unstable();
    // LLVM 4.0 and later put an HSA kernel header (machine kind 0 or 1; a code version of 16
    // bits, not 0, or the code entry offset 256) at each kernel with a config; every kernel has room for one before the next kernel (else
    // clrxdisasm refuses the form: "Gallium kernel region is too small").
    let header = |o: u32| {
        let o = o as usize;
        let major = le32(&out.code, o).unwrap_or(0);
        let entry = le32(&out.code, o + 16) == Some(256) && le32(&out.code, o + 20) == Some(0);
        out.code.get(o + 8..o + 10).is_some_and(|m| m[0] <= 1 && m[1] == 0) && ((1..0x10000).contains(&major) || entry)
    };
    let room = |o: u32| {
        let next = kernels.iter().map(|k| k.1).filter(|&x| x > o).min();
        next.map_or(out.code.len(), |n| n as usize) >= o as usize + 256
    };
    out.hsa = llvm390 && kernels.iter().any(|k| header(k.1)) && kernels.iter().all(|k| room(k.1));
    for (k, (name, offset, args)) in kernels.into_iter().enumerate() {
        let pi = (0..per)
            .map(|e| {
                let at = (k * per + e) * 8;
                (le32(&config, at).unwrap_or(0), le32(&config, at + 4).unwrap_or(0))
            })
            .collect();
        out.kernels.push(GalliumKernelBin {
            name,
            offset,
            args,
            prog_info: pi,
        });
    }
    Ok(out)
}

/// The lines before the kernels (`.rodata` when `data`: clrxdisasm's `-d`).
pub fn print_head(b: &GalliumBinary, device: &Device, data: bool, out: &mut String) {
    let _ = writeln!(out, ".gallium\n.gpu {}", device.name);
    out.push_str(if b.is64 { ".64bit\n" } else { ".32bit\n" });
    if data && !b.global_data.is_empty() {
        out.push_str(".rodata\n");
        print_bytes(&b.global_data, out);
    }
    if b.mesa170 {
        out.push_str(".driver_version 170000\n");
    }
    if b.hsa {
        out.push_str(".llvm_version 40000\n");
    } else if b.llvm390 {
        out.push_str(".llvm_version 30900\n");
    }
    if !b.scratch_relocs.is_empty() {
        out.push_str(".scratchsym .scratchaddr\n");
    }
}

/// A kernel's lines as clrxdisasm prints them: `.kernel`; with `metadata` (`-m`) its `.args`
/// and `.proginfo` entries or, with `config` (`-C`), its `.config` (with LLVM 4.0's HSA
/// header after it: its `.hsa_*` lines and `.control_directive`).
pub fn print_kernel(
    b: &GalliumBinary,
    k: &GalliumKernelBin,
    device: &'static Device,
    (metadata, config): (bool, bool),
    out: &mut String,
) {
    let _ = writeln!(out, ".kernel {}", k.name);
    if !metadata && !config {
        return;
    }
    out.push_str("    .args\n");
    for a in &k.args {
        let name = |t: &[&str], v: u32| t.get(v as usize).map_or(v.to_string(), |s| s.to_string());
        let ext = if a[4] != 0 { "sext" } else { "zext" };
        let _ = writeln!(
            out,
            "        .arg {}, {}, {}, {}, {ext}, {}",
            name(&ARG_TYPES, a[0]),
            a[1],
            a[2],
            a[3],
            name(&ARG_SEMANTICS, a[5])
        );
    }
    if !config {
        out.push_str("    .proginfo\n");
        for (a, v) in &k.prog_info {
            let _ = writeln!(out, "        .entry {a:#010x}, {v:#010x}");
        }
        return;
    }
    let v = |e: usize| k.prog_info.get(e).map_or(0, |x| x.1);
    let (rsrc1, rsrc2, scratch) = (v(0), v(1), v(2));
    out.push_str("    .config\n");
    let dims = super::clrx_amd_config::default_dims(rsrc2);
    let letters = |m: u32| -> String {
        "xyz"
            .chars()
            .enumerate()
            .filter(|(i, _)| m >> i & 1 != 0)
            .map(|x| x.1)
            .collect()
    };
    let _ = write!(out, "        .dims {}", letters(dims & 7));
    if dims & 7 != (dims >> 3) & 7 {
        let _ = write!(out, ", {}", letters(dims >> 3 & 7));
    }
    out.push('\n');
    let sgprs = ((((rsrc1 >> 6) & 0xf) << 3) + 8).min(device.max_sgprs() as u32);
    let _ = writeln!(
        out,
        "        .sgprsnum {sgprs}\n        .vgprsnum {}",
        ((rsrc1 & 0x3f) << 2) + 4
    );
    for (bit, name, word) in [
        (20, "privmode", rsrc1),
        (22, "debugmode", rsrc1),
        (21, "dx10clamp", rsrc1),
        (23, "ieeemode", rsrc1),
        (10, "tgsize", rsrc2),
    ] {
        if word >> bit & 1 != 0 {
            let _ = writeln!(out, "        .{name}");
        }
    }
    let _ = writeln!(
        out,
        "        .floatmode 0x{:02x}\n        .priority {}",
        (rsrc1 >> 12) & 0xff,
        (rsrc1 >> 10) & 3
    );
    // (clrxdisasm reads the exceptions from PGM_RSRC1.)
    if (rsrc1 >> 24) & 0x7f != 0 {
        let _ = writeln!(out, "        .exceptions 0x{:02x}", (rsrc1 >> 24) & 0x7f);
    }
    let lds_shift = if device.arch == crate::arch::Arch::Gcn10 { 8 } else { 9 };
    let local = ((rsrc2 >> 15) & 0x1ff) << lds_shift;
    if local != 0 {
        let _ = writeln!(out, "        .localsize {local}");
    }
    let _ = writeln!(out, "        .userdatanum {}", (rsrc2 >> 1) & 0x1f);
    let scratch = ((scratch >> 12) << 10) >> 6;
    if scratch != 0 {
        let _ = writeln!(out, "        .scratchbuffer {scratch}");
    }
    let _ = writeln!(out, "        .pgmrsrc1 0x{rsrc1:08x}\n        .pgmrsrc2 0x{rsrc2:08x}");
    if k.prog_info.len() == 5 {
        let _ = writeln!(
            out,
            "        .spilledsgprs {}\n        .spilledvgprs {}",
            v(3) as i32,
            v(4) as i32
        );
    }
    if b.hsa {
        let at = k.offset as usize;
        if let Some(h) = b.code.get(at..at + 256) {
            let h: &[u8; 256] = h.try_into().expect("256 bytes");
            let gpu = Gpu {
                device,
                arch_minor: None,
                arch_stepping: None,
            };
            print_config_lines(h, &Target::new(gpu, false), "hsa_", out);
        }
    }
}
