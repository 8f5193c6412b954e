//! `gcnkit`: the command-line face of the library (DESIGN.md's contract).

#[macro_use]
mod io;
mod analyze_cmd;
mod asm_cmd;
mod disasm_cmd;
mod exec_cmd;
mod explain_cmd;
mod hipbin;
mod inputs;
mod kernel_cmd;
mod lint_cmd;
mod mapped;
mod run_cmd;

use clap::{Parser, Subcommand};
use gcnkit::Arch;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "gcnkit",
    version,
    about = "AMD GCN (GCN 1.0-1.4) toolkit: assembler and disassembler for the CLRX and LLVM dialects, JSON, a kernel machine that runs compiled kernels and HIP programs on the CPU, analysis, lint"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

// `defer`: only the subcommand that runs has its arguments built (the start of a run is
// most of the cost of disassembling a short kernel).
#[derive(Subcommand)]
#[command(defer = true)]
enum Cmd {
    /// Assemble CLRX or LLVM text (or both) into machine words.
    Asm(asm_cmd::Args),
    /// Disassemble machine words into CLRX or LLVM text, or JSON Lines.
    Disasm(disasm_cmd::Args),
    /// Run a kernel of a code object (or HIP program) over a grid, or a text program on one wave.
    Run(run_cmd::Args),
    /// Show what the ISA table knows about an instruction.
    Explain(explain_cmd::Args),
    /// Run a HIP program with gcnkit's HIP runtime: its kernels run on the kernel machine.
    Exec(exec_cmd::Args),
    /// Control-flow graph, live registers, occupancy and instruction mix of kernels.
    Analyze(analyze_cmd::Args),
    /// Static checks of kernels: s_waitcnt along every path, the manuals' wait-state hazards.
    Lint(lint_cmd::Args),
}

/// Parses `-a/--arch` values: canonical names, LLVM processors, CLRX devices.
pub fn parse_arch(s: &str) -> Result<Arch, String> {
    Arch::parse(s).ok_or_else(|| format!("unknown arch '{s}'; accepted: {}", Arch::accepted_names()))
}

/// An arch name kept with the name as given (`gfx906`): code objects need the processor.
pub fn parse_arch_named(s: &str) -> Result<(Arch, String), String> {
    parse_arch(s).map(|a| (a, s.trim().to_ascii_lowercase()))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.cmd {
        Cmd::Asm(a) => asm_cmd::run(a),
        Cmd::Disasm(a) => disasm_cmd::run(a),
        Cmd::Run(a) => run_cmd::run(a),
        Cmd::Explain(a) => explain_cmd::run(a),
        Cmd::Exec(a) => exec_cmd::run(a),
        Cmd::Analyze(a) => analyze_cmd::run(a),
        Cmd::Lint(a) => lint_cmd::run(a),
    }
}
