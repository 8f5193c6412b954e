//! Mnemonics per dialect and arch: a name is valid in the LLVM dialect exactly where llvm-mc 14
//! takes it, in the CLRX dialect exactly where clrxasm takes it (`tests/data/clrx-names.tsv`,
//! made by `tools/clrx-oracle/names.py`), and `auto` takes the union of the two on that arch,
//! never a name of another arch. Every name the table knows is tried on every arch.

mod common;

use common::{assemble as llvm_assemble, env_n, mcpu, seed, Rng};
use gcnkit::asm::{assemble, Dialect};
use gcnkit::diag::Severity;
use gcnkit::isa::{isa, Dialects};
use gcnkit::sample::{instr, Knobs};
use gcnkit::Arch;
use std::process::Command;

/// Every name the table knows, on any arch, in any dialect.
fn all_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = isa()
        .defs
        .iter()
        .flat_map(|d| {
            d.name
                .iter()
                .chain(d.llvm.iter())
                .copied()
                .chain(d.aliases.iter().map(|a| a.name))
                .filter(|n| !n.is_empty())
                .collect::<Vec<_>>()
        })
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// The names llvm-mc knows on `a`: an unknown one is "invalid instruction" or "instruction not
/// supported on this GPU"; any other message (missing operands) means it knows the name.
fn llvm_knows(a: Arch, names: &[&str]) -> Vec<bool> {
    let out = Command::new(common::llvm_mc())
        .args(["-arch=amdgcn", &format!("-mcpu={}", mcpu(a)), "-show-encoding"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            let input = names.join("\n") + "\n";
            let mut stdin = c.stdin.take().unwrap();
            let t = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
            let o = c.wait_with_output();
            let _ = t.join();
            o
        })
        .expect("llvm-mc (LLVM 14) must be installed: it is the oracle of this test");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut known = vec![true; names.len()];
    for e in stderr.lines() {
        if e.contains("invalid instruction") || e.contains("instruction not supported on this GPU") {
            if let Some(n) = e.split(':').nth(1).and_then(|n| n.parse::<usize>().ok()) {
                known[n - 1] = false;
            }
        }
    }
    known
}

#[test]
fn llvm_dialect_names_are_llvm_mc_names() {
    let names = all_names();
    let mut diffs = Vec::new();
    for a in Arch::EVERY {
        let oracle = llvm_knows(a, &names);
        for (n, want) in names.iter().zip(oracle) {
            let got = isa().lookup_in(a, n, Dialects::LLVM).is_some();
            if got != want {
                diffs.push(format!("{a}: {n}: llvm-mc {want}, gcnkit {got}"));
            }
        }
    }
    for d in &diffs {
        eprintln!("{d}");
    }
    assert!(diffs.is_empty(), "{} names differ from llvm-mc", diffs.len());
}

#[test]
fn clrx_dialect_names_are_clrxasm_names() {
    let tsv = include_str!("data/clrx-names.tsv");
    let mut diffs = Vec::new();
    let mut checked = 0;
    for line in tsv.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        for (k, a) in Arch::EVERY.into_iter().enumerate() {
            let want = c[k + 1] == "y";
            let got = isa().lookup_in(a, c[0], Dialects::CLRX).is_some();
            checked += 1;
            if got != want {
                diffs.push(format!("{a}: {}: clrxasm {want}, gcnkit {got}", c[0]));
            }
        }
    }
    // Every name of the table is in the file (regenerate it when rows are added).
    let listed: std::collections::HashSet<&str> = tsv.lines().skip(1).filter_map(|l| l.split('\t').next()).collect();
    for n in all_names() {
        if !listed.contains(n) {
            diffs.push(format!("{n} is not in clrx-names.tsv (run tools/clrx-oracle/names.py)"));
        }
    }
    for d in &diffs {
        eprintln!("{d}");
    }
    assert!(checked > 1000);
    assert!(diffs.is_empty(), "{} names differ from clrxasm", diffs.len());
}

/// `auto` is the union of the two dialects on the arch: it takes exactly the names one of
/// them takes there.
#[test]
fn auto_takes_the_union_on_the_arch() {
    for a in Arch::EVERY {
        for n in all_names() {
            let t = isa();
            let union = t.lookup_in(a, n, Dialects::CLRX).is_some() || t.lookup_in(a, n, Dialects::LLVM).is_some();
            let (_, diags) = assemble(a, Dialect::Auto, "t.s", n);
            let unknown = diags.iter().any(|d| {
                d.severity == Severity::Error
                    && (d.message.starts_with("unknown instruction") || d.message.contains("does not exist on"))
            });
            assert_eq!(!unknown, union, "{a}: {n}");
        }
    }
}

/// Valid LLVM text of every row and form on one arch, assembled on every other arch: the same
/// words as llvm-mc there, or both reject (a name of another generation is an error).
#[test]
fn every_instruction_on_every_other_arch_like_llvm_mc() {
    let mut rng = Rng(seed() ^ 0x6e61_6d65);
    let per = env_n("GCNKIT_NAMES_N", 1);
    let mut texts = Vec::new();
    for a in Arch::EVERY {
        for id in 0..isa().defs.len() as u16 {
            for vop3 in [false, true] {
                for _ in 0..per {
                    let mut r = || rng.next();
                    let Some(i) = instr(&mut r, a, id, vop3, Knobs::default()) else {
                        continue;
                    };
                    let t = gcnkit::syntax::to_text(&i, gcnkit::syntax::Syntax::Llvm);
                    if !t.starts_with(".long") {
                        texts.push(t);
                    }
                }
            }
        }
    }
    texts.sort();
    texts.dedup();
    let mut fails = Vec::new();
    let mut rejected = 0;
    for b in Arch::ALL {
        let oracle = llvm_assemble(b, &texts);
        for (t, o) in texts.iter().zip(&oracle) {
            let (items, diags) = assemble(b, Dialect::Llvm, "t.s", t);
            let g: Result<Vec<u32>, ()> = if diags.iter().any(|d| d.severity == Severity::Error) {
                Err(())
            } else {
                Ok(items.iter().flat_map(|i| i.words().to_vec()).collect())
            };
            match (o, &g) {
                (Ok(w), Ok(gw)) if w == gw => {}
                (Err(_), Err(_)) => rejected += 1,
                _ => fails.push(format!("{b}: `{t}`: llvm-mc {o:08x?}, gcnkit {g:08x?}")),
            }
        }
    }
    eprintln!("{} texts x 4 archs, {rejected} rejected by both", texts.len());
    for f in fails.iter().take(40) {
        eprintln!("{f}");
    }
    assert!(fails.is_empty(), "{} disagreements with llvm-mc", fails.len());
}
