//! `gcnkit run --check` and `gcnkit exec --check`: the checks on a run.
//!
//! - Compiled kernels (clang-14's, tools/run-kernels) with one `s_waitcnt` or `s_barrier`
//!   deleted: what the run finds of waits and hazards is what `lint` finds (never more), a
//!   mutant `lint` finds an error in is found by the run too, and every deleted barrier
//!   between LDS accesses of different waves is a race found at the two accesses on its two
//!   sides. (The unmutated kernels give no finding: tests/run_kernels.rs runs them under
//!   `--check`.)
//! - Hand-written programs and kernels: each check's finding at its line, and the corrected
//!   program with none.
//! - A HIP program (hipcc) reading device memory nobody wrote: `exec --check` finds it once,
//!   names the allocation, and exits 1; the same program without the bug exits 0.

mod common;

use common::hip_runtime;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn gcnkit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gcnkit"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("gcnkit runs")
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn tmp(prefix: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(prefix).tempdir().unwrap()
}

fn data(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../gcnkit/tests/data/run")
        .join(file)
}

/// (check, rule, pc, other pc) of each finding of a JSON array.
fn keys(v: &Value) -> BTreeSet<(String, String, u64, Option<u64>)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["check"].as_str().unwrap().to_string(),
                f["rule"].as_str().unwrap().to_string(),
                f["pc"].as_u64().unwrap(),
                f["other_pc"].as_u64(),
            )
        })
        .collect()
}

/// `src` assembled by gcnkit into a relocatable object `k.o` in `dir` (which `run` takes).
fn assemble(dir: &Path, src: &str) -> PathBuf {
    let s = dir.join("k.s");
    std::fs::write(&s, src).unwrap();
    let obj = dir.join("k.o");
    let o = gcnkit(&[
        "asm",
        "--format",
        "elf",
        "-o",
        obj.to_str().unwrap(),
        s.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", err(&o));
    obj
}

/// The LDS kernels of tools/run-kernels/src/lds.cl and their launches.
fn lds_launches(input: &Path) -> Vec<(&'static str, Vec<String>)> {
    let f = format!("file:{}", input.display());
    let v = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        (
            "wg_reduce_f32",
            v(&[
                "--grid=1000",
                "--block=256",
                &format!("--arg={f}"),
                "--arg=zeros:16",
                "--arg=u32:1000",
            ]),
        ),
        (
            "scan_u32",
            v(&[
                "--grid=1024",
                "--block=256",
                &format!("--arg={f}"),
                "--arg=zeros:4096",
                "--arg=zeros:16",
                "--arg=local:1024",
                "--arg=u32:1000",
            ]),
        ),
        (
            "matmul_tiled",
            v(&[
                "--grid=32,32",
                "--block=16,16",
                &format!("--arg={f}"),
                &format!("--arg={f}"),
                "--arg=zeros:4096",
                "--arg=u32:32",
                "--arg=u32:32",
                "--arg=u32:31",
            ]),
        ),
    ]
}

#[test]
fn mutants_of_compiled_kernels_are_found_as_lint_finds_them() {
    let t = tmp("gcnkit-check-mutants-");
    let input = t.path().join("in.bin");
    let floats: Vec<u8> = (0..4096u32)
        .flat_map(|i| ((i % 97) as f32 * 0.25).to_le_bytes())
        .collect();
    std::fs::write(&input, floats).unwrap();
    let launches = lds_launches(&input);
    let (mut mutants, mut found, mut races) = (0, 0, 0);
    let mut problems = Vec::new();
    for arch in ["tahiti", "fiji", "gfx900"] {
        let obj = data(&format!("lds.{arch}.hsaco"));
        let o = gcnkit(&["disasm", "--syntax", "llvm", obj.to_str().unwrap()]);
        assert!(o.status.success(), "{}", err(&o));
        // The functions' sizes are expressions (`.Lfunc_end0-f`): they follow the edits.
        let src: Vec<String> = String::from_utf8(o.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        // Which kernel each line belongs to.
        let mut owner = Vec::new();
        let mut cur: Option<&str> = None;
        for l in &src {
            if let Some(k) = launches.iter().find(|(k, _)| l.trim_end() == format!("{k}:")) {
                cur = Some(k.0);
            }
            if l.starts_with('\t') && l.contains(".amdhsa_kernel") || l.contains(".rodata") {
                cur = None;
            }
            owner.push(cur);
        }
        for (n, line) in src.iter().enumerate() {
            let s = line.trim();
            let barrier = s == "s_barrier";
            if !(barrier || s.starts_with("s_waitcnt")) {
                continue;
            }
            let Some(kernel) = owner[n] else { continue };
            let args = &launches.iter().find(|(k, _)| *k == kernel).unwrap().1;
            let mut m = src.clone();
            m.remove(n);
            let s_path = t.path().join("m.s");
            std::fs::write(&s_path, m.join("\n") + "\n").unwrap();
            let o_path = t.path().join("m.o");
            let hsaco = t.path().join("m.hsaco");
            let o = gcnkit(&[
                "asm",
                "--format",
                "elf",
                "-o",
                o_path.to_str().unwrap(),
                s_path.to_str().unwrap(),
            ]);
            assert!(o.status.success(), "{arch} line {n}: {}", err(&o));
            let l = Command::new("ld.lld-14")
                .args(["-shared", o_path.to_str().unwrap(), "-o", hsaco.to_str().unwrap()])
                .output()
                .expect("ld.lld-14 (lld-14) runs");
            assert!(l.status.success(), "{}", err(&l));
            let mut run_args = vec![
                "run",
                hsaco.to_str().unwrap(),
                "--kernel",
                kernel,
                "--check",
                "--format",
                "json",
            ];
            run_args.extend(args.iter().map(|s| s.as_str()));
            let r = gcnkit(&run_args);
            let run: Value = serde_json::from_slice(&r.stdout)
                .unwrap_or_else(|e| panic!("{arch} {kernel} without line {n} ({s}): {e}; {}", err(&r)));
            let lint = gcnkit(&["lint", "--format", "json", "--kernel", kernel, hsaco.to_str().unwrap()]);
            let lint: Value = serde_json::from_slice(&lint.stdout).unwrap();
            mutants += 1;
            let what = format!("{arch} {kernel} without `{s}` (line {n})");
            // Exit status 1 exactly when something was found.
            let any = !run.as_array().unwrap().is_empty();
            if r.status.code() != Some(if any { 1 } else { 0 }) {
                problems.push(format!("{what}: exit {:?} with findings {any}", r.status.code()));
            }
            found += any as usize;
            let run_wait: BTreeSet<_> = keys(&run)
                .into_iter()
                .filter(|k| k.0 == "waitcnt" || k.0 == "hazard")
                .collect();
            let lint_keys = keys(&lint);
            let extra: Vec<_> = run_wait.difference(&lint_keys).collect();
            if !extra.is_empty() {
                problems.push(format!("{what}: the run found what lint does not: {extra:?}"));
            }
            let lint_error = lint.as_array().unwrap().iter().any(|f| f["severity"] == "error");
            if lint_error && run_wait.is_empty() {
                problems.push(format!("{what}: lint finds an error, the run nothing"));
            }
            if barrier {
                // The barrier's address: the deleted line held it; the race's two accesses lie
                // on its two sides.
                let straddles = run.as_array().unwrap().iter().any(|f| {
                    f["rule"] == "lds-race" && {
                        let (a, b) = (f["pc"].as_u64().unwrap(), f["other_pc"].as_u64().unwrap());
                        a != b
                    }
                });
                races += straddles as usize;
                if !straddles {
                    problems.push(format!("{what}: no race found"));
                }
            }
        }
    }
    eprintln!("{mutants} mutants, {found} found, {races} deleted barriers found as races");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(
        mutants > 80 && found > 40 && races >= 9,
        "mutants {mutants}, found {found}, races {races}"
    );
}

/// One wave of a text program: a hazard, a missing wait and a value read from LDS nobody wrote
/// used as an address, each at its line; the program with its wait states, write and wait in
/// place has none.
#[test]
fn text_program_findings_are_at_their_lines() {
    let t = tmp("gcnkit-check-text-");
    let bad = "v_mov_b32 v1, 5\nv_readfirstlane_b32 s2, v1\nv_readlane_b32 s3, v1, s2\nv_add_f32 v2, v1, v1\n\
               ds_write_b32 v0, v2\nds_read_b32 v3, v0 offset:256\nv_mov_b32 v4, v3\ns_waitcnt lgkmcnt(0)\n\
               ds_read_b32 v5, v4\ns_waitcnt lgkmcnt(0)\ns_endpgm\n";
    let p = t.path().join("bad.s");
    std::fs::write(&p, bad).unwrap();
    let path = p.to_str().unwrap();
    let o = gcnkit(&["run", "-a", "gfx900", "--check", "-o", "/dev/null", path]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let e = err(&o);
    for want in [
        format!("{path}:3: error: [hazard] v_readlane_b32 s3, v1, s2: 0 wait states after"),
        format!("{path}:2: note: the other instruction: v_readfirstlane_b32 s2, v1"),
        format!("{path}:7: error: [waitcnt] v_mov_b32_e32 v4, v3: reads v3"),
        // The value read from LDS nobody wrote, copied, then used as an address.
        format!(
            "{path}:9: error: [memory] ds_read_b32 v5, v4: uses as an address a value read from memory nobody \
             wrote (LDS offset 0x100, by the load at 0x1c)"
        ),
        format!("{path}:6: note: the other instruction: ds_read_b32 v3, v0 offset:256"),
    ] {
        assert!(e.contains(&want), "want {want:?} in:\n{e}");
    }
    // --check=LIST: only those.
    let o = gcnkit(&["run", "-a", "gfx900", "--check", "memory", "-o", "/dev/null", path]);
    let e = err(&o);
    assert!(
        e.contains("[memory]") && !e.contains("[hazard]") && !e.contains("[waitcnt]"),
        "{e}"
    );
    let o = gcnkit(&["run", "-a", "gfx900", "--check=speed", "-o", "/dev/null", path]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("unknown check 'speed'"), "{}", err(&o));
    let good = "v_mov_b32 v1, 5\nv_readfirstlane_b32 s2, v1\ns_nop 3\nv_readlane_b32 s3, v1, s2\n\
                v_add_f32 v2, v1, v1\nds_write_b32 v0, v2 offset:256\ns_waitcnt lgkmcnt(0)\n\
                ds_read_b32 v3, v0 offset:256\ns_waitcnt lgkmcnt(0)\nv_mov_b32 v4, v3\ns_endpgm\n";
    let p = t.path().join("good.s");
    std::fs::write(&p, good).unwrap();
    let o = gcnkit(&["run", "-a", "gfx900", "--check", "-o", "/dev/null", p.to_str().unwrap()]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).is_empty(), "{}", err(&o));
}

/// A select (`v_cndmask_b32`) of a value read from LDS nobody wrote is tainted only in the
/// lanes that take it (memcheck's rule: rocPRIM's segmented scans zero such a carried value
/// where a segment starts): VCC picks it in 16 lanes (a condition decided in 16), an SGPR
/// mask of all ones picks the constant 0 everywhere (nothing found).
#[test]
fn a_select_is_tainted_only_where_it_takes_a_tainted_source() {
    let t = tmp("gcnkit-check-select-");
    let src = "ds_read_b32 v1, v0 offset:256\ns_mov_b32 vcc_lo, 0xffff\ns_mov_b32 vcc_hi, 0\n\
               s_waitcnt lgkmcnt(0)\nv_cndmask_b32 v2, 0, v1, vcc\nv_cmp_eq_u32 vcc, 0, v2\n\
               s_mov_b64 s[4:5], -1\nv_cndmask_b32_e64 v5, v1, 0, s[4:5]\nv_cmp_eq_u32 vcc, 0, v5\ns_endpgm\n";
    let p = t.path().join("select.s");
    std::fs::write(&p, src).unwrap();
    let path = p.to_str().unwrap();
    let o = gcnkit(&["run", "-a", "gfx900", "--check", "memory", "-o", "/dev/null", path]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let e = err(&o);
    let found: Vec<&str> = e.lines().filter(|l| l.contains(": error: ")).collect();
    assert_eq!(found.len(), 1, "{e}");
    assert!(
        found[0].starts_with(&format!(
            "{path}:6: error: [memory] v_cmp_eq_u32_e32 vcc, 0, v2: decides a condition"
        )) && found[0].ends_with("[16 times]"),
        "{e}"
    );
}

/// A kernel of two waves: each writes its lanes' LDS dwords, then reads the other wave's.
/// Without a barrier between, a race at the read and the write; with one (after the write
/// has completed), nothing.
const RACE_KERNEL: &str = "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"
\t.text
\t.globl k
\t.p2align 8
\t.type k,@function
k:
\tv_lshlrev_b32 v1, 2, v0
\tds_write_b32 v1, v0
\tv_add_u32 v2, 256, v1
\tv_and_b32 v2, 0x1ff, v2
\tBARRIER
\tds_read_b32 v3, v2
\ts_waitcnt lgkmcnt(0)
\ts_endpgm
.Lk_end:
\t.size k, .Lk_end-k
\t.rodata
\t.p2align 6
\t.amdhsa_kernel k
\t\t.amdhsa_group_segment_fixed_size 512
\t\t.amdhsa_next_free_vgpr 4
\t\t.amdhsa_next_free_sgpr 8
\t.end_amdhsa_kernel
";

#[test]
fn lds_race_between_waves_without_a_barrier() {
    let t = tmp("gcnkit-check-race-");
    for (barrier, want_race) in [("", true), ("s_waitcnt lgkmcnt(0)\n\ts_barrier", false)] {
        let obj = assemble(t.path(), &RACE_KERNEL.replace("BARRIER", barrier));
        let o = gcnkit(&[
            "run",
            obj.to_str().unwrap(),
            "--kernel=k",
            "--grid=128",
            "--block=128",
            "--check",
            "--format=json",
        ]);
        let v: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", err(&o)));
        let races: Vec<&Value> = v.as_array().unwrap().iter().filter(|f| f["check"] == "race").collect();
        if want_race {
            assert_eq!(o.status.code(), Some(1));
            // Wave 0 runs first (to its end: nothing stops it): its read of 0x100.. finds
            // nothing written there yet; wave 1 then writes there (a race with that read) and
            // reads what wave 0 wrote (a race with that write). The write is at 0x4, the read
            // at 0x1c (after two VALU ops with literals).
            let got: BTreeSet<_> = races
                .iter()
                .map(|f| {
                    (
                        f["pc"].as_u64(),
                        f["other_pc"].as_u64(),
                        f["wave"].as_u64(),
                        f["other_wave"].as_u64(),
                    )
                })
                .collect();
            let want = BTreeSet::from([
                (Some(0x4), Some(0x1c), Some(1), Some(0)),
                (Some(0x1c), Some(0x4), Some(1), Some(0)),
            ]);
            assert_eq!(got, want, "{v}");
            assert!(races.iter().all(|f| f["lanes"].as_array().unwrap().len() == 64), "{v}");
            let addrs: BTreeSet<_> = races.iter().map(|f| f["address"].as_str().unwrap()).collect();
            assert_eq!(addrs, BTreeSet::from(["LDS offset 0x0", "LDS offset 0x100"]), "{v}");
        } else {
            assert!(o.status.success(), "{v} {}", err(&o));
            assert!(v.as_array().unwrap().is_empty(), "{v}");
        }
    }
}

/// Builds the HIP source `src` for gfx906 with Debian's hipcc into `dir`; the program's path.
fn hipcc(dir: &Path, name: &str, src: &str) -> PathBuf {
    let s = dir.join(format!("{name}.hip"));
    std::fs::write(&s, src).unwrap();
    let exe = dir.join(name);
    let c = common::hipcc_command()
        .args([
            "--offload-arch=gfx906",
            "-O2",
            s.to_str().unwrap(),
            "-o",
            exe.to_str().unwrap(),
        ])
        .output()
        .expect("hipcc (Debian's hipcc package) runs");
    assert!(c.status.success(), "{}", err(&c));
    exe
}

/// `gcnkit exec --check` on `exe ARGS`: the run, and the findings it wrote as JSON.
fn exec_check(dir: &Path, exe: &Path, args: &[&str]) -> (Output, Value) {
    exec_check_on(dir, 1, exe, args)
}

/// [`exec_check`] with `devices` devices (`exec --devices`).
fn exec_check_on(dir: &Path, devices: u32, exe: &Path, args: &[&str]) -> (Output, Value) {
    let json = dir.join("findings.json");
    let _ = std::fs::remove_file(&json);
    let o = Command::new(env!("CARGO_BIN_EXE_gcnkit"))
        .args(["exec", "--check", "--devices", &devices.to_string()])
        .args(["--check-json", json.to_str().unwrap(), "--"])
        .arg(exe)
        .args(args)
        .env("GCNKIT_HIP_LIB", hip_runtime())
        .stdin(Stdio::null())
        .output()
        .expect("gcnkit runs");
    let v = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    (o, v)
}

/// A HIP program whose kernel copies `in[i + OFFSET]` to `out[i]` for 256 items, `in` being
/// an allocation of 256 + EXTRA ints of which the host wrote the first 256 (`i + 1`).
const SHIFT: &str = r#"
#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void shift(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i + OFFSET];
}
int main() {
    const int n = 256;
    int *in, *out, host[n];
    for (int i = 0; i < n; i++) host[i] = i + 1;
    hipMalloc(&in, (n + EXTRA) * sizeof(int));
    hipMalloc(&out, n * sizeof(int));
    hipMemcpy(in, host, n * sizeof(int), hipMemcpyHostToDevice);
    shift<<<n / 64, 64>>>(in, out, n);
    hipError_t e = hipMemcpy(host, out, n * sizeof(int), hipMemcpyDeviceToHost);
    printf("done %s %d %d\n", hipGetErrorName(e), host[0], host[n - 1]);
    return 0;
}
"#;

/// The [`SHIFT`] program reading `offset` past each item, `extra` ints allocated past the 256.
fn shift_program(offset: &str, extra: &str) -> String {
    SHIFT.replace("OFFSET", offset).replace("EXTRA", extra)
}

/// `gcnkit exec --check` on a HIP program (hipcc, gfx906): a kernel reads an element of a
/// `hipMalloc` allocation the program never wrote.
#[test]
fn exec_check_finds_an_uninitialised_read_of_device_memory() {
    let t = tmp("gcnkit-check-exec-");
    for (offset, bug) in [("1", true), ("0", false)] {
        let exe = hipcc(t.path(), "p", &shift_program(offset, "1"));
        let (o, v) = exec_check(t.path(), &exe, &[]);
        let e = err(&o);
        assert!(String::from_utf8_lossy(&o.stdout).contains("done "), "{e}");
        if bug {
            assert_eq!(o.status.code(), Some(1), "{e}");
            let f = &v[0];
            assert_eq!(v.as_array().unwrap().len(), 1, "{v}");
            // Found where the value is stored (a value read and thrown away is no bug).
            assert_eq!(
                (f["check"].as_str(), f["rule"].as_str()),
                (Some("memory"), Some("uninitialised-use"))
            );
            let m = f["message"].as_str().unwrap();
            assert!(
                m.starts_with("stores to memory a value read from memory nobody wrote"),
                "{f}"
            );
            assert!(
                f["other_instruction"]
                    .as_str()
                    .unwrap()
                    .starts_with("global_load_dword"),
                "{f}"
            );
            assert_eq!(f["kernel"], "_Z5shiftPKiPii", "{f}");
            // Only the last lane of the last work-group reads past what was copied in.
            assert_eq!(
                (f["work_group"][0].as_u64(), f["lanes"].as_array().map(|l| l.len())),
                (Some(3), Some(1))
            );
            assert_eq!(f["count"], 1, "{f}");
            assert!(
                f["address"].as_str().unwrap().contains("offset 1024 of allocation"),
                "{f}"
            );
            assert!(e.contains("error: [memory] kernel _Z5shiftPKiPii"), "{e}");
        } else {
            assert_eq!(o.status.code(), Some(0), "{e}");
            assert!(v.as_array().unwrap().is_empty(), "{v}");
        }
    }
}

/// A kernel reading one element past its `hipMalloc` allocation (rocSPARSE's `bsrilu0` does):
/// a GPU does not fault inside the allocation's page, so neither does `gcnkit exec` (the
/// program runs to its end, the element reads 0); `--check` reports the out-of-bounds read
/// once with the lane, and a read that stays inside gives nothing. A read a page past the
/// end faults as on a GPU (the runtime names the fault).
#[test]
fn exec_check_finds_a_read_past_an_allocation_a_gpu_would_not_fault_on() {
    let t = tmp("gcnkit-check-oob-");
    let plain = |exe: &Path| {
        Command::new(env!("CARGO_BIN_EXE_gcnkit"))
            .args(["exec", "--"])
            .arg(exe)
            .env("GCNKIT_HIP_LIB", hip_runtime())
            .stdin(Stdio::null())
            .output()
            .expect("gcnkit runs")
    };
    for (offset, oob) in [("1", true), ("0", false)] {
        let exe = hipcc(t.path(), &format!("p{offset}"), &shift_program(offset, "0"));
        let o = plain(&exe);
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        let last = if oob { 0 } else { 256 };
        assert!(
            out.contains(&format!(
                "done hipSuccess {} {last}",
                1 + offset.parse::<i32>().unwrap()
            )),
            "{out}{}",
            err(&o)
        );
        let (o, v) = exec_check(t.path(), &exe, &[]);
        let e = err(&o);
        let oob_findings: Vec<&Value> = v
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["rule"] == "out-of-bounds")
            .collect();
        if oob {
            assert_eq!(o.status.code(), Some(1), "{e}");
            assert_eq!(oob_findings.len(), 1, "{v}");
            let f = oob_findings[0];
            assert_eq!(f["check"], "memory", "{f}");
            assert!(
                f["instruction"].as_str().unwrap().starts_with("global_load_dword"),
                "{f}"
            );
            // Only the last lane of the last work-group reads past the 1024 bytes.
            assert_eq!(
                (
                    f["work_group"][0].as_u64(),
                    f["lanes"].as_array().map(|l| l.len()),
                    f["count"].as_u64()
                ),
                (Some(3), Some(1), Some(1)),
                "{f}"
            );
            assert!(
                f["address"].as_str().unwrap().contains("offset 1024 of allocation"),
                "{f}"
            );
            assert!(e.contains("reads 4 bytes outside its allocation"), "{e}");
        } else {
            assert_eq!(o.status.code(), Some(0), "{e}");
            assert!(v.as_array().unwrap().is_empty(), "{v}");
        }
    }
    // A page (4 KiB) past the end: outside what the GPU maps, a fault.
    let exe = hipcc(t.path(), "far", &shift_program("1024", "0"));
    let o = plain(&exe);
    let e = err(&o);
    assert!(
        e.contains("memory fault") && e.contains("offset 4096 of allocation (1024 bytes"),
        "{e}"
    );
}

/// Every work-group stores to the same 64 dwords: a race between work-groups (nothing
/// orders them) unless the stores are atomics or coherent (GLC), as work-groups that talk to
/// each other write.
const GLOBAL_KERNEL: &str = "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"
\t.text
\t.globl k
\t.p2align 8
\t.type k,@function
k:
\ts_load_dwordx2 s[0:1], s[4:5], 0x0
\tv_lshlrev_b32 v1, 2, v0
\ts_waitcnt lgkmcnt(0)
\tSTORE
\ts_endpgm
.Lk_end:
\t.size k, .Lk_end-k
\t.rodata
\t.p2align 6
\t.amdhsa_kernel k
\t\t.amdhsa_user_sgpr_private_segment_buffer 1
\t\t.amdhsa_user_sgpr_kernarg_segment_ptr 1
\t\t.amdhsa_kernarg_size 8
\t\t.amdhsa_next_free_vgpr 2
\t\t.amdhsa_next_free_sgpr 8
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
    .vgpr_count:     2
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx900
amdhsa.version:
  - 1
  - 1
...
\t.end_amdgpu_metadata
";

#[test]
fn global_race_between_work_groups() {
    let t = tmp("gcnkit-check-global-");
    for (store, want_race) in [
        ("global_store_dword v1, v0, s[0:1]", true),
        ("global_store_dword v1, v0, s[0:1] glc", false),
        ("global_atomic_add v1, v0, s[0:1]", false),
        // Bytes: the same byte of each dword by every work-group races; work-group g's own
        // byte g of each dword does not.
        ("global_store_byte v1, v0, s[0:1]", true),
        ("v_add_u32 v1, s6, v1\n\tglobal_store_byte v1, v0, s[0:1]", false),
    ] {
        let obj = assemble(t.path(), &GLOBAL_KERNEL.replace("STORE", store));
        let o = gcnkit(&[
            "run",
            obj.to_str().unwrap(),
            "--kernel=k",
            "--grid=192",
            "--block=64",
            "--arg=zeros:256",
            "--check=race",
            "--format=json",
        ]);
        let v: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", err(&o)));
        let found = v.as_array().unwrap();
        if want_race {
            assert_eq!(o.status.code(), Some(1), "{store}");
            // The two work-groups that run after the first each write what an earlier one
            // wrote, by the same store (at 0x10: after the 8-byte s_load and two 4-byte
            // instructions): one finding, counted twice.
            assert_eq!(found.len(), 1, "{v}");
            let f = &found[0];
            let pcs = (f["rule"].as_str(), f["pc"].as_u64(), f["other_pc"].as_u64());
            assert_eq!(pcs, (Some("global-race"), Some(0x10), Some(0x10)), "{f}");
            assert_ne!(f["other_work_group"], f["work_group"], "{f}");
            assert_eq!(f["count"].as_u64(), Some(2), "{f}");
            assert!(f["address"].as_str().unwrap().contains("argument 0"), "{f}");
        } else {
            assert!(o.status.success(), "{store}: {v} {}", err(&o));
            assert!(found.is_empty(), "{store}: {v}");
        }
    }
}

/// Runs `exe MODE` under `exec --check`: it must print "done 0"; with `race`, exit 1 with
/// exactly one `stream-race` finding (returned, with stderr), else exit 0 with none.
fn stream_race_mode(dir: &Path, exe: &Path, mode: u32, race: bool) -> (Option<Value>, String) {
    // (mode 10 copies to a second device)
    let (o, v) = exec_check_on(dir, 1 + (mode == 10) as u32, exe, &[&mode.to_string()]);
    let e = err(&o);
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("done 0"),
        "mode {mode}: {e}"
    );
    let found = v.as_array().unwrap();
    if !race {
        assert!(o.status.success(), "mode {mode}: {v} {e}");
        assert!(found.is_empty(), "mode {mode}: {v}");
        return (None, e);
    }
    assert_eq!(o.status.code(), Some(1), "mode {mode}: {e}");
    assert_eq!(found.len(), 1, "mode {mode}: {v}");
    let f = found[0].clone();
    assert_eq!(
        (f["check"].as_str(), f["rule"].as_str()),
        (Some("race"), Some("stream-race")),
        "mode {mode}: {v}"
    );
    (Some(f), e)
}

/// The two kernels of the programs that race between streams: one writes `a`, one reads it.
const STREAM_KERNELS: &str = r#"
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
__global__ void fill(int *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x; }
__global__ void twice(const int *a, int *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 2 * a[i];
}
"#;

/// Two launches on different streams, one writing what the other reads: a race unless
/// something orders them (an event the second stream waits for, the host waiting for the
/// first stream, one stream, the null stream after a blocking stream); a non-blocking
/// stream is not ordered by the null stream.
#[test]
fn exec_check_finds_races_between_streams() {
    let t = tmp("gcnkit-check-streams-");
    let src = r#"
int main(int argc, char **argv) {
    int mode = atoi(argv[1]);
    const int n = 256;
    int *a, *out, host[n];
    hipMalloc(&a, n * sizeof(int));
    hipMalloc(&out, n * sizeof(int));
    hipStream_t s1, s2;
    hipStreamCreateWithFlags(&s1, mode == 5 ? hipStreamNonBlocking : hipStreamDefault);
    hipStreamCreate(&s2);
    hipEvent_t e;
    hipEventCreate(&e);
    fill<<<n / 64, 64, 0, s1>>>(a);
    if (mode == 1) { hipEventRecord(e, s1); hipStreamWaitEvent(s2, e, 0); }
    if (mode == 2) hipStreamSynchronize(s1);
    hipStream_t second = mode == 3 ? s1 : (mode == 4 || mode == 5) ? (hipStream_t)0 : s2;
    twice<<<n / 64, 64, 0, second>>>(a, out);
    hipDeviceSynchronize();
    hipMemcpy(host, out, n * sizeof(int), hipMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++) bad += host[i] != 2 * (i % 64);
    printf("done %d\n", bad);
    return bad != 0;
}
"#;
    let exe = hipcc(t.path(), "streams", &format!("{STREAM_KERNELS}{src}"));
    // Mode: 0 two streams, 1 an event between, 2 the host waits for the first, 3 one
    // stream, 4 the null stream after a blocking stream, 5 ... after a non-blocking one.
    for (mode, race) in [(0, true), (1, false), (2, false), (3, false), (4, false), (5, true)] {
        if let (Some(f), _) = stream_race_mode(t.path(), &exe, mode, race) {
            assert!(f["kernel"].as_str().unwrap().contains("twice"), "{f}");
            assert!(f["instruction"].as_str().unwrap().starts_with("global_load"), "{f}");
            assert!(
                f["other_instruction"].as_str().unwrap().starts_with("global_store"),
                "{f}"
            );
        }
    }
}

/// Copies and fills the host gives a stream take part in the race between streams: a copy on
/// one stream writing what a kernel on another reads, a kernel writing what a copy on
/// another stream reads, a fill and a kernel writing the same memory, a fill and a copy
/// writing the same memory; none with an event between or on one stream.
#[test]
fn exec_check_finds_races_between_host_copies_and_kernels() {
    let t = tmp("gcnkit-check-copies-");
    let src = r#"
int main(int argc, char **argv) {
    int mode = atoi(argv[1]);
    const int n = 256;
    const size_t bytes = n * sizeof(int);
    int *a, *b, *out, *pinned, host[n];
    hipMalloc(&a, bytes);
    hipMalloc(&b, bytes);
    hipMalloc(&out, bytes);
    hipHostMalloc(&pinned, bytes);
    hipStream_t s1, s2;
    hipStreamCreate(&s1);
    hipStreamCreate(&s2);
    hipEvent_t e;
    hipEventCreate(&e);
    fill<<<n / 64, 64>>>(b);
    hipDeviceSynchronize();
    if (mode == 0 || mode == 1) {
        hipMemcpyAsync(a, b, bytes, hipMemcpyDeviceToDevice, s1);
        if (mode == 1) { hipEventRecord(e, s1); hipStreamWaitEvent(s2, e, 0); }
        twice<<<n / 64, 64, 0, s2>>>(a, out);
    } else if (mode == 2) {
        fill<<<n / 64, 64, 0, s1>>>(a);
        hipMemcpyAsync(pinned, a, bytes, hipMemcpyDeviceToHost, s2);
        twice<<<n / 64, 64, 0, s1>>>(a, out);
    } else if (mode == 3 || mode == 4) {
        hipMemsetAsync(out, 0, bytes, s1);
        twice<<<n / 64, 64, 0, mode == 3 ? s2 : s1>>>(b, out);
    } else {
        hipMemsetAsync(a, 0, bytes, s1);
        if (mode == 6) { hipEventRecord(e, s1); hipStreamWaitEvent(s2, e, 0); }
        hipMemcpyAsync(a, b, bytes, hipMemcpyDeviceToDevice, s2);
        hipDeviceSynchronize();
        twice<<<n / 64, 64>>>(a, out);
    }
    hipDeviceSynchronize();
    hipMemcpy(host, out, bytes, hipMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n; i++) bad += host[i] != 2 * (i % 64);
    printf("done %d\n", bad);
    return bad != 0;
}
"#;
    let exe = hipcc(t.path(), "copies", &format!("{STREAM_KERNELS}{src}"));
    // (mode, the race: the kernel, its instruction, the API named)
    type Race = Option<(&'static str, &'static str, &'static str)>;
    // (Two host operations: no kernel, the later one's API as the instruction.)
    let want: [(u32, Race); 7] = [
        (0, Some(("twice", "global_load", "hipMemcpyAsync"))),
        (1, None),
        (2, Some(("fill", "global_store", "hipMemcpyAsync"))),
        (3, Some(("twice", "global_store", "hipMemset"))),
        (4, None),
        (5, Some(("", "hipMemcpyAsync", "hipMemset"))),
        (6, None),
    ];
    for (mode, race) in want {
        let (f, e) = stream_race_mode(t.path(), &exe, mode, race.is_some());
        if let (Some(f), Some((kernel, instruction, api))) = (f, race) {
            assert!(f["kernel"].as_str().unwrap().contains(kernel), "mode {mode}: {f}");
            assert!(
                f["instruction"].as_str().unwrap().starts_with(instruction),
                "mode {mode}: {f}"
            );
            assert!(f["message"].as_str().unwrap().contains(api), "mode {mode}: {f}");
            assert!(f["other_instruction"].as_str().is_none(), "mode {mode}: {f}");
            if kernel.is_empty() {
                assert_eq!(f["kernel"].as_str(), Some(""), "mode {mode}: {f}");
                assert!(f["address"].as_str().unwrap().starts_with("0x"), "mode {mode}: {f}");
                assert!(e.contains("error: [race] hipMemcpyAsync at 0x"), "mode {mode}: {e}");
            }
        }
    }
}

/// Synchronous copies and fills (`hipMemcpy`, `hipMemset`, `hipMemcpyDtoH`, `hipMemsetD32`)
/// run on the null stream, which waits for blocking streams only (ROCm 5.2's
/// `iHipWaitActiveStreams`): after a kernel on a non-blocking stream that nothing
/// synchronised with, they race with it; after one on a blocking stream, or once the host
/// waited for the stream, they do not.
#[test]
fn exec_check_finds_races_between_sync_copies_and_non_blocking_streams() {
    let t = tmp("gcnkit-check-sync-copies-");
    let src = r#"
__device__ int var[256];
// The driver API's copy parameters: the first 128 bytes of rows 256 bytes apart, device to host.
template <class P> P driver_rows(int *a, int *host) {
    P p = {};
    p.srcMemoryType = hipMemoryTypeDevice;
    p.srcDevice = (hipDeviceptr_t)a;
    p.srcPitch = 256;
    p.dstMemoryType = hipMemoryTypeHost;
    p.dstHost = host;
    p.dstPitch = 256;
    p.WidthInBytes = 128;
    return p;
}
int main(int argc, char **argv) {
    int mode = atoi(argv[1]);
    const int n = 256;
    const size_t bytes = n * sizeof(int);
    int *a, host[n];
    hipMalloc(&a, bytes);
    if (mode == 6) hipGetSymbolAddress((void **)&a, HIP_SYMBOL(var));
    hipStream_t s;
    hipStreamCreateWithFlags(&s, mode == 1 ? hipStreamDefault : hipStreamNonBlocking);
    fill<<<n / 64, 64, 0, s>>>(a);
    if (mode == 2) hipStreamSynchronize(s);
    int bad = 0;
    if (mode == 3) {
        hipMemset(a, 0, bytes);
    } else if (mode == 4) {
        hipMemsetD32((hipDeviceptr_t)a, 0, n);
    } else if (mode == 8) {
        hipMemset2D(a, 256, 0, 128, 4);
    } else if (mode == 10) {
        int *b;
        hipSetDevice(1);
        hipMalloc(&b, bytes);
        hipSetDevice(0);
        hipMemcpyPeer(b, 1, a, 0, bytes);
        hipMemcpy(host, b, bytes, hipMemcpyDeviceToHost);
        hipStreamSynchronize(s);
        for (int i = 0; i < n; i++) bad += host[i] != i % 64;
    } else if (mode == 7 || mode == 9 || mode == 11 || mode == 12) {
        if (mode == 7) {
            hipMemcpy2D(host, 256, a, 256, 128, 4, hipMemcpyDeviceToHost);
        } else if (mode == 11) {
            hip_Memcpy2D p = driver_rows<hip_Memcpy2D>(a, host);
            p.Height = 4;
            hipMemcpyParam2D(&p);
        } else if (mode == 12) {
            HIP_MEMCPY3D p = driver_rows<HIP_MEMCPY3D>(a, host);
            p.srcHeight = p.dstHeight = p.Height = p.Depth = 2;
            hipDrvMemcpy3D(&p);
        } else {
            hipMemcpy3DParms p = {};
            p.srcPtr = make_hipPitchedPtr(a, 256, 64, 2);
            p.dstPtr = make_hipPitchedPtr(host, 256, 64, 2);
            p.extent = make_hipExtent(128, 2, 2);
            p.kind = hipMemcpyDeviceToHost;
            hipMemcpy3D(&p);
        }
        for (int i = 0; i < n; i++) bad += i % 64 < 32 && host[i] != i % 64;
    } else {
        if (mode == 5) hipMemcpyDtoH(host, (hipDeviceptr_t)a, bytes);
        else if (mode == 6) hipMemcpyFromSymbol(host, HIP_SYMBOL(var), bytes);
        else hipMemcpy(host, a, bytes, hipMemcpyDeviceToHost);
        for (int i = 0; i < n; i++) bad += host[i] != i % 64;
    }
    hipDeviceSynchronize();
    printf("done %d\n", bad);
    return bad != 0;
}
"#;
    let exe = hipcc(t.path(), "sync", &format!("{STREAM_KERNELS}{src}"));
    // (mode, the race: the API named). Modes: 0 hipMemcpy after a non-blocking stream's
    // kernel, 1 ... a blocking stream's, 2 ... once the host synchronised the stream, 3
    // hipMemset, 4 hipMemsetD32, 5 hipMemcpyDtoH, 6 hipMemcpyFromSymbol of the `__device__`
    // array the kernel wrote, 7 hipMemcpy2D, 8 hipMemset2D and 9 hipMemcpy3D of rows of
    // the array, 10 hipMemcpyPeer to a second device, 11 hipMemcpyParam2D and 12
    // hipDrvMemcpy3D of rows (each after a non-blocking stream's).
    let want: [(u32, Option<&str>); 13] = [
        (0, Some("hipMemcpy ")),
        (1, None),
        (2, None),
        (3, Some("hipMemset ")),
        (4, Some("hipMemsetD32")),
        (5, Some("hipMemcpyDtoH")),
        (6, Some("hipMemcpyFromSymbol")),
        (7, Some("hipMemcpy2D")),
        (8, Some("hipMemset2D")),
        (9, Some("hipMemcpy3D")),
        (10, Some("hipMemcpyPeer")),
        (11, Some("hipMemcpyParam2D")),
        (12, Some("hipDrvMemcpy3D")),
    ];
    for (mode, race) in want {
        if let (Some(f), Some(api)) = (stream_race_mode(t.path(), &exe, mode, race.is_some()).0, race) {
            assert!(f["kernel"].as_str().unwrap().contains("fill"), "mode {mode}: {f}");
            assert!(
                f["instruction"].as_str().unwrap().starts_with("global_store"),
                "mode {mode}: {f}"
            );
            let m = f["message"].as_str().unwrap();
            assert!(m.contains(api) && m.contains("(stream 0x0)"), "mode {mode}: {f}");
        }
    }
}

/// Synchronous copies to and from arrays race as copies of pointers' rows do: a kernel on a
/// non-blocking stream reads an array through a texture object while the host writes it
/// with each API that takes an array side (both sides' rows are compared, the array's at
/// its rows' addresses); a blocking stream, or a copy that only reads the array, does not
/// race.
#[test]
fn exec_check_finds_races_between_array_copies_and_non_blocking_streams() {
    let t = tmp("gcnkit-check-array-copies-");
    let src = r#"
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
__global__ void fetch(hipTextureObject_t t, int *out) {
    out[blockIdx.x * 64 + threadIdx.x] = tex2D<int>(t, threadIdx.x, blockIdx.x);
}
int main(int argc, char **argv) {
    int mode = atoi(argv[1]);
    int host[256], back[256];
    for (int i = 0; i < 256; i++) host[i] = i;
    hipChannelFormatDesc d = hipCreateChannelDesc<int>();
    hipArray_t arr;
    hipMallocArray(&arr, &d, 64, 4);
    hipMemcpy2DToArray(arr, 0, 0, host, 256, 256, 4, hipMemcpyHostToDevice);
    hipResourceDesc r = {};
    r.resType = hipResourceTypeArray;
    r.res.array.array = arr;
    hipTextureDesc td = {};
    td.readMode = hipReadModeElementType;
    hipTextureObject_t tex;
    hipCreateTextureObject(&tex, &r, &td, nullptr);
    int *out;
    hipMalloc(&out, sizeof host);
    hipStream_t s;
    hipStreamCreateWithFlags(&s, mode == 0 ? hipStreamDefault : hipStreamNonBlocking);
    fetch<<<4, 64, 0, s>>>(tex, out);
    if (mode <= 1) {
        hipMemcpy2DToArray(arr, 0, 0, host, 256, 256, 4, hipMemcpyHostToDevice);
    } else if (mode == 2) {
        hipMemcpyToArray(arr, 0, 0, host, sizeof host, hipMemcpyHostToDevice);
    } else if (mode == 3) {
        hipMemcpyHtoA(arr, 0, host, 256);
    } else if (mode == 4) {
        hipMemcpy3DParms p = {};
        p.srcPtr = make_hipPitchedPtr(host, 256, 64, 4);
        p.dstArray = arr;
        p.extent = make_hipExtent(64, 4, 1);
        p.kind = hipMemcpyHostToDevice;
        hipMemcpy3D(&p);
    } else if (mode == 5) {
        hip_Memcpy2D p = {};
        p.srcMemoryType = hipMemoryTypeHost;
        p.srcHost = host;
        p.srcPitch = 256;
        p.dstMemoryType = hipMemoryTypeArray;
        p.dstArray = arr;
        p.WidthInBytes = 256;
        p.Height = 4;
        hipMemcpyParam2D(&p);
    } else {
        hipMemcpy2DFromArray(back, 256, arr, 0, 0, 256, 4, hipMemcpyDeviceToHost);
    }
    hipDeviceSynchronize();
    hipMemcpy(back, out, sizeof back, hipMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < 256; i++) bad += back[i] != i;
    printf("done %d\n", bad);
    return bad != 0;
}
"#;
    let exe = hipcc(t.path(), "arrays", src);
    // (mode, the race: the API named). Modes: 0 hipMemcpy2DToArray after a blocking
    // stream's kernel, 1 ... a non-blocking stream's, then after it 2 hipMemcpyToArray, 3
    // hipMemcpyHtoA, 4 hipMemcpy3D to the array, 5 hipMemcpyParam2D to the array, 6
    // hipMemcpy2DFromArray (reads only).
    let want: [(u32, Option<&str>); 7] = [
        (0, None),
        (1, Some("hipMemcpy2DToArray")),
        (2, Some("hipMemcpyToArray")),
        (3, Some("hipMemcpyHtoA")),
        (4, Some("hipMemcpy3D")),
        (5, Some("hipMemcpyParam2D")),
        (6, None),
    ];
    for (mode, race) in want {
        if let (Some(f), Some(api)) = (stream_race_mode(t.path(), &exe, mode, race.is_some()).0, race) {
            assert!(f["kernel"].as_str().unwrap().contains("fetch"), "mode {mode}: {f}");
            assert!(
                f["instruction"].as_str().unwrap().starts_with("image_"),
                "mode {mode}: {f}"
            );
            let m = f["message"].as_str().unwrap();
            assert!(m.contains(api) && m.contains("(stream 0x0)"), "mode {mode}: {f}");
        }
    }
}

/// Work-groups that talk through atomics, as rocSPARSE's level-scheduled kernels and CUDA's
/// threadFenceReduction do: what one wrote before setting a flag with an atomic (after a
/// fence) is ordered before what another does after its atomic saw the flag, and the last
/// work-group to take a ticket from an atomic counter reads what every earlier one wrote
/// before taking its own. A flag set before the write, a read before the wait, or the sum
/// read without a ticket are races.
#[test]
fn exec_check_orders_work_groups_that_talk_through_atomics() {
    let t = tmp("gcnkit-check-atomics-");
    let exe = hipcc(t.path(), "chain", CHAIN);
    // (mode, the races: the instructions here and there)
    let want: [(u32, &[(&str, &str)]); 5] = [
        (0, &[]),
        (1, &[("global_load", "global_store")]),
        (2, &[("s_load", "global_store")]),
        (3, &[]),
        (
            4,
            &[
                ("global_store", "global_load"),
                ("global_load", "global_store"),
                ("global_store", "global_store"),
            ],
        ),
    ];
    for (mode, races) in want {
        let (o, v) = exec_check(t.path(), &exe, &[&mode.to_string()]);
        let e = err(&o);
        let out = String::from_utf8_lossy(&o.stdout);
        // Block 15 of the chain counts 16; the ticket's sum of 1..=16 is 136 (modes 0, 3).
        match mode {
            0 => assert!(out.contains("done 16 0"), "{out} {e}"),
            3 => assert!(out.contains("done 16 136"), "{out} {e}"),
            _ => assert!(out.starts_with("done"), "{out} {e}"),
        }
        let mut got: Vec<(String, String)> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                assert_eq!(f["rule"].as_str(), Some("global-race"), "mode {mode}: {f}");
                let op = |k: &str| f[k].as_str().unwrap().split('_').take(2).collect::<Vec<_>>().join("_");
                unordered(op("instruction"), op("other_instruction"))
            })
            .collect();
        got.sort();
        got.dedup();
        // Which side of a race is found first (here) depends on which work-group ran first
        // on the worker threads: a race is its two instructions, in either order.
        let mut want: Vec<(String, String)> = races.iter().map(|&(a, b)| unordered(a.into(), b.into())).collect();
        want.sort();
        want.dedup();
        assert_eq!(got, want, "mode {mode}: {v}");
        assert_eq!(
            o.status.code(),
            Some(if races.is_empty() { 0 } else { 1 }),
            "mode {mode}: {e}"
        );
    }
}

/// A pair of instructions in a fixed order (a race found from either side).
fn unordered(a: String, b: String) -> (String, String) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// The program of [`exec_check_orders_work_groups_that_talk_through_atomics`].
const CHAIN: &str = r#"
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
// Mode 0: each block waits for the one before it (its flag set with an atomic after a fence),
// reads what it wrote and writes its own; 1: a block sets its flag before writing; 2: a block
// reads before waiting; 3: the last block of a ticket counter sums every block's part
// (CUDA's threadFenceReduction); 4: ... without taking a ticket (reads as soon as it runs).
__global__ void chain(int *data, int *flag, int *count, int *sum, int mode) {
    int b = blockIdx.x;
    __shared__ int v;
    if (mode <= 2) {
        if (threadIdx.x == 0) {
            int prev = 0;
            if (b > 0) {
                if (mode == 2) prev = data[b - 1];
                while (!atomicOr(&flag[b - 1], 0))
                    ;
                __threadfence();
                if (mode != 2) prev = data[b - 1];
            }
            if (mode == 1) {
                atomicOr(&flag[b], 1);
                data[b] = prev + 1;
            } else {
                data[b] = prev + 1;
                __threadfence();
                atomicOr(&flag[b], 1);
            }
        }
        return;
    }
    if (threadIdx.x == 0) {
        data[b] = b + 1;
        __threadfence();
        v = mode == 3 ? atomicAdd(count, 1) : gridDim.x - 1;
    }
    __syncthreads();
    if (v == gridDim.x - 1 && threadIdx.x == 0) {
        __threadfence();
        int s = 0;
        for (int i = 0; i < gridDim.x; i++) s += data[i];
        *sum = s;
    }
}
int main(int argc, char **argv) {
    int mode = atoi(argv[1]);
    const int n = 16;
    int *data, *flag, *count, *sum, host[n], total;
    hipMalloc(&data, n * sizeof(int));
    hipMalloc(&flag, n * sizeof(int));
    hipMalloc(&count, sizeof(int));
    hipMalloc(&sum, sizeof(int));
    hipMemset(data, 0, n * sizeof(int));
    hipMemset(flag, 0, n * sizeof(int));
    hipMemset(count, 0, sizeof(int));
    hipMemset(sum, 0, sizeof(int));
    chain<<<n, 64>>>(data, flag, count, sum, mode);
    hipMemcpy(host, data, n * sizeof(int), hipMemcpyDeviceToHost);
    hipMemcpy(&total, sum, sizeof(int), hipMemcpyDeviceToHost);
    printf("done %d %d\n", host[n - 1], total);
    return 0;
}
"#;
