//! ROCm's code object v2 metadata (YAML) as clrxasm 0.1.9 generates it from a `.rocm`
//! source's `.md_*`, `.arg`, `.printf` and attribute pseudo-ops, and the names those
//! pseudo-ops and the YAML share. One table per fact: [`MD_VALUES`] (a kernel's code
//! properties), [`VALUE_KINDS`], [`VALUE_TYPES`], [`ADDRESS_SPACES`], [`ACCESS_QUALS`]
//! serve the assembler (names it takes), the writer (YAML names) and the disassembler (the
//! first name of each row is what clrxdisasm prints).
//!
//! Facts from clrxasm's output and CLRX's `AsmROCmFormat.cpp`/`ROCmMetadata.cpp` (read for
//! them): the YAML's layout and key order; strings quoted (`'...'`, C escapes) when they hold
//! a control or non-ASCII byte, one of `*&!@'"`, or begin with a space or digit, or end with
//! a space; the printf format's escapes with `:` as `\72`; CLRX's own quirks kept as it has
//! them (`globaloffsety`/`globaloffsetz` name HiddenGlobalOffsetX, `ushort` names I16, a
//! `.config` kernel's KernargSegmentAlign is its header's log2 value).

use std::fmt::Write;

/// A code property a kernel's `.config` can set: its pseudo-op, its YAML key under
/// `CodeProps`, and whether CLRX keeps it in 32 bits.
pub struct MdValue {
    pub op: &'static str,
    pub key: &'static str,
    pub bits32: bool,
}

const fn v(op: &'static str, key: &'static str, bits32: bool) -> MdValue {
    MdValue { op, key, bits32 }
}

/// The code properties in the YAML's order. The first seven are always written (the kernel's
/// header gives what the source leaves out), the spilled counts only when given, the maximum
/// flat work-group size 256 unless given.
pub const MD_VALUES: [MdValue; 10] = [
    v("md_kernarg_segment_size", "KernargSegmentSize", false),
    v("md_group_segment_fixed_size", "GroupSegmentFixedSize", false),
    v("md_private_segment_fixed_size", "PrivateSegmentFixedSize", false),
    v("md_kernarg_segment_align", "KernargSegmentAlign", false),
    v("md_wavefront_size", "WavefrontSize", true),
    v("md_sgprsnum", "NumSGPRs", true),
    v("md_vgprsnum", "NumVGPRs", true),
    v("spilledsgprs", "NumSpilledSGPRs", true),
    v("spilledvgprs", "NumSpilledVGPRs", true),
    v("max_flat_work_group_size", "MaxFlatWorkGroupSize", false),
];

/// The order clrxdisasm prints [`MD_VALUES`] in (the kernarg alignment second).
pub const PRINT_ORDER: [usize; 10] = [0, 3, 1, 2, 4, 5, 6, 7, 8, 9];

/// How many of [`MD_VALUES`] come from the header when not given.
pub const FROM_HEADER: usize = 7;
pub const WAVEFRONT_SIZE: usize = 4;
pub const SGPRS: usize = 5;
pub const VGPRS: usize = 6;
pub const KERNARG_ALIGN: usize = 3;

/// Argument value kinds: YAML name, then the names `.arg` takes (the first is clrxdisasm's).
pub const VALUE_KINDS: [(&str, &[&str]); 15] = [
    ("ByValue", &["value"]),
    ("GlobalBuffer", &["globalbuf"]),
    ("DynamicSharedPointer", &["dynshptr"]),
    ("Sampler", &["sampler"]),
    ("Image", &["image"]),
    ("Pipe", &["pipe"]),
    ("Queue", &["queue"]),
    (
        "HiddenGlobalOffsetX",
        &["gox", "globaloffsetx", "globaloffsety", "globaloffsetz"],
    ),
    ("HiddenGlobalOffsetY", &["goy"]),
    ("HiddenGlobalOffsetZ", &["goz"]),
    ("HiddenNone", &["none"]),
    ("HiddenPrintfBuffer", &["printfbuf"]),
    ("HiddenDefaultQueue", &["defqueue"]),
    ("HiddenCompletionAction", &["complact"]),
    ("HiddenMultiGridSyncArg", &["multigridsyncarg"]),
];
pub const KIND_GLOBAL_BUFFER: u8 = 1;
pub const KIND_DYN_SHARED_PTR: u8 = 2;
pub const KIND_IMAGE: u8 = 4;
pub const KIND_PIPE: u8 = 5;

/// Argument value types: YAML name, the names `.arg` takes.
pub const VALUE_TYPES: [(&str, &[&str]); 12] = [
    ("Struct", &["struct"]),
    ("I8", &["i8", "char"]),
    ("U8", &["u8", "uchar"]),
    ("I16", &["i16", "short", "ushort"]),
    ("U16", &["u16"]),
    ("F16", &["f16", "half"]),
    ("I32", &["i32", "int"]),
    ("U32", &["u32", "uint"]),
    ("F32", &["f32", "float"]),
    ("I64", &["i64", "long"]),
    ("U64", &["u64", "ulong"]),
    ("F64", &["f64", "double"]),
];

/// Address spaces (value 0 is none: never written).
pub const ADDRESS_SPACES: [(&str, &[&str]); 7] = [
    ("None", &["none"]),
    ("Private", &["private"]),
    ("Global", &["global"]),
    ("Constant", &["constant"]),
    ("Local", &["local"]),
    ("Generic", &["generic"]),
    ("Region", &["region"]),
];

/// Access qualifiers.
pub const ACCESS_QUALS: [(&str, &[&str]); 4] = [
    ("Default", &["default"]),
    ("ReadOnly", &["read_only", "rdonly"]),
    ("WriteOnly", &["write_only", "wronly"]),
    ("ReadWrite", &["read_write", "rdwr"]),
];

/// The argument flags, in the order they are written (YAML key, `.arg` word).
pub const ARG_FLAGS: [(&str, &str); 4] = [
    ("IsConst", "const"),
    ("IsRestrict", "restrict"),
    ("IsVolatile", "volatile"),
    ("IsPipe", "pipe"),
];

/// A kernel's metadata pseudo-ops other than the code properties of [`MD_VALUES`].
pub const KERNEL_OPS: [&str; 9] = [
    "arg",
    "cws",
    "reqd_work_group_size",
    "work_group_size_hint",
    "fixed_work_group_size",
    "vectypehint",
    "md_symname",
    "md_language",
    "runtime_handle",
];

/// The source's metadata pseudo-ops (anywhere in a `.rocm` source).
pub const SOURCE_OPS: [&str; 2] = ["md_version", "printf"];

/// Whether `name` (no dot, lower case) is a metadata pseudo-op.
pub fn is_metadata_op(name: &str) -> bool {
    KERNEL_OPS.contains(&name) || SOURCE_OPS.contains(&name) || MD_VALUES.iter().any(|v| v.op == name)
}

/// The row of `table` whose `.arg` names hold `name` (any case).
pub fn lookup(table: &[(&str, &[&str])], name: &str) -> Option<u8> {
    let n = name.to_ascii_lowercase();
    table
        .iter()
        .position(|(_, names)| names.contains(&n.as_str()))
        .map(|i| i as u8)
}

/// One `.arg` of a kernel.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MdArg {
    pub name: String,
    pub type_name: Vec<u8>,
    pub size: u64,
    pub align: u64,
    pub pointee_align: u64,
    pub kind: u8,
    pub value_type: u8,
    pub address_space: u8,
    pub access: u8,
    pub actual_access: u8,
    /// [`ARG_FLAGS`] set, by index.
    pub flags: [bool; 4],
}

/// One `.printf`: its id (None: the first free one), argument sizes, format.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MdPrintf {
    pub id: Option<u32>,
    pub arg_sizes: Vec<u32>,
    pub format: Vec<u8>,
}

/// A kernel's metadata lines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KernelMd {
    pub symbol_name: Option<Vec<u8>>,
    pub language: Vec<u8>,
    pub language_version: Option<[u32; 2]>,
    pub reqd_work_group_size: [u32; 3],
    pub work_group_size_hint: [u32; 3],
    pub fixed_work_group_size: [u32; 3],
    pub vec_type_hint: String,
    pub runtime_handle: Vec<u8>,
    pub args: Vec<MdArg>,
    /// [`MD_VALUES`] given.
    pub values: [Option<u64>; 10],
}

impl KernelMd {
    /// The kernel argument segment's size the arguments need (each at its alignment, the
    /// whole a multiple of 16): the header's default when the source gives arguments.
    pub fn kernarg_size(&self) -> u64 {
        let mut size = 0u64;
        for a in &self.args {
            let m = a.align.wrapping_sub(1);
            size = (size.wrapping_add(m) & !m).wrapping_add(a.size);
        }
        size.wrapping_add(15) & !15
    }
}

/// The alignment clrxasm gives an argument of `size` bytes when the source gives none: the
/// power of two at least as large.
pub fn default_align(size: u64) -> u64 {
    if size == 0 {
        return 1;
    }
    let a = 1u64 << (63 - size.leading_zeros());
    if size > a {
        a << 1
    } else {
        a
    }
}

/// The whole source's metadata: `.md_version`, the `.printf`s, each kernel's lines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RocmMd {
    pub version: Option<[u32; 2]>,
    pub printfs: Vec<MdPrintf>,
}

/// A kernel for [`generate`]: its name, its lines and what its header gives for the first
/// [`FROM_HEADER`] code properties it leaves out.
pub struct MdKernel<'a> {
    pub name: &'a str,
    pub md: &'a KernelMd,
    pub from_header: [u64; FROM_HEADER],
}

/// The control characters C names (`\a` to `\r`).
const NAMED_ESCAPES: [(u8, u8); 7] = [
    (7, b'a'),
    (8, b'b'),
    (9, b't'),
    (10, b'n'),
    (11, b'v'),
    (12, b'f'),
    (13, b'r'),
];

/// C's escapes of a string as CLRX writes them (`\n`..., octal for the rest; a digit after a
/// short octal escape is escaped too, so that it does not join it).
pub fn escape_c(b: &[u8]) -> String {
    let mut s = String::new();
    let mut short_octal = false;
    for &c in b {
        if !(0x20..=0x7e).contains(&c) || (short_octal && (b'0'..=b'7').contains(&c)) {
            let named = NAMED_ESCAPES.iter().find(|(b, _)| *b == c).map(|(_, n)| *n as char);
            s.push('\\');
            short_octal = false;
            match named {
                Some(n) => s.push(n),
                None => {
                    if c >> 6 != 0 {
                        s.push((b'0' + (c >> 6)) as char);
                    }
                    if c >> 3 != 0 {
                        s.push((b'0' + ((c >> 3) & 7)) as char);
                    }
                    s.push((b'0' + (c & 7)) as char);
                    short_octal = c >> 6 == 0;
                }
            }
        } else {
            short_octal = false;
            if matches!(c, b'"' | b'\'' | b'\\') {
                s.push('\\');
            }
            s.push(c as char);
        }
    }
    s
}

/// A YAML scalar as clrxasm writes it: quoted and escaped only when it must be.
fn yaml_string(b: &[u8]) -> String {
    // CLRX's strings end at a NUL.
    let b = &b[..b.iter().position(|&c| c == 0).unwrap_or(b.len())];
    let special = b.iter().any(|&c| !(0x20..0x80).contains(&c) || b"*&!@'\"".contains(&c));
    let edges = b.first().is_some_and(|c| c.is_ascii_digit() || is_space(*c)) || b.last().is_some_and(|c| is_space(*c));
    if special || edges {
        format!("'{}'", escape_c(b))
    } else {
        String::from_utf8_lossy(b).into_owned()
    }
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn array(out: &mut String, v: &[u32]) {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    let _ = writeln!(out, "[ {} ]", items.join(", "));
}

/// The metadata clrxasm generates (the `.printf` ids given are unique: the assembler
/// refuses a second one, as clrxasm does).
pub fn generate(md: &RocmMd, kernels: &[MdKernel]) -> String {
    let mut s = String::from("---\nVersion:         ");
    match md.version {
        Some(v) if v[0] < 0xffff_fffe => array(&mut s, &v),
        _ => s.push_str("[ 1, 0 ]\n"),
    }
    if !md.printfs.is_empty() {
        s.push_str("Printf:          \n");
    }
    for (id, p) in printf_ids(md).into_iter().zip(&md.printfs) {
        let _ = write!(s, "  - '{id}:{}:", p.arg_sizes.len());
        for a in &p.arg_sizes {
            let _ = write!(s, "{a}:");
        }
        s.push_str(&escape_c(&p.format).replace(':', "\\72"));
        s.push_str("'\n");
    }
    if !kernels.is_empty() {
        s.push_str("Kernels:         \n");
    }
    for k in kernels {
        write_kernel(&mut s, k);
    }
    s.push_str("...\n");
    s
}

fn write_kernel(s: &mut String, k: &MdKernel) {
    let md = k.md;
    let _ = writeln!(s, "  - Name:            {}", k.name);
    let sym = md
        .symbol_name
        .clone()
        .unwrap_or_else(|| format!("{}@kd", k.name).into_bytes());
    let _ = writeln!(s, "    SymbolName:      {}", yaml_string(&sym));
    if !md.language.is_empty() {
        let _ = writeln!(s, "    Language:        {}", yaml_string(&md.language));
    }
    if let Some(v) = md.language_version {
        s.push_str("    LanguageVersion: ");
        array(s, &v);
    }
    let hint = md.work_group_size_hint != [0; 3];
    let reqd = md.reqd_work_group_size != [0; 3];
    if hint || reqd || !md.vec_type_hint.is_empty() || !md.runtime_handle.is_empty() {
        s.push_str("    Attrs:           \n");
        if hint {
            s.push_str("      WorkGroupSizeHint: ");
            array(s, &md.work_group_size_hint);
        }
        if reqd {
            s.push_str("      ReqdWorkGroupSize: ");
            array(s, &md.reqd_work_group_size);
        }
        if !md.vec_type_hint.is_empty() {
            let _ = writeln!(s, "      VecTypeHint:     {}", yaml_string(md.vec_type_hint.as_bytes()));
        }
        if !md.runtime_handle.is_empty() {
            let _ = writeln!(s, "      RuntimeHandle:   {}", yaml_string(&md.runtime_handle));
        }
    }
    if !md.args.is_empty() {
        s.push_str("    Args:            \n");
    }
    for a in &md.args {
        s.push_str("      - ");
        if !a.name.is_empty() {
            let _ = write!(s, "Name:            {}\n        ", yaml_string(a.name.as_bytes()));
        }
        if !a.type_name.is_empty() {
            let _ = write!(s, "TypeName:        {}\n        ", yaml_string(&a.type_name));
        }
        let _ = writeln!(s, "Size:            {}", a.size);
        let _ = writeln!(s, "        Align:           {}", a.align);
        let _ = writeln!(s, "        ValueKind:       {}", VALUE_KINDS[a.kind as usize].0);
        let _ = writeln!(s, "        ValueType:       {}", VALUE_TYPES[a.value_type as usize].0);
        if a.kind == KIND_DYN_SHARED_PTR {
            let _ = writeln!(s, "        PointeeAlign:    {}", a.pointee_align);
        }
        if a.kind == KIND_DYN_SHARED_PTR || a.kind == KIND_GLOBAL_BUFFER {
            let _ = writeln!(
                s,
                "        AddrSpaceQual:   {}",
                ADDRESS_SPACES[a.address_space as usize].0
            );
        }
        if a.kind == KIND_IMAGE || a.kind == KIND_PIPE {
            let _ = writeln!(s, "        AccQual:         {}", ACCESS_QUALS[a.access as usize].0);
        }
        if matches!(a.kind, KIND_GLOBAL_BUFFER | KIND_IMAGE | KIND_PIPE) {
            let _ = writeln!(
                s,
                "        ActualAccQual:   {}",
                ACCESS_QUALS[a.actual_access as usize].0
            );
        }
        for (on, (key, _)) in a.flags.iter().zip(ARG_FLAGS) {
            if *on {
                let _ = writeln!(s, "        {key}:{}true", " ".repeat(16 - key.len()));
            }
        }
    }
    s.push_str("    CodeProps:       \n");
    for (i, f) in MD_VALUES.iter().enumerate() {
        let given = md.values[i].filter(|&v| given_value(f, v));
        let value = match (given, i) {
            (Some(v), _) => Some(v),
            (None, i) if i < FROM_HEADER => Some(k.from_header[i]),
            (None, 9) => Some(256),
            _ => None,
        };
        if let Some(v) = value {
            let pad = 17usize.saturating_sub(f.key.len() + 1).max(1);
            let _ = writeln!(s, "      {}:{}{v}", f.key, " ".repeat(pad));
        }
    }
    if md.fixed_work_group_size != [0; 3] {
        s.push_str("      FixedWorkGroupSize:   ");
        array(s, &md.fixed_work_group_size);
    }
}

/// The MessagePack name (`.metadatav3`) of a YAML name of [`VALUE_KINDS`], [`VALUE_TYPES`],
/// [`ADDRESS_SPACES`] or [`ACCESS_QUALS`]: in snake case (`GlobalBuffer`: `global_buffer`,
/// `I32`: `i32`), but for CLRX's `hidden_multigrid_sync_arg`.
fn mp_name(yaml: &str) -> String {
    if yaml == "HiddenMultiGridSyncArg" {
        return "hidden_multigrid_sync_arg".into();
    }
    let mut out = String::new();
    for (k, c) in yaml.chars().enumerate() {
        if c.is_ascii_uppercase() && k > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The row of `table` whose YAML name [`mp_name`] writes as `v` (a MessagePack string).
fn mp_row(table: &[(&str, &[&str])], v: &serde_json::Value) -> Option<u8> {
    let v = v.as_str()?;
    table.iter().position(|(n, _)| mp_name(n) == v).map(|i| i as u8)
}

/// A kernel for [`generate_msgpack`]: its name and lines, the code properties its `.config`
/// gives (the first [`FROM_HEADER`] of [`MD_VALUES`], as [`MdKernel::from_header`]; None
/// without `.config`: clrxasm then writes its "not supplied" markers), and the group and
/// private segment sizes of its descriptor (the k-th 64 bytes of the global data).
pub struct MdKernelV3<'a> {
    pub name: &'a str,
    pub md: &'a KernelMd,
    pub from_config: Option<[u64; FROM_HEADER]>,
    pub descriptor_segments: (u32, u32),
}

/// A MessagePack string as CLRX writes it: its bytes up to a NUL; None when they are not
/// UTF-8 (not written yet: the MessagePack writer takes text).
fn mp_string(b: &[u8]) -> Option<rmpv::Value> {
    let b = &b[..b.iter().position(|&c| c == 0).unwrap_or(b.len())];
    std::str::from_utf8(b).ok().map(rmpv::Value::from)
}

/// The MessagePack metadata clrxasm generates with `.metadatav3` (its key order, which is
/// not sorted: `.pointee_align` after `.size`; values it was not given are its 32- or
/// 64-bit "not supplied" markers), or an error naming a string that is not UTF-8.
pub fn generate_msgpack(md: &RocmMd, kernels: &[MdKernelV3]) -> Result<Vec<u8>, String> {
    use rmpv::Value;
    let s = |b: &[u8]| {
        mp_string(b).ok_or_else(|| format!("a metadata string that is not UTF-8 ({})", String::from_utf8_lossy(b)))
    };
    let key = |k: &str| Value::from(k);
    let uint = |v: u64| Value::from(v);
    let sizes = |v: &[u32; 3]| Value::Array(v.iter().map(|&x| uint(x as u64)).collect());
    let mut list = Vec::new();
    for k in kernels {
        let m = k.md;
        let mut args = Vec::new();
        for a in &m.args {
            let mut e = Vec::new();
            let pointer = matches!(a.kind, KIND_GLOBAL_BUFFER | KIND_DYN_SHARED_PTR);
            if a.access != 0 && matches!(a.kind, KIND_IMAGE | KIND_PIPE) {
                e.push((key(".access"), Value::from(mp_name(ACCESS_QUALS[a.access as usize].0))));
            }
            if a.actual_access != 0 && matches!(a.kind, KIND_GLOBAL_BUFFER | KIND_IMAGE | KIND_PIPE) {
                e.push((
                    key(".actual_access"),
                    Value::from(mp_name(ACCESS_QUALS[a.actual_access as usize].0)),
                ));
            }
            if a.address_space != 0 && pointer {
                e.push((
                    key(".address_space"),
                    Value::from(mp_name(ADDRESS_SPACES[a.address_space as usize].0)),
                ));
            }
            // (the flags in the order const, pipe, restrict, volatile)
            for (i, name) in [
                (0, ".is_const"),
                (3, ".is_pipe"),
                (1, ".is_restrict"),
                (2, ".is_volatile"),
            ] {
                if a.flags[i] {
                    e.push((key(name), Value::Boolean(true)));
                }
            }
            if !a.name.is_empty() {
                e.push((key(".name"), s(a.name.as_bytes())?));
            }
            e.push((key(".offset"), uint(a.align)));
            e.push((key(".size"), uint(a.size)));
            if a.pointee_align != 0 {
                e.push((key(".pointee_align"), uint(a.pointee_align)));
            }
            if !a.type_name.is_empty() {
                e.push((key(".type_name"), s(&a.type_name)?));
            }
            e.push((key(".value_kind"), Value::from(mp_name(VALUE_KINDS[a.kind as usize].0))));
            e.push((
                key(".value_type"),
                Value::from(mp_name(VALUE_TYPES[a.value_type as usize].0)),
            ));
            args.push(Value::Map(e));
        }
        // A code property: given, else the config's, else clrxasm's "not supplied".
        let value = |i: usize| {
            let given = m.values[i].filter(|&v| given_value(&MD_VALUES[i], v));
            let config = k.from_config.filter(|_| i < FROM_HEADER).map(|c| c[i]);
            let none = if MD_VALUES[i].bits32 { 0xffff_fffe } else { u64::MAX - 1 };
            uint(given.or(config).unwrap_or(none))
        };
        let segment = |i: usize, desc: u32| {
            let given = m.values[i].filter(|&v| given_value(&MD_VALUES[i], v));
            let config = k.from_config.map(|c| c[i]);
            uint(given.or(config).unwrap_or(desc as u64))
        };
        let mut e = vec![(key(".args"), Value::Array(args))];
        e.push((key(".group_segment_fixed_size"), segment(1, k.descriptor_segments.0)));
        e.push((key(".kernarg_segment_align"), value(3)));
        e.push((key(".kernarg_segment_size"), value(0)));
        if !m.language.is_empty() && m.language[0] != 0 {
            e.push((key(".language"), s(&m.language)?));
        }
        if let Some(v) = m.language_version {
            e.push((
                key(".language_version"),
                Value::Array(v.iter().map(|&x| uint(x as u64)).collect()),
            ));
        }
        e.push((key(".max_flat_workgroup_size"), value(9)));
        e.push((key(".name"), s(k.name.as_bytes())?));
        e.push((key(".private_segment_fixed_size"), segment(2, k.descriptor_segments.1)));
        if m.reqd_work_group_size != [0; 3] {
            e.push((key(".reqd_workgroup_size"), sizes(&m.reqd_work_group_size)));
        }
        e.push((key(".sgpr_count"), value(SGPRS)));
        e.push((key(".sgpr_spill_count"), value(7)));
        e.push((key(".symbol"), s(m.symbol_name.as_deref().unwrap_or(b""))?));
        if !m.vec_type_hint.is_empty() {
            e.push((key(".vec_type_hint"), s(m.vec_type_hint.as_bytes())?));
        }
        e.push((key(".vgpr_count"), value(VGPRS)));
        e.push((key(".vgpr_spill_count"), value(8)));
        e.push((key(".wavefront_size"), value(WAVEFRONT_SIZE)));
        if m.work_group_size_hint != [0; 3] {
            e.push((key(".workgroup_size_hint"), sizes(&m.work_group_size_hint)));
        }
        list.push(Value::Map(e));
    }
    let mut top = vec![(key("amdhsa.kernels"), Value::Array(list))];
    if !md.printfs.is_empty() {
        let mut out = Vec::new();
        for (id, p) in printf_ids(md).into_iter().zip(&md.printfs) {
            let mut t = format!("{id}:{}:", p.arg_sizes.len()).into_bytes();
            for a in &p.arg_sizes {
                t.extend_from_slice(format!("{a}:").as_bytes());
            }
            let f = &p.format[..p.format.iter().position(|&c| c == 0).unwrap_or(p.format.len())];
            for &c in f {
                match c {
                    b':' => t.extend_from_slice(b"\\72"),
                    c => t.push(c),
                }
            }
            out.push(s(&t)?);
        }
        top.push((key("amdhsa.printf"), Value::Array(out)));
    }
    let v = md.version.unwrap_or([1, 0]);
    top.push((
        key("amdhsa.version"),
        Value::Array(vec![uint(v[0] as u64), uint(v[1] as u64)]),
    ));
    let mut bytes = Vec::new();
    rmpv::encode::write_value(&mut bytes, &Value::Map(top)).map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// Each `.printf`'s id: its own, or the first free one from 1 (clrxasm's choice).
fn printf_ids(md: &RocmMd) -> Vec<u32> {
    let used: std::collections::HashSet<u32> = md.printfs.iter().filter_map(|p| p.id).collect();
    let mut free = 1u32;
    md.printfs
        .iter()
        .map(|p| {
            p.id.unwrap_or_else(|| {
                while used.contains(&free) {
                    free += 1;
                }
                free += 1;
                free - 1
            })
        })
        .collect()
}

/// Whether a given value counts as given: CLRX's "not supplied"/"default" markers (the two
/// largest values of the field's width) do not.
fn given_value(f: &MdValue, v: u64) -> bool {
    if f.bits32 {
        (v as u32) < 0xffff_fffe
    } else {
        v < u64::MAX - 1
    }
}

/// The bytes of a string [`escape_c`] wrote (its escapes only).
fn unescape_c(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        i += 1;
        if c != b'\\' {
            out.push(c);
            continue;
        }
        let e = *b.get(i)?;
        i += 1;
        if !(b'0'..=b'7').contains(&e) {
            let named = NAMED_ESCAPES.iter().find(|(_, n)| *n == e).map(|(c, _)| *c);
            out.push(named.unwrap_or(e));
            continue;
        }
        let mut v = (e - b'0') as u32;
        let end = (i + 2).min(b.len());
        while let Some(d @ b'0'..=b'7') = b[i..end].first() {
            v = v * 8 + (d - b'0') as u32;
            i += 1;
        }
        out.push(v as u8);
    }
    Some(out)
}

/// A YAML scalar as [`yaml_string`] writes it, back to its bytes.
fn yaml_bytes(v: &str) -> Option<Vec<u8>> {
    match v.strip_prefix('\'').and_then(|x| x.strip_suffix('\'')) {
        Some(inner) => unescape_c(inner),
        None => Some(v.as_bytes().to_vec()),
    }
}

fn array_of<const N: usize>(v: &str) -> Option<[u32; N]> {
    let inner = v.strip_prefix("[ ")?.strip_suffix(" ]")?;
    let items: Vec<u32> = inner.split(", ").map(|x| x.parse().ok()).collect::<Option<_>>()?;
    items.try_into().ok()
}

/// A printf entry `ID:N:SIZE1:...:FORMAT` of clrxasm's metadata: the printf without its
/// format, and the format's text as written.
fn printf_of(text: &str) -> Option<(MdPrintf, &str)> {
    let mut parts = text.splitn(3, ':');
    let id = parts.next()?.parse().ok()?;
    let n: usize = parts.next()?.parse().ok()?;
    let mut rest = parts.next()?;
    let mut arg_sizes = Vec::new();
    for _ in 0..n {
        let (a, r) = rest.split_once(':')?;
        arg_sizes.push(a.parse().ok()?);
        rest = r;
    }
    let p = MdPrintf {
        id: Some(id),
        arg_sizes,
        format: Vec::new(),
    };
    Some((p, rest))
}

/// The metadata pseudo-ops of metadata clrxasm generated: the source's lines and each
/// kernel's (by name), or None when `yaml` is not exactly what [`generate`] writes from them
/// (another tool's metadata, a key CLRX does not write): then it stays raw bytes.
pub fn parse(yaml: &[u8]) -> Option<(RocmMd, Vec<(String, KernelMd)>)> {
    let text = std::str::from_utf8(yaml).ok()?;
    let mut md = RocmMd::default();
    let mut kernels: Vec<(String, KernelMd)> = Vec::new();
    for line in text.lines() {
        if line == "---" || line == "..." || line == "Kernels:         " || line == "Printf:          " {
            continue;
        }
        if let Some(p) = line.strip_prefix("  - '").and_then(|x| x.strip_suffix('\'')) {
            let (mut p, rest) = printf_of(p)?;
            p.format = unescape_c(rest)?;
            md.printfs.push(p);
            continue;
        }
        let body = line.trim_start();
        let new_item = body.starts_with("- ");
        let body = body.trim_start_matches("- ");
        let (key, value) = body.split_once(':')?;
        let value = value.trim_start_matches(' ');
        if key == "Version" {
            md.version = Some(array_of(value)?);
            continue;
        }
        if key == "Name" && line.starts_with("  - ") {
            kernels.push((value.to_string(), KernelMd::default()));
            continue;
        }
        let k = &mut kernels.last_mut()?.1;
        if new_item {
            k.args.push(MdArg::default());
        }
        let arg = k.args.last_mut();
        let num = || value.parse::<u64>().ok();
        match key {
            "SymbolName" => k.symbol_name = Some(yaml_bytes(value)?),
            "Language" => k.language = yaml_bytes(value)?,
            "LanguageVersion" => k.language_version = Some(array_of(value)?),
            "WorkGroupSizeHint" => k.work_group_size_hint = array_of(value)?,
            "ReqdWorkGroupSize" => k.reqd_work_group_size = array_of(value)?,
            "FixedWorkGroupSize" => k.fixed_work_group_size = array_of(value)?,
            "VecTypeHint" => k.vec_type_hint = String::from_utf8(yaml_bytes(value)?).ok()?,
            "RuntimeHandle" => k.runtime_handle = yaml_bytes(value)?,
            "Attrs" | "Args" | "CodeProps" => {}
            _ => {
                if let Some(i) = MD_VALUES.iter().position(|f| f.key == key) {
                    k.values[i] = Some(num()?);
                    continue;
                }
                let a = arg?;
                let named = |t: &[(&str, &[&str])]| t.iter().position(|(n, _)| *n == value).map(|i| i as u8);
                match key {
                    "Name" => a.name = value.to_string(),
                    "TypeName" => a.type_name = yaml_bytes(value)?,
                    "Size" => a.size = num()?,
                    "Align" => a.align = num()?,
                    "PointeeAlign" => a.pointee_align = num()?,
                    "ValueKind" => a.kind = named(&VALUE_KINDS)?,
                    "ValueType" => a.value_type = named(&VALUE_TYPES)?,
                    "AddrSpaceQual" => a.address_space = named(&ADDRESS_SPACES)?,
                    "AccQual" => a.access = named(&ACCESS_QUALS)?,
                    "ActualAccQual" => a.actual_access = named(&ACCESS_QUALS)?,
                    _ => a.flags[ARG_FLAGS.iter().position(|(n, _)| *n == key)?] = value == "true",
                }
            }
        }
    }
    // Exactly clrxasm's text of what was read, or not CLRX's.
    let list: Vec<MdKernel> = kernels
        .iter()
        .map(|(n, k)| MdKernel {
            name: n,
            md: k,
            from_header: [0; FROM_HEADER],
        })
        .collect();
    (generate(&md, &list).as_bytes() == yaml).then_some(())?;
    Some((md, kernels))
}

/// The metadata pseudo-ops of MessagePack metadata clrxasm generated (`.metadatav3`), as
/// [`parse`] for YAML: None unless [`generate_msgpack`] gives these bytes back from them (every
/// code property read as given, an argument's offset in its alignment's place).
pub fn parse_msgpack(bytes: &[u8]) -> Option<(RocmMd, Vec<(String, KernelMd)>)> {
    use serde_json::Value;
    let doc = super::metadata::metadata_json(bytes).ok()?;
    let str_of = |v: &Value| v.as_str().map(|s| s.as_bytes().to_vec());
    let num = |v: &Value| v.as_u64();
    let three = |v: &Value| -> Option<[u32; 3]> {
        let a = v.as_array()?;
        (a.len() == 3).then_some(())?;
        Some([num(&a[0])? as u32, num(&a[1])? as u32, num(&a[2])? as u32])
    };
    let mut md = RocmMd::default();
    let version = doc.get("amdhsa.version")?.as_array()?;
    md.version = Some([num(version.first()?)? as u32, num(version.get(1)?)? as u32]);
    for p in doc.get("amdhsa.printf").and_then(Value::as_array).into_iter().flatten() {
        let (mut p, rest) = printf_of(p.as_str()?)?;
        // (as clrxdisasm reads it: a `:` stays `\72`, which gives the same bytes again)
        p.format = rest.as_bytes().to_vec();
        md.printfs.push(p);
    }
    let mut kernels = Vec::new();
    for k in doc.get("amdhsa.kernels")?.as_array()? {
        let mut m = KernelMd::default();
        let name = k.get(".name")?.as_str()?.to_string();
        for a in k.get(".args")?.as_array()? {
            let mut arg = MdArg {
                name: a.get(".name").and_then(Value::as_str).unwrap_or("").to_string(),
                type_name: a.get(".type_name").and_then(str_of).unwrap_or_default(),
                size: num(a.get(".size")?)?,
                align: num(a.get(".offset")?)?,
                pointee_align: a.get(".pointee_align").and_then(num).unwrap_or(0),
                kind: mp_row(&VALUE_KINDS, a.get(".value_kind")?)?,
                value_type: mp_row(&VALUE_TYPES, a.get(".value_type")?)?,
                ..Default::default()
            };
            if let Some(v) = a.get(".address_space") {
                arg.address_space = mp_row(&ADDRESS_SPACES, v)?;
            }
            if let Some(v) = a.get(".access") {
                arg.access = mp_row(&ACCESS_QUALS, v)?;
            }
            if let Some(v) = a.get(".actual_access") {
                arg.actual_access = mp_row(&ACCESS_QUALS, v)?;
            }
            for (i, key) in [".is_const", ".is_restrict", ".is_volatile", ".is_pipe"]
                .iter()
                .enumerate()
            {
                arg.flags[i] = a.get(*key).is_some();
            }
            m.args.push(arg);
        }
        let keys = [
            ".kernarg_segment_size",
            ".group_segment_fixed_size",
            ".private_segment_fixed_size",
            ".kernarg_segment_align",
            ".wavefront_size",
            ".sgpr_count",
            ".vgpr_count",
            ".sgpr_spill_count",
            ".vgpr_spill_count",
            ".max_flat_workgroup_size",
        ];
        for (i, key) in keys.iter().enumerate() {
            m.values[i] = Some(num(k.get(*key)?)?);
        }
        m.symbol_name = Some(str_of(k.get(".symbol")?)?);
        m.language = k.get(".language").and_then(str_of).unwrap_or_default();
        if let Some(v) = k.get(".language_version").and_then(Value::as_array) {
            m.language_version = Some([num(v.first()?)? as u32, num(v.get(1)?)? as u32]);
        }
        if let Some(v) = k.get(".reqd_workgroup_size") {
            m.reqd_work_group_size = three(v)?;
        }
        if let Some(v) = k.get(".workgroup_size_hint") {
            m.work_group_size_hint = three(v)?;
        }
        if let Some(v) = k.get(".vec_type_hint") {
            m.vec_type_hint = v.as_str()?.to_string();
        }
        kernels.push((name, m));
    }
    let list: Vec<MdKernelV3> = kernels
        .iter()
        .map(|(n, k)| MdKernelV3 {
            name: n,
            md: k,
            from_config: None,
            descriptor_segments: (0, 0),
        })
        .collect();
    (generate_msgpack(&md, &list).ok()? == bytes).then_some(())?;
    Some((md, kernels))
}

/// The source's metadata lines as clrxdisasm prints them (`-dCmf`): `.md_version`, each
/// `.printf` with its id.
pub fn print_source(md: &RocmMd, out: &mut String) {
    if let Some([a, b]) = md.version {
        let _ = writeln!(out, ".md_version {a}, {b}");
    }
    for p in &md.printfs {
        let _ = write!(out, ".printf {}", p.id.unwrap_or(u32::MAX));
        for a in &p.arg_sizes {
            let _ = write!(out, ", {a}");
        }
        let _ = writeln!(out, ", \"{}\"", escape_c(&p.format));
    }
}

/// A kernel's metadata lines as clrxdisasm prints them, in a second `.config` (the symbol
/// name and language always, the rest when there).
pub fn print_kernel(k: &KernelMd, out: &mut String) {
    out.push_str("    .config\n");
    print_kernel_lines(k, out);
}

/// [`print_kernel`]'s lines without their `.config` (after `.kernel`, which opens the
/// kernel's config section too, without giving it a header to build).
pub fn print_kernel_lines(k: &KernelMd, out: &mut String) {
    let sym = k.symbol_name.as_deref().unwrap_or(b"");
    let _ = writeln!(out, "        .md_symname \"{}\"", escape_c(sym));
    let _ = write!(out, "        .md_language \"{}\"", escape_c(&k.language));
    match k.language_version {
        Some([a, b]) => {
            let _ = writeln!(out, ", {a}, {b}");
        }
        None => out.push('\n'),
    }
    let sizes = |out: &mut String, op: &str, v: &[u32; 3]| {
        if *v != [0; 3] {
            let _ = writeln!(out, "        .{op} {}, {}, {}", v[0], v[1], v[2]);
        }
    };
    sizes(out, "reqd_work_group_size", &k.reqd_work_group_size);
    sizes(out, "work_group_size_hint", &k.work_group_size_hint);
    if !k.vec_type_hint.is_empty() {
        let _ = writeln!(out, "        .vectypehint {}", k.vec_type_hint);
    }
    if !k.runtime_handle.is_empty() {
        let _ = writeln!(
            out,
            "        .runtime_handle {}",
            String::from_utf8_lossy(&k.runtime_handle)
        );
    }
    for i in PRINT_ORDER {
        if let Some(v) = k.values[i].filter(|&v| given_value(&MD_VALUES[i], v)) {
            let _ = writeln!(out, "        .{} {v}", MD_VALUES[i].op);
        }
    }
    sizes(out, "fixed_work_group_size", &k.fixed_work_group_size);
    for a in &k.args {
        let _ = write!(
            out,
            "        .arg {}, \"{}\", {}, {}, {}, {}",
            a.name,
            escape_c(&a.type_name),
            a.size,
            a.align,
            VALUE_KINDS[a.kind as usize].1[0],
            VALUE_TYPES[a.value_type as usize].1[0]
        );
        if a.kind == KIND_DYN_SHARED_PTR {
            let _ = write!(out, ", {}", a.pointee_align);
        }
        if a.kind == KIND_DYN_SHARED_PTR || a.kind == KIND_GLOBAL_BUFFER {
            let _ = write!(out, ", {}", ADDRESS_SPACES[a.address_space as usize].1[0]);
        }
        if a.kind == KIND_IMAGE || a.kind == KIND_PIPE {
            let _ = write!(out, ", {}", ACCESS_QUALS[a.access as usize].1[0]);
        }
        if matches!(a.kind, KIND_GLOBAL_BUFFER | KIND_IMAGE | KIND_PIPE) {
            let _ = write!(out, ", {}", ACCESS_QUALS[a.actual_access as usize].1[0]);
        }
        for (on, (_, word)) in a.flags.iter().zip(ARG_FLAGS) {
            if *on {
                let _ = write!(out, " {word}");
            }
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_as_clrx() {
        assert_eq!(escape_c(b"a\x01\x35b\"\xff"), "a\\1\\65b\\\"\\377");
        for s in [&b"a\x01\x35b\"\xff"[..], b"\x0012\t:x\x7f7"] {
            assert_eq!(unescape_c(&escape_c(s)).as_deref(), Some(s));
        }
        assert_eq!(yaml_string(b"k@kd"), "'k@kd'");
        assert_eq!(yaml_string(b"plain"), "plain");
        assert_eq!(yaml_string(b"4x"), "'4x'");
    }

    #[test]
    fn aligns_and_sizes() {
        assert_eq!(
            (default_align(1), default_align(3), default_align(8), default_align(9)),
            (1, 4, 8, 16)
        );
        let mut k = KernelMd::default();
        for (size, align) in [(4, 4), (8, 8), (1, 1)] {
            k.args.push(MdArg {
                size,
                align,
                ..Default::default()
            });
        }
        assert_eq!(k.kernarg_size(), 32);
    }
}
