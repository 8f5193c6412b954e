//! Reading AMD Catalyst's OpenCL 1.2 binaries ([`super::clrx_amd`]'s format) and printing
//! them as clrxdisasm 0.1.9 prints them: with `-C` (kernel configuration) the `.config` of
//! each kernel recovered from its metadata string, header and CAL notes as clrxdisasm
//! recovers it (`getAmdKernelConfig`); without it the raw parts (`-m`: `.header` and
//! `.metadata` bytes; `-a`: the CAL notes too; `-d`: global data and a kernel's `.data`), so
//! that the text assembles back, with gcnkit or clrxasm, to one same binary.

use super::clrx_amd::{note, version_in_info, AMD_MACHINES, CAL_NOTE_NAMES};
use super::clrx_amd_config::{
    default_dims, Arg, ArgKind, KernelConfig, Space, ARG_IMAGES, ARG_SCALARS, ARG_VECTORS, DATA_CLASSES, DEFAULT,
};
use super::clrx_config::{Device, DEVICES};
use object::read::elf::{ElfFile, FileHeader, ProgramHeader, SectionHeader};
use object::{Endianness, Object, ObjectSection, ObjectSymbol};
use std::fmt::Write;

/// The device an outer binary's ELF machine names, where two devices share it (clrxdisasm's
/// reading table).
const SHARED_MACHINES: [(u16, &str); 3] = [(0x40e, "Ellesmere"), (0x40f, "Baffin"), (0x411, "Dummy")];

/// One kernel of a binary.
pub struct AmdKernelBin {
    pub name: String,
    pub code: Vec<u8>,
    pub metadata: Vec<u8>,
    pub header: Vec<u8>,
    pub notes: Notes,
    /// Its inner binary's `.data`.
    pub data: Vec<u8>,
    /// Its header's fifth word as clrxdisasm reads it (past a header shorter than that: the
    /// file's next bytes).
    pub header_flags: u32,
}

/// A binary as clrxdisasm reads it.
pub struct AmdBinary {
    pub is64: bool,
    pub device: &'static Device,
    pub compile_options: Vec<u8>,
    pub driver_info: Vec<u8>,
    pub global_data: Vec<u8>,
    pub kernels: Vec<AmdKernelBin>,
}

/// The device of an AMD Catalyst binary (an ELF of one of their machines), if it is one.
pub fn amd_device(data: &[u8]) -> Option<&'static Device> {
    if data.len() < 20 || &data[..4] != b"\x7fELF" || data[5] != 1 {
        return None;
    }
    let machine = u16::from_le_bytes([data[18], data[19]]);
    if let Some((_, n)) = SHARED_MACHINES.iter().find(|m| m.0 == machine) {
        return DEVICES.iter().find(|d| d.name == *n);
    }
    let k = AMD_MACHINES.iter().position(|m| m.0 == machine)?;
    Some(&DEVICES[k])
}

/// Reads an AMD Catalyst binary.
pub fn read(data: &[u8]) -> Result<AmdBinary, String> {
    let device = amd_device(data).ok_or("not an AMD Catalyst OpenCL binary")?;
    let is64 = data.get(4) == Some(&2);
    let mut b = if is64 {
        read_outer::<object::elf::FileHeader64<Endianness>>(data)?
    } else {
        read_outer::<object::elf::FileHeader32<Endianness>>(data)?
    };
    b.device = device;
    b.is64 = is64;
    Ok(b)
}

fn err(e: object::Error) -> String {
    format!("malformed AMD Catalyst binary: {e}")
}

fn read_outer<'d, H: FileHeader<Endian = Endianness>>(data: &'d [u8]) -> Result<AmdBinary, String> {
    let file = data;
    let f = ElfFile::<'d, H>::parse(data).map_err(err)?;
    let bytes_of = |idx: object::SectionIndex, at: u64, size: u64| -> Result<Vec<u8>, String> {
        let s = f.section_by_index(idx).map_err(err)?;
        let d = s.data().map_err(err)?;
        d.get(at as usize..(at + size) as usize)
            .map(|x| x.to_vec())
            .ok_or_else(|| format!("symbol data past section {}", s.name().unwrap_or("?")))
    };
    let mut out = AmdBinary {
        is64: false,
        device: &DEVICES[0],
        compile_options: Vec::new(),
        driver_info: Vec::new(),
        global_data: Vec::new(),
        kernels: Vec::new(),
    };
    let mut options_end = None;
    let mut meta = Vec::new();
    let mut heads = Vec::new();
    for s in f.symbols() {
        let name = s.name().unwrap_or("");
        if name.len() < 16 || !name.starts_with("__OpenCL_") {
            continue;
        }
        let Some(idx) = s.section_index() else { continue };
        let data = || bytes_of(idx, s.address(), s.size());
        if let Some(k) = name.strip_suffix("_kernel") {
            let inner = data()?;
            let (code, data, notes) = read_inner(&inner).map_err(|e| format!("kernel {}: {e}", &k[9..]))?;
            out.kernels.push(AmdKernelBin {
                name: k[9..].to_string(),
                code,
                metadata: Vec::new(),
                header: Vec::new(),
                notes,
                data,
                header_flags: 0,
            });
        } else if name == "__OpenCL_compile_options" {
            out.compile_options = data()?;
            options_end = Some((idx, s.address() + s.size()));
        } else if name == "__OpenCL_0_global" || name == "__OpenCL_2_global" {
            out.global_data = data()?;
        } else if let Some(k) = name.strip_suffix("_metadata").filter(|_| name.len() >= 18) {
            meta.push((k[9..].to_string(), data()?));
        } else if let Some(k) = name.strip_suffix("_header") {
            let file_at = f
                .section_by_index(idx)
                .ok()
                .and_then(|x| x.file_range())
                .and_then(|r| r.0.checked_add(s.address())?.checked_add(16))
                .map_or(usize::MAX, |at| at as usize);
            heads.push((k[9..].to_string(), data()?, le32(file, file_at)));
        }
    }
    if let Some(c) = f.section_by_name(".comment") {
        let d = c.data().map_err(err)?;
        let from = options_end.filter(|o| o.0 == c.index()).map_or(0, |o| o.1 as usize);
        out.driver_info = d.get(from..).unwrap_or(&[]).to_vec();
    }
    for k in out.kernels.iter_mut() {
        k.metadata = meta
            .iter()
            .find(|m| m.0 == k.name)
            .map(|m| m.1.clone())
            .unwrap_or_default();
        if let Some(h) = heads.iter().find(|m| m.0 == k.name) {
            k.header = h.1.clone();
            k.header_flags = h.2;
        }
    }
    Ok(out)
}

fn le32(b: &[u8], at: usize) -> u32 {
    at.checked_add(4)
        .and_then(|e| b.get(at..e))
        .map_or(0, |x| u32::from_le_bytes([x[0], x[1], x[2], x[3]]))
}

/// CAL notes: type, bytes, and the first word as clrxdisasm reads it (past a note shorter
/// than a word: the inner binary's next bytes).
type Notes = Vec<(u32, Vec<u8>, u32)>;

/// An inner binary's code and data (its first encoding's `.text` and `.data`) and CAL notes.
fn read_inner(data: &[u8]) -> Result<(Vec<u8>, Vec<u8>, Notes), String> {
    // (Its sections and program headers only: a source's own `.strtab` section, which CLRX
    // links its symbols to, is not a string table.)
    let h = object::elf::FileHeader32::<Endianness>::parse(data).map_err(err)?;
    let e = h.endian().map_err(err)?;
    let phdrs = h.program_headers(e, data).map_err(err)?;
    let sections = h.sections(e, data).map_err(err)?;
    // The first CAL encoding entry: machine, type, offset, size, flags.
    let enc = phdrs
        .iter()
        .find(|p| p.p_type(e) == object::elf::ProgramType(0x7000_0002))
        .ok_or("no CAL encoding dictionary")?;
    let dict = data
        .get(enc.p_offset(e) as usize..(enc.p_offset(e) + enc.p_filesz(e)) as usize)
        .ok_or("CAL encoding dictionary past the end")?;
    let (from, size) = (le32(dict, 8) as u64, le32(dict, 12) as u64);
    let within = |o: u64, s: u64| o >= from && o + s <= from + size;
    let (mut code, mut kdata) = (None, None);
    for s in sections.iter() {
        let (o, n) = s.file_range(e).unwrap_or((0, 0));
        let slot = match sections.section_name(e, s) {
            Ok(b".text") => &mut code,
            Ok(b".data") => &mut kdata,
            _ => continue,
        };
        if slot.is_none() && within(o, n) {
            *slot = Some(s.data(e, data).map_err(err)?.to_vec());
        }
    }
    let mut notes = Vec::new();
    for p in phdrs.iter().filter(|p| p.p_type(e) == object::elf::PT_NOTE) {
        let (o, n) = (p.p_offset(e) as u64, p.p_filesz(e) as u64);
        if !within(o, n) {
            continue;
        }
        let b = data.get(o as usize..(o + n) as usize).ok_or("CAL notes past the end")?;
        let mut at = 0;
        while at + 12 <= b.len() {
            let (name, desc, kind) = (le32(b, at) as usize, le32(b, at + 4) as usize, le32(b, at + 8));
            let d = at + 12 + name;
            let body = b.get(d..d + desc).ok_or("CAL note past its segment")?;
            notes.push((kind, body.to_vec(), le32(data, o as usize + d)));
            at = d + desc;
        }
    }
    Ok((code.unwrap_or_default(), kdata.unwrap_or_default(), notes))
}

/// The most samplers or user data elements a damaged binary may ask for (clrxdisasm runs out
/// of memory past some such number).
const MAX_ELEMENTS: usize = 1 << 16;

/// A kernel's config as clrxdisasm recovers it from the binary (its `getAmdKernelConfig`;
/// what it loses, the text loses: it assembles to one binary, not always the original).
pub fn config_of(k: &AmdKernelBin, driver_info: &[u8]) -> Result<KernelConfig, String> {
    let dv = version_in_info(&String::from_utf8_lossy(driver_info));
    let mut c = KernelConfig {
        float_mode: 0,
        sgprs: 0,
        vgprs: 0,
        ..Default::default()
    };
    c.use_printf = k.header_flags & 2 != 0;
    let mut uav_ids = Vec::new();
    let mut cb_args: Vec<(u32, usize)> = Vec::new();
    let mut sampler_args = Vec::new();
    let mut const_args = Vec::new();
    let mut wo_images = Vec::new();
    let mut arg_samplers = 0;
    let mut uav_cmp = 0u32;
    let num = |s: &str| -> u32 {
        let s = s.trim();
        let d: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
        d.parse().unwrap_or(0)
    };
    let bad = |what: &str| format!("kernel {}: can't parse {what} in its metadata", k.name);
    let new_arg = |name: &str, kind: ArgKind| Arg::new(name, String::new(), kind);
    let text = String::from_utf8_lossy(&k.metadata).into_owned();
    for line in text.split('\n') {
        let f: Vec<&str> = line.split(':').collect();
        let field = |i: usize| f.get(i).copied().unwrap_or("");
        if let Some(v) = line.strip_prefix(";memory:hwlocal:") {
            c.hw_local = num(v);
        } else if let Some(v) = line.strip_prefix(";memory:hwregion:") {
            c.hw_region = num(v);
        } else if line.starts_with(";cws:") {
            c.cws = [num(field(1)), num(field(2)), num(field(3))];
        } else if line.starts_with(";value:") {
            let mut a = new_arg(field(1), ArgKind::Structure);
            a.res_id = 0;
            if field(2) == "struct" {
                a.struct_size = num(field(3));
            } else {
                a.kind = value_kind(field(2), num(field(3))).ok_or_else(|| bad("a value's type"))?;
            }
            uav_ids.push(0);
            c.args.push(a);
        } else if line.starts_with(";pointer:") {
            let mut a = new_arg(field(1), ArgKind::Value { scalar: 0, vec: 1 });
            let space = match field(6) {
                "uav" => Space::Global,
                "hc" | "c" => Space::Constant,
                "hl" => Space::Local,
                _ => return Err(bad("a pointer's space")),
            };
            a.pointer = Some(space);
            a.res_id = num(field(7));
            if space == Space::Constant {
                cb_args.push((a.res_id, c.args.len()));
            }
            uav_ids.push(a.res_id);
            if field(2) == "opaque" {
                a.kind = ArgKind::Structure;
            } else if field(2) == "struct" {
                a.kind = ArgKind::Structure;
                a.struct_size = num(field(8));
            }
            if field(9) == "RO" && space == Space::Global {
                a.access |= 4;
            }
            if field(10) == "1" {
                a.access |= 16;
            }
            if field(11) == "1" {
                a.access |= 8;
            }
            c.args.push(a);
        } else if line.starts_with(";image:") {
            let img = ARG_IMAGES
                .iter()
                .rposition(|i| i.2 == field(2))
                .ok_or_else(|| bad("an image's type"))?;
            let mut a = new_arg(field(1), ArgKind::Image(img as u8));
            match field(3) {
                "RO" => a.access = 1,
                "WO" => {
                    a.access = 2;
                    wo_images.push(c.args.len());
                }
                _ => return Err(bad("an image's access")),
            }
            a.res_id = num(field(4));
            uav_ids.push(0);
            c.args.push(a);
        } else if line.starts_with(";counter:") {
            let mut a = new_arg(field(1), ArgKind::Counter32);
            a.res_id = num(field(3));
            uav_ids.push(0);
            c.args.push(a);
        } else if let Some(v) = line.strip_prefix(";constarg:") {
            const_args.push(num(v) as usize);
        } else if line.starts_with(";sampler:") {
            if field(1).starts_with("unknown_") {
                let id = num(field(2)) as usize;
                if id >= MAX_ELEMENTS {
                    return Err(bad("a sampler's id"));
                }
                if c.samplers.len() < id + 1 {
                    c.samplers.resize(id + 1, 0);
                }
                c.samplers[id] = num(field(4));
            } else {
                if let Some(i) = c.args.iter().position(|a| a.name == field(1)) {
                    sampler_args.push(i);
                }
                arg_samplers += 1;
            }
        } else if let Some(v) = line.strip_prefix(";reflection:") {
            let i = num(v) as usize;
            let a = c.args.get_mut(i).ok_or_else(|| bad("a reflection's argument"))?;
            a.type_name = v.split_once(':').map_or("", |x| x.1).to_string();
            if a.pointer.is_some() && a.kind == (ArgKind::Value { scalar: 0, vec: 1 }) {
                // (The type without its last character, the `*`; a damaged binary's may not be
                // ASCII.)
                let cut = a.type_name.char_indices().last().map_or(0, |(i, _)| i);
                let pointee = &a.type_name[..cut];
                if let Some(kind) = type_named(pointee) {
                    a.kind = kind;
                } else if a.type_name.starts_with("enum ") {
                    a.kind = ArgKind::Value { scalar: 5, vec: 1 };
                }
            }
        } else if let Some(v) = line.strip_prefix(";uavid:") {
            uav_cmp = if dv < 134805 { 9 } else { num(v) };
        } else if let Some(v) = line.strip_prefix(";printfid:") {
            c.printf_id = num(v);
        } else if let Some(v) = line.strip_prefix(";privateid:") {
            c.private_id = num(v);
        } else if let Some(v) = line.strip_prefix(";cbid:") {
            c.cb_id = num(v);
        } else if let Some(v) = line.strip_prefix(";memory:uavprivate:") {
            c.uav_private = num(v);
        }
    }
    if arg_samplers != 0 && !c.samplers.is_empty() {
        let n = (arg_samplers as usize).min(c.samplers.len());
        c.samplers.drain(..n);
    }
    for i in sampler_args {
        c.args[i].kind = ArgKind::Sampler;
    }
    for i in const_args {
        c.args.get_mut(i).ok_or_else(|| bad("a constarg's argument"))?.access |= 4;
    }
    let mut uav_mask = [0u8; 128];
    for (kind, d, first) in &k.notes {
        match *kind {
            13 => c.scratch = first << 2,
            10 if dv < 112402 => {
                for e in d.chunks_exact(8) {
                    if let Some(&(_, i)) = cb_args.iter().rev().find(|x| x.0 == le32(e, 0)) {
                        c.args[i].const_size = le32(e, 4) << 4;
                    }
                }
            }
            4 => c.cond_out = *first,
            8 => c.early_exit = *first,
            1 => {
                for e in d.chunks_exact(8) {
                    let (addr, v) = (le32(e, 0), le32(e, 4));
                    match addr {
                        0x8000_1000 if v as usize >= MAX_ELEMENTS => return Err(bad("the user data count")),
                        0x8000_1000 => c.user_data.resize(v as usize, [0; 4]),
                        0x8000_001f => {
                            if dv >= 134805 {
                                c.use_const_data = v & 0x400 != 0;
                            }
                            for (n, &i) in wo_images.iter().enumerate() {
                                c.args[i].used = v & 1u32.wrapping_shl(n as u32) != 0;
                            }
                            if v & 1u32.wrapping_shl(uav_cmp) != 0 {
                                uav_cmp = 0;
                            }
                        }
                        0x8000_1041 => c.vgprs = v,
                        0x8000_1042 => c.sgprs = v,
                        0x8000_1043 => c.float_mode = v,
                        0x8000_1044 => c.ieee_mode = v != 0,
                        0x0000_2e13 => {
                            c.pgmrsrc2 = v;
                            c.tg_size = v & 0x400 != 0;
                            c.exceptions = (v >> 24) & 0x7f;
                            c.dims = default_dims(v);
                        }
                        0x8000_1001..=0x8000_1040 => {
                            let el = ((addr - 0x8000_1001) >> 2) as usize;
                            if let Some(u) = c.user_data.get_mut(el) {
                                u[[3, 0, 1, 2][(addr & 3) as usize]] = v;
                            }
                        }
                        0x8000_1843..=0x8000_1862 => {
                            let el = ((addr - 0x8000_1843) << 2) as usize;
                            uav_mask[el..el + 4].copy_from_slice(&v.to_le_bytes());
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    for (a, &u) in c.args.iter_mut().zip(&uav_ids) {
        let bit = uav_mask.get((u >> 3) as usize).is_some_and(|m| m & (1 << (u & 7)) != 0);
        if (a.pointer == Some(Space::Global) || (a.pointer == Some(Space::Constant) && dv >= 134805)) && !bit {
            a.used = false;
        }
    }
    c.uav_id = uav_cmp;
    Ok(c)
}

/// The kind of a metadata value type (`u32`, `float`...) with `vec` elements.
fn value_kind(t: &str, vec: u32) -> Option<ArgKind> {
    if vec != 1 && !ARG_VECTORS.contains(&vec) {
        return None;
    }
    let k = ARG_SCALARS.iter().position(|s| s.1 == t)?;
    Some(ArgKind::Value {
        scalar: k as u8 + 1,
        vec,
    })
}

/// The kind a type name of the reflection names (`float4`, `void`, `sampler_t`...).
fn type_named(t: &str) -> Option<ArgKind> {
    if t == "void" {
        return Some(ArgKind::Value { scalar: 0, vec: 1 });
    }
    for (k, (n, _, _)) in ARG_SCALARS.iter().enumerate() {
        let vec = if t == *n {
            1
        } else if let Some(v) = t
            .strip_prefix(n)
            .and_then(|v| v.parse::<u32>().ok())
            .filter(|v| ARG_VECTORS.contains(v))
        {
            v
        } else {
            continue;
        };
        return Some(ArgKind::Value {
            scalar: k as u8 + 1,
            vec,
        });
    }
    if let Some(k) = ARG_IMAGES.iter().position(|i| i.0 == t) {
        return Some(ArgKind::Image(k as u8));
    }
    match t {
        "structure" => Some(ArgKind::Structure),
        "counter32" => Some(ArgKind::Counter32),
        "sampler_t" => Some(ArgKind::Sampler),
        _ => None,
    }
}

/// The `.arg` type name of a kind (`uint4`, `image2d`, `structure`).
fn kind_name(k: ArgKind) -> String {
    match k {
        ArgKind::Value { scalar: 0, .. } => "void".into(),
        ArgKind::Value { scalar, vec: 1 } => ARG_SCALARS[scalar as usize - 1].0.into(),
        ArgKind::Value { scalar, vec } => format!("{}{vec}", ARG_SCALARS[scalar as usize - 1].0),
        ArgKind::Image(i) => ARG_IMAGES[i as usize].0.into(),
        ArgKind::Sampler => "sampler".into(),
        ArgKind::Structure => "structure".into(),
        ArgKind::Counter32 => "counter32".into(),
        ArgKind::Counter64 => "counter64".into(),
    }
}

/// A string as a C literal's inside, as clrxdisasm escapes it.
pub(crate) fn escape(b: &[u8]) -> String {
    let mut s = String::new();
    for &c in b {
        match c {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            b'\r' => s.push_str("\\r"),
            0x20..=0x7e => s.push(c as char),
            _ => {
                let _ = write!(s, "\\{c:03o}");
            }
        }
    }
    s
}

/// Bytes as `.byte` lines of eight, as clrxdisasm prints data (`printDisasmData`): a run of
/// eight or more of one byte is a `.fill`, which ends at a multiple of eight unless it ends
/// the data.
pub fn print_bytes(b: &[u8], out: &mut String) {
    print_bytes_at("    ", b, out);
}

/// [`print_bytes`] indented by `indent` (a kernel's parts: 8 spaces).
fn print_bytes_at(indent: &str, b: &[u8], out: &mut String) {
    print_runs(indent, b, (8, ".byte", 1), |x| format!("0x{x:02x}"), out);
}

/// Elements as lines of `per_line` (`op`, `.byte` or `.int`), a run of `per_line` or more
/// equal ones as a `.fill` of elements of `size` bytes that ends at a multiple of `per_line`
/// unless it ends the data (clrxdisasm's `printDisasmData`, `printDisasmDataU32`).
fn print_runs<T: Copy + PartialEq>(
    indent: &str,
    items: &[T],
    (per_line, op, size): (usize, &str, usize),
    hex: impl Fn(T) -> String,
    out: &mut String,
) {
    let mut p = 0;
    while p < items.len() {
        let run = items[p..].iter().take_while(|&&x| x == items[p]).count();
        if run >= per_line {
            let end = if p + run != items.len() {
                (p + run) / per_line * per_line
            } else {
                p + run
            };
            let _ = writeln!(out, "{indent}.fill {}, {size}, {}", end - p, hex(items[p]));
            p = end;
            continue;
        }
        let line = &items[p..(p + per_line).min(items.len())];
        let v: Vec<String> = line.iter().map(|&x| hex(x)).collect();
        let _ = writeln!(out, "{indent}{op} {}", v.join(", "));
        p += line.len();
    }
}

/// Words as `.int` lines of four, a run of four or more as a `.fill` (clrxdisasm's
/// `printDisasmDataU32`, a kernel's indent), then the bytes past the last whole word.
fn print_words(b: &[u8], out: &mut String) {
    let w: Vec<u32> = b
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    print_runs("        ", &w, (4, ".int", 4), |x| format!("0x{x:08x}"), out);
    print_bytes_at("        ", &b[w.len() * 4..], out);
}

/// A long string as `.ascii` lines, one per line of it and at most 72 bytes (76 escaped) each,
/// escaped as clrxdisasm escapes them (`printDisasmLongString`).
fn print_long_string(b: &[u8], out: &mut String) {
    let mut pos = 0;
    while pos < b.len() {
        let end = (pos + 72).min(b.len());
        let mut stop = pos;
        while stop < end && b[stop] != b'\n' {
            stop += 1;
        }
        if stop < end {
            stop += 1;
        }
        // Escaped up to 76 characters (an escape that does not fit waits for the next line).
        let mut line = String::new();
        let mut short_octal = false;
        let mut k = pos;
        while k < stop {
            let c = b[k];
            let named = match c {
                7 => Some('a'),
                8 => Some('b'),
                9 => Some('t'),
                10 => Some('n'),
                11 => Some('v'),
                12 => Some('f'),
                13 => Some('r'),
                _ => None,
            };
            // (An octal escape shorter than three digits takes a following digit as
            // another escape.)
            let octal = c < 0x20 && named.is_none() || c > 0x7e || (short_octal && (b'0'..=b'7').contains(&c));
            let piece = match named {
                Some(n) => format!("\\{n}"),
                None if octal => format!("\\{c:o}"),
                None if matches!(c, b'"' | b'\'' | b'\\') => format!("\\{}", c as char),
                None => (c as char).to_string(),
            };
            if line.len() + piece.len() >= 76 {
                break;
            }
            short_octal = octal && c < 64;
            line.push_str(&piece);
            k += 1;
        }
        let _ = writeln!(out, "        .ascii \"{line}\"");
        pos = k;
    }
}

/// A kernel's CAL notes as clrxdisasm prints them: each note's pseudo-op, then its entries
/// (`.entry`, `.segment`, `.sampler`, `.cbmask`), words or bytes; a single-word note's value on
/// its line.
fn print_notes(notes: &Notes, out: &mut String) {
    for (kind, d, _) in notes {
        match CAL_NOTE_NAMES.get((*kind as usize).wrapping_sub(1)) {
            Some(n) => {
                let _ = write!(out, "    {n}");
            }
            None => {
                let _ = write!(out, "    .calnote 0x{kind:x}");
            }
        }
        if d.is_empty() {
            out.push('\n');
            continue;
        }
        let w = |at: usize| le32(d, at);
        // (entry size, pseudo-op, how each word prints)
        let entries: Option<(usize, &str)> = match *kind {
            note::PROGINFO => Some((8, ".entry")),
            note::INT32CONSTS | note::FLOAT32CONSTS | note::BOOL32CONSTS => Some((8, ".segment")),
            note::INPUT_SAMPLERS => Some((8, ".sampler")),
            note::CONSTANT_BUFFERS => Some((8, ".cbmask")),
            note::UAV => Some((16, ".entry")),
            _ => None,
        };
        match (*kind, entries) {
            (_, Some((size, op))) => {
                out.push('\n');
                let n = d.len() / size;
                for e in 0..n {
                    let at = e * size;
                    let v = match *kind {
                        note::PROGINFO => format!("0x{:08x}, 0x{:08x}", w(at), w(at + 4)),
                        note::INPUT_SAMPLERS => format!("{}, 0x{:x}", w(at), w(at + 4)),
                        note::UAV => format!("{}, {}, {}, {}", w(at), w(at + 4), w(at + 8), w(at + 12)),
                        _ => format!("{}, {}", w(at), w(at + 4)),
                    };
                    let _ = writeln!(out, "        {op} {v}");
                }
                print_bytes_at("        ", &d[n * size..], out);
            }
            (
                note::INPUTS | note::OUTPUTS | note::GLOBAL_BUFFERS | note::SCRATCH_BUFFERS | note::PERSISTENT_BUFFERS,
                _,
            ) => {
                out.push('\n');
                print_words(d, out);
            }
            (note::EARLYEXIT | note::CONDOUT | note::UAV_OP_MASK | note::UAV_MAILBOX_SIZE, _) if d.len() == 4 => {
                let _ = writeln!(out, " {}", w(0));
            }
            _ => {
                out.push('\n');
                print_bytes_at("        ", d, out);
            }
        }
    }
}

/// A kernel's raw parts as clrxdisasm prints them without `-C`: with `-m` its `.header` and
/// `.metadata`, with `-d` its `.data`, with `-a` its CAL notes.
pub fn print_raw(k: &AmdKernelBin, metadata: bool, data: bool, notes: bool, out: &mut String) {
    if metadata {
        if !k.header.is_empty() {
            out.push_str("    .header\n");
            print_bytes_at("        ", &k.header, out);
        }
        if !k.metadata.is_empty() {
            out.push_str("    .metadata\n");
            print_long_string(&k.metadata, out);
        }
    }
    if data && !k.data.is_empty() {
        out.push_str("    .data\n");
        print_bytes_at("        ", &k.data, out);
    }
    if notes {
        print_notes(&k.notes, out);
    }
}

/// The lines before the kernels: format, device, bitness, with `-m` the compile options and
/// driver info, with `-d` the global data.
pub fn print_head(b: &AmdBinary, metadata: bool, data: bool, out: &mut String) {
    let _ = writeln!(out, ".amd\n.gpu {}", b.device.name);
    out.push_str(if b.is64 { ".64bit\n" } else { ".32bit\n" });
    if metadata {
        let _ = writeln!(out, ".compile_options \"{}\"", escape(&b.compile_options));
        let _ = writeln!(out, ".driver_info \"{}\"", escape(&b.driver_info));
    }
    if data && !b.global_data.is_empty() {
        out.push_str(".globaldata\n");
        print_bytes(&b.global_data, out);
    }
}

/// A kernel's `.config` lines, as clrxdisasm `-C` prints them.
pub fn print_config(c: &KernelConfig, out: &mut String) {
    out.push_str("    .config\n");
    if c.dims != DEFAULT {
        let letters = |m: u32| -> String {
            "xyz"
                .chars()
                .enumerate()
                .filter(|(i, _)| m >> i & 1 != 0)
                .map(|x| x.1)
                .collect()
        };
        let _ = write!(out, "        .dims {}", letters(c.dims & 7));
        if c.dims & 7 != (c.dims >> 3) & 7 {
            let _ = write!(out, ", {}", letters(c.dims >> 3 & 7));
        }
        out.push('\n');
    }
    if c.cws != [0; 3] {
        let _ = writeln!(out, "        .cws {}, {}, {}", c.cws[0], c.cws[1], c.cws[2]);
    }
    let _ = writeln!(out, "        .sgprsnum {}\n        .vgprsnum {}", c.sgprs, c.vgprs);
    if c.hw_region != 0 && c.hw_region != DEFAULT {
        let _ = writeln!(out, "        .hwregion {}", c.hw_region);
    }
    if c.hw_local != 0 {
        let _ = writeln!(out, "        .hwlocal {}", c.hw_local);
    }
    let _ = writeln!(out, "        .floatmode 0x{:02x}", c.float_mode);
    if c.scratch != 0 {
        let _ = writeln!(out, "        .scratchbuffer {}", c.scratch);
    }
    for (v, name) in [
        (c.uav_id, "uavid"),
        (c.uav_private, "uavprivate"),
        (c.printf_id, "printfid"),
        (c.private_id, "privateid"),
        (c.cb_id, "cbid"),
    ] {
        if v != DEFAULT {
            let _ = writeln!(out, "        .{name} {v}");
        }
    }
    let _ = writeln!(
        out,
        "        .earlyexit {}\n        .condout {}\n        .pgmrsrc2 0x{:08x}",
        c.early_exit, c.cond_out, c.pgmrsrc2
    );
    for (on, name) in [
        (c.ieee_mode, "ieeemode"),
        (c.tg_size, "tgsize"),
        (c.use_printf, "useprintf"),
        (c.use_const_data, "useconstdata"),
    ] {
        if on {
            let _ = writeln!(out, "        .{name}");
        }
    }
    if c.exceptions & 0x7f != 0 {
        let _ = writeln!(out, "        .exceptions 0x{:02x}", c.exceptions & 0x7f);
    }
    for u in &c.user_data {
        let class = DATA_CLASSES.iter().find(|d| d.1 == u[0]).map_or("unknown", |d| d.0);
        let _ = writeln!(out, "        .userdata {class}, {}, {}, {}", u[1], u[2], u[3]);
    }
    for a in &c.args {
        print_arg(a, out);
    }
    for s in &c.samplers {
        let _ = writeln!(out, "        .sampler 0x{s:x}");
    }
}

fn print_arg(a: &Arg, out: &mut String) {
    let _ = write!(
        out,
        "        .arg {}, \"{}\", {}",
        a.name,
        a.type_name,
        kind_name(a.kind)
    );
    match a.pointer {
        None => {
            if a.kind == ArgKind::Structure {
                let _ = write!(out, ", {}", a.struct_size);
            }
            if let ArgKind::Image(_) = a.kind {
                out.push_str(match a.access & 3 {
                    1 => ", read_only",
                    2 => ", write_only",
                    3 => ", read_write",
                    _ => ", ",
                });
            }
            if matches!(a.kind, ArgKind::Image(_) | ArgKind::Counter32) {
                let _ = write!(out, ", {}", a.res_id);
            }
        }
        Some(space) => {
            out.push('*');
            if a.kind == ArgKind::Structure {
                let _ = write!(out, ", {}", a.struct_size);
            }
            out.push_str(match space {
                Space::Constant => ", constant",
                Space::Local => ", local",
                Space::Global => ", global",
            });
            if a.access & (4 | 8 | 16) != 0 {
                out.push(',');
                for (bit, q) in [(4, " const"), (8, " restrict"), (16, " volatile")] {
                    if a.access & bit != 0 {
                        out.push_str(q);
                    }
                }
            } else {
                out.push_str(", ");
            }
            if space == Space::Constant {
                let _ = write!(out, ", {}", a.const_size);
            }
            if space != Space::Local {
                let _ = write!(out, ", {}", a.res_id);
            }
        }
    }
    out.push_str(if a.used { "\n" } else { ", unused\n" });
}
