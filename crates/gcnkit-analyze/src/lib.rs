//! gcnkit-analyze: what a GCN kernel is made of, statically — its control-flow graph
//! ([`cfg`]: blocks, edges, loops and their depth, uniform and divergent branches), which
//! registers are live where ([`liveness`]: pressure and its peak, reads of registers never
//! written, writes never read), what it allocates and the occupancy that allows
//! ([`resources`], with the source of every limit), and its instruction mix ([`mix`]).
//!
//! It reads kernels through the `gcnkit` library's public API only: the decoder, the operand
//! layout (roles, register codes, widths: [`effects`] derives reads and writes from it, not
//! from a table of its own), the instruction table's flags and semantics, the code-object
//! reader and the dispatcher's kernel set-up. `gcnkit analyze` (the CLI) prints
//! [`report`]'s text, JSON or DOT.
//!
//! ```
//! use gcnkit::{asm::{assemble, Dialect}, Arch};
//! use gcnkit_analyze::{analyze, program::Program};
//!
//! let src = "s_mov_b32 s0, 4\nloop:\ns_sub_u32 s0, s0, 1\ns_cmp_lg_u32 s0, 0\ns_cbranch_scc1 loop\ns_endpgm\n";
//! let (items, _) = assemble(Arch::Gcn14, Dialect::Llvm, "k.s", src);
//! let words: Vec<u32> = items.iter().flat_map(|i| i.words().to_vec()).collect();
//! let a = analyze(&Program::from_words("k", Arch::Gcn14, &words), None);
//! assert_eq!(a.cfg.blocks.len(), 3);
//! assert_eq!(a.cfg.loops.len(), 1);
//! assert_eq!(a.cfg.blocks[1].loop_depth, 1);
//! ```

pub mod cfg;
pub mod cycles;
pub mod effects;
pub mod fidelity;
pub mod liveness;
pub mod mix;
mod picture;
pub mod profile;
pub mod program;
pub mod regs;
pub mod report;
pub mod resources;

use program::Program;
use regs::{RegSet, VCC};
use resources::{Allocation, Occupancy};

/// The registers the code itself touches and what the hardware adds to them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Used {
    /// Highest VGPR any instruction reads or writes, plus one (0: none).
    pub vgprs: u32,
    /// Highest general SGPR any instruction touches, plus one, as clang counts it: the
    /// ABI's initial SGPRs count only where the code touches them.
    pub sgprs: u32,
    /// SGPRs the hardware loads at the start (user and system SGPRs): these fit in the
    /// descriptor's allocation even when the code reads fewer.
    pub initial_sgprs: u32,
    pub vcc: bool,
    pub flat_scratch: bool,
    /// The target reserves XNACK_MASK (GCN 1.2+ with XNACK on or "any"); see
    /// [`extra_sgprs`] for why it is not counted.
    pub xnack: bool,
    /// SGPRs placed after the kernel's own, as clang counts them ([`extra_sgprs`]).
    pub extra_sgprs: u32,
}

/// Everything the analysis finds for one program.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub program: Program,
    pub cfg: cfg::Cfg,
    pub liveness: liveness::Liveness,
    pub used: Used,
    pub allocation: Option<Allocation>,
    pub occupancy: Occupancy,
    pub mix: mix::Mix,
    pub block_mix: Vec<mix::Mix>,
    /// The static cycle estimate of each block ([`cycles`]: one wave's issue, no latency).
    pub block_cycles: Vec<cycles::Estimate>,
    /// A run's profile put on the blocks ([`Analysis::with_profile`]).
    pub profile: Option<profile::Attached>,
}

impl Analysis {
    /// The analysis with `p` (a profile of this kernel's code) put on its blocks.
    pub fn with_profile(mut self, p: &profile::Profile) -> Result<Analysis, String> {
        self.profile = Some(profile::attach(&self, p)?);
        Ok(self)
    }
}

/// The extra SGPRs as clang 14 counts them into a kernel's SGPRs (LLVM's
/// `getNumExtraSGPRs`): 2 for VCC; with FLAT_SCRATCH 4 on GCN 1.1 and 6 on GCN 1.2+ (VCC,
/// FLAT_SCRATCH and XNACK_MASK's place). XNACK_MASK alone adds nothing: in every clang-14
/// kernel of the corpus for gfx900/gfx906 (XNACK on in code object v2/v3, "any" in v4+,
/// `.amdhsa_reserve_xnack_mask 1`) the metadata's `.sgpr_count` and the descriptor's SGPR
/// granules are the code's SGPRs + 2 for VCC (tests/corpus.rs), so `xnack` is reported but
/// not added.
pub fn extra_sgprs(arch: gcnkit::Arch, vcc: bool, flat_scratch: bool) -> u32 {
    let mut n = if vcc { 2 } else { 0 };
    if flat_scratch {
        n = if arch < gcnkit::Arch::Gcn12 { 4 } else { 6 };
    }
    n
}

/// What the code touches, with the hardware's extras.
pub fn used(p: &Program, touched: &RegSet) -> Used {
    let arch = p.arch;
    let all = touched;
    let fs = if arch >= gcnkit::Arch::Gcn12 { 102 } else { 104 };
    let flat_scratch = arch >= gcnkit::Arch::Gcn11 && (touched.contains(fs) || touched.contains(fs + 1));
    let vcc = touched.contains(VCC) || touched.contains(VCC + 1);
    let xnack = arch >= gcnkit::Arch::Gcn12 && p.descriptor.as_ref().is_some_and(|d| d.target.xnack);
    Used {
        vgprs: all.max_vgpr().map_or(0, |v| v as u32 + 1),
        sgprs: all.max_sgpr(arch).map_or(0, |v| v as u32 + 1),
        initial_sgprs: p.initial.max_sgpr(arch).map_or(0, |v| v as u32 + 1),
        vcc,
        flat_scratch,
        xnack,
        extra_sgprs: extra_sgprs(arch, vcc, flat_scratch),
    }
}

/// The work-group size occupancy is computed for: OpenCL's `reqd_work_group_size`, else the
/// metadata's maximum flat size, else 256 (clang's default maximum for a kernel).
pub fn workgroup_size(p: &Program) -> u32 {
    if let Some(r) = p.meta.reqd_workgroup_size {
        return r.iter().product::<u32>().max(1);
    }
    p.meta.max_flat_workgroup_size.unwrap_or(256).max(1)
}

/// Analyses `p`. `workgroup_size`: for occupancy (default [`workgroup_size`]).
pub fn analyze(p: &Program, workgroup_size: Option<u32>) -> Analysis {
    let cfg = cfg::Cfg::build(p);
    let liveness = liveness::analyze(p, &cfg);
    let used = used(p, &liveness.touched);
    let allocation = p.descriptor.as_ref().map(|d| resources::allocation(p.arch, d));
    let wg = workgroup_size.unwrap_or_else(|| self::workgroup_size(p));
    let occupancy = match &allocation {
        Some(a) => resources::occupancy(p.arch, a.vgprs, a.sgprs, a.lds_bytes, wg),
        None => resources::occupancy(p.arch, used.vgprs, used.sgprs + used.extra_sgprs, 0, wg),
    };
    let mix = mix::Mix::of(&p.insts);
    let block_mix = cfg
        .blocks
        .iter()
        .map(|b| mix::Mix::of(&p.insts[b.start..b.end]))
        .collect();
    let block_cycles = cfg
        .blocks
        .iter()
        .map(|b| cycles::Estimate::of(&p.insts[b.start..b.end]))
        .collect();
    Analysis {
        program: p.clone(),
        cfg,
        liveness,
        used,
        allocation,
        occupancy,
        mix,
        block_cycles,
        block_mix,
        profile: None,
    }
}
