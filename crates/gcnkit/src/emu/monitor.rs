//! What a checker sees of a run (`gcnkit run --check`, `gcnkit exec --check`): each
//! instruction a wave is about to execute and each memory access it made, in the wave's
//! order, with where it happened. The checks themselves live above the library
//! (`gcnkit-check`); the machine only reports. While a monitor watches, every instruction
//! takes the general path (planned runs and the planned memory path are off), so nothing is
//! skipped; the functional results are the same.

use super::dispatch::KernelInfo;
use super::memory::Memory;
use super::wave::Wave;

/// Where an access went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// Device memory (global, constant, kernarg...): a 64-bit address.
    Global,
    /// The wave's own scratch (private memory): a 64-bit address.
    Private,
    /// The work-group's LDS: a byte offset.
    Lds,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessKind {
    Read,
    Write,
    /// A read-modify-write the hardware does as one (no race with another atomic).
    Atomic,
}

/// One lane's access of `bytes` bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    /// The lane (0 for scalar loads).
    pub lane: u8,
    pub space: Space,
    pub addr: u64,
    pub bytes: u8,
    pub kind: AccessKind,
    /// Whether every byte read had been written before (by the host or a kernel); reads and
    /// atomics only, and only where definedness is tracked ([`Memory::track`]; LDS: always).
    pub defined: bool,
    /// The instruction asked for coherent access (GLC): how compiled code reads and writes
    /// memory other work-groups use to talk to it (HIP's atomic loads and stores).
    pub coherent: bool,
}

/// A checker: told of each launch, it gives the launch's monitor.
pub trait Checker: Send + Sync {
    /// The monitor of one launch of `k` with `groups` work-groups per dimension (its memory
    /// as the launch begins).
    fn launch(&self, k: &KernelInfo, groups: [u32; 3], mem: &Memory) -> Box<dyn Monitor>;
}

/// One launch's monitor: each worker thread gets its own watch (work-groups one after
/// another); [`Monitor::finish`] is called once every worker has ended (with the memory as
/// the launch left it).
pub trait Monitor: Sync {
    fn worker(&self) -> Box<dyn Watch + '_>;
    fn finish(&self, _mem: &Memory) {}
    /// A grid barrier released (global wave sync in a resident grid, every work-group's wave
    /// waited at it): what any work-group did before it happened before what any does after.
    fn grid_synced(&self) {}
}

/// A worker's watch over the work-groups it runs.
pub trait Watch {
    /// Work-group `id` starts with `waves` waves.
    fn group(&mut self, id: [u32; 3], waves: usize);
    /// Wave `wave` is about to execute the instruction at `pc` (byte offset in the code).
    fn instruction(&mut self, wave: usize, pc: u32, w: &Wave);
    /// The accesses the instruction at `pc` just made (in lane order).
    fn accesses(&mut self, wave: usize, pc: u32, a: &[Access], mem: &Memory);
}
