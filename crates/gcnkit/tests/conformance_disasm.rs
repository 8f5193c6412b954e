//! CLRX's own disassembler cases (tests/data/clrx-disasm.tsv, from ../shared/conformance):
//! every core row (VOP2/VOPC/VOP3A/VOP3B and their illegal forms) must print exactly as
//! clrxdisasm printed it, whitespace and `/* */` comments aside; where that text loses bits of
//! the word (`loses_bits`), gcnkit prints the words as data and the text in a comment.

mod common;

use gcnkit::decode::decode;
use gcnkit::syntax::clrx::loses_bits;
use gcnkit::syntax::{to_text, Syntax};
use gcnkit::Arch;

/// Drops `/* ... */` comments and folds whitespace.
fn normalize(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(p) = rest.find("/*") {
        out.push_str(&rest[..p]);
        rest = rest[p..].find("*/").map(|e| &rest[p + e + 2..]).unwrap_or("");
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ").replace(" ,", ",")
}

fn core_rows() -> Vec<(Arch, Vec<u32>, String)> {
    let tsv = include_str!("data/clrx-disasm.tsv");
    let mut rows = Vec::new();
    for line in tsv.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        let (arch, class, words, text, family, variant) = (c[0], c[1], c[2], c[3], c[5], c[6]);
        let Some(arch) = Arch::parse(arch).filter(|_| arch != "gcn1.4.1") else {
            continue;
        };
        let _ = class;
        if !common::covered(family, variant) {
            continue;
        }
        let words = words
            .split_whitespace()
            .map(|w| u32::from_str_radix(w, 16).unwrap())
            .collect();
        rows.push((arch, words, text.to_string()));
    }
    rows
}

#[test]
fn clrx_disasm_core_rows() {
    let rows = core_rows();
    assert!(rows.len() > 1500, "only {} core rows found", rows.len());
    let mut fails = Vec::new();
    let mut as_data = 0;
    for (arch, words, want) in &rows {
        let got = match decode(*arch, words) {
            // Where clrxdisasm's text loses bits of the word (it reads back as other words),
            // gcnkit prints the words as data with that text in a comment.
            Ok(i) if i.len as usize == words.len() && loses_bits(&i) => {
                let t = to_text(&i, Syntax::Clrx);
                let data: Vec<String> = words.iter().map(|w| format!("{w:#x}")).collect();
                match t.strip_prefix(&format!(".int {} /* ", data.join(", "))) {
                    Some(rest) => {
                        as_data += 1;
                        rest.trim_end_matches(" */").to_string()
                    }
                    None => format!("<not a data line: {t}>"),
                }
            }
            Ok(i) if i.len as usize == words.len() => to_text(&i, Syntax::Clrx),
            // A first word that is no instruction on the arch (FLAT on GCN 1.0): clrxdisasm
            // writes it as data and decodes the next one on its own line.
            Ok(i) if want.contains("\\n") => {
                let mut lines = vec![to_text(&i, Syntax::Clrx)];
                let mut at = i.len as usize;
                while let Ok(j) = decode(*arch, &words[at..]) {
                    lines.push(to_text(&j, Syntax::Clrx));
                    at += j.len as usize;
                }
                lines.join("\\n")
            }
            Ok(i) => format!("<decoded {} of {} words>", i.len, words.len()),
            Err(e) => format!("<{e}>"),
        };
        if normalize(&got) != normalize(want) {
            let w: Vec<String> = words.iter().map(|w| format!("{w:08x}")).collect();
            fails.push(format!("{arch} {}: got `{got}`, want `{want}`", w.join(" ")));
        }
    }
    eprintln!(
        "{} rows, {as_data} printed as data with clrxdisasm's lossy text in a comment",
        rows.len()
    );
    let n = fails.len();
    for f in fails.iter().take(
        std::env::var("GCNKIT_SHOW")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(60),
    ) {
        eprintln!("{f}");
    }
    assert!(fails.is_empty(), "{n} of {} CLRX core rows differ", rows.len());
}
