//! The graphics rows: VINTRP's interpolation (GCN 1.0-1.4; its encoding moved on GCN 1.2)
//! and EXP, the export of a shader's results (one row, no opcode).

use super::Form::*;
use super::Ty::*;
use super::{InstrDef, Row, Short};

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let rows = [
        Row::mem("v_interp_p1_f32", Short::Vintrp, [0; 4], Interp, F32, F32)
            .op("VDST = P10 * VSRC + P0 of the attribute channel (the I coordinate)"),
        Row::mem("v_interp_p2_f32", Short::Vintrp, [1; 4], Interp, F32, F32)
            .op("VDST = P20 * VSRC + VDST (the J coordinate)"),
        Row::mem("v_interp_mov_f32", Short::Vintrp, [2; 4], InterpMov, F32, F32)
            .op("VDST = the attribute channel's parameter P10, P20 or P0"),
        Row::mem("exp", Short::Exp, [0; 4], Exp, B32, B32)
            .op("export the enabled sources to the target (color, depth, position, parameter)"),
    ];
    t.extend(rows.into_iter().map(Row::done));
}
