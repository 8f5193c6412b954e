//! What an instruction is to the checks: the memory counters it increments and the registers
//! whose value or use those counters govern ([`mem_op`]), and its class as the hazard table
//! names writers and readers (vector ALU, scalar ALU, vector memory...). Everything is read
//! from the instruction table's row (encoding class, form, flags, semantics) and the operand
//! layout; the few single instructions the manuals name (`s_setreg`, `v_div_fmas`...) are
//! matched by their row's name.

use gcnkit::enc::F;
use gcnkit::isa::{Flags, Flow, Form, InstrDef, Sem, Short};
use gcnkit::layout::{operands, Role};
use gcnkit::{Arch, Enc, Instr};
use gcnkit_analyze::effects::effects;
use gcnkit_analyze::regs::{operand_regs, RegSet};

/// The three counters of S_WAITCNT, in the order of [`gcnkit::syntax::special::counters`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Counter {
    Vm = 0,
    Exp = 1,
    Lgkm = 2,
}

impl Counter {
    pub const ALL: [Counter; 3] = [Counter::Vm, Counter::Exp, Counter::Lgkm];

    /// The counter's name in `s_waitcnt` syntax.
    pub fn name(self) -> &'static str {
        ["vmcnt", "expcnt", "lgkmcnt"][self as usize]
    }
}

/// A kind of outstanding operation. Operations of one in-order kind complete in the order
/// they were issued; the others may complete in any order, so only a wait for zero on their
/// counter is sure to cover them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// Vector memory (MUBUF, MTBUF, MIMG without a sampler, FLAT/GLOBAL/SCRATCH) on VM_CNT:
    /// in order.
    Vmem,
    /// MIMG with a sampler on VM_CNT: in order among themselves, not with the other vector
    /// memory instructions (their results may be written in another order).
    Sampler,
    /// LDS (DS without GDS) on LGKM_CNT: in order.
    Lds,
    /// GDS and GWS on LGKM_CNT: in order.
    Gds,
    /// Scalar memory on LGKM_CNT: out of order.
    Smem,
    /// `s_sendmsg` on LGKM_CNT.
    Msg,
    /// A FLAT access (not GLOBAL/SCRATCH) also counts on LGKM_CNT, in no order with LDS.
    FlatLgkm,
    /// Exports on EXP_CNT: in order.
    Export,
    /// GCN 1.0: a vector memory store's (or atomic's) data VGPRs, held until EXP_CNT says the
    /// data was read.
    StoreData,
    /// A GDS instruction's data VGPRs on EXP_CNT.
    GdsData,
}

impl Kind {
    pub fn counter(self) -> Counter {
        match self {
            Kind::Vmem | Kind::Sampler => Counter::Vm,
            Kind::Lds | Kind::Gds | Kind::Smem | Kind::Msg | Kind::FlatLgkm => Counter::Lgkm,
            Kind::Export | Kind::StoreData | Kind::GdsData => Counter::Exp,
        }
    }

    pub fn in_order(self) -> bool {
        !matches!(self, Kind::Smem | Kind::Msg | Kind::FlatLgkm)
    }
}

/// The counters a memory instruction increments and the registers they govern.
#[derive(Clone, Debug, Default)]
pub struct MemOp {
    /// One kind per counter the instruction increments.
    pub kinds: Vec<Kind>,
    /// The kind whose completion writes [`MemOp::writes`] (a load's, a returning atomic's).
    pub data: Option<Kind>,
    /// The registers the operation writes when it completes.
    pub writes: RegSet,
    /// The kind on EXP_CNT whose completion frees [`MemOp::locks`].
    pub lock: Option<Kind>,
    /// Registers the operation reads after it issues (they must not be overwritten before
    /// EXP_CNT says so).
    pub locks: RegSet,
    /// Writes memory (a store, an atomic, a DS write): what other waves must see after
    /// `s_barrier`.
    pub writes_memory: bool,
}

/// The row's name on the instruction's arch (CLRX's spelling, lowercase).
pub fn name(i: &Instr) -> &'static str {
    i.def().map_or("", |d| d.name[i.arch.index()])
}

/// Memory instructions that count on no counter: the cache write-backs and invalidations of
/// the buffer class (they return nothing; LLVM does not count them either).
fn uncounted(d: &InstrDef) -> bool {
    d.form == Form::BufNone
}

/// Is this DS instruction a GDS (or GWS) one?
fn is_gds(i: &Instr, d: &InstrDef) -> bool {
    d.flags.has(Flags::GDS) || d.flags.has(Flags::GWS) || i.get(F::Gds) != 0
}

/// The data VGPRs an instruction reads (its `Data(n)` operands).
fn data_regs(i: &Instr, d: &InstrDef) -> RegSet {
    let mut s = RegSet::EMPTY;
    for o in operands(i, d).as_slice() {
        if matches!(o.role, Role::Data(_)) && !o.is_value() {
            operand_regs(o.code, o.regs, &mut s);
        }
    }
    s
}

/// Does the instruction write memory (stores, atomics, DS writes)?
fn writes_memory(d: &InstrDef) -> bool {
    matches!(
        d.form,
        Form::FlatStore
            | Form::FlatAtomic
            | Form::BufStore
            | Form::BufAtomic
            | Form::BufStoreLds
            | Form::MimgStore
            | Form::MimgAtomic
            | Form::DsData
            | Form::DsWrite
            | Form::DsWrite2
            | Form::DsRtn
            | Form::DsRtn2
            | Form::MStore
            | Form::MAtomic
    )
}

/// May the instruction release memory to other work-groups: an atomic of memory (not LDS),
/// or a coherent (GLC) store ([`crate::order`]).
pub fn may_release(i: &Instr) -> bool {
    i.def().is_some_and(|d| match d.form {
        Form::FlatAtomic | Form::BufAtomic | Form::MimgAtomic | Form::MAtomic => true,
        Form::FlatStore | Form::BufStore | Form::MStore | Form::MimgStore => i.get(F::Glc) != 0,
        _ => false,
    })
}

/// The counters instruction `i` increments, or `None` for an instruction that increments
/// none.
pub fn mem_op(i: &Instr) -> Option<MemOp> {
    let d = i.def()?;
    let arch = i.arch;
    let e = effects(i);
    let mut op = MemOp {
        writes_memory: writes_memory(d),
        ..MemOp::default()
    };
    match d.short {
        Short::Smem => {
            op.kinds.push(Kind::Smem);
            op.data = Some(Kind::Smem);
            op.writes = e.writes;
        }
        Short::Ds => {
            let k = if is_gds(i, d) { Kind::Gds } else { Kind::Lds };
            op.kinds.push(k);
            op.data = Some(k);
            op.writes = e.writes;
            if k == Kind::Gds {
                op.kinds.push(Kind::GdsData);
                op.lock = Some(Kind::GdsData);
                op.locks = data_regs(i, d);
            }
        }
        Short::Mubuf | Short::Mtbuf | Short::Mimg | Short::Flat => {
            if uncounted(d) {
                return None;
            }
            let k = if d.form == Form::MimgSample {
                Kind::Sampler
            } else {
                Kind::Vmem
            };
            op.kinds.push(k);
            op.data = Some(k);
            op.writes = e.writes;
            if d.short == Short::Flat && i.get(F::Seg) == 0 {
                op.kinds.push(Kind::FlatLgkm);
            }
            // GCN 1.0 reads a store's data out of the VGPRs after issue, counted on EXP_CNT.
            if arch == Arch::Gcn10 && op.writes_memory {
                let data = data_regs(i, d);
                if !data.is_empty() {
                    op.kinds.push(Kind::StoreData);
                    op.lock = Some(Kind::StoreData);
                    op.locks = data;
                }
            }
        }
        Short::Exp => {
            op.kinds.push(Kind::Export);
            op.lock = Some(Kind::Export);
            op.locks = e.reads.minus(&exec_set());
        }
        Short::Sopp if d.form == Form::PSendmsg => {
            op.kinds.push(Kind::Msg);
        }
        _ => return None,
    }
    Some(op)
}

fn exec_set() -> RegSet {
    let mut s = RegSet::EMPTY;
    s.insert_range(gcnkit_analyze::regs::EXEC, 2);
    s
}

/// S_WAITCNT's counters (vmcnt, expcnt, lgkmcnt), or `None` for another instruction.
pub fn waitcnt(i: &Instr) -> Option<[u32; 3]> {
    let d = i.def()?;
    let v = operands(i, d).as_slice().iter().find(|s| s.role == Role::Waitcnt)?.val;
    Some(gcnkit::syntax::special::counters(i.arch, v))
}

/// S_BARRIER (by its semantics).
pub fn is_barrier(i: &Instr) -> bool {
    matches!(i.def().and_then(|d| d.sem), Some(Sem::Flow(Flow::Barrier)))
}

/// `s_endpgm`: the wave ends.
pub fn is_end(i: &Instr) -> bool {
    matches!(i.def().and_then(|d| d.sem), Some(Sem::Flow(Flow::End)))
}

/// A call (`s_swappc_b64`, `s_call_b64`): the callee waits for everything at its entry and
/// before it returns (the AMDGPU calling convention), so nothing is outstanding after it.
pub fn is_call(i: &Instr) -> bool {
    matches!(i.def().and_then(|d| d.sem), Some(Sem::Flow(Flow::SwapPc | Flow::Call)))
}

/// The wait states an instruction provides to the ones after it: `s_nop N` gives N+1, any
/// other instruction one.
pub fn wait_states(i: &Instr) -> u32 {
    gcnkit_analyze::cycles::nop_wait_states(i).unwrap_or(1)
}

/// The vector ALU (VOP1, VOP2, VOPC, VOP3, VOP3P, their SDWA and DPP forms).
pub fn is_valu(i: &Instr) -> bool {
    i.def().is_some_and(|d| d.short.is_vop() || d.short == Short::Vop3p)
}

/// The scalar ALU (SOP1, SOP2, SOPK, SOPC; SOPP writes no register).
pub fn is_salu(i: &Instr) -> bool {
    i.def()
        .is_some_and(|d| matches!(d.short, Short::Sop1 | Short::Sop2 | Short::Sopk | Short::Sopc))
}

/// Vector memory: MUBUF, MTBUF, MIMG, FLAT/GLOBAL/SCRATCH.
pub fn is_vmem(i: &Instr) -> bool {
    i.def()
        .is_some_and(|d| matches!(d.short, Short::Mubuf | Short::Mtbuf | Short::Mimg | Short::Flat))
}

/// The hardware register an `s_getreg`/`s_setreg` names (its id, SIMM16 bits 5:0).
pub fn hwreg(i: &Instr) -> Option<u32> {
    let d = i.def()?;
    if !matches!(d.form, Form::KGetReg | Form::KSetReg | Form::KSetRegImm) {
        return None;
    }
    Some(i.get(F::Simm16) & 0x3f)
}

pub fn is_setreg(i: &Instr) -> bool {
    i.def()
        .is_some_and(|d| matches!(d.form, Form::KSetReg | Form::KSetRegImm))
}

pub fn is_getreg(i: &Instr) -> bool {
    i.def().is_some_and(|d| d.form == Form::KGetReg)
}

/// The registers of the operands of `roles` (scalar codes and VGPRs).
pub fn operand_set(i: &Instr, pick: impl Fn(Role) -> bool) -> RegSet {
    let mut s = RegSet::EMPTY;
    if let Some(d) = i.def() {
        for o in operands(i, d).as_slice() {
            if pick(o.role) && !o.is_value() {
                operand_regs(o.code, o.regs, &mut s);
            }
        }
    }
    s
}

/// Does any source operand use this operand code (VCCZ 251, EXECZ 252, LDS_DIRECT 254)?
pub fn has_source_code(i: &Instr, code: u16) -> bool {
    i.def().is_some_and(|d| {
        operands(i, d)
            .as_slice()
            .iter()
            .any(|o| matches!(o.role, Role::Src(_)) && !o.is_value() && o.code == code)
    })
}

/// A store whose data is more than 64 bits wide and that the hardware may still be reading
/// in the next wait state (GCN3/Vega §4.5): FLAT stores and compare-swaps of more than two
/// dwords; MUBUF/MTBUF ones whose SOFFSET is not an SGPR; MIMG stores and atomics of more
/// than two dwords. The data VGPRs, or `None`.
pub fn wide_store_data(i: &Instr) -> Option<RegSet> {
    let d = i.def()?;
    let stores = matches!(
        d.form,
        Form::FlatStore | Form::FlatAtomic | Form::BufStore | Form::BufAtomic | Form::MimgStore | Form::MimgAtomic
    );
    if !stores {
        return None;
    }
    let data = data_regs(i, d);
    if data.iter().count() <= 2 {
        return None;
    }
    if matches!(i.enc, Enc::Mubuf | Enc::Mtbuf) {
        let soffset = operands(i, d)
            .as_slice()
            .iter()
            .find(|o| o.role == Role::Soffset)
            .map(|o| o.code);
        if soffset.is_some_and(|c| c < 128) {
            return None;
        }
    }
    Some(data)
}
