//! What the HIP test binaries share: the `gcnkit` binary and the runtime built by a nested
//! `cargo build` (a `cdylib` cannot be a dependency), Debian's `hipcc`, and `gcnkit exec` with a
//! time bound so that a hang fails.

// Each test binary that includes this module uses only part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// target/<profile>: where this test binary's `deps/` is.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().and_then(Path::parent).unwrap().to_path_buf()
}

/// Builds `gcnkit` and `libgcnkit_hip.so` once; returns target/<profile>.
pub fn tools() -> &'static Path {
    static DONE: OnceLock<PathBuf> = OnceLock::new();
    DONE.get_or_init(|| {
        let dir = profile_dir();
        let target = dir.parent().unwrap();
        let mut cmd = Command::new(env!("CARGO"));
        cmd.args(["build", "-p", "gcnkit-cli", "-p", "gcnkit-hip"])
            .env("CARGO_TARGET_DIR", target)
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        // The profile this test was built with (`cargo test`: `test`, opt-level 1), so that the
        // build reuses what cargo test built and the kernels do not run unoptimised.
        if dir.file_name().is_some_and(|n| n == "release") {
            cmd.arg("--release");
        } else {
            cmd.args(["--profile", "test"]);
        }
        let st = cmd.status().expect("cargo build");
        assert!(st.success(), "cargo build -p gcnkit-cli -p gcnkit-hip failed");
        dir
    })
}

/// Where this machine keeps its repository mirrors (`OWNER+NAME/repo`, a git directory):
/// `GCNKIT_MIRRORS`, or /work/.mirror.
pub fn mirrors() -> PathBuf {
    std::env::var_os("GCNKIT_MIRRORS").map_or_else(|| PathBuf::from("/work/.mirror"), PathBuf::from)
}

/// `DIR` (`tests/src` of ROCm/HIP, `test` of ROCm/rocPRIM) of `repo` (OWNER/NAME) at `tag`
/// from the mirror, extracted once into `work/tag`; `marker` is a file under DIR whose
/// presence says it was (`""`: DIR is a file). Returns DIR.
pub fn mirror_tree(repo: &str, work: &Path, tag: &str, dir: &str, marker: &str) -> Result<PathBuf, String> {
    let git_dir = mirrors().join(repo.replace('/', "+")).join("repo");
    if !git_dir.exists() {
        return Err(format!(
            "no mirror of {repo} at {} (set GCNKIT_MIRRORS)",
            git_dir.display()
        ));
    }
    let into = work.join(tag);
    let done = if marker.is_empty() {
        into.join(dir)
    } else {
        into.join(dir).join(marker)
    };
    if done.exists() {
        return Ok(into.join(dir));
    }
    std::fs::create_dir_all(&into).unwrap();
    let sh = format!(
        "git --git-dir='{}' archive {tag} {dir} | tar -x -C '{}'",
        git_dir.display(),
        into.display()
    );
    let o = Command::new("sh")
        .arg("-c")
        .arg(&sh)
        .output()
        .map_err(|e| format!("sh: {e}"))?;
    if !o.status.success() {
        let _ = std::fs::remove_dir_all(&into);
        return Err(format!("{sh}: {}", String::from_utf8_lossy(&o.stderr)));
    }
    Ok(into.join(dir))
}

/// `hipcc` as a command whose temporary files go under the tests' own directory: clang
/// leaves two empty directories in `TMPDIR` for each offload build, which would pile up in
/// the machine's /tmp run after run.
pub fn hipcc_command(hipcc: impl AsRef<Path>) -> Command {
    let mut cmd = Command::new(hipcc.as_ref());
    cmd.env("TMPDIR", hipcc_tmp());
    cmd
}

/// The `TMPDIR` of [`hipcc_command`] (for commands that run hipcc themselves).
pub fn hipcc_tmp() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hipcc-tmp");
    let _ = std::fs::create_dir_all(&tmp);
    tmp
}

pub fn hipcc() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("hipcc"))
        .find(|p| p.is_file())
}

/// The GPUs the suite's programs are built for in one binary (`--offload-arch` each) and run
/// on (`exec -a`): each launch runs that GPU's own code object.
pub const GPUS: [&str; 3] = ["gfx906", "gfx900", "gfx803"];

/// How long one program may run before the harness kills it: a program that would hang
/// (a wait that is never met, a lost wake-up) fails instead. Far above any program's time.
pub const HANG: std::time::Duration = std::time::Duration::from_secs(600);

/// `gcnkit exec ARGS -- PROGRAM PROGRAM_ARGS`, bounded by [`HANG`]; prints what it printed.
pub fn exec(args: &[&str], program: &Path, program_args: &[&str]) -> Output {
    let mut cmd = exec_command(args, program, program_args);
    let o = run_bounded(&mut cmd);
    eprintln!(
        "{}: {:?}\nstdout:\n{}stderr:\n{}",
        program.display(),
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// The command `exec` runs, for a caller that sets more (a working directory).
pub fn exec_command(args: &[&str], program: &Path, program_args: &[&str]) -> Command {
    let mut cmd = Command::new(tools().join("gcnkit"));
    cmd.arg("exec").args(args).arg("--").arg(program).args(program_args);
    cmd
}

/// Runs `cmd` to its end, its output captured; kills it (and fails the test) after [`HANG`].
pub fn run_bounded(cmd: &mut Command) -> Output {
    try_run_bounded(cmd).unwrap_or_else(|hang| panic!("{hang}"))
}

/// Runs `cmd` to its end, its output captured; after [`HANG`] kills it and returns why, with
/// what it had printed.
pub fn try_run_bounded(cmd: &mut Command) -> Result<Output, String> {
    try_run_within(cmd, HANG)
}

/// [`try_run_bounded`] with a bound of the caller's.
pub fn try_run_within(cmd: &mut Command, limit: std::time::Duration) -> Result<Output, String> {
    use std::io::Read;
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    // A process group of its own: a run killed for its time takes the program `gcnkit exec`
    // started with it (which would spin on, and hold the output pipes open).
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("gcnkit exec");
    let read = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = r.read_to_end(&mut v);
            v
        })
    };
    let out = read(Box::new(child.stdout.take().unwrap()));
    let err = read(Box::new(child.stderr.take().unwrap()));
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break st;
        }
        if start.elapsed() > limit {
            // `--`: without it procps' kill takes `-PGID` for no process at all.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.kill();
            let _ = child.wait();
            let (o, e) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
            return Err(format!(
                "{cmd:?} did not end within {limit:?} (a hang, or too slow here): killed\nstdout:\n{}stderr:\n{}",
                String::from_utf8_lossy(&o),
                String::from_utf8_lossy(&e)
            ));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    Ok(Output {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    })
}

/// Builds `items` on two threads (hipcc) while this thread runs each as it is built, in the
/// order they come out of the builds; returns each item with what `run` gave for it.
pub fn build_and_run<'a, T: Sync, B: Send, R>(
    items: &'a [T],
    build: impl Fn(&'a T) -> Result<B, String> + Sync,
    mut run: impl FnMut(&'a T, Result<B, String>) -> R,
) -> Vec<(&'a T, R)> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel();
        for _ in 0..2 {
            let (tx, build, next) = (tx.clone(), &build, &next);
            scope.spawn(move || {
                while let Some(t) = items.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                    if tx.send((t, build(t))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        rx.into_iter().map(|(t, built)| (t, run(t, built))).collect()
    })
}
