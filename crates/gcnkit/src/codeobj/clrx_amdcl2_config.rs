//! The kernel configuration of CLRX's `.amdcl2` format ([`super::clrx_amdcl2`]): the
//! `.config` pseudo-ops and the OpenCL 2.0 `.arg` forms as clrxasm 0.1.9 reads them (its
//! errors included), CLRX's table of argument types, and the register counts clrxasm gives a
//! kernel that leaves them out.

use super::clrx_amd_config::{arg_head, fields, parse_dims, value32, ARG_IMAGES, ARG_SCALARS, ARG_VECTORS, DEFAULT};
use super::clrx_config::{clrx_value, ConfigBuilder, Device};
use crate::arch::Arch;

/// The OpenCL type codes of [`ARG_SCALARS`]' scalars in the metadata (CLRX's
/// `argTypeSizesTable`).
const SCALAR_CODES: [u8; 10] = [6, 6, 7, 7, 8, 8, 9, 9, 11, 12];

/// CLRX's argument types (`KernelArgType`), by their number: `void`, the scalars, `pointer`,
/// the images, the vectors (by scalar, then [`ARG_VECTORS`]), then these.
pub const T_POINTER: u8 = 11;
pub const T_SAMPLER: u8 = 69;
pub const T_STRUCTURE: u8 = 70;
pub const T_COUNTER32: u8 = 71;
pub const T_COUNTER64: u8 = 72;
pub const T_PIPE: u8 = 73;
pub const T_QUEUE: u8 = 74;
pub const T_CLKEVENT: u8 = 75;
const TYPES: u8 = 76;
/// The last types' `.arg` names, default type names and (code, element size, vector size).
const LAST_TYPES: [(&str, &str, (u8, u8, u8)); 7] = [
    ("sampler", "sampler_t", (0, 16, 1)),
    ("structure", "structure", (15, 0, 0)),
    ("counter32", "counter32_t", (0, 0, 0)),
    ("counter64", "counter64_t", (0, 0, 0)),
    ("pipe", "pipe", (7, 16, 1)),
    ("queue", "queue_t", (18, 16, 1)),
    ("clkevent", "clk_event_t", (7, 8, 1)),
];

pub fn is_image(t: u8) -> bool {
    (12..=18).contains(&t)
}

/// A type's `.arg` name (none for `pointer`) and default type name.
pub fn type_names(t: u8) -> (String, String) {
    match t {
        0 => ("void".into(), "void".into()),
        1..=10 => (
            ARG_SCALARS[t as usize - 1].0.into(),
            ARG_SCALARS[t as usize - 1].0.into(),
        ),
        T_POINTER => (String::new(), "pointer".into()),
        12..=18 => (
            ARG_IMAGES[t as usize - 12].0.into(),
            ARG_IMAGES[t as usize - 12].1.into(),
        ),
        19..=68 => {
            let (s, v) = ((t - 19) / 5, ARG_VECTORS[((t - 19) % 5) as usize]);
            let n = format!("{}{v}", ARG_SCALARS[s as usize].0);
            (n.clone(), n)
        }
        _ => {
            let (n, d, _) = LAST_TYPES[(t - T_SAMPLER) as usize];
            (n.into(), d.into())
        }
    }
}

/// A type's metadata code, element size and vector size (CLRX's `argTypeSizesTable`).
pub fn type_sizes(t: u8) -> (u8, u8, u8) {
    let scalar = |s: usize| (SCALAR_CODES[s], ARG_SCALARS[s].2 as u8);
    match t {
        0 => (6, 1, 1),
        1..=10 => {
            let (c, e) = scalar(t as usize - 1);
            (c, e, 1)
        }
        T_POINTER => (7, 8, 1),
        12..=18 => (0, 32, 1),
        19..=68 => {
            let (c, e) = scalar(((t - 19) / 5) as usize);
            (c, e, ARG_VECTORS[((t - 19) % 5) as usize] as u8)
        }
        _ => LAST_TYPES[(t - T_SAMPLER) as usize].2,
    }
}

/// Signed scalars (`char`, `short`, `int`, `long`): drivers 16.3 on code them 4 less.
pub fn is_signed_scalar(t: u8) -> bool {
    matches!(t, 2 | 4 | 6 | 8)
}

/// Pointer spaces (CLRX's `KernelPtrSpace`).
pub const SPACE_NONE: u8 = 0;
pub const SPACE_LOCAL: u8 = 1;
pub const SPACE_CONSTANT: u8 = 2;
pub const SPACE_GLOBAL: u8 = 3;

/// Access bits: 1 read-only, 2 write-only, 3 read-write (images), 4 const, 8 restrict,
/// 16 volatile.
pub const READ_ONLY: u8 = 1;
pub const WRITE_ONLY: u8 = 2;
pub const READ_WRITE: u8 = 3;
pub const CONST: u8 = 4;
pub const RESTRICT: u8 = 8;
pub const VOLATILE: u8 = 16;

/// One OpenCL 2.0 argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cl2Arg {
    pub name: String,
    pub type_name: String,
    /// Its type ([`T_POINTER`] for a pointer).
    pub ty: u8,
    /// A pointer's target type (0 otherwise).
    pub ptr_ty: u8,
    pub space: u8,
    pub access: u8,
    pub struct_size: u32,
    pub res_id: u32,
    /// 0 unused, 1 read, 2 written, 3 both.
    pub used: u8,
}

/// The six arguments `.setupargs` puts first (global offsets, printf buffer, queue and AQL
/// wrap pointers). (CLRX's table gives the printf buffer "read and written", but its
/// initializer puts that 3 in the structure size: the arguments are unused.)
pub fn setup_args(is64: bool) -> Vec<Cl2Arg> {
    let size_t = if is64 { 8 } else { 6 };
    let arg = |name: &str, ty: u8, space: u8, used: u32| Cl2Arg {
        name: name.into(),
        type_name: "size_t".into(),
        ty,
        ptr_ty: 0,
        space,
        access: 0,
        struct_size: used,
        res_id: 0,
        used: 0,
    };
    vec![
        arg("_.global_offset_0", size_t, SPACE_NONE, 0),
        arg("_.global_offset_1", size_t, SPACE_NONE, 0),
        arg("_.global_offset_2", size_t, SPACE_NONE, 0),
        arg("_.printf_buffer", T_POINTER, SPACE_GLOBAL, 3),
        arg("_.vqueue_pointer", size_t, SPACE_NONE, 0),
        arg("_.aqlwrap_pointer", size_t, SPACE_NONE, 0),
    ]
}

/// A kernel's `.config` (CLRX's `AmdCL2KernelConfig`).
#[derive(Clone, Debug)]
pub struct Cl2Config {
    pub args: Vec<Cl2Arg>,
    pub samplers: Vec<u32>,
    /// `.dims` (bit 8: given as two fields).
    pub dims: u32,
    pub reqd_work_group_size: [u32; 3],
    pub work_group_size_hint: [u32; 3],
    pub vec_type_hint: String,
    pub sgprs: u32,
    pub vgprs: u32,
    pub pgmrsrc1: u32,
    pub pgmrsrc2: u32,
    pub float_mode: u32,
    pub priority: u32,
    pub local_size: u32,
    pub gds_size: u32,
    pub scratch: u32,
    pub exceptions: u32,
    pub ieee_mode: bool,
    pub tg_size: bool,
    pub debug_mode: bool,
    pub priv_mode: bool,
    pub dx10_clamp: bool,
    pub use_setup: bool,
    pub use_args: bool,
    pub use_enqueue: bool,
    pub use_generic: bool,
}

impl Default for Cl2Config {
    fn default() -> Self {
        Cl2Config {
            args: Vec::new(),
            samplers: Vec::new(),
            dims: DEFAULT,
            reqd_work_group_size: [0; 3],
            work_group_size_hint: [0; 3],
            vec_type_hint: String::new(),
            sgprs: DEFAULT,
            vgprs: DEFAULT,
            pgmrsrc1: 0,
            pgmrsrc2: 0,
            float_mode: 0xc0,
            priority: 0,
            local_size: 0,
            gds_size: 0,
            scratch: 0,
            exceptions: 0,
            ieee_mode: false,
            tg_size: false,
            debug_mode: false,
            priv_mode: false,
            dx10_clamp: false,
            use_setup: false,
            use_args: false,
            use_enqueue: false,
            use_generic: false,
        }
    }
}

/// The pseudo-ops of both forms that an `.hsaconfig` puts in the kernel's HSA header.
const HSA_TOO: [&str; 15] = [
    "dims",
    "sgprsnum",
    "vgprsnum",
    "pgmrsrc1",
    "pgmrsrc2",
    "floatmode",
    "priority",
    "exceptions",
    "localsize",
    "scratchbuffer",
    "ieeemode",
    "tgsize",
    "debugmode",
    "privmode",
    "dx10clamp",
];

/// The ROCm header pseudo-ops clrxasm refuses in this format ("ROCm pseudo-op can be defined
/// only in ROCm format code": GCN 1.5's and the segment sizes' other names).
const ROCM_ONLY: [&str; 5] = [
    "pgmrsrc3",
    "shared_vgprs",
    "use_wave32",
    "group_segment_fixed_size",
    "private_segment_fixed_size",
];

/// Is `.name` a pseudo-op only an `.hsaconfig` takes: a ROCm header pseudo-op that is not one
/// of the `.config` form's too nor GCN 1.5's?
fn hsa_only(name: &str) -> bool {
    super::clrx_config::is_header_op(name) && !HSA_TOO.contains(&name) && !ROCM_ONLY.contains(&name)
}

/// The pseudo-ops of both forms that go into the kernel's metadata.
const METADATA_LINES: [&str; 7] = [
    "arg",
    "cws",
    "reqd_work_group_size",
    "work_group_size_hint",
    "vectypehint",
    "sampler",
    "setupargs",
];

/// The data of a `.control_directive`.
const CONTROL_DATA: [&str; 10] = [
    "byte", "short", "hword", "int", "long", "quad", "word", "fill", "skip", "space",
];

/// One line of a kernel configured by `.hsaconfig` or `.control_directive` (clrxasm's rules):
/// the header's pseudo-ops (ROCm's, with `.localsize`, `.gdssize` and `.scratchbuffer` the
/// group, GDS and private segment sizes) go to `h`, the metadata's (`.arg`, `.cws`...) to `c`.
pub fn hsa_line(
    h: &mut ConfigBuilder,
    c: &mut Cl2Config,
    device: &Device,
    is64: bool,
    pseudo_op: &str,
    args: &str,
) -> Result<(), String> {
    let name = pseudo_op.trim().trim_start_matches('.').to_ascii_lowercase();
    let args = args.trim();
    match name.as_str() {
        "config" => Err("Config and HSAConfig can't be mixed".into()),
        "hsaconfig" => h.set("config", args),
        "control_directive" => h.set("control_directive", args),
        "usesetup" | "useargs" | "useenqueue" | "usegeneric" => Err("Illegal config pseudo-op in HSAConfig".into()),
        "default_hsa_features" if args.is_empty() => {
            h.amdcl2_default_features(is64);
            Ok(())
        }
        "default_hsa_features" => Err("Garbages at end of line".into()),
        "gdssize" => {
            if clrx_value(args)? > 65536 {
                return Err("GDSSize out of range (0-65536)".into());
            }
            h.set("gds_segment_size", args)
        }
        n if METADATA_LINES.contains(&n) => c.set(device, is64, pseudo_op, args),
        n if HSA_TOO.contains(&n) || hsa_only(n) || CONTROL_DATA.contains(&n) => h.set(n, args),
        _ => Err(format!(
            "unknown or misplaced pseudo-op in a kernel's .hsaconfig: .{name}"
        )),
    }
}

/// `.cws`-like sizes: up to three values, 1 where left out (`.cws 6,` and `.cws 3,,71` too,
/// as clrxasm takes them); none of them 0 unless all are.
pub(crate) fn sizes3(args: &str) -> Result<[u32; 3], String> {
    let f = fields(args);
    if f.len() > 3 {
        return Err("Garbages at end of line".into());
    }
    let mut v = [1u32; 3];
    for (k, s) in f.iter().enumerate() {
        if !s.is_empty() {
            v[k] = value32(s)?;
        }
    }
    if v != [0; 3] && v.contains(&0) {
        return Err("Group size comment must be not zero".into());
    }
    Ok(v)
}

impl Cl2Config {
    /// One line of the config: `pseudo_op` (`.dims`) and the rest of its line; `is64` for
    /// `.setupargs`.
    pub fn set(&mut self, device: &Device, is64: bool, pseudo_op: &str, args: &str) -> Result<(), String> {
        let name = pseudo_op.trim().trim_start_matches('.').to_ascii_lowercase();
        let args = args.trim();
        let flag = |s: &str| {
            if s.is_empty() {
                Ok(true)
            } else {
                Err("Garbages at end of line".to_string())
            }
        };
        let max = |s: &str, max: u64, what: &str| -> Result<u32, String> {
            let v = clrx_value(s)?;
            if v > max {
                return Err(format!("{what} out of range (0-{max})"));
            }
            Ok(v as u32)
        };
        match name.as_str() {
            "config" => {
                flag(args)?;
            }
            "dims" => {
                let two = fields(args).len() == 2;
                self.dims = parse_dims(args)? | if two { 0x100 } else { 0 };
            }
            "sgprsnum" => self.sgprs = max(args, device.max_sgprs(), "Used SGPRs number")?,
            "vgprsnum" => self.vgprs = max(args, 256, "Used VGPRs number")?,
            "pgmrsrc1" => self.pgmrsrc1 = value32(args)?,
            "pgmrsrc2" => self.pgmrsrc2 = value32(args)?,
            "floatmode" => self.float_mode = value32(args)? & 0xff,
            "priority" => self.priority = value32(args)? & 3,
            "exceptions" => self.exceptions = value32(args)? & 0x7f,
            "localsize" => self.local_size = max(args, 32768, "LocalSize")?,
            "gdssize" => self.gds_size = max(args, 65536, "GDSSize")?,
            "scratchbuffer" => self.scratch = value32(args)?,
            "ieeemode" => self.ieee_mode = flag(args)?,
            "tgsize" => self.tg_size = flag(args)?,
            "debugmode" => self.debug_mode = flag(args)?,
            "privmode" => self.priv_mode = flag(args)?,
            "dx10clamp" => self.dx10_clamp = flag(args)?,
            "usesetup" => self.use_setup = flag(args)?,
            "useargs" => self.use_args = flag(args)?,
            "useenqueue" => self.use_enqueue = flag(args)?,
            "usegeneric" => self.use_generic = flag(args)?,
            "cws" | "reqd_work_group_size" => self.reqd_work_group_size = sizes3(args)?,
            "work_group_size_hint" => self.work_group_size_hint = sizes3(args)?,
            "vectypehint" => {
                if args.is_empty() || !args.chars().all(|c| c.is_ascii_alphanumeric() || "_.$".contains(c)) {
                    return Err("Expected vectypehint".into());
                }
                self.vec_type_hint = args.into();
            }
            "sampler" => {
                if !args.is_empty() {
                    for s in fields(args) {
                        self.samplers.push(value32(&s)?);
                    }
                }
            }
            "setupargs" => {
                if !self.args.is_empty() {
                    return Err("SetupArgs must be as first in argument list".into());
                }
                flag(args)?;
                self.args = setup_args(is64);
            }
            "arg" => {
                let a = parse_arg(args)?;
                if self.args.iter().any(|x| x.name == a.name) {
                    return Err(format!("Kernel argument '{}' is already defined", a.name));
                }
                self.args.push(a);
            }
            n if hsa_only(n) => return Err("HSAConfig pseudo-op only in HSAConfig".into()),
            _ => return Err(format!("unknown or misplaced pseudo-op in a kernel's .config: .{name}")),
        }
        Ok(())
    }

    /// Registers clrxasm gives a kernel whose config leaves them out (`code`: the SGPRs and
    /// VGPRs its code uses), and its check of a given SGPR count; `unified`: `.policy` 200 on
    /// (`.sgprsnum` counts VCC and the other extra SGPRs).
    pub fn default_registers(&mut self, device: &Device, unified: bool, code: (u32, u32)) -> Result<(), String> {
        let user = if self.use_generic {
            12
        } else if self.use_enqueue {
            10
        } else if self.use_setup {
            8
        } else if self.use_args {
            6
        } else {
            4
        };
        let dims = if self.dims != DEFAULT {
            self.dims
        } else {
            super::clrx_amd_config::default_dims(self.pgmrsrc2)
        };
        let (min_s, min_v) = super::clrx_amd_config::min_registers(dims, user, self.tg_size, self.scratch != 0);
        let extra = if self.use_enqueue || self.use_generic {
            if device.arch >= Arch::Gcn12 {
                6
            } else {
                4
            }
        } else {
            2
        };
        let total = device.max_sgprs() as u32;
        if self.vgprs == DEFAULT {
            self.vgprs = min_v.max(code.1);
        }
        if self.sgprs != DEFAULT {
            if unified {
                self.sgprs = self.sgprs.max(extra) - extra;
            }
            if total - extra < self.sgprs {
                return Err(format!("is too high (max {total})"));
            }
        } else {
            self.sgprs = (total - extra).min(min_s.max(code.0));
        }
        Ok(())
    }
}

/// `.arg NAME, ["TYPENAME",] TYPE[*] ...` in CLRX's OpenCL 2.0 forms.
pub fn parse_arg(args: &str) -> Result<Cl2Arg, String> {
    let f = fields(args);
    let mut it = f.iter().map(|s| s.as_str()).peekable();
    let (name, type_name, ty, pointer) = arg_head(&mut it)?;
    let lower = ty.to_ascii_lowercase();
    let Some(t) = (0..TYPES).find(|&t| t != T_POINTER && type_names(t).0 == lower) else {
        return Err(format!("Unknown argument type '{ty}'"));
    };
    if !pointer && t == T_COUNTER64 {
        return Err("Unsupported counter64 type".into());
    }
    if pointer && (is_image(t) || matches!(t, T_SAMPLER | T_COUNTER32 | T_COUNTER64)) {
        return Err("Illegal pointer type".into());
    }
    let type_name = type_name.unwrap_or_else(|| {
        let d = type_names(t).1;
        if pointer {
            d + "*"
        } else {
            d
        }
    });
    let mut a = Cl2Arg {
        name: name.into(),
        type_name,
        ty: if pointer { T_POINTER } else { t },
        ptr_ty: if pointer { t } else { 0 },
        space: SPACE_NONE,
        access: 0,
        struct_size: 0,
        res_id: DEFAULT,
        used: 3,
    };
    let mut last = false;
    if pointer {
        if t == T_STRUCTURE {
            a.struct_size = value32(it.next().ok_or("Expected ',' before argument")?)?;
        }
        a.space = match it
            .next()
            .ok_or("Expected ',' before argument")?
            .to_ascii_lowercase()
            .as_str()
        {
            "local" => SPACE_LOCAL,
            "global" => SPACE_GLOBAL,
            "constant" => SPACE_CONSTANT,
            _ => return Err("Unknown pointer space".into()),
        };
        if let Some(acc) = it.next() {
            last = true;
            for q in acc.split_whitespace() {
                a.access |= match q.to_ascii_lowercase().as_str() {
                    "const" => CONST,
                    "restrict" => RESTRICT,
                    "volatile" => VOLATILE,
                    _ => return Err("Unknown access qualifier".into()),
                };
            }
        }
    } else if is_image(t) {
        a.space = SPACE_GLOBAL;
        a.access = READ_ONLY;
        if let Some(acc) = it.next() {
            a.access = match acc {
                "read_only" | "rdonly" | "" => READ_ONLY,
                "write_only" | "wronly" => WRITE_ONLY,
                "read_write" | "rdwr" => READ_WRITE,
                _ => return Err("Unknown access qualifier".into()),
            };
            if let Some(s) = it.next() {
                last = true;
                if !s.is_empty() {
                    a.res_id = value32(s)?;
                }
                let max = if a.access == READ_ONLY { 127 } else { 7 };
                if a.res_id != DEFAULT && a.res_id > max {
                    return Err(format!("Resource Id out of range (0-{max})"));
                }
            }
        }
    } else if t == T_SAMPLER {
        if let Some(s) = it.next() {
            last = true;
            a.res_id = value32(s)?;
            if a.res_id != DEFAULT && a.res_id > 15 {
                return Err("Sampler Id out of range (0-15)".into());
            }
        }
    } else {
        if t == T_STRUCTURE {
            a.struct_size = value32(it.next().ok_or("Expected ',' before argument")?)?;
        }
        last = true;
    }
    if last {
        if let Some(u) = it.next() {
            a.used = match u.to_ascii_lowercase().as_str() {
                "unused" => 0,
                "rdonly" => 1,
                "wronly" => 2,
                _ => return Err("This is not 'unused' specifier".into()),
            };
        }
    }
    if it.next().is_some() {
        return Err("Garbages at end of line".into());
    }
    Ok(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_read_back_by_name() {
        for t in (0..TYPES).filter(|&t| t != T_POINTER && t != T_COUNTER64) {
            let n = type_names(t).0;
            let size = if t == T_STRUCTURE { ", 8" } else { "" };
            let a = parse_arg(&format!("x, {n}{size}")).unwrap_or_else(|e| panic!("{n}: {e}"));
            assert_eq!(a.ty, t, "{n}");
        }
        assert_eq!(type_sizes(T_QUEUE), (18, 16, 1));
        assert_eq!(type_sizes(19 + 5 * 9 + 2), (12, 8, 4)); // double4
    }

    #[test]
    fn pointer_forms() {
        let a = parse_arg("v, \"float*\", float*, global, const restrict, rdonly").unwrap();
        assert_eq!(
            (a.ty, a.ptr_ty, a.space, a.access, a.used),
            (T_POINTER, 9, SPACE_GLOBAL, CONST | RESTRICT, 1)
        );
        assert!(parse_arg("v, float*, global").unwrap().used == 3);
        assert!(parse_arg("v, float*, global, , wronly, x").is_err());
        assert!(parse_arg("s, sampler*, global").is_err());
    }
}
