//! Uninitialised values followed to where they matter, as valgrind's memcheck follows them:
//! a vector load of bytes nobody wrote taints the lanes of the registers it writes; a vector
//! ALU result is tainted in the lanes where a source is; LDS and scratch stores carry the
//! taint into memory and loads carry it back. A finding is made where a tainted value is
//! *used*: as an address, stored to device memory (where the program's results are), or
//! deciding a condition (a compare, `v_readlane`, `v_readfirstlane`). Code that reads
//! memory nobody wrote and throws the value away (a reduction's lanes past the data, as
//! rocSPARSE's kernels have) is not reported; what it does with the value, is.
//!
//! `v_cndmask_b32` taints a lane only where the source it takes there is tainted (memcheck's
//! rule for a select on a defined condition: rocPRIM's segmented scans zero a carried value
//! read from LDS nobody wrote where a segment starts).
//!
//! Approximations, all on the side of saying less: SGPRs, VCC and the carry bits are not
//! followed (a select's mask counts as defined); lane-crossing instructions (DPP,
//! `ds_swizzle`, `ds_permute`) taint a lane where the same lane of a source is tainted; a
//! store's lane is tainted if any of its data registers is.

use gcnkit::emu::monitor::{Access, AccessKind, Space};
use gcnkit::emu::Wave;
use gcnkit::isa::{Form, MemSem, Sem, Short};
use gcnkit::layout::{operands, Role};
use gcnkit::Instr;
use gcnkit_analyze::effects::{effects, is_vector};
use gcnkit_analyze::regs::{operand_regs, RegSet, V0, VCC};
use std::collections::HashSet;

/// Which lanes of the sources a scalar result comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Select {
    /// Every active lane (a compare's mask).
    Active,
    /// The first active lane (`v_readfirstlane`).
    First,
    /// The lane an operand names (`v_readlane`: its SRC1 code).
    Operand(u16),
}

/// What an instruction does with vector values, worked out once.
#[derive(Clone, Debug, Default)]
pub struct Fact {
    /// VGPRs read and written (numbers 0-255).
    reads: Vec<u16>,
    writes: Vec<u16>,
    /// A vector ALU instruction whose result is a scalar (and no vector register).
    scalar: Option<Select>,
    /// A vector memory instruction (not scalar loads): its address and data VGPRs.
    pub memory: bool,
    addr: Vec<u16>,
    data: Vec<u16>,
    /// `v_cndmask_b32`: the VGPRs of SRC0 and SRC1 and the mask's operand code.
    select: Option<(Vec<u16>, Vec<u16>, u16)>,
}

fn vgprs(s: &RegSet) -> Vec<u16> {
    s.iter().filter(|&r| r >= V0).map(|r| r - V0).collect()
}

impl Fact {
    pub fn of(i: &Instr) -> Fact {
        let Some(d) = i.def() else { return Fact::default() };
        if !is_vector(d) {
            return Fact::default();
        }
        let e = effects(i);
        let mut f = Fact {
            reads: vgprs(&e.reads),
            writes: vgprs(&e.writes),
            ..Fact::default()
        };
        // DS's lane exchanges move values between lanes, not memory: an ALU instruction here.
        let exchange = matches!(d.sem, Some(Sem::Mem(MemSem::Swizzle | MemSem::Permute { .. })));
        if d.short.is_mem() && d.short != Short::Smem && !exchange {
            f.memory = true;
            let (mut addr, mut data) = (RegSet::EMPTY, RegSet::EMPTY);
            for o in operands(i, d).as_slice() {
                match o.role {
                    Role::Vaddr if !o.is_value() => operand_regs(o.code, o.regs, &mut addr),
                    Role::Data(_) if !o.is_value() => operand_regs(o.code, o.regs, &mut data),
                    _ => {}
                }
            }
            f.addr = vgprs(&addr);
            f.data = vgprs(&data);
        } else if d.form == Form::Cndmask {
            let ops = operands(i, d);
            let src = |k: u8| ops.as_slice().iter().find(|o| o.role == Role::Src(k));
            let regs = |k: u8| {
                let mut set = RegSet::EMPTY;
                if let Some(o) = src(k) {
                    operand_regs(o.code, o.regs, &mut set);
                }
                vgprs(&set)
            };
            // VOP2's form reads VCC without naming it.
            let mask = src(2).map_or(VCC, |o| o.code);
            f.select = Some((regs(0), regs(1), mask));
        } else if f.writes.is_empty() && e.writes.iter().any(|r| r < V0) {
            f.scalar = Some(match d.form {
                Form::ReadFirstLane => Select::First,
                Form::ReadLane => match operands(i, d).as_slice().iter().find(|o| o.role == Role::Src(1)) {
                    Some(o) => Select::Operand(o.code),
                    None => Select::Active,
                },
                _ => Select::Active,
            });
        }
        f
    }
}

/// The 64 lanes' bits of a select's mask operand: an SGPR pair or VCC, or the inline constants
/// 0 and -1; `None` for anything else (the result then tainted where either source is).
fn mask(code: u16, w: &Wave) -> Option<u64> {
    match code {
        0..=106 => Some(w.s[code as usize] as u64 | (w.s[code as usize + 1] as u64) << 32),
        128 => Some(0),
        193 => Some(u64::MAX),
        _ => None,
    }
}

/// A use of a tainted value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    Address,
    Store,
    Condition,
}

impl Use {
    pub fn says(self) -> &'static str {
        match self {
            Use::Address => "uses as an address",
            Use::Store => "stores to memory",
            Use::Condition => "decides a condition with",
        }
    }
}

/// A wave's tainted lanes, and the memory its work-group's stores tainted.
#[derive(Default)]
pub struct Taint {
    /// Per VGPR, the tainted lanes (empty until something is tainted).
    v: Vec<u64>,
}

/// The work-group's tainted LDS bytes and the tainted scratch bytes of its waves.
#[derive(Default)]
pub struct MemTaint {
    lds: HashSet<u64>,
    private: HashSet<u64>,
}

impl MemTaint {
    pub fn clear(&mut self) {
        self.lds.clear();
        self.private.clear();
    }

    fn set(&mut self, a: &Access, on: bool) {
        let m = match a.space {
            Space::Lds => &mut self.lds,
            Space::Private => &mut self.private,
            Space::Global => return,
        };
        for b in a.addr..a.addr + a.bytes as u64 {
            if on {
                m.insert(b);
            } else {
                m.remove(&b);
            }
        }
    }

    fn tainted(&self, a: &Access) -> bool {
        let m = match a.space {
            Space::Lds => &self.lds,
            Space::Private => &self.private,
            Space::Global => return false,
        };
        !m.is_empty() && (a.addr..a.addr + a.bytes as u64).any(|b| m.contains(&b))
    }
}

impl Taint {
    pub fn clear(&mut self) {
        self.v.clear();
    }

    fn lanes(&self, regs: &[u16]) -> u64 {
        if self.v.is_empty() {
            return 0;
        }
        regs.iter().fold(0, |m, &r| m | self.v[r as usize])
    }

    fn set(&mut self, regs: &[u16], exec: u64, tainted: u64) {
        if self.v.is_empty() {
            if tainted == 0 {
                return;
            }
            self.v = vec![0; 256];
        }
        for &r in regs {
            let x = &mut self.v[r as usize];
            *x = (*x & !exec) | (tainted & exec);
        }
    }

    /// A vector instruction about to run under `exec` (before its accesses, for a memory
    /// one): a use of tainted lanes it makes (the lanes), and for an ALU one, its result's
    /// taint.
    pub fn before(&mut self, f: &Fact, exec: u64, w: &Wave) -> Option<(Use, u64)> {
        let t = self.lanes(&f.reads) & exec;
        if f.memory {
            let a = self.lanes(&f.addr) & exec;
            return (a != 0).then_some((Use::Address, a));
        }
        if let Some(sel) = f.scalar {
            let lanes = match sel {
                Select::Active => exec,
                Select::First => exec & exec.wrapping_neg(),
                Select::Operand(code) => {
                    let lane = match code {
                        0..=127 => w.s[code as usize] & 63,
                        128..=192 => (code - 128) as u32 & 63,
                        _ => return None,
                    };
                    1u64 << lane
                }
            };
            return (t & lanes != 0).then_some((Use::Condition, t & lanes));
        }
        let t = match &f.select {
            // Each lane's result is the source the mask picks there (D = mask ? SRC1 : SRC0).
            Some((a, b, code)) => match mask(*code, w) {
                Some(m) => (self.lanes(a) & !m | self.lanes(b) & m) & exec,
                None => t,
            },
            None => t,
        };
        self.set(&f.writes, exec, t);
        None
    }

    /// A vector memory instruction's accesses (`exec` its lanes): the taint its loads bring
    /// into registers (from bytes nobody wrote or tainted stores), the taint its stores take
    /// into LDS and scratch, and a store of tainted data to device memory (the lanes).
    pub fn after(&mut self, f: &Fact, exec: u64, a: &[Access], mem: &mut MemTaint) -> Option<(Use, u64)> {
        let data = self.lanes(&f.data) & exec;
        let mut stored = 0u64;
        let mut loaded = 0u64;
        for x in a {
            let lane = 1u64 << x.lane;
            if x.kind != AccessKind::Write && (!x.defined || mem.tainted(x)) {
                loaded |= lane;
            }
            if x.kind != AccessKind::Read {
                if x.space == Space::Global {
                    stored |= data & lane;
                } else {
                    mem.set(x, data & lane != 0);
                }
            }
        }
        // The registers a load (or an atomic's return) wrote.
        if a.iter().any(|x| x.kind != AccessKind::Write) {
            self.set(&f.writes, exec, loaded);
        }
        (stored != 0).then_some((Use::Store, stored))
    }
}
