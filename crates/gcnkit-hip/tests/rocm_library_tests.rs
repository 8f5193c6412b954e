//! The ROCm libraries' own unit tests (GoogleTest), unmodified: rocPRIM's (`test/rocprim`)
//! and rocRAND's (`test`), at the tag of the library Debian installs (librocprim-dev and
//! librocrand-dev 5.3.3: rocPRIM 2.10.9 and rocRAND 2.10.9, `rocm-5.3.3`), taken from the
//! mirrors into the target directory (never into the repository). Each test target is built
//! as the library's CMakeLists builds it (rocPRIM's list of targets and sources is read from
//! there, a `.cpp.in` source configured into its slices; rocRAND's are its `test/*.cpp`, linked
//! with Debian's prebuilt `librocrand.so` and its code objects) by Debian's `hipcc` for gfx906
//! and run whole under `gcnkit exec`: every case compares the device's results with the same
//! computation on the host, or with known sequences. Block, warp and device primitives with
//! DPP, LDS, atomics and decoupled look-back; random-number engines built by AMD: real code
//! nobody here wrote.
//!
//! `GCNKIT_ROCPRIM` / `GCNKIT_ROCRAND`: `all` runs every target of that library, `a,b` the
//! targets whose name contains `a` or `b`; the default is the suite's `selection` (rocPRIM's
//! full list builds for about an hour on two cores). `GCNKIT_LIBRARY_GPUS=gfx906,gfx803,...`
//! builds each binary for those GPUs and runs it on each (default gfx906). Without `hipcc`,
//! GoogleTest, the library's headers or the mirror a suite is skipped with a message.

mod common;

use common::{exec_command, hipcc, try_run_within};
use std::path::{Path, PathBuf};

/// The GPUs the binaries are built for and run on (`GCNKIT_LIBRARY_GPUS`, default gfx906).
fn gpus() -> Vec<String> {
    let v = std::env::var("GCNKIT_LIBRARY_GPUS").unwrap_or_default();
    let list: Vec<String> = v.split(',').filter(|g| !g.is_empty()).map(str::to_string).collect();
    if list.is_empty() {
        vec!["gfx906".to_string()]
    } else {
        list
    }
}

/// How long one target's run may take here.
const LIMIT: std::time::Duration = std::time::Duration::from_secs(900);

/// A library's test suite.
struct Suite {
    /// OWNER/NAME of its repository, and the tag of the installed version.
    repo: &'static str,
    tag: &'static str,
    /// The installed library's version header, and the macro(s) that give its version.
    header: &'static str,
    /// The environment variable that picks targets.
    env: &'static str,
    /// The targets run by default.
    selection: &'static [&'static str],
    /// Test cases left out (GoogleTest negative filters), and why.
    left_out: &'static [(&'static str, &'static str)],
    /// Targets not built or not run here, and why (skipped with a message).
    not_run: &'static [(&'static str, &'static str)],
    /// Targets whose cases matching a GoogleTest filter also run under `exec --check`, which
    /// must find nothing: their code is LLVM's, the oracle for correct waits, hazards and
    /// synchronisation.
    checked: &'static [(&'static str, &'static str)],
    /// The repository's trees the tests need (the tests' directory first).
    trees: &'static [&'static str],
    /// `-I` directories (in the repository) and libraries to link.
    includes: &'static [&'static str],
    libs: &'static [&'static str],
}

const ROCPRIM: Suite = Suite {
    repo: "ROCm/rocPRIM",
    tag: "rocm-5.3.3",
    header: "/usr/include/rocprim/rocprim_version.hpp",
    env: "GCNKIT_ROCPRIM",
    // Device-wide algorithms, block and warp primitives and the intrinsics under them whose
    // tests build in under two minutes each and run in under one here (the device scan's
    // runs five minutes, the run-length encoding's two). The device select's decoupled
    // look-back on two worker threads found the machine's torn 8-byte accesses.
    selection: &[
        "test_device_reduce",
        "test_device_select",
        "test_device_transform",
        "test_block_load_store",
        "test_block_histogram",
        "test_warp_scan",
        "test_intrinsics",
    ],
    left_out: &[
        (
            "*Large*",
            "sizes of 2^32 elements and more (a GPU's minutes, hours here), and 64-bit indices into them",
        ),
        (
            "*Over4G*",
            "the radix sort of 2^32 + 32 bytes (16 GiB of the host's memory for its copies; hours here)",
        ),
    ],
    not_run: &[(
        "test_device_adjacent_difference",
        "Debian's clang-15 crashes in its AMDGPU back end on it (\"failed to annotate CFG\") at -O2 and -O3",
    )],
    // Decoupled look-back through flags and atomics, and DPP and LDS scans of warps.
    checked: &[
        ("test_device_select", "RocprimDeviceSelectTests/0.*"),
        ("test_warp_scan", "*/0.*"),
    ],
    trees: &["test", "CMakeLists.txt"],
    includes: &["test", "test/rocprim"],
    libs: &[],
};

const ROCRAND: Suite = Suite {
    repo: "ROCm/rocRAND",
    tag: "rocm-5.3.3",
    header: "/usr/include/rocrand/rocrand_version.h",
    env: "GCNKIT_ROCRAND",
    // The library's own kernels (host API) for three distributions, and three engines'
    // device API built here (MTGP32's state shared in LDS, Sobol64's direction vectors).
    selection: &[
        "test_rocrand_generate_uniform",
        "test_rocrand_generate_normal",
        "test_rocrand_generate_poisson",
        "test_rocrand_kernel_philox4x32_10",
        "test_rocrand_kernel_mtgp32",
        "test_rocrand_kernel_sobol64",
    ],
    left_out: &[],
    not_run: &[],
    // MTGP32's state shared through LDS between a block's waves.
    checked: &[("test_rocrand_kernel_mtgp32", "*")],
    trees: &["test", "library/src", "CMakeLists.txt"],
    includes: &["library/src", "test"],
    libs: &["-lrocrand"],
};

/// A test target: its name and sources (paths in the repository).
#[derive(Debug)]
struct Target {
    name: String,
    sources: Vec<String>,
    /// `add_rocprim_test_parallel`: one `.cpp.in` source configured into its slices.
    sliced: bool,
}

/// rocPRIM's targets, from `test/rocprim/CMakeLists.txt`: `add_rocprim_test("NAME" "A;B")`
/// and `add_rocprim_test_parallel("NAME" SOURCE)`, named after their first source as CMake
/// names them.
fn rocprim_targets(cmake: &str) -> Vec<Target> {
    let mut out = Vec::new();
    for line in cmake.lines().map(str::trim) {
        let (sliced, rest) = if let Some(r) = line.strip_prefix("add_rocprim_test_parallel(") {
            (true, r)
        } else if let Some(r) = line.strip_prefix("add_rocprim_test(") {
            (false, r)
        } else {
            continue;
        };
        let Some(rest) = rest.strip_suffix(')') else { continue };
        let Some((_, sources)) = rest.split_once(' ') else {
            continue;
        };
        let sources: Vec<String> = sources
            .trim_matches('"')
            .split(';')
            .map(|s| format!("test/rocprim/{s}"))
            .collect();
        // (The functions' own definitions name variables, not files.)
        if sources.iter().any(|s| s.contains('$')) {
            continue;
        }
        let first = Path::new(&sources[0])
            .file_name()
            .unwrap()
            .to_string_lossy()
            .to_string();
        out.push(Target {
            name: first.split('.').next().unwrap_or_default().to_string(),
            sources,
            sliced,
        });
    }
    out
}

/// rocRAND's targets: every `test/*.cpp` (its CMakeLists globs them), one binary each.
fn rocrand_targets(test: &Path) -> Vec<Target> {
    let mut names: Vec<String> = std::fs::read_dir(test)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".cpp"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| Target {
            name: n.trim_end_matches(".cpp").to_string(),
            sources: vec![format!("test/{n}")],
            sliced: false,
        })
        .collect()
}

/// The values `NAME == N` takes in `text`, in order, once each (CMake's `get_match_list`).
fn slice_values(text: &str, name: &str) -> Vec<i64> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(name) {
        rest = &rest[at + name.len()..];
        let Some(after) = rest.trim_start().strip_prefix("==") else {
            continue;
        };
        let digits: String = after.trim_start().chars().take_while(char::is_ascii_digit).collect();
        if let Ok(v) = digits.parse() {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// A `.cpp.in` source configured as CMake's `configure_file(@ONLY)` does with `vars` set:
/// `#cmakedefine VAR @VAR@` becomes `#define VAR value`, an unset one a comment.
fn configure(text: &str, vars: &[(&str, i64)]) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let define = line.trim_start().strip_prefix("#cmakedefine").map(str::trim);
        let var = define.and_then(|d| d.split_whitespace().next());
        match (define, vars.iter().find(|(v, _)| Some(*v) == var)) {
            (Some(_), Some((v, value))) => out.push_str(&format!("#define {v} {value}")),
            (Some(d), None) => out.push_str(&format!("/* #undef {d} */")),
            (None, _) => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// The slices of a sliced source, as `add_rocprim_test_parallel` makes them: one file per
/// untyped slice, one per (suite, type) pair of the typed ones; written into `dir`.
fn slices(source: &Path, dir: &Path) -> Vec<PathBuf> {
    let text = std::fs::read_to_string(source).unwrap();
    let stem = source.file_name().unwrap().to_string_lossy().replace(".cpp.in", "");
    std::fs::create_dir_all(dir).unwrap();
    let mut files = Vec::new();
    let mut write = |name: String, vars: [(&str, i64); 3]| {
        let path = dir.join(name);
        std::fs::write(&path, configure(&text, &vars)).unwrap();
        files.push(path);
    };
    let (one, suite, ty) = (
        "ROCPRIM_TEST_SLICE",
        "ROCPRIM_TEST_SUITE_SLICE",
        "ROCPRIM_TEST_TYPE_SLICE",
    );
    for s in slice_values(&text, one) {
        write(format!("{stem}_{s}.cpp"), [(one, s), (suite, -1), (ty, -1)]);
    }
    let types = slice_values(&text, ty);
    for s in slice_values(&text, suite) {
        for &t in &types {
            write(format!("{stem}_typed_{s}_{t}.cpp"), [(one, -1), (suite, s), (ty, t)]);
        }
    }
    files
}

/// The target's binary (built once into `root`).
fn build(hipcc: &Path, suite: &Suite, src: &Path, root: &Path, t: &Target) -> Result<PathBuf, String> {
    let gpus = gpus();
    let out = root.join(format!("{}-{}", t.name, gpus.join("-")));
    if out.exists() {
        return Ok(out);
    }
    let sources: Vec<PathBuf> = if t.sliced {
        slices(&src.join(&t.sources[0]), &root.join(format!("{}.parallel", t.name)))
    } else {
        t.sources.iter().map(|s| src.join(s)).collect()
    };
    let tmp = out.with_extension("tmp");
    let mut cmd = common::hipcc_command(hipcc);
    for g in &gpus {
        cmd.arg(format!("--offload-arch={g}"));
    }
    cmd.args(["-O2", "-std=c++14", "-w"]);
    for i in suite.includes {
        cmd.arg("-I").arg(src.join(i));
    }
    let o = cmd
        .args(&sources)
        .args(suite.libs)
        .args(["-lgtest", "-lgtest_main", "-lpthread", "-o"])
        .arg(&tmp)
        .output()
        .map_err(|e| format!("hipcc: {e}"))?;
    if !o.status.success() {
        let err = String::from_utf8_lossy(&o.stderr);
        let first: Vec<&str> = err.lines().filter(|l| l.contains("error")).take(3).collect();
        return Err(format!("build failed: {}", first.join(" / ")));
    }
    std::fs::rename(&tmp, &out).map_err(|e| e.to_string())?;
    Ok(out)
}

/// Runs a target's binary whole on each GPU; the number of cases that passed, or which
/// failed.
fn run(suite: &Suite, name: &str, exe: &Path) -> Result<usize, String> {
    let mut ok = 0;
    let checked = suite.checked.iter().find(|(t, _)| *t == name).map(|(_, f)| *f);
    for g in gpus() {
        ok += run_on(suite, exe, &g, None).map_err(|e| format!("on {g}: {e}"))?;
        if let Some(f) = checked {
            let n = run_on(suite, exe, &g, Some(f)).map_err(|e| format!("on {g} under --check: {e}"))?;
            eprintln!("     {name} on {g}: {n} cases under --check, nothing found");
        }
    }
    Ok(ok)
}

/// Runs the target's binary on `gpu`, its cases but those left out; with `check`, those
/// matching it under `exec --check`, which must find nothing.
fn run_on(suite: &Suite, exe: &Path, gpu: &str, check: Option<&str>) -> Result<usize, String> {
    let out: Vec<&str> = suite.left_out.iter().map(|(f, _)| *f).collect();
    let filter = format!("--gtest_filter={}-{}", check.unwrap_or("*"), out.join(":"));
    let mut args = vec!["-a", gpu];
    if check.is_some() {
        args.push("--check");
    }
    let mut cmd = exec_command(&args, exe, &[&filter]);
    let o = try_run_within(&mut cmd, LIMIT)?;
    let out = String::from_utf8_lossy(&o.stdout);
    let ok = out.lines().filter(|l| l.starts_with("[       OK ]")).count();
    let failed: Vec<&str> = out.lines().filter(|l| l.starts_with("[  FAILED  ]")).take(4).collect();
    let clean = check.is_none() || String::from_utf8_lossy(&o.stderr).contains("check: 0 findings");
    if o.status.code() == Some(0) && out.contains("[  PASSED  ]") && failed.is_empty() && ok > 0 && clean {
        return Ok(ok);
    }
    let err = String::from_utf8_lossy(&o.stderr);
    let last: Vec<&str> = err.lines().rev().take(3).collect();
    Err(format!("{:?}: {} / {}", o.status, failed.join(" "), last.join(" ")))
}

/// The version in a CMakeLists (the first `"M.m.p"` on a line naming VERSION).
fn cmake_version(cmake: &str) -> Option<String> {
    cmake.lines().filter(|l| l.contains("VERSION")).find_map(|l| {
        l.split('"')
            .skip(1)
            .step_by(2)
            .find(|s| s.split('.').count() == 3 && s.split('.').all(|p| p.parse::<u32>().is_ok()))
            .map(str::to_string)
    })
}

/// The installed library's version from its header: `*_VERSION_MAJOR/MINOR/PATCH`, or one
/// `*_VERSION M*100000 + m*100 + p` number.
fn header_version(header: &str) -> Option<String> {
    let value = |suffix: &str| {
        header.lines().find_map(|l| {
            let mut w = l.split_whitespace();
            (w.next() == Some("#define") && w.next().is_some_and(|n| n.ends_with(suffix)))
                .then(|| w.collect::<Vec<_>>().join(" "))
        })
    };
    match (
        value("_VERSION_MAJOR"),
        value("_VERSION_MINOR"),
        value("_VERSION_PATCH"),
    ) {
        (Some(a), Some(b), Some(c)) => Some(format!("{a}.{b}.{c}")),
        _ => {
            let n: u32 = value("_VERSION")?.parse().ok()?;
            Some(format!("{}.{}.{}", n / 100_000, n / 100 % 1000, n % 100))
        }
    }
}

/// Builds (two hipcc threads) and runs (this thread) the suite's chosen targets.
fn run_suite(suite: &Suite, targets: impl Fn(&Path) -> Vec<Target>) {
    let name = suite.repo.split('/').nth(1).unwrap();
    let Some(hipcc) = hipcc() else {
        eprintln!("SKIPPED {name}'s tests: hipcc is not on PATH (apt-get install hipcc)");
        return;
    };
    for (what, path) in [
        ("its headers", suite.header),
        ("GoogleTest", "/usr/include/gtest/gtest.h"),
    ] {
        if !Path::new(path).exists() {
            eprintln!(
                "SKIPPED {name}'s tests: no {what} ({path}; apt-get install lib{}-dev libgtest-dev)",
                name.to_lowercase()
            );
            return;
        }
    }
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-tests", name.to_lowercase()));
    let mut src = None;
    for tree in suite.trees {
        match common::mirror_tree(suite.repo, &work, suite.tag, tree, "") {
            Ok(t) => src = src.or(t.parent().map(Path::to_path_buf)),
            Err(why) => {
                eprintln!("SKIPPED {name}'s tests: {why}");
                return;
            }
        }
    }
    let src = src.unwrap();
    let tag_version = cmake_version(&std::fs::read_to_string(src.join("CMakeLists.txt")).unwrap_or_default());
    let installed = header_version(&std::fs::read_to_string(suite.header).unwrap_or_default());
    if tag_version.is_none() || tag_version != installed {
        eprintln!(
            "SKIPPED {name}'s tests: {} is {name} {tag_version:?}, the installed headers are {installed:?}",
            suite.tag
        );
        return;
    }
    let all = targets(&src);
    let chosen = std::env::var(suite.env).unwrap_or_default();
    let some: Vec<&str> = chosen.split(',').filter(|p| !p.is_empty()).collect();
    let picked: Vec<&Target> = all
        .iter()
        .filter(|t| match chosen.as_str() {
            "all" => true,
            "" => suite.selection.contains(&t.name.as_str()),
            _ => some.iter().any(|s| t.name.contains(s)),
        })
        .collect();
    if chosen.is_empty() {
        assert_eq!(
            picked.len(),
            suite.selection.len(),
            "the selection names targets {name} does not have"
        );
    }
    assert!(
        !picked.is_empty(),
        "no target of {name}'s matches {}={chosen}",
        suite.env
    );
    let picked: Vec<&Target> = picked
        .into_iter()
        .filter(|t| match suite.not_run.iter().find(|(n, _)| *n == t.name) {
            Some((_, why)) => {
                eprintln!("not run {}: {why}", t.name);
                false
            }
            None => true,
        })
        .collect();
    for (f, why) in suite.left_out {
        eprintln!("left out {f}: {why}");
    }
    let root = work.join("build");
    std::fs::create_dir_all(&root).unwrap();
    // hipcc on two threads while the binaries built run on this one.
    let results: Vec<(String, Result<usize, String>)> = common::build_and_run(
        &picked,
        |t| build(&hipcc, suite, &src, &root, t),
        |t, built| {
            let began = std::time::Instant::now();
            let r = built.and_then(|exe| run(suite, &t.name, &exe));
            match &r {
                Ok(n) => eprintln!("ok   {} ({n} cases, {:.1?})", t.name, began.elapsed()),
                Err(why) => eprintln!("fail {} ({:.1?}) {why}", t.name, began.elapsed()),
            }
            r
        },
    )
    .into_iter()
    .map(|(t, r)| (t.name.clone(), r))
    .collect();
    let wrong: Vec<String> = results
        .iter()
        .filter_map(|(n, r)| r.as_ref().err().map(|why| format!("FAIL {n}: {why}")))
        .collect();
    let cases: usize = results.iter().filter_map(|(_, r)| r.as_ref().ok()).sum();
    eprintln!(
        "{name}: {} of {} targets pass ({cases} cases)",
        results.len() - wrong.len(),
        results.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn rocprim_unit_tests() {
    run_suite(&ROCPRIM, |src| {
        let cmake = std::fs::read_to_string(src.join("test/rocprim/CMakeLists.txt")).unwrap();
        let t = rocprim_targets(&cmake);
        assert!(t.len() > 40, "only {} targets read from rocPRIM's CMakeLists", t.len());
        t
    });
}

#[test]
fn rocrand_unit_tests() {
    run_suite(&ROCRAND, |src| {
        let t = rocrand_targets(&src.join("test"));
        assert!(t.len() > 20, "only {} targets in rocRAND's test/", t.len());
        t
    });
}

#[cfg(test)]
mod harness {
    use super::*;

    /// The lists, slices and versions read as CMake and the headers give them.
    #[test]
    fn targets_slices_and_versions_as_cmake_makes_them() {
        let cmake = "function(add_rocprim_test TEST_NAME TEST_SOURCES)\n\
                     add_rocprim_test(\"rocprim.basic_test\" \"test_basic.cpp;detail/get_rocprim_version.cpp\")\n\
                     add_rocprim_test_parallel(\"rocprim.block_scan\" test_block_scan.cpp.in)\n\
                     add_rocprim_test_internal(${TEST_NAME} \"${SOURCES}\" ${TEST_TARGET})\n";
        let t = rocprim_targets(cmake);
        assert_eq!(t.len(), 2, "{t:?}");
        assert_eq!(t[0].name, "test_basic");
        assert_eq!(
            t[0].sources,
            [
                "test/rocprim/test_basic.cpp",
                "test/rocprim/detail/get_rocprim_version.cpp"
            ]
        );
        assert!(t[1].sliced && t[1].name == "test_block_scan");
        let text = "#cmakedefine ROCPRIM_TEST_SLICE @ROCPRIM_TEST_SLICE@\n#if ROCPRIM_TEST_SLICE == 0\n\
                    #elif ROCPRIM_TEST_SLICE==1\n#endif\n#cmakedefine OTHER @OTHER@\n";
        assert_eq!(slice_values(text, "ROCPRIM_TEST_SLICE"), [0, 1]);
        let c = configure(text, &[("ROCPRIM_TEST_SLICE", -1)]);
        assert!(c.starts_with("#define ROCPRIM_TEST_SLICE -1\n"), "{c}");
        assert!(c.contains("/* #undef OTHER @OTHER@ */"), "{c}");
        assert_eq!(
            cmake_version("set(VERSION_STRING \"2.10.9\")\n").as_deref(),
            Some("2.10.9")
        );
        assert_eq!(
            cmake_version("rocm_setup_version( VERSION \"2.10.9\" )").as_deref(),
            Some("2.10.9")
        );
        let h = "#define ROCPRIM_VERSION_MAJOR 2\n#define ROCPRIM_VERSION_MINOR 10\n#define ROCPRIM_VERSION_PATCH 9\n";
        assert_eq!(header_version(h).as_deref(), Some("2.10.9"));
        assert_eq!(
            header_version("#define ROCRAND_VERSION 201009\n").as_deref(),
            Some("2.10.9")
        );
    }
}
