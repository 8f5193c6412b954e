//! Operand rules of the CLRX wiki pages, checked on a decoded (or about to be encoded)
//! instruction: one scalar value on the constant bus, one literal and only without an SGPR,
//! LDS_DIRECT only in SRC0, registers that exist on the arch.
//!
//! The disassembler uses them to spot hardware words no assembler should produce; the
//! assembler (next issue) rejects text that breaks them.

use crate::arch::Arch;
use crate::instr::Instr;
use crate::isa::{Flags, Form, InstrDef};
use crate::layout::{operands, Role, Slot};
use crate::operand::{classify, Special, Src};

/// A broken rule, with the operand (index into the operand list) it is blamed on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Violation {
    /// More than one scalar value (SGPR, VCC, M0, EXEC, TTMP...) read, or a scalar and a
    /// literal: the constant bus carries one.
    ConstantBus { operand: usize },
    /// LDS_DIRECT anywhere but SRC0.
    LdsDirectNotSrc0 { operand: usize },
    /// A code that names nothing on this arch (reserved, or a register the arch lacks).
    NoSuchOperand { operand: usize },
    /// A register range that runs past the end of its register file, or that does not start
    /// at the first register of a named pair (`vcc_hi` as a pair, `m0` as a pair).
    RangeOverflow { operand: usize },
    /// A destination that is not a writable register (a constant, VCCZ, LDS_DIRECT...).
    NotWritable { operand: usize },
    /// The literal code (255) where no literal can be: a VOP3 source (no literal dword follows
    /// VOP3 on these archs), or the 8-bit scalar VSRC1 of V_READLANE/V_WRITELANE.
    MisplacedLiteral { operand: usize },
}

impl Violation {
    pub fn operand(self) -> usize {
        match self {
            Violation::ConstantBus { operand }
            | Violation::LdsDirectNotSrc0 { operand }
            | Violation::NoSuchOperand { operand }
            | Violation::RangeOverflow { operand }
            | Violation::NotWritable { operand }
            | Violation::MisplacedLiteral { operand } => operand,
        }
    }

    /// Short name of the rule (for reports and counters).
    pub fn rule(self) -> &'static str {
        match self {
            Violation::ConstantBus { .. } => "constant-bus",
            Violation::LdsDirectNotSrc0 { .. } => "lds-direct-src0",
            Violation::NoSuchOperand { .. } => "no-such-operand",
            Violation::RangeOverflow { .. } => "range-overflow",
            Violation::NotWritable { .. } => "not-writable",
            Violation::MisplacedLiteral { .. } => "misplaced-literal",
        }
    }
}

/// What a source slot puts on the constant bus: a scalar register range (first code, count),
/// or the literal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum BusRead {
    Scalar(u16, u16),
    Literal,
}

fn bus_read(a: Arch, s: &Slot) -> Option<BusRead> {
    match classify(a, s.code) {
        Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) => Some(BusRead::Scalar(s.code, s.regs as u16)),
        // VCCZ, EXECZ, SCC and the GCN 1.4 source registers are scalar values too.
        Src::Vccz | Src::Execz | Src::Scc | Src::SrcReg(_) => Some(BusRead::Scalar(s.code, 1)),
        Src::Literal => Some(BusRead::Literal),
        _ => None,
    }
}

/// Does vector instruction `i` read the constant bus at least twice (every scalar source and
/// the literal, implicit ones included, equal or not)? Under two, no policy's constant-bus
/// count can object: a caller may skip a second check under another policy.
pub fn bus_reads_two(i: &Instr, d: &InstrDef) -> bool {
    bus_reads_two_ops(i, d, &operands(i, d))
}

/// [`bus_reads_two`] on the operand list (`layout::operands(i, d)`) the caller has made.
pub fn bus_reads_two_ops(i: &Instr, d: &InstrDef, ops: &crate::layout::Slots) -> bool {
    let named = ops
        .as_slice()
        .iter()
        .filter(|s| matches!(s.role, Role::Src(_) | Role::K) && !s.is_value() && bus_read(i.arch, s).is_some())
        .count();
    let implicit = [Flags::READS_VCC, Flags::READS_M0]
        .iter()
        .filter(|f| d.flags.has(**f))
        .count();
    named + implicit >= 2
}

/// The violations of one instruction (at most one per operand, plus the implicit VCC read):
/// a fixed-size list, so checking allocates nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Violations {
    items: [Option<Violation>; 8],
    len: usize,
}

impl Violations {
    fn push(&mut self, v: Violation) {
        if self.len < self.items.len() {
            self.items[self.len] = Some(v);
            self.len += 1;
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn iter(&self) -> impl Iterator<Item = Violation> + '_ {
        self.items[..self.len].iter().flatten().copied()
    }
}

/// CLRX's assembler takes an unaligned SGPR range `s[a:b]` only inside one 4-register line
/// (`s[29:30]` yes, `s[79:80]` no); aligned ranges always, and TTMP ranges and the named
/// registers always (`code` is the operand code, `sgprs` the arch's SGPR count).
pub fn clrx_scalar_range_ok(code: u16, count: u16, sgprs: u16) -> bool {
    count <= 1 || code >= sgprs || (code & !3) == ((code + count - 1) & !3) || code.is_multiple_of(count.min(4))
}

/// How strictly the constant bus is counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Policy {
    /// The CLRX wiki pages (and CLRX): one SGPR (implicit VCC included); a literal only when no
    /// SGPR or M0 is a *written* source operand.
    Seed,
    /// LLVM 14: the literal is one more constant-bus read, implicit VCC included.
    Llvm,
    /// clrxasm: only the SGPR file (codes 0-107: SGPRs, FLAT_SCRATCH, XNACK_MASK, VCC) counts,
    /// one register (ranges compared by their first one); M0, EXEC, TTMPs, TBA/TMA, the
    /// literal and the other scalar sources are free; V_DIV_FMAS's implicit VCC read takes no
    /// SGPR beside it.
    Clrx,
}

/// Checks the rules on `i` (with row `d`) under CLRX's wiki pages' policy.
pub fn check(i: &Instr, d: &InstrDef) -> Violations {
    check_with(i, d, Policy::Seed)
}

/// Checks the rules on `i` (with row `d`); returns every violation found.
pub fn check_with(i: &Instr, d: &InstrDef, policy: Policy) -> Violations {
    check_ops(i, d, policy, &operands(i, d))
}

/// [`check_with`] on the operand list (`layout::operands(i, d)`) the caller has made: the
/// assembler makes it once per instruction for every check.
pub fn check_ops(i: &Instr, d: &InstrDef, policy: Policy, ops: &crate::layout::Slots) -> Violations {
    if policy == Policy::Clrx {
        return check_clrx(i, d, ops);
    }
    let a = i.arch;
    let mut v = Violations::default();
    // Constant bus: distinct scalar values read, and the literal.
    let mut scalar: Option<(u16, u16)> = None;
    let mut literal = false;
    let mut written_scalar = false;
    // The constant bus, the literal's place and LDS_DIRECT are the vector ALU's; the scalar
    // classes check registers only.
    let vop = d.short.is_vop() || d.short == crate::isa::Short::Vop3p;
    // The forms without a literal dword: VOP3, VOP3P, SDWA, DPP.
    let no_literal = i.enc.is_vop3() || i.enc.is_ext() || i.enc == crate::enc::Enc::Vop3p;
    for (n, s) in ops.as_slice().iter().enumerate() {
        if s.is_value() {
            continue;
        }
        // MIMG's address count is not encoded (the resource's dimensions decide it): the
        // fewest either assembler takes, llvm-mc's.
        let mut s = *s;
        if i.enc == crate::enc::Enc::Mimg && s.role == Role::Vaddr {
            s.regs = crate::layout::image_addr_regs(d).0;
        }
        let is_src = matches!(
            s.role,
            Role::Src(_) | Role::K | Role::Sbase | Role::Offset | Role::Soffset
        );
        match classify(a, s.code) {
            Src::LdsDirect if !vop => v.push(Violation::NoSuchOperand { operand: n }),
            Src::Literal if !vop => {}
            Src::Invalid | Src::Sdwa | Src::Dpp => v.push(Violation::NoSuchOperand { operand: n }),
            Src::Special(Special::XnackMask, _) if a == Arch::Gcn12 => {
                // Present only on XNACK-capable GCN 1.2 parts; not part of the base ISA.
                v.push(Violation::NoSuchOperand { operand: n })
            }
            Src::LdsDirect if s.role != Role::Src(0) => v.push(Violation::LdsDirectNotSrc0 { operand: n }),
            Src::Literal if is_src && (no_literal || s.role == Role::Src(1)) => {
                v.push(Violation::MisplacedLiteral { operand: n })
            }
            Src::Vgpr(r) if r + s.regs as u16 > 256 => v.push(Violation::RangeOverflow { operand: n }),
            Src::Sgpr(r) if r + s.regs as u16 > crate::operand::sgpr_count(a) => {
                v.push(Violation::RangeOverflow { operand: n })
            }
            Src::Ttmp(t) if t + s.regs as u16 > crate::operand::ttmp_range(a).1 => {
                v.push(Violation::RangeOverflow { operand: n })
            }
            Src::Special(sp, hi) if s.regs > 1 && (sp == Special::M0 || hi != 0 || s.regs > 2) => {
                v.push(Violation::RangeOverflow { operand: n })
            }
            _ => {}
        }
        if !is_src {
            // Destinations are registers.
            let writable = matches!(
                classify(a, s.code),
                Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_) | Src::Vgpr(_)
            );
            if !writable {
                v.push(Violation::NotWritable { operand: n });
            }
            continue;
        }
        if !vop {
            continue;
        }
        match bus_read(a, &s) {
            Some(BusRead::Scalar(c, k)) => {
                let clash = match scalar {
                    Some(prev) => prev != (c, k),
                    None => false,
                };
                let lit_clash = literal && (policy == Policy::Llvm || !s.implicit);
                if clash || lit_clash {
                    v.push(Violation::ConstantBus { operand: n });
                }
                scalar.get_or_insert((c, k));
                written_scalar |= !s.implicit;
            }
            Some(BusRead::Literal) => {
                let clash = match policy {
                    Policy::Llvm => scalar.is_some(),
                    Policy::Seed | Policy::Clrx => written_scalar,
                };
                if clash && !literal {
                    v.push(Violation::ConstantBus { operand: n });
                }
                literal = true;
            }
            None => {}
        }
    }
    // V_DIV_FMAS reads VCC, V_MOVREL* read M0, without naming them.
    for (flag, implicit) in [(Flags::READS_VCC, (106, 2)), (Flags::READS_M0, (124, 1))] {
        if !d.flags.has(flag) {
            continue;
        }
        let clash = match scalar {
            Some(prev) => prev != implicit,
            None => false,
        } || (literal && policy == Policy::Llvm);
        if clash {
            v.push(Violation::ConstantBus {
                operand: ops.len.saturating_sub(1),
            });
        }
    }
    v
}

/// The CLRX dialect: what clrxasm takes, and what gcnkit's CLRX printer writes where clrxasm
/// does not read clrxdisasm's text: a constant-bus violation needs both clrxasm's count and the
/// CLRX wiki pages' to object; XNACK_MASK exists on GCN 1.2 (clrxasm takes it on every VI device).
fn check_clrx(i: &Instr, d: &InstrDef, ops: &crate::layout::Slots) -> Violations {
    let seed = check_ops(i, d, Policy::Seed, ops);
    // clrxasm's own count is asked only to judge a constant-bus violation.
    let mut bus = Violations::default();
    if seed.iter().any(|x| matches!(x, Violation::ConstantBus { .. })) {
        clrx_bus(i, d, ops, &mut bus);
    }
    let mut v = Violations::default();
    for x in seed.iter() {
        let code = ops.as_slice().get(x.operand()).map(|s| s.code).unwrap_or(0);
        match x {
            Violation::ConstantBus { .. } if bus.is_empty() => {}
            Violation::NoSuchOperand { .. }
                if matches!(classify(i.arch, code), Src::Special(Special::XnackMask, _)) => {}
            _ => v.push(x),
        }
    }
    v
}

/// clrxasm's constant-bus count: a source "is an SGPR" when its code is below 108 (the SGPR
/// file, FLAT_SCRATCH, XNACK_MASK, VCC), and two sources starting at the same code count once.
/// SRC0, SRC1 and SRC2 are counted so; the lane mask / carry-in of V_CNDMASK and the carry-ins
/// (VCC in the 32-bit form) counts whatever scalar register it is, unless SRC0 or SRC1 starts at the
/// same code. Two are too many, one is with V_DIV_FMAS's implicit VCC. The literal is free,
/// except in SRC0/SRC1 of a 32-bit form beside an SGPR or M0 there (V_WRITELANE's lane select).
fn clrx_bus(i: &Instr, d: &InstrDef, ops: &crate::layout::Slots, v: &mut Violations) {
    let sgpr = |c: u16| c < 108;
    let pos = |role: Role| ops.as_slice().iter().position(|s| s.role == role).unwrap_or(0);
    let e32 = !i.enc.is_vop3();
    let nsrc = d.form.nsrc();
    let (s0, s1) = (i.src(0), if nsrc >= 2 { i.src(1) } else { 256 });
    let mask = matches!(d.form, Form::Cndmask | Form::CarryIn);
    let mut count = 0;
    let mut blame = None;
    let mut add = |role: Role, count: &mut u32| {
        *count += 1;
        if *count >= 2 || (d.flags.has(Flags::READS_VCC) && *count >= 1) {
            blame.get_or_insert(pos(role));
        }
    };
    if sgpr(s0) {
        add(Role::Src(0), &mut count);
    }
    if sgpr(s1) && s1 != s0 {
        add(Role::Src(1), &mut count);
    }
    if mask {
        let m = if e32 { 106 } else { i.src(2) };
        if m != s0 && m != s1 && m < 128 {
            add(Role::Src(2), &mut count);
        }
    } else if nsrc == 3 && sgpr(i.src(2)) && i.src(2) != s0 && i.src(2) != s1 {
        add(Role::Src(2), &mut count);
    }
    if let Some(n) = blame {
        v.push(Violation::ConstantBus { operand: n });
    }
    if e32 && (s0 == 255 || s1 == 255) && (sgpr(s0) || s0 == 124 || sgpr(s1) || s1 == 124) {
        v.push(Violation::ConstantBus {
            operand: pos(if s0 == 255 { Role::Src(1) } else { Role::Src(0) }),
        });
    }
}

/// An operand llvm-mc 14 refuses beyond CLRX's wiki pages' rules: the operand (index into the
/// operand list) and llvm-mc's reason. The LLVM printer writes such words as data and the
/// assembler's LLVM dialect rejects their text, so both agree with llvm-mc.
pub fn llvm_check(i: &Instr, d: &InstrDef) -> Option<(usize, &'static str)> {
    llvm_check_ops(i, d, &operands(i, d))
}

/// [`llvm_check`] on the operand list (`layout::operands(i, d)`) the caller has made.
pub fn llvm_check_ops(i: &Instr, d: &InstrDef, ops: &crate::layout::Slots) -> Option<(usize, &'static str)> {
    let a = i.arch;
    let scalar = |code: u16| matches!(classify(a, code), Src::Sgpr(_) | Src::Special(..) | Src::Ttmp(_));
    let inline = |code: u16| matches!(classify(a, code), Src::Int(_) | Src::Float(_));
    let find = |role: Role| ops.as_slice().iter().position(|s| s.role == role).unwrap_or(0);
    match d.form {
        Form::ReadLane => {
            if !scalar(i.vdst()) {
                return Some((find(Role::Sdst), "the destination of v_readlane_b32 is an SGPR"));
            }
            if !(i.src(0) >= 256 || classify(a, i.src(0)) == Src::LdsDirect) {
                return Some((find(Role::Src(0)), "v_readlane_b32 reads a VGPR"));
            }
            if !(scalar(i.src(1)) || inline(i.src(1))) {
                return Some((
                    find(Role::Src(1)),
                    "the lane select is an SGPR, M0 or an inline constant",
                ));
            }
        }
        Form::WriteLane => {
            if !(scalar(i.src(1)) || inline(i.src(1))) {
                return Some((
                    find(Role::Src(1)),
                    "the lane select is an SGPR, M0 or an inline constant",
                ));
            }
            // The 32-bit form's SRC0 is a 9-bit source: the literal and LDS_DIRECT too.
            let data_ok = scalar(i.src(0)) || inline(i.src(0)) || (matches!(i.src(0), 254 | 255) && !i.enc.is_vop3());
            if !data_ok {
                return Some((find(Role::Src(0)), "v_writelane_b32 writes an SGPR or a constant"));
            }
        }
        _ => {}
    }
    if !d.short.is_vop() {
        for (n, s) in ops.as_slice().iter().enumerate() {
            if s.is_value() {
                continue;
            }
            let data = matches!(i.enc, crate::enc::Enc::Smrd | crate::enc::Enc::Smem)
                && matches!(s.role, Role::Sdst | Role::Src(1));
            if data && matches!(s.code, 124 | 126 | 127) {
                return Some((n, "scalar memory data cannot be M0 or EXEC"));
            }
            if d.flags.has(Flags::SREG_SRC) && matches!(s.role, Role::Src(_)) && !scalar(s.code) {
                return Some((n, "this operand must be a scalar register"));
            }
        }
        return None;
    }
    // (llvm-mc 14 takes LDS_DIRECT in V_READFIRSTLANE_B32, not in V_MOVRELS*/V_SWAP_B32.)
    let lds_ok = d.form == Form::ReadFirstLane && classify(a, i.src(0)) == Src::LdsDirect;
    if d.flags.has(Flags::VGPR_SRC0) && i.src(0) < 256 && !lds_ok {
        return Some((find(Role::Src(0)), "this operand must be a VGPR"));
    }
    for (n, s) in ops.as_slice().iter().enumerate() {
        let c = classify(a, s.code);
        if s.role == Role::Sdst && !scalar(s.code) {
            return Some((n, "a scalar destination must be an SGPR, VCC, EXEC or a TTMP"));
        }
        // LLVM's register classes: 128-bit operands are VGPRs only; the mask / carry-in
        // SRC2 of V_CNDMASK and the carry-ins is a scalar pair.
        if s.regs == 4 && !matches!(c, Src::Vgpr(_)) {
            return Some((n, "this 128-bit operand must be a VGPR range"));
        }
        if s.role == Role::Src(2) && matches!(d.form, Form::Cndmask | Form::CarryIn) && !scalar(s.code) {
            return Some((n, "the lane mask must be an SGPR pair or VCC"));
        }
        // GCN 1.0/1.1 have no 16-bit constants: llvm-mc 14 takes none for a 16-bit source of
        // a VOP3 form (the 32-bit form reads it as a 32-bit one).
        let constant = matches!(c, Src::Int(_) | Src::Float(_));
        if !a.is_vi_plus() && i.enc.is_vop3() && matches!(s.role, Role::Src(_)) && s.ty.is_16() && constant {
            return Some((n, "literal operands are not supported"));
        }
        if c == Src::LdsDirect {
            if d.flags.has(Flags::REV) {
                return Some((n, "lds_direct cannot be used with this instruction"));
            }
            if s.regs != 1 {
                return Some((n, "lds_direct is a 32-bit operand"));
            }
        }
    }
    if d.flags.has(Flags::NO_DST_OVERLAP) {
        let dst = (i.vdst(), d.dst.regs() as u16);
        for k in 0..d.form.nsrc() {
            if i.src(k) >= 256 {
                let s = (i.src(k) - 256, d.src[k].regs() as u16);
                if dst.0 < s.0 + s.1 && s.0 < dst.0 + dst.1 {
                    return Some((find(Role::Vdst), "destination must be different than all sources"));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::decode;

    fn viol(a: Arch, w: &[u32]) -> Vec<&'static str> {
        let i = decode(a, w).unwrap();
        check(&i, i.def().unwrap()).iter().map(|v| v.rule()).collect()
    }

    #[test]
    fn constant_bus() {
        // v_add_f32_e64 v55, s27, s90: two SGPRs
        assert_eq!(viol(Arch::Gcn10, &[0xd2060037, 0x0000b41b]), vec!["constant-bus"]);
        // the same SGPR twice is fine
        assert!(viol(Arch::Gcn10, &[0xd2060037, 0x0000361b]).is_empty());
        // v_cndmask_b32_e32 v208, s34, v179, vcc: SGPR plus the implicit VCC
        assert_eq!(viol(Arch::Gcn10, &[0x01a16622]), vec!["constant-bus"]);
        // v_madmk_f32 with an SGPR and the K literal
        assert_eq!(viol(Arch::Gcn10, &[0x414d5e05, 0x2dd096cc]), vec!["constant-bus"]);
        // v_add_f32 v1, 1.5 (literal), v3: fine
        assert!(viol(Arch::Gcn12, &[0x020206ff, 0x3fc00000]).is_empty());
    }

    #[test]
    fn lds_direct_only_src0() {
        // v_add_f32_e64 v1, v2, lds_direct
        assert_eq!(viol(Arch::Gcn12, &[0xd1010001, 0x0001fd02]), vec!["lds-direct-src0"]);
    }
}
