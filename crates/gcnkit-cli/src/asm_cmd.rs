//! `gcnkit asm`.

use crate::io::{open_input, Output};
use clap::ValueEnum;
use gcnkit::asm::{Assembler, Dialect, Item};
use gcnkit::syntax::{json, Syntax};
use gcnkit::Arch;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::process::ExitCode;

#[derive(Clone, Copy, ValueEnum)]
pub enum SyntaxArg {
    /// Decided per file from what it holds (both dialects, statement by statement, when
    /// nothing decides).
    Auto,
    Clrx,
    Llvm,
}

impl SyntaxArg {
    pub fn dialect(self) -> Dialect {
        match self {
            SyntaxArg::Auto => Dialect::Auto,
            SyntaxArg::Clrx => Dialect::Clrx,
            SyntaxArg::Llvm => Dialect::Llvm,
        }
    }
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum FormatArg {
    /// One line per instruction: its words as 8 hex digits.
    Words,
    /// The words as little-endian bytes.
    Bin,
    /// Offset, words and source line side by side.
    Listing,
    /// JSON Lines: the disassembler's instruction records.
    Json,
    /// An AMDGPU ELF relocatable object (code object v3+: `.text`, kernel descriptors,
    /// metadata note, symbols), as llvm-mc -filetype=obj writes; needs `-o FILE`.
    Elf,
    /// CLRX text: AMD Catalyst's OpenCL 1.2 binary, as clrxasm writes it (clrxasm's `-b amd`,
    /// the `.amd` pseudo-op); needs `-o FILE`.
    Amd,
    /// CLRX text: a ROCm code object v2 as clrxasm writes it (clrxasm's `-b rocm`, the `.rocm`
    /// pseudo-op; `.llvm10binfmt`: its code object v3 form).
    Rocm,
    /// CLRX text: the code alone (clrxasm's `-b rawcode`); `bin`.
    Rawcode,
    /// CLRX text: AMD OpenCL 2.0's binary, as clrxasm writes it (clrxasm's `-b amdcl2`, the
    /// `.amdcl2` pseudo-op; `-t` chooses its form); needs `-o FILE`.
    Amdcl2,
    /// CLRX text: a GalliumCompute (Mesa) binary for LLVM before 4.0, as clrxasm writes it
    /// (clrxasm's `-b gallium`, the `.gallium` pseudo-op; `--llvmVersion` is needed); needs
    /// `-o FILE`.
    Gallium,
}

#[derive(clap::Args)]
pub struct Args {
    /// GPU: gcn1.0|gcn1.1|gcn1.2|gcn1.4|gcn1.4.1, si|ci|vi|gfx9, LLVM (tahiti, gfx900, gfx906...) or CLRX
    /// (pitcairn, hawaii, polaris10, vega10...) names. Default: the file's target directive
    /// (`.amdgcn_target`, `.gpu`, `.arch`), else gcn1.2.
    #[arg(short, long, value_parser = crate::parse_arch_named)]
    arch: Option<(Arch, String)>,
    /// Input dialect; `auto` decides it per file from what the file holds (LLVM's `_e32`/`_e64`
    /// suffixes and `.amdgcn_target`/`.amdhsa_*` directives, CLRX's `.gpu`/`.arch`/`.kernel`),
    /// or takes both, statement by statement, when nothing does.
    #[arg(long, value_enum, default_value = "auto")]
    syntax: SyntaxArg,
    /// Output format (default: words to a terminal or stdout, bin to a file).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Output file (written atomically, only if there is no error); stdout if absent.
    #[arg(short, long)]
    output: Option<String>,
    /// Defines a symbol before the source: NAME=VALUE (an integer, decimal or 0x hex), as
    /// llvm-mc's and clrxasm's --defsym do; repeatable.
    #[arg(long, value_name = "NAME=VALUE", value_parser = parse_defsym)]
    defsym: Vec<(String, i64)>,
    /// A directory `.include` searches after the including file's own; repeatable.
    #[arg(short = 'I', long = "include-dir", value_name = "DIR")]
    include_dirs: Vec<std::path::PathBuf>,
    /// Code object version of `--format elf` (2-5; llvm-mc's option name; default: 4, or 3 for
    /// a v3-style target id such as `gfx900+xnack`); `.amdhsa_code_object_version` overrides it.
    #[arg(long = "amdhsa-code-object-version", alias = "code-object-version", value_name = "N", value_parser = clap::value_parser!(u8).range(2..=5))]
    code_object_version: Option<u8>,
    /// Defines a symbol before the source, as clrxasm's `-D SYM[=VALUE]` does (VALUE an
    /// integer, 0 if absent); repeatable.
    #[arg(short = 'D', value_name = "SYM[=VALUE]", value_parser = parse_define)]
    define: Vec<(String, i64)>,
    /// No warnings (clrxasm's `-w`).
    #[arg(short = 'w', long = "no-warnings", alias = "noWarnings")]
    no_warnings: bool,
    /// CLRX text: clrxasm 0.1.2's float literals in operands (clrxasm's `--buggyFPLit`; the
    /// `.buggyfplit` pseudo-op).
    #[arg(long = "buggyFPLit", alias = "buggy-fp-lit")]
    buggy_fp_lit: bool,
    /// CLRX text: modifiers' parameters only 0 or 1, as clrxasm 0.1.5 (clrxasm's
    /// `--oldModParam`; `.oldmodparam`).
    #[arg(long = "oldModParam", alias = "old-mod-param")]
    old_mod_param: bool,
    /// CLRX text: the alternate macro syntax from the start (clrxasm's `-a`/`--alternate`;
    /// `.altmacro`).
    #[arg(long = "alternate")]
    alternate: bool,
    /// CLRX text: macro names keep their case (clrxasm's `-m`/`--noMacroCase`;
    /// `.nomacrocase`).
    #[arg(short = 'm', long = "noMacroCase", alias = "no-macro-case")]
    no_macro_case: bool,
    /// CLRX text: the policy version (`.policy`; clrxasm's `--policy`).
    #[arg(long, value_name = "VERSION")]
    policy: Option<i64>,
    /// CLRX text: a 64-bit AMD Catalyst binary (clrxasm's `-6`/`--64bit`; `.64bit`).
    #[arg(short = '6', long = "64bit")]
    bits64: bool,
    /// CLRX text: the AMD Catalyst driver version the binary is for, major*100+minor
    /// (clrxasm's `-t`/`--driverVersion`; `.driver_version`); default 0, as clrxasm's with no
    /// Catalyst driver installed.
    #[arg(
        short = 't',
        long = "driverVersion",
        alias = "driver-version",
        value_name = "VERSION"
    )]
    driver_version: Option<u32>,
    /// CLRX text: the LLVM version a Gallium binary is for, major*10000+minor*100+micro
    /// (clrxasm's `--llvmVersion`; `.llvm_version`); below 40000.
    #[arg(long = "llvmVersion", alias = "llvm-version", value_name = "VERSION")]
    llvm_version: Option<u32>,
    /// Source files, assembled one after another as one source (as clrxasm does: symbols,
    /// macros and open blocks go on from file to file); stdin if `-` or none.
    files: Vec<String>,
}

/// `SYM[=VALUE]` of `-D` (0 without a value).
fn parse_define(s: &str) -> Result<(String, i64), String> {
    match s.split_once('=') {
        Some(_) => parse_defsym(s),
        None => parse_defsym(&format!("{s}=0")),
    }
}

/// `NAME=VALUE` of `--defsym`.
fn parse_defsym(s: &str) -> Result<(String, i64), String> {
    let (name, value) = s.split_once('=').ok_or("expected NAME=VALUE")?;
    let name = name.trim();
    let ok_name = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$'));
    if !ok_name {
        return Err(format!("'{name}' is not a symbol name"));
    }
    let v = value.trim();
    let (neg, digits) = match v.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, v),
    };
    let n = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        Some(h) => i64::from_str_radix(h, 16),
        None => digits.parse::<i64>(),
    }
    .map_err(|_| format!("'{v}' is not an integer"))?;
    Ok((name.to_string(), if neg { -n } else { n }))
}

pub fn run(a: Args) -> ExitCode {
    let dialect = a.syntax.dialect();
    let clrx_format = a.format;
    let format = match a.format {
        Some(FormatArg::Rocm) => Some(FormatArg::Elf),
        Some(FormatArg::Rawcode) => Some(FormatArg::Bin),
        f => f,
    };
    let format = format.unwrap_or(if a.output.as_deref().is_some_and(|o| o != "-") {
        FormatArg::Bin
    } else {
        FormatArg::Words
    });
    // The source is read line by line and items are written as they become final, so memory
    // does not grow with the input. Output to a file goes to its temporary file (removed if the
    // file has errors); stdout and devices must get nothing on error, so their items are held
    // until the end — in memory, then in an unnamed temporary file once there are many.
    let files: Vec<Option<&str>> = if a.files.is_empty() {
        vec![None]
    } else {
        a.files.iter().map(|f| Some(f.as_str())).collect()
    };
    // Every input opens before anything is assembled: a missing file is one clear error.
    let mut inputs = Vec::with_capacity(files.len());
    for f in &files {
        match open_input(*f) {
            Ok(x) => inputs.push(x),
            Err(e) => {
                errln!("{e}");
                return ExitCode::from(1);
            }
        }
    }
    // Machine code or an object file is not assembly text: one clear error, not one per line.
    for (name, reader) in inputs.iter_mut() {
        if let Ok(head) = reader.fill_buf() {
            let head = &head[..head.len().min(4096)];
            if head.starts_with(b"\x7fELF") || head.contains(&0) {
                let what = if head.starts_with(b"\x7fELF") {
                    "an ELF file"
                } else {
                    "binary data"
                };
                errln!("{name}: error: this is {what}, not assembly text");
                errln!("  help: `gcnkit disasm {name}` reads machine code");
                return ExitCode::from(1);
            }
        }
    }
    let name = inputs.first().map(|i| i.0.clone()).unwrap_or_default();
    let mut out = match Output::open(a.output.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            errln!("{e}");
            return ExitCode::from(1);
        }
    };
    let mut pending = Pending {
        stream: out.is_temp_file(),
        held: Vec::new(),
        spill: None,
    };
    let syntax = if dialect == Dialect::Llvm {
        Syntax::Llvm
    } else {
        Syntax::Clrx
    };
    let elf = matches!(
        format,
        FormatArg::Elf | FormatArg::Amd | FormatArg::Gallium | FormatArg::Amdcl2
    );
    if elf && a.output.as_deref().is_none_or(|o| o == "-") {
        let f = match format {
            FormatArg::Amd => "amd",
            FormatArg::Gallium => "gallium",
            FormatArg::Amdcl2 => "amdcl2",
            _ => "elf",
        };
        errln!("error: --format {f} writes a binary file: give it with -o FILE");
        return ExitCode::from(2);
    }
    let mut asm = Assembler::new(a.arch.as_ref().map_or(Arch::Gcn12, |x| x.0), dialect, &name);
    match &a.arch {
        None => asm = asm.arch_is_default(),
        Some((_, given)) => asm = asm.processor(given),
    }
    asm = asm.include_dirs(a.include_dirs.clone());
    if let Some(v) = a.code_object_version {
        asm = asm.code_object_version(v);
    }
    if a.no_warnings {
        asm = asm.no_warnings();
    }
    asm.clrx_options(a.buggy_fp_lit, a.old_mod_param, a.alternate, !a.no_macro_case, a.policy);
    asm.clrx_amd_options(format == FormatArg::Amd, a.bits64, a.driver_version);
    asm.clrx_gallium_options(format == FormatArg::Gallium, a.llvm_version);
    if clrx_format == Some(FormatArg::Rocm) {
        asm.clrx_rocm();
    }
    if format == FormatArg::Amdcl2 {
        asm.clrx_amdcl2();
    }
    for (name, value) in a.defsym.iter().chain(&a.define) {
        asm.defsym(name, *value);
    }
    // `.print`'s texts: to stdout as clrxasm writes them when the output goes to a file, else
    // to stderr (stdout has the output).
    let prints_to_stdout = a.output.as_deref().is_some_and(|o| o != "-");
    let mut w = Writer {
        format,
        syntax,
        arch: asm.arch(),
        lines: VecDeque::new(),
        buf: String::with_capacity(1 << 16),
        bin: Vec::with_capacity(1 << 16),
        result: Ok(()),
    };
    // Lines of the files before this one: items and the listing number lines on from file to
    // file, diagnostics per file.
    let mut n = 0;
    let mut base = 0;
    for (k, (name, mut reader)) in inputs.into_iter().enumerate() {
        if k > 0 {
            asm.begin_file(&name, n);
            base = n;
        }
        // A line whole in the reader's buffer is taken from there; one cut by the buffer's
        // end is gathered in `line` (no copy per line).
        let mut line: Vec<u8> = Vec::with_capacity(256);
        // One line, as text already checked (its line end included).
        macro_rules! one_line_text {
            ($text:expr) => {{
                let text: &str = $text.trim_end_matches(['\n', '\r']);
                n += 1;
                asm.line(n - base, text);
                if format == FormatArg::Listing {
                    w.lines.push_back((n, text.trim().to_string()));
                }
                if n % 4096 == 0 && !elf {
                    w.arch = asm.arch();
                    if let Err(e) = pending.take(&mut asm, &mut w, &mut out) {
                        errln!("error: {e}");
                        out.abandon();
                        return ExitCode::from(1);
                    }
                    // Listing lines are needed from the first item not rendered yet on.
                    let keep = pending.first_line().or(asm.first_held_line()).unwrap_or(n + 1);
                    while w.lines.front().is_some_and(|l| l.0 < keep) {
                        w.lines.pop_front();
                    }
                }
                for p in asm.take_prints() {
                    if prints_to_stdout {
                        outln!("{p}");
                    } else {
                        errln!("{p}");
                    }
                }
            }};
        }
        // One line as bytes: invalid UTF-8 is replaced.
        macro_rules! one_line {
            ($bytes:expr) => {{
                let bytes: &[u8] = $bytes;
                let text = String::from_utf8_lossy(bytes);
                one_line_text!(&*text)
            }};
        }
        loop {
            let buf = match reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    errln!("{name}: error: {e}");
                    out.abandon();
                    return ExitCode::from(1);
                }
            };
            if buf.is_empty() {
                if !line.is_empty() {
                    one_line!(&line);
                }
                break;
            }
            let (len, whole) = match find_newline(buf) {
                Some(p) => (p + 1, true),
                None => (buf.len(), false),
            };
            if whole && line.is_empty() {
                // The whole lines of the buffer, checked as UTF-8 at once (one call, not one
                // per line) up to the first invalid byte; the line holding it goes alone,
                // replaced.
                let last = buf.iter().rposition(|&b| b == b'\n').map_or(len, |p| p + 1);
                let valid = match std::str::from_utf8(&buf[..last]) {
                    Ok(t) => t,
                    Err(e) => std::str::from_utf8(&buf[..e.valid_up_to()]).unwrap_or(""),
                };
                let upto = valid.rfind('\n').map_or(0, |p| p + 1);
                if upto == 0 {
                    one_line!(&buf[..len]);
                    reader.consume(len);
                } else {
                    let mut at = 0;
                    while at < upto {
                        // `\n` is ASCII: every line end is a char boundary.
                        let e = find_newline(&valid.as_bytes()[at..upto]).map_or(upto, |p| at + p + 1);
                        one_line_text!(&valid[at..e]);
                        at = e;
                    }
                    reader.consume(upto);
                }
            } else {
                line.extend_from_slice(&buf[..len]);
                reader.consume(len);
                if whole {
                    one_line!(&line);
                    line.clear();
                }
            }
        }
    }
    w.arch = asm.arch();
    if dialect == Dialect::Auto {
        w.syntax = if asm.dialect() == Dialect::Llvm {
            Syntax::Llvm
        } else {
            Syntax::Clrx
        };
    }
    asm.end_input();
    for p in asm.take_prints() {
        if prints_to_stdout {
            outln!("{p}");
        } else {
            errln!("{p}");
        }
    }
    let (items, diags, parts) = asm.finish_object();
    let name = if files.len() > 1 {
        format!("{} files", files.len())
    } else {
        name
    };
    let mut failed = false;
    for d in &diags {
        err!("{d}");
        failed |= d.severity == gcnkit::diag::Severity::Error;
    }
    if failed {
        out.abandon();
        let n = diags
            .iter()
            .filter(|d| d.severity == gcnkit::diag::Severity::Error)
            .count();
        errln!("{n} error{} in {name}; nothing written", if n == 1 { "" } else { "s" });
        return ExitCode::from(1);
    }
    // A CLRX binary: `--format amd`, or the source's `.amd` when the output is a file and no
    // format was asked for.
    let binary_format = matches!(format, FormatArg::Amd | FormatArg::Gallium | FormatArg::Amdcl2);
    // `--format rocm`: clrxasm's loadable object of a CLRX `.rocm` source (v2, or v3 with
    // `.llvm10binfmt`; LLVM's sources get gcnkit's object below).
    let rocm = clrx_format == Some(FormatArg::Rocm);
    if let Some(bin) = parts
        .clrx_binary
        .as_ref()
        .filter(|_| binary_format || rocm || a.format.is_none() && format == FormatArg::Bin)
    {
        if let Err(e) = std::io::Write::write_all(&mut out, bin) {
            out.abandon();
            errln!("error: writing output: {e}");
            return ExitCode::from(1);
        }
        return out.finish();
    }
    if binary_format {
        out.abandon();
        errln!("{name}: error: no binary (the source is not one of its format)");
        return ExitCode::from(1);
    }
    if elf {
        return write_object(&name, w.arch, &items, &parts, out);
    }
    // Raw code to a file by default: an object's other parts are left out, which a source
    // written for an object (clang's, or `disasm --syntax llvm` of one) would not expect.
    let left_out = !parts.descriptors.is_empty() || parts.metadata.is_some() || !parts.sections.is_empty();
    if a.format.is_none() && format == FormatArg::Bin && left_out && !a.no_warnings {
        errln!(
            "{name}: warning: raw code written: the kernel descriptors, metadata and data sections are left out (`--format elf` writes them as an object)"
        );
    }
    pending.write_out(&mut w, &mut out);
    w.items(&mut out, &items);
    w.flush(&mut out);
    if let Err(e) = w.result {
        out.abandon();
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return ExitCode::SUCCESS;
        }
        errln!("error: writing output: {e}");
        return ExitCode::from(1);
    }
    out.finish()
}

/// `--format elf`: the object of the assembled file.
fn write_object(name: &str, arch: Arch, items: &[Item], parts: &gcnkit::asm::ObjectParts, mut out: Output) -> ExitCode {
    match gcnkit::codeobj::write::object_of(arch, items, parts) {
        Ok(bytes) => {
            if let Err(e) = std::io::Write::write_all(&mut out, &bytes) {
                out.abandon();
                errln!("error: writing output: {e}");
                return ExitCode::from(1);
            }
            out.finish()
        }
        Err(e) => {
            out.abandon();
            errln!("{name}: error: {}", e.0);
            ExitCode::from(1)
        }
    }
}

/// The first `\n` of `b`, eight bytes at a time (lines are short: no searcher to set up).
fn find_newline(b: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut chunks = b.chunks_exact(8);
    let mut at = 0;
    for c in &mut chunks {
        let x = u64::from_le_bytes(c.try_into().unwrap_or([0; 8])) ^ (ONES * b'\n' as u64);
        // The lowest set high bit marks the first zero byte, the first newline.
        let zero = x.wrapping_sub(ONES) & !x & (ONES << 7);
        if zero != 0 {
            return Some(at + (zero.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks.remainder().iter().position(|&c| c == b'\n').map(|p| at + p)
}

/// Items held in memory for stdout before they go to an unnamed temporary file (24 MiB).
const HOLD_IN_MEMORY: usize = 1 << 20;

/// The final items the assembler hands over before the end of the file.
struct Pending {
    /// Written at once (the output is a temporary file, removed on error); otherwise held.
    stream: bool,
    /// Held items, not rendered yet.
    held: Vec<Item>,
    /// Held items already rendered, once there were too many to keep in memory: an unnamed
    /// temporary file, gone when the process ends whatever happens.
    spill: Option<std::fs::File>,
}

impl Pending {
    fn take(&mut self, asm: &mut Assembler, w: &mut Writer, out: &mut Output) -> Result<(), String> {
        asm.take_ready(&mut self.held);
        if self.stream {
            w.items(out, &self.held);
        } else if self.held.len() >= HOLD_IN_MEMORY {
            let f = match self.spill.as_mut() {
                Some(f) => f,
                None => self.spill.insert(
                    tempfile::tempfile()
                        .map_err(|e| format!("cannot create a temporary file to hold the output: {e}"))?,
                ),
            };
            w.items(f, &self.held);
            w.flush(f);
        } else {
            return Ok(());
        }
        self.held.clear();
        Ok(())
    }

    /// Source line of the first held item not rendered yet.
    fn first_line(&self) -> Option<usize> {
        self.held.first().map(|i| i.line as usize)
    }

    /// The end of a file without errors: what was spilled, then what is held, to the output.
    fn write_out(self, w: &mut Writer, out: &mut Output) {
        if let Some(mut f) = self.spill {
            if w.result.is_ok() {
                use std::io::Seek;
                w.result = f.rewind().and_then(|_| std::io::copy(&mut f, out)).map(|_| ());
            }
        }
        w.items(out, &self.held);
    }
}

/// Renders items in the output format and writes them in 64 KiB chunks; the first write error
/// is kept and later writes are skipped.
struct Writer {
    format: FormatArg,
    syntax: Syntax,
    arch: Arch,
    /// Source lines (number, trimmed text) for the listing, from the first unwritten item on.
    lines: VecDeque<(usize, String)>,
    buf: String,
    bin: Vec<u8>,
    result: std::io::Result<()>,
}

impl Writer {
    fn items(&mut self, out: &mut impl Write, items: &[Item]) {
        if self.format == FormatArg::Bin {
            // The words as they are: no source line, no text.
            for it in items {
                it.push_bytes(&mut self.bin);
                if self.bin.len() > 60_000 {
                    self.flush(out);
                }
            }
            return;
        }
        for it in items {
            let src = source_line(&self.lines, it.line as usize);
            render(
                &mut self.buf,
                &mut self.bin,
                it,
                self.format,
                self.syntax,
                src,
                self.arch,
            );
            if self.buf.len() > 60_000 || self.bin.len() > 60_000 {
                self.flush(out);
            }
        }
    }

    fn flush(&mut self, out: &mut impl Write) {
        if self.result.is_ok() {
            self.result = out
                .write_all(self.buf.as_bytes())
                .and_then(|_| out.write_all(&self.bin));
        }
        self.buf.clear();
        self.bin.clear();
    }
}

/// The trimmed text of source line `line` from the listing's window of lines.
fn source_line(lines: &VecDeque<(usize, String)>, line: usize) -> &str {
    let first = lines.front().map_or(0, |l| l.0);
    match lines.get(line.wrapping_sub(first)) {
        Some((_, text)) => text,
        None => "",
    }
}

/// The item's words as 8 hex digits each; CLRX data shorter than a word (`.byte 1` in
/// `.text`) as 2 hex digits a byte, the value little-endian (`.half 1.0`: `3c00`).
fn words_text(buf: &mut String, it: &Item) {
    use gcnkit::syntax::text::hex8;
    let n = it.byte_len();
    if !n.is_multiple_of(4) {
        let v = it.words()[0] & ((1u32 << (8 * n)) - 1);
        buf.push_str(&format!("{v:0w$x}", w = 2 * n));
        return;
    }
    for (k, w) in it.words().iter().enumerate() {
        if k > 0 {
            buf.push(' ');
        }
        hex8(buf, *w);
    }
}

fn render(buf: &mut String, bin: &mut Vec<u8>, it: &Item, format: FormatArg, syntax: Syntax, source: &str, arch: Arch) {
    use gcnkit::syntax::text::hex8;
    match format {
        // Objects and binaries are written whole at the end (`write_object`), never item by
        // item (`run` maps the CLRX formats it writes to these).
        FormatArg::Elf
        | FormatArg::Amd
        | FormatArg::Rocm
        | FormatArg::Rawcode
        | FormatArg::Amdcl2
        | FormatArg::Gallium => {}
        FormatArg::Words => {
            words_text(buf, it);
            buf.push('\n');
        }
        FormatArg::Bin => it.push_bytes(bin),
        FormatArg::Listing => {
            hex8(buf, it.offset);
            buf.push_str("  ");
            let mut ws = String::new();
            words_text(&mut ws, it);
            buf.push_str(&format!("{ws:<26}"));
            buf.push_str(source);
            buf.push('\n');
        }
        FormatArg::Json => {
            json::record(buf, &it.instr(arch), it.offset as usize, syntax);
            buf.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    /// The word-at-a-time search finds the first newline wherever it is (or none).
    #[test]
    fn find_newline_is_the_first_newline() {
        let mut b: Vec<u8> = (0..40u8).map(|k| k.wrapping_mul(37) | 0x80).collect();
        b[3] = 0;
        b[11] = b'\n' ^ 1;
        for len in 0..b.len() {
            assert_eq!(super::find_newline(&b[..len]), None);
            for at in 0..len {
                let mut c = b[..len].to_vec();
                c[at] = b'\n';
                if at + 1 < len {
                    c[len - 1] = b'\n';
                }
                assert_eq!(super::find_newline(&c), Some(at), "{len} {at}");
            }
        }
    }
}
