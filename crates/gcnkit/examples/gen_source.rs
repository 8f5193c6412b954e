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

/// Writes the benchmark stream as assembly source in one dialect.
#[derive(clap::Parser)]
struct Cli {
    /// The source file to write.
    out: String,
    /// Dialect: clrx or llvm.
    #[arg(value_parser = ["clrx", "llvm"])]
    dialect: String,
    /// Number of instructions.
    #[arg(value_parser = clap::value_parser!(u64).range(1..))]
    n: Option<u64>,
}

fn main() -> ExitCode {
    let cli = <Cli as clap::Parser>::parse();
    let syntax = if cli.dialect == "llvm" {
        Syntax::Llvm
    } else {
        Syntax::Clrx
    };
    let n = cli.n.map_or(stream::N, |n| n as usize);
    let args = [cli.out];
    let (text, written, long, mismatch) = source(n, syntax);
    let r = std::fs::File::create(&args[0]).and_then(|mut f| f.write_all(text.as_bytes()));
    if let Err(e) = r {
        eprintln!("gen_source: {}: {e}", args[0]);
        return ExitCode::from(1);
    }
    println!("{n} {written} {long} {mismatch}");
    ExitCode::SUCCESS
}
