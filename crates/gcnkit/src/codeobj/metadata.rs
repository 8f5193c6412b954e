//! The metadata notes of code objects (being written).
