//! Links the unwinder statically on Linux with glibc (what gcc's `-static-libgcc` does), so
//! that `gcnkit` does not load `libgcc_s.so.1` at every start.
//!
//! Rust's std links `-lgcc_s` by name on `*-linux-gnu`; loading that library (its mapping,
//! relocations and its constructor's CPU probing) cost about 0.19 ms per run on the benchmark
//! machine: 12% of disassembling a short kernel. A file named `libgcc_s.a` in a directory
//! searched first, holding the linker script `INPUT(-lgcc_eh)`, gives the linker gcc's static
//! unwinder instead (the one a `crt-static` build uses). Where the C compiler has no
//! `libgcc_eh.a`, nothing changes.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "linux" || var("CARGO_CFG_TARGET_ENV") != "gnu" {
        return;
    }
    // The C compiler cargo links with (`cc` unless told otherwise) knows where libgcc_eh.a is;
    // it prints the bare name when it has none.
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let found = Command::new(cc)
        .arg("-print-file-name=libgcc_eh.a")
        .output()
        .ok()
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
        .is_some_and(|p| p.is_absolute() && p.exists());
    if !found {
        return;
    }
    let out = PathBuf::from(var("OUT_DIR"));
    if std::fs::write(out.join("libgcc_s.a"), "INPUT(-lgcc_eh)\n").is_ok() {
        println!("cargo:rustc-link-search=native={}", out.display());
    }
}
