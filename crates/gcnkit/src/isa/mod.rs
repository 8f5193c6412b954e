//! THE TABLE: one [`InstrDef`] row per instruction, and the opcode indices built from it.
//!
//! Every other part of gcnkit (decoder, printers, parser, rule checker, `explain`, emulator)
//! reads these rows; nothing about an instruction is written anywhere else. The rows are
//! declared in `vop2.rs`, `vop3.rs` and `vopc.rs` (the compare families are generated from
//! their family description, the way a TableGen multiclass would).

mod buf;
mod ds;
#[cfg(test)]
mod dump;
mod flat;
mod gfx;
mod mimg;
mod smem;
mod sop;
mod vop1;
mod vop2;
mod vop3;
mod vop3p;
mod vopc;

use crate::arch::{Arch, ArchSet};
use rustc_hash::FxHashMap as HashMap;
use std::sync::{LazyLock, OnceLock};

/// Marks "no opcode on this arch".
pub const X: u16 = u16::MAX;

/// Value type of one operand: decides its register width, how inline constants and
/// literals read, and which modifiers mean anything.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Ty {
    F16,
    I16,
    U16,
    B16,
    F32,
    I32,
    U32,
    B32,
    F64,
    I64,
    U64,
    B64,
    /// Three dwords (DS, buffer and flat loads and stores of 96 bits).
    B96,
    /// Four dwords (V_MQSAD_U32_U8 destination / accumulator, scalar loads of 4 dwords).
    B128,
    /// Eight and sixteen dwords (scalar loads).
    B256,
    B512,
}

impl Ty {
    /// Width in 32-bit registers.
    #[inline]
    pub const fn regs(self) -> u8 {
        match self {
            Ty::F64 | Ty::I64 | Ty::U64 | Ty::B64 => 2,
            Ty::B96 => 3,
            Ty::B128 => 4,
            Ty::B256 => 8,
            Ty::B512 => 16,
            _ => 1,
        }
    }

    #[inline]
    pub const fn is_float(self) -> bool {
        matches!(self, Ty::F16 | Ty::F32 | Ty::F64)
    }

    /// 16-bit value types (op_sel, f16 inline constants).
    #[inline]
    pub const fn is_16(self) -> bool {
        matches!(self, Ty::F16 | Ty::I16 | Ty::U16 | Ty::B16)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Ty::F16 => "f16",
            Ty::I16 => "i16",
            Ty::U16 => "u16",
            Ty::B16 => "b16",
            Ty::F32 => "f32",
            Ty::I32 => "i32",
            Ty::U32 => "u32",
            Ty::B32 => "b32",
            Ty::F64 => "f64",
            Ty::I64 => "i64",
            Ty::U64 => "u64",
            Ty::B64 => "b64",
            Ty::B96 => "b96",
            Ty::B128 => "b128",
            Ty::B256 => "b256",
            Ty::B512 => "b512",
        }
    }
}

/// The operand layout of an instruction: which operands it has, in assembly order.
/// `S` below is the 64-bit scalar destination/source that the 32-bit forms fix to VCC.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Form {
    /// `VDST, SRC0, SRC1`
    Bin,
    /// `VDST, SRC0, SRC1, SRC2` (VOP3 only)
    Ter,
    /// `VDST, S, SRC0, SRC1`: carry out (VOP3B)
    Carry,
    /// `VDST, S, SRC0, SRC1, S`: carry in from SRC2, carry out (VOP3B)
    CarryIn,
    /// `VDST, SRC0, SRC1, S`: lane select from VCC or an SGPR pair in SRC2
    Cndmask,
    /// `VDST, SRC0, K, SRC1`: the literal K is the multiplier
    Madmk,
    /// `VDST, SRC0, SRC1, K`: the literal K is the addend
    Madak,
    /// `SDST, VSRC0, SSRC1`: the destination is an SGPR in the VDST field
    ReadLane,
    /// `VDST, SSRC0, SSRC1`
    WriteLane,
    /// `S, SRC0, SRC1`: compare; S is VCC in VOPC, any pair in VOP3
    Cmp,
    /// `VDST, S, SRC0, SRC1, SRC2` (VOP3B: V_DIV_SCALE, V_MAD_U64_U32)
    Vop3b,
    // VOP1
    /// `VDST, SRC0`
    Un,
    /// No operands (V_NOP, V_CLREXCP).
    Nop,
    /// `SDST, VSRC0`: a scalar destination in the VDST field (V_READFIRSTLANE_B32).
    ReadFirstLane,
    // SOP2
    /// `SDST, SSRC0, SSRC1`
    S2,
    /// `SSRC0, SSRC1` (S_CBRANCH_G_FORK, S_RFE_RESTORE_B64)
    S2NoDst,
    // SOP1
    /// `SDST, SSRC0`
    S1,
    /// `SSRC0` (S_SETPC_B64, S_RFE_B64, S_CBRANCH_JOIN, S_SET_GPR_IDX_IDX)
    S1NoDst,
    /// `SDST` (S_GETPC_B64)
    S1NoSrc,
    // SOPK
    /// `SDST, SIMM16` (S_MOVK_I32, S_ADDK_I32...)
    K,
    /// `SSRC, SIMM16`: the SDST field read (S_CMPK_*)
    KCmp,
    /// `SSRC(2), LABEL` (S_CBRANCH_I_FORK)
    KFork,
    /// `SDST, HWREG` (S_GETREG_B32)
    KGetReg,
    /// `HWREG, SSRC`: the SDST field read (S_SETREG_B32)
    KSetReg,
    /// `HWREG, IMM32`: a dword after the instruction (S_SETREG_IMM32_B32)
    KSetRegImm,
    /// `SDST(2), LABEL` (S_CALL_B64)
    KCall,
    // SOPC
    /// `SSRC0, SSRC1`
    C,
    /// `SSRC0, GPR_IDX`: an index-mode mask in SSRC1 (S_SET_GPR_IDX_ON)
    CGprIdx,
    // SOPP
    /// No operand (an immediate only when non-zero: S_ENDPGM, S_BARRIER...)
    P0,
    /// `IMM16` (S_NOP, S_SLEEP, S_SETPRIO, S_TRAP...)
    PImm,
    /// `LABEL` (S_BRANCH, S_CBRANCH_*)
    PLabel,
    /// `WAITCNT` (S_WAITCNT)
    PWaitcnt,
    /// `SENDMSG` (S_SENDMSG, S_SENDMSGHALT)
    PSendmsg,
    /// `GPR_IDX` (S_SET_GPR_IDX_MODE)
    PGprIdx,
    // SMRD / SMEM
    /// `SDST, SBASE, OFFSET` (loads; scalar atomics)
    MLoad,
    /// `SDATA, SBASE, OFFSET` (SMEM stores)
    MStore,
    /// `SDATA, SBASE, OFFSET` (SMEM atomics: SDATA is read, and written back with GLC)
    MAtomic,
    /// `SDST(2)` (S_MEMTIME, S_MEMREALTIME)
    MTime,
    /// No operands (cache invalidations and write-backs)
    MNone,
    /// `IMM7, SBASE, OFFSET` (S_ATC_PROBE)
    MProbe,
    /// `SBASE, OFFSET` (S_DCACHE_DISCARD)
    MDiscard,
    // DS (VADDR, DATA0, DATA1 and VDST fields; `dst` is VDST's type, `src[0]` the data's)
    /// `VADDR` (the `*_src2_*` forms, GWS, DS_NOP in CLRX).
    DsAddr,
    /// `VDATA0` (DS_WRITE_ADDTID_B32).
    DsData,
    /// `VDST` (DS_APPEND, DS_CONSUME, DS_READ_ADDTID_B32).
    DsDst,
    /// `VDST, VADDR` (reads).
    DsRead,
    /// `VADDR, VDATA0` (writes and atomics without return).
    DsWrite,
    /// `VADDR, VDATA0, VDATA1`.
    DsWrite2,
    /// `VDST, VADDR, VDATA0` (atomics with return).
    DsRtn,
    /// `VDST, VADDR, VDATA0, VDATA1`.
    DsRtn2,
    // FLAT, SCRATCH and GLOBAL (VADDR, VDATA, VDST and SADDR fields; `dst` is VDST's type
    // without TFE's extra register, `src[0]` VDATA's).
    /// `VDST, VADDR[, SADDR]` (loads).
    FlatLoad,
    /// `VADDR, VDATA[, SADDR]` (stores).
    FlatStore,
    /// `VDST, VADDR, VDATA[, SADDR]` (atomics; llvm-mc writes VDST only with glc).
    FlatAtomic,
    // MUBUF and MTBUF (VDATA, VADDR, SRSRC, SOFFSET; `dst` is a load's VDATA type, `src[0]`
    // a store's or atomic's).
    /// `VDATA, VADDR, SRSRC, SOFFSET` (loads).
    BufLoad,
    /// `VDATA, VADDR, SRSRC, SOFFSET` (stores).
    BufStore,
    /// `VDATA, VADDR, SRSRC, SOFFSET` (atomics: VDATA returns the old value with glc).
    BufAtomic,
    /// No operands (cache write-back and invalidation).
    BufNone,
    /// `SRSRC, SOFFSET` (BUFFER_STORE_LDS_DWORD: LDS to memory).
    BufStoreLds,
    // VINTRP and EXP
    /// `VDST, VSRC, ATTR` (V_INTERP_P1_F32, V_INTERP_P2_F32).
    Interp,
    /// `VDST, PARAM, ATTR` (V_INTERP_MOV_F32: `p10`, `p20`, `p0`).
    InterpMov,
    /// `VDST, VSRC, ATTR, SRC2` (GCN 1.2+'s VOP3-only V_INTERP_P1LV_F16, V_INTERP_P2_F16).
    InterpSrc2,
    /// `TARGET, VSRC0, VSRC1, VSRC2, VSRC3` (each source a VGPR or `off`).
    Exp,
    // MIMG (VDATA, VADDR, SRSRC, SSAMP; the data VGPRs follow from DMASK, TFE and D16, the
    // address VGPRs from the row's address flags, [`Flags::MIMG_O`]...)
    /// `VDATA, VADDR, SRSRC` (loads, GET_RESINFO).
    MimgLoad,
    /// `VDATA, VADDR, SRSRC` (stores).
    MimgStore,
    /// `VDATA, VADDR, SRSRC` (atomics: VDATA returns the old value with glc).
    MimgAtomic,
    /// `VDATA, VADDR, SRSRC, SSAMP` (sample, gather4, GET_LOD).
    MimgSample,
}

impl Form {
    /// Number of source operands read from SRC fields (the VOP3 sources for the vector ALU).
    pub const fn nsrc(self) -> usize {
        match self {
            Form::Ter | Form::CarryIn | Form::Cndmask | Form::Vop3b => 3,
            Form::Un | Form::ReadFirstLane | Form::S1 | Form::S1NoDst => 1,
            Form::Nop | Form::S1NoSrc => 0,
            _ => 2,
        }
    }

    /// Has a branch target (SIMM16 counts dwords from the next instruction).
    pub const fn has_label(self) -> bool {
        matches!(self, Form::PLabel | Form::KFork | Form::KCall)
    }

    /// The VOP3 word of this form is VOP3B (SDST in bits 8-14, no ABS).
    pub const fn is_vop3b(self) -> bool {
        matches!(self, Form::Carry | Form::CarryIn | Form::Vop3b)
    }
}

/// The class of a row's own form (the VOP3 form of the vector ALU aside): VOP2, VOPC or
/// VOP1 (whose rows may have only a VOP3 form on some archs), a scalar ALU class, or scalar
/// memory (SMRD on GCN 1.0/1.1, SMEM on GCN 1.2+).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Short {
    Vop2,
    Vopc,
    Vop1,
    Sop2,
    Sopk,
    Sop1,
    Sopc,
    Sopp,
    Smem,
    Ds,
    Flat,
    Mubuf,
    Mtbuf,
    Mimg,
    /// GCN 1.4's packed math (VOP3P, a class of its own: no 32-bit form).
    Vop3p,
    /// Interpolation and export (graphics).
    Vintrp,
    Exp,
}

impl Short {
    /// The encoding class of this form on `arch`.
    pub fn enc(self, arch: Arch) -> crate::enc::Enc {
        use crate::enc::Enc;
        match self {
            Short::Vop2 => Enc::Vop2,
            Short::Vopc => Enc::Vopc,
            Short::Vop1 => Enc::Vop1,
            Short::Sop2 => Enc::Sop2,
            Short::Sopk => Enc::Sopk,
            Short::Sop1 => Enc::Sop1,
            Short::Sopc => Enc::Sopc,
            Short::Sopp => Enc::Sopp,
            Short::Smem if arch.is_vi_plus() => Enc::Smem,
            Short::Smem => Enc::Smrd,
            Short::Ds => Enc::Ds,
            Short::Flat => Enc::Flat,
            Short::Mubuf => Enc::Mubuf,
            Short::Mtbuf => Enc::Mtbuf,
            Short::Mimg => Enc::Mimg,
            Short::Vop3p => Enc::Vop3p,
            Short::Vintrp => Enc::Vintrp,
            Short::Exp => Enc::Exp,
        }
    }

    /// The vector memory classes (DS, MUBUF, MTBUF, MIMG, FLAT): their own printers and
    /// assembler path.
    pub fn is_mem(self) -> bool {
        matches!(
            self,
            Short::Ds | Short::Flat | Short::Mubuf | Short::Mtbuf | Short::Mimg
        )
    }

    /// The graphics classes (VINTRP, EXP): their own printers and assembler path.
    pub fn is_gfx(self) -> bool {
        matches!(self, Short::Vintrp | Short::Exp)
    }

    /// The vector-ALU classes (with VOP3 forms, modifiers, the constant bus).
    pub fn is_vop(self) -> bool {
        matches!(self, Short::Vop2 | Short::Vopc | Short::Vop1)
    }
}

/// Flags of a row.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct Flags(pub u64);

impl Flags {
    /// Writes EXEC too (V_CMPX_*).
    pub const EXEC: Flags = Flags(1);
    /// Signals on any NaN (V_CMPS_*).
    pub const SIGNAL: Flags = Flags(2);
    /// GCN 1.4: takes OP_SEL (16-bit operand halves).
    pub const OPSEL: Flags = Flags(4);
    /// Reads VCC implicitly (V_DIV_FMAS_*).
    pub const READS_VCC: Flags = Flags(8);
    /// CLASS compare: SRC1 is a class mask, not a value.
    pub const CLASS: Flags = Flags(16);
    /// Operands reversed (`*REV*`): SRC1 is the first operand of the operation.
    pub const REV: Flags = Flags(32);
    /// GCN 1.2+: CLAMP on this integer-result op saturates the result.
    pub const INT_CLAMP: Flags = Flags(64);
    /// The destination must not overlap any source (results are written while sources are
    /// still read).
    pub const NO_DST_OVERLAP: Flags = Flags(128);
    /// The destination holds two f16 results (V_CVT_PKRTZ_F16_F32): float output modifiers
    /// act on both halves.
    pub const PACKED16: Flags = Flags(256);
    /// llvm-mc 14 reads constants for SRC0 as a 32-bit operand (its V_MADMK_F16 takes
    /// `0x3f800000` as 1.0 and `0x3c00` as a literal).
    pub const LLVM_SRC0_32: Flags = Flags(512);
    /// clrxdisasm writes `vop3` on its VOP3 form whenever the operands would fit a 32-bit
    /// form, also on the archs that have none (V_CVT_PKACCUM_U8_F32 on GCN 1.2+).
    pub const CLRX_VOP3_SUFFIX: Flags = Flags(1024);
    /// Scalar memory: the base is a buffer resource (four SGPRs), not an address pair.
    pub const BUFFER: Flags = Flags(2048);
    /// The instruction ends the program (S_ENDPGM and kin): the disassembler's label pass and
    /// the emulator stop there.
    pub const END: Flags = Flags(4096);
    /// llvm-mc 14 takes (and prints) SIMM16 on this no-operand SOPP (S_ENDPGM only).
    pub const LLVM_IMM: Flags = Flags(8192);
    /// Reads M0 without naming it (V_MOVREL*: the index): M0 is on the constant bus.
    pub const READS_M0: Flags = Flags(1 << 14);
    /// llvm-mc 14 takes only a VGPR as SRC0 (V_READFIRSTLANE_B32, V_MOVRELS*, V_SWAP_B32).
    pub const VGPR_SRC0: Flags = Flags(1 << 15);
    /// llvm-mc 14 takes only registers (no constant) as this scalar instruction's sources
    /// (S_SETPC_B64, S_RFE_B64, S_CBRANCH_JOIN, S_CBRANCH_G_FORK, S_MOVRELS_*).
    pub const SREG_SRC: Flags = Flags(1 << 16);
    /// llvm-mc 14 has no VOP3 form of this row (V_SWAP_B32) though the hardware has one.
    pub const NO_LLVM_E64: Flags = Flags(1 << 17);
    /// DS: two 8-bit offsets (`offset0:`/`offset1:`), not one 16-bit offset.
    pub const OFFSET2: Flags = Flags(1 << 18);
    /// DS: GDS-only (GWS, DS_ORDERED_COUNT): llvm-mc 14 always sets and prints `gds`.
    pub const GDS: Flags = Flags(1 << 19);
    /// DS: global wave sync (GWS): clrxasm wants `gds` written.
    pub const GWS: Flags = Flags(1 << 21);
    /// DS: llvm-mc 14 takes no operand and no modifier (DS_NOP).
    pub const LLVM_BARE: Flags = Flags(1 << 22);
    /// DS: llvm-mc 14 refuses `gds` (DS_PERMUTE_B32, DS_BPERMUTE_B32).
    pub const LLVM_NO_GDS: Flags = Flags(1 << 23);
    /// DS: the offset is a lane swizzle pattern, LLVM's `swizzle(...)` (DS_SWIZZLE_B32).
    pub const SWIZZLE: Flags = Flags(1 << 24);
    /// MUBUF/MTBUF d16 formats: GCN 1.4 packs two 16-bit components per VGPR (the data
    /// takes half the registers, rounded up).
    pub const D16_PACKED: Flags = Flags(1 << 25);
    /// MUBUF loads llvm-mc 14 takes `lds` on (every arch; [`Flags::LLVM_LDS_VI`]: GCN 1.2+).
    pub const LLVM_LDS: Flags = Flags(1 << 26);
    pub const LLVM_LDS_VI: Flags = Flags(1 << 27);
    /// No SDWA or DPP form (V_MOVREL*, V_SWAP_B32: both assemblers refuse it).
    pub const NO_EXT: Flags = Flags(1 << 28);
    /// No SDWA form on GCN 1.4 (V_MAC_F32, V_MAC_F16).
    pub const NO_SDWA_GFX9: Flags = Flags(1 << 29);
    /// VOP3P mixed precision (V_MAD_MIX*): f32 sources or f16 halves by OP_SEL_HI; LLVM writes
    /// NEG_LO/NEG_HI as `-x`/`|x|` and has OP_SEL_HI clear by default.
    pub const MIX: Flags = Flags(1 << 30);
    /// DS: llvm-mc 14 writes no operand (CLRX writes VADDR): DS_GWS_SEMA_V and kin.
    pub const LLVM_NO_ADDR: Flags = Flags(1 << 20);
    /// MIMG address parts beyond the coordinates (what the VADDR count each disassembler
    /// prints follows from): an offset, a bias, a depth compare value, user derivatives
    /// (two VGPRs in CLRX's count), an LOD clamp, an LOD or mip level.
    pub const MIMG_O: Flags = Flags(1 << 31);
    pub const MIMG_B: Flags = Flags(1 << 32);
    pub const MIMG_C: Flags = Flags(1 << 33);
    pub const MIMG_D: Flags = Flags(1 << 34);
    pub const MIMG_CL: Flags = Flags(1 << 35);
    pub const MIMG_L: Flags = Flags(1 << 36);
    /// MIMG gather: four data VGPRs whatever DMASK says.
    pub const GATHER: Flags = Flags(1 << 37);
    /// Only on GCN 1.4.1 (gfx906): the dot products, `v_fma_mix*`, `v_fmac_f32`, `v_xnor_b32`.
    pub const GFX906: Flags = Flags(1 << 39);
    /// Not on GCN 1.4.1 (gfx906 calls these opcodes otherwise): `v_mad_mix*`.
    pub const NOT_GFX906: Flags = Flags(1 << 40);
    /// MIMG: llvm-mc 14 has no d16 form (GET_RESINFO, GET_LOD, atomics, the `_pck` loads and
    /// stores).
    pub const NO_D16: Flags = Flags(1 << 38);

    /// DS: the two offsets count 64 elements each (the `*2st64*` forms).
    pub const ST64: Flags = Flags(1 << 41);
    /// The operation reads its destination's old value (V_MAC_*, V_FMAC_F32,
    /// V_CVT_PKACCUM_U8_F32, V_WRITELANE_B32; S_CMOV*, S_CMOVK_I32, S_BITSET*): the
    /// emulator's fast path reads it only for these (SOPK arithmetic reads it as SSRC0).
    pub const READS_DST: Flags = Flags(1 << 42);
    /// The emulator's result approximates hardware the manuals do not specify to the bit (the
    /// transcendentals: correctly rounded here, "1 ULP" on the GPU): a run's fidelity report
    /// counts these.
    pub const APPROX: Flags = Flags(1 << 43);
    /// Returns from a trap, reading TRAPSTS (S_RFE_B64: the manuals' wait after an
    /// `s_setreg` of TRAPSTS).
    pub const READS_TRAPSTS: Flags = Flags(1 << 44);
    /// Sets MODE.VSKIP (S_SETVSKIP), as an `s_setreg` of that bit does.
    pub const SETS_VSKIP: Flags = Flags(1 << 45);
    /// Gives SIMM16 + 1 wait states to the instructions after it (S_NOP).
    pub const WAIT_STATES: Flags = Flags(1 << 46);
    /// Issues at a quarter of the full vector rate (16 cycles a wave on a SIMD16): the
    /// transcendentals and the 32-bit integer multiplies (AMD's OpenCL programming guide,
    /// GCN throughput table). f64 rows go at the GPU's f64 rate instead.
    pub const QUARTER_RATE: Flags = Flags(1 << 47);

    #[inline]
    pub const fn has(self, f: Flags) -> bool {
        self.0 & f.0 != 0
    }
}

/// The assembler dialects a name belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Dialects(pub u8);

impl Dialects {
    pub const CLRX: Dialects = Dialects(1);
    pub const LLVM: Dialects = Dialects(2);
    pub const BOTH: Dialects = Dialects(3);

    #[inline]
    pub fn has_any(self, o: Dialects) -> bool {
        self.0 & o.0 != 0
    }
}

/// Another name of a row: which dialect's assembler takes it, on which archs (checked against
/// clrxasm and llvm-mc: `tests/names.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Alias {
    pub name: &'static str,
    pub dialects: Dialects,
    pub archs: ArchSet,
    /// Only for the VOP3 encoding, with the 32-bit form's operands (SRC1 a VGPR): llvm-mc 14's
    /// `v_add_co_u32` on GCN 1.0/1.1.
    pub vop3_only: bool,
}

/// Emulator semantics of a vector-ALU row: computes the results of all 64 lanes from the
/// operands gathered in [`crate::emu::Lanes`] (the executor reads operands, applies modifiers,
/// MODE and EXEC, and writes results).
pub type Semantics = fn(&mut crate::emu::lanes::Lanes);

/// Emulator semantics of a scalar-ALU row (SOP1, SOP2, SOPK, SOPC): computes SDST, SCC and
/// EXEC from the operands gathered in [`crate::emu::Salu`].
pub type ScalarSemantics = fn(&mut crate::emu::salu::Salu);

/// What the emulator does for a row: one of these per row, by its class.
#[derive(Clone, Copy, Debug)]
pub enum Sem {
    /// Vector ALU (VOP1, VOP2, VOPC, VOP3, VOP3P): all 64 lanes at once.
    Vector(Semantics),
    /// Scalar ALU: one value.
    Scalar(ScalarSemantics),
    /// Program control and machine-state instructions the wave loop carries out itself.
    Flow(Flow),
    /// Memory (SMRD/SMEM, DS, MUBUF/MTBUF, FLAT/GLOBAL/SCRATCH): what is moved and how; the
    /// executor computes the addresses from the class's fields.
    Mem(MemSem),
}

/// Program control and machine state: what the wave loop does for a SOPP row and the few
/// scalar rows that touch the PC, hardware registers or M0-relative registers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Nothing in a functional model (S_NOP, S_WAITCNT, S_SLEEP, S_SETPRIO, S_ICACHE_INV,
    /// the performance-level hints, S_TTRACEDATA).
    Nop,
    /// S_ENDPGM: the wave ends.
    End,
    /// S_BARRIER: the wave waits for the other waves of its work-group.
    Barrier,
    /// A branch (SIMM16 dwords from the next instruction) taken when its condition holds.
    Branch(Cond),
    /// S_GETPC_B64: SDST = address of the next instruction.
    GetPc,
    /// S_SETPC_B64: PC = SSRC0.
    SetPc,
    /// S_SWAPPC_B64: SDST = address of the next instruction, PC = SSRC0.
    SwapPc,
    /// S_CALL_B64: SDST = address of the next instruction, then a branch.
    Call,
    /// S_GETREG_B32: SDST = a field of a hardware register (MODE, ...).
    GetReg,
    /// S_SETREG_B32: a field of a hardware register = SDST's value.
    SetReg,
    /// S_SETREG_IMM32_B32: a field of a hardware register = the extra dword.
    SetRegImm,
    /// S_MOVRELS_B32/B64: SDST = SGPR\[SSRC0 + M0\].
    MovRelS,
    /// S_MOVRELD_B32/B64: SGPR\[SDST + M0\] = SSRC0.
    MovRelD,
    /// S_SET_GPR_IDX_ON/_OFF/_MODE/_IDX (GCN 1.2+): GPR indexing mode, MODE.GPR_IDX_EN and
    /// the index (M0\[7:0\]) and operand mask (M0\[15:12\]) the vector ALU adds to its VGPRs.
    GprIdx,
    /// S_TRAP: an error (there is no trap handler).
    Trap,
    /// A global wave sync (GWS) instruction (DS with GDS): the grid's scheduler carries it
    /// out, only for a grid that is resident as a whole (a cooperative launch).
    Gws(Gws),
}

/// The global wave sync operations the kernel machine models (the GWS semaphores,
/// DS_GWS_SEMA_*, have no semantics yet), each on one of 64 GWS resources (M0\[21:16\] plus
/// OFFSET0).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Gws {
    /// DS_GWS_INIT: the resource starts afresh as a barrier.
    Init,
    /// DS_GWS_BARRIER: the wave waits until the first active lane's value plus one waves have
    /// arrived at the resource.
    Barrier,
}

/// The condition of a branch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cond {
    Always,
    Scc0,
    Scc1,
    Vccz,
    Vccnz,
    Execz,
    Execnz,
}

/// What a memory row moves. Widths not named here come from the row's types (`dst` for a
/// load's data, `src[0]` for a store's or an atomic's data; SMRD/SMEM rows keep SDATA's width
/// in `dst` for loads, stores and atomics alike).
///
/// DS rows with [`Flags::OFFSET2`] (READ2/WRITE2 and their ST64 forms, WRXCHG2) make two
/// accesses, at OFFSET0 and OFFSET1: each of the data type (DATA0, then DATA1) for writes, of
/// half of `dst` for reads and exchanges (VDST holds the first then the second element).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MemSem {
    /// Reads elements of `bytes` (1, 2 or 4) into whole dwords, sign-extended when `sext`
    /// (else zero-extended); 4-byte elements fill the row's data width.
    Load { bytes: u8, sext: bool },
    /// Writes the low `bytes` (1, 2 or 4) of each data dword; 4: the row's data width.
    Store { bytes: u8 },
    /// GCN 1.4's D16 loads: `bytes` (1 or 2) into one 16-bit half of the VGPR (`hi`: the high
    /// half), the other half kept; a byte is zero- or (`sext`) sign-extended to 16 bits.
    LoadD16 { bytes: u8, sext: bool, hi: bool },
    /// GCN 1.4's D16_HI stores: the high 16 bits of the data dword (`bytes` 1 or 2 of them:
    /// bits 16-23 or 16-31).
    StoreD16Hi { bytes: u8 },
    /// A read-modify-write on 32-bit (data type B32) or 64-bit (B64) values; `rtn`: the old
    /// value returns to VDST (DS's `_rtn_` rows; MUBUF/FLAT/SMEM return it when GLC is set).
    /// The compare-and-swap rows of MUBUF, FLAT/GLOBAL and SMEM pack two values in one data
    /// operand (B64 for 32-bit memory values, B128 for 64-bit ones); DS's CMPST and MSKOR
    /// (and WRAP) take theirs from DATA0 and DATA1, each of the data type. Operand order:
    /// [`AtomicOp::CmpSwap`], [`AtomicOp::Mskor`], [`AtomicOp::Wrap`].
    Atomic { op: AtomicOp, rtn: bool },
    /// A typed buffer access through a data/number format (MUBUF `*_format_*`, MTBUF):
    /// `store` or load, `comps` components; `d16`: the `_d16_` rows (16-bit components, one
    /// per VGPR on GCN 1.2, two per VGPR on GCN 1.4: [`Flags::D16_PACKED`] on the rows of 2+
    /// components).
    Format { store: bool, comps: u8, d16: bool },
    /// Nothing to move in a functional model (cache invalidations and write-backs,
    /// S_ATC_PROBE, S_DCACHE_DISCARD, DS_NOP).
    Nop,
    /// S_MEMTIME: the 64-bit shader-clock counter to SDST.
    Time,
    /// S_MEMREALTIME: the 64-bit counter of the constant reference clock (100 MHz) to SDST.
    RealTime,
    /// DS_SWIZZLE_B32: lanes exchange the values of the ADDR VGPR (the operand after VDST,
    /// `ds_swizzle_b32 VDST, ADDR offset:...`) by the offset's pattern; no memory access, no
    /// DATA0. LLVM's `llvm.amdgcn.ds.swizzle(src, pattern)` puts `src` there
    /// (llvm/test/CodeGen/AMDGPU/llvm.amdgcn.ds.swizzle.ll) and CLRX's GcnInstrsDs page reads
    /// it from ADDR.
    Swizzle,
    /// DS_PERMUTE_B32 (`back` false: lane `addr/4` receives this lane's DATA0) and
    /// DS_BPERMUTE_B32 (`back` true: this lane reads lane `addr/4`'s DATA0); `addr` is the
    /// ADDR VGPR plus the offset; no memory access.
    Permute { back: bool },
    /// An image access (MIMG) through a T# (and an S# to sample); the row's MIMG_* flags say
    /// which address parts come before and after the coordinates.
    Image(ImageOp),
}

/// What an image row does ([`MemSem::Image`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ImageOp {
    /// IMAGE_LOAD(_MIP): integer coordinates, one texel.
    Load,
    /// IMAGE_STORE(_MIP).
    Store,
    /// IMAGE_SAMPLE*: float coordinates through the sampler's addressing and filter.
    Sample,
    /// IMAGE_GATHER4*: one component of the four texels a bilinear filter would read.
    Gather,
}

/// The operation of an atomic: `new = f(old, data)`; the compare-and-swap, MSKOR and WRAP
/// forms also take a second value (`cmp` in [`crate::emu::ops::atomic::atomic32`]).
///
/// Operand order (AMD's instruction descriptions as carried in gem5's Vega model,
/// src/arch/amdgpu/vega/insts/{ds,mubuf}.cc, and CLRX's GcnInstrsDs/Mubuf/Flat/Smem pages):
/// MUBUF, FLAT/GLOBAL and SMEM compare-swaps pack `{src, cmp}` in the data operand (the low
/// half is the value written, the high half the compare value); DS's CMPST takes them the
/// other way round: DATA0 = cmp, DATA1 = src (AMD: "the order of src and cmp are the
/// *opposite* of the BUFFER_ATOMIC_CMPSWAP opcode").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AtomicOp {
    Swap,
    /// `old == cmp ? src : old` (MUBUF/FLAT/SMEM: data = {src, cmp}; DS: DATA0 = cmp, DATA1 =
    /// src).
    CmpSwap,
    /// CmpSwap comparing as floats (DS_CMPST_F32/F64, the FCMPSWAP rows of GCN 1.0/1.1): IEEE
    /// equality (`-0 == +0`, a NaN equals nothing, denormals compared as they are).
    CmpSwapF,
    Add,
    Sub,
    /// `data - old`.
    Rsub,
    SMin,
    UMin,
    SMax,
    UMax,
    And,
    Or,
    Xor,
    /// `old >= data ? 0 : old + 1`.
    Inc,
    /// `old == 0 || old > data ? data : old - 1`.
    Dec,
    /// `(old & !DATA0) | DATA1` (DS_MSKOR: DATA0 is the mask, DATA1 the bits to set).
    Mskor,
    /// `old >= DATA0 ? old - DATA0 : old + DATA1` (DS_WRAP_RTN_B32, unsigned compare).
    Wrap,
    /// `old + data`, f32 (f64 for 64-bit data), rounded to nearest even, denormals kept.
    FAdd,
    /// IEEE minNum of `old` and `data` (a NaN operand gives the other), as V_MIN_F32; AMD: a
    /// "floating point minimum that handles NaN/INF/denormal values".
    FMin,
    /// IEEE maxNum, as [`AtomicOp::FMin`].
    FMax,
}

/// What a VOP1 row needs from the executor beyond "read SRC0, compute, write VDST under EXEC"
/// (the semantics functions only compute; these are register moves and denormal rules).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Exec {
    #[default]
    Plain,
    /// V_MOVRELD_B32: `VGPR[VDST + M0] = SRC0`.
    MovRelD,
    /// V_MOVRELS_B32: `VDST = VGPR[SRC0 + M0]` (SRC0 a VGPR).
    MovRelS,
    /// V_MOVRELSD_B32: `VGPR[VDST + M0] = VGPR[SRC0 + M0]`.
    MovRelSD,
    /// V_SWAP_B32 (GCN 1.4): VDST gets SRC0 and the SRC0 VGPR gets the old VDST, under EXEC.
    Swap,
    /// V_WRITELANE_REGWR_B32 (GCN 1.4, undocumented): lane 0 of VDST gets SRC0, whatever EXEC
    /// says; the other lanes keep their values (measured on an MI210, a GCN 1.4 part, with
    /// SGPR sources).
    LaneZero,
    /// V_MOV_PRSV_B32 (GCN 1.4, undocumented): VDST is left as it was (measured on an MI210).
    Preserve,
    /// V_CVT_F32_F16: f16 denormal inputs are always kept on GCN 1.0/1.1 (CLRX's page:
    /// "In GCN 1.0/1.1, denormals are enabled") and GCN 1.4 (AMD's Vega ISA: "FP16 denormal
    /// inputs are always accepted"); GCN 1.2 follows MODE (CLRX's page).
    CvtF32F16,
    /// V_CVT_F16_F32: f16 denormal results are always kept on GCN 1.0/1.1 (CLRX's page); GCN
    /// 1.2+ follow MODE.
    CvtF16F32,
    /// V_DIV_FMAS: its sources are read as they are, denormals kept whatever MODE says; its
    /// result follows MODE. Clang's correctly rounded f32 division computes the parts with
    /// denormals on and switches them off (`s_setreg`) just before V_DIV_FMAS; a quotient
    /// below 2^-190 then has a denormal scaled estimate as SRC2, and flushing it would leave
    /// only the remainder's term, whose sign is not the quotient's. Inferred: the exact IEEE
    /// quotient flushed to zero keeps the quotient's sign (tests: run_kernels fdiv_underflow).
    RawSources,
    /// V_MAD_MIXLO_F16/V_FMA_MIXLO_F16: the 16-bit result goes to the low half of VDST, the
    /// high half is kept.
    LowHalf,
    /// V_MAD_MIXHI_F16/V_FMA_MIXHI_F16: the 16-bit result goes to the high half of VDST, the
    /// low half is kept.
    HighHalf,
}

/// One instruction.
#[derive(Clone, Debug)]
pub struct InstrDef {
    /// CLRX mnemonic per arch (lowercase; "" where the instruction does not exist).
    pub name: [&'static str; 4],
    /// LLVM mnemonic per arch, without `_e32`/`_e64` ("": LLVM 14 lacks it there).
    pub llvm: [&'static str; 4],
    /// Opcode of the 32-bit form per arch ([`X`]: none).
    pub e32: [u16; 4],
    /// Opcode of the VOP3 form per arch ([`X`]: none).
    pub e64: [u16; 4],
    /// Which 32-bit encoding `e32` opcodes belong to.
    pub short: Short,
    pub form: Form,
    pub dst: Ty,
    pub src: [Ty; 3],
    pub flags: Flags,
    /// Other names the assemblers accept; a row's own name on an arch always wins over another
    /// row's alias.
    pub aliases: Vec<Alias>,
    /// Emulator semantics.
    pub sem: Option<Sem>,
    /// What the executor does beyond reading sources and writing VDST (register moves,
    /// denormal rules).
    pub exec: Exec,
    /// The operation in CLRX's wiki pages' notation, for `explain`.
    pub op: Option<&'static str>,
}

impl InstrDef {
    /// The class of this vector-ALU row's word on `arch`: its 32-bit class, or, when
    /// `vop3`, VOP3A or VOP3B by its form.
    pub fn vector_enc(&self, arch: Arch, vop3: bool) -> crate::enc::Enc {
        use crate::enc::Enc;
        if !vop3 {
            self.short.enc(arch)
        } else if self.form.is_vop3b() {
            Enc::Vop3b
        } else {
            Enc::Vop3a
        }
    }

    #[inline]
    pub fn exists_on(&self, a: Arch) -> bool {
        let variant = match a {
            Arch::Gcn141 => !self.flags.has(Flags::NOT_GFX906),
            _ => !self.flags.has(Flags::GFX906),
        };
        variant && (self.e32[a.index()] != X || self.e64[a.index()] != X)
    }

    /// The value type of source operand `i` (0..3).
    #[inline]
    pub fn src_ty(&self, i: usize) -> Ty {
        self.src[i]
    }

    /// Is this a float-result instruction (CLAMP/OMOD act on it)?
    #[inline]
    pub fn float_result(&self) -> bool {
        self.dst.is_float()
    }
}

/// Index of a row in [`Isa::defs`].
pub type DefId = u16;
const NONE: DefId = u16::MAX;

/// The table plus its opcode indices (array lookups, built once).
pub struct Isa {
    pub defs: Vec<InstrDef>,
    /// Row of each opcode, by class and arch ([`Arch::slot`]; VOP3A and VOP3B share the VOP3
    /// index).
    ops: Vec<[Vec<DefId>; 5]>,
    /// What the decoder needs of each row ([`Isa::decode_info`]), one byte per row so that
    /// decoding never loads a whole row.
    dinfo: Vec<u8>,
    /// The [`DecodeInfo`] bits of any row, by class and arch: where a bit is clear the decoder
    /// need not look the row up to ask it.
    class_info: Vec<[u8; 5]>,
    /// The name indexes, built on first use: the disassembler looks no name up, and what is
    /// built with the table every process pays for at its start.
    names: OnceLock<Names>,
}

/// The name indexes of [`Isa`].
struct Names {
    /// The rows of each CLRX or LLVM name with, per arch (bit [`Arch::slot`]), whether the
    /// name is the row's CLRX name there and whether it is its LLVM name there (the row
    /// existing there): the assembler's lookup tests bits, not strings nor rows.
    named_on: HashMap<&'static str, NamedRows>,
    by_alias: HashMap<&'static str, Vec<DefId>>,
    /// [`Isa::by_name`]'s rows, from `named_on` on first use (only tests ask).
    by_name: OnceLock<HashMap<&'static str, Vec<DefId>>>,
}

impl Names {
    fn build(defs: &[InstrDef]) -> Names {
        // Room for every name (about 1300), so that the map never grows.
        let mut named_on: HashMap<&'static str, NamedRows> =
            HashMap::with_capacity_and_hasher(2048, Default::default());
        let mut by_alias: HashMap<&'static str, Vec<DefId>> = HashMap::default();
        for (i, d) in defs.iter().enumerate() {
            let id = i as DefId;
            let on = Arch::EVERY
                .into_iter()
                .filter(|&a| d.exists_on(a))
                .fold(0u8, |m, a| m | 1 << a.slot());
            // The row's distinct names, each with the archs where it is the CLRX and the LLVM
            // name: one map entry per name and row, not per name, arch and dialect.
            let mut own = [("", 0u8, 0u8); 10];
            let mut n = 0;
            let first = d.name[0];
            if d.name.iter().chain(&d.llvm).all(|&x| std::ptr::eq(x, first)) {
                // Most rows: one name everywhere, in both dialects.
                if !first.is_empty() && on != 0 {
                    own[0] = (first, on, on);
                    n = 1;
                }
            } else {
                for a in Arch::EVERY.into_iter().filter(|&a| on & 1 << a.slot() != 0) {
                    let bit = 1u8 << a.slot();
                    for (name, llvm) in [(d.name[a.index()], false), (d.llvm[a.index()], true)] {
                        if name.is_empty() {
                            continue;
                        }
                        let k = match own[..n].iter().position(|o| o.0 == name) {
                            Some(k) => k,
                            None => {
                                own[n].0 = name;
                                n += 1;
                                n - 1
                            }
                        };
                        if llvm {
                            own[k].2 |= bit;
                        } else {
                            own[k].1 |= bit;
                        }
                    }
                }
            }
            for &(name, clrx, llvm) in &own[..n] {
                named_on.entry(name).or_default().push((id, clrx, llvm));
            }
            if on != 0 {
                for al in &d.aliases {
                    let v = by_alias.entry(al.name).or_default();
                    // Rows come in id order: a repeated alias of this row is the last one.
                    if v.last() != Some(&id) {
                        v.push(id);
                    }
                }
            }
        }
        Names {
            named_on,
            by_alias,
            by_name: OnceLock::new(),
        }
    }
}

/// The rows of one name in [`Isa`]'s name index, held in the index's entry itself (one
/// memory access per lookup): (row, CLRX arch bits, LLVM arch bits). A name of more rows than
/// fit keeps them in `more`.
#[derive(Clone, Debug, Default)]
struct NamedRows {
    rows: [(DefId, u8, u8); 3],
    len: u8,
    more: Vec<(DefId, u8, u8)>,
}

impl NamedRows {
    /// Adds a row (in id order); the fourth moves them all to `more`.
    fn push(&mut self, row: (DefId, u8, u8)) {
        if !self.more.is_empty() {
            self.more.push(row);
        } else if (self.len as usize) < self.rows.len() {
            self.rows[self.len as usize] = row;
            self.len += 1;
        } else {
            self.more = self.rows.to_vec();
            self.more.push(row);
        }
    }

    fn as_slice(&self) -> &[(DefId, u8, u8)] {
        if self.more.is_empty() {
            &self.rows[..self.len as usize]
        } else {
            &self.more
        }
    }
}

/// The facts of a row that the decoder needs (how long the instruction is, which class its
/// VOP3 word is) and the label pass (whether it branches), as bits of one byte.
pub struct DecodeInfo;

impl DecodeInfo {
    /// The VOP3 form is VOP3B (SDST field).
    pub const VOP3B: u8 = 1;
    /// A literal dword always follows (V_MADMK/V_MADAK's constant, S_SETREG_IMM32_B32's).
    pub const LITERAL: u8 = 2;
    /// An SMRD form without an offset operand (no GCN 1.1 literal offset).
    pub const NO_OFFSET: u8 = 4;
    /// A branch (SIMM16 is a target).
    pub const LABEL: u8 = 8;
    /// Set on every row (an opcode the table knows).
    pub const KNOWN: u8 = 16;

    fn of(d: &InstrDef) -> u8 {
        let mut b = Self::KNOWN;
        if d.form.is_vop3b() {
            b |= Self::VOP3B;
        }
        if matches!(d.form, Form::Madmk | Form::Madak | Form::KSetRegImm) {
            b |= Self::LITERAL;
        }
        if matches!(d.form, Form::MTime | Form::MNone) {
            b |= Self::NO_OFFSET;
        }
        if d.form.has_label() {
            b |= Self::LABEL;
        }
        b
    }
}

/// The index a class's opcodes are kept under.
fn index_class(e: crate::enc::Enc) -> crate::enc::Enc {
    match e {
        crate::enc::Enc::Vop3b => crate::enc::Enc::Vop3a,
        e => e.base(),
    }
}

impl Isa {
    fn build() -> Isa {
        use crate::enc::{fields, Enc};
        // Room for every row (about 1300): rows are big, and growing would copy them all.
        let mut defs = Vec::with_capacity(1536);
        vop2::rows(&mut defs);
        vopc::rows(&mut defs);
        vop3::rows(&mut defs);
        vop1::rows(&mut defs);
        sop::rows(&mut defs);
        smem::rows(&mut defs);
        ds::rows(&mut defs);
        flat::rows(&mut defs);
        buf::rows(&mut defs);
        vop3p::rows(&mut defs);
        gfx::rows(&mut defs);
        mimg::rows(&mut defs);
        let mut ops: Vec<[Vec<DefId>; 5]> = (0..=Enc::Other as usize).map(|_| Default::default()).collect();
        for e in Enc::ALL.into_iter().filter(|e| index_class(*e) == *e) {
            for a in Arch::EVERY {
                if let Some(f) = fields(e, a) {
                    let bits = f.opcode_bits();
                    ops[e as usize][a.slot()] = vec![NONE; 1 << bits];
                }
            }
        }
        let dinfo: Vec<u8> = defs.iter().map(DecodeInfo::of).collect();
        let mut class_info = vec![[0u8; 5]; ops.len()];
        for (i, d) in defs.iter().enumerate() {
            let id = i as DefId;
            for a in Arch::EVERY {
                let ai = a.index();
                if !d.exists_on(a) {
                    continue;
                }
                for (op, enc) in [(d.e32[ai], d.short.enc(a)), (d.e64[ai], Enc::Vop3a)] {
                    if op == X {
                        continue;
                    }
                    let class = index_class(enc) as usize;
                    let slot = ops[class][a.slot()]
                        .get_mut(op as usize)
                        .unwrap_or_else(|| panic!("{} opcode {op} out of range on {a}", enc.name()));
                    assert!(
                        *slot == NONE,
                        "two rows share {} opcode {op} on {a}: {}",
                        enc.name(),
                        d.name[ai]
                    );
                    *slot = id;
                    class_info[class][a.slot()] |= dinfo[i];
                }
            }
        }
        Isa {
            defs,
            ops,
            dinfo,
            class_info,
            names: OnceLock::new(),
        }
    }

    /// The name indexes, built on first use.
    #[inline]
    fn names(&self) -> &Names {
        self.names.get_or_init(|| Names::build(&self.defs))
    }

    /// The [`DecodeInfo`] bits set in any row of class `enc` on `arch`.
    #[inline(always)]
    pub fn class_decode_info(&self, enc: crate::enc::Enc, arch: Arch) -> u8 {
        self.class_info[index_class(enc) as usize][arch.slot()]
    }

    /// The row of opcode `op` of class `enc` on `arch`.
    #[inline]
    pub fn by_opcode(&self, enc: crate::enc::Enc, arch: Arch, op: u32) -> Option<DefId> {
        let v = &self.ops[index_class(enc) as usize][arch.slot()];
        match v.get(op as usize) {
            Some(&id) if id != NONE => Some(id),
            _ => None,
        }
    }

    /// The decoder's facts of row `id` (see [`DecodeInfo`]).
    #[inline(always)]
    pub fn decode_info(&self, id: DefId) -> u8 {
        self.dinfo[id as usize]
    }

    #[inline]
    pub fn def(&self, id: DefId) -> &InstrDef {
        &self.defs[id as usize]
    }

    /// Row of VOP2 opcode `op` on `arch`.
    #[inline]
    pub fn vop2(&self, arch: Arch, op: u32) -> Option<DefId> {
        self.by_opcode(crate::enc::Enc::Vop2, arch, op)
    }

    /// Row of VOPC opcode `op` on `arch`.
    #[inline]
    pub fn vopc(&self, arch: Arch, op: u32) -> Option<DefId> {
        self.by_opcode(crate::enc::Enc::Vopc, arch, op)
    }

    /// Row of VOP3 opcode `op` on `arch`.
    #[inline]
    pub fn vop3(&self, arch: Arch, op: u32) -> Option<DefId> {
        self.by_opcode(crate::enc::Enc::Vop3a, arch, op)
    }

    /// Rows whose CLRX or LLVM mnemonic (without suffix) is `name` on some arch.
    pub fn by_name(&self, name: &str) -> &[DefId] {
        let names = self.names();
        let by_name = names.by_name.get_or_init(|| {
            names
                .named_on
                .iter()
                .map(|(&n, rows)| (n, rows.as_slice().iter().map(|r| r.0).collect()))
                .collect()
        });
        by_name.get(name).map(|v| v.as_slice()).unwrap_or(&[])
    }

    /// The row `name` means on `arch` in either dialect: its own CLRX or LLVM name there, else
    /// an alias.
    pub fn lookup(&self, arch: Arch, name: &str) -> Option<DefId> {
        self.lookup_in(arch, name, Dialects::BOTH).map(|(id, _)| id)
    }

    /// The row `name` means on `arch` for the assemblers of `dialects`, and whether the name
    /// is only for its VOP3 encoding. A row's own name on the arch wins over another row's
    /// alias.
    pub fn lookup_in(&self, arch: Arch, name: &str, dialects: Dialects) -> Option<(DefId, bool)> {
        let bit = 1u8 << arch.slot();
        let (clrx, llvm) = (dialects.has_any(Dialects::CLRX), dialects.has_any(Dialects::LLVM));
        let names = self.names();
        let own = names.named_on.get(name).and_then(|rows| {
            rows.as_slice()
                .iter()
                .find(|&&(_, c, l)| (clrx && c & bit != 0) || (llvm && l & bit != 0))
                .map(|r| r.0)
        });
        if let Some(id) = own {
            return Some((id, false));
        }
        names.by_alias.get(name)?.iter().copied().find_map(|id| {
            let d = self.def(id);
            let al = d
                .aliases
                .iter()
                .find(|al| al.name == name && al.archs.has(arch) && al.dialects.has_any(dialects))?;
            d.exists_on(arch).then_some((id, al.vop3_only))
        })
    }

    /// The known mnemonic on `arch` nearest to an unknown `name` (a typo's likely meaning), if
    /// one is within a couple of edits.
    pub fn closest_name(&self, arch: Arch, name: &str) -> Option<&'static str> {
        let limit = (name.len() / 6).clamp(1, 3);
        let names = self.names();
        names
            .named_on
            .keys()
            .chain(names.by_alias.keys())
            .copied()
            .filter(|k| self.lookup(arch, k).is_some())
            .map(|k| (strsim::damerau_levenshtein(name, k), k))
            .filter(|&(d, _)| d <= limit)
            .min()
            .map(|(_, k)| k)
    }

    /// Archs on which `name` means some row (for "exists on ..." help).
    pub fn archs_with(&self, name: &str) -> Vec<Arch> {
        self.archs_with_in(name, Dialects::BOTH)
    }

    /// Archs on which `name` means some row for the assemblers of `dialects`.
    pub fn archs_with_in(&self, name: &str, dialects: Dialects) -> Vec<Arch> {
        Arch::EVERY
            .into_iter()
            .filter(|&a| self.lookup_in(a, name, dialects).is_some())
            .collect()
    }
}

/// The one ISA table, built on first use.
pub fn isa() -> &'static Isa {
    static ISA: LazyLock<Isa> = LazyLock::new(Isa::build);
    &ISA
}

/// The operand form CLRX gives an unused opcode of a scalar class (`SOP2_ill_12 s21, s4, s61`,
/// `SMRD_ill_5 s50, s[58:59], 0x5b`): 32-bit operands in the class's most common layout.
/// Not rows of the table: no name, no opcode.
pub fn generic_row(enc: crate::enc::Enc) -> Option<&'static InstrDef> {
    use crate::enc::Enc;
    static ROWS: LazyLock<Vec<InstrDef>> = LazyLock::new(|| {
        [
            (Short::Sop2, Form::S2),
            (Short::Sopk, Form::K),
            (Short::Sop1, Form::S1),
            (Short::Sopc, Form::C),
            (Short::Sopp, Form::PImm),
            (Short::Smem, Form::MLoad),
            (Short::Ds, Form::DsAddr),
            (Short::Flat, Form::FlatAtomic),
            (Short::Mubuf, Form::BufLoad),
            (Short::Mtbuf, Form::BufLoad),
            (Short::Mimg, Form::MimgLoad),
        ]
        .into_iter()
        .map(|(short, form)| Row::scalar("", short, [X; 4], form, Ty::B32, Ty::B32, Ty::B32).done())
        .collect()
    });
    let k = match enc {
        Enc::Sop2 => 0,
        Enc::Sopk => 1,
        Enc::Sop1 => 2,
        Enc::Sopc => 3,
        Enc::Sopp => 4,
        Enc::Smrd | Enc::Smem => 5,
        Enc::Ds => 6,
        Enc::Flat => 7,
        Enc::Mubuf => 8,
        Enc::Mtbuf => 9,
        Enc::Mimg => 10,
        _ => return None,
    };
    Some(&ROWS[k])
}

/// Storage for the generated rows' names and operation texts, which live as long as the table:
/// written one after the other into leaked chunks (one allocation for many strings, no `fmt`;
/// the table is built at every process start).
struct Strings(&'static mut [u8]);

impl Strings {
    /// Bytes per chunk (a chunk holds some forty operation texts).
    const CHUNK: usize = 4096;

    fn new() -> Strings {
        Strings(&mut [])
    }

    /// Room for `len` bytes: the front of the current chunk, or of a new one.
    fn take(&mut self, len: usize) -> &'static mut [u8] {
        if self.0.len() < len {
            self.0 = Box::leak(vec![0; len.max(Self::CHUNK)].into_boxed_slice());
        }
        let (head, tail) = std::mem::take(&mut self.0).split_at_mut(len);
        self.0 = tail;
        head
    }

    /// `parts` joined.
    fn join(&mut self, parts: &[&str]) -> &'static str {
        let out = self.take(parts.iter().map(|p| p.len()).sum());
        let mut at = 0;
        for p in parts {
            out[at..at + p.len()].copy_from_slice(p.as_bytes());
            at += p.len();
        }
        // SAFETY: whole `str`s one after the other (this runs at every start: no re-check).
        unsafe { std::str::from_utf8_unchecked(out) }
    }

    /// `text` with each `@` replaced by `with`, then `tail`.
    fn fill(&mut self, text: &str, with: &str, tail: &str) -> &'static str {
        let holes = text.bytes().filter(|&b| b == b'@').count();
        let out = self.take(text.len() - holes + holes * with.len() + tail.len());
        let mut at = 0;
        for (k, part) in text.as_bytes().split(|&b| b == b'@').enumerate() {
            if k > 0 {
                out[at..at + with.len()].copy_from_slice(with.as_bytes());
                at += with.len();
            }
            out[at..at + part.len()].copy_from_slice(part);
            at += part.len();
        }
        out[at..].copy_from_slice(tail.as_bytes());
        // SAFETY: the pieces of a `str` split at an ASCII byte, `with` and `tail`: whole `str`s
        // one after the other.
        unsafe { std::str::from_utf8_unchecked(out) }
    }
}

/// A memory row's atomic whose old value returns only with GLC (MUBUF, FLAT/GLOBAL, SMEM) or
/// never (DS's rows without `_rtn_`): `MemSem::Atomic { op, rtn: false }`.
const fn atomic(op: AtomicOp) -> MemSem {
    MemSem::Atomic { op, rtn: false }
}

/// A DS `_rtn_` atomic (the old value always returns to VDST): `MemSem::Atomic { op, rtn: true }`.
const fn atomic_rtn(op: AtomicOp) -> MemSem {
    MemSem::Atomic { op, rtn: true }
}

/// Row builder used by the table files: the defaults fit the common case, so a row states
/// only what is particular to it. The files collect their rows with `vec!`, which builds them
/// in place on the heap (a local array would be copied whole on its way into the table, at
/// every process start).
pub(crate) struct Row(InstrDef);

impl Row {
    fn new(name: &'static str, short: Short, form: Form, ty: Ty) -> Row {
        Row(InstrDef {
            name: [name; 4],
            llvm: [name; 4],
            e32: [X; 4],
            e64: [X; 4],
            short,
            form,
            dst: ty,
            src: [ty; 3],
            flags: Flags::default(),
            aliases: Vec::new(),
            sem: None,
            exec: Exec::Plain,
            op: None,
        })
    }

    /// A VOP2 instruction; its VOP3 opcode is 256 + the VOP2 opcode on every arch.
    pub fn vop2(name: &'static str, op: [u16; 4], form: Form, ty: Ty) -> Row {
        let mut r = Row::new(name, Short::Vop2, form, ty);
        r.0.e32 = op;
        r.0.e64 = op.map(|o| if o == X { X } else { o + 256 });
        r
    }

    /// A VOPC instruction; VOP3 opcode = VOPC opcode.
    pub fn vopc(name: &'static str, op: [u16; 4], ty: Ty) -> Row {
        let mut r = Row::new(name, Short::Vopc, Form::Cmp, ty);
        r.0.e32 = op;
        r.0.e64 = op;
        r.0.dst = Ty::B64;
        r
    }

    /// An instruction that has only the VOP3 encoding.
    pub fn vop3(name: &'static str, op: [u16; 4], form: Form, ty: Ty) -> Row {
        let mut r = Row::new(name, Short::Vop2, form, ty);
        r.0.e64 = op;
        r
    }

    /// A VOP1 instruction; its VOP3 opcode is 384 + the VOP1 opcode on GCN 1.0/1.1 and
    /// 320 + it on GCN 1.2+.
    pub fn vop1(name: &'static str, op: [u16; 4], form: Form, dst: Ty, src: Ty) -> Row {
        let mut r = Row::new(name, Short::Vop1, form, dst);
        r.0.src = [src, src, src];
        r.0.e32 = op;
        for (k, o) in op.iter().enumerate() {
            if *o != X {
                r.0.e64[k] = o + if k < 2 { 384 } else { 320 };
            }
        }
        r
    }

    /// A scalar ALU or scalar memory instruction of class `short`: destination type `dst`
    /// (the SDST/SDATA width), source types `s0`, `s1`.
    pub fn scalar(name: &'static str, short: Short, op: [u16; 4], form: Form, dst: Ty, s0: Ty, s1: Ty) -> Row {
        let mut r = Row::new(name, short, form, dst);
        r.0.src = [s0, s1, s1];
        r.0.e32 = op;
        r
    }

    /// A vector memory instruction of class `short`: VDST/VDATA type `dst`, data type `data`
    /// (DS's DATA0/DATA1).
    pub fn mem(name: &'static str, short: Short, op: [u16; 4], form: Form, dst: Ty, data: Ty) -> Row {
        let mut r = Row::new(name, short, form, dst);
        r.0.src = [data, data, data];
        r.0.e32 = op;
        r
    }

    /// A GCN 1.4 VOP3P instruction (opcode `op`): `form` Bin or Ter, destination and source
    /// types (a 16-bit type: two packed halves).
    pub fn vop3p(name: &'static str, op: u16, form: Form, dst: Ty, src: Ty) -> Row {
        let mut r = Row::new(name, Short::Vop3p, form, dst);
        r.0.src = [src; 3];
        r.0.e32 = [X, X, X, op];
        r
    }

    /// LLVM 14 knows this instruction on no arch.
    pub fn no_llvm(mut self) -> Row {
        self.0.llvm = [""; 4];
        self
    }

    /// VOP3-only opcode on the archs in `on` (a VOP2 op that lost its 32-bit form).
    pub fn e64_on(mut self, on: ArchSet, op: u16) -> Row {
        for a in on.iter() {
            self.0.e64[a.index()] = op;
        }
        self
    }

    /// CLRX and LLVM name on some archs.
    pub fn name_on(mut self, on: ArchSet, name: &'static str) -> Row {
        for a in on.iter() {
            self.0.name[a.index()] = name;
            self.0.llvm[a.index()] = name;
        }
        self
    }

    /// clrxasm does not know this instruction on these archs (its CLRX name is ""): only
    /// LLVM's syntax names it there, and the CLRX printer writes CLRX's `CLASS_ill_N`.
    pub fn no_clrx_on(mut self, on: ArchSet) -> Row {
        for a in on.iter() {
            self.0.name[a.index()] = "";
        }
        self
    }

    /// LLVM 14 does not know this instruction on these archs (its LLVM name is "").
    pub fn no_llvm_on(mut self, on: ArchSet) -> Row {
        for a in on.iter() {
            self.0.llvm[a.index()] = "";
        }
        self
    }

    /// LLVM's name where it differs from CLRX's, on some archs.
    pub fn llvm_on(mut self, on: ArchSet, name: &'static str) -> Row {
        for a in on.iter() {
            self.0.llvm[a.index()] = name;
        }
        self
    }

    /// LLVM's name where it differs from CLRX's, on every arch.
    pub fn llvm(mut self, name: &'static str) -> Row {
        self.0.llvm = [name; 4];
        self
    }

    /// Operand types `dst, src0, src1, src2`.
    pub fn tys(mut self, dst: Ty, s0: Ty, s1: Ty, s2: Ty) -> Row {
        self.0.dst = dst;
        self.0.src = [s0, s1, s2];
        self
    }

    /// Another name the assemblers of `dialects` take on the archs `on`.
    pub fn alias(mut self, dialects: Dialects, on: ArchSet, name: &'static str) -> Row {
        self.0.aliases.push(Alias {
            name,
            dialects,
            archs: on,
            vop3_only: false,
        });
        self
    }

    /// A name llvm-mc 14 takes for the VOP3 encoding only, on the archs `on`.
    pub fn llvm_vop3_alias(mut self, on: ArchSet, name: &'static str) -> Row {
        self.0.aliases.push(Alias {
            name,
            dialects: Dialects::LLVM,
            archs: on,
            vop3_only: true,
        });
        self
    }

    /// The operation, in CLRX's wiki pages' notation.
    pub fn op(mut self, text: &'static str) -> Row {
        self.0.op = Some(text);
        self
    }

    /// The emulator's semantics (vector ALU).
    pub fn sem(mut self, f: Semantics) -> Row {
        self.0.sem = Some(Sem::Vector(f));
        self
    }

    /// The emulator's semantics (scalar ALU).
    pub fn salu(mut self, f: ScalarSemantics) -> Row {
        self.0.sem = Some(Sem::Scalar(f));
        self
    }

    /// What the wave loop does for this row.
    pub fn flow(mut self, f: Flow) -> Row {
        self.0.sem = Some(Sem::Flow(f));
        self
    }

    /// What this memory row moves.
    pub fn mem_sem(mut self, m: MemSem) -> Row {
        self.0.sem = Some(Sem::Mem(m));
        self
    }

    pub fn exec(mut self, e: Exec) -> Row {
        self.0.exec = e;
        self
    }

    pub fn flag(mut self, f: Flags) -> Row {
        self.0.flags.0 |= f.0;
        self
    }

    pub fn done(self) -> InstrDef {
        self.0
    }
}
