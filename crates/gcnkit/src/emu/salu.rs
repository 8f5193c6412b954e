//! The operands and results of one scalar-ALU instruction (SOP1, SOP2, SOPK, SOPC): the
//! executor gathers them, the row's [`crate::isa::ScalarSemantics`] computes, the executor
//! writes back. Like [`crate::emu::Lanes`] for the vector unit: semantics only compute.

use crate::arch::Arch;

/// One scalar instruction's values. 32-bit operands sit in the low half of the 64-bit
/// fields (the upper half is zero on input and ignored on output).
#[derive(Clone, Copy, Debug)]
pub struct Salu {
    pub arch: Arch,
    /// SSRC0 (SOP1, SOP2, SOPC). SOPK: the value of the register the SDST field names
    /// (S_ADDK_I32, S_MULK_I32 and S_CMPK_* read it).
    pub s0: u64,
    /// SSRC1 (SOP2, SOPC). SOPK: SIMM16, sign-extended to 64 bits on rows whose source type
    /// is I32 and zero-extended on U32 rows.
    pub s1: u64,
    /// In: SDST's old value (S_CMOV_*, S_BITSET*, S_ADDK_I32 keep or change it). Out: the
    /// value written to SDST (rows without SDST: ignored).
    pub d: u64,
    /// In: SCC. Out: SCC after the instruction (unchanged where the operation does not
    /// write it).
    pub scc: bool,
    /// In: EXEC. Out: EXEC after the instruction (the `*_saveexec_b64` and `*_wrexec_b64`
    /// rows change it).
    pub exec: u64,
}

impl Salu {
    pub fn new(arch: Arch) -> Salu {
        Salu {
            arch,
            s0: 0,
            s1: 0,
            d: 0,
            scc: false,
            exec: 0,
        }
    }
}
