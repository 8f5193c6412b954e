//! `syntax::special` (s_waitcnt counters, hwreg(), sendmsg(), gpr_idx()) against its oracles.
//!
//! The CLRX facts come only from `data/special-*.tsv` (`tools/special-oracle/gen.py` runs
//! clrxdisasm/clrxasm and llvm-mc 14 to make them); llvm-mc itself also runs here, for the
//! LLVM text on SI/CI, which llvm-mc 14 cannot disassemble.
//!
//! - print: clrxdisasm's text on every arch and llvm-mc's on fiji/gfx900 for every sampled
//!   value, and `false` exactly where the tool's own assembler does not read that text back.
//! - parse: every printed text that reads back gives its value (both dialects and Auto); every
//!   spelling of the parse data gives what clrxasm / llvm-mc make of it, rejections included,
//!   and Auto takes the union.
//! - No panic for any value or garbage text; errors point inside the text.

use gcnkit::asm::Dialect;
use gcnkit::syntax::special::{parse, print, raw_range, Kind, SpecErr};
use gcnkit::syntax::Syntax;
use gcnkit::Arch;
use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Stdio};

const PRINT: &str = include_str!("data/special-print.tsv");
const PARSE: &str = include_str!("data/special-parse.tsv");
const KINDS: [Kind; 4] = [Kind::Waitcnt, Kind::Hwreg, Kind::Sendmsg, Kind::GprIdx];

fn kind(name: &str) -> Kind {
    match name {
        "waitcnt" => Kind::Waitcnt,
        "hwreg" => Kind::Hwreg,
        "sendmsg" => Kind::Sendmsg,
        "gpr_idx" => Kind::GprIdx,
        _ => panic!("unknown kind {name}"),
    }
}

/// The rows of a data file with `"` (same as the column to the left) expanded.
fn rows(data: &str) -> Vec<Vec<String>> {
    data.lines()
        .skip(1)
        .map(|l| {
            let mut cols: Vec<String> = Vec::new();
            for c in l.split('\t') {
                let c = if c == "\"" {
                    cols.last().unwrap().clone()
                } else {
                    c.to_string()
                };
                cols.push(c);
            }
            cols
        })
        .collect()
}

fn text(k: Kind, a: Arch, s: Syntax, v: u32) -> (String, bool) {
    let mut out = String::new();
    let ok = print(&mut out, k, a, s, v);
    (out, ok)
}

/// The instruction line llvm-mc assembles for an operand text, and where its value sits.
fn line(k: Kind, t: &str) -> String {
    match k {
        Kind::Waitcnt => format!("s_waitcnt {t}"),
        Kind::Hwreg => format!("s_getreg_b32 s1, {t}"),
        Kind::Sendmsg => format!("s_sendmsg {t}"),
        Kind::GprIdx => format!("s_set_gpr_idx_mode {t}"),
    }
}

/// llvm-mc -show-encoding of each line: the low 16 bits of its first word, or None on an error.
/// None for the whole batch when llvm-mc is not installed.
fn llvm_mc(cpu: &str, lines: &[String]) -> Option<Vec<Option<u32>>> {
    let mc = std::env::var("LLVM_MC").unwrap_or_else(|_| "llvm-mc".into());
    let mut child = Command::new(mc)
        .args(["-arch=amdgcn", &format!("-mcpu={cpu}"), "-show-encoding"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let input = lines.join("\n") + "\n";
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let bad: std::collections::HashSet<usize> = stderr
        .lines()
        .filter_map(|l| {
            let mut it = l.strip_prefix("<stdin>:")?.splitn(3, ':');
            let n: usize = it.next()?.parse().ok()?;
            it.nth(1)?.trim_start().starts_with("error").then_some(n - 1)
        })
        .collect();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut encs = stdout.lines().filter_map(|l| {
        let e = &l[l.find("encoding: [")? + 11..];
        let b: Vec<u32> = e[..e.find(']')?]
            .split(',')
            .map(|x| u32::from_str_radix(&x.trim()[2..], 16).unwrap())
            .collect();
        Some(b[0] | b[1] << 8)
    });
    Some(
        (0..lines.len())
            .map(|k| {
                if bad.contains(&k) {
                    None
                } else {
                    Some(encs.next().expect("an encoding per line"))
                }
            })
            .collect(),
    )
}

#[test]
fn print_matches_both_disassemblers_and_their_readback() {
    assert!(print_rows(PRINT) > 10_000);
}

/// The same for every 16-bit value, from `tools/special-oracle/gen.py --full FILE` (too big
/// to keep): runs when GCNKIT_SPECIAL_FULL names that file.
#[test]
fn print_matches_everywhere_when_asked() {
    let Ok(path) = std::env::var("GCNKIT_SPECIAL_FULL") else {
        eprintln!("NOTE: GCNKIT_SPECIAL_FULL is not set: only the sampled values were checked");
        return;
    };
    let data = std::fs::read_to_string(path).unwrap();
    assert!(print_rows(&data) > 1_000_000);
}

/// Checks every row of a print data file; returns how many texts it compared.
fn print_rows(data: &str) -> usize {
    let mut checked = 0;
    for r in rows(data) {
        let (k, v) = (kind(&r[0]), u32::from_str_radix(&r[1], 16).unwrap());
        let flags = r[8].as_bytes();
        for (i, a) in Arch::ALL.into_iter().enumerate() {
            if r[2 + i] == "-" {
                continue;
            }
            let (t, ok) = text(k, a, Syntax::Clrx, v);
            assert_eq!(t, r[2 + i], "clrx {:?} {v:#06x} on {a}", k);
            assert_eq!(ok, flags[i] == b'y', "clrx {:?} {v:#06x} on {a}: {t} reads back?", k);
            checked += 1;
        }
        for (i, a) in [Arch::Gcn12, Arch::Gcn14].into_iter().enumerate() {
            let (t, ok) = text(k, a, Syntax::Llvm, v);
            assert_eq!(t, r[6 + i], "llvm {:?} {v:#06x} on {a}", k);
            assert_eq!(
                ok,
                flags[4 + i] == b'y',
                "llvm {:?} {v:#06x} on {a}: {t} reads back?",
                k
            );
            checked += 1;
        }
    }
    checked
}

/// llvm-mc 14 cannot disassemble SI/CI: there the LLVM text must assemble back to the value
/// exactly where print says so.
#[test]
fn llvm_text_on_si_ci_assembles_back_exactly_where_print_says() {
    let mut values: HashMap<&str, Vec<u32>> = HashMap::new();
    for r in rows(PRINT).iter().filter(|r| r[0] != "gpr_idx") {
        let name = ["waitcnt", "hwreg", "sendmsg"]
            .into_iter()
            .find(|n| *n == r[0])
            .unwrap();
        values
            .entry(name)
            .or_default()
            .push(u32::from_str_radix(&r[1], 16).unwrap());
    }
    // Every message field value too: LLVM's validity rules are per arch.
    values.insert("sendmsg", (0..0x400).chain([0x400, 0x8001, 0xffff]).collect());
    for a in [Arch::Gcn10, Arch::Gcn11] {
        for (name, vs) in &values {
            let k = kind(name);
            let texts: Vec<(String, bool)> = vs.iter().map(|&v| text(k, a, Syntax::Llvm, v)).collect();
            let lines: Vec<String> = texts.iter().map(|(t, _)| line(k, t)).collect();
            let Some(back) = llvm_mc(if a == Arch::Gcn10 { "tahiti" } else { "bonaire" }, &lines) else {
                eprintln!("NOTE: llvm-mc not found: SI/CI LLVM texts not checked");
                return;
            };
            for ((v, (t, ok)), got) in vs.iter().zip(&texts).zip(back) {
                assert_eq!(*ok, got == Some(*v), "llvm {k:?} {v:#06x} on {a}: `{t}` gives {got:x?}");
            }
        }
    }
}

/// Every text that print says reads back parses to its value (all of it), in its dialect and
/// in Auto; the others do not give the value. Exhaustive over 16 bits.
#[test]
fn parse_reads_back_every_printed_text() {
    let mut n = 0;
    for a in Arch::ALL {
        for k in KINDS {
            for v in 0..=0xffff {
                for (s, d) in [(Syntax::Clrx, Dialect::Clrx), (Syntax::Llvm, Dialect::Llvm)] {
                    let (t, ok) = text(k, a, s, v);
                    let got = parse(k, a, d, &t);
                    // A plain number is the caller's to read (LLVM's decimal messages, CLRX's
                    // index modes); everything else is this syntax, read to its end.
                    let reads_back = |got: &Result<Option<(u32, usize)>, SpecErr>, d| match got {
                        Ok(None) => parse_int(&t) == Some(v as i64) && raw(k, d, v as i64),
                        _ => *got == Ok(Some((v, t.len()))),
                    };
                    if ok {
                        assert!(
                            reads_back(&got, d),
                            "{k:?} {v:#06x} on {a} in {s:?}: `{t}` gives {got:?}"
                        );
                        let auto = parse(k, a, Dialect::Auto, &t);
                        assert!(reads_back(&auto, Dialect::Auto), "auto: `{t}` gives {auto:?}");
                        n += 1;
                    } else {
                        assert!(
                            !reads_back(&got, d),
                            "{k:?} {v:#06x} on {a} in {s:?}: `{t}` should not read back"
                        );
                    }
                }
            }
        }
    }
    assert!(n > 200_000, "{n}");
}

/// Does the text start like the syntax of `k` (a name and `(`: any counter name for waitcnt)?
fn looks_special(k: Kind, t: &str) -> bool {
    let t = t.trim_start();
    let n = t
        .bytes()
        .position(|c| !(c.is_ascii_alphanumeric() || c == b'_'))
        .unwrap_or(t.len());
    let (name, rest) = t.split_at(n);
    let keyword = match k {
        Kind::Waitcnt => name,
        Kind::Hwreg => "hwreg",
        Kind::Sendmsg => "sendmsg",
        Kind::GprIdx => "gpr_idx",
    };
    n > 0 && name.eq_ignore_ascii_case(keyword) && rest.trim_start().starts_with('(')
}

/// Does the dialect take `n` as a plain number of `k`?
fn raw(k: Kind, d: Dialect, n: i64) -> bool {
    raw_range(k, d).is_some_and(|(lo, hi)| lo <= n && n <= hi)
}

/// A plain integer (decimal or 0x hex, optional '-'): the caller's reading of a raw value.
fn parse_int(t: &str) -> Option<i64> {
    let t = t.trim();
    let (neg, t) = t.strip_prefix('-').map_or((false, t), |r| (true, r));
    let n = match t.strip_prefix("0x") {
        Some(h) => i64::from_str_radix(h, 16).ok()?,
        None => t.parse().ok()?,
    };
    Some(if neg { -n } else { n })
}

/// Spellings the assemblers take that gcnkit rejects on purpose: expressions inside the
/// parentheses (only integer literals), a counter given twice (llvm-mc 14 keeps the last,
/// clrxasm warns).
fn rejected_on_purpose(k: Kind, t: &str) -> bool {
    let b = t.as_bytes();
    if (1..b.len()).any(|i| b[i - 1].is_ascii_digit() && b"+-*/|".contains(&b[i])) {
        return true;
    }
    if k != Kind::Waitcnt {
        return false;
    }
    let lower = t.to_ascii_lowercase();
    ["vmcnt", "expcnt", "lgkmcnt"].iter().any(|c| {
        lower
            .match_indices(c)
            .filter(|(i, _)| *i == 0 || !lower.as_bytes()[i - 1].is_ascii_alphanumeric())
            .count()
            > 1
    })
}

#[derive(Debug, PartialEq, Clone, Copy)]
enum Oracle {
    Takes(u32),
    Warns,
    Rejects,
    NotHere,
}

fn oracle(cell: &str) -> Oracle {
    match cell {
        "-" => Oracle::NotHere,
        "!" => Oracle::Rejects,
        c if c.starts_with('~') => Oracle::Warns,
        c => Oracle::Takes(u32::from_str_radix(c, 16).unwrap()),
    }
}

/// Checks one parse result against one oracle cell; returns true when the text was taken.
fn check(k: Kind, a: Arch, d: Dialect, t: &str, want: Oracle) -> bool {
    let got = parse(k, a, d, t);
    let ctx = format!("{k:?} on {a} in {d:?}: `{t}` gives {got:?}, oracle {want:?}");
    match (&got, want) {
        (_, Oracle::NotHere) => false,
        (Ok(Some((v, n))), Oracle::Takes(w)) => {
            assert_eq!((*v, *n), (w, t.len()), "{ctx}");
            true
        }
        (Ok(None), Oracle::Takes(w)) => {
            // The caller reads a plain number (or an expression such as `(1)`).
            match parse_int(t) {
                Some(n) => assert!(raw(k, d, n) && n as u16 as u32 == w, "{ctx}"),
                None => assert!(!looks_special(k, t) && d != Dialect::Clrx, "{ctx}"),
            }
            true
        }
        (Ok(None), _) => {
            // Not this syntax: the caller's expression reader rejects it (a number out of
            // raw_range, a symbol, or nothing).
            match parse_int(t) {
                Some(n) => assert!(!raw(k, d, n), "{ctx}"),
                None => assert!(!looks_special(k, t), "{ctx}"),
            }
            false
        }
        (Ok(Some((_, n))), _) => {
            // Read up to a point; the caller rejects what follows.
            assert!(*n < t.trim_end().len(), "{ctx}");
            false
        }
        (Err(e), Oracle::Takes(_)) => {
            assert!(rejected_on_purpose(k, t), "{ctx}");
            check_err(t, e);
            false
        }
        (Err(e), _) => {
            check_err(t, e);
            false
        }
    }
}

fn check_err(t: &str, e: &SpecErr) {
    assert!(e.start <= e.end && e.end <= t.len(), "{t}: {e:?}");
    assert!(t.is_char_boundary(e.start) && t.is_char_boundary(e.end), "{t}: {e:?}");
    // Lowercase, unless it starts with a name that is uppercase (LLVM, MSG_GS, SRC0...).
    let word = e.msg.split(' ').next().unwrap();
    assert!(
        word.starts_with(|c: char| c.is_ascii_lowercase())
            || word
                .bytes()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_'),
        "{e:?}"
    );
    assert!(!e.msg.ends_with('.'), "{e:?}");
}

#[test]
fn parse_takes_what_each_assembler_takes() {
    let mut taken = [0usize; 3];
    let mut rows_n = 0;
    for r in rows(PARSE) {
        let (k, t) = (kind(&r[0]), r[1].as_str());
        rows_n += 1;
        for (i, a) in Arch::ALL.into_iter().enumerate() {
            let (c, l) = (oracle(&r[2 + i]), oracle(&r[6 + i]));
            let tc = check(k, a, Dialect::Clrx, t, c);
            let tl = check(k, a, Dialect::Llvm, t, l);
            // Auto: the union of both.
            let either = match (c, l) {
                (_, Oracle::Takes(w)) | (Oracle::Takes(w), _) => Oracle::Takes(w),
                (Oracle::NotHere, _) => Oracle::NotHere,
                _ => Oracle::Rejects,
            };
            if let (Oracle::Takes(x), Oracle::Takes(y)) = (c, l) {
                assert_eq!(x, y, "the assemblers disagree on `{t}`");
            }
            let ta = check(k, a, Dialect::Auto, t, either);
            taken[0] += tc as usize;
            taken[1] += tl as usize;
            taken[2] += ta as usize;
            if either != Oracle::NotHere && !rejected_on_purpose(k, t) {
                assert_eq!(ta, tc || tl, "{k:?} on {a}: `{t}`");
            }
        }
    }
    assert!(rows_n > 1500 && taken.iter().all(|&n| n > 1000), "{rows_n} {taken:?}");
}

#[test]
fn consumes_the_operand_only() {
    let a = Arch::Gcn12;
    let p = |k, d, t| parse(k, a, d, t);
    let t = "hwreg(HW_REG_MODE, 0, 4), s1";
    assert_eq!(p(Kind::Hwreg, Dialect::Llvm, t), Ok(Some((0x1801, 24))));
    assert_eq!(p(Kind::Hwreg, Dialect::Auto, t), Ok(Some((0x1801, 24))));
    assert_eq!(
        p(Kind::Hwreg, Dialect::Clrx, "  hwreg(mode, 0, 4) , s1"),
        Ok(Some((0x1801, 19)))
    );
    assert_eq!(
        p(Kind::Hwreg, Dialect::Llvm, "hwreg(HW_REG_MODE) , s1"),
        Ok(Some((0xf801, 18)))
    );
    assert_eq!(
        p(Kind::Sendmsg, Dialect::Clrx, "sendmsg(gs, cut, 1) // x"),
        Ok(Some((0x112, 19)))
    );
    assert_eq!(
        p(Kind::GprIdx, Dialect::Llvm, "gpr_idx(SRC0,DST) ; c"),
        Ok(Some((9, 17)))
    );
    for d in [Dialect::Llvm, Dialect::Clrx, Dialect::Auto] {
        assert_eq!(p(Kind::Waitcnt, d, "vmcnt(0) & lgkmcnt(0)"), Ok(Some((0x0070, 21))));
        assert_eq!(p(Kind::Waitcnt, d, "vmcnt(0) lgkmcnt(0)  "), Ok(Some((0x0070, 19))));
        // The list ends where nothing can continue it; the caller sees the rest.
        assert_eq!(p(Kind::Waitcnt, d, "vmcnt(1) ; comment"), Ok(Some((0x0f71, 8))));
        assert_eq!(p(Kind::Waitcnt, d, "expcnt(1) 5"), Ok(Some((0x0f1f, 9))));
        assert_eq!(p(Kind::Waitcnt, d, "lgkmcnt(1) :0x1234"), Ok(Some((0x017f, 10))));
    }
    assert_eq!(
        p(Kind::Waitcnt, Dialect::Llvm, "lgkmcnt(0), vmcnt(1)"),
        Ok(Some((0x0071, 20)))
    );
    assert!(p(Kind::Waitcnt, Dialect::Clrx, "lgkmcnt(0), vmcnt(1)").is_err());
    // The raw value is the caller's, except where clrxasm takes only the syntax.
    assert_eq!(p(Kind::Waitcnt, Dialect::Llvm, "0"), Ok(None));
    assert_eq!(p(Kind::Waitcnt, Dialect::Auto, "0x0f70"), Ok(None));
    assert_eq!(p(Kind::Sendmsg, Dialect::Llvm, "sym+1"), Ok(None));
    assert_eq!(p(Kind::GprIdx, Dialect::Clrx, "9"), Ok(None));
    for k in [Kind::Waitcnt, Kind::Hwreg, Kind::Sendmsg] {
        let e = p(k, Dialect::Clrx, " 0x12").unwrap_err();
        assert_eq!((e.start, e.end), (1, 5), "{e:?}");
    }
}

#[test]
fn errors_name_the_limits() {
    let msg = |k, a, d, t| parse(k, a, d, t).unwrap_err().msg;
    assert_eq!(
        msg(Kind::Waitcnt, Arch::Gcn12, Dialect::Llvm, "vmcnt(16)"),
        "vmcnt must be 0 to 15 on gcn1.2"
    );
    assert_eq!(
        msg(Kind::Waitcnt, Arch::Gcn14, Dialect::Clrx, "vmcnt(64)"),
        "vmcnt must be 0 to 63 on gcn1.4"
    );
    assert_eq!(
        msg(Kind::Waitcnt, Arch::Gcn10, Dialect::Auto, "expcnt(-1)"),
        "expcnt must be 0 to 7 on gcn1.0"
    );
    assert_eq!(
        msg(Kind::Waitcnt, Arch::Gcn10, Dialect::Auto, "vmcnt(1) & vmcnt(2)"),
        "vmcnt given twice"
    );
    assert_eq!(
        msg(Kind::Waitcnt, Arch::Gcn10, Dialect::Llvm, "vmcnt(1"),
        "expected ')'"
    );
    assert_eq!(
        msg(Kind::Hwreg, Arch::Gcn10, Dialect::Clrx, "hwreg(mode, 32, 1)"),
        "bit offset must be 0 to 31"
    );
    assert_eq!(
        msg(Kind::Hwreg, Arch::Gcn10, Dialect::Llvm, "hwreg(1, 0, 33)"),
        "bit size must be 1 to 32"
    );
    assert_eq!(
        msg(Kind::Hwreg, Arch::Gcn10, Dialect::Llvm, "hwreg(64)"),
        "register number must be 0 to 63"
    );
    assert_eq!(
        msg(Kind::Hwreg, Arch::Gcn12, Dialect::Llvm, "hwreg(HW_REG_SH_MEM_BASES)"),
        "HW_REG_SH_MEM_BASES is not available on gcn1.2"
    );
    assert_eq!(
        msg(Kind::Sendmsg, Arch::Gcn10, Dialect::Clrx, "sendmsg(gs, cut, 4)"),
        "stream must be 0 to 3"
    );
    assert_eq!(
        msg(Kind::Sendmsg, Arch::Gcn10, Dialect::Llvm, "sendmsg(16)"),
        "message number must be 0 to 15"
    );
    assert_eq!(
        msg(Kind::Sendmsg, Arch::Gcn10, Dialect::Llvm, "sendmsg(MSG_GS)"),
        "this message needs an operation"
    );
    assert_eq!(
        msg(Kind::Sendmsg, Arch::Gcn10, Dialect::Clrx, "sendmsg(savewave)"),
        "unknown message `savewave` on gcn1.0"
    );
    assert_eq!(
        msg(Kind::GprIdx, Arch::Gcn12, Dialect::Llvm, "gpr_idx(SRC0,SRC0)"),
        "SRC0 given twice"
    );
    let e = parse(Kind::Waitcnt, Arch::Gcn12, Dialect::Llvm, "VMCNT(1)").unwrap_err();
    assert_eq!(
        (e.start, e.end, e.help.as_deref()),
        (0, 5, Some("LLVM takes counter names in lowercase"))
    );
}

/// A tiny deterministic generator (xorshift) for the garbage tests.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn never_panics() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = String::new();
    for _ in 0..200_000 {
        let v = rng.next() as u32;
        for a in Arch::ALL {
            for k in KINDS {
                for s in [Syntax::Clrx, Syntax::Llvm] {
                    out.clear();
                    let ok = print(&mut out, k, a, s, v);
                    assert!(!ok || v <= 0xffff, "{v:#x}");
                }
            }
        }
    }
    // Garbage made of the syntax's own pieces, and some that is not even ASCII.
    let pieces = [
        "vmcnt",
        "expcnt",
        "lgkmcnt_sat",
        "VMCNT",
        "hwreg",
        "HWREG",
        "sendmsg",
        "gpr_idx",
        "MSG_GS",
        "gs",
        "emit",
        "-cut",
        "HW_REG_MODE",
        "mode",
        "SRC0",
        "DST",
        "(",
        ")",
        ",",
        "&",
        "@",
        " ",
        "\t",
        "0",
        "1",
        "63",
        "0x",
        "0b",
        "08",
        "-",
        "+",
        "99999999999999999999",
        "é",
        "€",
        ":",
        ";",
        "_",
        ".",
        "\"",
    ];
    for _ in 0..300_000 {
        let mut t = String::new();
        for _ in 0..rng.next() % 12 {
            t.push_str(pieces[rng.next() as usize % pieces.len()]);
        }
        let a = Arch::ALL[rng.next() as usize % 4];
        for k in KINDS {
            for d in [Dialect::Clrx, Dialect::Llvm, Dialect::Auto] {
                match parse(k, a, d, &t) {
                    Ok(Some((v, n))) => assert!(v <= 0xffff && n <= t.len() && t.is_char_boundary(n), "{t}"),
                    Ok(None) => {}
                    Err(e) => check_err(&t, &e),
                }
            }
        }
    }
}
