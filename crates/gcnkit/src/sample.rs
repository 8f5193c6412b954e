//! Random instructions generated from the table, for differential tests, property tests and
//! benchmarks. The caller supplies the randomness (`next() -> u64`), so no RNG dependency.

use crate::arch::Arch;
use crate::instr::{Enc, Instr};
use crate::isa::{isa, DefId, Form, InstrDef, Ty, X};
use crate::operand::{sgpr_count, ttmp_range};

/// How adventurous the operands are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Knobs {
    /// Allow SGPRs / special registers / constants in source slots.
    pub scalars: bool,
    /// Allow a literal in SRC0 of 32-bit forms.
    pub literals: bool,
    /// Allow VOP3 modifiers on operands where their type makes them meaningful.
    pub modifiers: bool,
}

impl Default for Knobs {
    fn default() -> Knobs {
        Knobs {
            scalars: true,
            literals: true,
            modifiers: true,
        }
    }
}

/// A random scalar source code of `regs` registers (pairs even-aligned, as LLVM wants).
fn scalar(r: &mut dyn FnMut() -> u64, arch: Arch, regs: u8) -> u16 {
    let n = sgpr_count(arch);
    let (tt, tn) = ttmp_range(arch);
    if regs == 1 {
        match r() % 8 {
            0 => 106 + (r() % 2) as u16,        // vcc_lo/hi
            1 => 124,                           // m0
            2 => 126 + (r() % 2) as u16,        // exec_lo/hi
            3 => tt + (r() % tn as u64) as u16, // ttmp
            _ => (r() % n as u64) as u16,
        }
    } else {
        match r() % 6 {
            0 => 106,
            1 => 126,
            2 => tt + 2 * (r() % (tn as u64 / 2)) as u16,
            _ => 2 * (r() % (n as u64 / 2)) as u16,
        }
    }
}

/// A random inline constant code valid on `arch`.
fn constant(r: &mut dyn FnMut() -> u64, arch: Arch) -> u16 {
    if r().is_multiple_of(2) {
        128 + (r() % 81) as u16
    } else {
        240 + (r() % if arch.is_vi_plus() { 9 } else { 8 }) as u16
    }
}

fn vgpr(r: &mut dyn FnMut() -> u64, regs: u8) -> u16 {
    256 + (r() % (257 - regs as u64)) as u16
}

/// Source code for slot `k` of `d`.
fn source(r: &mut dyn FnMut() -> u64, arch: Arch, d: &InstrDef, k: usize, vop3: bool, knobs: Knobs) -> u16 {
    let ty = d.src[k];
    let regs = ty.regs();
    // The 32-bit forms take only a VGPR in VSRC1 (READLANE/WRITELANE: a scalar).
    if !vop3 && k == 1 {
        return if matches!(d.form, Form::ReadLane | Form::WriteLane) {
            scalar(r, arch, 1).min(127)
        } else {
            vgpr(r, regs)
        };
    }
    if d.form == Form::ReadLane && k == 0 {
        return vgpr(r, 1);
    }
    if (d.form == Form::ReadLane || d.form == Form::WriteLane) && k == 1 {
        return if r().is_multiple_of(2) {
            scalar(r, arch, 1)
        } else {
            constant(r, arch)
        };
    }
    if matches!((d.form, k), (Form::Cndmask | Form::CarryIn, 2)) {
        return scalar(r, arch, 2);
    }
    if !knobs.scalars {
        return vgpr(r, regs);
    }
    match r() % 8 {
        0 | 1 => scalar(r, arch, regs),
        2 => constant(r, arch),
        3 if !vop3 && k == 0 && knobs.literals && regs == 1 => 255,
        _ => vgpr(r, regs),
    }
}

/// A random instruction of row `id` on `arch`, in its VOP3 form if `vop3` (else the 32-bit
/// form). `None` if the row has no such form on the arch.
pub fn instr(r: &mut dyn FnMut() -> u64, arch: Arch, id: DefId, vop3: bool, knobs: Knobs) -> Option<Instr> {
    let d = isa().def(id);
    let ai = arch.index();
    let op = if vop3 { d.e64[ai] } else { d.e32[ai] };
    if op == X {
        return None;
    }
    let short_enc = match d.short {
        crate::isa::Short::Vop2 => Enc::Vop2,
        crate::isa::Short::Vopc => Enc::Vopc,
    };
    let enc = if !vop3 {
        short_enc
    } else if d.form.is_vop3b() {
        Enc::Vop3b
    } else {
        Enc::Vop3a
    };
    let mut i = Instr {
        opcode: op,
        def: Some(id),
        vdst: (vgpr(r, d.dst.regs()) - 256),
        ..Instr::new(arch, enc)
    };
    match d.form {
        Form::Cmp => i.vdst = if vop3 { scalar(r, arch, 2) } else { 106 },
        Form::ReadLane => i.vdst = scalar(r, arch, 1).min(105),
        _ => {}
    }
    if d.form.is_vop3b() {
        i.sdst = if r().is_multiple_of(3) {
            106
        } else {
            scalar(r, arch, 2).min(106)
        };
    }
    for k in 0..d.form.nsrc() {
        i.src[k] = source(r, arch, d, k, vop3, knobs);
    }
    if !vop3 && d.form.nsrc() == 3 {
        i.src[2] = 0; // VCC is implicit in the 32-bit forms
    }
    if !vop3 && matches!(d.form, Form::Madmk | Form::Madak) {
        // K is the literal; SRC0 may not be a second literal.
        if i.src[0] == 255 {
            i.src[0] = vgpr(r, 1);
        }
    }
    if i.src[0] == 255 || (!vop3 && matches!(d.form, Form::Madmk | Form::Madak)) {
        let lit = r() as u32;
        i.literal = Some(match d.src[0] {
            Ty::F16 | Ty::I16 | Ty::U16 | Ty::B16 => lit & 0xffff,
            _ => lit,
        });
    }
    if vop3 && knobs.modifiers {
        // Mostly what LLVM accepts on this row; sometimes any bits at all.
        let m = crate::syntax::llvm::llvm_mods(d, arch);
        let wild = r().is_multiple_of(4);
        let all = (1u8 << d.form.nsrc()) - 1;
        let (abs_m, neg_m) = if wild { (all, all) } else { (m.abs, m.neg | m.sext) };
        if !d.form.is_vop3b() {
            i.abs = (r() as u8) & abs_m;
        }
        i.neg = (r() as u8) & neg_m;
        if wild || m.clamp {
            i.clamp = r().is_multiple_of(3);
        }
        if wild || m.omod {
            i.omod = (r() % 4) as u8;
        }
        if arch == Arch::Gcn14 && (wild || m.op_sel) && i.enc == Enc::Vop3a {
            i.op_sel = (r() % 16) as u8 & if wild { 15 } else { 8 | all };
        }
    }
    let (w, len) = crate::encode::encode(&i);
    i.words = w;
    i.len = len;
    Some(i)
}
