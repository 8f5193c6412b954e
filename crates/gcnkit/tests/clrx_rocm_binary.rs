//! CLRX's ROCm binaries (`.rocm`, code object v2) as clrxasm writes them: generated sources —
//! random devices, `.arch_minor`/`.arch_stepping`, `.newbinfmt`, `.eflags`, `.target` or
//! `.tripple`, global data, raw `.metadata`, one to four kernels (`.fkernel` or not, with a
//! `.config` of a few lines or none), their code at labels in any order, now and then
//! expressions over labels of `.text`, `.globaldata` and the GOT — through gcnkit and
//! live clrxasm (`GCNKIT_CLRX_DIR`), which must write the same file byte for byte, or both
//! refuse the source. Without clrxasm the sources are still assembled (and the objects checked
//! for what any loadable object has), and the comparison is skipped, said on stderr.

mod common;

use common::clrx::gcnkit_binary;
use common::Rng;

/// [`common::clrx::DEVICES`] and two more of GCN 1.4.
const MORE_DEVICES: [&str; 2] = ["GFX904", "GFX906"];

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

fn pick<'a>(r: &mut Rng, v: &[&'a str]) -> &'a str {
    v[r.below(v.len() as u64) as usize]
}

/// Up to three work-group sizes, a 0 among others now and then (refused).
fn sizes3(r: &mut Rng) -> String {
    let n = r.below(4);
    let v: Vec<String> = (0..n)
        .map(|_| {
            if r.chance(1, 25) {
                "0".into()
            } else {
                (1 + r.below(256)).to_string()
            }
        })
        .collect();
    v.join(", ")
}

/// A random `.arg` line, every form clrxasm takes (and a few it refuses: size 0, an alignment
/// not a power of two, an unknown flag).
fn arg_line(r: &mut Rng) -> String {
    let kinds = [
        "value",
        "globalbuf",
        "dynshptr",
        "sampler",
        "image",
        "pipe",
        "queue",
        "gox",
        "goy",
        "goz",
        "globaloffsetx",
        "globaloffsety",
        "globaloffsetz",
        "none",
        "printfbuf",
        "defqueue",
        "complact",
        "multigridsyncarg",
        "GlobalBuf",
        "Value",
    ];
    let types = [
        "struct", "i8", "u8", "i16", "u16", "f16", "i32", "u32", "f32", "i64", "u64", "f64", "char", "uchar", "short",
        "ushort", "int", "uint", "long", "ulong", "half", "float", "double", "F32",
    ];
    let spaces = ["private", "global", "constant", "local", "generic", "region"];
    let quals = [
        "default",
        "read_only",
        "write_only",
        "read_write",
        "rdonly",
        "wronly",
        "rdwr",
    ];
    let mut s = String::from(".arg ");
    if r.chance(2, 3) {
        s.push_str(pick(r, &["n", "a", "buf", "_x1", "in.out", "Out"]));
    }
    s.push_str(", ");
    match r.below(3) {
        0 => s.push_str(&format!(
            "\"{}\", ",
            pick(r, &["uint", "float*", "", "int2", "a b", "image2d_t", "'q'", "x@y"])
        )),
        1 => s.push_str("\"\", "),
        _ => {}
    }
    let size = if r.chance(1, 40) {
        0
    } else {
        [1, 2, 3, 4, 6, 8, 12, 16, 24, 32][r.below(10) as usize]
    };
    s.push_str(&format!("{size}, "));
    if r.chance(1, 2) {
        let a = if r.chance(1, 40) { 3 } else { 1 << r.below(6) };
        s.push_str(&a.to_string());
    }
    let kind = pick(r, &kinds);
    s.push_str(&format!(", {kind}, {}", pick(r, &types)));
    let k = kind.to_ascii_lowercase();
    if k == "dynshptr" {
        s.push_str(&format!(", {}", 1 << r.below(5)));
    }
    if k == "dynshptr" || k == "globalbuf" {
        s.push_str(&format!(", {}", pick(r, &spaces)));
    }
    if (k == "image" || k == "pipe") && r.chance(2, 3) {
        s.push_str(&format!(", {}", pick(r, &quals)));
        if r.chance(1, 2) {
            s.push_str(&format!(", {}", pick(r, &quals)));
        }
    } else if k == "globalbuf" && r.chance(2, 3) {
        s.push_str(&format!(", {}", pick(r, &quals)));
    }
    for _ in 0..r.below(3) {
        s.push(' ');
        s.push_str(pick(r, &["const", "restrict", "volatile", "pipe", "const", "restrict"]));
    }
    if r.chance(1, 60) {
        s.push_str(" bogus");
    }
    s
}

/// A random metadata line of a kernel's `.config`.
fn md_line(r: &mut Rng) -> String {
    match r.below(20) {
        0 => format!(
            ".md_symname \"{}\"",
            pick(r, &["k@kd", "sym", "x y", "1st", "a'b", " lead", "t\\tab"])
        ),
        1 if r.chance(1, 2) => format!(".md_language \"{}\"", pick(r, &["OpenCL", "OpenCL C", "", "HIP"])),
        1 => format!(
            ".md_language \"{}\", {}, {}",
            pick(r, &["OpenCL", "HIP"]),
            r.below(3),
            r.below(3)
        ),
        2 => format!(".{} {}", pick(r, &["cws", "reqd_work_group_size"]), sizes3(r)),
        3 => format!(".work_group_size_hint {}", sizes3(r)),
        4 => format!(".fixed_work_group_size {}", sizes3(r)),
        5 => format!(".vectypehint {}", pick(r, &["float4", "uint2", "int", "half8"])),
        6 => format!(".runtime_handle \"{}\"", pick(r, &["rh", "k.runtime_handle", "@x"])),
        7 => format!(".md_kernarg_segment_size {}", r.below(300)),
        8 => format!(
            ".md_kernarg_segment_align {}",
            if r.chance(1, 20) { 12 } else { 1 << r.below(8) }
        ),
        9 => format!(".md_group_segment_fixed_size {}", r.below(70000)),
        10 => format!(".md_private_segment_fixed_size {}", r.below(5000)),
        11 => format!(
            ".md_wavefront_size {}",
            pick(r, &["64", "32", "16", "256", "48", "512"])
        ),
        12 => format!(".md_sgprsnum {}", r.below(108)),
        13 => format!(".md_vgprsnum {}", r.below(258)),
        14 => format!(".spilledsgprs {}", r.below(50)),
        15 => format!(".spilledvgprs {}", r.below(50)),
        16 => format!(".max_flat_work_group_size {}", 1 + r.below(1024)),
        _ => arg_line(r),
    }
}

/// A random `.printf` (ids sometimes left to clrxasm, sometimes twice: refused).
fn printf_line(r: &mut Rng) -> String {
    let mut s = String::from(".printf ");
    if r.chance(2, 3) {
        s.push_str(&(1 + r.below(4)).to_string());
    }
    for _ in 0..r.below(4) {
        s.push_str(&format!(", {}", [1, 2, 4, 8, 16][r.below(5) as usize]));
    }
    let fmt = pick(r, &["%d", "x=%f: %d\\n", "", "a:b:c", "tab\\t\\001\\065", "quote\\\"'"]);
    s.push_str(&format!(", \"{fmt}\""));
    s
}

/// The source's metadata lines: now and then `.md_version`, 0-2 `.printf`s.
fn source_md_lines(r: &mut Rng, s: &mut String) {
    if r.chance(1, 3) {
        s.push_str(&format!(".md_version {}, {}\n", r.below(3), r.below(3)));
    }
    for _ in 0..r.below(3) {
        s.push_str(&printf_line(r));
        s.push('\n');
    }
}

/// Code for a `.kcode` selection (every kernel, some, some removed from the selection
/// around it), sometimes with a `.kcode` inside; its registers count for the selection.
fn kcode_block(r: &mut Rng, n: usize, s: &mut String, depth: usize) {
    let sel = if r.chance(1, 4) {
        "+".to_string()
    } else {
        let mut v: Vec<String> = (0..n).filter(|_| r.chance(1, 2)).map(|k| format!("k{k}")).collect();
        if depth > 0 && r.chance(1, 2) {
            v.push(format!("-k{}", r.below(n as u64)));
        }
        if v.is_empty() {
            v.push(format!("k{}", r.below(n as u64)));
        }
        v.join(", ")
    };
    s.push_str(&format!("  .kcode {sel}\n"));
    common::clrx::random_code(r, s);
    if depth == 0 && r.chance(1, 3) {
        kcode_block(r, n, s, 1);
        common::clrx::random_code(r, s);
    }
    s.push_str("  .kcodeend\n");
}

fn source(r: &mut Rng) -> (String, Vec<String>) {
    let mut s = String::from(".rocm\n");
    let k = r.below(14) as usize;
    let device = common::clrx::DEVICES.get(k).unwrap_or_else(|| &MORE_DEVICES[k - 12]);
    s.push_str(&format!(".gpu {device}\n"));
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
    common::clrx::random_global_data(r, &mut s);
    let metadata = r.chance(1, 2);
    // MessagePack metadata in a v2 file (clrxasm reads each kernel's segment sizes from the
    // k-th 64 bytes of the global data).
    if metadata && r.chance(1, 6) {
        s.push_str(&format!(".metadatav3\n.globaldata\n.fill 256, 1, {}\n", r.below(256)));
    }
    if metadata {
        source_md_lines(r, &mut s);
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
            if metadata {
                for _ in 0..r.below(7) {
                    s.push_str(&format!("  {}\n", md_line(r)));
                }
            }
        } else if metadata && r.chance(1, 30) {
            // Outside a `.config`: refused.
            s.push_str(&format!("  {}\n", md_line(r)));
        }
    }
    s.push_str(".text\n");
    // (now and then a kernel's label and code inside `.kcode`: clrxasm does not switch
    // kernels there, the code after `.kcodeend` is the kernel's before)
    let mut open = false;
    for k in common::clrx::shuffled(r, n) {
        if !open && r.chance(1, 6) {
            s.push_str(&format!("  .kcode k{}\n", r.below(n as u64)));
            open = true;
        }
        s.push_str(&format!("k{k}:\n  .skip 256\n"));
        common::clrx::random_code(r, &mut s);
        if open && r.chance(1, 2) {
            s.push_str("  .kcodeend\n");
            common::clrx::random_code(r, &mut s);
            open = false;
        }
        if r.chance(1, 4) {
            kcode_block(r, n, &mut s, 0);
        }
    }
    if open {
        s.push_str("  .kcodeend\n");
    }
    let extra = if r.chance(1, 4) {
        extra_sections(r, &mut s)
    } else {
        Vec::new()
    };
    if r.chance(1, 3) {
        got_lines(r, n, &extra, &mut s);
    }
    if r.chance(1, 3) {
        cross_section_lines(r, n, &mut s);
    }
    // Raw `.metadata` with metadata pseudo-ops: refused (rarely generated).
    if r.chance(1, 3) && (!metadata || r.chance(1, 10)) {
        s.push_str(".metadata\n  .ascii \"---\\nVersion: [ 1, 0 ]\\n...\\n\"\n");
    }
    (s, Vec::new())
}

/// A random symbol name, `_` and 1-6 letters or digits (never a register's name), not in `used`.
fn symbol_name(r: &mut Rng, used: &mut Vec<String>) -> String {
    const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789_";
    loop {
        let len = 1 + r.below(6) as usize;
        let name: String = std::iter::once('_')
            .chain((0..len).map(|_| CHARS[r.below(CHARS.len() as u64) as usize] as char))
            .collect();
        if !used.contains(&name) {
            used.push(name.clone());
            return name;
        }
    }
}

/// Sections other than `.text`, `.globaldata` and `.comment`: 1-3 of `.section NAME` (with
/// flags, a type and an alignment or not; now and then a wrong one: refused by both) or
/// `.data`, some opened twice, with data and labels (`_xN`, returned: GOT objects there);
/// `.text` current after.
fn extra_sections(r: &mut Rng, s: &mut String) -> Vec<String> {
    let mut labels = Vec::new();
    let mut names: Vec<String> = (0..1 + r.below(3)).map(|k| format!(".sec{k}")).collect();
    if r.chance(1, 6) {
        names[0] = ".data".into();
    }
    for round in 0..2 {
        for name in &names {
            if round == 1 && r.chance(1, 2) {
                continue;
            }
            match (name.as_str(), r.below(6)) {
                (".data", _) => s.push_str(".data\n"),
                (_, 1) => s.push_str(&format!(
                    ".section {name}, \"{}\"\n",
                    pick(r, &["", "a", "aw", "ax", "wx", "q"])
                )),
                (_, 2) => s.push_str(&format!(
                    ".section {name}, \"{}\", @{}{}\n",
                    pick(r, &["", "a", "w"]),
                    pick(r, &["progbits", "note", "nobits", "PROGBITS", "bits"]),
                    pick(r, &["", " align=8", " align=64", " align=3"]),
                )),
                (_, 3) => s.push_str(&format!(
                    ".section {name} align={}\n",
                    pick(r, &["0", "1", "4", "32", "6"])
                )),
                _ => s.push_str(&format!(".section {name}\n")),
            }
            // (at least a byte in a section opened: clrxasm fills an empty `@note` section
            // with bytes of its own memory, which gcnkit refuses)
            for k in 0..r.below(4) + (round == 0) as u64 {
                match if k == 0 && round == 0 { 0 } else { r.below(3) } {
                    0 => s.push_str(&format!(".byte {}\n", r.below(256))),
                    1 => s.push_str(&format!(".skip {}\n", r.below(9))),
                    _ => {
                        let l = format!("_x{}", labels.len());
                        s.push_str(&format!("{l}: .int {}\n", r.below(1000)));
                        labels.push(l);
                    }
                }
            }
        }
    }
    s.push_str(".text\n");
    labels
}

/// A GOT (after the code, `.text` current): kernels (`.global` or not: refused), 0-6 objects in
/// `.text`, 0-6 in `.globaldata`, 0-4 absolute symbols, random names, which clrxasm orders by
/// its symbol map's hash table when there are several of a kind; so the order of first
/// mentions varies: `.global`s, labels, `.gotsym`s before and after the labels, references in
/// `.int`s and assignments, labels outside the GOT (more names than the map's first 13
/// buckets). The objects' names start with `_o`.
fn got_lines(r: &mut Rng, n: usize, extra: &[String], s: &mut String) {
    let mut used: Vec<String> = (0..n).map(|k| format!("k{k}")).collect();
    used.extend(extra.iter().cloned());
    let mut name = |r: &mut Rng, object: bool| {
        let n = symbol_name(r, &mut used);
        if object {
            format!("_o{}", &n[1..])
        } else {
            n
        }
    };
    // (now and then kernels only, a GOT the disassembler reads back)
    let objects = !r.chance(1, 3);
    let count = |r: &mut Rng, n: u64| if objects { r.below(n) } else { 0 };
    let (text, data, abs, others) = (count(r, 7), count(r, 7), count(r, 5), count(r, 20));
    let text: Vec<String> = (0..text).map(|_| name(r, true)).collect();
    let data: Vec<String> = (0..data).map(|_| name(r, true)).collect();
    let abs: Vec<String> = (0..abs).map(|_| name(r, true)).collect();
    let others: Vec<String> = (0..others).map(|_| name(r, false)).collect();
    let mut entries: Vec<String> = (0..n).filter(|_| r.chance(1, 2)).map(|k| format!("k{k}")).collect();
    entries.extend(
        text.iter()
            .chain(&data)
            .chain(&abs)
            .chain(extra.iter().filter(|_| objects))
            .cloned(),
    );
    // (a name left without `.global` now and then: refused by both)
    let mut globals: Vec<String> = entries.iter().filter(|_| !r.chance(1, 25)).cloned().collect();
    let mut got: Vec<String> = Vec::new();
    for e in common::clrx::shuffled(r, entries.len()) {
        let target = r.chance(1, 4).then(|| format!(", got{}", got.len()));
        got.push(format!(".gotsym {}{}\n", entries[e], target.unwrap_or_default()));
    }
    let early_got = r.below(got.len() as u64 + 1) as usize;
    let early_globals = r.below(globals.len() as u64 + 1) as usize;
    // `.text`: some `.global`s and `.gotsym`s, the text objects and other labels in any order.
    let mut lines: Vec<String> = globals
        .drain(..early_globals)
        .map(|g| format!(".global {g}\n"))
        .collect();
    lines.extend(got.drain(..early_got));
    let (text_others, data_others) = others.split_at(others.len() / 2);
    let labels: Vec<&String> = text.iter().chain(text_others).collect();
    for l in &labels {
        let value = match r.below(4) {
            0 => format!("{} - {}", labels[r.below(labels.len() as u64) as usize], labels[0]),
            _ => r.below(100).to_string(),
        };
        // (code: clrxasm's files are read back as code)
        lines.push(format!("{l}: s_mov_b32 s{}, {value}\n", r.below(8)));
    }
    // Local labels and scopes: clrxasm's map holds `Nb`, `Nf` (a forward reference first
    // makes `Nf` first), not a scope's names.
    for _ in 0..if objects { r.below(4) } else { 0 } {
        let d = 1 + r.below(4);
        lines.push(match r.below(3) {
            0 => format!("{d}: s_nop 0\n  s_branch {d}b\n"),
            1 => format!("  s_branch {d}f\n{d}: s_nop 0\n"),
            _ => format!(".scope sc{d}\nq{d}: s_nop 1\n  s_branch q{d}\n.ends\n"),
        });
    }
    for k in common::clrx::shuffled(r, lines.len()) {
        s.push_str(&lines[k]);
    }
    if !data.is_empty() || !data_others.is_empty() {
        s.push_str(".globaldata\n");
        let labels: Vec<&String> = data.iter().chain(data_others).collect();
        for k in common::clrx::shuffled(r, labels.len()) {
            s.push_str(&format!("{}: .int {}\n", labels[k], r.below(100)));
        }
    }
    for a in &abs {
        match text_others.first().filter(|_| r.chance(1, 3)) {
            Some(o) => s.push_str(&format!("{a} = {o} - {} + {}\n", labels[0], r.below(1 << 20))),
            None => s.push_str(&format!("{a} = {}\n", r.below(1 << 20))),
        }
    }
    for g in globals {
        s.push_str(&format!(".global {g}\n"));
    }
    for g in got {
        s.push_str(&g);
    }
}

/// A label of the code (a kernel's, `ctN` or `.` there) or of the global data (`cdN`, `.` there)
/// for [`cross_section_lines`].
fn cross_term(r: &mut Rng, kernels: usize, text: usize, data: usize) -> String {
    match r.below(8) {
        0 | 1 => format!("k{}", r.below(kernels as u64)),
        2 | 3 => format!("ct{}", r.below(text as u64)),
        4..=6 => format!("cd{}", r.below(data as u64)),
        _ => ".".into(),
    }
}

/// Expressions over labels of `.text` and `.globaldata` (with `.`, a GOT entry's OUTSYMBOL),
/// which clrxasm resolves against the file's addresses (`.text` current before and after):
/// code labels `ctN`, data labels `cdN` (defined before or after the lines that name them),
/// differences in `.int`/`.quad` data of both sections, in instructions' literals, in shifts,
/// comparisons and assignments; and now and then what clrxasm refuses (a label's address
/// alone as data, `&` of an address, a 16-bit immediate over two sections' labels both
/// defined). Symbols are never set twice.
fn cross_section_lines(r: &mut Rng, kernels: usize, s: &mut String) {
    cross_section_lines_of(r, kernels, false, s)
}

/// [`cross_section_lines`]; with `one_section` each line's two labels are of one section (the
/// code's, `.`-less, or the global data's).
fn cross_section_lines_of(r: &mut Rng, kernels: usize, one_section: bool, s: &mut String) {
    let (text, data) = (1 + r.below(3) as usize, 1 + r.below(3) as usize);
    let data_first = r.chance(1, 2);
    let mut assigned = 0;
    let mut line = |r: &mut Rng, in_text: bool, out: &mut String| {
        let (a, b) = if one_section {
            let code = r.chance(1, 2);
            let term = |r: &mut Rng| match (code, r.below(2)) {
                (true, 0) => format!("k{}", r.below(kernels as u64)),
                (true, _) => format!("ct{}", r.below(text as u64)),
                _ => format!("cd{}", r.below(data as u64)),
            };
            (term(r), term(r))
        } else {
            (cross_term(r, kernels, text, data), cross_term(r, kernels, text, data))
        };
        let n = r.below(0x300) as i64 - 0x100;
        // (what clrxasm refuses, or takes when the labels are of one section, now and then)
        let refused = r.chance(1, 10);
        let l = match r.below(if in_text { 14 } else { 7 }) {
            _ if refused => match r.below(if in_text { 3 } else { 2 }) {
                0 => format!(".int {a}"),
                1 => format!(".short {a} - {b} & 0xff"),
                _ => format!("s_movk_i32 s{}, {a} - {b}", r.below(100)),
            },
            0 | 1 => format!(".int {a} - {b}"),
            2 => format!(".int {a} - {b} + {n}"),
            3 => format!(".quad {a} - {b}"),
            4 => format!(".int ({a} < {b}), ({a} - {b}) >> 3"),
            5 => {
                assigned += 1;
                format!("cx{assigned} = {a} - {b} + {n}\n.int cx{assigned}")
            }
            6 => {
                assigned += 1;
                format!(".int cx{assigned} * 2\ncx{assigned} = {a} - {b}")
            }
            7 | 8 => format!("s_mov_b32 s{}, {a} - {b}", r.below(100)),
            9 => format!("v_mov_b32 v{}, ({a} < {b})", r.below(256)),
            10 => format!("s_add_u32 s{}, s{}, ({a} - {b}) >> 2", r.below(100), r.below(100)),
            11 => format!("v_add_f32 v{}, {a} - {b} + {n}, v{}", r.below(256), r.below(256)),
            12 => format!("s_movk_i32 s{}, ({a} - {b}) & 0", r.below(100)),
            _ => format!("s_movk_i32 s{}, {a} - {b} - ({a} - {b})", r.below(100)),
        };
        out.push_str(&l);
        out.push('\n');
    };
    let mut data_part = String::from(".globaldata\n");
    for k in 0..data {
        data_part.push_str(&format!("cd{k}: .int {}\n", r.below(1000)));
        for _ in 0..r.below(3) {
            line(r, false, &mut data_part);
        }
    }
    let mut text_part = String::from(".text\n");
    for k in 0..text {
        text_part.push_str(&format!("ct{k}: s_nop {}\n", r.below(8)));
        for _ in 0..1 + r.below(3) {
            line(r, true, &mut text_part);
        }
    }
    // A GOT entry's address, named by OUTSYMBOL (its kernel `.global`).
    if r.chance(1, 3) {
        let k = r.below(kernels as u64);
        text_part.push_str(&format!(
            ".global k{k}\n.gotsym k{k}, cg\ns_mov_b32 s3, cg - .\n.int cg - ct0, cd0 - cg\n"
        ));
    }
    match data_first {
        true => s.push_str(&(data_part + &text_part)),
        false => s.push_str(&(text_part + &data_part + ".text\n")),
    }
}

/// 1-3 kernels (`.config` with `.dims x` or none), then `.text` with each one's label, the
/// room of its header and random code; returns how many.
fn kernels_and_code(r: &mut Rng, s: &mut String) -> usize {
    let kernels = 1 + r.below(3) as usize;
    for k in 0..kernels {
        s.push_str(&format!(".kernel k{k}\n"));
        if r.chance(1, 2) {
            s.push_str("  .config\n  .dims x\n");
        }
    }
    s.push_str(".text\n");
    for k in 0..kernels {
        s.push_str(&format!("k{k}:\n  .skip 256\n"));
        common::clrx::random_code(r, s);
    }
    kernels
}

#[test]
fn generated_sources_as_clrxasm_writes_them() {
    let mut r = Rng(common::seed() ^ 0x70c3);
    let (mut several, mut sections, mut cross) = (0, 0, 0);
    common::clrx::check_generated(".rocm", "ROCM", || {
        let (src, opts) = source(&mut r);
        several += (src.matches(".gotsym _o").count() > 1) as usize;
        sections += (src.contains(".section .sec") || src.contains("\n.data\n")) as usize;
        cross += src.contains("\ncd0: ") as usize;
        (src, opts)
    });
    eprintln!(
        "(of them {several} with two GOT objects or more, {sections} with sections other than .text, .globaldata \
         and .comment, {cross} with expressions over two sections)"
    );
}

/// Sources made mostly of expressions over two sections ([`cross_section_lines`]): gcnkit's
/// file is clrxasm's or both refuse (never a file of other bytes), and both outcomes come.
#[test]
fn cross_section_expressions_as_clrxasm_writes_them() {
    let mut r = Rng(common::seed() ^ 0x70c5);
    let n = common::env_n("GCNKIT_ROCM_N", 150);
    let mut literals = 0;
    let (same, refused, _) = common::clrx::compare_generated(n, || {
        let mut s = format!(
            ".rocm\n.gpu {}\n",
            pick(&mut r, &["Fiji", "Tonga", "GFX900", "Bonaire"])
        );
        if r.chance(1, 3) {
            s.push_str(".newbinfmt\n");
        }
        let kernels = kernels_and_code(&mut r, &mut s);
        cross_section_lines(&mut r, kernels, &mut s);
        literals += (s.contains("s_mov_b32 s") || s.contains("v_add_f32")) as usize;
        (s, Vec::new())
    });
    if common::clrx::dir().is_none() {
        eprintln!("GCNKIT_CLRX_DIR not set: {n} sources with expressions over two sections assembled, not compared");
        return;
    }
    eprintln!(
        "{n} generated .rocm sources with expressions over .text and .globaldata ({literals} with literals): \
         {same} files identical to clrxasm's, {refused} refused by both, 0 differ"
    );
    // (a tenth of the lines are of the forms clrxasm refuses: both outcomes often)
    assert!(same * 2 >= n, "{same} of {n} identical");
    assert!(refused * 10 >= n, "{refused} of {n} refused by both");
}

/// Sources with `.nosectdiffs` (no section differences: an expression over two sections is
/// clrxasm's error at once; the global data's and the GOT's labels are numbers, offsets in
/// them, when `.nosectdiffs` comes before them): before the global data or after it was
/// opened, expressions over labels of one section (now and then over two), GOT entries
/// named by OUTSYMBOL: gcnkit's file is clrxasm's or both refuse, and both outcomes come.
#[test]
fn no_sect_diffs_sources_as_clrxasm_writes_them() {
    let mut r = Rng(common::seed() ^ 0x70c7);
    let n = common::env_n("GCNKIT_ROCM_N", 150);
    let mut after = 0;
    let (same, refused, _) = common::clrx::compare_generated(n, || {
        let mut s = format!(
            ".rocm\n.gpu {}\n",
            pick(&mut r, &["Fiji", "Tonga", "GFX900", "Bonaire"])
        );
        let late = r.chance(1, 3);
        let head = s.len();
        let kernels = kernels_and_code(&mut r, &mut s);
        let one_section = r.chance(3, 4);
        cross_section_lines_of(&mut r, kernels, one_section, &mut s);
        // (Late only where no expression over two sections came before: clrxasm never
        // writes those, which gcnkit refuses.)
        let data_first = s.find("\ncd0: ") < s.find("\nct0: ");
        if late && data_first {
            s = s.replacen("\ncd0: ", "\n.nosectdiffs\ncd0: ", 1);
            after += 1;
        } else {
            s.insert_str(head, ".nosectdiffs\n");
        }
        (s, Vec::new())
    });
    if common::clrx::dir().is_none() {
        eprintln!("GCNKIT_CLRX_DIR not set: {n} .nosectdiffs sources assembled, not compared");
        return;
    }
    eprintln!(
        "{n} generated .rocm sources with .nosectdiffs ({after} after the global data was opened): {same} files \
         identical to clrxasm's, {refused} refused by both, 0 differ"
    );
    assert!(same * 4 >= n, "{same} of {n} identical");
    assert!(refused * 10 >= n, "{refused} of {n} refused by both");
}

/// `.nosectdiffs` while expressions wait: gcnkit refuses the line (clrxasm never writes one
/// put off until the file's addresses are known, its place keeps zeros; one that waits for a
/// symbol it reads by the rules of where the symbol is defined).
#[test]
fn no_sect_diffs_after_waiting_expressions_is_refused() {
    for (body, taken) in [(".int k - 4 < k\n", true), (".int g - k\n", false)] {
        let src = format!(
            ".rocm\n.gpu Fiji\n.kernel k\n.text\nk: .skip 256\ns_endpgm\n{body}.globaldata\n.nosectdiffs\ng: .int 1\n"
        );
        let e = common::clrx::gcnkit_binary(&src, &[]).unwrap_err();
        assert!(
            e.iter().any(|m| m.contains(".nosectdiffs while expressions wait")),
            "{e:?}"
        );
        if common::clrx::dir().is_some() {
            assert_eq!(common::clrx::assemble_binary(&src, &[]).is_ok(), taken, "{body}");
        }
    }
    // Before it, and after: the global data's labels are numbers, or addresses of their own.
    let early = ".rocm\n.gpu Fiji\n.nosectdiffs\n.globaldata\n.int 1\ng: .int 2\n.kernel k\n.text\nk: .skip 256\ns_mov_b32 s0, g\ns_endpgm\n";
    let bin = common::clrx::gcnkit_binary(early, &[]).unwrap();
    let late = early.replace(".nosectdiffs\n.globaldata\n", ".globaldata\n.nosectdiffs\n");
    assert!(common::clrx::gcnkit_binary(&late, &[]).is_err());
    if common::clrx::dir().is_some() {
        assert!(bin == common::clrx::assemble_binary(early, &[]).unwrap());
        assert!(common::clrx::assemble_binary(&late, &[]).is_err());
    }
}

/// A `.llvm10binfmt` source (code object v3): the descriptors' room in `.globaldata` (now and
/// then too little: refused), mostly `.metadatav3` (MessagePack metadata), else the YAML
/// metadata clrxasm reads from each kernel's first 256 bytes of code (then `.text` ends with
/// 256 zero bytes, that it reads no further than its code), `.eflags`, `.fkernel`s, kernels
/// with `.config` lines or none, metadata lines, `.printf`s, code at labels in any order.
/// With `readable`, `.eflags` names the device's processor (clrxasm's default, 51, is
/// gfx1010's), which a reader needs.
fn llvm10_source(r: &mut Rng, readable: bool) -> (String, Vec<String>) {
    let mut s = String::from(".rocm\n");
    let k = r.below(14) as usize;
    let device = common::clrx::DEVICES.get(k).unwrap_or_else(|| &MORE_DEVICES[k - 12]);
    let (device, mach) = match readable {
        true => READABLE[r.below(READABLE.len() as u64) as usize],
        false => (*device, 0),
    };
    s.push_str(&format!(".gpu {device}\n.llvm10binfmt\n"));
    let v3 = r.chance(3, 4);
    if v3 {
        s.push_str(".metadatav3\n");
    }
    if readable {
        s.push_str(&format!(".eflags {mach}\n"));
    } else if r.chance(1, 5) {
        s.push_str(&format!(".eflags {}\n", r.below(64)));
    }
    let n = 1 + r.below(4) as usize;
    s.push_str(".globaldata\n");
    let words = 16 * n as u64 - if r.chance(1, 20) { 1 } else { 0 } + r.below(3) * r.below(8);
    for _ in 0..words {
        s.push_str(&format!("  .int {}\n", r.next() as u32));
    }
    let metadata = r.chance(3, 4);
    if metadata {
        source_md_lines(r, &mut s);
    }
    for k in 0..n {
        s.push_str(&format!(".kernel k{}\n", (k * 7) % n));
        if r.chance(1, 6) {
            s.push_str("  .fkernel\n");
        }
        if r.chance(4, 5) {
            s.push_str("  .config\n");
            for _ in 0..r.below(5) {
                s.push_str(&format!("  {}\n", config_line(r)));
            }
        }
        if metadata {
            for _ in 0..r.below(7) {
                s.push_str(&format!("  {}\n", md_line(r)));
            }
        }
    }
    s.push_str(".text\n");
    for k in common::clrx::shuffled(r, n) {
        s.push_str(&format!("k{k}:\n"));
        common::clrx::random_code(r, &mut s);
        if r.chance(1, 4) {
            kcode_block(r, n, &mut s, 0);
        }
    }
    if !v3 || readable {
        s.push_str("  .skip 256\n");
    }
    (s, Vec::new())
}

/// Devices and their EF_AMDGPU_MACH (LLVM's values) for `.eflags`.
const READABLE: [(&str, u32); 10] = [
    ("Tahiti", 0x20),
    ("Pitcairn", 0x21),
    ("Bonaire", 0x26),
    ("Hawaii", 0x23),
    ("Carrizo", 0x28),
    ("Tonga", 0x29),
    ("Fiji", 0x2a),
    ("Ellesmere", 0x2a),
    ("GFX900", 0x2c),
    ("GFX906", 0x2f),
];

#[test]
fn llvm10_sources_as_clrxasm_writes_them() {
    let mut r = Rng(common::seed() ^ 0x7010);
    common::clrx::check_generated(".rocm .llvm10binfmt", "ROCM10", || llvm10_source(&mut r, false));
}

/// `.llvm10binfmt` files clrxasm wrote (`.eflags` naming a GCN processor) → gcnkit's text
/// (its metadata lines those of clrxdisasm `-dCmf`, which reads such a file as gfx1010's) →
/// gcnkit and clrxasm assemble it to one file: the original without metadata lines, else a
/// fixed point (clrxdisasm's `.md_language ""` stands for none).
#[test]
fn llvm10_objects_round_trip_through_clrx_text() {
    let Some(_) = common::clrx::dir() else {
        eprintln!("GCNKIT_CLRX_DIR not set: no clrxasm objects to read back");
        return;
    };
    let n = common::env_n("GCNKIT_ROCM10_N", 150) / 3;
    let mut r = Rng(common::seed() ^ 0x7011);
    let (mut done, mut same, mut with_metadata, mut refused) = (0, 0, 0, 0);
    while done < n {
        let (src, _) = llvm10_source(&mut r, true);
        let Ok(bin) = common::clrx::assemble_binary(&src, &[]) else {
            continue;
        };
        let text = clrx_text(&bin, &src);
        assert!(text.contains("\n.llvm10binfmt\n"), "{src}\n{text}");
        let md = metadata_lines(&text);
        // (clrxdisasm reads the file when every kernel has 256 bytes of code after its label)
        if let Ok(theirs) = clrxdisasm_result(&bin) {
            assert_eq!(
                md,
                metadata_lines(&theirs),
                "metadata lines differ\n{src}\n{text}\n{theirs}"
            );
            with_metadata += !md.is_empty() as usize;
        }
        let theirs = common::clrx::assemble_binary(&text, &[]);
        let ours = gcnkit_binary(&text, &[]);
        // (clrxdisasm's `.md_kernarg_segment_align` of a `.config` kernel is its log2 value,
        // refused when not a power of two; so by both)
        if theirs.is_err() {
            assert!(ours.is_err(), "gcnkit takes what clrxasm refuses\n{text}");
            refused += 1;
            continue;
        }
        let ours = ours.unwrap_or_else(|e| panic!("gcnkit refuses its text: {e:?}\n{src}\n{text}"));
        assert!(
            theirs.unwrap() == ours,
            "gcnkit and clrxasm assemble gcnkit's text to two files\n{src}\n{text}"
        );
        if ours == bin {
            same += 1;
        } else {
            assert!(!md.is_empty(), "gcnkit's text gives another file\n{src}\n{text}");
            let again = clrx_text(&ours, &text);
            assert!(
                gcnkit_binary(&again, &[]).ok() == Some(ours),
                "not a fixed point\n{src}\n{again}"
            );
        }
        done += 1;
    }
    eprintln!("{done} clrxasm .llvm10binfmt objects: gcnkit's text assembles to one file with gcnkit and clrxasm ({same} the original, the rest fixed points); {with_metadata} with metadata lines equal to clrxdisasm's; {refused} texts refused by both");
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
        vec![
            ("b".to_string(), text.address() + 260),
            ("a".to_string(), text.address())
        ]
    );
}

/// gcnkit's CLRX text of an object clrxasm wrote (kernels, headers as `.config`, global data
/// left out: see the test below).
fn clrx_text(bin: &[u8], src: &str) -> String {
    use gcnkit::disasm::{disassemble_code_object, Format};
    use gcnkit::syntax::Syntax;
    let co = gcnkit::codeobj::read(bin).unwrap_or_else(|e| panic!("{e}\n{src}"));
    let mut s = String::new();
    disassemble_code_object(&co, Syntax::Clrx, Format::Text, |c| s.push_str(c)).unwrap();
    s
}

/// The metadata pseudo-op lines of a CLRX text, trimmed (the `.config` lines around them are
/// not clrxdisasm's form in gcnkit's text).
fn metadata_lines(text: &str) -> Vec<String> {
    let ops = [
        ".md_",
        ".arg ",
        ".printf ",
        ".cws",
        ".reqd_work_group_size",
        ".work_group_size_hint",
        ".fixed_work_group_size",
        ".vectypehint",
        ".runtime_handle",
        ".spilled",
        ".max_flat_work_group_size",
    ];
    text.lines()
        .map(str::trim)
        .filter(|l| ops.iter().any(|o| l.starts_with(o)))
        .map(String::from)
        .collect()
}

/// `clrxdisasm -dCmf` of a binary.
fn clrxdisasm_text(bin: &[u8]) -> String {
    clrxdisasm_result(bin).unwrap_or_else(|e| panic!("clrxdisasm: {e}"))
}

/// `clrxdisasm -dCmf` of a binary, or its error.
fn clrxdisasm_result(bin: &[u8]) -> Result<String, String> {
    // (a file of its own per call: the tests run in parallel)
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let f = std::env::temp_dir().join(format!("gcnkit-rocm-md-{}-{n}.hsaco", std::process::id()));
    std::fs::write(&f, bin).unwrap();
    let t = common::clrx::disassemble_file(&f, &["-dCmf"]);
    let _ = std::fs::remove_file(&f);
    t
}

/// Generated sources in the forms the disassembler carries (no GCN 1.0; GOTs naming several
/// objects of a kind among them): clrxasm's file → gcnkit's text → gcnkit and
/// clrxasm give that file again.
#[test]
fn objects_round_trip_through_clrx_text() {
    let Some(_) = common::clrx::dir() else {
        eprintln!("GCNKIT_CLRX_DIR not set: no clrxasm objects to read back");
        return;
    };
    let n = common::env_n("GCNKIT_ROCM_N", 150) / 3;
    let mut r = Rng(common::seed() ^ 0x70c4);
    let (mut done, mut not_carried, mut with_metadata, mut refused, mut with_got) = (0, 0, 0, 0, 0);
    let (mut new_fkernels, mut v2_msgpack, mut with_sections) = (0, 0, 0);
    let (mut with_objects, mut several_objects, mut several_read, mut several_unordered) = (0, 0, 0, 0);
    // Texts with `.newbinfmt`, `.fkernel`, global data, `.eflags`, a kernel without `.config`.
    let mut forms = [0usize; 5];
    while done < n {
        let (src, _) = source(&mut r);
        // GCN 1.0 is not read back.
        let skipped = [
            "CapeVerde",
            "Pitcairn",
            "Tahiti",
            // (expressions over two sections: data in the code)
            "\ncd0: ",
        ];
        if skipped.iter().any(|d| src.contains(d)) {
            continue;
        }
        // Sources clrxasm refuses (bad metadata lines): the test above checks gcnkit refuses them.
        let Ok(bin) = common::clrx::assemble_binary(&src, &[]) else {
            continue;
        };
        // A GOT naming several objects of a kind (in `.text`; elsewhere): clrxasm orders them
        // by its symbol map, which the text's `.global` lines' order gives again.
        let co = gcnkit::codeobj::read(&bin).unwrap();
        let several = several_of_a_kind(&co);
        several_objects += several as usize;
        with_objects += !co.got_objects.is_empty() as usize;
        let text = clrx_text(&bin, &src);
        // A header CLRX's `.config` cannot carry (`.wavefront_sgpr_count 0`...): printed as
        // data, gcnkit's LLVM-like text, not a `.rocm` source.
        if !text.contains(".rocm") {
            not_carried += 1;
            assert!(
                not_carried * 5 <= n,
                "{not_carried} objects not in CLRX's form\n{src}\n{text}"
            );
            continue;
        }
        with_got += text.contains(".gotsym") as usize;
        for (k, what) in [".newbinfmt", ".fkernel", ".globaldata", ".eflags"].iter().enumerate() {
            forms[k] += text.contains(what) as usize;
        }
        forms[4] += (text.matches(".kernel ").count() > text.matches(".dims").count()) as usize;
        // Metadata clrxasm generated prints as its pseudo-ops, as clrxdisasm prints them.
        let md = metadata_lines(&text);
        // (raw `.metadata` bytes stay bytes: they are not clrxasm's generated text; with
        // `.newbinfmt` clrxasm generates metadata without any metadata line)
        let generated = !metadata_lines(&src).is_empty() || src.contains(".newbinfmt");
        assert!(
            md.is_empty() == (!generated || src.contains(".metadata\n")),
            "metadata pseudo-ops not recovered\n{src}\n{text}"
        );
        // (with `.newbinfmt` clrxdisasm passes `.fkernel`s over, their metadata lines too; it
        // does not read a v2 file with MessagePack metadata: "Note offset+size out of range")
        let fkernels = src.contains(".newbinfmt") && src.contains(".fkernel");
        let msgpack = src.contains(".metadatav3");
        v2_msgpack += (msgpack && !md.is_empty()) as usize;
        // (nor a file with a `@note` section of the source's own that holds no notes: "Note
        // offset+size out of range")
        let bad_notes = src.contains("@note") && clrxdisasm_result(&bin).is_err();
        if !md.is_empty() && !fkernels && !msgpack && !bad_notes {
            let theirs = clrxdisasm_text(&bin);
            assert_eq!(
                md,
                metadata_lines(&theirs),
                "metadata lines differ\n{src}\n{text}\n{theirs}"
            );
            with_metadata += 1;
        }
        new_fkernels += fkernels as usize;
        // The source's own sections print as `.section` lines with their bytes.
        let sections = src.contains(".section .sec") || src.contains("\n.data\n");
        assert!(
            !sections || text.contains("\n.section "),
            "the source's own sections not printed\n{src}\n{text}"
        );
        let theirs = common::clrx::assemble_binary(&text, &[]);
        let ours = gcnkit_binary(&text, &[]);
        // clrxdisasm's text of clrxasm's own metadata that clrxasm refuses (`.runtime_handle
        // NAME` unquoted, a `.config` kernel's KernargSegmentAlign of 5 — its log2 value):
        // gcnkit refuses it too.
        if theirs.is_err() && !md.is_empty() {
            assert!(ours.is_err(), "gcnkit takes what clrxasm refuses\n{text}");
            refused += 1;
            continue;
        }
        with_sections += sections as usize;
        let ours = ours.unwrap_or_else(|e| panic!("gcnkit refuses its text: {e:?}\n{text}"));
        let theirs = theirs.unwrap_or_else(|e| panic!("clrxasm: {e}\n{text}"));
        assert!(
            theirs == ours,
            "gcnkit and clrxasm assemble gcnkit's text to two files\n{src}\n{text}"
        );
        // (the GOT's objects in the file's order, metadata lines or not)
        let names = |b: &[u8]| {
            let co = gcnkit::codeobj::read(b).unwrap();
            (
                co.got.clone(),
                co.got_objects.iter().map(|o| o.name.clone()).collect::<Vec<_>>(),
            )
        };
        // (same-kind objects in one bucket of clrxasm's map with one of the kind between them
        // at every bucket count the text can have: said in the text, another order)
        if text.contains("no order of these names found gives the file's") {
            assert!(several && names(&ours) != names(&bin), "{src}\n{text}");
            several_unordered += 1;
            continue;
        }
        assert!(names(&ours) == names(&bin), "the GOT in another order\n{src}\n{text}");
        several_read += several as usize;
        if md.is_empty() {
            assert!(ours == bin, "gcnkit's text gives another file\n{src}\n{text}");
        } else {
            // clrxdisasm's text is not always the source's metadata (`.md_language ""` for
            // none gives the version 0, 0): the file it gives is a fixed point.
            let again = clrx_text(&ours, &text);
            assert!(
                gcnkit_binary(&again, &[]).ok() == Some(ours),
                "not a fixed point\n{src}\n{again}"
            );
        }
        done += 1;
    }
    eprintln!("{done} clrxasm objects: gcnkit's text assembles to them with gcnkit and clrxasm; {with_metadata} with metadata pseudo-ops, printed as clrxdisasm prints them ({refused} of these texts assemble in neither); {with_got} with a GOT of kernels; {new_fkernels} with .fkernel and .newbinfmt; {v2_msgpack} with MessagePack metadata; {with_sections} with sections of the source's own; {with_objects} with a GOT naming objects ({several_objects} of them several of a kind, {several_read} of these assembled back: the GOT in the file's order; {several_unordered} in another, said in the text); {not_carried} with headers .config cannot carry; .newbinfmt, .fkernel, global data, .eflags, a kernel without .config: {forms:?}");
}

/// Sources clrxasm refuses: gcnkit refuses them too (with clrxasm there, checked on both).
#[test]
fn refused_sources() {
    let bad = [
        // A kernel without `.config` still needs its header's room.
        ".rocm\n.gpu Fiji\n.kernel k\n.text\nk: s_endpgm\n",
        ".rocm\n.gpu Fiji\n.kernel k\n.config\n.text\nk: s_endpgm\n",
        ".rocm\n.gpu Fiji\n.kernel k\n.config\n.text\ns_endpgm\n",
        ".rocm\n.gpu Fiji\n.fkernel\n.kernel k\n.text\nk: .skip 256\n",
        ".rocm\n.gpu Fiji\n.target amdgcn\n.kernel k\n.text\nk: .skip 256\n",
        // `.kcode` outside the code, of an unknown kernel, `.kcodeend` without `.kcode`.
        ".rocm\n.gpu Fiji\n.kernel k\n.kcode k\n.kcodeend\n.text\nk: .skip 256\n",
        ".rocm\n.gpu Fiji\n.kernel k\n.text\nk: .skip 256\n.kcode j\n.kcodeend\n",
        ".rocm\n.gpu Fiji\n.kernel k\n.text\nk: .skip 256\n.kcodeend\n",
        // `.gotsym` of a kernel not `.global`, of a symbol nowhere defined.
        ".rocm\n.gpu Fiji\n.kernel k\n.text\nk: .skip 256\n.gotsym k\n",
        ".rocm\n.gpu Fiji\n.kernel k\n.text\nk: .skip 256\n.gotsym nothing\n",
        // Metadata lines: outside a kernel's config section, after `.metadata`, wrong values.
        ".rocm\n.gpu Fiji\n.kernel k\n.text\n.md_sgprsnum 4\nk: .skip 256\n",
        ".rocm\n.gpu Fiji\n.kernel k\n.config\n.md_symname \"x\"\n.metadata\n.ascii \"x\"\n.text\nk: .skip 256\n",
        ".rocm\n.gpu Fiji\n.metadata\n.ascii \"x\"\n.md_version 1, 0\n.kernel k\n.text\nk: .skip 256\n",
        ".rocm\n.gpu Fiji\n.printf 1, \"a\"\n.printf 1, \"b\"\n.kernel k\n.text\nk: .skip 256\n",
        ".rocm\n.gpu Fiji\n.kernel k\n.config\n.md_wavefront_size 48\n.text\nk: .skip 256\n",
        ".rocm\n.gpu Fiji\n.kernel k\n.config\n.arg x, 4, , value, i32, global\n.text\nk: .skip 256\n",
    ];
    assert!(gcnkit_binary(".rocm\n.gpu Fiji\n.kernel k\n.text\nk: .skip 256\n", &[]).is_ok());
    for s in bad {
        assert!(gcnkit_binary(s, &[]).is_err(), "gcnkit takes:\n{s}");
        if common::clrx::dir().is_some() {
            assert!(
                common::clrx::assemble_binary(s, &["-b", "rocm"]).is_err(),
                "clrxasm takes:\n{s}"
            );
        }
    }
}

/// A `.llvm10binfmt` file without `.eflags` carries clrxasm's default flags, 51: gfx1010's
/// processor, whatever `.gpu` said (code object v3 has no other device note). GCN 1.5 is not
/// gcnkit's: the reader refuses such a file, naming the processor (clrxdisasm reads every such
/// file as GFX1010's); with `.eflags` naming the device's processor it reads it (the
/// generated round trips).
#[test]
fn llvm10_default_flags_refused() {
    let src = ".rocm\n.gpu Fiji\n.llvm10binfmt\n.globaldata\n.fill 64, 1, 0\n.kernel k\n.config\n.text\nk: s_endpgm\n";
    let bin = gcnkit_binary(src, &[]).expect(src);
    assert_eq!(u32::from_le_bytes(bin[0x30..0x34].try_into().unwrap()), 51);
    let e = gcnkit::codeobj::read(&bin).expect_err("gfx1010's flags read as GCN");
    assert!(e.to_string().contains("processor 0x33"), "{e}");
    if common::clrx::dir().is_some() {
        assert!(common::clrx::assemble_binary(src, &[]).ok() == Some(bin));
    }
}

/// `.gotsym SYMBOL, OUTSYMBOL`: OUTSYMBOL may be assigned before or after, or be a label after
/// (clrxasm's file: the same), not a label before (both refuse); an expression that reads it
/// after the `.gotsym` is the entry's address in the file (`.got`'s offset plus 8 a entry).
#[test]
fn gotsym_outsymbol_forms() {
    let head = ".rocm\n.gpu Fiji\n.kernel k\n.text\nk: .skip 256\n s_endpgm\n.global k\n";
    let cases = [
        ("g0 = 5\n", "", true),
        ("g0 = 5\n", "g0 = 7\n", true),
        ("", "g0: s_nop 0\n", true),
        ("g0 = 5\n", "g0: s_nop 0\n", true),
        ("g0: s_nop 0\n", "", false),
    ];
    for (before, after, taken) in cases {
        let src = format!("{head}{before}.gotsym k, g0\n{after}");
        let ours = gcnkit_binary(&src, &[]);
        assert_eq!(ours.is_ok(), taken, "{ours:?}\n{src}");
        if common::clrx::dir().is_some() {
            assert!(common::clrx::assemble_binary(&src, &[]).ok() == ours.ok(), "{src}");
        }
    }
    // (the second entry's address less the literal's own)
    let src = format!("{head}.gotsym k\n.gotsym k, g1\ns_mov_b32 s0, g1 - .\n");
    let ours = gcnkit_binary(&src, &[]).expect(&src);
    let (text, got) = (section_offset(&ours, ".text"), section_offset(&ours, ".got"));
    let literal = text + 256 + 4 + 4;
    assert_eq!(
        word_at(&ours, literal),
        (got + 8).wrapping_sub(text + 256 + 4) as u32,
        "{src}"
    );
    if common::clrx::dir().is_some() {
        assert!(common::clrx::assemble_binary(&src, &[]).ok() == Some(ours), "{src}");
    }
}

/// The file offset of section `name` of an ELF file.
fn section_offset(bin: &[u8], name: &str) -> u64 {
    use object::{Object, ObjectSection};
    let f = object::File::parse(bin).expect("an ELF file");
    let s = f.section_by_name(name).unwrap_or_else(|| panic!("no {name}"));
    s.file_range().map_or(0, |r| r.0)
}

/// The little-endian word at file offset `at`.
fn word_at(bin: &[u8], at: u64) -> u32 {
    u32::from_le_bytes(bin[at as usize..at as usize + 4].try_into().unwrap())
}

/// An empty `@note` section: clrxasm gives it the size of its notes and fills it with bytes
/// of its own memory (strings of its pseudo-op table): refused by gcnkit.
#[test]
fn empty_note_section_refused() {
    let src = ".rocm\n.gpu Fiji\n.kernel k\n.text\nk: .skip 256\n.section .n, \"\", @note\n";
    let e = gcnkit_binary(src, &[]).expect_err(src);
    assert!(e.iter().any(|m| m.contains("an empty @note section")), "{e:?}");
    let with_byte = format!("{src}.byte 1\n");
    let ours = gcnkit_binary(&with_byte, &[]).expect(&with_byte);
    if common::clrx::dir().is_some() {
        assert!(common::clrx::assemble_binary(&with_byte, &[]).ok() == Some(ours));
    }
}

/// Expressions over labels (or `.`) of `.text` and `.globaldata`, which clrxasm resolves
/// against the sections' offsets in the file: the words are the differences of those
/// addresses (checked here from the file's own section headers), and clrxasm's file is the
/// same. `l` is at `.text`+256, `g` at `.rodata`+4 (+12 after global data of
/// the case's own).
#[test]
fn section_differences_resolved() {
    let head = ".rocm\n.gpu Fiji\n.kernel k\n.text\nk: .skip 256\nl: s_endpgm\n";
    let tail = ".globaldata\n.int 1\ng: .int 1\n";
    // (source, section and offset of a word, its value from (.text, .rodata))
    type Want = fn(i64, i64) -> i64;
    let cases: [(&str, &str, u64, Want); 8] = [
        ("s_mov_b32 s0, g - k\n", ".text", 264, |t, d| d + 4 - t),
        (".int g - l\n", ".text", 260, |t, d| d + 4 - (t + 256)),
        (".quad l - g\n", ".text", 260, |t, d| t + 256 - (d + 4)),
        (".int (l - g) >> 4\n", ".text", 260, |t, d| (t + 256 - (d + 4)) >> 4),
        ("x = g - k + 3\n.int x\n", ".text", 260, |t, d| d + 4 - t + 3),
        (".int y\ny = g - . \n", ".text", 260, |t, d| d + 4 - (t + 264)),
        (".globaldata\n.int 0, k - .\n.text\n", ".rodata", 4, |t, d| t - (d + 4)),
        // (a comparison waits for the file too: a literal, not an inline constant)
        ("v_mov_b32 v0, (k < l)\n", ".text", 264, |_, _| -1),
    ];
    for (c, section, at, want) in cases {
        let src = format!("{head}{c}{tail}");
        let ours = gcnkit_binary(&src, &[]).expect(&src);
        let (t, d) = (
            section_offset(&ours, ".text") as i64,
            section_offset(&ours, ".rodata") as i64,
        );
        let got = word_at(&ours, section_offset(&ours, section) + at);
        assert_eq!(got, want(t, d) as u32, "{src}");
        if common::clrx::dir().is_some() {
            assert!(common::clrx::assemble_binary(&src, &[]).ok() == Some(ours), "{src}");
        }
    }
    // What clrxasm refuses: a label's address as data, `&` of it or a logical negation, two
    // sections' labels in a 16-bit immediate, a `.if` or a `.fill` count (read at once).
    let refused = [
        ".int g\n",
        "s_mov_b32 s0, (g - k) & 3 + g\n",
        "s_mov_b32 s0, !g\n",
        ".globaldata\ng0: .int 2\n.text\ns_movk_i32 s0, g0 - k\n",
        ".globaldata\ng0: .int 2\n.text\n.if g0 - k\n.endif\n",
        ".globaldata\ng0: .int 2\n.text\n.fill g0 - k, 1, 0\n",
    ];
    for c in refused {
        let src = format!("{head}{c}{tail}");
        gcnkit_binary(&src, &[]).expect_err(&src);
        if common::clrx::dir().is_some() {
            common::clrx::assemble_binary(&src, &[]).expect_err(&src);
        }
    }
}

/// CLRX's own test of a ROCm binary with global data and GOT entries (its case reads `.`
/// less a global data label in the code), written again here: the code's literal is the
/// distance in the file, and clrxasm's file is the same.
#[test]
fn code_minus_global_data_with_got_objects() {
    let src = ".rocm\n.gpu Tonga\n.newbinfmt\n.globaldata\n.gotsym table\n\
               first: .global first\n.int 5, 6, 7\ntable: .global table\n.int 8, 9\n\
               .gotsym first\n.gotsym obj, obj.GOT\n.gotsym obj2\n.gotsym val, val.GOT\n\
               .global obj.GOT\n.global val.GOT\n\
               .kernel main\n  .config\n  .dims xy\n  .use_kernarg_segment_ptr\n\
               .text\nmain:\n  .skip 256\n  s_mov_b32 s2, . - table\n  s_endpgm\n\
               .global obj\nobj:\n.global obj2\nobj2: s_nop 0\n.global val\nval = 77\n";
    let ours = gcnkit_binary(src, &[]).expect(src);
    let (t, d) = (section_offset(&ours, ".text"), section_offset(&ours, ".rodata"));
    // (`.` is the instruction's start; `table` the global data's 12th byte)
    assert_eq!(word_at(&ours, t + 260), (t + 256).wrapping_sub(d + 12) as u32);
    if common::clrx::dir().is_some() {
        assert!(
            common::clrx::assemble_binary(src, &[]).ok() == Some(ours),
            "files differ\n{src}"
        );
    }
}

/// CLRX's own `.rocm` test sources (`tests/amdasm/AsmROCmFormat.cpp` of its source, read at
/// run time): gcnkit writes clrxasm's file, or both refuse.
#[test]
fn clrx_own_rocm_sources() {
    let Some(cpp) = common::clrx::source_dir()
        .filter(|_| common::clrx::dir().is_some())
        .and_then(|d| std::fs::read_to_string(d.join("tests/amdasm/AsmROCmFormat.cpp")).ok())
    else {
        eprintln!("CLRX's source or clrxasm not there: its .rocm test sources not checked");
        return;
    };
    // Each case's first raw string is its source.
    let table = &cpp[cpp.find("asmTestCases1Tbl[]").expect("the cases' table")..];
    let mut sources = Vec::new();
    let mut rest = table;
    while let Some(at) = rest.find("{") {
        rest = &rest[at + 1..];
        let head = rest.trim_start();
        let head = head
            .strip_prefix("//")
            .map_or(head, |h| &h[h.find('\n').unwrap_or(0)..])
            .trim_start();
        if let Some(body) = head.strip_prefix("R\"ffDXD(") {
            let end = body.find(")ffDXD\"").expect("a raw string's end");
            sources.push(body[..end].to_string());
            rest = &body[end..];
        }
    }
    assert!(sources.len() >= 10, "{} sources", sources.len());
    let (mut same, mut refused) = (0, 0);
    for src in &sources {
        let ours = gcnkit_binary(src, &[]);
        match (ours, common::clrx::assemble_binary(src, &[])) {
            (Ok(a), Ok(b)) => {
                assert!(a == b, "files differ\n{src}");
                same += 1;
            }
            (Err(_), Err(_)) => refused += 1,
            (ours, theirs) => panic!("gcnkit {:?}, clrxasm {:?}\n{src}", ours.err(), theirs.err()),
        }
    }
    eprintln!(
        "{} CLRX .rocm test sources: {same} files identical, {refused} refused by both",
        sources.len()
    );
    // (one of them reads `.` less a global data label in the code: resolved as clrxasm does)
    assert!(same >= 6, "{same} identical");
}

/// gcnkit's file of a source, which clrxasm's (when there) must be.
fn by_both(src: &str) -> Vec<u8> {
    let bin = gcnkit_binary(src, &[]).unwrap_or_else(|e| panic!("{e:?}\n{src}"));
    if common::clrx::dir().is_some() {
        let theirs = common::clrx::assemble_binary(src, &[]).unwrap_or_else(|e| panic!("{e}\n{src}"));
        assert!(theirs == bin, "gcnkit's and clrxasm's files differ\n{src}");
    }
    bin
}

/// A `.rocm` file with sections of the source's own (every type, flags `a`/`w`/`x`, `align=`,
/// `.data`, one reopened; v2 and `.llvm10binfmt`): gcnkit's text prints each as a `.section`
/// line with its bytes (an executable one as bytes, not code), in the file's order, and
/// assembles back to the file (with clrxasm there, clrxasm's file, and clrxasm takes the text
/// back to it too).
#[test]
fn own_sections_read_back() {
    let code = ".text\nk: .skip 256\n  s_mov_b32 s0, 1\n  s_endpgm\n";
    let sections = ".section .x1, \"ax\", @progbits align=8\n.int 0xbf810000\n\
                    .section .n, \"\", @note\n.byte 1, 2, 3\n\
                    .data\n.byte 9\n\
                    .section .b, \"aw\", @nobits align=64\n.skip 5\n\
                    .section .x1\n.byte 7\n";
    for head in [
        ".rocm\n.gpu Fiji\n.kernel k\n.config\n.dims x\n",
        // (raw metadata: clrxasm's generated one reads back as a fixed point, not the file)
        ".rocm\n.gpu Fiji\n.newbinfmt\n.kernel k\n.metadata\n.ascii \"---\\n...\\n\"\n",
        ".rocm\n.gpu Fiji\n.eflags 42\n.llvm10binfmt\n.globaldata\n.fill 64, 1, 0\n.kernel k\n.config\n.dims x\n",
    ] {
        let src = format!("{head}{code}{sections}");
        let bin = by_both(&src);
        let text = clrx_text(&bin, &src);
        let printed = [
            ".section .x1, \"ax\", @progbits align=8\n    .byte 0x00, 0x00, 0x81, 0xbf, 0x07\n",
            ".section .n, \"\", @note\n    .byte 0x01, 0x02, 0x03\n",
            ".section .data, \"\", @progbits\n    .byte 0x09\n",
            ".section .b, \"aw\", @nobits align=64\n    .skip 5\n",
        ];
        let at: Vec<usize> = printed
            .iter()
            .map(|p| text.find(p).unwrap_or_else(|| panic!("{p} not printed\n{text}")))
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "not in the file's order\n{text}");
        assert_eq!(
            text.matches("s_endpgm").count(),
            1,
            "a section of the source's own read as code\n{text}"
        );
        // (gcnkit's and clrxasm's file of the text; metadata clrxasm generated prints as
        // clrxdisasm prints it, whose file is a fixed point: `.md_language ""`)
        let again = by_both(&text);
        if text.contains(".md_") {
            let fixed = gcnkit_binary(&clrx_text(&again, &text), &[]).expect("gcnkit's text again");
            assert!(fixed == again, "not a fixed point\n{text}");
        } else {
            assert!(again == bin, "gcnkit's text gives another file\n{text}");
        }
    }
}

/// A GOT naming objects, at most one in `.text` and one elsewhere (`.globaldata`, an absolute
/// symbol, a section of the source's own; with `.size`): gcnkit's text labels them (or assigns
/// the absolute one) and assembles back to the file through gcnkit and (when there) clrxasm.
#[test]
fn got_objects_read_back() {
    let head = ".rocm\n.gpu Fiji\n.kernel k0\n  .config\n  .dims x\n.text\nk0:\n  .skip 256\n  s_mov_b32 s0, 1\n";
    let cases = [
        "_ot: s_mov_b32 s1, 2\n  s_endpgm\n.globaldata\n  .int 5\n_od: .int 7\n.global k0, _ot, _od\n.gotsym _ot\n.gotsym k0\n.gotsym _od, gg\n",
        "_ot: s_endpgm\n.size _ot, 4\n_oa = 1234\n.global _ot, _oa\n.gotsym _oa\n.gotsym _ot\n",
        "  s_endpgm\n.section .sec0, \"aw\", @progbits align=8\n  .byte 1\n_ox: .int 9\n.text\n.global _ox\n.gotsym _ox\n",
        "  s_endpgm\n.globaldata\n  .byte 1, 2, 3\n_od: .byte 4\n.global _od, k0\n.gotsym k0, kk\n.gotsym _od\n",
    ];
    for c in cases {
        let src = format!("{head}{c}");
        let bin = by_both(&src);
        let text = clrx_text(&bin, &src);
        assert!(text.starts_with(".rocm"), "not CLRX's form\n{src}\n{text}");
        let co = gcnkit::codeobj::read(&bin).unwrap();
        assert!(!co.got_objects.is_empty(), "{src}");
        for o in &co.got_objects {
            assert!(text.contains(&format!(".gotsym {}\n", o.name)), "{}\n{text}", o.name);
        }
        assert!(by_both(&text) == bin, "gcnkit's text gives another file\n{src}\n{text}");
    }
}

/// GOTs naming several objects of a kind (`tests/data/clrx-rocm-got-several.s`, generated
/// sources): clrxasm orders each kind by its symbol map, which the order of the text's first
/// mentions decides; gcnkit's text puts the `.global` lines first, in an order (with filler
/// names where needed) that gives the file again through gcnkit and (when there) clrxasm. The
/// same text with those lines sorted and no fillers gives the objects in another order.
#[test]
fn got_several_objects_read_back() {
    let data = include_str!("data/clrx-rocm-got-several.s");
    let order = |b: &[u8]| {
        let co = gcnkit::codeobj::read(b).unwrap();
        co.got_objects.iter().map(|o| o.name.clone()).collect::<Vec<_>>()
    };
    let mut fillers = Vec::new();
    for src in data.split("//// case").skip(1) {
        let src = src.split_once('\n').unwrap().1;
        let bin = by_both(src);
        assert!(several_of_a_kind(&gcnkit::codeobj::read(&bin).unwrap()), "{src}");
        let text = clrx_text(&bin, src);
        assert!(text.starts_with(".rocm"), "not CLRX's form\n{src}\n{text}");
        assert!(by_both(&text) == bin, "gcnkit's text gives another file\n{src}\n{text}");
        // (the `.global` lines sorted, the fillers out)
        let mut globals: Vec<&str> = text.lines().filter(|l| l.starts_with(".global ")).collect();
        globals.sort();
        let first = text
            .find("\n/* clrxasm's order")
            .or_else(|| text.find("\n.global "))
            .unwrap()
            + 1;
        let end = text.find("\n.globaldata\n").unwrap() + 1;
        let plain = format!("{}{}\n{}", &text[..first], globals.join("\n"), &text[end..]);
        let filled = text[first..end].lines().filter(|l| l.contains(" = 0")).count();
        fillers.push(filled);
        let again = gcnkit_binary(&plain, &[]).unwrap_or_else(|e| panic!("{e:?}\n{plain}"));
        assert_ne!(
            order(&again),
            order(&bin),
            "the order comes without the search\n{plain}"
        );
        assert!(filled > 0, "{text}");
    }
    eprintln!(
        "{} sources with several GOT objects of a kind: gcnkit's text gives the file again (fillers {fillers:?})",
        fillers.len()
    );
    assert_eq!(fillers.len(), 3);
}

/// Does the GOT name several objects of a kind (in `.text`, or elsewhere)? clrxasm orders
/// those by its symbol map.
fn several_of_a_kind(co: &gcnkit::codeobj::CodeObject<'_>) -> bool {
    let in_text = co
        .got_objects
        .iter()
        .filter(|o| o.section.as_deref() == Some(".text"))
        .count();
    in_text > 1 || co.got_objects.len() - in_text > 1
}
