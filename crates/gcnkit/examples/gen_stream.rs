//! Writes a benchmark stream as a little-endian binary, and optionally as llvm-mc
//! `-disassemble` input (one instruction per line, `0x02,0x07,0x02,0x02`):
//!
//! - default: the stream of `benches/disasm.rs` (500k random GCN 1.2 instructions of every
//!   table row, vector and scalar, fixed seed);
//! - `--kernels MCPU` (tahiti, bonaire, fiji, gfx900): the real mixed stream of
//!   `benches/stream/kernels.rs`: the clang-14 kernels of `tests/data/kernels/`, whole
//!   kernels repeated until at least N instructions (every class clang emits, memory included).
//!
//! ```text
//! cargo run --release -p gcnkit --example gen_stream -- OUT.bin [OUT.llvm-mc.txt] [N]
//! cargo run --release -p gcnkit --example gen_stream -- --kernels fiji OUT.bin [OUT.txt] [N]
//! ```
//!
//! `-` for OUT.llvm-mc.txt writes no text form. Prints to stdout `instructions words vop3`
//! (random stream), or two lines (kernels): `instructions words kernel_instances copies
//! data_class_instructions`, then the class mix (`SOPP 15.2%, VOP2 ...`).

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

#[path = "../benches/stream/mod.rs"]
mod stream;

use stream::kernels;

/// Writes a benchmark stream as a binary (and as llvm-mc `-disassemble` input).
#[derive(clap::Parser)]
struct Cli {
    /// The binary stream to write.
    out: String,
    /// The llvm-mc text form to write (`-`: none).
    llvm_text: Option<String>,
    /// Number of instructions (kernels: at least, whole kernels).
    #[arg(value_parser = clap::value_parser!(u64).range(1..))]
    n: Option<u64>,
    /// The real stream: the clang-14 kernels compiled for this MCPU (tahiti, bonaire, fiji, gfx900).
    #[arg(long, value_name = "MCPU")]
    kernels: Option<String>,
    /// The kernels corpus directory (default: this crate's tests/data/kernels).
    #[arg(long, value_name = "DIR")]
    kernels_dir: Option<std::path::PathBuf>,
}

/// llvm-mc `-disassemble` input: one instruction per line, its bytes.
fn llvm_text<'a>(instrs: impl Iterator<Item = &'a [u32]>, cap: usize) -> String {
    let mut txt = String::with_capacity(cap * 40);
    for words in instrs {
        let mut first = true;
        for w in words {
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
    txt
}

fn write(path: &str, bytes: &[u8]) -> Result<(), ExitCode> {
    let r = std::fs::File::create(path).and_then(|mut f| f.write_all(bytes));
    r.map_err(|e| {
        eprintln!("gen_stream: {path}: {e}");
        ExitCode::from(1)
    })
}

fn run(cli: Cli) -> Result<(), ExitCode> {
    // `-` (or an empty argument) as the second path: no llvm-mc text, e.g. to give N alone.
    let text_path = cli.llvm_text.as_deref().filter(|p| !p.is_empty() && *p != "-");
    let (words, text, summary);
    if let Some(mcpu) = &cli.kernels {
        let n = cli.n.map_or(stream::N, |n| n as usize);
        let dir = cli.kernels_dir.clone().unwrap_or_else(kernels::default_dir);
        let ks = kernels::load(&dir, mcpu).map_err(|e| {
            eprintln!("gen_stream: {e}");
            ExitCode::from(1)
        })?;
        let plan = kernels::plan(&ks, n);
        words = kernels::words(&ks, &plan);
        let count = kernels::instrs(&ks, &plan).count();
        text = text_path.map(|_| llvm_text(kernels::instrs(&ks, &plan).map(|i| i.words.as_slice()), count));
        let data = kernels::instrs(&ks, &plan)
            .filter(|i| kernels::is_data_class(&i.class))
            .count();
        let copies = plan.last().map_or(0, |p| p.1 + 1);
        summary = format!(
            "{count} {} {} {copies} {data}\n{}",
            words.len(),
            plan.len(),
            kernels::class_summary(&kernels::class_counts(&ks, &plan))
        );
    } else {
        let n = cli.n.map_or(stream::N, |n| n as usize);
        let instrs = stream::instrs(gcnkit::Arch::Gcn12, n, stream::SEED);
        words = stream::words(&instrs);
        text = text_path.map(|_| llvm_text(instrs.iter().map(|i| i.words()), instrs.len()));
        let vop3 = instrs.iter().filter(|i| i.enc.is_vop3()).count();
        summary = format!("{} {} {vop3}", instrs.len(), words.len());
    }

    let mut bin = Vec::with_capacity(words.len() * 4);
    for w in &words {
        bin.extend_from_slice(&w.to_le_bytes());
    }
    write(&cli.out, &bin)?;
    if let (Some(path), Some(text)) = (text_path, text) {
        write(path, text.as_bytes())?;
    }
    println!("{summary}");
    Ok(())
}

fn main() -> ExitCode {
    match run(<Cli as clap::Parser>::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(c) => c,
    }
}
