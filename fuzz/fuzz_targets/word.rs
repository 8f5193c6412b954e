//! One instruction per run (the cheap form of `decode`): `gcnkit::proof::check_fuzz_word`
//! decodes the first instruction of the bytes, prints it in both dialects and as JSON, and
//! round-trips it through the assembler. One word per execution keeps runs short, so the
//! fuzzer covers far more words per second. Its corpus is replayed by `tests/fuzz_corpus.rs`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(m) = gcnkit::proof::check_fuzz_word(data) {
        panic!("round trip: {m}");
    }
});
