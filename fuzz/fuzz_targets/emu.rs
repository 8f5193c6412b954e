//! The emulator on any program and state: a result or an error, never a panic.
#![no_main]
use gcnkit::asm::{assemble, Dialect};
use gcnkit::emu::{state, Machine, Wave};
use gcnkit::Arch;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&a, rest)) = data.split_first() else { return };
    let arch = Arch::ALL[(a & 3) as usize];
    let text = String::from_utf8_lossy(rest);
    let (prog, st) = text.split_once('\u{0}').unwrap_or((&text, ""));
    let mut w = Wave::new(arch);
    let _ = state::load(&mut w, st);
    let (items, _) = assemble(arch, Dialect::Auto, "fuzz.s", prog);
    let mut m = Machine::new(w);
    for it in items.iter().take(64) {
        let _ = m.step(&it.instr(arch));
    }
    let _ = state::dump(&m.wave);
});
