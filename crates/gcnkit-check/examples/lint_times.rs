//! Lints every kernel of a HIP program's code objects for one GPU and prints the slowest
//! kernels: `cargo run --release -p gcnkit-check --example lint_times -- gfx803 librocsparse.so.0`.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arch = gcnkit::Arch::parse(&args[1]).expect("a GPU");
    let data = std::fs::read(&args[2]).unwrap();
    let list = gcnkit::codeobj::bundle::for_arch(&data, Some(arch), "-a")
        .expect("a HIP program")
        .unwrap();
    let mut times = Vec::new();
    let (mut kernels, mut findings) = (0, 0);
    let mut rules: std::collections::BTreeMap<String, (usize, String)> = Default::default();
    for e in &list {
        for k in gcnkit_analyze::program::kernels(e.bytes).unwrap() {
            let t = std::time::Instant::now();
            let f = gcnkit_check::lint(&k);
            findings += f.len();
            for x in f {
                let e = rules.entry(x.rule.clone()).or_insert((0, x.to_text()));
                e.0 += 1;
            }
            kernels += 1;
            times.push((t.elapsed(), k.insts.len(), k.name.clone()));
        }
    }
    times.sort();
    let total: std::time::Duration = times.iter().map(|t| t.0).sum();
    println!("{kernels} kernels, {findings} findings, {total:?} linting");
    for (rule, (n, example)) in &rules {
        println!("{rule}: {n}, e.g. {example}");
    }
    for (t, n, name) in times.iter().rev().take(5) {
        println!("{t:?} {n} instructions {name}");
    }
}
