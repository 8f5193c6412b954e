//! The GPUs the kernel machine models as whole devices, with their real figures (AMD's
//! product specifications; what ROCm 5.2 reports for the same boards): a runtime's device
//! properties (`hipGetDeviceProperties`) come from here, and `gcnkit exec -a` checks its GPU
//! against this list.

use crate::arch::Arch;

/// One GPU: the board ROCm would report and its limits.
#[derive(Debug)]
pub struct Gpu {
    /// LLVM processor name (`gfx906`).
    pub processor: &'static str,
    /// `hipDeviceProp_t::name`.
    pub name: &'static str,
    /// Target features and their settings on this board (`sramecc+`, `xnack-`).
    pub features: &'static [(&'static str, bool)],
    pub arch: Arch,
    /// `gcnArch` (deprecated in HIP, still filled): 906.
    pub gcn_arch: i32,
    pub compute_units: i32,
    /// Engine clock, kHz.
    pub clock_khz: i32,
    /// Memory clock, kHz.
    pub memory_clock_khz: i32,
    pub memory_bus_bits: i32,
    pub memory_bytes: u64,
    pub l2_bytes: i32,
    pub pci_device_id: i32,
}

pub const WAVE: i32 = 64;
pub const LDS_BYTES: i32 = 65536;
pub const MAX_THREADS_PER_BLOCK: i32 = 1024;
/// 40 waves of 64 per CU (10 per SIMD).
pub const MAX_THREADS_PER_CU: i32 = 2560;
/// VGPRs × lanes of one SIMD's register file (what ROCm reports as registers per block).
pub const REGS_PER_BLOCK: i32 = 65536;

pub static GPUS: &[Gpu] = &[
    Gpu {
        processor: "gfx906",
        name: "AMD Radeon Instinct MI50",
        features: &[("sramecc", true), ("xnack", false)],
        arch: Arch::Gcn141,
        gcn_arch: 906,
        compute_units: 60,
        clock_khz: 1_725_000,
        memory_clock_khz: 1_000_000,
        memory_bus_bits: 4096,
        memory_bytes: 16 << 30,
        l2_bytes: 4 << 20,
        pci_device_id: 0x66a1,
    },
    Gpu {
        processor: "gfx900",
        name: "AMD Radeon Instinct MI25",
        features: &[("xnack", false)],
        arch: Arch::Gcn14,
        gcn_arch: 900,
        compute_units: 64,
        clock_khz: 1_500_000,
        memory_clock_khz: 945_000,
        memory_bus_bits: 2048,
        memory_bytes: 16 << 30,
        l2_bytes: 4 << 20,
        pci_device_id: 0x6860,
    },
    Gpu {
        processor: "gfx803",
        name: "Radeon RX 580 Series",
        features: &[],
        arch: Arch::Gcn12,
        gcn_arch: 803,
        compute_units: 36,
        clock_khz: 1_340_000,
        memory_clock_khz: 2_000_000,
        memory_bus_bits: 256,
        memory_bytes: 8 << 30,
        l2_bytes: 2 << 20,
        pci_device_id: 0x67df,
    },
    Gpu {
        processor: "gfx802",
        name: "AMD Radeon R9 285",
        features: &[],
        arch: Arch::Gcn12,
        gcn_arch: 802,
        compute_units: 28,
        clock_khz: 918_000,
        memory_clock_khz: 1_375_000,
        memory_bus_bits: 256,
        memory_bytes: 2 << 30,
        l2_bytes: 768 << 10,
        pci_device_id: 0x6939,
    },
    Gpu {
        processor: "gfx701",
        name: "AMD FirePro W9100",
        features: &[],
        arch: Arch::Gcn11,
        gcn_arch: 701,
        compute_units: 44,
        clock_khz: 930_000,
        memory_clock_khz: 1_250_000,
        memory_bus_bits: 512,
        memory_bytes: 16 << 30,
        l2_bytes: 1 << 20,
        pci_device_id: 0x67a0,
    },
];

impl Gpu {
    /// `gfx906`, or a name the CLI takes for it; `None` for a GPU not modelled.
    pub fn by_name(name: &str) -> Option<&'static Gpu> {
        let n = name.trim().to_ascii_lowercase();
        let n = match n.as_str() {
            "vega20" => "gfx906",
            "vega10" => "gfx900",
            "polaris10" | "ellesmere" => "gfx803",
            "tonga" => "gfx802",
            "hawaii" => "gfx701",
            other => other,
        };
        GPUS.iter().find(|g| g.processor == n)
    }

    /// The processors modelled, for messages.
    pub fn names() -> String {
        GPUS.iter().map(|g| g.processor).collect::<Vec<_>>().join(", ")
    }

    /// `gcnArchName`: the processor and its feature settings (`gfx906:sramecc+:xnack-`).
    pub fn arch_name(&self) -> String {
        let mut s = self.processor.to_string();
        for (f, on) in self.features {
            s.push_str(&format!(":{f}{}", if *on { '+' } else { '-' }));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(Gpu::by_name("gfx906").unwrap().arch_name(), "gfx906:sramecc+:xnack-");
        assert_eq!(Gpu::by_name("GFX803").unwrap().arch_name(), "gfx803");
        assert!(Gpu::by_name("gfx1030").is_none());
        assert_eq!(Gpu::by_name("vega20").unwrap().processor, "gfx906");
    }
}
