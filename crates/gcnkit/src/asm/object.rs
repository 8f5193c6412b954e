//! What a code object holds beside the code: the bytes of data sections (`.rodata`,
//! `.section NAME`; `.byte`...`.quad`, `.ascii`, `.zero`, `.fill`), kernel descriptors
//! (`.amdhsa_kernel` blocks, built by [`crate::codeobj::kd`]), the metadata document
//! (`.amdgpu_metadata` YAML), the symbol attributes (`.globl`, `.type`, `.size`,
//! visibility) and the target (`.amdgcn_target`, `.amdhsa_code_object_version`). The
//! assembler collects them in [`ObjectParts`]; the ELF writer ([`crate::codeobj::write`])
//! makes an object of them.

use super::parse::{Cursor, EVal, Expr, Value};
use super::Assembler;
use crate::codeobj::metadata::V2Directive;
use crate::codeobj::{akc, kd};

/// A data section's bytes (`.text` is the assembler's items).
#[derive(Clone, Debug, Default)]
pub struct DataSection {
    pub name: String,
    pub bytes: Vec<u8>,
    /// The largest alignment asked of it (bytes).
    pub align: u64,
    /// The ELF flags and type `.section` gave (`"aMS",@progbits,1`, `#alloc,#write`), when
    /// it gave them; else the name decides, as it does for llvm-mc.
    pub flags: Option<u64>,
    pub nobits: bool,
    pub entsize: u64,
}

impl DataSection {
    /// The section's ELF flags: `.section`'s, or those llvm-mc gives its name.
    pub fn elf_flags(&self) -> u64 {
        use object::elf;
        self.flags.unwrap_or_else(|| {
            let n = self.name.as_str();
            let pre = |p: &str| n == p || n.starts_with(&format!("{p}."));
            if pre(".data") || pre(".bss") || pre(".tdata") || pre(".tbss") {
                (elf::SHF_ALLOC | elf::SHF_WRITE).0
            } else if pre(".rodata") {
                elf::SHF_ALLOC.0
            } else if pre(".text") {
                (elf::SHF_ALLOC | elf::SHF_EXECINSTR).0
            } else {
                0
            }
        })
    }

    /// Without file bytes (`@nobits`, or a `.bss` name).
    pub fn is_nobits(&self) -> bool {
        let n = self.name.as_str();
        self.nobits || n == ".bss" || n.starts_with(".bss.") || n == ".tbss" || n.starts_with(".tbss.")
    }
}

/// `.section NAME, "FLAGS", @TYPE, ENTSIZE` or Solaris-style `#alloc,#write,#execinstr`:
/// flags, `@nobits`, entry size (`None` flags: none were given).
pub fn section_flags(args: &str) -> (Option<u64>, bool, u64) {
    use object::elf;
    let parts: Vec<&str> = args.split(',').map(str::trim).collect();
    let mut flags = None;
    let (mut nobits, mut entsize) = (false, 0);
    let mut k = 1;
    if let Some(f) = parts.get(1) {
        if let Some(q) = f.strip_prefix('"').and_then(|f| f.strip_suffix('"')) {
            let mut v = 0u64;
            for ch in q.chars() {
                v |= match ch {
                    'a' => elf::SHF_ALLOC.0,
                    'w' => elf::SHF_WRITE.0,
                    'x' => elf::SHF_EXECINSTR.0,
                    'M' => elf::SHF_MERGE.0,
                    'S' => elf::SHF_STRINGS.0,
                    'G' => elf::SHF_GROUP.0,
                    'T' => elf::SHF_TLS.0,
                    'o' => elf::SHF_LINK_ORDER.0,
                    'e' => elf::SHF_EXCLUDE.0,
                    'R' => elf::SHF_GNU_RETAIN.0,
                    _ => 0,
                };
            }
            flags = Some(v);
            k = 2;
        } else if f.starts_with('#') {
            let mut v = 0u64;
            while let Some(f) = parts.get(k).and_then(|f| f.strip_prefix('#')) {
                v |= match f {
                    "alloc" => elf::SHF_ALLOC.0,
                    "write" => elf::SHF_WRITE.0,
                    "execinstr" => elf::SHF_EXECINSTR.0,
                    "exclude" => elf::SHF_EXCLUDE.0,
                    "tls" => elf::SHF_TLS.0,
                    _ => 0,
                };
                k += 1;
            }
            flags = Some(v);
        }
    }
    if let Some(t) = parts.get(k) {
        nobits = t.trim_start_matches(['@', '%']) == "nobits";
        if flags.is_some_and(|f| f & elf::SHF_MERGE.0 != 0) {
            entsize = parts.get(k + 1).and_then(|e| e.parse().ok()).unwrap_or(0);
        }
    }
    (flags, nobits, entsize)
}

/// A kernel descriptor made by an `.amdhsa_kernel` block.
#[derive(Clone, Debug)]
pub struct KernelDescriptor {
    pub kernel: String,
    /// The kernel symbol's attributes when its block came: the descriptor symbol takes them
    /// (llvm-mc copies binding and visibility then).
    pub attrs: SymbolAttrs,
    /// Index in [`ObjectParts::sections`] and byte offset there.
    pub section: usize,
    pub offset: usize,
}

/// Symbol attributes as the directives give them.
#[derive(Clone, Debug, Default)]
pub struct SymbolAttrs {
    pub global: bool,
    pub weak: bool,
    /// `.protected`, `.hidden`, `.internal` (ELF st_other: 3, 2, 1).
    pub visibility: u8,
    /// `.type NAME,@function` (true) or `@object` (false).
    pub function: Option<bool>,
    pub size: Option<u64>,
    /// `.amdgpu_hsa_kernel`: a code object v2 kernel (symbol type `STT_AMDGPU_HSA_KERNEL`).
    pub hsa_kernel: bool,
}

/// Everything of a source file an object needs beside `.text`.
#[derive(Clone, Debug, Default)]
pub struct ObjectParts {
    /// Data sections in order of first use (`.text` not among them).
    pub sections: Vec<DataSection>,
    pub descriptors: Vec<KernelDescriptor>,
    /// The `.amdgpu_metadata` document (msgpack), code object v3+.
    pub metadata: Option<Vec<u8>>,
    /// Symbol attributes by name, in order of first mention.
    pub symbols: Vec<(String, SymbolAttrs)>,
    /// `.amdgcn_target`'s text.
    pub target_id: Option<String>,
    /// `.amdhsa_code_object_version`.
    pub version: Option<u8>,
    /// Relocations the code and data ask for (`sym@rel32@lo+4`, `.quad sym`), in order.
    pub relocs: Vec<crate::codeobj::reloc::Reloc>,
    /// Symbol names in order of first mention (a label, a symbol directive, a relocation, a
    /// descriptor): llvm-mc's symbol table keeps that order, and ld.lld hands out GOT slots
    /// in it.
    pub mentions: Vec<String>,
    mentioned: rustc_hash::FxHashSet<String>,
    /// `.text`'s largest alignment.
    pub text_align: u64,
    /// Labels but `.L` temporaries: name, section name, offset there.
    pub labels: Vec<(String, String, u64)>,
    /// The processor `-a` or a target directive named.
    pub processor: Option<String>,
    /// Code object v2's notes, from their directives, in order.
    pub v2_notes: Vec<V2Directive>,
    /// The ELF flags as given (CLRX's `.eflags`), instead of the processor's.
    pub e_flags: Option<u32>,
    /// Symbols given values (`.set`, `=`, `--defsym`), in order of first definition, with
    /// their last integer value: llvm-mc writes them as local absolute symbols.
    pub constants: Vec<(String, i64)>,
    /// The whole file of a CLRX binary format other than ROCm's (`.amd`), as clrxasm writes it.
    pub clrx_binary: Option<Vec<u8>>,
}

/// An open `.amdhsa_kernel` block.
pub(super) struct KdBlock {
    kernel: String,
    line: usize,
    /// The `.amdhsa_kernel` line, for errors found at the end.
    source: String,
    builder: kd::Builder,
    /// Where each directive was (line, source), for errors found at the end.
    at: Vec<(&'static str, usize, String)>,
}

/// An open block of lines that are not statements: metadata YAML (code object v3+'s
/// `.amdgpu_metadata`, v2's `.amd_amdgpu_hsa_metadata`) or v2's `.amd_kernel_code_t` fields.
pub(super) struct MetadataBlock {
    line: usize,
    text: String,
    kind: RawKind,
}

pub(super) enum RawKind {
    Metadata,
    HsaMetadata,
    KernelCode(Box<akc::Builder>),
}

impl RawKind {
    fn end(&self) -> &'static str {
        match self {
            RawKind::Metadata => ".end_amdgpu_metadata",
            RawKind::HsaMetadata => ".end_amd_amdgpu_hsa_metadata",
            RawKind::KernelCode(_) => ".end_amd_kernel_code_t",
        }
    }
}

/// The object-side state of the assembler.
#[derive(Default)]
pub(super) struct ObjectState {
    pub parts: ObjectParts,
    pub kd: Option<KdBlock>,
    pub metadata: Option<MetadataBlock>,
    /// XNACK as the target id says (`None`: the processor's default).
    pub xnack: Option<bool>,
    /// Names given values, in order (their values are read at the end), and as a set (a
    /// macro-heavy source assigns many times).
    constants: Vec<String>,
    constant_set: rustc_hash::FxHashSet<String>,
    /// A CLRX ROCm source (`.rocm`): its kernels' configs ([`super::rocm`]).
    pub rocm: Option<super::rocm::Rocm>,
    /// A CLRX AMD Catalyst source (`.amd`): its kernels ([`super::amd`]).
    pub amd: Option<super::amd::Amd>,
    /// `-6` and `-t`, for an `.amd` or `.gallium` source.
    pub amd_options: super::amd::AmdOptions,
    /// A CLRX GalliumCompute source (`.gallium`): its kernels ([`super::gallium`]).
    pub gallium: Option<super::gallium::Gallium>,
    /// A CLRX AMD OpenCL 2.0 source (`.amdcl2`): its kernels ([`super::amdcl2`]).
    pub amdcl2: Option<super::amdcl2::AmdCl2>,
    /// `--llvmVersion`, for a `.gallium` source.
    pub llvm_version: Option<u32>,
}

impl ObjectState {
    /// `name` was given a value.
    pub(super) fn constant(&mut self, name: &str) {
        if !self.constant_set.contains(name) {
            self.constant_set.insert(name.to_string());
            self.constants.push(name.to_string());
        }
    }
}

impl ObjectParts {
    /// `name` is mentioned (see [`ObjectParts::mentions`]).
    pub(super) fn mention(&mut self, name: &str) {
        if !self.mentioned.contains(name) {
            self.mentioned.insert(name.to_string());
            self.mentions.push(name.to_string());
        }
    }

    pub(super) fn attrs(&mut self, name: &str) -> &mut SymbolAttrs {
        self.mention(name);
        let k = match self.symbols.iter().position(|(n, _)| n == name) {
            Some(k) => k,
            None => {
                self.symbols.push((name.to_string(), SymbolAttrs::default()));
                self.symbols.len() - 1
            }
        };
        &mut self.symbols[k].1
    }
}

impl Assembler {
    /// The gfx name of the target (`-a` or the target directive, else the arch's first).
    pub(super) fn gfx_processor(&self) -> &'static str {
        crate::codeobj::processor_or_default(self.arch, self.processor.as_deref())
    }
}

impl Assembler {
    /// A line inside a metadata or `.amd_kernel_code_t` block. Returns whether it was one.
    pub(super) fn metadata_line(&mut self, lineno: usize, src: &str) -> bool {
        if self.obj.metadata.is_none() {
            return false;
        }
        // A kernel-code block's values are expressions.
        self.sync_dot();
        let Some(block) = &mut self.obj.metadata else {
            return false;
        };
        if src.trim() != block.kind.end() {
            if let RawKind::KernelCode(_) = block.kind {
                self.kernel_code_line(lineno, src);
            } else {
                block.text.push_str(src);
                block.text.push('\n');
            }
            return true;
        }
        let block = self.obj.metadata.take().expect("open block");
        match block.kind {
            RawKind::Metadata => match metadata_msgpack(&block.text) {
                Ok(m) => self.obj.parts.metadata = Some(m),
                Err((eline, message)) => {
                    let line = block.line + eline;
                    let shown = block
                        .text
                        .lines()
                        .nth(eline.saturating_sub(1))
                        .unwrap_or("")
                        .to_string();
                    let n = shown.len().max(1);
                    self.error_at(line, &shown, (0, n), format!("metadata: {message}"));
                }
            },
            // llvm-mc re-prints the document from what it read; clang's text (and gcnkit's) is
            // already in that form, and is kept as it is.
            RawKind::HsaMetadata => {
                let text = block.text.trim_end_matches('\n').to_string() + "\n";
                self.obj.parts.v2_notes.push(V2Directive::HsaMetadata(text));
            }
            RawKind::KernelCode(b) => {
                let bytes = b.finish();
                self.emit_bytes(lineno, src, (0, src.len()), &bytes);
            }
        }
        true
    }

    /// `NAME = VALUE` inside `.amd_kernel_code_t`.
    fn kernel_code_line(&mut self, lineno: usize, src: &str) {
        let end = src.find([';', '#']).unwrap_or(src.len());
        let body = &src[..end];
        if body.trim().is_empty() {
            return;
        }
        let Some(eq) = body.find('=') else {
            let n = body.len();
            return self.error_at(
                lineno,
                src,
                (0, n),
                "expected NAME = VALUE in .amd_kernel_code_t".into(),
            );
        };
        let name = body[..eq].trim();
        let mut c = Cursor::new(src, eq + 1, end);
        let Some(v) = self.int_arg(&mut c) else {
            return self.error_at(
                lineno,
                src,
                (eq + 1, end.max(eq + 2)),
                format!("{name} takes an absolute expression"),
            );
        };
        let at = body.find(name).unwrap_or(0);
        if let Some(RawKind::KernelCode(b)) = self.obj.metadata.as_mut().map(|m| &mut m.kind) {
            if let Err(msg) = b.set(name, v) {
                self.error_at(lineno, src, (at, at + name.len()), msg);
            }
        }
    }

    /// The object directives; returns whether `name` was one.
    pub(super) fn object_directive(
        &mut self,
        lineno: usize,
        src: &str,
        name: &str,
        span: (usize, usize),
        c: &mut Cursor,
        end: usize,
    ) -> bool {
        let rest = src[c.pos.min(end)..end].trim().to_string();
        if self.rocm_directive(lineno, src, name, span, &rest) {
            return true;
        }
        if self.dialect != super::Dialect::Llvm && self.amd_directive(lineno, src, name, span, c, end) {
            return true;
        }
        if self.dialect != super::Dialect::Llvm && self.amdcl2_directive(lineno, src, name, span, c, end) {
            return true;
        }
        if self.dialect != super::Dialect::Llvm && self.gallium_directive(lineno, src, name, span, c, end) {
            return true;
        }
        // CLRX text's data, with clrxasm's semantics ([`super::data`]).
        if self.dialect == super::Dialect::Clrx && self.clrx_data(lineno, src, name, span, c, end) {
            return true;
        }
        if self.obj.kd.is_some() {
            if name == ".end_amdhsa_kernel" {
                self.end_kd(lineno, src, span);
            } else if name.starts_with(".amdhsa_") {
                self.kd_field(lineno, src, name, span, c, end);
            } else {
                self.error_at(
                    lineno,
                    src,
                    span,
                    format!("{name} inside .amdhsa_kernel (expected .amdhsa_* or .end_amdhsa_kernel)"),
                );
            }
            return true;
        }
        match name {
            ".amdhsa_kernel" => {
                let kernel = rest.trim_matches('"').to_string();
                if kernel.is_empty() {
                    self.error_at(lineno, src, span, ".amdhsa_kernel needs the kernel's name".into());
                    return true;
                }
                let t = kd::Target::new(self.arch, self.gfx_processor(), self.obj.xnack);
                self.obj.kd = Some(KdBlock {
                    kernel,
                    line: lineno,
                    source: src.to_string(),
                    builder: kd::Builder::new(t),
                    at: Vec::new(),
                });
            }
            ".end_amdhsa_kernel" => {
                self.error_at(lineno, src, span, ".end_amdhsa_kernel without .amdhsa_kernel".into())
            }
            // What clang ends its text with: the compiler's name (a `.comment` section) and
            // the address-significance table; neither changes code or kernels.
            ".ident" | ".addrsig" | ".addrsig_sym" => {}
            ".amdgpu_metadata" | ".amd_amdgpu_hsa_metadata" | ".amd_kernel_code_t" => {
                let kind = match name {
                    ".amdgpu_metadata" => RawKind::Metadata,
                    ".amd_amdgpu_hsa_metadata" => RawKind::HsaMetadata,
                    _ => RawKind::KernelCode(Box::new(akc::Builder::new(self.gfx_processor()))),
                };
                self.obj.metadata = Some(MetadataBlock {
                    line: lineno,
                    text: String::new(),
                    kind,
                })
            }
            ".amdgpu_hsa_kernel" => {
                let k = rest.trim().to_string();
                self.obj.parts.attrs(&k).hsa_kernel = true;
            }
            ".hsa_code_object_version" => {
                let v: Vec<u32> = rest.split(',').filter_map(|x| x.trim().parse().ok()).collect();
                match v[..] {
                    [major, minor] => {
                        self.obj
                            .parts
                            .v2_notes
                            .push(V2Directive::CodeObjectVersion { major, minor });
                        self.obj.parts.version.get_or_insert(2);
                    }
                    _ => self.error_at(
                        lineno,
                        src,
                        (span.0, end),
                        ".hsa_code_object_version takes MAJOR,MINOR".into(),
                    ),
                }
            }
            ".hsa_code_object_isa" => {
                let d = if rest.is_empty() {
                    // The target's: its version, XNACK processors one stepping up.
                    let p = self.gfx_processor();
                    let (major, minor, stepping) = akc::machine_version(p);
                    let xnack = kd::XNACK_PROCESSORS.contains(&p) && self.obj.xnack != Some(false);
                    Some(V2Directive::CodeObjectIsa {
                        major: major as u32,
                        minor: minor as u32,
                        stepping: stepping as u32 + xnack as u32,
                        vendor: "AMD".into(),
                        arch: "AMDGPU".into(),
                    })
                } else {
                    let p: Vec<&str> = rest.split(',').map(str::trim).collect();
                    let n = |k: usize| p.get(k).and_then(|x| x.parse::<u32>().ok());
                    let q = |k: usize| {
                        p.get(k)
                            .and_then(|x| x.strip_prefix('"')?.strip_suffix('"'))
                            .map(str::to_string)
                    };
                    match (n(0), n(1), n(2), q(3), q(4), p.len()) {
                        (Some(major), Some(minor), Some(stepping), Some(vendor), Some(arch), 5) => {
                            Some(V2Directive::CodeObjectIsa {
                                major,
                                minor,
                                stepping,
                                vendor,
                                arch,
                            })
                        }
                        _ => None,
                    }
                };
                match d {
                    Some(d) => self.obj.parts.v2_notes.push(d),
                    None => self.error_at(
                        lineno,
                        src,
                        (span.0, end),
                        ".hsa_code_object_isa takes MAJOR,MINOR,STEPPING,\"VENDOR\",\"ARCH\"".into(),
                    ),
                }
            }
            ".amd_amdgpu_isa" => match rest.strip_prefix('"').and_then(|x| x.strip_suffix('"')) {
                Some(id) => self.obj.parts.v2_notes.push(V2Directive::AmdgpuIsa(id.to_string())),
                None => self.error_at(
                    lineno,
                    src,
                    (span.0, end),
                    ".amd_amdgpu_isa takes the quoted target id".into(),
                ),
            },
            ".amdhsa_code_object_version" => match self.int_arg(c) {
                Some(v @ 2..=5) => self.obj.parts.version = Some(v as u8),
                _ => self.error_at(
                    lineno,
                    src,
                    (span.0, end),
                    "code object version must be 2, 3, 4 or 5".into(),
                ),
            },
            ".section" => {
                let sec = rest
                    .split(',')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .trim_matches('"')
                    .to_string();
                if sec.is_empty() {
                    self.error_at(lineno, src, span, ".section needs a name".into());
                } else {
                    self.switch_section(&sec);
                    let (flags, nobits, entsize) = section_flags(&rest);
                    if sec != ".text" && (flags.is_some() || nobits) {
                        let d = self.data_section();
                        d.flags = flags.or(d.flags);
                        d.nobits |= nobits;
                        d.entsize = entsize.max(d.entsize);
                    }
                }
            }
            ".globl" | ".global" | ".weak" | ".hidden" | ".protected" | ".internal" | ".local" => {
                for sym in rest.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    self.syms.mentions.note(sym);
                    let a = self.obj.parts.attrs(sym);
                    match name {
                        ".globl" | ".global" => a.global = true,
                        ".weak" => a.weak = true,
                        ".local" => a.global = false,
                        ".hidden" => a.visibility = 2,
                        ".protected" => a.visibility = 3,
                        _ => a.visibility = 1,
                    }
                }
            }
            ".type" => {
                let mut it = rest.splitn(2, ',');
                let (sym, ty) = (it.next().unwrap_or("").trim(), it.next().unwrap_or("").trim());
                let f = match ty.trim_start_matches(['@', '%']) {
                    "function" | "gnu_indirect_function" => Some(true),
                    "object" | "common" | "tls_object" => Some(false),
                    _ => None,
                };
                if sym.is_empty() || f.is_none() {
                    self.error_at(
                        lineno,
                        src,
                        (span.0, end),
                        ".type takes NAME, @function or @object".into(),
                    );
                } else {
                    self.obj.parts.attrs(sym).function = f;
                }
            }
            ".size" => {
                // The size is an expression of labels that may come later: kept for the end.
                let mut it = rest.splitn(2, ',');
                let (sym, expr) = (
                    it.next().unwrap_or("").trim().to_string(),
                    it.next().unwrap_or("").trim().to_string(),
                );
                if sym.is_empty() || expr.is_empty() {
                    self.error_at(lineno, src, (span.0, end), ".size takes NAME, EXPRESSION".into());
                } else {
                    self.sizes.push((sym, expr, lineno, src.to_string(), span.0));
                }
            }
            ".byte" | ".short" | ".2byte" | ".hword" | ".value" | ".quad" | ".8byte" => {
                let width = match name {
                    ".byte" => 1,
                    ".quad" | ".8byte" => 8,
                    _ => 2,
                };
                self.data_values(lineno, src, name, width, c, end);
            }
            ".long" | ".int" | ".4byte" if self.section != 0 => self.data_values(lineno, src, name, 4, c, end),
            ".ascii" | ".asciz" | ".string" => match parse_strings(&rest) {
                Some(strings) => {
                    let mut bytes = Vec::new();
                    for s in strings {
                        bytes.extend(s);
                        if name != ".ascii" {
                            bytes.push(0);
                        }
                    }
                    self.emit_bytes(lineno, src, span, &bytes);
                }
                None => self.error_at(lineno, src, (span.0, end), format!("{name} takes quoted strings")),
            },
            ".zero" | ".skip" | ".space" | ".fill" => {
                let mut args = Vec::new();
                while let Some(v) = self.int_arg(c) {
                    args.push(v);
                    if !c.eat(b',') {
                        break;
                    }
                }
                let (count, size, value) = match name {
                    ".fill" => (
                        args.first().copied(),
                        args.get(1).copied().unwrap_or(1),
                        args.get(2).copied().unwrap_or(0),
                    ),
                    _ => (args.first().copied(), 1, args.get(1).copied().unwrap_or(0)),
                };
                match count {
                    Some(n) if (0..=1 << 24).contains(&n) && (0..=8).contains(&size) && c.at_end() => {
                        let mut bytes = Vec::with_capacity((n * size) as usize);
                        for _ in 0..n {
                            bytes.extend(&value.to_le_bytes()[..size as usize]);
                        }
                        self.emit_bytes(lineno, src, span, &bytes);
                    }
                    _ => self.error_at(
                        lineno,
                        src,
                        (span.0, end),
                        format!("{name} takes COUNT[, SIZE[, VALUE]] (COUNT up to 2^24, SIZE up to 8)"),
                    ),
                }
            }
            _ => return false,
        }
        true
    }

    /// One integer argument defined before it.
    fn int_arg(&mut self, c: &mut Cursor) -> Option<i64> {
        c.ws();
        match (Expr {
            syms: &self.syms,
            no_bar: false,
        })
        .parse(c)
        {
            Ok(EVal::Value(Value::Int(v))) => Some(v),
            _ => None,
        }
    }

    /// A literal that a relocation fills (`sym@rel32@lo+4`): fixup `f` of the instruction at
    /// byte `at` of the current section.
    pub(super) fn literal_reloc(&mut self, lineno: usize, src: &str, at: usize, f: &super::select::Fixup) {
        use crate::codeobj::reloc::{self, Variant};
        let Some((symbol, variant, addend)) = reloc::decode(&f.symbol) else {
            return;
        };
        let what = match f.kind {
            _ if self.dialect == super::Dialect::Clrx => {
                "relocation specifiers (@rel32@lo...) are LLVM syntax: CLRX's dialect has none"
            }
            super::select::FixupKind::Literal(_) if variant == Variant::Rel64 => {
                "@rel64 is a 64-bit relocation: it goes in data (.quad), not in a 32-bit literal"
            }
            super::select::FixupKind::Literal(_) => {
                self.obj.parts.mention(symbol);
                self.obj.parts.relocs.push(reloc::Reloc {
                    section: self.sections[self.section].0.clone(),
                    offset: (at + 4 * f.word) as u64,
                    r_type: reloc::llvm14_type(symbol, Some(variant), 4, true),
                    symbol: symbol.to_string(),
                    addend,
                    defined: None,
                });
                return;
            }
            _ => "a relocation specifier goes in a 32-bit literal operand (or in data)",
        };
        self.error_at(lineno, src, (f.start, f.end), what.into());
    }

    /// A datum a relocation fills: `SYM`, `SYM+N`, `SYM@rel64`, `SYM@rel32@lo+N`... where
    /// SYM is a label of the file or a symbol not defined (yet), in a data section of LLVM
    /// text (CLRX text keeps a label's value). Returns whether the datum was one (and the
    /// cursor past it).
    fn data_reloc(&mut self, c: &mut Cursor, width: usize) -> Result<bool, (usize, usize, String)> {
        use crate::codeobj::reloc::{self, Variant};
        if self.section == 0 || self.dialect == super::Dialect::Clrx || !(width == 4 || width == 8) {
            return Ok(false);
        }
        c.ws();
        let (s, p, end) = (c.s, c.pos, c.end.min(c.s.len()));
        if p >= end || !super::parse::is_ident_start(s[p]) {
            return Ok(false);
        }
        let mut e = p + 1;
        while e < end && (super::parse::is_ident_start(s[e]) || s[e].is_ascii_digit()) {
            e += 1;
        }
        let text = |a: usize, b: usize| std::str::from_utf8(&s[a..b]).unwrap_or("");
        let symbol = text(p, e).to_string();
        let mut q = e;
        let mut variant = None;
        if q < end && s[q] == b'@' {
            match Variant::parse_prefix(text(q + 1, end)) {
                Some((v, n)) => {
                    variant = Some(v);
                    q += 1 + n;
                }
                None => return Err((q, end, "unknown relocation specifier".into())),
            }
        }
        // An addend: a plain number (an expression of symbols is the expression reader's).
        let rest = text(q, end);
        let (addend, used) = match rest.trim_start().split(',').next().map(str::trim) {
            Some("") | None => (0, 0),
            Some(t) => {
                let (neg, num) = match t.as_bytes()[0] {
                    b'+' => (false, t[1..].trim()),
                    b'-' => (true, t[1..].trim()),
                    _ => return Ok(false),
                };
                let v = if let Some(h) = num.strip_prefix("0x").or_else(|| num.strip_prefix("0X")) {
                    i64::from_str_radix(h, 16).ok()
                } else {
                    num.parse::<i64>().ok()
                };
                let Some(v) = v else { return Ok(false) };
                (
                    if neg { v.wrapping_neg() } else { v },
                    rest.find(t).unwrap_or(0) + t.len(),
                )
            }
        };
        let known = self.syms.get(&symbol).is_some();
        if variant.is_none() && known && !self.labels.contains_key(&symbol) {
            return Ok(false);
        }
        if variant == Some(Variant::Rel64) && width != 8 || variant.is_some_and(|v| v != Variant::Rel64) && width != 4 {
            return Err((
                p,
                q,
                format!("this relocation specifier does not fit a {width}-byte datum"),
            ));
        }
        c.pos = q + used;
        let offset = self.offset as u64;
        self.obj.parts.mention(&symbol);
        self.obj.parts.relocs.push(reloc::Reloc {
            section: self.sections[self.section].0.clone(),
            offset,
            r_type: reloc::llvm14_type(&symbol, variant, width, false),
            symbol,
            addend,
            defined: None,
        });
        Ok(true)
    }

    /// `.byte`/`.short`/`.long`/`.quad` values of `width` bytes.
    fn data_values(&mut self, lineno: usize, src: &str, name: &str, width: usize, c: &mut Cursor, end: usize) {
        let mut bytes = Vec::new();
        loop {
            let p0 = c.pos;
            let save = (self.offset, self.obj.parts.relocs.len());
            // The datum's offset: the bytes of this directive before it come first.
            self.offset += bytes.len();
            let r = self.data_reloc(c, width);
            self.offset = save.0;
            match r {
                Ok(true) => {
                    bytes.extend(std::iter::repeat_n(0u8, width));
                    if !c.eat(b',') {
                        break;
                    }
                    continue;
                }
                Ok(false) => {}
                Err((a, b, msg)) => return self.error_at(lineno, src, (a, b.max(a + 1)), msg),
            }
            let Some(v) = self.int_arg(c) else {
                let p = c.pos.max(p0 + 1).min(end.max(p0 + 1));
                return self.error_at(lineno, src, (p0, p), format!("{name} takes integers defined before it"));
            };
            let fits = width == 8 || (v >= -(1i64 << (width * 8 - 1)) && v < (1i64 << (width * 8)));
            if !fits {
                let p = c.pos;
                return self.error_at(lineno, src, (p0, p), format!("{v} does not fit in {width} byte(s)"));
            }
            bytes.extend(&v.to_le_bytes()[..width]);
            if !c.eat(b',') {
                break;
            }
        }
        if !c.at_end() {
            let p = c.pos;
            return self.error_at(lineno, src, (p, end), format!("expected ',' between {name} values"));
        }
        self.emit_bytes(lineno, src, (0, 0), &bytes);
    }

    /// Appends data bytes to the current section: a data section's bytes, or `.text` data
    /// words (whole words only: code stays word-aligned).
    fn emit_bytes(&mut self, lineno: usize, src: &str, span: (usize, usize), bytes: &[u8]) {
        if self.section == 0 {
            if !bytes.len().is_multiple_of(4) {
                let what = "data in .text must fill whole 4-byte words (code stays aligned)";
                return self.error_at(lineno, src, span, what.into());
            }
            for w in bytes.chunks_exact(4) {
                let word = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
                self.items
                    .push(super::Item::new(lineno + self.line_base, self.offset, &[word], true));
                self.offset += 4;
            }
            return;
        }
        let sec = self.data_section();
        sec.bytes.extend_from_slice(bytes);
        self.offset = sec.bytes.len();
    }

    /// The current data section (not `.text`).
    pub(super) fn data_section(&mut self) -> &mut DataSection {
        let name = &self.sections[self.section].0;
        let k = match self.obj.parts.sections.iter().position(|s| &s.name == name) {
            Some(k) => k,
            None => {
                self.obj.parts.sections.push(DataSection {
                    name: name.clone(),
                    align: 1,
                    ..Default::default()
                });
                self.obj.parts.sections.len() - 1
            }
        };
        &mut self.obj.parts.sections[k]
    }

    fn kd_field(&mut self, lineno: usize, src: &str, name: &str, span: (usize, usize), c: &mut Cursor, end: usize) {
        let p0 = c.pos;
        let Some(v) = self.int_arg(c) else {
            return self.error_at(
                lineno,
                src,
                (p0, end.max(p0 + 1)),
                format!("{name} takes an absolute expression"),
            );
        };
        let block = self.obj.kd.as_mut().expect("open block");
        match block.builder.set(name, v) {
            Ok(()) => {
                let field = kd::FIELDS
                    .iter()
                    .find(|f| name.strip_prefix(".amdhsa_") == Some(f.name));
                if let Some(f) = field {
                    block.at.push((f.name, lineno, src.to_string()));
                }
            }
            Err(msg) => self.error_at(lineno, src, span, msg),
        }
    }

    fn end_kd(&mut self, lineno: usize, src: &str, span: (usize, usize)) {
        let block = self.obj.kd.take().expect("open block");
        let bytes = match block.builder.finish() {
            Ok(b) => b,
            Err(e) => {
                // At the directive it is about, else at the block's end.
                match e.field.and_then(|f| block.at.iter().find(|a| a.0 == f)) {
                    Some((_, line, text)) => {
                        let n = text.len();
                        self.error_at(*line, &text.clone(), (0, n), e.msg)
                    }
                    None => self.error_at(lineno, src, span, e.msg),
                }
                return;
            }
        };
        if self.section == 0 {
            return self.error_at(
                lineno,
                src,
                span,
                "a kernel descriptor belongs in a data section (.rodata)".into(),
            );
        }
        // llvm-mc aligns the descriptor to 64 bytes.
        let sec = self.data_section();
        let pad = (kd::SIZE - sec.bytes.len() % kd::SIZE) % kd::SIZE;
        sec.bytes.extend(std::iter::repeat_n(0u8, pad));
        sec.align = sec.align.max(kd::SIZE as u64);
        let offset = sec.bytes.len();
        sec.bytes.extend_from_slice(&bytes);
        self.offset = sec.bytes.len();
        let section = self
            .obj
            .parts
            .sections
            .iter()
            .position(|s| s.name == self.sections[self.section].0)
            .unwrap_or(0);
        self.kd_lines
            .push((block.kernel.clone(), block.line, block.source.clone()));
        let attrs = self.obj.parts.attrs(&block.kernel).clone();
        self.obj.parts.mention(&format!("{}.kd", block.kernel));
        self.obj.parts.descriptors.push(KernelDescriptor {
            attrs,
            kernel: block.kernel,
            section,
            offset,
        });
    }
}

impl Assembler {
    /// The end of the file: open blocks are errors, `.size` expressions are evaluated.
    pub(super) fn finish_object_parts(&mut self) {
        self.obj.parts.processor = self.processor.clone();
        // (before the binary formats: a `.rocm` GOT object's symbol has its size)
        self.resolve_sizes();
        self.finish_rocm();
        self.finish_amd();
        self.finish_gallium();
        self.finish_amdcl2();
        for name in std::mem::take(&mut self.obj.constants) {
            if let Some(super::parse::Sym::Value(Value::Int(v))) = self.syms.get(&name) {
                self.obj.parts.constants.push((name, *v));
            }
        }
        if let Some(b) = self.obj.kd.take() {
            let text = format!(".amdhsa_kernel {}", b.kernel);
            let n = text.len();
            self.error_at(
                b.line,
                &text,
                (0, n),
                ".amdhsa_kernel without .end_amdhsa_kernel".into(),
            );
        }
        if let Some(b) = self.obj.metadata.take() {
            self.error_at(
                b.line,
                ".amdgpu_metadata",
                (0, 16),
                ".amdgpu_metadata without .end_amdgpu_metadata".into(),
            );
        }
        // A descriptor's kernel must be a label (its relocation points there).
        for (kernel, line, src) in std::mem::take(&mut self.kd_lines) {
            if !self.obj.parts.labels.iter().any(|(n, _, _)| *n == kernel) {
                let at = src.find(&kernel).unwrap_or(0);
                let msg = format!("kernel '{kernel}' of this .amdhsa_kernel block is never defined (a label in .text)");
                self.error_at(line, &src, (at, at + kernel.len()), msg);
            }
        }
        // Where each relocation's symbol is defined (a label: its section and offset). A
        // symbol given a value instead is the value, written in place (as llvm-mc resolves it).
        let mut relocs = std::mem::take(&mut self.obj.parts.relocs);
        relocs.retain_mut(|r| {
            let value = match self.syms.get(&r.symbol) {
                Some(super::parse::Sym::Value(Value::Int(v))) => Some(*v),
                _ => None,
            };
            match (self.labels.get(&r.symbol), value) {
                (Some(&k), Some(v)) => {
                    r.defined = Some((self.sections[k].0.clone(), v as u64));
                    true
                }
                (None, Some(v))
                    if r.r_type == crate::codeobj::reloc::R_AMDGPU_ABS64
                        || r.r_type == crate::codeobj::reloc::R_AMDGPU_ABS32 =>
                {
                    let x = v.wrapping_add(r.addend);
                    let n = if r.r_type == crate::codeobj::reloc::R_AMDGPU_ABS64 {
                        8
                    } else {
                        4
                    };
                    if let Some(d) = self.obj.parts.sections.iter_mut().find(|d| d.name == r.section) {
                        let at = r.offset as usize;
                        if let Some(b) = d.bytes.get_mut(at..at + n) {
                            b.copy_from_slice(&x.to_le_bytes()[..n]);
                        }
                    }
                    false
                }
                _ => true,
            }
        });
        self.obj.parts.relocs = relocs;
    }

    /// `.size` lines, read at the end (their labels may come after them): the symbols'
    /// sizes.
    fn resolve_sizes(&mut self) {
        for (sym, expr, line, src, col) in std::mem::take(&mut self.sizes) {
            let mut c = Cursor::new(&expr, 0, expr.len());
            match self.int_arg(&mut c) {
                Some(v) if v >= 0 && c.at_end() => self.obj.parts.attrs(&sym).size = Some(v as u64),
                _ => {
                    let n = src.len();
                    self.error_at(
                        line,
                        &src,
                        (col, n),
                        format!(".size {sym}: '{expr}' is not a size known at the end"),
                    );
                }
            }
        }
    }
}

/// The metadata document of an `.amdgpu_metadata` block, or the line (1-based in the block)
/// and message of its error.
fn metadata_msgpack(yaml: &str) -> Result<Vec<u8>, (usize, String)> {
    crate::codeobj::metadata::yaml_to_msgpack(yaml).map_err(|e| (e.line, e.message))
}

/// The strings of `.ascii "a", "b\n"` with their escapes (C's: `\n \t \\ \" \ooo \xhh`).
pub(super) fn parse_strings(rest: &str) -> Option<Vec<Vec<u8>>> {
    let b = rest.as_bytes();
    let mut k = 0;
    let mut out = Vec::new();
    loop {
        while k < b.len() && b[k].is_ascii_whitespace() {
            k += 1;
        }
        if k >= b.len() || b[k] != b'"' {
            return None;
        }
        k += 1;
        let mut s = Vec::new();
        loop {
            let ch = *b.get(k)?;
            k += 1;
            match ch {
                b'"' => break,
                b'\\' => {
                    let e = *b.get(k)?;
                    k += 1;
                    match e {
                        b'n' => s.push(b'\n'),
                        b't' => s.push(b'\t'),
                        b'r' => s.push(b'\r'),
                        b'b' => s.push(8),
                        b'f' => s.push(12),
                        b'x' => {
                            let mut v = 0u32;
                            while let Some(d) = b.get(k).and_then(|c| (*c as char).to_digit(16)) {
                                v = v * 16 + d;
                                k += 1;
                            }
                            s.push(v as u8);
                        }
                        b'0'..=b'7' => {
                            let mut v = (e - b'0') as u32;
                            for _ in 0..2 {
                                match b.get(k) {
                                    Some(c @ b'0'..=b'7') => {
                                        v = v * 8 + (c - b'0') as u32;
                                        k += 1;
                                    }
                                    _ => break,
                                }
                            }
                            s.push(v as u8);
                        }
                        other => s.push(other),
                    }
                }
                c => s.push(c),
            }
        }
        out.push(s);
        while k < b.len() && b[k].is_ascii_whitespace() {
            k += 1;
        }
        if k >= b.len() {
            return Some(out);
        }
        if b[k] != b',' {
            return None;
        }
        k += 1;
    }
}
