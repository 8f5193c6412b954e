//! Writes the benchmark stream of `benches/disasm.rs` (500k random GCN 1.2 VOP2/VOPC/VOP3
//! instructions, fixed seed) as a little-endian binary, and optionally as llvm-mc
//! `-disassemble` input (one instruction per line, `0x02,0x07,0x02,0x02`).
//!
//!     cargo run --release -p gcnkit --example gen_stream -- OUT.bin [OUT.llvm-mc.txt] [N]
//!
//! `-` for OUT.llvm-mc.txt writes no text form. Prints `instructions words vop3` to stdout.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

#[path = "../benches/stream/mod.rs"]
mod stream;

/// Writes the benchmark stream as a binary (and as llvm-mc `-disassemble` input).
#[derive(clap::Parser)]
struct Cli {
    /// The binary stream to write.
    out: String,
    /// The llvm-mc text form to write (`-`: none).
    llvm_text: Option<String>,
    /// Number of instructions.
    #[arg(value_parser = clap::value_parser!(u64).range(1..))]
    n: Option<u64>,
}

fn main() -> ExitCode {
    let cli = <Cli as clap::Parser>::parse();
    let args: Vec<String> = [Some(cli.out), cli.llvm_text].into_iter().flatten().collect();
    let n = cli.n.map_or(stream::N, |n| n as usize);
    let instrs = stream::instrs(gcnkit::Arch::Gcn12, n, stream::SEED);
    let words = stream::words(&instrs);

    let mut bin = Vec::with_capacity(words.len() * 4);
    for w in &words {
        bin.extend_from_slice(&w.to_le_bytes());
    }
    if let Err(e) = std::fs::write(&args[0], &bin) {
        eprintln!("gen_stream: {}: {e}", args[0]);
        return ExitCode::from(1);
    }

    // `-` (or an empty argument) as the second path: no llvm-mc text, e.g. to give N alone.
    if let Some(path) = args.get(1).filter(|p| !p.is_empty() && *p != "-") {
        let mut txt = String::with_capacity(instrs.len() * 40);
        for i in &instrs {
            let mut first = true;
            for w in i.words() {
                for b in w.to_le_bytes() {
                    if !first {
                        txt.push(',');
                    }
                    first = false;
                    let _ = write!(txt, "0x{b:02x}");
                }
            }
            txt.push('\n');
        }
        let r = std::fs::File::create(path).and_then(|mut f| f.write_all(txt.as_bytes()));
        if let Err(e) = r {
            eprintln!("gen_stream: {path}: {e}");
            return ExitCode::from(1);
        }
    }

    let vop3 = instrs.iter().filter(|i| i.enc.is_vop3()).count();
    println!("{} {} {}", instrs.len(), words.len(), vop3);
    ExitCode::SUCCESS
}
