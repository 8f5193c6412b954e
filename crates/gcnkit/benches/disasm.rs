//! Disassembly throughput over a deterministic 500k-instruction GCN 1.2 stream (see
//! `stream/mod.rs`): decode only, decode + CLRX text, decode + LLVM text, decode + JSON Lines.
//! Each iteration runs over the whole stream; throughput is in instructions per second.
//!
//!     cargo bench -p gcnkit --bench disasm
//!     cargo bench -p gcnkit --bench disasm -- clrx     # one case
//!
//! A second group, `disasm_kernels_fiji`, runs over the real mixed stream (`stream/kernels.rs`:
//! the clang-14 kernels of `tests/data/kernels/`, whole kernels repeated to 500k
//! instructions; every class clang emits, memory ones printed as data for now):
//!
//!     cargo bench -p gcnkit --bench disasm -- kernels
//!
//! The text and JSON cases go through `disasm::disassemble`, the same path as
//! `gcnkit disasm`, with a sink that only counts bytes (no I/O).

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode, Throughput};
use gcnkit::decode::decode;
use gcnkit::disasm::{disassemble, Format};
use gcnkit::syntax::Syntax;
use gcnkit::Arch;

mod stream;

fn decode_only(words: &[u32]) -> usize {
    decode_arch(Arch::Gcn12, words)
}

fn decode_arch(arch: Arch, words: &[u32]) -> usize {
    let mut pos = 0;
    let mut n = 0;
    while pos < words.len() {
        let i = decode(arch, &words[pos..]).expect("stream decodes");
        black_box(&i);
        pos += i.len as usize;
        n += 1;
    }
    n
}

fn render(words: &[u32], syntax: Syntax, format: Format) -> usize {
    let mut bytes = 0usize;
    disassemble(Arch::Gcn12, words, 0, syntax, format, |line| {
        bytes += black_box(line).len();
    })
    .expect("stream decodes");
    bytes
}

/// A group whose iteration is a whole stream of `n` instructions (tens to hundreds of ms): few
/// samples, flat sampling (each sample runs the same number of iterations, criterion's advice
/// for long iterations).
fn stream_group<'a>(c: &'a mut Criterion, name: &str, n: usize) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(n as u64));
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(5));
    g
}

fn bench(c: &mut Criterion) {
    let (instrs, words) = stream::gcn12();
    let n = instrs.len();
    // The stream must decode back to exactly the instructions it was built from.
    assert_eq!(decode_only(&words), n, "instruction count after decoding");
    let vop3 = instrs.iter().filter(|i| i.enc.is_vop3()).count();
    let lits = instrs.iter().filter(|i| i.literal.is_some()).count();
    let (e32, e64) = stream::rows(Arch::Gcn12);
    eprintln!(
        "stream: {n} gcn1.2 instructions, {} words ({} bytes), {:.1}% VOP3, {:.1}% with a literal; \
         rows: {} with a 32-bit form, {} with a VOP3 form; output: clrx {} B, llvm {} B, json {} B",
        words.len(),
        words.len() * 4,
        100.0 * vop3 as f64 / n as f64,
        100.0 * lits as f64 / n as f64,
        e32.len(),
        e64.len(),
        render(&words, Syntax::Clrx, Format::Text),
        render(&words, Syntax::Llvm, Format::Text),
        render(&words, Syntax::Clrx, Format::Json),
    );

    let mut g = stream_group(c, "disasm_gcn12_500k", n);
    g.bench_function("decode", |b| b.iter(|| decode_only(black_box(&words))));
    g.bench_function("clrx_text", |b| {
        b.iter(|| render(black_box(&words), Syntax::Clrx, Format::Text))
    });
    g.bench_function("llvm_text", |b| {
        b.iter(|| render(black_box(&words), Syntax::Llvm, Format::Text))
    });
    g.bench_function("json", |b| {
        b.iter(|| render(black_box(&words), Syntax::Clrx, Format::Json))
    });
    g.finish();
}

/// The real mixed stream (fiji).
fn kernels(c: &mut Criterion) {
    use stream::kernels as k;
    let ks = k::load(&k::default_dir(), "fiji").expect("kernels corpus");
    let plan = k::plan(&ks, stream::N);
    let words = k::words(&ks, &plan);
    let n = k::instrs(&ks, &plan).count();
    assert_eq!(decode_arch(Arch::Gcn12, &words), n, "instruction count after decoding");
    eprintln!(
        "kernels stream (fiji): {n} instructions, {} words; {}; output: clrx {} B, llvm {} B",
        words.len(),
        k::class_summary(&k::class_counts(&ks, &plan)),
        render(&words, Syntax::Clrx, Format::Text),
        render(&words, Syntax::Llvm, Format::Text),
    );
    let mut g = stream_group(c, "disasm_kernels_fiji", n);
    g.bench_function("decode", |b| b.iter(|| decode_arch(Arch::Gcn12, black_box(&words))));
    g.bench_function("clrx_text", |b| {
        b.iter(|| render(black_box(&words), Syntax::Clrx, Format::Text))
    });
    g.bench_function("llvm_text", |b| {
        b.iter(|| render(black_box(&words), Syntax::Llvm, Format::Text))
    });
    g.finish();
}

criterion_group!(benches, bench, kernels);
criterion_main!(benches);
