//! `gcnkit asm`.

use crate::io::{open_input, Output};
use clap::ValueEnum;
use gcnkit::asm::{Assembler, Dialect, Item};
use gcnkit::syntax::{json, Syntax};
use gcnkit::Arch;
use std::io::BufRead;
use std::process::ExitCode;

#[derive(Clone, Copy, ValueEnum)]
pub enum SyntaxArg {
    /// Both dialects, statement by statement.
    Auto,
    Clrx,
    Llvm,
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
}

#[derive(clap::Args)]
pub struct Args {
    /// GPU: gcn1.0|gcn1.1|gcn1.2|gcn1.4, si|ci|vi|gfx9, LLVM (tahiti, gfx900...) or CLRX
    /// (pitcairn, hawaii, polaris10, vega10...) names.
    #[arg(short, long, default_value = "gcn1.2", value_parser = crate::parse_arch)]
    arch: Arch,
    /// Input dialect.
    #[arg(long, value_enum, default_value = "auto")]
    syntax: SyntaxArg,
    /// Output format (default: words to a terminal or stdout, bin to a file).
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Output file (written atomically, only if there is no error); stdout if absent.
    #[arg(short, long)]
    output: Option<String>,
    /// Source file; stdin if `-` or absent.
    file: Option<String>,
}

pub fn run(a: Args) -> ExitCode {
    let dialect = match a.syntax {
        SyntaxArg::Auto => Dialect::Auto,
        SyntaxArg::Clrx => Dialect::Clrx,
        SyntaxArg::Llvm => Dialect::Llvm,
    };
    let format = a.format.unwrap_or(if a.output.as_deref().is_some_and(|o| o != "-") {
        FormatArg::Bin
    } else {
        FormatArg::Words
    });
    // Stream the source line by line: memory grows with the output, not the input.
    let (name, mut reader) = match open_input(a.file.as_deref()) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let mut asm = Assembler::new(a.arch, dialect, &name);
    let mut listing_src: Vec<String> = Vec::new();
    let mut line = Vec::with_capacity(256);
    let mut n = 0;
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("{name}: error: {e}");
                return ExitCode::from(1);
            }
        }
        n += 1;
        while line.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
            line.pop();
        }
        let text = String::from_utf8_lossy(&line);
        asm.line(n, &text);
        if format == FormatArg::Listing {
            listing_src.push(text.trim().to_string());
        }
    }
    let (items, diags) = asm.finish();
    let mut failed = false;
    for d in &diags {
        eprint!("{d}");
        failed |= d.severity == gcnkit::diag::Severity::Error;
    }
    if failed {
        let n = diags
            .iter()
            .filter(|d| d.severity == gcnkit::diag::Severity::Error)
            .count();
        eprintln!("{n} error{} in {name}; nothing written", if n == 1 { "" } else { "s" });
        return ExitCode::from(1);
    }
    let to_file = a.output.as_deref().is_some_and(|o| o != "-");
    let format = a
        .format
        .unwrap_or(if to_file { FormatArg::Bin } else { FormatArg::Words });
    let syntax = if dialect == Dialect::Llvm {
        Syntax::Llvm
    } else {
        Syntax::Clrx
    };
    let mut out = match Output::open(a.output.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let mut buf = String::with_capacity(1 << 16);
    let mut bin = Vec::with_capacity(1 << 16);
    let mut result = Ok(());
    for it in &items {
        render(&mut buf, &mut bin, it, format, syntax, &listing_src, a.arch);
        if buf.len() > 60_000 || bin.len() > 60_000 {
            result = result.and(out.write(buf.as_bytes())).and(out.write(&bin));
            buf.clear();
            bin.clear();
        }
    }
    result = result.and(out.write(buf.as_bytes())).and(out.write(&bin));
    if let Err(e) = result {
        out.abandon();
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return ExitCode::SUCCESS;
        }
        eprintln!("error: writing output: {e}");
        return ExitCode::from(1);
    }
    out.finish()
}

fn render(
    buf: &mut String,
    bin: &mut Vec<u8>,
    it: &Item,
    format: FormatArg,
    syntax: Syntax,
    lines: &[String],
    arch: Arch,
) {
    use gcnkit::syntax::text::hex8;
    match format {
        FormatArg::Words => {
            for (k, w) in it.words().iter().enumerate() {
                if k > 0 {
                    buf.push(' ');
                }
                hex8(buf, *w);
            }
            buf.push('\n');
        }
        FormatArg::Bin => {
            for w in it.words() {
                bin.extend_from_slice(&w.to_le_bytes());
            }
        }
        FormatArg::Listing => {
            hex8(buf, it.offset);
            buf.push_str("  ");
            let mut ws = String::new();
            for (k, w) in it.words().iter().enumerate() {
                if k > 0 {
                    ws.push(' ');
                }
                hex8(&mut ws, *w);
            }
            buf.push_str(&format!("{ws:<26}"));
            buf.push_str(lines.get(it.line as usize - 1).map(|l| l.as_str()).unwrap_or(""));
            buf.push('\n');
        }
        FormatArg::Json => {
            json::record(buf, &it.instr(arch), it.offset as usize, syntax);
            buf.push('\n');
        }
    }
}
