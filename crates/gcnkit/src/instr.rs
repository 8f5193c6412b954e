//! A decoded instruction: the raw field values of its words plus its table row.
//! Fields stay raw (operand codes, modifier bits) so nothing is lost: the printers, the JSON
//! breakdown and the emulator interpret them through the row and [`crate::operand`].

use crate::arch::Arch;
use crate::isa::{isa, DefId, InstrDef};

/// Encoding class of a word.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Enc {
    Vop2,
    Vopc,
    Vop3a,
    Vop3b,
    /// A word of another encoding class (SOP*, VOP1, memory...) that gcnkit does not decode.
    Other,
}

impl Enc {
    pub fn name(self) -> &'static str {
        match self {
            Enc::Vop2 => "VOP2",
            Enc::Vopc => "VOPC",
            Enc::Vop3a => "VOP3A",
            Enc::Vop3b => "VOP3B",
            Enc::Other => "other",
        }
    }

    pub fn is_vop3(self) -> bool {
        matches!(self, Enc::Vop3a | Enc::Vop3b)
    }
}

/// One decoded instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instr {
    pub arch: Arch,
    pub enc: Enc,
    /// The opcode field's value.
    pub opcode: u16,
    /// Table row; `None` when the opcode is unused on this arch.
    pub def: Option<DefId>,
    /// The words, literal included; `len` of them are valid.
    pub words: [u32; 3],
    pub len: u8,
    /// VDST field (VOP2: 8-bit VGPR number; VOP3: bits 0-7, an SGPR code for compares and
    /// V_READLANE).
    pub vdst: u16,
    /// VOP3B SDST field (bits 8-14).
    pub sdst: u16,
    /// Source codes in the 9-bit operand space; VSRC1 of VOP2/VOPC is stored as 256 + VGPR.
    pub src: [u16; 3],
    /// The literal dword, when one follows.
    pub literal: Option<u32>,
    /// VOP3A modifier bits (bit i = source i).
    pub abs: u8,
    pub neg: u8,
    pub clamp: bool,
    pub omod: u8,
    /// GCN 1.4 OP_SEL bits 11-14 (bit 3 = destination).
    pub op_sel: u8,
}

impl Instr {
    /// An instruction of class `enc` with every field zero (no row, no words yet): the start
    /// of the decoder, the assembler and the sampler, which fill in what they know.
    pub fn new(arch: Arch, enc: Enc) -> Instr {
        Instr {
            arch,
            enc,
            opcode: 0,
            def: None,
            words: [0; 3],
            len: 0,
            vdst: 0,
            sdst: 0,
            src: [0; 3],
            literal: None,
            abs: 0,
            neg: 0,
            clamp: false,
            omod: 0,
            op_sel: 0,
        }
    }

    pub fn words(&self) -> &[u32] {
        &self.words[..self.len as usize]
    }

    pub fn def(&self) -> Option<&'static InstrDef> {
        self.def.map(|d| isa().def(d))
    }

    /// Byte length.
    pub fn size(&self) -> usize {
        self.len as usize * 4
    }
}
