//! MIMG: image memory. Opcode arrays are `[GCN1.0, GCN1.1, GCN1.2, GCN1.4]`; `X` = absent.
//! Read off the oracles for every opcode of every arch: clrxdisasm's text (names, which ops
//! take a sampler, how many address VGPRs it writes), llvm-mc 14's names (disassembly on GCN
//! 1.2/1.4, assembly on GCN 1.0/1.1). The data VGPRs follow from DMASK (and TFE, D16), so a
//! row's data type says only what an atomic's one component is (a compare-swap's two values:
//! 64 bits). The sample and gather families are generated from their parts, as a TableGen
//! multiclass would be.

use super::Form::*;
use super::Short::*;
use super::Ty::*;
use super::{Flags, ImageOp, InstrDef, MemSem, Row, Strings, X};
use crate::arch::ArchSet;

/// The address parts of the sample and gather variants, in opcode order from the family's
/// base (`_o` forms follow 16 opcodes later).
const VARIANTS: [(&str, u64); 16] = {
    const CL: u64 = Flags::MIMG_CL.0;
    const D: u64 = Flags::MIMG_D.0;
    const L: u64 = Flags::MIMG_L.0;
    const B: u64 = Flags::MIMG_B.0;
    const C: u64 = Flags::MIMG_C.0;
    [
        ("", 0),
        ("_cl", CL),
        ("_d", D),
        ("_d_cl", D | CL),
        ("_l", L),
        ("_b", B),
        ("_b_cl", B | CL),
        ("_lz", 0),
        ("_c", C),
        ("_c_cl", C | CL),
        ("_c_d", C | D),
        ("_c_d_cl", C | D | CL),
        ("_c_l", C | L),
        ("_c_b", C | B),
        ("_c_b_cl", C | B | CL),
        ("_c_lz", C),
    ]
};

/// IMAGE_SAMPLE_CD*: coarse derivatives (opcodes 104.., `_o` forms 4 later).
const CD_VARIANTS: [(&str, u64); 4] = [
    ("_cd", Flags::MIMG_D.0),
    ("_cd_cl", Flags::MIMG_D.0 | Flags::MIMG_CL.0),
    ("_c_cd", Flags::MIMG_C.0 | Flags::MIMG_D.0),
    ("_c_cd_cl", Flags::MIMG_C.0 | Flags::MIMG_D.0 | Flags::MIMG_CL.0),
];

/// The sampling rows' operation: what the emulator computes and why it is approximate.
const SAMPLE_OP: &str = "VDATA = the DMASK components (after DST_SEL) of the texels around the coordinates, through the S#'s addressing and filter (mip level 0; coordinates on a 1/256-texel grid, linear weights from it; hardware may differ in the last bit)";
const GATHER_OP: &str = "VDATA = the DMASK component of the 2x2 texels a bilinear filter reads, in the order (x0,y1), (x1,y1), (x1,y0), (x0,y0) (coordinates on a 1/256-texel grid; hardware may differ in the last bit)";

pub(super) fn rows(t: &mut Vec<InstrDef>) {
    let m = |name, op: u16, form| Row::mem(name, Mimg, [op; 4], form, B32, B32);
    let l = Flags::MIMG_L;
    let mut rows = vec![
        m("image_load", 0, MimgLoad).mem_sem(MemSem::Image(ImageOp::Load)),
        m("image_load_mip", 1, MimgLoad)
            .flag(l)
            .mem_sem(MemSem::Image(ImageOp::Load)),
        m("image_load_pck", 2, MimgLoad).flag(Flags::NO_D16),
        m("image_load_pck_sgn", 3, MimgLoad).flag(Flags::NO_D16),
        m("image_load_mip_pck", 4, MimgLoad).flag(l).flag(Flags::NO_D16),
        m("image_load_mip_pck_sgn", 5, MimgLoad).flag(l).flag(Flags::NO_D16),
        m("image_store", 8, MimgStore).mem_sem(MemSem::Image(ImageOp::Store)),
        m("image_store_mip", 9, MimgStore)
            .flag(l)
            .mem_sem(MemSem::Image(ImageOp::Store)),
        m("image_store_pck", 10, MimgStore).flag(Flags::NO_D16),
        m("image_store_mip_pck", 11, MimgStore).flag(l).flag(Flags::NO_D16),
        m("image_get_resinfo", 14, MimgLoad).flag(Flags::NO_D16),
        m("image_get_lod", 96, MimgSample).flag(Flags::NO_D16),
    ];
    // Atomics: GCN 1.2 dropped SI's opcode 15 and the float ones; the first four moved up one.
    let a = |name, op: [u16; 4], data| Row::mem(name, Mimg, op, MimgAtomic, B32, data).flag(Flags::NO_D16);
    rows.extend([
        a("image_atomic_swap", [15, 15, 16, 16], B32),
        a("image_atomic_cmpswap", [16, 16, 17, 17], B64),
        a("image_atomic_add", [17, 17, 18, 18], B32),
        a("image_atomic_sub", [18, 18, 19, 19], B32),
        // clrxdisasm knows it on GCN 1.0 only; llvm-mc 14 also on GCN 1.1.
        a("image_atomic_rsub", [19, 19, X, X], B32).no_clrx_on(ArchSet::CI),
        a("image_atomic_smin", [20; 4], B32),
        a("image_atomic_umin", [21; 4], B32),
        a("image_atomic_smax", [22; 4], B32),
        a("image_atomic_umax", [23; 4], B32),
        a("image_atomic_and", [24; 4], B32),
        a("image_atomic_or", [25; 4], B32),
        a("image_atomic_xor", [26; 4], B32),
        a("image_atomic_inc", [27; 4], B32),
        a("image_atomic_dec", [28; 4], B32),
        a("image_atomic_fcmpswap", [29, 29, X, X], B64),
        a("image_atomic_fmin", [30, 30, X, X], B32),
        a("image_atomic_fmax", [31, 31, X, X], B32),
    ]);
    let mut strings = Strings::new();
    let mut family = |rows: &mut Vec<Row>, base: &str, op: u16, parts: &[(&str, u64)], gather: bool| {
        let o_step = parts.len() as u16;
        for (k, &(suffix, flags)) in parts.iter().enumerate() {
            // LLVM 14 and CLRX have no gather with user derivatives.
            if gather && flags & Flags::MIMG_D.0 != 0 {
                continue;
            }
            for (o, o_flag) in [("", 0), ("_o", Flags::MIMG_O.0)] {
                let name = strings.join(&[base, suffix, o]);
                let code = op + k as u16 + if o_flag != 0 { o_step } else { 0 };
                let mut r = m(name, code, MimgSample).flag(Flags(flags | o_flag));
                if gather {
                    r = r.flag(Flags::GATHER);
                }
                // The kernel machine samples and gathers (not depth compares) on its own
                // fixed-point coordinate grid (emu/image.rs).
                if flags & Flags::MIMG_C.0 == 0 {
                    let (op, text) = if gather {
                        (ImageOp::Gather, GATHER_OP)
                    } else {
                        (ImageOp::Sample, SAMPLE_OP)
                    };
                    r = r.mem_sem(MemSem::Image(op)).flag(Flags::APPROX).op(text);
                }
                rows.push(r);
            }
        }
    };
    family(&mut rows, "image_sample", 32, &VARIANTS, false);
    family(&mut rows, "image_gather4", 64, &VARIANTS, true);
    family(&mut rows, "image_sample", 104, &CD_VARIANTS, false);
    // GCN 1.4 only, in CLRX only (llvm-mc 14 knows none of them).
    for (name, op) in [
        ("image_gather4h", 66),
        ("image_gather4h_pck", 74),
        ("image_gather8h_pck", 75),
    ] {
        rows.push(
            Row::mem(name, Mimg, [X, X, X, op], MimgSample, B32, B32)
                .flag(Flags::GATHER)
                .no_llvm(),
        );
    }
    t.extend(rows.into_iter().map(Row::done));
}
