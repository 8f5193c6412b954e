//! Dispatch: what a kernel of a code object needs to start (DESIGN.md *The kernel machine*).
//! The kernel descriptor (code object v3+) or `amd_kernel_code_t` header (v2) says which user
//! and system SGPRs and which work-item VGPRs the wave starts with, the segment sizes and the
//! float modes; the metadata note says where each argument goes in the kernarg segment and
//! what it is. The AMDGPU HSA ABI (LLVM's AMDGPUUsage) fixes the order of the SGPRs.

use crate::arch::Arch;
use crate::codeobj::{akc, kd, metadata};

/// One kernel argument as the metadata describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgInfo {
    /// The argument's name (or its type name, or `argN`).
    pub name: String,
    pub offset: u32,
    pub size: u32,
    /// The value kind in code object v3's spelling (`by_value`, `global_buffer`,
    /// `dynamic_shared_pointer`, `hidden_global_offset_x`...; v2's `ByValue`... are
    /// converted).
    pub kind: String,
    /// The argument's source type where the metadata names it (OpenCL's `uint`, `float*`...).
    pub type_name: Option<String>,
}

impl ArgInfo {
    /// An argument the caller gives (`--arg`); hidden ones are filled by the dispatcher.
    pub fn explicit(&self) -> bool {
        !self.kind.starts_with("hidden_")
    }
}

/// The start-up facts of a kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Number of user SGPRs (COMPUTE_PGM_RSRC2.USER_SGPR): system SGPRs follow them.
    pub user_sgprs: u8,
    /// User SGPRs in ABI order: private segment buffer (4), dispatch ptr (2), queue ptr (2),
    /// kernarg segment ptr (2), dispatch id (2), flat scratch init (2), private segment size
    /// (1), and code object v2's grid work-group counts X, Y, Z (1 each).
    pub user: [bool; 10],
    pub workgroup_id: [bool; 3],
    pub workgroup_info: bool,
    pub wave_offset: bool,
    /// Work-item id VGPRs: 0 (v0 = X), 1 (and v1 = Y), 2 (and v2 = Z).
    pub workitem_ids: u8,
    /// MODE at start: FLOAT_MODE, DX10_CLAMP and IEEE of COMPUTE_PGM_RSRC1.
    pub mode: u32,
    /// VGPRs the kernel allocates (COMPUTE_PGM_RSRC1.VGPRS granules of four).
    pub vgprs: u16,
    pub group_segment_size: u32,
    pub private_segment_size: u32,
    pub kernarg_size: u32,
}

/// A kernel ready to dispatch.
#[derive(Clone, Debug)]
pub struct KernelInfo {
    pub name: String,
    pub arch: Arch,
    /// The code section's words and the byte offset of the kernel's first instruction.
    pub code: std::sync::Arc<Vec<u32>>,
    pub entry: u32,
    /// The loaded image (a linked object's allocated sections at their addresses; a
    /// relocatable object's code section alone) and where the code section is in it: code
    /// that finds its constants PC-relatively finds them there.
    pub image: std::sync::Arc<Vec<u8>>,
    pub code_addr: u64,
    pub setup: Setup,
    pub args: Vec<ArgInfo>,
    /// OpenCL's `reqd_work_group_size`, when the metadata has one.
    pub reqd_block: Option<[u32; 3]>,
    /// The largest work-group the kernel was compiled for (`.max_flat_workgroup_size`), when
    /// the metadata says.
    pub max_block: Option<u32>,
    /// Code object version (2..5).
    pub version: u8,
}

/// MODE from COMPUTE_PGM_RSRC1's FLOAT_MODE (bits 12-19), DX10_CLAMP (21) and IEEE_MODE (23).
fn mode_of(rsrc1: u32) -> u32 {
    (rsrc1 >> 12 & 0xff) | (rsrc1 >> 21 & 1) << 8 | (rsrc1 >> 23 & 1) << 9
}

/// VGPRs allocated: COMPUTE_PGM_RSRC1 bits 0-5 count granules of four (GCN 1.0-1.4).
fn vgprs_of(rsrc1: u32) -> u16 {
    (((rsrc1 & 63) + 1) * 4).min(256) as u16
}

/// The setup of a code object v3+ descriptor, read through [`kd`]'s field table.
fn setup_v3(b: &[u8; kd::SIZE], t: kd::Target) -> Result<Setup, String> {
    // The fields as their bits hold them: bits no directive expresses (USES_DYNAMIC_STACK,
    // PRIORITY...) change nothing a dispatch sets up.
    let _ = t;
    let get = |n: &str| kd::value(b, n).unwrap_or(0);
    let user = [
        "user_sgpr_private_segment_buffer",
        "user_sgpr_dispatch_ptr",
        "user_sgpr_queue_ptr",
        "user_sgpr_kernarg_segment_ptr",
        "user_sgpr_dispatch_id",
        "user_sgpr_flat_scratch_init",
        "user_sgpr_private_segment_size",
    ];
    let rsrc1 = u32::from_le_bytes([b[48], b[49], b[50], b[51]]);
    let rsrc2 = u32::from_le_bytes([b[52], b[53], b[54], b[55]]);
    Ok(Setup {
        user_sgprs: (rsrc2 >> 1 & 31) as u8,
        user: std::array::from_fn(|k| k < user.len() && get(user[k]) != 0),
        workgroup_id: [
            get("system_sgpr_workgroup_id_x") != 0,
            get("system_sgpr_workgroup_id_y") != 0,
            get("system_sgpr_workgroup_id_z") != 0,
        ],
        workgroup_info: get("system_sgpr_workgroup_info") != 0,
        wave_offset: get("system_sgpr_private_segment_wavefront_offset") != 0,
        workitem_ids: get("system_vgpr_workitem_id") as u8,
        mode: mode_of(rsrc1),
        vgprs: vgprs_of(rsrc1),
        group_segment_size: get("group_segment_fixed_size"),
        private_segment_size: get("private_segment_fixed_size"),
        kernarg_size: get("kernarg_size"),
    })
}

/// The setup of a code object v2 `amd_kernel_code_t`, read through [`akc`]'s field table.
fn setup_v2(b: &[u8; akc::SIZE]) -> Result<(Setup, u64), String> {
    let fields = akc::values(b);
    let get = |n: &str| fields.iter().find(|(k, _)| *k == n).map_or(0, |(_, v)| *v);
    let user = [
        "enable_sgpr_private_segment_buffer",
        "enable_sgpr_dispatch_ptr",
        "enable_sgpr_queue_ptr",
        "enable_sgpr_kernarg_segment_ptr",
        "enable_sgpr_dispatch_id",
        "enable_sgpr_flat_scratch_init",
        "enable_sgpr_private_segment_size",
        "enable_sgpr_grid_workgroup_count_x",
        "enable_sgpr_grid_workgroup_count_y",
        "enable_sgpr_grid_workgroup_count_z",
    ];
    let rsrc1 = u32::from_le_bytes([b[48], b[49], b[50], b[51]]);
    let setup = Setup {
        user_sgprs: get("user_sgpr_count") as u8,
        user: std::array::from_fn(|k| get(user[k]) != 0),
        workgroup_id: [
            get("enable_sgpr_workgroup_id_x") != 0,
            get("enable_sgpr_workgroup_id_y") != 0,
            get("enable_sgpr_workgroup_id_z") != 0,
        ],
        workgroup_info: get("enable_sgpr_workgroup_info") != 0,
        wave_offset: get("enable_sgpr_private_segment_wave_byte_offset") != 0,
        workitem_ids: get("enable_vgpr_workitem_id") as u8,
        mode: mode_of(rsrc1),
        vgprs: vgprs_of(rsrc1),
        group_segment_size: get("workgroup_group_segment_byte_size") as u32,
        private_segment_size: get("workitem_private_segment_byte_size") as u32,
        kernarg_size: get("kernarg_segment_byte_size") as u32,
    };
    Ok((setup, get("kernel_code_entry_byte_offset") as u64))
}

/// `HiddenGlobalOffsetX` → `hidden_global_offset_x` (v2's value kinds in v3's spelling).
fn snake(kind: &str) -> String {
    let mut out = String::new();
    for (k, c) in kind.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if k > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The metadata's kernel records: (name, args, reqd_work_group_size).
type MetaKernel = (String, Vec<ArgInfo>, Option<[u32; 3]>, Option<u32>);

fn reqd(v: Option<&serde_json::Value>) -> Option<[u32; 3]> {
    let a = v?.as_array()?;
    let n = |k: usize| a.get(k).and_then(|x| x.as_u64()).map(|x| x as u32);
    Some([n(0)?, n(1)?, n(2)?])
}

/// Kernel records of a v3+ metadata document (msgpack as JSON).
fn meta_v3(doc: &serde_json::Value) -> Vec<MetaKernel> {
    let mut out = Vec::new();
    for k in doc["amdhsa.kernels"].as_array().into_iter().flatten() {
        let name = k[".name"].as_str().unwrap_or_default().to_string();
        let args = k[".args"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
            .map(|(n, a)| ArgInfo {
                name: a[".name"]
                    .as_str()
                    .or(a[".type_name"].as_str())
                    .map_or(format!("arg{n}"), str::to_string),
                offset: a[".offset"].as_u64().unwrap_or(0) as u32,
                size: a[".size"].as_u64().unwrap_or(0) as u32,
                kind: a[".value_kind"].as_str().unwrap_or("unknown").to_string(),
                type_name: a[".type_name"].as_str().map(str::to_string),
            })
            .collect();
        let max = k[".max_flat_workgroup_size"].as_u64().map(|v| v as u32);
        out.push((name, args, reqd(k.get(".reqd_workgroup_size")), max));
    }
    out
}

/// Kernel records of a v2 metadata document (YAML as JSON): offsets follow from each
/// argument's size and alignment, in order.
fn meta_v2(doc: &serde_json::Value) -> Vec<MetaKernel> {
    let mut out = Vec::new();
    for k in doc["Kernels"].as_array().into_iter().flatten() {
        let name = k["Name"].as_str().unwrap_or_default().to_string();
        let mut off = 0u32;
        let mut args = Vec::new();
        for (n, a) in k["Args"].as_array().into_iter().flatten().enumerate() {
            let size = a["Size"].as_u64().unwrap_or(0) as u32;
            let align = a["Align"].as_u64().unwrap_or(1).max(1) as u32;
            off = off.next_multiple_of(align);
            args.push(ArgInfo {
                name: a["Name"]
                    .as_str()
                    .or(a["TypeName"].as_str())
                    .map_or(format!("arg{n}"), str::to_string),
                offset: off,
                size,
                kind: snake(a["ValueKind"].as_str().unwrap_or("Unknown")),
                type_name: a["TypeName"].as_str().map(str::to_string),
            });
            off += size;
        }
        let max = k["CodeProps"]["MaxFlatWorkGroupSize"].as_u64().map(|v| v as u32);
        out.push((name, args, reqd(k["Attrs"].get("ReqdWorkGroupSize")), max));
    }
    out
}

/// Little-endian words of a code section (a last partial word padded with zeros).
fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| {
            let mut w = [0u8; 4];
            w[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(w)
        })
        .collect()
}

/// The loaded image of a linked object: every allocated section at its address.
pub(crate) fn image_of(data: &[u8]) -> Option<Vec<u8>> {
    use object::{Object, ObjectSection};
    let file = object::File::parse(data).ok()?;
    if file.kind() != object::ObjectKind::Dynamic {
        return None;
    }
    let mut image = Vec::new();
    for s in file.sections() {
        let alloc = match s.flags() {
            object::SectionFlags::Elf { sh_flags, .. } => sh_flags.0 & 2 != 0, // SHF_ALLOC
            _ => false,
        };
        if !alloc || s.size() == 0 {
            continue;
        }
        let end = (s.address() + s.size()) as usize;
        if end > 1 << 30 {
            return None;
        }
        if image.len() < end {
            image.resize(end, 0);
        }
        if let Ok(d) = s.data() {
            let at = s.address() as usize;
            let n = d.len().min(end - at);
            image[at..at + n].copy_from_slice(&d[..n]);
        }
    }
    Some(image)
}

/// Every kernel of a code object (its ELF bytes), with its code, setup and arguments.
pub fn kernels(data: &[u8]) -> Result<Vec<KernelInfo>, String> {
    let co = crate::codeobj::read(data).map_err(|e| e.0)?;
    let co = &co;
    let image = image_of(data).map(std::sync::Arc::new);
    let version = co.version.unwrap_or(2);
    let metas = if version >= 3 {
        match co.note("AMDGPU", 32) {
            Some(n) => meta_v3(&metadata::metadata_json(&n.desc).map_err(|e| format!("metadata: {}", e.0))?),
            None => Vec::new(),
        }
    } else {
        match co.note("AMD", 10) {
            Some(n) => {
                let text = String::from_utf8_lossy(&n.desc);
                meta_v2(&metadata::yaml_json(&text).map_err(|e| format!("metadata: {}", e.message))?)
            }
            None => Vec::new(),
        }
    };
    let meta_of = |name: &str| metas.iter().find(|m| m.0 == name);
    let mut out = Vec::new();
    // The code: the section and offset of the kernel's symbol.
    let code_of = |name: &str| {
        co.sections.iter().find_map(|s| {
            let sym = s.symbols.iter().find(|y| y.name == name)?;
            Some((s, sym.offset))
        })
    };
    type Code = (std::sync::Arc<Vec<u32>>, std::sync::Arc<Vec<u8>>, u64);
    let mut code_cache: Vec<(String, Code)> = Vec::new();
    let mut code_words = |sec: &crate::codeobj::CodeSection| -> Code {
        if let Some((_, c)) = code_cache.iter().find(|(n, _)| *n == sec.name) {
            return c.clone();
        }
        let w = std::sync::Arc::new(words(sec.bytes));
        let c = match &image {
            Some(img) => (w, img.clone(), sec.addr),
            None => (w, std::sync::Arc::new(sec.bytes.to_vec()), 0),
        };
        code_cache.push((sec.name.clone(), c.clone()));
        c
    };
    if version >= 3 {
        let t = co.kd_target();
        for d in &co.descriptors {
            let setup = setup_v3(&d.bytes, t).map_err(|e| format!("kernel {}: {e}", d.kernel))?;
            let (sec, off) =
                code_of(&d.kernel).ok_or_else(|| format!("kernel {}: no symbol for its code", d.kernel))?;
            let (_, args, reqd_block, max_block) = meta_of(&d.kernel).cloned().unwrap_or_default();
            let (code, image, code_addr) = code_words(sec);
            out.push(KernelInfo {
                name: d.kernel.clone(),
                arch: co.arch,
                code,
                image,
                code_addr,
                entry: off as u32,
                setup,
                args,
                reqd_block,
                max_block,
                version,
            });
        }
    } else {
        for (sec, sym, header) in co.v2_headers() {
            let (setup, entry) = setup_v2(header).map_err(|e| format!("kernel {}: {e}", sym.name))?;
            let (_, args, reqd_block, max_block) = meta_of(&sym.name).cloned().unwrap_or_default();
            let (code, image, code_addr) = code_words(sec);
            out.push(KernelInfo {
                name: sym.name.clone(),
                arch: co.arch,
                code,
                image,
                code_addr,
                entry: (sym.offset + entry) as u32,
                setup,
                args,
                reqd_block,
                max_block,
                version,
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v2_kinds_in_v3_spelling() {
        assert_eq!(snake("HiddenGlobalOffsetX"), "hidden_global_offset_x");
        assert_eq!(snake("ByValue"), "by_value");
        assert_eq!(snake("DynamicSharedPointer"), "dynamic_shared_pointer");
    }

    #[test]
    fn mode_from_rsrc1() {
        // FLOAT_MODE 0xc0 (f64/f16 denormals on), DX10_CLAMP, IEEE.
        assert_eq!(mode_of(0x00ac_0000), 0x3c0);
    }
}
