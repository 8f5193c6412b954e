//! Atomic read-modify-write operations of the memory rows ([`crate::isa::AtomicOp`]).
