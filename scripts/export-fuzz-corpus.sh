#!/usr/bin/env bash
# Writes the `word` fuzz target's corpus (fuzz/corpus/word, one file per input) as one hex line
# per input to crates/gcnkit/tests/data/fuzz-word-corpus.hex, which tests/fuzz_corpus.rs
# replays on every `cargo test`: the inputs the fuzzer kept for reaching new code stay checked.
#
#   scripts/export-fuzz-corpus.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
corpus="$root/fuzz/corpus/word"
out="$root/crates/gcnkit/tests/data/fuzz-word-corpus.hex"
[ -d "$corpus" ] || { echo "export-fuzz-corpus: no $corpus (run the word fuzz target first)" >&2; exit 1; }
{
    echo "# The word fuzz target's corpus (fuzz/corpus/word, one input per line as hex), replayed by"
    echo "# tests/fuzz_corpus.rs. Regenerate with scripts/export-fuzz-corpus.sh after a fuzzing run."
    for f in "$corpus"/*; do
        [ -s "$f" ] && od -An -v -tx1 "$f" | tr -d ' \n' && echo
    done | LC_ALL=C sort -u
} >"$out"
echo "$(($(wc -l <"$out") - 2)) inputs -> $out"
