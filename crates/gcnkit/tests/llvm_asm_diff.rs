//! The assembler's LLVM dialect against llvm-mc 14, on random instructions generated from the
//! table for all four archs — valid ones, and deliberately invalid ones (two SGPRs, a literal
//! in VOP3, registers out of range, an SGPR in VSRC1 of `_e32`, op_sel before GCN 1.4, wrong
//! register widths, a mnemonic of another arch): the same words where llvm-mc accepts, an
//! error where it rejects.

mod common;

use common::{assemble as llvm_assemble, env_n, seed, Rng};
use gcnkit::asm::{assemble, Dialect};
use gcnkit::diag::Severity;
use gcnkit::isa::{isa, Form, X};
use gcnkit::sample::{instr_in, Knobs, Variant};
use gcnkit::syntax::llvm::{print, print_unchecked};
use gcnkit::{Arch, Instr};

fn llvm_text(i: &Instr, checked: bool) -> String {
    let mut s = String::new();
    if checked {
        print(&mut s, i);
    } else {
        print_unchecked(&mut s, i);
    }
    s
}

fn gcnkit_words(arch: Arch, text: &str) -> Result<Vec<u32>, String> {
    let (items, diags) = assemble(arch, Dialect::Llvm, "t.s", text);
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.headline())
        .collect();
    if errors.is_empty() {
        Ok(items.iter().flat_map(|i| i.words().iter().copied()).collect())
    } else {
        Err(errors.join("; "))
    }
}

/// Invalid variants of a valid instruction, as (kind, arch to assemble for, text).
fn invalid_variants(r: &mut Rng, i: &Instr) -> Vec<(&'static str, Arch, String)> {
    let d = i.def().unwrap();
    let a = i.arch;
    let mut out = Vec::new();
    let vop3 = i.enc.is_vop3();
    let nsrc = d.form.nsrc();
    // Two different SGPRs.
    if vop3
        && nsrc >= 2
        && d.src[0].regs() == 1
        && d.src[1].regs() == 1
        && !matches!(d.form, Form::ReadLane | Form::WriteLane)
    {
        let mut j = *i;
        let s0 = 1 + 2 * r.below(10) as u16;
        j.set_src(0, s0);
        j.set_src(1, s0 + 1);
        out.push(("two-sgprs", a, llvm_text(&j, false)));
    }
    // A literal in VOP3.
    if vop3 && !matches!(d.form, Form::ReadLane | Form::WriteLane) {
        let mut j = *i;
        j.set_src(0, 255);
        j.push_literal(0x1234_5678);
        out.push(("literal-in-vop3", a, llvm_text(&j, false)));
    }
    // An SGPR in VSRC1 of the 32-bit form.
    if !vop3 && !matches!(d.form, Form::ReadLane | Form::WriteLane) && d.src[1].regs() == 1 {
        let mut j = *i;
        j.set_src(1, 3);
        let t = llvm_text(&j, false);
        if !t.starts_with(".long") {
            out.push(("sgpr-in-vsrc1", a, t));
        }
    }
    let text = llvm_text(i, true);
    if text.starts_with(".long") {
        return out;
    }
    // A register out of range.
    if let Some(p) = text.find(" v") {
        let rest = &text[p + 2..];
        let n: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !n.is_empty() {
            out.push((
                "vgpr-out-of-range",
                a,
                format!("{}v256{}", &text[..p + 1], &rest[n.len()..]),
            ));
        }
    }
    // op_sel before GCN 1.4.
    if vop3 && a != Arch::Gcn14 {
        out.push(("op_sel-before-1.4", a, format!("{text} op_sel:[1,0,0]")));
    }
    // A 64-bit operand written as one register.
    if let Some(p) = text.find("v[") {
        if let Some(q) = text[p..].find(']') {
            let inner = &text[p + 2..p + q];
            if let Some((lo, _)) = inner.split_once(':') {
                out.push(("wrong-width", a, format!("{}v{lo}{}", &text[..p], &text[p + q + 1..])));
            }
        }
    }
    // The mnemonic on an arch that does not have this instruction (or this form).
    for b in Arch::ALL {
        let has = if vop3 {
            d.e64[b.index()] != X
        } else {
            d.e32[b.index()] != X
        };
        if b != a && !has && d.llvm[b.index()] != d.llvm[a.index()] {
            out.push(("other-arch", b, text.clone()));
            break;
        }
        if b != a && !d.exists_on(b) {
            out.push(("other-arch", b, text.clone()));
            break;
        }
    }
    out
}

#[test]
fn assembler_matches_llvm_mc() {
    let mut rng = Rng(seed() ^ 0xa5a5);
    let per: usize = env_n("GCNKIT_ASM_N", 3);
    let mut cases: Vec<(&'static str, Arch, String)> = Vec::new();
    for arch in Arch::EVERY {
        for id in 0..isa().defs.len() as u16 {
            for v in Variant::ALL {
                for k in 0..per {
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
                    let Some(i) = instr_in(&mut r, arch, id, v, knobs) else {
                        continue;
                    };
                    let t = llvm_text(&i, true);
                    if !t.starts_with(".long") {
                        cases.push(("valid", arch, t));
                    }
                    if k == 1 {
                        let mut r2 = Rng(rng.next());
                        cases.extend(invalid_variants(&mut r2, &i));
                    }
                }
            }
        }
    }
    let mut fails = Vec::new();
    let mut stats: std::collections::BTreeMap<&str, (usize, usize, usize)> = Default::default();
    for arch in Arch::EVERY {
        let mine: Vec<&(&str, Arch, String)> = cases.iter().filter(|c| c.1 == arch).collect();
        let texts: Vec<String> = mine.iter().map(|c| c.2.clone()).collect();
        let oracle = llvm_assemble(arch, &texts);
        for (c, o) in mine.iter().zip(&oracle) {
            let g = gcnkit_words(arch, &c.2);
            let e = stats.entry(c.0).or_default();
            e.0 += 1;
            match (o, &g) {
                (Ok(w), Ok(gw)) if w == gw => e.1 += 1,
                (Err(_), Err(_)) => e.2 += 1,
                _ => fails.push(format!(
                    "{arch} [{}] `{}`: llvm-mc {:?}, gcnkit {:?}",
                    c.0,
                    c.2,
                    o.as_ref().map(|w| format!("{w:08x?}")),
                    g.as_ref().map(|w| format!("{w:08x?}"))
                )),
            }
        }
    }
    for (k, (n, same, both_err)) in &stats {
        eprintln!("{k}: {n} cases, {same} same words, {both_err} rejected by both");
    }
    for f in fails.iter().take(60) {
        eprintln!("{f}");
    }
    assert!(fails.is_empty(), "{} disagreements with llvm-mc", fails.len());
}
