//! Assembly throughput over the deterministic 500k-instruction GCN 1.2 stream of
//! `benches/disasm.rs` (see `stream/mod.rs`), printed once as source text, one instruction
//! per line: CLRX text in the CLRX dialect, LLVM text in the LLVM dialect, and CLRX text in
//! the auto dialect. Each iteration assembles the whole text through `Assembler` (line by
//! line, then `finish`), the same path as `gcnkit asm` minus reading the file and writing
//! the output. Throughput is in source lines per second.
//!
//!     cargo bench -p gcnkit --bench asm
//!     cargo bench -p gcnkit --bench asm -- llvm     # one case
//!
//! A second group, `asm_kernels_fiji`, assembles the real mixed stream (`stream/kernels.rs`:
//! the clang-14 kernels of `tests/data/kernels/` repeated to 500k instructions, what
//! `gen_source --kernels fiji` writes): clang's LLVM lines, and gcnkit's CLRX disassembly of
//! the same words, the memory classes (DS, MUBUF, FLAT, SDWA) as instructions too.
//! Throughput is in stream instructions per second.
//!
//!     cargo bench -p gcnkit --bench asm -- kernels
//!
//! The random text is what `examples/gen_source.rs` writes: a stream instruction becomes a line only
//! if gcnkit assembles its text back to the same words. That drops the words with two
//! scalar reads and the other deliberately odd words (~4% in CLRX text) and, in LLVM text,
//! every instruction LLVM can only print as `.long` (~13%).

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode, Throughput};
use gcnkit::asm::{Assembler, Dialect};
use gcnkit::diag::Severity;
use gcnkit::syntax::Syntax;
use gcnkit::{Arch, Instr};

mod stream;

/// The source text of the instructions that round-trip in `syntax` (see
/// `stream::source`), with its line count and the words it must assemble to.
fn source(instrs: &[Instr], syntax: Syntax) -> (String, usize, Vec<u32>) {
    let s = stream::source(instrs, Arch::Gcn12, syntax, false);
    (s.text, s.lines, s.words)
}

/// Assembles `src` as `gcnkit asm` does; returns the number of words.
fn assemble(src: &str, dialect: Dialect) -> usize {
    let mut a = Assembler::new(Arch::Gcn12, dialect, "bench.s");
    for (n, line) in src.lines().enumerate() {
        a.line(n + 1, line);
    }
    let (items, diags) = a.finish();
    assert!(
        !diags.iter().any(|d| d.severity == Severity::Error),
        "{dialect:?}: {} errors, first: {}",
        diags.len(),
        diags[0]
    );
    let words: usize = items.iter().map(|i| i.words().len()).sum();
    black_box(items);
    words
}

/// The words of assembling `src`, for the untimed check.
fn assemble_words(src: &str, dialect: Dialect) -> Vec<u32> {
    let (items, diags) = gcnkit::asm::assemble(Arch::Gcn12, dialect, "bench.s", src);
    assert!(diags.is_empty(), "{dialect:?}: {} diagnostics", diags.len());
    items.iter().flat_map(|i| i.words().iter().copied()).collect()
}

/// A group whose iteration assembles a whole text (hundreds of ms): few samples, flat
/// sampling (each sample runs the same number of iterations).
fn text_group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(6));
    g
}

fn bench(c: &mut Criterion) {
    let instrs = stream::instrs(Arch::Gcn12, stream::N, stream::SEED);
    let (clrx, clrx_lines, clrx_words) = source(&instrs, Syntax::Clrx);
    let (llvm, llvm_lines, llvm_words) = source(&instrs, Syntax::Llvm);
    // The whole texts must assemble to exactly the words they were printed from.
    assert!(assemble_words(&clrx, Dialect::Clrx) == clrx_words, "clrx text words");
    assert!(
        assemble_words(&clrx, Dialect::Auto) == clrx_words,
        "clrx text words (auto)"
    );
    assert!(assemble_words(&llvm, Dialect::Llvm) == llvm_words, "llvm text words");
    eprintln!(
        "source: {} gcn1.2 stream instructions; clrx text {clrx_lines} lines ({} B, {} words), \
         llvm text {llvm_lines} lines ({} B, {} words)",
        instrs.len(),
        clrx.len(),
        clrx_words.len(),
        llvm.len(),
        llvm_words.len(),
    );

    let mut g = text_group(c, "asm_gcn12_500k");
    g.throughput(Throughput::Elements(clrx_lines as u64));
    g.bench_function("clrx", |b| b.iter(|| assemble(black_box(&clrx), Dialect::Clrx)));
    g.bench_function("auto_clrx_text", |b| {
        b.iter(|| assemble(black_box(&clrx), Dialect::Auto))
    });
    g.throughput(Throughput::Elements(llvm_lines as u64));
    g.bench_function("llvm", |b| b.iter(|| assemble(black_box(&llvm), Dialect::Llvm)));
    g.finish();
}

/// The real mixed stream (fiji), both texts.
fn kernels(c: &mut Criterion) {
    use stream::kernels::{self as k, Mem};
    let ks = k::load(&k::default_dir(), "fiji").expect("kernels corpus");
    let plan = k::plan(&ks, stream::N);
    let words = k::words(&ks, &plan);
    let n = k::instrs(&ks, &plan).count();
    let (clrx, cs) = k::source(&ks, &plan, Arch::Gcn12, Syntax::Clrx, Mem::Instr, false);
    let (llvm, ls) = k::source(&ks, &plan, Arch::Gcn12, Syntax::Llvm, Mem::Instr, false);
    for (text, d) in [(&clrx, Dialect::Clrx), (&llvm, Dialect::Llvm)] {
        let (items, diags) = gcnkit::asm::assemble(Arch::Gcn12, d, "bench.s", text);
        assert!(!diags.iter().any(|d| d.severity == Severity::Error), "{d:?}: errors");
        let got: Vec<u32> = items.iter().flat_map(|i| i.words().iter().copied()).collect();
        assert!(
            got == words,
            "{d:?}: the kernels' text does not assemble to the stream's words"
        );
    }
    eprintln!(
        "kernels source (fiji): {n} stream instructions ({} words); clrx text {} lines ({} B, \
         {} data lines), llvm text {} lines ({} B, {} data lines, {} rejected)",
        words.len(),
        cs.lines,
        clrx.len(),
        cs.data_lines,
        ls.lines,
        llvm.len(),
        ls.data_lines,
        ls.rejected,
    );
    let mut g = text_group(c, "asm_kernels_fiji");
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("clrx", |b| b.iter(|| assemble(black_box(&clrx), Dialect::Clrx)));
    g.bench_function("llvm", |b| b.iter(|| assemble(black_box(&llvm), Dialect::Llvm)));
    g.finish();
}

criterion_group!(benches, bench, kernels);
criterion_main!(benches);
