//! The ISA table against LLVM 14's opcode map (tests/data/llvm14-opcodes.tsv: every VOP2,
//! VOPC and VOP3 mnemonic llvm-mc 14 assembles for tahiti, bonaire, fiji and gfx900, with the
//! opcodes it encodes; regenerate it with llvm-mc as described in tests/data/README-llvm.md).
//! Every LLVM mnemonic must be a row with the same opcodes, and every row of those classes LLVM
//! knows must be in LLVM's map.

use gcnkit::isa::{isa, X};
use gcnkit::syntax::llvm::llvm_has_e64;
use gcnkit::Arch;
use std::collections::HashSet;

fn arch_of(cpu: &str) -> Arch {
    match cpu {
        "tahiti" => Arch::Gcn10,
        "bonaire" => Arch::Gcn11,
        "fiji" => Arch::Gcn12,
        _ => Arch::Gcn14,
    }
}

#[test]
fn table_matches_llvm_opcode_map() {
    let tsv = include_str!("data/llvm14-opcodes.tsv");
    let t = isa();
    let mut errors = Vec::new();
    let mut seen: HashSet<(Arch, u16)> = HashSet::new();
    for line in tsv.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        let (a, name, enc, native, vop3, notes) = (arch_of(c[0]), c[1], c[2], c[3], c[4], c[8]);
        if notes.contains("prints-as:") {
            continue; // an alias LLVM accepts for another row (checked through that row)
        }
        // v_mul_lo_i32 on GCN 1.2+ is LLVM's alias of v_mul_lo_u32.
        if name == "v_mul_lo_i32" && a.is_vi_plus() {
            continue;
        }
        let native: u16 = native.parse().unwrap();
        let vop3: u16 = vop3.parse().unwrap_or(X);
        let ai = a.index();
        let rows: Vec<u16> = t
            .by_name(name)
            .iter()
            .copied()
            .filter(|&id| t.def(id).llvm[ai] == name && t.def(id).exists_on(a))
            .collect();
        if rows.len() != 1 {
            errors.push(format!(
                "{a}: LLVM's {name} ({enc} {native}/{vop3}) matches {} rows",
                rows.len()
            ));
            continue;
        }
        let d = t.def(rows[0]);
        seen.insert((a, rows[0]));
        let (want32, want64) = match enc {
            "VOP2" | "VOPC" => (native, vop3),
            _ => (X, native),
        };
        let ours64 = if llvm_has_e64(d, a) { d.e64[ai] } else { X };
        if d.e32[ai] != want32 || ours64 != want64 {
            errors.push(format!(
                "{a}: {name}: table e32/e64 {}/{}, LLVM {want32}/{want64}",
                d.e32[ai] as i32, ours64 as i32
            ));
        }
    }
    // The map holds the classes of the first table (VOP2, VOPC and the VOP3-only rows); the
    // opcodes of VOP1 and the scalar classes are checked against llvm-mc's encodings of every
    // row by tests/llvm_diff.rs, their names by tests/names.rs.
    for (id, d) in t.defs.iter().enumerate() {
        if !matches!(d.short, gcnkit::isa::Short::Vop2 | gcnkit::isa::Short::Vopc) {
            continue;
        }
        for a in Arch::ALL {
            if d.exists_on(a) && !d.llvm[a.index()].is_empty() && !seen.contains(&(a, id as u16)) {
                errors.push(format!(
                    "{a}: row {} (LLVM name {}) is not in LLVM's map",
                    d.name[a.index()],
                    d.llvm[a.index()]
                ));
            }
        }
    }
    for e in &errors {
        eprintln!("{e}");
    }
    assert!(errors.is_empty(), "{} differences", errors.len());
}
