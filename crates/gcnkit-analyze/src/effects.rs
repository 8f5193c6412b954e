//! What one instruction reads and writes, as registers ([`crate::regs`]): the operand list of
//! the library's layout ([`gcnkit::layout::operands`]: roles, codes, widths; nothing here is a
//! per-instruction table) plus what no operand shows — EXEC for every vector instruction, VCC
//! and M0 where the row's flags say so, SCC and EXEC of the scalar ALU (found by probing the
//! row's own semantics function, so the table stays the one source), the registers a branch
//! condition tests — and the writes that keep part of the old value (which count as reads too).

use crate::regs::{operand_regs, RegSet, EXEC, M0, SCC, VCC};
use gcnkit::emu::Salu;
use gcnkit::enc::F;
use gcnkit::isa::{Cond, Exec, Flags, Flow, Form, InstrDef, Sem, Short};
use gcnkit::layout::{operands, Role};
use gcnkit::{Arch, Enc, Instr};

/// The registers an instruction reads and writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    pub reads: RegSet,
    /// Every register written. A write that keeps part of the old value (a 16-bit half, an
    /// SDWA destination with `dst_unused: preserve`, S_CMOV, V_MAC's accumulator) also reads
    /// the register, so it does not end an earlier value's life.
    pub writes: RegSet,
    /// Reads or writes registers through M0 (V_MOVREL*, S_MOVREL*, GPR indexing): only the
    /// named operands are counted, the indexed ones are unknown.
    pub indexed: bool,
}

/// A vector instruction (reads EXEC: the lanes it acts on).
pub fn is_vector(d: &InstrDef) -> bool {
    d.short.is_vop() || d.short == Short::Vop3p || d.short.is_mem() && d.short != Short::Smem || d.short.is_gfx()
}

/// The effects of `i` (a data word or an instruction without a row: none).
pub fn effects(i: &Instr) -> Effects {
    let mut e = Effects::default();
    let Some(d) = i.def() else {
        return e;
    };
    let slots = operands(i, d);
    let atomic_returns = atomic_return(i, d);
    // MUBUF/MTBUF without OFFEN, IDXEN or ADDR64 read no VADDR (llvm-mc writes it `off`;
    // the layout keeps the field's register, as CLRX writes it).
    let no_vaddr =
        matches!(i.enc, Enc::Mubuf | Enc::Mtbuf) && i.get(F::Offen) | i.get(F::Idxen) | i.get(F::Addr64) == 0;
    for s in slots.as_slice() {
        if s.is_value() || s.regs == 0 || no_vaddr && s.role == Role::Vaddr {
            continue;
        }
        match s.role {
            Role::Vdst | Role::Sdst => {
                // A memory atomic without GLC returns nothing: its VDST field is unused.
                if atomic_returns == Some(false) && s.role == Role::Vdst {
                    continue;
                }
                operand_regs(s.code, s.regs, &mut e.writes);
                if d.form == Form::MAtomic {
                    // SMEM atomics: SDATA is the data, and the result with GLC.
                    operand_regs(s.code, s.regs, &mut e.reads);
                }
            }
            Role::Data(0) if atomic_returns == Some(true) && matches!(i.enc, Enc::Mubuf | Enc::Mtbuf | Enc::Mimg) => {
                // Buffer and image atomics return the old value in VDATA.
                operand_regs(s.code, s.regs, &mut e.reads);
                operand_regs(s.code, s.regs, &mut e.writes);
            }
            _ => operand_regs(s.code, s.regs, &mut e.reads),
        }
    }
    if keeps_part(i, d) {
        e.reads = e.reads.union(&vgprs_and_sgprs(&e.writes));
    }
    if is_vector(d) {
        e.reads.insert_range(EXEC, 2);
    }
    if d.flags.has(Flags::EXEC) {
        e.writes.insert_range(EXEC, 2);
    }
    if d.flags.has(Flags::READS_VCC) {
        e.reads.insert_range(VCC, 2);
    }
    if d.flags.has(Flags::READS_M0) || d.short.is_gfx() && i.enc == Enc::Vintrp {
        e.reads.insert(M0);
    }
    // LDS instructions of GCN 1.0-1.2 clamp addresses to M0 (GCN 1.4 dropped the limit).
    if i.enc == Enc::Ds && !i.arch.is_gcn14() {
        e.reads.insert(M0);
    }
    if matches!(d.exec, Exec::MovRelD | Exec::MovRelS) {
        e.indexed = true;
        e.reads.insert(M0);
    }
    match d.sem {
        Some(Sem::Scalar(f)) => {
            let p = probe_scalar(f, i.arch);
            if p.reads_scc {
                e.reads.insert(SCC);
            }
            if p.writes_scc {
                e.writes.insert(SCC);
            }
            if p.reads_exec {
                e.reads.insert_range(EXEC, 2);
            }
            if p.writes_exec {
                e.writes.insert_range(EXEC, 2);
            }
        }
        Some(Sem::Flow(f)) => match f {
            Flow::Branch(c) => match c {
                Cond::Scc0 | Cond::Scc1 => e.reads.insert(SCC),
                Cond::Vccz | Cond::Vccnz => e.reads.insert_range(VCC, 2),
                Cond::Execz | Cond::Execnz => e.reads.insert_range(EXEC, 2),
                Cond::Always => {}
            },
            Flow::MovRelS | Flow::MovRelD => {
                e.indexed = true;
                e.reads.insert(M0);
            }
            Flow::GprIdx => {
                // S_SET_GPR_IDX_ON sets M0's index and mask (the rest of M0 means nothing to
                // the index mode: a whole write); _IDX and _MODE set one of the two and keep
                // the other (read and write); _OFF changes MODE only. The vector
                // instructions that run in the mode read M0: not counted (`indexed`).
                e.indexed = true;
                match d.form {
                    Form::CGprIdx => e.writes.insert(M0),
                    Form::P0 => {}
                    _ => {
                        e.reads.insert(M0);
                        e.writes.insert(M0);
                    }
                }
            }
            _ => {}
        },
        _ => {}
    }
    if d.flags.has(Flags::READS_DST) {
        e.reads = e.reads.union(&vgprs_and_sgprs(&e.writes));
    }
    e
}

/// The SGPRs and VGPRs of a set (not EXEC, VCC, SCC: the registers an instruction writes
/// implicitly are written whole).
fn vgprs_and_sgprs(s: &RegSet) -> RegSet {
    let mut sp = RegSet::EMPTY;
    sp.insert(SCC);
    sp.insert_range(EXEC, 2);
    sp.insert_range(VCC, 2);
    s.minus(&sp)
}

/// A write that keeps part of the destination: an SDWA destination narrower than 32 bits
/// with `dst_unused: preserve` (2), GCN 1.4's `_d16`/`_d16_hi` loads (one half of a VGPR),
/// V_MAD_MIXLO/HI (one half), a GCN 1.4 VOP3 16-bit result with OP_SEL's destination bit (the
/// high half).
fn keeps_part(i: &Instr, d: &InstrDef) -> bool {
    if i.arch.is_gcn14() && i.enc.is_vop3() && d.flags.has(Flags::OPSEL) && i.op_sel() & 8 != 0 {
        return true;
    }
    if i.enc.is_sdwa() && i.enc != Enc::VopcSdwa && i.get(F::DstSel) != 6 && i.get(F::DstUnused) == 2 {
        return true;
    }
    if matches!(d.exec, Exec::LowHalf | Exec::HighHalf) {
        return true;
    }
    d.short.is_mem() && i.arch.is_gcn14() && d.name[i.arch.index()].contains("_d16")
}

/// For a vector-memory atomic: does it return the old value (GLC set)? `None`: not an
/// atomic of FLAT, MUBUF/MTBUF or MIMG.
fn atomic_return(i: &Instr, d: &InstrDef) -> Option<bool> {
    let atomic = matches!(d.form, Form::FlatAtomic | Form::BufAtomic | Form::MimgAtomic);
    atomic.then(|| i.get(F::Glc) != 0)
}

/// What a scalar-ALU row does with SCC and EXEC, read off its semantics function by running
/// it on fixed inputs: a row that writes SCC gives the same SCC whatever SCC was; a row that
/// reads SCC gives a different result or SCC for some input when only SCC changes; EXEC
/// likewise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScalarProbe {
    pub reads_scc: bool,
    pub writes_scc: bool,
    pub reads_exec: bool,
    pub writes_exec: bool,
}

pub fn probe_scalar(f: gcnkit::isa::ScalarSemantics, arch: Arch) -> ScalarProbe {
    let inputs: [(u64, u64, u64, u64); 6] = [
        (
            0x1234_5678_9abc_def0,
            0x0fed_cba9_8765_4321,
            0x5555_aaaa_5555_aaaa,
            0xffff_0000_ffff_0000,
        ),
        (0, 0, 0, u64::MAX),
        (u64::MAX, 1, 7, 0x0000_ffff_0000_ffff),
        (0x8000_0000, 0x7fff_ffff, 0xdead_beef, 0x1),
        (3, 0x1f, 0xffff_ffff, 0xf0f0_f0f0_0f0f_0f0f),
        (0x8000_0000_0000_0001, 2, 0, 0xffff_ffff),
    ];
    let run = |s0, s1, d, scc, exec| {
        let mut s = Salu::new(arch);
        s.s0 = s0;
        s.s1 = s1;
        s.d = d;
        s.scc = scc;
        s.exec = exec;
        f(&mut s);
        s
    };
    let mut p = ScalarProbe {
        reads_scc: false,
        writes_scc: false,
        reads_exec: false,
        writes_exec: false,
    };
    for &(s0, s1, d, exec) in &inputs {
        let a = run(s0, s1, d, false, exec);
        let b = run(s0, s1, d, true, exec);
        if a.scc == b.scc {
            p.writes_scc = true;
        }
        if a.d != b.d || a.exec != b.exec || (a.scc != b.scc && (a.scc || !b.scc)) {
            p.reads_scc = true;
        }
        if a.exec != exec || b.exec != exec {
            p.writes_exec = true;
        }
        let c = run(s0, s1, d, false, !exec);
        if c.d != a.d || c.scc != a.scc || (c.exec != !exec && a.exec != exec) {
            p.reads_exec = true;
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regs::names;
    use gcnkit::asm::{assemble_one, Dialect};
    use gcnkit::decode::decode;

    fn fx(arch: Arch, text: &str) -> (Vec<String>, Vec<String>) {
        let w = assemble_one(arch, Dialect::Llvm, text).unwrap();
        let e = effects(&decode(arch, &w).unwrap());
        (names(&e.reads, arch), names(&e.writes, arch))
    }

    #[test]
    fn scalar_alu_scc_and_exec() {
        let a = Arch::Gcn14;
        assert_eq!(
            fx(a, "s_add_u32 s0, s1, s2"),
            (vec!["s[1:2]".into()], vec!["s0".into(), "scc".into()])
        );
        assert_eq!(fx(a, "s_addc_u32 s0, s1, s2").0, ["s[1:2]", "scc"]);
        assert_eq!(
            fx(a, "s_cselect_b32 s0, s1, s2"),
            (vec!["s[1:2]".into(), "scc".into()], vec!["s0".into()])
        );
        assert_eq!(fx(a, "s_mov_b32 s0, s1"), (vec!["s1".into()], vec!["s0".into()]));
        assert_eq!(
            fx(a, "s_and_saveexec_b64 s[4:5], vcc"),
            (
                vec!["vcc_lo".into(), "vcc_hi".into(), "exec_lo".into(), "exec_hi".into()],
                vec!["s[4:5]".into(), "exec_lo".into(), "exec_hi".into(), "scc".into()]
            )
        );
        assert_eq!(fx(a, "s_cmp_eq_u32 s0, 3"), (vec!["s0".into()], vec!["scc".into()]));
        assert_eq!(fx(a, "s_cbranch_scc1 0").0, ["scc"]);
        assert_eq!(fx(a, "s_cbranch_execz 0").0, ["exec_lo", "exec_hi"]);
        // The GPR index mode: _on sets M0 (index and mask), _mode keeps the index.
        assert_eq!(
            fx(a, "s_set_gpr_idx_on s0, gpr_idx(SRC0)"),
            (vec!["s0".into()], vec!["m0".into()])
        );
        assert_eq!(
            fx(a, "s_set_gpr_idx_mode gpr_idx(DST)"),
            (vec!["m0".into()], vec!["m0".into()])
        );
        assert_eq!(fx(a, "s_set_gpr_idx_off"), (vec![], vec![]));
    }

    #[test]
    fn vector_operands_and_implicit_registers() {
        let a = Arch::Gcn12;
        assert_eq!(
            fx(a, "v_add_f32 v1, v2, v3"),
            (
                vec!["exec_lo".into(), "exec_hi".into(), "v[2:3]".into()],
                vec!["v1".into()]
            )
        );
        let (r, w) = fx(a, "v_cmp_lt_f32 vcc, v0, v1");
        assert_eq!(
            (r, w),
            (
                vec!["exec_lo".to_string(), "exec_hi".into(), "v[0:1]".into()],
                vec!["vcc_lo".to_string(), "vcc_hi".into()]
            )
        );
        let (r, w) = fx(a, "v_cndmask_b32 v0, v1, v2, vcc");
        assert_eq!(
            (r, w),
            (
                vec![
                    "vcc_lo".to_string(),
                    "vcc_hi".into(),
                    "exec_lo".into(),
                    "exec_hi".into(),
                    "v[1:2]".into()
                ],
                vec!["v0".to_string()]
            )
        );
        let (r, w) = fx(a, "flat_load_dwordx4 v[4:7], v[0:1]");
        assert_eq!(
            (r, w),
            (
                vec!["exec_lo".to_string(), "exec_hi".into(), "v[0:1]".into()],
                vec!["v[4:7]".to_string()]
            )
        );
        let (r, _) = fx(a, "v_mac_f32 v0, v1, v2");
        assert!(r.contains(&"v[0:2]".to_string()), "{r:?}");
        // No OFFEN/IDXEN/ADDR64: VADDR is not read.
        let (r, _) = fx(a, "buffer_load_dword v1, off, s[8:11], 0 offset:8");
        assert_eq!(r, ["s[8:11]", "exec_lo", "exec_hi"]);
        let (r, _) = fx(a, "buffer_load_dword v1, v0, s[8:11], 0 offen offset:8");
        assert_eq!(r, ["s[8:11]", "exec_lo", "exec_hi", "v0"]);
        let (r, w) = fx(a, "s_load_dwordx2 s[0:1], s[4:5], 0x0");
        assert_eq!((r, w), (vec!["s[4:5]".to_string()], vec!["s[0:1]".to_string()]));
        let (r, w) = fx(a, "flat_atomic_add v[2:3], v4");
        assert_eq!((r.len(), w.len()), (3, 0), "{r:?} {w:?}");
        let (_, w) = fx(a, "flat_atomic_add v0, v[2:3], v4 glc");
        assert_eq!(w, ["v0"]);
        // Partial writes read what they keep.
        let g = Arch::Gcn14;
        assert!(fx(g, "v_mad_f16 v5, v1, v2, v3 op_sel:[0,0,0,1]")
            .0
            .contains(&"v5".to_string()));
        assert!(!fx(g, "v_mad_f16 v5, v1, v2, v3").0.contains(&"v5".to_string()));
        assert!(fx(
            g,
            "v_add_f16_sdwa v5, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0 src1_sel:WORD_0"
        )
        .0
        .contains(&"v5".to_string()));
        assert!(!fx(
            g,
            "v_add_f16_sdwa v5, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:WORD_0"
        )
        .0
        .contains(&"v5".to_string()));
        assert!(fx(g, "global_load_short_d16_hi v5, v[0:1], off")
            .0
            .contains(&"v5".to_string()));
    }
}
