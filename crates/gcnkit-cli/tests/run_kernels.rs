//! `gcnkit run` on real kernels: the OpenCL C kernels of tools/run-kernels/src, compiled by
//! clang-14 into crates/gcnkit/tests/data/run (tools/run-kernels/build.sh), run on the CPU for
//! every GPU they are built for. Each test generates its inputs with a small xorshift PRNG
//! (edge values included), runs the kernel with `--out`, and compares the output buffers byte
//! for byte with the same computation done here, in the order the kernel does it.
//!
//! A test covers one kernel on all its code objects and reports every object that fails, not
//! only the first. `GCNKIT_BIN=/path/to/gcnkit` runs another build of the binary (e.g. a
//! release build) instead of this package's.
//!
//! f32 denormals: clang-14's kernels for GCN 1.0-1.2 run with f32 denormals flushed (the kernel
//! descriptor's FLOAT_DENORM_MODE_32 = 0: inputs and results of f32 instructions are flushed to
//! a zero of the same sign); gfx9 kernels keep them (mode 3). f64 and f16 denormals are kept on
//! every GPU. `Fp` models this for the f32 references; f32 inputs contain denormals only on gfx9
//! (where min/max and compares of denormals need no model).
// The references mirror the kernels' C expressions (division by zero handled as the
// kernels do, NaN-aware comparisons written as in the sources).
#![allow(
    clippy::manual_checked_ops,
    clippy::neg_cmp_op_on_partial_ord,
    clippy::too_many_arguments
)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------------------------
// Running gcnkit

fn gcnkit_bin() -> PathBuf {
    match std::env::var_os("GCNKIT_BIN") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(env!("CARGO_BIN_EXE_gcnkit")),
    }
}

fn data(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../gcnkit/tests/data/run")
        .join(file)
}

/// `&[NAME.tahiti.hsaco, NAME.bonaire.hsaco, NAME.fiji.hsaco, NAME.gfx900.hsaco, EXTRA...]`:
/// a source's code objects for the four GCN generations, and other files of it.
macro_rules! objs {
    ($name:literal $(, $extra:literal)*) => {
        &[
            concat!($name, ".tahiti.hsaco"),
            concat!($name, ".bonaire.hsaco"),
            concat!($name, ".fiji.hsaco"),
            concat!($name, ".gfx900.hsaco"),
            $($extra,)*
        ]
    };
}

/// The GPU of a code object file, `NAME.MCPU[.vN].hsaco` / `.o`.
fn arch_of(object: &str) -> &str {
    object.split('.').nth(1).unwrap()
}

/// Does the kernel's FP mode flush f32 denormals? (See the module comment.)
fn flushes_f32(arch: &str) -> bool {
    !arch.starts_with("gfx9")
}

/// One explicit kernel argument, in `--arg` form.
enum Arg {
    I8(i8),
    I16(i16),
    I32(i32),
    U32(u32),
    U64(u64),
    /// by value, passed as `0x` hex bits
    F32(f32),
    /// by value, passed as `0x` hex bits
    F64(f64),
    /// passed exactly as written (`f32:1.5`: a decimal float)
    Text(&'static str),
    /// a global buffer holding these bytes (`file:`)
    Buf(Vec<u8>),
    /// a global buffer of N zero bytes
    Zeros(usize),
    /// N bytes of LDS for a dynamic `__local` pointer argument
    Local(usize),
}

struct Launch {
    /// None: leave `--kernel` out (the object has one kernel).
    kernel: Option<&'static str>,
    grid: Vec<u32>,
    block: Vec<u32>,
    args: Vec<Arg>,
    /// explicit argument indices of the buffers to read back, in this order
    outs: Vec<usize>,
    extra: Vec<&'static str>,
}

impl Launch {
    fn new(kernel: &'static str, grid: &[u32], block: &[u32], args: Vec<Arg>, outs: &[usize]) -> Launch {
        Launch {
            kernel: Some(kernel),
            grid: grid.to_vec(),
            block: block.to_vec(),
            args,
            outs: outs.to_vec(),
            extra: Vec::new(),
        }
    }
}

struct Finished {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    /// the `--out` files' contents, in `Launch::outs` order (empty unless the exit code is 0)
    outs: Vec<Vec<u8>>,
    command: String,
}

const TIMEOUT: Duration = Duration::from_secs(600);

fn join(v: &[u32]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
}

/// Runs `gcnkit run` on one object; Err only when the process could not be run or timed out.
fn launch(object: &str, l: &Launch) -> Result<Finished, String> {
    launch_with(object, l, &[])
}

/// [`launch`] with more options.
fn launch_with(object: &str, l: &Launch, more: &[&str]) -> Result<Finished, String> {
    let dir = tempfile::Builder::new()
        .prefix("gcnkit-run-kernels-")
        .tempdir()
        .unwrap();
    let mut args: Vec<String> = vec!["run".into(), data(object).to_str().unwrap().into()];
    if let Some(k) = l.kernel {
        args.extend(["--kernel".into(), k.into()]);
    }
    args.extend(["--grid".into(), join(&l.grid), "--block".into(), join(&l.block)]);
    for (i, a) in l.args.iter().enumerate() {
        let spec = match a {
            Arg::I8(v) => format!("i8:{v}"),
            Arg::I16(v) => format!("i16:{v}"),
            Arg::I32(v) => format!("i32:{v}"),
            Arg::U32(v) => format!("u32:{v}"),
            Arg::U64(v) => format!("u64:{v}"),
            Arg::F32(v) => format!("f32:0x{:08x}", v.to_bits()),
            Arg::F64(v) => format!("f64:0x{:016x}", v.to_bits()),
            Arg::Text(s) => s.to_string(),
            Arg::Buf(bytes) => {
                let p = dir.path().join(format!("arg{i}.bin"));
                std::fs::write(&p, bytes).unwrap();
                format!("file:{}", p.display())
            }
            Arg::Zeros(n) => format!("zeros:{n}"),
            Arg::Local(n) => format!("local:{n}"),
        };
        args.extend(["--arg".into(), spec]);
    }
    let out_paths: Vec<PathBuf> = l.outs.iter().map(|n| dir.path().join(format!("out{n}.bin"))).collect();
    for (n, p) in l.outs.iter().zip(&out_paths) {
        args.extend(["--out".into(), format!("{n}={}", p.display())]);
    }
    args.extend(l.extra.iter().chain(more).map(|s| s.to_string()));
    let command = format!(
        "gcnkit {}",
        args.iter()
            .map(|a| if a.contains(dir.path().to_str().unwrap()) {
                "…"
            } else {
                a.as_str()
            })
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut child = Command::new(gcnkit_bin())
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{command}: cannot run {}: {e}", gcnkit_bin().display()))?;
    // Drain the pipes on threads (a chatty --trace must not block the child), wait with a
    // deadline (a runner that never stops must fail the test, not hang it).
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let to = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut so, &mut v).ok();
        v
    });
    let te = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut se, &mut v).ok();
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > TIMEOUT {
            child.kill().ok();
            child.wait().ok();
            return Err(format!("{command}: still running after {TIMEOUT:?}, killed"));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = String::from_utf8_lossy(&to.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&te.join().unwrap()).into_owned();
    let mut outs = Vec::new();
    if status.code() == Some(0) {
        for p in &out_paths {
            outs.push(std::fs::read(p).map_err(|e| format!("{command}: no --out file {}: {e}", p.display()))?);
        }
    }
    Ok(Finished {
        code: status.code(),
        stdout,
        stderr,
        outs,
        command,
    })
}

/// Runs a launch that must succeed; its output buffers. Every such launch also runs under
/// `--check` on the GCN 1.1 and GCN 1.4 code objects (all of them with GCNKIT_TEST_CHECK=1;
/// the others take the machine's planned paths, which `--check` turns off): clang's kernels
/// wait and insert wait states as the hardware needs, read no memory unwritten and have no
/// races, so `--check` must find nothing in them (exit status 0) and give the same results.
fn run_ok(object: &str, l: &Launch) -> Result<Vec<Vec<u8>>, String> {
    let checked =
        std::env::var_os("GCNKIT_TEST_CHECK").is_some() || matches!(arch_of(object), "bonaire" | "gfx900" | "gfx906");
    let f = launch_with(object, l, if checked { &["--check"] } else { &[] })?;
    if f.code != Some(0) {
        return Err(format!(
            "{}: exit {:?}, want 0; stderr:\n{}",
            f.command,
            f.code,
            f.stderr.trim_end()
        ));
    }
    Ok(f.outs)
}

/// Runs `check` on every object, then fails with the messages of all that failed.
fn for_objects(objects: &[&str], check: impl Fn(&str, &str) -> Result<(), String>) {
    let mut failed = Vec::new();
    for &o in objects {
        if let Err(e) = check(o, arch_of(o)) {
            failed.push(format!("--- {o}: {e}"));
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} code objects failed:\n{}",
        failed.len(),
        objects.len(),
        failed.join("\n")
    );
}

/// Values that have a little-endian byte form.
trait Le: Copy {
    const SIZE: usize;
    fn put(self, out: &mut Vec<u8>);
}
macro_rules! le {
    ($($t:ty),*) => {$(
        impl Le for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}
le!(i8, u8, i16, u16, i32, u32, i64, u64, f32, f64);

fn bytes<T: Le>(v: &[T]) -> Vec<u8> {
    let mut out = Vec::with_capacity(v.len() * T::SIZE);
    for &x in v {
        x.put(&mut out);
    }
    out
}

/// Compares an output buffer with the expected values: Err names the buffer, the number of
/// differing elements and the first few (index, item = index / stride, field = index % stride).
fn compare<T: Le>(what: &str, got: &[u8], want: &[T], stride: usize) -> Result<(), String> {
    let want = bytes(want);
    if got.len() != want.len() {
        return Err(format!("{what}: {} bytes, want {}", got.len(), want.len()));
    }
    let n = T::SIZE;
    let bad: Vec<usize> = (0..want.len() / n)
        .filter(|&i| got[i * n..][..n] != want[i * n..][..n])
        .collect();
    if bad.is_empty() {
        return Ok(());
    }
    let hex = |b: &[u8]| b.iter().rev().map(|x| format!("{x:02x}")).collect::<String>();
    let mut msg = format!("{what}: {} of {} elements differ:", bad.len(), want.len() / n);
    for &i in bad.iter().take(8) {
        write!(
            msg,
            "\n    [{i}] (item {}, field {}): got 0x{}, want 0x{}",
            i / stride,
            i % stride,
            hex(&got[i * n..][..n]),
            hex(&want[i * n..][..n])
        )
        .unwrap();
    }
    Err(msg)
}

// ---------------------------------------------------------------------------------------------
// Inputs

/// xorshift64: deterministic inputs.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e3779b97f4a7c15) | 1)
    }
    fn u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn u32(&mut self) -> u32 {
        (self.u64() >> 32) as u32
    }
    fn below(&mut self, n: u32) -> u32 {
        (self.u64() % n as u64) as u32
    }
    fn coin(&mut self) -> bool {
        self.u64() >> 63 != 0
    }
    /// An i32 of a random bit length (small and large magnitudes alike) and sign.
    fn spread32(&mut self) -> i32 {
        let v = (self.u32() >> self.below(32)) as i32;
        if self.coin() {
            v.wrapping_neg()
        } else {
            v
        }
    }
    fn spread64(&mut self) -> i64 {
        let v = (self.u64() >> self.below(64)) as i64;
        if self.coin() {
            v.wrapping_neg()
        } else {
            v
        }
    }
    /// A normal f32 with a random sign and mantissa and an exponent in lo..=hi.
    fn f32_exp(&mut self, lo: i32, hi: i32) -> f32 {
        let e = lo + self.below((hi - lo + 1) as u32) as i32;
        f32::from_bits((self.u32() & 0x8000_0000) | (((e + 127) as u32) << 23) | (self.u32() & 0x7f_ffff))
    }
    fn f64_exp(&mut self, lo: i32, hi: i32) -> f64 {
        let e = lo + self.below((hi - lo + 1) as u32) as i32;
        f64::from_bits((self.u64() & (1 << 63)) | (((e + 1023) as u64) << 52) | (self.u64() & ((1 << 52) - 1)))
    }
    /// A multiple of 2^-23 in [-1, 1).
    fn unit(&mut self) -> f32 {
        (self.u32() >> 8) as f32 / (1u32 << 23) as f32 - 1.0
    }
}

/// Every pair of `edges` (in both orders), then `extra` pairs from `gen`.
fn pairs<T: Copy>(edges: &[T], extra: usize, mut gen: impl FnMut() -> (T, T)) -> (Vec<T>, Vec<T>) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for &x in edges {
        for &y in edges {
            a.push(x);
            b.push(y);
        }
    }
    for _ in 0..extra {
        let (x, y) = gen();
        a.push(x);
        b.push(y);
    }
    (a, b)
}

fn groups(n: u32, size: u32) -> u32 {
    n.div_ceil(size)
}

// ---------------------------------------------------------------------------------------------
// Floating-point models

/// f32 arithmetic as the kernel's FP mode does it: IEEE with round to nearest even, and when
/// `ftz`, denormal inputs and results replaced by a zero of the same sign.
#[derive(Clone, Copy)]
struct Fp {
    ftz: bool,
}

impl Fp {
    fn of(arch: &str) -> Fp {
        Fp { ftz: flushes_f32(arch) }
    }
    fn flush(self, x: f32) -> f32 {
        if self.ftz && x.is_subnormal() {
            f32::from_bits(x.to_bits() & 0x8000_0000)
        } else {
            x
        }
    }
    fn add(self, a: f32, b: f32) -> f32 {
        self.flush(self.flush(a) + self.flush(b))
    }
    fn sub(self, a: f32, b: f32) -> f32 {
        self.flush(self.flush(a) - self.flush(b))
    }
    fn mul(self, a: f32, b: f32) -> f32 {
        self.flush(self.flush(a) * self.flush(b))
    }
    fn fma(self, a: f32, b: f32, c: f32) -> f32 {
        self.flush(self.flush(a).mul_add(self.flush(b), self.flush(c)))
    }
}

/// The kernels' canon_f32 / canon_f64: any NaN as the positive quiet NaN without payload.
fn canon32(x: f32) -> u32 {
    if x.is_nan() {
        0x7fc0_0000
    } else {
        x.to_bits()
    }
}

fn canon64(x: f64) -> u64 {
    if x.is_nan() {
        0x7ff8_0000_0000_0000
    } else {
        x.to_bits()
    }
}

/// f16 (IEEE binary16) as bits: exact conversions, and rounding of exact values.
mod half {
    /// Rounds (-1)^neg * mag * 2^exp, an exact value, to the nearest f16 (ties to even;
    /// overflow to infinity, gradual underflow).
    pub fn round(neg: bool, mag: u128, exp: i32) -> u16 {
        let sign = if neg { 0x8000 } else { 0 };
        if mag == 0 {
            return sign;
        }
        let len = 128 - mag.leading_zeros() as i32;
        // low bits to drop: keep 11 significant bits, but no unit below 2^-24
        let shift = (len - 11).max(-24 - exp);
        if shift > len {
            return sign; // below half of 2^-24
        }
        let (mut q, mut e) = if shift <= 0 {
            (mag << (-shift) as u32, exp + shift)
        } else {
            let q = mag >> shift;
            let rem = mag & ((1u128 << shift) - 1);
            let half = 1u128 << (shift - 1);
            (
                if rem > half || (rem == half && q & 1 == 1) {
                    q + 1
                } else {
                    q
                },
                exp + shift,
            )
        };
        if q == 1 << 11 {
            q = 1 << 10;
            e += 1;
        }
        if q < 1 << 10 {
            return sign | q as u16; // subnormal (e == -24)
        }
        let biased = e + 25;
        if biased >= 31 {
            return sign | 0x7c00;
        }
        sign | (biased as u16) << 10 | (q as u16 - 0x400)
    }

    /// A finite f16 as (negative, integer mantissa, exponent).
    pub fn parts(h: u16) -> (bool, u128, i32) {
        let (e, m) = ((h >> 10) & 0x1f, (h & 0x3ff) as u128);
        if e == 0 {
            (h & 0x8000 != 0, m, -24)
        } else {
            (h & 0x8000 != 0, m | 0x400, e as i32 - 25)
        }
    }

    pub fn to_f64(h: u16) -> f64 {
        let neg = h & 0x8000 != 0;
        let v = if (h >> 10) & 0x1f == 0x1f {
            if h & 0x3ff == 0 {
                f64::INFINITY
            } else {
                return f64::NAN;
            }
        } else {
            let (_, m, e) = parts(h);
            m as f64 * (e as f64).exp2()
        };
        if neg {
            -v
        } else {
            v
        }
    }

    /// An f64 holding an exact result, rounded to f16; NaN as the canonical 0x7e00.
    pub fn from_f64(r: f64) -> u16 {
        let sign = if r.is_sign_negative() { 0x8000 } else { 0 };
        if r.is_nan() {
            0x7e00
        } else if r.is_infinite() {
            sign | 0x7c00
        } else if r == 0.0 {
            sign
        } else {
            let b = r.to_bits();
            let (e, m) = (((b >> 52) & 0x7ff) as i32, (b & ((1 << 52) - 1)) as u128);
            if e == 0 {
                round(r < 0.0, m, -1074)
            } else {
                round(r < 0.0, m | 1 << 52, e - 1075)
            }
        }
    }

    // Sums and products of two f16 are exact in f64 (at most 41 and 22 significant bits).
    pub fn add(a: u16, b: u16) -> u16 {
        from_f64(to_f64(a) + to_f64(b))
    }
    pub fn sub(a: u16, b: u16) -> u16 {
        from_f64(to_f64(a) - to_f64(b))
    }
    pub fn mul(a: u16, b: u16) -> u16 {
        from_f64(to_f64(a) * to_f64(b))
    }

    /// a * b + c rounded once: exactly, in integers (units of 2^-48).
    pub fn fma(a: u16, b: u16, c: u16) -> u16 {
        // f64's fma gets NaN, infinities and the sign of a zero result right, and is zero
        // exactly when the exact result is.
        let r = to_f64(a).mul_add(to_f64(b), to_f64(c));
        if !r.is_finite() || r == 0.0 {
            return from_f64(r);
        }
        let ((na, ma, ea), (nb, mb, eb), (nc, mc, ec)) = (parts(a), parts(b), parts(c));
        let (np, mp, ep) = (na != nb, ma * mb, ea + eb);
        let e = ep.min(ec);
        let p = (mp << (ep - e)) as i128;
        let c = (mc << (ec - e)) as i128;
        let s = if np { -p } else { p } + if nc { -c } else { c };
        round(s < 0, s.unsigned_abs(), e)
    }
}

// ---------------------------------------------------------------------------------------------
// Integer kernels (int.cl)

const INT_OBJECTS: [&str; 5] = [
    "int.tahiti.hsaco",
    "int.bonaire.hsaco",
    "int.fiji.hsaco",
    "int.gfx900.hsaco",
    "int.gfx906.hsaco",
];

const EDGE_I32: [i32; 20] = [
    0,
    1,
    -1,
    2,
    -2,
    31,
    32,
    33,
    63,
    i32::MIN,
    i32::MAX,
    i32::MIN + 1,
    0x7fff,
    0x8000,
    0xffff,
    0x10000,
    0x00ff_ffff,
    0x0080_0000,
    -0x0080_0000,
    0x5555_5555,
];

const EDGE_I64: [i64; 18] = [
    0,
    1,
    -1,
    2,
    -3,
    63,
    64,
    i64::MIN,
    i64::MAX,
    i64::MIN + 1,
    0xffff_ffff,
    0x1_0000_0000,
    -0x1_0000_0000,
    0x7fff_ffff,
    0x8000_0000,
    i32::MIN as i64,
    0x5555_5555_5555_5555,
    0x1234_5678_9abc,
];

fn int_ops_ref(x: i32, y: i32) -> [i32; 16] {
    let (ux, uy) = (x as u32, y as u32);
    let s = uy & 31;
    let x24 = ((ux << 8) as i32) >> 8;
    let y24 = ((uy << 8) as i32) >> 8;
    [
        ux.wrapping_add(uy) as i32,
        ux.wrapping_sub(uy) as i32,
        ux.wrapping_mul(uy) as i32,
        ((x as i64 * y as i64) >> 32) as i32,
        ((ux as u64 * uy as u64) >> 32) as i32,
        (ux << s) as i32,
        x >> s,
        (ux >> s) as i32,
        (x & y) ^ (x | !y),
        ((x.min(y) as u32) ^ (ux.max(uy) << 1)) as i32,
        (ux.count_ones() | ux.leading_zeros() << 8 | ux.trailing_zeros() << 16) as i32,
        (if x < 0 { 0u32.wrapping_sub(ux) } else { ux }) as i32,
        (ux.rotate_left(7) ^ uy.reverse_bits()) as i32,
        (x > y) as i32
            | ((ux > uy) as i32) << 1
            | ((x == y) as i32) << 2
            | ((x >= 0) as i32) << 3
            | ((ux <= uy) as i32) << 4,
        (x24 as u32).wrapping_mul(y24 as u32).wrapping_add(ux) as i32,
        ((ux & 0xff_ffff).wrapping_mul(uy & 0xff_ffff) ^ (((ux >> 8) & 0xff) << 24) ^ (uy >> 24)) as i32,
    ]
}

#[test]
fn kernel_int_ops() {
    let mut r = Rng::new(1);
    let (a, b) = pairs(&EDGE_I32, 200, || (r.spread32(), r.spread32()));
    let n = a.len() as u32; // 600: the last of 10 work-groups of 64 is partial
    let want: Vec<i32> = a.iter().zip(&b).flat_map(|(&x, &y)| int_ops_ref(x, y)).collect();
    for_objects(&INT_OBJECTS, |obj, _| {
        let l = Launch::new(
            "int_ops",
            &[n],
            &[64],
            vec![
                Arg::Buf(bytes(&a)),
                Arg::Buf(bytes(&b)),
                Arg::Zeros(n as usize * 64),
                Arg::U32(n),
            ],
            &[2],
        );
        compare("out", &run_ok(obj, &l)?[0], &want, 16)
    });
}

fn long_ops_ref(x: i64, y: i64) -> [i64; 12] {
    let (ux, uy) = (x as u64, y as u64);
    let r = (uy & 63) as u32;
    [
        ux.wrapping_add(uy) as i64,
        ux.wrapping_sub(uy) as i64,
        ux.wrapping_mul(uy) as i64,
        ((ux as u128 * uy as u128) >> 64) as i64,
        (ux << r) as i64,
        x >> r,
        (ux >> r) as i64,
        ux.rotate_left(r) as i64,
        ((ux & !uy) ^ (ux | (uy >> 3))) as i64,
        ((x.min(y) as u64) ^ ux.max(uy)) as i64,
        ux.count_ones() as i64
            | (ux.leading_zeros() as i64) << 8
            | (ux.trailing_zeros() as i64) << 16
            | ((x > y) as i64) << 32
            | ((ux > uy) as i64) << 33
            | ((x == y) as i64) << 34,
        (ux as i32 as i64) * ((uy >> 32) as i32 as i64) + ((ux >> 16) as u32 as i64),
    ]
}

#[test]
fn kernel_long_ops() {
    let mut r = Rng::new(2);
    let (a, b) = pairs(&EDGE_I64, 176, || (r.spread64(), r.spread64()));
    let n = a.len() as u32; // 500
    let want: Vec<i64> = a.iter().zip(&b).flat_map(|(&x, &y)| long_ops_ref(x, y)).collect();
    for_objects(&INT_OBJECTS, |obj, _| {
        let l = Launch::new(
            "long_ops",
            &[n],
            &[128],
            vec![
                Arg::Buf(bytes(&a)),
                Arg::Buf(bytes(&b)),
                Arg::Zeros(n as usize * 96),
                Arg::U32(n),
            ],
            &[2],
        );
        compare("out", &run_ok(obj, &l)?[0], &want, 12)
    });
}

fn divrem32_ref(x: i32, y: i32) -> [i32; 4] {
    let (q, r) = if y == 0 {
        (-1, x)
    } else {
        (x.wrapping_div(y), x.wrapping_rem(y))
    };
    let (ux, uy) = (x as u32, y as u32);
    let (uq, ur) = if uy == 0 { (u32::MAX, ux) } else { (ux / uy, ux % uy) };
    [q, r, uq as i32, ur as i32]
}

fn divrem64_ref(x: i64, y: i64) -> [i64; 4] {
    let (q, r) = if y == 0 {
        (-1, x)
    } else {
        (x.wrapping_div(y), x.wrapping_rem(y))
    };
    let (ux, uy) = (x as u64, y as u64);
    let (uq, ur) = if uy == 0 { (u64::MAX, ux) } else { (ux / uy, ux % uy) };
    [q, r, uq as i64, ur as i64]
}

#[test]
fn kernel_divrem() {
    let mut r = Rng::new(3);
    let (mut a, mut b) = pairs(&EDGE_I32, 0, || unreachable!());
    let (mut c, mut d) = pairs(&EDGE_I64, 0, || unreachable!());
    // random operands of every bit length, and dividends that are small multiples of the
    // divisor give or take a little (quotients near the boundaries of the estimate)
    while a.len() < 1000 {
        let y = r.spread32();
        a.push(if r.coin() {
            r.spread32()
        } else {
            y.wrapping_mul(r.below(9) as i32).wrapping_add(r.below(3) as i32 - 1)
        });
        b.push(y);
    }
    while c.len() < 1000 {
        let y = r.spread64();
        c.push(if r.coin() {
            r.spread64()
        } else {
            y.wrapping_mul(r.below(9) as i64).wrapping_add(r.below(3) as i64 - 1)
        });
        d.push(y);
    }
    let n = 1000u32;
    let want32: Vec<i32> = a.iter().zip(&b).flat_map(|(&x, &y)| divrem32_ref(x, y)).collect();
    let want64: Vec<i64> = c.iter().zip(&d).flat_map(|(&x, &y)| divrem64_ref(x, y)).collect();
    for_objects(&INT_OBJECTS, |obj, _| {
        let l = Launch::new(
            "divrem",
            &[n],
            &[256],
            vec![
                Arg::Buf(bytes(&a)),
                Arg::Buf(bytes(&b)),
                Arg::Buf(bytes(&c)),
                Arg::Buf(bytes(&d)),
                Arg::Zeros(n as usize * 16),
                Arg::Zeros(n as usize * 32),
                Arg::U32(n),
            ],
            &[4, 5],
        );
        let o = run_ok(obj, &l)?;
        let e1 = compare("o32 (q, r, unsigned q, unsigned r)", &o[0], &want32, 4);
        let e2 = compare("o64 (q, r, unsigned q, unsigned r)", &o[1], &want64, 4);
        both(e1, e2)
    });
}

fn both(a: Result<(), String>, b: Result<(), String>) -> Result<(), String> {
    match (a, b) {
        (Ok(()), r) | (r, Ok(())) => r,
        (Err(x), Err(y)) => Err(format!("{x}\n{y}")),
    }
}

fn all(results: Vec<Result<(), String>>) -> Result<(), String> {
    results.into_iter().fold(Ok(()), both)
}

// ---------------------------------------------------------------------------------------------
// Floating-point kernels (float.cl, half.cl)

const FLOAT_OBJECTS: [&str; 5] = [
    "float.tahiti.hsaco",
    "float.bonaire.hsaco",
    "float.fiji.hsaco",
    "float.gfx900.hsaco",
    "float.bonaire.v2.hsaco",
];

fn edge_f32(denormals: bool) -> Vec<f32> {
    let mut v = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -3.0,
        1e30,
        -1e-30,
        f32::MAX,
        -f32::MAX,
        f32::MIN_POSITIVE,
        -f32::MIN_POSITIVE,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::from_bits(0x7fc0_0000),
        f32::from_bits(0xffc0_0000),
        f32::from_bits(0x7fc1_2345),
    ];
    if denormals {
        v.extend([
            f32::from_bits(1),
            f32::from_bits(0x807f_ffff),
            f32::from_bits(0x0040_0000),
        ]);
    }
    v
}

fn edge_f64() -> Vec<f64> {
    vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -3.0,
        1e300,
        -1e-300,
        f64::MAX,
        -f64::MAX,
        f64::MIN_POSITIVE,
        -f64::MIN_POSITIVE,
        f64::from_bits(1),
        f64::from_bits(0x800f_ffff_ffff_ffff),
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::from_bits(0xfff8_0000_0000_0001),
    ]
}

/// Which of min and max is returned for a +0/-0 pair is not pinned down (IEEE minNum): the
/// inputs avoid such pairs.
fn no_signed_zero_pairs<T: Copy + PartialEq + Default>(a: &[T], b: &mut [T], one: T) {
    for (x, y) in a.iter().zip(b.iter_mut()) {
        if *x == T::default() && *y == T::default() {
            *y = one;
        }
    }
}

fn f32_ops_ref(fp: Fp, x: f32, y: f32, z: f32) -> [u32; 9] {
    [
        canon32(fp.add(x, y)),
        canon32(fp.sub(x, y)),
        canon32(fp.mul(x, y)),
        canon32(fp.fma(x, y, z)),
        canon32(x.min(y)),
        canon32(x.max(y)),
        canon32(fp.sub(fp.mul(fp.add(x, z), y), x)),
        canon32(fp.mul(x.abs(), -z)),
        (x < y) as u32
            | ((x == y) as u32) << 1
            | ((x > y) as u32) << 2
            | ((x != y) as u32) << 3
            | ((x <= z) as u32) << 4
            | ((!(x >= z)) as u32) << 5,
    ]
}

#[test]
fn kernel_f32_ops() {
    for_objects(&FLOAT_OBJECTS, |obj, arch| {
        let fp = Fp::of(arch);
        let mut r = Rng::new(4);
        let edges = edge_f32(!fp.ftz);
        let (a, mut b) = pairs(&edges, 300, || {
            if r.coin() {
                (r.f32_exp(-60, 60), r.f32_exp(-60, 60))
            } else {
                (r.f32_exp(-126, 127), r.f32_exp(-126, 127))
            }
        });
        no_signed_zero_pairs(&a, &mut b, 1.0);
        let c: Vec<f32> = (0..a.len())
            .map(|i| {
                if i % 3 == 0 {
                    edges[i / 3 % edges.len()]
                } else {
                    r.f32_exp(-30, 30)
                }
            })
            .collect();
        let n = a.len() as u32;
        let want: Vec<u32> = (0..a.len()).flat_map(|i| f32_ops_ref(fp, a[i], b[i], c[i])).collect();
        let l = Launch::new(
            "f32_ops",
            &[n],
            &[64],
            vec![
                Arg::Buf(bytes(&a)),
                Arg::Buf(bytes(&b)),
                Arg::Buf(bytes(&c)),
                Arg::Zeros(n as usize * 36),
                Arg::U32(n),
            ],
            &[3],
        );
        compare("out", &run_ok(obj, &l)?[0], &want, 9)
    });
}

fn f64_ops_ref(x: f64, y: f64, z: f64) -> [u64; 9] {
    [
        canon64(x + y),
        canon64(x - y),
        canon64(x * y),
        canon64(x.mul_add(y, z)),
        canon64(x.min(y)),
        canon64(x.max(y)),
        canon64((x + z) * y - x),
        canon64(x.abs() * -z),
        (x < y) as u64
            | ((x == y) as u64) << 1
            | ((x > y) as u64) << 2
            | ((x != y) as u64) << 3
            | ((x <= z) as u64) << 4
            | ((!(x >= z)) as u64) << 5,
    ]
}

#[test]
fn kernel_f64_ops() {
    let mut r = Rng::new(5);
    let edges = edge_f64();
    let (a, mut b) = pairs(&edges, 300, || {
        if r.coin() {
            (r.f64_exp(-500, 500), r.f64_exp(-500, 500))
        } else {
            (r.f64_exp(-1022, 1023), r.f64_exp(-1022, 1023))
        }
    });
    no_signed_zero_pairs(&a, &mut b, 1.0);
    let c: Vec<f64> = (0..a.len())
        .map(|i| {
            if i % 3 == 0 {
                edges[i / 3 % edges.len()]
            } else {
                r.f64_exp(-300, 300)
            }
        })
        .collect();
    let n = a.len() as u32;
    let want: Vec<u64> = (0..a.len()).flat_map(|i| f64_ops_ref(a[i], b[i], c[i])).collect();
    for_objects(&FLOAT_OBJECTS, |obj, _| {
        let l = Launch::new(
            "f64_ops",
            &[n],
            &[128],
            vec![
                Arg::Buf(bytes(&a)),
                Arg::Buf(bytes(&b)),
                Arg::Buf(bytes(&c)),
                Arg::Zeros(n as usize * 72),
                Arg::U32(n),
            ],
            &[3],
        );
        compare("out", &run_ok(obj, &l)?[0], &want, 9)
    });
}

/// Correctly rounded division: Rust's `/` is the IEEE quotient. Where f32 denormals are
/// flushed, the inputs avoid denormal operands and quotients (`kernel_fdiv_underflow` has
/// them).
#[test]
fn kernel_fdiv() {
    for_objects(&FLOAT_OBJECTS, |obj, arch| {
        let ftz = flushes_f32(arch);
        let mut r = Rng::new(6);
        let mut edges = edge_f32(!ftz);
        edges.extend([3.0, 0.1, -7.0, 1.5]);
        let (mut a, mut b) = pairs(&edges, 400, || match r.below(4) {
            0 => (r.f32_exp(-126, 127), r.f32_exp(-126, 127)),
            1 if !ftz => (f32::from_bits(r.u32() & 0x807f_ffff), r.f32_exp(-40, 40)),
            2 if !ftz => (r.f32_exp(-40, 40), f32::from_bits(r.u32() & 0x807f_ffff)),
            _ => (r.f32_exp(-40, 40), r.f32_exp(-40, 40)),
        });
        if ftz {
            for (x, y) in a.iter_mut().zip(b.iter_mut()) {
                let q = *x / *y;
                if q.is_subnormal() || (q == 0.0 && *x != 0.0 && y.is_finite()) {
                    *y = 1.0;
                }
                assert!(!x.is_subnormal() && !y.is_subnormal());
            }
        }
        // neighbouring values divided by 3 and its neighbours (long repeating quotients)
        for k in 0..16u32 {
            a.push(f32::from_bits(0x3f80_0000 + k * 0x1235));
            b.push(f32::from_bits(0x4040_0000 + k));
        }
        let edges64 = edge_f64();
        let (mut c, mut d) = pairs(&edges64, 0, || unreachable!());
        while c.len() < a.len() {
            let (x, y) = match r.below(3) {
                0 => (r.f64_exp(-1022, 1023), r.f64_exp(-1022, 1023)),
                1 => (f64::from_bits(r.u64() & 0x800f_ffff_ffff_ffff), r.f64_exp(-60, 60)),
                _ => (r.f64_exp(-100, 100), r.f64_exp(-100, 100)),
            };
            c.push(x);
            d.push(y);
        }
        c.truncate(a.len());
        d.truncate(a.len());
        let n = a.len() as u32;
        let want32: Vec<u32> = a.iter().zip(&b).map(|(&x, &y)| canon32(x / y)).collect();
        let want64: Vec<u64> = c.iter().zip(&d).map(|(&x, &y)| canon64(x / y)).collect();
        let l = Launch::new(
            "fdiv",
            &[n],
            &[64],
            vec![
                Arg::Buf(bytes(&a)),
                Arg::Buf(bytes(&b)),
                Arg::Buf(bytes(&c)),
                Arg::Buf(bytes(&d)),
                Arg::Zeros(n as usize * 4),
                Arg::Zeros(n as usize * 8),
                Arg::U32(n),
            ],
            &[4, 5],
        );
        let o = run_ok(obj, &l)?;
        both(
            compare("q32 (f32 a / b)", &o[0], &want32, 1),
            compare("q64 (f64 c / d)", &o[1], &want64, 1),
        )
    });
}

/// Quotients below the normal range where f32 denormals are flushed: the IEEE quotient
/// flushed to a zero of its sign (clang's sequence sets denormals on for its parts and off
/// before V_DIV_FMAS, whose SRC2 may then be a denormal that must count), and denormal
/// numerators (flushed on input: a zero of the quotient's sign).
#[test]
fn kernel_fdiv_underflow() {
    for_objects(&FLOAT_OBJECTS, |obj, arch| {
        if !flushes_f32(arch) {
            return Ok(());
        }
        let mut r = Rng::new(61);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        while a.len() < 2048 {
            let (x, y) = match r.below(3) {
                0 => (r.f32_exp(-126, 0), r.f32_exp(0, 127)),
                1 => (f32::from_bits(r.u32() & 0x807f_ffff), r.f32_exp(-40, 40)),
                _ => (r.f32_exp(-126, -60), r.f32_exp(-20, 60)),
            };
            // Not within a factor of 2 of the smallest normal (where rounding before or after
            // the flush would decide).
            let q = (x as f64 / y as f64).abs();
            if (f32::MIN_POSITIVE as f64 / 2.0..f32::MIN_POSITIVE as f64 * 2.0).contains(&q) {
                continue;
            }
            a.push(x);
            b.push(y);
        }
        let flush = |q: f32| if q.is_subnormal() { 0.0f32.copysign(q) } else { q };
        let want: Vec<u32> = a.iter().zip(&b).map(|(&x, &y)| canon32(flush(flush(x) / y))).collect();
        let zeros = want.iter().filter(|&&w| w & 0x7fff_ffff == 0).count();
        assert!(zeros > 500, "{zeros} zero quotients");
        let n = a.len() as u32;
        let l = Launch::new(
            "fdiv",
            &[n],
            &[64],
            vec![
                Arg::Buf(bytes(&a)),
                Arg::Buf(bytes(&b)),
                Arg::Buf(bytes(&vec![1.0f64; a.len()])),
                Arg::Buf(bytes(&vec![1.0f64; a.len()])),
                Arg::Zeros(n as usize * 4),
                Arg::Zeros(n as usize * 8),
                Arg::U32(n),
            ],
            &[4],
        );
        compare("q32 (f32 a / b)", &run_ok(obj, &l)?[0], &want, 1)
    });
}

const HALF_OBJECTS: [&str; 2] = ["half.gfx900.hsaco", "half.gfx906.hsaco"];

const EDGE_F16: [u16; 17] = [
    0x0000, 0x8000, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x0400, 0x0001, 0x03ff, 0x8001,
    0x3800, 0x4200, 0x3555,
];

#[test]
fn kernel_half_ops() {
    let mut r = Rng::new(7);
    let (a, b) = pairs(&EDGE_F16, 211, || (r.u32() as u16, r.u32() as u16));
    let n = a.len();
    let c: Vec<u16> = (0..n)
        .map(|i| {
            if i % 4 == 0 {
                EDGE_F16[i / 4 % 17]
            } else {
                r.u32() as u16
            }
        })
        .collect();
    let mut f: Vec<f32> = vec![
        65504.0,
        f32::from_bits(0x477f_efff), // just below the halfway point to 65520: 65504
        65520.0,                     // halfway to the next binade: rounds to infinity
        2f32.powi(-24),
        2f32.powi(-25),              // halfway between 0 and 2^-24: ties to 0
        f32::from_bits(0x3300_0001), // above halfway: 2^-24
        3.0 * 2f32.powi(-26),        // 0.75 * 2^-24: 2^-24
        f32::from_bits(0x3f80_1000), // 1 + 2^-11: halfway, ties to even 1
        f32::from_bits(0x3f80_3000), // 1 + 3 * 2^-11: ties to even upwards
        f32::from_bits(0x0000_0001), // f32 denormal
        -0.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1e10,
    ];
    while f.len() < n {
        f.push(r.f32_exp(-30, 17));
    }
    let mut want = Vec::new();
    let mut want32 = Vec::new();
    for i in 0..n {
        let (x, y, z) = (a[i], b[i], c[i]);
        let (fx, fy, fz) = (half::to_f64(x), half::to_f64(y), half::to_f64(z));
        want.extend([
            half::add(x, y),
            half::sub(x, y),
            half::mul(x, y),
            half::fma(x, y, z),
            half::from_f64(f[i] as f64),
            (fx < fy) as u16
                | ((fx == fy) as u16) << 1
                | ((fx > fy) as u16) << 2
                | ((fx != fy) as u16) << 3
                | ((fx <= fz) as u16) << 4,
        ]);
        want32.push(canon32(fx as f32 * fz as f32 + fy as f32));
    }
    let n = n as u32;
    for_objects(&HALF_OBJECTS, |obj, _| {
        let l = Launch::new(
            "half_ops",
            &[n],
            &[64],
            vec![
                Arg::Buf(bytes(&a)),
                Arg::Buf(bytes(&b)),
                Arg::Buf(bytes(&c)),
                Arg::Buf(bytes(&f)),
                Arg::Zeros(n as usize * 12),
                Arg::Zeros(n as usize * 4),
                Arg::U32(n),
            ],
            &[4, 5],
        );
        let o = run_ok(obj, &l)?;
        both(
            compare("out (+ - * fma f32->f16 compares)", &o[0], &want, 6),
            compare("out32", &o[1], &want32, 1),
        )
    });
}

#[test]
fn kernel_half2_ops() {
    let mut r = Rng::new(8);
    // element i of the half2 arrays: components 2i, 2i+1
    let (a, b) = pairs(&EDGE_F16, 311, || (r.u32() as u16, r.u32() as u16));
    let c: Vec<u16> = (0..a.len())
        .map(|i| {
            if i % 5 == 0 {
                EDGE_F16[i / 5 % 17]
            } else {
                r.u32() as u16
            }
        })
        .collect();
    let n = (a.len() / 2) as u32; // 300 half2
    let (a, b, c) = (&a[..2 * n as usize], &b[..2 * n as usize], &c[..2 * n as usize]);
    let mut want = vec![0u16; n as usize * 8];
    for i in 0..n as usize {
        for k in 0..2 {
            let (x, y, z) = (a[2 * i + k], b[2 * i + k], c[2 * i + k]);
            want[8 * i + k] = half::add(x, y);
            want[8 * i + 2 + k] = half::mul(x, y);
            want[8 * i + 4 + k] = half::fma(x, y, z);
            want[8 * i + 6 + k] = half::sub(x, half::mul(y, z));
        }
    }
    // the half2 results are not NaN-canonicalized: compare NaNs as NaNs
    let canon = |v: &[u8]| -> Vec<u16> {
        v.chunks(2)
            .map(|p| {
                let h = u16::from_le_bytes([p[0], p[1]]);
                if h & 0x7fff > 0x7c00 {
                    0x7e00
                } else {
                    h
                }
            })
            .collect()
    };
    for_objects(&HALF_OBJECTS, |obj, _| {
        let l = Launch::new(
            "half2_ops",
            &[n],
            &[128],
            vec![
                Arg::Buf(bytes(a)),
                Arg::Buf(bytes(b)),
                Arg::Buf(bytes(c)),
                Arg::Zeros(n as usize * 16),
                Arg::U32(n),
            ],
            &[3],
        );
        let o = run_ok(obj, &l)?;
        compare(
            "out (x+y, x*y, fma, x-y*z; NaNs as one pattern)",
            &bytes(&canon(&o[0])),
            &want,
            8,
        )
    });
}

// ---------------------------------------------------------------------------------------------
// Control flow (branch.cl)

fn collatz_ref(start: u32) -> (u32, u64) {
    let (mut x, mut top, mut s) = (start as u64, start as u64, 0u32);
    while x > 1 && s < 2000 {
        x = if x & 1 == 1 { 3 * x + 1 } else { x >> 1 };
        top = top.max(x);
        s += 1;
    }
    (s, top)
}

#[test]
fn kernel_collatz() {
    let mut r = Rng::new(9);
    let mut start: Vec<u32> = vec![
        0,
        1,
        2,
        3,
        6,
        7,
        27,
        97,
        871,
        6171,
        77031,
        837_799,
        8_400_511,
        u32::MAX,
        u32::MAX - 1,
        1 << 31,
    ];
    while start.len() < 500 {
        start.push(if r.below(8) == 0 { r.u32() } else { r.below(1_000_000) });
    }
    let n = start.len() as u32;
    let (steps, peak): (Vec<u32>, Vec<u64>) = start.iter().map(|&s| collatz_ref(s)).unzip();
    for_objects(objs!("branch"), |obj, _| {
        let l = Launch::new(
            "collatz",
            &[n],
            &[64],
            vec![
                Arg::Buf(bytes(&start)),
                Arg::Zeros(n as usize * 4),
                Arg::Zeros(n as usize * 8),
                Arg::U32(n),
            ],
            &[1, 2],
        );
        let o = run_ok(obj, &l)?;
        both(compare("steps", &o[0], &steps, 1), compare("peak", &o[1], &peak, 1))
    });
}

fn divergent_ref(i: u32, v: u32) -> u32 {
    let mut acc = i;
    if v & 1 != 0 {
        for k in 0..(v >> 1 & 15) {
            acc = acc.wrapping_add(k.wrapping_mul(v));
            if acc & 0xff > 0xf0 {
                break;
            }
        }
    } else if v & 2 != 0 {
        let mut k = v >> 2 & 31;
        while k != 0 {
            acc ^= k << (k & 7);
            k -= 1;
            if k == 3 && v & 64 != 0 {
                continue;
            }
            acc = acc.wrapping_add(1);
        }
    } else {
        match v >> 2 & 3 {
            0 => acc = !v,
            1 => acc = v.wrapping_mul(3),
            2 => return 0xdead_0000 | (v >> 16),
            _ => acc = acc.wrapping_mul(7).wrapping_add(1),
        }
    }
    acc
}

#[test]
fn kernel_divergent() {
    let mut r = Rng::new(10);
    let mut v: Vec<u32> = (0..256).collect(); // every low-byte path
    v.extend([u32::MAX, 0x8000_0000, 0xffff_fffe, 0x7fff_ffff]);
    while v.len() < 700 {
        v.push(r.u32());
    }
    let n = v.len() as u32;
    let want: Vec<u32> = v.iter().enumerate().map(|(i, &x)| divergent_ref(i as u32, x)).collect();
    for_objects(objs!("branch"), |obj, _| {
        let l = Launch::new(
            "divergent",
            &[n],
            &[256],
            vec![Arg::Buf(bytes(&v)), Arg::Zeros(n as usize * 4), Arg::U32(n)],
            &[1],
        );
        compare("out", &run_ok(obj, &l)?[0], &want, 1)
    });
}

// ---------------------------------------------------------------------------------------------
// LDS and barriers (lds.cl)

const LDS_OBJECTS: &[&str] = objs!("lds", "lds.fiji.v2.hsaco", "lds.gfx900.v3.hsaco");

/// The kernel's tree, step by step: per work-group of `size`, `count` slots written.
fn wg_reduce_ref(fp: Fp, input: &[f32], size: usize) -> Vec<f32> {
    input
        .chunks(size)
        .map(|g| {
            let count = g.len();
            let mut t = vec![f32::NAN; size];
            t[..count].copy_from_slice(g);
            let mut s = size / 2;
            while s > 0 {
                for lid in 0..s {
                    if lid + s < count {
                        t[lid] = fp.add(t[lid], t[lid + s]);
                    }
                }
                s >>= 1;
            }
            t[0]
        })
        .collect()
}

#[test]
fn kernel_wg_reduce_f32() {
    for_objects(LDS_OBJECTS, |obj, arch| {
        let fp = Fp::of(arch);
        let mut res = Vec::new();
        // grid = n work-items: the last work-group is partial (1000 = 3 * 256 + 232, 333 = 5 * 64 + 13)
        for (seed, n, size) in [(11, 1000u32, 256u32), (12, 333, 64), (13, 64, 64)] {
            let mut r = Rng::new(seed);
            let input: Vec<f32> = (0..n).map(|_| r.f32_exp(-12, 12)).collect();
            let want = wg_reduce_ref(fp, &input, size as usize);
            let l = Launch::new(
                "wg_reduce_f32",
                &[n],
                &[size],
                vec![
                    Arg::Buf(bytes(&input)),
                    Arg::Zeros(groups(n, size) as usize * 4),
                    Arg::U32(n),
                ],
                &[1],
            );
            res.push(run_ok(obj, &l).and_then(|o| compare(&format!("partial (n {n}, block {size})"), &o[0], &want, 1)));
        }
        all(res)
    });
}

#[test]
fn kernel_scan_u32() {
    for_objects(LDS_OBJECTS, |obj, _| {
        let mut res = Vec::new();
        // the grid is a multiple of the work-group size; n is not
        for (seed, n, size) in [(14, 1000u32, 128u32), (15, 700, 256), (16, 50, 64)] {
            let mut r = Rng::new(seed);
            let input: Vec<u32> = (0..n)
                .map(|i| {
                    if i % 7 == 0 {
                        u32::MAX - r.below(4)
                    } else {
                        r.u32() >> r.below(32)
                    }
                })
                .collect();
            let g = groups(n, size);
            let mut out = Vec::new();
            let mut totals = Vec::new();
            for chunk in input.chunks(size as usize) {
                let mut acc = 0u32;
                for &x in chunk {
                    acc = acc.wrapping_add(x);
                    out.push(acc);
                }
                totals.push(acc);
            }
            let l = Launch::new(
                "scan_u32",
                &[g * size],
                &[size],
                vec![
                    Arg::Buf(bytes(&input)),
                    Arg::Zeros(n as usize * 4),
                    Arg::Zeros(g as usize * 4),
                    Arg::Local(size as usize * 4),
                    Arg::U32(n),
                ],
                &[1, 2],
            );
            res.push(run_ok(obj, &l).and_then(|o| {
                both(
                    compare(&format!("out (n {n}, block {size})"), &o[0], &out, 1),
                    compare(&format!("totals (n {n}, block {size})"), &o[1], &totals, 1),
                )
            }));
        }
        all(res)
    });
}

fn matmul_ref(fp: Fp, a: &[f32], b: &[f32], m: usize, n: usize, k: usize) -> Vec<f32> {
    let mut c = vec![0f32; m * n];
    for row in 0..m {
        for col in 0..n {
            let mut acc = 0f32;
            for t in (0..k).step_by(16) {
                for j in 0..16 {
                    let (x, y) = if t + j < k {
                        (a[row * k + t + j], b[(t + j) * n + col])
                    } else {
                        (0.0, 0.0)
                    };
                    acc = fp.add(acc, fp.mul(x, y));
                }
            }
            c[row * n + col] = acc;
        }
    }
    c
}

#[test]
fn kernel_matmul_tiled() {
    for_objects(LDS_OBJECTS, |obj, arch| {
        let fp = Fp::of(arch);
        let mut res = Vec::new();
        for (seed, m, n, k) in [(17, 40u32, 24u32, 37u32), (18, 16, 16, 16), (19, 33, 17, 50)] {
            let mut r = Rng::new(seed);
            let a: Vec<f32> = (0..m * k).map(|_| r.unit()).collect();
            let b: Vec<f32> = (0..k * n).map(|_| r.unit()).collect();
            let want = matmul_ref(fp, &a, &b, m as usize, n as usize, k as usize);
            let l = Launch::new(
                "matmul_tiled",
                &[groups(n, 16) * 16, groups(m, 16) * 16],
                &[16, 16],
                vec![
                    Arg::Buf(bytes(&a)),
                    Arg::Buf(bytes(&b)),
                    Arg::Zeros((m * n) as usize * 4),
                    Arg::U32(m),
                    Arg::U32(n),
                    Arg::U32(k),
                ],
                &[2],
            );
            res.push(run_ok(obj, &l).and_then(|o| compare(&format!("C ({m}x{n}, k {k})"), &o[0], &want, n as usize)));
        }
        all(res)
    });
}

// ---------------------------------------------------------------------------------------------
// Global atomics (atomics.cl)

#[test]
fn kernel_atomics() {
    for_objects(objs!("atomics"), |obj, _| {
        let mut res = Vec::new();
        for (seed, n, size) in [(20, 777u32, 64u32), (21, 512, 256)] {
            let mut r = Rng::new(seed);
            let mut v: Vec<i32> = vec![0, -1, 1, i32::MIN, i32::MAX, 46341, -46341];
            while v.len() < n as usize {
                v.push(r.spread32());
            }
            let acc0: Vec<i32> = (0..32).map(|i| if i == 9 { 12345 } else { r.u32() as i32 }).collect();
            let acc64_0: Vec<u64> = vec![r.u64(), (i64::MIN + 5) as u64, r.u64()];
            let slots0: Vec<i32> = (0..2 * n as usize)
                .map(|j| {
                    if j % 2 == 0 {
                        r.u32() as i32
                    } else {
                        v[j / 2] ^ (j / 2 % 2) as i32
                    }
                })
                .collect();
            let words = 1 + n.div_ceil(32) as usize;

            let (mut acc, mut acc64, mut slots) = (acc0.clone(), acc64_0.clone(), slots0.clone());
            let mut old = vec![0i32; 3 * n as usize];
            for (i, &x) in v.iter().enumerate() {
                acc[0] = acc[0].wrapping_add(x);
                acc[1] = acc[1].wrapping_sub(x);
                acc[2] = acc[2].min(x);
                acc[3] = acc[3].max(x);
                acc[4] = (acc[4] as u32).min(x as u32) as i32;
                acc[5] = (acc[5] as u32).max(x as u32) as i32;
                acc[6] &= !(1u32 << (x & 31)) as i32;
                acc[7] |= (1u32 << (x >> 5 & 31)) as i32;
                acc[8] ^= x;
                acc[9] = (acc[9] as u32).max((x as u32).wrapping_mul(x as u32)) as i32;
                acc[16 + (x & 15) as usize] = acc[16 + (x & 15) as usize].wrapping_add(1);
                acc64[0] = acc64[0].wrapping_add((x as i64 as u64).wrapping_mul(0x10001));
                acc64[1] = (acc64[1] as i64).max((x as i64) << 20) as u64;
                acc64[2] = acc64[2].wrapping_add((x as u32 as u64) << 16);
                old[3 * i] = slots[2 * i];
                slots[2 * i] = x ^ 0x5a5a_5a5a;
                old[3 * i + 1] = slots[2 * i + 1];
                old[3 * i + 2] = (slots[2 * i + 1] == x) as i32;
                if slots[2 * i + 1] == x {
                    slots[2 * i + 1] = i as i32;
                }
            }
            let mut tickets = vec![0u32; words];
            tickets[0] = n;
            for t in 0..n as usize {
                tickets[1 + t / 32] |= 1 << (t % 32);
            }
            let l = Launch::new(
                "atomics",
                &[n],
                &[size],
                vec![
                    Arg::Buf(bytes(&v)),
                    Arg::Buf(bytes(&acc0)),
                    Arg::Buf(bytes(&acc64_0)),
                    Arg::Zeros(words * 4),
                    Arg::Buf(bytes(&slots0)),
                    Arg::Zeros(3 * n as usize * 4),
                    Arg::U32(n),
                ],
                &[1, 2, 3, 4, 5],
            );
            let cfg = format!("n {n}, block {size}");
            res.push(run_ok(obj, &l).and_then(|o| {
                all(vec![
                    compare(
                        &format!("acc: add sub smin smax umin umax and or xor casmax _ _ _ _ _ _ histogram… ({cfg})"),
                        &o[0],
                        &acc,
                        32,
                    ),
                    compare(&format!("acc64: add smax cas-add ({cfg})"), &o[1], &acc64, 3),
                    compare(&format!("tickets: count, bit set ({cfg})"), &o[2], &tickets, words),
                    compare(&format!("slots: xchg, cmpxchg ({cfg})"), &o[3], &slots, 2),
                    compare(&format!("old: xchg old, cmpxchg expected, ok ({cfg})"), &o[4], &old, 3),
                ])
            }));
        }
        all(res)
    });
}

// ---------------------------------------------------------------------------------------------
// Scratch (scratch.cl), 2D grid (stencil.cl), many arguments (manyargs.cl)

#[test]
fn kernel_private_sort() {
    let mut r = Rng::new(22);
    let n = 150u32; // 3 work-groups of 64, the last partial
    let input: Vec<i32> = (0..n * 64)
        .map(|j| match j % 64 {
            0 => r.u32() as i32,
            k if k % 9 == 0 => [i32::MIN, i32::MAX, 0, -1][(j / 64 % 4) as usize],
            _ if r.coin() => r.below(20) as i32 - 10, // duplicates
            _ => r.spread32(),
        })
        .collect();
    let mut want = Vec::new();
    for item in input.chunks(64) {
        let mut a = item.to_vec();
        a.sort();
        let mut h = 0u32;
        let mut idx = item[0] as u32 & 63;
        for k in 0..32u32 {
            h = h.wrapping_mul(31).wrapping_add(a[idx as usize] as u32);
            idx = (a[idx as usize] as u32 ^ k) & 63;
        }
        want.extend(a);
        want.push(h as i32);
    }
    for_objects(objs!("scratch"), |obj, _| {
        let l = Launch::new(
            "private_sort",
            &[n],
            &[64],
            vec![Arg::Buf(bytes(&input)), Arg::Zeros(n as usize * 65 * 4), Arg::U32(n)],
            &[1],
        );
        compare("out (sorted, hash)", &run_ok(obj, &l)?[0], &want, 65)
    });
}

fn stencil_ref(fp: Fp, input: &[f32], w: usize, h: usize) -> Vec<f32> {
    let mut out = vec![0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            let (xl, xr) = (x.saturating_sub(1), if x + 1 < w { x + 1 } else { x });
            let (yu, yd) = (y.saturating_sub(1), if y + 1 < h { y + 1 } else { y });
            let c = input[y * w + x];
            let mut s = fp.add(input[y * w + xl], input[y * w + xr]);
            s = fp.add(s, input[yu * w + x]);
            s = fp.add(s, input[yd * w + x]);
            out[y * w + x] = fp.add(fp.mul(c, 0.5), fp.mul(s, 0.125));
        }
    }
    out
}

#[test]
fn kernel_stencil2d() {
    for_objects(objs!("stencil"), |obj, arch| {
        let fp = Fp::of(arch);
        let mut res = Vec::new();
        // grid = the image: partial work-groups in both dimensions
        for (seed, w, h, block) in [(23, 37u32, 23u32, [16u32, 8]), (24, 70, 5, [32, 2]), (25, 1, 9, [1, 4])] {
            let mut r = Rng::new(seed);
            let input: Vec<f32> = (0..w * h).map(|_| r.unit()).collect();
            let want = stencil_ref(fp, &input, w as usize, h as usize);
            let mut l = Launch::new(
                "stencil2d",
                &[w, h],
                &block,
                vec![
                    Arg::Buf(bytes(&input)),
                    Arg::Zeros((w * h) as usize * 4),
                    Arg::U32(w),
                    Arg::U32(h),
                ],
                &[1],
            );
            l.kernel = None; // the object's only kernel
            res.push(
                run_ok(obj, &l)
                    .and_then(|o| compare(&format!("out ({w}x{h}, block {block:?})"), &o[0], &want, w as usize)),
            );
        }
        all(res)
    });
}

struct ManyArgs {
    c: i8,
    s: i16,
    d: f64,
    k: i32,
    f: f32,
    u: u64,
}

fn many_args_ref(fp: Fp, p: &ManyArgs, input: &[i32], size: usize, grid: usize) -> Vec<i64> {
    let n = input.len();
    (0..n)
        .map(|i| {
            let base = i / size * size;
            let j = base + (i - base + 1) % size;
            let (v, nb) = (input[i], if j < n { input[j] } else { 0 });
            let mut r = ((v as i64 * p.c as i64) as u64).wrapping_add((p.s as i64 * i as i64) as u64);
            r ^= p.u >> (i & 63);
            r = r.wrapping_add((p.d * v as f64) as i64 as u64);
            r = r.wrapping_add(fp.mul(p.f, nb as f32) as i64 as u64);
            r = r.wrapping_add(p.k as i64 as u64);
            r ^= (grid as u64) << 40;
            r as i64
        })
        .collect()
}

#[test]
fn kernel_many_args() {
    let objects = objs!(
        "manyargs",
        "manyargs.tahiti.v2.hsaco",
        "manyargs.gfx900.v2.hsaco",
        "manyargs.bonaire.v3.hsaco",
        "manyargs.gfx900.v3.hsaco",
        "manyargs.fiji.v2.o"
    );
    for_objects(objects, |obj, arch| {
        let fp = Fp::of(arch);
        let mut res = Vec::new();
        let cases = [
            (
                26,
                200u32,
                64u32,
                ManyArgs {
                    c: -5,
                    s: -1234,
                    d: 0.75,
                    k: 123_456_789,
                    f: -2.75,
                    u: 0xfedc_ba98_7654_3210,
                },
            ),
            (
                27,
                256,
                128,
                ManyArgs {
                    c: 127,
                    s: i16::MAX,
                    d: -1.5,
                    k: -1,
                    f: 0.1,
                    u: 1,
                },
            ),
            (
                28,
                70,
                32,
                ManyArgs {
                    c: i8::MIN,
                    s: i16::MIN,
                    d: 1e-3,
                    k: i32::MIN,
                    f: 3.0e-3,
                    u: u64::MAX,
                },
            ),
        ];
        for (seed, n, size, p) in cases {
            let mut r = Rng::new(seed);
            let input: Vec<i32> = (0..n).map(|_| r.below(2_000_001) as i32 - 1_000_000).collect();
            let grid = groups(n, size) * size;
            let want = many_args_ref(fp, &p, &input, size as usize, grid as usize);
            let l = Launch::new(
                "many_args",
                &[grid],
                &[size],
                vec![
                    Arg::I8(p.c),
                    Arg::Buf(bytes(&input)),
                    Arg::I16(p.s),
                    Arg::F64(p.d),
                    Arg::I32(p.k),
                    Arg::F32(p.f),
                    Arg::Local(size as usize * 4),
                    Arg::U64(p.u),
                    Arg::Zeros(n as usize * 8),
                    Arg::U32(n),
                ],
                &[8],
            );
            res.push(run_ok(obj, &l).and_then(|o| compare(&format!("out (n {n}, block {size})"), &o[0], &want, 1)));
        }
        all(res)
    });
}

// ---------------------------------------------------------------------------------------------
// Benchmark kernels (bench.cl)

const BENCH_OBJECTS: &[&str] = objs!("bench", "bench.fiji.v3.hsaco", "bench.gfx900.o", "bench.gfx900.v5.o");

fn mandelbrot_ref(fp: Fp, w: u32, h: u32, x0: f32, y0: f32, dx: f32, dy: f32, max_iter: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for py in 0..h {
        for px in 0..w {
            let cx = fp.add(x0, fp.mul(px as f32, dx));
            let cy = fp.add(y0, fp.mul(py as f32, dy));
            let (mut x, mut y, mut it) = (0f32, 0f32, 0);
            while it < max_iter {
                let (x2, y2) = (fp.mul(x, x), fp.mul(y, y));
                if fp.add(x2, y2) > 4.0 {
                    break;
                }
                let xy = fp.mul(x, y);
                y = fp.add(fp.add(xy, xy), cy);
                x = fp.add(fp.sub(x2, y2), cx);
                it += 1;
            }
            out.push(it);
        }
    }
    out
}

#[test]
fn kernel_mandelbrot() {
    let (w, h, max_iter) = (45u32, 30u32, 200u32);
    let (dx, dy) = (2.5f32 / 45.0, 2.5f32 / 30.0);
    for_objects(BENCH_OBJECTS, |obj, arch| {
        let want = mandelbrot_ref(Fp::of(arch), w, h, -2.0, -1.25, dx, dy, max_iter);
        let l = Launch::new(
            "mandelbrot",
            &[w, h],
            &[16, 8],
            vec![
                Arg::Zeros((w * h) as usize * 4),
                Arg::U32(w),
                Arg::U32(h),
                Arg::Text("f32:-2.0"),
                Arg::Text("f32:-1.25"),
                Arg::F32(dx),
                Arg::F32(dy),
                Arg::U32(max_iter),
            ],
            &[0],
        );
        compare("out (iterations)", &run_ok(obj, &l)?[0], &want, w as usize)
    });
}

#[test]
fn kernel_saxpy() {
    for_objects(BENCH_OBJECTS, |obj, arch| {
        let fp = Fp::of(arch);
        let mut res = Vec::new();
        for (seed, n, size, extra) in [
            (29, 1000u32, 256u32, vec![]),
            (30, 4099, 64, vec!["--threads", "2", "--stats"]),
        ] {
            let mut r = Rng::new(seed);
            let x: Vec<f32> = (0..n).map(|_| r.f32_exp(-20, 20)).collect();
            let y: Vec<f32> = (0..n).map(|_| r.f32_exp(-20, 20)).collect();
            let want: Vec<f32> = x.iter().zip(&y).map(|(&x, &y)| fp.add(fp.mul(1.5, x), y)).collect();
            let mut l = Launch::new(
                "saxpy",
                &[n],
                &[size],
                vec![
                    Arg::Buf(bytes(&y)),
                    Arg::Buf(bytes(&x)),
                    Arg::Text("f32:1.5"),
                    Arg::U32(n),
                ],
                &[0],
            );
            l.extra = extra.clone();
            res.push(
                run_ok(obj, &l).and_then(|o| compare(&format!("y (n {n}, block {size}, {extra:?})"), &o[0], &want, 1)),
            );
        }
        all(res)
    });
}

// ---------------------------------------------------------------------------------------------
// Faults and usage errors

/// Runs a launch that must fail with `code`; Err says why it did not, Ok gives stderr.
fn run_fails(object: &str, l: &Launch, code: i32) -> Result<String, String> {
    let f = launch(object, l)?;
    if f.code != Some(code) {
        return Err(format!(
            "{}: exit {:?}, want {code}; stdout:\n{}\nstderr:\n{}",
            f.command,
            f.code,
            f.stdout.trim_end(),
            f.stderr.trim_end()
        ));
    }
    if !f.stderr.contains("error:") {
        return Err(format!(
            "{}: exit {code} but no `error:` on stderr:\n{}",
            f.command,
            f.stderr.trim_end()
        ));
    }
    Ok(f.stderr)
}

#[test]
fn fault_oob_write_far_past_the_buffer() {
    for_objects(objs!("faults"), |obj, _| {
        // 64 work-items store to out[i + 2^24] of a 256-byte buffer: 64 MiB past its end
        let l = Launch::new(
            "oob_write",
            &[64],
            &[64],
            vec![Arg::Zeros(256), Arg::U32(64), Arg::U32(1 << 24)],
            &[0],
        );
        let e = run_fails(obj, &l, 1)?;
        if !e.contains("oob_write") {
            return Err(format!("the error does not name the kernel:\n{e}"));
        }
        Ok(())
    });
}

/// 128 work-items store out[i] into a 64-int buffer: items 64..127 write the 256 bytes right
/// after it, inside the buffer's 4 KiB page. A GPU does not fault there and neither does the
/// machine (the buffer's own 256 bytes are the kernel's); `--check` reports the 64 lanes'
/// out-of-bounds stores and fails.
#[test]
fn oob_write_just_past_the_buffer_stays_in_its_page() {
    for_objects(objs!("faults"), |obj, _| {
        let l = Launch::new(
            "oob_write",
            &[128],
            &[64],
            vec![Arg::Zeros(256), Arg::U32(128), Arg::U32(0)],
            &[0],
        );
        let f = launch(obj, &l)?;
        let want: Vec<u8> = (0..64u32).flat_map(|i| i.to_le_bytes()).collect();
        if f.code != Some(0) || f.outs.first() != Some(&want) {
            return Err(format!(
                "{}: exit {:?} (want 0 and out[i] = i):\n{}",
                f.command, f.code, f.stderr
            ));
        }
        let f = launch_with(obj, &l, &["--check"])?;
        let found = f.stderr.contains("[memory] kernel oob_write")
            && f.stderr.contains("lanes 0-63")
            && f.stderr.contains("writes 4 bytes outside its allocation");
        if f.code != Some(1) || !found {
            return Err(format!(
                "{}: exit {:?}, want 1 and the out-of-bounds stores:\n{}",
                f.command, f.code, f.stderr
            ));
        }
        Ok(())
    });
}

#[test]
fn fault_spin_forever_exceeds_the_instruction_budget() {
    // Two GPUs only: each run executes a whole budget of instructions (100 million by default).
    for_objects(&["faults.tahiti.hsaco", "faults.gfx900.hsaco"], |obj, _| {
        let l = Launch::new("spin_forever", &[1], &[1], vec![Arg::Zeros(4), Arg::Zeros(4)], &[1]);
        let e = run_fails(obj, &l, 1)?;
        if !e.to_lowercase().contains("budget") {
            return Err(format!("the error does not name the instruction budget:\n{e}"));
        }
        Ok(())
    });
}

fn saxpy_launch(kernel: Option<&'static str>, args: Vec<Arg>) -> Launch {
    Launch {
        kernel,
        grid: vec![64],
        block: vec![64],
        args,
        outs: vec![],
        extra: vec![],
    }
}

#[test]
fn usage_unknown_kernel_name() {
    for_objects(
        &["bench.gfx900.hsaco", "bench.tahiti.hsaco", "bench.gfx900.o"],
        |obj, _| {
            let l = saxpy_launch(
                Some("no_such_kernel"),
                vec![Arg::Zeros(256), Arg::Zeros(256), Arg::Text("f32:1.5"), Arg::U32(64)],
            );
            run_fails(obj, &l, 2).map(|_| ())
        },
    );
}

#[test]
fn usage_kernel_name_needed_with_two_kernels() {
    for_objects(&["bench.gfx900.hsaco"], |obj, _| {
        let l = saxpy_launch(
            None,
            vec![Arg::Zeros(256), Arg::Zeros(256), Arg::Text("f32:1.5"), Arg::U32(64)],
        );
        run_fails(obj, &l, 2).map(|_| ())
    });
}

#[test]
fn usage_wrong_argument_kind() {
    for_objects(&["bench.gfx900.hsaco", "bench.fiji.v3.hsaco"], |obj, _| {
        // a float where saxpy's first argument, a global buffer, is expected
        let l = saxpy_launch(
            Some("saxpy"),
            vec![
                Arg::Text("f32:1.5"),
                Arg::Zeros(256),
                Arg::Text("f32:1.5"),
                Arg::U32(64),
            ],
        );
        run_fails(obj, &l, 2).map(|_| ())
    });
}

#[test]
fn usage_too_few_arguments() {
    for_objects(&["bench.gfx900.hsaco", "bench.bonaire.hsaco"], |obj, _| {
        let l = saxpy_launch(Some("saxpy"), vec![Arg::Zeros(256), Arg::Zeros(256)]);
        run_fails(obj, &l, 2).map(|_| ())
    });
}

#[test]
fn usage_too_many_arguments() {
    for_objects(&["bench.gfx900.hsaco"], |obj, _| {
        let l = saxpy_launch(
            Some("saxpy"),
            vec![
                Arg::Zeros(256),
                Arg::Zeros(256),
                Arg::Text("f32:1.5"),
                Arg::U32(64),
                Arg::U32(1),
            ],
        );
        run_fails(obj, &l, 2).map(|_| ())
    });
}

// ---------------------------------------------------------------------------------------------
// The references on hand-worked values

#[test]
fn references_on_hand_worked_values() {
    // f16 rounding: exact values, ties to even, overflow, gradual underflow
    assert_eq!(half::from_f64(1.0), 0x3c00);
    assert_eq!(half::from_f64(65504.0), 0x7bff);
    assert_eq!(half::from_f64(65519.99), 0x7bff);
    assert_eq!(half::from_f64(65520.0), 0x7c00); // halfway to 2^16: to even, infinity
    assert_eq!(half::from_f64(-(2f64.powi(-24))), 0x8001);
    assert_eq!(half::from_f64(2f64.powi(-25)), 0x0000); // halfway between 0 and 2^-24: to even
    assert_eq!(half::from_f64(3.0 * 2f64.powi(-26)), 0x0001);
    assert_eq!(half::from_f64(2f64.powi(-14) - 2f64.powi(-25)), 0x0400); // halfway to FLT16_MIN: even
    assert_eq!(half::from_f64(1.0 + 2f64.powi(-11)), 0x3c00); // tie, to even
    assert_eq!(half::from_f64(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02); // tie, to even (up)
    assert_eq!(half::from_f64(1e-300), 0x0000);
    assert_eq!(half::to_f64(0x0001), 2f64.powi(-24));
    assert_eq!(half::to_f64(0xc200), -3.0);
    // (1 + 2^-10)^2 - (1 + 2^-9) = 2^-20 fused (a subnormal: 16 * 2^-24); 0 unfused
    assert_eq!(half::fma(0x3c01, 0x3c01, 0xbc02), 0x0010);
    assert_eq!(half::sub(half::mul(0x3c01, 0x3c01), 0x3c02), 0x0000);
    assert_eq!(half::fma(0x7c00, 0x0000, 0x3c00), 0x7e00); // inf * 0: NaN
    assert_eq!(half::fma(0x8000, 0x3c00, 0x8000), 0x8000); // -0 * 1 + -0 = -0
    assert_eq!(half::fma(0x7bff, 0x7bff, 0xfbff), 0x7c00); // overflow
    assert_eq!(half::add(0x3c00, 0xbc00), 0x0000); // x - x = +0
                                                   // f32 flush-to-zero: denormal results become zeros of their sign, inputs too
    let (ftz, ieee) = (Fp { ftz: true }, Fp { ftz: false });
    let min = f32::MIN_POSITIVE;
    assert_eq!(ftz.mul(min, 0.5).to_bits(), 0);
    assert_eq!(ftz.mul(-min, 0.5).to_bits(), 0x8000_0000);
    assert_eq!(ieee.mul(min, 0.5).to_bits(), 0x0040_0000);
    assert_eq!(ftz.add(f32::from_bits(1), 1.0), 1.0);
    assert_eq!(ftz.fma(min, 0.5, min), min * 1.5); // the denormal product is not flushed inside an fma
    assert_eq!(canon32(f32::from_bits(0xffc0_1234)), 0x7fc0_0000);
    // integers
    assert_eq!(int_ops_ref(0, 0)[10], 0x0020_2000); // popcount 0, clz 32, ctz 32
    assert_eq!(int_ops_ref(8, 0)[10], 0x0003_1c01);
    assert_eq!(int_ops_ref(-1, 1)[3], -1); // high half of -1 * 1
    assert_eq!(int_ops_ref(-1, -1)[4], -2); // 0xffffffff^2 = 0xfffffffe_00000001
    assert_eq!(
        int_ops_ref(0x0080_0000, 2)[14],
        (-0x0100_0000i32).wrapping_add(0x0080_0000)
    ); // 24-bit signed
    assert_eq!(long_ops_ref(-1, -1)[3], -2);
    assert_eq!(long_ops_ref(1, 65)[7], 2); // rotate by 65 & 63 = 1
    assert_eq!(divrem32_ref(i32::MIN, -1), [i32::MIN, 0, 0, i32::MIN]);
    assert_eq!(divrem32_ref(-7, 2), [-3, -1, 0x7fff_fffc, 1]);
    assert_eq!(divrem32_ref(5, 0), [-1, 5, -1, 5]);
    assert_eq!(divrem64_ref(-7, 0), [-1, -7, -1, -7]);
    assert_eq!(collatz_ref(27), (111, 9232));
    assert_eq!(collatz_ref(1), (0, 1));
    assert_eq!(collatz_ref(0), (0, 0));
    assert_eq!(divergent_ref(5, 0), !0); // even, bit 1 clear, case 0
    assert_eq!(divergent_ref(5, 3), 5); // odd: one iteration adding 0 * 3
    assert_eq!(divergent_ref(0, 0x0001_0008), 0xdead_0001); // case 2: early return
    assert_eq!(divergent_ref(1, 6), (1 ^ (1 << 1)) + 1); // countdown from 1: acc ^= 1 << 1, then + 1
                                                         // the reduction tree: 5 values in a group of 8: ((a + e) + c) + (b + d)
    let v = [1.0, 2.0, 4.0, 8.0, 16.0];
    assert_eq!(wg_reduce_ref(ieee, &v, 8), vec![31.0]);
    assert_eq!(wg_reduce_ref(ieee, &[1e8, 1.0, -1e8, 1.0], 4), vec![2.0]); // (1e8 + -1e8) + (1 + 1)
    assert_eq!(wg_reduce_ref(ieee, &[1e8, -1e8, 1.0, 1.0], 4), vec![0.0]); // (1e8 + 1) + (-1e8 + 1)
}

const GPRIDX_OBJECTS: &[&str] = objs!("gpridx");

/// A vector in VGPRs indexed by a uniform value: GCN 1.4's GPR indexing mode
/// (`s_set_gpr_idx_on`/`_off` around `v_mov_b32`, the index added to the named operands) and
/// GCN 1.0-1.2's `v_movrels`/`v_movreld` with M0, against the same indexing in Rust.
#[test]
fn kernel_gpridx() {
    for_objects(GPRIDX_OBJECTS, |obj, _| {
        let mut r = Rng::new(17);
        let n = 200u32;
        let v: Vec<f32> = (0..n * 16).map(|_| r.f32_exp(-4, 4)).collect();
        // Indices past 15 (masked), the written element read back, both reads the same.
        for (j, m) in [(5u32, 14u32), (2, 15), (7, 7), (16 + 3, 0), (0, 13), (15, 12)] {
            let want: Vec<f32> = (0..n as usize)
                .map(|i| {
                    let mut e: Vec<f32> = v[i * 16..i * 16 + 16].to_vec();
                    e[(j & 15) as usize] += 1.0;
                    e[(m & 15) as usize] + e[((m + 3) & 15) as usize]
                })
                .collect();
            let l = Launch::new(
                "gpridx",
                &[n],
                &[64],
                vec![
                    Arg::U32(j),
                    Arg::U32(m),
                    Arg::Buf(bytes(&v)),
                    Arg::Zeros(n as usize * 4),
                    Arg::U32(n),
                ],
                &[3],
            );
            compare(&format!("out (j={j}, m={m})"), &run_ok(obj, &l)?[0], &want, 1)?;
        }
        Ok(())
    });
}
