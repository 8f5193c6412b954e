//! Registers as one numbered space, so that liveness is a bit set: the scalar operand codes
//! 0-127 (SGPRs, FLAT_SCRATCH, XNACK_MASK, VCC, TBA/TMA/TTMPs, M0, EXEC: the 9-bit operand
//! space's own numbers, DESIGN.md *The operand space*), SCC as 128 (it is a register to
//! liveness though no operand names it) and the VGPRs as 256-511, as the layout writes them.
//! A 64- or 128-bit operand is several registers, so a tuple is live register by register.

use gcnkit::Arch;

/// SCC's number here (128 is the inline constant 0 in the operand space: never a register
/// there, so no operand code maps to it).
pub const SCC: u16 = 128;
pub const VCC: u16 = 106;
pub const M0: u16 = 124;
pub const EXEC: u16 = 126;
/// The first VGPR.
pub const V0: u16 = 256;

/// A set of registers of the space above: 512 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RegSet(pub [u64; 8]);

impl RegSet {
    pub const EMPTY: RegSet = RegSet([0; 8]);

    pub fn insert(&mut self, r: u16) {
        if r < 512 {
            self.0[r as usize / 64] |= 1 << (r % 64);
        }
    }

    pub fn remove(&mut self, r: u16) {
        if r < 512 {
            self.0[r as usize / 64] &= !(1 << (r % 64));
        }
    }

    pub fn contains(&self, r: u16) -> bool {
        r < 512 && self.0[r as usize / 64] >> (r % 64) & 1 != 0
    }

    /// `n` registers from `first`.
    pub fn insert_range(&mut self, first: u16, n: u16) {
        for r in first..first.saturating_add(n).min(512) {
            self.insert(r);
        }
    }

    pub fn union(&self, o: &RegSet) -> RegSet {
        RegSet(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }

    pub fn minus(&self, o: &RegSet) -> RegSet {
        RegSet(std::array::from_fn(|k| self.0[k] & !o.0[k]))
    }

    pub fn intersect(&self, o: &RegSet) -> RegSet {
        RegSet(std::array::from_fn(|k| self.0[k] & o.0[k]))
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        // The set bits of each word, lowest first.
        self.0.iter().enumerate().flat_map(|(k, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as u16;
                w &= w - 1;
                Some(k as u16 * 64 + b)
            })
        })
    }

    /// Live VGPRs: the registers from 256 on.
    pub fn vgprs(&self) -> u32 {
        self.0[4..].iter().map(|w| w.count_ones()).sum()
    }

    /// Live SGPRs of the general file on `arch` (s0-s103 on GCN 1.0/1.1, s0-s101 on GCN
    /// 1.2+: their codes 102-103 are FLAT_SCRATCH there); VCC, M0, EXEC and SCC not counted.
    pub fn sgprs(&self, arch: Arch) -> u32 {
        let top = sgpr_file(arch);
        (0..top).filter(|r| self.contains(*r)).count() as u32
    }

    /// The highest VGPR in the set (its number, not its code).
    pub fn max_vgpr(&self) -> Option<u16> {
        (V0..512).rev().find(|r| self.contains(*r)).map(|r| r - V0)
    }

    /// The highest general SGPR in the set.
    pub fn max_sgpr(&self, arch: Arch) -> Option<u16> {
        (0..sgpr_file(arch)).rev().find(|r| self.contains(*r))
    }
}

impl std::fmt::Debug for RegSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&names(self, Arch::Gcn14).join(" "))
    }
}

/// How many general SGPRs an arch has (the codes below FLAT_SCRATCH on GCN 1.2+).
pub fn sgpr_file(arch: Arch) -> u16 {
    if arch >= Arch::Gcn12 {
        102
    } else {
        104
    }
}

/// The registers an operand of `code` and `regs` registers reads or writes: SGPRs and
/// special registers by their codes, VGPRs from 256; VCCZ, EXECZ and SCC (codes 251-253)
/// as the registers they read, LDS_DIRECT as M0; constants, literals and GCN 1.4's
/// aperture sources (235-239) as none.
pub fn operand_regs(code: u16, regs: u8, set: &mut RegSet) {
    match code {
        0..=127 => set.insert_range(code, (regs as u16).min(128 - code)),
        251 => set.insert_range(VCC, 2),
        252 => set.insert_range(EXEC, 2),
        253 => set.insert(SCC),
        254 => set.insert(M0),
        256..=511 => set.insert_range(code, regs as u16),
        _ => {}
    }
}

/// A register's name on `arch`: `s7`, `v12`, `vcc_lo`, `exec_hi`, `m0`, `scc`,
/// `flat_scratch_lo`...
pub fn name(r: u16, arch: Arch) -> String {
    match r {
        SCC => "scc".into(),
        256..=511 => format!("v{}", r - V0),
        102 | 103 if arch >= Arch::Gcn12 => ["flat_scratch_lo", "flat_scratch_hi"][r as usize - 102].into(),
        104 | 105 if arch == Arch::Gcn11 => ["flat_scratch_lo", "flat_scratch_hi"][r as usize - 104].into(),
        104 | 105 if arch >= Arch::Gcn12 => ["xnack_mask_lo", "xnack_mask_hi"][r as usize - 104].into(),
        106 => "vcc_lo".into(),
        107 => "vcc_hi".into(),
        108..=123 if arch.is_gcn14() => format!("ttmp{}", r - 108),
        108..=111 => ["tba_lo", "tba_hi", "tma_lo", "tma_hi"][r as usize - 108].into(),
        112..=123 => format!("ttmp{}", r - 112),
        M0 => "m0".into(),
        126 => "exec_lo".into(),
        127 => "exec_hi".into(),
        _ if r < 128 => format!("s{r}"),
        _ => format!("r{r}"),
    }
}

/// The names of a set, consecutive general registers as ranges (`s[0:3]`, `v[4:7]`).
pub fn names(set: &RegSet, arch: Arch) -> Vec<String> {
    let mut out = Vec::new();
    let regs: Vec<u16> = set.iter().collect();
    let mut k = 0;
    while k < regs.len() {
        let r = regs[k];
        let general = |x: u16| x >= V0 || x < sgpr_file(arch);
        let mut e = k;
        while general(r)
            && e + 1 < regs.len()
            && regs[e + 1] == regs[e] + 1
            && general(regs[e + 1])
            && (regs[e + 1] >= V0) == (r >= V0)
        {
            e += 1;
        }
        if e > k {
            let (p, b) = if r >= V0 { ("v", V0) } else { ("s", 0) };
            out.push(format!("{p}[{}:{}]", r - b, regs[e] - b));
        } else {
            out.push(name(r, arch));
        }
        k = e + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operands_map_to_registers() {
        let mut s = RegSet::EMPTY;
        operand_regs(256 + 4, 2, &mut s);
        operand_regs(10, 4, &mut s);
        operand_regs(251, 1, &mut s); // vccz reads VCC
        operand_regs(253, 1, &mut s); // scc
        operand_regs(200, 1, &mut s); // a constant: nothing
        assert_eq!(s.vgprs(), 2);
        assert_eq!(s.sgprs(Arch::Gcn12), 4);
        assert!(s.contains(VCC) && s.contains(VCC + 1) && s.contains(SCC));
        assert_eq!(
            names(&s, Arch::Gcn12),
            ["s[10:13]", "vcc_lo", "vcc_hi", "scc", "v[4:5]"]
        );
        assert_eq!(s.max_vgpr(), Some(5));
        assert_eq!(s.max_sgpr(Arch::Gcn12), Some(13));
    }
}
