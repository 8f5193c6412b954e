//! The analysis as text for people, JSON for scripts (schema: docs/json.md, *analyze*) and
//! DOT for Graphviz. The CLI (`gcnkit analyze`) writes these; keeping them here lets other
//! front ends (the Python module) give the same.

use crate::cfg::{BranchKind, Terminator};
use crate::mix::Mix;
use crate::regs::names;
use crate::Analysis;
use gcnkit::syntax::{to_text as instr_text, Syntax};
use serde_json::{json, Value};
use std::fmt::Write;

fn term_name(t: &Terminator) -> &'static str {
    match t {
        Terminator::Fallthrough => "fallthrough",
        Terminator::Jump => "jump",
        Terminator::Branch { .. } => "branch",
        Terminator::End => "end",
        Terminator::SetPc => "setpc",
        Terminator::Call { .. } => "call",
        Terminator::Stop => "stop",
    }
}

fn cond_name(c: gcnkit::isa::Cond) -> String {
    format!("{c:?}").to_ascii_lowercase()
}

fn mix_json(m: &Mix) -> Value {
    json!({
        "instructions": m.instructions,
        "dwords": m.dwords,
        "by_class": m.by_class,
        "memory": m.memory,
        "waitcnt": m.waitcnt,
        "waits_on": m.waits_on,
        "nop": m.nop,
        "nop_states": m.nop_states,
        "barrier": m.barrier,
    })
}

/// The JSON object of one kernel (docs/json.md, *analyze*).
pub fn to_json(a: &Analysis) -> Value {
    let p = &a.program;
    let arch = p.arch;
    let insts = &p.insts;
    let pc = |k: usize| insts.get(k).map_or(0, |i| i.pc);
    let blocks: Vec<Value> = a
        .cfg
        .blocks
        .iter()
        .enumerate()
        .map(|(b, blk)| {
            let last = &insts[blk.end - 1];
            let (branch, call) = match &blk.term {
                Terminator::Branch { cond, kind } => (
                    json!({"cond": cond_name(*cond), "kind": kind.name(),
                           "saveexec": matches!(kind, BranchKind::Divergent { saveexec: true })}),
                    Value::Null,
                ),
                Terminator::Call { target, symbol } => (
                    Value::Null,
                    json!({"target": target, "symbol": symbol,
                           "block": a.cfg.calls.iter().find(|c| c.0 == b).map(|c| c.1)}),
                ),
                _ => (Value::Null, Value::Null),
            };
            let pr = &a.liveness.pressure[blk.start..blk.end];
            json!({
                "id": b,
                "first_pc": insts[blk.start].pc,
                "last_pc": last.pc,
                "end_pc": last.pc + last.instr.size() as u32,
                "instructions": blk.end - blk.start,
                "loop_depth": blk.loop_depth,
                "function": function_name(a, b),
                "terminator": term_name(&blk.term),
                "branch": branch,
                "call": call,
                "succs": a.cfg.succs(b).map(|e| json!({"to": e.to, "kind": e.kind.name()})).collect::<Vec<_>>(),
                "idom": (a.cfg.idom[b] != b && a.cfg.idom[b] != usize::MAX).then_some(a.cfg.idom[b]),
                "max_vgprs": pr.iter().map(|x| x.0).max().unwrap_or(0),
                "max_sgprs": pr.iter().map(|x| x.1).max().unwrap_or(0),
                "live_in": names(&a.liveness.live_before[blk.start], arch),
                "mix": mix_json(&a.block_mix[b]),
                "cycles": cycles_json(&a.block_cycles[b]),
                "profile": a.profile.as_ref().map(|x| heat_json(&x.blocks[b])),
            })
        })
        .collect();
    let per_inst: Vec<Value> = insts
        .iter()
        .enumerate()
        .map(|(k, i)| {
            let mut v = json!({
                "pc": i.pc,
                "text": instr_text(&i.instr, Syntax::Llvm),
                "block": a.cfg.block_of(k),
                "vgprs": a.liveness.pressure[k].0,
                "sgprs": a.liveness.pressure[k].1,
                "live_before": names(&a.liveness.live_before[k], arch),
                "live_after": names(&a.liveness.live_after[k], arch),
                "cycles": crate::cycles::cycles(i).1,
            });
            if let Some(x) = &a.profile {
                let c = x.at(i.pc);
                v["count"] = json!(c.count);
                v["lanes"] = json!(c.lanes);
                if c.waits > 0 || c.wait > 0 {
                    v["waits"] = json!(c.waits);
                    v["wait"] = json!(c.wait);
                }
            }
            v
        })
        .collect();
    let u = &a.used;
    let m = &p.meta;
    let o = &a.occupancy;
    json!({
        "kernel": p.name,
        "arch": arch.name(),
        "entry": p.entry,
        "resources": {
            "descriptor": a.allocation.as_ref().map(|d| json!({
                "vgprs": d.vgprs, "sgprs": d.sgprs, "sgprs_allocated": d.sgprs_allocated,
                "lds_bytes": d.lds_bytes, "lds_allocated": d.lds_allocated,
                "scratch_bytes": d.scratch_bytes, "user_sgprs": d.user_sgprs,
            })),
            "metadata": {
                "vgpr_count": m.vgpr_count, "sgpr_count": m.sgpr_count,
                "vgpr_spill_count": m.vgpr_spill_count, "sgpr_spill_count": m.sgpr_spill_count,
                "max_flat_workgroup_size": m.max_flat_workgroup_size,
                "reqd_workgroup_size": m.reqd_workgroup_size,
            },
            "used": {
                "vgprs": u.vgprs, "sgprs": u.sgprs, "initial_sgprs": u.initial_sgprs, "vcc": u.vcc, "flat_scratch": u.flat_scratch,
                "xnack": u.xnack, "extra_sgprs": u.extra_sgprs,
            },
        },
        "occupancy": {
            "workgroup_size": o.workgroup_size, "waves_per_group": o.waves_per_group,
            "waves_per_simd": o.waves_per_simd, "by_vgprs": o.by_vgprs, "by_sgprs": o.by_sgprs,
            "groups_per_cu": o.groups_per_cu, "waves_per_cu": o.waves_per_cu,
            "groups_by_registers": o.groups_by_registers, "groups_by_lds": o.groups_by_lds,
            "groups_by_slots": o.groups_by_slots, "limiter": o.limiter.name(),
            "vgpr_steps": o.vgpr_steps.iter().map(|(f, w)| json!({"free": f, "waves_per_simd": w})).collect::<Vec<_>>(),
        },
        "pressure": {
            "peak_vgprs": {"count": a.liveness.peak_vgprs.0, "pc": pc(a.liveness.peak_vgprs.1)},
            "peak_sgprs": {"count": a.liveness.peak_sgprs.0, "pc": pc(a.liveness.peak_sgprs.1)},
        },
        "blocks": blocks,
        "calls": a.cfg.calls.iter().map(|&(from, to)| json!({
            "from": from, "to": to, "function": function_name(a, to),
        })).collect::<Vec<_>>(),
        "loops": a.cfg.loops.iter().map(|l| json!({
            "header": l.header, "blocks": l.blocks, "latches": l.latches, "depth": l.depth,
        })).collect::<Vec<_>>(),
        "undefined_reads": a.liveness.undefined_reads.iter().map(|(k, r)| json!({
            "pc": pc(*k), "registers": names(r, arch),
        })).collect::<Vec<_>>(),
        "never_read": names(&a.liveness.never_read, arch),
        "dead_writes": a.liveness.dead_writes.len(),
        "indexed": a.liveness.effects.iter().any(|e| e.indexed),
        "approximate_reach": crate::fidelity::approximate_reach(a).iter().map(|r| json!({
            "from": pc(r.from), "to": pc(r.to), "sink": format!("{:?}", r.sink).to_ascii_lowercase(),
        })).collect::<Vec<_>>(),
        "mix": mix_json(&a.mix),
        "cycles": {
            "estimate": a.block_cycles.iter().map(|c| c.cycles).sum::<u64>(),
            "f64_ratio": crate::cycles::f64_ratio(arch).0,
            "assumed_gpu": crate::cycles::f64_ratio(arch).1,
            "profiled": a.profile.as_ref().map(|x| profiled_cycles(a, x)),
        },
        "profile": a.profile.as_ref().map(|x| json!({
            "kernel": x.profile.kernel,
            "code": x.profile.code,
            "launches": x.profile.launches,
            "workgroups": x.profile.workgroups,
            "waves": x.profile.waves,
            "instructions": x.instructions,
            "vector": x.vector,
            "lane_ops": x.lane_ops,
            "utilisation": (x.vector > 0).then(|| x.lane_ops as f64 / (64.0 * x.vector as f64)),
            "hot": x.hot(),
        })),
        "instructions": per_inst,
        "problems": p.problems,
    })
}

/// The function block `b` is in: `null` for the kernel's own code, else the callee's symbol
/// (or its address, `0x...`, without one).
fn function_name(a: &Analysis, b: usize) -> Option<String> {
    a.cfg.function[b].map(|pc| {
        a.program
            .symbols
            .get(&pc)
            .cloned()
            .unwrap_or_else(|| format!("0x{pc:x}"))
    })
}

fn cycles_json(e: &crate::cycles::Estimate) -> Value {
    let by: serde_json::Map<String, Value> = e
        .by_rate
        .iter()
        .map(|(r, n, c)| (r.name().to_string(), json!({"instructions": n, "cycles": c})))
        .collect();
    json!({"estimate": e.cycles, "by_rate": by})
}

fn heat_json(h: &crate::profile::BlockHeat) -> Value {
    json!({
        "entries": h.entries, "executed": h.executed, "share": h.share,
        "vector": h.vector, "lanes": h.lanes, "utilisation": h.utilisation,
        "barrier_waits": h.barrier_waits, "barrier_wait": h.barrier_wait,
        "waitcnt_waits": h.waitcnt_waits, "waitcnt_cover": h.waitcnt_cover,
    })
}

/// The static estimate weighted by the run: each block's cycles times the waves that
/// entered it, summed (one wave's issue time, over all waves).
fn profiled_cycles(a: &Analysis, x: &crate::profile::Attached) -> u64 {
    a.block_cycles
        .iter()
        .zip(&x.blocks)
        .map(|(c, h)| c.cycles * h.entries)
        .sum()
}

/// A block's colour: by its share of the instructions run (white, through yellow, to red),
/// or without a profile by its peak live VGPRs against the kernel's (white to blue).
pub(crate) fn block_colour(a: &Analysis, b: usize) -> String {
    let mix = |t: f64, from: (f64, f64, f64), to: (f64, f64, f64)| {
        let c = |x: f64, y: f64| (x + (y - x) * t).round() as u8;
        format!("#{:02x}{:02x}{:02x}", c(from.0, to.0), c(from.1, to.1), c(from.2, to.2))
    };
    match &a.profile {
        Some(x) => {
            let top = x.blocks.iter().map(|h| h.executed).max().unwrap_or(0).max(1) as f64;
            let t = x.blocks[b].executed as f64 / top;
            if x.blocks[b].executed == 0 {
                "#eeeeee".into()
            } else if t < 0.5 {
                mix(t * 2.0, (255.0, 255.0, 255.0), (253.0, 224.0, 120.0))
            } else {
                mix((t - 0.5) * 2.0, (253.0, 224.0, 120.0), (244.0, 120.0, 100.0))
            }
        }
        None => {
            let blk = &a.cfg.blocks[b];
            let top = a.liveness.peak_vgprs.0.max(1) as f64;
            let v = a.liveness.pressure[blk.start..blk.end]
                .iter()
                .map(|x| x.0)
                .max()
                .unwrap_or(0) as f64;
            mix(v / top, (255.0, 255.0, 255.0), (150.0, 190.0, 240.0))
        }
    }
}

fn mix_line(m: &Mix) -> String {
    let mut s = m
        .by_class
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ");
    if !m.memory.is_empty() {
        let _ = write!(
            s,
            "; memory: {}",
            m.memory
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = write!(s, "; s_waitcnt {}", m.waitcnt);
    if !m.waits_on.is_empty() {
        let _ = write!(
            s,
            " ({})",
            m.waits_on
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = write!(s, "; s_nop {} ({} wait states)", m.nop, m.nop_states);
    if m.barrier > 0 {
        let _ = write!(s, "; s_barrier {}", m.barrier);
    }
    s
}

/// A summary for people.
pub fn to_text(a: &Analysis) -> String {
    let p = &a.program;
    let arch = p.arch;
    let mut s = String::new();
    let insts = &p.insts;
    let _ = writeln!(
        s,
        "kernel {} ({}): {} instructions, {} dwords, {} blocks, {} loops",
        p.name,
        arch.name(),
        a.mix.instructions,
        a.mix.dwords,
        a.cfg.blocks.len(),
        a.cfg.loops.len()
    );
    let u = &a.used;
    let _ = write!(s, "  registers used: {} VGPRs, {} SGPRs", u.vgprs, u.sgprs);
    let extras: Vec<&str> = [(u.vcc, "VCC"), (u.flat_scratch, "FLAT_SCRATCH")]
        .iter()
        .filter(|x| x.0)
        .map(|x| x.1)
        .collect();
    if !extras.is_empty() {
        let _ = write!(s, " + {} extra ({})", u.extra_sgprs, extras.join(", "));
    }
    if u.xnack {
        s.push_str("; XNACK_MASK reserved, not counted (clang 14 does not count it)");
    }
    s.push('\n');
    if let Some(d) = &a.allocation {
        let _ = writeln!(
            s,
            "  descriptor: {} VGPRs, {} SGPRs ({} allocated), LDS {} bytes ({} allocated), scratch {} bytes per lane, {} user SGPRs",
            d.vgprs, d.sgprs, d.sgprs_allocated, d.lds_bytes, d.lds_allocated, d.scratch_bytes, d.user_sgprs
        );
    }
    let m = &p.meta;
    if m.vgpr_count.is_some() || m.sgpr_count.is_some() {
        let f = |x: Option<u32>| x.map_or("-".to_string(), |v| v.to_string());
        let _ = writeln!(
            s,
            "  metadata: {} VGPRs, {} SGPRs, spills {} VGPRs {} SGPRs",
            f(m.vgpr_count),
            f(m.sgpr_count),
            f(m.vgpr_spill_count),
            f(m.sgpr_spill_count)
        );
    }
    let o = &a.occupancy;
    let _ = writeln!(
        s,
        "  occupancy: {} waves per CU ({} work-groups of {} items, ~{} waves per SIMD), limited by {}; registers alone allow {} waves per SIMD (VGPRs {}, SGPRs {})",
        o.waves_per_cu,
        o.groups_per_cu,
        o.workgroup_size,
        o.waves_per_cu.div_ceil(crate::resources::SIMDS_PER_CU),
        o.limiter.name(),
        o.waves_per_simd,
        o.by_vgprs,
        o.by_sgprs
    );
    if let Some((f, w)) = o.vgpr_steps.first() {
        let _ = writeln!(s, "  freeing {f} VGPRs would give {w} waves per SIMD");
    }
    let (pv, kv) = a.liveness.peak_vgprs;
    let (ps, ks) = a.liveness.peak_sgprs;
    let at = |k: usize| {
        insts.get(k).map_or(String::new(), |i| {
            format!("0x{:x} {}", i.pc, instr_text(&i.instr, Syntax::Llvm))
        })
    };
    let _ = writeln!(s, "  peak pressure: {pv} VGPRs at {}", at(kv));
    let _ = writeln!(s, "                 {ps} SGPRs at {}", at(ks));
    if !a.liveness.undefined_reads.is_empty() {
        let _ = writeln!(
            s,
            "  reads of registers never written: {}",
            a.liveness.undefined_reads.len()
        );
        for (k, r) in a.liveness.undefined_reads.iter().take(8) {
            let _ = writeln!(s, "    0x{:x}: {}", insts[*k].pc, names(r, arch).join(" "));
        }
    }
    let reach = crate::fidelity::approximate_reach(a);
    if !reach.is_empty() {
        let _ = writeln!(
            s,
            "  approximate results (transcendentals: the GPU may differ in the last bit) may reach:"
        );
        for r in &reach {
            let _ = writeln!(
                s,
                "    {} at 0x{:x} ({}) from 0x{:x} ({})",
                r.sink.name(),
                insts[r.to].pc,
                instr_text(&insts[r.to].instr, Syntax::Llvm),
                insts[r.from].pc,
                instr_text(&insts[r.from].instr, Syntax::Llvm)
            );
        }
    }
    if !a.liveness.never_read.is_empty() {
        let _ = writeln!(
            s,
            "  written, never read: {}",
            names(&a.liveness.never_read, arch).join(" ")
        );
    }
    if a.liveness.effects.iter().any(|e| e.indexed) {
        let _ = writeln!(
            s,
            "  note: M0-indexed register accesses (movrel, gpr_idx): their indexed registers are not counted"
        );
    }
    let _ = writeln!(s, "  mix: {}", mix_line(&a.mix));
    let (ratio, gpu) = crate::cycles::f64_ratio(arch);
    let _ = writeln!(
        s,
        "  cycle estimate: {} cycles to issue each instruction once (one wave, no latency or waits; f64 at 1/{ratio} rate as on {gpu})",
        a.block_cycles.iter().map(|c| c.cycles).sum::<u64>()
    );
    if let Some(x) = &a.profile {
        let pr = &x.profile;
        let n = |k: u64, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
        let _ = writeln!(
            s,
            "  profile: {}, {}, {}: {} executed, {} vector ALU{}; estimate {} wave-cycles",
            n(pr.launches, "launch", "launches"),
            n(pr.workgroups, "work-group", "work-groups"),
            n(pr.waves, "wave", "waves"),
            n(x.instructions, "instruction", "instructions"),
            x.vector,
            if x.vector > 0 {
                format!(
                    " ({} lane-ops, lane utilisation {:.1}%)",
                    x.lane_ops,
                    100.0 * x.lane_ops as f64 / (64.0 * x.vector as f64)
                )
            } else {
                String::new()
            },
            profiled_cycles(a, x)
        );
        let hot: Vec<String> = x
            .hot()
            .iter()
            .take(5)
            .map(|&b| format!("B{b} {:.1}%", 100.0 * x.blocks[b].share))
            .collect();
        let _ = writeln!(s, "  hot blocks: {}", hot.join(", "));
        for i in insts {
            let c = x.at(i.pc);
            if c.waits == 0 {
                continue;
            }
            if matches!(
                i.instr.def().and_then(|d| d.sem),
                Some(gcnkit::isa::Sem::Flow(gcnkit::isa::Flow::Barrier))
            ) {
                let _ = writeln!(
                    s,
                    "  barrier 0x{:x}: {} of {} waits, {} instructions waited in all (lock-step), {:.1} each",
                    i.pc,
                    c.waits,
                    c.count,
                    c.wait,
                    c.wait as f64 / c.waits as f64
                );
            } else {
                let _ = writeln!(
                    s,
                    "  0x{:x} {}: {} of {} waited for an operation, {:.1} instructions covered the latency on average",
                    i.pc,
                    instr_text(&i.instr, Syntax::Llvm),
                    c.waits,
                    c.count,
                    c.wait as f64 / c.waits as f64
                );
            }
        }
    }
    let mut callees: Vec<usize> = a.cfg.calls.iter().map(|c| c.1).collect();
    callees.sort();
    callees.dedup();
    for &f in &callees {
        let fpc = a.cfg.function[f];
        let blocks: Vec<String> = (0..a.cfg.blocks.len())
            .filter(|&b| a.cfg.function[b] == fpc)
            .map(|b| format!("B{b}"))
            .collect();
        let from: Vec<String> = a
            .cfg
            .calls
            .iter()
            .filter(|c| c.1 == f)
            .map(|c| format!("B{}", c.0))
            .collect();
        let _ = writeln!(
            s,
            "  function {} at 0x{:x}: blocks {}; called from {}",
            function_name(a, f).unwrap_or_default(),
            insts[a.cfg.blocks[f].start].pc,
            blocks.join(" "),
            from.join(" ")
        );
    }
    s.push_str("  blocks:\n");
    for (b, blk) in a.cfg.blocks.iter().enumerate() {
        let last = &insts[blk.end - 1];
        let succ: Vec<String> = a
            .cfg
            .succs(b)
            .map(|e| {
                format!(
                    "{}{}",
                    e.to,
                    if e.kind == crate::cfg::EdgeKind::Taken { "" } else { "'" }
                )
            })
            .collect();
        let pr = &a.liveness.pressure[blk.start..blk.end];
        let term = match &blk.term {
            Terminator::Branch { cond, kind } => format!("{} branch on {}", kind.name(), cond_name(*cond)),
            Terminator::Call { symbol, target } => format!(
                "call {}{}",
                symbol
                    .clone()
                    .or(target.map(|t| format!("0x{t:x}")))
                    .unwrap_or("(unknown)".into()),
                a.cfg
                    .calls
                    .iter()
                    .find(|c| c.0 == b)
                    .map_or(String::new(), |c| format!(" (B{})", c.1))
            ),
            t => term_name(t).to_string(),
        };
        let ran = a.profile.as_ref().map_or(String::new(), |x| {
            let h = &x.blocks[b];
            format!(
                "  ran {}x {:>5.1}%{}",
                h.entries,
                100.0 * h.share,
                h.utilisation
                    .map_or(String::new(), |u| format!(" lanes {:.0}%", 100.0 * u))
            )
        });
        let _ = writeln!(
            s,
            "    B{b:<3} 0x{:04x}-0x{:04x} {:>4} instrs  depth {}  max {} VGPRs {} SGPRs  ~{} cycles{ran}  {term} -> [{}]",
            insts[blk.start].pc,
            last.pc,
            blk.end - blk.start,
            blk.loop_depth,
            pr.iter().map(|x| x.0).max().unwrap_or(0),
            pr.iter().map(|x| x.1).max().unwrap_or(0),
            a.block_cycles[b].cycles,
            succ.join(" ")
        );
    }
    for l in &a.cfg.loops {
        let _ = writeln!(s, "  loop at B{} (depth {}): blocks {:?}", l.header, l.depth, l.blocks);
    }
    for pr in &p.problems {
        let _ = writeln!(s, "  warning: {pr}");
    }
    s
}

/// The graph for Graphviz: one node per block (first and last PC, instruction count, loop
/// depth), edges solid when taken, dashed for fall-through, dotted for a call's return;
/// back edges bold; loop headers doubled; calls to functions of the code as bold blue edges
/// to the callee's entry block (labelled with its name).
pub fn to_dot(a: &Analysis) -> String {
    dot(a, false)
}

/// The graph as DOT; `code`: each block's label lists its instructions (address, text, live
/// VGPRs after it), for the pictures.
/// What a block's box says: its name, range and size, the function it begins, its loop depth,
/// branch kind, cycle estimate, what the profile counted, and (with `code`) its first
/// instructions with the live VGPRs after each.
pub(crate) fn block_lines(a: &Analysis, b: usize, code: bool) -> Vec<String> {
    let insts = &a.program.insts;
    let blk = &a.cfg.blocks[b];
    let last = &insts[blk.end - 1];
    let mut lines = Vec::new();
    if a.cfg.calls.iter().any(|c| c.1 == b) {
        lines.push(format!("function {}", function_name(a, b).unwrap_or_default()));
    }
    lines.push(format!("B{b}"));
    lines.push(format!("0x{:x}-0x{:x}", insts[blk.start].pc, last.pc));
    lines.push(format!("{} instrs", blk.end - blk.start));
    if blk.loop_depth > 0 {
        lines.push(format!("loop depth {}", blk.loop_depth));
    }
    if let Terminator::Branch { kind, .. } = &blk.term {
        lines.push(kind.name().to_string());
    }
    lines.push(format!("~{} cycles", a.block_cycles[b].cycles));
    if let Some(x) = &a.profile {
        let h = &x.blocks[b];
        lines.push(format!("ran {}x, {:.1}% of instructions", h.entries, 100.0 * h.share));
        if let Some(u) = h.utilisation {
            lines.push(format!("lanes {:.0}%", 100.0 * u));
        }
        if h.barrier_wait > 0 {
            lines.push(format!("barrier wait {}", h.barrier_wait));
        }
    }
    if code {
        const SHOWN: usize = 40;
        for (k, inst) in insts
            .iter()
            .enumerate()
            .take(blk.end.min(blk.start + SHOWN))
            .skip(blk.start)
        {
            let text = instr_text(&inst.instr, Syntax::Llvm);
            let live = a.liveness.pressure.get(k).map_or(0, |x| x.0);
            let ran = a
                .profile
                .as_ref()
                .map_or(String::new(), |x| format!(" x{}", x.at(inst.pc).count));
            // A branch names the block it goes to (its text has the raw SIMM16).
            let to = if k + 1 == blk.end {
                a.cfg
                    .edges
                    .iter()
                    .find(|e| e.from == b && e.kind == crate::cfg::EdgeKind::Taken)
                    .map_or(String::new(), |e| format!(" -> B{}", e.to))
            } else {
                String::new()
            };
            lines.push(format!("{:x}  {text}{to}  [{live}v{ran}]", inst.pc));
        }
        if blk.end - blk.start > SHOWN {
            lines.push(format!("... {} more", blk.end - blk.start - SHOWN));
        }
    }
    lines
}

fn dot(a: &Analysis, code: bool) -> String {
    let p = &a.program;
    let mut s = String::new();
    let id = p.name.replace(['"', '\\'], "_");
    let _ = writeln!(s, "digraph \"{id}\" {{");
    let _ = writeln!(s, "  label=\"{id} ({})\";", p.arch.name());
    s.push_str("  node [shape=box, fontname=\"monospace\"];\n");
    for b in 0..a.cfg.blocks.len() {
        let header = a.cfg.loops.iter().any(|l| l.header == b);
        let label = block_lines(a, b, code)
            .iter()
            .map(|l| l.replace(['"', '\\'], "'"))
            .collect::<Vec<_>>()
            .join("\\n");
        let _ = writeln!(
            s,
            "  b{b} [label=\"{label}\", style=filled, fillcolor=\"{}\"{}];",
            block_colour(a, b),
            if header { ", peripheries=2" } else { "" }
        );
    }
    for e in &a.cfg.edges {
        let back = a.cfg.is_back_edge(e);
        let style = match e.kind {
            crate::cfg::EdgeKind::Taken => "solid",
            crate::cfg::EdgeKind::Fallthrough => "dashed",
            crate::cfg::EdgeKind::Return => "dotted",
        };
        let _ = writeln!(
            s,
            "  b{} -> b{} [label=\"{}\", style={style}{}];",
            e.from,
            e.to,
            e.kind.name(),
            if back { ", penwidth=2" } else { "" }
        );
    }
    for &(from, to) in &a.cfg.calls {
        let _ = writeln!(s, "  b{from} -> b{to} [label=\"call\", style=bold, color=\"#1f5fbf\"];");
    }
    s.push_str("}\n");
    s
}

/// The control-flow graph as an SVG picture (blocks placed by the `rust-sugiyama` crate, each
/// with its instructions: [`crate::picture`]).
pub fn to_svg(a: &Analysis) -> Result<String, String> {
    Ok(crate::picture::to_svg(a))
}

/// Text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Live VGPRs and SGPRs after each instruction as a line chart (SVG), with the kernel's
/// allocation as a dashed line: where the pressure peaks and how far it is from the limit.
fn pressure_chart(a: &Analysis) -> String {
    let pr = &a.liveness.pressure;
    let n = pr.len().max(1);
    let (w, h, pad) = (900.0f64, 260.0f64, 40.0f64);
    let top = pr
        .iter()
        .map(|&(v, s)| v.max(s))
        .max()
        .unwrap_or(1)
        .max(a.used.vgprs)
        .max(1) as f64;
    let x = |k: usize| pad + (w - 2.0 * pad) * k as f64 / (n.max(2) - 1) as f64;
    let y = |v: f64| h - pad - (h - 2.0 * pad) * v / top;
    let line = |f: &dyn Fn(&(u32, u32)) -> u32| {
        pr.iter()
            .enumerate()
            .map(|(k, r)| format!("{:.1},{:.1}", x(k), y(f(r) as f64)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg class=\"chart\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" xmlns=\"http://www.w3.org/2000/svg\">\n\
         <line x1=\"{pad}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\" stroke=\"#888\"/>\n\
         <line x1=\"{pad}\" y1=\"{pad}\" x2=\"{pad}\" y2=\"{b}\" stroke=\"#888\"/>\n\
         <text x=\"4\" y=\"{t}\" font-size=\"12\">{top}</text><text x=\"4\" y=\"{b}\" font-size=\"12\">0</text>\n\
         <text x=\"{pad}\" y=\"{l}\" font-size=\"12\">instruction 0</text>\n\
         <text x=\"{r}\" y=\"{l}\" font-size=\"12\" text-anchor=\"end\">{last}</text>\n",
        b = h - pad,
        r = w - pad,
        t = pad + 4.0,
        l = h - pad + 16.0,
        last = n - 1,
    );
    let alloc = a.used.vgprs as f64;
    let _ = write!(
        s,
        "<line x1=\"{pad}\" y1=\"{ya:.1}\" x2=\"{r}\" y2=\"{ya:.1}\" stroke=\"#1f5fbf\" stroke-dasharray=\"4 4\"/>\n\
         <text x=\"{r}\" y=\"{yt:.1}\" font-size=\"12\" text-anchor=\"end\" fill=\"#1f5fbf\">{v} VGPRs used</text>\n\
         <polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"1.5\" points=\"{pv}\"/>\n\
         <polyline fill=\"none\" stroke=\"#d9822b\" stroke-width=\"1.5\" points=\"{ps}\"/>\n\
         <text x=\"{lx}\" y=\"16\" font-size=\"12\" fill=\"#1f5fbf\">live VGPRs</text>\n\
         <text x=\"{lx2}\" y=\"16\" font-size=\"12\" fill=\"#d9822b\">live SGPRs</text>\n</svg>\n",
        ya = y(alloc),
        yt = y(alloc) - 4.0,
        r = w - pad,
        v = a.used.vgprs,
        pv = line(&|r| r.0),
        ps = line(&|r| r.1),
        lx = pad,
        lx2 = pad + 90.0,
    );
    s
}

/// The blocks of a profiled run as a table, hottest first: what each block took of the
/// instructions executed (with a bar), how full its waves were, its cycle estimate and waits.
fn profile_table(a: &Analysis) -> String {
    let Some(x) = &a.profile else { return String::new() };
    let mut s = String::from(
        "<h2>Profile</h2>\n<p>Blocks by the instructions the run executed in them. <i>lanes</i>: active lanes of the \
         vector ALU instructions out of 64; <i>cycles</i>: the static estimate for one pass of one wave; \
         <i>barrier wait</i>: instructions waited at its barriers, the group's waves taken in lock-step.</p>\n\
         <table>\n<tr><th>block</th><th>addresses</th><th>entered</th><th>instructions</th><th>share</th>\
         <th>lanes</th><th>cycles</th><th>barrier wait</th></tr>\n",
    );
    let insts = &a.program.insts;
    for b in x.hot() {
        let h = &x.blocks[b];
        let blk = &a.cfg.blocks[b];
        let _ = writeln!(
            s,
            "<tr><td style=\"background:{}\">B{b}</td><td>0x{:x}-0x{:x}</td><td>{}</td><td>{}</td>\
             <td><span class=\"bar\" style=\"width:{:.0}px\"></span> {:.1}%</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            block_colour(a, b),
            insts[blk.start].pc,
            insts[blk.end - 1].pc,
            h.entries,
            h.executed,
            100.0 * h.share,
            100.0 * h.share,
            h.utilisation.map_or("-".to_string(), |u| format!("{:.0}%", 100.0 * u)),
            a.block_cycles[b].cycles,
            h.barrier_wait
        );
    }
    s.push_str("</table>\n");
    s
}

/// One page for people: per kernel, the summary of the text report, the register pressure
/// along the code, and the control-flow graph with each block's code.
pub fn to_html(kernels: &[Analysis]) -> Result<String, String> {
    let mut body = String::new();
    for a in kernels {
        let svg = to_svg(a)?;
        // The picture's own XML header does not belong inside HTML.
        let svg = svg.find("<svg").map_or(svg.as_str(), |k| &svg[k..]);
        let p = &a.program;
        let colours = if a.profile.is_some() {
            "Blocks are coloured by the instructions the run executed in them (white: few, yellow, red: the most; \
             grey: never ran); each instruction shows how many times a wave executed it (x N)."
        } else {
            "Blocks are coloured by their peak live VGPRs (white: few, blue: the kernel's peak)."
        };
        let _ = write!(
            body,
            "<section>\n<h1>{name} <small>({arch})</small></h1>\n\
             <h2>Summary</h2>\n<pre>{text}</pre>\n{profile}\
             <h2>Register pressure</h2>\n<p>Live registers after each instruction, in address order.</p>\n{chart}\n\
             <h2>Control flow</h2>\n<p>Blocks with their instructions (address, text, live VGPRs after it); \
             solid edges are taken branches, dashed ones fall through. {colours}</p>\n<div class=\"graph\">\n{svg}</div>\n</section>\n",
            name = esc(&p.name),
            arch = p.arch.name(),
            text = esc(&to_text(a)),
            profile = profile_table(a),
            chart = pressure_chart(a),
        );
    }
    let title = kernels
        .iter()
        .map(|a| esc(&a.program.name))
        .collect::<Vec<_>>()
        .join(", ");
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>gcnkit analyze: {title}</title>\n<style>\n\
         body {{ font-family: sans-serif; margin: 1.5em; color: #222; }}\n\
         pre {{ background: #f6f6f6; padding: 0.8em; overflow-x: auto; font-size: 13px; }}\n\
         section {{ margin-bottom: 3em; }}\n\
         .graph svg {{ max-width: 100%; height: auto; }}\n\
         .graph svg text {{ font-family: monospace; }}\n\
         table {{ border-collapse: collapse; font-size: 13px; }}\n\
         td, th {{ border: 1px solid #ccc; padding: 2px 8px; text-align: right; }}\n\
         .bar {{ display: inline-block; height: 10px; background: #e8785f; }}\n\
         </style>\n</head>\n<body>\n{body}</body>\n</html>\n"
    ))
}
