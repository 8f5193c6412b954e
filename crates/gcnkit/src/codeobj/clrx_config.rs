//! CLRX's form of code object v2's kernel header: the `.config` pseudo-ops of its ROCm format
//! (`.rocm`) and the `.control_directive` data after them, as clrxdisasm 0.1.9 prints them
//! ([`print_config`]) and as clrxasm 0.1.9 builds the 256-byte `amd_kernel_code_t` from them
//! ([`ConfigBuilder`]); the code object v3 kernel descriptor clrxasm writes from the same
//! pseudo-ops with `.llvm10binfmt` ([`ConfigBuilder::finish_descriptor`]) and the `.config`
//! lines clrxdisasm prints for such a descriptor ([`print_descriptor_config`]); and the
//! `.gpu`/`.arch_minor`/`.arch_stepping` lines CLRX gives a gfx processor ([`Gpu`]).
//!
//! The pseudo-ops are one table (`OPS`, in clrxdisasm's print order) in terms of the fields
//! of [`akc::FIELDS`] (their positions are akc's) or, where akc has no
//! field (the prefetch offset, the scratch backing size, the raw PGM_RSRC words), of bit
//! ranges.
//!
//! Facts from CLRX 0.1.9 (its source, checked against clrxasm/clrxdisasm):
//! - Defaults: code version 1.0 (1.1 with `.newbinfmt`); machine kind 1 and the device's
//!   version from CLRX's "open source" table (GCN 1.0: 0.0.0; Tonga 8.0.0; Ellesmere, Baffin,
//!   Goose, Horse 8.0.4; Stoney 8.0.1), `.arch_minor`/`.arch_stepping` replacing its minor and
//!   stepping; code entry offset 256; segment alignments 16 bytes; wavefront 64 lanes; call
//!   convention 0; float mode 0xc0; no dimensions; everything else 0.
//! - PGM_RSRC1 is `.pgmrsrc1` ORed with the fields CLRX computes: the granulated VGPR and SGPR
//!   counts of `.vgprsnum`/`.sgprsnum` (`(n-1)/4`, `(n-1)/8`, n at least 1), `.floatmode`,
//!   `.priority`, `.privmode`, `.dx10clamp`, `.debugmode`, `.ieeemode`.
//! - PGM_RSRC2 keeps `.pgmrsrc2` except the scratch enable, user SGPR count, workgroup-id
//!   enables and workitem-id count, which CLRX always computes (the raw bits are dropped even
//!   without `.dims`), and ORs in: scratch enable = private segment size non-zero; user SGPRs
//!   = `.userdatanum`, else the SGPRs the `.use_*` enables take (4 for the private segment
//!   buffer, 2 for each pointer/id, 1 for the private segment size and each grid workgroup
//!   count, at most 16); the dimensions of `.dims` (workitem-id count 2 if z, 1 if y);
//!   `.tgsize`; `.exceptions` (bits 24-30); and, without `.newbinfmt`, the LDS size of the
//!   group segment size in 256-byte (GCN 1.0) or 512-byte granules.
//! - Without `.sgprsnum`: the dimensions' workgroup ids + user SGPRs + `.tgsize` + scratch,
//!   or the code's count if more, plus VCC (2), or FLAT_SCRATCH and VCC (`.use_flat_scratch_init`:
//!   4 on GCN 1.1, 6 later), or XNACK_MASK and VCC (`.use_xnack_enabled`, GCN 1.2+: 4), at
//!   most the arch's SGPRs (102 on GCN 1.2, else 104). Without `.vgprsnum`: the workitem-id
//!   VGPRs of `.dims` or the code's count if more. `wavefront_sgpr_count` and
//!   `workitem_vgpr_count` default to these counts.
//! - A value that is all ones in its field is clrxasm's "not given" marker: the default
//!   results (`.kernel_code_entry_offset -1` writes 256, `.machine 0xffff, ...` the device's
//!   kind, `.wavefront_sgpr_count 0xffff` the computed count).
//! - clrxdisasm prints `.exceptions` from PGM_RSRC1 bits 24-30, while clrxasm puts it in
//!   PGM_RSRC2; it prints no `.use_wave32` for a v2 header; the alignments as `1 << field`.
//!   What it prints for a header rebuilds it exactly unless [`print_config`] says why not.
//!
//! Reading a CLRX source needs the code's register usage for the defaults above: [`CodeRegs`]
//! (zero for a kernel whose code uses no registers, as `.skip 256` + `s_endpgm`).

use super::akc;
use crate::arch::Arch;

const SIZE: usize = akc::SIZE;

/// Where a value lives in the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    /// An [`akc::FIELDS`] field, by name.
    F(&'static str),
    /// Bits no akc field covers: first bit and width.
    Bits(u16, u8),
}

const RSRC1: u16 = 48 * 8;
const RSRC2: u16 = 52 * 8;
/// The raw PGM_RSRC words.
const RSRC1_WORD: At = At::Bits(RSRC1, 32);
const RSRC2_WORD: At = At::Bits(RSRC2, 32);
/// `kernel_code_prefetch_byte_offset` and `max_scratch_backing_memory_byte_size`: akc has no
/// field for them (llvm-mc writes neither).
const PREFETCH_OFFSET: At = At::Bits(24 * 8, 64);
const MAX_SCRATCH: At = At::Bits(40 * 8, 64);
/// The 16 bits of SGPR enables and of feature flags (`.default_hsa_features` replaces them).
const SGPR_FLAGS: At = At::Bits(56 * 8, 16);
const FEATURE_FLAGS: At = At::Bits(58 * 8, 16);
/// Bits 24-30 of PGM_RSRC1, which clrxdisasm prints as `.exceptions`.
const RSRC1_EXCEPTIONS: At = At::Bits(RSRC1 + 24, 7);
/// The 12 reserved bytes before `runtime_loader_kernel_symbol` (CLRX writes zeros).
const RESERVED: std::ops::Range<usize> = 108..120;
/// The 128 bytes of control directives.
const CONTROL: usize = 128;

/// The bits of PGM_RSRC2 clrxasm computes and so drops from `.pgmrsrc2`.
const RSRC2_COMPUTED: [&str; 6] = [
    "enable_sgpr_private_segment_wave_byte_offset",
    "user_sgpr_count",
    "enable_sgpr_workgroup_id_x",
    "enable_sgpr_workgroup_id_y",
    "enable_sgpr_workgroup_id_z",
    "enable_vgpr_workitem_id",
];

/// Places whose all-ones value clrxasm takes for "not given" (its internal marker), so that
/// the value gives the default (`.kernel_code_entry_offset -1` writes 256,
/// `.wavefront_sgpr_count 0xffff` the computed count).
const UNSET_IF_ALL_ONES: [At; 14] = [
    F("amd_machine_kind"),
    F("amd_machine_version_major"),
    F("amd_machine_version_minor"),
    F("amd_machine_version_stepping"),
    F("kernel_code_entry_byte_offset"),
    PREFETCH_OFFSET,
    F("kernel_code_prefetch_byte_size"),
    MAX_SCRATCH,
    F("workitem_private_segment_byte_size"),
    F("gds_segment_byte_size"),
    F("kernarg_segment_byte_size"),
    F("workgroup_fbarrier_count"),
    F("runtime_loader_kernel_symbol"),
    F("wavefront_sgpr_count"),
];

/// User SGPRs each enable takes when `.userdatanum` is left out.
const USER_SGPRS: [(&str, u64); 10] = [
    ("enable_sgpr_private_segment_buffer", 4),
    ("enable_sgpr_dispatch_ptr", 2),
    ("enable_sgpr_queue_ptr", 2),
    ("enable_sgpr_kernarg_segment_ptr", 2),
    ("enable_sgpr_dispatch_id", 2),
    ("enable_sgpr_flat_scratch_init", 2),
    ("enable_sgpr_private_segment_size", 1),
    ("enable_sgpr_grid_workgroup_count_x", 1),
    ("enable_sgpr_grid_workgroup_count_y", 1),
    ("enable_sgpr_grid_workgroup_count_z", 1),
];

const GRID: [&str; 3] = [
    "enable_sgpr_grid_workgroup_count_x",
    "enable_sgpr_grid_workgroup_count_y",
    "enable_sgpr_grid_workgroup_count_z",
];
const WORKGROUP_ID: [&str; 3] = [
    "enable_sgpr_workgroup_id_x",
    "enable_sgpr_workgroup_id_y",
    "enable_sgpr_workgroup_id_z",
];

/// A value check of clrxasm (its error messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Check {
    /// Any value, truncated to the field.
    Any,
    /// A warning above this many bits (the value is truncated).
    Warn(u8),
    /// At most the arch's SGPRs.
    Sgprs,
    /// At most 256.
    Vgprs,
    /// Below the arch's SGPRs (an SGPR number).
    SgprReg,
    /// At most 32768 (LDS bytes), warning above 32 bits.
    LocalSize,
    /// At most 16.
    UserData,
    /// A power of two, 2 to 16.
    ElemSize,
    /// A power of two, at least 16.
    Align,
    /// A power of two, at most 256.
    WaveSize,
    /// Zero before GCN 1.5.
    SharedVgprs,
}

/// What a pseudo-op does.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// `.op VALUE`: the value into a field (truncated).
    Value(At, Check),
    /// `.op VALUE` (a power of two): its log2, less `sub`, into a field.
    Log2(At, Check, u8),
    /// `.op`: sets a one-bit field.
    Flag(At),
    /// `.op VALUE` or `.op`: a part of PGM_RSRC1/2 CLRX computes; ORed into the raw word.
    Rsrc(At, Check),
    /// `.sgprsnum`, `.vgprsnum`, `.userdatanum`: counts the computed fields come from.
    Count(Count, Check),
    /// `.op A, B, ...`: values into fields, each truncated to 16 bits (`.codeversion` warns
    /// above 32, `.machine` above 16).
    List(&'static [At], u8),
    /// `.dims GIDS[, LIDS]`.
    Dims,
    /// `.use_grid_workgroup_count DIMS`.
    GridCount,
    /// `.reserved_vgprs`/`.reserved_sgprs FIRST, LAST`: first and count fields.
    Reserved(bool, At, At),
    /// `.default_hsa_features`.
    DefaultFeatures,
    /// `.pgmrsrc3 VALUE`: only in a kernel descriptor (code object v3+).
    Rsrc3,
    /// Accepted (after its check) with nothing in a header (`.shared_vgprs`).
    Ignored(Check),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    Sgprs,
    Vgprs,
    UserData,
}

/// How clrxdisasm prints a pseudo-op (or `No`: it never does).
#[derive(Clone, Copy, Debug)]
enum Print {
    No,
    Dims,
    SgprsNum,
    VgprsNum,
    /// The pseudo-op alone, when the bit is set.
    Flag(At),
    /// `0x%02x`.
    Hex2(At),
    /// `%u`.
    Dec(At),
    /// `0x%02x` when non-zero.
    Hex2NonZero(At),
    LocalSize,
    /// `0x%08x`.
    Hex8(At),
    /// `%u, %u...`.
    List(&'static [At]),
    /// `0x%x`.
    Hex(At),
    /// `0x%x` when non-zero.
    HexNonZero(At),
    /// `%u` when non-zero.
    DecNonZero(At),
    GridCount,
    /// `2 << field` (`1 << field` with 0).
    Pow2(At, u8),
    Reserved(At, At),
}

/// One CLRX config pseudo-op.
#[derive(Clone, Copy, Debug)]
struct Entry {
    name: &'static str,
    op: Op,
    print: Print,
}

const fn e(name: &'static str, op: Op, print: Print) -> Entry {
    Entry { name, op, print }
}

use At::F;

const CODE_VERSION: &[At] = &[F("amd_code_version_major"), F("amd_code_version_minor")];
const MACHINE: &[At] = &[
    F("amd_machine_kind"),
    F("amd_machine_version_major"),
    F("amd_machine_version_minor"),
    F("amd_machine_version_stepping"),
];

/// `.op`: sets a one-bit field; printed when it is set.
const fn flag(name: &'static str, field: &'static str) -> Entry {
    e(name, Op::Flag(F(field)), Print::Flag(F(field)))
}

/// `.op`: a mode bit of PGM_RSRC1/2 CLRX computes; printed when it is set.
const fn mode(name: &'static str, field: &'static str) -> Entry {
    e(name, Op::Rsrc(F(field), Check::Any), Print::Flag(F(field)))
}

/// `.op VALUE` into a field; printed in decimal when not 0.
const fn size(name: &'static str, field: &'static str, check: Check) -> Entry {
    e(name, Op::Value(F(field), check), Print::DecNonZero(F(field)))
}

/// `.op POW2` (an alignment or size) as its log2 less `sub`; printed always.
const fn pow2(name: &'static str, field: &'static str, check: Check, sub: u8) -> Entry {
    e(name, Op::Log2(F(field), check, sub), Print::Pow2(F(field), sub))
}

/// Another name of a value pseudo-op, never printed.
const fn alias(name: &'static str, field: &'static str, check: Check) -> Entry {
    e(name, Op::Value(F(field), check), Print::No)
}

/// Every config pseudo-op of clrxasm's ROCm format that writes the header, in clrxdisasm's
/// print order (the ones it never prints last).
#[rustfmt::skip]
const OPS: [Entry; 59] = [
    e("dims", Op::Dims, Print::Dims),
    e("sgprsnum", Op::Count(Count::Sgprs, Check::Sgprs), Print::SgprsNum),
    e("vgprsnum", Op::Count(Count::Vgprs, Check::Vgprs), Print::VgprsNum),
    mode("privmode", "priv"),
    mode("debugmode", "debug_mode"),
    mode("dx10clamp", "enable_dx10_clamp"),
    mode("ieeemode", "enable_ieee_mode"),
    mode("tgsize", "enable_sgpr_workgroup_info"),
    e("floatmode", Op::Rsrc(F("float_mode"), Check::Warn(8)), Print::Hex2(F("float_mode"))),
    e("priority", Op::Rsrc(F("priority"), Check::Warn(2)), Print::Dec(F("priority"))),
    // clrxdisasm prints PGM_RSRC1's bits 24-30; clrxasm writes PGM_RSRC2's.
    e("exceptions", Op::Rsrc(F("enable_exception"), Check::Warn(7)), Print::Hex2NonZero(RSRC1_EXCEPTIONS)),
    e("localsize", Op::Value(F("workgroup_group_segment_byte_size"), Check::LocalSize), Print::LocalSize),
    e("userdatanum", Op::Count(Count::UserData, Check::UserData), Print::Dec(F("user_sgpr_count"))),
    e("pgmrsrc1", Op::Value(RSRC1_WORD, Check::Warn(32)), Print::Hex8(RSRC1_WORD)),
    e("pgmrsrc2", Op::Value(RSRC2_WORD, Check::Warn(32)), Print::Hex8(RSRC2_WORD)),
    e("codeversion", Op::List(CODE_VERSION, 32), Print::List(CODE_VERSION)),
    e("machine", Op::List(MACHINE, 16), Print::List(MACHINE)),
    e("kernel_code_entry_offset", Op::Value(F("kernel_code_entry_byte_offset"), Check::Any),
        Print::Hex(F("kernel_code_entry_byte_offset"))),
    e("kernel_code_prefetch_offset", Op::Value(PREFETCH_OFFSET, Check::Any), Print::HexNonZero(PREFETCH_OFFSET)),
    size("kernel_code_prefetch_size", "kernel_code_prefetch_byte_size", Check::Any),
    e("max_scratch_backing_memory", Op::Value(MAX_SCRATCH, Check::Any), Print::DecNonZero(MAX_SCRATCH)),
    flag("use_private_segment_buffer", "enable_sgpr_private_segment_buffer"),
    flag("use_dispatch_ptr", "enable_sgpr_dispatch_ptr"),
    flag("use_queue_ptr", "enable_sgpr_queue_ptr"),
    flag("use_kernarg_segment_ptr", "enable_sgpr_kernarg_segment_ptr"),
    flag("use_dispatch_id", "enable_sgpr_dispatch_id"),
    flag("use_flat_scratch_init", "enable_sgpr_flat_scratch_init"),
    flag("use_private_segment_size", "enable_sgpr_private_segment_size"),
    e("use_grid_workgroup_count", Op::GridCount, Print::GridCount),
    flag("use_ordered_append_gds", "enable_ordered_append_gds"),
    pow2("private_elem_size", "private_element_size", Check::ElemSize, 1),
    flag("use_ptr64", "is_ptr64"),
    flag("use_dynamic_call_stack", "is_dynamic_callstack"),
    flag("use_debug_enabled", "is_debug_enabled"),
    flag("use_xnack_enabled", "is_xnack_enabled"),
    size("workitem_private_segment_size", "workitem_private_segment_byte_size", Check::Warn(32)),
    size("workgroup_group_segment_size", "workgroup_group_segment_byte_size", Check::LocalSize),
    size("gds_segment_size", "gds_segment_byte_size", Check::Warn(32)),
    size("kernarg_segment_size", "kernarg_segment_byte_size", Check::Any),
    size("workgroup_fbarrier_count", "workgroup_fbarrier_count", Check::Warn(32)),
    size("wavefront_sgpr_count", "wavefront_sgpr_count", Check::Any),
    size("workitem_vgpr_count", "workitem_vgpr_count", Check::Any),
    e("reserved_vgprs", Op::Reserved(true, F("reserved_vgpr_first"), F("reserved_vgpr_count")),
        Print::Reserved(F("reserved_vgpr_first"), F("reserved_vgpr_count"))),
    e("reserved_sgprs", Op::Reserved(false, F("reserved_sgpr_first"), F("reserved_sgpr_count")),
        Print::Reserved(F("reserved_sgpr_first"), F("reserved_sgpr_count"))),
    size("debug_wavefront_private_segment_offset_sgpr", "debug_wavefront_private_segment_offset_sgpr", Check::SgprReg),
    size("debug_private_segment_buffer_sgpr", "debug_private_segment_buffer_sgpr", Check::SgprReg),
    pow2("kernarg_segment_align", "kernarg_segment_alignment", Check::Align, 0),
    pow2("group_segment_align", "group_segment_alignment", Check::Align, 0),
    pow2("private_segment_align", "private_segment_alignment", Check::Align, 0),
    pow2("wavefront_size", "wavefront_size", Check::WaveSize, 0),
    e("call_convention", Op::Value(F("call_convention"), Check::Warn(32)), Print::Hex(F("call_convention"))),
    e("runtime_loader_kernel_symbol", Op::Value(F("runtime_loader_kernel_symbol"), Check::Any),
        Print::HexNonZero(F("runtime_loader_kernel_symbol"))),
    // Never printed: other names of the above, and pseudo-ops clrxdisasm leaves out.
    alias("group_segment_fixed_size", "workgroup_group_segment_byte_size", Check::LocalSize),
    alias("private_segment_fixed_size", "workitem_private_segment_byte_size", Check::Warn(32)),
    alias("scratchbuffer", "workitem_private_segment_byte_size", Check::Warn(32)),
    e("default_hsa_features", Op::DefaultFeatures, Print::No),
    e("use_wave32", Op::Flag(F("enable_wavefront_size32")), Print::No),
    e("pgmrsrc3", Op::Rsrc3, Print::No),
    e("shared_vgprs", Op::Ignored(Check::SharedVgprs), Print::No),
];

// ---- positions ----

/// First bit and width of a place.
fn span(at: At) -> (u16, u8) {
    match at {
        At::Bits(b, w) => (b, w),
        At::F(name) => {
            let f = akc::FIELDS.iter().find(|x| x.name == name);
            let f = f.unwrap_or_else(|| panic!("{name} is not an akc field"));
            (f.bit, f.width)
        }
    }
}

fn get(b: &[u8; SIZE], at: At) -> u64 {
    let (bit, width) = span(at);
    super::bits::get(b, bit as usize, width as usize)
}

fn put(b: &mut [u8; SIZE], at: At, v: u64) {
    let (bit, width) = span(at);
    super::bits::put(b, bit as usize, width as usize, v)
}

/// The mask of a place's bits within the 32-bit word that starts at `word` (a bit).
fn word_mask(at: At, word: u16) -> u32 {
    let (bit, width) = span(at);
    (((1u64 << width) - 1) << (bit - word)) as u32
}

fn rsrc(b: &[u8; SIZE], word: At) -> u32 {
    get(b, word) as u32
}

// ---- devices ----

/// A GPU device CLRX knows (what `.gpu` names), of the archs gcnkit covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Device {
    /// CLRX's name, as clrxdisasm prints it (`Fiji`, `GFX900`).
    pub name: &'static str,
    pub arch: Arch,
    /// The version clrxasm writes in the code object's note (CLRX's ROCm table).
    note: [u16; 3],
    /// The default machine version of the header (CLRX's "open source" table).
    machine: [u16; 3],
    /// The gfx processor LLVM gives the chip, for GCN 1.0 (CLRX's versions are 0.0.0 there).
    gfx6: &'static str,
}

const fn dev(name: &'static str, arch: Arch, note: [u16; 3], machine: [u16; 3]) -> Device {
    Device {
        name,
        arch,
        note,
        machine,
        gfx6: "",
    }
}

const fn si(name: &'static str, gfx6: &'static str) -> Device {
    Device {
        name,
        arch: Arch::Gcn10,
        note: [0, 0, 0],
        machine: [0, 0, 0],
        gfx6,
    }
}

/// CLRX 0.1.9's devices of GCN 1.0-1.4, in its order.
pub const DEVICES: [Device; 30] = [
    si("CapeVerde", "gfx601"),
    si("Pitcairn", "gfx601"),
    si("Tahiti", "gfx600"),
    si("Oland", "gfx602"),
    dev("Bonaire", Arch::Gcn11, [7, 0, 0], [7, 0, 0]),
    dev("Spectre", Arch::Gcn11, [7, 0, 0], [7, 0, 0]),
    dev("Spooky", Arch::Gcn11, [7, 0, 0], [7, 0, 0]),
    dev("Kalindi", Arch::Gcn11, [7, 0, 0], [7, 0, 0]),
    si("Hainan", "gfx602"),
    dev("Hawaii", Arch::Gcn11, [7, 0, 1], [7, 0, 1]),
    dev("Iceland", Arch::Gcn12, [8, 0, 0], [8, 0, 0]),
    dev("Tonga", Arch::Gcn12, [8, 0, 2], [8, 0, 0]),
    dev("Mullins", Arch::Gcn11, [7, 0, 0], [7, 0, 0]),
    dev("Fiji", Arch::Gcn12, [8, 0, 3], [8, 0, 3]),
    dev("Carrizo", Arch::Gcn12, [8, 0, 1], [8, 0, 1]),
    dev("Dummy", Arch::Gcn12, [8, 0, 1], [8, 0, 1]),
    dev("Goose", Arch::Gcn12, [8, 0, 3], [8, 0, 4]),
    dev("Horse", Arch::Gcn12, [8, 0, 3], [8, 0, 4]),
    dev("Stoney", Arch::Gcn12, [8, 1, 0], [8, 0, 1]),
    dev("Ellesmere", Arch::Gcn12, [8, 0, 3], [8, 0, 4]),
    dev("Baffin", Arch::Gcn12, [8, 0, 3], [8, 0, 4]),
    dev("GFX804", Arch::Gcn12, [8, 0, 4], [8, 0, 4]),
    dev("GFX900", Arch::Gcn14, [9, 0, 0], [9, 0, 0]),
    dev("GFX901", Arch::Gcn14, [9, 0, 1], [9, 0, 1]),
    dev("GFX902", Arch::Gcn14, [9, 0, 2], [9, 0, 2]),
    dev("GFX903", Arch::Gcn14, [9, 0, 3], [9, 0, 3]),
    dev("GFX904", Arch::Gcn14, [9, 0, 4], [9, 0, 4]),
    dev("GFX905", Arch::Gcn14, [9, 0, 5], [9, 0, 5]),
    dev("GFX906", Arch::Gcn141, [9, 0, 6], [9, 0, 6]),
    dev("GFX907", Arch::Gcn141, [9, 0, 7], [9, 0, 7]),
];

/// The other names `.gpu` takes (case-insensitively, as the device names: `gfx900` is
/// `GFX900`).
const DEVICE_ALIASES: [(&str, &str); 17] = [
    ("gfx700", "Spectre"),
    ("gfx701", "Hawaii"),
    ("gfx801", "Carrizo"),
    ("gfx802", "Tonga"),
    ("gfx803", "Fiji"),
    ("polaris10", "Ellesmere"),
    ("polaris11", "Baffin"),
    ("polaris12", "GFX804"),
    ("polaris20", "Ellesmere"),
    ("polaris21", "Baffin"),
    ("polaris22", "GFX804"),
    ("raven", "GFX903"),
    ("topaz", "Iceland"),
    ("vega10", "GFX900"),
    ("vega11", "GFX902"),
    ("vega12", "GFX904"),
    ("vega20", "GFX906"),
];

/// The note versions clrxdisasm recognises (else the lowest device of the major).
const NOTE_DEVICES: [([u16; 3], &str); 17] = [
    ([0, 0, 0], "CapeVerde"),
    ([7, 0, 0], "Bonaire"),
    ([7, 0, 1], "Hawaii"),
    ([8, 0, 0], "Iceland"),
    ([8, 0, 1], "Carrizo"),
    ([8, 0, 2], "Iceland"),
    ([8, 0, 3], "Fiji"),
    ([8, 0, 4], "Fiji"),
    ([8, 1, 0], "Stoney"),
    ([9, 0, 0], "GFX900"),
    ([9, 0, 1], "GFX901"),
    ([9, 0, 2], "GFX902"),
    ([9, 0, 3], "GFX903"),
    ([9, 0, 4], "GFX904"),
    ([9, 0, 5], "GFX905"),
    ([9, 0, 6], "GFX906"),
    ([9, 0, 7], "GFX907"),
];

impl Device {
    /// The device `.gpu NAME` names (case-insensitive, CLRX's other names too: `gfx803`,
    /// `polaris10`, `vega20`...), if it is GCN 1.0-1.4.
    pub fn find(name: &str) -> Option<&'static Device> {
        let n = name.trim();
        let n = DEVICE_ALIASES
            .iter()
            .find(|a| a.0.eq_ignore_ascii_case(n))
            .map_or(n, |a| a.1);
        DEVICES.iter().find(|d| d.name.eq_ignore_ascii_case(n))
    }

    fn named(name: &str) -> &'static Device {
        DEVICES.iter().find(|d| d.name == name).expect("CLRX device")
    }

    /// Most SGPRs a kernel may use (`.sgprsnum`'s limit): 102 on GCN 1.2, else 104.
    pub fn max_sgprs(&self) -> u64 {
        if self.arch == Arch::Gcn12 {
            102
        } else {
            104
        }
    }
}

/// What a CLRX source says about its GPU: `.gpu`, `.arch_minor`, `.arch_stepping`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gpu {
    pub device: &'static Device,
    pub arch_minor: Option<u32>,
    pub arch_stepping: Option<u32>,
}

impl Gpu {
    /// What clrxdisasm prints for a code object of gfx `processor` (its note's version): the
    /// device of that version in CLRX's table, else the lowest of its major (for GFX6, a
    /// major CLRX does not know: CapeVerde), with the version's minor and stepping (`gfx803`
    /// → Fiji 0 3, `gfx704` → Bonaire 0 4, `gfx600` → CapeVerde 0 0). LLVM's names (`fiji`)
    /// are taken too; `None` past GCN 1.4.
    pub fn of_processor(processor: &str) -> Option<Gpu> {
        let p = super::processor_name(processor).unwrap_or(processor);
        p.strip_prefix("gfx")?;
        let (major, minor, stepping) = akc::machine_version(p);
        let v = [major as u16, minor as u16, stepping as u16];
        let name = match NOTE_DEVICES.iter().find(|x| x.0 == v) {
            Some(x) => x.1,
            None => match major {
                0 | 6 => "CapeVerde",
                7 => "Bonaire",
                8 => "Iceland",
                9 => "GFX900",
                // GCN 1.5 and later: not gcnkit's (CLRX says GFX1000, or CapeVerde).
                _ => return None,
            },
        };
        Some(Gpu {
            device: Device::named(name),
            arch_minor: Some(minor as u32),
            arch_stepping: Some(stepping as u32),
        })
    }

    /// The gfx processor of the code object clrxasm writes for these lines (the reverse of
    /// [`Gpu::of_processor`]): the device's major (CLRX's ROCm table), minor and stepping,
    /// `.arch_minor`/`.arch_stepping` replacing the latter two. CLRX's GCN 1.0 major is 0;
    /// gcnkit says 6: `gfx6` + minor + stepping if given, else LLVM's processor of the chip.
    /// The ISA version clrxasm writes in a `.rocm` object's note: CLRX's ROCm table (0.0.0
    /// for GCN 1.0), with `.arch_minor`/`.arch_stepping` over it.
    pub fn rocm_note(&self) -> (u32, u32, u32) {
        let n = self.device.note;
        (
            n[0] as u32,
            self.arch_minor.unwrap_or(n[1] as u32),
            self.arch_stepping.unwrap_or(n[2] as u32),
        )
    }

    pub fn processor(&self) -> String {
        let d = self.device;
        if d.arch == Arch::Gcn10 && self.arch_minor.is_none() && self.arch_stepping.is_none() {
            return d.gfx6.to_string();
        }
        let major = if d.arch == Arch::Gcn10 { 6 } else { d.note[0] as u32 };
        let minor = self.arch_minor.unwrap_or(d.note[1] as u32);
        let stepping = self.arch_stepping.unwrap_or(d.note[2] as u32);
        format!("gfx{major}{minor:x}{stepping:x}")
    }

    /// The lines as clrxdisasm prints them: `.gpu`, `.arch_minor`, `.arch_stepping` (the
    /// last two only when set).
    pub fn print(&self, out: &mut String) {
        out.push_str(&format!(".gpu {}\n", self.device.name));
        if let Some(m) = self.arch_minor {
            out.push_str(&format!(".arch_minor {m}\n"));
        }
        if let Some(s) = self.arch_stepping {
            out.push_str(&format!(".arch_stepping {s}\n"));
        }
    }
}

/// What a kernel's header depends on besides its pseudo-ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub gpu: Gpu,
    /// `.newbinfmt`: code version 1.1 by default, and PGM_RSRC2's LDS size is not derived from
    /// the group segment size.
    pub new_binfmt: bool,
}

impl Target {
    pub fn new(gpu: Gpu, new_binfmt: bool) -> Target {
        Target { gpu, new_binfmt }
    }

    fn arch(&self) -> Arch {
        self.gpu.device.arch
    }

    /// LDS granule: 256 bytes on GCN 1.0, 512 later (a shift).
    fn lds_shift(&self) -> u32 {
        if self.arch() == Arch::Gcn10 {
            8
        } else {
            9
        }
    }
}

// ---- printing ----

fn dims_text(gid: u64, lid: u64) -> String {
    let mut s = String::new();
    let xyz = |m: u64, s: &mut String| {
        for (k, c) in ['x', 'y', 'z'].iter().enumerate() {
            if m >> k & 1 == 1 {
                s.push(*c);
            }
        }
    };
    xyz(gid, &mut s);
    if gid != lid {
        s.push_str(", ");
        xyz(lid, &mut s);
    }
    s
}

/// The workitem-id dimensions (a mask) of PGM_RSRC2's count, as clrxdisasm reads it.
fn lid_mask(count: u64) -> u64 {
    match count {
        0 => 1,
        1 => 3,
        _ => 7,
    }
}

/// The lines of one entry as clrxdisasm prints them (8 spaces before each).
fn print_entry(x: &Entry, b: &[u8; SIZE], t: &Target, out: &mut String) {
    let mut line = |args: Option<String>| {
        out.push_str("        .");
        out.push_str(x.name);
        if let Some(a) = args {
            out.push(' ');
            out.push_str(&a);
        }
        out.push('\n');
    };
    match x.print {
        Print::No => {}
        Print::Dims => {
            let gid = WORKGROUP_ID.iter().enumerate().map(|(k, f)| get(b, F(f)) << k).sum();
            line(Some(dims_text(gid, lid_mask(get(b, F("enable_vgpr_workitem_id"))))));
        }
        Print::SgprsNum => {
            let n = ((get(b, F("granulated_wavefront_sgpr_count")) << 3) + 8).min(t.gpu.device.max_sgprs());
            line(Some(n.to_string()));
        }
        Print::VgprsNum => {
            line(Some(
                ((get(b, F("granulated_workitem_vgpr_count")) << 2) + 4).to_string(),
            ));
        }
        Print::Flag(at) => {
            if get(b, at) != 0 {
                line(None)
            }
        }
        Print::Hex2(at) => line(Some(format!("{:#04x}", get(b, at)))),
        Print::Dec(at) => line(Some(get(b, at).to_string())),
        Print::Hex2NonZero(at) => {
            if get(b, at) != 0 {
                line(Some(format!("{:#04x}", get(b, at))))
            }
        }
        Print::LocalSize => {
            let n = get(b, F("granulated_lds_size")) << t.lds_shift();
            if n != 0 {
                line(Some(n.to_string()))
            }
        }
        Print::Hex8(at) => line(Some(format!("{:#010x}", get(b, at)))),
        Print::List(ats) => {
            let v: Vec<String> = ats.iter().map(|&a| get(b, a).to_string()).collect();
            line(Some(v.join(", ")))
        }
        Print::Hex(at) => line(Some(format!("{:#x}", get(b, at)))),
        Print::HexNonZero(at) => {
            if get(b, at) != 0 {
                line(Some(format!("{:#x}", get(b, at))))
            }
        }
        Print::DecNonZero(at) => {
            if get(b, at) != 0 {
                line(Some(get(b, at).to_string()))
            }
        }
        Print::GridCount => {
            let m: u64 = GRID.iter().enumerate().map(|(k, f)| get(b, F(f)) << k).sum();
            if m != 0 {
                line(Some(dims_text(m, m)))
            }
        }
        Print::Pow2(at, base) => {
            // C's `1U << field` (the shift taken modulo 32, as x86 does).
            let v = ((1u32 << base) as u64) << ((get(b, at) as u32) & 31) & 0xffff_ffff;
            line(Some(v.to_string()))
        }
        Print::Reserved(first, count) => {
            let (f, c) = (get(b, first), get(b, count));
            if c != 0 {
                line(Some(format!("{f}, {}", (f + c - 1) & 0xffff)))
            }
        }
    }
}

/// Data as clrxdisasm prints it (`.byte` lines of 8, `.fill` for runs of 8 or more), with
/// 8 spaces before each line.
fn print_data(data: &[u8], out: &mut String) {
    let n = data.len();
    let mut p = 0;
    while p < n {
        let mut end = p + 1;
        while end < n && data[end] == data[p] {
            end += 1;
        }
        if end >= p + 8 {
            let old = p;
            p = if end != n { end & !7 } else { end };
            out.push_str(&format!("        .fill {}, 1, {:#04x}\n", p - old, data[old]));
            continue;
        }
        let stop = (p + 8).min(n);
        let bytes: Vec<String> = data[p..stop].iter().map(|x| format!("{x:#04x}")).collect();
        out.push_str(&format!("        .byte {}\n", bytes.join(", ")));
        p = stop;
    }
}

/// Why clrxasm cannot rebuild header `b` from the lines clrxdisasm prints for it, if it
/// cannot (the checks of [`print_config`]).
fn unprintable(b: &[u8; SIZE], t: &Target) -> Option<String> {
    let d = t.gpu.device;
    if b[RESERVED].iter().any(|&x| x != 0) {
        return Some("bytes 108-119 (reserved) are not zero: CLRX writes zeros there".into());
    }
    for at in UNSET_IF_ALL_ONES.iter().chain(&[F("workitem_vgpr_count")]) {
        if get(b, *at) == u64::MAX >> (64 - span(*at).1) {
            return Some(format!(
                "{} is all ones, which clrxasm takes for \"not given\"",
                name_of(*at)
            ));
        }
    }
    if get(b, F("enable_wavefront_size32")) != 0 {
        return Some("enable_wavefront_size32 is set: clrxdisasm prints no .use_wave32 for a v2 header".into());
    }
    let sgpr_known: u64 = [&USER_SGPRS.map(|x| x.0)[..], &["enable_wavefront_size32"][..]]
        .concat()
        .iter()
        .map(|&f| mask16(f, SGPR_FLAGS))
        .fold(0, |a, m| a | m);
    let flags = get(b, SGPR_FLAGS);
    if flags & !sgpr_known != 0 {
        return Some(format!(
            "bits {:#06x} of the SGPR enables (byte 56) are set: no CLRX pseudo-op sets them",
            flags & !sgpr_known
        ));
    }
    let feature_known = [
        "enable_ordered_append_gds",
        "private_element_size",
        "is_ptr64",
        "is_dynamic_callstack",
        "is_debug_enabled",
        "is_xnack_enabled",
    ]
    .iter()
    .map(|&f| mask16(f, FEATURE_FLAGS))
    .fold(0, |a, m| a | m);
    let features = get(b, FEATURE_FLAGS);
    if features & !feature_known != 0 {
        return Some(format!(
            "bits {:#06x} of the feature flags (byte 58) are set: no CLRX pseudo-op sets them",
            features & !feature_known
        ));
    }
    let scratch = get(b, F("enable_sgpr_private_segment_wave_byte_offset"));
    let private = get(b, F("workitem_private_segment_byte_size"));
    if scratch != (private != 0) as u64 {
        return Some(format!(
            "enable_sgpr_private_segment_wave_byte_offset is {scratch} with \
             workitem_private_segment_byte_size {private}: clrxasm sets it exactly when the size is not 0"
        ));
    }
    let user = get(b, F("user_sgpr_count"));
    if user > 16 {
        return Some(format!("user_sgpr_count is {user}: .userdatanum takes at most 16"));
    }
    if get(b, F("enable_vgpr_workitem_id")) == 3 {
        return Some("enable_vgpr_workitem_id is 3: .dims writes at most 2".into());
    }
    let exc1 = get(b, RSRC1_EXCEPTIONS);
    if exc1 & !get(b, F("enable_exception")) != 0 {
        return Some(format!(
            "PGM_RSRC1 bits 24-30 are {exc1:#x}: clrxdisasm prints them as .exceptions, which \
             clrxasm puts in PGM_RSRC2"
        ));
    }
    let lds = get(b, F("granulated_lds_size"));
    let group = get(b, F("workgroup_group_segment_byte_size"));
    if lds << t.lds_shift() > 32768 {
        return Some(format!(
            "granulated_lds_size {lds} prints as .localsize {}, above CLRX's 32768",
            lds << t.lds_shift()
        ));
    }
    if group > 32768 {
        return Some(format!(
            "workgroup_group_segment_byte_size {group} is above CLRX's 32768"
        ));
    }
    if lds != 0 && group == 0 {
        return Some(format!(
            "granulated_lds_size {lds} with workgroup_group_segment_byte_size 0: .localsize sets the size"
        ));
    }
    if !t.new_binfmt {
        let mask = (1u64 << t.lds_shift()) - 1;
        let derived = ((group + mask) >> t.lds_shift()) & 0x1ff;
        if derived & !lds != 0 {
            return Some(format!(
                "granulated_lds_size {lds} with workgroup_group_segment_byte_size {group}: without \
                 .newbinfmt clrxasm derives {derived} from the size"
            ));
        }
    }
    for f in CODE_VERSION {
        if get(b, *f) > 0xffff {
            return Some(format!("{} is {}: clrxasm keeps 16 bits", name_of(*f), get(b, *f)));
        }
    }
    for (f, lo, hi) in [
        ("kernarg_segment_alignment", 4, 31),
        ("group_segment_alignment", 4, 31),
        ("private_segment_alignment", 4, 31),
        ("wavefront_size", 0, 8),
    ] {
        let v = get(b, F(f));
        if v < lo || v > hi {
            return Some(format!("{f} is {v}: CLRX takes {lo} to {hi}"));
        }
    }
    for f in ["wavefront_sgpr_count", "workitem_vgpr_count"] {
        if get(b, F(f)) == 0 {
            return Some(format!(
                "{f} is 0: clrxdisasm leaves it out and clrxasm then computes it"
            ));
        }
    }
    for (vgpr, first, count) in [
        (true, "reserved_vgpr_first", "reserved_vgpr_count"),
        (false, "reserved_sgpr_first", "reserved_sgpr_count"),
    ] {
        let (f, c) = (get(b, F(first)), get(b, F(count)));
        let max = if vgpr { 256 } else { d.max_sgprs() };
        if c == 0 && f != 0 {
            return Some(format!("{first} is {f} with {count} 0: clrxdisasm leaves both out"));
        }
        if c != 0 && f + c > max {
            return Some(format!("{first} {f} and {count} {c} end above register {}", max - 1));
        }
    }
    for f in [
        "debug_wavefront_private_segment_offset_sgpr",
        "debug_private_segment_buffer_sgpr",
    ] {
        if get(b, F(f)) >= d.max_sgprs() {
            return Some(format!(
                "{f} is {}: CLRX takes SGPRs below {}",
                get(b, F(f)),
                d.max_sgprs()
            ));
        }
    }
    None
}

/// The mask of a field within a 16-bit flags word.
fn mask16(f: &'static str, word: At) -> u64 {
    let (w, _) = span(word);
    let (bit, width) = span(F(f));
    ((1u64 << width) - 1) << (bit - w)
}

fn name_of(at: At) -> String {
    match at {
        At::F(n) => n.to_string(),
        At::Bits(b, w) => format!("bits {b}..{} of the header", b as u32 + w as u32),
    }
}

/// The pseudo-op lines of header `b` and its `.control_directive` block, as clrxdisasm
/// prints them; the first 15 (the ones of PGM_RSRC1/2: `.dims` to `.pgmrsrc2`) with `prefix`
/// (`hsa_` in a Gallium kernel's `.config`, after the kernel's own).
pub(crate) fn print_config_lines(b: &[u8; SIZE], target: &Target, prefix: &str, out: &mut String) {
    for (k, x) in OPS.iter().enumerate() {
        let mut line = String::new();
        print_entry(x, b, target, &mut line);
        if k < 15 && !prefix.is_empty() {
            line = line.replace("        .", &format!("        .{prefix}"));
        }
        out.push_str(&line);
    }
    out.push_str("    .control_directive\n");
    print_data(&b[CONTROL..], out);
}

/// The kernel header `b` (256 bytes) as CLRX's `.config` block, exactly as `clrxdisasm -C`
/// prints it after `.kernel NAME` (the `    .config` line, the pseudo-ops indented by 8, then
/// `    .control_directive` and its data); or, when clrxasm would not rebuild `b` from those
/// lines, why not (then the caller prints the header as data). `target` says what
/// clrxdisasm's text depends on (the arch's SGPR limit and LDS granule) and how clrxasm will
/// read it (`.newbinfmt`).
pub fn print_config(b: &[u8; SIZE], target: &Target, out: &mut String) -> Result<(), String> {
    if let Some(why) = unprintable(b, target) {
        return Err(why);
    }
    let mut text = String::from("    .config\n");
    print_config_lines(b, target, "", &mut text);
    // Whatever the checks above missed: clrxasm's reading of the text must give `b` back.
    let mut bl = ConfigBuilder::new(*target, "k");
    for line in text.lines() {
        let line = line.trim();
        let (op, args) = line.split_once(' ').unwrap_or((line, ""));
        bl.set(op, args)
            .map_err(|e| format!("clrxasm would reject `{line}`: {e}"))?;
    }
    let back = bl.finish()?;
    if let Some(k) = (0..SIZE).find(|&k| back[k] != b[k]) {
        return Err(format!(
            "byte {k} would be {:#04x} instead of {:#04x} after clrxasm",
            back[k], b[k]
        ));
    }
    out.push_str(&text);
    Ok(())
}

// ---- code object v3+ (`.llvm10binfmt`) ----

/// Bytes of a code object v3+ kernel descriptor.
pub const DESCRIPTOR_SIZE: usize = 64;
/// Its code entry offset (bytes 16-23): clrxasm computes it from where the code lands.
const KD_ENTRY: std::ops::Range<usize> = 16..24;

/// A descriptor's fields in an akc header, where [`print_entry`] and [`ConfigBuilder`] have
/// them: the group and private segment sizes, PGM_RSRC1/2 and the SGPR enables (clrxasm's
/// `configToKernelDescriptor` in reverse; [`ConfigBuilder::finish_descriptor`] goes forward).
fn descriptor_header(kd: &[u8; DESCRIPTOR_SIZE]) -> [u8; SIZE] {
    let mut h = [0u8; SIZE];
    h[64..68].copy_from_slice(&kd[0..4]);
    h[60..64].copy_from_slice(&kd[4..8]);
    h[48..58].copy_from_slice(&kd[48..58]);
    h
}

fn le32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

/// The descriptor's bytes clrxasm always writes as zeros, with LLVM's names for them.
const KD_ZEROS: [(std::ops::Range<usize>, &str); 5] = [
    (
        8..12,
        "kernarg_size: clrxasm writes 0 there (a kernel's argument size goes to its metadata only)",
    ),
    (12..16, "reserved: clrxasm writes 0 there"),
    (24..44, "reserved: clrxasm writes 0 there"),
    (58..60, "kernarg_preload (GFX90A+): clrxasm writes 0 there"),
    (60..64, "reserved: clrxasm writes 0 there"),
];

/// The SGPR enables (bytes 56-57) some CLRX pseudo-op sets: the 7 user SGPR enables, the 3
/// grid workgroup counts of code object v2 (reserved in v3) and `.use_wave32` (bit 10).
const KD_SGPR_FLAGS_KNOWN: u16 = 0x7ff;

/// Why clrxasm cannot rebuild descriptor `kd` from [`print_descriptor_config`]'s lines, if it
/// cannot, naming the first byte offset that differs.
fn descriptor_unprintable(kd: &[u8; DESCRIPTOR_SIZE], t: &Target) -> Option<String> {
    let group = le32(kd, 0);
    if group > 32768 {
        return Some(format!(
            "bytes 0-3 (group_segment_fixed_size) are {group}: CLRX takes at most 32768"
        ));
    }
    if le32(kd, 4) == u32::MAX {
        return Some(
            "bytes 4-7 (private_segment_fixed_size) are 0xffffffff, which clrxasm takes for \
             \"not given\" (0)"
                .into(),
        );
    }
    let zeros = |r: &std::ops::Range<usize>| r.clone().find(|&k| kd[k] != 0);
    for (r, what) in KD_ZEROS.iter().filter(|x| x.0.start < 44) {
        if let Some(k) = zeros(r) {
            return Some(format!("byte {k} is {:#04x} ({what})", kd[k]));
        }
    }
    let h = descriptor_header(kd);
    let exc1 = get(&h, RSRC1_EXCEPTIONS);
    if exc1 & !get(&h, F("enable_exception")) != 0 {
        return Some(format!(
            "bytes 48-51: PGM_RSRC1 bits 24-30 are {exc1:#x}, which clrxdisasm's form prints as \
             .exceptions and clrxasm puts in PGM_RSRC2 (bits 24-30 {:#x})",
            get(&h, F("enable_exception"))
        ));
    }
    let scratch = get(&h, F("enable_sgpr_private_segment_wave_byte_offset"));
    let private = le32(kd, 4);
    if scratch != (private != 0) as u64 {
        return Some(format!(
            "bytes 52-55: PGM_RSRC2 bit 0 (private segment wave offset) is {scratch} with \
             private_segment_fixed_size {private}: clrxasm sets it exactly when the size is not 0"
        ));
    }
    let user = get(&h, F("user_sgpr_count"));
    if user > 16 {
        return Some(format!(
            "bytes 52-55: PGM_RSRC2 user SGPR count is {user}: .userdatanum takes at most 16"
        ));
    }
    if get(&h, F("enable_vgpr_workitem_id")) == 3 {
        return Some("bytes 52-55: PGM_RSRC2 workitem-id count is 3: .dims writes at most 2".into());
    }
    let lds = get(&h, F("granulated_lds_size")) << t.lds_shift();
    if lds > 32768 {
        return Some(format!(
            "bytes 52-55: PGM_RSRC2 LDS size prints as .localsize {lds}, above CLRX's 32768"
        ));
    }
    let flags = u16::from_le_bytes([kd[56], kd[57]]);
    if flags & !KD_SGPR_FLAGS_KNOWN != 0 {
        return Some(format!(
            "bytes 56-57: SGPR enable bits {:#06x} are set (bit 11 is LLVM's uses_dynamic_stack): \
             no CLRX pseudo-op sets them in a descriptor",
            flags & !KD_SGPR_FLAGS_KNOWN
        ));
    }
    for (r, what) in KD_ZEROS.iter().filter(|x| x.0.start >= 44) {
        if let Some(k) = zeros(r) {
            return Some(format!("byte {k} is {:#04x} ({what})", kd[k]));
        }
    }
    None
}

/// The pseudo-ops of clrxdisasm's `.config` for a descriptor, in its order, as far as `OPS`
/// prints them; the rest of its lines are written by [`print_descriptor_config`].
const KD_HEAD: [&str; 15] = [
    "dims",
    "sgprsnum",
    "vgprsnum",
    "privmode",
    "debugmode",
    "dx10clamp",
    "ieeemode",
    "tgsize",
    "floatmode",
    "priority",
    "exceptions",
    "localsize",
    "userdatanum",
    "pgmrsrc1",
    "pgmrsrc2",
];
const KD_ENABLES: [&str; 8] = [
    "use_private_segment_buffer",
    "use_dispatch_ptr",
    "use_queue_ptr",
    "use_kernarg_segment_ptr",
    "use_dispatch_id",
    "use_flat_scratch_init",
    "use_private_segment_size",
    "use_grid_workgroup_count",
];

/// Is `name` one of the ROCm header's config pseudo-ops (`OPS`)?
pub(crate) fn is_header_op(name: &str) -> bool {
    OPS.iter().any(|x| x.name == name)
}

fn op_entry(name: &str) -> &'static Entry {
    OPS.iter().find(|x| x.name == name).expect("CLRX pseudo-op")
}

/// A code object v3+ kernel descriptor (64 bytes, `NAME.kd`) as CLRX's `.config` block for
/// `.llvm10binfmt` (the `    .config` line and the pseudo-ops indented by 8), as
/// `clrxdisasm -C` prints it (its `dumpKernelDescriptor`): `.dims`, `.sgprsnum`, `.vgprsnum`,
/// the mode flags, `.floatmode`, `.priority`, `.exceptions` (PGM_RSRC1's bits 24-30, as
/// clrxdisasm reads them), `.localsize`, `.userdatanum`, `.pgmrsrc1`, `.pgmrsrc2`,
/// `.group_segment_fixed_size`, `.private_segment_fixed_size`, `.kernel_code_entry_offset`
/// (bytes 16-23 as they are; clrxasm ignores the value and computes the offset from the
/// layout), the `.use_*` enables and `.use_wave32`. Two lines clrxdisasm leaves out (it
/// would lose the bits) are added when not zero: `.pgmrsrc3` (after `.pgmrsrc2`; clrxdisasm
/// prints it only for GCN 1.5) and `.use_grid_workgroup_count` (bits 7-9 of the enables,
/// reserved in v3).
///
/// clrxasm (with `.llvm10binfmt`) rebuilds from these lines the same 64 bytes but bytes
/// 16-23; when it would not, the reason (its byte offset) is returned and nothing is written:
/// CLRX writes zeros at bytes 8-15 (so `kernarg_size` cannot be carried), 24-43 and 58-63;
/// it takes a group segment of at most 32768 bytes, at most 16 user SGPRs, a workitem-id
/// count up to 2, the scratch enable exactly when the private segment is not empty, and no
/// SGPR enable above bit 10.
pub fn print_descriptor_config(kd: &[u8; DESCRIPTOR_SIZE], target: &Target, out: &mut String) -> Result<(), String> {
    let t = Target::new(target.gpu, true);
    if let Some(why) = descriptor_unprintable(kd, &t) {
        return Err(why);
    }
    let h = descriptor_header(kd);
    let mut text = String::from("    .config\n");
    for n in KD_HEAD {
        print_entry(op_entry(n), &h, &t, &mut text);
    }
    let rsrc3 = le32(kd, 44);
    if rsrc3 != 0 {
        text.push_str(&format!("        .pgmrsrc3 {rsrc3:#010x}\n"));
    }
    text.push_str(&format!("        .group_segment_fixed_size {}\n", le32(kd, 0)));
    text.push_str(&format!("        .private_segment_fixed_size {}\n", le32(kd, 4)));
    let entry = u64::from_le_bytes(kd[KD_ENTRY].try_into().unwrap());
    text.push_str(&format!("        .kernel_code_entry_offset {entry:#x}\n"));
    for n in KD_ENABLES {
        print_entry(op_entry(n), &h, &t, &mut text);
    }
    if get(&h, F("enable_wavefront_size32")) != 0 {
        text.push_str("        .use_wave32\n");
    }
    // Whatever the checks above missed: clrxasm's reading of the text must give `kd` back.
    let back = read_descriptor_config(&t, &text)?;
    if let Some(k) = (0..DESCRIPTOR_SIZE).find(|&k| !KD_ENTRY.contains(&k) && back[k] != kd[k]) {
        return Err(format!(
            "byte {k} would be {:#04x} instead of {:#04x} after clrxasm",
            back[k], kd[k]
        ));
    }
    out.push_str(&text);
    Ok(())
}

/// The descriptor clrxasm writes (bytes 16-23 left 0) for a `.config` text of lines.
fn read_descriptor_config(t: &Target, text: &str) -> Result<[u8; DESCRIPTOR_SIZE], String> {
    let mut bl = ConfigBuilder::new(Target::new(t.gpu, true), "k");
    for line in text.lines() {
        let line = line.trim();
        let (op, args) = line.split_once(' ').unwrap_or((line, ""));
        bl.set(op, args)
            .map_err(|e| format!("clrxasm would reject `{line}`: {e}"))?;
    }
    bl.finish_descriptor()
}

// ---- building ----

/// The registers a kernel's code uses, which clrxasm counts when `.sgprsnum`/`.vgprsnum` are
/// left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CodeRegs {
    /// SGPRs and VGPRs (highest used + 1), not counting VCC, FLAT_SCRATCH, XNACK_MASK.
    pub sgprs: u64,
    pub vgprs: u64,
    /// The code uses FLAT_SCRATCH (its SGPRs are then counted).
    pub flat_scratch: bool,
    /// The code uses XNACK_MASK.
    pub xnack_mask: bool,
}

/// The ROCm header pseudo-ops GalliumCompute's `.config` does not take.
const NOT_GALLIUM: [&str; 6] = [
    "group_segment_fixed_size",
    "private_segment_fixed_size",
    "scratchbuffer",
    "use_wave32",
    "pgmrsrc3",
    "shared_vgprs",
];

/// The ROCm header pseudo-op a Gallium kernel's config line `name` (no dot, lower case) is,
/// from LLVM 4.0: those of PGM_RSRC1/2 (`.dims` to `.pgmrsrc2`) spelt `hsa_dims`...
/// (`hsa_localsize` and `hsa_scratchbuffer` are the group and private segment sizes), the
/// others under their own names.
pub(crate) fn gallium_hsa_op(name: &str) -> Option<&'static str> {
    let (rsrc, rest) = OPS.split_at(15);
    match name.strip_prefix("hsa_") {
        Some("localsize") => Some("workgroup_group_segment_size"),
        Some("scratchbuffer") => Some("workitem_private_segment_size"),
        Some(n) => rsrc.iter().find(|x| x.name == n && n != "localsize").map(|x| x.name),
        None => rest
            .iter()
            .find(|x| x.name == name && !NOT_GALLIUM.contains(&name))
            .map(|x| x.name),
    }
}

/// A Gallium kernel's HSA config pseudo-ops ([`ConfigBuilder::gallium_parts`]): the header
/// as they set it (clrxasm's defaults where they did not), and what clrxasm merges into the
/// kernel's own `.config` (the `.hsa_*` pseudo-ops) or computes when not given.
#[derive(Clone, Debug)]
pub(crate) struct HsaParts {
    pub header: [u8; SIZE],
    pub dims: u32,
    pub sgprs: Option<u32>,
    pub vgprs: Option<u32>,
    pub user: Option<u32>,
    /// `.hsa_pgmrsrc1`/`.hsa_pgmrsrc2` as given.
    pub rsrc1: u32,
    pub rsrc2: u32,
    pub float_mode: u32,
    pub exceptions: u32,
    pub ieee_mode: bool,
    pub tg_size: bool,
    pub debug_mode: bool,
    pub priv_mode: bool,
    pub dx10_clamp: bool,
    pub kernarg_size: Option<u64>,
    pub private_size: Option<u32>,
    pub group_size: Option<u32>,
    pub wavefront_sgprs: Option<u64>,
    pub workitem_vgprs: Option<u64>,
    /// The user SGPRs the `.use_*` enables take (at most 16).
    pub flag_user_sgprs: u32,
    pub flat_scratch_init: bool,
    pub xnack: bool,
}

impl HsaParts {
    /// The header with what clrxasm computes put in: PGM_RSRC1/2, the kernarg, private and
    /// group segment sizes, the SGPR and VGPR counts.
    pub fn finish(&self, rsrc1: u32, rsrc2: u32, sizes: [u64; 3], sgprs: u64, vgprs: u64) -> [u8; SIZE] {
        let mut b = self.header;
        put(&mut b, RSRC1_WORD, rsrc1 as u64);
        put(&mut b, RSRC2_WORD, rsrc2 as u64);
        put(
            &mut b,
            F("kernarg_segment_byte_size"),
            self.kernarg_size.unwrap_or(sizes[0]),
        );
        put(
            &mut b,
            F("workitem_private_segment_byte_size"),
            self.private_size.map_or(sizes[1], |v| v as u64),
        );
        put(
            &mut b,
            F("workgroup_group_segment_byte_size"),
            self.group_size.map_or(sizes[2], |v| v as u64),
        );
        put(&mut b, F("wavefront_sgpr_count"), self.wavefront_sgprs.unwrap_or(sgprs));
        put(&mut b, F("workitem_vgpr_count"), self.workitem_vgprs.unwrap_or(vgprs));
        b
    }
}

/// clrxasm's side: a kernel's config pseudo-ops → its 256-byte header.
#[derive(Clone, Debug)]
pub struct ConfigBuilder {
    target: Target,
    kernel: String,
    code: CodeRegs,
    /// The header as the pseudo-ops set it, PGM_RSRC1/2 holding `.pgmrsrc1/2`.
    bytes: [u8; SIZE],
    /// The parts of PGM_RSRC1/2 CLRX computes, set by `.floatmode`, `.dx10clamp`...
    calc: [u8; SIZE],
    dims: u64,
    sgprs: Option<u64>,
    vgprs: Option<u64>,
    user: Option<u64>,
    rsrc3: u32,
    wavefront_sgprs_set: bool,
    workitem_vgprs_set: bool,
    /// The places `.op VALUE` lines wrote (a Gallium header computes the others).
    written: Vec<At>,
    /// After `.control_directive` (until `.config`): its bytes so far.
    control: Option<Vec<u8>>,
    in_control: bool,
    warnings: Vec<String>,
    /// An AMD OpenCL 2.0 kernel's `.hsaconfig` ([`ConfigBuilder::new_amdcl2`]): the argument
    /// space's size, the kernarg size unless given.
    amdcl2: Option<u64>,
}

impl ConfigBuilder {
    /// A kernel's header before any pseudo-op, with clrxasm's defaults for `target`. The
    /// kernel's name is only for messages (clrxasm's name the kernel); the code is taken to use
    /// no registers ([`ConfigBuilder::code_regs`] says otherwise).
    pub fn new(target: Target, kernel: &str) -> ConfigBuilder {
        let b = Self::defaults(target, false);
        let mut calc = [0u8; SIZE];
        put(&mut calc, F("float_mode"), 0xc0);
        ConfigBuilder {
            target,
            kernel: kernel.to_string(),
            code: CodeRegs::default(),
            bytes: b,
            calc,
            dims: 0,
            sgprs: None,
            vgprs: None,
            user: None,
            rsrc3: 0,
            wavefront_sgprs_set: false,
            workitem_vgprs_set: false,
            written: Vec::new(),
            control: None,
            in_control: false,
            warnings: Vec::new(),
            amdcl2: None,
        }
    }

    /// The header's defaults (`amdcl2`: machine version 0.0.0, as clrxasm's AMD OpenCL 2.0
    /// format leaves it).
    fn defaults(target: Target, amdcl2: bool) -> [u8; SIZE] {
        let mut b = [0u8; SIZE];
        let d = target.gpu.device;
        put(&mut b, F("amd_code_version_major"), 1);
        put(&mut b, F("amd_code_version_minor"), target.new_binfmt as u64);
        put(&mut b, F("amd_machine_kind"), 1);
        if !amdcl2 {
            put(&mut b, F("amd_machine_version_major"), d.machine[0] as u64);
            let minor = target.gpu.arch_minor.map_or(d.machine[1] as u64, |m| m as u64);
            let stepping = target.gpu.arch_stepping.map_or(d.machine[2] as u64, |s| s as u64);
            put(&mut b, F("amd_machine_version_minor"), minor);
            put(&mut b, F("amd_machine_version_stepping"), stepping);
        }
        put(&mut b, F("kernel_code_entry_byte_offset"), 256);
        for f in [
            "kernarg_segment_alignment",
            "group_segment_alignment",
            "private_segment_alignment",
        ] {
            put(&mut b, F(f), 4);
        }
        put(&mut b, F("wavefront_size"), 6);
        b
    }

    /// An AMD OpenCL 2.0 kernel's `.hsaconfig` (clrxasm's `.amdcl2` format): these pseudo-ops
    /// with that format's defaults — code version 1.0, machine version 0.0.0, no LDS size in
    /// PGM_RSRC2, the reserved VGPRs and SGPRs first after the kernel's own, and the kernarg
    /// size its arguments take ([`ConfigBuilder::amdcl2_kernarg`]) unless given.
    pub fn new_amdcl2(gpu: Gpu, kernel: &str) -> ConfigBuilder {
        let mut b = ConfigBuilder::new(Target::new(gpu, false), kernel);
        b.bytes = Self::defaults(b.target, true);
        b.amdcl2 = Some(0);
        b
    }

    /// The kernarg size of an AMD OpenCL 2.0 kernel's arguments.
    pub fn amdcl2_kernarg(&mut self, size: u64) {
        self.amdcl2 = Some(size);
    }

    /// `.default_hsa_features` of an AMD OpenCL 2.0 `.hsaconfig`: the private segment buffer
    /// and kernarg pointer, 64-bit pointers in a 64-bit binary, 4-byte private elements.
    pub fn amdcl2_default_features(&mut self, is64: bool) {
        put(&mut self.bytes, SGPR_FLAGS, 0);
        put(&mut self.bytes, F("enable_sgpr_private_segment_buffer"), 1);
        put(&mut self.bytes, F("enable_sgpr_kernarg_segment_ptr"), 1);
        put(&mut self.bytes, FEATURE_FLAGS, 0);
        put(&mut self.bytes, F("is_ptr64"), is64 as u64);
        put(&mut self.bytes, F("private_element_size"), 1);
    }

    /// The registers the kernel's code uses (for the counts `.sgprsnum`/`.vgprsnum` leave out).
    pub fn code_regs(&mut self, code: CodeRegs) {
        self.code = code;
    }

    /// clrxasm's warnings so far (values truncated to their field).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    fn warn(&mut self, bits: u8, v: u64) {
        if bits < 64 && v >> bits != 0 {
            self.warnings
                .push(format!("Value {v:#x} truncated to {:#x}", v & ((1u64 << bits) - 1)));
        }
    }

    /// One line of the kernel's config: `pseudo_op` (`.dims` or `dims`, any case) and the rest
    /// of the line (values are expressions of numbers; no symbols, no comments). Also
    /// `.config` and `.control_directive` (which switch section, as in clrxasm) and, after
    /// `.control_directive`, its data: `.byte`, `.fill`, `.skip`. Errors are clrxasm's
    /// messages; the first wins, later lines still count as in clrxasm.
    pub fn set(&mut self, pseudo_op: &str, args: &str) -> Result<(), String> {
        let name = pseudo_op.trim().trim_start_matches('.').to_ascii_lowercase();
        let mut a = Args::new(args);
        match name.as_str() {
            "config" => {
                a.end()?;
                self.in_control = false;
                return Ok(());
            }
            "control_directive" => {
                a.end()?;
                self.in_control = true;
                self.control.get_or_insert_with(Vec::new);
                return Ok(());
            }
            "byte" | "short" | "hword" | "int" | "long" | "quad" | "fill" | "skip" | "space" if self.in_control => {
                return self.data(&name, &mut a)
            }
            "byte" | "fill" | "skip" | "space" | "int" | "short" | "long" | "quad" | "word" => {
                return Err("Writing data into non-writeable section is illegal".into())
            }
            _ => {}
        }
        let Some(x) = OPS.iter().find(|x| x.name == name) else {
            if super::clrx_rocm_md::is_metadata_op(&name) {
                return Err(format!(".{name} is kernel metadata, not part of the header"));
            }
            // clrxasm's word for a name it has no pseudo-op of (its other pseudo-ops, valid
            // elsewhere, are not part of a kernel's config either).
            return Err(format!(
                "unknown CLRX config pseudo-op .{name}: This is neither pseudo-op and nor macro"
            ));
        };
        if self.in_control {
            return Err("Illegal place of configuration pseudo-op".into());
        }
        let d = self.target.gpu.device;
        match x.op {
            Op::Value(at, check) => {
                let v = a.value()?;
                self.check(check, v)?;
                a.end()?;
                put(&mut self.bytes, at, v);
                self.written.push(at);
                if at == F("wavefront_sgpr_count") {
                    self.wavefront_sgprs_set = true;
                }
                if at == F("workitem_vgpr_count") {
                    self.workitem_vgprs_set = true;
                }
            }
            Op::Log2(at, check, sub) => {
                let v = a.value()?;
                self.check(check, v)?;
                a.end()?;
                put(&mut self.bytes, at, (63 - v.leading_zeros() as u64) - sub as u64);
            }
            Op::Flag(at) => {
                a.end()?;
                put(&mut self.bytes, at, 1);
            }
            Op::Rsrc(at, check) => {
                let v = if span(at).1 == 1 {
                    1
                } else {
                    let v = a.value()?;
                    self.check(check, v)?;
                    v
                };
                a.end()?;
                put(&mut self.calc, at, v);
            }
            Op::Count(c, check) => {
                let v = a.value()?;
                self.check(check, v)?;
                a.end()?;
                match c {
                    Count::Sgprs => self.sgprs = Some(v),
                    Count::Vgprs => self.vgprs = Some(v),
                    Count::UserData => self.user = Some(v & 0xff),
                }
            }
            Op::List(ats, warn_bits) => {
                // clrxasm reports the first bad value or missing comma, in order.
                let mut vals = Vec::new();
                let mut errs = Vec::new();
                for k in 0..ats.len() {
                    if k > 0 {
                        if let Err(e) = a.comma() {
                            errs.push(e);
                            break;
                        }
                    }
                    match a.value() {
                        Ok(v) => {
                            self.warn(warn_bits, v);
                            vals.push(v);
                        }
                        Err(e) => errs.push(e),
                    }
                }
                if let Some(e) = errs.into_iter().next() {
                    return Err(e);
                }
                a.end()?;
                for (at, v) in ats.iter().zip(vals) {
                    put(&mut self.bytes, *at, v & 0xffff);
                }
            }
            Op::Dims => {
                let gid = a.dims()?;
                let mut mask = gid | gid << 3;
                if a.optional_comma()? {
                    let lid = a.dims()?;
                    mask = gid | lid << 3;
                }
                a.end()?;
                self.dims = mask;
            }
            Op::GridCount => {
                let m = a.dims()?;
                a.end()?;
                for (k, f) in GRID.iter().enumerate() {
                    put(&mut self.bytes, F(f), m >> k & 1);
                }
            }
            Op::Reserved(vgpr, first, count) => {
                let max = if vgpr { 256 } else { d.max_sgprs() };
                let kind = if vgpr { "VGPR" } else { "SGPR" };
                let mut errs = Vec::new();
                let reg = |a: &mut Args, which: &str, errs: &mut Vec<String>| match a.value() {
                    Ok(v) => {
                        if v > max - 1 {
                            errs.push(format!("{which} reserved {kind} register out of range (0-{})", max - 1));
                        }
                        Some(v)
                    }
                    Err(e) => {
                        errs.push(e);
                        None
                    }
                };
                let f = reg(&mut a, "First", &mut errs);
                if let Err(e) = a.comma() {
                    errs.push(e);
                    return Err(errs.remove(0));
                }
                let l = reg(&mut a, "Last", &mut errs);
                if let (Some(f), Some(l)) = (f, l) {
                    if f > l {
                        errs.push("Wrong register range".into());
                    }
                }
                if let Some(e) = errs.into_iter().next() {
                    return Err(e);
                }
                a.end()?;
                let (f, l) = (f.unwrap_or(0), l.unwrap_or(0));
                put(&mut self.bytes, first, f);
                put(&mut self.bytes, count, l - f + 1);
                self.written.push(first);
            }
            Op::DefaultFeatures => {
                a.end()?;
                put(&mut self.bytes, SGPR_FLAGS, 0);
                for f in [
                    "enable_sgpr_private_segment_buffer",
                    "enable_sgpr_dispatch_ptr",
                    "enable_sgpr_kernarg_segment_ptr",
                ] {
                    put(&mut self.bytes, F(f), 1);
                }
                put(&mut self.bytes, FEATURE_FLAGS, 0);
                put(&mut self.bytes, F("is_ptr64"), 1);
                put(&mut self.bytes, F("private_element_size"), 1);
            }
            Op::Rsrc3 => {
                let v = a.value()?;
                a.end()?;
                self.rsrc3 = v as u32;
            }
            Op::Ignored(check) => {
                let v = a.value()?;
                self.check(check, v)?;
                a.end()?;
            }
        }
        Ok(())
    }

    /// A value check: clrxasm's error, or a warning (the value is truncated where it is put).
    fn check(&mut self, c: Check, v: u64) -> Result<(), String> {
        let d = self.target.gpu.device;
        let pow2 = v != 0 && v & (v - 1) == 0;
        match c {
            Check::Any => {}
            Check::Warn(bits) => self.warn(bits, v),
            Check::Sgprs if v > d.max_sgprs() => {
                return Err(format!("Used SGPRs number out of range (0-{})", d.max_sgprs()))
            }
            Check::Vgprs if v > 256 => return Err("Used VGPRs number out of range (0-256)".into()),
            Check::SgprReg if v >= d.max_sgprs() => return Err("SGPR register out of range".into()),
            Check::LocalSize => {
                self.warn(32, v);
                if v > 32768 {
                    return Err("LocalSize out of range (0-32768)".into());
                }
            }
            Check::UserData if v > 16 => return Err("UserDataNum out of range (0-16)".into()),
            Check::ElemSize if !pow2 => return Err("Private element size must be power of two".into()),
            Check::ElemSize if !(2..=16).contains(&v) => return Err("Private element size out of range".into()),
            Check::Align if !pow2 => return Err("Alignment must be power of two".into()),
            Check::Align if v < 16 => return Err("Alignment must be not smaller than 16".into()),
            Check::WaveSize if !pow2 => return Err("Wavefront size must be power of two".into()),
            Check::WaveSize if v > 256 => return Err("Wavefront size must be not greater than 256".into()),
            Check::SharedVgprs if v != 0 => {
                return Err("Shared VGPRS number must be zero for device older than GCN1.5".into())
            }
            _ => {}
        }
        Ok(())
    }

    /// Data of the control directive.
    fn data(&mut self, name: &str, a: &mut Args) -> Result<(), String> {
        let mut out = Vec::new();
        match name {
            "byte" | "short" | "hword" | "int" | "long" | "quad" => {
                let width = match name {
                    "byte" => 1,
                    "short" | "hword" => 2,
                    "quad" => 8,
                    _ => 4,
                };
                if !a.at_end() {
                    loop {
                        let v = a.value()?;
                        let bits = 8 * width as u32;
                        if bits < 64 && ((v as i64) >= 1 << bits || (v as i64) < -(1 << (bits - 1))) {
                            let m = (1u64 << bits) - 1;
                            self.warnings.push(format!("Value {v:#x} truncated to {:#x}", v & m));
                        }
                        out.extend_from_slice(&v.to_le_bytes()[..width]);
                        if !a.optional_comma()? {
                            break;
                        }
                    }
                }
            }
            _ => {
                // .fill COUNT[, SIZE[, VALUE]] and .skip/.space SIZE[, VALUE].
                let n = a.value()?;
                let (mut size, mut value) = (1, 0);
                if name == "fill" {
                    if a.optional_comma()? {
                        size = a.value()?.min(8);
                        if a.optional_comma()? {
                            value = a.value()?;
                        }
                    }
                } else if a.optional_comma()? {
                    value = a.value()?;
                }
                if n.saturating_mul(size) > 1 << 20 {
                    return Err("data too large for a control directive".into());
                }
                for _ in 0..n {
                    for k in 0..size {
                        out.push(if k < 8 { (value >> (8 * k)) as u8 } else { 0 });
                    }
                }
            }
        }
        a.end()?;
        self.control.get_or_insert_with(Vec::new).extend(out);
        Ok(())
    }

    /// The header clrxasm writes, or its error (a control directive not of 128 bytes).
    pub fn finish(&self) -> Result<[u8; SIZE], String> {
        self.build(&self.target)
    }

    /// The SGPR and VGPR counts clrxasm computes (what `wavefront_sgpr_count` and
    /// `workitem_vgpr_count` hold unless given): the NumSGPRs/NumVGPRs of the metadata it
    /// generates.
    pub fn register_counts(&self) -> Result<(u64, u64), String> {
        let mut c = self.clone();
        c.wavefront_sgprs_set = false;
        c.workitem_vgprs_set = false;
        let b = c.build(&c.target)?;
        Ok((get(&b, F("wavefront_sgpr_count")), get(&b, F("workitem_vgpr_count"))))
    }

    /// Code object v3+ (`.llvm10binfmt`, which implies `.newbinfmt`): the 64-byte kernel
    /// descriptor clrxasm writes in `.rodata` from the same pseudo-ops: the group and private
    /// segment sizes, PGM_RSRC3 (`.pgmrsrc3` as given), PGM_RSRC1/2 as in the header, the SGPR
    /// enables (`.use_wave32` among them); the code entry offset (bytes 16-23) as given, else
    /// clrxasm's "not given" (all ones), which its writer replaces for a kernel (not a
    /// `.fkernel`) by where the code lands. The other header fields are dropped.
    pub fn finish_descriptor(&self) -> Result<[u8; 64], String> {
        if self.control.is_some() {
            return Err("Some kernels have Control directive section if LLVM10 binary format used".into());
        }
        let h = self.build(&Target::new(self.target.gpu, true))?;
        let mut d = [0u8; 64];
        d[0..4].copy_from_slice(&h[64..68]); // group segment
        d[4..8].copy_from_slice(&h[60..64]); // private segment
        d[44..48].copy_from_slice(&self.rsrc3.to_le_bytes());
        d[48..58].copy_from_slice(&h[48..58]); // PGM_RSRC1, PGM_RSRC2, SGPR enables
        let entry = F("kernel_code_entry_byte_offset");
        let entry = match self.written.contains(&entry) {
            true => get(&self.bytes, entry),
            false => u64::MAX,
        };
        d[KD_ENTRY].copy_from_slice(&entry.to_le_bytes());
        Ok(d)
    }

    /// The control directive's 128 bytes into header `b` (none: zeros), or clrxasm's error for
    /// another size.
    fn put_control(&self, b: &mut [u8; SIZE]) -> Result<(), String> {
        if let Some(c) = &self.control {
            if c.len() != CONTROL {
                return Err(format!(
                    "Section '.control_directive' for kernel '{}' have wrong size",
                    self.kernel
                ));
            }
            b[CONTROL..].copy_from_slice(c);
        }
        Ok(())
    }

    /// What a GalliumCompute kernel's HSA header (LLVM 4.0+) takes from these pseudo-ops
    /// (clrxasm's Gallium format keeps them apart from the kernel's own `.config` and merges
    /// the two at the end: [`super::clrx_gallium`]).
    pub(crate) fn gallium_parts(&self) -> Result<HsaParts, String> {
        let mut b = self.bytes;
        let fresh = ConfigBuilder::new(self.target, "").bytes;
        let ones = |b: &[u8; SIZE], at: At| get(b, at) == u64::MAX >> (64 - span(at).1);
        // A value given (not all ones, clrxasm's "not given"), for what Gallium computes.
        let given = |at: At| (self.written.contains(&at) && !ones(&b, at)).then(|| get(&b, at));
        let parts_given = (
            given(F("kernarg_segment_byte_size")),
            given(F("workitem_private_segment_byte_size")),
            given(F("workgroup_group_segment_byte_size")),
            given(F("wavefront_sgpr_count")),
            given(F("workitem_vgpr_count")),
        );
        for at in UNSET_IF_ALL_ONES {
            if ones(&b, at) {
                put(&mut b, at, get(&fresh, at));
            }
        }
        self.put_control(&mut b)?;
        let calc = |f: &'static str| get(&self.calc, F(f)) as u32;
        Ok(HsaParts {
            header: b,
            dims: self.dims as u32,
            sgprs: self.sgprs.map(|v| v as u32),
            vgprs: self.vgprs.map(|v| v as u32),
            user: self.user.map(|v| v as u32),
            rsrc1: rsrc(&b, RSRC1_WORD),
            rsrc2: rsrc(&b, RSRC2_WORD),
            float_mode: calc("float_mode"),
            exceptions: calc("enable_exception"),
            ieee_mode: calc("enable_ieee_mode") != 0,
            tg_size: calc("enable_sgpr_workgroup_info") != 0,
            debug_mode: calc("debug_mode") != 0,
            priv_mode: calc("priv") != 0,
            dx10_clamp: calc("enable_dx10_clamp") != 0,
            kernarg_size: parts_given.0,
            private_size: parts_given.1.map(|v| v as u32),
            group_size: parts_given.2.map(|v| v as u32),
            wavefront_sgprs: parts_given.3,
            workitem_vgprs: parts_given.4,
            flag_user_sgprs: USER_SGPRS.iter().map(|(f, n)| get(&b, F(f)) * n).sum::<u64>().min(16) as u32,
            flat_scratch_init: get(&b, F("enable_sgpr_flat_scratch_init")) != 0,
            xnack: get(&b, F("is_xnack_enabled")) != 0,
        })
    }

    fn build(&self, t: &Target) -> Result<[u8; SIZE], String> {
        let d = t.gpu.device;
        let mut b = self.bytes;
        let fresh = Self::defaults(*t, self.amdcl2.is_some());
        let kernarg = F("kernarg_segment_byte_size");
        let kernarg_given = self.written.contains(&kernarg) && get(&b, kernarg) != u64::MAX;
        let mut unset = |at: At| {
            let ones = get(&b, at) == u64::MAX >> (64 - span(at).1);
            if ones {
                put(&mut b, at, get(&fresh, at));
            }
            ones
        };
        let mut wavefront_sgprs_set = self.wavefront_sgprs_set;
        for at in UNSET_IF_ALL_ONES {
            if unset(at) && at == F("wavefront_sgpr_count") {
                wavefront_sgprs_set = false;
            }
        }
        let workitem_vgprs_set = self.workitem_vgprs_set && !unset(F("workitem_vgpr_count"));
        self.put_control(&mut b)?;
        let user = self
            .user
            .unwrap_or_else(|| USER_SGPRS.iter().map(|(f, n)| get(&b, F(f)) * n).sum::<u64>().min(16));
        let dims = self.dims;
        let scratch = get(&b, F("workitem_private_segment_byte_size")) != 0;
        let tgsize = get(&self.calc, F("enable_sgpr_workgroup_info"));
        let min_sgprs = (dims & 7).count_ones() as u64 + user + tgsize + scratch as u64;
        let min_vgprs = if dims & 32 != 0 {
            3
        } else if dims & 16 != 0 {
            2
        } else {
            (dims & 8 != 0) as u64
        };
        let flat = get(&b, F("enable_sgpr_flat_scratch_init")) != 0 || self.code.flat_scratch;
        let xnack = get(&b, F("is_xnack_enabled")) != 0 || self.code.xnack_mask;
        let extra = if flat && d.arch != Arch::Gcn10 {
            if d.arch == Arch::Gcn11 {
                4
            } else {
                6
            }
        } else if xnack && !matches!(d.arch, Arch::Gcn10 | Arch::Gcn11) {
            4
        } else {
            2
        };
        // The kernel's own SGPRs (without VCC and the other extra ones).
        let own_sgprs = self
            .sgprs
            .map_or(min_sgprs.max(self.code.sgprs), |s| s.saturating_sub(extra));
        let sgprs = self
            .sgprs
            .unwrap_or_else(|| (min_sgprs.max(self.code.sgprs) + extra).min(d.max_sgprs()));
        let vgprs = self.vgprs.unwrap_or(min_vgprs.max(self.code.vgprs));
        let (sgprs, vgprs) = (sgprs.max(1), vgprs.max(1));

        let mut calc = self.calc;
        put(&mut calc, F("granulated_workitem_vgpr_count"), (vgprs - 1) >> 2);
        put(&mut calc, F("granulated_wavefront_sgpr_count"), (sgprs - 1) >> 3);
        put(
            &mut calc,
            F("enable_sgpr_private_segment_wave_byte_offset"),
            scratch as u64,
        );
        put(&mut calc, F("user_sgpr_count"), user);
        for (k, f) in WORKGROUP_ID.iter().enumerate() {
            put(&mut calc, F(f), dims >> k & 1);
        }
        let lid = if dims & 32 != 0 { 2 } else { (dims & 16 != 0) as u64 };
        put(&mut calc, F("enable_vgpr_workitem_id"), lid);
        if !t.new_binfmt && self.amdcl2.is_none() {
            let group = get(&b, F("workgroup_group_segment_byte_size"));
            let mask = (1u64 << t.lds_shift()) - 1;
            put(
                &mut calc,
                F("granulated_lds_size"),
                ((group + mask) >> t.lds_shift()) & 0x1ff,
            );
        }
        let rsrc1 = rsrc(&b, RSRC1_WORD) | rsrc(&calc, RSRC1_WORD);
        let dropped = RSRC2_COMPUTED.iter().fold(0u32, |m, f| m | word_mask(F(f), RSRC2));
        let rsrc2 = rsrc(&b, RSRC2_WORD) & !dropped | rsrc(&calc, RSRC2_WORD);
        put(&mut b, RSRC1_WORD, rsrc1 as u64);
        put(&mut b, RSRC2_WORD, rsrc2 as u64);
        if !wavefront_sgprs_set {
            put(&mut b, F("wavefront_sgpr_count"), sgprs);
        }
        if !workitem_vgprs_set {
            put(&mut b, F("workitem_vgpr_count"), vgprs);
        }
        if let Some(size) = self.amdcl2 {
            if !kernarg_given {
                put(&mut b, kernarg, size);
            }
            if !self.written.contains(&F("reserved_vgpr_first")) {
                put(&mut b, F("reserved_vgpr_first"), vgprs);
            }
            if !self.written.contains(&F("reserved_sgpr_first")) {
                put(&mut b, F("reserved_sgpr_first"), own_sgprs);
            }
        }
        Ok(b)
    }
}

/// The CLRX release whose behaviour gcnkit follows (0.1.9), as `.get_version` gives it:
/// major*10000 + minor*100 + micro.
pub const CLRX_VERSION: i64 = 109;

/// [`CLRX_VERSION`] as text (`0.1.9`), as CLRX writes it in its binaries.
pub fn clrx_version_text() -> String {
    format!(
        "{}.{}.{}",
        CLRX_VERSION / 10000,
        CLRX_VERSION / 100 % 100,
        CLRX_VERSION % 100
    )
}

// ---- arguments ----

/// A CLRX expression of numbers alone (a config value), wrapped to 64 bits, or clrxasm's error.
pub(crate) fn clrx_value(s: &str) -> Result<u64, String> {
    let mut a = Args::new(s);
    let v = a.value()?;
    a.end()?;
    Ok(v)
}

/// The arguments of a pseudo-op: CLRX's expressions (numbers and operators), names, commas.
struct Args<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Args<'a> {
    fn new(s: &'a str) -> Args<'a> {
        Args { s: s.as_bytes(), i: 0 }
    }

    fn skip(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn at_end(&mut self) -> bool {
        self.skip();
        self.i >= self.s.len()
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip();
        self.s.get(self.i).copied()
    }

    fn starts(&mut self, t: &str) -> bool {
        self.skip();
        self.s[self.i..].starts_with(t.as_bytes())
    }

    fn end(&mut self) -> Result<(), String> {
        if self.at_end() {
            Ok(())
        } else {
            Err("Garbages at end of line".into())
        }
    }

    fn comma(&mut self) -> Result<(), String> {
        if self.peek() == Some(b',') {
            self.i += 1;
            Ok(())
        } else {
            Err("Expected ',' before argument".into())
        }
    }

    /// A comma if there is one; anything else but the end is an error.
    fn optional_comma(&mut self) -> Result<bool, String> {
        match self.peek() {
            None => Ok(false),
            Some(b',') => {
                self.i += 1;
                Ok(true)
            }
            _ => Err("Expected ',' before argument".into()),
        }
    }

    /// A dimension set (`xyz`, any case, may be empty) as a mask.
    fn dims(&mut self) -> Result<u64, String> {
        self.skip();
        let start = self.i;
        match self.s.get(self.i) {
            Some(c) if c.is_ascii_alphabetic() || *c == b'_' || *c == b'.' => {}
            _ => return Ok(0),
        }
        while self.i < self.s.len() && (self.s[self.i].is_ascii_alphanumeric() || b"_.".contains(&self.s[self.i])) {
            self.i += 1;
        }
        let name = &self.s[start..self.i];
        if name.len() > 9 {
            return Err("dimension set is too long".into());
        }
        let mut m = 0;
        for c in name {
            m |= match c.to_ascii_lowercase() {
                b'x' => 1,
                b'y' => 2,
                b'z' => 4,
                _ => return Err("Unknown dimension type".into()),
            };
        }
        Ok(m)
    }

    /// An expression (required).
    fn value(&mut self) -> Result<u64, String> {
        match self.peek() {
            None | Some(b',') => Err("Expected expression".into()),
            _ => self.sum(),
        }
    }

    /// CLRX's third level: `& | ^ ! + -` (left to right).
    fn sum(&mut self) -> Result<u64, String> {
        let mut v = self.product()?;
        loop {
            let op = match self.peek() {
                Some(b'&') if !self.starts("&&") => b'&',
                Some(b'|') if !self.starts("||") => b'|',
                Some(b'!') if !self.starts("!=") => b'!',
                Some(c @ (b'^' | b'+' | b'-')) => c,
                Some(b'=' | b'<' | b'>' | b'?' | b'&' | b'|' | b'!') => {
                    return Err("comparisons, logical operators and ?: are not supported here".into())
                }
                _ => return Ok(v),
            };
            self.i += 1;
            let r = self.product()?;
            v = match op {
                b'&' => v & r,
                b'|' => v | r,
                b'^' => v ^ r,
                b'!' => v | !r,
                b'+' => v.wrapping_add(r),
                _ => v.wrapping_sub(r),
            };
        }
    }

    /// CLRX's second level: `* / // % %% << >> >>>`.
    fn product(&mut self) -> Result<u64, String> {
        let mut v = self.unary()?;
        loop {
            let ops: [&str; 8] = [">>>", "//", "%%", "<<", ">>", "*", "/", "%"];
            let Some(op) = ops.into_iter().find(|o| self.starts(o)) else {
                return Ok(v);
            };
            self.i += op.len();
            let r = self.unary()?;
            let zero = || Err::<u64, String>("Division by zero".into());
            v = match op {
                "*" => v.wrapping_mul(r),
                "/" if r == 0 => return zero(),
                "/" => (v as i64).wrapping_div(r as i64) as u64,
                "//" if r == 0 => return zero(),
                "//" => v / r,
                "%" if r == 0 => return zero(),
                "%" => (v as i64).wrapping_rem(r as i64) as u64,
                "%%" if r == 0 => return zero(),
                "%%" => v % r,
                "<<" => v.checked_shl(r as u32).filter(|_| r < 64).unwrap_or(0),
                ">>" => v.checked_shr(r as u32).filter(|_| r < 64).unwrap_or(0),
                _ => ((v as i64) >> r.min(63)) as u64,
            };
        }
    }

    fn unary(&mut self) -> Result<u64, String> {
        match self.peek() {
            Some(b'-') => {
                self.i += 1;
                Ok(self.unary()?.wrapping_neg())
            }
            Some(b'+') => {
                self.i += 1;
                self.unary()
            }
            Some(b'~') => {
                self.i += 1;
                Ok(!self.unary()?)
            }
            Some(b'!') => {
                self.i += 1;
                Ok((self.unary()? == 0) as u64)
            }
            Some(b'(') => {
                self.i += 1;
                if self.peek() == Some(b')') {
                    return Err("Expected operator or value or symbol".into());
                }
                let v = self.sum()?;
                match self.peek() {
                    Some(b')') => {
                        self.i += 1;
                        Ok(v)
                    }
                    None => Err("Missing ')'".into()),
                    Some(_) => Err("Garbages at end of expression".into()),
                }
            }
            Some(c) if c.is_ascii_digit() => self.number(),
            // After an operator.
            None => Err("Unterminated expression".into()),
            Some(b',') => Err("Expected operator or value or symbol".into()),
            Some(c) if c.is_ascii_alphabetic() || c == b'_' || c == b'.' => {
                // A symbol: none is defined in a header's values.
                let start = self.i;
                while self.i < self.s.len()
                    && (self.s[self.i].is_ascii_alphanumeric() || b"_.$".contains(&self.s[self.i]))
                {
                    self.i += 1;
                }
                let name = String::from_utf8_lossy(&self.s[start..self.i]);
                Err(format!("Expression have unresolved symbol '{name}'"))
            }
            Some(_) => Err("only numbers and operators are supported in values here".into()),
        }
    }

    /// A number: decimal, `0x` hex, `0b` binary, `0` octal (its digits only: what follows is
    /// for the caller).
    fn number(&mut self) -> Result<u64, String> {
        let rest = &self.s[self.i..];
        let (radix, skip) = match rest {
            [b'0', b'x' | b'X', ..] => (16, 2),
            [b'0', b'b' | b'B', ..] => (2, 2),
            [b'0', ..] => (8, 1),
            _ => (10, 0),
        };
        let digits = rest[skip..]
            .iter()
            .take_while(|c| (**c as char).is_digit(radix))
            .count();
        self.i += skip + digits;
        if digits == 0 && skip == 2 {
            let next = self.s.get(self.i);
            return Err(match (radix, next) {
                // `0b` alone names local label 0 (backwards), which a header has not.
                (2, c) if !c.is_some_and(|c| c.is_ascii_alphanumeric()) => "Undefined previous local label '0b'".into(),
                (16, None) => "Number is too short".into(),
                _ => "Missing number".into(),
            });
        }
        let text = std::str::from_utf8(&rest[skip..skip + digits]).unwrap_or("0");
        u64::from_str_radix(if text.is_empty() { "0" } else { text }, radix)
            .map_err(|_| "Number out of range".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fiji() -> Target {
        Target::new(Gpu::of_processor("gfx803").unwrap(), false)
    }

    fn build(t: Target, lines: &[&str]) -> Result<[u8; SIZE], String> {
        let mut b = ConfigBuilder::new(t, "k1");
        for l in lines {
            let l = l.trim();
            let (op, args) = l.split_once(' ').unwrap_or((l, ""));
            b.set(op, args)?;
        }
        b.finish()
    }

    #[test]
    fn layout_is_akc_s() {
        assert_eq!(span(F("float_mode")), (RSRC1 + 12, 8));
        assert_eq!(span(F("user_sgpr_count")), (RSRC2 + 1, 5));
        assert_eq!(span(F("runtime_loader_kernel_symbol")), (960, 64));
        assert_eq!(span(F("is_xnack_enabled")), (56 * 8 + 22, 1));
        // Every field the table names is akc's.
        for x in &OPS {
            let _ = span(match x.print {
                Print::Flag(a) | Print::Dec(a) | Print::Hex(a) => a,
                _ => RSRC1_WORD,
            });
        }
    }

    /// clrxasm 0.1.9's header for an empty `.config` on Fiji (read once from its output).
    #[test]
    fn empty_config_is_clrxasm_s() {
        let b = build(fiji(), &[]).unwrap();
        assert_eq!(&b[..16], &[1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 8, 0, 0, 0, 3, 0]);
        assert_eq!(&b[16..24], &[0, 1, 0, 0, 0, 0, 0, 0]);
        assert_eq!(&b[48..56], &[0, 0, 0x0c, 0, 0, 0, 0, 0]);
        assert_eq!(&b[84..88], &[2, 0, 1, 0]);
        assert_eq!(&b[100..104], &[4, 4, 4, 6]);
    }

    /// From one clrxasm/clrxdisasm run: `.dims x, yz`, `.sgprsnum 16`, `.vgprsnum 8`,
    /// `.dx10clamp`, `.ieeemode`, the private segment buffer and kernarg pointer, `.localsize
    /// 1000`: PGM_RSRC1 0x00ac0041, PGM_RSRC2 0x00011090, and clrxdisasm's lines for it.
    #[test]
    fn one_oracle_run() {
        let lines = [
            ".dims x, yz",
            ".sgprsnum 16",
            ".vgprsnum 8",
            ".dx10clamp",
            ".ieeemode",
            ".floatmode 0xc0",
            ".use_private_segment_buffer",
            ".use_kernarg_segment_ptr",
            ".kernarg_segment_size 24",
            ".use_grid_workgroup_count xz",
            ".reserved_vgprs 3, 7",
            ".localsize 1000",
        ];
        let b = build(fiji(), &lines).unwrap();
        assert_eq!(rsrc(&b, RSRC1_WORD), 0x00ac0041);
        assert_eq!(rsrc(&b, RSRC2_WORD), 0x00011090);
        let mut text = String::new();
        print_config(&b, &fiji(), &mut text).unwrap();
        let want = "    .config
        .dims x, xyz
        .sgprsnum 16
        .vgprsnum 8
        .dx10clamp
        .ieeemode
        .floatmode 0xc0
        .priority 0
        .localsize 1024
        .userdatanum 8
        .pgmrsrc1 0x00ac0041
        .pgmrsrc2 0x00011090
        .codeversion 1, 0
        .machine 1, 8, 0, 3
        .kernel_code_entry_offset 0x100
        .use_private_segment_buffer
        .use_kernarg_segment_ptr
        .use_grid_workgroup_count xz
        .private_elem_size 2
        .workgroup_group_segment_size 1000
        .kernarg_segment_size 24
        .wavefront_sgpr_count 16
        .workitem_vgpr_count 8
        .reserved_vgprs 3, 7
        .kernarg_segment_align 16
        .group_segment_align 16
        .private_segment_align 16
        .wavefront_size 64
        .call_convention 0x0
    .control_directive
        .fill 128, 1, 0x00
";
        assert_eq!(text, want);
    }

    #[test]
    fn data_lines() {
        let mut d = [0u8; 128];
        d[..3].copy_from_slice(&[1, 2, 3]);
        d[23] = 5;
        d[24..].fill(0xfe);
        let mut s = String::new();
        print_data(&d, &mut s);
        // As clrxdisasm printed it for `.byte 1,2,3; .fill 20,1,0; .byte 5; .fill 104,1,0xfe`.
        assert_eq!(
            s,
            "        .byte 0x01, 0x02, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00
        .fill 8, 1, 0x00
        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05
        .fill 104, 1, 0xfe
"
        );
        let mut b = ConfigBuilder::new(fiji(), "k1");
        b.set(".control_directive", "").unwrap();
        for l in s.lines() {
            let (op, args) = l.trim().split_once(' ').unwrap();
            b.set(op, args).unwrap();
        }
        assert_eq!(&b.finish().unwrap()[128..], &d[..]);
    }

    /// clrxasm's messages (from one run of bad lines).
    #[test]
    fn errors() {
        let t = fiji();
        let err = |l: &str| build(t, &[l]).unwrap_err();
        assert_eq!(err(".machine 1,2"), "Expected ',' before argument");
        assert_eq!(
            err(".reserved_vgprs 300, 2"),
            "First reserved VGPR register out of range (0-255)"
        );
        assert_eq!(err(".reserved_sgprs 5, 2"), "Wrong register range");
        assert_eq!(err(".private_elem_size 3"), "Private element size must be power of two");
        assert_eq!(err(".private_elem_size 32"), "Private element size out of range");
        assert_eq!(err(".kernarg_segment_align 8"), "Alignment must be not smaller than 16");
        assert_eq!(
            err(".wavefront_size 512"),
            "Wavefront size must be not greater than 256"
        );
        assert_eq!(
            err(".debug_private_segment_buffer_sgpr 102"),
            "SGPR register out of range"
        );
        assert_eq!(err(".dims w"), "Unknown dimension type");
        assert_eq!(err(".dims xyzxyzxyzx"), "dimension set is too long");
        assert_eq!(err(".dims 1"), "Expected ',' before argument");
        assert_eq!(err(".use_grid_workgroup_count x, y"), "Garbages at end of line");
        assert_eq!(err(".sgprsnum -1"), "Used SGPRs number out of range (0-102)");
        assert_eq!(err(".userdatanum 17"), "UserDataNum out of range (0-16)");
        assert_eq!(err(".sgprsnum"), "Expected expression");
        assert_eq!(err(".sgprsnum 4 5"), "Garbages at end of line");
        let mut b = ConfigBuilder::new(t, "k1");
        b.set(".control_directive", "").unwrap();
        b.set(".byte", "1").unwrap();
        assert_eq!(
            b.set(".sgprsnum", "5").unwrap_err(),
            "Illegal place of configuration pseudo-op"
        );
        assert_eq!(
            b.finish().unwrap_err(),
            "Section '.control_directive' for kernel 'k1' have wrong size"
        );
    }

    #[test]
    fn values() {
        let t = fiji();
        // Octal, binary, expressions; `.floatmode` truncated with a warning.
        let b = build(t, &[".sgprsnum 010"]).unwrap();
        assert_eq!(get(&b, F("wavefront_sgpr_count")), 8);
        let b = build(t, &[".sgprsnum 3+4"]).unwrap();
        assert_eq!(get(&b, F("wavefront_sgpr_count")), 7);
        let b = build(t, &[".codeversion 0x10005, 3"]).unwrap();
        assert_eq!(&b[..8], &[5, 0, 0, 0, 3, 0, 0, 0]);
        let b = build(t, &[".dims , z"]).unwrap();
        assert_eq!(rsrc(&b, RSRC2_WORD), 0x1000);
        let b = build(t, &[".pgmrsrc2 0x1b80"]).unwrap();
        assert_eq!(rsrc(&b, RSRC2_WORD), 0);
        let mut bl = ConfigBuilder::new(t, "k1");
        bl.set(".floatmode", "0x1ff").unwrap();
        assert_eq!(bl.warnings(), ["Value 0x1ff truncated to 0xff"]);
        assert_eq!(rsrc(&bl.finish().unwrap(), RSRC1_WORD), 0x000ff000);
    }

    /// From one clrxasm run with `.llvm10binfmt` on Fiji (its `.rodata` at `k1.kd`).
    #[test]
    fn descriptor() {
        let t = Target::new(fiji().gpu, true);
        let lines = [
            ".dims xy, z",
            ".use_kernarg_segment_ptr",
            ".use_wave32",
            ".pgmrsrc3 0x12345",
            ".workgroup_group_segment_size 1000",
            ".scratchbuffer 40",
            ".pgmrsrc2 0xffffffff",
        ];
        let mut b = ConfigBuilder::new(t, "k1");
        for l in lines {
            let (op, args) = l.split_once(' ').unwrap_or((l, ""));
            b.set(op, args).unwrap();
        }
        let d = b.finish_descriptor().unwrap();
        let mut want = [0u8; 64];
        want[..8].copy_from_slice(&[0xe8, 3, 0, 0, 40, 0, 0, 0]);
        want[44..58].copy_from_slice(&[0x45, 0x23, 1, 0, 0, 0, 0x0c, 0, 0xc5, 0xf5, 0xff, 0xff, 0x08, 0x04]);
        // (the code entry offset not given: all ones, which the writer replaces)
        want[16..24].fill(0xff);
        assert_eq!(d, want);
        b.set(".control_directive", "").unwrap();
        assert!(b.finish_descriptor().is_err());
    }

    #[test]
    fn gpus() {
        let g = |p: &str| {
            let g = Gpu::of_processor(p).unwrap();
            (
                g.device.name,
                g.arch_minor.unwrap(),
                g.arch_stepping.unwrap(),
                g.processor(),
            )
        };
        assert_eq!(g("gfx803"), ("Fiji", 0, 3, "gfx803".into()));
        assert_eq!(g("fiji"), ("Fiji", 0, 3, "gfx803".into()));
        assert_eq!(g("gfx704"), ("Bonaire", 0, 4, "gfx704".into()));
        assert_eq!(g("gfx802"), ("Iceland", 0, 2, "gfx802".into()));
        assert_eq!(g("gfx600"), ("CapeVerde", 0, 0, "gfx600".into()));
        assert_eq!(g("gfx601"), ("CapeVerde", 0, 1, "gfx601".into()));
        assert_eq!(g("gfx900"), ("GFX900", 0, 0, "gfx900".into()));
        assert_eq!(g("gfx906"), ("GFX906", 0, 6, "gfx906".into()));
        assert_eq!(g("gfx90c"), ("GFX900", 0, 12, "gfx90c".into()));
        let only = |n: &str| Gpu {
            device: Device::find(n).unwrap(),
            arch_minor: None,
            arch_stepping: None,
        };
        assert_eq!(only("tahiti").processor(), "gfx600");
        assert_eq!(only("Pitcairn").processor(), "gfx601");
        assert_eq!(only("Tonga").processor(), "gfx802");
        assert_eq!(only("polaris10").processor(), "gfx803");
        assert_eq!(only("vega20").device.name, "GFX906");
        assert_eq!(only("gfx900").device.arch, Arch::Gcn14);
        assert!(Device::find("gfx1010").is_none());
        let mut s = String::new();
        Gpu::of_processor("gfx803").unwrap().print(&mut s);
        assert_eq!(s, ".gpu Fiji\n.arch_minor 0\n.arch_stepping 3\n");
    }

    /// Random headers CLRX can carry print and read back to themselves.
    #[test]
    fn print_round_trip() {
        let mut next = crate::test_rng(0x9e37_79b9_7f4a_7c15);
        let mut printed = 0;
        for k in 0..3000 {
            let t = Target::new(
                Gpu::of_processor(["gfx600", "gfx704", "gfx803", "gfx900", "gfx906"][k % 5]).unwrap(),
                k % 2 == 0,
            );
            let mut b = [0u8; SIZE];
            for x in b.iter_mut() {
                *x = next() as u8;
            }
            // Mostly sane values, so that many can be printed.
            b[108..120].fill(0);
            let v = next();
            if v & 1 == 0 {
                let (sf, ff) = (get(&b, SGPR_FLAGS), get(&b, FEATURE_FLAGS));
                put(&mut b, SGPR_FLAGS, sf & 0x3ff);
                put(&mut b, FEATURE_FLAGS, ff & 0x7f);
                put(&mut b, F("user_sgpr_count"), (v >> 8) % 17);
                put(&mut b, F("enable_vgpr_workitem_id"), (v >> 16) % 3);
                put(&mut b, RSRC1_EXCEPTIONS, 0);
                put(&mut b, F("granulated_lds_size"), 0);
                put(&mut b, F("workgroup_group_segment_byte_size"), 0);
                put(&mut b, F("workitem_private_segment_byte_size"), (v >> 20) & 1);
                put(&mut b, F("enable_sgpr_private_segment_wave_byte_offset"), (v >> 20) & 1);
                put(&mut b, F("amd_code_version_major"), 1);
                put(&mut b, F("amd_code_version_minor"), 2);
                for f in [
                    "kernarg_segment_alignment",
                    "group_segment_alignment",
                    "private_segment_alignment",
                ] {
                    put(&mut b, F(f), 4 + (v >> 24) % 20);
                }
                put(&mut b, F("wavefront_size"), 6);
                for f in [
                    "reserved_vgpr_first",
                    "reserved_vgpr_count",
                    "reserved_sgpr_first",
                    "reserved_sgpr_count",
                    "debug_wavefront_private_segment_offset_sgpr",
                    "debug_private_segment_buffer_sgpr",
                ] {
                    put(&mut b, F(f), (v >> 30) % 3);
                }
                put(&mut b, F("reserved_vgpr_first"), 0);
                put(&mut b, F("reserved_sgpr_first"), 0);
            }
            let mut text = String::new();
            if print_config(&b, &t, &mut text).is_ok() {
                printed += 1;
                assert!(text.starts_with("    .config\n"));
            }
        }
        assert!(printed > 500, "only {printed} printed");
    }

    /// A random descriptor within what CLRX carries (or, one time in `wild`, anything).
    fn random_descriptor(next: &mut impl FnMut() -> u64, wild: bool) -> [u8; 64] {
        let mut d = [0u8; 64];
        for x in d.iter_mut() {
            *x = next() as u8;
        }
        if wild {
            return d;
        }
        let v = next();
        let group = if v & 1 == 0 { 0 } else { (v >> 1) % 32769 };
        let private = if v & 2 == 0 {
            0
        } else {
            (v >> 20) as u32 as u64 % 0xffff_ffff
        };
        d[0..4].copy_from_slice(&(group as u32).to_le_bytes());
        d[4..8].copy_from_slice(&(private as u32).to_le_bytes());
        d[8..16].fill(0);
        d[24..44].fill(0);
        if v & 4 == 0 {
            d[44..48].fill(0);
        }
        d[58..64].fill(0);
        let mut rsrc1 = le32(&d, 48);
        let mut rsrc2 = le32(&d, 52);
        rsrc2 = rsrc2 & !1 | (private != 0) as u32;
        rsrc2 = rsrc2 & !(0x1f << 1) | (((v >> 40) % 17) as u32) << 1;
        rsrc2 = rsrc2 & !(3 << 11) | (((v >> 45) % 3) as u32) << 11;
        // LDS up to 32768 bytes in either granule.
        rsrc2 = rsrc2 & !(0x1ff << 15) | (((v >> 48) % 65) as u32) << 15;
        rsrc1 = rsrc1 & !(0x7f << 24) | (rsrc1 >> 24 & rsrc2 >> 24 & 0x7f) << 24;
        d[48..52].copy_from_slice(&rsrc1.to_le_bytes());
        d[52..56].copy_from_slice(&rsrc2.to_le_bytes());
        d[57] &= 0x07;
        d
    }

    /// print_descriptor_config's lines, read by ConfigBuilder (as clrxasm), give the random
    /// descriptors back but bytes 16-23; every descriptor it refuses has a reason named by byte.
    #[test]
    fn descriptor_round_trip() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut printed, mut refused) = (0, 0);
        for k in 0..4000 {
            let p = ["gfx600", "gfx704", "gfx803", "gfx900", "gfx906"][k % 5];
            let t = Target::new(Gpu::of_processor(p).unwrap(), k % 3 == 0);
            let wild = k % 7 == 0;
            let d = random_descriptor(&mut next, wild);
            let mut text = String::new();
            match print_descriptor_config(&d, &t, &mut text) {
                Ok(()) => {
                    printed += 1;
                    assert!(text.starts_with("    .config\n        .dims "), "{text}");
                    let mut b = ConfigBuilder::new(Target::new(t.gpu, false), "k");
                    for l in text.lines() {
                        let l = l.trim();
                        let (op, args) = l.split_once(' ').unwrap_or((l, ""));
                        b.set(op, args).unwrap();
                    }
                    let mut back = b.finish_descriptor().unwrap();
                    back[16..24].copy_from_slice(&d[16..24]);
                    assert_eq!(back, d, "{p}:\n{text}");
                }
                Err(e) => {
                    assert!(wild, "{p}: a sane descriptor was refused: {e}\n{d:02x?}");
                    assert!(e.starts_with("byte"), "{e}");
                    assert!(text.is_empty());
                    refused += 1;
                }
            }
        }
        assert!(printed > 3000 && refused > 100, "{printed} printed, {refused} refused");
    }

    /// Each field CLRX cannot carry in a descriptor is refused, naming its bytes.
    #[test]
    fn descriptor_refusals() {
        let t = fiji();
        let base = {
            let mut d = [0u8; 64];
            d[48..52].copy_from_slice(&0x00af_0000u32.to_le_bytes());
            d[52..56].copy_from_slice(&0x0000_0090u32.to_le_bytes());
            d[56] = 0x0b;
            d
        };
        let mut s = String::new();
        print_descriptor_config(&base, &t, &mut s).unwrap();
        let err = |f: &dyn Fn(&mut [u8; 64])| {
            let mut d = base;
            f(&mut d);
            print_descriptor_config(&d, &t, &mut String::new()).unwrap_err()
        };
        assert!(err(&|d| d[8] = 24).starts_with("byte 8 is 0x18 (kernarg_size"));
        assert!(err(&|d| d[2] = 1).starts_with("bytes 0-3 (group_segment_fixed_size) are 65536"));
        assert!(err(&|d| d[4..8].fill(0xff)).starts_with("bytes 4-7"));
        assert!(err(&|d| d[30] = 1).starts_with("byte 30 "));
        assert!(err(&|d| d[51] |= 0x04).starts_with("bytes 48-51"));
        assert!(err(&|d| d[52] |= 1).starts_with("bytes 52-55: PGM_RSRC2 bit 0"));
        assert!(err(&|d| d[52] |= 0x3e).starts_with("bytes 52-55: PGM_RSRC2 user SGPR count is 31"));
        assert!(err(&|d| d[53] |= 0x18).starts_with("bytes 52-55: PGM_RSRC2 workitem-id count"));
        assert!(err(&|d| d[54] |= 0x80).starts_with("bytes 52-55: PGM_RSRC2 LDS size"));
        assert!(err(&|d| d[57] = 0x08).starts_with("bytes 56-57: SGPR enable bits 0x0800"));
        assert!(err(&|d| d[58] = 1).starts_with("byte 58 is 0x01 (kernarg_preload"));
        // Bytes 16-23 print as they are and do not matter.
        let mut d = base;
        d[16] = 0x40;
        let mut s2 = String::new();
        print_descriptor_config(&d, &t, &mut s2).unwrap();
        assert_eq!(s2.replace("offset 0x40", "offset 0x0"), s);
    }

    /// A Fiji descriptor's lines (clrxdisasm's GCN 1.0-1.4 form; clrxdisasm itself takes any
    /// v3 object for GFX1010). From one oracle run: clrxasm, given these lines with
    /// `.llvm10binfmt`, wrote these 64 bytes at `k0.kd` (with its code entry offset, 0xc40).
    #[test]
    fn descriptor_text() {
        let mut d = [0u8; 64];
        d[0..4].copy_from_slice(&1000u32.to_le_bytes());
        d[48..52].copy_from_slice(&0x00ac_0041u32.to_le_bytes());
        d[52..56].copy_from_slice(&0x0000_0090u32.to_le_bytes());
        d[56] = 0x09;
        let mut s = String::new();
        print_descriptor_config(&d, &fiji(), &mut s).unwrap();
        assert_eq!(
            s,
            "    .config
        .dims x
        .sgprsnum 16
        .vgprsnum 8
        .dx10clamp
        .ieeemode
        .floatmode 0xc0
        .priority 0
        .userdatanum 8
        .pgmrsrc1 0x00ac0041
        .pgmrsrc2 0x00000090
        .group_segment_fixed_size 1000
        .private_segment_fixed_size 0
        .kernel_code_entry_offset 0x0
        .use_private_segment_buffer
        .use_kernarg_segment_ptr
"
        );
    }
}
