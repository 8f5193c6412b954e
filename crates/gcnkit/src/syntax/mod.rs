//! Text forms of instructions: the CLRX and LLVM dialects (printers now; the parser comes
//! with the assembler), and the JSON record.

pub mod clrx;
pub mod json;
pub mod llvm;
pub mod text;

use crate::instr::Instr;

/// Assembly dialect.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Syntax {
    Clrx,
    Llvm,
}

impl Syntax {
    pub fn name(self) -> &'static str {
        match self {
            Syntax::Clrx => "clrx",
            Syntax::Llvm => "llvm",
        }
    }
}

/// Appends the text of `i` in `syntax` (no newline).
pub fn print(out: &mut String, i: &Instr, syntax: Syntax) {
    match syntax {
        Syntax::Clrx => clrx::print(out, i),
        Syntax::Llvm => llvm::print(out, i),
    }
}

/// The text of `i` in `syntax`.
pub fn to_text(i: &Instr, syntax: Syntax) -> String {
    let mut s = String::with_capacity(64);
    print(&mut s, i, syntax);
    s
}
