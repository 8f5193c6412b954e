//! Machine code from a regular file, mapped into memory rather than read: the disassembler
//! takes its words in place (no copy), and the whole file is one listing.
//!
//! A mapped file that another process shortens while it is being disassembled ends the
//! process with SIGBUS (as it would `grep`, `rg` or `clrxdisasm` reading a file that way);
//! the read path is taken for everything but regular files.

use std::cell::Cell;

/// The pages given back at a time (see [`MappedWords::release`]).
const RELEASE: usize = 4 << 20;

pub struct MappedWords {
    map: memmap2::Mmap,
    /// Bytes at the front given back to the system.
    released: Cell<usize>,
}

impl MappedWords {
    /// The words of the file at `path`; `None` where it cannot be mapped, is empty or is not
    /// a whole number of words (the read path then reads it, and reports what is wrong).
    pub fn open(path: &str) -> Option<MappedWords> {
        if cfg!(target_endian = "big") {
            return None;
        }
        let f = std::fs::File::open(path).ok()?;
        if !f.metadata().ok()?.is_file() {
            return None;
        }
        // SAFETY: the mapping is read-only and private; see the module's note on a file
        // shortened meanwhile.
        let map = unsafe { memmap2::MmapOptions::new().map(&f) }.ok()?;
        if map.is_empty() || map.len() % 4 != 0 {
            return None;
        }
        let _ = map.advise(memmap2::Advice::Sequential);
        Some(MappedWords {
            map,
            released: Cell::new(0),
        })
    }

    /// The file's words (little-endian, as the host's).
    pub fn words(&self) -> &[u32] {
        // SAFETY: a mapping starts on a page boundary (aligned for u32) and holds
        // `len / 4` whole words; any bit pattern is a u32.
        unsafe { std::slice::from_raw_parts(self.map.as_ptr() as *const u32, self.map.len() / 4) }
    }

    /// The bytes before `done` will not be read again: their pages leave this process's
    /// memory (a few megabytes at a time), so that it does not grow with the file.
    pub fn release(&self, done: usize) {
        let from = self.released.get();
        let to = done.min(self.map.len()) / RELEASE * RELEASE;
        if to > from {
            // SAFETY: the pages of a private, unwritten file mapping come back from the
            // file if they are read again; nothing holds a reference into them meanwhile
            // that outlives the call.
            let _ = unsafe {
                self.map
                    .unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, from, to - from)
            };
            self.released.set(to);
        }
    }
}
