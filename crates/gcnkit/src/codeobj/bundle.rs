//! Clang's offload bundles (`__CLANG_OFFLOAD_BUNDLE__`, clang-offload-bundler's format): how
//! hipcc ships a program's GPU code objects. A bundle holds one entry per target, its id
//! (`host-x86_64-unknown-linux-gnu`, `hipv4-amdgcn-amd-amdhsa--gfx906[:feature±]...`) and
//! bytes. A host executable or shared library keeps its bundles in `.hip_fatbin` (a shared
//! library one per translation unit, one after another); `__hipRegisterFatBinary` hands the
//! runtime a pointer to one.

pub const MAGIC: &[u8; 24] = b"__CLANG_OFFLOAD_BUNDLE__";

/// One entry of a bundle: its id and where its bytes are (offset, size in the bundle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: String,
    pub offset: u64,
    pub size: u64,
}

/// Reads a bundle's entry table through `read(offset, len)` (a registered bundle's length is
/// not known up front: it is wherever the program's section put it). Sizes are
/// sanity-checked so that a bad bundle is an error, not a wild read.
pub fn entries(read: &dyn Fn(u64, u64) -> Option<Vec<u8>>) -> Result<Vec<Entry>, String> {
    let u64_at = |at: u64| -> Result<u64, String> {
        let b = read(at, 8).ok_or("the bundle is truncated")?;
        Ok(u64::from_le_bytes(b.try_into().map_err(|_| "the bundle is truncated")?))
    };
    let magic = read(0, 24).ok_or("the bundle is truncated")?;
    if magic.as_slice() != MAGIC {
        return Err("not a clang offload bundle (no __CLANG_OFFLOAD_BUNDLE__ magic)".into());
    }
    let n = u64_at(24)?;
    if n > 4096 {
        return Err(format!("the bundle claims {n} entries"));
    }
    let mut at = 32;
    let mut out = Vec::new();
    for _ in 0..n {
        let offset = u64_at(at)?;
        let size = u64_at(at + 8)?;
        let len = u64_at(at + 16)?;
        if len > 4096 || size > 1 << 32 || offset > 1 << 34 {
            return Err("the bundle's entry table is corrupt".into());
        }
        let id = read(at + 24, len).ok_or("the bundle is truncated")?;
        out.push(Entry {
            id: String::from_utf8_lossy(&id).into_owned(),
            offset,
            size,
        });
        at += 24 + len;
    }
    Ok(out)
}

/// The target id of a HIP entry (`gfx906:xnack-`), `None` for the host's or another kind.
pub fn target_of(id: &str) -> Option<&str> {
    if !id.starts_with("hip") {
        return None;
    }
    let at = id.find("amdgcn-amd-amdhsa")? + "amdgcn-amd-amdhsa".len();
    Some(id[at..].trim_start_matches('-'))
}

/// A GPU code object found in a host binary's bundles.
#[derive(Clone, Debug)]
pub struct HostEntry<'a> {
    /// The target id (`gfx906:sramecc+:xnack-`).
    pub target: String,
    /// Which bundle of the section (0 for an executable's one).
    pub bundle: usize,
    pub bytes: &'a [u8],
}

/// The GPU code objects of a host executable or shared library built by hipcc (its
/// `.hip_fatbin` section's bundles); `None` when `data` is not such a file (no ELF, or no
/// `.hip_fatbin`).
pub fn host_entries(data: &[u8]) -> Option<Result<Vec<HostEntry<'_>>, String>> {
    use object::{Object, ObjectSection};
    let file = object::File::parse(data).ok()?;
    let sec = file.section_by_name(".hip_fatbin")?;
    let Ok(bytes) = sec.data() else {
        return Some(Err(".hip_fatbin: its bytes lie outside the file".into()));
    };
    Some(entries_of_section(bytes))
}

/// The code objects of host binary `data` for `arch` (every bundle's: a shared library has one
/// per translation unit); `None` when `data` is not a host binary with a `.hip_fatbin`.
/// Without an arch the binary must hold code for one GPU only; `option` names the caller's
/// way of choosing one (`-a`, `arch=`) in the error.
pub fn for_arch<'a>(
    data: &'a [u8],
    arch: Option<crate::Arch>,
    option: &str,
) -> Option<Result<Vec<HostEntry<'a>>, String>> {
    let entries = match host_entries(data)? {
        Ok(e) => e,
        Err(e) => return Some(Err(e)),
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
            .filter(|e| crate::Arch::parse(&processor(e)) == Some(a))
            .collect(),
        None => {
            let mut procs: Vec<String> = entries.iter().map(processor).collect();
            procs.sort();
            procs.dedup();
            if procs.len() > 1 {
                return Some(Err(format!(
                    "a HIP program with code objects for {}: pick one with {option}",
                    procs.join(", ")
                )));
            }
            entries
        }
    };
    if picked.is_empty() {
        let gpu = arch.map_or("a GPU".to_string(), |a| a.to_string());
        return Some(Err(format!(
            "no code object for {gpu} in the program's fat binary (it has: {has})"
        )));
    }
    Some(Ok(picked))
}

/// Every bundle of a `.hip_fatbin` section (each starts at its magic; bundles are aligned, the
/// gaps zero) and their GPU entries.
fn entries_of_section(sec: &[u8]) -> Result<Vec<HostEntry<'_>>, String> {
    let mut out = Vec::new();
    let mut at = 0usize;
    let mut bundle = 0;
    while let Some(k) = find(&sec[at..], MAGIC) {
        let start = at + k;
        let b = &sec[start..];
        let read = |o: u64, n: u64| b.get(o as usize..(o + n) as usize).map(|s| s.to_vec());
        let list = entries(&read).map_err(|e| format!(".hip_fatbin bundle {bundle}: {e}"))?;
        let mut end = start + 32;
        for e in &list {
            let (o, n) = (e.offset as usize, e.size as usize);
            let bytes = b
                .get(o..o + n)
                .ok_or_else(|| format!(".hip_fatbin bundle {bundle}: entry {} lies outside the section", e.id))?;
            end = end.max(start + o + n);
            if let Some(t) = target_of(&e.id) {
                out.push(HostEntry {
                    target: t.to_string(),
                    bundle,
                    bytes,
                });
            }
        }
        bundle += 1;
        at = end;
    }
    if bundle == 0 {
        return Err(".hip_fatbin holds no clang offload bundle".into());
    }
    Ok(out)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundle(ids: &[&str]) -> Vec<u8> {
        let mut b = MAGIC.to_vec();
        b.extend((ids.len() as u64).to_le_bytes());
        for (k, id) in ids.iter().enumerate() {
            b.extend((1000 + k as u64).to_le_bytes());
            b.extend(10u64.to_le_bytes());
            b.extend((id.len() as u64).to_le_bytes());
            b.extend(id.as_bytes());
        }
        b
    }

    #[test]
    fn entry_tables() {
        let b = bundle(&[
            "host-x86_64-unknown-linux-gnu",
            "hipv4-amdgcn-amd-amdhsa--gfx906:xnack-",
        ]);
        let read = |at: u64, n: u64| b.get(at as usize..(at + n) as usize).map(|s| s.to_vec());
        let e = entries(&read).unwrap();
        assert_eq!(e.len(), 2);
        assert_eq!(e[1].offset, 1001);
        assert_eq!(target_of(&e[1].id), Some("gfx906:xnack-"));
        assert_eq!(target_of(&e[0].id), None);
        assert_eq!(target_of("hip-amdgcn-amd-amdhsa-gfx906"), Some("gfx906"));
        let bad = |_: u64, _: u64| None;
        assert!(entries(&bad).is_err());
        // A section of two bundles whose entries lie outside it: an error, not a panic.
        let mut sec = b.clone();
        sec.extend(&b);
        assert!(entries_of_section(&sec).is_err());
        assert!(entries_of_section(b"nothing here").is_err());
    }
}
