//! Every vector-ALU row of the table (VOP1, VOP2, VOPC and their VOP3 forms, GCN 1.4's VOP3P),
//! on every arch where it exists, has emulator semantics and an operation text for `explain`.
//!
//! The scalar rows (SOP1/SOP2/SOPK/SOPC/SOPP, SMRD/SMEM) are left out: the emulator has no
//! scalar unit yet (its execution comes later), so they carry no semantics.

use gcnkit::isa::{isa, Short};
use gcnkit::Arch;

#[test]
fn every_vector_row_has_semantics_and_an_operation() {
    let mut missing = Vec::new();
    let mut vector = 0;
    for d in isa()
        .defs
        .iter()
        .filter(|d| d.short.is_vop() || d.short == Short::Vop3p)
    {
        if let Some(a) = Arch::ALL.into_iter().find(|a| d.exists_on(*a)) {
            vector += 1;
            if d.sem.is_none() {
                missing.push(format!("{}: no semantics", d.name[a.index()]));
            }
            if d.op.is_none() {
                missing.push(format!("{}: no operation text", d.name[a.index()]));
            }
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
    assert!(vector > 480, "{vector} vector-ALU rows");
}

/// A row is flagged approximate (the fidelity report's class) exactly when its operation text
/// says the hardware may differ in the last bit; the transcendentals are among them.
#[test]
fn approximate_rows_are_the_ones_their_text_says() {
    use gcnkit::isa::Flags;
    let mut approx = Vec::new();
    for d in isa().defs.iter() {
        let says = d.op.is_some_and(|t| t.contains("hardware may differ in the last bit"));
        let name = Arch::ALL
            .into_iter()
            .find(|a| d.exists_on(*a))
            .map_or("?", |a| d.name[a.index()]);
        assert_eq!(d.flags.has(Flags::APPROX), says, "{name}");
        if says {
            approx.push(name);
        }
    }
    for n in [
        "v_rcp_f32",
        "v_rsq_f64",
        "v_sqrt_f32",
        "v_exp_f32",
        "v_log_f32",
        "v_sin_f32",
        "v_cos_f32",
    ] {
        assert!(approx.contains(&n), "{n} is not approximate: {approx:?}");
    }
    assert!(!approx.contains(&"v_add_f32") && !approx.contains(&"v_fma_f32"));
}
