//! A deterministic text dump of the whole built table through its public API (every row, every
//! opcode index, every name lookup), to check that a change to how the table is built leaves
//! its content as it was: run `GCNKIT_ISA_DUMP=/tmp/a.txt cargo test -p gcnkit --lib
//! isa::dump -- --ignored` before and after, and compare the files.
//!
//! Semantics functions print as their symbols' names, read from the test binary's symbol
//! table (their addresses differ from build to build, their names do not).

use super::*;
use crate::enc::{fields, Enc};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The reference point between the symbol table's addresses and the running ones.
#[inline(never)]
fn anchor() {}

/// Function names by running address, from the symbol table of the test binary itself (mangled
/// names without their hash suffix).
fn symbols() -> BTreeMap<usize, String> {
    use object::{Object, ObjectSymbol};
    let data = std::fs::read(std::env::current_exe().unwrap()).unwrap();
    let file = object::File::parse(&*data).unwrap();
    let name = |s: &object::Symbol| {
        let n = s.name().unwrap_or("");
        // Legacy mangling ends in `17h` and 16 hex digits, then `E`.
        match n
            .len()
            .checked_sub(20)
            .filter(|&k| n.ends_with('E') && n[k..].starts_with("17h"))
        {
            Some(k) => format!("{}E", &n[..k]),
            None => n.to_string(),
        }
    };
    let at = file
        .symbols()
        .find(|s| name(s).ends_with("4dump6anchorE"))
        .expect("the anchor's symbol")
        .address();
    let bias = (anchor as fn() as usize).wrapping_sub(at as usize);
    let mut m: BTreeMap<usize, String> = BTreeMap::new();
    for s in file
        .symbols()
        .filter(|s| s.kind() == object::SymbolKind::Text && s.address() != 0)
    {
        let e = m.entry((s.address() as usize).wrapping_add(bias)).or_default();
        // Several names at one address (folded functions): all of them, in order.
        let mut all: Vec<String> = e.split('|').filter(|x| !x.is_empty()).map(String::from).collect();
        all.push(name(&s));
        all.sort();
        all.dedup();
        *e = all.join("|");
    }
    m
}

fn fn_name(syms: &BTreeMap<usize, String>, f: usize) -> String {
    syms.get(&f).cloned().unwrap_or_else(|| "unknown fn".into())
}

fn sem_text(syms: &BTreeMap<usize, String>, s: &Option<Sem>) -> String {
    match s {
        None => "None".into(),
        Some(Sem::Vector(f)) => format!("Vector({})", fn_name(syms, *f as usize)),
        Some(Sem::Scalar(f)) => format!("Scalar({})", fn_name(syms, *f as usize)),
        Some(Sem::Flow(f)) => format!("Flow({f:?})"),
        Some(Sem::Mem(m)) => format!("Mem({m:?})"),
    }
}

/// The dump: rows, opcode indices, names.
pub(super) fn dump(t: &Isa) -> String {
    let mut o = String::new();
    let syms = symbols();
    for (i, d) in t.defs.iter().enumerate() {
        writeln!(
            o,
            "def {i} {:?} {:?} e32={:?} e64={:?} {:?} {:?} dst={:?} src={:?} flags={:#x} aliases={:?} sem={} exec={:?} op={:?} dinfo={}",
            d.name,
            d.llvm,
            d.e32,
            d.e64,
            d.short,
            d.form,
            d.dst,
            d.src,
            d.flags.0,
            d.aliases,
            sem_text(&syms, &d.sem),
            d.exec,
            d.op,
            t.decode_info(i as DefId),
        )
        .unwrap();
    }
    for e in Enc::ALL {
        for a in Arch::EVERY {
            write!(o, "class {} {a:?} info={}:", e.name(), t.class_decode_info(e, a)).unwrap();
            let n = fields(e, a).map_or(1024, |f| 1u32 << f.opcode_bits()) + 64;
            for op in 0..n {
                if let Some(id) = t.by_opcode(e, a, op) {
                    write!(o, " {op}={id}").unwrap();
                }
            }
            o.push('\n');
        }
    }
    let mut names: Vec<&str> = Vec::new();
    for d in &t.defs {
        names.extend(d.name.iter().chain(&d.llvm).copied());
        names.extend(d.aliases.iter().map(|a| a.name));
    }
    names.sort_unstable();
    names.dedup();
    let mut probes: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    // Names that are no row's: longer, shorter, other case.
    for n in &names {
        probes.push(format!("{n}_x"));
        probes.push(n.to_uppercase());
        if let Some(c) = n.char_indices().last() {
            probes.push(n[..c.0].to_string());
        }
    }
    probes.sort_unstable();
    probes.dedup();
    for n in &probes {
        write!(o, "name {n:?} by_name={:?} archs={:?}", t.by_name(n), t.archs_with(n)).unwrap();
        for a in Arch::EVERY {
            write!(o, " {a:?}:").unwrap();
            for dl in [Dialects(0), Dialects::CLRX, Dialects::LLVM, Dialects::BOTH] {
                write!(o, "{:?}/", t.lookup_in(a, n, dl)).unwrap();
            }
            write!(o, "{:?}/{:?}", t.lookup(a, n), t.archs_with_in(n, Dialects::LLVM)).unwrap();
        }
        o.push('\n');
    }
    // Typos: a sample of names with a letter dropped or doubled.
    for n in names.iter().filter(|n| n.len() > 3).step_by(11) {
        let (cut, twice) = (format!("{}{}", &n[..2], &n[3..]), format!("{}{}", &n[..3], &n[2..]));
        for a in Arch::EVERY {
            writeln!(
                o,
                "closest {a:?} {cut} {:?} {twice} {:?}",
                t.closest_name(a, &cut),
                t.closest_name(a, &twice)
            )
            .unwrap();
        }
    }
    o
}

#[test]
#[ignore]
fn write_dump() {
    let path = std::env::var("GCNKIT_ISA_DUMP").expect("GCNKIT_ISA_DUMP: where to write the dump");
    std::fs::write(path, dump(isa())).unwrap();
}
