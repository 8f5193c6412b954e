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
//! The text is what `examples/gen_source.rs` writes: a stream instruction becomes a line only
//! if gcnkit assembles its text back to the same words. That drops the words with two
//! scalar reads and the other deliberately odd words (~4% in CLRX text) and, in LLVM text,
//! every instruction LLVM can only print as `.long` (~13%).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use gcnkit::asm::{assemble_one, Assembler, Dialect};
use gcnkit::diag::Severity;
use gcnkit::syntax::{print, Syntax};
use gcnkit::{Arch, Instr};

mod stream;

/// The source text of the instructions that round-trip in `syntax`, with its line count and
/// the words it must assemble to.
fn source(instrs: &[Instr], syntax: Syntax) -> (String, usize, Vec<u32>) {
    let dialect = match syntax {
        Syntax::Clrx => Dialect::Clrx,
        Syntax::Llvm => Dialect::Llvm,
    };
    let mut out = String::with_capacity(instrs.len() * 48);
    let mut words = Vec::with_capacity(instrs.len() * 2);
    let mut line = String::with_capacity(128);
    let mut n = 0;
    for i in instrs {
        line.clear();
        print(&mut line, i, syntax);
        let text = line.trim();
        if text.starts_with(".long") {
            continue;
        }
        match assemble_one(Arch::Gcn12, dialect, text) {
            Ok(w) if w.as_slice() == i.words() => {}
            _ => continue,
        }
        out.push_str(text);
        out.push('\n');
        words.extend_from_slice(i.words());
        n += 1;
    }
    (out, n, words)
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

    let mut g = c.benchmark_group("asm_gcn12_500k");
    // One iteration is the whole text (hundreds of ms), so few samples suffice; flat
    // sampling runs the same number of iterations per sample.
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(6));
    g.throughput(Throughput::Elements(clrx_lines as u64));
    g.bench_function("clrx", |b| b.iter(|| assemble(black_box(&clrx), Dialect::Clrx)));
    g.bench_function("auto_clrx_text", |b| {
        b.iter(|| assemble(black_box(&clrx), Dialect::Auto))
    });
    g.throughput(Throughput::Elements(llvm_lines as u64));
    g.bench_function("llvm", |b| b.iter(|| assemble(black_box(&llvm), Dialect::Llvm)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
