//! README's commands, as written: every `cargo run --release -- ...` line of its fenced `sh`
//! blocks (the main job of the set-up and the *More* examples; a line ending in `\` continues
//! on the next) runs with `bash -e -o pipefail`, `cargo run --release --` standing for this
//! build's `gcnkit`, in a fresh directory that sees the checkout's `examples/` and `crates/`
//! (the files the commands write land there). Each must exit 0 and print something.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The README's `cargo run --release -- ...` commands, continuation lines joined.
fn commands(readme: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_sh = false;
    let mut pending: Option<String> = None;
    for line in readme.lines() {
        let t = line.trim_start();
        if t.starts_with("```") {
            in_sh = !in_sh && t.trim_start_matches('`').trim() == "sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        let line = match pending.take() {
            Some(p) => p + " " + t,
            None if t.contains("cargo run --release --") => line.to_string(),
            None => continue,
        };
        match line.trim_end().strip_suffix('\\') {
            Some(head) => pending = Some(head.to_string()),
            None => out.push(line),
        }
    }
    out
}

#[test]
fn the_readmes_commands_run_as_written() {
    let root = root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let cmds = commands(&readme);
    assert!(cmds.len() >= 10, "{cmds:#?}");
    let dir = std::env::temp_dir().join(format!("gcnkit-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for sub in ["examples", "crates"] {
        let link = dir.join(sub);
        if !link.exists() {
            std::os::unix::fs::symlink(root.join(sub), link).unwrap();
        }
    }
    let gcnkit = env!("CARGO_BIN_EXE_gcnkit");
    for c in &cmds {
        let line = c.replace("cargo run --release --", gcnkit);
        let o = Command::new("bash")
            .args(["-e", "-o", "pipefail", "-c", &line])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "README command failed: {c}\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            !o.stdout.is_empty() || !o.stderr.is_empty(),
            "README command printed nothing: {c}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
