//! Emulator semantics of the VOP3-only instructions, end to end through the public API:
//! CLRX text → assembler → decoder → `emu::step` → wave state. Expected values are worked out
//! by hand from each instruction's Operation text (seed page GcnInstrsVop3, or the inferred
//! operation in the row's `.op` text).

mod common;

use common::emu::run;
use gcnkit::emu::Wave;
use gcnkit::Arch;
use gcnkit::Arch::{Gcn10, Gcn11, Gcn12, Gcn14};
use proptest::prelude::*;

const EXEC: usize = 126;
const VCC: usize = 106;
/// MODE: f32 denormals flushed, f64/f16 kept (reset default).
const FLUSH: u32 = 0xc0;
/// MODE: all denormals kept.
const KEEP: u32 = 0xf0;

fn f(x: f32) -> u32 {
    x.to_bits()
}
fn d(x: f64) -> u64 {
    x.to_bits()
}

fn wave(a: Arch) -> Wave {
    Wave::new(a)
}

fn splat(w: &mut Wave, r: usize, v: u32) {
    *w.v[r] = [v; 64];
}

fn splat64(w: &mut Wave, r: usize, v: u64) {
    splat(w, r, v as u32);
    splat(w, r + 1, (v >> 32) as u32);
}

/// VGPR `r`, the same in every lane.
fn get(w: &Wave, r: usize) -> u32 {
    let v = w.v[r][0];
    assert!(
        w.v[r].iter().all(|&x| x == v),
        "v{r} differs across lanes: {:08x?}",
        w.v[r]
    );
    v
}

fn get64(w: &Wave, r: usize) -> u64 {
    get(w, r) as u64 | (get(w, r + 1) as u64) << 32
}

/// Runs `text` (VDST v0, sources v1, v2, v3) under `mode` and returns v0.
fn op3m(a: Arch, mode: u32, text: &str, s: [u32; 3]) -> u32 {
    let mut w = wave(a);
    w.mode = mode;
    for (k, &v) in s.iter().enumerate() {
        splat(&mut w, k + 1, v);
    }
    run(&mut w, text);
    get(&w, 0)
}

fn op3(a: Arch, text: &str, s: [u32; 3]) -> u32 {
    op3m(a, FLUSH, text, s)
}

/// The same on every arch where the mnemonic exists (the list must not be empty).
fn op3_all(archs: &[Arch], text: &str, s: [u32; 3]) -> u32 {
    let mut r = None;
    for &a in archs {
        let v = op3(a, text, s);
        if let Some(p) = r {
            assert_eq!(p, v, "{text}: {a:?} differs");
        }
        r = Some(v);
    }
    r.unwrap()
}

/// 64-bit operation: sources v[2:3], v[4:5], v[6:7] (or 32-bit v2/v4/v6 low halves), VDST v[0:1].
fn op64m(a: Arch, mode: u32, text: &str, s: [u64; 3]) -> u64 {
    let mut w = wave(a);
    w.mode = mode;
    for (k, &v) in s.iter().enumerate() {
        splat64(&mut w, 2 + 2 * k, v);
    }
    run(&mut w, text);
    get64(&w, 0)
}

fn op64(a: Arch, text: &str, s: [u64; 3]) -> u64 {
    op64m(a, FLUSH, text, s)
}

const SICI: [Arch; 2] = [Gcn10, Gcn11];
const ALL4: [Arch; 4] = [Gcn10, Gcn11, Gcn12, Gcn14];
const VIPLUS: [Arch; 2] = [Gcn12, Gcn14];

// --------------------------------------------------------------------------------------------
// Multiply-add family
// --------------------------------------------------------------------------------------------

#[test]
fn mad_legacy_f32() {
    let t = "v_mad_legacy_f32 v0, v1, v2, v3";
    assert_eq!(op3_all(&ALL4, t, [f(2.0), f(3.0), f(1.0)]), f(7.0));
    // A zero factor gives SRC2, even against inf or NaN (IEEE would give NaN).
    assert_eq!(op3_all(&ALL4, t, [f(0.0), f(f32::INFINITY), f(5.0)]), f(5.0));
    assert_eq!(op3_all(&ALL4, t, [f32::NAN.to_bits(), f(-0.0), f(-0.0)]), f(-0.0));
    // Denormals are flushed whatever MODE says (the product 2^-127 is 0).
    assert_eq!(op3m(Gcn12, KEEP, t, [0x0080_0000, f(0.5), 0]), 0);
}

#[test]
fn mad_f32_is_not_fused_and_flushes() {
    let t = "v_mad_f32 v0, v1, v2, v3";
    assert_eq!(op3_all(&ALL4, t, [f(1.5), f(2.0), f(0.25)]), f(3.25));
    // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: the product rounds (tie to even) to 1 + 2^-11,
    // so adding -(1 + 2^-11) gives exactly 0; FMA keeps the 2^-24.
    let a = 0x3f80_0800;
    let c = 0xbf80_1000;
    assert_eq!(f32::from_bits(a) * f32::from_bits(a), f32::from_bits(0x3f80_1000));
    assert_eq!(op3m(Gcn12, KEEP, t, [a, a, c]), 0);
    assert_eq!(
        op3m(Gcn12, KEEP, "v_fma_f32 v0, v1, v2, v3", [a, a, c]),
        f(2f32.powi(-24))
    );
    // 2^-126 * 0.5 = 2^-127 is denormal: flushed even with MODE keeping denormals.
    assert_eq!(op3m(Gcn12, KEEP, t, [0x0080_0000, f(0.5), 0]), 0);
}

#[test]
fn fma_f32_denormals_follow_mode() {
    let t = "v_fma_f32 v0, v1, v2, v3";
    assert_eq!(op3_all(&ALL4, t, [f(2.0), f(3.0), f(1.0)]), f(7.0));
    // 2^-126 * 0.5 = 2^-127 (0x00400000): kept under MODE 0xf0, flushed under the reset MODE.
    assert_eq!(op3m(Gcn12, KEEP, t, [0x0080_0000, f(0.5), 0]), 0x0040_0000);
    assert_eq!(op3m(Gcn12, FLUSH, t, [0x0080_0000, f(0.5), 0]), 0);
    // A denormal input is flushed to a zero of its sign under the reset MODE.
    assert_eq!(op3m(Gcn12, FLUSH, t, [0x0000_0001, f(1.0), f(-0.0)]), 0);
    assert_eq!(op3m(Gcn12, KEEP, t, [0x0000_0001, f(1.0), f(-0.0)]), 1);
    // Modifiers: -|v1| * v2 + v3 with v1 = -2: -2*3+1 = -5; clamp then gives 0.
    assert_eq!(
        op3(Gcn12, "v_fma_f32 v0, -|v1|, v2, v3", [f(-2.0), f(3.0), f(1.0)]),
        f(-5.0)
    );
    assert_eq!(
        op3(Gcn12, "v_fma_f32 v0, -|v1|, v2, v3 clamp", [f(-2.0), f(3.0), f(1.0)]),
        0
    );
    assert_eq!(
        op3(Gcn12, "v_fma_f32 v0, v1, v2, v3 mul:2", [f(2.0), f(3.0), f(1.0)]),
        f(14.0)
    );
}

#[test]
fn fma_f64() {
    let t = "v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]";
    for a in ALL4 {
        assert_eq!(op64(a, t, [d(1.5), d(-2.0), d(0.5)]), d(-2.5));
        // Fused: (1 + 2^-30)^2 - (1 + 2^-29) = 2^-60.
        let x = 1.0 + 2f64.powi(-30);
        assert_eq!(op64(a, t, [d(x), d(x), d(-(1.0 + 2f64.powi(-29)))]), d(2f64.powi(-60)));
    }
}

#[test]
fn mad_i32_i24() {
    let t = "v_mad_i32_i24 v0, v1, v2, v3";
    // 0x00fffffe is -2 in 24 bits; the top byte of SRC1 is ignored: -2 * 3 + 10 = 4.
    assert_eq!(op3_all(&ALL4, t, [0x00ff_fffe, 0xff00_0003, 10]), 4);
    assert_eq!(op3_all(&ALL4, t, [0x0080_0000, 2, 0]), (-(1i32 << 24)) as u32);
    // (2^23 - 1)^2 = 2^46 - 2^24 + 1: low 32 bits 0xff000001; CLAMP (GCN 1.2+) saturates.
    assert_eq!(op3(Gcn12, t, [0x7f_ffff, 0x7f_ffff, 0]), 0xff00_0001);
    assert_eq!(
        op3(Gcn12, &format!("{t} clamp"), [0x7f_ffff, 0x7f_ffff, 0]),
        0x7fff_ffff
    );
    assert_eq!(
        op3(Gcn14, &format!("{t} clamp"), [0x80_0000, 0x7f_ffff, 0]),
        0x8000_0000
    );
}

#[test]
fn mad_u32_u24() {
    let t = "v_mad_u32_u24 v0, v1, v2, v3";
    assert_eq!(op3_all(&ALL4, t, [0x0100_0003, 0xff00_0005, 7]), 22);
    // (2^24 - 1)^2 = 2^48 - 2^25 + 1 → low 32 bits 0xfe000001.
    assert_eq!(op3(Gcn12, t, [0xff_ffff, 0xff_ffff, 0]), 0xfe00_0001);
    assert_eq!(op3(Gcn12, &format!("{t} clamp"), [0xff_ffff, 0xff_ffff, 0]), u32::MAX);
}

#[test]
fn mad_u64_u32_carry() {
    let t = "v_mad_u64_u32 v[0:1], s[10:11], v2, v3, v[4:5]";
    for a in [Gcn11, Gcn12, Gcn14] {
        let mut w = wave(a);
        splat(&mut w, 2, 3);
        splat(&mut w, 3, 4);
        splat64(&mut w, 4, 5);
        run(&mut w, t);
        assert_eq!(get64(&w, 0), 17);
        assert_eq!(w.pair(10), 0);
        // (2^32-1)^2 + (2^64-1) = 0x1_fffffffe_00000000: carry out, low 64 bits kept.
        splat(&mut w, 2, u32::MAX);
        splat(&mut w, 3, u32::MAX);
        splat64(&mut w, 4, u64::MAX);
        run(&mut w, t);
        assert_eq!(get64(&w, 0), 0xffff_fffe_0000_0000);
        assert_eq!(w.pair(10), u64::MAX);
        // CLAMP (VOP3B has it from GCN 1.2) saturates.
        if a != Gcn11 {
            run(&mut w, &format!("{t} clamp"));
            assert_eq!(get64(&w, 0), u64::MAX);
        }
    }
    // Carry bits of inactive lanes are 0; inactive lanes keep VDST.
    let mut w = wave(Gcn12);
    splat(&mut w, 2, u32::MAX);
    splat(&mut w, 3, u32::MAX);
    splat64(&mut w, 4, u64::MAX);
    splat64(&mut w, 0, 0x1111_2222_3333_4444);
    let exec = 0x00ff_00ff_f0f0_0001u64;
    w.set_pair(EXEC, exec);
    run(&mut w, "v_mad_u64_u32 v[0:1], vcc, v2, v3, v[4:5]");
    assert_eq!(w.vcc(), exec);
    for lane in 0..64 {
        let v = w.v[0][lane] as u64 | (w.v[1][lane] as u64) << 32;
        let want = if exec >> lane & 1 != 0 {
            0xffff_fffe_0000_0000
        } else {
            0x1111_2222_3333_4444
        };
        assert_eq!(v, want, "lane {lane}");
    }
}

#[test]
fn mad_i64_i32() {
    let t = "v_mad_i64_i32 v[0:1], s[10:11], v2, v3, v[4:5]";
    for a in [Gcn11, Gcn12, Gcn14] {
        let mut w = wave(a);
        splat(&mut w, 2, (-2i32) as u32);
        splat(&mut w, 3, 3);
        splat64(&mut w, 4, 10);
        run(&mut w, t);
        assert_eq!(get64(&w, 0), 4);
        assert_eq!(w.pair(10), 0);
        splat64(&mut w, 4, 0);
        run(&mut w, t);
        assert_eq!(get64(&w, 0), (-6i64) as u64);
        // SDST = bit 64 of the 65-bit result (its sign).
        assert_eq!(w.pair(10), u64::MAX);
        // 2^62 + (2^63 - 1) overflows i64: low 64 bits wrap, CLAMP saturates.
        splat(&mut w, 2, 0x8000_0000);
        splat(&mut w, 3, 0x8000_0000);
        splat64(&mut w, 4, i64::MAX as u64);
        run(&mut w, t);
        assert_eq!(get64(&w, 0), 0xbfff_ffff_ffff_ffff);
        assert_eq!(w.pair(10), 0);
        if a != Gcn11 {
            run(&mut w, &format!("{t} clamp"));
            assert_eq!(get64(&w, 0), i64::MAX as u64);
        }
    }
}

// --------------------------------------------------------------------------------------------
// Cube map
// --------------------------------------------------------------------------------------------

#[test]
fn cube() {
    let cases = [
        // (x, y, z): id, sc, tc, ma
        ((1.0, -2.0, 0.5), (3.0, 1.0, -0.5, -4.0)),  // Y major, Y < 0
        ((3.0, 1.0, -3.0), (5.0, -3.0, -1.0, -6.0)), // |Z| = |X|: Z wins, Z < 0
        ((-4.0, 1.0, 2.0), (1.0, 2.0, -1.0, -8.0)),  // X major, X < 0
        ((4.0, 1.0, 2.0), (0.0, -2.0, -1.0, 8.0)),   // X major, X >= 0
        ((0.0, 2.0, -1.0), (2.0, 0.0, -1.0, 4.0)),   // Y major, Y >= 0
        ((0.5, 0.5, 0.5), (4.0, 0.5, -0.5, 1.0)),    // all equal: Z
    ];
    for ((x, y, z), (id, sc, tc, ma)) in cases {
        let s = [f(x), f(y), f(z)];
        assert_eq!(
            op3_all(&ALL4, "v_cubeid_f32 v0, v1, v2, v3", s),
            f(id),
            "id {x} {y} {z}"
        );
        assert_eq!(
            op3_all(&ALL4, "v_cubesc_f32 v0, v1, v2, v3", s),
            f(sc),
            "sc {x} {y} {z}"
        );
        assert_eq!(
            op3_all(&ALL4, "v_cubetc_f32 v0, v1, v2, v3", s),
            f(tc),
            "tc {x} {y} {z}"
        );
        assert_eq!(
            op3_all(&ALL4, "v_cubema_f32 v0, v1, v2, v3", s),
            f(ma),
            "ma {x} {y} {z}"
        );
    }
    // -0.0 >= 0.0: a negative zero Z major axis is face 4.
    assert_eq!(op3(Gcn12, "v_cubeid_f32 v0, v1, v2, v3", [0, 0, f(-0.0)]), f(4.0));
}

// --------------------------------------------------------------------------------------------
// Bit fields, alignment, bytes
// --------------------------------------------------------------------------------------------

#[test]
fn bfe() {
    let u = "v_bfe_u32 v0, v1, v2, v3";
    let i = "v_bfe_i32 v0, v1, v2, v3";
    assert_eq!(op3_all(&ALL4, u, [0x1234_5678, 8, 8]), 0x56);
    assert_eq!(op3_all(&ALL4, i, [0x1234_f678, 8, 8]), 0xffff_fff6);
    assert_eq!(op3_all(&ALL4, i, [0x1234_7678, 8, 8]), 0x76);
    // Length 0 gives 0 (also with the shift/length fields masked: 32 & 31 = 0).
    assert_eq!(op3_all(&ALL4, u, [0xffff_ffff, 4, 0]), 0);
    assert_eq!(op3_all(&ALL4, i, [0xffff_ffff, 4, 32]), 0);
    // shift + length >= 32: plain shift (sign-extending for the signed form).
    assert_eq!(op3_all(&ALL4, u, [0x8000_0000, 28, 8]), 0x8);
    assert_eq!(op3_all(&ALL4, i, [0x8000_0000, 28, 8]), 0xffff_fff8);
    // Offsets/lengths are taken & 31: offset 36 is 4.
    assert_eq!(op3_all(&ALL4, u, [0x1234_5678, 36, 4]), 0x7);
}

#[test]
fn bfi() {
    assert_eq!(
        op3_all(
            &ALL4,
            "v_bfi_b32 v0, v1, v2, v3",
            [0x0000_ffff, 0x1234_5678, 0x9abc_def0]
        ),
        0x9abc_5678
    );
}

#[test]
fn lerp_u8() {
    // bytes: (4+6+0)>>1 = 5, (3+5+1)>>1 = 4, (255+1+1)>>1 = 128, (0+0+1)>>1 = 0
    assert_eq!(
        op3_all(
            &ALL4,
            "v_lerp_u8 v0, v1, v2, v3",
            [0x00ff_0304, 0x0001_0506, 0x0101_0100]
        ),
        0x0080_0405
    );
}

#[test]
fn align() {
    let b = "v_alignbit_b32 v0, v1, v2, v3";
    assert_eq!(op3_all(&ALL4, b, [0x1234_5678, 0x9abc_def0, 8]), 0x789a_bcde);
    assert_eq!(op3_all(&ALL4, b, [0x1234_5678, 0x9abc_def0, 40]), 0x789a_bcde); // 40 & 31
    assert_eq!(op3_all(&ALL4, b, [0x1234_5678, 0x9abc_def0, 0]), 0x9abc_def0);
    assert_eq!(op3_all(&ALL4, b, [0x1234_5678, 0x9abc_def0, 31]), 0x2468_acf1);
    let y = "v_alignbyte_b32 v0, v1, v2, v3";
    assert_eq!(op3_all(&ALL4, y, [0x1234_5678, 0x9abc_def0, 1]), 0x789a_bcde);
    assert_eq!(op3_all(&ALL4, y, [0x1234_5678, 0x9abc_def0, 5]), 0x789a_bcde); // 5 & 3
    assert_eq!(op3_all(&ALL4, y, [0x1234_5678, 0x9abc_def0, 3]), 0x3456_789a);
}

#[test]
fn perm_b32() {
    let t = "v_perm_b32 v0, v1, v2, v3";
    // {SRC0, SRC1} bytes 0..7 = 77 66 55 44 33 22 11 80
    assert_eq!(
        op3_all(&VIPLUS, t, [0x8011_2233, 0x4455_6677, 0x0c0d_0700]),
        0x00ff_8077
    );
    assert_eq!(
        op3_all(&VIPLUS, t, [0x8011_2233, 0x4455_6677, 0x0405_0607]),
        0x3322_1180
    );
    // 8..11 replicate the sign bits of bytes 1, 3, 5, 7.
    assert_eq!(
        op3_all(&VIPLUS, t, [0x8011_2233, 0x4455_6677, 0x0b0a_0908]),
        0xff00_0000
    );
    assert_eq!(
        op3_all(&VIPLUS, t, [0x0011_2233, 0x8000_8000, 0x0b0a_0908]),
        0x0000_ffff
    );
    assert_eq!(op3_all(&VIPLUS, t, [0, 0, 0xff0e_0d0c]), 0xffff_ff00);
}

#[test]
fn sad_family() {
    let s = [0x0102_0304, 0x0403_0201, 100];
    // |1-4| + |2-3| + |3-2| + |4-1| = 8
    assert_eq!(op3_all(&ALL4, "v_sad_u8 v0, v1, v2, v3", s), 108);
    assert_eq!(op3_all(&ALL4, "v_sad_hi_u8 v0, v1, v2, v3", s), 100 + (8 << 16));
    assert_eq!(
        op3_all(&ALL4, "v_sad_u16 v0, v1, v2, v3", [0x0001_0005, 0x0003_0002, 100]),
        105
    );
    assert_eq!(op3_all(&ALL4, "v_sad_u32 v0, v1, v2, v3", [5, 9, 100]), 104);
    assert_eq!(op3_all(&ALL4, "v_sad_u32 v0, v1, v2, v3", [9, 5, 100]), 104);
    // Wrapping, or saturating with CLAMP (GCN 1.2+).
    assert_eq!(op3(Gcn12, "v_sad_u32 v0, v1, v2, v3", [0, u32::MAX, 10]), 9);
    assert_eq!(
        op3(Gcn12, "v_sad_u32 v0, v1, v2, v3 clamp", [0, u32::MAX, 10]),
        u32::MAX
    );
    assert_eq!(
        op3(Gcn14, "v_sad_u8 v0, v1, v2, v3 clamp", [0xff, 0, u32::MAX - 3]),
        u32::MAX
    );
    // Masked SAD: bytes where SRC1 is 0 do not count.
    // SRC0 bytes 40, 30, 20, 10; SRC1 bytes 20, 0, 22, 0: |40-20| + |20-22| = 22.
    assert_eq!(
        op3_all(&ALL4, "v_msad_u8 v0, v1, v2, v3", [0x0a14_1e28, 0x0016_0014, 1]),
        23
    );
    assert_eq!(
        op3_all(&ALL4, "v_sad_u8 v0, v1, v2, v3", [0x0a14_1e28, 0x0016_0014, 1]),
        63
    );
}

#[test]
fn qsad_mqsad() {
    // SRC0 bytes 1..8, SRC1 bytes 1 2 3 4, SRC2 fields 10 20 30 40.
    let s0 = 0x0807_0605_0403_0201u64;
    let s2 = 0x0028_001e_0014_000au64;
    let run3 = |a: Arch, t: &str, s1: u32, s2: u64| -> u64 {
        let mut w = wave(a);
        splat64(&mut w, 2, s0);
        splat(&mut w, 4, s1);
        splat64(&mut w, 6, s2);
        run(&mut w, t);
        get64(&w, 0)
    };
    // windows (1234) (2345) (3456) (4567) against (1234): 0, 4, 8, 12.
    let q = "v_qsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]";
    for a in [Gcn11, Gcn12, Gcn14] {
        assert_eq!(run3(a, q, 0x0403_0201, s2), 0x0034_0026_0018_000a);
    }
    assert_eq!(
        run3(Gcn10, "v_qsad_u8 v[0:1], v[2:3], v4, v[6:7]", 0x0403_0201, s2),
        0x0034_0026_0018_000a
    );
    // Masked (SRC1 byte 2 = 0): 0, 3, 6, 9.
    let m = "v_mqsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]";
    for a in [Gcn11, Gcn12, Gcn14] {
        assert_eq!(run3(a, m, 0x0400_0201, s2), 0x0031_0024_0017_000a);
    }
    assert_eq!(
        run3(Gcn10, "v_mqsad_u8 v[0:1], v[2:3], v4, v[6:7]", 0x0400_0201, s2),
        0x0031_0024_0017_000a
    );
    // 16-bit fields wrap, or saturate with CLAMP: 0xfffe + 4 → 0x0002 / 0xffff.
    let full = 0xfffe_fffe_fffe_fffeu64;
    assert_eq!(run3(Gcn12, q, 0x0403_0201, full), 0x000a_0006_0002_fffe);
    assert_eq!(
        run3(Gcn12, &format!("{q} clamp"), 0x0403_0201, full),
        0xffff_ffff_ffff_fffe
    );
}

#[test]
fn mqsad_u32_u8() {
    for a in [Gcn11, Gcn12, Gcn14] {
        let mut w = wave(a);
        splat64(&mut w, 2, 0x0807_0605_0403_0201);
        splat(&mut w, 4, 0x0400_0201);
        for (k, v) in [10u32, 20, 30, 40].into_iter().enumerate() {
            splat(&mut w, 6 + k, v);
        }
        run(&mut w, "v_mqsad_u32_u8 v[10:13], v[2:3], v4, v[6:9]");
        assert_eq!(
            [get(&w, 10), get(&w, 11), get(&w, 12), get(&w, 13)],
            [10, 23, 36, 49],
            "{a:?}"
        );
        // CLAMP saturates each dword.
        splat(&mut w, 7, u32::MAX);
        run(&mut w, "v_mqsad_u32_u8 v[10:13], v[2:3], v4, v[6:9] clamp");
        assert_eq!(get(&w, 11), u32::MAX);
        run(&mut w, "v_mqsad_u32_u8 v[10:13], v[2:3], v4, v[6:9]");
        assert_eq!(get(&w, 11), 2);
    }
}

#[test]
fn cvt_pk_u8_f32() {
    let t = "v_cvt_pk_u8_f32 v0, v1, v2, v3";
    // RNE(2.5) = 2 into byte 1.
    assert_eq!(op3_all(&ALL4, t, [f(2.5), 1, 0x1122_3344]), 0x1122_0244);
    assert_eq!(op3_all(&ALL4, t, [f(3.5), 0, 0]), 4);
    // Saturated to 0..255; SRC1 taken & 3 (7 → byte 3).
    assert_eq!(op3_all(&ALL4, t, [f(255.7), 7, 0]), 0xff00_0000);
    assert_eq!(op3_all(&ALL4, t, [f(-3.0), 0, 0xffff_ffff]), 0xffff_ff00);
    assert_eq!(op3_all(&ALL4, t, [f(f32::INFINITY), 2, 0]), 0x00ff_0000);
    // NaN gives 0 (the seed's `if (ISNAN(f))` erratum).
    assert_eq!(op3_all(&ALL4, t, [f32::NAN.to_bits(), 2, 0xffff_ffff]), 0xff00_ffff);
}

// --------------------------------------------------------------------------------------------
// min3 / max3 / med3
// --------------------------------------------------------------------------------------------

const QNAN: u32 = 0x7fc0_0000;

#[test]
fn min3_max3_med3_f32() {
    let mn = "v_min3_f32 v0, v1, v2, v3";
    let mx = "v_max3_f32 v0, v1, v2, v3";
    let md = "v_med3_f32 v0, v1, v2, v3";
    let nan = QNAN;
    let snan = 0x7f80_0001;
    assert_eq!(op3_all(&ALL4, mn, [f(3.0), f(1.0), f(2.0)]), f(1.0));
    assert_eq!(op3_all(&ALL4, mx, [f(1.0), f(3.0), f(2.0)]), f(3.0));
    for s in [
        [f(1.0), f(5.0), f(3.0)],
        [f(5.0), f(1.0), f(3.0)],
        [f(3.0), f(5.0), f(1.0)],
    ] {
        assert_eq!(op3_all(&ALL4, md, s), f(3.0));
    }
    // Ties: the median of (1, 2, 2) is 2 (not SRC0).
    assert_eq!(op3_all(&ALL4, md, [f(1.0), f(2.0), f(2.0)]), f(2.0));
    assert_eq!(op3_all(&ALL4, md, [f(2.0), f(2.0), f(1.0)]), f(2.0));
    assert_eq!(
        op3_all(&ALL4, md, [f(f32::NEG_INFINITY), f(f32::INFINITY), f(0.0)]),
        f(0.0)
    );
    // NaN operands drop out (minNum/maxNum of the other two).
    assert_eq!(op3_all(&ALL4, mn, [nan, f(2.0), f(1.0)]), f(1.0));
    assert_eq!(op3_all(&ALL4, mn, [f(2.0), nan, f(1.0)]), f(1.0));
    assert_eq!(op3_all(&ALL4, mn, [f(-1.0), f(2.0), nan]), f(-1.0));
    assert_eq!(op3_all(&ALL4, mn, [nan, nan, f(5.0)]), f(5.0));
    assert_eq!(op3_all(&ALL4, mx, [f(2.0), nan, f(-1.0)]), f(2.0));
    assert_eq!(op3_all(&ALL4, mx, [nan, f(-7.0), nan]), f(-7.0));
    // med3 with a NaN is the MIN of the other two.
    assert_eq!(op3_all(&ALL4, md, [nan, f(1.0), f(2.0)]), f(1.0));
    assert_eq!(op3_all(&ALL4, md, [f(1.0), nan, f(-2.0)]), f(-2.0));
    assert_eq!(op3_all(&ALL4, md, [f(3.0), f(1.0), nan]), f(1.0));
    // All NaN: a NaN, quieted.
    assert_eq!(op3_all(&ALL4, mn, [nan, nan, snan]), 0x7fc0_0001);
    assert_eq!(op3_all(&ALL4, md, [snan, snan, snan]), 0x7fc0_0001);
    // ±0: -0 < +0 for min/max.
    assert_eq!(op3_all(&ALL4, mn, [f(0.0), f(-0.0), f(1.0)]), f(-0.0));
    assert_eq!(op3_all(&ALL4, mx, [f(-0.0), f(0.0), f(-1.0)]), f(0.0));
    // Infinities.
    assert_eq!(
        op3_all(&ALL4, mn, [f(f32::INFINITY), f(f32::NEG_INFINITY), f(0.0)]),
        f(f32::NEG_INFINITY)
    );
    assert_eq!(
        op3_all(&ALL4, mx, [f(f32::INFINITY), f(f32::NEG_INFINITY), f(0.0)]),
        f(f32::INFINITY)
    );
    // Denormal inputs are flushed under the reset MODE, kept with 0xf0.
    assert_eq!(op3m(Gcn12, FLUSH, mx, [1, 0, 0x8000_0000]), 0);
    assert_eq!(op3m(Gcn12, KEEP, mx, [1, 0, 0x8000_0000]), 1);
}

#[test]
fn min3_max3_med3_int() {
    let s = [0xffff_ffff, 5, 3]; // i32: -1, 5, 3
    assert_eq!(op3_all(&ALL4, "v_min3_i32 v0, v1, v2, v3", s), 0xffff_ffff);
    assert_eq!(op3_all(&ALL4, "v_min3_u32 v0, v1, v2, v3", s), 3);
    assert_eq!(op3_all(&ALL4, "v_max3_i32 v0, v1, v2, v3", s), 5);
    assert_eq!(op3_all(&ALL4, "v_max3_u32 v0, v1, v2, v3", s), 0xffff_ffff);
    assert_eq!(op3_all(&ALL4, "v_med3_i32 v0, v1, v2, v3", s), 3);
    assert_eq!(op3_all(&ALL4, "v_med3_u32 v0, v1, v2, v3", s), 5);
    assert_eq!(op3_all(&ALL4, "v_med3_i32 v0, v1, v2, v3", [2, 2, 7]), 2);
    assert_eq!(op3_all(&ALL4, "v_med3_u32 v0, v1, v2, v3", [7, 2, 2]), 2);
    assert_eq!(op3_all(&ALL4, "v_med3_u32 v0, v1, v2, v3", [2, 7, 7]), 7);
}

#[test]
fn min3_max3_med3_16() {
    // f16: 3.0 = 0x4200, 1.0 = 0x3c00, 2.0 = 0x4000; high halves are ignored.
    let s = [0xffff_4200, 0x3c00, 0x1234_4000];
    let g = |t: &str, s: [u32; 3]| op3(Gcn14, t, s);
    assert_eq!(g("v_min3_f16 v0, v1, v2, v3", s), 0x3c00);
    assert_eq!(g("v_max3_f16 v0, v1, v2, v3", s), 0x4200);
    assert_eq!(g("v_med3_f16 v0, v1, v2, v3", s), 0x4000);
    assert_eq!(g("v_min3_f16 v0, v1, v2, v3", [0x7e00, 0x4000, 0x3c00]), 0x3c00);
    assert_eq!(g("v_max3_f16 v0, v1, v2, v3", [0x4000, 0x7e00, 0xc000]), 0x4000);
    assert_eq!(g("v_med3_f16 v0, v1, v2, v3", [0x4000, 0x4200, 0x7c01]), 0x4000);
    assert_eq!(g("v_min3_f16 v0, v1, v2, v3", [0x7c01, 0x7c01, 0x7c01]), 0x7e01);
    assert_eq!(g("v_min3_f16 v0, v1, v2, v3", [0x0000, 0x8000, 0x3c00]), 0x8000);
    // i16/u16: -1, 5, 3
    let s = [0xffff, 5, 3];
    assert_eq!(g("v_min3_i16 v0, v1, v2, v3", s), 0xffff);
    assert_eq!(g("v_min3_u16 v0, v1, v2, v3", s), 3);
    assert_eq!(g("v_max3_i16 v0, v1, v2, v3", s), 5);
    assert_eq!(g("v_max3_u16 v0, v1, v2, v3", s), 0xffff);
    assert_eq!(g("v_med3_i16 v0, v1, v2, v3", s), 3);
    assert_eq!(g("v_med3_u16 v0, v1, v2, v3", s), 5);
    // op_sel picks the high halves of the sources; the result goes to the low half and the
    // high half of VDST is kept.
    let mut w = wave(Gcn14);
    splat(&mut w, 0, 0xdead_beef);
    splat(&mut w, 1, 0x0007_0001);
    splat(&mut w, 2, 0x0002_0009);
    splat(&mut w, 3, 0x0004_0003);
    run(&mut w, "v_med3_u16 v0, v1, v2, v3 op_sel:[1,1,1,0]");
    assert_eq!(get(&w, 0), 0xdead_0004);
    run(&mut w, "v_med3_u16 v0, v1, v2, v3 op_sel:[0,0,0,1]");
    assert_eq!(get(&w, 0), 0x0003_0004);
}

// --------------------------------------------------------------------------------------------
// Division helpers
// --------------------------------------------------------------------------------------------

#[test]
fn div_fixup_f32() {
    let t = "v_div_fixup_f32 v0, v1, v2, v3";
    let g = |s: [u32; 3]| op3_all(&ALL4, t, s);
    assert_eq!(g([f(2.0), f(3.0), f(6.0)]), f(2.0));
    // NaN denominator (numerator not NaN): quieted denominator.
    assert_eq!(g([f(2.0), 0x7f80_0001, f(1.0)]), 0x7fc0_0001);
    // NaN numerator wins.
    assert_eq!(g([f(2.0), 0x7f80_0001, 0xff80_0002]), 0xffc0_0002);
    assert_eq!(g([f(2.0), f(1.0), 0x7f80_0002]), 0x7fc0_0002);
    // 0/0 → NaN, inf/inf → -NaN.
    assert_eq!(g([f(2.0), f(0.0), f(-0.0)]), 0x7fc0_0000);
    assert_eq!(g([f(2.0), f(f32::NEG_INFINITY), f(f32::INFINITY)]), 0xffc0_0000);
    // x/0 → signed inf; x/inf → signed 0.
    assert_eq!(g([f(2.0), f(0.0), f(-5.0)]), f(f32::NEG_INFINITY));
    assert_eq!(g([f(2.0), f(-0.0), f(-5.0)]), f(f32::INFINITY));
    assert_eq!(g([f(2.0), f(f32::NEG_INFINITY), f(5.0)]), f(-0.0));
    assert_eq!(g([f(2.0), f(f32::INFINITY), f(5.0)]), f(0.0));
    // 0/y → signed 0 and inf/y → signed inf whatever the quotient (AMD's manuals; what
    // clang's division sequence needs: V_DIV_SCALE gives NaN for a zero numerator).
    assert_eq!(g([QNAN, f(1.0), f(0.0)]), f(0.0));
    assert_eq!(g([QNAN, f(-1.0), f(0.0)]), f(-0.0));
    assert_eq!(g([QNAN, f(2.0), f(f32::NEG_INFINITY)]), f(f32::NEG_INFINITY));
    // NaN quotient with finite operands → signed inf.
    assert_eq!(g([QNAN, f(2.0), f(-3.0)]), f(f32::NEG_INFINITY));
    // A denormal denominator is 0 under the reset MODE, a number with MODE 0xf0.
    assert_eq!(op3m(Gcn12, FLUSH, t, [f(2.0), 1, f(1.0)]), f(f32::INFINITY));
    assert_eq!(op3m(Gcn12, KEEP, t, [f(2.0), 1, f(1.0)]), f(2.0));
}

#[test]
fn div_fixup_f64_f16() {
    let t = "v_div_fixup_f64 v[0:1], v[2:3], v[4:5], v[6:7]";
    for a in ALL4 {
        assert_eq!(op64(a, t, [d(1.5), d(2.0), d(3.0)]), d(1.5));
        assert_eq!(op64(a, t, [d(1.5), d(0.0), d(0.0)]), 0x7ff8_0000_0000_0000);
        assert_eq!(
            op64(a, t, [d(1.5), d(f64::INFINITY), d(f64::INFINITY)]),
            0xfff8_0000_0000_0000
        );
        assert_eq!(op64(a, t, [d(1.5), d(-0.0), d(1.0)]), d(f64::NEG_INFINITY));
        assert_eq!(
            op64(a, t, [d(1.5), 0x7ff0_0000_0000_0001, d(1.0)]),
            0x7ff8_0000_0000_0001
        );
        assert_eq!(op64(a, t, [d(f64::NAN), d(-2.0), d(-3.0)]), d(f64::INFINITY));
    }
    // f16: 2.0 = 0x4000, 3.0 = 0x4200, 6.0 = 0x4600, -1 = 0xbc00
    for (a, t) in [
        (Gcn12, "v_div_fixup_f16 v0, v1, v2, v3"),
        (Gcn14, "v_div_fixup_f16 v0, v1, v2, v3"),
        (Gcn14, "v_div_fixup_legacy_f16 v0, v1, v2, v3"),
    ] {
        assert_eq!(op3(a, t, [0x4000, 0x4200, 0x4600]), 0x4000);
        assert_eq!(op3(a, t, [0x4000, 0, 0]), 0x7e00);
        assert_eq!(op3(a, t, [0x4000, 0x7c00, 0xfc00]), 0xfe00);
        assert_eq!(op3(a, t, [0x4000, 0, 0xbc00]), 0xfc00);
        assert_eq!(op3(a, t, [0x4000, 0x7d00, 0x3c00]), 0x7f00);
    }
}

/// div_scale: returns (VDST, VCC) for one lane's operands.
fn div_scale32(mode: u32, s: [u32; 3]) -> (u32, u64) {
    let mut w = wave(Gcn12);
    w.mode = mode;
    for (k, &v) in s.iter().enumerate() {
        splat(&mut w, k + 1, v);
    }
    w.set_pair(VCC, 0x1234);
    run(&mut w, "v_div_scale_f32 v0, vcc, v1, v2, v3");
    (get(&w, 0), w.vcc())
}

#[test]
fn div_scale_f32() {
    let p = |e: i32| f(2f32.powi(e));
    // Ordinary operands: D = SRC0, VCC = 0.
    assert_eq!(div_scale32(FLUSH, [f(2.0), f(2.0), f(6.0)]), (f(2.0), 0));
    assert_eq!(div_scale32(FLUSH, [f(6.0), f(2.0), f(6.0)]), (f(6.0), 0));
    // Zero denominator or numerator: NaN.
    assert_eq!(div_scale32(FLUSH, [f(0.0), f(0.0), f(6.0)]), (QNAN, 0));
    assert_eq!(div_scale32(FLUSH, [f(2.0), f(2.0), f(0.0)]), (QNAN, 0));
    // exp(N) - exp(D) >= 96: VCC; the denominator is scaled by 2^64.
    assert_eq!(div_scale32(FLUSH, [p(0), p(0), p(100)]), (p(64), u64::MAX));
    assert_eq!(div_scale32(FLUSH, [p(100), p(0), p(100)]), (p(100), u64::MAX));
    // Tiny numerator (exponent field 17 <= 23): scaled by 2^64, no VCC.
    assert_eq!(div_scale32(FLUSH, [p(-110), p(0), p(-110)]), (p(-46), 0));
    // N/D denormal: VCC; the numerator is scaled.
    assert_eq!(div_scale32(FLUSH, [p(-100), p(30), p(-100)]), (p(-36), u64::MAX));
    assert_eq!(div_scale32(FLUSH, [p(30), p(30), p(-100)]), (p(30), u64::MAX));
    // 1/D denormal: the denominator is scaled by 2^-64.
    assert_eq!(div_scale32(FLUSH, [p(127), p(127), p(100)]), (p(63), 0));
    // A denormal denominator is 0 under the reset MODE; with MODE 0xf0, exp(1.0) - exp(denormal)
    // = 127 >= 96 comes first: VCC, scaled.
    assert_eq!(div_scale32(FLUSH, [0x0008_0000, 0x0008_0000, f(1.0)]), (QNAN, 0));
    assert_eq!(
        div_scale32(KEEP, [0x0008_0000, 0x0008_0000, f(1.0)]),
        (p(-66), u64::MAX)
    );
    // VCC bits of inactive lanes are 0, their VDST kept.
    let mut w = wave(Gcn12);
    splat(&mut w, 0, 0xaaaa_aaaa);
    splat(&mut w, 1, p(0));
    splat(&mut w, 2, p(0));
    splat(&mut w, 3, p(100));
    w.set_pair(EXEC, 0x8000_0000_0000_0005);
    run(&mut w, "v_div_scale_f32 v0, s[20:21], v1, v2, v3");
    assert_eq!(w.pair(20), 0x8000_0000_0000_0005);
    assert_eq!(
        (w.v[0][0], w.v[0][1], w.v[0][2], w.v[0][63]),
        (p(64), 0xaaaa_aaaa, p(64), p(64))
    );
}

#[test]
fn div_scale_f64() {
    let p = |e: i32| d(2f64.powi(e));
    for a in ALL4 {
        let mut w = wave(a);
        let mut go = |s: [u64; 3]| {
            for (k, &v) in s.iter().enumerate() {
                splat64(&mut w, 2 + 2 * k, v);
            }
            run(&mut w, "v_div_scale_f64 v[0:1], vcc, v[2:3], v[4:5], v[6:7]");
            (get64(&w, 0), w.vcc())
        };
        assert_eq!(go([d(2.0), d(2.0), d(6.0)]), (d(2.0), 0));
        assert_eq!(go([d(2.0), d(0.0), d(6.0)]), (0x7ff8_0000_0000_0000, 0));
        assert_eq!(go([p(0), p(0), p(800)]), (p(128), u64::MAX));
        assert_eq!(go([p(-1000), p(0), p(-1000)]), (p(-872), 0));
        assert_eq!(go([p(-1000), p(30), p(-1000)]), (p(-872), u64::MAX));
        assert_eq!(go([p(1023), p(1023), p(1000)]), (p(895), 0));
        // 1/MAX: the reciprocal and the quotient are denormal: the denominator goes down by
        // 2^128 (not up: that overflows), VCC set for the post-scale; the numerator stays.
        assert_eq!(
            go([d(f64::MAX), d(f64::MAX), d(1.0)]),
            (d(f64::MAX * 2f64.powi(-128)), u64::MAX)
        );
        assert_eq!(go([d(1.0), d(f64::MAX), d(1.0)]), (d(1.0), u64::MAX));
        // A quotient that underflows to 0 counts as tiny: the numerator goes up, VCC set.
        assert_eq!(
            go([d(1e-300), d(1e300), d(1e-300)]),
            (d(1e-300 * 2f64.powi(128)), u64::MAX)
        );
        assert_eq!(go([d(1e300), d(1e300), d(1e-300)]), (d(1e300), u64::MAX));
    }
}

#[test]
fn div_fmas() {
    // VCC set: the fused result times 2^64 when SRC2's exponent is above 127 (|SRC2| >= 2),
    // else times 2^-64 (see div_fmas_f32's note: the manuals' 2^32 is wrong).
    let t = "v_div_fmas_f32 v0, v1, v2, v3";
    let mut w = wave(Gcn12);
    splat(&mut w, 1, f(2.0));
    splat(&mut w, 2, f(3.0));
    splat(&mut w, 3, f(1.0));
    // VCC set in lanes 0 and 2 only: SRC2 = 1.0 (exponent 127): scaled down by 2^64.
    w.set_pair(VCC, 0b101);
    run(&mut w, t);
    assert_eq!(w.v[0][0], f(7.0 * 2f32.powi(-64)));
    assert_eq!(w.v[0][1], f(7.0));
    assert_eq!(w.v[0][2], f(7.0 * 2f32.powi(-64)));
    assert_eq!(w.v[0][63], f(7.0));
    // SRC2 = 2.0 (exponent 128): scaled up.
    splat(&mut w, 3, f(2.0));
    run(&mut w, t);
    assert_eq!(w.v[0][0], f(8.0 * 2f32.powi(64)));
    // Fused, one rounding: (1 + 2^-12)^2 - (1 + 2^-11) = 2^-24, times 2^-64.
    w.set_pair(VCC, u64::MAX);
    splat(&mut w, 1, 0x3f80_0800);
    splat(&mut w, 2, 0x3f80_0800);
    splat(&mut w, 3, 0xbf80_1000);
    run(&mut w, t);
    assert_eq!(get(&w, 0), f(2f32.powi(-88)));
    w.set_pair(VCC, 0);
    run(&mut w, t);
    assert_eq!(get(&w, 0), f(2f32.powi(-24)));
    // Into the denormal range with one rounding: 3 * 2^-86 + 2^-110... scaled by 2^-64 is
    // 3 * 2^-150 + 2^-174: above the tie 1.5 * 2^-149, so it rounds up to 2^-148 (bits 2).
    // (MODE keeps f32 denormals so the result is not flushed.)
    let mut w = wave(Gcn14);
    w.mode = 0xf0;
    w.set_pair(VCC, u64::MAX);
    splat(&mut w, 1, f(3.0 * 2f32.powi(-86)));
    splat(&mut w, 2, f(1.0));
    splat(&mut w, 3, f(2f32.powi(-110)));
    run(&mut w, t);
    assert_eq!(get(&w, 0), 2);
    // ... and without the addend it is the tie itself, to even: 2^-149 * 2 = bits 2 too;
    // 2^-86 * 2^-64 = 2^-150 ties between 0 and 2^-149: to even, 0.
    splat(&mut w, 1, f(2f32.powi(-86)));
    splat(&mut w, 3, 0);
    run(&mut w, t);
    assert_eq!(get(&w, 0), 0);
    for a in ALL4 {
        let mut w = wave(a);
        splat64(&mut w, 2, d(2.0));
        splat64(&mut w, 4, d(3.0));
        splat64(&mut w, 6, d(1.0));
        w.set_pair(VCC, u64::MAX);
        run(&mut w, "v_div_fmas_f64 v[0:1], v[2:3], v[4:5], v[6:7]");
        assert_eq!(get64(&w, 0), d(7.0 * 2f64.powi(-128)));
        splat64(&mut w, 6, d(4.0));
        run(&mut w, "v_div_fmas_f64 v[0:1], v[2:3], v[4:5], v[6:7]");
        assert_eq!(get64(&w, 0), d(10.0 * 2f64.powi(128)));
        w.set_pair(VCC, 0);
        run(&mut w, "v_div_fmas_f64 v[0:1], v[2:3], v[4:5], v[6:7]");
        assert_eq!(get64(&w, 0), d(10.0));
    }
}

#[test]
fn mullit_f32() {
    let t = "v_mullit_f32 v0, v1, v2, v3";
    let g = |s| op3_all(&SICI, t, s);
    assert_eq!(g([f(2.0), f(3.0), f(1.0)]), f(6.0));
    assert_eq!(g([f(2.0), f(3.0), f(-1.0)]), 0xff7f_ffff);
    assert_eq!(g([f(2.0), f(3.0), f(0.0)]), 0xff7f_ffff);
    assert_eq!(g([f(2.0), f(3.0), QNAN]), 0xff7f_ffff);
    // A zero factor gives 0 even against inf.
    assert_eq!(g([f(0.0), f(f32::INFINITY), f(1.0)]), 0);
}

#[test]
fn trig_preop_f64() {
    let t = "v_trig_preop_f64 v[0:1], v[2:3], v4";
    for a in ALL4 {
        let mut w = wave(a);
        let mut go = |x: u64, seg: u32| {
            splat64(&mut w, 2, x);
            splat(&mut w, 4, seg);
            run(&mut w, t);
            get64(&w, 0)
        };
        // Segment 0: the first 53 bits of 2/π, truncated (2/π rounded to nearest is ...883).
        assert_eq!(go(d(1.0), 0), 0x3fe4_5f30_6dc9_c882);
        // Segment 1: bits 53..105, scaled by 2^-106; segments are taken & 31.
        assert_eq!(go(d(1.0), 1), 0x3c94_a7f0_9d5f_47d4);
        assert_eq!(go(d(-3.0), 33), 0x3c94_a7f0_9d5f_47d4);
        // exponent(2^100) = 1123 > 1077: shift 46.
        assert_eq!(go(d(2f64.powi(100)), 0), 0x3cb5_29fc_2757_d1e0);
        // Past the end of the table: +0.
        assert_eq!(go(d(1.0), 31), 0);
        // A NaN comes back quieted.
        assert_eq!(go(0x7ff0_0000_0000_0001, 0), 0x7ff8_0000_0000_0001);
    }
}

// --------------------------------------------------------------------------------------------
// 64-bit shifts and f64 operations
// --------------------------------------------------------------------------------------------

#[test]
fn shifts_64() {
    let x = 0x0000_0001_8000_0000u64;
    let s = |a: Arch, t: &str, v: u64, n: u32| {
        let mut w = wave(a);
        splat64(&mut w, 2, v);
        splat(&mut w, 4, n);
        run(&mut w, t);
        get64(&w, 0)
    };
    for a in SICI {
        let l = "v_lshl_b64 v[0:1], v[2:3], v4";
        let r = "v_lshr_b64 v[0:1], v[2:3], v4";
        let ar = "v_ashr_i64 v[0:1], v[2:3], v4";
        assert_eq!(s(a, l, x, 1), 0x0000_0003_0000_0000);
        assert_eq!(s(a, l, x, 65), 0x0000_0003_0000_0000); // 65 & 63
        assert_eq!(s(a, l, x, 0), x);
        assert_eq!(s(a, l, x, 63), 0);
        assert_eq!(s(a, r, 0x8000_0000_0000_0001, 63), 1);
        assert_eq!(s(a, r, 0x8000_0000_0000_0001, 64), 0x8000_0000_0000_0001); // 64 & 63 = 0
        assert_eq!(s(a, r, 0x8000_0000_0000_0001, 32), 0x8000_0000);
        assert_eq!(s(a, ar, 0x8000_0000_0000_0001, 63), u64::MAX);
        assert_eq!(s(a, ar, 0x8000_0000_0000_0001, 32), 0xffff_ffff_8000_0000);
        assert_eq!(s(a, ar, 0x4000_0000_0000_0000, 62), 1);
    }
    let rev = |a: Arch, t: &str, n: u32, v: u64| {
        let mut w = wave(a);
        splat(&mut w, 4, n);
        splat64(&mut w, 2, v);
        run(&mut w, t);
        get64(&w, 0)
    };
    for a in VIPLUS {
        let l = "v_lshlrev_b64 v[0:1], v4, v[2:3]";
        let r = "v_lshrrev_b64 v[0:1], v4, v[2:3]";
        let ar = "v_ashrrev_i64 v[0:1], v4, v[2:3]";
        assert_eq!(rev(a, l, 4, 0x0000_000f_f000_0000), 0x0000_00ff_0000_0000);
        assert_eq!(rev(a, l, 68, 0x0000_000f_f000_0000), 0x0000_00ff_0000_0000);
        assert_eq!(rev(a, r, 36, 0xf000_0000_0000_0000), 0x0000_0000_0f00_0000);
        assert_eq!(rev(a, ar, 36, 0xf000_0000_0000_0000), 0xffff_ffff_ff00_0000);
        assert_eq!(rev(a, ar, 63, 0x7fff_ffff_ffff_ffff), 0);
        // An inline constant as the 64-bit operand: -1 is all ones.
        let mut w = wave(a);
        splat(&mut w, 4, 60);
        run(&mut w, "v_lshrrev_b64 v[0:1], v4, -1");
        assert_eq!(get64(&w, 0), 0xf);
    }
}

#[test]
fn min_max_f64() {
    let mn = "v_min_f64 v[0:1], v[2:3], v[4:5]";
    let mx = "v_max_f64 v[0:1], v[2:3], v[4:5]";
    for a in ALL4 {
        assert_eq!(op64(a, mn, [d(1.5), d(-2.0), 0]), d(-2.0));
        assert_eq!(op64(a, mx, [d(1.5), d(-2.0), 0]), d(1.5));
        assert_eq!(op64(a, mn, [d(f64::NAN), d(3.0), 0]), d(3.0));
        assert_eq!(op64(a, mx, [d(3.0), d(f64::NAN), 0]), d(3.0));
        assert_eq!(op64(a, mn, [d(0.0), d(-0.0), 0]), d(-0.0));
        assert_eq!(op64(a, mx, [d(-0.0), d(0.0), 0]), d(0.0));
        assert_eq!(
            op64(a, mn, [0x7ff0_0000_0000_0001, 0x7ff0_0000_0000_0002, 0]),
            0x7ff8_0000_0000_0002
        );
        assert_eq!(op64(a, mx, [d(f64::NEG_INFINITY), d(-1e300), 0]), d(-1e300));
    }
}

#[test]
fn ldexp_f64() {
    let t = "v_ldexp_f64 v[0:1], v[2:3], v4";
    for a in ALL4 {
        let g = |x: f64, e: i32| op64(a, t, [d(x), e as u32 as u64, 0]);
        assert_eq!(g(1.5, 3), d(12.0));
        assert_eq!(g(3.0, -1), d(1.5));
        assert_eq!(g(1.0, -1074), 1); // smallest denormal (f64 denormals kept by the reset MODE)
        assert_eq!(g(1.0, -1075), 0); // tie → even
        assert_eq!(g(1.5, -1075), 1);
        assert_eq!(g(1.0, 1024), d(f64::INFINITY));
        assert_eq!(g(-1.0, i32::MAX), d(f64::NEG_INFINITY));
        assert_eq!(g(f64::from_bits(1), 1074), d(1.0));
        // An inline constant exponent.
        let mut w = wave(a);
        splat64(&mut w, 2, d(1.5));
        run(&mut w, "v_ldexp_f64 v[0:1], v[2:3], -2");
        assert_eq!(get64(&w, 0), d(0.375));
    }
    // f64 denormal results are flushed when MODE[7:6] flushes.
    assert_eq!(op64m(Gcn12, 0x30, t, [d(1.0), (-1074i32) as u32 as u64, 0]), 0);
}

#[test]
fn add_mul_f64() {
    for a in ALL4 {
        assert_eq!(
            op64(a, "v_add_f64 v[0:1], v[2:3], v[4:5]", [d(1.5), d(2.25), 0]),
            d(3.75)
        );
        assert_eq!(
            op64(a, "v_mul_f64 v[0:1], v[2:3], v[4:5]", [d(1.5), d(-2.0), 0]),
            d(-3.0)
        );
        assert_eq!(
            op64(a, "v_add_f64 v[0:1], v[2:3], -v[4:5]", [d(1.5), d(2.25), 0]),
            d(-0.75)
        );
    }
}

// --------------------------------------------------------------------------------------------
// 32-bit multiplies
// --------------------------------------------------------------------------------------------

#[test]
fn mul_32() {
    let s = [(-3i32) as u32, 7, 0];
    assert_eq!(op3_all(&SICI, "v_mul_lo_i32 v0, v1, v2", s), (-21i32) as u32);
    assert_eq!(op3_all(&SICI, "v_mul_lo_i32 v0, v1, v2", [0x10000, 0x10000, 0]), 0);
    assert_eq!(op3_all(&ALL4, "v_mul_lo_u32 v0, v1, v2", s), (-21i32) as u32);
    assert_eq!(
        op3_all(&ALL4, "v_mul_hi_u32 v0, v1, v2", [u32::MAX, u32::MAX, 0]),
        0xffff_fffe
    );
    assert_eq!(op3_all(&ALL4, "v_mul_hi_i32 v0, v1, v2", [u32::MAX, u32::MAX, 0]), 0);
    assert_eq!(op3_all(&ALL4, "v_mul_hi_i32 v0, v1, v2", [0x8000_0000, 2, 0]), u32::MAX);
    // GCN 1.2+: llvm-mc's v_mul_lo_i32 is an alias of v_mul_lo_u32 (clrxasm does not take it).
    for a in VIPLUS {
        let i = common::emu::asm_d(a, gcnkit::asm::Dialect::Llvm, "v_mul_lo_i32 v0, v1, v2");
        assert_eq!(i.words(), common::emu::asm(a, "v_mul_lo_u32 v0, v1, v2").words());
    }
}

// --------------------------------------------------------------------------------------------
// 16-bit three-operand operations
// --------------------------------------------------------------------------------------------

#[test]
fn mad_fma_f16() {
    // 1.5 * 2 + 0.25 = 3.25 (0x3e00 * 0x4000 + 0x3400 = 0x4280); high halves ignored.
    let s = [0xffff_3e00, 0x4000, 0x1234_3400];
    for (a, t) in [
        (Gcn12, "v_mad_f16 v0, v1, v2, v3"),
        (Gcn14, "v_mad_legacy_f16 v0, v1, v2, v3"),
        (Gcn12, "v_fma_f16 v0, v1, v2, v3"),
        (Gcn14, "v_fma_legacy_f16 v0, v1, v2, v3"),
    ] {
        assert_eq!(op3(a, t, s), 0x4280, "{t}");
    }
    // (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20: MAD rounds the product to 1 + 2^-9, FMA keeps 2^-20
    // (0x0010, an f16 denormal kept by the reset MODE, flushed with MODE[7:6] = 0).
    let s = [0x3c01, 0x3c01, 0xbc02];
    assert_eq!(op3(Gcn12, "v_mad_f16 v0, v1, v2, v3", s), 0);
    assert_eq!(op3(Gcn12, "v_fma_f16 v0, v1, v2, v3", s), 0x0010);
    assert_eq!(op3(Gcn14, "v_fma_f16 v0, v1, v2, v3", s), 0x0010);
    assert_eq!(op3m(Gcn12, 0x30, "v_fma_f16 v0, v1, v2, v3", s), 0);
    // Round to nearest even at f16 precision (ulp 2 at 2048): 2048 + 1 ties to 2048,
    // (1 + 2^-10) * 2048 + 1 = 2051 ties to 2052, and 2052 + 2^-24 stays 2052.
    assert_eq!(op3(Gcn12, "v_fma_f16 v0, v1, v2, v3", [0x6800, 0x3c00, 0x3c00]), 0x6800);
    assert_eq!(op3(Gcn12, "v_fma_f16 v0, v1, v2, v3", [0x3c01, 0x6800, 0x3c00]), 0x6802);
    assert_eq!(op3(Gcn12, "v_fma_f16 v0, v1, v2, v3", [0x6802, 0x3c00, 0x0001]), 0x6802);
    // 3 * 683 + 2^-24 = 2049 + 2^-24: just above the tie, so up to 2050 (0x6801).
    assert_eq!(op3(Gcn12, "v_fma_f16 v0, v1, v2, v3", [0x4200, 0x6156, 0x0001]), 0x6801);
    // MAD flushes f16 denormals whatever MODE says: 2^-14 * 0.5 → 0.
    assert_eq!(op3(Gcn12, "v_mad_f16 v0, v1, v2, v3", [0x0400, 0x3800, 0]), 0);
    assert_eq!(op3(Gcn12, "v_fma_f16 v0, v1, v2, v3", [0x0400, 0x3800, 0]), 0x0200);
    // Overflow to inf.
    assert_eq!(op3(Gcn12, "v_fma_f16 v0, v1, v2, v3", [0x7bff, 0x4000, 0]), 0x7c00);
}

#[test]
fn mad_u16_i16() {
    let u = [
        (Gcn12, "v_mad_u16 v0, v1, v2, v3"),
        (Gcn14, "v_mad_u16 v0, v1, v2, v3"),
        (Gcn14, "v_mad_legacy_u16 v0, v1, v2, v3"),
    ];
    for (a, t) in u {
        // 300 * 300 + 5 = 90005 → 0x5f95 (16 bits); CLAMP saturates. High halves ignored.
        assert_eq!(op3(a, t, [0xabcd_012c, 300, 5]), 0x5f95, "{t}");
        assert_eq!(op3(a, &format!("{t} clamp"), [300, 300, 5]), 0xffff, "{t}");
        assert_eq!(op3(a, t, [3, 4, 0xffff_0005]), 17, "{t}");
    }
    let i = [
        (Gcn12, "v_mad_i16 v0, v1, v2, v3"),
        (Gcn14, "v_mad_i16 v0, v1, v2, v3"),
        (Gcn14, "v_mad_legacy_i16 v0, v1, v2, v3"),
    ];
    for (a, t) in i {
        assert_eq!(op3(a, t, [0xfffd, 4, 1]), 0xfff5, "{t}"); // -3*4+1 = -11
        assert_eq!(op3(a, t, [200, 200, 0]), 0x9c40, "{t}");
        assert_eq!(op3(a, &format!("{t} clamp"), [200, 200, 0]), 0x7fff, "{t}");
        assert_eq!(op3(a, &format!("{t} clamp"), [0xff38, 200, 0]), 0x8000, "{t}");
        // -200*200
    }
    // GCN 1.4 op_sel forms keep the other half of VDST; the legacy form writes 32 bits.
    let mut w = wave(Gcn14);
    splat(&mut w, 0, 0xdead_0000);
    splat(&mut w, 1, 300);
    splat(&mut w, 2, 300);
    splat(&mut w, 3, 5);
    run(&mut w, "v_mad_u16 v0, v1, v2, v3");
    assert_eq!(get(&w, 0), 0xdead_5f95);
    run(&mut w, "v_mad_u16 v0, v1, v2, v3 op_sel:[0,0,0,1]");
    assert_eq!(get(&w, 0), 0x5f95_5f95);
    run(&mut w, "v_mad_legacy_u16 v0, v1, v2, v3");
    assert_eq!(get(&w, 0), 0x0000_5f95);
}

// --------------------------------------------------------------------------------------------
// GCN 1.4 additions
// --------------------------------------------------------------------------------------------

#[test]
fn gcn14_mads() {
    let g = |t: &str, s| op3(Gcn14, t, s);
    assert_eq!(
        g("v_mad_u32_u16 v0, v1, v2, v3", [0x1234_ffff, 0xffff_0002, 1]),
        0x1ffff
    );
    assert_eq!(
        g(
            "v_mad_u32_u16 v0, v1, v2, v3 op_sel:[1,0,0,0]",
            [0x1234_ffff, 0xffff_0002, 1]
        ),
        0x2469
    );
    assert_eq!(
        g("v_mad_u32_u16 v0, v1, v2, v3", [0xffff, 0xffff, u32::MAX]),
        0xfffe_0000
    );
    assert_eq!(
        g("v_mad_u32_u16 v0, v1, v2, v3 clamp", [0xffff, 0xffff, u32::MAX]),
        u32::MAX
    );
    assert_eq!(g("v_mad_i32_i16 v0, v1, v2, v3", [0xffff, 5, 10]), 5);
    assert_eq!(g("v_mad_i32_i16 v0, v1, v2, v3", [0x8000, 0x8000, 0]), 0x4000_0000);
    assert_eq!(
        g("v_mad_i32_i16 v0, v1, v2, v3", [0x8000, 0x7fff, 0x8000_0000]),
        0x4000_8000
    );
    assert_eq!(
        g("v_mad_i32_i16 v0, v1, v2, v3 clamp", [0x8000, 0x7fff, 0x8000_0000]),
        0x8000_0000
    );
}

#[test]
fn gcn14_logic() {
    let g = |t: &str, s| op3(Gcn14, t, s);
    assert_eq!(
        g("v_xad_u32 v0, v1, v2, v3", [0xf0f0_f0f0, 0xffff_0000, 1]),
        0x0f0f_f0f1
    );
    assert_eq!(g("v_xad_u32 v0, v1, v2, v3", [0, u32::MAX, 1]), 0);
    assert_eq!(g("v_lshl_add_u32 v0, v1, v2, v3", [1, 4, 3]), 19);
    assert_eq!(g("v_lshl_add_u32 v0, v1, v2, v3", [1, 36, 3]), 19); // 36 & 31
    assert_eq!(g("v_lshl_add_u32 v0, v1, v2, v3", [0x8000_0001, 1, 0xffff_ffff]), 1);
    assert_eq!(g("v_add_lshl_u32 v0, v1, v2, v3", [1, 2, 4]), 48);
    assert_eq!(g("v_add_lshl_u32 v0, v1, v2, v3", [u32::MAX, 2, 33]), 2);
    assert_eq!(g("v_add3_u32 v0, v1, v2, v3", [u32::MAX, 2, 3]), 4);
    assert_eq!(g("v_lshl_or_b32 v0, v1, v2, v3", [1, 31, 1]), 0x8000_0001);
    assert_eq!(
        g("v_and_or_b32 v0, v1, v2, v3", [0xff00_ff00, 0x0ff0_0ff0, 1]),
        0x0f00_0f01
    );
    assert_eq!(g("v_or3_b32 v0, v1, v2, v3", [1, 2, 4]), 7);
}

#[test]
fn gcn14_pknorm_pack() {
    let g = |t: &str, s| op3(Gcn14, t, s);
    // 1.0 → 32767; -0.5 * 32767 = -16383.5 → even -16384 = 0xc000.
    assert_eq!(g("v_cvt_pknorm_i16_f16 v0, v1, v2", [0x3c00, 0xb800, 0]), 0xc000_7fff);
    // 2.0 clamps to 1.0; -inf to -1.0 (-32767 = 0x8001); NaN → 0.
    assert_eq!(g("v_cvt_pknorm_i16_f16 v0, v1, v2", [0x4000, 0xfc00, 0]), 0x8001_7fff);
    assert_eq!(g("v_cvt_pknorm_i16_f16 v0, v1, v2", [0x7e00, 0x0000, 0]), 0);
    // 0.5 * 65535 = 32767.5 → even 32768; negative → 0.
    assert_eq!(g("v_cvt_pknorm_u16_f16 v0, v1, v2", [0x3800, 0xbc00, 0]), 0x0000_8000);
    assert_eq!(g("v_cvt_pknorm_u16_f16 v0, v1, v2", [0x3c00, 0x7c00, 0]), 0xffff_ffff);
    // op_sel picks the high halves.
    assert_eq!(
        g(
            "v_cvt_pknorm_u16_f16 v0, v1, v2 op_sel:[1,1,0]",
            [0x3c00_0000, 0x3800_0000, 0]
        ),
        0x8000_ffff
    );
    assert_eq!(
        g("v_pack_b32_f16 v0, v1, v2", [0xffff_3c00, 0x1234_4000, 0]),
        0x4000_3c00
    );
    assert_eq!(
        g(
            "v_pack_b32_f16 v0, v1, v2 op_sel:[1,0,0]",
            [0xbc00_3c00, 0x1234_4000, 0]
        ),
        0x4000_bc00
    );
}

#[test]
fn gcn14_add_sub_signed() {
    let g = |t: &str, s| op3(Gcn14, t, s);
    assert_eq!(g("v_add_i32 v0, v1, v2", [0x7fff_ffff, 1, 0]), 0x8000_0000);
    assert_eq!(g("v_add_i32 v0, v1, v2 clamp", [0x7fff_ffff, 1, 0]), 0x7fff_ffff);
    assert_eq!(g("v_add_i32 v0, v1, v2 clamp", [0x8000_0000, u32::MAX, 0]), 0x8000_0000);
    assert_eq!(g("v_add_i32 v0, v1, v2", [5, (-7i32) as u32, 0]), (-2i32) as u32);
    assert_eq!(g("v_sub_i32 v0, v1, v2", [0x8000_0000, 1, 0]), 0x7fff_ffff);
    assert_eq!(g("v_sub_i32 v0, v1, v2 clamp", [0x8000_0000, 1, 0]), 0x8000_0000);
    assert_eq!(g("v_sub_i32 v0, v1, v2 clamp", [0x7fff_ffff, u32::MAX, 0]), 0x7fff_ffff);
    // 16-bit: the high half of VDST (0 here) is kept.
    assert_eq!(g("v_add_i16 v0, v1, v2", [0x7fff, 1, 0]), 0x8000);
    assert_eq!(g("v_add_i16 v0, v1, v2 clamp", [0x7fff, 1, 0]), 0x7fff);
    assert_eq!(g("v_add_i16 v0, v1, v2 clamp", [0x8000, 0xffff, 0]), 0x8000);
    assert_eq!(g("v_sub_i16 v0, v1, v2", [0x8000, 1, 0]), 0x7fff);
    assert_eq!(g("v_sub_i16 v0, v1, v2 clamp", [0x8000, 1, 0]), 0x8000);
    assert_eq!(g("v_sub_i16 v0, v1, v2 clamp", [0x7fff, 0xffff, 0]), 0x7fff);
    let mut w = wave(Gcn14);
    splat(&mut w, 0, 0x1234_0000);
    splat(&mut w, 1, 0x0003_7fff);
    splat(&mut w, 2, 0x0004_0001);
    run(&mut w, "v_add_i16 v0, v1, v2");
    assert_eq!(get(&w, 0), 0x1234_8000);
    run(&mut w, "v_add_i16 v0, v1, v2 op_sel:[1,1,1]");
    assert_eq!(get(&w, 0), 0x0007_8000);
}

#[test]
fn readlane_regrd() {
    let mut w = wave(Gcn14);
    for lane in 0..64 {
        w.v[1][lane] = 0x100 + lane as u32;
    }
    w.s[2] = 67; // & 63 = 3
    w.set_pair(EXEC, 0); // ignores EXEC
    run(&mut w, "v_readlane_regrd_b32 s5, v1, s2");
    assert_eq!(w.s[5], 0x103);
}

// --------------------------------------------------------------------------------------------
// EXEC and per-lane operands
// --------------------------------------------------------------------------------------------

#[test]
fn exec_holes_keep_vdst() {
    let mut w = wave(Gcn12);
    for lane in 0..64u32 {
        w.v[1][lane as usize] = lane;
        w.v[2][lane as usize] = 100 - lane;
        w.v[3][lane as usize] = lane * 1000;
        w.v[0][lane as usize] = 0xdead_0000 | lane;
    }
    let exec = 0xf0f0_0000_0000_ff0fu64;
    w.set_pair(EXEC, exec);
    run(&mut w, "v_sad_u32 v0, v1, v2, v3");
    for lane in 0..64u32 {
        let want = if exec >> lane & 1 != 0 {
            lane * 1000 + lane.abs_diff(100 - lane)
        } else {
            0xdead_0000 | lane
        };
        assert_eq!(w.v[0][lane as usize], want, "lane {lane}");
    }
    // 64-bit destination under EXEC.
    let mut w = wave(Gcn12);
    splat64(&mut w, 0, 0x5555_5555_5555_5555);
    splat64(&mut w, 2, d(2.0));
    splat64(&mut w, 4, d(3.0));
    splat64(&mut w, 6, d(1.0));
    w.set_pair(EXEC, 0x2);
    run(&mut w, "v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]");
    assert_eq!(w.v[0][1] as u64 | (w.v[1][1] as u64) << 32, d(7.0));
    assert_eq!(w.v[0][0], 0x5555_5555);
    assert_eq!(w.v[1][2], 0x5555_5555);
}

#[test]
fn every_vop3_only_row_has_semantics_and_op() {
    // The rows of isa/vop3.rs are the ones between v_mad_legacy_f32 and v_pack_b32_f16.
    let isa = gcnkit::isa::isa();
    let names = [
        "v_mad_legacy_f32",
        "v_cubeid_f32",
        "v_lerp_u8",
        "v_div_scale_f64",
        "v_trig_preop_f64",
        "v_mqsad_u32_u8",
        "v_mad_i64_i32",
        "v_perm_b32",
        "v_div_fixup_legacy_f16",
        "v_ashrrev_i64",
        "v_or3_b32",
        "v_cvt_pknorm_u16_f16",
        "v_readlane_regrd_b32",
        "v_pack_b32_f16",
    ];
    for n in names {
        for &id in isa.by_name(n) {
            let d = isa.def(id);
            assert!(d.sem.is_some() && d.op.is_some(), "{n}");
        }
    }
}

// --------------------------------------------------------------------------------------------
// Properties: Rust's own arithmetic must agree
// --------------------------------------------------------------------------------------------

/// Runs `text` on 64 lanes of per-lane sources (v1, v2, v3) and returns v0.
fn lanes3(a: Arch, mode: u32, text: &str, s: &[[u32; 3]]) -> Vec<u32> {
    let mut w = wave(a);
    w.mode = mode;
    for (lane, v) in s.iter().enumerate() {
        w.v[1][lane] = v[0];
        w.v[2][lane] = v[1];
        w.v[3][lane] = v[2];
    }
    run(&mut w, text);
    w.v[0][..s.len()].to_vec()
}

fn lanes_strategy() -> impl Strategy<Value = Vec<[u32; 3]>> {
    prop::collection::vec(prop::array::uniform3(any::<u32>()), 64)
}

fn f32_strategy() -> impl Strategy<Value = u32> {
    // Mostly ordinary values, sometimes any bit pattern (denormals, inf, NaN).
    prop_oneof![
        4 => (-1.0e6f32..1.0e6f32).prop_map(f32::to_bits),
        1 => any::<u32>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn fma_f32_matches_mul_add(v in prop::collection::vec(prop::array::uniform3(f32_strategy()), 64)) {
        let got = lanes3(Gcn12, KEEP, "v_fma_f32 v0, v1, v2, v3", &v);
        for (lane, s) in v.iter().enumerate() {
            let want = f32::from_bits(s[0]).mul_add(f32::from_bits(s[1]), f32::from_bits(s[2]));
            let g = f32::from_bits(got[lane]);
            prop_assert!(g.to_bits() == want.to_bits() || (g.is_nan() && want.is_nan()),
                "lane {} {:08x?}: {:08x} vs {:08x}", lane, s, got[lane], want.to_bits());
        }
    }

    #[test]
    fn fma_f64_matches_mul_add(a in any::<f64>(), b in any::<f64>(), c in -1e30f64..1e30) {
        let got = op64m(Gcn14, KEEP, "v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]", [d(a), d(b), d(c)]);
        let want = a.mul_add(b, c);
        prop_assert!(got == d(want) || (f64::from_bits(got).is_nan() && want.is_nan()));
    }

    #[test]
    fn fma_f16_matches_exact_sums(a in any::<u16>(), b in any::<u16>(), c in any::<u16>()) {
        let (fa, fb, fc) = (
            half::f16::from_bits(a).to_f64(),
            half::f16::from_bits(b).to_f64(),
            half::f16::from_bits(c).to_f64(),
        );
        let p = fa * fb; // exact
        let s = p + fc;
        // Only where the sum is exact in f64 and f32: then one f32 → f16 rounding is the answer.
        prop_assume!(s.is_finite() && s - p == fc && (s as f32) as f64 == s);
        let got = op3m(Gcn12, 0xf0, "v_fma_f16 v0, v1, v2, v3", [a as u32, b as u32, c as u32]);
        let want = half::f16::from_f32(s as f32).to_bits() as u32;
        prop_assert_eq!(got, want);
    }

    #[test]
    fn integer_ops_match_rust(v in lanes_strategy()) {
        let check = |a: Arch, t: &str, r: &dyn Fn(u32, u32, u32) -> u32| -> Result<(), TestCaseError> {
            let got = lanes3(a, FLUSH, t, &v);
            for (lane, s) in v.iter().enumerate() {
                prop_assert_eq!(got[lane], r(s[0], s[1], s[2]), "{} lane {} {:08x?}", t, lane, s);
            }
            Ok(())
        };
        check(Gcn12, "v_mad_u32_u24 v0, v1, v2, v3", &|a, b, c| (a & 0xffffff).wrapping_mul(b & 0xffffff).wrapping_add(c))?;
        check(Gcn12, "v_mad_i32_i24 v0, v1, v2, v3", &|a, b, c| (((a << 8) as i32 >> 8).wrapping_mul((b << 8) as i32 >> 8) as u32).wrapping_add(c))?;
        check(Gcn10, "v_mul_lo_i32 v0, v1, v2", &|a, b, _| (a as i32).wrapping_mul(b as i32) as u32)?;
        check(Gcn12, "v_mul_hi_u32 v0, v1, v2", &|a, b, _| ((a as u64 * b as u64) >> 32) as u32)?;
        check(Gcn12, "v_mul_hi_i32 v0, v1, v2", &|a, b, _| ((a as i32 as i64 * b as i32 as i64) >> 32) as u32)?;
        check(Gcn12, "v_alignbit_b32 v0, v1, v2, v3", &|a, b, c| (((a as u64) << 32 | b as u64) >> (c % 32)) as u32)?;
        check(Gcn12, "v_bfe_u32 v0, v1, v2, v3", &|a, b, c| {
            let (o, w) = (b % 32, c % 32);
            if w == 0 { 0 } else { ((a as u64 >> o) & ((1u64 << w) - 1)) as u32 }
        })?;
        check(Gcn12, "v_bfi_b32 v0, v1, v2, v3", &|a, b, c| (a & b) | (!a & c))?;
        check(Gcn12, "v_min3_u32 v0, v1, v2, v3", &|a, b, c| *[a, b, c].iter().min().unwrap())?;
        check(Gcn12, "v_max3_i32 v0, v1, v2, v3", &|a, b, c| *[a as i32, b as i32, c as i32].iter().max().unwrap() as u32)?;
        check(Gcn12, "v_med3_u32 v0, v1, v2, v3", &|a, b, c| { let mut x = [a, b, c]; x.sort(); x[1] })?;
        check(Gcn12, "v_med3_i32 v0, v1, v2, v3", &|a, b, c| { let mut x = [a as i32, b as i32, c as i32]; x.sort(); x[1] as u32 })?;
        check(Gcn12, "v_sad_u32 v0, v1, v2, v3", &|a, b, c| c.wrapping_add(a.abs_diff(b)))?;
        check(Gcn12, "v_sad_u8 v0, v1, v2, v3", &|a, b, c| {
            c.wrapping_add(a.to_le_bytes().iter().zip(b.to_le_bytes()).map(|(x, y)| x.abs_diff(y) as u32).sum())
        })?;
        check(Gcn14, "v_add3_u32 v0, v1, v2, v3", &|a, b, c| a.wrapping_add(b).wrapping_add(c))?;
        check(Gcn14, "v_xad_u32 v0, v1, v2, v3", &|a, b, c| (a ^ b).wrapping_add(c))?;
        check(Gcn14, "v_lshl_add_u32 v0, v1, v2, v3", &|a, b, c| a.wrapping_shl(b).wrapping_add(c))?;
        check(Gcn14, "v_add_i32 v0, v1, v2 clamp", &|a, b, _| (a as i32).saturating_add(b as i32) as u32)?;
        check(Gcn14, "v_sub_i32 v0, v1, v2 clamp", &|a, b, _| (a as i32).saturating_sub(b as i32) as u32)?;
        check(Gcn14, "v_mad_u32_u16 v0, v1, v2, v3", &|a, b, c| (a & 0xffff).wrapping_mul(b & 0xffff).wrapping_add(c))?;
        check(Gcn14, "v_min3_i16 v0, v1, v2, v3", &|a, b, c| (a as i16).min(b as i16).min(c as i16) as u16 as u32)?;
        check(Gcn12, "v_perm_b32 v0, v1, v2, v3", &|a, b, c| {
            // Selectors 0..7 only: plain byte gathers.
            let q = ((a as u64) << 32 | b as u64).to_le_bytes();
            let s = c.to_le_bytes();
            let pick = |x: u8| if x < 8 { q[x as usize] } else if x >= 13 { 0xff } else if x == 12 { 0 } else {
                if q[(x as usize - 8) * 2 + 1] & 0x80 != 0 { 0xff } else { 0 } };
            u32::from_le_bytes([pick(s[0]), pick(s[1]), pick(s[2]), pick(s[3])])
        })?;
    }

    #[test]
    fn wide_integer_ops_match_rust(a in any::<u32>(), b in any::<u32>(), c in any::<u64>(), n in any::<u32>()) {
        let mut w = wave(Gcn12);
        splat(&mut w, 2, a);
        splat(&mut w, 3, b);
        splat64(&mut w, 4, c);
        run(&mut w, "v_mad_u64_u32 v[0:1], s[8:9], v2, v3, v[4:5]");
        let exact = a as u128 * b as u128 + c as u128;
        prop_assert_eq!(get64(&w, 0), exact as u64);
        prop_assert_eq!(w.pair(8), if exact >> 64 != 0 { u64::MAX } else { 0 });
        run(&mut w, "v_mad_i64_i32 v[0:1], s[8:9], v2, v3, v[4:5]");
        prop_assert_eq!(get64(&w, 0), (a as i32 as i64).wrapping_mul(b as i32 as i64).wrapping_add(c as i64) as u64);
        splat(&mut w, 6, n);
        run(&mut w, "v_lshrrev_b64 v[0:1], v6, v[4:5]");
        prop_assert_eq!(get64(&w, 0), c >> (n % 64));
        run(&mut w, "v_ashrrev_i64 v[0:1], v6, v[4:5]");
        prop_assert_eq!(get64(&w, 0), ((c as i64) >> (n % 64)) as u64);
        run(&mut w, "v_lshlrev_b64 v[0:1], v6, v[4:5]");
        prop_assert_eq!(get64(&w, 0), c << (n % 64));
    }

    #[test]
    fn ldexp_f64_matches_powi(x in -1e100f64..1e100, e in -200i32..200) {
        let got = op64(Gcn12, "v_ldexp_f64 v[0:1], v[2:3], v4", [d(x), e as u32 as u64, 0]);
        prop_assert_eq!(got, d(x * 2f64.powi(e))); // exact: no overflow or underflow here
    }

    #[test]
    fn min3_max3_f32_match_rust(a in f32_strategy(), b in f32_strategy(), c in f32_strategy()) {
        let (fa, fb, fc) = (f32::from_bits(a), f32::from_bits(b), f32::from_bits(c));
        // Non-NaN, non-denormal, distinct magnitudes: plain min/max.
        prop_assume!([fa, fb, fc].iter().all(|x| x.is_finite() && (x.is_normal() || *x == 0.0)));
        prop_assume!(fa != fb && fb != fc && fa != fc);
        prop_assert_eq!(op3(Gcn12, "v_min3_f32 v0, v1, v2, v3", [a, b, c]), f(fa.min(fb).min(fc)));
        prop_assert_eq!(op3(Gcn12, "v_max3_f32 v0, v1, v2, v3", [a, b, c]), f(fa.max(fb).max(fc)));
        let mut s = [fa, fb, fc];
        s.sort_by(|x, y| x.partial_cmp(y).unwrap());
        prop_assert_eq!(op3(Gcn12, "v_med3_f32 v0, v1, v2, v3", [a, b, c]), f(s[1]));
    }
}
