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
