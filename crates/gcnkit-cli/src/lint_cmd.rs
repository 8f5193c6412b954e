//! `gcnkit lint [-a ARCH] [--format text|json] [--kernel NAME] FILE`: the static waitcnt and
//! hazard checks of the `gcnkit-check` crate on every kernel of FILE — a code object, a HIP
//! program (the code objects of its fat binary for the GPU of `-a`), assembly text (its
//! kernels, or the whole text as one program) or raw machine code (little-endian words, with
//! `-a`). Findings go to stdout, one line each (`FILE: error: [waitcnt] kernel K, pc 0x1c:
//! ...`) or as one JSON array; exit status 1 when there is any, 0 when none, 2 on usage and
//! input errors.

use crate::io::read_input;
use clap::ValueEnum;
use gcnkit::Arch;
use gcnkit_analyze::program::Program;
use gcnkit_check::{lint, Finding};
use std::io::Write;
use std::process::ExitCode;

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum FormatArg {
    /// One line per finding, as a compiler prints diagnostics.
    Text,
    /// One JSON array of findings (docs/check.md).
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// GPU of assembly text or raw code, or the one to pick of a HIP program (a code object
    /// names its own; a different one is a usage error).
    #[arg(short, long, value_parser = crate::parse_arch_named)]
    arch: Option<(Arch, String)>,
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
    /// Only this kernel.
    #[arg(long)]
    kernel: Option<String>,
    /// A code object, HIP program, assembly text or raw machine code (`-` or none: stdin).
    input: Option<String>,
}

fn input_error(m: impl std::fmt::Display) -> ExitCode {
    errln!("{m}");
    ExitCode::from(2)
}

pub fn run(a: Args) -> ExitCode {
    let (name, bytes) = match read_input(a.input.as_deref()) {
        Ok(x) => x,
        Err(e) => return input_error(e),
    };
    let programs = match crate::inputs::kernels(&name, &bytes, a.arch.as_ref()) {
        Ok(p) => p,
        Err(crate::inputs::InputError::Usage(e) | crate::inputs::InputError::Bad(e)) => return input_error(e),
    };
    let programs: Vec<Program> = match &a.kernel {
        Some(k) => {
            let found: Vec<Program> = programs.iter().filter(|p| &p.name == k).cloned().collect();
            if found.is_empty() {
                let names: Vec<&str> = programs.iter().map(|p| p.name.as_str()).collect();
                return input_error(format!(
                    "{name}: error: no kernel '{k}' (kernels: {})",
                    names.join(", ")
                ));
            }
            found
        }
        None => programs,
    };
    if let Some(p) = programs.iter().find(|p| p.insts.is_empty()) {
        return input_error(format!(
            "{name}: error: kernel {}: no code ({})",
            p.name,
            p.problems.join("; ")
        ));
    }
    let mut findings: Vec<Finding> = Vec::new();
    for p in &programs {
        findings.extend(lint(p));
    }
    // A HIP program's code objects may hold the same kernel twice: one finding, counted.
    let findings = gcnkit_check::merge(findings);
    let mut text = String::new();
    match a.format {
        FormatArg::Text => {
            for f in &findings {
                text.push_str(&format!("{name}: {}\n", f.to_text()));
            }
        }
        FormatArg::Json => {
            let v: Vec<serde_json::Value> = findings
                .iter()
                .map(|f| {
                    let mut j = f.to_json();
                    j["file"] = serde_json::Value::String(name.clone());
                    j
                })
                .collect();
            text.push_str(&serde_json::Value::Array(v).to_string());
            text.push('\n');
        }
    }
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            crate::io::closed_pipe();
        }
        return input_error(format!("error: {e}"));
    }
    if a.format == FormatArg::Text && !findings.is_empty() {
        let errors = findings
            .iter()
            .filter(|f| f.severity == gcnkit_check::Severity::Error)
            .count();
        errln!(
            "{name}: {} finding{} ({errors} error{}, {} warning{}) in {} kernel{}",
            findings.len(),
            if findings.len() == 1 { "" } else { "s" },
            if errors == 1 { "" } else { "s" },
            findings.len() - errors,
            if findings.len() - errors == 1 { "" } else { "s" },
            programs.len(),
            if programs.len() == 1 { "" } else { "s" }
        );
    }
    ExitCode::from(if findings.is_empty() { 0 } else { 1 })
}
