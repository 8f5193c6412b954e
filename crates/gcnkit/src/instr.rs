//! A decoded instruction: its words, its class and its table row. The words are the truth:
//! every field is read from (and written to) them through the class's description in
//! [`crate::enc`], so nothing is lost and nothing needs re-encoding. The printers, the JSON
//! breakdown and the emulator interpret fields through the row and [`crate::operand`].

use crate::arch::Arch;
pub use crate::enc::Enc;
use crate::enc::{fields, Fields, F};
use crate::isa::{isa, DefId, Form, InstrDef};

/// One instruction.
#[derive(Clone, Copy, Debug)]
pub struct Instr {
    pub arch: Arch,
    /// The class (change it with [`Instr::set_enc`], which keeps the fields in step).
    pub enc: Enc,
    /// The opcode field's value.
    pub opcode: u16,
    /// Table row; `None` when the opcode is unused on this arch (or for data).
    pub def: Option<DefId>,
    /// The words, literal (or extra word) included; `len` of them are valid.
    pub words: [u32; 3],
    pub len: u8,
    /// The literal dword, when one follows.
    pub literal: Option<u32>,
    /// The class's field positions on this arch (kept beside `enc`: field access is the
    /// printers' and the decoder's hot path).
    pub(crate) fl: &'static Fields,
}

impl PartialEq for Instr {
    fn eq(&self, o: &Instr) -> bool {
        self.arch == o.arch && self.enc == o.enc && self.def == o.def && self.words() == o.words()
    }
}

impl Eq for Instr {}

impl Instr {
    /// An instruction of class `enc` with every field zero but the class's identifying bits
    /// (no row, one dword or the class's length): the start of the assembler and the sampler.
    pub fn new(arch: Arch, enc: Enc) -> Instr {
        let (fl, w0, len) = match fields(enc, arch) {
            Some(f) => (f, f.layout.bits, f.layout.words),
            None => (crate::enc::no_fields(), 0, 1),
        };
        Instr {
            fl,
            arch,
            enc,
            opcode: 0,
            def: None,
            words: [w0, 0, 0],
            len,
            literal: None,
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

    /// The class's field positions on this arch.
    #[inline]
    pub fn fields(&self) -> &'static Fields {
        self.fl
    }

    /// Changes the class (VOP3A to VOP3B once the row is known), and with it the fields.
    pub fn set_enc(&mut self, enc: Enc) {
        self.enc = enc;
        self.fl = fields(enc, self.arch).unwrap_or_else(crate::enc::no_fields);
    }

    /// The bits of the fixed part (two dwords at most).
    #[inline(always)]
    pub(crate) fn bits(&self) -> u64 {
        (self.words[0] as u64 | (self.words[1] as u64) << 32) & self.fields().fixed
    }

    /// Field `f` (0 if the class has none).
    #[inline(always)]
    pub fn get(&self, f: F) -> u32 {
        self.fields().get(self.bits(), f)
    }

    /// Sets the opcode field(s) and [`Instr::opcode`].
    #[inline]
    pub fn set_opcode(&mut self, op: u16) {
        self.opcode = op;
        let fl = self.fields();
        let mut b = self.bits();
        fl.set_opcode(&mut b, op as u32);
        self.words[0] = b as u32;
        if fl.layout.words == 2 {
            self.words[1] = (b >> 32) as u32;
        }
    }

    /// Sets field `f` (ignored if the class has none).
    #[inline]
    pub fn set(&mut self, f: F, v: u32) {
        let fl = self.fields();
        let mut b = self.bits();
        fl.set(&mut b, f, v);
        self.words[0] = b as u32;
        if fl.layout.words == 2 {
            self.words[1] = (b >> 32) as u32;
        }
    }

    /// The row's operand layout, if it has a row.
    #[inline]
    fn form(&self) -> Option<Form> {
        self.def().map(|d| d.form)
    }

    /// VDST as an operand code: the VDST field (a VGPR number, or an SGPR code where a VOP3
    /// compare or V_READLANE writes a scalar), VCC for a VOPC word.
    #[inline]
    pub fn vdst(&self) -> u16 {
        match self.enc {
            Enc::Vopc | Enc::VopcDpp => 106,
            // GCN 1.4's VOPC SDWA writes SDST when SD is set.
            Enc::VopcSdwa if self.get(F::Sd) == 0 => 106,
            Enc::VopcSdwa => self.get(F::Sdst) as u16,
            _ => self.get(F::Vdst) as u16,
        }
    }

    #[inline]
    pub fn set_vdst(&mut self, v: u16) {
        self.set(F::Vdst, v as u32)
    }

    /// The VOP3B / scalar SDST field.
    #[inline]
    pub fn sdst(&self) -> u16 {
        self.get(F::Sdst) as u16
    }

    #[inline]
    pub fn set_sdst(&mut self, v: u16) {
        self.set(F::Sdst, v as u32)
    }

    /// Source `k` as a code of the 9-bit operand space: VSRC1 of VOP2/VOPC is 256 + its VGPR
    /// (V_READLANE/V_WRITELANE read a scalar code there); the scalar classes' 8-bit sources are
    /// codes 0-255 of the same space.
    #[inline]
    pub fn src(&self, k: usize) -> u16 {
        self.src_in(k, || self.form())
    }

    /// [`Instr::src`] with the row's form given (asked only for VSRC1 of a 32-bit word): for
    /// callers that hold the row already.
    #[inline(always)]
    pub(crate) fn src_in(&self, k: usize, form: impl FnOnce() -> Option<Form>) -> u16 {
        match (self.enc, k) {
            (Enc::Vop2 | Enc::Vopc, 1) => {
                let v = self.get(F::Vsrc1) as u16;
                if matches!(form(), Some(Form::ReadLane | Form::WriteLane)) {
                    v
                } else {
                    256 + v
                }
            }
            (Enc::Vop2 | Enc::Vopc | Enc::Vop1, 2) => 0,
            // SDWA/DPP: VGPRs, or (GCN 1.4 SDWA, S0/S1 set) scalar and constant codes.
            (e, k) if e.is_ext() => match k {
                0 => self.get(F::Src0) as u16 | if self.get(F::S0) == 0 { 256 } else { 0 },
                1 if e.base() != Enc::Vop1 => self.get(F::Vsrc1) as u16 | if self.get(F::S1) == 0 { 256 } else { 0 },
                _ => 0,
            },
            (e, 0) if e.is_sop() => self.get(F::Ssrc0) as u16,
            (e, 1) if e.is_sop() => self.get(F::Ssrc1) as u16,
            (_, 0) => self.get(F::Src0) as u16,
            (_, 1) => self.get(F::Src1) as u16,
            _ => self.get(F::Src2) as u16,
        }
    }

    /// Sets source `k` from an operand code (see [`Instr::src`]).
    #[inline]
    pub fn set_src(&mut self, k: usize, code: u16) {
        match (self.enc, k) {
            (Enc::Vop2 | Enc::Vopc, 1) => {
                let scalar = matches!(self.form(), Some(Form::ReadLane | Form::WriteLane));
                self.set(
                    F::Vsrc1,
                    if scalar { code } else { code.wrapping_sub(256) } as u32 & 0xff,
                )
            }
            (e, 0) if e.is_sop() => self.set(F::Ssrc0, code as u32),
            (e, 1) if e.is_sop() => self.set(F::Ssrc1, code as u32),
            (e, 0 | 1) if e.is_ext() => {
                let (f, s) = if k == 0 { (F::Src0, F::S0) } else { (F::Vsrc1, F::S1) };
                self.set(f, code as u32 & 0xff);
                self.set(s, (code < 256) as u32);
            }
            (e, _) if e.is_ext() => {}
            (_, 0) => self.set(F::Src0, code as u32),
            (_, 1) => self.set(F::Src1, code as u32),
            _ => self.set(F::Src2, code as u32),
        }
    }

    /// ABS bits (bit k = source k): VOP3A's field, SDWA/DPP's one bit per source.
    #[inline]
    pub fn abs(&self) -> u8 {
        (self.get(F::Abs) | self.get(F::Abs0) | self.get(F::Abs1) << 1) as u8
    }

    /// NEG bits: VOP3's field, SDWA/DPP's one bit per source.
    #[inline]
    pub fn neg(&self) -> u8 {
        (self.get(F::Neg) | self.get(F::Neg0) | self.get(F::Neg1) << 1) as u8
    }

    /// SDWA's SEXT bits (bit k = source k).
    #[inline]
    pub fn sext(&self) -> u8 {
        (self.get(F::Sext0) | self.get(F::Sext1) << 1) as u8
    }

    /// Sets ABS, NEG (and SDWA's SEXT) bits from masks, in whatever fields the class has.
    pub fn set_src_mods(&mut self, abs: u8, neg: u8, sext: u8) {
        if self.enc.is_ext() {
            for (k, (a, n, s)) in [(F::Abs0, F::Neg0, F::Sext0), (F::Abs1, F::Neg1, F::Sext1)]
                .into_iter()
                .enumerate()
            {
                self.set(a, (abs >> k & 1) as u32);
                self.set(n, (neg >> k & 1) as u32);
                self.set(s, (sext >> k & 1) as u32);
            }
        } else {
            self.set(F::Abs, abs as u32);
            self.set(F::Neg, neg as u32);
        }
    }

    #[inline]
    pub fn clamp(&self) -> bool {
        self.get(F::Clamp) != 0
    }

    #[inline]
    pub fn omod(&self) -> u8 {
        self.get(F::Omod) as u8
    }

    /// GCN 1.4 VOP3 OP_SEL bits (bit 3 = destination).
    #[inline]
    pub fn op_sel(&self) -> u8 {
        self.get(F::OpSel) as u8
    }

    /// Appends the literal dword (after the fixed part).
    pub fn push_literal(&mut self, l: u32) {
        let n = self.fields().layout.words as usize;
        self.words[n] = l;
        self.len = n as u8 + 1;
        self.literal = Some(l);
    }

    /// Drops a literal dword (the fixed part remains).
    pub fn clear_literal(&mut self) {
        self.len = self.fields().layout.words;
        self.literal = None;
    }
}
