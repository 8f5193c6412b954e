//! GalliumCompute's binary (Mesa's OpenCL; CLRX's `.gallium` format) as clrxasm 0.1.9 writes
//! it for LLVM before 4.0: a small container (each kernel's name, code offset and argument
//! records, sorted by name; one section record) around a relocatable ELF holding all kernels'
//! code in `.text`, their program info (PGM_RSRC1, PGM_RSRC2, scratch; with LLVM 3.9 also the
//! spilled registers) in `.AMDGPU.config`, the global data in `.rodata`, and a symbol per
//! kernel. Mesa 17.0 and later (driver version 170000+) mark the ELF as AMDGPU/HSA.
//! LLVM 4.0 and later put an HSA kernel header before each kernel's code: not written here.

use super::clrx_amd::{pgm_rsrc1, pgm_rsrc2};
use super::clrx_amd_config::{bounded, default_dims, fields, min_registers, parse_dims, value32};
use super::clrx_config::{clrx_value, Device};
use super::clrx_elf::{self, Header, Region, Section};
use crate::arch::Arch;

const DEFAULT: u32 = u32::MAX;

/// `.arg`'s types, in CLRX's order (their number is the record's).
pub(crate) const ARG_TYPES: [&str; 9] = [
    "scalar",
    "constant",
    "global",
    "local",
    "image2d_rd",
    "image2d_wr",
    "image3d_rd",
    "image3d_wr",
    "sampler",
];

/// `.arg`'s semantics, in CLRX's order.
pub(crate) const ARG_SEMANTICS: [&str; 5] = ["general", "griddim", "gridoffset", "imgsize", "imgformat"];

/// One argument record: type, size, target size, target alignment, sign-extended, semantic.
pub type ArgRecord = [u32; 6];

/// A kernel's `.config`.
#[derive(Clone, Debug)]
pub struct GalliumConfig {
    pub dims: u32,
    pub sgprs: u32,
    pub vgprs: u32,
    pub pgmrsrc1: u32,
    pub pgmrsrc2: u32,
    pub float_mode: u32,
    pub priority: u32,
    pub local_size: u32,
    pub scratch: u32,
    pub user_data: u32,
    pub exceptions: u32,
    pub spilled_sgprs: u32,
    pub spilled_vgprs: u32,
    pub ieee_mode: bool,
    pub tg_size: bool,
    pub debug_mode: bool,
    pub priv_mode: bool,
    pub dx10_clamp: bool,
}

impl Default for GalliumConfig {
    fn default() -> Self {
        GalliumConfig {
            dims: DEFAULT,
            sgprs: DEFAULT,
            vgprs: DEFAULT,
            pgmrsrc1: 0,
            pgmrsrc2: 0,
            float_mode: 0xc0,
            priority: 0,
            local_size: 0,
            scratch: 0,
            user_data: 4,
            exceptions: 0,
            spilled_sgprs: 0,
            spilled_vgprs: 0,
            ieee_mode: false,
            tg_size: false,
            debug_mode: false,
            priv_mode: false,
            dx10_clamp: false,
        }
    }
}

/// The config lines of a source: pseudo-op and the rest of its line. `llvm` is the LLVM
/// version (`.spilledsgprs` needs 3.9).
impl GalliumConfig {
    pub fn set(&mut self, device: &Device, llvm: u32, pseudo_op: &str, args: &str) -> Result<(), String> {
        let name = pseudo_op.trim().trim_start_matches('.').to_ascii_lowercase();
        let args = args.trim();
        let flag = |s: &str| {
            if s.is_empty() {
                Ok(true)
            } else {
                Err("Garbages at end of line".to_string())
            }
        };
        match name.as_str() {
            "dims" => self.dims = parse_dims(args)?,
            "sgprsnum" => self.sgprs = bounded(args, device.max_sgprs() as u32, "Used SGPRs number")?,
            "vgprsnum" => self.vgprs = bounded(args, 256, "Used VGPRs number")?,
            "spilledsgprs" if llvm < 30900 => return Err("Spilled VGPRs and SGPRs only for LLVM>=3.9.0".into()),
            "spilledsgprs" => self.spilled_sgprs = value32(args)?,
            "spilledvgprs" => self.spilled_vgprs = value32(args)?,
            "pgmrsrc1" => self.pgmrsrc1 = value32(args)?,
            "pgmrsrc2" => self.pgmrsrc2 = value32(args)?,
            "floatmode" => self.float_mode = value32(args)? & 0xff,
            "priority" => self.priority = value32(args)? & 3,
            "exceptions" => self.exceptions = value32(args)? & 0x7f,
            "localsize" => self.local_size = bounded(args, 32768, "LocalSize")?,
            "scratchbuffer" => self.scratch = value32(args)?,
            "userdatanum" => self.user_data = bounded(args, 16, "UserDataNum")?,
            "ieeemode" => self.ieee_mode = flag(args)?,
            "tgsize" => self.tg_size = flag(args)?,
            "debugmode" => self.debug_mode = flag(args)?,
            "privmode" => self.priv_mode = flag(args)?,
            "dx10clamp" => self.dx10_clamp = flag(args)?,
            _ => return Err(format!("unknown or misplaced pseudo-op in a kernel's .config: .{name} (gcnkit writes Gallium binaries for LLVM before 4.0)")),
        }
        Ok(())
    }

    /// SGPR and VGPR counts clrxasm gives a kernel whose config leaves them out: what the
    /// dimensions, user data, `.tgsize` and scratch need, or the code's, plus VCC (and
    /// FLAT_SCRATCH or XNACK_MASK when the code uses them), at most the arch's SGPRs.
    pub fn default_registers(&mut self, device: &Device, code: super::clrx_config::CodeRegs) {
        let dims = if self.dims != DEFAULT {
            self.dims
        } else {
            default_dims(self.pgmrsrc2)
        };
        let (min_s, min_v) = min_registers(dims, self.user_data, self.tg_size, self.scratch != 0);
        let arch = device.arch;
        let extra = if code.flat_scratch && arch != Arch::Gcn10 {
            if arch == Arch::Gcn11 {
                4
            } else {
                6
            }
        } else if code.xnack_mask && !matches!(arch, Arch::Gcn10 | Arch::Gcn11) {
            4
        } else {
            2
        };
        if self.sgprs == DEFAULT {
            self.sgprs = (min_s.max(code.sgprs as u32) + extra).min(device.max_sgprs() as u32);
        }
        if self.vgprs == DEFAULT {
            self.vgprs = min_v.max(code.vgprs as u32);
        }
    }
}

/// `.arg TYPE, SIZE[, TARGETSIZE[, ALIGN[, sext|zext[, SEMANTIC]]]]` (or `griddim`,
/// `gridoffset`).
pub fn parse_arg(args: &str) -> Result<ArgRecord, String> {
    let f = fields(args);
    let t = f[0].to_ascii_lowercase();
    let (ty, mut semantic, fixed) = match t.as_str() {
        "griddim" => (0, 1, true),
        "gridoffset" => (0, 2, true),
        _ => match ARG_TYPES.iter().position(|x| *x == t) {
            Some(k) => (k as u32, 0, false),
            None => return Err("Unknown argument type".into()),
        },
    };
    let size = clrx_value(f.get(1).ok_or("Expected ',' before argument")?)?;
    let mut target = (size + 3) & !3;
    let mut align = if size != 0 {
        1u64 << (63 - target.leading_zeros())
    } else {
        1
    };
    if target > align {
        align <<= 1;
    }
    let mut sext = 0;
    if let Some(s) = f.get(2) {
        target = clrx_value(s)?;
    }
    if let Some(s) = f.get(3) {
        align = clrx_value(s)?;
        if align == 0 || !align.is_power_of_two() {
            return Err("Target alignment is not power of 2".into());
        }
    }
    if let Some(s) = f.get(4) {
        match s.to_ascii_lowercase().as_str() {
            "sext" => sext = 1,
            "zext" | "" => {}
            _ => return Err("Unknown numeric extension".into()),
        }
    }
    if let Some(s) = f.get(5).filter(|_| !fixed) {
        semantic = ARG_SEMANTICS
            .iter()
            .position(|x| x.eq_ignore_ascii_case(s))
            .ok_or("Unknown argument semantic")? as u32;
    }
    if f.len() > 6 || (fixed && f.len() > 5) {
        return Err("Garbages at end of line".into());
    }
    Ok([ty, size as u32, target as u32, align as u32, sext, semantic])
}

/// A kernel of the binary.
pub struct GalliumKernel {
    pub name: String,
    pub offset: u32,
    pub args: Vec<ArgRecord>,
    /// Its `.config` (registers filled in), or none: CLRX's default program info.
    pub config: Option<GalliumConfig>,
}

/// The whole binary's input.
pub struct GalliumInput {
    pub device: &'static Device,
    pub is64: bool,
    pub llvm_version: u32,
    pub driver_version: u32,
    pub code: Vec<u8>,
    pub global_data: Option<Vec<u8>>,
    pub kernels: Vec<GalliumKernel>,
}

/// The program info entries of a kernel: (address, value).
fn prog_info(inp: &GalliumInput, k: &GalliumKernel) -> Vec<(u32, u32)> {
    let mut e = match &k.config {
        None => vec![(0xb848, 0x000c_0000), (0xb84c, 0x1788), (0xb860, 0), (0, 0), (0, 0)],
        Some(c) => {
            let arch = inp.device.arch;
            let (s, v) = (c.sgprs.max(1), c.vgprs.max(1));
            let rsrc1 = c.pgmrsrc1
                | pgm_rsrc1(
                    v,
                    s,
                    c.priority,
                    c.float_mode,
                    c.priv_mode,
                    c.dx10_clamp,
                    c.debug_mode,
                    c.ieee_mode,
                );
            let rsrc2 = (c.pgmrsrc2 & 0xffff_e440)
                | pgm_rsrc2(
                    arch,
                    c.scratch != 0,
                    c.user_data,
                    c.dims,
                    c.pgmrsrc2 & 0x1b80,
                    c.tg_size,
                    c.local_size,
                    c.exceptions,
                );
            let scratch = ((c.scratch << 6) + 1023) >> 10;
            vec![
                (0xb848, rsrc1),
                (0xb84c, rsrc2),
                (0xb860, scratch << 12),
                (4, c.spilled_sgprs),
                (8, c.spilled_vgprs),
            ]
        }
    };
    e.truncate(if inp.llvm_version >= 30900 { 5 } else { 3 });
    e
}

/// The binary clrxasm writes for `inp`, or its error.
pub fn write(inp: &GalliumInput) -> Result<Vec<u8>, String> {
    if inp.llvm_version >= 40000 {
        return Err("Gallium binaries for LLVM 4.0 and later (HSA kernel headers) are not written by gcnkit yet: give --llvmVersion below 40000".into());
    }
    let mut order: Vec<&GalliumKernel> = inp.kernels.iter().collect();
    order.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
    let mesa170 = inp.driver_version >= 170000;
    let is64 = inp.is64;
    let mut config = Vec::new();
    for k in &order {
        if k.offset as usize >= inp.code.len() {
            return Err(format!("kernel {}: Kernel offset out of range", k.name));
        }
        for (a, v) in prog_info(inp, k) {
            config.extend_from_slice(&a.to_le_bytes());
            config.extend_from_slice(&v.to_le_bytes());
        }
    }
    let sect = |name, kind, flags, align, entsize, bytes| {
        Region::Section(Section {
            name,
            kind,
            flags,
            info: 0,
            entsize,
            align,
            bytes,
            link: 0,
            addr: false,
            nobits: false,
        })
    };
    let word = if is64 { 8 } else { 4 };
    let comment = format!("CLRX GalliumBinGenerator {}", super::clrx_config::clrx_version_text());
    // Symbols: EndOfTextLabel, the sections', the kernels' (by name).
    let mut strtab = vec![0u8];
    let mut syms = clrx_elf::Out {
        is64,
        b: vec![0; clrx_elf::symbol_size(is64)],
    };
    syms.symbol(1, inp.code.len() as u64, 0, 0, 1);
    strtab.extend_from_slice(b"EndOfTextLabel\0");
    let sections = 6 + inp.global_data.is_some() as u16;
    for s in 1..=sections {
        syms.symbol(0, 0, 0, 3, s);
    }
    for k in &order {
        syms.symbol(strtab.len() as u32, k.offset as u64, 0, 0x10, 1);
        strtab.extend_from_slice(k.name.as_bytes());
        strtab.push(0);
    }
    let (write, alloc, exec) = (1, clrx_elf::SHF_ALLOC, clrx_elf::SHF_EXECINSTR);
    let mut regions = vec![
        sect(".text", clrx_elf::SHT_PROGBITS, alloc | exec, 256, 0, inp.code.clone()),
        sect(".data", clrx_elf::SHT_PROGBITS, alloc | write, 4, 0, Vec::new()),
        sect(".bss", 8, alloc | write, 4, 0, Vec::new()),
        sect(".AMDGPU.config", clrx_elf::SHT_PROGBITS, 0, 1, 0, config),
    ];
    if let Some(g) = &inp.global_data {
        regions.push(sect(".rodata", clrx_elf::SHT_PROGBITS, alloc, 4, 0, g.clone()));
    }
    regions.extend([
        sect(".comment", clrx_elf::SHT_PROGBITS, 0x30, 1, 1, comment.into_bytes()),
        sect(".note.GNU-stack", clrx_elf::SHT_PROGBITS, 0, 1, 0, Vec::new()),
        sect(".shstrtab", clrx_elf::SHT_STRTAB, 0, 1, 0, Vec::new()),
        Region::SectionHeaders,
        sect(".symtab", clrx_elf::SHT_SYMTAB, 0, word, 0, syms.b),
        sect(".strtab", clrx_elf::SHT_STRTAB, 0, 1, 0, strtab),
    ]);
    let header = Header {
        is64,
        os_abi: if mesa170 { 0x40 } else { 0 },
        abi_version: 0,
        e_type: 1,
        machine: if mesa170 { 0xe0 } else { 0 },
        flags: 0,
        addr_start: 0,
    };
    let elf = clrx_elf::write(&header, regions, &[]);
    let mut out = Vec::new();
    let u32s = |out: &mut Vec<u8>, v: &[u32]| v.iter().for_each(|x| out.extend_from_slice(&x.to_le_bytes()));
    u32s(&mut out, &[order.len() as u32]);
    for k in &order {
        u32s(&mut out, &[k.name.len() as u32]);
        out.extend_from_slice(k.name.as_bytes());
        u32s(&mut out, &[0, k.offset, k.args.len() as u32]);
        for a in &k.args {
            u32s(&mut out, a);
        }
    }
    let n = elf.len() as u32;
    u32s(&mut out, &[1, 0, if mesa170 { 2 } else { 0 }, n, n + 4, n]);
    out.extend_from_slice(&elf);
    Ok(out)
}
