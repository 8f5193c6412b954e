//! Assembling small programs and linting them.

#![allow(dead_code)]

use gcnkit::asm::{assemble, Dialect};
use gcnkit::diag::Severity;
use gcnkit::Arch;
use gcnkit_analyze::program::Program;
use gcnkit_check::Finding;

pub const ARCHS: [Arch; 4] = [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14];

/// The program of LLVM-dialect text `src` on `arch` (panics on assembler errors).
pub fn program(arch: Arch, src: &str) -> Program {
    let (items, diags) = assemble(arch, Dialect::Llvm, "t.s", src);
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect();
    assert!(errors.is_empty(), "{}:\n{}\n{src}", arch.name(), errors.join("\n"));
    let mut words = Vec::new();
    for it in &items {
        let at = it.offset as usize / 4;
        words.resize(at, 0);
        words.extend_from_slice(it.words());
    }
    Program::from_words("t", arch, &words)
}

pub fn lint(arch: Arch, src: &str) -> Vec<Finding> {
    gcnkit_check::lint(&program(arch, src))
}

/// (rule, pc, other pc) of each finding.
pub fn brief(f: &[Finding]) -> Vec<(String, u32, Option<u32>)> {
    f.iter().map(|f| (f.rule.clone(), f.pc, f.other_pc)).collect()
}
