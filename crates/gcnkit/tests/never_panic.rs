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
