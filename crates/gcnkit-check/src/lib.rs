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
pub mod hazard;
pub mod waitcnt;

use gcnkit::syntax::{to_text, Syntax};
use gcnkit_analyze::cfg::Cfg;
use gcnkit_analyze::program::{Inst, Program};
use serde_json::json;

/// Which check made a finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Check {
    Waitcnt,
    Hazard,
}

impl Check {
    pub fn name(self) -> &'static str {
        match self {
            Check::Waitcnt => "waitcnt",
            Check::Hazard => "hazard",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
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

/// One finding: an instruction (and the earlier one it depends on), the registers, why.
#[derive(Clone, Debug, PartialEq, Eq)]
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
}

impl Finding {
    /// The finding as a compiler's diagnostic line (without the file name).
    pub fn to_text(&self) -> String {
        let count = if self.count > 1 {
            format!(" [{} times]", self.count)
        } else {
            String::new()
        };
        format!(
            "{}: [{}] kernel {}, pc 0x{:x}: {}: {}; needs {}{count}",
            self.severity.name(),
            self.check.name(),
            self.kernel,
            self.pc,
            self.instruction,
            self.message,
            self.needs
        )
    }

    /// The finding as JSON (docs/check.md lists the fields).
    pub fn to_json(&self) -> serde_json::Value {
        json!({
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
        (&a.kernel, a.pc, a.check, &a.rule, a.other_pc, &a.registers).cmp(&(
            &b.kernel,
            b.pc,
            b.check,
            &b.rule,
            b.other_pc,
            &b.registers,
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
            {
                last.count += f.count;
                continue;
            }
        }
        out.push(f);
    }
    out
}
