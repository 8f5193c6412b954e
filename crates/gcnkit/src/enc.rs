//! Encodings as data: every encoding class of GCN 1.0-1.4 described once — the fixed bits that
//! identify it, its length in dwords and what adds more (a literal, an SDWA/DPP word), and its
//! fields (name, bit range) per arch. The decoder finds the class and the length of every word
//! from this alone, so an instruction of a known class whose opcode the table does not know is
//! skipped whole; the printers' JSON fields, the unused-bit checks and the assembler's word
//! building read the same descriptions.

use crate::arch::Arch;

/// An encoding class. VOP3A and VOP3B share their fixed bits (the row decides which one a
/// word is); SMRD (GCN 1.0/1.1) and SMEM (GCN 1.2+) share theirs across generations.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Enc {
    Vop2,
    Vopc,
    Vop1,
    Vop3a,
    Vop3b,
    Vop3p,
    Sop2,
    Sopk,
    Sop1,
    Sopc,
    Sopp,
    Smrd,
    Smem,
    Vintrp,
    Ds,
    Mubuf,
    Mtbuf,
    Mimg,
    Exp,
    Flat,
    /// GCN 1.2+: a VOP2/VOPC/VOP1 word whose SRC0 code is 249 (SDWA) or 250 (DPP), with the
    /// dword of sub-dword selects or data-parallel controls that follows it. The row is the
    /// base class's (same opcode); the class is chosen by SRC0, not by the top bits.
    Vop2Sdwa,
    VopcSdwa,
    Vop1Sdwa,
    Vop2Dpp,
    VopcDpp,
    Vop1Dpp,
    /// A word that belongs to no class of the arch (or a data word).
    Other,
}

impl Enc {
    pub const ALL: [Enc; 26] = [
        Enc::Vop2,
        Enc::Vopc,
        Enc::Vop1,
        Enc::Vop3a,
        Enc::Vop3b,
        Enc::Vop3p,
        Enc::Sop2,
        Enc::Sopk,
        Enc::Sop1,
        Enc::Sopc,
        Enc::Sopp,
        Enc::Smrd,
        Enc::Smem,
        Enc::Vintrp,
        Enc::Ds,
        Enc::Mubuf,
        Enc::Mtbuf,
        Enc::Mimg,
        Enc::Exp,
        Enc::Flat,
        Enc::Vop2Sdwa,
        Enc::VopcSdwa,
        Enc::Vop1Sdwa,
        Enc::Vop2Dpp,
        Enc::VopcDpp,
        Enc::Vop1Dpp,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Enc::Vop2 => "VOP2",
            Enc::Vopc => "VOPC",
            Enc::Vop1 => "VOP1",
            Enc::Vop3a => "VOP3A",
            Enc::Vop3b => "VOP3B",
            Enc::Vop3p => "VOP3P",
            Enc::Sop2 => "SOP2",
            Enc::Sopk => "SOPK",
            Enc::Sop1 => "SOP1",
            Enc::Sopc => "SOPC",
            Enc::Sopp => "SOPP",
            Enc::Smrd => "SMRD",
            Enc::Smem => "SMEM",
            Enc::Vintrp => "VINTRP",
            Enc::Ds => "DS",
            Enc::Mubuf => "MUBUF",
            Enc::Mtbuf => "MTBUF",
            Enc::Mimg => "MIMG",
            Enc::Exp => "EXP",
            Enc::Flat => "FLAT",
            Enc::Vop2Sdwa => "VOP2_SDWA",
            Enc::VopcSdwa => "VOPC_SDWA",
            Enc::Vop1Sdwa => "VOP1_SDWA",
            Enc::Vop2Dpp => "VOP2_DPP",
            Enc::VopcDpp => "VOPC_DPP",
            Enc::Vop1Dpp => "VOP1_DPP",
            Enc::Other => "other",
        }
    }

    pub fn is_vop3(self) -> bool {
        matches!(self, Enc::Vop3a | Enc::Vop3b)
    }

    /// The 32-bit vector-ALU forms (VOP1, VOP2, VOPC).
    pub fn is_vop32(self) -> bool {
        matches!(self, Enc::Vop1 | Enc::Vop2 | Enc::Vopc)
    }

    /// SDWA forms of VOP2/VOPC/VOP1.
    pub fn is_sdwa(self) -> bool {
        matches!(self, Enc::Vop2Sdwa | Enc::VopcSdwa | Enc::Vop1Sdwa)
    }

    /// DPP forms of VOP2/VOPC/VOP1.
    pub fn is_dpp(self) -> bool {
        matches!(self, Enc::Vop2Dpp | Enc::VopcDpp | Enc::Vop1Dpp)
    }

    /// SDWA or DPP: a 32-bit vector-ALU word extended by a control dword.
    pub fn is_ext(self) -> bool {
        self.is_sdwa() || self.is_dpp()
    }

    /// The 32-bit class an SDWA/DPP form extends (the class itself otherwise): where its rows'
    /// opcodes are kept.
    pub fn base(self) -> Enc {
        match self {
            Enc::Vop2Sdwa | Enc::Vop2Dpp => Enc::Vop2,
            Enc::VopcSdwa | Enc::VopcDpp => Enc::Vopc,
            Enc::Vop1Sdwa | Enc::Vop1Dpp => Enc::Vop1,
            e => e,
        }
    }

    /// The SDWA (`dpp == false`) or DPP form of a 32-bit vector-ALU class.
    pub fn ext(self, dpp: bool) -> Option<Enc> {
        Some(match (self, dpp) {
            (Enc::Vop2, false) => Enc::Vop2Sdwa,
            (Enc::Vopc, false) => Enc::VopcSdwa,
            (Enc::Vop1, false) => Enc::Vop1Sdwa,
            (Enc::Vop2, true) => Enc::Vop2Dpp,
            (Enc::Vopc, true) => Enc::VopcDpp,
            (Enc::Vop1, true) => Enc::Vop1Dpp,
            _ => return None,
        })
    }

    /// The scalar ALU classes.
    pub fn is_sop(self) -> bool {
        matches!(self, Enc::Sop1 | Enc::Sop2 | Enc::Sopk | Enc::Sopc | Enc::Sopp)
    }
}

/// What a field holds. One name for the same meaning across classes, so that code asking for
/// "SRC0" or "SDST" does not care which class it reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum F {
    /// The class's fixed identifying bits.
    Encoding,
    Op,
    Vdst,
    Sdst,
    Src0,
    Src1,
    Src2,
    /// VSRC1 of VOP2/VOPC: an 8-bit VGPR number (a scalar code for V_READLANE/V_WRITELANE).
    Vsrc1,
    Abs,
    Neg,
    Clamp,
    Omod,
    OpSel,
    /// SOP2/SOP1/SOPC scalar sources (8-bit codes).
    Ssrc0,
    Ssrc1,
    Simm16,
    /// SMRD/SMEM: the offset is an immediate (not an SGPR).
    Imm,
    Offset,
    /// SMRD/SMEM base: an SGPR pair, field value = first SGPR / 2.
    Sbase,
    Sdata,
    Glc,
    /// GCN 1.4 SMEM: an SGPR offset beside the immediate one.
    Soe,
    Soffset,
    Nv,
    /// DS: the two 8-bit offsets (one 16-bit offset, OFFSET1:OFFSET0, where the row has one).
    Offset0,
    Offset1,
    /// DS: global data share instead of LDS.
    Gds,
    /// Vector memory: the address VGPR(s).
    Vaddr,
    /// Vector memory: the data VGPR(s) (DS's DATA0; MUBUF/MTBUF's data in and out).
    Vdata,
    /// DS: the second data VGPR(s).
    Data1,
    /// MUBUF/MTBUF addressing: VADDR holds an offset, an index, a 64-bit address (GCN 1.0/1.1).
    Offen,
    Idxen,
    Addr64,
    /// MUBUF: the data goes to LDS, not VGPRs.
    Lds,
    Slc,
    /// Texture-fail enable: one more data VGPR receives the fail status.
    Tfe,
    /// MUBUF/MTBUF: the buffer resource, four SGPRs (field value = first SGPR / 4).
    Srsrc,
    /// MTBUF: data and number format.
    Dfmt,
    Nfmt,
    /// GCN 1.4 FLAT: the segment (0 flat, 1 scratch, 2 global).
    Seg,
    /// GCN 1.4 GLOBAL/SCRATCH: the SGPR address (0x7f: none).
    Saddr,
    /// SDWA/DPP: the SRC0 code of the first dword (249 SDWA, 250 DPP) that says the control
    /// dword follows (the real SRC0 is in that dword).
    Ext,
    /// SDWA: the destination's selected part, and what happens to the rest of it.
    DstSel,
    DstUnused,
    /// SDWA: each source's selected part and sign extension; SDWA/DPP: each source's NEG
    /// and ABS (one bit each, not beside each other as VOP3's are).
    Src0Sel,
    Src1Sel,
    Sext0,
    Sext1,
    Neg0,
    Neg1,
    Abs0,
    Abs1,
    /// GCN 1.4 SDWA: SRC0/SRC1 is a scalar or constant code (not a VGPR).
    S0,
    S1,
    /// GCN 1.4 VOPC SDWA: the result goes to SDST (not VCC).
    Sd,
    /// DPP: the lane pattern, the bound control and the row and bank write masks.
    DppCtrl,
    BoundCtrl,
    BankMask,
    RowMask,
    /// VOP3P: NEG of each source's high half (NEG_LO is [`F::Neg`]).
    NegHi,
    /// VOP3P: which half of SRC0/SRC1 the high result reads (OP_SEL_HI; [`F::OpSelHi2`] is
    /// SRC2's bit, in the first dword).
    OpSelHi,
    OpSelHi2,
    /// VINTRP: the attribute (0-63) and its channel (x, y, z, w).
    Attr,
    AttrChan,
    /// EXP: which sources are written, the target, two f16 per VGPR, last export of the
    /// shader, valid mask.
    En,
    Tgt,
    Compr,
    Done,
    Vm,
    /// EXP: the four source VGPRs.
    ExpSrc0,
    ExpSrc1,
    ExpSrc2,
    ExpSrc3,
    /// MIMG: which components are read or written (one data VGPR each), unnormalised
    /// coordinates, an array (DA), GCN 1.0-1.2's 128-bit resource / GCN 1.4's 16-bit
    /// addresses (bit 15), LOD warning enable, the sampler (four SGPRs, field = first / 4), and
    /// GCN 1.2+'s 16-bit data.
    Dmask,
    Unorm,
    Da,
    R128,
    Lwe,
    Ssamp,
    D16,
}

/// Number of [`F`] values.
pub const NF: usize = F::D16 as usize + 1;

impl F {
    pub fn name(self) -> &'static str {
        match self {
            F::Encoding => "encoding",
            F::Op => "opcode",
            F::Vdst => "vdst",
            F::Sdst => "sdst",
            F::Src0 => "src0",
            F::Src1 => "src1",
            F::Src2 => "src2",
            F::Vsrc1 => "vsrc1",
            F::Abs => "abs",
            F::Neg => "neg",
            F::Clamp => "clamp",
            F::Omod => "omod",
            F::OpSel => "op_sel",
            F::Ssrc0 => "ssrc0",
            F::Ssrc1 => "ssrc1",
            F::Simm16 => "simm16",
            F::Imm => "imm",
            F::Offset => "offset",
            F::Sbase => "sbase",
            F::Sdata => "sdata",
            F::Glc => "glc",
            F::Soe => "soe",
            F::Soffset => "soffset",
            F::Nv => "nv",
            F::Offset0 => "offset0",
            F::Offset1 => "offset1",
            F::Gds => "gds",
            F::Vaddr => "vaddr",
            F::Vdata => "vdata",
            F::Data1 => "data1",
            F::Offen => "offen",
            F::Idxen => "idxen",
            F::Addr64 => "addr64",
            F::Lds => "lds",
            F::Slc => "slc",
            F::Tfe => "tfe",
            F::Srsrc => "srsrc",
            F::Dfmt => "dfmt",
            F::Nfmt => "nfmt",
            F::Seg => "seg",
            F::Saddr => "saddr",
            F::Ext => "ext",
            F::DstSel => "dst_sel",
            F::DstUnused => "dst_unused",
            F::Src0Sel => "src0_sel",
            F::Src1Sel => "src1_sel",
            F::Sext0 => "src0_sext",
            F::Sext1 => "src1_sext",
            F::Neg0 => "src0_neg",
            F::Neg1 => "src1_neg",
            F::Abs0 => "src0_abs",
            F::Abs1 => "src1_abs",
            F::S0 => "s0",
            F::S1 => "s1",
            F::Sd => "sd",
            F::DppCtrl => "dpp_ctrl",
            F::BoundCtrl => "bound_ctrl",
            F::BankMask => "bank_mask",
            F::RowMask => "row_mask",
            F::NegHi => "neg_hi",
            F::OpSelHi => "op_sel_hi",
            F::OpSelHi2 => "op_sel_hi2",
            F::Attr => "attr",
            F::AttrChan => "attrchan",
            F::En => "en",
            F::Tgt => "tgt",
            F::Compr => "compr",
            F::Done => "done",
            F::Vm => "vm",
            F::ExpSrc0 => "vsrc0",
            F::ExpSrc1 => "vsrc1",
            F::ExpSrc2 => "vsrc2",
            F::ExpSrc3 => "vsrc3",
            F::Dmask => "dmask",
            F::Unorm => "unorm",
            F::Da => "da",
            F::R128 => "r128",
            F::Lwe => "lwe",
            F::Ssamp => "ssamp",
            F::D16 => "d16",
        }
    }
}

/// A field: bits `lo..lo + width` of the instruction (bit 32 is bit 0 of the second dword).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Field {
    pub f: F,
    pub lo: u8,
    pub width: u8,
}

const fn fld(f: F, lo: u8, width: u8) -> Field {
    Field { f, lo, width }
}

/// One encoding class as it is on some archs.
#[derive(Debug)]
pub struct Layout {
    pub enc: Enc,
    /// Word 0 & mask == bits identifies the class.
    pub mask: u32,
    pub bits: u32,
    /// Dwords without a literal or extra word.
    pub words: u8,
    /// Fields in bit order (the identifying bits as [`F::Encoding`]).
    pub fields: &'static [Field],
    /// More fields after those, in parts (SDWA/DPP's control dword).
    pub more: &'static [&'static [Field]],
}

impl Layout {
    /// Every field, in bit order.
    pub fn all_fields(&self) -> impl Iterator<Item = &'static Field> {
        self.fields.iter().chain(self.more.iter().flat_map(|p| p.iter()))
    }
}

use F::*;

const VOP2: Layout = Layout {
    enc: Enc::Vop2,
    mask: 0x8000_0000,
    bits: 0,
    words: 1,
    more: &[],
    fields: &[
        fld(Src0, 0, 9),
        fld(Vsrc1, 9, 8),
        fld(Vdst, 17, 8),
        fld(Op, 25, 6),
        fld(Encoding, 31, 1),
    ],
};
const VOPC: Layout = Layout {
    enc: Enc::Vopc,
    mask: 0xfe00_0000,
    bits: 0x7c00_0000,
    words: 1,
    more: &[],
    fields: &[fld(Src0, 0, 9), fld(Vsrc1, 9, 8), fld(Op, 17, 8), fld(Encoding, 25, 7)],
};
const VOP1: Layout = Layout {
    enc: Enc::Vop1,
    mask: 0xfe00_0000,
    bits: 0x7e00_0000,
    words: 1,
    more: &[],
    fields: &[fld(Src0, 0, 9), fld(Op, 9, 8), fld(Vdst, 17, 8), fld(Encoding, 25, 7)],
};
const VOP3_TAIL: [Field; 5] = [
    fld(Src0, 32, 9),
    fld(Src1, 41, 9),
    fld(Src2, 50, 9),
    fld(Omod, 59, 2),
    fld(Neg, 61, 3),
];
const VOP3A_SI: Layout = Layout {
    enc: Enc::Vop3a,
    mask: 0xfc00_0000,
    bits: 0xd000_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Vdst, 0, 8),
        fld(Abs, 8, 3),
        fld(Clamp, 11, 1),
        fld(Op, 17, 9),
        fld(Encoding, 26, 6),
        VOP3_TAIL[0],
        VOP3_TAIL[1],
        VOP3_TAIL[2],
        VOP3_TAIL[3],
        VOP3_TAIL[4],
    ],
};
const VOP3B_SI: Layout = Layout {
    enc: Enc::Vop3b,
    mask: 0xfc00_0000,
    bits: 0xd000_0000,
    words: 2,
    more: &[],
    // Bit 15 is no CLAMP on GCN 1.0/1.1 (llvm-mc takes `clamp` there and encodes nothing);
    // it is kept as a field so that a word with it set reads back whole.
    fields: &[
        fld(Vdst, 0, 8),
        fld(Sdst, 8, 7),
        fld(Clamp, 15, 1),
        fld(Op, 17, 9),
        fld(Encoding, 26, 6),
        VOP3_TAIL[0],
        VOP3_TAIL[1],
        VOP3_TAIL[2],
        VOP3_TAIL[3],
        VOP3_TAIL[4],
    ],
};
const VOP3A_VI: Layout = Layout {
    enc: Enc::Vop3a,
    mask: 0xfc00_0000,
    bits: 0xd000_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Vdst, 0, 8),
        fld(Abs, 8, 3),
        fld(Clamp, 15, 1),
        fld(Op, 16, 10),
        fld(Encoding, 26, 6),
        VOP3_TAIL[0],
        VOP3_TAIL[1],
        VOP3_TAIL[2],
        VOP3_TAIL[3],
        VOP3_TAIL[4],
    ],
};
const VOP3A_GFX9: Layout = Layout {
    enc: Enc::Vop3a,
    mask: 0xfc00_0000,
    bits: 0xd000_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Vdst, 0, 8),
        fld(Abs, 8, 3),
        fld(OpSel, 11, 4),
        fld(Clamp, 15, 1),
        fld(Op, 16, 10),
        fld(Encoding, 26, 6),
        VOP3_TAIL[0],
        VOP3_TAIL[1],
        VOP3_TAIL[2],
        VOP3_TAIL[3],
        VOP3_TAIL[4],
    ],
};
const VOP3B_VI: Layout = Layout {
    enc: Enc::Vop3b,
    mask: 0xfc00_0000,
    bits: 0xd000_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Vdst, 0, 8),
        fld(Sdst, 8, 7),
        fld(Clamp, 15, 1),
        fld(Op, 16, 10),
        fld(Encoding, 26, 6),
        VOP3_TAIL[0],
        VOP3_TAIL[1],
        VOP3_TAIL[2],
        VOP3_TAIL[3],
        VOP3_TAIL[4],
    ],
};
/// GCN 1.4's packed math (VOP3P): per-source OP_SEL, OP_SEL_HI, NEG_LO ([`F::Neg`]) and NEG_HI.
const VOP3P: Layout = Layout {
    enc: Enc::Vop3p,
    mask: 0xff80_0000,
    bits: 0xd380_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Vdst, 0, 8),
        fld(NegHi, 8, 3),
        fld(OpSel, 11, 3),
        fld(OpSelHi2, 14, 1),
        fld(Clamp, 15, 1),
        fld(Op, 16, 7),
        fld(Encoding, 23, 9),
        fld(Src0, 32, 9),
        fld(Src1, 41, 9),
        fld(Src2, 50, 9),
        fld(OpSelHi, 59, 2),
        fld(Neg, 61, 3),
    ],
};
const SOP2: Layout = Layout {
    enc: Enc::Sop2,
    mask: 0xc000_0000,
    bits: 0x8000_0000,
    words: 1,
    more: &[],
    fields: &[
        fld(Ssrc0, 0, 8),
        fld(Ssrc1, 8, 8),
        fld(Sdst, 16, 7),
        fld(Op, 23, 7),
        fld(Encoding, 30, 2),
    ],
};
const SOPK: Layout = Layout {
    enc: Enc::Sopk,
    mask: 0xf000_0000,
    bits: 0xb000_0000,
    words: 1,
    more: &[],
    fields: &[
        fld(Simm16, 0, 16),
        fld(Sdst, 16, 7),
        fld(Op, 23, 5),
        fld(Encoding, 28, 4),
    ],
};
const SOP1: Layout = Layout {
    enc: Enc::Sop1,
    mask: 0xff80_0000,
    bits: 0xbe80_0000,
    words: 1,
    more: &[],
    fields: &[fld(Ssrc0, 0, 8), fld(Op, 8, 8), fld(Sdst, 16, 7), fld(Encoding, 23, 9)],
};
const SOPC: Layout = Layout {
    enc: Enc::Sopc,
    mask: 0xff80_0000,
    bits: 0xbf00_0000,
    words: 1,
    more: &[],
    fields: &[fld(Ssrc0, 0, 8), fld(Ssrc1, 8, 8), fld(Op, 16, 7), fld(Encoding, 23, 9)],
};
const SOPP: Layout = Layout {
    enc: Enc::Sopp,
    mask: 0xff80_0000,
    bits: 0xbf80_0000,
    words: 1,
    more: &[],
    fields: &[fld(Simm16, 0, 16), fld(Op, 16, 7), fld(Encoding, 23, 9)],
};
const SMRD: Layout = Layout {
    enc: Enc::Smrd,
    mask: 0xf800_0000,
    bits: 0xc000_0000,
    words: 1,
    more: &[],
    fields: &[
        fld(Offset, 0, 8),
        fld(Imm, 8, 1),
        fld(Sbase, 9, 6),
        fld(Sdst, 15, 7),
        fld(Op, 22, 5),
        fld(Encoding, 27, 5),
    ],
};
const SMEM_VI: Layout = Layout {
    enc: Enc::Smem,
    mask: 0xfc00_0000,
    bits: 0xc000_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Sbase, 0, 6),
        fld(Sdata, 6, 7),
        fld(Glc, 16, 1),
        fld(Imm, 17, 1),
        fld(Op, 18, 8),
        fld(Encoding, 26, 6),
        fld(Offset, 32, 20),
    ],
};
const SMEM_GFX9: Layout = Layout {
    enc: Enc::Smem,
    mask: 0xfc00_0000,
    bits: 0xc000_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Sbase, 0, 6),
        fld(Sdata, 6, 7),
        fld(Soe, 14, 1),
        fld(Nv, 15, 1),
        fld(Glc, 16, 1),
        fld(Imm, 17, 1),
        fld(Op, 18, 8),
        fld(Encoding, 26, 6),
        fld(Offset, 32, 21),
        fld(Soffset, 57, 7),
    ],
};
const VINTRP_FIELDS: [Field; 6] = [
    fld(Src0, 0, 8),
    fld(AttrChan, 8, 2),
    fld(Attr, 10, 6),
    fld(Op, 16, 2),
    fld(Vdst, 18, 8),
    fld(Encoding, 26, 6),
];
const VINTRP_SI: Layout = Layout {
    enc: Enc::Vintrp,
    mask: 0xfc00_0000,
    bits: 0xc800_0000,
    words: 1,
    more: &[],
    fields: &VINTRP_FIELDS,
};
const VINTRP_VI: Layout = Layout {
    enc: Enc::Vintrp,
    mask: 0xfc00_0000,
    bits: 0xd400_0000,
    words: 1,
    more: &[],
    fields: &VINTRP_FIELDS,
};
const DS_SI: Layout = Layout {
    enc: Enc::Ds,
    mask: 0xfc00_0000,
    bits: 0xd800_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Offset0, 0, 8),
        fld(Offset1, 8, 8),
        fld(Gds, 17, 1),
        fld(Op, 18, 8),
        fld(Encoding, 26, 6),
        fld(Vaddr, 32, 8),
        fld(Vdata, 40, 8),
        fld(Data1, 48, 8),
        fld(Vdst, 56, 8),
    ],
};
const DS_VI: Layout = Layout {
    enc: Enc::Ds,
    mask: 0xfc00_0000,
    bits: 0xd800_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Offset0, 0, 8),
        fld(Offset1, 8, 8),
        fld(Gds, 16, 1),
        fld(Op, 17, 8),
        fld(Encoding, 26, 6),
        fld(Vaddr, 32, 8),
        fld(Vdata, 40, 8),
        fld(Data1, 48, 8),
        fld(Vdst, 56, 8),
    ],
};
/// MUBUF/MTBUF's second dword (GCN 1.2+ MUBUF keeps SLC in the first: all but `[3]`).
const BUF_WORD1: [Field; 6] = [
    fld(Vaddr, 32, 8),
    fld(Vdata, 40, 8),
    fld(Srsrc, 48, 5),
    fld(Slc, 54, 1),
    fld(Tfe, 55, 1),
    fld(Soffset, 56, 8),
];
const MUBUF_SI: Layout = Layout {
    enc: Enc::Mubuf,
    mask: 0xfc00_0000,
    bits: 0xe000_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Offset, 0, 12),
        fld(Offen, 12, 1),
        fld(Idxen, 13, 1),
        fld(Glc, 14, 1),
        fld(Addr64, 15, 1),
        fld(Lds, 16, 1),
        fld(Op, 18, 7),
        fld(Encoding, 26, 6),
        BUF_WORD1[0],
        BUF_WORD1[1],
        BUF_WORD1[2],
        BUF_WORD1[3],
        BUF_WORD1[4],
        BUF_WORD1[5],
    ],
};
const MUBUF_VI: Layout = Layout {
    enc: Enc::Mubuf,
    mask: 0xfc00_0000,
    bits: 0xe000_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Offset, 0, 12),
        fld(Offen, 12, 1),
        fld(Idxen, 13, 1),
        fld(Glc, 14, 1),
        fld(Lds, 16, 1),
        fld(Slc, 17, 1),
        fld(Op, 18, 7),
        fld(Encoding, 26, 6),
        BUF_WORD1[0],
        BUF_WORD1[1],
        BUF_WORD1[2],
        BUF_WORD1[4],
        BUF_WORD1[5],
    ],
};
const MTBUF_SI: Layout = Layout {
    enc: Enc::Mtbuf,
    mask: 0xfc00_0000,
    bits: 0xe800_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Offset, 0, 12),
        fld(Offen, 12, 1),
        fld(Idxen, 13, 1),
        fld(Glc, 14, 1),
        fld(Addr64, 15, 1),
        fld(Op, 16, 3),
        fld(Dfmt, 19, 4),
        fld(Nfmt, 23, 3),
        fld(Encoding, 26, 6),
        BUF_WORD1[0],
        BUF_WORD1[1],
        BUF_WORD1[2],
        BUF_WORD1[3],
        BUF_WORD1[4],
        BUF_WORD1[5],
    ],
};
const MTBUF_VI: Layout = Layout {
    enc: Enc::Mtbuf,
    mask: 0xfc00_0000,
    bits: 0xe800_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Offset, 0, 12),
        fld(Offen, 12, 1),
        fld(Idxen, 13, 1),
        fld(Glc, 14, 1),
        fld(Op, 15, 4),
        fld(Dfmt, 19, 4),
        fld(Nfmt, 23, 3),
        fld(Encoding, 26, 6),
        BUF_WORD1[0],
        BUF_WORD1[1],
        BUF_WORD1[2],
        BUF_WORD1[3],
        BUF_WORD1[4],
        BUF_WORD1[5],
    ],
};
/// MIMG's fields but GCN 1.2+'s D16 (bit 63).
const MIMG_FIELDS: [Field; 15] = [
    fld(Dmask, 8, 4),
    fld(Unorm, 12, 1),
    fld(Glc, 13, 1),
    fld(Da, 14, 1),
    fld(R128, 15, 1),
    fld(Tfe, 16, 1),
    fld(Lwe, 17, 1),
    fld(Op, 18, 7),
    fld(Slc, 25, 1),
    fld(Encoding, 26, 6),
    fld(Vaddr, 32, 8),
    fld(Vdata, 40, 8),
    fld(Srsrc, 48, 5),
    fld(Ssamp, 53, 5),
    fld(D16, 63, 1),
];
const MIMG_SI: Layout = Layout {
    enc: Enc::Mimg,
    mask: 0xfc00_0000,
    bits: 0xf000_0000,
    words: 2,
    more: &[],
    fields: MIMG_FIELDS.split_at(14).0,
};
const MIMG_VI: Layout = Layout {
    enc: Enc::Mimg,
    mask: 0xfc00_0000,
    bits: 0xf000_0000,
    words: 2,
    more: &[],
    fields: &MIMG_FIELDS,
};
const EXP_FIELDS: [Field; 10] = [
    fld(En, 0, 4),
    fld(Tgt, 4, 6),
    fld(Compr, 10, 1),
    fld(Done, 11, 1),
    fld(Vm, 12, 1),
    fld(Encoding, 26, 6),
    fld(ExpSrc0, 32, 8),
    fld(ExpSrc1, 40, 8),
    fld(ExpSrc2, 48, 8),
    fld(ExpSrc3, 56, 8),
];
const EXP_SI: Layout = Layout {
    enc: Enc::Exp,
    mask: 0xfc00_0000,
    bits: 0xf800_0000,
    words: 2,
    more: &[],
    fields: &EXP_FIELDS,
};
const EXP_VI: Layout = Layout {
    enc: Enc::Exp,
    mask: 0xfc00_0000,
    bits: 0xc400_0000,
    words: 2,
    more: &[],
    fields: &EXP_FIELDS,
};
const FLAT_CI: Layout = Layout {
    enc: Enc::Flat,
    mask: 0xfc00_0000,
    bits: 0xdc00_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Glc, 16, 1),
        fld(Slc, 17, 1),
        fld(Op, 18, 7),
        fld(Encoding, 26, 6),
        fld(Vaddr, 32, 8),
        fld(Vdata, 40, 8),
        fld(Tfe, 55, 1),
        fld(Vdst, 56, 8),
    ],
};
const FLAT_GFX9: Layout = Layout {
    enc: Enc::Flat,
    mask: 0xfc00_0000,
    bits: 0xdc00_0000,
    words: 2,
    more: &[],
    fields: &[
        fld(Offset, 0, 13),
        fld(Lds, 13, 1),
        fld(Seg, 14, 2),
        fld(Glc, 16, 1),
        fld(Slc, 17, 1),
        fld(Op, 18, 7),
        fld(Encoding, 26, 6),
        fld(Vaddr, 32, 8),
        fld(Vdata, 40, 8),
        fld(Saddr, 48, 7),
        fld(Nv, 55, 1),
        fld(Vdst, 56, 8),
    ],
};

// SDWA and DPP (GCN 1.2+): the 32-bit class's first dword with SRC0 = 249/250 as identifying
// bits, and the control dword. GCN 1.4's SDWA adds OMOD, S0/S1 (scalar sources) and VOPC's
// SDST/SD in place of the destination selects.
const VOP2_EXT: [Field; 5] = [
    fld(Ext, 0, 9),
    fld(Vsrc1, 9, 8),
    fld(Vdst, 17, 8),
    fld(Op, 25, 6),
    fld(Encoding, 31, 1),
];
const VOPC_EXT: [Field; 4] = [fld(Ext, 0, 9), fld(Vsrc1, 9, 8), fld(Op, 17, 8), fld(Encoding, 25, 7)];
const VOP1_EXT: [Field; 4] = [fld(Ext, 0, 9), fld(Op, 9, 8), fld(Vdst, 17, 8), fld(Encoding, 25, 7)];
/// The control dword's SRC0 (a VGPR; GCN 1.4 SDWA: S0 says a scalar or constant code).
const EXT_SRC0: [Field; 1] = [fld(Src0, 32, 8)];
/// SDWA's destination select, unused-bits policy and CLAMP (GCN 1.4: OMOD too; GCN 1.4's
/// VOPC: SDST and SD there instead).
const SDWA_DST_VI: [Field; 3] = [fld(DstSel, 40, 3), fld(DstUnused, 43, 2), fld(Clamp, 45, 1)];
const SDWA_DST_GFX9: [Field; 4] = [
    fld(DstSel, 40, 3),
    fld(DstUnused, 43, 2),
    fld(Clamp, 45, 1),
    fld(Omod, 46, 2),
];
const SDWA_SDST_GFX9: [Field; 2] = [fld(Sdst, 40, 7), fld(Sd, 47, 1)];
/// SDWA's per-source select, SEXT, NEG and ABS (GCN 1.4: S0/S1).
const SDWA_SRC0_VI: [Field; 4] = [
    fld(Src0Sel, 48, 3),
    fld(Sext0, 51, 1),
    fld(Neg0, 52, 1),
    fld(Abs0, 53, 1),
];
const SDWA_SRC1_VI: [Field; 4] = [
    fld(Src1Sel, 56, 3),
    fld(Sext1, 59, 1),
    fld(Neg1, 60, 1),
    fld(Abs1, 61, 1),
];
const SDWA_S0: [Field; 1] = [fld(S0, 55, 1)];
const SDWA_S1: [Field; 1] = [fld(S1, 63, 1)];
/// DPP's lane pattern, bound control, SRC0's NEG and ABS; SRC1's; the bank and row masks.
const DPP_SRC0: [Field; 4] = [
    fld(DppCtrl, 40, 9),
    fld(BoundCtrl, 51, 1),
    fld(Neg0, 52, 1),
    fld(Abs0, 53, 1),
];
const DPP_SRC1: [Field; 2] = [fld(Neg1, 54, 1), fld(Abs1, 55, 1)];
const DPP_MASKS: [Field; 2] = [fld(BankMask, 56, 4), fld(RowMask, 60, 4)];
/// The SDWA/DPP form of a 32-bit class: its first dword's fields (`first`) and the control
/// dword's, in parts (VOP1 leaves out the second source's).
const fn ext_layout(
    enc: Enc,
    base: &Layout,
    code: u32,
    first: &'static [Field],
    more: &'static [&'static [Field]],
) -> Layout {
    Layout {
        enc,
        mask: base.mask | 0x1ff,
        bits: base.bits | code,
        words: 2,
        fields: first,
        more,
    }
}
const SDWA_VOP2_VI: Layout = ext_layout(
    Enc::Vop2Sdwa,
    &VOP2,
    249,
    &VOP2_EXT,
    &[&EXT_SRC0, &SDWA_DST_VI, &SDWA_SRC0_VI, &SDWA_SRC1_VI],
);
const SDWA_VOP2_GFX9: Layout = ext_layout(
    Enc::Vop2Sdwa,
    &VOP2,
    249,
    &VOP2_EXT,
    &[
        &EXT_SRC0,
        &SDWA_DST_GFX9,
        &SDWA_SRC0_VI,
        &SDWA_S0,
        &SDWA_SRC1_VI,
        &SDWA_S1,
    ],
);
const SDWA_VOP1_VI: Layout = ext_layout(
    Enc::Vop1Sdwa,
    &VOP1,
    249,
    &VOP1_EXT,
    &[&EXT_SRC0, &SDWA_DST_VI, &SDWA_SRC0_VI],
);
const SDWA_VOP1_GFX9: Layout = ext_layout(
    Enc::Vop1Sdwa,
    &VOP1,
    249,
    &VOP1_EXT,
    &[&EXT_SRC0, &SDWA_DST_GFX9, &SDWA_SRC0_VI, &SDWA_S0],
);
const SDWA_VOPC_VI: Layout = ext_layout(
    Enc::VopcSdwa,
    &VOPC,
    249,
    &VOPC_EXT,
    &[&EXT_SRC0, &SDWA_DST_VI, &SDWA_SRC0_VI, &SDWA_SRC1_VI],
);
const SDWA_VOPC_GFX9_L: Layout = ext_layout(
    Enc::VopcSdwa,
    &VOPC,
    249,
    &VOPC_EXT,
    &[
        &EXT_SRC0,
        &SDWA_SDST_GFX9,
        &SDWA_SRC0_VI,
        &SDWA_S0,
        &SDWA_SRC1_VI,
        &SDWA_S1,
    ],
);
const DPP_VOP2: Layout = ext_layout(
    Enc::Vop2Dpp,
    &VOP2,
    250,
    &VOP2_EXT,
    &[&EXT_SRC0, &DPP_SRC0, &DPP_SRC1, &DPP_MASKS],
);
const DPP_VOP1: Layout = ext_layout(Enc::Vop1Dpp, &VOP1, 250, &VOP1_EXT, &[&EXT_SRC0, &DPP_SRC0, &DPP_MASKS]);
const DPP_VOPC: Layout = ext_layout(
    Enc::VopcDpp,
    &VOPC,
    250,
    &VOPC_EXT,
    &[&EXT_SRC0, &DPP_SRC0, &DPP_SRC1, &DPP_MASKS],
);

/// Data words: no fields.
const OTHER: Layout = Layout {
    enc: Enc::Other,
    mask: 0,
    bits: 0,
    words: 1,
    more: &[],
    fields: &[],
};

/// The classes of an arch, most specific identification first.
fn layouts(arch: Arch) -> Vec<&'static Layout> {
    let mut v: Vec<&'static Layout> = match arch {
        Arch::Gcn10 => vec![
            &VOP2, &VOPC, &VOP1, &VOP3A_SI, &VOP3B_SI, &SOP2, &SOPK, &SOP1, &SOPC, &SOPP, &SMRD, &VINTRP_SI, &DS_SI,
            &MUBUF_SI, &MTBUF_SI, &MIMG_SI, &EXP_SI,
        ],
        Arch::Gcn11 => vec![
            &VOP2, &VOPC, &VOP1, &VOP3A_SI, &VOP3B_SI, &SOP2, &SOPK, &SOP1, &SOPC, &SOPP, &SMRD, &VINTRP_SI, &DS_SI,
            &MUBUF_SI, &MTBUF_SI, &MIMG_SI, &EXP_SI, &FLAT_CI,
        ],
        Arch::Gcn12 => vec![
            &VOP2,
            &VOPC,
            &VOP1,
            &VOP3A_VI,
            &VOP3B_VI,
            &SOP2,
            &SOPK,
            &SOP1,
            &SOPC,
            &SOPP,
            &SMEM_VI,
            &VINTRP_VI,
            &DS_VI,
            &MUBUF_VI,
            &MTBUF_VI,
            &MIMG_VI,
            &EXP_VI,
            &FLAT_CI,
            &SDWA_VOP2_VI,
            &SDWA_VOPC_VI,
            &SDWA_VOP1_VI,
            &DPP_VOP2,
            &DPP_VOPC,
            &DPP_VOP1,
        ],
        Arch::Gcn14 | Arch::Gcn141 => vec![
            &VOP2,
            &VOPC,
            &VOP1,
            &VOP3P,
            &VOP3A_GFX9,
            &VOP3B_VI,
            &SOP2,
            &SOPK,
            &SOP1,
            &SOPC,
            &SOPP,
            &SMEM_GFX9,
            &VINTRP_VI,
            &DS_VI,
            &MUBUF_VI,
            &MTBUF_VI,
            &MIMG_VI,
            &EXP_VI,
            &FLAT_GFX9,
            &SDWA_VOP2_GFX9,
            &SDWA_VOPC_GFX9_L,
            &SDWA_VOP1_GFX9,
            &DPP_VOP2,
            &DPP_VOPC,
            &DPP_VOP1,
        ],
    };
    v.sort_by_key(|l| std::cmp::Reverse(l.mask.count_ones()));
    v
}

/// The field positions of one class on one arch, indexed by [`F`]: O(1) field access.
#[derive(Clone, Copy, Debug)]
pub struct Fields {
    pub layout: &'static Layout,
    pos: [(u8, u8); NF],
    /// Each field's value mask (0 for a field the class lacks): a read is a shift and an and.
    mask: [u32; NF],
    /// The bits of the fixed-length part (one or two dwords), as a mask of the first two.
    pub(crate) fixed: u64,
    /// Bits of the fixed-length part that no field covers (set on a word: no assembler would
    /// write it, so the printers keep it as data).
    pub unused: u64,
    /// Width of OP; a SEG field (GCN 1.4 FLAT) extends the opcode above it, so that the
    /// FLAT, SCRATCH and GLOBAL rows of one OP index apart.
    op_bits: u8,
}

impl Fields {
    fn new(layout: &'static Layout) -> Fields {
        let mut pos = [(0u8, 0u8); NF];
        let mut mask = [0u32; NF];
        let mut covered = 0u64;
        for f in layout.all_fields() {
            pos[f.f as usize] = (f.lo, f.width);
            mask[f.f as usize] = ((1u64 << f.width) - 1) as u32;
            covered |= (((1u128 << f.width) - 1) as u64) << f.lo;
        }
        let all = if layout.words == 2 { u64::MAX } else { 0xffff_ffff };
        Fields {
            layout,
            pos,
            mask,
            fixed: all,
            unused: all & !covered,
            op_bits: pos[Op as usize].1,
        }
    }

    /// The opcode of the instruction bits `w`: OP, with SEG above it where the class has one.
    #[inline(always)]
    pub fn opcode(&self, w: u64) -> u32 {
        self.get(w, Op) | self.get(w, Seg) << self.op_bits
    }

    /// Sets the opcode (OP, and SEG where the class has one) in `w`.
    #[inline]
    pub fn set_opcode(&self, w: &mut u64, op: u32) {
        self.set(w, Op, op);
        self.set(w, Seg, op >> self.op_bits);
    }

    /// How many bits an opcode of the class has (OP and SEG).
    pub fn opcode_bits(&self) -> u8 {
        self.op_bits + self.pos[Seg as usize].1
    }

    /// Does the class have field `f`?
    #[inline]
    pub fn has(&self, f: F) -> bool {
        self.pos[f as usize].1 != 0
    }

    /// Field `f` of the instruction bits `w` (0 if the class has no such field).
    #[inline(always)]
    pub fn get(&self, w: u64, f: F) -> u32 {
        (w >> self.pos[f as usize].0) as u32 & self.mask[f as usize]
    }

    /// Sets field `f` in `w` (ignored if the class has no such field).
    #[inline]
    pub fn set(&self, w: &mut u64, f: F, v: u32) {
        let (lo, width) = self.pos[f as usize];
        if width == 0 {
            return;
        }
        let m = ((1u64 << width) - 1) << lo;
        *w = (*w & !m) | (((v as u64) << lo) & m);
    }

    /// The bit range of `f` as (first, last) bit, if the class has it.
    pub fn range(&self, f: F) -> Option<(u8, u8)> {
        let (lo, width) = self.pos[f as usize];
        (width != 0).then(|| (lo, lo + width - 1))
    }
}

/// Per arch: the class of each possible top 9 bits of a first word, and each class's fields.
struct Tables {
    class: [[Enc; 512]; 4],
    fields: Vec<[Option<Fields>; 4]>,
}

static TABLES: std::sync::LazyLock<Tables> = std::sync::LazyLock::new(|| {
    let mut fields: Vec<[Option<Fields>; 4]> = vec![[None; 4]; Enc::Other as usize + 1];
    let mut class = [[Enc::Other; 512]; 4];
    for arch in Arch::ALL {
        let ai = arch.index();
        let ls = layouts(arch);
        for l in &ls {
            fields[l.enc as usize][ai] = Some(Fields::new(l));
        }
        fields[Enc::Other as usize][ai] = Some(Fields::new(&OTHER));
        // The identifying bits of every class lie in bits 23-31: each top 9 bits takes the
        // first class whose identifying bits it holds. A class's tops are its bits with every
        // value of the bits its mask leaves free (this runs at every start: no search of all
        // classes for each of the 512).
        let mut taken = [false; 512];
        for l in ls.iter().filter(|l| l.enc != Enc::Vop3b) {
            // (Bits outside the mask, or below bit 23: no word of the table holds them.)
            if l.bits & !(l.mask & 0x1ff << 23) != 0 {
                continue;
            }
            let (bits, free) = (l.bits >> 23, !(l.mask >> 23) & 0x1ff);
            let mut sub = free;
            loop {
                let top = (bits | sub) as usize;
                if !taken[top] {
                    taken[top] = true;
                    class[ai][top] = l.enc;
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & free;
            }
        }
    }
    Tables { class, fields }
});

/// The class of a first word on `arch` (VOP3 words come back as VOP3A; the row decides VOP3B).
#[inline]
pub fn class_of(arch: Arch, w0: u32) -> Enc {
    TABLES.class[arch.index()][(w0 >> 23) as usize]
}

/// The class of a first word on `arch` and its fields: [`class_of`] and [`fields`] with one
/// look at the tables (the decoder's first step).
#[inline(always)]
pub fn class_fields(arch: Arch, w0: u32) -> (Enc, Option<&'static Fields>) {
    let t = &*TABLES;
    let enc = t.class[arch.index()][(w0 >> 23) as usize];
    (enc, t.fields[enc as usize][arch.index()].as_ref())
}

/// The fields of class `enc` on `arch` (`None`: the arch has no such class).
#[inline]
pub fn fields(enc: Enc, arch: Arch) -> Option<&'static Fields> {
    TABLES.fields[enc as usize][arch.index()].as_ref()
}

/// The identifying bits of class `enc` on `arch`, to start a word with.
pub fn ident(enc: Enc, arch: Arch) -> u32 {
    fields(enc, arch).map(|f| f.layout.bits).unwrap_or(0)
}

/// The fields of a data word (none).
pub fn no_fields() -> &'static Fields {
    TABLES.fields[Enc::Other as usize][0].as_ref().unwrap()
}

/// The classes `arch` has.
pub fn classes(arch: Arch) -> impl Iterator<Item = Enc> {
    Enc::ALL.into_iter().filter(move |e| fields(*e, arch).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The class table gives each top 9 bits the first class (in `layouts` order) whose
    /// identifying bits the word holds, as a search of all of them would.
    #[test]
    fn class_table_is_the_first_match() {
        for arch in Arch::ALL {
            let ls = layouts(arch);
            for top in 0..512u32 {
                let w = top << 23;
                let first = ls.iter().find(|l| w & l.mask == l.bits && l.enc != Enc::Vop3b);
                assert_eq!(
                    class_of(arch, w),
                    first.map_or(Enc::Other, |l| l.enc),
                    "{arch} top {top}"
                );
            }
        }
    }

    #[test]
    fn classes_by_first_word() {
        // A word of each class, as llvm-mc 14 encodes it.
        for (arch, w, enc) in [
            (Arch::Gcn12, 0x0202_0702, Enc::Vop2),
            (Arch::Gcn12, 0x7c02_0702, Enc::Vopc),
            (Arch::Gcn12, 0x7e02_0302, Enc::Vop1),
            (Arch::Gcn12, 0xd101_8201, Enc::Vop3a),
            (Arch::Gcn14, 0xd38f_4001, Enc::Vop3p),
            (Arch::Gcn14, 0xd28f_0000, Enc::Vop3a),
            (Arch::Gcn10, 0x8005_0302, Enc::Sop2),
            (Arch::Gcn12, 0xb881_1801, Enc::Sopk),
            (Arch::Gcn12, 0xbe85_0002, Enc::Sop1),
            (Arch::Gcn12, 0xbf00_0302, Enc::Sopc),
            (Arch::Gcn12, 0xbf81_0000, Enc::Sopp),
            (Arch::Gcn11, 0xc000_82ff, Enc::Smrd),
            (Arch::Gcn14, 0xc002_0041, Enc::Smem),
            (Arch::Gcn10, 0xc804_0002, Enc::Vintrp),
            (Arch::Gcn12, 0xd404_0002, Enc::Vintrp),
            (Arch::Gcn10, 0xd8d8_0000, Enc::Ds),
            (Arch::Gcn12, 0xd86c_0000, Enc::Ds),
            (Arch::Gcn12, 0xe050_0000, Enc::Mubuf),
            (Arch::Gcn10, 0xe908_0000, Enc::Mtbuf),
            (Arch::Gcn10, 0xf000_0100, Enc::Mimg),
            (Arch::Gcn10, 0xf800_000f, Enc::Exp),
            (Arch::Gcn12, 0xc400_000f, Enc::Exp),
            (Arch::Gcn11, 0xdc30_0000, Enc::Flat),
            (Arch::Gcn10, 0xdc30_0000, Enc::Other),
        ] {
            assert_eq!(class_of(arch, w), enc, "{arch} {w:08x}");
        }
    }

    #[test]
    fn fields_and_unused_bits() {
        let f = fields(Enc::Vop3a, Arch::Gcn10).unwrap();
        assert_eq!(f.range(F::Op), Some((17, 25)));
        assert_eq!(f.unused, 0x1_f000);
        let f = fields(Enc::Vop3a, Arch::Gcn12).unwrap();
        assert_eq!(f.unused, 0x7800);
        assert_eq!(fields(Enc::Vop3a, Arch::Gcn14).unwrap().unused, 0);
        assert_eq!(fields(Enc::Vop3b, Arch::Gcn10).unwrap().unused, 0x1_0000);
        let mut w = 0u64;
        let s = fields(Enc::Sop2, Arch::Gcn12).unwrap();
        s.set(&mut w, F::Sdst, 5);
        s.set(&mut w, F::Ssrc1, 3);
        assert_eq!(s.get(w, F::Sdst), 5);
        assert_eq!(s.get(w, F::Ssrc1), 3);
        assert_eq!(w, 0x0005_0300);
    }
}
