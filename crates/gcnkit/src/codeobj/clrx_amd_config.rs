//! The kernel configuration of CLRX's `.amd` format ([`super::clrx_amd`]): the `.config`
//! pseudo-ops and `.arg` forms as clrxasm 0.1.9 reads them (its errors included), the tables
//! of argument types and user-data classes, and the register counts clrxasm gives a kernel
//! that leaves them out. The helpers for config values are shared with `.gallium`'s config.

use super::clrx_config::{clrx_value, Device};

/// "Not given": the generator fills it in.
pub(crate) const DEFAULT: u32 = u32::MAX;
/// "Not supplied": the field is left out.
pub(crate) const NOT_SUPPLIED: u32 = u32::MAX - 1;

/// `.arg`'s scalar types: CLRX's name, the metadata's name, element size.
pub(crate) const ARG_SCALARS: [(&str, &str, u32); 10] = [
    ("uchar", "u8", 1),
    ("char", "i8", 1),
    ("ushort", "u16", 2),
    ("short", "i16", 2),
    ("uint", "u32", 4),
    ("int", "i32", 4),
    ("ulong", "u64", 8),
    ("long", "i64", 8),
    ("float", "float", 4),
    ("double", "double", 8),
];

/// Vector lengths of `.arg`'s vector types (`float4`).
pub(crate) const ARG_VECTORS: [u32; 5] = [2, 3, 4, 8, 16];

/// `.arg`'s image types: name, the type name it defaults to, the metadata's dimension.
pub(crate) const ARG_IMAGES: [(&str, &str, &str); 7] = [
    ("image", "image2d_t", "2D"),
    ("image1d", "image1d_t", "1D"),
    ("image1d_array", "image1d_array_t", "1DA"),
    ("image1d_buffer", "image1d_buffer_t", "1DB"),
    ("image2d", "image2d_t", "2D"),
    ("image2d_array", "image2d_array_t", "2DA"),
    ("image3d", "image3d_t", "3D"),
];

/// `.userdata`'s data classes.
pub(crate) const DATA_CLASSES: [(&str, u32); 33] = [
    ("imm_resource", 0x00),
    ("imm_sampler", 0x01),
    ("imm_const_buffer", 0x02),
    ("imm_vertex_buffer", 0x03),
    ("imm_uav", 0x04),
    ("imm_alu_float_const", 0x05),
    ("imm_alu_bool32_const", 0x06),
    ("imm_gds_counter_range", 0x07),
    ("imm_gds_memory_range", 0x08),
    ("imm_gws_base", 0x09),
    ("imm_work_item_range", 0x0a),
    ("imm_work_group_range", 0x0b),
    ("imm_dispatch_id", 0x0c),
    ("imm_scratch_buffer", 0x0d),
    ("imm_heap_buffer", 0x0e),
    ("imm_kernel_arg", 0x0f),
    ("sub_ptr_fetch_shader", 0x10),
    ("ptr_resource_table", 0x11),
    ("ptr_internal_resource_table", 0x12),
    ("ptr_sampler_table", 0x13),
    ("ptr_const_buffer_table", 0x14),
    ("ptr_vertex_buffer_table", 0x15),
    ("ptr_so_buffer_table", 0x16),
    ("ptr_uav_table", 0x17),
    ("ptr_internal_global_table", 0x18),
    ("ptr_extended_user_data", 0x19),
    ("ptr_indirect_resource", 0x1a),
    ("ptr_indirect_internal_resource", 0x1b),
    ("ptr_indirect_uav", 0x1c),
    ("imm_context_base", 0x1d),
    ("imm_lds_esgs_size", 0x1e),
    ("imm_global_offset", 0x1f),
    ("imm_generic_user_data", 0x20),
];

/// What an argument is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// `void` (index 0) or a scalar of [`ARG_SCALARS`] (index + 1), `vec` elements.
    Value {
        scalar: u8,
        vec: u32,
    },
    Image(u8),
    Sampler,
    Structure,
    Counter32,
    Counter64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Local,
    Constant,
    Global,
}

/// One `.arg`.
#[derive(Clone, Debug)]
pub struct Arg {
    pub name: String,
    pub type_name: String,
    pub kind: ArgKind,
    /// A pointer to `kind`, in this space.
    pub pointer: Option<Space>,
    /// Access bits: 1 read-only, 2 write-only (images), 4 const, 8 restrict, 16 volatile.
    pub access: u8,
    pub struct_size: u32,
    pub const_size: u32,
    pub res_id: u32,
    pub used: bool,
}

pub(crate) const CONST: u8 = 4;
pub(crate) const RESTRICT: u8 = 8;
pub(crate) const VOLATILE: u8 = 16;
pub(crate) const READ_ONLY: u8 = 1;
pub(crate) const WRITE_ONLY: u8 = 2;

impl Arg {
    /// An argument of `kind` used by the kernel, before any qualifier.
    pub(crate) fn new(name: &str, type_name: String, kind: ArgKind) -> Arg {
        Arg {
            name: name.to_string(),
            type_name,
            kind,
            pointer: None,
            access: 0,
            struct_size: 0,
            const_size: 0,
            res_id: DEFAULT,
            used: true,
        }
    }

    pub(crate) fn image(&self) -> Option<u8> {
        match (self.pointer, self.kind) {
            (None, ArgKind::Image(k)) => Some(k),
            _ => None,
        }
    }
}

/// A kernel's `.config`, as its pseudo-ops set it.
#[derive(Clone, Debug)]
pub struct KernelConfig {
    pub dims: u32,
    pub sgprs: u32,
    pub vgprs: u32,
    pub pgmrsrc2: u32,
    pub float_mode: u32,
    pub ieee_mode: bool,
    pub hw_local: u32,
    pub hw_region: u32,
    pub scratch: u32,
    pub uav_private: u32,
    pub uav_id: u32,
    pub cb_id: u32,
    pub printf_id: u32,
    pub private_id: u32,
    pub early_exit: u32,
    pub cond_out: u32,
    pub exceptions: u32,
    pub tg_size: bool,
    pub use_const_data: bool,
    pub use_printf: bool,
    pub cws: [u32; 3],
    pub user_data: Vec<[u32; 4]>,
    pub samplers: Vec<u32>,
    pub args: Vec<Arg>,
}

impl Default for KernelConfig {
    fn default() -> Self {
        KernelConfig {
            dims: DEFAULT,
            sgprs: DEFAULT,
            vgprs: DEFAULT,
            pgmrsrc2: 0,
            float_mode: 0xc0,
            ieee_mode: false,
            hw_local: 0,
            hw_region: DEFAULT,
            scratch: 0,
            uav_private: DEFAULT,
            uav_id: DEFAULT,
            cb_id: DEFAULT,
            printf_id: DEFAULT,
            private_id: DEFAULT,
            early_exit: 0,
            cond_out: 0,
            exceptions: 0,
            tg_size: false,
            use_const_data: false,
            use_printf: false,
            cws: [0; 3],
            user_data: Vec::new(),
            samplers: Vec::new(),
            args: Vec::new(),
        }
    }
}

/// Options of the whole source that change how config lines read.
#[derive(Clone, Copy, Debug)]
pub struct ConfigRules {
    pub device: &'static Device,
    /// `.policy` 200 and later: `.sgprsnum` counts VCC.
    pub unified_sgprs: bool,
}

pub(crate) fn max_sgprs_no_vcc(d: &Device) -> u32 {
    d.max_sgprs() as u32 - 2
}

/// A comma-separated list, a quoted string kept whole.
/// The head of an `.arg` line: the argument's name, the type name given in quotes (if any),
/// the type and whether it is a pointer (`TYPE*`); `it` is left after the type.
pub(crate) fn arg_head<'a>(
    it: &mut impl Iterator<Item = &'a str>,
) -> Result<(&'a str, Option<String>, &'a str, bool), String> {
    let name = it.next().filter(|n| !n.is_empty()).ok_or("Expected argument name")?;
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || "_.$".contains(c)) {
        return Err(format!("Illegal argument name '{name}'"));
    }
    let mut type_name = None;
    let mut ty = it.next().ok_or("Expected ',' before argument")?;
    if ty.starts_with('"') {
        let s = ty.trim_matches('"');
        type_name = Some(s.replace("\\\"", "\"").replace("\\\\", "\\"));
        ty = it.next().ok_or("Expected ',' before argument")?;
    }
    let (ty, pointer) = match ty.strip_suffix('*') {
        Some(t) => (t.trim(), true),
        None => (ty, false),
    };
    Ok((name, type_name, ty, pointer))
}

pub(crate) fn fields(args: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut esc = false;
    for ch in args.chars() {
        if quoted {
            out.last_mut().unwrap().push(ch);
            if esc {
                esc = false;
            } else if ch == '\\' {
                esc = true;
            } else if ch == '"' {
                quoted = false;
            }
        } else if ch == ',' {
            out.push(String::new());
        } else {
            if ch == '"' {
                quoted = true;
            }
            out.last_mut().unwrap().push(ch);
        }
    }
    out.iter().map(|s| s.trim().to_string()).collect()
}

pub(crate) fn value32(s: &str) -> Result<u32, String> {
    Ok(clrx_value(s)? as u32)
}

/// A value of at most `max`, else clrxasm's "`what` out of range (0-`max`)".
pub(crate) fn bounded(s: &str, max: u32, what: &str) -> Result<u32, String> {
    let v = clrx_value(s)?;
    if v > max as u64 {
        return Err(format!("{what} out of range (0-{max})"));
    }
    Ok(v as u32)
}

/// `.dims GID[, LID]` (letters of `xyz`): the group ids in bits 0-2, the local ids in 3-5
/// (the same as the group ids when not given).
pub(crate) fn parse_dims(args: &str) -> Result<u32, String> {
    let f = fields(args);
    let dims = |s: &str| -> Result<u32, String> {
        s.chars().try_fold(0, |m, c| match c.to_ascii_lowercase() {
            'x' => Ok(m | 1),
            'y' => Ok(m | 2),
            'z' => Ok(m | 4),
            _ => Err("Unknown dimension type".to_string()),
        })
    };
    let gid = dims(&f[0])?;
    match f.len() {
        1 => Ok(gid | gid << 3),
        2 => Ok(gid | dims(&f[1])? << 3),
        _ => Err("Garbages at end of line".into()),
    }
}

/// The dimensions a PGM_RSRC2 enables (CLRX's `getDefaultDimMask`): its group ids, and
/// local ids up to its count.
pub(crate) fn default_dims(rsrc2: u32) -> u32 {
    ((rsrc2 >> 7) & 7) | [1, 3, 7, 7][((rsrc2 >> 11) & 3) as usize] << 3
}

/// The fewest SGPRs and VGPRs a kernel takes (CLRX's `getGPUSetupMinRegistersNum`): its
/// group ids, user SGPRs, `.tgsize` and scratch; its local ids.
pub(crate) fn min_registers(dims: u32, user: u32, tg_size: bool, scratch: bool) -> (u32, u32) {
    let s = (dims & 7).count_ones() + user + tg_size as u32 + scratch as u32;
    let v = if dims & 32 != 0 {
        3
    } else if dims & 16 != 0 {
        2
    } else {
        (dims & 8 != 0) as u32
    };
    (s, v)
}

impl KernelConfig {
    /// One line of the config: `pseudo_op` (`.dims`) and the rest of its line.
    pub fn set(&mut self, rules: &ConfigRules, pseudo_op: &str, args: &str) -> Result<(), String> {
        let name = pseudo_op.trim().trim_start_matches('.').to_ascii_lowercase();
        let args = args.trim();
        let optional = |s: &str| if s.is_empty() { Ok(NOT_SUPPLIED) } else { value32(s) };
        let id = |v: u32, what: &str| {
            if v != NOT_SUPPLIED && v >= 1024 {
                Err(format!("{what} out of range (0-1023)"))
            } else {
                Ok(v)
            }
        };
        let none = |s: &str| {
            if s.is_empty() {
                Ok(())
            } else {
                Err("Garbages at end of line".to_string())
            }
        };
        match name.as_str() {
            // (Again: the config goes on.)
            "config" => none(args)?,
            "dims" => self.dims = parse_dims(args)?,
            "sgprsnum" => {
                let v = clrx_value(args)?;
                let max = if rules.unified_sgprs {
                    rules.device.max_sgprs() as u32
                } else {
                    max_sgprs_no_vcc(rules.device)
                };
                if v > max as u64 {
                    return Err(format!("Used SGPRs number out of range (0-{max})"));
                }
                self.sgprs = if rules.unified_sgprs {
                    (v as u32).max(2) - 2
                } else {
                    v as u32
                };
            }
            "vgprsnum" => self.vgprs = bounded(args, 256, "Used VGPRs number")?,
            "pgmrsrc2" => self.pgmrsrc2 = value32(args)?,
            "floatmode" => self.float_mode = value32(args)? & 0xff,
            "exceptions" => self.exceptions = value32(args)? & 0x7f,
            "hwlocal" | "localsize" => self.hw_local = bounded(args, 32768, "HWLocalSize")?,
            "hwregion" => self.hw_region = value32(args)?,
            "scratchbuffer" => self.scratch = value32(args)?,
            "uavprivate" => self.uav_private = value32(args)?,
            "earlyexit" => self.early_exit = value32(args)?,
            "condout" => self.cond_out = value32(args)?,
            "uavid" => self.uav_id = id(optional(args)?, "UAVId")?,
            "cbid" => self.cb_id = id(optional(args)?, "ConstBufferId")?,
            "printfid" => self.printf_id = id(optional(args)?, "PrintfId")?,
            "privateid" => self.private_id = id(optional(args)?, "PrivateId")?,
            "ieeemode" => none(args).map(|_| self.ieee_mode = true)?,
            "tgsize" => none(args).map(|_| self.tg_size = true)?,
            "useconstdata" => none(args).map(|_| self.use_const_data = true)?,
            "useprintf" => none(args).map(|_| self.use_printf = true)?,
            "cws" | "reqd_work_group_size" => self.cws = super::clrx_amdcl2_config::sizes3(args)?,
            "userdata" => {
                let f = fields(args);
                if f.len() != 4 {
                    return Err(".userdata takes DATACLASS, APISLOT, REGSTART, REGSIZE".into());
                }
                let class = f[0].to_ascii_lowercase();
                let Some(&(_, class)) = DATA_CLASSES.iter().find(|c| c.0 == class) else {
                    return Err(format!("Unknown Data Class '{}'", f[0]));
                };
                let slot = value32(&f[1])?;
                let start = clrx_value(&f[2])?;
                if start > 15 {
                    return Err("RegStart out of range (0-15)".into());
                }
                let size = clrx_value(&f[3])?;
                if start.saturating_add(size) > 16 {
                    return Err("RegStart+RegSize out of range (0-16)".into());
                }
                if self.user_data.len() == 16 {
                    return Err("Too many UserData elements".into());
                }
                self.user_data.push([class, slot, start as u32, size as u32]);
            }
            "sampler" => {
                if !args.is_empty() {
                    for s in fields(args) {
                        self.samplers.push(value32(&s)?);
                    }
                }
            }
            "arg" => {
                let a = parse_arg(args)?;
                if self.args.iter().any(|x| x.name == a.name) {
                    return Err(format!("Kernel argument '{}' is already defined", a.name));
                }
                self.args.push(a);
            }
            _ => return Err(format!("unknown or misplaced pseudo-op in a kernel's .config: .{name}")),
        }
        Ok(())
    }
}

/// The kind a type name (`float4`, `image2d`...) gives, with its default type name.
fn arg_kind(t: &str) -> Option<(ArgKind, String)> {
    let t = t.to_ascii_lowercase();
    if t == "void" {
        return Some((ArgKind::Value { scalar: 0, vec: 1 }, "void".into()));
    }
    for (k, (n, _, _)) in ARG_SCALARS.iter().enumerate() {
        if t == *n {
            return Some((
                ArgKind::Value {
                    scalar: k as u8 + 1,
                    vec: 1,
                },
                t,
            ));
        }
        for v in ARG_VECTORS {
            if t == format!("{n}{v}") {
                return Some((
                    ArgKind::Value {
                        scalar: k as u8 + 1,
                        vec: v,
                    },
                    t,
                ));
            }
        }
    }
    if let Some(k) = ARG_IMAGES.iter().position(|i| i.0 == t) {
        return Some((ArgKind::Image(k as u8), ARG_IMAGES[k].1.into()));
    }
    Some(match t.as_str() {
        "sampler" => (ArgKind::Sampler, "sampler_t".into()),
        "structure" => (ArgKind::Structure, "structure".into()),
        "counter32" => (ArgKind::Counter32, "counter32_t".into()),
        "counter64" => (ArgKind::Counter64, "counter64_t".into()),
        _ => return None,
    })
}

/// `.arg NAME, ["TYPENAME",] TYPE[*] ...` (CLRX's forms for each kind).
fn parse_arg(args: &str) -> Result<Arg, String> {
    let f = fields(args);
    let mut it = f.iter().map(|s| s.as_str()).peekable();
    let (name, type_name, ty, pointer) = arg_head(&mut it)?;
    let (kind, default_name) = match arg_kind(ty) {
        Some(k) => k,
        None if ["pipe", "queue", "clkevent"].contains(&ty.to_ascii_lowercase().as_str()) => {
            return Err("Unknown argument type".into())
        }
        None => return Err(format!("Unknown argument type '{ty}'")),
    };
    if !pointer && kind == ArgKind::Counter64 {
        return Err("Unsupported counter64 type".into());
    }
    if pointer && !matches!(kind, ArgKind::Value { .. } | ArgKind::Structure) {
        return Err("Illegal pointer type".into());
    }
    let type_name = type_name.unwrap_or_else(|| if pointer { default_name + "*" } else { default_name });
    let mut a = Arg::new(name, type_name, kind);
    let optional_value = |s: &str| if s.is_empty() { Ok(DEFAULT) } else { value32(s) };
    let mut last = true;
    if pointer {
        if kind == ArgKind::Structure {
            a.struct_size = value32(it.next().ok_or("Expected ',' before argument")?)?;
        }
        let space = it.next().ok_or("Expected ',' before argument")?.to_ascii_lowercase();
        let space = match space.as_str() {
            "local" => Space::Local,
            "global" => Space::Global,
            "constant" => Space::Constant,
            _ => return Err("Unknown pointer space".into()),
        };
        a.pointer = Some(space);
        last = false;
        if let Some(acc) = it.next() {
            for q in acc.split_whitespace() {
                a.access |= match q.to_ascii_lowercase().as_str() {
                    "const" => CONST,
                    "restrict" => RESTRICT,
                    "volatile" => VOLATILE,
                    _ => return Err("Unknown access qualifier".into()),
                };
            }
            let mut prev = true;
            if space == Space::Constant {
                prev = false;
                if let Some(s) = it.next() {
                    a.const_size = if s.is_empty() { 0 } else { value32(s)? };
                    prev = true;
                }
            }
            if prev && space != Space::Local {
                if let Some(s) = it.next() {
                    last = true;
                    a.res_id = optional_value(s)?;
                    let max = if space == Space::Constant { 159 } else { 1023 };
                    if a.res_id != DEFAULT && a.res_id > max {
                        return Err(format!("UAVId out of range (0-{max})"));
                    }
                }
            } else {
                last = prev;
            }
        }
    } else if let ArgKind::Image(_) = kind {
        a.pointer = None;
        a.access = READ_ONLY;
        last = false;
        if let Some(acc) = it.next() {
            match acc {
                "read_only" | "rdonly" => a.access = READ_ONLY,
                "write_only" | "wronly" => a.access = WRITE_ONLY,
                "" => {}
                _ => return Err("Unknown access qualifier".into()),
            }
            if let Some(s) = it.next() {
                last = true;
                a.res_id = optional_value(s)?;
                let max = if a.access == READ_ONLY { 127 } else { 7 };
                if a.res_id != DEFAULT && a.res_id > max {
                    return Err(format!("Resource Id out of range (0-{max})"));
                }
            }
        }
    } else if kind == ArgKind::Counter32 {
        last = false;
        if let Some(s) = it.next() {
            last = true;
            a.res_id = value32(s)?;
            if a.res_id != DEFAULT && a.res_id > 7 {
                return Err("Resource Id out of range (0-7)".into());
            }
        }
    } else if kind == ArgKind::Structure {
        a.struct_size = value32(it.next().ok_or("Expected ',' before argument")?)?;
    }
    if last {
        if let Some(u) = it.next() {
            if u.eq_ignore_ascii_case("unused") {
                a.used = false;
            } else {
                return Err("This is not 'unused' specifier".into());
            }
        }
    }
    if it.next().is_some() {
        return Err("Garbages at end of line".into());
    }
    Ok(a)
}

/// The SGPR and VGPR counts clrxasm gives a kernel whose config leaves them out: the
/// dimensions' and user data's registers, or the code's if more (SGPRs at most the arch's
/// without VCC).
pub fn default_registers(device: &Device, c: &mut KernelConfig, code_sgprs: u32, code_vgprs: u32) {
    let user = c.user_data.iter().map(|u| u[2] + u[3]).max().unwrap_or(0);
    let dims = if c.dims != DEFAULT {
        c.dims
    } else {
        (c.pgmrsrc2 >> 7) & 7
    };
    let (min_s, min_v) = min_registers(dims, user, c.tg_size, c.scratch != 0);
    if c.sgprs == DEFAULT {
        c.sgprs = max_sgprs_no_vcc(device).min(min_s.max(code_sgprs));
    }
    if c.vgprs == DEFAULT {
        c.vgprs = min_v.max(code_vgprs);
    }
}
