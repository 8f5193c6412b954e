//! The assembler's control directives, as GNU as, llvm-mc and clrxasm read them: conditional
//! assembly (`.if`/`.ifdef`/`.ifndef`/`.ifeq`/`.ifne`/`.ifgt`/`.ifge`/`.iflt`/`.ifle`,
//! `.elseif`, `.else`, `.endif`), repetition (`.rept N`, `.irp SYM, A, B...`, `.irpc SYM, CHARS`,
//! `.endr`), macros (`.macro NAME ARG, ARG=DEFAULT...`, `\ARG`, `\@`, `.endm`, `.exitm`) and
//! `.include "FILE"`.
//!
//! They work on whole lines before a line is parsed: a block's lines are recorded as written and
//! fed back through the assembler once per repetition (or call), with `\NAME` replaced, so
//! errors inside point at the block's own lines and a note names the expansion. Conditions are
//! evaluated when reached, with the symbols defined so far (a symbol defined later is an error).

use super::parse::{Cursor, EVal, Expr, PErr, Value};
use super::Assembler;
use crate::diag::{Diagnostic, Severity};

/// Deepest nesting of expansions (a macro that calls itself without end stops here).
const MAX_DEPTH: usize = 64;
/// Largest `.rept` count (a typo of a huge count is an error, not hours of work).
const MAX_REPT: i64 = 1 << 24;
/// Most lines all expansions of one assembly may produce.
const MAX_EXPANDED: usize = 1 << 24;

/// The `.if` forms (each also as `.elseif...`), without their dot.
const IFS: [&str; 10] = [
    "if", "ifeq", "ifne", "ifgt", "ifge", "iflt", "ifle", "ifdef", "ifndef", "ifnotdef",
];

/// CLRX's further `.if` forms (also as `.elseif...`): blank, string and target tests.
const CLRX_IFS: [&str; 14] = [
    "if32", "if64", "ifarch", "ifnarch", "ifb", "ifnb", "ifc", "ifnc", "ifeqs", "ifnes", "iffmt", "ifnfmt", "ifgpu",
    "ifngpu",
];

/// Is `form` (without its dot) an `.if` form of the dialect?
fn is_if(form: &str, llvm: bool) -> bool {
    IFS.contains(&form) || !llvm && CLRX_IFS.contains(&form)
}

/// A string of `.ifc` as GNU as compares it: blanks dropped but one between two characters
/// of a same kind that goes on a token (two letters or digits, `(` `)`...), blanks in quotes
/// kept.
fn compare_text(s: &str) -> String {
    // The kind of a character for the blank rule: 1 letters, digits, `$ . _`; another
    // number for each of `% ( ) * - [ \ ] { }` (parentheses one kind); 0 for the rest
    // (a blank next to them always goes).
    let kind = |c: char| -> u8 {
        match c {
            _ if c.is_ascii_alphanumeric() || matches!(c, '$' | '.' | '_') => 1,
            '%' => 2,
            '(' | ')' => 3,
            '*' => 4,
            '-' => 5,
            '[' => 6,
            '\\' => 7,
            ']' => 8,
            '{' => 9,
            '}' => 10,
            _ => 0,
        }
    };
    let mut out = String::new();
    let (mut blank, mut dq, mut sq) = (true, false, false);
    let mut prev = 0u8;
    for ch in s.chars() {
        if ch == ' ' || ch == '\t' {
            if !blank || dq || sq {
                out.push(ch);
            }
            blank = true;
            continue;
        }
        blank = false;
        if ch == '"' && !sq {
            dq = !dq;
        } else if ch == '\'' && !dq {
            sq = !sq;
        }
        let k = kind(ch);
        if !sq && !dq && out.ends_with([' ', '\t']) && (prev != k || k == 0) {
            out.pop();
        }
        out.push(ch);
        prev = k;
    }
    if out.ends_with([' ', '\t']) {
        out.pop();
    }
    out
}

/// One open `.if`.
#[derive(Clone, Copy, Debug)]
struct Cond {
    /// Lines are assembled here.
    active: bool,
    /// A branch of this `.if` was taken (the later ones are not).
    taken: bool,
    /// The enclosing code is assembled (else no branch of this `.if` is).
    outer: bool,
    /// `.else` seen (another `.else` or `.elseif` is an error).
    in_else: bool,
    /// The `.if` line (its file's), for an `.if` left open.
    line: usize,
}

/// A block being recorded up to its end directive.
#[derive(Debug)]
struct Recording {
    kind: Kind,
    /// Line of the opening directive.
    line: usize,
    /// Nested openers of the same family not closed yet.
    depth: usize,
    lines: Vec<(usize, String)>,
}

#[derive(Debug)]
enum Kind {
    Rept(i64),
    /// CLRX's `.for SYM=INIT, COND, NEXT`: the `.for` line, the symbol, its start, the
    /// condition and the next value (expressions as written).
    For(String, String, String, String, String),
    /// CLRX's `.while COND`: the `.while` line and the condition.
    While(String, String),
    /// `.irp`/`.irpc`: the symbol and the values it takes in turn.
    Irp(String, Vec<String>),
    Macro(String, Vec<Param>),
}

use super::macros::Param;

#[derive(Clone, Debug)]
struct Macro {
    params: Vec<Param>,
    lines: Vec<(usize, String)>,
}

/// The control state of one assembly.
#[derive(Debug, Default)]
pub(super) struct Blocks {
    conds: Vec<Cond>,
    rec: Option<Recording>,
    macros: rustc_hash::FxHashMap<String, Macro>,
    depth: usize,
    /// `\@`: the number of macro expansions so far.
    count: usize,
    /// `.exitm` seen inside the current macro expansion.
    exit: bool,
    /// Lines expanded so far (bounded: nested repetitions multiply).
    expanded: usize,
    /// CLRX's macro expansions open (the innermost last): the alternate syntax, `local`
    /// names.
    expansions: Vec<super::macros::Expansion>,
    /// CLRX's `local` names given so far (`.LL0`...).
    locals: u64,
}

/// The directive a line starts with (lower case) and the rest of the line, comments cut
/// (CLRX's `//` is an operator, integer division: `.if 1 // 4` is false in clrxasm).
fn head(src: &str, llvm: bool) -> (String, &str) {
    let t = src.trim_start();
    let mut end = t.find('#').unwrap_or(t.len());
    if llvm {
        for pat in ["//", ";"] {
            if let Some(p) = t.find(pat) {
                end = end.min(p);
            }
        }
    }
    let t = &t[..end];
    let n = t
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'))
        .unwrap_or(t.len());
    (t[..n].to_ascii_lowercase(), t[n..].trim())
}

/// Splits a comma-separated list (brackets and quotes kept whole).
fn split_list(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut nest = 0i32;
    let mut quoted = false;
    for ch in s.chars() {
        match ch {
            '"' => quoted = !quoted,
            '(' | '[' if !quoted => nest += 1,
            ')' | ']' if !quoted => nest -= 1,
            ',' if !quoted && nest == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    if !cur.trim().is_empty() || !out.is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// `text` with `\NAME` replaced by each binding's value (longest names first), `\()` removed
/// (a separator: `\x\()y`), and `\@` by `count`.
fn substitute(text: &str, binds: &[(String, String)], count: Option<usize>) -> String {
    if !text.contains('\\') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let b = text.as_bytes();
    let mut k = 0;
    'outer: while k < b.len() {
        if b[k] == b'\\' {
            let rest = &text[k + 1..];
            if let Some(r) = rest.strip_prefix("()") {
                let _ = r;
                k += 3;
                continue;
            }
            if rest.starts_with('@') {
                if let Some(n) = count {
                    out.push_str(&n.to_string());
                    k += 2;
                    continue;
                }
            }
            let mut best: Option<&(String, String)> = None;
            for bind in binds {
                let name = &bind.0;
                let word_end = rest.len() == name.len()
                    || !rest
                        .as_bytes()
                        .get(name.len())
                        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
                if rest.len() >= name.len()
                    && rest[..name.len()].eq_ignore_ascii_case(name)
                    && word_end
                    && best.is_none_or(|b| b.0.len() < name.len())
                {
                    best = Some(bind);
                }
            }
            if let Some((name, value)) = best {
                out.push_str(value);
                k += 1 + name.len();
                continue 'outer;
            }
        }
        let ch = text[k..].chars().next().unwrap();
        out.push(ch);
        k += ch.len_utf8();
    }
    out
}

impl Assembler {
    /// Takes `src` if it is a control directive, a line of a block being recorded, a line of
    /// a branch not assembled, or a macro call; `false`: an ordinary line.
    pub(super) fn block_line(&mut self, lineno: usize, src: &str) -> bool {
        if self.in_comment {
            return false;
        }
        // The usual line (an instruction, nothing recorded or skipped, no macros): no work.
        // Nor for a label or another directive: with nothing recorded, skipped or defined,
        // only the block directives below act, and they all start `.i`, `.e`, `.r`, `.m` or
        // `.p` (`.if`, `.else`, `.endif`, `.rept`, `.irp`, `.macro`, `.exitm`, `.include`,
        // `.purgem`...), where a label such as `.L12_0:` does not.
        let b = &self.blocks;
        if b.rec.is_none() && b.macros.is_empty() && b.conds.last().is_none_or(|c| c.active) {
            // (The first byte decides when it is a visible ASCII character, as it mostly is.)
            let t = match src.as_bytes().first() {
                Some(&c) if c.is_ascii_graphic() => src.as_bytes(),
                _ => src.trim_start().as_bytes(),
            };
            let block_word = t.first() == Some(&b'.')
                && t.get(1)
                    .is_some_and(|c| matches!(c | 0x20, b'i' | b'e' | b'r' | b'm' | b'p' | b'f' | b'w'));
            if !block_word {
                return false;
            }
        }
        // Conditions read symbols (`.ifdef .`, `.if . > 8`).
        self.sync_dot();
        let llvm = self.dialect == super::Dialect::Llvm;
        let (word, rest) = head(src, llvm);
        if let Some(rec) = &mut self.blocks.rec {
            let macro_rec = matches!(rec.kind, Kind::Macro(..));
            let opener = if macro_rec {
                word == ".macro"
            } else {
                matches!(word.as_str(), ".rept" | ".irp" | ".irpc")
                    || !llvm && matches!(word.as_str(), ".for" | ".while")
            };
            let closer = if macro_rec {
                matches!(word.as_str(), ".endm" | ".endmacro")
            } else {
                word == ".endr" || !llvm && word == ".endrept"
            };
            if opener {
                rec.depth += 1;
            } else if closer && rec.depth == 0 {
                let rec = self.blocks.rec.take().unwrap();
                self.finish_block(lineno, src, rec);
                return true;
            } else if closer {
                rec.depth -= 1;
            }
            rec.lines.push((lineno, src.to_string()));
            return true;
        }
        let active = self.blocks.conds.last().is_none_or(|c| c.active);
        // Each `.if` form has its `.elseif` form (`.elseifdef`, `.elseifeq`...), as in clrxasm.
        let elseif = word
            .strip_prefix(".else")
            .filter(|f| is_if(f, llvm))
            .map(|w| format!(".{w}"));
        match word.as_str() {
            w if w.strip_prefix('.').is_some_and(|f| is_if(f, llvm)) => {
                let on = active && self.condition(lineno, src, &word, rest).unwrap_or(false);
                self.blocks.conds.push(Cond {
                    active: on,
                    taken: on,
                    outer: active,
                    in_else: false,
                    line: lineno,
                });
                true
            }
            _ if elseif.is_some() || word == ".else" => {
                let Some(&c) = self.blocks.conds.last() else {
                    self.block_error(lineno, src, format!("{word} without .if"));
                    return true;
                };
                if c.in_else {
                    self.block_error(lineno, src, format!("{word} after .else"));
                    return true;
                }
                let on = c.outer
                    && !c.taken
                    && match &elseif {
                        Some(form) => self.condition(lineno, src, form, rest).unwrap_or(false),
                        None => true,
                    };
                let top = self.blocks.conds.last_mut().unwrap();
                top.active = on;
                top.taken |= on;
                top.in_else = word == ".else";
                true
            }
            ".endif" => {
                if self.blocks.conds.pop().is_none() {
                    self.block_error(lineno, src, ".endif without .if".into());
                }
                true
            }
            _ if !active => true,
            ".rept" => {
                let n = self.int_expr(lineno, src, rest).unwrap_or(0);
                if !(0..=MAX_REPT).contains(&n) {
                    self.block_error(lineno, src, format!(".rept count {n} is not 0..{MAX_REPT}"));
                }
                self.record(lineno, Kind::Rept(n.clamp(0, MAX_REPT)));
                true
            }
            ".for" if !llvm => {
                // `.for SYM=INIT, COND, NEXT` (clrxasm): three expressions, the first an
                // assignment.
                let parts = split_list(rest);
                match (parts.as_slice(), parts.first().and_then(|p| p.split_once('='))) {
                    ([_, cond, next], Some((sym, init))) if !sym.trim().is_empty() => {
                        let kind = Kind::For(
                            src.to_string(),
                            sym.trim().to_string(),
                            init.trim().to_string(),
                            cond.trim().to_string(),
                            next.trim().to_string(),
                        );
                        self.record(lineno, kind);
                    }
                    _ => {
                        self.block_error(lineno, src, ".for needs SYMBOL=INIT, COND, NEXT".into());
                        self.record(lineno, Kind::Rept(0));
                    }
                }
                true
            }
            ".while" if !llvm => {
                self.record(lineno, Kind::While(src.to_string(), rest.trim().to_string()));
                true
            }
            ".irp" | ".irpc" => {
                let (sym, vals) = match rest.split_once(',') {
                    Some((s, v)) => (s.trim().to_string(), v.trim()),
                    None => (rest.trim().to_string(), ""),
                };
                if sym.is_empty() {
                    self.block_error(lineno, src, format!("{word} needs a symbol name"));
                }
                let values = if word == ".irp" {
                    split_list(vals)
                } else {
                    vals.chars()
                        .filter(|c| !c.is_whitespace())
                        .map(|c| c.to_string())
                        .collect()
                };
                self.record(lineno, Kind::Irp(sym, values));
                true
            }
            ".macro" if !llvm => {
                self.clrx_macro(lineno, src, rest);
                true
            }
            ".macro" => {
                let (name, params) = match rest.find(|c: char| c == ',' || c.is_whitespace()) {
                    Some(p) => (&rest[..p], rest[p..].trim_start_matches(',').trim()),
                    None => (rest, ""),
                };
                if name.is_empty() {
                    self.block_error(lineno, src, ".macro needs a name".into());
                }
                let params = split_list(&params.replace(|c: char| c.is_whitespace(), ","))
                    .into_iter()
                    .filter(|p| !p.is_empty())
                    .map(|p| match p.split_once('=') {
                        Some((n, d)) => Param {
                            name: n.trim().trim_end_matches(":req").to_string(),
                            default: Some(d.trim().to_string()),
                            ..Default::default()
                        },
                        None => Param {
                            name: p.trim_end_matches(":req").trim_end_matches(":vararg").to_string(),
                            ..Default::default()
                        },
                    })
                    .collect();
                self.record(lineno, Kind::Macro(name.to_ascii_lowercase(), params));
                true
            }
            ".endr" | ".endm" | ".endmacro" | ".endrept" => {
                self.block_error(lineno, src, format!("{word} without an open block"));
                true
            }
            ".exitm" => {
                if self.blocks.depth == 0 && !llvm {
                    // clrxasm: a warning.
                    let start = src.len() - src.trim_start().len();
                    let e = PErr {
                        start,
                        end: start + 6,
                        msg: "'.exitm' is ignored outside a macro".into(),
                        help: None,
                    };
                    self.report(lineno, src, e, Severity::Warning);
                    return true;
                }
                if self.blocks.depth == 0 {
                    self.block_error(lineno, src, ".exitm outside a macro".into());
                }
                self.blocks.exit = true;
                true
            }
            ".include" => {
                self.include(lineno, src, rest);
                true
            }
            ".purgem" => {
                let name = rest.trim();
                let key = if llvm || self.clrx.macro_case {
                    name.to_ascii_lowercase()
                } else {
                    name.to_string()
                };
                self.blocks.macros.remove(&key);
                true
            }
            _ => {
                if self.blocks.macros.is_empty() || word.is_empty() {
                    return false;
                }
                // CLRX's `.nomacrocase`: the name as written.
                let exact;
                let word = if !llvm && !self.clrx.macro_case {
                    let t = src.trim_start();
                    exact = t[..word.len().min(t.len())].to_string();
                    &exact
                } else {
                    &word
                };
                match self.blocks.macros.get(word).cloned() {
                    Some(m) if !llvm => {
                        self.clrx_call(lineno, src, rest, &m);
                        true
                    }
                    Some(m) => {
                        self.call_macro(lineno, src, word, rest, &m);
                        true
                    }
                    None => false,
                }
            }
        }
    }

    /// `.include "FILE"`: the file's lines, read next to the including file or in an include
    /// directory. Errors inside name the included file; a note names the `.include` line.
    fn include(&mut self, lineno: usize, src: &str, rest: &str) {
        let name = rest.trim().trim_matches('"');
        if name.is_empty() {
            return self.block_error(lineno, src, ".include needs a file name in quotes".into());
        }
        if self.including.len() >= 32 {
            return self.block_error(
                lineno,
                src,
                format!(".include of '{name}' nested too deeply (a file that includes itself?)"),
            );
        }
        let here = std::path::Path::new(&self.file)
            .parent()
            .map(|p| p.to_path_buf())
            .unwrap_or_default();
        let path = std::iter::once(here)
            .chain(self.include_dirs.iter().cloned())
            .map(|d| d.join(name))
            .find(|p| p.is_file());
        let Some(path) = path else {
            return self.block_error(
                lineno,
                src,
                format!("cannot find '{name}' (next to this file or in an -I directory)"),
            );
        };
        let text = match std::fs::read(&path) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => return self.block_error(lineno, src, format!("cannot read '{}': {e}", path.display())),
        };
        let before = self.diags.len();
        let outer = std::mem::replace(&mut self.file, path.display().to_string());
        self.including.push(outer.clone());
        if self.dialect == super::Dialect::Llvm {
            for (n, line) in text.lines().enumerate() {
                self.process(n + 1, line);
            }
        } else {
            let file = self.file.clone();
            for (n, line) in super::splice::join_text(&file, &text, &mut self.splices) {
                self.process(n, &line);
            }
        }
        self.including.pop();
        self.file = outer;
        if self.diags[before..].iter().any(|d| d.severity == Severity::Error) {
            let mut block: Vec<Diagnostic> = self.diags.drain(before..).collect();
            // The notes of the outermost few includes of a deep nesting.
            if self.including.len() < 4 {
                block.push(self.whole_line(
                    Severity::Note,
                    lineno,
                    format!("in the file included at line {lineno}"),
                    None,
                ));
            }
            if self.including.is_empty() {
                self.included.push((lineno, block));
            } else {
                self.diags.extend(block);
            }
        }
    }

    /// A diagnostic about a whole line of this file (no column, no source text shown).
    fn whole_line(&self, severity: Severity, line: usize, message: String, help: Option<String>) -> Diagnostic {
        Diagnostic {
            severity,
            file: self.file.clone(),
            line,
            col: 1,
            len: 1,
            message,
            help,
            source: String::new(),
        }
    }

    fn record(&mut self, line: usize, kind: Kind) {
        self.blocks.rec = Some(Recording {
            kind,
            line,
            depth: 0,
            lines: Vec::new(),
        });
    }

    /// Expands `body` (then `step`) until `cond` (read after each time: the body may change its
    /// symbols) is 0. As clrxasm does, the condition is read after the body, so the body runs at
    /// least once (`.while 0` emits it once; checked against clrxasm). An error after
    /// [`MAX_REPT`] repetitions.
    fn repeat_while(
        &mut self,
        line: usize,
        head: &str,
        cond: &str,
        body: &[(usize, String)],
        step: Option<&[(usize, String)]>,
        what: &str,
    ) {
        for _ in 0..MAX_REPT {
            if !self.expand(line, body, &[], None, what) {
                return;
            }
            if let Some(step) = step {
                if !self.expand(line, step, &[], None, what) {
                    return;
                }
            }
            match self.int_expr(line, head, cond) {
                Some(0) | None => return,
                Some(_) => {}
            }
        }
        self.block_error(line, head, format!("{what} did not end after {MAX_REPT} repetitions"));
    }

    /// A block's end: a repetition runs, a macro is kept.
    fn finish_block(&mut self, lineno: usize, src: &str, rec: Recording) {
        match rec.kind {
            Kind::Rept(n) => {
                for _ in 0..n {
                    if !self.expand(rec.line, &rec.lines, &[], None, ".rept") {
                        break;
                    }
                }
            }
            Kind::For(head, sym, init, cond, next) => {
                let set = |v: &str| vec![(rec.line, format!("{sym}={v}"))];
                if !self.expand(rec.line, &set(&init), &[], None, ".for") {
                    return;
                }
                self.repeat_while(rec.line, &head, &cond, &rec.lines, Some(&set(&next)), ".for");
            }
            Kind::While(head, cond) => {
                self.repeat_while(rec.line, &head, &cond, &rec.lines, None, ".while");
            }
            Kind::Irp(sym, values) => {
                for v in values {
                    if !self.expand(rec.line, &rec.lines, &[(sym.clone(), v)], None, ".irp") {
                        break;
                    }
                }
            }
            Kind::Macro(name, params) => {
                if name.is_empty() {
                    return;
                }
                if self.blocks.macros.contains_key(&name) {
                    self.block_error(lineno, src, format!("macro '{name}' is defined already"));
                    return;
                }
                self.blocks.macros.insert(
                    name,
                    Macro {
                        params,
                        lines: rec.lines,
                    },
                );
            }
        }
    }

    /// CLRX's `.macro NAME PARAMS` ([`super::macros`]).
    fn clrx_macro(&mut self, lineno: usize, src: &str, rest: &str) {
        let n = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$')))
            .unwrap_or(rest.len());
        let name = &rest[..n];
        let at = src.find(rest).unwrap_or(0);
        if name.is_empty() {
            self.block_error(lineno, src, ".macro needs a name".into());
            self.record(lineno, Kind::Macro(String::new(), Vec::new()));
            return;
        }
        let after = rest[n..].trim_start_matches([' ', '\t']);
        let after = after.strip_prefix(',').unwrap_or(after);
        let p0 = at + (rest.len() - after.len());
        let (params, errs, warns) = super::macros::params(after, self.clrx.alt_macro);
        for (k, msg) in warns {
            let e = PErr {
                start: p0 + k,
                end: p0 + k + 1,
                msg,
                help: None,
            };
            self.report(lineno, src, e, Severity::Warning);
        }
        let failed = !errs.is_empty();
        for (k, msg) in errs {
            let e = PErr {
                start: p0 + k,
                end: p0 + k + 1,
                msg,
                help: None,
            };
            self.diag(lineno, src, e);
        }
        let key = if self.clrx.macro_case {
            name.to_ascii_lowercase()
        } else {
            name.to_string()
        };
        // A pseudo-op's name: clrxasm ignores the macro (with a warning).
        let pseudo = key
            .strip_prefix('.')
            .is_some_and(|k| super::clrx::PSEUDO_OPS.iter().any(|p| p.0.eq_ignore_ascii_case(k)));
        if pseudo {
            let e = PErr {
                start: at,
                end: at + n,
                msg: format!("a macro cannot take the pseudo-op name '{name}': ignored"),
                help: None,
            };
            self.report(lineno, src, e, Severity::Warning);
        }
        let key = if failed || pseudo { String::new() } else { key };
        self.record(lineno, Kind::Macro(key, params));
    }

    /// A CLRX macro call ([`super::macros::bind`]).
    fn clrx_call(&mut self, lineno: usize, src: &str, rest: &str, m: &Macro) {
        let alt = self.clrx.alt_macro;
        let at = src.find(rest).filter(|_| !rest.is_empty()).unwrap_or(src.len());
        let syms = &self.syms;
        let mut warnings = Vec::new();
        let mut eval = |k: usize| -> Result<(i64, usize), (usize, String)> {
            let mut c = Cursor::new(rest, k, rest.len());
            let r = (Expr { syms, no_bar: false }).parse(&mut c);
            warnings.extend(syms.warnings.borrow_mut().drain(..));
            match r {
                Ok(EVal::Value(Value::Int(v))) => Ok((v, c.pos - k)),
                Ok(EVal::Value(_)) => Err((k, "expected an integer expression".into())),
                Ok(EVal::Forward(f)) => Err((k, format!("{} is not defined yet", super::scopes::shown_name(&f)))),
                Err(e) => Err((e.start, e.msg)),
            }
        };
        let bound = super::macros::bind(rest, &m.params, alt, &mut eval);
        for w in warnings {
            let e = PErr {
                start: at + w.start,
                end: at + w.end,
                ..w
            };
            self.report(lineno, src, e, Severity::Warning);
        }
        let binds = match bound {
            Ok(b) => b,
            Err(errs) => {
                for (k, msg) in errs {
                    let e = PErr {
                        start: at + k,
                        end: at + k + 1,
                        msg,
                        help: None,
                    };
                    self.diag(lineno, src, e);
                }
                return;
            }
        };
        self.blocks.count += 1;
        let count = self.blocks.count - 1;
        self.blocks.expansions.push(super::macros::Expansion {
            alt,
            locals: Default::default(),
        });
        self.expand(lineno, &m.lines, &binds, Some(count), "macro");
        self.blocks.expansions.pop();
        self.blocks.exit = false;
    }

    /// A macro call: its arguments (comma-separated, by position or `NAME=VALUE`), defaults for
    /// the rest, then its lines.
    fn call_macro(&mut self, lineno: usize, src: &str, name: &str, rest: &str, m: &Macro) {
        let args = split_list(rest);
        let mut binds: Vec<(String, String)> = m
            .params
            .iter()
            .map(|p| (p.name.clone(), p.default.clone().unwrap_or_default()))
            .collect();
        let mut k = 0;
        for a in args.iter().filter(|a| !a.is_empty() || args.len() > 1) {
            if let Some((n, v)) = a
                .split_once('=')
                .filter(|(n, _)| m.params.iter().any(|p| p.name == n.trim()))
            {
                if let Some(b) = binds.iter_mut().find(|b| b.0 == n.trim()) {
                    b.1 = v.trim().to_string();
                }
                continue;
            }
            if k >= binds.len() {
                self.block_error(
                    lineno,
                    src,
                    format!("macro '{name}' takes {} arguments, got more", m.params.len()),
                );
                return;
            }
            if !a.is_empty() {
                // A quoted argument (`"(\n-1)"`, one with commas) is its text without quotes.
                let v = a.strip_prefix('"').and_then(|x| x.strip_suffix('"')).unwrap_or(a);
                binds[k].1 = v.to_string();
            }
            k += 1;
        }
        self.blocks.count += 1;
        let count = self.blocks.count - 1;
        self.expand(lineno, &m.lines, &binds, Some(count), "macro");
        self.blocks.exit = false;
    }

    /// Feeds `lines` through the assembler with `binds` substituted; a note names the expansion
    /// under its errors. `false`: too deep, or `.exitm`.
    fn expand(
        &mut self,
        at: usize,
        lines: &[(usize, String)],
        binds: &[(String, String)],
        count: Option<usize>,
        what: &str,
    ) -> bool {
        if self.blocks.depth >= MAX_DEPTH {
            self.diags.push(self.whole_line(
                Severity::Error,
                at,
                format!("{what} expansions nested more than {MAX_DEPTH} deep"),
                Some("a macro that calls itself needs a condition that ends it".into()),
            ));
            return false;
        }
        let before = self.diags.len();
        self.blocks.depth += 1;
        for (n, text) in lines {
            self.blocks.expanded += 1;
            if self.blocks.expanded > MAX_EXPANDED {
                self.blocks.depth -= 1;
                self.diags.push(self.whole_line(
                    Severity::Error,
                    at,
                    format!("the expansions produce more than {MAX_EXPANDED} lines"),
                    None,
                ));
                return false;
            }
            let t = match self.blocks.expansions.last_mut() {
                Some(x) if what == "macro" && self.dialect != super::Dialect::Llvm => {
                    // The alternate syntax's `local NAME, ...` line: new names, and a blank
                    // line.
                    if x.alt {
                        if let Some(names) = super::macros::local_line(text) {
                            let mut dup = Vec::new();
                            for (name, at) in names {
                                if binds.iter().any(|b| b.0 == name) || x.locals.contains_key(&name) {
                                    dup.push((name, at));
                                } else {
                                    x.locals.insert(name, self.blocks.locals);
                                    self.blocks.locals += 1;
                                }
                            }
                            for (name, at) in dup {
                                let e = PErr {
                                    start: at,
                                    end: at + name.len(),
                                    msg: format!("the name '{name}' is a macro parameter or local already"),
                                    help: None,
                                };
                                self.diag(*n, text, e);
                            }
                            continue;
                        }
                    }
                    super::macros::substitute(text, binds, count.unwrap_or(0), x)
                }
                _ => substitute(text, binds, count),
            };
            self.line_in_block(*n, &t);
            if self.blocks.exit {
                break;
            }
        }
        self.blocks.depth -= 1;
        // Each new error, with the notes already under it, gets a note naming this expansion
        // (the outermost few of a deep nesting).
        if self.blocks.depth < 4 && self.diags[before..].iter().any(|d| d.severity == Severity::Error) {
            let new: Vec<Diagnostic> = self.diags.drain(before..).collect();
            let note = self.whole_line(
                Severity::Note,
                at,
                format!("in the {what} expansion of line {at}"),
                None,
            );
            let mut open = false;
            for d in new {
                if d.severity != Severity::Note && open {
                    self.diags.push(note.clone());
                    open = false;
                }
                open |= d.severity == Severity::Error;
                self.diags.push(d);
            }
            if open {
                self.diags.push(note);
            }
        }
        !(self.blocks.exit && what == "macro")
    }

    /// The condition of an `.if` family directive.
    fn condition(&mut self, lineno: usize, src: &str, word: &str, rest: &str) -> Option<bool> {
        let at = src.find(rest).filter(|_| !rest.is_empty()).unwrap_or(src.len());
        let err = |this: &mut Assembler, msg: String| {
            let e = PErr {
                start: at.min(src.len().saturating_sub(1)),
                end: (at + rest.len()).max(at + 1),
                msg,
                help: None,
            };
            this.diag(lineno, src, e);
            None
        };
        let garbage = |this: &mut Assembler, c: &mut Cursor| -> bool {
            if c.at_end() {
                return false;
            }
            let p = c.pos;
            let e = PErr {
                start: p,
                end: (at + rest.len()).max(p + 1),
                msg: "unexpected text at the end of the statement".into(),
                help: None,
            };
            this.diag(lineno, src, e);
            true
        };
        match word {
            ".ifdef" | ".ifndef" | ".ifnotdef" => {
                let name = rest.trim();
                let defined = if self.dialect == super::Dialect::Llvm {
                    self.syms.contains_key(name) || self.labels.contains_key(name)
                } else {
                    self.syms.defined(name) || self.labels.contains_key(name)
                };
                Some(defined == (word == ".ifdef"))
            }
            ".ifb" | ".ifnb" => Some(rest.trim().is_empty() == (word == ".ifb")),
            ".if32" | ".if64" => {
                if !rest.trim().is_empty() {
                    return err(self, "unexpected text at the end of the statement".into());
                }
                Some(self.obj.rocm.is_some() == (word == ".if64"))
            }
            ".ifc" | ".ifnc" => {
                let Some((a, b)) = rest.split_once(',') else {
                    return err(self, format!("{word} needs two strings separated by ','"));
                };
                Some((compare_text(a.trim()) == compare_text(b.trim())) == (word == ".ifc"))
            }
            ".ifeqs" | ".ifnes" => {
                let mut c = Cursor::new(src, at, at + rest.len());
                let a = match super::data::one_string(&mut c) {
                    Ok(a) => a,
                    Err(e) => {
                        self.diag(lineno, src, e);
                        return None;
                    }
                };
                if !c.eat(b',') {
                    return err(self, format!("{word} needs two strings separated by ','"));
                }
                let b = match super::data::one_string(&mut c) {
                    Ok(b) => b,
                    Err(e) => {
                        self.diag(lineno, src, e);
                        return None;
                    }
                };
                if garbage(self, &mut c) {
                    return None;
                }
                Some((a == b) == (word == ".ifeqs"))
            }
            ".ifarch" | ".ifnarch" | ".ifgpu" | ".ifngpu" | ".iffmt" | ".ifnfmt" => {
                let mut c = Cursor::new(src, at, at + rest.len());
                let Some((name, _)) = c.ident() else {
                    return err(self, format!("{word} needs a name"));
                };
                let r = match word {
                    ".ifarch" | ".ifnarch" => self.clrx_if_arch(name),
                    ".ifgpu" | ".ifngpu" => self.clrx_if_gpu(name),
                    _ => self.clrx_if_fmt(name),
                };
                match r {
                    Ok(_) if garbage(self, &mut c) => None,
                    Ok(v) => Some(v != word.starts_with(".ifn")),
                    Err(m) => err(self, m),
                }
            }
            _ => {
                let v = self.int_expr(lineno, src, rest)?;
                Some(match word {
                    ".ifeq" => v == 0,
                    ".ifgt" => v > 0,
                    ".ifge" => v >= 0,
                    ".iflt" => v < 0,
                    ".ifle" => v <= 0,
                    _ => v != 0,
                })
            }
        }
    }

    /// An integer expression of the symbols defined so far.
    fn int_expr(&mut self, lineno: usize, src: &str, text: &str) -> Option<i64> {
        let at = src.find(text).unwrap_or(0);
        let mut c = Cursor::new(src, at, at + text.len());
        let r = (Expr {
            syms: &self.syms,
            no_bar: false,
        })
        .parse(&mut c);
        self.expression_warnings(lineno, src);
        let e = |msg: String| PErr {
            start: at,
            end: at + text.len(),
            msg,
            help: None,
        };
        match r {
            Ok(EVal::Value(Value::Int(v))) if c.at_end() => Some(v),
            Ok(EVal::Value(Value::Int(_))) => {
                self.diag(lineno, src, e("unexpected text after the expression".into()));
                None
            }
            Ok(EVal::Value(_)) => {
                self.diag(lineno, src, e("expected an integer expression".into()));
                None
            }
            Ok(EVal::Forward(name)) => {
                self.diag(
                    lineno,
                    src,
                    PErr {
                        help: Some("define it before: its value is needed here".into()),
                        ..e(format!("{} is not defined yet", super::scopes::shown_name(&name)))
                    },
                );
                None
            }
            Err(x) => {
                self.diag(lineno, src, x);
                None
            }
        }
    }

    fn block_error(&mut self, lineno: usize, src: &str, msg: String) {
        let start = src.len() - src.trim_start().len();
        self.diag(
            lineno,
            src,
            PErr {
                start,
                end: src.trim_end().len().max(start + 1),
                msg,
                help: None,
            },
        );
    }

    /// At the end of the input: blocks and conditionals left open are errors.
    pub(super) fn finish_blocks(&mut self) {
        if let Some(rec) = self.blocks.rec.take() {
            let what = match rec.kind {
                Kind::Rept(_) | Kind::Irp(..) | Kind::For(..) | Kind::While(..) => "this block has no .endr",
                Kind::Macro(..) => "this macro has no .endm",
            };
            self.diags
                .push(self.whole_line(Severity::Error, rec.line, what.into(), None));
        }
        if let Some(first) = self.blocks.conds.first() {
            // At the outermost open `.if` (its line in the file it was in).
            let n = self.blocks.conds.len();
            self.diags.push(self.whole_line(
                Severity::Error,
                first.line,
                format!("{n} .if without .endif at the end of the input (the outermost is here)"),
                None,
            ));
            self.blocks.conds.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::substitute;

    #[test]
    fn substitution() {
        let b = vec![
            ("x".to_string(), "v1".to_string()),
            ("xy".to_string(), "s2".to_string()),
        ];
        assert_eq!(substitute("v_mov_b32 \\x, \\xy", &b, None), "v_mov_b32 v1, s2");
        assert_eq!(substitute("l\\@: \\x\\()0", &b, Some(3)), "l3: v10");
        assert_eq!(substitute("no slash", &b, None), "no slash");
    }
}
