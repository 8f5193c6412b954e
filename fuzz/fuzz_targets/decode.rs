//! Decoder + both printers + JSON + the round trip through the assembler, on any bytes.
#![no_main]
use gcnkit::{decode::decode, proof, syntax, Arch, Enc};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&a, rest)) = data.split_first() else { return };
    let arch = Arch::ALL[(a & 3) as usize];
    let words: Vec<u32> = rest.chunks(4).map(|c| {
        let mut b = [0u8; 4];
        b[..c.len()].copy_from_slice(c);
        u32::from_le_bytes(b)
    }).collect();
    let mut pos = 0;
    while pos < words.len() {
        let Ok(i) = decode(arch, &words[pos..]) else { break };
        let mut s = String::new();
        syntax::print(&mut s, &i, syntax::Syntax::Clrx);
        syntax::print(&mut s, &i, syntax::Syntax::Llvm);
        syntax::json::record(&mut s, &i, pos * 4, syntax::Syntax::Llvm);
        if i.enc != Enc::Other && a & 4 != 0 {
            let mut w = i.words().to_vec();
            w.resize(3, 0);
            for syn in [syntax::Syntax::Clrx, syntax::Syntax::Llvm] {
                if let proof::Outcome::Mismatch(m) = proof::check(arch, &w, syn) {
                    panic!("round trip: {m}");
                }
            }
        }
        pos += i.len as usize;
    }
});
