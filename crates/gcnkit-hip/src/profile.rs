//! `gcnkit exec --profile DIR`: `GCNKIT_PROFILE=DIR` makes every device profile every launch
//! (gcnkit-analyze's profiler: per instruction the times a wave executed it, the lanes
//! active, the waits at barriers and `s_waitcnt`). After each launch the kernel's profile is
//! added to `DIR/KERNEL.json` (one file per kernel, its launches added up; a kernel of the
//! same name but other code goes to `DIR/KERNEL.2.json`...). `gcnkit analyze --profile
//! DIR/KERNEL.json` puts it on the kernel's graph.

use gcnkit_analyze::profile::{self, Profiler};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The profiler and its directory, when `GCNKIT_PROFILE` names one.
pub fn from_env() -> Option<(Arc<Profiler>, PathBuf)> {
    let dir = std::env::var_os("GCNKIT_PROFILE").filter(|v| !v.is_empty())?;
    let dir = PathBuf::from(dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("gcnkit-hip: GCNKIT_PROFILE={}: {e}; no profile", dir.display());
        return None;
    }
    Some((Arc::new(Profiler::new()), dir))
}

/// A file name for a kernel: its name with anything but letters, digits, `_`, `.` and `$`
/// made `_` (at most 200 characters).
fn file_stem(kernel: &str) -> String {
    kernel
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "_.$".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(200)
        .collect()
}

/// Adds the launches `p` took since the last call to their kernels' files in `dir`.
pub fn report(p: &Profiler, dir: &Path) {
    for launch in profile::merge(p.take()) {
        let stem = file_stem(&launch.kernel);
        for n in 1.. {
            let path = if n == 1 {
                dir.join(format!("{stem}.json"))
            } else {
                dir.join(format!("{stem}.{n}.json"))
            };
            let total = match std::fs::read_to_string(&path) {
                Ok(t) => match profile::read(&t).ok().and_then(|v| v.into_iter().next()) {
                    // Another kernel of that name (or other code): the next file.
                    Some(mut old) => match old.add(&launch) {
                        Ok(()) => old,
                        Err(_) => continue,
                    },
                    None => continue,
                },
                Err(_) => launch.clone(),
            };
            // Written to a temporary file and renamed: a reader never sees half of it.
            let tmp = path.with_extension("json.tmp");
            let text = format!("{}\n", total.to_json());
            if std::fs::write(&tmp, text)
                .and_then(|_| std::fs::rename(&tmp, &path))
                .is_err()
            {
                eprintln!("gcnkit-hip: cannot write the profile {}", path.display());
            }
            break;
        }
    }
}
