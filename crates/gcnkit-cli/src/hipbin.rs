//! HIP programs as inputs of `disasm` and `run`: a host executable or shared library built by
//! hipcc carries its GPU code objects in `.hip_fatbin`; `-a` picks the GPU's.

use gcnkit::codeobj::bundle::{host_entries, HostEntry};
use gcnkit::Arch;

/// The code objects of host binary `data` for `arch` (every bundle's: a shared library has one
/// per translation unit); `None` when `data` is not a host binary with a `.hip_fatbin`.
/// Without `-a`, the binary must hold code for one GPU only.
pub fn select<'a>(name: &str, data: &'a [u8], arch: Option<Arch>) -> Option<Result<Vec<HostEntry<'a>>, String>> {
    let entries = match host_entries(data)? {
        Ok(e) => e,
        Err(e) => return Some(Err(format!("{name}: {e}"))),
    };
    let processor = |e: &HostEntry| e.target.split(':').next().unwrap_or("").to_string();
    let mut targets: Vec<String> = entries.iter().map(|e| e.target.clone()).collect();
    targets.sort();
    targets.dedup();
    let has = if targets.is_empty() {
        "none".to_string()
    } else {
        targets.join(", ")
    };
    let picked: Vec<HostEntry> = match arch {
        Some(a) => entries
            .into_iter()
            .filter(|e| Arch::parse(&processor(e)) == Some(a))
            .collect(),
        None => {
            let mut procs: Vec<String> = entries.iter().map(processor).collect();
            procs.sort();
            procs.dedup();
            if procs.len() > 1 {
                return Some(Err(format!(
                    "{name} is a HIP program with code objects for {}: pick one with -a",
                    procs.join(", ")
                )));
            }
            entries
        }
    };
    if picked.is_empty() {
        let gpu = arch.map_or("a GPU".to_string(), |a| a.to_string());
        return Some(Err(format!(
            "{name}: no code object for {gpu} in the program's fat binary (it has: {has})"
        )));
    }
    Some(Ok(picked))
}
