//! Running the `gcnkit` binary in the CLI tests.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Debian's `hipcc` as a command whose temporary files go in the tests' own directory: clang
/// leaves two empty directories in `TMPDIR` a build, which would pile up in /tmp.
pub fn hipcc_command() -> Command {
    let mut c = Command::new("hipcc");
    c.env("TMPDIR", env!("CARGO_TARGET_TMPDIR"));
    c
}

/// Runs `gcnkit ARGS` with `stdin` as its input.
pub fn gcnkit(args: &[&str], stdin: &[u8]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gcnkit"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gcnkit runs");
    // Written from a thread of its own: the process prints while it reads (a long input
    // would fill both pipes), and may exit (usage error) before reading its input.
    let mut input = c.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = c.wait_with_output().unwrap();
    let _ = writer.join();
    out
}

/// Its standard output.
pub fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Its standard error.
pub fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The HIP runtime (`libgcnkit_hip.so`), built as this test's profile builds (a `cdylib`
/// cannot be a dependency: a nested `cargo build` into this test's own target directory).
pub fn hip_runtime() -> std::path::PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(std::path::Path::parent).unwrap().to_path_buf();
    let mut cmd = Command::new(env!("CARGO"));
    cmd.args(["build", "-p", "gcnkit-hip"])
        .env("CARGO_TARGET_DIR", dir.parent().unwrap())
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    if dir.file_name().is_some_and(|n| n == "release") {
        cmd.arg("--release");
    } else {
        cmd.args(["--profile", "test"]);
    }
    assert!(
        cmd.status().expect("cargo build").success(),
        "cargo build -p gcnkit-hip failed"
    );
    dir.join("libgcnkit_hip.so")
}
