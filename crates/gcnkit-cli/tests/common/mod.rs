//! Running the `gcnkit` binary in the CLI tests.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

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
