//! The operands and results of one instruction for all 64 lanes, in arrays the compiler can
//! vectorise: the semantics functions loop over lanes, never dispatch per lane.

use crate::arch::Arch;

/// Lanes in a wave.
pub const N: usize = 64;

/// One register's 64 lanes, boxed: the kernel machine's fast path moves whole rows between
/// the register file and [`Lanes`] by swapping these pointers instead of copying lanes.
pub type Row = Box<[u32; N]>;

/// A row of zeros.
pub fn row() -> Row {
    Box::new([0; N])
}

/// Operands in, results out.
#[derive(Clone)]
pub struct Lanes {
    pub arch: Arch,
    /// `src[k][dword][lane]`: source `k` after ABS/NEG and denormal flushing; dwords 1..3 hold
    /// the upper halves of 64- and 128-bit operands.
    pub src: [[Row; 4]; 3],
    /// The destination's old value (V_MAC_*, V_WRITELANE keep or accumulate it).
    pub old: [Row; 4],
    /// `dst[dword][lane]`: the semantics' results.
    pub dst: [Row; 4],
    /// Per-lane result bits: compare results, carry out, V_DIV_SCALE's VCC.
    pub sdst: u64,
    /// Per-lane condition bits read from an SGPR pair: V_CNDMASK's and the carry-ins' SRC2,
    /// V_DIV_FMAS's VCC.
    pub mask: u64,
    pub exec: u64,
    pub mode: u32,
    /// VOP3 CLAMP, for integer operations that saturate (float results are clamped by the
    /// executor).
    pub clamp: bool,
    /// The MADMK/MADAK constant.
    pub k: u32,
    /// V_READLANE/V_WRITELANE lane select (already `& 63`).
    pub lane: usize,
}

impl Lanes {
    pub fn new(arch: Arch) -> Lanes {
        Lanes {
            arch,
            src: std::array::from_fn(|_| std::array::from_fn(|_| row())),
            old: std::array::from_fn(|_| row()),
            dst: std::array::from_fn(|_| row()),
            sdst: 0,
            mask: 0,
            exec: 0,
            mode: 0,
            clamp: false,
            k: 0,
            lane: 0,
        }
    }

    /// Source `k` as 64-bit values of lane `l`.
    #[inline]
    pub fn src64(&self, k: usize, l: usize) -> u64 {
        self.src[k][0][l] as u64 | (self.src[k][1][l] as u64) << 32
    }

    /// Sets the 64-bit result of lane `l`.
    #[inline]
    pub fn set64(&mut self, l: usize, v: u64) {
        self.dst[0][l] = v as u32;
        self.dst[1][l] = (v >> 32) as u32;
    }
}
