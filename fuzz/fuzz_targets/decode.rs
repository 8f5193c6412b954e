//! Decoder + both printers + JSON + the round trip through the assembler
//! (`gcnkit::proof::print_and_round_trip`), for every instruction of any bytes.
#![no_main]
use gcnkit::{decode::decode, proof, Arch};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&a, rest)) = data.split_first() else { return };
    let arch = Arch::ALL[(a & 3) as usize];
    let words: Vec<u32> = rest
        .chunks(4)
        .map(|c| {
            let mut b = [0u8; 4];
            b[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(b)
        })
        .collect();
    let mut pos = 0;
    while pos < words.len() {
        let Ok(i) = decode(arch, &words[pos..]) else { break };
        if let Err(m) = proof::print_and_round_trip(&i) {
            panic!("round trip: {m}");
        }
        pos += i.len as usize;
    }
});
