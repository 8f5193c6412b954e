//! CLRX's own assembler cases (tests/data/clrx-asm.tsv, from ../shared/conformance): every core
//! row (families VOP2/VOPC/VOP3A/VOP3B, variants e32/lit/vop3a/vop3b) must give exactly CLRX's
//! words with `--syntax clrx`, or, for the rows CLRX rejects, an error on CLRX's line.

mod common;

use gcnkit::asm::{assemble, Dialect};
use gcnkit::diag::Severity;
use gcnkit::Arch;

fn unescape(s: &str) -> String {
    s.replace("\\t", "\t")
        .replace("\\n", "\n")
        .replace("\\r", "\r")
        .replace("\\\\", "\\")
}

#[test]
fn clrx_asm_core_rows() {
    let tsv = include_str!("data/clrx-asm.tsv");
    let mut rows = 0;
    let mut fails = Vec::new();
    for line in tsv.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        let (arch, text, words, good, error, family, variant) = (c[0], c[2], c[3], c[4], c[5], c[7], c[8]);
        let Some(arch) = Arch::parse(arch).filter(|_| arch != "gcn1.4.1") else {
            continue;
        };
        if !common::covered(family, variant) {
            continue;
        }
        rows += 1;
        let text = unescape(text);
        let (items, diags) = assemble(arch, Dialect::Clrx, "test.s", &text);
        let errors: Vec<_> = diags.iter().filter(|d| d.severity == Severity::Error).collect();
        if good == "1" {
            let got: Vec<String> = items
                .iter()
                .flat_map(|i| i.words().iter().map(|w| format!("{w:08x}")))
                .collect();
            let got = got.join(" ");
            if !errors.is_empty() || got != words {
                let e: Vec<String> = errors.iter().map(|d| d.headline()).collect();
                fails.push(format!("{arch} `{text}`: got [{got}] {e:?}, want [{words}]"));
            }
        } else {
            // CLRX's line of the first error, from `test.s:LINE:COL: Error: ...`.
            let want_line: usize = error.split(':').nth(1).and_then(|l| l.parse().ok()).unwrap_or(1);
            if !errors.iter().any(|d| d.line == want_line) {
                fails.push(format!("{arch} `{text}`: accepted or wrong line; CLRX: {error}"));
            }
        }
    }
    for f in fails.iter().take(
        std::env::var("GCNKIT_SHOW")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(80),
    ) {
        eprintln!("{f}");
    }
    eprintln!("{rows} rows");
    assert!(rows > 1100, "only {rows} rows");
    assert!(fails.is_empty(), "{} of {rows} CLRX assembler rows differ", fails.len());
}
