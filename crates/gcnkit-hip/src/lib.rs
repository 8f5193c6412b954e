//! gcnkit's HIP runtime: a shared library that takes the place of ROCm's `libamdhip64.so.5`
//! (HIP 5.2, as Debian's `hipcc` links it), so that an unmodified HIP program runs every
//! kernel on gcnkit's kernel machine (DESIGN.md *Running real programs: the HIP runtime*;
//! docs/hip.md is the contract).
//!
//! Layout: [`api`] holds the C entry points gcnkit implements; every other symbol of the real
//! library is a generated stub (build.rs, from `symbols.tsv`) that says once on stderr that it
//! is not supported and returns `hipErrorNotSupported`. [`runtime`] is the state behind the
//! entry points (the device, registered fat binaries and kernels, the error state); [`queue`]
//! runs streams and events (the work queue and its executor thread); [`graph`] holds graphs and
//! stream capture (nodes put on the queue when launched); [`index`] says where
//! device-side memory is without the runtime's lock;
//! [`fatbin`] reads clang's offload bundles; [`hostcall`] answers the device library's host
//! calls (device `printf`); [`check`] runs `gcnkit exec --check`'s checks on every launch;
//! [`profile`] takes `gcnkit exec --profile`'s profile of every launch;
//! [`props`] picks the GPU (`gcnkit::emu::gpus` has the figures).
//!
//! No entry point may unwind into C: each runs inside [`runtime::guard`] (a panic becomes
//! `hipErrorUnknown` where unwinding is on; the release profile aborts on panic, so the entry
//! points are written not to panic: checked arithmetic, no unwraps on caller input).

#![allow(non_snake_case, non_upper_case_globals)]

pub mod api;
pub mod attr;
pub mod check;
pub mod errors;
pub mod fatbin;
pub mod graph;
pub mod host_fault;
pub mod hostcall;
pub mod index;
pub mod profile;
pub mod props;
pub mod queue;
pub mod runtime;
pub mod trace;

mod stubs {
    include!(concat!(env!("OUT_DIR"), "/stubs.rs"));
}

/// The functions gcnkit implements (the rest of HIP's are stubs), by name, sorted.
pub use stubs::IMPLEMENTED;
/// How many functions HIP 5.2's library exports (`symbols.tsv`).
pub use stubs::SYMBOLS;

use std::sync::atomic::{AtomicBool, Ordering};

/// One flag per symbol: has its stub said so yet?
static SAID: [AtomicBool; stubs::SYMBOLS] = [const { AtomicBool::new(false) }; stubs::SYMBOLS];

/// A stub was called: say so once per function.
fn unsupported(k: usize, name: &str) {
    if let Some(f) = SAID.get(k) {
        if !f.swap(true, Ordering::Relaxed) {
            eprintln!("gcnkit-hip: {name} is not supported yet");
        }
    }
}

/// docs/hip.md's list of implemented functions and its counts are the runtime's own
/// ([`IMPLEMENTED`], made by build.rs from src/api/).
#[cfg(test)]
mod docs {
    #[test]
    fn docs_list_every_implemented_function() {
        let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/hip.md")).unwrap();
        let start = doc
            .find("**Every implemented function**")
            .expect("the list in docs/hip.md");
        let para = &doc[start..doc[start..].find("\n\n").map_or(doc.len(), |e| start + e)];
        let head = format!("({} of the {}", crate::IMPLEMENTED.len(), crate::SYMBOLS);
        assert!(
            para.contains(&head),
            "docs/hip.md should say {head}: {}",
            &para[..200.min(para.len())]
        );
        let stubs = format!("the other {} are stubs", crate::SYMBOLS - crate::IMPLEMENTED.len());
        assert!(para.contains(&stubs), "docs/hip.md should say {stubs}");
        // The names after the counts' sentence, in backticks.
        let list = &para[para.find("):").expect("the list after `):`")..];
        let named: Vec<&str> = list.split('`').skip(1).step_by(2).collect();
        let mut sorted = named.clone();
        sorted.sort_unstable();
        assert_eq!(named, sorted, "docs/hip.md's list is sorted");
        assert_eq!(named, crate::IMPLEMENTED, "docs/hip.md's list against src/api/");
    }
}
