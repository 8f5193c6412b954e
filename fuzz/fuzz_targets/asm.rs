//! The assembler on any text, in each dialect: diagnostics or words, never a panic; what it
//! assembles must decode to the same words.
#![no_main]
use gcnkit::asm::{assemble, Dialect};
use gcnkit::{decode::decode, Arch};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&a, rest)) = data.split_first() else { return };
    let arch = Arch::ALL[(a & 3) as usize];
    let dialect = [Dialect::Auto, Dialect::Clrx, Dialect::Llvm][((a >> 2) % 3) as usize];
    let text = String::from_utf8_lossy(rest);
    let (items, diags) = assemble(arch, dialect, "fuzz.s", &text);
    for d in &diags {
        let _ = d.to_string();
    }
    for it in &items {
        if !it.data {
            let i = decode(arch, it.words()).expect("assembled words decode");
            assert_eq!(i.words(), it.words());
        }
    }
});
