//! `syntax::special` (s_waitcnt counters, hwreg(), sendmsg(), gpr_idx()) against its oracles.
//!
//! The CLRX facts come only from `data/special-*.tsv` (`tools/special-oracle/gen.py` runs
//! clrxdisasm/clrxasm and llvm-mc 14 to make them); llvm-mc itself also runs here, for the
//! LLVM text on SI/CI, which llvm-mc 14 cannot disassemble.
//!
//! - print: clrxdisasm's text on every arch and llvm-mc's on fiji/gfx900 for every sampled
//!   value, and `false` exactly where the tool's own assembler does not read that text back.
//! - parse: every printed text that reads back gives its value (both dialects and Auto); every
//!   spelling of the parse data gives what clrxasm / llvm-mc make of it: the value, the value
//!   with a warning where clrxasm warns (and where llvm-mc quietly keeps the last of two
//!   counters), or a rejection; Auto takes the union. Spellings with symbols and expressions
//!   are read through [`eval`], a small stand-in for the assembler's expression reader.
//! - No panic for any value, garbage text or misbehaving `eval`; errors and warnings point
//!   inside the text.

mod common;

use gcnkit::asm::Dialect;
use gcnkit::syntax::special::{parse, parse_with, print, raw_range, Eval, Kind, Parsed, SpecErr};
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

/// The symbols of the parse data, as `tools/special-oracle/probe.py` defines them before every
/// line (its `later` is defined only after them: unknown here, as to both assemblers).
const SYMS: [(&str, i64); 3] = [("three", 3), ("big", 100), ("minus", -1)];

/// A small stand-in for the assembler's expression reader: integer literals as both
/// assemblers write them (decimal, 0x, 0b, octal with a leading 0), symbols of `syms`, unary
/// `+`/`-`, parentheses, binary `+`, `-` and `&`. Returns the value and the bytes used (with
/// trailing blanks), or an error at the offending bytes.
fn eval_in(syms: &[(&str, i64)], text: &str) -> Result<(i64, usize), SpecErr> {
    let mut e = Ev {
        t: text.as_bytes(),
        p: 0,
        syms,
    };
    let v = e.and()?;
    Ok((v, e.p))
}

/// [`eval_in`] over [`SYMS`].
fn eval(text: &str) -> Result<(i64, usize), SpecErr> {
    eval_in(&SYMS, text)
}

struct Ev<'a> {
    t: &'a [u8],
    p: usize,
    syms: &'a [(&'a str, i64)],
}

impl Ev<'_> {
    fn ws(&mut self) {
        while self.t.get(self.p).is_some_and(|c| *c == b' ' || *c == b'\t') {
            self.p += 1;
        }
    }

    fn err<T>(&self, start: usize, msg: &str) -> Result<T, SpecErr> {
        Err(SpecErr {
            start,
            end: self.p.max(start),
            msg: msg.into(),
            help: None,
        })
    }

    /// Is the next byte `c`, not doubled (`&&` is no operator here)?
    fn op(&mut self, c: u8) -> bool {
        self.ws();
        let hit = self.t.get(self.p) == Some(&c) && self.t.get(self.p + 1) != Some(&c);
        self.p += hit as usize;
        hit
    }

    fn and(&mut self) -> Result<i64, SpecErr> {
        let mut v = self.sum()?;
        while self.op(b'&') {
            v &= self.sum()?;
        }
        Ok(v)
    }

    fn sum(&mut self) -> Result<i64, SpecErr> {
        let mut v = self.unary()?;
        loop {
            if self.op(b'+') {
                v = v.wrapping_add(self.unary()?);
            } else if self.op(b'-') {
                v = v.wrapping_sub(self.unary()?);
            } else {
                return Ok(v);
            }
        }
    }

    fn unary(&mut self) -> Result<i64, SpecErr> {
        self.ws();
        let start = self.p;
        let v = match self.t.get(self.p) {
            Some(b'-') => {
                self.p += 1;
                return Ok(self.unary()?.wrapping_neg());
            }
            Some(b'+') => {
                self.p += 1;
                return self.unary();
            }
            Some(b'(') => {
                self.p += 1;
                let v = self.and()?;
                self.ws();
                if self.t.get(self.p) != Some(&b')') {
                    return self.err(self.p, "expected ')'");
                }
                self.p += 1;
                v
            }
            Some(c) if c.is_ascii_digit() => {
                let n = self.t[start..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || **c == b'.')
                    .count();
                self.p += n;
                let w = std::str::from_utf8(&self.t[start..self.p])
                    .unwrap()
                    .to_ascii_lowercase();
                let (digits, radix) = match (w.strip_prefix("0x"), w.strip_prefix("0b")) {
                    (Some(h), _) => (h, 16),
                    (_, Some(b)) => (b, 2),
                    _ if w.len() > 1 && w.starts_with('0') => (&w[1..], 8),
                    _ => (&w[..], 10),
                };
                match u64::from_str_radix(digits, radix) {
                    Ok(v) => v as i64,
                    Err(_) => return self.err(start, "bad number"),
                }
            }
            Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {
                let n = self.t[start..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
                    .count();
                self.p += n;
                let name = std::str::from_utf8(&self.t[start..self.p]).unwrap();
                match self.syms.iter().find(|s| s.0 == name) {
                    Some(s) => s.1,
                    None => return self.err(start, "undefined symbol"),
                }
            }
            _ => return self.err(start, "expected an expression"),
        };
        self.ws();
        Ok(v)
    }
}

/// Every text that print says reads back parses to its value (all of it), in its dialect and
/// in Auto, without warnings, with [`eval`] too; the others do not give the value. Exhaustive
/// over 16 bits.
#[test]
fn parse_reads_back_every_printed_text() {
    let mut n = 0;
    let ev: Eval = &eval;
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
                        let with = parse_with(k, a, d, &t, Some(ev)).map(|r| r.map(|p| (p.value, p.used)));
                        assert_eq!(with, got, "{k:?} {v:#06x} on {a} in {s:?}: `{t}` with eval");
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

/// Spellings only an `eval` reads (literals are all the syntax reads without one): a symbol,
/// an operator after an operand inside the parentheses, or a parenthesised argument.
fn needs_eval(t: &str) -> bool {
    let symbol = t
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|w| w == "later" || SYMS.iter().any(|s| s.0 == w));
    let b: Vec<u8> = t.bytes().filter(|c| *c != b' ').collect();
    let mut depth = 0;
    let mut expr = false;
    for i in 0..b.len() {
        let prev = if i > 0 { b[i - 1] } else { b' ' };
        expr |= depth > 0 && (prev.is_ascii_digit() || prev == b')') && b"+-*/|&".contains(&b[i]);
        expr |= b[i] == b'(' && b"(,@".contains(&prev);
        match b[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ => {}
        }
    }
    symbol || expr
}

/// Is a counter named more than once (a `_sat` form counts as its counter)?
fn repeated_counter(k: Kind, t: &str) -> bool {
    let lower = t.to_ascii_lowercase();
    k == Kind::Waitcnt
        && ["vmcnt", "expcnt", "lgkmcnt"].iter().any(|c| {
            lower
                .match_indices(c)
                .filter(|(i, _)| *i == 0 || !lower.as_bytes()[i - 1].is_ascii_alphanumeric())
                .count()
                > 1
        })
}

/// One cell of the parse data: the assembler takes the text (with a warning: `~`, clrxasm
/// only), rejects it, or has no such instruction on the arch.
#[derive(Debug, PartialEq, Clone, Copy)]
enum Oracle {
    Takes(u32),
    Warns(u32),
    Rejects,
    NotHere,
}

fn oracle(cell: &str) -> Oracle {
    match cell {
        "-" => Oracle::NotHere,
        "!" => Oracle::Rejects,
        c => match c.strip_prefix('~') {
            Some(w) => Oracle::Warns(u32::from_str_radix(w, 16).unwrap()),
            None => Oracle::Takes(u32::from_str_radix(c, 16).unwrap()),
        },
    }
}

/// Checks one parse result against one oracle cell (`warn`: a text the oracle takes quietly
/// must warn anyway: llvm-mc's repeated counter); returns true when the text was taken.
fn check(k: Kind, a: Arch, d: Dialect, t: &str, want: Oracle, warn: bool, ev: Option<Eval>) -> bool {
    let got = parse_with(k, a, d, t, ev);
    let with = if ev.is_some() { " with eval" } else { "" };
    let ctx = format!("{k:?} on {a} in {d:?}{with}: `{t}` gives {got:?}, oracle {want:?}");
    match (&got, want) {
        (_, Oracle::NotHere) => false,
        (Ok(Some(p)), Oracle::Takes(w) | Oracle::Warns(w)) => {
            assert_eq!((p.value, p.used), (w, t.len()), "{ctx}");
            let warns = matches!(want, Oracle::Warns(_)) || warn;
            assert_eq!(!p.warnings.is_empty(), warns, "{ctx}");
            for e in &p.warnings {
                check_err(t, e);
            }
            true
        }
        (Ok(None), Oracle::Takes(w) | Oracle::Warns(w)) => {
            // The caller reads a plain number, or an expression such as `(1)` or a symbol.
            match parse_int(t) {
                Some(n) => assert!(raw(k, d, n) && n as u16 as u32 == w, "{ctx}"),
                None => assert!(!looks_special(k, t) && raw_range(k, d).is_some(), "{ctx}"),
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
        (Ok(Some(p)), _) => {
            // Read up to a point; the caller rejects what follows.
            assert!(p.used < t.trim_end().len(), "{ctx}");
            false
        }
        (Err(e), Oracle::Takes(_) | Oracle::Warns(_)) => {
            assert!(ev.is_none() && needs_eval(t), "{ctx}");
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
    let mut warned = 0;
    for r in rows(PARSE) {
        let (k, t) = (kind(&r[0]), r[1].as_str());
        rows_n += 1;
        let rep = repeated_counter(k, t);
        for (i, a) in Arch::ALL.into_iter().enumerate() {
            let (c, l) = (oracle(&r[2 + i]), oracle(&r[6 + i]));
            // Auto: the union of both, LLVM's reading first.
            let (either, auto_warns) = match (c, l) {
                (_, Oracle::Takes(w)) => (Oracle::Takes(w), rep),
                (Oracle::Takes(w), _) => (Oracle::Takes(w), false),
                (Oracle::Warns(w), _) => (Oracle::Warns(w), true),
                (Oracle::NotHere, _) => (Oracle::NotHere, false),
                _ => (Oracle::Rejects, false),
            };
            if let (Oracle::Takes(x), Oracle::Takes(y)) = (c, l) {
                assert_eq!(x, y, "the assemblers disagree on `{t}`");
            }
            warned += matches!(c, Oracle::Warns(_)) as usize;
            let ev: Eval = &eval;
            for e in [None, Some(ev)] {
                let tc = check(k, a, Dialect::Clrx, t, c, false, e);
                let tl = check(k, a, Dialect::Llvm, t, l, rep, e);
                let ta = check(k, a, Dialect::Auto, t, either, auto_warns, e);
                taken[0] += tc as usize;
                taken[1] += tl as usize;
                taken[2] += ta as usize;
                if either != Oracle::NotHere && (e.is_some() || !needs_eval(t)) {
                    assert_eq!(ta, tc || tl, "{k:?} on {a}: `{t}`");
                }
            }
        }
    }
    assert!(
        rows_n > 2000 && warned > 500 && taken.iter().all(|&n| n > 2000),
        "{rows_n} {warned} {taken:?}"
    );
}

/// CLRX's own test cases (GCNAsmOpc11.cpp, in ../shared/conformance/clrx-asm.tsv) for the
/// special syntaxes, and the same spellings in LLVM where llvm-mc takes them.
#[test]
fn clrx_conformance_cases() {
    let syms = [("vmcnt", 14), ("expcnt", 2), ("a", 14), ("b", 2)];
    let ev = |t: &str| eval_in(&syms, t);
    let ev: Eval = &ev;
    let a = Arch::Gcn10;
    let p = |k, d, t: &str| parse_with(k, a, d, t, Some(ev));
    let take = |k, d, t: &str, v: u32| {
        let got = p(k, d, t).unwrap().unwrap();
        assert_eq!((got.value, got.used), (v, t.len()), "{t}");
        got.warnings
    };
    // Symbols inside the counters, a symbol named as a counter too.
    for d in [Dialect::Clrx, Dialect::Llvm, Dialect::Auto] {
        assert!(take(Kind::Waitcnt, d, "vmcnt(vmcnt) & expcnt(expcnt)", 0x0f2e).is_empty());
        assert!(take(Kind::Waitcnt, d, "vmcnt(a) & expcnt(b)", 0x0f2e).is_empty());
    }
    // Out of range: the low bits, a warning at each value.
    let t = "vmcnt(33) & expcnt(10) & lgkmcnt(27)";
    let w = take(Kind::Waitcnt, Dialect::Clrx, t, 0x0b21);
    let at: Vec<&str> = w.iter().map(|e| &t[e.start..e.end]).collect();
    assert_eq!(at, ["33", "10", "27"]);
    assert_eq!(w[0].msg, "vmcnt must be 0 to 15 on gcn1.0: 33 truncated to 1");
    assert!(p(Kind::Waitcnt, Dialect::Llvm, t).is_err());
    assert_eq!(p(Kind::Waitcnt, Dialect::Auto, t).unwrap().unwrap().warnings, w);
    // A repeated counter: the last wins, with a warning at its second name.
    for (t, v) in [
        ("vmcnt(14) & expcnt(2)&expcnt(3)", 0x0f3e),
        ("vmcnt(14) & expcnt(2)&vmcnt(12)", 0x0f2c),
        ("lgkmcnt(13) & expcnt(2) & lgkmcnt(11)", 0x0b2f),
    ] {
        for d in [Dialect::Clrx, Dialect::Llvm, Dialect::Auto] {
            let w = take(Kind::Waitcnt, d, t, v);
            // At the second of the two names.
            let name = &t[w[0].start..w[0].end];
            assert_eq!((w.len(), w[0].start), (1, t.rfind(name).unwrap()), "{t}: {w:?}");
            assert_eq!(w[0].msg, format!("{name} given twice: the last value is kept"));
        }
    }
    // The stream keeps its low 2 bits.
    let t = "sendmsg(gs, cut, 122)";
    let w = take(Kind::Sendmsg, Dialect::Clrx, t, 0x212);
    assert_eq!((w.len(), &t[w[0].start..w[0].end]), (1, "122"));
    assert_eq!(w[0].msg, "stream must be 0 to 3: 122 truncated to 2");
    // s_set_gpr_idx_on's index mode is a plain expression in CLRX (forward symbols too): the
    // caller's.
    assert_eq!(p(Kind::GprIdx, Dialect::Clrx, "4+xd"), Ok(None));
    assert_eq!(parse(Kind::GprIdx, Arch::Gcn12, Dialect::Clrx, "4+xd"), Ok(None));
    // Errors of CLRX's cases stay errors.
    for t in [
        "vmcnt(11) & expcnt() & lgkmcnt(12)",
        "vmcnt(11) & expcnt(3",
        "vmcxxnt(11)",
        "vmcnt  (14  ) & expcnt(  2) & aaaa(6) & vmcnt(4)",
    ] {
        assert!(p(Kind::Waitcnt, Dialect::Clrx, t).is_err(), "{t}");
    }
}

/// `eval` sees one argument at a time: `&` between counters separates them, inside a
/// counter's parentheses it is the expression's; a `,` or the closing `)` ends an argument.
#[test]
fn eval_sees_one_argument() {
    let seen = std::cell::RefCell::new(Vec::<String>::new());
    let spy = |t: &str| {
        seen.borrow_mut().push(t.into());
        eval(t)
    };
    let ev: Eval = &spy;
    let a = Arch::Gcn12;
    for (d, id) in [(Dialect::Clrx, "@1"), (Dialect::Llvm, "1")] {
        seen.borrow_mut().clear();
        let p = |k, t| parse_with(k, a, d, t, Some(ev)).unwrap().unwrap();
        assert_eq!(p(Kind::Waitcnt, "vmcnt(1)&expcnt(2)").value, 0x0f21);
        assert_eq!(p(Kind::Waitcnt, "vmcnt((1+2)&1) & lgkmcnt( three )").value, 0x0371);
        let t = format!("hwreg({id}, (1), 2 ) , s1");
        let got = p(Kind::Hwreg, &t);
        assert_eq!((got.value, got.used), (0x0841, t.len() - 5));
        assert_eq!(*seen.borrow(), ["1", "2", "(1+2)&1", "three ", "1", "(1)", "2 "]);
    }
}

/// A misbehaving `eval` (using nothing, more than it was given, half a character; errors
/// pointing anywhere) gives errors inside the text, never a panic.
#[test]
fn a_misbehaving_eval_cannot_make_it_panic() {
    let bad: [Eval; 5] = [
        &|_| Ok((1, 0)),
        &|t| Ok((1, t.len() + 3)),
        &|t| Ok((i64::MIN, t.find('é').map_or(1, |i| i + 1))),
        &|_| {
            Err(SpecErr {
                start: 7,
                end: 2,
                msg: "bad".into(),
                help: None,
            })
        },
        &|t| {
            Err(SpecErr {
                start: t.find('é').map_or(0, |i| i + 1),
                end: usize::MAX,
                msg: "bad".into(),
                help: None,
            })
        },
    ];
    let texts = [
        "vmcnt(é) & expcnt(1)",
        "hwreg(@é1, 0, 1)",
        "hwreg(1, é, é)",
        "sendmsg(gs, cut, é)",
        "vmcnt(1)",
    ];
    for ev in bad {
        for t in texts {
            for a in Arch::ALL {
                for k in KINDS {
                    for d in [Dialect::Clrx, Dialect::Llvm, Dialect::Auto] {
                        match parse_with(k, a, d, t, Some(ev)) {
                            Ok(Some(p)) => {
                                assert!(p.used <= t.len() && t.is_char_boundary(p.used), "{t}");
                                p.warnings.iter().for_each(|e| check_err(t, e));
                            }
                            Ok(None) => {}
                            Err(e) => check_err(t, &e),
                        }
                    }
                }
            }
        }
    }
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
        msg(Kind::Waitcnt, Arch::Gcn10, Dialect::Llvm, "vmcnt(1"),
        "expected ')'"
    );
    assert_eq!(
        msg(Kind::Hwreg, Arch::Gcn10, Dialect::Llvm, "hwreg(1, 0, 33)"),
        "bit size must be 1 to 32"
    );
    assert_eq!(
        msg(Kind::Hwreg, Arch::Gcn10, Dialect::Llvm, "hwreg(1, 32, 1)"),
        "bit offset must be 0 to 31"
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
        msg(Kind::Hwreg, Arch::Gcn12, Dialect::Llvm, "hwreg(HW_REG_FOO)"),
        "unknown hardware register `HW_REG_FOO`"
    );
    assert_eq!(
        msg(Kind::Sendmsg, Arch::Gcn10, Dialect::Llvm, "sendmsg(16)"),
        "message number must be 0 to 15"
    );
    assert_eq!(
        msg(
            Kind::Sendmsg,
            Arch::Gcn10,
            Dialect::Llvm,
            "sendmsg(MSG_GS, GS_OP_CUT, 4)"
        ),
        "stream must be 0 to 3"
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
    // An unknown name stays one with an eval (unless it is a symbol); a symbol the eval does
    // not know inside an expression is the eval's error, at the symbol.
    let ev: Eval = &eval;
    let e = parse_with(Kind::Hwreg, Arch::Gcn12, Dialect::Llvm, "hwreg(HW_REG_FOO)", Some(ev)).unwrap_err();
    assert_eq!(
        (e.msg.as_str(), e.start, e.end),
        ("unknown hardware register `HW_REG_FOO`", 6, 16)
    );
    let t = "sendmsg(MSG_GS, GS_OP_CUT, later+1)";
    let e = parse_with(Kind::Sendmsg, Arch::Gcn12, Dialect::Llvm, t, Some(ev)).unwrap_err();
    assert_eq!((e.msg.as_str(), &t[e.start..e.end]), ("undefined symbol", "later"));
    let t = "vmcnt(1) & expcnt(later)";
    let e = parse_with(Kind::Waitcnt, Arch::Gcn12, Dialect::Clrx, t, Some(ev)).unwrap_err();
    assert_eq!(&t[e.start..e.end], "later");
}

/// What clrxasm takes with a warning is taken with a warning naming the limit and what is
/// kept (`parse`, which cannot report warnings, returns the first as its error); llvm-mc's
/// quiet repeated counter gets one too.
#[test]
fn warnings_name_the_limit_and_the_value_kept() {
    fn warned(k: Kind, a: Arch, d: Dialect, t: &str) -> (u32, Vec<(String, &str)>) {
        let p: Parsed = parse_with(k, a, d, t, None).unwrap().unwrap();
        let w: Vec<(String, &str)> = p.warnings.iter().map(|e| (e.msg.clone(), &t[e.start..e.end])).collect();
        assert_eq!(Err(p.warnings[0].clone()), parse(k, a, d, t), "{t}");
        (p.value, w)
    }
    let one = |m: &str, at| vec![(m.to_string(), at)];
    assert_eq!(
        warned(Kind::Waitcnt, Arch::Gcn14, Dialect::Clrx, "vmcnt(64)"),
        (0x0f70, one("vmcnt must be 0 to 63 on gcn1.4: 64 truncated to 0", "64"))
    );
    assert_eq!(
        warned(Kind::Waitcnt, Arch::Gcn10, Dialect::Auto, "expcnt(-1)"),
        (0x0f7f, one("expcnt must be 0 to 7 on gcn1.0: -1 truncated to 7", "-1"))
    );
    for d in [Dialect::Clrx, Dialect::Llvm, Dialect::Auto] {
        assert_eq!(
            warned(Kind::Waitcnt, Arch::Gcn10, d, "vmcnt(1) & vmcnt(2)"),
            (0x0f72, one("vmcnt given twice: the last value is kept", "vmcnt"))
        );
    }
    assert_eq!(
        warned(Kind::Waitcnt, Arch::Gcn12, Dialect::Llvm, "vmcnt(1) vmcnt_sat(20)"),
        (0x0f7f, one("vmcnt given twice: the last value is kept", "vmcnt_sat"))
    );
    assert_eq!(
        warned(Kind::Hwreg, Arch::Gcn10, Dialect::Clrx, "hwreg(mode, 32, 1)"),
        (
            0x0801,
            one(
                "bit offset must be 0 to 31: 32 is shifted in unmasked, giving 0x0801",
                "32"
            )
        )
    );
    assert_eq!(
        warned(Kind::Hwreg, Arch::Gcn10, Dialect::Clrx, "hwreg(@64, 0, 33)").1,
        [
            ("register number must be 0 to 63: 64 truncated to 0".to_string(), "64"),
            (
                "bit size must be 1 to 32: 33 is shifted in unmasked, giving 0x0000".to_string(),
                "33"
            ),
        ]
    );
    assert_eq!(
        warned(Kind::Sendmsg, Arch::Gcn10, Dialect::Clrx, "sendmsg(@18, @9, 4)").1,
        [
            ("message number must be 0 to 15: 18 truncated to 2".to_string(), "18"),
            ("operation must be 0 to 7: 9 truncated to 1".to_string(), "9"),
            ("stream must be 0 to 3: 4 truncated to 0".to_string(), "4"),
        ]
    );
    // No warning where all is in range.
    let p = parse_with(Kind::Waitcnt, Arch::Gcn14, Dialect::Clrx, "vmcnt(63) & expcnt(7)", None);
    assert_eq!(p.unwrap().unwrap().warnings, []);
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
        "three",
        "later",
        "&&",
        "((",
        "@(",
        "+1",
        "-0x",
    ];
    let ev: Eval = &eval;
    let odd = |t: &str| Ok((-1, t.len().min(2)));
    let odd: Eval = &odd;
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
                for e in [ev, odd] {
                    match parse_with(k, a, d, &t, Some(e)) {
                        Ok(Some(p)) => {
                            assert!(
                                p.value <= 0xffff && p.used <= t.len() && t.is_char_boundary(p.used),
                                "{t}"
                            );
                            p.warnings.iter().for_each(|w| check_err(&t, w));
                        }
                        Ok(None) => {}
                        Err(e) => check_err(&t, &e),
                    }
                }
            }
        }
    }
}

/// An S_WAITCNT, S_SENDMSG or S_GETREG/S_SETREG word whose value its special syntax cannot
/// say prints in the LLVM dialect as the plain number (`s_waitcnt 0x3141`), which llvm-mc 14 and
/// gcnkit read back to the same word.
#[test]
fn waitcnt_with_other_bits_prints_as_its_number_in_llvm_text() {
    let text = |a: Arch, w: u32| gcnkit::syntax::to_text(&gcnkit::decode::decode(a, &[w]).unwrap(), Syntax::Llvm);
    for a in Arch::ALL {
        // s_waitcnt (every 37th value); s_sendmsg, s_getreg_b32, s_setreg_b32 (every 97th).
        let mut words: Vec<u32> = (0..0x1_0000u32).step_by(37).map(|v| 0xbf8c_0000 | v).collect();
        for base in [0xbf90_0000u32, 0xb880_0000, 0xb900_0000] {
            words.extend((0..0x1_0000u32).step_by(97).map(|v| base | v));
        }
        let texts: Vec<String> = words.iter().map(|&w| text(a, w)).collect();
        let numbers = texts.iter().filter(|t| t.starts_with("s_waitcnt 0x")).count();
        assert!(numbers > 100, "{a}: {numbers}");
        for ((w, t), mc) in words.iter().zip(&texts).zip(common::assemble(a, &texts)) {
            if t.starts_with(".long") {
                continue;
            }
            assert_eq!(mc.as_deref(), Ok(&[*w][..]), "{a}: llvm-mc reads `{t}`");
            let ours = gcnkit::asm::assemble_one(a, gcnkit::asm::Dialect::Llvm, t).unwrap();
            assert_eq!(ours, vec![*w], "{a}: gcnkit reads `{t}`");
        }
    }
}
