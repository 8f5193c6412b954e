//! [`Instr`] fields → words: the inverse of [`crate::decode`] for every encoding class.

use crate::arch::Arch;
use crate::instr::{Enc, Instr};

/// Packs the fields of `i` into words (literal included). `Enc::Other` keeps its word.
pub fn encode(i: &Instr) -> ([u32; 3], u8) {
    let mut w = [0u32; 3];
    let mut len = 1u8;
    match i.enc {
        Enc::Vop2 => {
            w[0] = (i.src[0] as u32 & 0x1ff)
                | ((i.src[1] as u32 & 0xff) << 9)
                | ((i.vdst as u32 & 0xff) << 17)
                | ((i.opcode as u32 & 0x3f) << 25);
        }
        Enc::Vopc => {
            w[0] = (i.src[0] as u32 & 0x1ff)
                | ((i.src[1] as u32 & 0xff) << 9)
                | ((i.opcode as u32 & 0xff) << 17)
                | (0x3e << 25);
        }
        Enc::Vop3a | Enc::Vop3b => {
            let vi = i.arch.is_vi_plus();
            let op = if vi {
                (i.opcode as u32 & 0x3ff) << 16
            } else {
                (i.opcode as u32 & 0x1ff) << 17
            };
            let mut w0 = (i.vdst as u32 & 0xff) | op | (0x34 << 26);
            if i.enc == Enc::Vop3b {
                w0 |= (i.sdst as u32 & 0x7f) << 8;
                if i.clamp {
                    w0 |= 0x8000;
                }
            } else {
                w0 |= (i.abs as u32 & 7) << 8;
                if i.clamp {
                    w0 |= if vi { 0x8000 } else { 0x800 };
                }
                if i.arch == Arch::Gcn14 {
                    w0 |= (i.op_sel as u32 & 15) << 11;
                }
            }
            w[0] = w0;
            w[1] = (i.src[0] as u32 & 0x1ff)
                | ((i.src[1] as u32 & 0x1ff) << 9)
                | ((i.src[2] as u32 & 0x1ff) << 18)
                | ((i.omod as u32 & 3) << 27)
                | ((i.neg as u32 & 7) << 29);
            len = 2;
        }
        Enc::Other => w[0] = i.words[0],
    }
    if let Some(l) = i.literal {
        w[len as usize] = l;
        len += 1;
    }
    (w, len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::decode;
    use proptest::prelude::*;

    proptest! {
        /// Whatever decodes re-encodes to the same words, for fields the decoder keeps
        /// (GCN 1.0/1.1 VOP3A bits 12-16 and the VOP3B bit 16 are not kept).
        #[test]
        fn decode_encode_roundtrip(a in 0usize..4, w0: u32, w1: u32, w2: u32) {
            let arch = Arch::ALL[a];
            let words = [w0, w1, w2];
            if let Ok(i) = decode(arch, &words) {
                let (e, n) = encode(&i);
                prop_assert_eq!(n, i.len);
                let mut want = i.words;
                want[0] &= !(crate::decode::unused_bits(&i) as u32);
                prop_assert_eq!(&e[..n as usize], &want[..n as usize]);
            }
        }
    }
}
