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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.len() > 3 || args[0].starts_with('-') {
        eprintln!("usage: gen_stream OUT.bin [OUT.llvm-mc.txt] [N]");
        return ExitCode::from(2);
    }
    let n = match args.get(2) {
        None => stream::N,
        Some(s) => match s.parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!("gen_stream: bad instruction count {s:?}");
                return ExitCode::from(2);
            }
        },
    };
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
