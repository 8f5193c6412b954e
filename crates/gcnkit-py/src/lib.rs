//! Python bindings of gcnkit: the Python module `gcnkit` (built with maturin, see
//! `pyproject.toml` and `README.md` beside this crate).
//!
//! The work is done by plain Rust functions (`assemble_text`, `disassemble_json`, ...) that
//! know nothing of Python; the `#[pyfunction]`s only convert arguments, results and errors.
//! Only the library's stable surface is used: `Arch::{parse, name, accepted_names}`,
//! `asm::{Assembler, Dialect}`, `decode::decode_all`, `syntax::json::record`,
//! `explain::explain` and `emu::run_text`; the kernels of code objects (loading, inspection,
//! launches on the kernel machine) are the plain Rust of [`kernels`].

use gcnkit::asm::{Assembler, Dialect};
use gcnkit::diag::{Diagnostic, Severity};
use gcnkit::emu::kernel::{ArgValue, RunError};
use gcnkit::syntax::Syntax;
use gcnkit::Arch;
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyError, PyTypeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyMemoryView, PyString, PyTuple};
use std::ffi::CString;
use std::sync::Arc;

pub mod kernels;

create_exception!(
    gcnkit,
    AssemblyError,
    PyValueError,
    "The text does not assemble. `str(e)` is every diagnostic of the text; `e.diagnostics` is \
     the list of them, each `FILE:LINE:COL: error: MESSAGE` with the source line and a caret."
);
create_exception!(
    gcnkit,
    EmulationError,
    PyValueError,
    "The program assembled but could not run (an instruction the emulator has no semantics or \
     model for), the state dict is wrong (unknown key, register out of range, bad value), or a \
     kernel launch failed while it ran (a memory fault, the instruction budget): the kernel \
     machine's message."
);
create_exception!(
    gcnkit,
    LaunchError,
    PyValueError,
    "A kernel launch was refused before it ran: the grid or block (sizes, the kernel's \
     max_flat_workgroup_size or reqd_work_group_size), threads, or an argument the kernel machine \
     cannot pass. Wrong argument counts and types raise TypeError."
);
create_exception!(
    gcnkit,
    AssemblyWarning,
    PyUserWarning,
    "A warning of the assembler (the text assembled anyway), issued through Python's `warnings` \
     module: `warnings.simplefilter(\"error\", gcnkit.AssemblyWarning)` makes it an error."
);

// ---------------------------------------------------------------------------------------------
// Names.

/// The canonical arch names (`gcn1.0` ...): the first name of each group of
/// [`Arch::accepted_names`], as [`Arch::name`] spells it.
pub fn arch_names() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for group in Arch::accepted_names().split(';') {
        let first = group.split('|').next().unwrap_or("");
        if let Some(a) = Arch::parse(first) {
            if !out.contains(&a.name()) {
                out.push(a.name());
            }
        }
    }
    out
}

pub fn parse_arch(name: &str) -> Result<Arch, String> {
    Arch::parse(name).ok_or_else(|| {
        format!(
            "unknown arch '{name}'; accepted names (case-insensitive): {}",
            Arch::accepted_names()
        )
    })
}

pub fn parse_dialect(name: &str) -> Result<Dialect, String> {
    match name.trim().to_ascii_lowercase().as_str() {
        "auto" => Ok(Dialect::Auto),
        "clrx" => Ok(Dialect::Clrx),
        "llvm" => Ok(Dialect::Llvm),
        _ => Err(format!("unknown syntax '{name}'; accepted: auto, clrx, llvm")),
    }
}

pub fn parse_syntax(name: &str) -> Result<Syntax, String> {
    match name.trim().to_ascii_lowercase().as_str() {
        "clrx" => Ok(Syntax::Clrx),
        "llvm" => Ok(Syntax::Llvm),
        _ => Err(format!("unknown syntax '{name}'; accepted: clrx, llvm")),
    }
}

// ---------------------------------------------------------------------------------------------
// The work, in plain Rust.

/// Assembles `text` (a whole file) as the CLI does: `arch` `None` means GCN 1.2 unless a target
/// directive of the text chooses another. Returns the words (empty if there are errors) and
/// every diagnostic (errors, warnings, notes).
pub fn assemble_text(arch: Option<Arch>, dialect: Dialect, text: &str, file: &str) -> (Vec<u32>, Vec<Diagnostic>) {
    let mut asm = Assembler::new(arch.unwrap_or(Arch::Gcn12), dialect, file);
    if arch.is_none() {
        asm = asm.arch_is_default();
    }
    for (n, line) in text.lines().enumerate() {
        asm.line(n + 1, line);
    }
    let (items, diags) = asm.finish();
    let words = items.iter().flat_map(|i| i.words().iter().copied()).collect();
    (words, diags)
}

pub fn has_errors(diags: &[Diagnostic]) -> bool {
    diags.iter().any(|d| d.severity == Severity::Error)
}

/// A diagnostic as one string (its full text with the caret, no trailing newline).
pub fn diag_text(d: &Diagnostic) -> String {
    d.to_string().trim_end_matches('\n').to_string()
}

/// Little-endian bytes to words; the length must be a multiple of 4.
pub fn words_from_bytes(b: &[u8]) -> Result<Vec<u32>, String> {
    if !b.len().is_multiple_of(4) {
        return Err(format!(
            "machine code is {} bytes, not a multiple of 4 (GCN instructions are 32-bit words)",
            b.len()
        ));
    }
    Ok(b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// The JSON records of `words` (one string each). A truncated instruction is an error naming
/// its byte offset.
pub fn disassemble_json(arch: Arch, words: &[u32], syntax: Syntax) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for (offset, r) in gcnkit::decode::decode_all(arch, words) {
        match r {
            Ok(i) => {
                let mut s = String::with_capacity(512);
                gcnkit::syntax::json::record(&mut s, &i, offset, syntax);
                out.push(s);
            }
            Err(e) => return Err(format!("at byte offset {offset} ({offset:#x}): {e}")),
        }
    }
    Ok(out)
}

/// The text of each instruction of `words` (from the JSON records' `text`).
pub fn disassemble_lines(arch: Arch, words: &[u32], syntax: Syntax) -> Result<Vec<String>, String> {
    disassemble_json(arch, words, syntax)?
        .iter()
        .map(|rec| {
            let v: serde_json::Value =
                serde_json::from_str(rec).map_err(|e| format!("internal error: bad JSON record ({e}): {rec}"))?;
            v.get("text")
                .and_then(|t| t.as_str())
                .map(str::to_string)
                .ok_or_else(|| format!("internal error: JSON record without text: {rec}"))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Python glue.

fn value_err(msg: String) -> PyErr {
    PyValueError::new_err(msg)
}

fn opt_arch(arch: Option<&str>) -> PyResult<Option<Arch>> {
    arch.map(parse_arch).transpose().map_err(value_err)
}

fn assembly_error(py: Python<'_>, diags: &[Diagnostic]) -> PyErr {
    let list: Vec<String> = diags.iter().map(diag_text).collect();
    let err = AssemblyError::new_err(list.join("\n"));
    if let Err(e) = err.value(py).setattr("diagnostics", list) {
        return e;
    }
    err
}

/// Issues each warning of `diags` through Python's `warnings` module (which may raise, under an
/// "error" filter).
fn issue_warnings(py: Python<'_>, diags: &[Diagnostic]) -> PyResult<()> {
    let category = py.get_type::<AssemblyWarning>();
    for d in diags.iter().filter(|d| d.severity == Severity::Warning) {
        let msg = CString::new(diag_text(d).replace('\0', ".")).expect("no NUL left");
        PyErr::warn(py, &category, &msg, 1)?;
    }
    Ok(())
}

/// Assembles for the Python functions: errors raise AssemblyError, warnings are issued.
fn assemble_py(py: Python<'_>, text: &str, arch: Option<&str>, syntax: &str) -> PyResult<Vec<u32>> {
    let arch = opt_arch(arch)?;
    let dialect = parse_dialect(syntax).map_err(value_err)?;
    let (words, diags) = assemble_text(arch, dialect, text, "<text>");
    if has_errors(&diags) {
        return Err(assembly_error(py, &diags));
    }
    issue_warnings(py, &diags)?;
    Ok(words)
}

/// `bytes`/`bytearray` (little-endian, a multiple of 4 long) or an iterable of 32-bit ints.
/// An ELF input, as `gcnkit disasm` reads it: an AMDGPU code object (its arch from its
/// header; a different `arch` is a ValueError), or a HIP program's code objects for `arch`.
/// `None` when `code` is not bytes starting with the ELF magic.
fn object_disassembly(
    code: &Bound<'_, PyAny>,
    arch: Option<Arch>,
    syntax: Syntax,
    format: gcnkit::disasm::Format,
) -> Option<PyResult<String>> {
    let data: Vec<u8> = if let Ok(b) = code.cast::<PyBytes>() {
        b.as_bytes().to_vec()
    } else if let Ok(b) = code.cast::<PyByteArray>() {
        b.to_vec()
    } else {
        return None;
    };
    if !data.starts_with(b"\x7fELF") {
        return None;
    }
    let objects: Vec<&[u8]> = match gcnkit::codeobj::bundle::for_arch(&data, arch, "arch=") {
        None => vec![&data[..]],
        Some(Ok(list)) => list.iter().map(|e| e.bytes).collect(),
        Some(Err(e)) => return Some(Err(value_err(e))),
    };
    let mut out = String::new();
    for bytes in objects {
        let co = match gcnkit::codeobj::read(bytes) {
            Ok(c) => c,
            Err(e) => return Some(Err(value_err(e.0))),
        };
        if let Some(a) = arch.filter(|a| *a != co.arch) {
            return Some(Err(value_err(format!(
                "arch={a} conflicts with the code object's {} ({})",
                co.processor, co.arch
            ))));
        }
        if let Err(t) = gcnkit::disasm::disassemble_code_object(&co, syntax, format, |c| out.push_str(c)) {
            return Some(Err(value_err(t.to_string())));
        }
    }
    Some(Ok(out))
}

fn code_words(code: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    if let Ok(b) = code.cast::<PyBytes>() {
        return words_from_bytes(b.as_bytes()).map_err(value_err);
    }
    if let Ok(b) = code.cast::<PyByteArray>() {
        return words_from_bytes(&b.to_vec()).map_err(value_err);
    }
    if code.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "code must be bytes or a list of 32-bit words, not str (bytes.fromhex(...) reads hex text)",
        ));
    }
    let iter = code.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "code must be bytes or a list of 32-bit words, not {}",
            code.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))
    })?;
    let mut words = Vec::new();
    for (k, item) in iter.enumerate() {
        let item = item?;
        match item.extract::<u32>() {
            Ok(w) => words.push(w),
            Err(_) if item.is_instance_of::<PyInt>() => {
                return Err(value_err(format!(
                    "word {k} ({item}) is not a 32-bit value (0 to 0xffffffff)"
                )))
            }
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "word {k}: expected an int, got {}",
                    item.get_type().name().map(|n| n.to_string()).unwrap_or_default()
                )))
            }
        }
    }
    Ok(words)
}

fn json_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// Assembles GCN assembly text to machine code (little-endian bytes).
///
/// text: the whole source (several lines, labels, directives...).
/// arch: "gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4", "gcn1.4.1" or an LLVM/CLRX device name ("gfx900",
///     "tahiti", "polaris10"...). None: the text's target directive (.amdgcn_target, .gpu,
///     .arch), else gcn1.2.
/// syntax: "auto" (decided from the text), "clrx" or "llvm".
///
/// Raises AssemblyError (a ValueError) with every diagnostic on errors, ValueError for an
/// unknown arch or syntax name. Warnings are issued as gcnkit.AssemblyWarning.
#[pyfunction]
#[pyo3(signature = (text, arch=None, syntax="auto"))]
fn assemble<'py>(py: Python<'py>, text: &str, arch: Option<&str>, syntax: &str) -> PyResult<Bound<'py, PyBytes>> {
    let words = assemble_py(py, text, arch, syntax)?;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    Ok(PyBytes::new(py, &bytes))
}

/// Assembles like assemble() but returns the machine code as a list of 32-bit words.
#[pyfunction]
#[pyo3(signature = (text, arch=None, syntax="auto"))]
fn assemble_words(py: Python<'_>, text: &str, arch: Option<&str>, syntax: &str) -> PyResult<Vec<u32>> {
    assemble_py(py, text, arch, syntax)
}

/// Disassembles machine code to one dict per instruction: the JSON record of the CLI's
/// `disasm --format json` (keys offset, words, arch, encoding, opcode, mnemonic, text, fields,
/// operands, modifiers...).
///
/// code: bytes (little-endian, a multiple of 4 long) or a list of 32-bit words.
/// arch: the GPU ("gcn1.2" by default; any name assemble() takes).
/// syntax: the dialect of the "text" field, "clrx" or "llvm".
///
/// Raises ValueError for a truncated instruction (naming its byte offset), bytes that are not
/// a multiple of 4, a word out of range, or an unknown arch or syntax name.
#[pyfunction]
#[pyo3(signature = (code, arch=None, syntax="clrx"))]
fn disassemble<'py>(
    py: Python<'py>,
    code: &Bound<'py, PyAny>,
    arch: Option<&str>,
    syntax: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let given = arch.map(parse_arch).transpose().map_err(value_err)?;
    let syntax = parse_syntax(syntax).map_err(value_err)?;
    if let Some(text) = object_disassembly(code, given, syntax, gcnkit::disasm::Format::Json) {
        let lines: Vec<String> = text?
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect();
        return json_loads(py, &format!("[{}]", lines.join(", ")));
    }
    let arch = given.unwrap_or(Arch::Gcn12);
    let words = code_words(code)?;
    let recs = disassemble_json(arch, &words, syntax).map_err(value_err)?;
    json_loads(py, &format!("[{}]", recs.join(", ")))
}

/// Disassembles machine code to text: one instruction per line, each line ending in a newline
/// ("" for no code). Arguments and errors as disassemble().
#[pyfunction]
#[pyo3(signature = (code, arch=None, syntax="clrx"))]
fn disassemble_text(code: &Bound<'_, PyAny>, arch: Option<&str>, syntax: &str) -> PyResult<String> {
    let given = arch.map(parse_arch).transpose().map_err(value_err)?;
    let syntax = parse_syntax(syntax).map_err(value_err)?;
    if let Some(text) = object_disassembly(code, given, syntax, gcnkit::disasm::Format::Text) {
        return text;
    }
    let arch = given.unwrap_or(Arch::Gcn12);
    let words = code_words(code)?;
    let lines = disassemble_lines(arch, &words, syntax).map_err(value_err)?;
    let mut out = String::new();
    for l in lines {
        out.push_str(&l);
        out.push('\n');
    }
    Ok(out)
}

/// Everything the ISA table knows about an instruction, as text for people: encodings,
/// opcodes per arch, operands, modifiers, the LLVM name.
///
/// name: the CLRX or LLVM mnemonic, with or without _e32/_e64 ("v_add_f32", "v_mad_f32_e64").
/// arch: show that arch only; None: every arch that has the name.
///
/// Raises KeyError for a name the table does not know (with the nearest known name when there
/// is one), ValueError for an unknown arch name.
#[pyfunction]
#[pyo3(signature = (name, arch=None))]
fn explain(name: &str, arch: Option<&str>) -> PyResult<String> {
    let arch = opt_arch(arch)?;
    gcnkit::explain::explain(arch, name).map_err(|u| PyKeyError::new_err(u.to_string()))
}

/// Assembles `program` and runs it on one 64-lane wave; returns the final state.
///
/// state: the initial state, None for the reset state (EXEC all ones, registers zero). Keys
///     "exec", "vcc" (64-bit masks), "m0", "mode", "scc", "sgprs" and "vgprs" (dicts of register
///     number -> value; a VGPR takes one value for all lanes or a list of up to 64 lane
///     values). Values are ints, floats (stored as their f32 bits) or strings ("0x3f800000",
///     "1.5"). A str is taken as the state's JSON text.
/// arch, syntax: as assemble().
///
/// Returns a dict of the same shape with every value a hex string: "exec", "vcc", "m0",
/// "mode", "scc", "sgprs" (non-zero or written registers) and "vgprs" (each a list of its 64
/// lanes).
///
/// Raises AssemblyError when the program does not assemble, EmulationError when it cannot run
/// or the state is wrong, ValueError for an unknown arch or syntax name.
#[pyfunction]
#[pyo3(signature = (program, state=None, arch=None, syntax="auto"))]
fn run<'py>(
    py: Python<'py>,
    program: &str,
    state: Option<&Bound<'py, PyAny>>,
    arch: Option<&str>,
    syntax: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let arch = opt_arch(arch)?;
    let dialect = parse_dialect(syntax).map_err(value_err)?;
    let state_json: Option<String> = match state {
        None => None,
        Some(s) if s.is_none() => None,
        Some(s) if s.is_instance_of::<PyString>() => Some(s.extract()?),
        Some(s) if s.is_instance_of::<PyDict>() => Some(py.import("json")?.call_method1("dumps", (s,))?.extract()?),
        Some(s) => {
            return Err(PyTypeError::new_err(format!(
                "state must be a dict (or its JSON text), not {}",
                s.get_type().name().map(|n| n.to_string()).unwrap_or_default()
            )))
        }
    };
    // The program is assembled here first, as run_text does it, so that its errors raise
    // AssemblyError (run_text returns assembly and emulation errors alike as text) and its
    // warnings reach Python.
    let (_, diags) = assemble_text(arch, dialect, program, "<program>");
    if has_errors(&diags) {
        return Err(assembly_error(py, &diags));
    }
    issue_warnings(py, &diags)?;
    let out = gcnkit::emu::run_text(arch, dialect, program, state_json.as_deref()).map_err(EmulationError::new_err)?;
    json_loads(py, &out.to_string())
}

// ---------------------------------------------------------------------------------------------
// Kernels of code objects (the work: `kernels`).

fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type().name().map(|n| n.to_string()).unwrap_or_default()
}

/// The bytes of a bytes-like object (anything with the buffer protocol), read through a
/// `memoryview` (abi3 for Python 3.9 has no buffer API of its own).
fn buffer_bytes(view: &Bound<'_, PyMemoryView>) -> PyResult<Vec<u8>> {
    let b = view.call_method0("tobytes")?;
    Ok(b.cast::<PyBytes>()?.as_bytes().to_vec())
}

/// A dynamic `__local` allocation of `nbytes` bytes for a kernel's `__local` pointer argument
/// (LDS of each work-group, after the kernel's static LDS).
#[pyclass(frozen, module = "gcnkit", name = "Local")]
struct Local {
    #[pyo3(get)]
    nbytes: u32,
}

#[pymethods]
impl Local {
    #[new]
    fn new(nbytes: i64) -> PyResult<Self> {
        u32::try_from(nbytes)
            .map(|nbytes| Local { nbytes })
            .map_err(|_| value_err(format!("Local({nbytes}): the size must be 0 to 4294967295 bytes")))
    }

    fn __repr__(&self) -> String {
        format!("gcnkit.Local({})", self.nbytes)
    }
}

/// One argument of a kernel, as its metadata describes it.
#[pyclass(frozen, get_all, module = "gcnkit", name = "KernelArg")]
struct KernelArg {
    /// Position among the arguments a caller gives (`None` for a hidden argument).
    index: Option<usize>,
    name: String,
    type_name: Option<String>,
    size: u32,
    offset: u32,
    /// "buffer", "value", "local", "hidden" or "other".
    kind: &'static str,
    value_kind: String,
    address_space: Option<String>,
    access: Option<String>,
    is_const: bool,
}

#[pymethods]
impl KernelArg {
    fn __repr__(&self) -> String {
        format!(
            "KernelArg(name={:?}, type_name={:?}, kind={:?}, size={}, offset={})",
            self.name,
            self.type_name.as_deref().unwrap_or(""),
            self.kind,
            self.size,
            self.offset
        )
    }
}

impl KernelArg {
    fn of(index: Option<usize>, a: &kernels::ArgDesc) -> Self {
        KernelArg {
            index,
            name: a.name.clone(),
            type_name: a.type_name.clone(),
            size: a.size,
            offset: a.offset,
            kind: a.kind.name(),
            value_kind: a.value_kind.clone(),
            address_space: a.address_space.clone(),
            access: a.access.clone(),
            is_const: a.is_const,
        }
    }
}

/// A code object loaded for inspection and launches: an AMDGPU ELF (`.o`, `.hsaco`) or a HIP
/// program (executable or shared library) whose fat binary holds code objects.
#[pyclass(frozen, module = "gcnkit", name = "CodeObject")]
struct CodeObject {
    loaded: Arc<kernels::Loaded>,
}

#[pymethods]
impl CodeObject {
    /// source: a path (str or os.PathLike) or the file's bytes (any bytes-like object).
    /// arch: the GPU whose code to take from a HIP program's fat binary (needed when it holds
    ///     code for several); for a code object, a check of its arch.
    #[new]
    #[pyo3(signature = (source, arch=None))]
    fn new(py: Python<'_>, source: &Bound<'_, PyAny>, arch: Option<&str>) -> PyResult<Self> {
        let arch = opt_arch(arch)?;
        let (data, name) = if let Ok(view) = PyMemoryView::from(source) {
            (buffer_bytes(&view)?, "<bytes>".to_string())
        } else {
            let path = py.import("os")?.call_method1("fspath", (source,)).map_err(|_| {
                PyTypeError::new_err(format!("CodeObject takes a path or bytes, not {}", type_name(source)))
            })?;
            let path: String = path
                .extract()
                .map_err(|_| PyTypeError::new_err("the path must be a str"))?;
            let data =
                std::fs::read(&path).map_err(|e| PyErr::from(std::io::Error::new(e.kind(), format!("{path}: {e}"))))?;
            (data, path)
        };
        let loaded = py
            .detach(|| kernels::load(&data, arch))
            .map_err(|e| value_err(format!("{name}: {e}")))?;
        Ok(CodeObject {
            loaded: Arc::new(loaded),
        })
    }

    /// The GPU generation ("gcn1.4"...).
    #[getter]
    fn arch(&self) -> &'static str {
        self.loaded.arch.name()
    }

    /// The processor ("gfx900").
    #[getter]
    fn processor(&self) -> &str {
        &self.loaded.processor
    }

    /// The target id ("amdgcn-amd-amdhsa--gfx906:sramecc-:xnack-").
    #[getter]
    fn target(&self) -> &str {
        &self.loaded.target
    }

    /// The code object version (2 to 5).
    #[getter]
    fn version(&self) -> u8 {
        self.loaded.version
    }

    /// The kernels' names.
    #[getter]
    fn kernels(&self) -> Vec<String> {
        self.loaded.kernels.iter().map(|k| k.info.name.clone()).collect()
    }

    /// The kernel called `name` (KeyError naming the kernels when there is none).
    fn kernel(&self, name: &str) -> PyResult<Kernel> {
        match self.loaded.kernels.iter().position(|k| k.info.name == name) {
            Some(index) => Ok(Kernel {
                loaded: self.loaded.clone(),
                index,
            }),
            None => Err(PyKeyError::new_err(format!(
                "no kernel '{name}' (kernels: {})",
                self.kernels().join(", ")
            ))),
        }
    }

    fn __getitem__(&self, name: &str) -> PyResult<Kernel> {
        self.kernel(name)
    }

    fn __contains__(&self, name: &str) -> bool {
        self.loaded.kernels.iter().any(|k| k.info.name == name)
    }

    fn __len__(&self) -> usize {
        self.loaded.kernels.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<gcnkit.CodeObject {} (v{}) kernels: {}>",
            self.loaded.processor,
            self.loaded.version,
            self.kernels().join(", ")
        )
    }
}

/// A kernel of a code object: its arguments and resources, and a launch on NumPy arrays.
#[pyclass(frozen, module = "gcnkit", name = "Kernel")]
struct Kernel {
    loaded: Arc<kernels::Loaded>,
    index: usize,
}

/// Grid or block sizes: an int or a sequence of 1 to 3 ints.
fn sizes(what: &str, v: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<u64>>> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    let list: Vec<i128> = if let Ok(n) = v.extract::<i128>() {
        vec![n]
    } else {
        v.extract::<Vec<i128>>().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what} must be an int or a tuple of 1 to 3 ints, not {}",
                type_name(v)
            ))
        })?
    };
    list.iter()
        .map(|&n| {
            u64::try_from(n)
                .map_err(|_| LaunchError::new_err(format!("{what}: {n} is not a size from 1 to 4294967295")))
        })
        .collect::<PyResult<Vec<u64>>>()
        .map(Some)
}

/// A by-value argument from a Python object.
fn value_arg(n: usize, a: &kernels::ArgDesc, v: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let conv = |r: Result<Vec<u8>, kernels::ArgError>| {
        r.map_err(|e| match e {
            kernels::ArgError::Type(m) => PyTypeError::new_err(m),
            kernels::ArgError::Value(m) => value_err(m),
        })
    };
    // An array or bytes: its bytes (a struct by value); a NumPy scalar (0-d) is a number.
    if let Ok(view) = PyMemoryView::from(v) {
        if view.getattr("ndim")?.extract::<usize>()? > 0 {
            return conv(kernels::raw_value(n, a, buffer_bytes(&view)?));
        }
    }
    let scalar = if let Ok(b) = v.cast::<PyBool>() {
        kernels::Scalar::Bool(b.is_true())
    } else if let Ok(i) = v.extract::<i128>() {
        kernels::Scalar::Int(i)
    } else if v.is_instance_of::<PyInt>() {
        return Err(value_err(format!(
            "{}: {v} does not fit its {} bytes",
            kernels::arg_label(n, a),
            a.size
        )));
    } else if v.is_instance_of::<PyFloat>() || (v.hasattr("__float__")? && !v.is_instance_of::<PyString>()) {
        kernels::Scalar::Float(v.extract::<f64>()?)
    } else {
        return Err(PyTypeError::new_err(format!(
            "{} is a value: give a number, not {}",
            kernels::arg_label(n, a),
            type_name(v)
        )));
    };
    conv(kernels::value_bytes(n, a, scalar))
}

/// A buffer argument: its view (for the copy back) and its bytes as they were copied in.
fn buffer_arg<'py>(
    n: usize,
    a: &kernels::ArgDesc,
    v: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyMemoryView>, Bound<'py, PyBytes>)> {
    let label = kernels::arg_label(n, a);
    let not_array = || {
        PyTypeError::new_err(format!(
            "{label} is a pointer: give an array (any object with the buffer protocol), not {}",
            type_name(v)
        ))
    };
    if v.is_instance_of::<PyString>() || v.is_instance_of::<Local>() {
        return Err(not_array());
    }
    let view = PyMemoryView::from(v).map_err(|_| not_array())?;
    if !view.getattr("c_contiguous")?.extract::<bool>()? {
        return Err(value_err(format!(
            "{label}: the array is not C-contiguous (numpy.ascontiguousarray makes a copy that is)"
        )));
    }
    let bytes = view.call_method0("tobytes")?.cast_into::<PyBytes>()?;
    Ok((view, bytes))
}

/// The first and one-past-last differing byte of `a` and `b` (same length), if any.
fn changed_range(a: &[u8], b: &[u8]) -> Option<(usize, usize)> {
    let first = a.iter().zip(b).position(|(x, y)| x != y)?;
    let last = a.iter().zip(b).rposition(|(x, y)| x != y)?;
    Some((first, last + 1))
}

impl Kernel {
    fn k(&self) -> &kernels::Kernel {
        &self.loaded.kernels[self.index]
    }
}

#[pymethods]
impl Kernel {
    #[getter]
    fn name(&self) -> &str {
        &self.k().info.name
    }

    /// The GPU generation ("gcn1.4"...).
    #[getter]
    fn arch(&self) -> &'static str {
        self.k().info.arch.name()
    }

    /// The arguments a launch takes, in order.
    #[getter]
    fn args(&self) -> Vec<KernelArg> {
        self.k()
            .explicit()
            .into_iter()
            .enumerate()
            .map(|(n, a)| KernelArg::of(Some(n), a))
            .collect()
    }

    /// The arguments the dispatcher fills in (global offsets, grid sizes...).
    #[getter]
    fn hidden_args(&self) -> Vec<KernelArg> {
        self.k()
            .args
            .iter()
            .filter(|a| a.kind == kernels::ArgKind::Hidden)
            .map(|a| KernelArg::of(None, a))
            .collect()
    }

    /// SGPRs the kernel uses (the metadata's count), None when the metadata does not say.
    #[getter]
    fn sgprs(&self) -> Option<u64> {
        self.k().sgprs()
    }

    /// VGPRs the kernel uses (the metadata's count, else the descriptor's allocation).
    #[getter]
    fn vgprs(&self) -> u64 {
        self.k().vgprs()
    }

    /// SGPRs spilled (the metadata's count).
    #[getter]
    fn sgpr_spills(&self) -> Option<u64> {
        self.k().spills().0
    }

    /// VGPRs spilled (the metadata's count).
    #[getter]
    fn vgpr_spills(&self) -> Option<u64> {
        self.k().spills().1
    }

    /// Static LDS bytes per work-group (group segment).
    #[getter]
    fn lds(&self) -> u32 {
        self.k().info.setup.group_segment_size
    }

    /// Scratch bytes per work-item (private segment).
    #[getter]
    fn scratch(&self) -> u32 {
        self.k().info.setup.private_segment_size
    }

    /// Bytes of the kernarg segment.
    #[getter]
    fn kernarg_size(&self) -> u32 {
        self.k().info.setup.kernarg_size
    }

    /// User SGPRs the kernel starts with.
    #[getter]
    fn user_sgprs(&self) -> u8 {
        self.k().info.setup.user_sgprs
    }

    /// The largest work-group the kernel was compiled for (max_flat_workgroup_size).
    #[getter]
    fn max_block(&self) -> Option<u32> {
        self.k().info.max_block
    }

    /// The work-group size the kernel requires (reqd_work_group_size).
    #[getter]
    fn reqd_block(&self) -> Option<(u32, u32, u32)> {
        self.k().info.reqd_block.map(|r| (r[0], r[1], r[2]))
    }

    #[getter]
    fn wavefront_size(&self) -> u64 {
        self.k().wavefront_size()
    }

    /// The code object version (2 to 5).
    #[getter]
    fn code_object_version(&self) -> u8 {
        self.k().info.version
    }

    /// The address of the kernel's first instruction in the loaded image.
    #[getter]
    fn entry(&self) -> u64 {
        self.k().info.code_addr + self.k().info.entry as u64
    }

    /// The kernel descriptor's fields: the `.amdhsa_*` directives' values (code object v3+) or
    /// the `amd_kernel_code_t` fields (v2).
    #[getter]
    fn descriptor<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (n, v) in &self.k().descriptor {
            d.set_item(n, v)?;
        }
        Ok(d)
    }

    /// The kernel's record of the metadata note (code object v3+'s `.name`, `.args`... keys;
    /// v2's `Name`, `Args`...), None when there is none.
    #[getter]
    fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_loads(py, &self.k().metadata.to_string())
    }

    /// Runs the kernel on the CPU (the kernel machine) and returns its statistics.
    ///
    /// args: one per argument of `args`: an array (the buffer protocol, C-contiguous) for a
    ///     pointer, copied in and, when writable and the kernel may write it, back in place;
    ///     an int, float or NumPy scalar for a value; gcnkit.Local(nbytes) for a __local
    ///     pointer.
    /// grid: work-items (an int or up to 3 ints; OpenCL's global size); or blocks: work-groups
    ///     (HIP's grid). block: the work-group size (default: the kernel's
    ///     reqd_work_group_size).
    /// threads: worker threads (default: the CPUs); budget: instructions a wave may execute.
    /// profile: also take a profile of the run (the result's "profile": the record of
    ///     `gcnkit run --profile`, docs/json.md; every instruction on the machine's general
    ///     path, slower), for analyze(profile=...).
    /// cooperative: a cooperative launch (HIP's hipLaunchCooperativeKernel): every work-group
    ///     resident at once, so that grid-wide barriers (grid.sync()) work.
    #[pyo3(signature = (*args, grid=None, block=None, blocks=None, threads=None, budget=None, profile=false, cooperative=false))]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments
    fn launch<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyTuple>,
        grid: Option<&Bound<'py, PyAny>>,
        block: Option<&Bound<'py, PyAny>>,
        blocks: Option<&Bound<'py, PyAny>>,
        threads: Option<usize>,
        budget: Option<u64>,
        profile: bool,
        cooperative: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let k = self.k();
        kernels::check_count(k, args.len()).map_err(PyTypeError::new_err)?;
        let (grid, block) = kernels::geometry(
            &k.info,
            sizes("grid", grid)?.as_deref(),
            sizes("blocks", blocks)?.as_deref(),
            sizes("block", block)?.as_deref(),
        )
        .map_err(LaunchError::new_err)?;
        let mut values = Vec::new();
        // The arrays to copy back: argument number, view, bytes copied in.
        let mut back = Vec::new();
        for (n, (a, v)) in k.explicit().into_iter().zip(args.iter()).enumerate() {
            values.push(match a.kind {
                kernels::ArgKind::Buffer => {
                    let (view, bytes) = buffer_arg(n, a, &v)?;
                    let data = bytes.as_bytes().to_vec();
                    // Copied back (what changed) unless the kernel cannot write it or the
                    // array is read-only: the bytes copied in tell what changed.
                    if !a.read_only() && !view.getattr("readonly")?.extract::<bool>()? {
                        back.push((n, view, bytes));
                    }
                    ArgValue::Buffer(data)
                }
                kernels::ArgKind::Value => ArgValue::Value(value_arg(n, a, &v)?),
                kernels::ArgKind::Local => match v.cast::<Local>() {
                    Ok(l) => ArgValue::Local(l.get().nbytes),
                    Err(_) => {
                        return Err(PyTypeError::new_err(format!(
                            "{} is a __local pointer: give gcnkit.Local(nbytes), not {}",
                            kernels::arg_label(n, a),
                            type_name(&v)
                        )))
                    }
                },
                _ => {
                    return Err(LaunchError::new_err(format!(
                        "{} is of kind {}, which gcnkit cannot pass",
                        kernels::arg_label(n, a),
                        a.value_kind
                    )))
                }
            });
        }
        let info = &k.info;
        let (outcome, prof) = py
            .detach(|| kernels::launch(info, grid, block, values, threads, budget, profile, cooperative))
            .map_err(|e| match e {
                RunError::Usage(m) => LaunchError::new_err(m),
                RunError::Emulation(m) => EmulationError::new_err(m),
            })?;
        for (n, view, before) in back {
            let Some(Some(after)) = outcome.buffers.get(n) else {
                continue;
            };
            let before = before.as_bytes();
            if let Some((lo, hi)) = changed_range(before, &after[..before.len().min(after.len())]) {
                let bytes = view.call_method1("cast", ("B",))?;
                let slice = pyo3::types::PySlice::new(py, lo as isize, hi as isize, 1);
                bytes.set_item(slice, PyBytes::new(py, &after[lo..hi]))?;
            }
        }
        let s = &outcome.stats;
        let d = PyDict::new(py);
        d.set_item("instructions", s.instructions)?;
        d.set_item("vector_instructions", s.vector_instructions)?;
        d.set_item("lane_ops", s.lane_ops)?;
        d.set_item("waves", s.waves)?;
        d.set_item("workgroups", s.workgroups)?;
        d.set_item("approximate", s.approximate())?;
        d.set_item("time", s.time.as_secs_f64())?;
        if let Some(p) = prof {
            d.set_item("profile", json_loads(py, &p.to_json().to_string())?)?;
        }
        Ok(d)
    }

    /// kernel(*args, grid=..., block=...): the same as launch().
    #[pyo3(signature = (*args, grid=None, block=None, blocks=None, threads=None, budget=None, profile=false, cooperative=false))]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments
    fn __call__<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyTuple>,
        grid: Option<&Bound<'py, PyAny>>,
        block: Option<&Bound<'py, PyAny>>,
        blocks: Option<&Bound<'py, PyAny>>,
        threads: Option<usize>,
        budget: Option<u64>,
        profile: bool,
        cooperative: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        self.launch(py, args, grid, block, blocks, threads, budget, profile, cooperative)
    }

    /// The kernel's static analysis, as `gcnkit analyze` makes it: control-flow graph (blocks,
    /// loops, uniform and divergent branches, the functions it calls), live registers and
    /// their peak, resources and occupancy with what limits it, the instruction mix, the
    /// static cycle estimate per block, and with a profile the run's counts on the blocks.
    ///
    /// workgroup_size: for the occupancy (default: the kernel's reqd_work_group_size, else its
    ///     max_flat_workgroup_size, else 256).
    /// format: "dict" (the JSON record of `gcnkit analyze --format json`, docs/json.md), "text"
    ///     (the CLI's summary), "dot" (the graph for Graphviz), "svg" (the graph drawn, each
    ///     block with its code) or "html" (a page: summary, register pressure, graph).
    ///
    /// profile: a profile of a run of this kernel, put on its blocks (hot blocks, lane
    ///     utilisation, waits; the dict's "profile" entries): a launch's result["profile"]
    ///     (launch(..., profile=True)), such a record as a dict, or the path of a file
    ///     `gcnkit run --profile` / `gcnkit exec --profile` wrote.
    ///
    /// Raises ValueError for an unknown format, a kernel without code, or a profile that is
    /// not one or is of other code.
    #[pyo3(signature = (workgroup_size=None, format="dict", profile=None))]
    fn analyze<'py>(
        &self,
        py: Python<'py>,
        workgroup_size: Option<u32>,
        format: &str,
        profile: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if !matches!(format, "dict" | "text" | "dot" | "svg" | "html") {
            return Err(value_err(format!(
                "unknown format '{format}'; accepted: dict, text, dot, svg, html"
            )));
        }
        let k = self.k();
        let prof = match profile {
            None => None,
            Some(p) if p.is_instance_of::<PyDict>() => {
                let text: String = py.import("json")?.call_method1("dumps", (p,))?.extract()?;
                let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| value_err(e.to_string()))?;
                Some(gcnkit_analyze::profile::Profile::from_json(&v).map_err(value_err)?)
            }
            Some(p) => {
                let path: String = py
                    .import("os")?
                    .call_method1("fspath", (p,))
                    .and_then(|x| x.extract())
                    .map_err(|_| {
                        PyTypeError::new_err(format!(
                            "profile: a dict or a path (str or os.PathLike), not {}",
                            type_name(p)
                        ))
                    })?;
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{path}: {e}")))?;
                let all = gcnkit_analyze::profile::read(&text).map_err(|e| value_err(format!("{path}: {e}")))?;
                let all = gcnkit_analyze::profile::merge(all);
                all.iter().find(|x| x.kernel == k.info.name).or(all.first()).cloned()
            }
        };
        let out = py
            .detach(|| {
                let a = kernels::analysis(k, workgroup_size, prof.as_ref())?;
                match format {
                    "text" => Ok(gcnkit_analyze::report::to_text(&a)),
                    "dot" => Ok(gcnkit_analyze::report::to_dot(&a)),
                    "svg" => gcnkit_analyze::report::to_svg(&a),
                    "html" => gcnkit_analyze::report::to_html(std::slice::from_ref(&a)),
                    _ => Ok(gcnkit_analyze::report::to_json(&a).to_string()),
                }
            })
            .map_err(value_err)?;
        if format == "dict" {
            json_loads(py, &out)
        } else {
            Ok(PyString::new(py, &out).into_any())
        }
    }

    fn __repr__(&self) -> String {
        let args: Vec<String> = self
            .k()
            .explicit()
            .iter()
            .map(|a| match &a.type_name {
                Some(t) => format!("{t} {}", a.name),
                None => a.name.clone(),
            })
            .collect();
        format!("<gcnkit.Kernel {}({})>", self.k().info.name, args.join(", "))
    }
}

/// gcnkit: assembler, disassembler and emulator for the AMD GCN instruction set on GCN 1.0,
/// 1.1, 1.2 and 1.4, in the CLRX and LLVM dialects; and the kernel machine: the kernels of code
/// objects (CodeObject, Kernel) inspected, analysed and run on the CPU on NumPy arrays.
///
/// >>> import gcnkit
/// >>> gcnkit.assemble("v_add_f32 v1, v2, v3").hex()
/// '02070202'
/// >>> gcnkit.disassemble_text(bytes.fromhex("02070202"), syntax="llvm")
/// 'v_add_f32_e32 v1, v2, v3\n'
#[pymodule]
#[pyo3(name = "gcnkit")]
fn gcnkit_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("ARCHS", arch_names())?;
    m.add("AssemblyError", py.get_type::<AssemblyError>())?;
    m.add("EmulationError", py.get_type::<EmulationError>())?;
    m.add("AssemblyWarning", py.get_type::<AssemblyWarning>())?;
    m.add("LaunchError", py.get_type::<LaunchError>())?;
    m.add_class::<CodeObject>()?;
    m.add_class::<Kernel>()?;
    m.add_class::<KernelArg>()?;
    m.add_class::<Local>()?;
    m.add_function(wrap_pyfunction!(assemble, m)?)?;
    m.add_function(wrap_pyfunction!(assemble_words, m)?)?;
    m.add_function(wrap_pyfunction!(disassemble, m)?)?;
    m.add_function(wrap_pyfunction!(disassemble_text, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(arch_names(), ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4", "gcn1.4.1"]);
        assert_eq!(parse_arch("GFX900"), Ok(Arch::Gcn14));
        assert!(parse_arch("gfx1100").unwrap_err().contains("gcn1.2"));
        assert_eq!(parse_dialect(" LLVM "), Ok(Dialect::Llvm));
        assert!(parse_dialect("intel").unwrap_err().contains("auto, clrx, llvm"));
        assert_eq!(parse_syntax("clrx"), Ok(Syntax::Clrx));
        assert!(parse_syntax("auto").is_err());
    }

    // The assembler is tested from Python (tests/test_gcnkit.py, on the release build): these
    // tests cover the glue only.
    #[test]
    fn disassemble_glue() {
        let lines = disassemble_lines(Arch::Gcn12, &[0x0202_0702], Syntax::Llvm).unwrap();
        assert_eq!(lines, ["v_add_f32_e32 v1, v2, v3"]);
        let lines = disassemble_lines(Arch::Gcn12, &[0xd101_8201, 0x2802_0702], Syntax::Clrx).unwrap();
        assert_eq!(lines.len(), 1);
        assert!(lines[0].starts_with("v_add_f32"), "{}", lines[0]);
        let recs = disassemble_json(Arch::Gcn12, &[0x0202_0702, 0x0202_0702], Syntax::Clrx).unwrap();
        let v: serde_json::Value = serde_json::from_str(&recs[1]).unwrap();
        assert_eq!(v["offset"], 4);
        assert_eq!(v["mnemonic"], "v_add_f32");
    }

    #[test]
    fn changed_bytes() {
        assert_eq!(changed_range(&[1, 2, 3, 4], &[1, 2, 3, 4]), None);
        assert_eq!(changed_range(&[1, 2, 3, 4], &[1, 9, 3, 4]), Some((1, 2)));
        assert_eq!(changed_range(&[1, 2, 3, 4], &[0, 2, 3, 5]), Some((0, 4)));
    }

    #[test]
    fn errors() {
        assert!(words_from_bytes(&[1, 2, 3]).is_err());
        assert_eq!(words_from_bytes(&[2, 7, 2, 2]), Ok(vec![0x0202_0702]));
        let e = disassemble_json(Arch::Gcn12, &[0x0202_0702, 0x0202_06ff], Syntax::Clrx).unwrap_err();
        assert!(e.contains("offset 4"), "{e}");
    }
}
