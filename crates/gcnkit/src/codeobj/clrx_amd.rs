//! AMD Catalyst's OpenCL 1.2 binary (CLRX's `.amd` format, clrxasm's default) as clrxasm
//! 0.1.9 writes it from a source's kernel configurations (`.config` and its pseudo-ops).
//!
//! The file is an ELF (32-bit, or 64-bit with `-6`/`.64bit`) whose `.rodata` holds the global
//! data and each kernel's metadata string (`;ARGSTART:...`) and 32-byte header, whose `.text`
//! holds one inner 32-bit ELF per kernel (its CAL notes, code and 4736 zero bytes of `.data`),
//! and whose `.comment` holds the compile options and driver info. Everything in those is
//! derived from the config as CLRX derives it (resource ids, UAV masks, PGM_RSRC2, the
//! argument space): the derivations are CLRX's `AmdBinGen` facts, written as data where they
//! are tables ([`AMD_MACHINES`]; the config's in [`super::clrx_amd_config`]).

use super::clrx_amd_config::{
    max_sgprs_no_vcc, Arg, ArgKind, KernelConfig, Space, ARG_IMAGES, ARG_SCALARS, CONST, DEFAULT, NOT_SUPPLIED,
    READ_ONLY, RESTRICT, VOLATILE, WRITE_ONLY,
};
use super::clrx_config::{Device, DEVICES};
use super::clrx_elf::{self, Extra, Header, Region, Section, Segment};
use crate::arch::Arch;

/// The ELF machine of the outer binary and the CAL machine of the inner ones, per CLRX device
/// (CLRX's device order; GCN 1.4 devices have none: the format predates them).
pub(crate) const AMD_MACHINES: [(u16, u32); 22] = [
    (0x3ff, 0x1c),
    (0x3fe, 0x1b),
    (0x3fd, 0x1a),
    (0x402, 0x20),
    (0x403, 0x21),
    (0x404, 0x22),
    (0x405, 0x23),
    (0x406, 0x24),
    (0x407, 0x25),
    (0x408, 0x27),
    (0x409, 0x29),
    (0x40a, 0x2a),
    (0x40b, 0x2b),
    (0x40c, 0x2d),
    (0x40d, 0x2e),
    (0x411, 0x31),
    (0x40f, 0x2c),
    (0x40e, 0x2f),
    (0x411, 0x31),
    (0x40e, 0x2f),
    (0x40f, 0x2c),
    (0x412, 0x32),
];

/// The CAL notes of a kernel, by type (CLRX's `CALNOTE_ATI_*`; [`CAL_NOTE_NAMES`] in order).
pub(crate) mod note {
    pub const PROGINFO: u32 = 1;
    pub const INPUTS: u32 = 2;
    pub const OUTPUTS: u32 = 3;
    pub const CONDOUT: u32 = 4;
    pub const FLOAT32CONSTS: u32 = 5;
    pub const INT32CONSTS: u32 = 6;
    pub const BOOL32CONSTS: u32 = 7;
    pub const EARLYEXIT: u32 = 8;
    pub const GLOBAL_BUFFERS: u32 = 9;
    pub const CONSTANT_BUFFERS: u32 = 10;
    pub const INPUT_SAMPLERS: u32 = 11;
    pub const PERSISTENT_BUFFERS: u32 = 12;
    pub const SCRATCH_BUFFERS: u32 = 13;
    pub const SUB_CONSTANT_BUFFERS: u32 = 14;
    pub const UAV_MAILBOX_SIZE: u32 = 15;
    pub const UAV: u32 = 16;
    pub const UAV_OP_MASK: u32 = 17;
}

/// The pseudo-ops of the CAL note types 1-17, in type order (clrxasm writes them, clrxdisasm
/// prints them; other types are `.calnote TYPE`).
pub const CAL_NOTE_NAMES: [&str; 17] = [
    ".proginfo",
    ".inputs",
    ".outputs",
    ".condout",
    ".floatconsts",
    ".intconsts",
    ".boolconsts",
    ".earlyexit",
    ".globalbuffers",
    ".constantbuffers",
    ".inputsamplers",
    ".persistentbuffers",
    ".scratchbuffers",
    ".subconstantbuffers",
    ".uavmailboxsize",
    ".uav",
    ".uavopmask",
];

/// One kernel of the binary: its name, code, how its metadata, header and CAL notes come,
/// and its `.data`.
pub struct Kernel {
    pub name: String,
    pub code: Vec<u8>,
    pub form: Form,
    /// The inner binary's `.data` as the source gave it (`.data` in the kernel); `None`: 4736
    /// zero bytes.
    pub data: Option<Vec<u8>>,
    /// The source's sections of this kernel (clrxasm's extra sections), after its inner
    /// binary's own.
    pub extra: Vec<Extra>,
}

/// Where a kernel's metadata string, header and CAL notes come from.
pub enum Form {
    /// Derived from its config, register counts filled in
    /// ([`super::clrx_amd_config::default_registers`]).
    Config(KernelConfig),
    /// Given as bytes (clrxdisasm's default form: `.metadata`, `.header`, the CAL notes).
    Raw(RawParts),
}

/// A kernel's raw parts, as the source wrote them.
#[derive(Default)]
pub struct RawParts {
    pub header: Vec<u8>,
    pub metadata: Vec<u8>,
    /// Each CAL note's type and contents, in order.
    pub notes: Vec<(u32, Vec<u8>)>,
}

/// The whole binary's input.
pub struct Input {
    pub is64: bool,
    pub device: &'static Device,
    /// `.driver_version` (`-t`); 0 when neither it nor `.driver_info` is given (clrxasm: the
    /// installed driver's, 0 without one).
    pub driver_version: u32,
    pub driver_info: Option<String>,
    pub compile_options: String,
    pub global_data: Option<Vec<u8>>,
    pub kernels: Vec<Kernel>,
    /// The source's sections outside the kernels (clrxasm's extra sections of the main
    /// binary: `.section NAME`, `.rodata`, `.text`), after its own.
    pub extra: Vec<Extra>,
}

/// The resolved config of one kernel (CLRX's `TempAmdKernelConfig`).
struct Resolved {
    hw_region: u32,
    uav_private: u32,
    uav_id: u32,
    cb_id: u32,
    printf_id: u32,
    private_id: u32,
    arg_res: Vec<u32>,
    uavs: u32,
    args_space: u32,
}

fn type_size(k: ArgKind, min4: bool) -> Option<(&'static str, u32, u32)> {
    match k {
        ArgKind::Value { scalar: 0, vec } => Some(("u8", 1, vec)),
        ArgKind::Value { scalar, vec } => {
            let (_, n, e) = ARG_SCALARS[scalar as usize - 1];
            Some((n, if min4 { e.max(4) } else { e }, vec))
        }
        ArgKind::Sampler => Some(("u32", 4, 1)),
        ArgKind::Structure => Some(("struct", 0, 1)),
        _ => None,
    }
}

fn vec_bytes(elem: u32, vec: u32) -> u32 {
    (if vec == 3 { 4 } else { vec }) * elem
}

fn resolve(dv: u32, has_global: bool, c: &KernelConfig) -> Result<Resolved, String> {
    let older1348 = dv < 134805;
    let older1598 = dv < 159805;
    let mut r = Resolved {
        hw_region: if c.hw_region == DEFAULT { 0 } else { c.hw_region },
        uav_private: c.uav_private,
        uav_id: c.uav_id,
        cb_id: c.cb_id,
        printf_id: c.printf_id,
        private_id: if c.private_id == DEFAULT { 8 } else { c.private_id },
        arg_res: vec![0; c.args.len()],
        uavs: 0,
        args_space: 0,
    };
    if c.uav_private == DEFAULT {
        let mut structures = false;
        let mut amount = 0u32;
        for a in &c.args {
            let is_struct = a.pointer.is_none() && a.kind == ArgKind::Structure;
            if is_struct || (a.pointer.is_none() && a.kind == ArgKind::Counter32) {
                structures = true;
            }
            if !older1598 && !is_struct {
                continue;
            }
            if a.pointer.is_some() {
                amount += 32;
            } else if is_struct {
                amount += if older1598 { 32 } else { (a.struct_size + 15) & !15 };
            } else {
                let (_, e, v) = type_size(a.kind, false).unwrap_or(("", 1, 1));
                amount += vec_bytes(e, v).div_ceil(16) * 32;
            }
        }
        r.uav_private = if structures { amount } else { 0 };
        r.uav_private = r.uav_private.max(c.scratch);
    }
    let global_ptr = |a: &Arg| a.pointer == Some(Space::Global) || (a.pointer == Some(Space::Constant) && !older1348);
    if c.uav_id == DEFAULT {
        r.uav_id = if !(134805..=144505).contains(&dv) {
            if older1348 {
                9
            } else {
                11
            }
        } else {
            let ptr = c
                .args
                .iter()
                .any(|a| matches!(a.pointer, Some(Space::Global | Space::Constant)));
            if ptr || c.use_printf {
                11
            } else {
                NOT_SUPPLIED
            }
        };
    }
    if c.cb_id == DEFAULT {
        r.cb_id = if older1348 { NOT_SUPPLIED } else { 10 };
    }
    if c.printf_id == DEFAULT {
        r.printf_id = if !older1348 && (dv >= 152603 || c.use_printf) {
            9
        } else {
            NOT_SUPPLIED
        };
    }
    for (v, what) in [
        (r.uav_id, "UavId"),
        (r.cb_id, "ConstBufferId"),
        (r.printf_id, "PrintfId"),
        (r.private_id, "PrivateId"),
    ] {
        if v != NOT_SUPPLIED && v >= 1024 {
            return Err(format!("{what} out of range"));
        }
    }
    // Resource ids: those given first, then the free ones in order.
    let mut puav = vec![false; 1024];
    let mut cbs = vec![false; 160];
    let mut rd = vec![false; 128];
    let mut wr = [false; 8];
    let mut cnt = [false; 8];
    for (k, a) in c.args.iter().enumerate() {
        if a.res_id == DEFAULT {
            continue;
        }
        let image = a.image().is_some();
        let (set, what): (&mut [bool], &str) = if global_ptr(a) {
            if (a.res_id < 9 && a.used) || (!a.used && a.res_id != r.uav_id) || a.res_id >= 1024 {
                return Err("UavId out of range!".into());
            }
            if puav[a.res_id as usize] && a.res_id != r.uav_id {
                return Err("UavId already used!".into());
            }
            puav[a.res_id as usize] = true;
            r.arg_res[k] = a.res_id;
            continue;
        } else if a.pointer == Some(Space::Constant) {
            if !(2..160).contains(&a.res_id) {
                return Err("CbId out of range!".into());
            }
            (&mut cbs, "CbId")
        } else if image && a.access & READ_ONLY != 0 {
            (&mut rd, "RdImgId")
        } else if image && a.access & WRITE_ONLY != 0 {
            (&mut wr, "WrImgId")
        } else if a.pointer.is_none() && a.kind == ArgKind::Counter32 {
            (&mut cnt, "CounterId")
        } else {
            continue;
        };
        let id = a.res_id as usize;
        if id >= set.len() {
            return Err(format!("{what} out of range!"));
        }
        if set[id] {
            return Err(format!("{what} already used!"));
        }
        set[id] = true;
        r.arg_res[k] = a.res_id;
    }
    // CLRX's counters are 32-bit and its ids 16-bit: past the table they wrap (a `.uavid`
    // given no value starts the UAV ids at 0xffff).
    let next = |set: &mut [bool], from: &mut u32, what: &str| -> Result<u32, String> {
        while (*from as usize) < set.len() && set[*from as usize] {
            *from += 1;
        }
        if *from as usize == set.len() {
            return Err(format!("{what} out of range!"));
        }
        let id = *from & 0xffff;
        *from = from.wrapping_add(1);
        Ok(id)
    };
    let (mut pn, mut cn, mut rn, mut wn, mut nn) = (r.uav_id.wrapping_add(1), 2 + has_global as u32, 0, 0, 0);
    for (k, a) in c.args.iter().enumerate() {
        if a.res_id != DEFAULT {
            continue;
        }
        let image = a.image().is_some();
        r.arg_res[k] = if global_ptr(a) {
            if a.used {
                next(&mut puav, &mut pn, "UavId")?
            } else {
                r.uav_id
            }
        } else if a.pointer == Some(Space::Constant) {
            next(&mut cbs, &mut cn, "CbId")?
        } else if image && a.access & READ_ONLY != 0 {
            next(&mut rd, &mut rn, "RdImgId")?
        } else if image && a.access & WRITE_ONLY != 0 {
            next(&mut wr, &mut wn, "WrImgId")?
        } else if a.pointer.is_none() && a.kind == ArgKind::Counter32 {
            next(&mut cnt, &mut nn, "CounterId")?
        } else {
            0
        };
    }
    // (CLRX keeps them in 16 bits.)
    for x in r.arg_res.iter_mut() {
        *x &= 0xffff;
    }
    Ok(r)
}

fn metadata(
    inp: &Input,
    dv: u32,
    name: &str,
    c: &KernelConfig,
    r: &mut Resolved,
    arg_samplers: u32,
    unique: u32,
) -> Result<String, String> {
    use std::fmt::Write;
    let older1348 = dv < 134805;
    let mut m = String::new();
    let _ = writeln!(m, ";ARGSTART:__OpenCL_{name}_kernel");
    m += if dv < 112402 {
        ";version:3:1:104\n"
    } else {
        ";version:3:1:111\n"
    };
    let _ = write!(
        m,
        ";device:{}\n;uniqueid:{unique}\n;memory:uavprivate:{}\n;memory:hwlocal:{}\n;memory:hwregion:{}\n",
        inp.device.name.to_ascii_lowercase(),
        r.uav_private,
        c.hw_local,
        r.hw_region
    );
    // (CLRX tests the second size twice, never the third.)
    if c.cws[0] != 0 || c.cws[1] != 0 {
        let _ = writeln!(m, ";cws:{}:{}:{}", c.cws[0], c.cws[1], c.cws[2]);
    }
    let mut off = 0u32;
    for (i, a) in c.args.iter().enumerate() {
        if let Some(space) = a.pointer {
            let (tn, e, v) = type_size(a.kind, false).ok_or("Type not supported!")?;
            let tn = if a.struct_size == 0 && a.kind == ArgKind::Structure {
                "opaque"
            } else {
                tn
            };
            let _ = write!(m, ";pointer:{}:{tn}:1:1:{off}:", a.name);
            match space {
                Space::Local => {
                    let _ = write!(m, "hl:{}", if a.res_id != DEFAULT { a.res_id } else { 1 });
                }
                Space::Global => {
                    let _ = write!(m, "uav:{}", r.arg_res[i]);
                }
                Space::Constant => {
                    let _ = write!(m, "{}:{}", if older1348 { "hc" } else { "c" }, r.arg_res[i]);
                }
            }
            let elem = if a.kind == ArgKind::Structure {
                if a.struct_size != 0 {
                    a.struct_size
                } else {
                    4
                }
            } else {
                vec_bytes(e, v)
            };
            let ro = a.access & CONST != 0 || space == Space::Constant;
            let _ = writeln!(
                m,
                ":{elem}:{}:{}:{}",
                if ro { "RO" } else { "RW" },
                (a.access & VOLATILE != 0) as u8,
                (a.access & RESTRICT != 0) as u8
            );
            off += 16;
        } else if let Some(img) = a.image() {
            let acc = match a.access & 3 {
                READ_ONLY => "RO",
                WRITE_ONLY => "WO",
                3 => "RW",
                _ => return Err("Invalid image access qualifier!".into()),
            };
            let _ = writeln!(
                m,
                ";image:{}:{}:{acc}:{}:1:{off}",
                a.name, ARG_IMAGES[img as usize].2, r.arg_res[i]
            );
            off += 32;
        } else if a.kind == ArgKind::Counter32 {
            let _ = writeln!(m, ";counter:{}:32:{}:1:{off}", a.name, r.arg_res[i]);
            off += 16;
        } else if a.kind == ArgKind::Structure {
            let _ = writeln!(m, ";value:{}:struct:{}:1:{off}", a.name, a.struct_size);
            off += (a.struct_size + 15) & !15;
        } else {
            let (tn, e, v) = type_size(a.kind, true).ok_or("Type not supported!")?;
            let _ = writeln!(m, ";value:{}:{tn}:{v}:1:{off}", a.name);
            off += (vec_bytes(e, v) + 15) & !15;
        }
        if a.access & CONST != 0 {
            let _ = writeln!(m, ";constarg:{i}:{}", a.name);
        }
    }
    r.args_space = off;
    if inp.global_data.is_some() {
        m += ";memory:datareqd\n";
    }
    let _ = writeln!(m, ";function:1:{unique}");
    for (s, samp) in c.samplers.iter().enumerate() {
        let _ = writeln!(m, ";sampler:unknown_{samp}:{}:1:{samp}", s as u32 + arg_samplers);
    }
    for (s, a) in c
        .args
        .iter()
        .filter(|a| a.pointer.is_none() && a.kind == ArgKind::Sampler)
        .enumerate()
    {
        let _ = writeln!(m, ";sampler:{}:{s}:0:0", a.name);
    }
    if inp.is64 {
        m += ";memory:64bitABI\n";
    }
    for (v, what) in [
        (r.uav_id, "uavid"),
        (r.printf_id, "printfid"),
        (r.cb_id, "cbid"),
        (r.private_id, "privateid"),
    ] {
        if v != NOT_SUPPLIED {
            let _ = writeln!(m, ";{what}:{v}");
        }
    }
    for (i, a) in c.args.iter().enumerate() {
        let _ = writeln!(m, ";reflection:{i}:{}", a.type_name);
    }
    let _ = writeln!(m, ";ARGEND:__OpenCL_{name}_kernel");
    Ok(m)
}

/// PGM_RSRC1 as CLRX computes it (`calculatePgmRSrc1`, GCN before 1.5) from the register
/// counts and the config's modes.
#[allow(clippy::too_many_arguments)]
pub(crate) fn pgm_rsrc1(
    vgprs: u32,
    sgprs: u32,
    priority: u32,
    float_mode: u32,
    priv_mode: bool,
    dx10_clamp: bool,
    debug_mode: bool,
    ieee_mode: bool,
) -> u32 {
    ((vgprs - 1) >> 2)
        | ((sgprs - 1) >> 3) << 6
        | (float_mode & 0xff) << 12
        | (ieee_mode as u32) << 23
        | (priority & 3) << 10
        | (priv_mode as u32) << 20
        | (dx10_clamp as u32) << 21
        | (debug_mode as u32) << 22
}

/// PGM_RSRC2 as CLRX computes it (`calculatePgmRSrc2`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn pgm_rsrc2(
    arch: Arch,
    scratch: bool,
    user: u32,
    dims: u32,
    def_dims: u32,
    tg: bool,
    lds: u32,
    exc: u32,
) -> u32 {
    let shift = if arch == Arch::Gcn10 { 8 } else { 9 };
    let mask = (1u32 << shift) - 1;
    let d = if dims != DEFAULT {
        (dims & 7) << 7 | (if dims & 32 != 0 { 2 } else { (dims & 16 != 0) as u32 }) << 11
    } else {
        def_dims
    };
    scratch as u32
        | user << 1
        | d
        | (tg as u32) << 10
        | ((lds.wrapping_add(mask) >> shift) & 0x1ff) << 15
        | (exc & 0x7f) << 24
}

struct Notes(Vec<u8>);

impl Notes {
    fn note(&mut self, kind: u32, words: &[u32]) {
        for v in [8, words.len() as u32 * 4, kind] {
            self.0.extend_from_slice(&v.to_le_bytes());
        }
        self.0.extend_from_slice(b"ATI CAL\0");
        for w in words {
            self.0.extend_from_slice(&w.to_le_bytes());
        }
    }

    /// A note of any contents (a raw kernel's).
    fn raw(&mut self, kind: u32, bytes: &[u8]) {
        for v in [8, bytes.len() as u32, kind] {
            self.0.extend_from_slice(&v.to_le_bytes());
        }
        self.0.extend_from_slice(b"ATI CAL\0");
        self.0.extend_from_slice(bytes);
    }
}

fn cal_notes(inp: &Input, dv: u32, c: &KernelConfig, r: &Resolved) -> Vec<u8> {
    let older1124 = dv < 112402;
    let older1348 = dv < 134805;
    let mut n = Notes(Vec::new());
    let images = |acc: u8| {
        c.args
            .iter()
            .filter(move |a| a.image().is_some() && a.access & 3 == acc)
    };
    let read_only = images(READ_ONLY).count() as u32;
    let mut wo_used = 0u32;
    for (w, a) in images(WRITE_ONLY).enumerate() {
        if a.used {
            wo_used |= 1 << w;
        }
    }
    let arg_samplers = c
        .args
        .iter()
        .filter(|a| a.pointer.is_none() && a.kind == ArgKind::Sampler)
        .count() as u32;
    let local_ptrs = c.args.iter().any(|a| a.pointer == Some(Space::Local));
    let inputs: Vec<u32> = (0..read_only)
        .map(|x| if older1124 { read_only - x - 1 } else { x })
        .collect();
    n.note(note::INPUTS, &inputs);
    n.note(note::OUTPUTS, &[]);
    let mut uav = Vec::new();
    let mut entry = |v: [u32; 4]| uav.extend_from_slice(&v);
    if older1124 {
        for (i, a) in c.args.iter().enumerate() {
            if let Some(img) = a.image().filter(|_| a.access & 3 == WRITE_ONLY) {
                entry([r.arg_res[i], 2, [2, 1, 0, 0, 2, 2, 3][img as usize], 3]);
            }
        }
        if c.use_printf {
            entry([r.uav_id, 4, 0, 5]);
        }
        for (i, a) in c.args.iter().enumerate() {
            if a.pointer == Some(Space::Global) {
                entry([r.arg_res[i], 4, 0, 5]);
            }
        }
    } else {
        for (i, a) in c.args.iter().enumerate() {
            if a.image().is_some() && a.access & 3 == WRITE_ONLY {
                entry([r.arg_res[i], 2, 2, 5]);
            } else if a.pointer == Some(Space::Global) {
                entry([r.arg_res[i], 4, 0, 5]);
            }
        }
        if c.use_printf {
            entry([r.uav_id, 0, 0, 5]);
        }
    }
    n.note(note::UAV, &uav);
    n.note(note::CONDOUT, &[c.cond_out]);
    n.note(note::FLOAT32CONSTS, &[]);
    n.note(note::INT32CONSTS, &[]);
    n.note(note::BOOL32CONSTS, &[]);
    n.note(note::EARLYEXIT, &[c.early_exit]);
    n.note(note::GLOBAL_BUFFERS, &[]);
    let mut cb = Vec::new();
    let consts = || {
        c.args
            .iter()
            .enumerate()
            .filter(|(_, a)| a.pointer == Some(Space::Constant))
    };
    if older1124 {
        for (i, a) in consts().collect::<Vec<_>>().into_iter().rev() {
            cb.extend_from_slice(&[
                r.arg_res[i],
                if a.const_size != 0 {
                    a.const_size.div_ceil(16)
                } else {
                    4096
                },
            ]);
        }
        if let Some(g) = &inp.global_data {
            cb.extend_from_slice(&[2, (g.len() as u32).div_ceil(16)]);
        }
        cb.extend_from_slice(&[1, r.args_space.div_ceil(16), 0, 15]);
    } else {
        cb.extend_from_slice(&[0, 0, 1, 0]);
        for (i, _) in consts() {
            cb.extend_from_slice(&[r.arg_res[i], 0]);
        }
        if older1348 && inp.global_data.is_some() {
            cb.extend_from_slice(&[2, 0]);
        }
    }
    n.note(note::CONSTANT_BUFFERS, &cb);
    let mut samp = Vec::new();
    for s in 0..c.samplers.len() as u32 {
        samp.extend_from_slice(&[0, s + arg_samplers]);
    }
    for s in 0..arg_samplers {
        samp.extend_from_slice(&[0, s]);
    }
    n.note(note::INPUT_SAMPLERS, &samp);
    n.note(note::SCRATCH_BUFFERS, &[c.scratch.wrapping_add(3) >> 2]);
    n.note(note::PERSISTENT_BUFFERS, &[]);

    let mut pi = Vec::new();
    let mut e = |a: u32, v: u32| pi.extend_from_slice(&[a, v]);
    let ud = c.user_data.len() as u32;
    e(0x8000_1000, ud);
    for (j, u) in c.user_data.iter().enumerate() {
        for (f, v) in u.iter().enumerate() {
            e(0x8000_1001 + ((j as u32) << 2) + f as u32, *v);
        }
    }
    if older1124 {
        for j in ud..16 {
            for f in 0..4 {
                e(0x8000_1001 + (j << 2) + f, 0);
            }
        }
    }
    let arch = inp.device.arch;
    let lds = if local_ptrs { 32768 } else { c.hw_local };
    let user = c.user_data.iter().map(|u| u[2] + u[3]).max().unwrap_or(0);
    let user = if user != 0 { user } else { 2 };
    let rsrc2 = (c.pgmrsrc2 & 0xffff_e440)
        | pgm_rsrc2(
            arch,
            c.scratch != 0,
            user,
            c.dims,
            c.pgmrsrc2 & 0x1b80,
            c.tg_size,
            lds,
            c.exceptions,
        );
    e(0x8000_1041, c.vgprs);
    e(0x8000_1042, c.sgprs);
    e(0x8000_1863, max_sgprs_no_vcc(inp.device));
    e(0x8000_1864, 256);
    e(0x8000_1043, c.float_mode);
    e(0x8000_1044, c.ieee_mode as u32);
    e(0x8000_1045, c.scratch.wrapping_add(3) >> 2);
    e(0x0000_2e13, rsrc2);
    let cws = if c.cws.iter().all(|&x| x != 0) {
        c.cws
    } else {
        [256, 0, 0]
    };
    e(0x8000_001c, cws[0]);
    e(0x8000_001d, cws[1]);
    e(0x8000_001e, cws[2]);
    e(0x8000_1841, 0);
    let mut mask = [0u32; 32];
    mask[0] = wo_used;
    for (i, a) in c.args.iter().enumerate() {
        if a.used && (a.pointer == Some(Space::Global) || (a.pointer == Some(Space::Constant) && !older1348)) {
            let u = r.arg_res[i];
            if let Some(m) = mask.get_mut((u >> 5) as usize) {
                *m |= 1 << (u & 31);
            }
        }
    }
    if !older1348 && c.use_const_data {
        mask[0] |= 1u32.wrapping_shl(r.cb_id);
    }
    if c.use_printf {
        mask[0] |= 1u32.wrapping_shl(if r.printf_id != NOT_SUPPLIED { r.printf_id } else { 9 });
    }
    e(0x8000_001f, mask[0]);
    for (p, m) in mask.iter().enumerate() {
        e(0x8000_1843 + p as u32, *m);
    }
    e(0x8000_000a, 1);
    e(0x8000_0078, 64);
    e(0x8000_0081, 32768);
    e(0x8000_0082, ((rsrc2 >> 15) & 0x1ff) << 8);
    n.note(note::PROGINFO, &pi);
    n.note(note::SUB_CONSTANT_BUFFERS, &[]);
    n.note(note::UAV_MAILBOX_SIZE, &[0]);
    n.note(note::UAV_OP_MASK, &mask);
    n.0
}

/// A kernel's inner ELF: its CAL notes, code and `.data` (4736 zero bytes unless the source
/// gave its own, whose size CLRX also writes as the section's entry size).
fn inner_binary(machine: u32, notes: Vec<u8>, k: &Kernel) -> Vec<u8> {
    let (code, data) = (&k.code, k.data.as_deref());
    let data_size = data.map_or(0, |d| d.len() as u64);
    let sect = |name, kind, info, bytes| {
        Region::Section(Section {
            name,
            kind,
            flags: 0,
            info,
            entsize: if name == ".data" { data_size } else { 0 },
            align: 0,
            bytes,
            link: 0,
            addr: false,
            nobits: false,
        })
    };
    // The CAL encoding entry's size is the file's past its notes' offset (0x1c0).
    let build = |entry_size: u32| {
        let mut entry = Vec::with_capacity(20);
        for v in [machine, 4, 0x1c0, entry_size, 0] {
            entry.extend_from_slice(&v.to_le_bytes());
        }
        let mut regions = vec![
            Region::ProgramHeaders,
            Region::Bytes(entry),
            sect(".shstrtab", clrx_elf::SHT_STRTAB, 0, Vec::new()),
            Region::SectionHeaders,
            Region::Bytes(notes.clone()),
            sect(".text", clrx_elf::SHT_PROGBITS, 0, code.to_vec()),
            sect(
                ".data",
                clrx_elf::SHT_PROGBITS,
                0,
                data.map_or_else(|| vec![0; 4736], <[u8]>::to_vec),
            ),
            sect(".symtab", clrx_elf::SHT_SYMTAB, 1, vec![0; 16]),
            sect(".strtab", clrx_elf::SHT_STRTAB, 0, vec![0; 2]),
        ];
        regions.extend(k.extra.iter().cloned().map(Region::Extra));
        let segments = [
            Segment {
                kind: 0x7000_0002,
                first: 1,
                count: 1,
                mem_size: false,
                flags: 0,
                vaddr: false,
            },
            Segment {
                kind: clrx_elf::PT_NOTE,
                first: 4,
                count: 1,
                mem_size: false,
                flags: 0,
                vaddr: false,
            },
            Segment {
                kind: clrx_elf::PT_LOAD,
                first: 5,
                count: 4,
                mem_size: true,
                flags: 0,
                vaddr: false,
            },
        ];
        let header = Header {
            is64: false,
            os_abi: 0x64,
            abi_version: 1,
            e_type: 2,
            machine: 0x7d,
            flags: 1,
            addr_start: 0,
        };
        clrx_elf::write(&header, regions, &segments)
    };
    let size = build(0).len() as u32;
    build(size - 0x1c0)
}

/// The default driver info of a driver version (clrxasm's).
fn driver_info_of(v: u32) -> String {
    format!(
        "@(#) OpenCL 1.2 AMD-APP ({}.{}).  Driver version: {}.{} (VM)",
        v / 100,
        v % 100,
        v / 100,
        v % 100
    )
}

/// The driver version `.driver_info`'s text names (`AMD-APP (1702.3)`), else the newest.
pub(crate) fn version_in_info(info: &str) -> u32 {
    let Some(p) = info.find("AMD-APP") else {
        return 99_999_909;
    };
    let s = info.get(p + 9..).unwrap_or("");
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let n = digits(s);
    if n == 0 {
        return 99_999_909;
    }
    let major: u32 = s[..n].parse().unwrap_or(0);
    let rest = s.get(n + 1..).unwrap_or("");
    let m = digits(rest);
    if m == 0 {
        return 99_999_909;
    }
    major.wrapping_mul(100).wrapping_add(rest[..m].parse().unwrap_or(0))
}

/// A kernel's metadata string, header and CAL notes, as the binary holds them.
type Parts = (Vec<u8>, Vec<u8>, Vec<u8>);

/// A config kernel's metadata string, 32-byte header and CAL notes.
fn config_parts(inp: &Input, dv: u32, name: &str, c: &KernelConfig, unique: u32) -> Result<Parts, String> {
    let mut r = resolve(dv, inp.global_data.is_some(), c)?;
    let write_only = |a: &&Arg| a.image().is_some() && a.access & 3 == WRITE_ONLY;
    r.uavs = c
        .args
        .iter()
        .filter(|a| write_only(a) || a.pointer == Some(Space::Global))
        .count() as u32
        + c.use_printf as u32;
    if c.args.iter().filter(write_only).count() > 8 {
        return Err("Too many write only images".into());
    }
    let arg_samplers = c
        .args
        .iter()
        .filter(|a| a.pointer.is_none() && a.kind == ArgKind::Sampler)
        .count() as u32;
    let meta = metadata(inp, dv, name, c, &mut r, arg_samplers, unique)?;
    let notes = cal_notes(inp, dv, c, &r);
    let header = [
        if dv >= 164205 { r.uav_private } else { 0 },
        0,
        if dv < 134805 { 0 } else { r.uav_private },
        c.hw_local,
        (if inp.is64 { 8 } else { 0 }) | (if c.use_printf { 2 } else { 0 }),
        1,
        0,
        0,
    ];
    let header = header.iter().flat_map(|h| h.to_le_bytes()).collect();
    Ok((meta.into_bytes(), header, notes))
}

/// The unique and function ids the raw kernels' metadata strings name (`;uniqueid:N` and
/// the second field of `;function:1:N`, read as CLRX reads them), sorted: the config
/// kernels take the free ones from 1024 up.
fn unique_ids(inp: &Input) -> Vec<u32> {
    let mut ids = Vec::new();
    for k in &inp.kernels {
        let Form::Raw(raw) = &k.form else { continue };
        let m = &raw.metadata[..];
        // (CLRX looks for each key at positions before the last 11 bytes only.)
        let find = |from: usize, key: &[u8]| (from..m.len().saturating_sub(11)).find(|&p| m[p..].starts_with(key));
        let Some(p) = find(0, b"\n;uniqueid:") else { continue };
        let p = p + 11;
        ids.extend(c_number(&m[p..]));
        let Some(f) = find(p, b"\n;function:") else { continue };
        let f = f + 11;
        let Some(colon) = m[f..].iter().position(|&b| b == b':').map(|c| f + c) else {
            continue;
        };
        if colon + 1 < m.len() {
            ids.extend(c_number(&m[colon + 1..]));
        }
    }
    ids.sort_unstable();
    ids
}

/// A 32-bit unsigned number in C's forms (decimal, `0x` hex, `0b` binary, `0` octal) at the
/// start of `s`, as CLRX's `cstrtovCStyle` reads it: `None` when none is there or it does not
/// fit.
fn c_number(s: &[u8]) -> Option<u32> {
    let (radix, digits) = match s {
        [b'0', b'x' | b'X', rest @ ..] => (16, rest),
        [b'0', b'b' | b'B', rest @ ..] => (2, rest),
        [b'0', rest @ ..] => (8, rest),
        _ => (10, s),
    };
    let n = digits.iter().take_while(|b| (**b as char).is_digit(radix)).count();
    if n == 0 {
        // (`0` alone is octal zero.)
        return (radix == 8).then_some(0);
    }
    u32::from_str_radix(std::str::from_utf8(&digits[..n]).ok()?, radix).ok()
}

/// The binary clrxasm writes for `inp`, or its error.
pub fn write(inp: &Input) -> Result<Vec<u8>, String> {
    let dev_index = DEVICES
        .iter()
        .position(|d| d.name == inp.device.name)
        .unwrap_or(usize::MAX);
    let Some(&(machine, inner_machine)) = AMD_MACHINES.get(dev_index) else {
        return Err("Unsupported GPU device type by OpenCL 1.2 binary format".into());
    };
    let (info, dv) = match &inp.driver_info {
        None => (driver_info_of(inp.driver_version), inp.driver_version),
        Some(i) if inp.driver_version == 0 => (i.clone(), version_in_info(i)),
        Some(i) => (i.clone(), 99_999_909),
    };
    let mut rodata = inp.global_data.clone().unwrap_or_default();
    let mut text = Vec::new();
    // Per kernel: metadata size, inner binary size, header size.
    let mut sizes = Vec::new();
    let taken = unique_ids(inp);
    let mut unique = 1024u32;
    for k in &inp.kernels {
        let (meta, header, notes) = match &k.form {
            Form::Raw(raw) => {
                if raw.metadata.is_empty() {
                    return Err(format!("kernel {}: No metadata for kernel", k.name));
                }
                if raw.header.is_empty() {
                    return Err(format!("kernel {}: No header for kernel", k.name));
                }
                let mut n = Notes(Vec::new());
                for (kind, bytes) in &raw.notes {
                    n.raw(*kind, bytes);
                }
                (raw.metadata.clone(), raw.header.clone(), n.0)
            }
            Form::Config(c) => {
                while taken.binary_search(&unique).is_ok() {
                    unique += 1;
                }
                let (meta, header, notes) =
                    config_parts(inp, dv, &k.name, c, unique).map_err(|e| format!("kernel {}: {e}", k.name))?;
                unique += 1;
                (meta, header, notes)
            }
        };
        let inner = inner_binary(inner_machine, notes, k);
        rodata.extend_from_slice(&meta);
        rodata.extend_from_slice(&header);
        sizes.push((meta.len() as u64, inner.len() as u64, header.len() as u64));
        text.extend_from_slice(&inner);
    }
    // Symbols: compile options, global data, then each kernel's metadata, code and header.
    let is64 = inp.is64;
    let mut strtab = vec![0u8];
    let mut syms = clrx_elf::Out { is64, b: Vec::new() };
    syms.b.resize(clrx_elf::symbol_size(is64), 0);
    const LOCAL_OBJECT: u8 = 1;
    const LOCAL_FUNC: u8 = 2;
    let name = |s: &str, strtab: &mut Vec<u8>| {
        let at = strtab.len() as u32;
        strtab.extend_from_slice(s.as_bytes());
        strtab.push(0);
        at
    };
    let has_kernels = !inp.kernels.is_empty();
    if !inp.compile_options.is_empty() {
        let n = name("__OpenCL_compile_options", &mut strtab);
        syms.symbol(
            n,
            0,
            inp.compile_options.len() as u64,
            LOCAL_OBJECT,
            if has_kernels { 6 } else { 4 },
        );
    }
    let mut ro = 0u64;
    if let Some(g) = &inp.global_data {
        let n = name(
            if dv >= 134805 {
                "__OpenCL_0_global"
            } else {
                "__OpenCL_2_global"
            },
            &mut strtab,
        );
        syms.symbol(n, 0, g.len() as u64, LOCAL_OBJECT, 4);
        ro += g.len() as u64;
    }
    let mut tx = 0u64;
    for (k, (meta, inner, header)) in inp.kernels.iter().zip(&sizes) {
        let n = name(&format!("__OpenCL_{}_metadata", k.name), &mut strtab);
        syms.symbol(n, ro, *meta, LOCAL_OBJECT, 4);
        ro += meta;
        let n = name(&format!("__OpenCL_{}_kernel", k.name), &mut strtab);
        syms.symbol(n, tx, *inner, LOCAL_FUNC, 5);
        tx += inner;
        let n = name(&format!("__OpenCL_{}_header", k.name), &mut strtab);
        syms.symbol(n, ro, *header, LOCAL_OBJECT, 4);
        ro += header;
    }
    let sect = |name, kind, flags, align, bytes| {
        Region::Section(Section {
            name,
            kind,
            flags,
            info: 0,
            entsize: 0,
            align,
            bytes,
            link: 0,
            addr: false,
            nobits: false,
        })
    };
    let mut regions = vec![
        sect(".shstrtab", clrx_elf::SHT_STRTAB, clrx_elf::SHF_STRINGS, 1, Vec::new()),
        sect(".strtab", clrx_elf::SHT_STRTAB, clrx_elf::SHF_STRINGS, 1, strtab),
        sect(".symtab", clrx_elf::SHT_SYMTAB, 0, 8, syms.b),
    ];
    if has_kernels {
        regions.push(sect(".rodata", clrx_elf::SHT_PROGBITS, clrx_elf::SHF_ALLOC, 1, rodata));
        regions.push(sect(
            ".text",
            clrx_elf::SHT_PROGBITS,
            clrx_elf::SHF_ALLOC | clrx_elf::SHF_EXECINSTR,
            1,
            text,
        ));
    }
    let comment = [inp.compile_options.as_bytes(), info.as_bytes()].concat();
    regions.push(sect(".comment", clrx_elf::SHT_PROGBITS, 0, 1, comment));
    regions.extend(inp.extra.iter().cloned().map(Region::Extra));
    regions.push(Region::SectionHeaders);
    let header = Header {
        is64,
        os_abi: 0,
        abi_version: 0,
        e_type: 2,
        machine,
        flags: 0,
        addr_start: 0,
    };
    Ok(clrx_elf::write(&header, regions, &[]))
}
