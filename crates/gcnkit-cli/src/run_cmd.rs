//! `gcnkit run`: a kernel of a code object (or HIP program) over a grid (kernel_cmd.rs), or a
//! text program on one wave.

use crate::io::{read_input, Output};
use clap::ValueEnum;
use gcnkit::asm::Assembler;
use gcnkit::decode::decode;
use gcnkit::emu::{state, Machine, Wave};
use gcnkit::syntax::{to_text, Syntax};
use gcnkit::{Arch, Enc, Instr};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum InputArg {
    /// Assembly text (both dialects).
    Text,
    /// Machine code, little-endian.
    Bin,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum StateFormat {
    Json,
    Text,
}

#[derive(clap::Args)]
#[command(after_help = "Examples:
  gcnkit run prog.s --state state.json --format text          # a text program on one wave
  gcnkit run examples/scalar-loop.s --state examples/scalar-loop.json   # a loop over a buffer the state declares
  gcnkit run k.hsaco --kernel saxpy --grid 1024 --block 256 \\
      --arg file:y.bin --arg file:x.bin --arg f32:2 --arg u32:1024 --out 0=y.out --stats
  gcnkit run -a gfx906 ./hip_app --kernel _Z5saxpyifPKfPf --blocks 4 --block 256 ...   # a HIP program's kernel")]
pub struct Args {
    /// GPU (see `gcnkit disasm --help`). Default: the program's target directive, else gcn1.2.
    #[arg(short, long, value_parser = crate::parse_arch)]
    pub(crate) arch: Option<Arch>,
    /// Dialect of a text program (see `gcnkit asm --help`).
    #[arg(long, value_enum, default_value = "auto")]
    pub(crate) syntax: crate::asm_cmd::SyntaxArg,
    /// Initial state (JSON: exec, vcc, m0, mode, sgprs, vgprs, buffers); unset registers are 0,
    /// EXEC all lanes, MODE the reset default.
    #[arg(long)]
    pub(crate) state: Option<String>,
    /// Final state output file (written atomically); stdout if absent.
    #[arg(short, long)]
    pub(crate) output: Option<String>,
    /// Program form.
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) input: InputArg,
    /// Final state form: the JSON of the contract (every VGPR's 64 lanes, hex), or text for
    /// people (a VGPR with one value in all lanes on one line, f32 readings beside the hex).
    /// (A kernel run with --check: json prints the findings as JSON on stdout.)
    #[arg(long, value_enum)]
    pub(crate) format: Option<StateFormat>,
    /// Print each instruction and the registers it changed (stderr).
    #[arg(long)]
    pub(crate) trace: bool,
    /// Print instructions, lane-operations, execution time and rate (stderr).
    #[arg(long)]
    pub(crate) stats: bool,
    /// Check the run as a sanitizer would: --check for every check, --check LIST for some
    /// (waitcnt, hazard, memory, race). Findings on stderr (a kernel's with --format json: a
    /// JSON array on stdout); exit status 1 when any was made.
    #[arg(long, value_name = "LIST", num_args = 0..=1, default_missing_value = "all")]
    pub(crate) check: Option<String>,
    /// Write a profile of the run to FILE (JSON, docs/json.md): per instruction the times a
    /// wave executed it, the lanes active, the waits at s_barrier and s_waitcnt. Every
    /// instruction takes the machine's general path meanwhile (slower; the counts are exact).
    /// `gcnkit analyze --profile FILE` puts it on the kernel's graph.
    #[arg(long, value_name = "FILE")]
    pub(crate) profile: Option<String>,
    /// A code object's kernel to run (may be left out when the object has one kernel).
    #[arg(long)]
    pub(crate) kernel: Option<String>,
    /// Work-items per dimension: X[,Y[,Z]] (code objects).
    #[arg(long, value_parser = parse_dims)]
    pub(crate) grid: Option<[u32; 3]>,
    /// Work-group size: X[,Y[,Z]] (code objects).
    #[arg(long, value_parser = parse_dims)]
    pub(crate) block: Option<[u32; 3]>,
    /// Work-groups per dimension, as HIP's <<<blocks, threads>>> counts them: the grid is
    /// blocks × block (instead of --grid).
    #[arg(long, value_parser = parse_dims, conflicts_with = "grid")]
    pub(crate) blocks: Option<[u32; 3]>,
    /// One explicit kernel argument, in order: i8:V i16:V i32:V u32:V i64:V u64:V f16:V f32:V
    /// f64:V (by value; V decimal, or 0x hex bits for floats), file:PATH (a global buffer of
    /// the file's bytes), zeros:N (a buffer of N zero bytes), local:N (N bytes of LDS),
    /// image:W[,H[,D]],FORMAT[,FILE] (an OpenCL image, e.g. image:64,64,rgba_unorm8,in.bin;
    /// zero texels without FILE), sampler:COORDS,ADDRESS,FILTER (e.g.
    /// sampler:normalized,repeat,linear).
    #[arg(long = "arg", value_name = "SPEC")]
    pub(crate) args: Vec<String>,
    /// Write the buffer (or image texels) of explicit argument N (0-based) to FILE after the
    /// run: N=FILE.
    #[arg(long = "out", value_name = "N=FILE")]
    pub(crate) outs: Vec<String>,
    /// Run the grid as a cooperative launch (HIP's hipLaunchCooperativeKernel): every
    /// work-group resident at once and taking turns on the worker threads, so that grid-wide
    /// barriers (cooperative groups' grid.sync(): ds_gws_barrier) work (code objects).
    #[arg(long)]
    pub(crate) cooperative: bool,
    /// Worker threads for work-groups (default: all cores).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Instructions one wave may execute before it is stopped as never ending.
    #[arg(long, default_value_t = 100_000_000)]
    pub(crate) budget: u64,
    /// With --trace on a kernel: only this work-group (its id X[,Y[,Z]], from 0).
    #[arg(long, value_parser = gcnkit::emu::kernel::parse_group_id)]
    pub(crate) trace_group: Option<[u32; 3]>,
    /// With --trace on a kernel: only this wave of each work-group.
    #[arg(long)]
    pub(crate) trace_wave: Option<u32>,
    /// With --trace on a kernel: only instructions at addresses START-END (hex or decimal, END
    /// not included), as the trace prints them.
    #[arg(long, value_parser = gcnkit::emu::kernel::parse_pc_range, value_name = "START-END")]
    pub(crate) trace_pc: Option<(u64, u64)>,
    /// The program.
    pub(crate) program: String,
}

/// `X[,Y[,Z]]` (missing dimensions are 1).
fn parse_dims(s: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(format!("'{s}': expected X[,Y[,Z]]"));
    }
    let mut d = [1u32; 3];
    for (k, p) in parts.iter().enumerate() {
        d[k] = match p.trim().parse::<u64>() {
            Ok(v) => u32::try_from(v).map_err(|_| format!("'{s}': {v} does not fit 32 bits"))?,
            Err(_) => return Err(format!("'{s}': '{p}' is not a positive integer")),
        };
        if d[k] == 0 {
            return Err(format!("'{s}': dimensions must be at least 1"));
        }
    }
    Ok(d)
}

/// An instruction with where it came from.
struct Step {
    instr: Instr,
    place: String,
}

fn load_program(a: &Args) -> Result<(Arch, Vec<Step>), ExitCode> {
    let (name, bytes) = read_input(Some(&a.program)).map_err(|e| {
        errln!("{e}");
        ExitCode::from(1)
    })?;
    let mut steps = Vec::new();
    let mut arch = a.arch.unwrap_or(Arch::Gcn12);
    match a.input {
        InputArg::Text => {
            let src = String::from_utf8_lossy(&bytes);
            let mut asm = Assembler::new(a.arch.unwrap_or(Arch::Gcn12), a.syntax.dialect(), &name);
            if a.arch.is_none() {
                asm = asm.arch_is_default();
            }
            for (n, line) in src.lines().enumerate() {
                asm.line(n + 1, line);
            }
            arch = asm.arch();
            let (items, diags) = asm.finish();
            let mut failed = false;
            for d in &diags {
                err!("{d}");
                failed |= d.severity == gcnkit::diag::Severity::Error;
            }
            if failed {
                errln!("{name}: not run: the program has assembly errors");
                return Err(ExitCode::from(1));
            }
            for it in &items {
                steps.push(Step {
                    instr: it.instr(arch),
                    place: format!("{name}:{}", it.line),
                });
            }
        }
        InputArg::Bin => {
            if bytes.len() % 4 != 0 {
                errln!(
                    "{name}: error: {} bytes is not a whole number of 32-bit words",
                    bytes.len()
                );
                return Err(ExitCode::from(1));
            }
            let words: Vec<u32> = bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            let mut pos = 0;
            while pos < words.len() {
                match decode(arch, &words[pos..]) {
                    Ok(i) => {
                        steps.push(Step {
                            instr: i,
                            place: format!("{name}:0x{:x}", pos * 4),
                        });
                        pos += i.len as usize;
                    }
                    Err(e) => {
                        errln!("{name}: error: offset 0x{:x}: {e}", pos * 4);
                        return Err(ExitCode::from(1));
                    }
                }
            }
        }
    }
    Ok((arch, steps))
}

pub fn run(a: Args) -> ExitCode {
    if let Ok(bytes) = std::fs::read(&a.program) {
        if gcnkit::codeobj::is_elf(&bytes) {
            return crate::kernel_cmd::run(&a, &bytes);
        }
    }
    if a.kernel.is_some()
        || a.grid.is_some()
        || a.block.is_some()
        || !a.args.is_empty()
        || !a.outs.is_empty()
        || a.cooperative
    {
        errln!(
            "error: --kernel, --grid, --block, --arg, --out and --cooperative are for code objects; {} is not one",
            a.program
        );
        return ExitCode::from(2);
    }
    let (arch, steps) = match load_program(&a) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let mut wave = Wave::new(arch);
    let mut buffers = Vec::new();
    if let Some(path) = &a.state {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                errln!("{path}: error: {e}");
                return ExitCode::from(1);
            }
        };
        match state::load_with_buffers(&mut wave, &text) {
            Ok(b) => buffers = b,
            Err(e) => {
                errln!("{path}: error: {e}");
                return ExitCode::from(1);
            }
        }
    }
    if !buffers.is_empty()
        || a.check.is_some()
        || a.profile.is_some()
        || steps.iter().any(|s| gcnkit::emu::needs_kernel(&s.instr))
    {
        return run_on_kernel_machine(&a, &steps, wave, &buffers);
    }
    let mut m = Machine::new(wave);
    let start = Instant::now();
    for s in &steps {
        if gcnkit::emu::ends_program(&s.instr) {
            break;
        }
        if s.instr.enc == Enc::Other {
            errln!(
                "{}: error: not an instruction: {}",
                s.place,
                to_text(&s.instr, Syntax::Clrx)
            );
            return ExitCode::from(1);
        }
        let before = if a.trace { Some(m.wave.clone()) } else { None };
        if let Err(e) = m.step(&s.instr) {
            errln!("{}: error: {e}", s.place);
            return ExitCode::from(1);
        }
        if let Some(b) = before {
            trace(&b, &m.wave, s);
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    if a.stats {
        let rate = if elapsed > 0.0 {
            m.lane_ops as f64 / elapsed
        } else {
            0.0
        };
        errln!(
            "{} instructions, {} lane-ops in {:.6} s: {:.3e} lane-ops/s",
            m.instructions,
            m.lane_ops,
            elapsed,
            rate
        );
    }
    let text = match a.format.unwrap_or(StateFormat::Json) {
        StateFormat::Json => serde_json::to_string_pretty(&state::dump(&m.wave)).unwrap_or_default() + "\n",
        StateFormat::Text => state::dump_text(&m.wave),
    };
    write_state(&a, &text)
}

/// A program with branches, memory or declared buffers: one wave on the kernel machine. Trace
/// lines and errors name the program's lines (`FILE:LINE`), as the one-wave machine's do.
fn run_on_kernel_machine(a: &Args, steps: &[Step], wave: Wave, buffers: &[state::Buffer]) -> ExitCode {
    let mut words = Vec::new();
    let mut places = Vec::new();
    for s in steps {
        places.push((4 * words.len() as u64, s.place.clone()));
        words.extend_from_slice(&s.instr.words[..s.instr.len as usize]);
    }
    // "... 0x000010: ..." / "pc 0x10: ..." -> the place of the instruction at that address.
    let place_of = |pc: u64| places.iter().find(|(p, _)| *p == pc).map(|(_, s)| s.as_str());
    let print = |line: &str| {
        let placed = line
            .split_once(" 0x")
            .filter(|(head, _)| head.starts_with('['))
            .and_then(|(_, rest)| {
                let (hex, text) = rest.split_once(": ")?;
                Some(format!("{}: {text}", place_of(u64::from_str_radix(hex, 16).ok()?)?))
            });
        errln!("{}", placed.as_deref().unwrap_or(line));
    };
    let checker = match a.check.as_deref().map(gcnkit_check::run::Checks::parse) {
        Some(Ok(c)) => Some(std::sync::Arc::new(gcnkit_check::run::RunChecker::new(c))),
        Some(Err(e)) => {
            errln!("error: --check: {e}");
            return ExitCode::from(2);
        }
        None => None,
    };
    let profiler = a
        .profile
        .as_ref()
        .map(|_| std::sync::Arc::new(gcnkit_analyze::profile::Profiler::new()));
    let start = Instant::now();
    let r = gcnkit::emu::run_program(
        &words,
        wave,
        buffers,
        a.budget,
        a.trace.then_some(&print as _),
        crate::kernel_cmd::monitors(checker.clone(), profiler.clone()),
    );
    if let Err(code) = crate::kernel_cmd::write_profile(a, profiler.as_deref()) {
        return code;
    }
    // The findings (up to a fault too), at the program's lines.
    let found = checker.is_some_and(|c| {
        let f = c.findings();
        for x in &f {
            let at = place_of(x.pc as u64).unwrap_or(&a.program);
            let needs = if x.needs.is_empty() {
                String::new()
            } else {
                format!("; needs {}", x.needs)
            };
            let count = if x.count > 1 {
                format!(" [{} times]", x.count)
            } else {
                String::new()
            };
            errln!(
                "{at}: {}: [{}] {}: {}{needs}{count}",
                x.severity.name(),
                x.check.name(),
                x.instruction,
                x.message
            );
            if let (Some(o), Some(t)) = (x.other_pc.and_then(|p| place_of(p as u64)), &x.other_instruction) {
                errln!("{o}: note: the other instruction: {t}");
            }
        }
        !f.is_empty()
    });
    let r = match r {
        Ok(r) => r,
        Err(e) => {
            let at = e
                .split_once(", pc 0x")
                .and_then(|(_, rest)| u64::from_str_radix(rest.split(':').next()?, 16).ok())
                .and_then(place_of);
            let cause = e
                .split_once(", pc 0x")
                .and_then(|(_, r)| r.split_once(": "))
                .map_or(e.as_str(), |x| x.1);
            match at {
                Some(p) => errln!("{p}: error: {cause}"),
                None => errln!("{}: error: {e}", a.program),
            }
            return ExitCode::from(1);
        }
    };
    if a.stats {
        let t = start.elapsed().as_secs_f64();
        errln!(
            "{} instructions, {} lane-ops in {t:.6} s: {:.3e} lane-ops/s (kernel machine: branches or memory)",
            r.stats.instructions,
            r.stats.lane_ops,
            if t > 0.0 { r.stats.lane_ops as f64 / t } else { 0.0 }
        );
    }
    let mut text = match a.format.unwrap_or(StateFormat::Json) {
        StateFormat::Json => {
            serde_json::to_string_pretty(&state::dump_with_buffers(&r.wave, &r.buffers)).unwrap_or_default() + "\n"
        }
        StateFormat::Text => state::dump_text(&r.wave),
    };
    if a.format == Some(StateFormat::Text) {
        for (n, b) in r.buffers.iter().enumerate() {
            let words: Vec<String> = b
                .chunks(4)
                .map(|c| {
                    let mut x = [0u8; 4];
                    x[..c.len()].copy_from_slice(c);
                    format!("{:08x}", u32::from_le_bytes(x))
                })
                .collect();
            text.push_str(&format!("buffer {n}: {}\n", words.join(" ")));
        }
    }
    let code = write_state(a, &text);
    if found {
        return ExitCode::from(1);
    }
    code
}

/// Writes the final state to `-o` (atomically) or stdout.
fn write_state(a: &Args, text: &str) -> ExitCode {
    let mut out = match Output::open(a.output.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            errln!("{e}");
            return ExitCode::from(1);
        }
    };
    if let Err(e) = out.write_all(text.as_bytes()) {
        out.abandon();
        errln!("error: writing output: {e}");
        return ExitCode::from(1);
    }
    out.finish()
}

/// One trace line: the instruction, then each register it changed.
fn trace(before: &Wave, after: &Wave, s: &Step) {
    errln!(
        "{}: {}{}",
        s.place,
        to_text(&s.instr, Syntax::Clrx),
        state::changes(before, after)
    );
}
