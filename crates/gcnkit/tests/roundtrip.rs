//! Round trip: for every instruction the disassembler prints, in either dialect, assembling the
//! text gives back the same words — or, for hardware words that break an operand rule (two
//! SGPRs read, LDS_DIRECT outside SRC0...) or use an unused opcode, the text may be rejected
//! (`gcnkit::proof` classifies). The exhaustive version is `examples/exhaustive.rs`.

mod common;

use common::{env_n, seed, Rng};
use gcnkit::isa::isa;
use gcnkit::proof::{check, Outcome};
use gcnkit::sample::{instr_in, Knobs, Variant};
use gcnkit::syntax::Syntax;
use gcnkit::Arch;

fn run(words: &[u32], arch: Arch, fails: &mut Vec<String>, same: &mut usize) {
    for syn in [Syntax::Clrx, Syntax::Llvm] {
        match check(arch, words, syn) {
            Outcome::Mismatch(m) => fails.push(m),
            Outcome::Same => *same += 1,
            _ => {}
        }
    }
}

#[test]
fn table_instructions_round_trip_both_dialects() {
    let mut rng = Rng(seed() ^ 0x77);
    let (mut fails, mut same, mut n) = (Vec::new(), 0, 0);
    for arch in Arch::EVERY {
        for id in 0..isa().defs.len() as u16 {
            for v in Variant::ALL {
                for k in 0..6 {
                    let knobs = if k == 0 {
                        Knobs {
                            scalars: false,
                            literals: false,
                            modifiers: false,
                        }
                    } else {
                        Knobs::default()
                    };
                    let mut r = || rng.next();
                    let Some(i) = instr_in(&mut r, arch, id, v, knobs) else {
                        continue;
                    };
                    let mut w = i.words().to_vec();
                    w.resize(3, 0);
                    n += 2;
                    run(&w, arch, &mut fails, &mut same);
                }
            }
        }
    }
    for f in fails.iter().take(50) {
        eprintln!("{f}");
    }
    assert!(fails.is_empty(), "{} of {n} round trips failed", fails.len());
    // The generated instructions are valid: nearly all must come back exactly.
    assert!(same * 10 > n * 9, "only {same} of {n} came back exactly");
}

#[test]
fn random_words_round_trip_both_dialects() {
    let mut rng = Rng(seed() ^ 0x99);
    let count: usize = env_n("GCNKIT_RT_N", 20000);
    let (mut fails, mut same) = (Vec::new(), 0);
    for arch in Arch::EVERY {
        for _ in 0..count {
            let w0 = rng.next() as u32;
            let w0 = match rng.below(6) {
                0 => w0 & 0x7fff_ffff,                  // VOP2, VOPC, VOP1
                1 => (w0 & 0x01ff_ffff) | (0x3e << 25), // VOPC
                2 => (w0 & 0x03ff_ffff) | (0x34 << 26), // VOP3
                3 => (w0 & 0x3fff_ffff) | 0x8000_0000,  // SOP2, SOPK, SOP1, SOPC, SOPP
                4 => (w0 & 0x017f_ffff) | 0xbe80_0000,  // SOP1, SOPC, SOPP
                _ => (w0 & 0x07ff_ffff) | 0xc000_0000,  // SMRD / SMEM
            };
            run(&[w0, rng.next() as u32, rng.next() as u32], arch, &mut fails, &mut same);
        }
    }
    for f in fails.iter().take(50) {
        eprintln!("{f}");
    }
    assert!(fails.is_empty(), "{} round trips failed", fails.len());
    assert!(same > count * 4, "only {same} exact round trips");
}

/// Inputs the fuzzers found (fuzz/artifacts), kept as regression cases.
#[test]
fn fuzz_regressions() {
    let cases: &[(Arch, [u32; 3])] = &[
        // v_min_i16 with the literal 0xffffffff: CLRX prints lit(-1), which must keep all
        // 32 bits of the literal dword.
        (Arch::Gcn12, [0x647070ff, 0xffffffff, 0]),
        // From the exhaustive VOP3 sweep: CLRX's pair spelling of V_CMP_CLASS_F64's class mask
        // at the end of the SGPR / TTMP file (s101, ttmp11) would name s102 / ttmp12.
        (Arch::Gcn12, [0xd013e160, 0xbe80f680, 0]),
        (Arch::Gcn12, [0xd012e546, 0x0c0ccbbb, 0]),
    ];
    for (arch, w) in cases {
        for syn in [Syntax::Clrx, Syntax::Llvm] {
            let o = check(*arch, w, syn);
            assert!(!matches!(o, Outcome::Mismatch(_)), "{o:?}");
        }
    }
}

/// From the sampled exhaustive sweep: a literal dword that no operand of the row shows
/// (V_CLREXCP, S_GETPC_B64 and S_SET_GPR_IDX_ON with the literal code in a source field they
/// print as a raw number). clrxdisasm's text drops the dword; gcnkit's CLRX text is data.
#[test]
fn literal_no_operand_shows() {
    use gcnkit::syntax::{to_text, Syntax};
    let cases: &[[u32; 2]] = &[
        [0x7f6c6aff, 0x848f3719], // v_clrexcp vdst=0xb6 src0=0xff
        [0xbef21cff, 0x933a0fa4], // s_getpc_b64 ttmp[..] ssrc=0xff
        [0xbf11ffc8, 0x41b89642], // s_set_gpr_idx_on -8, 0xff
    ];
    for arch in [Arch::Gcn12, Arch::Gcn14] {
        for w in cases {
            let i = gcnkit::decode::decode(arch, w).unwrap();
            assert_eq!(i.len, 2, "{arch} {w:08x?}: the literal is part of the instruction");
            let text = to_text(&i, Syntax::Clrx);
            assert!(text.starts_with(".int "), "{arch} {w:08x?}: {text}");
            for syn in [Syntax::Clrx, Syntax::Llvm] {
                let o = check(arch, w, syn);
                assert!(!matches!(o, Outcome::Mismatch(_)), "{arch} {w:08x?} {syn:?}: {o:?}");
            }
        }
    }
}
