//! Writes the benchmark stream of `benches/disasm.rs` (random GCN 1.2 VOP2/VOPC/VOP3
//! instructions, fixed seed; see `benches/stream/mod.rs`) as assembler source, one
//! instruction per line, in the CLRX or the LLVM dialect: the input of `benches/asm.rs` and
//! `scripts/bench-asm.sh`. With `--kernels MCPU`, the real mixed stream instead (see below).
//!
//!     cargo run --release -p gcnkit --example gen_source -- OUT.s clrx|llvm [N]
//!     cargo run --release -p gcnkit --example gen_source -- --kernels fiji [--mem data|drop] OUT.s clrx|llvm [N]
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
//!
//! `--kernels MCPU` (tahiti, bonaire, fiji, gfx900): the stream of `gen_stream --kernels
//! MCPU` (the clang-14 kernels of `tests/data/kernels/`, whole kernels repeated until at
//! least N instructions; `benches/stream/kernels.rs`) as source:
//! - `llvm`: clang's own lines of each kernel body, labels renamed per copy (`.LBB0_2_f3c17`);
//! - `clrx`: gcnkit's CLRX-dialect disassembly of the stream's words (what `gcnkit disasm`
//!   prints: `.L<offset>_0` label lines, unique in the stream).
//!
//! The classes gcnkit's assembler does not take yet (DS, MUBUF, FLAT/GLOBAL..., SDWA) follow
//! `--mem`: `data` (default) writes their words as a data line (`.long 0x..., 0x...` in the
//! LLVM text, gcnkit's `.int` line in the CLRX text), so the source assembles to exactly the
//! stream's words; `drop` leaves them out (branch distances change with it, labels keep the
//! source consistent). An LLVM line of another class that gcnkit does not assemble to its
//! words alone (branches are not checked alone: they name labels) becomes a data line too,
//! counted as `rejected` (printed to stderr with `GEN_SOURCE_DEBUG`).
//!
//! Kernels mode prints `instructions lines instruction_lines data_lines dropped rejected`.

use std::io::Write as _;
use std::process::ExitCode;

use gcnkit::asm::{assemble_one, Dialect};
use gcnkit::syntax::{print, Syntax};
use gcnkit::Arch;

#[path = "../benches/stream/mod.rs"]
mod stream;

use stream::kernels::{self, Mem};

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

/// Counts of a kernels-mode source.
#[derive(Default)]
struct KStats {
    instructions: usize,
    lines: usize,
    instr_lines: usize,
    data_lines: usize,
    dropped: usize,
    rejected: usize,
}

/// The real stream (`kernels`) as source in `syntax`.
fn kernels_source(
    ks: &[kernels::Kernel],
    plan: &[(usize, usize)],
    arch: Arch,
    syntax: Syntax,
    mem: Mem,
) -> (String, KStats) {
    let mut st = KStats::default();
    let mut out = String::with_capacity(plan.len() * 64 * 40);
    match syntax {
        Syntax::Llvm => {
            // Which lines of each kernel gcnkit assembles alone to their words (checked once
            // per kernel: copies are the same text but for label names).
            let ok: Vec<Vec<bool>> = ks
                .iter()
                .map(|k| {
                    k.instrs
                        .iter()
                        .map(|i| {
                            if kernels::is_data_class(&i.class) || i.branch {
                                return true;
                            }
                            let r = assemble_one(arch, Dialect::Llvm, &i.text);
                            let good = matches!(&r, Ok(w) if *w == i.words);
                            if !good && std::env::var_os("GEN_SOURCE_DEBUG").is_some() {
                                match r {
                                    Ok(w) => eprintln!("MISMATCH {} :: {:08x?} vs {:08x?}", i.text, w, i.words),
                                    Err(d) => eprintln!(
                                        "ERROR {} :: {}",
                                        i.text,
                                        d.first().map(|d| d.message.as_str()).unwrap_or("")
                                    ),
                                }
                            }
                            good
                        })
                        .collect()
                })
                .collect();
            for &(k, copy) in plan {
                let kern = &ks[k];
                for line in &kern.lines {
                    match line {
                        kernels::Line::Label(l) => {
                            kernels::rename(&mut out, l, kern.file, copy);
                            out.push_str(":\n");
                            st.lines += 1;
                        }
                        kernels::Line::Instr(ix) => {
                            let i = &kern.instrs[*ix];
                            st.instructions += 1;
                            if !ok[k][*ix] {
                                st.rejected += 1;
                                kernels::data_line(&mut out, &i.words);
                                st.data_lines += 1;
                            } else if kernels::is_data_class(&i.class) {
                                if mem == Mem::Drop {
                                    st.dropped += 1;
                                    continue;
                                }
                                kernels::data_line(&mut out, &i.words);
                                st.data_lines += 1;
                            } else {
                                kernels::rename_labels(&mut out, &i.text, kern.file, copy);
                                st.instr_lines += 1;
                            }
                            out.push('\n');
                            st.lines += 1;
                        }
                    }
                }
            }
        }
        Syntax::Clrx => {
            // gcnkit's disassembly, as `disasm::disassemble` prints it (label lines at branch
            // targets), instruction by instruction so that data classes can be dropped.
            let words = kernels::words(ks, plan);
            let labels = gcnkit::syntax::Labels::of(arch, &words, 0);
            let mut pos = 0;
            for i in kernels::instrs(ks, plan) {
                let offset = pos * 4;
                let d = gcnkit::decode::decode(arch, &words[pos..]).expect("kernel words decode");
                assert_eq!(d.len as usize, i.words.len(), "instruction length at {offset:#x}");
                pos += i.words.len();
                st.instructions += 1;
                if labels.has(offset as i64) {
                    gcnkit::syntax::label_name(&mut out, offset as i64);
                    out.push_str(":\n");
                    st.lines += 1;
                }
                if kernels::is_data_class(&i.class) && mem == Mem::Drop {
                    st.dropped += 1;
                    continue;
                }
                let at = gcnkit::syntax::At {
                    offset,
                    labels: Some(&labels),
                };
                let start = out.len();
                gcnkit::syntax::print_at(&mut out, &d, Syntax::Clrx, &at);
                if out[start..].starts_with(".int") || out[start..].starts_with(".long") {
                    st.data_lines += 1;
                } else {
                    st.instr_lines += 1;
                }
                out.push('\n');
                st.lines += 1;
            }
        }
    }
    (out, st)
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
    /// The real stream: the clang-14 kernels compiled for this MCPU (tahiti, bonaire, fiji, gfx900).
    #[arg(long, value_name = "MCPU")]
    kernels: Option<String>,
    /// The kernels corpus directory (default: this crate's tests/data/kernels).
    #[arg(long, value_name = "DIR")]
    kernels_dir: Option<std::path::PathBuf>,
    /// Kernels: the classes gcnkit does not assemble yet (memory, SDWA) as data lines or dropped.
    #[arg(long, value_parser = ["data", "drop"], default_value = "data")]
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
        let mem = if cli.mem == "drop" { Mem::Drop } else { Mem::Data };
        let plan = kernels::plan(&ks, n);
        let (text, st) = kernels_source(&ks, &plan, arch, syntax, mem);
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
    let (text, written, long, mismatch) = source(n, syntax);
    let r = std::fs::File::create(&args[0]).and_then(|mut f| f.write_all(text.as_bytes()));
    if let Err(e) = r {
        eprintln!("gen_source: {}: {e}", args[0]);
        return ExitCode::from(1);
    }
    println!("{n} {written} {long} {mismatch}");
    ExitCode::SUCCESS
}
