//! Round trip: for every instruction the disassembler prints, in either dialect, assembling the
//! text gives back the same words — or, for hardware words that break an operand rule (two
//! SGPRs read, LDS_DIRECT outside SRC0...), the assembler rejects the text.

mod common;

use common::{seed, Rng};
use gcnkit::asm::{assemble, Dialect};
use gcnkit::decode::decode;
use gcnkit::diag::Severity;
use gcnkit::isa::{isa, Form};
use gcnkit::rules;
use gcnkit::sample::{instr, Knobs};
use gcnkit::syntax::{to_text, Syntax};
use gcnkit::{Arch, Enc, Instr};

fn hex(w: &[u32]) -> String {
    w.iter().map(|w| format!("{w:08x}")).collect::<Vec<_>>().join(" ")
}

/// The words `text` in `syntax` can give back: CLRX's text does not carry a few bits of
/// hardware words (unused VOP3 bits, CLAMP of GCN 1.0/1.1 VOP3B, ABS/NEG of V_CNDMASK's and
/// the carry-ins' SGPR-pair SRC2, ABS/CLAMP of some unused VOP3 opcodes), exactly as
/// clrxdisasm drops them; the LLVM dialect prints such words as `.long` data.
fn expected(i: &Instr, syntax: Syntax) -> Vec<Vec<u32>> {
    if syntax == Syntax::Llvm {
        return vec![i.words().to_vec()];
    }
    let mut j = *i;
    j.words[0] &= !(gcnkit::decode::unused_bits(i) as u32);
    let drop_src2 = i
        .def()
        .map(|d| matches!(d.form, Form::Cndmask | Form::CarryIn))
        .unwrap_or(false);
    if i.enc.is_vop3() && drop_src2 {
        j.abs &= 3;
        j.neg &= 3;
    }
    if i.enc == Enc::Vop3b && !i.arch.is_vi_plus() {
        j.clamp = false;
    }
    let mut out = Vec::new();
    let variants: &[(bool, bool)] = if i.def.is_none() && i.enc.is_vop3() {
        &[(false, false), (true, false), (false, true), (true, true)]
    } else {
        &[(false, false)]
    };
    for &(no_abs, no_clamp) in variants {
        let mut k = j;
        if no_abs {
            k.abs = 0;
        }
        if no_clamp {
            k.clamp = false;
        }
        let (w, n) = gcnkit::encode::encode(&k);
        out.push(w[..n as usize].to_vec());
    }
    out
}

/// Words no assembler should produce: unused opcodes, and words that break an operand rule
/// or use an SGPR range CLRX's assembler refuses (across a 4-register line).
fn is_broken(i: &Instr) -> bool {
    let Some(d) = i.def() else { return true };
    if !rules::check(i, d).is_empty() {
        return true;
    }
    let ops = gcnkit::layout::operands(i, d);
    ops.as_slice()
        .iter()
        .any(|s| s.code < 256 && !s.implicit && !rules::clrx_scalar_range_ok(s.code, s.regs as u16))
}

/// Assembles the text of `i` in `syntax` and compares; returns a failure message.
fn check(i: &Instr, syntax: Syntax) -> Option<String> {
    let text = to_text(i, syntax);
    let dialect = match syntax {
        Syntax::Clrx => Dialect::Clrx,
        Syntax::Llvm => Dialect::Llvm,
    };
    let (items, diags) = assemble(i.arch, dialect, "rt.s", &text);
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.headline())
        .collect();
    let got: Vec<u32> = items.iter().flat_map(|it| it.words().iter().copied()).collect();
    if errors.is_empty() && expected(i, syntax).contains(&got) {
        return None;
    }
    // A word that breaks an operand rule (hardware words no assembler should produce) may be
    // rejected.
    // Words that break a rule need not come back: the assembler may reject their text, or
    // read CLRX's lossy spelling of them (`0x0` for VOP3's literal code) as something valid.
    if is_broken(i) {
        return None;
    }
    Some(format!(
        "{} {:?} `{text}` (words {}): got [{}] {errors:?}",
        i.arch,
        syntax,
        hex(i.words()),
        hex(&got)
    ))
}

#[test]
fn table_instructions_round_trip_both_dialects() {
    let mut rng = Rng(seed() ^ 0x77);
    let mut fails = Vec::new();
    let mut n = 0;
    for arch in Arch::ALL {
        for id in 0..isa().defs.len() as u16 {
            for vop3 in [false, true] {
                for k in 0..6 {
                    let knobs = if k == 0 {
                        Knobs {
                            scalars: false,
                            literals: false,
                            modifiers: false,
                        }
                    } else {
                        Knobs::default()
                    };
                    let mut r = || rng.next();
                    let Some(i) = instr(&mut r, arch, id, vop3, knobs) else {
                        continue;
                    };
                    let i = decode(arch, i.words()).unwrap();
                    for syn in [Syntax::Clrx, Syntax::Llvm] {
                        n += 1;
                        if let Some(f) = check(&i, syn) {
                            fails.push(f);
                        }
                    }
                }
            }
        }
    }
    for f in fails.iter().take(50) {
        eprintln!("{f}");
    }
    assert!(fails.is_empty(), "{} of {n} round trips failed", fails.len());
}

#[test]
fn random_words_round_trip_both_dialects() {
    let mut rng = Rng(seed() ^ 0x99);
    let count: usize = std::env::var("GCNKIT_RT_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20000);
    let mut fails = Vec::new();
    for arch in Arch::ALL {
        for _ in 0..count {
            let w0 = rng.next() as u32;
            let w0 = match rng.below(3) {
                0 => w0 & 0x7fff_ffff,
                1 => (w0 & 0x01ff_ffff) | (0x3e << 25),
                _ => (w0 & 0x03ff_ffff) | (0x34 << 26),
            };
            let words = [w0, rng.next() as u32, rng.next() as u32];
            let Ok(i) = decode(arch, &words) else { continue };
            if i.enc == Enc::Other {
                continue;
            }
            for syn in [Syntax::Clrx, Syntax::Llvm] {
                if let Some(f) = check(&i, syn) {
                    fails.push(f);
                }
            }
        }
    }
    for f in fails.iter().take(50) {
        eprintln!("{f}");
    }
    assert!(fails.is_empty(), "{} round trips failed", fails.len());
}
