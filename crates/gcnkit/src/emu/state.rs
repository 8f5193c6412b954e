//! The wave state as JSON (DESIGN.md's contract): `run --state` input and `run` output.

use super::wave::{Wave, EXEC, M0, VCC};
use crate::operand::sgpr_count;
use serde_json::{json, Map, Value};

/// A value as written: an integer (numbers, hex or decimal strings) or a float (`1.0`,
/// `-2.5e3`, as a JSON number or a string).
enum Num {
    Int(u64),
    Float(f64),
}

/// Reads a number or a hex/decimal/float string.
fn parse_num(v: &Value, key: &str) -> Result<Num, String> {
    match v {
        Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => Ok(Num::Int(u)),
            (_, Some(i), _) => Ok(Num::Int(i as u64)),
            (_, _, Some(f)) => Ok(Num::Float(f)),
            _ => Err(format!("{key}: {n} is not a number")),
        },
        Value::String(s) => {
            let t = s.trim();
            let (neg, body) = match t.strip_prefix('-') {
                Some(b) => (true, b),
                None => (false, t.strip_prefix('+').unwrap_or(t)),
            };
            let int = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
                if h.is_empty() || !h.bytes().all(|b| b.is_ascii_hexdigit() || b == b'_') {
                    return Err(format!("{key}: '{s}' is not a hex number"));
                }
                Some(u64::from_str_radix(&h.replace('_', ""), 16))
            } else if !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) {
                Some(body.parse::<u64>())
            } else {
                None
            };
            match int {
                Some(Ok(x)) if neg => Ok(Num::Int(x.wrapping_neg())),
                Some(Ok(x)) => Ok(Num::Int(x)),
                Some(Err(_)) => Err(format!("{key}: '{s}' does not fit in 64 bits")),
                None => t
                    .parse::<f64>()
                    .map(Num::Float)
                    .map_err(|_| format!("{key}: '{s}' is not a number (integers, 0x hex, or floats like 1.5)")),
            }
        }
        _ => Err(format!("{key}: expected a number or a string")),
    }
}

/// A 64-bit value (EXEC, VCC): an integer.
fn num(v: &Value, key: &str) -> Result<u64, String> {
    match parse_num(v, key)? {
        Num::Int(x) => Ok(x),
        Num::Float(f) => Err(format!("{key}: {f} is a float; this is a 64-bit mask")),
    }
}

/// A 32-bit register value: an integer that fits 32 bits (signed or not), or a float stored
/// as its f32 bits.
fn u32_of(v: &Value, key: &str) -> Result<u32, String> {
    match parse_num(v, key)? {
        Num::Int(x) if x > u32::MAX as u64 && x < 0xffff_ffff_8000_0000 => {
            Err(format!("{key}: {x:#x} does not fit in 32 bits"))
        }
        Num::Int(x) => Ok(x as u32),
        Num::Float(f) => Ok((f as f32).to_bits()),
    }
}

/// A register key: `5`, or with its file's letter (`s5`, `v5`).
fn reg_key(r: &str, letter: char, key: &str) -> Result<usize, String> {
    let digits = r.strip_prefix(letter).unwrap_or(r);
    digits
        .parse()
        .map_err(|_| format!("{key}: '{r}' is not a register (5 or {letter}5)"))
}

/// A buffer a state document declares for a program's memory instructions.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    /// Its first dwords.
    pub data: Vec<Word>,
    /// Its size in bytes (at least the data's).
    pub bytes: u64,
    /// The scalar register pair that gets its address (`s[N:N+1]`), if any.
    pub sgpr: Option<usize>,
}

/// A dword of a buffer's data: a value, or (two dwords) the address of buffer N (`"@N"`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Word {
    Value(u32),
    Addr(usize),
}

/// Reads the `buffers` list: `[{"sgpr": 4, "data": ["@1", 5], "bytes": 64}, {"data": [...]}]`.
fn buffers(v: &Value, arch: crate::Arch) -> Result<Vec<Buffer>, String> {
    let list = v
        .as_array()
        .ok_or("buffers: expected a list of {data, bytes, sgpr} objects")?;
    let mut out = Vec::new();
    for (n, b) in list.iter().enumerate() {
        let key = format!("buffers[{n}]");
        let o = b.as_object().ok_or(format!("{key}: expected an object"))?;
        let mut data = Vec::new();
        let (mut bytes, mut sgpr) = (None, None);
        for (k, v) in o {
            match k.as_str() {
                "data" => {
                    let vals = v.as_array().ok_or(format!("{key}.data: expected a list of values"))?;
                    for (i, x) in vals.iter().enumerate() {
                        let at = format!("{key}.data[{i}]");
                        match x.as_str().and_then(|s| s.strip_prefix('@')) {
                            Some(r) => {
                                let r: usize = r.parse().map_err(|_| format!("{at}: '@{r}' names no buffer"))?;
                                if r >= list.len() {
                                    return Err(format!("{at}: there is no buffer {r} (0-{})", list.len() - 1));
                                }
                                data.push(Word::Addr(r));
                            }
                            None => data.push(Word::Value(u32_of(x, &at)?)),
                        }
                    }
                }
                "bytes" => bytes = Some(num(v, &format!("{key}.bytes"))?),
                "sgpr" => {
                    let r = match v {
                        Value::String(s) => reg_key(s, 's', &format!("{key}.sgpr"))?,
                        v => num(v, &format!("{key}.sgpr"))? as usize,
                    };
                    if r + 2 > sgpr_count(arch) as usize {
                        return Err(format!("{key}.sgpr: s[{r}:{}] does not exist on {arch}", r + 1));
                    }
                    sgpr = Some(r);
                }
                other => return Err(format!("{key}.{other}: unknown key (expected data, bytes, sgpr)")),
            }
        }
        let used = data
            .iter()
            .map(|w| if matches!(w, Word::Addr(_)) { 8 } else { 4 })
            .sum::<u64>();
        let bytes = bytes.unwrap_or(used).max(used).max(4);
        if bytes > 1 << 32 {
            return Err(format!("{key}.bytes: {bytes} bytes is more than 4 GiB"));
        }
        out.push(Buffer { data, bytes, sgpr });
    }
    Ok(out)
}

/// Applies a state document to `w`. Errors name the key.
pub fn load(w: &mut Wave, text: &str) -> Result<(), String> {
    match load_with_buffers(w, text)? {
        b if b.is_empty() => Ok(()),
        _ => Err("buffers: memory is for programs (run_program)".into()),
    }
}

/// [`load`], and the buffers the document declares (`buffers`).
pub fn load_with_buffers(w: &mut Wave, text: &str) -> Result<Vec<Buffer>, String> {
    let doc: Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    let obj = doc.as_object().ok_or("the state must be a JSON object")?;
    let mut bufs = Vec::new();
    for (k, v) in obj {
        match k.as_str() {
            "buffers" => bufs = buffers(v, w.arch)?,
            "exec" => w.set_pair(EXEC, num(v, "exec")?),
            "vcc" => w.set_pair(VCC, num(v, "vcc")?),
            "m0" => w.s[M0] = u32_of(v, "m0")?,
            "mode" => w.mode = u32_of(v, "mode")?,
            "scc" => w.scc = num(v, "scc")? != 0,
            "sgprs" => {
                let m = v
                    .as_object()
                    .ok_or("sgprs: expected an object of register number -> value")?;
                for (r, val) in m {
                    let key = format!("sgprs.{r}");
                    let n = reg_key(r, 's', &key)?;
                    if n >= sgpr_count(w.arch) as usize {
                        return Err(format!(
                            "{key}: s{n} does not exist on {} (s0-s{})",
                            w.arch,
                            sgpr_count(w.arch) - 1
                        ));
                    }
                    w.s[n] = u32_of(val, &key)?;
                }
            }
            "vgprs" => {
                let m = v
                    .as_object()
                    .ok_or("vgprs: expected an object of register number -> value(s)")?;
                for (r, val) in m {
                    let key = format!("vgprs.{r}");
                    let n = reg_key(r, 'v', &key)?;
                    if n >= 256 {
                        return Err(format!("{key}: v{n} does not exist (v0-v255)"));
                    }
                    match val {
                        Value::Array(lanes) => {
                            if lanes.len() > 64 {
                                return Err(format!("{key}: {} lane values, a wave has 64", lanes.len()));
                            }
                            for (lane, x) in lanes.iter().enumerate() {
                                w.v[n][lane] = u32_of(x, &format!("{key}[{lane}]"))?;
                            }
                        }
                        x => *w.v[n] = [u32_of(x, &key)?; 64],
                    }
                }
            }
            other => {
                return Err(format!(
                    "{other}: unknown key (expected exec, vcc, m0, mode, scc, sgprs, vgprs, buffers)"
                ))
            }
        }
    }
    Ok(bufs)
}

fn hex(v: u64) -> Value {
    Value::String(format!("{v:#x}"))
}

/// The state as JSON: every value a lowercase hex string; SGPRs and VGPRs that are non-zero
/// or were written; all 64 lanes of each VGPR listed.
pub fn dump(w: &Wave) -> Value {
    let mut sg = Map::new();
    for n in 0..sgpr_count(w.arch) as usize {
        if w.s[n] != 0 || w.s_written[n] {
            sg.insert(n.to_string(), hex(w.s[n] as u64));
        }
    }
    let mut vg = Map::new();
    for n in 0..256 {
        if w.v_written[n] || w.v[n].iter().any(|&x| x != 0) {
            vg.insert(
                n.to_string(),
                Value::Array(w.v[n].iter().map(|&x| hex(x as u64)).collect()),
            );
        }
    }
    json!({
        "exec": format!("{:#018x}", w.exec()),
        "vcc": format!("{:#018x}", w.vcc()),
        "m0": hex(w.s[M0] as u64),
        "mode": hex(w.mode as u64),
        "scc": hex(w.scc as u64),
        "sgprs": Value::Object(sg),
        "vgprs": Value::Object(vg),
    })
}

/// The state for people: one line per register, a VGPR whose 64 lanes hold one value written
/// once (`v2 = 0x40400000 (3.0) in all 64 lanes`), f32 readings beside the hex.
pub fn dump_text(w: &Wave) -> String {
    use std::fmt::Write;
    let f = |x: u32| {
        let v = f32::from_bits(x);
        if v.is_finite() && (v == 0.0 || (1e-6..1e9).contains(&v.abs())) {
            format!(" ({v:?})")
        } else {
            String::new()
        }
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "exec = {:#018x}  vcc = {:#018x}  m0 = {:#x}  mode = {:#x}  scc = {}",
        w.exec(),
        w.vcc(),
        w.s[M0],
        w.mode,
        w.scc as u8
    );
    for n in 0..sgpr_count(w.arch) as usize {
        if w.s[n] != 0 || w.s_written[n] {
            let _ = writeln!(out, "s{n} = {:#x}{}", w.s[n], f(w.s[n]));
        }
    }
    for n in 0..256 {
        let lanes = &w.v[n];
        if !(w.v_written[n] || lanes.iter().any(|&x| x != 0)) {
            continue;
        }
        if lanes.iter().all(|&x| x == lanes[0]) {
            let _ = writeln!(out, "v{n} = {:#x}{} in all 64 lanes", lanes[0], f(lanes[0]));
            continue;
        }
        // Eight lanes a line.
        let _ = writeln!(out, "v{n}:");
        for row in 0..8 {
            let _ = write!(out, "    lanes {:>2}-{:<2} ", row * 8, row * 8 + 7);
            for x in &lanes[row * 8..row * 8 + 8] {
                let _ = write!(out, " {:>10}", format!("{x:#x}"));
            }
            out.push('\n');
        }
    }
    out
}

/// The registers an instruction changed, one indented line each (a trace's detail): each VGPR
/// with how many lanes changed and the first one's old and new value, each scalar register
/// by its name, SCC.
pub fn changes(before: &Wave, after: &Wave) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for r in 0..256 {
        if before.v[r] != after.v[r] {
            let mut changed = (0..64).filter(|&l| before.v[r][l] != after.v[r][l]);
            let l0 = changed.next().unwrap_or(0);
            let _ = write!(
                out,
                "\n    v{r}: {} lanes changed (lane {l0}: {:#x} -> {:#x})",
                1 + changed.count(),
                before.v[r][l0],
                after.v[r][l0]
            );
        }
    }
    for r in 0..128u16 {
        if before.s[r as usize] != after.s[r as usize] {
            let mut name = String::new();
            let slot = crate::layout::Slot::new(crate::layout::Role::Sdst, r, 1, crate::isa::Ty::B32);
            crate::syntax::clrx::operand(&mut name, after.arch, &slot, None, false, None);
            let _ = write!(
                out,
                "\n    {name}: {:#x} -> {:#x}",
                before.s[r as usize], after.s[r as usize]
            );
        }
    }
    if before.scc != after.scc {
        let _ = write!(out, "\n    scc: {} -> {}", before.scc as u8, after.scc as u8);
    }
    out
}

/// [`dump`], with each buffer's final dwords (hex) under `buffers`.
pub fn dump_with_buffers(w: &Wave, buffers: &[Vec<u8>]) -> Value {
    let mut doc = dump(w);
    if !buffers.is_empty() {
        let list: Vec<Value> = buffers
            .iter()
            .map(|b| {
                Value::Array(
                    b.chunks(4)
                        .map(|c| {
                            let mut x = [0u8; 4];
                            x[..c.len()].copy_from_slice(c);
                            json!(format!("{:#x}", u32::from_le_bytes(x)))
                        })
                        .collect(),
                )
            })
            .collect();
        if let Value::Object(m) = &mut doc {
            m.insert("buffers".into(), Value::Array(list));
        }
    }
    doc
}
