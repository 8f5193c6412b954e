//! One instruction per run (the cheap form of `decode`): decode the first instruction of the
//! bytes, print it in both dialects and as JSON, and round-trip it through the assembler.
//! One word per execution keeps runs short, so the fuzzer covers far more words per second.
#![no_main]
use gcnkit::{decode::decode, proof, syntax, Arch, Enc};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&a, rest)) = data.split_first() else { return };
    let arch = Arch::ALL[(a & 3) as usize];
    let mut w = [0u32; 3];
    for (slot, c) in w.iter_mut().zip(rest.chunks(4)) {
        let mut b = [0u8; 4];
        b[..c.len()].copy_from_slice(c);
        *slot = u32::from_le_bytes(b);
    }
    let n = rest.len().div_ceil(4).clamp(1, 3);
    let Ok(i) = decode(arch, &w[..n]) else { return };
    let mut s = String::new();
    syntax::print(&mut s, &i, syntax::Syntax::Clrx);
    syntax::print(&mut s, &i, syntax::Syntax::Llvm);
    syntax::json::record(&mut s, &i, 0, syntax::Syntax::Llvm);
    if i.enc != Enc::Other {
        for syn in [syntax::Syntax::Clrx, syntax::Syntax::Llvm] {
            if let proof::Outcome::Mismatch(m) = proof::check(arch, &w, syn) {
                panic!("round trip: {m}");
            }
        }
    }
});
