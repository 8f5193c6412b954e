//! TEMPORARY stand-in for `syntax::special` (being written): raw values only.
use super::text::hex;
use super::Syntax;
use crate::arch::Arch;
use crate::asm::Dialect;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Kind {
    Waitcnt,
    Hwreg,
    Sendmsg,
    GprIdx,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SpecErr {
    pub start: usize,
    pub end: usize,
    pub msg: String,
    pub help: Option<String>,
}

pub fn print(out: &mut String, _k: Kind, _a: Arch, syn: Syntax, v: u32) -> bool {
    hex(out, v as u64);
    syn == Syntax::Clrx
}

pub fn parse(_k: Kind, _a: Arch, _d: Dialect, _text: &str) -> Result<Option<(u32, usize)>, SpecErr> {
    Ok(None)
}
