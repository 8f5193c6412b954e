//! CLRX's own pseudo-ops beyond data and blocks, with clrxasm 0.1.9's semantics: symbols
//! (`.equiv .eqv .undef .extern .enum`), scopes (`.scope .ends .endscope .using .unusing`),
//! queries (`.get_64bit .get_arch .get_format .get_gpu .get_policy .get_version`), messages
//! (`.print .warning .error .err .fail .abort .end`), the settings (`.policy .buggyfplit
//! .oldmodparam .altmacro .macrocase`, their `.no` forms, `.32bit .64bit .wave32 .rawcode
//! .format`), the pseudo-ops clrxasm ignores (`.file .line .ln .lflags` with a warning, `.title
//! .sbttl .version .extern .main` without) and the register allocator's (`.regvar .usereg .rvlin
//! .rvlin_once .cf_*`: clrxasm marks allocation unimplemented; their code is what clrxasm
//! writes).
//!
//! [`PSEUDO_OPS`] lists clrxasm's 169 pseudo-ops and what gcnkit does with each.

use super::parse::{perr, Cursor, Expr, Sym, Value};
use super::Assembler;
use crate::arch::Arch;
use crate::codeobj::clrx_config::{Device, DEVICES};
use crate::diag::Severity;
use rustc_hash::FxHashSet;

/// What gcnkit does with one of clrxasm's pseudo-ops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Taken {
    /// Taken, with clrxasm's semantics.
    Yes,
    /// Taken and ignored, as clrxasm ignores it (with its warning if it gives one).
    Ignored,
    /// Taken, but not all of its effect is implemented (`.buggyfplit`: a float of a VOP3P
    /// instruction under it is an error).
    Partly,
    /// Refused: an output format gcnkit does not write (`.amd`, `.gallium`...).
    Refused,
}

/// clrxasm's pseudo-ops (its table, 169 names) and what gcnkit does with each.
pub const PSEUDO_OPS: [(&str, Taken); 169] = {
    use Taken::*;
    [
        ("32bit", Yes),
        ("64bit", Yes),
        ("abort", Yes),
        ("align", Yes),
        ("altmacro", Yes),
        ("amd", Yes),
        ("amd3", Refused),
        ("amdcl2", Partly),
        ("arch", Yes),
        ("ascii", Yes),
        ("asciz", Yes),
        ("balign", Yes),
        ("balignl", Yes),
        ("balignw", Yes),
        ("buggyfplit", Yes),
        ("byte", Yes),
        ("cf_call", Ignored),
        ("cf_cjump", Ignored),
        ("cf_end", Ignored),
        ("cf_jump", Ignored),
        ("cf_ret", Ignored),
        ("cf_start", Ignored),
        ("data", Yes),
        ("double", Yes),
        ("else", Yes),
        ("elseif", Yes),
        ("elseif32", Yes),
        ("elseif64", Yes),
        ("elseifarch", Yes),
        ("elseifb", Yes),
        ("elseifc", Yes),
        ("elseifdef", Yes),
        ("elseifeq", Yes),
        ("elseifeqs", Yes),
        ("elseiffmt", Yes),
        ("elseifge", Yes),
        ("elseifgpu", Yes),
        ("elseifgt", Yes),
        ("elseifle", Yes),
        ("elseiflt", Yes),
        ("elseifnarch", Yes),
        ("elseifnb", Yes),
        ("elseifnc", Yes),
        ("elseifndef", Yes),
        ("elseifne", Yes),
        ("elseifnes", Yes),
        ("elseifnfmt", Yes),
        ("elseifngpu", Yes),
        ("elseifnotdef", Yes),
        ("end", Yes),
        ("endif", Yes),
        ("endm", Yes),
        ("endmacro", Yes),
        ("endr", Yes),
        ("endrept", Yes),
        ("ends", Yes),
        ("endscope", Yes),
        ("enum", Yes),
        ("equ", Yes),
        ("equiv", Yes),
        ("eqv", Yes),
        ("err", Yes),
        ("error", Yes),
        ("exitm", Yes),
        ("extern", Ignored),
        ("fail", Yes),
        ("file", Ignored),
        ("fill", Yes),
        ("fillq", Yes),
        ("float", Yes),
        ("for", Yes),
        ("format", Yes),
        ("gallium", Yes),
        ("get_64bit", Yes),
        ("get_arch", Yes),
        ("get_format", Yes),
        ("get_gpu", Yes),
        ("get_policy", Yes),
        ("get_version", Yes),
        ("global", Yes),
        ("globl", Yes),
        ("gpu", Yes),
        ("half", Yes),
        ("hword", Yes),
        ("if", Yes),
        ("if32", Yes),
        ("if64", Yes),
        ("ifarch", Yes),
        ("ifb", Yes),
        ("ifc", Yes),
        ("ifdef", Yes),
        ("ifeq", Yes),
        ("ifeqs", Yes),
        ("iffmt", Yes),
        ("ifge", Yes),
        ("ifgpu", Yes),
        ("ifgt", Yes),
        ("ifle", Yes),
        ("iflt", Yes),
        ("ifnarch", Yes),
        ("ifnb", Yes),
        ("ifnc", Yes),
        ("ifndef", Yes),
        ("ifne", Yes),
        ("ifnes", Yes),
        ("ifnfmt", Yes),
        ("ifngpu", Yes),
        ("ifnotdef", Yes),
        ("incbin", Yes),
        ("include", Yes),
        ("int", Yes),
        ("irp", Yes),
        ("irpc", Yes),
        ("kernel", Yes),
        ("lflags", Ignored),
        ("line", Ignored),
        ("ln", Ignored),
        ("local", Yes),
        ("long", Yes),
        ("macro", Yes),
        ("macrocase", Yes),
        ("main", Ignored),
        ("noaltmacro", Yes),
        ("nobuggyfplit", Yes),
        ("nomacrocase", Yes),
        ("nooldmodparam", Yes),
        ("nowave32", Ignored),
        ("octa", Yes),
        ("offset", Yes),
        ("oldmodparam", Yes),
        ("org", Yes),
        ("p2align", Yes),
        ("policy", Yes),
        ("print", Yes),
        ("purgem", Yes),
        ("quad", Yes),
        ("rawcode", Yes),
        ("regvar", Yes),
        ("rept", Yes),
        ("rocm", Yes),
        ("rodata", Yes),
        ("rvlin", Ignored),
        ("rvlin_once", Ignored),
        ("sbttl", Ignored),
        ("scope", Yes),
        ("section", Yes),
        ("set", Yes),
        ("short", Yes),
        ("single", Yes),
        ("size", Yes),
        ("skip", Yes),
        ("space", Yes),
        ("string", Yes),
        ("string16", Yes),
        ("string32", Yes),
        ("string64", Yes),
        ("struct", Yes),
        ("text", Yes),
        ("title", Ignored),
        ("undef", Yes),
        ("unusing", Yes),
        ("usereg", Ignored),
        ("using", Yes),
        ("version", Ignored),
        ("warning", Yes),
        ("wave32", Ignored),
        ("weak", Yes),
        ("while", Yes),
        ("word", Yes),
    ]
};

/// The switch modifiers that take a value in CLRX's syntax (`glc:1`): `.oldmodparam` keeps
/// only its bit 0.
pub(super) const SWITCHES: [&str; 20] = [
    "glc", "slc", "tfe", "lds", "addr64", "offen", "idxen", "gds", "unorm", "da", "r128", "lwe", "d16", "a16", "high",
    "clamp", "vm", "done", "compr", "nv",
];

/// clrxasm's version (0.1.9) as `.get_version` and the default policy give it.
pub const CLRX_VERSION: i64 = crate::codeobj::clrx_config::CLRX_VERSION;

/// CLRX's GCN 1.5 devices (`.ifgpu` knows them; they are never the target here).
const GCN15_DEVICES: [&str; 4] = ["gfx1000", "gfx1010", "gfx1011", "navi10"];

/// CLRX's architecture names (`.ifarch`) and ids.
const ARCHS: [(&str, u8); 21] = [
    ("gcn1.0", 0),
    ("si", 0),
    ("gfx6", 0),
    ("gcn1.1", 1),
    ("ci", 1),
    ("gfx7", 1),
    ("gcn1.2", 2),
    ("vi", 2),
    ("gfx8", 2),
    ("gcn1.4", 3),
    ("vega", 3),
    ("gfx9", 3),
    ("gcn1.4.1", 4),
    ("vega20", 4),
    ("gfx906", 4),
    ("gcn1.5", 5),
    ("navi", 5),
    ("gfx10", 5),
    ("gcn1.5.1", 6),
    ("navidl", 6),
    ("gfx1011", 6),
];

/// CLRX's binary formats (`.format`, `.iffmt`) and their `.get_format` ids.
const FORMATS: [(&str, u8); 6] = [
    ("amd", 0),
    ("catalyst", 0),
    ("gallium", 1),
    ("raw", 2),
    ("amdcl2", 3),
    ("rocm", 4),
];

/// The arch id of a gcnkit arch.
fn arch_id(a: Arch) -> u8 {
    match a {
        Arch::Gcn10 => 0,
        Arch::Gcn11 => 1,
        Arch::Gcn12 => 2,
        Arch::Gcn14 => 3,
        Arch::Gcn141 => 4,
    }
}

/// The `.get_gpu` id of a CLRX device: its place in CLRX's table
/// ([`crate::codeobj::clrx_config::DEVICES`]).
fn device_id(d: &Device) -> u8 {
    DEVICES.iter().position(|x| x.name == d.name).unwrap_or(0) as u8
}

/// The lowest device of an arch (clrxasm's device for `-A ARCH`).
fn lowest_device(a: Arch) -> u8 {
    DEVICES.iter().position(|d| d.arch == a).unwrap_or(0) as u8
}

/// CLRX's state of one assembly.
#[derive(Debug)]
pub(super) struct State {
    /// Symbols that cannot be defined again (`.equiv`, `.eqv`, `.enum`), by full name.
    pub fixed: FxHashSet<String>,
    /// `.end` or `.abort` was seen: the rest of the input is not read.
    pub ended: bool,
    /// `.print` texts not yet taken by the caller ([`Assembler::take_prints`]).
    pub prints: Vec<String>,
    pub policy: i64,
    /// A `.get_*` pseudo-op or `.main` has set up the output (the bitness and format are
    /// fixed then).
    pub queried: bool,
    /// `.buggyfplit`/`--buggyFPLit`: clrxasm 0.1.2's float literals.
    pub buggy_fp_lit: bool,
    /// `.oldmodparam`/`--oldModParam`: a switch modifier's value keeps its bit 0 only.
    pub old_mod_param: bool,
    /// `.altmacro`/`-a`: the alternate macro syntax.
    pub alt_macro: bool,
    /// `.macrocase` (the default): macro names ignore case.
    pub macro_case: bool,
    /// `-w`: warnings are not kept.
    pub no_warnings: bool,
}

impl Default for State {
    fn default() -> State {
        State {
            fixed: Default::default(),
            ended: false,
            prints: Vec::new(),
            policy: CLRX_VERSION,
            queried: false,
            buggy_fp_lit: false,
            old_mod_param: false,
            alt_macro: false,
            macro_case: true,
            no_warnings: false,
        }
    }
}

/// A local label's definition at the cursor (`1:`, not `1::`): its number and where the
/// statement goes on.
pub(super) fn local_label_def(c: &Cursor) -> Option<(u64, usize)> {
    let (s, end) = (c.s, c.end.min(c.s.len()));
    let mut p = c.pos;
    while p < end && matches!(s[p], b' ' | b'\t') {
        p += 1;
    }
    let d0 = p;
    while p < end && s[p].is_ascii_digit() {
        p += 1;
    }
    if p == d0 || p >= end || s[p] != b':' || s.get(p + 1) == Some(&b':') {
        return None;
    }
    let n = std::str::from_utf8(&s[d0..p]).ok()?.parse().ok()?;
    Some((n, p + 1))
}

impl Assembler {
    /// The CLRX device id of the target (`.get_gpu`, `.ifgpu`).
    pub(super) fn clrx_device(&self) -> u8 {
        match self.processor.as_deref().and_then(Device::find) {
            Some(d) if d.arch == self.arch => device_id(d),
            _ => lowest_device(self.arch),
        }
    }

    /// The `.get_format` id of the output: ROCm with `.rocm`, AMD with `.amd`, Gallium with
    /// `.gallium`, else raw code.
    pub(super) fn clrx_format(&self) -> u8 {
        if self.obj.amd.is_some() {
            0
        } else if self.obj.gallium.is_some() {
            1
        } else if self.obj.rocm.is_some() {
            4
        } else {
            2
        }
    }

    /// Has the output started (clrxasm: its format is set up), after which the bitness and
    /// the format are fixed? Code or data, another section, `.main`, a `.get_*` query.
    pub(super) fn clrx_output_started(&self) -> bool {
        self.taken + self.items.len() > 0 || self.sections.len() > 1 || self.clrx.queried
    }

    /// `.ifgpu NAME`: `Err` with a message for an unknown name.
    pub(super) fn clrx_if_gpu(&self, name: &str) -> Result<bool, String> {
        match Device::find(name) {
            Some(d) => Ok(device_id(d) == self.clrx_device()),
            None if GCN15_DEVICES.iter().any(|g| g.eq_ignore_ascii_case(name)) => Ok(false),
            None => Err(format!("unknown GPU device '{name}'")),
        }
    }

    /// `.ifarch NAME` (GCN 1.4 also matches GCN 1.4.1, as in clrxasm).
    pub(super) fn clrx_if_arch(&self, name: &str) -> Result<bool, String> {
        match ARCHS.iter().find(|a| a.0.eq_ignore_ascii_case(name)) {
            Some(&(_, a)) => {
                let cur = arch_id(self.arch);
                Ok(a == cur || a == 3 && cur == 4)
            }
            None => Err(format!("unknown GPU architecture '{name}'")),
        }
    }

    /// `.iffmt NAME`.
    pub(super) fn clrx_if_fmt(&self, name: &str) -> Result<bool, String> {
        match FORMATS.iter().find(|f| f.0.eq_ignore_ascii_case(name)) {
            Some(&(_, f)) => Ok(f == self.clrx_format()),
            None => Err(format!("unknown binary format '{name}'")),
        }
    }

    /// The `.print` texts since the last call, in order (clrxasm writes them to its
    /// standard output as it reads them).
    pub fn take_prints(&mut self) -> Vec<String> {
        std::mem::take(&mut self.clrx.prints)
    }

    /// `--buggyFPLit`, `--oldModParam`, `-a` (alternate macros), `-m` (macro names keep
    /// their case), `--policy`: clrxasm's options, before the first line.
    pub fn clrx_options(
        &mut self,
        buggy_fp_lit: bool,
        old_mod_param: bool,
        alt_macro: bool,
        macro_case: bool,
        policy: Option<i64>,
    ) {
        self.clrx.buggy_fp_lit = buggy_fp_lit;
        self.clrx.old_mod_param = old_mod_param;
        self.clrx.alt_macro = alt_macro;
        self.clrx.macro_case = macro_case;
        if let Some(p) = policy {
            self.clrx.policy = p;
        }
    }

    /// Defines `name` (as written, in the current scope) as `v`, as `name = v` would.
    pub(super) fn clrx_set(&mut self, lineno: usize, src: &str, name: &str, at: (usize, usize), v: i64) {
        let key = self.syms.clrx.define_key(name);
        if self.labels.contains_key(&key) || self.clrx.fixed.contains(&key) {
            return self.error_at(lineno, src, at, format!("symbol '{name}' is already defined"));
        }
        self.define(lineno, src, &key, Sym::Value(Value::Int(v)), at.0, at.1);
        self.obj.constant(&key);
    }

    /// A symbol name argument (a path allowed), or an error naming what needs it.
    pub(super) fn name_arg(
        &mut self,
        lineno: usize,
        src: &str,
        c: &mut Cursor,
        end: usize,
        what: &str,
    ) -> Option<(String, (usize, usize))> {
        match super::scopes::scoped_ident(c) {
            Some((n, at)) => Some((n.clone(), (at, at + n.len()))),
            None => {
                let p = c.pos;
                self.error_at(lineno, src, (p, end.max(p + 1)), format!("{what} needs a symbol name"));
                None
            }
        }
    }

    /// Errors for text after a complete statement; `true` if there is none.
    pub(super) fn at_end(&mut self, lineno: usize, src: &str, c: &mut Cursor, end: usize) -> bool {
        if c.at_end() {
            return true;
        }
        let p = c.pos;
        self.error_at(
            lineno,
            src,
            (p, end.max(p + 1)),
            "unexpected text at the end of the statement".into(),
        );
        false
    }

    /// A warning at `span`.
    fn warn_at(&mut self, lineno: usize, src: &str, span: (usize, usize), msg: String) {
        self.report(lineno, src, perr(span.0, span.1, msg), Severity::Warning);
    }

    /// CLRX's pseudo-ops of this module and the data ones ([`super::data`]); returns whether
    /// `name` was one.
    pub(super) fn clrx_directive(
        &mut self,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        // `.align`s of other text keep their own reading (CLRX text's went to `clrx_data`
        // before the object directives).
        if !matches!(name, ".align" | ".balign" | ".p2align") && self.clrx_data(lineno, src, name, span, c, end) {
            return true;
        }
        match name {
            ".equiv" | ".eqv" => {
                let Some((sym, at)) = self.name_arg(lineno, src, c, end, name) else {
                    return true;
                };
                if !c.eat(b',') {
                    let p = c.pos;
                    self.error_at(lineno, src, (p, end.max(p + 1)), "expected ','".into());
                    return true;
                }
                let key = self.syms.clrx.define_key(&sym);
                // (a setting still waiting for a later symbol counts)
                if self.syms.contains_key(&key)
                    || self.labels.contains_key(&key)
                    || self.syms.clrx.eqvs.contains_key(&key)
                    || self.pending_assigns.iter().any(|p| p.name == key)
                {
                    self.error_at(lineno, src, at, format!("symbol '{sym}' is already defined"));
                    return true;
                }
                c.ws();
                if name == ".eqv" {
                    let p0 = c.pos;
                    let text = src[p0.min(end)..end].trim().to_string();
                    // Read once now for its errors (symbols defined later are fine).
                    let r = (Expr {
                        syms: &self.syms,
                        no_bar: false,
                    })
                    .parse(c);
                    self.expression_warnings(lineno, src);
                    match r {
                        Err(e) => {
                            self.diag(lineno, src, e);
                            return true;
                        }
                        Ok(_) if !c.at_end() => {
                            let p = c.pos;
                            self.error_at(lineno, src, (p, end), "unexpected text after the expression".into());
                            return true;
                        }
                        Ok(_) => {}
                    }
                    self.syms.clrx.eqvs.insert(key.clone(), text);
                    self.clrx.fixed.insert(key.clone());
                    self.resolve(&key);
                    return true;
                }
                // As `=` (a later symbol may be waited for, as in clrxasm), then fixed.
                self.assign(lineno, src, &sym, at, c, end);
                self.clrx.fixed.insert(key);
            }
            ".undef" => {
                let Some((sym, at)) = self.name_arg(lineno, src, c, end, name) else {
                    return true;
                };
                if !self.at_end(lineno, src, c, end) {
                    return true;
                }
                match self.syms.full_name(&sym) {
                    Some(key) => {
                        self.syms.remove(&key);
                        self.syms.clrx.eqvs.remove(&key);
                        self.clrx.fixed.remove(&key);
                        self.labels.remove(&key);
                    }
                    None => self.warn_at(
                        lineno,
                        src,
                        at,
                        format!("symbol '{sym}' is not defined: nothing to undefine"),
                    ),
                }
            }
            // Ignored by GNU as and by clrxasm.
            ".extern" | ".title" | ".sbttl" | ".version" | ".nowave32" | ".wave32" => {}
            // Raw code has no kernels: the main part is all there is (it starts the output).
            ".main" => self.clrx.queried = true,
            ".file" | ".line" | ".ln" | ".lflags" => {
                let shown = if name == ".ln" { ".line" } else { name };
                self.warn_at(lineno, src, span, format!("'{shown}' is ignored by this assembler"));
            }
            ".enum" => self.enumerate(lineno, src, c, end),
            ".scope" => {
                let n = super::scopes::scoped_ident(c).map(|x| x.0);
                if !self.at_end(lineno, src, c, end) {
                    return true;
                }
                self.syms.clrx.open(n.as_deref());
            }
            ".ends" | ".endscope" => {
                if !self.at_end(lineno, src, c, end) {
                    return true;
                }
                if !self.syms.clrx.close() {
                    self.error_at(lineno, src, span, "closing the global scope is illegal".into());
                }
            }
            ".using" => {
                let Some((path, at)) = self.name_arg(lineno, src, c, end, name) else {
                    return true;
                };
                if self.at_end(lineno, src, c, end) && !self.syms.clrx.using(&path) {
                    self.error_at(lineno, src, at, format!("scope '{path}' does not exist"));
                }
            }
            ".unusing" => {
                let path = super::scopes::scoped_ident(c);
                if self.at_end(lineno, src, c, end) && !self.syms.clrx.unusing(path.as_ref().map(|p| p.0.as_str())) {
                    let (p, at) = path.unwrap_or_default();
                    self.error_at(lineno, src, (at, at + p.len()), format!("scope '{p}' does not exist"));
                }
            }
            ".get_64bit" | ".get_arch" | ".get_format" | ".get_gpu" | ".get_policy" | ".get_version" => {
                let Some((sym, at)) = self.name_arg(lineno, src, c, end, name) else {
                    return true;
                };
                if !self.at_end(lineno, src, c, end) {
                    return true;
                }
                self.clrx.queried = true;
                let v = match name {
                    ".get_64bit" => (self.obj.rocm.is_some() || self.obj.amd.as_ref().is_some_and(|a| a.is64())) as i64,
                    ".get_arch" => arch_id(self.arch) as i64,
                    ".get_format" => self.clrx_format() as i64,
                    ".get_gpu" => self.clrx_device() as i64,
                    ".get_policy" => self.clrx.policy,
                    _ => CLRX_VERSION,
                };
                self.clrx_set(lineno, src, &sym, at, v);
            }
            ".print" | ".warning" | ".error" => {
                c.ws();
                let text = if c.at_end() && name != ".print" {
                    None
                } else {
                    match super::data::one_string(c) {
                        Ok(t) => Some(String::from_utf8_lossy(&t).into_owned()),
                        Err(e) => {
                            self.diag(lineno, src, e);
                            return true;
                        }
                    }
                };
                if !self.at_end(lineno, src, c, end) {
                    return true;
                }
                match name {
                    ".print" => self.clrx.prints.push(text.unwrap_or_default()),
                    ".warning" => {
                        let msg = text.unwrap_or_else(|| ".warning encountered".into());
                        self.warn_at(lineno, src, span, msg);
                    }
                    _ => {
                        let msg = text.unwrap_or_else(|| ".error encountered".into());
                        self.error_at(lineno, src, span, msg);
                    }
                }
            }
            ".err" => self.error_at(lineno, src, span, ".err encountered".into()),
            ".fail" => {
                let p0 = c.pos;
                match self.abs_value(lineno, src, c, end) {
                    Some(Some(v)) => {
                        if !self.at_end(lineno, src, c, end) {
                            return true;
                        }
                        if v >= 500 {
                            self.warn_at(lineno, src, span, format!(".fail {v} encountered"));
                        } else {
                            self.error_at(lineno, src, span, format!(".fail {v} encountered"));
                        }
                    }
                    Some(None) => self.error_at(lineno, src, (p0, end.max(p0 + 1)), ".fail needs an expression".into()),
                    None => {}
                }
            }
            ".abort" => {
                self.error_at(lineno, src, span, "aborted (.abort)".into());
                self.clrx.ended = true;
            }
            ".end" => self.clrx.ended = true,
            ".32bit" | ".64bit" => {
                if self.at_end(lineno, src, c, end) {
                    // Before the output starts (clrxasm: once its format is set up).
                    if self.clrx_output_started() {
                        self.error_at(
                            lineno,
                            src,
                            span,
                            "the bitness is already defined (it goes before the code)".into(),
                        );
                    } else if self.obj.rocm.is_some() {
                        if name == ".32bit" {
                            self.warn_at(lineno, src, span, "for ROCm the bitness is always 64-bit".into());
                        }
                    } else {
                        let msg = "the bitness is ignored for raw code (it matters to the AMD Catalyst and GalliumCompute formats)";
                        self.warn_at(lineno, src, span, msg.into());
                    }
                }
            }
            ".policy" => {
                let p0 = c.pos;
                match self.abs_value(lineno, src, c, end) {
                    Some(Some(v)) if self.at_end(lineno, src, c, end) => self.clrx.policy = v,
                    Some(Some(_)) => {}
                    Some(None) => {
                        self.error_at(lineno, src, (p0, end.max(p0 + 1)), ".policy needs an expression".into())
                    }
                    None => {}
                }
            }
            ".buggyfplit" | ".nobuggyfplit" => self.clrx.buggy_fp_lit = name == ".buggyfplit",
            ".oldmodparam" | ".nooldmodparam" => self.clrx.old_mod_param = name == ".oldmodparam",
            ".altmacro" | ".noaltmacro" => self.clrx.alt_macro = name == ".altmacro",
            ".macrocase" | ".nomacrocase" => self.clrx.macro_case = name == ".macrocase",
            ".rawcode" if self.clrx_output_started() => self.error_at(
                lineno,
                src,
                span,
                "the output format is already defined (it goes before the code)".into(),
            ),
            ".rawcode" => {}
            ".format" => {
                let f = c.ident().map(|x| x.0.to_ascii_lowercase());
                match f.as_deref() {
                    Some("raw" | "rocm") if self.clrx_output_started() => {
                        let msg = "the output format is already defined (it goes before the code)";
                        self.error_at(lineno, src, span, msg.into())
                    }
                    Some("raw") => {}
                    Some("amd" | "catalyst") => self.start_amd(lineno),
                    Some("gallium") => self.start_gallium(lineno),
                    Some("amdcl2") => self.start_amdcl2(lineno),
                    Some("rocm") => {
                        self.obj.rocm.get_or_insert_with(Default::default);
                    }
                    _ => {
                        let p = c.pos;
                        self.error_at(
                            lineno,
                            src,
                            (p, end.max(p + 1)),
                            "unknown output format (amd, catalyst, amdcl2, gallium, rocm, raw)".into(),
                        );
                    }
                }
            }
            ".amd3" => {
                let msg =
                    format!("{name}: gcnkit does not write this binary format (clrxasm writes no file for it either)");
                self.error_at(lineno, src, span, msg);
            }
            ".regvar" => self.regvar(lineno, src, c, end),
            // (`.rocm` sources take `.kernel` before this.)
            ".kernel" => self.error_at(lineno, src, span, "raw code has no kernels (.rocm first)".into()),
            // The register allocator's hints: clrxasm reads and ignores them (allocation is
            // unimplemented there).
            ".usereg" | ".rvlin" | ".rvlin_once" | ".cf_call" | ".cf_cjump" | ".cf_jump" | ".cf_ret" | ".cf_start"
            | ".cf_end" => {
                if matches!(name, ".cf_ret" | ".cf_start" | ".cf_end") {
                    self.at_end(lineno, src, c, end);
                } else if c.at_end() && name != ".usereg" {
                    let p = c.pos;
                    self.error_at(lineno, src, (p, p + 1), format!("{name} needs operands"));
                }
            }
            _ => return false,
        }
        true
    }

    /// `.enum [>[START],] SYM, ...`: each symbol the scope's counter, then counter + 1.
    fn enumerate(&mut self, lineno: usize, src: &str, c: &mut Cursor, end: usize) {
        let scope = self.syms.clrx.ctx.scope;
        if self.syms.clrx.scopes.is_empty() {
            self.syms.clrx.open(None);
            self.syms.clrx.close();
        }
        c.ws();
        if c.eat(b'>') {
            let start = match self.abs_value(lineno, src, c, end) {
                Some(v) => v.unwrap_or(0),
                None => return,
            };
            self.syms.clrx.scopes[scope].enum_count = start;
            if !c.eat(b',') {
                self.at_end(lineno, src, c, end);
                return;
            }
        }
        loop {
            let Some((sym, at)) = self.name_arg(lineno, src, c, end, ".enum") else {
                return;
            };
            let key = self.syms.clrx.define_key(&sym);
            if self.syms.contains_key(&key) || self.labels.contains_key(&key) || self.syms.clrx.eqvs.contains_key(&key)
            {
                self.error_at(lineno, src, at, format!("symbol '{sym}' is already defined"));
            } else {
                let v = self.syms.clrx.scopes[scope].enum_count;
                self.syms.clrx.scopes[scope].enum_count += 1;
                self.define(lineno, src, &key, Sym::Value(Value::Int(v)), at.0, at.1);
                self.obj.constant(&key);
                self.clrx.fixed.insert(key);
            }
            if !c.eat(b',') {
                break;
            }
        }
        self.at_end(lineno, src, c, end);
    }

    /// `.regvar NAME:TYPE[:COUNT], ...` (TYPE `s`/`sgpr` or `v`/`vgpr`).
    fn regvar(&mut self, lineno: usize, src: &str, c: &mut Cursor, end: usize) {
        loop {
            c.ws();
            let Some((name, at)) = c.ident().map(|(n, a)| (n.to_string(), a)) else {
                let p = c.pos;
                return self.error_at(
                    lineno,
                    src,
                    (p, end.max(p + 1)),
                    "expected a register variable's name".into(),
                );
            };
            if !c.eat(b':') {
                let p = c.pos;
                return self.error_at(
                    lineno,
                    src,
                    (p, end.max(p + 1)),
                    "expected ':' after the register variable".into(),
                );
            }
            let ty = c.ident().map(|x| x.0.to_ascii_lowercase());
            let vgpr = match ty.as_deref() {
                Some("v" | "vgpr") => true,
                Some("s" | "sgpr") => false,
                _ => {
                    let p = c.pos;
                    return self.error_at(
                        lineno,
                        src,
                        (p, end.max(p + 1)),
                        "expected a register type (s, v, sgpr, vgpr)".into(),
                    );
                }
            };
            let mut count = 1;
            if c.eat(b':') {
                let p0 = c.pos;
                match self.abs_value(lineno, src, c, end) {
                    Some(Some(n)) if n > 0 && n <= 256 => count = n as u16,
                    Some(Some(0)) => {
                        return self.error_at(lineno, src, (p0, c.pos), "the register variable's size is zero".into())
                    }
                    Some(_) => {
                        return self.error_at(
                            lineno,
                            src,
                            (p0, c.pos.max(p0 + 1)),
                            "expected the register variable's size".into(),
                        )
                    }
                    None => return,
                }
            }
            let span = (at, at + name.len());
            match self.syms.clrx.regvars.entry(name) {
                std::collections::hash_map::Entry::Occupied(e) => {
                    let msg = format!("register variable '{}' is already defined", e.key());
                    self.error_at(lineno, src, span, msg);
                }
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert((vgpr, count));
                    self.names.reg_symbols = true;
                }
            }
            if !c.eat(b',') {
                break;
            }
        }
        self.at_end(lineno, src, c, end);
    }
}
