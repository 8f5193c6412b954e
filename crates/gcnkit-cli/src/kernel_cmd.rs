//! `gcnkit run CODE_OBJECT --kernel NAME --grid ... --block ... --arg ... --out N=FILE`: runs a
//! kernel of a code object on the CPU.

use crate::io::Output;
use crate::run_cmd::Args;
use gcnkit::emu::dispatch::kernels;
use gcnkit::emu::kernel::{self, parse_arg, ArgValue, Launch, RunError, TraceFilter};
use gcnkit::emu::monitor::Checker;
use gcnkit_analyze::profile::{Both, Profiler};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

fn usage(m: impl std::fmt::Display) -> ExitCode {
    errln!("error: {m}");
    ExitCode::from(2)
}

pub fn run(a: &Args, bytes: &[u8]) -> ExitCode {
    // A HIP program: the code object of its fat binary for the GPU (`-a`) that holds the
    // kernel (a shared library has one per translation unit).
    if let Some(sel) = crate::hipbin::select(&a.program, bytes, a.arch) {
        let list = match sel {
            Ok(l) => l,
            Err(e) => return usage(e),
        };
        let holds = |b: &[u8]| match &a.kernel {
            Some(k) => kernels(b).is_ok_and(|ks| ks.iter().any(|x| &x.name == k)),
            None => true,
        };
        return match list.iter().find(|e| holds(e.bytes)) {
            Some(e) => run_object(a, e.bytes),
            None if list.len() == 1 => run_object(a, list[0].bytes),
            None => usage(format!(
                "{}: no kernel '{}' in the program's {} code objects for this GPU",
                a.program,
                a.kernel.as_deref().unwrap_or(""),
                list.len()
            )),
        };
    }
    run_object(a, bytes)
}

/// Runs a kernel of one GPU code object.
fn run_object(a: &Args, bytes: &[u8]) -> ExitCode {
    let co = match gcnkit::codeobj::read(bytes) {
        Ok(c) => c,
        Err(e) => {
            errln!("{}: error: {}", a.program, e.0);
            return ExitCode::from(1);
        }
    };
    if let Some(arch) = a.arch {
        if arch != co.arch {
            return usage(format!("-a {arch} conflicts with the code object's {}", co.arch));
        }
    }
    let ks = match kernels(bytes) {
        Ok(k) => k,
        Err(e) => {
            errln!("{}: error: {e}", a.program);
            return ExitCode::from(1);
        }
    };
    let names: Vec<&str> = ks.iter().map(|k| k.name.as_str()).collect();
    let k = match &a.kernel {
        Some(n) => match ks.iter().find(|k| &k.name == n) {
            Some(k) => k,
            None => {
                return usage(format!(
                    "{}: no kernel '{n}' (kernels: {})",
                    a.program,
                    names.join(", ")
                ))
            }
        },
        None if ks.len() == 1 => &ks[0],
        None if ks.is_empty() => return usage(format!("{}: the code object has no kernel", a.program)),
        None => {
            return usage(format!(
                "{}: which kernel? --kernel one of: {}",
                a.program,
                names.join(", ")
            ))
        }
    };
    // The hardware needs 256-byte aligned kernel entries: a re-assembled object that lost its
    // `.p2align` runs here, but would not on a GPU.
    let entry = k.code_addr + k.entry as u64;
    if !entry.is_multiple_of(256) {
        errln!(
            "{}: warning: kernel {} starts at 0x{entry:x}, not on a 256-byte boundary: a GPU needs \
             256-byte aligned kernel entries (was the object assembled without its `.p2align 8`?)",
            a.program,
            k.name
        );
    }
    let Some(block) = a.block else {
        return usage("a kernel run needs --block (and --grid or --blocks)");
    };
    let grid = match (a.grid, a.blocks) {
        (Some(g), _) => g,
        (None, Some(n)) => {
            let mut g = [0u32; 3];
            for d in 0..3 {
                match n[d].checked_mul(block[d]) {
                    Some(v) => g[d] = v,
                    None => {
                        return usage(format!(
                            "--blocks × --block: {} × {} work-items do not fit 32 bits",
                            n[d], block[d]
                        ))
                    }
                }
            }
            g
        }
        (None, None) => return usage("a kernel run needs --grid (work-items) or --blocks (work-groups)"),
    };
    let per_group: u64 = block.iter().map(|&b| b as u64).product();
    if per_group > 1024 {
        return usage(format!(
            "--block {block:?}: {per_group} work-items in a work-group, more than 1024 (the most a GCN GPU takes)"
        ));
    }
    if let Some(max) = k.max_block.filter(|&m| per_group > m as u64) {
        return usage(format!(
            "--block {}: {per_group} work-items in a work-group, more than the kernel's max_flat_workgroup_size ({max})",
            dims(block)
        ));
    }
    if a.threads == Some(0) {
        return usage("--threads 0: at least one worker thread is needed");
    }
    // OpenCL's rule: the last work-group of a dimension may be partial. HIP users count
    // blocks: say so once.
    if let Some(d) = (0..3).find(|&d| grid[d] % block[d] != 0) {
        errln!(
            "{}: note: --grid {} is not a multiple of --block {} in dimension {d}: the last work-group has {} work-items \
             (OpenCL's rule; --blocks N gives N whole work-groups, as HIP counts them)",
            a.program,
            grid[d],
            block[d],
            grid[d] % block[d]
        );
    }
    let mut args = Vec::new();
    let explicit: Vec<&gcnkit::emu::dispatch::ArgInfo> = k.args.iter().filter(|x| x.explicit()).collect();
    for (n, spec) in a.args.iter().enumerate() {
        if let Some(e) = explicit.get(n).and_then(|info| arg_type_mismatch(spec, info)) {
            return usage(format!("--arg {spec}: argument {n} ({}) {e}", info_name(explicit[n])));
        }
    }
    for spec in &a.args {
        let image_file = spec
            .strip_prefix("image:")
            .and_then(|v| gcnkit::emu::image::HostImage::parse(v).ok())
            .and_then(|(img, file)| file.map(|f| (img, f)));
        let v = if let Some(path) = spec.strip_prefix("file:") {
            match std::fs::read(path) {
                Ok(b) => ArgValue::Buffer(b),
                Err(e) => return usage(format!("--arg {spec}: {e}")),
            }
        } else if let Some((img, path)) = image_file {
            match std::fs::read(path) {
                Ok(b) if b.len() == img.bytes() => ArgValue::Image(img, b),
                Ok(b) => {
                    return usage(format!(
                        "--arg {spec}: {path} holds {} bytes; the image takes {}",
                        b.len(),
                        img.bytes()
                    ))
                }
                Err(e) => return usage(format!("--arg {spec}: {e}")),
            }
        } else {
            match parse_arg(spec) {
                Ok(v) => v,
                Err(e) => return usage(format!("--arg {e}")),
            }
        };
        args.push(v);
    }
    let mut outs = Vec::new();
    for o in &a.outs {
        let Some((n, path)) = o.split_once('=') else {
            return usage(format!("--out {o}: expected N=FILE"));
        };
        let Ok(n) = n.parse::<usize>() else {
            return usage(format!("--out {o}: '{n}' is not an argument number"));
        };
        match args.get(n) {
            Some(ArgValue::Buffer(_) | ArgValue::Image(..)) => outs.push((n, path.to_string())),
            Some(_) => return usage(format!("--out {o}: argument {n} is not a buffer or image")),
            None => return usage(format!("--out {o}: there is no argument {n}")),
        }
    }
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let checker = match a.check.as_deref().map(gcnkit_check::run::Checks::parse) {
        Some(Ok(c)) => Some(std::sync::Arc::new(gcnkit_check::run::RunChecker::new(c))),
        Some(Err(e)) => return usage(format!("--check: {e}")),
        None => None,
    };
    let profiler = a.profile.as_ref().map(|_| Arc::new(Profiler::new()));
    let launch = Launch {
        grid,
        block,
        args,
        threads,
        budget: a.budget,
        trace: a.trace.then_some(TraceFilter {
            group: a.trace_group,
            wave: a.trace_wave,
            pc: a.trace_pc,
        }),
        // A long run says how far it is, on a terminal only (never into a redirected log).
        progress: (!a.trace && std::io::stderr().is_terminal()).then_some(progress as kernel::Progress),
        checker: monitors(checker.clone(), profiler.clone()),
        resident: a.cooperative,
    };
    let print = |line: &str| errln!("{line}");
    let result = kernel::run(k, &launch, Some(&print));
    // The profile, of a run that faulted too (the counts up to the fault).
    if let Err(code) = write_profile(a, profiler.as_deref()) {
        return code;
    }
    // The findings up to a fault too: what went wrong before it may be why.
    let found = checker.as_ref().map(|c| report_findings(a, &c.findings()));
    let outcome = match result {
        Ok(o) => o,
        Err(RunError::Usage(m)) => return usage(m),
        Err(RunError::Emulation(m)) => {
            errln!("error: {m}");
            return ExitCode::from(1);
        }
    };
    for (n, path) in outs {
        let Some(Some(bytes)) = outcome.buffers.get(n) else {
            continue;
        };
        let mut out = match Output::open(Some(&path)) {
            Ok(o) => o,
            Err(e) => {
                errln!("{e}");
                return ExitCode::from(1);
            }
        };
        if let Err(e) = out.write_all(bytes) {
            out.abandon();
            errln!("error: writing {path}: {e}");
            return ExitCode::from(1);
        }
        if let Err(e) = out.commit() {
            errln!("{e}");
            return ExitCode::from(1);
        }
    }
    if a.stats {
        let s = &outcome.stats;
        let t = s.time.as_secs_f64();
        let util = if s.vector_instructions > 0 {
            100.0 * s.lane_ops as f64 / (64.0 * s.vector_instructions as f64)
        } else {
            0.0
        };
        errln!(
            "kernel {}: {} work-groups, {} waves, {} instructions ({} vector), {} lane-ops, lane utilisation {:.1}%, {:.6} s, {:.3e} lane-ops/s, {} threads",
            k.name,
            s.workgroups,
            s.waves,
            s.instructions,
            s.vector_instructions,
            s.lane_ops,
            util,
            t,
            if t > 0.0 { s.lane_ops as f64 / t } else { 0.0 },
            threads
        );
        let mut by: Vec<(usize, u64)> = s.by_class.iter().copied().enumerate().filter(|(_, n)| *n > 0).collect();
        by.sort_by_key(|x| std::cmp::Reverse(x.1));
        let line: Vec<String> = by
            .iter()
            .map(|(e, n)| {
                let name = gcnkit::Enc::ALL.get(*e).map_or("other", |e| e.name());
                format!("{name} {n}")
            })
            .collect();
        errln!("  by class: {}", line.join(", "));
        // The fidelity report: what is exact, what approximates the hardware's last bits.
        let approx = s.approximate();
        let rows: Vec<String> = s.approx.iter().map(|(n, c)| format!("{n} {c}")).collect();
        errln!(
            "  fidelity: {} exact, {approx} approximate{}",
            s.instructions - approx,
            if rows.is_empty() {
                String::new()
            } else {
                // Image sampling approximates by its coordinate grid, the others by rounding.
                let why = match s.approx.iter().filter(|(n, _)| n.starts_with("image_")).count() {
                    0 => "correctly rounded here, within the GPU's 1 ULP",
                    k if k == s.approx.len() => "sampled on a 1/256-texel grid",
                    _ => "images sampled on a 1/256-texel grid, the others correctly rounded, within the GPU's 1 ULP",
                };
                format!(" ({}: {why})", rows.join(", "))
            }
        );
        if approx > 0 {
            // Where a last-bit difference could change the path (static, an upper bound).
            let words = &k.code[(k.entry / 4) as usize..];
            let an = gcnkit_analyze::analyze(
                &gcnkit_analyze::program::Program::from_words(&k.name, k.arch, words),
                None,
            );
            let reach = gcnkit_analyze::fidelity::approximate_reach(&an);
            let mut sinks: Vec<String> = Vec::new();
            for sink in [
                gcnkit_analyze::fidelity::Sink::Branch,
                gcnkit_analyze::fidelity::Sink::Exec,
                gcnkit_analyze::fidelity::Sink::Address,
            ] {
                let n = reach
                    .iter()
                    .filter(|r| r.sink == sink)
                    .map(|r| r.to)
                    .collect::<std::collections::BTreeSet<_>>()
                    .len();
                if n > 0 {
                    sinks.push(format!("{} ({n} place{})", sink.name(), if n == 1 { "" } else { "s" }));
                }
            }
            errln!(
                "  approximate results may reach: {} (gcnkit analyze lists where)",
                if sinks.is_empty() {
                    "no branch, EXEC or address".to_string()
                } else {
                    sinks.join(", ")
                }
            );
        }
    }
    if found == Some(true) {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// Prints `--check`'s findings (text on stderr, or with `--format json` a JSON array on
/// stdout, as `gcnkit lint` prints its own); whether there were any.
fn report_findings(a: &Args, findings: &[gcnkit_check::Finding]) -> bool {
    if a.format == Some(crate::run_cmd::StateFormat::Json) {
        let v: Vec<serde_json::Value> = findings.iter().map(|f| f.to_json()).collect();
        let mut out = std::io::stdout().lock();
        if writeln!(out, "{}", serde_json::Value::Array(v))
            .and_then(|_| out.flush())
            .is_err()
        {
            crate::io::closed_pipe();
        }
        return !findings.is_empty();
    }
    for f in findings {
        errln!("{}", f.to_text());
    }
    if !findings.is_empty() {
        let errors = findings
            .iter()
            .filter(|f| f.severity == gcnkit_check::Severity::Error)
            .count();
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        errln!(
            "check: {} finding{} ({errors} error{}, {} warning{})",
            findings.len(),
            plural(findings.len()),
            plural(errors),
            findings.len() - errors,
            plural(findings.len() - errors)
        );
    }
    !findings.is_empty()
}

/// An argument's name and source type for messages.
fn info_name(info: &gcnkit::emu::dispatch::ArgInfo) -> String {
    match &info.type_name {
        Some(t) if *t != info.name => format!("{}: {t}", info.name),
        _ => info.name.clone(),
    }
}

/// Why a by-value `--arg` does not fit the kernel's argument of that type (a float for an
/// integer or the other way round), where the metadata names the type.
fn arg_type_mismatch(spec: &str, info: &gcnkit::emu::dispatch::ArgInfo) -> Option<String> {
    let kind = spec.split(':').next().unwrap_or("");
    let t = info.type_name.as_deref()?.trim().trim_start_matches("const ").trim();
    if info.kind != "by_value" || t.contains('*') {
        return None;
    }
    let float_type = matches!(t, "float" | "double" | "half" | "_Float16" | "__fp16");
    let int_type = matches!(
        t,
        "char"
            | "uchar"
            | "short"
            | "ushort"
            | "int"
            | "uint"
            | "long"
            | "ulong"
            | "size_t"
            | "bool"
            | "unsigned char"
            | "unsigned short"
            | "unsigned int"
            | "unsigned long"
            | "signed char"
            | "long long"
            | "unsigned long long"
            | "int8_t"
            | "int16_t"
            | "int32_t"
            | "int64_t"
            | "uint8_t"
            | "uint16_t"
            | "uint32_t"
            | "uint64_t"
    );
    let float_spec = matches!(kind, "f16" | "f32" | "f64");
    let int_spec = matches!(kind, "i8" | "u8" | "i16" | "u16" | "i32" | "u32" | "i64" | "u64");
    if float_spec && int_type {
        Some(format!("is an integer: give it as i32:/u32:/i64:..., not {kind}:"))
    } else if int_spec && float_type {
        Some(format!(
            "is a float: give it as f32:/f64:/f16:, not {kind}: (or hex bits as {}:0x...)",
            if t == "double" { "f64" } else { "f32" }
        ))
    } else {
        None
    }
}

/// `X`, `X,Y` or `X,Y,Z` as the options take them (trailing 1s left out).
fn dims(d: [u32; 3]) -> String {
    let n = if d[2] != 1 {
        3
    } else if d[1] != 1 {
        2
    } else {
        1
    };
    d[..n].iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

/// One line on the terminal, rewritten in place: work-groups done of all, their rate; cleared
/// when the run ends.
fn progress(done: usize, total: usize, elapsed: std::time::Duration) {
    if done >= total {
        err!("\r\x1b[K");
        return;
    }
    let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
    let left = (total - done) as f64 / rate.max(1e-9);
    err!(
        "\r\x1b[Kgcnkit: {done}/{total} work-groups ({:.0}%), {rate:.0}/s, about {left:.0} s left",
        100.0 * done as f64 / total as f64
    );
}

/// The checker of a run: `--check`'s, `--profile`'s, or both told of everything.
pub(crate) fn monitors(
    check: Option<Arc<gcnkit_check::run::RunChecker>>,
    profile: Option<Arc<Profiler>>,
) -> Option<Arc<dyn Checker>> {
    match (check, profile) {
        (Some(c), Some(p)) => Some(Arc::new(Both(c, p))),
        (Some(c), None) => Some(c),
        (None, Some(p)) => Some(p),
        (None, None) => None,
    }
}

/// Writes `--profile`'s file (atomically): the launch's profile, one JSON record.
pub(crate) fn write_profile(a: &Args, p: Option<&Profiler>) -> Result<(), ExitCode> {
    let (Some(path), Some(p)) = (&a.profile, p) else {
        return Ok(());
    };
    let all = gcnkit_analyze::profile::merge(p.take());
    let mut text = String::new();
    for x in &all {
        text.push_str(&x.to_json().to_string());
        text.push('\n');
    }
    let mut out = Output::open(Some(path)).map_err(|e| {
        errln!("{e}");
        ExitCode::from(1)
    })?;
    if let Err(e) = out.write_all(text.as_bytes()) {
        out.abandon();
        errln!("error: writing {path}: {e}");
        return Err(ExitCode::from(1));
    }
    out.commit().map_err(|e| {
        errln!("{e}");
        ExitCode::from(1)
    })
}
