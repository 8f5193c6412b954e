//! CLRX's ROCm form of a code object v2 source: `.rocm`, `.gpu`, `.arch_minor`,
//! `.arch_stepping`, `.newbinfmt`, and per kernel `.kernel NAME`, `.config` with its
//! pseudo-ops and `.control_directive` data; in `.text` each kernel's label is followed by
//! `.skip 256`, the room of its header. At the end each kernel's lines are built into its
//! 256-byte `amd_kernel_code_t` as clrxasm builds it ([`crate::codeobj::clrx_config`]), which
//! fills that room; the object gets the v2 notes clrxasm writes (code object version 2.1 and
//! the ISA version) and the metadata it generates from the metadata pseudo-ops
//! ([`super::rocm_md`]). `.kcode`/`.kcodeend` choose the kernels the code's registers count
//! for; `.gotsym` adds GOT entries.
//!
//! # Expressions over two sections
//!
//! clrxasm resolves expressions that combine addresses of different sections of a ROCm object
//! against the file's layout (its "section differences"; found with clrxasm 0.1.9, small
//! hand-made sources, and CLRX's `AsmROCmFormat.cpp`/`AsmExpression.cpp` read for the facts):
//! - the code (`.text`), the global data (`.globaldata`, the file's `.rodata`) and the GOT
//!   (`.gotsym`'s entries, `.got`; `.gotsym SYMBOL, OUTSYMBOL` sets OUTSYMBOL to its entry's
//!   address, 8 bytes an entry) are one address space: an address there is the section's
//!   offset in the file (every address of the file is its offset) plus the place in it. The
//!   source's other sections (`.data`, `.section NAME`) are not: their labels are numbers;
//!   `.nosectdiffs` leaves the code alone in it (no expression waits for the layout then; the
//!   global data and the GOT opened after it have numbers for addresses, those opened before
//!   keep addresses of their own);
//! - `.` is an address like a label's (in a list of data values each value's own place);
//! - data values (`.byte` ... `.quad`), assignments (`=`, `.set`, `.equ`, `.equiv`) and an
//!   instruction's literal put off, until the layout is known, an expression whose result is
//!   neither a number nor one address plus a number (`g - k`), and one that applies to an
//!   address `*` as the right operand, `<<` as the count, any of `/ // % %% >> >>> & | ^ !
//!   && ||` or a comparison (even of two labels of one section, even `l & 0`), or `?:` as
//!   the condition; `+`, `-`, unary `-`, `~` never; logical `!` of an address is an error at
//!   once. Such a literal is always a 32-bit literal, never an inline constant. An
//!   expression that waits for a symbol defined later is read by the same rules then;
//! - any other place reads its expression at once by the plain rules: two sections'
//!   addresses in a 16-bit immediate, an SMEM offset, a modifier, `.if`, `.fill` are errors
//!   ("Only one relative=1 (section) can be result of expression"), a comparison of labels
//!   of one section a number;
//! - at the end every address of the space is read relative to its first section (the
//!   global data if there is any, else the code), with the plain rules: data and literals
//!   must come out numbers ("Relative value is illegal in data expressions"), an assignment
//!   that comes out an address keeps it in the section it falls in (the last one starting at
//!   or before it). The other symbols keep the values the statement saw.
//!
//! gcnkit keeps such an expression as a value waiting for [`super::expr::FILE_ADDRESSES`]
//! ([`super::expr::SectDiffs`]); [`Assembler::finish_rocm`] lays the file out
//! ([`crate::codeobj::clrx_rocm::addresses`], which depends on the parts' sizes only),
//! evaluates them and writes the file with their words. clrxasm's other formats (`.amd`,
//! `.amdcl2`, `.gallium`, raw code) have no such space: there these expressions are errors
//! in both.

use super::parse::PErr;
use super::rocm_md::{self, MdPlace};
use super::Assembler;
use crate::codeobj::clrx_config::{CodeRegs, ConfigBuilder, Device, Gpu, Target};
use crate::codeobj::clrx_rocm::RocmSymbol;
use crate::codeobj::clrx_rocm_md::{KernelMd, RocmMd};
use crate::codeobj::{akc, metadata::V2Directive};
use crate::operand::{classify, Special, Src};

/// The ROCm lines of a source, kept until the end.
#[derive(Default)]
pub(super) struct Rocm {
    /// `.nosectdiffs`: no section differences (expressions over two sections are errors at
    /// once); with it the global data's and the GOT's addresses are numbers (offsets in
    /// them) when those sections came after it (clrxasm fixes a section's kind when it opens
    /// it): (global data, GOT).
    pub no_sect_diffs: Option<(bool, bool)>,
    gpu: Option<String>,
    arch_minor: Option<u32>,
    arch_stepping: Option<u32>,
    new_binfmt: bool,
    /// `.llvm10binfmt`: code object v3 (descriptors in `.globaldata`, no headers in `.text`).
    llvm10: bool,
    /// `.metadatav3`: MessagePack metadata (an `.arg`'s alignment field is its offset).
    metadata_v3: bool,
    /// `.eflags`: the ELF flags as given.
    eflags: Option<u32>,
    kernels: Vec<RocmKernel>,
    /// The kernel whose `.config` is open.
    open: Option<usize>,
    /// `.target "TEXT"`, `.tripple "TEXT"`: the target note.
    target: Option<String>,
    tripple: Option<String>,
    /// `.md_version` and `.printf` (each kernel's metadata lines are its own).
    md: RocmMd,
    /// A metadata pseudo-op was taken: clrxasm generates the metadata note from them.
    md_used: bool,
    /// `.metadata` opened its section (then the metadata pseudo-ops are refused).
    metadata_section: bool,
    /// After `.control_directive` in an open `.config` (until `.config`).
    in_control: bool,
    /// The kernel whose config section is clrxasm's current section (after `.kernel NAME`
    /// or `.config`, until another section): where its metadata lines go.
    section_kernel: Option<usize>,
    /// `.kcode`/`.kcodeend`.
    kcode: Kcode,
    /// `.gotsym SYMBOL`: the GOT's entries (line, source).
    got: Vec<(String, usize, String)>,
    /// The kernels the source made `.global` (the end of the source makes every kernel
    /// global; clrxasm's `.gotsym` wants a kernel's own `.global`).
    declared_global: Vec<String>,
    /// The sections `.section NAME, "FLAGS", @TYPE align=N` opened: name, ELF type, flags,
    /// alignment (the first opening's; clrxasm ignores them after).
    extra: Vec<(String, u32, u64, u64)>,
}

struct RocmKernel {
    name: String,
    line: usize,
    source: String,
    /// Its config lines: pseudo-op, arguments, line, source.
    lines: Vec<(String, String, usize, String)>,
    /// `.fkernel`: a function kernel.
    function: bool,
    md: KernelMd,
}

/// Directives that end a kernel's config (they switch to another part of the source).
const ENDS_CONFIG: [&str; 7] = [
    ".text",
    ".kernel",
    ".rodata",
    ".data",
    ".section",
    ".globaldata",
    ".metadata",
];

/// The data section that holds `.metadata`'s bytes until the end (they become the note).
const METADATA: &str = ".clrx.metadata";

/// CLRX's `.kcode KERNEL, ...`/`.kcodeend` (ROCm and Gallium sources): the kernels the code
/// between counts for, in clrxasm's register counts.
#[derive(Default)]
pub(super) struct Kcode {
    /// The selections open (innermost last).
    stack: Vec<Vec<usize>>,
    /// Where the code's kernels change: from item index on, the selection (None: the kernel
    /// whose label precedes the code).
    events: Vec<(usize, Option<Vec<usize>>)>,
    /// For each event, how many labels were defined before it (a kernel's label inside
    /// `.kcode` does not make the code after `.kcodeend` its own).
    labels: Vec<usize>,
}

impl Kcode {
    /// Where the code's kernels change: item index, the selection from there on.
    pub(super) fn events(&self) -> &[(usize, Option<Vec<usize>>)] {
        &self.events
    }

    /// `.kcode KERNEL, -KERNEL, +...` and `.kcodeend`: the kernels the code that follows
    /// counts for (clrxasm's errors; `kernels`: their names in `.kernel` order; `at`: the next item's index).
    pub(super) fn line(
        &mut self,
        name: &str,
        rest: &str,
        kernels: &[&str],
        in_code: bool,
        at: usize,
        labels_defined: usize,
    ) -> Result<(), String> {
        let r = self.line_in(name, rest, kernels, in_code, at);
        self.labels.resize(self.events.len(), labels_defined);
        r
    }

    fn line_in(&mut self, name: &str, rest: &str, kernels: &[&str], in_code: bool, at: usize) -> Result<(), String> {
        if name == ".kcodeend" {
            if !in_code {
                return Err("KCodeEnd outside code".into());
            }
            if self.stack.pop().is_none() {
                return Err("'.kcodeend' without '.kcode'".into());
            }
            if !rest.trim().is_empty() {
                return Err("Garbages at end of line".into());
            }
            self.events.push((at, self.stack.last().cloned()));
            return Ok(());
        }
        if rest.trim().is_empty() {
            return Ok(());
        }
        let mut sel: Vec<usize> = self.stack.last().cloned().unwrap_or_default();
        let items: Vec<&str> = rest.split(',').map(str::trim).collect();
        for (n, &item) in items.iter().enumerate() {
            // `+` alone (the last item): every kernel.
            if item == "+" && n + 1 == items.len() {
                sel = (0..kernels.len()).collect();
                continue;
            }
            let (remove, n) = match item.strip_prefix('-') {
                Some(n) => (true, n.trim()),
                None => (false, item.strip_prefix('+').unwrap_or(item).trim()),
            };
            let ok = n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '.')
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
            if !ok {
                return Err(if n.is_empty() {
                    "Expected kernel".into()
                } else {
                    "Some garbages at kernel place".into()
                });
            }
            let Some(k) = kernels.iter().position(|k| *k == n) else {
                return Err("Kernel not found".into());
            };
            sel.retain(|&x| x != k);
            if !remove {
                sel.push(k);
            }
        }
        if !in_code {
            return Err("KCode outside code".into());
        }
        sel.sort_unstable();
        self.stack.push(sel.clone());
        self.events.push((at, Some(sel)));
        Ok(())
    }
}

impl Rocm {
    /// A metadata line (`op` without its dot): clrxasm's checks of its place, then its value.
    fn md_line(&mut self, place: MdPlace, op: &str, rest: &str, max_sgprs: u64) -> Result<(), String> {
        const SECTION: &str = "Metadata config can't be defined if metadata section exists";
        if let MdPlace::Source = place {
            if self.metadata_section {
                return Err(SECTION.into());
            }
            if op == "md_version" {
                self.md.version = Some(rocm_md::version(rest)?);
                return Ok(());
            }
            let p = rocm_md::printf(rest)?;
            if p.id.is_some() && self.md.printfs.iter().any(|q| q.id == p.id) {
                return Err("Duplicate of printf id".into());
            }
            self.md.printfs.push(p);
            return Ok(());
        }
        let k = match self.section_kernel {
            Some(k) if !self.in_control => k,
            _ => return Err("Illegal place of configuration pseudo-op".into()),
        };
        if let MdPlace::Kernel = place {
            if self.metadata_section {
                return Err(SECTION.into());
            }
        }
        rocm_md::kernel_line(&mut self.kernels[k].md, op, rest, max_sgprs, self.metadata_v3)
    }

    /// Whether clrxasm generates the metadata note: a metadata pseudo-op was given, or
    /// `.newbinfmt` without a `.metadata` section.
    fn generates_metadata(&self) -> bool {
        self.md_used || (self.new_binfmt && !self.metadata_section)
    }
}

impl Assembler {
    /// The ROCm directives (and, inside `.config`, every line); returns whether `name` was
    /// taken here. `.gpu` is also the target directive: it is noted and left to the caller.
    pub(super) fn rocm_directive(
        &mut self,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        rest: &str,
    ) -> bool {
        if name == ".rocm" {
            self.obj.rocm.get_or_insert_with(Default::default);
            self.syms.sect_diffs.set(super::expr::SectDiffs::Deferring);
            return true;
        }
        let data_opened = self.sections.iter().any(|s| s.0 == ".rodata");
        let waiting = name == ".nosectdiffs" && (!self.pending.is_empty() || !self.pending_assigns.is_empty());
        let Some(r) = self.obj.rocm.as_mut() else {
            return false;
        };
        if name == ".nosectdiffs" {
            if !rest.trim().is_empty() {
                self.error_at(lineno, src, span, "Garbages at end of line".into());
            } else if waiting {
                // (clrxasm evaluates those put off for the file's addresses at the end only
                // with section differences: it leaves their places as they are; those that
                // wait for a symbol it reads by the rules of where the symbol is defined.)
                let msg = ".nosectdiffs while expressions wait (for a symbol defined later, or the file's addresses, which clrxasm then never writes): gcnkit does not follow clrxasm there yet";
                self.error_at(lineno, src, span, msg.into());
            } else {
                let kinds = r.no_sect_diffs.unwrap_or((!data_opened, r.got.is_empty()));
                r.no_sect_diffs = Some(kinds);
                self.syms.sect_diffs.set(super::expr::SectDiffs::Off);
            }
            return true;
        }
        // A kernel's own line, in or out of its `.config`.
        if name == ".fkernel" {
            match r.section_kernel.map(|k| &mut r.kernels[k]) {
                Some(k) => k.function = true,
                None => self.error_at(
                    lineno,
                    src,
                    span,
                    ".fkernel outside a kernel (after .kernel NAME)".into(),
                ),
            }
            return true;
        }
        if name == ".gotsym" {
            let is_name = |s: &str| {
                s.starts_with(|c: char| c.is_ascii_alphabetic() || "_.$".contains(c))
                    && s.chars().all(|c| c.is_ascii_alphanumeric() || "_.$".contains(c))
            };
            let (sym, target) = match rest.split_once(',') {
                Some((s, t)) => (s.trim(), Some(t.trim())),
                None => (rest.trim(), None),
            };
            if sym == "." {
                self.error_at(lineno, src, span, "Illegal symbol '.'".into());
            } else if !is_name(sym) {
                self.error_at(lineno, src, span, "Expected symbol".into());
            } else if target.is_some_and(|t| !is_name(t) || t == ".") {
                self.error_at(lineno, src, span, "Illegal symbol name".into());
            } else if let Some(t) = target.filter(|t| self.labels.contains_key(*t)) {
                // (clrxasm's check: a label before; an assignment or a label after is taken)
                self.error_at(lineno, src, span, format!("Symbol '{t}' is already defined"));
            } else {
                self.syms.mentions.note(sym);
                if let Some(t) = target {
                    self.syms.mentions.note(t);
                }
                let r = self.obj.rocm.as_mut().unwrap();
                r.got.push((sym.to_string(), lineno, src.to_string()));
                // OUTSYMBOL: the address of the entry in the GOT (8 bytes each), a section of
                // the file's address space (an assignment: a later one or a label replaces it).
                if let Some(t) = target {
                    let at = 8 * (r.got.len() as i64 - 1);
                    // (After `.nosectdiffs` a number, its offset in the GOT.)
                    let got = r.no_sect_diffs.is_none_or(|k| !k.1);
                    self.set_assigned(t, got.then_some(super::expr::GOT_SECTION));
                    self.define(
                        lineno,
                        src,
                        t,
                        super::parse::Sym::Value(super::parse::Value::Int(at)),
                        span.0,
                        span.1,
                    );
                    self.obj.constant(t);
                }
            }
            return true;
        }
        if name == ".kcode" || name == ".kcodeend" {
            // (after `.kernel` or `.config` clrxasm's section is the kernel's config)
            let in_code = self.sections[self.section].0 == ".text" && r.section_kernel.is_none();
            let at = self.items.len();
            let r = self.obj.rocm.as_mut().unwrap();
            let names: Vec<&str> = r.kernels.iter().map(|k| k.name.as_str()).collect();
            let result = r
                .kcode
                .line(name, rest, &names, in_code, at, self.obj.parts.labels.len());
            if let Err(msg) = result {
                self.error_at(lineno, src, span, msg);
            }
            return true;
        }
        if ENDS_CONFIG.contains(&name) {
            r.section_kernel = None;
        }
        let op = name.trim_start_matches('.').to_ascii_lowercase();
        if let Some(place) = super::rocm_md::md_place(&op) {
            let max_sgprs = r
                .gpu
                .as_deref()
                .and_then(Device::find)
                .or_else(|| Gpu::of_processor(self.gfx_processor()).map(|g| g.device))
                .map_or(102, |d| d.max_sgprs());
            let r = self.obj.rocm.as_mut().unwrap();
            match r.md_line(place, &op, rest, max_sgprs) {
                Ok(()) => r.md_used = true,
                Err(msg) => self.error_at(lineno, src, span, msg),
            }
            return true;
        }
        if let Some(k) = r.open {
            match name {
                ".control_directive" => r.in_control = true,
                ".config" => r.in_control = false,
                _ => {}
            }
            if !ENDS_CONFIG.contains(&name) {
                r.kernels[k]
                    .lines
                    .push((name.to_string(), rest.to_string(), lineno, src.to_string()));
                return true;
            }
            r.open = None;
            r.in_control = false;
        }
        let int = |s: &str| s.trim().parse::<u32>().ok();
        match name {
            ".gpu" => {
                r.gpu = Some(rest.trim().to_string());
                return false;
            }
            ".newbinfmt" => r.new_binfmt = true,
            ".llvm10binfmt" => {
                r.llvm10 = true;
                r.new_binfmt = true;
            }
            ".metadatav3" => r.metadata_v3 = true,
            ".eflags" => {
                match rest.trim().parse::<u32>().ok().or_else(|| {
                    u32::from_str_radix(rest.trim().trim_start_matches("0x").trim_start_matches("0X"), 16).ok()
                }) {
                    Some(v) => r.eflags = Some(v),
                    None => self.error_at(lineno, src, span, ".eflags takes a number".into()),
                }
            }
            ".globaldata" => self.switch_section(".rodata"),
            ".section" => match clrx_section(rest) {
                Ok((sec, attrs)) => {
                    let builtin = [".text", ".rodata", ".comment"].contains(&sec.as_str());
                    let known = self.sections.iter().any(|s| s.0 == sec);
                    if !builtin && !known {
                        let (kind, flags, align) = attrs;
                        r.extra.push((sec.clone(), kind, flags, align));
                    }
                    self.switch_section(&sec);
                }
                Err(msg) => self.error_at(lineno, src, span, msg),
            },
            ".target" | ".tripple" => match super::object::parse_strings(rest).filter(|v| v.len() == 1) {
                Some(v) => {
                    let t = String::from_utf8_lossy(&v[0]).into_owned();
                    if name == ".target" {
                        r.target = Some(t);
                    } else {
                        r.tripple = Some(t);
                    }
                }
                None => self.error_at(lineno, src, span, format!("{name} takes one string")),
            },
            ".metadata" if r.md_used => self.error_at(
                lineno,
                src,
                span,
                "Metadata can't be defined if metadata config is already defined".into(),
            ),
            ".metadata" => {
                r.metadata_section = true;
                self.switch_section(METADATA)
            }
            ".arch_minor" | ".arch_stepping" => match int(rest) {
                Some(v) if name == ".arch_minor" => r.arch_minor = Some(v),
                Some(v) => r.arch_stepping = Some(v),
                None => self.error_at(lineno, src, span, format!("{name} takes a number")),
            },
            ".kernel" => {
                let k = rest.trim().to_string();
                if k.is_empty() {
                    self.error_at(lineno, src, span, ".kernel needs the kernel's name".into());
                    return true;
                }
                // A kernel named again is opened again (its config section clrxasm's current
                // one: its `.config` lines go on there).
                let at = match r.kernels.iter().position(|x| x.name == k) {
                    Some(at) => {
                        r.open = Some(at).filter(|&at| !r.kernels[at].lines.is_empty());
                        at
                    }
                    None => {
                        r.kernels.push(RocmKernel {
                            name: k.clone(),
                            line: lineno,
                            source: src.to_string(),
                            lines: Vec::new(),
                            function: false,
                            md: KernelMd::default(),
                        });
                        r.kernels.len() - 1
                    }
                };
                r.section_kernel = Some(at);
                r.in_control = false;
                let a = self.obj.parts.attrs(&k);
                // (global from the end of the source on: `.gotsym` needs a `.global` of its own)
                a.hsa_kernel = true;
            }
            // `.control_directive` right after `.kernel` gives the kernel a config too.
            ".config" | ".control_directive" => match r.section_kernel {
                Some(k) => {
                    if name == ".control_directive" {
                        r.kernels[k]
                            .lines
                            .push((".config".into(), String::new(), lineno, src.to_string()));
                    }
                    r.open = Some(k);
                    r.section_kernel = Some(k);
                    r.in_control = name == ".control_directive";
                    r.kernels[k]
                        .lines
                        .push((name.to_string(), String::new(), lineno, src.to_string()));
                }
                None => self.error_at(
                    lineno,
                    src,
                    span,
                    ".config outside a kernel (after .kernel NAME)".into(),
                ),
            },
            _ => return false,
        }
        true
    }

    /// After each statement of a CLRX source: the order of first mentions matters to `.rocm`'s
    /// GOT and `.amdcl2`'s relocations only: once another format's output has started, it is
    /// not kept.
    pub(super) fn clrx_mentions_kept(&mut self) {
        if self.obj.rocm.is_none()
            && self.syms.mentions.is_on()
            && self.obj.amdcl2.is_none()
            && self.clrx_output_started()
        {
            self.syms.mentions.stop();
        }
    }

    /// The end of a ROCm source: each kernel's header into the room after its label, the
    /// notes and the processor of the object.
    pub(super) fn finish_rocm(&mut self) {
        let Some(mut r) = self.obj.rocm.take() else {
            return;
        };
        for k in &r.kernels {
            let a = self.obj.parts.attrs(&k.name);
            if a.global {
                r.declared_global.push(k.name.clone());
            }
            a.global = true;
        }
        let device = r.gpu.as_deref().and_then(Device::find);
        let gpu = match device {
            Some(device) => Gpu {
                device,
                arch_minor: r.arch_minor,
                arch_stepping: r.arch_stepping,
            },
            None => match Gpu::of_processor(self.gfx_processor()) {
                Some(g) => g,
                None => return,
            },
        };
        let target = Target::new(gpu, r.new_binfmt);
        if r.llvm10 {
            self.llvm10_object(gpu, &r);
        } else {
            self.v2_notes(gpu);
        }
        // Each kernel's register counts and header from its `.config` (the generated
        // metadata's), and with `.llvm10binfmt` its descriptor.
        let n = r.kernels.len();
        let (mut counts, mut headers, mut descriptors) = (vec![None; n], vec![None; n], vec![None; n]);
        for (i, k) in r.kernels.iter().enumerate() {
            let Some(at) = self.kernel_offset(&k.name) else {
                let n = k.source.len();
                self.error_at(
                    k.line,
                    &k.source.clone(),
                    (0, n),
                    format!("kernel {} has no label in .text", k.name),
                );
                continue;
            };
            // Without `.config` clrxasm leaves the header's room as the source has it.
            if k.lines.is_empty() {
                continue;
            }
            let mut b = ConfigBuilder::new(target, &k.name);
            b.code_regs(self.rocm_code_regs(&r, i, at + if r.llvm10 { 0 } else { akc::SIZE }));
            // With generated metadata the kernarg segment's default size is the arguments'
            // (with `.metadatav3` the end of the last one).
            if r.generates_metadata() {
                let size = match (r.metadata_v3, k.md.args.last()) {
                    (true, Some(a)) => a.align.wrapping_add(a.size),
                    (true, None) => 0,
                    (false, _) => k.md.kernarg_size(),
                };
                let _ = b.set(".kernarg_segment_size", &size.to_string());
            }
            for (op, args, line, src) in &k.lines {
                if let Err(msg) = b.set(op, args) {
                    self.error_at(*line, src, (0, src.len()), msg);
                }
            }
            for w in b.warnings() {
                let e = PErr {
                    start: 0,
                    end: k.source.len(),
                    msg: format!("kernel {}: {w}", k.name),
                    help: None,
                };
                self.report(k.line, &k.source.clone(), e, crate::diag::Severity::Warning);
            }
            counts[i] = b.register_counts().ok();
            let built = if r.llvm10 {
                b.finish_descriptor()
                    .map(|d| descriptors[i] = Some(d))
                    .and_then(|_| b.finish())
            } else {
                b.finish()
            };
            match built {
                Ok(header) => {
                    if !r.llvm10 {
                        self.fill_header(at, &header, k);
                    }
                    headers[i] = Some(header);
                }
                Err(msg) => self.error_at(k.line, &k.source.clone(), (0, k.source.len()), msg),
            }
        }
        if r.llvm10 && !self.llvm10_descriptors(&r, &descriptors) {
            return;
        }
        self.rocm_binary(&r, gpu, &counts, &headers);
    }

    /// The v2 notes of gcnkit's own object (code object version 2.1, the ISA version, the
    /// `.metadata` bytes), and its processor.
    fn v2_notes(&mut self, gpu: Gpu) {
        let processor = gpu.processor();
        let (major, minor, stepping) = akc::machine_version(&processor);
        let parts = &mut self.obj.parts;
        parts.processor = Some(processor);
        parts.version = Some(2);
        parts
            .v2_notes
            .push(V2Directive::CodeObjectVersion { major: 2, minor: 1 });
        parts.v2_notes.push(V2Directive::CodeObjectIsa {
            major: major as u32,
            minor: minor as u32,
            stepping: stepping as u32,
            vendor: "AMD".into(),
            arch: "AMDGPU".into(),
        });
        if let Some(k) = self.obj.parts.sections.iter().position(|s| s.name == METADATA) {
            let bytes = self.obj.parts.sections.remove(k).bytes;
            let yaml = String::from_utf8_lossy(&bytes).into_owned();
            self.obj.parts.v2_notes.push(V2Directive::HsaMetadata(yaml));
        }
    }

    /// clrxasm's loadable object of a v2 source ([`crate::codeobj::clrx_rocm`]), for
    /// `--format rocm` in the CLRX dialect.
    fn rocm_binary(&mut self, r: &Rocm, gpu: Gpu, counts: &[Option<(u64, u64)>], headers: &[Option<[u8; akc::SIZE]>]) {
        use crate::codeobj::clrx_rocm::{self, RocmInput, RocmSymbol};
        use crate::codeobj::clrx_rocm_md::{self, MdKernel, MdKernelV3};
        // (the kernels' headers are in `code`: [`Assembler::finish_rocm`] filled them)
        let mut symbols = Vec::new();
        for k in &r.kernels {
            let Some(offset) = self.kernel_offset(&k.name) else {
                return;
            };
            symbols.push(RocmSymbol {
                name: k.name.clone(),
                offset: offset as u64,
                function: k.function,
                object: None,
            });
        }
        // `.section .comment` replaces clrxasm's comment; the other sections clrxasm writes
        // as they are, in the order opened.
        let bytes_of = |name: &str| {
            let sections = &self.obj.parts.sections;
            sections.iter().find(|s| s.name == name).map(|s| s.bytes.clone())
        };
        let comment = bytes_of(".comment");
        let mut extra = Vec::new();
        for (name, _) in &self.sections {
            if [".text", ".rodata", ".comment", METADATA].contains(&name.as_str()) {
                continue;
            }
            let (kind, flags, align) = r
                .extra
                .iter()
                .find(|e| &e.0 == name)
                .map_or((clrx_rocm::SHT_PROGBITS, 0, 1), |e| (e.1, e.2, e.3));
            extra.push(clrx_rocm::ExtraSection {
                name: name.clone(),
                kind,
                flags,
                align,
                bytes: bytes_of(name).unwrap_or_default(),
            });
        }
        // (clrxasm's ELF writer gives an empty note section the size of its notes, and bytes
        // of its own memory)
        if let Some(e) = extra
            .iter()
            .find(|e| e.kind == clrx_rocm::SHT_NOTE && e.bytes.is_empty())
        {
            let (line, src) = r
                .kernels
                .first()
                .map_or((1, String::new()), |k| (k.line, k.source.clone()));
            let msg = format!(
                "section {}: an empty @note section, which clrxasm fills with bytes of its own memory",
                e.name
            );
            return self.error_at(line, &src, (0, src.len()), msg);
        }
        let extra_names: Vec<&str> = extra.iter().map(|e| e.name.as_str()).collect();
        let Some((symbols_all, got)) = self.rocm_got(r, &symbols, &extra_names) else {
            return;
        };
        let mut code = Vec::new();
        for it in &self.items {
            code.resize(it.offset as usize, 0);
            it.push_bytes(&mut code);
        }
        // Every kernel, `.config` or not, has its header's room (clrxasm's check).
        for (k, s) in r.kernels.iter().zip(&symbols).filter(|_| !r.llvm10) {
            if code.len() < s.offset as usize + akc::SIZE {
                let msg = format!("Code for kernel '{}' is too small for configuration", k.name);
                return self.error_at(k.line, &k.source.clone(), (0, k.source.len()), msg);
            }
        }
        let isa = gpu.rocm_note();
        let target = r.target.clone().or_else(|| {
            r.tripple
                .as_ref()
                .map(|t| format!("{t}-gfx{}{}{}", isa.0, isa.1, isa.2))
        });
        let metadata = match r.llvm10 {
            true => self.obj.parts.metadata.clone(),
            false => self.obj.parts.v2_notes.iter().find_map(|d| match d {
                V2Directive::HsaMetadata(y) => Some(y.clone().into_bytes()),
                _ => None,
            }),
        };
        // (an empty `.globaldata` is an empty `.rodata` to clrxasm)
        let global_data = self
            .binary_global_data()
            .or_else(|| self.sections.iter().any(|s| s.0 == ".rodata").then(Vec::new));
        // The code properties of each kernel's header, a `.config` kernel's built (clrxasm
        // reads a kernel's first 256 bytes as its header, with `.llvm10binfmt` too).
        let props: Vec<_> = symbols
            .iter()
            .zip(counts)
            .zip(headers)
            .map(|((s, c), h)| match h {
                Some(h) => clrx_rocm::header_code_props(h, Some(c.unwrap_or_default())),
                None => clrx_rocm::header_code_props(code.get(s.offset as usize..).unwrap_or(&[]), None),
            })
            .collect();
        // The metadata pseudo-ops (or `.newbinfmt` without `.metadata`): clrxasm generates
        // the metadata, which wins over `.metadata`'s bytes.
        let metadata = if r.generates_metadata() && r.metadata_v3 {
            // (the k-th kernel's group and private segment sizes from the k-th 64 bytes of the
            // global data: its descriptor with `.llvm10binfmt`)
            let data = global_data.clone().unwrap_or_default();
            if data.len() < r.kernels.len() * 64 {
                let (line, src) = r
                    .kernels
                    .last()
                    .map_or((1, String::new()), |k| (k.line, k.source.clone()));
                let msg = "with .metadatav3 each kernel needs 64 bytes of global data (clrxasm reads its segment sizes there)";
                return self.error_at(line, &src, (0, src.len()), msg.into());
            }
            let u32_at = |at: usize| u32::from_le_bytes(data[at..at + 4].try_into().unwrap());
            let kernels: Vec<MdKernelV3> = r
                .kernels
                .iter()
                .enumerate()
                .map(|(i, k)| MdKernelV3 {
                    name: &k.name,
                    md: &k.md,
                    from_config: headers[i].map(|_| props[i]),
                    descriptor_segments: (u32_at(i * 64), u32_at(i * 64 + 4)),
                })
                .collect();
            match clrx_rocm_md::generate_msgpack(&r.md, &kernels) {
                Ok(m) => Some(m),
                Err(msg) => {
                    let (line, src) = r
                        .kernels
                        .first()
                        .map_or((1, String::new()), |k| (k.line, k.source.clone()));
                    return self.error_at(line, &src, (0, src.len()), msg);
                }
            }
        } else if r.generates_metadata() {
            let kernels: Vec<MdKernel> = r
                .kernels
                .iter()
                .zip(&props)
                .map(|(k, p)| MdKernel {
                    name: &k.name,
                    md: &k.md,
                    from_header: *p,
                })
                .collect();
            Some(clrx_rocm_md::generate(&r.md, &kernels).into_bytes())
        } else {
            metadata
        };
        if r.metadata_v3 && global_data.is_none() {
            let (line, src) = r
                .kernels
                .first()
                .map_or((1, String::new()), |k| (k.line, k.source.clone()));
            return self.error_at(
                line,
                &src,
                (0, src.len()),
                "LLVM10 binary format requires global data".into(),
            );
        }
        let mut input = RocmInput {
            new_binfmt: r.new_binfmt,
            llvm10: r.llvm10,
            metadata_v3: r.metadata_v3,
            eflags: r.eflags,
            isa,
            target,
            metadata,
            global_data,
            code,
            symbols: symbols_all,
            got,
            comment,
            extra,
        };
        // Expressions over two sections' addresses, which clrxasm resolves against the file's
        // addresses: the layout does not depend on their values.
        if self.waits_for_file_addresses() {
            let a = clrx_rocm::addresses(&input);
            // (clrxasm's address space: the global data, the code, the GOT)
            let mut space = Vec::new();
            if let (Some(at), Some(k)) = (a.rodata, self.sections.iter().position(|s| s.0 == ".rodata")) {
                space.push((k, at as i64));
            }
            space.push((0, a.text as i64));
            if let Some(at) = a.got {
                space.push((super::expr::GOT_SECTION, at as i64));
            }
            self.syms.prepare_sect_diffs(space);
            self.resolve_file_addresses();
            input.code.clear();
            for it in &self.items {
                input.code.resize(it.offset as usize, 0);
                it.push_bytes(&mut input.code);
            }
            if input.global_data.as_ref().is_some_and(|d| !d.is_empty()) {
                input.global_data = self.binary_global_data();
            }
            if self.errors() > 0 {
                return;
            }
        }
        self.obj.parts.clrx_binary = Some(clrx_rocm::write(&input));
    }

    /// gcnkit's own object of a `.llvm10binfmt` source (`--format elf`): code object v3, the
    /// `.metadata` bytes as its metadata note, `.eflags` its flags.
    fn llvm10_object(&mut self, gpu: Gpu, r: &Rocm) {
        let parts = &mut self.obj.parts;
        parts.processor = Some(gpu.processor());
        parts.version.get_or_insert(3);
        parts.e_flags = r.eflags;
        if let Some(k) = parts.sections.iter().position(|s| s.name == METADATA) {
            parts.metadata = Some(parts.sections.remove(k).bytes);
        }
    }

    /// The descriptors of a `.llvm10binfmt` source: the k-th kernel's is the k-th 64 bytes of
    /// `.globaldata` (rebuilt from its `.config` when it has one: `built`); false after
    /// clrxasm's errors (no global data, too little of it).
    fn llvm10_descriptors(&mut self, r: &Rocm, built: &[Option<[u8; 64]>]) -> bool {
        use crate::codeobj::clrx_config::DESCRIPTOR_SIZE;
        let Some(rodata) = self.obj.parts.sections.iter().position(|s| s.name == ".rodata") else {
            let (line, src) = r
                .kernels
                .first()
                .map_or((1, String::new()), |k| (k.line, k.source.clone()));
            self.error_at(line, &src, (0, src.len()), "No data section for LLVM10BinFormat".into());
            return false;
        };
        let sec = &mut self.obj.parts.sections[rodata];
        sec.align = sec.align.max(DESCRIPTOR_SIZE as u64);
        let mut ok = true;
        for (k, kern) in r.kernels.iter().enumerate() {
            let at = k * DESCRIPTOR_SIZE;
            if self.obj.parts.sections[rodata].bytes.len() < at + DESCRIPTOR_SIZE {
                let msg = format!("Global data for kernel '{}' is too small for descriptor", kern.name);
                self.error_at(kern.line, &kern.source.clone(), (0, kern.source.len()), msg);
                ok = false;
                continue;
            }
            if let Some(d) = &built[k] {
                self.obj.parts.sections[rodata].bytes[at..at + DESCRIPTOR_SIZE].copy_from_slice(d);
            }
            let a = self.obj.parts.attrs(&kern.name);
            a.hsa_kernel = false;
            a.function = Some(true);
            a.visibility = 3;
            let attrs = a.clone();
            self.obj.parts.descriptors.push(super::KernelDescriptor {
                kernel: kern.name.clone(),
                attrs,
                section: rodata,
                offset: at,
            });
        }
        ok
    }

    /// The symbols of the object (the GOT's objects in `.text`, the kernels `kernels`, the
    /// GOT's other objects) and the GOT's entries as indices of them, or None after an error
    /// (clrxasm's: a symbol not defined or not `.global`).
    fn rocm_got(&mut self, r: &Rocm, kernels: &[RocmSymbol], extra: &[&str]) -> Option<(Vec<RocmSymbol>, Vec<usize>)> {
        use super::parse::{Sym, Value};
        use crate::codeobj::clrx_rocm::ObjectIn;
        let (mut text, mut other) = (Vec::<RocmSymbol>::new(), Vec::<RocmSymbol>::new());
        for (name, line, src) in &r.got {
            let error = |s: &mut Self, msg: String| s.error_at(*line, src, (0, src.len()), msg);
            let attrs = self
                .obj
                .parts
                .symbols
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, a)| a.clone());
            let label = self.obj.parts.labels.iter().find(|(n, _, _)| n == name).cloned();
            // (an absolute symbol: `NAME = VALUE`)
            let value = match self.syms.get(name.as_str()) {
                Some(Sym::Value(Value::Int(v))) => Some(("", *v as u64)),
                _ => None,
            };
            let Some((section, offset)) = label.map(|(_, s, o)| (s, o)).or(value.map(|(s, v)| (s.to_string(), v)))
            else {
                error(self, format!("GOT symbol '{name}' is unresolved"));
                return None;
            };
            let kernel = r.kernels.iter().any(|k| &k.name == name);
            let global = if kernel {
                r.declared_global.contains(name)
            } else {
                attrs.as_ref().is_some_and(|a| a.global)
            };
            if !global {
                error(self, format!("GOT symbol '{name}' is not global symbol"));
                return None;
            }
            if kernel || text.iter().chain(&other).any(|s| &s.name == name) {
                continue;
            }
            let size = attrs.and_then(|a| a.size).unwrap_or(0);
            let (list, place) = match section.as_str() {
                ".text" => (&mut text, ObjectIn::Text),
                ".rodata" => (&mut other, ObjectIn::Rodata),
                "" => {
                    let no_data = !self.sections.iter().any(|s| s.0 == ".rodata");
                    (&mut other, ObjectIn::Absolute(no_data))
                }
                s => match extra.iter().position(|e| *e == s) {
                    Some(k) => (&mut other, ObjectIn::Extra(k)),
                    None => {
                        error(self, format!("GOT symbol '{name}' is in no section of the binary"));
                        return None;
                    }
                },
            };
            list.push(RocmSymbol {
                name: name.clone(),
                offset,
                function: false,
                object: Some((place, size)),
            });
        }
        // Several of a kind: in the order clrxasm's symbol map gives them.
        if text.len() > 1 || other.len() > 1 {
            let names = self.clrx_mentions();
            let Some(order) = super::rocm_got::symbol_map_order(&names) else {
                let (_, line, src) = &r.got[0];
                let msg = "too many symbols for the order of clrxasm's symbol map".to_string();
                self.error_at(*line, src, (0, src.len()), msg);
                return None;
            };
            let rank: rustc_hash::FxHashMap<&str, usize> = order.iter().enumerate().map(|(k, n)| (*n, k)).collect();
            for list in [&mut text, &mut other] {
                list.sort_by_key(|s| rank.get(s.name.as_str()).copied().unwrap_or(usize::MAX));
            }
        }
        let mut all = text;
        all.extend(kernels.iter().map(|k| RocmSymbol {
            name: k.name.clone(),
            offset: k.offset,
            function: k.function,
            object: None,
        }));
        all.extend(other);
        let got = r
            .got
            .iter()
            .filter_map(|(n, _, _)| all.iter().position(|s| &s.name == n))
            .collect();
        Some((all, got))
    }

    /// The `.text` offset of label `name`.
    fn kernel_offset(&self, name: &str) -> Option<usize> {
        self.obj
            .parts
            .labels
            .iter()
            .find(|(n, s, _)| n == name && s == ".text")
            .map(|(_, _, o)| *o as usize)
    }

    /// The registers kernel `k`'s code writes, its own code starting at `from`: without
    /// `.kcode` the code from there to the next kernel's label
    /// (clrxasm's defaults for `.sgprsnum`/`.vgprsnum` count the destinations only: checked
    /// with clrxasm, a register only read does not count); with it, as
    /// clrxasm counts: code inside `.kcode` counts for the kernels it selects, the rest for
    /// the kernel whose label came last outside `.kcode` (clrxasm does not switch kernels at
    /// a kernel's label inside `.kcode`).
    fn rocm_code_regs(&self, r: &Rocm, k: usize, from: usize) -> CodeRegs {
        // (with `.llvm10binfmt` the code starts at the kernel's own label, which does not end
        // it)
        let to = self.next_kernel_label(r, from + r.llvm10 as usize);
        let names: Vec<&str> = r.kernels.iter().map(|x| x.name.as_str()).collect();
        self.kcode_regs(&r.kcode, &names, k, from, to)
    }

    /// The registers kernel `k`'s code (`from..to` in `.text`) writes, `.kcode` considered as
    /// clrxasm counts: code inside `.kcode` counts for the kernels it selects, the rest for the
    /// kernel whose label (of `kernels`) came last outside `.kcode`.
    pub(super) fn kcode_regs(&self, kc: &Kcode, kernels: &[&str], k: usize, from: usize, to: usize) -> CodeRegs {
        if kc.events.is_empty() {
            return self.code_regs_in(from, to);
        }
        // Where the current kernel changes: (item index, kernel), at each kernel's label in
        // `.text` defined outside `.kcode` (the labels before the e-th event: `kc.labels[e]`).
        let index: rustc_hash::FxHashMap<&str, usize> = kernels.iter().enumerate().map(|(k, x)| (*x, k)).collect();
        let mut switches = Vec::new();
        let (mut e, mut inside) = (0, false);
        for (j, (name, section, offset)) in self.obj.parts.labels.iter().enumerate() {
            while e < kc.labels.len() && kc.labels[e] <= j {
                inside = kc.events[e].1.is_some();
                e += 1;
            }
            if let Some(&kernel) = index.get(name.as_str()).filter(|_| section == ".text" && !inside) {
                let at = self.items.partition_point(|i| (i.offset as u64) < *offset);
                switches.push((at, kernel));
            }
        }
        switches.sort_by_key(|s| s.0);
        let events = &kc.events;
        let (mut event, mut switch) = (0, 0);
        let (mut sel, mut current): (Option<&Vec<usize>>, Option<usize>) = (None, None);
        self.code_regs_where(|i, _| {
            while event < events.len() && events[event].0 <= i {
                sel = events[event].1.as_ref();
                event += 1;
            }
            while switch < switches.len() && switches[switch].0 <= i {
                current = Some(switches[switch].1);
                switch += 1;
            }
            match sel {
                Some(s) => s.contains(&k),
                None => current == Some(k),
            }
        })
    }

    /// The offset of the first kernel's label at or after `from` (other labels do not end a
    /// kernel's code for clrxasm).
    fn next_kernel_label(&self, r: &Rocm, from: usize) -> usize {
        r.kernels
            .iter()
            .filter_map(|k| self.kernel_offset(&k.name))
            .filter(|&o| o >= from)
            .min()
            .unwrap_or(usize::MAX)
    }

    /// The registers the code from `.text` offset `from` to `to` writes (see
    /// [`Assembler::rocm_code_regs`]).
    pub(super) fn code_regs_in(&self, from: usize, to: usize) -> CodeRegs {
        self.code_regs_where(|_, offset| (from..to).contains(&offset))
    }

    /// The registers the instructions `take(item index, offset)` chooses write.
    pub(super) fn code_regs_where(&self, mut take: impl FnMut(usize, usize) -> bool) -> CodeRegs {
        let mut c = CodeRegs::default();
        let t = crate::isa::isa();
        for (_, it) in self
            .items
            .iter()
            .enumerate()
            .filter(|(k, i)| !i.data && take(*k, i.offset as usize))
        {
            let i = it.instr(self.arch);
            let Some(d) = i.def.map(|d| t.def(d)) else {
                continue;
            };
            for s in crate::layout::operands(&i, d).as_slice() {
                if !matches!(s.role, crate::layout::Role::Vdst | crate::layout::Role::Sdst) {
                    continue;
                }
                let n = s.regs.max(1) as u64;
                match classify(self.arch, s.code) {
                    Src::Vgpr(v) => c.vgprs = c.vgprs.max(v as u64 + n),
                    Src::Sgpr(g) => c.sgprs = c.sgprs.max(g as u64 + n),
                    // GCN 1.4's FLAT_SCRATCH (codes 102-103) counts as SGPRs for clrxasm.
                    Src::Special(Special::FlatScratch, _) if self.arch.is_gcn14() => {
                        c.sgprs = c.sgprs.max(s.code as u64 + n)
                    }
                    Src::Special(Special::FlatScratch, _) => c.flat_scratch = true,
                    Src::Special(Special::XnackMask, _) => c.xnack_mask = true,
                    _ => {}
                }
            }
        }
        c
    }

    /// Writes a header over the 256 bytes of data words after a kernel's label (its
    /// `.skip 256`).
    fn fill_header(&mut self, at: usize, header: &[u8; akc::SIZE], k: &RocmKernel) {
        let mut filled = 0;
        for it in self
            .items
            .iter_mut()
            .filter(|i| i.data && (at..at + akc::SIZE).contains(&(i.offset as usize)))
        {
            let o = it.offset as usize - at;
            // (a word across the header's end: not the room `.skip 256` makes)
            if o + 4 > akc::SIZE {
                continue;
            }
            it.words[0] = u32::from_le_bytes([header[o], header[o + 1], header[o + 2], header[o + 3]]);
            filled += 4;
        }
        if filled != akc::SIZE {
            let n = k.source.len();
            let msg = format!(
                "kernel {}: its label must be followed by `.skip 256`, the room of its header",
                k.name
            );
            self.error_at(k.line, &k.source.clone(), (0, n), msg);
        }
    }
}

/// CLRX's `.section NAME[, "FLAGS"[, @TYPE]] [align=N]`: the name and the section's ELF type,
/// flags (`a`, `w`, `x`) and alignment (a power of two; 0 and none: 1), or clrxasm's error.
fn clrx_section(rest: &str) -> Result<(String, (u32, u64, u64)), String> {
    use crate::codeobj::clrx_rocm::{SHT_NOBITS, SHT_PROGBITS};
    let rest = rest.trim();
    let name_end = rest.find([',', ' ', '\t']).unwrap_or(rest.len());
    let (name, mut rest) = (rest[..name_end].trim_matches('"').to_string(), rest[name_end..].trim());
    if name.is_empty() {
        return Err("Expected section name".into());
    }
    let (mut kind, mut flags, mut align) = (SHT_PROGBITS, 0u64, 1u64);
    if let Some(r) = rest.strip_prefix(',') {
        let r = r.trim_start();
        let Some(q) = r
            .strip_prefix('"')
            .and_then(|q| q.find('"').map(|e| (&q[..e], &q[e + 1..])))
        else {
            return Err("Expected string".into());
        };
        for ch in q.0.chars() {
            flags |= match ch {
                'a' => 2,
                'w' => 1,
                'x' => 4,
                _ => return Err("Only 'a', 'w', 'x' is accepted in flags string".into()),
            };
        }
        rest = q.1.trim_start();
        if let Some(r) = rest.strip_prefix(',') {
            let r = r.trim_start();
            let Some(t) = r
                .strip_prefix('@')
                .filter(|t| t.starts_with(|c: char| c.is_ascii_alphabetic()))
            else {
                return Err("Section type was not preceded by '@'".into());
            };
            let end = t
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(t.len());
            kind = match t[..end].to_ascii_lowercase().as_str() {
                "progbits" => SHT_PROGBITS,
                "note" => crate::codeobj::clrx_rocm::SHT_NOTE,
                "nobits" => SHT_NOBITS,
                _ => return Err("Unknown section type".into()),
            };
            rest = t[end..].trim_start();
        } else if !rest.is_empty() {
            return Err("Expected ',' before argument".into());
        }
    }
    if rest.get(..5).is_some_and(|a| a.eq_ignore_ascii_case("align")) {
        let Some(v) = rest[5..].trim_start().strip_prefix('=') else {
            return Err("Expected '=' after 'align'".into());
        };
        let v = v.trim();
        let n = v
            .strip_prefix("0x")
            .map_or_else(|| v.parse::<u64>().ok(), |h| u64::from_str_radix(h, 16).ok())
            .ok_or("Expected an alignment value")?;
        if n != 0 && !n.is_power_of_two() {
            return Err("Alignment must be power of two or zero".into());
        }
        align = n.max(1);
        rest = "";
    }
    if !rest.is_empty() {
        return Err("Garbages at end of line".into());
    }
    Ok((name, (kind, flags, align)))
}
