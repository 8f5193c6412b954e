//! The special operand syntaxes of the scalar unit, written once for every instruction that
//! takes them: S_WAITCNT's counters, S_GETREG/S_SETREG's `hwreg()`, S_SENDMSG's `sendmsg()`,
//! the GPR index mode of S_SET_GPR_IDX_ON/MODE (`gpr_idx()`).
//!
//! Both dialects follow their oracles (clrxdisasm/clrxasm, llvm-mc 14), checked by
//! `tests/special.rs` against `tests/data/special-*.tsv` (`tools/special-oracle/gen.py`):
//!
//! - Printing gives the oracle disassembler's text. It returns false where the same tool's
//!   assembler cannot read that text back to the value (LLVM ignores bits outside the fields
//!   it knows; clrxasm cannot read its disassembler's `:0x...` suffix, a raw waitcnt number, or
//!   a message operation outside GS/GS_DONE): the caller then prints the instruction as data.
//! - Parsing takes what the dialect's assembler takes. In the CLRX dialect s_waitcnt, hwreg
//!   and sendmsg operands must use the syntax (clrxasm takes no plain number there); in LLVM
//!   a plain number or expression is always the raw value, which the caller reads.
//! - Leniency follows the assembler too, as warnings: clrxasm keeps the low bits of a counter,
//!   `@N` number or stream out of range, shifts a hwreg offset or size out of range in as is,
//!   and keeps the last of two values of a counter (llvm-mc does that silently: gcnkit warns
//!   anyway). Whatever llvm-mc rejects (a counter too large without `_sat`, a field out of
//!   range) stays an error in the LLVM dialect.
//! - Integer arguments are expressions of the caller's (symbols, operators) when it passes an
//!   [`Eval`]; both assemblers need their values known there (no forward symbols). Without
//!   one they are literals (decimal, `0x`, `0b`, octal with a leading 0, with a sign).

use std::fmt::Write;

use super::text::dec;
use super::Dialect;
use crate::arch::Arch;
use crate::syntax::Syntax;

/// Which special syntax an operand takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Kind {
    Waitcnt,
    Hwreg,
    Sendmsg,
    GprIdx,
}

/// A recognised but wrong special operand: a byte range of the parsed text and a message.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecErr {
    pub start: usize,
    pub end: usize,
    pub msg: String,
    pub help: Option<String>,
}

/// Appends the operand text of SIMM16 value `v` (or, for GprIdx of s_set_gpr_idx_on, the SSRC1
/// field value) in `syntax` on `arch`, as that dialect's disassembler prints it.
/// Returns false when that dialect's assembler cannot read the text back to `v` (the caller
/// then prints the whole instruction as data). Never panics for any u32; values above 16 bits
/// print their low 16 bits and return false.
pub fn print(out: &mut String, kind: Kind, arch: Arch, syntax: Syntax, v: u32) -> bool {
    let fits = v <= 0xffff;
    let v = v & 0xffff;
    let exact = match (kind, syntax) {
        (Kind::Waitcnt, Syntax::Clrx) => waitcnt_clrx(out, arch, v),
        (Kind::Waitcnt, Syntax::Llvm) => waitcnt_llvm(out, arch, v),
        (Kind::Hwreg, Syntax::Clrx) => hwreg_clrx(out, arch, v),
        (Kind::Hwreg, Syntax::Llvm) => hwreg_llvm(out, arch, v),
        (Kind::Sendmsg, Syntax::Clrx) => sendmsg_clrx(out, arch, v),
        (Kind::Sendmsg, Syntax::Llvm) => sendmsg_llvm(out, arch, v),
        (Kind::GprIdx, Syntax::Clrx) => hex(out, v),
        (Kind::GprIdx, Syntax::Llvm) => gpr_idx_llvm(out, v),
    };
    fits && exact
}

/// Evaluates an integer expression at the start of `text` (the caller's expression parser,
/// with the file's symbols): Ok((value, bytes used)) or an error (byte range within text).
/// `text` is one argument: it ends before the next `,` or the `)` closing the argument list,
/// so that a `&` between counters is never read as an operator.
pub type Eval<'a> = &'a dyn Fn(&str) -> Result<(i64, usize), SpecErr>;

/// A special operand read by [`parse_with`].
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    pub value: u32,
    /// The bytes of the text used, up to the last `)`.
    pub used: usize,
    /// What the dialect's assembler takes but warns about, with byte ranges in the text.
    pub warnings: Vec<SpecErr>,
}

/// Parses the special syntax of `kind` at the start of `text` (leading spaces allowed), its
/// integer arguments read by `eval` (literals only without it).
/// `Ok(None)`: the text does not start with this syntax and the dialect takes a plain
/// number/expression here (LLVM always; CLRX only for the GPR index mode). Err: the syntax
/// was recognised but is wrong, or (CLRX) a plain number stands where clrxasm takes only the
/// syntax. A waitcnt list is one operand: counters separated by spaces, `&` (both dialects) or
/// `,` (LLVM only); it ends before the first character that cannot continue it. Auto takes
/// what either dialect takes, LLVM's reading first.
pub fn parse_with(
    kind: Kind,
    arch: Arch,
    dialect: Dialect,
    text: &str,
    eval: Option<Eval>,
) -> Result<Option<Parsed>, SpecErr> {
    match dialect {
        Dialect::Clrx => parse_in(kind, arch, false, text, eval),
        Dialect::Llvm => parse_in(kind, arch, true, text, eval),
        Dialect::Auto => {
            // The union of what each assembler takes, never a mix of their grammars.
            let llvm = parse_in(kind, arch, true, text, eval);
            let Err(le) = llvm else { return llvm };
            match parse_in(kind, arch, false, text, eval) {
                Ok(Some(r)) => Ok(Some(r)),
                // The error of the dialect that read further is the more useful one.
                Err(ce) if ce.start > le.start => Err(ce),
                _ => Err(le),
            }
        }
    }
}

/// [`parse_with`] on literals, for callers that cannot report warnings: the first warning is
/// the error (the strict reading). Ok(Some((value, bytes used))).
pub fn parse(kind: Kind, arch: Arch, dialect: Dialect, text: &str) -> Result<Option<(u32, usize)>, SpecErr> {
    match parse_with(kind, arch, dialect, text, None)? {
        None => Ok(None),
        Some(Parsed { mut warnings, .. }) if !warnings.is_empty() => Err(warnings.swap_remove(0)),
        Some(p) => Ok(Some((p.value, p.used))),
    }
}

/// The plain numbers (`Ok(None)` of [`parse`]) the dialect's assembler takes for a 16-bit
/// field of `kind`, as (min, max): others it rejects or only warns about. None: it takes none
/// (clrxasm's waitcnt, hwreg, sendmsg). llvm-mc keeps the low 16 bits of any waitcnt value.
/// For the 8-bit SSRC1 of s_set_gpr_idx_on clrxasm takes -128 to 255.
pub fn raw_range(kind: Kind, dialect: Dialect) -> Option<(i64, i64)> {
    match (kind, dialect) {
        (Kind::GprIdx, Dialect::Clrx | Dialect::Auto) => Some((-0x8000, 0xffff)),
        (Kind::GprIdx, Dialect::Llvm) => Some((0, 15)),
        (_, Dialect::Clrx) => None,
        (Kind::Waitcnt, _) => Some((i64::MIN, i64::MAX)),
        _ => Some((0, 0xffff)),
    }
}

/// The named parts of a special value, for the JSON record: s_waitcnt's counters, hwreg's
/// register id, bit offset and size, sendmsg's message, operation and stream, the GPR index
/// mode's bits (an empty name: no such part).
pub fn parts(kind: Kind, arch: Arch, v: u32) -> [(&'static str, u32); 4] {
    match kind {
        Kind::Waitcnt => {
            let c = counters(arch, v);
            [("vmcnt", c[0]), ("expcnt", c[1]), ("lgkmcnt", c[2]), ("", 0)]
        }
        Kind::Hwreg => {
            let (id, off, size) = hwreg_fields(v);
            [("id", id), ("offset", off), ("size", size), ("", 0)]
        }
        Kind::Sendmsg => {
            let (msg, op, stream) = msg_fields(v);
            [("msg", msg), ("op", op), ("stream", stream), ("", 0)]
        }
        Kind::GprIdx => [
            ("src0", v & 1),
            ("src1", v >> 1 & 1),
            ("src2", v >> 2 & 1),
            ("dst", v >> 3 & 1),
        ],
    }
}

fn parse_in(kind: Kind, arch: Arch, llvm: bool, text: &str, eval: Option<Eval>) -> Result<Option<Parsed>, SpecErr> {
    let mut l = Lex {
        t: text,
        p: 0,
        eval,
        warnings: Vec::new(),
    };
    l.ws();
    let r = match kind {
        Kind::Waitcnt => waitcnt_parse(&mut l, arch, llvm),
        Kind::Hwreg => hwreg_parse(&mut l, arch, llvm),
        Kind::Sendmsg => sendmsg_parse(&mut l, arch, llvm),
        Kind::GprIdx => gpr_idx_parse(&mut l, llvm),
    }?;
    Ok(r.map(|(value, used)| Parsed {
        value,
        used,
        warnings: l.warnings,
    }))
}

// ------------------------------------------------------------------------------------------
// Arch sets of the name tables: one bit per arch index.

const ALL: u8 = 0b1111;
const VI_PLUS: u8 = 0b1100;
const GFX9: u8 = 0b1000;
/// Known to llvm-mc 14 only for later GPUs: named in errors, taken nowhere.
const NONE: u8 = 0;

fn on(set: u8, a: Arch) -> bool {
    set >> a.index() & 1 != 0
}

fn hex(out: &mut String, v: u32) -> bool {
    super::text::hex(out, v as u64);
    true
}

/// `name(n)`, without `fmt` (the printers' hot path).
fn call(out: &mut String, name: &str, n: u32) {
    out.push_str(name);
    out.push('(');
    dec(out, n);
    out.push(')');
}

// ------------------------------------------------------------------------------------------
// s_waitcnt: vmcnt [3:0] (GFX9 also [15:14] as bits 5:4), expcnt [6:4], lgkmcnt [11:8].

const COUNTERS: [&str; 3] = ["vmcnt", "expcnt", "lgkmcnt"];

/// The counter bits; every counter at its maximum (no wait) is the default of a list.
pub(super) fn waitcnt_mask(a: Arch) -> u32 {
    if a.is_gcn14() {
        0xcf7f
    } else {
        0x0f7f
    }
}

/// The largest value of counter `i` (vmcnt, expcnt, lgkmcnt) on `a`: no wait.
pub fn counter_max(a: Arch, i: usize) -> u32 {
    [if a.is_gcn14() { 63 } else { 15 }, 7, 15][i]
}

/// s_waitcnt's three counters (vmcnt, expcnt, lgkmcnt) in `v`.
pub fn counters(a: Arch, v: u32) -> [u32; 3] {
    let vm_hi = if a.is_gcn14() { v >> 10 & 0x30 } else { 0 };
    [v & 15 | vm_hi, v >> 4 & 7, v >> 8 & 15]
}

/// Which counters (vmcnt, expcnt, lgkmcnt) an S_WAITCNT value waits on: those not at their
/// maximum.
pub fn waits(a: Arch, v: u32) -> [(&'static str, bool); 3] {
    let c = counters(a, v);
    std::array::from_fn(|i| (COUNTERS[i], c[i] != counter_max(a, i)))
}

/// `v` with counter `i` (see [`counters`]) set to `n`.
pub(super) fn set_counter(a: Arch, v: u32, i: usize, n: u32) -> u32 {
    match i {
        0 if a.is_gcn14() => v & !0xc00f | n & 15 | (n & 0x30) << 10,
        0 => v & !15 | n & 15,
        1 => v & !0x70 | (n & 7) << 4,
        _ => v & !0xf00 | (n & 15) << 8,
    }
}

/// clrxdisasm: the counters not at their maximum joined by ` & ` (all three for exactly the
/// default value); other bits as a ` :0xVALUE` suffix, or the raw value when no counter shows.
fn waitcnt_clrx(out: &mut String, a: Arch, v: u32) -> bool {
    let mask = waitcnt_mask(a);
    let mut any = false;
    for (i, n) in counters(a, v).into_iter().enumerate() {
        if n != counter_max(a, i) || v == mask {
            out.push_str(if any { " & " } else { "" });
            call(out, COUNTERS[i], n);
            any = true;
        }
    }
    if v & !mask != 0 {
        out.push_str(if any { " :" } else { "" });
        hex(out, v);
    }
    v & !mask == 0
}

/// llvm-mc: the counters not at their maximum (all three when all are), space separated; other
/// bits are not shown.
fn waitcnt_llvm(out: &mut String, a: Arch, v: u32) -> bool {
    let c = counters(a, v);
    let all = (0..3).all(|i| c[i] == counter_max(a, i));
    let mut any = false;
    for (i, n) in c.into_iter().enumerate() {
        if n != counter_max(a, i) || all {
            out.push_str(if any { " " } else { "" });
            call(out, COUNTERS[i], n);
            any = true;
        }
    }
    v & !waitcnt_mask(a) == 0
}

fn waitcnt_parse(l: &mut Lex, a: Arch, llvm: bool) -> Result<Option<(u32, usize)>, SpecErr> {
    if !l.at_call() {
        return l.not_here(llvm, "expected vmcnt(N), expcnt(N) or lgkmcnt(N)");
    }
    let mut v = waitcnt_mask(a);
    let mut seen = [false; 3];
    loop {
        let (s, name) = l
            .ident()
            .ok_or_else(|| l.err_here("expected a counter name: vmcnt, expcnt or lgkmcnt"))?;
        let e = l.p;
        let (i, sat) = counter_name(name, llvm).ok_or_else(|| {
            let help = if llvm && counter_name(&name.to_ascii_lowercase(), true).is_some() {
                "LLVM takes counter names in lowercase"
            } else if !llvm && name.to_ascii_lowercase().ends_with("_sat") {
                "clrxasm has no saturating _sat counters"
            } else {
                "the counters are vmcnt, expcnt and lgkmcnt"
            };
            err(s, e, format!("unknown counter `{name}`"), Some(help))
        })?;
        if std::mem::replace(&mut seen[i], true) {
            // Both assemblers keep the last value (clrxasm warns, llvm-mc does not).
            l.warn(s, e, format!("{} given twice: the last value is kept", COUNTERS[i]));
        }
        l.ws();
        l.expect(b'(', || format!("expected '(' after {name}"))?;
        l.ws();
        let max = counter_max(a, i);
        let range = || format!("{} must be 0 to {max} on {}", COUNTERS[i], a.name());
        let n = if sat {
            // llvm-mc: a _sat counter out of range (negative too) waits for nothing.
            let (_, _, n) = l.value()?;
            if (0..=max as i64).contains(&n) {
                n as u32
            } else {
                max
            }
        } else if llvm {
            l.value_in(0, max as i64, range)? as u32
        } else {
            l.masked(max, range)?
        };
        l.ws();
        l.expect(b')', || "expected ')'".into())?;
        v = set_counter(a, v, i, n);
        let end = l.p;
        l.ws();
        match l.peek() {
            Some(b'&') => l.p += 1,
            Some(b',') if llvm => l.p += 1,
            Some(b',') => {
                return Err(err(
                    l.p,
                    l.p + 1,
                    "clrxasm takes no ',' between counters".into(),
                    Some("separate them with ' & ' or a space"),
                ))
            }
            Some(c) if is_ident_start(c) => continue,
            _ => return Ok(Some((v, end))),
        }
        l.ws();
        if !l.at_call() {
            return Err(l.err_here("expected a counter after the separator"));
        }
    }
}

/// The counter index of a name and whether it saturates (`vmcnt_sat`, LLVM only). CLRX takes
/// the names in any case, LLVM in lowercase.
fn counter_name(name: &str, llvm: bool) -> Option<(usize, bool)> {
    let (base, sat) = match name.strip_suffix("_sat") {
        Some(b) if llvm => (b, true),
        _ => (name, false),
    };
    let i = COUNTERS
        .iter()
        .position(|c| if llvm { *c == base } else { c.eq_ignore_ascii_case(base) })?;
    Some((i, sat))
}

// ------------------------------------------------------------------------------------------
// hwreg(): register id [5:0], bit offset [10:6], bit size - 1 [15:11].

/// clrxdisasm's register names by id (clrxasm takes them in any case, also with a `hwreg_`
/// prefix); ids without a name print as `@N`.
const HWREG_CLRX: [(&str, u8); 20] = [
    ("", NONE),
    ("mode", ALL),
    ("status", ALL),
    ("trapsts", ALL),
    ("hw_id", ALL),
    ("gpr_alloc", ALL),
    ("lds_alloc", ALL),
    ("ib_sts", ALL),
    ("pc_lo", ALL),
    ("pc_hi", ALL),
    ("inst_dw0", ALL),
    ("inst_dw1", ALL),
    ("ib_dbg0", ALL),
    ("ib_dbg1", VI_PLUS),
    ("flush_ib", GFX9),
    ("sh_mem_bases", GFX9),
    ("sq_shader_tba_lo", GFX9),
    ("sq_shader_tba_hi", GFX9),
    ("sq_shader_tma_lo", GFX9),
    ("sq_shader_tma_hi", GFX9),
];

/// Further names clrxasm takes (never printed).
const HWREG_CLRX_ALIASES: [(&str, u32, u8); 4] = [
    ("tba_lo", 16, GFX9),
    ("tba_hi", 17, GFX9),
    ("tma_lo", 18, GFX9),
    ("tma_hi", 19, GFX9),
];

/// llvm-mc 14's register names (exact case); others print as numbers.
const HWREG_LLVM: [(&str, u32, u8); 19] = [
    ("HW_REG_MODE", 1, ALL),
    ("HW_REG_STATUS", 2, ALL),
    ("HW_REG_TRAPSTS", 3, ALL),
    ("HW_REG_HW_ID", 4, ALL),
    ("HW_REG_GPR_ALLOC", 5, ALL),
    ("HW_REG_LDS_ALLOC", 6, ALL),
    ("HW_REG_IB_STS", 7, ALL),
    ("HW_REG_SH_MEM_BASES", 15, GFX9),
    ("HW_REG_TBA_LO", 16, NONE),
    ("HW_REG_TBA_HI", 17, NONE),
    ("HW_REG_TMA_LO", 18, NONE),
    ("HW_REG_TMA_HI", 19, NONE),
    ("HW_REG_FLAT_SCR_LO", 20, NONE),
    ("HW_REG_FLAT_SCR_HI", 21, NONE),
    ("HW_REG_XNACK_MASK", 22, NONE),
    ("HW_REG_HW_ID1", 23, NONE),
    ("HW_REG_HW_ID2", 24, NONE),
    ("HW_REG_POPS_PACKER", 25, NONE),
    ("HW_REG_SHADER_CYCLES", 29, NONE),
];

fn hwreg_fields(v: u32) -> (u32, u32, u32) {
    (v & 63, v >> 6 & 31, (v >> 11 & 31) + 1)
}

fn hwreg_clrx_name(a: Arch, id: u32) -> Option<&'static str> {
    HWREG_CLRX
        .get(id as usize)
        .filter(|(n, s)| !n.is_empty() && on(*s, a))
        .map(|(n, _)| *n)
}

/// clrxdisasm: always `hwreg(name|@N, offset, size)`.
fn hwreg_clrx(out: &mut String, a: Arch, v: u32) -> bool {
    let (id, off, size) = hwreg_fields(v);
    out.push_str("hwreg(");
    match hwreg_clrx_name(a, id) {
        Some(n) => out.push_str(n),
        None => {
            out.push('@');
            dec(out, id);
        }
    }
    out.push_str(", ");
    dec(out, off);
    out.push_str(", ");
    dec(out, size);
    out.push(')');
    true
}

/// llvm-mc: `hwreg(NAME|N)` for the whole register, else `hwreg(NAME|N, offset, size)`.
fn hwreg_llvm(out: &mut String, a: Arch, v: u32) -> bool {
    let (id, off, size) = hwreg_fields(v);
    out.push_str("hwreg(");
    match HWREG_LLVM.iter().find(|(_, i, s)| *i == id && on(*s, a)) {
        Some((n, ..)) => out.push_str(n),
        None => dec(out, id),
    }
    if off != 0 || size != 32 {
        out.push_str(", ");
        dec(out, off);
        out.push_str(", ");
        dec(out, size);
    }
    out.push(')');
    true
}

fn hwreg_parse(l: &mut Lex, a: Arch, llvm: bool) -> Result<Option<(u32, usize)>, SpecErr> {
    if !l.at_named_call("hwreg", llvm)? {
        return l.not_here(llvm, "expected hwreg(register, bit offset, bit size)");
    }
    let id = if llvm {
        hwreg_id_llvm(l, a)?
    } else {
        hwreg_id_clrx(l, a)?
    };
    l.ws();
    if llvm && l.peek() == Some(b')') {
        l.p += 1;
        return Ok(Some((id | 31 << 11, l.p)));
    }
    l.expect(b',', || "expected ',' and the bit offset".into())?;
    l.ws();
    let (os, oe, off) = l.value()?;
    l.ws();
    l.expect(b',', || "expected ',' and the bit size".into())?;
    l.ws();
    let (ss, se, size) = l.value()?;
    l.ws();
    l.expect(b')', || "expected ')'".into())?;
    let off_ok = (0..=31).contains(&off);
    let size_ok = (1..=32).contains(&size);
    if llvm && !off_ok {
        return Err(err(os, oe, "bit offset must be 0 to 31".into(), None));
    }
    if llvm && !size_ok {
        return Err(err(ss, se, "bit size must be 1 to 32".into(), None));
    }
    // clrxasm shifts the offset and size in unmasked: out of range, they spill into the
    // neighbouring fields (and past bit 15).
    let v = (id as u64 | (off as u64) << 6 | (size as u64).wrapping_sub(1) << 11) as u16 as u32;
    if !off_ok {
        l.warn(
            os,
            oe,
            format!("bit offset must be 0 to 31: {off} is shifted in unmasked, giving {v:#06x}"),
        );
    }
    if !size_ok {
        l.warn(
            ss,
            se,
            format!("bit size must be 1 to 32: {size} is shifted in unmasked, giving {v:#06x}"),
        );
    }
    Ok(Some((v, l.p)))
}

fn hwreg_id_clrx(l: &mut Lex, a: Arch) -> Result<u32, SpecErr> {
    if l.eat(b'@') {
        l.ws();
        return l.masked(63, || "register number must be 0 to 63".into());
    }
    let (s, name) = l.ident().ok_or_else(|| {
        l.err_token(
            "expected a register name or @N",
            "clrxasm writes a register number as @N",
        )
    })?;
    let lower = name.to_ascii_lowercase();
    let bare = lower.strip_prefix("hwreg_").unwrap_or(&lower);
    let by_id = (1..HWREG_CLRX.len() as u32).find(|&i| hwreg_clrx_name(a, i) == Some(bare));
    let alias = HWREG_CLRX_ALIASES
        .iter()
        .find(|(n, _, s)| *n == bare && on(*s, a))
        .map(|t| t.1);
    by_id.or(alias).ok_or_else(|| {
        let names: Vec<&str> = (1..HWREG_CLRX.len() as u32)
            .filter_map(|i| hwreg_clrx_name(a, i))
            .collect();
        err(
            s,
            l.p,
            format!("unknown hardware register `{name}` on {}", a.name()),
            Some(&names.join(", ")),
        )
    })
}

/// llvm-mc: a register name (a name wherever it is unavailable too), else an expression.
fn hwreg_id_llvm(l: &mut Lex, a: Arch) -> Result<u32, SpecErr> {
    if l.peek() == Some(b'@') {
        return Err(l.err_token("LLVM takes no '@' before a register number", "write hwreg(N, ...)"));
    }
    let (s, name) = (l.p, l.ident_text());
    if let Some((_, id, set)) = HWREG_LLVM.iter().find(|(n, ..)| *n == name) {
        l.p += name.len();
        return match on(*set, a) {
            true => Ok(*id),
            false => Err(err(s, l.p, format!("{name} is not available on {}", a.name()), None)),
        };
    }
    let n = l.name_or_value_in(
        0,
        63,
        || "register number must be 0 to 63".into(),
        |s, e, name| {
            let names: Vec<&str> = HWREG_LLVM.iter().filter(|t| on(t.2, a)).map(|t| t.0).collect();
            err(
                s,
                e,
                format!("unknown hardware register `{name}`"),
                Some(&names.join(", ")),
            )
        },
    )?;
    Ok(n as u32)
}

// ------------------------------------------------------------------------------------------
// sendmsg(): message [3:0], operation [6:4], stream [9:8].

const MSG_GS: u32 = 2;
const MSG_GS_DONE: u32 = 3;
const MSG_SYSMSG: u32 = 15;

/// clrxdisasm's message names by id (clrxasm takes them in any case, also with a `msg_`
/// prefix); ids without a name print as `@N`.
const MSG_CLRX: [(&str, u8); 16] = [
    ("", NONE),
    ("interrupt", ALL),
    ("gs", ALL),
    ("gs_done", ALL),
    ("savewave", VI_PLUS),
    ("stall_wave_gen", GFX9),
    ("halt_waves", GFX9),
    ("ordered_ps_done", GFX9),
    ("early_prim_dealloc", GFX9),
    ("gs_alloc_req", GFX9),
    ("get_doorbell", GFX9),
    ("", NONE),
    ("", NONE),
    ("", NONE),
    ("", NONE),
    ("system", ALL),
];

/// clrxdisasm's GS operations (clrxasm: also `emit_cut`, a `gs_op_` prefix, any case).
const GSOP_CLRX: [&str; 4] = ["nop", "cut", "emit", "emit-cut"];

/// llvm-mc 14's message names (exact case); a symbolic message is validated on the arch.
const MSG_LLVM: [(&str, u32, u8); 12] = [
    ("MSG_INTERRUPT", 1, ALL),
    ("MSG_GS", 2, ALL),
    ("MSG_GS_DONE", 3, ALL),
    ("MSG_SAVEWAVE", 4, VI_PLUS),
    ("MSG_STALL_WAVE_GEN", 5, GFX9),
    ("MSG_HALT_WAVES", 6, GFX9),
    ("MSG_ORDERED_PS_DONE", 7, GFX9),
    ("MSG_EARLY_PRIM_DEALLOC", 8, GFX9),
    ("MSG_GS_ALLOC_REQ", 9, GFX9),
    ("MSG_GET_DOORBELL", 10, GFX9),
    ("MSG_GET_DDID", 11, NONE),
    ("MSG_SYSMSG", 15, ALL),
];

const GSOP_LLVM: [&str; 4] = ["GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"];
const SYSOP_LLVM: [&str; 5] = [
    "",
    "SYSMSG_OP_ECC_ERR_INTERRUPT",
    "SYSMSG_OP_REG_RD",
    "SYSMSG_OP_HOST_TRAP_ACK",
    "SYSMSG_OP_TTRACE_PC",
];

/// The fields sendmsg() can write; LLVM's symbolic form does not show the other bits.
const MSG_FIELDS: u32 = 0x37f;

fn msg_fields(v: u32) -> (u32, u32, u32) {
    (v & 15, v >> 4 & 7, v >> 8 & 3)
}

fn msg_clrx_name(a: Arch, id: u32) -> Option<&'static str> {
    MSG_CLRX
        .get(id as usize)
        .filter(|(n, s)| !n.is_empty() && on(*s, a))
        .map(|(n, _)| *n)
}

fn msg_llvm_name(a: Arch, id: u32) -> Option<&'static str> {
    MSG_LLVM.iter().find(|(_, i, s)| *i == id && on(*s, a)).map(|t| t.0)
}

/// clrxdisasm: `sendmsg(name|@N)`; a GS operation (2 bits) follows for gs/gs_done, for
/// unnamed messages other than 0, and whenever bits [9:4] are set; the stream follows unless
/// both are 0. Bits outside those fields add ` :0xVALUE`. clrxasm reads back only messages
/// without an operation, and gs/gs_done with one (a stream only after an operation but nop).
fn sendmsg_clrx(out: &mut String, a: Arch, v: u32) -> bool {
    let (id, _, stream) = msg_fields(v);
    let gsop = v >> 4 & 3;
    let gs = id == MSG_GS || id == MSG_GS_DONE;
    let name = msg_clrx_name(a, id);
    out.push_str("sendmsg(");
    match name {
        Some(n) => out.push_str(n),
        None => {
            out.push('@');
            dec(out, id);
        }
    }
    let has_op = gs || (name.is_none() && id != 0) || v & 0x3f0 != 0;
    let mut illegal = 0xfff0;
    if has_op {
        out.push_str(", ");
        out.push_str(GSOP_CLRX[gsop as usize]);
        illegal = 0xfcc0;
        if gsop != 0 || stream != 0 {
            out.push_str(", ");
            dec(out, stream);
        }
    }
    out.push(')');
    if v & illegal != 0 {
        out.push_str(" :");
        hex(out, v);
    }
    v & illegal == 0 && (!has_op || gs && (gsop != 0 || stream == 0))
}

/// llvm-mc: symbolic when the message, operation and stream are valid for a symbolic message
/// (not showing bits outside the fields), else `sendmsg(id, op, stream)` when that is the whole
/// value, else the decimal value.
fn sendmsg_llvm(out: &mut String, a: Arch, v: u32) -> bool {
    let (id, op, stream) = msg_fields(v);
    match msg_llvm_name(a, id) {
        Some(name) if msg_valid_llvm(id, op, stream).is_ok() => {
            let _ = write!(out, "sendmsg({name}");
            if msg_takes_op(id) {
                let _ = write!(
                    out,
                    ", {}",
                    if id == MSG_SYSMSG {
                        SYSOP_LLVM[op as usize]
                    } else {
                        GSOP_LLVM[op as usize]
                    }
                );
                if msg_takes_stream(id, op) {
                    let _ = write!(out, ", {stream}");
                }
            }
            out.push(')');
            v & !MSG_FIELDS == 0
        }
        _ if v & !MSG_FIELDS == 0 => {
            let _ = write!(out, "sendmsg({id}, {op}, {stream})");
            true
        }
        _ => {
            let _ = write!(out, "{v}");
            true
        }
    }
}

fn msg_takes_op(id: u32) -> bool {
    matches!(id, MSG_GS | MSG_GS_DONE | MSG_SYSMSG)
}

fn msg_takes_stream(id: u32, op: u32) -> bool {
    (id == MSG_GS || id == MSG_GS_DONE) && op != 0
}

/// llvm-mc's checks of a symbolic message's operation and stream (the message is valid).
fn msg_valid_llvm(id: u32, op: u32, stream: u32) -> Result<(), &'static str> {
    let ops = match id {
        MSG_GS => 1..=3,
        MSG_GS_DONE => 0..=3,
        MSG_SYSMSG => 1..=4,
        _ => 0..=0,
    };
    if !ops.contains(&op) {
        return Err(match id {
            MSG_GS => "MSG_GS takes GS_OP_CUT, GS_OP_EMIT or GS_OP_EMIT_CUT",
            MSG_GS_DONE => "operation must be 0 to 3",
            MSG_SYSMSG => "MSG_SYSMSG takes SYSMSG_OP_ECC_ERR_INTERRUPT, SYSMSG_OP_REG_RD, SYSMSG_OP_HOST_TRAP_ACK or SYSMSG_OP_TTRACE_PC",
            _ => "this message takes no operation",
        });
    }
    if stream != 0 && !msg_takes_stream(id, op) {
        return Err("this message operation takes no stream");
    }
    Ok(())
}

fn sendmsg_parse(l: &mut Lex, a: Arch, llvm: bool) -> Result<Option<(u32, usize)>, SpecErr> {
    if !l.at_named_call("sendmsg", llvm)? {
        return l.not_here(llvm, "expected sendmsg(message[, operation[, stream]])");
    }
    let v = if llvm {
        sendmsg_body_llvm(l, a)?
    } else {
        sendmsg_body_clrx(l, a)?
    };
    l.ws();
    l.expect(b')', || "expected ')'".into())?;
    Ok(Some((v, l.p)))
}

/// clrxasm: `name|@N`; gs and gs_done (also as @2, @3) then need `, op`, and an operation
/// other than nop needs `, stream`; other messages take nothing more.
fn sendmsg_body_clrx(l: &mut Lex, a: Arch) -> Result<u32, SpecErr> {
    let id = if l.eat(b'@') {
        l.ws();
        l.masked(15, || "message number must be 0 to 15".into())?
    } else {
        let (s, name) = l
            .ident()
            .ok_or_else(|| l.err_token("expected a message name or @N", "clrxasm writes a message number as @N"))?;
        let lower = name.to_ascii_lowercase();
        let bare = lower.strip_prefix("msg_").unwrap_or(&lower);
        let bare = if bare == "sysmsg" { "system" } else { bare };
        (0..16).find(|&i| msg_clrx_name(a, i) == Some(bare)).ok_or_else(|| {
            let names: Vec<&str> = (0..16).filter_map(|i| msg_clrx_name(a, i)).collect();
            err(
                s,
                l.p,
                format!("unknown message `{name}` on {}", a.name()),
                Some(&names.join(", ")),
            )
        })?
    };
    l.ws();
    if id != MSG_GS && id != MSG_GS_DONE {
        if l.peek() == Some(b',') {
            return Err(l.err_token(
                "this message takes no operation in clrxasm",
                "only gs and gs_done take one",
            ));
        }
        return Ok(id);
    }
    l.expect(b',', || {
        "gs and gs_done need an operation: nop, cut, emit or emit-cut".into()
    })?;
    l.ws();
    let op = if l.eat(b'@') {
        l.ws();
        l.masked(7, || "operation must be 0 to 7".into())?
    } else {
        let (s, name) = l
            .ident()
            .ok_or_else(|| l.err_token("expected a GS operation", "nop, cut, emit or emit-cut"))?;
        let lower = name.to_ascii_lowercase();
        let bare = lower.strip_prefix("gs_op_");
        let mut op = ["nop", "cut", "emit", "emit_cut"]
            .iter()
            .position(|n| Some(*n) == bare.or(Some(&lower)));
        // `emit-cut`, unprefixed only: the name ends at the '-'.
        if bare.is_none()
            && op == Some(2)
            && l.rest()
                .as_bytes()
                .get(..4)
                .is_some_and(|b| b.eq_ignore_ascii_case(b"-cut"))
        {
            l.p += 4;
            op = Some(3);
        }
        op.ok_or_else(|| {
            err(
                s,
                l.p,
                format!("unknown GS operation `{name}`"),
                Some("nop, cut, emit or emit-cut"),
            )
        })? as u32
    };
    l.ws();
    if op == 0 {
        return Ok(id);
    }
    l.expect(b',', || "expected ',' and the stream (0 to 3)".into())?;
    l.ws();
    let stream = l.masked(3, || "stream must be 0 to 3".into())?;
    Ok(id | op << 4 | stream << 8)
}

/// llvm-mc: `MSG_NAME|id[, OP_NAME|op[, stream]]`; a symbolic message is checked strictly
/// (valid on the arch, operation as the message needs), a numeric one only for field width.
fn sendmsg_body_llvm(l: &mut Lex, a: Arch) -> Result<u32, SpecErr> {
    if l.peek() == Some(b'@') {
        return Err(l.err_token("LLVM takes no '@' before a message number", "write sendmsg(N, ...)"));
    }
    let (ms, name) = (l.p, l.ident_text());
    let (id, symbolic) = match MSG_LLVM.iter().find(|t| t.0 == name) {
        Some((_, id, set)) if on(*set, a) => (*id, true),
        Some(_) => {
            let e = ms + name.len();
            return Err(err(ms, e, format!("{name} is not available on {}", a.name()), None));
        }
        None => {
            let n = l.name_or_value_in(
                0,
                15,
                || "message number must be 0 to 15".into(),
                |s, e, name| {
                    let names: Vec<&str> = MSG_LLVM.iter().filter(|t| on(t.2, a)).map(|t| t.0).collect();
                    err(s, e, format!("unknown message `{name}`"), Some(&names.join(", ")))
                },
            )?;
            (n as u32, false)
        }
    };
    if symbolic {
        l.p += name.len();
    }
    let msg_end = l.p;
    l.ws();
    // The operation and the stream when given, each with its byte range.
    let (mut op, mut stream) = (None, None);
    if l.eat(b',') {
        l.ws();
        let (s, names) = (
            l.p,
            if id == MSG_SYSMSG {
                &SYSOP_LLVM[1..]
            } else {
                &GSOP_LLVM[..]
            },
        );
        let name = l.ident_text();
        let n = match names.iter().position(|n| *n == name && !name.is_empty()) {
            Some(k) => {
                l.p += name.len();
                k as u32 + (id == MSG_SYSMSG) as u32
            }
            None => l.name_or_value_in(
                0,
                7,
                || "operation must be 0 to 7".into(),
                |s, e, _| {
                    err(
                        s,
                        e,
                        "unknown operation for this message".into(),
                        Some(&names.join(", ")),
                    )
                },
            )? as u32,
        };
        op = Some((n, s, l.p));
        l.ws();
        if l.eat(b',') {
            l.ws();
            let s = l.p;
            stream = Some((l.value_in(0, 3, || "stream must be 0 to 3".into())? as u32, s, l.p));
        }
    }
    let op_given = op.is_some();
    let (op, os, oe) = op.unwrap_or((0, ms, msg_end));
    if symbolic {
        // llvm-mc's checks, in its order.
        if msg_takes_op(id) != op_given {
            let msg = if op_given {
                "this message takes no operation"
            } else {
                "this message needs an operation"
            };
            return Err(err(os, oe, msg.into(), None));
        }
        if let Some((_, ss, se)) = stream.filter(|_| !msg_takes_stream(id, op) && msg_valid_llvm(id, op, 0).is_ok()) {
            return Err(err(ss, se, "this message operation takes no stream".into(), None));
        }
        msg_valid_llvm(id, op, stream.map_or(0, |t| t.0)).map_err(|m| err(os, oe, m.into(), None))?;
    }
    Ok(id | op << 4 | stream.map_or(0, |t| t.0) << 8)
}

// ------------------------------------------------------------------------------------------
// gpr_idx(): the VGPR index mode bits SRC0, SRC1, SRC2, DST (LLVM only; CLRX takes a number).

const GPR_IDX: [&str; 4] = ["SRC0", "SRC1", "SRC2", "DST"];

/// llvm-mc: `gpr_idx(SRC0,DST)` for 4-bit values, hex otherwise (which it cannot read back).
fn gpr_idx_llvm(out: &mut String, v: u32) -> bool {
    if v > 15 {
        hex(out, v);
        return false;
    }
    out.push_str("gpr_idx(");
    for (k, n) in GPR_IDX.iter().enumerate().filter(|(k, _)| v >> k & 1 != 0) {
        out.push_str(if v & ((1 << k) - 1) != 0 { "," } else { "" });
        out.push_str(n);
    }
    out.push(')');
    true
}

fn gpr_idx_parse(l: &mut Lex, llvm: bool) -> Result<Option<(u32, usize)>, SpecErr> {
    if !llvm {
        if l.at_call() && l.ident_text().eq_ignore_ascii_case("gpr_idx") {
            return Err(l.err_token(
                "clrxasm takes the index mode as a number",
                "SRC0=1, SRC1=2, SRC2=4, DST=8: 9 is gpr_idx(SRC0,DST)",
            ));
        }
        return Ok(None);
    }
    if !l.at_named_call("gpr_idx", true)? {
        return Ok(None);
    }
    let mut v = 0;
    l.ws();
    if l.eat(b')') {
        return Ok(Some((0, l.p)));
    }
    loop {
        let (s, name) = l
            .ident()
            .ok_or_else(|| l.err_here("expected SRC0, SRC1, SRC2 or DST"))?;
        let k = GPR_IDX.iter().position(|n| *n == name).ok_or_else(|| {
            let help = if GPR_IDX.iter().any(|n| n.eq_ignore_ascii_case(name)) {
                "LLVM takes them in uppercase"
            } else {
                "SRC0, SRC1, SRC2 or DST"
            };
            err(s, l.p, format!("unknown index mode `{name}`"), Some(help))
        })?;
        if v >> k & 1 != 0 {
            return Err(err(s, l.p, format!("{name} given twice"), None));
        }
        v |= 1 << k;
        l.ws();
        if l.eat(b')') {
            return Ok(Some((v, l.p)));
        }
        l.expect(b',', || "expected ',' or ')'".into())?;
        l.ws();
    }
}

// ------------------------------------------------------------------------------------------
// A small lexer over the operand text.

fn err(start: usize, end: usize, msg: String, help: Option<&str>) -> SpecErr {
    SpecErr {
        start,
        end,
        msg,
        help: help.map(str::to_string),
    }
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

struct Lex<'a> {
    t: &'a str,
    p: usize,
    /// The caller's expression reader for integer arguments (literals without it).
    eval: Option<Eval<'a>>,
    warnings: Vec<SpecErr>,
}

impl<'a> Lex<'a> {
    fn rest(&self) -> &'a str {
        &self.t[self.p..]
    }

    fn peek(&self) -> Option<u8> {
        self.t.as_bytes().get(self.p).copied()
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.p += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.peek() == Some(c);
        self.p += hit as usize;
        hit
    }

    fn expect(&mut self, c: u8, msg: impl FnOnce() -> String) -> Result<(), SpecErr> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(err(self.p, self.token_end(), msg(), None))
        }
    }

    /// The identifier at the cursor without moving ("" if none).
    fn ident_text(&self) -> &'a str {
        let b = self.rest().as_bytes();
        if b.first().is_some_and(|&c| is_ident_start(c)) {
            let n = b.iter().position(|&c| !is_ident(c)).unwrap_or(b.len());
            &self.rest()[..n]
        } else {
            ""
        }
    }

    fn ident(&mut self) -> Option<(usize, &'a str)> {
        let s = self.ident_text();
        let start = self.p;
        self.p += s.len();
        (!s.is_empty()).then_some((start, s))
    }

    /// An identifier followed by `(` (spaces between allowed): the start of every syntax here.
    fn at_call(&self) -> bool {
        let n = self.ident_text().len();
        n > 0 && self.rest()[n..].trim_start_matches([' ', '\t']).starts_with('(')
    }

    /// At `keyword(` (any case in CLRX; LLVM takes lowercase only, and other cases are an
    /// error there rather than an expression): consumes `keyword(`.
    fn at_named_call(&mut self, keyword: &str, llvm: bool) -> Result<bool, SpecErr> {
        let name = self.ident_text();
        if !self.at_call() || !name.eq_ignore_ascii_case(keyword) {
            return Ok(false);
        }
        if llvm && name != keyword {
            return Err(err(
                self.p,
                self.p + name.len(),
                format!("LLVM spells `{name}` in lowercase"),
                Some(keyword),
            ));
        }
        self.p += name.len();
        self.ws();
        self.p += 1;
        self.ws();
        Ok(true)
    }

    /// The end of the token at the cursor (for error ranges): up to a space, comma or paren.
    fn token_end(&self) -> usize {
        let b = self.rest().as_bytes();
        let n = b
            .iter()
            .position(|c| matches!(c, b' ' | b'\t' | b',' | b'(' | b')'))
            .unwrap_or(b.len());
        self.p + n.max(usize::from(!b.is_empty() && n == 0))
    }

    fn err_here(&self, msg: &str) -> SpecErr {
        err(self.p, self.token_end(), msg.into(), None)
    }

    fn err_token(&self, msg: &str, help: &str) -> SpecErr {
        err(self.p, self.token_end(), msg.into(), Some(help))
    }

    /// Not the syntax: LLVM reads a plain number or expression instead, clrxasm nothing.
    fn not_here(&self, llvm: bool, msg: &str) -> Result<Option<(u32, usize)>, SpecErr> {
        if llvm {
            Ok(None)
        } else {
            Err(self.err_token(msg, "clrxasm takes no plain number here"))
        }
    }

    /// An integer literal with an optional sign: decimal, 0x hex, 0b binary, 0-prefixed octal,
    /// up to 64 bits. Returns its byte range and value.
    fn int(&mut self) -> Result<(usize, usize, i64), SpecErr> {
        let start = self.p;
        let neg = self.peek() == Some(b'-');
        if matches!(self.peek(), Some(b'-' | b'+')) {
            self.p += 1;
        }
        let b = self.rest().as_bytes();
        let (radix, skip) = match b {
            [b'0', b'x' | b'X', ..] => (16, 2),
            [b'0', b'b' | b'B', ..] => (2, 2),
            [b'0', b'0'..=b'9', ..] => (8, 1),
            [b'0'..=b'9', ..] => (10, 0),
            _ => return Err(err(start, self.token_end(), "expected an integer".into(), None)),
        };
        let digits = &b[skip..];
        let n = digits
            .iter()
            .position(|c| !c.is_ascii_alphanumeric() && *c != b'_' && *c != b'.')
            .unwrap_or(digits.len());
        self.p += skip + n;
        let text = &self.t[self.p - n..self.p];
        let bad = || {
            err(
                start,
                self.p,
                format!("invalid number `{}`", &self.t[start..self.p]),
                None,
            )
        };
        if n == 0
            || !text
                .bytes()
                .all(|c| c.is_ascii_digit() || radix == 16 && c.is_ascii_hexdigit())
        {
            return Err(bad());
        }
        let mag = u64::from_str_radix(text, radix).map_err(|_| bad())?;
        let after = self.rest().trim_start_matches([' ', '\t']);
        if after.starts_with(['+', '-', '*', '/', '%', '|', '&', '^', '<', '>']) {
            let at = self.t.len() - after.len();
            return Err(err(
                at,
                at + 1,
                "expected a plain integer, not an expression".into(),
                None,
            ));
        }
        // 64-bit two's complement, as both assemblers compute (2^64-1 is -1).
        let n = mag as i64;
        Ok((start, self.p, if neg { n.wrapping_neg() } else { n }))
    }

    fn warn(&mut self, start: usize, end: usize, msg: String) {
        self.warnings.push(err(start, end, msg, None));
    }

    /// Where the argument at the cursor ends: at the next `,` or unmatched `)` outside
    /// parentheses it opens, or at the end of the text.
    fn arg_end(&self) -> usize {
        let mut depth = 0usize;
        for (k, c) in self.rest().bytes().enumerate() {
            match c {
                b'(' => depth += 1,
                b')' if depth == 0 => return self.p + k,
                b')' => depth -= 1,
                b',' if depth == 0 => return self.p + k,
                _ => {}
            }
        }
        self.t.len()
    }

    /// An integer argument and its byte range: the caller's expression when there is an
    /// `eval` (given the argument alone, see [`Eval`]), else a literal.
    fn value(&mut self) -> Result<(usize, usize, i64), SpecErr> {
        let Some(eval) = self.eval else {
            return self.int();
        };
        let (start, stop) = (self.p, self.arg_end());
        let arg = &self.t[start..stop];
        match eval(arg) {
            // A value must use some of the argument (and end on a character).
            Ok((n, used)) if used > 0 && arg.is_char_boundary(used) => {
                self.p = start + used;
                Ok((start, self.p, n))
            }
            Ok(_) => Err(err(
                start,
                self.token_end(),
                "expected an integer expression".into(),
                None,
            )),
            Err(e) => {
                // Moved into our text, whatever `eval` returned.
                let at = |p: usize| start + Some(p.min(arg.len())).filter(|&p| arg.is_char_boundary(p)).unwrap_or(0);
                let (s, end) = (at(e.start), at(e.end));
                Err(SpecErr {
                    start: s,
                    end: end.max(s),
                    ..e
                })
            }
        }
    }

    /// An integer argument in `lo..=hi`, else an error naming the limits.
    fn value_in(&mut self, lo: i64, hi: i64, msg: impl FnOnce() -> String) -> Result<i64, SpecErr> {
        let (s, e, n) = self.value()?;
        match (lo..=hi).contains(&n) {
            true => Ok(n),
            false => Err(err(s, e, msg(), None)),
        }
    }

    /// clrxasm's reading of a field of `max` (all ones): the low bits of any value, with a
    /// warning (`msg` names the limits) when that loses some (a negative value too).
    fn masked(&mut self, max: u32, msg: impl FnOnce() -> String) -> Result<u32, SpecErr> {
        let (s, e, n) = self.value()?;
        let kept = n as u64 & max as u64;
        if n as u64 != kept {
            self.warn(s, e, format!("{}: {n} truncated to {kept}", msg()));
        }
        Ok(kept as u32)
    }

    /// llvm-mc's argument that is a name or an expression, at no name it knows: the value in
    /// `lo..=hi`. A lone identifier that is no value (no `eval`, or no symbol defined) gets
    /// `unknown(start, end, name)`: the names are the likelier intent.
    fn name_or_value_in(
        &mut self,
        lo: i64,
        hi: i64,
        msg: impl FnOnce() -> String,
        unknown: impl FnOnce(usize, usize, &str) -> SpecErr,
    ) -> Result<i64, SpecErr> {
        let (s, name) = (self.p, self.ident_text());
        let e = s + name.len();
        let after = self.t[e..].trim_start_matches([' ', '\t']);
        let lone = !name.is_empty() && (after.is_empty() || after.starts_with([',', ')']));
        if !name.is_empty() && self.eval.is_none() {
            return Err(unknown(s, e, name));
        }
        let (vs, ve, n) = match self.value() {
            Err(_) if lone => return Err(unknown(s, e, name)),
            r => r?,
        };
        match (lo..=hi).contains(&n) {
            true => Ok(n),
            false => Err(err(vs, ve, msg(), None)),
        }
    }
}
