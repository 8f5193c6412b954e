//! Any word sequence, any arch, either dialect, JSON too: output or an error, never a panic;
//! and the JSON record is valid JSON with the contract's keys.

use gcnkit::decode::decode;
use gcnkit::syntax::{json, to_text, Syntax};
use gcnkit::{Arch, Enc};
use proptest::prelude::*;

fn words_strategy() -> impl Strategy<Value = Vec<u32>> {
    // Bias the first word towards the vector-ALU classes so they get most of the cases.
    (0u32..4, any::<u32>(), proptest::collection::vec(any::<u32>(), 0..3)).prop_map(|(class, w, rest)| {
        let w0 = match class {
            0 => w & 0x7fff_ffff,
            1 => (w & 0x01ff_ffff) | (0x3e << 25),
            2 => (w & 0x03ff_ffff) | (0x34 << 26),
            _ => w,
        };
        let mut v = vec![w0];
        v.extend(rest);
        v
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20000, .. ProptestConfig::default() })]

    #[test]
    fn never_panics(a in 0usize..4, words in words_strategy()) {
        let arch = Arch::ALL[a];
        if let Ok(i) = decode(arch, &words) {
            prop_assert!(i.len as usize <= words.len());
            for syn in [Syntax::Clrx, Syntax::Llvm] {
                let t = to_text(&i, syn);
                prop_assert!(!t.is_empty());
                let mut j = String::new();
                json::record(&mut j, &i, 0, syn);
                let v: serde_json::Value = serde_json::from_str(&j).map_err(|e| TestCaseError::fail(format!("{e}: {j}")))?;
                for k in ["offset", "words", "arch", "encoding", "opcode", "mnemonic", "text"] {
                    prop_assert!(v.get(k).is_some(), "missing {} in {}", k, j);
                }
                prop_assert_eq!(v["text"].as_str().unwrap(), t.as_str());
                prop_assert_eq!(v["words"].as_array().unwrap().len(), i.len as usize);
                if i.enc != Enc::Other {
                    for k in ["fields", "operands"] {
                        prop_assert!(v.get(k).is_some(), "missing {} in {}", k, j);
                    }
                }
            }
        }
    }
}

#[test]
fn json_record_matches_contract_example() {
    let i = decode(Arch::Gcn12, &[0xd101_8201, 0x2802_0702]).unwrap();
    let mut j = String::new();
    json::record(&mut j, &i, 0, Syntax::Clrx);
    let v: serde_json::Value = serde_json::from_str(&j).unwrap();
    assert_eq!(v["words"], serde_json::json!(["d1018201", "28020702"]));
    assert_eq!(v["encoding"], "VOP3A");
    assert_eq!(v["opcode"], 257);
    assert_eq!(v["mnemonic"], "v_add_f32");
    assert_eq!(v["text"], "v_add_f32 v1, -v2, abs(v3) mul:2 clamp");
    assert_eq!(v["fields"]["vdst"], serde_json::json!({"bits": [0, 7], "value": 1}));
    assert_eq!(v["fields"]["abs"], serde_json::json!({"bits": [8, 10], "value": 2}));
    assert_eq!(
        v["operands"][0],
        serde_json::json!({"role": "vdst", "kind": "vgpr", "reg": 1, "width": 1, "type": "f32"})
    );
    assert_eq!(v["modifiers"]["neg"], serde_json::json!([true, false, false]));
    assert_eq!(v["modifiers"]["abs"], serde_json::json!([false, true, false]));
    assert_eq!(v["modifiers"]["clamp"], true);
    assert_eq!(v["modifiers"]["omod"], 1);
}

/// Token soup for the assembler: fragments of both dialects glued at random.
fn asm_text() -> impl Strategy<Value = String> {
    let toks = prop::sample::select(vec![
        "v_add_f32",
        "v_add_f32_e64",
        "v_cndmask_b32",
        "v_cmp_lt_f32",
        "v_madmk_f32",
        "v_add_u32",
        "v_addc_co_u32",
        "v_mad_u64_u32",
        "v_div_scale_f32",
        "VOP3A_ill_306",
        "v_readlane_b32",
        "v1",
        "v[2:3]",
        "s[4:5]",
        "s1",
        "vcc",
        "exec",
        "m0",
        "ttmp[0:1]",
        "lds_direct",
        "src_scc",
        "1.5",
        "-2.0",
        "0x12345",
        "lit(3)",
        "neg(",
        "abs(",
        "|",
        "-",
        ")",
        ",",
        ",",
        " ",
        " ",
        ";",
        "//",
        "#",
        "clamp",
        "mul:2",
        "div:2",
        "op_sel:[1,0,1]",
        "vop3",
        "neg:[1,0]",
        "vsrc2=0x1e5",
        "abs2",
        "x",
        "=",
        "@x",
        "%s[0:7]",
        "[",
        "]",
        ":",
        "\n",
        "sext(",
        "1e400",
        "0b101",
        "017",
        "*",
        "+",
        ".long ",
        ".int ",
        "255",
        "~1",
    ]);
    prop::collection::vec(toks, 0..40).prop_map(|v| v.join(""))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, .. ProptestConfig::default() })]

    /// The assembler never panics, in any dialect; what it accepts decodes back to its words,
    /// and every item (data words included) gives a JSON record.
    #[test]
    fn assembler_never_panics(a in 0usize..4, d in 0usize..3, text in asm_text()) {
        use gcnkit::asm::{assemble, Dialect};
        let arch = Arch::ALL[a];
        let dialect = [Dialect::Auto, Dialect::Clrx, Dialect::Llvm][d];
        let (items, diags) = assemble(arch, dialect, "p.s", &text);
        for d in &diags {
            let _ = d.to_string();
        }
        for it in &items {
            if !it.data {
                let i = decode(arch, it.words()).unwrap();
                prop_assert_eq!(i.words(), it.words());
            }
            let mut s = String::new();
            json::record(&mut s, &it.instr(arch), it.offset as usize, Syntax::Llvm);
        }
    }

    /// The emulator never panics, whatever the instruction words and the state.
    #[test]
    fn emulator_never_panics(a in 0usize..4, words in words_strategy(), mode: u32, exec: u64, st in ".{0,40}") {
        use gcnkit::emu::{state, Machine, Wave};
        let arch = Arch::ALL[a];
        let mut w = Wave::new(arch);
        let _ = state::load(&mut w, &st);
        w.mode = mode & 0x3ff;
        w.set_pair(126, exec);
        let mut m = Machine::new(w);
        if let Ok(i) = decode(arch, &words) {
            let _ = m.step(&i);
        }
        let _ = state::dump(&m.wave);
    }
}

/// Found by the `emu` fuzz target (session 2): a data word that alone looks like the first word
/// of a longer instruction (`.int 255`: a VOP2 word whose SRC0 is the literal) made
/// `Item::instr` panic, i.e. `gcnkit asm --format json` and `gcnkit run` on such a file. The
/// fuzzer's input, then the minimal one, through what the `emu` target does.
#[test]
fn data_word_that_looks_like_a_longer_instruction() {
    use gcnkit::asm::{assemble, Dialect};
    use gcnkit::emu::{Machine, Wave};
    let crash: &[u8] = b"\n.int~1,55551,55,5,5\n.int~1,55,5,4\r,55\n.int~1,55,5,4\r,55\n.int~1,1,55\n\
        .int~1,55,5,4\r,551,55,5,5\n.int~1";
    for text in [
        String::from_utf8_lossy(crash).into_owned(),
        ".int 255\n.long 0xd1018201".into(),
    ] {
        for arch in Arch::EVERY {
            let (items, diags) = assemble(arch, Dialect::Auto, "p.s", &text);
            assert!(diags.is_empty(), "{diags:?}");
            let mut m = Machine::new(Wave::new(arch));
            for it in &items {
                let i = it.instr(arch);
                assert_eq!((i.enc, i.len, i.words()), (Enc::Other, 1, it.words()));
                assert!(m.step(&i).is_err(), "data is not executed");
            }
        }
    }
}
