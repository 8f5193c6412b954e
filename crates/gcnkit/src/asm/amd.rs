//! CLRX's AMD Catalyst OpenCL 1.2 source (`.amd`, or `--format amd`): `.gpu`, `.32bit`/`.64bit`
//! (`-6`), `.driver_version` (`-t`), `.driver_info`, `.compile_options`, `.globaldata`, and per
//! kernel `.kernel NAME`, `.config` with its pseudo-ops, then its code after `.text`. At the end
//! the binary is built ([`crate::codeobj::clrx_amd`]) into [`super::ObjectParts::clrx_binary`].
//!
//! gcnkit assembles every kernel's code into its one `.text`, each kernel's from where its
//! `.kernel` line put it: a kernel's code must come in one piece (a second `.kernel` of the same
//! name is refused), and labels and alignment count from the start of `.text`, not from the
//! kernel's own code as in clrxasm (the same only for the first kernel, or when each kernel's
//! code starts aligned).

use super::parse::Cursor;
use super::Assembler;
use crate::codeobj::clrx_amd::{self, ConfigRules, Input, Kernel, KernelConfig};
use crate::codeobj::clrx_config::{Device, Gpu};

/// What `-6` and `-t` say before the source does.
#[derive(Clone, Copy, Default)]
pub(super) struct AmdOptions {
    pub is64: bool,
    pub driver_version: Option<u32>,
}

/// The `.amd` lines of a source, kept until the end.
#[derive(Default)]
pub(super) struct Amd {
    line: usize,
    gpu: Option<String>,
    is64: bool,
    driver_version: Option<u32>,
    driver_info: Option<String>,
    compile_options: String,
    kernels: Vec<AmdKernel>,
    /// The kernel whose `.config` is open.
    open: Option<usize>,
}

impl Amd {
    /// `.64bit` (or `-6`) is in effect.
    pub(super) fn is64(&self) -> bool {
        self.is64
    }
}

struct AmdKernel {
    name: String,
    line: usize,
    source: String,
    /// Where its code starts in `.text`.
    start: usize,
    /// Its config lines: pseudo-op, arguments, line, source.
    lines: Vec<(String, String, usize, String)>,
}

/// Directives that end a kernel's config.
const ENDS_CONFIG: [&str; 8] = [
    ".text",
    ".kernel",
    ".rodata",
    ".data",
    ".section",
    ".globaldata",
    ".main",
    ".config",
];

/// The raw forms of a kernel (its metadata string, header and CAL notes as bytes), which
/// clrxdisasm prints without `-C`: not written by gcnkit yet.
const RAW_FORMS: [&str; 27] = [
    ".header",
    ".metadata",
    ".calnote",
    ".proginfo",
    ".uav",
    ".inputs",
    ".outputs",
    ".condout",
    ".earlyexit",
    ".floatconsts",
    ".intconsts",
    ".boolconsts",
    ".globalbuffers",
    ".constantbuffers",
    ".inputsamplers",
    ".scratchbuffers",
    ".persistentbuffers",
    ".subconstantbuffers",
    ".uavmailboxsize",
    ".uavopmask",
    ".entry",
    ".cbmask",
    ".segment",
    ".cbid",
    ".sampler",
    ".get_driver_version",
    ".data",
];

impl Assembler {
    /// The source is an `.amd` one from the start (`--format amd`), 64-bit (`-6`), of this
    /// driver version (`-t`): clrxasm's options, before the first line.
    pub fn clrx_amd_options(&mut self, amd: bool, is64: bool, driver_version: Option<u32>) {
        self.obj.amd_options = AmdOptions { is64, driver_version };
        if amd {
            self.start_amd(0);
        }
    }

    /// The source is a `.rocm` one from the start (`--format rocm`).
    pub fn clrx_rocm(&mut self) {
        self.obj.rocm.get_or_insert_with(Default::default);
    }

    /// Is a kernel's `.config` open (where code and data cannot go)?
    pub(super) fn amd_config_open(&self) -> bool {
        self.obj.amd.as_ref().is_some_and(|a| a.open.is_some())
    }

    /// Starts an `.amd` source (the directive or `--format amd`).
    pub(super) fn start_amd(&mut self, line: usize) {
        if self.obj.amd.is_none() {
            let o = self.obj.amd_options;
            self.obj.amd = Some(Amd {
                line,
                is64: o.is64,
                driver_version: o.driver_version,
                ..Default::default()
            });
        }
    }

    /// The `.amd` directives (and, inside `.config`, every line); returns whether `name` was
    /// taken here. `.gpu` is also the target directive: it is noted and left to the caller.
    pub(super) fn amd_directive(
        &mut self,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        if name == ".amd" {
            self.start_amd(lineno);
            return true;
        }
        let rest = src[c.pos.min(end)..end].trim().to_string();
        let Some(a) = self.obj.amd.as_mut() else {
            return false;
        };
        if let Some(k) = a.open {
            if !ENDS_CONFIG.contains(&name) {
                a.kernels[k].lines.push((name.to_string(), rest, lineno, src.to_string()));
                return true;
            }
            a.open = None;
        }
        match name {
            ".gpu" | ".arch" => {
                if name == ".gpu" {
                    a.gpu = Some(rest);
                }
                return false;
            }
            ".32bit" | ".64bit" => a.is64 = name == ".64bit",
            ".driver_version" => match self.abs_value(lineno, src, c, end) {
                Some(Some(v)) => {
                    if let Some(a) = self.obj.amd.as_mut() {
                        a.driver_version = Some(v as u32);
                    }
                }
                Some(None) => self.error_at(lineno, src, span, ".driver_version needs an expression".into()),
                None => {}
            },
            ".driver_info" | ".compile_options" => {
                c.ws();
                match super::data::one_string(c) {
                    Ok(t) => {
                        let t = String::from_utf8_lossy(&t).into_owned();
                        let a = self.obj.amd.as_mut().expect("an .amd source");
                        if name == ".driver_info" {
                            a.driver_info = Some(t);
                        } else {
                            a.compile_options = t;
                        }
                    }
                    Err(e) => self.diag(lineno, src, e),
                }
            }
            ".globaldata" => self.switch_section(".rodata"),
            ".kernel" => {
                let k = rest.trim().to_string();
                if k.is_empty() {
                    self.error_at(lineno, src, span, ".kernel needs the kernel's name".into());
                    return true;
                }
                if a.kernels.iter().any(|x| x.name == k) {
                    let msg = format!("kernel {k} again: gcnkit takes each kernel's code in one piece (clrxasm would go on with it)");
                    self.error_at(lineno, src, span, msg);
                    return true;
                }
                self.switch_section(".text");
                let start = self.offset;
                let a = self.obj.amd.as_mut().expect("an .amd source");
                a.kernels.push(AmdKernel {
                    name: k,
                    line: lineno,
                    source: src.to_string(),
                    start,
                    lines: Vec::new(),
                });
            }
            ".config" => match a.kernels.len().checked_sub(1) {
                Some(k) if self.sections[self.section].0 == ".text" => a.open = Some(k),
                _ => self.error_at(lineno, src, span, ".config outside a kernel (after .kernel NAME)".into()),
            },
            n if RAW_FORMS.contains(&n) => {
                let msg = format!(
                    "{n}: gcnkit writes an .amd kernel from its .config only (the raw metadata, header and CAL notes are not written yet)"
                );
                self.error_at(lineno, src, span, msg);
            }
            _ => return false,
        }
        true
    }

    /// The end of an `.amd` source: the binary of its kernels.
    pub(super) fn finish_amd(&mut self) {
        let Some(a) = self.obj.amd.take() else {
            return;
        };
        let line1 = format!(".amd (line {})", a.line);
        let device = match a.gpu.as_deref().and_then(Device::find) {
            Some(d) => d,
            None => match Gpu::of_processor(self.gfx_processor()) {
                Some(g) => g.device,
                None => {
                    self.error_at(a.line.max(1), &line1, (0, 4), "no GPU device CLRX knows".into());
                    return;
                }
            },
        };
        let rules = ConfigRules {
            device,
            unified_sgprs: self.clrx.policy >= 200,
        };
        let text_end = self
            .items
            .iter()
            .map(|i| i.offset as usize + i.byte_len())
            .max()
            .unwrap_or(0)
            .max(self.sections.iter().find(|s| s.0 == ".text").map_or(0, |s| s.1))
            .max(if self.section == 0 { self.offset } else { 0 });
        if let Some(it) = self.items.iter().find(|i| a.kernels.first().is_none_or(|k| (i.offset as usize) < k.start)) {
            let line = it.line as usize;
            self.error_at(line, "", (0, 0), "code outside a kernel (an .amd source's code follows .kernel NAME)".into());
            return;
        }
        let mut kernels = Vec::new();
        for (i, k) in a.kernels.iter().enumerate() {
            let to = a.kernels.get(i + 1).map_or(text_end, |n| n.start);
            let mut code = Vec::with_capacity(to - k.start);
            for it in self.items.iter().filter(|it| (k.start..to).contains(&(it.offset as usize))) {
                code.resize(it.offset as usize - k.start, 0);
                it.push_bytes(&mut code);
            }
            code.resize(to - k.start, 0);
            let mut config = KernelConfig::default();
            for (op, args, line, src) in &k.lines {
                if let Err(msg) = config.set(&rules, op, args) {
                    self.error_at(*line, src, (0, src.len()), msg);
                }
            }
            let regs = self.code_regs_in(k.start, to);
            clrx_amd::default_registers(device, &mut config, regs.sgprs as u32, regs.vgprs as u32);
            kernels.push(Kernel {
                name: k.name.clone(),
                code,
                config,
            });
        }
        let global_data = self
            .obj
            .parts
            .sections
            .iter()
            .find(|s| s.name == ".rodata")
            .map(|s| s.bytes.clone())
            .filter(|b| !b.is_empty());
        let input = Input {
            is64: a.is64,
            device,
            driver_version: a.driver_version.unwrap_or(0),
            driver_info: a.driver_info,
            compile_options: a.compile_options,
            global_data,
            kernels,
        };
        match clrx_amd::write(&input) {
            Ok(b) => self.obj.parts.clrx_binary = Some(b),
            Err(msg) => {
                let (line, src) = a.kernels.first().map_or((a.line.max(1), line1), |k| (k.line, k.source.clone()));
                let n = src.len();
                self.error_at(line, &src, (0, n), msg);
            }
        }
    }
}
