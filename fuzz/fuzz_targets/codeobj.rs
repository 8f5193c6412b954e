//! The code-object reader on any bytes (seeded with the corpus of clang's objects): an error
//! or a code object, never a panic; what it reads disassembles in both dialects and as JSON,
//! and its notes parse or fail cleanly.
#![no_main]
use gcnkit::disasm::{disassemble_code_object, Format};
use gcnkit::syntax::Syntax;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(co) = gcnkit::codeobj::read(data) else { return };
    for (syntax, format) in [(Syntax::Llvm, Format::Text), (Syntax::Clrx, Format::Text), (Syntax::Llvm, Format::Json)] {
        let _ = disassemble_code_object(&co, syntax, format, |_| {});
    }
    let _ = gcnkit::disasm::code_object_warnings(&co);
    for n in &co.notes {
        if let Ok(notes) = gcnkit::codeobj::metadata::parse_notes(n) {
            for note in &notes {
                let _ = gcnkit::codeobj::metadata::msgpack_to_yaml(&note.desc);
            }
        }
    }
});
