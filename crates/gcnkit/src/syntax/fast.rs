//! The CLRX printer's fast path for the plain instructions that make up most real code.
//!
//! For each row (met on first use) a *plan* is derived from the row's operand list
//! ([`crate::layout::operands`]), probed field by field: which field feeds which operand, and
//! which bits must be as in a plain word (no modifier, no note, no unused bit). A word of that
//! row whose bits match is printed as the row's precomputed mnemonic text and one precomputed
//! text per operand ([`super::clrx`]'s operand texts), with no instruction record, operand
//! list or re-check built. Every other word (a literal, a modifier, a note, a data line...)
//! goes to the general printer, whose text the plan reproduces byte for byte: a plan prints
//! its probe words both ways before it is used (and is dropped if they differ), and the tests
//! compare the two paths on every row.
//!
//! Nothing here is keyed by instruction words: plans are per row, texts per operand code.

use super::special;
use super::text::{hex, Cell};
use super::{At, Syntax};
use crate::arch::Arch;
use crate::enc::{class_of, fields, Enc, Fields, F};
use crate::instr::Instr;
use crate::isa::{isa, DefId, Flags, Short};
use crate::layout::{operands, Role, Slots};

/// How an operand is printed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A register or constant of one or two registers: its precomputed text.
    Reg,
    /// A scalar register range of more (scalar loads' data and buffer bases): the general
    /// operand printer's text.
    Wide,
    /// An immediate in hex (SOPK/SOPP's SIMM16, a scalar load's offset).
    Hex,
    /// A branch target.
    Label,
    /// A special syntax (s_waitcnt's counters, hwreg, sendmsg, gpr_idx modes).
    Special(special::Kind),
}

/// One operand of a plan: its code (or value) is `((bits >> shift) & mask) << scale) + add`.
#[derive(Clone, Copy, Debug)]
struct Op {
    kind: Kind,
    shift: u8,
    scale: u8,
    regs: u8,
    add: u16,
    mask: u32,
}

impl Op {
    #[inline(always)]
    fn value(&self, bits: u64) -> u32 {
        (((bits >> self.shift) as u32 & self.mask) << self.scale) + self.add as u32
    }
}

/// The plan of one row in one class.
#[derive(Clone)]
struct Plan {
    id: DefId,
    enc: Enc,
    /// The mnemonic, with its trailing space when operands follow.
    mnemonic: Cell,
    /// Dwords of the instruction (a plan never takes a literal).
    words: u8,
    /// The bits outside the operand fields must be `guard_bits`.
    guard_mask: u64,
    guard_bits: u64,
    ops: [Op; 5],
    nops: u8,
    /// A VOP3 row with a 32-bit form: the general printer decides its ` vop3` suffix.
    suffix: bool,
    /// A scalar class: register ranges must be aligned (else the general printer decides).
    scalar: bool,
    /// The operand that is a branch target.
    label: Option<u8>,
}

/// Plan slots of the opcodes of one class.
struct ClassPlans {
    fl: &'static Fields,
    /// 0: not looked at yet; 1: no plan (the general printer); k >= 2: `plans[k - 2]`.
    by_opcode: Vec<u16>,
    /// GCN 1.2+'s 32-bit vector forms: SRC0 codes 249/250 make the word SDWA/DPP.
    ext_src0: bool,
}

const UNSEEN: u16 = 0;
const SLOW: u16 = 1;

/// The fast CLRX printer of one arch, with the plans of the rows it has met.
pub struct FastClrx {
    arch: Arch,
    classes: Vec<Option<ClassPlans>>,
    plans: Vec<Plan>,
}

/// An instruction the fast path takes: its plan and fixed bits.
#[derive(Clone, Copy)]
pub struct Hit {
    plan: u16,
    bits: u64,
    /// Dwords.
    pub len: usize,
}

impl FastClrx {
    /// The classes whose rows get plans: the vector ALU and the scalar classes.
    const CLASSES: [Enc; 10] = [
        Enc::Vop2,
        Enc::Vopc,
        Enc::Vop1,
        Enc::Vop3a,
        Enc::Sop2,
        Enc::Sopk,
        Enc::Sop1,
        Enc::Sopc,
        Enc::Sopp,
        Enc::Smem,
    ];

    pub fn new(arch: Arch) -> FastClrx {
        let mut classes: Vec<Option<ClassPlans>> = (0..Enc::ALL.len() + 1).map(|_| None).collect();
        for enc in Self::CLASSES.into_iter().chain([Enc::Smrd]) {
            if let Some(fl) = fields(enc, arch) {
                classes[enc as usize] = Some(ClassPlans {
                    fl,
                    by_opcode: vec![UNSEEN; 1 << fl.opcode_bits()],
                    ext_src0: enc.is_vop32() && arch.is_vi_plus(),
                });
            }
        }
        FastClrx {
            arch,
            classes,
            plans: Vec::new(),
        }
    }

    /// The plan of the instruction at `words[pos]`, if the fast path prints it.
    #[inline(always)]
    pub fn lookup(&mut self, words: &[u32], pos: usize) -> Option<Hit> {
        let w0 = words[pos];
        let enc = class_of(self.arch, w0);
        let c = self.classes[enc as usize].as_mut()?;
        if c.ext_src0 && matches!(w0 & 0x1ff, 249 | 250) {
            return None;
        }
        let n = c.fl.layout.words as usize;
        let bits = if n == 1 {
            w0 as u64
        } else {
            w0 as u64 | (*words.get(pos + 1)? as u64) << 32
        };
        let op = c.fl.opcode(bits) as usize;
        let mut plan = c.by_opcode[op];
        if plan == UNSEEN {
            plan = match build(self.arch, enc, op as u32) {
                Some(p) if self.plans.len() < (u16::MAX - 2) as usize => {
                    self.plans.push(p);
                    (self.plans.len() + 1) as u16
                }
                _ => SLOW,
            };
            if let Some(c) = self.classes[enc as usize].as_mut() {
                c.by_opcode[op] = plan;
            }
        }
        if plan == SLOW {
            return None;
        }
        let p = &self.plans[(plan - 2) as usize];
        if bits & p.guard_mask != p.guard_bits {
            return None;
        }
        // The literal code: a longer instruction, with a literal dword the plan does not print.
        if p.ops[..p.nops as usize]
            .iter()
            .any(|op| op.mask != 0 && matches!(op.kind, Kind::Reg | Kind::Wide) && op.value(bits) == 255)
        {
            return None;
        }
        Some(Hit {
            plan,
            bits,
            len: p.words as usize,
        })
    }

    /// The plan of a hit (for [`FastClrx::again`]).
    #[inline(always)]
    pub fn plan_of(hit: &Hit) -> u16 {
        hit.plan
    }

    /// The hit of plan `plan` (from [`FastClrx::plan_of`]) for the instruction at
    /// `words[pos]`, met before: its bits again, without the lookup.
    #[inline(always)]
    pub fn again(&self, plan: u16, words: &[u32], pos: usize) -> Hit {
        let p = &self.plans[(plan - 2) as usize];
        let bits = if p.words == 1 {
            words[pos] as u64
        } else {
            words[pos] as u64 | (words[pos + 1] as u64) << 32
        };
        Hit {
            plan,
            bits,
            len: p.words as usize,
        }
    }

    /// A branch's SIMM16.
    #[inline(always)]
    pub fn branch(&self, hit: &Hit) -> Option<u32> {
        let p = &self.plans[(hit.plan - 2) as usize];
        p.label.map(|k| p.ops[k as usize].value(hit.bits))
    }

    /// Appends the text of `hit` at `at`; `false` (with `out` as it was) where the general
    /// printer must decide after all (a literal code, an unaligned range, a special operand
    /// clrxasm does not read back, a VOP3 word that needs its ` vop3` suffix).
    #[inline]
    pub fn print(&self, out: &mut String, hit: Hit, words: &[u32], at: &At) -> bool {
        let p = &self.plans[(hit.plan - 2) as usize];
        let start = out.len();
        if self.print_plan(out, p, hit.bits, at) {
            if p.suffix && self.needs_suffix(p, words) {
                out.truncate(start);
                return false;
            }
            return true;
        }
        out.truncate(start);
        false
    }

    /// The VOP3 word `words` would take CLRX's ` vop3` suffix (rare: the general printer then
    /// prints it).
    #[cold]
    fn needs_suffix(&self, p: &Plan, words: &[u32]) -> bool {
        match crate::decode::decode(self.arch, &words[..p.words as usize]) {
            Ok(i) => super::clrx::fits_32bit(&i, isa().def(p.id)),
            Err(_) => true,
        }
    }

    #[inline(always)]
    fn print_plan(&self, out: &mut String, p: &Plan, bits: u64, at: &At) -> bool {
        let texts = super::clrx::op_texts(self.arch);
        p.mnemonic.push(out);
        for (k, op) in p.ops[..p.nops as usize].iter().enumerate() {
            let v = op.value(bits);
            match op.kind {
                Kind::Reg => {
                    if p.scalar && !aligned(self.arch, v, op.regs) {
                        return false;
                    }
                    let idx = (op.regs as usize - 1) * 512 + (v as usize & 511);
                    if k == 0 {
                        texts.0[idx].push(out);
                    } else {
                        texts.1[idx].push(out);
                    }
                }
                _ => {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    match op.kind {
                        Kind::Wide => {
                            if !aligned(self.arch, v, op.regs) {
                                return false;
                            }
                            let s = crate::layout::Slot::new(Role::Sdst, v as u16, op.regs, crate::isa::Ty::B32);
                            super::clrx::operand(out, self.arch, &s, None, true, None);
                        }
                        Kind::Hex => hex(out, v as u64),
                        Kind::Label => {
                            let target = super::target(at.offset, 4 * p.words as usize, v);
                            super::branch_label(out, target, at, Syntax::Clrx, v);
                        }
                        Kind::Special(kind) => {
                            if !special::print(out, kind, self.arch, Syntax::Clrx, v) {
                                return false;
                            }
                        }
                        Kind::Reg => {}
                    }
                }
            }
        }
        true
    }
}

/// Not an SGPR range off the boundary both assemblers want (pairs even, four or more on a
/// multiple of 4): the general printer decides those.
#[inline(always)]
fn aligned(a: Arch, code: u32, regs: u8) -> bool {
    crate::layout::scalar_aligned(code as u16, regs)
        || !matches!(crate::operand::classify(a, code as u16), crate::operand::Src::Sgpr(_))
}

/// The plan of opcode `op` of class `enc` on `arch`, if its row is one the fast path prints.
fn build(arch: Arch, enc: Enc, op: u32) -> Option<Plan> {
    let t = isa();
    let id = t.by_opcode(enc, arch, op)?;
    let d = t.def(id);
    let name = d.name[arch.index()];
    let vector = d.short.is_vop();
    let scalar = matches!(
        d.short,
        Short::Sop2 | Short::Sopk | Short::Sop1 | Short::Sopc | Short::Sopp | Short::Smem
    );
    if name.is_empty() || !(vector || scalar) || d.flags.has(Flags::CLASS) {
        return None;
    }
    let enc = if enc == Enc::Vop3a && d.form.is_vop3b() {
        Enc::Vop3b
    } else {
        enc
    };
    let fl = fields(enc, arch)?;
    // The probe: the row's word with every field zero but the immediate-offset flag of the
    // scalar loads (their common form).
    let mut probe = Instr::new(arch, enc);
    probe.def = Some(id);
    probe.set_opcode(op as u16);
    if fl.has(F::Imm) {
        probe.set(F::Imm, 1);
    }
    let base = operands(&probe, d);
    // Which field each operand reads: set one field at a time and see which operand moves.
    let mut source: [Option<(u8, u8, u32)>; 5] = [None; 5];
    let mut mapped = 0u64;
    for f in fl.layout.all_fields() {
        if matches!(f.f, F::Encoding | F::Op | F::Seg) {
            continue;
        }
        let max = ((1u64 << f.width) - 1) as u32;
        let mut hit: Option<(usize, u8)> = None;
        let mut consistent = true;
        for v in [1, max] {
            let mut j = probe;
            j.set(f.f, v);
            let s = operands(&j, d);
            if !same_shape(&base, &s) {
                consistent = false;
                break;
            }
            let moved: Vec<usize> = (0..base.len)
                .filter(|&k| {
                    let (a, b) = (&base.slots[k], &s.slots[k]);
                    a.code != b.code || a.val != b.val
                })
                .collect();
            match moved.as_slice() {
                [] => consistent = false,
                &[k] => {
                    let (a, b) = (&base.slots[k], &s.slots[k]);
                    let delta = if a.is_value() {
                        b.val.wrapping_sub(a.val)
                    } else {
                        (b.code as u32).wrapping_sub(a.code as u32)
                    };
                    let scale = (0..2u8).find(|&sc| delta == v << sc);
                    match (scale, hit) {
                        (Some(sc), None) => hit = Some((k, sc)),
                        (Some(sc), Some((k0, sc0))) if k0 == k && sc0 == sc => {}
                        _ => return None,
                    }
                }
                _ => return None,
            }
            if !consistent {
                break;
            }
        }
        if let (true, Some((k, scale))) = (consistent, hit) {
            if source[k].is_some() {
                return None;
            }
            source[k] = Some((f.lo, scale, max));
            mapped |= (max as u64) << f.lo;
        }
    }
    let mut ops = [Op {
        kind: Kind::Hex,
        shift: 0,
        scale: 0,
        regs: 1,
        add: 0,
        mask: 0,
    }; 5];
    for (k, s) in base.as_slice().iter().enumerate() {
        let kind = match s.role {
            Role::Imm => Kind::Hex,
            Role::Offset if s.imm => Kind::Hex,
            Role::Label => Kind::Label,
            Role::Waitcnt => Kind::Special(special::Kind::Waitcnt),
            Role::Hwreg => Kind::Special(special::Kind::Hwreg),
            Role::Sendmsg => Kind::Special(special::Kind::Sendmsg),
            Role::GprIdx => Kind::Special(special::Kind::GprIdx),
            Role::Vdst | Role::Sdst | Role::Src(_) | Role::Sbase | Role::Soffset | Role::Offset
                if !s.is_value() && s.code != 255 && s.regs >= 1 =>
            {
                match s.regs {
                    1 | 2 => Kind::Reg,
                    _ if scalar => Kind::Wide,
                    _ => return None,
                }
            }
            _ => return None,
        };
        let fixed = if s.is_value() { s.val } else { s.code as u32 };
        ops[k] = match source[k] {
            Some((lo, scale, mask)) => Op {
                kind,
                shift: lo,
                scale,
                regs: s.regs,
                add: u16::try_from(fixed).ok()?,
                mask,
            },
            None => Op {
                kind,
                shift: 0,
                scale: 0,
                regs: s.regs,
                add: u16::try_from(fixed).ok()?,
                mask: 0,
            },
        };
    }
    let spaced = if base.len > 0 {
        format!("{name} ")
    } else {
        name.to_string()
    };
    let guard_mask = fl.fixed & !mapped;
    let plan = Plan {
        id,
        enc,
        mnemonic: Cell::new(&spaced)?,
        words: fl.layout.words,
        guard_mask,
        guard_bits: probe.bits() & guard_mask,
        ops,
        nops: base.len as u8,
        suffix: enc.is_vop3(),
        scalar,
        label: ops[..base.len]
            .iter()
            .position(|o| o.kind == Kind::Label)
            .map(|k| k as u8),
    };
    plan.agrees(arch, &probe).then_some(plan)
}

/// Do two operand lists have the same operands (roles, widths, kinds), whatever their values?
fn same_shape(a: &Slots, b: &Slots) -> bool {
    a.len == b.len
        && a.as_slice().iter().zip(b.as_slice()).all(|(x, y)| {
            x.role == y.role && x.regs == y.regs && x.implicit == y.implicit && x.imm == y.imm && x.ty == y.ty
        })
}

impl Plan {
    /// Does the plan print its probe word, and the probe with every operand field set to a
    /// middle value, as the general printer does?
    fn agrees(&self, arch: Arch, probe: &Instr) -> bool {
        let fast = FastClrx {
            arch,
            classes: Vec::new(),
            plans: vec![self.clone()],
        };
        let mut other = *probe;
        let mut b = other.bits();
        for op in &self.ops[..self.nops as usize] {
            b = (b & !((op.mask as u64) << op.shift)) | ((0x2a & op.mask as u64) << op.shift);
        }
        other.words[0] = b as u32;
        if self.words > 1 {
            other.words[1] = (b >> 32) as u32;
        }
        [*probe, other].iter().all(|i| {
            let words = i.words();
            let hit = Hit {
                plan: 2,
                bits: i.bits(),
                len: self.words as usize,
            };
            let at = At::ALONE;
            let mut a = String::new();
            let mut g = String::new();
            match crate::decode::decode(arch, words) {
                Ok(j) if j.def == Some(self.id) && j.enc == self.enc && j.len == self.words => {
                    super::clrx::print_at(&mut g, &j, &at);
                }
                _ => return false,
            }
            !fast.print(&mut a, hit, words, &at) || a == g
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pseudo-random words of every class on every arch, biased towards plain words (most
    /// modifier and note bits clear): the fast path's text is the general printer's.
    #[test]
    fn fast_path_prints_as_the_general_printer() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut taken = 0usize;
        for arch in Arch::ALL {
            let mut fast = FastClrx::new(arch);
            for k in 0..400_000u32 {
                let r = next();
                // A plain word of a class: its identifying bits, random fields, most high
                // fields of the second dword (modifiers) clear.
                let w0 = ((k % 512) << 23) | (r as u32 & 0x7f_ffff);
                let w1 = (r >> 32) as u32 & if k % 3 == 0 { u32::MAX } else { 0x01ff_ffff };
                let w1 = if k % 5 == 0 { w1 & 0x3ffff } else { w1 };
                let words = [w0, w1, next() as u32];
                let Some(hit) = fast.lookup(&words, 0) else {
                    continue;
                };
                let i = crate::decode::decode(arch, &words).unwrap();
                assert_eq!(i.len as usize, hit.len, "{arch} {words:08x?}");
                assert_eq!(
                    fast.branch(&hit),
                    crate::decode::length_and_branch(arch, &words).unwrap().1
                );
                let offset = 4 * (k as usize % 64);
                let labels = super::super::Labels::of(arch, &[0; 64], 0);
                for at in [
                    At::ALONE,
                    At {
                        offset,
                        labels: Some(&labels),
                    },
                ] {
                    let mut a = String::new();
                    if !fast.print(&mut a, hit, &words, &at) {
                        assert!(a.is_empty());
                        continue;
                    }
                    taken += 1;
                    let mut g = String::new();
                    super::super::clrx::print_at(&mut g, &i, &at);
                    assert_eq!(a, g, "{arch} {words:08x?}");
                }
            }
        }
        assert!(taken > 100_000, "{taken}");
    }
}
