//! HIP programs built by Debian's `hipcc` (HIP 5.2) and run under `gcnkit exec`: each checks
//! its own results against the host and prints PASS only when right (tests/hip/*.hip). Most
//! are built once for gfx906, gfx900 and gfx803 (one binary, three code objects) and run on
//! each of the three GPUs. Without `hipcc` on PATH they are skipped with a message (CI installs
//! it: `apt-get install hipcc`).
//!
//! The `gcnkit` binary and the runtime library are built by a nested `cargo build` into this
//! test's own target directory and profile (a `cdylib` cannot be a dependency).

mod common;

use common::{exec, exec_command, hipcc, run_bounded, tools, GPUS};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, Mutex, OnceLock};

/// Builds tests/hip/NAME.hip for `archs` (hipcc -O2); `None` (with a message) without hipcc.
fn build(name: &str, archs: &[&str]) -> Option<PathBuf> {
    build_with(name, archs, &[])
}

/// `build` with more hipcc arguments. Each program is built once per test process: tests
/// running in parallel that need the same binary wait for one build (two hipcc runs writing
/// one file while a third test executes it gave "Permission denied").
fn build_with(name: &str, archs: &[&str], extra: &[&str]) -> Option<PathBuf> {
    let Some(hipcc) = hipcc() else {
        eprintln!("SKIPPED {name}: hipcc is not on PATH (apt-get install hipcc)");
        return None;
    };
    // (The extra arguments in the name: a -O0 build is another program than the -O2 one.)
    let file = format!("{name}-{}{}", archs.join("-"), extra.concat());
    static BUILT: Mutex<BTreeMap<String, Arc<OnceLock<PathBuf>>>> = Mutex::new(BTreeMap::new());
    let once = BUILT
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(file.clone())
        .or_default()
        .clone();
    let out = once.get_or_init(|| {
        let src = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/hip")
            .join(format!("{name}.hip"));
        let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(&file);
        // Built under another name and renamed: a binary is whole or absent.
        let partial = out.with_extension("partial");
        let mut cmd = common::hipcc_command(&hipcc);
        for a in archs {
            cmd.arg(format!("--offload-arch={a}"));
        }
        let o = cmd
            .arg("-O2")
            .args(extra)
            .arg(&src)
            .arg("-o")
            .arg(&partial)
            .output()
            .expect("hipcc");
        assert!(
            o.status.success(),
            "hipcc {}: {}",
            src.display(),
            String::from_utf8_lossy(&o.stderr)
        );
        std::fs::rename(&partial, &out).expect("rename the built program");
        out
    });
    Some(out.clone())
}

/// Runs `program` on each of [`GPUS`]; each run must print `line`.
fn passes_on_each_gpu(program: &Path, args: &[&str], line: &str) {
    for gpu in GPUS {
        passes(&exec(&["-a", gpu], program, args), line);
    }
}

fn passes(o: &Output, line: &str) {
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "exit status; stdout: {out}");
    assert!(out.lines().any(|l| l == line), "no line {line:?} in {out}");
}

#[test]
fn saxpy_with_triple_chevrons() {
    let Some(p) = build("saxpy", &["gfx906"]) else { return };
    passes(&exec(&[], &p, &[]), "PASS saxpy n=100003");
    // A partial last work-group and a single one.
    passes(&exec(&[], &p, &["1"]), "PASS saxpy n=1");
    passes(&exec(&[], &p, &["257"]), "PASS saxpy n=257");
    // `--trace FILTER`: the instruction trace of the kernels it names (inside the mangled
    // name), here of one wave of one work-group, on stderr; the program's output unchanged.
    let o = exec(
        &["--trace", "saxpy", "--trace-group", "1", "--trace-wave", "0"],
        &p,
        &["1000"],
    );
    passes(&o, "PASS saxpy n=1000");
    let err = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = err.lines().filter(|l| l.contains(" wave ")).collect();
    assert!(err.contains("gcnkit-hip: trace: _Z5saxpy"), "{err}");
    assert!(lines.iter().all(|l| l.starts_with("[1,0,0] wave 0 0x")), "{err}");
    assert!(lines.iter().any(|l| l.contains("global_load_dword")), "{err}");
    assert!(lines.last().is_some_and(|l| l.contains("s_endpgm")), "{err}");
    let o = exec(&["--trace", "sax?y*[a-z]", "--trace-pc", "0-0x10000"], &p, &["100"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.lines().any(|l| l.starts_with("[0,0,0] wave 1 0x")), "{err}");
    let o = exec(&["--trace", "no_such_kernel"], &p, &["100"]);
    passes(&o, "PASS saxpy n=100");
    assert!(!String::from_utf8_lossy(&o.stderr).contains(" wave "));
    let o = exec(&["--trace-wave", "0"], &p, &["100"]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "--trace-wave without --trace is a usage error"
    );
}

/// Debug builds (`hipcc -O0`) keep every local in scratch and reach it both through the
/// private segment buffer (MUBUF, a dword at a time) and through flat addresses in the
/// private aperture (64-bit values as one dwordx2): private.hip (a private array passed by
/// pointer to a function that is not inlined, pointers and doubles in private memory) and
/// four programs of the suite, built at -O0, pass on each GPU (private.hip under `--check`
/// too, with no finding).
#[test]
fn programs_built_at_o0_run() {
    for (name, line) in [
        ("private", "PASS private"),
        ("saxpy", "PASS saxpy n=100003"),
        ("globals", "PASS globals"),
        ("malloc", "PASS malloc"),
        ("textures", "PASS textures"),
    ] {
        let Some(p) = build_with(name, &GPUS, &["-O0"]) else {
            return;
        };
        passes_on_each_gpu(&p, &[], line);
        // The checks find nothing in the debug build's scratch traffic (exit status 0).
        if name == "private" {
            passes(&exec(&["--check"], &p, &[]), line);
        }
    }
}

#[test]
fn saxpy_with_the_environment_line() {
    let Some(p) = build("saxpy", &["gfx906"]) else { return };
    let dir = tempfile_dir("envline");
    let link = dir.join("libamdhip64.so.5");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(tools().join("libgcnkit_hip.so"), &link).unwrap();
    let o = run_bounded(Command::new(&p).env("LD_LIBRARY_PATH", &dir).arg("4097"));
    passes(&o, "PASS saxpy n=4097");
}

fn tempfile_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn launch_kernel_ggl_many_launches_and_dynamic_shared_memory() {
    let Some(p) = build("ggl", &["gfx906"]) else { return };
    passes(&exec(&[], &p, &[]), "PASS ggl sum=-342");
}

#[test]
fn device_properties_and_memset() {
    let Some(p) = build("props", &["gfx906"]) else { return };
    passes(&exec(&[], &p, &[]), "PASS props gfx906:sramecc+:xnack-");
}

#[test]
fn the_code_object_for_the_gpu_is_picked_or_missing() {
    let Some(both) = build("props", &["gfx900", "gfx906"]) else {
        return;
    };
    passes(&exec(&["-a", "gfx900"], &both, &["gfx900"]), "PASS props gfx900:xnack-");
    passes(&exec(&[], &both, &[]), "PASS props gfx906:sramecc+:xnack-");
    // Built for gfx906 only, run on a gfx803: no code object; the launch fails as HIP's does.
    let Some(one) = build("saxpy", &["gfx906"]) else { return };
    let o = exec(&["-a", "gfx803"], &one, &[]);
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1));
    assert!(out.contains("FAIL") && out.contains("(209)"), "{out}");
    assert!(
        err.contains("hipErrorNoBinaryForGpu: no code object for gfx803") && err.contains("has: gfx906"),
        "{err}"
    );
}

#[test]
fn streams_events_and_reset() {
    let Some(p) = build("streams", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS streams");
}

/// Asynchronous streams: order between streams, the null stream, events, callbacks, stream
/// states, pageable copies, a fault reported at the next synchronisation (the program's own
/// comment). A wait that is never met ends in a failure, not a hang (`common::HANG`).
#[test]
fn streams_are_asynchronous_and_ordered_as_hips() {
    let Some(p) = build("stream_order", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS stream_order");
}

/// Four host threads giving asynchronous work on their own streams at once, with blocking
/// calls in between: every round right, every callback run, no hang.
#[test]
fn streams_from_several_host_threads_at_once() {
    let Some(p) = build("stream_threads", &["gfx906"]) else {
        return;
    };
    passes(&exec(&[], &p, &[]), "PASS stream_threads");
}

/// The stream-ordered allocator, writes of a value in stream order, managed memory's hints.
#[test]
fn stream_ordered_memory_operations() {
    let Some(p) = build("stream_memory", &["gfx906", "gfx803"]) else {
        return;
    };
    for gpu in ["gfx906", "gfx803"] {
        passes(&exec(&["-a", gpu], &p, &[]), "PASS stream_memory");
    }
}

/// Memory pools: default, current and created pools, blocks kept and given out again,
/// trimming, ROCm's figures, access between two devices, misuse.
#[test]
fn memory_pools() {
    let Some(p) = build("mem_pools", &["gfx906", "gfx803"]) else {
        return;
    };
    passes(&exec(&["-a", "gfx803"], &p, &[]), "PASS mem_pools devices=1");
    passes(&exec(&["--devices", "2"], &p, &[]), "PASS mem_pools devices=2");
}

/// hiprtc: a source compiled at run time (by clang-15) for the GPU of `-a`, name expressions,
/// a header, options, a compilation error's log; loaded and launched with the module API.
#[test]
fn runtime_compilation() {
    let Some(p) = build("rtc", &["gfx906"]) else {
        return;
    };
    passes(&exec(&[], &p, &[]), "PASS rtc gfx906:sramecc+:xnack-");
    passes(&exec(&["-a", "gfx803"], &p, &[]), "PASS rtc gfx803");
}

/// `__managed__` variables shared by the host and kernels, with their initial values.
#[test]
fn managed_variables() {
    let Some(p) = build("managed", &["gfx906", "gfx900", "gfx803"]) else {
        return;
    };
    passes_on_each_gpu(&p, &[], "PASS managed");
}

/// Graphs: explicit graphs of every node kind with dependencies, executable graphs launched
/// and updated, stream capture on one and across two streams, HIP 5.2's errors for misuse.
#[test]
fn graphs_and_stream_capture() {
    let Some(p) = build("graphs", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS graphs");
}

/// Value waits held by pinned memory the host sets (every compare, 32 and 64 bits, masks),
/// value writes in stream order, a never-met wait given up with `hipErrorLaunchTimeOut`.
#[test]
fn stream_value_waits_and_writes() {
    let Some(p) = build("stream_values", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS stream_values 16 waits");
}

/// Peers on two devices: peer access (a kernel on device 0 reads and writes device 1's
/// allocations; ROCm 5.2's errors; a fault once disabled), copies between the devices by
/// hipMemcpyPeer and, in stream order, hipMemcpyPeerAsync.
#[test]
fn peer_copies_and_peer_access() {
    let Some(p) = build("peer", &GPUS) else { return };
    for gpu in GPUS {
        passes(&exec(&["--devices", "2", "-a", gpu], &p, &[]), "PASS peer");
    }
}

/// The driver API's pointer queries, device UUIDs, an unaligned 2D copy.
#[test]
fn pointer_attributes_and_uuids() {
    let Some(p) = build("pointers", &["gfx906", "gfx803"]) else {
        return;
    };
    passes(&exec(&["-a", "gfx803"], &p, &[]), "PASS pointers devices=1");
    passes(&exec(&["--devices", "2"], &p, &[]), "PASS pointers devices=2");
}

/// The driver API's contexts on two devices: the stack per thread, push/pop, primary retains.
#[test]
fn driver_contexts_are_the_devices() {
    let Some(p) = build("contexts", &["gfx906"]) else {
        return;
    };
    passes(&exec(&["--devices", "2"], &p, &[]), "PASS contexts");
}

/// `hipStreamPerThread` and the `_spt` forms: each host thread's own stream.
#[test]
fn per_thread_default_streams() {
    let Some(p) = build_with("per_thread", &["gfx906"], &["-ldl"]) else {
        return;
    };
    passes(&exec(&[], &p, &[]), "PASS per_thread");
}

/// Limits, shared-memory and function configurations, the driver and extension forms of memory
/// calls, and a cooperative launch of an ordinary kernel (one too large refused with ROCm's
/// `hipErrorCooperativeLaunchTooLarge`, saying why).
#[test]
fn configuration_calls_driver_memory_and_cooperative_launch() {
    let Some(p) = build("config_calls", &["gfx906"]) else {
        return;
    };
    let o = exec(&[], &p, &[]);
    passes(&o, "PASS config_calls");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("fit on the GPU at once"), "{err}");
}

/// Cooperative launches: `this_grid().sync()` (global wave sync on the kernel machine, the
/// whole grid resident) in a three-phase reduction over 24 work-groups and a prefix sum over
/// 40 with 12 grid barriers, each against the host, on each GPU; a grid too large refused
/// (`hipErrorCooperativeLaunchTooLarge`). A grid barrier outside a cooperative launch and one
/// a work-group never reaches are launch failures naming why, never a hang. Under `--check`
/// the program has no findings, and a race across the barrier's one side is found.
#[test]
fn cooperative_launches_sync_the_grid() {
    let Some(p) = build("cooperative", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS cooperative");
    let o = exec(&["--check"], &p, &[]);
    passes(&o, "PASS cooperative");
    assert!(String::from_utf8_lossy(&o.stderr).contains("check: 0 findings"));
    for (mode, says) in [
        ("ordinary", "needs the whole grid resident: a cooperative launch"),
        ("partial", "the grid cannot go on: 7 wave(s) wait at ds_gws_barrier"),
    ] {
        let o = exec(&[], &p, &[mode]);
        assert_eq!(o.status.code(), Some(3), "{mode}");
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains(&format!("{mode}: hipErrorLaunchFailure")), "{out}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(says), "{mode}");
    }
    let o = exec(&["--check", "race"], &p, &["racy"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("racy: hipSuccess"));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("[race] kernel _Z4racyPi") && err.contains("writes memory that work-group"),
        "{err}"
    );
}

/// A cooperative launch on several devices (`hipLaunchCooperativeKernelMultiDevice`): one
/// grid per device, three rounds of exchanging values through pinned memory between
/// `this_multi_grid().sync()`s against the host, the multi-grid group's rank, size and thread
/// rank; on two and three gfx906 devices and two gfx803 ones, and under `--check`; ROCm's
/// errors for bad launch lists; a grid that faults stops the others.
#[test]
fn cooperative_launches_on_several_devices() {
    let Some(p) = build("multi_grid", &["gfx906", "gfx803"]) else {
        return;
    };
    for args in [
        &["--devices", "2"][..],
        &["--devices", "3"],
        &["-a", "gfx803", "--devices", "2"],
    ] {
        let o = exec(args, &p, &[]);
        passes(&o, "PASS multi_grid");
        // The last launch: grid 1 faults, and every other grid stops rather than waiting
        // at the multi-grid barrier until its budget runs out.
        let err = String::from_utf8_lossy(&o.stderr);
        let stopped = err
            .matches("stopped: another grid of the same cooperative launch failed")
            .count();
        assert_eq!(stopped + 1, args[args.len() - 1].parse::<usize>().unwrap(), "{err}");
    }
    let o = exec(&["--devices", "2", "--check"], &p, &[]);
    passes(&o, "PASS multi_grid");
    assert!(String::from_utf8_lossy(&o.stderr).contains("check: 0 findings"));
}

#[test]
fn device_variables_live_across_launches_and_symbol_copies() {
    let Some(p) = build("globals", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS globals");
}

#[test]
fn rocprim_scan_reduce_and_radix_sort() {
    if !Path::new("/usr/include/rocprim/rocprim.hpp").exists() {
        eprintln!("SKIPPED rocprim: no /usr/include/rocprim (apt-get install librocprim-dev)");
        return;
    }
    let Some(p) = build_with("rocprim", &GPUS, &["-std=c++17"]) else {
        return;
    };
    passes_on_each_gpu(&p, &["200000"], "PASS rocprim n=200000 sum=-738663");
}

#[test]
fn rocrand_runs_its_own_code_objects() {
    if !Path::new("/usr/include/rocrand/rocrand.h").exists() {
        eprintln!("SKIPPED rocrand: no /usr/include/rocrand (apt-get install librocrand-dev)");
        return;
    }
    let Some(p) = build_with("rocrand", &GPUS, &["-lrocrand"]) else {
        return;
    };
    passes_on_each_gpu(&p, &[], "PASS rocrand");
}

#[test]
fn rocsparse_spmv_runs_its_own_code_objects() {
    if !Path::new("/usr/include/rocsparse/rocsparse.h").exists() {
        eprintln!("SKIPPED rocsparse: no /usr/include/rocsparse (apt-get install librocsparse-dev)");
        return;
    }
    let Some(p) = build_with("rocsparse", &GPUS, &["-std=c++17", "-lrocsparse"]) else {
        return;
    };
    // Single precision (general, adaptive and the generic API's stream kernels) and double
    // (adaptive), each against the host; the library's own code object for each GPU.
    passes_on_each_gpu(&p, &[], "PASS rocsparse n=2000 nnz=30269");
}

#[test]
fn pinned_and_managed_memory_are_shared_with_kernels() {
    let Some(p) = build("pinned", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS pinned");
}

#[test]
fn registered_host_memory_is_shared_with_kernels() {
    let Some(p) = build("hostregister", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS hostregister");
}

#[test]
fn the_module_api_on_a_bundle_built_apart() {
    let Some(p) = build("module", &["gfx906"]) else { return };
    let Some(hipcc) = hipcc() else { return };
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hip/module_kernels.hip");
    let co = Path::new(env!("CARGO_TARGET_TMPDIR")).join("module_kernels.co");
    let o = common::hipcc_command(hipcc)
        .args(["--genco", "--offload-arch=gfx906", "-O2"])
        .arg(&src)
        .arg("-o")
        .arg(&co)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    passes(&exec(&[], &p, &[co.to_str().unwrap()]), "PASS module");
}

#[test]
fn every_modelled_gcn_gpu_runs_the_same_programs() {
    let gpus = ["gfx701", "gfx802", "gfx803", "gfx900"];
    for name in ["saxpy", "ggl", "props"] {
        let Some(p) = build(name, &gpus) else { return };
        for gpu in gpus {
            let (args, want) = match name {
                "saxpy" => (vec![], "PASS saxpy n=100003".to_string()),
                "ggl" => (vec![], "PASS ggl sum=-342".to_string()),
                _ => {
                    let full = if gpu == "gfx900" { "gfx900:xnack-" } else { gpu };
                    (vec![gpu], format!("PASS props {full}"))
                }
            };
            passes(&exec(&["-a", gpu], &p, &args), &want);
        }
    }
}

#[test]
fn pitched_memory_driver_copies_and_attributes() {
    let Some(p) = build("memory2d", &GPUS) else {
        return;
    };
    passes_on_each_gpu(&p, &[], "PASS memory2d");
}

#[test]
fn pitched_volumes_3d_copies_and_sets() {
    let Some(p) = build("memory3d", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS memory3d");
}

#[test]
fn texture_objects_arrays_and_sampling() {
    let Some(p) = build("textures", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS textures");
}

#[test]
fn surface_objects_written_and_read_by_kernels() {
    let Some(p) = build("surfaces", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS surfaces");
}

#[test]
fn mipmapped_arrays_built_level_by_level() {
    let Some(p) = build("mipmaps", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS mipmaps");
}

/// driver_textures.hip loads texref_kernels.hip's bundle (built apart for the three GPUs: the
/// runtime picks each GPU's code object) and binds its texture references.
#[test]
fn driver_api_texture_references_queries_and_array_copies() {
    let Some(p) = build("driver_textures", &GPUS) else {
        return;
    };
    let Some(hipcc) = hipcc() else { return };
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hip/texref_kernels.hip");
    let co = Path::new(env!("CARGO_TARGET_TMPDIR")).join("texref_kernels.co");
    let mut cmd = common::hipcc_command(hipcc);
    cmd.arg("--genco");
    for gpu in GPUS {
        cmd.arg(format!("--offload-arch={gpu}"));
    }
    let o = cmd.arg("-O2").arg(&src).arg("-o").arg(&co).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    passes_on_each_gpu(&p, &[co.to_str().unwrap()], "PASS driver_textures (19 textures)");
}

#[test]
fn device_printf_from_many_waves() {
    let Some(p) = build("printf", &GPUS) else { return };
    for gpu in GPUS {
        printf_prints_what_the_host_prints(&exec(&["-a", gpu], &p, &[]));
    }
}

/// The kernels' 150 lines, in any order, between the host's own, equal to the host's printf
/// of the same values; each device printf returned what the host's returned.
fn printf_prints_what_the_host_prints(o: &Output) {
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    // The host's own lines keep their places around the kernel's.
    assert_eq!(lines.first(), Some(&"host: before"));
    let after = lines.iter().position(|l| *l == "host: after").expect("host: after");
    let mut got: Vec<&str> = lines[1..after].to_vec();
    let mut want: Vec<&str> = lines[after + 1..]
        .iter()
        .filter_map(|l| l.strip_prefix("want "))
        .collect();
    got.sort();
    want.sort();
    assert_eq!(got.len(), 150);
    assert_eq!(got, want);
    assert_eq!(lines.last(), Some(&"printf returned the bytes printed: 150 of 150"));
}

#[test]
fn a_kernel_calls_a_host_function() {
    let Some(p) = build("host_function", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS host_function 300 lanes");
}

#[test]
fn a_failed_device_assert_prints_and_traps() {
    let Some(p) = build("assert", &GPUS) else { return };
    for gpu in GPUS {
        let o = exec(&["-a", gpu], &p, &[]);
        passes(&o, "PASS assert");
        let err = String::from_utf8_lossy(&o.stderr);
        let said = err
            .lines()
            .filter(|l| l.ends_with("Device-side assertion `i < n' failed."))
            .count();
        assert_eq!(said, 4, "{err}");
        assert!(
            err.contains("kernel _Z11check_belowPii") && err.contains("s_trap"),
            "{err}"
        );
    }
}

#[test]
fn device_malloc_and_free() {
    let Some(p) = build("malloc", &GPUS) else { return };
    passes_on_each_gpu(&p, &[], "PASS malloc");
}

#[test]
fn an_unsupported_call_returns_801_and_says_so_once() {
    let Some(p) = build("unsupported", &["gfx906"]) else {
        return;
    };
    let o = exec(&[], &p, &[]);
    passes(&o, "PASS unsupported hipErrorNotSupported");
    let err = String::from_utf8_lossy(&o.stderr);
    let said: Vec<&str> = err.lines().filter(|l| l.contains("hipIpcGetMemHandle")).collect();
    assert_eq!(said, ["gcnkit-hip: hipIpcGetMemHandle is not supported yet"], "{err}");
}

#[test]
fn a_kernel_fault_is_a_launch_failure_naming_the_kernel() {
    let Some(p) = build("fault", &GPUS) else { return };
    for gpu in GPUS {
        let o = exec(&["-a", gpu], &p, &[]);
        passes(&o, "PASS fault hipErrorLaunchFailure");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("kernel _Z4pokePi") && err.contains("memory fault"),
            "{err}"
        );
    }
    // The host writing device memory: SIGSEGV (exec's 128 + 11), after a line naming the
    // address as device 0's.
    let o = exec(&[], &p, &["host"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(139), "{err}");
    assert!(
        err.contains("gcnkit-hip: the host touched device memory at 0x2000000000")
            && err.contains("(device 0's addresses)"),
        "{err}"
    );
}

#[test]
fn several_devices_each_thread_its_own() {
    let Some(p) = build("devices", &["gfx906", "gfx803"]) else {
        return;
    };
    passes(&exec(&[], &p, &["1"]), "PASS devices 1");
    passes(&exec(&["--devices", "2"], &p, &["2"]), "PASS devices 2");
    passes(&exec(&["--devices", "3", "-a", "gfx803"], &p, &["3"]), "PASS devices 3");
    // The environment line's way: GCNKIT_DEVICES.
    let dir = tempfile_dir("envdevices");
    let link = dir.join("libamdhip64.so.5");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(tools().join("libgcnkit_hip.so"), &link).unwrap();
    let o = run_bounded(
        Command::new(&p)
            .env("LD_LIBRARY_PATH", &dir)
            .env("GCNKIT_DEVICES", "4")
            .arg("4"),
    );
    passes(&o, "PASS devices 4");
}

#[test]
fn exec_errors_exit_2_and_the_status_is_the_programs() {
    let gcnkit = tools().join("gcnkit");
    let run = |args: &[&str]| Command::new(&gcnkit).arg("exec").args(args).output().unwrap();
    assert_eq!(run(&["--", "/no/such/program"]).status.code(), Some(2));
    assert_eq!(run(&["-a", "gfx1030", "--", "true"]).status.code(), Some(2));
    assert_eq!(run(&["--devices", "0", "--", "true"]).status.code(), Some(2));
    assert_eq!(run(&["--devices", "17", "--", "true"]).status.code(), Some(2));
    assert_eq!(run(&["--", "sh", "-c", "exit 7"]).status.code(), Some(7));
    // The program sees the runtime first on LD_LIBRARY_PATH (both names: a program may
    // dlopen "libamdhip64.so").
    let o = run(&["--", "sh", "-c", "ls \"${LD_LIBRARY_PATH%%:*}\""]);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        "libamdhip64.so\nlibamdhip64.so.5"
    );
}

/// symbols.tsv: (name, version node) of every row.
fn table() -> Vec<(String, String)> {
    let t = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("symbols.tsv")).unwrap();
    t.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), f[1].to_string())
        })
        .collect()
}

/// `name@@node` / `name@node` of every defined dynamic symbol of a library (readelf).
fn exported(lib: &Path) -> Option<std::collections::BTreeSet<(String, String)>> {
    let o = Command::new("readelf")
        .args(["-W", "--dyn-syms"])
        .arg(lib)
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&o.stdout);
    let mut out = std::collections::BTreeSet::new();
    for l in text.lines() {
        let f: Vec<&str> = l.split_whitespace().collect();
        // Num: Value Size Type Bind Vis Ndx Name
        if f.len() < 8 || f[6] == "UND" || f[3] != "FUNC" {
            continue;
        }
        let name = f[7].split(" (").next().unwrap_or(f[7]);
        if let Some((n, v)) = name.split_once('@') {
            out.insert((n.to_string(), v.trim_start_matches('@').to_string()));
        }
    }
    Some(out)
}

#[test]
fn every_symbol_is_exported_on_its_version_node() {
    let lib = tools().join("libgcnkit_hip.so");
    let Some(ours) = exported(&lib) else {
        eprintln!("SKIPPED: readelf is not on PATH");
        return;
    };
    let rows = table();
    assert_eq!(rows.len(), 409);
    for (n, v) in &rows {
        assert!(ours.contains(&(n.clone(), v.clone())), "{n}@@{v} is not exported");
    }
    let o = Command::new("readelf").args(["-d"]).arg(&lib).output().unwrap();
    assert!(String::from_utf8_lossy(&o.stdout).contains("Library soname: [libamdhip64.so.5]"));
    // Where Debian's real library is installed, it exports exactly these.
    let real = Path::new("/usr/lib/x86_64-linux-gnu/libamdhip64.so.5");
    if let Some(theirs) = real.exists().then(|| exported(real)).flatten() {
        let want: std::collections::BTreeSet<_> = rows.into_iter().collect();
        assert_eq!(theirs, want, "symbols.tsv differs from {}", real.display());
    }
}

/// The profiler interface's names (`hipApiName`, `hipGetCmdName`: every id up to 0x1400), the
/// error names and strings (`hipGetErrorName`, `hipGetErrorString`: every code up to 0x480;
/// HIP 5.2's string is the name) and the debugger's build strings are those of Debian's real
/// library, where it is installed
/// (tests/hip/profiler_names.c loads both, each in a namespace of its own).
#[test]
fn profiler_names_are_the_real_librarys() {
    let real = Path::new("/usr/lib/x86_64-linux-gnu/libamdhip64.so.5");
    if !real.exists() {
        eprintln!("SKIPPED: Debian's libamdhip64.so.5 is not installed");
        return;
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hip/profiler_names.c");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("profiler_names");
    let st = Command::new("cc").arg(&src).arg("-o").arg(&exe).arg("-ldl").status();
    match st {
        Ok(s) => assert!(s.success(), "cc {} failed", src.display()),
        Err(e) => {
            eprintln!("SKIPPED: no C compiler (cc): {e}");
            return;
        }
    }
    let o = Command::new(&exe)
        .arg(tools().join("libgcnkit_hip.so"))
        .arg(real)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(out.trim(), format!("SAME {}", 2 * 0x1400 + 2 * 0x480 + 3));
}

/// Long waves: kernels spinning on `clock64()` / `wall_clock64()` take that long in time, a
/// kernel waiting for the host's write to pinned memory sees it, and one work-item looping
/// for 2 x 10^8 instructions ends (waves are bounded by time). With `GCNKIT_BUDGET` the
/// first spin stops at its instruction budget instead.
#[test]
fn clocks_count_time_and_long_waves_end() {
    let Some(p) = build("clocks", &["gfx906", "gfx803"]) else {
        return;
    };
    for gpu in ["gfx906", "gfx803"] {
        passes(&exec(&["-a", gpu], &p, &[]), "PASS");
    }
    let o = run_bounded(exec_command(&[], &p, &[]).env("GCNKIT_BUDGET", "100000"));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        err.contains("spin_clock") && err.contains("did not end within its budget of 100000 instructions"),
        "{err}"
    );
}
