//! The graphics rows: VINTRP's interpolation (GCN 1.0-1.4; its encoding moved on GCN 1.2, and
//! GCN 1.2 added VOP3 forms and the f16 interpolations, VOP3 only) and EXP, the export of a
//! shader's results (one row, no opcode). VOP3 opcodes as clrxdisasm and llvm-mc 14 give them
//! (both agree; 630 is V_INTERP_P2_F16 on GCN 1.2 and the legacy one on GCN 1.4).

use super::Form::*;
use super::Ty::*;
use super::{InstrDef, Row, Short, X};
use crate::arch::ArchSet;

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let vop3 =
        |name, op, form, dst, src| Row::mem(name, Short::Vintrp, [X; 4], form, dst, src).e64_on(ArchSet::VIPLUS, op);
    let rows = vec![
        Row::mem("v_interp_p1_f32", Short::Vintrp, [0; 4], Interp, F32, F32)
            .e64_on(ArchSet::VIPLUS, 624)
            .op("VDST = P10 * VSRC + P0 of the attribute channel (the I coordinate)"),
        Row::mem("v_interp_p2_f32", Short::Vintrp, [1; 4], Interp, F32, F32)
            .e64_on(ArchSet::VIPLUS, 625)
            .op("VDST = P20 * VSRC + VDST (the J coordinate)"),
        Row::mem("v_interp_mov_f32", Short::Vintrp, [2; 4], InterpMov, F32, F32)
            .e64_on(ArchSet::VIPLUS, 626)
            .op("VDST = the attribute channel's parameter P10, P20 or P0"),
        vop3("v_interp_p1ll_f16", 628, Interp, F32, F16)
            .op("VDST = P10 * VSRC + P0 (f16 parameters, the low or high half by `high`)"),
        vop3("v_interp_p1lv_f16", 629, InterpSrc2, F32, F16).op("VDST = P10 * VSRC + SRC2 (f16 parameters)"),
        vop3("v_interp_p2_legacy_f16", X, InterpSrc2, F16, F16)
            .e64_on(ArchSet::GFX9, 630)
            .op("VDST = P20 * VSRC + SRC2 (f16 result; GCN 1.2's V_INTERP_P2_F16)"),
        vop3("v_interp_p2_f16", 630, InterpSrc2, F16, F16)
            .e64_on(ArchSet::GFX9, 631)
            .op("VDST = P20 * VSRC + SRC2 (f16 result)"),
        Row::mem("exp", Short::Exp, [0; 4], Exp, B32, B32)
            .op("export the enabled sources to the target (color, depth, position, parameter)"),
    ];
    t.extend(rows.into_iter().map(Row::done));
}
