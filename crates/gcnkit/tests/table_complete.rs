//! Every row of the table, on every arch where it exists, has emulator semantics and an
//! operation text for `explain`.

use gcnkit::isa::isa;
use gcnkit::Arch;

#[test]
fn every_row_has_semantics_and_an_operation() {
    let mut missing = Vec::new();
    for d in &isa().defs {
        if let Some(a) = Arch::ALL.into_iter().find(|a| d.exists_on(*a)) {
            if d.sem.is_none() {
                missing.push(format!("{}: no semantics", d.name[a.index()]));
            }
            if d.op.is_none() {
                missing.push(format!("{}: no operation text", d.name[a.index()]));
            }
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
    assert!(isa().defs.len() > 400, "{} rows", isa().defs.len());
}
