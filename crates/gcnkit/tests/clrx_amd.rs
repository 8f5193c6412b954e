//! CLRX's AMD Catalyst OpenCL 1.2 binaries (`.amd`): generated sources — random devices,
//! bitness (`.64bit` or `-6`), driver versions (`.driver_version`, `-t` or `.driver_info`),
//! global data, compile options, one to four kernels with random `.config` values, user data,
//! samplers and argument lists of every kind, and code that uses random registers — through
//! gcnkit and live clrxasm (`GCNKIT_CLRX_DIR`), which must write the same file byte for byte,
//! or both refuse the source. Without clrxasm the sources are still assembled (every one must
//! give a binary or an error, never a panic) and the comparison is skipped, said on stderr.

mod common;

use common::clrx::{gcnkit_binary, normalized};
use common::Rng;

/// CLRX's devices the format has (GCN 1.0-1.2), as `.gpu` names them.
const DEVICES: [&str; 22] = [
    "CapeVerde",
    "Pitcairn",
    "Tahiti",
    "Oland",
    "Bonaire",
    "Spectre",
    "Spooky",
    "Kalindi",
    "Hainan",
    "Hawaii",
    "Iceland",
    "Tonga",
    "Mullins",
    "Fiji",
    "Carrizo",
    "Dummy",
    "Goose",
    "Horse",
    "Stoney",
    "Ellesmere",
    "Baffin",
    "GFX804",
];

/// Driver versions on each side of every threshold CLRX's generator tests.
const DRIVERS: [u32; 10] = [
    0, 112401, 112402, 134804, 134805, 144505, 144506, 152603, 159805, 164205,
];

const SCALARS: [&str; 11] = [
    "void", "uchar", "char", "ushort", "short", "uint", "int", "ulong", "long", "float", "double",
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
const DATA_CLASSES: [&str; 6] = [
    "PTR_UAV_TABLE",
    "IMM_CONST_BUFFER",
    "IMM_UAV",
    "PTR_RESOURCE_TABLE",
    "IMM_KERNEL_ARG",
    "IMM_GLOBAL_OFFSET",
];

fn value_type(r: &mut Rng) -> String {
    let s = SCALARS[1 + r.below(10) as usize];
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
    let unused = if r.chance(1, 8) { ", unused" } else { "" };
    match r.below(9) {
        0..=2 => format!(".arg {name}, {tn}{}{unused}", value_type(r)),
        3 | 4 => {
            let pointee = if r.chance(1, 8) {
                "void".to_string()
            } else if r.chance(1, 6) {
                "structure".into()
            } else {
                value_type(r)
            };
            let size = if pointee == "structure" {
                format!(", {}", r.below(64))
            } else {
                String::new()
            };
            let quals = [
                "",
                "const",
                "restrict",
                "volatile",
                "const restrict",
                "restrict volatile",
            ][r.below(6) as usize];
            match r.below(3) {
                0 => format!(".arg {name}, {tn}{pointee}*{size}, local, {quals}"),
                1 => {
                    let cs = if r.chance(1, 2) {
                        format!(", {}", r.below(4096))
                    } else {
                        String::new()
                    };
                    format!(".arg {name}, {tn}{pointee}*{size}, constant, {quals}{cs}")
                }
                _ => format!(
                    ".arg {name}, {tn}{pointee}*{size}, global, {quals}{}",
                    if unused.is_empty() { "" } else { ", , unused" }
                ),
            }
        }
        5 => {
            let acc = ["", ", read_only", ", write_only", ", rdonly", ", wronly"][r.below(5) as usize];
            format!(".arg {name}, {tn}{}{acc}", IMAGES[r.below(7) as usize])
        }
        6 => format!(".arg {name}, {tn}structure, {}{unused}", r.below(100)),
        7 => format!(".arg {name}, {tn}sampler{unused}"),
        _ => format!(".arg {name}, {tn}counter32"),
    }
}

/// A random `.config` line (or none).
fn config_line(r: &mut Rng) -> String {
    let dims = |r: &mut Rng| ["", "x", "y", "z", "xy", "xz", "yz", "xyz"][r.below(8) as usize];
    match r.below(24) {
        0 => format!(".dims {}", ["x", "xy", "xyz", "yz", "z"][r.below(5) as usize]),
        1 => format!(".dims {}, {}", dims(r), dims(r)),
        2 => format!(".sgprsnum {}", r.below(100)),
        3 => format!(".vgprsnum {}", r.below(257)),
        4 => format!(".pgmrsrc2 {:#x}", r.next() as u32),
        5 => format!(".floatmode {:#x}", r.below(256)),
        6 => ".ieeemode".into(),
        7 => ".tgsize".into(),
        8 => format!(".hwlocal {}", r.below(32769)),
        9 => format!(".hwregion {}", r.below(1000)),
        10 => format!(".scratchbuffer {}", r.below(5000)),
        11 => format!(".uavprivate {}", r.below(5000)),
        // (`.uavid` with no value makes clrxasm write past its UAV mask for a global pointer:
        // it may crash.)
        12 => format!(".uavid {}", 9 + r.below(20)),
        13 => [".cbid".to_string(), format!(".cbid {}", r.below(1024))][r.below(2) as usize].clone(),
        14 => [".printfid".to_string(), format!(".printfid {}", r.below(16))][r.below(2) as usize].clone(),
        15 => [".privateid".to_string(), format!(".privateid {}", r.below(1024))][r.below(2) as usize].clone(),
        16 => format!(".earlyexit {}", r.next() as u32),
        17 => format!(".condout {}", r.next() as u32),
        18 => format!(".exceptions {}", r.below(128)),
        19 => ".useconstdata".into(),
        20 => ".useprintf".into(),
        21 => format!(".cws {}, {}, {}", 1 + r.below(64), 1 + r.below(16), 1 + r.below(4)),
        22 => {
            let start = r.below(16);
            format!(
                ".userdata {}, {}, {start}, {}",
                DATA_CLASSES[r.below(6) as usize],
                r.below(8),
                r.below(17 - start)
            )
        }
        _ => format!(
            ".sampler {}",
            (0..1 + r.below(3))
                .map(|_| r.below(20).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The named CAL notes' pseudo-ops (CLRX's `CALNOTE_ATI_*` types 1-17 in its order).
use gcnkit::codeobj::clrx_amd::CAL_NOTE_NAMES as NOTES;

/// Random bytes as `.byte`/`.int`/`.fill`/`.ascii` lines.
fn data_lines(r: &mut Rng, s: &mut String, max: u64) {
    for _ in 0..r.below(max) {
        match r.below(4) {
            0 => s.push_str(&format!("    .byte {}, {}\n", r.below(256), r.below(256))),
            1 => s.push_str(&format!("    .int {:#x}\n", r.next() as u32)),
            2 => s.push_str(&format!("    .fill {}, 1, {}\n", r.below(9), r.below(256))),
            _ => s.push_str(&format!("    .ascii \"x{}\"\n", r.below(1000))),
        }
    }
}

/// Names a source gives its own sections (clrxasm's extra sections), among them the format's
/// own names, and last the names CLRX's ELF writer links by (`.strtab`, `.shstrtab`,
/// `.symtab`: a binary clrxdisasm then mostly cannot read).
const EXTRA_NAMES: [&str; 10] = [
    ".foo",
    ".bar",
    "mysec",
    ".note.x",
    ".rodata",
    ".text",
    ".data",
    ".strtab",
    ".shstrtab",
    ".symtab",
];

/// A block in a section the source names (clrxasm's extra sections: in a kernel its inner
/// binary's, outside the kernels the main binary's): `.section NAME` with random flags, type
/// and alignment, or `.rodata`/`.text` (outside a kernel), then data, alignment, labels and
/// their values, instructions. `.data` is a kernel's own in a kernel.
fn extra_block(r: &mut Rng, in_kernel: bool, linked: bool, s: &mut String) {
    let names = if linked {
        EXTRA_NAMES.len()
    } else {
        EXTRA_NAMES.len() - 3
    };
    let name = EXTRA_NAMES[r.below(names as u64) as usize];
    let align = |r: &mut Rng| match r.below(3) {
        0 => format!(" align={}", 1u64 << r.below(7)),
        1 if r.chance(1, 4) => " align=0".to_string(),
        _ => String::new(),
    };
    match r.below(4) {
        0 if matches!(name, ".rodata" | ".text") && !(in_kernel && name == ".text") => {
            s.push_str(&format!("{name}{}\n", align(r)));
        }
        1 => {
            let flags: String = ["a", "w", "x"].iter().filter(|_| r.chance(1, 2)).copied().collect();
            let kind = match r.below(5) {
                0 => ", @progbits",
                1 => ", @note",
                2 => ", @nobits",
                _ => "",
            };
            s.push_str(&format!(".section {name}, \"{flags}\"{kind}{}\n", align(r)));
        }
        _ => s.push_str(&format!(".section {name}{}\n", align(r))),
    }
    let id = r.below(1 << 20);
    // (A kernel's code holds instructions only: data words there may print as instructions
    // neither assembler takes back.)
    let code = in_kernel && name == ".text";
    for n in 0..r.below(6) {
        match r.below(7) {
            0 => s.push_str(&format!("  .p2align {}\n", r.below(5))),
            1 => s.push_str(&format!("x{id}_{n}:\n")),
            2 => s.push_str(&format!("  s_mov_b32 s{}, {}\n", r.below(100), r.below(1000))),
            4 if !code => s.push_str(&format!("  .skip {}\n", r.below(9))),
            5 | 6 if !code => data_lines(r, s, 3),
            _ => s.push_str("  s_nop 1\n"),
        }
    }
    // (A label's value in a kernel's code is clrxasm's "Expression must be absolute!".)
    if r.chance(1, 2) && !(in_kernel && name == ".text") {
        // (`.` is each value's own place to clrxasm, the statement's to gcnkit: one a line.)
        s.push_str(&format!("y{id}: .int y{id}\n  .int .-y{id}\n"));
    }
}

/// A kernel's raw parts in random order and amounts (as clrxdisasm prints them without
/// `-C`, and then some): `.header`, `.metadata` (sometimes naming unique and function ids the
/// config kernels must skip), CAL notes named and by number, with their entries, values and
/// data lines, and a `.data`.
fn raw_kernel(r: &mut Rng, k: usize, s: &mut String) {
    let mut parts: Vec<u64> = (0..3 + r.below(6)).map(|_| r.below(4)).collect();
    // Both parts are needed (clrxasm: "No metadata/header for kernel"): mostly given.
    if r.below(20) != 0 {
        parts.extend([0, 1]);
    }
    for i in common::clrx::shuffled(r, parts.len()) {
        match parts[i] {
            0 => {
                s.push_str("  .header\n");
                data_lines(r, s, 4);
                if r.below(10) != 0 {
                    s.push_str(&format!("    .fill 16, 1, 0\n    .int 0, 1, {}\n", r.below(3)));
                }
            }
            1 => {
                s.push_str(&format!(
                    "  .metadata\n    .ascii \";ARGSTART:__OpenCL_k{k}_kernel\\n\"\n"
                ));
                if r.chance(2, 3) {
                    s.push_str(&format!("    .ascii \";uniqueid:{}\\n\"\n", 1023 + r.below(6)));
                    if r.chance(2, 3) {
                        s.push_str(&format!("    .ascii \";function:1:{}\\n\"\n", 1023 + r.below(6)));
                    }
                }
                // Lines clrxdisasm's reader passes over (it refuses a binary whose metadata has
                // lines it cannot read).
                for _ in 0..r.below(4) {
                    let line = match r.below(3) {
                        0 => format!(";memory:hwlocal:{}", r.below(1000)),
                        1 => format!(";x{}:{}", r.below(10), r.below(1000)),
                        _ => format!(";reflection:{}:int", r.below(3)),
                    };
                    s.push_str(&format!("    .ascii \"{line}\\n\"\n"));
                }
                s.push_str(&format!("    .ascii \";ARGEND:__OpenCL_k{k}_kernel\\n\"\n"));
            }
            2 => {
                s.push_str("  .data\n");
                data_lines(r, s, 5);
            }
            _ => {
                let t = r.below(19);
                let value = if r.chance(1, 2) {
                    format!(" {}", r.next() as u32)
                } else {
                    String::new()
                };
                match t {
                    0..=16 if [3, 7, 14, 16].contains(&t) => s.push_str(&format!("  {}{value}\n", NOTES[t as usize])),
                    0..=16 => s.push_str(&format!("  {}\n", NOTES[t as usize])),
                    17 => s.push_str(&format!("  .calnote {}\n", r.below(40))),
                    _ => s.push_str(&format!("  .calnote {}{value}\n", [4, 8, 15, 17][r.below(4) as usize])),
                }
                let entry = match t {
                    0 => Some(".entry 0x{:x}, {}"),
                    15 => Some(".entry {}, {}, 0, 5"),
                    9 => Some([".cbmask {}, {}", ".cbid {}, {}"][r.below(2) as usize]),
                    10 => Some(".sampler {}, {}"),
                    4..=6 => Some(".segment {}, {}"),
                    _ => None,
                };
                if let Some(e) = entry {
                    for _ in 0..r.below(4) {
                        let line = e
                            .replacen("0x{:x}", &format!("{:#x}", 0x8000_1000 + r.below(0x900)), 1)
                            .replacen("{}", &r.below(100).to_string(), 1)
                            .replacen("{}", &(r.next() as u32).to_string(), 1);
                        s.push_str(&format!("    {line}\n"));
                    }
                }
                data_lines(r, s, 2);
            }
        }
    }
}

/// A random source, and the clrxasm options it is assembled with (the same for gcnkit).
fn source(r: &mut Rng) -> (String, Vec<String>) {
    source_of(r, true, true)
}

/// A random source whose binary clrxdisasm reads (no section the ELF writer links by name).
fn readable_source(r: &mut Rng) -> (String, Vec<String>) {
    source_of(r, true, false)
}

/// A random source; `raw`: some of its kernels may be written in the raw form; `linked`: its
/// own sections may have the names CLRX's ELF writer links by.
fn source_of(r: &mut Rng, raw: bool, linked: bool) -> (String, Vec<String>) {
    let mut s = String::from(".amd\n");
    let mut opts = Vec::new();
    s.push_str(&format!(".gpu {}\n", DEVICES[r.below(22) as usize]));
    match r.below(3) {
        0 => s.push_str(".64bit\n"),
        1 => opts.push("-6".to_string()),
        _ => {}
    }
    if r.chance(1, 4) {
        s.push_str(".policy 200\n");
    }
    let dv = DRIVERS[r.below(DRIVERS.len() as u64) as usize];
    // `-t`, `.driver_version`, `.driver_info`, alone or together.
    let how = r.below(6);
    if matches!(how, 1 | 3 | 4) {
        opts.extend([
            "-t".to_string(),
            DRIVERS[r.below(DRIVERS.len() as u64) as usize].to_string(),
        ]);
    }
    if matches!(how, 0 | 4) {
        s.push_str(&format!(".driver_version {dv}\n"));
    }
    if matches!(how, 2 | 3) {
        s.push_str(&format!(
            ".driver_info \"@(#) OpenCL 1.2 AMD-APP ({}.{}).  Driver version: x\"\n",
            dv / 100,
            dv % 100
        ));
    }
    if r.chance(1, 3) {
        s.push_str(&format!(".compile_options \"-O{} -DX={}\"\n", r.below(4), r.below(100)));
    }
    // Sections of the main binary before the kernels.
    let extras = r.chance(1, 3);
    if extras && r.chance(1, 2) {
        extra_block(r, false, linked, &mut s);
    }
    if r.chance(1, 3) {
        s.push_str(".globaldata\n");
        for _ in 0..1 + r.below(6) {
            s.push_str(&format!("  .int {}\n", r.next() as u32));
        }
    }
    // Raw kernels in a third of the sources, mixed with config kernels.
    let raw = raw && r.chance(1, 3);
    // Each kernel's lines in chunks (its parts or config, then pieces of its code), the
    // chunks of all kernels interleaved in a random order: every chunk after a kernel's first
    // names the kernel again and goes on where it was left.
    let n = 1 + r.below(4) as usize;
    let mut chunks: Vec<Vec<String>> = Vec::new();
    for k in 0..n {
        let mut head = String::new();
        if raw && r.chance(2, 3) {
            raw_kernel(r, k, &mut head);
        } else {
            head.push_str("  .config\n");
            for _ in 0..r.below(8) {
                head.push_str(&format!("  {}\n", config_line(r)));
            }
            for a in 0..r.below(9) {
                head.push_str(&format!("  {}\n", arg(r, a as usize)));
            }
            if raw && r.chance(1, 3) {
                head.push_str("  .data\n");
                data_lines(r, &mut head, 4);
            }
        }
        let mut list = vec![head];
        // Config lines, or a raw part's data, that go on after the kernel is named again (it
        // was left in them).
        if r.chance(1, 4) {
            let more: String = if list[0].starts_with("  .config") {
                (0..1 + r.below(3)).map(|_| format!("  {}\n", config_line(r))).collect()
            } else {
                // (Lines clrxdisasm reads in a metadata string, data elsewhere.)
                (0..1 + r.below(3))
                    .map(|_| format!("    .ascii \";y{}:{}\\n\"\n", r.below(10), r.below(1000)))
                    .collect()
            };
            list.push(more);
        }
        let pieces = if r.chance(1, 3) { 2 + r.below(3) as usize } else { 1 };
        for p in 0..pieces {
            // (A kernel left in its code goes on there: `.text` may be left out.)
            let mut t = if p > 0 && r.chance(1, 2) {
                String::new()
            } else {
                String::from(".text\n")
            };
            if p == 0 && r.chance(1, 4) {
                t.push_str(&format!("  .get_driver_version dv{k}\n  s_mov_b32 s1, dv{k}\n"));
            }
            code_piece(r, k, p, &mut t);
            if p + 1 == pieces {
                t.push_str("  s_endpgm\n");
            }
            // (A piece may follow its kernel's head in the same chunk.)
            if p == 0 && list.len() == 1 && r.chance(1, 2) {
                list[0].push_str(&t);
            } else {
                list.push(t);
            }
        }
        // A section of the kernel's inner binary, after its code.
        if extras && r.chance(1, 3) {
            let mut t = String::new();
            extra_block(r, true, linked, &mut t);
            list.push(t);
        }
        chunks.push(list);
    }
    // The order: each kernel's first chunk in kernel order (clrxasm numbers them so), the rest
    // anywhere after it.
    let mut order: Vec<usize> = (0..n).collect();
    for (k, list) in chunks.iter().enumerate() {
        for _ in 1..list.len() {
            let first = order.iter().position(|&x| x == k).unwrap();
            let at = first + 1 + r.below((order.len() - first) as u64) as usize;
            order.insert(at, k);
        }
    }
    let mut next = vec![0; n];
    for k in order {
        s.push_str(&format!(".kernel k{k}\n"));
        s.push_str(&chunks[k][next[k]]);
        next[k] += 1;
    }
    // Sections of the main binary after the kernels (`.globaldata` leaves them).
    if extras && r.chance(1, 2) {
        s.push_str(".globaldata\n");
        extra_block(r, false, linked, &mut s);
    }
    (s, opts)
}

/// A piece of kernel `k`'s code: labels counted from the kernel's own start, random
/// registers, alignment, branches back to its labels (in this piece or the kernel's first)
/// and forward, a difference of its labels as a value.
fn code_piece(r: &mut Rng, k: usize, p: usize, s: &mut String) {
    s.push_str(&format!("l{k}_{p}:\n"));
    for _ in 0..r.below(6) {
        match r.below(6) {
            0 => s.push_str(&format!("  .p2align {}\n", 2 + r.below(5))),
            1 => s.push_str(&format!("  s_branch l{k}_{}\n", r.below(p as u64 + 1))),
            2 => s.push_str(&format!("  s_cbranch_scc0 m{k}_{p}\n")),
            3 => s.push_str(&format!("  s_mov_b32 s{}, m{k}_{p}-l{k}_0\n", r.below(100))),
            4 => s.push_str(&format!("  s_mov_b32 s{}, s{}\n", r.below(100), r.below(100))),
            _ => s.push_str(&format!("  v_mov_b32 v{}, v{}\n", r.below(256), r.below(256))),
        }
    }
    s.push_str(&format!("m{k}_{p}:\n  s_nop {}\n", r.below(8)));
}

#[test]
fn generated_sources_as_clrxasm_writes_them() {
    let n = common::env_n("GCNKIT_AMD_N", 150);
    let mut r = Rng(common::seed() ^ 0xa3d);
    // (Sources with `.section` or `.rodata` lines: sections of their own.)
    let mut extra = 0;
    let (same, refused, crashed) = common::clrx::compare_generated(n, || {
        let (s, o) = source(&mut r);
        extra += (s.contains(".section ") || s.contains(".rodata")) as usize;
        (s, o)
    });
    if common::clrx::dir().is_none() {
        eprintln!("GCNKIT_CLRX_DIR not set: .amd sources assembled, not compared with clrxasm");
        return;
    }
    eprintln!(
        "{same} of {n} generated .amd sources identical to clrxasm's files, {refused} refused by both, clrxasm crashed on {crashed} ({extra} with .section or .rodata lines)"
    );
    assert!(
        same * 2 >= n,
        "{same} of {n} taken: the generator makes too many bad sources"
    );
}

/// Raw-form sources clrxasm refuses (after `.amd`, `.gpu pitcairn`, `.kernel k`): gcnkit
/// refuses them too; the control source beside them is taken by both.
const REFUSED_RAW: [&str; 17] = [
    // Not a pseudo-op here.
    ".header\n.int 1\n.metadata\n.int 1\n.text\ns_endpgm\n.bss",
    // No metadata, no header: clrxasm's "No metadata/header for kernel".
    ".text\ns_endpgm",
    ".header\n.int 1\n.text\ns_endpgm",
    ".metadata\n.ascii \"x\"\n.text\ns_endpgm",
    ".metadata\n.header\n.int 1\n.text\ns_endpgm",
    // `.config` and the raw parts exclude each other.
    ".header\n.int 1\n.config\n.text\ns_endpgm",
    ".proginfo\n.config\n.text\ns_endpgm",
    ".config\n.text\n.metadata\n.text\ns_endpgm",
    ".config\n.text\n.uav\n.text\ns_endpgm",
    // Outside a kernel.
    ".globaldata\n.header\n.text\ns_endpgm",
    ".globaldata\n.data\n.text\ns_endpgm",
    // Entries out of their notes.
    ".header\n.int 1\n.metadata\n.int 1\n.inputs\n.entry 1, 2",
    ".header\n.int 1\n.metadata\n.int 1\n.uav\n.entry 1, 2",
    ".header\n.int 1\n.metadata\n.int 1\n.proginfo\n.cbmask 1, 2",
    ".header\n.int 1\n.metadata\n.int 1\n.header\n.segment 1, 2",
    ".header\n.int 1\n.metadata\n.int 1\n.calnote\n",
    ".header\n.int 1\n.metadata\n.int 1\n.condout 1, 2",
];

#[test]
fn refused_raw_forms_as_clrxasm_refuses() {
    let src = |body: &str| format!(".amd\n.gpu pitcairn\n.kernel k\n{body}\n");
    let control = src(".header\n.int 1\n.metadata\n.int 1\n.uav\n.entry 1, 2, 3, 4\n.data\n.text\ns_endpgm");
    assert!(gcnkit_binary(&control, &[]).is_ok());
    for body in REFUSED_RAW {
        let s = src(body);
        assert!(gcnkit_binary(&s, &[]).is_err(), "gcnkit takes:\n{s}");
        if common::clrx::dir().is_some() {
            assert!(common::clrx::assemble_binary(&s, &[]).is_err(), "clrxasm takes:\n{s}");
        }
    }
    if common::clrx::dir().is_some() {
        assert_eq!(
            gcnkit_binary(&control, &[]).ok(),
            common::clrx::assemble_binary(&control, &[]).ok()
        );
    }
    // GCN 1.4 is past the format: clrxasm's error.
    let e = gcnkit_binary(".amd\n.gpu gfx900\n.kernel k\n.config\n.text\ns_endpgm\n", &[]).unwrap_err();
    assert!(e.iter().any(|m| m.contains("Unsupported GPU device type")), "{e:?}");
}

/// clrxasm's extra sections (`.section` with flags, types and alignment, `.rodata`, `.text`
/// outside a kernel; sections of the main binary or a kernel's inner one, names the ELF writer
/// links by, instructions and labels in them): the file clrxasm writes, byte for byte; the
/// section lines clrxasm refuses, refused.
#[test]
fn extra_sections_as_clrxasm_writes_them() {
    let k = ".kernel k\n.config\n.text\ns_endpgm\n";
    let taken = [
        format!(".text\n{k}"),
        format!("{k}.globaldata\n.int 1\n.text\ns_nop 0\n.int 2"),
        format!("{k}.section .foo\n.int 1\n.rodata\n.byte 7\n.section .bar, \"aw\", @nobits\n.skip 16\n.globaldata\n.section .m\n.int 3"),
        format!("{k}.section .foo, \"aw\", @nobits\n.skip 4\n.p2align 4\n.section .bar align=32\n.int 7\n.text\ns_endpgm\n.section .baz,\"x\",@note\n.int 1\n.section .q,\"\"\n.byte 3"),
        format!(".rodata align=8\n.int 3\n.text align=16\n.int 4\n{k}.globaldata\n.rodata\n.int 9\n.section .m, \"wx\", @progbits align=4"),
        format!("{k}.data\ns_endpgm\n.section .data\n.int 5\n.section .text\ns_nop 0"),
        format!("{k}.section .x\nl: .int l\n.int .-l\ns_mov_b32 s9, 0x12345\n.kernel k2\n.config\n.section .x\n.byte 9\n.kernel k\n.int 4\n.text\ns_endpgm"),
        format!("{k}.section .strtab\n.int 1\n.section .shstrtab\n.section .symtab,\"a\",@note\n.globaldata\n.section .strtab\n.section .shstrtab\n.int 4"),
    ];
    for body in &taken {
        for opts in [&[][..], &["-6"][..]] {
            let src = format!(".amd\n.gpu pitcairn\n{body}\n");
            let owned: Vec<String> = opts.iter().map(|o| o.to_string()).collect();
            let ours = gcnkit_binary(&src, &owned);
            assert!(ours.is_ok(), "{src}: {ours:?}");
            if common::clrx::dir().is_some() {
                assert_eq!(ours.ok(), common::clrx::assemble_binary(&src, opts).ok(), "{src}");
            }
        }
    }
    for line in [
        ".section",
        ".section 1foo",
        ".section .foo bar",
        ".section .foo,",
        ".section .foo, aw",
        ".section .foo, \"aq\"",
        ".section .foo, \"aw\" @nobits",
        ".section .foo, \"aw\", nobits",
        ".section .foo, \"aw\", @bits",
        ".section .foo align 4",
        ".section .foo align=3",
        ".section .foo,\"a\" align=4",
        ".rodata x",
        ".globaldata\n.section .data",
        // (An instruction out of the code that jumps: clrxasm's "Jump over current section!".)
        ".section .x\ns_branch l\nl: s_endpgm",
    ] {
        let src = format!(".amd\n.gpu pitcairn\n{k}{line}\n");
        assert!(gcnkit_binary(&src, &[]).is_err(), "gcnkit takes:\n{src}");
        if common::clrx::dir().is_some() {
            assert!(
                common::clrx::assemble_binary(&src, &[]).is_err(),
                "clrxasm takes:\n{src}"
            );
        }
    }
}

/// Lines clrxasm refuses once its output is set up or with text after them (the bitness
/// after a line of the format, a label or a kernel; `.amd` late; junk after `.amd`, the
/// bitness, `.globaldata`, `.driver_version`, `.data`; a label among a kernel's config lines):
/// gcnkit refuses them too; the same lines in their places are taken by both, one file.
#[test]
fn format_lines_as_clrxasm_refuses() {
    let k = ".kernel k\n.config\n.text\ns_endpgm\n";
    let taken = format!(".amd\n.gpu pitcairn\n.64bit\n.driver_version 134805\n.globaldata\n.int 1\n{k}");
    let ours = gcnkit_binary(&taken, &[]);
    assert!(ours.is_ok(), "{ours:?}");
    if common::clrx::dir().is_some() {
        assert_eq!(ours.ok(), common::clrx::assemble_binary(&taken, &[]).ok());
    }
    for src in [
        format!(".amd x\n.gpu pitcairn\n{k}"),
        format!(".amd\n.gpu pitcairn\n.64bit x\n{k}"),
        format!(".amd\n.gpu pitcairn\n.driver_version 134805\n.64bit\n{k}"),
        format!(".amd\n.gpu pitcairn\n.compile_options \"-O2\"\n.32bit\n{k}"),
        format!(".amd\n.gpu pitcairn\n{k}.64bit\n"),
        format!("x:\n.amd\n.gpu pitcairn\n{k}"),
        format!(".amd\n.gpu pitcairn\n.globaldata 4\n{k}"),
        format!(".amd\n.gpu pitcairn\n.driver_version 1,,2\n{k}"),
        ".amd\n.gpu pitcairn\n.kernel k\n.config\nl:\n.text\ns_endpgm\n".to_string(),
        format!(".amd\n.gpu pitcairn\n{k}.data 1\n"),
    ] {
        assert!(gcnkit_binary(&src, &[]).is_err(), "gcnkit takes:\n{src}");
        if common::clrx::dir().is_some() {
            assert!(
                common::clrx::assemble_binary(&src, &[]).is_err(),
                "clrxasm takes:\n{src}"
            );
        }
    }
}

/// Config lines clrxasm refuses (each in a kernel's `.config` of a Pitcairn binary): gcnkit
/// refuses them too; the control line beside them is taken by both.
const REFUSED: [&str; 29] = [
    ".sgprsnum 103",
    ".vgprsnum 257",
    ".hwlocal 32769",
    ".uavid 1024",
    ".cbid 1024",
    ".arg a, int\n.arg a, uint",
    ".arg a, image2d, read_only, 128",
    ".arg a, image2d, write_only, 8",
    ".arg a, counter32, 8",
    ".arg a, int*, global, , 5",
    ".arg a, int*, constant, , , 160",
    ".arg a, int*, global, , 12\n.arg b, int*, global, , 12",
    ".arg a, counter64",
    ".arg a, image*",
    ".arg a, sampler*",
    ".arg a, int*, private",
    ".arg a, int*, global, bogus",
    ".arg a, int, used",
    ".arg a, float5",
    ".arg a, queue",
    ".cws 0, 1, 1",
    ".userdata FOO, 0, 0, 1",
    ".userdata PTR_UAV_TABLE, 0, 16, 1",
    ".userdata PTR_UAV_TABLE, 0, 10, 8",
    ".dims w",
    ".ieeemode 1",
    ".arg a, image2d, write_only\n.arg b, image2d, write_only\n.arg c, image2d, write_only\n.arg d, image2d, write_only\n.arg e, image2d, write_only\n.arg f, image2d, write_only\n.arg g, image2d, write_only\n.arg h, image2d, write_only\n.arg i, image2d, write_only",
    ".int 5",
    "s_nop 0",
];

#[test]
fn refused_config_lines_as_clrxasm_refuses() {
    let src = |line: &str| format!(".amd\n.gpu pitcairn\n.kernel k\n.config\n{line}\n.text\ns_endpgm\n");
    let control = src(".sgprsnum 102");
    assert!(gcnkit_binary(&control, &[]).is_ok());
    for line in REFUSED {
        let s = src(line);
        assert!(gcnkit_binary(&s, &[]).is_err(), "gcnkit takes:\n{s}");
        if common::clrx::dir().is_some() {
            assert!(common::clrx::assemble_binary(&s, &[]).is_err(), "clrxasm takes:\n{s}");
        }
    }
    if common::clrx::dir().is_some() {
        assert!(common::clrx::assemble_binary(&control, &[]).is_ok());
    }
}

/// gcnkit's CLRX text of an AMD Catalyst binary.
fn gcnkit_text(bin: &[u8]) -> Result<String, String> {
    let mut t = String::new();
    gcnkit::disasm::disassemble_amd(
        bin,
        gcnkit::disasm::Format::Text,
        gcnkit::disasm::ClrxDump::ALL,
        false,
        |s| t.push_str(s),
    )?;
    Ok(t)
}

/// A binary's text through both assemblers: the same file. The text of that file is a fixed
/// point (clrxdisasm's form loses what the config leaves to defaults, once: `.printfid` given
/// no value, an unused `.uavid`). Returns the file.
fn round_trip(what: &str, text: &str) -> Option<Vec<u8>> {
    // clrxdisasm's form of an unused global pointer whose UAV id is not the kernel's `.uavid`
    // as printed (a source's own `.uavid`, drivers before 1348.05): neither assembler takes it
    // ("UavId out of range!", or "UavId already used!" where it meets another pointer's).
    common::clrx::round_trip_text(what, text, gcnkit_text, "UavId ")
}

/// CLRX's real Catalyst binaries: gcnkit's text is clrxdisasm's `-dCmf` text (addresses
/// aside), and it assembles with gcnkit and clrxasm to one binary whose text is the same.
#[test]
fn real_binaries_disassemble_as_clrxdisasm() {
    let is_amd = |b: &[u8]| gcnkit::codeobj::clrx_amd_read::amd_device(b).is_some();
    let Some(n) = common::clrx::real_binaries_read(is_amd, gcnkit_text, normalized, round_trip) else {
        eprintln!(
            "CLRX's source (GCNKIT_CLRX_SRC, or GCNKIT_CLRX_DIR/../../src) not found: its real .amd binaries not read"
        );
        return;
    };
    eprintln!("{n} of CLRX's real AMD Catalyst binaries read: clrxdisasm's text, both assemblers' file");
    assert!(n >= 8, "{n} binaries");
}

/// Generated binaries (gcnkit's, byte for byte clrxasm's): their text is clrxdisasm's and
/// assembles back through both assemblers to one file.
#[test]
fn generated_binaries_disassemble_and_assemble_back() {
    let n = common::env_n("GCNKIT_AMD_N", 150) / 3;
    let mut r = Rng(common::seed() ^ 0xd15a);
    // (clrxdisasm's `-C` reads the metadata string: config kernels only.)
    let (done, lossy) =
        common::clrx::generated_binaries_read(n, || source_of(&mut r, false, false), gcnkit_text, round_trip);
    eprintln!(
        "{done} generated binaries: text as clrxdisasm's, assembled back by both to one file; {lossy} texts refused by both (an unused pointer's UAV id lost)"
    );
    assert!(done * 2 >= n);
}

/// gcnkit's text of a binary with clrxdisasm's options: `-m`, `-d`, `-C`, `-f` as bits 0-3 of
/// `bits`, its `-c` (CAL notes; part of `-a`) as bit 4; and those options for clrxdisasm.
fn text_with(bin: &[u8], bits: u32) -> (Result<String, String>, Vec<&'static str>) {
    let dump = gcnkit::disasm::ClrxDump {
        metadata: bits & 1 != 0,
        data: bits & 2 != 0,
        config: bits & 4 != 0,
        floats: bits & 8 != 0,
    };
    let mut t = String::new();
    let r = gcnkit::disasm::disassemble_amd(bin, gcnkit::disasm::Format::Text, dump, bits & 16 != 0, |s| {
        t.push_str(s)
    });
    let flags = ["-m", "-d", "-C", "-f", "-c"];
    let opts = (0..5).filter(|b| bits >> b & 1 != 0).map(|b| flags[b]).collect();
    (r.map(|_| t), opts)
}

/// Every combination of clrxdisasm's `-m`, `-d`, `-C`, `-f` and `-c` on CLRX's real Catalyst
/// binaries and on generated ones (raw kernels among them): gcnkit prints what clrxdisasm
/// prints, or both refuse (`-C` of a metadata string clrxdisasm cannot read); the text
/// assembles with gcnkit and clrxasm to one file, or both refuse it.
#[test]
fn parts_as_clrxdisasm_options() {
    if common::clrx::dir().is_none() {
        eprintln!("GCNKIT_CLRX_DIR not set: clrxdisasm's options not compared");
        return;
    }
    let dir = std::env::temp_dir().join(format!("gcnkit-amd-parts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let is_amd = |f: &std::path::Path| gcnkit::codeobj::clrx_amd_read::amd_device(&std::fs::read(f).unwrap()).is_some();
    let mut files: Vec<std::path::PathBuf> = common::clrx::real_binaries()
        .unwrap_or_default()
        .into_iter()
        .filter(|f| is_amd(f))
        .collect();
    let real = files.len();
    let mut r = Rng(common::seed() ^ 0x9a28);
    for k in 0..common::env_n("GCNKIT_AMD_N", 150) / 10 {
        let (src, opts) = readable_source(&mut r);
        let Ok(bin) = gcnkit_binary(&src, &opts) else { continue };
        let f = dir.join(format!("g{k}.clo"));
        std::fs::write(&f, bin).unwrap();
        files.push(f);
    }
    let (mut same, mut refused, mut back) = (0, 0, 0);
    for f in &files {
        let bin = std::fs::read(f).unwrap();
        for bits in 0..32 {
            let (ours, opts) = text_with(&bin, bits);
            match (ours, common::clrx::disassemble_file(f, &opts)) {
                (Ok(o), Ok(t)) => {
                    assert_eq!(normalized(&o), normalized(&t), "{} {opts:?}", f.display());
                    same += 1;
                    // The text back through both assemblers: one file, or both refuse (a
                    // kernel without its metadata...).
                    match (gcnkit_binary(&o, &[]), common::clrx::assemble_binary(&o, &[])) {
                        (Ok(a), Ok(b)) => {
                            assert!(a == b, "{} {opts:?}: the files differ\n{o}", f.display());
                            back += 1;
                        }
                        (Err(_), Err(_)) => {}
                        (a, b) => panic!(
                            "{} {opts:?}: gcnkit {:?}, clrxasm {:?}\n{o}",
                            f.display(),
                            a.err(),
                            b.err()
                        ),
                    }
                }
                (Err(_), Err(_)) => refused += 1,
                (o, t) => panic!("{} {opts:?}: gcnkit {o:?}\nclrxdisasm {t:?}", f.display()),
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "{} binaries ({real} of CLRX's) × 32 option combinations: {same} texts as clrxdisasm's ({back} assembled by both to one file, the others refused by both), {refused} refused by both",
        files.len()
    );
    assert!(real == 0 || real >= 8, "{real} real binaries");
    assert!(same > refused);
}

/// clrxdisasm's raw form (`-dmcf`, `-a` without the words): gcnkit's text of a binary
/// assembles, with gcnkit and with clrxasm, to one same file, whose text is a fixed point.
/// It is the binary itself but where a kernel's `.data` was not given or empty: CLRX writes a
/// given `.data`'s size as the section's entry size, 4736 zero bytes for none, and
/// clrxdisasm prints an empty `.data` as none.
#[test]
fn raw_form_assembles_back_to_the_binary() {
    let raw = |bin: &[u8]| text_with(bin, 0b11011).0;
    let both = |what: &str, text: &str| -> Option<Vec<u8>> {
        let ours =
            gcnkit_binary(text, &[]).unwrap_or_else(|e| panic!("{what}: gcnkit refuses its text: {e:?}\n{text}"));
        if common::clrx::dir().is_some() {
            let theirs = common::clrx::assemble_binary(text, &[]).unwrap_or_else(|e| panic!("{what}: clrxasm: {e}"));
            assert!(ours == theirs, "{what}: gcnkit's and clrxasm's files differ\n{text}");
        }
        Some(ours)
    };
    let mut real = 0;
    for f in common::clrx::real_binaries().unwrap_or_default() {
        let bin = std::fs::read(&f).unwrap();
        if gcnkit::codeobj::clrx_amd_read::amd_device(&bin).is_none() {
            continue;
        }
        let what = f.display().to_string();
        both(&what, &raw(&bin).unwrap()).unwrap();
        real += 1;
    }
    let mut r = Rng(common::seed() ^ 0x7a3);
    let (mut generated, mut identical) = (0, 0);
    for _ in 0..common::env_n("GCNKIT_AMD_N", 150) / 3 {
        let (src, opts) = readable_source(&mut r);
        let Ok(bin) = gcnkit_binary(&src, &opts) else { continue };
        let text = raw(&bin).unwrap();
        let back = both("generated", &text).unwrap();
        identical += (back == bin) as usize;
        // (The entry size aside, nothing is lost: the text of what the text gives is a
        // fixed point.)
        let text2 = raw(&back).unwrap();
        let again = both("generated", &text2).unwrap();
        assert_eq!(raw(&again).unwrap(), text2, "not a fixed point:\n{src}\n----\n{text}");
        generated += 1;
    }
    eprintln!(
        "raw form: {real} real binaries to one file through both assemblers; {generated} generated to one file whose text is theirs ({identical} the binary itself)"
    );
    assert!(generated > 0);
}

/// Damaged binaries (generated ones with bytes changed or cut short) through the reader and
/// every combination of the printer's parts: text or an error, never a panic.
#[test]
fn damaged_binaries_read_without_panic() {
    let mut r = Rng(common::seed() ^ 0xbad0);
    let (mut read, mut refused) = (0, 0);
    for _ in 0..common::env_n("GCNKIT_AMD_N", 150) {
        let (src, opts) = source(&mut r);
        let Ok(mut bin) = gcnkit_binary(&src, &opts) else {
            continue;
        };
        if r.chance(1, 3) {
            bin.truncate(r.below(bin.len() as u64) as usize);
        } else {
            for _ in 0..1 + r.below(16) {
                let at = r.below(bin.len() as u64) as usize;
                bin[at] = r.next() as u8;
            }
        }
        for bits in 0..32 {
            match text_with(&bin, bits).0 {
                Ok(_) => read += 1,
                Err(_) => refused += 1,
            }
        }
    }
    eprintln!("damaged binaries × 32 combinations: {read} texts, {refused} errors");
    assert!(read + refused > 0);
}
