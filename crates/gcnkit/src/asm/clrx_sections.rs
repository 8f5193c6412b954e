//! The sections a CLRX `.amd`, `.amdcl2` or `.gallium` source names beside the format's own —
//! clrxasm's "extra sections": `.section NAME[, "FLAGS"[, @TYPE]] [align=N]`, and
//! `.rodata`/`.text` (`[align=N]` too) where the format has no section of that name. clrxasm
//! writes each, in the order the source opened them, after the binary's own sections (an
//! `.amd` kernel's, or `.amdcl2`'s inner binary's: after the inner binary's), with its type (PROGBITS, NOTE or NOBITS), its flags (`a`, `w`,
//! `x`) and the alignment `align=` gave (1 without); `.align` inside pads without aligning the
//! section. Instructions there are bytes like any data.

use super::parse::Cursor;
use super::select::Fixup;
use super::{Assembler, PErr, Severity};
use crate::codeobj::clrx_elf::{self, Extra};

/// A section line as clrxasm reads it.
pub(super) struct SectionLine {
    /// The section's name (a pseudo-op form's is the pseudo-op's, in lower case).
    pub name: String,
    /// Type and flags, when the line gave a flags string.
    pub attrs: Option<(u32, u64)>,
    /// `align=N`.
    pub align: Option<u64>,
}

/// A source's section: its name in the binary, its owner's key and the gcnkit section that
/// holds its bytes.
pub(super) struct Opened {
    pub extra: Extra,
    /// `None`: the main binary; `Some(k)`: kernel `k`'s (an `.amd` inner binary).
    pub owner: Option<usize>,
    pub section: String,
}

/// The sections a source opened, in order.
#[derive(Default)]
pub(super) struct Opens(pub Vec<Opened>);

impl Opens {
    /// The gcnkit section of `name` of `owner`, if it was opened.
    pub fn find(&self, owner: Option<usize>, name: &str) -> Option<&Opened> {
        self.0.iter().find(|o| o.owner == owner && o.extra.name == name)
    }

    /// The sections of `owner`, their bytes from `bytes` (by gcnkit section name).
    pub fn of(&self, owner: Option<usize>, bytes: impl Fn(&str) -> Vec<u8>) -> Vec<Extra> {
        self.0
            .iter()
            .filter(|o| o.owner == owner)
            .map(|o| Extra {
                bytes: bytes(&o.section),
                ..o.extra.clone()
            })
            .collect()
    }
}

/// A byte of a name as clrxasm's `getNameArg` reads one (its first may not be a digit).
fn name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'.'
}

impl Assembler {
    /// Reads a section line after its pseudo-op `op` (`.section`, or a pseudo-op form such as
    /// `.rodata`) with clrxasm's errors; `None` when it has one (given here).
    pub(super) fn section_line(
        &mut self,
        lineno: usize,
        src: &str,
        op: &str,
        c: &mut Cursor,
        end: usize,
    ) -> Option<SectionLine> {
        let s = src.as_bytes();
        let mut good = true;
        let mut attrs = None;
        let name = if op == ".section" {
            c.ws();
            let p0 = c.pos;
            if p0 >= end || !(s[p0].is_ascii_alphabetic() || s[p0] == b'_' || s[p0] == b'.') {
                let msg = if p0 >= end {
                    "Expected section name"
                } else {
                    "Some garbages at section name place"
                };
                self.error_at(lineno, src, (p0, (p0 + 1).min(end.max(p0 + 1))), msg.into());
                return None;
            }
            let mut p = p0;
            while p < end && name_byte(s[p]) {
                p += 1;
            }
            c.pos = p;
            let name = src[p0..p].to_string();
            c.ws();
            if c.pos < end && s[c.pos] == b',' {
                c.pos += 1;
                c.ws();
                let at = c.pos;
                let (mut kind, mut flags) = (clrx_elf::SHT_PROGBITS, 0u64);
                match super::data::one_string(c) {
                    Ok(text) => {
                        for b in text {
                            match b {
                                b'a' => flags |= clrx_elf::SHF_ALLOC,
                                b'w' => flags |= clrx_elf::SHF_WRITE,
                                b'x' => flags |= clrx_elf::SHF_EXECINSTR,
                                _ if good => {
                                    let msg = "Only 'a', 'w', 'x' is accepted in flags string";
                                    self.error_at(lineno, src, (at, at + 1), msg.into());
                                    good = false;
                                }
                                _ => {}
                            }
                        }
                    }
                    Err(_) => {
                        self.error_at(lineno, src, (at, (at + 1).max(end)), "Expected string".into());
                        return None;
                    }
                }
                c.ws();
                if c.pos < end {
                    if s[c.pos] != b',' {
                        let p = c.pos;
                        self.error_at(lineno, src, (p, end), "Expected ',' before argument".into());
                        return None;
                    }
                    c.pos += 1;
                    c.ws();
                    let at = c.pos;
                    if at + 1 < end && s[at] == b'@' && s[at + 1].is_ascii_alphabetic() {
                        let mut p = at + 1;
                        while p < end && name_byte(s[p]) {
                            p += 1;
                        }
                        c.pos = p;
                        match src[at + 1..p].to_ascii_lowercase().as_str() {
                            "progbits" => kind = clrx_elf::SHT_PROGBITS,
                            "note" => kind = clrx_elf::SHT_NOTE,
                            "nobits" => kind = clrx_elf::SHT_NOBITS,
                            _ => {
                                self.error_at(lineno, src, (at, p), "Unknown section type".into());
                                good = false;
                            }
                        }
                    } else {
                        let msg = "Section type was not preceded by '@'";
                        self.error_at(lineno, src, (at, (at + 1).min(end).max(at)), msg.into());
                        good = false;
                    }
                }
                attrs = Some((kind, flags));
            }
            name
        } else {
            op.to_ascii_lowercase()
        };
        // `align=N` (clrxasm looks for it only with more than 6 characters left).
        c.ws();
        let mut align = None;
        let p = c.pos;
        if p + 6 < end && src[p..p + 5].eq_ignore_ascii_case("align") && !s[p + 5].is_ascii_alphabetic() {
            c.pos = p + 5;
            c.ws();
            if c.pos < end && s[c.pos] == b'=' {
                c.pos += 1;
                let at = c.pos;
                match self.abs_value(lineno, src, c, end) {
                    Some(Some(v)) if v != 0 && !(v as u64).is_power_of_two() => {
                        let msg = "Alignment must be power of two or zero";
                        self.error_at(lineno, src, (at, c.pos.max(at + 1)), msg.into());
                        good = false;
                    }
                    Some(Some(v)) => align = Some(v as u64),
                    Some(None) => {
                        self.error_at(lineno, src, (at, end.max(at + 1)), "Expected expression".into());
                        return None;
                    }
                    None => return None,
                }
            } else {
                let at = c.pos;
                self.error_at(lineno, src, (at, end.max(at + 1)), "Expected '=' after 'align'".into());
                return None;
            }
        }
        c.ws();
        if c.pos < end {
            let at = c.pos;
            self.error_at(lineno, src, (at, end), "Garbages at end of line".into());
            return None;
        }
        good.then_some(SectionLine { name, attrs, align })
    }

    /// clrxasm's warnings for a line that names a section already opened (`builtin`: one of
    /// the format's own, opened now).
    pub(super) fn section_line_warnings(
        &mut self,
        lineno: usize,
        src: &str,
        span: (usize, usize),
        l: &SectionLine,
        builtin_new: bool,
    ) {
        let msg = if builtin_new {
            l.attrs
                .map(|_| "Section type and flags was ignored for builtin section")
        } else if l.attrs.is_some() {
            Some("Section type, flags and alignment was ignored")
        } else {
            l.align.map(|_| "Section alignment was ignored")
        };
        if let Some(msg) = msg {
            let e = PErr {
                start: span.0,
                end: span.1,
                msg: msg.into(),
                help: None,
            };
            self.report(lineno, src, e, Severity::Warning);
        }
    }

    /// Opens a source's section of `owner` (`l` read by [`Assembler::section_line`]), or goes
    /// back to it, as the current section.
    pub(super) fn open_extra(
        &mut self,
        opens: &mut Opens,
        owner: Option<usize>,
        gcnkit_name: String,
        l: &SectionLine,
        (lineno, src, span): (usize, &str, (usize, usize)),
    ) {
        if opens.find(owner, &l.name).is_some() {
            self.section_line_warnings(lineno, src, span, l, false);
        } else {
            let (kind, flags) = l.attrs.unwrap_or((clrx_elf::SHT_PROGBITS, 0));
            opens.0.push(Opened {
                extra: Extra {
                    name: l.name.clone(),
                    kind,
                    flags,
                    align: l.align.filter(|&a| a != 0).unwrap_or(1),
                    bytes: Vec::new(),
                },
                owner,
                section: gcnkit_name,
            });
        }
        let section = opens
            .find(owner, &l.name)
            .map(|o| o.section.clone())
            .unwrap_or_default();
        self.switch_section(&section);
    }

    /// The bytes of gcnkit's data section `name` (none if nothing was written there).
    pub(super) fn section_bytes(&self, name: &str) -> Vec<u8> {
        let s = self.obj.parts.sections.iter().find(|s| s.name == name);
        s.map_or_else(Vec::new, |s| s.bytes.clone())
    }

    /// An instruction in a data section of an `.amd` or `.gallium` source, or in a section of an
    /// `.amdcl2` source's own: its bytes there, as clrxasm writes them; returns whether it was one (else the caller places it as code).
    pub(super) fn clrx_instruction_as_data(
        &mut self,
        lineno: usize,
        src: &str,
        span: (usize, usize),
        words: &[u32],
        fixups: &[Fixup],
    ) -> bool {
        let amdcl2_extra = self.obj.amdcl2.is_some() && self.sections[self.section].0.starts_with(".amdcl2 ");
        if self.obj.amd.is_none() && self.obj.gallium.is_none() && !amdcl2_extra {
            return false;
        }
        // (clrxasm counts a Gallium instruction's registers for the kernel whose label the code
        // last met, wherever the instruction is: not modelled here.)
        // (And so does it with an `.amdcl2` source's `.hsalayout`.)
        let kernels = match (&self.obj.gallium, &self.obj.amdcl2) {
            (Some(g), _) => Some(g.kernels.iter().map(|k| k.name.as_str()).collect::<Vec<_>>()),
            (_, Some(a)) => a.layout_kernels(),
            _ => None,
        };
        if let Some(kernels) = kernels {
            let kernel = |n: &str| kernels.contains(&n);
            if self.obj.parts.labels.iter().any(|(n, s, _)| s == ".text" && kernel(n)) {
                let msg = "an instruction outside the code after a kernel's label: clrxasm counts its registers for that kernel, which gcnkit does not yet";
                self.error_at(lineno, src, span, msg.into());
                return true;
            }
        }
        if !fixups.is_empty() {
            let msg = "an instruction outside the code that refers to a symbol defined later (clrxasm's extra sections): not supported";
            self.error_at(lineno, src, span, msg.into());
            return true;
        }
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        self.clrx_emit(lineno, src, span, &bytes);
        true
    }
}
