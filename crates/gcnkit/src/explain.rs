//! `explain`: everything the table knows about an instruction, as text for people (the CLI's
//! `gcnkit explain`, the Python package's `explain`).

use crate::isa::{isa, Flags, Form, X};
use crate::syntax::llvm::{llvm_has_e64, llvm_mods};
use crate::Arch;
use std::fmt::Write;

/// A name the table does not know (on the arch asked for): the message and, where there is
/// one, a hint (the nearest known name, the archs that have it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown {
    pub message: String,
    pub help: Option<String>,
}

impl std::fmt::Display for Unknown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)?;
        if let Some(h) = &self.help {
            write!(f, " ({h})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Unknown {}

fn operands(form: Form) -> &'static str {
    match form {
        Form::Bin => "VDST, SRC0, SRC1",
        Form::Ter => "VDST, SRC0, SRC1, SRC2",
        Form::Carry => "VDST, SDST(2), SRC0, SRC1          (32-bit form: SDST = VCC)",
        Form::CarryIn => "VDST, SDST(2), SRC0, SRC1, SRC2(2) (32-bit form: SDST = SRC2 = VCC)",
        Form::Cndmask => "VDST, SRC0, SRC1, SRC2(2)          (32-bit form: SRC2 = VCC)",
        Form::Madmk => "VDST, SRC0, K, SRC1                 (K: literal)",
        Form::Madak => "VDST, SRC0, SRC1, K                 (K: literal)",
        Form::ReadLane => "SDST, VSRC0, SSRC1",
        Form::WriteLane => "VDST, SSRC0, SSRC1",
        Form::Cmp => "SDST(2), SRC0, SRC1                (32-bit form: SDST = VCC)",
        Form::Vop3b => "VDST, SDST(2), SRC0, SRC1, SRC2",
        Form::Un => "VDST, SRC0",
        Form::Nop => "(none)",
        Form::ReadFirstLane => "SDST, VSRC0",
        Form::S2 => "SDST, SSRC0, SSRC1",
        Form::S2NoDst | Form::C => "SSRC0, SSRC1",
        Form::S1 => "SDST, SSRC0",
        Form::S1NoDst => "SSRC0",
        Form::S1NoSrc => "SDST",
        Form::K => "SDST, SIMM16",
        Form::KCmp => "SSRC (SDST field), SIMM16",
        Form::KFork => "SSRC(2) (SDST field), LABEL",
        Form::KGetReg => "SDST, HWREG(id, offset, size)",
        Form::KSetReg => "HWREG(id, offset, size), SSRC (SDST field)",
        Form::KSetRegImm => "HWREG(id, offset, size), IMM32 (a dword after the instruction)",
        Form::KCall => "SDST(2), LABEL",
        Form::CGprIdx => "SSRC0, GPR_IDX mode (SSRC1 field)",
        Form::P0 => "(none; SIMM16 shown when not zero)",
        Form::PImm => "SIMM16",
        Form::PLabel => "LABEL (SIMM16: signed dwords from the next instruction)",
        Form::PWaitcnt => "WAITCNT: vmcnt(N) expcnt(N) lgkmcnt(N)",
        Form::PSendmsg => "SENDMSG(msg[, op[, stream]])",
        Form::PGprIdx => "GPR_IDX mode (SIMM16)",
        Form::MLoad => "SDST, SBASE, OFFSET (SGPR or immediate)",
        Form::MStore => "SDATA, SBASE, OFFSET (SGPR or immediate)",
        Form::MAtomic => "SDATA (returned with glc), SBASE, OFFSET (SGPR or immediate)",
        Form::MTime => "SDST(2)",
        Form::MNone => "(none)",
        Form::MProbe => "IMM (probe bits), SBASE, OFFSET",
        Form::MDiscard => "SBASE, OFFSET",
        // Written from the forms' field lists (`layout::ds_fields`) by the caller.
        Form::DsAddr
        | Form::DsData
        | Form::DsDst
        | Form::DsRead
        | Form::DsWrite
        | Form::DsWrite2
        | Form::DsRtn
        | Form::DsRtn2 => "",
        Form::FlatLoad => "VDST, VADDR (2; GLOBAL with SADDR: 1; SCRATCH: 1 or off), SADDR or off (SCRATCH/GLOBAL)",
        Form::FlatStore => "VADDR (2; GLOBAL with SADDR: 1; SCRATCH: 1 or off), VDATA, SADDR or off (SCRATCH/GLOBAL)",
        Form::FlatAtomic => "VDST (returned with glc), VADDR (2; GLOBAL with SADDR: 1), VDATA, SADDR or off (GLOBAL)",
        Form::BufLoad | Form::BufStore => {
            "VDATA, VADDR (off; 1 with offen or idxen; 2 with both or addr64), SRSRC (4 SGPRs), SOFFSET"
        }
        Form::BufAtomic => "VDATA (the old value returned with glc), VADDR (off; 1 with offen or idxen; 2 with both or addr64), SRSRC (4 SGPRs), SOFFSET",
        Form::BufNone => "(none)",
        Form::BufStoreLds => "SRSRC (4 SGPRs), SOFFSET",
        Form::Interp => "VDST, VSRC, ATTR (attrN.C: attribute 0-63, channel x/y/z/w)",
        Form::InterpMov => "VDST, PARAM (p10, p20 or p0), ATTR",
        Form::InterpSrc2 => "VDST, VSRC, ATTR, SRC2 (a VGPR or SGPR)",
        Form::Exp => "TARGET, VSRC0, VSRC1, VSRC2, VSRC3 (each a VGPR or off; done, compr, vm)",
        Form::MimgLoad | Form::MimgStore => {
            "VDATA (one VGPR per dmask bit, +1 with tfe), VADDR (the address VGPRs), SRSRC (8 SGPRs; 4 with r128)"
        }
        Form::MimgAtomic => "VDATA (the old value returned with glc), VADDR, SRSRC (8 SGPRs; 4 with r128)",
        Form::MimgSample => "VDATA (one VGPR per dmask bit, +1 with tfe), VADDR, SRSRC (8 SGPRs; 4 with r128), SSAMP (4 SGPRs)",
    }
}

/// The text of `mnemonic` (CLRX or LLVM name, with or without `_e32`/`_e64`): every row the
/// name means on `arch`, or on any arch without it.
pub fn explain(arch: Option<Arch>, mnemonic: &str) -> Result<String, Unknown> {
    let mut out = String::new();
    let t = isa();
    let m = mnemonic.to_ascii_lowercase();
    let base = m.strip_suffix("_e32").or_else(|| m.strip_suffix("_e64")).unwrap_or(&m);
    let archs: Vec<Arch> = match arch {
        Some(x) => vec![x],
        None => Arch::EVERY.to_vec(),
    };
    // Every row the name means on the archs asked for: on different generations one name may
    // be different instructions (v_add_u32: with a carry out on GCN 1.2, without on GCN 1.4).
    let found: Vec<(Arch, u16)> = archs
        .iter()
        .filter_map(|&x| t.lookup(x, base).map(|id| (x, id)))
        .collect();
    let only = arch;
    if found.is_empty() {
        let other = t.archs_with(base);
        if other.is_empty() {
            let near = archs.iter().find_map(|&x| t.closest_name(x, base));
            return Err(Unknown {
                message: format!("unknown instruction '{base}'"),
                help: near.map(|k| format!("did you mean '{k}'?")),
            });
        }
        let on: Vec<&str> = other.iter().map(|x| x.name()).collect();
        return Err(Unknown {
            message: format!(
                "{base} does not exist on {}; it exists on {}",
                arch.map(|x| x.name()).unwrap_or("?"),
                on.join(", ")
            ),
            help: None,
        });
    }
    let mut seen = Vec::new();
    for (arch, id) in found {
        if seen.contains(&id) {
            continue;
        }
        seen.push(id);
        let d = t.def(id);
        let _ = writeln!(out, "{}", d.name[arch.index()]);
        let shown: Vec<Arch> = match only {
            Some(x) => vec![x],
            None => Arch::EVERY.into_iter().filter(|x| d.exists_on(*x)).collect(),
        };
        let names: Vec<String> = shown
            .iter()
            .filter(|x| d.exists_on(**x))
            .map(|x| {
                let ll = d.llvm[x.index()];
                let ll = if ll.is_empty() {
                    "(not in LLVM 14)".to_string()
                } else if ll == d.name[x.index()] {
                    String::new()
                } else {
                    format!(" (LLVM: {ll})")
                };
                format!("{}: {}{ll}", x.name(), d.name[x.index()])
            })
            .collect();
        let _ = writeln!(out, "  names:     {}", names.join("; "));
        if !d.aliases.is_empty() {
            let list: Vec<String> = d
                .aliases
                .iter()
                .map(|al| {
                    let who = match al.dialects {
                        crate::isa::Dialects::CLRX => "CLRX",
                        crate::isa::Dialects::LLVM => "LLVM",
                        _ => "CLRX, LLVM",
                    };
                    let on: Vec<&str> = al.archs.iter().filter(|x| d.exists_on(*x)).map(|x| x.name()).collect();
                    let v3 = if al.vop3_only { ", VOP3 only" } else { "" };
                    format!("{} ({who} on {}{v3})", al.name, on.join(", "))
                })
                .collect();
            let _ = writeln!(out, "  aliases:   {}", list.join("; "));
        }
        if let Some(x) = only {
            let others: Vec<&str> = Arch::EVERY
                .into_iter()
                .filter(|y| *y != x && d.exists_on(*y))
                .map(|y| y.name())
                .collect();
            if !others.is_empty() {
                let _ = writeln!(
                    out,
                    "  also on:   {} (explain without -a shows them)",
                    others.join(", ")
                );
            }
        }
        let _ = writeln!(out, "  encodings:");
        for x in shown.iter().filter(|x| d.exists_on(**x)) {
            let ai = x.index();
            let mut parts = Vec::new();
            if d.e32[ai] != X {
                let short = d.short.enc(*x).name();
                parts.push(format!("{short} {} ({:#x})", d.e32[ai], d.e32[ai]));
            }
            if d.e64[ai] != X {
                let v3 = if d.form.is_vop3b() { "VOP3B" } else { "VOP3A" };
                let note = if llvm_has_e64(d, *x) {
                    ""
                } else {
                    " [LLVM has no _e64 of it]"
                };
                parts.push(format!("{v3} {} ({:#x}){note}", d.e64[ai], d.e64[ai]));
            }
            // The SDWA and DPP forms (GCN 1.2+) of a 32-bit vector-ALU row.
            if d.short.is_vop() && d.e32[ai] != X && x.is_vi_plus() {
                for (dpp, name) in [(false, "SDWA"), (true, "DPP")] {
                    if crate::syntax::ext::row_has_ext(d, *x, dpp) {
                        let no_llvm = dpp && d.short == crate::isa::Short::Vopc;
                        parts.push(format!(
                            "{name}{}",
                            if no_llvm { " [LLVM has no _dpp of it]" } else { "" }
                        ));
                    }
                }
            }
            let _ = writeln!(out, "    {:7} {}", x.name(), parts.join(", "));
        }
        if d.short == crate::isa::Short::Ds {
            let names: Vec<String> = crate::layout::ds_fields(d.form)
                .0
                .iter()
                .map(|&f| crate::layout::mem_field_name(crate::enc::Enc::Ds, f).to_uppercase())
                .collect();
            let _ = writeln!(out, "  operands:  {}", names.join(", "));
        } else {
            let _ = writeln!(out, "  operands:  {}", operands(d.form));
        }
        if d.short.is_vop() {
            let _ = writeln!(
                out,
                "  types:     dst {}, src {}",
                d.dst.name(),
                d.src[..d.form.nsrc()]
                    .iter()
                    .map(|t| t.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        } else if let Some(f) = crate::enc::fields(d.short.enc(arch), arch) {
            // The scalar classes: the fields of the word, from the class's description.
            let fields: Vec<String> = f
                .layout
                .fields
                .iter()
                .map(|x| format!("{}[{}:{}]", x.f.name(), x.lo + x.width - 1, x.lo))
                .collect();
            let _ = writeln!(out, "  fields:    {} ({arch})", fields.join(" "));
        }
        let mut flags = Vec::new();
        for (f, n) in [
            (Flags::EXEC, "writes EXEC"),
            (Flags::SIGNAL, "signals on NaN"),
            (Flags::OPSEL, "op_sel (GCN 1.4)"),
            (Flags::READS_VCC, "reads VCC"),
            (Flags::CLASS, "class mask in SRC1"),
            (Flags::REV, "operands reversed"),
            (Flags::INT_CLAMP, "CLAMP saturates (GCN 1.2+)"),
            (Flags::NO_DST_OVERLAP, "VDST may not overlap sources"),
        ] {
            if d.flags.has(f) {
                flags.push(n);
            }
        }
        if !flags.is_empty() {
            let _ = writeln!(out, "  flags:     {}", flags.join(", "));
        }
        let lm = llvm_mods(d, arch);
        let srcs = |m: u8| -> String {
            let v: Vec<String> = (0..3).filter(|k| m >> k & 1 != 0).map(|k| format!("src{k}")).collect();
            if v.is_empty() {
                "none".into()
            } else {
                v.join(" ")
            }
        };
        if !d.short.is_vop() {
            if matches!(d.short.enc(arch), crate::enc::Enc::Smem) {
                let _ = writeln!(
                    out,
                    "  modifiers: glc (LLVM: loads, stores and atomics only); CLRX on GCN 1.4 also nv, offset:N beside an SGPR offset"
                );
            }
        } else {
            let _ = writeln!(out,
            "  VOP3 modifiers: CLRX: abs/neg on any source, clamp, omod; LLVM ({arch}): neg {}, abs {}, sext {}, clamp {}, omod {}, op_sel {}",
            srcs(lm.neg),
            srcs(lm.abs),
            srcs(lm.sext),
            if lm.clamp { "yes" } else { "no" },
            if lm.omod { "yes" } else { "no" },
            if lm.op_sel { "yes" } else { "no" }
        );
        }
        if let Some(op) = d.op {
            let _ = writeln!(out, "  operation: {op}");
        }
        let _ = writeln!(
            out,
            "  emulator:  {}",
            match d.sem {
                Some(crate::isa::Sem::Vector(_)) => "implemented (all 64 lanes)",
                Some(crate::isa::Sem::Scalar(_)) => "implemented (scalar unit)",
                Some(crate::isa::Sem::Flow(_)) => "implemented (program control, in kernels)",
                Some(crate::isa::Sem::Mem(_)) => "implemented (memory, in kernels)",
                None if d.short == crate::isa::Short::Mimg => {
                    "refused (image atomics, depth compares and resource queries are not modelled)"
                }
                None if d.short.is_gfx() => "refused (no graphics state)",
                None => "no semantics yet",
            }
        );
    }
    Ok(out)
}
