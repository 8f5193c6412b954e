//! Registers, LDS and scratch as the hardware allocates them, and the occupancy they allow,
//! per generation. Sources (LLVM 14's `AMDGPUBaseInfo.cpp` `IsaInfo` functions and
//! `GCNSubtarget::getOccupancyWithNumSGPRs`, and AMDGPUUsage's COMPUTE_PGM_RSRC1/2 tables;
//! read through the project's search tool, facts only):
//!
//! - VGPRs: COMPUTE_PGM_RSRC1.VGPRS counts granules of 4 (`getVGPREncodingGranule`); 256
//!   VGPRs per lane per SIMD (`getTotalNumVGPRs`), allocated in granules of 4
//!   (`getVGPRAllocGranule`); waves per SIMD = min(10, 256 / granulated VGPRs).
//! - SGPRs: RSRC1.SGPRS counts granules of 8 (`getSGPREncodingGranule`); the SIMD's file is
//!   512 on GCN 1.0/1.1 and 800 on GCN 1.2/1.4 (`getTotalNumSGPRs`), allocated in granules of
//!   8 / 16 (`getSGPRAllocGranule`). The counts include the extra SGPRs the hardware places
//!   after the kernel's own: VCC (2), FLAT_SCRATCH (GCN 1.1: 4 with VCC; 1.2+: 6 with VCC
//!   and XNACK_MASK) and XNACK_MASK (1.2+, 4 with VCC) (`getNumExtraSGPRs`). Waves per SIMD
//!   by SGPRs: LLVM's table (GCN 1.0/1.1: ≤48 → 10, ≤56 → 9, ≤64 → 8, ≤72 → 7, ≤80 → 6,
//!   else 5; GCN 1.2+: ≤80 → 10, ≤88 → 9, ≤100 → 8, else 7).
//! - gfx802/gfx805's SGPR-init bug: every kernel allocates 96 SGPRs
//!   (`FIXED_NUM_SGPRS_FOR_INIT_BUG`).
//! - At most 10 waves per SIMD (`getMaxWavesPerEU`), 4 SIMDs per CU (`getEUsPerCU`): 40 per CU.
//! - LDS: 64 KiB per CU (`getLocalMemorySize` on GCN), allocated in granules of 64 dwords on
//!   GCN 1.0 and 128 dwords from GCN 1.1 (AMDGPUUsage, RSRC2.LDS_SIZE).
//! - Work-groups per CU: a work-group of more than one wave needs a barrier slot, 16 per CU
//!   (`getMaxWorkGroupsPerCU`); its waves are on the CU at once.
//! - Scratch: RSRC1/descriptor's private segment size per work-item.

use crate::program::Descriptor;
use gcnkit::Arch;

pub const MAX_WAVES_PER_SIMD: u32 = 10;
pub const SIMDS_PER_CU: u32 = 4;
pub const VGPRS_PER_SIMD_LANE: u32 = 256;
pub const VGPR_GRANULE: u32 = 4;
pub const LDS_PER_CU: u32 = 65536;
pub const BARRIER_SLOTS_PER_CU: u32 = 16;

/// The SGPR file of one SIMD.
pub fn sgpr_file(arch: Arch) -> u32 {
    if arch >= Arch::Gcn12 {
        800
    } else {
        512
    }
}

/// The SGPR allocation granule.
pub fn sgpr_alloc_granule(arch: Arch) -> u32 {
    if arch >= Arch::Gcn12 {
        16
    } else {
        8
    }
}

/// LDS allocation granule in bytes.
pub fn lds_granule(arch: Arch) -> u32 {
    if arch == Arch::Gcn10 {
        256
    } else {
        512
    }
}

/// Waves per SIMD that `vgprs` VGPRs per lane allow.
pub fn waves_by_vgprs(vgprs: u32) -> u32 {
    let g = vgprs.max(1).div_ceil(VGPR_GRANULE) * VGPR_GRANULE;
    (VGPRS_PER_SIMD_LANE / g).clamp(1, MAX_WAVES_PER_SIMD)
}

/// Waves per SIMD that `sgprs` SGPRs (extras included) allow: LLVM's table.
pub fn waves_by_sgprs(arch: Arch, sgprs: u32) -> u32 {
    let steps: &[(u32, u32)] = if arch >= Arch::Gcn12 {
        &[(80, 10), (88, 9), (100, 8)]
    } else {
        &[(48, 10), (56, 9), (64, 8), (72, 7), (80, 6)]
    };
    steps
        .iter()
        .find(|(n, _)| sgprs <= *n)
        .map_or(if arch >= Arch::Gcn12 { 7 } else { 5 }, |s| s.1)
}

/// The descriptor's allocation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allocation {
    /// VGPRs per lane: (RSRC1.VGPRS + 1) × 4.
    pub vgprs: u32,
    /// SGPRs as encoded: (RSRC1.SGPRS + 1) × 8 (96 with the SGPR-init bug).
    pub sgprs: u32,
    /// SGPRs as the SIMD allocates them (the alloc granule).
    pub sgprs_allocated: u32,
    pub lds_bytes: u32,
    pub lds_allocated: u32,
    pub scratch_bytes: u32,
    /// User SGPRs (RSRC2.USER_SGPR).
    pub user_sgprs: u32,
}

pub fn allocation(arch: Arch, d: &Descriptor) -> Allocation {
    let vgprs = ((d.rsrc1 & 63) + 1) * VGPR_GRANULE;
    let sgprs = if d.target.sgpr_init_bug {
        96
    } else {
        ((d.rsrc1 >> 6 & 15) + 1) * 8
    };
    let g = sgpr_alloc_granule(arch);
    Allocation {
        vgprs: vgprs.min(256),
        sgprs,
        sgprs_allocated: sgprs.div_ceil(g) * g,
        lds_bytes: d.lds_bytes,
        lds_allocated: d.lds_bytes.div_ceil(lds_granule(arch)) * lds_granule(arch),
        scratch_bytes: d.scratch_bytes,
        user_sgprs: d.rsrc2 >> 1 & 31,
    }
}

/// What limits occupancy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limiter {
    /// Nothing below the 10 waves per SIMD.
    Waves,
    Vgprs,
    Sgprs,
    Lds,
    /// Barrier slots (16 work-groups of more than one wave per CU).
    Workgroups,
}

impl Limiter {
    pub fn name(self) -> &'static str {
        match self {
            Limiter::Waves => "waves",
            Limiter::Vgprs => "vgprs",
            Limiter::Sgprs => "sgprs",
            Limiter::Lds => "lds",
            Limiter::Workgroups => "workgroups",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occupancy {
    /// Waves per SIMD by registers alone (LLVM's "Occupancy" figure).
    pub waves_per_simd: u32,
    pub by_vgprs: u32,
    pub by_sgprs: u32,
    /// Work-group size used (waves per group = its size / 64, rounded up).
    pub workgroup_size: u32,
    pub waves_per_group: u32,
    /// Work-groups per CU and the waves they make.
    pub groups_per_cu: u32,
    pub waves_per_cu: u32,
    /// Work-groups per CU each resource allows.
    pub groups_by_registers: u32,
    pub groups_by_lds: Option<u32>,
    pub groups_by_slots: u32,
    pub limiter: Limiter,
    /// (VGPRs to free, waves per SIMD then): each step up from here to 10 waves.
    pub vgpr_steps: Vec<(u32, u32)>,
}

/// Occupancy of a kernel with `vgprs` and `sgprs` (as allocated), `lds` bytes of LDS and
/// work-groups of `workgroup_size` work-items.
pub fn occupancy(arch: Arch, vgprs: u32, sgprs: u32, lds: u32, workgroup_size: u32) -> Occupancy {
    let by_vgprs = waves_by_vgprs(vgprs);
    let by_sgprs = waves_by_sgprs(arch, sgprs);
    let per_simd = by_vgprs.min(by_sgprs);
    let wpg = workgroup_size.max(1).div_ceil(64);
    let groups_by_registers = per_simd * SIMDS_PER_CU / wpg;
    let groups_by_lds = (lds > 0).then(|| LDS_PER_CU / (lds.div_ceil(lds_granule(arch)) * lds_granule(arch)));
    let groups_by_slots = if wpg == 1 {
        MAX_WAVES_PER_SIMD * SIMDS_PER_CU
    } else {
        BARRIER_SLOTS_PER_CU
    };
    let groups = groups_by_registers
        .min(groups_by_lds.unwrap_or(u32::MAX))
        .min(groups_by_slots);
    let limiter = if groups == groups_by_registers && per_simd < MAX_WAVES_PER_SIMD {
        if by_vgprs <= by_sgprs {
            Limiter::Vgprs
        } else {
            Limiter::Sgprs
        }
    } else if Some(groups) == groups_by_lds && groups < groups_by_registers {
        Limiter::Lds
    } else if groups == groups_by_slots && groups < groups_by_registers {
        Limiter::Workgroups
    } else {
        Limiter::Waves
    };
    let mut vgpr_steps = Vec::new();
    let g = vgprs.max(1).div_ceil(VGPR_GRANULE) * VGPR_GRANULE;
    for w in by_vgprs + 1..=MAX_WAVES_PER_SIMD {
        let fit = VGPRS_PER_SIMD_LANE / w / VGPR_GRANULE * VGPR_GRANULE;
        if fit < g && vgpr_steps.last().is_none_or(|s: &(u32, u32)| s.0 != g - fit) {
            vgpr_steps.push((g - fit, w));
        }
    }
    Occupancy {
        waves_per_simd: per_simd,
        by_vgprs,
        by_sgprs,
        workgroup_size,
        waves_per_group: wpg,
        groups_per_cu: groups,
        waves_per_cu: groups * wpg,
        groups_by_registers,
        groups_by_lds,
        groups_by_slots,
        limiter,
        vgpr_steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vgpr_steps() {
        // 256/24 = 10.67 → 10; 256/28 = 9.1 → 9; 256/32 = 8; 256/36 = 7.1; 256/84 = 3.05.
        assert_eq!(waves_by_vgprs(24), 10);
        assert_eq!(waves_by_vgprs(25), 9);
        assert_eq!(waves_by_vgprs(32), 8);
        assert_eq!(waves_by_vgprs(84), 3);
        assert_eq!(waves_by_vgprs(256), 1);
        let o = occupancy(Arch::Gcn14, 84, 16, 0, 256);
        assert_eq!(o.waves_per_simd, 3);
        assert_eq!(o.limiter, Limiter::Vgprs);
        // 4 waves need ≤ 64 VGPRs (free 20), 5 ≤ 48 (36), ... 10 ≤ 24 (60).
        assert_eq!(o.vgpr_steps[0], (20, 4));
        assert_eq!(o.vgpr_steps.last(), Some(&(60, 10)));
    }

    #[test]
    fn sgpr_tables() {
        assert_eq!(waves_by_sgprs(Arch::Gcn10, 48), 10);
        assert_eq!(waves_by_sgprs(Arch::Gcn10, 49), 9);
        assert_eq!(waves_by_sgprs(Arch::Gcn11, 104), 5);
        assert_eq!(waves_by_sgprs(Arch::Gcn12, 80), 10);
        assert_eq!(waves_by_sgprs(Arch::Gcn14, 96), 8);
        assert_eq!(waves_by_sgprs(Arch::Gcn14, 104), 7);
    }

    #[test]
    fn lds_and_slots() {
        // 16 KiB of LDS per group of 256 items (4 waves): 4 groups per CU = 16 waves, 4 per SIMD.
        let o = occupancy(Arch::Gcn14, 8, 16, 16384, 256);
        assert_eq!((o.groups_per_cu, o.waves_per_cu, o.limiter), (4, 16, Limiter::Lds));
        // Groups of 2 waves, small registers: 16 barrier slots → 32 waves < 40.
        let o = occupancy(Arch::Gcn12, 8, 16, 0, 128);
        assert_eq!(
            (o.groups_per_cu, o.waves_per_cu, o.limiter),
            (16, 32, Limiter::Workgroups)
        );
        // One-wave groups need no barrier: 40 waves per CU.
        let o = occupancy(Arch::Gcn10, 8, 16, 0, 64);
        assert_eq!((o.waves_per_cu, o.limiter), (40, Limiter::Waves));
        // GCN 1.0's 256-byte LDS granule: 300 bytes take 512, 128 groups.
        assert_eq!(occupancy(Arch::Gcn10, 8, 16, 300, 64).groups_by_lds, Some(128));
        assert_eq!(occupancy(Arch::Gcn11, 8, 16, 300, 64).groups_by_lds, Some(128));
        assert_eq!(occupancy(Arch::Gcn11, 8, 16, 600, 64).groups_by_lds, Some(64));
    }
}
