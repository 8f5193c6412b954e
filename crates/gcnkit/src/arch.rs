//! GPU generations and the device names that select them.

use std::fmt;

/// A GCN generation. The discriminant indexes every per-arch array of the ISA table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Arch {
    /// GCN 1.0 (Southern Islands).
    Gcn10 = 0,
    /// GCN 1.1 (Sea Islands).
    Gcn11 = 1,
    /// GCN 1.2 (Volcanic Islands).
    Gcn12 = 2,
    /// GCN 1.4 (Vega: gfx900 and kin).
    Gcn14 = 3,
    /// GCN 1.4.1 (gfx906, Vega 20): GCN 1.4 with the dot products, `v_fma_mix*` in place of
    /// `v_mad_mix*`, `v_fmac_f32` and `v_xnor_b32`. It shares GCN 1.4's per-arch entries of
    /// every row ([`Arch::index`]); rows flagged for one of the two exist on that one only.
    Gcn141 = 4,
}

/// Names accepted for each arch: our own, short generation names, LLVM processor names and
/// CLRX device names (the first of each list is the canonical one).
const NAMES: [&[&str]; 5] = [
    &[
        "gcn1.0",
        "si",
        "gfx6",
        "gfx600",
        "gfx601",
        "gfx602",
        "tahiti",
        "pitcairn",
        "verde",
        "capeverde",
        "oland",
        "hainan",
    ],
    &[
        "gcn1.1", "ci", "gfx7", "gfx700", "gfx701", "gfx702", "gfx703", "gfx704", "gfx705", "bonaire", "hawaii",
        "kaveri", "kabini", "mullins", "spectre", "spooky", "kalindi", "godavari",
    ],
    &[
        "gcn1.2",
        "vi",
        "gfx8",
        "gfx801",
        "gfx802",
        "gfx803",
        "gfx805",
        "gfx810",
        "tonga",
        "iceland",
        "topaz",
        "fiji",
        "carrizo",
        "stoney",
        "polaris10",
        "polaris11",
        "polaris12",
        "polaris20",
        "polaris21",
        "polaris22",
        "ellesmere",
        "baffin",
        "lexa",
        "tongapro",
    ],
    &[
        "gcn1.4", "gfx9", "vega", "gfx900", "gfx902", "gfx904", "gfx909", "gfx90c", "vega10", "vega12", "raven",
        "raven2", "renoir",
    ],
    &["gcn1.4.1", "gfx906", "gfx907", "vega20"],
];

impl Arch {
    /// The four generations (the per-arch arrays of the table).
    pub const ALL: [Arch; 4] = [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14];
    /// Every arch gcnkit takes: the generations and GCN 1.4.1.
    pub const EVERY: [Arch; 5] = [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141];

    /// Index into the table's per-arch arrays (GCN 1.4.1 shares GCN 1.4's).
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Arch::Gcn141 => 3,
            a => a as usize,
        }
    }

    /// Index among [`Arch::EVERY`] (opcode indices, which differ between GCN 1.4 and 1.4.1).
    #[inline]
    pub fn slot(self) -> usize {
        self as usize
    }

    /// GCN 1.4 or 1.4.1 (the encodings, registers and syntax of Vega).
    #[inline]
    pub fn is_gcn14(self) -> bool {
        self >= Arch::Gcn14
    }

    /// Canonical name (`gcn1.0` ...).
    pub fn name(self) -> &'static str {
        NAMES[self.slot()][0]
    }

    /// Parses any accepted name, case-insensitively.
    pub fn parse(s: &str) -> Option<Arch> {
        let s = s.trim().to_ascii_lowercase();
        Arch::EVERY.into_iter().find(|a| NAMES[a.slot()].contains(&s.as_str()))
    }

    /// All accepted names, for error messages and `--help`.
    pub fn accepted_names() -> String {
        NAMES.iter().map(|n| n.join("|")).collect::<Vec<_>>().join("; ")
    }

    /// The single bit of this arch in an [`ArchSet`].
    #[inline]
    pub fn bit(self) -> ArchSet {
        ArchSet(1 << self.index())
    }

    /// GCN 1.2 and later: 10-bit VOP3 opcode, clamp in bit 15, 1/(2*pi) constant.
    #[inline]
    pub fn is_vi_plus(self) -> bool {
        self >= Arch::Gcn12
    }
}

impl fmt::Display for Arch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of archs as a bit mask.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ArchSet(pub u8);

impl ArchSet {
    pub const NONE: ArchSet = ArchSet(0);
    pub const SI: ArchSet = ArchSet(1);
    pub const CI: ArchSet = ArchSet(2);
    pub const VI: ArchSet = ArchSet(4);
    pub const GFX9: ArchSet = ArchSet(8);
    pub const SICI: ArchSet = ArchSet(3);
    pub const VIPLUS: ArchSet = ArchSet(12);
    pub const ALL: ArchSet = ArchSet(15);

    #[inline]
    pub fn has(self, a: Arch) -> bool {
        self.0 & (1 << a.index()) != 0
    }

    pub fn iter(self) -> impl Iterator<Item = Arch> {
        Arch::ALL.into_iter().filter(move |a| self.has(*a))
    }
}

impl std::ops::BitOr for ArchSet {
    type Output = ArchSet;
    fn bitor(self, o: ArchSet) -> ArchSet {
        ArchSet(self.0 | o.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_resolve() {
        assert_eq!(Arch::parse("tahiti"), Some(Arch::Gcn10));
        assert_eq!(Arch::parse("Hawaii"), Some(Arch::Gcn11));
        assert_eq!(Arch::parse("vi"), Some(Arch::Gcn12));
        assert_eq!(Arch::parse("polaris10"), Some(Arch::Gcn12));
        assert_eq!(Arch::parse("gfx900"), Some(Arch::Gcn14));
        assert_eq!(Arch::parse("vega10"), Some(Arch::Gcn14));
        assert_eq!(Arch::parse("gfx906"), Some(Arch::Gcn141));
        assert_eq!(Arch::parse("vega20"), Some(Arch::Gcn141));
        assert_eq!(Arch::parse("nosuchgpu"), None);
        for a in Arch::EVERY {
            assert_eq!(Arch::parse(a.name()), Some(a));
        }
    }

    #[test]
    fn names_are_unique() {
        let mut all: Vec<&str> = NAMES.iter().flat_map(|n| n.iter().copied()).collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
