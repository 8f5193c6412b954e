//! The CLRX dialect against CLRX itself (clrxdisasm and clrxasm as a live oracle), on random
//! words and random instructions of every row, on all four archs. Runs when `GCNKIT_CLRX_DIR`
//! names the built binaries (`../shared/tools/build-clrx`; CI has no CLRX, and says so below);
//! `GCNKIT_CLRX_N` scales it.
//!
//! - Disassembly: the same text as clrxdisasm for every word, or — where clrxdisasm's text loses
//!   bits (clrxasm reads it back as other words, or not at all) — text that clrxasm reads back to
//!   the same words, or a data line.
//! - Assembly: gcnkit's CLRX text of random valid instructions assembles to the same words with
//!   clrxasm and with gcnkit.

mod common;

use common::{clrx, env_n, seed, Rng};
use gcnkit::asm::{assemble, Dialect};
use gcnkit::decode::decode_all;
use gcnkit::diag::Severity;
use gcnkit::isa::isa;
use gcnkit::sample::{instr_in, Knobs, Variant};
use gcnkit::syntax::{to_text, Syntax};
use gcnkit::{Arch, Enc};

fn strip_comments(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(p) = rest.find("/*") {
        out.push_str(&rest[..p]);
        rest = rest[p..].find("*/").map(|e| &rest[p + e + 2..]).unwrap_or("");
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn oracle_here() -> bool {
    if clrx::dir().is_none() {
        eprintln!(
            "NOTE: GCNKIT_CLRX_DIR is not set: the CLRX live oracle did not run (see ../shared/tools/build-clrx)"
        );
        return false;
    }
    true
}

/// Random words of the classes gcnkit covers (the vector ALU: VOP2, VOPC, VOP1, VOP3; the
/// scalar ALU: SOP2, SOPK, SOP1, SOPC, SOPP; scalar memory: SMRD, SMEM; DS, FLAT, MUBUF, MTBUF, MIMG): each instruction in
/// two words, a one-word instruction followed by `s_nop 0`, so both disassemblers stay in
/// step.
fn random_words(r: &mut Rng, a: Arch, n: usize) -> Vec<u32> {
    use gcnkit::instr::Enc;
    let mut w = Vec::new();
    while w.len() < 2 * n {
        let x = r.next() as u32;
        let vi = a.is_vi_plus();
        let first = match r.below(13) {
            11 => 0xf000_0000 | (x & 0x03ff_ffff),                                  // MIMG
            9 => (if vi { 0xd400_0000 } else { 0xc800_0000 }) | (x & 0x03ff_ffff),  // VINTRP
            10 => (if vi { 0xc400_0000 } else { 0xf800_0000 }) | (x & 0x0000_1fff), // EXP
            0 => x & 0x7fff_ffff,                                                   // VOP2, VOPC, VOP1
            1 => 0x7e00_0000 | (x & 0x01ff_ffff),                                   // VOP1
            2 => 0xd000_0000 | (x & 0x03ff_ffff),                                   // VOP3
            3 => 0x8000_0000 | (x & 0x3fff_ffff),                                   // SOP2, SOPK, SOP1, SOPC, SOPP
            4 => 0xbe80_0000 | (x & 0x017f_ffff),                                   // SOP1, SOPC, SOPP
            5 => 0xd800_0000 | (x & 0x03ff_ffff),                                   // DS
            6 => 0xdc00_0000 | (x & 0x03ff_ffff),                                   // FLAT
            7 => 0xe000_0000 | (x & 0x03ff_ffff),                                   // MUBUF
            8 => 0xe800_0000 | (x & 0x03ff_ffff),                                   // MTBUF
            _ => 0xc000_0000 | (x & 0x07ff_ffff),                                   // SMRD / SMEM
        };
        let second = r.next() as u32;
        let Ok(i) = gcnkit::decode::decode(a, &[first, second]) else {
            continue;
        };
        let covered = matches!(
            i.enc,
            Enc::Vop2
                | Enc::Vopc
                | Enc::Vop1
                | Enc::Vop3a
                | Enc::Vop3b
                | Enc::Sop2
                | Enc::Sopk
                | Enc::Sop1
                | Enc::Sopc
                | Enc::Sopp
                | Enc::Smrd
                | Enc::Smem
                | Enc::Ds
                | Enc::Flat
                | Enc::Mubuf
                | Enc::Mtbuf
                | Enc::Vop3p
                | Enc::Vintrp
                | Enc::Exp
                | Enc::Mimg
        ) || i.enc.is_ext();
        if !covered {
            continue;
        }
        w.extend_from_slice(i.words());
        if i.len == 1 {
            w.push(0xbf80_0000);
        }
    }
    w
}

#[test]
fn disassembly_matches_clrxdisasm() {
    if !oracle_here() {
        return;
    }
    let mut rng = Rng(seed() ^ 0xc1c1);
    let n = env_n("GCNKIT_CLRX_N", 3000);
    let mut fails = Vec::new();
    let (mut same, mut lossless, mut clrxasm_reads, mut rule_broken) = (0, 0, 0, 0);
    for a in Arch::EVERY {
        let mut words = random_words(&mut rng, a, n);
        // Every row in each of its encodings, plain and with random operands.
        for id in 0..isa().defs.len() as u16 {
            for v in Variant::ALL {
                for knobs in [
                    Knobs {
                        scalars: false,
                        literals: false,
                        modifiers: false,
                    },
                    Knobs::default(),
                ] {
                    let mut r = || rng.next();
                    if let Some(i) = instr_in(&mut r, a, id, v, knobs) {
                        words.extend_from_slice(i.words());
                        if i.len == 1 {
                            words.push(0xbf80_0000);
                        }
                    }
                }
            }
        }
        let theirs: std::collections::HashMap<usize, String> = clrx::disassemble(a, &words).into_iter().collect();
        // (words, gcnkit's text, clrxdisasm's text) where the two differ.
        let mut differ = Vec::new();
        for (off, r) in decode_all(a, &words) {
            let Ok(i) = r else { break };
            if i.enc == Enc::Other {
                continue;
            }
            let Some(want) = theirs.get(&off) else {
                fails.push(format!("{a} @{off:#x}: clrxdisasm printed nothing here"));
                continue;
            };
            // At its offset in the file clrxdisasm read (branch targets are absolute labels).
            let mut text = String::new();
            let at = gcnkit::syntax::At {
                offset: off,
                labels: None,
            };
            gcnkit::syntax::print_at(&mut text, &i, Syntax::Clrx, &at);
            if strip_comments(&text) == strip_comments(want) {
                same += 1;
            } else if gcnkit::proof::broken_rule(&i).is_some() || i.def.is_none() {
                // Operands no assembler takes (a constant as a destination, a reserved code...),
                // or an opcode the arch does not define: neither text can be read back.
                rule_broken += 1;
            } else {
                differ.push((i.words().to_vec(), text, want.clone()));
            }
        }
        // Where the texts differ, clrxdisasm's must lose bits (clrxasm reads it as other words
        // or not at all) and gcnkit's must not: a data line, or text clrxasm reads back.
        let texts: Vec<String> = differ.iter().flat_map(|(_, g, c)| [g.clone(), c.clone()]).collect();
        let back = clrx::assemble(a, &texts);
        for (k, (w, g, c)) in differ.iter().enumerate() {
            // gcnkit's text reads back to the words: with clrxasm, or — where it holds notes for
            // raw fields that clrxdisasm writes and clrxasm does not read (`vsrc2=0x1c8`), or
            // operand codes that name nothing (`ill_249`) — with gcnkit's CLRX dialect.
            let by_clrxasm = back[2 * k].as_ref().is_ok_and(|b| b == w);
            let by_gcnkit = || {
                let (items, diags) = assemble(a, Dialect::Clrx, "t.s", g);
                !diags.iter().any(|d| d.severity == Severity::Error)
                    && items.iter().flat_map(|i| i.words().to_vec()).collect::<Vec<_>>() == *w
            };
            let ours_ok = g.starts_with(".int ") || by_clrxasm || by_gcnkit();
            clrxasm_reads += by_clrxasm as usize;
            let theirs_ok = back[2 * k + 1].as_ref().is_ok_and(|b| b == w);
            if !theirs_ok && ours_ok {
                lossless += 1;
            } else {
                let ws: Vec<String> = w.iter().map(|w| format!("{w:08x}")).collect();
                fails.push(format!("{a} {}: gcnkit `{g}`, clrxdisasm `{c}`", ws.join(" ")));
            }
        }
    }
    eprintln!(
        "{} instructions: {same} as clrxdisasm prints them, {lossless} where clrxdisasm's text loses bits and gcnkit's does not ({clrxasm_reads} of those read back by clrxasm too), {rule_broken} differing words that break an operand rule or have an unused opcode",
        same + lossless + rule_broken + fails.len()
    );
    for f in fails.iter().take(40) {
        eprintln!("{f}");
    }
    assert!(fails.is_empty(), "{} differences from clrxdisasm", fails.len());
}

/// A word that breaks no operand rule by LLVM's (the hardware's) count.
fn hardware_valid(a: Arch, words: &[u32]) -> bool {
    match gcnkit::decode::decode(a, words) {
        Ok(i) => i
            .def()
            .is_some_and(|d| gcnkit::rules::check_with(&i, d, gcnkit::rules::Policy::Llvm).is_empty()),
        Err(_) => false,
    }
}

#[test]
fn assembly_matches_clrxasm() {
    if !oracle_here() {
        return;
    }
    let mut rng = Rng(seed() ^ 0xa55e);
    let per = env_n("GCNKIT_CLRX_ASM_N", 2);
    let mut fails = Vec::new();
    let (mut checked, mut refused_valid) = (0, 0);
    for a in Arch::EVERY {
        let mut texts = Vec::new();
        for id in 0..isa().defs.len() as u16 {
            for v in Variant::ALL {
                for _ in 0..per {
                    let mut r = || rng.next();
                    let Some(i) = instr_in(&mut r, a, id, v, Knobs::default()) else {
                        continue;
                    };
                    let t = to_text(&i, Syntax::Clrx);
                    // clrxasm reads neither the raw-field notes clrxdisasm writes for bits of
                    // operands an instruction lacks (`op_sel=0x6`, `vsrc2=0x1c8`), nor the VOP3
                    // form of V_MADMK/V_MADAK that clrxdisasm writes: gcnkit reads both
                    // (tests/roundtrip.rs, the exhaustive round trip).
                    let madk = matches!(
                        i.def().unwrap().form,
                        gcnkit::isa::Form::Madmk | gcnkit::isa::Form::Madak
                    );
                    // Nor CLRX's spellings of a 64-bit compare's class mask as a register
                    // pair (`vcc_u!`, `m0&ill!`, `v[255:0]`, `s[35:36]`): the mask is 32-bit.
                    let class_pair = i.def().unwrap().flags.has(gcnkit::isa::Flags::CLASS)
                        && i.def().unwrap().src[0].regs() == 2
                        && i.src(1) < 256;
                    if t.contains('=') || (madk && i.enc.is_vop3()) || class_pair || t.contains("[255:0]") {
                        continue;
                    }
                    texts.push(t);
                }
            }
        }
        let theirs = clrx::assemble(a, &texts);
        for (t, o) in texts.iter().zip(&theirs) {
            let (items, diags) = assemble(a, Dialect::Clrx, "t.s", t);
            let g: Result<Vec<u32>, String> = match diags.iter().find(|d| d.severity == Severity::Error) {
                Some(e) => Err(e.message.clone()),
                None => Ok(items.iter().flat_map(|i| i.words().to_vec()).collect()),
            };
            checked += 1;
            match (o, &g) {
                (Ok(w), Ok(gw)) if w == gw => {}
                (Err(_), Err(_)) => {}
                // clrxasm refuses a word that the hardware (and llvm-mc) takes, which gcnkit's
                // CLRX printer writes and so its CLRX dialect reads: V_DIV_FMAS with VCC as a
                // source beside its implicit VCC read.
                (Err(_), Ok(gw)) if hardware_valid(a, gw) => refused_valid += 1,
                _ => fails.push(format!("{a}: `{t}`: clrxasm {o:08x?}, gcnkit {g:08x?}")),
            }
        }
    }
    eprintln!("{checked} instructions compared with clrxasm ({refused_valid} valid words clrxasm refuses)");
    for f in fails.iter().take(40) {
        eprintln!("{f}");
    }
    assert!(fails.is_empty(), "{} differences from clrxasm", fails.len());
}

/// clrxasm's `_sdwa` suffix: without an SDWA modifier, clamp, an output modifier or a VOPC
/// destination other than VCC make it read the statement as VOP3 ("Mixing VOP3 with SDWA");
/// an SDWA modifier or the `sdwa` word makes them SDWA's. gcnkit refuses and takes the same
/// (each refusal below was taken before), with clrxasm's words where it takes them.
#[test]
fn sdwa_suffix_as_clrxasm_reads_it() {
    let cases: [(&str, bool); 12] = [
        ("v_cmp_eq_f32_sdwa s[2:3], v1, v2", false),
        ("v_cmpx_eq_f32_sdwa exec, v1, v2", false),
        ("v_cmp_class_f32_sdwa s[4:5], v1, v2", false),
        ("v_add_f32_sdwa v1, v1, v2 clamp", false),
        ("v_add_f32_sdwa v1, v1, v2 mul:2", false),
        ("v_add_f32_sdwa v1, v1, v2 div:2", false),
        ("v_cmp_eq_f32_sdwa vcc, v1, v2", true),
        ("v_cmp_eq_f32_sdwa s[2:3], v1, v2 src0_sel:word1", true),
        ("v_cmp_eq_f32 s[2:3], v1, v2 sdwa", true),
        ("v_add_f32_sdwa v1, v1, v2 clamp sdwa", true),
        ("v_add_f32_sdwa v1, v1, v2 mul:2 dst_sel:word0", true),
        ("v_add_f32_sdwa v1, -v1, v2", true),
    ];
    let lines: Vec<String> = cases.iter().map(|c| c.0.to_string()).collect();
    let theirs = oracle_here().then(|| clrx::assemble(Arch::Gcn14, &lines));
    for (k, (line, taken)) in cases.iter().enumerate() {
        let (items, diags) = assemble(Arch::Gcn14, Dialect::Clrx, "t.s", line);
        let ours = (!diags.iter().any(|d| d.severity == Severity::Error))
            .then(|| items.iter().flat_map(|i| i.words().to_vec()).collect::<Vec<u32>>());
        assert_eq!(ours.is_some(), *taken, "{line}: {diags:?}");
        if let Some(t) = &theirs {
            assert_eq!(ours, t[k].clone().ok(), "{line}: clrxasm {:?}", t[k]);
        }
    }
}
