//! CLRX's GalliumCompute source (`.gallium`, or `--format gallium`): `.gpu`,
//! `.32bit`/`.64bit` (`-6`), `.driver_version` (`-t`), `.llvm_version` (`--llvmVersion`),
//! `.arch_minor`/`.arch_stepping`, `.globaldata`, and per kernel `.kernel NAME` with
//! `.args`/`.arg` and `.config` with its pseudo-ops (from LLVM 4.0 those of the HSA header
//! too, and `.control_directive` with its data) or `.proginfo` with `.entry` lines; the
//! kernels' code is the one `.text`, each kernel at its label (from LLVM 4.0 its first 256
//! bytes are the header's room). At the end the binary is built ([`crate::codeobj::clrx_gallium`]) into
//! [`super::ObjectParts::clrx_binary`].

use super::clrx_binary::{BinarySource, Common};
use super::parse::Cursor;
use super::select::FixupKind;
use super::Assembler;
use crate::codeobj::clrx_config::{ConfigBuilder, Gpu, Target};
use crate::codeobj::clrx_gallium::{self, GalliumConfig, GalliumInput, GalliumKernel};

/// The `.gallium` lines of a source, kept until the end.
pub(super) type Gallium = BinarySource;

/// The gcnkit section of a source's `.comment` (clrxasm writes it instead of its own text).
const COMMENT: &str = ".gallium comment";

impl Assembler {
    /// The source is a `.gallium` one from the start (`--format gallium`), for LLVM
    /// `llvm_version` (`--llvmVersion`); `-6` and `-t` as [`Assembler::clrx_amd_options`]
    /// gave them.
    pub fn clrx_gallium_options(&mut self, gallium: bool, llvm_version: Option<u32>) {
        self.obj.llvm_version = llvm_version;
        if gallium {
            self.start_gallium(0);
        }
    }

    pub(super) fn start_gallium(&mut self, line: usize) {
        if self.obj.gallium.is_none() {
            self.obj.gallium = Some(BinarySource::new(line, self.obj.amd_options, self.obj.llvm_version));
        }
    }

    /// Is a kernel's config open (where code cannot go)?
    pub(super) fn gallium_kernel_open(&self) -> bool {
        self.obj.gallium.as_ref().is_some_and(|g| g.open.is_some())
    }

    /// The `.gallium` directives (and, after `.kernel`, every line up to `.text`); returns
    /// whether `name` was taken here. `.gpu` is also the target directive: it is noted and
    /// left to the caller.
    pub(super) fn gallium_directive(
        &mut self,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        if name == ".gallium" {
            if self.at_end(lineno, src, c, end) {
                if self.binary_output_started(self.obj.gallium.as_ref()) {
                    self.error_at(lineno, src, span, "Output format type is already defined".into());
                }
                self.start_gallium(lineno);
            }
            return true;
        }
        let taken = self.gallium_line(lineno, src, name, span, c, end);
        // (Every line of the format but the bitness and the device sets clrxasm's output up.)
        if taken && !matches!(name, ".32bit" | ".64bit") {
            if let Some(g) = self.obj.gallium.as_mut() {
                g.started = true;
            }
        }
        taken
    }

    /// The `.gallium` lines but `.gallium` itself (see [`Assembler::gallium_directive`]).
    fn gallium_line(
        &mut self,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        let Some(mut g) = self.obj.gallium.take() else {
            return false;
        };
        if name == ".scratchsym" {
            let rest = src[c.pos.min(end)..end].trim();
            let ok = !rest.is_empty()
                && rest
                    .bytes()
                    .enumerate()
                    .all(|(k, b)| b == b'_' || b == b'.' || b.is_ascii_alphabetic() || (k > 0 && b.is_ascii_digit()));
            if ok {
                g.scratch_syms.push(rest.to_string());
            } else {
                self.error_at(lineno, src, span, ".scratchsym needs a symbol name".into());
            }
            self.obj.gallium = Some(g);
            return true;
        }
        if name == ".kcode" || name == ".kcodeend" {
            let in_code = self.sections[self.section].0 == ".text" && g.open.is_none();
            let names: Vec<&str> = g.kernels.iter().map(|k| k.name.as_str()).collect();
            let rest = &src[c.pos.min(end)..end];
            if let Err(msg) = g.kcode.line(
                name,
                rest,
                &names,
                in_code,
                self.items.len(),
                self.obj.parts.labels.len(),
            ) {
                self.error_at(lineno, src, span, msg);
            }
            self.obj.gallium = Some(g);
            return true;
        }
        // A section by name (ends a kernel's lines): the code, the global data, `.comment`, or
        // one of the source's own (clrxasm's extra sections, all of the main binary).
        if matches!(name, ".section" | ".data" | ".text" | ".rodata") {
            if let Some(l) = self.section_line(lineno, src, name, c, end) {
                g.open = None;
                let own = match l.name.as_str() {
                    ".text" => Some(".text"),
                    ".rodata" => Some(".rodata"),
                    ".comment" => Some(COMMENT),
                    _ => None,
                };
                match own {
                    Some(sec) => {
                        let new = !self.sections.iter().any(|s| s.0 == sec);
                        self.section_line_warnings(lineno, src, span, &l, new);
                        self.switch_section(sec);
                    }
                    None => {
                        let gcnkit_name = format!(".gallium extra {}", l.name);
                        self.open_extra(&mut g.extras, None, gcnkit_name, &l, (lineno, src, span));
                    }
                }
            }
            self.obj.gallium = Some(g);
            return true;
        }
        if matches!(name, ".arch_minor" | ".arch_stepping") {
            match self.abs_value(lineno, src, c, end) {
                // (CLRX's 32-bit "default" value, all ones, leaves the device's.)
                Some(Some(v)) if self.at_end(lineno, src, c, end) => match name {
                    ".arch_minor" => g.arch_minor = Some(v as u32).filter(|&v| v != u32::MAX),
                    _ => g.arch_stepping = Some(v as u32).filter(|&v| v != u32::MAX),
                },
                Some(None) => self.error_at(lineno, src, span, format!("{name} needs an expression")),
                _ => {}
            }
            self.obj.gallium = Some(g);
            return true;
        }
        // The source-wide lines are taken among a kernel's lines too, as clrxasm takes them
        // (not `.gpu`: clrxasm's code after it there stays its first device's).
        if g.open.is_some()
            && matches!(
                name,
                ".32bit" | ".64bit" | ".driver_version" | ".llvm_version" | ".get_driver_version" | ".get_llvm_version"
            )
        {
            let open = g.open.take();
            self.binary_directive(&mut g, lineno, src, name, span, c, end, true);
            g.open = open;
            self.obj.gallium = Some(g);
            return true;
        }
        let taken = match self.binary_directive(&mut g, lineno, src, name, span, c, end, true) {
            Common::Taken => true,
            // A kernel's lines (`.args`, `.config`) follow it.
            Common::Kernel => {
                g.open = Some(g.kernels.len() - 1);
                true
            }
            Common::Target => false,
            Common::Other if matches!(name, ".args" | ".config" | ".arg" | ".proginfo" | ".entry") => {
                self.error_at(
                    lineno,
                    src,
                    span,
                    format!("{name} outside a kernel (after .kernel NAME)"),
                );
                true
            }
            Common::Other => false,
        };
        self.obj.gallium = Some(g);
        taken
    }

    /// The end of a `.gallium` source: the binary of its kernels.
    pub(super) fn finish_gallium(&mut self) {
        let Some(g) = self.obj.gallium.take() else {
            return;
        };
        let Some(llvm) = g.llvm_version else {
            let msg = "the LLVM version of a Gallium binary must be given (--llvmVersion or .llvm_version; clrxasm takes the installed LLVM's)";
            return self.binary_error(&g, ".gallium", msg.into());
        };
        let device = match self.binary_device(&g) {
            Ok(d) => d,
            Err(msg) => return self.binary_error(&g, ".gallium", msg),
        };
        let scratch_relocs = self.scratch_relocs(&g.scratch_syms);
        // Each kernel's code: from its label to the next kernel's (or the end).
        let mut starts = Vec::new();
        for k in &g.kernels {
            match self
                .obj
                .parts
                .labels
                .iter()
                .find(|(n, s, _)| *n == k.name && s == ".text")
            {
                Some((_, _, o)) => starts.push(*o as usize),
                None => {
                    let n = k.source.len();
                    self.error_at(
                        k.line,
                        &k.source.clone(),
                        (0, n),
                        format!("Symbol for kernel '{}' is undefined", k.name),
                    );
                    starts.push(usize::MAX);
                }
            }
        }
        let code_end = self
            .items
            .iter()
            .map(|i| i.offset as usize + i.byte_len())
            .max()
            .unwrap_or(0);
        let mut code = Vec::with_capacity(code_end);
        for it in &self.items {
            code.resize(it.offset as usize, 0);
            it.push_bytes(&mut code);
        }
        let mut kernels = Vec::new();
        for (i, k) in g.kernels.iter().enumerate() {
            let from = starts[i];
            if from == usize::MAX {
                continue;
            }
            let to = starts
                .iter()
                .copied()
                .filter(|&s| s > from && s != usize::MAX)
                .min()
                .unwrap_or(code_end);
            let mut args = Vec::new();
            let mut config: Option<GalliumConfig> = None;
            let mut prog_info: Option<Vec<(u32, u32)>> = None;
            // What the lines are in: `.args`, `.config`, `.proginfo`, `.control_directive`.
            #[derive(PartialEq)]
            enum In {
                Kernel,
                Args,
                Config,
                ProgInfo,
                Control,
            }
            let mut inside = In::Kernel;
            let gpu = Gpu {
                device,
                arch_minor: g.arch_minor,
                arch_stepping: g.arch_stepping,
            };
            // A control directive's data when the kernel has no `.config` (only its size counts).
            let mut control_only: Option<ConfigBuilder> = None;
            let max_entries = if llvm >= 30900 { 5 } else { 3 };
            for (op, rest, line, src) in &k.lines {
                let control = inside == In::Control;
                let bare = matches!(op.as_str(), ".args" | ".config" | ".proginfo" | ".control_directive");
                let r = match op.as_str() {
                    _ if bare && !rest.is_empty() => Err("Garbages at end of line".to_string()),
                    ".args" if control => Err("Arguments outside kernel definition".to_string()),
                    ".config" if control => Err("Configuration outside kernel definition".to_string()),
                    ".proginfo" if control => Err("ProgInfo outside kernel definition".to_string()),
                    ".arg" if control => Err("Argument definition outside kernel configuration".to_string()),
                    ".entry" if control => Err("ProgInfo entry outside kernel configuration".to_string()),
                    ".args" => {
                        inside = In::Args;
                        Ok(())
                    }
                    ".config" if prog_info.is_some() => {
                        Err("Configuration can't be defined if progInfo was defined".to_string())
                    }
                    ".config" => {
                        inside = In::Config;
                        config.get_or_insert_with(|| GalliumConfig::new(llvm, gpu, &k.name));
                        Ok(())
                    }
                    ".proginfo" if config.is_some() => {
                        Err("ProgInfo can't be defined if configuration was exists".to_string())
                    }
                    ".proginfo" => {
                        inside = In::ProgInfo;
                        prog_info.get_or_insert_with(Vec::new);
                        Ok(())
                    }
                    ".entry" if inside != In::ProgInfo => Err("ProgInfo entry definition outside ProgInfo".to_string()),
                    ".entry" => clrx_gallium::parse_entry(rest).and_then(|e| {
                        let p = prog_info.get_or_insert_with(Vec::new);
                        if p.len() == max_entries {
                            return Err(format!("Maximum {max_entries} entries can be in ProgInfo"));
                        }
                        p.push(e);
                        Ok(())
                    }),
                    ".arg" if inside != In::Args => Err("Argument definition outside arguments list".to_string()),
                    ".arg" => clrx_gallium::parse_arg(rest).map(|a| args.push(a)),
                    ".control_directive" if llvm < 40000 => {
                        Err("HSA configuration pseudo-op only for LLVM>=4.0.0".to_string())
                    }
                    ".control_directive" => {
                        inside = In::Control;
                        match config.as_mut().and_then(|c| c.hsa.as_mut()) {
                            Some(h) => h.set(op, rest),
                            None => control_only
                                .get_or_insert_with(|| ConfigBuilder::new(Target::new(gpu, false), &k.name))
                                .set(op, rest),
                        }
                    }
                    // The control directive's data.
                    _ if control => match config.as_mut().and_then(|c| c.hsa.as_mut()) {
                        Some(h) => h.set(op, rest),
                        None => control_only.as_mut().map_or(Ok(()), |b| b.set(op, rest)),
                    },
                    _ => match config.as_mut().filter(|_| inside == In::Config) {
                        Some(c) => c.set(device, llvm, op, rest),
                        None => Err("Illegal place of configuration pseudo-op".to_string()),
                    },
                };
                if let Err(msg) = r {
                    self.error_at(*line, src, (0, src.len()), msg);
                }
            }
            if let Some(Err(msg)) = control_only.map(|b| b.gallium_parts()) {
                self.binary_error(&g, ".gallium", msg);
            }
            if let Some(c) = config.as_mut() {
                let names: Vec<&str> = g.kernels.iter().map(|k| k.name.as_str()).collect();
                if let Err(msg) = c.default_registers(device, self.kcode_regs(&g.kcode, &names, i, from, to)) {
                    self.binary_error(&g, ".gallium", msg);
                }
            }
            kernels.push(GalliumKernel {
                name: k.name.clone(),
                offset: from as u32,
                args,
                config,
                prog_info: prog_info.unwrap_or_default(),
            });
        }
        // (`.globaldata` with nothing after it still makes clrxasm's `.rodata`.)
        let global_data = self.binary_global_data().or_else(|| {
            let named = self.sections.iter().any(|s| s.0 == ".rodata");
            named.then(Vec::new)
        });
        let input = GalliumInput {
            device,
            is64: g.is64,
            llvm_version: llvm,
            driver_version: g.driver(),
            code,
            global_data,
            kernels,
            scratch_relocs,
            comment: self
                .sections
                .iter()
                .any(|s| s.0 == COMMENT)
                .then(|| self.section_bytes(COMMENT)),
            extra: g.extras.of(None, |name| self.section_bytes(name)),
        };
        match clrx_gallium::write(&input) {
            Ok(b) => self.obj.parts.clrx_binary = Some(b),
            Err(msg) => self.binary_error(&g, ".gallium", msg),
        }
    }

    /// The literals and data words of the code that refer to a `.scratchsym` symbol (waiting
    /// for it, as for a symbol never defined): clrxasm's relocations to the scratch buffer,
    /// its low 32 bits (`SYM`, `SYM&0xffffffff`, `SYM%0x100000000`, `SYM%%0x100000000`) or
    /// high (`SYM>>32`, `SYM/0x100000000`, `SYM//0x100000000`); the place holds 4. Returns
    /// (offset in `.text`, high) for each, in the order of the code.
    fn scratch_relocs(&mut self, syms: &[String]) -> Vec<(u32, bool)> {
        if syms.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        let pending = std::mem::take(&mut self.pending);
        for p in pending {
            let text = p.source.get(p.fixup.start..p.fixup.end).unwrap_or("");
            let place = match p.fixup.kind {
                FixupKind::Literal(_) => Some((4 * p.fixup.word, 0)),
                FixupKind::Bytes { width: 4, section: 0 } => Some((p.fixup.word, 0)),
                _ => None,
            };
            let item = p.item.checked_sub(self.taken).and_then(|k| self.items.get(k));
            // A scratch symbol in another section's data (the global data): clrxasm's error,
            // whatever the expression.
            let other_section = matches!(p.fixup.kind, FixupKind::Bytes { section, .. } if section != 0);
            let names_scratch = syms.iter().any(|s| {
                text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
                    .any(|w| w == s)
            });
            if other_section && names_scratch {
                let span = (p.fixup.start, p.fixup.end);
                self.error_at(
                    p.line,
                    &p.source,
                    span,
                    "Can't resolve expression outside code section".into(),
                );
                continue;
            }
            match (scratch_part(text, syms), place, item.map(|i| i.offset as usize)) {
                (Some(high), Some((byte, section)), Some(at)) => {
                    self.patch_bytes(p.item, section, byte, &4u32.to_le_bytes());
                    out.push(((at + byte) as u32, high));
                }
                _ => self.pending.push(p),
            }
        }
        out.sort_unstable();
        out
    }
}

/// Whether expression `text` is the low (false) or high (true) half of a scratch symbol.
fn scratch_part(text: &str, syms: &[String]) -> Option<bool> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    for s in syms {
        let Some(rest) = t.strip_prefix(s.as_str()) else {
            continue;
        };
        if rest.is_empty() {
            return Some(false);
        }
        let value = |v: &str| crate::codeobj::clrx_config::clrx_value(v).ok();
        for (op, want, high) in [
            ("//", 1u64 << 32, true),
            ("/", 1 << 32, true),
            (">>", 32, true),
            ("&", 0xffff_ffff, false),
            ("%%", 1 << 32, false),
            ("%", 1 << 32, false),
        ] {
            if let Some(v) = rest.strip_prefix(op) {
                if value(v) == Some(want) {
                    return Some(high);
                }
            }
        }
    }
    None
}
