//! OpenCL image kernels on the kernel machine: tools/run-kernels/images/images.cl compiled by
//! clang-15 with ROCm's device library (its `read_imagef`, `write_imagef`, samplers...) for
//! tahiti, bonaire, fiji, gfx900 and gfx906 (crates/gcnkit/tests/data/images, built by
//! tools/run-kernels/images/build.sh), run by `gcnkit run --arg image:... --arg sampler:...`.
//! Every output is checked against the OpenCL 1.2 specification's rules computed here,
//! independently of the emulator: §8.3 for the conversions (`c / 255.0f`,
//! `convert_uchar_sat_rte(f * 255.0f)`...), §8.2 for addressing and filtering (clamp to edge,
//! clamp to the border colour, repeat, mirrored repeat; nearest and linear). Nearest-filtered
//! gathered and integer results must be equal bit for bit; linearly filtered ones within 1e-6 of the
//! specification's exact weights (the hardware's fixed-point weights are not documented: the
//! coordinates here lie on the 1/8-texel grid, where gcnkit's 1/256-texel weights are exact).

mod common;
use common::{err, gcnkit};
use std::path::{Path, PathBuf};

const ARCHS: [&str; 5] = ["tahiti", "bonaire", "fiji", "gfx900", "gfx906"];

fn object(arch: &str) -> String {
    object_of("images", arch)
}

fn object_of(source: &str, arch: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../gcnkit/tests/data/images/{source}.{arch}.hsaco"))
        .to_string_lossy()
        .into_owned()
}

/// xorshift64*.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| (self.next() >> 32) as u8).collect()
    }
}

struct Dir(PathBuf);
impl Dir {
    fn new(name: &str) -> Dir {
        let d = std::env::temp_dir().join(format!("gcnkit-images-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        Dir(d)
    }
    fn file(&self, name: &str, bytes: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.to_string_lossy().into_owned()
    }
    fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}
impl Drop for Dir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// Runs `kernel` of `arch`'s object over `grid` (one work-group) and returns argument `out`'s
/// bytes after the run.
fn run(arch: &str, kernel: &str, grid: [u32; 3], args: &[String], out: usize, dir: &Dir) -> Vec<u8> {
    let g = format!("{},{},{}", grid[0], grid[1], grid[2]);
    let o = dir.path(&format!("out-{kernel}-{arch}"));
    let obj = if kernel.ends_with("_h") {
        object_of("images_half", arch)
    } else {
        object(arch)
    };
    let mut a: Vec<&str> = vec!["run", &obj, "--kernel", kernel, "--grid", &g, "--block", &g];
    for x in args {
        a.push("--arg");
        a.push(x);
    }
    let spec = format!("{out}={o}");
    a.extend(["--out", &spec]);
    let r = gcnkit(&a, b"");
    assert!(r.status.success(), "{arch} {kernel} {args:?}: {}", err(&r));
    std::fs::read(&o).unwrap()
}

fn f32s(b: &[u8]) -> Vec<f32> {
    b.chunks(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}
fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Two f32s as one `u64:` argument (a float2).
fn float2(a: f32, b: f32) -> String {
    format!("u64:0x{:x}", a.to_bits() as u64 | (b.to_bits() as u64) << 32)
}

// ---------------------------------------------------------------------------------------------
// The specification's conversions (OpenCL 1.2 §8.3), written out here

/// An f16 to f32 (exact).
fn half(h: u16) -> f32 {
    let (s, e, m) = (h >> 15, (h >> 10 & 31) as i32, (h & 1023) as f32);
    let v = match e {
        0 => m * 2f32.powi(-24),
        31 if m == 0.0 => f32::INFINITY,
        31 => f32::NAN,
        _ => (1.0 + m / 1024.0) * 2f32.powi(e - 15),
    };
    if s != 0 {
        -v
    } else {
        v
    }
}

/// A channel type: name, bytes, how a channel reads as a float4/int4 component (bits).
#[derive(Clone, Copy)]
struct Ty {
    name: &'static str,
    bytes: usize,
    read: fn(&[u8]) -> u32,
}

fn le(b: &[u8]) -> u64 {
    b.iter().rev().fold(0, |v, &x| v << 8 | x as u64)
}

const TYPES: [Ty; 12] = [
    Ty {
        name: "unorm8",
        bytes: 1,
        read: |b| (b[0] as f32 / 255.0).to_bits(),
    },
    Ty {
        name: "unorm16",
        bytes: 2,
        read: |b| (le(b) as f32 / 65535.0).to_bits(),
    },
    Ty {
        name: "snorm8",
        bytes: 1,
        read: |b| (b[0] as i8 as f32 / 127.0).max(-1.0).to_bits(),
    },
    Ty {
        name: "snorm16",
        bytes: 2,
        read: |b| (le(b) as u16 as i16 as f32 / 32767.0).max(-1.0).to_bits(),
    },
    Ty {
        name: "half",
        bytes: 2,
        read: |b| half(le(b) as u16).to_bits(),
    },
    Ty {
        name: "float",
        bytes: 4,
        read: |b| le(b) as u32,
    },
    Ty {
        name: "uint8",
        bytes: 1,
        read: |b| b[0] as u32,
    },
    Ty {
        name: "uint16",
        bytes: 2,
        read: |b| le(b) as u32,
    },
    Ty {
        name: "uint32",
        bytes: 4,
        read: |b| le(b) as u32,
    },
    Ty {
        name: "sint8",
        bytes: 1,
        read: |b| b[0] as i8 as i32 as u32,
    },
    Ty {
        name: "sint16",
        bytes: 2,
        read: |b| le(b) as u16 as i16 as i32 as u32,
    },
    Ty {
        name: "sint32",
        bytes: 4,
        read: |b| le(b) as u32,
    },
];

fn ty(name: &str) -> Ty {
    *TYPES.iter().find(|t| t.name == name).unwrap()
}

/// The float4/int4 a texel of `order` reads as (OpenCL 1.2 §8.3: missing channels read 0,
/// alpha 1; BGRA's bytes are B, G, R, A).
fn texel(order: &str, t: Ty, b: &[u8]) -> [u32; 4] {
    let float = !t.name.contains("int");
    let one = if float { 1.0f32.to_bits() } else { 1 };
    let c = |k: usize| (t.read)(&b[k * t.bytes..(k + 1) * t.bytes]);
    match order {
        "r" => [c(0), 0, 0, one],
        "rg" => [c(0), c(1), 0, one],
        "rgba" => [c(0), c(1), c(2), c(3)],
        "bgra" => [c(2), c(1), c(0), c(3)],
        _ => unreachable!(),
    }
}

fn channels(order: &str) -> usize {
    match order {
        "r" => 1,
        "rg" => 2,
        _ => 4,
    }
}

/// read_imagef/i/ui with integer coordinates: every texel of a random image, every format.
#[test]
fn loads_convert_every_format() {
    let dir = Dir::new("load");
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let (w, h) = (7u32, 5u32);
    let mut runs = 0;
    for (kernel, fmts) in [
        (
            "load2d",
            &[
                "rgba_unorm8",
                "bgra_unorm8",
                "r_float",
                "rg_snorm16",
                "rgba_half",
                "rgba_unorm16",
                "r_snorm8",
            ][..],
        ),
        ("load2d_ui", &["rgba_uint8", "rg_uint16", "r_uint32"][..]),
        ("load2d_i", &["rgba_sint8", "r_sint16", "rg_sint32"][..]),
    ] {
        for fmt in fmts {
            let (order, tname) = fmt.split_once('_').unwrap();
            let t = ty(tname);
            let tb = channels(order) * t.bytes;
            let mut pixels = rng.bytes((w * h) as usize * tb);
            if tname == "half" {
                // No NaNs (their payloads are not what this checks).
                for c in pixels.chunks_mut(2) {
                    c[1] &= 0xbb;
                }
            }
            let img = dir.file(&format!("{fmt}.bin"), &pixels);
            for arch in ARCHS {
                let mut args = vec![format!("image:{w},{h},{fmt},{img}"), format!("zeros:{}", w * h * 16)];
                if kernel == "load2d" {
                    args.push("zeros:16".into());
                }
                let got = u32s(&run(arch, kernel, [w, h, 1], &args, 1, &dir));
                for k in 0..(w * h) as usize {
                    let want = texel(order, t, &pixels[k * tb..(k + 1) * tb]);
                    assert_eq!(got[4 * k..4 * k + 4], want, "{arch} {kernel} {fmt} texel {k}");
                }
                runs += 1;
            }
        }
    }
    // The image queries: width, height and the CL_* codes through ROCm's library's tables.
    let pixels = vec![0u8; (w * h * 2) as usize];
    let img = dir.file("q.bin", &pixels);
    for arch in ARCHS {
        let args = [
            format!("image:{w},{h},r_unorm16,{img}"),
            format!("zeros:{}", w * h * 16),
            "zeros:16".into(),
        ];
        let info = u32s(&run(arch, "load2d", [w, h, 1], &args, 2, &dir));
        // CL_UNORM_INT16 = 0x10D3, CL_R = 0x10B0 (cl.h).
        assert_eq!(info, [w, h, 0x10d3, 0x10b0], "{arch} image queries");
    }
    assert_eq!(runs, 13 * 5);
}

/// write_imagef/i/ui: the stored bytes are the specification's conversions of random data.
#[test]
fn stores_convert_every_format() {
    let dir = Dir::new("store");
    let mut rng = Rng(0x0dd_ba11_cafe);
    let (w, h) = (6u32, 4u32);
    let n = (w * h * 4) as usize;
    let mut runs = 0;
    // Floats in [-1.5, 1.5] (and the k/64 grid for half, exact there).
    let floats: Vec<f32> = (0..n)
        .map(|_| ((rng.next() >> 40) as f32 / (1u64 << 24) as f32) * 3.0 - 1.5)
        .collect();
    let grid: Vec<f32> = (0..n).map(|_| ((rng.next() >> 58) as i32 - 32) as f32 / 16.0).collect();
    let ints: Vec<i32> = (0..n).map(|_| (rng.next() >> 40) as i32 % 200_000 - 100_000).collect();
    let bytes = |v: &[u32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let rne_sat = |f: f32, m: f64, lo: f64| -> i64 {
        let x = if f.is_nan() { 0.0 } else { (f as f64).clamp(lo, 1.0) };
        (x * m).round_ties_even() as i64
    };
    // f16 bits of a value on the k/16 grid in [-2, 2) (exact in f16).
    let to_half = |f: f32| -> u16 {
        if f == 0.0 {
            return if f.is_sign_negative() { 0x8000 } else { 0 };
        }
        let b = f.to_bits();
        ((b >> 16) & 0x8000) as u16 | ((((b >> 23) & 255) as i32 - 127 + 15) as u16) << 10 | ((b >> 13) & 1023) as u16
    };
    type Enc = Box<dyn Fn(usize) -> Vec<u8>>;
    let cases: Vec<(&str, &str, Vec<u8>, Enc)> = vec![
        (
            "store2d",
            "rgba_unorm8",
            bytes(&floats.iter().map(|f| f.to_bits()).collect::<Vec<_>>()),
            {
                let f = floats.clone();
                Box::new(move |k| (0..4).map(|c| rne_sat(f[4 * k + c], 255.0, 0.0) as u8).collect())
            },
        ),
        (
            "store2d",
            "bgra_unorm8",
            bytes(&floats.iter().map(|f| f.to_bits()).collect::<Vec<_>>()),
            {
                let f = floats.clone();
                Box::new(move |k| {
                    [2, 1, 0, 3]
                        .iter()
                        .map(|&c| rne_sat(f[4 * k + c], 255.0, 0.0) as u8)
                        .collect()
                })
            },
        ),
        (
            "store2d",
            "rg_snorm16",
            bytes(&floats.iter().map(|f| f.to_bits()).collect::<Vec<_>>()),
            {
                let f = floats.clone();
                Box::new(move |k| {
                    (0..2)
                        .flat_map(|c| (rne_sat(f[4 * k + c], 32767.0, -1.0) as i16).to_le_bytes())
                        .collect()
                })
            },
        ),
        (
            "store2d",
            "rgba_half",
            bytes(&grid.iter().map(|f| f.to_bits()).collect::<Vec<_>>()),
            {
                let f = grid.clone();
                Box::new(move |k| (0..4).flat_map(|c| to_half(f[4 * k + c]).to_le_bytes()).collect())
            },
        ),
        (
            "store2d",
            "r_float",
            bytes(&floats.iter().map(|f| f.to_bits()).collect::<Vec<_>>()),
            {
                let f = floats.clone();
                Box::new(move |k| f[4 * k].to_le_bytes().to_vec())
            },
        ),
        (
            "store2d_i",
            "rgba_sint8",
            bytes(&ints.iter().map(|&i| i as u32).collect::<Vec<_>>()),
            {
                let v = ints.clone();
                Box::new(move |k| (0..4).map(|c| v[4 * k + c].clamp(-128, 127) as u8).collect())
            },
        ),
        (
            "store2d_ui",
            "rg_uint16",
            bytes(&ints.iter().map(|&i| i.unsigned_abs()).collect::<Vec<_>>()),
            {
                let v = ints.clone();
                Box::new(move |k| {
                    (0..2)
                        .flat_map(|c| (v[4 * k + c].unsigned_abs().min(65535) as u16).to_le_bytes())
                        .collect()
                })
            },
        ),
    ];
    for (kernel, fmt, input, want) in &cases {
        let (order, tname) = fmt.split_once('_').unwrap();
        let tb = channels(order) * ty(tname).bytes;
        let src = dir.file(&format!("{fmt}.in"), input);
        for arch in ARCHS {
            let args = [format!("image:{w},{h},{fmt}"), format!("file:{src}")];
            let got = run(arch, kernel, [w, h, 1], &args, 0, &dir);
            assert_eq!(got.len(), (w * h) as usize * tb);
            for k in 0..(w * h) as usize {
                assert_eq!(
                    got[k * tb..(k + 1) * tb],
                    want(k)[..],
                    "{arch} {kernel} {fmt} texel {k}"
                );
            }
            runs += 1;
        }
    }
    assert_eq!(runs, 7 * 5);
}

// ---------------------------------------------------------------------------------------------
// Sampling (OpenCL 1.2 §8.2)

#[derive(Clone, Copy, PartialEq, Debug)]
enum Addr {
    Edge,
    Border,
    Repeat,
    Mirror,
}

/// The texel indices and weights along one axis of `n` texels for coordinate `s` (normalized
/// when `norm`), by §8.2's formulas: `None` is the border colour.
fn axis(s: f64, n: u32, norm: bool, addr: Addr, linear: bool) -> [(Option<i64>, f64); 2] {
    let nf = n as f64;
    let n = n as i64;
    let clamp = |i: i64| match addr {
        Addr::Edge => Some(i.clamp(0, n - 1)),
        _ => (0..n).contains(&i).then_some(i),
    };
    match (addr, linear) {
        (Addr::Edge | Addr::Border, false) => {
            let u = if norm { s * nf } else { s };
            [(clamp(u.floor() as i64), 1.0), (None, 0.0)]
        }
        (Addr::Edge | Addr::Border, true) => {
            let u = if norm { s * nf } else { s };
            let i0 = (u - 0.5).floor();
            let a = (u - 0.5) - i0;
            [(clamp(i0 as i64), 1.0 - a), (clamp(i0 as i64 + 1), a)]
        }
        (Addr::Repeat, false) => {
            let u = (s - s.floor()) * nf;
            let mut i = u.floor() as i64;
            if i > n - 1 {
                i -= n;
            }
            [(Some(i), 1.0), (None, 0.0)]
        }
        (Addr::Repeat, true) => {
            let u = (s - s.floor()) * nf;
            let mut i0 = (u - 0.5).floor() as i64;
            let mut i1 = i0 + 1;
            let a = (u - 0.5) - (u - 0.5).floor();
            if i0 < 0 {
                i0 += n;
            }
            if i1 > n - 1 {
                i1 -= n;
            }
            [(Some(i0), 1.0 - a), (Some(i1), a)]
        }
        (Addr::Mirror, lin) => {
            let sp = 2.0 * (0.5 * s).round_ties_even();
            let u = (s - sp).abs() * nf;
            if !lin {
                [(Some((u.floor() as i64).min(n - 1)), 1.0), (None, 0.0)]
            } else {
                let i0 = (u - 0.5).floor();
                let a = (u - 0.5) - i0;
                [
                    (Some((i0 as i64).max(0)), 1.0 - a),
                    (Some((i0 as i64 + 1).min(n - 1)), a),
                ]
            }
        }
    }
}

/// The float4 read_imagef returns at `coords` (x, y[, z]) of an image of `size` whose texel
/// (x, y, z) reads as `tex`, through a sampler; `border` for CLK_ADDRESS_CLAMP.
fn sample(
    coords: &[f64],
    size: &[u32],
    norm: bool,
    addr: Addr,
    linear: bool,
    border: [f32; 4],
    tex: &dyn Fn(&[i64]) -> [f32; 4],
) -> [f32; 4] {
    let taps: Vec<_> = coords
        .iter()
        .zip(size)
        .map(|(&s, &n)| axis(s, n, norm, addr, linear))
        .collect();
    let mut sum = [0f64; 4];
    for corner in 0..1usize << coords.len() {
        let mut wgt = 1.0;
        let mut at = Vec::new();
        for (a, t) in taps.iter().enumerate() {
            let (i, w) = t[corner >> a & 1];
            wgt *= w;
            at.push(i);
        }
        if wgt == 0.0 {
            continue;
        }
        let v = if at.iter().all(|i| i.is_some()) {
            tex(&at.iter().map(|i| i.unwrap()).collect::<Vec<_>>())
        } else {
            border
        };
        for c in 0..4 {
            sum[c] += wgt * v[c] as f64;
        }
    }
    sum.map(|v| v as f32)
}

fn close(got: f32, want: f32, exact: bool) -> bool {
    if exact {
        got.to_bits() == want.to_bits()
    } else {
        (got - want).abs() <= 1e-6 * (1.0 + want.abs())
    }
}

/// read_imagef through samplers: every addressing mode and filter, normalized and not, from
/// coordinates inside, at and beyond the edges.
#[test]
fn sampling_follows_the_specification() {
    let dir = Dir::new("sample");
    let mut rng = Rng(0x05ee_d0f1_a6e5);
    let (w, h) = (8u32, 4u32);
    let (gx, gy) = (16u32, 8u32);
    let mut checked = 0;
    for fmt in ["r_float", "rgba_unorm8"] {
        let (order, tname) = fmt.split_once('_').unwrap();
        let t = ty(tname);
        let tb = channels(order) * t.bytes;
        let pixels: Vec<u8> = if tname == "float" {
            (0..w * h)
                .flat_map(|_| (((rng.next() >> 40) as f32 / (1u64 << 22) as f32) - 2.0).to_le_bytes())
                .collect()
        } else {
            rng.bytes((w * h) as usize * tb)
        };
        let img = dir.file(&format!("{fmt}.bin"), &pixels);
        let tex = |at: &[i64]| -> [f32; 4] {
            let k = (at[1] * w as i64 + at[0]) as usize;
            texel(order, t, &pixels[k * tb..(k + 1) * tb]).map(f32::from_bits)
        };
        // CLK_ADDRESS_CLAMP's border: (0,0,0,0), or (0,0,0,1) for orders without alpha.
        let border = if order == "r" { [0.0, 0.0, 0.0, 1.0] } else { [0.0; 4] };
        for norm in [false, true] {
            for (addr, name) in [
                (Addr::Edge, "clamp_to_edge"),
                (Addr::Border, "clamp"),
                (Addr::Repeat, "repeat"),
                (Addr::Mirror, "mirrored_repeat"),
            ] {
                if !norm && matches!(addr, Addr::Repeat | Addr::Mirror) {
                    continue;
                }
                for linear in [false, true] {
                    // Texel-space coordinates on the 1/8 grid, never on a texel edge.
                    let (u0, du, v0, dv) = (-3.375f64, 1.25, -2.375, 1.25);
                    let scale = |n: u32| if norm { 1.0 / n as f64 } else { 1.0 };
                    let origin = float2((u0 * scale(w)) as f32, (v0 * scale(h)) as f32);
                    let step = float2((du * scale(w)) as f32, (dv * scale(h)) as f32);
                    let filter = if linear { "linear" } else { "nearest" };
                    let coords = if norm { "normalized" } else { "unnormalized" };
                    for arch in ARCHS {
                        let args = [
                            format!("image:{w},{h},{fmt},{img}"),
                            format!("sampler:{coords},{name},{filter}"),
                            format!("zeros:{}", gx * gy * 16),
                            origin.clone(),
                            step.clone(),
                        ];
                        let got = f32s(&run(arch, "sample2d", [gx, gy, 1], &args, 2, &dir));
                        for (y, x) in (0..gy).flat_map(|y| (0..gx).map(move |x| (y, x))) {
                            let c = [(u0 + du * x as f64) * scale(w), (v0 + dv * y as f64) * scale(h)];
                            let want = sample(&c, &[w, h], norm, addr, linear, border, &tex);
                            let k = (y * gx + x) as usize;
                            for ch in 0..4 {
                                assert!(
                                    close(got[4 * k + ch], want[ch], !linear),
                                    "{arch} {fmt} {coords},{name},{filter} at ({x},{y}) {c:?}: {:?}, want {want:?}",
                                    &got[4 * k..4 * k + 4]
                                );
                            }
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 2 * 6 * 2 * 5);
}

/// Nearest sampling of an image whose size is no power of two, at normalized texel centres
/// (inexact in f32): ROCm's library snaps the coordinate to the texel's corner
/// (`floor(s * w) * rcp(w)`, within an ULP of `i / w`: for 19 and 11, 8 of the 30 row and
/// column corners fall just below `i / w`, where a plain `floor` would take texel `i - 1`),
/// and the 1/256-texel grid rounds that to texel `i`, as OpenCL's `floor(s * w)` does.
#[test]
fn nearest_sampling_of_odd_sizes_lands_on_texel_centres() {
    let dir = Dir::new("odd");
    let (w, h) = (19u32, 11u32);
    let texels: Vec<f32> = (0..w * h).map(|i| i as f32 * 1.25 - 9.0).collect();
    let img = dir.file(
        "odd.bin",
        &texels.iter().flat_map(|f| f.to_le_bytes()).collect::<Vec<u8>>(),
    );
    let (ox, oy, sx, sy) = (0.5f32 / 19.0, 0.5f32 / 11.0, 1.0f32 / 19.0, 1.0f32 / 11.0);
    for arch in ARCHS {
        let args = [
            format!("image:{w},{h},r_float,{img}"),
            "sampler:normalized,clamp_to_edge,nearest".into(),
            format!("zeros:{}", w * h * 16),
            float2(ox, oy),
            float2(sx, sy),
        ];
        let got = f32s(&run(arch, "sample2d", [w, h, 1], &args, 2, &dir));
        for (y, x) in (0..h).flat_map(|y| (0..w).map(move |x| (y, x))) {
            // The kernel's coordinate, in f32 as it computes it (origin + step * id, fused or
            // not: both land inside the texel), and OpenCL's nearest texel.
            let s = [ox + sx * x as f32, oy + sy * y as f32];
            let (i, j) = (
                (s[0] as f64 * 19.0).floor() as usize,
                (s[1] as f64 * 11.0).floor() as usize,
            );
            assert_eq!((i, j), (x as usize, y as usize));
            let k = (y * w + x) as usize;
            assert_eq!(
                got[4 * k..4 * k + 4],
                [texels[j * 19 + i], 0.0, 0.0, 1.0],
                "{arch} ({x},{y})"
            );
        }
    }
}

/// image_gather4 (ROCm's `__ockl_image_gather4g_2D`, HIP's tex2Dgather): the green channel
/// of the four texels of the bilinear footprint, in the order (i0, j1), (i1, j1), (i1, j0),
/// (i0, j0) (AMD's ISA manuals; D3D's Gather), through each addressing mode. OpenCL has no
/// gather: the footprint is D3D's, i0 = floor(u - 0.5) and i1 = i0 + 1 in texel space, each
/// index then mapped by the addressing mode (for mirrored repeat this keeps the footprint's
/// order, where §8.2's formula, which mirrors the coordinate first, would swap it).
#[test]
fn gather_returns_the_bilinear_footprint() {
    let dir = Dir::new("gather");
    let mut rng = Rng(0x6a74_e52d);
    let (w, h) = (8u32, 4u32);
    let (gx, gy) = (16u32, 8u32);
    let t = ty("unorm8");
    let pixels = rng.bytes((w * h * 4) as usize);
    let img = dir.file("g.bin", &pixels);
    let green = |x: Option<i64>, y: Option<i64>| match (x, y) {
        (Some(x), Some(y)) => {
            let k = (y * w as i64 + x) as usize * 4;
            f32::from_bits(texel("rgba", t, &pixels[k..k + 4])[1])
        }
        _ => 0.0,
    };
    let mut checked = 0;
    for (addr, name) in [
        (Addr::Edge, "clamp_to_edge"),
        (Addr::Border, "clamp"),
        (Addr::Repeat, "repeat"),
        (Addr::Mirror, "mirrored_repeat"),
    ] {
        let (u0, du, v0, dv) = (-3.375f64, 1.25, -2.375, 1.25);
        let origin = float2((u0 / w as f64) as f32, (v0 / h as f64) as f32);
        let step = float2((du / w as f64) as f32, (dv / h as f64) as f32);
        for arch in ARCHS {
            let args = [
                format!("image:{w},{h},rgba_unorm8,{img}"),
                format!("sampler:normalized,{name},linear"),
                format!("zeros:{}", gx * gy * 16),
                origin.clone(),
                step.clone(),
            ];
            let got = f32s(&run(arch, "gather2d", [gx, gy, 1], &args, 2, &dir));
            for (y, x) in (0..gy).flat_map(|y| (0..gx).map(move |x| (y, x))) {
                let c = [(u0 + du * x as f64) / w as f64, (v0 + dv * y as f64) / h as f64];
                let foot = |s: f64, n: u32| -> [Option<i64>; 2] {
                    let i0 = (s * n as f64 - 0.5).floor() as i64;
                    let n = n as i64;
                    [i0, i0 + 1].map(|i| match addr {
                        Addr::Edge => Some(i.clamp(0, n - 1)),
                        Addr::Border => (0..n).contains(&i).then_some(i),
                        Addr::Repeat => Some(i.rem_euclid(n)),
                        Addr::Mirror => {
                            let m = i.rem_euclid(2 * n);
                            Some(if m < n { m } else { 2 * n - 1 - m })
                        }
                    })
                };
                let [xi, yi] = [foot(c[0], w), foot(c[1], h)];
                let want = [(0, 1), (1, 1), (1, 0), (0, 0)].map(|(a, b)| green(xi[a], yi[b]));
                let k = (y * gx + x) as usize;
                assert_eq!(got[4 * k..4 * k + 4], want, "{arch} gather {name} at ({x},{y}) {c:?}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 4 * 5);
}

/// 1D, 3D and array images: loads, a 3D store, a trilinear 3D sample and a 2D-array sample
/// (the layer rounded to the nearest, clamped).
#[test]
fn one_three_dimensional_and_array_images() {
    let dir = Dir::new("dims");
    let mut rng = Rng(0x00d1_3e75_1075);
    let floats = |rng: &mut Rng, n: u32| -> Vec<u8> {
        (0..n)
            .flat_map(|_| (((rng.next() >> 40) as f32 / (1u64 << 22) as f32) - 2.0).to_le_bytes())
            .collect()
    };
    let mut runs = 0;
    for arch in ARCHS {
        // 1D, rgba float: 20 texels.
        let p = floats(&mut rng, 20 * 4);
        let img = dir.file("1d.bin", &p);
        let got = run(
            arch,
            "load1d",
            [20, 1, 1],
            &[format!("image:20,rgba_float,{img}"), "zeros:320".into()],
            1,
            &dir,
        );
        assert_eq!(got, p, "{arch} load1d");
        // 1D array: 5 texels x 3 layers, rg unorm8.
        let p = rng.bytes(5 * 3 * 2);
        let img = dir.file("1da.bin", &p);
        let got = u32s(&run(
            arch,
            "load1darray",
            [5, 3, 1],
            &[format!("image:5,3,rg_unorm8,{img}"), "zeros:240".into()],
            1,
            &dir,
        ));
        for k in 0..15 {
            assert_eq!(
                got[4 * k..4 * k + 4],
                texel("rg", ty("unorm8"), &p[2 * k..2 * k + 2]),
                "{arch} load1darray {k}"
            );
        }
        // 3D, 4x3x2 rg snorm16.
        let p = rng.bytes(4 * 3 * 2 * 4);
        let img = dir.file("3d.bin", &p);
        let got = u32s(&run(
            arch,
            "load3d",
            [4, 3, 2],
            &[format!("image:4,3,2,rg_snorm16,{img}"), "zeros:384".into()],
            1,
            &dir,
        ));
        for k in 0..24 {
            assert_eq!(
                got[4 * k..4 * k + 4],
                texel("rg", ty("snorm16"), &p[4 * k..4 * k + 4]),
                "{arch} load3d {k}"
            );
        }
        // 3D store of rgba floats: the bytes as they are.
        let p = floats(&mut rng, 4 * 3 * 2 * 4);
        let src = dir.file("3ds.bin", &p);
        let got = run(
            arch,
            "store3d",
            [4, 3, 2],
            &["image:4,3,2,rgba_float".into(), format!("file:{src}")],
            0,
            &dir,
        );
        assert_eq!(got, p, "{arch} store3d");
        // 2D array, 4x3 x 3 layers, r unorm16.
        let p = rng.bytes(4 * 3 * 3 * 2);
        let img = dir.file("2da.bin", &p);
        let got = u32s(&run(
            arch,
            "load2darray",
            [4, 3, 3],
            &[format!("image:4,3,3,r_unorm16,{img}"), "zeros:576".into()],
            1,
            &dir,
        ));
        for k in 0..36 {
            assert_eq!(
                got[4 * k..4 * k + 4],
                texel("r", ty("unorm16"), &p[2 * k..2 * k + 2]),
                "{arch} load2darray {k}"
            );
        }
        // Sampling the 2D array: unnormalized, clamp to edge, linear, layers 1.4 → 1 and 7 → 2.
        for (layer, want_layer) in [(1.4f32, 1usize), (7.0, 2)] {
            let args = [
                format!("image:4,3,3,r_unorm16,{img}"),
                "sampler:unnormalized,clamp_to_edge,linear".into(),
                "zeros:1024".into(),
                float2(-0.625, -0.375),
                float2(0.75, 0.5),
                format!("f32:{layer}"),
            ];
            let got = f32s(&run(arch, "sample2darray", [8, 8, 1], &args, 2, &dir));
            let tex = |at: &[i64]| {
                let k = (want_layer * 12) + (at[1] * 4 + at[0]) as usize;
                texel("r", ty("unorm16"), &p[2 * k..2 * k + 2]).map(f32::from_bits)
            };
            for (y, x) in (0..8).flat_map(|y| (0..8).map(move |x| (y, x))) {
                let c = [-0.625 + 0.75 * x as f64, -0.375 + 0.5 * y as f64];
                let want = sample(&c, &[4, 3], false, Addr::Edge, true, [0.0; 4], &tex);
                let k = y * 8 + x;
                for ch in 0..4 {
                    assert!(
                        close(got[4 * k + ch], want[ch], false),
                        "{arch} sample2darray layer {layer} ({x},{y})"
                    );
                }
            }
        }
        // Trilinear 3D: 4x4x4 r float, normalized, repeat, from outside the image.
        let p = floats(&mut rng, 64);
        let img = dir.file("3dl.bin", &p);
        let f = f32s(&p);
        let (o, st) = ([-0.15625f32, 0.09375, -0.40625], 0.1875f32);
        let args = [
            format!("image:4,4,4,r_float,{img}"),
            "sampler:normalized,repeat,linear".into(),
            "zeros:1024".into(),
            format!("f32:{}", o[0]),
            format!("f32:{}", o[1]),
            format!("f32:{}", o[2]),
            format!("f32:{st}"),
        ];
        let got = f32s(&run(arch, "sample3d", [4, 4, 4], &args, 2, &dir));
        let tex = |at: &[i64]| [f[(at[2] * 16 + at[1] * 4 + at[0]) as usize], 0.0, 0.0, 1.0];
        for k in 0..64usize {
            let (x, y, z) = (k % 4, k / 4 % 4, k / 16);
            let c = [x, y, z]
                .iter()
                .zip(o)
                .map(|(&i, o)| o as f64 + st as f64 * i as f64)
                .collect::<Vec<_>>();
            let want = sample(&c, &[4, 4, 4], true, Addr::Repeat, true, [0.0; 4], &tex);
            for ch in 0..4 {
                assert!(
                    close(got[4 * k + ch], want[ch], false),
                    "{arch} sample3d {c:?}: {:?} want {want:?}",
                    &got[4 * k..4 * k + 4]
                );
            }
        }
        runs += 1;
    }
    assert_eq!(runs, 5);
}

// ---------------------------------------------------------------------------------------------
// Half-precision data (D16)

/// The f16 nearest `x` (ties to even), written out from IEEE 754's binary16 layout.
fn to_half(x: f64) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let a = x.abs();
    if a.is_nan() {
        return 0x7e00;
    }
    if a < 2f64.powi(-14) {
        // Subnormal: units of 2^-24 (1024 of them is the smallest normal, whose bits follow).
        return sign | (a * 2f64.powi(24)).round_ties_even() as u16;
    }
    let mut e = a.log2().floor() as i32;
    if 2f64.powi(e) > a {
        e -= 1;
    }
    if 2f64.powi(e + 1) <= a {
        e += 1;
    }
    let mut m = (a / 2f64.powi(e - 10)).round_ties_even() as u32;
    if m == 2048 {
        e += 1;
        m = 1024;
    }
    if e > 15 {
        return sign | 0x7c00;
    }
    sign | ((e + 15) as u16) << 10 | (m - 1024) as u16
}

fn u16s(b: &[u8]) -> Vec<u16> {
    b.chunks(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect()
}

/// read_imageh/write_imageh (MIMG D16: one half per VGPR on fiji, two on gfx9): loads give
/// the f16 nearest the exact channel value (UNORM16's c / 65535 rounded once), stores convert
/// halves by the same rules as floats; a linear sample's sum is rounded once to f16.
#[test]
fn half_precision_data() {
    let dir = Dir::new("half");
    let mut rng = Rng(0x0d16_0d16_0d16);
    let (w, h) = (6u32, 5u32);
    let n = (w * h) as usize;
    let mut runs = 0;
    for arch in ["fiji", "gfx900", "gfx906"] {
        // Loads: UNORM16, SNORM8, f32 (no NaNs), f16 (as they are, no NaNs).
        for fmt in ["rgba_unorm16", "rgba_snorm8", "r_float", "rg_half"] {
            let (order, tname) = fmt.split_once('_').unwrap();
            let t = ty(tname);
            let tb = channels(order) * t.bytes;
            let mut pixels = rng.bytes(n * tb);
            if tname == "float" {
                for c in pixels.chunks_mut(4) {
                    c[3] &= 0xbf;
                }
            }
            if tname == "half" {
                for c in pixels.chunks_mut(2) {
                    c[1] &= 0xbb;
                }
            }
            if tname == "unorm16" {
                // The two UNORM16 values whose f16 differs when rounded through f32 first.
                pixels[..4].copy_from_slice(&[65455u16.to_le_bytes(), 65519u16.to_le_bytes()].concat());
            }
            let img = dir.file(&format!("{fmt}.bin"), &pixels);
            let args = [format!("image:{w},{h},{fmt},{img}"), format!("zeros:{}", n * 8)];
            let got = u16s(&run(arch, "load2d_h", [w, h, 1], &args, 1, &dir));
            for k in 0..n {
                let b = &pixels[k * tb..(k + 1) * tb];
                let exact: Vec<f64> = match tname {
                    "unorm16" => (0..4).map(|c| le(&b[2 * c..2 * c + 2]) as f64 / 65535.0).collect(),
                    "snorm8" => (0..4).map(|c| (b[c] as i8 as f64 / 127.0).max(-1.0)).collect(),
                    "float" => vec![f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64, 0.0, 0.0, 1.0],
                    _ => vec![
                        half(le(&b[0..2]) as u16) as f64,
                        half(le(&b[2..4]) as u16) as f64,
                        0.0,
                        1.0,
                    ],
                };
                let want: Vec<u16> = exact.iter().map(|&v| to_half(v)).collect();
                assert_eq!(got[4 * k..4 * k + 4], want[..], "{arch} load2d_h {fmt} texel {k}");
            }
            runs += 1;
        }
        // Stores of random finite halves.
        let halves: Vec<u16> = (0..n * 4).map(|_| (rng.next() >> 48) as u16 & 0xbbff).collect();
        let src = dir.file(
            "halves",
            &halves.iter().flat_map(|h| h.to_le_bytes()).collect::<Vec<u8>>(),
        );
        for fmt in ["rgba_unorm8", "rgba_half", "r_float"] {
            let args = [format!("image:{w},{h},{fmt}"), format!("file:{src}")];
            let got = run(arch, "store2d_h", [w, h, 1], &args, 0, &dir);
            let want: Vec<u8> = (0..n)
                .flat_map(|k| -> Vec<u8> {
                    let v = |c: usize| half(halves[4 * k + c]);
                    match fmt {
                        "rgba_unorm8" => (0..4)
                            .map(|c| ((v(c) as f64).clamp(0.0, 1.0) * 255.0).round_ties_even() as u8)
                            .collect(),
                        "rgba_half" => (0..4).flat_map(|c| halves[4 * k + c].to_le_bytes()).collect(),
                        _ => v(0).to_le_bytes().to_vec(),
                    }
                })
                .collect();
            assert_eq!(got, want, "{arch} store2d_h {fmt}");
            runs += 1;
        }
        // A linear sample of UNORM8 texels, to f16.
        let pixels = rng.bytes(n * 4);
        let img = dir.file("s.bin", &pixels);
        let tex = |at: &[i64]| -> [f32; 4] {
            let k = (at[1] * w as i64 + at[0]) as usize * 4;
            [0, 1, 2, 3].map(|c| pixels[k + c] as f32 / 255.0)
        };
        let (u0, du, v0, dv) = (-1.375f64, 0.75, -0.875, 1.25);
        let args = [
            format!("image:{w},{h},rgba_unorm8,{img}"),
            "sampler:unnormalized,clamp_to_edge,linear".into(),
            format!("zeros:{}", n * 8),
            float2(u0 as f32, v0 as f32),
            float2(du as f32, dv as f32),
        ];
        let got = u16s(&run(arch, "sample2d_h", [w, h, 1], &args, 2, &dir));
        for (y, x) in (0..h).flat_map(|y| (0..w).map(move |x| (y, x))) {
            let c = [u0 + du * x as f64, v0 + dv * y as f64];
            let want = sample(&c, &[w, h], false, Addr::Edge, true, [0.0; 4], &tex);
            let k = (y * w + x) as usize;
            for ch in 0..4 {
                let g = half(got[4 * k + ch]);
                assert!(
                    (g - want[ch]).abs() <= want[ch].abs() * 2f32.powi(-11) + 1e-6,
                    "{arch} sample2d_h ({x},{y}) channel {ch}: {g}, want {}",
                    want[ch]
                );
            }
        }
        runs += 1;
    }
    assert_eq!(runs, 3 * 8);
}
