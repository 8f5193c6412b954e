//! Replays the `word` fuzz target's saved corpus (`tests/data/fuzz-word-corpus.hex`, written
//! by `scripts/export-fuzz-corpus.sh`): every input the fuzzer kept for reaching new code must
//! still decode, print and round-trip in both dialects.

#[test]
fn word_fuzz_corpus_round_trips() {
    let text = include_str!("data/fuzz-word-corpus.hex");
    let mut n = 0;
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let bytes: Vec<u8> = (0..line.len() / 2)
            .map(|k| u8::from_str_radix(&line[2 * k..2 * k + 2], 16).expect("hex corpus line"))
            .collect();
        if let Err(m) = gcnkit::proof::check_fuzz_word(&bytes) {
            failures.push(format!("{line}: {m}"));
        }
        n += 1;
    }
    assert!(n > 500, "only {n} corpus inputs");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
