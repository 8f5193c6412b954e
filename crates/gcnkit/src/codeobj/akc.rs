//! Code object v2's kernel header, `amd_kernel_code_t`: the 256 bytes at the start of each
//! kernel's code (symbol type `STT_AMDGPU_HSA_KERNEL`). One table ([`FIELDS`]) of the
//! `NAME = VALUE` lines of an `.amd_kernel_code_t` block drives both directions, bytes →
//! block ([`print()`](fn@print)) and block → bytes ([`Builder`]).
//!
//! Facts from llvm-mc 14, one field at a time: every field's place and width; values are
//! truncated to the width (no range error); a field may be repeated (the last wins); the
//! defaults are 0 except the code version (1.2), machine kind 1, the machine version (the
//! target's GFX major, minor, stepping), the code entry offset 256, the three segment
//! alignments (4 = 16 bytes), the wavefront size (6 = 64 lanes) and the call convention (-1);
//! `enable_wgp_mode`, `enable_mem_ordered`, `enable_fwd_progress` and
//! `enable_wavefront_size32` take only 0 before GFX10 (the older `compute_pgm_rsrc1_*` names
//! of the first three set their bits anyway).

/// Bytes of an `amd_kernel_code_t`.
pub const SIZE: usize = 256;

/// What a field's value is when its line is left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Default {
    Value(u64),
    /// The target's GFX major, minor or stepping (`gfx906`: 9, 0, 6).
    MachineMajor,
    MachineMinor,
    MachineStepping,
}

/// One `NAME = VALUE` line.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub name: &'static str,
    /// The older name llvm-mc also takes (`compute_pgm_rsrc1_vgprs`).
    pub alias: Option<&'static str>,
    /// First bit (of the 256 bytes, little-endian) and width.
    pub(crate) bit: u16,
    pub(crate) width: u8,
    /// Printed as a signed number (`call_convention = -1`).
    signed: bool,
    /// GFX10 only: a non-zero value under this name is an error before GFX10.
    gfx10: bool,
    default: Default,
}

const fn f(name: &'static str, alias: Option<&'static str>, bit: u16, width: u8) -> Field {
    Field {
        name,
        alias,
        bit,
        width,
        signed: false,
        gfx10: false,
        default: Default::Value(0),
    }
}

const fn d(mut x: Field, default: Default) -> Field {
    x.default = default;
    x
}

const fn signed(mut x: Field) -> Field {
    x.signed = true;
    x
}

const fn gfx10(mut x: Field) -> Field {
    x.gfx10 = true;
    x
}

const RSRC1: u16 = 48 * 8;
const RSRC2: u16 = 52 * 8;
const PROPS: u16 = 56 * 8;

/// Every field llvm-mc 14 prints, in its order (clang's `-S` text).
pub const FIELDS: [Field; 66] = [
    d(
        f("amd_code_version_major", Some("kernel_code_version_major"), 0, 32),
        Default::Value(1),
    ),
    d(
        f("amd_code_version_minor", Some("kernel_code_version_minor"), 32, 32),
        Default::Value(2),
    ),
    d(f("amd_machine_kind", Some("machine_kind"), 64, 16), Default::Value(1)),
    d(
        f("amd_machine_version_major", Some("machine_version_major"), 80, 16),
        Default::MachineMajor,
    ),
    d(
        f("amd_machine_version_minor", Some("machine_version_minor"), 96, 16),
        Default::MachineMinor,
    ),
    d(
        f(
            "amd_machine_version_stepping",
            Some("machine_version_stepping"),
            112,
            16,
        ),
        Default::MachineStepping,
    ),
    d(
        signed(f("kernel_code_entry_byte_offset", None, 128, 64)),
        Default::Value(256),
    ),
    f("kernel_code_prefetch_byte_size", None, 256, 64),
    f(
        "granulated_workitem_vgpr_count",
        Some("compute_pgm_rsrc1_vgprs"),
        RSRC1,
        6,
    ),
    f(
        "granulated_wavefront_sgpr_count",
        Some("compute_pgm_rsrc1_sgprs"),
        RSRC1 + 6,
        4,
    ),
    f("priority", Some("compute_pgm_rsrc1_priority"), RSRC1 + 10, 2),
    f("float_mode", Some("compute_pgm_rsrc1_float_mode"), RSRC1 + 12, 8),
    f("priv", Some("compute_pgm_rsrc1_priv"), RSRC1 + 20, 1),
    f("enable_dx10_clamp", Some("compute_pgm_rsrc1_dx10_clamp"), RSRC1 + 21, 1),
    f("debug_mode", Some("compute_pgm_rsrc1_debug_mode"), RSRC1 + 22, 1),
    f("enable_ieee_mode", Some("compute_pgm_rsrc1_ieee_mode"), RSRC1 + 23, 1),
    gfx10(f("enable_wgp_mode", Some("compute_pgm_rsrc1_wgp_mode"), RSRC1 + 29, 1)),
    gfx10(f(
        "enable_mem_ordered",
        Some("compute_pgm_rsrc1_mem_ordered"),
        RSRC1 + 30,
        1,
    )),
    gfx10(f(
        "enable_fwd_progress",
        Some("compute_pgm_rsrc1_fwd_progress"),
        RSRC1 + 31,
        1,
    )),
    f(
        "enable_sgpr_private_segment_wave_byte_offset",
        Some("compute_pgm_rsrc2_scratch_en"),
        RSRC2,
        1,
    ),
    f("user_sgpr_count", Some("compute_pgm_rsrc2_user_sgpr"), RSRC2 + 1, 5),
    f(
        "enable_trap_handler",
        Some("compute_pgm_rsrc2_trap_handler"),
        RSRC2 + 6,
        1,
    ),
    f(
        "enable_sgpr_workgroup_id_x",
        Some("compute_pgm_rsrc2_tgid_x_en"),
        RSRC2 + 7,
        1,
    ),
    f(
        "enable_sgpr_workgroup_id_y",
        Some("compute_pgm_rsrc2_tgid_y_en"),
        RSRC2 + 8,
        1,
    ),
    f(
        "enable_sgpr_workgroup_id_z",
        Some("compute_pgm_rsrc2_tgid_z_en"),
        RSRC2 + 9,
        1,
    ),
    f(
        "enable_sgpr_workgroup_info",
        Some("compute_pgm_rsrc2_tg_size_en"),
        RSRC2 + 10,
        1,
    ),
    f(
        "enable_vgpr_workitem_id",
        Some("compute_pgm_rsrc2_tidig_comp_cnt"),
        RSRC2 + 11,
        2,
    ),
    f(
        "enable_exception_msb",
        Some("compute_pgm_rsrc2_excp_en_msb"),
        RSRC2 + 13,
        2,
    ),
    f("granulated_lds_size", Some("compute_pgm_rsrc2_lds_size"), RSRC2 + 15, 9),
    f("enable_exception", Some("compute_pgm_rsrc2_excp_en"), RSRC2 + 24, 7),
    f("enable_sgpr_private_segment_buffer", None, PROPS, 1),
    f("enable_sgpr_dispatch_ptr", None, PROPS + 1, 1),
    f("enable_sgpr_queue_ptr", None, PROPS + 2, 1),
    f("enable_sgpr_kernarg_segment_ptr", None, PROPS + 3, 1),
    f("enable_sgpr_dispatch_id", None, PROPS + 4, 1),
    f("enable_sgpr_flat_scratch_init", None, PROPS + 5, 1),
    f("enable_sgpr_private_segment_size", None, PROPS + 6, 1),
    f("enable_sgpr_grid_workgroup_count_x", None, PROPS + 7, 1),
    f("enable_sgpr_grid_workgroup_count_y", None, PROPS + 8, 1),
    f("enable_sgpr_grid_workgroup_count_z", None, PROPS + 9, 1),
    gfx10(f("enable_wavefront_size32", None, PROPS + 10, 1)),
    f("enable_ordered_append_gds", None, PROPS + 16, 1),
    f("private_element_size", None, PROPS + 17, 2),
    f("is_ptr64", None, PROPS + 19, 1),
    f("is_dynamic_callstack", None, PROPS + 20, 1),
    f("is_debug_enabled", None, PROPS + 21, 1),
    f("is_xnack_enabled", None, PROPS + 22, 1),
    f("workitem_private_segment_byte_size", None, 480, 32),
    f("workgroup_group_segment_byte_size", None, 512, 32),
    f("gds_segment_byte_size", None, 544, 32),
    f("kernarg_segment_byte_size", None, 576, 64),
    f("workgroup_fbarrier_count", None, 640, 32),
    f("wavefront_sgpr_count", None, 672, 16),
    f("workitem_vgpr_count", None, 688, 16),
    f("reserved_vgpr_first", None, 704, 16),
    f("reserved_vgpr_count", None, 720, 16),
    f("reserved_sgpr_first", None, 736, 16),
    f("reserved_sgpr_count", None, 752, 16),
    f("debug_wavefront_private_segment_offset_sgpr", None, 768, 16),
    f("debug_private_segment_buffer_sgpr", None, 784, 16),
    d(f("kernarg_segment_alignment", None, 800, 8), Default::Value(4)),
    d(f("group_segment_alignment", None, 808, 8), Default::Value(4)),
    d(f("private_segment_alignment", None, 816, 8), Default::Value(4)),
    d(f("wavefront_size", None, 824, 8), Default::Value(6)),
    d(signed(f("call_convention", None, 832, 32)), Default::Value(0xffff_ffff)),
    f("runtime_loader_kernel_symbol", None, 960, 64),
];

/// The machine version (major, minor, stepping) of a gfx processor name (`gfx906` → 9, 0, 6).
pub fn machine_version(processor: &str) -> (u64, u64, u64) {
    let digits = processor.strip_prefix("gfx").unwrap_or("");
    let b = digits.as_bytes();
    if b.len() < 3 {
        return (0, 0, 0);
    }
    let num = |s: &[u8]| {
        std::str::from_utf8(s)
            .ok()
            .and_then(|s| u64::from_str_radix(s, 16).ok())
            .unwrap_or(0)
    };
    (
        num(&b[..b.len() - 2]),
        num(&b[b.len() - 2..b.len() - 1]),
        num(&b[b.len() - 1..]),
    )
}

fn get(b: &[u8; SIZE], bit: u16, width: u8) -> u64 {
    super::bits::get(b, bit as usize, width as usize)
}

fn put(b: &mut [u8; SIZE], bit: u16, width: u8, v: u64) {
    super::bits::put(b, bit as usize, width as usize, v)
}

/// Why a header cannot be written as an `.amd_kernel_code_t` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unexpressible {
    pub offset: usize,
    pub reason: String,
}

impl std::fmt::Display for Unexpressible {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.reason)
    }
}

/// The fields of header `b` by name with their values (signed ones as such), or why no block
/// expresses it.
pub fn fields(b: &[u8; SIZE]) -> Result<Vec<(&'static str, i64)>, Unexpressible> {
    let mut text = String::new();
    print(b, &mut text)?;
    Ok(values(b))
}

/// The fields of header `b` by name with their values, whatever other bits it has: what a
/// dispatcher reads.
pub fn values(b: &[u8; SIZE]) -> Vec<(&'static str, i64)> {
    FIELDS
        .iter()
        .map(|x| {
            let v = get(b, x.bit, x.width);
            let shift = 64 - x.width as u32;
            let v = if x.signed {
                ((v << shift) as i64) >> shift
            } else {
                v as i64
            };
            (x.name, v)
        })
        .collect()
}

/// Header `b` as an `.amd_kernel_code_t` block (tab-indented lines, as clang writes it), or
/// why it cannot be one: bits no field sets (reserved, control directives...).
pub fn print(b: &[u8; SIZE], out: &mut String) -> Result<(), Unexpressible> {
    let mut covered = [0u8; SIZE];
    for x in &FIELDS {
        put(&mut covered, x.bit, x.width, u64::MAX);
    }
    if let Some(k) = (0..SIZE).find(|&k| b[k] & !covered[k] != 0) {
        return Err(Unexpressible {
            offset: k,
            reason: format!(
                "bits 0x{:02x} of byte {k} are set, and no amd_kernel_code_t field sets them",
                b[k] & !covered[k]
            ),
        });
    }
    if let Some(x) = FIELDS
        .iter()
        .find(|x| x.gfx10 && x.alias.is_none() && get(b, x.bit, x.width) != 0)
    {
        return Err(Unexpressible {
            offset: x.bit as usize / 8,
            reason: format!("{} is set, which llvm-mc takes only for GFX10+", x.name),
        });
    }
    out.push_str("\t.amd_kernel_code_t\n");
    for x in &FIELDS {
        let v = get(b, x.bit, x.width);
        // A GFX10 bit set before GFX10 goes under the older name, which llvm-mc takes.
        let name = match (x.gfx10 && v != 0, x.alias) {
            (true, Some(a)) => a,
            _ => x.name,
        };
        let text = if x.signed {
            let shift = 64 - x.width as u32;
            (((v << shift) as i64) >> shift).to_string()
        } else {
            v.to_string()
        };
        out.push_str(&format!("\t\t{name} = {text}\n"));
    }
    out.push_str("\t.end_amd_kernel_code_t\n");
    Ok(())
}

/// The assembler's side of an `.amd_kernel_code_t` block.
#[derive(Clone, Debug)]
pub struct Builder {
    bytes: [u8; SIZE],
    /// GFX major of the target (fields of GFX10 only).
    major: u64,
}

impl Builder {
    /// A header with llvm-mc's defaults for `processor` (a gfx name).
    pub fn new(processor: &str) -> Builder {
        let (major, minor, stepping) = machine_version(processor);
        let mut bytes = [0u8; SIZE];
        for x in &FIELDS {
            let v = match x.default {
                Default::Value(v) => v,
                Default::MachineMajor => major,
                Default::MachineMinor => minor,
                Default::MachineStepping => stepping,
            };
            put(&mut bytes, x.bit, x.width, v);
        }
        Builder { bytes, major }
    }

    /// Takes `NAME = VALUE` (either of a field's names), as llvm-mc does: truncated to the
    /// field, the last of a repeated field wins.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), String> {
        let Some(x) = FIELDS.iter().find(|x| x.name == name || x.alias == Some(name)) else {
            // llvm-mc also takes this one and writes nothing for it.
            if name == "max_scratch_backing_memory_byte_size" {
                return Ok(());
            }
            return Err(format!("unexpected amd_kernel_code_t field name {name}"));
        };
        if x.gfx10 && x.name == name && value != 0 && self.major < 10 {
            return Err(format!("{name}=1 is only allowed on GFX10+"));
        }
        put(&mut self.bytes, x.bit, x.width, value as u64);
        Ok(())
    }

    pub fn finish(&self) -> [u8; SIZE] {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// llvm-mc 14's header for a block with no lines, gfx900 (read once from its object).
    #[test]
    fn defaults_are_llvm_mc_s() {
        let b = Builder::new("gfx900").finish();
        assert_eq!(&b[..16], &[1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 9, 0, 0, 0, 0, 0]);
        assert_eq!(&b[100..108], &[4, 4, 4, 6, 0xff, 0xff, 0xff, 0xff]);
        assert_eq!(machine_version("gfx906"), (9, 0, 6));
        assert_eq!(machine_version("gfx90c"), (9, 0, 12));
        assert_eq!(machine_version("gfx704"), (7, 0, 4));
    }

    /// Bytes → block → bytes over random headers of the bits fields set.
    #[test]
    fn round_trip() {
        let mut covered = [0u8; SIZE];
        for x in &FIELDS {
            put(&mut covered, x.bit, x.width, u64::MAX);
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            let mut b = [0u8; SIZE];
            for (x, c) in b.iter_mut().zip(covered) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                *x = seed as u8 & c;
            }
            // enable_wavefront_size32 has no older name: never set before GFX10.
            put(&mut b, PROPS + 10, 1, 0);
            let mut text = String::new();
            print(&b, &mut text).unwrap();
            let mut bl = Builder::new("gfx900");
            for line in text.lines().filter(|l| l.contains(" = ")) {
                let (n, v) = line.trim().split_once(" = ").unwrap();
                bl.set(n, v.parse::<i128>().unwrap() as i64).unwrap();
            }
            assert_eq!(bl.finish(), b);
        }
    }
}
