//! The assembler: CLRX and LLVM dialects (or both in one file), line by line.
//!
//! Each line is split into statements (CLRX's `;` separator vs LLVM's `;` comment is decided
//! per dialect), each statement is a symbol assignment, a label, a data directive or an
//! instruction; instructions go through [`select`](mod@select) (row, encoding, operands, rules). Every
//! error of the file is collected; nothing is emitted for a file with errors.
//!
//! The plain vector-ALU statement (registers and constants, no modifiers) is encoded by its
//! row's encoding plan (`asm::plan`), made from the same row and class descriptions and checked
//! against the general path (in debug builds on every statement).

mod amd;
mod amdcl2;
mod blocks;
mod clrx;
mod clrx_binary;
mod clrx_sections;
mod data;
mod expr;
mod gallium;
mod gfx;
mod macros;
mod memory;
mod object;
pub mod parse;
mod plan;
mod rocm;
mod rocm_got;
pub use rocm_got::{clrx_hash, symbol_map_order};
mod rocm_md;
mod scalar;
mod scopes;
pub mod select;
mod splice;
mod variables;
mod vop3p;

pub use clrx::{Taken, PSEUDO_OPS as CLRX_PSEUDO_OPS};
pub use object::{DataSection, KernelDescriptor, ObjectParts, SymbolAttrs};

use crate::arch::Arch;
use crate::diag::{Diagnostic, Severity};
use crate::instr::Instr;
use crate::operand::{classify, Src, SRC_REGS};
use parse::{perr, Cursor, EVal, Expr, Modifier, Operand, PErr, RegNames, Sym, Symbols, Value};
use select::{select, Fixup, Suffix};

/// Input dialect (defined with the printers' dialects, which read it too).
pub use crate::syntax::Dialect;

/// One assembled item: an instruction or a data word, with its source line and byte offset.
/// Kept small (24 bytes): items wait in the assembler while a literal before them waits for a
/// symbol defined later, and callers that cannot stream (stdout) hold them to the end.
#[derive(Clone, Copy, Debug)]
pub struct Item {
    pub line: u32,
    pub offset: u32,
    words: [u32; 3],
    len: u8,
    /// A data word (`.long`), not an instruction.
    pub data: bool,
    /// Bytes of a data item shorter than a word (CLRX's `.byte 1` in `.text`: 1 to 3); 0 for
    /// whole words.
    part: u8,
}

impl Item {
    fn new(line: usize, offset: usize, words: &[u32], data: bool) -> Item {
        let mut w = [0; 3];
        w[..words.len()].copy_from_slice(words);
        Item {
            line: line as u32,
            offset: offset as u32,
            words: w,
            len: words.len() as u8,
            data,
            part: 0,
        }
    }

    /// A data item of 1 to 4 bytes (CLRX's data in `.text` need not fill whole words).
    fn bytes_item(line: usize, offset: usize, bytes: &[u8]) -> Item {
        let mut w = [0u8; 4];
        w[..bytes.len()].copy_from_slice(bytes);
        let mut it = Item::new(line, offset, &[u32::from_le_bytes(w)], true);
        it.part = if bytes.len() == 4 { 0 } else { bytes.len() as u8 };
        it
    }

    /// The words; a data item shorter than a word is one word, zero-padded (see
    /// [`Item::byte_len`]).
    pub fn words(&self) -> &[u32] {
        &self.words[..self.len as usize]
    }

    /// Its length in bytes: 4 per word, but 1 to 3 for CLRX's data that does not fill a
    /// word (`.byte 1` in `.text`, a `.half`).
    pub fn byte_len(&self) -> usize {
        if self.part != 0 {
            self.part as usize
        } else {
            4 * self.len as usize
        }
    }

    /// Appends its bytes, little-endian (only [`Item::byte_len`] of them).
    pub fn push_bytes(&self, out: &mut Vec<u8>) {
        let n = self.byte_len();
        let mut b = [0u8; 12];
        for (k, w) in self.words().iter().enumerate() {
            b[4 * k..4 * k + 4].copy_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&b[..n]);
    }

    /// The instruction, decoded again from the words (for JSON records); a data word is
    /// never decoded (alone it may look like the first word of a longer instruction).
    pub fn instr(&self, arch: Arch) -> Instr {
        if self.data {
            return crate::decode::data_word(arch, self.words[0]);
        }
        crate::decode::decode(arch, self.words()).expect("assembled words decode")
    }
}

/// Register names of an arch for the parser.
struct Names {
    arch: Arch,
    /// The named scalar registers of the arch, in code order: name, first code, and whether
    /// the next code is its high half (made once, not per operand).
    specials: Vec<(&'static str, u16, bool)>,
    /// A register symbol (`b=%s[57:67]`) was defined: operands look names up in the symbols.
    reg_symbols: bool,
}

impl Names {
    fn new(a: Arch) -> Names {
        // The named scalar registers are whatever the operand space names on this arch.
        let specials = (102u16..128)
            .filter_map(|code| match classify(a, code) {
                Src::Special(sp, 0) => Some((sp.name(), code, classify(a, code + 1) == Src::Special(sp, 1))),
                _ => None,
            })
            .collect();
        Names {
            arch: a,
            specials,
            reg_symbols: false,
        }
    }
}

impl RegNames for Names {
    fn named(&self, name: &str) -> Option<(u16, u16)> {
        // No register name starts with a dot (`.L12_0` is a label): no name compared.
        if name.starts_with('.') {
            return None;
        }
        let a = self.arch;
        for &(sp, code, paired) in &self.specials {
            let Some(suffix) = name.strip_prefix(sp) else {
                continue;
            };
            match suffix {
                "" => return Some((code, if paired { 2 } else { 1 })),
                "_lo" if paired => return Some((code, 1)),
                "_hi" if paired => return Some((code + 1, 1)),
                _ => {}
            }
        }
        let one = |c: u16| Some((c, 1));
        match name {
            "lds_direct" | "src_lds_direct" | "lds" => one(254),
            "vccz" | "src_vccz" => one(251),
            "execz" | "src_execz" => one(252),
            "scc" | "src_scc" => one(253),
            _ if a.is_gcn14() => SRC_REGS
                .iter()
                .position(|r| *r == name || &r[4..] == name)
                .map(|k| (235 + k as u16, 1)),
            _ => None,
        }
    }

    fn ttmp(&self) -> (u16, u16) {
        crate::operand::ttmp_range(self.arch)
    }

    fn sgprs(&self) -> u16 {
        crate::operand::sgpr_count(self.arch)
    }

    fn register_symbols(&self) -> bool {
        self.reg_symbols
    }
}

/// A memo of the table's mnemonic lookups ([`crate::isa::Isa::lookup_in`]): a file's
/// mnemonics are few and repeat, and a hit compares a few words instead of hashing the name.
/// Direct-mapped; a name of more than 32 bytes is looked up each time.
struct Lookups {
    memo: Vec<Memo>,
}

#[derive(Clone, Copy, Default)]
struct Memo {
    /// The name's bytes, zero-padded.
    key: [u64; 4],
    /// The name's length, the arch and the dialects (0: an empty entry).
    tag: u32,
    found: Option<(crate::isa::DefId, bool)>,
}

/// Entries of [`Lookups`] (a power of two).
const MEMO_BITS: u32 = 9;

impl Lookups {
    fn new() -> Lookups {
        Lookups {
            memo: vec![Memo::default(); 1 << MEMO_BITS],
        }
    }

    /// `isa().lookup_in(arch, name, dialects)`, memoized.
    #[inline]
    fn lookup(&mut self, arch: Arch, name: &str, dialects: crate::isa::Dialects) -> Option<(crate::isa::DefId, bool)> {
        let b = name.as_bytes();
        if b.is_empty() || b.len() > 32 {
            return crate::isa::isa().lookup_in(arch, name, dialects);
        }
        // Whole words, then the last one read as the name's last eight bytes shifted down
        // (no copy of a partial word).
        let (n, mut key) = (b.len(), [0u64; 4]);
        let word = |at: usize| {
            b.get(at..at + 8)
                .and_then(|w| w.try_into().ok())
                .map_or(0, u64::from_le_bytes)
        };
        if n >= 8 {
            for (k, w) in key.iter_mut().enumerate().take(n / 8) {
                *w = word(8 * k);
            }
            if n % 8 != 0 {
                key[n / 8] = word(n - 8) >> (8 * (8 - n % 8));
            }
        } else {
            key[0] = b.iter().rev().fold(0, |w, &c| w << 8 | c as u64);
        }
        let tag = b.len() as u32 | (arch.slot() as u32) << 8 | (dialects.0 as u32) << 16;
        let h = (key[0] ^ key[1].rotate_left(21) ^ key[2].rotate_left(42) ^ key[3] ^ tag as u64)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let m = &mut self.memo[(h >> (64 - MEMO_BITS)) as usize];
        if m.tag == tag && m.key == key {
            debug_assert_eq!(m.found, crate::isa::isa().lookup_in(arch, name, dialects), "{name}");
            return m.found;
        }
        let found = crate::isa::isa().lookup_in(arch, name, dialects);
        *m = Memo { key, tag, found };
        found
    }
}

/// A literal waiting for a symbol defined later.
struct Pending {
    /// Index of the item in the whole file (not in `Assembler::items`, which loses its head as
    /// finished items are taken).
    item: usize,
    fixup: Fixup,
    line: usize,
    source: String,
    /// Where its statement looked names up (CLRX's local labels and scopes), when that
    /// matters: the expression is read again there.
    ctx: Option<Box<scopes::Ctx>>,
    /// `.` of its statement (with its section, CLRX), which the expression means when it is
    /// read again later.
    dot: (i64, Option<usize>),
    /// The values of the symbols it read when it was put off until a `.rocm` file's section
    /// addresses are known ([`Assembler::freeze`]).
    frozen: Vec<parse::Frozen>,
    /// CLRX: symbols it reads that were set again while waiting, with the name of the
    /// setting it reads ([`Assembler::keep_waiting_version`]).
    aliases: Vec<(String, String)>,
}

/// A symbol set to an expression that names a symbol not defined yet (`y = c + 4`): set
/// when that one is, as llvm-mc and clrxasm set it.
struct PendingAssign {
    name: String,
    /// The symbol it waits for.
    waits: String,
    line: usize,
    source: String,
    /// The name's span and the expression's.
    span: (usize, usize),
    expr: (usize, usize),
    ctx: Option<Box<scopes::Ctx>>,
    dot: (i64, Option<usize>),
    /// As [`Pending::frozen`], [`Pending::aliases`].
    frozen: Vec<parse::Frozen>,
    aliases: Vec<(String, String)>,
    /// The item of the code it came before (an `.amdcl2` alias's place among the readers of
    /// the data: [`amdcl2`]).
    item: usize,
}

/// The name an instruction's field waits for while [`Assembler::immediate_now`] reads it.
const NOW: &str = "\u{1}now";

/// Assembles a file statement by statement.
pub struct Assembler {
    arch: Arch,
    dialect: Dialect,
    file: String,
    syms: Symbols,
    /// Items not yet taken; `items[0]` is item number `taken` of the file.
    items: Vec<Item>,
    taken: usize,
    diags: Vec<Diagnostic>,
    /// In item order, so the first one bounds what is final.
    pending: Vec<Pending>,
    pending_assigns: Vec<PendingAssign>,
    /// A symbol was set by an assignment, which may set it again: from then on an expression
    /// put off for a later symbol keeps the values it read (llvm-mc and clrxasm read
    /// `x = 1` / `.long fwd + x` / `x = 2` / `fwd = 0` with x = 1).
    assigned: bool,
    offset: usize,
    names: Names,
    ops: Vec<Operand>,
    mods: Vec<Modifier>,
    lookups: Lookups,
    /// `--syntax auto`: the lines held until one decides the file's dialect.
    undecided: Option<Vec<(usize, String)>>,
    /// How the dialect was chosen (for the note that follows errors).
    chosen: Option<(usize, &'static str)>,
    /// Inside a `/* ... */` comment that started on an earlier line.
    in_comment: bool,
    /// The current line as written, when comments were blanked in the text parsed.
    shown: Option<(usize, String)>,
    /// The arch was given by the user (`-a`): a target directive naming another is an error.
    arch_given: bool,
    /// A target directive has set the arch (once).
    arch_set_at: Option<usize>,
    /// Names defined as labels, with their section (LLVM's branches take a label or a raw
    /// offset; a branch stays in its section).
    labels: rustc_hash::FxHashMap<String, usize>,
    /// Sections seen (name, offset when last left); `section` is the current one (0: .text).
    sections: Vec<(String, usize)>,
    section: usize,
    /// Conditionals, repetitions and macros ([`blocks`]).
    blocks: blocks::Blocks,
    /// CLRX's own state: fixed symbols, messages, `.end`... ([`clrx`]).
    clrx: clrx::State,
    /// CLRX's `\` line continuations ([`splice`]).
    splices: splice::Splices,
    /// Added to the line numbers of items (not of diagnostics): the lines of the input
    /// files before this one, when several are assembled as one source.
    line_base: usize,
    /// The diagnostics of the input files before this one, in order.
    sealed: Vec<Diagnostic>,
    /// Where `.include` looks after the including file's directory (`-I`).
    include_dirs: Vec<std::path::PathBuf>,
    /// Open `.include`s (the including file names, outermost first).
    including: Vec<String>,
    /// The diagnostics of each outermost `.include`, with its line: they follow that line's.
    included: Vec<(usize, Vec<Diagnostic>)>,
    /// Data sections, kernel descriptors, metadata, symbol attributes ([`object`]).
    obj: object::ObjectState,
    /// `.size NAME, EXPR` waiting for the end (name, expression, line, source, column).
    sizes: Vec<(String, String, usize, String, usize)>,
    /// Each `.amdhsa_kernel` block's kernel, line and source (checked at the end).
    kd_lines: Vec<(String, usize, String)>,
    /// The processor as `-a` or a target directive named it (`fiji`, `gfx900`).
    processor: Option<String>,
    /// The offset at the start of the last statement: the value of the symbol `.`. It is
    /// written into `syms` only when something may read it ([`Assembler::sync_dot`]): an
    /// instruction without a `.` in its line cannot, and most lines are such instructions.
    dot_at: usize,
    /// CLRX: settings kept under hidden names so far ([`Assembler::keep_waiting_version`]),
    /// and the values of those that got one.
    versions: usize,
    settled: rustc_hash::FxHashMap<String, (Sym, Option<usize>)>,
    /// `syms["."]` may differ from `dot_at`.
    dot_dirty: bool,
    /// The current line (comments included) has a `.` byte: its statements may name `.`.
    line_has_dot: bool,
}

/// Lines of an `auto` file held before its dialect is known; past this, the file is read as
/// both dialects at once (statement by statement), as before.
const HOLD_LINES: usize = 100_000;

impl Assembler {
    pub fn new(arch: Arch, dialect: Dialect, file: &str) -> Assembler {
        Assembler {
            arch,
            dialect,
            file: file.to_string(),
            syms: Symbols::new(expr::Rules::of(dialect)),
            items: Vec::new(),
            taken: 0,
            diags: Vec::new(),
            pending: Vec::new(),
            pending_assigns: Vec::new(),
            assigned: false,
            offset: 0,
            names: Names::new(arch),
            ops: Vec::with_capacity(8),
            mods: Vec::with_capacity(8),
            lookups: Lookups::new(),
            undecided: (dialect == Dialect::Auto).then(Vec::new),
            chosen: None,
            in_comment: false,
            shown: None,
            arch_given: true,
            arch_set_at: None,
            labels: Default::default(),
            sections: vec![(".text".to_string(), 0)],
            section: 0,
            blocks: Default::default(),
            clrx: Default::default(),
            splices: Default::default(),
            line_base: 0,
            sealed: Vec::new(),
            include_dirs: Vec::new(),
            including: Vec::new(),
            included: Vec::new(),
            obj: Default::default(),
            sizes: Vec::new(),
            kd_lines: Vec::new(),
            processor: None,
            dot_at: 0,
            versions: 0,
            settled: Default::default(),
            dot_dirty: false,
            line_has_dot: true,
        }
    }

    /// Writes the symbol `.` (the last statement's offset) into the symbol table, if it may
    /// be stale there: called before anything that can read it.
    fn sync_dot(&mut self) {
        if !self.dot_dirty {
            return;
        }
        self.dot_dirty = false;
        let here = Sym::Value(Value::Int(self.dot_at as i64));
        match self.syms.get_mut(".") {
            Some(s) => *s = here,
            None => {
                self.syms.insert(".".into(), here);
            }
        }
        if self.syms.rules == expr::Rules::Clrx {
            self.set_relative(".", true);
        }
    }

    /// `.` in a list of data values is the place of the value about to be read (llvm-mc's and
    /// clrxasm's reading), not the statement's start.
    pub(super) fn dot_at_value(&mut self, c: &Cursor, end: usize) {
        if self.dot_at != self.offset && c.s.get(c.pos..end).is_some_and(|t| t.contains(&b'.')) {
            self.dot_at = self.offset;
            self.dot_dirty = true;
            self.sync_dot();
        }
    }

    /// `.` of the current statement, with its section under clrxasm's rules.
    pub(super) fn dot_here(&self) -> (i64, Option<usize>) {
        let rel = self.syms.rules == expr::Rules::Clrx && self.relative_section();
        (self.dot_at as i64, rel.then(|| self.label_section()))
    }

    /// Are the current section's addresses relative (clrxasm's code sections, and a ROCm
    /// object's global data, whose differences with the code it resolves at the end)? In the
    /// others (`.amd`/`.gallium` global data and sections of the source's own, the absolute
    /// section of `.struct`) a label is a number.
    fn relative_section(&self) -> bool {
        let rocm_data = self
            .obj
            .rocm
            .as_ref()
            .is_some_and(|r| r.no_sect_diffs.is_none_or(|k| !k.0));
        !self.in_absolute() && (self.section == 0 || rocm_data && self.sections[self.section].0 == ".rodata")
    }

    /// Does a `.rocm` source resolve expressions over two sections (no `.nosectdiffs`)?
    fn rocm_sect_diffs(&self) -> bool {
        self.obj.rocm.as_ref().is_some_and(|r| r.no_sect_diffs.is_none())
    }

    /// CLRX: `name`'s value is an address in the current section (`rel`; not in the absolute
    /// section of `.struct`/`.offset`), or a number.
    fn set_relative(&mut self, name: &str, rel: bool) {
        let sec = self.label_section();
        match rel && self.relative_section() {
            true if self.syms.rel.get(name) == Some(&sec) => {}
            true => {
                self.syms.rel.insert(name.to_string(), sec);
            }
            false => {
                self.syms.rel.remove(name);
            }
        }
    }

    /// The code object version of `--format elf` (llvm-mc's `--amdhsa-code-object-version`);
    /// `.amdhsa_code_object_version` in the file overrides it.
    pub fn code_object_version(mut self, v: u8) -> Assembler {
        self.obj.parts.version = Some(v);
        self
    }

    /// The processor the user named (`-a gfx906`): it decides XNACK and the SGPR bug in
    /// kernel descriptors.
    pub fn processor(mut self, name: &str) -> Assembler {
        self.processor = Some(name.to_string());
        self
    }

    /// The directories `.include` searches after the including file's own (`-I`).
    pub fn include_dirs(mut self, dirs: Vec<std::path::PathBuf>) -> Assembler {
        self.include_dirs = dirs;
        self
    }

    /// Defines symbol `name` as `value` before the first line (the command line's `--defsym`).
    pub fn defsym(&mut self, name: &str, value: i64) {
        self.syms.insert(name.to_string(), Sym::Value(Value::Int(value)));
        self.obj.constant(name);
    }

    /// The next input file of one source (clrxasm assembles several files as one: symbols,
    /// macros and open blocks go on): its name for diagnostics, and the lines of the files
    /// before it (items' line numbers go on from there). A `\` at the end of the previous
    /// file joins nothing.
    pub fn begin_file(&mut self, name: &str, lines_before: usize) {
        if let Some((n, text)) = self.finish_splice() {
            self.logical_line(n, &text);
        }
        // The diagnostics of the files before come first, in their order.
        let done = self.sorted_diags();
        self.sealed.extend(done);
        self.file = name.to_string();
        self.line_base = lines_before;
    }

    /// The end of the input: a line left open by a final `\` and lines held until the
    /// dialect is known are assembled now (their `.print`s can be taken after this).
    pub fn end_input(&mut self) {
        if let Some((n, text)) = self.finish_splice() {
            self.logical_line(n, &text);
        }
        self.replay();
    }

    /// No warnings (clrxasm's `-w`): they are not kept.
    pub fn no_warnings(mut self) -> Assembler {
        self.clrx.no_warnings = true;
        self
    }

    /// The arch passed to [`Assembler::new`] is only a default: a target directive in the file
    /// (`.amdgcn_target`, CLRX's `.gpu`/`.arch`) chooses it.
    pub fn arch_is_default(mut self) -> Assembler {
        self.arch_given = false;
        self
    }

    /// The names a CLRX source mentions, in the order clrxasm puts them into its symbol map
    /// (see [`symbol_map_order`]): `.` first, then each name at its first mention.
    pub fn clrx_mentions(&self) -> Vec<String> {
        let mut names = vec![".".to_string()];
        names.extend(self.syms.mentions.order().into_iter().filter(|n| n != "."));
        names
    }

    /// The dialect the file is read in (`Auto` until a line decides it, or when none does).
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The arch the file is assembled for.
    pub fn arch(&self) -> Arch {
        self.arch
    }

    /// Number of errors so far.
    pub fn errors(&self) -> usize {
        self.diags
            .iter()
            .chain(&self.sealed)
            .filter(|d| d.severity == Severity::Error)
            .count()
    }

    /// The diagnostics so far, in order of position (of the current input file); a note
    /// stays under the diagnostic it follows (a macro's expansion), an included file's follow
    /// those of its `.include` line.
    fn sorted_diags(&mut self) -> Vec<Diagnostic> {
        let mut groups: Vec<Vec<Diagnostic>> = Vec::new();
        for d in std::mem::take(&mut self.diags) {
            match groups.last_mut() {
                Some(g) if d.severity == Severity::Note => g.push(d),
                _ => groups.push(vec![d]),
            }
        }
        groups.sort_by_key(|g| (g[0].line, g[0].col));
        let mut included = std::mem::take(&mut self.included).into_iter().peekable();
        let mut merged = Vec::new();
        for g in groups {
            while let Some((_, block)) = included.next_if(|(line, _)| *line < g[0].line) {
                merged.extend(block);
            }
            merged.extend(g);
        }
        merged.extend(included.flat_map(|(_, block)| block));
        merged
    }

    fn diag(&mut self, line: usize, src: &str, e: PErr) {
        self.report(line, src, e, Severity::Error)
    }

    fn report(&mut self, line: usize, src: &str, e: PErr, severity: Severity) {
        let shown = match &self.shown {
            Some((n, orig)) if *n == line && orig.len() == src.len() => orig.clone(),
            _ => src.to_string(),
        };
        // A line joined by CLRX's `\`: the physical line and column.
        let (line, shown, e) = match self.splices.locate(&self.file, line, e.start) {
            Some((n, at, text)) => {
                let shift = e.start - at;
                let e = PErr {
                    start: at,
                    end: e.end.saturating_sub(shift).min(text.len()).max(at + 1),
                    ..e
                };
                (n, text.to_string(), e)
            }
            None => (line, shown, e),
        };
        let src: &str = &shown;
        let col = src
            .get(..e.start.min(src.len()))
            .map(|p| p.chars().count())
            .unwrap_or(e.start)
            + 1;
        let len = src
            .get(e.start.min(src.len())..e.end.min(src.len()))
            .map(|p| p.chars().count())
            .unwrap_or(1);
        if severity == Severity::Warning && self.clrx.no_warnings {
            return;
        }
        self.diags.push(Diagnostic {
            severity,
            file: self.file.clone(),
            line,
            col,
            len: len.max(1),
            message: e.msg,
            help: e.help,
            source: src.to_string(),
        });
    }

    /// Processes one source line (1-based `lineno`). With `--syntax auto`, lines are held
    /// until one of them decides the file's dialect ([`detect_dialect`]), then replayed.
    pub fn line(&mut self, lineno: usize, src: &str) {
        if self.splicing(src) {
            if let Some((n, text)) = self.splice(lineno, src) {
                self.logical_line(n, &text);
            }
            return;
        }
        self.logical_line(lineno, src)
    }

    /// A line after CLRX's continuations are joined.
    fn logical_line(&mut self, lineno: usize, src: &str) {
        if let Some(held) = &mut self.undecided {
            if let Some((d, why)) = detect_dialect(src) {
                self.dialect = d;
                self.syms.rules = expr::Rules::of(d);
                self.chosen = Some((lineno, why));
                self.replay();
            } else {
                held.push((lineno, src.to_string()));
                if held.len() >= HOLD_LINES {
                    self.replay();
                }
                return;
            }
        }
        self.process(lineno, src);
    }

    /// Processes the held lines in the dialect now chosen (or as both, undecided).
    fn replay(&mut self) {
        for (n, l) in self.undecided.take().unwrap_or_default() {
            self.process(n, &l);
        }
    }

    /// Blanks `/* ... */` comments (byte for byte, so positions stay) including those that
    /// span lines, and finds where a line comment starts: `#`, `//` but in CLRX text, and in
    /// LLVM text `;`.
    /// Returns the line to parse, its end, and whether the line has no `;` (nor anything
    /// that starts a string or a comment).
    fn uncomment<'a>(&mut self, src: &'a str) -> (std::borrow::Cow<'a, str>, usize, bool) {
        let b = src.as_bytes();
        let llvm = self.dialect == Dialect::Llvm;
        let clrx = self.dialect == Dialect::Clrx;
        let mut blank: Option<Vec<u8>> = None;
        let mut k = 0;
        let mut end = b.len();
        let mut from = 0; // start of an open block comment on this line
        let (special, dot) = scan_line(b);
        self.line_has_dot = dot;
        if self.in_comment {
            blank = Some(b.to_vec());
        } else if !special {
            // Nothing that starts a string or a comment: the usual instruction line.
            return (std::borrow::Cow::Borrowed(src), b.len(), true);
        }
        while k < b.len() {
            if self.in_comment {
                if b[k] == b'*' && b.get(k + 1) == Some(&b'/') {
                    self.in_comment = false;
                    let v = blank.get_or_insert_with(|| b.to_vec());
                    v[from..k + 2].iter_mut().for_each(|c| *c = b' ');
                    k += 2;
                } else {
                    k += 1;
                }
                continue;
            }
            match b[k] {
                b'"' => {
                    // A string: no comment starts inside it.
                    k += 1;
                    while k < b.len() && b[k] != b'"' {
                        k += if b[k] == b'\\' { 2 } else { 1 };
                    }
                    k += 1;
                    continue;
                }
                // clrxasm reads `//` as unsigned division, never as a comment.
                b'/' if b.get(k + 1) == Some(&b'/') && !clrx => {
                    end = k;
                    break;
                }
                b'/' if b.get(k + 1) == Some(&b'*') => {
                    self.in_comment = true;
                    from = k;
                    k += 2;
                    continue;
                }
                b'#' => {
                    end = k;
                    break;
                }
                b';' if llvm => {
                    end = k;
                    break;
                }
                _ => {}
            }
            k += 1;
        }
        if self.in_comment {
            // Open to the end of the line (and on).
            let v = blank.get_or_insert_with(|| b.to_vec());
            let from = from.min(v.len());
            v[from..].iter_mut().for_each(|c| *c = b' ');
        }
        match blank {
            // Only ASCII bytes were replaced by ASCII blanks at char boundaries.
            Some(v) => (
                std::borrow::Cow::Owned(String::from_utf8_lossy(&v).into_owned()),
                end,
                false,
            ),
            None => (std::borrow::Cow::Borrowed(src), end, false),
        }
    }

    fn process(&mut self, lineno: usize, src: &str) {
        // CLRX's `.end`/`.abort`: nothing after it is read.
        if self.clrx.ended {
            return;
        }
        if self.metadata_line(lineno, src) {
            return;
        }
        if self.block_line(lineno, src) {
            return;
        }
        let (text, end, plain) = self.uncomment(src);
        // Diagnostics show the line as written (comments blanked byte for byte keep positions).
        self.shown = match &text {
            std::borrow::Cow::Owned(_) => Some((lineno, src.to_string())),
            std::borrow::Cow::Borrowed(_) => None,
        };
        let src: &str = &text;
        let end = end.min(src.len());
        let mut start = 0;
        loop {
            // Lines are short: a byte loop beats a searcher set up per line.
            let semi = if plain {
                None
            } else {
                statement_end(&src.as_bytes()[start..end]).map(|p| start + p)
            };
            let stop = semi.unwrap_or(end);
            self.statement(lineno, src, start, stop);
            self.expression_warnings(lineno, src);
            self.clrx_mentions_kept();
            match semi {
                Some(p) => {
                    // LLVM: the rest is a comment. Auto: a statement if it starts like one.
                    let rest = src[p + 1..end].trim_start();
                    let is_stmt = match self.dialect {
                        Dialect::Clrx => true,
                        Dialect::Llvm => false,
                        Dialect::Auto => self.looks_like_statement(rest),
                    };
                    if !is_stmt {
                        break;
                    }
                    start = p + 1;
                }
                None => break,
            }
        }
    }

    /// A line of an expanded block (already past dialect detection).
    fn line_in_block(&mut self, lineno: usize, src: &str) {
        self.process(lineno, src);
    }

    fn looks_like_statement(&self, rest: &str) -> bool {
        let id: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.')
            .collect();
        if id.is_empty() {
            return rest.is_empty();
        }
        let after = rest[id.len()..].trim_start();
        if after.starts_with('=') || after.starts_with(':') || id.starts_with('.') {
            return true;
        }
        let lower = id.to_ascii_lowercase();
        let base = lower
            .strip_suffix("_e32")
            .or_else(|| lower.strip_suffix("_e64"))
            .unwrap_or(&lower);
        crate::isa::isa().lookup(self.arch, base).is_some() || !crate::isa::isa().archs_with(base).is_empty()
    }

    fn statement(&mut self, lineno: usize, src: &str, start: usize, end: usize) {
        let mut c = Cursor::new(src, start, end);
        if c.at_end() {
            return;
        }
        // `.` is the statement's own offset (`s_branch .+8`); written into the symbols at once
        // unless this is an instruction whose line has no `.` (below).
        self.dot_at = self.offset;
        self.dot_dirty = true;
        if self.line_has_dot {
            self.sync_dot();
        }
        let clrx = self.dialect != Dialect::Llvm;
        if clrx {
            self.syms.clrx.statement();
            // CLRX's local label `1:` (defined again and again; `1b`/`1f` name them).
            if let Some((n, after)) = clrx::local_label_def(&c) {
                self.sync_dot();
                let key = self.syms.clrx.define_local(n);
                self.syms.mentions.note_local_label(n);
                self.labels.insert(key.clone(), self.label_section());
                self.set_relative(&key, true);
                let here = Sym::Value(Value::Int(self.offset as i64));
                self.syms.insert(key.clone(), here);
                self.resolve(&key);
                return self.statement(lineno, src, after, end);
            }
        }
        // CLRX's scope path (`::a::x = 1`).
        let scoped = if clrx && (c.peek() == Some(b':') || self.syms.clrx_scoped()) {
            let save = c.pos;
            match scopes::scoped_ident(&mut c) {
                Some((name, at)) if name.contains("::") => Some((name, at)),
                _ => {
                    c.pos = save;
                    None
                }
            }
        } else {
            None
        };
        let ident = match &scoped {
            Some((name, at)) => Some((name.as_str(), *at)),
            None => c.ident(),
        };
        let Some((id, id_start)) = ident else {
            let p = c.pos;
            return self.diag(
                lineno,
                src,
                PErr {
                    start: p,
                    end,
                    msg: "expected an instruction, a label or a directive".into(),
                    help: None,
                },
            );
        };
        let id_end = c.pos;
        // Labels and assignments define symbols: pending expressions that name `.` follow.
        c.ws();
        if matches!(c.peek(), Some(b':' | b'=')) {
            self.sync_dot();
        }
        // Label.
        if c.peek() == Some(b':') && c.peek_at(1) != Some(b':') {
            c.pos += 1;
            // (An `.amd`/`.gallium` kernel's config lines are no place for labels: clrxasm's error.)
            if clrx && (self.amd_config_open() || self.gallium_kernel_open()) {
                let e = perr(id_start, id_end, "Label can't be defined in non-addressable section");
                self.diag(lineno, src, e);
                return self.statement(lineno, src, c.pos, end);
            }
            let key = if clrx {
                self.syms.clrx.define_key(id)
            } else {
                id.to_string()
            };
            // One lookup: a label already there is a second definition.
            if self.labels.insert(key.clone(), self.label_section()).is_some() || clrx && self.clrx.fixed.contains(&key)
            {
                let e = perr(id_start, id_end, format!("symbol '{id}' is already defined"));
                self.diag(lineno, src, e);
                return self.statement(lineno, src, c.pos, end);
            }
            // Objects name the labels that are not `.L` temporaries (kept only those: a long
            // stream has a branch label every few instructions).
            if !id.starts_with(".L") && key == id && !self.in_absolute() {
                let sec = self.sections[self.section].0.clone();
                self.obj.parts.labels.push((id.to_string(), sec, self.offset as u64));
                self.obj.parts.mention(id);
            }
            // (An `.amdcl2` source's global data labels are places code relocates to; clrxasm's
            // symbol table has them from here.)
            self.syms.mentions.note(&key);
            if !self.amdcl2_data_label(&key) {
                if clrx {
                    self.set_relative(&key, true);
                }
                self.define(
                    lineno,
                    src,
                    &key,
                    Sym::Value(Value::Int(self.offset as i64)),
                    id_start,
                    id_end,
                );
            }
            return self.statement(lineno, src, c.pos, end);
        }
        // Assignment `sym = expr` (or `%register`).
        if c.peek() == Some(b'=') && c.peek_at(1) != Some(b'=') {
            c.pos += 1;
            c.ws();
            if c.eat(b'%') {
                // CLRX: `%expr` names a constant operand (`dreg=%-12`), `%s[4:7]` registers.
                let save = c.pos;
                if !matches!(parse::register_in(&mut c, &self.names, &self.syms, false), Ok(Some(_))) {
                    c.pos = save;
                    return self.assign(lineno, src, id, (id_start, id_end), &mut c, end);
                }
                c.pos = save;
                match parse::register_in(&mut c, &self.names, &self.syms, false) {
                    Ok(Some(r)) if c.at_end() => {
                        let key = if clrx {
                            self.syms.clrx.define_key(id)
                        } else {
                            id.to_string()
                        };
                        if self.clrx.fixed.contains(&key) {
                            let e = perr(id_start, id_end, format!("symbol '{id}' is already defined"));
                            return self.diag(lineno, src, e);
                        }
                        self.define(lineno, src, &key, Sym::Reg(r), id_start, id_end)
                    }
                    Ok(_) => {
                        let p = c.pos;
                        self.diag(
                            lineno,
                            src,
                            PErr {
                                start: p,
                                end,
                                msg: "expected a register after '%'".into(),
                                help: None,
                            },
                        )
                    }
                    Err(e) => self.diag(lineno, src, e),
                }
                return;
            }
            return self.assign(lineno, src, id, (id_start, id_end), &mut c, end);
        }
        // Lowercase on the stack: no allocation per statement.
        let mut buf = [0u8; 64];
        let lower_owned;
        let lower: &str = match parse::lower_in(id, &mut buf) {
            Some(l) => l,
            None => {
                lower_owned = id.to_ascii_lowercase();
                &lower_owned
            }
        };
        if lower.starts_with('.') {
            return self.directive(lineno, src, lower, (id_start, id_end), &mut c, end);
        }
        if self.in_absolute() {
            let msg = "an instruction in the absolute section (.struct/.offset): only labels and counting go there";
            return self.error_at(lineno, src, (id_start, id_end), msg.into());
        }
        self.instruction(lineno, src, lower, (id_start, id_end), &mut c);
    }

    fn define(&mut self, lineno: usize, src: &str, name: &str, sym: Sym, start: usize, end: usize) {
        // clrxasm lets a symbol take a special register's name (`vccz=33`) where an operand
        // cannot be that register (an SMRD offset); llvm-mc does not.
        // Lowercase on the stack: no allocation per label.
        let mut buf = [0u8; 64];
        let lower = parse::lower_in(name, &mut buf).map(std::borrow::Cow::Borrowed);
        let lower = lower.unwrap_or_else(|| std::borrow::Cow::Owned(name.to_ascii_lowercase()));
        if self.dialect != Dialect::Clrx && self.names.named(&lower).is_some() {
            return self.diag(
                lineno,
                src,
                PErr {
                    start,
                    end,
                    msg: format!("'{name}' is a register name"),
                    help: None,
                },
            );
        }
        let hidden = variables::is_hidden(name);
        if !hidden {
            self.syms.mentions.note(name);
        }
        self.syms.insert(name.to_string(), sym);
        if let Sym::Value(_) = sym {
            self.keep_first_value(name, sym);
        }
        self.names.reg_symbols |= matches!(sym, Sym::Reg(_));
        if let Sym::Value(_) = sym {
            self.stop_waiting(name);
            if !self.read_at_end(name) {
                self.resolve(name);
            }
            if !self.pending_assigns.is_empty() {
                self.resolve_assigns(name);
            }
            // (a setting kept under a hidden name is read through the expressions that
            // waited for it only)
            if hidden {
                self.syms.remove(name);
            }
        }
    }

    /// Do expressions wait for a `.rocm` file's section addresses ([`expr::SectDiffs`])?
    pub(super) fn waits_for_file_addresses(&self) -> bool {
        self.pending.iter().any(|p| p.fixup.symbol == expr::FILE_ADDRESSES)
            || self.pending_assigns.iter().any(|p| p.waits == expr::FILE_ADDRESSES)
    }

    /// The section addresses are known ([`parse::Symbols::prepare_sect_diffs`]): the
    /// assignments and values that waited for them are evaluated, the assignments first.
    pub(super) fn resolve_file_addresses(&mut self) {
        self.resolve_assigns(expr::FILE_ADDRESSES);
        self.resolve(expr::FILE_ADDRESSES);
    }

    /// In a `.rocm` source clrxasm puts off only literals (and data and assignments) until the
    /// file's addresses are known: an instruction's other fields (from pending fixup `from` on)
    /// that wait for them are evaluated now by the plain rules (an expression over two sections
    /// is an error there; a comparison of two labels of one section a number).
    fn immediate_now(&mut self, from: usize) {
        let mut any = false;
        for p in &mut self.pending[from..] {
            if p.fixup.symbol == expr::FILE_ADDRESSES && !matches!(p.fixup.kind, select::FixupKind::Literal(_)) {
                p.fixup.symbol = NOW.into();
                any = true;
            }
        }
        if any {
            self.with_sect_diffs(expr::SectDiffs::Off, |this| this.resolve(NOW));
        }
    }

    /// Runs `f` with `.rocm` section differences in `mode`, then back to what they were.
    fn with_sect_diffs<T>(&mut self, mode: expr::SectDiffs, f: impl FnOnce(&mut Self) -> T) -> T {
        let was = self.syms.sect_diffs.replace(mode);
        let r = f(self);
        self.syms.sect_diffs.set(was);
        r
    }

    /// The values of the defined symbols the expression `source[span]` reads (in `ctx`, `.`
    /// at `dot`), read again now: an expression clrxasm puts off until the file's addresses
    /// are known keeps the values its statement saw (a symbol set again later does not change
    /// it).
    fn freeze(
        &mut self,
        source: &str,
        span: (usize, usize),
        ctx: Option<&scopes::Ctx>,
        dot: (i64, Option<usize>),
    ) -> Vec<parse::Frozen> {
        *self.syms.reads.borrow_mut() = Some(Vec::new());
        let mut c = Cursor::new(source, span.0, span.1);
        let _ = self.with_dot(dot, |this| {
            this.syms
                .with_context(ctx, |syms| (Expr { syms, no_bar: false }).parse_rel(&mut c))
        });
        // (its warnings were given the first time)
        self.syms.warnings.get_mut().clear();
        self.syms.reads.borrow_mut().take().unwrap_or_default()
    }

    /// [`Assembler::freeze`] for the pending value `k`.
    fn freeze_pending_at(&mut self, k: usize) {
        let source = std::mem::take(&mut self.pending[k].source);
        let ctx = self.pending[k].ctx.take();
        let (span, dot) = (
            (self.pending[k].fixup.start, self.pending[k].fixup.end),
            self.pending[k].dot,
        );
        let frozen = self.freeze(&source, span, ctx.as_deref(), dot);
        let p = &mut self.pending[k];
        (p.source, p.ctx, p.frozen) = (source, ctx, frozen);
    }

    /// [`Assembler::freeze`] for the last pending value when an assignment may set one of
    /// the symbols it reads again ([`Assembler::assigned`]) and it reads more than the
    /// symbol it waits for (one waiting for a `.rocm` file's addresses is frozen where that
    /// is decided).
    pub(super) fn freeze_if_assigned(&mut self) {
        let Some(p) = self.pending.last() else { return };
        if self.assigned
            && p.fixup.symbol != expr::FILE_ADDRESSES
            && !self.bare_reads_one(p.source.get(p.fixup.start..p.fixup.end).unwrap_or(""))
        {
            self.freeze_last();
        }
    }

    /// [`Assembler::freeze`] for the last pending value.
    pub(super) fn freeze_last(&mut self) {
        if let Some(k) = self.pending.len().checked_sub(1) {
            self.freeze_pending_at(k);
        }
    }

    /// [`Assembler::freeze`] for the last pending assignment.
    fn freeze_last_assign(&mut self) {
        let Some(mut p) = self.pending_assigns.pop() else {
            return;
        };
        p.frozen = self.freeze(&p.source, p.expr, p.ctx.as_deref(), p.dot);
        self.pending_assigns.push(p);
    }

    /// Runs `f` with the symbols `frozen` holds set to the values kept there, then restores
    /// them (LLVM: seen by the expression itself only, [`parse::Symbols::seen`]).
    fn with_frozen<T>(
        &mut self,
        frozen: &[parse::Frozen],
        aliases: &[(String, String)],
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        if !aliases.is_empty() {
            return self.without_aliased(aliases, |this| this.with_frozen(frozen, &[], f));
        }
        if frozen.is_empty() {
            return f(self);
        }
        if self.dialect == Dialect::Llvm {
            *self.syms.seen.get_mut() = frozen.to_vec();
            let r = f(self);
            self.syms.seen.get_mut().clear();
            return r;
        }
        let saved: Vec<(String, Option<Sym>, Option<usize>)> = frozen
            .iter()
            .map(|(n, _, _)| (n.clone(), self.syms.get(n).copied(), self.syms.rel.get(n).copied()))
            .collect();
        for (n, sym, sec) in frozen {
            self.syms.insert(n.clone(), *sym);
            match sec {
                Some(sec) => self.syms.rel.insert(n.clone(), *sec),
                None => self.syms.rel.remove(n),
            };
        }
        let r = f(self);
        for (n, sym, sec) in saved.into_iter().rev() {
            match sym {
                Some(sym) => self.syms.insert(n.clone(), sym),
                None => self.syms.remove(&n),
            };
            match sec {
                Some(sec) => self.syms.rel.insert(n, sec),
                None => self.syms.rel.remove(&n),
            };
        }
        r
    }

    /// Sets the symbols whose assignment waited for `name`.
    fn resolve_assigns(&mut self, name: &str) {
        if self.rocm_sect_diffs() && self.syms.sect_diffs.get() == expr::SectDiffs::Off {
            return self.with_sect_diffs(expr::SectDiffs::Deferring, |this| this.resolve_assigns_in(name));
        }
        self.resolve_assigns_in(name)
    }

    fn resolve_assigns_in(&mut self, name: &str) {
        let (ready, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pending_assigns)
            .into_iter()
            .partition(|p| p.waits == name);
        self.pending_assigns = waiting;
        for mut p in ready {
            let mut c = Cursor::new(&p.source, p.expr.0, p.expr.1);
            let mut frozen = std::mem::take(&mut p.frozen);
            let mut aliases = std::mem::take(&mut p.aliases);
            self.settle(&mut frozen, &mut aliases);
            let r = self.with_frozen(&frozen, &aliases, |this| {
                this.with_dot(p.dot, |this| {
                    this.syms.with_context(p.ctx.as_deref(), |syms| {
                        (Expr { syms, no_bar: false }).parse_rel(&mut c)
                    })
                })
            });
            self.expression_warnings(p.line, &p.source);
            match r {
                Ok((EVal::Value(v), sec)) => {
                    let (v, sec) = self.space_address(v, sec);
                    self.set_assigned(&p.name, sec);
                    let (line, source, (s0, s1)) = (p.line, p.source.clone(), p.span);
                    self.define(line, &source, &p.name, Sym::Value(v), s0, s1);
                    if !variables::is_hidden(&p.name) {
                        self.obj.constant(&p.name);
                    }
                }
                Ok((EVal::Forward(other), _)) => {
                    if other == expr::FILE_ADDRESSES {
                        p.frozen = self.freeze(&p.source, p.expr, p.ctx.as_deref(), p.dot);
                    } else {
                        p.frozen = self.refreeze(&p.source, p.expr, p.ctx.as_deref(), p.dot, frozen, &aliases);
                    }
                    p.waits = variables::aliased(&aliases, other);
                    p.aliases = aliases;
                    self.pending_assigns.push(p);
                }
                Err(e) => self.diag(p.line, &p.source, e),
            }
        }
    }

    /// Runs `f` with `.` set to `dot` (a statement's, read again later), then restores it.
    fn with_dot<T>(&mut self, dot: (i64, Option<usize>), f: impl FnOnce(&mut Self) -> T) -> T {
        let saved = (self.syms.get(".").copied(), self.syms.rel.get(".").copied());
        self.syms.insert(".".into(), Sym::Value(Value::Int(dot.0)));
        match dot.1 {
            Some(sec) => self.syms.rel.insert(".".into(), sec),
            None => self.syms.rel.remove("."),
        };
        let r = f(self);
        match saved.0 {
            Some(v) => self.syms.insert(".".into(), v),
            None => self.syms.remove("."),
        };
        match saved.1 {
            Some(sec) => self.syms.rel.insert(".".into(), sec),
            None => self.syms.rel.remove("."),
        };
        r
    }

    /// An address the shared address space of a `.rocm` file gave (relative to its first
    /// section) in the section it falls in, as clrxasm keeps it; any other value as it is.
    fn space_address(&self, v: Value, sec: Option<usize>) -> (Value, Option<usize>) {
        match (v, sec) {
            (Value::Int(x), Some(_)) if self.syms.sect_diffs.get() == expr::SectDiffs::Prepared => {
                match self.syms.space_section(x) {
                    Some((s, x)) => (Value::Int(x), Some(s)),
                    None => (v, sec),
                }
            }
            _ => (v, sec),
        }
    }

    /// A symbol set to a label's address is one too (in the label's section).
    fn set_assigned(&mut self, name: &str, sec: Option<usize>) {
        match sec {
            Some(sec) => {
                self.syms.rel.insert(name.to_string(), sec);
            }
            None if !self.syms.rel.is_empty() => {
                self.syms.rel.remove(name);
            }
            None => {}
        }
    }

    /// `name = expr` (or `.set name, expr`); `span` is the name's.
    fn assign(&mut self, lineno: usize, src: &str, name: &str, span: (usize, usize), c: &mut Cursor, end: usize) {
        let (s0, s1) = span;
        let key = if self.dialect != Dialect::Llvm {
            self.syms.clrx.define_key(name)
        } else {
            name.to_string()
        };
        let name = key.as_str();
        if self.labels.contains_key(name) {
            return self.diag(
                lineno,
                src,
                perr(s0, s1, format!("symbol '{name}' is already defined (a label)")),
            );
        }
        self.assigned = true;
        if self.clrx.fixed.contains(name) {
            return self.diag(lineno, src, perr(s0, s1, format!("symbol '{name}' is already defined")));
        }
        let e = Expr {
            syms: &self.syms,
            no_bar: false,
        };
        let e0 = c.pos;
        let r = e.parse_rel(c);
        if let Some(e) = self.reassign_error(name, (e0, c.pos), &src[e0..c.pos]) {
            return self.diag(lineno, src, e);
        }
        // A later assignment replaces one still waiting (CLRX: which what reads it still
        // reads).
        let (mut version, reads_itself) = (
            None,
            variables::reads_via(&src[e0..c.pos], name, &self.syms.clrx.eqvs, 0),
        );
        if !self.pending_assigns.is_empty() {
            version = self.keep_waiting_version(name, reads_itself);
            self.pending_assigns.retain(|p| p.name != name);
        }
        match r {
            Ok((EVal::Value(v), sec)) if c.at_end() => {
                self.set_assigned(name, sec);
                self.define(lineno, src, name, Sym::Value(v), s0, s1);
                self.obj.constant(name);
            }
            // (`x = gdata+4` in an `.amdcl2` source: relocated where `x` is used.)
            Ok((EVal::Forward(f), _)) if c.at_end() && self.amdcl2_data_alias(name, &f, &src[e0..c.pos]) => {}
            Ok((EVal::Forward(f), _)) if c.at_end() && self.dialect == Dialect::Llvm && f != expr::FILE_ADDRESSES => {
                self.assign_waiting(name, src, (e0, c.pos));
            }
            Ok((EVal::Forward(f), _)) if c.at_end() => {
                let aliases: Vec<(String, String)> = version
                    .filter(|_| reads_itself)
                    .map(|v| (name.to_string(), v))
                    .into_iter()
                    .collect();
                let pa = PendingAssign {
                    name: name.to_string(),
                    waits: variables::aliased(&aliases, f),
                    line: lineno,
                    source: src.to_string(),
                    span: (s0, s1),
                    expr: (e0, c.pos),
                    ctx: self.syms.clrx.context_for_pending(),
                    dot: self.dot_here(),
                    frozen: Vec::new(),
                    aliases,
                    item: self.taken + self.items.len(),
                };
                let bare = is_bare_name(&src[e0..c.pos]);
                self.pending_assigns.push(pa);
                if self
                    .pending_assigns
                    .last()
                    .is_some_and(|p| p.waits == expr::FILE_ADDRESSES || !bare)
                {
                    self.freeze_last_assign();
                }
                self.forget_value(name);
            }
            Ok((EVal::Value(_), _)) => {
                let p = c.pos;
                self.diag(
                    lineno,
                    src,
                    PErr {
                        start: p,
                        end,
                        msg: "unexpected text after the expression".into(),
                        help: None,
                    },
                )
            }
            Ok((EVal::Forward(f), _)) => {
                let p = c.pos;
                self.diag(
                    lineno,
                    src,
                    PErr {
                        start: s1,
                        end: p,
                        msg: format!("{} is not defined", scopes::shown_name(&f)),
                        help: None,
                    },
                )
            }
            Err(e) => self.diag(lineno, src, e),
        }
    }

    /// Reports the warnings the expressions of a statement left (at its line): almost never
    /// any, so the check is inline and the report out of line.
    #[inline(always)]
    fn expression_warnings(&mut self, lineno: usize, src: &str) {
        if !self.syms.warnings.get_mut().is_empty() {
            self.report_expression_warnings(lineno, src);
        }
    }

    #[cold]
    #[inline(never)]
    fn report_expression_warnings(&mut self, lineno: usize, src: &str) {
        for w in std::mem::take(self.syms.warnings.get_mut()) {
            self.report(lineno, src, w, Severity::Warning);
        }
    }

    /// Patches literals that were waiting for `name`: their expressions are evaluated again
    /// now that it is defined (they may wait for another symbol next).
    fn resolve(&mut self, name: &str) {
        // (in a `.rocm` source clrxasm reads again what waited by the rules that put off
        // expressions over two sections, whatever the statement that defines the symbol)
        if self.rocm_sect_diffs() && name != NOW && self.syms.sect_diffs.get() == expr::SectDiffs::Off {
            return self.with_sect_diffs(expr::SectDiffs::Deferring, |this| this.resolve_in(name));
        }
        self.resolve_in(name)
    }

    fn resolve_in(&mut self, name: &str) {
        let mut pending = std::mem::take(&mut self.pending);
        pending.retain_mut(|p| {
            if p.fixup.symbol != name {
                return true;
            }
            let (start, end) = (p.fixup.start, p.fixup.end);
            let mut c = Cursor::new(&p.source, start, end);
            // The usual expression is the name alone (a branch's label): its value is the
            // symbol's, as the expression reader would find. Only a branch target may be a
            // label's address under clrxasm's rules (and must be one).
            let branch = matches!(p.fixup.kind, select::FixupKind::Branch { .. });
            let clrx_rel = self.syms.rules == expr::Rules::Clrx;
            // (Under clrxasm's rules a branch wants an address, anything else a number: a name
            // of the other kind goes the long way, to its error.)
            let bare = match self.syms.get(name) {
                Some(Sym::Value(v))
                    if p.source.get(start..end) == Some(name)
                        && (!clrx_rel || branch == self.syms.rel.contains_key(name)) =>
                {
                    Some(Ok(EVal::Value(*v)))
                }
                _ => None,
            };
            let ctx = p.ctx.as_deref();
            let mut eval = |this: &mut Self| {
                this.syms.with_context(ctx, |syms| {
                    let e = Expr { syms, no_bar: false };
                    match branch {
                        false => e.parse(&mut c),
                        true => e.parse_rel(&mut c).and_then(|(v, sec)| match (v, sec) {
                            (EVal::Value(_), None) if clrx_rel => parse::err(
                                start,
                                end,
                                "a branch target is an address in this section (a label, `.`, plus or minus a number), not a number (clrxasm: \"Jump over current section!\")",
                            ),
                            (v, _) => Ok(v),
                        }),
                    }
                })
            };
            // `.` is the statement's, not the place where the symbol was defined.
            let mut frozen = std::mem::take(&mut p.frozen);
            self.settle(&mut frozen, &mut p.aliases);
            let r = match bare {
                Some(r) => r,
                None => self.with_frozen(&frozen, &p.aliases, |this| match p.source.get(start..end).is_some_and(|t| t.contains('.')) {
                    true => this.with_dot(p.dot, eval),
                    false => eval(this),
                }),
            };
            self.expression_warnings(p.line, &p.source);
            match r {
                Ok(EVal::Value(v)) if matches!(p.fixup.kind, select::FixupKind::Bytes { .. }) => {
                    let select::FixupKind::Bytes { width, section } = p.fixup.kind else {
                        return false;
                    };
                    match v {
                        Value::Int(x) => {
                            if let Some(w) = data::truncation(x, 8 * width as u32) {
                                let e = parse::perr(start, end, w);
                                self.report(p.line, &p.source, e, Severity::Warning);
                            }
                            let bytes = x.to_le_bytes();
                            self.patch_bytes(p.item, section as usize, p.fixup.word, &bytes[..width as usize]);
                        }
                        Value::Float(..) => {
                            let e = parse::perr(start, end, "expected an integer expression");
                            self.diag(p.line, &p.source, e);
                        }
                    }
                    false
                }
                Ok(EVal::Value(v)) => {
                    let item = &mut self.items[p.item - self.taken];
                    let mut warning = None;
                    let patched = match p.fixup.kind {
                        // clrxasm keeps the low 32 bits of a wider integer, with a warning.
                        select::FixupKind::Literal(_)
                            if self.dialect == Dialect::Clrx
                                && matches!(v, Value::Int(x) if !(-0x8000_0000..=0xffff_ffff).contains(&x)) =>
                        {
                            let x = match v {
                                Value::Int(x) => x,
                                Value::Float(..) => 0,
                            };
                            item.words[p.fixup.word] = x as u32;
                            warning = Some(format!("{x:#x} truncated to 32 bits: {:#x}", x as u32));
                            Ok(())
                        }
                        select::FixupKind::Data => data_word(v, self.dialect).map(|(w, warn)| {
                            item.words[0] = w;
                            warning = warn;
                        }),
                        select::FixupKind::Literal(ty) => {
                            select::literal_bits(v, ty).map(|bits| item.words[p.fixup.word] = bits)
                        }
                        select::FixupKind::Branch { section, .. }
                            if self.labels.get(name).is_some_and(|&k| k != section) =>
                        {
                            Err("the branch target is in another section".into())
                        }
                        select::FixupKind::Branch { next, .. } => match v {
                            Value::Int(t) => scalar::branch_offset(t, next)
                                .map(|s| item.words[0] = (item.words[0] & 0xffff_0000) | s.unwrap_or(0)),
                            Value::Float(..) => Err("a branch target is an address, not a float".into()),
                        },
                        select::FixupKind::Bytes { .. } => Ok(()),
                        select::FixupKind::Bits { lo, fix } => match v {
                            Value::Int(x) => fix.fit(x, self.dialect).map(|(bits, warn)| {
                                let m = ((1u64 << fix.bits) - 1) << lo;
                                let w = item.words[0] as u64 | (item.words[1] as u64) << 32;
                                let w = (w & !m) | ((bits as u64) << lo & m);
                                item.words[0] = w as u32;
                                item.words[1] = (w >> 32) as u32;
                                if let Some(m) = warn {
                                    warning = Some(m);
                                }
                            }),
                            Value::Float(..) => Err("expected an integer".into()),
                        },
                    };
                    match patched {
                        Ok(()) => {
                            if let Some(msg) = warning {
                                let e = PErr {
                                    start,
                                    end,
                                    msg,
                                    help: None,
                                };
                                self.report(p.line, &p.source, e, Severity::Warning);
                            }
                        }
                        Err(msg) => {
                            let e = PErr {
                                start,
                                end,
                                msg,
                                help: None,
                            };
                            self.diag(p.line, &p.source, e);
                        }
                    }
                    false
                }
                Ok(EVal::Forward(other)) => {
                    if other == expr::FILE_ADDRESSES {
                        p.frozen = self.freeze(&p.source, (start, end), p.ctx.as_deref(), p.dot);
                    } else {
                        p.frozen = self.refreeze(&p.source, (start, end), p.ctx.as_deref(), p.dot, frozen, &p.aliases);
                    }
                    p.fixup.symbol = variables::aliased(&p.aliases, other);
                    true
                }
                Err(e) => {
                    self.diag(p.line, &p.source, e);
                    false
                }
            }
        });
        self.pending = pending;
    }

    /// Moves the items that can no longer change — those before the first literal still
    /// waiting for a symbol — to `out`, so a caller can write them as it goes (to a temporary
    /// file: the file has errors if [`Assembler::errors`] is non-zero at the end). Takes nothing
    /// once the file has an error.
    pub fn take_ready(&mut self, out: &mut Vec<Item>) {
        // A ROCm source's kernel headers are written over their room at the end.
        if self.errors() > 0
            || self.obj.rocm.is_some()
            || self.obj.amd.is_some()
            || self.obj.gallium.is_some()
            || self.obj.amdcl2.is_some()
        {
            return;
        }
        let mut n = self.pending.first().map_or(self.items.len(), |p| p.item - self.taken);
        // CLRX data shorter than a word may take more bytes yet.
        if n == self.items.len() && self.items.last().is_some_and(|i| i.byte_len() % 4 != 0) {
            n -= 1;
        }
        out.extend(self.items.drain(..n));
        self.taken += n;
    }

    /// Source line of the first item not taken yet, if any.
    pub fn first_held_line(&self) -> Option<usize> {
        let held = self
            .undecided
            .as_ref()
            .and_then(|h| h.first())
            .map(|l| l.0 + self.line_base);
        self.items.first().map(|i| i.line as usize).or(held)
    }

    /// A directive; `span` is its name's.
    fn directive(&mut self, lineno: usize, src: &str, name: &str, span: (usize, usize), c: &mut Cursor, end: usize) {
        // In a `.rocm` source clrxasm puts off expressions over two sections only in data
        // values and assignments: any other pseudo-op reads its expressions by the plain rules.
        if self.syms.sect_diffs.get() == expr::SectDiffs::Deferring
            && !matches!(
                name,
                ".byte" | ".short" | ".hword" | ".int" | ".long" | ".word" | ".quad" | ".set" | ".equ" | ".equiv"
            )
        {
            self.with_sect_diffs(expr::SectDiffs::Off, |this| {
                this.directive_in(lineno, src, name, span, c, end)
            });
            // (`.nosectdiffs` ends the putting off for good.)
            if self.obj.rocm.is_some() && !self.rocm_sect_diffs() {
                self.syms.sect_diffs.set(expr::SectDiffs::Off);
            }
            return;
        }
        self.directive_in(lineno, src, name, span, c, end)
    }

    fn directive_in(&mut self, lineno: usize, src: &str, name: &str, span: (usize, usize), c: &mut Cursor, end: usize) {
        let (s0, s1) = span;
        if self.object_directive(lineno, src, name, span, c, end) {
            return;
        }
        if self.dialect != Dialect::Llvm && self.clrx_directive(lineno, src, name, span, c, end) {
            return;
        }
        match name {
            // Sections: code goes to .text; the others hold labels (branch targets there are
            // errors) until code objects come (part 3).
            ".text" | ".rodata" | ".data" => self.switch_section(name),
            ".amdgcn_target" | ".gpu" | ".arch" => {
                c.ws();
                let p0 = c.pos;
                let rest = std::str::from_utf8(&c.s[p0..end]).unwrap_or("").trim();
                // `.amdgcn_target "amdgcn-amd-amdhsa--gfx900+xnack"`: the processor, then any
                // target features.
                let id = crate::codeobj::TargetId::parse(rest);
                let name = if name == ".amdgcn_target" {
                    self.obj.parts.target_id = Some(rest.trim_matches('"').to_string());
                    self.obj.xnack = id.xnack;
                    id.processor
                } else {
                    rest
                };
                // CLRX's devices LLVM has no name for (`Dummy`, `Goose`, `Horse`, `GFX804`).
                let clrx_device = || {
                    let d = crate::codeobj::clrx_config::Device::find(name).filter(|_| name == rest);
                    d.map(|d| d.arch)
                };
                match Arch::parse(name).or_else(clrx_device) {
                    Some(arch) => {
                        self.processor = Some(name.to_string());
                        self.set_arch(lineno, src, arch, (s0, end))
                    }
                    None => self.diag(
                        lineno,
                        src,
                        PErr {
                            start: p0,
                            end,
                            msg: format!("unknown target '{name}'"),
                            help: Some(format!("known: {}", Arch::accepted_names())),
                        },
                    ),
                }
            }
            ".long" | ".int" | ".4byte" => loop {
                self.dot_at_value(c, end);
                let e = Expr {
                    syms: &self.syms,
                    no_bar: false,
                };
                let p0 = c.pos;
                match e.parse(c) {
                    Ok(EVal::Value(v)) => {
                        let p = c.pos;
                        let (w, warning) = match data_word(v, self.dialect) {
                            Ok(w) => w,
                            Err(msg) => return self.diag(lineno, src, perr(p0, p, msg)),
                        };
                        if let Some(msg) = warning {
                            self.report(lineno, src, perr(p0, p, msg), Severity::Warning);
                        }
                        self.items.push(Item::new(lineno + self.line_base, self.offset, &[w], true));
                        self.offset += 4;
                    }
                    // A symbol defined further on (as llvm-mc and clrxasm take it): the word
                    // is patched when it is.
                    Ok(EVal::Forward(symbol)) => {
                        let item = self.taken + self.items.len();
                        self.items.push(Item::new(lineno + self.line_base, self.offset, &[0], true));
                        self.offset += 4;
                        let ctx = self.syms.clrx.context_for_pending();
                        self.pending.push(Pending {
                            item,
                            fixup: Fixup {
                                symbol,
                                word: 0,
                                kind: select::FixupKind::Data,
                                start: p0,
                                end: c.pos,
                            },
                            line: lineno,
                            source: src.to_string(),
                            ctx,
                            dot: self.dot_here(),
                            frozen: Vec::new(),
aliases: Vec::new(),
                        });
                        self.freeze_if_assigned();
                    }
                    Err(e) => return self.diag(lineno, src, e),
                }
                if !c.eat(b',') {
                    if !c.at_end() {
                        let p = c.pos;
                        self.diag(
                            lineno,
                            src,
                            PErr {
                                start: p,
                                end,
                                msg: "expected ',' between data words".into(),
                                help: None,
                            },
                        );
                    }
                    return;
                }
            },
            // Symbol attributes: kept for code objects (part 3); they change no code.
            ".globl" | ".global" | ".local" | ".weak" | ".hidden" | ".protected" | ".internal" | ".type"
            | ".size" => {}
            ".p2align" | ".balign" | ".align" => self.align(lineno, src, name, c, end),
            ".set" | ".equ" | ".equiv" => {
                let Some((sym, a0)) = c.ident() else {
                    let p = c.pos;
                    return self.diag(
                        lineno,
                        src,
                        PErr {
                            start: p,
                            end,
                            msg: format!("{name} needs a symbol name"),
                            help: None,
                        },
                    );
                };
                let a1 = a0 + sym.len();
                if !c.eat(b',') {
                    let p = c.pos;
                    return self.diag(
                        lineno,
                        src,
                        PErr {
                            start: p,
                            end,
                            msg: "expected ','".into(),
                            help: None,
                        },
                    );
                }
                let sym = sym.to_string();
                match name {
                    ".equiv" => self.equiv(lineno, src, &sym, (a0, a1), c, end),
                    _ => self.assign(lineno, src, &sym, (a0, a1), c, end),
                }
            }
            _ => self.diag(
                lineno,
                src,
                PErr {
                    start: s0,
                    end: s1,
                    msg: format!("unsupported directive '{name}'"),
                    help: Some("gcnkit takes instructions, labels, `sym = expr`, .set/.equ, .text/.rodata/.data, .long/.int/.4byte, .p2align/.balign, .globl/.type/.size, .if/.rept/.irp/.macro/.include and the target directives; the others come with code objects".into()),
                },
            ),
        }
    }

    /// Makes `name` the current section (its own offsets; labels remember their section).
    /// `.p2align N[, FILL[, MAX]]` (2^N bytes), `.balign`/`.align BYTES[, FILL[, MAX]]`: pads
    /// the section to the alignment with FILL bytes, in code with `s_nop 0` as llvm-mc does;
    /// not when more than MAX bytes would be needed.
    /// An error at `start..end` of the line, without help.
    fn error_at(&mut self, lineno: usize, src: &str, (start, end): (usize, usize), msg: String) {
        self.diag(
            lineno,
            src,
            PErr {
                start,
                end,
                msg,
                help: None,
            },
        )
    }

    fn align(&mut self, lineno: usize, src: &str, name: &str, c: &mut Cursor, end: usize) {
        let mut args = Vec::new();
        loop {
            c.ws();
            let p0 = c.pos;
            if args.len() == 1 && c.eat(b',') {
                // `.p2align 4,,8`: no fill, a maximum.
                args.push(None);
                continue;
            }
            let r = (Expr {
                syms: &self.syms,
                no_bar: false,
            })
            .parse(c);
            match r {
                Ok(EVal::Value(Value::Int(v))) => args.push(Some(v)),
                Ok(_) => {
                    let p = c.pos.max(p0 + 1);
                    return self.error_at(lineno, src, (p0, p), format!("{name} takes integers defined before it"));
                }
                Err(e) => return self.diag(lineno, src, e),
            }
            if !c.eat(b',') || args.len() == 3 {
                break;
            }
        }
        if !c.at_end() {
            let p = c.pos;
            return self.error_at(lineno, src, (p, end), format!("{name} takes ALIGNMENT[, FILL[, MAX]]"));
        }
        let n = args.first().copied().flatten().unwrap_or(0);
        let bytes = if name == ".p2align" {
            (0..=16).contains(&n).then(|| 1i64 << n)
        } else {
            (n > 0 && n <= 1 << 16 && (n as u64).is_power_of_two()).then_some(n)
        };
        let Some(bytes) = bytes else {
            let s0 = src.find(name).unwrap_or(0);
            let msg = format!("{name} {n}: the alignment is a power of two up to 65536 bytes");
            return self.error_at(lineno, src, (s0, s0 + name.len()), msg);
        };
        let pad = (bytes - (self.offset as i64 % bytes)) % bytes;
        if args.get(2).copied().flatten().is_some_and(|max| pad > max) {
            return;
        }
        if self.section != 0 {
            let fill = args.get(1).copied().flatten().unwrap_or(0) as u8;
            let sec = self.data_section();
            sec.align = sec.align.max(bytes as u64);
            sec.bytes.extend(std::iter::repeat_n(fill, pad as usize));
            self.offset = sec.bytes.len();
            return;
        }
        self.obj.parts.text_align = self.obj.parts.text_align.max(bytes as u64);
        let word = match args.get(1).copied().flatten() {
            Some(f) => u32::from_le_bytes([f as u8; 4]),
            None if self.section == 0 => 0xbf80_0000, // s_nop 0
            None => 0,
        };
        for _ in 0..pad / 4 {
            self.items
                .push(Item::new(lineno + self.line_base, self.offset, &[word], true));
            self.offset += 4;
        }
    }

    fn switch_section(&mut self, name: &str) {
        let k = match self.sections.iter().position(|(n, _)| n == name) {
            Some(k) => k,
            None => {
                self.sections.push((name.to_string(), 0));
                self.sections.len() - 1
            }
        };
        self.sections[self.section].1 = self.offset;
        self.section = k;
        self.offset = self.sections[k].1;
    }

    /// A target directive names the arch: it must agree with `-a` when that was given, and it
    /// comes before the first instruction.
    fn set_arch(&mut self, lineno: usize, src: &str, arch: Arch, span: (usize, usize)) {
        let err = |msg: String, help: Option<String>| PErr {
            start: span.0,
            end: span.1,
            msg,
            help,
        };
        if arch == self.arch {
            self.arch_set_at.get_or_insert(lineno);
            return;
        }
        if self.arch_given {
            let e = err(
                format!("the file's target is {arch}, but -a asks for {}", self.arch),
                Some("drop -a, or give the file's own target".into()),
            );
            return self.diag(lineno, src, e);
        }
        if let Some(at) = self.arch_set_at {
            let e = err(format!("the target was set to {} on line {at}", self.arch), None);
            return self.diag(lineno, src, e);
        }
        if self.offset > 0 {
            let e = err(
                format!(
                    "a target directive ({arch}) after instructions assembled for {}",
                    self.arch
                ),
                Some("put the target directive first".into()),
            );
            return self.diag(lineno, src, e);
        }
        self.arch = arch;
        self.names = Names {
            reg_symbols: self.names.reg_symbols,
            ..Names::new(arch)
        };
        self.arch_set_at = Some(lineno);
    }

    fn instruction(&mut self, lineno: usize, src: &str, mnemonic: &str, span: (usize, usize), c: &mut Cursor) {
        if self.amd_config_open() || self.gallium_kernel_open() || self.amdcl2_config_open() {
            let msg = "an instruction inside a kernel's .config (its code goes after .text)";
            return self.error_at(lineno, src, span, msg.into());
        }
        let (base, suffix) = if let Some(b) = mnemonic.strip_suffix("_e32") {
            (b, Suffix::E32)
        } else if let Some(b) = mnemonic.strip_suffix("_e64") {
            (b, Suffix::E64)
        } else if let Some(b) = mnemonic.strip_suffix("_sdwa") {
            (b, Suffix::Sdwa)
        } else if let Some(b) = mnemonic.strip_suffix("_dpp") {
            (b, Suffix::Dpp)
        } else {
            (mnemonic, Suffix::None)
        };
        let mut ops = std::mem::take(&mut self.ops);
        let mut mods = std::mem::take(&mut self.mods);
        ops.clear();
        mods.clear();
        // llvm-mc takes a comma between operands (and before modifiers) as optional.
        let commas_optional = self.dialect == Dialect::Llvm;
        // The special-syntax operands of the row (`vmcnt(0) & lgkmcnt(0)`, `hwreg(...)`).
        let dialects = match self.dialect {
            Dialect::Clrx => crate::isa::Dialects::CLRX,
            Dialect::Llvm => crate::isa::Dialects::LLVM,
            Dialect::Auto => crate::isa::Dialects::BOTH,
        };
        // Looked up once: `select` takes the row found here.
        let found = self.lookups.lookup(self.arch, base, dialects);
        let special = found
            .map(|(id, _)| scalar::special_operands(crate::isa::isa().def(id).form))
            .unwrap_or([None, None]);
        let form = found.map(|(id, _)| crate::isa::isa().def(id).form);
        let exp_form = form == Some(crate::isa::Form::Exp);
        let interp_form = matches!(
            form,
            Some(crate::isa::Form::Interp | crate::isa::Form::InterpMov | crate::isa::Form::InterpSrc2)
        );
        let (arch, dialect) = (self.arch, self.dialect);
        // The integer arguments inside a special syntax: expressions of the symbols defined
        // so far (both assemblers need the values there: a symbol defined later is an error).
        let syms = &self.syms;
        let eval = |t: &str| -> Result<(i64, usize), scalar::SpecErr> {
            // The usual argument, a small decimal literal alone (`lgkmcnt(0)`), is its value
            // without the expression reader (a leading 0 is octal; debug builds check it).
            let b = t.as_bytes();
            if (1..4).contains(&b.len()) && b.iter().all(u8::is_ascii_digit) && (b.len() == 1 || b[0] != b'0') {
                let n = b.iter().fold(0i64, |n, &c| n * 10 + (c - b'0') as i64);
                #[cfg(debug_assertions)]
                {
                    let mut ec = Cursor::new(t, 0, t.len());
                    let full = (Expr { syms, no_bar: false }).parse(&mut ec);
                    assert!(
                        matches!(full, Ok(EVal::Value(Value::Int(v))) if v == n) && ec.pos == b.len(),
                        "{t}"
                    );
                }
                return Ok((n, b.len()));
            }
            let mut ec = Cursor::new(t, 0, t.len());
            let e = |start, end, msg: String| scalar::SpecErr {
                start,
                end,
                msg,
                help: None,
            };
            match (Expr { syms, no_bar: false }).parse(&mut ec) {
                Ok(EVal::Value(Value::Int(n))) => Ok((n, ec.pos)),
                Ok(EVal::Value(Value::Float(..))) => Err(e(0, ec.pos, "expected an integer".into())),
                Ok(EVal::Forward(name)) => {
                    let at = t.find(name.as_str()).unwrap_or(0);
                    Err(scalar::SpecErr {
                        start: at,
                        end: at + name.len(),
                        msg: format!("{} is not defined yet", scopes::shown_name(&name)),
                        help: Some("define it before: its value is needed here".into()),
                    })
                }
                Err(pe) => Err(scalar::SpecErr {
                    start: pe.start,
                    end: pe.end,
                    msg: pe.msg,
                    help: pe.help,
                }),
            }
        };
        let mut special_warnings: Vec<PErr> = Vec::new();
        // No operand of the row has a special syntax: the usual statement (plain registers
        // and integers) is read in one pass.
        let plain_ok = special == [None, None] && !exp_form && !interp_form;
        let r = (|| -> Result<(), PErr> {
            if !c.at_end() {
                #[cfg(debug_assertions)]
                let entry = c.clone();
                if plain_ok && parse::plain_operands(c, &self.names, &self.syms, &mut ops) {
                    if c.pos < c.end {
                        parse::modifiers(c, &self.syms, &mut mods, commas_optional)?;
                    }
                    #[cfg(debug_assertions)]
                    {
                        // The one-pass reading is the full reading of the same text.
                        let mut c2 = entry;
                        let (mut ops2, mut mods2) = (Vec::new(), Vec::new());
                        let full = parse::operands_in_full(
                            &mut c2,
                            &self.names,
                            &self.syms,
                            commas_optional,
                            &mut ops2,
                            &mut mods2,
                        );
                        assert!(full.is_ok() && ops2 == ops && mods2 == mods, "{src}");
                    }
                    return Ok(());
                }
                // No operands when a modifier comes first (`v_nop vop3`); after an operand,
                // the check below has decided already.
                let mut first = true;
                while !(first && parse::modifier_follows(c)) {
                    first = false;
                    c.ws();
                    let kind = special.get(ops.len()).copied().flatten();
                    let at = c.pos;
                    let to_perr = |e: scalar::SpecErr| PErr {
                        start: at + e.start,
                        end: at + e.end,
                        msg: e.msg,
                        help: e.help,
                    };
                    let read = match kind {
                        Some(k) => {
                            scalar::parse_special(k, arch, dialect, &src[c.pos..c.end], Some(&eval)).map_err(to_perr)?
                        }
                        None => None,
                    };
                    // VINTRP's attribute (`attr3.y`; clrxasm: `aTTR26 . W`): the text up to the
                    // end or a comma, as one name.
                    let read = match read {
                        None if interp_form && ops.len() == 2 => {
                            let rest = &src[c.pos..c.end];
                            let len = rest.find(',').unwrap_or(rest.len());
                            let text = attr_text(rest[..len].trim_end());
                            ops.push(Operand {
                                kind: parse::OpKind::Forward(text.to_string()),
                                neg: false,
                                abs: false,
                                sext: false,
                                start: c.pos,
                                end: c.pos + text.len(),
                                rel: false,
                            });
                            c.pos += text.len();
                            None
                        }
                        None => Some(None),
                        Some(p) => Some(Some(p)),
                    };
                    match read {
                        None => {}
                        Some(Some(p)) => {
                            special_warnings.extend(p.warnings.into_iter().map(to_perr));
                            ops.push(Operand {
                                kind: parse::OpKind::Const(Value::Int(p.value as i64)),
                                neg: false,
                                abs: false,
                                sext: false,
                                start: c.pos,
                                end: c.pos + p.used,
                                rel: false,
                            });
                            c.pos += p.used;
                        }
                        Some(None) => ops.push(parse::operand(c, &self.names, &self.syms, false)?),
                    }
                    let comma = c.eat(b',');
                    if c.at_end() || parse::modifier_follows(c) || (exp_form && parse::exp_modifier_follows(c)) {
                        break;
                    }
                    // llvm-mc writes no comma after EXP's target.
                    if !(comma || commas_optional || exp_form && ops.len() == 1) {
                        break;
                    }
                }
                parse::modifiers(c, &self.syms, &mut mods, commas_optional)?;
            }
            Ok(())
        })();
        // clrxasm prints the warnings of a line that also has an error.
        for w in special_warnings {
            self.report(lineno, src, w, Severity::Warning);
        }
        // CLRX's `.oldmodparam`: a switch modifier's value (`glc:N`) keeps its bit 0, with
        // clrxasm's warning when that drops bits.
        if r.is_ok() && self.clrx.old_mod_param {
            for m in mods.iter_mut() {
                if let parse::ModVal::Int(v) = m.value {
                    if clrx::SWITCHES.contains(&m.name.as_str()) && !(0..=1).contains(&v) {
                        let w = PErr {
                            start: m.start,
                            end: m.end,
                            msg: format!("value {:#x} truncated to {:#x}", v as u64, v & 1),
                            help: None,
                        };
                        self.report(lineno, src, w, Severity::Warning);
                        m.value = parse::ModVal::Int(v & 1);
                    }
                }
            }
        }
        // CLRX's `.buggyfplit` (clrxasm 0.1.2's float literals): each float of a vector-ALU
        // row becomes the constant or literal clrxasm 0.1.2 made of it; VOP3P rows' floats
        // are refused (not modelled).
        let r = match r {
            Ok(()) if self.clrx.buggy_fp_lit => self.buggy_floats(found, &mut ops),
            r => r,
        };
        let r = r.and_then(|()| clrx_relative_operands(found, &ops));
        if let Err(e) = r {
            self.diag(lineno, src, e);
        } else {
            // LLVM's literal folding applies to LLVM text (`--syntax llvm`, or a suffixed
            // mnemonic in auto mode).
            let fold = self.dialect == Dialect::Llvm || (self.dialect == Dialect::Auto && suffix != Suffix::None);
            let labels = &self.labels;
            let is_label = |n: &str| labels.contains_key(n);
            let section = self.label_section();
            let other_section = |n: &str| labels.get(n).is_some_and(|&k| k != section);
            let syms = &self.syms;
            let symbol = |n: &str| match syms.get(n) {
                Some(Sym::Value(v)) => Some(*v),
                _ => None,
            };
            let ctx = scalar::Ctx {
                offset: self.offset,
                src,
                is_label: &is_label,
                symbol: &symbol,
                other_section: &other_section,
                section,
            };
            match select(
                self.arch,
                self.dialect,
                fold,
                base,
                found,
                suffix,
                span,
                &ops,
                &mods,
                &ctx,
                true,
            ) {
                Ok(select::Selected {
                    instr,
                    fixups,
                    warnings,
                }) => {
                    for w in warnings {
                        self.report(lineno, src, w, Severity::Warning);
                    }
                    // (An `.amd`/`.gallium` source's data sections take instructions as bytes.)
                    if self.section != 0 && self.clrx_instruction_as_data(lineno, src, span, instr.words(), &fixups) {
                        return;
                    }
                    let item = self.taken + self.items.len();
                    self.offset += instr.len as usize * 4;
                    self.items.push(Item::new(
                        lineno + self.line_base,
                        self.offset - instr.len as usize * 4,
                        instr.words(),
                        false,
                    ));
                    let at = self.offset - instr.len as usize * 4;
                    let waiting = self.pending.len();
                    for f in fixups {
                        if crate::codeobj::reloc::decode(&f.symbol).is_some() {
                            self.literal_reloc(lineno, src, at, &f);
                            continue;
                        }
                        let ctx = self.syms.clrx.context_for_pending();
                        self.pending.push(Pending {
                            item,
                            fixup: f,
                            line: lineno,
                            source: src.to_string(),
                            ctx,
                            dot: self.dot_here(),
                            frozen: Vec::new(),
                            aliases: Vec::new(),
                        });
                        self.freeze_if_assigned();
                    }
                    if self.syms.sect_diffs.get() == expr::SectDiffs::Deferring {
                        self.immediate_now(waiting);
                        for k in waiting..self.pending.len() {
                            if self.pending[k].fixup.symbol == expr::FILE_ADDRESSES {
                                self.freeze_pending_at(k);
                            }
                        }
                    }
                }
                Err(errs) => {
                    for e in errs {
                        self.diag(lineno, src, e);
                    }
                }
            }
        }
        self.ops = ops;
        self.mods = mods;
    }

    /// `.buggyfplit`: rewrites each float operand of a vector-ALU statement (row `found`) into
    /// what clrxasm 0.1.2 read it as ([`select::buggy_float`]).
    fn buggy_floats(&self, found: Option<(crate::isa::DefId, bool)>, ops: &mut [Operand]) -> Result<(), PErr> {
        let d = found.map(|(id, _)| crate::isa::isa().def(id));
        // V_MADMK/V_MADAK's constant (the third or fourth operand) is always a literal.
        let k = match d.map(|d| d.form) {
            Some(crate::isa::Form::Madmk) => 2,
            Some(crate::isa::Form::Madak) => 3,
            _ => usize::MAX,
        };
        for (n, o) in ops.iter_mut().enumerate() {
            let (parse::OpKind::Const(Value::Float(f, kind)) | parse::OpKind::Lit(Value::Float(f, kind))) = o.kind
            else {
                continue;
            };
            let err = |msg: String, help: Option<String>| PErr {
                start: o.start,
                end: o.end,
                msg,
                help,
            };
            let written_lit = matches!(o.kind, parse::OpKind::Lit(_));
            match d {
                Some(d) if d.short.is_vop() => {
                    let own = select::clrx_float_type(d, self.arch, crate::isa::Ty::B32);
                    let forced = written_lit || n == k;
                    let c = select::buggy_float(self.arch, f, kind, own, forced).map_err(|e| err(e, None))?;
                    o.kind = match c {
                        // K takes no `lit()` (a written one is refused): its bits as a number.
                        select::ClrxFloat::Literal(bits) if n == k && !written_lit => {
                            parse::OpKind::Const(Value::Int(bits as i64))
                        }
                        c => select::operand_of(c),
                    };
                }
                // VOP3P reads every float as single, with the flag's rules for the suffixes.
                Some(d) if d.short == crate::isa::Short::Vop3p => {
                    let c = select::buggy_float(self.arch, f, kind, parse::FKind::Single, written_lit)
                        .map_err(|e| err(e, None))?;
                    o.kind = select::operand_of(c);
                }
                // Scalar rows read floats as single, with or without the flag.
                _ => {}
            }
        }
        Ok(())
    }

    /// Ends the file: unresolved symbols are errors. Returns the items not taken yet (none if
    /// there were errors) and every diagnostic.
    pub fn finish(self) -> (Vec<Item>, Vec<Diagnostic>) {
        let (items, diags, _) = self.finish_object();
        (items, diags)
    }

    /// [`Assembler::finish`], with what a code object needs beside the code.
    pub fn finish_object(mut self) -> (Vec<Item>, Vec<Diagnostic>, ObjectParts) {
        self.end_input();
        self.sync_dot();
        self.finish_blocks();
        self.resolve_at_end();
        self.finish_object_parts();
        for p in std::mem::take(&mut self.pending_assigns) {
            let msg = format!(
                "{} is never defined ({} waits for it)",
                scopes::shown_name(&p.waits),
                scopes::shown_name(&p.name)
            );
            self.diag(p.line, &p.source, perr(p.expr.0, p.expr.1, msg));
        }
        let pending = std::mem::take(&mut self.pending);
        for p in pending {
            let e = PErr {
                start: p.fixup.start,
                end: p.fixup.end,
                msg: match p.fixup.symbol == expr::FILE_ADDRESSES {
                    true => "an expression over two sections' addresses, resolved against the file's addresses: no file was laid out (another error)".into(),
                    false => format!("{} is never defined", scopes::shown_name(&p.fixup.symbol)),
                },
                help: None,
            };
            self.diag(p.line, &p.source, e);
        }
        let mut all = std::mem::take(&mut self.sealed);
        all.extend(self.sorted_diags());
        self.diags = all;
        if self.errors() > 0 {
            self.items.clear();
            // Which dialect the file was read in matters to most errors: say how it was chosen.
            if let Some((line, why)) = self.chosen {
                let d = if self.dialect == Dialect::Llvm { "LLVM" } else { "CLRX" };
                self.diags.push(Diagnostic {
                    severity: Severity::Note,
                    file: self.file.clone(),
                    line,
                    col: 1,
                    len: 1,
                    message: format!("this file was read as {d} syntax ({why}); --syntax clrx|llvm chooses"),
                    help: None,
                    source: String::new(),
                });
            }
        }
        (self.items, self.diags, std::mem::take(&mut self.obj.parts))
    }
}

/// The first `;` of `b` outside a string (`.ascii ";ARGSTART:..."` is one statement).
fn statement_end(b: &[u8]) -> Option<usize> {
    let mut k = 0;
    while k < b.len() {
        match b[k] {
            b';' => return Some(k),
            b'"' => {
                k += 1;
                while k < b.len() && b[k] != b'"' {
                    k += if b[k] == b'\\' { 2 } else { 1 };
                }
            }
            _ => {}
        }
        k += 1;
    }
    None
}

/// For each byte: 1 if it may start a string or a comment (`"`, `/`, `#`, `;`), 2 if it is a
/// `.` ([`scan_line`]).
const LINE_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'"' as usize] = 1;
    t[b'/' as usize] = 1;
    t[b'#' as usize] = 1;
    t[b';' as usize] = 1;
    t[b'.' as usize] = 2;
    t
};

/// One pass over a line, without a branch per byte: does it hold a byte that may start a
/// string or a comment (`"`, `/`, `#`, `;`), and does it hold a `.` (a directive, a label, or
/// an expression that may name the symbol `.`)?
fn scan_line(b: &[u8]) -> (bool, bool) {
    let seen = b.iter().fold(0u8, |acc, &c| acc | LINE_CLASS[c as usize]);
    (seen & 1 != 0, seen & 2 != 0)
}

/// A `.long`'s word: llvm-mc takes what fits 32 bits as a signed or an unsigned number;
/// clrxasm keeps the low 32 bits of anything, with a warning.
fn data_word(v: Value, dialect: Dialect) -> Result<(u32, Option<String>), String> {
    match v {
        Value::Int(x) if (-0x8000_0000..=0xffff_ffff).contains(&x) => Ok((x as u32, None)),
        Value::Int(x) if dialect == Dialect::Clrx => {
            Ok((x as u32, Some(format!("value {x:#x} truncated to {:#x}", x as u32))))
        }
        Value::Int(_) => Err("a data word must be a 32-bit integer: out of range".into()),
        Value::Float(..) => Err("a data word must be a 32-bit integer".into()),
    }
}

/// What decides a file's dialect under `--syntax auto`: LLVM's `_e32`/`_e64`/`_sdwa`/`_dpp`
/// suffixes, its target and code-object directives and llvm-mc's `; encoding:` comments; CLRX's
/// clrxasm's rule for labels' addresses (relative values) in operands: only a branch target
/// takes one, and a branch target must be one (an absolute number is "a jump over the current
/// section"). Under other rules no operand is relative.
fn clrx_relative_operands(found: Option<(crate::isa::DefId, bool)>, ops: &[Operand]) -> Result<(), PErr> {
    use crate::isa::Form;
    let Some(d) = found.map(|(id, _)| crate::isa::isa().def(id)) else {
        return Ok(());
    };
    let target = match d.form {
        Form::PLabel => Some(0),
        Form::KFork | Form::KCall => Some(1),
        _ => None,
    };
    for (k, o) in ops.iter().enumerate() {
        if o.rel && Some(k) != target {
            return Err(perr(
                o.start,
                o.end,
                "expression must be absolute: it holds a label's address (a difference of labels is a number)",
            ));
        }
    }
    Ok(())
}

/// `.gpu`, `.arch`, `.kernel`, `.config` and output-format directives. Returns the dialect and
/// what decided it.
pub fn detect_dialect(line: &str) -> Option<(Dialect, &'static str)> {
    let t = line.trim_start();
    if line.contains("; encoding: [") {
        return Some((Dialect::Llvm, "llvm-mc's `; encoding:` comments"));
    }
    let word: &str = t
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .next()
        .unwrap_or("");
    let lower = word.to_ascii_lowercase();
    const LLVM: [&str; 6] = [
        ".amdgcn_target",
        ".amdhsa_",
        ".amdgpu_",
        ".hsa_code_object",
        ".amd_kernel_code_t",
        ".amdhsa_code_object_version",
    ];
    if LLVM.iter().any(|d| lower.starts_with(d)) {
        return Some((Dialect::Llvm, "LLVM's target and kernel directives"));
    }
    const CLRX: [&str; 10] = [
        ".gpu", ".arch", ".kernel", ".config", ".rocm", ".amdcl2", ".gallium", ".rawcode", ".amd", ".iterate",
    ];
    if CLRX.contains(&lower.as_str()) {
        return Some((Dialect::Clrx, "CLRX's .gpu/.arch/.kernel/.config directives"));
    }
    let mnemonic = lower.rsplit(':').next().unwrap_or("");
    if ["_e32", "_e64", "_sdwa", "_dpp"].iter().any(|s| mnemonic.ends_with(s)) && mnemonic.starts_with("v_") {
        return Some((Dialect::Llvm, "LLVM's _e32/_e64 suffixes"));
    }
    None
}

/// Is `t` one name alone (an expression that reads no other symbol)?
fn is_bare_name(t: &str) -> bool {
    let b = t.trim().as_bytes();
    b.first().is_some_and(|&c| parse::is_ident_start(c)) && b[1..].iter().all(|&c| parse::is_ident(c))
}

/// Assembles a whole source text.
pub fn assemble(arch: Arch, dialect: Dialect, file: &str, src: &str) -> (Vec<Item>, Vec<Diagnostic>) {
    let mut a = Assembler::new(arch, dialect, file);
    for (n, line) in src.lines().enumerate() {
        a.line(n + 1, line);
    }
    a.finish()
}

/// Assembles one instruction's text to words (convenience for tests and tools).
pub fn assemble_one(arch: Arch, dialect: Dialect, text: &str) -> Result<Vec<u32>, Vec<Diagnostic>> {
    let (items, diags) = assemble(arch, dialect, "<text>", text);
    if diags.iter().any(|d| d.severity == Severity::Error) {
        return Err(diags);
    }
    Ok(items.iter().flat_map(|i| i.words().iter().copied()).collect())
}

/// The text of a VINTRP attribute operand at the start of `t` (`attr3.y`; clrxasm's
/// `aTTR26 . W`), without the modifiers of a VOP3 form after it (`attr3.y high clamp`); all of
/// `t` where it is no attribute (its error comes later).
fn attr_text(t: &str) -> &str {
    let b = t.as_bytes();
    if b.len() < 4 || !t[..4].eq_ignore_ascii_case("attr") {
        return t;
    }
    let mut k = 4;
    while k < b.len() && b[k].is_ascii_digit() {
        k += 1;
    }
    while k < b.len() && b[k] == b' ' {
        k += 1;
    }
    if k >= b.len() || b[k] != b'.' {
        return t;
    }
    k += 1;
    while k < b.len() && b[k] == b' ' {
        k += 1;
    }
    if k < b.len() && b[k].is_ascii_alphanumeric() {
        k += 1;
    }
    // A channel of more than one letter stays whole (and is an error later).
    if k < b.len() && b[k].is_ascii_alphanumeric() {
        return t;
    }
    &t[..k]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The memo answers as the table does: every name of the table (and a few unknown ones,
    /// long ones, ones alike but for a byte) on every arch and dialect, twice (the second time
    /// from the memo, or after another name took the entry).
    #[test]
    fn mnemonic_memo_answers_as_the_table() {
        use crate::isa::{isa, Dialects};
        let mut names: Vec<String> = isa()
            .defs
            .iter()
            .flat_map(|d| d.name.iter().chain(d.llvm.iter()).copied())
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect();
        names.sort();
        names.dedup();
        let table = names.len();
        for extra in [
            "v_add_f33",
            "s_nop",
            "s_nop_",
            "v",
            "",
            "flat_atomic_cmpswap_x2_extra_long_name",
        ] {
            names.push(extra.to_string());
        }
        // The same names with their last byte changed.
        for k in 0..table {
            let mut n = names[k].clone().into_bytes();
            if let Some(b) = n.last_mut() {
                *b = if *b == b'z' { b'y' } else { b'z' };
            }
            names.push(String::from_utf8(n).unwrap());
        }
        let mut memo = Lookups::new();
        let mut hits = 0;
        for arch in Arch::EVERY {
            for dialects in [Dialects::CLRX, Dialects::LLVM, Dialects::BOTH] {
                for _ in 0..2 {
                    for n in &names {
                        let want = isa().lookup_in(arch, n, dialects);
                        assert_eq!(memo.lookup(arch, n, dialects), want, "{n} on {arch}");
                        hits += want.is_some() as usize;
                    }
                }
            }
        }
        assert!(hits > 1000, "{hits}");
    }

    /// Items become final (and can be taken) up to the first literal still waiting for a
    /// symbol; taking them does not disturb the patching of later ones.
    #[test]
    fn take_ready_stops_at_the_first_pending_literal() {
        let mut a = Assembler::new(Arch::Gcn12, Dialect::Clrx, "t.s");
        let mut out = Vec::new();
        a.line(1, "v_add_f32 v0, v1, v2");
        a.line(2, "v_add_f32 v0, x, v2");
        a.line(3, "v_add_f32 v0, y, v2");
        a.take_ready(&mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(a.first_held_line(), Some(2));
        a.line(4, "y = 7");
        a.take_ready(&mut out);
        assert_eq!(out.len(), 1, "x still waits");
        a.line(5, "x = 1.0");
        a.take_ready(&mut out);
        assert_eq!(out.len(), 3);
        assert_eq!(out[1].words(), [0x020004ff, 0x3f800000]);
        assert_eq!(out[2].words(), [0x020004ff, 7]);
        assert_eq!(a.first_held_line(), None);
        a.line(6, "v_add_f32 v0, z, v2");
        a.line(7, "v_bogus");
        a.line(8, "z = 1");
        a.take_ready(&mut out);
        assert_eq!(out.len(), 3, "nothing is taken once the file has an error");
        let (rest, diags) = a.finish();
        assert!(rest.is_empty());
        assert_eq!(diags.len(), 1);
    }

    /// SDWA and DPP in each dialect, with each assembler's defaults (llvm-mc: DST_UNUSED
    /// preserve; clrxasm: pad) and refusals, as llvm-mc 14 and clrxasm give them.
    #[test]
    fn sdwa_and_dpp_as_the_oracles_assemble_them() {
        let run = |arch: Arch, dialect: Dialect, text: &str| {
            let (items, diags) = crate::asm::assemble(arch, dialect, "t.s", text);
            if diags.iter().any(|d| d.severity == crate::diag::Severity::Error) {
                None
            } else {
                Some(items.iter().flat_map(|i| i.words().to_vec()).collect::<Vec<u32>>())
            }
        };
        for (arch, dialect, text, want) in [
            (
                Arch::Gcn12,
                Dialect::Llvm,
                "v_add_f32_sdwa v1, v2, v3",
                Some(vec![0x020206f9, 0x06061602]),
            ),
            (
                Arch::Gcn12,
                Dialect::Llvm,
                "v_add_f32 v1, v2, v3 src0_sel:WORD_1",
                Some(vec![0x020206f9, 0x06051602]),
            ),
            (
                Arch::Gcn12,
                Dialect::Llvm,
                "v_mov_b32_sdwa v1, sext(v2) src0_sel:BYTE_0",
                Some(vec![0x7e0202f9, 0x00081602]),
            ),
            (
                Arch::Gcn12,
                Dialect::Llvm,
                "v_cmp_eq_f32_sdwa vcc, v2, v3 clamp src0_sel:DWORD src1_sel:DWORD",
                Some(vec![0x7c8406f9, 0x06062002]),
            ),
            (
                Arch::Gcn14,
                Dialect::Llvm,
                "v_cmp_eq_f32_sdwa s[4:5], v2, v3 src0_sel:DWORD src1_sel:DWORD",
                Some(vec![0x7c8406f9, 0x06068402]),
            ),
            (
                Arch::Gcn14,
                Dialect::Llvm,
                "v_add_f32_sdwa v1, 1.0, v3",
                Some(vec![0x020206f9, 0x068616f2]),
            ),
            (Arch::Gcn12, Dialect::Llvm, "v_add_f32_sdwa v1, s2, v3", None),
            (Arch::Gcn12, Dialect::Llvm, "v_add_f32_sdwa v1, v2, v3 mul:2", None),
            (Arch::Gcn14, Dialect::Llvm, "v_mac_f32_sdwa v1, v2, v3", None),
            (
                Arch::Gcn12,
                Dialect::Llvm,
                "v_cmp_eq_f32_dpp vcc, v2, v3 quad_perm:[0,1,2,3]",
                None,
            ),
            (
                Arch::Gcn12,
                Dialect::Llvm,
                "v_add_f32_dpp v1, -v2, |v3| row_ror:15",
                Some(vec![0x020206fa, 0xff912f02]),
            ),
            (
                Arch::Gcn12,
                Dialect::Llvm,
                "v_mov_b32_dpp v1, v2 row_shr:3 row_mask:0xa bank_mask:0x1 bound_ctrl:0",
                Some(vec![0x7e0202fa, 0xa1091302]),
            ),
            (
                Arch::Gcn12,
                Dialect::Clrx,
                "v_add_f32 v1, v2, v3 sdwa",
                Some(vec![0x020206f9, 0x06060602]),
            ),
            (
                Arch::Gcn12,
                Dialect::Clrx,
                "v_add_f32 v1, sext(v2), v3",
                Some(vec![0x020206f9, 0x060e0602]),
            ),
            (
                Arch::Gcn12,
                Dialect::Clrx,
                "v_mov_b32 v1, v2 sdwa",
                Some(vec![0x7e0202f9, 0x00060602]),
            ),
            (
                Arch::Gcn12,
                Dialect::Clrx,
                "v_cmp_eq_f32 vcc, v2, v3 sdwa",
                Some(vec![0x7c8406f9, 0x06060602]),
            ),
            (
                Arch::Gcn12,
                Dialect::Clrx,
                "v_add_f32 v1, v2, v3 wave_shl",
                Some(vec![0x020206fa, 0xff013002]),
            ),
            (
                Arch::Gcn12,
                Dialect::Clrx,
                "v_add_f32 v1, v2, v3 row_bcast15 bound_ctrl",
                Some(vec![0x020206fa, 0xff094202]),
            ),
            (
                Arch::Gcn12,
                Dialect::Clrx,
                "v_cmp_eq_f32 vcc, v2, v3 quad_perm:[0,1,2,3]",
                Some(vec![0x7c8406fa, 0xff00e402]),
            ),
            (
                Arch::Gcn12,
                Dialect::Clrx,
                "v_add_f32 v1, v2, v3 quad_perm:[0,1,2,3] clamp",
                None,
            ),
            (Arch::Gcn10, Dialect::Clrx, "v_add_f32 v1, v2, v3 sdwa", None),
        ] {
            assert_eq!(run(arch, dialect, text), want, "{arch} {text}");
        }
    }

    /// An unknown mnemonic near a known one gets a "did you mean"; a far one gets no guess.
    #[test]
    fn unknown_mnemonic_suggests_the_nearest() {
        for (text, want) in [
            ("v_addd_f32 v1, v2, v3", Some("did you mean 'v_add_f32'?")),
            ("v_cndmsk_b32 v1, v2, v3, vcc", Some("did you mean 'v_cndmask_b32'?")),
            ("v_cmp_eq_f33 vcc, v1, v2", Some("did you mean 'v_cmp_eq_f32'?")),
            ("v_foo v1", None),
        ] {
            let (_, diags) = assemble(Arch::Gcn14, Dialect::Auto, "t.s", text);
            assert_eq!(diags.len(), 1, "{text}");
            assert!(diags[0].message.starts_with("unknown instruction"), "{text}");
            assert_eq!(diags[0].help.as_deref(), want, "{text}");
        }
    }
}
