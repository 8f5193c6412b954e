//! The kernel machine never panics: random instructions from the table (every class, random
//! registers and modifiers) and random words run as a kernel's code, with real start-up state
//! (under a random MODE round mode) and buffers, end in `Ok` or an error, on every arch; and an LDS access out of range or
//! misaligned is an error naming the lane.

use gcnkit::emu::dispatch::{kernels, ArgInfo, KernelInfo, Setup};
use gcnkit::emu::kernel::{run, ArgValue, Launch, RunError};
use gcnkit::isa::isa;
use gcnkit::sample::{instr_in, Knobs, Variant};
use gcnkit::Arch;
use std::sync::Arc;

/// xorshift64*.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// A kernel whose code is `words`, started as clang's kernels are (the start-up state of a
/// real gfx900 kernel), with two buffer arguments and LDS.
fn kernel_of(arch: Arch, words: Vec<u32>, template: &KernelInfo, round: u32) -> KernelInfo {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    KernelInfo {
        name: "random".into(),
        arch,
        code: Arc::new(words),
        entry: 0,
        image: Arc::new(bytes),
        code_addr: 0,
        setup: Setup {
            group_segment_size: 256,
            private_segment_size: 64,
            mode: template.setup.mode & !0xf | round & 0xf,
            ..template.setup.clone()
        },
        args: vec![
            ArgInfo {
                name: "a".into(),
                offset: 0,
                size: 8,
                kind: "global_buffer".into(),
                type_name: None,
            },
            ArgInfo {
                name: "b".into(),
                offset: 8,
                size: 8,
                kind: "global_buffer".into(),
                type_name: None,
            },
        ],
        reqd_block: None,
        max_block: None,
        version: 4,
    }
}

/// The words of an LLVM-dialect program (it must assemble without a diagnostic).
fn words(a: Arch, text: &str) -> Vec<u32> {
    let mut x = gcnkit::asm::Assembler::new(a, gcnkit::asm::Dialect::Llvm, "t.s");
    for (n, l) in text.lines().enumerate() {
        x.line(n + 1, l);
    }
    let (items, diags) = x.finish();
    assert!(diags.is_empty(), "{diags:?}");
    items.iter().flat_map(|it| it.instr(a).words().to_vec()).collect()
}

fn template() -> KernelInfo {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/run/stencil.gfx900.hsaco");
    kernels(&std::fs::read(path).unwrap()).unwrap().remove(0)
}

fn launch(threads: usize) -> Launch {
    Launch {
        grid: [96, 1, 1],
        block: [96, 1, 1],
        args: vec![ArgValue::Buffer(vec![7; 1024]), ArgValue::Buffer(vec![0; 64])],
        threads,
        budget: 2000,
        trace: None,
        progress: None,
        checker: None,
        resident: false,
    }
}

#[test]
fn random_instructions_never_panic() {
    let t = template();
    let mut r = Rng(0x5eed_1234_abcd_0001);
    let defs = isa().defs.len();
    let mut ran = 0;
    let mut errors = 0;
    for arch in [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141] {
        for _ in 0..150 {
            // 40 random instructions of random rows and forms, then s_endpgm.
            let mut words = Vec::new();
            while words.len() < 80 {
                let id = (r.next() % defs as u64) as u16;
                let v = Variant::ALL[(r.next() % 4) as usize];
                let mut next = || r.next();
                if let Some(i) = instr_in(&mut next, arch, id, v, Knobs::default()) {
                    words.extend_from_slice(i.words());
                }
                if r.next().is_multiple_of(16) {
                    words.push(r.next() as u32);
                }
            }
            words.push(0xbf81_0000);
            let k = kernel_of(arch, words, &t, r.next() as u32);
            match run(&k, &launch(1 + (r.next() % 2) as usize), None) {
                Ok(_) => ran += 1,
                Err(RunError::Emulation(m)) => {
                    assert!(m.starts_with("kernel random, work-group (0,0,0), wave "), "{m}");
                    errors += 1;
                }
                Err(RunError::Usage(m)) => panic!("usage error: {m}"),
            }
        }
    }
    // Most random programs stop at some instruction they cannot run; some finish.
    assert!(ran + errors == 750 && errors > 0, "{ran} ran, {errors} errors");
}

/// LDS: an access past the work-group's allocation and a misaligned dword access are errors
/// that name the lane and the access.
#[test]
fn lds_faults_name_the_access() {
    let t = template();
    let a = Arch::Gcn14;
    let asm = |text: &str| words(a, text);
    // v0 = work-item id: lane 64 (wave 1's first lane) writes past 256 bytes of LDS.
    let k = kernel_of(a, asm("v_lshlrev_b32 v1, 2, v0\nds_write_b32 v1, v0\ns_endpgm"), &t, 0);
    let e = run(&k, &launch(1), None).err().expect("fault").to_string();
    assert!(
        e.contains("wave 1") && e.contains("outside the work-group's 256 bytes") && e.contains("lane 0"),
        "{e}"
    );
    // Misaligned: GCN 1.2 stops; GCN 1.4 (ROCm's unaligned mode) reads the bytes there.
    let mis = "v_lshlrev_b32 v1, 1, v0\nds_read_b32 v2, v1\ns_endpgm";
    let k = kernel_of(Arch::Gcn12, words(Arch::Gcn12, mis), &t, 0);
    let e = run(&k, &launch(1), None).err().expect("fault").to_string();
    assert!(e.contains("misaligned LDS access") && e.contains("lane 1"), "{e}");
    assert!(run(&kernel_of(a, asm(mis), &t, 0), &launch(1), None).is_ok());
    // In range and aligned: fine.
    let k = kernel_of(a, asm("v_and_b32 v1, 60, v0\nds_write_b32 v1, v0\ns_endpgm"), &t, 0);
    assert!(run(&k, &launch(2), None).is_ok());
}

/// Typed buffer accesses: MTBUF's format fields and a MUBUF resource's format; integer
/// components zero- or sign-extended, normalised and packed components converted, the
/// components a format lacks (W reads 1), 32-bit typed stores; formats whose conversion is
/// not documented are refused.
#[test]
fn typed_buffer_accesses() {
    let t = template();
    let a = Arch::Gcn14;
    // The kernarg pointer's SGPRs: after the private segment buffer, dispatch and queue
    // pointers the template enables.
    let k: usize = [4, 2, 2]
        .iter()
        .zip(&t.setup.user[..3])
        .filter(|(_, on)| **on)
        .map(|(n, _)| n)
        .sum();
    assert!(t.setup.user[3], "the template has a kernarg pointer");
    let prologue = |word3: u32| {
        format!(
            "s_load_dwordx2 s[8:9], s[{k}:{}], 0x0\ns_load_dwordx2 s[10:11], s[{k}:{}], 0x8\ns_waitcnt lgkmcnt(0)\n\
             s_mov_b32 s12, s8\ns_and_b32 s13, s9, 0xffff\ns_mov_b32 s14, -1\ns_mov_b32 s15, 0x{word3:x}\n\
             v_lshlrev_b32 v1, 2, v0\nv_lshlrev_b32 v6, 4, v0\n",
            k + 1,
            k + 1
        )
    };
    let asm = |text: &str| words(a, text);
    let input: Vec<u8> = (0..96u32)
        .flat_map(|i| (0x8001_7ff0u32.wrapping_add(i * 0x0102_0304)).to_le_bytes())
        .collect();
    let run_with = |code: &str| {
        let k = kernel_of(a, asm(code), &t, 0);
        let l = Launch {
            grid: [96, 1, 1],
            block: [96, 1, 1],
            args: vec![ArgValue::Buffer(input.clone()), ArgValue::Buffer(vec![0; 96 * 16])],
            threads: 1,
            budget: 1000,
            trace: None,
            progress: None,
            checker: None,
            resident: false,
        };
        run(&k, &l, None)
    };
    let words = |o: &gcnkit::emu::kernel::Outcome| -> Vec<u32> {
        o.buffers[1]
            .as_ref()
            .unwrap()
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    };
    let src = |i: usize| 0x8001_7ff0u32.wrapping_add(i as u32 * 0x0102_0304);
    // MTBUF 16_16 SINT: each half sign-extended; Z reads 0 and W reads 1.
    let o = run_with(&(prologue(0xfac)
        + "tbuffer_load_format_xyzw v[2:5], v1, s[12:15], 0 offen format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_SINT]\n\
           global_store_dwordx4 v6, v[2:5], s[10:11]\ns_endpgm"))
    .expect("runs");
    let got = words(&o);
    for i in 0..96 {
        let x = src(i);
        let want = [
            x as u16 as i16 as i32 as u32,
            (x >> 16) as u16 as i16 as i32 as u32,
            0,
            1,
        ];
        assert_eq!(&got[4 * i..4 * i + 4], &want, "lane {i}");
    }
    // MUBUF with the resource's format 8_8_8_8 UINT (DATA_FORMAT 10, NUM_FORMAT 4): bytes.
    let o = run_with(&(prologue(0xfac | 4 << 12 | 10 << 15)
        + "buffer_load_format_xyzw v[2:5], v1, s[12:15], 0 offen\nglobal_store_dwordx4 v6, v[2:5], s[10:11]\ns_endpgm"))
    .expect("runs");
    let got = words(&o);
    for i in 0..96 {
        let want: Vec<u32> = src(i).to_le_bytes().iter().map(|&b| b as u32).collect();
        assert_eq!(&got[4 * i..4 * i + 4], &want[..], "lane {i}");
    }
    // A 32_32 FLOAT typed store writes both dwords as they are.
    let o = run_with(&(prologue(0xfac)
        + "v_mov_b32 v2, v0\nv_not_b32 v3, v0\ns_mov_b32 s12, s10\ns_and_b32 s13, s11, 0xffff\nv_lshlrev_b32 v1, 3, v0\n\
           tbuffer_store_format_xy v[2:3], v1, s[12:15], 0 offen format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_FLOAT]\ns_endpgm"))
    .expect("runs");
    let got = words(&o);
    for i in 0..96 {
        assert_eq!(&got[2 * i..2 * i + 2], &[i as u32, !(i as u32)], "lane {i}");
    }
    // MUBUF 8_8_8_8 UNORM: each byte c reads as c / 255, the f32 nearest to the fraction.
    let o = run_with(&(prologue(0xfac | 10 << 15)
        + "buffer_load_format_xyzw v[2:5], v1, s[12:15], 0 offen\nglobal_store_dwordx4 v6, v[2:5], s[10:11]\ns_endpgm"))
    .expect("runs");
    let got = words(&o);
    for i in 0..96 {
        for (k, &c) in src(i).to_le_bytes().iter().enumerate() {
            let f = f32::from_bits(got[4 * i + k]) as f64;
            let exact = c as f64 / 255.0;
            let ulp = f32::from_bits(got[4 * i + k] + 1) as f64 - f;
            assert!(
                (f - exact).abs() <= ulp / 2.0 && f * 255.0 > c as f64 - 0.01,
                "lane {i}, byte {k}: {f} for {c}"
            );
        }
    }
    // MTBUF 2_10_10_10 SNORM: X in bits 0-9, W in bits 30-31 (a 2-bit SNORM: -1, 0, 1).
    let o = run_with(&(prologue(0xfac)
        + "tbuffer_load_format_xyzw v[2:5], v1, s[12:15], 0 offen format:[BUF_DATA_FORMAT_2_10_10_10,BUF_NUM_FORMAT_SNORM]\n\
           global_store_dwordx4 v6, v[2:5], s[10:11]\ns_endpgm"))
    .expect("runs");
    let got = words(&o);
    for i in 0..96 {
        let x = src(i);
        let field = |lo: u32, n: u32| ((x >> lo) as i32) << (32 - n) >> (32 - n);
        let want = [field(0, 10), field(10, 10), field(20, 10), field(30, 2)]
            .iter()
            .zip([511.0, 511.0, 511.0, 1.0])
            .map(|(&c, m)| ((c as f64 / m).max(-1.0) as f32).to_bits())
            .collect::<Vec<_>>();
        assert_eq!(&got[4 * i..4 * i + 4], &want[..], "lane {i}");
    }
    // D16 (GCN 1.4: two halves per VGPR) 8_8_8_8 UNORM: each byte c as the f16 nearest
    // c / 255 (the `half` crate's rounding of the f64 quotient, an independent conversion).
    let o = run_with(&(prologue(0xfac)
        + "tbuffer_load_format_d16_xyzw v[2:3], v1, s[12:15], 0 offen format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_UNORM]\n\
           global_store_dwordx2 v6, v[2:3], s[10:11]\ns_endpgm"))
    .expect("runs");
    let got = words(&o);
    for i in 0..96 {
        let h: Vec<u32> = src(i)
            .to_le_bytes()
            .iter()
            .map(|&c| half::f16::from_f64(c as f64 / 255.0).to_bits() as u32)
            .collect();
        assert_eq!(
            &got[4 * i..4 * i + 2],
            &[h[0] | h[1] << 16, h[2] | h[3] << 16],
            "lane {i}"
        );
    }
    // A number format with no documented conversion (SNORM_OGL) is refused, naming it.
    let e = run_with(&(prologue(0xfac)
        + "tbuffer_load_format_x v2, v1, s[12:15], 0 offen format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_RESERVED_6]\ns_endpgm"))
    .err()
    .expect("refused")
    .to_string();
    assert!(e.contains("number format 6"), "{e}");
}

/// GCN 1.4 in ROCm's unaligned mode: a dword written and read at an odd LDS address lands
/// on the bytes there (clang-14 emits such accesses for packed structs on gfx900).
#[test]
fn gcn14_lds_takes_misaligned_dwords() {
    let a = Arch::Gcn14;
    let text = "v_mov_b32 v1, 1\nv_mov_b32 v2, 0x44332211\nds_write_b32 v1, v2\nv_mov_b32 v3, 0\n\
                ds_read_u8 v4, v3 offset:1\nds_read_u8 v5, v3 offset:4\nds_read_b32 v6, v1\ns_endpgm";
    let k = kernel_of(a, words(a, text), &template(), 0);
    let mut mem = gcnkit::emu::memory::Memory::default();
    let w = gcnkit::emu::Wave::new(a);
    let (w, _) = gcnkit::emu::kernel::run_one_wave(&mut mem, &k, w, 256, &launch(1), None).expect("runs");
    assert_eq!((w.v[4][0], w.v[5][0], w.v[6][0]), (0x11, 0x44, 0x4433_2211));
}
