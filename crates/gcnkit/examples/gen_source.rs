//! Writes the benchmark stream of `benches/disasm.rs` (random GCN 1.2 instructions of every
//! table row, vector and scalar, fixed seed; see `benches/stream/mod.rs`) as assembler source, one
//! instruction per line, in the CLRX or the LLVM dialect: the input of `benches/asm.rs` and
//! `scripts/bench-asm.sh`. With `--kernels MCPU`, the real mixed stream instead (see below).
//!
//!     cargo run --release -p gcnkit --example gen_source -- OUT.s clrx|llvm [N]
//!     cargo run --release -p gcnkit --example gen_source -- --kernels fiji [--mem instr|data|drop] OUT.s clrx|llvm [N]
//!
//! N (default 500000) is the number of stream instructions drawn. A line is written only if
//! gcnkit assembles its text, in that dialect (CLRX text: and in the auto dialect), back to
//! the instruction's words without any diagnostic: this drops the deliberately odd words of
//! the stream (two scalar reads...) and, for `llvm`, every instruction LLVM can only print as
//! `.long 0x...`. So the file has at most N lines (the count is printed).
//! `scripts/bench-asm.sh` additionally drops the lines llvm-mc rejects from the LLVM text.
//!
//! Prints `drawn written dropped_long dropped_mismatch words` to stdout (`words`: what the
//! written lines assemble to; a CLRX `.int` data line holds several).
//! With `GEN_SOURCE_DEBUG` set, each dropped non-`.long` line is printed to stderr with
//! gcnkit's first error or the words it assembled to.
//!
//! `--kernels MCPU` (tahiti, bonaire, fiji, gfx900): the stream of `gen_stream --kernels
//! MCPU` (the clang-14 kernels of `tests/data/kernels/`, whole kernels repeated until at
//! least N instructions; `benches/stream/kernels.rs`) as source:
//! - `llvm`: clang's own lines of each kernel body, labels renamed per copy (`.LBB0_2_f3c17`);
//! - `clrx`: gcnkit's CLRX-dialect disassembly of the stream's words (what `gcnkit disasm`
//!   prints: `.L<offset>_0` label lines, unique in the stream).
//!
//! The memory classes (DS, MUBUF, FLAT/GLOBAL..., SDWA: the ones gcnkit's assembler took
//! last) follow `--mem`: `instr` (default) writes them as instructions like every other class
//! (clang's lines, gcnkit's CLRX disassembly); `data` writes their words as a data line
//! (`.long 0x..., 0x...` in the LLVM text, `.int 0x..., 0x...` in the CLRX text); both
//! assemble to exactly the stream's words; `drop` leaves them out (branch distances change
//! with it, labels keep the source consistent). An LLVM line that gcnkit does not assemble to
//! its words alone (branches are not checked alone: they name labels) becomes a data line,
//! counted as `rejected` (printed to stderr with `GEN_SOURCE_DEBUG`).
//!
//! Kernels mode prints `instructions lines instruction_lines data_lines dropped rejected`.

use std::io::Write as _;
use std::process::ExitCode;

use gcnkit::syntax::Syntax;
use gcnkit::Arch;

#[path = "../benches/stream/mod.rs"]
mod stream;

use stream::kernels::{self, Mem};

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
    /// The real stream: the clang-14 kernels compiled for this MCPU (tahiti, bonaire, fiji, gfx900).
    #[arg(long, value_name = "MCPU")]
    kernels: Option<String>,
    /// The kernels corpus directory (default: this crate's tests/data/kernels).
    #[arg(long, value_name = "DIR")]
    kernels_dir: Option<std::path::PathBuf>,
    /// Kernels: the memory classes (DS, MUBUF, FLAT, SDWA...) as instructions, data lines or dropped.
    #[arg(long, value_parser = ["instr", "data", "drop"], default_value = "instr")]
    mem: String,
}

fn main() -> ExitCode {
    let cli = <Cli as clap::Parser>::parse();
    let syntax = if cli.dialect == "llvm" {
        Syntax::Llvm
    } else {
        Syntax::Clrx
    };
    let n = cli.n.map_or(stream::N, |n| n as usize);
    if let Some(mcpu) = &cli.kernels {
        let dir = cli.kernels_dir.clone().unwrap_or_else(kernels::default_dir);
        let (ks, arch) = match (kernels::load(&dir, mcpu), kernels::arch_of(mcpu)) {
            (Ok(ks), Some(arch)) => (ks, arch),
            (Err(e), _) => {
                eprintln!("gen_source: {e}");
                return ExitCode::from(1);
            }
            (_, None) => {
                eprintln!("gen_source: unknown MCPU {mcpu:?} (tahiti, bonaire, fiji, gfx900)");
                return ExitCode::from(1);
            }
        };
        let mem = match cli.mem.as_str() {
            "drop" => Mem::Drop,
            "data" => Mem::Data,
            _ => Mem::Instr,
        };
        let plan = kernels::plan(&ks, n);
        let debug = std::env::var_os("GEN_SOURCE_DEBUG").is_some();
        let (text, st) = kernels::source(&ks, &plan, arch, syntax, mem, debug);
        let r = std::fs::File::create(&cli.out).and_then(|mut f| f.write_all(text.as_bytes()));
        if let Err(e) = r {
            eprintln!("gen_source: {}: {e}", cli.out);
            return ExitCode::from(1);
        }
        println!(
            "{} {} {} {} {} {}",
            st.instructions, st.lines, st.instr_lines, st.data_lines, st.dropped, st.rejected
        );
        return ExitCode::SUCCESS;
    }
    let args = [cli.out];
    let instrs = stream::instrs(Arch::Gcn12, n, stream::SEED);
    let debug = std::env::var_os("GEN_SOURCE_DEBUG").is_some();
    let stream::Source {
        text,
        lines: written,
        long,
        odd: mismatch,
        words,
    } = stream::source(&instrs, Arch::Gcn12, syntax, debug);
    let words = words.len();
    let r = std::fs::File::create(&args[0]).and_then(|mut f| f.write_all(text.as_bytes()));
    if let Err(e) = r {
        eprintln!("gen_source: {}: {e}", args[0]);
        return ExitCode::from(1);
    }
    println!("{n} {written} {long} {mismatch} {words}");
    ExitCode::SUCCESS
}
