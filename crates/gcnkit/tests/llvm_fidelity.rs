//! The LLVM dialect against llvm-mc 14 on the classes of input where assemblers differ most:
//! every source slot of every row, on every arch and in both encodings, written as
//! - hex literals whose bits equal an inline constant of the operand's type (integers at the
//!   operand's width, float bit patterns of every width, sign-extended 16-bit values),
//! - `abs()`/`neg()`/`-|..|` of constants (folded by llvm-mc where the encoding has no modifier
//!   bits, kept as modifier bits in VOP3),
//! - `lds_direct` and `src_lds_direct`,
//! - float literals that overflow, underflow, lose precision or are denormal in the operand's
//!   format.
//!
//! Same words as llvm-mc, or both reject. `GCNKIT_FIDELITY_N` scales the number of values per
//! slot (default 3).

mod common;

use common::{assemble as llvm_assemble, env_n, seed, Rng};
use gcnkit::asm::{assemble, Dialect};
use gcnkit::diag::Severity;
use gcnkit::isa::{isa, Ty};
use gcnkit::layout::{operands, Role};
use gcnkit::operand::FLOAT_CONSTS;
use gcnkit::sample::{instr, Knobs};
use gcnkit::syntax::llvm::print_unchecked;
use gcnkit::Arch;

/// A marker literal the texts are built around: printed as `0x7a5a5a5a`, then replaced.
const MARK: u32 = 0x7a5a_5a5a;

/// Candidate spellings of a source of type `ty`.
fn values(ty: Ty) -> Vec<String> {
    let w = match ty.regs() {
        1 if ty.is_16() => 16,
        1 => 32,
        _ => 64,
    };
    let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    let mut v = Vec::new();
    for i in [-16i64, -1, -7, 0, 1, 64, 65, -17] {
        v.push(format!("{:#x}", i as u64 & mask));
    }
    // A 16-bit operand given a 32-bit sign-extended value; a 32-bit one a 64-bit value.
    v.push("0xfffffff0".into());
    v.push("0xffffffffffffffff".into());
    for (f, h, s, d) in FLOAT_CONSTS {
        v.push(format!("{:#x}", [h as u64, s as u64, d][(w / 32) as usize]));
        v.push(format!("neg({:#x})", [h as u64, s as u64, d][(w / 32) as usize]));
        v.push(format!(
            "abs({:#x})",
            [h as u64, s as u64, d][(w / 32) as usize] ^ (1u64 << (w - 1))
        ));
        v.push(format!("neg({f:?})"));
        v.push(format!("-|{f:?}|"));
    }
    for s in [
        "abs(-16)",
        "neg(0)",
        "neg(0x80000000)",
        "neg(1)",
        "abs(-1)",
        "neg(0.5)",
        "-|v1|",
        "lds_direct",
        "src_lds_direct",
        "neg(lds_direct)",
        "|lds_direct|",
        "1e40",
        "-1e40",
        "1e-40",
        "1e-45",
        "65520.0",
        "65504.0",
        "1e-5",
        "1e-8",
        "6.1035156e-05",
        "0.1",
        "1.5",
        "-0.0",
        "1e-320",
        "3.5e38",
        "0x3ff8000000000000",
        "0x123456789",
        "1.401298464324817e-45",
        "0.15915494309189532",
        "0.15915494",
        "2.3509886e-70",
        // A tie at half precision with a tail beyond single precision (1 + 2^-11 + 2^-40, a
        // subnormal half's 2^-25 + a little): rounded once from the double, not through a
        // float first.
        "1.0004882812500010",
        "-1.0004882812500010",
        "2.9802322388e-08",
    ] {
        v.push(s.into());
    }
    v
}

#[test]
fn constants_modifiers_and_lds_direct_like_llvm_mc() {
    let mut rng = Rng(seed() ^ 0xf1de_1172);
    let per = env_n("GCNKIT_FIDELITY_N", 3);
    let mut fails = Vec::new();
    let mut total = 0;
    let mut same = 0;
    for arch in Arch::EVERY {
        let mut texts = Vec::new();
        for id in 0..isa().defs.len() as u16 {
            for vop3 in [false, true] {
                let knobs = Knobs {
                    scalars: false,
                    literals: false,
                    modifiers: false,
                };
                let mut r = || rng.next();
                let Some(i) = instr(&mut r, arch, id, vop3, knobs) else {
                    continue;
                };
                let d = i.def().unwrap();
                for s in operands(&i, d).as_slice() {
                    let Role::Src(k) = s.role else { continue };
                    if s.implicit {
                        continue;
                    }
                    let mut j = i;
                    j.set_src(k as usize, 255);
                    j.push_literal(MARK);
                    let mut t = String::new();
                    print_unchecked(&mut t, &j);
                    if !t.contains("0x7a5a5a5a") || t.starts_with(".long") {
                        continue;
                    }
                    let vs = values(s.ty);
                    for _ in 0..per {
                        let v = &vs[rng.below(vs.len() as u64) as usize];
                        texts.push(t.replace("0x7a5a5a5a", v));
                    }
                }
            }
        }
        texts.sort();
        texts.dedup();
        let oracle = llvm_assemble(arch, &texts);
        for (t, o) in texts.iter().zip(&oracle) {
            total += 1;
            let (items, diags) = assemble(arch, Dialect::Llvm, "t.s", t);
            let g: Result<Vec<u32>, String> = match diags.iter().find(|d| d.severity == Severity::Error) {
                Some(e) => Err(e.message.clone()),
                None => Ok(items.iter().flat_map(|i| i.words().to_vec()).collect()),
            };
            match (o, &g) {
                (Ok(w), Ok(gw)) if w == gw => same += 1,
                (Err(_), Err(_)) => {}
                _ => fails.push(format!("{arch}: `{t}`: llvm-mc {o:08x?}, gcnkit {g:08x?}")),
            }
        }
    }
    eprintln!("{total} cases, {same} same words, the rest rejected by both");
    for f in fails.iter().take(50) {
        eprintln!("{f}");
    }
    assert!(fails.is_empty(), "{} disagreements with llvm-mc", fails.len());
}
