//! The scalar-ALU semantics (SOP2, SOPK, SOP1, SOPC) through the table: each case looks its
//! row up by name in `isa()`, builds the [`Salu`] values the executor would gather (32-bit
//! sources zero-extended, SIMM16 sign- or zero-extended by the row's source type, SDST's old
//! value in `d`), calls the row's `Sem::Scalar` function on every arch where the row exists,
//! and compares what the executor writes back: SDST (truncated for 32-bit destinations), SCC
//! and EXEC. Expected values are worked out by hand from the *Operation* texts (CLRX's
//! GcnInstrsSop* pages, AMD's GCN/Vega manuals; the functional examples of AMD's later
//! manuals where they give some).
//!
//! - `values`: the cases below, every row with semantics at least once, edge cases included;
//! - `every_row_with_semantics_has_cases`: a row given semantics without a case here fails;
//! - `rows_without_semantics`: the scalar rows left to nobody, as an explicit list.

use gcnkit::emu::Salu;
use gcnkit::isa::{isa, InstrDef, Sem, Short, Ty};
use gcnkit::Arch;
use std::collections::BTreeSet;

const SCALAR: [Short; 4] = [Short::Sop2, Short::Sopk, Short::Sop1, Short::Sopc];

/// SDST's value before the instruction where a case does not say (truncated for 32-bit
/// destinations): rows that must not keep it show it.
const D0: u64 = 0xdead_beef_dead_beef;
/// EXEC before the instruction where a case does not say.
const EXEC0: u64 = 0x0123_4567_89ab_cdef;

// ---------------------------------------------------------------------------------------------
// Rows and cases

fn display_name(d: &InstrDef) -> &'static str {
    d.name
        .iter()
        .chain(d.llvm.iter())
        .copied()
        .find(|n| !n.is_empty())
        .unwrap_or("?")
}

/// The scalar-ALU row named `name` (these rows carry one name on every arch).
fn row(name: &str) -> &'static InstrDef {
    isa()
        .defs
        .iter()
        .find(|d| SCALAR.contains(&d.short) && d.name.contains(&name))
        .unwrap_or_else(|| panic!("no scalar row {name}"))
}

fn mask(t: Ty) -> u64 {
    if t.regs() == 2 {
        u64::MAX
    } else {
        0xffff_ffff
    }
}

#[derive(Clone, Copy, Debug)]
enum Src1 {
    /// SSRC1 (SOP2, SOPC).
    Reg(u64),
    /// SIMM16 (SOPK), extended by the row's source type.
    Simm(u16),
}

#[derive(Clone, Copy, Debug)]
struct Case {
    name: &'static str,
    s0: u64,
    s1: Src1,
    d: u64,
    /// SCC before; `None`: run with both values (the result must not depend on it).
    scc: Option<bool>,
    exec: u64,
    /// SDST after (`None`: the row writes no SDST).
    want_d: Option<u64>,
    /// SCC after (`None`: unchanged).
    want_scc: Option<bool>,
    /// EXEC after (`None`: unchanged).
    want_exec: Option<u64>,
}

/// SOP2 / SOPC: `name SDST, s0, s1`.
fn c(name: &'static str, s0: u64, s1: u64) -> Case {
    Case {
        name,
        s0,
        s1: Src1::Reg(s1),
        d: D0,
        scc: None,
        exec: EXEC0,
        want_d: None,
        want_scc: None,
        want_exec: None,
    }
}

/// SOP1: `name SDST, s0`.
fn c1(name: &'static str, s0: u64) -> Case {
    c(name, s0, 0)
}

/// SOPK: `name SDST, simm16` with SDST = `sdst` before.
fn k(name: &'static str, sdst: u64, simm: u16) -> Case {
    Case {
        s1: Src1::Simm(simm),
        d: sdst,
        ..c(name, sdst, 0)
    }
}

impl Case {
    fn scc_in(self, scc: bool) -> Case {
        Case { scc: Some(scc), ..self }
    }
    fn d_in(self, d: u64) -> Case {
        Case { d, ..self }
    }
    fn exec_in(self, exec: u64) -> Case {
        Case { exec, ..self }
    }
    /// SDST = `d`, SCC = `scc` after.
    fn is(self, d: u64, scc: bool) -> Case {
        Case {
            want_d: Some(d),
            want_scc: Some(scc),
            ..self
        }
    }
    /// SDST = `d` after, SCC unchanged.
    fn keeps_scc(self, d: u64) -> Case {
        Case {
            want_d: Some(d),
            want_scc: None,
            ..self
        }
    }
    /// A compare: SCC = `scc`, no SDST.
    fn sets_scc(self, scc: bool) -> Case {
        Case {
            want_d: None,
            want_scc: Some(scc),
            ..self
        }
    }
    fn exec_out(self, exec: u64) -> Case {
        Case {
            want_exec: Some(exec),
            ..self
        }
    }
}

/// Runs a case on every arch where its row exists; the mismatches as text.
fn run(c: &Case) -> Vec<String> {
    let r = row(c.name);
    let Some(Sem::Scalar(f)) = r.sem else {
        return vec![format!("{}: no scalar semantics", c.name)];
    };
    let archs: Vec<Arch> = Arch::EVERY.into_iter().filter(|a| r.exists_on(*a)).collect();
    assert!(!archs.is_empty(), "{}: on no arch", c.name);
    let s1 = match c.s1 {
        Src1::Reg(v) => v & mask(r.src[1]),
        Src1::Simm(k) => match r.src[1] {
            Ty::I32 => k as i16 as i64 as u64,
            Ty::U32 => k as u64,
            t => panic!("{}: SIMM16 of type {t:?}", c.name),
        },
    };
    let sccs = match c.scc {
        Some(b) => vec![b],
        None => vec![false, true],
    };
    let mut bad = Vec::new();
    for a in archs {
        for &scc in &sccs {
            let mut x = Salu::new(a);
            x.s0 = c.s0 & mask(r.src[0]);
            x.s1 = s1;
            x.d = c.d & mask(r.dst);
            x.scc = scc;
            x.exec = c.exec;
            f(&mut x);
            let d = x.d & mask(r.dst);
            let want_scc = c.want_scc.unwrap_or(scc);
            let want_exec = c.want_exec.unwrap_or(c.exec);
            let d_ok = c.want_d.is_none_or(|w| w == d);
            if !d_ok || x.scc != want_scc || x.exec != want_exec {
                bad.push(format!(
                    "{a}: {} s0={:#x} s1={s1:#x} d={:#x} scc={scc} exec={:#x}: got d={d:#x} scc={} exec={:#x}, \
                     want d={} scc={want_scc} exec={want_exec:#x}",
                    c.name,
                    c.s0,
                    c.d,
                    c.exec,
                    x.scc,
                    x.exec,
                    c.want_d.map_or("-".to_string(), |w| format!("{w:#x}")),
                ));
            }
        }
    }
    bad
}

// ---------------------------------------------------------------------------------------------
// Cases

const M32: u64 = 0xffff_ffff;
const M64: u64 = u64::MAX;

/// S1 of S_BFE_*: field offset and width.
fn field(offset: u64, width: u64) -> u64 {
    offset | width << 16
}

fn sop2_arith() -> Vec<Case> {
    vec![
        // carry out
        c("s_add_u32", 1, 2).is(3, false),
        c("s_add_u32", M32, 1).is(0, true),
        c("s_add_u32", 0x8000_0000, 0x8000_0000).is(0, true),
        c("s_add_u32", 0xffff_fffe, 1).is(M32, false),
        // borrow
        c("s_sub_u32", 5, 3).is(2, false),
        c("s_sub_u32", 1, 2).is(M32, true),
        c("s_sub_u32", 3, 3).is(0, false),
        // signed overflow
        c("s_add_i32", 0x7fff_ffff, 1).is(0x8000_0000, true),
        c("s_add_i32", M32, 1).is(0, false),
        c("s_add_i32", 0x8000_0000, M32).is(0x7fff_ffff, true),
        c("s_add_i32", 5, 0xffff_fffd).is(2, false),
        c("s_sub_i32", 0x8000_0000, 1).is(0x7fff_ffff, true),
        c("s_sub_i32", 0x7fff_ffff, M32).is(0x8000_0000, true),
        c("s_sub_i32", 0, 1).is(M32, false),
        c("s_sub_i32", M32, 0x7fff_ffff).is(0x8000_0000, false),
        // SCC as carry in and out
        c("s_addc_u32", M32, 0).scc_in(true).is(0, true),
        c("s_addc_u32", M32, 0).scc_in(false).is(M32, false),
        c("s_addc_u32", 1, 2).scc_in(true).is(4, false),
        c("s_addc_u32", M32, 1).scc_in(false).is(0, true),
        c("s_addc_u32", M32, M32).scc_in(true).is(M32, true),
        c("s_subb_u32", 0, 0).scc_in(true).is(M32, true),
        c("s_subb_u32", 5, 2).scc_in(true).is(2, false),
        c("s_subb_u32", 5, 5).scc_in(false).is(0, false),
        c("s_subb_u32", 5, 5).scc_in(true).is(M32, true),
        // S1 + SCC = 2^32 does not wrap to 0: a borrow
        c("s_subb_u32", 0, M32).scc_in(true).is(0, true),
        // min/max: SCC = S0 selected; equal operands select S1 (SCC = 0)
        c("s_min_i32", M32, 1).is(M32, true),
        c("s_min_i32", 1, M32).is(M32, false),
        c("s_min_i32", 7, 7).is(7, false),
        c("s_min_u32", M32, 1).is(1, false),
        c("s_min_u32", 1, M32).is(1, true),
        c("s_min_u32", 7, 7).is(7, false),
        c("s_max_i32", M32, 1).is(1, false),
        c("s_max_i32", 1, M32).is(1, true),
        c("s_max_i32", 7, 7).is(7, false),
        c("s_max_i32", 0x8000_0000, 0x7fff_ffff).is(0x7fff_ffff, false),
        c("s_max_u32", M32, 1).is(M32, true),
        c("s_max_u32", 1, M32).is(M32, false),
        c("s_max_u32", 7, 7).is(7, false),
        // SCC selects
        c("s_cselect_b32", 0x11, 0x22).scc_in(true).keeps_scc(0x11),
        c("s_cselect_b32", 0x11, 0x22).scc_in(false).keeps_scc(0x22),
        c("s_cselect_b64", 0x1111_2222_3333_4444, 0x5555_6666_7777_8888)
            .scc_in(true)
            .keeps_scc(0x1111_2222_3333_4444),
        c("s_cselect_b64", 0x1111_2222_3333_4444, 0x5555_6666_7777_8888)
            .scc_in(false)
            .keeps_scc(0x5555_6666_7777_8888),
        // products (SCC unchanged)
        c("s_mul_i32", M32, 5).keeps_scc(0xffff_fffb),
        c("s_mul_i32", 0x1_0000, 0x1_0000).keeps_scc(0),
        c("s_mul_i32", 0x7fff_ffff, 2).keeps_scc(0xffff_fffe),
        c("s_mul_i32", 0xffff_fffd, 0xffff_fffc).keeps_scc(12),
        c("s_mul_hi_u32", M32, M32).keeps_scc(0xffff_fffe),
        c("s_mul_hi_u32", 0x1_0000, 0x1_0000).keeps_scc(1),
        c("s_mul_hi_u32", 2, 3).keeps_scc(0),
        c("s_mul_hi_i32", M32, M32).keeps_scc(0),
        c("s_mul_hi_i32", M32, 1).keeps_scc(M32),
        c("s_mul_hi_i32", 0x8000_0000, 0x8000_0000).keeps_scc(0x4000_0000),
        c("s_mul_hi_i32", 0x8000_0000, 2).keeps_scc(M32),
        c("s_mul_hi_i32", 0x1_0000, 0x1_0000).keeps_scc(1),
        // |S0 - S1| of the wrapped difference (AMD's functional examples)
        c("s_absdiff_i32", 2, 5).is(3, true),
        c("s_absdiff_i32", 5, 2).is(3, true),
        c("s_absdiff_i32", M32, 0).is(1, true),
        c("s_absdiff_i32", 0x8000_0000, 0).is(0x8000_0000, true),
        c("s_absdiff_i32", 0x8000_0000, 1).is(0x7fff_ffff, true),
        c("s_absdiff_i32", 0x8000_0000, M32).is(0x7fff_ffff, true),
        c("s_absdiff_i32", 0x8000_0000, 0xffff_fffe).is(0x7fff_fffe, true),
        c("s_absdiff_i32", 7, 7).is(0, false),
        // (S0 << n) + S1 in 64 bits: SCC = sum >= 2^32, bits shifted out of S0 included
        c("s_lshl1_add_u32", 3, 4).is(10, false),
        c("s_lshl1_add_u32", 0x8000_0000, 0).is(0, true),
        c("s_lshl1_add_u32", 0x7fff_ffff, 2).is(0, true),
        c("s_lshl1_add_u32", 0x7fff_ffff, 1).is(M32, false),
        c("s_lshl2_add_u32", 1, 1).is(5, false),
        c("s_lshl2_add_u32", 0x4000_0000, 0).is(0, true),
        c("s_lshl2_add_u32", 0x3fff_ffff, 3).is(M32, false),
        c("s_lshl3_add_u32", 0x2000_0000, 5).is(5, true),
        c("s_lshl3_add_u32", 0x1fff_ffff, 7).is(M32, false),
        c("s_lshl3_add_u32", 0x1fff_ffff, 8).is(0, true),
        c("s_lshl4_add_u32", 2, 3).is(35, false),
        c("s_lshl4_add_u32", 0x1000_0000, 0).is(0, true),
        c("s_lshl4_add_u32", M32, 0).is(0xffff_fff0, true),
        // packs (SCC unchanged)
        c("s_pack_ll_b32_b16", 0x1111_2222, 0x3333_4444).keeps_scc(0x4444_2222),
        c("s_pack_lh_b32_b16", 0x1111_2222, 0x3333_4444).keeps_scc(0x3333_2222),
        c("s_pack_hh_b32_b16", 0x1111_2222, 0x3333_4444).keeps_scc(0x3333_1111),
    ]
}

fn sop2_bits() -> Vec<Case> {
    vec![
        // bitwise: SCC = result != 0, on the operation's width
        c("s_and_b32", 0xf0f0_f0f0, 0x0ff0_0ff0).is(0x00f0_00f0, true),
        c("s_and_b32", 0xf0, 0x0f).is(0, false),
        c("s_and_b64", 0xff00_0000_0000_0000, 0x0f00_0000_0000_0001).is(0x0f00_0000_0000_0000, true),
        c("s_and_b64", 0x1_0000_0000, M32).is(0, false),
        c("s_or_b32", 0, 0).is(0, false),
        c("s_or_b32", 0x1000, 1).is(0x1001, true),
        c("s_or_b64", 1 << 63, 1).is(0x8000_0000_0000_0001, true),
        c("s_or_b64", 0, 0).is(0, false),
        c("s_xor_b32", 0x1234, 0x1234).is(0, false),
        c("s_xor_b32", 0xffff_0000, 0x0f0f_0f0f).is(0xf0f0_0f0f, true),
        c("s_xor_b64", 0xffff_ffff_0000_0000, 0x0000_ffff_ffff_0000).is(0xffff_0000_ffff_0000, true),
        c("s_xor_b64", 5, 5).is(0, false),
        c("s_andn2_b32", 0xff, 0x0f).is(0xf0, true),
        c("s_andn2_b32", 0x0f, 0xff).is(0, false),
        c("s_andn2_b64", M64, 0xffff_ffff_0000_0000).is(M32, true),
        c("s_andn2_b64", 0x1_0000_0000, 0x1_0000_0000).is(0, false),
        c("s_orn2_b32", 0, M32).is(0, false),
        c("s_orn2_b32", 0, 0xffff_fffe).is(1, true),
        c("s_orn2_b64", 0, M32).is(0xffff_ffff_0000_0000, true),
        c("s_orn2_b64", 0, M64).is(0, false),
        c("s_nand_b32", M32, M32).is(0, false),
        c("s_nand_b32", M32, 0xffff_fff0).is(0xf, true),
        c("s_nand_b64", M32, M32).is(0xffff_ffff_0000_0000, true),
        c("s_nand_b64", M64, M64).is(0, false),
        c("s_nor_b32", 0, 0).is(M32, true),
        c("s_nor_b32", 0xffff_0000, 0x0000_ffff).is(0, false),
        c("s_nor_b64", 0, 0).is(M64, true),
        c("s_nor_b64", 0xffff_ffff_0000_0000, M32).is(0, false),
        c("s_xnor_b32", 0x0f0f_0f0f, 0xf0f0_f0f0).is(0, false),
        c("s_xnor_b32", 0x1234_5678, 0x1234_5678).is(M32, true),
        c("s_xnor_b64", 0x0f0f_0f0f_0f0f_0f0f, 0xf0f0_f0f0_f0f0_f0f0).is(0, false),
        c("s_xnor_b64", 0, M32).is(0xffff_ffff_0000_0000, true),
        // shifts: amounts masked to 5 / 6 bits; SCC = result != 0
        c("s_lshl_b32", 1, 31).is(0x8000_0000, true),
        c("s_lshl_b32", 1, 32).is(1, true),
        c("s_lshl_b32", 3, 63).is(0x8000_0000, true),
        c("s_lshl_b32", 0x8000_0000, 1).is(0, false),
        c("s_lshl_b32", 0x1234_5678, 0xffff_ffe4).is(0x2345_6780, true),
        c("s_lshl_b64", 1, 63).is(1 << 63, true),
        c("s_lshl_b64", 1, 64).is(1, true),
        c("s_lshl_b64", 1, 127).is(1 << 63, true),
        c("s_lshl_b64", M32, 32).is(0xffff_ffff_0000_0000, true),
        c("s_lshl_b64", 2, 63).is(0, false),
        c("s_lshr_b32", 0x8000_0000, 31).is(1, true),
        c("s_lshr_b32", 0x8000_0000, 32).is(0x8000_0000, true),
        c("s_lshr_b32", 1, 1).is(0, false),
        c("s_lshr_b64", 1 << 63, 63).is(1, true),
        c("s_lshr_b64", 1 << 63, 64).is(1 << 63, true),
        c("s_lshr_b64", 0xffff_ffff_0000_0000, 32).is(M32, true),
        c("s_lshr_b64", 1, 65).is(0, false),
        c("s_ashr_i32", 0x8000_0000, 31).is(M32, true),
        c("s_ashr_i32", 0x8000_0000, 32).is(0x8000_0000, true),
        c("s_ashr_i32", 0x4000_0000, 31).is(0, false),
        c("s_ashr_i32", 0xffff_fff0, 4).is(M32, true),
        c("s_ashr_i32", 0x70, 4).is(7, true),
        c("s_ashr_i64", 1 << 63, 63).is(M64, true),
        c("s_ashr_i64", 1 << 63, 64).is(1 << 63, true),
        c("s_ashr_i64", 0x4000_0000_0000_0000, 63).is(0, false),
        c("s_ashr_i64", 0xffff_ffff_0000_0000, 32).is(M64, true),
        c("s_ashr_i64", 0x1_0000_0000, 32).is(1, true),
        // masks (SCC unchanged)
        c("s_bfm_b32", 4, 8).keeps_scc(0xf00),
        c("s_bfm_b32", 0, 5).keeps_scc(0),
        c("s_bfm_b32", 31, 1).keeps_scc(0xffff_fffe),
        c("s_bfm_b32", 36, 40).keeps_scc(0xf00),
        c("s_bfm_b32", 32, 0).keeps_scc(0),
        c("s_bfm_b64", 4, 60).keeps_scc(0xf000_0000_0000_0000),
        c("s_bfm_b64", 63, 0).keeps_scc(0x7fff_ffff_ffff_ffff),
        c("s_bfm_b64", 32, 16).keeps_scc(0x0000_ffff_ffff_0000),
        c("s_bfm_b64", 64, 3).keeps_scc(0),
        // bit fields: offset S1[4:0] / S1[5:0], width S1[22:16]; SCC = result != 0
        c("s_bfe_u32", 0x1234_5678, field(4, 8)).is(0x67, true),
        c("s_bfe_u32", 0x1234_5678, field(0, 0)).is(0, false),
        c("s_bfe_u32", 0x1234_5678, field(28, 8)).is(1, true),
        c("s_bfe_u32", 0xf000_0000, field(28, 8)).is(0xf, true),
        c("s_bfe_u32", 0x1234_5678, field(0, 32)).is(0x1234_5678, true),
        c("s_bfe_u32", 0x1234_5678, field(0, 127)).is(0x1234_5678, true),
        c("s_bfe_u32", 0x1234_5678, field(36, 8)).is(0x67, true),
        // bit 23 is not part of the width: width 0
        c("s_bfe_u32", 0x1234_5678, field(4, 0x80)).is(0, false),
        c("s_bfe_u32", 0xf00, field(0, 8)).is(0, false),
        c("s_bfe_i32", 0xf0, field(4, 4)).is(M32, true),
        c("s_bfe_i32", 0x70, field(4, 4)).is(7, true),
        c("s_bfe_i32", 0x1234_5678, field(0, 0)).is(0, false),
        c("s_bfe_i32", 0x8000_0000, field(28, 8)).is(0xffff_fff8, true),
        c("s_bfe_i32", 0x7000_0000, field(28, 8)).is(7, true),
        c("s_bfe_i32", 0x8000_0000, field(31, 1)).is(M32, true),
        c("s_bfe_i32", 0x8000, field(0, 16)).is(0xffff_8000, true),
        c("s_bfe_i32", 0x8000, field(0, 17)).is(0x8000, true),
        c("s_bfe_u64", 0x1234_5678_9abc_def0, field(32, 16)).is(0x5678, true),
        c("s_bfe_u64", 0x1234_5678_9abc_def0, field(60, 8)).is(1, true),
        c("s_bfe_u64", 0x1234_5678_9abc_def0, field(0, 64)).is(0x1234_5678_9abc_def0, true),
        c("s_bfe_u64", 0x1234_5678_9abc_def0, field(0, 127)).is(0x1234_5678_9abc_def0, true),
        c("s_bfe_u64", 0x1234_5678_9abc_def0, field(4, 0)).is(0, false),
        c("s_bfe_u64", 0x1234_5678_9abc_def0, field(68, 8)).is(0xef, true),
        c("s_bfe_u64", 0xffff_0000_0000_0000, field(0, 48)).is(0, false),
        c("s_bfe_i64", 1 << 63, field(60, 8)).is(0xffff_ffff_ffff_fff8, true),
        c("s_bfe_i64", 0x8000_0000, field(0, 32)).is(0xffff_ffff_8000_0000, true),
        c("s_bfe_i64", 0x8000_0000, field(0, 33)).is(0x8000_0000, true),
        c("s_bfe_i64", 0xf0_0000_0000, field(36, 4)).is(M64, true),
        c("s_bfe_i64", 0x1234, field(5, 0)).is(0, false),
        c("s_bfe_i64", 1 << 63, field(63, 1)).is(M64, true),
    ]
}

fn sopk() -> Vec<Case> {
    vec![
        // SIMM16 sign-extended (SCC unchanged)
        k("s_movk_i32", 0x1234, 0x8000).keeps_scc(0xffff_8000),
        k("s_movk_i32", 0x1234, 0x7fff).keeps_scc(0x7fff),
        k("s_cmovk_i32", 0x1234, 0xfffe).scc_in(true).keeps_scc(0xffff_fffe),
        k("s_cmovk_i32", 0x1234, 0xfffe).scc_in(false).keeps_scc(0x1234),
        // *_i32: SIMM16 sign-extended; *_u32: zero-extended
        k("s_cmpk_eq_i32", M32, 0xffff).sets_scc(true),
        k("s_cmpk_eq_i32", 0xffff, 0xffff).sets_scc(false),
        k("s_cmpk_eq_u32", M32, 0xffff).sets_scc(false),
        k("s_cmpk_eq_u32", 0xffff, 0xffff).sets_scc(true),
        k("s_cmpk_lg_i32", M32, 0xffff).sets_scc(false),
        k("s_cmpk_lg_i32", 0xffff, 0xffff).sets_scc(true),
        k("s_cmpk_lg_u32", M32, 0xffff).sets_scc(true),
        k("s_cmpk_lg_u32", 0xffff, 0xffff).sets_scc(false),
        k("s_cmpk_gt_i32", 0, 0xffff).sets_scc(true),
        k("s_cmpk_gt_i32", 0xffff_fffe, 0xffff).sets_scc(false),
        k("s_cmpk_gt_u32", 0, 0xffff).sets_scc(false),
        k("s_cmpk_gt_u32", 0x1_0000, 0xffff).sets_scc(true),
        k("s_cmpk_ge_i32", M32, 0xffff).sets_scc(true),
        k("s_cmpk_ge_i32", 0xffff_fffe, 0xffff).sets_scc(false),
        k("s_cmpk_ge_u32", 0xffff, 0xffff).sets_scc(true),
        k("s_cmpk_ge_u32", 0xfffe, 0xffff).sets_scc(false),
        k("s_cmpk_ge_u32", M32, 0x8000).sets_scc(true),
        k("s_cmpk_lt_i32", 0xffff_8000, 0x8000).sets_scc(false),
        k("s_cmpk_lt_i32", 0xffff_7fff, 0x8000).sets_scc(true),
        k("s_cmpk_lt_i32", 0x7fff, 0x8000).sets_scc(false),
        k("s_cmpk_lt_u32", 0x7fff, 0x8000).sets_scc(true),
        k("s_cmpk_lt_u32", 0xffff_8000, 0x8000).sets_scc(false),
        k("s_cmpk_le_i32", 0xffff_8000, 0x8000).sets_scc(true),
        k("s_cmpk_le_i32", 0, 0x8000).sets_scc(false),
        k("s_cmpk_le_u32", 0x8000, 0x8000).sets_scc(true),
        k("s_cmpk_le_u32", 0xffff_8000, 0x8000).sets_scc(false),
        // SDST += SIMM16: SCC = signed overflow
        k("s_addk_i32", 0x7fff_ffff, 1).is(0x8000_0000, true),
        k("s_addk_i32", 5, 0xffff).is(4, false),
        k("s_addk_i32", 0x8000_0000, 0xffff).is(0x7fff_ffff, true),
        k("s_addk_i32", M32, 1).is(0, false),
        k("s_addk_i32", 0x7fff_8000, 0x8000).is(0x7fff_0000, false),
        // SDST *= SIMM16 (SCC unchanged)
        k("s_mulk_i32", 3, 0xfffe).keeps_scc(0xffff_fffa),
        k("s_mulk_i32", 0x1_0000, 0x8000).keeps_scc(0x8000_0000),
    ]
}

fn sop1() -> Vec<Case> {
    vec![
        // moves (SCC unchanged)
        c1("s_mov_b32", 0x1234_5678).keeps_scc(0x1234_5678),
        c1("s_mov_b64", 0x1234_5678_9abc_def0).keeps_scc(0x1234_5678_9abc_def0),
        c1("s_mov_fed_b32", 0x1234_5678).keeps_scc(0x1234_5678),
        c1("s_cmov_b32", 0x1111).d_in(0x2222).scc_in(true).keeps_scc(0x1111),
        c1("s_cmov_b32", 0x1111).d_in(0x2222).scc_in(false).keeps_scc(0x2222),
        c1("s_cmov_b64", 0x1_0000_0001)
            .d_in(0x2_0000_0002)
            .scc_in(true)
            .keeps_scc(0x1_0000_0001),
        c1("s_cmov_b64", 0x1_0000_0001)
            .d_in(0x2_0000_0002)
            .scc_in(false)
            .keeps_scc(0x2_0000_0002),
        // SCC = result != 0
        c1("s_not_b32", M32).is(0, false),
        c1("s_not_b32", 0x0f0f_0f0f).is(0xf0f0_f0f0, true),
        c1("s_not_b32", 0).is(M32, true),
        c1("s_not_b64", M64).is(0, false),
        c1("s_not_b64", M32).is(0xffff_ffff_0000_0000, true),
        c1("s_wqm_b32", 0).is(0, false),
        c1("s_wqm_b32", 0x8000_0104).is(0xf000_0f0f, true),
        c1("s_wqm_b32", 0x0001_0010).is(0x000f_00f0, true),
        c1("s_wqm_b64", 0x8000_0000_0000_0001).is(0xf000_0000_0000_000f, true),
        c1("s_wqm_b64", 0x1_0000_0000).is(0xf_0000_0000, true),
        c1("s_wqm_b64", 0).is(0, false),
        c1("s_quadmask_b32", 0x8000_0104).is(0x85, true),
        c1("s_quadmask_b32", M32).is(0xff, true),
        c1("s_quadmask_b32", 0).is(0, false),
        c1("s_quadmask_b64", 0x8000_0000_0000_0001).is(0x8001, true),
        c1("s_quadmask_b64", M64).is(0xffff, true),
        c1("s_quadmask_b64", 0x10_0000_0000).is(0x200, true),
        c1("s_quadmask_b64", 0).is(0, false),
        c1("s_bcnt0_i32_b32", 0).is(32, true),
        c1("s_bcnt0_i32_b32", 0xcccc_cccc).is(16, true),
        c1("s_bcnt0_i32_b32", M32).is(0, false),
        c1("s_bcnt0_i32_b64", 0).is(64, true),
        c1("s_bcnt0_i32_b64", M32).is(32, true),
        c1("s_bcnt0_i32_b64", M64).is(0, false),
        c1("s_bcnt1_i32_b32", 0).is(0, false),
        c1("s_bcnt1_i32_b32", 0xcccc_cccc).is(16, true),
        c1("s_bcnt1_i32_b32", M32).is(32, true),
        c1("s_bcnt1_i32_b64", M64).is(64, true),
        c1("s_bcnt1_i32_b64", 0x8000_0000_0000_0001).is(2, true),
        c1("s_bcnt1_i32_b64", 0).is(0, false),
        c1("s_abs_i32", 1).is(1, true),
        c1("s_abs_i32", 0x7fff_ffff).is(0x7fff_ffff, true),
        c1("s_abs_i32", 0x8000_0000).is(0x8000_0000, true),
        c1("s_abs_i32", 0x8000_0001).is(0x7fff_ffff, true),
        c1("s_abs_i32", 0x8000_0002).is(0x7fff_fffe, true),
        c1("s_abs_i32", M32).is(1, true),
        c1("s_abs_i32", 0).is(0, false),
        // bit order, searches, sign extension (SCC unchanged)
        c1("s_brev_b32", 1).keeps_scc(0x8000_0000),
        c1("s_brev_b32", 0x1234_5678).keeps_scc(0x1e6a_2c48),
        c1("s_brev_b64", 1).keeps_scc(1 << 63),
        c1("s_brev_b64", 0xffff_0000).keeps_scc(0xffff_0000_0000),
        c1("s_brev_b64", 0x0123_4567_89ab_cdef).keeps_scc(0xf7b3_d591_e6a2_c480),
        c1("s_ff0_i32_b32", 0xaaaa_aaaa).keeps_scc(0),
        c1("s_ff0_i32_b32", 0x5555_5555).keeps_scc(1),
        c1("s_ff0_i32_b32", 0).keeps_scc(0),
        c1("s_ff0_i32_b32", M32).keeps_scc(M32),
        c1("s_ff0_i32_b32", 0xfffe_ffff).keeps_scc(16),
        c1("s_ff0_i32_b64", M64).keeps_scc(M32),
        c1("s_ff0_i32_b64", M32).keeps_scc(32),
        c1("s_ff0_i32_b64", 0x7fff_ffff_ffff_ffff).keeps_scc(63),
        c1("s_ff1_i32_b32", 0xaaaa_aaaa).keeps_scc(1),
        c1("s_ff1_i32_b32", 0x5555_5555).keeps_scc(0),
        c1("s_ff1_i32_b32", 0).keeps_scc(M32),
        c1("s_ff1_i32_b32", M32).keeps_scc(0),
        c1("s_ff1_i32_b32", 0x1_0000).keeps_scc(16),
        c1("s_ff1_i32_b64", 0).keeps_scc(M32),
        c1("s_ff1_i32_b64", 0x1_0000_0000).keeps_scc(32),
        c1("s_ff1_i32_b64", 1 << 63).keeps_scc(63),
        c1("s_flbit_i32_b32", 0).keeps_scc(M32),
        c1("s_flbit_i32_b32", 0xcccc).keeps_scc(16),
        c1("s_flbit_i32_b32", 0xffff_3333).keeps_scc(0),
        c1("s_flbit_i32_b32", 0x7fff_ffff).keeps_scc(1),
        c1("s_flbit_i32_b32", 0x8000_0000).keeps_scc(0),
        c1("s_flbit_i32_b32", 1).keeps_scc(31),
        c1("s_flbit_i32_b64", 0).keeps_scc(M32),
        c1("s_flbit_i32_b64", 1).keeps_scc(63),
        c1("s_flbit_i32_b64", 0x1_0000_0000).keeps_scc(31),
        c1("s_flbit_i32_b64", 1 << 63).keeps_scc(0),
        c1("s_flbit_i32", 0).keeps_scc(M32),
        c1("s_flbit_i32", M32).keeps_scc(M32),
        c1("s_flbit_i32", 0xcccc).keeps_scc(16),
        c1("s_flbit_i32", 0xffff_3333).keeps_scc(16),
        c1("s_flbit_i32", 0x7fff_ffff).keeps_scc(1),
        c1("s_flbit_i32", 0x8000_0000).keeps_scc(1),
        c1("s_flbit_i32", 1).keeps_scc(31),
        c1("s_flbit_i32", 0xffff_fffe).keeps_scc(31),
        c1("s_flbit_i32_i64", 0).keeps_scc(M32),
        c1("s_flbit_i32_i64", M64).keeps_scc(M32),
        c1("s_flbit_i32_i64", 1).keeps_scc(63),
        c1("s_flbit_i32_i64", 0xffff_ffff_0000_0000).keeps_scc(32),
        c1("s_flbit_i32_i64", 0x8000_0000).keeps_scc(32),
        c1("s_flbit_i32_i64", 0x4000_0000_0000_0000).keeps_scc(1),
        c1("s_flbit_i32_i64", 1 << 63).keeps_scc(1),
        c1("s_sext_i32_i8", 0x80).keeps_scc(0xffff_ff80),
        c1("s_sext_i32_i8", 0x7f).keeps_scc(0x7f),
        c1("s_sext_i32_i8", 0x1234_5680).keeps_scc(0xffff_ff80),
        c1("s_sext_i32_i8", 0xffff_ff7f).keeps_scc(0x7f),
        c1("s_sext_i32_i16", 0x8000).keeps_scc(0xffff_8000),
        c1("s_sext_i32_i16", 0x7fff).keeps_scc(0x7fff),
        c1("s_sext_i32_i16", 0xabcd_1234).keeps_scc(0x1234),
        c1("s_sext_i32_i16", 0x1234_f00f).keeps_scc(0xffff_f00f),
        c1("s_bitreplicate_b64_b32", 1).keeps_scc(3),
        c1("s_bitreplicate_b64_b32", 0xa).keeps_scc(0xcc),
        c1("s_bitreplicate_b64_b32", 0x8000_0000).keeps_scc(0xc000_0000_0000_0000),
        c1("s_bitreplicate_b64_b32", 0x8000_0001).keeps_scc(0xc000_0000_0000_0003),
        c1("s_bitreplicate_b64_b32", M32).keeps_scc(M64),
        // one bit of SDST (position S0[4:0] / S0[5:0]), the others kept; SCC unchanged
        c1("s_bitset0_b32", 3).d_in(M32).keeps_scc(0xffff_fff7),
        c1("s_bitset0_b32", 35).d_in(M32).keeps_scc(0xffff_fff7),
        c1("s_bitset0_b32", 31).d_in(M32).keeps_scc(0x7fff_ffff),
        c1("s_bitset0_b64", 40).d_in(M64).keeps_scc(0xffff_feff_ffff_ffff),
        c1("s_bitset0_b64", 63).d_in(M64).keeps_scc(0x7fff_ffff_ffff_ffff),
        c1("s_bitset0_b64", 65).d_in(M64).keeps_scc(0xffff_ffff_ffff_fffd),
        c1("s_bitset1_b32", 31).d_in(0).keeps_scc(0x8000_0000),
        c1("s_bitset1_b32", 33).d_in(0).keeps_scc(2),
        c1("s_bitset1_b32", 4).d_in(0x10).keeps_scc(0x10),
        c1("s_bitset1_b64", 40).d_in(0).keeps_scc(0x100_0000_0000),
        c1("s_bitset1_b64", 63).d_in(1).keeps_scc(0x8000_0000_0000_0001),
        c1("s_bitset1_b64", 127).d_in(0).keeps_scc(1 << 63),
    ]
}

fn sop1_exec() -> Vec<Case> {
    const E: u64 = 0x0000_ffff_0000_ffff;
    const S: u64 = 0x00ff_00ff_00ff_00ff;
    // saveexec: SDST = old EXEC, EXEC = S0 op EXEC, SCC = new EXEC != 0
    let save = |name, s0, exec_out| c1(name, s0).exec_in(E).exec_out(exec_out).is(E, exec_out != 0);
    // wrexec: EXEC = S0 op EXEC, SDST = new EXEC, SCC = new EXEC != 0
    let wr = |name, s0, exec_out| c1(name, s0).exec_in(E).exec_out(exec_out).is(exec_out, exec_out != 0);
    vec![
        save("s_and_saveexec_b64", S, 0x0000_00ff_0000_00ff),
        save("s_and_saveexec_b64", !E, 0),
        save("s_or_saveexec_b64", S, 0x00ff_ffff_00ff_ffff),
        save("s_or_saveexec_b64", 0, E),
        save("s_xor_saveexec_b64", S, 0x00ff_ff00_00ff_ff00),
        save("s_xor_saveexec_b64", E, 0),
        save("s_andn2_saveexec_b64", S, 0x00ff_0000_00ff_0000),
        save("s_andn2_saveexec_b64", E, 0),
        save("s_orn2_saveexec_b64", S, 0xffff_00ff_ffff_00ff),
        c1("s_orn2_saveexec_b64", 0).exec_in(M64).exec_out(0).is(M64, false),
        save("s_nand_saveexec_b64", S, 0xffff_ff00_ffff_ff00),
        c1("s_nand_saveexec_b64", M64).exec_in(M64).exec_out(0).is(M64, false),
        save("s_nor_saveexec_b64", S, 0xff00_0000_ff00_0000),
        save("s_nor_saveexec_b64", !E, 0),
        save("s_xnor_saveexec_b64", S, 0xff00_00ff_ff00_00ff),
        save("s_xnor_saveexec_b64", !E, 0),
        save("s_andn1_saveexec_b64", S, 0x0000_ff00_0000_ff00),
        save("s_andn1_saveexec_b64", E, 0),
        save("s_orn1_saveexec_b64", S, 0xff00_ffff_ff00_ffff),
        c1("s_orn1_saveexec_b64", M64).exec_in(0).exec_out(0).is(0, false),
        wr("s_andn1_wrexec_b64", S, 0x0000_ff00_0000_ff00),
        wr("s_andn1_wrexec_b64", E, 0),
        wr("s_andn2_wrexec_b64", S, 0x00ff_0000_00ff_0000),
        wr("s_andn2_wrexec_b64", E, 0),
    ]
}

fn sopc() -> Vec<Case> {
    vec![
        c("s_cmp_eq_i32", 5, 5).sets_scc(true),
        c("s_cmp_eq_i32", 5, 6).sets_scc(false),
        c("s_cmp_lg_i32", 5, 5).sets_scc(false),
        c("s_cmp_lg_i32", 5, 6).sets_scc(true),
        c("s_cmp_gt_i32", 1, M32).sets_scc(true),
        c("s_cmp_gt_i32", M32, 1).sets_scc(false),
        c("s_cmp_gt_i32", 3, 3).sets_scc(false),
        c("s_cmp_ge_i32", 3, 3).sets_scc(true),
        c("s_cmp_ge_i32", 0x8000_0000, 0x7fff_ffff).sets_scc(false),
        c("s_cmp_lt_i32", 0x8000_0000, 0x7fff_ffff).sets_scc(true),
        c("s_cmp_lt_i32", 3, 3).sets_scc(false),
        c("s_cmp_le_i32", 3, 3).sets_scc(true),
        c("s_cmp_le_i32", 0, M32).sets_scc(false),
        c("s_cmp_eq_u32", M32, M32).sets_scc(true),
        c("s_cmp_eq_u32", M32, 0x7fff_ffff).sets_scc(false),
        c("s_cmp_lg_u32", M32, M32).sets_scc(false),
        c("s_cmp_lg_u32", 0, 1).sets_scc(true),
        c("s_cmp_gt_u32", M32, 1).sets_scc(true),
        c("s_cmp_gt_u32", 1, M32).sets_scc(false),
        c("s_cmp_ge_u32", 0, 0).sets_scc(true),
        c("s_cmp_ge_u32", 0x7fff_ffff, 0x8000_0000).sets_scc(false),
        c("s_cmp_lt_u32", 0x7fff_ffff, 0x8000_0000).sets_scc(true),
        c("s_cmp_lt_u32", 1, 1).sets_scc(false),
        c("s_cmp_le_u32", 1, 1).sets_scc(true),
        c("s_cmp_le_u32", 0x8000_0000, 0x7fff_ffff).sets_scc(false),
        // 64-bit compares see the upper halves
        c("s_cmp_eq_u64", 0x1_0000_0000, 0).sets_scc(false),
        c("s_cmp_eq_u64", 0x1234_5678_9abc_def0, 0x1234_5678_9abc_def0).sets_scc(true),
        c("s_cmp_lg_u64", 0x1_0000_0000, 0).sets_scc(true),
        c("s_cmp_lg_u64", 0x1234_5678_9abc_def0, 0x1234_5678_9abc_def0).sets_scc(false),
        // bit tests: index S1[4:0] / S1[5:0]
        c("s_bitcmp0_b32", 0x10, 4).sets_scc(false),
        c("s_bitcmp0_b32", 0x10, 3).sets_scc(true),
        c("s_bitcmp0_b32", 0x10, 36).sets_scc(false),
        c("s_bitcmp0_b32", 0x8000_0000, 31).sets_scc(false),
        c("s_bitcmp1_b32", 0x10, 4).sets_scc(true),
        c("s_bitcmp1_b32", 0x10, 36).sets_scc(true),
        c("s_bitcmp1_b32", 0x10, 3).sets_scc(false),
        c("s_bitcmp0_b64", 0x1_0000_0000, 32).sets_scc(false),
        c("s_bitcmp0_b64", 0x1_0000_0000, 96).sets_scc(false),
        c("s_bitcmp0_b64", 0x1_0000_0000, 0).sets_scc(true),
        c("s_bitcmp0_b64", 1 << 63, 63).sets_scc(false),
        c("s_bitcmp1_b64", 0x1_0000_0000, 32).sets_scc(true),
        c("s_bitcmp1_b64", 0x1_0000_0000, 96).sets_scc(true),
        c("s_bitcmp1_b64", 0x1_0000_0000, 31).sets_scc(false),
    ]
}

fn cases() -> Vec<Case> {
    [sop2_arith(), sop2_bits(), sopk(), sop1(), sop1_exec(), sopc()].concat()
}

// ---------------------------------------------------------------------------------------------
// Tests

#[test]
fn values() {
    let bad: Vec<String> = cases().iter().flat_map(run).collect();
    assert!(bad.is_empty(), "{} mismatches:\n{}", bad.len(), bad.join("\n"));
}

/// Every row with scalar semantics has cases above, and scalar semantics sit on scalar-ALU
/// rows only.
#[test]
fn every_row_with_semantics_has_cases() {
    let tested: BTreeSet<&str> = cases().iter().map(|c| c.name).collect();
    let mut untested = Vec::new();
    for d in &isa().defs {
        if let Some(Sem::Scalar(_)) = d.sem {
            let name = display_name(d);
            assert!(
                SCALAR.contains(&d.short),
                "{name}: scalar semantics on a {:?} row",
                d.short
            );
            if !tested.contains(name) {
                untested.push(name);
            }
        }
    }
    assert!(untested.is_empty(), "rows with semantics but no case: {untested:?}");
}

/// The SOP2/SOPK/SOP1/SOPC rows (existing on some arch) that have no semantics at all (not
/// even the executor's `Flow`), and why.
#[test]
fn rows_without_semantics() {
    let missing: BTreeSet<&str> = isa()
        .defs
        .iter()
        .filter(|d| SCALAR.contains(&d.short) && d.sem.is_none())
        .filter(|d| Arch::EVERY.iter().any(|a| d.exists_on(*a)))
        .map(display_name)
        .collect();
    let expected: BTreeSet<&str> = [
        // branch stack (CSP in MODE, SGPR entries): program control, not a value
        "s_cbranch_g_fork",
        "s_cbranch_i_fork",
        "s_cbranch_join",
        // return from the trap handler
        "s_rfe_b64",
        "s_rfe_restore_b64",
        // undocumented register-read forms (no LLVM name)
        "s_getreg_regrd_b32",
        "s_mov_regrd_b32",
        // VSKIP mode
        "s_setvskip",
    ]
    .into_iter()
    .collect();
    assert_eq!(
        missing,
        expected,
        "without semantics, not listed: {:?}; listed, but with semantics: {:?}",
        missing.difference(&expected).collect::<Vec<_>>(),
        expected.difference(&missing).collect::<Vec<_>>()
    );
}
