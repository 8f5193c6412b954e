//! CLRX's names beyond plain symbols, as clrxasm 0.1.9 resolves them:
//!
//! - **local labels**: `1:` may be defined many times; `1b` names the last definition before
//!   the reference, `1f` the next one after it;
//! - **scopes**: `.scope NAME` (a temporary one without a name) ... `.ends`/`.endscope`;
//!   `.using PATH`/`.unusing [PATH]`; paths `a::b::x`, `::x` (from the global scope). A name is
//!   looked up in the current scope, its usings (the last first), then the enclosing scopes;
//!   a name not found is created in the current scope (a reference before the definition waits
//!   for a symbol of the current scope). The symbol `.` and local labels are global;
//! - **`.eqv`** symbols, whose expression is evaluated at each use;
//! - **`.regvar`** register variables: clrxasm marks their allocation unimplemented and
//!   writes field value 0 for each of their registers (`x[2]` of `.regvar x:v:4` is `v0` in a
//!   VGPR field, `s0` in a 9-bit source field: [`Reg::regvar`]); gcnkit does the same.
//!
//! Symbols of a scope are kept in the one symbol table under the scope's path (`a::b::x`;
//! temporary scopes under a name no source can write), so every other part of the assembler
//! works on plain names.

use super::parse::{err, Cursor, EVal, Expr, PRes, Reg, Sym, Symbols};
use rustc_hash::FxHashMap;
use std::cell::Cell;

/// One scope of the tree (index 0: the global scope).
#[derive(Clone, Debug, Default)]
pub(super) struct Scope {
    parent: usize,
    /// The names of its symbols start with this (`a::b::`; "" for the global scope).
    prefix: String,
    children: FxHashMap<String, usize>,
    /// `.using` scopes in order (searched from the last).
    usings: Vec<usize>,
    temp: bool,
    /// `.enum`'s counter.
    pub(super) enum_count: i64,
}

/// Where names are looked up from: the local labels' definition counts and the current
/// scope. A literal waiting for a symbol keeps the one of its statement
/// ([`Names::context_for_pending`]), so that reading it again finds the same names.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Ctx {
    /// Definitions so far of each local label number.
    locals: FxHashMap<u64, u32>,
    pub(super) scope: usize,
}

/// CLRX's names (kept in [`Symbols`]).
#[derive(Debug, Default)]
pub(super) struct Names {
    pub(super) ctx: Ctx,
    pub(super) scopes: Vec<Scope>,
    /// A scope was opened or a path written: names go through the scopes.
    scoped: bool,
    /// The last statement read a local label or a scoped name (its pending literals keep
    /// the context).
    used: Cell<bool>,
    /// `.eqv` symbols: their expressions, by full name.
    pub(super) eqvs: FxHashMap<String, String>,
    eqv_depth: Cell<u32>,
    /// LLVM: the symbols waiting for a later one (kept in `eqvs`) read since they were set
    /// ([`super::variables`]): set again, an error.
    read_waiting: std::cell::RefCell<rustc_hash::FxHashSet<String>>,
    /// `.regvar` names: vector registers or not, and the count.
    pub(super) regvars: FxHashMap<String, (bool, u16)>,
}

/// The name a local label's `k`-th definition gets (no source can write it: it starts with
/// a digit).
fn local_name(n: u64, k: u32) -> String {
    format!("{n}${k}")
}

/// How a name is shown in messages: a local label as `N` (`local label 1`), a temporary
/// scope's path left out.
pub(super) fn shown_name(name: &str) -> String {
    // (a setting read while it waited, set again since: its symbol's name)
    let name = name.split(super::variables::HIDDEN).next().unwrap_or(name);
    if name == super::expr::FILE_ADDRESSES {
        // (`X is not defined yet`: a `.rocm` expression clrxasm resolves at the end only)
        return "an expression over two sections' addresses (resolved against the file's addresses at the end)".into();
    }
    if let Some((n, _)) = name.split_once('$').filter(|(n, k)| {
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && k.bytes().all(|b| b.is_ascii_digit())
    }) {
        return format!("local label '{n}'");
    }
    let parts: Vec<&str> = name.split("::").filter(|p| !p.starts_with('\u{1}')).collect();
    format!("symbol '{}'", parts.join("::"))
}

impl Names {
    fn tree(&mut self) -> &mut Vec<Scope> {
        if self.scopes.is_empty() {
            self.scopes.push(Scope::default());
        }
        &mut self.scopes
    }

    fn prefix(&self, s: usize) -> &str {
        self.scopes.get(s).map_or("", |x| x.prefix.as_str())
    }

    fn parent(&self, s: usize) -> usize {
        self.scopes.get(s).map_or(0, |x| x.parent)
    }

    /// The child `name` of scope `s`, made if `create`.
    fn child(&mut self, s: usize, name: &str, create: bool) -> Option<usize> {
        self.tree();
        if let Some(&k) = self.scopes[s].children.get(name) {
            return Some(k);
        }
        if !create {
            return None;
        }
        let prefix = format!("{}{name}::", self.scopes[s].prefix);
        self.scopes.push(Scope {
            parent: s,
            prefix,
            ..Default::default()
        });
        let k = self.scopes.len() - 1;
        self.scopes[s].children.insert(name.to_string(), k);
        Some(k)
    }

    /// The snapshot a literal waiting for a symbol keeps, if its statement read names that
    /// depend on where they were read.
    /// Not inside an `.eqv` (or LLVM's waiting symbol) read by an expression?
    pub(super) fn at_top(&self) -> bool {
        self.eqv_depth.get() == 0
    }

    pub(super) fn context_for_pending(&self) -> Option<Box<Ctx>> {
        self.used.get().then(|| Box::new(self.ctx.clone()))
    }

    /// A new statement: nothing read yet.
    pub(super) fn statement(&self) {
        self.used.set(false);
    }

    /// `.scope [NAME]`.
    pub(super) fn open(&mut self, name: Option<&str>) {
        self.scoped = true;
        let cur = self.ctx.scope;
        let k = match name {
            Some(n) => self.child(cur, n, true).unwrap_or(0),
            None => {
                let n = self.tree().len();
                let prefix = format!("{}\u{1}{n}::", self.scopes[cur].prefix);
                self.scopes.push(Scope {
                    parent: cur,
                    prefix,
                    temp: true,
                    ..Default::default()
                });
                n
            }
        };
        self.ctx.scope = k;
    }

    /// `.ends`: `false` at the global scope.
    pub(super) fn close(&mut self) -> bool {
        let cur = self.ctx.scope;
        if cur == 0 {
            return false;
        }
        self.ctx.scope = self.parent(cur);
        if self.scopes[cur].temp {
            // A temporary scope lives until its first close: unreachable by name from now on.
            let p = self.scopes[cur].parent;
            self.scopes[p].children.retain(|_, v| *v != cur);
        }
        true
    }

    /// The scope a path (`a::b`, `::a`) names, from the current one; made if `create`.
    fn find_scope(&mut self, path: &[&str], absolute: bool, create: bool) -> Option<usize> {
        self.tree();
        let Some((first, rest)) = path.split_first() else {
            return Some(if absolute { 0 } else { self.ctx.scope });
        };
        let mut s = if absolute {
            self.child(0, first, create)?
        } else {
            let mut at = self.ctx.scope;
            loop {
                if let Some(&k) = self.scopes[at].children.get(*first) {
                    break k;
                }
                if at == 0 {
                    break self.child(self.ctx.scope, first, create)?;
                }
                at = self.scopes[at].parent;
            }
        };
        for p in rest {
            s = self.child(s, p, create)?;
        }
        Some(s)
    }

    /// `.using PATH`: `false` if no such scope.
    pub(super) fn using(&mut self, path: &str) -> bool {
        self.scoped = true;
        let (abs, parts) = split_path(path);
        // A scope that does not exist yet is made (as clrxasm makes it).
        match self.find_scope(&parts, abs, true) {
            Some(s) => {
                let cur = self.ctx.scope;
                self.scopes[cur].usings.push(s);
                true
            }
            None => false,
        }
    }

    /// `.unusing [PATH]`: `false` if no such scope.
    pub(super) fn unusing(&mut self, path: Option<&str>) -> bool {
        self.tree();
        let cur = self.ctx.scope;
        match path {
            None => {
                self.scopes[cur].usings.clear();
                true
            }
            Some(p) => {
                let (abs, parts) = split_path(p);
                match self.find_scope(&parts, abs, false) {
                    Some(s) => {
                        self.scopes[cur].usings.retain(|&u| u != s);
                        true
                    }
                    None => false,
                }
            }
        }
    }

    /// The full name a definition of `name` (a plain name or a path) makes, creating the
    /// scopes of its path.
    pub(super) fn define_key(&mut self, name: &str) -> String {
        if !self.scoped && !name.contains("::") {
            return name.to_string();
        }
        if name == "." || is_local(name) {
            return name.to_string();
        }
        self.scoped = true;
        let (abs, parts) = split_path(name);
        let Some((last, path)) = parts.split_last() else {
            return name.to_string();
        };
        let s = self.find_scope(path, abs, true).unwrap_or(0);
        format!("{}{last}", self.prefix(s))
    }

    /// Local label `n`'s next definition: its name.
    pub(super) fn define_local(&mut self, n: u64) -> String {
        let k = self.ctx.locals.entry(n).or_insert(0);
        *k += 1;
        local_name(n, *k - 1)
    }

    /// `n` then `b`/`f`: the name of the local label meant (`None`: no earlier definition).
    pub(super) fn local_ref(&self, n: u64, forward: bool) -> Option<String> {
        self.used.set(true);
        let k = self.ctx.locals.get(&n).copied().unwrap_or(0);
        if forward {
            Some(local_name(n, k))
        } else {
            k.checked_sub(1).map(|k| local_name(n, k))
        }
    }
}

/// A name made by [`Names::define_local`].
fn is_local(name: &str) -> bool {
    name.as_bytes().first().is_some_and(u8::is_ascii_digit)
}

/// `::a::b` → (absolute, [a, b]).
fn split_path(name: &str) -> (bool, Vec<&str>) {
    let (abs, rest) = match name.strip_prefix("::") {
        Some(r) => (true, r),
        None => (false, name),
    };
    (abs, rest.split("::").filter(|p| !p.is_empty()).collect())
}

impl Symbols {
    /// A scope was opened or a path written (names may go through scopes).
    pub(super) fn clrx_scoped(&self) -> bool {
        self.clrx.scoped
    }

    /// A symbol by name as the source writes it (a path, a local label's name, `.`): its
    /// value, or `Err` with the full name it waits for (a symbol of the current scope when
    /// the name is found nowhere).
    pub fn lookup(&self, name: &str) -> Result<Sym, String> {
        self.lookup_rel(name).map(|(s, _)| s)
    }

    /// [`Symbols::lookup`], with the section the value is an address in (CLRX's relative
    /// symbols: labels, `.`, symbols set to them; `None` for an absolute value).
    pub(super) fn lookup_rel(&self, name: &str) -> Result<(Sym, Option<usize>), String> {
        let n = &self.clrx;
        if n.eqv_depth.get() == 0 {
            if let Some((_, sym, sec)) = self.seen.borrow().iter().find(|f| f.0 == name) {
                return Ok((*sym, *sec));
            }
        }
        let rel = |k: &str| match self.rel.is_empty() {
            true => None,
            false => self.rel.get(k).copied(),
        };
        if n.eqvs.is_empty() && !n.scoped && !name.contains("::") {
            self.mentions.read(name);
            let r = self.get(name).map(|s| (*s, rel(name))).ok_or_else(|| name.to_string());
            self.record(name, &r);
            return r;
        }
        let found = self.find(name);
        self.mentions.read(found.as_ref().unwrap_or_else(|e| e));
        let full = found?;
        if let Some(text) = n.eqvs.get(&full) {
            return self.eqv(&full, text);
        }
        let r = self.get(&full).map(|s| (*s, rel(&full))).ok_or(full.clone());
        self.record(&full, &r);
        r
    }

    /// Keeps a defined symbol's value read while [`Symbols::reads`] records.
    fn record(&self, full: &str, r: &Result<(Sym, Option<usize>), String>) {
        if let Ok((sym, sec)) = r {
            if let Some(v) = self.reads.borrow_mut().as_mut() {
                v.push((full.to_string(), *sym, *sec));
            }
        }
    }

    /// The full name `name` resolves to: `Ok` if defined, else `Err` with the name it waits
    /// for.
    fn find(&self, name: &str) -> Result<String, String> {
        let n = &self.clrx;
        let defined = |k: &str| self.contains_key(k) || n.eqvs.contains_key(k);
        if !n.scoped && !name.contains("::") || name == "." || is_local(name) {
            return if defined(name) {
                Ok(name.to_string())
            } else {
                Err(name.to_string())
            };
        }
        n.used.set(true);
        let (abs, parts) = split_path(name);
        let Some((last, path)) = parts.split_last() else {
            return Err(name.to_string());
        };
        let cur = n.ctx.scope;
        // The scope named by the path (not made here: a path to nowhere waits for the
        // name under the current scope).
        let scope = if path.is_empty() {
            None
        } else {
            let mut s = if abs {
                n.scopes.first().and_then(|g| g.children.get(path[0]).copied())
            } else {
                let mut at = cur;
                loop {
                    if let Some(&k) = n.scopes.get(at).and_then(|x| x.children.get(path[0])) {
                        break Some(k);
                    }
                    if at == 0 {
                        break None;
                    }
                    at = n.parent(at);
                }
            };
            for p in &path[1..] {
                s = s
                    .and_then(|k| n.scopes.get(k))
                    .and_then(|x| x.children.get(*p).copied());
            }
            match s {
                Some(s) => Some(s),
                None => {
                    let base = if abs { "" } else { n.prefix(cur) };
                    return Err(format!("{base}{}::{last}", path.join("::")));
                }
            }
        };
        // In a scope and its usings (the last first, and theirs).
        let search = |s: usize| -> Option<String> {
            let mut stack = vec![s];
            let mut seen = Vec::new();
            while let Some(s) = stack.pop() {
                if seen.contains(&s) {
                    continue;
                }
                seen.push(s);
                let k = format!("{}{last}", n.prefix(s));
                if defined(&k) {
                    return Some(k);
                }
                if let Some(x) = n.scopes.get(s) {
                    // Pushed first to last: the last using is searched first.
                    for &u in &x.usings {
                        stack.push(u);
                    }
                }
            }
            None
        };
        match scope {
            Some(s) => search(s).ok_or_else(|| format!("{}{last}", n.prefix(s))),
            None if abs => search(0).ok_or_else(|| last.to_string()),
            None => {
                let mut at = cur;
                loop {
                    if let Some(k) = search(at) {
                        return Ok(k);
                    }
                    if at == 0 {
                        return Err(format!("{}{last}", n.prefix(cur)));
                    }
                    at = n.parent(at);
                }
            }
        }
    }

    /// LLVM: was the waiting symbol `name` read since it was set?
    pub(super) fn read_while_waiting(&self, name: &str) -> bool {
        self.clrx.read_waiting.borrow().contains(name)
    }

    /// LLVM: `name` is set anew (it was not read since).
    pub(super) fn set_anew(&self, name: &str) {
        self.clrx.read_waiting.borrow_mut().remove(name);
    }

    /// Is `name` defined (`.ifdef`)?
    pub(super) fn defined(&self, name: &str) -> bool {
        self.find(name).is_ok()
    }

    /// The full name `name` resolves to if defined (`.undef`).
    pub(super) fn full_name(&self, name: &str) -> Option<String> {
        self.find(name).ok()
    }

    /// An `.eqv` symbol's value: its expression now.
    fn eqv(&self, name: &str, text: &str) -> Result<(Sym, Option<usize>), String> {
        let n = &self.clrx;
        if n.eqv_depth.get() > 32 {
            return Err(name.to_string());
        }
        // LLVM's waiting symbols: noted as read; what they read is read anew at each use
        // (not kept with the values a statement saw).
        let llvm = self.rules == super::expr::Rules::Llvm;
        let reads = match llvm {
            true => {
                n.read_waiting.borrow_mut().insert(name.to_string());
                self.reads.borrow_mut().take()
            }
            false => None,
        };
        n.eqv_depth.set(n.eqv_depth.get() + 1);
        let mut c = Cursor::new(text, 0, text.len());
        let r = (Expr {
            syms: self,
            no_bar: false,
        })
        .parse_rel(&mut c);
        n.eqv_depth.set(n.eqv_depth.get() - 1);
        if reads.is_some() {
            *self.reads.borrow_mut() = reads;
        }
        match r {
            Ok((EVal::Value(v), rel)) if c.at_end() => Ok((Sym::Value(v), rel)),
            Ok((EVal::Forward(f), _)) => Err(f),
            _ => Err(name.to_string()),
        }
    }

    /// A `.regvar` operand at the cursor, after its name `id` (`x`, `x[1]`, `x[0:1]`): the
    /// registers, numbered from 0 of their file as clrxasm encodes them (no allocation).
    pub(super) fn regvar(&self, c: &mut Cursor, id: &str, start: usize) -> PRes<Option<Reg>> {
        if self.clrx.regvars.is_empty() {
            return Ok(None);
        }
        let Some(&(vgpr, size)) = self.clrx.regvars.get(id) else {
            return Ok(None);
        };
        let base = if vgpr { 256 } else { 0 };
        if c.peek() == Some(b'[') {
            let (a, b) = super::parse::range(c, self)?;
            if b >= size || a > b {
                return err(
                    start,
                    c.pos,
                    format!("[{a}:{b}] is outside register variable '{id}' ({size} registers)"),
                );
            }
            return Ok(Some(Reg {
                code: base,
                count: b - a + 1,
                ranged: true,
                any_width: false,
                regvar: true,
            }));
        }
        Ok(Some(Reg {
            code: base,
            count: size,
            ranged: true,
            any_width: false,
            regvar: true,
        }))
    }

    /// Runs `f` with the lookup context `ctx` (a pending literal's own).
    pub(super) fn with_context<T>(&mut self, ctx: Option<&Ctx>, f: impl FnOnce(&Symbols) -> T) -> T {
        match ctx {
            Some(c) if *c != self.clrx.ctx => {
                let saved = std::mem::replace(&mut self.clrx.ctx, c.clone());
                let r = f(self);
                self.clrx.ctx = saved;
                r
            }
            _ => f(self),
        }
    }
}

/// A name at the cursor as CLRX writes one: an identifier, a path (`a::b::x`, `::x`).
pub(super) fn scoped_ident<'a>(c: &mut Cursor<'a>) -> Option<(String, usize)> {
    c.ws();
    let start = c.pos;
    let mut name = String::new();
    if c.peek() == Some(b':') && c.peek_at(1) == Some(b':') {
        c.pos += 2;
        name.push_str("::");
    }
    loop {
        match c.ident() {
            Some((id, _)) => name.push_str(id),
            None => {
                c.pos = start;
                return None;
            }
        }
        if c.peek() == Some(b':')
            && c.peek_at(1) == Some(b':')
            && c.peek_at(2).is_some_and(super::parse::is_ident_start)
        {
            c.pos += 2;
            name.push_str("::");
            continue;
        }
        return Some((name, start));
    }
}

/// A local label reference at the cursor (`1b`, `12f`): its number and direction, the cursor
/// past it; `None` (the cursor kept) if the digits are not one (`0b101` is binary, `1f0`...).
pub(super) fn local_ref_at(c: &mut Cursor) -> Option<(u64, bool)> {
    let (s, end, p) = (c.s, c.end.min(c.s.len()), c.pos);
    let mut q = p;
    while q < end && s[q].is_ascii_digit() {
        q += 1;
    }
    if q == p || q >= end || !matches!(s[q], b'b' | b'f') {
        return None;
    }
    // Not followed by a name's character (`1bx`), nor a binary literal (`0b1`).
    if q + 1 < end && (super::parse::is_ident_start(s[q + 1]) || s[q + 1].is_ascii_digit()) {
        return None;
    }
    let n = std::str::from_utf8(&s[p..q]).ok()?.parse::<u64>().ok()?;
    c.pos = q + 1;
    Some((n, s[q] == b'f'))
}
