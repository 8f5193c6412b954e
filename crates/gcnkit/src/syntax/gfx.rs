//! The graphics classes' special syntax in both dialects: EXP (`exp mrt0 v1, v2, off, off
//! done`) and VINTRP (`v_interp_p1_f32 v1, v2, attr3.y`, `v_interp_mov_f32 v1, p10, attr0.x`).
//!
//! Facts from clrxdisasm/clrxasm and llvm-mc 14 (tahiti, bonaire, fiji, gfx900): EXP's target
//! names (`mrt0`..`mrt7`, `mrtz`, `null`, `pos0`..`pos3`, `param0`..`param31`; the rest
//! reserved), four sources of which the disabled ones are `off` (with `compr`, sources 0/1
//! read VSRC0 and 2/3 VSRC1), `done compr vm` in that order; CLRX writes a comma after the
//! target. VINTRP: `attrN.C` (N 0-63), V_INTERP_MOV's `p10`/`p20`/`p0`; llvm-mc writes `_e32`
//! on GCN 1.2+.

use super::text::dec;
use super::Syntax;
use crate::enc::{Enc, F};
use crate::instr::Instr;
use crate::isa::{Form, InstrDef};
use crate::layout::{operands, Role, Slot};

/// An EXP target's name (`None`: a reserved value).
pub fn target_name(out: &mut String, t: u32) -> bool {
    let (name, n) = match t {
        0..=7 => ("mrt", Some(t)),
        8 => ("mrtz", None),
        9 => ("null", None),
        12..=15 => ("pos", Some(t - 12)),
        32..=63 => ("param", Some(t - 32)),
        _ => return false,
    };
    out.push_str(name);
    if let Some(n) = n {
        dec(out, n);
    }
    true
}

/// The EXP target a name means (`mrt0`, `pos3`, `param31`, CLRX's `param05` too).
pub fn target_of(name: &str) -> Option<u32> {
    let name = name.to_ascii_lowercase();
    let num = |prefix: &str, max: u32| {
        name.strip_prefix(prefix)
            .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|d| d.parse::<u32>().ok())
            .filter(|&n| n <= max)
    };
    match name.as_str() {
        "mrtz" => Some(8),
        "null" => Some(9),
        _ => num("mrt", 7)
            .or_else(|| num("pos", 3).map(|n| n + 12))
            .or_else(|| num("param", 31).map(|n| n + 32)),
    }
}

/// V_INTERP_MOV_F32's parameter names (slots 0-2).
pub const INTERP_PARAMS: [&str; 3] = ["p10", "p20", "p0"];
const CHANNELS: [char; 4] = ['x', 'y', 'z', 'w'];

/// Appends `attrN.C` for an attribute operand's value (attribute << 2 | channel).
pub fn attr(out: &mut String, v: u32) {
    out.push_str("attr");
    dec(out, v >> 2);
    out.push('.');
    out.push(CHANNELS[(v & 3) as usize]);
}

/// Parses `attrN.C`: its value (attribute << 2 | channel).
pub fn attr_of(text: &str) -> Option<u32> {
    let t = text.to_ascii_lowercase();
    let (n, c) = t.strip_prefix("attr")?.split_once('.')?;
    let n: u32 = n.parse().ok().filter(|&n| n < 64)?;
    let c = CHANNELS.iter().position(|&x| x.to_string() == c)? as u32;
    Some(n << 2 | c)
}

/// The EXP sources' VSRC fields and whether each is enabled: with COMPR, sources 0/1 read
/// VSRC0 and 2/3 VSRC1.
pub fn exp_source_field(i: &Instr, k: usize) -> F {
    const VSRC: [F; 4] = [F::ExpSrc0, F::ExpSrc1, F::ExpSrc2, F::ExpSrc3];
    if i.get(F::Compr) != 0 {
        VSRC[k / 2]
    } else {
        VSRC[k]
    }
}

fn operand(out: &mut String, i: &Instr, s: &Slot, llvm: bool) -> bool {
    match s.role {
        // A reserved value: clrxdisasm's `ill_10` / `invalid_3` (for the comment of a data
        // line: clrxasm reads neither).
        Role::Target => {
            let ok = target_name(out, s.val);
            if !ok && !llvm {
                out.push_str(if s.val < 10 { "ill_0" } else { "ill_" });
                dec(out, s.val);
            }
            ok
        }
        Role::Attr => {
            attr(out, s.val);
            true
        }
        Role::InterpParam => match INTERP_PARAMS.get(s.val as usize) {
            Some(p) => {
                out.push_str(p);
                true
            }
            None => {
                if !llvm {
                    out.push_str("invalid_");
                    dec(out, s.val);
                }
                false
            }
        },
        _ if s.is_off() => {
            out.push_str("off");
            true
        }
        _ if llvm => super::llvm::operand_text(out, i.arch, s, None),
        _ => {
            super::clrx::operand(out, i.arch, s, None, false, None);
            true
        }
    }
}

/// Appends the text of EXP/VINTRP word `i` of row `d` named `name`; `false` where the
/// dialect cannot say it (see [`loses`]).
pub fn print(out: &mut String, i: &Instr, d: &InstrDef, name: &str, syntax: Syntax) -> bool {
    let llvm = syntax == Syntax::Llvm;
    if llvm && loses(i, d, true) {
        return false;
    }
    let start = out.len();
    out.push_str(name);
    if llvm && i.enc == Enc::Vintrp && i.arch.is_vi_plus() {
        out.push_str("_e32");
    }
    let ops = operands(i, d);
    for (k, s) in ops.as_slice().iter().enumerate() {
        // CLRX writes a comma after EXP's target.
        let space = k == 0 || (k == 1 && llvm && d.form == Form::Exp);
        out.push_str(if space { " " } else { ", " });
        if !operand(out, i, s, llvm) && llvm {
            out.truncate(start);
            return false;
        }
    }
    for (f, m) in [(F::Done, " done"), (F::Compr, " compr"), (F::Vm, " vm")] {
        if i.get(f) != 0 {
            out.push_str(m);
        }
    }
    // clrxdisasm's notes for the VSRC fields no source shows.
    if !llvm && d.form == Form::Exp {
        const VSRC: [F; 4] = [F::ExpSrc0, F::ExpSrc1, F::ExpSrc2, F::ExpSrc3];
        let en = i.get(F::En);
        for (k, f) in VSRC.iter().enumerate() {
            let shown = if i.get(F::Compr) != 0 {
                k < 2 && en >> (2 * k) & 3 != 0
            } else {
                en >> k & 1 != 0
            };
            if !shown && i.get(*f) != 0 {
                out.push_str(" vsrc");
                dec(out, k as u32);
                out.push('=');
                super::text::hex(out, i.get(*f) as u64);
            }
        }
    }
    true
}

/// clrxdisasm's text of VINTRP's unused opcode 3: `VINTRP_ill_3 vD, vS, attrN.C`.
pub fn print_illegal(out: &mut String, i: &Instr) {
    out.push_str("VINTRP_ill_");
    dec(out, i.opcode as u32);
    out.push_str(" v");
    dec(out, i.get(F::Vdst));
    out.push_str(", v");
    dec(out, i.get(F::Src0));
    out.push_str(", ");
    attr(out, i.get(F::Attr) << 2 | i.get(F::AttrChan));
}

/// Would the text of this word read back as other words in the dialect's assembler
/// (`llvm`: llvm-mc's, else clrxasm's)? Bits no field holds, reserved targets and
/// V_INTERP_MOV parameters, VSRC fields of disabled or compressed-away EXP sources, and the
/// enable patterns of compressed exports the assembler writes otherwise (llvm-mc enables the
/// pairs whole; clrxasm takes VSRC0/VSRC1 from the first source of each pair).
pub fn loses(i: &Instr, d: &InstrDef, llvm: bool) -> bool {
    if crate::decode::unused_bits(i) != 0 {
        return true;
    }
    let ops = operands(i, d);
    let mut scratch = String::new();
    if !ops.as_slice().iter().all(|s| match s.role {
        Role::Target | Role::InterpParam => operand(&mut scratch, i, s, false),
        _ => true,
    }) {
        return true;
    }
    if d.form != Form::Exp {
        return false;
    }
    let en = i.get(F::En);
    if i.get(F::Compr) == 0 {
        return (0..4).any(|k| en >> k & 1 == 0 && i.get(exp_source_field(i, k)) != 0);
    }
    let pairs = [(0x3, F::ExpSrc0), (0xc, F::ExpSrc1)];
    let unused =
        pairs.iter().any(|&(p, f)| en & p == 0 && i.get(f) != 0) || i.get(F::ExpSrc2) != 0 || i.get(F::ExpSrc3) != 0;
    let pattern = if llvm {
        pairs.iter().any(|&(p, _)| en & p != 0 && en & p != p)
    } else {
        // The second source of a pair alone: clrxasm leaves its VSRC field zero.
        pairs.iter().any(|&(p, f)| en & p == p & 0xa && i.get(f) != 0)
    };
    unused || pattern
}

#[cfg(test)]
mod tests {
    use crate::arch::Arch;
    use crate::asm::{assemble, Dialect};
    use crate::decode::decode;
    use crate::diag::Severity;
    use crate::syntax::{to_text, Syntax};

    /// Words and the texts llvm-mc 14 (fiji) and clrxdisasm print for them.
    #[test]
    fn texts_as_the_oracles_print_them() {
        for (w, llvm, clrx) in [
            (
                vec![0xd408_0302],
                "v_interp_p1_f32_e32 v2, v2, attr0.w",
                "v_interp_p1_f32 v2, v2, attr0.w",
            ),
            (
                vec![0xd7fe_fc02],
                "v_interp_mov_f32_e32 v255, p0, attr63.x",
                "v_interp_mov_f32 v255, p0, attr63.x",
            ),
            (
                vec![0xc400_180f, 0x0403_0201],
                "exp mrt0 v1, v2, v3, v4 done vm",
                "exp mrt0, v1, v2, v3, v4 done vm",
            ),
            (
                vec![0xc400_0090, 0],
                "exp null off, off, off, off",
                "exp null, off, off, off, off",
            ),
            (
                vec![0xc400_0403, 0x0000_0001],
                "exp mrt0 v1, v1, off, off compr",
                "exp mrt0, v1, v1, off, off compr",
            ),
            (
                vec![0xc400_03ff, 0x0403_0201],
                "exp param31 v1, v2, v3, v4",
                "exp param31, v1, v2, v3, v4",
            ),
        ] {
            let i = decode(Arch::Gcn12, &w).unwrap();
            assert_eq!(to_text(&i, Syntax::Llvm), llvm, "{w:08x?}");
            assert_eq!(to_text(&i, Syntax::Clrx), clrx, "{w:08x?}");
        }
        // Unused VSRC fields (clrxdisasm's notes clrxasm does not read), a reserved target.
        for w in [[0xc400_1c0f, 0x0403_0201], [0xc400_00af, 0x0403_0201]] {
            let i = decode(Arch::Gcn12, &w).unwrap();
            assert!(to_text(&i, Syntax::Llvm).starts_with(".long"));
            assert!(to_text(&i, Syntax::Clrx).starts_with(".int"));
        }
        let i = decode(Arch::Gcn12, &[0xc400_1c0f, 0x0403_0201]).unwrap();
        assert!(to_text(&i, Syntax::Clrx).ends_with("compr vm vsrc2=0x3 vsrc3=0x4 */"));
    }

    /// Each assembler's reading: the comma after the target (clrxasm needs it), how `compr`
    /// pairs the sources, the modifier order llvm-mc wants.
    #[test]
    fn assembles_as_the_oracles_do() {
        for (arch, dialect, text, want) in [
            (
                Arch::Gcn10,
                Dialect::Llvm,
                "v_interp_p1_f32 v1, v2, attr3.y",
                Some(vec![0xc804_0d02u32]),
            ),
            (
                Arch::Gcn12,
                Dialect::Clrx,
                "v_interp_mov_f32 v1, P20, attr3.y",
                Some(vec![0xd406_0d01]),
            ),
            (Arch::Gcn12, Dialect::Llvm, "v_interp_mov_f32 v1, P20, attr3.y", None),
            (Arch::Gcn12, Dialect::Llvm, "v_interp_p1_f32 v1, v2, attr64.w", None),
            (
                Arch::Gcn12,
                Dialect::Llvm,
                "exp mrt0 v1, v2, v3, v4",
                Some(vec![0xc400_000f, 0x0403_0201]),
            ),
            (
                Arch::Gcn12,
                Dialect::Clrx,
                "exp mrt0, v1, v2, v3, v4",
                Some(vec![0xc400_000f, 0x0403_0201]),
            ),
            (
                Arch::Gcn10,
                Dialect::Clrx,
                "exp null, off, off, off, off done",
                Some(vec![0xf800_0890, 0]),
            ),
            (
                Arch::Gcn12,
                Dialect::Llvm,
                "exp mrt0 v1, off, v2, off compr",
                Some(vec![0xc400_040f, 0x0000_0201]),
            ),
            (
                Arch::Gcn12,
                Dialect::Clrx,
                "exp mrt0, v1, off, v2, off compr",
                Some(vec![0xc400_0405, 0x0000_0201]),
            ),
            (Arch::Gcn12, Dialect::Clrx, "exp mrt0, v1, v3, v2, v4 compr", None),
            (Arch::Gcn12, Dialect::Llvm, "exp mrt0 v1, v2, v3, v4 vm done", None),
            (Arch::Gcn12, Dialect::Llvm, "exp pos4 v1, v2, v3, v4", None),
        ] {
            let (items, diags) = assemble(arch, dialect, "t.s", text);
            let got = (!diags.iter().any(|d| d.severity == Severity::Error))
                .then(|| items.iter().flat_map(|i| i.words().to_vec()).collect::<Vec<u32>>());
            assert_eq!(got, want, "{arch} {dialect:?} {text}");
        }
    }
}
