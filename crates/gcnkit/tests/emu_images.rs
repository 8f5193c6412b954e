//! MIMG details the compiled OpenCL kernels (crates/gcnkit-cli/tests/images.rs) do not reach,
//! in hand-written gfx900 kernels whose T# and S# are built in SGPRs from the manuals' field
//! positions (written out here): a DMASK subset with TFE and out-of-range coordinates, a
//! sample with texel offsets and an explicit LOD choosing between the magnification and
//! minification filters, a store of a DMASK subset keeping the other channels. Expected values
//! come from the rules computed here, not from the emulator.

use gcnkit::emu::dispatch::{kernels, ArgInfo, KernelInfo, Setup};
use gcnkit::emu::kernel::{run, ArgValue, Launch};
use gcnkit::Arch;
use std::sync::Arc;

const A: Arch = Arch::Gcn14;

fn template() -> KernelInfo {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/run/stencil.gfx900.hsaco");
    kernels(&std::fs::read(path).unwrap()).unwrap().remove(0)
}

fn words(text: &str) -> Vec<u32> {
    let mut x = gcnkit::asm::Assembler::new(A, gcnkit::asm::Dialect::Llvm, "t.s");
    for (n, l) in text.lines().enumerate() {
        x.line(n + 1, l);
    }
    let (items, diags) = x.finish();
    assert!(diags.is_empty(), "{diags:?}");
    items.iter().flat_map(|it| it.instr(A).words().to_vec()).collect()
}

/// Runs `body` on 64 lanes (v0 = lane) after a prologue that loads the image buffer's base
/// (argument 0) into s[8:9] and the output buffer's (argument 1) into s[10:11], and builds the
/// T# `t` in s[16:23] over the image buffer and the S# `s` in s[24:27]. Returns both buffers.
fn run_body(t: [u32; 8], s: [u32; 4], image: Vec<u8>, body: &str) -> (Vec<u8>, Vec<u8>) {
    let tpl = template();
    let k: usize = [4, 2, 2]
        .iter()
        .zip(&tpl.setup.user[..3])
        .filter(|(_, on)| **on)
        .map(|(n, _)| n)
        .sum();
    let mut text = format!(
        "s_load_dwordx2 s[8:9], s[{k}:{}], 0x0\ns_load_dwordx2 s[10:11], s[{k}:{}], 0x8\ns_waitcnt lgkmcnt(0)\n\
         s_lshr_b64 s[12:13], s[8:9], 8\ns_mov_b32 s16, s12\ns_and_b32 s17, s13, 0xff\ns_or_b32 s17, s17, 0x{:x}\n",
        k + 1,
        k + 1,
        t[1]
    );
    for (n, v) in t.iter().enumerate().skip(2) {
        text += &format!("s_mov_b32 s{}, 0x{v:x}\n", 16 + n);
    }
    for (n, v) in s.iter().enumerate() {
        text += &format!("s_mov_b32 s{}, 0x{v:x}\n", 24 + n);
    }
    text += body;
    text += "\ns_endpgm";
    let code = words(&text);
    let bytes: Vec<u8> = code.iter().flat_map(|w| w.to_le_bytes()).collect();
    let buf = |name: &str, offset| ArgInfo {
        name: name.into(),
        offset,
        size: 8,
        kind: "global_buffer".into(),
        type_name: None,
    };
    let kernel = KernelInfo {
        name: "images".into(),
        arch: A,
        code: Arc::new(code),
        entry: 0,
        image: Arc::new(bytes),
        code_addr: 0,
        setup: Setup { ..tpl.setup.clone() },
        args: vec![buf("img", 0), buf("out", 8)],
        reqd_block: None,
        max_block: None,
        version: 4,
    };
    let l = Launch {
        grid: [64, 1, 1],
        block: [64, 1, 1],
        args: vec![ArgValue::Buffer(image), ArgValue::Buffer(vec![0; 64 * 16])],
        threads: 1,
        budget: 10_000,
        trace: None,
        progress: None,
        checker: None,
        resident: false,
    };
    let o = run(&kernel, &l, None).expect("runs");
    (o.buffers[0].clone().unwrap(), o.buffers[1].clone().unwrap())
}

/// A T# (GCN 1.4) of a linear 2D image `w` x `h`: DATA_FORMAT word 1 bits 20-25, NUM_FORMAT
/// 26-29; WIDTH-1 word 2 bits 0-13, HEIGHT-1 14-27; DST_SEL word 3 bits 0-11, TYPE 28-31 (9:
/// 2D); PITCH-1 word 4 bits 13-28. The base (words 0-1) is filled in by the prologue.
fn tsharp(w: u32, h: u32, dfmt: u32, nfmt: u32, sel: [u32; 4]) -> [u32; 8] {
    let dst = sel[0] | sel[1] << 3 | sel[2] << 6 | sel[3] << 9;
    [
        0,
        dfmt << 20 | nfmt << 26,
        (w - 1) | (h - 1) << 14,
        dst | 9 << 28,
        (w - 1) << 13,
        0,
        0,
        0,
    ]
}

fn f32s(b: &[u8]) -> Vec<f32> {
    b.chunks(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// image_load with DMASK 0x5 (X and Z) and TFE: lanes at x < 8 read c/255 of the R and B
/// bytes, lanes past the width read zeros; TFE's extra VGPR is 0.
#[test]
fn load_with_dmask_subset_tfe_and_out_of_range_lanes() {
    let image: Vec<u8> = (0..8 * 4 * 4).map(|i| (i * 37 % 251) as u8).collect();
    let t = tsharp(8, 4, 10, 0, [4, 5, 6, 7]);
    let body = "v_and_b32 v10, 15, v0\nv_lshrrev_b32 v11, 4, v0\nv_mov_b32 v4, 7\n\
                image_load v[2:4], v[10:11], s[16:23] dmask:0x5 unorm tfe\n\
                v_lshlrev_b32 v12, 4, v0\nglobal_store_dwordx3 v12, v[2:4], s[10:11]";
    let (_, out) = run_body(t, [0; 4], image.clone(), body);
    let got = f32s(&out);
    for lane in 0..64usize {
        let (x, y) = (lane % 16, lane / 16);
        let want = if x < 8 {
            let p = (y * 8 + x) * 4;
            [image[p] as f32 / 255.0, image[p + 2] as f32 / 255.0, 0.0]
        } else {
            [0.0; 3]
        };
        assert_eq!(got[4 * lane..4 * lane + 3], want, "lane {lane}");
    }
}

/// image_sample_l_o on an r_float image, unnormalized, clamp to edge: texel offsets (+1, -1)
/// move the coordinate; LOD 0 takes the magnification filter (point), LOD 1 the minification
/// one (bilinear).
#[test]
fn sample_with_offsets_and_lod_picks_the_filter() {
    let texels: Vec<f32> = (0..32).map(|i| (i * i) as f32 * 0.5 - 3.0).collect();
    let image: Vec<u8> = texels.iter().flat_map(|f| f.to_le_bytes()).collect();
    let t = tsharp(8, 4, 4, 7, [4, 0, 0, 1]);
    // S#: CLAMP_X/Y/Z 2 (clamp to the last texel), FORCE_UNNORMALIZED (bit 15); word 2:
    // XY_MAG_FILTER 0 (point), XY_MIN_FILTER 1 (bilinear, bits 22-23).
    let s = [2 | 2 << 3 | 2 << 6 | 1 << 15, 0xfff000, 1 << 22, 0];
    // offset = x +1 (bits 0-5), y -1 (bits 8-13); s = (lane % 8) + 0.75; t = 1.5;
    // lod = 1.0 on lanes 32-63.
    let body = "v_mov_b32 v6, 0x3f01\nv_and_b32 v7, 7, v0\nv_cvt_f32_u32 v7, v7\nv_add_f32 v7, 0.5, v7\n\
                v_add_f32 v7, 0x3e800000, v7\nv_mov_b32 v8, 0x3fc00000\nv_lshrrev_b32 v9, 5, v0\nv_cvt_f32_u32 v9, v9\n\
                image_sample_l_o v[2:5], v[6:9], s[16:23], s[24:27] dmask:0xf\n\
                v_lshlrev_b32 v12, 4, v0\nglobal_store_dwordx4 v12, v[2:5], s[10:11]";
    let (_, out) = run_body(t, s, image, body);
    let got = f32s(&out);
    let tex = |x: i64, y: i64| texels[(y.clamp(0, 3) * 8 + x.clamp(0, 7)) as usize];
    for lane in 0..64usize {
        let u = (lane % 8) as f64 + 0.75 + 1.0;
        let v: f64 = 1.5 - 1.0;
        let r = if lane < 32 {
            tex(u.floor() as i64, v.floor() as i64)
        } else {
            // Bilinear: v - 0.5 = 0 exactly (one row); u - 0.5 has the fraction 0.25.
            let i0 = (u - 0.5).floor() as i64;
            let a = (u - 0.5) - (u - 0.5).floor();
            ((1.0 - a) * tex(i0, 0) as f64 + a * tex(i0 + 1, 0) as f64) as f32
        };
        assert_eq!(got[4 * lane..4 * lane + 4], [r, 0.0, 0.0, 1.0], "lane {lane}");
    }
}

/// image_store with DMASK 0x3 on rgba_unorm8: R and G become round-to-nearest-even of x*255
/// (0.5 * 255 = 127.5 → 128), B and A keep their bytes; lanes past the height store nothing.
#[test]
fn store_of_a_dmask_subset_keeps_the_other_channels() {
    let image: Vec<u8> = (0..8 * 4 * 4).map(|i| (i * 29 % 253) as u8).collect();
    let t = tsharp(8, 4, 10, 0, [4, 5, 6, 7]);
    // x = lane % 8, y = lane / 8 (rows 4-7 are outside); R = lane / 64, G = 0.5.
    let body = "v_and_b32 v10, 7, v0\nv_lshrrev_b32 v11, 3, v0\nv_cvt_f32_u32 v2, v0\nv_mul_f32 v2, 0x3c800000, v2\n\
                v_mov_b32 v3, 0.5\nimage_store v[2:3], v[10:11], s[16:23] dmask:0x3 unorm";
    let (img, _) = run_body(t, [0; 4], image.clone(), body);
    let mut want = image.clone();
    for lane in 0..32usize {
        let p = lane * 4;
        want[p] = (lane as f64 / 64.0 * 255.0).round_ties_even() as u8;
        want[p + 1] = 128;
    }
    assert_eq!(img, want);
}
