//! The operand list of a decoded instruction in assembly order, from its row's [`Form`] and
//! its class: shared by both printers, the JSON record, the operand rules and the emulator's
//! operand reads. Each operand says what it is ([`Role`]) and holds its code in the 9-bit
//! operand space (registers and constants) or its value (immediates, branch offsets,
//! special-syntax fields).

use crate::enc::{Enc, F};
use crate::instr::Instr;
use crate::isa::{Flags, Form, InstrDef, Ty};

/// What an operand is to the instruction — and so how it is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Role {
    /// Vector destination (VDST field).
    Vdst,
    /// Scalar destination: compare result, carry out, V_READLANE's SGPR, SDST of the scalar
    /// classes and of scalar loads.
    Sdst,
    /// Source `n`: SRC0/SRC1/SRC2 of the vector ALU (VSRC1 of the 32-bit forms), SSRC0/SSRC1
    /// of the scalar ALU (and the SDST field where S_CMPK_*/S_SETREG read it).
    Src(u8),
    /// The MADMK/MADAK literal constant.
    K,
    /// A plain immediate (SIMM16 of SOPK/SOPP, S_ATC_PROBE's probe bits): `val`.
    Imm,
    /// A branch target: `val` is the signed dword offset from the next instruction.
    Label,
    /// S_GETREG/S_SETREG's register, offset and size: `val` is SIMM16.
    Hwreg,
    /// S_SENDMSG's message: `val` is SIMM16.
    Sendmsg,
    /// S_WAITCNT's counters: `val` is SIMM16.
    Waitcnt,
    /// GCN 1.2+'s index mode mask (S_SET_GPR_IDX_ON/MODE): `val`.
    GprIdx,
    /// S_SETREG_IMM32_B32's dword: `val`.
    Imm32,
    /// Scalar memory base: `code` is the first SGPR of the pair (or quad).
    Sbase,
    /// Scalar memory offset: `code` an SGPR (or the literal code 255 on GCN 1.1), or with
    /// `imm` set an immediate byte (SMEM) or dword (SMRD) offset in `val`.
    Offset,
    /// GCN 1.4 SMEM's SGPR offset beside the immediate (`soe`): `code`. MUBUF/MTBUF's SOFFSET
    /// (the 9-bit source space: SGPRs and inline constants).
    Soffset,
    /// Vector memory: the address VGPR(s) (`code` 256 + n).
    Vaddr,
    /// Vector memory: data VGPRs read (DS's DATA0/DATA1, a store's or atomic's VDATA).
    Data(u8),
    /// GCN 1.4 SCRATCH/GLOBAL: the SGPR base (one SGPR, a pair for GLOBAL).
    Saddr,
    /// MUBUF/MTBUF: the buffer resource, four SGPRs (`code` the first); MIMG's image
    /// resource (eight SGPRs, four with GCN 1.0-1.2's R128).
    Srsrc,
    /// MIMG: the sampler, four SGPRs (`code` the first).
    Ssamp,
    /// EXP's target: `val`.
    Target,
    /// VINTRP's attribute and channel: `val` = attribute << 2 | channel.
    Attr,
    /// V_INTERP_MOV_F32's parameter (0 `p10`, 1 `p20`, 2 `p0`): `val`.
    InterpParam,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Vdst => "vdst",
            Role::Sdst => "sdst",
            Role::Src(0) => "src0",
            Role::Src(1) => "src1",
            Role::Src(_) => "src2",
            Role::K => "k",
            Role::Imm => "imm",
            Role::Label => "label",
            Role::Hwreg => "hwreg",
            Role::Sendmsg => "sendmsg",
            Role::Waitcnt => "waitcnt",
            Role::GprIdx => "gpr_idx",
            Role::Imm32 => "imm32",
            Role::Sbase => "sbase",
            Role::Offset => "offset",
            Role::Soffset => "soffset",
            Role::Vaddr => "vaddr",
            Role::Data(0) => "data0",
            Role::Data(1) => "data1",
            Role::Data(2) => "data2",
            Role::Data(_) => "data3",
            Role::Saddr => "saddr",
            Role::Srsrc => "srsrc",
            Role::Ssamp => "ssamp",
            Role::Target => "target",
            Role::Attr => "attr",
            Role::InterpParam => "param",
        }
    }

    /// A register or constant code in the 9-bit operand space (not an immediate value).
    pub fn has_code(self) -> bool {
        matches!(
            self,
            Role::Vdst
                | Role::Sdst
                | Role::Src(_)
                | Role::K
                | Role::Sbase
                | Role::Soffset
                | Role::Offset
                | Role::Vaddr
                | Role::Data(_)
                | Role::Saddr
                | Role::Srsrc
                | Role::Ssamp
        )
    }
}

/// One operand: its code in the 9-bit operand space (VGPR destinations as 256 + n), its
/// width in registers and its value type; or, for immediates, its value.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Slot {
    pub role: Role,
    pub code: u16,
    pub regs: u8,
    pub ty: Ty,
    /// Fixed to VCC by the 32-bit encoding (not a field of the word).
    pub implicit: bool,
    /// The value of an immediate operand (and of an immediate offset).
    pub val: u32,
    /// An [`Role::Offset`] that is an immediate (not an SGPR).
    pub imm: bool,
}

/// The SADDR code that means none (`off`).
pub const SADDR_OFF: u16 = 0x7f;

impl Slot {
    /// A vector memory address that is absent (`off`): SCRATCH's VADDR beside an SGPR
    /// base, SADDR when there is none.
    pub fn is_off(&self) -> bool {
        self.regs == 0
    }

    /// An immediate value (not a register or constant code).
    pub fn is_value(&self) -> bool {
        !self.role.has_code() || (self.role == Role::Offset && self.imm)
    }

    /// A register or constant operand.
    pub fn new(role: Role, code: u16, regs: u8, ty: Ty) -> Slot {
        Slot {
            role,
            code,
            regs,
            ty,
            implicit: false,
            val: 0,
            imm: false,
        }
    }

    /// An immediate operand.
    pub fn value(role: Role, val: u32) -> Slot {
        Slot {
            val,
            ..Slot::new(role, 0, 1, Ty::B32)
        }
    }
}

/// Up to five operands.
#[derive(Clone, Copy, Debug)]
pub struct Slots {
    pub slots: [Slot; 5],
    pub len: usize,
}

impl Slots {
    pub fn as_slice(&self) -> &[Slot] {
        &self.slots[..self.len]
    }

    /// Does an operand stand for the literal dword (the literal code in a source, V_MADMK's
    /// constant, S_SETREG_IMM32_B32's dword)? A decoded literal no operand shows would be lost
    /// by a printer that writes the operands alone.
    pub fn shows_literal(&self) -> bool {
        self.as_slice().iter().any(|s| {
            s.role == Role::Imm32 || (s.code == 255 && !s.is_value() && !matches!(s.role, Role::Vdst | Role::Sdst))
        })
    }

    #[inline(always)]
    fn push(&mut self, s: Slot) {
        self.slots[self.len] = s;
        self.len += 1;
    }
}

const VCC: u16 = 106;

/// The operands of `i` (which must have a row) in assembly order.
#[inline]
pub fn operands(i: &Instr, d: &InstrDef) -> Slots {
    let mut s = Slots {
        slots: [Slot::value(Role::Imm, 0); 5],
        len: 0,
    };
    if d.short.is_vop() || d.short == crate::isa::Short::Vop3p {
        vector(&mut s, i, d);
    } else if d.short.is_gfx() {
        graphics(&mut s, i, d);
    } else if d.short.is_mem() {
        memory(&mut s, i, d);
    } else {
        scalar(&mut s, i, d);
    }
    s
}

/// Appends one operand (functions, not closures, so that they inline into [`vector`]).
#[inline(always)]
fn put(s: &mut Slots, (role, code, regs, ty): (Role, u16, u8, Ty), implicit: bool) {
    s.push(Slot {
        implicit,
        ..Slot::new(role, code, regs, ty)
    });
}

/// Source `k` of a vector-ALU instruction as (role, code, registers, type).
#[inline(always)]
fn vsrc(i: &Instr, d: &InstrDef, k: usize) -> (Role, u16, u8, Ty) {
    (
        Role::Src(k as u8),
        i.src_in(k, || Some(d.form)),
        d.src[k].regs(),
        d.src[k],
    )
}

/// The vector ALU: VOP1, VOP2, VOPC and their VOP3 forms.
fn vector(s: &mut Slots, i: &Instr, d: &InstrDef) {
    let e32 = !i.enc.is_vop3();
    let vdst = (Role::Vdst, 256 + i.vdst(), d.dst.regs(), d.dst);
    // Scalar destination of carries / VOP3B: VCC in the 32-bit form, SDST field in VOP3B.
    let sdst = if e32 {
        VCC
    } else if i.enc == Enc::Vop3b {
        i.sdst()
    } else {
        i.vdst()
    };
    match d.form {
        Form::Bin | Form::WriteLane => {
            put(s, vdst, false);
            for k in 0..2 {
                put(s, vsrc(i, d, k), false);
            }
        }
        Form::Ter => {
            put(s, vdst, false);
            for k in 0..3 {
                put(s, vsrc(i, d, k), false);
            }
        }
        Form::Carry | Form::CarryIn | Form::Vop3b => {
            put(s, vdst, false);
            put(s, (Role::Sdst, sdst, 2, Ty::B64), e32);
            let n = if d.form == Form::Carry { 2 } else { 3 };
            for k in 0..n {
                let (r, c, w, t) = vsrc(i, d, k);
                if k == 2 && e32 {
                    put(s, (r, VCC, 2, Ty::B64), true);
                } else {
                    put(s, (r, c, w, t), false);
                }
            }
        }
        Form::Cndmask => {
            put(s, vdst, false);
            for k in 0..3 {
                let (r, c, w, t) = vsrc(i, d, k);
                if k == 2 && e32 {
                    put(s, (r, VCC, 2, Ty::B64), true);
                } else {
                    put(s, (r, c, w, t), false);
                }
            }
        }
        Form::Madmk | Form::Madak => {
            put(s, vdst, false);
            put(s, vsrc(i, d, 0), false);
            if e32 {
                let (r1, c1, w1, t1) = vsrc(i, d, 1);
                if d.form == Form::Madmk {
                    put(s, (Role::K, 255, 1, d.dst), false);
                    put(s, (r1, c1, w1, t1), false);
                } else {
                    put(s, (r1, c1, w1, t1), false);
                    put(s, (Role::K, 255, 1, d.dst), false);
                }
            } else {
                for k in 1..3 {
                    put(s, vsrc(i, d, k), false);
                }
            }
        }
        Form::ReadLane => {
            put(s, (Role::Sdst, i.vdst(), 1, Ty::B32), false);
            for k in 0..2 {
                put(s, vsrc(i, d, k), false);
            }
        }
        Form::Cmp => {
            // GCN 1.4's VOPC SDWA names its destination when SD is set.
            if i.enc == Enc::VopcSdwa && i.get(F::Sd) != 0 {
                put(s, (Role::Sdst, i.vdst(), 2, Ty::B64), false);
            } else {
                put(s, (Role::Sdst, sdst, 2, Ty::B64), e32);
            }
            for k in 0..2 {
                put(s, vsrc(i, d, k), false);
            }
        }
        Form::Un => {
            put(s, vdst, false);
            put(s, vsrc(i, d, 0), false);
        }
        Form::ReadFirstLane => {
            put(s, (Role::Sdst, i.vdst(), 1, Ty::B32), false);
            put(s, vsrc(i, d, 0), false);
        }
        Form::Nop => {}
        _ => {}
    }
}

/// VINTRP and EXP.
fn graphics(s: &mut Slots, i: &Instr, d: &InstrDef) {
    match d.form {
        Form::Exp => {
            s.push(Slot::value(Role::Target, i.get(F::Tgt)));
            let en = i.get(F::En);
            for k in 0..4u8 {
                let f = exp_source_field(i, k as usize);
                // A disabled source is `off` (a slot of no registers).
                let regs = (en >> k & 1) as u8;
                s.push(Slot::new(Role::Data(k), 256 + i.get(f) as u16, regs, Ty::B32));
            }
        }
        // The VOP3 forms (GCN 1.2+): SRC0 holds the attribute, its channel and `high` (bit
        // 8), SRC1 the source (V_INTERP_MOV's parameter), SRC2 the third operand.
        _ if i.enc.is_vop3() => {
            s.push(Slot::new(Role::Vdst, 256 + i.vdst(), 1, d.dst));
            let src1 = i.get(F::Src1);
            if d.form == Form::InterpMov {
                s.push(Slot::value(Role::InterpParam, src1));
            } else {
                s.push(Slot::new(Role::Src(1), src1 as u16, 1, d.src[0]));
            }
            let a = i.get(F::Src0);
            s.push(Slot::value(Role::Attr, (a & 63) << 2 | (a >> 6 & 3)));
            if d.form == Form::InterpSrc2 {
                s.push(Slot::new(Role::Src(2), i.get(F::Src2) as u16, 1, d.src[2]));
            }
        }
        _ => {
            s.push(Slot::new(Role::Vdst, 256 + i.vdst(), 1, d.dst));
            if d.form == Form::InterpMov {
                s.push(Slot::value(Role::InterpParam, i.get(F::Src0)));
            } else {
                s.push(Slot::new(Role::Src(0), 256 + i.get(F::Src0) as u16, 1, d.src[0]));
            }
            s.push(Slot::value(Role::Attr, i.get(F::Attr) << 2 | i.get(F::AttrChan)));
        }
    }
}

/// The scalar ALU and scalar memory.
fn scalar(s: &mut Slots, i: &Instr, d: &InstrDef) {
    let reg = |role: Role, code: u16, ty: Ty| Slot::new(role, code, ty.regs(), ty);
    let sdst = || reg(Role::Sdst, i.sdst(), d.dst);
    let ssrc = |k: usize| reg(Role::Src(k as u8), i.src_in(k, || Some(d.form)), d.src[k]);
    let simm = i.get(F::Simm16);
    match d.form {
        Form::S2 => {
            s.push(sdst());
            s.push(ssrc(0));
            s.push(ssrc(1));
        }
        Form::S2NoDst | Form::C => {
            s.push(ssrc(0));
            s.push(ssrc(1));
        }
        Form::S1 => {
            s.push(sdst());
            s.push(ssrc(0));
        }
        Form::S1NoDst => s.push(ssrc(0)),
        Form::S1NoSrc => s.push(sdst()),
        Form::K => {
            s.push(sdst());
            s.push(Slot::value(Role::Imm, simm));
        }
        Form::KCmp => {
            s.push(reg(Role::Src(0), i.sdst(), d.src[0]));
            s.push(Slot::value(Role::Imm, simm));
        }
        Form::KFork => {
            s.push(reg(Role::Src(0), i.sdst(), d.src[0]));
            s.push(Slot::value(Role::Label, simm));
        }
        Form::KCall => {
            s.push(sdst());
            s.push(Slot::value(Role::Label, simm));
        }
        Form::KGetReg => {
            s.push(sdst());
            s.push(Slot::value(Role::Hwreg, simm));
        }
        Form::KSetReg => {
            s.push(Slot::value(Role::Hwreg, simm));
            s.push(reg(Role::Src(0), i.sdst(), d.src[0]));
        }
        Form::KSetRegImm => {
            s.push(Slot::value(Role::Hwreg, simm));
            s.push(Slot::value(Role::Imm32, i.literal.unwrap_or(0)));
        }
        Form::CGprIdx => {
            s.push(ssrc(0));
            s.push(Slot::value(Role::GprIdx, i.get(F::Ssrc1)));
        }
        Form::P0 => {}
        Form::PImm => s.push(Slot::value(Role::Imm, simm)),
        Form::PLabel => s.push(Slot::value(Role::Label, simm)),
        Form::PWaitcnt => s.push(Slot::value(Role::Waitcnt, simm)),
        Form::PSendmsg => s.push(Slot::value(Role::Sendmsg, simm)),
        Form::PGprIdx => s.push(Slot::value(Role::GprIdx, simm)),
        Form::MLoad | Form::MStore | Form::MAtomic | Form::MProbe | Form::MDiscard => {
            let data = if i.enc == Enc::Smem {
                i.get(F::Sdata)
            } else {
                i.sdst() as u32
            } as u16;
            match d.form {
                Form::MProbe => s.push(Slot::value(Role::Imm, data as u32)),
                Form::MDiscard => {}
                Form::MStore => s.push(reg(Role::Src(1), data, d.dst)),
                _ => s.push(reg(Role::Sdst, data, d.dst)),
            }
            let base_regs = if d.flags.has(Flags::BUFFER) { 4 } else { 2 };
            s.push(Slot::new(Role::Sbase, (i.get(F::Sbase) * 2) as u16, base_regs, Ty::B64));
            if i.get(F::Soe) != 0 {
                // GCN 1.4's SGPR offset (SOE), then the immediate one if IMM is set.
                s.push(Slot::new(Role::Soffset, i.get(F::Soffset) as u16, 1, Ty::B32));
                if i.get(F::Imm) != 0 {
                    s.push(offset(i));
                }
            } else {
                s.push(offset(i));
            }
        }
        Form::MTime => {
            let data = if i.enc == Enc::Smem {
                i.get(F::Sdata)
            } else {
                i.sdst() as u32
            } as u16;
            s.push(reg(Role::Sdst, data, d.dst));
        }
        Form::MNone => {}
        _ => {}
    }
}

/// A DS form's VGPR fields: those it has operands for, in assembly order, and the others
/// (CLRX writes them as notes when set; LLVM's text cannot set them). The one description of
/// the DS forms for the operand list, the printers and the assembler.
pub fn ds_fields(form: Form) -> (&'static [F], &'static [F]) {
    use F::{Data1, Vaddr, Vdata, Vdst};
    match form {
        Form::DsAddr => (&[Vaddr], &[Vdata, Data1, Vdst]),
        Form::DsData => (&[Vdata], &[Vaddr, Data1, Vdst]),
        Form::DsDst => (&[Vdst], &[Vaddr, Vdata, Data1]),
        Form::DsRead => (&[Vdst, Vaddr], &[Vdata, Data1]),
        Form::DsWrite => (&[Vaddr, Vdata], &[Data1, Vdst]),
        Form::DsWrite2 => (&[Vaddr, Vdata, Data1], &[Vdst]),
        Form::DsRtn => (&[Vdst, Vaddr, Vdata], &[Data1]),
        Form::DsRtn2 => (&[Vdst, Vaddr, Vdata, Data1], &[]),
        _ => (&[], &[]),
    }
}

/// A vector memory register field's name as CLRX writes it (`vdata0=0xa9`, `vdst=0x4`, and
/// in messages): DS calls its data fields VDATA0 and VDATA1.
pub fn mem_field_name(enc: Enc, f: F) -> &'static str {
    match (enc, f) {
        (Enc::Ds, F::Vdata) => "vdata0",
        (Enc::Ds, F::Data1) => "vdata1",
        (_, f) => f.name(),
    }
}

/// The operand of DS field `f` of row `d`: its role and value type.
pub fn ds_operand(d: &InstrDef, f: F) -> (Role, Ty) {
    match f {
        F::Vdst => (Role::Vdst, d.dst),
        F::Vdata => (Role::Data(0), d.src[0]),
        F::Data1 => (Role::Data(1), d.src[0]),
        _ => (Role::Vaddr, Ty::B32),
    }
}

/// Vector memory: DS's VGPR operands, or FLAT's.
fn memory(s: &mut Slots, i: &Instr, d: &InstrDef) {
    match i.enc {
        Enc::Flat => return flat(s, i, d),
        Enc::Mubuf | Enc::Mtbuf => return buffer(s, i, d),
        Enc::Mimg => return image(s, i, d),
        _ => {}
    }
    for &f in ds_fields(d.form).0 {
        let (role, ty) = ds_operand(d, f);
        s.push(Slot::new(role, 256 + i.get(f) as u16, ty.regs(), ty));
    }
}

/// FLAT, SCRATCH and GLOBAL: VDST (one more register with GCN 1.1/1.2's TFE), VADDR (a 64-bit
/// address; with an SGPR base, GLOBAL's 32-bit offset and SCRATCH's none), VDATA, and
/// SCRATCH/GLOBAL's SADDR (`off`: none).
fn flat(s: &mut Slots, i: &Instr, d: &InstrDef) {
    let vgpr = |role, f: F, regs: u8, ty: Ty| Slot::new(role, 256 + i.get(f) as u16, regs, ty);
    let seg = i.get(F::Seg);
    let saddr = i.get(F::Saddr) as u16;
    let has_base = saddr != SADDR_OFF;
    let addr_regs = flat_addr_regs(i);
    let vdst = vgpr(Role::Vdst, F::Vdst, d.dst.regs() + i.get(F::Tfe) as u8, d.dst);
    let vaddr = vgpr(
        Role::Vaddr,
        F::Vaddr,
        addr_regs,
        if addr_regs == 2 { Ty::B64 } else { Ty::B32 },
    );
    let vdata = vgpr(Role::Data(0), F::Vdata, d.src[0].regs(), d.src[0]);
    match d.form {
        Form::FlatLoad => {
            s.push(vdst);
            s.push(vaddr);
        }
        Form::FlatStore => {
            s.push(vaddr);
            s.push(vdata);
        }
        _ => {
            s.push(vdst);
            s.push(vaddr);
            s.push(vdata);
        }
    }
    if seg == 1 || seg == 2 {
        let ty = if seg == 1 { Ty::B32 } else { Ty::B64 };
        let regs = if has_base { ty.regs() } else { 0 };
        s.push(Slot::new(Role::Saddr, saddr, regs, ty));
    }
}

/// The VGPRs of a FLAT address: a 64-bit address; with an SGPR base (SADDR not `off`),
/// GLOBAL's 32-bit offset and SCRATCH's none (0: `off`). (SEG 3 is no segment: its words are
/// data, shown as FLAT.)
pub fn flat_addr_regs(i: &Instr) -> u8 {
    let has_base = i.get(F::Saddr) as u16 != SADDR_OFF;
    match i.get(F::Seg) {
        1 => u8::from(!has_base),
        2 => 2 - has_base as u8,
        _ => 2,
    }
}

/// The EXP sources' VSRC fields and whether each is enabled: with COMPR, sources 0/1 read
/// VSRC0 and 2/3 VSRC1.
pub fn exp_source_field(i: &Instr, k: usize) -> F {
    const VSRC: [F; 4] = [F::ExpSrc0, F::ExpSrc1, F::ExpSrc2, F::ExpSrc3];
    if i.get(F::Compr) != 0 {
        VSRC[k / 2]
    } else {
        VSRC[k]
    }
}

/// The VGPRs of a MUBUF/MTBUF VADDR: two with OFFEN and IDXEN or with ADDR64, else one.
pub fn buffer_addr_regs(i: &Instr) -> u8 {
    1 + ((i.get(F::Offen) & i.get(F::Idxen)) | i.get(F::Addr64)) as u8
}

/// MUBUF/MTBUF: VDATA (its width with [`buffer_data_regs`], one more register with TFE as
/// CLRX counts it), VADDR (two registers with OFFEN and IDXEN or with ADDR64, else one: CLRX
/// writes it always, llvm-mc as `off` without any of them), SRSRC and SOFFSET.
fn buffer(s: &mut Slots, i: &Instr, d: &InstrDef) {
    let resource = Slot::new(Role::Srsrc, (i.get(F::Srsrc) * 4) as u16, 4, Ty::B128);
    let soffset = Slot::new(Role::Soffset, i.get(F::Soffset) as u16, 1, Ty::B32);
    match d.form {
        Form::BufNone => return,
        Form::BufStoreLds => {
            s.push(resource);
            s.push(soffset);
            return;
        }
        _ => {}
    }
    let (role, ty) = if d.form == Form::BufLoad {
        (Role::Vdst, d.dst)
    } else {
        (Role::Data(0), d.src[0])
    };
    let regs = buffer_data_regs(i.arch, d) + i.get(F::Tfe) as u8;
    s.push(Slot::new(role, 256 + i.get(F::Vdata) as u16, regs, ty));
    let addr_regs = buffer_addr_regs(i);
    let addr_ty = if addr_regs == 2 { Ty::B64 } else { Ty::B32 };
    s.push(Slot::new(Role::Vaddr, 256 + i.get(F::Vaddr) as u16, addr_regs, addr_ty));
    s.push(resource);
    s.push(soffset);
}

/// The VGPRs of a MUBUF/MTBUF row's data on `arch` (without TFE's): its type's, halved
/// (rounded up) for GCN 1.4's packed d16 formats.
pub fn buffer_data_regs(arch: crate::arch::Arch, d: &InstrDef) -> u8 {
    let ty = if d.form == Form::BufLoad { d.dst } else { d.src[0] };
    let n = ty.regs();
    if d.flags.has(Flags::D16_PACKED) && arch.is_gcn14() {
        n.div_ceil(2)
    } else {
        n
    }
}

/// MIMG: VDATA ([`image_data_regs`]), VADDR (as many VGPRs as clrxdisasm writes: the count
/// is not encoded), SRSRC (eight SGPRs; four with GCN 1.0-1.2's R128), and the sampler of the
/// sample and gather forms.
fn image(s: &mut Slots, i: &Instr, d: &InstrDef) {
    let (role, ty) = if matches!(d.form, Form::MimgStore | Form::MimgAtomic) {
        (Role::Data(0), d.src[0])
    } else {
        (Role::Vdst, d.dst)
    };
    s.push(Slot::new(role, 256 + i.get(F::Vdata) as u16, image_data_regs(i, d), ty));
    s.push(Slot::new(
        Role::Vaddr,
        256 + i.get(F::Vaddr) as u16,
        image_addr_regs(d).1,
        Ty::B128,
    ));
    let r128 = i.get(F::R128) != 0 && !i.arch.is_gcn14();
    let (regs, ty) = if r128 { (4, Ty::B128) } else { (8, Ty::B256) };
    s.push(Slot::new(Role::Srsrc, (i.get(F::Srsrc) * 4) as u16, regs, ty));
    if d.form == Form::MimgSample {
        s.push(Slot::new(Role::Ssamp, (i.get(F::Ssamp) * 4) as u16, 4, Ty::B128));
    }
}

/// The data VGPRs of MIMG instruction `i` as the hardware (and clrxdisasm) counts them: one per
/// DMASK bit (at least one; a gather's four), halved (rounded up) by GCN 1.4's D16, one more
/// with TFE.
pub fn image_data_regs(i: &Instr, d: &InstrDef) -> u8 {
    let mut n = if d.flags.has(Flags::GATHER) {
        4
    } else {
        (i.get(F::Dmask).count_ones() as u8).max(1)
    };
    if i.arch.is_gcn14() && i.get(F::D16) != 0 {
        n = n.div_ceil(2);
    }
    n + i.get(F::Tfe) as u8
}

/// The data VGPRs of MIMG instruction `i` as llvm-mc 14 writes and reads them, `None` where
/// it has no form for the word: an atomic has one variant per width (a value, and a
/// compare-swap's two: DMASK 1 or 3, 3 or 15; TFE only on the one-VGPR form), a gather's
/// DMASK one bit, D16 only where it has a d16 form, no gather with both D16 and TFE on GCN 1.4
/// (it writes four VGPRs there, not the hardware's three).
pub fn llvm_image_data_regs(i: &Instr, d: &InstrDef) -> Option<u8> {
    let (dmask, tfe) = (i.get(F::Dmask), i.get(F::Tfe) as u8);
    let d16 = i.fields().has(F::D16) && i.get(F::D16) != 0;
    let gather = d.flags.has(Flags::GATHER);
    let gfx9 = i.arch.is_gcn14();
    if d16 && (d.flags.has(Flags::NO_D16) || (gfx9 && gather && tfe != 0)) || (gather && dmask.count_ones() != 1) {
        return None;
    }
    if d.form != Form::MimgAtomic {
        return Some(image_data_regs(i, d));
    }
    let two = d.src[0] == Ty::B64;
    match (dmask, two, tfe) {
        (1, false, _) => Some(1 + tfe),
        (3, _, 0) => Some(2),
        (15, true, 0) => Some(4),
        _ => None,
    }
}

/// The fewest address VGPRs of MIMG row `d` (clrxasm's least): the coordinates' one, and one
/// for each address part (user derivatives two).
pub fn image_addr_least(d: &InstrDef) -> u8 {
    let has = |f| d.flags.has(f) as u8;
    1 + has(Flags::MIMG_O)
        + has(Flags::MIMG_B)
        + has(Flags::MIMG_C)
        + 2 * has(Flags::MIMG_D)
        + has(Flags::MIMG_CL)
        + has(Flags::MIMG_L)
}

/// The address VGPRs of MIMG row `d` as (llvm-mc 14, clrxdisasm) write them; the hardware
/// does not encode the count. llvm-mc: one, plus one for each of an offset, a bias, a
/// compare value and user derivatives; clrxdisasm: at least four, the minimal count of the
/// row's address parts (derivatives two) beyond that.
pub fn image_addr_regs(d: &InstrDef) -> (u8, u8) {
    let has = |f| d.flags.has(f) as u8;
    let (o, b, c, dv) = (
        has(Flags::MIMG_O),
        has(Flags::MIMG_B),
        has(Flags::MIMG_C),
        has(Flags::MIMG_D),
    );
    (1 + o + b + c + dv, image_addr_least(d).max(4))
}

/// The offset of a scalar memory instruction.
fn offset(i: &Instr) -> Slot {
    let imm = i.get(F::Imm) != 0;
    let off = i.get(F::Offset);
    let mut s = Slot::new(Role::Offset, 0, 1, Ty::B32);
    if i.enc == Enc::Smrd {
        if imm {
            s.imm = true;
            s.val = off;
        } else {
            s.code = off as u16; // an SGPR, or 255: the literal dword (GCN 1.1)
            s.val = i.literal.unwrap_or(0);
        }
    } else if imm {
        s.imm = true;
        s.val = off;
    } else {
        s.code = (off & 0x7f) as u16;
    }
    s
}

/// The fields of `i`'s class that its row's form has no operand for: CLRX writes them as
/// `name=value` notes when they are set; LLVM's text cannot set them.
#[inline]
pub fn unused_fields(i: &Instr, d: &InstrDef) -> &'static [F] {
    match (d.form, i.enc) {
        (Form::Nop, Enc::Vop1) => &[F::Vdst, F::Src0],
        (Form::S2NoDst | Form::S1NoDst | Form::KSetRegImm, _) => &[F::Sdst],
        (Form::S1NoSrc, _) => &[F::Ssrc0],
        (Form::MTime, _) => &[F::Sbase, F::Offset, F::Imm],
        (Form::MNone, Enc::Smem) => &[F::Sdata, F::Sbase, F::Offset, F::Imm],
        (Form::MNone, _) => &[F::Sdst, F::Sbase, F::Offset, F::Imm],
        (Form::MDiscard, _) => &[F::Sdata],
        (f, Enc::Ds) => ds_fields(f).1,
        (Form::FlatLoad, Enc::Flat) => &[F::Vdata],
        (Form::FlatStore, Enc::Flat) => &[F::Vdst],
        (Form::BufNone, _) => &[F::Vaddr, F::Vdata, F::Srsrc, F::Soffset],
        (Form::BufStoreLds, _) => &[F::Vaddr, F::Vdata],
        (Form::MimgLoad | Form::MimgStore | Form::MimgAtomic, _) => &[F::Ssamp],
        _ => &[],
    }
}

/// Is a range of `n` scalar registers starting at operand code `code` aligned as both
/// assemblers require in the scalar classes (pairs even, four or more on a multiple of 4)?
pub fn scalar_aligned(code: u16, n: u8) -> bool {
    match n {
        1 => true,
        2 => code.is_multiple_of(2),
        _ => code.is_multiple_of(4),
    }
}
