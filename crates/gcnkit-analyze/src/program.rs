//! A kernel as analysis sees it: its instructions (found by following the code from the
//! entry, so padding and other kernels' code are not taken for its own), the registers it
//! starts with (the HSA ABI's user and system SGPRs and work-item VGPRs as the kernel
//! descriptor or `amd_kernel_code_t` enables them, read by the library's dispatcher), and the
//! descriptor's and metadata's resource figures.

use crate::regs::{RegSet, EXEC, V0};
use gcnkit::asm::{Assembler, Dialect};
use gcnkit::codeobj::{self, akc, kd};
use gcnkit::decode::decode;
use gcnkit::diag::Severity;
use gcnkit::emu::dispatch;
use gcnkit::isa::{Cond, Flow, Sem};
use gcnkit::{Arch, Instr};
use std::collections::{BTreeMap, BTreeSet};

/// One instruction at its byte offset in the code.
#[derive(Clone, Debug)]
pub struct Inst {
    pub pc: u32,
    pub instr: Instr,
}

/// The kernel descriptor's resource fields (v3+ descriptor or v2 `amd_kernel_code_t`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Descriptor {
    pub rsrc1: u32,
    pub rsrc2: u32,
    /// LDS bytes the kernel declares (`group_segment_fixed_size`).
    pub lds_bytes: u32,
    /// Scratch bytes per work-item (`private_segment_fixed_size`).
    pub scratch_bytes: u32,
    /// The GPU's XNACK mode and SGPR-init bug, which change the SGPR count.
    pub target: kd::Target,
}

/// The metadata's figures of the kernel (clang's own counts).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    pub vgpr_count: Option<u32>,
    pub sgpr_count: Option<u32>,
    pub vgpr_spill_count: Option<u32>,
    pub sgpr_spill_count: Option<u32>,
    /// `.max_flat_workgroup_size` (v3+; v2: `MaxFlatWorkGroupSize`).
    pub max_flat_workgroup_size: Option<u32>,
    pub reqd_workgroup_size: Option<[u32; 3]>,
}

/// A program to analyse.
#[derive(Clone, Debug)]
pub struct Program {
    pub name: String,
    pub arch: Arch,
    /// Byte offset of the first instruction in the code (the section's offset for a code
    /// object's kernel).
    pub entry: u32,
    /// The reachable instructions in address order.
    pub insts: Vec<Inst>,
    /// Registers that hold a value when the program starts (EXEC always; a kernel's ABI
    /// registers).
    pub initial: RegSet,
    pub descriptor: Option<Descriptor>,
    pub meta: Meta,
    /// Symbols of the code section by offset (calls to them are named).
    pub symbols: BTreeMap<u32, String>,
    /// Problems met while following the code (a branch out of the code, an undecodable
    /// word): reported, the rest is still analysed.
    pub problems: Vec<String>,
}

/// The code's instructions reachable from `entry`: fall-through, branch targets, the
/// return point of calls and the functions they call (a call's target as compilers compute
/// it, [`crate::cfg::call_target`], when it is in the code). A path stops at `s_endpgm`,
/// `s_setpc_b64` (its target is a register), a word that does not decode, or the end of the
/// code.
pub fn discover(arch: Arch, words: &[u32], entry: u32) -> (Vec<Inst>, Vec<String>) {
    let mut seen = BTreeMap::new();
    let mut problems = Vec::new();
    let mut work = vec![entry];
    let end = words.len() as u64 * 4;
    while let Some(start) = work.pop() {
        let mut pc = start;
        // The path's instructions so far: a call's target is computed from them.
        let mut run: Vec<Inst> = Vec::new();
        loop {
            if seen.contains_key(&pc) {
                break;
            }
            if pc as u64 >= end || pc % 4 != 0 {
                problems.push(format!("a path leaves the code at 0x{pc:x}"));
                break;
            }
            let i = match decode(arch, &words[pc as usize / 4..]) {
                Ok(i) => i,
                Err(e) => {
                    problems.push(format!("0x{pc:x}: {e}"));
                    break;
                }
            };
            let size = i.size() as u32;
            let flow = match i.def().and_then(|d| d.sem) {
                Some(Sem::Flow(f)) => Some(f),
                _ => None,
            };
            let target = gcnkit::syntax::branch_target(&i, pc as usize);
            if i.def().is_none() {
                problems.push(format!(
                    "0x{pc:x}: not an instruction of {} (0x{:08x})",
                    arch.name(),
                    i.words()[0]
                ));
            }
            seen.insert(pc, i);
            run.push(Inst { pc, instr: i });
            match flow {
                Some(Flow::End) | Some(Flow::SetPc) => break,
                Some(Flow::SwapPc) | Some(Flow::Call) => {
                    if let Some(t) = crate::cfg::call_target(&run) {
                        if (t as u64) < end && t % 4 == 0 && !seen.contains_key(&t) {
                            work.push(t);
                        }
                    }
                }
                Some(Flow::Branch(c)) => {
                    if let Some(t) = target {
                        if t >= 0 && (t as u64) < end {
                            work.push(t as u32);
                        } else {
                            problems.push(format!("0x{pc:x}: branch to 0x{t:x}, outside the code"));
                        }
                    }
                    if c == Cond::Always {
                        break;
                    }
                }
                _ => {}
            }
            pc += size;
        }
    }
    let insts = seen.into_iter().map(|(pc, instr)| Inst { pc, instr }).collect();
    (insts, problems)
}

impl Program {
    /// Machine code at offset 0 as one program (assembly text's words): no descriptor,
    /// EXEC the only register known at the start.
    pub fn from_words(name: &str, arch: Arch, words: &[u32]) -> Program {
        let (insts, problems) = discover(arch, words, 0);
        let mut initial = RegSet::EMPTY;
        initial.insert_range(EXEC, 2);
        Program {
            name: name.to_string(),
            arch,
            entry: 0,
            insts,
            initial,
            descriptor: None,
            meta: Meta::default(),
            symbols: BTreeMap::new(),
            problems,
        }
    }
}

/// The registers a kernel starts with: user SGPRs s0.. (their count from COMPUTE_PGM_RSRC2),
/// then the enabled system SGPRs (work-group ids, work-group info, the scratch wave offset),
/// the work-item id VGPRs v0..v2 and EXEC (AMDGPUUsage, *Initial Kernel Execution State*).
pub fn initial_registers(s: &dispatch::Setup) -> RegSet {
    let mut r = RegSet::EMPTY;
    let system = s.workgroup_id.iter().filter(|x| **x).count() as u16 + s.workgroup_info as u16 + s.wave_offset as u16;
    r.insert_range(0, s.user_sgprs as u16 + system);
    r.insert_range(V0, s.workitem_ids as u16 + 1);
    r.insert_range(EXEC, 2);
    r
}

/// Every kernel of a code object (ELF bytes), or the error that it is not one.
pub fn kernels(data: &[u8]) -> Result<Vec<Program>, String> {
    if !codeobj::is_elf(data) {
        return Err("not a code object (no ELF header)".into());
    }
    let co = codeobj::read(data).map_err(|e| e.0)?;
    let infos = dispatch::kernels(data)?;
    let target = co.kd_target();
    let metas = meta_records(&co);
    let mut out = Vec::new();
    for k in infos {
        // The kernel's section: the one whose symbol of that name holds the entry.
        let sec = co
            .sections
            .iter()
            .find(|s| s.symbols.iter().any(|y| y.name == k.name))
            .ok_or_else(|| format!("kernel {}: no symbol for its code", k.name))?;
        let symbols: BTreeMap<u32, String> = sec
            .symbols
            .iter()
            .filter(|y| !y.name.is_empty() && !y.name.starts_with(".L") && !y.name.ends_with(".kd"))
            .map(|y| (y.offset as u32, y.name.clone()))
            .collect();
        let descriptor = if k.version >= 3 {
            co.descriptors.iter().find(|d| d.kernel == k.name).map(|d| Descriptor {
                rsrc1: u32::from_le_bytes(d.bytes[48..52].try_into().unwrap()),
                rsrc2: u32::from_le_bytes(d.bytes[52..56].try_into().unwrap()),
                lds_bytes: k.setup.group_segment_size,
                scratch_bytes: k.setup.private_segment_size,
                target,
            })
        } else {
            co.v2_headers()
                .find(|(_, y, _)| y.name == k.name)
                .map(|(_, _, h)| Descriptor {
                    rsrc1: u32::from_le_bytes(h[48..52].try_into().unwrap()),
                    rsrc2: u32::from_le_bytes(h[52..56].try_into().unwrap()),
                    lds_bytes: k.setup.group_segment_size,
                    scratch_bytes: k.setup.private_segment_size,
                    target,
                })
        };
        let mut meta = metas.get(&k.name).cloned().unwrap_or_default();
        if meta.reqd_workgroup_size.is_none() {
            meta.reqd_workgroup_size = k.reqd_block;
        }
        if k.version < 3 {
            // v2 headers carry the counts too (wavefront_sgpr_count, workitem_vgpr_count).
            if let Some((_, _, h)) = co.v2_headers().find(|(_, y, _)| y.name == k.name) {
                if let Ok(f) = akc::fields(h) {
                    let get = |n: &str| f.iter().find(|(k, _)| *k == n).map(|(_, v)| *v as u32);
                    meta.sgpr_count = meta.sgpr_count.or(get("wavefront_sgpr_count"));
                    meta.vgpr_count = meta.vgpr_count.or(get("workitem_vgpr_count"));
                }
            }
        }
        let (insts, problems) = discover(k.arch, &k.code, k.entry);
        out.push(Program {
            name: k.name.clone(),
            arch: k.arch,
            entry: k.entry,
            insts,
            initial: initial_registers(&k.setup),
            descriptor,
            meta,
            symbols,
            problems,
        });
    }
    Ok(out)
}

/// The metadata's per-kernel figures by kernel name (v3+ msgpack or v2 YAML).
fn meta_records(co: &codeobj::CodeObject) -> BTreeMap<String, Meta> {
    let mut out = BTreeMap::new();
    let u = |v: &serde_json::Value| v.as_u64().map(|x| x as u32);
    let dims = |v: &serde_json::Value| {
        let a = v.as_array()?;
        Some([u(a.first()?)?, u(a.get(1)?)?, u(a.get(2)?)?])
    };
    if co.version.unwrap_or(2) >= 3 {
        if let Some(n) = co.note("AMDGPU", 32) {
            if let Ok(doc) = codeobj::metadata::metadata_json(&n.desc) {
                for k in doc["amdhsa.kernels"].as_array().into_iter().flatten() {
                    let name = k[".name"].as_str().unwrap_or_default().to_string();
                    out.insert(
                        name,
                        Meta {
                            vgpr_count: u(&k[".vgpr_count"]),
                            sgpr_count: u(&k[".sgpr_count"]),
                            vgpr_spill_count: u(&k[".vgpr_spill_count"]),
                            sgpr_spill_count: u(&k[".sgpr_spill_count"]),
                            max_flat_workgroup_size: u(&k[".max_flat_workgroup_size"]),
                            reqd_workgroup_size: dims(&k[".reqd_workgroup_size"]),
                        },
                    );
                }
            }
        }
    } else if let Some(n) = co.note("AMD", 10) {
        if let Ok(doc) = codeobj::metadata::yaml_json(&String::from_utf8_lossy(&n.desc)) {
            for k in doc["Kernels"].as_array().into_iter().flatten() {
                let name = k["Name"].as_str().unwrap_or_default().to_string();
                let p = &k["CodeProps"];
                out.insert(
                    name,
                    Meta {
                        vgpr_count: u(&p["NumVGPRs"]),
                        sgpr_count: u(&p["NumSGPRs"]),
                        vgpr_spill_count: u(&p["NumSpilledVGPRs"]),
                        sgpr_spill_count: u(&p["NumSpilledSGPRs"]),
                        max_flat_workgroup_size: u(&p["MaxFlatWorkGroupSize"]),
                        reqd_workgroup_size: dims(&k["Attrs"]["ReqdWorkGroupSize"]),
                    },
                );
            }
        }
    }
    out
}

/// Byte offsets that start a basic block in `insts`, beside the entry: branch targets.
pub fn branch_targets(insts: &[Inst]) -> BTreeSet<u32> {
    insts
        .iter()
        .filter(|i| matches!(flow_of(&i.instr), Some(Flow::Branch(_))))
        .filter_map(|i| gcnkit::syntax::branch_target(&i.instr, i.pc as usize))
        .filter(|t| *t >= 0)
        .map(|t| t as u32)
        .collect()
}

/// The control-flow semantics of an instruction's row, if it has any.
pub fn flow_of(i: &Instr) -> Option<Flow> {
    match i.def().and_then(|d| d.sem) {
        Some(Sem::Flow(f)) => Some(f),
        _ => None,
    }
}

/// The programs of assembly text (`name` for messages; `arch`: the CPU given, with its name
/// as given, else the text's own or the default): its kernels if it makes an object with
/// some (`.amdhsa_kernel`, `.amd_kernel_code_t`), else the whole text as one program from
/// its first instruction. Errors: the assembler's diagnostics, one per line.
pub fn from_text(name: &str, text: &str, arch: Option<(Arch, &str)>) -> Result<Vec<Program>, String> {
    let mut asm = Assembler::new(arch.map_or(Arch::Gcn12, |x| x.0), Dialect::Auto, name);
    asm = match arch {
        None => asm.arch_is_default(),
        Some((_, given)) => asm.processor(given),
    };
    for (n, line) in text.lines().enumerate() {
        asm.line(n + 1, line);
    }
    let arch = asm.arch();
    let (items, diags, parts) = asm.finish_object();
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect();
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    if !items.iter().any(|i| !i.data) {
        return Err(format!("{name}: error: no code (the text has no instructions)"));
    }
    if let Ok(obj) = gcnkit::codeobj::write::object_of(arch, &items, &parts) {
        if let Ok(ks) = kernels(&obj) {
            if !ks.is_empty() {
                return Ok(ks);
            }
        }
    }
    // One program: the words at their offsets (gaps as zeros).
    let mut words = Vec::new();
    for it in &items {
        let at = it.offset as usize / 4;
        if words.len() < at {
            words.resize(at, 0);
        }
        words.truncate(at);
        words.extend_from_slice(it.words());
    }
    let base = std::path::Path::new(name)
        .file_stem()
        .map_or("program".into(), |s| s.to_string_lossy().into_owned());
    Ok(vec![Program::from_words(&base, arch, &words)])
}
