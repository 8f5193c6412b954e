//! HIP's own Catch2 unit tests, nobody here wrote them: ROCm/HIP's `tests/catch` at
//! `rocm-5.2.3` (HIP 5.2, Debian's), taken at test time from the machine's mirror (never copied
//! into the repository), built by Debian's `hipcc` for gfx906 and run under `gcnkit exec`.
//!
//! Each source of `tests/catch/unit` is built alone with the suite's main (`hipTestMain`), as
//! its CMake builds a directory's sources into one binary (the stream tests with their
//! `streamCommon.cc`); its `config/` directory sits next to the binaries. A binary passes when
//! it exits with 0 and Catch says every test case passed. (`catch.hpp` is compiled with
//! `CATCH_CONFIG_NO_POSIX_SIGNALS`: its alternate signal stack does not compile with this
//! glibc.)
//!
//! By default a [`SELECTION`] runs (a source takes some 15 s of hipcc); `GCNKIT_CATCH=all`
//! runs every source, `GCNKIT_CATCH=A,B` the sources whose paths contain A or B. What fails is
//! in [`KNOWN_GAPS`] with its reason, and the test asserts it still fails. Binaries are kept
//! between runs. Without `hipcc` or the mirror the test is skipped with a message.

mod common;

use common::{exec_command, hipcc, try_run_within};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The tag of ROCm/HIP whose tests match Debian's HIP 5.2.
const TAG: &str = "rocm-5.2.3";

/// The GPU the tests are built for and run on.
const GPU: &str = "gfx906";

/// The sources run by default (under `tests/catch`): those that found the runtime's bugs, and
/// one of each other area.
const SELECTION: &[&str] = &[
    // A graph's copy to pageable memory is done when hipGraphLaunch returns.
    "unit/graph/hipGraphAddMemcpyNodeToSymbol.cc",
    "unit/graph/hipGraphClone.cc",
    // Memcpy nodes' parameters checked as ROCm checks them.
    "unit/graph/hipGraphAddMemcpyNode1D.cc",
    "unit/graph/hipGraphExecMemcpyNodeSetParams1D.cc",
    "unit/graph/hipGraphMemcpyNodeSetParamsToSymbol.cc",
    "unit/device/hipSetDeviceFlags.cc",
    // Launch bounds.
    "unit/kernel/hipLaunchBounds.cc",
    // A blocking stream's synchronisation waits for the null stream.
    "unit/memory/hipMemPrefetchAsyncExtTsts.cc",
    // Pitch 0.
    "unit/memory/hipMemcpyParam2D.cc",
    // ROCm's three stream priorities; a CU mask of no CU.
    "unit/stream/hipStreamGetPriority.cc",
    "unit/stream/hipStreamWithCUMask.cc",
    // hiprtc's builtins have warpSize.
    "unit/rtc/warpsize.cc",
    // Kernels spinning on clock64() for seconds; hipMalloc's coherence mode.
    "unit/memory/hipMemCoherencyTst.cc",
    // One work-item adding 4 M elements (more than 10^8 instructions).
    "unit/memory/hipMemcpy.cc",
    "unit/memory/hipMemset.cc",
    "unit/deviceLib/hipTestDeviceSymbol.cc",
    "unit/event/Unit_hipEventElapsedTime.cc",
    "unit/cooperativeGrps/simple_coalesced_groups.cc",
    // Device printf's formatting against the test's reference text.
    "unit/printf/printfFlags.cc",
    "unit/printf/printfSpecifiers.cc",
];

/// A binary that does not pass yet and why (`SOURCE` under `tests/catch`, and the Catch test
/// cases left out of its run, if any). The test asserts that it still fails.
struct Gap {
    source: &'static str,
    reason: &'static str,
}

const KNOWN_GAPS: &[Gap] = &[Gap {
    source: "unit/event/Unit_hipEventIpc.cc",
    reason: "hipIpcGetEventHandle is not supported (801): no IPC between processes",
}];

/// Catch test cases not run, and why (a filter `~NAME` on the binary's command line).
const LEFT_OUT: &[(&str, &str, &str)] = &[];

/// Sources whose binaries are not run: they spawn helpers or need what is not here.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "unit/deviceLib/BuiltIns_f",
        "gfx90a's atomics on doubles (add, max, min): hipcc refuses them for gfx906",
    ),
    (
        "unit/graph/hipSimpleGraphWithKernel.cc",
        "a graph of 2048 x 512 work-items launched many times: over 5 minutes here",
    ),
    (
        "unit/kernel/hipMemFaultStackAllocation.cc",
        "10^10 element steps with private arrays: far over 5 minutes here",
    ),
];

/// How long one binary may take here.
const LIMIT: std::time::Duration = std::time::Duration::from_secs(300);

fn work_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("catch-tests")
}

/// `tests/catch` of [`TAG`] from the mirror, extracted once into the target directory.
fn checkout() -> Result<PathBuf, String> {
    common::mirror_tree("ROCm/HIP", &work_dir(), TAG, "tests/catch", "hipTestMain/main.cc")
}

/// hipcc with the suite's flags, in `catch`.
fn hipcc_in(hipcc: &Path, catch: &Path, dir: &Path) -> Command {
    let mut cmd = common::hipcc_command(hipcc);
    cmd.current_dir(catch)
        .arg(format!("--offload-arch={GPU}"))
        .args(["-std=c++17", "-w", "-DCATCH_CONFIG_NO_POSIX_SIGNALS"])
        .args([
            "-I",
            "include",
            "-I",
            "external/Catch2",
            "-I",
            "external/picojson",
            "-I",
        ])
        .arg(dir);
    cmd
}

/// Runs `cmd` unless `out` exists; hipcc's complaint if it fails.
fn make(mut cmd: Command, out: &Path) -> Result<(), String> {
    if out.exists() {
        return Ok(());
    }
    let tmp = out.with_extension("tmp");
    let o = cmd.arg("-o").arg(&tmp).output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if !o.status.success() {
        let err = String::from_utf8_lossy(&o.stderr);
        let first: Vec<&str> = err.lines().filter(|l| l.contains("error")).take(3).collect();
        return Err(format!("build failed: {}", first.join(" / ")));
    }
    std::fs::rename(&tmp, out).map_err(|e| e.to_string())
}

/// An object of `source` (under `catch`) in `root`.
fn object(hipcc: &Path, catch: &Path, root: &Path, source: &str) -> Result<PathBuf, String> {
    let out = root.join(format!("{}.o", source.replace('/', "+")));
    let dir = Path::new(source).parent().unwrap_or(Path::new("."));
    let mut cmd = hipcc_in(hipcc, catch, dir);
    cmd.args(["-c", source]);
    make(cmd, &out).map(|_| out)
}

/// The printf tests' helper programs (`unit/printfExe`, plain HIP programs), which they run
/// at `../printfExe/NAME` from their working directory (as ctest runs them from
/// `unit/printf`): built into `root/printfExe`.
fn printf_helpers(hipcc: &Path, catch: &Path, root: &Path) -> Result<(), String> {
    std::fs::create_dir_all(root.join("printfExe")).unwrap();
    for name in ["printfFlags", "printfSepcifiers"] {
        let mut cmd = hipcc_in(hipcc, catch, Path::new("unit/printfExe"));
        cmd.arg(format!("unit/printfExe/{name}.cc"));
        make(cmd, &root.join("printfExe").join(name))?;
    }
    Ok(())
}

/// The binary of `source`, linked with the suite's main.
fn binary(hipcc: &Path, catch: &Path, root: &Path, source: &str) -> Result<PathBuf, String> {
    let mut objects = vec![
        object(hipcc, catch, root, "hipTestMain/main.cc")?,
        object(hipcc, catch, root, "hipTestMain/hip_test_context.cc")?,
        object(hipcc, catch, root, source)?,
    ];
    if source.starts_with("unit/stream/") {
        objects.push(object(hipcc, catch, root, "unit/stream/streamCommon.cc")?);
    }
    let out = root.join(source.replace('/', "+").trim_end_matches(".cc"));
    let mut cmd = hipcc_in(hipcc, catch, Path::new("."));
    cmd.args(&objects);
    make(cmd, &out).map(|_| out)
}

/// The test cases the suite's configuration disables on this platform
/// (`config_amd_linux.json`'s `DisabledTests`): ctest runs each test case alone, and the
/// suite's main skips those; a binary run whole leaves them out by filters.
fn disabled(root: &Path) -> Vec<String> {
    let json = std::fs::read_to_string(root.join("config/config_amd_linux.json")).unwrap();
    let list = json.split_once("\"DisabledTests\"").map_or("", |(_, l)| l);
    let list = list
        .split_once('[')
        .map_or("", |(_, l)| l.split_once(']').map_or("", |(l, _)| l));
    list.split('"').skip(1).step_by(2).map(str::to_string).collect()
}

/// Runs one binary in `root/DIR` (DIR: its source's directory's name); `Err` says how it
/// failed.
fn run(root: &Path, exe: &Path, source: &str) -> Result<(), String> {
    let filters: Vec<String> = LEFT_OUT
        .iter()
        .filter(|(s, _, _)| *s == source)
        .map(|(_, case, _)| case.to_string())
        .chain(disabled(root))
        .map(|case| format!("~{case}"))
        .collect();
    let args: Vec<&str> = filters.iter().map(String::as_str).collect();
    let mut cmd = exec_command(&["-a", GPU], exe, &args);
    let dir = root.join(Path::new(source).parent().unwrap().file_name().unwrap());
    std::fs::create_dir_all(&dir).unwrap();
    cmd.current_dir(dir);
    let o = try_run_within(&mut cmd, LIMIT)?;
    let out = String::from_utf8_lossy(&o.stdout);
    let passed = out.contains("All tests passed")
        || out
            .lines()
            .find_map(|l| l.strip_prefix("test cases:"))
            .is_some_and(|l| !l.contains("failed"));
    if o.status.code() == Some(0) && passed {
        return Ok(());
    }
    let failed: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("FAILED") || l.contains("with expansion"))
        .take(4)
        .collect();
    let err = String::from_utf8_lossy(&o.stderr);
    let last: Vec<&str> = err.lines().rev().take(3).collect();
    Err(format!("{:?}: {} / {}", o.status, failed.join(" "), last.join(" ")))
}

fn sources(catch: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let unit = catch.join("unit");
    let mut dirs: Vec<_> = std::fs::read_dir(&unit)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .collect();
    dirs.sort_by_key(|e| e.file_name());
    for d in dirs {
        let mut files: Vec<_> = std::fs::read_dir(d.path()).unwrap().flatten().collect();
        files.sort_by_key(|e| e.file_name());
        for f in files {
            let name = f.file_name().to_string_lossy().to_string();
            // (printfExe: the printf tests' helper programs.)
            if name.ends_with(".cc") && name != "streamCommon.cc" && d.file_name() != "printfExe" {
                out.push(format!("unit/{}/{name}", d.file_name().to_string_lossy()));
            }
        }
    }
    out
}

#[test]
fn hip_catch_tests() {
    let Some(hipcc) = hipcc() else {
        eprintln!("SKIPPED HIP's catch tests: hipcc is not on PATH (apt-get install hipcc)");
        return;
    };
    let catch = match checkout() {
        Ok(c) => c,
        Err(why) => {
            eprintln!("SKIPPED HIP's catch tests: {why}");
            return;
        }
    };
    let root = work_dir().join("build");
    std::fs::create_dir_all(root.join("config")).unwrap();
    std::fs::copy(
        catch.join("hipTestMain/config/config_amd_linux.json"),
        root.join("config/config_amd_linux.json"),
    )
    .unwrap();
    let chosen = std::env::var("GCNKIT_CATCH").unwrap_or_default();
    let some: Vec<&str> = chosen.split(',').filter(|p| !p.is_empty()).collect();
    let mut paths = sources(&catch);
    paths.retain(|p| match chosen.as_str() {
        "all" => true,
        "" => SELECTION.contains(&p.as_str()) || KNOWN_GAPS.iter().any(|g| g.source == p),
        _ => some.iter().any(|s| p.contains(s)),
    });
    paths.retain(|p| match NOT_RUN.iter().find(|(s, _)| p.starts_with(s)) {
        Some((_, why)) => {
            eprintln!("not run {p}: {why}");
            false
        }
        None => true,
    });
    // The main's objects and the printf helpers first (both binaries' builders would make
    // them at once).
    if paths.iter().any(|p| p.starts_with("unit/printf/")) {
        printf_helpers(&hipcc, &catch, &root).unwrap_or_else(|e| panic!("printf helpers: {e}"));
    }
    for m in [
        "hipTestMain/main.cc",
        "hipTestMain/hip_test_context.cc",
        "unit/stream/streamCommon.cc",
    ] {
        object(&hipcc, &catch, &root, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    // hipcc on two threads while the binaries built run on this one.
    let results: Vec<(String, Result<(), String>)> = common::build_and_run(
        &paths,
        |p| binary(&hipcc, &catch, &root, p),
        |p, built| {
            let began = std::time::Instant::now();
            let r = built.and_then(|exe| run(&root, &exe, p));
            eprintln!(
                "{} {p} ({:.1?}) {}",
                if r.is_ok() { "ok  " } else { "fail" },
                began.elapsed(),
                r.as_ref().err().map_or("", String::as_str)
            );
            r
        },
    )
    .into_iter()
    .map(|(p, r)| (p.clone(), r))
    .collect();
    let mut wrong = Vec::new();
    for (p, r) in &results {
        match (r, KNOWN_GAPS.iter().find(|g| g.source == p)) {
            (Ok(()), None) => {}
            (Err(why), Some(g)) => eprintln!("GAP   {p}: {} ({why})", g.reason),
            (Err(why), None) => wrong.push(format!("FAIL  {p}: {why}")),
            (Ok(()), Some(_)) => wrong.push(format!("FIXED {p}: it passes; take it out of KNOWN_GAPS")),
        }
    }
    let passed = results.iter().filter(|(_, r)| r.is_ok()).count();
    eprintln!("{passed} of {} binaries pass", results.len());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
