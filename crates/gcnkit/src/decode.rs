//! Words → [`Instr`]: the class and its length from the encoding descriptions
//! ([`crate::enc`]), the row from the per-class opcode index. An instruction of a known class
//! whose opcode the table does not know is still taken whole (its literal or second dword
//! included), so a stream never goes out of step.

use crate::arch::Arch;
use crate::enc::{class_of, fields, Enc, F};
use crate::instr::Instr;
use crate::isa::{isa, DecodeInfo};

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

/// What follows the fixed part of an instruction: a literal dword, another dword (SDWA/DPP
/// controls), or nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Extra {
    None,
    Literal,
    Word,
}

/// The extra dword of an instruction, from its class, fields and row facts
/// ([`DecodeInfo`]).
#[inline(always)]
fn extra(i: &Instr, info: u8) -> Extra {
    match i.enc {
        Enc::Vop2 | Enc::Vopc | Enc::Vop1 => {
            let src0 = i.get(F::Src0);
            if info & DecodeInfo::LITERAL != 0 || src0 == 255 {
                Extra::Literal
            } else if i.arch.is_vi_plus() && (src0 == 249 || src0 == 250) {
                Extra::Word // SDWA / DPP
            } else {
                Extra::None
            }
        }
        Enc::Sop2 | Enc::Sopc if i.get(F::Ssrc0) == 255 || i.get(F::Ssrc1) == 255 => Extra::Literal,
        Enc::Sop1 if i.get(F::Ssrc0) == 255 => Extra::Literal,
        Enc::Sopk if info & DecodeInfo::LITERAL != 0 => Extra::Literal,
        // GCN 1.1: an SGPR offset code of 255 means a 32-bit literal offset.
        // (S_MEMTIME and S_DCACHE_INV have no offset operand: no literal.)
        Enc::Smrd
            if i.arch == Arch::Gcn11
                && i.get(F::Imm) == 0
                && i.get(F::Offset) == 255
                && info & DecodeInfo::NO_OFFSET == 0 =>
        {
            Extra::Literal
        }
        _ => Extra::None,
    }
}

/// The decoder's facts of `i`'s row (0 without one).
#[inline(always)]
fn info(i: &Instr) -> u8 {
    i.def.map_or(0, |d| isa().decode_info(d))
}

/// Does a literal dword follow `i`'s fixed part (as its fields and row say)?
pub fn wants_literal(i: &Instr) -> bool {
    extra(i, info(i)) == Extra::Literal
}

/// Decodes one instruction from the start of `words`.
#[inline]
pub fn decode(arch: Arch, words: &[u32]) -> Result<Instr, DecodeError> {
    let w0 = *words.first().ok_or(DecodeError::Empty)?;
    let t = isa();
    let mut enc = class_of(arch, w0);
    let Some(f) = fields(enc, arch) else {
        return Ok(data_word(arch, w0));
    };
    let n = f.layout.words as usize;
    if words.len() < n {
        return Err(DecodeError::Truncated {
            need: n,
            have: words.len(),
        });
    }
    let mut i = Instr {
        arch,
        enc,
        opcode: 0,
        def: None,
        words: [w0, if n > 1 { words[1] } else { 0 }, 0],
        len: n as u8,
        literal: None,
        fl: f,
    };
    i.opcode = i.get(F::Op) as u16;
    i.def = t.by_opcode(enc, arch, i.opcode as u32);
    let info = i.def.map_or(0, |d| t.decode_info(d));
    if enc == Enc::Vop3a && info & DecodeInfo::VOP3B != 0 {
        enc = Enc::Vop3b;
        i.set_enc(enc);
    }
    match extra(&i, info) {
        Extra::None => {}
        e => {
            let w = *words.get(n).ok_or(DecodeError::Truncated {
                need: n + 1,
                have: words.len(),
            })?;
            i.words[n] = w;
            i.len = n as u8 + 1;
            if e == Extra::Literal {
                i.literal = Some(w);
            }
        }
    }
    Ok(i)
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
    let f = i.fields();
    let b = i.words[0] as u64
        | if f.layout.words == 2 {
            (i.words[1] as u64) << 32
        } else {
            0
        };
    b & f.unused
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
}
