//! Words → [`Instr`]: the class and its length from the encoding descriptions
//! ([`crate::enc`]), the row from the per-class opcode index. An instruction of a known class
//! whose opcode the table does not know is still taken whole (its literal or second dword
//! included), so a stream never goes out of step.

use crate::arch::Arch;
use crate::enc::{class_fields, class_of, Enc, Fields, F};
use crate::instr::Instr;
use crate::isa::{isa, DecodeInfo, DefId};

/// Why a word sequence does not decode.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DecodeError {
    /// No words left.
    Empty,
    /// The instruction needs `need` words but only `have` remain.
    Truncated { need: usize, have: usize },
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::Empty => f.write_str("no instruction words"),
            DecodeError::Truncated { need, have } => {
                write!(
                    f,
                    "instruction needs {need} words but only {have} remain (truncated literal or second dword)"
                )
            }
        }
    }
}

impl std::error::Error for DecodeError {}

/// Encoding class of a first word on `arch`.
#[inline]
pub fn class(arch: Arch, w: u32) -> Enc {
    class_of(arch, w)
}

/// What follows the fixed part of an instruction: a literal dword or nothing (SDWA/DPP's
/// control dword is part of those classes' fixed part).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Extra {
    None,
    Literal,
}

/// The extra dword of an instruction of class `enc` with fixed bits `b` (fields `f`), from
/// its row facts ([`DecodeInfo`]).
/// `info(bit)` (the row's `bit`) is asked only where the row decides, so that a pass after
/// lengths alone can skip the row lookup for most words.
#[inline(always)]
fn extra_of(enc: Enc, arch: Arch, f: &Fields, b: u64, info: impl Fn(u8) -> u8) -> Extra {
    match enc {
        Enc::Vop2 | Enc::Vopc | Enc::Vop1 => {
            let src0 = f.get(b, F::Src0);
            if src0 == 255 || info(DecodeInfo::LITERAL) != 0 {
                Extra::Literal
            } else {
                Extra::None
            }
        }
        Enc::Sop2 | Enc::Sopc if f.get(b, F::Ssrc0) == 255 || f.get(b, F::Ssrc1) == 255 => Extra::Literal,
        Enc::Sop1 if f.get(b, F::Ssrc0) == 255 => Extra::Literal,
        Enc::Sopk if info(DecodeInfo::LITERAL) != 0 => Extra::Literal,
        // GCN 1.1: an SGPR offset code of 255 means a 32-bit literal offset.
        // (S_MEMTIME and S_DCACHE_INV have no offset operand: no literal; nor has an opcode
        // the table does not know, as clrxdisasm reads it.)
        Enc::Smrd
            if arch == Arch::Gcn11
                && f.get(b, F::Imm) == 0
                && f.get(b, F::Offset) == 255
                && info(DecodeInfo::NO_OFFSET) == 0
                && info(DecodeInfo::KNOWN) != 0 =>
        {
            Extra::Literal
        }
        _ => Extra::None,
    }
}

/// The decoder's facts of `i`'s row (0 without one).
fn row_info(i: &Instr) -> u8 {
    i.def.map_or(0, |d| isa().decode_info(d))
}

/// Does a literal dword follow `i`'s fixed part (as its fields and row say)?
pub fn wants_literal(i: &Instr) -> bool {
    let info = row_info(i);
    extra_of(i.enc, i.arch, i.fl, i.bits(), |bit| info & bit) == Extra::Literal
}

/// What the decoder learns of an instruction before building it.
#[derive(Clone, Copy)]
struct Skim {
    /// The class as the first word says (VOP3A for every VOP3 word).
    enc: Enc,
    /// `None`: the arch has no such class (a data word).
    fields: Option<&'static Fields>,
    /// The fixed part's bits (two dwords at most).
    bits: u64,
    def: Option<DefId>,
    /// The row's [`DecodeInfo`] (0 without a row).
    info: u8,
    /// Dwords of the fixed part.
    fixed: u8,
    extra: Extra,
}

/// A class's fields, the fixed part's bits and its length in dwords.
type Fixed = (&'static Fields, u64, usize);

/// The class of the instruction at the start of `words` and its fixed part (`None`: the arch
/// has no such class, a data word), or the truncation of its fixed part: the first step of
/// [`skim`] and [`length_and_branch`].
#[inline(always)]
fn fixed_part(arch: Arch, words: &[u32]) -> Result<(Enc, Option<Fixed>), DecodeError> {
    let w0 = *words.first().ok_or(DecodeError::Empty)?;
    let (mut enc, mut f) = class_fields(arch, w0);
    // GCN 1.2+: SRC0 code 249/250 of a 32-bit vector-ALU word makes it SDWA/DPP.
    if enc.is_vop32() && arch.is_vi_plus() && matches!(w0 & 0x1ff, 249 | 250) {
        if let Some(x) = enc.ext(w0 & 0x1ff == 250) {
            enc = x;
            f = crate::enc::fields(x, arch);
        }
    }
    let Some(f) = f else {
        return Ok((enc, None));
    };
    let n = f.layout.words as usize;
    let Some(fixed) = words.get(..n) else {
        return Err(DecodeError::Truncated {
            need: n,
            have: words.len(),
        });
    };
    let bits = w0 as u64 | if n > 1 { (fixed[1] as u64) << 32 } else { 0 };
    Ok((enc, Some((f, bits, n))))
}

/// The truncation error when an extra dword should follow the `n` fixed ones but does not.
#[inline(always)]
fn check_extra(extra: Extra, n: usize, words: &[u32]) -> Result<(), DecodeError> {
    if extra != Extra::None && words.len() <= n {
        return Err(DecodeError::Truncated {
            need: n + 1,
            have: words.len(),
        });
    }
    Ok(())
}

/// Reads the class, row and length of the instruction at the start of `words`.
#[inline(always)]
fn skim(arch: Arch, words: &[u32]) -> Result<Skim, DecodeError> {
    let (enc, fixed) = fixed_part(arch, words)?;
    let Some((f, bits, n)) = fixed else {
        return Ok(Skim {
            enc,
            fields: None,
            bits: words[0] as u64,
            def: None,
            info: 0,
            fixed: 1,
            extra: Extra::None,
        });
    };
    let t = isa();
    let def = t.by_opcode(enc, arch, f.opcode(bits));
    let info = def.map_or(0, |d| t.decode_info(d));
    let extra = extra_of(enc, arch, f, bits, |bit| info & bit);
    check_extra(extra, n, words)?;
    Ok(Skim {
        enc,
        fields: Some(f),
        bits,
        def,
        info,
        fixed: n as u8,
        extra,
    })
}

/// The length in dwords of the instruction at the start of `words`, and its SIMM16 if it is a
/// branch: the label pass's view, which looks a row up only where the length or the branch
/// depends on it.
#[inline(always)]
pub(crate) fn length_and_branch(arch: Arch, words: &[u32]) -> Result<(usize, Option<u32>), DecodeError> {
    let (enc, fixed) = fixed_part(arch, words)?;
    let Some((f, bits, n)) = fixed else {
        return Ok((1, None));
    };
    let t = isa();
    let any = t.class_decode_info(enc, arch);
    let info = |bit: u8| {
        if any & bit == 0 {
            return 0;
        }
        t.by_opcode(enc, arch, f.opcode(bits)).map_or(0, |d| t.decode_info(d)) & bit
    };
    let extra = extra_of(enc, arch, f, bits, info);
    check_extra(extra, n, words)?;
    let len = n + (extra != Extra::None) as usize;
    let branch = info(DecodeInfo::LABEL) != 0;
    Ok((len, branch.then(|| f.get(bits, F::Simm16))))
}

/// Decodes one instruction from the start of `words`.
#[inline]
pub fn decode(arch: Arch, words: &[u32]) -> Result<Instr, DecodeError> {
    let s = skim(arch, words)?;
    let Some(f) = s.fields else {
        return Ok(data_word(arch, words[0]));
    };
    let n = s.fixed as usize;
    let lit = s.extra == Extra::Literal;
    // Every field computed first and the record written once: building it on the stack and
    // patching narrow fields before the copy out stalls on store forwarding.
    let (enc, fl) = if s.enc == Enc::Vop3a && s.info & DecodeInfo::VOP3B != 0 {
        (Enc::Vop3b, crate::enc::fields(Enc::Vop3b, arch).unwrap_or(f))
    } else {
        (s.enc, f)
    };
    // Checked by skim: `n` fixed dwords (1 or 2) and the literal, when one follows, are there.
    let w1 = if n > 1 || lit { words[1] } else { 0 };
    let w2 = if n > 1 && lit { words[2] } else { 0 };
    Ok(Instr {
        arch,
        enc,
        opcode: f.opcode(s.bits) as u16,
        def: s.def,
        words: [words[0], w1, w2],
        len: n as u8 + lit as u8,
        literal: if lit { Some(words[n]) } else { None },
        fl,
    })
}

/// A data word (`.long`/`.int`) as an instruction record: no encoding, one word, whatever the
/// word would decode to (it may even look like the start of a longer instruction).
pub fn data_word(arch: Arch, w: u32) -> Instr {
    Instr {
        words: [w, 0, 0],
        len: 1,
        ..Instr::new(arch, Enc::Other)
    }
}

/// Decodes a whole stream; each item is the byte offset and the result. A truncated
/// instruction ends the stream.
pub fn decode_all(arch: Arch, words: &[u32]) -> impl Iterator<Item = (usize, Result<Instr, DecodeError>)> + '_ {
    let mut pos = 0usize;
    let mut done = false;
    std::iter::from_fn(move || {
        if done || pos >= words.len() {
            return None;
        }
        let r = decode(arch, &words[pos..]);
        let off = pos * 4;
        match &r {
            Ok(i) => pos += i.len as usize,
            Err(_) => done = true,
        }
        Some((off, r))
    })
}

/// Bits of the fixed part that no field of the class covers and that are set: no assembler
/// writes them, so the printers keep such a word as data.
pub fn unused_bits(i: &Instr) -> u64 {
    i.bits() & i.fields().unused
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_vop2_add() {
        let i = decode(Arch::Gcn12, &[0x0202_0702]).unwrap();
        assert_eq!(i.enc, Enc::Vop2);
        assert_eq!(i.def().unwrap().name[2], "v_add_f32");
        assert_eq!((i.vdst(), i.src(0), i.src(1)), (1, 258, 259));
    }

    #[test]
    fn literal_is_consumed_or_truncated() {
        let i = decode(Arch::Gcn12, &[0x0202_06ff, 0x3fc0_0000]).unwrap();
        assert_eq!(i.literal, Some(0x3fc0_0000));
        assert_eq!(i.len, 2);
        assert_eq!(
            decode(Arch::Gcn12, &[0x0202_06ff]),
            Err(DecodeError::Truncated { need: 2, have: 1 })
        );
    }

    #[test]
    fn vop3_modifiers() {
        let i = decode(Arch::Gcn12, &[0xd101_8201, 0x2802_0702]).unwrap();
        assert_eq!(i.enc, Enc::Vop3a);
        assert_eq!(i.opcode, 257);
        assert!(i.clamp());
        assert_eq!((i.abs(), i.neg(), i.omod()), (2, 1, 1));
    }

    /// Every class's length, known opcode or not: the stream never goes out of step.
    #[test]
    fn lengths_of_every_class() {
        for (arch, words, len) in [
            (Arch::Gcn12, &[0xd86c_0000u32, 0x0100_0002][..], 2), // DS
            (Arch::Gcn12, &[0xe050_0000, 0x8001_0100], 2),        // MUBUF
            (Arch::Gcn10, &[0xf800_000f, 0x0403_0201], 2),        // EXP
            (Arch::Gcn12, &[0xd404_0002], 1),                     // VINTRP
            (Arch::Gcn12, &[0x0a02_04f9, 0x0606_0600], 2),        // SDWA
            (Arch::Gcn12, &[0x0202_04fa, 0x00ff_0000], 2),        // DPP
            (Arch::Gcn12, &[0x8005_ff02, 0x1234_5678], 2),        // SOP2 + literal
            (Arch::Gcn11, &[0xc000_82ff, 0x0001_2345], 2),        // SMRD + literal offset
            (Arch::Gcn14, &[0xc002_0041, 0x0000_0010], 2),        // SMEM
            (Arch::Gcn14, &[0xd38f_4001, 0x1802_0702], 2),        // VOP3P
            (Arch::Gcn12, &[0x7ffe_0000], 1),                     // VOP1 opcode 255 (unused)
        ] {
            let i = decode(arch, words).unwrap();
            assert_eq!(i.len as usize, len, "{arch} {words:08x?}");
        }
    }

    /// The label pass's lengths and branches agree with the decoder's, on pseudo-random words
    /// of every class (each top-9-bit prefix, so every class of every arch comes up).
    #[test]
    fn label_pass_agrees_with_decode() {
        let mut rng = crate::test_rng(0x2545_f491_4f6c_dd1d);
        let mut next = || rng() as u32;
        for arch in Arch::ALL {
            for k in 0..200_000u32 {
                let w0 = (k % 512) << 23 | next() & 0x7f_ffff;
                let words = [w0, next(), next()];
                for n in 1..=3 {
                    let words = &words[..n];
                    let (d, l) = (decode(arch, words), length_and_branch(arch, words));
                    match (d, l) {
                        (Ok(i), Ok((len, branch))) => {
                            assert_eq!(i.len as usize, len, "{arch} {words:08x?}");
                            let label = row_info(&i) & DecodeInfo::LABEL != 0;
                            assert_eq!(branch, label.then(|| i.get(F::Simm16)), "{arch} {words:08x?}");
                        }
                        (Err(a), Err(b)) => assert_eq!(a, b, "{arch} {words:08x?}"),
                        (d, l) => panic!("{arch} {words:08x?}: {d:?} vs {l:?}"),
                    }
                }
            }
        }
    }
}
