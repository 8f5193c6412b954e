//! docs/getting-started.md, as written: every fenced `sh` block of the page runs, in order,
//! in a fresh directory, with this build's `gcnkit` first on `PATH` and `GCNKIT_DIR` naming
//! the checkout (the page's set-up, which builds them). Each block runs with `bash -e`, so a
//! failing command fails the test; the blocks' own checks (the OpenCL results, the HIP
//! program's exit status) and the lines they print are checked too. The OpenCL part needs
//! clang-14 and ld.lld-14, the HIP part hipcc: where one is missing, its part is skipped with
//! a note.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn on_path(p: &str) -> bool {
    Command::new(p)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The page's `sh` blocks with the `## ` section each is in.
fn blocks(page: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let (mut section, mut block): (String, Option<String>) = (String::new(), None);
    for line in page.lines() {
        match &mut block {
            Some(b) if line.trim_start().starts_with("```") => {
                out.push((section.clone(), std::mem::take(b)));
                block = None;
            }
            Some(b) => {
                b.push_str(line);
                b.push('\n');
            }
            None if line.starts_with("## ") => section = line[3..].trim().to_string(),
            None if line.trim_start().starts_with("```sh") => block = Some(String::new()),
            None => {}
        }
    }
    assert!(block.is_none(), "a fenced block is not closed");
    out
}

/// libgcnkit_hip.so beside this build's gcnkit (`gcnkit exec` looks there): built with the
/// profile of this test, as the HIP runtime's own tests build it.
fn hip_runtime(bin: &Path) -> bool {
    if bin.join("libgcnkit_hip.so").exists() {
        return true;
    }
    let target = bin.parent().unwrap();
    let mut cmd = Command::new(env!("CARGO"));
    cmd.args(["build", "-p", "gcnkit-hip"])
        .env("CARGO_TARGET_DIR", target)
        .current_dir(root());
    if bin.file_name().is_some_and(|n| n == "release") {
        cmd.arg("--release");
    } else {
        cmd.args(["--profile", "test"]);
    }
    cmd.status().is_ok_and(|s| s.success()) && bin.join("libgcnkit_hip.so").exists()
}

#[test]
fn the_pages_commands_run_as_written() {
    let page = std::fs::read_to_string(root().join("docs/getting-started.md")).unwrap();
    let blocks = blocks(&page);
    let sections: Vec<&str> = blocks.iter().map(|(s, _)| s.as_str()).collect();
    assert!(
        sections.contains(&"OpenCL C") && sections.contains(&"HIP"),
        "{sections:?}"
    );
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_gcnkit"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let dir = std::env::temp_dir().join(format!("gcnkit-getting-started-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let opencl = on_path("clang-14") && on_path("ld.lld-14");
    let hip = on_path("hipcc");
    let hip = hip && hip_runtime(&bin);
    let (mut ran, mut skipped) = (0, 0);
    let mut printed = String::new();
    for (section, block) in &blocks {
        let runs = match section.as_str() {
            "OpenCL C" => opencl,
            "HIP" => hip,
            other => panic!("a command block in section '{other}': the test knows OpenCL C and HIP"),
        };
        if !runs {
            skipped += 1;
            continue;
        }
        let out = Command::new("bash")
            .args(["-e", "-c", block])
            .current_dir(&dir)
            .env("PATH", &path)
            .env("GCNKIT_DIR", root())
            // (clang's temporary directories with the rest, not in /tmp.)
            .env("TMPDIR", &dir)
            .output()
            .unwrap();
        let (so, se) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert!(
            out.status.success(),
            "{section}: this block failed:\n{block}\nstdout:\n{so}\nstderr:\n{se}"
        );
        printed.push_str(&so);
        ran += 1;
    }
    if opencl {
        for line in [
            "scale: all 1000 results right",
            "the re-assembled kernel gives the same bytes",
            "weights@rel32@lo+4",
        ] {
            assert!(
                printed.contains(line),
                "the OpenCL part did not print '{line}':\n{printed}"
            );
        }
    } else {
        eprintln!("skipped the OpenCL part of docs/getting-started.md: clang-14 or ld.lld-14 is missing");
    }
    if hip {
        for line in ["vadd: 0 of 1000 wrong", "_Z4vaddPKfS0_Pfi"] {
            assert!(
                printed.contains(line),
                "the HIP part did not print '{line}':\n{printed}"
            );
        }
    } else {
        eprintln!("skipped the HIP part of docs/getting-started.md: hipcc (or the HIP runtime's build) is missing");
    }
    std::fs::remove_dir_all(&dir).ok();
    eprintln!("docs/getting-started.md: {ran} command blocks ran, {skipped} skipped");
    assert!(ran > 0 || !(opencl || hip));
}
