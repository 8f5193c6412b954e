//! Prints every mnemonic the ISA table knows (CLRX and LLVM names on every arch, and the
//! aliases), one per line, sorted: the candidates the oracle scripts probe on every arch
//! (`tools/clrx-oracle/names.py`).

fn main() {
    let t = gcnkit::isa::isa();
    let mut names: Vec<&str> = t
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
    for n in names {
        println!("{n}");
    }
}
