//! `gcnkit disasm`.

use crate::io::{read_input, Output};
use clap::ValueEnum;
use gcnkit::disasm::{disassemble, Format};
use gcnkit::syntax::Syntax;
use gcnkit::Arch;
use std::process::ExitCode;

#[derive(Clone, Copy, ValueEnum)]
pub enum SyntaxArg {
    Clrx,
    Llvm,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum InputArg {
    /// Little-endian bytes (default for a FILE argument).
    Bin,
    /// Hex dwords as text, e.g. `7e020302 0x02020702`, separated by whitespace or commas
    /// (default for stdin).
    Words,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum FormatArg {
    Text,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// GPU: gcn1.0|gcn1.1|gcn1.2|gcn1.4, si|ci|vi|gfx9, LLVM (tahiti, gfx900...) or CLRX
    /// (pitcairn, hawaii, polaris10, vega10...) names.
    #[arg(short, long, default_value = "gcn1.2", value_parser = crate::parse_arch)]
    arch: Arch,
    /// Output dialect.
    #[arg(long, value_enum, default_value = "clrx")]
    syntax: SyntaxArg,
    /// Input form (default: bin for a FILE, words for stdin).
    #[arg(long, value_enum)]
    input: Option<InputArg>,
    /// Output format: one instruction per line, or JSON Lines records.
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
    /// Output file (written atomically); stdout if absent.
    #[arg(short, long)]
    output: Option<String>,
    /// Input file; stdin if `-` or absent.
    file: Option<String>,
}

/// Parses hex dword text. Every malformed token is reported as FILE:LINE:COL.
pub fn parse_words(name: &str, text: &[u8]) -> Result<Vec<u32>, Vec<String>> {
    let mut words = Vec::with_capacity(text.len() / 9 + 1);
    let mut errors = Vec::new();
    for (ln, line) in text.split(|&b| b == b'\n').enumerate() {
        // Comments: '#', ';' or '//' to end of line.
        let mut end = line.len();
        for (k, &b) in line.iter().enumerate() {
            if b == b'#' || b == b';' || (b == b'/' && line.get(k + 1) == Some(&b'/')) {
                end = k;
                break;
            }
        }
        let line = &line[..end];
        let mut k = 0;
        while k < line.len() {
            let b = line[k];
            if b.is_ascii_whitespace() || b == b',' {
                k += 1;
                continue;
            }
            let start = k;
            while k < line.len() && !(line[k].is_ascii_whitespace() || line[k] == b',') {
                k += 1;
            }
            let tok = &line[start..k];
            let digits = tok
                .strip_prefix(b"0x")
                .or_else(|| tok.strip_prefix(b"0X"))
                .unwrap_or(tok);
            let ok = !digits.is_empty() && digits.len() <= 8 && digits.iter().all(|c| c.is_ascii_hexdigit());
            if ok {
                let s = std::str::from_utf8(digits).unwrap_or("0");
                words.push(u32::from_str_radix(s, 16).unwrap_or(0));
            } else {
                let shown = String::from_utf8_lossy(tok);
                errors.push(format!(
                    "{name}:{}:{}: error: '{shown}' is not a 32-bit hex word (up to 8 hex digits, optional 0x)",
                    ln + 1,
                    start + 1
                ));
            }
        }
    }
    if errors.is_empty() {
        Ok(words)
    } else {
        Err(errors)
    }
}

pub fn run(a: Args) -> ExitCode {
    let (name, bytes) = match read_input(a.file.as_deref()) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let is_file = !matches!(a.file.as_deref(), None | Some("-"));
    let input = a.input.unwrap_or(if is_file { InputArg::Bin } else { InputArg::Words });
    let words = match input {
        InputArg::Words => match parse_words(&name, &bytes) {
            Ok(w) => w,
            Err(errs) => {
                for e in errs {
                    eprintln!("{e}");
                }
                return ExitCode::from(1);
            }
        },
        InputArg::Bin => {
            if bytes.len() % 4 != 0 {
                eprintln!(
                    "{name}: error: {} bytes is not a whole number of 32-bit words ({} trailing bytes at offset 0x{:x})",
                    bytes.len(),
                    bytes.len() % 4,
                    bytes.len() / 4 * 4
                );
                return ExitCode::from(1);
            }
            bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        }
    };
    let syntax = match a.syntax {
        SyntaxArg::Clrx => Syntax::Clrx,
        SyntaxArg::Llvm => Syntax::Llvm,
    };
    let format = match a.format {
        FormatArg::Text => Format::Text,
        FormatArg::Json => Format::Json,
    };
    let mut out = match Output::open(a.output.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let mut io_err = None;
    let r = disassemble(a.arch, &words, 0, syntax, format, |line| {
        if io_err.is_none() {
            if let Err(e) = out.write(line.as_bytes()) {
                io_err = Some(e);
            }
        }
    });
    if let Some(e) = io_err {
        out.abandon();
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return ExitCode::SUCCESS;
        }
        eprintln!("error: writing output: {e}");
        return ExitCode::from(1);
    }
    match r {
        Ok(_) => match out.commit() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(1)
            }
        },
        Err(t) => {
            out.abandon();
            eprintln!("{name}: error: {t}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_text() {
        assert_eq!(
            parse_words("t", b"7e020302, 0x02020702\n# c\n1 // x").unwrap(),
            vec![0x7e020302, 0x02020702, 1]
        );
        let e = parse_words("t", b"12\n  zz 123456789").unwrap_err();
        assert_eq!(e.len(), 2);
        assert!(e[0].starts_with("t:2:3: error:"));
        assert!(e[1].starts_with("t:2:6: error:"));
    }
}
