//! What the sources of CLRX's binary formats (`.amd`, `.gallium`) share: the source-wide lines
//! (`.gpu`, `.32bit`/`.64bit`, the driver and LLVM versions, `.globaldata`), the kernels with
//! the lines read after them (their configs, kept until the end), and at the end the device
//! and the global data.

use super::parse::Cursor;
use super::Assembler;
use crate::codeobj::clrx_config::{Device, Gpu};

/// A kernel of the source and its lines.
pub(super) struct KernelLines {
    pub name: String,
    pub line: usize,
    pub source: String,
    /// Where `.text` was when `.kernel` came.
    pub start: usize,
    /// Its config lines: pseudo-op, arguments, line, source.
    pub lines: Vec<(String, String, usize, String)>,
}

/// The source-wide state of a binary format's source.
#[derive(Default)]
pub(super) struct BinarySource {
    /// The line of the format's directive (0: the command line chose it).
    pub line: usize,
    pub gpu: Option<String>,
    pub is64: bool,
    /// `.driver_version`.
    pub driver_version: Option<u32>,
    /// `-t` (Gallium's `.driver_version` is the same setting: [`BinarySource::driver`]).
    pub cli_driver_version: Option<u32>,
    pub llvm_version: Option<u32>,
    /// `.arch_minor`, `.arch_stepping` (Gallium's, for LLVM 4.0's HSA headers).
    pub arch_minor: Option<u32>,
    pub arch_stepping: Option<u32>,
    /// Gallium's `.scratchsym` symbols (relocations to the scratch buffer).
    pub scratch_syms: Vec<String>,
    /// Gallium's `.kcode`/`.kcodeend`.
    pub kcode: super::rocm::Kcode,
    pub kernels: Vec<KernelLines>,
    /// The kernel whose lines are being read.
    pub open: Option<usize>,
    /// The sections the source opened beside the format's own (clrxasm's extra sections).
    pub extras: super::clrx_sections::Opens,
    /// A line of the format (but the bitness and the device) was read: clrxasm's output is set
    /// up, the bitness and the format fixed.
    pub started: bool,
}

/// Where the kernels of an `.amd` or `.amdcl2` source are ([`Assembler::binary_kernel`]).
#[derive(Default)]
pub(super) struct KernelPlaces {
    /// The kernel the source is in (`None` in the global part, or `.amdcl2`'s inner binary).
    pub current: Option<usize>,
    /// The kernel whose code `.text` holds (the last one `.kernel` named).
    pub code_kernel: Option<usize>,
    /// Where each piece of code starts: its kernel and first item (of the whole file).
    pub pieces: Vec<(usize, usize)>,
    /// The first item since `.text` (or `.kernel`) last led into a kernel's code.
    pub code_entry: usize,
    /// Per kernel (as in [`BinarySource::kernels`]): where it was left.
    pub left: Vec<Left>,
}

/// Where a kernel was left when another place was named: its code's end so far, the section
/// it was in and whether its config lines were open.
#[derive(Default)]
pub(super) struct Left {
    pub text_end: usize,
    pub section: Option<(String, bool)>,
}

/// What [`Assembler::binary_directive`] did with a line.
pub(super) enum Common {
    /// Taken (also a line of the open kernel).
    Taken,
    /// A new kernel (`.kernel NAME`), now the last.
    Kernel,
    /// `.gpu`/`.arch`: noted, for the target directive too.
    Target,
    /// Not one of the shared lines.
    Other,
}

/// Directives that end a kernel's lines (they switch to another part of the source).
const ENDS_KERNEL: [&str; 9] = [
    ".text",
    ".rwdata",
    ".bssdata",
    ".kernel",
    ".rodata",
    ".data",
    ".section",
    ".globaldata",
    ".main",
];

impl BinarySource {
    /// A source started at `line` with the command line's `-6`, `-t` and `--llvmVersion`.
    pub fn new(line: usize, o: super::amd::AmdOptions, llvm_version: Option<u32>) -> BinarySource {
        BinarySource {
            line,
            is64: o.is64,
            cli_driver_version: o.driver_version,
            llvm_version,
            ..Default::default()
        }
    }

    /// The driver version `.driver_version` or else `-t` gives (0: neither; clrxasm would
    /// take the installed driver's, 0 without one).
    pub fn driver(&self) -> u32 {
        self.driver_version.or(self.cli_driver_version).unwrap_or(0)
    }

    /// Where errors about the whole source go: the first kernel's line, else the format's.
    pub fn first_line(&self, format: &str) -> (usize, String) {
        match self.kernels.first() {
            Some(k) => (k.line, k.source.clone()),
            None => (self.line.max(1), format!("{format} (line {})", self.line)),
        }
    }
}

impl Assembler {
    /// The lines every binary format's source takes (and, while a kernel's lines are open,
    /// every line up to a section or `.kernel`); `llvm` says whether `.llvm_version` is one
    /// (Gallium's).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn binary_directive(
        &mut self,
        b: &mut BinarySource,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
        llvm: bool,
    ) -> Common {
        let rest = src[c.pos.min(end)..end].trim().to_string();
        if let Some(k) = b.open {
            if !ENDS_KERNEL.contains(&name) {
                b.kernels[k]
                    .lines
                    .push((name.to_string(), rest, lineno, src.to_string()));
                return Common::Taken;
            }
            b.open = None;
        }
        match name {
            ".gpu" | ".arch" => {
                if name == ".gpu" {
                    b.gpu = Some(rest);
                }
                return Common::Target;
            }
            // (Before the output starts: clrxasm's errors.)
            ".32bit" | ".64bit" => {
                if self.at_end(lineno, src, c, end) {
                    if self.binary_output_started(Some(b)) {
                        self.error_at(lineno, src, span, "Bitness is already defined".into());
                    }
                    b.is64 = name == ".64bit";
                }
            }
            ".driver_version" | ".llvm_version" if name == ".driver_version" || llvm => {
                match self.abs_value(lineno, src, c, end) {
                    Some(Some(_)) if !self.at_end(lineno, src, c, end) => {}
                    Some(Some(v)) if name == ".driver_version" => b.driver_version = Some(v as u32),
                    Some(Some(v)) => b.llvm_version = Some(v as u32),
                    Some(None) => self.error_at(lineno, src, span, format!("{name} needs an expression")),
                    None => {}
                }
            }
            ".globaldata" => {
                if self.at_end(lineno, src, c, end) {
                    self.switch_section(".rodata");
                }
            }
            // clrxasm's versions as they stand at this line (an `.amd` source's driver version:
            // its own, [`super::amd`]).
            ".get_driver_version" | ".get_llvm_version" if name == ".get_driver_version" || llvm => {
                let v = if name == ".get_llvm_version" {
                    b.llvm_version.ok_or("the LLVM version is not given (--llvmVersion or .llvm_version; clrxasm takes the installed LLVM's)")
                } else {
                    Ok(b.driver())
                };
                return self.binary_query(lineno, src, span, c, end, name, v);
            }
            // The last kernel's configuration lines follow (Gallium's `.config` is its own).
            ".config" if !llvm => match b.kernels.len().checked_sub(1) {
                Some(k) if self.sections[self.section].0 == ".text" => b.open = Some(k),
                _ => self.error_at(
                    lineno,
                    src,
                    span,
                    ".config outside a kernel (after .kernel NAME)".into(),
                ),
            },
            ".kernel" => {
                let k = rest.trim().to_string();
                if k.is_empty() {
                    self.error_at(lineno, src, span, ".kernel needs the kernel's name".into());
                    return Common::Taken;
                }
                if b.kernels.iter().any(|x| x.name == k) {
                    let msg = format!("kernel {k} again: gcnkit takes each kernel's lines and code in one piece (clrxasm would go on with it)");
                    self.error_at(lineno, src, span, msg);
                    return Common::Taken;
                }
                self.switch_section(".text");
                b.kernels.push(KernelLines {
                    name: k,
                    line: lineno,
                    source: src.to_string(),
                    start: self.offset,
                    lines: Vec::new(),
                });
                return Common::Kernel;
            }
            _ => return Common::Other,
        }
        Common::Taken
    }

    /// Has clrxasm set its output up (its bitness and format fixed)? Code, data, a section,
    /// a label, a line of the format `b` (see [`BinarySource::started`]).
    pub(super) fn binary_output_started(&self, b: Option<&BinarySource>) -> bool {
        self.clrx_output_started() || !self.labels.is_empty() || b.is_some_and(|b| b.started || !b.kernels.is_empty())
    }

    /// `.get_*_version SYM`: SYM set to `v`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn binary_query(
        &mut self,
        lineno: usize,
        src: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
        name: &str,
        v: Result<u32, &str>,
    ) -> Common {
        let Some((sym, at)) = self.name_arg(lineno, src, c, end, name) else {
            return Common::Taken;
        };
        if self.at_end(lineno, src, c, end) {
            match v {
                Ok(v) => self.clrx_set(lineno, src, &sym, at, v as i64),
                Err(msg) => self.error_at(lineno, src, span, msg.into()),
            }
        }
        Common::Taken
    }

    /// The device of a binary format's source: `.gpu`'s, else the target's.
    pub(super) fn binary_device(&self, b: &BinarySource) -> Result<&'static Device, String> {
        match b.gpu.as_deref().and_then(Device::find) {
            Some(d) => Ok(d),
            None => Gpu::of_processor(self.gfx_processor())
                .map(|g| g.device)
                .ok_or_else(|| "no GPU device CLRX knows".to_string()),
        }
    }

    /// The global data (`.globaldata`), if there is any.
    pub(super) fn binary_global_data(&self) -> Option<Vec<u8>> {
        self.obj
            .parts
            .sections
            .iter()
            .find(|s| s.name == ".rodata")
            .map(|s| s.bytes.clone())
            .filter(|b| !b.is_empty())
    }

    /// Each kernel's code (from its `.kernel` to the next one's, or the end of `.text`) and
    /// where it ends; `None` (an error given) when code comes before the first kernel.
    pub(super) fn binary_kernel_codes(&mut self, b: &BinarySource, format: &str) -> Option<Vec<(Vec<u8>, usize)>> {
        let text_end = self
            .items
            .iter()
            .map(|i| i.offset as usize + i.byte_len())
            .max()
            .unwrap_or(0)
            .max(self.sections.iter().find(|s| s.0 == ".text").map_or(0, |s| s.1))
            .max(if self.section == 0 { self.offset } else { 0 });
        if let Some(it) = self
            .items
            .iter()
            .find(|i| b.kernels.first().is_none_or(|k| (i.offset as usize) < k.start))
        {
            let line = it.line as usize;
            let msg = format!("code outside a kernel (an {format} source's code follows .kernel NAME)");
            self.error_at(line, "", (0, 0), msg);
            return None;
        }
        let mut codes = Vec::new();
        for (i, k) in b.kernels.iter().enumerate() {
            let to = b.kernels.get(i + 1).map_or(text_end, |n| n.start);
            let mut code = Vec::with_capacity(to - k.start);
            for it in self
                .items
                .iter()
                .filter(|it| (k.start..to).contains(&(it.offset as usize)))
            {
                code.resize(it.offset as usize - k.start, 0);
                it.push_bytes(&mut code);
            }
            code.resize(to - k.start, 0);
            codes.push((code, to));
        }
        Some(codes)
    }

    /// An error about the whole source (see [`BinarySource::first_line`]).
    pub(super) fn binary_error(&mut self, b: &BinarySource, format: &str, msg: String) {
        let (line, src) = b.first_line(format);
        let n = src.len();
        self.error_at(line, &src, (0, n), msg);
    }
}

/// A kernel's code and the ranges of items (of [`Assembler::items`]) that hold it.
pub(super) type KernelCode = (Vec<u8>, Vec<(usize, usize)>);

impl Assembler {
    /// `.kernel NAME` of an `.amd` or `.amdcl2` source: the kernel the lines that follow are
    /// in. The kernel left keeps where it was (its code's end, its section, its config lines
    /// open); a new kernel's code starts at offset 0, a kernel named again goes on where it was
    /// left, as in clrxasm. With `one_text` (`.amdcl2`'s `.hsalayout`) all the code is one
    /// `.text`: the offset goes on. Returns the kernel and whether it is new (`None`: an error
    /// was given).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn binary_kernel(
        &mut self,
        b: &mut BinarySource,
        p: &mut KernelPlaces,
        one_text: bool,
        lineno: usize,
        src: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> Option<(usize, bool)> {
        let name = src[c.pos.min(end)..end].trim();
        if name.is_empty() {
            self.error_at(lineno, src, span, ".kernel needs the kernel's name".into());
            return None;
        }
        let text_at = if self.section == 0 {
            self.offset
        } else {
            self.sections[0].1
        };
        if let Some(k) = p.code_kernel.filter(|_| !one_text) {
            p.left[k].text_end = text_at;
        }
        if let Some(k) = p.current {
            let here = self.sections[self.section].0.clone();
            p.left[k].section = Some((here, b.open == Some(k)));
        }
        b.open = None;
        self.switch_section(".text");
        let (k, new) = match b.kernels.iter().position(|x| x.name == name) {
            Some(k) => {
                if !one_text {
                    self.offset = p.left[k].text_end;
                }
                if let Some((sec, open)) = p.left[k].section.clone() {
                    self.switch_section(&sec);
                    if open {
                        b.open = Some(k);
                    }
                }
                (k, false)
            }
            None => {
                if !one_text {
                    self.offset = 0;
                }
                match self.binary_directive(b, lineno, src, ".kernel", span, c, end, false) {
                    Common::Kernel => {}
                    _ => return None,
                }
                p.left.push(Left::default());
                (b.kernels.len() - 1, true)
            }
        };
        p.current = Some(k);
        p.code_kernel = Some(k);
        p.pieces.push((k, self.taken + self.items.len()));
        p.code_entry = self.taken + self.items.len();
        Some((k, new))
    }

    /// Each kernel's code when each kernel's code is a section of its own (its offsets from
    /// 0) that may come in pieces: `pieces` says where each starts (its kernel, first item of
    /// the whole file), `sizes` each kernel's code size; `None` (an error given) when code
    /// comes before the first kernel.
    pub(super) fn piece_codes(
        &mut self,
        pieces: &[(usize, usize)],
        sizes: &[usize],
        format: &str,
    ) -> Option<Vec<KernelCode>> {
        let first = pieces.first().map_or(usize::MAX, |p| p.1);
        let before = first.saturating_sub(self.taken).min(self.items.len());
        if let Some(it) = self.items[..before].first() {
            let line = it.line as usize;
            let msg = format!("code outside a kernel (an {format} source's code follows .kernel NAME)");
            self.error_at(line, "", (0, 0), msg);
            return None;
        }
        let mut out: Vec<KernelCode> = vec![Default::default(); sizes.len()];
        let n_items = self.taken + self.items.len();
        for (i, &(k, from)) in pieces.iter().enumerate() {
            let to = pieces.get(i + 1).map_or(n_items, |p| p.1);
            out[k].1.push((from - self.taken, to - self.taken));
        }
        for ((code, ranges), &size) in out.iter_mut().zip(sizes) {
            for &(from, to) in ranges.iter() {
                for it in &self.items[from..to] {
                    let at = it.offset as usize;
                    let mut b = Vec::new();
                    it.push_bytes(&mut b);
                    if code.len() < at + b.len() {
                        code.resize(at + b.len(), 0);
                    }
                    code[at..at + b.len()].copy_from_slice(&b);
                }
            }
            code.resize(size.max(code.len()), 0);
        }
        Some(out)
    }
}
