//! AMD's OpenCL 2.0 binary (CLRX's `.amdcl2` format) as clrxasm 0.1.9 writes it from a
//! source's kernel configurations (`.config`, [`super::clrx_amdcl2_config`]).
//!
//! The file is an ELF (32-bit, or 64-bit with `-6`/`.64bit`; machine 0xaf5a/0xaf5b, the
//! device's code for the driver version in the flags) whose `.rodata` holds each kernel's
//! metadata (header, argument entries, names), whose `.comment` holds the compile options and
//! the ACL version, and whose `.text` holds:
//! - for drivers from 1912.05 ("new binaries"): one inner 64-bit ELF with the global data
//!   (`.hsadata_*`), every kernel's 256-byte setup and code in `.hsatext` (each at a 256-byte
//!   boundary), the samplers and AMD notes; from driver 2004.06 (Crimson 16.3) its sections
//!   come in another order with other notes;
//! - for older drivers: each kernel's stub (0xa60 bytes), setup and code in a row, and each
//!   kernel's ISA metadata after the metadata in `.rodata`.
//!
//! Everything is derived as CLRX's `AmdCL2GPUBinGenerator` derives it (facts read from its
//! source and checked against clrxasm's output); the tables are data ([`DEVICE_CODES`]).

use super::clrx_amd::{pgm_rsrc1, pgm_rsrc2};
use super::clrx_amd_config::DEFAULT;
use super::clrx_amdcl2_config::{
    is_image, is_signed_scalar, type_sizes, Cl2Config, CONST, READ_ONLY, RESTRICT, T_CLKEVENT, T_PIPE, T_POINTER,
    T_QUEUE, T_SAMPLER, T_STRUCTURE, VOLATILE, WRITE_ONLY,
};
use super::clrx_config::{ConfigBuilder, Device, DEVICES};
use super::clrx_elf::{self, Extra, Header, Out, Region, Section, Segment};
use crate::arch::Arch;

/// The driver versions below which each column of [`DEVICE_CODES`] holds (the last: all
/// later ones).
const CODE_TABLES_TO: [u32; 10] = [
    191205, 200406, 203603, 223600, 226400, 234800, 244200, 248200, 252700, 258000,
];

/// Per CLRX device (its order): the architecture version the inner binary's note gives, and
/// the device's code in the ELF flags for each driver range of [`CODE_TABLES_TO`] (0: the
/// driver does not know the device).
const DEVICE_CODES: [([u32; 3], [u8; 11]); 30] = [
    ([0, 0, 0], [0; 11]),
    ([0, 0, 0], [0; 11]),
    ([0, 0, 0], [0; 11]),
    ([0, 0, 0], [0; 11]),
    ([7, 0, 0], [6; 11]),
    ([7, 0, 0], [1; 11]),
    ([7, 0, 0], [2; 11]),
    ([7, 0, 0], [3; 11]),
    ([0, 0, 0], [0; 11]),
    ([7, 0, 1], [7; 11]),
    ([8, 0, 0], [8; 11]),
    ([8, 0, 0], [9; 11]),
    ([7, 0, 0], [4; 11]),
    ([8, 0, 4], [16, 17, 16, 14, 13, 14, 15, 13, 13, 13, 13]),
    ([8, 0, 1], [15, 16, 15, 13, 12, 13, 14, 12, 12, 12, 12]),
    ([8, 0, 1], [0, 15, 17, 15, 14, 15, 16, 14, 14, 14, 14]),
    ([8, 0, 4], [0, 0, 13, 16, 15, 16, 17, 15, 16, 16, 16]),
    ([8, 0, 4], [0, 0, 12, 17, 16, 17, 18, 16, 18, 18, 18]),
    ([8, 1, 0], [0, 0, 17, 15, 14, 15, 16, 14, 14, 14, 14]),
    ([8, 0, 4], [0, 0, 12, 17, 16, 17, 18, 16, 18, 18, 18]),
    ([8, 0, 4], [0, 0, 13, 16, 15, 16, 17, 15, 16, 16, 16]),
    ([8, 0, 4], [0, 0, 0, 0, 18, 18, 19, 18, 20, 21, 21]),
    ([9, 0, 0], [0, 0, 0, 0, 17, 19, 20, 17, 19, 20, 20]),
    ([9, 0, 1], [0, 0, 0, 0, 0, 20, 21, 19, 21, 23, 23]),
    ([9, 0, 2], [0, 0, 0, 0, 0, 0, 0, 0, 0, 24, 24]),
    ([9, 0, 3], [0, 0, 0, 0, 0, 0, 0, 0, 0, 25, 25]),
    ([9, 0, 4], [0, 0, 0, 0, 0, 0, 0, 0, 0, 26, 26]),
    ([9, 0, 5], [0, 0, 0, 0, 0, 0, 0, 0, 0, 27, 27]),
    ([9, 0, 6], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 28]),
    ([9, 0, 7], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 29]),
];

/// The first driver of the new binaries (inner ELF), and of Crimson 16.3's forms.
pub const NEW_BINARIES: u32 = 191205;
pub const CRIMSON_16_3: u32 = 200406;
/// From this driver the metadata names the architecture (`GFX7`...) instead of `generic`.
const ARCH_WORD: u32 = 223600;

/// A kernel of the binary: its name, config (registers filled in) and code.
pub struct Cl2Kernel {
    pub name: String,
    /// Its `.config` (registers filled in), or with `.hsaconfig` what the metadata takes.
    pub config: Cl2Config,
    /// `.hsaconfig`: the kernel's setup is this header (its kernarg size filled in here).
    pub hsa: Option<Box<ConfigBuilder>>,
    pub code: Vec<u8>,
    /// Its code's relocations to the global data, in the order of the code.
    pub relocs: Vec<Cl2Reloc>,
    /// A kernel without `.config`/`.hsaconfig`: its parts as given (empty where not).
    pub raw: Option<RawKernel>,
    /// `.hsalayout`: where its setup starts in the code.
    pub offset: u64,
}

/// A kernel's parts given as bytes (`.metadata`, `.isametadata`, `.setup`, `.stub`).
#[derive(Clone, Debug, Default)]
pub struct RawKernel {
    pub metadata: Vec<u8>,
    /// `None`: CLRX's default ISA metadata (old binaries).
    pub isa_metadata: Option<Vec<u8>>,
    pub setup: Vec<u8>,
    pub stub: Vec<u8>,
}

impl Cl2Kernel {
    /// The setup's size: 256, or the raw setup's.
    fn setup_size(&self) -> usize {
        self.raw.as_ref().map_or(256, |r| r.setup.len())
    }

    /// The old binaries' stub's size: 0xa60, or the raw stub's.
    fn stub_size(&self) -> usize {
        self.raw.as_ref().map_or(0xa60, |r| r.stub.len())
    }

    /// The old binaries' ISA metadata.
    fn isa_metadata(&self) -> &[u8] {
        self.raw
            .as_ref()
            .and_then(|r| r.isa_metadata.as_deref())
            .unwrap_or(&ISA_METADATA)
    }
}

/// A relocation of a kernel's code to the global data (`.rela.hsatext`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cl2Reloc {
    /// The place's offset in the kernel's code.
    pub offset: u64,
    /// The high 32 bits of the address (else the low).
    pub high: bool,
    /// 0: the global (read-only) data, 1: the read-write data, 2: the bss.
    pub part: u8,
    pub addend: u64,
    /// `.hsalayout`: where clrxasm resolves it, its label's place in clrxasm's symbol table
    /// (the relocations go by it, then by their place in the code).
    pub rank: u32,
}

/// The whole binary's input (CLRX's `AmdCL2Input`, config kernels).
pub struct Cl2Input {
    pub is64: bool,
    pub device: &'static Device,
    pub arch_minor: Option<u32>,
    pub arch_stepping: Option<u32>,
    pub driver_version: u32,
    pub compile_options: String,
    pub acl_version: Option<String>,
    pub global_data: Vec<u8>,
    pub rw_data: Vec<u8>,
    pub bss_size: u64,
    pub bss_align: u64,
    /// `.sampler` outside kernels: the samplers' values (`None`: not given).
    pub samplers: Option<Vec<u32>>,
    /// `.samplerreloc`: each sampler's offset in the global data.
    pub sampler_offsets: Vec<u64>,
    /// `.samplerinit`: the samplers' definitions as bytes (8 a sampler), instead of `.sampler`.
    pub sampler_init: Option<Vec<u8>>,
    /// `.hsalayout`: all the code, each kernel's setup at its [`Cl2Kernel::offset`].
    pub hsa_layout: Option<Vec<u8>>,
    pub kernels: Vec<Cl2Kernel>,
    /// The sections the source named of the main binary (clrxasm's extra sections), written
    /// after its `.text`; the first `.brig` gets a `__BRIG__` symbol, as CLRX gives it.
    pub extra: Vec<Extra>,
    /// Those of the inner binary (new binaries), written after its own sections.
    pub inner_extra: Vec<Extra>,
}

impl Cl2Input {
    /// The samplers' definitions (`.sampler`'s values, or `.samplerinit`'s bytes).
    fn sampler_init_bytes(&self) -> Vec<u8> {
        match &self.sampler_init {
            Some(b) => b.clone(),
            None => self
                .samplers
                .iter()
                .flatten()
                .flat_map(|&s| [0x10008u32.to_le_bytes(), s.to_le_bytes()].concat())
                .collect(),
        }
    }

    /// How many samplers there are.
    fn sampler_count(&self) -> usize {
        match &self.sampler_init {
            Some(b) => b.len() / 8,
            None => self.samplers.as_ref().map_or(0, |s| s.len()),
        }
    }
}

/// What CLRX works out per kernel before writing (`TempAmdCL2KernelData`).
struct Temp {
    metadata_size: usize,
    pipes_used: u32,
    res_ids: Vec<u32>,
    /// The `.hsaconfig` header that is the kernel's setup.
    hsa: Option<[u8; 256]>,
}

/// A kernel's setup: its `.hsaconfig` header, the one its `.config` gives, or the raw one.
fn kernel_setup(inp: &Cl2Input, k: &Cl2Kernel, t: &Temp, new: bool, w: &mut W) {
    match (&t.hsa, &k.raw) {
        (Some(h), _) => w.0.extend_from_slice(h),
        (None, Some(r)) => w.0.extend_from_slice(&r.setup),
        (None, None) => setup(inp, &k.config, new, t.pipes_used != 0, w),
    }
}

fn arch_word(arch: Arch) -> &'static str {
    match arch {
        Arch::Gcn10 => "GFX6",
        Arch::Gcn11 => "GFX7",
        Arch::Gcn12 => "GFX8",
        _ => "GFX9",
    }
}

fn word_size(is64: bool) -> usize {
    if is64 {
        8
    } else {
        4
    }
}

fn arg_entry_size(is64: bool) -> usize {
    if is64 {
        88
    } else {
        64
    }
}

/// Resource ids of the images and samplers: those given, then the free ones in order.
fn res_ids(c: &Cl2Config) -> Result<Vec<u32>, String> {
    let mut ids = vec![0u32; c.args.len()];
    // (Read-only images, write-only, read-write, samplers.)
    let mut used = [vec![false; 128], vec![false; 64], vec![false; 64], vec![false; 16]];
    const NAMES: [&str; 4] = ["RdOnlyImgId", "WrOnlyImgId", "RdWrImgId", "SamplerId"];
    let class = |a: &super::clrx_amdcl2_config::Cl2Arg| {
        if a.ty == T_SAMPLER {
            Some(3)
        } else if is_image(a.ty) {
            Some(match a.access & 3 {
                READ_ONLY => 0,
                WRITE_ONLY => 1,
                _ => 2,
            })
        } else {
            None
        }
    };
    for (k, a) in c.args.iter().enumerate() {
        let Some(cl) = class(a) else { continue };
        if a.res_id == DEFAULT {
            continue;
        }
        let r = a.res_id as usize;
        if r >= used[cl].len() {
            return Err(format!("{} out of range!", NAMES[cl]));
        }
        if used[cl][r] {
            return Err(format!("{} already used!", NAMES[cl]));
        }
        used[cl][r] = true;
        ids[k] = a.res_id;
    }
    let mut next = [0usize; 4];
    for (k, a) in c.args.iter().enumerate() {
        let Some(cl) = class(a) else { continue };
        if a.res_id != DEFAULT {
            continue;
        }
        while next[cl] < used[cl].len() && used[cl][next[cl]] {
            next[cl] += 1;
        }
        // (CLRX checks the read-write images against 128: the 64th takes id 64.)
        let limit = if cl == 2 { 128 } else { used[cl].len() };
        if next[cl] == limit {
            return Err(format!("{} out of range!", NAMES[cl]));
        }
        ids[k] = next[cl] as u32;
        next[cl] += 1;
    }
    Ok(ids)
}

fn prepare(inp: &Cl2Input, samplers: usize) -> Result<Vec<Temp>, String> {
    let dv = inp.driver_version;
    let (new, v16_3) = (dv >= NEW_BINARIES, dv >= CRIMSON_16_3);
    let mut out = Vec::new();
    for k in &inp.kernels {
        let c = &k.config;
        if let Some(r) = &k.raw {
            out.push(Temp {
                metadata_size: r.metadata.len(),
                pipes_used: 0,
                res_ids: Vec::new(),
                hsa: None,
            });
            continue;
        }
        let mut size = if inp.is64 {
            (if new {
                if v16_3 {
                    303
                } else {
                    254
                }
            } else {
                246
            }) + 48
        } else {
            (if new {
                if v16_3 {
                    195
                } else {
                    174
                }
            } else {
                166
            }) + 24
        };
        size += (c.args.len() + 1) * arg_entry_size(inp.is64);
        size += c
            .args
            .iter()
            .map(|a| a.name.len() + a.type_name.len() + 2)
            .sum::<usize>();
        if dv >= ARCH_WORD {
            size = size + arch_word(inp.device.arch).len() - 7;
        }
        if v16_3 {
            size += c.vec_type_hint.len();
        }
        let pipes_used = c.args.iter().filter(|a| a.ty == T_PIPE && a.used != 0).count() as u32;
        let res_ids = res_ids(c)?;
        if c.samplers.iter().any(|&s| s as usize >= samplers) {
            return Err("SamplerId out of range".into());
        }
        let hsa = match &k.hsa {
            Some(b) => {
                let mut b = b.clone();
                b.amdcl2_kernarg(kernel_arg_size(c, inp.is64, new) as u64);
                Some(b.finish()?)
            }
            None => None,
        };
        out.push(Temp {
            metadata_size: size,
            pipes_used,
            res_ids,
            hsa,
        });
    }
    Ok(out)
}

/// Little-endian writer of the metadata's mixed 32/64-bit words.
struct W(Vec<u8>);

impl W {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u16(&mut self, v: u16) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    /// A word of the binary's size.
    fn word(&mut self, is64: bool, v: u64) {
        if is64 {
            self.u64(v)
        } else {
            self.u32(v as u32)
        }
    }
    fn zeros(&mut self, n: usize) {
        self.0.resize(self.0.len() + n, 0);
    }
    fn cstr(&mut self, s: &str) {
        self.0.extend_from_slice(s.as_bytes());
        self.0.push(0);
    }
}

/// A kernel's metadata (CLRX's `CL2MainRodataGen::writeMetadata`).
fn metadata(inp: &Cl2Input, id: usize, t: &Temp, c: &Cl2Config, w: &mut W) {
    let dv = inp.driver_version;
    let (new, v16_3, is64) = (dv >= NEW_BINARIES, dv >= CRIMSON_16_3, inp.is64);
    let word = arch_word(inp.device.arch);
    let header_size = match (is64, new, v16_3) {
        (true, true, true) => 0x110,
        (true, true, false) => 0xe0,
        (true, false, _) => 0xd8,
        (false, true, true) => 0xa4,
        (false, true, false) => 0x90,
        (false, false, _) => 0x88,
    };
    w.word(is64, header_size);
    w.word(is64, t.metadata_size as u64);
    for v in [3, 1, 0x68] {
        w.u32(v);
    }
    let mut options = if c.reqd_work_group_size[0] != 0 { 4 } else { 0 } | if is64 { 0x20 } else { 0 };
    if (c.use_enqueue || c.local_size != 0 || t.pipes_used != 0 || c.scratch != 0) && !new {
        options |= 0x100;
    }
    w.u32(options);
    w.u16(id as u16 + 1024);
    w.u16(0);
    w.u32(0);
    w.u64(0x0100000008);
    w.u64(0x0200000001);
    for v in c.reqd_work_group_size {
        w.word(is64, v as u64);
    }
    // unknown3 (2 words; 3 in 32-bit), the two names' lengths, unknown4.
    w.zeros(if is64 { 16 } else { 12 });
    w.word(is64, 0x15);
    w.word(is64, if dv < ARCH_WORD { 7 } else { word.len() as u64 });
    w.zeros(3 * word_size(is64));
    let pipes = if new {
        0
    } else if c.scratch != 0 {
        c.scratch as u64
    } else {
        (t.pipes_used as u64) << 4
    };
    w.word(is64, pipes);
    w.zeros(2 * word_size(is64));
    w.u64(c.args.len() as u64);
    w.zeros(if is64 { 40 } else { 16 });
    w.u32(c.use_enqueue as u32);
    w.u32(id as u32);
    if new {
        w.u32(6);
        if v16_3 && is64 {
            w.u32(0);
        }
        w.u32(if t.pipes_used == 0 && !c.use_enqueue {
            0xffff_ffff
        } else {
            0
        });
    }
    if v16_3 {
        // The header's end: padding, the work group size hint, the vector type hint's length.
        w.zeros(if is64 { 4 } else { 0 });
        for v in c.work_group_size_hint {
            w.word(is64, v as u64);
        }
        w.word(is64, c.vec_type_hint.len() as u64);
        w.word(is64, 0);
    }
    w.cstr("__OpenCL_dummy_kernel");
    w.cstr(if dv < ARCH_WORD { "generic" } else { word });
    if v16_3 {
        w.cstr(&c.vec_type_hint);
    }
    let mut offset = 0u32;
    for (i, a) in c.args.iter().enumerate() {
        let image = is_image(a.ty);
        let (code, mut elem, vec) = type_sizes(a.ty);
        if !is64 && a.ty == T_POINTER {
            elem = 4;
        }
        let vec = if new && vec == 3 { 4 } else { vec } as u32;
        w.word(is64, arg_entry_size(is64) as u64);
        w.word(is64, a.name.len() as u64);
        w.word(is64, a.type_name.len() as u64);
        w.word(is64, 0);
        w.word(is64, 0);
        w.u32(if image || a.ty == T_SAMPLER {
            t.res_ids[i]
        } else if a.ty == T_STRUCTURE {
            a.struct_size
        } else {
            vec
        });
        let size = if a.ty == T_STRUCTURE {
            a.struct_size
        } else {
            (elem.max(4) as u32) * vec
        };
        w.u32((a.ty != T_SAMPLER) as u32);
        w.u32(offset);
        offset = offset.wrapping_add(size.wrapping_add(15) & !15);
        let ty = if image {
            match a.access & 3 {
                READ_ONLY => 1,
                WRITE_ONLY => 2,
                _ => 3,
            }
        } else if v16_3 && is_signed_scalar(a.ty) {
            code as u32 - 4
        } else {
            code as u32
        };
        w.u32(ty);
        let align = match a.ty {
            T_QUEUE => {
                if new {
                    4
                } else {
                    2
                }
            }
            T_PIPE => 256,
            T_CLKEVENT => 4,
            _ if image => 1,
            T_POINTER => {
                let (_, pe, pv) = type_sizes(a.ptr_ty);
                let pv = if new && pv == 3 { 4 } else { pv } as u32;
                let size = if a.ptr_ty == T_STRUCTURE {
                    a.struct_size
                } else {
                    pe as u32 * pv
                };
                // (CLRX's `1 << (31 - clz(size))`, doubled when not a power of two; a size of
                // 0 gives 1 << 0 there, as here.)
                let p = 1u32.wrapping_shl(31u32.wrapping_sub(size.leading_zeros()));
                if p != size {
                    p.wrapping_shl(1)
                } else {
                    p
                }
            }
            _ => 0,
        };
        w.u32(align);
        let (pty, pspace) = match a.ty {
            T_CLKEVENT => (18, 4),
            T_POINTER => (type_sizes(a.ptr_ty).0 as u32, [0, 3, 5, 4][a.space as usize]),
            T_PIPE => (15, 4),
            _ => (0, 0),
        };
        w.u32(pty);
        w.u32(pspace);
        let ptr_or_pipe = match a.ty {
            T_PIPE => {
                if a.used != 0 {
                    3
                } else {
                    1
                }
            }
            T_POINTER | T_CLKEVENT => {
                if !new {
                    3
                } else if a.used != 0 {
                    a.used as u32
                } else {
                    1
                }
            }
            _ => 0,
        };
        w.u32(ptr_or_pipe);
        w.u8((a.access & VOLATILE != 0) as u8);
        w.u8((a.access & RESTRICT != 0) as u8);
        w.u8((a.ty == T_PIPE) as u8);
        w.u8(0);
        w.u32(if a.ty == T_SAMPLER {
            1
        } else if image {
            2
        } else if ptr_or_pipe != 0 {
            5
        } else if a.ty == T_QUEUE {
            7
        } else {
            4
        });
        w.word(is64, (a.access & CONST != 0) as u64);
    }
    w.zeros(arg_entry_size(is64));
    for a in &c.args {
        w.cstr(&a.name);
        w.cstr(&a.type_name);
    }
    w.zeros(if is64 { 48 } else { 24 });
}

/// The default ISA metadata of an old binary's kernel.
const ISA_METADATA: [u8; 20] = [
    0x00, 0x00, 0x68, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x42, 0x09, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00,
];

/// PGM_RSRC2 of a config (CLRX's AMDCL2 `calculatePgmRSRC2`): one-field `.dims` keep the old
/// meaning (local ids up to the highest group id; all three with `.useenqueue`).
fn rsrc2(c: &Cl2Config, arch: Arch, with_local: bool) -> u32 {
    let mut dims = c.dims;
    let mut values = 0;
    if c.dims != DEFAULT {
        if c.dims & 0x100 == 0 {
            dims = DEFAULT;
            values = (c.dims & 7) << 7;
            values |= if c.use_enqueue || c.dims & 4 != 0 {
                2
            } else {
                (c.dims & 2 != 0) as u32
            } << 11;
        }
    } else {
        values = c.pgmrsrc2 & 0x1b80;
    }
    let gcn14 = arch >= Arch::Gcn14;
    let user = if c.use_generic {
        12
    } else if c.use_enqueue {
        10
    } else if c.use_setup {
        if gcn14 {
            10
        } else {
            8
        }
    } else if c.use_args {
        if gcn14 {
            8
        } else {
            6
        }
    } else if gcn14 {
        6
    } else {
        4
    };
    (c.pgmrsrc2 & 0xffff_e440)
        | pgm_rsrc2(
            arch,
            c.scratch != 0,
            user,
            dims,
            values,
            c.tg_size,
            if with_local { c.local_size } else { 0 },
            c.exceptions,
        )
}

/// The argument space's size (CLRX's `calculateKernelArgSize`).
fn kernel_arg_size(c: &Cl2Config, is64: bool, new: bool) -> u32 {
    let mut size = 0u32;
    for a in &c.args {
        let pointer_like = matches!(
            a.ty,
            T_POINTER | T_PIPE | T_CLKEVENT | T_STRUCTURE | T_QUEUE | T_SAMPLER
        ) || is_image(a.ty);
        let (elem, n) = if pointer_like {
            let w = word_size(is64) as u32;
            (w, w)
        } else {
            let (_, e, v) = type_sizes(a.ty);
            let v = if new && v == 3 { 4 } else { v };
            (e as u32, e as u32 * v as u32)
        };
        // (CLRX aligns by `size & (elem - 1)`: an element size of 0 aligns nothing.)
        let mis = size & elem.wrapping_sub(1);
        if mis != 0 {
            size += elem - mis;
        }
        size += n;
    }
    if new {
        size = (size + 15) & !15;
    }
    size
}

/// A kernel's 256-byte setup (CLRX's `generateKernelSetup`).
fn setup(inp: &Cl2Input, c: &Cl2Config, new: bool, pipes: bool, w: &mut W) {
    let arch = inp.device.arch;
    w.u64(if new { 0x1_0000_0001 } else { 1 });
    w.u8(1);
    w.zeros(8);
    w.u8(1);
    w.zeros(30);
    let extra = if c.use_enqueue || c.use_generic {
        if arch >= Arch::Gcn12 {
            4
        } else {
            2
        }
    } else {
        0
    };
    let sgprs = c.sgprs.wrapping_add(extra + 2).max(1);
    let vgprs = c.vgprs.max(1);
    w.u32(
        c.pgmrsrc1
            | pgm_rsrc1(
                vgprs,
                sgprs,
                c.priority,
                c.float_mode,
                c.priv_mode,
                c.dx10_clamp || new,
                c.debug_mode,
                c.ieee_mode,
            ),
    );
    w.u32(rsrc2(c, arch, false));
    let mut setup1 = if c.use_generic {
        0x2f
    } else if c.use_enqueue {
        0x2b
    } else if c.use_setup {
        0xb
    } else if c.use_args {
        0x9
    } else {
        1
    };
    if arch == Arch::Gcn14 {
        setup1 |= 0x20;
    }
    w.u16(setup1);
    let arch_ind = if inp.is64 { 0xa } else { 0x2 };
    w.u16(if arch >= Arch::Gcn12 && new && inp.driver_version <= NEW_BINARIES {
        0x40 | arch_ind
    } else {
        arch_ind
    });
    w.u32(c.scratch);
    w.u32(c.local_size);
    w.u32(c.gds_size);
    w.u32(kernel_arg_size(c, inp.is64, new));
    w.zeros(8);
    w.u16(sgprs as u16);
    w.u16(c.vgprs as u16);
    w.u16(c.vgprs as u16);
    w.u16(0);
    w.u16(c.sgprs as u16);
    w.u16(0);
    w.u32(0);
    w.u32(if new {
        0x0604_0404
    } else {
        let mut x = if c.use_enqueue { 0x30000 } else { 0 };
        if !c.use_enqueue && c.scratch != 0 {
            x |= 0x40000;
        }
        if c.local_size != 0 {
            x |= 0x200;
        }
        if pipes && x & 0x40000 == 0 {
            x |= 0x30000;
        }
        0x0600_0003 | x
    });
    w.zeros(256 - 56 - 48);
}

/// Counts of a kernel's code: instructions, global and local memory operations (CLRX's
/// `analyzeCode`, which sizes instructions by their encoding's first bits).
fn analyze_code(arch: Arch, code: &[u8]) -> (u32, u32, u32) {
    // Per the 4 bits after `11`: 2-dword encodings (GCN 1.0/1.1, GCN 1.2/1.4), memory kind
    // (1 global, 2 local).
    const SIZE11: [bool; 16] = [
        false, false, false, false, true, false, true, true, true, false, true, false, true, false, true, false,
    ];
    const SIZE12: [bool; 16] = [
        true, true, false, false, true, false, true, true, true, false, true, false, true, false, false, false,
    ];
    const MEM: [u8; 16] = [0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 1, 0, 1, 0, 0, 0];
    let words: Vec<u32> = code
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let n = words.len();
    let (gcn12, gcn11) = (arch >= Arch::Gcn12, arch == Arch::Gcn11);
    let (mut instrs, mut global, mut local) = (0, 0, 0);
    let mut pos = 0;
    let skip = |pos: &mut usize| {
        if *pos < n {
            *pos += 1;
        }
    };
    while pos < n {
        let insn = words[pos];
        pos += 1;
        instrs += 1;
        if insn & 0x8000_0000 != 0 {
            if insn & 0x4000_0000 == 0 {
                if insn & 0x3000_0000 == 0x3000_0000 {
                    let enc = insn & 0x0f80_0000;
                    if enc == 0x0e80_0000 {
                        if insn & 0xff == 0xff {
                            skip(&mut pos);
                        }
                    } else if enc == 0x0f00_0000 {
                        if insn & 0xff == 0xff || insn & 0xff00 == 0xff00 {
                            skip(&mut pos);
                        }
                    } else if enc != 0x0f80_0000 {
                        let op = (insn >> 23) & 0x1f;
                        if (!gcn12 && op == 21) || (gcn12 && op == 20) {
                            skip(&mut pos);
                        }
                    }
                } else if insn & 0xff == 0xff || insn & 0xff00 == 0xff00 {
                    skip(&mut pos);
                }
            } else {
                let enc = ((insn & 0x3c00_0000) >> 26) as usize;
                if (gcn11 && enc == 0 && insn & 0x1ff == 0xff)
                    || (!gcn12 && SIZE11[enc] && (enc != 7 || gcn11))
                    || (gcn12 && SIZE12[enc])
                {
                    skip(&mut pos);
                }
                match MEM[enc] {
                    1 => global += 1,
                    2 => local += 1,
                    _ => {}
                }
            }
        } else {
            let src0 = insn & 0x1ff;
            let ext = src0 == 0xff || (gcn12 && (src0 == 0xf9 || src0 == 0xfa));
            if insn & 0x7e00_0000 == 0x7c00_0000 || insn & 0x7e00_0000 == 0x7e00_0000 {
                if ext {
                    skip(&mut pos);
                }
            } else {
                let op = (insn >> 25) & 0x3f;
                if (!gcn12 && (op == 32 || op == 33)) || (gcn12 && matches!(op, 23 | 24 | 36 | 37)) || ext {
                    skip(&mut pos);
                }
            }
        }
    }
    (instrs, global, local)
}

/// An old binary's kernel stub (CLRX's `generateKernelStub`).
fn stub(arch: Arch, c: &Cl2Config, code: &[u8], w: &mut W) {
    let start = w.0.len();
    let extra = if c.use_enqueue {
        if arch >= Arch::Gcn12 {
            4
        } else {
            2
        }
    } else {
        0
    };
    let sgprs_all = c.sgprs.wrapping_add(2 + extra);
    let (instrs, global, local) = analyze_code(arch, code);
    for v in [
        0xa60,
        instrs,
        c.vgprs,
        0,
        0,
        0,
        0,
        0,
        0,
        instrs,
        global,
        local,
        0,
        c.sgprs.wrapping_add(c.vgprs),
        0,
        sgprs_all,
    ] {
        w.u32(v);
    }
    w.zeros(0xb8 - 64);
    w.u32(0xa60);
    w.zeros(0x164 - 0xbc);
    w.u32(3);
    w.u32(if c.local_size != 0 { 13 } else { 12 });
    w.0.resize(start + 0x9a0, 0);
    let size = code.len() as u64;
    w.u64(0xa60);
    w.u32(0x100);
    w.u32(size as u32 + 0x100);
    w.zeros(8);
    w.u32(0x200);
    w.u32(0);
    w.u64(size + 0xb60);
    w.zeros(8);
    w.u64(size + 0xb60);
    w.u32(c.vgprs);
    w.u32(sgprs_all);
    w.zeros(8);
    w.u32(c.vgprs);
    w.u32(c.sgprs);
    w.u32(c.float_mode & 0xff);
    w.u32(0);
    w.u32(1);
    w.zeros(12);
    w.u32(c.scratch.wrapping_add(3) >> 2);
    w.u32(c.local_size);
    w.u32(0xffff_ffff);
    w.u32(0);
    w.zeros(0xa8 - 0x78);
    w.u32(rsrc2(c, arch, true));
    w.zeros(0xc0 - 0xac);
}

fn note(w: &mut W, kind: u32, desc: &[u8]) {
    w.u32(4);
    w.u32(desc.len() as u32);
    w.u32(kind);
    w.0.extend_from_slice(b"AMD\0");
    w.0.extend_from_slice(desc);
    w.zeros((4 - desc.len() % 4) % 4);
}

/// The inner binary's notes, in the order of the driver's binaries.
fn notes(inp: &Cl2Input, arch_version: [u32; 3]) -> Vec<u8> {
    let v16_3 = inp.driver_version >= CRIMSON_16_3;
    let is64 = inp.is64;
    let mut w = W(Vec::new());
    let n3 = {
        let mut d = vec![4, 0, 7, 0];
        for v in arch_version {
            d.extend_from_slice(&v.to_le_bytes());
        }
        d.extend_from_slice(b"AMD\0AMDGPU\0\0\0\0");
        d.truncate(if v16_3 { 0x1a } else { 0x1e });
        d
    };
    let call = |s: &str, tail: &[u8]| {
        let mut d = vec![0x16 + if s.is_empty() { 0 } else { s.len() as u8 - 1 }, 0];
        d.extend_from_slice(b"-hsa_call_convention=");
        d.extend_from_slice(s.as_bytes());
        d.extend_from_slice(tail);
        d
    };
    note(&mut w, 1, &[1, 0, 0, 0, 0, 0, 0, 0]);
    note(&mut w, 2, &[1, 0, 0, 0, 0, 0, 0, 0, 1, is64 as u8, 1, 0]);
    if v16_3 {
        note(&mut w, 3, &n3);
        let mut d4 = vec![0x19, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0];
        d4.extend_from_slice(b"AMD HSA Runtime Finalizer\0\0\0\0");
        note(&mut w, 4, &d4);
        let gpupro = matches!(inp.driver_version, 203603 | 207903);
        let d5 = if gpupro {
            call("0", &[0, b't'])
        } else if is64 {
            call("0", &[0, 0])
        } else {
            // ("0 -use-buffer-for-hsa-global ", its length 0x32.)
            let mut d = call("0 -use-buffer-for-hsa-global ", &[0, b'R']);
            d[0] = 0x32;
            d
        };
        note(&mut w, 5, &d5);
    } else {
        let d5 = if is64 {
            call("", &[0, 0])
        } else {
            let mut d = call("0 -use-buffer-for-hsa-globa", &[0, 0]);
            d[0] = 0x31;
            d
        };
        note(&mut w, 5, &d5);
        note(&mut w, 3, &n3);
        let d4: &[u8] = if is64 {
            &[0xf0, 0x83, 0x17, 0xfb, 0xfc, 0x7f, 0x00, 0x00]
        } else {
            &[0xb0, 0xa6, 0xf2, 0x00]
        };
        note(&mut w, 4, d4);
    }
    w.0
}

const SHT_NOTE: u32 = 7;
const SHT_RELA: u32 = 4;
const SHF_MERGE: u64 = 0x10;

/// The new binaries' inner ELF (CLRX's second `ElfBinaryGen64`).
fn inner_binary(inp: &Cl2Input, temps: &[Temp], arch_version: [u32; 3]) -> Vec<u8> {
    let dv = inp.driver_version;
    let v16_3 = dv >= CRIMSON_16_3;
    let has_rw = !inp.rw_data.is_empty();
    let has_bss = inp.bss_size != 0;
    let has_global = !inp.global_data.is_empty();
    let init = inp.sampler_init_bytes();
    let has_samplers = !inp.sampler_offsets.is_empty() || !init.is_empty();
    let kernels = !inp.kernels.is_empty();
    // `.hsatext`: each kernel's setup and code, at 256-byte boundaries.
    let mut text = W(Vec::new());
    let mut code_pos = Vec::new();
    if let Some(code) = &inp.hsa_layout {
        // `.hsalayout`: the code as it is, each kernel's setup put at its label.
        text.0 = code.clone();
        for (k, t) in inp.kernels.iter().zip(temps) {
            let mut setup = W(Vec::new());
            kernel_setup(inp, k, t, true, &mut setup);
            let at = k.offset as usize;
            if let Some(place) = text.0.get_mut(at..at + setup.0.len()) {
                place.copy_from_slice(&setup.0);
            }
            code_pos.push(k.offset);
        }
    } else {
        for (k, t) in inp.kernels.iter().zip(temps) {
            text.0.resize(text.0.len().div_ceil(256) * 256, 0);
            code_pos.push(text.0.len() as u64);
            kernel_setup(inp, k, t, true, &mut text);
            text.0.extend_from_slice(&k.code);
        }
    }
    // Global data: up to a 256-byte boundary of all data before driver 16.3.
    let mut global = inp.global_data.clone();
    if !v16_3 {
        let all = (global.len() as u64 + inp.bss_size + inp.rw_data.len() as u64 + 255) & !255;
        global.resize((all - inp.rw_data.len() as u64 - inp.bss_size) as usize, 0);
    }
    // Symbols: the samplers each kernel uses and the kernel, the other samplers, the
    // sections, a nameless one per sampler.
    let mut syms: Vec<(String, u16, u8, u64, u64)> = Vec::new();
    let mut order: Vec<&'static str> = Vec::new();
    if v16_3 {
        order.extend([".shstrtab", ".strtab", ".note"]);
    }
    if has_rw {
        order.push(".hsadata_global_agent");
    }
    if has_bss {
        order.push(".hsabss_global_agent");
    }
    if has_global {
        order.push(".hsadata_readonly_agent");
    }
    if kernels {
        order.push(".hsatext");
    }
    if v16_3 {
        order.push(".symtab");
    }
    if has_samplers {
        order.extend([".hsaimage_samplerinit", ".rela.hsadata_readonly_agent"]);
    }
    let has_text_relocs = inp.kernels.iter().any(|k| !k.relocs.is_empty());
    if has_text_relocs {
        order.push(".rela.hsatext");
    }
    if !v16_3 {
        order.extend([".note", ".strtab", ".symtab", ".shstrtab"]);
    }
    let sect_ids = order.clone();
    let index = |name: &str| sect_ids.iter().position(|n| *n == name).map_or(0, |k| k as u16 + 1);
    let sampler_count = inp.sampler_count();
    let sampler_base = (inp.global_data.len() as u64).wrapping_sub(sampler_count as u64);
    let sampler_value = |s: usize| {
        inp.sampler_offsets
            .get(s)
            .copied()
            .filter(|_| !inp.sampler_offsets.is_empty())
            .unwrap_or(sampler_base.wrapping_add(s as u64 * 8))
    };
    if kernels {
        let mut done = vec![false; sampler_count];
        for (k, pos) in inp.kernels.iter().zip(&code_pos) {
            for &s in &k.config.samplers {
                let s = s as usize;
                if done[s] {
                    continue;
                }
                syms.push((
                    format!("&input_bc::&_.Samp{s}"),
                    index(".hsadata_readonly_agent"),
                    1,
                    sampler_value(s),
                    8,
                ));
                done[s] = true;
            }
            let size = (k.code.len() + k.setup_size()) as u64;
            syms.push((
                format!("&__OpenCL_{}_kernel", k.name),
                index(".hsatext"),
                0x1a,
                *pos,
                size,
            ));
        }
        for (s, d) in done.iter().enumerate() {
            if !d {
                syms.push((
                    format!("&input_bc::&_.Samp{s}"),
                    index(".hsadata_readonly_agent"),
                    1,
                    sampler_value(s),
                    8,
                ));
            }
        }
        if has_rw {
            syms.push((
                "__hsa_section.hsadata_global_agent".into(),
                index(".hsadata_global_agent"),
                3,
                0,
                0,
            ));
        }
        if has_bss {
            syms.push((
                "__hsa_section.hsabss_global_agent".into(),
                index(".hsabss_global_agent"),
                3,
                0,
                0,
            ));
        }
        if has_global {
            syms.push((
                "__hsa_section.hsadata_readonly_agent".into(),
                index(".hsadata_readonly_agent"),
                3,
                0,
                0,
            ));
        }
        syms.push(("__hsa_section.hsatext".into(), index(".hsatext"), 3, 0, 0));
        for s in 0..sampler_count {
            syms.push((String::new(), index(".hsaimage_samplerinit"), 12, s as u64 * 8, 0));
        }
    }
    // `.strtab` and `.symtab` (a null symbol first from driver 16.3); a nameless symbol points
    // at the first name's end without it.
    let mut strtab = if v16_3 { vec![0u8] } else { Vec::new() };
    let mut symtab = Out {
        is64: true,
        b: Vec::new(),
    };
    if v16_3 {
        symtab.b.resize(24, 0);
    }
    let first_end = if v16_3 {
        0
    } else {
        syms.first().map_or(0, |s| s.0.len() as u32)
    };
    for (name, shndx, info, value, size) in &syms {
        let n = if name.is_empty() {
            first_end
        } else {
            let n = strtab.len() as u32;
            strtab.extend_from_slice(name.as_bytes());
            strtab.push(0);
            n
        };
        symtab.symbol(n, *value, *size, *info, *shndx);
    }
    // Relocations of the samplers in the global data.
    let mut rela_global = W(Vec::new());
    let first_sampler_sym = inp.kernels.len() + sampler_count + 2 + has_rw as usize + has_bss as usize + v16_3 as usize;
    if !inp.sampler_offsets.is_empty() {
        for (i, off) in inp.sampler_offsets.iter().enumerate() {
            rela_global.u64(*off);
            rela_global.u64(((first_sampler_sym + i) as u64) << 32 | 4);
            rela_global.u64(0);
        }
    } else {
        let base = (inp.global_data.len() as u64).wrapping_sub(sampler_count as u64 * 8) & !7;
        for i in 0..sampler_count {
            rela_global.u64(base.wrapping_add(8 * i as u64));
            rela_global.u64(((first_sampler_sym + i) as u64) << 32 | 4);
            rela_global.u64(0);
        }
    }
    // Relocations of the code to the global data: the symbols of the read-write data, bss and
    // global data sections follow the kernels' and samplers' (CLRX counts from there even
    // for a part that is not there).
    let base = (inp.kernels.len() + sampler_count + v16_3 as usize) as u64;
    let rw_sym = if has_rw { base } else { 0 };
    let bss_sym = if has_bss { base + has_rw as u64 } else { base };
    let global_sym = base + has_rw as u64 + has_bss as u64;
    let mut relocs = Vec::new();
    for (k, pos) in inp.kernels.iter().zip(&code_pos) {
        for r in &k.relocs {
            let sym = match r.part {
                1 => rw_sym,
                2 => bss_sym,
                _ => global_sym,
            };
            relocs.push((
                r.rank,
                pos + k.setup_size() as u64 + r.offset,
                sym << 32 | if r.high { 2 } else { 1 },
                r.addend,
            ));
        }
    }
    // (`.hsalayout`'s are the whole code's, in clrxasm's order of resolving them.)
    if inp.hsa_layout.is_some() {
        relocs.sort_unstable();
    }
    let mut rela_text = W(Vec::new());
    for (_, at, info, addend) in relocs {
        rela_text.u64(at);
        rela_text.u64(info);
        rela_text.u64(addend);
    }
    let sampler_init = W(init);
    let symtab_id = if v16_3 {
        5 + has_rw as u32 + has_global as u32 + has_bss as u32
    } else {
        4 + if has_samplers { 2 } else { 0 }
            + has_rw as u32
            + has_global as u32
            + has_bss as u32
            + (has_rw || has_global || has_bss) as u32
    };
    let global_id = if v16_3 { 4 } else { 1 } + has_rw as u32 + has_bss as u32;
    let mut regions = vec![Region::ProgramHeaders];
    let notes = notes(inp, arch_version);
    let align_str = if v16_3 { 8 } else { 1 };
    let mut symtab = Some(symtab.b);
    let mut strtab = Some(strtab);
    let mut text = Some(text.0);
    let mut global = Some(global);
    for name in order {
        let sect = |kind, flags, align, bytes| Section::new(name, kind, flags, align, bytes);
        let s = match name {
            ".shstrtab" => sect(clrx_elf::SHT_STRTAB, clrx_elf::SHF_STRINGS, align_str, Vec::new()),
            ".strtab" => sect(
                clrx_elf::SHT_STRTAB,
                clrx_elf::SHF_STRINGS,
                align_str,
                strtab.take().unwrap_or_default(),
            ),
            ".note" => sect(SHT_NOTE, 0, 8, notes.clone()),
            ".symtab" => sect(clrx_elf::SHT_SYMTAB, 0, 8, symtab.take().unwrap_or_default()),
            ".hsadata_global_agent" => Section {
                addr: true,
                ..sect(clrx_elf::SHT_PROGBITS, 0x90_0003, 8, inp.rw_data.clone())
            },
            ".hsabss_global_agent" => Section {
                addr: true,
                nobits: true,
                ..sect(
                    8,
                    0x90_0003,
                    if inp.bss_align != 0 { inp.bss_align } else { 8 },
                    vec![0; inp.bss_size as usize],
                )
            },
            ".hsadata_readonly_agent" => Section {
                addr: true,
                ..sect(clrx_elf::SHT_PROGBITS, 0xa0_0003, 8, global.take().unwrap_or_default())
            },
            ".hsatext" => Section {
                addr: true,
                ..sect(clrx_elf::SHT_PROGBITS, 0xc0_0007, 256, text.take().unwrap_or_default())
            },
            ".hsaimage_samplerinit" => Section {
                entsize: 8,
                ..sect(
                    clrx_elf::SHT_PROGBITS,
                    SHF_MERGE,
                    if v16_3 { 8 } else { 1 },
                    sampler_init.0.clone(),
                )
            },
            ".rela.hsatext" => Section {
                link: symtab_id,
                info: index(".hsatext") as u32,
                entsize: 24,
                ..sect(SHT_RELA, 0, 8, rela_text.0.clone())
            },
            _ => Section {
                link: symtab_id,
                info: global_id,
                entsize: 24,
                ..sect(SHT_RELA, 0, 8, rela_global.0.clone())
            },
        };
        regions.push(Region::Section(s));
    }
    regions.extend(inp.inner_extra.iter().cloned().map(Region::Extra));
    regions.push(Region::SectionHeaders);
    let mut segments = Vec::new();
    if kernels {
        let mut reg = if v16_3 { 4 } else { 1 };
        let data = has_rw as usize + has_bss as usize;
        let seg = |kind, flags, first, count, vaddr| Segment {
            kind,
            first,
            count,
            mem_size: true,
            flags,
            vaddr,
        };
        if data != 0 {
            segments.push(seg(0x6000_0001, 6, reg, data, false));
            reg += data;
        }
        if has_global {
            segments.push(seg(0x6000_0002, 6, reg, 1, true));
            reg += 1;
        }
        segments.push(seg(0x6000_0003, if v16_3 { 5 } else { 6 }, reg, 1, true));
    }
    let header = Header {
        is64: true,
        os_abi: 0x40,
        abi_version: 0,
        e_type: 1,
        machine: 0xe0,
        flags: 0,
        addr_start: if v16_3 { 4 } else { 1 },
    };
    clrx_elf::write(&header, regions, &segments)
}

/// The column of [`DEVICE_CODES`] (and of the reading tables) for a driver version.
pub(crate) fn code_table(dv: u32) -> usize {
    CODE_TABLES_TO
        .iter()
        .position(|&to| dv < to)
        .unwrap_or(CODE_TABLES_TO.len())
}

/// Is `data` an AMD OpenCL 2.0 binary (an ELF of machine 0xaf5a, 32-bit, or 0xaf5b, 64-bit)?
pub fn is_amdcl2(data: &[u8]) -> bool {
    data.len() >= 20
        && data.starts_with(b"\x7fELF")
        && matches!(
            (data[4], u16::from_le_bytes([data[18], data[19]])),
            (1, 0xaf5a) | (2, 0xaf5b)
        )
}

/// The binary of `inp`, or clrxasm's error.
pub fn write(inp: &Cl2Input) -> Result<Vec<u8>, String> {
    let dv = inp.driver_version;
    let (new, v16_3, is64) = (dv >= NEW_BINARIES, dv >= CRIMSON_16_3, inp.is64);
    let arch = inp.device.arch;
    if arch == Arch::Gcn10 {
        return Err("OpenCL 2.0 supported only for GCN1.1 or later".into());
    }
    let dev = DEVICES.iter().position(|d| d.name == inp.device.name).unwrap_or(0);
    let (mut arch_version, codes) = DEVICE_CODES[dev];
    if !v16_3 && inp.device.name == "Fiji" {
        arch_version[2] = 1;
    }
    if let Some(m) = inp.arch_minor {
        arch_version[1] = m;
    }
    if let Some(s) = inp.arch_stepping {
        arch_version[2] = s;
    }
    let has_samplers = !inp.sampler_offsets.is_empty() || !inp.sampler_init_bytes().is_empty();
    let has_global = !inp.global_data.is_empty();
    if (has_global || !inp.rw_data.is_empty() || has_samplers) && !new {
        return Err("Old driver binaries doesn't support global/atomic data or samplers".into());
    }
    if new {
        if !has_global && has_samplers {
            return Err("Global data must be defined if samplers present".into());
        }
        if inp
            .sampler_offsets
            .iter()
            .any(|&o| o.wrapping_add(8) > inp.global_data.len() as u64)
        {
            return Err("Sampler offset outside global data".into());
        }
    }
    let samplers = inp.sampler_count();
    if !inp.sampler_offsets.is_empty() && inp.sampler_offsets.len() != samplers {
        return Err("SamplerOffset number doesn't match to samplers number".into());
    }
    let code = codes[code_table(dv)];
    if code == 0 {
        return Err("Unsupported GPU device type by driver version".into());
    }
    let acl = inp.acl_version.clone().unwrap_or_else(|| {
        if new {
            "AMD-COMP-LIB-v0.8 (0.0.SC_BUILD_NUMBER)".into()
        } else {
            "AMD-COMP-LIB-v0.8 (0.0.326)".into()
        }
    });
    let temps = prepare(inp, samplers)?;
    // `.rodata`: the metadata, then (old binaries) the ISA metadata.
    let mut rodata = W(Vec::new());
    for (i, (k, t)) in inp.kernels.iter().zip(&temps).enumerate() {
        match &k.raw {
            Some(r) => rodata.0.extend_from_slice(&r.metadata),
            None => metadata(inp, i, t, &k.config, &mut rodata),
        }
    }
    if !new {
        for k in &inp.kernels {
            rodata.0.extend_from_slice(k.isa_metadata());
        }
    }
    // `.text`: the inner binary, or each kernel's stub, setup and code.
    let text = if new {
        inner_binary(inp, &temps, arch_version)
    } else {
        let mut w = W(Vec::new());
        for (k, t) in inp.kernels.iter().zip(&temps) {
            match &k.raw {
                Some(r) => w.0.extend_from_slice(&r.stub),
                None => stub(arch, &k.config, &k.code, &mut w),
            }
            kernel_setup(inp, k, t, false, &mut w);
            w.0.extend_from_slice(&k.code);
        }
        w.0
    };
    // `.strtab` and `.symtab`.
    let mut strtab = vec![0u8];
    let mut syms = Out { is64, b: Vec::new() };
    syms.b.resize(clrx_elf::symbol_size(is64), 0);
    let name = |s: &str, strtab: &mut Vec<u8>| {
        let n = strtab.len() as u32;
        strtab.extend_from_slice(s.as_bytes());
        strtab.push(0);
        n
    };
    if !inp.compile_options.is_empty() {
        let n = name("__OpenCL_compiler_options", &mut strtab);
        syms.symbol(n, 0, inp.compile_options.len() as u64, 1, 4);
    }
    let mut ro = 0u64;
    for (k, t) in inp.kernels.iter().zip(&temps) {
        let n = name(&format!("__OpenCL_&__OpenCL_{}_kernel_metadata", k.name), &mut strtab);
        syms.symbol(n, ro, t.metadata_size as u64, 1, 5);
        ro += t.metadata_size as u64;
    }
    // (CLRX's `__BRIG__` names the section after the first six, whatever its place.)
    if let Some(i) = inp.extra.iter().position(|e| e.name == ".brig") {
        let n = name("__BRIG__", &mut strtab);
        syms.symbol(n, 0, inp.extra[i].bytes.len() as u64, 1, 7 + i as u16);
    }
    if !new {
        let mut tx = 0u64;
        for k in &inp.kernels {
            let size = (k.stub_size() + k.setup_size() + k.code.len()) as u64;
            let n = name(&format!("__ISA_&__OpenCL_{}_kernel_binary", k.name), &mut strtab);
            syms.symbol(n, tx, size, 2, 6);
            tx += size;
            let n = name(&format!("__ISA_&__OpenCL_{}_kernel_metadata", k.name), &mut strtab);
            let isa = k.isa_metadata().len() as u64;
            syms.symbol(n, ro, isa, 1, 5);
            ro += isa;
        }
    }
    let n = name("acl_version_string", &mut strtab);
    syms.symbol(n, inp.compile_options.len() as u64, acl.len() as u64, 1, 4);
    let sect = |name, kind, flags, align, bytes| Region::Section(Section::new(name, kind, flags, align, bytes));
    let mut regions = vec![
        sect(".shstrtab", clrx_elf::SHT_STRTAB, clrx_elf::SHF_STRINGS, 1, Vec::new()),
        sect(".strtab", clrx_elf::SHT_STRTAB, clrx_elf::SHF_STRINGS, 1, strtab),
        sect(".symtab", clrx_elf::SHT_SYMTAB, 0, 8, syms.b),
        sect(
            ".comment",
            clrx_elf::SHT_PROGBITS,
            0,
            1,
            [inp.compile_options.as_bytes(), acl.as_bytes()].concat(),
        ),
    ];
    if !inp.kernels.is_empty() {
        regions.push(sect(
            ".rodata",
            clrx_elf::SHT_PROGBITS,
            clrx_elf::SHF_ALLOC,
            1,
            rodata.0,
        ));
    }
    if !inp.kernels.is_empty() || new {
        regions.push(sect(
            ".text",
            clrx_elf::SHT_PROGBITS,
            clrx_elf::SHF_ALLOC | clrx_elf::SHF_EXECINSTR,
            1,
            text,
        ));
    }
    regions.extend(inp.extra.iter().cloned().map(Region::Extra));
    regions.push(Region::SectionHeaders);
    let header = Header {
        is64,
        os_abi: 0,
        abi_version: 0,
        e_type: 2,
        machine: if is64 { 0xaf5b } else { 0xaf5a },
        flags: code as u32,
        addr_start: 0,
    };
    Ok(clrx_elf::write(&header, regions, &[]))
}
