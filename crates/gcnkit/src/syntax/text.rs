//! Allocation-free text building shared by the printers: decimal and hex without `fmt`.

/// Appends `v` in decimal.
#[inline]
pub fn dec(out: &mut String, v: u32) {
    let mut buf = [0u8; 10];
    let mut n = v;
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // SAFETY-free: digits are ASCII.
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or("0"));
}

/// Appends a signed decimal.
#[inline]
pub fn sdec(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    let a = v.unsigned_abs();
    if a > u32::MAX as u64 {
        use std::fmt::Write;
        let _ = write!(out, "{a}");
    } else {
        dec(out, a as u32);
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
    let mut buf = [0u8; 16];
    let mut n = v;
    let mut i = buf.len();
    while n != 0 || buf.len() - i < min {
        i -= 1;
        buf[i] = HEX[(n & 15) as usize];
        n >>= 4;
    }
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or("0"));
}

/// Appends `v` as exactly 8 lowercase hex digits.
#[inline]
pub fn hex8(out: &mut String, v: u32) {
    hex_digits(out, v as u64, 8);
}

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
    }
}
