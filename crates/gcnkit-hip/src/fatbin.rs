//! Clang's HIP fat binaries: `__hipRegisterFatBinary` receives a `__hip_fatbin_wrapper`
//! (magic `HIPF`, version, pointer to an offload bundle, read by
//! [`gcnkit::codeobj::bundle`]). The code object is picked as ROCm picks it: same processor, and every feature the entry fixes
//! (`xnack`, `sramecc`) set the same on the device; an entry that fixes more wins.

use crate::props::Gpu;

pub const WRAPPER_MAGIC: u32 = 0x4849_5046; // "HIPF"
pub use gcnkit::codeobj::bundle::{entries, target_of, Entry, MAGIC as BUNDLE_MAGIC};

/// How well a target id fits the GPU: `None` when it cannot run there, else the number of
/// features it fixes (more is a closer match).
pub fn fit(target: &str, gpu: &Gpu) -> Option<usize> {
    let mut parts = target.split(':');
    if parts.next()? != gpu.processor {
        return None;
    }
    let mut fixed = 0;
    for f in parts {
        let (name, on) = match f.strip_suffix('+') {
            Some(n) => (n, true),
            None => (f.strip_suffix('-')?, false),
        };
        let dev = gpu.features.iter().find(|(n, _)| *n == name)?;
        if dev.1 != on {
            return None;
        }
        fixed += 1;
    }
    Some(fixed)
}

/// The entry to load on `gpu`, or the message HIP's `hipErrorNoBinaryForGpu` deserves
/// (naming the GPU and what the bundle has).
pub fn pick<'a>(entries: &'a [Entry], gpu: &Gpu) -> Result<&'a Entry, String> {
    entries
        .iter()
        .filter_map(|e| Some((e, fit(target_of(&e.id)?, gpu)?)))
        .max_by_key(|(_, f)| *f)
        .map(|(e, _)| e)
        .ok_or_else(|| {
            let has: Vec<&str> = entries.iter().filter_map(|e| target_of(&e.id)).collect();
            format!(
                "no code object for {} in the program's fat binary (it has: {})",
                gpu.arch_name(),
                if has.is_empty() {
                    "none".to_string()
                } else {
                    has.join(", ")
                }
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Picking among entries (their table is read by the library: codeobj::bundle's tests).
    #[test]
    fn picks_as_rocm_does() {
        let e: Vec<Entry> = [
            "host-x86_64-unknown-linux-gnu",
            "hipv4-amdgcn-amd-amdhsa--gfx900",
            "hipv4-amdgcn-amd-amdhsa--gfx906",
            "hipv4-amdgcn-amd-amdhsa--gfx906:sramecc+:xnack-",
            "hipv4-amdgcn-amd-amdhsa--gfx906:xnack+",
        ]
        .iter()
        .map(|id| Entry {
            id: id.to_string(),
            offset: 0,
            size: 0,
        })
        .collect();
        let gfx906 = Gpu::by_name("gfx906").unwrap();
        assert_eq!(
            pick(&e, gfx906).unwrap().id,
            "hipv4-amdgcn-amd-amdhsa--gfx906:sramecc+:xnack-"
        );
        assert_eq!(pick(&e[..3], gfx906).unwrap().id, "hipv4-amdgcn-amd-amdhsa--gfx906");
        let gfx803 = Gpu::by_name("gfx803").unwrap();
        let err = pick(&e, gfx803).unwrap_err();
        assert!(err.contains("gfx803") && err.contains("gfx906:xnack+"), "{err}");
    }
}
