//! `gcnkit disasm`.

use crate::io::{open_input, Output};
use crate::mapped::MappedWords;
use clap::ValueEnum;
use gcnkit::disasm::{ClrxDump, Disassembler, Format};
use gcnkit::syntax::Syntax;
use gcnkit::Arch;
use std::io::BufRead;
use std::io::Write;
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
    /// GPU: gcn1.0|gcn1.1|gcn1.2|gcn1.4|gcn1.4.1, si|ci|vi|gfx9, LLVM (tahiti, gfx900, gfx906...) or CLRX
    /// (pitcairn, hawaii, polaris10, vega10...) names.
    /// Default gcn1.2; a code object's comes from its ELF header.
    #[arg(short, long, value_parser = crate::parse_arch_named)]
    arch: Option<(Arch, String)>,
    /// Output dialect.
    #[arg(long, value_enum, default_value = "clrx")]
    syntax: SyntaxArg,
    /// Input form (default: bin for a FILE, words for stdin).
    #[arg(long, value_enum)]
    input: Option<InputArg>,
    /// Output format: one instruction per line, or JSON Lines records.
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
    /// Text with each instruction's offset and words in a comment, as clrxdisasm -h
    /// (`/*000000000010: d1010001 00020702*/ ...`) and llvm-objdump (`... // 000000000010:
    /// D1010001 00020702`) print them; the assemblers skip the comments.
    #[arg(long, visible_alias = "hexcode")]
    addresses: bool,
    /// CLRX binaries (.amd, .amdcl2, .gallium, .rocm): print their metadata (clrxdisasm -m).
    /// Given any of -m, -d, -C, -f, --all, the text holds what they name, as clrxdisasm's;
    /// none: all of -dCmf (the text gcnkit and clrxasm assemble back).
    #[arg(short = 'm', long)]
    metadata: bool,
    /// CLRX binaries: print the global data (clrxdisasm -d).
    #[arg(short = 'd', long)]
    data: bool,
    /// CLRX binaries: print each kernel's configuration as readable pseudo-ops (clrxdisasm -C).
    #[arg(short = 'C', long)]
    config: bool,
    /// CLRX binaries: float literals' values in comments (clrxdisasm -f).
    #[arg(short = 'f', long)]
    floats: bool,
    /// AMD Catalyst binaries (.amd): print each kernel's CAL notes (clrxdisasm -c; with -d -m,
    /// the raw form both assemblers take back).
    #[arg(short = 'c', long = "calnotes")]
    cal_notes: bool,
    /// AMD OpenCL 2.0 binaries (.amdcl2): print each kernel's raw stub and setup and the
    /// samplers' raw definitions (clrxdisasm -s), where -C does not print them as config.
    #[arg(short = 's', long)]
    setup: bool,
    /// AMD OpenCL 2.0 binaries (.amdcl2): with -C, each kernel's setup as an `.hsaconfig`
    /// (clrxdisasm -H).
    #[arg(short = 'H', long)]
    hsa_config: bool,
    /// AMD OpenCL 2.0 binaries (.amdcl2, new ones): the HSA layout form, all the kernels'
    /// code as one `.text` with their labels (clrxdisasm -L).
    #[arg(short = 'L', long)]
    hsa_layout: bool,
    /// CLRX binaries: clrxdisasm's -a: -d, -m, -f, -c and --addresses (not -C).
    #[arg(long)]
    all: bool,
    /// CLRX text with each instruction's offset in a comment (`/*000000000010*/`), as
    /// clrxdisasm prints it by default (--addresses adds the words, as its -h).
    #[arg(long, conflicts_with = "addresses")]
    offsets: bool,
    /// Output file (written atomically); stdout if absent.
    #[arg(short, long)]
    output: Option<String>,
    /// Input file; stdin if `-` or absent.
    file: Option<String>,
}

/// Parses one line of hex dword text (`7e020302`, `0x02020702`, separated by whitespace or
/// commas; `#`, `;` or `//` start a comment). Every malformed token is reported as
/// FILE:LINE:COL.
///
/// llvm-mc's byte lists (`0x02,0x07,0x02,0x02`, also in `[...]`) are read as little-endian
/// bytes: a line whose values are all two-digit `0xHH` bytes adds them to `bytes`, and every
/// four make a word (a list may run over lines).
pub fn parse_words_line(name: &str, ln: usize, line: &[u8], bytes: &mut Vec<u8>) -> Result<Vec<u32>, Vec<String>> {
    let mut words = Vec::new();
    let mut errors = Vec::new();
    let mut end = line.len();
    for (k, &b) in line.iter().enumerate() {
        if b == b'#' || b == b';' || (b == b'/' && line.get(k + 1) == Some(&b'/')) {
            end = k;
            break;
        }
    }
    let line = &line[..end];
    let tokens: Vec<&[u8]> = line
        .split(|b| b.is_ascii_whitespace() || *b == b',' || *b == b'[' || *b == b']')
        .filter(|t| !t.is_empty())
        .collect();
    let byte_list = !tokens.is_empty()
        && tokens.iter().all(|t| {
            t.len() == 4
                && (t.starts_with(b"0x") || t.starts_with(b"0X"))
                && t[2..].iter().all(|c| c.is_ascii_hexdigit())
        });
    if byte_list {
        for t in tokens {
            bytes.push(u8::from_str_radix(std::str::from_utf8(&t[2..]).unwrap_or("0"), 16).unwrap_or(0));
        }
        let whole = bytes.len() / 4 * 4;
        words.extend(
            bytes[..whole]
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        );
        bytes.drain(..whole);
        return Ok(words);
    }
    let mut k = 0;
    while k < line.len() {
        let b = line[k];
        if b.is_ascii_whitespace() || b == b',' || b == b'[' || b == b']' {
            k += 1;
            continue;
        }
        let start = k;
        while k < line.len() && !(line[k].is_ascii_whitespace() || matches!(line[k], b',' | b'[' | b']')) {
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
                "{name}:{ln}:{}: error: '{shown}' is not a 32-bit hex word (up to 8 hex digits, optional 0x)",
                start + 1
            ));
        }
    }
    if errors.is_empty() {
        Ok(words)
    } else {
        Err(errors)
    }
}

/// Parses a whole hex dword text.
#[cfg(test)]
pub fn parse_words(name: &str, text: &[u8]) -> Result<Vec<u32>, Vec<String>> {
    let mut words = Vec::new();
    let mut errors = Vec::new();
    let mut bytes = Vec::new();
    for (n, line) in text.split(|&b| b == b'\n').enumerate() {
        match parse_words_line(name, n + 1, line, &mut bytes) {
            Ok(w) => words.extend(w),
            Err(e) => errors.extend(e),
        }
    }
    if errors.is_empty() {
        Ok(words)
    } else {
        Err(errors)
    }
}

pub fn run(a: Args) -> ExitCode {
    let (name, mut reader) = match open_input(a.file.as_deref()) {
        Ok(x) => x,
        Err(e) => {
            errln!("{e}");
            return ExitCode::from(1);
        }
    };
    let is_file = !matches!(a.file.as_deref(), None | Some("-"));
    // A file is machine code unless it is plainly text (hex words or llvm-mc's byte lists);
    // an ELF code object is not read yet.
    let head = reader
        .fill_buf()
        .map(|h| h[..h.len().min(4096)].to_vec())
        .unwrap_or_default();
    let syntax = match a.syntax {
        SyntaxArg::Clrx => Syntax::Clrx,
        SyntaxArg::Llvm => Syntax::Llvm,
    };
    // (`-s` is clrxdisasm's for AMD OpenCL 2.0 binaries only, here.)
    if (a.setup || a.hsa_config || a.hsa_layout) && !gcnkit::codeobj::clrx_amdcl2::is_amdcl2(&head) {
        errln!("error: -s, -H and -L print an AMD OpenCL 2.0 binary's setups; {name} is not one");
        return ExitCode::from(2);
    }
    SETUP.store(a.setup, std::sync::atomic::Ordering::Relaxed);
    HSA_CONFIG.store(a.hsa_config, std::sync::atomic::Ordering::Relaxed);
    HSA_LAYOUT.store(a.hsa_layout, std::sync::atomic::Ordering::Relaxed);
    let dump = if a.all
        || a.metadata
        || a.data
        || a.config
        || a.floats
        || a.cal_notes
        || a.setup
        || a.hsa_config
        || a.hsa_layout
    {
        ClrxDump {
            data: a.data || a.all,
            metadata: a.metadata || a.all,
            config: a.config,
            floats: a.floats || a.all,
        }
    } else {
        ClrxDump::ALL
    };
    if a.offsets && syntax == Syntax::Llvm {
        errln!("error: --offsets is for CLRX text (--addresses puts LLVM text's offsets at the line's end)");
        return ExitCode::from(2);
    }
    OFFSETS_ONLY.store(a.offsets && !a.all, std::sync::atomic::Ordering::Relaxed);
    let format = match a.format {
        FormatArg::Text if a.addresses || a.all || a.offsets => Format::Listing,
        FormatArg::Text => Format::Text,
        FormatArg::Json => Format::Json,
    };
    // CLRX's GalliumCompute binary (`.gallium`): a container, not an ELF, read whole.
    if is_file && !matches!(a.input, Some(InputArg::Bin | InputArg::Words)) && gallium_head(&head) {
        let mut data = Vec::new();
        if let Err(e) = reader.read_to_end(&mut data) {
            errln!("{name}: error: {e}");
            return ExitCode::from(1);
        }
        if gcnkit::codeobj::clrx_gallium_read::is_gallium(&data) {
            return gallium(&name, &data, a.arch.clone(), a.output.as_deref(), syntax, format, dump);
        }
        reader = Box::new(std::io::Cursor::new(data));
    }
    if gcnkit::codeobj::is_elf(&head) && !matches!(a.input, Some(InputArg::Bin)) {
        return code_object(
            &name,
            &mut reader,
            a.arch.map(|x| x.0),
            a.output.as_deref(),
            syntax,
            format,
            (dump, a.all || a.cal_notes),
        );
    }
    if dump != ClrxDump::ALL && (a.metadata || a.data || a.config || a.cal_notes) {
        errln!("error: -m, -d, -c and -C choose the parts of a CLRX binary; {name} is machine code");
        return ExitCode::from(2);
    }
    let arch = a.arch.map_or(Arch::Gcn12, |x| x.0);
    let plain_text = !head.is_empty() && head.iter().all(|&b| b.is_ascii_graphic() || b.is_ascii_whitespace());
    let input = a.input.unwrap_or(if is_file && !plain_text {
        InputArg::Bin
    } else {
        InputArg::Words
    });
    let mut out = match Output::open(a.output.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            errln!("{e}");
            return ExitCode::from(1);
        }
    };
    // A regular file of machine code is mapped, not read: one listing of all of it.
    if let Some(map) = matches!(input, InputArg::Bin)
        .then(|| a.file.as_deref().and_then(MappedWords::open))
        .flatten()
    {
        let mut dis = Disassembler::new(arch, syntax, format);
        let mut io_err = None;
        let r = dis.run_tracked(map.words(), 0, |chunk, done| {
            emit(&mut out, &mut io_err, chunk);
            map.release(done * 4);
        });
        // (The tables and the mapping are left to the process's exit, which frees them at
        // once: unmapping each here costs a system call and a TLB flush.)
        std::mem::forget((dis, map));
        return match (io_err, r) {
            (Some(e), _) => write_failed(out, e),
            (None, Ok(_)) => out.finish(),
            (None, Err(t)) => {
                out.abandon();
                errln!("{name}: error: {t}");
                ExitCode::from(1)
            }
        };
    }
    // Streaming: words are read in chunks and disassembled as they come, one listing
    // ([`Disassembler::feed`]). Memory does not grow with the input.
    let mut pending: Vec<u32> = Vec::with_capacity(CHUNK_WORDS + 4);
    let mut base = 0usize; // byte offset of pending[0]
    let mut io_err: Option<std::io::Error> = None;
    let mut input_errors: Vec<String> = Vec::new();
    // Words read from a text input (to tell a few typos from a file that is not words).
    let mut words_seen = 0usize;
    let mut bytes = vec![0u8; CHUNK_WORDS * 4];
    let mut carry: Vec<u8> = Vec::new();
    let mut line_no = 0usize;
    let mut text_line = Vec::new();
    let mut list_bytes: Vec<u8> = Vec::new();
    let mut dis = Disassembler::new(arch, syntax, format);
    loop {
        // Refill `pending` with the next chunk of words.
        let mut eof = false;
        match input {
            InputArg::Bin => {
                let n = match read_full(&mut reader, &mut bytes) {
                    Ok(n) => n,
                    Err(e) => {
                        errln!("{name}: error: {e}");
                        out.abandon();
                        return ExitCode::from(1);
                    }
                };
                eof = n < bytes.len();
                // Whole words straight from the chunk (a chunk is a whole number of words:
                // only the input's end leaves bytes over).
                let mut fresh = &bytes[..n];
                if !carry.is_empty() {
                    let take = (4 - carry.len()).min(fresh.len());
                    carry.extend_from_slice(&fresh[..take]);
                    fresh = &fresh[take..];
                    if carry.len() == 4 {
                        pending.push(u32::from_le_bytes([carry[0], carry[1], carry[2], carry[3]]));
                        carry.clear();
                    }
                }
                let whole = fresh.len() / 4 * 4;
                pending.extend(
                    fresh[..whole]
                        .chunks_exact(4)
                        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
                );
                carry.extend_from_slice(&fresh[whole..]);
                if eof && !carry.is_empty() {
                    input_errors.push(format!(
                        "{name}: error: input is not a whole number of 32-bit words ({} trailing bytes at offset 0x{:x})",
                        carry.len(),
                        base + pending.len() * 4
                    ));
                }
            }
            InputArg::Words => {
                while pending.len() < CHUNK_WORDS {
                    text_line.clear();
                    match reader.read_until(b'\n', &mut text_line) {
                        Ok(0) => {
                            eof = true;
                            if !list_bytes.is_empty() {
                                input_errors.push(format!(
                                    "{name}:{line_no}: error: the byte list ends with {} bytes, not a whole 32-bit word",
                                    list_bytes.len()
                                ));
                            }
                            break;
                        }
                        Ok(_) => {
                            line_no += 1;
                            match parse_words_line(&name, line_no, &text_line, &mut list_bytes) {
                                Ok(w) => {
                                    words_seen += w.len();
                                    pending.extend(w)
                                }
                                Err(mut e) => input_errors.append(&mut e),
                            }
                        }
                        Err(e) => {
                            errln!("{name}: error: {e}");
                            out.abandon();
                            return ExitCode::from(1);
                        }
                    }
                }
            }
        }
        if !input_errors.is_empty() {
            // Keep reading to report every error, but print nothing more.
            if eof {
                break;
            }
            base += pending.len() * 4;
            pending.clear();
            continue;
        }
        // One listing of all the pieces: what is printed leaves `pending`; the rest (a
        // branch's reach, and an instruction cut by the chunk) waits for the next chunk.
        let r = dis.feed(&pending, 0, eof, |chunk| emit(&mut out, &mut io_err, chunk));
        if let Some(e) = io_err.take() {
            return write_failed(out, e);
        }
        match r {
            Ok(done) => {
                pending.drain(..done);
                base += done * 4;
            }
            Err(t) => {
                out.abandon();
                errln!("{name}: error: {t}");
                return ExitCode::from(1);
            }
        }
        if eof {
            break;
        }
    }
    if !input_errors.is_empty() {
        // Mostly not words (a C source, a listing): a few examples and what it looks like,
        // not an error per token.
        let garbage = input_errors.len() > SHOWN_ERRORS && input_errors.len() > words_seen;
        let shown = if garbage { SHOWN_ERRORS } else { input_errors.len() };
        for e in &input_errors[..shown] {
            errln!("{e}");
        }
        if garbage {
            errln!(
                "{name}: error: this does not look like GCN machine words or a code object: {} of {} \
                 tokens are not 32-bit hex words ({} more errors not shown)",
                input_errors.len(),
                input_errors.len() + words_seen,
                input_errors.len() - shown
            );
            errln!(
                "{name}: help: assembly text goes to `gcnkit asm`; a binary file is read as machine code \
                 with `--input bin`"
            );
        }
        out.abandon();
        return ExitCode::from(1);
    }
    out.finish()
}

/// Errors shown of an input that is mostly not hex words.
const SHOWN_ERRORS: usize = 10;

/// `disasm` of an ELF code object: its arch from the header (a different `-a` is a usage
/// error), every code section's functions and kernels with their labels.
fn code_object(
    name: &str,
    reader: &mut dyn BufRead,
    arch: Option<Arch>,
    output: Option<&str>,
    syntax: Syntax,
    format: Format,
    (dump, all): (ClrxDump, bool),
) -> ExitCode {
    let mut data = Vec::new();
    if let Err(e) = reader.read_to_end(&mut data) {
        errln!("{name}: error: {e}");
        return ExitCode::from(1);
    }
    // CLRX's AMD Catalyst OpenCL 1.2 binary (`.amd`): its CLRX text.
    if let Some(d) = gcnkit::codeobj::clrx_amd_read::amd_device(&data) {
        if syntax == Syntax::Llvm {
            errln!("{name}: error: an AMD Catalyst binary has CLRX text only (--syntax clrx)");
            return ExitCode::from(2);
        }
        if let Some(x) = arch.filter(|x| *x != d.arch) {
            errln!(
                "error: -a {x} conflicts with {name}, an AMD Catalyst binary for {} ({})",
                d.name,
                d.arch
            );
            return ExitCode::from(2);
        }
        // Every combination of clrxdisasm's options (`--all`: its `-a`, CAL notes too).
        return clrx_binary_text(name, output, None, |sink| {
            gcnkit::disasm::disassemble_amd(&data, format, dump, all, sink)
        });
    }
    // AMD's OpenCL 2.0 binary (`.amdcl2`): its CLRX text.
    if gcnkit::codeobj::clrx_amdcl2::is_amdcl2(&data) {
        if syntax == Syntax::Llvm {
            errln!("{name}: error: an AMD OpenCL 2.0 binary has CLRX text only (--syntax clrx)");
            return ExitCode::from(2);
        }
        // (Any of clrxdisasm's -m, -d, -C: the printer prints what they name.)
        let floats_only = ClrxDump {
            floats: dump.floats,
            ..ClrxDump::ALL
        };
        return clrx_binary_text(name, output, Some(floats_only), |sink| {
            let forms = gcnkit::disasm::Cl2Forms {
                setup: SETUP.load(std::sync::atomic::Ordering::Relaxed),
                hsa_config: HSA_CONFIG.load(std::sync::atomic::Ordering::Relaxed),
                layout: HSA_LAYOUT.load(std::sync::atomic::Ordering::Relaxed),
            };
            gcnkit::disasm::disassemble_amdcl2_setup(&data, format, dump, forms, sink)
        });
    }
    // A HIP program (host executable or library): the code objects of its fat binary.
    let objects: Vec<(Option<String>, &[u8])> = match crate::hipbin::select(name, &data, arch) {
        None => vec![(None, &data[..])],
        Some(Ok(list)) => list
            .iter()
            .map(|e| (Some(format!("bundle {}, {}", e.bundle, e.target)), e.bytes))
            .collect(),
        Some(Err(e)) => {
            errln!("error: {e}");
            return ExitCode::from(if arch.is_some() { 1 } else { 2 });
        }
    };
    let mut cos = Vec::new();
    for (what, bytes) in &objects {
        let place = match what {
            Some(w) => format!("{name} ({w})"),
            None => name.to_string(),
        };
        let co = match gcnkit::codeobj::read(bytes) {
            Ok(c) => c,
            Err(e) => {
                errln!("{place}: error: {e}");
                return ExitCode::from(1);
            }
        };
        if let Some(x) = arch.filter(|x| *x != co.arch) {
            errln!(
                "error: -a {x} conflicts with {place}, a code object for {} ({})",
                co.processor,
                co.arch
            );
            return ExitCode::from(2);
        }
        // Kernel headers no directives express are printed as data: say so, with the place.
        for w in gcnkit::disasm::code_object_warnings(&co) {
            errln!("{place}: warning: {w}");
        }
        cos.push((what, co));
    }
    if (ClrxDump { floats: true, ..dump }) != ClrxDump::ALL {
        errln!("{name}: error: gcnkit prints a code object's metadata, configuration and data always (clrxdisasm's -dCmf; -f may go): give none of -m, -d, -C, --all");
        return ExitCode::from(2);
    }
    let mut out = match Output::open(output) {
        Ok(o) => o,
        Err(e) => {
            errln!("{e}");
            return ExitCode::from(1);
        }
    };
    let mut io_err: Option<std::io::Error> = None;
    for (what, co) in &cos {
        // Which of the program's code objects follows (text formats only: JSON Lines stay
        // records).
        if let (Some(w), Format::Text) = (what, format) {
            emit(&mut out, &mut io_err, &format!("/* {name}: {w} */\n"));
        }
        let r = gcnkit::disasm::disassemble_code_object(co, syntax, format, |chunk| {
            emit(&mut out, &mut io_err, &dump.floats_of(chunk))
        });
        if let Some(e) = io_err {
            return write_failed(out, e);
        }
        if let Err(t) = r {
            out.abandon();
            errln!("{name}: error: {t}");
            return ExitCode::from(1);
        }
    }
    out.finish()
}

/// Could the file be a GalliumCompute binary: a small kernel count, then a kernel name's
/// length (whole checks come once it is read: [`gcnkit::codeobj::clrx_gallium_read::is_gallium`]).
fn gallium_head(head: &[u8]) -> bool {
    let w = |at: usize| {
        head.get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    matches!((w(0), w(4)), (Some(1..=4096), Some(1..=1024)))
}

/// A GalliumCompute binary's CLRX text (its device: `-a`'s first CLRX device, else
/// CapeVerde, as clrxdisasm's default).
fn gallium(
    name: &str,
    data: &[u8],
    arch: Option<(Arch, String)>,
    output: Option<&str>,
    syntax: Syntax,
    format: Format,
    dump: ClrxDump,
) -> ExitCode {
    if syntax == Syntax::Llvm {
        errln!("{name}: error: a GalliumCompute binary has CLRX text only (--syntax clrx)");
        return ExitCode::from(2);
    }
    let devices = &gcnkit::codeobj::clrx_config::DEVICES;
    // `-a`'s device when it names one (`-a pitcairn`), else its arch's first.
    let device = arch
        .and_then(|(a, n)| {
            gcnkit::codeobj::clrx_config::Device::find(&n).or_else(|| devices.iter().find(|d| d.arch == a))
        })
        .unwrap_or(&devices[0]);
    clrx_binary_text(name, output, None, |sink| {
        gcnkit::disasm::disassemble_gallium(data, device, format, dump, sink)
    })
}

/// A CLRX binary's text (`print` gives it to a sink) to the output; its error, if it has one,
/// leaves no output file. `dump`: for a format whose printer takes every combination of
/// clrxdisasm's options (`.amd`, `.gallium`), `None`; else the options given, which must be
/// `-dCmf` (`-f` may go: `.amdcl2` prints all of the rest).
fn clrx_binary_text(
    name: &str,
    output: Option<&str>,
    dump: Option<ClrxDump>,
    print: impl FnOnce(&mut dyn FnMut(&str)) -> Result<(), String>,
) -> ExitCode {
    let dump = dump.unwrap_or(ClrxDump::ALL);
    if (ClrxDump { floats: true, ..dump }) != ClrxDump::ALL {
        errln!(
            "{name}: error: gcnkit prints this binary's metadata, configuration and data always              (clrxdisasm's -dCmf; -f may go): give none of -m, -d, -C, --all"
        );
        return ExitCode::from(2);
    }
    let mut out = match Output::open(output) {
        Ok(o) => o,
        Err(e) => {
            errln!("{e}");
            return ExitCode::from(1);
        }
    };
    let mut io_err: Option<std::io::Error> = None;
    let r = print(&mut |chunk| emit(&mut out, &mut io_err, &dump.floats_of(chunk)));
    if let Some(e) = io_err {
        return write_failed(out, e);
    }
    if let Err(e) = r {
        out.abandon();
        errln!("{name}: error: {e}");
        return ExitCode::from(1);
    }
    out.finish()
}

const CHUNK_WORDS: usize = 1 << 16;

/// Reads until `buf` is full or the input ends.
fn read_full(r: &mut dyn BufRead, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// `--offsets`: the listing's comments keep the offset alone (set once, before any output).
static OFFSETS_ONLY: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
/// `-s`: an OpenCL 2.0 binary's raw setups (see [`Args::setup`]).
static SETUP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
/// `-H`: an OpenCL 2.0 binary's setups as `.hsaconfig` (see [`Args::hsa_config`]).
static HSA_CONFIG: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
/// `-L`: an OpenCL 2.0 binary in the HSA layout form (see [`Args::hsa_layout`]).
static HSA_LAYOUT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// A CLRX listing's `/*OFFSET: WORDS*/` comments as `/*OFFSET*/`.
fn offsets_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let cut = line
            .strip_prefix("/*")
            .and_then(|r| Some((r.find(':')?, r.find("*/")?)))
            .filter(|(colon, close)| colon < close);
        match cut {
            Some((colon, close)) => {
                out.push_str("/*");
                out.push_str(&line[2..2 + colon]);
                out.push_str(&line[2 + close..]);
            }
            None => out.push_str(line),
        }
    }
    out
}

/// Writes a chunk of text unless an earlier write has failed (`err` keeps that failure). A
/// closed pipe ends the job at once: nobody reads the rest.
fn emit(out: &mut Output, err: &mut Option<std::io::Error>, text: &str) {
    if err.is_some() {
        return;
    }
    let shaped;
    let text = if OFFSETS_ONLY.load(std::sync::atomic::Ordering::Relaxed) {
        shaped = offsets_only(text);
        &shaped
    } else {
        text
    };
    if let Err(e) = out.write_all(text.as_bytes()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            crate::io::closed_pipe();
        }
        *err = Some(e);
    }
}

/// The output could not be written: nothing is left behind (a closed pipe is no error).
fn write_failed(out: Output, e: std::io::Error) -> ExitCode {
    out.abandon();
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    errln!("error: writing output: {e}");
    ExitCode::from(1)
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
