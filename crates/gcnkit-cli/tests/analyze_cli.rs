//! `gcnkit analyze`: the text, JSON and DOT shapes on real code objects and on assembly
//! text, and the errors (not a code object, no such kernel, no code, usage).

mod common;

use common::{err, gcnkit, hip_runtime, text as out};

use std::path::PathBuf;

fn data(name: &str) -> String {
    format!("{}/../gcnkit/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn tmp(tag: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("gcnkit-analyze-cli-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&p).unwrap();
    p
}

#[test]
fn text_summary_of_every_kernel() {
    let o = gcnkit(&["analyze", &data("run/branch.gfx900.hsaco")], b"");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let t = out(&o);
    assert!(t.contains("kernel collatz (gcn1.4):"), "{t}");
    assert!(t.contains("kernel divergent (gcn1.4):"), "{t}");
    for want in [
        "registers used:",
        "descriptor:",
        "metadata: 8 VGPRs, 16 SGPRs",
        "occupancy: 40 waves per CU (10 work-groups of 256 items, ~10 waves per SIMD), limited by waves; registers alone allow 10 waves per SIMD",
        "peak pressure:",
        "mix:",
        "blocks:",
        "loop at B",
    ] {
        assert!(t.contains(want), "{want} missing:\n{t}");
    }
}

#[test]
fn json_one_object_per_kernel() {
    let o = gcnkit(&["analyze", "--format", "json", &data("run/branch.gfx900.hsaco")], b"");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let lines: Vec<serde_json::Value> = out(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(lines.len() >= 2);
    let k = lines.iter().find(|k| k["kernel"] == "collatz").unwrap();
    assert_eq!(k["arch"], "gcn1.4");
    assert_eq!(k["resources"]["metadata"]["vgpr_count"], 8);
    assert_eq!(k["resources"]["used"]["vgprs"], 8);
    assert_eq!(k["resources"]["descriptor"]["vgprs"], 8);
    assert_eq!(k["occupancy"]["waves_per_simd"], 10);
    assert_eq!(k["occupancy"]["limiter"], "waves");
    let blocks = k["blocks"].as_array().unwrap();
    assert!(blocks.len() > 2);
    assert_eq!(blocks[0]["first_pc"], 0);
    assert!(blocks.iter().any(|b| b["loop_depth"] == 1));
    assert!(blocks.iter().any(|b| b["branch"]["kind"] == "divergent"));
    assert_eq!(k["loops"].as_array().unwrap().len(), 1);
    let insts = k["instructions"].as_array().unwrap();
    assert_eq!(insts.len() as u64, k["mix"]["instructions"].as_u64().unwrap());
    assert!(insts[0]["text"].as_str().unwrap().starts_with('s'));
    assert!(k["pressure"]["peak_vgprs"]["count"].as_u64().unwrap() <= 8);
}

/// The keys docs/json.md documents, no more and no fewer.
#[test]
fn json_keys_are_the_documented_ones() {
    let o = gcnkit(
        &[
            "analyze",
            "--format",
            "json",
            "--kernel",
            "collatz",
            &data("run/branch.gfx900.hsaco"),
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k.join(" ")
    };
    assert_eq!(
        keys(&v),
        "approximate_reach arch blocks calls cycles dead_writes entry indexed instructions kernel loops mix never_read occupancy pressure problems profile resources undefined_reads"
    );
    assert_eq!(keys(&v["cycles"]), "assumed_gpu estimate f64_ratio profiled");
    assert!(v["profile"].is_null() && v["cycles"]["profiled"].is_null() && v["blocks"][0]["profile"].is_null());
    assert_eq!(keys(&v["blocks"][0]["cycles"]), "by_rate estimate");
    assert_eq!(keys(&v["resources"]), "descriptor metadata used");
    assert_eq!(
        keys(&v["resources"]["descriptor"]),
        "lds_allocated lds_bytes scratch_bytes sgprs sgprs_allocated user_sgprs vgprs"
    );
    assert_eq!(
        keys(&v["resources"]["metadata"]),
        "max_flat_workgroup_size reqd_workgroup_size sgpr_count sgpr_spill_count vgpr_count vgpr_spill_count"
    );
    assert_eq!(
        keys(&v["resources"]["used"]),
        "extra_sgprs flat_scratch initial_sgprs sgprs vcc vgprs xnack"
    );
    assert_eq!(
        keys(&v["occupancy"]),
        "by_sgprs by_vgprs groups_by_lds groups_by_registers groups_by_slots groups_per_cu limiter vgpr_steps waves_per_cu waves_per_group waves_per_simd workgroup_size"
    );
    assert_eq!(
        keys(&v["blocks"][0]),
        "branch call cycles end_pc first_pc function id idom instructions last_pc live_in loop_depth max_sgprs max_vgprs mix profile succs terminator"
    );
    assert_eq!(keys(&v["loops"][0]), "blocks depth header latches");
    assert_eq!(
        keys(&v["mix"]),
        "barrier by_class dwords instructions memory nop nop_states waitcnt waits_on"
    );
    assert_eq!(
        keys(&v["instructions"][0]),
        "block cycles live_after live_before pc sgprs text vgprs"
    );
    assert_eq!(keys(&v["pressure"]["peak_vgprs"]), "count pc");
}

#[test]
fn dot_graph_and_atomic_output() {
    let dir = tmp("dot");
    let f = dir.join("g.dot");
    let o = gcnkit(
        &[
            "analyze",
            "--format",
            "dot",
            "--kernel",
            "collatz",
            "-o",
            f.to_str().unwrap(),
            &data("run/branch.gfx900.hsaco"),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(o.stdout.is_empty());
    let t = std::fs::read_to_string(&f).unwrap();
    assert!(t.starts_with("digraph \"collatz\" {\n"), "{t}");
    assert!(t.trim_end().ends_with('}'));
    assert!(t.contains("b0 [label=\"B0\\n0x0-"), "{t}");
    assert!(t.contains("style=dashed") && t.contains("style=solid") && t.contains("peripheries=2"));
    // A failed run leaves the old file alone and no temporary beside it.
    let o = gcnkit(
        &[
            "analyze",
            "--kernel",
            "nope",
            "-o",
            f.to_str().unwrap(),
            &data("run/branch.gfx900.hsaco"),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), t);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(dir).unwrap();
}

/// The pictures: SVG of one kernel (each block with its code, branches naming their target
/// block), HTML of all (summary, pressure chart, graph); SVG of several kernels is a usage error
/// that names them and writes nothing.
#[test]
fn svg_and_html_pictures() {
    let obj = data("run/bench.gfx900.hsaco");
    let o = gcnkit(&["analyze", "--format", "svg", "--kernel", "mandelbrot", &obj], b"");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let svg = String::from_utf8(o.stdout).unwrap();
    assert!(svg.contains("<svg") && svg.trim_end().ends_with("</svg>"), "{svg}");
    let dot =
        String::from_utf8(gcnkit(&["analyze", "--format", "dot", "--kernel", "mandelbrot", &obj], b"").stdout).unwrap();
    let blocks = dot
        .lines()
        .filter(|l| l.starts_with("  b") && !l.contains("->"))
        .count();
    assert!(blocks > 3);
    for b in 0..blocks {
        assert!(svg.contains(&format!(">B{b}<")), "block B{b} is not drawn");
    }
    assert!(
        svg.contains("s_endpgm") && svg.contains("v_mul_f32"),
        "the code is not in the picture"
    );
    assert!(
        svg.contains("s_cbranch_execz") && svg.contains(" -&gt; B") || svg.contains(" -> B"),
        "branches name no block"
    );
    let o = gcnkit(&["analyze", "--format", "html", &obj], b"");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let html = String::from_utf8(o.stdout).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"));
    for k in ["mandelbrot", "saxpy"] {
        assert!(html.contains(&format!("<h1>{k} <small>")), "{k}");
    }
    assert_eq!(html.matches("<polyline").count(), 2 * html.matches("<section>").count());
    assert!(!html.contains("<?xml"));
    let dir = tmp("svg");
    let f = dir.join("k.svg");
    let o = gcnkit(&["analyze", "--format", "svg", "-o", f.to_str().unwrap(), &obj], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("--kernel") && err(&o).contains("mandelbrot"),
        "{}",
        err(&o)
    );
    assert!(!f.exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_object_of_the_corpus_analyses() {
    for dir in ["run", "codeobj"] {
        for e in std::fs::read_dir(data(dir)).unwrap() {
            let p = e.unwrap().path();
            if !matches!(p.extension().and_then(|x| x.to_str()), Some("o" | "hsaco")) {
                continue;
            }
            let o = gcnkit(&["analyze", "--format", "json", p.to_str().unwrap()], b"");
            assert_eq!(o.status.code(), Some(0), "{}: {}", p.display(), err(&o));
            for l in out(&o).lines() {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                assert!(
                    v["problems"].as_array().unwrap().is_empty(),
                    "{}: {}",
                    p.display(),
                    v["problems"]
                );
            }
        }
    }
}

#[test]
fn assembly_text_as_one_program_and_as_kernels() {
    let src = "v_cmp_gt_u32 vcc, 16, v0\ns_and_saveexec_b64 s[4:5], vcc\ns_cbranch_execz .L1\nv_add_u32 v1, v0, v0\n.L1:\ns_or_b64 exec, exec, s[4:5]\ns_endpgm\n";
    let o = gcnkit(&["analyze", "-a", "gfx900", "--format", "json", "-"], src.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    assert_eq!(v["blocks"].as_array().unwrap().len(), 3);
    assert_eq!(v["blocks"][0]["branch"]["kind"], "divergent");
    assert_eq!(v["blocks"][0]["branch"]["saveexec"], true);
    assert!(v["resources"]["descriptor"].is_null());
    // clang's -S text of a code object: its kernels, with their descriptors.
    let o = gcnkit(&["analyze", &data("codeobj/control.gfx900.v4.s")], b"");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let t = out(&o);
    assert!(
        t.contains("kernel find_first (gcn1.4)") && t.contains("descriptor:"),
        "{t}"
    );
}

#[test]
fn errors_are_clear() {
    let dir = tmp("err");
    let junk = dir.join("junk.bin");
    std::fs::write(&junk, [0u8, 159, 146, 150, 0xff, 0xfe]).unwrap();
    let o = gcnkit(&["analyze", junk.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("error: not a code object"), "{}", err(&o));
    // A truncated ELF.
    let elf = std::fs::read(data("run/branch.gfx900.hsaco")).unwrap();
    let cut = dir.join("cut.hsaco");
    std::fs::write(&cut, &elf[..200]).unwrap();
    let o = gcnkit(&["analyze", cut.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("error:"), "{}", err(&o));
    // No such kernel: the kernels are named.
    let o = gcnkit(&["analyze", "--kernel", "nope", &data("run/branch.gfx900.hsaco")], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("error: no kernel 'nope' (kernels: collatz"),
        "{}",
        err(&o)
    );
    // Text without code; text with an error.
    let o = gcnkit(&["analyze", "-"], b"; nothing here\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("error: no code"), "{}", err(&o));
    let o = gcnkit(&["analyze", "-"], b"v_bogus v0\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("error:"), "{}", err(&o));
    // Usage errors: exit 2.
    let o = gcnkit(&["analyze", "--format", "svgz", &data("run/branch.gfx900.hsaco")], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = gcnkit(&["analyze", "-a", "tahiti", &data("run/branch.gfx900.hsaco")], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("conflicts"), "{}", err(&o));
    let o = gcnkit(&["analyze", "/nonexistent/x.hsaco"], b"");
    assert_eq!(o.status.code(), Some(1));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A HIP program (a host executable with a fat binary) is an input too: its code object for
/// the GPU of `-a` (gfx906 when it has only that). Needs Debian's hipcc; skipped without it.
#[test]
fn hip_programs_are_inputs() {
    if std::process::Command::new("hipcc").arg("--version").output().is_err() {
        eprintln!("skipped: no hipcc");
        return;
    }
    let dir = tmp("hip");
    let src = dir.join("k.hip");
    std::fs::write(
        &src,
        "#include <hip/hip_runtime.h>\n__global__ void twice(float* x) { x[threadIdx.x] *= 2.0f; }\n\
         int main() { return 0; }\n",
    )
    .unwrap();
    let exe = dir.join("k");
    let st = common::hipcc_command()
        .args([
            "--offload-arch=gfx906",
            "-O2",
            src.to_str().unwrap(),
            "-o",
            exe.to_str().unwrap(),
        ])
        .status()
        .unwrap();
    assert!(st.success());
    let o = gcnkit(&["analyze", exe.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).starts_with("kernel _Z5twicePf (gcn1.4.1):"), "{}", out(&o));
    let o = gcnkit(&["analyze", "-a", "gfx900", exe.to_str().unwrap()], b"");
    assert_ne!(o.status.code(), Some(0));
    assert!(err(&o).contains("gfx906"), "{}", err(&o));
    std::fs::remove_dir_all(dir).unwrap();
}

/// `analyze --profile`: a run's profile on the graph — the blocks' executions add up to the
/// run's `--stats` (instructions, lane-ops), the hot blocks are the loop's, and every format
/// shows it (text lines, JSON fields, DOT colours, the HTML's table). A profile of other code
/// is refused; a file that is no profile is an error.
#[test]
fn profile_on_the_graph() {
    let dir = tmp("profile");
    let obj = data("run/bench.gfx900.hsaco");
    let prof = dir.join("m.json");
    let prof = prof.to_str().unwrap();
    let o = gcnkit(
        &[
            "run",
            &obj,
            "--kernel",
            "mandelbrot",
            "--grid",
            "45,30",
            "--block",
            "16,8",
            "--arg",
            "zeros:5400",
            "--arg",
            "u32:45",
            "--arg",
            "u32:30",
            "--arg",
            "f32:-2.0",
            "--arg",
            "f32:-1.25",
            "--arg",
            "f32:0.0555",
            "--arg",
            "f32:0.0833",
            "--arg",
            "u32:200",
            "--stats",
            "--profile",
            prof,
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let stats = err(&o);
    let line = stats.lines().find(|l| l.starts_with("kernel mandelbrot")).unwrap();
    let figure = |after: &str| -> u64 {
        let w: Vec<&str> = line.split([' ', ',']).filter(|w| !w.is_empty()).collect();
        w[w.iter().position(|x| *x == after).unwrap() - 1].parse().unwrap()
    };
    let o = gcnkit(
        &[
            "analyze",
            "--kernel",
            "mandelbrot",
            "--format",
            "json",
            "--profile",
            prof,
            &obj,
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let k: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    let p = &k["profile"];
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k.join(" ")
    };
    // The documented keys (docs/json.md, analyze).
    assert_eq!(
        keys(p),
        "code hot instructions kernel lane_ops launches utilisation vector waves workgroups"
    );
    assert_eq!(
        keys(&k["blocks"][0]["profile"]),
        "barrier_wait barrier_waits entries executed lanes share utilisation vector waitcnt_cover waitcnt_waits"
    );
    assert_eq!(
        keys(&k["instructions"][0]),
        "block count cycles lanes live_after live_before pc sgprs text vgprs"
    );
    assert!(k["cycles"]["profiled"].as_u64().unwrap() > 0);
    assert_eq!(p["instructions"], figure("instructions"));
    assert_eq!(p["lane_ops"], figure("lane-ops"));
    assert_eq!(p["waves"], figure("waves"));
    let blocks = k["blocks"].as_array().unwrap();
    let executed: u64 = blocks.iter().map(|b| b["profile"]["executed"].as_u64().unwrap()).sum();
    assert_eq!(executed, figure("instructions"));
    let share: f64 = blocks.iter().map(|b| b["profile"]["share"].as_f64().unwrap()).sum();
    assert!((share - 1.0).abs() < 1e-9);
    let hot = p["hot"][0].as_u64().unwrap() as usize;
    assert_eq!(blocks[hot]["loop_depth"], 1, "the hottest block is in the loop");
    let per_inst: u64 = k["instructions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["count"].as_u64().unwrap())
        .sum();
    assert_eq!(per_inst, figure("instructions"));
    // The entry block runs once per wave, with its lanes.
    assert_eq!(blocks[0]["profile"]["entries"], figure("waves"));
    // The static estimate: every block has one, at least 4 cycles per instruction.
    for b in blocks {
        assert!(b["cycles"]["estimate"].as_u64().unwrap() >= 4 * b["instructions"].as_u64().unwrap());
    }
    let o = gcnkit(&["analyze", "--kernel", "mandelbrot", "--profile", prof, &obj], b"");
    let t = out(&o);
    for want in [
        "profile: 1 launch, 12 work-groups, 24 waves:",
        "hot blocks: B",
        "lanes ",
        "~",
        "cycle estimate:",
    ] {
        assert!(t.contains(want), "{want} missing:\n{t}");
    }
    let o = gcnkit(
        &[
            "analyze",
            "--kernel",
            "mandelbrot",
            "--format",
            "dot",
            "--profile",
            prof,
            &obj,
        ],
        b"",
    );
    let d = out(&o);
    assert!(d.contains("fillcolor=\"#") && d.contains("of instructions"), "{d}");
    let o = gcnkit(
        &[
            "analyze",
            "--kernel",
            "mandelbrot",
            "--format",
            "html",
            "--profile",
            prof,
            &obj,
        ],
        b"",
    );
    let h = out(&o);
    assert!(
        h.contains("<h2>Profile</h2>") && h.contains("class=\"bar\""),
        "profile table"
    );
    let o = gcnkit(
        &[
            "analyze",
            "--kernel",
            "mandelbrot",
            "--format",
            "svg",
            "--profile",
            prof,
            &obj,
        ],
        b"",
    );
    assert!(
        out(&o).contains("<svg") && out(&o).contains("x24]"),
        "counts in the listing"
    );
    // Another kernel's profile, the same kernel of another object: refused.
    let o = gcnkit(&["analyze", "--kernel", "saxpy", "--profile", prof, &obj], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains("no profile of the kernels analysed (it has: mandelbrot)"),
        "{}",
        err(&o)
    );
    let o = gcnkit(
        &[
            "analyze",
            "--kernel",
            "mandelbrot",
            "--profile",
            prof,
            &data("run/bench.fiji.hsaco"),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("is of other code"), "{}", err(&o));
    let o = gcnkit(&["analyze", "--profile", &obj, &obj], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("error:"), "{}", err(&o));
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"kernel\": \"x\"}").unwrap();
    let o = gcnkit(&["analyze", "--profile", bad.to_str().unwrap(), &obj], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("not a gcnkit profile"), "{}", err(&o));
    std::fs::remove_dir_all(dir).unwrap();
}

/// `gcnkit exec --profile DIR` on a HIP program that launches a kernel twice: one file for
/// the kernel, both launches added up, equal to the runtime's `--stats` lines; `analyze
/// --profile` on the program takes it, the function the kernel calls (`noinline`) included:
/// its blocks, the call edge, its executions. Needs Debian's hipcc; skipped without it.
#[test]
fn exec_profile_of_a_hip_program() {
    if std::process::Command::new("hipcc").arg("--version").output().is_err() {
        eprintln!("skipped: no hipcc");
        return;
    }
    let dir = tmp("exec-profile");
    let src = dir.join("p.hip");
    std::fs::write(
        &src,
        r#"#include <hip/hip_runtime.h>
#include <cstdio>
__device__ __attribute__((noinline)) int step(int v, int k) { return v + k; }
__global__ void bump(int *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) for (int k = 0; k < (i & 7); k++) x[i] = step(x[i], k);
}
int main() {
    const int n = 1000;
    int *d;
    hipMalloc(&d, n * sizeof(int));
    hipMemset(d, 0, n * sizeof(int));
    bump<<<(n + 255) / 256, 256>>>(d, n);
    bump<<<(n + 255) / 256, 256>>>(d, n / 2);
    int h[n];
    hipMemcpy(h, d, n * sizeof(int), hipMemcpyDeviceToHost);
    printf("done %d\n", h[7]);
    return 0;
}
"#,
    )
    .unwrap();
    let exe = dir.join("p");
    let st = common::hipcc_command()
        .args([
            "--offload-arch=gfx906",
            "-O2",
            src.to_str().unwrap(),
            "-o",
            exe.to_str().unwrap(),
        ])
        .status()
        .unwrap();
    assert!(st.success());
    let prof = dir.join("prof");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_gcnkit"))
        .args([
            "exec",
            "--stats",
            "--profile",
            prof.to_str().unwrap(),
            "--",
            exe.to_str().unwrap(),
        ])
        .env("GCNKIT_HIP_LIB", hip_runtime())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).contains("done 42"), "{}", out(&o));
    // "gcnkit-hip: NAME grid ... : N instructions, W waves, T us" per launch.
    let e = err(&o);
    let launches: Vec<(u64, u64)> = e
        .lines()
        .filter(|l| l.starts_with("gcnkit-hip: _Z4bumpPii"))
        .map(|l| {
            let w: Vec<&str> = l.split([' ', ',']).filter(|w| !w.is_empty()).collect();
            let at = |k: &str| w[w.iter().position(|x| *x == k).unwrap() - 1].parse::<u64>().unwrap();
            (at("instructions"), at("waves"))
        })
        .collect();
    assert_eq!(launches.len(), 2, "{e}");
    let files: Vec<_> = std::fs::read_dir(&prof)
        .unwrap()
        .map(|f| f.unwrap().file_name())
        .collect();
    assert_eq!(files, ["_Z4bumpPii.json"]);
    let file = prof.join("_Z4bumpPii.json");
    let p: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(p["launches"], 2);
    assert_eq!(p["instructions"], launches.iter().map(|x| x.0).sum::<u64>());
    assert_eq!(p["waves"], launches.iter().map(|x| x.1).sum::<u64>());
    let o = gcnkit(
        &[
            "analyze",
            "--format",
            "json",
            "--profile",
            file.to_str().unwrap(),
            exe.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let k: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    assert_eq!(k["profile"]["instructions"], p["instructions"]);
    assert_eq!(k["profile"]["launches"], 2);
    // The callee: a function of its own in the graph, called, and run.
    let calls = k["calls"].as_array().unwrap();
    assert!(!calls.is_empty(), "{k}");
    assert_eq!(calls[0]["function"], "_Z4stepii");
    let blocks = k["blocks"].as_array().unwrap();
    let callee = &blocks[calls[0]["to"].as_u64().unwrap() as usize];
    assert_eq!(callee["function"], "_Z4stepii");
    assert!(callee["profile"]["executed"].as_u64().unwrap() > 0);
    let text = out(&gcnkit(
        &["analyze", "--profile", file.to_str().unwrap(), exe.to_str().unwrap()],
        b"",
    ));
    assert!(text.contains("function _Z4stepii at 0x"), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The pictures open in a real browser: a profiled kernel's HTML page and its SVG, rendered
/// by headless Chromium (Debian's chromium package) to a screenshot. Skipped without it.
#[test]
fn pictures_render_in_chromium() {
    let chromium = ["chromium", "chromium-browser"].into_iter().find(|c| {
        std::process::Command::new(c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    let Some(chromium) = chromium else {
        eprintln!("skipped: no chromium");
        return;
    };
    let dir = tmp("chromium");
    let obj = data("run/lds.gfx900.hsaco");
    let input: Vec<u8> = (0..1000u32).flat_map(|k| (k as f32).to_le_bytes()).collect();
    let input_file = dir.join("in.bin");
    std::fs::write(&input_file, input).unwrap();
    let prof = dir.join("p.json");
    let o = gcnkit(
        &[
            "run",
            &obj,
            "--kernel",
            "wg_reduce_f32",
            "--grid",
            "1000",
            "--block",
            "256",
            "--arg",
            &format!("file:{}", input_file.display()),
            "--arg",
            "zeros:16",
            "--arg",
            "u32:1000",
            "--profile",
            prof.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    for format in ["html", "svg"] {
        let page = dir.join(format!("k.{format}"));
        let o = gcnkit(
            &[
                "analyze",
                "--kernel",
                "wg_reduce_f32",
                "--profile",
                prof.to_str().unwrap(),
                "--format",
                format,
                "-o",
                page.to_str().unwrap(),
                &obj,
            ],
            b"",
        );
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        let shot = dir.join(format!("{format}.png"));
        let start = std::time::Instant::now();
        let o = std::process::Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                &format!("--screenshot={}", shot.display()),
                "--window-size=1200,1600",
                &format!("file://{}", page.display()),
            ])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let png = std::fs::read(&shot).unwrap();
        assert!(
            png.starts_with(b"\x89PNG") && png.len() > 10_000,
            "{format}: {} bytes",
            png.len()
        );
        assert!(start.elapsed().as_secs() < 60);
    }
    std::fs::remove_dir_all(dir).unwrap();
}
