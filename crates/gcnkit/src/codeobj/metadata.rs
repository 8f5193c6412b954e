//! The metadata notes of AMDGPU code objects, byte for byte as LLVM 14 reads and writes them.
//!
//! A code object keeps its metadata in ELF notes (section `.note`, `SHT_NOTE`). gcnkit prints
//! them as the assembler directives `clang-14 -S` writes and turns those directives back into
//! the note bytes `llvm-mc-14` writes, so that disassembling and reassembling an object gives
//! the same `.note` section.
//!
//! - Code object v3+: one note `AMDGPU`, type 32 (`NT_AMDGPU_METADATA`), whose desc is a
//!   msgpack document; the directive is `.amdgpu_metadata` with the document as YAML.
//! - Code object v2: notes `AMD` of types 1 (`.hsa_code_object_version`), 3
//!   (`.hsa_code_object_isa`), 11 (`.amd_amdgpu_isa`) and 10 (`.amd_amdgpu_hsa_metadata`, a
//!   YAML text desc), in the order of their directives; see [`V2Directive`].
//!
//! What LLVM 14 does, found by experiment with llvm-mc-14 (asm and object output) and the
//! corpus in `tests/data/codeobj`:
//! - Notes: namesz counts the name's NUL; name and desc are each padded with zeros to 4 bytes
//!   (also for the 64-bit `AMDGPU` note).
//! - YAML scalars (`msgpack::DocNode::fromString`): quoting never changes the type
//!   (`'1'` is the integer 1); untagged text is tried as unsigned int, signed int (both with
//!   LLVM's radix sensing: `0x`, `0b`, `0o`, a leading `0` is octal), boolean (`y n yes no on
//!   off true false` in lower, Capitalised or UPPER case), `strtod` float (`''` is 0.0), then
//!   string. `null` and `~` are strings. Tags: `!str` (or any unknown `!tag`, or `!!int`) is a
//!   string, `!int`/`!bool`/`!float` force that type (or fail), `!nil` is nil, `!!str` is no
//!   tag. An empty value (`key:`) is an empty array. Later duplicate keys win.
//! - msgpack (`msgpack::Writer`): maps are sorted by key (kinds in the order int < uint < nil
//!   < bool < float < string, then by value, strings bytewise); non-negative ints use the
//!   smallest uint form, negative ones the smallest int form; strings fixstr/str8/16/32;
//!   arrays and maps fix/16/32 forms; and a float is written as nil (0xc0).
//! - YAML output (`yaml::Output`): keys are printed raw, padded to column 17 (`key:` plus
//!   spaces, at least one); a scalar gets a tag when reading its text back would give another
//!   type (`!str '1'`, `!str yes`, `!nil ''`); strings are quoted as `needsQuotes` says
//!   (single quotes for `'float*'`, `'OpenCL C++'`, `'null'`, ...; double quotes with escapes
//!   for control characters and non-ASCII); floats print as `%.6e`; empty containers as
//!   `[]`/`{}`.
//! - The metadata verifier (non-strict) rejects a document whose known keys have the wrong
//!   type or value, converting `!str`-tagged strings where a number or boolean is wanted.
//!
//! YAML is read with the `saphyr-parser` crate (its events give each scalar's style, tag and
//! source span); LLVM's own parser keeps line breaks in multi-line scalars and does not fold
//! `>` blocks, which this module reproduces from the spans. Known differences from llvm-mc,
//! all far from what clang writes: flow sequences with empty entries (`[1, , 2]`, LLVM skips
//! them, saphyr rejects them); layouts LLVM's parser reads its own way (a `- ` entry with an
//! empty value followed by more entries, a tag alone before a block collection); `\u`
//! escapes of UTF-16 surrogates (LLVM writes invalid UTF-8, here U+FFFD); and in printed
//! double-quoted strings LLVM escapes the code points its Unicode table calls unprintable
//! (also unassigned ones), approximated here by controls and format characters.
//!
//! msgpack is written with `rmpv`; it is read by a small reader here, because errors must name
//! the byte offset and LLVM tells a signed int marker from an unsigned one (which decides map
//! order), both of which `rmpv`'s decoder does not report.

use std::cmp::Ordering;
use std::fmt;

use saphyr_parser::{Event, Parser, ScalarStyle, Span};

/// A failure to read note or msgpack bytes; the message names the byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// A failure to read or check metadata YAML; `line` is 1-based within the YAML text, so the
/// assembler can add the line of the directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YamlError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for YamlError {}

fn yaml_err(line: usize, message: impl Into<String>) -> YamlError {
    YamlError {
        line,
        message: message.into(),
    }
}

/// Code object v2: the note of `.hsa_code_object_version` (major, minor as u32).
pub const NT_AMD_HSA_CODE_OBJECT_VERSION: u32 = 1;
/// Code object v2: the note of `.hsa_code_object_isa`.
pub const NT_AMD_HSA_ISA_VERSION: u32 = 3;
/// Code object v2: the note of `.amd_amdgpu_hsa_metadata` (YAML text).
pub const NT_AMD_HSA_METADATA: u32 = 10;
/// Code object v2: the note of `.amd_amdgpu_isa` (the target id, no NUL).
pub const NT_AMD_HSA_ISA_NAME: u32 = 11;
/// Code object v3+: the note of `.amdgpu_metadata` (msgpack).
pub const NT_AMDGPU_METADATA: u32 = 32;

// ---------------------------------------------------------------------------------------------
// ELF notes

/// One ELF note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The owner (`AMD`, `AMDGPU`), without its terminating NUL.
    pub name: String,
    /// The note type (`n_type`).
    pub kind: u32,
    pub desc: Vec<u8>,
    /// Where the note starts in its section, for messages.
    pub offset: usize,
}

/// Rounds up to the 4-byte alignment LLVM pads note names and descs to; `None` on overflow.
fn align4(n: usize) -> Option<usize> {
    n.checked_add(3).map(|n| n & !3)
}

fn le32(bytes: &[u8], at: usize) -> Option<u32> {
    let word = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([word[0], word[1], word[2], word[3]]))
}

/// Reads the note records of a note section (little-endian, 4-byte aligned as LLVM writes
/// them; the last desc may lack its padding).
pub fn parse_notes(section: &[u8]) -> Result<Vec<Note>, Error> {
    let mut notes = Vec::new();
    let mut off = 0;
    while off < section.len() {
        let (note, next) = parse_note(section, off)?;
        notes.push(note);
        off = next;
    }
    Ok(notes)
}

/// Reads the note at `off`, returning it and the offset of the next one.
fn parse_note(section: &[u8], off: usize) -> Result<(Note, usize), Error> {
    let left = section.len() - off;
    let header = |i| le32(section, off + i).map(|w| w as usize);
    let (Some(namesz), Some(descsz), Some(kind)) = (header(0), header(4), header(8)) else {
        return Err(Error(format!(
            "note at offset {off}: truncated header ({left} bytes left, 12 needed)"
        )));
    };
    let past_end = |what: &str, size: usize| {
        Error(format!(
            "note at offset {off}: {what} of {size} bytes runs past the end of the section \
             ({} bytes)",
            section.len()
        ))
    };
    let name_start = off + 12;
    let desc_start = align4(namesz)
        .and_then(|n| name_start.checked_add(n))
        .filter(|&end| end <= section.len())
        .ok_or_else(|| past_end("name", namesz))?;
    let desc_end = desc_start
        .checked_add(descsz)
        .filter(|&end| end <= section.len())
        .ok_or_else(|| past_end("desc", descsz))?;
    let name = note_name(&section[name_start..name_start + namesz], off)?;
    let next = align4(desc_end).map_or(section.len(), |n| n.min(section.len()));
    let note = Note {
        name,
        kind: kind as u32,
        desc: section[desc_start..desc_end].to_vec(),
        offset: off,
    };
    Ok((note, next))
}

/// A note's owner name: UTF-8 ending in NUL (what every producer writes and what
/// [`note_section`] writes back).
fn note_name(bytes: &[u8], off: usize) -> Result<String, Error> {
    let Some((&0, name)) = bytes.split_last() else {
        return Err(Error(format!("note at offset {off}: name is not NUL-terminated")));
    };
    String::from_utf8(name.to_vec()).map_err(|_| Error(format!("note at offset {off}: name is not UTF-8")))
}

/// The bytes llvm-mc writes for these notes (name, type, desc): namesz counts the NUL, name
/// and desc are each zero-padded to 4 bytes.
pub fn note_section(notes: &[(&str, u32, &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    for &(name, kind, desc) in notes {
        let size = |n: usize| u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes();
        out.extend_from_slice(&size(name.len() + 1));
        out.extend_from_slice(&size(desc.len()));
        out.extend_from_slice(&kind.to_le_bytes());
        out.extend_from_slice(name.as_bytes());
        out.push(0);
        pad4(&mut out);
        out.extend_from_slice(desc);
        pad4(&mut out);
    }
    out
}

fn pad4(out: &mut Vec<u8>) {
    while !out.len().is_multiple_of(4) {
        out.push(0);
    }
}

// ---------------------------------------------------------------------------------------------
// The document (LLVM's msgpack::DocNode)

/// A metadata document node; `line` is its 1-based YAML line (0 when read from msgpack), for
/// the verifier's messages.
#[derive(Clone, Debug)]
struct Doc {
    node: Node,
    line: usize,
}

#[derive(Clone, Debug)]
enum Node {
    Int(i64),
    UInt(u64),
    Nil,
    Bool(bool),
    Float(f64),
    Str(String),
    Array(Vec<Doc>),
    /// Sorted by [`key_cmp`], keys unique (LLVM keeps maps in a `std::map`).
    Map(Vec<(Doc, Doc)>),
}

/// The kinds of scalars, in LLVM's `msgpack::Type` order (which orders map keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Int,
    UInt,
    Nil,
    Bool,
    Float,
    Str,
    Array,
    Map,
}

impl Node {
    fn kind(&self) -> Kind {
        match self {
            Node::Int(_) => Kind::Int,
            Node::UInt(_) => Kind::UInt,
            Node::Nil => Kind::Nil,
            Node::Bool(_) => Kind::Bool,
            Node::Float(_) => Kind::Float,
            Node::Str(_) => Kind::Str,
            Node::Array(_) => Kind::Array,
            Node::Map(_) => Kind::Map,
        }
    }

    fn is_scalar(&self) -> bool {
        !matches!(self, Node::Array(_) | Node::Map(_))
    }
}

/// LLVM's `operator<` on DocNodes: by kind first, then by value (a NaN equals everything,
/// as it does in a `std::map`).
fn key_cmp(a: &Node, b: &Node) -> Ordering {
    match (a, b) {
        (Node::Int(x), Node::Int(y)) => x.cmp(y),
        (Node::UInt(x), Node::UInt(y)) => x.cmp(y),
        (Node::Bool(x), Node::Bool(y)) => x.cmp(y),
        (Node::Float(x), Node::Float(y)) => x.partial_cmp(y).unwrap_or(Ordering::Equal),
        (Node::Str(x), Node::Str(y)) => x.as_bytes().cmp(y.as_bytes()),
        _ => a.kind().cmp(&b.kind()),
    }
}

/// Inserts into a sorted map; a key already there gets the new value (`map[key] = value`).
fn map_insert(entries: &mut Vec<(Doc, Doc)>, key: Doc, value: Doc) -> bool {
    match entries.binary_search_by(|(k, _)| key_cmp(&k.node, &key.node)) {
        Ok(i) => {
            entries[i].1 = value;
            false
        }
        Err(i) => {
            entries.insert(i, (key, value));
            true
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Scalars as text: LLVM's DocNode::fromString / toString / getYAMLTag

/// `getAsUnsignedInteger(S, 0, N)`: radix sensed from `0x`/`0X`, `0b`/`0B`, `0o`, or a `0`
/// before a digit (octal); the whole text must be digits of that radix; overflow fails.
fn llvm_uint(text: &str) -> Option<u64> {
    let (radix, digits) = if let Some(d) = text.strip_prefix("0x").or(text.strip_prefix("0X")) {
        (16, d)
    } else if let Some(d) = text.strip_prefix("0b").or(text.strip_prefix("0B")) {
        (2, d)
    } else if let Some(d) = text.strip_prefix("0o") {
        (8, d)
    } else if text.len() > 1 && text.starts_with('0') && text.as_bytes()[1].is_ascii_digit() {
        (8, &text[1..])
    } else {
        (10, text)
    };
    if digits.is_empty() {
        return None;
    }
    digits.chars().try_fold(0u64, |acc, c| {
        let d = c.to_digit(36).filter(|&d| d < radix)?;
        acc.checked_mul(u64::from(radix))?.checked_add(u64::from(d))
    })
}

/// `getAsSignedInteger(S, 0, N)`: an optional `-`, then as [`llvm_uint`], within i64.
fn llvm_int(text: &str) -> Option<i64> {
    match text.strip_prefix('-') {
        None => llvm_uint(text).and_then(|u| i64::try_from(u).ok()),
        Some(rest) => {
            let u = llvm_uint(rest)?;
            if u > 1u64 << 63 {
                return None;
            }
            Some((u as i64).wrapping_neg())
        }
    }
}

/// `yaml::parseBool` of LLVM 14.
fn llvm_bool(text: &str) -> Option<bool> {
    match text {
        "y" | "Y" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" | "true" | "True" | "TRUE" => Some(true),
        "n" | "N" | "no" | "No" | "NO" | "off" | "Off" | "OFF" | "false" | "False" | "FALSE" => Some(false),
        _ => None,
    }
}

/// `llvm::to_float`: C `strtod` on the text up to its first NUL, which must consume all of
/// it; so the empty text is 0.0 (strtod converts nothing and stops at the NUL).
fn llvm_float(text: &str) -> Option<f64> {
    let text = text.split('\0').next().unwrap_or("");
    if text.is_empty() {
        return Some(0.0);
    }
    let body = text.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let (negative, unsigned) = match body.as_bytes().first() {
        Some(b'-') => (true, &body[1..]),
        Some(b'+') => (false, &body[1..]),
        _ => (false, body),
    };
    let value = if let Some(hex) = unsigned.strip_prefix("0x").or(unsigned.strip_prefix("0X")) {
        hex_float(hex)?
    } else {
        decimal_float(unsigned)?
    };
    Some(if negative { -value } else { value })
}

/// strtod's decimal, `inf`/`infinity`/`nan`/`nan(chars)` forms (no sign).
fn decimal_float(text: &str) -> Option<f64> {
    let lower = text.to_ascii_lowercase();
    if lower == "inf" || lower == "infinity" {
        return Some(f64::INFINITY);
    }
    if lower == "nan"
        || (lower.starts_with("nan(")
            && lower.ends_with(')')
            && lower[4..lower.len() - 1]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_'))
    {
        return Some(f64::NAN);
    }
    let bytes = text.as_bytes();
    let mantissa_end = bytes
        .iter()
        .position(|&b| !(b.is_ascii_digit() || b == b'.'))
        .unwrap_or(bytes.len());
    let mantissa = &text[..mantissa_end];
    if mantissa.matches('.').count() > 1 || !mantissa.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let exponent = &text[mantissa_end..];
    if !exponent.is_empty() {
        let digits = exponent.strip_prefix(['e', 'E'])?;
        let digits = digits.strip_prefix(['+', '-']).unwrap_or(digits);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
    }
    text.parse().ok()
}

/// strtod's hexadecimal form after `0x`: hex digits with an optional point, an optional
/// `p[+-]digits` binary exponent.
fn hex_float(text: &str) -> Option<f64> {
    let (mantissa, exponent) = match text.find(['p', 'P']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int_part.is_empty() && frac_part.is_empty() {
        return None;
    }
    let mut value = 0f64;
    for c in int_part.chars() {
        value = value * 16.0 + f64::from(c.to_digit(16)?);
    }
    let mut scale = 1.0 / 16.0;
    for c in frac_part.chars() {
        value += f64::from(c.to_digit(16)?) * scale;
        scale /= 16.0;
    }
    if let Some(exp) = exponent {
        let digits = exp.strip_prefix(['+', '-']).unwrap_or(exp);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let e: i32 = exp
            .parse()
            .unwrap_or(if exp.starts_with('-') { -100_000 } else { 100_000 });
        value *= 2f64.powi(e.clamp(-100_000, 100_000));
    }
    Some(value)
}

/// `DocNode::fromString(text, tag)`: the scalar a YAML text means under LLVM's rules (see
/// the module doc); `Err` is LLVM's message for a forced type that does not parse.
fn from_string(text: &str, tag: &str) -> Result<Node, &'static str> {
    let tag = if tag == "tag:yaml.org,2002:str" { "" } else { tag };
    if tag.is_empty() || tag == "!int" {
        if let Some(u) = llvm_uint(text) {
            return Ok(Node::UInt(u));
        }
        if let Some(i) = llvm_int(text) {
            return Ok(Node::Int(i));
        }
        if !tag.is_empty() {
            return Err("invalid number");
        }
    }
    if tag == "!nil" {
        return Ok(Node::Nil);
    }
    if tag.is_empty() || tag == "!bool" {
        if let Some(b) = llvm_bool(text) {
            return Ok(Node::Bool(b));
        }
        if !tag.is_empty() {
            return Err("invalid boolean");
        }
    }
    if tag.is_empty() || tag == "!float" {
        if let Some(f) = llvm_float(text) {
            return Ok(Node::Float(f));
        }
        if !tag.is_empty() {
            return Err("invalid floating point number");
        }
    }
    Ok(Node::Str(text.to_string()))
}

/// The scalar's kind when its text is read back untagged.
fn inferred_kind(text: &str) -> Kind {
    from_string(text, "").map_or(Kind::Str, |n| n.kind())
}

/// `DocNode::toString`: uints and ints in decimal, floats as C's `%.6e` (`nan`, `INF`,
/// `-INF`), nil as the empty text.
fn to_string(node: &Node) -> String {
    match node {
        Node::Int(i) => i.to_string(),
        Node::UInt(u) => u.to_string(),
        Node::Nil | Node::Array(_) | Node::Map(_) => String::new(),
        Node::Bool(b) => b.to_string(),
        Node::Float(f) => format_e6(*f),
        Node::Str(s) => s.clone(),
    }
}

/// C's `%.6e` (Rust's exact rounding is glibc's: half to even on the exact binary value).
fn format_e6(x: f64) -> String {
    if x.is_nan() {
        return "nan".to_string();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-INF" } else { "INF" }.to_string();
    }
    let text = format!("{x:.6e}");
    let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    format!(
        "{mantissa}e{}{:02}",
        if exp < 0 { '-' } else { '+' },
        exp.unsigned_abs()
    )
}

/// `ScalarDocNode::getYAMLTag`: a tag only where reading the text back would change the
/// kind (ints and uints count as one).
fn yaml_tag(node: &Node) -> &'static str {
    let kind = node.kind();
    if kind == Kind::Nil {
        return "!nil";
    }
    let back = inferred_kind(&to_string(node));
    let ints = [Kind::Int, Kind::UInt];
    if back == kind || (ints.contains(&back) && ints.contains(&kind)) {
        return "";
    }
    match kind {
        Kind::Str => "!str",
        Kind::Int | Kind::UInt => "!int",
        Kind::Bool => "!bool",
        Kind::Float => "!float",
        _ => "",
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Quote {
    None,
    Single,
    Double,
}

/// `yaml::isNumeric` of LLVM 14 (YAML 1.2 core schema numbers).
fn is_numeric(s: &str) -> bool {
    if s.is_empty() || s == "+" || s == "-" {
        return false;
    }
    if matches!(s, ".nan" | ".NaN" | ".NAN") {
        return true;
    }
    let tail = s.strip_prefix(['-', '+']).unwrap_or(s);
    if matches!(tail, ".inf" | ".Inf" | ".INF") {
        return true;
    }
    if let Some(d) = s.strip_prefix("0o") {
        return !d.is_empty() && d.bytes().all(|b| (b'0'..=b'7').contains(&b));
    }
    if let Some(d) = s.strip_prefix("0x") {
        return !d.is_empty() && d.bytes().all(|b| b.is_ascii_hexdigit());
    }
    let s = tail.as_bytes();
    if s.first() == Some(&b'.') && !s.get(1).is_some_and(|b| b.is_ascii_digit()) {
        return false;
    }
    if matches!(s.first(), Some(b'e' | b'E')) {
        return false;
    }
    let skip_digits = |i: usize| i + s[i..].iter().take_while(|b| b.is_ascii_digit()).count();
    let mut i = skip_digits(0);
    if i == s.len() {
        return true;
    }
    if s[i] == b'.' {
        i = skip_digits(i + 1);
        if i == s.len() {
            return true;
        }
    }
    if !matches!(s[i], b'e' | b'E') {
        return false;
    }
    i += 1;
    if matches!(s.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    i < s.len() && skip_digits(i) == s.len()
}

/// `yaml::needsQuotes` of LLVM 14, as observed from llvm-mc: empty, edge spaces, null and
/// bool words, numbers and a leading indicator need single quotes; characters other than
/// alphanumerics and `_-^., \t` need single quotes; controls, DEL and non-ASCII need double.
fn needs_quotes(s: &str) -> Quote {
    if s.is_empty() {
        return Quote::Single;
    }
    let bytes = s.as_bytes();
    let is_space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r');
    let mut quote = Quote::None;
    if is_space(bytes[0]) || is_space(bytes[bytes.len() - 1]) {
        quote = Quote::Single;
    }
    if matches!(s, "null" | "Null" | "NULL" | "~")
        || matches!(s, "true" | "True" | "TRUE" | "false" | "False" | "FALSE")
        || is_numeric(s)
        || "-?:\\,[]{}#&*!|>'\"%@`".as_bytes().contains(&bytes[0])
    {
        quote = Quote::Single;
    }
    for &c in bytes {
        if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'^' | b'.' | b',' | b' ' | b'\t') {
            continue;
        }
        if c <= 0x1f || c >= 0x7f {
            return Quote::Double;
        }
        quote = Quote::Single;
    }
    quote
}

/// `ScalarTraits<DocNode>::mustQuote`: only strings are ever quoted (nil prints `''`).
fn scalar_quote(node: &Node, text: &str) -> Quote {
    match node {
        Node::Str(_) | Node::Nil => needs_quotes(text),
        _ => Quote::None,
    }
}

/// Code points LLVM's `sys::unicode::isPrintable` rejects, approximated (LLVM uses a
/// Unicode table that also rejects unassigned code points).
fn unprintable(c: char) -> bool {
    matches!(c as u32,
        0x80..=0x9f | 0x34f | 0x200b..=0x200f | 0x202a..=0x202e | 0x2060..=0x206f
        | 0xfeff | 0xfff0..=0xfffb | 0xfffe | 0xffff)
}

/// `yaml::escape(S, /*EscapePrintable=*/false)`, for double-quoted output: printable
/// non-ASCII stays as it is.
fn escape_double(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\0' => out.push_str("\\0"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\x0b' => out.push_str("\\v"),
            '\x0c' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            '\x1b' => out.push_str("\\e"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02X}", c as u32)),
            c if c.is_ascii() => out.push(c),
            '\u{85}' => out.push_str("\\N"),
            '\u{a0}' => out.push_str("\\_"),
            '\u{2028}' => out.push_str("\\L"),
            '\u{2029}' => out.push_str("\\P"),
            c if unprintable(c) => {
                let v = c as u32;
                if v <= 0xff {
                    out.push_str(&format!("\\x{v:02X}"));
                } else {
                    out.push_str(&format!("\\u{v:04X}"));
                }
            }
            c => out.push(c),
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// YAML output: a port of llvm::yaml::Output's block-style state machine

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    SeqFirst,
    SeqOther,
    MapFirst,
    MapOther,
}

/// What `yaml::Output` writes before the next token: nothing, a line break (plus
/// indentation), or the spaces after a key.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pad {
    Empty,
    NewLine,
    Spaces(usize),
}

/// LLVM's `yaml::Output` for the block styles a DocNode uses; its quirks (such as how a
/// sequence directly inside a sequence is indented) are kept, since llvm-mc prints them.
struct Output {
    out: String,
    stack: Vec<State>,
    padding: Pad,
    /// `PaddingBeforeContainer`: a single slot in LLVM too.
    before_container: Pad,
}

impl Output {
    fn new() -> Self {
        Output {
            out: String::new(),
            stack: Vec::new(),
            padding: Pad::Empty,
            before_container: Pad::Empty,
        }
    }

    fn output_to_eol(&mut self, s: &str) {
        self.out.push_str(s);
        self.padding = Pad::NewLine;
    }

    fn new_line_check(&mut self, empty_sequence: bool) {
        match self.padding {
            Pad::Empty => return,
            Pad::Spaces(n) => {
                self.out.extend(std::iter::repeat_n(' ', n));
                self.padding = Pad::Empty;
                return;
            }
            Pad::NewLine => {}
        }
        self.out.push('\n');
        self.padding = Pad::Empty;
        let Some(&top) = self.stack.last() else { return };
        if empty_sequence {
            return;
        }
        let mut indent = self.stack.len() - 1;
        let in_seq = |s: State| matches!(s, State::SeqFirst | State::SeqOther);
        let mut dash = false;
        if in_seq(top) {
            dash = true;
        } else if self.stack.len() > 1 && top == State::MapFirst && in_seq(self.stack[self.stack.len() - 2]) {
            indent -= 1;
            dash = true;
        }
        for _ in 0..indent {
            self.out.push_str("  ");
        }
        if dash {
            self.out.push_str("- ");
        }
    }

    fn begin_container(&mut self, state: State) {
        self.stack.push(state);
        self.before_container = self.padding;
        self.padding = Pad::NewLine;
    }

    /// Ends a map or sequence; one that got no entry prints as `{}` or `[]`.
    fn end_container(&mut self, empty_text: &str) {
        if matches!(self.stack.last(), Some(State::MapFirst | State::SeqFirst)) {
            self.padding = self.before_container;
            self.new_line_check(empty_text == "[]");
            self.out.push_str(empty_text);
            self.padding = Pad::NewLine;
        }
        self.stack.pop();
    }

    /// `paddedKey`: the key, a colon, and spaces up to 16 columns past the key's start.
    fn key(&mut self, key: &str) {
        self.new_line_check(false);
        self.out.push_str(key);
        self.out.push(':');
        self.padding = Pad::Spaces(if key.len() < 16 { 16 - key.len() } else { 1 });
    }

    /// Moves the innermost container past its first entry.
    fn next_entry(&mut self) {
        if let Some(top) = self.stack.last_mut() {
            *top = match *top {
                State::MapFirst => State::MapOther,
                State::SeqFirst => State::SeqOther,
                other => other,
            };
        }
    }

    fn scalar(&mut self, tag: &str, text: &str, quote: Quote) {
        if !tag.is_empty() {
            self.new_line_check(false);
            self.out.push_str(tag);
            self.out.push(' ');
        }
        self.new_line_check(false);
        if text.is_empty() {
            self.output_to_eol("''");
        } else {
            match quote {
                Quote::None => self.output_to_eol(text),
                Quote::Single => {
                    self.out.push('\'');
                    self.out.push_str(&text.replace('\'', "''"));
                    self.output_to_eol("'");
                }
                Quote::Double => {
                    self.out.push('"');
                    self.out.push_str(&escape_double(text));
                    self.output_to_eol("\"");
                }
            }
        }
    }

    fn node(&mut self, doc: &Doc) {
        match &doc.node {
            Node::Map(entries) => {
                self.begin_container(State::MapFirst);
                for (key, value) in entries {
                    // LLVM passes the key as a C string: it ends at a NUL.
                    let text = to_string(&key.node);
                    self.key(text.split('\0').next().unwrap_or(""));
                    self.node(value);
                    self.next_entry();
                }
                self.end_container("{}");
            }
            Node::Array(items) => {
                self.begin_container(State::SeqFirst);
                for item in items {
                    self.node(item);
                    self.next_entry();
                }
                self.end_container("[]");
            }
            scalar => {
                let text = to_string(scalar);
                self.scalar(yaml_tag(scalar), &text, scalar_quote(scalar, &text));
            }
        }
    }
}

/// `msgpack::Document::toYAML`: `---`, the document, `...` and a line break.
fn doc_to_yaml(doc: &Doc) -> String {
    let mut out = Output::new();
    out.output_to_eol("---");
    out.node(doc);
    out.out.push_str("\n...\n");
    out.out
}

// ---------------------------------------------------------------------------------------------
// msgpack

/// Nesting limit of documents read from msgpack or YAML (real metadata nests 4 deep); keeps
/// the recursive walks from overflowing the stack on hostile input.
const MAX_DEPTH: usize = 256;

/// A msgpack reader with LLVM's `msgpack::Reader` kinds (int markers give Int, uint markers
/// UInt) that names the offset of whatever it cannot read.
struct MsgReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> MsgReader<'a> {
    fn err(&self, at: usize, what: &str) -> Error {
        Error(format!("msgpack at offset {at}: {what}"))
    }

    fn take(&mut self, n: usize, at: usize, what: &str) -> Result<&'a [u8], Error> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| {
                self.err(
                    at,
                    &format!(
                        "truncated {what} ({n} bytes needed, {} left)",
                        self.bytes.len() - self.pos
                    ),
                )
            })?;
        let slice = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(slice)
    }

    fn uint(&mut self, n: usize, at: usize, what: &str) -> Result<u64, Error> {
        Ok(self
            .take(n, at, what)?
            .iter()
            .fold(0u64, |acc, &b| (acc << 8) | u64::from(b)))
    }

    fn node(&mut self, depth: usize) -> Result<Doc, Error> {
        let at = self.pos;
        if depth > MAX_DEPTH {
            return Err(self.err(at, "nested too deeply"));
        }
        let marker = self.take(1, at, "value")?[0];
        let node = match marker {
            0x00..=0x7f => Node::UInt(u64::from(marker)),
            0xe0..=0xff => Node::Int(i64::from(marker as i8)),
            0xc0 => Node::Nil,
            0xc2 => Node::Bool(false),
            0xc3 => Node::Bool(true),
            0xcc..=0xcf => Node::UInt(self.uint(1 << (marker - 0xcc), at, "uint")?),
            0xd0..=0xd3 => {
                let size = 1usize << (marker - 0xd0);
                let raw = self.uint(size, at, "int")?;
                let shift = 64 - 8 * size as u32;
                Node::Int(((raw << shift) as i64) >> shift)
            }
            0xca => Node::Float(f64::from(f32::from_bits(self.uint(4, at, "float")? as u32))),
            0xcb => Node::Float(f64::from_bits(self.uint(8, at, "float")?)),
            0xa0..=0xbf => self.string(usize::from(marker & 0x1f), at)?,
            0xd9..=0xdb => {
                let len = self.uint(1 << (marker - 0xd9), at, "string length")?;
                self.string(usize::try_from(len).unwrap_or(usize::MAX), at)?
            }
            0x90..=0x9f => self.array(usize::from(marker & 0x0f), at, depth)?,
            0xdc | 0xdd => {
                let len = self.uint(if marker == 0xdc { 2 } else { 4 }, at, "array length")?;
                self.array(usize::try_from(len).unwrap_or(usize::MAX), at, depth)?
            }
            0x80..=0x8f => self.map(usize::from(marker & 0x0f), at, depth)?,
            0xde | 0xdf => {
                let len = self.uint(if marker == 0xde { 2 } else { 4 }, at, "map length")?;
                self.map(usize::try_from(len).unwrap_or(usize::MAX), at, depth)?
            }
            0xc4..=0xc6 => return Err(self.err(at, "binary values are not metadata (LLVM rejects them)")),
            0xc7..=0xc9 | 0xd4..=0xd8 => {
                return Err(self.err(at, "extension values are not metadata (LLVM rejects them)"))
            }
            _ => return Err(self.err(at, &format!("invalid marker byte {marker:#04x}"))),
        };
        Ok(Doc { node, line: 0 })
    }

    fn string(&mut self, len: usize, at: usize) -> Result<Node, Error> {
        let bytes = self.take(len, at, "string")?;
        let text = std::str::from_utf8(bytes).map_err(|_| self.err(at, "string is not UTF-8"))?;
        Ok(Node::Str(text.to_string()))
    }

    fn array(&mut self, len: usize, at: usize, depth: usize) -> Result<Node, Error> {
        if len > self.bytes.len() - self.pos {
            return Err(self.err(at, &format!("array of {len} entries is longer than the data")));
        }
        let mut items = Vec::with_capacity(len);
        for _ in 0..len {
            items.push(self.node(depth + 1)?);
        }
        Ok(Node::Array(items))
    }

    fn map(&mut self, len: usize, at: usize, depth: usize) -> Result<Node, Error> {
        if len > (self.bytes.len() - self.pos) / 2 {
            return Err(self.err(at, &format!("map of {len} entries is longer than the data")));
        }
        let mut entries = Vec::with_capacity(len);
        for _ in 0..len {
            let key_at = self.pos;
            let key = self.node(depth + 1)?;
            if !key.node.is_scalar() {
                return Err(self.err(key_at, "map key is not a scalar"));
            }
            let value = self.node(depth + 1)?;
            if !map_insert(&mut entries, key, value) {
                return Err(self.err(key_at, "duplicate map key"));
            }
        }
        Ok(Node::Map(entries))
    }
}

/// Reads a whole msgpack document (one value, nothing after it).
fn read_msgpack(bytes: &[u8]) -> Result<Doc, Error> {
    let mut reader = MsgReader { bytes, pos: 0 };
    let doc = reader.node(0)?;
    if reader.pos != bytes.len() {
        return Err(reader.err(reader.pos, "bytes after the end of the document"));
    }
    Ok(doc)
}

/// The value `msgpack::Document::writeToBlob` writes (a float as nil, as LLVM 14 does).
fn to_rmpv(doc: &Doc) -> rmpv::Value {
    match &doc.node {
        Node::Int(i) => rmpv::Value::from(*i),
        Node::UInt(u) => rmpv::Value::from(*u),
        Node::Nil | Node::Float(_) => rmpv::Value::Nil,
        Node::Bool(b) => rmpv::Value::Boolean(*b),
        Node::Str(s) => rmpv::Value::from(s.as_str()),
        Node::Array(items) => rmpv::Value::Array(items.iter().map(to_rmpv).collect()),
        Node::Map(entries) => rmpv::Value::Map(entries.iter().map(|(k, v)| (to_rmpv(k), to_rmpv(v))).collect()),
    }
}

// ---------------------------------------------------------------------------------------------
// YAML input

/// The YAML text with a char-index to byte-offset map (saphyr's spans count chars).
struct Source<'a> {
    text: &'a str,
    /// Byte offset of each char, then the length; `None` when the text is ASCII.
    offsets: Option<Vec<usize>>,
}

impl<'a> Source<'a> {
    fn new(text: &'a str) -> Self {
        let offsets = (!text.is_ascii()).then(|| text.char_indices().map(|(b, _)| b).chain([text.len()]).collect());
        Source { text, offsets }
    }

    fn byte(&self, char_index: usize) -> usize {
        match &self.offsets {
            None => char_index.min(self.text.len()),
            Some(map) => map.get(char_index).copied().unwrap_or(self.text.len()),
        }
    }

    fn slice(&self, span: &Span) -> &'a str {
        let (start, end) = (self.byte(span.start.index()), self.byte(span.end.index()));
        self.text.get(start..end.max(start)).unwrap_or("")
    }
}

/// The source text of a scalar past its properties (`!tag`, `&anchor`).
fn skip_properties(mut raw: &str) -> &str {
    const WS: [char; 4] = [' ', '\t', '\n', '\r'];
    while raw.starts_with(['!', '&']) {
        let end = raw.find(WS).unwrap_or(raw.len());
        raw = raw[end..].trim_start_matches(WS);
    }
    raw
}

/// `ScalarNode::unescapeDoubleQuoted`: YAML escapes, but a line break stays a line break
/// (LLVM does not fold double-quoted scalars) and an escaped one is dropped.
fn llvm_unescape_double(inner: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' | '\n' => {
                out.push('\n');
                if matches!(chars.peek(), Some('\r' | '\n')) {
                    chars.next();
                }
            }
            '\\' => {
                let e = chars.next()?;
                let hex = |chars: &mut std::iter::Peekable<std::str::Chars>, n: usize| {
                    let digits: String = chars.by_ref().take(n).collect();
                    let v = u32::from_str_radix(&digits, 16).unwrap_or(0xfffd);
                    char::from_u32(v).unwrap_or('\u{fffd}')
                };
                match e {
                    '\r' | '\n' => {
                        if matches!(chars.peek(), Some('\r' | '\n')) {
                            chars.next();
                        }
                    }
                    '0' => out.push('\0'),
                    'a' => out.push('\x07'),
                    'b' => out.push('\x08'),
                    't' | '\t' => out.push('\t'),
                    'n' => out.push('\n'),
                    'v' => out.push('\x0b'),
                    'f' => out.push('\x0c'),
                    'r' => out.push('\r'),
                    'e' => out.push('\x1b'),
                    ' ' | '"' | '/' | '\\' => out.push(e),
                    'N' => out.push('\u{85}'),
                    '_' => out.push('\u{a0}'),
                    'L' => out.push('\u{2028}'),
                    'P' => out.push('\u{2029}'),
                    'x' => out.push(hex(&mut chars, 2)),
                    'u' => out.push(hex(&mut chars, 4)),
                    'U' => out.push(hex(&mut chars, 8)),
                    _ => return None,
                }
            }
            c => out.push(c),
        }
    }
    Some(out)
}

/// The value of a `>` block scalar as LLVM reads it: like `|` (LLVM does not fold). Found by
/// parsing the text again with the indicator (the first `>` after the previous event) made
/// a `|`.
fn unfolded_block(src: &Source, search_from: usize, span: &Span) -> Option<String> {
    let from = src.byte(search_from);
    let at = from + src.text.get(from..)?.find('>')?;
    let mut text = src.text.to_string();
    text.replace_range(at..at + 1, "|");
    let mut parser = Parser::new_from_str(&text);
    while let Some(Ok((event, s))) = parser.next_event() {
        if let Event::Scalar(value, ScalarStyle::Literal, ..) = event {
            if s.start.index() == span.start.index() {
                return Some(value.into_owned());
            }
        }
    }
    None
}

/// A scalar's text as LLVM's YAML parser gives it (see [`llvm_unescape_double`] and
/// [`unfolded_block`]); saphyr's value where the two agree (any single-line scalar).
fn llvm_scalar_text(
    src: &Source,
    value: &str,
    style: ScalarStyle,
    span: &Span,
    prev_end: usize,
) -> Result<String, YamlError> {
    if style == ScalarStyle::Folded {
        return Ok(unfolded_block(src, prev_end, span).unwrap_or_else(|| value.to_string()));
    }
    if span.start.line() == span.end.line() || style == ScalarStyle::Literal {
        return Ok(value.to_string());
    }
    let raw = skip_properties(src.slice(span));
    let quoted_inner = |q: char| raw.strip_prefix(q).and_then(|r| r.strip_suffix(q));
    Ok(match style {
        ScalarStyle::Plain => raw.trim_end_matches(['\n', '\r', ' ', '\t']).to_string(),
        ScalarStyle::SingleQuoted => match quoted_inner('\'') {
            Some(inner) => inner.replace("''", "'"),
            None => value.to_string(),
        },
        ScalarStyle::DoubleQuoted => match quoted_inner('"') {
            Some(inner) => {
                llvm_unescape_double(inner).ok_or_else(|| yaml_err(span.start.line(), "Unrecognized escape code"))?
            }
            None => value.to_string(),
        },
        _ => value.to_string(),
    })
}

/// A collection being read.
enum Frame {
    Seq(Vec<Doc>, usize),
    /// Entries, the key waiting for its value, the line.
    Map(Vec<(Doc, Doc)>, Option<Doc>, usize),
}

/// Builds LLVM's document from saphyr's events, reading only the first YAML document.
struct Builder<'a> {
    src: Source<'a>,
    stack: Vec<Frame>,
    root: Option<Doc>,
}

impl Builder<'_> {
    /// Whether the next node is a map key (LLVM wants scalar keys).
    fn expecting_key(&self) -> bool {
        matches!(self.stack.last(), Some(Frame::Map(_, None, _)))
    }

    fn attach(&mut self, doc: Doc) {
        match self.stack.last_mut() {
            None => self.root = Some(doc),
            Some(Frame::Seq(items, _)) => items.push(doc),
            Some(Frame::Map(entries, pending, _)) => match pending.take() {
                None => *pending = Some(doc),
                Some(key) => {
                    map_insert(entries, key, doc);
                }
            },
        }
    }

    fn start(&mut self, frame: Frame, line: usize) -> Result<(), YamlError> {
        if self.expecting_key() {
            return Err(yaml_err(line, "Map key must be a scalar"));
        }
        if self.stack.len() >= MAX_DEPTH {
            return Err(yaml_err(line, "nested too deeply"));
        }
        self.stack.push(frame);
        Ok(())
    }

    fn end(&mut self) {
        let doc = match self.stack.pop() {
            Some(Frame::Seq(items, line)) => Doc {
                node: Node::Array(items),
                line,
            },
            Some(Frame::Map(entries, _, line)) => Doc {
                node: Node::Map(entries),
                line,
            },
            None => return,
        };
        self.attach(doc);
    }

    fn scalar(
        &mut self,
        value: &str,
        style: ScalarStyle,
        tag: Option<&saphyr_parser::Tag>,
        span: &Span,
        prev_end: usize,
    ) -> Result<(), YamlError> {
        let line = span.start.line();
        let text = llvm_scalar_text(&self.src, value, style, span, prev_end)?;
        // LLVM's parser makes a null node of an empty plain scalar (even a tagged one).
        let empty = style == ScalarStyle::Plain && text.is_empty();
        let tag = match tag {
            Some(t) if t.handle.is_empty() => {
                return Err(yaml_err(line, format!("Unknown tag handle !<{}>", t.suffix)))
            }
            Some(t) => format!("{}{}", t.handle, t.suffix),
            None => String::new(),
        };
        let node = if self.expecting_key() {
            if empty {
                return Err(yaml_err(line, "Map key must be a scalar"));
            }
            from_string(&text, "").map_err(|m| yaml_err(line, m))?
        } else if empty {
            Node::Array(Vec::new())
        } else {
            from_string(&text, &tag).map_err(|m| yaml_err(line, m))?
        };
        self.attach(Doc { node, line });
        Ok(())
    }
}

/// saphyr's error with its line; a tab is reported on its own line (saphyr names the line
/// of the plain scalar before it).
fn scan_error(src: &Source, e: &saphyr_parser::ScanError) -> YamlError {
    let mut line = e.marker().line();
    if e.info().contains("tab") {
        let from = src.byte(e.marker().index());
        if let Some(at) = src.text.get(from..).and_then(|t| t.find('\t')) {
            line += src.text[from..from + at].matches('\n').count();
        }
    }
    yaml_err(line, e.info())
}

/// Reads YAML into LLVM's document (`msgpack::Document::fromYAML`).
fn parse_yaml(text: &str) -> Result<Doc, YamlError> {
    let mut b = Builder {
        src: Source::new(text),
        stack: Vec::new(),
        root: None,
    };
    let mut parser = Parser::new_from_str(text);
    let mut prev_end = 0;
    let mut explicit_end = false;
    while let Some(next) = parser.next_event() {
        let (event, span) = next.map_err(|e| scan_error(&b.src, &e))?;
        let line = span.start.line();
        match event {
            Event::DocumentEnd if b.root.is_some() => {
                explicit_end = span.end.index() > span.start.index();
                break;
            }
            Event::StreamEnd => break,
            Event::Alias(_) => return Err(yaml_err(line, "unknown node kind (aliases are not supported)")),
            Event::Scalar(value, style, _, tag) => b.scalar(&value, style, tag.as_deref(), &span, prev_end)?,
            Event::SequenceStart(..) => b.start(Frame::Seq(Vec::new(), line), line)?,
            Event::MappingStart(..) => b.start(Frame::Map(Vec::new(), None, line), line)?,
            Event::SequenceEnd | Event::MappingEnd => b.end(),
            _ => {}
        }
        prev_end = span.end.index();
    }
    if !explicit_end {
        trailing_tab(text)?;
    }
    b.root.ok_or_else(|| yaml_err(1, "no YAML document"))
}

/// LLVM rejects a document that ends (no `...`) in a last line of blanks with a tab, as
/// llvm-mc's text does when `.end_amdgpu_metadata` is indented with a tab.
fn trailing_tab(text: &str) -> Result<(), YamlError> {
    let last = text.rsplit('\n').next().unwrap_or("");
    if last.contains('\t') && last.trim_matches([' ', '\t']).is_empty() {
        let line = text.matches('\n').count() + 1;
        return Err(yaml_err(line, "Found invalid tab character in indentation"));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The metadata verifier (AMDGPU::HSAMD::V3::MetadataVerifier, non-strict)

/// What a known key must hold.
#[derive(Clone, Copy)]
enum Check {
    /// A string, from the list if one is given.
    Str(Option<&'static [&'static str]>),
    Int,
    Bool,
    /// An array of integers, of this length if one is given.
    Ints(Option<usize>),
    /// An array of strings (`amdhsa.printf`).
    Strs,
    Args,
    Kernels,
}

const VALUE_KINDS: &[&str] = &[
    "by_value",
    "global_buffer",
    "dynamic_shared_pointer",
    "sampler",
    "image",
    "pipe",
    "queue",
    "hidden_block_count_x",
    "hidden_block_count_y",
    "hidden_block_count_z",
    "hidden_group_size_x",
    "hidden_group_size_y",
    "hidden_group_size_z",
    "hidden_remainder_x",
    "hidden_remainder_y",
    "hidden_remainder_z",
    "hidden_global_offset_x",
    "hidden_global_offset_y",
    "hidden_global_offset_z",
    "hidden_grid_dims",
    "hidden_none",
    "hidden_printf_buffer",
    "hidden_hostcall_buffer",
    "hidden_default_queue",
    "hidden_completion_action",
    "hidden_multigrid_sync_arg",
    "hidden_private_base",
    "hidden_shared_base",
    "hidden_queue_ptr",
];
/// Value kinds later LLVMs write (clang-15's code object v5: `hidden_heap_v1`; LLVM 17's
/// `hidden_dynamic_lds_size`): gcnkit takes them, llvm-mc 14 does not (the disassembler says
/// so above such a block).
pub const LATER_VALUE_KINDS: &[&str] = &["hidden_heap_v1", "hidden_dynamic_lds_size"];
const ADDRESS_SPACES: &[&str] = &["private", "global", "constant", "local", "generic", "region"];
const ACCESSES: &[&str] = &["read_only", "write_only", "read_write"];
const LANGUAGES: &[&str] = &["OpenCL C", "OpenCL C++", "HCC", "HIP", "OpenMP", "Assembler"];

/// The keys of a kernel argument: name, required, check (LLVM 14's order).
const ARG_KEYS: &[(&str, bool, Check)] = &[
    (".name", false, Check::Str(None)),
    (".type_name", false, Check::Str(None)),
    (".size", true, Check::Int),
    (".offset", true, Check::Int),
    (".value_kind", true, Check::Str(Some(VALUE_KINDS))),
    (".pointee_align", false, Check::Int),
    (".address_space", false, Check::Str(Some(ADDRESS_SPACES))),
    (".access", false, Check::Str(Some(ACCESSES))),
    (".actual_access", false, Check::Str(Some(ACCESSES))),
    (".is_const", false, Check::Bool),
    (".is_restrict", false, Check::Bool),
    (".is_volatile", false, Check::Bool),
    (".is_pipe", false, Check::Bool),
];

/// The keys of a kernel.
const KERNEL_KEYS: &[(&str, bool, Check)] = &[
    (".name", true, Check::Str(None)),
    (".symbol", true, Check::Str(None)),
    (".language", false, Check::Str(Some(LANGUAGES))),
    (".language_version", false, Check::Ints(Some(2))),
    (".args", false, Check::Args),
    (".reqd_workgroup_size", false, Check::Ints(Some(3))),
    (".workgroup_size_hint", false, Check::Ints(Some(3))),
    (".vec_type_hint", false, Check::Str(None)),
    (".device_enqueue_symbol", false, Check::Str(None)),
    (".kernarg_segment_size", true, Check::Int),
    (".group_segment_fixed_size", true, Check::Int),
    (".private_segment_fixed_size", true, Check::Int),
    (".kernarg_segment_align", true, Check::Int),
    (".wavefront_size", true, Check::Int),
    (".sgpr_count", true, Check::Int),
    (".vgpr_count", true, Check::Int),
    (".max_flat_workgroup_size", true, Check::Int),
    (".sgpr_spill_count", false, Check::Int),
    (".vgpr_spill_count", false, Check::Int),
];

/// The keys of the document.
const ROOT_KEYS: &[(&str, bool, Check)] = &[
    ("amdhsa.version", true, Check::Ints(Some(2))),
    ("amdhsa.printf", false, Check::Strs),
    ("amdhsa.kernels", true, Check::Kernels),
];

/// `verifyScalar`: the node has the kind, or is a string that reads as that kind untagged
/// (then it becomes that scalar, as in LLVM).
fn coerce(doc: &mut Doc, want: Kind) -> bool {
    if doc.node.kind() == want {
        return true;
    }
    let Node::Str(text) = &doc.node else { return false };
    let Ok(node) = from_string(text, "") else { return false };
    doc.node = node;
    doc.node.kind() == want
}

/// `verifyInteger`: a uint or an int.
fn coerce_int(doc: &mut Doc) -> bool {
    coerce(doc, Kind::UInt) || coerce(doc, Kind::Int)
}

fn check_node(doc: &mut Doc, key: &str, check: Check) -> Result<(), YamlError> {
    let line = doc.line;
    let bad = |what: String| Err(yaml_err(line, format!("invalid HSA metadata: `{key}` {what}")));
    match check {
        Check::Int if !coerce_int(doc) => bad("must be an integer".into()),
        Check::Bool if !coerce(doc, Kind::Bool) => bad("must be a boolean".into()),
        Check::Int | Check::Bool => Ok(()),
        Check::Str(values) => {
            if !coerce(doc, Kind::Str) {
                return bad("must be a string".into());
            }
            match (&doc.node, values) {
                (Node::Str(s), Some(list))
                    if !(list.contains(&s.as_str())
                        || key == ".value_kind" && LATER_VALUE_KINDS.contains(&s.as_str())) =>
                {
                    bad(format!("must be one of: {}", list.join(", ")))
                }
                _ => Ok(()),
            }
        }
        Check::Ints(len) => {
            let Node::Array(items) = &mut doc.node else {
                return bad("must be an array".into());
            };
            if let Some(n) = len.filter(|&n| n != items.len()) {
                return bad(format!("must have {n} entries"));
            }
            check_items(items, key, "integers", coerce_int)
        }
        Check::Strs => {
            let Node::Array(items) = &mut doc.node else {
                return bad("must be an array".into());
            };
            check_items(items, key, "strings", |item| coerce(item, Kind::Str))
        }
        Check::Args | Check::Kernels => {
            let Node::Array(items) = &mut doc.node else {
                return bad("must be an array".into());
            };
            let keys = if matches!(check, Check::Args) {
                ARG_KEYS
            } else {
                KERNEL_KEYS
            };
            items.iter_mut().try_for_each(|item| check_map(item, key, keys))
        }
    }
}

/// Checks (and coerces) every entry of an array of scalars.
fn check_items(items: &mut [Doc], key: &str, what: &str, ok: impl Fn(&mut Doc) -> bool) -> Result<(), YamlError> {
    for item in items {
        if !ok(item) {
            let message = format!("invalid HSA metadata: `{key}` entries must be {what}");
            return Err(yaml_err(item.line, message));
        }
    }
    Ok(())
}

/// Checks the known keys of a map (other keys are free).
fn check_map(doc: &mut Doc, what: &str, keys: &[(&str, bool, Check)]) -> Result<(), YamlError> {
    let line = doc.line;
    let Node::Map(entries) = &mut doc.node else {
        return Err(yaml_err(
            line,
            format!("invalid HSA metadata: `{what}` entries must be maps"),
        ));
    };
    for &(key, required, check) in keys {
        let entry = entries
            .iter_mut()
            .find(|(k, _)| matches!(&k.node, Node::Str(s) if s == key));
        match entry {
            Some((_, value)) => check_node(value, key, check)?,
            None if required => return Err(yaml_err(line, format!("invalid HSA metadata: missing `{key}`"))),
            None => {}
        }
    }
    Ok(())
}

/// `MetadataVerifier::verify` (non-strict), as llvm-mc runs it on `.amdgpu_metadata`.
fn verify(root: &mut Doc) -> Result<(), YamlError> {
    check_map(root, "document", ROOT_KEYS)
}

// ---------------------------------------------------------------------------------------------
// Public conversions

/// The YAML LLVM 14 prints for a code object v3+ metadata note (`NT_AMDGPU_METADATA` desc):
/// from `---` to `...` and its line break, exactly what clang -S writes between
/// `.amdgpu_metadata` and the blank line before `.end_amdgpu_metadata`.
pub fn msgpack_to_yaml(msgpack: &[u8]) -> Result<String, Error> {
    Ok(doc_to_yaml(&read_msgpack(msgpack)?))
}

/// The note desc llvm-mc-14 writes for `.amdgpu_metadata` with this YAML: parsed with LLVM's
/// scalar rules, checked (and coerced) by its verifier, written as its msgpack. For llvm-mc's
/// exact verdicts pass the text it collects: each line between the directives (without its
/// `;` comment) and a line break, then the blanks before `.end_amdgpu_metadata`.
pub fn yaml_to_msgpack(yaml: &str) -> Result<Vec<u8>, YamlError> {
    let mut doc = parse_yaml(yaml)?;
    verify(&mut doc)?;
    let mut out = Vec::new();
    rmpv::encode::write_value(&mut out, &to_rmpv(&doc))
        .map_err(|e| yaml_err(1, format!("msgpack encoding failed: {e}")))?;
    Ok(out)
}

/// The metadata document as JSON for `disasm --format json`: maps become objects (keys as
/// LLVM prints them), arrays arrays, nil null, floats numbers (null if not finite).
pub fn metadata_json(msgpack: &[u8]) -> Result<serde_json::Value, Error> {
    Ok(doc_json(&read_msgpack(msgpack)?))
}

/// A YAML document (code object v2's `NT_AMD_HSA_METADATA`) as JSON, read with LLVM's scalar
/// rules and without the v3 verifier (the runner reads v2 kernel arguments from it).
pub fn yaml_json(yaml: &str) -> Result<serde_json::Value, YamlError> {
    Ok(doc_json(&parse_yaml(yaml)?))
}

fn doc_json(doc: &Doc) -> serde_json::Value {
    use serde_json::Value;
    match &doc.node {
        Node::Int(i) => Value::from(*i),
        Node::UInt(u) => Value::from(*u),
        Node::Nil => Value::Null,
        Node::Bool(b) => Value::Bool(*b),
        Node::Float(f) => serde_json::Number::from_f64(*f).map_or(Value::Null, Value::Number),
        Node::Str(s) => Value::String(s.clone()),
        Node::Array(items) => Value::Array(items.iter().map(doc_json).collect()),
        Node::Map(entries) => Value::Object(entries.iter().map(|(k, v)| (to_string(&k.node), doc_json(v))).collect()),
    }
}

// ---------------------------------------------------------------------------------------------
// Code object v2 notes

/// A code object v2 directive that makes llvm-mc 14 write a note (in directive order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum V2Directive {
    /// `.hsa_code_object_version MAJOR,MINOR`: note type 1, desc two u32.
    CodeObjectVersion { major: u32, minor: u32 },
    /// `.hsa_code_object_isa MAJOR,MINOR,STEPPING,"VENDOR","ARCH"`: note type 3, desc u16
    /// vendor size, u16 arch size (both counting a NUL), three u32, the two NUL-ended names.
    CodeObjectIsa {
        major: u32,
        minor: u32,
        stepping: u32,
        vendor: String,
        arch: String,
    },
    /// `.amd_amdgpu_isa "TARGET-ID"`: note type 11, desc the target id without NUL (llvm-mc
    /// accepts only its own target id, e.g. `amdgcn-amd-amdhsa--gfx901` for gfx900 with
    /// XNACK).
    AmdgpuIsa(String),
    /// `.amd_amdgpu_hsa_metadata` YAML `.end_amd_amdgpu_hsa_metadata`: note type 10, desc
    /// the YAML as LLVM re-prints it; kept as given, which is that form for what clang and
    /// gcnkit print (`---` to `...` and a line break).
    HsaMetadata(String),
}

impl V2Directive {
    /// The note (owner, type, desc) llvm-mc writes for this directive.
    pub fn note(&self) -> (&'static str, u32, Vec<u8>) {
        let mut desc = Vec::new();
        let kind = match self {
            V2Directive::CodeObjectVersion { major, minor } => {
                desc.extend_from_slice(&major.to_le_bytes());
                desc.extend_from_slice(&minor.to_le_bytes());
                NT_AMD_HSA_CODE_OBJECT_VERSION
            }
            V2Directive::CodeObjectIsa {
                major,
                minor,
                stepping,
                vendor,
                arch,
            } => {
                let size = |s: &str| u16::try_from(s.len() + 1).unwrap_or(u16::MAX).to_le_bytes();
                desc.extend_from_slice(&size(vendor));
                desc.extend_from_slice(&size(arch));
                for v in [major, minor, stepping] {
                    desc.extend_from_slice(&v.to_le_bytes());
                }
                for s in [vendor, arch] {
                    desc.extend_from_slice(s.as_bytes());
                    desc.push(0);
                }
                NT_AMD_HSA_ISA_VERSION
            }
            V2Directive::AmdgpuIsa(id) => {
                desc.extend_from_slice(id.as_bytes());
                NT_AMD_HSA_ISA_NAME
            }
            V2Directive::HsaMetadata(yaml) => {
                desc.extend_from_slice(yaml.as_bytes());
                NT_AMD_HSA_METADATA
            }
        };
        ("AMD", kind, desc)
    }

    /// The directive text as clang -S prints it (a tab, the directive, a line break).
    pub fn text(&self) -> String {
        match self {
            V2Directive::CodeObjectVersion { major, minor } => {
                format!("\t.hsa_code_object_version {major},{minor}\n")
            }
            V2Directive::CodeObjectIsa {
                major,
                minor,
                stepping,
                vendor,
                arch,
            } => {
                format!("\t.hsa_code_object_isa {major},{minor},{stepping},\"{vendor}\",\"{arch}\"\n")
            }
            V2Directive::AmdgpuIsa(id) => format!("\t.amd_amdgpu_isa \"{id}\"\n"),
            V2Directive::HsaMetadata(yaml) => {
                format!("\t.amd_amdgpu_hsa_metadata\n{yaml}\n\t.end_amd_amdgpu_hsa_metadata\n")
            }
        }
    }

    /// The directive that wrote a v2 note, if one did (checked by writing it back).
    pub fn from_note(note: &Note) -> Result<V2Directive, Error> {
        let bad = |what: &str| {
            Error(format!(
                "note {} type {} at offset {}: {what}",
                note.name, note.kind, note.offset
            ))
        };
        if note.name != "AMD" {
            return Err(bad("not a code object v2 note"));
        }
        let d = &note.desc;
        let word = |i: usize| le32(d, i).ok_or_else(|| bad("desc too short"));
        let directive = match note.kind {
            NT_AMD_HSA_CODE_OBJECT_VERSION => V2Directive::CodeObjectVersion {
                major: word(0)?,
                minor: word(4)?,
            },
            NT_AMD_HSA_ISA_VERSION => {
                let half = |i: usize| d.get(i..i + 2).map(|h| usize::from(u16::from_le_bytes([h[0], h[1]])));
                let (vendor_size, arch_size) = half(0).zip(half(2)).ok_or_else(|| bad("desc too short"))?;
                let name = |at: usize, size: usize| -> Result<String, Error> {
                    let bytes = d.get(at..at + size).ok_or_else(|| bad("desc too short"))?;
                    let text = bytes.strip_suffix(&[0]).ok_or_else(|| bad("name not NUL-terminated"))?;
                    directive_string(text).ok_or_else(|| bad("name cannot be a directive string"))
                };
                V2Directive::CodeObjectIsa {
                    major: word(4)?,
                    minor: word(8)?,
                    stepping: word(12)?,
                    vendor: name(16, vendor_size)?,
                    arch: name(16 + vendor_size, arch_size)?,
                }
            }
            NT_AMD_HSA_ISA_NAME => V2Directive::AmdgpuIsa(
                directive_string(d).ok_or_else(|| bad("target id cannot be a directive string"))?,
            ),
            NT_AMD_HSA_METADATA => {
                let text = std::str::from_utf8(d).map_err(|_| bad("metadata is not UTF-8"))?;
                if !text.starts_with("---") || !text.ends_with("...\n") {
                    return Err(bad("metadata is not a YAML document from `---` to `...`"));
                }
                V2Directive::HsaMetadata(text.to_string())
            }
            _ => return Err(bad("no directive writes this note")),
        };
        let (_, kind, desc) = directive.note();
        if kind != note.kind || &desc != d {
            return Err(bad("desc is not what its directive writes"));
        }
        Ok(directive)
    }
}

/// Text that can sit between the quotes of a directive as is (LLVM prints it raw).
fn directive_string(bytes: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(bytes).ok()?;
    let plain = text.chars().all(|c| (' '..='~').contains(&c) && c != '"' && c != '\\');
    plain.then(|| text.to_string())
}

/// The directives that write these notes, as clang -S prints them (each a tab, the
/// directive and a line break; clang puts the v2 ones in two places of its output, here they
/// are together, in note order). Code object v3+ (`version` >= 3): the `.amdgpu_metadata`
/// block; v2: see [`V2Directive`]. An error names a note no directive can write back
/// byte-exactly (its offset in the section).
pub fn notes_directives(notes: &[Note], version: u8) -> Result<String, Error> {
    let mut out = String::new();
    for note in notes {
        if version >= 3 {
            out.push_str(&metadata_directive(note)?);
        } else {
            out.push_str(&V2Directive::from_note(note)?.text());
        }
    }
    Ok(out)
}

/// The `.amdgpu_metadata` block of a v3+ note, if reading it back gives its bytes.
fn metadata_directive(note: &Note) -> Result<String, Error> {
    let at = note.offset;
    if note.name != "AMDGPU" || note.kind != NT_AMDGPU_METADATA {
        return Err(Error(format!(
            "note {} type {} at offset {at}: no code object v3+ directive writes it",
            note.name, note.kind
        )));
    }
    let yaml = msgpack_to_yaml(&note.desc).map_err(|e| Error(format!("metadata note at offset {at}: {e}")))?;
    match yaml_to_msgpack(&yaml) {
        Ok(bytes) if bytes == note.desc => {
            let later: Vec<&str> = LATER_VALUE_KINDS
                .iter()
                .copied()
                .filter(|k| {
                    yaml.contains(&format!(".value_kind:     {k}")) || yaml.contains(&format!(".value_kind: {k}"))
                })
                .collect();
            let note = if later.is_empty() {
                String::new()
            } else {
                format!(
                    "/* the metadata names {} (LLVM 15+'s value kinds): gcnkit assembles it, llvm-mc 14 does not */\n",
                    later.join(", ")
                )
            };
            Ok(format!("{note}\t.amdgpu_metadata\n{yaml}\n\t.end_amdgpu_metadata\n"))
        }
        Ok(_) => Err(Error(format!(
            "metadata note at offset {at}: not in llvm-mc's form (map order, int widths or \
             floats), its YAML would assemble to other bytes"
        ))),
        Err(e) => Err(Error(format!(
            "metadata note at offset {at}: llvm-mc would reject it: {e}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    //! Small cases; every expected value here was read off an llvm-mc-14 run (its object's
    //! note bytes, or its `-filetype=asm` re-print of the YAML) unless said otherwise.
    use super::*;

    /// The msgpack of a YAML document, without the HSA verifier (so any document goes).
    fn mp(yaml: &str) -> Vec<u8> {
        let doc = parse_yaml(yaml).unwrap_or_else(|e| panic!("{yaml:?}: {e}"));
        let mut out = Vec::new();
        rmpv::encode::write_value(&mut out, &to_rmpv(&doc)).unwrap();
        out
    }

    /// The YAML llvm-mc's asm streamer prints back for a document (before floats become
    /// nil in the object).
    fn reprint(yaml: &str) -> String {
        doc_to_yaml(&parse_yaml(yaml).unwrap_or_else(|e| panic!("{yaml:?}: {e}")))
    }

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn untagged_scalars_take_llvm_types() {
        let cases: &[(&str, &str)] = &[
            ("'1'", "01"),
            ("-5", "fb"),
            ("0x10", "10"),
            ("0X1f", "1f"),
            ("010", "08"),
            ("0b101", "05"),
            ("0B11", "03"),
            ("0o17", "0f"),
            ("-0", "00"),
            ("\"-3\"", "fd"),
            ("!int -0x10", "f0"),
            ("y", "c3"),
            ("Yes", "c3"),
            ("on", "c3"),
            ("True", "c3"),
            ("OFF", "c2"),
            ("N", "c2"),
            ("oN", "a2 6f 4e"),
            ("null", "a4 6e 75 6c 6c"),
            ("~", "a1 7e"),
            ("0x", "a2 30 78"),
            ("1_000", "a5 31 5f 30 30 30"),
            // Floats (1.5, 08, +5, '', 1e400, too big for 64 bits) are written as nil.
            ("1.5", "c0"),
            ("08", "c0"),
            ("+5", "c0"),
            ("''", "c0"),
            ("18446744073709551616", "c0"),
            ("18446744073709551615", "cf ff ff ff ff ff ff ff ff"),
            ("-9223372036854775808", "d3 80 00 00 00 00 00 00 00"),
            ("-9223372036854775809", "c0"),
            ("!str 1", "a1 31"),
            ("!!str 1", "01"),
            ("!!int 5", "a1 35"),
            ("!foo 5", "a1 35"),
            ("!nil abc", "c0"),
            ("!str ''", "a0"),
        ];
        for (text, want) in cases {
            let got = mp(&format!("x: {text}\n"));
            // 81 a1 78: a map of one entry, key "x".
            assert_eq!(hex(&got[3..]), *want, "{text}");
        }
    }

    #[test]
    fn forced_types_that_do_not_parse_are_errors() {
        for (text, message) in [
            ("!int abc", "invalid number"),
            ("!int 1.5", "invalid number"),
            ("!bool 1", "invalid boolean"),
            ("!float abc", "invalid floating point number"),
        ] {
            let e = parse_yaml(&format!("a: 1\nx: {text}\n")).unwrap_err();
            assert_eq!((e.line, e.message.as_str()), (2, message), "{text}");
        }
    }

    #[test]
    fn integers_take_the_smallest_form() {
        let yaml = "x: [ 127, 128, 255, 256, 65535, 65536, 4294967295, 4294967296, -32, -33, \
                    -128, -129, -32768, -32769, -2147483648, -2147483649 ]\n";
        assert_eq!(
            hex(&mp(yaml)[3..]),
            "dc 00 10 7f cc 80 cc ff cd 01 00 cd ff ff ce 00 01 00 00 ce ff ff ff ff cf 00 00 \
             00 01 00 00 00 00 e0 d0 df d0 80 d1 ff 7f d1 80 00 d2 ff ff 7f ff d2 80 00 00 00 \
             d3 ff ff ff ff 7f ff ff ff"
        );
    }

    #[test]
    fn map_keys_sort_by_kind_then_value() {
        let yaml = "x: { b: 1, 1: 2, true: 3, a: 4, -1: 5, 0: 6, 'B': 7, aa: 8, 1.5: 9 }\n";
        assert_eq!(
            hex(&mp(yaml)[3..]),
            "89 ff 05 00 06 01 02 c3 03 c0 09 a1 42 07 a1 61 04 a2 61 61 08 a1 62 01"
        );
        assert_eq!(
            reprint(yaml),
            "---\nx:\n  -1:              5\n  0:               6\n  1:               2\n  \
             true:            3\n  1.500000e+00:    9\n  B:               7\n  a:               \
             4\n  aa:              8\n  b:               1\n...\n"
        );
        // A later duplicate wins; an empty value is an empty array; `y` as a key is `true`.
        assert_eq!(hex(&mp("x: { a: 1, a: 2 }\n")[3..]), "81 a1 61 02");
        assert_eq!(hex(&mp("x:\nz: 1\n")), "82 a1 78 90 a1 7a 01");
        assert_eq!(hex(&mp("y: 1\n")), "81 c3 01");
    }

    #[test]
    fn strings_use_fixstr_then_str8() {
        let s31 = "abcdefghijklmnopqrstuvwxyzABCDE";
        assert_eq!(mp(&format!("x: {s31}\n"))[3], 0xbf);
        let s32 = mp(&format!("x: {s31}F\n"));
        assert_eq!(&s32[3..5], &[0xd9, 0x20]);
    }

    #[test]
    fn multi_line_scalars_keep_their_line_breaks() {
        assert_eq!(hex(&mp("x: ab\n  cd\n")[3..]), "a7 61 62 0a 20 20 63 64");
        assert_eq!(hex(&mp("x: 'a\n\n  b'\n")[3..]), "a6 61 0a 0a 20 20 62");
        assert_eq!(hex(&mp("x: \"a\n  b\"\n")[3..]), "a5 61 0a 20 20 62");
        assert_eq!(hex(&mp("x: \"a \\\n  b\"\n")[3..]), "a5 61 20 20 20 62");
        assert_eq!(hex(&mp("x: >-\n  ab\n  cd\n")[3..]), "a5 61 62 0a 63 64");
        assert_eq!(hex(&mp("x: >\n  a\n\n  b\n\nz: 1\n")[3..8]), "a5 61 0a 0a 62");
        assert_eq!(hex(&mp("x: |+\n  a\n\nz: 1\n")[3..7]), "a3 61 0a 0a");
        assert_eq!(hex(&mp("x: \"\\x41\\u00e9\\N\"\n")[3..]), "a5 41 c3 a9 c2 85");
    }

    #[test]
    fn printed_strings_are_quoted_and_tagged_as_llvm_does() {
        let cases: &[(&str, &str)] = &[
            (" a", "' a'"),
            ("null", "'null'"),
            ("~", "'~'"),
            ("true", "!str 'true'"),
            ("yes", "!str yes"),
            ("y", "!str y"),
            ("-a", "'-a'"),
            ("a:b", "'a:b'"),
            ("a,b", "a,b"),
            ("a/b", "'a/b'"),
            ("a^b", "a^b"),
            ("1.5", "!str '1.5'"),
            ("1e5", "!str '1e5'"),
            ("0x1F", "!str '0x1F'"),
            ("0o8", "0o8"),
            ("+1", "!str '+1'"),
            ("-1", "!str '-1'"),
            (".inf", "'.inf'"),
            ("1_000", "1_000"),
            ("a\tb", "a\tb"),
            ("a\nb", "\"a\\nb\""),
            ("\u{7f}", "\"\u{7f}\""),
            ("\u{e9}", "\"\u{e9}\""),
            ("\u{1}", "\"\\x01\""),
            ("a'b", "'a''b'"),
            ("OpenCL C++", "'OpenCL C++'"),
            ("OpenCL C", "OpenCL C"),
            ("float*", "'float*'"),
            ("\u{2028}", "\"\\L\""),
            ("\u{a0}", "\"\\_\""),
            ("\u{85}", "\"\\N\""),
            ("-", "'-'"),
            (".", "."),
            ("1.e5", "!str '1.e5'"),
            ("5e+", "'5e+'"),
            ("0.5e", "0.5e"),
            ("\u{1b}", "\"\\e\""),
            ("\0a", "!str \"\\0a\""),
            ("\u{feff}", "\"\\uFEFF\""),
            ("a\u{1f600}b", "\"a\u{1f600}b\""),
            ("", "!str ''"),
        ];
        for (s, want) in cases {
            let doc = Doc {
                node: Node::Map(vec![(
                    Doc {
                        node: Node::Str("x".into()),
                        line: 0,
                    },
                    Doc {
                        node: Node::Str(s.to_string()),
                        line: 0,
                    },
                )]),
                line: 0,
            };
            assert_eq!(
                doc_to_yaml(&doc),
                format!("---\nx:               {want}\n...\n"),
                "{s:?}"
            );
        }
        assert_eq!(reprint("x: !nil\n  ''\n"), "---\nx:               !nil ''\n...\n");
    }

    #[test]
    fn floats_print_as_percent_e() {
        let yaml = "x: [ !float 1, 1.5e300, 1e-40, .5, 'inf', nan, -inf, 0x1p3, 1., 2.5E+3 ]\n";
        assert_eq!(
            reprint(yaml),
            "---\nx:\n  - 1.000000e+00\n  - 1.500000e+300\n  - 1.000000e-40\n  - 5.000000e-01\n  \
             - INF\n  - nan\n  - -INF\n  - 8.000000e+00\n  - 1.000000e+00\n  - 2.500000e+03\n...\n"
        );
        // Not from the oracle: glibc's printf("%.6e") of these (ties round to even).
        assert_eq!(format_e6(0.00048828125), "4.882812e-04");
        assert_eq!(format_e6(-0.0), "-0.000000e+00");
    }

    #[test]
    fn layout_follows_yaml_output() {
        let yaml = "x:\n  - [1, [2, 3], [], {}]\n  - {a: [], b: {}, c: {d: [1]}, e: [{f: 1, g: [2]}, {}]}\n  \
                    - []\n  - {}\n  - [[[1]]]\n  - [{}]\nz: {k: {}}\nabcdefghijklmnop: 1\n";
        assert_eq!(
            reprint(yaml),
            "---\nabcdefghijklmnop: 1\nx:\n    - 1\n      - 2\n      - 3\n[]\n    - {}\n  \
             - a:               []\n    b:               {}\n    c:\n      d:\n        - 1\n    \
             e:\n      - f:               1\n        g:\n          - 2\n      - {}\n[]\n  - {}\n        \
             - 1\n    - {}\nz:\n  k:               {}\n...\n"
        );
    }

    const KERNEL: &str = "---\namdhsa.kernels:\n  - .args:\n      - .address_space:  global\n        \
        .offset:         0\n        .size:           8\n        .value_kind:     global_buffer\n    \
        .group_segment_fixed_size: 0\n    .kernarg_segment_align: 8\n    .kernarg_segment_size: 8\n    \
        .max_flat_workgroup_size: 256\n    .name:           k\n    .private_segment_fixed_size: 0\n    \
        .sgpr_count:     1\n    .symbol:         k.kd\n    .vgpr_count:     1\n    \
        .wavefront_size: 64\namdhsa.version:\n  - 1\n  - 1\n...\n";

    #[test]
    fn the_verifier_checks_and_coerces_known_keys() {
        assert!(yaml_to_msgpack(KERNEL).is_ok());
        let with = |from: &str, to: &str| {
            assert!(KERNEL.contains(from), "{from}");
            yaml_to_msgpack(&KERNEL.replacen(from, to, 1))
        };
        let offset = ".offset:         0";
        // A `!str` string becomes the number llvm-mc wants; quoting alone changes nothing.
        assert_eq!(
            with(offset, ".offset: !str 0").unwrap(),
            yaml_to_msgpack(KERNEL).unwrap()
        );
        let minus3 = with(offset, ".offset: !str \"-3\"").unwrap();
        assert_eq!(minus3, with(offset, ".offset: \"-3\"").unwrap());
        assert!(minus3.windows(9).any(|w| w == b"\xa7.offset\xfd"));
        for bad in [
            ".offset: abc",
            ".offset: true",
            ".offset: 1.5",
            ".offset: !str 1.5",
            ".offsetx: 0",
        ] {
            let e = with(offset, bad).unwrap_err();
            assert!(e.message.contains("invalid HSA metadata"), "{bad}: {e}");
        }
        assert_eq!(with(offset, ".offset: abc").unwrap_err().line, 5);
        assert!(with("k\n", "123\n").is_err());
        assert!(with("k\n", "!str 123\n").is_ok());
        assert!(with("global\n", "region\n").is_ok());
        assert!(with("global\n", "foo\n").is_err());
        assert!(with("global_buffer", "hidden_queue_ptr").is_ok());
        // LLVM 15+'s kinds are taken (llvm-mc 14 refuses them); an unknown one is not.
        assert!(with("global_buffer", "hidden_heap_v1").is_ok());
        assert!(with("global_buffer", "hidden_heap_v2").is_err());
        let sgpr = "    .sgpr_count:     1\n";
        assert_eq!(with(sgpr, "").unwrap_err().line, 3);
        assert!(with(sgpr, "    .sgpr_count: 1\n    .is_x: [1]\n").is_ok());
        assert!(with(sgpr, "    .sgpr_count: 1\n    .reqd_workgroup_size: [1, 2]\n").is_err());
        assert!(with(sgpr, "    .sgpr_count: 1\n    .reqd_workgroup_size: [1, 2, -3]\n").is_ok());
        assert!(with(sgpr, "    .sgpr_count: 1\n    .language: 'OpenCL C++'\n").is_ok());
        assert!(with(sgpr, "    .sgpr_count: 1\n    .args: {}\n").is_err());
        assert!(with(sgpr, "    .sgpr_count: 1\n    .vgpr_spill_count: -1\n").is_ok());
        let size = "        .size:           8\n";
        assert!(with(size, "        .size: 8\n        .is_const: 1\n").is_err());
        assert!(with(size, "        .size: 8\n        .is_const: !str true\n").is_ok());
        assert!(with(size, "        .size: 8\n        .is_const: !str 1\n").is_err());
        assert!(with(size, "        .size: 8\n        .access: none\n").is_err());
        assert!(with("amdhsa.version:\n", "amdhsa.printf: [1]\namdhsa.version:\n").is_err());
        assert!(with("amdhsa.version:\n", "amdhsa.printf: [!str 1]\namdhsa.version:\n").is_ok());
    }

    #[test]
    fn yaml_errors_name_their_line() {
        let cases = [
            ("a:\n\t- 1\n", 2),
            ("a: 1\nb: \"abc\nc: 2\n", 2),
            ("a:\n  b: 1\n c: 2\n", 3),
            ("a: 1\nb: &x 1\nc: *x\n", 3),
            ("a: 1\nb: \"\\q\"\n", 2),
        ];
        for (yaml, line) in cases {
            let e = yaml_to_msgpack(yaml).unwrap_err();
            assert_eq!(e.line, line, "{yaml:?}: {e}");
        }
    }

    #[test]
    fn notes_are_padded_to_four_bytes() {
        // Not from the oracle: the ELF note layout (name "AMDGPU\0" + 1 byte, desc + 3 bytes).
        let section = note_section(&[("AMDGPU", 32, &[0x80]), ("AMD", 1, &[1, 2, 3, 4, 5])]);
        assert_eq!(section.len(), 12 + 8 + 4 + 12 + 4 + 8);
        let notes = parse_notes(&section).unwrap();
        assert_eq!(notes.len(), 2);
        assert_eq!(
            (notes[0].name.as_str(), notes[0].kind, notes[0].offset),
            ("AMDGPU", 32, 0)
        );
        assert_eq!(
            (notes[1].name.as_str(), notes[1].desc.as_slice(), notes[1].offset),
            ("AMD", &[1u8, 2, 3, 4, 5][..], 24)
        );
        let e = parse_notes(&section[..30]).unwrap_err();
        assert!(e.0.contains("offset 24"), "{e}");
    }

    #[test]
    fn v2_notes_that_no_directive_writes_are_errors() {
        let isa = V2Directive::CodeObjectIsa {
            major: 9,
            minor: 0,
            stepping: 1,
            vendor: "AMD".into(),
            arch: "AMDGPU".into(),
        };
        let (name, kind, desc) = isa.note();
        let note = |name: &str, kind: u32, desc: &[u8]| Note {
            name: name.into(),
            kind,
            desc: desc.to_vec(),
            offset: 28,
        };
        assert_eq!(V2Directive::from_note(&note(name, kind, &desc)), Ok(isa));
        let mut quoted = desc.clone();
        quoted[16] = b'"';
        for bad in [
            note(name, kind, &quoted),
            note(name, kind, &desc[..20]),
            note("AMDGPU", kind, &desc),
            note(name, 99, &desc),
            note(name, NT_AMD_HSA_METADATA, b"Version: [ 1, 0 ]\n"),
            note(name, NT_AMD_HSA_CODE_OBJECT_VERSION, &[2, 0, 0, 0, 1, 0, 0, 0, 0]),
        ] {
            let e = V2Directive::from_note(&bad).unwrap_err();
            assert!(e.0.contains("offset 28"), "{e}");
        }
        let e = notes_directives(&[note(name, kind, &desc)], 4).unwrap_err();
        assert!(e.0.contains("offset 28"), "{e}");
    }

    #[test]
    fn bad_msgpack_names_the_offset() {
        let cases: &[(&[u8], &str)] = &[
            (&[0x81, 0xa1, b'x'], "offset 3"),
            (&[0x92, 0x01, 0xc1], "offset 2"),
            (&[0x82, 0xa1, b'x', 1, 0xa1, b'x', 2], "offset 4"),
            (&[0x91, 0xc4, 0], "offset 1"),
            (&[0xdd, 0xff, 0xff, 0xff, 0xff], "offset 0"),
            (&[0x01, 0x02], "offset 1"),
            (&[0xa1, 0xff], "offset 0"),
        ];
        for (bytes, want) in cases {
            let e = msgpack_to_yaml(bytes).unwrap_err();
            assert!(e.0.contains(want), "{bytes:02x?}: {e}");
        }
        let deep = [0x91u8; 100_000];
        assert!(msgpack_to_yaml(&deep).is_err());
    }
}
