//! GalliumCompute's binary (Mesa's OpenCL; CLRX's `.gallium` format) as clrxasm 0.1.9 writes
//! it for LLVM before 4.0: a small container (each kernel's name, code offset and argument
//! records, sorted by name; one section record) around a relocatable ELF holding all kernels'
//! code in `.text`, their program info (PGM_RSRC1, PGM_RSRC2, scratch; with LLVM 3.9 also the
//! spilled registers) in `.AMDGPU.config`, the global data in `.rodata`, and a symbol per
//! kernel. Mesa 17.0 and later (driver version 170000+) mark the ELF as AMDGPU/HSA.
//!
//! LLVM 4.0 and later: each kernel with a `.config` gets an HSA kernel header
//! (`amd_kernel_code_t`) written over the first 256 bytes of its code (the source leaves them,
//! `.skip 256`), and five program info entries. The header's pseudo-ops are the ROCm format's
//! ([`ConfigBuilder`]; those of PGM_RSRC1/2 spelt `.hsa_dims`...`.hsa_pgmrsrc2`); clrxasm
//! merges the `.hsa_*` ones into the kernel's own config for the header alone (the program
//! info keeps the config as given: [`GalliumConfig::merged`]), takes `.userdatanum` from the
//! `.use_*` enables when not given, and computes the kernarg segment size from the arguments.

use super::clrx_amd::{pgm_rsrc1, pgm_rsrc2};
use super::clrx_amd_config::{bounded, default_dims, fields, min_registers, parse_dims, value32};
use super::clrx_config::{clrx_value, gallium_hsa_op, ConfigBuilder, Device, Gpu, HsaParts, Target};
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
    /// `.userdatanum` was given (with LLVM 4.0 clrxasm otherwise counts the `.use_*` enables).
    pub user_data_set: bool,
    /// LLVM 4.0+: the HSA header's pseudo-ops, and `.hsa_priority` as given (clrxasm keeps a
    /// byte and takes the larger of the two priorities before masking).
    pub hsa: Option<Box<ConfigBuilder>>,
    pub hsa_priority: u32,
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
            user_data_set: false,
            hsa: None,
            hsa_priority: 0,
        }
    }
}

/// The config lines of a source: pseudo-op and the rest of its line. `llvm` is the LLVM
/// version (`.spilledsgprs` needs 3.9).
impl GalliumConfig {
    /// A kernel's `.config` for LLVM `llvm` (from 4.0 with its HSA header's pseudo-ops, for
    /// `gpu`'s defaults).
    pub fn new(llvm: u32, gpu: Gpu, kernel: &str) -> GalliumConfig {
        GalliumConfig {
            hsa: (llvm >= 40000).then(|| Box::new(ConfigBuilder::new(Target::new(gpu, false), kernel))),
            ..Default::default()
        }
    }

    pub fn set(&mut self, device: &Device, llvm: u32, pseudo_op: &str, args: &str) -> Result<(), String> {
        let name = pseudo_op.trim().trim_start_matches('.').to_ascii_lowercase();
        let args = args.trim();
        if let Some(rocm) = gallium_hsa_op(&name) {
            let Some(hsa) = self.hsa.as_mut().filter(|_| llvm >= 40000) else {
                return Err("HSA configuration pseudo-op only for LLVM>=4.0.0".into());
            };
            if name == "hsa_priority" {
                // (A byte: clrxasm masks it only after the merge.)
                self.hsa_priority = clrx_value(args)? as u8 as u32;
            }
            return hsa.set(rocm, args);
        }
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
            "userdatanum" => {
                self.user_data = bounded(args, 16, "UserDataNum")?;
                self.user_data_set = true;
            }
            "ieeemode" => self.ieee_mode = flag(args)?,
            "tgsize" => self.tg_size = flag(args)?,
            "debugmode" => self.debug_mode = flag(args)?,
            "privmode" => self.priv_mode = flag(args)?,
            "dx10clamp" => self.dx10_clamp = flag(args)?,
            _ => return Err(format!("unknown or misplaced pseudo-op in a kernel's .config: .{name}")),
        }
        Ok(())
    }

    /// SGPR and VGPR counts clrxasm gives a kernel whose config leaves them out: what the
    /// dimensions, user data, `.tgsize` and scratch need, or the code's, plus VCC (and
    /// FLAT_SCRATCH or XNACK_MASK when the code uses them), at most the arch's SGPRs.
    pub fn default_registers(&mut self, device: &Device, mut code: super::clrx_config::CodeRegs) -> Result<(), String> {
        if let Some(h) = self.hsa_parts()? {
            if !self.user_data_set {
                self.user_data = h.flag_user_sgprs;
            }
            code.flat_scratch |= h.flat_scratch_init;
            code.xnack_mask |= h.xnack;
        }
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
        Ok(())
    }

    fn hsa_parts(&self) -> Result<Option<HsaParts>, String> {
        self.hsa.as_ref().map(|h| h.gallium_parts()).transpose()
    }

    /// The config the HSA header is computed from (clrxasm's merge, after the register
    /// defaults): the `.hsa_*` counts replace the config's, the flags and raw words are ORed
    /// in, the larger priority wins, and the HSA segment sizes replace `.localsize` and
    /// `.scratchbuffer`.
    fn merged(&self, h: &HsaParts) -> GalliumConfig {
        let mut c = GalliumConfig {
            hsa: None,
            ..self.clone()
        };
        c.sgprs = h.sgprs.unwrap_or(c.sgprs);
        c.vgprs = h.vgprs.unwrap_or(c.vgprs);
        c.user_data = h.user.unwrap_or(c.user_data);
        c.dims |= h.dims;
        c.pgmrsrc1 |= h.rsrc1;
        c.pgmrsrc2 |= h.rsrc2;
        c.ieee_mode |= h.ieee_mode;
        c.float_mode |= h.float_mode;
        c.priority = c.priority.max(self.hsa_priority);
        c.exceptions |= h.exceptions;
        c.tg_size |= h.tg_size;
        c.debug_mode |= h.debug_mode;
        c.priv_mode |= h.priv_mode;
        c.dx10_clamp |= h.dx10_clamp;
        c.local_size = h.group_size.unwrap_or(c.local_size);
        c.scratch = h.private_size.unwrap_or(c.scratch);
        c
    }

    /// PGM_RSRC1, PGM_RSRC2 and the scratch entry of the program info.
    fn rsrcs(&self, arch: Arch) -> (u32, u32, u32) {
        let (s, v) = (self.sgprs.max(1), self.vgprs.max(1));
        let rsrc1 = self.pgmrsrc1
            | pgm_rsrc1(
                v,
                s,
                self.priority,
                self.float_mode,
                self.priv_mode,
                self.dx10_clamp,
                self.debug_mode,
                self.ieee_mode,
            );
        let rsrc2 = (self.pgmrsrc2 & 0xffff_e440)
            | pgm_rsrc2(
                arch,
                self.scratch != 0,
                self.user_data,
                self.dims,
                self.pgmrsrc2 & 0x1b80,
                self.tg_size,
                self.local_size,
                self.exceptions,
            );
        (
            rsrc1,
            rsrc2,
            (self.scratch.wrapping_shl(6).wrapping_add(1023) >> 10).wrapping_shl(12),
        )
    }

    /// The HSA header clrxasm writes over the kernel's first 256 bytes (LLVM 4.0+), for a
    /// kernel of these arguments.
    fn hsa_header(&self, arch: Arch, args: &[ArgRecord]) -> Result<Option<[u8; 256]>, String> {
        let Some(h) = self.hsa_parts()? else {
            return Ok(None);
        };
        let m = self.merged(&h);
        let (rsrc1, rsrc2, _) = m.rsrcs(arch);
        let mut kernarg = 0u64;
        for a in args {
            let size = if a[5] == 2 { 12 } else { a[1].max(a[2]) } as u64;
            let align = a[3] as u64;
            if align != 0 {
                kernarg = (kernarg + align - 1) & !(align - 1);
            }
            kernarg += size;
        }
        let sizes = [kernarg, m.scratch as u64, m.local_size as u64];
        Ok(Some(h.finish(rsrc1, rsrc2, sizes, m.sgprs as u64, m.vgprs as u64)))
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

/// `.entry ADDRESS, VALUE` (a program info entry; both truncated to 32 bits).
pub fn parse_entry(args: &str) -> Result<(u32, u32), String> {
    let f = fields(args);
    if f.len() < 2 {
        return Err("Expected ',' before argument".into());
    }
    if f.len() > 2 {
        return Err("Garbages at end of line".into());
    }
    Ok((clrx_value(&f[0])? as u32, clrx_value(&f[1])? as u32))
}

/// A kernel of the binary.
pub struct GalliumKernel {
    pub name: String,
    pub offset: u32,
    pub args: Vec<ArgRecord>,
    /// Its `.config` (registers filled in), or none: its `.proginfo` entries (over CLRX's
    /// default program info).
    pub config: Option<GalliumConfig>,
    pub prog_info: Vec<(u32, u32)>,
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
    /// Relocations to the scratch buffer (`.scratchsym`): offset in `.text`, and whether the
    /// place takes the high 32 bits (`SCRATCH_RSRC_DWORD1`) or the low (`..._DWORD0`).
    pub scratch_relocs: Vec<(u32, bool)>,
    /// `.comment`'s bytes when the source wrote that section (else CLRX's own text).
    pub comment: Option<Vec<u8>>,
    /// The source's own sections (clrxasm's extra sections), after the binary's.
    pub extra: Vec<clrx_elf::Extra>,
}

/// The program info entries of a kernel: (address, value).
fn prog_info(inp: &GalliumInput, k: &GalliumKernel) -> Vec<(u32, u32)> {
    let mut e = match &k.config {
        None => {
            let mut e = vec![(0xb848, 0x000c_0000), (0xb84c, 0x1788), (0xb860, 0), (0, 0), (0, 0)];
            e[..k.prog_info.len()].copy_from_slice(&k.prog_info);
            e
        }
        Some(c) => {
            let (rsrc1, rsrc2, scratch) = c.rsrcs(inp.device.arch);
            vec![
                (0xb848, rsrc1),
                (0xb84c, rsrc2),
                (0xb860, scratch),
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
    let mut code = inp.code.clone();
    for k in &inp.kernels {
        let header = match (&k.config, inp.llvm_version >= 40000) {
            (Some(c), true) => c.hsa_header(inp.device.arch, &k.args)?,
            _ => None,
        };
        if let Some(h) = header {
            let at = k.offset as usize;
            match code.get_mut(at..at + 256) {
                Some(place) => place.copy_from_slice(&h),
                None => return Err(format!("HSA configuration for kernel '{}' out of content", k.name)),
            }
        }
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
    let rel = !inp.scratch_relocs.is_empty();
    let data = inp.global_data.is_some();
    let sections = 6 + data as u16 + rel as u16;
    for s in 1..=sections {
        syms.symbol(0, 0, 0, 3, s);
    }
    // The scratch buffer's two words: global symbols the loader gives.
    if rel {
        for name in ["SCRATCH_RSRC_DWORD0", "SCRATCH_RSRC_DWORD1"] {
            syms.symbol(strtab.len() as u32, 0, 0, 0x10, 0);
            strtab.extend_from_slice(name.as_bytes());
            strtab.push(0);
        }
    }
    for k in &order {
        syms.symbol(strtab.len() as u32, k.offset as u64, 0, 0x10, 1);
        strtab.extend_from_slice(k.name.as_bytes());
        strtab.push(0);
    }
    let (write, alloc, exec) = (1, clrx_elf::SHF_ALLOC, clrx_elf::SHF_EXECINSTR);
    let mut regions = vec![sect(".text", clrx_elf::SHT_PROGBITS, alloc | exec, 256, 0, code)];
    if rel {
        // `.rel.text`: each place against DWORD0 or DWORD1 (after the null, EndOfTextLabel and
        // section symbols), type 0x81; linked to `.symtab` (after `.shstrtab`).
        let mut r = clrx_elf::Out { is64, b: Vec::new() };
        let first = 2 + sections as u64;
        for &(offset, high) in &inp.scratch_relocs {
            let sym = first + high as u64;
            r.word(offset as u64);
            r.word(if is64 { sym << 32 | 0x81 } else { sym << 8 | 0x81 });
        }
        let mut s = Section::new(".rel.text", 9, 0, word, r.b);
        s.link = 9 + data as u32;
        s.info = 1;
        s.entsize = 2 * word;
        regions.push(Region::Section(s));
    }
    regions.extend([
        sect(".data", clrx_elf::SHT_PROGBITS, alloc | write, 4, 0, Vec::new()),
        sect(".bss", 8, alloc | write, 4, 0, Vec::new()),
        sect(".AMDGPU.config", clrx_elf::SHT_PROGBITS, 0, 1, 0, config),
    ]);
    if let Some(g) = &inp.global_data {
        regions.push(sect(".rodata", clrx_elf::SHT_PROGBITS, alloc, 4, 0, g.clone()));
    }
    regions.extend([
        sect(
            ".comment",
            clrx_elf::SHT_PROGBITS,
            0x30,
            1,
            1,
            inp.comment.clone().unwrap_or(comment.into_bytes()),
        ),
        sect(".note.GNU-stack", clrx_elf::SHT_PROGBITS, 0, 1, 0, Vec::new()),
        sect(".shstrtab", clrx_elf::SHT_STRTAB, 0, 1, 0, Vec::new()),
        Region::SectionHeaders,
        sect(".symtab", clrx_elf::SHT_SYMTAB, 0, word, 0, syms.b),
        sect(".strtab", clrx_elf::SHT_STRTAB, 0, 1, 0, strtab),
    ]);
    regions.extend(inp.extra.iter().cloned().map(Region::Extra));
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
