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

use super::clrx_binary::{BinarySource, Common};
use super::parse::Cursor;
use super::Assembler;
use crate::codeobj::clrx_amd::{self, Input, Kernel};
use crate::codeobj::clrx_amd_config::{default_registers, ConfigRules, KernelConfig};

/// What `-6` and `-t` say before the source does.
#[derive(Clone, Copy, Default)]
pub(super) struct AmdOptions {
    pub is64: bool,
    pub driver_version: Option<u32>,
}

/// The `.amd` lines of a source, kept until the end.
#[derive(Default)]
pub(super) struct Amd {
    src: BinarySource,
    driver_info: Option<String>,
    compile_options: String,
}

/// The driver version of an `.amd` binary: `.driver_version`'s (not 0); with `.driver_info` and no
/// `.driver_version`, 0 (the info's text names it); else `-t`'s (clrxasm: the installed
/// driver's, 0 without one).
fn amd_driver(a: &Amd) -> u32 {
    // (`.driver_version 0` is none.)
    match (a.src.driver_version.filter(|&v| v != 0), &a.driver_info) {
        (Some(v), _) => v,
        (None, Some(_)) => 0,
        (None, None) => a.src.cli_driver_version.unwrap_or(0),
    }
}

impl Amd {
    /// `.64bit` (or `-6`) is in effect.
    pub(super) fn is64(&self) -> bool {
        self.src.is64
    }
}

/// The raw forms of a kernel (its metadata string, header and CAL notes as bytes), which
/// clrxdisasm prints without `-C`: not written by gcnkit yet.
const RAW_FORMS: [&str; 26] = [
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
        self.obj.amd.as_ref().is_some_and(|a| a.src.open.is_some())
    }

    /// Starts an `.amd` source (the directive or `--format amd`).
    pub(super) fn start_amd(&mut self, line: usize) {
        if self.obj.amd.is_none() {
            self.obj.amd = Some(Amd {
                src: BinarySource::new(line, self.obj.amd_options, None),
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
        let Some(mut a) = self.obj.amd.take() else {
            return false;
        };
        // `.get_driver_version`: the version the binary gets so far.
        let taken = if name == ".get_driver_version" {
            let v = Ok(amd_driver(&a));
            self.binary_query(lineno, src, span, c, end, name, v);
            true
        } else {
            self.amd_common(&mut a, lineno, src, name, span, c, end)
        };
        self.obj.amd = Some(a);
        taken
    }

    #[allow(clippy::too_many_arguments)]
    fn amd_common(
        &mut self,
        a: &mut Amd,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        match self.binary_directive(&mut a.src, lineno, src, name, span, c, end, false) {
            Common::Taken | Common::Kernel => true,
            Common::Target => false,
            Common::Other => self.amd_only(a, lineno, src, name, span, c),
        }
    }

    /// The lines only `.amd` sources take.
    fn amd_only(
        &mut self,
        a: &mut Amd,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
    ) -> bool {
        match name {
            ".driver_info" | ".compile_options" => {
                c.ws();
                match super::data::one_string(c) {
                    Ok(t) => {
                        let t = String::from_utf8_lossy(&t).into_owned();
                        if name == ".driver_info" {
                            a.driver_info = Some(t);
                        } else {
                            a.compile_options = t;
                        }
                    }
                    Err(e) => self.diag(lineno, src, e),
                }
            }
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
        let b = &a.src;
        let device = match self.binary_device(b) {
            Ok(d) => d,
            Err(msg) => return self.binary_error(b, ".amd", msg),
        };
        let rules = ConfigRules {
            device,
            unified_sgprs: self.clrx.policy >= 200,
        };
        let Some(codes) = self.binary_kernel_codes(b, ".amd") else {
            return;
        };
        let mut kernels = Vec::new();
        for (k, (code, to)) in b.kernels.iter().zip(codes) {
            let mut config = KernelConfig::default();
            for (op, args, line, src) in &k.lines {
                if let Err(msg) = config.set(&rules, op, args) {
                    self.error_at(*line, src, (0, src.len()), msg);
                }
            }
            let regs = self.code_regs_in(k.start, to);
            default_registers(device, &mut config, regs.sgprs as u32, regs.vgprs as u32);
            kernels.push(Kernel {
                name: k.name.clone(),
                code,
                config,
            });
        }
        let input = Input {
            is64: b.is64,
            device,
            driver_version: amd_driver(&a),
            driver_info: a.driver_info.clone(),
            compile_options: a.compile_options.clone(),
            global_data: self.binary_global_data(),
            kernels,
        };
        match clrx_amd::write(&input) {
            Ok(bin) => self.obj.parts.clrx_binary = Some(bin),
            Err(msg) => self.binary_error(b, ".amd", msg),
        }
    }
}
