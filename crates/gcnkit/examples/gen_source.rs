//! Writes the benchmark stream of `benches/disasm.rs` (random GCN 1.2 VOP2/VOPC/VOP3
//! instructions, fixed seed; see `benches/stream/mod.rs`) as assembler source, one
//! instruction per line, in the CLRX or the LLVM dialect: the input of `benches/asm.rs` and
//! `scripts/bench-asm.sh`.
//!
//!     cargo run --release -p gcnkit --example gen_source -- OUT.s clrx|llvm [N]
//!
//! N (default 500000) is the number of stream instructions drawn. A line is written only if
//! gcnkit assembles its text, in that dialect, back to the instruction's words: this drops
//! the few deliberately odd words of the stream and, for `llvm`, every instruction LLVM can
//! only print as `.long 0x...`. So the file has at most N lines (the count is printed).
//! `scripts/bench-asm.sh` additionally drops the lines llvm-mc rejects from the LLVM text.
//!
//! Prints `drawn written dropped_long dropped_mismatch` to stdout.
//! With `GEN_SOURCE_DEBUG` set, each dropped non-`.long` line is printed to stderr with
//! gcnkit's first error or the words it assembled to.

use std::io::Write as _;
use std::process::ExitCode;

use gcnkit::asm::{assemble_one, Dialect};
use gcnkit::syntax::{print, Syntax};
use gcnkit::Arch;

#[path = "../benches/stream/mod.rs"]
mod stream;

/// The lines of the first `n` stream instructions in `syntax` (those that round-trip), and
/// the counts of `.long` lines and of lines that do not assemble back to their words.
fn source(n: usize, syntax: Syntax) -> (String, usize, usize, usize) {
    let arch = Arch::Gcn12;
    let dialect = match syntax {
        Syntax::Clrx => Dialect::Clrx,
        Syntax::Llvm => Dialect::Llvm,
    };
    let instrs = stream::instrs(arch, n, stream::SEED);
    let mut out = String::with_capacity(n * 48);
    let mut line = String::with_capacity(128);
    let (mut written, mut long, mut mismatch) = (0, 0, 0);
    for i in &instrs {
        line.clear();
        print(&mut line, i, syntax);
        let text = line.trim();
        if text.starts_with(".long") {
            long += 1;
            continue;
        }
        match assemble_one(arch, dialect, text) {
            Ok(w) if w.as_slice() == i.words() => {}
            r => {
                if std::env::var_os("GEN_SOURCE_DEBUG").is_some() {
                    match r {
                        Ok(w) => eprintln!("MISMATCH {text} :: {:08x?} vs {:08x?}", w, i.words()),
                        Err(d) => eprintln!(
                            "ERROR {text} :: {}",
                            d.first().map(|d| d.message.as_str()).unwrap_or("")
                        ),
                    }
                }
                mismatch += 1;
                continue;
            }
        }
        out.push_str(text);
        out.push('\n');
        written += 1;
    }
    (out, written, long, mismatch)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 || args.len() > 3 || args[0].starts_with('-') {
        eprintln!("usage: gen_source OUT.s clrx|llvm [N]");
        return ExitCode::from(2);
    }
    let syntax = match args[1].as_str() {
        "clrx" => Syntax::Clrx,
        "llvm" => Syntax::Llvm,
        s => {
            eprintln!("gen_source: unknown dialect {s:?} (clrx or llvm)");
            return ExitCode::from(2);
        }
    };
    let n = match args.get(2) {
        None => stream::N,
        Some(s) => match s.parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!("gen_source: bad instruction count {s:?}");
                return ExitCode::from(2);
            }
        },
    };
    let (text, written, long, mismatch) = source(n, syntax);
    let r = std::fs::File::create(&args[0]).and_then(|mut f| f.write_all(text.as_bytes()));
    if let Err(e) = r {
        eprintln!("gen_source: {}: {e}", args[0]);
        return ExitCode::from(1);
    }
    println!("{n} {written} {long} {mismatch}");
    ExitCode::SUCCESS
}
