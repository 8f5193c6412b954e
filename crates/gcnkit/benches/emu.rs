//! Emulator speed: a 200k-instruction mixed program (f32 fma/add/mul/min, u32 add with carry,
//! xor, bfe, mul_lo, cmp, cndmask) on a full wave64, against a native Rust loop doing the same
//! per-lane work, in the same run. Reports lane-operations per second for both and the ratio
//! (target: emulator ≥ 0.25× native).

// The native loop indexes lanes the way the emulator's semantics functions do.
#![allow(clippy::needless_range_loop)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gcnkit::asm::{assemble, Dialect};
use gcnkit::emu::{Machine, Wave};
use gcnkit::{Arch, Instr};
use std::hint::black_box;
use std::time::Instant;

const BODY: &str = "
v_fma_f32 v4, v1, v2, v3
v_add_f32 v5, v4, v1
v_mul_f32 v6, v5, v2
v_min_f32 v7, v6, v4
v_add_u32 v8, vcc, v8, v9
v_addc_u32 v10, vcc, v10, v11, vcc
v_xor_b32 v12, v8, v10
v_bfe_u32 v13, v12, 3, 7
v_mul_lo_u32 v14, v13, v12
v_cmp_lt_f32 vcc, v7, v1
v_cndmask_b32 v15, v14, v13, vcc
";
const REPEAT: usize = 200_000 / 11 + 1;

fn program() -> Vec<Instr> {
    let (items, diags) = assemble(Arch::Gcn12, Dialect::Clrx, "bench.s", BODY);
    assert!(diags.is_empty(), "{diags:?}");
    let body: Vec<Instr> = items.iter().map(|i| i.instr(Arch::Gcn12)).collect();
    body.iter().cycle().take(REPEAT * body.len()).copied().collect()
}

fn wave() -> Wave {
    let mut w = Wave::new(Arch::Gcn12);
    for lane in 0..64 {
        w.v[1][lane] = (1.0f32 + lane as f32 * 0.25).to_bits();
        w.v[2][lane] = (0.5f32 + lane as f32 * 0.125).to_bits();
        w.v[3][lane] = (lane as f32 - 3.0).to_bits();
        w.v[8][lane] = lane as u32 * 0x0123_4567;
        w.v[9][lane] = 0x9e37_79b9u32.wrapping_mul(lane as u32 + 1);
        w.v[10][lane] = lane as u32;
        w.v[11][lane] = 0xdead_beef ^ lane as u32;
    }
    w
}

/// The same per-lane work in plain Rust over 64-lane arrays (what the emulator is compared to).
struct Native {
    v: [[u32; 64]; 16],
    vcc: u64,
}

impl Native {
    fn step(&mut self) {
        let f = |x: u32| f32::from_bits(x);
        let v = &mut self.v;
        for l in 0..64 {
            v[4][l] = f(v[1][l]).mul_add(f(v[2][l]), f(v[3][l])).to_bits();
        }
        for l in 0..64 {
            v[5][l] = (f(v[4][l]) + f(v[1][l])).to_bits();
        }
        for l in 0..64 {
            v[6][l] = (f(v[5][l]) * f(v[2][l])).to_bits();
        }
        for l in 0..64 {
            v[7][l] = f(v[6][l]).min(f(v[4][l])).to_bits();
        }
        let mut c = 0u64;
        for l in 0..64 {
            let s = v[8][l] as u64 + v[9][l] as u64;
            v[8][l] = s as u32;
            c |= (s >> 32) << l;
        }
        let mut c2 = 0u64;
        for l in 0..64 {
            let s = v[10][l] as u64 + v[11][l] as u64 + ((c >> l) & 1);
            v[10][l] = s as u32;
            c2 |= (s >> 32) << l;
        }
        self.vcc = c2;
        for l in 0..64 {
            v[12][l] = v[8][l] ^ v[10][l];
        }
        for l in 0..64 {
            v[13][l] = (v[12][l] >> 3) & 0x7f;
        }
        for l in 0..64 {
            v[14][l] = v[13][l].wrapping_mul(v[12][l]);
        }
        let mut m = 0u64;
        for l in 0..64 {
            m |= ((f(v[7][l]) < f(v[1][l])) as u64) << l;
        }
        self.vcc = m;
        for l in 0..64 {
            v[15][l] = if m >> l & 1 != 0 { v[13][l] } else { v[14][l] };
        }
    }
}

fn bench(c: &mut Criterion) {
    let prog = program();
    let lane_ops = prog.len() as u64 * 64;
    let mut g = c.benchmark_group("emu_200k_wave64");
    g.sample_size(10);
    g.throughput(Throughput::Elements(lane_ops));
    g.bench_function("gcnkit", |b| {
        b.iter(|| {
            let mut m = Machine::new(wave());
            for i in &prog {
                m.step(black_box(i)).unwrap();
            }
            black_box(m.wave.v[15][0])
        })
    });
    g.bench_function("native", |b| {
        b.iter(|| {
            let w = wave();
            let mut n = Native {
                v: [[0; 64]; 16],
                vcc: 0,
            };
            for (d, s) in n.v.iter_mut().zip(&w.v[..16]) {
                *d = **s;
            }
            for _ in 0..REPEAT {
                n.step();
                black_box(&n.v);
            }
            black_box(n.v[15][0])
        })
    });
    g.finish();
    // One direct ratio line, measured back to back.
    let t = Instant::now();
    let mut m = Machine::new(wave());
    for i in &prog {
        m.step(i).unwrap();
    }
    let emu = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let w = wave();
    let mut n = Native {
        v: [[0; 64]; 16],
        vcc: 0,
    };
    for (d, s) in n.v.iter_mut().zip(&w.v[..16]) {
        *d = **s;
    }
    for _ in 0..REPEAT {
        n.step();
        black_box(&n.v);
    }
    let native = t.elapsed().as_secs_f64();
    let same = (0..16).all(|r| r == 3 || *m.wave.v[r] == n.v[r]);
    println!(
        "emu: {:.3e} lane-ops/s, native: {:.3e} lane-ops/s, ratio {:.3} (results agree: {same})",
        lane_ops as f64 / emu,
        lane_ops as f64 / native,
        native / emu
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
