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

impl<'s> Expr<'s> {
    pub fn parse(&self, c: &mut Cursor) -> PRes<EVal> {
        self.choice(c)
    }

    fn rules(&self) -> Rules {
        self.syms.rules
    }

    /// clrxasm's `c ? a : b`, the loosest level, from the right.
    fn choice(&self, c: &mut Cursor) -> PRes<EVal> {
        let start = c.pos;
        let cond = self.binary(c, 0)?;
        c.ws();
        if !(self.rules().choice() && c.peek() == Some(b'?')) {
            return Ok(cond);
        }
        c.pos += 1;
        let yes = self.choice(c)?;
        c.ws();
        if !(c.peek() == Some(b':') && c.peek_at(1) != Some(b':')) {
            return err(start, c.pos, "missing ':' for '?'");
        }
        c.pos += 1;
        let no = self.choice(c)?;
        Ok(match (cond, yes, no) {
            (EVal::Forward(f), _, _) | (_, EVal::Forward(f), _) | (_, _, EVal::Forward(f)) => EVal::Forward(f),
            (EVal::Value(k), EVal::Value(a), EVal::Value(b)) => EVal::Value(if as_int(k) != 0 { a } else { b }),
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

    fn binary(&self, c: &mut Cursor, min: u8) -> PRes<EVal> {
        let start = c.pos;
        let mut lhs = self.unary(c)?;
        let rules = self.rules();
        while let Some((text, op)) = self.peek_op(c) {
            let level = rules.level(op);
            if level <= min {
                break;
            }
            c.pos += text.len();
            let rhs = self.binary(c, level)?;
            lhs = match (lhs, rhs) {
                (EVal::Value(a), EVal::Value(b)) => EVal::Value(arith(self.syms, op, a, b, start, c.pos)?),
                (EVal::Forward(f), _) | (_, EVal::Forward(f)) => EVal::Forward(f),
            };
        }
        Ok(lhs)
    }

    fn unary(&self, c: &mut Cursor) -> PRes<EVal> {
        c.ws();
        let start = c.pos;
        match c.peek() {
            Some(b'-') => {
                c.pos += 1;
                Ok(match self.unary(c)? {
                    EVal::Value(Value::Int(i)) => EVal::Value(Value::Int(i.wrapping_neg())),
                    EVal::Value(Value::Float(f, k)) => EVal::Value(Value::Float(-f, k)),
                    f => f,
                })
            }
            Some(b'+') => {
                c.pos += 1;
                self.unary(c)
            }
            Some(b'~') => {
                c.pos += 1;
                Ok(match self.unary(c)? {
                    EVal::Value(v) => EVal::Value(Value::Int(!as_int(v))),
                    f => f,
                })
            }
            Some(b'!') => {
                c.pos += 1;
                Ok(match self.unary(c)? {
                    EVal::Value(v) => EVal::Value(Value::Int(truth(as_int(v) == 0))),
                    f => f,
                })
            }
            Some(b'(') => {
                c.pos += 1;
                let inner = Expr {
                    syms: self.syms,
                    no_bar: false,
                };
                let v = inner.choice(c)?;
                c.expect(b')', "to close '('")?;
                Ok(v)
            }
            Some(b'\'') => Ok(EVal::Value(Value::Int(self.character(c)?))),
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
                None => Ok(EVal::Value(number(c)?)),
            },
            Some(d) if d.is_ascii_digit() => Ok(EVal::Value(number(c)?)),
            // CLRX's scope paths: `::x`, `a::b::x`.
            Some(b':') if self.rules() != Rules::Llvm && c.peek_at(1) == Some(b':') => {
                match super::scopes::scoped_ident(c) {
                    Some((name, _)) => Ok(self.symbol(&name)),
                    None => err(start, start + 2, "expected a name after '::'"),
                }
            }

            // `.5` (a leading dot and a digit: a number, not a symbol).
            Some(b'.') if c.peek_at(1).is_some_and(|d| d.is_ascii_digit()) => Ok(EVal::Value(number(c)?)),
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
                if matches!(v, EVal::Value(_)) && c.peek() == Some(b'[') {
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

    fn symbol(&self, name: &str) -> EVal {
        match self.syms.lookup(name) {
            Ok(Sym::Value(v)) => EVal::Value(v),
            Ok(Sym::Reg(_)) => EVal::Forward(name.to_string()),
            Err(full) => EVal::Forward(full),
        }
    }
}
