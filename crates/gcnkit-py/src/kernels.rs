//! Kernels of code objects for the Python module, in plain Rust: loading a code object (an
//! AMDGPU ELF, or a HIP program's fat binary), what a kernel is (its arguments, descriptor and
//! metadata), converting by-value arguments by their metadata type, the launch geometry, and
//! the launch itself on the kernel machine (`gcnkit::emu::kernel::run`). `lib.rs` only
//! converts between these and Python objects.

use gcnkit::codeobj::{self, akc, bundle, kd, metadata};
use gcnkit::emu::dispatch::{self, KernelInfo};
use gcnkit::emu::kernel::{self, ArgValue, Launch, Outcome, RunError};
use gcnkit::Arch;
use serde_json::Value;
use std::sync::Arc;

/// A loaded code object (or the code objects of a HIP program for one GPU).
#[derive(Clone, Debug)]
pub struct Loaded {
    pub arch: Arch,
    /// The processor (`gfx900`).
    pub processor: String,
    /// The target id (`amdgcn-amd-amdhsa--gfx906:sramecc-:xnack-`).
    pub target: String,
    /// Code object version (2..5).
    pub version: u8,
    /// Every kernel, in the code object's order (a name found in two code objects of a HIP
    /// library: the first).
    pub kernels: Vec<Kernel>,
}

/// What an argument is to a caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A global pointer: the caller gives an array.
    Buffer,
    /// A by-value argument: a number (or its bytes).
    Value,
    /// A dynamic `__local` pointer: the caller gives a size.
    Local,
    /// Filled in by the dispatcher (`hidden_*`), never given.
    Hidden,
    /// A kind gcnkit cannot pass (images, samplers, pipes, queues).
    Other,
}

impl ArgKind {
    pub fn name(self) -> &'static str {
        match self {
            ArgKind::Buffer => "buffer",
            ArgKind::Value => "value",
            ArgKind::Local => "local",
            ArgKind::Hidden => "hidden",
            ArgKind::Other => "other",
        }
    }
}

/// One kernel argument: the dispatcher's facts and what the metadata adds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgDesc {
    /// The source name (`argN` when the metadata has none).
    pub name: String,
    /// The source type where the metadata names it (`float*`, `uint`).
    pub type_name: Option<String>,
    pub size: u32,
    /// Byte offset in the kernarg segment.
    pub offset: u32,
    pub kind: ArgKind,
    /// The metadata's value kind in code object v3's spelling (`global_buffer`, `by_value`...).
    pub value_kind: String,
    /// `global`, `constant`, `local`, `private`, `generic`, `region` (pointers only).
    pub address_space: Option<String>,
    /// `read_only`, `write_only`, `read_write` (pointers, where the metadata says): the
    /// declared access, else what the compiler found (`.actual_access`).
    pub access: Option<String>,
    pub is_const: bool,
}

impl ArgDesc {
    /// The kernel never writes through this pointer (a `const` pointee or read-only access):
    /// its buffer need not be copied back.
    pub fn read_only(&self) -> bool {
        self.is_const || self.access.as_deref() == Some("read_only")
    }
}

/// A kernel ready to launch and inspect.
#[derive(Clone, Debug)]
pub struct Kernel {
    pub info: KernelInfo,
    /// Every argument, hidden ones included, in kernarg order.
    pub args: Vec<ArgDesc>,
    /// The kernel descriptor's fields (v3+: the `.amdhsa_*` directives' values; v2: the
    /// `amd_kernel_code_t` fields).
    pub descriptor: Vec<(String, i64)>,
    /// The kernel's record of the metadata note (JSON), `Null` when it has none.
    pub metadata: Value,
    /// The code object holding it (its ELF bytes): what the analysis reads.
    pub object: Arc<Vec<u8>>,
}

impl Kernel {
    /// The arguments a caller gives.
    pub fn explicit(&self) -> Vec<&ArgDesc> {
        self.args.iter().filter(|a| a.kind != ArgKind::Hidden).collect()
    }

    fn meta_u64(&self, v3: &str, v2: (&str, &str)) -> Option<u64> {
        self.metadata
            .get(v3)
            .or_else(|| self.metadata.get(v2.0).and_then(|p| p.get(v2.1)))
            .and_then(Value::as_u64)
    }

    /// SGPRs the kernel uses (the metadata's count; `None` when it has none).
    pub fn sgprs(&self) -> Option<u64> {
        self.meta_u64(".sgpr_count", ("CodeProps", "NumSGPRs"))
    }

    /// VGPRs the kernel uses (the metadata's count, else the descriptor's allocation).
    pub fn vgprs(&self) -> u64 {
        self.meta_u64(".vgpr_count", ("CodeProps", "NumVGPRs"))
            .unwrap_or(self.info.setup.vgprs as u64)
    }

    /// SGPR and VGPR spills the metadata reports.
    pub fn spills(&self) -> (Option<u64>, Option<u64>) {
        (
            self.meta_u64(".sgpr_spill_count", ("CodeProps", "NumSpilledSGPRs")),
            self.meta_u64(".vgpr_spill_count", ("CodeProps", "NumSpilledVGPRs")),
        )
    }

    pub fn wavefront_size(&self) -> u64 {
        self.meta_u64(".wavefront_size", ("CodeProps", "WavefrontSize"))
            .unwrap_or(64)
    }
}

/// `ReadOnly` → `read_only`, `Global` → `global` (v2's spellings in v3's).
fn snake(s: &str) -> String {
    let mut out = String::new();
    for (k, c) in s.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if k > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn kind_of(value_kind: &str) -> ArgKind {
    match value_kind {
        "global_buffer" => ArgKind::Buffer,
        "by_value" => ArgKind::Value,
        "dynamic_shared_pointer" => ArgKind::Local,
        k if k.starts_with("hidden_") => ArgKind::Hidden,
        _ => ArgKind::Other,
    }
}

/// The metadata document of a code object (v3+: the msgpack note; v2: the YAML note), as JSON.
fn metadata_doc(co: &codeobj::CodeObject) -> Result<Value, String> {
    if co.version.unwrap_or(2) >= 3 {
        match co.note("AMDGPU", 32) {
            Some(n) => metadata::metadata_json(&n.desc).map_err(|e| format!("metadata: {}", e.0)),
            None => Ok(Value::Null),
        }
    } else {
        match co.note("AMD", 10) {
            Some(n) => {
                metadata::yaml_json(&String::from_utf8_lossy(&n.desc)).map_err(|e| format!("metadata: {}", e.message))
            }
            None => Ok(Value::Null),
        }
    }
}

/// The kernel's record of the metadata document.
fn kernel_record(doc: &Value, name: &str) -> Value {
    let list = doc
        .get("amdhsa.kernels")
        .or_else(|| doc.get("Kernels"))
        .and_then(Value::as_array);
    list.into_iter()
        .flatten()
        .find(|k| k.get(".name").or_else(|| k.get("Name")).and_then(Value::as_str) == Some(name))
        .cloned()
        .unwrap_or(Value::Null)
}

/// The arguments of `info` with what the metadata record adds (address space, access,
/// constness); the record's arguments are in the same order as the dispatcher's.
fn arg_descs(info: &KernelInfo, record: &Value) -> Vec<ArgDesc> {
    let metas: Vec<Value> = record
        .get(".args")
        .or_else(|| record.get("Args"))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    info.args
        .iter()
        .enumerate()
        .map(|(n, a)| {
            let m = metas.get(n).cloned().unwrap_or(Value::Null);
            let s = |v3: &str, v2: &str| m.get(v3).or_else(|| m.get(v2)).and_then(Value::as_str).map(snake);
            let access = s(".access", "AccQual")
                .filter(|a| a != "default")
                .or_else(|| s(".actual_access", "ActualAccQual").filter(|a| a != "default"));
            // The source name where the metadata has one (`-cl-kernel-arg-info`, HIP), else
            // `argN` (a hidden argument: its kind).
            let name = match m.get(".name").or_else(|| m.get("Name")).and_then(Value::as_str) {
                Some(nm) => nm.to_string(),
                None if a.kind.starts_with("hidden_") => a.kind.clone(),
                None => format!("arg{n}"),
            };
            ArgDesc {
                name,
                type_name: a.type_name.clone(),
                size: a.size,
                offset: a.offset,
                kind: kind_of(&a.kind),
                value_kind: a.kind.clone(),
                address_space: s(".address_space", "AddrSpaceQual"),
                access,
                is_const: m
                    .get(".is_const")
                    .or_else(|| m.get("IsConst"))
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
            }
        })
        .collect()
}

/// The descriptor fields of kernel `name` of `co`.
fn descriptor_fields(co: &codeobj::CodeObject, name: &str) -> Vec<(String, i64)> {
    if co.version.unwrap_or(2) >= 3 {
        let Some(d) = co.descriptors.iter().find(|d| d.kernel == name) else {
            return Vec::new();
        };
        match kd::directives(&d.bytes, co.kd_target()) {
            Ok(list) => list.into_iter().map(|(n, v)| (n.to_string(), v as i64)).collect(),
            // Bits no directive expresses: the fields the bits hold, without the derived
            // register counts.
            Err(_) => kd::FIELDS
                .iter()
                .filter_map(|f| Some((f.name.to_string(), kd::value(&d.bytes, f.name)? as i64)))
                .collect(),
        }
    } else {
        co.v2_headers()
            .find(|(_, s, _)| s.name == name)
            .map(|(_, _, h)| akc::values(h).into_iter().map(|(n, v)| (n.to_string(), v)).collect())
            .unwrap_or_default()
    }
}

/// Loads `data`: an AMDGPU code object, or a host executable or shared library built by
/// hipcc (the code objects of its `.hip_fatbin` for `arch`; without `arch` the program must
/// hold code for one GPU). A code object of another arch than `arch` is an error.
pub fn load(data: &[u8], arch: Option<Arch>) -> Result<Loaded, String> {
    let objects: Vec<&[u8]> = match bundle::for_arch(data, arch, "arch=") {
        None => vec![data],
        Some(r) => r?.iter().map(|e| e.bytes).collect(),
    };
    let mut loaded: Option<Loaded> = None;
    for bytes in objects {
        let co = codeobj::read(bytes).map_err(|e| e.0)?;
        if let Some(a) = arch.filter(|a| *a != co.arch) {
            return Err(format!(
                "arch={a} conflicts with the code object's {} ({})",
                co.processor, co.arch
            ));
        }
        let doc = metadata_doc(&co)?;
        let infos = dispatch::kernels(bytes)?;
        let object = Arc::new(bytes.to_vec());
        let out = loaded.get_or_insert_with(|| Loaded {
            arch: co.arch,
            processor: co.processor.to_string(),
            target: co.target_id(),
            version: co.version.unwrap_or(2),
            kernels: Vec::new(),
        });
        for info in infos {
            if out.kernels.iter().any(|k| k.info.name == info.name) {
                continue;
            }
            let record = kernel_record(&doc, &info.name);
            out.kernels.push(Kernel {
                args: arg_descs(&info, &record),
                descriptor: descriptor_fields(&co, &info.name),
                metadata: record,
                object: object.clone(),
                info,
            });
        }
    }
    loaded.ok_or_else(|| "the program's fat binary has no code object".to_string())
}

/// The static analysis of kernel `k` (`gcnkit analyze`: control-flow graph, live registers,
/// resources and occupancy, instruction mix) for work-groups of `workgroup_size` (default:
/// the kernel's required size, else its largest flat size, else 256).
pub fn analysis(
    k: &Kernel,
    workgroup_size: Option<u32>,
    profile: Option<&gcnkit_analyze::profile::Profile>,
) -> Result<gcnkit_analyze::Analysis, String> {
    let programs = gcnkit_analyze::program::kernels(&k.object)?;
    let p = programs
        .iter()
        .find(|p| p.name == k.info.name)
        .ok_or_else(|| format!("kernel {}: not found by the analysis", k.info.name))?;
    if p.insts.is_empty() {
        return Err(format!("kernel {}: no code ({})", p.name, p.problems.join("; ")));
    }
    let a = gcnkit_analyze::analyze(p, workgroup_size);
    match profile {
        Some(pr) => a.with_profile(pr),
        None => Ok(a),
    }
}

// ---------------------------------------------------------------------------------------------
// Arguments.

/// A by-value argument as the caller gives it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    Bool(bool),
    Int(i128),
    Float(f64),
}

/// What a by-value argument's source type is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Num {
    Float,
    Signed,
    Unsigned,
    /// A type the metadata does not name, or one that is neither (a struct, a pointer).
    Unknown,
}

fn num_of(type_name: Option<&str>) -> Num {
    let Some(t) = type_name else { return Num::Unknown };
    let t = t.trim().trim_start_matches("const ").trim();
    if t.contains('*') {
        return Num::Unknown;
    }
    match t {
        "float" | "double" | "half" | "_Float16" | "__fp16" => Num::Float,
        "char" | "short" | "int" | "long" | "signed char" | "long long" | "int8_t" | "int16_t" | "int32_t"
        | "int64_t" | "ptrdiff_t" | "intptr_t" => Num::Signed,
        "uchar" | "ushort" | "uint" | "ulong" | "size_t" | "bool" | "_Bool" | "unsigned char" | "unsigned short"
        | "unsigned int" | "unsigned" | "unsigned long" | "unsigned long long" | "uint8_t" | "uint16_t"
        | "uint32_t" | "uint64_t" | "uintptr_t" => Num::Unsigned,
        _ => Num::Unknown,
    }
}

/// `argument N (name: type)` for messages.
pub fn arg_label(n: usize, a: &ArgDesc) -> String {
    match &a.type_name {
        Some(t) if *t != a.name => format!("argument {n} ({}: {t})", a.name),
        _ => format!("argument {n} ({})", a.name),
    }
}

/// Why a conversion failed: a wrong kind of value (TypeError) or one out of range
/// (ValueError).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    Type(String),
    Value(String),
}

impl ArgError {
    pub fn message(&self) -> &str {
        match self {
            ArgError::Type(m) | ArgError::Value(m) => m,
        }
    }
}

/// The bytes of by-value argument `n` (`a`) from `v`, converted by the metadata's size and
/// type: an integer type takes ints (and bools) in its range, a float for it is an error; a
/// float type takes floats and ints (rounded to the type); a type the metadata does not name
/// takes either, by its size (ints two's complement, floats as f16/f32/f64).
pub fn value_bytes(n: usize, a: &ArgDesc, v: Scalar) -> Result<Vec<u8>, ArgError> {
    let label = arg_label(n, a);
    let size = a.size as usize;
    let num = num_of(a.type_name.as_deref());
    let float = |f: f64| -> Result<Vec<u8>, ArgError> {
        Ok(match size {
            2 => (gcnkit::emu::float::f32_to_f16(f as f32) as u16).to_le_bytes().to_vec(),
            4 => (f as f32).to_le_bytes().to_vec(),
            8 => f.to_le_bytes().to_vec(),
            _ => {
                return Err(ArgError::Type(format!(
                    "{label} is {size} bytes: a float does not fit it (give its bytes)"
                )))
            }
        })
    };
    match (v, num) {
        (Scalar::Float(f), Num::Float | Num::Unknown) => float(f),
        (Scalar::Float(f), _) => Err(ArgError::Type(format!(
            "{label} is an integer: give an int, not the float {f:?}"
        ))),
        (Scalar::Int(i), Num::Float) => float(i as f64),
        (Scalar::Bool(b), Num::Float) => Err(ArgError::Type(format!(
            "{label} is a float: give a float, not {}",
            if b { "True" } else { "False" }
        ))),
        (Scalar::Int(_) | Scalar::Bool(_), _) => {
            let i = match v {
                Scalar::Int(i) => i,
                _ => matches!(v, Scalar::Bool(true)) as i128,
            };
            if size == 0 || size > 8 {
                return Err(ArgError::Type(format!(
                    "{label} is {size} bytes: an int does not fit it (give its bytes)"
                )));
            }
            let bits = size as u32 * 8;
            let (lo, hi) = match num {
                Num::Signed => (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1),
                Num::Unsigned => (0, (1i128 << bits) - 1),
                _ => (-(1i128 << (bits - 1)), (1i128 << bits) - 1),
            };
            if i < lo || i > hi {
                return Err(ArgError::Value(format!(
                    "{label}: {i} does not fit its {size} bytes ({lo} to {hi})"
                )));
            }
            Ok((i as u64).to_le_bytes()[..size].to_vec())
        }
    }
}

/// Raw bytes for by-value argument `n` (a struct, or any value as its bytes): exactly its size.
pub fn raw_value(n: usize, a: &ArgDesc, bytes: Vec<u8>) -> Result<Vec<u8>, ArgError> {
    if bytes.len() != a.size as usize {
        return Err(ArgError::Type(format!(
            "{} is a value of {} bytes: give a number (or exactly {} bytes), not {} bytes",
            arg_label(n, a),
            a.size,
            a.size,
            bytes.len()
        )));
    }
    Ok(bytes)
}

/// The argument count must match the explicit arguments.
pub fn check_count(k: &Kernel, given: usize) -> Result<(), String> {
    let explicit = k.explicit();
    if explicit.len() == given {
        return Ok(());
    }
    let list: Vec<String> = explicit
        .iter()
        .map(|a| match &a.type_name {
            Some(t) => format!("{} {}", t, a.name),
            None => a.name.clone(),
        })
        .collect();
    Err(format!(
        "kernel {} takes {} arguments ({}), {given} given",
        k.info.name,
        explicit.len(),
        list.join(", ")
    ))
}

// ---------------------------------------------------------------------------------------------
// Geometry and the launch.

/// Up to three dimensions, the rest 1.
pub fn dims(what: &str, v: &[u64]) -> Result<[u32; 3], String> {
    if v.is_empty() || v.len() > 3 {
        return Err(format!("{what} takes 1 to 3 dimensions, not {}", v.len()));
    }
    let mut d = [1u32; 3];
    for (k, &x) in v.iter().enumerate() {
        if x == 0 || x > u32::MAX as u64 {
            return Err(format!("{what}: {x} is not a size from 1 to 4294967295"));
        }
        d[k] = x as u32;
    }
    Ok(d)
}

/// The grid (work-items) and block of a launch: `grid` in work-items (OpenCL's global size,
/// `gcnkit run --grid`) or `blocks` in work-groups (HIP's grid), one of them; `block`, else
/// the kernel's `reqd_work_group_size`. Checked against 1024 work-items and the kernel's
/// `max_flat_workgroup_size`.
pub fn geometry(
    k: &KernelInfo,
    grid: Option<&[u64]>,
    blocks: Option<&[u64]>,
    block: Option<&[u64]>,
) -> Result<([u32; 3], [u32; 3]), String> {
    let block = match (block, k.reqd_block) {
        (Some(b), _) => dims("block", b)?,
        (None, Some(r)) => r,
        (None, None) => return Err("a launch needs block= (the work-group size)".into()),
    };
    let grid = match (grid, blocks) {
        (Some(g), None) => dims("grid", g)?,
        (None, Some(n)) => {
            let n = dims("blocks", n)?;
            let mut g = [1u32; 3];
            for d in 0..3 {
                g[d] = n[d]
                    .checked_mul(block[d])
                    .ok_or_else(|| format!("blocks × block: {} × {} work-items do not fit 32 bits", n[d], block[d]))?;
            }
            g
        }
        (Some(_), Some(_)) => return Err("give grid= (work-items) or blocks= (work-groups), not both".into()),
        (None, None) => return Err("a launch needs grid= (work-items) or blocks= (work-groups)".into()),
    };
    let per_group: u64 = block.iter().map(|&b| b as u64).product();
    if per_group > 1024 {
        return Err(format!(
            "block {block:?}: {per_group} work-items in a work-group, more than 1024 (the most a GCN GPU takes)"
        ));
    }
    if let Some(max) = k.max_block.filter(|&m| per_group > m as u64) {
        return Err(format!(
            "block {block:?}: {per_group} work-items in a work-group, more than kernel {}'s max_flat_workgroup_size ({max})",
            k.name
        ));
    }
    Ok((grid, block))
}

/// Runs `k` on a fresh device: `threads` worker threads (default: the CPUs), `budget`
/// instructions per wave (default: the kernel machine's); with `profile`, a profile of the
/// run is taken too (gcnkit-analyze's profiler: every instruction on the general path);
/// `cooperative`: the whole grid resident at once (grid-wide barriers work).
#[allow(clippy::too_many_arguments)] // the launch's options, as Python passes them
pub fn launch(
    k: &KernelInfo,
    grid: [u32; 3],
    block: [u32; 3],
    args: Vec<ArgValue>,
    threads: Option<usize>,
    budget: Option<u64>,
    profile: bool,
    cooperative: bool,
) -> Result<(Outcome, Option<gcnkit_analyze::profile::Profile>), RunError> {
    if threads == Some(0) {
        return Err(RunError::Usage(
            "threads=0: at least one worker thread is needed".into(),
        ));
    }
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let l = Launch {
        grid,
        block,
        args,
        threads,
        budget: budget.unwrap_or(gcnkit::emu::device::DEFAULT_BUDGET),
        trace: None,
        progress: None,
        checker: None,
        resident: cooperative,
    };
    let profiler = profile.then(|| std::sync::Arc::new(gcnkit_analyze::profile::Profiler::new()));
    let l = Launch {
        checker: profiler
            .clone()
            .map(|p| p as std::sync::Arc<dyn gcnkit::emu::monitor::Checker>),
        ..l
    };
    let o = kernel::run(k, &l, None)?;
    let p = profiler.and_then(|p| gcnkit_analyze::profile::merge(p.take()).into_iter().next());
    Ok((o, p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(name: &str) -> Vec<u8> {
        let p = concat!(env!("CARGO_MANIFEST_DIR"), "/../gcnkit/tests/data/run/");
        std::fs::read(format!("{p}{name}")).unwrap()
    }

    fn arg(type_name: Option<&str>, size: u32) -> ArgDesc {
        ArgDesc {
            name: "x".into(),
            type_name: type_name.map(str::to_string),
            size,
            offset: 0,
            kind: ArgKind::Value,
            value_kind: "by_value".into(),
            address_space: None,
            access: None,
            is_const: false,
        }
    }

    #[test]
    fn loads_and_describes() {
        let co = load(&data("bench.gfx900.hsaco"), None).unwrap();
        assert_eq!(co.arch, Arch::Gcn14);
        assert_eq!(co.processor, "gfx900");
        let saxpy = co.kernels.iter().find(|k| k.info.name == "saxpy").unwrap();
        let e = saxpy.explicit();
        assert_eq!(e.len(), 4);
        assert_eq!((e[0].kind, e[0].name.as_str()), (ArgKind::Buffer, "arg0"));
        assert_eq!(e[0].address_space.as_deref(), Some("global"));
        assert!(!e[0].read_only());
        assert!(e[1].read_only(), "{:?}", e[1]);
        assert_eq!((e[2].kind, e[2].type_name.as_deref()), (ArgKind::Value, Some("float")));
        assert!(saxpy.descriptor.iter().any(|(n, _)| n == "next_free_vgpr"));
        assert!(saxpy.sgprs().is_some());
        assert!(load(&data("bench.gfx900.hsaco"), Some(Arch::Gcn10))
            .unwrap_err()
            .contains("conflicts"));
        assert!(load(b"not a code object", None).is_err());
        // code object v2: the amd_kernel_code_t fields, v2 metadata
        let v2 = load(&data("manyargs.gfx900.v2.hsaco"), None).unwrap();
        assert_eq!(v2.version, 2);
        assert!(!v2.kernels[0].descriptor.is_empty());
        assert!(v2.kernels[0]
            .args
            .iter()
            .any(|a| a.address_space.as_deref() == Some("global")));
    }

    #[test]
    fn analyses() {
        let co = load(&data("bench.gfx900.hsaco"), None).unwrap();
        let k = co.kernels.iter().find(|k| k.info.name == "mandelbrot").unwrap();
        let a = analysis(k, None, None).unwrap();
        assert_eq!(a.cfg.loops.len(), 1);
        let j = gcnkit_analyze::report::to_json(&a);
        assert_eq!(j["kernel"], "mandelbrot", "{j}");
    }

    #[test]
    fn values() {
        let uint = arg(Some("uint"), 4);
        assert_eq!(value_bytes(0, &uint, Scalar::Int(5)), Ok(vec![5, 0, 0, 0]));
        assert!(matches!(
            value_bytes(0, &uint, Scalar::Int(-1)),
            Err(ArgError::Value(_))
        ));
        assert!(matches!(
            value_bytes(0, &uint, Scalar::Float(1.5)),
            Err(ArgError::Type(_))
        ));
        let int = arg(Some("int"), 4);
        assert_eq!(value_bytes(0, &int, Scalar::Int(-1)), Ok(vec![0xff; 4]));
        assert!(value_bytes(0, &int, Scalar::Int(1 << 31)).is_err());
        let f = arg(Some("float"), 4);
        assert_eq!(
            value_bytes(0, &f, Scalar::Float(1.5)),
            Ok(1.5f32.to_le_bytes().to_vec())
        );
        assert_eq!(value_bytes(0, &f, Scalar::Int(2)), Ok(2f32.to_le_bytes().to_vec()));
        let d = arg(Some("double"), 8);
        assert_eq!(
            value_bytes(0, &d, Scalar::Float(0.1)),
            Ok(0.1f64.to_le_bytes().to_vec())
        );
        let h = arg(Some("half"), 2);
        assert_eq!(value_bytes(0, &h, Scalar::Float(1.0)), Ok(vec![0x00, 0x3c]));
        let unknown = arg(None, 8);
        assert_eq!(
            value_bytes(0, &unknown, Scalar::Int(-2)),
            Ok((-2i64).to_le_bytes().to_vec())
        );
        assert!(raw_value(0, &arg(Some("struct s"), 12), vec![0; 8]).is_err());
    }

    #[test]
    fn geometry_rules() {
        let co = load(&data("bench.gfx900.hsaco"), None).unwrap();
        let k = &co.kernels.iter().find(|k| k.info.name == "saxpy").unwrap().info;
        assert_eq!(
            geometry(k, Some(&[1000]), None, Some(&[256])),
            Ok(([1000, 1, 1], [256, 1, 1]))
        );
        assert_eq!(
            geometry(k, None, Some(&[4, 2]), Some(&[64, 2])),
            Ok(([256, 4, 1], [64, 2, 1]))
        );
        assert!(geometry(k, Some(&[64]), Some(&[1]), Some(&[64])).is_err());
        assert!(geometry(k, Some(&[64]), None, None).unwrap_err().contains("block="));
        assert!(geometry(k, Some(&[0]), None, Some(&[64])).is_err());
        assert!(geometry(k, Some(&[2048]), None, Some(&[2048]))
            .unwrap_err()
            .contains("1024"));
    }

    #[test]
    fn runs_saxpy() {
        let co = load(&data("bench.gfx900.hsaco"), None).unwrap();
        let k = co.kernels.iter().find(|k| k.info.name == "saxpy").unwrap();
        let x: Vec<u8> = (0..64).flat_map(|i| (i as f32).to_le_bytes()).collect();
        let y: Vec<u8> = (0..64).flat_map(|_| 1f32.to_le_bytes()).collect();
        let a = value_bytes(2, k.explicit()[2], Scalar::Float(2.0)).unwrap();
        let n = value_bytes(3, k.explicit()[3], Scalar::Int(64)).unwrap();
        let args = vec![
            ArgValue::Buffer(y),
            ArgValue::Buffer(x),
            ArgValue::Value(a),
            ArgValue::Value(n),
        ];
        let (out, p) = launch(
            &k.info,
            [64, 1, 1],
            [64, 1, 1],
            args.clone(),
            Some(1),
            None,
            false,
            false,
        )
        .unwrap();
        assert!(p.is_none());
        let y = out.buffers[0].as_ref().unwrap();
        assert_eq!(&y[4 * 5..4 * 6], &11f32.to_le_bytes());
        assert_eq!(out.stats.waves, 1);
        // With a profile: its counts are the run's, and it goes on the kernel's analysis.
        let (out, p) = launch(&k.info, [64, 1, 1], [64, 1, 1], args, Some(1), None, true, false).unwrap();
        let p = p.unwrap();
        assert_eq!(p.instructions(), out.stats.instructions);
        let a = analysis(k, None, Some(&p)).unwrap();
        assert_eq!(a.profile.unwrap().lane_ops, out.stats.lane_ops);
        assert!(check_count(k, 3).unwrap_err().contains("takes 4 arguments"));
    }
}
