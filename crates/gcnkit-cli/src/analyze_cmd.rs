//! `gcnkit analyze [-a ARCH] [--kernel NAME] [--format text|json|dot|svg|html] [-o OUT] INPUT`: the
//! control-flow graph, live registers, pressure, resources, occupancy and instruction mix of
//! each kernel of a code object (or of assembly text), from the `gcnkit-analyze` crate.
//! INPUT: a code object (ELF); or assembly text: its kernels when it defines them
//! (`.amdhsa_kernel`, `.amd_kernel_code_t`: assembled to an object first), else the whole
//! text as one program starting at its first instruction.

use crate::io::{read_input, Output};
use clap::ValueEnum;
use gcnkit::Arch;
use gcnkit_analyze::{analyze, report};
use std::io::Write;
use std::process::ExitCode;

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum FormatArg {
    /// A summary per kernel.
    Text,
    /// One JSON object per kernel, one per line (docs/json.md, *analyze*).
    Json,
    /// The control-flow graphs for Graphviz (one digraph per kernel).
    Dot,
    /// The control-flow graph as a picture, each block with its code (one kernel: --kernel
    /// picks it when there are several).
    Svg,
    /// A page for a browser: per kernel the summary, the register pressure along the code and
    /// the control-flow graph.
    Html,
}

#[derive(clap::Args)]
pub struct Args {
    /// GPU of assembly text (a code object names its own; a different one is a usage error).
    #[arg(short, long, value_parser = crate::parse_arch_named)]
    arch: Option<(Arch, String)>,
    /// Only this kernel.
    #[arg(long)]
    kernel: Option<String>,
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
    /// Work-group size for occupancy (default: the kernel's required size, else its maximum
    /// flat size, else 256).
    #[arg(long, value_name = "N")]
    workgroup_size: Option<u32>,
    /// A profile of a run (`gcnkit run --profile FILE`, a file of `gcnkit exec --profile DIR`):
    /// its counts on the graph — hot blocks, lane utilisation, waits — and the blocks coloured
    /// by heat in svg/html. Kernels it has no profile for are analysed without.
    #[arg(long, value_name = "RUN.json")]
    profile: Option<String>,
    /// Output file (written atomically); stdout if absent.
    #[arg(short, long)]
    output: Option<String>,
    /// A code object or assembly text (`-` for stdin).
    input: String,
}

fn fail(m: impl std::fmt::Display) -> ExitCode {
    errln!("{m}");
    ExitCode::from(1)
}

pub fn run(a: Args) -> ExitCode {
    let (name, bytes) = match read_input(Some(&a.input)) {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    if a.workgroup_size == Some(0) || a.workgroup_size.is_some_and(|n| n > 1024) {
        errln!("error: --workgroup-size must be 1-1024");
        return ExitCode::from(2);
    }
    let programs = match crate::inputs::kernels(&name, &bytes, a.arch.as_ref()) {
        Ok(p) => p,
        Err(crate::inputs::InputError::Usage(e)) => {
            errln!("{e}");
            return ExitCode::from(2);
        }
        Err(crate::inputs::InputError::Bad(e)) => return fail(e),
    };
    let programs: Vec<_> = match &a.kernel {
        Some(k) => {
            let found: Vec<_> = programs.iter().filter(|p| &p.name == k).cloned().collect();
            if found.is_empty() {
                // A usage error, as `run` has it (exit 2).
                let names: Vec<&str> = programs.iter().map(|p| p.name.as_str()).collect();
                errln!("{name}: error: no kernel '{k}' (kernels: {})", names.join(", "));
                return ExitCode::from(2);
            }
            found
        }
        None => programs,
    };
    if let Some(p) = programs.iter().find(|p| p.insts.is_empty()) {
        return fail(format!(
            "{name}: error: kernel {}: no code ({})",
            p.name,
            p.problems.join("; ")
        ));
    }
    if a.format == FormatArg::Svg && programs.len() > 1 {
        let names: Vec<&str> = programs.iter().map(|p| p.name.as_str()).collect();
        errln!(
            "{name}: error: --format svg draws one kernel; this input has {} ({}): pick one with --kernel, or use --format html",
            programs.len(),
            names.join(", ")
        );
        return ExitCode::from(2);
    }
    let profiles = match &a.profile {
        Some(path) => match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| gcnkit_analyze::profile::read(&t))
        {
            Ok(p) => gcnkit_analyze::profile::merge(p),
            Err(e) => return fail(format!("{path}: error: {e}")),
        },
        None => Vec::new(),
    };
    let mut analyses = Vec::new();
    for p in &programs {
        let an = analyze(p, a.workgroup_size);
        let an = match gcnkit_analyze::profile::find(&profiles, &an) {
            Some(pr) => match an.with_profile(pr) {
                Ok(x) => x,
                Err(e) => return fail(format!("{}: error: {e}", a.profile.as_deref().unwrap_or(""))),
            },
            None => an,
        };
        analyses.push(an);
    }
    if let Some(path) = &a.profile {
        if !analyses.iter().any(|x| x.profile.is_some()) {
            let have: Vec<&str> = profiles.iter().map(|p| p.kernel.as_str()).collect();
            return fail(format!(
                "{path}: error: no profile of the kernels analysed (it has: {})",
                have.join(", ")
            ));
        }
    }
    // The pictures are made before the output file is opened: a failure leaves no file.
    let mut text = String::new();
    let pictures = match a.format {
        FormatArg::Svg => analyses.first().map(report::to_svg),
        FormatArg::Html => Some(report::to_html(&analyses)),
        _ => None,
    };
    match pictures {
        Some(Ok(t)) => text = t,
        Some(Err(e)) => return fail(format!("{name}: error: {e}")),
        None => {}
    }
    let mut out = match Output::open(a.output.as_deref()) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    for (n, an) in analyses.iter().enumerate() {
        if matches!(a.format, FormatArg::Svg | FormatArg::Html) {
            break;
        }
        match a.format {
            FormatArg::Text => {
                if n > 0 {
                    text.push('\n');
                }
                text.push_str(&report::to_text(an));
            }
            FormatArg::Json => {
                text.push_str(&report::to_json(an).to_string());
                text.push('\n');
            }
            FormatArg::Dot => text.push_str(&report::to_dot(an)),
            FormatArg::Svg | FormatArg::Html => {}
        }
    }
    if let Err(e) = out.write_all(text.as_bytes()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            crate::io::closed_pipe();
        }
        out.abandon();
        return fail(format!("error: {e}"));
    }
    out.finish()
}
