//! CLRX's macros as clrxasm 0.1.9 reads them: parameters `NAME`, `NAME=DEFAULT`,
//! `NAME:req`, `NAME:vararg` (the last one: the rest of the arguments, with their commas);
//! arguments separated by commas or by blanks between tokens (`m 1 2`, but `m 1 + 2` is one
//! argument `1+2`), `"quoted"`, `\%EXPR` (the expression's value); in the body `\NAME` (the
//! exact name), `\@` (the expansion's number) and `\()` (nothing).
//!
//! The alternate syntax (`.altmacro`, `--alternate`) adds `%EXPR` and `<...>`, `'...'`,
//! `"..."` arguments (`!` escapes the next character), parameters named without a `\` in the
//! body, and `local NAME, ...` lines that give each NAME a new symbol (`.LL0`, `.LL1`...).

use rustc_hash::FxHashMap;

/// Computes `\%EXPR`: from an offset of the text, the value and the bytes read, or an error
/// (offset, message).
pub(super) type Eval<'a> = dyn FnMut(usize) -> Result<(i64, usize), (usize, String)> + 'a;

/// Problems found in a text: (offset, message).
pub(super) type Problems = Vec<(usize, String)>;

/// A macro parameter.
#[derive(Clone, Debug, Default)]
pub(super) struct Param {
    pub name: String,
    pub default: Option<String>,
    pub required: bool,
    pub vararg: bool,
}

/// The token kind of a character for the blank rule of arguments (GNU as tokenizes the line
/// first): `0x80` set for kinds that go on a token (names and numbers, `%`, `(`, `)`, `*`,
/// `-`, `[`, `\`, `]`, `{`, `}`).
fn token(c: u8) -> u8 {
    match c {
        b'$' | b'.' | b'_' => 0x90,
        _ if c.is_ascii_alphanumeric() => 0x90,
        b'%' => 0x85,
        b'(' | b')' => 0x88,
        b'*' => 0x8a,
        b'-' => 0x8d,
        b'[' => 0x91,
        b'\\' => 0x92,
        b']' => 0x93,
        b'{' => 0x97,
        b'}' => 0x99,
        0x20..=0x7f => c - 0x20 + 1,
        _ => 0,
    }
}

fn is_name(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$')
}

/// The name (`[A-Za-z0-9_.$]+`) at `s[p..]`, its end.
fn name_at(s: &[u8], p: usize) -> usize {
    let mut q = p;
    while q < s.len() && is_name(s[q]) {
        q += 1;
    }
    q
}

/// One macro argument's value at `s[*p..]` (GNU as's rules as clrxasm keeps them): `Ok` with
/// the text, the cursor past it. `eval` computes `\%EXPR` (`%EXPR` in the alternate syntax):
/// the expression's text in, its value (or an error message) and the bytes read out.
pub(super) fn arg_value(s: &[u8], p: &mut usize, alt: bool, eval: &mut Eval) -> Result<String, (usize, String)> {
    let end = s.len();
    if alt && *p < end && s[*p] == b'%' || !alt && *p + 1 < end && s[*p] == b'\\' && s[*p + 1] == b'%' {
        let at = *p + if alt { 1 } else { 2 };
        let (v, used) = eval(at)?;
        *p = at + used;
        return Ok(v.to_string());
    }
    if alt && *p < end && matches!(s[*p], b'<' | b'\'' | b'"') {
        let term = if s[*p] == b'<' { b'>' } else { s[*p] };
        let start = *p;
        *p += 1;
        let mut out = Vec::new();
        let mut escape = false;
        while *p < end && (s[*p] != term || escape) {
            if !escape && s[*p] == b'!' {
                escape = true;
            } else {
                escape = false;
                out.push(s[*p]);
            }
            *p += 1;
        }
        if *p >= end {
            return Err((start, "unterminated quoted string".into()));
        }
        *p += 1;
        return Ok(String::from_utf8_lossy(&out).into_owned());
    }
    if *p < end && s[*p] == b'"' {
        let start = *p;
        *p += 1;
        let mut out = Vec::new();
        let mut backslashes = 0;
        while *p < end && (s[*p] != b'"' || backslashes % 2 != 0) {
            if s[*p] == b'\\' {
                backslashes += 1;
            } else {
                backslashes = 0;
            }
            out.push(s[*p]);
            *p += 1;
        }
        if *p >= end {
            return Err((start, "unterminated quoted string".into()));
        }
        *p += 1;
        return Ok(String::from_utf8_lossy(&out).into_owned());
    }
    // Up to a ',' or a quote; blanks dropped, and a blank between two tokens ends it.
    let mut out = Vec::new();
    let (mut after_blank, mut prev) = (false, 0u8);
    while *p < end && s[*p] != b',' {
        let c = s[*p];
        if c == b'"' {
            break;
        }
        if c == b' ' || c == b'\t' {
            after_blank = true;
            *p += 1;
            continue;
        }
        let this = token(c);
        let (pc, tc) = (prev & 0x80 != 0, this & 0x80 != 0);
        if after_blank && !out.is_empty() && (prev != this && pc == tc || prev == this && pc && tc) {
            break;
        }
        out.push(c);
        after_blank = false;
        prev = this;
        *p += 1;
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The parameters of `.macro NAME PARAMS`: `Err` with (offset in `text`, message) for each
/// problem; warnings (offset, message) beside.
pub(super) fn params(text: &str, alt: bool) -> (Vec<Param>, Problems, Problems) {
    let s = text.as_bytes();
    let (mut out, mut errs, mut warns) = (Vec::<Param>::new(), Vec::new(), Vec::new());
    let mut p = 0;
    let blank = |p: &mut usize| {
        while *p < s.len() && matches!(s[*p], b' ' | b'\t') {
            *p += 1;
        }
    };
    let mut have_vararg = false;
    loop {
        blank(&mut p);
        if p < s.len() && s[p] == b',' {
            p += 1;
            blank(&mut p);
        }
        if p >= s.len() {
            break;
        }
        let at = p;
        let e = name_at(s, p);
        if e == p {
            errs.push((p, "expected a macro parameter's name".into()));
            break;
        }
        let name = text[p..e].to_string();
        p = e;
        let mut param = Param {
            name: name.clone(),
            ..Default::default()
        };
        let mut good = true;
        if out.iter().any(|q| q.name == name) {
            errs.push((at, format!("macro parameter '{name}' is given twice")));
            good = false;
        }
        blank(&mut p);
        if p < s.len() && s[p] == b':' {
            p += 1;
            blank(&mut p);
            if s[p..].starts_with(b"req") {
                param.required = true;
                p += 3;
            } else if s[p..].starts_with(b"vararg") {
                param.vararg = true;
                p += 6;
            } else {
                errs.push((p, "expected the qualifier 'req' or 'vararg'".into()));
                good = false;
            }
        }
        blank(&mut p);
        if p < s.len() && s[p] == b'=' {
            p += 1;
            blank(&mut p);
            let d0 = p;
            let mut no_eval = |at: usize| -> Result<(i64, usize), (usize, String)> {
                Err((at, "an expression's value is not taken in a default".into()))
            };
            match arg_value(s, &mut p, alt, &mut no_eval) {
                Ok(v) => param.default = Some(v),
                Err(e) => {
                    errs.push(e);
                    continue;
                }
            }
            if param.required {
                warns.push((
                    d0,
                    format!("a default value for the required parameter '{name}' is pointless"),
                ));
            }
        }
        if good {
            if have_vararg {
                errs.push((at, "the variadic parameter must be the last".into()));
            } else {
                have_vararg = param.vararg;
                out.push(param);
            }
        }
    }
    (out, errs, warns)
}

/// The arguments of a call (`rest` after the macro's name) bound to `params`; `Err` with
/// (offset in `rest`, message).
pub(super) fn bind(
    rest: &str,
    params: &[Param],
    alt: bool,
    eval: &mut Eval,
) -> Result<Vec<(String, String)>, Problems> {
    let s = rest.as_bytes();
    let mut p = 0;
    let mut errs = Vec::new();
    let mut out = Vec::new();
    let blank = |p: &mut usize| {
        while *p < s.len() && matches!(s[*p], b' ' | b'\t') {
            *p += 1;
        }
    };
    for (k, param) in params.iter().enumerate() {
        blank(&mut p);
        if k > 0 && p < s.len() && s[p] == b',' {
            p += 1;
            blank(&mut p);
        }
        let at = p;
        let mut value = String::new();
        if !param.vararg {
            match arg_value(s, &mut p, alt, eval) {
                Ok(v) => value = v,
                Err(e) => {
                    errs.push(e);
                    continue;
                }
            }
        } else {
            while p < s.len() {
                match arg_value(s, &mut p, alt, eval) {
                    Ok(v) => value.push_str(&v),
                    Err(e) => {
                        errs.push(e);
                        break;
                    }
                }
                blank(&mut p);
                if p < s.len() {
                    if s[p] == b',' {
                        p += 1;
                        blank(&mut p);
                        value.push(',');
                    } else {
                        errs.push((p, "unexpected text at the end of the statement".into()));
                        break;
                    }
                }
            }
        }
        if param.required && value.is_empty() {
            errs.push((at, format!("macro parameter '{}' needs a value", param.name)));
        } else if value.is_empty() {
            value = param.default.clone().unwrap_or_default();
        }
        out.push((param.name.clone(), value));
    }
    blank(&mut p);
    if errs.is_empty() && p < s.len() {
        errs.push((
            p,
            "unexpected text at the end of the statement (more arguments than parameters?)".into(),
        ));
    }
    if errs.is_empty() {
        Ok(out)
    } else {
        Err(errs)
    }
}

/// One expansion's substitution state: the alternate syntax, and its `local` names.
#[derive(Debug, Default)]
pub(super) struct Expansion {
    pub alt: bool,
    pub locals: FxHashMap<String, u64>,
}

/// A line of `local NAME, ...` (after labels), in the alternate syntax: the names, with their
/// offsets.
pub(super) fn local_line(text: &str) -> Option<Vec<(String, usize)>> {
    let s = text.as_bytes();
    let mut p = 0;
    // Labels first (`l: local x`).
    loop {
        while p < s.len() && matches!(s[p], b' ' | b'\t') {
            p += 1;
        }
        let e = name_at(s, p);
        if e > p && e < s.len() && s[e] == b':' {
            p = e + 1;
            continue;
        }
        break;
    }
    if !(p + 6 < s.len() + 1 && s.len() > p + 5 && s[p..p + 5].eq_ignore_ascii_case(b"local") && s[p + 5] == b' ') {
        return None;
    }
    p += 5;
    let mut names = Vec::new();
    loop {
        while p < s.len() && matches!(s[p], b' ' | b'\t') {
            p += 1;
        }
        if p >= s.len() {
            break;
        }
        let e = name_at(s, p);
        if e == p {
            return None;
        }
        names.push((text[p..e].to_string(), p));
        p = e;
        while p < s.len() && matches!(s[p], b' ' | b'\t') {
            p += 1;
        }
        if p < s.len() && s[p] == b',' {
            p += 1;
        }
    }
    Some(names)
}

/// A body line with the arguments put in: `\NAME` (exact), `\@`, `\()`; in the alternate
/// syntax also bare names and `local` names.
pub(super) fn substitute(text: &str, binds: &[(String, String)], count: usize, x: &Expansion) -> String {
    if !text.contains('\\') && !x.alt {
        return text.to_string();
    }
    let s = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 16);
    let mut p = 0;
    let arg = |name: &str| binds.iter().find(|b| b.0 == name).map(|b| b.1.clone());
    let local = |name: &str| x.locals.get(name).map(|n| format!(".LL{n}"));
    while p < s.len() {
        let c = s[p];
        if c == b'\\' {
            p += 1;
            if s[p..].starts_with(b"()") {
                p += 2;
                continue;
            }
            let e = name_at(s, p);
            let name = &text[p..e];
            if let Some(v) = (e > p).then(|| arg(name).or_else(|| local(name))).flatten() {
                out.push_str(&v);
                p = e;
            } else if p < s.len() && s[p] == b'@' {
                out.push_str(&count.to_string());
                p += 1;
            } else {
                out.push('\\');
            }
            continue;
        }
        if x.alt && (c.is_ascii_alphabetic() || matches!(c, b'.' | b'$' | b'_')) {
            let e = name_at(s, p);
            let name = &text[p..e];
            match arg(name).or_else(|| local(name)) {
                Some(v) => out.push_str(&v),
                None => out.push_str(name),
            }
            p = e;
            continue;
        }
        let ch = text[p..].chars().next().unwrap_or(' ');
        out.push(ch);
        p += ch.len_utf8();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_eval(at: usize) -> Result<(i64, usize), (usize, String)> {
        Err((at, "no".into()))
    }

    #[test]
    fn arguments_split_as_clrxasm_splits_them() {
        let ps = params("a, b", false).0;
        for (call, want) in [
            ("1 2", ["1", "2"]),
            ("3,4", ["3", "4"]),
            ("5 , 6", ["5", "6"]),
            ("(7) (8)", ["(7)", "(8)"]),
            ("1+2 3", ["1+2", "3"]),
            ("1 + 2, 3", ["1+2", "3"]),
            ("\"x, y\" z", ["x, y", "z"]),
        ] {
            let b = bind(call, &ps, false, &mut no_eval).unwrap();
            assert_eq!([b[0].1.as_str(), b[1].1.as_str()], want, "{call}");
        }
        let va = params("a, b:vararg", false).0;
        let b = bind("1, 2, 3, 4", &va, false, &mut no_eval).unwrap();
        assert_eq!(b[1].1, "2,3,4");
        assert!(bind("1 2 3", &va, false, &mut no_eval).is_err());
        let rq = params("a:req, b", false).0;
        assert!(bind("", &rq, false, &mut no_eval).is_err());
        assert!(bind(",2", &rq, false, &mut no_eval).is_err());
        assert!(!params("a:vararg, b", false).1.is_empty());
        assert!(!params("a a", false).1.is_empty());
        assert!(!params("a:foo", false).1.is_empty());
    }

    #[test]
    fn alternate_substitution() {
        let x = Expansion {
            alt: true,
            locals: [("lab".to_string(), 3)].into_iter().collect(),
        };
        let b = vec![("a".to_string(), "12".to_string())];
        assert_eq!(substitute(".int a, \\a, a\\()1, ab", &b, 0, &x), ".int 12, 12, 121, ab");
        assert_eq!(substitute("lab: .int lab", &b, 0, &x), ".LL3: .int .LL3");
        let plain = Expansion::default();
        assert_eq!(substitute(".int a, \\a, \\@, \\A", &b, 7, &plain), ".int a, 12, 7, \\A");
        assert_eq!(
            local_line("l: local x, y"),
            Some(vec![("x".into(), 9), ("y".into(), 12)])
        );
        assert_eq!(local_line("localx"), None);
    }
}
