//! The runtime's view of the GPUs ([`gcnkit::emu::gpus`] holds their figures): which one
//! `GCNKIT_GPU` picks (`gcnkit exec -a` sets it; gfx906 by default) and the limits every GCN
//! GPU shares.

pub use gcnkit::emu::gpus::{Gpu, GPUS, LDS_BYTES, MAX_THREADS_PER_BLOCK, MAX_THREADS_PER_CU, REGS_PER_BLOCK, WAVE};

/// The GPU `GCNKIT_GPU` names, gfx906 when it is not set; the error names what is wrong.
pub fn from_env() -> Result<&'static Gpu, String> {
    match std::env::var("GCNKIT_GPU") {
        Ok(v) if !v.is_empty() => {
            Gpu::by_name(&v).ok_or_else(|| format!("GCNKIT_GPU={v} is not a GPU gcnkit-hip models ({})", Gpu::names()))
        }
        _ => Ok(&GPUS[0]),
    }
}
