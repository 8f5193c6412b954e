//! The kernel machine's fast path for the common vector-ALU instruction: 32-bit operands (and
//! 16-bit, 64-bit integer and f64 ones, GCN 1.4's OP_SEL halves), ABS/NEG but no output
//! modifiers, DPP's lane moves and SDWA's selects, a plain register move of the result; and
//! the lane moves between vector and scalar registers ([`FastLane`]). Its operands are resolved
//! once, when the program is decoded ([`FastVop::plan`]), so running it is gathering the
//! sources, the row's semantics and the write-back, without the general executor's checks.
//! Everything else takes `exec::step_with`; the two agree on every instruction the
//! plan accepts (checked by this module's tests on random instructions and states).

use super::exec::{dpp_lanes, sdwa_place, sdwa_select, DppCtl};
use super::float::{ftz32, keeps_input_denorms, keeps_output_denorms};
use super::lanes::{Lanes, N};
use super::ops::MASK4;
use super::wave::{Wave, EXEC, VCC};
use crate::enc::F;
use crate::instr::Instr;
use crate::isa::{Exec, Flags, Form, InstrDef, Sem, Semantics, Ty};
use crate::layout::{operands, Role};
use crate::operand::{classify, inline_value, Src};

/// Where a source comes from.
#[derive(Clone, Copy, Debug)]
pub(super) enum From {
    Vgpr(u8),
    /// A scalar register by operand code (read when the instruction runs).
    Sreg(u8),
    /// An inline constant or the literal, as the row's type reads it.
    Value(u32),
    /// A 64-bit integer source: a VGPR pair, copied into both dwords of the lanes.
    Vgpr64(u8),
    /// A 64-bit integer source: a scalar register pair by operand code.
    Sreg64(u8),
    /// A 64-bit integer inline constant.
    Value64(u64),
    /// The same VGPR as an earlier source (by index), flushed alike: a copy of that source.
    Same(u8),
    /// SRC0 of a DPP word: each lane reads the VGPR's lane its control names (0 where that
    /// lane is out of range or inactive).
    Dpp(u8),
}

/// What happens to the results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Out {
    /// VDST under EXEC.
    Vgpr,
    /// VDST under EXEC, and the carry bits (under EXEC) to a scalar pair.
    Carry,
    /// Compare bits (under EXEC) to a scalar pair (and EXEC for V_CMPX).
    Cmp { exec: bool },
}

/// A planned vector-ALU instruction.
#[derive(Clone, Copy, Debug)]
pub struct FastVop {
    sem: Semantics,
    src: [From; 3],
    nsrc: u8,
    vdst: u8,
    sdst: u8,
    /// SRC2 of V_CNDMASK/V_ADDC...: a scalar pair read as lane bits.
    mask: Option<u8>,
    out: Out,
    /// f32 sources flushed per MODE (not for CLASS), and the f32 result.
    flush_in: [bool; 3],
    flush_out: bool,
    /// An f64 result: the general executor's output step for it ([`super::exec::float_post`]:
    /// under a MODE that keeps denormals, a multiplication by 1 that quiets a signalling NaN).
    post64: bool,
    /// What MODE must allow ([`Gate::ok`]): 0 an integer row, 1 a float row, 2 a row with
    /// an f64 or f16 operand (whose denormals MODE must keep: the fast path does not flush
    /// them).
    needs: u8,
    reads_dst: bool,
    /// VDST's row is swapped into the lanes as the old value (not copied): a row that reads
    /// VDST (V_FMAC, V_MAC) and no other source that reads that VGPR.
    old_swap: bool,
    /// The VGPR sources swapped into the lanes (bit k: source k, register `swap_reg[k]`; bit
    /// 4 + k: source k a 64-bit pair from `swap_reg[k]` that no other source overlaps).
    swap: u8,
    swap_reg: [u8; 3],
    /// Some source is an f32 MODE may flush.
    any_flush_in: bool,
    /// The input modifiers of each source (bit 0 ABS, bit 1 NEG: VOP3's, DPP's and SDWA's;
    /// bit 2: GCN 1.4's OP_SEL, the high half of a 16-bit source, taken first), on the sign
    /// bit of its type (the dword and the bit), as the general executor applies them: after
    /// DPP's and SDWA's picks, before flushing.
    mods: [u8; 3],
    /// GCN 1.4's OP_SEL rows with a 16-bit VDST: the half written (`true`: the high one),
    /// the other kept.
    half: Option<bool>,
    sign: [(u8, u32); 3],
    /// VDST is a 64-bit integer (a VGPR pair).
    wide: bool,
    /// `v_mov_b32` of a scalar register or a constant: the value written into VDST's row,
    /// without the lanes.
    fill: bool,
    /// The common word ([`FastVop::run_plain`]): 32-bit or 16-bit sources that are whole
    /// VGPRs (swapped in), scalar registers or constants (or such 64-bit integer pairs), no
    /// DPP, SDWA, modifiers or OP_SEL, one VGPR (or pair) result not read first.
    plain: bool,
    /// A source is a scalar pair or a 64-bit constant ([`FastVop::fill_pairs`]).
    pairs: bool,
    /// A DPP word's controls (rocPRIM's warp scans and reductions): SRC0 read across lanes,
    /// and only the lanes they enable written.
    dpp: Option<DppCtl>,
    /// An SDWA word's selects: each of SRC0 and SRC1 a byte or word of its dword (0-5,
    /// zero- or sign-extended; 6: the dword), and the part of VDST the result goes to (6: the
    /// dword) with what becomes of the rest.
    sdwa: Option<Sdwa>,
}

/// [`FastVop::integer_parts`].
pub(super) struct IntegerParts<'a> {
    pub sem: Semantics,
    pub src: &'a [From],
    pub vdst: u8,
    pub wide: bool,
    pub carry: Option<u8>,
    pub mask: Option<u8>,
}

/// An SDWA word's selects ([`FastVop::sdwa`]).
#[derive(Clone, Copy, Debug)]
struct Sdwa {
    sel: [u8; 2],
    sext: [bool; 2],
    dst_sel: u8,
    dst_unused: u8,
}

impl FastVop {
    /// The plan of `i`, if it is one the fast path runs exactly as the general executor.
    pub fn plan(i: &Instr, d: &'static InstrDef) -> Option<FastVop> {
        let Some(Sem::Vector(sem)) = d.sem else { return None };
        // (V_DIV_FMAS's raw sources: not flushed, below.)
        if !d.short.is_vop() || !matches!(d.exec, Exec::Plain | Exec::RawSources) {
            return None;
        }
        // GCN 1.4's VOP3 rows with OP_SEL write one half of a 16-bit VDST (OP_SEL bit 3: the
        // high one) and keep the other, and read the high half of a 16-bit source whose bit
        // is set (a modifier: [`FastVop::mods`]).
        let opsel = i.arch.is_gcn14() && d.flags.has(Flags::OPSEL) && i.enc.is_vop3();
        use crate::enc::Enc;
        match i.enc {
            Enc::Vop1 | Enc::Vop2 | Enc::Vopc => {}
            Enc::Vop3a | Enc::Vop3b => {
                if i.clamp() || i.omod() != 0 || (i.op_sel() != 0 && !opsel) {
                    return None;
                }
            }
            Enc::Vop1Dpp | Enc::Vop2Dpp | Enc::VopcDpp => {
                if super::exec::check_dpp(i, d, "").is_err() {
                    return None;
                }
            }
            Enc::Vop1Sdwa | Enc::Vop2Sdwa | Enc::VopcSdwa => {
                if i.clamp() || i.omod() != 0 || super::exec::check_sdwa(i, d, "").is_err()
                {
                    return None;
                }
            }
            _ => return None,
        }
        let flags = Flags(Flags::READS_M0.0 | Flags::PACKED16.0 | Flags::NO_DST_OVERLAP.0 | Flags::MIX.0);
        if d.flags.0 & flags.0 != 0 {
            return None;
        }
        let one = |t: Ty| t.regs() == 1 && !t.is_16();
        // 16-bit operands (rocPRIM's byte and short keys, `v_add_u16`; `__half` math):
        // registers read whole and results written whole, as the general executor does (the
        // row takes the low half and says what the high half becomes); constants as 16-bit
        // values (GCN 1.2 on; GCN 1.0/1.1 have no such rows). f16 rows run under a MODE that
        // keeps f16 denormals and rounds to nearest even ([`Gate::ok`], the f64 bits).
        let bits16 = |t: Ty| t.is_16() && i.arch.is_vi_plus();
        // 64-bit operands: integers (shifts and their kin) and f64 (under a MODE that keeps
        // f64 denormals and rounds to nearest even: [`Gate::ok`]).
        let pair64 = |t: Ty| t.regs() == 2;
        let nsrc = d.form.nsrc();
        let out = match d.form {
            Form::Bin | Form::Un | Form::Ter => Out::Vgpr,
            Form::Carry | Form::CarryIn => Out::Carry,
            // V_MAD_U64_U32/V_MAD_I64_I32 (64-bit index arithmetic) and V_DIV_SCALE (its flag
            // for V_DIV_FMAS).
            Form::Vop3b => Out::Carry,
            Form::Cndmask => Out::Vgpr,
            Form::Cmp => Out::Cmp {
                exec: d.flags.has(Flags::EXEC),
            },
            _ => return None,
        };
        let wide = pair64(d.dst) && matches!(out, Out::Vgpr | Out::Carry);
        let dst_ok = one(d.dst) || bits16(d.dst) || wide;
        if !matches!(out, Out::Cmp { .. }) && !dst_ok {
            return None;
        }
        let a = i.arch;
        let mut p = FastVop {
            sem,
            src: [From::Value(0); 3],
            nsrc: 0,
            vdst: 0,
            sdst: VCC as u8,
            mask: None,
            out,
            flush_in: [false; 3],
            flush_out: d.dst == Ty::F32 && d.form != Form::Cmp,
            post64: d.dst == Ty::F64 && d.form != Form::Cmp,
            needs: if [d.dst].iter().chain(d.src.iter().take(nsrc)).any(|&t| t == Ty::F64 || t == Ty::F16) {
                2
            } else {
                (d.dst.is_float() || d.src.iter().take(nsrc).any(|t| t.is_float())) as u8
            },
            reads_dst: d.flags.has(Flags::READS_DST),
            old_swap: false,
            swap: 0,
            swap_reg: [0; 3],
            any_flush_in: false,
            mods: [0; 3],
            sign: [(0, 0); 3],
            plain: false,
            pairs: false,
            half: (opsel && d.dst.is_16()).then_some(i.op_sel() & 8 != 0),
            wide,
            fill: false,
            dpp: i.enc.is_dpp().then(|| DppCtl::of(i)),
            sdwa: i.enc.is_sdwa().then(|| Sdwa {
                sel: [i.get(F::Src0Sel) as u8, i.get(F::Src1Sel) as u8],
                sext: [i.sext() & 1 != 0, i.sext() & 2 != 0],
                dst_sel: if d.form == Form::Cmp { 6 } else { i.get(F::DstSel) as u8 },
                dst_unused: i.get(F::DstUnused) as u8,
            }),
        };
        if wide && p.reads_dst {
            return None;
        }
        // A VGPR read twice: the later read copies the earlier source (which may have left
        // the register file), so both must be flushed alike.
        let mut vgprs = [None; 3];
        for s in operands(i, d).as_slice() {
            match s.role {
                Role::Vdst => {
                    if wide && s.code - 256 > 254 {
                        return None;
                    }
                    p.vdst = (s.code - 256) as u8
                }
                Role::Sdst => {
                    if s.code > 125 && s.code != EXEC as u16 {
                        return None;
                    }
                    p.sdst = s.code as u8;
                }
                Role::Src(2) if matches!(d.form, Form::Cndmask | Form::CarryIn) => match classify(a, s.code) {
                    Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) if s.code < 127 => p.mask = Some(s.code as u8),
                    _ => return None,
                },
                Role::Src(k) if pair64(s.ty) && s.regs == 2 => {
                    let k = k as usize;
                    p.modifiers(i, k, s.ty);
                    p.src[k] = match classify(a, s.code) {
                        Src::Vgpr(r) if r < 255 => From::Vgpr64(r as u8),
                        Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) if s.code < 127 => From::Sreg64(s.code as u8),
                        Src::Int(_) | Src::Float(_) => From::Value64(inline_value(a, s.code, s.ty)?),
                        // (A 64-bit float literal holds the high half of the double.)
                        Src::Literal if s.ty == Ty::F64 => From::Value64((i.literal? as u64) << 32),
                        Src::Literal => From::Value64(i.literal? as u64),
                        _ => return None,
                    };
                    p.nsrc = p.nsrc.max(k as u8 + 1);
                }
                Role::Src(k) => {
                    let k = k as usize;
                    if !(one(s.ty) || bits16(s.ty)) || s.regs != 1 {
                        return None;
                    }
                    p.flush_in[k] = s.ty == Ty::F32 && !d.flags.has(Flags::CLASS) && d.exec != Exec::RawSources;
                    p.modifiers(i, k, s.ty);
                    if opsel && s.ty.is_16() {
                        p.mods[k] |= (i.op_sel() >> k & 1) << 2;
                    }
                    p.src[k] = match classify(a, s.code) {
                        // (Not a register another source may copy: its lanes move.)
                        Src::Vgpr(r) if k == 0 && p.dpp.is_some() => From::Dpp(r as u8),
                        // (Each read its own copy: the selects differ.)
                        Src::Vgpr(r) if p.sdwa.is_some() => From::Vgpr(r as u8),
                        Src::Vgpr(r) => match (0..k).find(|&j| vgprs[j] == Some(r)) {
                            Some(j) if p.flush_in[j] == p.flush_in[k] && p.mods[j] == p.mods[k] => From::Same(j as u8),
                            Some(_) => return None,
                            None => {
                                vgprs[k] = Some(r);
                                // (A source with modifiers is copied: they change its lanes.)
                                if p.mods[k] == 0 {
                                    p.swap |= 1 << k;
                                    p.swap_reg[k] = r as u8;
                                }
                                From::Vgpr(r as u8)
                            }
                        },
                        Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) if s.code < 128 => From::Sreg(s.code as u8),
                        Src::Int(_) | Src::Float(_) => From::Value(inline_value(a, s.code, s.ty)? as u32),
                        Src::Literal if s.ty.is_16() => From::Value(i.literal? & 0xffff),
                        Src::Literal => From::Value(i.literal?),
                        _ => return None,
                    };
                    p.any_flush_in |= p.flush_in[k];
                    p.nsrc = p.nsrc.max(k as u8 + 1);
                }
                _ => return None,
            }
        }
        // V_DIV_FMAS reads VCC as its lane mask, as the general executor gives it.
        if d.flags.has(Flags::READS_VCC) {
            if p.mask.is_some() {
                return None;
            }
            p.mask = Some(VCC as u8);
        }
        // A 64-bit pair no other source reads is swapped into the lanes too, not copied.
        for k in 0..p.nsrc as usize {
            let From::Vgpr64(r) = p.src[k] else { continue };
            let overlaps = |j: usize| match p.src[j] {
                From::Vgpr(x) => x == r || x == r + 1,
                From::Vgpr64(x) => x.abs_diff(r) <= 1,
                _ => false,
            };
            if p.mods[k] == 0 && !(0..p.nsrc as usize).any(|j| j != k && overlaps(j)) {
                p.swap |= 16 << k;
                p.swap_reg[k] = r;
            }
        }
        p.old_swap = p.reads_dst
            && p.out == Out::Vgpr
            && !p.wide
            && p.sdwa.is_none()
            && p.half.is_none()
            && (0..p.nsrc as usize).all(|k| match p.src[k] {
                From::Vgpr(r) | From::Dpp(r) => r != p.vdst,
                From::Vgpr64(r) => r != p.vdst && r + 1 != p.vdst,
                _ => true,
            });
        p.fill = d.name.contains(&"v_mov_b32")
            && p.sdwa.is_none()
            && p.out == Out::Vgpr
            && !p.wide
            && p.mods[0] == 0
            && matches!(p.src[0], From::Sreg(_) | From::Value(_));
        p.pairs = (0..p.nsrc as usize).any(|k| matches!(p.src[k], From::Sreg64(_) | From::Value64(_)));
        p.plain = p.dpp.is_none()
            && p.sdwa.is_none()
            && p.half.is_none()
            && !p.post64
            && !p.reads_dst
            && p.mods == [0; 3]
            && (0..p.nsrc as usize).all(|k| match p.src[k] {
                From::Vgpr(_) => p.swap & (1 << k) != 0,
                From::Vgpr64(_) => p.swap & (16 << k) != 0,
                From::Sreg(_) | From::Value(_) | From::Sreg64(_) | From::Value64(_) => true,
                _ => false,
            });
        Some(p)
    }

    /// A plain integer add with carry out (`v_add_co_u32`) or in and out (`v_addc_co_u32`):
    /// its two sources, VDST, the pair its carries go to and the pair it reads carries from
    /// (for [`super::fused`]).
    /// (The sources: each a VGPR, a scalar register or a constant.)
    pub(super) fn carry_add(&self) -> Option<([From; 2], u8, u8, Option<u8>)> {
        use super::ops::vop2::{add_co_u32, addc_co_u32};
        let with_cin = std::ptr::fn_addr_eq(self.sem, addc_co_u32 as Semantics);
        if !(with_cin || std::ptr::fn_addr_eq(self.sem, add_co_u32 as Semantics))
            || !self.plain
            || self.needs != 0
            || self.out != Out::Carry
            || self.nsrc != 2
            || self.mask.is_some() != with_cin
        {
            return None;
        }
        let src = [self.src[0], self.src[1]];
        if !src.iter().all(|f| matches!(f, From::Vgpr(_) | From::Sreg(_) | From::Value(_))) {
            return None;
        }
        Some((src, self.vdst, self.sdst, self.mask))
    }

    /// A float row of one dword a lane without modifiers that writes VDST alone: its
    /// semantics, its sources (VGPRs, scalar registers, constants; a VGPR read twice is
    /// named twice; VDST last where the row reads it: `v_fmac_f32`) and VDST, for the affine
    /// tier ([`super::affine`], which runs the common ones in machine code).
    pub(super) fn float_parts(&self) -> Option<(Semantics, [From; 3], usize, u8)> {
        let whole = self.dpp.is_none() && self.sdwa.is_none() && self.half.is_none() && !self.wide;
        if !whole || self.post64 || self.mods != [0; 3] || self.out != Out::Vgpr || self.needs != 1 || self.mask.is_some() {
            return None;
        }
        let mut src = self.src;
        for k in 0..self.nsrc as usize {
            src[k] = match src[k] {
                From::Same(j) => src[j as usize],
                s @ (From::Vgpr(_) | From::Sreg(_) | From::Value(_)) => s,
                _ => return None,
            };
        }
        let mut n = self.nsrc as usize;
        if self.reads_dst {
            if n > 2 {
                return None;
            }
            src[n] = From::Vgpr(self.vdst);
            n += 1;
        }
        Some((self.sem, src, n, self.vdst))
    }

    /// A plain integer word that writes VDST (and perhaps carries), or a compare that writes
    /// a scalar pair (not EXEC), for the affine tier ([`super::affine`]): its semantics,
    /// sources (VGPRs, VGPR pairs, scalar registers, constants), VDST, whether VDST is a pair,
    /// the pair its carries or compare bits go to and the pair it reads as lane bits.
    pub(super) fn integer_parts(&self) -> Option<IntegerParts<'_>> {
        let out = matches!(self.out, Out::Vgpr | Out::Carry | Out::Cmp { exec: false });
        if !self.plain || self.needs != 0 || self.pairs || !out {
            return None;
        }
        Some(IntegerParts {
            sem: self.sem,
            src: &self.src[..self.nsrc as usize],
            vdst: self.vdst,
            wide: self.wide,
            carry: (self.out != Out::Vgpr).then_some(self.sdst),
            mask: self.mask,
        })
    }

    /// The VGPRs the word writes: VDST (and the next one, for a pair); none for compares.
    pub(super) fn vgprs_written(&self) -> std::ops::Range<usize> {
        match self.out {
            Out::Cmp { .. } => 0..0,
            _ => self.vdst as usize..self.vdst as usize + 1 + self.wide as usize,
        }
    }

    /// Source `k`'s input modifiers from `i` (VOP3: sources 0-2; DPP and SDWA: 0-1).
    fn modifiers(&mut self, i: &Instr, k: usize, ty: Ty) {
        if (i.enc.is_vop3() && k < 3) || (i.enc.is_ext() && k < 2) {
            self.mods[k] = (i.abs() >> k & 1) | (i.neg() >> k & 1) << 1;
            let (dword, bit) = super::exec::sign_bit(ty);
            self.sign[k] = (dword as u8, bit);
        }
    }

    /// Runs the planned instruction. `false`: MODE asks for something only the general
    /// executor does (a rounding mode other than nearest-even): the caller runs that instead.
    #[inline]
    pub fn run(&self, w: &mut Wave, l: &mut Lanes) -> bool {
        let exec = w.exec();
        let gate = Gate::of(w.mode);
        gate.prepare(w, l);
        self.run_exec(w, l, exec, &gate)
    }

    /// [`FastVop::run`] with EXEC already read (`exec` must be the wave's EXEC) and MODE's
    /// gate made and the lanes prepared ([`Gate::prepare`]) for the wave's MODE.
    #[inline(always)]
    pub fn run_exec(&self, w: &mut Wave, l: &mut Lanes, exec: u64, gate: &Gate) -> bool {
        // Directed rounding of float rows, and GPR indexing: the general executor's.
        if !gate.ok[self.needs as usize] {
            return false;
        }
        if self.fill {
            return self.run_fill(w, exec);
        }
        // (Flushing f32 denormals: the whole path's.)
        if self.plain && !(self.any_flush_in && gate.flush_in) && !(self.flush_out && gate.flush_out) {
            self.run_plain(w, l, exec);
            return true;
        }
        // DPP: the lanes SRC0 comes from, those written, and those whose scalar result bit
        // is kept (BOUND_CTRL clear and an invalid source lane); else EXEC's.
        let dpp = self.dpp.map(|c| dpp_lanes(c, exec));
        let (write, keep) = dpp.as_ref().map_or((exec, 0), |p| (p.write, p.keep));
        // VDST's old value, for the rows that read it (V_MAC_* accumulate into it), before
        // any source row leaves the register file.
        let place = self.sdwa.filter(|x| x.dst_sel != 6);
        if self.old_swap {
            // (Back before a blend into the register, below.)
            std::mem::swap(&mut l.old[0], &mut w.v[self.vdst as usize]);
        } else if self.reads_dst || place.is_some() || self.half.is_some() {
            *l.old[0] = *w.v[self.vdst as usize];
        }
        // Copied sources first (64-bit pairs that overlap another source read the register
        // file before any row leaves it), then the VGPR rows and pairs swapped into the lanes
        // (no copy; back afterwards), then the second reads of a VGPR.
        let flush_in = self.any_flush_in && gate.flush_in;
        let mut swap = self.swap;
        let mut same = false;
        for k in 0..self.nsrc as usize {
            let flush = flush_in && self.flush_in[k];
            match self.src[k] {
                From::Vgpr(r) => {
                    // (Swapped in below, unless flushed or selected here: copied.)
                    if !flush && swap & (1 << k) != 0 {
                        continue;
                    }
                    swap &= !(1 << k);
                    *l.src[k][0] = *w.v[r as usize];
                }
                From::Sreg(c) => *l.src[k][0] = [w.s[c as usize]; N],
                From::Value(v) => *l.src[k][0] = [v; N],
                From::Vgpr64(_) if swap & (16 << k) != 0 => continue,
                From::Vgpr64(r) => {
                    *l.src[k][0] = *w.v[r as usize];
                    *l.src[k][1] = *w.v[r as usize + 1];
                }
                From::Sreg64(c) => {
                    *l.src[k][0] = [w.s[c as usize]; N];
                    *l.src[k][1] = [w.s[c as usize + 1]; N];
                }
                From::Value64(v) => {
                    *l.src[k][0] = [v as u32; N];
                    *l.src[k][1] = [(v >> 32) as u32; N];
                }
                From::Same(_) => {
                    same = true;
                    continue;
                }
                From::Dpp(r) => {
                    let (p, raw) = (dpp.as_ref().unwrap(), &w.v[r as usize]);
                    for (lane, x) in l.src[k][0].iter_mut().enumerate() {
                        *x = if p.valid >> lane & 1 != 0 { raw[p.from[lane] as usize] } else { 0 };
                    }
                }
            }
            if let Some((sel, sext)) = self.sdwa.filter(|x| k < 2 && x.sel[k] != 6).map(|x| (x.sel[k], x.sext[k])) {
                l.src[k][0].iter_mut().for_each(|x| *x = sdwa_select(*x, sel as u32, sext));
            }
            if self.mods[k] != 0 {
                if self.mods[k] & 4 != 0 {
                    l.src[k][0].iter_mut().for_each(|x| *x >>= 16);
                }
                let (dword, bit) = self.sign[k];
                let (clear, flip) = (if self.mods[k] & 1 != 0 { bit } else { 0 }, if self.mods[k] & 2 != 0 { bit } else { 0 });
                l.src[k][dword as usize].iter_mut().for_each(|x| *x = (*x & !clear) ^ flip);
            }
            if flush {
                l.src[k][0].iter_mut().for_each(|x| *x = ftz32(*x));
            }
        }
        self.swap_rows(w, l, swap);
        if same {
            for k in 1..self.nsrc as usize {
                if let From::Same(j) = self.src[k] {
                    let (a, b) = l.src.split_at_mut(k);
                    *b[0][0] = *a[j as usize][0];
                }
            }
        }
        l.exec = exec;
        l.sdst = 0;
        l.mask = self.mask.map_or(0, |c| w.pair(c as usize));
        (self.sem)(l);
        if self.post64 {
            super::exec::float_post(l, Ty::F64, 0, false, false, false, true);
        }
        self.swap_rows(w, l, swap);
        match self.out {
            Out::Cmp { exec: x } => {
                let bits = l.sdst & write | if keep != 0 { w.pair(self.sdst as usize) & keep } else { 0 };
                w.set_pair(self.sdst as usize, bits);
                if x {
                    w.set_pair(EXEC, bits);
                }
            }
            out => {
                if self.flush_out && gate.flush_out {
                    l.dst[0].iter_mut().for_each(|x| *x = ftz32(*x));
                }
                // SDWA: the result into its part of VDST.
                if let Some(x) = place {
                    for (d, &old) in l.dst[0].iter_mut().zip(l.old[0].iter()) {
                        *d = sdwa_place(*d, old, x.dst_sel as u32, x.dst_unused as u32);
                    }
                }
                // GCN 1.4's OP_SEL: the result into its half of VDST.
                if let Some(hi) = self.half {
                    for (d, &old) in l.dst[0].iter_mut().zip(l.old[0].iter()) {
                        let r = *d & 0xffff;
                        *d = if hi { (old & 0xffff) | r << 16 } else { (old & 0xffff_0000) | r };
                    }
                }
                let vdst = self.vdst as usize;
                if write == u64::MAX {
                    // The result row becomes the register's (the old row is the lanes' next
                    // scratch row).
                    std::mem::swap(&mut w.v[vdst], &mut l.dst[0]);
                    if self.wide {
                        std::mem::swap(&mut w.v[vdst + 1], &mut l.dst[1]);
                    }
                } else {
                    if self.old_swap {
                        std::mem::swap(&mut l.old[0], &mut w.v[vdst]);
                    }
                    blend(&mut w.v[vdst], &l.dst[0], write);
                    if self.wide {
                        blend(&mut w.v[vdst + 1], &l.dst[1], write);
                    }
                }
                if out == Out::Carry {
                    let kept = if keep != 0 { w.pair(self.sdst as usize) & keep } else { 0 };
                    w.set_pair(self.sdst as usize, l.sdst & write | kept);
                }
            }
        }
        true
    }

    /// [`FastVop::run_exec`] of a plain word: the sources, the row's semantics and the
    /// write-back under EXEC, nothing else to look at.
    #[inline(always)]
    fn run_plain(&self, w: &mut Wave, l: &mut Lanes, exec: u64) {
        for k in 0..self.nsrc as usize {
            match self.src[k] {
                From::Sreg(c) => *l.src[k][0] = [w.s[c as usize]; N],
                From::Value(v) => *l.src[k][0] = [v; N],
                // (VGPRs and VGPR pairs: swapped in below; scalar pairs and 64-bit
                // constants after this loop.)
                _ => {}
            }
        }
        if self.pairs {
            self.fill_pairs(w, l);
        }
        self.swap_rows(w, l, self.swap);
        l.exec = exec;
        l.sdst = 0;
        l.mask = self.mask.map_or(0, |c| w.pair(c as usize));
        (self.sem)(l);
        self.swap_rows(w, l, self.swap);
        match self.out {
            Out::Cmp { exec: x } => {
                let bits = l.sdst & exec;
                w.set_pair(self.sdst as usize, bits);
                if x {
                    w.set_pair(EXEC, bits);
                }
            }
            out => {
                let vdst = self.vdst as usize;
                if exec == u64::MAX {
                    std::mem::swap(&mut w.v[vdst], &mut l.dst[0]);
                    if self.wide {
                        std::mem::swap(&mut w.v[vdst + 1], &mut l.dst[1]);
                    }
                } else {
                    blend(&mut w.v[vdst], &l.dst[0], exec);
                    if self.wide {
                        blend(&mut w.v[vdst + 1], &l.dst[1], exec);
                    }
                }
                if out == Out::Carry {
                    w.set_pair(self.sdst as usize, l.sdst & exec);
                }
            }
        }
    }

    /// A `v_mov_b32` of a value: VDST's row filled (out of line: the other rows' path stays
    /// as short as it was).
    #[inline(never)]
    fn run_fill(&self, w: &mut Wave, exec: u64) -> bool {
        let v = match self.src[0] {
            From::Sreg(c) => w.s[c as usize],
            From::Value(v) => v,
            _ => return false,
        };
        let row = &mut w.v[self.vdst as usize];
        if exec == u64::MAX {
            **row = [v; N];
        } else {
            blend(row, &[v; N], exec);
        }
        true
    }

    /// A plain 64-bit word's scalar-pair and 64-bit constant sources, into both dwords of
    /// their lanes (out of line: the 32-bit words' path stays as short as it was).
    #[inline(never)]
    fn fill_pairs(&self, w: &Wave, l: &mut Lanes) {
        for k in 0..self.nsrc as usize {
            match self.src[k] {
                From::Sreg64(c) => {
                    *l.src[k][0] = [w.s[c as usize]; N];
                    *l.src[k][1] = [w.s[c as usize + 1]; N];
                }
                From::Value64(v) => {
                    *l.src[k][0] = [v as u32; N];
                    *l.src[k][1] = [(v >> 32) as u32; N];
                }
                _ => {}
            }
        }
    }

    /// Swaps the 64-bit pairs of the sources in `swap` (bit 4 + k: source k) with their
    /// registers' (out of line, as [`FastVop::run_fill`]).
    #[inline(never)]
    fn swap_pairs(&self, w: &mut Wave, l: &mut Lanes, swap: u8) {
        for (k, &r) in self.swap_reg.iter().enumerate().filter(|(k, _)| swap & 16 << k != 0) {
            std::mem::swap(&mut l.src[k][0], &mut w.v[r as usize]);
            std::mem::swap(&mut l.src[k][1], &mut w.v[r as usize + 1]);
        }
    }

    /// Swaps the rows of the sources in `swap` (bit k: source k) with their registers'.
    #[inline(always)]
    fn swap_rows(&self, w: &mut Wave, l: &mut Lanes, swap: u8) {
        let r = self.swap_reg;
        if swap & 1 != 0 {
            std::mem::swap(&mut l.src[0][0], &mut w.v[r[0] as usize]);
        }
        if swap & 2 != 0 {
            std::mem::swap(&mut l.src[1][0], &mut w.v[r[1] as usize]);
        }
        if swap & 4 != 0 {
            std::mem::swap(&mut l.src[2][0], &mut w.v[r[2] as usize]);
        }
        if swap & 0x70 != 0 {
            self.swap_pairs(w, l, swap);
        }
    }
}

/// What a wave's MODE allows the planned vector instructions, worked out once for a run of
/// them (MODE changes only in instructions the general executor runs: `s_setreg`,
/// `s_set_gpr_idx_on`...).
#[derive(Clone, Copy, Debug)]
pub struct Gate {
    /// What rows run ([`FastVop::needs`]): integer rows without GPR indexing, float rows
    /// also only rounding to nearest even, rows of f64 or f16 also only keeping their
    /// denormals.
    pub(super) ok: [bool; 3],
    /// f32 input denormals flushed.
    flush_in: bool,
    /// f32 output denormals flushed.
    flush_out: bool,
    mode: u32,
}

impl Gate {
    #[inline]
    pub fn of(mode: u32) -> Gate {
        let idx = mode & super::scalar::GPR_IDX_EN != 0;
        Gate {
            ok: [
                !idx,
                !idx && mode & 0xf == 0,
                !idx && mode & 0xf == 0 && keeps_input_denorms(mode, Ty::F64) && keeps_output_denorms(mode, Ty::F64),
            ],
            flush_in: !keeps_input_denorms(mode, Ty::F32),
            flush_out: !keeps_output_denorms(mode, Ty::F32),
            mode,
        }
    }

    /// f32 rows are IEEE single precision under this MODE (rounding to nearest even, f32
    /// denormals kept in and out, no GPR indexing): the affine tier's float rows.
    #[inline]
    pub(super) fn ieee_f32(&self) -> bool {
        self.ok[1] && !self.flush_in && !self.flush_out
    }

    /// Sets the fields of the lanes that no planned instruction changes (the general
    /// executor may have).
    #[inline]
    pub fn prepare(&self, w: &Wave, l: &mut Lanes) {
        l.arch = w.arch;
        l.mode = self.mode;
        l.clamp = false;
        l.k = 0;
    }
}

/// `row[lane] = src[lane]` for the lanes whose `exec` bit is set.
#[inline]
pub fn blend(row: &mut [u32; N], src: &[u32; N], exec: u64) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { blend_avx2(row, src, exec) };
    }
    blend_groups(row, src, exec)
}

/// [`blend`] eight lanes at a time: each lane's mask from its EXEC bit, one `vpblendvb`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn blend_avx2(row: &mut [u32; N], src: &[u32; N], exec: u64) {
    use std::arch::x86_64::*;
    for c in 0..N / 8 {
        let m = super::lanes::lane_mask8(exec, c);
        // SAFETY: lanes 8c..8c+8 of both arrays (unaligned loads and stores).
        unsafe {
            let p = row.as_mut_ptr().add(8 * c) as *mut __m256i;
            let s = _mm256_loadu_si256(src.as_ptr().add(8 * c) as *const __m256i);
            _mm256_storeu_si256(p, _mm256_blendv_epi8(_mm256_loadu_si256(p), s, m));
        }
    }
}

/// [`blend`] without AVX2.
#[inline]
fn blend_groups(row: &mut [u32; N], src: &[u32; N], exec: u64) {
    // Sixteen lanes at a time: all off (nothing), all on (a copy), else lane masks (divergence
    // is mostly coherent over neighbouring lanes).
    for g in 0..N / 16 {
        let bits = (exec >> (16 * g)) as u16;
        let (r16, s16) = (&mut row[g * 16..g * 16 + 16], &src[g * 16..g * 16 + 16]);
        match bits {
            0 => {}
            0xffff => r16.copy_from_slice(s16),
            _ => {
                for c in 0..4 {
                    let m = &MASK4[(bits >> (4 * c)) as usize & 15];
                    for k in 0..4 {
                        let (r, d) = (&mut r16[c * 4 + k], s16[c * 4 + k]);
                        *r = (d & m[k]) | (*r & !m[k]);
                    }
                }
            }
        }
    }
}

/// A planned lane move between the vector and scalar registers: V_READLANE_B32 (SDST = SRC0
/// of lane SRC1 & 63), V_READFIRSTLANE_B32 (of the first active lane, lane 0 when EXEC is 0)
/// and V_WRITELANE_B32 (VDST of lane SRC1 & 63 = SRC0, whatever EXEC says). rocPRIM's block
/// scans and partitions pass each wave's totals through them.
#[derive(Clone, Copy, Debug)]
pub struct FastLane {
    form: Form,
    src: From,
    /// The lane select (not read by V_READFIRSTLANE_B32).
    lane: From,
    /// SDST's operand code, or VDST's register.
    dst: u8,
}

impl FastLane {
    /// The plan of `i`, if it is a lane move the general executor would run just so.
    pub fn plan(i: &Instr, d: &'static InstrDef) -> Option<FastLane> {
        let Some(Sem::Vector(_)) = d.sem else { return None };
        if !matches!(d.form, Form::ReadLane | Form::WriteLane | Form::ReadFirstLane) || d.exec != Exec::Plain {
            return None;
        }
        use crate::enc::Enc;
        match i.enc {
            Enc::Vop1 | Enc::Vop2 => {}
            Enc::Vop3a | Enc::Vop3b if i.abs() == 0 && i.neg() == 0 && !i.clamp() && i.omod() == 0 && i.op_sel() == 0 => {}
            _ => return None,
        }
        let a = i.arch;
        let scalar = |code: u16, ty: Ty| match classify(a, code) {
            Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) if code < 128 => Some(From::Sreg(code as u8)),
            Src::Int(_) | Src::Float(_) => Some(From::Value(inline_value(a, code, ty)? as u32)),
            Src::Literal => Some(From::Value(i.literal?)),
            _ => None,
        };
        let mut p = FastLane {
            form: d.form,
            src: From::Value(0),
            lane: From::Value(0),
            // V_READLANE_B32's SDST is the VDST field's scalar code.
            dst: (i.vdst() & 127) as u8,
        };
        for s in operands(i, d).as_slice() {
            match s.role {
                Role::Vdst if d.form == Form::ReadLane => {}
                Role::Vdst if s.code >= 256 => p.dst = (s.code - 256) as u8,
                Role::Sdst if s.code < 128 => p.dst = s.code as u8,
                Role::Src(0) if s.regs == 1 => {
                    p.src = match classify(a, s.code) {
                        Src::Vgpr(r) => From::Vgpr(r as u8),
                        _ => scalar(s.code, s.ty)?,
                    }
                }
                Role::Src(1) if s.regs == 1 => p.lane = scalar(s.code, s.ty)?,
                _ => return None,
            }
        }
        Some(p)
    }

    /// Runs the planned instruction; `false` under GPR indexing (the general executor's).
    #[inline]
    pub fn run(&self, w: &mut Wave, gate: &Gate) -> bool {
        if !gate.ok[0] {
            return false;
        }
        let value = |w: &Wave, f: From, lane: usize| match f {
            From::Vgpr(r) => w.v[r as usize][lane],
            From::Sreg(c) => w.s[c as usize],
            From::Value(v) => v,
            _ => unreachable!("planned lane moves read dwords"),
        };
        let lane = match self.form {
            Form::ReadFirstLane => {
                let exec = w.exec();
                if exec == 0 {
                    0
                } else {
                    exec.trailing_zeros() as usize
                }
            }
            _ => (value(w, self.lane, 0) & 63) as usize,
        };
        let v = value(w, self.src, lane);
        let d = self.dst as usize;
        if self.form == Form::WriteLane {
            w.v[d][lane] = v;
            w.v_written[d] = true;
        } else {
            w.s[d] = v;
            w.s_written[d] = true;
        }
        true
    }
}

/// A planned scalar-ALU instruction: sources and destination resolved once.
#[derive(Clone, Copy, Debug)]
pub struct FastSalu {
    sem: crate::isa::ScalarSemantics,
    /// SSRC0/SSRC1 (SOPK: the SDST register and SIMM16): registers by code with their width,
    /// or values.
    src: [SFrom; 2],
    /// SDST code and width (0: none).
    dst: (u8, u8),
    /// SOPK arithmetic reads its destination as SSRC0.
    k: bool,
    /// The operation reads SDST's old value ([`Flags::READS_DST`], or SOPK arithmetic).
    reads_d: bool,
}

#[derive(Clone, Copy, Debug)]
enum SFrom {
    Reg(u8, u8),
    Value(u64),
}

impl FastSalu {
    /// The plan of a scalar-ALU row whose operands are registers below 128, constants or the
    /// literal; `None` for the rest (the general executor runs those).
    pub fn plan(i: &Instr, d: &'static InstrDef) -> Option<FastSalu> {
        let Some(Sem::Scalar(sem)) = d.sem else { return None };
        let a = i.arch;
        let mut p = FastSalu {
            sem,
            src: [SFrom::Value(0); 2],
            dst: (0, 0),
            k: d.form == Form::K,
            reads_d: d.form == Form::K || d.flags.has(Flags::READS_DST),
        };
        for s in operands(i, d).as_slice() {
            let from = |code: u16, regs: u8, ty: Ty| -> Option<SFrom> {
                Some(match classify(a, code) {
                    Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) if code as usize + regs as usize <= 128 => {
                        SFrom::Reg(code as u8, regs)
                    }
                    Src::Int(_) | Src::Float(_) => {
                        let v = inline_value(a, code, ty)?;
                        SFrom::Value(if regs > 1 { v } else { v & 0xffff_ffff })
                    }
                    Src::Literal if ty != Ty::F64 => SFrom::Value(i.literal? as u64),
                    _ => return None,
                })
            };
            match s.role {
                Role::Sdst => {
                    if !matches!(from(s.code, s.regs, s.ty)?, SFrom::Reg(..)) {
                        return None;
                    }
                    p.dst = (s.code as u8, s.regs);
                }
                Role::Src(k) if k < 2 => p.src[k as usize] = from(s.code, s.regs, s.ty)?,
                Role::Imm => p.src[1] = SFrom::Value(super::scalar::simm(d, s.val)),
                _ => return None,
            }
        }
        Some(p)
    }

    #[inline]
    fn get(w: &Wave, f: SFrom) -> u64 {
        match f {
            SFrom::Reg(c, 1) => w.s[c as usize] as u64,
            SFrom::Reg(c, _) => w.s[c as usize] as u64 | (w.s[c as usize + 1] as u64) << 32,
            SFrom::Value(v) => v,
        }
    }

    /// Runs the planned instruction (as [`super::scalar::salu`] does).
    #[inline(always)]
    pub fn run(&self, w: &mut Wave) {
        let exec_in = w.exec();
        let (dc, dn) = self.dst;
        let d = if self.reads_d && dn > 0 {
            Self::get(w, SFrom::Reg(dc, dn))
        } else {
            0
        };
        let mut x = super::salu::Salu {
            arch: w.arch,
            s0: if self.k { d } else { Self::get(w, self.src[0]) },
            s1: Self::get(w, self.src[1]),
            d,
            scc: w.scc,
            exec: exec_in,
        };
        (self.sem)(&mut x);
        // (The kernel machine keeps no record of written registers: no `s_written`.)
        if dn > 0 {
            w.s[dc as usize] = x.d as u32;
            if dn > 1 {
                w.s[dc as usize + 1] = (x.d >> 32) as u32;
            }
        }
        w.scc = x.scc;
        if x.exec != exec_in {
            w.s[EXEC] = x.exec as u32;
            w.s[EXEC + 1] = (x.exec >> 32) as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arch::Arch;
    use crate::isa::isa;

    use crate::emu::test_rng::{opcodes_where, Rng};

    /// Compiled code's 64-bit shifts take the plan (v_lshlrev_b64 v[0:1], 2, v[0:1]).
    #[test]
    fn sixty_four_bit_shifts_are_planned() {
        let i = crate::decode::decode(Arch::Gcn141, &[0xd28f_0000, 0x0002_0082]).unwrap();
        let p = FastVop::plan(&i, i.def().unwrap());
        assert!(p.is_some_and(|p| p.wide), "{p:?}");
    }

    /// A VGPR read as a 32-bit source and again inside a 64-bit pair (v_lshlrev_b64 v[0:1],
    /// v0, v[0:1]): the pair is read before the 32-bit row leaves the register file, so the
    /// fast path and the general executor agree.
    #[test]
    fn a_vgpr_in_a_pair_and_alone_is_read_once() {
        let a = Arch::Gcn141;
        let i = crate::decode::decode(a, &[0xd28f_0000, 0x0002_0100]).unwrap();
        let p = FastVop::plan(&i, i.def().unwrap()).expect("planned");
        let mut r = Rng(0x0f0f_1234_5555_aaaa);
        for exec in [u64::MAX, 0x0f0f_f0f0_1234_8765] {
            let mut w = Wave::new(a);
            for reg in 0..4 {
                w.v[reg].iter_mut().for_each(|x| *x = r.next() as u32);
            }
            w.set_pair(EXEC, exec);
            let mut slow = w.clone();
            super::super::exec::step_with(&mut slow, &mut Lanes::new(a), &i).unwrap();
            let mut l = Lanes::new(a);
            for arr in l.rows_mut() {
                arr.iter_mut().for_each(|x| *x = r.next() as u32);
            }
            assert!(p.run(&mut w, &mut l));
            assert!(slow.v == w.v, "VGPRs differ (EXEC {exec:x})");
        }
    }

    /// `v_mov_b32` of an SGPR, a constant or the literal fills VDST's row without the lanes;
    /// of a VGPR it goes through them. Both leave what the general executor leaves, under
    /// any EXEC and MODE.
    #[test]
    fn moves_of_a_value_equal_general_executor() {
        let mut r = Rng(0x7e06_0205_0bad_cafe);
        let mut filled = 0;
        for a in [Arch::Gcn10, Arch::Gcn12, Arch::Gcn14] {
            for _ in 0..3000 {
                let src = match r.next() % 6 {
                    0 => r.next() % 104,
                    1 => [106, 107, 124, 126, 127][r.next() as usize % 5],
                    2 => 128 + r.next() % 81,
                    3 => 240 + r.next() % 8,
                    4 => 255,
                    _ => 256 + r.next() % 256,
                } as u32;
                let vdst = (r.next() % 256) as u32;
                let words = [0x7e00_0000 | vdst << 17 | 1 << 9 | src, r.next() as u32];
                let i = crate::decode::decode(a, &words).unwrap();
                let p = FastVop::plan(&i, i.def().unwrap()).expect("planned");
                assert_eq!(
                    p.fill,
                    src < 256,
                    "{}",
                    crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm)
                );
                filled += p.fill as usize;
                let mut w = Wave::new(a);
                for reg in 0..256 {
                    w.v[reg].iter_mut().for_each(|x| *x = r.next() as u32);
                }
                for c in 0..106 {
                    w.s[c] = r.next() as u32;
                }
                w.s[124] = r.next() as u32;
                w.set_pair(EXEC, if r.next() & 1 == 0 { u64::MAX } else { r.next() });
                w.mode = [0x0c0, 0x0f0, 0x3c0, 0x3f0][(r.next() & 3) as usize];
                let mut slow = w.clone();
                super::super::exec::step_with(&mut slow, &mut Lanes::new(a), &i).unwrap();
                let mut l = Lanes::new(a);
                assert!(p.run(&mut w, &mut l));
                let text = crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm);
                assert!(slow.v == w.v, "{a} {text}: VGPRs differ");
                assert!(slow.s == w.s, "{a} {text}: SGPRs differ");
            }
        }
        assert!(filled > 5000, "only {filled} fills");
    }

    /// Every blend path (AVX2 where the CPU has it, groups of 16 lanes) writes exactly the lanes
    /// EXEC selects.
    #[test]
    fn blends_write_the_exec_lanes() {
        let mut r = Rng(0x5151_7272_9393_a4a4);
        for _ in 0..2000 {
            let src: [u32; N] = std::array::from_fn(|_| r.next() as u32);
            let old: [u32; N] = std::array::from_fn(|_| r.next() as u32);
            let exec = match r.next() % 4 {
                0 => r.next() & r.next(),
                1 => r.next() | r.next(),
                2 => (r.next() & 0xffff) << (16 * (r.next() % 4)),
                _ => r.next(),
            };
            let want: [u32; N] = std::array::from_fn(|i| if exec >> i & 1 != 0 { src[i] } else { old[i] });
            let (mut a, mut b) = (old, old);
            blend(&mut a, &src, exec);
            blend_groups(&mut b, &src, exec);
            assert_eq!(a, want);
            assert_eq!(b, want);
        }
    }

    /// Random words decoded on each arch: where the plan accepts one, the fast path and the
    /// general executor leave the same wave.
    #[test]
    fn fast_path_equals_general_executor() {
        let mut r = Rng(0x1234_5678_9abc_def1);
        let (mut planned, mut wide, mut cmp16, mut alu16, mut dpp, mut sdwa, mut mad64) = (0, 0, 0, 0, 0, 0, 0);
        let (mut f64s, mut f16s, mut f16x, mut divs, mut modded, mut opsel) = (0, 0, 0, 0, [0; 3], [0; 2]);
        let mut rd = Rng(0xd99d_0bad_f00d_0001);
        let mut rw = Rng(0x0005_eed0_f4e6_5eed);
        let specials = [
            0.0f32,
            -0.0,
            1.0,
            -2.5,
            1e-40,
            -1e-39,
            f32::INFINITY,
            f32::NAN,
            3.0e38,
            0.1,
        ];
        for a in [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141] {
            let mut l = Lanes::new(a);
            // The VOP3 opcodes of 64-bit integer rows (v_lshlrev_b64...): a third of the VOP3
            // words below get one, so that their plans are compared too.
            let vop3 = (0..)
                .map(|_| crate::decode::decode(a, &[r.next() as u32, r.next() as u32]))
                .find_map(|i| i.ok().filter(|i| i.enc == crate::enc::Enc::Vop3a))
                .unwrap();
            let wide_ops = opcodes_where(vop3, 1024, |d| d.dst.regs() == 2 && !d.dst.is_float());
            assert!(!wide_ops.is_empty(), "{a}");
            // And of the rows with f64 operands (v_fma_f64, v_cmp_lt_f64, v_cvt_f32_f64...).
            let f64_ops = opcodes_where(vop3, 1024, |d| d.dst == Ty::F64 || d.src.contains(&Ty::F64));
            // And of the division's steps (v_div_scale_f32/f64, v_div_fmas_f32/f64).
            let div_ops = opcodes_where(vop3, 1024, |d| {
                d.flags.has(Flags::READS_VCC) && d.dst.is_float() || (d.form == Form::Vop3b && d.dst.is_float())
            });
            // And of GCN 1.4's rows that read OP_SEL (v_fma_f16, v_add_u16...; others: the
            // 64-bit rows again).
            let sel_ops = if a.is_gcn14() { opcodes_where(vop3, 1024, |d| d.flags.has(Flags::OPSEL)) } else { wide_ops.clone() };
            for _ in 0..100_000 {
                let mut words = [r.next() as u32, r.next() as u32, r.next() as u32];
                // A quarter of the VOP1/VOP2/VOPC words on GCN 1.2/1.4 as DPP words (SRC0 0xfa),
                // half of those without ABS/NEG (the plan takes only those).
                // (Their own random numbers: the other words stay those of the main stream.)
                // Another quarter as SDWA words (SRC0 0xf9), half of those without ABS/NEG,
                // CLAMP and OMOD.
                if a.is_vi_plus() && words[0] >> 31 == 0 {
                    match rd.next() % 4 {
                        0 => {
                            words[0] = words[0] & !0x1ff | 0xfa;
                            if rd.next().is_multiple_of(2) {
                                words[1] &= !(0xf << 20);
                            }
                        }
                        1 => {
                            words[0] = words[0] & !0x1ff | 0xf9;
                            if rd.next().is_multiple_of(2) {
                                words[1] &= !(0x7 << 13 | 0x3 << 20 | 0x3 << 28);
                            }
                        }
                        _ => {}
                    }
                }
                let Ok(mut i) = crate::decode::decode(a, &words) else {
                    continue;
                };
                let mut plain = r.next().is_multiple_of(2);
                if i.enc == crate::enc::Enc::Vop3a && r.next().is_multiple_of(2) {
                    let ops = [&wide_ops, &f64_ops, &div_ops, &sel_ops, &sel_ops, &sel_ops][rd.next() as usize % 6];
                    i.set_opcode(ops[r.next() as usize % ops.len()]);
                    let Ok(j) = crate::decode::decode(a, i.words()) else {
                        continue;
                    };
                    i = j;
                    plain = true;
                }
                // Half of the VOP3 words without output modifiers (and half of those without
                // input modifiers), so that the plan sees them (the
                // 64-bit integer rows among them).
                if i.enc.is_vop3() && plain {
                    // (Half of them keep their ABS/NEG bits.)
                    if rd.next().is_multiple_of(2) {
                        i.set_src_mods(0, 0, 0);
                    }
                    i.set(crate::enc::F::Clamp, 0);
                    i.set(crate::enc::F::Omod, 0);
                    // (GCN 1.4: half of them keep OP_SEL, which its 16-bit rows read.)
                    if !a.is_gcn14() || rd.next().is_multiple_of(2) {
                        i.set(crate::enc::F::OpSel, 0);
                    }
                }
                let Some(d) = i.def() else { continue };
                let Some(p) = FastVop::plan(&i, d) else { continue };
                planned += 1;
                wide += p.wide as usize;
                cmp16 += (d.form == Form::Cmp && d.src[0].is_16()) as usize;
                alu16 += (d.form != Form::Cmp && d.dst.is_16()) as usize;
                mad64 += (d.form == Form::Vop3b) as usize;
                f64s += (p.needs == 2 && !d.dst.is_16()) as usize;
                opsel[0] += p.mods.iter().any(|&m| m & 4 != 0) as usize;
                opsel[1] += (p.half == Some(true)) as usize;
                if p.mods.iter().any(|&m| m != 0) {
                    let ext = i.enc.is_dpp() || i.enc.is_sdwa();
                    modded[if ext { 2 } else { (p.wide || p.needs == 2) as usize }] += 1;
                }
                divs += (d.flags.has(Flags::READS_VCC) || (d.form == Form::Vop3b && d.dst.is_float())) as usize;
                f16s += (d.dst == Ty::F16 || d.src[0] == Ty::F16) as usize;
                f16x += ((d.dst == Ty::F16 || d.src[0] == Ty::F16) && (i.enc.is_sdwa() || i.enc.is_dpp())) as usize;
                dpp += i.enc.is_dpp() as usize;
                sdwa += i.enc.is_sdwa() as usize;
                // (The registers from a stream of their own: the words stay the same whatever
                // is planned.)
                let r = &mut rw;
                let mut w = Wave::new(a);
                for reg in 0..256 {
                    for lane in 0..N {
                        let x = r.next();
                        // (Some high halves of f64 specials: infinities, NaNs quiet and
                        // signalling, a denormal, a negative zero.)
                        w.v[reg][lane] = if x & 3 == 0 {
                            specials[(x >> 8) as usize % specials.len()].to_bits()
                        } else if x & 15 == 1 {
                            [0x7ff0_0000, 0xfff0_0000, 0x7ff8_0000, 0x7ff4_0000, 0x000f_ffff, 0x8000_0000][(x >> 8) as usize % 6]
                        } else {
                            (x >> 16) as u32
                        };
                    }
                }
                for c in 0..106 {
                    w.s[c] = r.next() as u32;
                }
                w.set_pair(VCC, r.next());
                w.set_pair(EXEC, if r.next() & 1 == 0 { u64::MAX } else { r.next() });
                // (0x030: f64 denormals flushed, which the plans of f64 rows leave to the
                // general executor.)
                w.mode = [0x0c0, 0x0f0, 0x3c0, 0x3f0, 0x030][(r.next() % 5) as usize];
                let f64_flushed = w.mode & 0xc0 != 0xc0;
                let mut slow = w.clone();
                let mut fast = w;
                let ok = super::super::exec::step_with(&mut slow, &mut l, &i);
                // Nothing the general executor left in the scratch lanes may help the fast path.
                let mut l2 = Lanes::new(a);
                for arr in l2.rows_mut() {
                    arr.iter_mut().for_each(|x| *x = r.next() as u32);
                }
                l2.sdst = r.next();
                l2.mask = r.next();
                if p.needs == 2 && f64_flushed {
                    let before = fast.clone();
                    assert!(!p.run(&mut fast, &mut l2), "{}", crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm));
                    assert!(fast.v == before.v && fast.s == before.s);
                    continue;
                }
                assert!(
                    p.run(&mut fast, &mut l2),
                    "{}",
                    crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm)
                );
                assert!(
                    ok.is_ok(),
                    "{}: {ok:?}",
                    crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm)
                );
                let text = crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm);
                assert!(slow.v == fast.v, "{a} {text}: VGPRs differ");
                assert!(slow.s == fast.s, "{a} {text}: SGPRs differ");
                assert_eq!(slow.scc, fast.scc, "{a} {text}");
            }
        }
        let _ = isa();
        assert!(planned > 1000, "only {planned} planned instructions");
        // 64-bit integer rows (v_lshlrev_b64...) among them.
        assert!(wide > 20, "only {wide} planned 64-bit instructions");
        // 16-bit integer compares (v_cmp_lt_u16...) too.
        assert!(cmp16 > 20, "only {cmp16} planned 16-bit compares");
        // And 16-bit integer rows (v_add_u16, v_lshlrev_b16...).
        assert!(alu16 > 20, "only {alu16} planned 16-bit integer rows");
        // And rows with f64 operands.
        assert!(f64s > 1000, "only {f64s} planned f64 rows");
        // And words with ABS/NEG: VOP3 words of 32-bit rows, of 64-bit and 16-bit rows, DPP and
        // SDWA words.
        assert!(modded.iter().all(|&n| n > 300), "words with input modifiers planned: {modded:?}");
        // And GCN 1.4's OP_SEL: high halves of sources read, high halves of VDST written.
        assert!(opsel[0] > 150 && opsel[1] > 60, "OP_SEL words planned: {opsel:?}");
        // And the division's steps (v_div_scale, v_div_fmas).
        assert!(divs > 300, "only {divs} planned v_div_scale and v_div_fmas");
        // And f16 rows (v_add_f16, v_cvt_f32_f16...), DPP and SDWA words among them.
        assert!(f16s > 1000 && f16x > 300, "only {f16s} planned f16 rows, {f16x} DPP and SDWA words");
        // And the 64-bit multiply-adds with a carry out (v_mad_u64_u32, v_mad_i64_i32).
        assert!(mad64 > 10, "only {mad64} planned 64-bit multiply-adds");
        // DPP words (v_add_u32_dpp...) too.
        assert!(dpp > 500, "only {dpp} planned DPP words");
        // And SDWA words (v_and_b32_sdwa, v_cmp_eq_u16_sdwa...).
        assert!(sdwa > 500, "only {sdwa} planned SDWA words");
    }

    /// V_READLANE/V_WRITELANE/V_READFIRSTLANE in every VOP encoding each GPU has them in,
    /// with random operands, registers and EXEC: the plan and the general executor agree.
    #[test]
    fn fast_lane_equals_general_executor() {
        use crate::enc::Enc;
        let mut r = Rng(0x1a9e_0f1a_57ea_d5e7);
        let mut planned = [0usize; 3];
        for a in [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141] {
            let mut l = Lanes::new(a);
            // The lane moves' opcodes in each encoding (found on its first random word).
            let mut opcodes: Vec<(Enc, Vec<u16>)> = Vec::new();
            let mut tried = 0;
            while tried < 30_000 {
                let words = [r.next() as u32, r.next() as u32, r.next() as u32];
                let Ok(mut i) = crate::decode::decode(a, &words) else { continue };
                if !matches!(i.enc, Enc::Vop1 | Enc::Vop2 | Enc::Vop3a) {
                    continue;
                }
                let with = |op: u16| {
                    let mut t = i;
                    t.set_opcode(op);
                    crate::decode::decode(a, t.words()).ok()
                };
                if !opcodes.iter().any(|(e, _)| *e == i.enc) {
                    let ops = opcodes_where(i, 1024, |d| {
                        matches!(d.form, Form::ReadLane | Form::WriteLane | Form::ReadFirstLane)
                    });
                    opcodes.push((i.enc, ops));
                }
                let ops = &opcodes.iter().find(|(e, _)| *e == i.enc).unwrap().1;
                let Some(t) = ops.get(r.next() as usize % ops.len().max(1)).and_then(|&op| with(op)) else {
                    continue;
                };
                i = t;
                tried += 1;
                if i.enc.is_vop3() && r.next().is_multiple_of(2) {
                    i.set_src_mods(0, 0, 0);
                    i.set(crate::enc::F::Clamp, 0);
                    i.set(crate::enc::F::Omod, 0);
                }
                let d = i.def().unwrap();
                let Some(p) = FastLane::plan(&i, d) else { continue };
                planned[[Form::ReadLane, Form::WriteLane, Form::ReadFirstLane].iter().position(|&f| f == d.form).unwrap()] += 1;
                let mut w = Wave::new(a);
                for reg in 0..256 {
                    w.v[reg].iter_mut().for_each(|x| *x = r.next() as u32);
                }
                w.s.iter_mut().take(106).for_each(|x| *x = r.next() as u32);
                w.set_pair(EXEC, [u64::MAX, 0, r.next(), 1 << (r.next() % 64)][r.next() as usize % 4]);
                let mut slow = w.clone();
                let mut fast = w;
                let ok = super::super::exec::step_with(&mut slow, &mut l, &i);
                let text = crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm);
                assert!(ok.is_ok(), "{a} {text}: planned, but the general executor says {ok:?}");
                let gate = Gate::of(fast.mode);
                assert!(p.run(&mut fast, &gate), "{a} {text}");
                assert!(slow.v == fast.v, "{a} {text}: VGPRs differ");
                assert!(slow.s == fast.s, "{a} {text}: SGPRs differ");
                assert!(slow.v_written == fast.v_written && slow.s_written == fast.s_written, "{a} {text}");
            }
        }
        assert!(planned.iter().all(|&n| n > 200), "planned {planned:?}");
    }

    /// Every scalar-ALU row, with random operands from the table's sampler and random
    /// registers, SCC and EXEC: the fast path and the general executor agree.
    #[test]
    fn fast_salu_equals_general_executor() {
        use crate::sample::{instr_in, Knobs, Variant};
        let mut r = Rng(0x9e37_79b9_7f4a_7c15);
        let mut planned = 0;
        let defs = isa().defs.len();
        for a in [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14] {
            for id in 0..defs as u16 {
                let d = isa().def(id);
                let Some(Sem::Scalar(f)) = d.sem else { continue };
                for _ in 0..40 {
                    let mut next = || r.next();
                    let Some(i) = instr_in(&mut next, a, id, Variant::Short, Knobs::default()) else {
                        break;
                    };
                    let Some(p) = FastSalu::plan(&i, d) else { continue };
                    planned += 1;
                    let mut w = Wave::new(a);
                    for c in 0..128 {
                        w.s[c] = r.next() as u32;
                    }
                    w.scc = r.next() & 1 != 0;
                    let mut slow = w.clone();
                    let ok = super::super::scalar::salu(&mut slow, &i, d, f);
                    p.run(&mut w);
                    let text = crate::syntax::to_text(&i, crate::syntax::Syntax::Llvm);
                    assert!(ok.is_ok(), "{text}: {ok:?}");
                    assert!(slow.s == w.s, "{a} {text}: SGPRs differ");
                    assert_eq!(slow.scc, w.scc, "{a} {text}");
                }
            }
        }
        assert!(planned > 10_000, "only {planned} planned instructions");
    }
}
