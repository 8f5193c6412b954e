//! `gcnkit exec [-a GPU] [--devices N] [--stats] [--trace FILTER] -- PROGRAM [ARGS...]`: runs a HIP program with gcnkit's HIP runtime
//! (crate `gcnkit-hip`) in place of ROCm's `libamdhip64.so.5`, so that its kernels run on the
//! kernel machine (docs/hip.md).
//!
//! How: a private temporary directory holds links named `libamdhip64.so.5` and
//! `libamdhip64.so` to the runtime
//! (`libgcnkit_hip.so`, built next to this binary; `GCNKIT_HIP_LIB` names another) and goes
//! first on `LD_LIBRARY_PATH`; `GCNKIT_GPU` tells the runtime which GPU to be and
//! `GCNKIT_DEVICES` how many of them (`--devices`). PROGRAM's exit
//! status is exec's; gcnkit's own errors (no runtime, no such program, a GPU not modelled)
//! exit 2 before PROGRAM starts. The equivalent environment line:
//! `LD_LIBRARY_PATH=DIR_WITH_libamdhip64.so.5 GCNKIT_GPU=gfx906 ./prog`.

use gcnkit::emu::gpus::Gpu;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

#[derive(clap::Args)]
pub struct Args {
    /// The GPU the program sees: gfx906 (default), gfx900, gfx803, gfx802 or gfx701.
    #[arg(short, long, default_value = "gfx906")]
    pub(crate) arch: String,
    /// Devices the program sees: N identical GPUs (1 to 16).
    #[arg(long, default_value_t = 1)]
    pub(crate) devices: u32,
    /// A line on stderr per kernel launch: grid, instructions, waves, time.
    #[arg(long)]
    pub(crate) stats: bool,
    /// Check every launch as a sanitizer would: --check for every check, --check LIST for
    /// some (waitcnt, hazard, memory, race). The findings on stderr when the program ends;
    /// exit status 1 when any was made and the program itself exited 0.
    #[arg(long, value_name = "LIST", num_args = 0..=1, default_missing_value = "all")]
    pub(crate) check: Option<String>,
    /// With --check: also write the findings to FILE as a JSON array (as `gcnkit lint
    /// --format json` prints them).
    #[arg(long, value_name = "FILE", requires = "check")]
    pub(crate) check_json: Option<String>,
    /// Profile every launch into DIR (made if missing): one JSON file per kernel,
    /// DIR/KERNEL.json, its launches added up (docs/json.md, *profile*; `gcnkit analyze
    /// --profile DIR/KERNEL.json` shows it). Every instruction takes the machine's general
    /// path meanwhile (slower; the counts are exact).
    #[arg(long, value_name = "DIR")]
    pub(crate) profile: Option<PathBuf>,
    /// Print the instruction trace of every launch of the kernels whose names match FILTER
    /// (found anywhere in the mangled name: `saxpy` finds `_Z5saxpyfPKfPf`; `*` `?` `[...]`
    /// as in the shell, `*` alone every kernel) on stderr, as `run --trace` prints it.
    #[arg(long, value_name = "FILTER")]
    pub(crate) trace: Option<String>,
    /// With --trace: only this work-group of each traced launch (its id X[,Y[,Z]], from 0).
    #[arg(long, value_parser = gcnkit::emu::kernel::parse_group_id, value_name = "X[,Y[,Z]]", requires = "trace")]
    pub(crate) trace_group: Option<[u32; 3]>,
    /// With --trace: only this wave of each work-group.
    #[arg(long, value_name = "N", requires = "trace")]
    pub(crate) trace_wave: Option<u32>,
    /// With --trace: only instructions at addresses START-END (hex or decimal, END not
    /// included), as the trace prints them.
    #[arg(long, value_parser = gcnkit::emu::kernel::parse_pc_range, value_name = "START-END", requires = "trace")]
    pub(crate) trace_pc: Option<(u64, u64)>,
    /// The program and its arguments (after `--`).
    #[arg(
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "PROGRAM [ARGS]"
    )]
    pub(crate) command: Vec<OsString>,
}

/// The runtime library's file name as cargo builds it.
const LIB: &str = "libgcnkit_hip.so";

/// Where the runtime is: `GCNKIT_HIP_LIB`, else beside this binary (cargo puts both in
/// `target/<profile>/`).
fn find_runtime() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("GCNKIT_HIP_LIB").filter(|p| !p.is_empty()) {
        let p = PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(format!("GCNKIT_HIP_LIB={} is not a file", p.display()))
        };
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot find gcnkit's own path: {e}"))?;
    let dir = exe.parent().unwrap_or(Path::new("."));
    let p = dir.join(LIB);
    if p.is_file() {
        Ok(p)
    } else {
        Err(format!(
            "the HIP runtime {LIB} is not beside {} (build it: cargo build --release, or \
             cargo build -p gcnkit-hip; or set GCNKIT_HIP_LIB)",
            exe.display()
        ))
    }
}

/// A program name as the shell would find it (a path, or a name on PATH).
fn find_program(p: &OsString) -> Option<PathBuf> {
    let path = Path::new(p);
    if path.components().count() > 1 {
        return path.is_file().then(|| path.to_path_buf());
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(path))
        .find(|c| c.is_file())
}

pub fn run(a: Args) -> ExitCode {
    let fail = |m: String| {
        eprintln!("gcnkit exec: {m}");
        ExitCode::from(2)
    };
    let Some(gpu) = Gpu::by_name(&a.arch) else {
        return fail(format!(
            "-a {}: not a GPU the HIP runtime models ({})",
            a.arch,
            Gpu::names()
        ));
    };
    if !(1..=16).contains(&a.devices) {
        return fail(format!("--devices {}: 1 to 16 devices", a.devices));
    }
    if let Some(Err(e)) = a.check.as_deref().map(gcnkit_check::run::Checks::parse) {
        return fail(format!("--check: {e}"));
    }
    let lib = match find_runtime() {
        Ok(l) => l,
        Err(m) => return fail(m),
    };
    let Some(program) = find_program(&a.command[0]) else {
        return fail(format!("{}: no such program", a.command[0].to_string_lossy()));
    };
    // The private directory: `libamdhip64.so.5` → the runtime.
    let dir = match tempfile::Builder::new().prefix("gcnkit-exec-").tempdir() {
        Ok(d) => d,
        Err(e) => return fail(format!("cannot make a temporary directory: {e}")),
    };
    let lib = lib.canonicalize().unwrap_or(lib);
    // Both names: programs that `dlopen("libamdhip64.so")` (HIP's own tests do) must get the
    // runtime they are linked with, not a real library found further down the path.
    for name in ["libamdhip64.so.5", "libamdhip64.so"] {
        if let Err(e) = std::os::unix::fs::symlink(&lib, dir.path().join(name)) {
            return fail(format!("cannot link the runtime into {}: {e}", dir.path().display()));
        }
    }
    let mut path = OsString::from(dir.path());
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH").filter(|p| !p.is_empty()) {
        path.push(":");
        path.push(old);
    }
    let mut cmd = Command::new(&program);
    cmd.args(&a.command[1..])
        .env("LD_LIBRARY_PATH", path)
        .env("GCNKIT_GPU", gpu.processor)
        .env("GCNKIT_DEVICES", a.devices.to_string());
    if a.stats {
        cmd.env("GCNKIT_STATS", "1");
    }
    if let Some(t) = &a.trace {
        if let Err(e) = glob::Pattern::new(t) {
            return fail(format!("--trace {t}: {e}"));
        }
        cmd.env("GCNKIT_TRACE", t);
        if let Some([x, y, z]) = a.trace_group {
            cmd.env("GCNKIT_TRACE_GROUP", format!("{x},{y},{z}"));
        }
        if let Some(w) = a.trace_wave {
            cmd.env("GCNKIT_TRACE_WAVE", w.to_string());
        }
        if let Some((s, e)) = a.trace_pc {
            cmd.env("GCNKIT_TRACE_PC", format!("{s}-{e}"));
        }
    }
    if let Some(p) = &a.profile {
        if let Err(e) = std::fs::create_dir_all(p) {
            return fail(format!("--profile {}: {e}", p.display()));
        }
        // Absolute: the program may change its directory.
        let p = p.canonicalize().unwrap_or_else(|_| p.clone());
        cmd.env("GCNKIT_PROFILE", p);
    }
    let report = dir.path().join("check-report.jsonl");
    if let Some(list) = &a.check {
        cmd.env("GCNKIT_CHECK", list).env("GCNKIT_CHECK_REPORT", &report);
    }
    let status = match cmd.status() {
        Ok(s) => s,
        Err(e) => return fail(format!("cannot run {}: {e}", program.display())),
    };
    let found = match &a.check {
        Some(_) => match print_findings(&report, a.check_json.as_deref()) {
            Ok(n) => n > 0,
            Err(m) => return fail(m),
        },
        None => false,
    };
    drop(dir);
    match status.code() {
        Some(0) if found => ExitCode::from(1),
        Some(c) => ExitCode::from(c as u8),
        None => {
            // Killed by a signal: the shell's convention, 128 + the signal.
            use std::os::unix::process::ExitStatusExt;
            let sig = status.signal().unwrap_or(0);
            eprintln!("gcnkit exec: {} was killed by signal {sig}", program.display());
            ExitCode::from((128 + sig) as u8)
        }
    }
}

/// Reads the runtime's check report (a JSON finding a line, launch after launch), prints the
/// findings merged (each distinct one once, with its count) on stderr, and writes them to
/// `json` when given; how many there were.
fn print_findings(report: &Path, json: Option<&str>) -> Result<usize, String> {
    let text = match std::fs::read_to_string(report) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read the check report: {e}")),
    };
    let findings = gcnkit_check::merge(
        text.lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .filter_map(|v| gcnkit_check::Finding::from_json(&v))
            .collect(),
    );
    for f in &findings {
        eprintln!("{}", f.to_text());
    }
    let errors = findings
        .iter()
        .filter(|f| f.severity == gcnkit_check::Severity::Error)
        .count();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    eprintln!(
        "gcnkit exec: check: {} finding{} ({errors} error{}, {} warning{})",
        findings.len(),
        plural(findings.len()),
        plural(errors),
        findings.len() - errors,
        plural(findings.len() - errors)
    );
    if let Some(path) = json {
        let v: Vec<serde_json::Value> = findings.iter().map(|f| f.to_json()).collect();
        let mut out = crate::io::Output::open(Some(path)).map_err(|e| e.to_string())?;
        let body = format!("{}\n", serde_json::Value::Array(v));
        if let Err(e) = std::io::Write::write_all(&mut out, body.as_bytes()) {
            out.abandon();
            return Err(format!("writing {path}: {e}"));
        }
        out.commit().map_err(|e| e.to_string())?;
    }
    Ok(findings.len())
}
