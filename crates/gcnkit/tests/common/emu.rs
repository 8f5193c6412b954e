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

/// Assembles (LLVM dialect) and executes `text` on `w`. The text is remembered for
/// [`same_as_llvm_mc`].
pub fn run_llvm(w: &mut Wave, text: &str) -> Instr {
    let i = asm_d(w.arch, Dialect::Llvm, text);
    SEEN.with(|s| s.borrow_mut().push((w.arch, text.to_string())));
    exec_i(w, &i, text);
    i
}

thread_local! {
    /// The LLVM-syntax texts [`run_llvm`] ran on this thread (one test), by arch.
    static SEEN: std::cell::RefCell<Vec<(Arch, String)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Asserts that llvm-mc (LLVM 14) encodes every text [`run_llvm`] ran in this test as gcnkit's
/// assembler did: the expected values, worked out from LLVM's syntax, are about the words
/// LLVM means. One llvm-mc run per arch.
pub fn same_as_llvm_mc() {
    let mut seen = SEEN.with(|s| std::mem::take(&mut *s.borrow_mut()));
    seen.sort();
    seen.dedup();
    for a in Arch::EVERY {
        let texts: Vec<String> = seen.iter().filter(|(x, _)| *x == a).map(|(_, t)| t.clone()).collect();
        if texts.is_empty() {
            continue;
        }
        for (t, mc) in texts.iter().zip(super::assemble(a, &texts)) {
            let mc = mc.unwrap_or_else(|e| panic!("{a}: llvm-mc refuses `{t}`: {e}"));
            let ours = assemble_one(a, Dialect::Llvm, t).unwrap();
            assert_eq!(ours, mc, "{a}: `{t}`: gcnkit's words differ from llvm-mc's");
        }
    }
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
