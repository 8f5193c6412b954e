//! CLRX's data pseudo-ops, with clrxasm's semantics (found with clrxasm 0.1.9): integers
//! (`.byte .short .hword .word .int .long .quad .octa`), floats (`.half .float .single
//! .double`), strings (`.ascii .asciz .string .string16 .string32 .string64`), fills (`.fill
//! .fillq .skip .space`), alignment (`.align .balign .p2align .balignw .balignl`), `.org`,
//! `.incbin` and the absolute section of `.struct`/`.offset`.
//!
//! In `.text` CLRX data need not fill whole words (`.byte 1` then an instruction at byte 1):
//! such bytes make items shorter than a word ([`super::Item::byte_len`]), merged as more bytes
//! come. A value that does not fit its width is kept truncated, with clrxasm's warning; an empty
//! value (`.int 1,,2`) is 0, with a warning; a symbol defined later is patched when it is.

use super::parse::{Cursor, EVal, Expr, PErr, Value};
use super::select::{Fixup, FixupKind};
use super::{Assembler, Item, Pending};
use crate::diag::Severity;

/// Name of the absolute section of `.struct`/`.offset` (not a section of the output).
pub(super) const ABSOLUTE: &str = "\u{1}absolute";

/// `s_nop 0`, which fills alignment in code.
const NOP: u32 = 0xbf80_0000;

/// Does `v` fit `bits` bits as a signed or an unsigned number (clrxasm's range check)?
fn fits(v: i64, bits: u32) -> bool {
    bits == 0 || bits >= 64 || (v >= -(1i64 << (bits - 1)) && v <= ((1u64 << bits) - 1) as i64)
}

/// `v` truncated to `bits` bits.
fn truncate(v: i64, bits: u32) -> u64 {
    if bits >= 64 {
        v as u64
    } else {
        v as u64 & ((1u64 << bits) - 1)
    }
}

/// clrxasm's warning for a value that does not fit `bits` bits.
pub(super) fn truncation(v: i64, bits: u32) -> Option<String> {
    (!fits(v, bits)).then(|| format!("value {:#x} truncated to {:#x}", v as u64, truncate(v, bits)))
}

/// A CLRX float literal at the cursor: `[+-]` then `inf`/`nan` (any case), a hexadecimal
/// float (`0x1.8p1`, the exponent optional) or a decimal one (`1.5e3`, `010` is ten). Returns
/// its text (sign included) and whether it is hexadecimal.
fn float_literal(c: &mut Cursor) -> Result<(String, bool), PErr> {
    c.ws();
    let (s, end, start) = (c.s, c.end.min(c.s.len()), c.pos);
    let mut p = start;
    if p < end && matches!(s[p], b'+' | b'-') {
        p += 1;
    }
    let word = |q: usize, w: &[u8]| q + w.len() <= end && s[q..q + w.len()].eq_ignore_ascii_case(w);
    if word(p, b"inf") || word(p, b"nan") {
        c.pos = p + 3;
        return Ok((String::from_utf8_lossy(&s[start..p + 3]).into_owned(), false));
    }
    let hex = p + 1 < end && s[p] == b'0' && (s[p + 1] | 0x20) == b'x';
    let digit = |b: u8| if hex { b.is_ascii_hexdigit() } else { b.is_ascii_digit() };
    let mut q = if hex { p + 2 } else { p };
    let d0 = q;
    while q < end && digit(s[q]) {
        q += 1;
    }
    let mut digits = q - d0;
    if q < end && s[q] == b'.' {
        q += 1;
        let f0 = q;
        while q < end && digit(s[q]) {
            q += 1;
        }
        digits += q - f0;
    }
    if digits == 0 {
        return Err(PErr {
            start,
            end: (q + 1).min(end.max(start + 1)),
            msg: "a floating-point literal without digits".into(),
            help: None,
        });
    }
    let exp = if hex { b'p' } else { b'e' };
    if q < end && (s[q] | 0x20) == exp {
        let mut r = q + 1;
        if r < end && matches!(s[r], b'+' | b'-') {
            r += 1;
        }
        let e0 = r;
        while r < end && s[r].is_ascii_digit() {
            r += 1;
        }
        if r == e0 {
            return Err(PErr {
                start,
                end: r.max(start + 1),
                msg: "a floating-point literal ends at its exponent".into(),
                help: None,
            });
        }
        q = r;
    }
    c.pos = q;
    Ok((String::from_utf8_lossy(&s[start..q]).into_owned(), hex))
}

/// The value of a hexadecimal float's text (`-0x1.8p1`, `0x10`), rounded once to a double.
fn hex_value(text: &str) -> f64 {
    let (neg, t) = match text.as_bytes()[0] {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let t = &t[2..];
    let (mant, exp) = match t.find(['p', 'P']) {
        Some(k) => (&t[..k], t[k + 1..].parse::<i64>().unwrap_or(0)),
        None => (t, 0),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    // The digits as an integer (the first 16 significant ones, the rest as a sticky bit).
    let mut m: u64 = 0;
    let mut e = exp;
    let mut sticky = false;
    let mut n = 0;
    for (k, ch) in int.chars().chain(frac.chars()).enumerate() {
        let d = ch.to_digit(16).unwrap_or(0) as u64;
        if k >= int.len() {
            e -= 4;
        }
        if n < 15 {
            if m != 0 || d != 0 {
                n += 1;
            }
            m = m << 4 | d;
        } else {
            sticky |= d != 0;
            if k < int.len() {
                e += 4;
            }
        }
    }
    let m = m << 1 | sticky as u64;
    let v = (m as f64) * 2f64.powi((e - 1).clamp(-2000, 2000) as i32);
    if neg {
        -v
    } else {
        v
    }
}

/// A float literal's value as a double; `inf`/`nan` as such.
fn literal_value(text: &str, hex: bool) -> f64 {
    if hex {
        return hex_value(text);
    }
    let t = text.to_ascii_lowercase();
    match t.trim_start_matches(['+', '-']) {
        "nan" => {
            if t.starts_with('-') {
                -f64::NAN
            } else {
                f64::NAN
            }
        }
        _ => t.parse::<f64>().unwrap_or(0.0),
    }
}

/// The half-precision bits of `x`, rounded to nearest even (`None`: too big).
pub(super) fn f16_bits(x: f64) -> Option<u16> {
    let b = x.to_bits();
    let sign = ((b >> 48) & 0x8000) as u16;
    if x.is_nan() {
        return Some(sign | 0x7e00);
    }
    if x.is_infinite() {
        return Some(sign | 0x7c00);
    }
    let a = x.abs();
    if a >= 65520.0 {
        return None;
    }
    // Multiples of 2^-24 below 2^-14 (subnormals), else 10 bits of mantissa; the exponent
    // from the double's own bits (subnormal doubles are far below 2^-14).
    let e = (((a.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(-14);
    let scale = 2f64.powi(10 - e);
    let m = a * scale; // exact: a power-of-two scaling
    let r = m.round_ties_even();
    let mut bits = if e == -14 && r < 1024.0 {
        r as u32
    } else {
        ((e + 15) as u32) << 10 | (r as u32 - 1024)
    };
    if r >= 2048.0 {
        // Rounded up to the next binade.
        bits = ((e + 16) as u32) << 10;
    }
    Some(sign | bits as u16)
}

/// Bytes of the string literals of `.ascii` and its kin: `"a\n", "b"` with C's escapes as
/// clrxasm reads them (`\xHH...` keeps the last two digits, `\ooo` up to three octal digits).
fn strings(c: &mut Cursor) -> Result<Vec<Vec<u8>>, PErr> {
    let mut out = Vec::new();
    let (s, end) = (c.s, c.end.min(c.s.len()));
    loop {
        c.ws();
        if c.pos >= end {
            if out.is_empty() {
                return Ok(out);
            }
            return Err(PErr {
                start: c.pos,
                end: c.pos + 1,
                msg: "expected a string after ','".into(),
                help: None,
            });
        }
        let start = c.pos;
        if s[start] != b'"' {
            return Err(PErr {
                start,
                end: start + 1,
                msg: "expected a string in double quotes".into(),
                help: None,
            });
        }
        let mut k = start + 1;
        let mut v = Vec::new();
        loop {
            let Some(&ch) = s.get(k).filter(|_| k < end) else {
                return Err(PErr {
                    start,
                    end,
                    msg: "unterminated string".into(),
                    help: None,
                });
            };
            k += 1;
            match ch {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = s.get(k).filter(|_| k < end) else {
                        continue;
                    };
                    k += 1;
                    v.push(match e {
                        b'a' => 7,
                        b'b' => 8,
                        b't' => 9,
                        b'n' => 10,
                        b'v' => 11,
                        b'f' => 12,
                        b'r' => 13,
                        b'x' | b'X' => {
                            let d0 = k;
                            let mut x = 0u32;
                            while k < end && s[k].is_ascii_hexdigit() {
                                x = (x << 4 | (s[k] as char).to_digit(16).unwrap_or(0)) & 0xff;
                                k += 1;
                            }
                            if k == d0 {
                                return Err(PErr {
                                    start: k - 2,
                                    end: k,
                                    msg: "expected a hexadecimal character code after \\x".into(),
                                    help: None,
                                });
                            }
                            x as u8
                        }
                        b'0'..=b'7' => {
                            let d0 = k - 1;
                            let mut x = (e - b'0') as u32;
                            while k < end && k < d0 + 3 && (b'0'..=b'7').contains(&s[k]) {
                                x = x * 8 + (s[k] - b'0') as u32;
                                k += 1;
                            }
                            if x > 255 {
                                return Err(PErr {
                                    start: d0 - 1,
                                    end: k,
                                    msg: "octal code out of range".into(),
                                    help: None,
                                });
                            }
                            x as u8
                        }
                        other => other,
                    });
                }
                other => v.push(other),
            }
        }
        c.pos = k;
        out.push(v);
        if !c.eat(b',') {
            return Ok(out);
        }
    }
}

/// One CLRX string literal (`.print`, `.error`, `.ifeqs`): its bytes, or the error.
pub(super) fn one_string(c: &mut Cursor) -> Result<Vec<u8>, PErr> {
    c.ws();
    let save = c.end;
    // One string only: a comma after it is the caller's.
    let (s, end) = (c.s, c.end.min(c.s.len()));
    let mut k = c.pos;
    if k < end && s[k] == b'"' {
        k += 1;
        while k < end && s[k] != b'"' {
            k += if s[k] == b'\\' { 2 } else { 1 };
        }
        c.end = (k + 1).min(end);
    }
    let r = strings(c);
    c.end = save;
    match r {
        Ok(mut v) if v.len() == 1 => Ok(v.remove(0)),
        Ok(_) => {
            let p = c.pos;
            Err(PErr {
                start: p,
                end: p + 1,
                msg: "expected a string in double quotes".into(),
                help: None,
            })
        }
        Err(e) => Err(e),
    }
}

impl Assembler {
    /// In the absolute section of `.struct`/`.offset` (only labels and the counter there).
    pub(super) fn in_absolute(&self) -> bool {
        self.section != 0 && self.sections[self.section].0 == ABSOLUTE
    }

    /// The CLRX data pseudo-ops; returns whether `name` was one.
    pub(super) fn clrx_data(
        &mut self,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        match name {
            ".byte" => self.int_data(lineno, src, 1, c, end),
            ".short" | ".hword" => self.int_data(lineno, src, 2, c, end),
            ".int" | ".long" | ".word" => self.int_data(lineno, src, 4, c, end),
            ".quad" => self.int_data(lineno, src, 8, c, end),
            ".octa" => self.octa_data(lineno, src, c, end),
            ".half" => self.float_data(lineno, src, 2, c, end),
            ".float" | ".single" => self.float_data(lineno, src, 4, c, end),
            ".double" => self.float_data(lineno, src, 8, c, end),
            ".ascii" | ".asciz" | ".string" | ".string16" | ".string32" | ".string64" => {
                let width = match name {
                    ".string16" => 2,
                    ".string32" => 4,
                    ".string64" => 8,
                    _ => 1,
                };
                match strings(c) {
                    Ok(list) => {
                        if !c.at_end() {
                            let p = c.pos;
                            self.trailing(lineno, src, p, end);
                            return true;
                        }
                        let mut bytes = Vec::new();
                        for s in list {
                            for ch in s {
                                bytes.push(ch);
                                bytes.extend(std::iter::repeat_n(0, width - 1));
                            }
                            if name != ".ascii" {
                                bytes.extend(std::iter::repeat_n(0, width));
                            }
                        }
                        self.clrx_emit(lineno, src, span, &bytes);
                    }
                    Err(e) => self.diag(lineno, src, e),
                }
            }
            ".fill" | ".fillq" | ".skip" | ".space" => self.fill(lineno, src, name, span, c, end),
            ".align" | ".balign" | ".p2align" | ".balignw" | ".balignl" => {
                self.clrx_align(lineno, src, name, span, c, end)
            }
            ".org" => self.org(lineno, src, span, c, end),
            ".incbin" => self.incbin(lineno, src, span, c, end),
            ".struct" | ".offset" => {
                let p0 = c.pos;
                match self.abs_value(lineno, src, c, end) {
                    Some(Some(v)) => {
                        if !c.at_end() {
                            let p = c.pos;
                            self.trailing(lineno, src, p, end);
                            return true;
                        }
                        self.switch_section(ABSOLUTE);
                        self.offset = v as usize;
                    }
                    Some(None) => self.error_at(
                        lineno,
                        src,
                        (p0, end.max(p0 + 1)),
                        format!("{name} needs an expression"),
                    ),
                    None => {}
                }
            }
            _ => return false,
        }
        true
    }

    /// "Garbage at the end of the statement" at `p`; returns false (for `||` chains).
    fn trailing(&mut self, lineno: usize, src: &str, p: usize, end: usize) -> bool {
        self.error_at(
            lineno,
            src,
            (p, end.max(p + 1)),
            "unexpected text at the end of the statement".into(),
        );
        false
    }

    /// An absolute integer expression defined before it: `Some(Some(v))`; `Some(None)` when
    /// there is none (the cursor at a ',' or the end); `None` after an error (reported).
    pub(super) fn abs_value(&mut self, lineno: usize, src: &str, c: &mut Cursor, end: usize) -> Option<Option<i64>> {
        self.value_here(lineno, src, c, end, false)
    }

    /// [`Assembler::abs_value`], or with `here` an address in the current section too (a
    /// label of it plus or minus a number: `.org`'s target under clrxasm's rules).
    fn value_here(&mut self, lineno: usize, src: &str, c: &mut Cursor, end: usize, here: bool) -> Option<Option<i64>> {
        c.ws();
        if c.at_end() || c.peek() == Some(b',') {
            return Some(None);
        }
        let p0 = c.pos;
        let e = Expr {
            syms: &self.syms,
            no_bar: false,
        };
        let r = match here {
            false => e.parse(c),
            true => e.parse_rel(c).and_then(|(v, sec)| match sec {
                Some(sec) if sec != self.label_section() => {
                    super::parse::err(p0, c.pos, "the address is in another section")
                }
                _ => Ok(v),
            }),
        };
        self.expression_warnings(lineno, src);
        match r {
            Ok(EVal::Value(Value::Int(v))) => Some(Some(v)),
            Ok(EVal::Value(Value::Float(..))) => {
                let p = c.pos;
                self.error_at(lineno, src, (p0, p), "expected an integer expression".into());
                None
            }
            Ok(EVal::Forward(f)) => {
                let p = c.pos.max(p0 + 1).min(end.max(p0 + 1));
                let shown = super::scopes::shown_name(&f);
                self.error_at(
                    lineno,
                    src,
                    (p0, p),
                    format!("{shown} is not defined yet (its value is needed here)"),
                );
                None
            }
            Err(e) => {
                self.diag(lineno, src, e);
                None
            }
        }
    }

    /// Appends CLRX data bytes to the current section: `.text` items (a last item shorter
    /// than a word is filled first), a data section's bytes; an error in the absolute section.
    pub(super) fn clrx_emit(&mut self, lineno: usize, src: &str, span: (usize, usize), bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if self.in_absolute() {
            let msg = "data in the absolute section (.struct/.offset) is illegal: it only counts";
            return self.error_at(lineno, src, span, msg.into());
        }
        if self.section != 0 {
            let sec = self.data_section();
            sec.bytes.extend_from_slice(bytes);
            self.offset = sec.bytes.len();
            return;
        }
        let mut rest = bytes;
        if let Some(last) = self.items.last_mut() {
            let n = last.byte_len();
            if last.data && n % 4 != 0 && last.offset as usize + n == self.offset {
                let take = (4 - n).min(rest.len());
                let mut b = Vec::with_capacity(4);
                last.push_bytes(&mut b);
                b.extend_from_slice(&rest[..take]);
                let (line, offset) = (last.line as usize, last.offset as usize);
                *last = Item::bytes_item(line, offset, &b);
                self.offset += take;
                rest = &rest[take..];
            }
        }
        for chunk in rest.chunks(4) {
            self.items
                .push(Item::bytes_item(lineno + self.line_base, self.offset, chunk));
            self.offset += chunk.len();
        }
    }

    /// Bytes a symbol defined later fills: zeros now, patched when it is (`width` bytes at
    /// the current offset).
    fn clrx_forward(&mut self, lineno: usize, src: &str, symbol: String, width: usize, at: (usize, usize)) {
        let item = self.taken + self.items.len();
        if self.in_absolute() {
            return self.error_at(
                lineno,
                src,
                at,
                "data in the absolute section (.struct/.offset) is illegal".into(),
            );
        }
        let (first, byte) = if self.section == 0 {
            // The item the first byte lands in: the last one if it has room.
            match self.items.last() {
                Some(l) if l.data && l.byte_len() % 4 != 0 && l.offset as usize + l.byte_len() == self.offset => {
                    (item - 1, l.byte_len())
                }
                _ => (item, 0),
            }
        } else {
            (item, self.offset)
        };
        self.clrx_emit(lineno, src, at, &vec![0; width]);
        let symbol_waits_for_file = symbol == super::expr::FILE_ADDRESSES;
        let ctx = self.syms.clrx.context_for_pending();
        self.pending.push(Pending {
            item: first,
            fixup: Fixup {
                symbol,
                word: byte,
                kind: FixupKind::Bytes {
                    width: width as u8,
                    section: self.section as u16,
                },
                start: at.0,
                end: at.1,
            },
            line: lineno,
            source: src.to_string(),
            ctx,
            dot: self.dot_here(),
            frozen: Vec::new(),
            aliases: Vec::new(),
        });
        if symbol_waits_for_file {
            self.freeze_last();
        } else {
            self.freeze_if_assigned();
        }
    }

    /// Writes `bytes` from byte `byte` of item `item` (of the whole file) on, or, for a data
    /// section, from byte `byte` of it.
    pub(super) fn patch_bytes(&mut self, item: usize, section: usize, byte: usize, bytes: &[u8]) {
        if section != 0 {
            let name = self.sections[section].0.clone();
            if let Some(d) = self.obj.parts.sections.iter_mut().find(|d| d.name == name) {
                if let Some(b) = d.bytes.get_mut(byte..byte + bytes.len()) {
                    b.copy_from_slice(bytes);
                }
            }
            return;
        }
        let (mut k, mut off) = (item - self.taken, byte);
        for &b in bytes {
            while k < self.items.len() && off >= self.items[k].byte_len() {
                off -= self.items[k].byte_len();
                k += 1;
            }
            let Some(it) = self.items.get_mut(k) else { return };
            let w = &mut it.words[off / 4];
            let sh = 8 * (off % 4);
            *w = (*w & !(0xff << sh)) | (b as u32) << sh;
            off += 1;
        }
    }

    /// `.byte`...`.quad`: expressions, an empty one 0 (with a warning), one too wide
    /// truncated (with a warning), one of a symbol defined later patched then.
    fn int_data(&mut self, lineno: usize, src: &str, width: usize, c: &mut Cursor, end: usize) {
        if c.at_end() {
            return;
        }
        let bits = 8 * width as u32;
        loop {
            c.ws();
            self.dot_at_value(c, end);
            let p0 = c.pos;
            if c.at_end() || c.peek() == Some(b',') {
                self.report(
                    lineno,
                    src,
                    super::parse::perr(p0, p0 + 1, "no expression: 0 is put"),
                    Severity::Warning,
                );
                self.clrx_emit(lineno, src, (p0, p0 + 1), &vec![0; width]);
            } else {
                let r = (Expr {
                    syms: &self.syms,
                    no_bar: false,
                })
                .parse(c);
                self.expression_warnings(lineno, src);
                let p = c.pos;
                match r {
                    Ok(EVal::Value(Value::Int(v))) => {
                        if let Some(w) = truncation(v, bits) {
                            self.report(lineno, src, super::parse::perr(p0, p, w), Severity::Warning);
                        }
                        self.clrx_emit(lineno, src, (p0, p), &v.to_le_bytes()[..width]);
                    }
                    Ok(EVal::Value(Value::Float(..))) => {
                        return self.error_at(lineno, src, (p0, p), "expected an integer expression".into());
                    }
                    Ok(EVal::Forward(f)) => self.clrx_forward(lineno, src, f, width, (p0, p)),
                    Err(e) => return self.diag(lineno, src, e),
                }
            }
            if !c.eat(b',') {
                break;
            }
        }
        self.values_end(lineno, src, c, end);
    }

    /// The end of a list of values: anything left is an error.
    fn values_end(&mut self, lineno: usize, src: &str, c: &mut Cursor, end: usize) {
        if !c.at_end() {
            let p = c.pos;
            let msg = "expected ',' before the next value".into();
            self.error_at(lineno, src, (p, end.max(p + 1)), msg);
        }
    }

    /// `.octa`: 128-bit integer literals (not expressions), signed or not.
    fn octa_data(&mut self, lineno: usize, src: &str, c: &mut Cursor, end: usize) {
        if c.at_end() {
            return;
        }
        loop {
            c.ws();
            let p0 = c.pos;
            let (s, e) = (c.s, c.end.min(c.s.len()));
            if c.at_end() || c.peek() == Some(b',') {
                let w = super::parse::perr(p0, p0 + 1, "no 128-bit literal: 0 is put");
                self.report(lineno, src, w, Severity::Warning);
                self.clrx_emit(lineno, src, (p0, p0 + 1), &[0; 16]);
            } else {
                let mut p = p0;
                let neg = s[p] == b'-';
                if matches!(s[p], b'+' | b'-') {
                    p += 1;
                }
                let (radix, d0) = if p + 1 < e && s[p] == b'0' && (s[p + 1] | 0x20) == b'x' {
                    (16, p + 2)
                } else if p + 1 < e && s[p] == b'0' && (s[p + 1] | 0x20) == b'b' {
                    (2, p + 2)
                } else if p + 1 < e && s[p] == b'0' && s[p + 1].is_ascii_digit() {
                    (8, p + 1)
                } else {
                    (10, p)
                };
                let mut q = d0;
                while q < e && (s[q] as char).is_digit(radix) {
                    q += 1;
                }
                if q == d0 && !(radix == 10 || radix == 8) || q == p {
                    return self.error_at(lineno, src, (p0, p0 + 1), "expected a number".into());
                }
                let text = std::str::from_utf8(&s[d0..q]).unwrap_or("0");
                let Ok(v) = u128::from_str_radix(if text.is_empty() { "0" } else { text }, radix) else {
                    return self.error_at(lineno, src, (p0, q), "number out of range (128 bits)".into());
                };
                let v = if neg { v.wrapping_neg() } else { v };
                c.pos = q;
                self.clrx_emit(lineno, src, (p0, q), &v.to_le_bytes());
            }
            if !c.eat(b',') {
                break;
            }
        }
        self.values_end(lineno, src, c, end);
    }

    /// `.half`/`.float`/`.double`: float literals (not expressions), rounded to nearest even;
    /// one too big for the format is an error.
    fn float_data(&mut self, lineno: usize, src: &str, width: usize, c: &mut Cursor, end: usize) {
        if c.at_end() {
            return;
        }
        loop {
            c.ws();
            let p0 = c.pos;
            if c.at_end() || c.peek() == Some(b',') {
                let w = super::parse::perr(p0, p0 + 1, "no floating-point literal: 0 is put");
                self.report(lineno, src, w, Severity::Warning);
                self.clrx_emit(lineno, src, (p0, p0 + 1), &vec![0; width]);
            } else {
                let (text, hex) = match float_literal(c) {
                    Ok(t) => t,
                    Err(e) => return self.diag(lineno, src, e),
                };
                let p = c.pos;
                let x = literal_value(&text, hex);
                let literal_inf = text.to_ascii_lowercase().ends_with("inf");
                let bytes = match width {
                    2 => f16_bits(x).map(|h| h.to_le_bytes().to_vec()),
                    4 => {
                        let f = if hex || literal_inf || x.is_nan() {
                            x as f32
                        } else {
                            text.parse::<f32>().unwrap_or(x as f32)
                        };
                        (f.is_finite() || literal_inf || f.is_nan()).then(|| f.to_bits().to_le_bytes().to_vec())
                    }
                    _ => (x.is_finite() || literal_inf || x.is_nan()).then(|| x.to_bits().to_le_bytes().to_vec()),
                };
                match bytes {
                    Some(b) => self.clrx_emit(lineno, src, (p0, p), &b),
                    None => {
                        return self.error_at(
                            lineno,
                            src,
                            (p0, p),
                            format!("'{text}' is too big for a {}-bit float", 8 * width),
                        )
                    }
                }
            }
            if !c.eat(b',') {
                break;
            }
        }
        self.values_end(lineno, src, c, end);
    }

    /// Arguments of `.fill`-like pseudo-ops: up to `n` absolute values, each may be empty.
    /// `None` after an error (reported).
    fn clrx_args(
        &mut self,
        lineno: usize,
        src: &str,
        n: usize,
        c: &mut Cursor,
        end: usize,
    ) -> Option<Vec<(Option<i64>, usize)>> {
        self.clrx_args_at(lineno, src, n, c, end, false)
    }

    /// [`Assembler::clrx_args`]; `here`: the first may be an address in the current section.
    fn clrx_args_at(
        &mut self,
        lineno: usize,
        src: &str,
        n: usize,
        c: &mut Cursor,
        end: usize,
        here: bool,
    ) -> Option<Vec<(Option<i64>, usize)>> {
        let mut args = Vec::new();
        loop {
            c.ws();
            let at = c.pos;
            let v = self.value_here(lineno, src, c, end, here && args.is_empty())?;
            args.push((v, at));
            if args.len() == n || !c.eat(b',') {
                break;
            }
        }
        if !c.at_end() {
            let p = c.pos;
            self.trailing(lineno, src, p, end);
            return None;
        }
        Some(args)
    }

    /// `.fill COUNT[, SIZE[, VALUE]]` (the value's low 4 bytes; `.fillq` 8), `.skip`/`.space
    /// SIZE[, BYTE]`.
    fn fill(&mut self, lineno: usize, src: &str, name: &str, span: (usize, usize), c: &mut Cursor, end: usize) {
        let p0 = c.pos;
        let skip = matches!(name, ".skip" | ".space");
        let Some(args) = self.clrx_args(lineno, src, if skip { 2 } else { 3 }, c, end) else {
            return;
        };
        let arg = |k: usize| args.get(k).and_then(|a| a.0);
        let Some(count) = arg(0) else {
            return self.error_at(
                lineno,
                src,
                (p0, end.max(p0 + 1)),
                format!("{name} needs an expression"),
            );
        };
        let warn = |this: &mut Assembler, k: usize, msg: String| {
            let at = args.get(k).map_or(p0, |a| a.1);
            this.report(lineno, src, super::parse::perr(at, at + 1, msg), Severity::Warning);
        };
        let (count, size, value) = if skip {
            (1, count, arg(1).unwrap_or(0))
        } else {
            (count, arg(1).unwrap_or(1), arg(2).unwrap_or(0))
        };
        if count < 0 {
            return warn(self, 0, "a negative count has no effect".into());
        }
        if size < 0 {
            return warn(self, if skip { 0 } else { 1 }, "a negative size has no effect".into());
        }
        if count.saturating_mul(size) > 1 << 28 {
            return self.error_at(lineno, src, span, format!("{name}: more than 2^28 bytes"));
        }
        if self.in_absolute() && !skip {
            let msg = format!("{name} writes data: illegal in the absolute section (.struct/.offset)");
            return self.error_at(lineno, src, span, msg);
        }
        if self.in_absolute() {
            if args.len() > 1 {
                warn(
                    self,
                    if skip { 1 } else { 2 },
                    "the fill value is ignored in the absolute section".into(),
                );
            }
            self.offset += (count * size) as usize;
            return;
        }
        let (one, bits) = if skip {
            (vec![value as u8; size as usize], 8)
        } else {
            let wide = if name == ".fillq" { 8 } else { 4 };
            let bits = 8 * size.min(wide) as u32;
            let mut one = vec![0u8; size as usize];
            let n = (size as usize).min(wide as usize);
            one[..n].copy_from_slice(&value.to_le_bytes()[..n]);
            (one, bits)
        };
        if let Some(w) = truncation(value, bits) {
            if bits > 0 {
                warn(self, if skip { 1 } else { 2 }, w);
            }
        }
        let mut bytes = Vec::with_capacity((count * size) as usize);
        for _ in 0..count {
            bytes.extend_from_slice(&one);
        }
        self.clrx_emit(lineno, src, span, &bytes);
    }

    /// `.align`/`.balign N[, [FILL][, MAX]]`, `.p2align` (2^N), `.balignw`/`.balignl` (a
    /// 2- or 4-byte FILL, the offset a multiple of it). Code without FILL is filled as
    /// clrxasm fills it: zeros to the next word boundary... then `s_nop 0` words (clrxasm puts
    /// `4 - n % 4` zeros first, not `n % 4`, and cuts the nops at the end).
    fn clrx_align(&mut self, lineno: usize, src: &str, name: &str, span: (usize, usize), c: &mut Cursor, end: usize) {
        let p0 = c.pos;
        let Some(args) = self.clrx_args(lineno, src, 3, c, end) else {
            return;
        };
        let Some(a) = args.first().and_then(|a| a.0) else {
            return self.error_at(
                lineno,
                src,
                (p0, end.max(p0 + 1)),
                format!("{name} needs an expression"),
            );
        };
        let word = match name {
            ".balignw" => 2,
            ".balignl" => 4,
            _ => 1,
        };
        let align: u64 = if name == ".p2align" {
            if !(0..=63).contains(&a) {
                return self.error_at(
                    lineno,
                    src,
                    (p0, p0 + 1),
                    "the power of two of the alignment is above 63".into(),
                );
            }
            1 << a
        } else if word > 1 && a == 0 {
            // clrxasm: nothing to do.
            return;
        } else if a <= 0 || !(a as u64).is_power_of_two() {
            return self.error_at(lineno, src, (p0, p0 + 1), "the alignment is not a power of two".into());
        } else {
            a as u64
        };
        let value = args.get(1).and_then(|a| a.0);
        let have_value = args.len() > 1;
        if let (Some(v), Some(at)) = (value, args.get(1).map(|a| a.1)) {
            if let Some(w) = truncation(v, 8 * word as u32) {
                self.report(lineno, src, super::parse::perr(at, at + 1, w), Severity::Warning);
            }
        }
        let max = args.get(2).and_then(|a| a.0).unwrap_or(0);
        if word > 1 && !self.offset.is_multiple_of(word) {
            return self.error_at(lineno, src, span, "the offset is not aligned to the fill word".into());
        }
        let pad = ((align - self.offset as u64 % align) % align) as usize;
        if max != 0 && pad as i64 > max {
            return;
        }
        if self.in_absolute() {
            if value.is_some_and(|v| v != 0) {
                let at = args[1].1;
                let w = super::parse::perr(at, at + 1, "the fill value is ignored in the absolute section");
                self.report(lineno, src, w, Severity::Warning);
            }
            self.offset += pad;
            return;
        }
        if self.section != 0 {
            let sec = self.data_section();
            sec.align = sec.align.max(align);
        } else {
            self.obj.parts.text_align = self.obj.parts.text_align.max(align);
        }
        let mut bytes = vec![0u8; pad];
        if have_value {
            let v = value.unwrap_or(0).to_le_bytes();
            for (k, b) in bytes.iter_mut().enumerate() {
                *b = v[k % word];
            }
        } else if self.section == 0 {
            let first = if pad.is_multiple_of(4) { 0 } else { 4 - pad % 4 };
            for k in 0..pad / 4 {
                for (j, b) in NOP.to_le_bytes().iter().enumerate() {
                    if let Some(x) = bytes.get_mut(first + 4 * k + j) {
                        *x = *b;
                    }
                }
            }
        }
        self.clrx_emit(lineno, src, span, &bytes);
    }

    /// `.org EXPR[, FILL]`: forward in the section, filled with FILL bytes (backward only in
    /// the absolute section).
    fn org(&mut self, lineno: usize, src: &str, span: (usize, usize), c: &mut Cursor, end: usize) {
        let p0 = c.pos;
        let Some(args) = self.clrx_args_at(lineno, src, 2, c, end, true) else {
            return;
        };
        let Some(to) = args.first().and_then(|a| a.0) else {
            return self.error_at(lineno, src, (p0, end.max(p0 + 1)), ".org needs an expression".into());
        };
        let fill = args.get(1).and_then(|a| a.0).unwrap_or(0);
        if let Some(w) = truncation(fill, 8) {
            let at = args.get(1).map_or(p0, |a| a.1);
            self.report(lineno, src, super::parse::perr(at, at + 1, w), Severity::Warning);
        }
        if self.in_absolute() {
            self.offset = to.max(0) as usize;
            return;
        }
        if to < self.offset as i64 {
            return self.error_at(lineno, src, (p0, p0 + 1), ".org: an attempt to move backwards".into());
        }
        let n = (to - self.offset as i64) as usize;
        if n > 1 << 28 {
            return self.error_at(lineno, src, span, ".org: more than 2^28 bytes of fill".into());
        }
        self.clrx_emit(lineno, src, span, &vec![fill as u8; n]);
    }

    /// `.incbin "FILE"[, [OFFSET][, COUNT]]`: the file's bytes, found next to the source or
    /// in an include directory.
    fn incbin(&mut self, lineno: usize, src: &str, span: (usize, usize), c: &mut Cursor, end: usize) {
        c.ws();
        let p0 = c.pos;
        let name = match one_string(c) {
            Ok(n) => String::from_utf8_lossy(&n).into_owned(),
            Err(e) => return self.diag(lineno, src, e),
        };
        let p1 = c.pos;
        let (mut off, mut count) = (0i64, None);
        if c.eat(b',') {
            let Some(args) = self.clrx_args(lineno, src, 2, c, end) else {
                return;
            };
            if let Some((Some(v), at)) = args.first().copied() {
                if v < 0 {
                    return self.error_at(lineno, src, (at, at + 1), "the offset is negative".into());
                }
                off = v;
            }
            if let Some((Some(v), at)) = args.get(1).copied() {
                if v < 0 {
                    return self.error_at(lineno, src, (at, at + 1), "the count is negative".into());
                }
                if v == 0 {
                    let w = super::parse::perr(at, at + 1, "the count is zero: .incbin puts nothing");
                    return self.report(lineno, src, w, Severity::Warning);
                }
                count = Some(v as usize);
            }
        } else if !c.at_end() {
            let p = c.pos;
            self.trailing(lineno, src, p, end);
            return;
        }
        let here = std::path::Path::new(&self.file)
            .parent()
            .map(|p| p.to_path_buf())
            .unwrap_or_default();
        let path = std::iter::once(here)
            .chain(std::iter::once(std::path::PathBuf::new()))
            .chain(self.include_dirs.iter().cloned())
            .map(|d| d.join(&name))
            .find(|p| p.is_file());
        let bytes = match path.map(std::fs::read) {
            Some(Ok(b)) => b,
            _ => {
                let msg = format!("binary file '{name}' is not found (next to this file or in an -I directory)");
                return self.error_at(lineno, src, (p0, p1), msg);
            }
        };
        let from = (off as usize).min(bytes.len());
        let to = count.map_or(bytes.len(), |n| from.saturating_add(n).min(bytes.len()));
        self.clrx_emit(lineno, src, span, &bytes[from..to]);
    }
}

#[cfg(test)]
mod tests {
    use super::f16_bits;

    #[test]
    fn half_rounding() {
        for (x, want) in [
            (1.0, Some(0x3c00)),
            (-2.5, Some(0xc100)),
            (65504.0, Some(0x7bff)),
            (65519.0, Some(0x7bff)),
            (65520.0, None),
            (1e-10, Some(0)),
            (6e-8, Some(1)),
            (0.1, Some(0x2e66)),
            (1.00048828125, Some(0x3c00)),
            (1.00146484375, Some(0x3c02)),
            (2f64.powi(-20), Some(0x0010)),
            (2f64.powi(-14) * 1023.5 / 1024.0, Some(0x0400)),
        ] {
            assert_eq!(f16_bits(x), want, "{x}");
        }
    }
}
