//! The kernels of an input of `analyze` and `lint`: a HIP program (the code objects of its fat
//! binary for the GPU of `-a`), a code object, assembly text (its kernels, or the whole text as
//! one program) or raw machine code (little-endian words, with `-a`).

use gcnkit::Arch;
use gcnkit_analyze::program::{self, Program};

/// Why an input gives no kernels: a usage error (`-a` against the object's GPU) or a bad input.
pub enum InputError {
    Usage(String),
    Bad(String),
}

/// The kernels of one code object, checking `-a` against it.
fn object_kernels(name: &str, bytes: &[u8], arch: Option<&(Arch, String)>) -> Result<Vec<Program>, InputError> {
    let ks = program::kernels(bytes).map_err(|e| InputError::Bad(format!("{name}: error: {e}")))?;
    if let (Some((a, given)), Some(k)) = (arch, ks.first()) {
        if *a != k.arch {
            return Err(InputError::Usage(format!(
                "error: -a {given} conflicts with the code object's {}",
                k.arch.name()
            )));
        }
    }
    Ok(ks)
}

/// The kernels of input `name`: a HIP program's code objects for the GPU (`-a`), a code
/// object's kernels, assembly text's kernels (or the whole text), or raw little-endian words
/// as one program.
pub fn kernels(name: &str, bytes: &[u8], arch: Option<&(Arch, String)>) -> Result<Vec<Program>, InputError> {
    if let Some(sel) = crate::hipbin::select(name, bytes, arch.map(|a| a.0)) {
        let mut out = Vec::new();
        for e in sel.map_err(InputError::Bad)? {
            out.extend(object_kernels(&format!("{name} ({})", e.target), e.bytes, arch)?);
        }
        return Ok(out);
    }
    if gcnkit::codeobj::is_elf(bytes) {
        let ks = object_kernels(name, bytes, arch)?;
        if ks.is_empty() {
            return Err(InputError::Bad(format!("{name}: error: the code object has no kernel")));
        }
        return Ok(ks);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => program::from_text(name, text, arch.map(|(a, g)| (*a, g.as_str()))).map_err(InputError::Bad),
        Err(_) => {
            // Raw machine code: little-endian words, one program from offset 0.
            if !bytes.len().is_multiple_of(4) {
                return Err(InputError::Bad(format!(
                    "{name}: error: not a code object, HIP program or assembly text, and {} bytes are not whole words",
                    bytes.len()
                )));
            }
            let words: Vec<u32> = bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            let base = std::path::Path::new(name)
                .file_stem()
                .map_or("program".into(), |s| s.to_string_lossy().into_owned());
            Ok(vec![Program::from_words(
                &base,
                arch.map_or(Arch::Gcn12, |a| a.0),
                &words,
            )])
        }
    }
}
