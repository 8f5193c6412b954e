//! `gcnkit exec --check`: `GCNKIT_CHECK=LIST` (the checks, as `--check=LIST` names them)
//! makes every device check every launch (gcnkit-check's run checks). Each launch's findings
//! go, one JSON object a line, to the file `GCNKIT_CHECK_REPORT` names (`gcnkit exec` merges
//! and prints them when the program ends); without it, as text lines on stderr.

use gcnkit_check::run::{Checks, RunChecker};
use gcnkit_check::Finding;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A checker was made ([`from_env`]): host operations need not take the runtime's lock to
/// find out that none was.
static CHECKING: AtomicBool = AtomicBool::new(false);

/// The checker `GCNKIT_CHECK` asks for (a wrong list is said on stderr: no checks).
pub fn from_env() -> Option<Arc<RunChecker>> {
    let list = std::env::var("GCNKIT_CHECK").ok().filter(|v| !v.is_empty())?;
    match Checks::parse(&list) {
        Ok(c) => {
            CHECKING.store(true, Ordering::Relaxed);
            Some(Arc::new(RunChecker::new(c)))
        }
        Err(e) => {
            eprintln!("gcnkit-hip: GCNKIT_CHECK={list}: {e}; no checks");
            None
        }
    }
}

/// Reports one launch's findings.
pub fn report(findings: &[Finding]) {
    if findings.is_empty() {
        return;
    }
    let file = std::env::var_os("GCNKIT_CHECK_REPORT")
        .and_then(|p| std::fs::OpenOptions::new().append(true).create(true).open(p).ok());
    match file {
        Some(mut f) => {
            let mut text = String::new();
            for x in findings {
                text.push_str(&x.to_json().to_string());
                text.push('\n');
            }
            // One write: the lines of a launch stay together.
            if f.write_all(text.as_bytes()).is_err() {
                eprintln!("gcnkit-hip: cannot write the check report");
            }
        }
        None => {
            for x in findings {
                eprintln!("{}", x.to_text());
            }
        }
    }
}

/// A copy or fill the executor is running for a stream (`what`: its API): under
/// `--check race`, its device ranges (address, bytes, written?) take part in the race between
/// streams as launches do. Host memory and runs outside the executor (no place in the order)
/// are not looked at.
pub fn host_op(what: &str, ranges: &[(u64, u64, bool)]) {
    if !CHECKING.load(Ordering::Relaxed) {
        return;
    }
    let Some(order) = crate::queue::current_order() else {
        return;
    };
    crate::runtime::with(|rt| {
        let Some(c) = rt.check.clone() else {
            return;
        };
        for &(addr, n, write) in ranges {
            if let Ok(dev) = rt.device_at(addr) {
                c.host_op(order.clone(), what, (addr, n), write, dev.memory());
            }
        }
        // Reported now: no launch may come after it (a launch reports its own).
        report(&c.take());
    });
}

/// A synchronous copy or fill (`hipMemcpy`, `hipMemset`...; `what`: its API) about to run:
/// under `--check race` an operation on the null stream compares its device ranges
/// ([`host_op`]) where HIP puts it, after the blocking streams' work but not a non-blocking
/// stream's. (The call then waits for everything, so the data are what they were before.)
/// `ranges` are worked out only while checking (a symbol's takes the runtime's lock).
pub fn sync_op(what: &'static str, ranges: impl FnOnce() -> Vec<(u64, u64, bool)>) {
    if !CHECKING.load(Ordering::Relaxed) {
        return;
    }
    let ranges = ranges();
    if ranges.is_empty() {
        return;
    }
    let _ = crate::queue::submit(
        0,
        Box::new(move || {
            host_op(what, &ranges);
            Ok(())
        }),
    );
}
