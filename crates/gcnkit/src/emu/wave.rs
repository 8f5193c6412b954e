//! Wave state: 256 VGPRs × 64 lanes, the scalar operand space (SGPRs, VCC, EXEC, M0,
//! FLAT_SCRATCH, XNACK_MASK, TBA/TMA, TTMPs by their operand codes), SCC and MODE.

use crate::arch::Arch;

/// MODE after reset: round to nearest even, f32 denormals flushed (FP_DENORM\[5:4\] = 0),
/// f64/f16 denormals kept (FP_DENORM\[7:6\] = 3), DX10_CLAMP and IEEE off.
pub const MODE_RESET: u32 = 0x0c0;

pub const VCC: usize = 106;
pub const EXEC: usize = 126;
pub const M0: usize = 124;

#[derive(Clone)]
pub struct Wave {
    pub arch: Arch,
    /// `v[reg][lane]` (rows boxed: [`super::lanes::Row`]); an array, so that a register
    /// number below 256 needs no bounds check.
    pub v: Box<[super::lanes::Row; 256]>,
    /// The scalar registers by operand code (0..128): `s[106..108]` is VCC, `s[126..128]`
    /// EXEC, `s[124]` M0...
    pub s: [u32; 128],
    pub scc: bool,
    pub mode: u32,
    /// Registers written since the start (the final state lists them).
    pub v_written: [bool; 256],
    pub s_written: [bool; 128],
}

impl Wave {
    pub fn new(arch: Arch) -> Wave {
        let mut w = Wave {
            arch,
            v: Box::new(std::array::from_fn(|_| super::lanes::row())),
            s: [0; 128],
            scc: false,
            mode: MODE_RESET,
            v_written: [false; 256],
            s_written: [false; 128],
        };
        w.set_pair(EXEC, u64::MAX);
        w.s_written[EXEC] = false;
        w.s_written[EXEC + 1] = false;
        w
    }

    #[inline]
    pub fn pair(&self, code: usize) -> u64 {
        self.s[code & 127] as u64 | (self.s[(code + 1) & 127] as u64) << 32
    }

    #[inline]
    pub fn set_pair(&mut self, code: usize, v: u64) {
        self.s[code & 127] = v as u32;
        self.s[(code + 1) & 127] = (v >> 32) as u32;
        self.s_written[code & 127] = true;
        self.s_written[(code + 1) & 127] = true;
    }

    #[inline]
    pub fn exec(&self) -> u64 {
        self.pair(EXEC)
    }

    #[inline]
    pub fn vcc(&self) -> u64 {
        self.pair(VCC)
    }

    /// Does a branch's condition hold?
    #[inline]
    pub fn taken(&self, c: crate::isa::Cond) -> bool {
        use crate::isa::Cond;
        match c {
            Cond::Always => true,
            Cond::Scc0 => !self.scc,
            Cond::Scc1 => self.scc,
            Cond::Vccz => self.vcc() == 0,
            Cond::Vccnz => self.vcc() != 0,
            Cond::Execz => self.exec() == 0,
            Cond::Execnz => self.exec() != 0,
        }
    }
}
