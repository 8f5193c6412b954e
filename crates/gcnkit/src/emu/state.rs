//! The wave state as JSON (DESIGN.md's contract): `run --state` input and `run` output.

use super::wave::{Wave, EXEC, M0, VCC};
use crate::operand::sgpr_count;
use serde_json::{json, Map, Value};

/// Reads a number or hex/decimal string.
fn num(v: &Value, key: &str) -> Result<u64, String> {
    match v {
        Value::Number(n) => n
            .as_u64()
            .or_else(|| n.as_i64().map(|i| i as u64))
            .ok_or_else(|| format!("{key}: {n} is not an integer")),
        Value::String(s) => {
            let t = s.trim();
            let r = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
                u64::from_str_radix(h, 16)
            } else if let Some(neg) = t.strip_prefix('-') {
                neg.parse::<u64>().map(|v| v.wrapping_neg())
            } else {
                t.parse::<u64>()
            };
            r.map_err(|_| format!("{key}: '{s}' is not a number"))
        }
        _ => Err(format!("{key}: expected a number or a hex string")),
    }
}

fn u32_of(v: &Value, key: &str) -> Result<u32, String> {
    let x = num(v, key)?;
    if x > u32::MAX as u64 && x < 0xffff_ffff_8000_0000 {
        return Err(format!("{key}: {x:#x} does not fit in 32 bits"));
    }
    Ok(x as u32)
}

/// Applies a state document to `w`. Errors name the key.
pub fn load(w: &mut Wave, text: &str) -> Result<(), String> {
    let doc: Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    let obj = doc.as_object().ok_or("the state must be a JSON object")?;
    for (k, v) in obj {
        match k.as_str() {
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
                    let n: usize = r
                        .parse()
                        .map_err(|_| format!("{key}: '{r}' is not a register number"))?;
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
                    let n: usize = r
                        .parse()
                        .map_err(|_| format!("{key}: '{r}' is not a register number"))?;
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
                        x => w.v[n] = [u32_of(x, &key)?; 64],
                    }
                }
            }
            other => {
                return Err(format!(
                    "{other}: unknown key (expected exec, vcc, m0, mode, scc, sgprs, vgprs)"
                ))
            }
        }
    }
    Ok(())
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
