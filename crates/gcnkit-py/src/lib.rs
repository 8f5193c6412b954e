//! Python bindings of gcnkit: the Python module `gcnkit` (built with maturin, see
//! `pyproject.toml` and `README.md` beside this crate).
//!
//! The work is done by plain Rust functions (`assemble_text`, `disassemble_json`, ...) that
//! know nothing of Python; the `#[pyfunction]`s only convert arguments, results and errors.
//! Only the library's stable surface is used: `Arch::{parse, name, accepted_names}`,
//! `asm::{Assembler, Dialect}`, `decode::decode_all`, `syntax::json::record`,
//! `explain::explain` and `emu::run_text`.

use gcnkit::asm::{Assembler, Dialect};
use gcnkit::diag::{Diagnostic, Severity};
use gcnkit::syntax::Syntax;
use gcnkit::Arch;
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyError, PyTypeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyInt, PyString};
use std::ffi::CString;

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
     model for), or the state dict is wrong (unknown key, register out of range, bad value)."
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

/// gcnkit: assembler, disassembler and emulator for the AMD GCN instruction set (the vector
/// ALU, the scalar ALU and scalar memory so far) on GCN 1.0, 1.1, 1.2 and 1.4, in the CLRX and
/// LLVM dialects.
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
    fn errors() {
        assert!(words_from_bytes(&[1, 2, 3]).is_err());
        assert_eq!(words_from_bytes(&[2, 7, 2, 2]), Ok(vec![0x0202_0702]));
        let e = disassemble_json(Arch::Gcn12, &[0x0202_0702, 0x0202_06ff], Syntax::Clrx).unwrap_err();
        assert!(e.contains("offset 4"), "{e}");
    }
}
