//! The hazard check: the wait states the ISA manuals require software to put between two
//! dependent instructions ("Manually Inserted Wait States", §4.5 of AMD's GCN3 and Vega
//! ISA manuals and the same table of the SI/CI ones), as the data table [`ROWS`]. Each row
//! names the writer's class, the register kind it writes, the reader's class (and which of
//! its operands), the wait states per generation and the rule in one line.
//!
//! Wait states are counted as the hardware counts them: `s_nop N` gives N+1, any other
//! instruction one. The state at each instruction is, per row and register, the fewest
//! wait states since a writer along any path (the minimum where paths join), found by a
//! dataflow fixpoint over the control-flow graph.

use crate::classify::{self, is_salu, is_valu, is_vmem};
use crate::flow::{solve, State};
use crate::{Check, Finding, Severity};
use gcnkit::isa::{Flags, Flow, Form, Sem, Short};
use gcnkit::layout::Role;
use gcnkit::{Arch, Enc, Instr};
use gcnkit_analyze::cfg::Cfg;
use gcnkit_analyze::effects::effects;
use gcnkit_analyze::program::Program;
use gcnkit_analyze::regs::{names, RegSet, EXEC, M0, V0, VCC};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Who writes: the instruction class of a row's first instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writer {
    /// A vector ALU instruction writing a register (VOP1/2/C/3/3P, SDWA, DPP).
    Valu,
    /// A scalar ALU instruction writing a register.
    Salu,
    /// `s_setreg_b32`/`s_setreg_imm32_b32`: the hardware register it names.
    SetReg,
    /// A vector memory store of more than 64 bits of data: the data VGPRs it still reads.
    WideStore,
    /// `s_setreg` of MODE bits that include VSKIP (bit 28), or `s_setvskip`.
    SetVskip,
}

/// The register kind a row is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegKind {
    /// Any SGPR (VCC and the trap temporaries included; not M0, EXEC or SCC).
    Sgpr,
    /// An SGPR or M0 (what a lane select may be).
    SgprM0,
    Vcc,
    Exec,
    /// VCC or EXEC (as VCCZ and EXECZ read them).
    VccExec,
    M0,
    Vgpr,
    /// A hardware register of `s_getreg`/`s_setreg` (any; TRAPSTS for one row).
    Hwreg,
    TrapSts,
    /// MODE.VSKIP.
    Vskip,
}

/// Who reads, and with which operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// A vector memory instruction's SGPR operands (resource, offset, base).
    VmemSgpr,
    /// A scalar memory read's SGPR operands (SMRD: base and offset).
    SmrdSgpr,
    /// The lane select (SRC1) of the rows of form ReadLane/WriteLane (`v_readlane_b32`,
    /// `v_writelane_b32`, GCN 1.4.1's `v_readlane_regrd_b32`).
    LaneSelect,
    /// `v_div_fmas_f32`/`_f64` (reads VCC).
    DivFmas,
    /// A DPP instruction's VGPR sources.
    DppVgpr,
    /// A DPP instruction (its lanes come from EXEC).
    DppExec,
    /// `s_getreg_b32` of the same hardware register.
    GetReg,
    /// `s_setreg_*` of the same hardware register.
    SetReg,
    /// `s_rfe_b64` (restores from TRAPSTS).
    Rfe,
    /// `s_sendmsg`, `s_sendmsghalt`, `s_ttracedata`, a GDS instruction (they read M0).
    M0Message,
    /// `s_movrel*`, interpolation, `lds_direct`, a buffer load to LDS (they read M0).
    M0Indexed,
    /// A vector ALU instruction with VCCZ or EXECZ as a source operand.
    VcczExecz,
    /// A vector ALU instruction writing VGPRs (the store's data).
    ValuWritesVgpr,
    /// Any vector instruction (vector ALU, vector memory, LDS, export, interpolation).
    AnyVector,
}

/// One row of the manuals' table.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    /// A short stable name (the finding's `rule`).
    pub id: &'static str,
    pub writer: Writer,
    pub reg: RegKind,
    pub reader: Reader,
    /// Wait states required on GCN 1.0, 1.1, 1.2, 1.4 (0: no such hazard there).
    pub states: [u8; 4],
    /// What the manual says, in one line.
    pub manual: &'static str,
}

/// The table. The numbers are the manuals'. Which generations a row applies to: the
/// manuals' tables, and where LLVM 14's hazard recognizer is narrower (its subtarget facts:
/// DPP and the TRAPSTS/RFE row from GCN 1.2, the M0 rows of GCN 1.4, the wide-store row not on
/// GCN 1.0, `s_setreg` after `s_setreg` 1 state on GCN 1.0/1.1) its generations, so that code
/// it compiled is the oracle of "no false positives" (docs/check.md).
pub const ROWS: &[Row] = &[
    Row {
        id: "valu-sgpr-vmem",
        writer: Writer::Valu,
        reg: RegKind::Sgpr,
        reader: Reader::VmemSgpr,
        states: [5, 5, 5, 5],
        manual: "VALU writes an SGPR, then a VMEM instruction (MUBUF, MTBUF, MIMG, FLAT) reads that SGPR: 5 wait states",
    },
    Row {
        id: "valu-sgpr-smrd",
        writer: Writer::Valu,
        reg: RegKind::Sgpr,
        reader: Reader::SmrdSgpr,
        states: [4, 0, 0, 0],
        manual: "GCN 1.0: VALU writes an SGPR, then an SMRD instruction reads that SGPR: 4 wait states",
    },
    Row {
        id: "valu-sgpr-lane-select",
        writer: Writer::Valu,
        reg: RegKind::SgprM0,
        reader: Reader::LaneSelect,
        states: [4, 4, 4, 4],
        manual: "VALU writes an SGPR (or VCC), then V_READLANE/V_WRITELANE uses it as the lane select: 4 wait states",
    },
    Row {
        id: "valu-vcc-div-fmas",
        writer: Writer::Valu,
        reg: RegKind::Vcc,
        reader: Reader::DivFmas,
        states: [4, 4, 4, 4],
        manual: "VALU writes VCC (V_DIV_SCALE included), then V_DIV_FMAS reads it: 4 wait states",
    },
    Row {
        id: "valu-vgpr-dpp",
        writer: Writer::Valu,
        reg: RegKind::Vgpr,
        reader: Reader::DppVgpr,
        states: [0, 0, 2, 2],
        manual: "VALU writes a VGPR, then a DPP instruction reads that VGPR: 2 wait states",
    },
    Row {
        id: "valu-exec-dpp",
        writer: Writer::Valu,
        reg: RegKind::Exec,
        reader: Reader::DppExec,
        states: [0, 0, 5, 5],
        manual: "VALU writes EXEC, then a DPP instruction executes (EXEC is not forwarded to DPP): 5 wait states",
    },
    Row {
        id: "setreg-getreg",
        writer: Writer::SetReg,
        reg: RegKind::Hwreg,
        reader: Reader::GetReg,
        states: [2, 2, 2, 2],
        manual: "S_SETREG, then S_GETREG of the same hardware register: 2 wait states",
    },
    Row {
        id: "setreg-setreg",
        writer: Writer::SetReg,
        reg: RegKind::Hwreg,
        reader: Reader::SetReg,
        states: [1, 1, 2, 2],
        manual: "S_SETREG, then S_SETREG of the same hardware register: 2 wait states (1 on GCN 1.0/1.1)",
    },
    Row {
        id: "setreg-trapsts-rfe",
        writer: Writer::SetReg,
        reg: RegKind::TrapSts,
        reader: Reader::Rfe,
        states: [0, 0, 1, 1],
        manual: "S_SETREG of TRAPSTS, then S_RFE_B64: 1 wait state",
    },
    Row {
        id: "salu-m0-message",
        writer: Writer::Salu,
        reg: RegKind::M0,
        reader: Reader::M0Message,
        states: [1, 1, 1, 1],
        manual: "SALU writes M0, then S_SENDMSG, S_TTRACEDATA or a GDS instruction reads it: 1 wait state",
    },
    Row {
        id: "salu-m0-indexed",
        writer: Writer::Salu,
        reg: RegKind::M0,
        reader: Reader::M0Indexed,
        states: [0, 0, 0, 1],
        manual: "GCN 1.4: SALU writes M0, then S_MOVREL, VINTRP, LDS_DIRECT or a buffer load to LDS reads it: 1 wait state",
    },
    Row {
        id: "valu-vccz-execz",
        writer: Writer::Valu,
        reg: RegKind::VccExec,
        reader: Reader::VcczExecz,
        states: [5, 5, 5, 5],
        manual: "VALU writes VCC or EXEC, then a VALU instruction uses VCCZ or EXECZ as a data source: 5 wait states",
    },
    Row {
        id: "setreg-vskip",
        writer: Writer::SetVskip,
        reg: RegKind::Vskip,
        reader: Reader::AnyVector,
        states: [2, 2, 2, 2],
        manual: "S_SETREG of MODE.VSKIP (or S_SETVSKIP), then any vector instruction: 2 wait states",
    },
    Row {
        id: "wide-store-data",
        writer: Writer::WideStore,
        reg: RegKind::Vgpr,
        reader: Reader::ValuWritesVgpr,
        states: [0, 1, 1, 1],
        manual: "a VMEM store of more than 64 bits of data (MUBUF/MTBUF without an SGPR SOFFSET, FLAT, MIMG), then VALU writes its data VGPRs: 1 wait state",
    },
];

/// The hardware register ids of MODE and TRAPSTS.
const MODE: u16 = 1;
const TRAPSTS: u16 = 3;
/// The key of MODE.VSKIP (bit 28 of MODE).
const VSKIP: u16 = HWREG_BASE + 64;
/// Keys of hardware registers beside the register space (0-511).
const HWREG_BASE: u16 = 1024;

/// The registers of a kind (built once per kind).
fn kind_set(k: RegKind) -> RegSet {
    use std::sync::OnceLock;
    static SETS: OnceLock<Vec<RegSet>> = OnceLock::new();
    const KINDS: [RegKind; 10] = [
        RegKind::Sgpr,
        RegKind::SgprM0,
        RegKind::Vcc,
        RegKind::Exec,
        RegKind::VccExec,
        RegKind::M0,
        RegKind::Vgpr,
        RegKind::Hwreg,
        RegKind::TrapSts,
        RegKind::Vskip,
    ];
    let sets = SETS.get_or_init(|| KINDS.iter().map(|&k| build_kind_set(k)).collect());
    sets[KINDS.iter().position(|&x| x == k).expect("every kind is listed")]
}

fn build_kind_set(k: RegKind) -> RegSet {
    let mut s = RegSet::EMPTY;
    match k {
        RegKind::Sgpr | RegKind::SgprM0 => {
            s.insert_range(0, 124);
            if k == RegKind::SgprM0 {
                s.insert(M0);
            }
        }
        RegKind::Vcc => s.insert_range(VCC, 2),
        RegKind::Exec => s.insert_range(EXEC, 2),
        RegKind::VccExec => {
            s.insert_range(VCC, 2);
            s.insert_range(EXEC, 2);
        }
        RegKind::M0 => s.insert(M0),
        RegKind::Vgpr => s.insert_range(V0, 256),
        RegKind::Hwreg | RegKind::TrapSts | RegKind::Vskip => {}
    }
    s
}

fn keys(s: &RegSet) -> Vec<u16> {
    s.iter().collect()
}

/// What instruction `i` writes for `row` (the keys), if it is the row's writer.
fn writes(row: &Row, i: &Instr) -> Vec<u16> {
    match row.writer {
        Writer::Valu | Writer::Salu => {
            let class = if row.writer == Writer::Valu {
                is_valu(i)
            } else {
                is_salu(i)
            };
            if !class {
                return Vec::new();
            }
            keys(&effects(i).writes.intersect(&kind_set(row.reg)))
        }
        Writer::SetReg => match (classify::is_setreg(i), classify::hwreg(i)) {
            (true, Some(h)) if row.reg != RegKind::TrapSts || h as u16 == TRAPSTS => vec![HWREG_BASE + h as u16],
            _ => Vec::new(),
        },
        Writer::WideStore => classify::wide_store_data(i).map_or(Vec::new(), |d| keys(&d)),
        Writer::SetVskip => {
            if i.def().is_some_and(|d| d.flags.has(Flags::SETS_VSKIP)) {
                return vec![VSKIP];
            }
            // SIMM16: id [5:0], offset [10:6], size - 1 [15:11].
            let v = i.get(gcnkit::enc::F::Simm16);
            let (offset, size) = (v >> 6 & 31, (v >> 11 & 31) + 1);
            match classify::hwreg(i) {
                Some(h) if classify::is_setreg(i) && h as u16 == MODE && offset <= 28 && 28 < offset + size => {
                    vec![VSKIP]
                }
                _ => Vec::new(),
            }
        }
    }
}

/// What instruction `i` reads for `row` (the keys), if it is the row's reader.
fn reads(row: &Row, i: &Instr) -> Vec<u16> {
    let Some(d) = i.def() else { return Vec::new() };
    let kind = kind_set(row.reg);
    let reg_reads = || effects(i).reads.intersect(&kind);
    let set = match row.reader {
        Reader::VmemSgpr if is_vmem(i) => reg_reads(),
        Reader::SmrdSgpr if d.short == Short::Smem => reg_reads(),
        Reader::LaneSelect if matches!(d.form, Form::ReadLane | Form::WriteLane) => {
            classify::operand_set(i, |r| r == Role::Src(1)).intersect(&kind)
        }
        Reader::DivFmas if d.flags.has(Flags::READS_VCC) => kind,
        Reader::DppVgpr if i.enc.is_dpp() => reg_reads(),
        Reader::DppExec if i.enc.is_dpp() => kind,
        Reader::GetReg if classify::is_getreg(i) => {
            return classify::hwreg(i).map_or(Vec::new(), |h| vec![HWREG_BASE + h as u16])
        }
        Reader::SetReg if classify::is_setreg(i) => {
            return classify::hwreg(i).map_or(Vec::new(), |h| vec![HWREG_BASE + h as u16])
        }
        Reader::Rfe if d.flags.has(Flags::READS_TRAPSTS) => return vec![HWREG_BASE + TRAPSTS],
        Reader::M0Message
            if d.form == Form::PSendmsg
                || d.short == Short::Sopp && d.flags.has(Flags::READS_M0)
                || d.short == Short::Ds
                    && classify::mem_op(i).is_some_and(|m| m.kinds.contains(&classify::Kind::Gds)) =>
        {
            kind
        }
        Reader::M0Indexed
            if matches!(d.sem, Some(Sem::Flow(Flow::MovRelS | Flow::MovRelD)))
                || i.enc == Enc::Vintrp
                || classify::has_source_code(i, 254)
                || matches!(i.enc, Enc::Mubuf) && i.get(gcnkit::enc::F::Lds) != 0 =>
        {
            kind
        }
        Reader::VcczExecz if is_valu(i) => {
            let mut s = RegSet::EMPTY;
            if classify::has_source_code(i, 251) {
                s.insert_range(VCC, 2);
            }
            if classify::has_source_code(i, 252) {
                s.insert_range(EXEC, 2);
            }
            s
        }
        Reader::ValuWritesVgpr if is_valu(i) => effects(i).writes.intersect(&kind),
        Reader::AnyVector if gcnkit_analyze::effects::is_vector(d) => return vec![VSKIP],
        _ => return Vec::new(),
    };
    keys(&set)
}

/// Per (row, key): the fewest wait states since the writer, and the writer's instruction.
/// A short list (entries leave once their row's wait states have passed), searched in order:
/// cheaper than a map for the few entries it holds, which matters when `--check` steps
/// every instruction of a run.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Recent(Vec<((u8, u16), (u32, usize))>);

impl Recent {
    fn get(&self, k: (u8, u16)) -> Option<(u32, usize)> {
        self.0.iter().find(|e| e.0 == k).map(|e| e.1)
    }

    fn insert(&mut self, k: (u8, u16), v: (u32, usize)) {
        match self.0.iter_mut().find(|e| e.0 == k) {
            Some(e) => e.1 = v,
            None => self.0.push((k, v)),
        }
    }
}

impl State for Recent {
    fn join(&mut self, other: &Self) -> bool {
        let mut changed = false;
        for &(k, v) in &other.0 {
            match self.0.iter_mut().find(|e| e.0 == k) {
                None => {
                    self.0.push((k, v));
                    changed = true;
                }
                Some(m) if v.0 < m.1 .0 => {
                    m.1 = v;
                    changed = true;
                }
                _ => {}
            }
        }
        changed
    }
}

fn gen(arch: Arch) -> usize {
    arch.index()
}

/// The key's name: a register, or `hwreg(N)`.
fn key_names(keys: &[u16], arch: Arch) -> Vec<String> {
    let mut regs = RegSet::EMPTY;
    let mut out = Vec::new();
    for &k in keys {
        if k >= HWREG_BASE {
            out.push(format!("hwreg({})", k - HWREG_BASE));
        } else {
            regs.insert(k);
        }
    }
    let mut v = names(&regs, arch);
    v.extend(out);
    v
}

/// Each instruction's keys as reader and writer of each row, its wait states and the
/// registers it writes, worked out once.
pub(crate) struct Info {
    valid: bool,
    /// (index in `Rules::rows`, keys) of the rows it reads or writes (others left out).
    reads: Vec<(usize, Vec<u16>)>,
    writes: Vec<(usize, Vec<u16>)>,
    wait_states: u32,
    written: RegSet,
    call: bool,
}

/// The rows of one generation over one program: [`Rules::step`] is one instruction's
/// effect on the wait states since each writer, with its findings. The static check runs it
/// to a fixpoint over the control-flow graph; `--check` along the path each wave takes.
pub struct Rules<'p> {
    p: &'p Program,
    rows: Vec<(u8, &'static Row)>,
    infos: Arc<[Info]>,
}

/// The rows of `arch`'s generation (their index in [`ROWS`] with them).
fn rows_of(arch: Arch) -> Vec<(u8, &'static Row)> {
    let g = gen(arch);
    ROWS.iter()
        .enumerate()
        .filter(|(_, r)| r.states[g] > 0)
        .map(|(k, r)| (k as u8, r))
        .collect()
}

impl<'p> Rules<'p> {
    pub fn new(p: &'p Program) -> Rules<'p> {
        Rules::with(p, Rules::infos(p))
    }

    /// The rules over `p` with its instructions' facts worked out before ([`Rules::infos`]
    /// of the same program: `--check` keeps them for a kernel's next launches).
    pub(crate) fn with(p: &'p Program, infos: Arc<[Info]>) -> Rules<'p> {
        Rules {
            p,
            rows: rows_of(p.arch),
            infos,
        }
    }

    /// What the rules need of each instruction of `p`.
    pub(crate) fn infos(p: &Program) -> Arc<[Info]> {
        let rows = rows_of(p.arch);
        p
            .insts
            .iter()
            .map(|inst| {
                let i = &inst.instr;
                Info {
                    valid: i.def().is_some(),
                    reads: rows
                        .iter()
                        .enumerate()
                        .map(|(n, (_, row))| (n, reads(row, i)))
                        .filter(|(_, k)| !k.is_empty())
                        .collect(),
                    writes: rows
                        .iter()
                        .enumerate()
                        .map(|(n, (_, row))| (n, writes(row, i)))
                        .filter(|(_, k)| !k.is_empty())
                        .collect(),
                    wait_states: classify::wait_states(i),
                    written: effects(i).writes,
                    call: classify::is_call(i),
                }
            })
            .collect()
    }

    /// Whether the generation has any row (none: nothing to check).
    pub fn any(&self) -> bool {
        !self.rows.is_empty()
    }

    /// Instruction `k` of the program with the state before it (`s`, left as it is after
    /// it); findings go to `out` when it is given.
    pub fn step(&self, k: usize, s: &mut Recent, mut out: Option<&mut Vec<Finding>>) {
        let (p, rows) = (self.p, &self.rows);
        let arch = p.arch;
        let g = gen(arch);
        let inst = &p.insts[k];
        let text = |k: usize| crate::instr_text(&p.insts[k]);
        let info = &self.infos[k];
        if !info.valid {
            return;
        }
        // 1. This instruction as a reader.
        for (n, keys) in &info.reads {
            let (r, row) = rows[*n];
            let need = row.states[g] as u32;
            // Group the keys by the writer.
            let mut by_writer: BTreeMap<usize, (u32, Vec<u16>)> = BTreeMap::new();
            for &key in keys {
                if let Some((dist, w)) = s.get((r, key)) {
                    if dist < need {
                        let e = by_writer.entry(w).or_insert((dist, Vec::new()));
                        e.0 = e.0.min(dist);
                        e.1.push(key);
                    }
                }
            }
            if let Some(out) = out.as_deref_mut() {
                for (w, (dist, ks)) in by_writer {
                    let more = need - dist;
                    out.push(Finding {
                        check: Check::Hazard,
                        severity: Severity::Error,
                        rule: row.id.to_string(),
                        kernel: p.name.clone(),
                        pc: inst.pc,
                        instruction: text(k),
                        registers: key_names(&ks, arch),
                        other_pc: Some(p.insts[w].pc),
                        other_instruction: Some(text(w)),
                        message: format!(
                            "{} wait state{} after 0x{:x} ({}), {} needed: {}",
                            dist,
                            if dist == 1 { "" } else { "s" },
                            p.insts[w].pc,
                            text(w),
                            need,
                            row.manual
                        ),
                        needs: format!(
                            "{more} more wait state{} (s_nop {})",
                            if more == 1 { "" } else { "s" },
                            more - 1
                        ),
                        count: 1,
                        ..Finding::default()
                    });
                }
            }
        }
        // 2. Time passes.
        let ws = info.wait_states;
        let max = |r: u8| ROWS[r as usize].states[g] as u32;
        let w = &info.written;
        s.0.retain_mut(|((r, key), v)| {
            v.0 += ws;
            // 3. A register written again holds a new value: its older writer no longer
            // matters.
            v.0 < max(*r) && (*key >= HWREG_BASE || !w.contains(*key))
        });
        if info.call {
            s.0.clear();
            return;
        }
        // 4. This instruction as a writer.
        for (n, keys) in &info.writes {
            let r = rows[*n].0;
            for &key in keys {
                s.insert((r, key), (0, k));
            }
        }
    }
}

/// The hazard findings of one kernel.
pub fn check(p: &Program, cfg: &Cfg, out: &mut Vec<Finding>) {
    let rules = Rules::new(p);
    if !rules.any() {
        return;
    }
    solve(p, cfg, Recent::default(), |k, _, s, report| {
        rules.step(k, s, if report { Some(&mut *out) } else { None });
    });
}
