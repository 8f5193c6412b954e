//! llvm-mc's symbols set by assignments (its "variables"), which differ from clrxasm's:
//!
//! - a symbol with a number is read as that number where it is written (`x = 1` /
//!   `y = late + x` / `x = 2`: y is late + 1);
//! - a symbol set to an expression that waits for a later symbol keeps the expression and is
//!   read anew at each use (`y = late + 1` / `late = 1` / `.long y` / `late = 2` / `.long y`
//!   writes 2 then 3); set again after a use it is an error ("invalid reassignment of
//!   non-absolute variable");
//! - a value put off for a later symbol is read at the end of the file, with the last value
//!   of the symbols it waited for (`.long late` / `late = 1` / `late = 2` writes 2).
//!
//! A waiting symbol is kept as an expression read at each use (as CLRX's `.eqv`), the
//! numbers of the symbols it read put in its text.
//!
//! clrxasm instead puts a value in each expression put off as each symbol it reads gets one:
//!
//! - a symbol set to an expression that waits has no value until then (`x = 1` /
//!   `x = late + 1` / `.int x` waits for the new x);
//! - an expression put off reads each symbol with the value it had at the statement, or
//!   the first one it got after (`.int late0 + x` / `x = 1` / `x = 2` / `late0 = 0` is 1).

use super::parse::{self, perr, Cursor, Sym, Value};
use super::{Assembler, Dialect};

impl Assembler {
    /// LLVM: `name = expr` where `expr` waits for a later symbol: `name` becomes that
    /// expression, read at each use.
    pub(super) fn assign_waiting(&mut self, name: &str, src: &str, expr: (usize, usize)) {
        let mut frozen = self.freeze(src, expr, None, self.dot_here());
        // (a label stays a name: an object relocates it)
        frozen.retain(|(n, _, _)| !self.labels.contains_key(n));
        let text = with_values(&src[expr.0..expr.1], expr.0, &frozen);
        self.syms.remove(name);
        self.syms.rel.remove(name);
        self.syms.clrx.eqvs.insert(name.to_string(), text);
        self.syms.set_anew(name);
    }

    /// LLVM: setting `name` again is an error if it waits for a later symbol and was read;
    /// setting it from itself (maybe through waiting symbols) while it has no value is one
    /// too ("Recursive use").
    pub(super) fn reassign_error(&self, name: &str, span: (usize, usize), text: &str) -> Option<parse::PErr> {
        let eqvs = &self.syms.clrx.eqvs;
        if self.dialect != Dialect::Llvm {
            // clrxasm takes `x = x + 1` before x has any setting, but writes words gcnkit
            // does not follow (0 for `x = x + 1` / `.int x` / `x = 5`): refused.
            let unset = !self.syms.contains_key(name)
                && !eqvs.contains_key(name)
                && !self.pending_assigns.iter().any(|p| p.name == name);
            return (unset && reads_via(text, name, eqvs, 0)).then(|| {
                perr(
                    span.0,
                    span.1,
                    format!("symbol '{name}' is set from itself before it has a value (not followed: clrxasm's words for it are not understood)"),
                )
            });
        }
        if !self.syms.contains_key(name) && !eqvs.contains_key(name) && reads_via(text, name, eqvs, 0) {
            return Some(perr(
                span.0,
                span.1,
                format!("recursive use of '{name}': it has no value yet"),
            ));
        }
        let waiting = eqvs.contains_key(name);
        (waiting && self.syms.read_while_waiting(name)).then(|| {
            perr(
                span.0,
                span.1,
                format!(
                    "invalid reassignment of non-absolute variable '{name}' (it waits for a later symbol and was read)"
                ),
            )
        })
    }

    /// LLVM: `name` has a value now; it no longer waits.
    pub(super) fn stop_waiting(&mut self, name: &str) {
        if self.dialect == Dialect::Llvm && !self.syms.clrx.eqvs.is_empty() {
            self.syms.clrx.eqvs.remove(name);
            self.syms.set_anew(name);
        }
    }

    /// LLVM: are the values waiting for `name` read at the end (it is set by an assignment,
    /// which may set it again) rather than now (a label)?
    pub(super) fn read_at_end(&self, name: &str) -> bool {
        self.dialect == Dialect::Llvm && !self.labels.contains_key(name)
    }

    /// LLVM, at the end: the values that wait for symbols set by assignments, with their
    /// last values.
    pub(super) fn resolve_at_end(&mut self) {
        if self.dialect != Dialect::Llvm {
            return;
        }
        let mut names: Vec<String> = Vec::new();
        for p in &self.pending {
            let n = &p.fixup.symbol;
            let defined = self.syms.contains_key(n) || self.syms.clrx.eqvs.contains_key(n);
            if defined && !names.contains(n) {
                names.push(n.clone());
            }
        }
        for n in names {
            self.resolve(&n);
        }
    }

    /// CLRX: `name` is set to an expression that waits: its value is gone until then.
    pub(super) fn forget_value(&mut self, name: &str) {
        if self.dialect != Dialect::Llvm {
            self.syms.remove(name);
            self.syms.rel.remove(name);
        }
    }

    /// CLRX: `name` (set by an assignment) has its first value since the expressions put
    /// off that read it were written, which they keep; an expression that reads a setting
    /// of a symbol set again since ([`Assembler::keep_waiting_version`]) keeps its value as
    /// that symbol's.
    pub(super) fn keep_first_value(&mut self, name: &str, sym: Sym) {
        if self.dialect == Dialect::Llvm || self.labels.contains_key(name) {
            return;
        }
        let sec = self.syms.rel.get(name).copied();
        if is_hidden(name) {
            self.settled.insert(name.to_string(), (sym, sec));
        }
        let eqvs = &self.syms.clrx.eqvs;
        let keep = |source: &str,
                    span: (usize, usize),
                    frozen: &mut Vec<parse::Frozen>,
                    aliases: &mut Vec<(String, String)>| {
            if let Some(k) = aliases.iter().position(|a| a.1 == name) {
                let (read, _) = aliases.remove(k);
                frozen.push((read, sym, sec));
                return;
            }
            let text = source.get(span.0..span.1).unwrap_or("");
            let aliased = aliases.iter().any(|a| a.0 == name);
            // (one that waits for it keeps it too: it may wait for another one next)
            if !aliased && reads_via(text, name, eqvs, 0) && !frozen.iter().any(|f| f.0 == name) {
                frozen.push((name.to_string(), sym, sec));
            }
        };
        for p in &mut self.pending {
            let span = (p.fixup.start, p.fixup.end);
            keep(&p.source, span, &mut p.frozen, &mut p.aliases);
        }
        for p in &mut self.pending_assigns {
            keep(&p.source, p.expr, &mut p.frozen, &mut p.aliases);
        }
    }

    /// CLRX: the settings `aliases` names that got a value since are read as those values.
    pub(super) fn settle(&self, frozen: &mut Vec<parse::Frozen>, aliases: &mut Vec<(String, String)>) {
        if self.settled.is_empty() {
            return;
        }
        aliases.retain(|(n, hidden)| match self.settled.get(hidden) {
            Some(&(sym, sec)) => {
                frozen.push((n.clone(), sym, sec));
                false
            }
            None => true,
        });
    }

    /// An expression put off that waits for another symbol next: CLRX keeps the values of
    /// the symbols it reads that have one now (clrxasm puts each in as it is set; those kept
    /// before stay); LLVM keeps only those of its statement (the others are read at the end).
    pub(super) fn refreeze(
        &mut self,
        source: &str,
        span: (usize, usize),
        ctx: Option<&super::scopes::Ctx>,
        dot: (i64, Option<usize>),
        frozen: Vec<parse::Frozen>,
        aliases: &[(String, String)],
    ) -> Vec<parse::Frozen> {
        if self.dialect == Dialect::Llvm {
            return frozen;
        }
        self.with_frozen(&frozen, aliases, |this| this.freeze(source, span, ctx, dot))
    }

    /// Does the bare name `text` read one symbol only (not an `.eqv`, whose expression reads
    /// others)?
    pub(super) fn bare_reads_one(&self, text: &str) -> bool {
        super::is_bare_name(text) && !self.syms.clrx.eqvs.contains_key(text.trim())
    }

    /// CLRX: `name` is set again while its last setting still waits. The expressions put off
    /// that read `name` (and the new one, if `reads_new`) read that setting: clrxasm gives
    /// them its value when it has one (`y = late + 1` / `.int y` / `y = 3` / `late = 1` writes
    /// 2; `y = y + 1` reads the y before). That setting waits on under a name no source can
    /// write, returned; `None` if nothing reads it (it is dropped).
    pub(super) fn keep_waiting_version(&mut self, name: &str, reads_new: bool) -> Option<String> {
        if self.dialect == Dialect::Llvm {
            return None;
        }
        let k = self.pending_assigns.iter().position(|p| p.name == name)?;
        let eqvs = &self.syms.clrx.eqvs;
        let reads = |source: &str, span: (usize, usize), frozen: &[parse::Frozen], aliases: &[(String, String)]| {
            let text = source.get(span.0..span.1).unwrap_or("");
            reads_via(text, name, eqvs, 0)
                && !frozen.iter().any(|f| f.0 == name)
                && !aliases.iter().any(|a| a.0 == name)
        };
        let read = reads_new
            || self
                .pending
                .iter()
                .any(|p| reads(&p.source, (p.fixup.start, p.fixup.end), &p.frozen, &p.aliases))
            || self
                .pending_assigns
                .iter()
                .any(|p| p.name != name && reads(&p.source, p.expr, &p.frozen, &p.aliases));
        if !read {
            return None;
        }
        self.versions += 1;
        let hidden = format!("{name}{HIDDEN}{}", self.versions);
        for p in &mut self.pending {
            if reads(&p.source, (p.fixup.start, p.fixup.end), &p.frozen, &p.aliases) {
                p.aliases.push((name.to_string(), hidden.clone()));
                if p.fixup.symbol == name {
                    p.fixup.symbol = hidden.clone();
                }
            }
        }
        for p in &mut self.pending_assigns {
            if p.name != name && reads(&p.source, p.expr, &p.frozen, &p.aliases) {
                p.aliases.push((name.to_string(), hidden.clone()));
                if p.waits == name {
                    p.waits = hidden.clone();
                }
            }
        }
        self.pending_assigns[k].name = hidden.clone();
        Some(hidden)
    }

    /// Runs `f` with the symbols `aliases` names without their values (they read a setting
    /// that still waits), then gives them back.
    pub(super) fn without_aliased<T>(&mut self, aliases: &[(String, String)], f: impl FnOnce(&mut Self) -> T) -> T {
        let saved: Vec<_> = aliases
            .iter()
            .map(|(n, _)| (n.clone(), self.syms.remove(n), self.syms.rel.remove(n)))
            .collect();
        let r = f(self);
        for (n, sym, sec) in saved {
            if let Some(sym) = sym {
                self.syms.insert(n.clone(), sym);
            }
            if let Some(sec) = sec {
                self.syms.rel.insert(n, sec);
            }
        }
        r
    }

    /// `.equiv name, expr`: `.set`, an error if `name` has a value (llvm-mc; clrxasm's own
    /// is in [`super::clrx`]).
    pub(super) fn equiv(
        &mut self,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) {
        let defined =
            self.syms.contains_key(name) || self.syms.clrx.eqvs.contains_key(name) || self.labels.contains_key(name);
        if defined {
            let e = perr(
                span.0,
                span.1,
                format!("redefinition of '{name}' (.equiv sets a symbol once)"),
            );
            return self.diag(lineno, src, e);
        }
        self.assign(lineno, src, name, span, c, end)
    }
}

/// Between a symbol's name and its setting's number in the name a setting read while it
/// waits goes on under ([`Assembler::keep_waiting_version`]).
pub(super) const HIDDEN: &str = "\u{1}#";

/// Is `name` the name of a setting that waits under a hidden name?
pub(super) fn is_hidden(name: &str) -> bool {
    name.contains(HIDDEN)
}

/// The name an expression waits for: the hidden one of a setting it reads, if `name` was set
/// again since.
pub(super) fn aliased(aliases: &[(String, String)], name: String) -> String {
    match aliases.iter().find(|a| a.0 == name) {
        Some(a) => a.1.clone(),
        None => name,
    }
}

/// Does the expression `text` read `name`, itself or through `.eqv` symbols (their
/// expressions are read where the expression is)?
pub(super) fn reads_via(text: &str, name: &str, eqvs: &rustc_hash::FxHashMap<String, String>, depth: u32) -> bool {
    reads_name(text, name)
        || depth < 8
            && eqvs
                .iter()
                .any(|(e, t)| reads_name(text, e) && reads_via(t, name, eqvs, depth + 1))
}

/// Does the expression `text` name `name` (a whole name)?
pub(super) fn reads_name(text: &str, name: &str) -> bool {
    let ident = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$');
    let b = text.as_bytes();
    // (`a::x` is another name than `x`; `c?x:y` and `1>@x` read x)
    text.match_indices(name).any(|(k, _)| {
        let end = k + name.len();
        let before = k == 0 || !(ident(b[k - 1]) || b[..k].ends_with(b"::"));
        let after = end == b.len() || !(ident(b[end]) || b[end..].starts_with(b"::"));
        before && after
    })
}

/// `text` (at `base` in its line) with each name `frozen` holds and each parenthesized
/// expression folded ([`super::expr::Expr::folded`]) replaced by its number (in
/// parentheses): llvm-mc reads those where the expression is written.
fn with_values(text: &str, base: usize, frozen: &[parse::Frozen]) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut k = 0;
    let ident = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$' | b'@');
    let number = |v: &Sym| match v {
        Sym::Value(Value::Int(v)) => Some(format!("({:#x})", *v as u64)),
        _ => None,
    };
    // The folded spans (start, end, number), in the text.
    let folded: Vec<(usize, usize, String)> = frozen
        .iter()
        .filter_map(|(n, v, _)| {
            let (s, e) = n.strip_prefix(super::expr::FOLDED)?.split_once(':')?;
            let (s, e) = (
                s.parse::<usize>().ok()?.checked_sub(base)?,
                e.parse::<usize>().ok()? - base,
            );
            Some((s, e.min(text.len()), number(v)?))
        })
        .collect();
    while k < b.len() {
        let c = b[k];
        let start = k;
        // (the outermost first: it starts before those inside it)
        if let Some((_, e, v)) = folded.iter().find(|f| f.0 == k) {
            out.push_str(v);
            k = *e;
            continue;
        }
        if c == b'\'' {
            // A character: its escape, then up to the closing quote.
            k += 1;
            k += if b.get(k) == Some(&b'\\') { 2 } else { 1 };
            while k < b.len() && b[k] != b'\'' {
                k += 1;
            }
            k = (k + 1).min(b.len());
            out.push_str(&text[start..k]);
            continue;
        }
        if c.is_ascii_digit() {
            while k < b.len() && ident(b[k]) {
                k += 1;
            }
            out.push_str(&text[start..k]);
            continue;
        }
        if ident(c) {
            while k < b.len() && ident(b[k]) {
                k += 1;
            }
            let name = &text[start..k];
            match frozen
                .iter()
                .find(|(n, _, sec)| n == name && sec.is_none())
                .and_then(|f| number(&f.1))
            {
                Some(v) => out.push_str(&v),
                None => out.push_str(name),
            }
            continue;
        }
        let ch = text[k..].chars().next().unwrap_or(' ');
        out.push(ch);
        k += ch.len_utf8();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_of_the_symbols_read_replace_their_names() {
        let frozen = vec![
            ("x".to_string(), Sym::Value(Value::Int(-1)), None),
            ("lab".to_string(), Sym::Value(Value::Int(8)), Some(0)),
        ];
        assert_eq!(
            with_values("late + x*'x' - lab + 0x1f + xx", 0, &frozen),
            "late + (0xffffffffffffffff)*'x' - lab + 0x1f + xx"
        );
        assert_eq!(with_values("'\\'' + x", 0, &frozen), "'\\'' + (0xffffffffffffffff)");
        // A folded parenthesized expression (at 10..17 of its line), the outermost.
        let folded = vec![
            ("\u{1}(10:17".to_string(), Sym::Value(Value::Int(3)), None),
            ("\u{1}(11:14".to_string(), Sym::Value(Value::Int(2)), None),
        ];
        assert_eq!(with_values("late+((w)+1)*x", 5, &folded), "late+(0x3)*x");
    }

    #[test]
    fn whole_names_only() {
        assert!(reads_name("late0 + x", "x"));
        assert!(reads_name("(x)", "x"));
        assert!(!reads_name("late0 + xx", "x"));
        assert!(!reads_name("x1 + 'x'z", "x1z"));
        assert!(reads_name("c?x:y", "x"));
        assert!(reads_name("1>@x", "x"));
        assert!(!reads_name("a::x + x::b", "x"));
    }
}
