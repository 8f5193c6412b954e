//! The operand list of a decoded instruction in assembly order, from its row's [`Form`]:
//! shared by both printers, the JSON record and (later) the emulator's operand reads.

use crate::instr::{Enc, Instr};
use crate::isa::{Form, InstrDef, Ty};

/// What an operand is to the instruction.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Role {
    /// Vector destination (VDST field).
    Vdst,
    /// Scalar destination: compare result, carry out, V_READLANE's SGPR.
    Sdst,
    /// Source `n` (SRC0/SRC1/SRC2 fields; VSRC1 of the 32-bit forms).
    Src(u8),
    /// The MADMK/MADAK literal constant.
    K,
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
        }
    }
}

/// One operand: its code in the 9-bit operand space (VGPR destinations as 256 + n), its
/// width in registers and its value type.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Slot {
    pub role: Role,
    pub code: u16,
    pub regs: u8,
    pub ty: Ty,
    /// Fixed to VCC by the 32-bit encoding (not a field of the word).
    pub implicit: bool,
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
}

const VCC: u16 = 106;

/// The operands of `i` (which must have a row) in assembly order.
#[inline]
pub fn operands(i: &Instr, d: &InstrDef) -> Slots {
    let e32 = !i.enc.is_vop3();
    let blank = Slot {
        role: Role::K,
        code: 0,
        regs: 1,
        ty: Ty::B32,
        implicit: false,
    };
    let mut s = Slots {
        slots: [blank; 5],
        len: 0,
    };
    let mut push = |role: Role, code: u16, regs: u8, ty: Ty, implicit: bool| {
        s.slots[s.len] = Slot {
            role,
            code,
            regs,
            ty,
            implicit,
        };
        s.len += 1;
    };
    let src = |k: usize| (Role::Src(k as u8), i.src[k], d.src[k].regs(), d.src[k]);
    let vdst = (Role::Vdst, 256 + i.vdst, d.dst.regs(), d.dst);
    // Scalar destination of carries / VOP3B: VCC in the 32-bit form, SDST field in VOP3B.
    let sdst = if e32 {
        VCC
    } else if i.enc == Enc::Vop3b {
        i.sdst
    } else {
        i.vdst
    };
    match d.form {
        Form::Bin | Form::WriteLane => {
            push(vdst.0, vdst.1, vdst.2, vdst.3, false);
            for k in 0..2 {
                let (r, c, n, t) = src(k);
                push(r, c, n, t, false);
            }
        }
        Form::Ter => {
            push(vdst.0, vdst.1, vdst.2, vdst.3, false);
            for k in 0..3 {
                let (r, c, n, t) = src(k);
                push(r, c, n, t, false);
            }
        }
        Form::Carry | Form::CarryIn | Form::Vop3b => {
            push(vdst.0, vdst.1, vdst.2, vdst.3, false);
            push(Role::Sdst, sdst, 2, Ty::B64, e32);
            let n = if d.form == Form::Carry { 2 } else { 3 };
            for k in 0..n {
                let (r, c, w, t) = src(k);
                if k == 2 && e32 {
                    push(r, VCC, 2, Ty::B64, true);
                } else {
                    push(r, c, w, t, false);
                }
            }
        }
        Form::Cndmask => {
            push(vdst.0, vdst.1, vdst.2, vdst.3, false);
            for k in 0..3 {
                let (r, c, w, t) = src(k);
                if k == 2 && e32 {
                    push(r, VCC, 2, Ty::B64, true);
                } else {
                    push(r, c, w, t, false);
                }
            }
        }
        Form::Madmk | Form::Madak => {
            push(vdst.0, vdst.1, vdst.2, vdst.3, false);
            let (r, c, w, t) = src(0);
            push(r, c, w, t, false);
            if e32 {
                let (r1, c1, w1, t1) = src(1);
                if d.form == Form::Madmk {
                    push(Role::K, 255, 1, d.dst, false);
                    push(r1, c1, w1, t1, false);
                } else {
                    push(r1, c1, w1, t1, false);
                    push(Role::K, 255, 1, d.dst, false);
                }
            } else {
                for k in 1..3 {
                    let (r, c, w, t) = src(k);
                    push(r, c, w, t, false);
                }
            }
        }
        Form::ReadLane => {
            push(Role::Sdst, i.vdst, 1, Ty::B32, false);
            for k in 0..2 {
                let (r, c, w, t) = src(k);
                push(r, c, w, t, false);
            }
        }
        Form::Cmp => {
            push(Role::Sdst, sdst, 2, Ty::B64, e32);
            for k in 0..2 {
                let (r, c, w, t) = src(k);
                push(r, c, w, t, false);
            }
        }
    }
    s
}
