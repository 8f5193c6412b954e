//! CLRX's AMD Catalyst OpenCL 1.2 source (`.amd`, or `--format amd`): `.gpu`, `.32bit`/`.64bit`
//! (`-6`), `.driver_version` (`-t`), `.driver_info`, `.compile_options`, `.globaldata`, and per
//! kernel `.kernel NAME`, either `.config` with its pseudo-ops or the raw parts (`.header`,
//! `.metadata`, the CAL notes: each a data section of its own), a `.data`, then its code after
//! `.text`. At the end the binary is built ([`crate::codeobj::clrx_amd`]) into
//! [`super::ObjectParts::clrx_binary`].
//!
//! As in clrxasm each kernel's code is a section of its own: its offsets (labels, `.`,
//! alignment) count from its start, a `.kernel` naming it again goes on where it was left (its
//! code, config or raw part), and a branch to another kernel's label is an error. gcnkit keeps
//! every kernel's instructions in its one list of items, each kernel's at its own offsets; the
//! pieces say whose they are.

use super::clrx_binary::{BinarySource, Common, KernelCode, KernelPlaces};
use super::parse::Cursor;
use super::Assembler;
use crate::codeobj::clrx_amd::{self, note, Form, Input, Kernel, RawParts, CAL_NOTE_NAMES};
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
    /// Per kernel (as in `src.kernels`): its raw parts' sections, or that it has a `.config`.
    parts: Vec<KernelParts>,
    /// Every CAL note's section: its name, kernel and note type.
    notes: Vec<(String, usize, u32)>,
    /// Where the kernels are (`current`: `None` after `.globaldata`, clrxasm's global part).
    places: KernelPlaces,
}

/// The sections a kernel's raw parts went to (named by [`section_name`]).
#[derive(Default)]
struct KernelParts {
    config: bool,
    header: bool,
    metadata: bool,
    /// Its CAL notes' sections, in order.
    notes: Vec<usize>,
    data: bool,
}

impl KernelParts {
    fn raw(&self) -> bool {
        self.header || self.metadata || !self.notes.is_empty()
    }
}

/// The gcnkit section that holds part `part` of kernel `k` (spaces: no source can name it).
fn section_name(k: usize, part: &str) -> String {
    format!(".amd kernel {k} {part}")
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

/// The notes whose pseudo-op takes one optional value, their first word.
const SINGLE_VALUE: [u32; 4] = [
    note::CONDOUT,
    note::EARLYEXIT,
    note::UAV_MAILBOX_SIZE,
    note::UAV_OP_MASK,
];

/// The entries a CAL note's pseudo-ops add: pseudo-op, the note types it goes in, and the
/// words of one entry (an `.entry` in a UAV note has 4).
const ENTRIES: [(&str, &[u32]); 5] = [
    (".entry", &[note::PROGINFO, note::UAV]),
    (".cbmask", &[note::CONSTANT_BUFFERS]),
    (".cbid", &[note::CONSTANT_BUFFERS]),
    (".sampler", &[note::INPUT_SAMPLERS]),
    (
        ".segment",
        &[note::FLOAT32CONSTS, note::INT32CONSTS, note::BOOL32CONSTS],
    ),
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
            if self.at_end(lineno, src, c, end) {
                if self.binary_output_started(self.obj.amd.as_ref().map(|a| &a.src)) {
                    self.error_at(lineno, src, span, "Output format type is already defined".into());
                }
                self.start_amd(lineno);
            }
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
        // (Every line of the format but the bitness and the device sets clrxasm's output up.)
        a.src.started |= taken && !matches!(name, ".32bit" | ".64bit");
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
        if name == ".kernel" {
            return self.amd_kernel(a, lineno, src, span, c, end);
        }
        // A section by name: a kernel's code or `.data`, else one of the source's own (clrxasm's
        // extra sections: of the main binary outside the kernels, else of the kernel's inner
        // binary); `.text` in a kernel as its pseudo-op below.
        if matches!(name, ".section" | ".rodata" | ".data") || name == ".text" && a.places.current.is_none() {
            let Some(l) = self.section_line(lineno, src, name, c, end) else {
                return true;
            };
            let builtin = a.places.current.is_some() && matches!(l.name.as_str(), ".text" | ".data");
            if l.name == ".data" && a.places.current.is_none() {
                let msg = "Section '.data' permitted only inside kernels";
                self.error_at(lineno, src, span, msg.into());
                return true;
            }
            a.src.open = None;
            if let (true, Some(k)) = (builtin, a.places.current) {
                let new = l.name == ".data" && !a.parts[k].data;
                self.section_line_warnings(lineno, src, span, &l, new);
                if l.name == ".text" {
                    a.places.code_entry = self.taken + self.items.len();
                    self.switch_section(".text");
                } else {
                    a.parts[k].data = true;
                    self.switch_section(&section_name(k, "data"));
                }
                return true;
            }
            let gcnkit_name = match a.places.current {
                Some(k) => section_name(k, &format!("extra {}", l.name)),
                None => format!(".amd main {}", l.name),
            };
            self.open_extra(
                &mut a.src.extras,
                a.places.current,
                gcnkit_name,
                &l,
                (lineno, src, span),
            );
            return true;
        }
        if name == ".text" {
            a.places.code_entry = self.taken + self.items.len();
        }
        if a.src.open.is_none() && self.amd_raw(a, lineno, src, name, span, c, end) {
            return true;
        }
        match self.binary_directive(&mut a.src, lineno, src, name, span, c, end, false) {
            Common::Taken => {
                if name == ".globaldata" {
                    a.places.current = None;
                }
                true
            }
            Common::Kernel => true,
            Common::Target => false,
            Common::Other => self.amd_only(a, lineno, src, name, c),
        }
    }

    /// `.kernel NAME` ([`Assembler::binary_kernel`]).
    fn amd_kernel(
        &mut self,
        a: &mut Amd,
        lineno: usize,
        src: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        if let Some((_, true)) = self.binary_kernel(&mut a.src, &mut a.places, false, lineno, src, span, c, end) {
            a.parts.push(KernelParts::default());
        }
        true
    }

    /// The section a label defined here is in, for the branches to it: a kernel's code of an
    /// `.amd` source is a section of its own (the branch from another kernel is an error).
    pub(super) fn label_section(&self) -> usize {
        match &self.obj.amd {
            Some(a) if self.section == 0 => a.places.code_kernel.map_or(0, |k| usize::MAX - k),
            _ if self.section == 0 => self.amdcl2_code_section().unwrap_or(0),
            _ => self.section,
        }
    }

    /// Each kernel's code, from its pieces, and the item ranges (of [`Assembler::items`])
    /// that hold it; `None` (an error given) when code comes before the first kernel.
    fn amd_kernel_codes(&mut self, a: &Amd) -> Option<Vec<KernelCode>> {
        let text_at = if self.section == 0 {
            self.offset
        } else {
            self.sections[0].1
        };
        let sizes: Vec<usize> = (0..a.parts.len())
            .map(|k| {
                if a.places.code_kernel == Some(k) {
                    text_at
                } else {
                    a.places.left[k].text_end
                }
            })
            .collect();
        self.piece_codes(&a.places.pieces, &sizes, ".amd")
    }

    /// A kernel's raw parts and `.config` (which excludes them): returns whether `name` was
    /// one.
    #[allow(clippy::too_many_arguments)]
    fn amd_raw(
        &mut self,
        a: &mut Amd,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        let note = CAL_NOTE_NAMES.iter().position(|n| *n == name).map(|i| i as u32 + 1);
        let entry = ENTRIES.iter().find(|e| e.0 == name).map(|e| e.1);
        let what = match name {
            ".config" => "Kernel config",
            ".header" => "Header",
            ".metadata" => "Metadata",
            ".calnote" => "CALNote",
            _ if note.is_some() => "CALNote",
            _ if entry.is_some() => return self.amd_entry(a, lineno, src, name, span, c, end),
            _ => return false,
        };
        let Some(k) = a.places.current else {
            self.error_at(lineno, src, span, format!("{what} can be defined only inside kernel"));
            return true;
        };
        let p = &mut a.parts[k];
        if name == ".config" {
            if p.raw() {
                let msg = "Config can't be defined if metadata,header and/or CALnotes section exists";
                self.error_at(lineno, src, span, msg.into());
            } else if self.at_end(lineno, src, c, end) {
                p.config = true;
                // Its lines follow (the kernel's code, clrxasm's current section, after `.text`).
                self.switch_section(".text");
                a.src.open = Some(k);
            }
            return true;
        }
        if p.config {
            self.error_at(
                lineno,
                src,
                span,
                format!("{what} can't be defined if configuration was defined"),
            );
            return true;
        }
        // `.calnote TYPE`, a named note's optional value.
        let kind = match note {
            Some(t) => t,
            None if name == ".calnote" => match self.abs_value(lineno, src, c, end) {
                Some(Some(v)) => v as u32,
                Some(None) => {
                    self.error_at(lineno, src, span, ".calnote needs the note's type".into());
                    return true;
                }
                None => return true,
            },
            None => 0,
        };
        let mut first = None;
        if note.is_some() || name == ".calnote" {
            c.ws();
            if SINGLE_VALUE.contains(&kind) && !c.at_end() {
                match self.abs_value(lineno, src, c, end) {
                    Some(Some(v)) => first = Some(v as u32),
                    Some(None) => {
                        self.error_at(lineno, src, span, format!("{name}: expected an expression"));
                        return true;
                    }
                    None => return true,
                }
            }
        }
        if !self.at_end(lineno, src, c, end) {
            return true;
        }
        let part = match name {
            ".header" => {
                p.header = true;
                "header".to_string()
            }
            ".metadata" => {
                p.metadata = true;
                "metadata".to_string()
            }
            _ => {
                p.notes.push(a.notes.len());
                let part = format!("note {}", a.notes.len());
                a.notes.push((section_name(k, &part), k, kind));
                part
            }
        };
        self.switch_section(&section_name(k, &part));
        if let Some(v) = first {
            self.clrx_emit(lineno, src, span, &v.to_le_bytes());
        }
        true
    }

    /// An entry of the CAL note being written (`.entry`, `.cbmask`, `.cbid`, `.sampler`,
    /// `.segment`): its words.
    #[allow(clippy::too_many_arguments)]
    fn amd_entry(
        &mut self,
        a: &Amd,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        let here = &self.sections[self.section].0;
        let note = a.notes.iter().find(|n| &n.0 == here).map(|n| n.2);
        let types = ENTRIES.iter().find(|e| e.0 == name).map_or(&[][..], |e| e.1);
        let Some(kind) = note.filter(|t| types.contains(t)) else {
            let msg = format!("Illegal place of {}", &name[1..]);
            self.error_at(lineno, src, span, msg);
            return true;
        };
        let words = if kind == note::UAV { 4 } else { 2 };
        let mut bytes = Vec::with_capacity(words * 4);
        for w in 0..words {
            if w > 0 {
                c.ws();
                if !c.eat(b',') {
                    let p = c.pos;
                    self.error_at(lineno, src, (p, end.max(p + 1)), "Expected ',' before argument".into());
                    return true;
                }
            }
            match self.abs_value(lineno, src, c, end) {
                Some(Some(v)) => bytes.extend_from_slice(&(v as u32).to_le_bytes()),
                Some(None) => {
                    let p = c.pos;
                    self.error_at(lineno, src, (p, end.max(p + 1)), "Expected expression".into());
                    return true;
                }
                None => return true,
            }
        }
        if self.at_end(lineno, src, c, end) {
            self.clrx_emit(lineno, src, span, &bytes);
        }
        true
    }

    /// The lines only `.amd` sources take.
    fn amd_only(&mut self, a: &mut Amd, lineno: usize, src: &str, name: &str, c: &mut Cursor) -> bool {
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
        let Some(codes) = self.amd_kernel_codes(&a) else {
            return;
        };
        let mut kernels = Vec::new();
        // clrxasm keeps a kernel's register counts when its code is left, and at the end for the
        // last kernel defined: a kernel named again whose code the source ends in loses the
        // registers written since its code was last entered.
        let in_code = self.section == 0 && b.open.is_none();
        let cut = match a.places.code_kernel {
            Some(k) if in_code && k + 1 != b.kernels.len() => Some((k, a.places.code_entry - self.taken)),
            _ => None,
        };
        for (i, (k, (code, ranges))) in b.kernels.iter().zip(codes).enumerate() {
            let p = &a.parts[i];
            let bytes = |part: &str| self.section_bytes(&section_name(i, part));
            let data = p.data.then(|| bytes("data"));
            let form = if p.config {
                let mut config = KernelConfig::default();
                for (op, args, line, src) in &k.lines {
                    if let Err(msg) = config.set(&rules, op, args) {
                        self.error_at(*line, src, (0, src.len()), msg);
                    }
                }
                let upto = cut.filter(|c| c.0 == i).map_or(usize::MAX, |c| c.1);
                let regs =
                    self.code_regs_where(|item, _| item < upto && ranges.iter().any(|r| (r.0..r.1).contains(&item)));
                default_registers(device, &mut config, regs.sgprs as u32, regs.vgprs as u32);
                Form::Config(config)
            } else {
                Form::Raw(RawParts {
                    header: bytes("header"),
                    metadata: bytes("metadata"),
                    notes: p
                        .notes
                        .iter()
                        .map(|&n| (a.notes[n].2, bytes(&format!("note {n}"))))
                        .collect(),
                })
            };
            kernels.push(Kernel {
                name: k.name.clone(),
                code,
                form,
                data,
                extra: a.src.extras.of(Some(i), |name| self.section_bytes(name)),
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
            extra: a.src.extras.of(None, |name| self.section_bytes(name)),
        };
        match clrx_amd::write(&input) {
            Ok(bin) => self.obj.parts.clrx_binary = Some(bin),
            Err(msg) => self.binary_error(b, ".amd", msg),
        }
    }
}
