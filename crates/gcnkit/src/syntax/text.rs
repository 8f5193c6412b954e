//! Allocation-free text building shared by the printers: decimal and hex without `fmt`.

/// Appends `v` in decimal.
#[inline]
pub fn dec(out: &mut String, v: u32) {
    if v < 10 {
        out.push((b'0' + v as u8) as char);
    } else if v < 100 {
        out.push((b'0' + (v / 10) as u8) as char);
        out.push((b'0' + (v % 10) as u8) as char);
    } else {
        out.push_str(itoa::Buffer::new().format(v));
    }
}

/// Appends a signed decimal.
#[inline]
pub fn sdec(out: &mut String, v: i64) {
    if (0..100).contains(&v) {
        dec(out, v as u32);
    } else {
        out.push_str(itoa::Buffer::new().format(v));
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `0x` and `v` in lowercase hex without leading zeros.
#[inline]
pub fn hex(out: &mut String, v: u64) {
    out.push_str("0x");
    hex_digits(out, v, 1);
}

/// Appends `v` in lowercase hex with at least `min` digits.
#[inline]
pub fn hex_digits(out: &mut String, v: u64, min: usize) {
    let digits = (16 - (v.leading_zeros() as usize) / 4).max(min).min(16);
    // Built on the stack and appended at once (listings write three of these per line).
    let mut b = [b'0'; 16];
    for (k, c) in b[..digits].iter_mut().rev().enumerate() {
        *c = HEX[((v >> (k * 4)) & 15) as usize];
    }
    // SAFETY: every byte is an ASCII digit from HEX.
    out.push_str(unsafe { std::str::from_utf8_unchecked(&b[..digits]) });
}

/// Appends `v` as exactly 8 lowercase hex digits.
#[inline]
pub fn hex8(out: &mut String, v: u32) {
    hex_digits(out, v as u64, 8);
}

/// Appends a register or range: `v5`, `s[4:5]`.
pub fn reg_range(out: &mut String, prefix: &str, first: u16, n: u16) {
    out.push_str(prefix);
    if n == 1 {
        dec(out, first as u32);
    } else {
        out.push('[');
        dec(out, first as u32);
        out.push(':');
        dec(out, (first + n - 1) as u32);
        out.push(']');
    }
}

/// A short ASCII text in a fixed 32-byte cell: appending it is one constant-size copy, no
/// `memcpy` call — the printers' hot path appends precomputed operand and mnemonic texts.
#[derive(Clone, Copy)]
pub struct Cell {
    bytes: [u8; 32],
    len: u8,
}

impl Cell {
    /// No text.
    pub const EMPTY: Cell = Cell { bytes: [0; 32], len: 0 };

    /// `None` if `s` is not ASCII or longer than 32 bytes.
    pub fn new(s: &str) -> Option<Cell> {
        if s.len() > 32 || !s.is_ascii() {
            return None;
        }
        let mut bytes = [0u8; 32];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        Some(Cell {
            bytes,
            len: s.len() as u8,
        })
    }

    /// The whole cell: the text, then zeros.
    pub fn bytes(&self) -> &[u8; 32] {
        &self.bytes
    }

    /// Bytes of text.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }

    /// Appends the text to `out`.
    #[inline(always)]
    pub fn push(&self, out: &mut String) {
        out.reserve(32);
        // SAFETY: `bytes` is ASCII (checked in `new`), so the appended prefix is valid UTF-8;
        // `reserve(32)` guarantees room for the 32-byte copy, and the length grows only by
        // `len` <= 32 initialised bytes.
        unsafe {
            let v = out.as_mut_vec();
            let l = v.len();
            std::ptr::copy_nonoverlapping(self.bytes.as_ptr(), v.as_mut_ptr().add(l), 32);
            v.set_len(l + self.len as usize);
        }
    }
}

/// The output modifier's text by its value (OMOD 1-3; 0 writes nothing).
pub const OMOD: [&str; 4] = ["", " mul:2", " mul:4", " div:2"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        let mut s = String::new();
        dec(&mut s, 0);
        s.push(' ');
        dec(&mut s, 4294967295);
        s.push(' ');
        sdec(&mut s, -16);
        s.push(' ');
        hex(&mut s, 0x445aa);
        s.push(' ');
        hex(&mut s, 0);
        s.push(' ');
        hex8(&mut s, 0x2a);
        assert_eq!(s, "0 4294967295 -16 0x445aa 0x0 0000002a");
        let c = Cell::new("v[254:255]").unwrap();
        let mut t = String::from("x ");
        c.push(&mut t);
        c.push(&mut t);
        assert_eq!(t, "x v[254:255]v[254:255]");
        assert!(Cell::new(&"x".repeat(33)).is_none());
    }
}
