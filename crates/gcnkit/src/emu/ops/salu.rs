//! Scalar-ALU semantics (SOP1, SOP2, SOPK, SOPC), referenced from the rows of `isa/sop.rs`.
