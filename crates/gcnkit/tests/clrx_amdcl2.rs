//! CLRX's AMD OpenCL 2.0 binaries (`.amdcl2`): generated sources — random devices, bitness
//! (`.64bit` or `-6`), driver versions on each side of every threshold of CLRX's generator
//! (`.driver_version` or `-t`: old binaries, 1912.05's and 16.3's inner binaries, the device
//! tables), compile options, ACL versions, architecture minor/stepping, global, read-write and
//! bss data with labels, samplers with and without relocations, one to four kernels with random
//! `.config` or `.hsaconfig` values and OpenCL 2.0 argument lists (pipes, queues, events,
//! read-write images...), and code that uses random registers and refers to the data's labels
//! (clrxasm's relocations) — through gcnkit and live clrxasm (`GCNKIT_CLRX_DIR`), which must
//! write the same file byte for byte, or both refuse the source. The disassembler's texts
//! (every combination of clrxdisasm's `-m`, `-d`, `-C`, `-f`) are compared with clrxdisasm's,
//! and clrxdisasm's raw and HSA layout texts assembled by both. Without clrxasm the
//! sources are still assembled (every one must give a binary or an error, never a panic) and
//! the comparison is skipped, said on stderr.

mod common;

use common::clrx::{gcnkit_binary, normalized};
use common::Rng;

/// CLRX's 30 devices, in its order (GCN 1.0 ones are refused by both: OpenCL 2.0 needs GCN
/// 1.1), as `.gpu` names them.
fn device(k: u64) -> &'static str {
    gcnkit::codeobj::clrx_config::DEVICES[k as usize].name
}

/// Driver versions on each side of every threshold CLRX's generator tests.
const DRIVERS: [u32; 18] = [
    0, 180000, 191204, 191205, 200405, 200406, 203603, 207903, 223599, 223600, 226400, 234800, 244200, 248200, 252700,
    257999, 258000, 300000,
];

const SCALARS: [&str; 10] = [
    "uchar", "char", "ushort", "short", "uint", "int", "ulong", "long", "float", "double",
];
const VECS: [&str; 5] = ["2", "3", "4", "8", "16"];
const IMAGES: [&str; 7] = [
    "image",
    "image1d",
    "image1d_array",
    "image1d_buffer",
    "image2d",
    "image2d_array",
    "image3d",
];

fn value_type(r: &mut Rng) -> String {
    let s = SCALARS[r.below(10) as usize];
    if r.chance(1, 3) {
        format!("{s}{}", VECS[r.below(5) as usize])
    } else {
        s.to_string()
    }
}

/// One random `.arg` line of argument `k`.
fn arg(r: &mut Rng, k: usize) -> String {
    let name = format!("a{k}");
    let tn = if r.chance(1, 6) {
        format!("\"t{k}_t\", ")
    } else {
        String::new()
    };
    let used = ["", "", "", ", unused", ", rdonly", ", wronly"][r.below(6) as usize];
    match r.below(12) {
        0..=2 => format!(".arg {name}, {tn}{}{used}", value_type(r)),
        3..=5 => {
            let pointee = match r.below(10) {
                0 => "void".to_string(),
                1 => "structure".into(),
                2 => "pipe".into(),
                _ => value_type(r),
            };
            let size = if pointee == "structure" {
                format!(", {}", 1 + r.below(64))
            } else {
                String::new()
            };
            let space = ["local", "constant", "global"][r.below(3) as usize];
            let quals = [
                "",
                "const",
                "restrict",
                "volatile",
                "const restrict",
                "restrict volatile",
            ][r.below(6) as usize];
            if r.chance(1, 4) {
                format!(".arg {name}, {tn}{pointee}*{size}, {space}")
            } else {
                format!(".arg {name}, {tn}{pointee}*{size}, {space}, {quals}{used}")
            }
        }
        6 => {
            let acc = ["", "read_only", "write_only", "read_write", "rdonly", "wronly", "rdwr"][r.below(7) as usize];
            let res = if r.chance(1, 3) {
                format!(", {}", r.below(8))
            } else {
                String::new()
            };
            if acc.is_empty() && res.is_empty() {
                format!(".arg {name}, {tn}{}", IMAGES[r.below(7) as usize])
            } else {
                format!(".arg {name}, {tn}{}, {acc}{res}", IMAGES[r.below(7) as usize])
            }
        }
        7 => format!(".arg {name}, {tn}structure, {}{used}", 1 + r.below(100)),
        8 => {
            if r.chance(1, 2) {
                format!(".arg {name}, {tn}sampler, {}{used}", r.below(16))
            } else {
                format!(".arg {name}, {tn}sampler")
            }
        }
        9 => format!(".arg {name}, {tn}pipe{used}"),
        10 => format!(".arg {name}, {tn}queue{used}"),
        _ => format!(".arg {name}, {tn}clkevent{used}"),
    }
}

/// A random `.config` line.
fn config_line(r: &mut Rng) -> String {
    let dims = |r: &mut Rng| ["", "x", "y", "z", "xy", "xz", "yz", "xyz"][r.below(8) as usize];
    match r.below(27) {
        0 => format!(".dims {}", ["x", "xy", "xyz", "yz", "z"][r.below(5) as usize]),
        1 => format!(".dims {}, {}", dims(r), dims(r)),
        2 => format!(".sgprsnum {}", r.below(104)),
        3 => format!(".vgprsnum {}", r.below(257)),
        4 => format!(".pgmrsrc2 {:#x}", r.next() as u32),
        5 => format!(".pgmrsrc1 {:#x}", r.next() as u32 & 0x0f00_0000),
        6 => format!(".floatmode {:#x}", r.below(256)),
        7 => ".ieeemode".into(),
        8 => ".tgsize".into(),
        9 => format!(".localsize {}", r.below(32769)),
        10 => format!(".gdssize {}", r.below(65537)),
        11 => format!(".scratchbuffer {}", r.below(5000)),
        12 => format!(".priority {}", r.below(4)),
        13 => format!(".exceptions {}", r.below(128)),
        14 => ".debugmode".into(),
        15 => ".privmode".into(),
        16 => ".dx10clamp".into(),
        17 | 18 => ".useargs".into(),
        19 => ".usesetup".into(),
        20 => ".useenqueue".into(),
        21 => ".usegeneric".into(),
        22 => format!(".cws {}, {}, {}", 1 + r.below(64), 1 + r.below(16), 1 + r.below(4)),
        23 => format!(
            ".work_group_size_hint {}, {}, {}",
            1 + r.below(64),
            1 + r.below(16),
            1 + r.below(4)
        ),
        24 => format!(".vectypehint {}", value_type(r)),
        _ => format!(
            ".sampler {}",
            (0..1 + r.below(3))
                .map(|_| r.below(4).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A random line of an `.hsaconfig`: the HSA header's pseudo-ops (values mostly in range),
/// the ones both forms share, now and then one clrxasm refuses there.
fn hsa_config_line(r: &mut Rng) -> String {
    const VALUES: [(&str, u64); 26] = [
        ("sgprsnum", 103),
        ("vgprsnum", 257),
        ("floatmode", 256),
        ("priority", 4),
        ("exceptions", 128),
        ("localsize", 32769),
        ("gdssize", 65537),
        ("scratchbuffer", 5000),
        ("userdatanum", 17),
        ("kernel_code_entry_offset", 0x1000),
        ("kernel_code_prefetch_offset", 0x1000),
        ("kernel_code_prefetch_size", 0x1000),
        ("max_scratch_backing_memory", 0x1000),
        ("workitem_private_segment_size", 5000),
        ("workgroup_group_segment_size", 32769),
        ("gds_segment_size", 5000),
        ("kernarg_segment_size", 300),
        ("workgroup_fbarrier_count", 10),
        ("wavefront_sgpr_count", 105),
        ("workitem_vgpr_count", 257),
        ("debug_wavefront_private_segment_offset_sgpr", 102),
        ("debug_private_segment_buffer_sgpr", 102),
        ("call_convention", 0x1_0000_0000),
        ("runtime_loader_kernel_symbol", 0x1000),
        ("pgmrsrc1", 0x1_0000_0000),
        ("pgmrsrc2", 0x1_0000_0000),
    ];
    // (Name, least value, how many powers of two from there.)
    const POW2: [(&str, u64, u64); 5] = [
        ("private_elem_size", 2, 4),
        ("kernarg_segment_align", 16, 5),
        ("group_segment_align", 16, 5),
        ("private_segment_align", 16, 5),
        ("wavefront_size", 1, 9),
    ];
    const FLAGS: [&str; 18] = [
        "privmode",
        "debugmode",
        "dx10clamp",
        "ieeemode",
        "tgsize",
        "use_private_segment_buffer",
        "use_dispatch_ptr",
        "use_queue_ptr",
        "use_kernarg_segment_ptr",
        "use_dispatch_id",
        "use_flat_scratch_init",
        "use_private_segment_size",
        "use_ordered_append_gds",
        "use_ptr64",
        "use_dynamic_call_stack",
        "use_debug_enabled",
        "use_xnack_enabled",
        "default_hsa_features",
    ];
    let dims = |r: &mut Rng| ["x", "y", "z", "xy", "xz", "yz", "xyz"][r.below(7) as usize];
    match r.below(16) {
        0..=4 => {
            let (name, top) = VALUES[r.below(VALUES.len() as u64) as usize];
            // (Mostly within the field; an all-ones value is clrxasm's "not given".)
            let v = match r.below(40) {
                0 => top,
                1..=3 => u32::MAX as u64,
                _ => r.below(top),
            };
            format!(".{name} {v}")
        }
        5 => {
            let (name, least, n) = POW2[r.below(POW2.len() as u64) as usize];
            let v = if r.chance(1, 30) { 3 } else { least << r.below(n) };
            format!(".{name} {v}")
        }
        6..=8 => format!(".{}", FLAGS[r.below(FLAGS.len() as u64) as usize]),
        9 => match r.below(3) {
            0 => format!(".dims {}", dims(r)),
            1 => format!(".dims {}, {}", dims(r), dims(r)),
            _ => format!(".use_grid_workgroup_count {}", dims(r)),
        },
        10 => {
            let name = ["reserved_vgprs", "reserved_sgprs"][r.below(2) as usize];
            let f = r.below(100);
            format!(".{name} {f}, {}", f + r.below(8))
        }
        11 => format!(".codeversion {}, {}", r.below(3), r.below(3)),
        12 => format!(
            ".machine {}, {}, {}, {}",
            r.below(3),
            r.below(10),
            r.below(3),
            r.below(5)
        ),
        // (Refused there: the old form's flags, ROCm's own pseudo-ops.)
        13 if r.chance(1, 12) => {
            [".useargs", ".usesetup", ".use_wave32", ".pgmrsrc3 0", ".config"][r.below(5) as usize].into()
        }
        _ => {
            let l = config_line(r);
            if l.starts_with(".use") || l.starts_with(".sampler") {
                ".ieeemode".into()
            } else {
                l
            }
        }
    }
}

/// An instruction or word of code that refers to a place in the global data: its address,
/// its low or high half in clrxasm's spellings, now and then a form clrxasm refuses.
fn data_reference(r: &mut Rng, labels: &[String]) -> String {
    let l = &labels[r.below(labels.len() as u64) as usize];
    // (`N+LABEL>>32` is `N+(LABEL>>32)`, which both refuse: mostly in parentheses.)
    let place = match r.below(16) {
        0..=3 => l.clone(),
        4..=7 => format!("({l}+{})", r.below(64)),
        8..=11 => format!("({}+{l})", r.below(8)),
        12..=14 => format!("({l}-{})", r.below(8)),
        _ => format!("{}+{l}", r.below(8)),
    };
    let value = match r.below(24) {
        0 => place,
        1 => format!("{place}&0xffffffff"),
        2 => format!("({place})%0x100000000"),
        3 => format!("{place}%%0x100000000"),
        4 => format!("{place}>>32"),
        5 => format!("({place}) / 0x100000000"),
        6 => format!("{place}//0x100000000"),
        7 => format!("({place}&0xffffffff)"),
        8 => format!("({place}>>32)"),
        9..=22 => [format!("{place}>>32"), format!("{place}&0xffffffff"), place][r.below(3) as usize].clone(),
        _ => [format!("{place}*2"), format!("{place}>>31"), format!("-{l}")][r.below(3) as usize].clone(),
    };
    match r.below(6) {
        0 => format!("v_mov_b32 v{}, {value}", r.below(8)),
        1 => {
            let d = 2 * r.below(4);
            format!("s_mov_b64 s[{d}:{}], {value}", d + 1)
        }
        2 => format!("v_add_f32 v{}, {value}, v{}", r.below(8), r.below(8)),
        3 => format!(".int {value}"),
        _ => format!("s_mov_b32 s{}, {value}", r.below(16)),
    }
}

/// A random source, and the clrxasm options it is assembled with (the same for gcnkit).
fn source(r: &mut Rng) -> (String, Vec<String>) {
    source_with(r, 3, false)
}

/// [`source`] with one kernel in `hsa` (about) configured by `.hsaconfig` (1: all, 0: none);
/// with `pieces` the kernels' code comes in pieces (a kernel named again goes on where it was
/// left: its code, or its config lines), between them the global data by `.globaldata`,
/// `.inner` or `.main`.
fn source_with(r: &mut Rng, hsa: u64, pieces: bool) -> (String, Vec<String>) {
    source_full(r, hsa, pieces, false)
}

/// [`source_with`]; with `extras` sections of the source's own (clrxasm's extra sections) in
/// the main binary before the data and after `.main` at the end, in the inner binary after
/// the global data and after a kernel's code (then now and then `.text` again).
fn source_full(r: &mut Rng, hsa: u64, pieces: bool, extras: bool) -> (String, Vec<String>) {
    let mut s = String::from(".amdcl2\n");
    let mut opts = Vec::new();
    // (Mostly devices of GCN 1.1 on.)
    let dev = if r.chance(1, 10) {
        r.below(30)
    } else {
        [4, 9, 10, 11, 13, 14, 18, 19, 21, 22, 28][r.below(11) as usize]
    };
    s.push_str(&format!(".gpu {}\n", device(dev)));
    match r.below(3) {
        0 => s.push_str(".64bit\n"),
        1 => opts.push("-6".to_string()),
        _ => {}
    }
    if r.chance(1, 4) {
        s.push_str(".policy 200\n");
    }
    // (Mostly a driver that knows the device: the newer devices need newer drivers.)
    let least = match dev {
        15 => 191205,
        16..=20 => 200406,
        21 | 22 => 226400,
        23 => 234800,
        24..=27 => 257999,
        28 | 29 => 258000,
        _ => 0,
    };
    let dv = loop {
        let dv = DRIVERS[r.below(DRIVERS.len() as u64) as usize];
        if dv >= least || r.chance(1, 6) {
            break dv;
        }
    };
    if r.chance(1, 2) {
        opts.extend(["-t".to_string(), dv.to_string()]);
    } else {
        s.push_str(&format!(".driver_version {dv}\n"));
    }
    if r.chance(1, 3) {
        s.push_str(&format!(".compile_options \"-O{} -DX={}\"\n", r.below(4), r.below(100)));
    }
    if r.chance(1, 5) {
        s.push_str(&format!(".acl_version \"ACL {}\"\n", r.below(1000)));
    }
    if r.chance(1, 6) {
        s.push_str(&format!(".arch_minor {}\n", r.below(3)));
    }
    if r.chance(1, 6) {
        s.push_str(&format!(".arch_stepping {}\n", r.below(5)));
    }
    if extras && r.chance(1, 2) {
        extra_block(r, false, true, &mut s);
    }
    // Data only where the driver takes it, mostly (old binaries refuse it).
    let data = dv >= 191205 || r.chance(1, 8);
    let samplers = data && r.chance(1, 3);
    // The data's labels, which the code refers to (clrxasm's relocations).
    let mut labels = Vec::new();
    let mut inner_bss = false;
    let mut label = |r: &mut Rng, s: &mut String, name: String| {
        if r.chance(1, 2) {
            s.push_str(&format!("{name}:\n"));
            labels.push(name);
        }
    };
    if data && (samplers || r.chance(1, 2)) {
        s.push_str(".globaldata\n");
        for i in 0..1 + r.below(12) {
            label(r, &mut s, format!("g{i}"));
            s.push_str(&format!("  .int {}\n", r.next() as u32));
        }
        if extras && r.chance(1, 3) {
            extra_block(r, false, true, &mut s);
        }
    }
    if data && r.chance(1, 3) {
        s.push_str(".rwdata\n");
        for i in 0..1 + r.below(6) {
            label(r, &mut s, format!("d{i}"));
            s.push_str(&format!("  .int {}\n", r.next() as u32));
        }
    }
    if data && r.chance(1, 3) {
        let align = ["", " align=16", " align=64", " align=4"][r.below(4) as usize];
        s.push_str(&format!(".bssdata{align}\n"));
        // (`.inner` goes back to the bss data, where data cannot be written.)
        inner_bss = true;
        label(r, &mut s, "b0".into());
        s.push_str(&format!("  .skip {}\n", 1 + r.below(300)));
        label(r, &mut s, "b1".into());
        s.push_str(&format!("  .skip {}\n", 1 + r.below(30)));
    }
    // Symbols assigned a place in the global data (`x = g0+4`, relocated where they are
    // used), before the code or after it.
    let mut late = String::new();
    if !labels.is_empty() && r.chance(1, 3) {
        // (One assigned the other's, before that one is assigned too.)
        let data_labels = labels.clone();
        for i in 0..1 + r.below(3) {
            let early = r.chance(1, 2);
            let of = if i > 0 && r.chance(1, 3) {
                format!("x{}", i - 1)
            } else {
                data_labels[r.below(data_labels.len() as u64) as usize].clone()
            };
            let line = format!("x{i} = {of}+{}\n", r.below(16));
            if early {
                s.push_str(&line);
            } else {
                late.push_str(&line);
            }
            labels.push(format!("x{i}"));
        }
    }
    if samplers {
        let n = 1 + r.below(3);
        s.push_str(&format!(
            ".sampler {}\n",
            (0..n).map(|_| r.below(300).to_string()).collect::<Vec<_>>().join(", ")
        ));
        if r.chance(1, 2) {
            for i in 0..n {
                s.push_str(&format!(".samplerreloc {}, {i}\n", 8 * i));
            }
        }
    }
    let kernels = 1 + r.below(4);
    // Kernels whose config lines are still open (left before their `.text`).
    let mut in_config = vec![false; kernels as usize];
    for k in 0..kernels {
        let hsa = hsa != 0 && r.chance(1, hsa);
        let open = if hsa { ".hsaconfig" } else { ".config" };
        s.push_str(&format!(".kernel k{k}\n  {open}\n"));
        if r.chance(1, 2) {
            s.push_str("  .setupargs\n");
        }
        for _ in 0..r.below(if hsa { 12 } else { 8 }) {
            let l = if hsa { hsa_config_line(r) } else { config_line(r) };
            // (Kernel samplers only where there are samplers.)
            if !l.starts_with(".sampler") || samplers {
                s.push_str(&format!("  {l}\n"));
            }
        }
        for a in 0..r.below(9) {
            s.push_str(&format!("  {}\n", arg(r, a as usize)));
        }
        // A control directive (128 bytes, now and then another size, which both refuse).
        if hsa && r.chance(1, 4) {
            let n = if r.chance(11, 12) { 128 } else { r.below(200) };
            s.push_str(&format!("  .control_directive\n  .fill {n}, 1, {:#x}\n", r.below(256)));
            if r.chance(1, 3) {
                s.push_str(&format!("  .hsaconfig\n  {}\n", hsa_config_line(r)));
            }
        }
        if pieces && r.chance(1, 4) {
            in_config[k as usize] = true;
            continue;
        }
        s.push_str(&format!(".text\nl{k}:\n"));
        if !labels.is_empty() {
            for _ in 0..r.below(if hsa { 2 } else { 4 }) {
                s.push_str(&format!("  {}\n", data_reference(r, &labels)));
            }
        }
        common::clrx::random_code(r, &mut s);
        // (From a kernel a new section is the inner binary's, the kernel still the current
        // one: `.text` goes back to its code; a section named again makes the inner binary
        // current, where `.text` is a section of the source's own.)
        if extras && r.chance(1, 3) {
            extra_block(r, true, true, &mut s);
            if r.chance(1, 2) {
                s.push_str(".text\n  s_nop 0\n");
            }
        }
    }
    for p in 0..if pieces { 1 + r.below(5) } else { 0 } {
        // The global data between (an old binary refuses it, as clrxasm does).
        let data = (dv >= 191205 || r.chance(1, 8)).then(|| format!("  .int {}\n", r.below(1000)));
        match r.below(6) {
            0 => {
                s.push_str(&format!(".globaldata\n{}", data.unwrap_or_default()));
                inner_bss = false;
            }
            1 if !inner_bss || r.chance(1, 8) => s.push_str(&format!(".inner\n{}", data.unwrap_or_default())),
            2 => s.push_str(&format!(".main\n{}", data.unwrap_or_default())),
            _ => {}
        }
        let k = r.below(kernels) as usize;
        s.push_str(&format!(".kernel k{k}\n"));
        if std::mem::take(&mut in_config[k]) {
            // Its config lines go on (a random one, as `.config` takes them).
            if r.chance(1, 2) {
                s.push_str(&format!("  .localsize {}\n", 4 * r.below(100)));
            }
            s.push_str(&format!(".text\nl{k}:\n"));
        } else if r.chance(1, 3) {
            s.push_str(".text\n");
        }
        s.push_str(&format!("p{p}:\n  s_nop {}\n", r.below(8)));
        if !labels.is_empty() && r.chance(1, 2) {
            s.push_str(&format!("  {}\n", data_reference(r, &labels)));
        }
        // Code counted for other kernels (`.kcode`; `+` all of them).
        if r.chance(1, 3) {
            let sel: Vec<String> = (0..kernels)
                .filter(|_| r.chance(1, 2))
                .map(|j| format!("k{j}"))
                .collect();
            let sel = if sel.is_empty() {
                "+".to_string()
            } else {
                sel.join(", ")
            };
            s.push_str(&format!(".kcode {sel}\n"));
            common::clrx::random_code(r, &mut s);
            s.push_str(".kcodeend\n");
        }
        // A branch within the kernel's code (another kernel's is refused by both).
        let to = if r.chance(1, 40) { r.below(kernels) as usize } else { k };
        if !in_config[to] {
            s.push_str(&format!("  s_branch l{to}\n  s_cbranch_scc0 p{p}\n"));
        }
        common::clrx::random_code(r, &mut s);
    }
    s.push_str(&late);
    // (`.main` goes back to the section the main binary was left in.)
    if extras && r.chance(1, 3) {
        s.push_str(&format!(".main\n  .int {}\n", r.below(1000)));
        if r.chance(1, 2) {
            extra_block(r, false, true, &mut s);
        }
    }
    (s, opts)
}

/// Names a source gives its own sections, among them `.brig` (which CLRX's main binary gives a
/// symbol), `.text` (outside a kernel a section of the source's own) and, now and then,
/// `.strtab` (CLRX's writer links the symbols to the last section of that name).
const EXTRA_NAMES: [&str; 8] = [
    ".foo", ".bar", "mysec", ".note.x", ".brig", ".text", ".hsatext", ".strtab",
];

/// Random bytes as `.byte`/`.int`/`.fill`/`.ascii` lines.
fn data_lines(r: &mut Rng, s: &mut String) {
    match r.below(4) {
        0 => s.push_str(&format!("    .byte {}, {}\n", r.below(256), r.below(256))),
        1 => s.push_str(&format!("    .int {:#x}\n", r.next() as u32)),
        2 => s.push_str(&format!("    .fill {}, 1, {}\n", r.below(9), r.below(256))),
        _ => s.push_str(&format!("    .ascii \"x{}\"\n", r.below(1000))),
    }
}

/// A block in a section the source names (clrxasm's extra sections): `.section NAME` with
/// random flags, type and alignment, or `.text` (not `in_kernel`, where it is the kernel's
/// code); then data, alignment, labels and their values, instructions (bytes there; not
/// `code`: with `.hsalayout` after a kernel's label clrxasm counts their registers for it).
fn extra_block(r: &mut Rng, in_kernel: bool, code: bool, s: &mut String) {
    let n = if r.chance(1, 10) {
        EXTRA_NAMES.len()
    } else {
        EXTRA_NAMES.len() - 1
    };
    let name = EXTRA_NAMES[r.below(n as u64) as usize];
    let align = |r: &mut Rng| match r.below(3) {
        0 => format!(" align={}", 1u64 << r.below(7)),
        1 if r.chance(1, 4) => " align=0".to_string(),
        _ => String::new(),
    };
    match r.below(4) {
        0 if name == ".text" && !in_kernel => s.push_str(&format!(".text{}\n", align(r))),
        1 => {
            let flags: String = ["a", "w", "x"].iter().filter(|_| r.chance(1, 2)).copied().collect();
            let kind = [", @progbits", ", @note", ", @nobits", ""][r.below(4) as usize];
            // (`align=` there, without a comma before it, is clrxasm's error.)
            let align = if r.chance(1, 8) { align(r) } else { String::new() };
            s.push_str(&format!(".section {name}, \"{flags}\"{kind}{align}\n"));
            // (An empty note section of the inner binary clrxasm fills with bytes of its own
            // memory: gcnkit refuses it.)
            if kind == ", @note" {
                s.push_str("  .byte 1\n");
            }
        }
        _ if name == ".text" && in_kernel => s.push_str(".section .foo\n"),
        _ => s.push_str(&format!(".section {name}{}\n", align(r))),
    }
    let id = r.below(1 << 20);
    for n in 0..r.below(6) {
        match r.below(7) {
            0 => s.push_str(&format!("  .p2align {}\n", r.below(5))),
            1 => s.push_str(&format!("e{id}_{n}:\n")),
            2 if code => s.push_str(&format!("  s_mov_b32 s{}, {}\n", r.below(100), r.below(1000))),
            3 => s.push_str(&format!("  .skip {}\n", r.below(9))),
            4 if code => s.push_str("  s_nop 1\n"),
            _ => data_lines(r, s),
        }
    }
    if r.chance(1, 2) {
        s.push_str(&format!("y{id}: .int y{id}\n  .int .-y{id}\n"));
    }
}

#[test]
fn generated_sources_as_clrxasm_writes_them() {
    let mut r = Rng(common::seed() ^ 0xc12);
    common::clrx::check_generated(".amdcl2", "AMDCL2", || source(&mut r));
}

/// Sources whose kernels all take `.hsaconfig` (with `.control_directive` now and then).
#[test]
fn hsa_config_sources_as_clrxasm_writes_them() {
    let mut r = Rng(common::seed() ^ 0x45a);
    common::clrx::check_generated(".amdcl2 .hsaconfig", "AMDCL2", || source_with(&mut r, 1, false));
}

/// A random `.hsalayout` source: the global data, kernels configured by `.config` or
/// `.hsaconfig`, and one `.text` where each kernel's setup (256 bytes) is at its label, the
/// kernels in any order, code in `.kcode` blocks now and then, referring to one or several
/// labels of the global data, symbols assigned places of them (or of one another, before or
/// after), places naming several labels (clrxasm's relocations in the order it resolves
/// them: its symbol table's, each label's readers in the order of the source, an alias's
/// readers when it is resolved).
fn layout_source(r: &mut Rng) -> (String, Vec<String>) {
    layout_source_with(r, false)
}

/// [`layout_source`]; with `extras` sections of the source's own in the main binary (before
/// the data) and the inner one (after the data, after the code).
fn layout_source_with(r: &mut Rng, extras: bool) -> (String, Vec<String>) {
    let dev = [4, 9, 10, 11, 13, 14, 18, 19][r.below(8) as usize];
    let mut s = format!(".amdcl2\n.gpu {}\n", device(dev));
    let mut opts = Vec::new();
    if r.chance(1, 2) {
        s.push_str(".64bit\n");
    }
    // (Now and then an old binary, which has no `.hsalayout`.)
    let drivers = if r.chance(1, 10) { 6 } else { 5 };
    let dv = [191205, 200406, 203603, 223600, 234800, 180000][r.below(drivers) as usize];
    if r.chance(1, 2) {
        opts.extend(["-t".to_string(), dv.to_string()]);
    } else {
        s.push_str(&format!(".driver_version {dv}\n"));
    }
    if extras && r.chance(1, 2) {
        extra_block(r, false, true, &mut s);
    }
    s.push_str(".globaldata\n");
    let labels: Vec<String> = (0..1 + r.below(4)).map(|i| format!("g{i}")).collect();
    for l in &labels {
        s.push_str(&format!("{l}:\n  .int {}, {}\n", r.below(1000), r.below(1000)));
    }
    if r.chance(1, 3) {
        s.push_str(".rwdata\nd0:\n  .int 7\n");
    }
    // (With `.hsalayout` `.text` is the code: no `.text` of the source's own.)
    if extras && r.chance(1, 2) {
        extra_block(r, true, true, &mut s);
    }
    s.push_str(".hsalayout\n");
    let n = 1 + r.below(4) as usize;
    for k in 0..n {
        let hsa = r.chance(1, 2);
        s.push_str(&format!(
            ".kernel k{k}\n  {}\n",
            if hsa { ".hsaconfig" } else { ".config" }
        ));
        for _ in 0..r.below(6) {
            let l = if hsa { hsa_config_line(r) } else { config_line(r) };
            if !l.starts_with(".sampler") {
                s.push_str(&format!("  {l}\n"));
            }
        }
        for a in 0..r.below(4) {
            s.push_str(&format!("  {}\n", arg(r, a as usize)));
        }
    }
    // The label the code refers to (now and then the read-write data's), or in half of the
    // sources several (clrxasm resolves them in the order of its symbol table).
    let mut target = if s.contains("d0:") && r.chance(1, 4) {
        vec!["d0".to_string()]
    } else {
        vec![labels[r.below(labels.len() as u64) as usize].clone()]
    };
    let several = r.chance(1, 2);
    if several {
        for _ in 0..1 + r.below(3) {
            let l = labels[r.below(labels.len() as u64) as usize].clone();
            if !target.contains(&l) {
                target.push(l);
            }
        }
    }
    // Or a symbol assigned a place of one (the code's only name of the data).
    if target.len() == 1 && r.chance(1, 4) {
        s.push_str(&format!("x0 = {}+{}\n", target[0], r.below(16)));
        target = vec!["x0".to_string()];
    }
    // Or with several names: symbols assigned a place of one, or of another such symbol
    // (clrxasm resolves them when the label is), and places naming several labels (a
    // difference of two, which is a number, plus a third), the names in a random order.
    let mut late = String::new();
    if several && r.chance(1, 2) {
        for i in 1..1 + r.below(3) {
            let of = if i > 1 && r.chance(1, 3) {
                format!("x{}", i - 1)
            } else {
                target[r.below(target.len() as u64) as usize].clone()
            };
            let line = format!("x{i} = {of}+{}\n", r.below(16));
            if r.chance(1, 4) {
                late.push_str(&line);
            } else {
                s.push_str(&line);
            }
            target.push(format!("x{i}"));
        }
    }
    if several && r.chance(1, 2) {
        let g = |r: &mut Rng| labels[r.below(labels.len() as u64) as usize].clone();
        for _ in 0..1 + r.below(2) {
            let (a, b, c) = (g(r), g(r), target[r.below(target.len() as u64) as usize].clone());
            target.push(match r.below(3) {
                0 => format!("({a}-{b}+{c})"),
                1 => format!("({c}+{a}-{b})"),
                _ => format!("({a}+{c}-{b})"),
            });
        }
    }
    s.push_str(".text\n");
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, r.below(i as u64 + 1) as usize);
    }
    for k in order {
        s.push_str(&format!(".p2align 8\nk{k}:\n  .skip 256\n"));
        for _ in 0..r.below(3) {
            s.push_str(&format!("  {}\n", data_reference(r, &target)));
        }
        if r.chance(1, 2) {
            let sel: Vec<String> = (0..n).filter(|_| r.chance(1, 2)).map(|j| format!("k{j}")).collect();
            let sel = if sel.is_empty() || r.chance(1, 5) {
                "+".to_string()
            } else {
                sel.join(", ")
            };
            s.push_str(&format!(".kcode {sel}\n"));
            common::clrx::random_code(r, &mut s);
            s.push_str(".kcodeend\n");
        }
        if r.chance(1, 2) {
            s.push_str(&format!("  {}\n", data_reference(r, &target)));
        }
        common::clrx::random_code(r, &mut s);
        if extras && r.chance(1, 3) {
            extra_block(r, true, false, &mut s);
            s.push_str(".text\n");
        }
    }
    s.push_str(&late);
    (s, opts)
}

/// Sources with sections of their own (clrxasm's extra sections) in the main and the inner
/// binary, opened from the main binary, the inner one and a kernel, named again, `.text`
/// outside a kernel, `.main` going back to them.
#[test]
fn extra_sections_as_clrxasm_writes_them() {
    let mut r = Rng(common::seed() ^ 0xe7a);
    let mut with = 0;
    common::clrx::check_generated(".amdcl2 with extra sections", "AMDCL2", || {
        let (s, opts) = source_full(&mut r, 3, false, true);
        with += s.contains(".section ") as usize;
        (s, opts)
    });
    eprintln!("{with} with .section lines");
}

/// `.hsalayout` sources with sections of their own in the main and the inner binary.
#[test]
fn hsa_layout_extra_sections_as_clrxasm_writes_them() {
    let mut r = Rng(common::seed() ^ 0x1a7e);
    let mut with = 0;
    common::clrx::check_generated(".amdcl2 .hsalayout with extra sections", "AMDCL2", || {
        let (s, opts) = layout_source_with(&mut r, true);
        with += s.contains(".section ") as usize;
        (s, opts)
    });
    eprintln!("{with} with .section lines");
}

/// `.hsalayout` sources with relocations to one or several labels and `.kcode` blocks.
#[test]
fn hsa_layout_sources_as_clrxasm_writes_them() {
    let mut r = Rng(common::seed() ^ 0x1a70);
    let (mut aliases, mut several) = (0, 0);
    common::clrx::check_generated(".amdcl2 .hsalayout", "AMDCL2", || {
        let (s, opts) = layout_source(&mut r);
        aliases += s.contains("x1 = ") as usize;
        several += s
            .as_bytes()
            .windows(3)
            .any(|w| w[0] != b' ' && w[0] != b',' && w[1..] == *b"-g") as usize;
        (s, opts)
    });
    eprintln!("{aliases} with aliases among several names, {several} with places naming several labels");
}

/// Sources whose kernels' code comes in pieces, the global data between (`.globaldata`,
/// `.inner`, `.main`), kernels named again while their config lines are open, `.kcode`
/// blocks in them.
#[test]
fn kernels_in_pieces_as_clrxasm_writes_them() {
    let mut r = Rng(common::seed() ^ 0x91ec);
    common::clrx::check_generated(".amdcl2 in pieces", "AMDCL2", || source_with(&mut r, 3, true));
}

/// Sections of the source's own (clrxasm's extra sections) of the main and the inner binary,
/// `.text` outside a kernel: clrxasm's file (when clrxasm is there), else at least a file.
/// What gcnkit does not write yet is an error at its line, not a wrong file.
#[test]
fn extra_sections_and_unwritten_forms() {
    let head = ".amdcl2\n.gpu Bonaire\n.driver_version 200406\n.kernel k\n.config\n";
    for body in [
        ".inner\n.section .foo\n.int 1",
        ".main\n.section .foo",
        ".globaldata\n.text\ns_endpgm",
        ".main\n.text",
        // (From a kernel the section is the inner binary's and the kernel stays the current
        // one: `.text` goes back to its code, `.kernel` to the section.)
        ".text\ns_endpgm\n.section .bar, \"ax\", @note align=16\nb: .int b, 5\n.text\ns_nop 0\n.kernel j\n.kernel k\n.int 9",
        ".section .foo\n.int 5\n.kernel j\n.section .foo\n.text\n.int 7\n.main\n.int 8\n.inner\n.int 6",
        // (`.brig` of the main binary gets CLRX's `__BRIG__` symbol.)
        ".text\ns_endpgm\n.main\n.section .x\n.section .brig, \"a\"\n.int 7\n.section .strtab\n.byte 0",
    ] {
        let src = format!("{head}{body}\n");
        let ours = gcnkit_binary(&src, &[]).unwrap_or_else(|e| panic!("{body}: {e:?}"));
        if common::clrx::dir().is_some() {
            assert!(ours == common::clrx::assemble_binary(&src, &[]).unwrap(), "{body}");
        }
    }
    for (body, expect) in [
        // (clrxasm gives the section the size of the inner binary's notes, and bytes of its
        // own memory.)
        (".kernel k\n.config\n.text\ns_endpgm\n.section .n, \"\", @note", "empty @note section"),
        // (clrxasm counts the instruction's registers for the kernel whose label came last.)
        (
            ".hsalayout\n.kernel k\n.config\n.text\nk: .skip 256\ns_endpgm\n.section .foo\ns_mov_b32 s90, 1\n.text\ns_endpgm",
            "counts its registers",
        ),
        (".globaldata\n.kernel k\n.config\n.section .rodata, \"a\"\n.int 7", "new global data"),
    ] {
        let src = format!(".amdcl2\n.gpu Bonaire\n.driver_version 200406\n{body}\n");
        let e = gcnkit_binary(&src, &[]).expect_err(body);
        assert!(e.iter().any(|m| m.contains(expect)), "{body}: {e:?}");
        if common::clrx::dir().is_some() {
            assert!(common::clrx::assemble_binary(&src, &[]).is_ok(), "{body}");
        }
    }
    // An inner section in an old binary: clrxasm's error.
    let src = ".amdcl2\n.gpu Bonaire\n.kernel k\n.config\n.text\ns_endpgm\n.section .foo\n.int 1\n";
    let e = gcnkit_binary(src, &[]).unwrap_err();
    assert!(
        e[0].contains("Inner section are allowed only for new binary format"),
        "{e:?}"
    );
    if common::clrx::dir().is_some() {
        assert!(common::clrx::assemble_binary(src, &[]).is_err());
    }
    // A GCN 1.0 device, data in an old binary: refused as clrxasm refuses them.
    let e = gcnkit_binary(".amdcl2\n.gpu Tahiti\n.kernel k\n.text\ns_endpgm\n", &[]).unwrap_err();
    assert!(e[0].contains("OpenCL 2.0 supported only for GCN1.1"), "{e:?}");
    let e = gcnkit_binary(
        ".amdcl2\n.gpu Bonaire\n.globaldata\n.int 1\n.kernel k\n.text\ns_endpgm\n",
        &[],
    )
    .unwrap_err();
    assert!(e[0].contains("Global Data allowed only for new binary format"), "{e:?}");
}

/// Code referring to the global data in forms clrxasm refuses, and `.hsaconfig` lines out of
/// place: errors in gcnkit (and in clrxasm, when it is there), never a file.
#[test]
fn refused_relocations_and_hsa_lines() {
    let head =
        ".amdcl2\n.gpu Bonaire\n.64bit\n.driver_version 200406\n.globaldata\n.int 1\ng: .int 2\n.rwdata\nd: .int 3\n";
    for (kernel, expect) in [
        ("s_mov_b32 s0, g*2", "global data place"),
        ("s_mov_b32 s0, -g", "global data place"),
        ("s_mov_b32 s0, (g&0xffffffff)+4", "global data place"),
        ("s_mov_b32 s0, g>>31", "global data place"),
        ("s_mov_b32 s0, 4+g>>32", "global data place"),
        ("s_mov_b32 s0, d-g", "Only one relative"),
        ("s_load_dword s0, s[0:1], g", "non 32-bit integer"),
        (".hsaconfig\n.useargs", "Illegal config pseudo-op in HSAConfig"),
        (".hsaconfig\n.config", "Config and HSAConfig can't be mixed"),
        (".config\n.hsaconfig", "Config and HSAConfig can't be mixed"),
        (".config\n.use_ptr64", "HSAConfig pseudo-op only in HSAConfig"),
        (".hsaconfig\n.use_wave32", "misplaced pseudo-op"),
        (".hsaconfig\n.control_directive\n.fill 100, 1, 0", "have wrong size"),
        (".control_directive\n.fill 12, 1, 0", "have wrong size"),
        (".metadata\n.byte 1\n.config", "Config can't be defined if metadata"),
        (
            ".config\n.text\n.setup",
            "Setup can't be defined if configuration was defined",
        ),
        (".stub", "Stub allowed only for old binary format"),
    ] {
        let src = if kernel.starts_with('.') {
            format!("{head}.kernel k\n{kernel}\n.text\ns_endpgm\n")
        } else {
            format!("{head}.kernel k\n.config\n.text\n{kernel}\ns_endpgm\n")
        };
        let e = gcnkit_binary(&src, &[]).expect_err(kernel);
        assert!(e.iter().any(|m| m.contains(expect)), "{kernel}: {e:?}");
        if common::clrx::dir().is_some() {
            assert!(
                common::clrx::assemble_binary(&src, &[]).is_err(),
                "clrxasm takes {kernel}"
            );
        }
    }
    let e = gcnkit_binary(".amdcl2\n.gpu Bonaire\n.hsaconfig\n", &[]).unwrap_err();
    assert!(e[0].contains("can be defined only inside kernel"), "{e:?}");
}

/// Kernels without a config — nothing, raw parts, a control directive alone — and
/// `.samplerinit`: clrxasm's file (when clrxasm is there), else at least a file.
#[test]
fn kernels_without_config_as_clrxasm() {
    let head = ".amdcl2\n.gpu Bonaire\n.64bit\n.driver_version 200406\n";
    for body in [
        ".kernel k\n.text\ns_endpgm",
        ".kernel k\n.metadata\n.byte 1, 2, 3\n.setup\n.fill 256, 1, 7\n.text\ns_endpgm",
        ".kernel k\n.control_directive\n.fill 128, 1, 1\n.text\ns_endpgm",
        ".samplerinit\n.int 0x10008, 5\n.globaldata\n.int 0, 0\n.kernel k\n.config\n.text\ns_endpgm",
        ".hsalayout\n.kernel k\n.config\n.kernel j\n.text\nk: .skip 256\ns_endpgm\n.p2align 8\nj: .skip 256\ns_endpgm",
    ] {
        let src = format!("{head}{body}\n");
        let ours = gcnkit_binary(&src, &[]).unwrap_or_else(|e| panic!("{body}: {e:?}"));
        if common::clrx::dir().is_some() {
            assert!(ours == common::clrx::assemble_binary(&src, &[]).unwrap(), "{body}");
        }
    }
}

/// gcnkit's CLRX text of an AMD OpenCL 2.0 binary.
fn gcnkit_text(bin: &[u8]) -> Result<String, String> {
    let mut t = String::new();
    gcnkit::disasm::disassemble_amdcl2(bin, gcnkit::disasm::Format::Text, |s| t.push_str(s))?;
    Ok(t)
}

/// A binary's text through both assemblers: one file. The text of that file is a fixed point
/// (clrxdisasm's form loses, once, what PGM_RSRC2 says twice: a local id count of 3 is 2).
/// Returns the file; `None` when both refuse the text (samplers with no room in the global
/// data: their default offsets wrap around, and clrxasm's check refuses the offsets it wrote).
fn round_trip(what: &str, text: &str) -> Option<Vec<u8>> {
    common::clrx::round_trip_text(what, text, gcnkit_text, "Sampler offset outside global data")
}

/// [`normalized`] text without comments: gcnkit's instruction printer puts a float literal's
/// value after the operands, clrxdisasm after the literal, with one digit more (a known gap of
/// the instruction text, not of the format; the assemblers skip comments).
fn uncommented(t: &str) -> Vec<String> {
    normalized(t)
        .iter()
        .map(|l| {
            let mut s = l.clone();
            while let Some(a) = s.find("/*") {
                let b = s[a..].find("*/").map_or(s.len(), |b| a + b + 2);
                s.replace_range(a..b, "");
            }
            s.split_whitespace().collect::<Vec<_>>().join(" ").replace(" ,", ",")
        })
        .collect()
}

/// CLRX's real OpenCL 2.0 binaries: gcnkit's text is clrxdisasm's `-dCmf` text (addresses and
/// float comments aside), and it assembles with gcnkit and clrxasm to one binary whose text
/// is the same.
#[test]
fn real_binaries_disassemble_as_clrxdisasm() {
    let is_cl2 = gcnkit::codeobj::clrx_amdcl2::is_amdcl2;
    let Some(n) = common::clrx::real_binaries_read(is_cl2, gcnkit_text, uncommented, round_trip) else {
        eprintln!(
            "CLRX's source (GCNKIT_CLRX_SRC, or GCNKIT_CLRX_DIR/../../src) not found: its real .amdcl2 binaries not read"
        );
        return;
    };
    eprintln!("{n} of CLRX's real AMD OpenCL 2.0 binaries read: clrxdisasm's text, both assemblers' file");
    assert!(n >= 5, "{n} binaries");
}

/// Generated binaries (gcnkit's, byte for byte clrxasm's): their text is clrxdisasm's and
/// assembles back through both assemblers to one file.
#[test]
fn generated_binaries_disassemble_and_assemble_back() {
    let n = common::env_n("GCNKIT_AMDCL2_N", 150) / 3;
    let mut r = Rng(common::seed() ^ 0xd15c);
    // (Without `.hsaconfig` kernels: clrxdisasm's `-dCmf` prints their HSA header as a
    // `.config`, which does not give it back.)
    let (done, lossy) =
        common::clrx::generated_binaries_read(n, || source_with(&mut r, 0, false), gcnkit_text, round_trip);
    eprintln!(
        "{done} generated binaries: text as clrxdisasm's, assembled back by both to one file; {lossy} texts refused by both (sampler offsets wrapped)"
    );
    assert!(done * 3 >= n);
}

/// CLRX's real OpenCL 2.0 binaries (how many), then `n` sources of [`source`] (seeded with
/// `salt`) that gcnkit assembles: (source, binary) each.
fn real_and_generated(n: usize, salt: u64) -> (usize, impl Iterator<Item = (String, Vec<u8>)>) {
    let real: Vec<Vec<u8>> = common::clrx::real_binaries()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|f| {
            std::fs::read(&f)
                .ok()
                .filter(|b| gcnkit::codeobj::clrx_amdcl2::is_amdcl2(b))
        })
        .collect();
    let mut r = Rng(common::seed() ^ salt);
    // (Not those whose code starts inside its setup, `.kernel_code_entry_offset` other than
    // 256: the setup's bytes read as code hold illegal opcodes, which clrxdisasm names
    // `MUBUF_ill_118`... and gcnkit prints as `.int`, a disassembler difference of its own.)
    let generated = (0..n).filter_map(move |_| {
        let (src, opts) = source(&mut r);
        let odd_entry = src.contains(".kernel_code_entry_offset");
        gcnkit_binary(&src, &opts).ok().filter(|_| !odd_entry).map(|b| (src, b))
    });
    let reals = real.len();
    let real = real
        .into_iter()
        .map(|b| ("(one of CLRX's real binaries)".to_string(), b));
    (reals, real.chain(generated))
}

/// clrxdisasm's raw forms of CLRX's real and of generated binaries (no option: the code alone;
/// `-m` the metadata bytes, `-s` the stub and setup bytes, `-d` the data; all of them; `-L`
/// the HSA layout, `.hsalayout`): gcnkit and clrxasm
/// assemble each text to one file, or both refuse it (code that refers to data not printed).
#[test]
fn raw_forms_assemble_as_clrxasm() {
    if common::clrx::dir().is_none() {
        eprintln!("GCNKIT_CLRX_DIR not set: clrxdisasm's raw forms not assembled");
        return;
    }
    let (reals, binaries) = real_and_generated(common::env_n("GCNKIT_AMDCL2_N", 150) / 3, 0x7a3);
    let d = std::env::temp_dir().join(format!("gcnkit-cl2raw-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let (mut same, mut refused, mut original) = (0, 0, 0);
    let forms: [&[&str]; 9] = [
        &[],
        &["-m"],
        &["-s"],
        &["-d"],
        &["-mds"],
        &["-mdsf"],
        &["-Ldm"],
        &["-Ldms"],
        &["-LdCm"],
    ];
    // CLRX's real binaries, then generated ones.
    for (k, (src, bin)) in binaries.enumerate() {
        let f = d.join(format!("r{k}.bin"));
        std::fs::write(&f, &bin).unwrap();
        for o in forms {
            let Ok(text) = common::clrx::disassemble_file(&f, o) else {
                continue;
            };
            match (gcnkit_binary(&text, &[]), common::clrx::assemble_binary(&text, &[])) {
                (Ok(a), Ok(b)) => {
                    assert!(a == b, "{o:?}: files differ\n{text}\nfrom\n{src}");
                    same += 1;
                    original += (a == bin) as usize;
                }
                (Err(_), Err(_)) => refused += 1,
                (Ok(_), Err(e)) => panic!("clrxasm refuses what gcnkit takes ({o:?}): {e}\n{text}"),
                (Err(e), Ok(_)) => panic!("gcnkit refuses what clrxasm takes ({o:?}): {e:?}\n{text}"),
            }
        }
    }
    let _ = std::fs::remove_dir_all(&d);
    eprintln!(
        "clrxdisasm's raw forms of {reals} real and some generated binaries: {same} texts one same file from both assemblers ({original} the binary itself), {refused} refused by both"
    );
    assert!(same > refused);
}

/// gcnkit's text of CLRX's real and of generated binaries with each of clrxdisasm's `-m`,
/// `-d`, `-C` (and `-f` alone: the code) is clrxdisasm's, float comments aside; where both
/// assemblers take it, they write one file.
#[test]
fn parts_print_as_clrxdisasm() {
    use gcnkit::disasm::ClrxDump;
    if common::clrx::dir().is_none() {
        eprintln!("GCNKIT_CLRX_DIR not set: clrxdisasm's forms not compared");
        return;
    }
    let (reals, binaries) = real_and_generated(common::env_n("GCNKIT_AMDCL2_N", 150) / 5, 0x9a7);
    let d = std::env::temp_dir().join(format!("gcnkit-cl2parts-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let (mut same, mut files) = (0, 0);
    for (k, (src, bin)) in binaries.enumerate() {
        let f = d.join(format!("p{k}.bin"));
        std::fs::write(&f, &bin).unwrap();
        for o in [
            "-f", "-m", "-d", "-C", "-md", "-mC", "-dC", "-s", "-ms", "-ds", "-mds", "-sC", "-mdsf", "-H", "-HC",
            "-HCm", "-dHC", "-HCs", "-L", "-Ldm", "-Ldms", "-LdCm", "-LC", "-Ls", "-LHC",
        ] {
            // (`-H` of an old binary: clrxdisasm reads its short setup as a 256-byte header.)
            if o.contains('H') && bin.windows(14).any(|w| w == b"__ISA_&__OpenC") {
                continue;
            }
            let Ok(theirs) = common::clrx::disassemble_file(&f, &[o]) else {
                continue;
            };
            let dump = ClrxDump {
                metadata: o.contains('m'),
                data: o.contains('d'),
                config: o.contains('C'),
                floats: o.contains('f'),
            };
            let mut ours = String::new();
            let forms = gcnkit::disasm::Cl2Forms {
                setup: o.contains('s'),
                hsa_config: o.contains('H'),
                layout: o.contains('L'),
            };
            gcnkit::disasm::disassemble_amdcl2_setup(&bin, gcnkit::disasm::Format::Text, dump, forms, |t| {
                ours.push_str(&dump.floats_of(t))
            })
            .unwrap_or_else(|e| panic!("{o}: {e}\n{theirs}"));
            assert_eq!(uncommented(&ours), uncommented(&theirs), "{o}\n{src}");
            same += 1;
            match (gcnkit_binary(&ours, &[]), common::clrx::assemble_binary(&ours, &[])) {
                (Ok(a), Ok(b)) => {
                    assert!(a == b, "{o}: files differ\n{ours}");
                    files += 1;
                }
                (Err(_), Err(_)) => {}
                (a, b) => panic!("{o}: gcnkit {:?}, clrxasm {:?}\n{ours}", a.err(), b.err()),
            }
        }
    }
    let _ = std::fs::remove_dir_all(&d);
    eprintln!("{same} texts of {reals} real and some generated binaries as clrxdisasm's -m/-d/-C/-f/-s/-H/-L; {files} assembled by both to one file");
    assert!(same > 0 && files > 0);
}

/// Damaged binaries (generated ones cut short or with bytes changed) give text or an error,
/// never a panic or a hang.
#[test]
fn damaged_binaries_never_panic() {
    let mut r = Rng(common::seed() ^ 0xbad);
    let mut n = 0;
    while n < 40 {
        let (src, opts) = source(&mut r);
        let Ok(bin) = gcnkit_binary(&src, &opts) else { continue };
        n += 1;
        for _ in 0..25 {
            let mut b = bin.clone();
            if r.chance(1, 3) {
                b.truncate(r.below(b.len() as u64) as usize);
            }
            for _ in 0..1 + r.below(8) {
                if b.len() > 20 {
                    let at = 20 + r.below(b.len() as u64 - 20) as usize;
                    b[at] = r.next() as u8;
                }
            }
            let _ = gcnkit_text(&b);
        }
    }
}

/// What [`read_back_own_sections`] found.
#[derive(Default, Debug)]
struct ReadBack {
    tried: usize,
    compared: usize,
    unread: usize,
    same_file: usize,
    original: usize,
    refused: usize,
    header_refused: usize,
    code_refused: usize,
    entry_past: usize,
    odd_entry: usize,
    strtab: usize,
    none: usize,
    illegal: usize,
    notes: usize,
}

/// Why both assemblers refuse a text gcnkit's disassembler printed: gcnkit's first error
/// (`a.s:LINE:COL: error: MESSAGE`) is clrxasm's too, at the same line (when clrxasm is
/// there). `Some(true)`: a kernel's config value out of range on a `.config` line that
/// clrxdisasm's form reads from an HSA header; `Some(false)`: an instruction clrxasm refuses as
/// well (an own section's bytes in a kernel's code, read as an instruction with two scalar
/// operands); `None`: neither.
fn refused_by_both(text: &str, errors: &[String]) -> Option<bool> {
    const RANGE: [&str; 4] = [
        "Used SGPRs number out of range",
        "Used VGPRs number out of range",
        "LocalSize out of range",
        "UserDataNum out of range",
    ];
    let first = errors.first()?;
    let (place, message) = first.split_once(": error: ")?;
    let line: usize = place.split(':').nth(1).and_then(|l| l.parse().ok()).unwrap();
    let what = text.lines().nth(line - 1).unwrap_or("").trim();
    let header = if RANGE.iter().any(|m| message.starts_with(m)) {
        let ops = [".sgprsnum ", ".vgprsnum ", ".localsize ", ".userdatanum "];
        assert!(ops.iter().any(|p| what.starts_with(p)), "{first}: {what}\n{text}");
        true
    } else if message.contains("can read one scalar value") && !what.starts_with('.') {
        false
    } else {
        return None;
    };
    if common::clrx::dir().is_some() {
        let theirs = common::clrx::assemble_binary(text, &[]).expect_err("clrxasm takes it");
        let same = if header {
            format!("Error: {message}")
        } else {
            "More than one SGPR".into()
        };
        assert!(
            theirs.contains(&format!("a.s:{line}:")) && theirs.contains(&same),
            "gcnkit: {first}\nclrxasm: {theirs}\n{text}"
        );
    }
    Some(header)
}

/// Generated binaries whose source had sections of its own (main and inner binary, every
/// type and flag, `align=`, `.brig`, `.text` outside a kernel): gcnkit's text is clrxdisasm's
/// (where clrxdisasm reads the file: not one whose own `@note` section holds no notes), then
/// those sections after `.main`/`.inner` (clrxdisasm prints none); both assemblers take the
/// text to one file, which has the original's own sections (the rest of it as from
/// clrxdisasm's text: the same file but where clrxdisasm's form loses something).
///
/// Kernels of `.config` ([`source_full`]'s `hsa` 0), of `.hsaconfig` (1: all; 3: about one in
/// three) and in pieces (`pieces`). clrxdisasm's `-dCmf` prints an HSA header as a `.config`
/// whose values come from the header's fields (`.vgprsnum` from the reserved VGPRs' first and
/// count, `.sgprsnum`...): where one is out of range both assemblers refuse the text at that
/// line with the same error (counted in `header_refused`; only sources with `.hsaconfig`);
/// an own section's bytes in a kernel's code can make an instruction both refuse
/// (`code_refused`).
fn read_back_own_sections(n: usize, hsa: u64, pieces: bool, salt: u64) -> ReadBack {
    use gcnkit::codeobj::clrx_amdcl2_read::read;
    let mut r = Rng(common::seed() ^ salt);
    let d = std::env::temp_dir().join(format!("gcnkit-cl2own-{}-{salt:x}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let mut c = ReadBack::default();
    for k in 0..n {
        let (src, opts) = source_full(&mut r, hsa, pieces, true);
        if !src.contains(".section") {
            continue;
        }
        let Ok(bin) = gcnkit_binary(&src, &opts) else { continue };
        c.tried += 1;
        // (a section of the source's own named `.strtab` is the one CLRX's symbols link to:
        // their names are its bytes)
        let text = match gcnkit_text(&bin) {
            Ok(t) => t,
            Err(e) if src.contains(".section .strtab") => {
                eprintln!("gcnkit refuses a file with an own .strtab: {e}");
                c.strtab += 1;
                continue;
            }
            // (an HSA header's code entry offset past the kernel's code: its setup cannot
            // be found, clrxdisasm's neither)
            Err(e) if e.ends_with(" out of range") && src.contains(".kernel_code_entry_offset") => {
                if common::clrx::dir().is_some() {
                    let f = d.join(format!("e{k}.bin"));
                    std::fs::write(&f, &bin).unwrap();
                    assert!(common::clrx::disassemble_file(&f, &["-dCmf"]).is_err(), "{src}");
                }
                c.entry_past += 1;
                continue;
            }
            Err(e) => panic!("{e}\n{src}"),
        };
        // (not those whose code starts inside its setup: the setup's bytes read as code hold
        // illegal opcodes, which clrxdisasm names `FLAT_ill_119`... and gcnkit prints as `.int`,
        // a disassembler difference of its own)
        if src.contains(".kernel_code_entry_offset") {
            c.odd_entry += 1;
            continue;
        }
        let b = read(&bin).unwrap();
        // (`.section .text` from a kernel goes back to its code: none of its own then)
        if b.own.is_empty() && b.inner_own.is_empty() {
            c.none += 1;
            continue;
        }
        // (an own `.strtab` is the one CLRX's symbols link to: not printed)
        if b.own.iter().chain(&b.inner_own).any(|s| s.name == ".strtab") {
            assert!(!text.contains(gcnkit::disasm::OWN_SECTIONS_NOTE), "{text}");
            c.strtab += 1;
            continue;
        }
        assert!(
            text.contains(gcnkit::disasm::OWN_SECTIONS_NOTE),
            "not printed\n{src}\n{text}"
        );
        // (clrxdisasm reads the ISA version from the inner binary's last note section: one of
        // the source's own there gives it no version, or a file it refuses; gcnkit reads
        // `.note`, where clrxasm wrote the version)
        let own_note = b.inner_own.iter().any(|s| s.kind == 7);
        c.notes += own_note as usize;
        if common::clrx::dir().is_some() && !own_note {
            let f = d.join(format!("o{k}.bin"));
            std::fs::write(&f, &bin).unwrap();
            match common::clrx::disassemble_file(&f, &["-dCmf"]) {
                Ok(theirs) => {
                    let ours = text.split(gcnkit::disasm::OWN_SECTIONS_NOTE).next().unwrap();
                    assert_eq!(normalized(ours), normalized(&theirs), "{src}");
                    c.compared += 1;
                }
                Err(e) => {
                    eprintln!("clrxdisasm refuses a file: {}", e.rsplit(": ").next().unwrap_or(&e));
                    c.unread += 1;
                }
            }
        }
        // (data in a kernel's code — `.section .text, FLAGS` from a kernel is its code — can
        // hold illegal opcodes and operands, which clrxdisasm and gcnkit name, `SOP2_ill_62`,
        // `ill_220`, and clrxasm
        // does not take back)
        if text.contains("ill_") {
            c.illegal += 1;
            continue;
        }
        if let Err(e) = gcnkit_binary(&text, &[]) {
            match refused_by_both(&text, &e) {
                // (only where an HSA header was written)
                Some(true) if src.contains(".hsaconfig") => {
                    c.header_refused += 1;
                    continue;
                }
                Some(false) => {
                    c.code_refused += 1;
                    continue;
                }
                _ => {}
            }
        }
        let Some(again) = round_trip(&format!("generated from\n{src}\n"), &text) else {
            c.refused += 1;
            continue;
        };
        let a = read(&again).unwrap();
        let sections = |b: &gcnkit::codeobj::clrx_amdcl2_read::Cl2Binary| {
            [&b.own, &b.inner_own].map(|l| {
                l.iter()
                    .map(|s| (s.name.clone(), s.kind, s.flags, s.align, s.size, s.bytes.clone()))
                    .collect::<Vec<_>>()
            })
        };
        assert!(
            sections(&a) == sections(&b),
            "the source's own sections differ\n{src}\n{text}"
        );
        // (the main binary's section count, from its header)
        let shnum = |f: &[u8]| if f[4] == 2 { f[60] } else { f[48] };
        assert_eq!(shnum(&again), shnum(&bin), "{src}\n{text}");
        c.same_file += 1;
        c.original += (again == bin) as usize;
    }
    let _ = std::fs::remove_dir_all(&d);
    let ReadBack {
        tried,
        compared,
        unread,
        same_file,
        original,
        refused,
        header_refused,
        code_refused,
        entry_past,
        odd_entry,
        strtab,
        none,
        illegal,
        notes,
    } = c;
    eprintln!(
        "{tried} binaries with sections of the source's own: {compared} texts as clrxdisasm's before them ({unread} files clrxdisasm refuses; {notes} not compared: an inner note section of the source's own); {same_file} assembled by both to one file with those sections ({original} the binary itself), {refused} refused by both, {header_refused} refused by both at a `.config` value read from an HSA header, {code_refused} at an instruction read from an own section's bytes in a kernel's code; {entry_past} unread by both (a code entry offset past the code), {odd_entry} not read back (code entered inside its setup); {strtab} with an own .strtab (unreadable, or its sections not printed); {none} with none left (`.section .text` from a kernel); {illegal} with illegal opcodes in the code"
    );
    c
}

/// [`read_back_own_sections`] of `.config` kernels: at least half the binaries give one file.
#[test]
fn own_sections_read_back() {
    let c = read_back_own_sections(common::env_n("GCNKIT_AMDCL2_N", 150), 0, false, 0xe5c7);
    assert_eq!(c.header_refused + c.entry_past + c.odd_entry, 0, "{c:?}");
    assert!(c.same_file * 2 >= c.tried, "{c:?}");
}

/// [`read_back_own_sections`] of `.hsaconfig` kernels (all of them) and of kernels in pieces
/// (about one in three `.hsaconfig`).
#[test]
fn own_sections_read_back_hsa_config_and_pieces() {
    let n = common::env_n("GCNKIT_AMDCL2_N", 150);
    eprint!(".hsaconfig kernels: ");
    let hsa = read_back_own_sections(n, 1, false, 0xe5c8);
    eprint!("kernels in pieces: ");
    let pieces = read_back_own_sections(n, 3, true, 0xe5c9);
    for c in [&hsa, &pieces] {
        assert!(c.same_file * 3 >= c.tried, "{c:?}");
    }
    if common::clrx::dir().is_some() {
        // (clrxdisasm's `.config` of an HSA header does not give it back: values out of range)
        assert!(hsa.header_refused > 0 && hsa.original < hsa.same_file, "{hsa:?}");
    }
}
