//! CLRX's AMD OpenCL 2.0 source (`.amdcl2`, or `--format amdcl2`): `.gpu`, `.32bit`/`.64bit`
//! (`-6`), `.driver_version` (`-t`: the binary's form follows it), `.compile_options`,
//! `.acl_version`, `.arch_minor`, `.arch_stepping`, the global data (`.globaldata`/`.rodata`,
//! `.rwdata`, `.bss`/`.bssdata`), the samplers (`.sampler`, `.samplerreloc`), and per kernel
//! `.kernel NAME`, `.config` with its pseudo-ops, then its code after `.text`. At the end the
//! binary is built ([`crate::codeobj::clrx_amdcl2`]) into [`super::ObjectParts::clrx_binary`].
//!
//! As for `.amd` ([`super::amd`]), each kernel's code is a section of its own that may come
//! in pieces (`.kernel` naming a kernel again goes on where it was left); with `.hsalayout` all
//! the code is one `.text`, each kernel's from its label. The global data's sections are the
//! inner binary's (`.inner` goes back there, `.main` to the main binary); `.kcode` chooses
//! the kernels code counts for in either layout. Sections of the source's own (clrxasm's
//! extra sections) go to the main or the inner binary as clrxasm places them.

use super::clrx_binary::{BinarySource, Common, KernelPlaces};
use super::parse::Cursor;
use super::select::FixupKind;
use super::Assembler;
use crate::codeobj::clrx_amdcl2::{self, Cl2Input, Cl2Kernel, Cl2Reloc, RawKernel, NEW_BINARIES};
use crate::codeobj::clrx_amdcl2_config::{hsa_line, Cl2Config};
use crate::codeobj::clrx_config::{CodeRegs, ConfigBuilder, Gpu};

/// The `.amdcl2` lines of a source, kept until the end.
#[derive(Default)]
pub(super) struct AmdCl2 {
    src: BinarySource,
    compile_options: String,
    acl_version: Option<String>,
    arch_minor: Option<u32>,
    arch_stepping: Option<u32>,
    samplers: Option<Vec<u32>>,
    sampler_offsets: Vec<u64>,
    /// `.bss align=N`.
    bss_align: u64,
    /// `.samplerinit` came (its bytes are in [`SAMPLER_INIT`]).
    sampler_init: bool,
    /// `.hsalayout`: the kernels' code is all of `.text`, each from its label on.
    hsa_layout: bool,
    /// The names of places in the global data, which code refers to through relocations;
    /// they are defined only at the end.
    data: DataNames,
    /// Outside the kernels the source is in the inner binary (not `.main`'s, where it starts).
    inner: bool,
    /// The section the inner binary was left in (`.inner` goes back to it; `.rodata` first).
    inner_section: Option<String>,
    /// The section of the source's own the main binary was left in (`.main` goes back to it;
    /// `.rodata` before any).
    main_section: Option<String>,
    /// Where the kernels are (`current`, clrxasm's current kernel: `None` in the inner binary,
    /// whose sections are the global data's, or the main one after `.main`).
    places: KernelPlaces,
    /// `.kcode`/`.kcodeend` (with `.hsalayout`).
    kcode: super::rocm::Kcode,
}

/// The names that stand for places in the global data.
#[derive(Default)]
struct DataNames {
    /// The labels: name, part (0 `.rodata`, 1 `.data`, 2 `.bss`), offset.
    labels: Vec<(String, usize, u64)>,
    /// The symbols assigned an expression of them (`x = gdata+4`, which clrxasm keeps as an
    /// expression and relocates where `x` is used): name, expression, the item of the code
    /// before which it came, in their order.
    aliases: Vec<(String, String, usize)>,
}

/// A relocation of code to the global data: item, offset in `.text`, high half, part, addend.
type CodeReloc = (usize, usize, bool, usize, u64);

/// The global data's parts in clrxasm's order of its relocation symbols.
const DATA_PARTS: [&str; 3] = [".rodata", ".data", ".bss"];

/// Where a kernel's code is: its registers are counted over `from..to` of `.text`, its code
/// (and its relocations' places) start at `code_start`; with `.hsalayout` the bytes at its
/// setup's place (`from`, 256 bytes).
struct Span {
    from: usize,
    code_start: usize,
    to: usize,
    code: Vec<u8>,
    setup: Option<Vec<u8>>,
    /// Without `.hsalayout`: the item ranges of its pieces (its offsets are its own).
    ranges: Option<Vec<(usize, usize)>>,
}

/// The section of `.samplerinit`'s bytes.
const SAMPLER_INIT: &str = ".amdcl2.samplerinit";

/// The value that a relocated place holds (clrxasm's filler).
const RELOC_FILLER: u32 = 0x5555_5555;

/// The binary operators of CLRX's expressions (longest spelling first) and their precedence
/// (clrxasm's: higher binds tighter).
const BINARY_OPS: [(&str, u8); 27] = [
    (">>>", 5),
    ("<=@", 2),
    (">=@", 2),
    ("<<", 5),
    (">>", 5),
    ("//", 5),
    ("%%", 5),
    ("&&", 1),
    ("||", 1),
    ("==", 2),
    ("!=", 2),
    ("<>", 2),
    ("<=", 2),
    (">=", 2),
    ("<@", 2),
    (">@", 2),
    ("*", 5),
    ("/", 5),
    ("%", 5),
    ("&", 4),
    ("|", 4),
    ("^", 4),
    ("!", 4),
    ("+", 3),
    ("-", 3),
    ("<", 2),
    (">", 2),
];

/// The operator at the root of CLRX expression `text` (outside parentheses: the loosest,
/// the last of equals), as (byte position, spelling); `None` for a single operand or a
/// `?:` choice.
fn root_operator(text: &str) -> Option<(usize, &'static str)> {
    let b = text.as_bytes();
    let (mut i, mut depth, mut operand) = (0, 0i32, false);
    let mut root: Option<(usize, &'static str, u8)> = None;
    while i < b.len() {
        let ch = b[i];
        if ch == b'(' {
            depth += 1;
            operand = false;
        } else if ch == b')' {
            depth -= 1;
            operand = true;
        } else if ch.is_ascii_alphanumeric() || matches!(ch, b'_' | b'.' | b'$') || text[i..].starts_with("::") {
            operand = true;
            i += if ch == b':' { 2 } else { 1 };
            continue;
        } else if matches!(ch, b'?' | b':') && depth == 0 {
            return None;
        } else if operand && !ch.is_ascii_whitespace() {
            if let Some(&(op, prec)) = BINARY_OPS.iter().find(|o| text[i..].starts_with(o.0)) {
                if depth == 0 && root.is_none_or(|r| prec <= r.2) {
                    root = Some((i, op, prec));
                }
                operand = false;
                i += op.len();
                continue;
            }
        }
        i += 1;
    }
    root.map(|(i, op, _)| (i, op))
}

/// The forms of a global data place's low (false) or high (true) half: operator, the
/// constant after it.
const HALVES: [(&str, i64, bool); 6] = [
    (">>", 32, true),
    ("//", 1 << 32, true),
    ("/", 1 << 32, true),
    ("&", 0xffff_ffff, false),
    ("%%", 1 << 32, false),
    ("%", 1 << 32, false),
];

/// The data pseudo-ops that write bytes (the bss data only takes `.skip`, `.space`, `.org` and
/// alignment, which reserve room).
const DATA_WRITERS: [&str; 20] = [
    ".byte",
    ".short",
    ".hword",
    ".word",
    ".int",
    ".long",
    ".quad",
    ".octa",
    ".half",
    ".float",
    ".single",
    ".double",
    ".fill",
    ".fillq",
    ".ascii",
    ".asciz",
    ".string",
    ".string16",
    ".string32",
    ".string64",
];

/// The directives that may leave a kernel for the inner binary (the global data's sections).
const LEAVES_KERNEL: [&str; 8] = [
    ".globaldata",
    ".rwdata",
    ".bssdata",
    ".samplerinit",
    ".section",
    ".inner",
    ".main",
    ".text",
];

/// A kernel's parts given as bytes: pseudo-op, clrxasm's name of it in messages, only in old
/// binaries.
const RAW_PARTS: [(&str, &str, bool); 4] = [
    (".metadata", "Metadata", false),
    (".isametadata", "ISAMetadata", true),
    (".setup", "Setup", false),
    (".stub", "Stub", true),
];

/// The section that holds raw part `part` (`.metadata`...) of kernel `k`.
fn raw_section(part: &str, k: usize) -> String {
    format!(".amdcl2{part}.{k}")
}

/// The lines that open a kernel's configuration: kept among its lines, the first of them
/// says which form the kernel's setup takes.
const OPENS_CONFIG: [&str; 3] = [".config", ".hsaconfig", ".control_directive"];

impl AmdCl2 {
    /// With `.hsalayout`, the kernels' names (their labels in `.text` start their code).
    pub(super) fn layout_kernels(&self) -> Option<Vec<&str>> {
        self.hsa_layout
            .then(|| self.src.kernels.iter().map(|k| k.name.as_str()).collect())
    }

    /// The driver version the binary gets: `.driver_version`'s (not 0), else `-t`'s, else 0
    /// (clrxasm: the installed driver's).
    fn driver(&self) -> u32 {
        self.src
            .driver_version
            .filter(|&v| v != 0)
            .or(self.src.cli_driver_version)
            .unwrap_or(0)
    }
}

/// The order in which clrxasm resolves the code's relocations to the global data (its rank
/// for each of `relocs`, the items of the code they are in, each reading `reads`): at the end
/// it walks its symbol table in `order` (see [`super::rocm_got::symbol_map_order`]), and
/// gives each data label its value (`Assembler::tryToResolveSymbols`), which goes to the
/// expressions that read it in the order they were made (an expression reading it twice
/// twice); an expression that has all its values is resolved then — a relocation of the
/// code, or an alias (`x = gdata+4`), whose value goes to what reads it before the label's
/// next reader (`Assembler::setSymbol`'s stack). `None`: a label not in `order`.
fn resolution_order(d: &DataNames, order: &[&str], items: &[usize], reads: &[Vec<String>]) -> Option<Vec<u32>> {
    use rustc_hash::FxHashMap;
    enum Target<'a> {
        Reloc(usize),
        Alias(&'a str),
    }
    // Every expression that reads a name of the data: (made before item, alias first), target,
    // names read.
    let mut exprs: Vec<((usize, bool), Target, Vec<&str>)> = Vec::new();
    for (name, expr, item) in &d.aliases {
        let words = expr.split(|ch: char| !(ch.is_ascii_alphanumeric() || "_.$:".contains(ch)));
        let known = |w: &&str| d.labels.iter().any(|l| l.0 == *w) || d.aliases.iter().any(|l| l.0 == *w);
        exprs.push(((*item, false), Target::Alias(name), words.filter(known).collect()));
    }
    for (i, (item, names)) in items.iter().zip(reads).enumerate() {
        exprs.push((
            (*item, true),
            Target::Reloc(i),
            names.iter().map(|n| n.as_str()).collect(),
        ));
    }
    exprs.sort_by_key(|e| e.0);
    let mut readers: FxHashMap<&str, Vec<usize>> = FxHashMap::default();
    for (e, (_, _, names)) in exprs.iter().enumerate() {
        for n in names {
            readers.entry(n).or_default().push(e);
        }
    }
    let mut left: Vec<usize> = exprs.iter().map(|e| e.2.len()).collect();
    let mut ranks = vec![0u32; items.len()];
    let mut next = 0u32;
    let mut walk = |first: &str, readers: &mut FxHashMap<&str, Vec<usize>>| {
        let mut stack = vec![(readers.remove(first).unwrap_or_default(), 0usize)];
        while let Some((list, at)) = stack.last_mut() {
            let Some(&e) = list.get(*at) else {
                stack.pop();
                continue;
            };
            *at += 1;
            left[e] -= 1;
            if left[e] == 0 {
                match exprs[e].1 {
                    Target::Reloc(i) => {
                        ranks[i] = next;
                        next += 1;
                    }
                    Target::Alias(x) => stack.push((readers.remove(x).unwrap_or_default(), 0)),
                }
            }
        }
    };
    for l in &d.labels {
        if !order.contains(&l.0.as_str()) && readers.contains_key(l.0.as_str()) {
            return None;
        }
    }
    for name in order {
        if d.labels.iter().any(|l| l.0 == *name) {
            walk(name, &mut readers);
        }
    }
    Some(ranks)
}

impl Assembler {
    /// The source is an `.amdcl2` one from the start (`--format amdcl2`); `-6` and `-t` as
    /// [`Assembler::clrx_amd_options`] gave them.
    pub fn clrx_amdcl2(&mut self) {
        self.start_amdcl2(0);
    }

    pub(super) fn start_amdcl2(&mut self, line: usize) {
        if self.obj.amdcl2.is_none() {
            self.obj.amdcl2 = Some(AmdCl2 {
                src: BinarySource::new(line, self.obj.amd_options, None),
                ..Default::default()
            });
        }
    }

    /// Is a kernel's `.config` open (where code cannot go)?
    pub(super) fn amdcl2_config_open(&self) -> bool {
        self.obj.amdcl2.as_ref().is_some_and(|a| a.src.open.is_some())
    }

    /// The `.amdcl2` directives (and, inside `.config`, every line); returns whether `name`
    /// was taken here. `.gpu` is also the target directive: it is noted and left to the
    /// caller.
    pub(super) fn amdcl2_directive(
        &mut self,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        if name == ".amdcl2" {
            self.start_amdcl2(lineno);
            return true;
        }
        let Some(mut a) = self.obj.amdcl2.take() else {
            return false;
        };
        let taken = self.amdcl2_line(&mut a, lineno, src, name, span, c, end);
        self.obj.amdcl2 = Some(a);
        taken
    }

    /// [`Assembler::amdcl2_directive`] with the source's state taken out.
    #[allow(clippy::too_many_arguments)]
    fn amdcl2_line(
        &mut self,
        a: &mut AmdCl2,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        let rest = src[c.pos.min(end)..end].trim();
        // clrxasm's other spellings of the global data's sections and of `.text`.
        let name = match (name, rest) {
            (".rodata", _) | (".section", ".rodata") => ".globaldata",
            (".data", _) | (".section", ".data") => ".rwdata",
            (".bss", _) => ".bssdata",
            _ => name,
        };
        if DATA_WRITERS.contains(&name) && self.sections[self.section].0 == ".bss" {
            let msg = "Writing data into non-writeable section is illegal";
            self.error_at(lineno, src, span, msg.into());
            return true;
        }
        let before = self.section;
        if LEAVES_KERNEL.contains(&name) || name == ".kernel" {
            if let Some(k) = a.places.current {
                let here = self.sections[self.section].0.clone();
                a.places.left[k].section = Some((here, a.src.open == Some(k)));
            }
        }
        let taken = match self.amdcl2_place(a, lineno, src, name, span, c, end) {
            Some(taken) => taken,
            None => self.amdcl2_other(a, lineno, src, name, span, c, end),
        };
        // A section of the global data (or `.hsalayout`'s `.text`) is the inner binary's.
        let here = &self.sections[self.section].0;
        let inner = DATA_PARTS.contains(&here.as_str()) || here == SAMPLER_INIT || a.hsa_layout && here == ".text";
        if self.section != before && inner && !matches!(name, ".kernel" | ".main") {
            a.places.current = None;
            a.inner = true;
            a.inner_section = Some(here.clone());
        }
        taken
    }

    /// The lines that choose where the source is: `.kernel` (a kernel named again goes on
    /// where it was left, as in clrxasm), `.config` (the current kernel's), `.text`,
    /// `.inner`, `.main`, and the extra sections clrxasm would write (refused); `None` for
    /// other lines.
    #[allow(clippy::too_many_arguments)]
    fn amdcl2_place(
        &mut self,
        a: &mut AmdCl2,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> Option<bool> {
        let rest = src[c.pos.min(end)..end].trim().to_string();
        let err = |s: &mut Self, msg: String| s.error_at(lineno, src, span, msg);
        let here = self.sections[self.section].0.clone();
        let in_raw = RAW_PARTS.iter().any(|p| here.starts_with(&format!(".amdcl2{}.", p.0)));
        match name {
            ".kernel" => return Some(self.amdcl2_kernel(a, lineno, src, span, c, end)),
            ".config" | ".hsaconfig" | ".control_directive" if a.src.open.is_none() && in_raw => {
                err(
                    self,
                    "Config can't be defined if metadata,header,setup,stub section exists".into(),
                );
            }
            ".config" if a.src.open.is_none() => match a.places.current {
                Some(k) => {
                    a.src.kernels[k]
                        .lines
                        .push((name.into(), String::new(), lineno, src.into()));
                    a.src.open = Some(k);
                }
                None => err(self, "Kernel config can be defined only inside kernel".into()),
            },
            ".text" if a.hsa_layout || a.places.current.is_some() => {
                a.src.open = None;
                self.switch_section(".text");
                a.places.code_entry = self.taken + self.items.len();
            }
            ".text" | ".section" if name == ".text" || !rest.starts_with(".bss") => {
                a.src.open = None;
                if let Some(l) = self.section_line(lineno, src, name, c, end) {
                    self.amdcl2_section(a, &l, (lineno, src, span));
                }
            }
            ".inner" | ".main" => {
                if !rest.is_empty() {
                    err(self, "Garbages at end of line".into());
                } else {
                    a.src.open = None;
                    a.places.current = None;
                    a.inner = name == ".inner";
                    let to = if a.inner {
                        a.inner_section.clone()
                    } else {
                        a.main_section.clone()
                    };
                    self.switch_section(to.as_deref().unwrap_or(".rodata"));
                }
            }
            ".kcode" | ".kcodeend" if a.src.open.is_none() => {
                let in_code = here == ".text" && (a.hsa_layout || a.places.current.is_some());
                let names: Vec<&str> = a.src.kernels.iter().map(|k| k.name.as_str()).collect();
                if let Err(msg) = a.kcode.line(
                    name,
                    &rest,
                    &names,
                    in_code,
                    self.taken + self.items.len(),
                    self.obj.parts.labels.len(),
                ) {
                    err(self, msg);
                }
            }
            _ => return None,
        }
        Some(true)
    }

    /// A section by name that is not the format's own (`.section NAME`, `.text` outside a
    /// kernel): one of the source's own (clrxasm's extra sections), of the main binary in the
    /// main binary's part, else of the inner binary. As in clrxasm (its
    /// `AsmAmdCL2Handler::addSection`), opening an inner one from a kernel leaves the kernel
    /// the current one (`.text` goes back to its code, `.kernel` elsewhere then comes back to
    /// the section), going back to one by name makes the inner binary current, and `.main`
    /// and `.inner` go back to the section their binary was left in.
    fn amdcl2_section(
        &mut self,
        a: &mut AmdCl2,
        l: &super::clrx_sections::SectionLine,
        (lineno, src, span): (usize, &str, (usize, usize)),
    ) {
        let in_main = a.places.current.is_none() && !a.inner;
        if l.name == ".text" && (a.places.current.is_some() || a.hsa_layout) {
            // (The kernel's code: `.section .text` with flags or alignment.)
            self.section_line_warnings(lineno, src, span, l, false);
            self.switch_section(".text");
            a.places.code_entry = self.taken + self.items.len();
            return;
        }
        if matches!(l.name.as_str(), ".rodata" | ".data" | ".bss") {
            let msg = format!(
                ".section {} with flags or alignment: clrxasm's handling of it (a new global data section within a kernel or the inner binary) is not written by gcnkit yet",
                l.name
            );
            return self.error_at(lineno, src, span, msg);
        }
        let owner = (!in_main).then_some(0);
        if owner.is_some() && a.driver() < NEW_BINARIES {
            let msg = "Inner section are allowed only for new binary format";
            return self.error_at(lineno, src, span, msg.into());
        }
        let again = a.src.extras.find(owner, &l.name).is_some();
        let gcnkit_name = format!(".amdcl2 {} {}", if in_main { "main" } else { "inner" }, l.name);
        self.open_extra(&mut a.src.extras, owner, gcnkit_name.clone(), l, (lineno, src, span));
        if in_main {
            a.main_section = Some(gcnkit_name);
        } else if again || a.places.current.is_none() {
            a.places.current = None;
            a.inner = true;
            a.inner_section = Some(gcnkit_name);
        }
    }

    /// `.kernel NAME` ([`Assembler::binary_kernel`]; with `.hsalayout` all the code is one
    /// `.text`).
    fn amdcl2_kernel(
        &mut self,
        a: &mut AmdCl2,
        lineno: usize,
        src: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        let one_text = a.hsa_layout;
        self.binary_kernel(&mut a.src, &mut a.places, one_text, lineno, src, span, c, end);
        true
    }

    /// Without `.hsalayout`, with `.kcode`: each kernel's registers as clrxasm counts them.
    /// Its current count starts as the kernel's at each piece of its code and is kept when
    /// the code is left; `.kcode` and `.kcodeend` add it to the kernels selected before them
    /// and start it over (the current kernel's count, kept when its code is left, then has
    /// only what follows); at the end it is kept for the last kernel defined, or where the
    /// source is not in code (see the cut in [`Assembler::finish_amdcl2`]).
    fn amdcl2_kcode_regs(&self, a: &AmdCl2, in_code: bool) -> Vec<CodeRegs> {
        let max = |x: CodeRegs, y: CodeRegs| CodeRegs {
            sgprs: x.sgprs.max(y.sgprs),
            vgprs: x.vgprs.max(y.vgprs),
            flat_scratch: x.flat_scratch || y.flat_scratch,
            xnack_mask: x.xnack_mask || y.xnack_mask,
        };
        // (item, a piece of kernel k's code, or a `.kcode` line with the selection before it)
        type Event<'a> = (usize, Result<usize, Option<&'a Vec<usize>>>);
        let mut events: Vec<Event> = a.places.pieces.iter().map(|&(k, at)| (at, Ok(k))).collect();
        let mut before = None;
        for (at, sel) in a.kcode.events() {
            events.push((*at, Err(before)));
            before = sel.as_ref();
        }
        // (A piece's start before the `.kcode` lines at its first item.)
        events.sort_by_key(|e| (e.0, e.1.is_err()));
        let n = a.src.kernels.len();
        let mut kept = vec![CodeRegs::default(); n];
        let (mut now, mut current, mut from) = (CodeRegs::default(), None, self.taken);
        let upto = |now: CodeRegs, from: usize, to: usize| {
            let (a, b) = (from - self.taken, to - self.taken);
            max(now, self.code_regs_where(|i, _| (a..b).contains(&i)))
        };
        for (at, e) in events {
            now = upto(now, from, at);
            from = at;
            match e {
                Ok(k) => {
                    if let Some(p) = current {
                        kept[p] = now;
                    }
                    now = kept[k];
                    current = Some(k);
                }
                Err(sel) => {
                    for &j in sel.into_iter().flatten() {
                        kept[j] = max(kept[j], now);
                    }
                    now = CodeRegs::default();
                }
            }
        }
        now = upto(now, from, self.taken + self.items.len());
        if let Some(c) = current.filter(|&c| !in_code || c + 1 == n) {
            kept[c] = now;
        }
        kept
    }

    /// The section a label defined in `.text` is in, for the branches to it: without
    /// `.hsalayout` a kernel's code is a section of its own (see [`Assembler::label_section`]).
    pub(super) fn amdcl2_code_section(&self) -> Option<usize> {
        let a = self.obj.amdcl2.as_ref().filter(|a| !a.hsa_layout)?;
        Some(a.places.code_kernel.map_or(0, |k| usize::MAX - k))
    }

    /// The other lines of an `.amdcl2` source.
    #[allow(clippy::too_many_arguments)]
    fn amdcl2_other(
        &mut self,
        a: &mut AmdCl2,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        let data = [
            (".globaldata", "Global Data"),
            (".rwdata", "Global RWData"),
            (".bssdata", "Global BSS"),
        ];
        if let Some((_, what)) = data.iter().find(|d| d.0 == name && a.driver() < NEW_BINARIES) {
            self.error_at(lineno, src, span, format!("{what} allowed only for new binary format"));
            true
        } else if name == ".get_driver_version" {
            let v = Ok(a.driver());
            self.binary_query(lineno, src, span, c, end, name, v);
            true
        } else {
            match self.binary_directive(&mut a.src, lineno, src, name, span, c, end, false) {
                Common::Taken | Common::Kernel => true,
                Common::Target => false,
                Common::Other => self.amdcl2_only(a, lineno, src, name, span, c, end),
            }
        }
    }

    /// The lines only `.amdcl2` sources take.
    #[allow(clippy::too_many_arguments)]
    fn amdcl2_only(
        &mut self,
        a: &mut AmdCl2,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        let rest = src[c.pos.min(end)..end].trim().to_string();
        let err = |s: &mut Self, msg: String| s.error_at(lineno, src, span, msg);
        match name {
            ".compile_options" | ".acl_version" => {
                c.ws();
                match super::data::one_string(c) {
                    Ok(t) => {
                        let t = String::from_utf8_lossy(&t).into_owned();
                        if name == ".acl_version" {
                            a.acl_version = Some(t);
                        } else {
                            a.compile_options = t;
                        }
                    }
                    Err(e) => self.diag(lineno, src, e),
                }
            }
            ".arch_minor" | ".arch_stepping" => match self.abs_value(lineno, src, c, end) {
                Some(Some(v)) if name == ".arch_minor" => a.arch_minor = Some(v as u32),
                Some(Some(v)) => a.arch_stepping = Some(v as u32),
                Some(None) => err(self, format!("{name} needs an expression")),
                None => {}
            },
            ".rwdata" => self.switch_section(".data"),
            // (`.section .bss`, as clrxdisasm prints it, is `.bssdata`.)
            ".bssdata" | ".section" if name == ".bssdata" || rest.split([' ', ',']).next() == Some(".bss") => {
                let rest = rest
                    .strip_prefix(".bss")
                    .unwrap_or(&rest)
                    .trim_start_matches([' ', ',']);
                if let Some(v) = rest.strip_prefix("align") {
                    match crate::codeobj::clrx_config::clrx_value(v.trim_start().trim_start_matches('=').trim()) {
                        Ok(v) if v == 0 || v.is_power_of_two() => a.bss_align = v,
                        Ok(_) => err(self, "Alignment must be power of two or zero".into()),
                        Err(e) => err(self, e),
                    }
                } else if !rest.is_empty() {
                    err(self, "Garbages at end of line".into());
                }
                self.switch_section(".bss");
            }
            ".hsalayout" => {
                if !a.src.kernels.is_empty() {
                    err(self, "HSALayout must be enabled before any kernel".into());
                } else if a.driver() < NEW_BINARIES {
                    err(self, "HSALayout mode is illegal in old binary format".into());
                } else if !rest.is_empty() {
                    err(self, "Garbages at end of line".into());
                } else {
                    a.hsa_layout = true;
                }
            }
            ".samplerinit" => {
                if a.driver() < NEW_BINARIES {
                    err(self, "SamplerInit allowed only for new binary format".into());
                } else if a.samplers.is_some() {
                    err(self, "SamplerInit is illegal if sampler definitions are present".into());
                } else if !rest.is_empty() {
                    err(self, "Garbages at end of line".into());
                } else {
                    a.sampler_init = true;
                    self.switch_section(SAMPLER_INIT);
                }
            }
            ".sampler" => {
                if a.driver() < NEW_BINARIES {
                    err(self, "Sampler allowed only for new binary format".into());
                } else if a.sampler_init {
                    err(self, "Illegal sampler definition if samplerinit was defined".into());
                } else {
                    let list = a.samplers.get_or_insert_with(Vec::new);
                    if !rest.is_empty() {
                        for s in crate::codeobj::clrx_amd_config::fields(&rest) {
                            match crate::codeobj::clrx_config::clrx_value(&s) {
                                Ok(v) => list.push(v as u32),
                                Err(e) => err(self, e),
                            }
                        }
                    }
                }
            }
            ".samplerreloc" => {
                let f = crate::codeobj::clrx_amd_config::fields(&rest);
                if a.driver() < NEW_BINARIES {
                    err(self, "SamplerReloc allowed only for new binary format".into());
                } else if f.len() != 2 {
                    err(self, ".samplerreloc takes OFFSET, SAMPLERID".into());
                } else {
                    let v = |s: &str| crate::codeobj::clrx_config::clrx_value(s);
                    match (v(&f[0]), v(&f[1])) {
                        (Ok(off), Ok(id)) if id < 1 << 16 => {
                            let id = id as usize;
                            if a.sampler_offsets.len() <= id {
                                a.sampler_offsets.resize(id + 1, 0);
                            }
                            a.sampler_offsets[id] = off;
                        }
                        (Err(e), _) | (_, Err(e)) => err(self, e),
                        _ => err(self, "sampler id out of range".into()),
                    }
                }
            }
            ".hsaconfig" | ".control_directive" => {
                let what = if name == ".hsaconfig" {
                    "Kernel config"
                } else {
                    "Kernel control directive"
                };
                match a.places.current {
                    Some(k) => {
                        if !rest.is_empty() {
                            err(self, "Garbages at end of line".into());
                        } else {
                            a.src.kernels[k].lines.push((name.into(), rest, lineno, src.into()));
                            a.src.open = Some(k);
                        }
                    }
                    _ => err(self, format!("{what} can be defined only inside kernel")),
                }
            }
            n if RAW_PARTS.iter().any(|p| p.0 == n) => {
                let &(_, what, old_only) = RAW_PARTS.iter().find(|p| p.0 == n).unwrap_or(&RAW_PARTS[0]);
                match a.places.current {
                    None => err(self, format!("{what} can be defined only inside kernel")),
                    Some(k)
                        if a.src.kernels[k]
                            .lines
                            .iter()
                            .any(|l| OPENS_CONFIG.contains(&l.0.as_str())) =>
                    {
                        err(self, format!("{what} can't be defined if configuration was defined"))
                    }
                    Some(_) if old_only && a.driver() >= NEW_BINARIES => {
                        let what = if what == "Stub" { "Stub" } else { "ISA Metadata" };
                        err(self, format!("{what} allowed only for old binary format"))
                    }
                    Some(_) if !rest.is_empty() => err(self, "Garbages at end of line".into()),
                    Some(k) => self.switch_section(&raw_section(n, k)),
                }
            }
            _ => return false,
        }
        true
    }

    /// A label `key` defined here: kept apart if it is in an `.amdcl2` source's global data.
    pub(super) fn amdcl2_data_label(&mut self, key: &str) -> bool {
        let part = DATA_PARTS.iter().position(|&p| p == self.sections[self.section].0);
        match (self.obj.amdcl2.as_mut(), part) {
            (Some(a), Some(part)) => {
                a.data.labels.push((key.to_string(), part, self.offset as u64));
                true
            }
            _ => false,
        }
    }

    /// The value of expression `from..to` of pending `p` with the global data's parts at
    /// `bases` (`None`: it waits for another symbol).
    fn value_with_bases(
        &mut self,
        d: &DataNames,
        p: &super::Pending,
        range: (usize, usize),
        bases: [i64; 3],
    ) -> Result<Option<i64>, super::parse::PErr> {
        self.define_data_names(d, bases, false);
        let mut c = Cursor::new(&p.source, range.0, range.1);
        let r = self.syms.with_context(p.ctx.as_deref(), |syms| {
            (super::expr::Expr { syms, no_bar: false }).parse(&mut c)
        });
        let _ = std::mem::take(self.syms.warnings.get_mut());
        if !c.at_end() {
            return Ok(None);
        }
        Ok(match r? {
            super::expr::EVal::Value(v) => Some(super::expr::as_int(v)),
            super::expr::EVal::Forward(_) => None,
        })
    }

    /// The global data's names with its parts at `bases`: in the symbol table only (`define`
    /// false: for probing), or defined (what waits for them gets their values).
    fn define_data_names(&mut self, d: &DataNames, bases: [i64; 3], define: bool) {
        use super::parse::{Sym, Value};
        let mut values: Vec<(&str, Option<i64>)> = Vec::new();
        for (key, part, off) in &d.labels {
            let v = (*off as i64).wrapping_add(bases[*part]);
            self.syms.insert(key.clone(), Sym::Value(Value::Int(v)));
            values.push((key, Some(v)));
        }
        for (key, expr, _) in &d.aliases {
            let mut c = Cursor::new(expr, 0, expr.len());
            let v = match (super::expr::Expr {
                syms: &self.syms,
                no_bar: false,
            })
            .parse(&mut c)
            {
                Ok(super::expr::EVal::Value(v)) if c.at_end() => Some(super::expr::as_int(v)),
                _ => None,
            };
            let _ = std::mem::take(self.syms.warnings.get_mut());
            match v {
                Some(v) => self.syms.insert(key.clone(), Sym::Value(Value::Int(v))),
                None => self.syms.remove(key),
            };
            values.push((key, v));
        }
        if define {
            for (key, v) in values {
                self.syms.remove(key);
                if let Some(v) = v {
                    self.define(0, "", key, Sym::Value(Value::Int(v)), 0, 0);
                }
            }
        }
    }

    /// `NAME = EXPR` whose expression waits for `waits`, a name of a place in the global data:
    /// kept as clrxasm keeps it (an expression, relocated where `NAME` is used); whether it
    /// was one.
    pub(super) fn amdcl2_data_alias(&mut self, key: &str, waits: &str, expr: &str) -> bool {
        let item = self.taken + self.items.len();
        let Some(d) = self.obj.amdcl2.as_mut().map(|a| &mut a.data) else {
            return false;
        };
        let known = d.labels.iter().any(|l| l.0 == waits) || d.aliases.iter().any(|l| l.0 == waits);
        if known {
            d.aliases.push((key.to_string(), expr.to_string(), item));
            // (Symbols assigned an expression of this one before it was assigned are aliases
            // too.)
            let mut new = vec![key.to_string()];
            while let Some(name) = new.pop() {
                let (now, still) = std::mem::take(&mut self.pending_assigns)
                    .into_iter()
                    .partition(|p| p.waits == name);
                self.pending_assigns = still;
                let now: Vec<super::PendingAssign> = now;
                for p in now {
                    let text = p.source.get(p.expr.0..p.expr.1).unwrap_or("").to_string();
                    if let Some(a) = self.obj.amdcl2.as_mut() {
                        a.data.aliases.push((p.name.clone(), text, p.item));
                    }
                    new.push(p.name);
                }
            }
        }
        known
    }

    /// How pending expression `p` refers to the global data: `None` when it does not (or
    /// waits for another symbol), else (part, high half, addend), or a refusal. The
    /// expression is probed with each part moved: a place is linear in its part's base; its
    /// low half (`PLACE&0xffffffff`...) or high half (`PLACE>>32`...) has that operator at
    /// its root, as clrxasm requires, with a linear place on its left.
    fn global_data_place(
        &mut self,
        labels: &DataNames,
        p: &super::Pending,
    ) -> Result<Option<(usize, bool, u64)>, String> {
        let whole = (p.fixup.start, p.fixup.end);
        const PROBES: [i64; 3] = [1, 1 << 32, 1 << 40];
        let at = |s: &mut Self, range, part: Option<usize>, x: i64| {
            let mut bases = [0i64; 3];
            if let Some(k) = part {
                bases[k] = x;
            }
            s.value_with_bases(labels, p, range, bases).map_err(|e| e.msg)
        };
        let Some(f0) = at(self, whole, None, 0)? else {
            return Ok(None);
        };
        let mut parts = Vec::new();
        for k in 0..3 {
            for x in PROBES {
                if at(self, whole, Some(k), x)? != Some(f0) {
                    parts.push(k);
                    break;
                }
            }
        }
        let part = match parts[..] {
            [] => return Ok(None),
            [k] => k,
            _ => return Err("Only one relative=1 (section) can be result of expression".into()),
        };
        // The place itself.
        let mut linear = true;
        for x in PROBES {
            linear &= at(self, whole, Some(part), x)? == Some(f0.wrapping_add(x));
        }
        if linear {
            return Ok(Some((part, false, f0 as u64)));
        }
        // PLACE OP CONSTANT, OP the last operator outside parentheses (those around all of it
        // taken off).
        let src = p.source.as_bytes();
        let (mut a, mut b) = whole;
        loop {
            while a < b && src[a].is_ascii_whitespace() {
                a += 1;
            }
            while b > a && src[b - 1].is_ascii_whitespace() {
                b -= 1;
            }
            let mut depth = 0;
            let wrapped = b > a + 1
                && src[a] == b'('
                && src[b - 1] == b')'
                && src[a..b - 1].iter().all(|&ch| {
                    depth += (ch == b'(') as i32 - (ch == b')') as i32;
                    depth > 0
                });
            if !wrapped {
                break;
            }
            a += 1;
            b -= 1;
        }
        let whole = (a, b);
        let text = p.source.get(whole.0..whole.1).unwrap_or("").to_string();
        let last = root_operator(&text).filter(|(_, op)| HALVES.iter().any(|h| h.0 == *op));
        let refusal =
            "a global data place in code must be PLACE, PLACE&0xffffffff or PLACE>>32 (or their %, %%, /, // forms)";
        let Some((i, op)) = last else {
            return Err(refusal.into());
        };
        let (_, want, high) = *HALVES.iter().find(|h| h.0 == op).unwrap_or(&HALVES[0]);
        let left = (whole.0, whole.0 + i);
        let right = (whole.0 + i + op.len(), whole.1);
        if at(self, right, None, 0)? != Some(want) {
            return Err(refusal.into());
        }
        let Some(l0) = at(self, left, None, 0)? else {
            return Err(refusal.into());
        };
        for x in PROBES {
            if at(self, left, Some(part), x)? != Some(l0.wrapping_add(x)) {
                return Err(refusal.into());
            }
        }
        Ok(Some((part, high, l0 as u64)))
    }

    /// clrxasm's relocations of code to the global data (`.rela.hsatext`): each literal or
    /// data word of `.text` whose expression is a place in the global data (see
    /// [`Assembler::global_data_place`]) holds clrxasm's filler; returns (item, offset in
    /// `.text`, high half, part, addend) in the order of the code, each with the names of the
    /// global data (labels, aliases) its expression reads, in its order. Then the global
    /// data's labels are defined (what else waits for them gets their offsets).
    fn amdcl2_relocs(&mut self, d: &DataNames) -> (Vec<CodeReloc>, Vec<Vec<String>>) {
        let mut out = Vec::new();
        let names: Vec<&str> = d
            .labels
            .iter()
            .map(|l| l.0.as_str())
            .chain(d.aliases.iter().map(|l| l.0.as_str()))
            .collect();
        if d.labels.is_empty() {
            return (Vec::new(), Vec::new());
        }
        let pending = std::mem::take(&mut self.pending);
        let mut kept = Vec::new();
        for p in pending {
            let place = match p.fixup.kind {
                FixupKind::Literal(_) => Some(4 * p.fixup.word),
                FixupKind::Bytes { width: 4, section: 0 } => Some(p.fixup.word),
                FixupKind::Data => Some(0),
                _ => None,
            };
            let index = p.item.checked_sub(self.taken);
            let item = index.and_then(|k| self.items.get(k)).map(|i| i.offset as usize);
            match self.global_data_place(d, &p) {
                Ok(None) => kept.push(p),
                Ok(Some((part, high, addend))) => match (place, item) {
                    (Some(byte), Some(at)) => {
                        let text = p.source.get(p.fixup.start..p.fixup.end).unwrap_or("");
                        let words: Vec<&str> = text
                            .split(|ch: char| !(ch.is_ascii_alphanumeric() || "_.$:".contains(ch)))
                            .collect();
                        let names_read: Vec<String> = words
                            .iter()
                            .filter(|w| names.contains(w))
                            .map(|w| w.to_string())
                            .collect();
                        self.patch_bytes(p.item, 0, byte, &RELOC_FILLER.to_le_bytes());
                        out.push(((index.unwrap_or(0), at + byte, high, part, addend), names_read));
                    }
                    _ => {
                        let e = super::parse::perr(
                            p.fixup.start,
                            p.fixup.end,
                            "Can't resolve expression for non 32-bit integer",
                        );
                        self.diag(p.line, &p.source, e);
                    }
                },
                Err(msg) => {
                    let e = super::parse::perr(p.fixup.start, p.fixup.end, msg);
                    self.diag(p.line, &p.source, e);
                }
            }
        }
        self.pending = kept;
        self.define_data_names(d, [0; 3], true);
        out.sort_unstable();
        out.into_iter().unzip()
    }

    /// `.hsalayout`'s kernels: each from its label in `.text` (its setup, 256 bytes unless a
    /// `.setup` says otherwise) to the next kernel's; and all the code. `None`: errors given.
    fn amdcl2_layout_spans(&mut self, b: &BinarySource) -> Option<(Vec<Span>, Vec<u8>)> {
        let whole = BinarySource {
            kernels: vec![super::clrx_binary::KernelLines {
                name: String::new(),
                line: 0,
                source: String::new(),
                start: 0,
                lines: Vec::new(),
            }],
            ..Default::default()
        };
        let (text, _) = self.binary_kernel_codes(&whole, ".amdcl2")?.pop()?;
        let mut at = Vec::new();
        let mut good = true;
        for (i, k) in b.kernels.iter().enumerate() {
            let label = self.obj.parts.labels.iter().find(|l| l.0 == k.name);
            let msg = match label {
                None => format!("Symbol for kernel '{}' is undefined", k.name),
                Some((_, sec, _)) if sec != ".text" => {
                    format!(
                        "Symbol for kernel '{}' is defined for section other than '.text'",
                        k.name
                    )
                }
                Some((_, _, off)) => {
                    at.push((*off as usize, i));
                    continue;
                }
            };
            self.error_at(k.line, &k.source, (0, k.source.len()), msg);
            good = false;
        }
        if !good {
            return None;
        }
        at.sort_unstable();
        let mut spans: Vec<Option<Span>> = (0..b.kernels.len()).map(|_| None).collect();
        for (j, &(off, i)) in at.iter().enumerate() {
            let k = &b.kernels[i];
            let end = at.get(j + 1).map_or(text.len(), |n| n.0).max(off);
            let raw_setup = raw_section(".setup", i);
            let setup_size = self
                .obj
                .parts
                .sections
                .iter()
                .find(|s| s.name == raw_setup)
                .map_or(256, |s| s.bytes.len());
            if end - off < setup_size {
                let msg = format!("Kernel '{}' size is too small", k.name);
                self.error_at(k.line, &k.source, (0, k.source.len()), msg);
                good = false;
                continue;
            }
            spans[i] = Some(Span {
                from: off,
                code_start: off + setup_size,
                to: end,
                code: text.get(off + setup_size..end).unwrap_or(&[]).to_vec(),
                setup: text.get(off..off + setup_size).map(|s| s.to_vec()),
                ranges: None,
            });
        }
        let spans: Option<Vec<Span>> = spans.into_iter().collect();
        spans.filter(|_| good).map(|s| (s, text))
    }

    /// The end of an `.amdcl2` source: the binary of its kernels.
    pub(super) fn finish_amdcl2(&mut self) {
        let Some(a) = self.obj.amdcl2.take() else {
            return;
        };
        let (relocs, named) = self.amdcl2_relocs(&a.data);
        let b = &a.src;
        // With `.hsalayout` clrxasm writes the relocations in the order it resolves them
        // ([`resolution_order`]).
        let mut ranks = vec![0u32; relocs.len()];
        if a.hsa_layout && !relocs.is_empty() {
            let mentions = self.syms.mentions.order();
            let order = super::rocm_got::symbol_map_order(&mentions);
            let items: Vec<usize> = relocs.iter().map(|r| r.0).collect();
            match order.and_then(|o| resolution_order(&a.data, &o, &items, &named)) {
                Some(r) => ranks = r,
                None => {
                    let msg = "code relocations to the global data with .hsalayout whose order of resolving gcnkit cannot replay (a name of the data it does not know the place of in clrxasm's symbol table)";
                    return self.binary_error(b, ".amdcl2", msg.into());
                }
            }
        }
        let device = match self.binary_device(b) {
            Ok(d) => d,
            Err(msg) => return self.binary_error(b, ".amdcl2", msg),
        };
        if !self.obj.parts.relocs.is_empty() {
            let msg = "code relocations to the global data are not written to .amdcl2 binaries by gcnkit yet";
            return self.binary_error(b, ".amdcl2", msg.into());
        }
        let (spans, layout_code) = if a.hsa_layout {
            match self.amdcl2_layout_spans(b) {
                Some((spans, code)) => (spans, Some(code)),
                None => return,
            }
        } else {
            let text_at = if self.section == 0 {
                self.offset
            } else {
                self.sections[0].1
            };
            let sizes: Vec<usize> = (0..b.kernels.len())
                .map(|k| {
                    if a.places.code_kernel == Some(k) {
                        text_at
                    } else {
                        a.places.left[k].text_end
                    }
                })
                .collect();
            let Some(codes) = self.piece_codes(&a.places.pieces, &sizes, ".amdcl2") else {
                return;
            };
            let spans = codes.into_iter().map(|(code, ranges)| Span {
                from: 0,
                code_start: 0,
                to: code.len(),
                code,
                setup: None,
                ranges: Some(ranges),
            });
            (spans.collect(), None)
        };
        // clrxasm keeps a kernel's register counts when its code is left, and at the end for
        // the last kernel defined: a kernel named again whose code the source ends in loses
        // the registers written since its code was last entered.
        let in_code = self.section == 0 && b.open.is_none() && a.places.current.is_some();
        let cut = match a.places.code_kernel {
            Some(k) if in_code && k + 1 != b.kernels.len() => Some((k, a.places.code_entry - self.taken)),
            _ => None,
        };
        let kcode_regs = (!a.hsa_layout && !a.kcode.events().is_empty()).then(|| self.amdcl2_kcode_regs(&a, in_code));
        let unified = self.clrx.policy >= 200;
        let mut kernels = Vec::new();
        for (i, (k, span)) in b.kernels.iter().zip(spans).enumerate() {
            let Span {
                from,
                code_start,
                to,
                code,
                setup: layout_setup,
                ranges,
            } = span;
            let mut config = Cl2Config::default();
            let regs = match &ranges {
                Some(_) if kcode_regs.is_some() => kcode_regs.as_ref().map_or(Default::default(), |r| r[i]),
                Some(ranges) => {
                    let upto = cut.filter(|c| c.0 == i).map_or(usize::MAX, |c| c.1);
                    self.code_regs_where(|item, _| item < upto && ranges.iter().any(|r| (r.0..r.1).contains(&item)))
                }
                None => {
                    let names: Vec<&str> = b.kernels.iter().map(|k| k.name.as_str()).collect();
                    self.kcode_regs(&a.kcode, &names, i, from, to)
                }
            };
            // (A `.control_directive` alone makes no config: clrxasm's kernel is then raw.)
            let opened = |n: &str| k.lines.iter().any(|l| l.0 == n);
            let kind = k
                .lines
                .iter()
                .map(|l| l.0.as_str())
                .find(|n| OPENS_CONFIG.contains(n))
                .filter(|_| opened(".config") || opened(".hsaconfig"));
            // The raw parts given (a kernel without a config has them, empty where not given).
            let given = |s: &Self, part: &str| s.sections.iter().any(|x| x.0 == raw_section(part, i));
            let bytes = |s: &Self, part: &str| {
                let name = raw_section(part, i);
                s.obj
                    .parts
                    .sections
                    .iter()
                    .find(|x| x.name == name)
                    .map_or(Vec::new(), |x| x.bytes.clone())
            };
            let has_raw = RAW_PARTS.iter().any(|p| given(self, p.0));
            if has_raw && kind.is_some() {
                if let Some((_, _, line, src)) = k.lines.iter().find(|l| OPENS_CONFIG.contains(&l.0.as_str())) {
                    let msg = "Config can't be defined if metadata,header,setup,stub section exists";
                    self.error_at(*line, src, (0, src.len()), msg.into());
                }
            }
            let raw = (kind.is_none() || has_raw).then(|| RawKernel {
                metadata: bytes(self, ".metadata"),
                isa_metadata: given(self, ".isametadata").then(|| bytes(self, ".isametadata")),
                setup: match layout_setup.clone() {
                    Some(place) if !given(self, ".setup") => place,
                    _ => bytes(self, ".setup"),
                },
                stub: bytes(self, ".stub"),
            });
            let header = |s: &mut Self, config: &mut Cl2Config| {
                let gpu = Gpu {
                    device,
                    arch_minor: None,
                    arch_stepping: None,
                };
                let mut h = ConfigBuilder::new_amdcl2(gpu, &k.name);
                h.code_regs(regs);
                for (op, args, line, src) in &k.lines {
                    if let Err(msg) = hsa_line(&mut h, config, device, b.is64, op, args) {
                        s.error_at(*line, src, (0, src.len()), msg);
                    }
                }
                h
            };
            let hsa = if raw.is_some() {
                // (Its control directive, written nowhere, must still be 128 bytes.)
                if opened(".control_directive") {
                    if let Err(msg) = header(self, &mut config).finish() {
                        self.error_at(k.line, &k.source, (0, k.source.len()), msg);
                    }
                }
                None
            } else if kind.is_some_and(|n| n != ".config") {
                Some(Box::new(header(self, &mut config)))
            } else {
                for (op, args, line, src) in &k.lines {
                    let r = match op.as_str() {
                        ".hsaconfig" => Err("Config and HSAConfig can't be mixed".to_string()),
                        ".control_directive" => Err("Config and Control directive can't be mixed".to_string()),
                        _ => config.set(device, b.is64, op, args),
                    };
                    if let Err(msg) = r {
                        self.error_at(*line, src, (0, src.len()), msg);
                    }
                }
                let code_regs = (regs.sgprs as u32, regs.vgprs as u32);
                if let Err(msg) = config.default_registers(device, unified, code_regs) {
                    let msg = format!("Number of total SGPRs for kernel '{}' {msg}", k.name);
                    self.error_at(k.line, &k.source, (0, k.source.len()), msg);
                }
                None
            };
            let mine = |&&(item, at, ..): &&CodeReloc| match &ranges {
                Some(ranges) => ranges.iter().any(|r| (r.0..r.1).contains(&item)),
                None => (code_start..to).contains(&at),
            };
            let relocs = relocs
                .iter()
                .zip(&ranks)
                .filter(|(r, _)| mine(r))
                .map(|(&(_, at, high, part, addend), &rank)| Cl2Reloc {
                    offset: (at - code_start) as u64,
                    high,
                    part: part as u8,
                    addend,
                    rank,
                })
                .collect();
            kernels.push(Cl2Kernel {
                name: k.name.clone(),
                config,
                hsa,
                code,
                relocs,
                raw,
                offset: from as u64,
            });
        }
        // (`.hsalayout`'s code outside the kernels' own, a setup's place, relocated: clrxasm's
        // relocations are the whole code's.)
        if kernels.iter().map(|k| k.relocs.len()).sum::<usize>() != relocs.len() {
            let msg =
                "a relocation to the global data outside the kernels' code (.hsalayout): gcnkit does not write it yet";
            return self.binary_error(b, ".amdcl2", msg.into());
        }
        let inner_extra = b.extras.of(Some(0), |name| self.section_bytes(name));
        // (CLRX's ELF writer gives an empty note section the size of the inner binary's notes,
        // and bytes of its own memory.)
        if let Some(e) = inner_extra
            .iter()
            .find(|e| e.kind == crate::codeobj::clrx_elf::SHT_NOTE && e.bytes.is_empty())
        {
            let msg = format!(
                "section {} of the inner binary: an empty @note section, which clrxasm fills with bytes of its own memory",
                e.name
            );
            return self.binary_error(b, ".amdcl2", msg);
        }
        let section = |name: &str| self.obj.parts.sections.iter().find(|s| s.name == name);
        let input = Cl2Input {
            is64: b.is64,
            device,
            arch_minor: a.arch_minor,
            arch_stepping: a.arch_stepping,
            driver_version: a.driver(),
            compile_options: a.compile_options.clone(),
            acl_version: a.acl_version.clone(),
            global_data: self.binary_global_data().unwrap_or_default(),
            rw_data: section(".data").map(|s| s.bytes.clone()).unwrap_or_default(),
            bss_size: section(".bss").map_or(0, |s| s.bytes.len() as u64),
            bss_align: a.bss_align,
            samplers: a.samplers.clone(),
            sampler_offsets: a.sampler_offsets.clone(),
            hsa_layout: layout_code,
            sampler_init: a
                .sampler_init
                .then(|| section(SAMPLER_INIT).map_or(Vec::new(), |s| s.bytes.clone())),
            kernels,
            extra: b.extras.of(None, |name| self.section_bytes(name)),
            inner_extra,
        };
        match clrx_amdcl2::write(&input) {
            Ok(bin) => self.obj.parts.clrx_binary = Some(bin),
            Err(msg) => self.binary_error(b, ".amdcl2", msg),
        }
    }
}
