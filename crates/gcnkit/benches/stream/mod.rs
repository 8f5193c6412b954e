//! Deterministic benchmark stream (a module, not a bench target), shared by `benches/disasm.rs` and
//! `examples/gen_stream.rs` (included there with `#[path]`), so the criterion numbers and
//! the CLI/llvm-mc comparison of `scripts/bench-disasm.sh` run over the same instructions.
//!
//! The stream: `n` instructions on one arch, each drawn from every table row that has the
//! chosen form on that arch; the VOP3 form with probability `VOP3_PERCENT`%, else the 32-bit
//! form (VOP2/VOPC, a literal sometimes following). Randomness is a splitmix64 with a fixed
//! seed, so the stream is the same on every machine and every run.

#![allow(dead_code)]

pub mod kernels;

use gcnkit::sample::{self, Knobs};
use gcnkit::{Arch, Instr};

/// Default stream length.
pub const N: usize = 500_000;
/// Default seed (any fixed value will do; this one spells "gcnbench").
pub const SEED: u64 = 0x6763_6e62_656e_6368;
/// Share of VOP3 encodings, in percent.
pub const VOP3_PERCENT: u64 = 40;

/// splitmix64: tiny, deterministic, no dependency.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The table rows that have a 32-bit form / a VOP3 form on `arch`. Probed through
/// `sample::instr` itself, so "has the form" means exactly what the generator accepts.
pub fn rows(arch: Arch) -> (Vec<u16>, Vec<u16>) {
    let n = gcnkit::isa::isa().defs.len();
    let mut probe = SplitMix64(1);
    let mut r = || probe.next();
    let mut e32 = Vec::new();
    let mut e64 = Vec::new();
    for id in 0..n as u16 {
        if sample::instr(&mut r, arch, id, false, Knobs::default()).is_some() {
            e32.push(id);
        }
        if sample::instr(&mut r, arch, id, true, Knobs::default()).is_some() {
            e64.push(id);
        }
    }
    (e32, e64)
}

/// `n` random instructions on `arch` from `seed`.
pub fn instrs(arch: Arch, n: usize, seed: u64) -> Vec<Instr> {
    let (e32, e64) = rows(arch);
    assert!(!e32.is_empty() && !e64.is_empty(), "no rows on {}", arch.name());
    let mut rng = SplitMix64(seed);
    let mut r = || rng.next();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let vop3 = r() % 100 < VOP3_PERCENT;
        let list = if vop3 { &e64 } else { &e32 };
        let id = list[(r() % list.len() as u64) as usize];
        if let Some(i) = sample::instr(&mut r, arch, id, vop3, Knobs::default()) {
            out.push(i);
        }
    }
    out
}

/// The instructions' words, concatenated.
pub fn words(instrs: &[Instr]) -> Vec<u32> {
    let mut w = Vec::with_capacity(instrs.len() * 2);
    for i in instrs {
        w.extend_from_slice(i.words());
    }
    w
}

/// The default benchmark stream: `N` GCN 1.2 instructions.
pub fn gcn12() -> (Vec<Instr>, Vec<u32>) {
    let is = instrs(Arch::Gcn12, N, SEED);
    let w = words(&is);
    (is, w)
}

/// The random stream as assembler source (`examples/gen_source.rs`, `benches/asm.rs`).
pub struct Source {
    /// One instruction per line.
    pub text: String,
    pub lines: usize,
    /// Instructions left out because their text is `.long` data (LLVM text).
    pub long: usize,
    /// Instructions left out because their text does not assemble cleanly back to their words.
    pub odd: usize,
    /// The words the text assembles to.
    pub words: Vec<u32>,
}

/// The words of `text` in `dialect` if it assembles with no diagnostic at all (no error, no
/// warning), else the first diagnostic's message.
fn clean(arch: Arch, dialect: gcnkit::asm::Dialect, text: &str) -> Result<Vec<u32>, String> {
    let (items, diags) = gcnkit::asm::assemble(arch, dialect, "<text>", text);
    match diags.first() {
        Some(d) => Err(format!("{dialect:?}: {}", d.message)),
        None => Ok(items.iter().flat_map(|i| i.words().iter().copied()).collect()),
    }
}

/// `instrs` printed in `syntax`, one per line, keeping an instruction only if its text is no
/// `.long` line and assembles, in that dialect without any diagnostic, back to its words; CLRX
/// text must also do so in the auto dialect (which holds LLVM's constant-bus rule: that drops
/// the words with two scalar reads, which the CLRX dialect takes with a warning). With
/// `debug`, each dropped non-`.long` line goes to stderr with the reason.
pub fn source(instrs: &[Instr], arch: Arch, syntax: gcnkit::syntax::Syntax, debug: bool) -> Source {
    use gcnkit::asm::Dialect;
    use gcnkit::syntax::Syntax;
    let dialects: &[Dialect] = match syntax {
        Syntax::Clrx => &[Dialect::Clrx, Dialect::Auto],
        Syntax::Llvm => &[Dialect::Llvm],
    };
    let mut s = Source {
        text: String::with_capacity(instrs.len() * 48),
        lines: 0,
        long: 0,
        odd: 0,
        words: Vec::with_capacity(instrs.len() * 2),
    };
    let mut line = String::with_capacity(128);
    'next: for i in instrs {
        line.clear();
        gcnkit::syntax::print(&mut line, i, syntax);
        let text = line.trim();
        if text.starts_with(".long") {
            s.long += 1;
            continue;
        }
        for &d in dialects {
            let why = match clean(arch, d, text) {
                Ok(w) if w.as_slice() == i.words() => continue,
                Ok(w) => format!("MISMATCH {d:?} {text} :: {w:08x?} vs {:08x?}", i.words()),
                Err(e) => format!("ERROR {text} :: {e}"),
            };
            if debug {
                eprintln!("{why}");
            }
            s.odd += 1;
            continue 'next;
        }
        s.text.push_str(text);
        s.text.push('\n');
        s.lines += 1;
        s.words.extend_from_slice(i.words());
    }
    s
}
