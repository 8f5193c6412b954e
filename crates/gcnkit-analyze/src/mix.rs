//! The instruction mix of a range of instructions: counts by encoding class, memory
//! operations by kind (scalar, LDS, GDS, buffer, flat/global/scratch, image; loads, stores,
//! atomics), `s_waitcnt`s (and the counters each waits on), `s_nop`s (and their wait
//! states), barriers.

use crate::program::Inst;
use gcnkit::enc::F;
use gcnkit::isa::{Flags, Flow, Form, MemSem, Sem};
use gcnkit::layout::{operands, Role};
use gcnkit::Enc;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mix {
    pub instructions: u32,
    /// Dwords of code.
    pub dwords: u32,
    /// By encoding class name (`VOP2`, `SOPP`, `FLAT`...).
    pub by_class: BTreeMap<&'static str, u32>,
    /// Memory operations by `kind.direction`: `scalar.load`, `lds.store`, `global.atomic`...
    pub memory: BTreeMap<String, u32>,
    pub waitcnt: u32,
    /// `s_waitcnt`s that wait on each counter (one may wait on several).
    pub waits_on: BTreeMap<&'static str, u32>,
    pub nop: u32,
    /// Wait states the `s_nop`s insert (SIMM16 + 1 each).
    pub nop_states: u32,
    pub barrier: u32,
}

impl Mix {
    pub fn of(insts: &[Inst]) -> Mix {
        let mut m = Mix::default();
        for i in insts {
            m.add(i);
        }
        m
    }

    fn add(&mut self, i: &Inst) {
        let ins = &i.instr;
        self.instructions += 1;
        self.dwords += ins.words().len() as u32;
        *self
            .by_class
            .entry(if ins.def().is_none() { "data" } else { ins.enc.name() })
            .or_default() += 1;
        let Some(d) = ins.def() else { return };
        // The waits by their operand kind and the barrier by its semantics (the table's own
        // facts); S_NOP, one row, by name.
        let waitcnt = operands(ins, d)
            .as_slice()
            .iter()
            .find(|s| s.role == Role::Waitcnt)
            .map(|s| s.val);
        if let Some(v) = waitcnt {
            self.waitcnt += 1;
            for (c, waits) in gcnkit::syntax::special::waits(ins.arch, v) {
                if waits {
                    *self.waits_on.entry(c).or_default() += 1;
                }
            }
        } else if matches!(d.sem, Some(Sem::Flow(Flow::Barrier))) {
            self.barrier += 1;
        } else if let Some(n) = crate::cycles::nop_wait_states(ins) {
            self.nop += 1;
            self.nop_states += n;
        }
        let kind = match ins.enc {
            Enc::Smrd | Enc::Smem => "scalar",
            Enc::Ds if d.flags.has(Flags::GDS) || ins.get(F::Gds) != 0 => "gds",
            Enc::Ds => "lds",
            Enc::Mubuf | Enc::Mtbuf => "buffer",
            Enc::Mimg => "image",
            Enc::Flat => match ins.get(F::Seg) {
                1 => "scratch",
                2 => "global",
                _ => "flat",
            },
            _ => return,
        };
        let atomic = matches!(d.sem, Some(Sem::Mem(MemSem::Atomic { .. })));
        let dir = match d.form {
            _ if atomic => "atomic",
            Form::MLoad
            | Form::DsRead
            | Form::DsRtn
            | Form::DsRtn2
            | Form::FlatLoad
            | Form::BufLoad
            | Form::MimgLoad
            | Form::MimgSample => "load",
            Form::MStore
            | Form::DsWrite
            | Form::DsWrite2
            | Form::FlatStore
            | Form::BufStore
            | Form::BufStoreLds
            | Form::MimgStore => "store",
            Form::MAtomic | Form::FlatAtomic | Form::BufAtomic | Form::MimgAtomic => "atomic",
            _ => "other",
        };
        *self.memory.entry(format!("{kind}.{dir}")).or_default() += 1;
    }
}
