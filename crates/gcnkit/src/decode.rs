//! Words → [`Instr`]: encoding class from the fixed bits, row from the per-arch opcode arrays.

use crate::arch::Arch;
use crate::instr::{Enc, Instr};
use crate::isa::{isa, Form};

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
                    "instruction needs {need} words but only {have} remain (truncated literal or VOP3 word)"
                )
            }
        }
    }
}

impl std::error::Error for DecodeError {}

/// Encoding class of a first word.
#[inline]
pub fn class_of(w: u32) -> Enc {
    if w & 0x8000_0000 == 0 {
        if w >> 25 == 0x3e {
            Enc::Vopc
        } else if w >> 25 == 0x3f {
            Enc::Other // VOP1
        } else {
            Enc::Vop2
        }
    } else if w >> 26 == 0x34 {
        Enc::Vop3a
    } else {
        Enc::Other
    }
}

/// Decodes one instruction from the start of `words`.
#[inline]
pub fn decode(arch: Arch, words: &[u32]) -> Result<Instr, DecodeError> {
    let w0 = *words.first().ok_or(DecodeError::Empty)?;
    let t = isa();
    let mut i = Instr {
        words: [w0, 0, 0],
        len: 1,
        ..Instr::new(arch, class_of(w0))
    };
    match i.enc {
        Enc::Vop2 | Enc::Vopc => {
            i.src[0] = (w0 & 0x1ff) as u16;
            i.src[1] = 256 + ((w0 >> 9) & 0xff) as u16;
            if i.enc == Enc::Vop2 {
                i.opcode = ((w0 >> 25) & 0x3f) as u16;
                i.vdst = ((w0 >> 17) & 0xff) as u16;
                i.def = t.vop2(arch, i.opcode as u32);
            } else {
                i.opcode = ((w0 >> 17) & 0xff) as u16;
                i.vdst = 106; // VCC
                i.def = t.vopc(arch, i.opcode as u32);
            }
            // V_READLANE/V_WRITELANE read a scalar through the VSRC1 field.
            if let Some(d) = i.def {
                if matches!(t.def(d).form, Form::ReadLane | Form::WriteLane) {
                    i.src[1] -= 256;
                }
            }
            let k_form = i
                .def
                .map(|d| matches!(t.def(d).form, Form::Madmk | Form::Madak))
                .unwrap_or(false);
            if i.src[0] == 255 || k_form {
                let lit = *words.get(1).ok_or(DecodeError::Truncated {
                    need: 2,
                    have: words.len(),
                })?;
                i.words[1] = lit;
                i.len = 2;
                i.literal = Some(lit);
            }
        }
        Enc::Vop3a | Enc::Vop3b => {
            let w1 = *words.get(1).ok_or(DecodeError::Truncated {
                need: 2,
                have: words.len(),
            })?;
            i.words[1] = w1;
            i.len = 2;
            i.opcode = if arch.is_vi_plus() {
                (w0 >> 16) & 0x3ff
            } else {
                (w0 >> 17) & 0x1ff
            } as u16;
            i.def = t.vop3(arch, i.opcode as u32);
            i.vdst = (w0 & 0xff) as u16;
            let vop3b = i.def.map(|d| t.def(d).form.is_vop3b()).unwrap_or(false);
            if vop3b {
                i.enc = Enc::Vop3b;
                i.sdst = ((w0 >> 8) & 0x7f) as u16;
            } else {
                i.abs = ((w0 >> 8) & 7) as u8;
                if arch == Arch::Gcn14 {
                    i.op_sel = ((w0 >> 11) & 15) as u8;
                }
            }
            i.clamp = if arch.is_vi_plus() || vop3b {
                w0 & 0x8000 != 0
            } else {
                w0 & 0x800 != 0
            };
            i.src = [
                (w1 & 0x1ff) as u16,
                ((w1 >> 9) & 0x1ff) as u16,
                ((w1 >> 18) & 0x1ff) as u16,
            ];
            i.omod = ((w1 >> 27) & 3) as u8;
            i.neg = ((w1 >> 29) & 7) as u8;
        }
        Enc::Other => {}
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

/// Bits of the word that the decoded fields do not account for (unused fields that are
/// non-zero); printers use it to spot words no assembler would produce.
pub fn unused_bits(i: &Instr) -> u64 {
    match i.enc {
        Enc::Vop3a if !i.arch.is_vi_plus() => (i.words[0] as u64) & 0x1_f000,
        Enc::Vop3a if i.arch != crate::arch::Arch::Gcn14 => (i.words[0] as u64) & 0x7800,
        Enc::Vop3b if !i.arch.is_vi_plus() => (i.words[0] as u64) & 0x1_0000,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_vop2_add() {
        let i = decode(Arch::Gcn12, &[0x0202_0702]).unwrap();
        assert_eq!(i.enc, Enc::Vop2);
        assert_eq!(i.def().unwrap().name[2], "v_add_f32");
        assert_eq!((i.vdst, i.src[0], i.src[1]), (1, 258, 259));
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
        assert!(i.clamp);
        assert_eq!((i.abs, i.neg, i.omod), (2, 1, 1));
    }
}
