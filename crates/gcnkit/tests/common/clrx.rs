//! CLRX's clrxasm and clrxdisasm as a live oracle, when `GCNKIT_CLRX_DIR` names the directory
//! of their binaries (`../shared/tools/build-clrx` builds them outside the project).

use gcnkit::Arch;
use std::path::PathBuf;
use std::process::Command;

/// The CLRX device used for each arch.
pub fn device(a: Arch) -> &'static str {
    match a {
        Arch::Gcn10 => "tahiti",
        Arch::Gcn11 => "hawaii",
        Arch::Gcn12 => "fiji",
        Arch::Gcn14 => "gfx900",
        Arch::Gcn141 => "gfx906",
    }
}

/// The directory of clrxasm/clrxdisasm, if the oracle is there.
pub fn dir() -> Option<PathBuf> {
    let d = PathBuf::from(std::env::var_os("GCNKIT_CLRX_DIR")?);
    (d.join("clrxasm").exists() && d.join("clrxdisasm").exists()).then_some(d)
}

/// A fresh directory per call (tests run on several threads); the caller removes it.
fn temp(name: &str) -> PathBuf {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("gcnkit-clrx-{}-{name}-{k}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// clrxdisasm's text of a word stream: (byte offset, instruction text) per instruction, labels
/// and directives left out, runs of blanks folded.
pub fn disassemble(a: Arch, words: &[u32]) -> Vec<(usize, String)> {
    let d = dir().expect("GCNKIT_CLRX_DIR");
    let t = temp("dis");
    let bin = t.join("w.bin");
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&bin, bytes).unwrap();
    let out = Command::new(d.join("clrxdisasm"))
        .args(["-r", "-g", device(a)])
        .arg(&bin)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&t);
    let text = String::from_utf8_lossy(&out.stdout);
    let mut res = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("/*") else { continue };
        let Some((off, instr)) = rest.split_once("*/") else {
            continue;
        };
        let Ok(off) = usize::from_str_radix(off.trim(), 16) else {
            continue;
        };
        res.push((off, instr.split_whitespace().collect::<Vec<_>>().join(" ")));
    }
    res
}

/// Assembles each line alone with clrxasm (raw code): its words, or clrxasm's first error.
pub fn assemble(a: Arch, lines: &[String]) -> Vec<Result<Vec<u32>, String>> {
    let d = dir().expect("GCNKIT_CLRX_DIR");
    let t = temp("asm");
    let run = |src: &str| {
        let s = t.join("a.s");
        let o = t.join("a.bin");
        let _ = std::fs::remove_file(&o);
        std::fs::write(&s, src).unwrap();
        let out = Command::new(d.join("clrxasm"))
            .args(["-b", "rawcode", "-g", device(a), "-o"])
            .arg(&o)
            .arg(&s)
            .output()
            .unwrap();
        let bin = std::fs::read(&o).unwrap_or_default();
        (String::from_utf8_lossy(&out.stderr).to_string(), bin)
    };
    // First pass: which lines clrxasm rejects (it writes nothing when any line fails).
    let (stderr, _) = run(&(lines.join("\n") + "\n"));
    let mut errors = std::collections::HashMap::new();
    for e in stderr.lines() {
        let mut it = e.splitn(4, ':');
        let (_, Some(n), _, Some(msg)) = (it.next(), it.next(), it.next(), it.next()) else {
            continue;
        };
        if msg.contains("Error") {
            if let Ok(n) = n.parse::<usize>() {
                errors.entry(n - 1).or_insert_with(|| msg.trim().to_string());
            }
        }
    }
    // Second pass: the good lines, each after a marker word, split at the markers.
    const MARK: u32 = 0x7fed_cba9;
    let mut src = String::new();
    for (k, l) in lines.iter().enumerate() {
        if !errors.contains_key(&k) {
            src.push_str(&format!(".int {MARK:#x}\n{l}\n"));
        }
    }
    src.push_str(&format!(".int {MARK:#x}\n"));
    let (stderr2, bin) = run(&src);
    let _ = std::fs::remove_dir_all(&t);
    let words: Vec<u32> = bin
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut groups = words.split(|&w| w == MARK).skip(1);
    lines
        .iter()
        .enumerate()
        .map(|(k, _)| match errors.get(&k) {
            Some(e) => Err(e.clone()),
            None => groups
                .next()
                .map(|g| g.to_vec())
                .ok_or_else(|| format!("clrxasm wrote nothing: {}", stderr2.trim())),
        })
        .collect()
}

/// clrxasm's raw code of a whole source (`-b rawcode`), with extra options: the bytes if it
/// succeeds, else its stderr. The files `files` (name, bytes) are written beside the source
/// first (for `.include`/`.incbin`).
pub fn assemble_raw(a: Arch, src: &str, options: &[&str], files: &[(&str, &[u8])]) -> Result<Vec<u8>, String> {
    raw(device(a), src, options, files)
}

/// [`assemble_raw`] for the CLRX device `gpu` (`-g gpu`).
pub fn assemble_raw_on(gpu: &str, src: &str) -> Result<Vec<u8>, String> {
    raw(gpu, src, &[], &[])
}

fn raw(gpu: &str, src: &str, options: &[&str], files: &[(&str, &[u8])]) -> Result<Vec<u8>, String> {
    let mut all = vec!["-b", "rawcode", "-g", gpu];
    all.extend_from_slice(options);
    run_clrxasm(src, &all, files)
}

/// clrxasm's output file for a whole source with `options` (its own format choice: `.amd`...),
/// or its stderr.
pub fn assemble_binary(src: &str, options: &[&str]) -> Result<Vec<u8>, String> {
    run_clrxasm(src, options, &[])
}

/// clrxasm on `src` (written with `files` beside it) with `options`: its output file, or its
/// exit status and stderr (`status None`: it crashed).
fn run_clrxasm(src: &str, options: &[&str], files: &[(&str, &[u8])]) -> Result<Vec<u8>, String> {
    let d = dir().expect("GCNKIT_CLRX_DIR");
    let t = temp("asm");
    for (name, bytes) in files {
        std::fs::write(t.join(name), bytes).unwrap();
    }
    let s = t.join("a.s");
    let o = t.join("a.bin");
    std::fs::write(&s, src).unwrap();
    let out = Command::new(d.join("clrxasm"))
        .current_dir(&t)
        .args(options)
        .arg("-o")
        .arg(&o)
        .arg(&s)
        .output()
        .unwrap();
    let bin = std::fs::read(&o).ok();
    let _ = std::fs::remove_dir_all(&t);
    match bin {
        Some(b) if out.status.success() => Ok(b),
        _ => Err(format!(
            "status {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).trim()
        )),
    }
}

/// gcnkit's binary (`.amd`, `.gallium`) of a CLRX source with clrxasm's options (`-6`, `-t
/// N`, `--llvmVersion N`), or its errors.
pub fn gcnkit_binary(src: &str, opts: &[String]) -> Result<Vec<u8>, Vec<String>> {
    let mut a = gcnkit::asm::Assembler::new(Arch::Gcn12, gcnkit::asm::Dialect::Clrx, "a.s").arch_is_default();
    let value = |o: &str| opts.iter().position(|x| x == o).map(|k| opts[k + 1].parse().unwrap());
    a.clrx_amd_options(false, opts.iter().any(|o| o == "-6"), value("-t"));
    a.clrx_gallium_options(false, value("--llvmVersion"));
    for (n, line) in src.lines().enumerate() {
        a.line(n + 1, line);
    }
    let (_, diags, parts) = a.finish_object();
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == gcnkit::diag::Severity::Error)
        .map(|d| d.headline())
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    parts.clrx_binary.ok_or_else(|| vec!["no binary".to_string()])
}

/// `n` generated sources (`generate` gives a source and clrxasm's options) through gcnkit and,
/// when it is there, clrxasm: the same file, or both refuse. Returns (identical, refused by
/// both, clrxasm crashed) — zeros without clrxasm (each source still assembled by gcnkit).
pub fn compare_generated(n: usize, mut generate: impl FnMut() -> (String, Vec<String>)) -> (usize, usize, usize) {
    let live = dir().is_some();
    let (mut same, mut refused, mut crashed) = (0, 0, 0);
    for _ in 0..n {
        let (src, opts) = generate();
        let ours = gcnkit_binary(&src, &opts);
        if !live {
            continue;
        }
        let o: Vec<&str> = opts.iter().map(|s| s.as_str()).collect();
        match (ours, assemble_binary(&src, &o)) {
            (Ok(a), Ok(b)) => {
                if a != b {
                    let at = a
                        .iter()
                        .zip(&b)
                        .position(|(x, y)| x != y)
                        .unwrap_or(a.len().min(b.len()));
                    panic!(
                        "files differ at byte {at:#x} (gcnkit {} bytes, clrxasm {}); options {opts:?}\n{src}",
                        a.len(),
                        b.len()
                    );
                }
                same += 1;
            }
            (Err(_), Err(_)) => refused += 1,
            (_, Err(e)) if e.starts_with("status None") => crashed += 1,
            (Ok(_), Err(e)) => panic!("clrxasm refuses what gcnkit takes: {e}\noptions {opts:?}\n{src}"),
            (Err(e), Ok(_)) => panic!("gcnkit refuses what clrxasm takes: {e:?}\noptions {opts:?}\n{src}"),
        }
    }
    (same, refused, crashed)
}

/// Devices of GCN 1.0-1.4 CLRX's binary formats take, for the generators.
pub const DEVICES: [&str; 12] = [
    "CapeVerde",
    "Pitcairn",
    "Tahiti",
    "Bonaire",
    "Hawaii",
    "Kalindi",
    "Iceland",
    "Tonga",
    "Fiji",
    "Carrizo",
    "Ellesmere",
    "GFX900",
];

/// A format's generated-sources test: `GCNKIT_{var}_N` (default 150) sources of `generate`
/// through [`compare_generated`]; at least half must be clrxasm's files byte for byte (the
/// rest refused by both). Without clrxasm the sources are only assembled, said on stderr.
pub fn check_generated(format: &str, var: &str, generate: impl FnMut() -> (String, Vec<String>)) {
    let n = super::env_n(&format!("GCNKIT_{var}_N"), 150);
    let (same, refused, _) = compare_generated(n, generate);
    if dir().is_none() {
        eprintln!("GCNKIT_CLRX_DIR not set: {format} sources assembled, not compared with clrxasm");
        return;
    }
    eprintln!("{same} of {n} generated {format} sources identical to clrxasm's files, {refused} refused by both");
    assert!(same * 2 >= n, "{same} of {n}");
}

/// CLRX's source: `GCNKIT_CLRX_SRC`, else the `src` beside the build `GCNKIT_CLRX_DIR` names.
pub fn source_dir() -> Option<PathBuf> {
    std::env::var_os("GCNKIT_CLRX_SRC").map(PathBuf::from).or_else(|| {
        let d = PathBuf::from(std::env::var_os("GCNKIT_CLRX_DIR")?);
        Some(d.parent()?.parent()?.join("src"))
    })
}

/// CLRX's real binaries (`tests/amdasm/amdbins/*.clo`, `tests/amdbin/amdbins/*.clo` of its
/// source: `GCNKIT_CLRX_SRC`, else the `src` beside the build `GCNKIT_CLRX_DIR` names, as
/// `../shared/tools/build-clrx` lays them out), if there.
pub fn real_binaries() -> Option<Vec<PathBuf>> {
    let src = source_dir()?;
    let mut out = Vec::new();
    for dir in ["tests/amdasm/amdbins", "tests/amdbin/amdbins"] {
        for e in std::fs::read_dir(src.join(dir)).ok()?.flatten() {
            if e.path().extension().is_some_and(|x| x == "clo") {
                out.push(e.path());
            }
        }
    }
    out.sort();
    Some(out)
}

/// clrxdisasm's text of a binary file with `options`, or its stderr.
pub fn disassemble_file(file: &std::path::Path, options: &[&str]) -> Result<String, String> {
    let d = dir().expect("GCNKIT_CLRX_DIR");
    let out = Command::new(d.join("clrxdisasm"))
        .args(options)
        .arg(file)
        .output()
        .unwrap();
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// For the binary formats' generators: sometimes (one in three) `.globaldata` with 1-6
/// random words.
pub fn random_global_data(r: &mut super::Rng, out: &mut String) {
    if r.chance(1, 3) {
        out.push_str(".globaldata\n");
        for _ in 0..1 + r.below(6) {
            out.push_str(&format!("  .int {}\n", r.next() as u32));
        }
    }
}

/// 0..n in a random order (where the kernels' code goes, unlike their definitions).
pub fn shuffled(r: &mut super::Rng, n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, r.below(i as u64 + 1) as usize);
    }
    order
}

/// A random kernel's code for the binary formats' generators: moves into random registers
/// (what the register counts see), then `s_endpgm`.
pub fn random_code(r: &mut super::Rng, out: &mut String) {
    for _ in 0..r.below(5) {
        if r.chance(1, 2) {
            out.push_str(&format!("  s_mov_b32 s{}, s{}\n", r.below(100), r.below(100)));
        } else {
            out.push_str(&format!("  v_mov_b32 v{}, v{}\n", r.below(256), r.below(256)));
        }
    }
    out.push_str("  s_endpgm\n");
}

/// Text without clrxdisasm's banner and address comments, blanks folded, no empty lines.
pub fn normalized(t: &str) -> Vec<String> {
    t.lines()
        .filter(|l| !l.starts_with("/* Disassembling"))
        .map(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix("/*").and_then(|r| r.split_once("*/")).map_or(l, |x| x.1);
            l.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .filter(|l| !l.is_empty())
        .collect()
}

/// A binary format's disassembler against clrxdisasm `-dCmf` on CLRX's real binaries of the
/// format (`is_format`): each one's text (`text`) is clrxdisasm's, as `norm` compares them,
/// and `round_trip` assembles it back (through both assemblers). `None` without CLRX's source.
pub fn real_binaries_read(
    is_format: impl Fn(&[u8]) -> bool,
    text: impl Fn(&[u8]) -> Result<String, String>,
    norm: fn(&str) -> Vec<String>,
    round_trip: impl Fn(&str, &str) -> Option<Vec<u8>>,
) -> Option<usize> {
    let files = real_binaries()?;
    let mut n = 0;
    for f in &files {
        let bin = std::fs::read(f).unwrap();
        if !is_format(&bin) {
            continue;
        }
        let what = f.file_name().unwrap().to_string_lossy().into_owned();
        let t = text(&bin).unwrap_or_else(|e| panic!("{what}: {e}"));
        if dir().is_some() {
            let theirs = disassemble_file(f, &["-dCmf"]).unwrap();
            assert_eq!(norm(&t), norm(&theirs), "{what}");
        }
        round_trip(&what, &t).unwrap_or_else(|| panic!("{what}: its text does not assemble"));
        n += 1;
    }
    Some(n)
}

/// The same for `n` generated binaries (`generate` gives a source and its options, gcnkit
/// assembles it): (texts assembled back, texts both assemblers refuse).
pub fn generated_binaries_read(
    n: usize,
    mut generate: impl FnMut() -> (String, Vec<String>),
    text: impl Fn(&[u8]) -> Result<String, String>,
    round_trip: impl Fn(&str, &str) -> Option<Vec<u8>>,
) -> (usize, usize) {
    let d = temp("dis");
    let (mut done, mut lossy) = (0, 0);
    for k in 0..n {
        let (src, opts) = generate();
        let Ok(bin) = gcnkit_binary(&src, &opts) else { continue };
        let t = text(&bin).unwrap_or_else(|e| panic!("{e}\n{src}"));
        if dir().is_some() {
            let f = d.join(format!("g{k}.bin"));
            std::fs::write(&f, &bin).unwrap();
            let theirs = disassemble_file(&f, &["-dCmf"]).unwrap();
            assert_eq!(normalized(&t), normalized(&theirs), "generated source:\n{src}");
        }
        match round_trip("generated", &t) {
            Some(_) => done += 1,
            None => lossy += 1,
        }
    }
    let _ = std::fs::remove_dir_all(&d);
    (done, lossy)
}

/// A binary's CLRX text (`text` prints a binary) through both assemblers: the same file,
/// whose text is a fixed point (clrxdisasm's forms may lose something once). Returns the
/// file; `None` when gcnkit refuses the text with errors that all contain `both_refuse` (a
/// form clrxdisasm prints that neither assembler takes: clrxasm must refuse it too).
pub fn round_trip_text(
    what: &str,
    text: &str,
    print: impl Fn(&[u8]) -> Result<String, String>,
    both_refuse: &str,
) -> Option<Vec<u8>> {
    let ours = match gcnkit_binary(text, &[]) {
        Ok(b) => b,
        Err(e) if e.iter().all(|m| m.contains(both_refuse)) => {
            if dir().is_some() {
                assert!(assemble_binary(text, &[]).is_err(), "{what}: clrxasm takes it:\n{text}");
            }
            return None;
        }
        Err(e) => panic!("{what}: gcnkit refuses its own text: {e:?}\n{text}"),
    };
    let again = print(&ours).unwrap();
    let third = print(&gcnkit_binary(&again, &[]).unwrap()).unwrap();
    assert_eq!(
        third, again,
        "{what}: the text of the re-assembled binary is no fixed point"
    );
    if dir().is_some() {
        let theirs = assemble_binary(text, &[]).unwrap_or_else(|e| panic!("{what}: clrxasm: {e}\n{text}"));
        assert!(
            ours == theirs,
            "{what}: gcnkit and clrxasm assemble the text to other files\n{text}"
        );
    }
    Some(ours)
}
