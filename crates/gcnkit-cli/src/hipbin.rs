//! HIP programs as inputs of `disasm` and `run`: a host executable or shared library built by
//! hipcc carries its GPU code objects in `.hip_fatbin`; `-a` picks the GPU's.

use gcnkit::codeobj::bundle::{for_arch, HostEntry};
use gcnkit::Arch;

/// The code objects of host binary `data` for `arch` ([`for_arch`]), errors naming the file.
pub fn select<'a>(name: &str, data: &'a [u8], arch: Option<Arch>) -> Option<Result<Vec<HostEntry<'a>>, String>> {
    Some(for_arch(data, arch, "-a")?.map_err(|e| format!("{name}: {e}")))
}
