//! THE TABLE: one [`InstrDef`] row per instruction, and the opcode indices built from it.
//!
//! Every other part of gcnkit (decoder, printers, parser, rule checker, `explain`, emulator)
//! reads these rows; nothing about an instruction is written anywhere else. The rows are
//! declared in `vop2.rs`, `vop3.rs` and `vopc.rs` (the compare families are generated from
//! their family description, the way a TableGen multiclass would).

mod vop2;
mod vop3;
mod vopc;

use crate::arch::{Arch, ArchSet};
use std::collections::HashMap;
use std::sync::LazyLock;

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
    /// Four dwords (V_MQSAD_U32_U8 destination / accumulator).
    B128,
}

impl Ty {
    /// Width in 32-bit registers.
    #[inline]
    pub const fn regs(self) -> u8 {
        match self {
            Ty::F64 | Ty::I64 | Ty::U64 | Ty::B64 => 2,
            Ty::B128 => 4,
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
            Ty::B128 => "b128",
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
}

impl Form {
    /// Number of source operands read from SRC fields.
    pub const fn nsrc(self) -> usize {
        match self {
            Form::Ter | Form::CarryIn | Form::Cndmask | Form::Vop3b => 3,
            _ => 2,
        }
    }

    /// The VOP3 word of this form is VOP3B (SDST in bits 8-14, no ABS).
    pub const fn is_vop3b(self) -> bool {
        matches!(self, Form::Carry | Form::CarryIn | Form::Vop3b)
    }
}

/// The 32-bit encoding an instruction may also use.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Short {
    Vop2,
    Vopc,
}

/// Flags of a row.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct Flags(pub u16);

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

/// Emulator semantics: computes the results of all 64 lanes from the operands gathered in
/// [`crate::emu::Lanes`] (the executor reads operands, applies modifiers, MODE and EXEC, and
/// writes results).
pub type Semantics = fn(&mut crate::emu::Lanes);

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
    pub sem: Option<Semantics>,
    /// The operation in the seed pages' notation, for `explain`.
    pub op: Option<&'static str>,
}

impl InstrDef {
    #[inline]
    pub fn exists_on(&self, a: Arch) -> bool {
        self.e32[a.index()] != X || self.e64[a.index()] != X
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
    vop2: [[DefId; 64]; 4],
    vopc: [[DefId; 256]; 4],
    vop3: [Box<[DefId; 1024]>; 4],
    by_name: HashMap<&'static str, Vec<DefId>>,
    by_alias: HashMap<&'static str, Vec<DefId>>,
}

impl Isa {
    fn build() -> Isa {
        let mut defs = Vec::new();
        vop2::rows(&mut defs);
        vopc::rows(&mut defs);
        vop3::rows(&mut defs);
        let mut isa = Isa {
            vop2: [[NONE; 64]; 4],
            vopc: [[NONE; 256]; 4],
            vop3: std::array::from_fn(|_| Box::new([NONE; 1024])),
            by_name: HashMap::new(),
            by_alias: HashMap::new(),
            defs,
        };
        for (i, d) in isa.defs.iter().enumerate() {
            let id = i as DefId;
            for a in Arch::ALL {
                let ai = a.index();
                let e32 = d.e32[ai];
                if e32 != X {
                    let slot = match d.short {
                        Short::Vop2 => &mut isa.vop2[ai][e32 as usize],
                        Short::Vopc => &mut isa.vopc[ai][e32 as usize],
                    };
                    assert!(
                        *slot == NONE,
                        "two rows share {:?} opcode {} on {}: {}",
                        d.short,
                        e32,
                        a,
                        d.name[ai]
                    );
                    *slot = id;
                }
                let e64 = d.e64[ai];
                if e64 != X {
                    let slot = &mut isa.vop3[ai][e64 as usize];
                    assert!(
                        *slot == NONE,
                        "two rows share VOP3 opcode {} on {}: {}",
                        e64,
                        a,
                        d.name[ai]
                    );
                    *slot = id;
                }
                if d.exists_on(a) {
                    for n in [d.name[ai], d.llvm[ai]].into_iter().filter(|n| !n.is_empty()) {
                        let v = isa.by_name.entry(n).or_default();
                        if !v.contains(&id) {
                            v.push(id);
                        }
                    }
                    for al in &d.aliases {
                        let v = isa.by_alias.entry(al.name).or_default();
                        if !v.contains(&id) {
                            v.push(id);
                        }
                    }
                }
            }
        }
        isa
    }

    #[inline]
    pub fn def(&self, id: DefId) -> &InstrDef {
        &self.defs[id as usize]
    }

    /// Row of VOP2 opcode `op` (0..64) on `arch`.
    #[inline]
    pub fn vop2(&self, arch: Arch, op: u32) -> Option<DefId> {
        let id = self.vop2[arch.index()][(op & 63) as usize];
        (id != NONE).then_some(id)
    }

    /// Row of VOPC opcode `op` (0..256) on `arch`.
    #[inline]
    pub fn vopc(&self, arch: Arch, op: u32) -> Option<DefId> {
        let id = self.vopc[arch.index()][(op & 255) as usize];
        (id != NONE).then_some(id)
    }

    /// Row of VOP3 opcode `op` (0..1024) on `arch`.
    #[inline]
    pub fn vop3(&self, arch: Arch, op: u32) -> Option<DefId> {
        let id = self.vop3[arch.index()][(op & 1023) as usize];
        (id != NONE).then_some(id)
    }

    /// Rows whose CLRX or LLVM mnemonic (without suffix) is `name` on some arch.
    pub fn by_name(&self, name: &str) -> &[DefId] {
        self.by_name.get(name).map(|v| v.as_slice()).unwrap_or(&[])
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
        let ai = arch.index();
        let own = self.by_name(name).iter().copied().find(|&id| {
            let d = self.def(id);
            d.exists_on(arch)
                && ((dialects.has_any(Dialects::CLRX) && d.name[ai] == name)
                    || (dialects.has_any(Dialects::LLVM) && d.llvm[ai] == name))
        });
        if let Some(id) = own {
            return Some((id, false));
        }
        self.by_alias.get(name)?.iter().copied().find_map(|id| {
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
        self.by_name
            .keys()
            .chain(self.by_alias.keys())
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
        Arch::ALL
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

/// Row builder used by the table files: the defaults fit the common case, so a row states
/// only what is particular to it.
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

    /// The operation, in the seed pages' notation.
    pub fn op(mut self, text: &'static str) -> Row {
        self.0.op = Some(text);
        self
    }

    /// The emulator's semantics.
    pub fn sem(mut self, f: Semantics) -> Row {
        self.0.sem = Some(f);
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
