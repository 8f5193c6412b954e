//! The emulator: executes vector-ALU instructions (VOP1, VOP2, VOPC, their VOP3, SDWA and DPP
//! forms, GCN 1.4's VOP3P) on a 64-lane wavefront, bit-exactly as the ISA's *Operation*
//! sections say (and, where they are silent, as docs/emulator.md says). S_ENDPGM ends a program; the rest of the scalar unit,
//! memory and whole kernels come later.
//!
//! Split of the work: [`exec`] reads the operands of an instruction through the operand space
//! (registers, inline constants typed by the instruction, the literal), applies the input
//! modifiers (ABS then NEG) and MODE's denormal flushing, calls the row's semantics function on
//! all 64 lanes at once ([`Lanes`]), applies OMOD then CLAMP to float results, and writes the
//! results under EXEC. The semantics functions (`ops_*.rs`) only compute.

pub mod device;
pub mod dispatch;
pub mod exec;
pub mod fast;
pub mod fastmem;
pub mod float;
pub mod gpus;
pub mod kernel;
pub mod lanes;
pub mod memory;
pub mod ops;
pub mod round;
pub mod salu;
pub mod scalar;
pub mod state;
pub mod vmem;
pub mod wave;

pub use exec::{ends_program, step, EmuError, Machine};
pub use lanes::{Lanes, N};
pub use salu::Salu;
pub use wave::{Wave, MODE_RESET};

/// Assembles a program text and runs it on one wave from a state document (JSON, the
/// contract's shape; `None`: the reset state). `arch`: the GPU, or `None` for the program's
/// own target directive (else GCN 1.2). Returns the final state document, or the assembly
/// diagnostics / the emulation error as text. The Python package's `run`.
pub fn run_text(
    arch: Option<crate::Arch>,
    dialect: crate::asm::Dialect,
    program: &str,
    state_json: Option<&str>,
) -> Result<serde_json::Value, String> {
    let mut asm = crate::asm::Assembler::new(arch.unwrap_or(crate::Arch::Gcn12), dialect, "<program>");
    if arch.is_none() {
        asm = asm.arch_is_default();
    }
    for (n, line) in program.lines().enumerate() {
        asm.line(n + 1, line);
    }
    let arch = asm.arch();
    let (items, diags) = asm.finish();
    if diags.iter().any(|d| d.severity == crate::diag::Severity::Error) {
        return Err(diags.iter().map(|d| d.to_string()).collect());
    }
    let mut wave = Wave::new(arch);
    if let Some(s) = state_json {
        state::load(&mut wave, s).map_err(|e| format!("state: {e}"))?;
    }
    let mut m = Machine::new(wave);
    for it in &items {
        let i = it.instr(arch);
        if ends_program(&i) {
            break;
        }
        m.step(&i).map_err(|e| format!("<program>:{}: {e}", it.line))?;
    }
    Ok(state::dump(&m.wave))
}
