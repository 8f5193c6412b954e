//! The metadata lines of a `.rocm` source — `.md_version`, `.printf`, and in a kernel's
//! `.config` `.arg`, `.md_*`, `.cws`/`.reqd_work_group_size`, `.work_group_size_hint`,
//! `.fixed_work_group_size`, `.vectypehint`, `.runtime_handle`, `.max_flat_work_group_size`,
//! `.spilledsgprs`/`.spilledvgprs` — read as clrxasm reads them (its errors, its defaults)
//! into [`crate::codeobj::clrx_rocm_md`]'s records, from which the metadata note is written.

use crate::codeobj::clrx_amd_config::fields;
use crate::codeobj::clrx_amdcl2_config::sizes3;
use crate::codeobj::clrx_config::clrx_value;
use crate::codeobj::clrx_rocm_md::{
    default_align, lookup, KernelMd, MdArg, MdPrintf, ACCESS_QUALS, ADDRESS_SPACES, ARG_FLAGS, KERNEL_OPS,
    KIND_DYN_SHARED_PTR, KIND_GLOBAL_BUFFER, KIND_IMAGE, KIND_PIPE, MD_VALUES, SGPRS, SOURCE_OPS, VALUE_KINDS,
    VALUE_TYPES, VGPRS, WAVEFRONT_SIZE,
};

/// How the metadata pseudo-op `name` (no dot, lower case) is placed: None if it is not one.
pub(super) enum MdPlace {
    /// `.md_version`, `.printf`: anywhere; not with a `.metadata` section.
    Source,
    /// In a `.config`; not with a `.metadata` section.
    Kernel,
    /// A code property ([`MD_VALUES`]): in a `.config`.
    Value,
}

pub(super) fn md_place(name: &str) -> Option<MdPlace> {
    match name {
        _ if SOURCE_OPS.contains(&name) => Some(MdPlace::Source),
        _ if KERNEL_OPS.contains(&name) => Some(MdPlace::Kernel),
        _ if MD_VALUES.iter().any(|v| v.op == name) => Some(MdPlace::Value),
        _ => None,
    }
}

/// A name as CLRX's `getNameArg` reads one (letters, digits, `_`, `.`; not a digit first).
fn is_name(s: &str) -> bool {
    let mut c = s.bytes();
    matches!(c.next(), Some(b) if b.is_ascii_alphabetic() || b == b'_' || b == b'.')
        && c.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
}

/// One quoted string (C escapes).
fn string(field: &str) -> Result<Vec<u8>, String> {
    if !field.starts_with('"') {
        return Err("Expected string".into());
    }
    match super::object::parse_strings(field) {
        Some(mut v) if v.len() == 1 => Ok(v.remove(0)),
        _ => Err("Garbages at end of line".into()),
    }
}

/// `.md_version MAJOR, MINOR`.
pub(super) fn version(args: &str) -> Result<[u32; 2], String> {
    match fields(args).as_slice() {
        [a, b] => Ok([clrx_value(a)? as u32, clrx_value(b)? as u32]),
        [a] => {
            clrx_value(a)?;
            Err("Expected ',' before argument".into())
        }
        _ => Err("Garbages at end of line".into()),
    }
}

/// `.printf [ID], [SIZE, ...], "FORMAT"`.
pub(super) fn printf(args: &str) -> Result<MdPrintf, String> {
    let f = fields(args);
    let id = match f[0].as_str() {
        "" => None,
        s => Some(clrx_value(s)? as u32).filter(|&v| v != u32::MAX),
    };
    if f.len() < 2 {
        return Err("Expected ',' before argument".into());
    }
    let (last, sizes) = f[1..].split_last().unwrap();
    let mut arg_sizes = Vec::new();
    for s in sizes {
        if s.starts_with('"') {
            return Err("Garbages at end of line".into());
        }
        arg_sizes.push(clrx_value(s)? as u32);
    }
    if last.is_empty() {
        return Err("Missing format string".into());
    }
    if !last.starts_with('"') {
        clrx_value(last)?;
        return Err("Expected ',' before argument".into());
    }
    Ok(MdPrintf {
        id,
        arg_sizes,
        format: string(last)?,
    })
}

/// A kernel's metadata line `name` (no dot, lower case) into `md`; `max_sgprs`: the device's
/// (`.md_sgprsnum`'s limit); `v3`: after `.metadatav3` (an argument's alignment field is its
/// offset).
pub(super) fn kernel_line(md: &mut KernelMd, name: &str, args: &str, max_sgprs: u64, v3: bool) -> Result<(), String> {
    let args = args.trim();
    if let Some(i) = MD_VALUES.iter().position(|v| v.op == name) {
        let v = clrx_value(args)?;
        let pow2 = v != 0 && v & (v - 1) == 0;
        match i {
            WAVEFRONT_SIZE if !pow2 => return Err("Wavefront size must be power of two".into()),
            WAVEFRONT_SIZE if v > 256 => return Err("Wavefront size must be not greater than 256".into()),
            3 if !pow2 => return Err("Alignment size must be power of two".into()),
            SGPRS if v > max_sgprs => return Err(format!("Used SGPRs number out of range (0-{max_sgprs})")),
            VGPRS if v > 256 => return Err("Used VGPRs number out of range (0-256)".into()),
            _ => {}
        }
        md.values[i] = Some(if MD_VALUES[i].bits32 { v as u32 as u64 } else { v });
        return Ok(());
    }
    match name {
        "cws" | "reqd_work_group_size" => md.reqd_work_group_size = sizes3(args)?,
        "work_group_size_hint" => md.work_group_size_hint = sizes3(args)?,
        "fixed_work_group_size" => md.fixed_work_group_size = sizes3(args)?,
        "vectypehint" => {
            if args.is_empty() {
                return Err("Expected vectypehint".into());
            }
            let n = args
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
                .next()
                .unwrap_or("");
            if !is_name(n) {
                return Err("Some garbages at vectypehint place".into());
            }
            if n.len() != args.len() {
                return Err("Garbages at end of line".into());
            }
            md.vec_type_hint = n.to_string();
        }
        "md_symname" => md.symbol_name = Some(string(args)?),
        "runtime_handle" => md.runtime_handle = string(args)?,
        "md_language" => {
            let f = fields(args);
            let language = string(&f[0])?;
            let version = match f.len() {
                1 => [0, 0],
                3 => [clrx_value(&f[1])? as u32, clrx_value(&f[2])? as u32],
                2 => {
                    clrx_value(&f[1])?;
                    return Err("Expected ',' before argument".into());
                }
                _ => return Err("Garbages at end of line".into()),
            };
            md.language = language;
            md.language_version = Some(version);
        }
        "arg" => {
            let a = arg(args, v3.then(|| md.args.last()))?;
            md.args.push(a)
        }
        _ => return Err(format!("unknown metadata pseudo-op .{name}")),
    }
    Ok(())
}

/// The row of `table` named by the first word of `field` (`what` for the messages).
fn enumerated(table: &[(&str, &[&str])], field: &str, what: &str) -> Result<u8, String> {
    let word = field.split_whitespace().next().unwrap_or("");
    if word.is_empty() {
        return Err(format!("Expected {what}"));
    }
    if !is_name(word) {
        return Err(format!("Some garbages at {what} place"));
    }
    lookup(table, word).ok_or_else(|| format!("Unknown {what}"))
}

/// `.arg [NAME], ["TYPENAME",] SIZE, [ALIGN], KIND, TYPE[, POINTEEALIGN][, ADDRSPACE]
/// [, ACCQUAL][, ACTUALACCQUAL] [FLAGS...]`. `v3`: after `.metadatav3`, with the kernel's
/// argument before (if any): ALIGN is then the offset (clrxasm keeps both in one field), left
/// out or 0 the end of the argument before aligned to this one's size.
fn arg(args: &str, v3: Option<Option<&MdArg>>) -> Result<MdArg, String> {
    let f = fields(args);
    let mut it = f.iter().map(String::as_str);
    let mut a = MdArg::default();
    let name = it.next().unwrap_or("");
    if !name.is_empty() && !is_name(name) {
        return Err("Some garbages at argument name place".into());
    }
    a.name = name.to_string();
    let comma = || "Expected ',' before argument".to_string();
    let mut size = it.next().ok_or_else(comma)?;
    if size.starts_with('"') {
        a.type_name = string(size)?;
        size = it.next().ok_or_else(comma)?;
    }
    a.size = clrx_value(size)?;
    if a.size == 0 {
        return Err("Argument size is zero".into());
    }
    let align = it.next().ok_or_else(comma)?;
    let given = match align {
        "" => 0,
        _ => clrx_value(align)?,
    };
    a.align = match v3 {
        _ if given != 0 && v3.is_some() => given,
        Some(None) => 0,
        Some(Some(prev)) => {
            let m = default_align(a.size) - 1;
            prev.align.wrapping_add(prev.size).wrapping_add(m) & !m
        }
        None if align.is_empty() => default_align(a.size),
        None if given == 0 || given & (given - 1) != 0 => return Err("Argument alignment is not power of 2".into()),
        None => given,
    };
    // The rest: each field one word, but the last, whose further words are flags.
    let rest: Vec<&str> = it.collect();
    let mut used = 0;
    let mut next = |required: bool| -> Result<Option<&str>, String> {
        match rest.get(used) {
            Some(f) => {
                used += 1;
                Ok(Some(f))
            }
            None if required => Err(comma()),
            None => Ok(None),
        }
    };
    a.kind = enumerated(&VALUE_KINDS, next(true)?.unwrap(), "value kind")?;
    a.value_type = enumerated(&VALUE_TYPES, next(true)?.unwrap(), "value type")?;
    if a.kind == KIND_DYN_SHARED_PTR {
        let v = clrx_value(next(true)?.unwrap())?;
        if v == 0 || v & (v - 1) != 0 {
            return Err("Argument pointee alignment is not power of 2".into());
        }
        a.pointee_align = v;
    }
    if a.kind == KIND_DYN_SHARED_PTR || a.kind == KIND_GLOBAL_BUFFER {
        a.address_space = 1 + enumerated(&ADDRESS_SPACES[1..], next(true)?.unwrap(), "address space")?;
    }
    if a.kind == KIND_IMAGE || a.kind == KIND_PIPE {
        if let Some(q) = next(false)? {
            a.access = enumerated(&ACCESS_QUALS, q, "access qualifier")?;
        }
    }
    if matches!(a.kind, KIND_GLOBAL_BUFFER | KIND_IMAGE | KIND_PIPE) {
        if let Some(q) = next(false)? {
            a.actual_access = enumerated(&ACCESS_QUALS, q, "access qualifier")?;
        }
    }
    if used < rest.len() {
        return Err("Some garbages at argument flag place".into());
    }
    for (k, field) in rest.iter().enumerate() {
        let words: Vec<&str> = field.split_whitespace().collect();
        if k + 1 < rest.len() && words.len() > 1 {
            return Err(comma());
        }
        for w in words.iter().skip(1) {
            match ARG_FLAGS.iter().position(|(_, n)| n == w) {
                Some(i) if k + 1 == rest.len() => a.flags[i] = true,
                Some(_) => return Err(comma()),
                None if is_name(w) => return Err("Unknown argument flag".into()),
                None => return Err("Some garbages at argument flag place".into()),
            }
        }
    }
    Ok(a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn args_as_clrxasm_reads_them() {
        let a = arg(
            "a, \"float*\", 8, , globalbuf, f32, global, default const volatile",
            None,
        )
        .unwrap();
        assert_eq!(
            (a.align, a.kind, a.address_space, a.flags),
            (8, 1, 2, [true, false, true, false])
        );
        let a = arg(", 12, , dynshptr, i8, 4, local", None).unwrap();
        assert_eq!((a.align, a.pointee_align, a.address_space), (16, 4, 4));
        assert_eq!(arg(", 4, , goz, i64", None).unwrap().kind, 9);
        assert_eq!(arg(", 4, , globaloffsetz, ushort", None).unwrap().value_type, 3);
        for bad in [
            "a, 0, , value, i32",
            "a, 4, 3, value, i32",
            "a, 4, , value",
            "a, 4, , value, i32, global",
            "a, 4, , value const, i32",
            "a, 4, , value, i32 bogus",
            "a, 4, , globalbuf, i32",
            "a, 4, , image, i32, , read_only",
            "9a, 4, , value, i32",
        ] {
            assert!(arg(bad, None).is_err(), "{bad}");
        }
    }

    #[test]
    fn printfs() {
        let p = printf("5, 4, 8, \"%d:%f\"").unwrap();
        assert_eq!((p.id, p.arg_sizes, p.format), (Some(5), vec![4, 8], b"%d:%f".to_vec()));
        assert_eq!(printf(", \"x\"").unwrap().id, None);
        assert!(printf("1, 4").is_err());
        assert!(printf("1,").is_err());
    }
}
