//! Driving the emulator from text in the tests: assemble → decode → `emu::step`, with the
//! instruction text in every panic message.

use gcnkit::asm::{assemble_one, Dialect};
use gcnkit::decode::decode;
use gcnkit::emu::{step, Wave};
use gcnkit::{Arch, Instr};

/// Assembles `text` in dialect `d` and decodes the words again.
pub fn asm_d(a: Arch, d: Dialect, text: &str) -> Instr {
    let words = assemble_one(a, d, text).unwrap_or_else(|e| panic!("{a}: `{text}`: {}", e[0].message));
    decode(a, &words).unwrap_or_else(|e| panic!("{a}: `{text}`: {e:?}"))
}

/// Assembles (CLRX dialect).
pub fn asm(a: Arch, text: &str) -> Instr {
    asm_d(a, Dialect::Clrx, text)
}

/// Executes `i` (assembled from `text`) on `w`.
pub fn exec_i(w: &mut Wave, i: &Instr, text: &str) {
    step(w, i).unwrap_or_else(|e| panic!("{}: `{text}`: {e}", w.arch));
}

/// Assembles (CLRX dialect) and executes `text` on `w`.
pub fn run(w: &mut Wave, text: &str) -> Instr {
    let i = asm(w.arch, text);
    exec_i(w, &i, text);
    i
}

/// Assembles (LLVM dialect) and executes `text` on `w`.
pub fn run_llvm(w: &mut Wave, text: &str) -> Instr {
    let i = asm_d(w.arch, Dialect::Llvm, text);
    exec_i(w, &i, text);
    i
}

/// A fresh wave with MODE `mode`.
pub fn wave(a: Arch, mode: u32) -> Wave {
    let mut w = Wave::new(a);
    w.mode = mode;
    w
}

// Reference denormal flushing for the expected values (written apart from the emulator's own):
// a zero exponent keeps only the sign.

pub fn ftz32(x: u32) -> u32 {
    if x & 0x7f80_0000 == 0 {
        x & 0x8000_0000
    } else {
        x
    }
}

pub fn ftz64(x: u64) -> u64 {
    if x & 0x7ff0_0000_0000_0000 == 0 {
        x & 0x8000_0000_0000_0000
    } else {
        x
    }
}

pub fn ftz16(x: u32) -> u32 {
    if x & 0x7c00 == 0 {
        x & 0x8000
    } else {
        x
    }
}
