//! Kernel descriptors of code object v3 and later: the 64-byte record (`NAME.kd` in `.rodata`)
//! that tells the dispatcher a kernel's register counts, segment sizes, user and system SGPRs
//! and float modes. One table ([`FIELDS`]) says where each `.amdhsa_*` directive's value lives;
//! it drives both directions: bytes → directives (the disassembler, [`directives`]) and
//! directives → bytes (the assembler, [`Builder`]), with llvm-mc 14's defaults and checks.
//!
//! Layout (AMDGPUUsage, checked against llvm-mc 14 one directive at a time): sizes at bytes 0,
//! 4, 8; the kernel's code offset at 16 (a relocation, never a directive); COMPUTE_PGM_RSRC1 at
//! 48, COMPUTE_PGM_RSRC2 at 52, the user-SGPR enables at 56. The register counts are stored as
//! granules: VGPRs in fours, SGPRs in eights, the SGPRs counting the ones VCC, FLAT_SCRATCH and
//! the XNACK mask take beside the kernel's own.

use crate::arch::Arch;

/// Bytes of a kernel descriptor.
pub const SIZE: usize = 64;
/// Byte offset of `kernel_code_entry_byte_offset` (the kernel's code, relative to the
/// descriptor: a relocation in a `.o`, a number in a `.hsaco`; no directive sets it).
pub const CODE_ENTRY: usize = 16;

const RSRC1: u8 = 48;
const RSRC2: u8 = 52;
const USER: u8 = 56;

/// What a descriptor's register fields depend on besides the bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// GFX major: 6 (GCN 1.0), 7 (GCN 1.1), 8 (GCN 1.2), 9 (GCN 1.4).
    pub major: u8,
    /// XNACK is on or "any": the kernel reserves the XNACK mask (llvm-mc requires
    /// `.amdhsa_reserve_xnack_mask` to say the same).
    pub xnack: bool,
    /// gfx802/gfx805 (tonga, iceland): the hardware bug that makes every kernel allocate 96
    /// SGPRs.
    pub sgpr_init_bug: bool,
}

/// Processors with XNACK (page-fault replay) support among GCN 1.0-1.4.
pub(crate) const XNACK_PROCESSORS: [&str; 8] = [
    "gfx801", "gfx810", "gfx900", "gfx902", "gfx904", "gfx906", "gfx909", "gfx90c",
];
/// Processors with the SGPR initialisation bug.
const SGPR_INIT_BUG: [&str; 2] = ["gfx802", "gfx805"];

impl Target {
    /// The target of `processor` (a gfx name) of `arch`; `xnack` as the code object or target
    /// id says (`None`: the processor's default, on where it is supported).
    pub fn new(arch: Arch, processor: &str, xnack: Option<bool>) -> Target {
        let major = match arch {
            Arch::Gcn10 => 6,
            Arch::Gcn11 => 7,
            Arch::Gcn12 => 8,
            Arch::Gcn14 | Arch::Gcn141 => 9,
        };
        let supported = XNACK_PROCESSORS.contains(&processor);
        Target {
            major,
            xnack: supported && xnack.unwrap_or(true),
            sgpr_init_bug: SGPR_INIT_BUG.contains(&processor),
        }
    }

    /// SGPRs the kernel may name (the range check of `.amdhsa_next_free_sgpr`).
    fn addressable_sgprs(self) -> u32 {
        if self.sgpr_init_bug {
            96
        } else if self.major >= 8 {
            102
        } else {
            104
        }
    }

    /// SGPRs allocated beside the kernel's own for the reservations.
    fn extra_sgprs(self, vcc: bool, flat_scratch: bool, xnack: bool) -> u32 {
        let mut n = if vcc { 2 } else { 0 };
        if self.major < 8 {
            if flat_scratch {
                n = 4;
            }
        } else {
            if xnack {
                n = 4;
            }
            if flat_scratch {
                n = 6;
            }
        }
        n
    }
}

/// How a directive's value is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `width` bits from bit `lo` of the little-endian dword at byte `at`.
    Bits {
        at: u8,
        lo: u8,
        width: u8,
    },
    /// A user-SGPR enable: bit `bit` of the 16-bit flags at byte 56; the kernel gets `sgprs`
    /// user SGPRs for it.
    UserSgpr {
        bit: u8,
        sgprs: u8,
    },
    /// COMPUTE_PGM_RSRC2.USER_SGPR: by default the sum of the enables' SGPRs.
    UserSgprCount,
    /// The first VGPR the kernel does not use: GRANULATED_WORKITEM_VGPR_COUNT.
    NextFreeVgpr,
    /// The first SGPR the kernel does not use: with the reservations,
    /// GRANULATED_WAVEFRONT_SGPR_COUNT.
    NextFreeSgpr,
    ReserveVcc,
    ReserveFlatScratch,
    ReserveXnackMask,
}

/// One `.amdhsa_*` directive.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// The directive's name after `.amdhsa_`.
    pub name: &'static str,
    kind: Kind,
    /// First GFX major that takes it.
    since: u8,
    /// The value when the directive is left out.
    default: u32,
}

const fn bits(name: &'static str, at: u8, lo: u8, width: u8, since: u8, default: u32) -> Field {
    Field {
        name,
        kind: Kind::Bits { at, lo, width },
        since,
        default,
    }
}

const fn derived(name: &'static str, kind: Kind, since: u8, default: u32) -> Field {
    Field {
        name,
        kind,
        since,
        default,
    }
}

const fn user(name: &'static str, bit: u8, sgprs: u8) -> Field {
    derived(name, Kind::UserSgpr { bit, sgprs }, 6, 0)
}

/// Every directive llvm-mc 14 takes inside `.amdhsa_kernel` for GFX6-9, in the order the
/// disassembler prints them (llvm-objdump 14's, with `user_sgpr_count` after the sizes as
/// clang writes it). The GFX90A/GFX10 ones (`accum_offset`, `wavefront_size32`, ...) are not
/// GCN 1.0-1.4's.
pub const FIELDS: [Field; 36] = [
    bits("group_segment_fixed_size", 0, 0, 32, 6, 0),
    bits("private_segment_fixed_size", 4, 0, 32, 6, 0),
    bits("kernarg_size", 8, 0, 32, 6, 0),
    derived("user_sgpr_count", Kind::UserSgprCount, 6, 0),
    derived("next_free_vgpr", Kind::NextFreeVgpr, 6, 0),
    derived("reserve_vcc", Kind::ReserveVcc, 6, 1),
    derived("reserve_flat_scratch", Kind::ReserveFlatScratch, 7, 1),
    derived("reserve_xnack_mask", Kind::ReserveXnackMask, 8, 0),
    derived("next_free_sgpr", Kind::NextFreeSgpr, 6, 0),
    bits("float_round_mode_32", RSRC1, 12, 2, 6, 0),
    bits("float_round_mode_16_64", RSRC1, 14, 2, 6, 0),
    bits("float_denorm_mode_32", RSRC1, 16, 2, 6, 0),
    bits("float_denorm_mode_16_64", RSRC1, 18, 2, 6, 3),
    bits("dx10_clamp", RSRC1, 21, 1, 6, 1),
    bits("ieee_mode", RSRC1, 23, 1, 6, 1),
    bits("fp16_overflow", RSRC1, 26, 1, 9, 0),
    bits("system_sgpr_private_segment_wavefront_offset", RSRC2, 0, 1, 6, 0),
    bits("system_sgpr_workgroup_id_x", RSRC2, 7, 1, 6, 1),
    bits("system_sgpr_workgroup_id_y", RSRC2, 8, 1, 6, 0),
    bits("system_sgpr_workgroup_id_z", RSRC2, 9, 1, 6, 0),
    bits("system_sgpr_workgroup_info", RSRC2, 10, 1, 6, 0),
    bits("system_vgpr_workitem_id", RSRC2, 11, 2, 6, 0),
    bits("exception_fp_ieee_invalid_op", RSRC2, 24, 1, 6, 0),
    bits("exception_fp_denorm_src", RSRC2, 25, 1, 6, 0),
    bits("exception_fp_ieee_div_zero", RSRC2, 26, 1, 6, 0),
    bits("exception_fp_ieee_overflow", RSRC2, 27, 1, 6, 0),
    bits("exception_fp_ieee_underflow", RSRC2, 28, 1, 6, 0),
    bits("exception_fp_ieee_inexact", RSRC2, 29, 1, 6, 0),
    bits("exception_int_div_zero", RSRC2, 30, 1, 6, 0),
    user("user_sgpr_private_segment_buffer", 0, 4),
    user("user_sgpr_dispatch_ptr", 1, 2),
    user("user_sgpr_queue_ptr", 2, 2),
    user("user_sgpr_kernarg_segment_ptr", 3, 2),
    user("user_sgpr_dispatch_id", 4, 2),
    user("user_sgpr_flat_scratch_init", 5, 2),
    user("user_sgpr_private_segment_size", 6, 1),
];

/// Where the register granules and the user-SGPR count live.
const VGPR_BLOCKS: (u8, u8, u8) = (RSRC1, 0, 6);
const SGPR_BLOCKS: (u8, u8, u8) = (RSRC1, 6, 4);
const USER_SGPR_COUNT: (u8, u8, u8) = (RSRC2, 1, 5);

fn get(b: &[u8; SIZE], (at, lo, width): (u8, u8, u8)) -> u32 {
    super::bits::get(b, at as usize * 8 + lo as usize, width as usize) as u32
}

fn put(b: &mut [u8; SIZE], (at, lo, width): (u8, u8, u8), v: u32) {
    super::bits::put(b, at as usize * 8 + lo as usize, width as usize, v as u64)
}

/// The user SGPRs the enables of `b` take.
fn implied_user_sgprs(b: &[u8; SIZE]) -> u32 {
    FIELDS
        .iter()
        .filter_map(|f| match f.kind {
            Kind::UserSgpr { bit, sgprs } => (b[USER as usize] >> bit & 1 == 1).then_some(sgprs as u32),
            _ => None,
        })
        .sum()
}

impl Field {
    /// Does `t` take this directive?
    pub fn exists(&self, t: Target) -> bool {
        t.major >= self.since
    }

    /// The bits of the descriptor this field stores directly (0 for the derived ones).
    fn mask(&self) -> [u8; SIZE] {
        let mut m = [0u8; SIZE];
        match self.kind {
            Kind::Bits { at, lo, width } => put(&mut m, (at, lo, width), u32::MAX),
            Kind::UserSgpr { bit, .. } => m[USER as usize] |= 1 << bit,
            Kind::UserSgprCount => put(&mut m, USER_SGPR_COUNT, u32::MAX),
            Kind::NextFreeVgpr => put(&mut m, VGPR_BLOCKS, u32::MAX),
            Kind::NextFreeSgpr => put(&mut m, SGPR_BLOCKS, u32::MAX),
            _ => {}
        }
        m
    }
}

/// Why a descriptor cannot be written as directives (it is then kept as data).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unexpressible {
    /// Byte offset in the descriptor.
    pub offset: usize,
    pub reason: String,
}

impl std::fmt::Display for Unexpressible {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.reason)
    }
}

/// The descriptor's bits that llvm-mc 14 has no GFX6-9 directive for, by name (LLVM 14-19's
/// `AMDHSAKernelDescriptor.h` and AMDGPUUsage): bit position in the descriptor, width, name,
/// and what sets it. They are kept as data when set, and named in the reason.
pub const OTHER_BITS: [(u16, u8, &str, &str); 16] = [
    (44 * 8, 32, "COMPUTE_PGM_RSRC3", "GFX90A and GFX10+ only"),
    (48 * 8 + 10, 2, "PRIORITY", "no directive"),
    (48 * 8 + 20, 1, "PRIV", "no directive"),
    (48 * 8 + 22, 1, "DEBUG_MODE", "no directive"),
    (48 * 8 + 24, 1, "BULKY", "no directive"),
    (48 * 8 + 25, 1, "CDBG_USER", "no directive"),
    (48 * 8 + 29, 1, "WGP_MODE", "GFX10+'s .amdhsa_workgroup_processor_mode"),
    (48 * 8 + 30, 1, "MEM_ORDERED", "GFX10+'s .amdhsa_memory_ordered"),
    (48 * 8 + 31, 1, "FWD_PROGRESS", "GFX10+'s .amdhsa_forward_progress"),
    (52 * 8 + 6, 1, "ENABLE_TRAP_HANDLER", "set by the loader, no directive"),
    (52 * 8 + 13, 1, "ENABLE_EXCEPTION_ADDRESS_WATCH", "no directive"),
    (52 * 8 + 14, 1, "ENABLE_EXCEPTION_MEMORY", "no directive"),
    (
        52 * 8 + 15,
        9,
        "GRANULATED_LDS_SIZE",
        "set by the dispatcher, no directive",
    ),
    (
        56 * 8 + 10,
        1,
        "ENABLE_WAVEFRONT_SIZE32",
        "GFX10+'s .amdhsa_wavefront_size32",
    ),
    (
        56 * 8 + 11,
        1,
        "USES_DYNAMIC_STACK",
        "LLVM 16+'s .amdhsa_uses_dynamic_stack",
    ),
    (
        58 * 8,
        16,
        "KERNARG_PRELOAD",
        "LLVM 18+'s .amdhsa_user_sgpr_kernarg_preload_*, GFX940+",
    ),
];

/// The names of [`OTHER_BITS`] among the bits `mask` of byte `k` (`reserved` for the rest).
fn other_bit_names(k: usize, mask: u8) -> String {
    let mut names: Vec<String> = Vec::new();
    let mut left = mask;
    for &(bit, width, name, why) in &OTHER_BITS {
        let (lo, hi) = (bit as usize, bit as usize + width as usize);
        let here: u8 = (0..8)
            .filter(|j| (lo..hi).contains(&(k * 8 + j)))
            .fold(0, |m, j| m | 1 << j);
        if here & mask != 0 {
            names.push(format!("{name}: {why}"));
            left &= !here;
        }
    }
    if left != 0 {
        names.push(format!("bits 0x{left:02x} reserved"));
    }
    names.join("; ")
}

/// The value of directive `name` as the descriptor's bits hold it (the fields stored as
/// bits, the user-SGPR enables and count), whatever else the descriptor has: what a
/// dispatcher reads. `None` for a derived field (register counts, reservations) or an
/// unknown name.
pub fn value(b: &[u8; SIZE], name: &str) -> Option<u32> {
    let f = FIELDS.iter().find(|f| f.name == name)?;
    match f.kind {
        Kind::Bits { at, lo, width } => Some(get(b, (at, lo, width))),
        Kind::UserSgpr { bit, .. } => Some((b[USER as usize] >> bit & 1) as u32),
        Kind::UserSgprCount => Some(get(b, USER_SGPR_COUNT)),
        _ => None,
    }
}

/// The SGPR reservations and next free SGPR that give `blocks` SGPR granules on `t`, within
/// llvm-mc's range checks: the largest count the granule allows, reserving nothing the
/// target lets the kernel leave out.
fn sgpr_choice(t: Target, blocks: u32) -> Option<(bool, bool, bool, u32)> {
    let xnack = t.xnack && t.major >= 8;
    if t.sgpr_init_bug {
        // Every count is 96 SGPRs (11 granules).
        return (blocks == 11).then_some((false, false, xnack, 8));
    }
    // GFX6 has no directive for FLAT_SCRATCH: its default (reserved) holds.
    let choices: &[(bool, bool)] = if t.major < 7 {
        &[(false, true), (true, true)]
    } else {
        &[(false, false), (true, false), (false, true), (true, true)]
    };
    for &(vcc, fs) in choices {
        let extra = t.extra_sgprs(vcc, fs, xnack);
        let hi = (blocks + 1) * 8;
        let next = if t.major >= 8 {
            hi.saturating_sub(extra).min(t.addressable_sgprs())
        } else {
            hi.min(t.addressable_sgprs()).saturating_sub(extra)
        };
        let total = next + extra;
        if next >= 1 && total.div_ceil(8) - 1 == blocks {
            return Some((vcc, fs, xnack, next));
        }
    }
    None
}

/// The directive values that re-create descriptor `b` on `t` (all but its code offset), in
/// [`FIELDS`] order, or why none do: bits no directive sets, a register granule or user-SGPR
/// count llvm-mc's checks refuse.
pub fn directives(b: &[u8; SIZE], t: Target) -> Result<Vec<(&'static str, u32)>, Unexpressible> {
    let mut covered = [0u8; SIZE];
    for b in &mut covered[CODE_ENTRY..CODE_ENTRY + 8] {
        *b = 0xff;
    }
    for f in FIELDS.iter().filter(|f| f.exists(t)) {
        for (c, m) in covered.iter_mut().zip(f.mask()) {
            *c |= m;
        }
    }
    if let Some(k) = (0..SIZE).find(|&k| b[k] & !covered[k] != 0) {
        let bits = b[k] & !covered[k];
        return Err(Unexpressible {
            offset: k,
            reason: format!(
                "bits 0x{bits:02x} of byte {k} are set ({}), and no .amdhsa_ directive of llvm-mc 14 for gfx{} sets them",
                other_bit_names(k, bits),
                t.major
            ),
        });
    }
    let implied = implied_user_sgprs(b);
    let count = get(b, USER_SGPR_COUNT);
    if count < implied {
        return Err(Unexpressible {
            offset: RSRC2 as usize,
            reason: format!("{count} user SGPRs, fewer than the {implied} its enables take"),
        });
    }
    let sgpr_blocks = get(b, SGPR_BLOCKS);
    let Some((vcc, fs, xnack, next_sgpr)) = sgpr_choice(t, sgpr_blocks) else {
        return Err(Unexpressible {
            offset: RSRC1 as usize,
            reason: format!(
                "{sgpr_blocks} SGPR granules: no .amdhsa_next_free_sgpr of gfx{} gives them",
                t.major
            ),
        });
    };
    let mut out = Vec::with_capacity(FIELDS.len());
    for f in FIELDS.iter().filter(|f| f.exists(t)) {
        let v = match f.kind {
            Kind::Bits { at, lo, width } => get(b, (at, lo, width)),
            Kind::UserSgpr { bit, .. } => (b[USER as usize] >> bit & 1) as u32,
            Kind::UserSgprCount => count,
            Kind::NextFreeVgpr => (get(b, VGPR_BLOCKS) + 1) * 4,
            Kind::NextFreeSgpr => next_sgpr,
            Kind::ReserveVcc => vcc as u32,
            Kind::ReserveFlatScratch => fs as u32,
            Kind::ReserveXnackMask => xnack as u32,
        };
        out.push((f.name, v));
    }
    Ok(out)
}

/// Descriptor `b` of kernel `name` as an `.amdhsa_kernel` block (llvm-mc 14 assembles it back
/// to the same bytes), or why it cannot be one.
pub fn print(name: &str, b: &[u8; SIZE], t: Target, out: &mut String) -> Result<(), Unexpressible> {
    let fields = directives(b, t)?;
    out.push_str(".amdhsa_kernel ");
    out.push_str(name);
    out.push('\n');
    for (n, v) in fields {
        out.push_str("\t.amdhsa_");
        out.push_str(n);
        out.push(' ');
        out.push_str(itoa::Buffer::new().format(v));
        out.push('\n');
    }
    out.push_str(".end_amdhsa_kernel\n");
    Ok(())
}

/// A problem with one directive of an `.amdhsa_kernel` block (`field`: the directive it is
/// about, `None` for the block as a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildError {
    pub field: Option<&'static str>,
    pub msg: String,
}

/// The assembler's side: directive values as they come, then the bytes.
#[derive(Clone, Debug)]
pub struct Builder {
    t: Target,
    values: [Option<u64>; FIELDS.len()],
}

impl Builder {
    pub fn new(t: Target) -> Builder {
        Builder {
            t,
            values: [None; FIELDS.len()],
        }
    }

    /// Takes `.amdhsa_NAME VALUE` (`name` with its `.amdhsa_` prefix), checked as llvm-mc
    /// checks it: known, not repeated, on this GFX, within its bits.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), String> {
        let short = name.strip_prefix(".amdhsa_").unwrap_or(name);
        let Some(k) = FIELDS.iter().position(|f| f.name == short) else {
            return Err(match GFX10_ONLY.iter().find(|(n, _)| *n == short) {
                Some((_, since)) => format!("directive requires {since}+"),
                None => "unknown .amdhsa_kernel directive".into(),
            });
        };
        let f = FIELDS[k];
        if self.values[k].is_some() {
            return Err(".amdhsa_ directives cannot be repeated".into());
        }
        if !f.exists(self.t) {
            return Err(format!("directive requires gfx{}+", f.since));
        }
        let max: u64 = match f.kind {
            Kind::Bits { width, .. } => (1u64 << width) - 1,
            Kind::UserSgpr { .. } | Kind::ReserveVcc | Kind::ReserveFlatScratch | Kind::ReserveXnackMask => 1,
            Kind::UserSgprCount | Kind::NextFreeVgpr | Kind::NextFreeSgpr => u32::MAX as u64,
        };
        if value < 0 || value as u64 > max {
            return Err("value out of range".into());
        }
        if f.kind == Kind::ReserveXnackMask && (value != 0) != self.t.xnack {
            return Err(".amdhsa_reserve_xnack_mask does not match target id".into());
        }
        self.values[k] = Some(value as u64);
        Ok(())
    }

    fn value(&self, kind: Kind) -> u64 {
        let k = FIELDS.iter().position(|f| f.kind == kind).unwrap_or(0);
        self.values[k].unwrap_or(FIELDS[k].default as u64)
    }

    fn given(&self, kind: Kind) -> Option<u64> {
        FIELDS.iter().position(|f| f.kind == kind).and_then(|k| self.values[k])
    }

    /// The descriptor (its code offset 0: the object's relocation fills it), or what is
    /// missing or out of range.
    pub fn finish(&self) -> Result<[u8; SIZE], BuildError> {
        let err = |field: Option<&'static str>, msg: &str| BuildError {
            field,
            msg: msg.to_string(),
        };
        let t = self.t;
        let Some(vgprs) = self.given(Kind::NextFreeVgpr) else {
            return Err(err(None, ".amdhsa_next_free_vgpr directive is required"));
        };
        let Some(sgprs) = self.given(Kind::NextFreeSgpr) else {
            return Err(err(None, ".amdhsa_next_free_sgpr directive is required"));
        };
        let mut b = [0u8; SIZE];
        for (k, f) in FIELDS.iter().enumerate() {
            let v = self.values[k].unwrap_or(f.default as u64) as u32;
            match f.kind {
                Kind::Bits { at, lo, width } => put(&mut b, (at, lo, width), v),
                Kind::UserSgpr { bit, .. } => b[USER as usize] |= (v as u8 & 1) << bit,
                _ => {}
            }
        }
        // USER_SGPR: the enables' sum unless given (and never fewer).
        let implied = implied_user_sgprs(&b) as u64;
        let count = match self.given(Kind::UserSgprCount) {
            Some(c) if c < implied => {
                return Err(err(
                    Some("user_sgpr_count"),
                    "amdhsa_user_sgpr_count smaller than than implied by enabled user SGPRs",
                ))
            }
            Some(c) => c,
            None => implied,
        };
        if count > 31 {
            return Err(err(Some("user_sgpr_count"), "too many user SGPRs enabled"));
        }
        put(&mut b, USER_SGPR_COUNT, count as u32);
        // Register granules.
        let vgpr_blocks = vgprs.max(1).div_ceil(4) - 1;
        if vgpr_blocks > 63 {
            return Err(err(Some("next_free_vgpr"), "value out of range"));
        }
        put(&mut b, VGPR_BLOCKS, vgpr_blocks as u32);
        let mut total = sgprs;
        let max = t.addressable_sgprs() as u64;
        if t.major >= 8 && !t.sgpr_init_bug && total > max {
            return Err(err(Some("next_free_sgpr"), "value out of range"));
        }
        // GFX6 has no directive for it: reserved.
        let flat = t.major < 7 || self.value(Kind::ReserveFlatScratch) != 0;
        total += t.extra_sgprs(self.value(Kind::ReserveVcc) != 0, flat, t.major >= 8 && t.xnack) as u64;
        if (t.major <= 7 || t.sgpr_init_bug) && total > max {
            return Err(err(Some("next_free_sgpr"), "value out of range"));
        }
        if t.sgpr_init_bug {
            total = 96;
        }
        let sgpr_blocks = total.max(1).div_ceil(8) - 1;
        if sgpr_blocks > 15 {
            return Err(err(Some("next_free_sgpr"), "value out of range"));
        }
        put(&mut b, SGPR_BLOCKS, sgpr_blocks as u32);
        Ok(b)
    }
}

/// Directives of later GPUs (GFX90A, GFX10) that llvm-mc 14 names in its refusal.
const GFX10_ONLY: [(&str, &str); 6] = [
    ("wavefront_size32", "gfx10"),
    ("accum_offset", "gfx90a"),
    ("tg_split", "gfx90a"),
    ("workgroup_processor_mode", "gfx10"),
    ("memory_ordered", "gfx10"),
    ("forward_progress", "gfx10"),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn t(major: u8, xnack: bool) -> Target {
        Target {
            major,
            xnack,
            sgpr_init_bug: false,
        }
    }

    /// The defaults llvm-mc 14 writes for a block with only the two required directives (its
    /// object, read once: rsrc1 0x00ac0000, rsrc2 0x00000080 on every GFX6-9 processor
    /// without the SGPR bug).
    #[test]
    fn defaults_are_llvm_mc_s() {
        for major in 6..=9 {
            let mut bl = Builder::new(t(major, major == 9));
            bl.set(".amdhsa_next_free_vgpr", 1).unwrap();
            bl.set(".amdhsa_next_free_sgpr", 1).unwrap();
            let b = bl.finish().unwrap();
            assert_eq!(get(&b, (RSRC1, 0, 32)), 0x00ac_0000, "gfx{major}");
            assert_eq!(get(&b, (RSRC2, 0, 32)), 0x80, "gfx{major}");
        }
    }

    /// Bytes → directives → bytes, over random descriptors the directives can express.
    #[test]
    fn directives_round_trip() {
        let mut rnd = crate::test_rng(0x1234_5678_9abc_def0);
        let mut checked = 0;
        for _ in 0..20_000 {
            let major = 6 + (rnd() % 4) as u8;
            let tg = Target {
                major,
                xnack: major >= 8 && rnd().is_multiple_of(2),
                sgpr_init_bug: major == 8 && rnd().is_multiple_of(8),
            };
            let mut b = [0u8; SIZE];
            for x in b.iter_mut() {
                *x = rnd() as u8;
            }
            // Keep to what directives can set, most of the time.
            if !rnd().is_multiple_of(8) {
                let mut covered = [0u8; SIZE];
                for f in FIELDS.iter().filter(|f| f.exists(tg)) {
                    for (c, m) in covered.iter_mut().zip(f.mask()) {
                        *c |= m;
                    }
                }
                for (x, c) in b.iter_mut().zip(covered) {
                    *x &= c;
                }
            }
            b[CODE_ENTRY..CODE_ENTRY + 8].fill(0);
            let Ok(fields) = directives(&b, tg) else {
                continue;
            };
            let mut bl = Builder::new(tg);
            for (n, v) in fields {
                bl.set(n, v as i64).unwrap_or_else(|e| panic!("{n} {v}: {e}"));
            }
            assert_eq!(bl.finish().unwrap(), b, "{tg:?}");
            checked += 1;
        }
        assert!(checked > 5_000, "{checked}");
    }

    #[test]
    fn checks_as_llvm_mc() {
        let mut bl = Builder::new(t(6, false));
        assert_eq!(
            bl.set(".amdhsa_reserve_flat_scratch", 0).unwrap_err(),
            "directive requires gfx7+"
        );
        assert_eq!(
            bl.set(".amdhsa_fp16_overflow", 0).unwrap_err(),
            "directive requires gfx9+"
        );
        assert_eq!(
            bl.set(".amdhsa_wavefront_size32", 0).unwrap_err(),
            "directive requires gfx10+"
        );
        assert_eq!(bl.set(".amdhsa_dx10_clamp", 2).unwrap_err(), "value out of range");
        bl.set(".amdhsa_dx10_clamp", 1).unwrap();
        assert!(bl.set(".amdhsa_dx10_clamp", 1).unwrap_err().contains("repeated"));
        assert!(bl
            .finish()
            .unwrap_err()
            .msg
            .contains("next_free_vgpr directive is required"));
        let mut bl = Builder::new(t(9, true));
        assert!(bl
            .set(".amdhsa_reserve_xnack_mask", 0)
            .unwrap_err()
            .contains("does not match"));
    }
}
