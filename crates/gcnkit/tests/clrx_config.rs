//! CLRX's `.config` form of code object v2 kernel headers (`codeobj::clrx_config`) against
//! clrxasm and clrxdisasm 0.1.9 as a live oracle. Runs when `GCNKIT_CLRX_DIR` names the built
//! binaries (`../shared/tools/build-clrx`; without them each test says so and passes);
//! `GCNKIT_CLRX_N` scales the random ones.
//!
//! - The corpus's v2 headers (clang-14's): [`print_config`]'s text, assembled by clrxasm, gives
//!   the same 256 bytes back; clrxdisasm prints the same text (and the same `.gpu` lines) for
//!   clrxasm's output; [`ConfigBuilder`] reads the text to the same bytes.
//! - Random headers: the same, for those [`print_config`] prints.
//! - Random configs (random pseudo-ops, values good and bad, random code register use):
//!   clrxasm and [`ConfigBuilder`] write the same header, or both refuse with the same message.
//! - The corpus's v3/v4 kernel descriptors: [`print_descriptor_config`]'s text in a whole
//!   `.llvm10binfmt` source, assembled by clrxasm, gives the same 64 bytes back at `NAME.kd`
//!   (but bytes 16-23, the code entry offset clrxasm computes); those CLRX cannot carry (a
//!   non-zero kernarg_size, bytes 8-11) once more with those bytes cleared.

mod common;

use common::{clrx, env_n, seed, Rng};
use gcnkit::codeobj::clrx_config::{print_config, print_descriptor_config, CodeRegs, ConfigBuilder, Gpu, Target};
use object::{Object, ObjectSection, ObjectSymbol};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const PROCESSORS: [&str; 5] = ["gfx600", "gfx704", "gfx803", "gfx900", "gfx906"];

fn oracle_here() -> Option<PathBuf> {
    let d = clrx::dir();
    if d.is_none() {
        eprintln!(
            "NOTE: GCNKIT_CLRX_DIR is not set: the CLRX live oracle did not run (see ../shared/tools/build-clrx)"
        );
    }
    d
}

/// A fresh directory per call; the caller removes it.
fn temp(name: &str) -> PathBuf {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("gcnkit-clrxcfg-{}-{name}-{k}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// clrxasm's output for `src` (written in `dir`), or its stderr.
fn clrxasm(clrx: &Path, dir: &Path, src: &str) -> Result<PathBuf, String> {
    let s = dir.join("a.s");
    let o = dir.join("a.hsaco");
    let _ = std::fs::remove_file(&o);
    std::fs::write(&s, src).unwrap();
    let out = Command::new(clrx.join("clrxasm"))
        .arg("-o")
        .arg(&o)
        .arg(&s)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    if out.status.success() && o.exists() {
        Ok(o)
    } else {
        Err(err)
    }
}

/// The 256 bytes at each kernel symbol of a clrxasm output.
fn headers(path: &Path, names: &[String]) -> Vec<[u8; 256]> {
    let data = std::fs::read(path).unwrap();
    let file = object::File::parse(&*data).unwrap();
    let text = file.section_by_name(".text").expect(".text");
    let bytes = text.data().unwrap();
    let syms: HashMap<String, u64> = file
        .symbols()
        .chain(file.dynamic_symbols())
        .filter_map(|s| Some((s.name().ok()?.to_string(), s.address())))
        .collect();
    names
        .iter()
        .map(|n| {
            let at = (syms[n] - text.address()) as usize;
            bytes[at..at + 256].try_into().unwrap()
        })
        .collect()
}

/// The 64 bytes at each `NAME.kd` symbol of a clrxasm output (code object v3 form), the code
/// entry offset (bytes 16-23, computed from where the code lands) zeroed.
fn descriptors(path: &Path, names: &[String]) -> Vec<[u8; 64]> {
    let data = std::fs::read(path).unwrap();
    let file = object::File::parse(&*data).unwrap();
    let rodata = file.section_by_name(".rodata").expect(".rodata");
    let bytes = rodata.data().unwrap();
    let syms: HashMap<String, u64> = file
        .symbols()
        .filter_map(|s| Some((s.name().ok()?.to_string(), s.address())))
        .collect();
    names
        .iter()
        .map(|n| {
            let at = (syms[&format!("{n}.kd")] - rodata.address()) as usize;
            let mut d: [u8; 64] = bytes[at..at + 64].try_into().unwrap();
            d[16..24].fill(0);
            d
        })
        .collect()
}

/// clrxdisasm -C's `.gpu` lines and each kernel's config block (from `    .config` to the end
/// of the control directive's data).
fn clrxdisasm(clrx: &Path, path: &Path) -> (String, HashMap<String, String>) {
    let out = Command::new(clrx.join("clrxdisasm"))
        .args(["-C", "-f"])
        .arg(path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let mut gpu = String::new();
    let mut blocks = HashMap::new();
    let mut kernel = None;
    let mut block: Option<(String, bool)> = None;
    for line in text.lines() {
        if [".gpu ", ".arch_minor ", ".arch_stepping "]
            .iter()
            .any(|p| line.starts_with(p))
        {
            gpu.push_str(line);
            gpu.push('\n');
        }
        if let Some((b, in_data)) = &mut block {
            if *in_data && !line.starts_with("        ") {
                blocks.insert(kernel.take().unwrap(), std::mem::take(b));
                block = None;
            } else {
                b.push_str(line);
                b.push('\n');
                *in_data |= line == "    .control_directive";
                continue;
            }
        }
        if let Some(k) = line.strip_prefix(".kernel ") {
            kernel = Some(k.to_string());
        } else if line == "    .config" && kernel.is_some() && !blocks.contains_key(kernel.as_ref().unwrap()) {
            block = Some((format!("{line}\n"), false));
        }
    }
    (gpu, blocks)
}

fn split(line: &str) -> (&str, &str) {
    let l = line.trim();
    l.split_once(char::is_whitespace).unwrap_or((l, ""))
}

/// Kernels' config texts (printed by `print_config`) in one source: `.skip 256` and `s_endpgm`
/// for each kernel's code.
fn source(gpu: &Gpu, new_binfmt: bool, kernels: &[(String, String)]) -> String {
    let mut s = String::from(".rocm\n");
    gpu.print(&mut s);
    if new_binfmt {
        s.push_str(".newbinfmt\n");
    }
    for (name, text) in kernels {
        s.push_str(&format!(".kernel {name}\n{text}"));
    }
    s.push_str(".text\n");
    for (name, _) in kernels {
        s.push_str(&format!(".p2align 8\n{name}:\n    .skip 256\n    s_endpgm\n"));
    }
    s
}

/// Headers through `print_config` → clrxasm → the same bytes, clrxdisasm → the same text,
/// `ConfigBuilder` → the same bytes. Returns how many printed without and with `.newbinfmt`
/// and why the rest did not (CLRX cannot carry them).
fn round_trip(clrx: &Path, gpu: Gpu, hs: &[[u8; 256]], what: &str) -> ([usize; 2], Vec<String>) {
    let mut refused = Vec::new();
    let mut printed = [0; 2];
    for new_binfmt in [false, true] {
        let t = Target::new(gpu, new_binfmt);
        let mut kernels = Vec::new();
        let mut originals = Vec::new();
        for (k, h) in hs.iter().enumerate() {
            let mut text = String::new();
            let old = print_config(h, &Target::new(gpu, false), &mut String::new());
            // Old format where it prints; .newbinfmt for the rest.
            if old.is_ok() == new_binfmt {
                continue;
            }
            match print_config(h, &t, &mut text) {
                Ok(()) => {
                    kernels.push((format!("k{k}"), text));
                    originals.push(*h);
                }
                Err(e) => refused.push(format!("{what} #{k}: {e}")),
            }
        }
        if kernels.is_empty() {
            continue;
        }
        let src = source(&gpu, new_binfmt, &kernels);
        let d = temp("rt");
        let out = clrxasm(clrx, &d, &src).unwrap_or_else(|e| panic!("{what}: clrxasm refused:\n{e}\n{src}"));
        let names: Vec<String> = kernels.iter().map(|k| k.0.clone()).collect();
        let got = headers(&out, &names);
        let (gpu_lines, blocks) = clrxdisasm(clrx, &out);
        let mut want_gpu = String::new();
        gpu.print(&mut want_gpu);
        assert_eq!(gpu_lines, want_gpu, "{what}: clrxdisasm's .gpu lines");
        for (((name, text), h), g) in kernels.iter().zip(&originals).zip(&got) {
            assert_eq!(g, h, "{what} {name}: clrxasm's header differs\n{text}");
            assert_eq!(blocks.get(name), Some(text), "{what} {name}: clrxdisasm's text differs");
            let mut bl = ConfigBuilder::new(t, name);
            for line in text.lines() {
                let (op, args) = split(line);
                bl.set(op, args).unwrap();
            }
            assert_eq!(&bl.finish().unwrap(), g, "{what} {name}: ConfigBuilder differs\n{text}");
            printed[new_binfmt as usize] += 1;
        }
        let _ = std::fs::remove_dir_all(&d);
    }
    (printed, refused)
}

#[test]
fn corpus_headers() {
    let Some(clrx) = oracle_here() else { return };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/codeobj");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".v2.o"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let (mut total, mut printed, mut refused) = (0, [0; 2], Vec::new());
    for f in &files {
        let data = std::fs::read(f).unwrap();
        let co = gcnkit::codeobj::read(&data).unwrap();
        let gpu = Gpu::of_processor(co.processor).unwrap();
        assert_eq!(gpu.processor(), co.processor, "the .gpu lines name the processor back");
        let hs: Vec<[u8; 256]> = co.v2_headers().map(|(_, _, h)| *h).collect();
        assert!(!hs.is_empty(), "{}: no v2 kernels", f.display());
        total += hs.len();
        let (p, r) = round_trip(&clrx, gpu, &hs, &f.file_name().unwrap().to_string_lossy());
        printed[0] += p[0];
        printed[1] += p[1];
        refused.extend(r);
    }
    eprintln!(
        "corpus: {} of {total} v2 headers printed ({} needing .newbinfmt), clrxasm rebuilt them, clrxdisasm printed the same",
        printed[0] + printed[1],
        printed[1]
    );
    for r in &refused {
        eprintln!("  not printable: {r}");
    }
    // clang-14's headers are all within what CLRX carries (some with .newbinfmt).
    assert!(refused.is_empty());
    assert_eq!(printed[0] + printed[1], total);
}

/// Random bytes made mostly plausible (so that many are printable), field by field.
fn random_header(r: &mut Rng) -> [u8; 256] {
    let mut b = [0u8; 256];
    for x in b.iter_mut() {
        *x = r.next() as u8;
    }
    let set = |b: &mut [u8; 256], at: usize, n: usize, v: u64| b[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
    if r.chance(1, 8) {
        return b;
    }
    b[108..120].fill(0);
    set(&mut b, 0, 4, r.below(3));
    set(&mut b, 4, 4, r.below(3));
    set(&mut b, 56, 2, r.next() & 0x3ff);
    set(&mut b, 58, 2, r.next() & 0x7f);
    let mut rsrc2 = r.next() as u32 & !0x1bbf; // no scratch, user SGPRs, ids
    rsrc2 |= (r.below(17) as u32) << 1 | (r.below(8) as u32) << 7 | (r.below(3) as u32) << 11;
    let lds = if r.chance(1, 2) { 0 } else { r.below(64) };
    rsrc2 = rsrc2 & !(0x1ff << 15) | (lds as u32) << 15;
    let group = if lds == 0 { 0 } else { (lds << 9) - r.below(512) };
    set(&mut b, 64, 4, if r.chance(1, 4) { r.below(32769) } else { group });
    let exc = (rsrc2 >> 24) & 0x7f;
    let mut rsrc1 = r.next() as u32;
    if r.chance(3, 4) {
        rsrc1 = rsrc1 & 0x80ff_ffff | (exc & r.next() as u32) << 24;
    }
    let private = if r.chance(1, 2) { 0 } else { r.next() as u32 as u64 };
    set(&mut b, 60, 4, private);
    rsrc2 = rsrc2 & !1 | (private != 0) as u32;
    set(&mut b, 48, 4, rsrc1 as u64);
    set(&mut b, 52, 4, rsrc2 as u64);
    set(&mut b, 84, 2, 1 + r.below(200));
    set(&mut b, 86, 2, 1 + r.below(300));
    for at in [88, 92] {
        let first = r.below(110);
        let count = if r.chance(1, 2) { 0 } else { 1 + r.below(10) };
        set(&mut b, at, 2, if count == 0 { 0 } else { first });
        set(&mut b, at + 2, 2, count);
    }
    set(&mut b, 96, 2, if r.chance(1, 2) { 0 } else { r.below(110) });
    set(&mut b, 98, 2, if r.chance(1, 2) { 0 } else { r.below(110) });
    for x in &mut b[100..103] {
        *x = 3 + r.below(30) as u8;
    }
    b[103] = r.below(10) as u8;
    if r.chance(1, 2) {
        b[128..].fill(if r.chance(1, 2) { 0 } else { r.next() as u8 });
    }
    b
}

#[test]
fn random_headers() {
    let Some(clrx) = oracle_here() else { return };
    let mut r = Rng(seed() ^ 0x636f_6e66);
    let n = env_n("GCNKIT_CLRX_N", 600);
    let (mut printed, mut refused) = (0, 0);
    for p in PROCESSORS {
        let gpu = Gpu::of_processor(p).unwrap();
        let hs: Vec<[u8; 256]> = (0..n).map(|_| random_header(&mut r)).collect();
        let (k, rf) = round_trip(&clrx, gpu, &hs, p);
        printed += k[0] + k[1];
        refused += rf.len();
    }
    eprintln!("random headers: {printed} printed and carried by CLRX, {refused} refused by print_config");
    assert!(printed > refused / 4, "too few random headers were printable");
}

/// A random value for a pseudo-op: near its limits, powers of two, any, negative, badly formed.
fn value(r: &mut Rng, limits: &[u64], careful: bool) -> String {
    if careful {
        let l = limits[r.below(limits.len() as u64) as usize];
        let v = if r.chance(1, 2) { l } else { r.below(l.max(1)) };
        return if r.chance(1, 2) {
            v.to_string()
        } else {
            format!("{v:#x}")
        };
    }
    let v = match r.below(8) {
        0 => return ["", "x", "1 2", "1,", "(3", "0x", "(1, 2"][r.below(7) as usize].to_string(),
        1 => r.next(),
        2 => r.next() as u32 as u64,
        3 => 1 << r.below(12),
        4 => (r.below(5) as i64 - 2) as u64,
        _ => {
            let l = limits[r.below(limits.len() as u64) as usize];
            l.wrapping_add(r.below(3)).wrapping_sub(1)
        }
    };
    match r.below(4) {
        0 => format!("{v:#x}"),
        1 if (v as i64) < 0 && (v as i64) > -1000 => format!("{}", v as i64),
        2 if v < 0x1000 => format!("{}+{}", v / 2, v - v / 2),
        _ => v.to_string(),
    }
}

fn dims(r: &mut Rng) -> String {
    let mut s = String::new();
    for c in ['x', 'y', 'z'] {
        if r.chance(1, 2) {
            s.push(c);
        }
    }
    if r.chance(1, 20) {
        s.push('w');
    }
    s
}

/// A random `.config` (and sometimes `.control_directive`) of pseudo-ops that write the header.
fn random_config(r: &mut Rng) -> Vec<String> {
    // Half the configs keep to values near the limits, so that many are valid.
    let careful = r.chance(1, 2);
    const VALUES: [(&str, &[u64]); 34] = [
        ("sgprsnum", &[0, 102, 104]),
        ("vgprsnum", &[0, 256]),
        ("floatmode", &[0xc0, 0xff]),
        ("priority", &[3]),
        ("exceptions", &[0x7f]),
        ("localsize", &[32768]),
        ("userdatanum", &[16]),
        ("pgmrsrc1", &[0xffff_ffff]),
        ("pgmrsrc2", &[0xffff_ffff]),
        ("kernel_code_entry_offset", &[256]),
        ("kernel_code_prefetch_offset", &[0]),
        ("kernel_code_prefetch_size", &[0]),
        ("max_scratch_backing_memory", &[0]),
        ("private_elem_size", &[2, 16]),
        ("workitem_private_segment_size", &[0, 0xffff_ffff]),
        ("workgroup_group_segment_size", &[32768]),
        ("gds_segment_size", &[0xffff_ffff]),
        ("kernarg_segment_size", &[0]),
        ("workgroup_fbarrier_count", &[0xffff_ffff]),
        ("wavefront_sgpr_count", &[0xffff]),
        ("workitem_vgpr_count", &[0xffff]),
        ("debug_wavefront_private_segment_offset_sgpr", &[102, 104]),
        ("debug_private_segment_buffer_sgpr", &[102, 104]),
        ("kernarg_segment_align", &[16]),
        ("group_segment_align", &[16]),
        ("private_segment_align", &[16]),
        ("wavefront_size", &[64, 256]),
        ("call_convention", &[0xffff_ffff]),
        ("runtime_loader_kernel_symbol", &[0]),
        ("group_segment_fixed_size", &[32768]),
        ("private_segment_fixed_size", &[0]),
        ("scratchbuffer", &[0]),
        ("pgmrsrc3", &[0]),
        ("shared_vgprs", &[0]),
    ];
    const FLAGS: [&str; 21] = [
        "privmode",
        "debugmode",
        "dx10clamp",
        "ieeemode",
        "tgsize",
        "use_private_segment_buffer",
        "use_dispatch_ptr",
        "use_queue_ptr",
        "use_kernarg_segment_ptr",
        "use_dispatch_id",
        "use_flat_scratch_init",
        "use_private_segment_size",
        "use_ordered_append_gds",
        "use_ptr64",
        "use_dynamic_call_stack",
        "use_debug_enabled",
        "use_xnack_enabled",
        "default_hsa_features",
        "use_wave32",
        "use_xnack_enabled",
        "use_flat_scratch_init",
    ];
    let mut lines = vec![".config".to_string()];
    for _ in 0..r.below(14) {
        let line = match r.below(10) {
            0..=3 => {
                let (name, limits) = VALUES[r.below(VALUES.len() as u64) as usize];
                format!(".{name} {}", value(r, limits, careful))
            }
            4..=6 => {
                let f = FLAGS[r.below(FLAGS.len() as u64) as usize];
                if r.chance(1, 30) {
                    format!(".{f} 1")
                } else {
                    format!(".{f}")
                }
            }
            7 => match r.below(3) {
                0 => format!(".dims {}", dims(r)),
                1 => format!(".dims {}, {}", dims(r), dims(r)),
                _ => format!(".use_grid_workgroup_count {}", dims(r)),
            },
            8 => {
                let name = ["reserved_vgprs", "reserved_sgprs"][r.below(2) as usize];
                format!(
                    ".{name} {}, {}",
                    value(r, &[0, 100, 255], careful),
                    value(r, &[3, 101, 256], careful)
                )
            }
            _ => match r.below(2) {
                0 => format!(
                    ".codeversion {}, {}",
                    value(r, &[1, 0x10000], careful),
                    value(r, &[2], careful)
                ),
                _ => format!(
                    ".machine {}, {}, {}, {}",
                    value(r, &[1], careful),
                    value(r, &[8, 0x10000], careful),
                    value(r, &[0], careful),
                    value(r, &[3], careful)
                ),
            },
        };
        lines.push(line);
    }
    if r.chance(1, 4) {
        lines.push(".control_directive".into());
        let n = if r.chance(4, 5) { 128 } else { r.below(200) };
        let v = r.below(256);
        lines.push(format!(".fill {n}, 1, {v:#x}"));
        if r.chance(1, 10) {
            lines.push(".sgprsnum 8".into());
        }
    }
    lines
}

/// How clrxasm lays the kernels out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Form {
    /// Code object v2 headers, without and with `.newbinfmt`.
    Old,
    New,
    /// `.llvm10binfmt`: code object v3 descriptors in `.rodata`.
    Llvm10,
}

#[test]
fn random_configs() {
    let Some(clrx) = oracle_here() else { return };
    let mut r = Rng(seed() ^ 0x7273_6331);
    let n = env_n("GCNKIT_CLRX_N", 600);
    let (mut same, mut both_refused, mut messages) = (0, 0, 0);
    let mut per_form: HashMap<Form, (usize, usize)> = HashMap::new();
    for p in PROCESSORS {
        for form in [Form::Old, Form::New, Form::Llvm10] {
            let new_binfmt = form != Form::Old;
            let gpu = Gpu::of_processor(p).unwrap();
            let t = Target::new(gpu, new_binfmt);
            let max_sgpr = if p == "gfx803" { 96 } else { 98 };
            // Each kernel: its config lines, its code's registers, the builder's verdict.
            let mut kernels = Vec::new();
            for k in 0..n / 3 {
                let mut lines = random_config(&mut r);
                if form == Form::Llvm10 {
                    // A control directive is an error of the whole source there.
                    lines.retain(|l| !l.starts_with(".control_directive") && !l.starts_with(".fill"));
                }
                let code = CodeRegs {
                    sgprs: if r.chance(1, 2) { 0 } else { 1 + r.below(max_sgpr) },
                    vgprs: if r.chance(1, 2) { 0 } else { 1 + r.below(256) },
                    // CLRX has FLAT_SCRATCH on GCN 1.1 and 1.2 as such (on GCN 1.4 it counts
                    // it as SGPRs 102-103), XNACK_MASK from GCN 1.2.
                    flat_scratch: matches!(p, "gfx704" | "gfx803") && r.chance(1, 4),
                    xnack_mask: matches!(p, "gfx803" | "gfx900" | "gfx906") && r.chance(1, 4),
                };
                let name = format!("k{k}");
                let mut bl = ConfigBuilder::new(t, &name);
                bl.code_regs(code);
                let mut first_err = None;
                for l in &lines {
                    let (op, args) = split(l);
                    if let Err(e) = bl.set(op, args) {
                        first_err.get_or_insert(e);
                    }
                }
                let verdict = match (first_err, form) {
                    (Some(e), _) => Err(e),
                    // (the code entry offset, bytes 16-23, is the writer's: compared as 0)
                    (None, Form::Llvm10) => bl.finish_descriptor().map(|mut d| {
                        d[16..24].fill(0);
                        d.to_vec()
                    }),
                    (None, _) => bl.finish().map(|h| h.to_vec()),
                };
                kernels.push((name, lines, code, verdict));
            }
            // clrxasm's errors name their lines (or the kernel); it checks the control
            // directive's size only when no line failed, so assemble until it takes the rest.
            let d = temp("cfg");
            let mut clrx_err: HashMap<usize, String> = HashMap::new();
            let got = loop {
                let good: Vec<usize> = (0..kernels.len()).filter(|k| !clrx_err.contains_key(k)).collect();
                if good.is_empty() {
                    break Vec::new();
                }
                let mut src = String::from(".rocm\n");
                gpu.print(&mut src);
                src.push_str(match form {
                    Form::Old => "",
                    Form::New => ".newbinfmt\n",
                    Form::Llvm10 => ".llvm10binfmt\n",
                });
                if form == Form::Llvm10 {
                    src.push_str(&format!(".globaldata\n.fill {}, 1, 0\n", 64 * good.len()));
                }
                let mut owner = HashMap::new();
                for &k in &good {
                    src.push_str(&format!(".kernel {}\n", kernels[k].0));
                    for l in &kernels[k].1 {
                        src.push_str(l);
                        src.push('\n');
                        owner.insert(src.lines().count(), k);
                    }
                }
                src.push_str(".text\n");
                for &k in &good {
                    let (name, _, c, _) = &kernels[k];
                    src.push_str(&format!(".p2align 8\n{name}:\n"));
                    if form != Form::Llvm10 {
                        src.push_str("    .skip 256\n");
                    }
                    if c.sgprs > 0 {
                        src.push_str(&format!("    s_mov_b32 s{}, 0\n", c.sgprs - 1));
                    }
                    if c.vgprs > 0 {
                        src.push_str(&format!("    v_mov_b32 v{}, 0\n", c.vgprs - 1));
                    }
                    if c.flat_scratch {
                        src.push_str("    s_mov_b32 flat_scratch_lo, 0\n");
                    }
                    if c.xnack_mask {
                        src.push_str("    s_mov_b32 xnack_mask_lo, 0\n");
                    }
                    src.push_str("    s_endpgm\n");
                }
                match clrxasm(&clrx, &d, &src) {
                    Ok(out) => {
                        let names: Vec<String> = good.iter().map(|&k| kernels[k].0.clone()).collect();
                        let got: Vec<Vec<u8>> = match form {
                            Form::Llvm10 => descriptors(&out, &names).iter().map(|d| d.to_vec()).collect(),
                            _ => headers(&out, &names).iter().map(|h| h.to_vec()).collect(),
                        };
                        break good.into_iter().zip(got).collect::<Vec<_>>();
                    }
                    Err(e) => {
                        let before = clrx_err.len();
                        for l in e.lines() {
                            let Some((pos, msg)) = l.split_once(": Error: ") else {
                                continue;
                            };
                            let k = pos
                                .split(':')
                                .nth(1)
                                .and_then(|n| n.parse::<usize>().ok())
                                .and_then(|n| owner.get(&n).copied())
                                .or_else(|| kernels.iter().position(|x| msg.contains(&format!("kernel '{}'", x.0))));
                            let k = k.unwrap_or_else(|| panic!("{p}: an error of no kernel: {l}\n{src}"));
                            clrx_err.entry(k).or_insert_with(|| msg.to_string());
                        }
                        assert!(
                            clrx_err.len() > before,
                            "{p}: clrxasm failed with no kernel's error:\n{e}"
                        );
                    }
                }
            };
            let _ = std::fs::remove_dir_all(&d);
            let mut got: HashMap<usize, Vec<u8>> = got.into_iter().collect();
            for (k, (name, lines, code, verdict)) in kernels.iter().enumerate() {
                let ctx = || format!("{p} {form:?} {name} {code:?}:\n{}", lines.join("\n"));
                match (clrx_err.get(&k), verdict) {
                    (None, Ok(h)) => {
                        let g = got.remove(&k).unwrap();
                        assert_eq!(&g, h, "header differs: {}", ctx());
                        same += 1;
                        per_form.entry(form).or_default().0 += 1;
                    }
                    (Some(e), Err(m)) => {
                        both_refused += 1;
                        per_form.entry(form).or_default().1 += 1;
                        messages += (e == m) as usize;
                        // clrxasm's first message for the kernel, when the builder knows it.
                        if !m.contains("not supported") && !m.contains("kernel metadata") {
                            assert_eq!(e, m, "messages differ: {}", ctx());
                        }
                    }
                    (None, Err(m)) => panic!("clrxasm took it, ConfigBuilder said {m}: {}", ctx()),
                    (Some(e), Ok(_)) => panic!("clrxasm said {e}, ConfigBuilder took it: {}", ctx()),
                }
            }
        }
    }
    eprintln!("random configs: {same} same headers, {both_refused} refused by both ({messages} with the same message)");
    eprintln!("  (same, refused) per form: {per_form:?}");
    for form in [Form::Old, Form::New, Form::Llvm10] {
        let (same, refused) = per_form.get(&form).copied().unwrap_or_default();
        assert!(same > 0 && refused > 0, "{form:?}: {same} same, {refused} refused");
    }
}

/// A whole CLRX source for code object v3 (`.llvm10binfmt`): the kernels' descriptor texts
/// (from `print_descriptor_config`), 64 bytes of `.globaldata` per kernel (clrxasm writes the
/// k-th kernel's descriptor at 64*k of it and names it `NAME.kd`), and each kernel's code:
/// `s_endpgm` and 63 more (clrxdisasm takes a kernel only with 256 bytes of code after it).
/// `.eflags` keeps the ELF's flags (clrxasm writes 51, GFX1010's, otherwise).
fn v3_source(gpu: &Gpu, eflags: u32, kernels: &[(String, String)]) -> String {
    let mut s = String::from(".rocm\n");
    gpu.print(&mut s);
    s.push_str(&format!(".eflags {eflags}\n.llvm10binfmt\n.metadatav3\n"));
    s.push_str(&format!(".globaldata\n.fill {}, 1, 0\n", 64 * kernels.len()));
    for (name, text) in kernels {
        s.push_str(&format!(".kernel {name}\n{text}"));
    }
    s.push_str(".text\n");
    for (name, _) in kernels {
        s.push_str(&format!(
            ".p2align 8\n{name}:\n    s_endpgm\n    .fill 63, 4, 0xbf810000\n"
        ));
    }
    s
}

#[test]
fn corpus_descriptors() {
    let Some(clrx) = oracle_here() else { return };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/codeobj");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy().to_string();
            (n.contains(".v3.") || n.contains(".v4.")) && (n.ends_with(".o") || n.ends_with(".hsaco"))
        })
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let (mut total, mut same, mut same_cleared) = (0, 0, 0);
    let mut refused: Vec<String> = Vec::new();
    for f in &files {
        let what = f.file_name().unwrap().to_string_lossy().to_string();
        let data = std::fs::read(f).unwrap();
        let co = gcnkit::codeobj::read(&data).unwrap();
        let gpu = Gpu::of_processor(co.processor).unwrap();
        let t = Target::new(gpu, true);
        assert!(!co.descriptors.is_empty(), "{what}: no descriptors");
        // (name, text, the bytes it stands for, kernarg_size cleared)
        let mut kernels = Vec::new();
        for d in &co.descriptors {
            total += 1;
            let mut text = String::new();
            match print_descriptor_config(&d.bytes, &t, &mut text) {
                Ok(()) => kernels.push((d.kernel.clone(), text, d.bytes, false)),
                Err(e) => {
                    refused.push(format!("{what} {}: {e}", d.kernel));
                    // What CLRX can carry of it: the same without kernarg_size.
                    let mut b = d.bytes;
                    b[8..12].fill(0);
                    let mut text = String::new();
                    if print_descriptor_config(&b, &t, &mut text).is_ok() {
                        kernels.push((d.kernel.clone(), text, b, true));
                    }
                }
            }
        }
        if kernels.is_empty() {
            continue;
        }
        let named: Vec<(String, String)> = kernels.iter().map(|k| (k.0.clone(), k.1.clone())).collect();
        let src = v3_source(&gpu, co.flags, &named);
        let tmp = temp("kd");
        let out = clrxasm(&clrx, &tmp, &src).unwrap_or_else(|e| panic!("{what}: clrxasm refused:\n{e}\n{src}"));
        let names: Vec<String> = kernels.iter().map(|k| k.0.clone()).collect();
        let got = descriptors(&out, &names);
        for ((name, text, want, cleared), g) in kernels.iter().zip(&got) {
            let mut want = *want;
            want[16..24].fill(0);
            assert_eq!(g, &want, "{what} {name}: clrxasm's descriptor differs\n{text}");
            if *cleared {
                same_cleared += 1;
            } else {
                same += 1;
            }
        }
        let _ = std::fs::remove_dir_all(&tmp);
    }
    eprintln!(
        "corpus: {same} of {total} v3/v4 descriptors printed and rebuilt by clrxasm (but bytes 16-23); \
         {same_cleared} more with kernarg_size (bytes 8-11) cleared"
    );
    for r in &refused {
        eprintln!("  not printable: {r}");
    }
    assert_eq!(same + refused.len(), total);
    assert_eq!(
        same + same_cleared,
        total,
        "some descriptors CLRX cannot carry even without kernarg_size"
    );
}
