//! `gcnkit run` beyond the kernels' results (those are in run_kernels.rs): the one-wave
//! program's scalar unit, and the kernel runner's options, statistics, trace and usage errors.

mod common;

use common::{err, gcnkit};

use std::path::{Path, PathBuf};
use std::process::Command;

fn data(name: &str) -> String {
    format!("{}/../gcnkit/tests/data/run/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A scratch directory removed at the end.
struct Tmp(PathBuf);
impl Tmp {
    fn new(tag: &str) -> Tmp {
        let p = std::env::temp_dir().join(format!("gcnkit-run-cli-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&p).unwrap();
        Tmp(p)
    }
    fn file(&self, name: &str, bytes: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.to_str().unwrap().to_string()
    }
    fn path(&self) -> &Path {
        &self.0
    }
}
impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The one-wave `run` executes the scalar ALU too: SGPRs, SCC and EXEC change as the
/// instructions say.
#[test]
fn one_wave_program_runs_scalar_instructions() {
    let prog = b"s_mov_b32 s0, 0x7fffffff\ns_add_i32 s1, s0, 1\ns_mov_b64 exec, 0xff\nv_mov_b32 v0, s1\ns_endpgm\n";
    let o = gcnkit(&["run", "-a", "fiji", "--syntax", "llvm", "-"], prog);
    assert!(o.status.success(), "{}", err(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // 0x7fffffff + 1 overflows: SCC set.
    assert_eq!(v["sgprs"]["1"], "0x80000000");
    assert_eq!(v["scc"], "0x1");
    assert_eq!(v["exec"], "0x00000000000000ff");
    let lanes = v["vgprs"]["0"].as_array().unwrap();
    assert_eq!(lanes[7], "0x80000000");
    assert_eq!(lanes[8], "0x0");
}

/// `s_setreg` of MODE's round mode changes how the vector ALU rounds: 1 + 2^-25 (less than
/// half an ulp) is 1 to nearest and the next value up toward +infinity.
#[test]
fn one_wave_program_sets_the_round_mode() {
    let prog = b"s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 1\nv_mov_b32 v1, 1.0\nv_mov_b32 v2, 0x33000001\n\
v_add_f32 v3, v1, v2\ns_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0\nv_add_f32 v4, v1, v2\n";
    let o = gcnkit(&["run", "-a", "gfx900", "--syntax", "llvm", "-"], prog);
    assert!(o.status.success(), "{}", err(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["vgprs"]["3"][5], "0x3f800001");
    assert_eq!(v["vgprs"]["4"][5], "0x3f800000");
}

/// A kernel whose descriptor asks for a round mode (`.amdhsa_float_round_mode_32`, written by
/// gcnkit's assembler to a code object) starts with it in MODE: each lane stores
/// 1 + 2^-25, which is 1.0 unless the mode rounds toward +infinity.
#[test]
fn kernel_descriptor_round_mode_reaches_mode() {
    let t = Tmp::new("round");
    for (mode, want) in [
        (0u32, 0x3f80_0000u32),
        (1, 0x3f80_0001),
        (2, 0x3f80_0000),
        (3, 0x3f80_0000),
    ] {
        let src = ROUND_KERNEL.replace("ROUND", &mode.to_string());
        let s = t.file(&format!("k{mode}.s"), src.as_bytes());
        let obj = t.path().join(format!("k{mode}.o"));
        let o = gcnkit(&["asm", "--format", "elf", "-o", obj.to_str().unwrap(), &s], b"");
        assert!(o.status.success(), "{}", err(&o));
        let out = t.path().join(format!("out{mode}.bin"));
        let o = gcnkit(
            &[
                "run",
                obj.to_str().unwrap(),
                "--kernel=k",
                "--grid=96",
                "--block=96",
                "--arg=zeros:384",
                &format!("--out=0={}", out.display()),
            ],
            b"",
        );
        assert!(o.status.success(), "{}", err(&o));
        let bytes = std::fs::read(&out).unwrap();
        assert_eq!(bytes.len(), 384);
        for c in bytes.chunks(4) {
            assert_eq!(u32::from_le_bytes(c.try_into().unwrap()), want, "round mode {mode}");
        }
    }
}

const ROUND_KERNEL: &str = "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"
\t.text
\t.globl k
\t.p2align 8
\t.type k,@function
k:
\ts_load_dwordx2 s[0:1], s[4:5], 0x0
\tv_lshlrev_b32 v1, 2, v0
\tv_mov_b32 v2, 0x33000001
\tv_add_f32 v2, 1.0, v2
\ts_waitcnt lgkmcnt(0)
\tglobal_store_dword v1, v2, s[0:1]
\ts_endpgm
.Lk_end:
\t.size k, .Lk_end-k
\t.rodata
\t.p2align 6
\t.amdhsa_kernel k
\t\t.amdhsa_user_sgpr_private_segment_buffer 1
\t\t.amdhsa_user_sgpr_kernarg_segment_ptr 1
\t\t.amdhsa_kernarg_size 8
\t\t.amdhsa_next_free_vgpr 3
\t\t.amdhsa_next_free_sgpr 8
\t\t.amdhsa_float_round_mode_32 ROUND
\t.end_amdhsa_kernel
\t.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 256
    .name:           k
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .symbol:         k.kd
    .vgpr_count:     3
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx900
amdhsa.version:
  - 1
  - 1
...
\t.end_amdgpu_metadata
";

/// Branches and memory need a kernel: the one-wave `run` says so at the line.
#[test]
fn one_wave_programs_with_branches_and_memory_run_on_the_kernel_machine() {
    let t = Tmp::new("program");
    // The project's own example: a loop summing a buffer the state declares.
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/");
    let o = gcnkit(
        &[
            "run",
            &format!("{root}scalar-loop.s"),
            "--state",
            &format!("{root}scalar-loop.json"),
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["sgprs"]["3"], "0xf", "{doc}");
    assert_eq!(
        doc["buffers"][1],
        serde_json::json!(["0x1", "0x2", "0x3", "0x4", "0x5"]),
        "{doc}"
    );
    // Vector memory, a loop and a store back: each lane doubles its element, three times.
    let prog = "s_mov_b32 s2, 3\n\
                v_lshlrev_b32 v1, 2, v0\n\
                .L1:\n\
                global_load_dword v2, v1, s[4:5]\n\
                s_waitcnt vmcnt(0)\n\
                v_add_u32 v2, v2, v2\n\
                global_store_dword v1, v2, s[4:5]\n\
                s_sub_u32 s2, s2, 1\n\
                s_cmp_lg_u32 s2, 0\n\
                s_cbranch_scc1 .L1\n";
    let lanes: Vec<String> = (0..64).map(|i| i.to_string()).collect();
    let state = t.file(
        "s.json",
        format!(
            r#"{{"vgprs": {{"0": [{}]}}, "buffers": [{{"sgpr": 4, "data": [{}]}}]}}"#,
            lanes.join(","),
            lanes.join(",")
        )
        .as_bytes(),
    );
    let o = gcnkit(
        &["run", "-a", "gfx900", "--syntax", "llvm", "--state", &state, "-"],
        prog.as_bytes(),
    );
    assert!(o.status.success(), "{}", err(&o));
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let want: Vec<String> = (0..64).map(|i| format!("{:#x}", 8 * i)).collect();
    assert_eq!(doc["buffers"][0], serde_json::json!(want), "{doc}");
    // A fault names the program's line; a loop that never ends, the budget.
    let o = gcnkit(
        &["run", "-a", "fiji", "--syntax", "llvm", "-"],
        b"s_nop 0\ns_load_dword s0, s[0:1], 0x0\n",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).starts_with("<stdin>:2: error: s_load_dword") && err(&o).contains("memory fault"),
        "{}",
        err(&o)
    );
    let o = gcnkit(
        &["run", "-a", "fiji", "--syntax", "llvm", "--budget", "1000", "-"],
        b"s_branch 0xffff\n",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains("<stdin>:1: error:") && err(&o).contains("budget of 1000"),
        "{}",
        err(&o)
    );
}

fn stencil_args(t: &Tmp, w: u32, h: u32) -> Vec<String> {
    stencil_args_block(t, w, h, "8,8")
}

fn stencil_args_block(t: &Tmp, w: u32, h: u32, block: &str) -> Vec<String> {
    let input: Vec<u8> = (0..w * h).flat_map(|i| (i as f32).to_le_bytes()).collect();
    let inp = t.file("in.bin", &input);
    vec![
        format!("--grid={w},{h}"),
        format!("--block={block}"),
        format!("--arg=file:{inp}"),
        format!("--arg=zeros:{}", w * h * 4),
        format!("--arg=u32:{w}"),
        format!("--arg=u32:{h}"),
    ]
}

/// `--stats` reports work-groups, waves, instructions and lane utilisation; the output is the
/// same whatever the number of threads.
#[test]
fn stats_and_threads() {
    let t = Tmp::new("stats");
    let obj = data("stencil.gfx900.hsaco");
    let mut outs = Vec::new();
    for threads in ["1", "2"] {
        let out = t.path().join(format!("out{threads}.bin"));
        let mut args = vec![
            "run".to_string(),
            obj.clone(),
            "--stats".into(),
            format!("--threads={threads}"),
        ];
        args.extend(stencil_args(&t, 20, 12));
        args.push(format!("--out=1={}", out.display()));
        let a: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        let o = gcnkit(&a, b"");
        assert!(o.status.success(), "{}", err(&o));
        // 20x12 in 8x8 groups: 3 x 2 work-groups, one wave each (the edge ones partial).
        let e = err(&o);
        assert!(e.contains("kernel stencil2d: 6 work-groups, 6 waves"), "{e}");
        assert!(e.contains("lane utilisation") && e.contains("lane-ops/s"), "{e}");
        assert!(e.contains("by class:") && e.contains("FLAT"), "{e}");
        outs.push(std::fs::read(out).unwrap());
    }
    assert_eq!(outs[0], outs[1]);
}

/// `--trace` prints one line per instruction of the waves the filters keep.
#[test]
fn trace_with_filters() {
    let t = Tmp::new("trace");
    let obj = data("stencil.gfx900.hsaco");
    let run = |extra: &[&str]| {
        let mut args = vec!["run".to_string(), obj.clone(), "--trace".into()];
        args.extend(stencil_args(&t, 16, 16));
        args.extend(extra.iter().map(|s| s.to_string()));
        let a: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        let o = gcnkit(&a, b"");
        assert!(o.status.success(), "{}", err(&o));
        err(&o)
    };
    let all = run(&[]);
    let one = run(&["--trace-group=1,0"]);
    let lines = |s: &str| s.lines().filter(|l| l.starts_with('[')).count();
    assert!(lines(&all) > 0);
    // Four work-groups of the same path: the filter keeps a quarter of the lines, all of
    // group (1,0,0).
    assert_eq!(lines(&all), 4 * lines(&one));
    // Each instruction line is followed by the registers it changed, indented.
    assert!(
        one.lines()
            .all(|l| l.starts_with("[1,0,0] wave 0 0x") || l.starts_with("    ")),
        "{one}"
    );
    assert!(one.contains("\n    v") && one.contains("\n    s"), "{one}");
    assert!(one.contains("s_endpgm"));
    // A branch names its target's address, the next address its SIMM16 counts from.
    assert!(one.contains("_cbranch_"), "{one}");
    for l in one
        .lines()
        .filter(|l| l.contains("_cbranch_") || l.contains("s_branch "))
    {
        let addr = |s: &str| u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap();
        let (head, to) = l.split_once("  // to ").unwrap_or_else(|| panic!("{l}"));
        let pc = addr(head.split(' ').nth(3).unwrap().trim_end_matches(':'));
        let simm = head.rsplit(' ').next().unwrap().parse::<i64>().unwrap() as i16 as i64;
        // ... and labels it as llvm-objdump does: the kernel's symbol and the offset.
        let (to, label) = to.split_once(' ').unwrap_or_else(|| panic!("{l}"));
        assert_eq!(addr(to) as i64, pc as i64 + 4 + 4 * simm, "{l}");
        assert!(label.starts_with("<stencil2d+0x") && label.ends_with('>'), "{l}");
    }
    let none = run(&["--trace-wave=1"]);
    assert_eq!(lines(&none), 0);
    // An address range keeps the instructions inside it (the end not included).
    let pcs: Vec<u64> = one
        .lines()
        .filter(|l| l.starts_with('['))
        .map(|l| {
            u64::from_str_radix(
                l.split(' ')
                    .nth(3)
                    .unwrap()
                    .trim_end_matches(':')
                    .trim_start_matches("0x"),
                16,
            )
            .unwrap()
        })
        .collect();
    let (lo, hi) = (pcs[2], pcs[6]);
    let some = run(&["--trace-group=1,0", &format!("--trace-pc=0x{lo:x}-0x{hi:x}")]);
    let kept: Vec<&str> = some.lines().filter(|l| l.starts_with('[')).collect();
    assert_eq!(kept.len(), pcs.iter().filter(|&&p| p >= lo && p < hi).count(), "{some}");
    assert!(kept[0].contains(&format!("0x{lo:06x}:")), "{some}");
}

/// A fault names the buffer the address misses and where it is from it: the offset past the
/// end of the argument's buffer. (A kernel reaches a buffer's whole 4 KiB pages, as on a GPU:
/// 2048 floats of a 512-byte buffer fault at byte 4096.)
#[test]
fn a_fault_names_the_buffer() {
    let obj = data("bench.gfx900.hsaco");
    let o = gcnkit(
        &[
            "run",
            &obj,
            "--kernel",
            "saxpy",
            "--grid",
            "2048",
            "--block",
            "64",
            "--arg",
            "zeros:512",
            "--arg",
            "zeros:8192",
            "--arg",
            "f32:2",
            "--arg",
            "u32:2048",
        ],
        b"",
    );
    assert!(!o.status.success());
    let e = err(&o);
    assert!(
        e.contains("memory fault") && e.contains("offset 4096 of argument 0 (512 bytes at 0x"),
        "{e}"
    );
    assert!(e.contains("past its end"), "{e}");
}

/// Usage errors exit 2 and name the problem; a file that is not an AMDGPU code object exits 1.
#[test]
fn usage_errors() {
    let t = Tmp::new("usage");
    let obj = data("stencil.gfx900.hsaco");
    let mut base = vec!["run".to_string(), obj.clone()];
    base.extend(stencil_args(&t, 16, 16));
    let with = |extra: &[&str]| {
        let mut a: Vec<String> = base.clone();
        a.extend(extra.iter().map(|s| s.to_string()));
        let a: Vec<&str> = a.iter().map(|s| s.as_str()).collect();
        gcnkit(&a, b"")
    };
    let cases: [(&[&str], &str); 4] = [
        (&["-a", "fiji"], "conflicts"),
        (&["--out=2=x.bin"], "argument 2 is not a buffer"),
        (&["--out=9=x.bin"], "no argument 9"),
        (&["--out=x.bin"], "expected N=FILE"),
    ];
    for (extra, want) in cases {
        let o = with(extra);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", err(&o));
        assert!(err(&o).contains(want), "{extra:?}: {}", err(&o));
    }
    // A work-group over 1024 work-items.
    let mut a = vec!["run".to_string(), obj.clone()];
    a.extend(stencil_args_block(&t, 16, 16, "64,32"));
    let a: Vec<&str> = a.iter().map(|s| s.as_str()).collect();
    let o = gcnkit(&a, b"");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("more than 1024"), "{}", err(&o));
    // No --grid: a kernel run needs it.
    let o = gcnkit(&["run", &obj, "--block=64"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("--grid"), "{}", err(&o));
    // Kernel options on a text program.
    let p = t.file("p.s", b"v_mov_b32 v0, 1.0\n");
    let o = gcnkit(&["run", &p, "--grid=1", "--block=1"], b"");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    // An ELF file of another machine.
    let mut elf = std::fs::read(&obj).unwrap();
    elf[18] = 62; // EM_X86_64
    let x = t.file("x86.o", &elf);
    let o = gcnkit(&["run", &x, "--grid=1", "--block=1"], b"");
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("not AMDGPU"), "{}", err(&o));
}

/// `disasm` → `asm --format elf` → `ld.lld` keeps the kernels where they were (the section's
/// `.p2align`); an object whose kernel entry is not 256-byte aligned (the `.p2align` taken
/// out) still runs, with a warning that a GPU would not run it.
#[test]
fn misaligned_kernel_entries_are_said() {
    let t = Tmp::new("align");
    let lld = std::env::var("LD_LLD").unwrap_or_else(|_| "ld.lld-14".into());
    let o = gcnkit(&["disasm", "--syntax", "llvm", &data("int.gfx900.hsaco")], b"");
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("\t.text\n\t.p2align 8\n"), "{}", &text[..300]);
    // A few bytes of data before the code, as a hand-edited text might have.
    let shifted = text.replacen("\t.text\n\t.p2align 8\n", "\t.text\n\t.long 0\n", 1);
    for (name, src, misaligned) in [("same", &text, false), ("moved", &shifted, true)] {
        let s = t.file(&format!("{name}.s"), src.as_bytes());
        let obj = t.path().join(format!("{name}.o"));
        let o = gcnkit(&["asm", "--format", "elf", "-o", obj.to_str().unwrap(), &s], b"");
        assert!(o.status.success(), "{}", err(&o));
        let so = t.path().join(format!("{name}.hsaco"));
        let l = Command::new(&lld)
            .arg("-shared")
            .arg(&obj)
            .arg("-o")
            .arg(&so)
            .output()
            .unwrap();
        assert!(l.status.success(), "{}", String::from_utf8_lossy(&l.stderr));
        let so = so.to_str().unwrap();
        let args = [
            "run",
            so,
            "--kernel",
            "int_ops",
            "--grid",
            "64",
            "--block",
            "64",
            "--arg",
            "zeros:256",
            "--arg",
            "zeros:256",
            "--arg",
            "zeros:4096",
            "--arg",
            "u32:64",
        ];
        let r = gcnkit(&args, b"");
        assert_eq!(
            err(&r).contains("not on a 256-byte boundary"),
            misaligned,
            "{name}: {}",
            err(&r)
        );
    }
}

/// Launch checks: a float for an integer argument (and the other way round) where the metadata
/// names the type, a work-group over the kernel's max_flat_workgroup_size, --threads 0,
/// numbers that do not fit; a partial last work-group is said once; --blocks counts
/// work-groups as HIP does.
#[test]
fn launch_checks() {
    let obj = data("int.gfx900.hsaco");
    let run = |extra: &[&str]| {
        let mut a = vec!["run", &obj, "--kernel", "int_ops"];
        a.extend_from_slice(extra);
        gcnkit(&a, b"")
    };
    let bufs = ["--arg", "zeros:4096", "--arg", "zeros:4096", "--arg", "zeros:65536"];
    let with = |launch: &[&str], last: &str| {
        let mut a: Vec<&str> = launch.to_vec();
        a.extend_from_slice(&bufs);
        a.extend_from_slice(&["--arg", last]);
        run(&a)
    };
    for (launch, last, want) in [
        (
            &["--grid", "64", "--block", "64"][..],
            "f32:1.5",
            "(uint) is an integer",
        ),
        (
            &["--grid", "1024", "--block", "512"][..],
            "u32:64",
            "max_flat_workgroup_size (256)",
        ),
        (
            &["--grid", "64", "--block", "64", "--threads", "0"][..],
            "u32:64",
            "--threads 0",
        ),
        (
            &["--grid", "4294967296", "--block", "64"][..],
            "u32:64",
            "does not fit 32 bits",
        ),
        (
            &["--grid", "64", "--block", "64"][..],
            "u32:99999999999",
            "does not fit u32",
        ),
    ] {
        let o = with(launch, last);
        assert_eq!(o.status.code(), Some(2), "{launch:?} {last}: {}", err(&o));
        assert!(err(&o).contains(want), "{launch:?} {last}: {}", err(&o));
    }
    let o = run(&["--grid", "64", "--block", "64", "--arg", "local:99999999999"]);
    assert!(err(&o).contains("does not fit 32 bits"), "{}", err(&o));
    // 100 work-items in groups of 64: a note, and the run goes on.
    let o = with(&["--grid", "100", "--block", "64"], "u32:100");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(
        err(&o).matches("the last work-group has 36 work-items").count(),
        1,
        "{}",
        err(&o)
    );
    // --blocks 2 --block 64 is --grid 128: no note.
    let o = with(&["--blocks", "2", "--block", "64", "--stats"], "u32:128");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("2 work-groups"), "{}", err(&o));
    assert!(!err(&o).contains("note:"), "{}", err(&o));
}

/// A HIP program (host executable built by hipcc) as the input of `disasm` and `run`: its fat
/// binary's code objects, picked with `-a`. Skipped, visibly, without hipcc.
#[test]
fn hip_programs_are_code_objects_too() {
    if Command::new("hipcc").arg("--version").output().is_err() {
        eprintln!("SKIPPED: hipcc is not installed (Debian: apt-get install hipcc)");
        return;
    }
    let t = Tmp::new("hipbin");
    let src = format!("{}/../gcnkit-hip/tests/hip/saxpy.hip", env!("CARGO_MANIFEST_DIR"));
    let exe = t.path().join("saxpy");
    let o = common::hipcc_command()
        .args(["--offload-arch=gfx906", "--offload-arch=gfx900", "-O2", &src, "-o"])
        .arg(&exe)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let exe = exe.to_str().unwrap();
    // Two GPUs: -a picks one.
    let o = gcnkit(&["disasm", exe], b"");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("gfx900, gfx906: pick one with -a"), "{}", err(&o));
    let o = gcnkit(&["disasm", "-a", "gfx906", "--syntax", "llvm", exe], b"");
    assert!(o.status.success(), "{}", err(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("gfx906") && text.contains("_Z5saxpyifPKfPf:"), "{text}");
    let o = gcnkit(&["disasm", "-a", "gfx803", exe], b"");
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("no code object for"), "{}", err(&o));
    // The kernel runs from the program: y = 2x + y. (HIP counts blocks: with --grid 1000 the
    // last work-group would have 232 work-items, and HIP's blockDim.x is that group's actual
    // size, so `blockIdx.x * blockDim.x` would overlap the group before it.)
    let n = 1000u32;
    let x: Vec<u8> = (0..n).flat_map(|k| (k as f32).to_le_bytes()).collect();
    let y: Vec<u8> = (0..n).flat_map(|_| 1f32.to_le_bytes()).collect();
    let (xf, yf) = (t.file("x.bin", &x), t.file("y.bin", &y));
    let out = t.path().join("y.out");
    let outs = format!("3={}", out.to_str().unwrap());
    let o = gcnkit(
        &[
            "run",
            "-a",
            "gfx900",
            exe,
            "--kernel",
            "_Z5saxpyifPKfPf",
            "--blocks",
            "4",
            "--block",
            "256",
            "--arg",
            "i32:1000",
            "--arg",
            "f32:2",
            "--arg",
            &format!("file:{xf}"),
            "--arg",
            &format!("file:{yf}"),
            "--out",
            &outs,
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    let got = std::fs::read(&out).unwrap();
    for k in 0..n as usize {
        let v = f32::from_le_bytes(got[4 * k..4 * k + 4].try_into().unwrap());
        assert_eq!(v, 2.0 * k as f32 + 1.0, "y[{k}]");
    }
}

/// `--stats` ends with the fidelity report: instructions exact and approximate, and which
/// approximate rows ran how often (a correctly rounded division runs one `v_rcp` per width).
#[test]
fn stats_report_fidelity() {
    let obj = data("float.gfx900.hsaco");
    let mut args = vec!["run", &obj, "--kernel", "fdiv", "--grid", "64", "--block", "64"];
    for z in ["256", "256", "512", "512", "256", "512"] {
        args.push("--arg");
        args.push(Box::leak(format!("zeros:{z}").into_boxed_str()));
    }
    args.extend(["--arg", "u32:64", "--stats"]);
    let o = gcnkit(&args, b"");
    assert!(o.status.success(), "{}", err(&o));
    let e = err(&o);
    let line = e
        .lines()
        .find(|l| l.trim_start().starts_with("fidelity:"))
        .unwrap_or_else(|| panic!("{e}"));
    let total: u64 = e
        .split(" instructions (")
        .next()
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let exact: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert_eq!(exact + 2, total, "{e}");
    assert!(line.contains("2 approximate (v_rcp_f32 1, v_rcp_f64 1"), "{line}");
    // The division's reciprocals feed its result only: no branch, EXEC or address.
    assert!(
        e.contains("approximate results may reach: no branch, EXEC or address"),
        "{e}"
    );
}

/// `--stats`' figures from its line: (work-groups, waves, instructions, lane-ops).
fn stats_of(stderr: &str) -> (u64, u64, u64, u64) {
    let line = stderr
        .lines()
        .find(|l| l.starts_with("kernel "))
        .expect("a --stats line");
    let num = |after: &str| -> u64 {
        let words: Vec<&str> = line.split([' ', ',']).filter(|w| !w.is_empty()).collect();
        let k = words
            .iter()
            .position(|w| *w == after)
            .unwrap_or_else(|| panic!("{after} in {line}"));
        words[k - 1].parse().unwrap()
    };
    (num("work-groups"), num("waves"), num("instructions"), num("lane-ops"))
}

/// `--profile FILE` writes each instruction's executions; they add up to `--stats`' counts
/// (instructions, work-groups, waves), alone and with `--check`, on one thread and several,
/// for a kernel with a loop and divergence (mandelbrot) and one with barriers (wg_reduce_f32).
#[test]
fn profile_counts_equal_the_stats() {
    let t = Tmp::new("profile");
    let input: Vec<u8> = (0..1000u32).flat_map(|k| (k as f32 * 0.25).to_le_bytes()).collect();
    let input = t.file("in.bin", &input);
    let out = t.path().join("p.json");
    let runs: Vec<(String, Vec<String>)> = ["gfx900", "fiji", "tahiti", "bonaire"]
        .iter()
        .map(|g| {
            (
                data(&format!("bench.{g}.hsaco")),
                "--kernel mandelbrot --grid 45,30 --block 16,8 --arg zeros:5400 --arg u32:45 --arg u32:30 \
                 --arg f32:-2.0 --arg f32:-1.25 --arg f32:0.0555 --arg f32:0.0833 --arg u32:200"
                    .split_whitespace()
                    .map(String::from)
                    .collect(),
            )
        })
        .chain(["gfx900", "tahiti"].iter().map(|g| {
            (
                data(&format!("lds.{g}.hsaco")),
                format!(
                    "--kernel wg_reduce_f32 --grid 1000 --block 256 --arg file:{input} --arg zeros:16 --arg u32:1000"
                )
                .split_whitespace()
                .map(String::from)
                .collect(),
            )
        }))
        .collect();
    for (obj, args) in &runs {
        // The plain run (planned runs of instructions, the fast paths) counts as the watched
        // ones do: lane-operations too (EXEC counted afresh at each run's start).
        let mut a: Vec<&str> = vec!["run", obj];
        a.extend(args.iter().map(String::as_str));
        a.extend(["--stats", "--threads", "2"]);
        let o = gcnkit(&a, b"");
        assert_eq!(o.status.code(), Some(0), "{obj}: {}", err(&o));
        let plain = stats_of(&err(&o));
        for extra in [&["--threads", "1"][..], &["--threads", "3", "--check"][..]] {
            let mut a: Vec<&str> = vec!["run", obj];
            a.extend(args.iter().map(String::as_str));
            a.extend(extra);
            a.extend(["--stats", "--profile", out.to_str().unwrap()]);
            let o = gcnkit(&a, b"");
            assert_eq!(o.status.code(), Some(0), "{obj} {extra:?}: {}", err(&o));
            let (groups, waves, instructions, lane_ops) = stats_of(&err(&o));
            assert_eq!((groups, waves, instructions, lane_ops), plain, "{obj} {extra:?}");
            let text = std::fs::read_to_string(&out).unwrap();
            let p: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(p["profile"], 1);
            assert_eq!(p["launches"], 1);
            assert_eq!(p["workgroups"], groups, "{obj}");
            assert_eq!(p["waves"], waves, "{obj}");
            assert_eq!(p["instructions"], instructions, "{obj}");
            let pcs = p["pcs"].as_array().unwrap();
            let sum: u64 = pcs.iter().map(|x| x["count"].as_u64().unwrap()).sum();
            assert_eq!(sum, instructions, "{obj} {extra:?}");
            // Lanes: at most 64 per execution; the entry's first instruction runs once per wave.
            assert!(pcs
                .iter()
                .all(|x| x["lanes"].as_u64() <= Some(64 * x["count"].as_u64().unwrap())));
            assert_eq!(pcs[0]["count"], waves);
            if obj.contains("lds.") {
                // Its waves differ between barriers (the last group is partial): some wait.
                assert!(pcs.iter().any(|x| x["wait"].as_u64() > Some(0)), "{text}");
            }
            std::fs::remove_file(&out).unwrap();
        }
    }
    // A text program on the kernel machine (one wave) has a profile too.
    let prog = t.file(
        "p.s",
        b"s_mov_b32 s0, 3\nl:\ns_sub_u32 s0, s0, 1\ns_cmp_lg_u32 s0, 0\ns_cbranch_scc1 l\ns_endpgm\n",
    );
    let o = gcnkit(
        &["run", &prog, "--profile", out.to_str().unwrap(), "-o", "/dev/null"],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let p: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let counts: Vec<u64> = p["pcs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["count"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [1, 3, 3, 3, 1], "{p}");
    // A divergent loop that ends with EXEC empty, then restores it: the planned path counted
    // the lanes of the run that restores it as 0 (the planned path's lane count, 592 of 656).
    let prog = t.file(
        "div.s",
        b"v_mov_b32 v1, 0\nv_and_b32 v2, 7, v0\ns_mov_b64 s[0:1], exec\nl:\nv_add_u32 v1, v1, 1\n\
          v_cmp_lt_u32 vcc, v1, v2\ns_and_b64 exec, exec, vcc\ns_cbranch_execnz l\ns_mov_b64 exec, s[0:1]\n\
          v_add_u32 v3, v1, v1\ns_endpgm\n",
    );
    let lanes: Vec<String> = (0..64).map(|k| k.to_string()).collect();
    let state = t.file(
        "div.json",
        format!("{{\"vgprs\": {{\"0\": [{}]}}}}", lanes.join(",")).as_bytes(),
    );
    for extra in [None, Some(out.to_str().unwrap())] {
        let mut a = vec![
            "run",
            "-a",
            "gfx900",
            &prog,
            "--state",
            &state,
            "--stats",
            "-o",
            "/dev/null",
        ];
        if let Some(f) = extra {
            a.extend(["--profile", f]);
        }
        let o = gcnkit(&a, b"");
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        // v_mov, v_and, v_add v3: 64 each; the loop's v_add and v_cmp: 64+48+40+32+24+16+8 each.
        assert!(
            err(&o).contains("34 instructions, 656 lane-ops"),
            "{extra:?}: {}",
            err(&o)
        );
    }
}

/// `--cooperative`: the whole grid resident, so that clang-14's grid barriers (global wave
/// sync, tools/run-kernels/resident/coop.cl's `phases`) order the work-groups' phases: each
/// item gets the sum over the grid added, against the host. Without it the barrier is an
/// error naming why; on a text program the option is a usage error.
#[test]
fn cooperative_runs_keep_the_grid_resident() {
    let t = Tmp::new("coop");
    let obj = format!(
        "{}/../gcnkit/tests/data/resident/coop.gfx900.hsaco",
        env!("CARGO_MANIFEST_DIR")
    );
    let (groups, block) = (7usize, 128usize);
    let data: Vec<i32> = (0..groups * block).map(|i| (i as i32 * 29) % 83 - 41).collect();
    let bytes: Vec<u8> = data.iter().flat_map(|x| x.to_le_bytes()).collect();
    let input = t.file("data.bin", &bytes);
    let out = t.path().join("out.bin");
    let out = out.to_str().unwrap();
    let run = |more: &[&str]| {
        let grid = format!("{}", groups * block);
        let mut a = vec!["run", &obj, "--kernel", "phases", "--grid", &grid, "--block", "128"];
        let arg0 = format!("file:{input}");
        let arg1 = format!("zeros:{}", 4 * groups);
        let out0 = format!("0={out}");
        a.extend(["--arg", &arg0, "--arg", &arg1, "--out", &out0, "--threads", "2"]);
        a.extend(more);
        gcnkit(&a, b"")
    };
    let o = run(&["--cooperative"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let total: i32 = data.iter().sum();
    let got = std::fs::read(out).unwrap();
    for (i, (c, d)) in got.chunks(4).zip(&data).enumerate() {
        assert_eq!(i32::from_le_bytes(c.try_into().unwrap()), d + total, "item {i}");
    }
    std::fs::remove_file(out).unwrap();
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(err(&o).contains("needs the whole grid resident"), "{}", err(&o));
    assert!(!Path::new(out).exists(), "a failed run wrote its output");
    let prog = t.file("p.s", b"s_nop 0\n");
    let o = gcnkit(&["run", "--cooperative", &prog], b"");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("--cooperative are for code objects"), "{}", err(&o));
}
