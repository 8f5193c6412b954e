//! Streaming disassembly of a word buffer into text or JSON Lines.

use crate::arch::Arch;
use crate::decode::{decode, DecodeError};
use crate::syntax::{self, Syntax};

/// Output format of [`disassemble`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    Text,
    Json,
}

/// A word stream that ends inside an instruction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Truncated {
    /// Byte offset of the cut instruction.
    pub offset: usize,
    pub error: DecodeError,
}

impl std::fmt::Display for Truncated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "offset 0x{:x}: {}", self.offset, self.error)
    }
}

/// Disassembles `words` (starting at byte `base`), calling `sink` with chunks of whole lines
/// (newlines included) as they are produced, so output can stream. Stops with an error at a
/// truncated instruction, after emitting everything before it.
pub fn disassemble(
    arch: Arch,
    words: &[u32],
    base: usize,
    syntax: Syntax,
    format: Format,
    mut sink: impl FnMut(&str),
) -> Result<usize, Truncated> {
    const CHUNK: usize = 1 << 16;
    let mut buf = String::with_capacity(CHUNK + 4096);
    let mut pos = 0;
    let mut count = 0;
    while pos < words.len() {
        let i = match decode(arch, &words[pos..]) {
            Ok(i) => i,
            Err(error) => {
                sink(&buf);
                return Err(Truncated {
                    offset: base + pos * 4,
                    error,
                });
            }
        };
        match format {
            Format::Text => syntax::print(&mut buf, &i, syntax),
            Format::Json => syntax::json::record(&mut buf, &i, base + pos * 4, syntax),
        }
        buf.push('\n');
        if buf.len() >= CHUNK {
            sink(&buf);
            buf.clear();
        }
        pos += i.len as usize;
        count += 1;
    }
    if !buf.is_empty() {
        sink(&buf);
    }
    Ok(count)
}
