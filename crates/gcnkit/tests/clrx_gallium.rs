//! CLRX's GalliumCompute binaries (`.gallium`): generated sources — random devices, bitness
//! (`.64bit` or `-6`), LLVM versions across 3.9 and 4.0 (`--llvmVersion` or `.llvm_version`),
//! Mesa versions around 17.0 (`-t` or `.driver_version`), `.arch_minor`/`.arch_stepping`,
//! global data, one to four kernels with random argument lists and `.config` values (from
//! LLVM 4.0 the HSA header's pseudo-ops and `.control_directive` too), `.proginfo` entries or
//! nothing, their code at labels in any order (with LLVM 4.0 mostly after `.skip 256`) —
//! through gcnkit and live clrxasm (`GCNKIT_CLRX_DIR`), which must write the same file
//! byte for byte, or both refuse the source. Without clrxasm the sources are still assembled
//! and the comparison is skipped, said on stderr.

mod common;

use common::clrx::{gcnkit_binary, normalized};
use common::Rng;

use common::clrx::DEVICES;
const LLVM: [u32; 9] = [30500, 30600, 30800, 30900, 39900, 40000, 40001, 50000, 60000];
const MESA: [u32; 4] = [0, 110000, 169900, 170000];
const ARG_TYPES: [&str; 11] = [
    "scalar",
    "constant",
    "global",
    "local",
    "image2d_rd",
    "image2d_wr",
    "image3d_rd",
    "image3d_wr",
    "sampler",
    "griddim",
    "gridoffset",
];

fn arg(r: &mut Rng) -> String {
    let t = ARG_TYPES[r.below(11) as usize];
    let size = [1, 2, 4, 8, 12, 16, 32][r.below(7) as usize];
    let mut s = format!(".arg {t}, {size}");
    if r.chance(1, 2) {
        s.push_str(&format!(", {}", (size + 3) & !3));
        if r.chance(1, 2) {
            s.push_str(&format!(", {}", [1, 4, 8, 16][r.below(4) as usize]));
            if r.chance(1, 2) {
                s.push_str([", sext", ", zext"][r.below(2) as usize]);
                if r.chance(1, 2) && !t.starts_with("grid") {
                    s.push_str(&format!(
                        ", {}",
                        ["general", "griddim", "gridoffset", "imgsize", "imgformat"][r.below(5) as usize]
                    ));
                }
            }
        }
    }
    s
}

fn config_line(r: &mut Rng, llvm: u32) -> String {
    let dims = |r: &mut Rng| ["", "x", "y", "z", "xy", "xz", "yz", "xyz"][r.below(8) as usize];
    match r.below(20) {
        0 => format!(".dims {}", ["x", "xy", "xyz", "yz"][r.below(4) as usize]),
        1 => format!(".dims {}, {}", dims(r), dims(r)),
        2 => format!(".sgprsnum {}", r.below(103)),
        3 => format!(".vgprsnum {}", r.below(257)),
        4 => format!(".pgmrsrc1 {:#x}", r.next() as u32),
        5 => format!(".pgmrsrc2 {:#x}", r.next() as u32),
        6 => format!(".floatmode {:#x}", r.below(256)),
        7 => format!(".priority {}", r.below(4)),
        8 => format!(".localsize {}", r.below(32769)),
        9 => format!(".scratchbuffer {}", r.below(5000)),
        10 => format!(".userdatanum {}", r.below(17)),
        11 => format!(".exceptions {}", r.below(128)),
        12 if llvm >= 30900 => format!(".spilledsgprs {}", r.below(100)),
        13 if llvm >= 30900 => format!(".spilledvgprs {}", r.below(100)),
        14 => ".ieeemode".into(),
        15 => ".tgsize".into(),
        16 => ".debugmode".into(),
        17 => ".privmode".into(),
        18 => ".dx10clamp".into(),
        // The HSA header's (clrxasm refuses them before LLVM 4.0).
        _ if r.chance(1, 8) || llvm >= 40000 => hsa_line(r),
        _ => ".dx10clamp".into(),
    }
}

/// A line of an LLVM 4.0 kernel's HSA header: the `.hsa_*` forms of the config's, and the
/// ROCm header's pseudo-ops Gallium takes.
fn hsa_line(r: &mut Rng) -> String {
    let dims = |r: &mut Rng| ["x", "y", "z", "xy", "xz", "yz", "xyz"][r.below(7) as usize];
    let v32 = |r: &mut Rng| r.next() as u32;
    match r.below(44) {
        0 => format!(".hsa_dims {}", dims(r)),
        1 => format!(".hsa_sgprsnum {}", r.below(103)),
        2 => format!(".hsa_vgprsnum {}", r.below(257)),
        3 => ".hsa_privmode".into(),
        4 => ".hsa_debugmode".into(),
        5 => ".hsa_dx10clamp".into(),
        6 => ".hsa_ieeemode".into(),
        7 => ".hsa_tgsize".into(),
        8 => format!(".hsa_floatmode {:#x}", r.below(256)),
        9 => format!(".hsa_priority {}", r.below(6)),
        10 => format!(".hsa_exceptions {}", r.below(128)),
        11 => format!(".hsa_userdatanum {}", r.below(17)),
        12 => format!(".hsa_pgmrsrc1 {:#x}", v32(r)),
        13 => format!(".hsa_pgmrsrc2 {:#x}", v32(r)),
        14 => format!(".hsa_localsize {}", r.below(32769)),
        15 => format!(".hsa_scratchbuffer {}", r.below(5000)),
        16 => format!(".codeversion {}, {}", r.below(3), r.below(3)),
        17 => format!(
            ".machine {}, {}, {}, {}",
            r.below(2),
            r.below(10),
            r.below(3),
            [0, 1, 0xffff][r.below(3) as usize]
        ),
        18 => format!(
            ".kernel_code_entry_offset {:#x}",
            [256, 0, 512, u64::MAX][r.below(4) as usize]
        ),
        19 => format!(".kernel_code_prefetch_offset {}", r.below(1000)),
        20 => format!(".kernel_code_prefetch_size {}", r.below(1000)),
        21 => format!(".max_scratch_backing_memory {}", r.below(1000)),
        22 => [
            ".use_private_segment_buffer",
            ".use_dispatch_ptr",
            ".use_queue_ptr",
            ".use_kernarg_segment_ptr",
            ".use_dispatch_id",
            ".use_flat_scratch_init",
            ".use_private_segment_size",
            ".use_ordered_append_gds",
            ".use_ptr64",
            ".use_dynamic_call_stack",
            ".use_debug_enabled",
            ".use_xnack_enabled",
            ".default_hsa_features",
        ][r.below(13) as usize]
            .into(),
        23 => format!(".use_grid_workgroup_count {}", dims(r)),
        24 => format!(".private_elem_size {}", [2, 4, 8, 16, 3][r.below(5) as usize]),
        25 => format!(
            ".workitem_private_segment_size {}",
            [0u32, 16, 100, 0xffff_ffff][r.below(4) as usize]
        ),
        26 => format!(".workgroup_group_segment_size {}", r.below(32769)),
        27 => format!(".gds_segment_size {}", r.below(1000)),
        28 => format!(".kernarg_segment_size {}", [0, 16, 64, u64::MAX][r.below(4) as usize]),
        29 => format!(".workgroup_fbarrier_count {}", r.below(10)),
        30 => format!(".wavefront_sgpr_count {}", [0, 20, 0xffff][r.below(3) as usize]),
        31 => format!(".workitem_vgpr_count {}", [0, 20, 0xffff][r.below(3) as usize]),
        32 => {
            let f = r.below(20);
            format!(".reserved_vgprs {f}, {}", f + r.below(5))
        }
        33 => {
            let f = r.below(20);
            format!(".reserved_sgprs {f}, {}", f + r.below(5))
        }
        34 => format!(".debug_wavefront_private_segment_offset_sgpr {}", r.below(104)),
        35 => format!(".debug_private_segment_buffer_sgpr {}", r.below(104)),
        36 => format!(".kernarg_segment_align {}", [16, 32, 64, 8][r.below(4) as usize]),
        37 => format!(".group_segment_align {}", [16, 32, 256][r.below(3) as usize]),
        38 => format!(".private_segment_align {}", [16, 64, 1024][r.below(3) as usize]),
        39 => format!(".wavefront_size {}", [64, 32, 256, 512][r.below(4) as usize]),
        40 => format!(".call_convention {:#x}", [0u32, 1, 0xffff_ffff][r.below(3) as usize]),
        41 => format!(".runtime_loader_kernel_symbol {:#x}", r.next()),
        42 => format!(".hsa_priority {}", r.below(4)),
        _ => format!(".hsa_userdatanum {}", r.below(17)),
    }
}

/// A block in a section the source names: one of its own (clrxasm's extra sections, of the
/// main binary), `.comment` (which replaces CLRX's own text) or `.rodata` (the global data),
/// by `.section` with random flags, type and alignment, or `.data`; then data, alignment,
/// labels and their values, and (`code`: before any kernel's label) instructions.
fn extra_block(r: &mut Rng, code: bool, s: &mut String) {
    let name = [".foo", "mysec", ".note.x", ".data", ".comment", ".rodata", ".bar"][r.below(7) as usize];
    let align = match r.below(3) {
        0 => format!(" align={}", 1u64 << r.below(7)),
        _ => String::new(),
    };
    if name == ".data" && r.chance(1, 2) {
        s.push_str(&format!(".data{align}\n"));
    } else if r.chance(1, 2) {
        let flags: String = ["a", "w", "x"].iter().filter(|_| r.chance(1, 2)).copied().collect();
        let kind = [", @progbits", ", @note", ", @nobits", ""][r.below(4) as usize];
        s.push_str(&format!(".section {name}, \"{flags}\"{kind}{align}\n"));
    } else {
        s.push_str(&format!(".section {name}{align}\n"));
    }
    let id = r.below(1 << 20);
    for n in 0..r.below(6) {
        match r.below(6) {
            0 => s.push_str(&format!("  .p2align {}\n", r.below(5))),
            1 => s.push_str(&format!("x{id}_{n}:\n")),
            2 if code => s.push_str(&format!("  s_mov_b32 s{}, {}\n", r.below(100), r.below(1000))),
            3 => s.push_str(&format!("  .ascii \"c{}\"\n", r.below(1000))),
            _ => s.push_str(&format!("  .int {:#x}\n  .byte {}\n", r.next() as u32, r.below(256))),
        }
    }
    if r.chance(1, 2) {
        s.push_str(&format!("y{id}: .int y{id}\n  .int .-y{id}\n"));
    }
}

fn source(r: &mut Rng) -> (String, Vec<String>) {
    let mut s = String::from(".gallium\n");
    let mut opts = Vec::new();
    s.push_str(&format!(".gpu {}\n", DEVICES[r.below(DEVICES.len() as u64) as usize]));
    match r.below(3) {
        0 => s.push_str(".64bit\n"),
        1 => opts.push("-6".to_string()),
        _ => {}
    }
    let llvm = LLVM[r.below(LLVM.len() as u64) as usize];
    if r.chance(1, 2) {
        opts.extend(["--llvmVersion".to_string(), llvm.to_string()]);
    } else {
        s.push_str(&format!(".llvm_version {llvm}\n"));
    }
    let mesa = MESA[r.below(MESA.len() as u64) as usize];
    match r.below(3) {
        0 => opts.extend(["-t".to_string(), mesa.to_string()]),
        1 => s.push_str(&format!(".driver_version {mesa}\n")),
        _ => {}
    }
    if llvm >= 40000 && r.chance(1, 3) {
        s.push_str(&format!(".arch_minor {}\n", r.below(4)));
        if r.chance(1, 2) {
            s.push_str(&format!(".arch_stepping {}\n", r.below(4)));
        }
    }
    let scratch = r.chance(1, 5);
    if scratch {
        s.push_str(".scratchsym sc\n");
    }
    // Sections of the source's own, before the kernels and after their code.
    let extras = r.chance(1, 3);
    if extras && r.chance(1, 2) {
        extra_block(r, true, &mut s);
    }
    common::clrx::random_global_data(r, &mut s);
    let n = 1 + r.below(4) as usize;
    for k in 0..n {
        s.push_str(&format!(".kernel k{}\n", (k * 7) % n));
        if r.chance(3, 4) {
            s.push_str("  .args\n");
            for _ in 0..r.below(6) {
                s.push_str(&format!("  {}\n", arg(r)));
            }
        }
        if r.chance(4, 5) {
            s.push_str("  .config\n");
            for _ in 0..r.below(if llvm >= 40000 { 12 } else { 7 }) {
                s.push_str(&format!("  {}\n", config_line(r, llvm)));
            }
            if llvm >= 40000 && r.chance(1, 4) {
                // 128 bytes (or, one in eight, a size clrxasm refuses).
                let n = if r.chance(1, 8) { 100 } else { 128 };
                s.push_str(&format!(
                    "  .control_directive\n  .fill {}, 1, {:#x}\n",
                    n - 8,
                    r.below(256)
                ));
                s.push_str(&format!(
                    "  .byte {}\n",
                    (0..8).map(|_| r.below(256).to_string()).collect::<Vec<_>>().join(", ")
                ));
            }
        } else if r.chance(1, 2) {
            s.push_str("  .proginfo\n");
            for _ in 0..r.below(if llvm >= 30900 { 6 } else { 4 }) {
                s.push_str(&format!("  .entry {:#x}, {:#x}\n", r.next() as u32, r.next() as u32));
            }
        }
    }
    s.push_str(".text\n");
    // The kernels' code, in another order than their definitions.
    for k in common::clrx::shuffled(r, n) {
        // Now and then the kernel's label inside `.kcode` (clrxasm then does not count the
        // code after `.kcodeend` for it, but for the kernel whose label came last outside).
        let inside = s.contains("\nk") && r.chance(1, 6);
        if inside {
            s.push_str(&format!("  .kcode k{}\n", r.below(n as u64)));
        }
        s.push_str(&format!("k{k}:\n"));
        if inside {
            common::clrx::random_code(r, &mut s);
            s.push_str("  .kcodeend\n");
        }
        // The HSA header's room (LLVM 4.0; without it the header overwrites what follows).
        if llvm >= 40000 && !r.chance(1, 10) {
            s.push_str("  .skip 256\n");
        }
        if r.chance(1, 4) {
            // (As literals: a data word in code may print as an instruction that reads two
            // scalar values, which neither assembler takes back.)
            s.push_str(&format!(
                "  .get_driver_version dv{k}\n  .get_llvm_version lv{k}\n  s_mov_b32 s1, dv{k}\n  s_mov_b32 s2, lv{k}\n"
            ));
        }
        if scratch && r.chance(2, 3) {
            // Places relocated to the scratch buffer: its low and high words.
            for _ in 0..1 + r.below(3) {
                let part = [
                    "sc",
                    "sc&0xffffffff",
                    "sc % 0x100000000",
                    "sc%%0x100000000",
                    "sc>>32",
                    "sc/0x100000000",
                    "sc // 4294967296",
                ][r.below(7) as usize];
                match r.below(3) {
                    0 => s.push_str(&format!("  s_mov_b32 s{}, {part}\n", r.below(100))),
                    1 => s.push_str(&format!("  v_mov_b32 v{}, {part}\n", r.below(256))),
                    _ => s.push_str(&format!("  .int {part}\n")),
                }
            }
        }
        if r.chance(1, 4) {
            // A float literal (clrxdisasm's -f comments it).
            s.push_str(&format!("  v_mul_f32 v1, {:#x}, v2\n", 0x3fc0_0000 + r.below(1 << 20)));
        }
        common::clrx::random_code(r, &mut s);
        if r.chance(1, 5) {
            // Code whose registers count for the kernels `.kcode` selects (`+`: all, `-KERNEL`
            // drops one), not for the kernel it follows.
            let sel = match r.below(3) {
                0 => "+".to_string(),
                1 => format!("k{}, -k{k}", r.below(n as u64)),
                _ => format!("k{}", r.below(n as u64)),
            };
            s.push_str(&format!("  .kcode {sel}\n"));
            common::clrx::random_code(r, &mut s);
            s.push_str("  .kcodeend\n");
        }
    }
    if extras && r.chance(2, 3) {
        extra_block(r, false, &mut s);
    }
    (s, opts)
}

#[test]
fn generated_sources_as_clrxasm_writes_them() {
    let mut r = Rng(common::seed() ^ 0x6a11);
    // (Sources with sections of their own, `.comment` or `.data`.)
    let mut extra = 0;
    common::clrx::check_generated(".gallium", "GALLIUM", || {
        let (s, o) = source(&mut r);
        extra += (s.contains(".section ") || s.contains("\n.data")) as usize;
        (s, o)
    });
    eprintln!("({extra} of them with .section or .data lines)");
}

/// Lines clrxasm refuses: gcnkit refuses them too; a missing LLVM version is gcnkit's error
/// (clrxasm would take the installed LLVM's).
#[test]
fn refused_sources() {
    let src = |line: &str| format!(".gallium\n.gpu pitcairn\n.kernel k\n{line}\n.text\nk: s_endpgm\n");
    let opts = ["--llvmVersion".to_string(), "30900".to_string()];
    let bad = [
        ".config\n.sgprsnum 105",
        ".config\n.vgprsnum 257",
        ".config\n.localsize 32769",
        ".config\n.userdatanum 17",
        ".args\n.arg foo, 4",
        ".args\n.arg scalar, 4, 4, 3",
        ".args\n.arg scalar, 4, 4, 4, mext",
        ".arg scalar, 4",
        ".dims x",
        ".config\n.dims w",
        ".config\ns_nop 0",
        // HSA header pseudo-ops before LLVM 4.0.
        ".config\n.hsa_dims x",
        ".config\n.use_ptr64",
        ".config\n.control_directive\n.fill 128, 1, 0",
        // Places of a scratch symbol that clrxasm does not relocate.
        ".config\n.text\n.scratchsym sc\ns_mov_b32 s1, sc+4\nk2:",
        ".config\n.text\n.scratchsym sc\ns_mov_b32 s1, sc>>16\nk2:",
        ".config\n.text\n.scratchsym sc\ns_movk_i32 s1, sc\nk2:",
        // A scratch symbol in the global data, in any form: clrxasm's "Can't resolve
        // expression outside code section".
        ".config\n.scratchsym sc\n.globaldata\n.int 1, sc, 2",
        ".config\n.scratchsym sc\n.globaldata\n.int sc+0",
        ".config\n.scratchsym sc\n.globaldata\n.int sc>>32",
        ".config\n.globaldata\n.int sc&0xffffffff\n.scratchsym sc",
        // Program info.
        ".config\n.proginfo",
        ".proginfo\n.config",
        ".proginfo\n.entry 1, 2\n.entry 1, 2\n.entry 1, 2\n.entry 1, 2\n.entry 1, 2\n.entry 1, 2",
        ".entry 1, 2",
        ".proginfo\n.entry 1",
    ];
    assert!(gcnkit_binary(&src(".config\n.dims x"), &opts).is_ok());
    for line in bad {
        let s = src(line);
        let e = gcnkit_binary(&s, &opts).expect_err(&format!("gcnkit takes:\n{s}"));
        if line.contains(".globaldata") {
            assert!(
                e.iter()
                    .any(|m| m.contains("Can't resolve expression outside code section")),
                "{e:?}"
            );
        }
        if common::clrx::dir().is_some() {
            let o: Vec<&str> = opts.iter().map(|s| s.as_str()).collect();
            assert!(common::clrx::assemble_binary(&s, &o).is_err(), "clrxasm takes:\n{s}");
        }
    }
    let e = gcnkit_binary(&src(".config"), &[]).unwrap_err();
    assert!(e.iter().any(|m| m.contains("LLVM version")), "{e:?}");
    // LLVM 4.0: a kernel's code without the header's room; a control directive of 100 bytes;
    // HSA values out of range.
    let llvm4 = ["--llvmVersion".to_string(), "40000".to_string()];
    let src4 =
        |line: &str| format!(".gallium\n.gpu pitcairn\n.kernel k\n.config\n{line}\n.text\nk: .skip 256\ns_endpgm\n");
    let bad4 = [
        src(".config"),
        src4(".control_directive\n.fill 100, 1, 0"),
        src4(".hsa_sgprsnum 105"),
        src4(".private_elem_size 3"),
        src4(".wavefront_size 512"),
        src4(".kernarg_segment_align 8"),
        src4(".control_directive\n.fill 128, 1, 0\n.config"),
        src4(".control_directive\n.fill 128, 1, 0\n.hsa_dims x"),
    ];
    assert!(gcnkit_binary(&src4(".hsa_dims x"), &llvm4).is_ok());
    for s in bad4 {
        assert!(gcnkit_binary(&s, &llvm4).is_err(), "gcnkit takes:\n{s}");
        if common::clrx::dir().is_some() {
            assert!(
                common::clrx::assemble_binary(&s, &["--llvmVersion", "40000"]).is_err(),
                "clrxasm takes:\n{s}"
            );
        }
    }
    let e = gcnkit_binary(&src(".config"), &llvm4).unwrap_err();
    assert!(
        e.iter()
            .any(|m| m.contains("HSA configuration for kernel 'k' out of content")),
        "{e:?}"
    );
    // No label for a kernel: clrxasm's error.
    let e = gcnkit_binary(".gallium\n.kernel k\n.config\n.text\ns_endpgm\n", &opts).unwrap_err();
    assert!(
        e.iter().any(|m| m.contains("Symbol for kernel 'k' is undefined")),
        "{e:?}"
    );
}

/// An LLVM 4.0 source with a kernel whose label lacks `.skip 256`: its header lands over the
/// code, which then prints as instructions holding words neither assembler takes back (and
/// clrxdisasm prints some lossily where gcnkit prints data).
fn header_over_code(src: &str, opts: &[String]) -> bool {
    let llvm4 = ["4", "5", "6"]
        .iter()
        .any(|v| src.contains(&format!(".llvm_version {v}")) || opts.iter().any(|o| o.starts_with(v)));
    llvm4 && src.matches(".skip 256").count() < src.matches("\nk").count()
}

/// Texts neither assembler takes back (clrxdisasm's form loses the LDS size; the HSA header
/// of a kernel without a config, its code's first 256 bytes, read as one; a header printed as
/// instructions that read two scalar values).
static LOSSY: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// gcnkit's CLRX text of a GalliumCompute binary for `device` (the binary does not say).
fn gcnkit_text(bin: &[u8], device: &str) -> Result<String, String> {
    let mut t = String::new();
    let device = gcnkit::codeobj::clrx_config::Device::find(device).expect("a CLRX device");
    gcnkit::disasm::disassemble_gallium(
        bin,
        device,
        gcnkit::disasm::Format::Text,
        gcnkit::disasm::ClrxDump::ALL,
        |s| t.push_str(s),
    )?;
    Ok(t)
}

/// A binary's text (clrxdisasm's, when it is there: with `--llvmVersion 40000` for LLVM
/// 4.0's form, which clrxdisasm cannot tell) through both assemblers (LLVM 3.5 when the text
/// names no version, as clrxdisasm prints none before 3.9): one file. Returns whether the
/// text is LLVM 4.0's form.
fn text_round_trip(what: &str, bin: &[u8], file: Option<&std::path::Path>, device: &str) -> bool {
    let text = gcnkit_text(bin, device).unwrap_or_else(|e| panic!("{what}: {e}"));
    let hsa = text.contains(".llvm_version 40000");
    let opts: Vec<String> = if text.contains(".llvm_version") {
        Vec::new()
    } else {
        vec!["--llvmVersion".into(), "30500".into()]
    };
    let o: Vec<&str> = opts.iter().map(|s| s.as_str()).collect();
    let live = common::clrx::dir().is_some();
    if let (Some(f), true) = (file, live) {
        let mut o = vec!["-dCmf", "-g", device];
        if hsa {
            o.push("--llvmVersion=40000");
        }
        let theirs = common::clrx::disassemble_file(f, &o).unwrap();
        assert_eq!(without_float_values(&text), without_float_values(&theirs), "{what}");
    }
    let ours = match gcnkit_binary(&text, &opts) {
        Ok(b) => b,
        // Texts neither assembler takes back ([`LOSSY`]).
        Err(e) => {
            if live {
                assert!(
                    common::clrx::assemble_binary(&text, &o).is_err(),
                    "{what}: clrxasm takes what gcnkit refuses ({e:?}):\n{text}"
                );
            }
            LOSSY.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            return hsa;
        }
    };
    if !live {
        return hsa;
    }
    let theirs = common::clrx::assemble_binary(&text, &o).unwrap_or_else(|e| panic!("{what}: clrxasm: {e}\n{text}"));
    assert!(
        ours == theirs,
        "{what}: gcnkit and clrxasm assemble the text to other files\n{text}"
    );
    if text.contains(".scratchsym") {
        SCRATCH.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    hsa
}

/// Texts with relocations to the scratch buffer that both assemblers gave back as one file.
static SCRATCH: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// CLRX's real Gallium binaries and generated ones: gcnkit's text is clrxdisasm's `-dCmf`
/// text, and gcnkit and clrxasm assemble it to one file.
#[test]
fn binaries_disassemble_as_clrxdisasm() {
    let (mut real, mut llvm4) = (0, 0);
    match common::clrx::real_binaries() {
        None => eprintln!("CLRX's source not found: its real Gallium binaries not read"),
        Some(files) => {
            for f in files {
                let bin = std::fs::read(&f).unwrap();
                if gcnkit::codeobj::clrx_gallium_read::is_gallium(&bin) {
                    match text_round_trip(&f.display().to_string(), &bin, Some(&f), "CapeVerde") {
                        false => real += 1,
                        true => llvm4 += 1,
                    }
                }
            }
            assert!(
                real >= 2 && llvm4 >= 2,
                "{real} Gallium binaries read, {llvm4} of LLVM 4.0"
            );
        }
    }
    let n = common::env_n("GCNKIT_GALLIUM_N", 150) / 3;
    let mut r = Rng(common::seed() ^ 0xd15c);
    let dir = std::env::temp_dir().join(format!("gcnkit-gallium-dis-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut done, mut done4) = (0, 0);
    for k in 0..n {
        let (src, opts) = source(&mut r);
        let Ok(bin) = gcnkit_binary(&src, &opts) else { continue };
        if header_over_code(&src, &opts) {
            continue;
        }
        let f = dir.join(format!("g{k}.bin"));
        std::fs::write(&f, &bin).unwrap();
        let device = src.lines().find_map(|l| l.strip_prefix(".gpu ")).unwrap_or("CapeVerde");
        done4 += text_round_trip(&format!("generated:\n{src}"), &bin, Some(&f), device) as usize;
        done += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "{} real ({llvm4} of LLVM 4.0) and {done} generated Gallium binaries ({done4} of LLVM 4.0): clrxdisasm's text; one file from both assemblers but for {} texts both refuse (a .localsize past 32 KiB, a header of zeros, a header read as code, a relocated data word read as code); {} with relocations to the scratch buffer",
        real + llvm4,
        LOSSY.load(std::sync::atomic::Ordering::Relaxed),
        SCRATCH.load(std::sync::atomic::Ordering::Relaxed)
    );
    assert!(done * 2 >= n);
}

/// Text as [`normalized`], the float literals' comments replaced by a mark that a line has one
/// (gcnkit puts them at the line's end, clrxdisasm after the literal, one digit apart).
fn without_float_values(t: &str) -> Vec<String> {
    normalized(t)
        .into_iter()
        .map(|l| {
            let mark = l.contains("f */") || l.contains("h */");
            let mut out = String::new();
            let mut rest = l.as_str();
            while let Some(at) = rest.find(" /* ") {
                out.push_str(&rest[..at]);
                rest = rest[at..].split_once("*/").map_or("", |x| x.1);
            }
            out.push_str(rest);
            let out: String = out.split_whitespace().collect::<Vec<_>>().join(" ").replace(" ,", ",");
            if mark {
                out + " [float]"
            } else {
                out
            }
        })
        .collect()
}

/// Combination `bits` (0-15) of clrxdisasm's -m, -d, -C, -f.
fn dump_of(bits: u32) -> gcnkit::disasm::ClrxDump {
    gcnkit::disasm::ClrxDump {
        metadata: bits & 1 != 0,
        data: bits & 2 != 0,
        config: bits & 4 != 0,
        floats: bits & 8 != 0,
    }
}

/// Every combination of clrxdisasm's -m, -d, -C and -f on CLRX's real Gallium binaries and
/// generated ones (both LLVM forms): gcnkit's parts are clrxdisasm's.
#[test]
fn parts_as_clrxdisasm_options() {
    if common::clrx::dir().is_none() {
        eprintln!("GCNKIT_CLRX_DIR not set: clrxdisasm's options not compared");
        return;
    }
    let dir = std::env::temp_dir().join(format!("gcnkit-gallium-parts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files: Vec<(std::path::PathBuf, String)> = common::clrx::real_binaries()
        .unwrap_or_default()
        .into_iter()
        .filter(|f| gcnkit::codeobj::clrx_gallium_read::is_gallium(&std::fs::read(f).unwrap()))
        .map(|f| (f, "CapeVerde".to_string()))
        .collect();
    let mut r = Rng(common::seed() ^ 0x9a27);
    let n = common::env_n("GCNKIT_GALLIUM_N", 150) / 10;
    for k in 0..n {
        let (src, opts) = source(&mut r);
        let Ok(bin) = gcnkit_binary(&src, &opts) else { continue };
        if header_over_code(&src, &opts) {
            continue;
        }
        let f = dir.join(format!("p{k}.bin"));
        std::fs::write(&f, &bin).unwrap();
        let device = src.lines().find_map(|l| l.strip_prefix(".gpu ")).unwrap_or("CapeVerde");
        files.push((f, device.to_string()));
    }
    let (mut compared, mut hsa) = (0, 0);
    for (f, device) in &files {
        let bin = std::fs::read(f).unwrap();
        let dev = gcnkit::codeobj::clrx_config::Device::find(device).unwrap();
        for bits in 0..16 {
            let dump = dump_of(bits);
            let mut ours = String::new();
            gcnkit::disasm::disassemble_gallium(&bin, dev, gcnkit::disasm::Format::Text, dump, |s| ours.push_str(s))
                .unwrap();
            let mut o = vec!["-g", device.as_str()];
            for (on, flag) in [
                (dump.metadata, "-m"),
                (dump.data, "-d"),
                (dump.config, "-C"),
                (dump.floats, "-f"),
            ] {
                if on {
                    o.push(flag);
                }
            }
            let is_hsa = ours.contains(".llvm_version 40000");
            if is_hsa {
                o.push("--llvmVersion=40000");
            }
            let theirs = common::clrx::disassemble_file(f, &o).unwrap();
            assert_eq!(
                without_float_values(&ours),
                without_float_values(&theirs),
                "{} {o:?}",
                f.display()
            );
            compared += 1;
            hsa += is_hsa as usize;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{compared} texts ({} binaries × 16 combinations of -m -d -C -f; {hsa} of LLVM 4.0's form) as clrxdisasm prints them", files.len());
    assert!(compared >= 16 * 4);
}

/// Damaged binaries (bytes changed, kernel offsets past the code, cut short) through the
/// reader and every combination of the printer's parts: text or an error, never a panic.
#[test]
fn damaged_binaries_read_without_panic() {
    let mut r = Rng(common::seed() ^ 0xbad);
    let dev = gcnkit::codeobj::clrx_config::Device::find("CapeVerde").unwrap();
    let (mut read, mut refused) = (0, 0);
    for _ in 0..common::env_n("GCNKIT_GALLIUM_N", 150) {
        let (src, opts) = source(&mut r);
        let Ok(mut bin) = gcnkit_binary(&src, &opts) else {
            continue;
        };
        match r.below(3) {
            0 => {
                for _ in 0..1 + r.below(8) {
                    let at = r.below(bin.len() as u64) as usize;
                    bin[at] = r.next() as u8;
                }
            }
            1 => {
                // The first kernel's code offset (after its name) far away.
                let len = u32::from_le_bytes(bin[4..8].try_into().unwrap()) as usize;
                let at = 8 + len + 4;
                if at + 4 <= bin.len() {
                    bin[at..at + 4].copy_from_slice(&(0x10000 + r.below(1 << 20) as u32).to_le_bytes());
                }
            }
            _ => bin.truncate(r.below(bin.len() as u64) as usize),
        }
        for bits in 0..16 {
            let dump = dump_of(bits);
            let r = gcnkit::disasm::disassemble_gallium(&bin, dev, gcnkit::disasm::Format::Text, dump, |_| {});
            match r {
                Ok(()) => read += 1,
                Err(_) => refused += 1,
            }
        }
    }
    eprintln!("damaged Gallium binaries: {read} texts, {refused} errors, no panic");
}

/// Generated sources with a line damaged (cut short, a value replaced by garbage, a line moved
/// elsewhere) through gcnkit's assembler: a file or errors, never a panic.
#[test]
fn damaged_sources_assemble_without_panic() {
    let mut r = Rng(common::seed() ^ 0x5bad);
    let (mut ok, mut refused) = (0, 0);
    let (mut same, mut both, mut known, mut differ, mut broken) = (0, 0, 0, Vec::new(), Vec::new());
    let junk = [
        "",
        ",",
        "0x",
        "-1",
        "0xffffffffffffffff",
        "x, y",
        "\"s\"",
        "sc>>",
        "1,,2",
        "(",
        "1/0",
    ];
    for _ in 0..common::env_n("GCNKIT_GALLIUM_N", 150) {
        let (src, opts) = source(&mut r);
        let mut lines: Vec<String> = src.lines().map(str::to_string).collect();
        for _ in 0..1 + r.below(3) {
            let k = r.below(lines.len() as u64) as usize;
            match r.below(3) {
                0 => {
                    let l = &lines[k];
                    let cut = r.below(l.len() as u64 + 1) as usize;
                    lines[k] = l.chars().take(cut).collect();
                }
                1 => {
                    let head = lines[k].split_whitespace().next().unwrap_or("").to_string();
                    lines[k] = format!("{head} {}", junk[r.below(junk.len() as u64) as usize]);
                }
                _ => {
                    let l = lines.remove(k);
                    let to = r.below(lines.len() as u64 + 1) as usize;
                    lines.insert(to, l);
                }
            }
        }
        let text = lines.join("\n") + "\n";
        let ours = gcnkit_binary(&text, &opts);
        match &ours {
            Ok(_) => ok += 1,
            Err(e) => {
                assert!(!e.is_empty());
                refused += 1
            }
        }
        if common::clrx::dir().is_some() {
            let o: Vec<&str> = opts.iter().map(|s| s.as_str()).collect();
            match (ours, common::clrx::assemble_binary(&text, &o)) {
                (Ok(a), Ok(b)) if a == b => same += 1,
                (Err(_), Err(_)) => both += 1,
                (_, Err(e)) if e.starts_with("status None") => {}
                (a, b) => {
                    let what = match (&a, &b) {
                        (Ok(_), Ok(_)) => "other files".to_string(),
                        (Ok(_), Err(e)) => format!("clrxasm refuses: {e}"),
                        (Err(e), _) => format!("gcnkit refuses: {e:?}"),
                    };
                    // Known: the device when `.gpu` is not the line after `.gallium` (missing,
                    // after code, a label or among a kernel's lines: clrxasm keeps its first
                    // device, gcnkit's default arch differs or it refuses); a scratch symbol's
                    // place moved out of the code (clrxasm's "Relative value is illegal").
                    // The LLVM version after a `.kernel` line (clrxasm's defaults of the kernels
                    // before it come from the installed LLVM's); a kernel's label before its
                    // `.kernel` line.
                    let device = !text.lines().nth(1).is_some_and(|l| l.starts_with(".gpu "));
                    let kernel = text.find(".kernel").unwrap_or(text.len());
                    let llvm = text.find(".llvm_version").is_some_and(|l| l > kernel);
                    let label = text[..kernel].lines().any(|l| l.starts_with('k') && l.ends_with(':'));
                    // The rules matched here: gcnkit refuses where clrxasm says these.
                    let rules = [
                        "Garbages at end of line",
                        "Bitness is already defined",
                        "Label can't be defined in non-addressable section",
                        "Output format type is already defined",
                    ];
                    if a.is_ok() && rules.iter().any(|m| what.contains(m)) {
                        broken.push(format!("{what}\n{text}"));
                    } else if device || llvm || label || what.contains("Relative value is illegal") {
                        known += 1;
                    } else {
                        differ.push(format!("{what}\n{text}"));
                    }
                }
            }
        }
    }
    eprintln!("damaged Gallium sources: {ok} assembled, {refused} refused with errors, no panic");
    if common::clrx::dir().is_some() {
        eprintln!(
            "against clrxasm: {same} identical files, {both} refused by both, {known} differ as known (the device's line, the LLVM version's, a kernel's label), {} otherwise",
            differ.len()
        );
        for d in differ.iter().take(3) {
            eprintln!("---- {}", d.lines().take(3).collect::<Vec<_>>().join("\n"));
        }
        assert!(
            broken.is_empty(),
            "clrxasm's rules broken:\n{}",
            broken.join("\n----\n")
        );
        // (The rest: labels and instructions in sections of the source's own, a label's value
        // in code, a `.scratchsym` place moved: README's known gaps.)
        assert!(
            differ.len() * 50 <= same + both,
            "{} differ:\n{}",
            differ.len(),
            differ.join("\n----\n")
        );
    }
}
