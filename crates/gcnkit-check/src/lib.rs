//! gcnkit-check: static checks of GCN kernels, the ones `gcnkit lint` runs.
//!
//! - [`waitcnt`]: along every path of a kernel's control-flow graph (loops included), the
//!   memory operations that may still be outstanding at each instruction, in the order the
//!   hardware counts them (VM_CNT, LGKM_CNT, EXP_CNT); a register read or overwritten while a
//!   load into it may be outstanding, a register overwritten before an instruction that
//!   still reads it (GCN 1.0's store data, exports, GDS) has, and `s_barrier` reached with
//!   memory operations outstanding.
//! - [`hazard`]: the manuals' "Manually Inserted Wait States" table, as data ([`hazard::ROWS`]),
//!   checked with the fewest wait states along any path.
//!
//! Kernels come from `gcnkit-analyze` ([`gcnkit_analyze::program`]: a code object's kernels,
//! their reachable code) with its control-flow graph and per-instruction effects.
//!
//! ```
//! use gcnkit::{asm::{assemble, Dialect}, Arch};
//! use gcnkit_analyze::program::Program;
//!
//! let src = "global_load_dword v2, v[0:1], off\nv_add_f32 v1, v2, v3\ns_endpgm\n";
//! let (items, _) = assemble(Arch::Gcn14, Dialect::Llvm, "k.s", src);
//! let words: Vec<u32> = items.iter().flat_map(|i| i.words().to_vec()).collect();
//! let f = gcnkit_check::lint(&Program::from_words("k", Arch::Gcn14, &words));
//! assert_eq!(f.len(), 1);
//! assert_eq!((f[0].pc, f[0].other_pc, f[0].registers.clone()), (8, Some(0), vec!["v2".to_string()]));
//! assert_eq!(f[0].needs, "s_waitcnt vmcnt(0)");
//! ```

pub mod classify;
pub mod flow;
mod global;
pub mod hazard;
mod order;
pub mod run;
pub mod streams;
pub mod taint;
pub mod waitcnt;

use gcnkit::syntax::{to_text, Syntax};
use gcnkit_analyze::cfg::Cfg;
use gcnkit_analyze::program::{Inst, Program};
use serde_json::json;

/// Which check made a finding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Check {
    #[default]
    Waitcnt,
    Hazard,
    /// Uninitialised reads, accesses to freed memory (`--check` only).
    Memory,
    /// Accesses of two waves or work-groups with nothing ordering them (`--check` only).
    Race,
}

impl Check {
    pub fn name(self) -> &'static str {
        match self {
            Check::Waitcnt => "waitcnt",
            Check::Hazard => "hazard",
            Check::Memory => "memory",
            Check::Race => "race",
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    #[default]
    /// The hardware gives a wrong value or reads the wrong register.
    Error,
    /// What the program relies on may not hold (memory other waves may not see yet).
    Warning,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// Where a run made a finding (`--check`): the work-group, the wave in it, the lanes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub group: [u32; 3],
    pub wave: u32,
    /// The lanes concerned (empty: the wave as a whole, as for scalar registers).
    pub lanes: Vec<u8>,
}

impl Place {
    /// `work-group (0,0,0), wave 1, lanes 0-3,7`.
    pub fn to_text(&self) -> String {
        let g = self.group;
        let mut t = format!("work-group ({},{},{}), wave {}", g[0], g[1], g[2], self.wave);
        if !self.lanes.is_empty() {
            let s = if self.lanes.len() == 1 { "" } else { "s" };
            t += &format!(", lane{s} {}", lane_ranges(&self.lanes));
        }
        t
    }
}

/// Lanes as ranges: `0-3,7`.
pub fn lane_ranges(lanes: &[u8]) -> String {
    let mut parts = Vec::new();
    let mut k = 0;
    while k < lanes.len() {
        let mut e = k;
        while e + 1 < lanes.len() && lanes[e + 1] == lanes[e] + 1 {
            e += 1;
        }
        parts.push(if e == k {
            lanes[k].to_string()
        } else {
            format!("{}-{}", lanes[k], lanes[e])
        });
        k = e + 1;
    }
    parts.join(",")
}

/// One finding: an instruction (and the earlier one it depends on), the registers, why.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Finding {
    pub check: Check,
    pub severity: Severity,
    /// The rule: `read-before-load`, `write-before-load`, `write-before-read`, `barrier`, or a
    /// hazard row's id.
    pub rule: String,
    pub kernel: String,
    /// Byte offset of the instruction in its code section.
    pub pc: u32,
    /// Its text (LLVM syntax).
    pub instruction: String,
    /// The registers concerned (`v2`, `s[4:5]`, `vcc_lo`, `hwreg(1)`).
    pub registers: Vec<String>,
    /// The earlier instruction: the load, the writer.
    pub other_pc: Option<u32>,
    pub other_instruction: Option<String>,
    /// Why, in one line.
    pub message: String,
    /// What would make it right (`s_waitcnt vmcnt(0)`, `2 more wait states (s_nop 1)`).
    pub needs: String,
    /// How many times the same finding was made.
    pub count: u32,
    /// Where a run made it (the first time): `None` for `lint`.
    pub place: Option<Place>,
    /// Where the other side was (a race's other access).
    pub other_place: Option<Place>,
    /// The memory concerned: an address and where it lies (`buffer 'out' + 0x40`).
    pub address: Option<String>,
}

impl Finding {
    /// The finding as a compiler's diagnostic line (without the file name).
    pub fn to_text(&self) -> String {
        let count = if self.count > 1 {
            format!(" [{} times]", self.count)
        } else {
            String::new()
        };
        let place = self
            .place
            .as_ref()
            .map_or(String::new(), |p| format!(", {}", p.to_text()));
        let needs = if self.needs.is_empty() {
            String::new()
        } else {
            format!("; needs {}", self.needs)
        };
        // A race between two host operations (`hipMemcpyAsync`...): no kernel, no place.
        if self.kernel.is_empty() {
            let at = self.address.as_ref().map_or(String::new(), |a| format!(" at {a}"));
            return format!(
                "{}: [{}] {}{at}: {}{needs}{count}",
                self.severity.name(),
                self.check.name(),
                self.instruction,
                self.message
            );
        }
        format!(
            "{}: [{}] kernel {}{place}, pc 0x{:x}: {}: {}{needs}{count}",
            self.severity.name(),
            self.check.name(),
            self.kernel,
            self.pc,
            self.instruction,
            self.message,
        )
    }

    /// The finding as JSON (docs/check.md lists the fields).
    pub fn to_json(&self) -> serde_json::Value {
        let mut v = json!({
            "check": self.check.name(),
            "severity": self.severity.name(),
            "rule": self.rule,
            "kernel": self.kernel,
            "pc": self.pc,
            "instruction": self.instruction,
            "registers": self.registers,
            "other_pc": self.other_pc,
            "other_instruction": self.other_instruction,
            "message": self.message,
            "needs": self.needs,
            "count": self.count,
        });
        // A run's findings say where (lint's have no such fields).
        if let (Some(p), Some(o)) = (&self.place, v.as_object_mut()) {
            o.insert("work_group".into(), json!(p.group));
            o.insert("wave".into(), json!(p.wave));
            o.insert("lanes".into(), json!(p.lanes));
            if let Some(q) = &self.other_place {
                o.insert("other_work_group".into(), json!(q.group));
                o.insert("other_wave".into(), json!(q.wave));
            }
            o.insert("address".into(), json!(self.address));
        } else if let (Some(a), Some(o)) = (&self.address, v.as_object_mut()) {
            // Two host operations' race: the memory, without a place.
            o.insert("address".into(), json!(a));
        }
        v
    }
}

impl Finding {
    /// A finding from its JSON ([`Finding::to_json`]): what `gcnkit exec` reads back from the
    /// runtime's report. `None` when a field is missing or of the wrong kind.
    pub fn from_json(v: &serde_json::Value) -> Option<Finding> {
        let s = |k: &str| v.get(k).and_then(|x| x.as_str()).map(str::to_string);
        let u = |k: &str| v.get(k).and_then(|x| x.as_u64());
        let check = match s("check")?.as_str() {
            "waitcnt" => Check::Waitcnt,
            "hazard" => Check::Hazard,
            "memory" => Check::Memory,
            "race" => Check::Race,
            _ => return None,
        };
        let severity = match s("severity")?.as_str() {
            "error" => Severity::Error,
            "warning" => Severity::Warning,
            _ => return None,
        };
        let group = |k: &str| -> Option<[u32; 3]> {
            let a = v.get(k)?.as_array()?;
            Some([
                a.first()?.as_u64()? as u32,
                a.get(1)?.as_u64()? as u32,
                a.get(2)?.as_u64()? as u32,
            ])
        };
        let place = group("work_group").map(|g| Place {
            group: g,
            wave: u("wave").unwrap_or(0) as u32,
            lanes: v
                .get("lanes")
                .and_then(|l| l.as_array())
                .map(|l| l.iter().filter_map(|x| x.as_u64()).map(|x| x as u8).collect())
                .unwrap_or_default(),
        });
        let other_place = group("other_work_group").map(|g| Place {
            group: g,
            wave: u("other_wave").unwrap_or(0) as u32,
            lanes: Vec::new(),
        });
        Some(Finding {
            check,
            severity,
            rule: s("rule")?,
            kernel: s("kernel")?,
            pc: u("pc")? as u32,
            instruction: s("instruction")?,
            registers: v
                .get("registers")?
                .as_array()?
                .iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect(),
            other_pc: u("other_pc").map(|x| x as u32),
            other_instruction: s("other_instruction"),
            message: s("message")?,
            needs: s("needs")?,
            count: u("count")? as u32,
            place,
            other_place,
            address: s("address"),
        })
    }
}

/// An instruction's text for a finding.
pub fn instr_text(i: &Inst) -> String {
    to_text(&i.instr, Syntax::Llvm)
}

/// Every check on one kernel: findings in the order of their PC, each distinct finding once
/// (with its count).
pub fn lint(p: &Program) -> Vec<Finding> {
    let cfg = Cfg::build(p);
    let mut out = Vec::new();
    waitcnt::check(p, &cfg, &mut out);
    hazard::check(p, &cfg, &mut out);
    merge(out)
}

/// The same finding (check, rule, kernel, PCs, registers) once, with a count.
pub fn merge(mut v: Vec<Finding>) -> Vec<Finding> {
    v.sort_by(|a, b| {
        // (The instruction tells two host operations' races apart: they have no kernel.)
        (
            &a.kernel,
            a.pc,
            a.check,
            &a.rule,
            a.other_pc,
            &a.registers,
            &a.instruction,
        )
            .cmp(&(
                &b.kernel,
                b.pc,
                b.check,
                &b.rule,
                b.other_pc,
                &b.registers,
                &b.instruction,
            ))
    });
    let mut out: Vec<Finding> = Vec::new();
    for f in v {
        if let Some(last) = out.last_mut() {
            if last.kernel == f.kernel
                && last.pc == f.pc
                && last.check == f.check
                && last.rule == f.rule
                && last.other_pc == f.other_pc
                && last.registers == f.registers
                && last.instruction == f.instruction
            {
                last.count += f.count;
                continue;
            }
        }
        out.push(f);
    }
    out
}
