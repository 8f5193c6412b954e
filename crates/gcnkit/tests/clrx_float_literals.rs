//! Floats written for vector-ALU operands in the CLRX dialect, against live clrxasm (with
//! `GCNKIT_CLRX_DIR`): every VOP1, VOP2 and VOPC row of every generation with a float in SRC0
//! of its 32-bit form, with a scalar SRC1 (the statement then takes VOP3, which clrxasm reads
//! with its VOP2 row), in SRC0 of the VOP3-only rows, and in each source of every VOP3P row
//! (GCN 1.4 and 1.4.1); each value in many spellings (half,
//! single and double suffixes, values that round to an inline constant or to zero in the
//! operand's format, denormals, negative zero, `lit()`), each also under `.buggyfplit`
//! (clrxasm 0.1.2's reading). Each line gives clrxasm's words or is refused by both
//! assemblers.

mod common;

use gcnkit::asm::{assemble, Dialect};
use gcnkit::diag::Severity;
use gcnkit::enc::F;
use gcnkit::isa::{isa, DefId, Short, X};
use gcnkit::sample::{instr, Knobs};
use gcnkit::syntax::{to_text, Syntax};
use gcnkit::Arch;

const VALUES: &[&str] = &[
    "1.7",
    "0.5",
    "-2.0",
    "4.0",
    "0.15915494",
    "0.15915494309189532",
    "0.1592h",
    "0.1592s",
    "1.0h",
    "1.0s",
    "1.0l",
    "0.5s",
    "0.5h",
    "-4.0s",
    "4.0h",
    "2.0l",
    "1.7l",
    "0.0",
    "-0.0",
    "0.0h",
    "65504.0",
    "1e-8",
    "1e-50",
    "3.0",
    "1.0000001",
    "1.00000000001",
    "0.50000000000001",
    "-1.0e-40",
    "lit(2.0)",
    "lit(0.0)",
    "1.5e38",
];

/// The row's CLRX text with `value` in place of SRC0 (the 32-bit form, or the VOP3 form of a
/// row without one) and, for `scalar1`, SGPR 5 as SRC1; `None` when the row takes no such form.
fn line(arch: Arch, id: DefId, value: &str, scalar1: bool) -> Option<String> {
    let d = isa().def(id);
    let vop3 = d.e32[arch.index()] == X;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ id as u64;
    let mut r = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let knobs = Knobs {
        scalars: false,
        literals: false,
        modifiers: false,
    };
    let mut i = instr(&mut r, arch, id, vop3, knobs)?;
    // SRC0: a marker literal (32-bit form) or the inline constant 4.0 (VOP3), replaced below.
    let marker = if vop3 {
        i.set(F::Src0, 246);
        "4.0"
    } else {
        i.set(F::Src0, 255);
        i.literal = Some(0x1234_5678);
        "0x12345678"
    };
    // (V_MADMK/V_MADAK with a scalar SRC1 would need their VOP3 form, and `lit()` on their
    // constant is not parsed: clrxasm refuses both, and so must gcnkit.)
    if scalar1 {
        if vop3 || d.short == Short::Vop1 {
            return None;
        }
        i.set(F::Vsrc1, 217);
    }
    let text = to_text(&i, Syntax::Clrx);
    let text = text.split("/*").next().unwrap().trim_end().to_string();
    // (V_MADMK/V_MADAK print their constant as the literal too: both become the value.)
    text.find(marker)?;
    let mut t = text.replace(marker, value);
    if scalar1 {
        t = t.replacen("v217", "s5", 1);
    }
    Some(t)
}

/// Every VOP3P row of `arch` (GCN 1.4 and 1.4.1) with each value in each source in turn
/// (the others VGPRs).
fn vop3p_lines(arch: Arch) -> Vec<String> {
    let mut lines = Vec::new();
    for d in isa()
        .defs
        .iter()
        .filter(|d| d.short == Short::Vop3p && d.exists_on(arch))
    {
        let n = d.form.nsrc();
        for k in 0..n {
            for v in VALUES {
                let srcs: Vec<String> = (0..n)
                    .map(|j| if j == k { v.to_string() } else { format!("v{}", 2 + j) })
                    .collect();
                lines.push(format!("{} v1, {}", d.name[arch.index()], srcs.join(", ")));
            }
        }
    }
    lines
}

#[test]
fn floats_in_vector_operands_are_read_as_clrxasm_reads_them() {
    if common::clrx::dir().is_none() {
        eprintln!("SKIPPED: GCNKIT_CLRX_DIR does not name clrxasm's directory");
        return;
    }
    let mut report = Vec::new();
    let (mut same, mut refused) = (0, 0);
    for arch in [Arch::Gcn10, Arch::Gcn11, Arch::Gcn12, Arch::Gcn14, Arch::Gcn141] {
        let mut lines = vop3p_lines(arch);
        for (n, d) in isa().defs.iter().enumerate() {
            if arch == Arch::Gcn141 {
                break;
            }
            if !matches!(d.short, Short::Vop1 | Short::Vop2 | Short::Vopc) || !d.exists_on(arch) {
                continue;
            }
            for v in VALUES {
                for scalar1 in [false, true] {
                    if let Some(l) = line(arch, n as DefId, v, scalar1) {
                        lines.push(l);
                    }
                }
            }
        }
        // And each again under `.buggyfplit` (clrxasm 0.1.2's reading).
        let buggy: Vec<String> = lines.iter().map(|l| format!(".buggyfplit; {l}")).collect();
        lines.extend(buggy);
        let theirs = common::clrx::assemble(arch, &lines);
        for (l, t) in lines.iter().zip(theirs) {
            let (items, diags) = assemble(arch, Dialect::Clrx, "t.s", l);
            let ours = (!diags.iter().any(|d| d.severity == Severity::Error)).then(|| {
                items
                    .iter()
                    .flat_map(|it| {
                        let i = it.instr(arch);
                        i.words[..i.len as usize].to_vec()
                    })
                    .collect::<Vec<u32>>()
            });
            match (ours, t) {
                (Some(a), Ok(b)) if a == b => same += 1,
                (None, Err(_)) => refused += 1,
                (a, b) => report.push(format!("{arch:?} {l}: gcnkit {a:x?}, clrxasm {b:x?}")),
            }
        }
    }
    eprintln!("{same} lines as clrxasm writes them, {refused} refused by both");
    assert!(report.is_empty(), "{} differ:\n{}", report.len(), report.join("\n"));
    assert!(same > 100_000 && refused > 10_000, "{same} same, {refused} refused");
}
