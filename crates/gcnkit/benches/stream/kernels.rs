//! The real mixed stream: the clang-14 kernels of `tests/data/kernels/` (31 kernels, 11
//! OpenCL files, every instruction class clang emits), concatenated kernel after kernel and
//! repeated until the stream has at least `n` instructions. Shared by `examples/gen_stream.rs`
//! (the binary and llvm-mc input of `scripts/bench-disasm.sh`), `examples/gen_source.rs`
//! (the assembler sources of `scripts/bench-asm.sh`) and the criterion benches.
//!
//! - Only the kernels' own instructions: the `s_nop 0` padding between kernels is left out.
//! - Whole kernels only, in the order of `kernels.tsv`, cycling: the stream ends after the
//!   kernel that reaches `n` instructions. Branches are PC-relative and stay inside their
//!   kernel, so every copy of a kernel has the same words.
//! - Assembler source: clang's lines of each kernel body (`NAME.MCPU.body.tsv`), its labels
//!   renamed per copy (`.LBB0_2` becomes `.LBB0_2_f3c17`: file 3, copy 17), so the whole
//!   stream is one consistent file.
//! - The classes gcnkit's assembler took last (memory: DS, MUBUF, MTBUF, MIMG,
//!   FLAT/GLOBAL/SCRATCH; and SDWA, DPP, VOP3P, VINTRP, EXP) are the "memory classes": in a
//!   source they are written as instructions, as data (`.long`/`.int`, the words) or dropped,
//!   as the caller asks ([`Mem`]).

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use gcnkit::syntax::Syntax;
use gcnkit::Arch;

/// The corpus directory in this crate.
pub fn default_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/kernels"))
}

/// gcnkit's arch for one of the corpus' MCPU names.
pub fn arch_of(mcpu: &str) -> Option<Arch> {
    Some(match mcpu {
        "tahiti" => Arch::Gcn10,
        "bonaire" => Arch::Gcn11,
        "fiji" => Arch::Gcn12,
        "gfx900" => Arch::Gcn14,
        _ => return None,
    })
}

/// The classes gcnkit assembled first (part 1); any other class is a memory ("data") class,
/// which a source writes as [`Mem`] says.
pub const ASM_CLASSES: &[&str] = &[
    "SOP1", "SOP2", "SOPK", "SOPC", "SOPP", "SMRD", "SMEM", "VOP1", "VOP2", "VOPC", "VOP3",
];

pub fn is_data_class(class: &str) -> bool {
    !ASM_CLASSES.contains(&class)
}

/// One instruction of a kernel.
#[derive(Clone, Debug)]
pub struct KInstr {
    /// `.text` offset.
    pub offset: u32,
    pub class: String,
    pub words: Vec<u32>,
    /// Clang's text (`-` if the body has no line at this offset: never, checked).
    pub text: String,
    /// A branch (its text names a label).
    pub branch: bool,
}

/// One line of a kernel body: a label or an instruction (index into `instrs`).
#[derive(Clone, Debug)]
pub enum Line {
    Label(String),
    Instr(usize),
}

#[derive(Clone, Debug)]
pub struct Kernel {
    /// Index of its file among the corpus' files (for label renaming).
    pub file: usize,
    pub file_name: String,
    pub name: String,
    pub instrs: Vec<KInstr>,
    pub lines: Vec<Line>,
}

impl Kernel {
    pub fn words(&self) -> usize {
        self.instrs.iter().map(|i| i.words.len()).sum()
    }
}

fn read_tsv(path: &Path) -> Result<Vec<Vec<String>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect())
}

fn hex(s: &str, what: &str) -> Result<u32, String> {
    u32::from_str_radix(s, 16).map_err(|e| format!("{what}: {s:?}: {e}"))
}

/// One kernel file's rows: clang's text rows by offset, and its body rows.
type FileRows = (BTreeMap<u32, Vec<String>>, Vec<Vec<String>>);

/// The kernels of `mcpu` in `dir`, in `kernels.tsv`'s order, with their instructions (words,
/// class, clang's text) and body lines.
pub fn load(dir: &Path, mcpu: &str) -> Result<Vec<Kernel>, String> {
    let index = read_tsv(&dir.join("kernels.tsv"))?;
    let mut files: Vec<String> = Vec::new();
    let mut out = Vec::new();
    // Per file: text rows by offset, body rows.
    let mut cache: BTreeMap<String, FileRows> = BTreeMap::new();
    for row in index.iter().filter(|r| r.len() >= 5 && r[1] == mcpu) {
        let (file, name) = (&row[0], &row[2]);
        let (start, size) = (hex(&row[3], "offset")?, hex(&row[4], "size")?);
        if !cache.contains_key(file) {
            let text = read_tsv(&dir.join(format!("{file}.{mcpu}.text.tsv")))?;
            let mut by_off = BTreeMap::new();
            for r in text {
                by_off.insert(hex(&r[0], "text offset")?, r);
            }
            let body = read_tsv(&dir.join(format!("{file}.{mcpu}.body.tsv")))?;
            cache.insert(file.clone(), (by_off, body));
            files.push(file.clone());
        }
        let fidx = files.iter().position(|f| f == file).unwrap();
        let (text, body) = &cache[file];
        let mut k = Kernel {
            file: fidx,
            file_name: file.clone(),
            name: name.clone(),
            instrs: Vec::new(),
            lines: Vec::new(),
        };
        let mut at_off = BTreeMap::new();
        for (off, r) in text.range(start..start + size) {
            let words = r[2].split(' ').map(|w| hex(w, "word")).collect::<Result<Vec<_>, _>>()?;
            at_off.insert(*off, k.instrs.len());
            k.instrs.push(KInstr {
                offset: *off,
                class: r[1].clone(),
                words,
                text: "-".into(),
                branch: r[3] != "-",
            });
        }
        for r in body.iter().filter(|r| &r[0] == name) {
            let t = &r[3];
            if let Some(l) = t.strip_suffix(':') {
                k.lines.push(Line::Label(l.to_owned()));
            } else {
                let off = hex(&r[2], "body offset")?;
                let &ix = at_off
                    .get(&off)
                    .ok_or_else(|| format!("{file}.{mcpu}: {name}: no instruction at {off:x}"))?;
                k.instrs[ix].text = t.clone();
                k.lines.push(Line::Instr(ix));
            }
        }
        if let Some(i) = k.instrs.iter().find(|i| i.text == "-") {
            return Err(format!("{file}.{mcpu}: {name}: no body line at {:x}", i.offset));
        }
        // Body lines in the order of the instructions.
        let order: Vec<usize> = k
            .lines
            .iter()
            .filter_map(|l| match l {
                Line::Instr(i) => Some(*i),
                Line::Label(_) => None,
            })
            .collect();
        if order != (0..k.instrs.len()).collect::<Vec<_>>() {
            return Err(format!("{file}.{mcpu}: {name}: body lines out of order"));
        }
        out.push(k);
    }
    if out.is_empty() {
        return Err(format!("no kernels for {mcpu:?} in {}", dir.display()));
    }
    Ok(out)
}

/// The stream's kernel instances: `(kernel index, copy)`, cycling through the kernels until
/// at least `n` instructions.
pub fn plan(kernels: &[Kernel], n: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut count = 0;
    let mut copy = 0;
    'outer: loop {
        for (k, kern) in kernels.iter().enumerate() {
            if count >= n {
                break 'outer;
            }
            out.push((k, copy));
            count += kern.instrs.len();
        }
        copy += 1;
    }
    out
}

/// The stream's instructions, in order.
pub fn instrs<'a>(kernels: &'a [Kernel], plan: &'a [(usize, usize)]) -> impl Iterator<Item = &'a KInstr> + 'a {
    plan.iter().flat_map(move |&(k, _)| kernels[k].instrs.iter())
}

/// The stream's words.
pub fn words(kernels: &[Kernel], plan: &[(usize, usize)]) -> Vec<u32> {
    instrs(kernels, plan).flat_map(|i| i.words.iter().copied()).collect()
}

/// Instruction count per class, for the report.
pub fn class_counts(kernels: &[Kernel], plan: &[(usize, usize)]) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for i in instrs(kernels, plan) {
        *m.entry(i.class.clone()).or_default() += 1;
    }
    m
}

/// One line: `class:percent` pairs, the biggest first.
pub fn class_summary(counts: &BTreeMap<String, usize>) -> String {
    let total: usize = counts.values().sum();
    let mut v: Vec<_> = counts.iter().collect();
    v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    v.iter()
        .map(|(c, n)| format!("{c} {:.1}%", 100.0 * **n as f64 / total as f64))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a source does with the memory classes' instructions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mem {
    /// As instructions, like every other class (clang's lines, gcnkit's CLRX disassembly):
    /// every tool assembles them.
    Instr,
    /// Their words as data (`.long 0x..., 0x...`): the source assembles to the stream's words.
    Data,
    /// Left out: the source has only the classes gcnkit assembles.
    Drop,
}

/// `label` renamed for file `file`, copy `copy`.
pub fn rename(out: &mut String, label: &str, file: usize, copy: usize) {
    use std::fmt::Write as _;
    let _ = write!(out, "{label}_f{file}c{copy}");
}

/// Appends `text` with every `.LBB…` label renamed for (file, copy).
pub fn rename_labels(out: &mut String, text: &str, file: usize, copy: usize) {
    let mut rest = text;
    while let Some(p) = rest.find(".LBB") {
        out.push_str(&rest[..p]);
        let tail = &rest[p..];
        let end = tail[1..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'))
            .map_or(tail.len(), |e| e + 1);
        rename(out, &tail[..end], file, copy);
        rest = &tail[end..];
    }
    out.push_str(rest);
}

/// Appends the data line of `words` (`.long 0xd81a0000, 0x201`: what gcnkit's LLVM printer
/// writes; llvm-mc, clrxasm and gcnkit read it).
pub fn data_line(out: &mut String, words: &[u32]) {
    data_line_with(out, ".long ", words)
}

/// Appends `directive` and `words` as hex, comma separated (`.int 0x...` in CLRX text).
pub fn data_line_with(out: &mut String, directive: &str, words: &[u32]) {
    use std::fmt::Write as _;
    out.push_str(directive);
    for (k, w) in words.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "0x{w:x}");
    }
}

/// Counts of a kernels-mode source.
#[derive(Default, Debug)]
pub struct Stats {
    pub instructions: usize,
    pub lines: usize,
    pub instr_lines: usize,
    pub data_lines: usize,
    pub dropped: usize,
    pub rejected: usize,
}

/// The stream of `plan` as source in `syntax` (see `examples/gen_source.rs`):
/// - `Llvm`: clang's lines of each kernel body, labels renamed per copy; a line of an
///   assembled class that gcnkit does not assemble alone to its words (branches are not
///   checked alone: they name labels) becomes a data line, counted as `rejected` (printed to
///   stderr with `debug`);
/// - `Clrx`: gcnkit's CLRX disassembly of the stream's words, label lines at branch targets;
///
/// and the memory classes as instructions, data lines or dropped, as `mem` says.
pub fn source(
    ks: &[Kernel],
    plan: &[(usize, usize)],
    arch: Arch,
    syntax: Syntax,
    mem: Mem,
    debug: bool,
) -> (String, Stats) {
    let mut st = Stats::default();
    let mut out = String::with_capacity(plan.len() * 64 * 40);
    match syntax {
        Syntax::Llvm => {
            // Which lines of each kernel gcnkit assembles alone to their words (checked once
            // per kernel: copies are the same text but for label names).
            let ok: Vec<Vec<bool>> = ks
                .iter()
                .map(|k| {
                    k.instrs
                        .iter()
                        .map(|i| {
                            if (is_data_class(&i.class) && mem != Mem::Instr) || i.branch {
                                return true;
                            }
                            let r = gcnkit::asm::assemble_one(arch, gcnkit::asm::Dialect::Llvm, &i.text);
                            let good = matches!(&r, Ok(w) if *w == i.words);
                            if !good && debug {
                                match r {
                                    Ok(w) => eprintln!("MISMATCH {} :: {:08x?} vs {:08x?}", i.text, w, i.words),
                                    Err(d) => eprintln!(
                                        "ERROR {} :: {}",
                                        i.text,
                                        d.first().map(|d| d.message.as_str()).unwrap_or("")
                                    ),
                                }
                            }
                            good
                        })
                        .collect()
                })
                .collect();
            for &(k, copy) in plan {
                let kern = &ks[k];
                for line in &kern.lines {
                    match line {
                        Line::Label(l) => {
                            rename(&mut out, l, kern.file, copy);
                            out.push_str(":\n");
                            st.lines += 1;
                        }
                        Line::Instr(ix) => {
                            let i = &kern.instrs[*ix];
                            st.instructions += 1;
                            if !ok[k][*ix] {
                                st.rejected += 1;
                                data_line(&mut out, &i.words);
                                st.data_lines += 1;
                            } else if is_data_class(&i.class) && mem != Mem::Instr {
                                if mem == Mem::Drop {
                                    st.dropped += 1;
                                    continue;
                                }
                                data_line(&mut out, &i.words);
                                st.data_lines += 1;
                            } else {
                                rename_labels(&mut out, &i.text, kern.file, copy);
                                st.instr_lines += 1;
                            }
                            out.push('\n');
                            st.lines += 1;
                        }
                    }
                }
            }
        }
        Syntax::Clrx => {
            // gcnkit's disassembly, as `disasm::disassemble` prints it (label lines at branch
            // targets), instruction by instruction so that data classes can be dropped.
            let words = words(ks, plan);
            let labels = gcnkit::syntax::Labels::of(arch, &words, 0);
            let mut pos = 0;
            for i in instrs(ks, plan) {
                let offset = pos * 4;
                let d = gcnkit::decode::decode(arch, &words[pos..]).expect("kernel words decode");
                assert_eq!(d.len as usize, i.words.len(), "instruction length at {offset:#x}");
                pos += i.words.len();
                st.instructions += 1;
                if labels.has(offset as i64) {
                    gcnkit::syntax::label_name(&mut out, offset as i64);
                    out.push_str(":\n");
                    st.lines += 1;
                }
                if is_data_class(&i.class) && mem == Mem::Drop {
                    st.dropped += 1;
                    continue;
                }
                let at = gcnkit::syntax::At {
                    offset,
                    labels: Some(&labels),
                };
                let start = out.len();
                if is_data_class(&i.class) && mem == Mem::Data {
                    data_line_with(&mut out, ".int ", &i.words);
                } else {
                    gcnkit::syntax::print_at(&mut out, &d, Syntax::Clrx, &at);
                }
                if out[start..].starts_with(".int") || out[start..].starts_with(".long") {
                    st.data_lines += 1;
                } else {
                    st.instr_lines += 1;
                }
                out.push('\n');
                st.lines += 1;
            }
        }
    }
    (out, st)
}
