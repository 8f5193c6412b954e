//! Exhaustive round trip: every 32-bit VOP2, VOPC, VOP1 and scalar-ALU word (SOP2, SOPK, SOP1,
//! SOPC, SOPP; sampled literal dwords where a literal follows), every SMRD word and every SMEM
//! first word, random VOP3 words, and every VOP3 opcode × every modifier-bit combination, on
//! each arch, printed in both dialects and assembled back (see `gcnkit::proof`).
//!
//!     cargo run --release -p gcnkit --example exhaustive -- [--step N] [--vop3 N] [--arch A]
//!
//! `--step N` checks one word in N (a sampled slice; CI runs --step 256); `--vop3 N` random
//! VOP3 words per arch; `--markdown` ends with the summary as README's table rows. Uses every
//! core. Exits 1 on any mismatch.

use gcnkit::decode::decode;
use gcnkit::proof::{check, Outcome};
use gcnkit::syntax::Syntax;
use gcnkit::Arch;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

#[derive(Default, Clone)]
struct Tally {
    checked: u64,
    same: u64,
    /// Round trips of words whose opcode the arch does not define, by opcode (whatever the
    /// outcome: most of them re-assemble to the same words, as `.long` or `VOP2_ill_N`).
    unused: BTreeMap<u32, u64>,
    /// Those whose text did not re-assemble to the same words.
    undecodable: BTreeMap<u32, u64>,
    rules: BTreeMap<&'static str, u64>,
    mismatches: Vec<String>,
    mismatch_count: u64,
}

impl Tally {
    fn add(&mut self, o: Outcome, opcode: u32, unused: bool) {
        if unused && !matches!(o, Outcome::OtherClass | Outcome::Truncated) {
            *self.unused.entry(opcode).or_default() += 1;
        }
        match o {
            Outcome::OtherClass | Outcome::Truncated => return,
            Outcome::Same => self.same += 1,
            Outcome::Undecodable => *self.undecodable.entry(opcode).or_default() += 1,
            Outcome::RuleBroken(r) => *self.rules.entry(r).or_default() += 1,
            Outcome::Mismatch(m) => {
                self.mismatch_count += 1;
                if self.mismatches.len() < 20 {
                    self.mismatches.push(m);
                }
            }
        }
        self.checked += 1;
    }

    fn merge(&mut self, o: Tally) {
        self.checked += o.checked;
        self.same += o.same;
        for (k, v) in o.unused {
            *self.unused.entry(k).or_default() += v;
        }
        for (k, v) in o.undecodable {
            *self.undecodable.entry(k).or_default() += v;
        }
        for (k, v) in o.rules {
            *self.rules.entry(k).or_default() += v;
        }
        self.mismatch_count += o.mismatch_count;
        self.mismatches.extend(o.mismatches.into_iter().take(20));
    }
}

fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Runs `f(i, tally)` for i in 0..n on every core.
fn parallel(n: u64, f: impl Fn(u64, &mut Tally) + Sync) -> Tally {
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1) as u64;
    let next = AtomicU64::new(0);
    let chunk = 1 << 14;
    let tallies: Vec<Tally> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut t = Tally::default();
                    loop {
                        let start = next.fetch_add(chunk, Ordering::Relaxed);
                        if start >= n {
                            break;
                        }
                        for i in start..(start + chunk).min(n) {
                            f(i, &mut t);
                        }
                    }
                    t
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut all = Tally::default();
    for t in tallies {
        all.merge(t);
    }
    all
}

/// Every opcode of class `enc` on `arch` × every combination of its narrow fields (one to four
/// bits: the modifier bits, MTBUF's formats, GCN 1.4 FLAT's segment) × `reps` draws of its wide
/// fields (registers, offsets: random), read off the class's field description. The bits no
/// field holds stay clear.
fn class_sweep(arch: Arch, enc: gcnkit::Enc, reps: u64) -> Option<Tally> {
    use gcnkit::enc::F;
    let layout = gcnkit::enc::fields(enc, arch)?.layout;
    let op = *layout.fields.iter().find(|f| f.f == F::Op)?;
    let narrow: Vec<_> = layout
        .fields
        .iter()
        .filter(|f| f.width <= 4 && !matches!(f.f, F::Op | F::Encoding))
        .copied()
        .collect();
    let bits: u32 = narrow.iter().map(|f| f.width as u32).sum();
    let combos = 1u64 << bits;
    let put = |w: &mut u64, lo: u8, width: u8, v: u64| {
        let m = ((1u64 << width) - 1) << lo;
        *w = (*w & !m) | ((v << lo) & m);
    };
    Some(parallel((1u64 << op.width) * combos * reps, |k, t| {
        let (opv, m) = ((k / reps / combos) as u32, k / reps % combos);
        let mut w = layout.bits as u64;
        let mut r = mix(k ^ (arch as u64) << 48);
        for f in layout
            .fields
            .iter()
            .filter(|f| f.width > 4 && !matches!(f.f, F::Op | F::Encoding))
        {
            put(&mut w, f.lo, f.width, r);
            r = mix(r);
        }
        put(&mut w, op.lo, op.width, opv as u64);
        let mut shift = 0;
        for f in &narrow {
            put(&mut w, f.lo, f.width, m >> shift);
            shift += f.width;
        }
        both(t, arch, &[w as u32, (w >> 32) as u32, 0], opv);
    }))
}

fn both(t: &mut Tally, arch: Arch, words: &[u32], opcode: u32) {
    let unused = decode(arch, words).is_ok_and(|i| i.def.is_none());
    for syn in [Syntax::Clrx, Syntax::Llvm] {
        t.add(check(arch, words, syn), opcode, unused);
    }
}

/// Sorted numbers as ranges: `50-61,64,70-72`.
fn ranges(sorted: impl Iterator<Item = u32>) -> String {
    let mut out: Vec<(u32, u32)> = Vec::new();
    for k in sorted {
        match out.last_mut() {
            Some(r) if r.1 + 1 == k => r.1 = k,
            _ => out.push((k, k)),
        }
    }
    let parts: Vec<String> = out
        .iter()
        .map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") })
        .collect();
    parts.join(",")
}

fn report(name: &str, arch: Arch, t: &Tally, secs: f64) -> bool {
    let rules: Vec<String> = t.rules.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let und: u64 = t.undecodable.values().sum();
    let unused: u64 = t.unused.values().sum();
    println!(
        "{arch} {name}: {} round trips ({:.1} s): {} same, {} rule-breaking words [{}], {} of unused opcodes (opcodes: {}; {} of them not re-assembled, opcodes: {}), {} MISMATCHES",
        t.checked,
        secs,
        t.same,
        t.rules.values().sum::<u64>(),
        rules.join(", "),
        unused,
        ranges(t.unused.keys().copied()),
        und,
        ranges(t.undecodable.keys().copied()),
        t.mismatch_count
    );
    for m in &t.mismatches {
        println!("    {m}");
    }
    t.mismatch_count == 0
}

/// One class's result, for the `--markdown` summary.
struct Row {
    arch: Arch,
    class: String,
    checked: u64,
    same: u64,
    rules: u64,
    unused: u64,
    undecodable: u64,
    mismatches: u64,
    secs: f64,
}

impl Row {
    fn new(arch: Arch, class: String, t: &Tally, secs: f64) -> Row {
        Row {
            arch,
            class,
            checked: t.checked,
            same: t.same,
            rules: t.rules.values().sum(),
            unused: t.unused.values().sum(),
            undecodable: t.undecodable.values().sum(),
            mismatches: t.mismatch_count,
            secs,
        }
    }
}

/// 1234567 -> "1,234,567".
fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (k, c) in s.chars().enumerate() {
        if k > 0 && (s.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn markdown(rows: &[Row]) {
    println!(
        "| arch | class | round trips | same ¹ | rule | unused opcode (not re-assembled) | mismatches | seconds |"
    );
    println!("|------|-------|------------:|-------:|-----:|---------------|-----------:|--------:|");
    for r in rows {
        println!(
            "| {} | {} | {} | {} | {} | {} ({}) | {} | {:.1} |",
            r.arch,
            r.class,
            grouped(r.checked),
            grouped(r.same),
            grouped(r.rules),
            grouped(r.unused),
            grouped(r.undecodable),
            r.mismatches,
            r.secs
        );
    }
}

/// The exhaustive round trip: decode → print (CLRX and LLVM) → assemble → compare, over every
/// word of the 32-bit classes and sampled words of the others, on all cores.
#[derive(clap::Parser)]
struct Cli {
    /// Check one word in STEP of each 32-bit class (1: every word).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    step: u64,
    /// Random VOP3 words per arch.
    #[arg(long, default_value_t = 1_000_000)]
    vop3: u64,
    /// One arch only (any name `gcnkit -a` takes); all four by default.
    #[arg(long, value_parser = |s: &str| Arch::parse(s).ok_or(format!("unknown arch '{s}'")))]
    arch: Option<Arch>,
    /// End with the rows of README's table (Markdown).
    #[arg(long)]
    markdown: bool,
}

fn main() {
    let cli = <Cli as clap::Parser>::parse();
    let md = cli.markdown;
    let mut rows = Vec::new();
    let step = cli.step;
    let vop3_n = cli.vop3;
    let archs: Vec<Arch> = match cli.arch {
        Some(a) => vec![a],
        None => Arch::EVERY.to_vec(),
    };
    let mut ok = true;
    let sampled = |what: &str, step: u64| {
        if step == 1 {
            format!("{what}, every word")
        } else {
            format!("{what}, 1 word in {step}")
        }
    };
    for arch in archs {
        // VOP2: bit 31 clear, outside the VOPC/VOP1 classes (bits 25-31 = 0x3e, 0x3f).
        let n = (1u64 << 31) / step;
        let t0 = Instant::now();
        let t = parallel(n, |k, t| {
            let w0 = ((k * step + mix(k) % step) & 0x7fff_ffff) as u32;
            if w0 >> 25 >= 0x3e {
                return;
            }
            let lit = mix(w0 as u64) as u32;
            both(t, arch, &[w0, lit, 0], w0 >> 25);
        });
        ok &= report("VOP2", arch, &t, t0.elapsed().as_secs_f64());
        rows.push(Row::new(arch, sampled("VOP2", step), &t, t0.elapsed().as_secs_f64()));
        // VOPC: 2^25 words.
        let n = (1u64 << 25) / step.min(1 << 10);
        let st = step.min(1 << 10);
        let t0 = Instant::now();
        let t = parallel(n, |k, t| {
            let w0 = (0x7c00_0000 | ((k * st + mix(k) % st) & 0x01ff_ffff)) as u32;
            let lit = mix(w0 as u64) as u32;
            both(t, arch, &[w0, lit, 0], (w0 >> 17) & 0xff);
        });
        ok &= report("VOPC", arch, &t, t0.elapsed().as_secs_f64());
        rows.push(Row::new(arch, sampled("VOPC", st), &t, t0.elapsed().as_secs_f64()));
        // VOP1: 2^25 words.
        let t0 = Instant::now();
        let t = parallel(n, |k, t| {
            let w0 = (0x7e00_0000 | ((k * st + mix(k) % st) & 0x01ff_ffff)) as u32;
            let lit = mix(w0 as u64) as u32;
            both(t, arch, &[w0, lit, 0], (w0 >> 9) & 0xff);
        });
        ok &= report("VOP1", arch, &t, t0.elapsed().as_secs_f64());
        rows.push(Row::new(arch, sampled("VOP1", st), &t, t0.elapsed().as_secs_f64()));
        // The scalar ALU: SOP2, SOPK, SOP1, SOPC and SOPP share 0x80000000-0xbfffffff (2^30
        // words; a literal dword follows where SSRC is 255, and S_SETREG_IMM32_B32's).
        let n30 = (1u64 << 30) / step;
        let t0 = Instant::now();
        let t = parallel(n30, |k, t| {
            let w0 = (0x8000_0000 | ((k * step + mix(k) % step) & 0x3fff_ffff)) as u32;
            let lit = mix(w0 as u64) as u32;
            let op = decode(arch, &[w0, lit]).map(|i| i.opcode as u32).unwrap_or(0);
            both(t, arch, &[w0, lit, 0], op);
        });
        ok &= report("SOP2/SOPK/SOP1/SOPC/SOPP", arch, &t, t0.elapsed().as_secs_f64());
        rows.push(Row::new(
            arch,
            sampled("SOP2/SOPK/SOP1/SOPC/SOPP", step),
            &t,
            t0.elapsed().as_secs_f64(),
        ));
        // Scalar memory: every SMRD word (GCN 1.0/1.1: 2^27, with a literal dword where GCN
        // 1.1 takes one); SMEM (GCN 1.2+): every first word (2^26) with a random second one.
        let n27 = if arch.is_vi_plus() { 1u64 << 26 } else { 1u64 << 27 } / step.min(1 << 10);
        let st = step.min(1 << 10);
        let t0 = Instant::now();
        let t = parallel(n27, |k, t| {
            let w0 = (0xc000_0000 | ((k * st + mix(k) % st) & 0x07ff_ffff)) as u32;
            let w1 = mix(w0 as u64 ^ 0x5151) as u32;
            let op = decode(arch, &[w0, w1]).map(|i| i.opcode as u32).unwrap_or(0);
            both(t, arch, &[w0, w1, 0], op);
        });
        let smem = if arch.is_vi_plus() {
            "SMEM (random second dword)"
        } else {
            "SMRD"
        };
        ok &= report(smem, arch, &t, t0.elapsed().as_secs_f64());
        rows.push(Row::new(arch, sampled(smem, st), &t, t0.elapsed().as_secs_f64()));
        // VINTRP: every word (2^26; GCN 1.0/1.1 at 0xc8, GCN 1.2+ at 0xd4).
        let n26 = (1u64 << 26) / step.min(1 << 10);
        let st = step.min(1 << 10);
        let base = if arch.is_vi_plus() { 0xd400_0000 } else { 0xc800_0000 };
        let t0 = Instant::now();
        let t = parallel(n26, |k, t| {
            let w0 = (base | ((k * st + mix(k) % st) & 0x03ff_ffff)) as u32;
            both(t, arch, &[w0, 0, 0], (w0 >> 16) & 3);
        });
        ok &= report("VINTRP", arch, &t, t0.elapsed().as_secs_f64());
        rows.push(Row::new(arch, sampled("VINTRP", st), &t, t0.elapsed().as_secs_f64()));
        // EXP: every first dword's fields (2^13, the unused bits clear and set), each with
        // random sources, sources of the enabled slots only and zero.
        let base = if arch.is_vi_plus() { 0xc400_0000u32 } else { 0xf800_0000 };
        let t0 = Instant::now();
        let t = parallel(1 << 15, |k, t| {
            let w0 = base | (k as u32 & 0x1fff) | if k & 0x2000 != 0 { 1 << 20 } else { 0 };
            let w1 = match k >> 14 {
                0 => mix(k) as u32,
                _ => (0..4).fold(0u32, |a, s| if w0 >> s & 1 != 0 { a | (7 + s) << (8 * s) } else { a }),
            };
            both(t, arch, &[w0, w1, 0], 0);
        });
        ok &= report("EXP", arch, &t, t0.elapsed().as_secs_f64());
        rows.push(Row::new(
            arch,
            "EXP (every field, 2 sets of sources)".into(),
            &t,
            t0.elapsed().as_secs_f64(),
        ));
        // VOP3P (GCN 1.4): every opcode × every modifier bit (OP_SEL, OP_SEL_HI, NEG_LO,
        // NEG_HI, CLAMP), VGPR sources, SRC2 set and clear.
        if arch.is_gcn14() {
            let t0 = Instant::now();
            let t = parallel(128 << 14, |k, t| {
                let (op, m) = ((k >> 14) as u32, k as u32 & 0x3fff);
                let w0 = 0xd380_0000 | op << 16 | (m & 0xff) << 8 | 5;
                let src2 = if m & 0x2000 != 0 { 0 } else { 256 + 11 };
                let w1 = (256 + 7) | (256 + 9) << 9 | src2 << 18 | ((m >> 8) & 0x1f) << 27;
                both(t, arch, &[w0, w1, 0], op);
            });
            ok &= report("VOP3P opcode x modifiers", arch, &t, t0.elapsed().as_secs_f64());
            rows.push(Row::new(
                arch,
                "VOP3P opcode × modifiers".into(),
                &t,
                t0.elapsed().as_secs_f64(),
            ));
        }
        // The vector memory classes: every opcode × every combination of the narrow fields
        // (DS's GDS; MUBUF/MTBUF's addressing, cache, LDS and TFE bits and MTBUF's formats;
        // FLAT's cache bits, TFE/NV, LDS and segment; MIMG's DMASK and modifier bits), with
        // random registers and offsets.
        for (enc, reps, name) in [
            (gcnkit::Enc::Ds, 64, "DS"),
            (gcnkit::Enc::Mubuf, 4, "MUBUF"),
            (gcnkit::Enc::Mtbuf, 1, "MTBUF"),
            (gcnkit::Enc::Flat, 8, "FLAT"),
            (gcnkit::Enc::Mimg, 1, "MIMG"),
        ] {
            let t0 = Instant::now();
            let Some(t) = class_sweep(arch, enc, reps) else {
                continue;
            };
            let what = format!("{name} opcode × narrow fields ({reps} draws of the rest)");
            ok &= report(&what, arch, &t, t0.elapsed().as_secs_f64());
            rows.push(Row::new(arch, what, &t, t0.elapsed().as_secs_f64()));
        }
        // VOP3: random words.
        let t0 = Instant::now();
        let t = parallel(vop3_n, |k, t| {
            let r = mix(k ^ (arch as u64) << 40);
            let w0 = 0xd000_0000 | (r as u32 & 0x03ff_ffff);
            let w1 = (r >> 32) as u32;
            let opcode = if arch.is_vi_plus() {
                (w0 >> 16) & 0x3ff
            } else {
                (w0 >> 17) & 0x1ff
            };
            both(t, arch, &[w0, w1, 0], opcode);
        });
        ok &= report("VOP3 random", arch, &t, t0.elapsed().as_secs_f64());
        if vop3_n > 0 {
            let class = format!("VOP3 random ({} words × 2 dialects)", grouped(vop3_n));
            rows.push(Row::new(arch, class, &t, t0.elapsed().as_secs_f64()));
        }
        // VOP3: every opcode × every modifier-bit combination (ABS, NEG, CLAMP, OMOD, and
        // OP_SEL on GCN 1.4), with fixed VGPR operands.
        let opcodes: u64 = if arch.is_vi_plus() { 1024 } else { 512 };
        let t0 = Instant::now();
        let t = parallel(opcodes << 13, |k, t| {
            let (op, m) = ((k >> 13) as u32, k as u32 & 0x1fff);
            let (abs, neg, clamp, omod, sel) = (m & 7, (m >> 3) & 7, (m >> 6) & 1, (m >> 7) & 3, (m >> 9) & 15);
            if sel != 0 && !arch.is_gcn14() {
                return;
            }
            let mut w0 = 0xd000_0000 | 5 | abs << 8 | sel << 11;
            w0 |= if arch.is_vi_plus() {
                op << 16 | clamp << 15
            } else {
                op << 17 | clamp << 11
            };
            let w1 = (256 + 7) | ((256 + 9) << 9) | (256 + 11) << 18 | omod << 27 | neg << 29;
            both(t, arch, &[w0, w1, 0], op);
        });
        ok &= report("VOP3 opcode x modifiers", arch, &t, t0.elapsed().as_secs_f64());
        rows.push(Row::new(
            arch,
            "VOP3 opcode × modifiers".into(),
            &t,
            t0.elapsed().as_secs_f64(),
        ));
    }
    if md {
        markdown(&rows);
    }
    if !ok {
        std::process::exit(1);
    }
}
