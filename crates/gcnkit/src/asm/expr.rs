//! Constant expressions, evaluated by each assembler's own rules.
//!
//! GNU as, llvm-mc and clrxasm do not follow C: shifts bind as tightly as `*`, the bitwise
//! operators bind tighter than `+`, and a comparison gives all ones for true. The two
//! dialects differ in a few places, kept in [`Rules`] (found with llvm-mc 14 and clrxasm 0.1.9):
//!
//! | | llvm-mc (GNU) | clrxasm |
//! |---|---|---|
//! | levels, loosest first | `\|\|`; `&&`; comparisons; `+ -`; `\| ^ & !`; `* / % << >>` | `?:`; `&& \|\|` (one level); comparisons; `+ -`; `\| ^ & !`; `* / // % %% << >> >>>` |
//! | shift by 64 or more | the count modulo 64 | 0 (`>>>`: the sign), with a warning |
//! | own operators | | `//` `%%` (unsigned), `>>>` (arithmetic), `<@ <=@ >@ >=@` (unsigned), `?:` |
//! | `'\x41'`, `'\101'`, `'\v'` | not escapes (the letter itself, or an error) | C's escapes |
//!
//! Both: 64-bit wrap-around, `/` and `%` signed, `>>` logical, `!` between two values is
//! or-not (`a | ~b`), `<>` is `!=`, `&&`/`||`/`!` give 1 or 0, comparisons -1 or 0.

use super::parse::{err, number, range, Cursor, FKind, PRes, Sym, Symbols, Value};

/// Whose rules an expression follows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Rules {
    /// llvm-mc's (GNU as's).
    Llvm,
    /// clrxasm's.
    Clrx,
    /// A file whose dialect is not decided: llvm-mc's levels, and clrxasm's own operators
    /// (which mean nothing else there).
    #[default]
    Both,
}

/// A binary operator.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Op {
    LOr,
    LAnd,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Below,
    BelowEq,
    Above,
    AboveEq,
    Add,
    Sub,
    Or,
    Xor,
    And,
    OrNot,
    Mul,
    Div,
    UDiv,
    Rem,
    URem,
    Shl,
    Shr,
    Sar,
}

/// The operators' spellings, longest first where one is the start of another.
const TOKENS: [(&str, Op, bool); 27] = [
    // (text, operator, clrxasm's own)
    ("||", Op::LOr, false),
    ("&&", Op::LAnd, false),
    ("==", Op::Eq, false),
    ("!=", Op::Ne, false),
    ("<>", Op::Ne, false),
    ("<=@", Op::BelowEq, true),
    (">=@", Op::AboveEq, true),
    ("<=", Op::Le, false),
    (">=", Op::Ge, false),
    ("<<", Op::Shl, false),
    (">>>", Op::Sar, true),
    (">>", Op::Shr, false),
    ("<@", Op::Below, true),
    (">@", Op::Above, true),
    ("<", Op::Lt, false),
    (">", Op::Gt, false),
    ("+", Op::Add, false),
    ("-", Op::Sub, false),
    ("|", Op::Or, false),
    ("^", Op::Xor, false),
    ("&", Op::And, false),
    ("!", Op::OrNot, false),
    ("*", Op::Mul, false),
    ("//", Op::UDiv, true),
    ("/", Op::Div, false),
    ("%%", Op::URem, true),
    ("%", Op::Rem, false),
];

impl Rules {
    pub fn of(d: super::Dialect) -> Rules {
        match d {
            super::Dialect::Llvm => Rules::Llvm,
            super::Dialect::Clrx => Rules::Clrx,
            super::Dialect::Auto => Rules::Both,
        }
    }

    /// The operator's level (higher binds tighter); all are left-associative.
    fn level(self, op: Op) -> u8 {
        use Op::*;
        match op {
            Mul | Div | UDiv | Rem | URem | Shl | Shr | Sar => 6,
            Or | Xor | And | OrNot => 5,
            Add | Sub => 4,
            Eq | Ne | Lt | Le | Gt | Ge | Below | BelowEq | Above | AboveEq => 3,
            LAnd if self == Rules::Clrx => 1,
            LAnd => 2,
            LOr => 1,
        }
    }

    /// `//` is a comment to llvm-mc, so a file not known to be CLRX's never reaches it here.
    fn takes(self, clrx_only: bool) -> bool {
        !clrx_only || self != Rules::Llvm
    }

    fn choice(self) -> bool {
        self != Rules::Llvm
    }
}

/// A constant expression reader. Unknown symbols make the whole expression a forward
/// reference ([`EVal::Forward`]).
pub struct Expr<'s> {
    pub syms: &'s Symbols,
    /// `|` ends the expression (inside `|x|`).
    pub no_bar: bool,
}

/// An expression result: a value, or the name of the first undefined symbol in it.
pub enum EVal {
    Value(Value),
    Forward(String),
}

/// CLRX's relative part of a value (clrxasm's "relatives"): each section's multiple in an
/// expression of labels. A value is absolute when it has none, an address in a section when
/// it has one of multiple 1. Only `+`, `-`, `*` and `<<` by a number, unary `-` and `~`,
/// comparisons of values with the same relative part, `?:` and the identities (`x & 0`,
/// `x & -1`, `x | 0`, `x ^ 0`, `0 && x`...) take relative values; everything else is
/// clrxasm's error (in a `.rocm` source, where the code, the global data and the GOT share one
/// address space, some of them wait for the file's addresses instead: [`SectDiffs`]).
/// llvm-mc's rules keep none (its labels are relocations or offsets).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Rel {
    terms: [(usize, i64); 4],
    n: u8,
}

impl Rel {
    fn of(section: usize) -> Rel {
        let mut r = Rel::default();
        r.terms[0] = (section, 1);
        r.n = 1;
        r
    }

    pub fn is_abs(&self) -> bool {
        self.n == 0
    }

    fn terms(&self) -> &[(usize, i64)] {
        &self.terms[..self.n as usize]
    }

    /// Each multiple through `f`; zeros dropped.
    fn map(mut self, f: impl Fn(i64) -> i64) -> Rel {
        let n = self.n as usize;
        for t in &mut self.terms[..n] {
            t.1 = f(t.1);
        }
        let mut k = 0;
        for j in 0..n {
            if self.terms[j].1 != 0 {
                self.terms[k] = self.terms[j];
                k += 1;
            }
        }
        self.n = k as u8;
        self
    }

    /// The sum of two relative parts (`None`: more sections than one expression holds).
    fn add(mut self, o: Rel) -> Option<Rel> {
        for &(sec, m) in o.terms() {
            match self.terms().iter().position(|t| t.0 == sec) {
                Some(k) => self.terms[k].1 = self.terms[k].1.wrapping_add(m),
                None if (self.n as usize) < self.terms.len() => {
                    self.terms[self.n as usize] = (sec, m);
                    self.n += 1;
                }
                None => return None,
            }
        }
        Some(self.map(|m| m))
    }

    fn same(&self, o: &Rel) -> bool {
        self.n == o.n && self.terms().iter().all(|t| o.terms().contains(t))
    }

    /// The section of an address (`Ok(None)`: absolute); `Err` for any other relative part.
    pub fn section(&self) -> Result<Option<usize>, ()> {
        match self.terms() {
            [] => Ok(None),
            [(sec, 1)] => Ok(Some(*sec)),
            _ => Err(()),
        }
    }
}

/// The relative part of `a op b` under clrxasm's rules (values `x`, `y`), or its error.
fn rel_arith(op: Op, x: i64, a: Rel, y: i64, b: Rel) -> Result<Rel, String> {
    use Op::*;
    let (aa, ba) = (a.is_abs(), b.is_abs());
    if aa && ba {
        return Ok(a);
    }
    let none = Rel::default();
    let sum = |r: Option<Rel>| r.ok_or_else(|| "too many sections in one expression".to_string());
    let what = match op {
        Add => return sum(a.add(b)),
        Sub => return sum(a.add(b.map(|m| m.wrapping_neg()))),
        Mul if aa => return Ok(if x == 0 { none } else { b.map(|m| m.wrapping_mul(x)) }),
        Mul if ba => return Ok(if y == 0 { none } else { a.map(|m| m.wrapping_mul(y)) }),
        Mul => "multiplication of two relative values",
        Shl if ba => {
            return Ok(if (0..64).contains(&y) {
                a.map(|m| m.wrapping_shl(y as u32))
            } else {
                none
            })
        }
        Shl => "a shift count that is a relative value",
        And if (ba && y == 0) || (aa && x == 0) => return Ok(none),
        And if ba && y == -1 => return Ok(a),
        And if aa && x == -1 => return Ok(b),
        Or if (ba && y == -1) || (aa && x == -1) => return Ok(none),
        Or | Xor if ba && y == 0 => return Ok(a),
        Or | Xor if aa && x == 0 => return Ok(b),
        OrNot if (ba && y == 0) || (aa && x == -1) => return Ok(none),
        OrNot if ba && y == -1 => return Ok(a),
        OrNot if aa && x == 0 => return Ok(b.map(|m| m.wrapping_neg())),
        LAnd if (ba && y == 0) || (aa && x == 0) => return Ok(none),
        LOr if (ba && y != 0) || (aa && x != 0) => return Ok(none),
        Eq | Ne | Lt | Le | Gt | Ge | Below | BelowEq | Above | AboveEq if a.same(&b) => return Ok(none),
        Eq | Ne | Lt | Le | Gt | Ge | Below | BelowEq | Above | AboveEq => {
            "a comparison of values relative to different sections"
        }
        And => "binary AND (but x & 0 and x & -1) of a relative value",
        Or => "binary OR (but x | 0 and x | -1) of a relative value",
        Xor => "binary XOR (but x ^ 0) of a relative value",
        OrNot => "binary OR-NOT of a relative value",
        LAnd => "logical AND (but 0 && x) of a relative value",
        LOr => "logical OR (but a true value || x) of a relative value",
        Div | UDiv => "division of a relative value",
        Rem | URem => "modulo of a relative value",
        Shr | Sar => "a right shift of a relative value",
    };
    Err(format!("{what} (a label's address) is not allowed"))
}

pub fn as_int(v: Value) -> i64 {
    match v {
        Value::Int(i) => i,
        Value::Float(f, _) => f as i64,
    }
}

fn truth(b: bool) -> i64 {
    b as i64
}

/// A comparison's value: all ones for true.
fn test(b: bool) -> i64 {
    -(b as i64)
}

/// Shift counts: llvm-mc's as the x86 shift it compiles to (modulo 64); clrxasm's `None`
/// (out of range) from 64 up, a negative count included.
fn count(rules: Rules, y: i64) -> Option<u32> {
    match rules {
        Rules::Clrx => (0..64).contains(&y).then_some(y as u32),
        _ => Some((y & 63) as u32),
    }
}

fn arith(syms: &Symbols, op: Op, a: Value, b: Value, start: usize, end: usize) -> PRes<Value> {
    use Op::*;
    let rules = syms.rules;
    if let (Value::Int(x), Value::Int(y)) = (a, b) {
        if matches!(op, Shl | Shr | Sar) && count(rules, y).is_none() {
            let w = super::parse::perr(start, end, "shift count out of range (between 0 and 63)");
            syms.warnings.borrow_mut().push(w);
        }
        let (ux, uy) = (x as u64, y as u64);
        return Ok(Value::Int(match op {
            Add => x.wrapping_add(y),
            Sub => x.wrapping_sub(y),
            Mul => x.wrapping_mul(y),
            Div | UDiv | Rem | URem if y == 0 => return err(start, end, "division by zero"),
            Div => x.wrapping_div(y),
            Rem => x.wrapping_rem(y),
            UDiv => (ux / uy) as i64,
            URem => (ux % uy) as i64,
            Shl => count(rules, y).map_or(0, |n| x.wrapping_shl(n)),
            Shr => count(rules, y).map_or(0, |n| (ux >> n) as i64),
            Sar => count(rules, y).map_or(x >> 63, |n| x >> n),
            And => x & y,
            Or => x | y,
            Xor => x ^ y,
            OrNot => x | !y,
            LAnd => truth(x != 0 && y != 0),
            LOr => truth(x != 0 || y != 0),
            Eq => test(x == y),
            Ne => test(x != y),
            Lt => test(x < y),
            Le => test(x <= y),
            Gt => test(x > y),
            Ge => test(x >= y),
            Below => test(ux < uy),
            BelowEq => test(ux <= uy),
            Above => test(ux > uy),
            AboveEq => test(ux >= uy),
        }));
    }
    let f = |v: Value| match v {
        Value::Int(i) => i as f64,
        Value::Float(x, _) => x,
    };
    let k = match (a, b) {
        (Value::Float(_, k), _) | (_, Value::Float(_, k)) => k,
        _ => FKind::Plain,
    };
    let (x, y) = (f(a), f(b));
    Ok(Value::Float(
        match op {
            Add => x + y,
            Sub => x - y,
            Mul => x * y,
            Div => x / y,
            _ => return err(start, end, "this operator needs integers"),
        },
        k,
    ))
}

/// An expression's value with its relative part ([`Rel`]).
type RVal = (EVal, Rel);

/// The name a ROCm expression waits for when clrxasm resolves it against the file's
/// addresses (see [`SectDiffs`]): never a symbol of the source.
pub const FILE_ADDRESSES: &str = "\u{1}the file's section addresses";

/// The start of the names under which LLVM's folded parenthesized expressions are kept
/// ([`Expr::folded`]): `FOLDED` start `:` end (no source can write it).
pub(super) const FOLDED: &str = "\u{1}(";

/// The section of a `.rocm` object's GOT (`.gotsym`'s OUTSYMBOL is an address there): one
/// of the file's address space, never a section of the source.
pub const GOT_SECTION: usize = usize::MAX / 2;

/// clrxasm's section differences ("relSpace"): how expressions over addresses of sections that
/// share one address space are evaluated. Only a `.rocm` object has such sections.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum SectDiffs {
    /// No shared address space: every relative result follows [`rel_arith`] at once.
    #[default]
    Off,
    /// While assembling a `.rocm` source: an operation clrxasm cannot decide before the
    /// file's layout is known makes the whole expression wait for [`FILE_ADDRESSES`].
    Deferring,
    /// At the end: each section's addresses are the file's ([`Symbols::prepare_sect_diffs`]).
    Prepared,
}

/// Does clrxasm put off `a op b` (relative parts `a`, `b`) until the file's addresses are
/// known? Its checks of relative operands, each of which defers on an operand in the shared
/// address space: for `*` only the right operand is checked (the left is not when the right is
/// a number) and for `<<` only the count; `+` and `-` never; the other operators check both
/// (a comparison too, even of values of one section).
fn defers(op: Op, a: Rel, b: Rel) -> bool {
    match op {
        Op::Add | Op::Sub => false,
        Op::Mul | Op::Shl => !b.is_abs(),
        _ => !a.is_abs() || !b.is_abs(),
    }
}

impl<'s> Expr<'s> {
    /// An absolute expression: under clrxasm's rules a label's address (a relative value) is
    /// an error here, a difference of labels in one section is a number.
    pub fn parse(&self, c: &mut Cursor) -> PRes<EVal> {
        let start = c.pos;
        match self.parse_rel(c)? {
            (v, None) => Ok(v),
            (_, Some(_)) => err(
                start,
                c.pos,
                "expression must be absolute: it holds a label's address (a difference of labels is a number)",
            ),
        }
    }

    /// An expression that may be an address in a section (clrxasm's relative value: a label,
    /// `.`, plus or minus a number), with the section; any other relative result is an error,
    /// or in a `.rocm` source waits for the file's addresses ([`SectDiffs`]).
    pub fn parse_rel(&self, c: &mut Cursor) -> PRes<(EVal, Option<usize>)> {
        let start = c.pos;
        let (v, rel) = self.choice(c)?;
        match rel.section() {
            Ok(sec) => Ok((v, sec)),
            Err(()) if self.syms.sect_diffs.get() == SectDiffs::Deferring => {
                Ok((EVal::Forward(FILE_ADDRESSES.to_string()), None))
            }
            Err(()) => err(
                start,
                c.pos,
                "a relative result must be one label's address plus a number (not a multiple, negation or sum of addresses)",
            ),
        }
    }

    fn rules(&self) -> Rules {
        self.syms.rules
    }

    /// clrxasm's `c ? a : b`, the loosest level, from the right.
    fn choice(&self, c: &mut Cursor) -> PRes<RVal> {
        let start = c.pos;
        let (cond, crel) = self.binary(c, 0)?;
        c.ws();
        if !(self.rules().choice() && c.peek() == Some(b'?')) {
            return Ok((cond, crel));
        }
        c.pos += 1;
        let (yes, yrel) = self.choice(c)?;
        c.ws();
        if !(c.peek() == Some(b':') && c.peek_at(1) != Some(b':')) {
            return err(start, c.pos, "missing ':' for '?'");
        }
        c.pos += 1;
        let (no, nrel) = self.choice(c)?;
        if !crel.is_abs() && self.syms.sect_diffs.get() == SectDiffs::Deferring {
            return Ok((EVal::Forward(FILE_ADDRESSES.to_string()), Rel::default()));
        }
        if !crel.is_abs() {
            return err(
                start,
                c.pos,
                "the condition of '?:' is a label's address (a relative value)",
            );
        }
        Ok(match (cond, yes, no) {
            (c, y, n)
                if [&c, &y, &n]
                    .iter()
                    .any(|v| matches!(v, EVal::Forward(f) if f != FILE_ADDRESSES)) =>
            {
                let f = [c, y, n].into_iter().find_map(|v| match v {
                    EVal::Forward(f) if f != FILE_ADDRESSES => Some(f),
                    _ => None,
                });
                (EVal::Forward(f.unwrap_or_default()), Rel::default())
            }
            (EVal::Forward(f), _, _) | (_, EVal::Forward(f), _) | (_, _, EVal::Forward(f)) => {
                (EVal::Forward(f), Rel::default())
            }
            (EVal::Value(k), EVal::Value(a), EVal::Value(b)) => match as_int(k) != 0 {
                true => (EVal::Value(a), yrel),
                false => (EVal::Value(b), nrel),
            },
        })
    }

    fn peek_op(&self, c: &mut Cursor) -> Option<(&'static str, Op)> {
        c.ws();
        // Most operands end at ',' or a blank: decide on the first byte.
        if !matches!(
            c.peek(),
            Some(b'|' | b'^' | b'&' | b'=' | b'!' | b'<' | b'>' | b'+' | b'-' | b'*' | b'/' | b'%')
        ) {
            return None;
        }
        let rules = self.rules();
        let rest = &c.s[c.pos..c.end];
        let first = rest[0];
        for (text, op, clrx) in TOKENS {
            // The first byte rules out most spellings at once.
            if text.as_bytes()[0] != first || !rest.starts_with(text.as_bytes()) || !rules.takes(clrx) {
                continue;
            }
            if op == Op::Or && (self.no_bar || rest.get(1) == Some(&b'|')) {
                continue;
            }
            return Some((text, op));
        }
        None
    }

    fn binary(&self, c: &mut Cursor, min: u8) -> PRes<RVal> {
        let start = c.pos;
        let (mut lhs, mut lrel) = self.unary(c)?;
        let rules = self.rules();
        while let Some((text, op)) = self.peek_op(c) {
            let level = rules.level(op);
            if level <= min {
                break;
            }
            c.pos += text.len();
            let (rhs, rrel) = self.binary(c, level)?;
            (lhs, lrel) = match (lhs, rhs) {
                (EVal::Value(_), EVal::Value(_))
                    if self.syms.sect_diffs.get() == SectDiffs::Deferring && defers(op, lrel, rrel) =>
                {
                    (EVal::Forward(FILE_ADDRESSES.to_string()), Rel::default())
                }
                (EVal::Value(a), EVal::Value(b)) => {
                    let rel = rel_arith(op, as_int(a), lrel, as_int(b), rrel).or_else(|m| err(start, c.pos, m))?;
                    (EVal::Value(arith(self.syms, op, a, b, start, c.pos)?), rel)
                }
                // (a symbol not defined yet before the file's addresses: clrxasm evaluates
                // the expression only once every symbol is defined)
                (EVal::Forward(f), EVal::Forward(g)) if f == FILE_ADDRESSES => (EVal::Forward(g), Rel::default()),
                (EVal::Forward(f), _) | (_, EVal::Forward(f)) => (EVal::Forward(f), Rel::default()),
            };
        }
        Ok((lhs, lrel))
    }

    /// LLVM: a parenthesized expression with a value where its statement is read keeps that
    /// value (llvm-mc folds it then: `(w)` of a symbol `w` that waits for a later one is
    /// `w`'s value there, `w` alone its value at the end). Noted while a statement put off
    /// is frozen ([`super::parse::Symbols::reads`]), by its place in the line; read back
    /// when it is evaluated again ([`super::parse::Symbols::seen`]).
    fn folded(&self, start: usize, end: usize, v: RVal) -> RVal {
        let syms = self.syms;
        if !syms.clrx.at_top() {
            return v;
        }
        let key = || format!("{FOLDED}{start}:{end}");
        if !syms.seen.borrow().is_empty() {
            let k = key();
            if let Some((_, super::parse::Sym::Value(x), _)) = syms.seen.borrow().iter().find(|f| f.0 == k) {
                return (EVal::Value(*x), Rel::default());
            }
        }
        if let (EVal::Value(x), rel) = &v {
            if let (true, Some(reads)) = (rel.is_abs(), syms.reads.borrow_mut().as_mut()) {
                reads.push((key(), super::parse::Sym::Value(*x), None));
            }
        }
        v
    }

    fn unary(&self, c: &mut Cursor) -> PRes<RVal> {
        c.ws();
        let start = c.pos;
        let abs = |v: EVal| (v, Rel::default());
        match c.peek() {
            Some(b'-') => {
                c.pos += 1;
                let (v, rel) = self.unary(c)?;
                Ok((
                    match v {
                        EVal::Value(Value::Int(i)) => EVal::Value(Value::Int(i.wrapping_neg())),
                        EVal::Value(Value::Float(f, k)) => EVal::Value(Value::Float(-f, k)),
                        f => f,
                    },
                    rel.map(|m| m.wrapping_neg()),
                ))
            }
            Some(b'+') => {
                c.pos += 1;
                self.unary(c)
            }
            Some(b'~') => {
                c.pos += 1;
                // clrxasm: ~x is -x-1, so the relative part is negated.
                let (v, rel) = self.unary(c)?;
                Ok((
                    match v {
                        EVal::Value(v) => EVal::Value(Value::Int(!as_int(v))),
                        f => f,
                    },
                    rel.map(|m| m.wrapping_neg()),
                ))
            }
            Some(b'!') => {
                c.pos += 1;
                let (v, rel) = self.unary(c)?;
                if !rel.is_abs() {
                    return err(
                        start,
                        c.pos,
                        "logical negation of a label's address (a relative value) is not allowed",
                    );
                }
                Ok(abs(match v {
                    EVal::Value(v) => EVal::Value(Value::Int(truth(as_int(v) == 0))),
                    f => f,
                }))
            }
            Some(b'(') => {
                c.pos += 1;
                let inner = Expr {
                    syms: self.syms,
                    no_bar: false,
                };
                let v = inner.choice(c)?;
                c.expect(b')', "to close '('")?;
                match self.rules() {
                    Rules::Llvm => Ok(self.folded(start, c.pos, v)),
                    _ => Ok(v),
                }
            }
            Some(b'\'') => Ok(abs(EVal::Value(Value::Int(self.character(c)?)))),
            // CLRX's local labels: `1b`, `1f`.
            Some(d) if d.is_ascii_digit() && self.rules() != Rules::Llvm => match super::scopes::local_ref_at(c) {
                Some((n, forward)) => match self.syms.clrx.local_ref(n, forward) {
                    Some(name) => Ok(self.symbol(&name)),
                    None => err(
                        start,
                        c.pos,
                        format!("local label '{n}' has no definition before '{n}b'"),
                    ),
                },
                None => Ok(abs(EVal::Value(number(c)?))),
            },
            Some(d) if d.is_ascii_digit() => Ok(abs(EVal::Value(number(c)?))),
            // CLRX's scope paths: `::x`, `a::b::x`.
            Some(b':') if self.rules() != Rules::Llvm && c.peek_at(1) == Some(b':') => {
                match super::scopes::scoped_ident(c) {
                    Some((name, _)) => Ok(self.symbol(&name)),
                    None => err(start, start + 2, "expected a name after '::'"),
                }
            }

            // `.5` (a leading dot and a digit: a number, not a symbol).
            Some(b'.') if c.peek_at(1).is_some_and(|d| d.is_ascii_digit()) => Ok(abs(EVal::Value(number(c)?))),
            Some(b'@') => {
                c.pos += 1;
                match c.ident() {
                    Some((name, _)) => Ok(self.symbol(name)),
                    None => err(start, start + 1, "expected a symbol name after '@'"),
                }
            }
            Some(ch) if super::parse::is_ident_start(ch) => {
                let (name, _) = c.ident().unwrap_or(("", start));
                // CLRX: a scope path (`a::b::x`).
                let path;
                let name = if self.rules() != Rules::Llvm
                    && c.peek() == Some(b':')
                    && c.peek_at(1) == Some(b':')
                    && c.peek_at(2).is_some_and(super::parse::is_ident_start)
                {
                    c.pos = start;
                    path = super::scopes::scoped_ident(c).map(|p| p.0).unwrap_or_default();
                    path.as_str()
                } else {
                    name
                };
                let v = self.symbol(name);
                // CLRX: a constant operand symbol (`dreg=%-12`) may be subscripted as a
                // register would be (`dreg[0]`, `dreg[0:1]`): the same constant.
                if matches!(v.0, EVal::Value(_)) && c.peek() == Some(b'[') {
                    let (a, b) = range(c, self.syms)?;
                    if a != 0 || b > 1 {
                        return err(start, c.pos, "a constant's subscript is [0] or [0:1]");
                    }
                }
                Ok(v)
            }
            _ => err(start, start + 1, "expected an operand or expression"),
        }
    }

    /// A character literal, `'a'` or an escape: clrxasm takes C's escapes (octal and `\x`
    /// included); llvm-mc only `\b \f \n \r \t`, any other escaped character standing for
    /// itself.
    fn character(&self, c: &mut Cursor) -> PRes<i64> {
        let start = c.pos;
        let s = &c.s[..c.end];
        let mut p = start + 1;
        let clrx = self.rules() == Rules::Clrx;
        let v = match s.get(p) {
            None | Some(b'\'') => return err(start, p, "empty character literal"),
            Some(b'\\') => {
                p += 1;
                let Some(&e) = s.get(p) else {
                    return err(start, p, "unterminated character literal");
                };
                p += 1;
                match e {
                    b'b' => 8,
                    b'f' => 12,
                    b'n' => 10,
                    b'r' => 13,
                    b't' => 9,
                    b'a' if clrx => 7,
                    b'v' if clrx => 11,
                    b'x' if clrx => {
                        let d0 = p;
                        while s.get(p).is_some_and(|d| d.is_ascii_hexdigit()) {
                            p += 1;
                        }
                        if p == d0 {
                            return err(start, p, "a hexadecimal escape needs a digit");
                        }
                        // clrxasm keeps the last two digits (`'\xaa9A'` is 0x9a).
                        s[d0..p].iter().fold(0, |v, &d| {
                            (v << 4 | (d as char).to_digit(16).unwrap_or(0) as i64) & 0xff
                        })
                    }
                    b'0'..=b'7' if clrx => {
                        let d0 = p - 1;
                        while p < d0 + 3 && s.get(p).is_some_and(|d| (b'0'..=b'7').contains(d)) {
                            p += 1;
                        }
                        let text = std::str::from_utf8(&s[d0..p]).unwrap_or("");
                        match u64::from_str_radix(text, 8) {
                            Ok(v) if v < 256 => v as i64,
                            _ => return err(start, p, "octal code out of range in a character literal"),
                        }
                    }
                    other => other as i64,
                }
            }
            Some(&ch) if ch.is_ascii() => {
                p += 1;
                ch as i64
            }
            Some(_) => return err(start, p + 1, "a character literal holds one ASCII character"),
        };
        if s.get(p) != Some(&b'\'') {
            return err(start, p + 1, "a character literal holds one character: missing '''");
        }
        c.pos = p + 1;
        Ok(v)
    }

    /// A symbol's value; under clrxasm's rules with its section if it is an address.
    fn symbol(&self, name: &str) -> RVal {
        match self.syms.lookup_rel(name) {
            Ok((Sym::Value(v), Some(sec))) if self.rules() == Rules::Clrx => match self.syms.sect_diffs.get() {
                // (every section of the address space as its first, clrxasm's reading)
                SectDiffs::Prepared => match self.syms.space_address(sec) {
                    Some((first, delta)) => (EVal::Value(Value::Int(as_int(v).wrapping_add(delta))), Rel::of(first)),
                    None => (EVal::Value(v), Rel::of(sec)),
                },
                _ => (EVal::Value(v), Rel::of(sec)),
            },
            Ok((Sym::Value(v), _)) => (EVal::Value(v), Rel::default()),
            Ok((Sym::Reg(_), _)) => (EVal::Forward(name.to_string()), Rel::default()),
            Err(full) => (EVal::Forward(full), Rel::default()),
        }
    }
}
