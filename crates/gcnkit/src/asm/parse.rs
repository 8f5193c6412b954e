//! Parsing one statement of either dialect: a byte cursor, constant expressions with symbols,
//! operands (registers, constants, `-x`, `abs(x)`, `|x|`, `neg(x)`, `sext(x)`, `lit(x)`) and the
//! trailing modifiers (`clamp`, `mul:2`, `op_sel:[..]`, CLRX's `vop3`, `neg:[..]`...).
//! Positions are byte offsets into the statement's line.

use rustc_hash::FxHashMap as HashMap;

/// A parse problem at `[start, end)` of the line.
#[derive(Clone, Debug, PartialEq)]
pub struct PErr {
    pub start: usize,
    pub end: usize,
    pub msg: String,
    pub help: Option<String>,
}

pub type PRes<T> = Result<T, PErr>;

/// An error at `start..end` of the line, without help.
pub fn perr(start: usize, end: usize, msg: impl Into<String>) -> PErr {
    PErr {
        start,
        end,
        msg: msg.into(),
        help: None,
    }
}

pub fn err<T>(start: usize, end: usize, msg: impl Into<String>) -> PRes<T> {
    Err(PErr {
        start,
        end: end.max(start + 1),
        msg: msg.into(),
        help: None,
    })
}

/// How a float literal was written: plain, or with CLRX's `h` (half), `s` (single), `d`/`l`
/// (double) suffix.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FKind {
    Plain,
    Half,
    Single,
    Double,
}

/// The value of a constant expression.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Value {
    Int(i64),
    Float(f64, FKind),
}

/// A register range in the 9-bit operand space (VGPRs as 256 + n), as written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Reg {
    pub code: u16,
    pub count: u16,
    /// Written with the `[a:b]` range syntax (CLRX lets `v[5]` stand for one register).
    pub ranged: bool,
    /// CLRX's `&ill!` marker: a range CLRX knows is invalid for the operand (`m0&ill!` as a
    /// pair); taken at the operand's width.
    pub any_width: bool,
    /// A CLRX `.regvar` register: never allocated, so clrxasm writes field value 0 for it (in a
    /// 9-bit source field that is `s0`, whatever the variable's file).
    pub regvar: bool,
}

/// What a symbol stands for.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Sym {
    Value(Value),
    Reg(Reg),
}

/// Symbol table shared by the statements of a file, with the rules its expressions follow.
#[derive(Default)]
pub struct Symbols {
    map: HashMap<String, Sym>,
    pub rules: super::expr::Rules,
    /// Warnings of the expressions evaluated since the caller last took them (clrxasm's
    /// shift counts out of range).
    pub warnings: std::cell::RefCell<Vec<PErr>>,
    /// CLRX's names beyond plain symbols: local labels, scopes, `.eqv`, `.regvar`
    /// ([`super::scopes`]).
    pub(super) clrx: super::scopes::Names,
    /// CLRX: the symbols whose value is an address in a section (labels, `.`, symbols set to
    /// them), with the section ([`super::expr::Rel`]).
    pub(super) rel: HashMap<String, usize>,
    /// CLRX: the names in the order first mentioned ([`super::rocm_got`]).
    pub(super) mentions: super::rocm_got::Mentions,
    /// CLRX: section differences of a `.rocm` source ([`super::expr::SectDiffs`]).
    pub(super) sect_diffs: std::cell::Cell<super::expr::SectDiffs>,
    /// Once prepared: the sections of the shared address space with their file addresses,
    /// clrxasm's first (the global data's, else the code's) first.
    pub(super) space: Vec<(usize, i64)>,
    /// While `Some`: the defined symbols expressions read, with their values and sections
    /// (an expression put off until the end keeps the values its statement saw).
    pub(super) reads: std::cell::RefCell<Option<Vec<Frozen>>>,
    /// LLVM: the values a statement put off read ([`Frozen`]), seen by its own expression
    /// only (a waiting symbol it reads is read with the values of the end).
    pub(super) seen: std::cell::RefCell<Vec<Frozen>>,
}

/// A symbol's value (and section) as a statement saw it: name, value, section.
pub(super) type Frozen = (String, Sym, Option<usize>);

impl Symbols {
    pub fn new(rules: super::expr::Rules) -> Symbols {
        Symbols {
            map: HashMap::default(),
            rules,
            warnings: Default::default(),
            clrx: Default::default(),
            rel: HashMap::default(),
            mentions: super::rocm_got::Mentions::new(rules != super::expr::Rules::Llvm),
            sect_diffs: Default::default(),
            space: Vec::new(),
            reads: Default::default(),
            seen: Default::default(),
        }
    }

    /// The file's addresses of the sections of the shared address space (the first is the one
    /// every address is read relative to): from now on expressions over them are resolved.
    pub(super) fn prepare_sect_diffs(&mut self, space: Vec<(usize, i64)>) {
        self.space = space;
        self.sect_diffs.set(super::expr::SectDiffs::Prepared);
    }

    /// A section of the shared address space: the first one and the distance of `sec`'s start
    /// from its start.
    pub(super) fn space_address(&self, sec: usize) -> Option<(usize, i64)> {
        let first = self.space.first()?;
        let at = self.space.iter().find(|s| s.0 == sec)?;
        Some((first.0, at.1.wrapping_sub(first.1)))
    }

    /// An address relative to the first section of the shared address space as clrxasm keeps
    /// it: in the last section that starts at or before it (the first if none does), with its
    /// offset there.
    pub(super) fn space_section(&self, value: i64) -> Option<(usize, i64)> {
        let first = self.space.first()?;
        let at = first.1.wrapping_add(value);
        let mut by_address = self.space.clone();
        by_address.sort_by_key(|s| s.1 as u64);
        let sec = by_address
            .iter()
            .rev()
            .find(|s| (s.1 as u64) <= at as u64)
            .unwrap_or(&by_address[0]);
        Some((sec.0, at.wrapping_sub(sec.1)))
    }
}

impl std::ops::Deref for Symbols {
    type Target = HashMap<String, Sym>;
    fn deref(&self) -> &Self::Target {
        &self.map
    }
}

impl std::ops::DerefMut for Symbols {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.map
    }
}

/// Operand kinds.
#[derive(Clone, PartialEq, Debug)]
pub enum OpKind {
    Reg(Reg),
    /// A constant: inline if it can be, else a literal.
    Const(Value),
    /// CLRX `lit(x)`: always a literal.
    Lit(Value),
    /// An expression naming a symbol not defined yet (resolved at the end of the file).
    Forward(String),
    /// CLRX `lit(x)` of a symbol not defined yet: always a literal.
    LitForward(String),
}

/// One parsed operand with its source modifiers.
#[derive(Clone, PartialEq, Debug)]
pub struct Operand {
    pub kind: OpKind,
    pub neg: bool,
    pub abs: bool,
    pub sext: bool,
    /// `neg(x)` syntax (LLVM): the NEG bit even on a constant.
    pub start: usize,
    pub end: usize,
    /// CLRX: the value is a label's address (clrxasm's relative value): only a branch
    /// target takes one.
    pub rel: bool,
}

impl Operand {
    /// The constant 0 at 0..0 without modifiers: a slot the one-pass reading then fills.
    const PLAIN: Operand = Operand {
        kind: OpKind::Const(Value::Int(0)),
        neg: false,
        abs: false,
        sext: false,
        start: 0,
        end: 0,
        rel: false,
    };
}

/// A trailing modifier: name, value and position.
#[derive(Clone, PartialEq, Debug)]
pub struct Modifier {
    pub name: String,
    pub value: ModVal,
    /// Written `name=value` (CLRX's raw-field notes: `vsrc2=0x1e5`, `op_sel=0x4`).
    pub eq: bool,
    pub start: usize,
    pub end: usize,
}

#[derive(Clone, PartialEq, Debug)]
pub enum ModVal {
    None,
    Int(i64),
    List(Vec<i64>),
    /// A bracketed list of words (MTBUF's `format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]`,
    /// CLRX's `format:[32,float]`).
    Words(Vec<String>),
    /// An expression naming `symbol`, not defined yet, at `start..end` of the line (patched
    /// when it is).
    Forward {
        symbol: String,
        start: usize,
        end: usize,
    },
}

/// Resolves register names of an arch; supplied by the assembler so that the parser knows
/// nothing of the operand space.
pub trait RegNames {
    /// A named register or constant-like source (`vcc`, `exec_lo`, `m0`, `lds_direct`...):
    /// its code and register count.
    fn named(&self, name: &str) -> Option<(u16, u16)>;
    /// First TTMP code and count.
    fn ttmp(&self) -> (u16, u16);
    /// Number of SGPRs.
    fn sgprs(&self) -> u16;
    /// Whether the symbols may hold registers (else operands need not look names up there).
    fn register_symbols(&self) -> bool {
        true
    }
}

/// A byte cursor over one line.
#[derive(Clone)]
pub struct Cursor<'a> {
    pub s: &'a [u8],
    pub pos: usize,
    pub end: usize,
    /// The same line as text: identifiers are ASCII, so slicing it needs no UTF-8 check.
    t: &'a str,
    /// The last identifier read (start, end, and the cursor's `end` then): a lookahead
    /// ([`modifier_follows`]) and the operand parser read the same name, scanned once.
    memo: (usize, usize, usize),
}

/// Byte classes for identifiers: bit 0 may start one, bit 1 may continue one (one load per
/// byte in the scanning loops).
const IDENT_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let start = b.is_ascii_alphabetic() || b == b'_' || b == b'.' || b == b'$';
        if start {
            t[c] = 3;
        } else if b.is_ascii_digit() {
            t[c] = 2;
        }
        c += 1;
    }
    t
};

#[inline]
pub(super) fn is_ident_start(c: u8) -> bool {
    IDENT_CLASS[c as usize] & 1 != 0
}

#[inline]
pub(super) fn is_ident(c: u8) -> bool {
    IDENT_CLASS[c as usize] & 2 != 0
}

impl<'a> Cursor<'a> {
    pub fn new(s: &'a str, start: usize, end: usize) -> Cursor<'a> {
        Cursor {
            s: s.as_bytes(),
            pos: start,
            end,
            t: s,
            memo: (usize::MAX, 0, 0),
        }
    }

    /// Skips blanks and `/* */` comments.
    #[inline]
    pub fn ws(&mut self) {
        // Most calls stand on a token already: decide on one byte.
        if self.pos >= self.end || !matches!(self.s[self.pos], b' ' | b'\t' | b'\r' | b'/') {
            return;
        }
        self.ws_slow()
    }

    fn ws_slow(&mut self) {
        loop {
            while self.pos < self.end
                && (self.s[self.pos] == b' ' || self.s[self.pos] == b'\t' || self.s[self.pos] == b'\r')
            {
                self.pos += 1;
            }
            if self.pos + 1 < self.end && self.s[self.pos] == b'/' && self.s[self.pos + 1] == b'*' {
                let mut p = self.pos + 2;
                while p + 1 < self.end && !(self.s[p] == b'*' && self.s[p + 1] == b'/') {
                    p += 1;
                }
                self.pos = (p + 2).min(self.end);
                continue;
            }
            break;
        }
    }

    pub fn peek(&self) -> Option<u8> {
        (self.pos < self.end).then(|| self.s[self.pos])
    }

    pub fn peek_at(&self, k: usize) -> Option<u8> {
        (self.pos + k < self.end).then(|| self.s[self.pos + k])
    }

    pub fn at_end(&mut self) -> bool {
        self.ws();
        self.pos >= self.end
    }

    pub fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, c: u8, what: &str) -> PRes<()> {
        if self.eat(c) {
            Ok(())
        } else {
            let p = self.pos;
            err(p, p + 1, format!("expected '{}' {what}", c as char))
        }
    }

    /// An identifier (not consumed if absent).
    pub fn ident(&mut self) -> Option<(&'a str, usize)> {
        self.ws();
        let start = self.pos;
        let (s, end) = (self.s, self.end.min(self.s.len()));
        if self.memo.0 == start && self.memo.2 == end {
            let p = self.memo.1;
            self.pos = p;
            return Some((self.t.get(start..p).unwrap_or(""), start));
        }
        if start < end && is_ident_start(s[start]) {
            let mut p = start + 1;
            while p < end && is_ident(s[p]) {
                p += 1;
            }
            self.memo = (start, p, end);
            self.pos = p;
            // ASCII bytes on both sides: always char boundaries.
            Some((self.t.get(start..p).unwrap_or(""), start))
        } else {
            None
        }
    }

    fn text(&self, a: usize, b: usize) -> &'a str {
        self.t.get(a..b).unwrap_or("")
    }
}

/// Parses a number literal at the cursor.
pub(super) fn number(c: &mut Cursor) -> PRes<Value> {
    let start = c.pos;
    let s = c.s;
    let end = c.end;
    let mut p = start;
    if p + 1 < end && s[p] == b'0' && (s[p + 1] | 0x20) == b'x' {
        p += 2;
        let d0 = p;
        while p < end && (s[p].is_ascii_hexdigit() || s[p] == b'_') {
            p += 1;
        }
        // A hexadecimal float (`0x1.8p1`: both assemblers take them).
        let exp_at = |q: usize| {
            q < end && (s[q] | 0x20) == b'p' && {
                let r = q + 1 + (q + 1 < end && matches!(s[q + 1], b'+' | b'-')) as usize;
                r < end && s[r].is_ascii_digit()
            }
        };
        let mut q = p;
        if q < end && s[q] == b'.' {
            q += 1;
            while q < end && s[q].is_ascii_hexdigit() {
                q += 1;
            }
        }
        if q > d0 && exp_at(q) {
            return hex_float(c, start, d0, q, end);
        }
        c.pos = p;
        let text = c.text(d0, p);
        // `_` separators are rare: copy only then.
        let parsed = if text.contains('_') {
            let digits: String = text.chars().filter(|&ch| ch != '_').collect();
            u64::from_str_radix(&digits, 16)
        } else {
            u64::from_str_radix(text, 16)
        };
        return parsed
            .map(|v| Value::Int(v as i64))
            .or_else(|_| err(start, p, "bad hexadecimal number"));
    }
    if p + 1 < end && s[p] == b'0' && (s[p + 1] | 0x20) == b'b' && p + 2 < end && (s[p + 2] == b'0' || s[p + 2] == b'1')
    {
        p += 2;
        let d0 = p;
        while p < end && (s[p] == b'0' || s[p] == b'1') {
            p += 1;
        }
        c.pos = p;
        return u64::from_str_radix(c.text(d0, p), 2)
            .map(|v| Value::Int(v as i64))
            .or_else(|_| err(start, p, "bad binary number"));
    }
    while p < end && s[p].is_ascii_digit() {
        p += 1;
    }
    let mut float = false;
    // `1.5`, `1.`, `1.e3`, and CLRX's `1.s`/`1.l`/`1.h` (a suffix letter alone after the dot);
    // not `1.foo`.
    let suffix_only =
        |q: usize| q < end && matches!(s[q] | 0x20, b's' | b'l' | b'h' | b'd') && !(q + 1 < end && is_ident(s[q + 1]));
    if p < end
        && s[p] == b'.'
        && !(p + 1 < end && is_ident_start(s[p + 1]) && (s[p + 1] | 0x20 != b'e') && !suffix_only(p + 1))
    {
        float = true;
        p += 1;
        while p < end && s[p].is_ascii_digit() {
            p += 1;
        }
    }
    if p < end && (s[p] | 0x20) == b'e' {
        let mut q = p + 1;
        if q < end && (s[q] == b'+' || s[q] == b'-') {
            q += 1;
        }
        if q < end && s[q].is_ascii_digit() {
            while q < end && s[q].is_ascii_digit() {
                q += 1;
            }
            float = true;
            p = q;
        }
    }
    let text = c.text(start, p);
    if float {
        let v: f64 = text
            .parse()
            .or_else(|_| err(start, p, format!("bad number '{text}'")))?;
        let kind = match s.get(p).map(|b| b | 0x20) {
            Some(b'h') if p < end => FKind::Half,
            Some(b's') if p < end => FKind::Single,
            Some(b'd') | Some(b'l') if p < end => FKind::Double,
            _ => FKind::Plain,
        };
        if kind != FKind::Plain && !(p + 1 < end && is_ident(s[p + 1])) {
            p += 1;
        }
        c.pos = p;
        return Ok(Value::Float(v, if p <= end { kind } else { FKind::Plain }));
    }
    c.pos = p;
    // C-style octal for a leading 0.
    if text.len() > 1 && text.starts_with('0') {
        return u64::from_str_radix(&text[1..], 8)
            .map(|v| Value::Int(v as i64))
            .or_else(|_| err(start, p, "bad octal number"));
    }
    text.parse::<u64>()
        .map(|v| Value::Int(v as i64))
        .or_else(|_| err(start, p, format!("number '{text}' does not fit in 64 bits")))
}

/// The hexadecimal float whose digits are `d0..p` (a `.` among them) and whose `p` exponent
/// follows: the digits as an integer, rounded once to a double, scaled by a power of two.
fn hex_float(c: &mut Cursor, start: usize, d0: usize, p: usize, end: usize) -> PRes<Value> {
    let s = c.s;
    let (mut mant, mut frac, mut lost) = (0u64, 0i64, false);
    let mut seen_dot = false;
    for &b in &s[d0..p] {
        if b == b'.' {
            seen_dot = true;
            continue;
        }
        let d = (b as char).to_digit(16).unwrap_or(0) as u64;
        if mant >> 60 != 0 {
            // Past 64 bits: the digit only counts as sticky (and in the exponent).
            lost |= d != 0;
            frac -= if seen_dot { 0 } else { 1 };
            continue;
        }
        mant = mant << 4 | d;
        frac += seen_dot as i64;
    }
    let mut q = p + 1;
    let neg = q < end && s[q] == b'-';
    q += (q < end && matches!(s[q], b'+' | b'-')) as usize;
    let mut exp = 0i64;
    while q < end && s[q].is_ascii_digit() {
        exp = (exp * 10 + (s[q] - b'0') as i64).min(1 << 20);
        q += 1;
    }
    c.pos = q;
    let exp = if neg { -exp } else { exp } - 4 * frac;
    let m = (mant | lost as u64) as f64;
    let v = m * 2f64.powi(exp.clamp(-1100, 1100) as i32);
    if !v.is_finite() {
        return err(start, q, "hexadecimal float out of range");
    }
    Ok(Value::Float(v, FKind::Plain))
}

pub use super::expr::{EVal, Expr};

/// Parses a register written at the cursor (`v5`, `s[4:5]`, `ttmp[2:3]`, `vcc`, `exec_lo`,
/// `vcc[0:1]`, a `%`-register symbol...). Returns `Ok(None)` (cursor unmoved) if the text
/// is not a register.
pub fn register(c: &mut Cursor, names: &dyn RegNames, syms: &Symbols) -> PRes<Option<Reg>> {
    register_in(c, names, syms, true)
}

/// [`register`]; `shadow`: a register symbol's name hides a register name (in operands:
/// `v=%s[20:23]; v[1]`), not in the `%` of a symbol's own definition (`b=%s[57:67]` after
/// `s=%s4` is still SGPRs 57-67), as clrxasm reads them.
pub fn register_in(c: &mut Cursor, names: &dyn RegNames, syms: &Symbols, shadow: bool) -> PRes<Option<Reg>> {
    c.ws();
    let save = c.pos;
    let start = c.pos;
    if c.peek() == Some(b'[') && syms.rules != super::expr::Rules::Clrx {
        return register_list(c, names, syms).map(Some);
    }
    let Some((id, _)) = c.ident() else { return Ok(None) };
    // The usual operand, `v5` or `s12` (no register symbols to shadow it): read at once, as
    // the general path below would read it.
    let b = id.as_bytes();
    if (2..=5).contains(&b.len())
        && matches!(b[0], b'v' | b's')
        && b[1..].iter().all(u8::is_ascii_digit)
        && !names.register_symbols()
    {
        let n = b[1..].iter().fold(0u16, |v, d| v * 10 + (d - b'0') as u16);
        let (base, limit) = if b[0] == b'v' { (256, 256) } else { (0, names.sgprs()) };
        if n >= limit {
            return err(
                start,
                c.pos,
                format!("register {id} does not exist (the file has {limit})"),
            );
        }
        return Ok(Some(Reg {
            code: base + n,
            count: 1,
            ranged: false,
            any_width: false,
            regvar: false,
        }));
    }
    // Lowercase on the stack: no allocation per identifier.
    let mut buf = [0u8; 48];
    let lower_owned;
    let lower: &str = match lower_in(id, &mut buf) {
        Some(l) => l,
        None => {
            lower_owned = id.to_ascii_lowercase();
            &lower_owned
        }
    };
    // A register symbol (`b=%s[57:67]`) shadows the register names (`v=%s[20:23]; v[1]`).
    if names.register_symbols() {
        if let Some(r) = syms.regvar(c, id, start)? {
            return Ok(Some(r));
        }
    }
    let reg_sym = if names.register_symbols() {
        syms.lookup(id).ok()
    } else {
        None
    };
    if let Some(Sym::Reg(r)) = reg_sym.filter(|_| shadow || !is_register_name(names, lower)) {
        if c.peek() == Some(b'[') {
            let (a, b) = range(c, syms)?;
            if b >= r.count || a > b {
                return err(
                    start,
                    c.pos,
                    format!("range [{a}:{b}] is outside {id} ({} registers)", r.count),
                );
            }
            return Ok(Some(Reg {
                code: r.code + a,
                count: b - a + 1,
                ranged: true,
                any_width: false,
                regvar: false,
            }));
        }
        // Written through a symbol: an explicit register of its width (`k=%execz` is one).
        return Ok(Some(Reg { ranged: true, ..r }));
    }
    let (ttmp0, ttmpn) = names.ttmp();
    // The register file and, for a single register, its number.
    let (base, limit, single): (u16, u16, u16) = if let Some(n) = num_suffix(lower, "v") {
        (256, 256, n)
    } else if let Some(n) = num_suffix(lower, "s") {
        (0, names.sgprs(), n)
    } else if let Some(n) = num_suffix(lower, "ttmp") {
        (ttmp0, ttmpn, n)
    } else if let Some(prefix) = lower.strip_suffix("_u").filter(|_| c.peek() == Some(b'!')) {
        // CLRX's `vcc_u!`: a pair starting at the high half of a named pair.
        let Some((code, 2)) = names.named(prefix) else {
            return err(start, c.pos, format!("'{id}!' is not a register"));
        };
        c.pos += 1;
        let any = ill_marker(c);
        return Ok(Some(Reg {
            code: code + 1,
            count: 2,
            ranged: false,
            any_width: any,
            regvar: false,
        }));
    } else if let Some((code, count)) = names.named(lower) {
        if ill_marker(c) {
            return Ok(Some(Reg {
                code,
                count,
                ranged: false,
                any_width: true,
                regvar: false,
            }));
        }
        // vcc[0:1]-style subranges of a named register (CLRX).
        if c.peek() == Some(b'[') {
            let (a, b) = range(c, syms)?;
            if b >= count || a > b {
                return err(start, c.pos, format!("range [{a}:{b}] is outside {id}"));
            }
            return Ok(Some(Reg {
                code: code + a,
                count: b - a + 1,
                ranged: true,
                any_width: false,
                regvar: false,
            }));
        }
        return Ok(Some(Reg {
            code,
            count,
            ranged: false,
            any_width: false,
            regvar: false,
        }));
    } else {
        c.pos = save;
        return Ok(None);
    };
    match Some(single) {
        Some(n) if n != u16::MAX => {
            if n >= limit {
                return err(
                    start,
                    c.pos,
                    format!("register {id} does not exist (the file has {limit})"),
                );
            }
            Ok(Some(Reg {
                code: base + n,
                count: 1,
                ranged: false,
                any_width: false,
                regvar: false,
            }))
        }
        _ => {
            if c.peek() != Some(b'[') {
                c.pos = save;
                return Ok(None);
            }
            let (a, b) = range(c, syms)?;
            // CLRX writes a VGPR range that wraps past v255 as `v[255:0]`.
            if base == 256 && a > b && a < 256 && b < 4 {
                return Ok(Some(Reg {
                    code: base + a,
                    count: 256 - a + b + 1,
                    ranged: true,
                    any_width: false,
                    regvar: false,
                }));
            }
            if a > b {
                return err(start, c.pos, format!("register range [{a}:{b}] runs backwards"));
            }
            if b >= limit {
                return err(
                    start,
                    c.pos,
                    format!("register {b} does not exist (the file has {limit})"),
                );
            }
            Ok(Some(Reg {
                code: base + a,
                count: b - a + 1,
                ranged: true,
                any_width: false,
                regvar: false,
            }))
        }
    }
}

/// LLVM's list of single registers with consecutive numbers, `[s2,s3]` for `s[2:3]` (and
/// `[ttmp5]` for `ttmp5`).
fn register_list(c: &mut Cursor, names: &dyn RegNames, syms: &Symbols) -> PRes<Reg> {
    let start = c.pos;
    c.pos += 1;
    let mut list: Option<Reg> = None;
    loop {
        let at = c.pos;
        let r = match register_in(c, names, syms, true)? {
            Some(r) if r.count == 1 && !r.ranged => r,
            _ => return err(at, c.pos.max(at + 1), "expected a single 32-bit register"),
        };
        list = Some(match list {
            None => r,
            Some(l) if (l.code < 256) == (r.code < 256) && r.code == l.code + l.count => Reg {
                count: l.count + 1,
                ..l
            },
            Some(_) => return err(at, c.pos, "registers in a list must have consecutive indices"),
        });
        c.ws();
        if c.eat(b']') {
            break;
        }
        c.expect(b',', "between the registers of a list")?;
    }
    let r = list.unwrap_or(Reg {
        code: 0,
        count: 0,
        ranged: false,
        any_width: false,
        regvar: false,
    });
    if r.count == 0 {
        return err(start, c.pos, "an empty register list");
    }
    Ok(Reg {
        ranged: r.count > 1,
        ..r
    })
}

/// `id` in lowercase: `id` itself when it has no capital (the usual case), else a copy in `buf`
/// (no allocation); `None` if it does not fit.
pub fn lower_in<'b>(id: &'b str, buf: &'b mut [u8]) -> Option<&'b str> {
    // No branch per byte: names are short and mostly lowercase.
    if !id.bytes().fold(false, |up, c| up | c.is_ascii_uppercase()) {
        return Some(id);
    }
    let b = buf.get_mut(..id.len())?;
    b.copy_from_slice(id.as_bytes());
    b.make_ascii_lowercase();
    // ASCII lowercasing keeps UTF-8 valid.
    std::str::from_utf8(b).ok()
}

/// Is `lower` the name of a register (or register file prefix with a range)?
fn is_register_name(names: &dyn RegNames, lower: &str) -> bool {
    names.named(lower).is_some() || ["v", "s", "ttmp"].iter().any(|p| num_suffix(lower, p).is_some())
}

/// Consumes CLRX's `&ill!` marker if present.
fn ill_marker(c: &mut Cursor) -> bool {
    let m = b"&ill!";
    if c.pos + m.len() <= c.end && &c.s[c.pos..c.pos + m.len()] == m {
        c.pos += m.len();
        true
    } else {
        false
    }
}

/// `v12` → Some(12); `v` → Some(u16::MAX) (a range follows); anything else None.
fn num_suffix(id: &str, prefix: &str) -> Option<u16> {
    let rest = id.strip_prefix(prefix)?;
    if rest.is_empty() {
        return Some(u16::MAX);
    }
    if rest.bytes().all(|b| b.is_ascii_digit()) && rest.len() <= 4 {
        rest.parse().ok()
    } else {
        None
    }
}

/// A plain decimal index (`12` before `:` or `]`), as the expression parser would read it;
/// `None` (cursor unmoved) for anything else.
fn plain_index(c: &mut Cursor) -> Option<i64> {
    let save = c.pos;
    c.ws();
    let (s, end) = (c.s, c.end);
    let mut p = c.pos;
    let mut v = 0i64;
    while p < end && s[p].is_ascii_digit() && p - c.pos < 4 {
        v = v * 10 + (s[p] - b'0') as i64;
        p += 1;
    }
    // Not `0x..`/`012` (octal), not a longer number or an expression.
    let digits = p - c.pos;
    if digits == 0 || (digits > 1 && s[c.pos] == b'0') || !(p < end && matches!(s[p], b':' | b']')) {
        c.pos = save;
        return None;
    }
    c.pos = p;
    Some(v)
}

/// `[a:b]` or `[a]`, with constant expressions.
pub(super) fn range(c: &mut Cursor, syms: &Symbols) -> PRes<(u16, u16)> {
    let start = c.pos;
    c.expect(b'[', "to open a register range")?;
    let e = Expr { syms, no_bar: false };
    // Most ranges are plain numbers (`s[4:5]`): no expression parser for them.
    let a = match plain_index(c) {
        Some(a) => a,
        None => int_expr(&e, c)?,
    };
    let b = if c.eat(b':') {
        match plain_index(c) {
            Some(b) => b,
            None => int_expr(&e, c)?,
        }
    } else {
        a
    };
    c.expect(b']', "to close the register range")?;
    if !(0..1024).contains(&a) || !(0..1024).contains(&b) {
        return err(start, c.pos, "register index out of range");
    }
    Ok((a as u16, b as u16))
}

fn int_expr(e: &Expr, c: &mut Cursor) -> PRes<i64> {
    let start = c.pos;
    match e.parse(c)? {
        EVal::Value(Value::Int(i)) => Ok(i),
        EVal::Value(Value::Float(..)) => err(start, c.pos, "a register index must be an integer"),
        EVal::Forward(n) => err(
            start,
            c.pos,
            format!("{} is not defined", super::scopes::shown_name(&n)),
        ),
    }
}

/// Parses one operand.
pub fn operand(c: &mut Cursor, names: &dyn RegNames, syms: &Symbols, no_bar: bool) -> PRes<Operand> {
    c.ws();
    let start = c.pos;
    let lower_kw = |c: &mut Cursor, kw: &str| -> bool {
        let b = kw.as_bytes();
        let p = c.pos;
        if p + b.len() < c.end && c.s[p..p + b.len()].eq_ignore_ascii_case(b) {
            let mut q = p + b.len();
            while q < c.end && (c.s[q] == b' ' || c.s[q] == b'\t') {
                q += 1;
            }
            if q < c.end && c.s[q] == b'(' {
                c.pos = q + 1;
                return true;
            }
        }
        false
    };
    // Leading minus: a NEG modifier on a register or a modifier form, else part of the constant.
    if c.peek() == Some(b'-') {
        let save = c.pos;
        c.pos += 1;
        c.ws();
        let mods_follow = c.peek() == Some(b'|')
            || ["abs", "neg", "sext"].iter().any(|k| {
                let p = c.pos;
                let r = lower_kw(c, k);
                c.pos = p;
                r
            });
        if mods_follow {
            let mut o = operand(c, names, syms, no_bar)?;
            if o.neg {
                return err(start, c.pos, "negated twice");
            }
            o.neg = true;
            o.start = start;
            return Ok(o);
        }
        if let Some(r) = register(c, names, syms)? {
            return Ok(Operand {
                kind: OpKind::Reg(r),
                neg: true,
                abs: false,
                sext: false,
                start,
                end: c.pos,
                rel: false,
            });
        }
        c.pos = save;
    }
    if c.peek() == Some(b'|') {
        c.pos += 1;
        let mut o = operand(c, names, syms, true)?;
        c.expect(b'|', "to close |...|")?;
        if o.abs {
            return err(start, c.pos, "abs applied twice");
        }
        o.abs = true;
        o.start = start;
        o.end = c.pos;
        return Ok(o);
    }
    // Only a keyword with the operand's first letter is tried (registers and numbers mostly
    // start with another one).
    let first = c.peek().map_or(0, |b| b | 0x20);
    let keywords: &[&str] = if matches!(first, b'a' | b'n' | b's' | b'l') {
        &["abs", "neg", "sext", "lit"]
    } else {
        &[]
    };
    for &kw in keywords {
        if kw.as_bytes()[0] == first && lower_kw(c, kw) {
            let mut o = if kw == "lit" {
                let s0 = c.pos;
                let e = Expr { syms, no_bar: false };
                match e.parse(c)? {
                    EVal::Value(v) => Operand {
                        kind: OpKind::Lit(v),
                        neg: false,
                        abs: false,
                        sext: false,
                        start,
                        end: c.pos,
                        rel: false,
                    },
                    // `lit(later)`: a literal waiting for a symbol; its span is the expression's.
                    EVal::Forward(n) => {
                        let e0 = c.pos;
                        c.expect(b')', "to close lit(...)")?;
                        return Ok(Operand {
                            kind: OpKind::LitForward(n),
                            neg: false,
                            abs: false,
                            sext: false,
                            start: s0,
                            end: e0,
                            rel: false,
                        });
                    }
                }
            } else {
                operand(c, names, syms, false)?
            };
            c.expect(b')', &format!("to close {kw}(...)"))?;
            match kw {
                "abs" if o.abs => return err(start, c.pos, "abs applied twice"),
                "abs" => o.abs = true,
                "neg" if o.neg => return err(start, c.pos, "negated twice"),
                "neg" => o.neg = true,
                "sext" => o.sext = true,
                _ => {}
            }
            o.start = start;
            o.end = c.pos;
            return Ok(o);
        }
    }
    if let Some(kind) = reloc_operand(c, syms)? {
        return Ok(Operand {
            kind,
            neg: false,
            abs: false,
            sext: false,
            start,
            end: c.pos,
            rel: false,
        });
    }
    if let Some(r) = register(c, names, syms)? {
        return Ok(Operand {
            kind: OpKind::Reg(r),
            neg: false,
            abs: false,
            sext: false,
            start,
            end: c.pos,
            rel: false,
        });
    }
    let e = Expr { syms, no_bar };
    let (v, sec) = e.parse_rel(c)?;
    let kind = match v {
        EVal::Value(v) => OpKind::Const(v),
        EVal::Forward(n) => OpKind::Forward(n),
    };
    Ok(Operand {
        kind,
        neg: false,
        abs: false,
        sext: false,
        start,
        end: c.pos,
        rel: sec.is_some(),
    })
}

/// `sym@rel32@lo+4` (LLVM's relocation specifiers, see [`crate::codeobj::reloc`]): a literal
/// the object's relocation fills, as a name it waits for ([`reloc::encode`]'s text, which
/// the assembler turns into the relocation). The addend is a constant expression.
pub fn reloc_operand(c: &mut Cursor, syms: &Symbols) -> PRes<Option<OpKind>> {
    use crate::codeobj::reloc;
    let (s, end, p) = (c.s, c.end.min(c.s.len()), c.pos);
    if p >= end || !is_ident_start(s[p]) {
        return Ok(None);
    }
    let mut e = p + 1;
    while e < end && is_ident(s[e]) {
        e += 1;
    }
    if e >= end || s[e] != b'@' {
        return Ok(None);
    }
    let symbol = c.text(p, e).to_string();
    let rest = c.text(e + 1, end);
    let Some((variant, n)) = reloc::Variant::parse_prefix(rest) else {
        let w = rest.find([' ', '\t', ',', '+', '-']).unwrap_or(rest.len());
        return err(
            e,
            e + 1 + w,
            format!(
                "unknown relocation specifier '@{}' (known: @rel32@lo, @rel32@hi, @gotpcrel32@lo, @gotpcrel32@hi, @gotpcrel, @abs32@lo, @abs32@hi, @rel64)",
                &rest[..w]
            ),
        );
    };
    c.pos = e + 1 + n;
    c.ws();
    let mut addend = 0;
    if matches!(c.peek(), Some(b'+' | b'-')) {
        let a0 = c.pos;
        if c.peek() == Some(b'+') {
            c.pos += 1;
        }
        match (Expr { syms, no_bar: false }).parse(c)? {
            EVal::Value(Value::Int(v)) => addend = v,
            _ => return err(a0, c.pos, "a relocation's addend is a constant defined before it"),
        }
    }
    Ok(Some(OpKind::Forward(reloc::encode(&symbol, variant, addend))))
}

/// The operand list of the usual statement, read in one pass: operands that are plain
/// registers (`v5`, `s12`, `s[4:5]`, `v[0:3]`, `vcc`, `exec`, `m0`...) or plain integers
/// (`64`, `-1`, `0x10`), separated by commas, maybe followed by modifiers (`offset:16 glc`,
/// left at the cursor for [`modifiers`]). Each is the [`Operand`] that [`operand`] reads from
/// the same text, and the operands end where the full reading ends them. Anything else
/// (expressions, symbols, labels, floats, source modifiers, ranges with blanks, register
/// symbols...) returns false with `ops` and the cursor as they were: the caller reads the
/// statement in full.
pub fn plain_operands(c: &mut Cursor, names: &dyn RegNames, syms: &Symbols, ops: &mut Vec<Operand>) -> bool {
    let (save, n0) = (c.pos, ops.len());
    if names.register_symbols() || !plain_operands_in(c, names, syms, ops) {
        c.pos = save;
        ops.truncate(n0);
        return false;
    }
    true
}

fn plain_operands_in(c: &mut Cursor, names: &dyn RegNames, syms: &Symbols, ops: &mut Vec<Operand>) -> bool {
    let (s, end) = (c.s, c.end.min(c.s.len()));
    let blank = |p: &mut usize| {
        while *p < end && matches!(s[*p], b' ' | b'\t' | b'\r') {
            *p += 1;
        }
    };
    // Does a modifier start at `p` (the full reading's test between operands)?
    let modifier_at = |c: &mut Cursor, p: usize| {
        c.pos = p;
        modifier_follows(c)
    };
    let mut p = c.pos;
    blank(&mut p);
    if p >= end {
        return false;
    }
    loop {
        // Written in place, field by field: an `Operand` (or its kind) built on the stack and
        // copied in reads narrow stores back as wide words, a store-forwarding stall (about
        // 4% of the whole assembly of the real stream). A failed reading truncates `ops`.
        ops.push(Operand::PLAIN);
        let o = ops.last_mut().expect("just pushed");
        o.start = p;
        match s[p] {
            b'0'..=b'9' | b'-' => {
                let neg = s[p] == b'-';
                let q = p + neg as usize;
                let Some((v, e)) = plain_int(s, q, end) else {
                    return false;
                };
                // The expression reader looks past blanks for an operator: they end it.
                p = e;
                blank(&mut p);
                o.kind = OpKind::Const(Value::Int(if neg { (v as i64).wrapping_neg() } else { v as i64 }));
            }
            // A label or another symbol with a dot first (`.L12_0`; not `.5`, a number): its
            // value, or a name defined later, as the expression reader takes it.
            b'.' if p + 1 < end && !s[p + 1].is_ascii_digit() => {
                let mut e = p + 1;
                while e < end && is_ident(s[e]) {
                    e += 1;
                }
                if !(e == end || s[e] == b',') {
                    return false;
                }
                let name = c.text(p, e);
                p = e;
                o.kind = match syms.lookup_rel(name) {
                    Ok((Sym::Value(v), sec)) => {
                        o.rel = sec.is_some() && syms.rules == super::expr::Rules::Clrx;
                        OpKind::Const(v)
                    }
                    Ok((Sym::Reg(_), _)) => OpKind::Forward(name.to_string()),
                    Err(f) => OpKind::Forward(f),
                };
            }
            c0 if is_ident_start(c0) => {
                let mut e = p + 1;
                while e < end && is_ident(s[e]) {
                    e += 1;
                }
                match plain_reg(s, p, e, end, names) {
                    Some(reg) => {
                        p = reg.1;
                        o.kind = OpKind::Reg(reg.0);
                    }
                    // A modifier where an operand could start: the operands end here.
                    None if modifier_at(c, p) => {
                        ops.pop();
                        return true;
                    }
                    None => return false,
                }
            }
            _ => return false,
        }
        o.end = p;
        let mut q = p;
        blank(&mut q);
        if q == end {
            c.pos = q;
            return true;
        }
        if s[q] != b',' {
            // Only modifiers follow without a comma here (LLVM's optional commas are left
            // to the full reading).
            return is_ident_start(s[q]) && modifier_at(c, q);
        }
        p = q + 1;
        blank(&mut p);
        if p >= end {
            return false;
        }
    }
}

/// A decimal (no leading zero: that is octal) or `0x` hexadecimal integer at `p` that fits in
/// 64 bits, followed by `,`, a blank or the end; its value and end.
fn plain_int(s: &[u8], p: usize, end: usize) -> Option<(u64, usize)> {
    let (digits, radix) = if s[p..end].starts_with(b"0x") {
        (p + 2, 16)
    } else {
        (p, 10)
    };
    let mut e = digits;
    let mut v: u64 = 0;
    while e < end && s[e].is_ascii_hexdigit() && (radix == 16 || s[e].is_ascii_digit()) {
        v = v.wrapping_mul(radix).wrapping_add((s[e] as char).to_digit(16)? as u64);
        e += 1;
    }
    let n = e - digits;
    let fits = if radix == 16 { n <= 16 } else { n <= 19 };
    let octal = radix == 10 && n > 1 && s[digits] == b'0';
    (n > 0 && fits && !octal && (e == end || matches!(s[e], b',' | b' ' | b'\t'))).then_some((v, e))
}

/// A register at `p` whose name ends at `e` (lowercase: `v5`, `s[4:5]`, `vcc`...), followed by
/// `,`, a blank or the end: what [`register_in`] reads there, and its end.
fn plain_reg(s: &[u8], p: usize, e: usize, end: usize, names: &dyn RegNames) -> Option<(Reg, usize)> {
    let id = &s[p..e];
    if id.iter().any(|b| b.is_ascii_uppercase()) {
        return None;
    }
    let followed = |q: usize| q == end || matches!(s[q], b',' | b' ' | b'\t');
    let file = match id[0] {
        b'v' => Some((256u16, 256u16)),
        b's' => Some((0, names.sgprs())),
        _ => None,
    };
    match file {
        // `v5`, `s12`.
        Some((base, limit)) if (2..=5).contains(&id.len()) && id[1..].iter().all(u8::is_ascii_digit) => {
            let n = id[1..].iter().fold(0u16, |v, d| v * 10 + (d - b'0') as u16);
            (n < limit && followed(e)).then(|| {
                let reg = Reg {
                    code: base + n,
                    count: 1,
                    ranged: false,
                    any_width: false,
                    regvar: false,
                };
                (reg, e)
            })
        }
        // `v[0:3]`, `s[4:5]`, `s[7]`: plain indices, no blanks.
        Some((base, limit)) if id.len() == 1 => {
            let index = |q: usize| -> Option<(u16, usize)> {
                let mut r = q;
                while r < end && s[r].is_ascii_digit() && r - q < 4 {
                    r += 1;
                }
                let n = r - q;
                (n > 0 && !(n > 1 && s[q] == b'0') && r < end && matches!(s[r], b':' | b']'))
                    .then(|| (s[q..r].iter().fold(0u16, |v, d| v * 10 + (d - b'0') as u16), r))
            };
            if e >= end || s[e] != b'[' {
                return None;
            }
            let (a, q) = index(e + 1)?;
            let (b, q) = if s[q] == b':' { index(q + 1)? } else { (a, q) };
            (s[q] == b']' && a <= b && b < limit && followed(q + 1)).then(|| {
                let reg = Reg {
                    code: base + a,
                    count: b - a + 1,
                    ranged: true,
                    any_width: false,
                    regvar: false,
                };
                (reg, q + 1)
            })
        }
        // `v`/`s` with more (`vcc`, `scc`, `src_scc`), or another name: a named register; not
        // a name that another rule reads first (`ttmp`, `v12345`, `vcc_u!`).
        _ => {
            let name = std::str::from_utf8(id).ok()?;
            let numbered = |pre: &str| {
                name.strip_prefix(pre)
                    .is_some_and(|r| r.bytes().all(|b| b.is_ascii_digit()))
            };
            if numbered("v") || numbered("s") || name.starts_with("ttmp") || !followed(e) {
                return None;
            }
            if modifier_shape(name) && MODIFIER_NAMES.contains(&name) {
                return None;
            }
            let (code, count) = names.named(name)?;
            Some((
                Reg {
                    code,
                    count,
                    ranged: false,
                    any_width: false,
                    regvar: false,
                },
                e,
            ))
        }
    }
}

/// The statement's operands and modifiers as [`Assembler`](super::Assembler) reads them when
/// no operand has a special syntax: the reference that [`plain_operands`] is checked against.
#[cfg(debug_assertions)]
pub fn operands_in_full(
    c: &mut Cursor,
    names: &dyn RegNames,
    syms: &Symbols,
    commas: bool,
    ops: &mut Vec<Operand>,
    mods: &mut Vec<Modifier>,
) -> PRes<()> {
    if !c.at_end() {
        let mut first = true;
        while !(first && modifier_follows(c)) {
            first = false;
            c.ws();
            ops.push(operand(c, names, syms, false)?);
            let comma = c.eat(b',');
            if c.at_end() || modifier_follows(c) {
                break;
            }
            if !(comma || commas) {
                break;
            }
        }
        modifiers(c, syms, mods, commas)?;
    }
    Ok(())
}

/// Modifier names that can follow the operands.
const MODIFIER_NAMES: &[&str] = &[
    "clamp",
    "mul",
    "div",
    "omod",
    "op_sel",
    "vop3",
    "neg",
    "abs",
    "abs0",
    "abs1",
    "abs2",
    "neg0",
    "neg1",
    "neg2",
    "glc",
    "slc",
    "nv",
    "gds",
    "offen",
    "idxen",
    "addr64",
    "tfe",
    "format",
    "sdwa",
    "dpp",
    "dst_sel",
    "dst_unused",
    "src0_sel",
    "src1_sel",
    "quad_perm",
    "row_shl",
    "row_shr",
    "row_ror",
    "wave_shl",
    "wave_rol",
    "wave_shr",
    "wave_ror",
    "row_mirror",
    "row_half_mirror",
    "row_hmirror",
    "row_bcast",
    "row_bcast15",
    "row_bcast31",
    "row_mask",
    "bank_mask",
    "bound_ctrl",
    "dst_un",
    "sext",
    "dmask",
    "unorm",
    "da",
    "r128",
    "a16",
    "lwe",
    "d16",
    "high",
];

/// For each first letter of [`MODIFIER_NAMES`] (`a`..`z`), the lengths of the names with it
/// (bit n: length n).
const MODIFIER_SHAPES: [u32; 26] = {
    let mut t = [0u32; 26];
    let mut k = 0;
    while k < MODIFIER_NAMES.len() {
        let b = MODIFIER_NAMES[k].as_bytes();
        t[(b[0] - b'a') as usize] |= 1 << b.len();
        k += 1;
    }
    t
};

/// For each first letter of [`MODIFIER_NAMES`], the last bytes of the names with it (bit
/// `last & 63`): with [`MODIFIER_SHAPES`], this rules out most register names (`v100`, `s12`)
/// before any name is compared.
const MODIFIER_ENDS: [u64; 26] = {
    let mut t = [0u64; 26];
    let mut k = 0;
    while k < MODIFIER_NAMES.len() {
        let b = MODIFIER_NAMES[k].as_bytes();
        t[(b[0] - b'a') as usize] |= 1 << (b[b.len() - 1] & 63);
        k += 1;
    }
    t
};

/// Could `name` be one of [`MODIFIER_NAMES`] (first letter, length and last letter)?
fn modifier_shape(name: &str) -> bool {
    let b = name.as_bytes();
    let first = b.first().map_or(0, |c| c | 0x20);
    let last = b.last().map_or(0, |c| c | 0x20);
    first.is_ascii_lowercase()
        && b.len() < 32
        && MODIFIER_SHAPES[(first - b'a') as usize] & (1 << b.len()) != 0
        && MODIFIER_ENDS[(first - b'a') as usize] & (1 << (last & 63)) != 0
}

/// Does a modifier start at the cursor (a known modifier name not followed by `(`, or any
/// name followed by `:`)?
pub fn modifier_follows(c: &mut Cursor) -> bool {
    let save = c.pos;
    c.ws();
    // An operand that starts with a digit, a sign, `|` or `[`: no name to read.
    if c.pos >= c.end || !is_ident_start(c.s[c.pos]) {
        c.pos = save;
        return false;
    }
    let r = match c.ident() {
        Some((name, _)) => {
            c.ws();
            match c.peek() {
                // CLRX's scope path (`a::x`) is an operand.
                Some(b':') if c.peek_at(1) == Some(b':') => false,
                // `mul:2`, and CLRX's raw-field notes `vsrc2=0x1e5`.
                Some(b':' | b'=') => true,
                Some(b'(') => false,
                // Most names here are registers (`v5`, `s7`, `vcc`): the first letter and the
                // length rule them out without comparing names.
                _ if !modifier_shape(name) => false,
                _ => MODIFIER_NAMES.iter().any(|m| m.eq_ignore_ascii_case(name)),
            }
        }
        None => false,
    };
    c.pos = save;
    r
}

/// Does one of EXP's modifiers (`done`, `compr`, `vm`) start at the cursor? Not modifiers
/// elsewhere: `done` is a common label name.
pub fn exp_modifier_follows(c: &mut Cursor) -> bool {
    let save = c.pos;
    let r = c
        .ident()
        .is_some_and(|(name, _)| ["done", "compr", "vm"].iter().any(|m| m.eq_ignore_ascii_case(name)));
    c.pos = save;
    r
}

/// Parses the trailing modifiers (`clamp`, `mul:2`, `op_sel:[0,1]`, `neg:3`, `vop3`...);
/// `commas`: a comma may separate them (llvm-mc).
pub fn modifiers(c: &mut Cursor, syms: &Symbols, out: &mut Vec<Modifier>, commas: bool) -> PRes<()> {
    // (clrxasm reads a modifier's value at once, by the plain rules, in a `.rocm` source too)
    let mode = syms.sect_diffs.replace(super::expr::SectDiffs::Off);
    let r = modifiers_in(c, syms, out, commas);
    syms.sect_diffs.set(mode);
    r
}

fn modifiers_in(c: &mut Cursor, syms: &Symbols, out: &mut Vec<Modifier>, commas: bool) -> PRes<()> {
    loop {
        if commas {
            c.eat(b',');
        }
        c.ws();
        if c.pos >= c.end {
            return Ok(());
        }
        let start = c.pos;
        let Some((name, _)) = c.ident() else {
            return err(
                start,
                c.end,
                "unexpected text after the operands (modifiers are words like clamp or mul:2)",
            );
        };
        let name = name.to_ascii_lowercase();
        let eq = c.peek() == Some(b'=');
        let value = if c.eat(b':') || (eq && c.eat(b'=')) {
            c.ws();
            if name == "format" && c.eat(b'[') {
                let mut words = Vec::new();
                loop {
                    c.ws();
                    let from = c.pos;
                    while c
                        .peek()
                        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'@')
                    {
                        c.pos += 1;
                    }
                    words.push(String::from_utf8_lossy(&c.s[from..c.pos]).into_owned());
                    c.ws();
                    if c.eat(b']') {
                        break;
                    }
                    c.expect(b',', "between format names")?;
                }
                ModVal::Words(words)
            } else if c.eat(b'[') {
                let mut v = Vec::new();
                loop {
                    let e = Expr { syms, no_bar: false };
                    v.push(int_expr(&e, c)?);
                    if c.eat(b']') {
                        break;
                    }
                    c.expect(b',', "between list items")?;
                }
                ModVal::List(v)
            } else if SELECT_NAMES.contains(&name.as_str()) && c.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
                // SDWA selects by name (`dst_sel:WORD_1`, CLRX's `word1`).
                let (w, _) = c.ident().expect("a letter starts a name");
                ModVal::Words(vec![w.to_string()])
            } else if SELECT_NAMES.contains(&name.as_str()) && c.eat(b'@') {
                // CLRX's `dst_sel:@5`: the select by number.
                let e = Expr { syms, no_bar: false };
                ModVal::Words(vec![format!("@{}", int_expr(&e, c)?)])
            } else if name == "bound_ctrl"
                && c.peek().is_some_and(|b| b == b'0' || b == b'1')
                && c.peek_at(1) == Some(b':')
            {
                // CLRX's `bound_ctrl:0:1`: LLVM's spelling, then the bit.
                c.pos += 2;
                let e = Expr { syms, no_bar: false };
                ModVal::List(vec![int_expr(&e, c)?])
            } else if let Some(v) = swizzle_macro(c, syms)? {
                ModVal::Int(v)
            } else {
                let e = Expr { syms, no_bar: false };
                let vstart = c.pos;
                match e.parse(c)? {
                    EVal::Value(Value::Int(i)) => ModVal::Int(i),
                    EVal::Value(Value::Float(..)) => return err(vstart, c.pos, "expected an integer"),
                    EVal::Forward(symbol) => ModVal::Forward {
                        symbol,
                        start: vstart,
                        end: c.pos,
                    },
                }
            }
        } else {
            ModVal::None
        };
        out.push(Modifier {
            name,
            value,
            eq,
            start,
            end: c.pos,
        });
    }
}

/// The SDWA modifiers whose value is a name.
const SELECT_NAMES: [&str; 5] = ["dst_sel", "dst_unused", "dst_un", "src0_sel", "src1_sel"];

/// LLVM's `swizzle(...)` macro for DS_SWIZZLE_B32's offset (`offset:swizzle(QUAD_PERM,0,1,2,3)`,
/// `BITMASK_PERM,"01pi0"`, `SWAP,n`, `REVERSE,n`, `BROADCAST,size,lane`): its 16-bit value, or
/// `None` (cursor unmoved) when no macro starts here.
fn swizzle_macro(c: &mut Cursor, syms: &Symbols) -> PRes<Option<i64>> {
    let start = c.pos;
    match c.ident() {
        Some((id, _)) if id.eq_ignore_ascii_case("swizzle") && c.peek() == Some(b'(') => {}
        _ => {
            c.pos = start;
            return Ok(None);
        }
    }
    c.eat(b'(');
    c.ws();
    let kind = c.ident().map(|(k, _)| k.to_ascii_uppercase()).unwrap_or_default();
    let mut nums = Vec::new();
    let mut mask = None;
    while c.eat(b',') {
        c.ws();
        if c.eat(b'"') {
            let s = c.pos;
            while c.peek().is_some_and(|b| b != b'"') {
                c.pos += 1;
            }
            mask = Some(String::from_utf8_lossy(&c.s[s..c.pos]).into_owned());
            c.expect(b'"', "to close the mask")?;
        } else {
            nums.push(int_expr(&Expr { syms, no_bar: false }, c)?);
        }
        c.ws();
    }
    c.expect(b')', "to close swizzle(")?;
    let end = c.pos;
    let bad = |msg: &str| err(start, end, format!("swizzle: {msg}"));
    let pow2 = |v: i64, lo: i64, hi: i64| (lo..=hi).contains(&v) && (v as u64).is_power_of_two();
    let v = match (kind.as_str(), nums.as_slice(), &mask) {
        ("QUAD_PERM", [a, b, c2, d], None) if [a, b, c2, d].iter().all(|x| (0..4).contains(*x)) => {
            0x8000 | a | b << 2 | c2 << 4 | d << 6
        }
        ("QUAD_PERM", ..) => return bad("QUAD_PERM takes four lanes 0..3"),
        ("SWAP", [n], None) if pow2(*n, 1, 16) => 0x1f | n << 10,
        ("SWAP", ..) => return bad("SWAP takes a power of two 1..16"),
        ("REVERSE", [n], None) if pow2(*n, 2, 32) => 0x1f | (n - 1) << 10,
        ("REVERSE", ..) => return bad("REVERSE takes a power of two 2..32"),
        ("BROADCAST", [size, lane], None) if pow2(*size, 2, 32) && (0..*size).contains(lane) => {
            (0x20 - size) | lane << 5
        }
        ("BROADCAST", ..) => return bad("BROADCAST takes a group size (a power of two 2..32) and a lane in it"),
        ("BITMASK_PERM", [], Some(m)) if m.len() == 5 => {
            let (mut and, mut or, mut xor) = (0i64, 0i64, 0i64);
            for (k, ch) in m.bytes().enumerate() {
                let bit = 1 << (4 - k);
                match ch.to_ascii_lowercase() {
                    b'0' => {}
                    b'1' => or |= bit,
                    b'p' => and |= bit,
                    b'i' => {
                        and |= bit;
                        xor |= bit
                    }
                    _ => return bad("the mask has five of 0, 1, p, i"),
                }
            }
            and | or << 5 | xor << 10
        }
        ("BITMASK_PERM", ..) => return bad("BITMASK_PERM takes a mask of five of 0, 1, p, i in quotes"),
        _ => return bad("unknown mode (QUAD_PERM, BITMASK_PERM, SWAP, REVERSE, BROADCAST)"),
    };
    Ok(Some(v))
}
