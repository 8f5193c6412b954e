//! Random instructions generated from the table, for differential tests, property tests and
//! benchmarks. The caller supplies the randomness (`next() -> u64`), so no RNG dependency.

use crate::arch::Arch;
use crate::enc::F;
use crate::instr::{Enc, Instr};
use crate::isa::{isa, DefId, Flags, Form, InstrDef, Ty, X};
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

/// The encodings of a row the sampler can generate: its own (32-bit) form, the VOP3 form,
/// and the vector ALU's SDWA and DPP forms (GCN 1.2+).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Variant {
    Short,
    Vop3,
    Sdwa,
    Dpp,
}

impl Variant {
    pub const ALL: [Variant; 4] = [Variant::Short, Variant::Vop3, Variant::Sdwa, Variant::Dpp];
}

/// A random instruction of row `id` on `arch` in encoding `v`; `None` if the row has no such
/// form on the arch.
pub fn instr_in(r: &mut dyn FnMut() -> u64, arch: Arch, id: DefId, v: Variant, knobs: Knobs) -> Option<Instr> {
    if !isa().def(id).exists_on(arch) {
        return None;
    }
    match v {
        Variant::Short => instr(r, arch, id, false, knobs),
        Variant::Vop3 => instr(r, arch, id, true, knobs),
        Variant::Sdwa => ext_instr(r, arch, id, false, knobs),
        Variant::Dpp => ext_instr(r, arch, id, true, knobs),
    }
}

/// A random SDWA (`dpp == false`) or DPP instruction of row `id`: mostly what LLVM's syntax
/// can say, sometimes any control bits.
fn ext_instr(r: &mut dyn FnMut() -> u64, arch: Arch, id: DefId, dpp: bool, knobs: Knobs) -> Option<Instr> {
    use crate::syntax::ext::{row_has_ext, DPP_NAMED, SEL_DWORD};
    let d = isa().def(id);
    let ai = arch.index();
    if !arch.is_vi_plus() || !d.short.is_vop() || d.e32[ai] == X || !row_has_ext(d, arch, dpp) {
        return None;
    }
    let enc = d.short.enc(arch).ext(dpp)?;
    let mut i = Instr::new(arch, enc);
    i.set_opcode(d.e32[ai]);
    i.def = Some(id);
    let wild = knobs.modifiers && r().is_multiple_of(5);
    let scalars = !dpp && arch.is_gcn14() && knobs.scalars;
    if d.form == Form::Cmp {
        if scalars && r().is_multiple_of(2) {
            let c = scalar(r, arch, 2);
            if c != 106 {
                i.set(F::Sd, 1);
                i.set(F::Sdst, c as u32);
            }
        }
    } else {
        i.set_vdst(vgpr(r, 1) - 256);
    }
    let n = if matches!(d.form, Form::Un) { 1 } else { 2 };
    for k in 0..n {
        let code = match r() % 6 {
            0 if scalars => scalar(r, arch, 1),
            1 if scalars => constant(r, arch),
            _ => vgpr(r, 1),
        };
        i.set_src(k, code);
    }
    let sel = |r: &mut dyn FnMut() -> u64| {
        if !knobs.modifiers {
            SEL_DWORD
        } else if wild {
            (r() % 8) as u32
        } else {
            (r() % 7) as u32
        }
    };
    if knobs.modifiers {
        let mut abs = 0;
        let mut neg = 0;
        let mut sext = 0;
        for k in 0..n {
            let float = d.src[k].is_float();
            if wild || float {
                abs |= (r().is_multiple_of(3) as u8) << k;
                neg |= (r().is_multiple_of(3) as u8) << k;
            }
            if !dpp && (wild || !float) {
                sext |= (r().is_multiple_of(3) as u8) << k;
            }
        }
        i.set_src_mods(abs, neg, sext);
    }
    if dpp {
        let ctrl = if wild {
            (r() % 512) as u32
        } else {
            match r() % 4 {
                0 => (r() % 256) as u32,
                1 => 0x100 + 16 * (r() % 3) as u32 + 1 + (r() % 15) as u32,
                2 => DPP_NAMED[(r() % DPP_NAMED.len() as u64) as usize].0,
                _ => crate::syntax::ext::DPP_IDENTITY,
            }
        };
        i.set(F::DppCtrl, ctrl);
        let (row, bank) = if knobs.modifiers {
            ((r() % 16) as u32, (r() % 16) as u32)
        } else {
            (15, 15)
        };
        i.set(F::RowMask, row);
        i.set(F::BankMask, bank);
        i.set(F::BoundCtrl, (knobs.modifiers && r().is_multiple_of(3)) as u32);
    } else {
        let vopc_vi = enc == Enc::VopcSdwa && !arch.is_gcn14();
        let dst_sel = if vopc_vi && !wild { 0 } else { sel(r) };
        i.set(F::DstSel, dst_sel);
        let unused = if vopc_vi && !wild {
            0
        } else if wild {
            (r() % 4) as u32
        } else {
            (r() % 3) as u32
        };
        i.set(F::DstUnused, unused);
        let s0 = sel(r);
        i.set(F::Src0Sel, s0);
        let s1 = sel(r);
        i.set(F::Src1Sel, s1);
        if knobs.modifiers && (wild || d.dst.is_float() || d.form == Form::Cmp) {
            i.set(F::Clamp, r().is_multiple_of(4) as u32);
        }
        if knobs.modifiers && (wild || d.dst.is_float()) {
            i.set(F::Omod, if r().is_multiple_of(3) { (r() % 4) as u32 } else { 0 });
        }
    }
    Some(i)
}

/// A random instruction of row `id` on `arch`, in its VOP3 form if `vop3` (else the 32-bit
/// form). `None` if the row has no such form on the arch.
pub fn instr(r: &mut dyn FnMut() -> u64, arch: Arch, id: DefId, vop3: bool, knobs: Knobs) -> Option<Instr> {
    let d = isa().def(id);
    if !d.exists_on(arch) {
        return None;
    }
    let ai = arch.index();
    let op = if vop3 { d.e64[ai] } else { d.e32[ai] };
    if op == X {
        return None;
    }
    if d.short.is_mem() {
        return if vop3 { None } else { memory_instr(r, arch, id, knobs) };
    }
    if d.short == crate::isa::Short::Vop3p {
        return if vop3 { None } else { vop3p_instr(r, arch, id, knobs) };
    }
    if d.short.is_gfx() {
        return Some(if vop3 {
            interp_vop3_instr(r, arch, id, knobs)
        } else {
            gfx_instr(r, arch, id, knobs)
        });
    }
    if !d.short.is_vop() {
        return if vop3 { None } else { scalar_instr(r, arch, id, knobs) };
    }
    let mut i = Instr::new(arch, d.vector_enc(arch, vop3));
    i.set_opcode(op);
    i.def = Some(id);
    match d.form {
        Form::Cmp if vop3 => i.set_vdst(scalar(r, arch, 2)),
        Form::ReadLane => i.set_vdst(scalar(r, arch, 1).min(105)),
        Form::ReadFirstLane => {
            let c = scalar(r, arch, 1);
            // Not the XNACK_MASK / high SGPR codes the arch may lack.
            i.set_vdst(if (102..106).contains(&c) { c % 100 } else { c })
        }
        Form::Nop => {}
        _ => i.set_vdst(vgpr(r, d.dst.regs()) - 256),
    }
    if d.form.is_vop3b() {
        i.set_sdst(if r().is_multiple_of(3) {
            106
        } else {
            scalar(r, arch, 2).min(106)
        });
    }
    for k in 0..d.form.nsrc() {
        let code = source(r, arch, d, k, vop3, knobs);
        i.set_src(k, code);
    }
    if !vop3 && matches!(d.form, Form::Madmk | Form::Madak) && i.src(0) == 255 {
        // K is the literal; SRC0 may not be a second literal.
        let v = vgpr(r, 1);
        i.set_src(0, v);
    }
    if i.src(0) == 255 || (!vop3 && matches!(d.form, Form::Madmk | Form::Madak)) {
        let lit = r() as u32;
        i.push_literal(match d.src[0] {
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
            i.set(F::Abs, (r() as u8 & abs_m) as u32);
        }
        i.set(F::Neg, (r() as u8 & neg_m) as u32);
        if wild || m.clamp {
            i.set(F::Clamp, r().is_multiple_of(3) as u32);
        }
        if wild || m.omod {
            i.set(F::Omod, (r() % 4) as u32);
        }
        if arch.is_gcn14() && (wild || m.op_sel) && i.enc == Enc::Vop3a {
            i.set(F::OpSel, ((r() % 16) as u8 & if wild { 15 } else { 8 | all }) as u32);
        }
    }
    Some(i)
}

/// A random VINTRP or EXP instruction of row `id`: mostly what both dialects say (named
/// targets, sources of the enabled slots only, whole pairs with `compr`), sometimes any bits.
fn gfx_instr(r: &mut dyn FnMut() -> u64, arch: Arch, id: DefId, knobs: Knobs) -> Instr {
    let d = isa().def(id);
    let mut i = Instr::new(arch, d.short.enc(arch));
    i.set_opcode(d.e32[arch.index()]);
    i.def = Some(id);
    let wild = knobs.modifiers && r().is_multiple_of(6);
    if d.form != Form::Exp {
        i.set_vdst(vgpr(r, 1) - 256);
        let src = if d.form == Form::InterpMov && !wild {
            r() % 3
        } else {
            r() % 256
        };
        i.set(F::Src0, src as u32);
        i.set(F::Attr, (r() % 64) as u32);
        i.set(F::AttrChan, (r() % 4) as u32);
        return i;
    }
    const TARGETS: [u32; 8] = [0, 7, 8, 9, 12, 15, 32, 63];
    let tgt = if wild {
        r() % 64
    } else {
        TARGETS[(r() % 8) as usize] as u64
    };
    i.set(F::Tgt, tgt as u32);
    let compr = knobs.modifiers && r().is_multiple_of(3);
    i.set(F::Compr, compr as u32);
    i.set(F::Done, r().is_multiple_of(2) as u32);
    i.set(F::Vm, r().is_multiple_of(3) as u32);
    let en = if wild {
        (r() % 16) as u32
    } else if compr {
        [0, 3, 0xc, 0xf][(r() % 4) as usize]
    } else {
        (r() % 16) as u32
    };
    i.set(F::En, en);
    const VSRC: [F; 4] = [F::ExpSrc0, F::ExpSrc1, F::ExpSrc2, F::ExpSrc3];
    for (k, f) in VSRC.iter().enumerate() {
        let used = if compr {
            k < 2 && en >> (2 * k) & 3 != 0
        } else {
            en >> k & 1 != 0
        };
        if used || wild {
            i.set(*f, (r() % 256) as u32);
        }
    }
    i
}

/// A random VOP3 interpolation (GCN 1.2+) of row `id`: a VGPR source (V_INTERP_MOV: a
/// parameter slot), any attribute, a VGPR or SGPR third source; with `modifiers`, NEG/ABS of
/// the sources, `high` on the f16 rows, clamp, an output modifier on f32 results (all of
/// them, OP_SEL and unused fields in a `wild` word).
fn interp_vop3_instr(r: &mut dyn FnMut() -> u64, arch: Arch, id: DefId, knobs: Knobs) -> Instr {
    let d = isa().def(id);
    let mut i = Instr::new(arch, Enc::Vop3a);
    i.set_opcode(d.e64[arch.index()]);
    i.def = Some(id);
    let wild = knobs.modifiers && r().is_multiple_of(6);
    let m = |r: &mut dyn FnMut() -> u64| (knobs.modifiers && r().is_multiple_of(3)) || (wild && r().is_multiple_of(2));
    i.set_vdst(vgpr(r, 1) - 256);
    let mov = d.form == Form::InterpMov;
    i.set(F::Src1, if mov { (r() % 3) as u32 } else { vgpr(r, 1) as u32 });
    let f16_row = d.e32[arch.index()] == X;
    let high = (m(r) && (f16_row || wild)) as u32;
    i.set(F::Src0, (r() % 256) as u32 | high << 8);
    let three = d.form == Form::InterpSrc2;
    if three {
        i.set(
            F::Src2,
            if r().is_multiple_of(2) {
                vgpr(r, 1)
            } else {
                scalar(r, arch, 1)
            } as u32,
        );
    } else if wild && r().is_multiple_of(3) {
        i.set(F::Src2, (r() % 512) as u32);
    }
    let srcs = if mov && !wild {
        0
    } else if three {
        6
    } else {
        2
    };
    for f in [F::Neg, F::Abs] {
        let bits = if wild {
            (r() % 8) as u32
        } else {
            (r() % 8) as u32 & srcs
        };
        i.set(f, if m(r) { bits } else { 0 });
    }
    i.set(F::Clamp, m(r) as u32);
    if (d.dst == Ty::F32 || wild) && m(r) {
        i.set(F::Omod, (r() % 4) as u32);
    }
    if wild && arch.is_gcn14() {
        i.set(F::OpSel, (r() % 16) as u32);
    }
    i
}

/// A random VOP3P instruction of row `id`: VGPR, scalar or constant sources, random
/// modifier bits (mostly what LLVM's syntax says; sometimes any).
fn vop3p_instr(r: &mut dyn FnMut() -> u64, arch: Arch, id: DefId, knobs: Knobs) -> Option<Instr> {
    let d = isa().def(id);
    let mut i = Instr::new(arch, Enc::Vop3p);
    i.set_opcode(d.e32[arch.index()]);
    i.def = Some(id);
    i.set_vdst(vgpr(r, 1) - 256);
    let n = d.form.nsrc();
    for k in 0..n {
        let code = match r() % 8 {
            0 if knobs.scalars => scalar(r, arch, 1),
            1 if knobs.scalars => constant(r, arch),
            _ => vgpr(r, 1),
        };
        i.set_src(k, code);
    }
    let all = (1u32 << n) - 1;
    let wild = knobs.modifiers && r().is_multiple_of(5);
    let mut m = crate::syntax::vop3p::Mods {
        op_sel_hi: 7,
        ..Default::default()
    };
    if knobs.modifiers {
        let mask = if wild { 7 } else { all };
        m.op_sel = (r() as u32 & mask) as u8;
        m.op_sel_hi = ((r() as u32 & mask) | if n == 2 && !wild { 4 } else { 0 }) as u8;
        m.neg_lo = (r() as u32 & mask & r() as u32) as u8;
        m.neg_hi = (r() as u32 & mask & r() as u32) as u8;
        m.clamp = r().is_multiple_of(4);
    }
    m.write(&mut i);
    Some(i)
}

/// A random aligned range of `regs` scalar registers (SGPRs mostly; VCC, EXEC, TTMPs).
fn scalar_range(r: &mut dyn FnMut() -> u64, arch: Arch, regs: u8) -> u16 {
    if regs <= 2 {
        return scalar(r, arch, regs);
    }
    let n = sgpr_count(arch) as u64;
    let (tt, tn) = ttmp_range(arch);
    if r().is_multiple_of(5) && regs as u16 <= tn {
        return tt + 4 * (r() % ((tn - regs as u16) as u64 / 4 + 1)) as u16;
    }
    4 * (r() % ((n - regs as u64) / 4 + 1)) as u16
}

/// A random scalar source of type `ty`: a register, an inline constant or the literal.
fn scalar_source(r: &mut dyn FnMut() -> u64, arch: Arch, ty: Ty, knobs: Knobs) -> u16 {
    if !knobs.scalars {
        return scalar(r, arch, ty.regs());
    }
    match r() % 8 {
        0 | 1 => constant(r, arch),
        2 if knobs.literals => 255,
        3 if ty.regs() == 1 => [251, 252, 253][(r() % 3) as usize], // vccz, execz, scc
        _ => scalar(r, arch, ty.regs()),
    }
}

/// A random instruction of scalar row `id` on `arch`.
fn scalar_instr(r: &mut dyn FnMut() -> u64, arch: Arch, id: DefId, knobs: Knobs) -> Option<Instr> {
    use crate::enc::Enc;
    let d = isa().def(id);
    let op = d.e32[arch.index()];
    if op == X {
        return None;
    }
    let enc = d.short.enc(arch);
    let mut i = Instr::new(arch, enc);
    i.set_opcode(op);
    i.def = Some(id);
    let wild = knobs.modifiers && r().is_multiple_of(8);
    match enc {
        Enc::Sop2 | Enc::Sop1 | Enc::Sopc | Enc::Sopk => {
            let sdst_ty = if matches!(d.form, Form::KCmp | Form::KSetReg | Form::KFork) {
                d.src[0]
            } else {
                d.dst
            };
            let sdst = scalar_range(r, arch, sdst_ty.regs());
            i.set_sdst(sdst.min(127));
            if enc == Enc::Sopk {
                i.set(F::Simm16, r() as u16 as u32);
                if d.form == Form::KSetRegImm {
                    i.push_literal(r() as u32);
                }
            } else {
                let s0 = scalar_source(r, arch, d.src[0], knobs);
                i.set(F::Ssrc0, s0 as u32);
                // One literal dword: the second source is not a literal too.
                let mut s1 = scalar_source(r, arch, d.src[1], knobs);
                if s0 == 255 && s1 == 255 {
                    s1 = scalar(r, arch, d.src[1].regs());
                }
                if d.form == Form::CGprIdx {
                    s1 = (r() % if knobs.modifiers { 256 } else { 16 }) as u16;
                }
                i.set(F::Ssrc1, s1 as u32);
                if s0 == 255 || (s1 == 255 && matches!(enc, Enc::Sop2 | Enc::Sopc)) {
                    i.push_literal(r() as u32);
                }
            }
            // Fields the form does not use stay zero (but for the odd wild word).
            if !wild {
                for &f in crate::layout::unused_fields(&i, d) {
                    i.set(f, 0);
                }
            }
        }
        Enc::Sopp => {
            let v = match d.form {
                Form::P0 if !wild => 0,
                _ => r() as u16 as u32,
            };
            i.set(F::Simm16, v);
        }

        Enc::Smrd | Enc::Smem => {
            // Not M0 or EXEC (LLVM's classes for scalar memory data exclude them).
            let mut data = scalar_range(r, arch, d.dst.regs()).min(127);
            if data >= 124 {
                data = 4 * (r() % 16) as u16;
            }
            let base_regs = if d.flags.has(Flags::BUFFER) { 4 } else { 2 };
            let base = (scalar_range(r, arch, base_regs) / 2).min(63);
            let data_f = if enc == Enc::Smem { F::Sdata } else { F::Sdst };
            let has_data = !matches!(d.form, Form::MNone | Form::MDiscard);
            if has_data {
                i.set(
                    data_f,
                    if d.form == Form::MProbe {
                        (r() % 128) as u32
                    } else {
                        data as u32
                    },
                );
            }
            let has_offset = matches!(
                d.form,
                Form::MLoad | Form::MStore | Form::MAtomic | Form::MProbe | Form::MDiscard
            );
            if has_offset {
                i.set(F::Sbase, base as u32);
                if r().is_multiple_of(3) {
                    i.set(F::Offset, scalar(r, arch, 1).min(127) as u32);
                } else {
                    i.set(F::Imm, 1);
                    let v = if enc == Enc::Smrd { r() % 256 } else { r() % 0x10_0000 };
                    i.set(F::Offset, v as u32);
                }
                if enc == Enc::Smrd && arch == Arch::Gcn11 && r().is_multiple_of(6) {
                    i.set(F::Imm, 0);
                    i.set(F::Offset, 255);
                    i.push_literal(r() as u32);
                }
            }
            let glc_ok = knobs.modifiers || matches!(d.form, Form::MLoad | Form::MStore | Form::MAtomic);
            if enc == Enc::Smem && glc_ok && r().is_multiple_of(3) {
                i.set(F::Glc, 1);
            }
            if wild {
                for f in [F::Nv, F::Soe, F::Soffset, F::Imm, F::Offset] {
                    i.set(f, r() as u32);
                }
            }
        }
        _ => return None,
    }
    // Plain instructions (no special knobs): special operands as every dialect can write them.
    if !knobs.modifiers {
        match d.form {
            Form::PWaitcnt => {
                let counters = if arch.is_gcn14() { 0xcf7f } else { 0x0f7f };
                i.set(F::Simm16, i.get(F::Simm16) & counters);
            }
            Form::PGprIdx => i.set(F::Simm16, i.get(F::Simm16) & 0xf),
            // A message both dialects name (a few tries, else MSG_INTERRUPT).
            Form::PSendmsg => {
                use crate::syntax::{special, Syntax};
                let says = |v: u32| special::print(&mut String::new(), special::Kind::Sendmsg, arch, Syntax::Llvm, v);
                let v = (0..16).map(|_| (r() % 0x400) as u32).find(|&v| says(v)).unwrap_or(1);
                i.set(F::Simm16, v);
            }
            _ => {}
        }
    }
    // The literal dword exactly when a field asks for one.
    let wants = crate::decode::wants_literal(&i);
    if wants && i.literal.is_none() {
        i.push_literal(r() as u32);
    } else if !wants && i.literal.is_some() {
        i.clear_literal();
    }
    Some(i)
}

/// A random instruction of vector memory row `id` on `arch`: its operand fields random VGPR
/// ranges (FLAT's SGPR base random or `off`), the fields its form has no operand for zero,
/// the modifiers random; every knob off: only what llvm-mc 14 can write. With
/// `knobs.modifiers`, one word in eight also sets the fields and bits no text of LLVM's says
/// (unused fields, TFE, NV, LDS).
fn memory_instr(r: &mut dyn FnMut() -> u64, arch: Arch, id: DefId, knobs: Knobs) -> Option<Instr> {
    use crate::layout::{ds_fields, ds_operand, unused_fields, SADDR_OFF};
    let d = isa().def(id);
    let op = d.e32[arch.index()];
    if op == X {
        return None;
    }
    let mut i = Instr::new(arch, d.short.enc(arch));
    i.set_opcode(op);
    i.def = Some(id);
    let plain = !knobs.modifiers;
    let wild = knobs.modifiers && r().is_multiple_of(8);
    if i.enc == Enc::Ds {
        for &f in ds_fields(d.form).0 {
            let regs = ds_operand(d, f).1.regs();
            let bare = f == F::Vaddr && d.flags.has(Flags::LLVM_NO_ADDR);
            i.set(f, if bare && !wild { 0 } else { (vgpr(r, regs) - 256) as u32 });
        }
        let (o0, o1) = if d.flags.has(Flags::LLVM_BARE) && !wild {
            (0, 0)
        } else if d.flags.has(Flags::SWIZZLE) && plain {
            (r() % 256, 0x80) // a quad permutation: LLVM's swizzle() says every one
        } else {
            (r() % 256, r() % 256)
        };
        i.set(F::Offset0, o0 as u32);
        i.set(F::Offset1, o1 as u32);
        let gds = d.flags.has(Flags::GDS)
            || (knobs.modifiers
                && !d.flags.has(Flags::LLVM_NO_GDS)
                && !d.flags.has(Flags::LLVM_BARE)
                && r().is_multiple_of(4));
        i.set(F::Gds, (gds || (wild && r().is_multiple_of(2))) as u32);
    } else if matches!(i.enc, Enc::Mubuf | Enc::Mtbuf) {
        buffer_fields(r, &mut i, d, knobs, wild);
    } else if i.enc == Enc::Mimg {
        image_fields(r, &mut i, d, knobs, wild);
    } else {
        // FLAT: the segment is the opcode's (GCN 1.4), the SGPR base sets VADDR's width.
        let seg = i.get(F::Seg);
        let base = match seg {
            1 if !r().is_multiple_of(2) => (r() % sgpr_count(arch) as u64) as u16,
            2 if !r().is_multiple_of(2) => 2 * (r() % (sgpr_count(arch) as u64 / 2)) as u16,
            1 | 2 => SADDR_OFF,
            _ => 0,
        };
        i.set(F::Saddr, base as u32);
        let glc = r().is_multiple_of(2);
        i.set(F::Glc, glc as u32);
        i.set(F::Slc, r().is_multiple_of(2) as u32);
        if i.fields().has(F::Offset) {
            let v = if seg == 0 { r() % 4096 } else { r() % 8192 };
            i.set(F::Offset, if r().is_multiple_of(3) { 0 } else { v as u32 });
        }
        if wild {
            for f in [F::Tfe, F::Nv, F::Lds] {
                i.set(f, r().is_multiple_of(3) as u32);
            }
        }
        let addr_regs = crate::layout::flat_addr_regs(&i);
        if addr_regs > 0 {
            i.set(F::Vaddr, (vgpr(r, addr_regs) - 256) as u32);
        }
        let dst_regs = d.dst.regs() + i.get(F::Tfe) as u8;
        let returns = d.form == Form::FlatLoad || (d.form == Form::FlatAtomic && (glc || wild));
        if returns {
            i.set(F::Vdst, (vgpr(r, dst_regs) - 256) as u32);
        }
        if d.form != Form::FlatLoad {
            i.set(F::Vdata, (vgpr(r, d.src[0].regs()) - 256) as u32);
        }
    }
    if wild {
        for &f in unused_fields(&i, d) {
            i.set(f, (r() % 256) as u32);
        }
    }
    Some(i)
}

/// MIMG fields of a random instruction of row `d`: a DMASK llvm-mc 14 has a form for (an
/// atomic's widths, a gather's one bit), `unorm` on stores and atomics (as clrxasm wants), the
/// other bits with `modifiers` where llvm-mc takes them (any of them, DMASK 0 and a sampler on
/// a form without one in a `wild` word), a resource and sampler in the SGPRs, VGPR ranges
/// that fit either disassembler's count.
fn image_fields(r: &mut dyn FnMut() -> u64, i: &mut Instr, d: &InstrDef, knobs: Knobs, wild: bool) {
    let arch = i.arch;
    let atomic = d.form == Form::MimgAtomic;
    let gather = d.flags.has(Flags::GATHER);
    let dmask = if wild {
        (r() % 16) as u32
    } else if atomic {
        match (d.src[0] == Ty::B64, r().is_multiple_of(2)) {
            (false, true) => 1,
            (true, false) => 15,
            _ => 3,
        }
    } else if gather {
        1 << (r() % 4)
    } else {
        1 + (r() % 15) as u32
    };
    i.set(F::Dmask, dmask);
    let bit = |r: &mut dyn FnMut() -> u64, on: bool| (wild || (knobs.modifiers && on)) && r().is_multiple_of(3);
    let store_or_atomic = matches!(d.form, Form::MimgStore | Form::MimgAtomic);
    i.set(
        F::Unorm,
        (store_or_atomic && !r().is_multiple_of(8) || bit(r, true)) as u32,
    );
    i.set(F::Glc, bit(r, true) as u32);
    i.set(F::Slc, bit(r, true) as u32);
    i.set(F::R128, bit(r, true) as u32);
    i.set(F::Lwe, bit(r, true) as u32);
    i.set(F::Da, bit(r, true) as u32);
    let gfx9 = arch.is_gcn14();
    let d16 = i.fields().has(F::D16) && bit(r, !d.flags.has(Flags::NO_D16));
    i.set(F::D16, d16 as u32);
    let tfe_ok = !(atomic && (dmask != 1 || d.src[0] == Ty::B64)) && !(gfx9 && d16 && gather);
    i.set(F::Tfe, bit(r, tfe_ok) as u32);
    let sgprs = sgpr_count(arch) as u64;
    i.set(F::Srsrc, (r() % (sgprs / 4 - 1)) as u32);
    if d.form == Form::MimgSample || wild {
        i.set(F::Ssamp, (r() % (sgprs / 4)) as u32);
    }
    let data = crate::layout::image_data_regs(i, d).max(4);
    i.set(F::Vdata, (vgpr(r, data) - 256) as u32);
    i.set(F::Vaddr, (vgpr(r, 6) - 256) as u32);
}

/// MUBUF/MTBUF fields of a random instruction of row `d`: addressing, offset, cache bits,
/// the format, a resource of four SGPRs and an SGPR or inline-constant offset; VDATA and VADDR
/// VGPRs of the widths these make. LDS and TFE only where llvm-mc takes them (every word of
/// `wild`).
fn buffer_fields(r: &mut dyn FnMut() -> u64, i: &mut Instr, d: &InstrDef, knobs: Knobs, wild: bool) {
    let arch = i.arch;
    if d.form == Form::BufNone && !wild {
        return;
    }
    let addr64 = i.fields().has(F::Addr64) && r().is_multiple_of(4);
    let (offen, idxen) = if addr64 {
        (false, false)
    } else {
        (r().is_multiple_of(2), r().is_multiple_of(3))
    };
    let addressed = offen || idxen || addr64;
    if d.form != Form::BufStoreLds || wild {
        i.set(F::Addr64, addr64 as u32);
        i.set(F::Offen, offen as u32);
        i.set(F::Idxen, idxen as u32);
    }
    i.set(F::Offset, if r().is_multiple_of(3) { 0 } else { (r() % 4096) as u32 });
    i.set(F::Glc, r().is_multiple_of(2) as u32);
    i.set(F::Slc, r().is_multiple_of(2) as u32);
    if i.enc == Enc::Mtbuf {
        i.set(
            F::Dfmt,
            if knobs.modifiers {
                (r() % 16) as u32
            } else {
                1 + (r() % 14) as u32
            },
        );
        i.set(F::Nfmt, (r() % 8) as u32);
    }
    let lds_ok = d.flags.has(Flags::LLVM_LDS) || (d.flags.has(Flags::LLVM_LDS_VI) && arch.is_vi_plus());
    let lds = d.form == Form::BufStoreLds || (lds_ok && r().is_multiple_of(4)) || (wild && r().is_multiple_of(3));
    i.set(F::Lds, lds as u32);
    let tfe_ok = !lds && d.form != Form::BufAtomic && knobs.modifiers;
    let tfe = (tfe_ok && r().is_multiple_of(4)) || (wild && r().is_multiple_of(3));
    i.set(F::Tfe, tfe as u32);
    let sgprs = sgpr_count(arch) as u64;
    i.set(F::Srsrc, (r() % (sgprs / 4)) as u32);
    let soffset = if r().is_multiple_of(3) {
        constant(r, arch).min(208)
    } else {
        (r() % sgprs) as u16
    };
    i.set(F::Soffset, soffset as u32);
    if matches!(d.form, Form::BufNone | Form::BufStoreLds) {
        return;
    }
    let data = crate::layout::buffer_data_regs(arch, d) + tfe as u8;
    i.set(F::Vdata, (vgpr(r, data) - 256) as u32);
    if addressed || wild {
        let regs = crate::layout::buffer_addr_regs(i);
        i.set(F::Vaddr, (vgpr(r, regs) - 256) as u32);
    }
}
