//! The 9-bit source-operand space of each arch (DESIGN.md's table, checked with llvm-mc).
//!
//! Decoding keeps operands as raw codes; this module says what a code means on an arch, and
//! the printers, the parser and the emulator all ask it.

use crate::arch::Arch;

/// A scalar register that has a name of its own.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Special {
    FlatScratch,
    XnackMask,
    Vcc,
    Tba,
    Tma,
    M0,
    Exec,
}

impl Special {
    /// Pair name (`vcc`) for CLRX and LLVM alike.
    pub fn name(self) -> &'static str {
        match self {
            Special::FlatScratch => "flat_scratch",
            Special::XnackMask => "xnack_mask",
            Special::Vcc => "vcc",
            Special::Tba => "tba",
            Special::Tma => "tma",
            Special::M0 => "m0",
            Special::Exec => "exec",
        }
    }
}

/// What a source code means on an arch.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Src {
    /// General SGPR `s<n>`.
    Sgpr(u16),
    /// Half `hi` (0 = lo, 1 = hi) of a named special pair, or M0.
    Special(Special, u8),
    /// Trap temporary `ttmp<n>`.
    Ttmp(u16),
    /// Inline integer constant.
    Int(i32),
    /// Inline float constant, by index 0..9 of [`FLOAT_CONSTS`].
    Float(u8),
    /// GCN 1.4 `src_shared_base`..`src_pops_exiting_wave_id` (index 0..5).
    SrcReg(u8),
    Vccz,
    Execz,
    Scc,
    LdsDirect,
    /// A 32-bit literal dword follows the instruction.
    Literal,
    /// SDWA / DPP marker in SRC0 of a 32-bit word (GCN 1.2+); not decoded by gcnkit yet.
    Sdwa,
    Dpp,
    Vgpr(u16),
    /// Reserved code.
    Invalid,
}

/// Inline float constants (codes 240..=248): value, f16 bits, f32 bits, f64 bits.
pub const FLOAT_CONSTS: [(f64, u16, u32, u64); 9] = [
    (0.5, 0x3800, 0x3f00_0000, 0x3fe0_0000_0000_0000),
    (-0.5, 0xb800, 0xbf00_0000, 0xbfe0_0000_0000_0000),
    (1.0, 0x3c00, 0x3f80_0000, 0x3ff0_0000_0000_0000),
    (-1.0, 0xbc00, 0xbf80_0000, 0xbff0_0000_0000_0000),
    (2.0, 0x4000, 0x4000_0000, 0x4000_0000_0000_0000),
    (-2.0, 0xc000, 0xc000_0000, 0xc000_0000_0000_0000),
    (4.0, 0x4400, 0x4080_0000, 0x4010_0000_0000_0000),
    (-4.0, 0xc400, 0xc080_0000, 0xc010_0000_0000_0000),
    (0.15915494309189535, 0x3118, 0x3e22_f983, 0x3fc4_5f30_6dc9_c882),
];

/// Names of the GCN 1.4 source registers at codes 235..=239.
pub const SRC_REGS: [&str; 5] = [
    "src_shared_base",
    "src_shared_limit",
    "src_private_base",
    "src_private_limit",
    "src_pops_exiting_wave_id",
];

/// Number of SGPRs addressable as `s<n>` on an arch.
#[inline]
pub fn sgpr_count(arch: Arch) -> u16 {
    if arch.is_vi_plus() {
        102
    } else {
        104
    }
}

/// First TTMP code and count on an arch.
#[inline]
pub fn ttmp_range(arch: Arch) -> (u16, u16) {
    if arch.is_gcn14() {
        (108, 16)
    } else {
        (112, 12)
    }
}

/// Classifies a 9-bit source code (table lookup; codes above 511 are invalid).
#[inline]
pub fn classify(arch: Arch, code: u16) -> Src {
    static TABLES: std::sync::LazyLock<[[Src; 512]; 4]> =
        std::sync::LazyLock::new(|| std::array::from_fn(|a| std::array::from_fn(|c| compute(Arch::ALL[a], c as u16))));
    match TABLES[arch.index()].get(code as usize) {
        Some(s) => *s,
        None => Src::Invalid,
    }
}

/// What [`classify`] tabulates.
fn compute(arch: Arch, code: u16) -> Src {
    let vi = arch.is_vi_plus();
    let (tt, tn) = ttmp_range(arch);
    match code {
        256..=511 => Src::Vgpr(code - 256),
        c if c < sgpr_count(arch) => Src::Sgpr(c),
        102 | 103 if vi => Src::Special(Special::FlatScratch, (code & 1) as u8),
        104 | 105 if arch == Arch::Gcn11 => Src::Special(Special::FlatScratch, (code & 1) as u8),
        104 | 105 if vi => Src::Special(Special::XnackMask, (code & 1) as u8),
        106 | 107 => Src::Special(Special::Vcc, (code & 1) as u8),
        c if c >= tt && c < tt + tn => Src::Ttmp(c - tt),
        108 | 109 => Src::Special(Special::Tba, (code & 1) as u8),
        110 | 111 => Src::Special(Special::Tma, (code & 1) as u8),
        124 => Src::Special(Special::M0, 0),
        126 | 127 => Src::Special(Special::Exec, (code & 1) as u8),
        128..=192 => Src::Int(code as i32 - 128),
        193..=208 => Src::Int(192 - code as i32),
        235..=239 if arch.is_gcn14() => Src::SrcReg((code - 235) as u8),
        240..=247 => Src::Float((code - 240) as u8),
        248 if vi => Src::Float(8),
        249 if vi => Src::Sdwa,
        250 if vi => Src::Dpp,
        251 => Src::Vccz,
        252 => Src::Execz,
        253 => Src::Scc,
        254 => Src::LdsDirect,
        255 => Src::Literal,
        _ => Src::Invalid,
    }
}

/// Is `code` a scalar register (reads the constant bus as an SGPR would)?
pub fn is_scalar_reg(arch: Arch, code: u16) -> bool {
    matches!(classify(arch, code), Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_))
}

/// The 32-bit pattern an inline constant (integer or float) gives an operand of `ty`;
/// `None` for codes that are not inline constants.
pub fn inline_value(arch: Arch, code: u16, ty: crate::isa::Ty) -> Option<u64> {
    use crate::isa::Ty;
    match classify(arch, code) {
        Src::Int(i) => Some(match ty.regs() {
            1 if ty.is_16() => (i as u16) as u64,
            1 => (i as u32) as u64,
            _ => i as i64 as u64,
        }),
        Src::Float(f) => {
            let (_, h, s, d) = FLOAT_CONSTS[f as usize];
            Some(match ty {
                Ty::F16 | Ty::I16 | Ty::U16 | Ty::B16 => h as u64,
                Ty::F64 | Ty::I64 | Ty::U64 | Ty::B64 | Ty::B128 => d,
                _ => s as u64,
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arch_differences() {
        assert_eq!(classify(Arch::Gcn10, 103), Src::Sgpr(103));
        assert_eq!(classify(Arch::Gcn12, 103), Src::Special(Special::FlatScratch, 1));
        assert_eq!(classify(Arch::Gcn11, 104), Src::Special(Special::FlatScratch, 0));
        assert_eq!(classify(Arch::Gcn10, 104), Src::Invalid);
        assert_eq!(classify(Arch::Gcn12, 108), Src::Special(Special::Tba, 0));
        assert_eq!(classify(Arch::Gcn14, 108), Src::Ttmp(0));
        assert_eq!(classify(Arch::Gcn14, 123), Src::Ttmp(15));
        assert_eq!(classify(Arch::Gcn12, 123), Src::Ttmp(11));
        assert_eq!(classify(Arch::Gcn10, 248), Src::Invalid);
        assert_eq!(classify(Arch::Gcn12, 248), Src::Float(8));
        assert_eq!(classify(Arch::Gcn14, 235), Src::SrcReg(0));
        assert_eq!(classify(Arch::Gcn12, 235), Src::Invalid);
        assert_eq!(classify(Arch::Gcn10, 193), Src::Int(-1));
        assert_eq!(classify(Arch::Gcn10, 208), Src::Int(-16));
        assert_eq!(classify(Arch::Gcn10, 192), Src::Int(64));
    }
}
