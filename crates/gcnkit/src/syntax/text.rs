//! Allocation-free text building shared by the printers: decimal and hex without `fmt`.

/// Appends `v` in decimal.
#[inline]
pub fn dec(out: &mut String, v: u32) {
    if v < 10 {
        out.push((b'0' + v as u8) as char);
    } else if v < 100 {
        out.push((b'0' + (v / 10) as u8) as char);
        out.push((b'0' + (v % 10) as u8) as char);
    } else if v < 100_000_000 {
        // SAFETY: at most 8 ASCII digits, within the room `tail` made.
        unsafe {
            let n = put_dec8(tail::<8>(out), v);
            grow(out, n);
        }
    } else {
        out.push_str(itoa::Buffer::new().format(v));
    }
}

/// Writes `v` (below 10^8) in decimal at `d` as one 8-byte store ([`dec8_ascii`], the leading
/// zeros shifted out) and returns its digits' count.
///
/// # Safety
/// `d` has room for 8 bytes.
#[inline(always)]
pub unsafe fn put_dec8(d: *mut u8, v: u32) -> usize {
    let digits = v.checked_ilog10().unwrap_or(0) as usize + 1;
    // SAFETY: as the caller says.
    unsafe {
        d.cast::<[u8; 8]>()
            .write_unaligned((dec8_ascii(v) >> (8 * (8 - digits))).to_le_bytes())
    };
    digits
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
    // Written in place (listings write three of these per line; see [`tail`]).
    // SAFETY: `digits` <= 16 ASCII digits from HEX, within the room `tail` made.
    unsafe {
        let d = tail::<16>(out);
        for k in 0..digits {
            *d.add(digits - 1 - k) = HEX[((v >> (k * 4)) & 15) as usize];
        }
        grow(out, digits);
    }
}

/// `v` as exactly 8 lowercase hex digits, the most significant first, computed for all
/// digits at once (no loop, no table).
#[inline]
pub fn hex8_bytes(v: u32) -> [u8; 8] {
    // The 8 nibbles spread to 8 bytes (the lowest first), made ASCII digits at once.
    let x = v as u64;
    let x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    let x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    let x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    let letters = ((x + 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101;
    let ascii = x + 0x3030_3030_3030_3030 + letters * (b'a' - b'0' - 10) as u64;
    ascii.swap_bytes().to_le_bytes()
}

/// `v` (below 10^8) as exactly 8 decimal digits in ASCII, the most significant in the lowest
/// byte, computed for all digits at once: two 4-digit halves in 32-bit lanes, each split
/// into 2-digit pairs in 16-bit lanes, each into digits in bytes (division by 100 and by 10
/// as a multiplication and a shift that are exact for these ranges). A branch target's
/// label (`.L2560108_0`) has 7 digits, each a division with a latency of its own in a loop.
#[inline]
pub fn dec8_ascii(v: u32) -> u64 {
    debug_assert!(v < 100_000_000);
    let x = (v / 10_000) as u64 | ((v % 10_000) as u64) << 32;
    let q = ((x * 5243) >> 19) & 0x0000_007f_0000_007f;
    let x = q | (x - q * 100) << 16;
    let q = ((x * 103) >> 10) & 0x000f_000f_000f_000f;
    let x = q | (x - q * 10) << 8;
    x + 0x3030_3030_3030_3030
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

    /// `s` and a space (a mnemonic before its operands); `None` as [`Cell::new`] says.
    pub fn spaced(s: &str) -> Option<Cell> {
        if s.len() >= 32 || !s.is_ascii() {
            return None;
        }
        let mut bytes = [0u8; 32];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        bytes[s.len()] = b' ';
        Some(Cell {
            bytes,
            len: s.len() as u8 + 1,
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

/// The end of `out`, with room for `N` more bytes, for a short text written in place and then
/// taken in by [`grow`]. A text built in a stack buffer and copied on whole would be read
/// back right after the narrower stores that built it, which the CPU cannot forward to the
/// wider load: a stall of a dozen cycles or more per text (measured hot in the fast
/// printers' hex numbers, labels and s_waitcnt counters).
///
/// # Safety
/// The caller writes only within those `N` bytes (nothing else may touch `out` meanwhile).
#[inline(always)]
pub unsafe fn tail<const N: usize>(out: &mut String) -> *mut u8 {
    out.reserve(N);
    // SAFETY: the pointer is one past the text, `N` bytes of capacity after it; the caller
    // only writes there.
    unsafe {
        let v = out.as_mut_vec();
        v.as_mut_ptr().add(v.len())
    }
}

/// Takes in the `n` bytes written after `out`'s text since [`tail`].
///
/// # Safety
/// Those `n` bytes are written, within the room `tail` made, and ASCII.
#[inline(always)]
pub unsafe fn grow(out: &mut String, n: usize) {
    // SAFETY: as the caller says.
    unsafe {
        let v = out.as_mut_vec();
        v.set_len(v.len() + n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value below 10^4 in each half, and a sweep of others below 10^8.
    #[test]
    fn dec8_ascii_as_format() {
        let mut x = 0x9e37_79b9u32;
        let halves = (0..10_000u32).flat_map(|v| [v, v * 10_000, v * 10_001, 99_999_999 - v]);
        for v in halves.chain((0..200_000).map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x % 100_000_000
        })) {
            assert_eq!(dec8_ascii(v).to_le_bytes(), *format!("{v:08}").as_bytes());
        }
    }

    /// Around every power of ten, and past the 8 digits of the one-store path.
    #[test]
    fn dec_as_format() {
        let (mut out, mut want) = (String::new(), String::new());
        for p in (0..10).map(|k| 10u32.pow(k)) {
            for v in [p - 1, p, p + 1, p.saturating_mul(7), u32::MAX - p] {
                dec(&mut out, v);
                out.push(',');
                want.push_str(&format!("{v},"));
            }
        }
        assert_eq!(out, want);
    }

    /// Every nibble value in every position, and a sweep of other words.
    #[test]
    fn hex8_bytes_as_format() {
        let mut x = 0x9e37_79b9u32;
        let nibbles = (0..8).flat_map(|k| (0..16u32).map(move |n| n << (4 * k)));
        for v in nibbles.chain((0..100_000).map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        })) {
            assert_eq!(std::str::from_utf8(&hex8_bytes(v)).unwrap(), format!("{v:08x}"));
        }
    }

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
