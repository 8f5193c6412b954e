//! Little-endian bit fields of kernel headers (`amd_kernel_code_t`, kernel descriptors): one
//! reader and one writer for every table that places fields by bit.

/// The `width` bits (up to 64 read) from bit `bit` of `b`, bit 0 the low bit of byte 0.
pub(crate) fn get(b: &[u8], bit: usize, width: usize) -> u64 {
    let mut v = 0u64;
    for k in 0..width.min(64) {
        let p = bit + k;
        v |= ((b[p / 8] >> (p % 8) & 1) as u64) << k;
    }
    v
}

/// Sets the `width` bits from bit `bit` of `b` to `v` (truncated; bits past 64 cleared).
pub(crate) fn put(b: &mut [u8], bit: usize, width: usize, v: u64) {
    for k in 0..width {
        let p = bit + k;
        let m = 1u8 << (p % 8);
        if k < 64 && v >> k & 1 == 1 {
            b[p / 8] |= m;
        } else {
            b[p / 8] &= !m;
        }
    }
}
