//! The memory rows of the table (DS, FLAT/GLOBAL/SCRATCH, MUBUF, MTBUF, SMRD/SMEM) say what
//! they move ([`MemSem`]), and the atomic operations compute what the ISA says.
//!
//! (a) Every such row that exists on some arch has memory semantics, or is in the explicit list
//!     of rows left without (compared as a whole, so that a change shows).
//! (b) The semantics agree with the rows' types, forms and flags (element sizes, widths of
//!     `_x2`/`_dwordx4`/`_b64`... data, the packed compare-and-swap data, DS return forms).
//! (c) `atomic32`/`atomic64` on concrete values of every operation: wrap-around, signedness,
//!     the GPU's wrapping increment/decrement, NaN and signed zeros.

use gcnkit::emu::ops::atomic::{atomic32, atomic64};
use gcnkit::isa::{isa, AtomicOp, Flags, Flow, Form, InstrDef, MemSem, Sem, Short, Ty};
use gcnkit::Arch;

/// The memory classes whose rows this test covers (MIMG is not among them).
fn is_mem_class(s: Short) -> bool {
    matches!(s, Short::Ds | Short::Flat | Short::Mubuf | Short::Mtbuf | Short::Smem)
}

/// A row's name: its first CLRX name, else its first LLVM name.
fn name(d: &InstrDef) -> &'static str {
    let archs = || Arch::EVERY.into_iter().filter(|a| d.exists_on(*a));
    archs()
        .map(|a| d.name[a.index()])
        .chain(archs().map(|a| d.llvm[a.index()]))
        .find(|n| !n.is_empty())
        .expect("a row without a name")
}

/// The memory rows that exist on some arch, with their semantics.
fn rows() -> Vec<(&'static str, &'static InstrDef, Option<MemSem>)> {
    isa()
        .defs
        .iter()
        .filter(|d| is_mem_class(d.short) && Arch::EVERY.into_iter().any(|a| d.exists_on(a)))
        .map(|d| {
            let m = match d.sem {
                None => None,
                Some(Sem::Mem(m)) => Some(m),
                // The modelled global wave sync rows: the grid's scheduler carries them out.
                Some(Sem::Flow(Flow::Gws(_))) => None,
                Some(other) => panic!("{}: not memory semantics: {other:?}", name(d)),
            };
            (name(d), d, m)
        })
        .collect()
}

/// The rows of these classes the emulator does not model, and why.
const WITHOUT_SEMANTICS: &[&str] = &[
    // Global wave sync, ordered counts and the append/consume counters: GDS hardware state,
    // not memory reads or writes (ds_gws_init and ds_gws_barrier are the resident grid's
    // scheduler's: `Flow::Gws`).
    "ds_gws_init",
    "ds_gws_sema_v",
    "ds_gws_sema_br",
    "ds_gws_sema_p",
    "ds_gws_barrier",
    "ds_gws_sema_release_all",
    "ds_ordered_count",
    "ds_append",
    "ds_consume",
    // The `_src2_` forms: the operand comes from another LDS location (B = A + 4*offset).
    "ds_add_src2_u32",
    "ds_sub_src2_u32",
    "ds_rsub_src2_u32",
    "ds_inc_src2_u32",
    "ds_dec_src2_u32",
    "ds_min_src2_i32",
    "ds_max_src2_i32",
    "ds_min_src2_u32",
    "ds_max_src2_u32",
    "ds_and_src2_b32",
    "ds_or_src2_b32",
    "ds_xor_src2_b32",
    "ds_write_src2_b32",
    "ds_min_src2_f32",
    "ds_max_src2_f32",
    "ds_add_src2_u64",
    "ds_sub_src2_u64",
    "ds_rsub_src2_u64",
    "ds_inc_src2_u64",
    "ds_dec_src2_u64",
    "ds_min_src2_i64",
    "ds_max_src2_i64",
    "ds_min_src2_u64",
    "ds_max_src2_u64",
    "ds_and_src2_b64",
    "ds_or_src2_b64",
    "ds_xor_src2_b64",
    "ds_write_src2_b64",
    "ds_min_src2_f64",
    "ds_max_src2_f64",
    "ds_add_src2_f32",
    // Addresses from the lane id and M0.
    "ds_read_addtid_b32",
    "ds_write_addtid_b32",
    // Conditional exchanges of 32-bit halves: no MemSem for them.
    "ds_condxchg32_rtn_b64",
    "ds_condxchg32_rtn_b128",
    // LDS to memory through M0.
    "buffer_store_lds_dword",
    // A format conversion into/out of the high 16 bits: MemSem::Format has no half.
    "buffer_load_format_d16_hi_x",
    "buffer_store_format_d16_hi_x",
];

#[test]
fn every_memory_row_has_semantics_or_is_listed() {
    let rows = rows();
    let mut without: Vec<&str> = rows.iter().filter(|r| r.2.is_none()).map(|r| r.0).collect();
    without.sort_unstable();
    let mut expected = WITHOUT_SEMANTICS.to_vec();
    expected.sort_unstable();
    assert_eq!(without, expected);
    // Each class has rows, more than half of them with semantics.
    for class in [Short::Ds, Short::Flat, Short::Mubuf, Short::Mtbuf, Short::Smem] {
        let n = rows.iter().filter(|r| r.1.short == class).count();
        let with = rows.iter().filter(|r| r.1.short == class && r.2.is_some()).count();
        assert!(n > 0 && with * 2 > n, "{class:?}: {with} of {n} rows with semantics");
    }
}

/// The data a store or atomic moves: DATA0/DATA1 (DS), VDATA (FLAT, MUBUF, MTBUF) or SDATA
/// (SMEM, whose rows keep it in `dst`).
fn data_ty(d: &InstrDef) -> Ty {
    if d.short == Short::Smem {
        d.dst
    } else {
        d.src[0]
    }
}

/// Dwords per element named by the mnemonic's width suffix: `dword` 1, `dwordxN` N, `_bNN`
/// NN/32 (`_b8`/`_b16` and the byte/short/u8/i16 loads: 1).
fn dwords_named(n: &str) -> u8 {
    if let Some(p) = n.find("dwordx") {
        return n[p + 6..].split('_').next().unwrap().parse().unwrap();
    }
    for (suffix, w) in [("_b128", 4), ("_b96", 3), ("_b64", 2)] {
        if n.ends_with(suffix) {
            return w;
        }
    }
    1
}

/// Memory width of an atomic in dwords: `_x2` (MUBUF, FLAT, SMEM) and the DS `_u64`/`_i64`/
/// `_b64`/`_f64` rows are 64-bit.
fn atomic_dwords(n: &str) -> u8 {
    if n.ends_with("_x2") || ["_u64", "_i64", "_b64", "_f64"].iter().any(|s| n.ends_with(s)) {
        2
    } else {
        1
    }
}

/// The element a mnemonic names, as `(bytes, sign-extended)`: `ubyte`/`u8`/`byte`/`b8` 1,
/// `sbyte`/`i8` 1 signed, `ushort`/`u16`/`short`/`b16` 2, `sshort`/`i16` 2 signed, else a
/// whole dword.
fn element_named(n: &str) -> (u8, bool) {
    for w in n.split('_') {
        match w {
            "ubyte" | "u8" | "byte" | "b8" => return (1, false),
            "sbyte" | "i8" => return (1, true),
            "ushort" | "u16" | "short" | "b16" => return (2, false),
            "sshort" | "i16" => return (2, true),
            _ => {}
        }
    }
    (4, false)
}

/// The operation an atomic's mnemonic names: `ds_<op>[_rtn]_<type>` (the type tells integer
/// signedness and floats) or `<segment>_atomic_<op>[_x2]`.
fn op_named(n: &str) -> AtomicOp {
    use AtomicOp::*;
    let words: Vec<&str> = n.split('_').collect();
    let (word, ty) = if words[0] == "ds" {
        (words[1], words.last().unwrap().chars().next().unwrap())
    } else {
        let i = words.iter().position(|w| *w == "atomic").unwrap();
        (words[i + 1], 'b')
    };
    match (word, ty) {
        ("swap" | "wrxchg" | "wrxchg2" | "wrxchg2st64", _) => Swap,
        ("cmpswap", _) | ("cmpst", 'b') => CmpSwap,
        ("fcmpswap", _) | ("cmpst", 'f') => CmpSwapF,
        ("add", 'f') => FAdd,
        ("add", _) => Add,
        ("sub", _) => Sub,
        ("rsub", _) => Rsub,
        ("smin", _) | ("min", 'i') => SMin,
        ("umin", _) | ("min", 'u') => UMin,
        ("fmin", _) | ("min", 'f') => FMin,
        ("smax", _) | ("max", 'i') => SMax,
        ("umax", _) | ("max", 'u') => UMax,
        ("fmax", _) | ("max", 'f') => FMax,
        ("and", _) => And,
        ("or", _) => Or,
        ("xor", _) => Xor,
        ("inc", _) => Inc,
        ("dec", _) => Dec,
        ("mskor", _) => Mskor,
        ("wrap", _) => Wrap,
        _ => panic!("{n}: no atomic operation in the name"),
    }
}

#[test]
fn semantics_agree_with_types() {
    let mut bad = Vec::new();
    let mut odd_atomic_forms = Vec::new();
    for (n, d, m) in rows() {
        let Some(m) = m else { continue };
        let ds = d.short == Short::Ds;
        let two = d.flags.has(Flags::OFFSET2);
        let mut check = |ok: bool, what: &str| {
            if !ok {
                bad.push(format!("{n}: {what} ({m:?}, dst {:?}, data {:?})", d.dst, data_ty(d)));
            }
        };
        match m {
            MemSem::Load { bytes, sext } => {
                check((bytes, sext) == element_named(n), "element as named");
                check(!n.contains("_d16"), "not a d16 load");
                check([1, 2, 4].contains(&bytes), "element of 1, 2 or 4 bytes");
                check(bytes < 4 || !sext, "sign extension of a sub-dword element only");
                check(
                    matches!(d.form, Form::DsRead | Form::FlatLoad | Form::BufLoad | Form::MLoad),
                    "a load form",
                );
                if bytes < 4 {
                    check(d.dst == Ty::B32, "a sub-dword load fills one dword");
                } else {
                    let w = dwords_named(n) * if two { 2 } else { 1 };
                    check(d.dst.regs() == w, "destination width as named");
                }
            }
            MemSem::Store { bytes } => {
                check(bytes == element_named(n).0, "element as named");
                check(!n.contains("_d16"), "not a d16 store");
                check([1, 2, 4].contains(&bytes), "element of 1, 2 or 4 bytes");
                check(
                    matches!(
                        d.form,
                        Form::DsWrite | Form::DsWrite2 | Form::FlatStore | Form::BufStore | Form::MStore
                    ),
                    "a store form",
                );
                check(!two || d.form == Form::DsWrite2, "WRITE2 takes DATA0 and DATA1");
                if bytes < 4 {
                    check(data_ty(d) == Ty::B32, "a sub-dword store reads one dword");
                } else {
                    check(data_ty(d).regs() == dwords_named(n), "data width as named");
                }
            }
            MemSem::LoadD16 { bytes, sext, hi } => {
                check((bytes, sext) == element_named(n), "element as named");
                check(hi == n.ends_with("_d16_hi"), "hi on the _d16_hi rows");
                check([1, 2].contains(&bytes), "a byte or a short");
                check(bytes == 1 || !sext, "sign extension of a byte only");
                check(d.dst == Ty::B32, "one VGPR");
                check(
                    matches!(d.form, Form::DsRead | Form::FlatLoad | Form::BufLoad),
                    "a load form",
                );
                check(d.exists_on(Arch::Gcn14) && !d.exists_on(Arch::Gcn12), "GCN 1.4 only");
            }
            MemSem::StoreD16Hi { bytes } => {
                check(bytes == element_named(n).0, "element as named");
                check(n.ends_with("_d16_hi"), "a _d16_hi row");
                check([1, 2].contains(&bytes), "a byte or a short");
                check(data_ty(d) == Ty::B32, "one VGPR");
                check(
                    matches!(d.form, Form::DsWrite | Form::FlatStore | Form::BufStore),
                    "a store form",
                );
                check(d.exists_on(Arch::Gcn14) && !d.exists_on(Arch::Gcn12), "GCN 1.4 only");
            }
            MemSem::Atomic { op, rtn } => {
                check(op == op_named(n), "the operation named");
                let mem = atomic_dwords(n);
                let packed = !ds && matches!(op, AtomicOp::CmpSwap | AtomicOp::CmpSwapF);
                let data = data_ty(d);
                check(
                    if packed {
                        matches!(data, Ty::B64 | Ty::B128)
                    } else {
                        matches!(data, Ty::B32 | Ty::B64)
                    },
                    "data B32/B64 (B64/B128 for a packed compare-swap)",
                );
                check(data.regs() == mem * if packed { 2 } else { 1 }, "data width as named");
                check(
                    !matches!(op, AtomicOp::Mskor | AtomicOp::Wrap) || ds,
                    "MSKOR and WRAP are DS's",
                );
                if ds {
                    check(rtn == n.contains("_rtn"), "DS: rtn on the _rtn_ rows");
                    let two_data = matches!(
                        op,
                        AtomicOp::CmpSwap | AtomicOp::CmpSwapF | AtomicOp::Mskor | AtomicOp::Wrap
                    );
                    let form = match (rtn, two_data || two) {
                        (false, false) => Form::DsWrite,
                        (false, true) => Form::DsWrite2,
                        (true, false) => Form::DsRtn,
                        (true, true) => Form::DsRtn2,
                    };
                    check(d.form == form, "DS form of the data and return");
                    if rtn {
                        let old = mem * if two { 2 } else { 1 };
                        check(d.dst.regs() == old, "VDST holds the old value(s)");
                    }
                    check(!two || op == AtomicOp::Swap, "two addresses: WRXCHG2 only");
                } else {
                    check(!rtn, "MUBUF/FLAT/SMEM: the old value returns with GLC, not by the row");
                    match d.short {
                        Short::Flat => check(d.dst.regs() == mem, "FLAT: VDST holds the old value"),
                        Short::Mubuf => check(d.form == Form::BufAtomic, "MUBUF atomic form"),
                        _ => {}
                    }
                    if !matches!(d.form, Form::FlatAtomic | Form::BufAtomic | Form::MAtomic) {
                        odd_atomic_forms.push(n);
                    }
                }
            }
            MemSem::Format { store, comps, d16 } => {
                check((1..=4).contains(&comps), "1 to 4 components");
                check(d16 == n.contains("d16"), "d16 as named");
                let suffix = n.rsplit('_').next().unwrap();
                check(
                    suffix.len() == comps as usize && "xyzw".starts_with(suffix),
                    "components as named",
                );
                let (form, ty) = if store {
                    (Form::BufStore, data_ty(d))
                } else {
                    (Form::BufLoad, d.dst)
                };
                check(d.form == form, "a buffer load or store");
                // One VGPR per component (GCN 1.4's d16 packing halves it: D16_PACKED).
                check(ty.regs() == comps, "a VGPR per component");
                let d16 = n.contains("_d16");
                check(
                    d.flags.has(Flags::D16_PACKED) == (d16 && comps > 1),
                    "D16_PACKED on the d16 rows of 2+",
                );
            }
            MemSem::Nop => check(
                matches!(
                    d.form,
                    Form::BufNone | Form::MNone | Form::MProbe | Form::MDiscard | Form::DsAddr
                ),
                "no data",
            ),
            MemSem::Time | MemSem::RealTime => check(d.form == Form::MTime && d.dst == Ty::B64, "a 64-bit SDST"),
            MemSem::Swizzle => check(
                d.form == Form::DsRead && d.flags.has(Flags::SWIZZLE) && d.dst == Ty::B32,
                "VDST, ADDR with a swizzle offset",
            ),
            MemSem::Permute { .. } => check(
                d.form == Form::DsRtn && d.dst == Ty::B32 && d.src[0] == Ty::B32,
                "VDST, ADDR, DATA0",
            ),
            MemSem::Image(_) => check(false, "image semantics outside MIMG"),
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
    // The table gives S_BUFFER_ATOMIC_CMPSWAP_X2 the load form MLoad where every other SMEM
    // atomic (and CLRX's own table, GCN_MCMPSWAP) has the atomic form: a suspected slip of the
    // table, listed here so that its fix shows.
    assert_eq!(odd_atomic_forms, ["s_buffer_atomic_cmpswap_x2"]);
}

/// Per class, how many rows have each kind of semantics (a change to the table shows here).
#[test]
fn counts_per_class() {
    let rows = rows();
    let count = |class: Short, f: fn(&MemSem) -> bool| {
        rows.iter()
            .filter(|r| r.1.short == class && r.2.as_ref().is_some_and(f))
            .count()
    };
    let load = |m: &MemSem| matches!(m, MemSem::Load { .. } | MemSem::LoadD16 { .. });
    let store = |m: &MemSem| matches!(m, MemSem::Store { .. } | MemSem::StoreD16Hi { .. });
    let atomic = |m: &MemSem| matches!(m, MemSem::Atomic { .. });
    let other = |m: &MemSem| {
        !matches!(m, MemSem::Load { .. } | MemSem::LoadD16 { .. } | MemSem::Store { .. })
            && !matches!(m, MemSem::StoreD16Hi { .. } | MemSem::Atomic { .. })
    };
    let got: Vec<(Short, [usize; 4])> = [Short::Ds, Short::Flat, Short::Mubuf, Short::Mtbuf, Short::Smem]
        .into_iter()
        .map(|c| (c, [count(c, load), count(c, store), count(c, atomic), count(c, other)]))
        .collect();
    // [loads, stores, atomics, other (format, nop, time, lane exchange)]
    let expected = vec![
        (Short::Ds, [18, 12, 77, 4]),
        (Short::Flat, [42, 24, 58, 0]),
        (Short::Mubuf, [14, 8, 34, 19]),
        (Short::Mtbuf, [0, 0, 0, 16]),
        (Short::Smem, [13, 9, 52, 10]),
    ];
    assert_eq!(got, expected);
}

// (c) The operations.

const F: fn(f32) -> u32 = f32::to_bits;
const D: fn(f64) -> u64 = f64::to_bits;

#[test]
fn integer_atomics_32() {
    use AtomicOp::*;
    let a = |op, old, data| atomic32(op, old, data, 0);
    assert_eq!(a(Swap, 5, 7), 7);
    assert_eq!(a(Add, 5, 7), 12);
    assert_eq!(a(Add, 0xffff_fffe, 3), 1);
    assert_eq!(a(Sub, 5, 7), 0xffff_fffe);
    assert_eq!(a(Sub, 7, 5), 2);
    assert_eq!(a(Rsub, 5, 7), 2);
    assert_eq!(a(Rsub, 7, 5), 0xffff_fffe);
    // -1 against 1: signed and unsigned orders differ.
    assert_eq!(a(SMin, 0xffff_ffff, 1), 0xffff_ffff);
    assert_eq!(a(SMax, 0xffff_ffff, 1), 1);
    assert_eq!(a(UMin, 0xffff_ffff, 1), 1);
    assert_eq!(a(UMax, 0xffff_ffff, 1), 0xffff_ffff);
    assert_eq!(a(SMin, 0x8000_0000, 0x7fff_ffff), 0x8000_0000);
    assert_eq!(a(SMax, 0x8000_0000, 0x7fff_ffff), 0x7fff_ffff);
    assert_eq!(a(And, 0xf0f0_ff00, 0x0ff0_f0f0), 0x00f0_f000);
    assert_eq!(a(Or, 0xf0f0_ff00, 0x0ff0_f0f0), 0xfff0_fff0);
    assert_eq!(a(Xor, 0xf0f0_ff00, 0x0ff0_f0f0), 0xff00_0ff0);
    // Inc: old >= data ? 0 : old + 1.
    assert_eq!(a(Inc, 3, 10), 4);
    assert_eq!(a(Inc, 9, 10), 10);
    assert_eq!(a(Inc, 10, 10), 0);
    assert_eq!(a(Inc, 11, 10), 0);
    assert_eq!(a(Inc, 0, 0), 0);
    assert_eq!(a(Inc, 0xffff_fffe, 0xffff_ffff), 0xffff_ffff);
    assert_eq!(a(Inc, 0xffff_ffff, 0xffff_ffff), 0);
    // Dec: old == 0 || old > data ? data : old - 1.
    assert_eq!(a(Dec, 4, 10), 3);
    assert_eq!(a(Dec, 10, 10), 9);
    assert_eq!(a(Dec, 11, 10), 10);
    assert_eq!(a(Dec, 0, 10), 10);
    assert_eq!(a(Dec, 1, 10), 0);
    assert_eq!(a(Dec, 0, 0), 0);
    assert_eq!(a(Dec, 0xffff_ffff, 0xffff_ffff), 0xffff_fffe);
}

#[test]
fn two_operand_atomics_32() {
    use AtomicOp::*;
    // CmpSwap: old == cmp ? data : old.
    assert_eq!(atomic32(CmpSwap, 5, 9, 5), 9);
    assert_eq!(atomic32(CmpSwap, 5, 9, 6), 5);
    assert_eq!(atomic32(CmpSwap, 0xffff_ffff, 0, 0xffff_ffff), 0);
    // Mskor: (old & !mask) | bits, mask in `data`, bits in `cmp`.
    assert_eq!(atomic32(Mskor, 0x1234_5678, 0x0000_ffff, 0x0000_abcd), 0x1234_abcd);
    assert_eq!(atomic32(Mskor, 0xffff_ffff, 0, 0x1), 0xffff_ffff);
    assert_eq!(atomic32(Mskor, 0xffff_0000, 0xffff_ffff, 0x55), 0x55);
    // Wrap: old >= DATA0 ? old - DATA0 : old + DATA1.
    assert_eq!(atomic32(Wrap, 10, 4, 100), 6);
    assert_eq!(atomic32(Wrap, 4, 4, 100), 0);
    assert_eq!(atomic32(Wrap, 3, 4, 100), 103);
    assert_eq!(atomic32(Wrap, 3, 4, 0xffff_fffe), 1);
}

#[test]
fn float_atomics_32() {
    use AtomicOp::*;
    let nan = 0x7fc0_1234;
    let snan = 0x7f80_0001;
    // FAdd, round to nearest even.
    assert_eq!(atomic32(FAdd, F(1.5), F(2.25), 0), F(3.75));
    assert_eq!(atomic32(FAdd, F(16_777_216.0), F(1.0), 0), F(16_777_216.0));
    assert_eq!(atomic32(FAdd, F(16_777_216.0), F(3.0), 0), F(16_777_220.0));
    assert_eq!(atomic32(FAdd, F(-0.0), F(-0.0), 0), F(-0.0));
    assert_eq!(atomic32(FAdd, F(-0.0), F(0.0), 0), F(0.0));
    assert_eq!(atomic32(FAdd, F(f32::MAX), F(f32::MAX), 0), F(f32::INFINITY));
    // Denormals are kept: the smallest denormal twice.
    assert_eq!(atomic32(FAdd, 1, 1, 0), 2);
    assert_eq!(atomic32(FAdd, F(f32::INFINITY), F(f32::NEG_INFINITY), 0), 0x7fc0_0000);
    assert_eq!(atomic32(FAdd, nan, F(1.0), 0), nan);
    assert_eq!(atomic32(FAdd, F(1.0), snan, 0), 0x7fc0_0001);
    // FMin/FMax: minNum/maxNum.
    assert_eq!(atomic32(FMin, F(1.0), F(-2.0), 0), F(-2.0));
    assert_eq!(atomic32(FMax, F(1.0), F(-2.0), 0), F(1.0));
    assert_eq!(atomic32(FMin, F(0.0), F(-0.0), 0), F(-0.0));
    assert_eq!(atomic32(FMin, F(-0.0), F(0.0), 0), F(-0.0));
    assert_eq!(atomic32(FMax, F(-0.0), F(0.0), 0), F(0.0));
    assert_eq!(atomic32(FMax, F(0.0), F(-0.0), 0), F(0.0));
    assert_eq!(atomic32(FMin, nan, F(3.0), 0), F(3.0));
    assert_eq!(atomic32(FMin, F(3.0), nan, 0), F(3.0));
    assert_eq!(atomic32(FMax, nan, F(-3.0), 0), F(-3.0));
    assert_eq!(atomic32(FMax, F(-3.0), nan, 0), F(-3.0));
    assert!(f32::from_bits(atomic32(FMin, nan, snan, 0)).is_nan());
    assert_eq!(atomic32(FMin, F(f32::NEG_INFINITY), F(1.0), 0), F(f32::NEG_INFINITY));
    assert_eq!(atomic32(FMin, 1, 2, 0), 1);
    // CmpSwapF: IEEE equality.
    assert_eq!(atomic32(CmpSwapF, F(2.0), F(7.0), F(2.0)), F(7.0));
    assert_eq!(atomic32(CmpSwapF, F(2.0), F(7.0), F(3.0)), F(2.0));
    assert_eq!(atomic32(CmpSwapF, F(-0.0), F(7.0), F(0.0)), F(7.0));
    assert_eq!(atomic32(CmpSwapF, nan, F(7.0), nan), nan);
    assert_eq!(atomic32(CmpSwap, nan, F(7.0), nan), F(7.0));
    assert_eq!(atomic32(CmpSwap, F(-0.0), F(7.0), F(0.0)), F(-0.0));
}

#[test]
fn atomics_64() {
    use AtomicOp::*;
    let a = |op, old, data| atomic64(op, old, data, 0);
    let m1 = u64::MAX;
    assert_eq!(a(Swap, 5, 1 << 40), 1 << 40);
    assert_eq!(a(Add, 0xffff_ffff, 1), 0x1_0000_0000);
    assert_eq!(a(Add, m1, 2), 1);
    assert_eq!(a(Sub, 0x1_0000_0000, 1), 0xffff_ffff);
    assert_eq!(a(Sub, 0, 1), m1);
    assert_eq!(a(Rsub, 1, 0), m1);
    assert_eq!(a(Rsub, 1, 1 << 33), (1 << 33) - 1);
    assert_eq!(a(SMin, m1, 1), m1);
    assert_eq!(a(SMax, m1, 1), 1);
    assert_eq!(a(UMin, m1, 1), 1);
    assert_eq!(a(UMax, m1, 1), m1);
    // The high dword decides: 0x1_0000_0000 > 0xffff_ffff.
    assert_eq!(a(UMin, 0x1_0000_0000, 0xffff_ffff), 0xffff_ffff);
    assert_eq!(
        a(SMin, 0x8000_0000_0000_0000, 0x7fff_ffff_ffff_ffff),
        0x8000_0000_0000_0000
    );
    assert_eq!(
        a(And, 0xff00_ff00_0000_ffff, 0x0ff0_0ff0_ffff_0f0f),
        0x0f00_0f00_0000_0f0f
    );
    assert_eq!(a(Or, 0xff00_0000_0000_0000, 0xff), 0xff00_0000_0000_00ff);
    assert_eq!(a(Xor, m1, 0x1_0000_0001), 0xffff_fffe_ffff_fffe);
    assert_eq!(a(Inc, 0xffff_ffff, 0x1_0000_0000), 0x1_0000_0000);
    assert_eq!(a(Inc, 0x1_0000_0000, 0x1_0000_0000), 0);
    assert_eq!(a(Inc, m1, m1), 0);
    assert_eq!(a(Dec, 0x1_0000_0000, 0x1_0000_0000), 0xffff_ffff);
    assert_eq!(a(Dec, 0, 0x1_0000_0000), 0x1_0000_0000);
    assert_eq!(a(Dec, 0x2_0000_0000, 0x1_0000_0000), 0x1_0000_0000);
    assert_eq!(atomic64(CmpSwap, 1 << 40, 7, 1 << 40), 7);
    assert_eq!(atomic64(CmpSwap, 1 << 40, 7, 1 << 41), 1 << 40);
    // The high dwords matter: equal low dwords are not enough.
    assert_eq!(atomic64(CmpSwap, 0x1_0000_0005, 7, 5), 0x1_0000_0005);
    assert_eq!(
        atomic64(
            Mskor,
            0x1234_5678_9abc_def0,
            0xffff_0000_0000_ffff,
            0x1111_0000_0000_2222
        ),
        0x1111_5678_9abc_2222
    );
    assert_eq!(atomic64(Wrap, 3, 4, m1 - 1), 1);
    // f64.
    let nan = 0x7ff8_0000_0000_1234;
    assert_eq!(a(FAdd, D(1.5), D(2.25)), D(3.75));
    assert_eq!(a(FAdd, D(9_007_199_254_740_992.0), D(1.0)), D(9_007_199_254_740_992.0));
    assert_eq!(a(FAdd, 1, 1), 2);
    assert_eq!(a(FAdd, D(f64::INFINITY), D(f64::NEG_INFINITY)), 0x7ff8_0000_0000_0000);
    assert_eq!(a(FAdd, D(1.0), nan), nan);
    assert_eq!(a(FMin, D(1.0), D(-2.0)), D(-2.0));
    assert_eq!(a(FMax, D(1.0), D(-2.0)), D(1.0));
    assert_eq!(a(FMin, D(0.0), D(-0.0)), D(-0.0));
    assert_eq!(a(FMax, D(-0.0), D(0.0)), D(0.0));
    assert_eq!(a(FMin, nan, D(3.0)), D(3.0));
    assert_eq!(a(FMax, D(3.0), nan), D(3.0));
    assert_eq!(atomic64(CmpSwapF, D(-0.0), D(7.0), D(0.0)), D(7.0));
    assert_eq!(atomic64(CmpSwapF, nan, D(7.0), nan), nan);
    assert_eq!(atomic64(CmpSwapF, D(2.0), D(7.0), D(2.5)), D(2.0));
}

/// The MIMG rows the kernel machine runs: loads and stores (and their `_mip` forms), and the
/// sample and gather families but for depth compares and GCN 1.4's CLRX-only gathers; each
/// with the operation its name says, the sampling ones flagged approximate.
#[test]
fn image_rows_have_the_semantics_their_names_say() {
    use gcnkit::isa::ImageOp;
    let mut with = 0;
    for d in isa().defs.iter().filter(|d| d.short == Short::Mimg) {
        let n = name(d);
        let m = match d.sem {
            None => None,
            Some(Sem::Mem(MemSem::Image(op))) => Some(op),
            Some(other) => panic!("{n}: {other:?}"),
        };
        let want = if n == "image_load" || n == "image_load_mip" {
            Some(ImageOp::Load)
        } else if n == "image_store" || n == "image_store_mip" {
            Some(ImageOp::Store)
        } else if n.contains("_c_")
            || n.ends_with("_c")
            || n.starts_with("image_gather4h")
            || n.starts_with("image_gather8")
        {
            None
        } else if n.starts_with("image_sample") {
            Some(ImageOp::Sample)
        } else if n.starts_with("image_gather4") {
            Some(ImageOp::Gather)
        } else {
            None
        };
        assert_eq!(m, want, "{n}");
        assert_eq!(
            d.flags.has(Flags::APPROX),
            matches!(m, Some(ImageOp::Sample | ImageOp::Gather)),
            "{n}: approximate exactly when it samples"
        );
        with += m.is_some() as usize;
    }
    // 4 loads and stores; sample: 8 forms without `_c` (plain, _cl, _d, _d_cl, _l, _b, _b_cl,
    // _lz) and 2 of the CD family, each with and without `_o`; gather: 6 (no `_d`), x 2.
    assert_eq!(with, 4 + 2 * (8 + 2) + 2 * 6, "image rows with semantics");
}
