//! clrxasm's pseudo-ops in gcnkit's CLRX dialect, against live clrxasm (`GCNKIT_CLRX_DIR`;
//! without it the sources are still assembled, and the comparison is skipped, said on
//! stderr): per family, hand-written sources give clrxasm's raw code byte for byte, and the
//! sources clrxasm refuses are errors; generated data (random integers and floats of every
//! width, fills, alignments) give clrxasm's bytes too.

mod common;

use gcnkit::asm::{Assembler, Dialect, Taken, CLRX_PSEUDO_OPS};
use gcnkit::diag::Severity;
use gcnkit::Arch;

/// A file the sources `.incbin` (and that `.include`s read).
const FILES: [(&str, &[u8]); 2] = [("data.bin", b"ABCDEFGHIJ"), ("defs.inc", b"incl = 0x44\n.int incl\n")];

/// Sources both assemblers take, by family.
const GOOD: &[(&str, &str)] = &[
    (
        "local labels",
        "1: s_nop 1\n s_branch 1b\n s_branch 1f\n s_cbranch_scc0 2f\n1: s_nop 2\n2: s_branch 1b\n.int 1f-1b\n1: s_endpgm\n",
    ),
    (
        "line continuation",
        "s_nop 0 # comment \\\ns_nop 1\ns_mov_b32 s1, \\\n  s2\n.int 1, \\\n 2, \\\n 3\n",
    ),
    (
        "equiv, eqv, undef",
        "a=3\nb=5\n.eqv cv, a+b\n.int cv\nb=7\n.int cv\n.equiv q, 4\n.int q\nr=4\n.undef r\n.int r\nr=1\n.eqv w, z*2\n.int w\nz=3\n.undef nothing\n",
    ),
    (
        "if blank and strings",
        ".ifb\n.int 1\n.endif\n.ifb  # c\n.int 2\n.endif\n.ifnb x\n.int 3\n.endif\n.ifc a , a\n.int 4\n.endif\n.ifc a  b,a b\n.int 5\n.endif\n.ifc \"a\",a\n.int 6\n.endif\n.ifc a + b, a+b\n.int 7\n.endif\n.ifc (a) , ( a )\n.int 8\n.endif\n.ifnc A,a\n.int 9\n.endif\n.ifeqs \"a\\n\", \"a\\n\"\n.int 10\n.endif\n.ifnes \"a\",\"b\"\n.int 11\n.endif\n",
    ),
    (
        "if target",
        ".ifarch gcn1.2\n.int 1\n.elseifarch gcn1.4\n.int 2\n.endif\n.ifnarch VI\n.int 3\n.endif\n.ifgpu fiji\n.int 4\n.endif\n.ifgpu tonga\n.int 5\n.elseifgpu gfx803\n.int 6\n.endif\n.ifngpu iceland\n.int 7\n.endif\n.iffmt raw\n.int 8\n.endif\n.ifnfmt rocm\n.int 9\n.endif\n.if32\n.int 10\n.endif\n.if64\n.int 11\n.elseif32\n.int 12\n.endif\n.if 0\n.elseifb\n.int 13\n.elseifnb x\n.int 14\n.endif\n",
    ),
    (
        "integer data",
        ".byte 1, -128, 255, 300, -129\n.short 70000, -1\n.hword 2\n.word 1, -1, 0x1ffffffff\n.int 1,,2\n.long 3\n.quad -2, 0x123456789abcdef\n.octa 1, -1, 0x112233445566778899aabbccddeeff00, 0777, 0b11, +5\n.byte x, y\n.short x\n.quad x\nx = 0x1ff\ny = 3\n",
    ),
    (
        "float data",
        ".half 1.0, -2.5, 65504.0, 3, 1e-10, 0x1p-20, 65519.0, 6e-8, 0.1, 1.00048828125, 1.00146484375\n.float -1.5, 1e-45, 3.4028235e38, 0x1.8p1, .5, 1.e2, 1e-50, -0.0, 0x10, 010, inf, -inf, nan, 0x1.8, 1.5E3\n.single 2\n.double 1.7976931348623157e308, 4.9e-324, 1e-400, -0, 0.1, 3\n.float ,\n",
    ),
    (
        "strings",
        ".int 0\n.ascii \"ab\", \"c\\x4142\\101\\1012\\a\\v\\q\"\n.asciz \"d\"\n.string \"e\"\n.string16 \"ab\"\n.string32 \"c\"\n.string64 \"d\"\n",
    ),
    (
        "fills",
        ".fill 2, 3, 0x11223344\n.fill 1, 8, 0x1122334455667788\n.fillq 1, 8, 0x1122334455667788\n.fill 1, 9, 1\n.fill 2\n.fill 1,,5\n.fill 0, 4, 1\n.fill 2, 0, 1\n.fillq 1, 10, -1\n.fill -1\n.skip 2, 0x1ff\n.space 3\n",
    ),
    (
        "alignment",
        ".byte 1\n.align 8\n.byte 2\n.balign 16\n.byte 3\n.p2align 3\n.byte 4\n.align 8, 0x55\n.byte 5\n.align 8,,3\n.byte 6\n.align 8,,7\n.p2align 2\n.balignw 16, 0x1234\n.balignl 32, 0xaabbccdd\n.balignw 0\ns_nop 0\n.byte 7\n.align 16\n",
    ),
    (
        "org and incbin",
        ".byte 1\n.org 6\n.byte 2\n.org .+3, 0x77\nl: s_nop 0\n.org l+12\ns_nop 1\n.incbin \"data.bin\"\n.incbin \"data.bin\", 2, 3\n.incbin \"data.bin\", , 3\n.incbin \"data.bin\", 5, 20\n.incbin \"data.bin\", 0, 0\n.include \"defs.inc\"\n",
    ),
    (
        "struct and offset",
        ".int fa, fb, fc, fd\ns_nop 1\n.struct 0\nfa: .skip 4\nfb: .skip 8\nfc: .space 8\nfd:\n.offset 8\n.skip 2, 5\n",
    ),
    (
        "messages and ignored",
        ".32bit\n.32bit\n.rawcode\n.format raw\n.print \"hello\\tw\"\n.warning \"careful\"\n.warning\n.fail 500\n.file \"a.c\"\n.line 5\n.ln 3\n.lflags\n.title \"x\"\n.sbttl \"x\"\n.version \"x\"\n.extern a, b\n.main\n.int 1\n.exitm\n.buggyfplit\n.nobuggyfplit\n.oldmodparam\n.nooldmodparam\n.wave32\n.nowave32\n.policy 200\n.int 2\n.end\n.int 3\n.rept\n",
    ),
    (
        "oldmodparam",
        ".oldmodparam\nbuffer_load_dword v1, v2, s[4:7], 0 offen:3 glc:2 slc:-1\nv_add_f32 v1, v2, v3 clamp:2\n.nooldmodparam\nbuffer_load_dword v1, v2, s[4:7], 0 offen glc:2\nv_add_f32 v1, v2, v3 clamp:2\n",
    ),
    (
        "suffixed float literals",
        "s_mov_b64 s[0:1], 1.0l\ns_mov_b32 s0, 1.0l\ns_mov_b32 s0, 1.0h\ns_mov_b32 s0, 0.0h\nv_add_f32 v1, 2.0h, v2\nv_add_f64 v[0:1], 2.0l, v[2:3]\nv_add_u16 v1, 1.0h, v2\nv_add_u16 v1, 1.0s, v2\nv_cvt_f32_f16 v1, 0.0s\nv_cvt_f32_f16 v1, 0.5s\nv_add_f16 v1, 1.0s, v2\nv_cvt_f32_f64 v1, 1.5s\nv_cvt_f32_f16 v1, 1.0l\nv_cmp_eq_f64 vcc, 1.5, v[2:3]\nv_add_f16 v1, 1.0h, v2\nv_add_f32 v1, 1.0s, v2\nv_cvt_f32_f64 v1, 1.0l\n",
    ),
    (
        "queries",
        ".get_policy p\n.get_version v\n.get_arch a\n.get_gpu g\n.get_format f\n.get_64bit b\n.int p, v, a, g, f, b\n.policy 200\n.get_policy p2\n.int p2\n",
    ),
    (
        "enum",
        ".enum OK, BADFD, FATAL\n.enum >8, BitOne, BitTwo\n.enum HALO\n.scope Result\n.enum NONE, FULL, INVALID\n.ends\n.enum >, myzero\n.byte OK, BADFD, FATAL, BitOne, BitTwo, HALO, Result::NONE, Result::FULL, Result::INVALID, myzero\n",
    ),
    (
        "scopes",
        "x=5\n.scope a\n.int x\nx=3\n.int x\n.int y\ny=9\n.ends\n.int x, a::x\n.scope a\n.int b::y\n.ends\na::b::y=7\n.scope ala\nsym2 = 4\n.ends\n.scope another\nsym2 = 6\nsym3 = 15\n.ends\n.using ala\n.byte sym2\n.scope ula\n.using another\n.byte sym2\n.ends\n.byte sym2\n.scope ula\n.using ala\n.byte sym2\n.byte sym3\n.unusing ala\n.byte sym2\n.unusing\n.ends\n::ala::sym2 = 7\n.byte ala::sym2\n.scope\nt=1\n.byte t\n.endscope\n.scope c\nl: s_nop 0\ns_branch l\n.ends\ns_branch a::l2\n.scope a\nl2: s_endpgm\n.ends\n",
    ),
    (
        "macros",
        ".macro m a, b\n.int \\a, \\b\n.endm\nm 1 2\nm 3,4\nm 5 , 6\nm (7) (8)\nm 1+2 3\nm 1 + 2, 3\nm \\%1+2\n.macro v a, b:vararg\n.int \\a\n.byte \\b\n.endm\nv 1, 2, 3, 4\n.macro Q a\n.int \\a\n.endm\nq 1\nQ 2\n.nomacrocase\nq 3\n.macrocase\n.macro pb value1=100,value2\n.byte \\value1+\\value2, \\value2-\\value1\n.endm\npb ,7\n.macro generators m,value1,value2\n.macro gen\\m x1,x2\n.int (\\x1+\\x2)*(\\value1+\\value2)\n.endm\n.endm\ngenerators F1,2,3\ngenF1 10,12\n.macro pv major,minor,micro\n.ascii \"X \\major\\().\\minor\\().\\micro\"\n.endm\npv 1,2,3\n",
    ),
    (
        "alternate macros",
        ".altmacro\n.macro test1 a b\n.int a, b\n.endm\ntest1 12,34\n.macro stringize a,b,c\n.string \"a, b, c\"\n.endm\nstringize %12|33, %43*5, %12-65\n.macro t a\n.ascii \"a\"\n.endm\nt <this is test !<!>>\nt \"x y\"\n.macro loc a\nlocal myName, other\nmyName = a\nother = a+1\n.int myName, other\n.ifdef .LL0\n.int 100\n.endif\n.ifdef .LL3\n.int 200\n.endif\n.int \\@\n.int a\\()1\n.endm\nloc 1\nloc 2\n.noaltmacro\nc=7\n.macro u c\n.int c\n.endm\nu 1\n",
    ),
    (
        "regvar",
        ".regvar x:v:4, y:s:2, z:v\nv_mov_b32 x[2], v1\nv_add_f32 x[1], s1, v2\ns_mov_b32 y[1], s1\ns_mov_b32 s1, y[0]\nv_mov_b32 z, v1\nv_mov_b32 v1, x[3]\nv_add_f32 v1, x[0], x[1]\nv_mad_f32 v1, x[1], y[1], z\nv_readlane_b32 s1, x[1], 2\nv_add_f32 v1, -x[2], v2\nv_add_f32_sdwa v1, x[0], z\nv_add_f32 v1, x[0], v2 row_shl:1\n.usereg v[1:2]:rw, s1:r\n.cf_jump l\n.cf_call l\n.cf_cjump l, l\n.cf_ret\n.cf_start\n.cf_end\nl: s_endpgm\n",
    ),
];

/// Sources clrxasm refuses (exit status 1); gcnkit must refuse them too.
const BAD: &[&str] = &[
    ".int 1\n.int 1b\n",
    ".equiv q, 4\n.equiv q, 5\n",
    ".equiv q, 4\nq=5\n",
    ".eqv q, 4\nq=5\n",
    ".enum a\na=1\n",
    "a=1\n.enum a\n",
    ".ifc a\n.int 1\n.endif\n",
    ".ifeqs a,a\n.int 1\n.endif\n",
    ".ifarch foo\n.int 1\n.endif\n",
    ".ifgpu foo\n.int 1\n.endif\n",
    ".iffmt foo\n.int 1\n.endif\n",
    ".if32 x\n.int 1\n.endif\n",
    ".int 1\n.half 1e10\n",
    ".int 1\n.half 65520.0\n",
    ".int 1\n.float 1e40\n",
    ".int 1\n.float 1.5, 0.1s\n",
    ".int 1\n.float (1.0)\n",
    ".int 1\n.float - 2.0\n",
    ".int 1\n.float 1e\n",
    ".int 1\n.double 1e309\n",
    ".int 1\n.octa 1+1\n",
    ".int 1\n.octa x\n",
    ".int 1\n.octa 0x1ffffffffffffffffffffffffffffffff\n",
    ".int 1\n.int 1.5\n",
    ".int 1\n.byte 1 2\n",
    ".int 0\n.ascii \"\\777\"\n",
    ".int 0\n.ascii \"\\x\"\n",
    ".int 0\n.ascii \"a\" \"b\"\n",
    ".int 0\n.fill\n",
    ".int 0\n.skip 1,,\n",
    ".int 0\n.fill x\nx=1\n",
    ".byte 1\n.balignw 8, 0x1234\n",
    ".byte 1,2,3\n.balignl 16, 0xaabbccdd\n",
    ".byte 1\n.align 3\n",
    ".byte 1\n.align 0\n",
    ".byte 1,2,3\n.org 1\n.byte 2\n",
    ".int 0\n.org x\nx=4\n",
    ".int 0\n.incbin \"nofile.bin\"\n",
    ".int 0\n.incbin data.bin\n",
    ".int 0\n.incbin \"data.bin\", -1\n",
    ".struct 4\n.int 1\n",
    ".struct 4\ns_nop 0\n",
    ".error \"bad\"\n.int 1\n",
    ".error\n.int 1\n",
    ".err\n.int 1\n",
    ".fail 499\n.int 1\n",
    ".fail\n.int 1\n",
    ".int 1\n.abort\n.int 2\n",
    ".int 1\n.if 1\n.end\n.endif\n",
    ".print hello\n.int 1\n",
    ".int 1\n.64bit\n",
    ".32bit\n.get_64bit x\n.64bit\n",
    ".policy\n.int 1\n",
    ".int 1\n.amd\n",
    ".int 1\n.format rawcode\n",
    ".int 1\n.rawcode\n",
    ".main\n.32bit\n.int 1\n",
    ".scope a\n.int x\n.ends\nx=5\n",
    ".scope\nz=1\n.ends\n.int z\n",
    ".ends\n.int 1\n",
    ".int 1\n.kernel k\n",
    ".macro m a:req, b\n.int \\a\n.endm\nm\n",
    ".macro m a:req, b\n.int \\a\n.endm\nm ,2\n",
    ".macro m a, b:vararg\n.int \\a\n.byte \\b\n.endm\nm 1 2 3\n",
    ".macro m a=5, b:req=3\n.int \\a, \\b\n.endm\nm\n",
    ".macro m a:vararg, b\n.endm\n",
    ".nomacrocase\n.macro M a\n.int \\a\n.endm\nM 1\nm 2\n",
    ".macro m A\n.int \\a\n.endm\nm 1\n",
    ".altmacro\n.macro t a\nlocal a\n.endm\nt 1\n",
    ".macro m a b\n.int \\a\n.endm\nm 1 2 3\n",
    ".macro m a a\n.endm\n",
    ".macro m a:foo\n.endm\n",
    ".macro m\n.int 1\n.endm\n.macro m\n.endm\n",
    ".regvar x:v:4\nv_mov_b32 x, v1\n",
    ".regvar x:v:4\nv_mov_b32 x[5], v1\n",
    ".regvar x:v:4\n.regvar x:v:2\n",
    ".regvar x:q:4\n",
    ".regvar x:v:0\n",
    ".regvar\n",
    ".int 1\n.rvlin\n",
    ".int 1\n.cf_jump\n",
    ".int 1\n.cf_end 1\n",
];

/// gcnkit's raw code of a CLRX source for GCN 1.2 (fiji), or its errors. The source is
/// written to a temporary directory with [`FILES`] beside it.
fn gcnkit(src: &str) -> Result<Vec<u8>, Vec<String>> {
    let dir = std::env::temp_dir().join(format!("gcnkit-pseudo-{}-{}", std::process::id(), fastrand()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, bytes) in FILES {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    let file = dir.join("a.s");
    std::fs::write(&file, src).unwrap();
    let mut a = Assembler::new(Arch::Gcn12, Dialect::Clrx, &file.display().to_string()).processor("fiji");
    for (n, line) in src.lines().enumerate() {
        a.line(n + 1, line);
    }
    let (items, diags) = a.finish();
    let _ = std::fs::remove_dir_all(&dir);
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.headline())
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut out = Vec::new();
    for it in &items {
        it.push_bytes(&mut out);
    }
    Ok(out)
}

/// A number for temporary names (tests run on threads).
fn fastrand() -> usize {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    N.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

fn clrxasm(src: &str) -> Option<Result<Vec<u8>, String>> {
    common::clrx::dir()?;
    Some(common::clrx::assemble_raw(Arch::Gcn12, src, &[], &FILES))
}

#[test]
fn families_assemble_as_clrxasm() {
    if common::clrx::dir().is_none() {
        eprintln!("GCNKIT_CLRX_DIR not set: CLRX pseudo-op sources assembled, not compared with clrxasm");
    }
    for (family, src) in GOOD {
        let ours = gcnkit(src).unwrap_or_else(|e| panic!("{family}: {e:?}\n{src}"));
        assert!(!ours.is_empty(), "{family}");
        if let Some(theirs) = clrxasm(src) {
            let theirs = theirs.unwrap_or_else(|e| panic!("{family}: clrxasm: {e}\n{src}"));
            assert_eq!(ours, theirs, "{family}:\n{src}");
        }
    }
}

#[test]
fn refused_as_clrxasm_refuses() {
    for src in BAD {
        assert!(gcnkit(src).is_err(), "gcnkit takes what clrxasm refuses:\n{src}");
        if let Some(theirs) = clrxasm(src) {
            assert!(theirs.is_err(), "clrxasm takes it:\n{src}");
        }
    }
}

/// Random data of every kind, in one source per kind: clrxasm's bytes.
#[test]
fn generated_data_as_clrxasm() {
    let mut x = common::seed() | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut sources = Vec::new();
    for (pseudo, kind) in [
        (".byte", 0),
        (".short", 0),
        (".int", 0),
        (".quad", 0),
        (".octa", 1),
        (".half", 2),
        (".float", 2),
        (".double", 2),
    ] {
        let mut src = String::from(".int 0\n");
        for _ in 0..64 {
            let r = next();
            let v = match kind {
                // Integers of every size, with the signs and widths that warn.
                0 => match r % 4 {
                    0 => format!("{}", (r >> 8) as i64 >> (r % 60)),
                    1 => format!("{:#x}", r >> (r % 64)),
                    2 => format!("-{}", r % 70000),
                    _ => format!("{}", r % 300),
                },
                1 => match r % 3 {
                    0 => format!("{:#x}{:016x}", next() >> (r % 64), next()),
                    1 => format!("-{}", r >> 3),
                    _ => format!("{}", r % 1000),
                },
                // Floats: decimal and hexadecimal, small and large, near halfway points.
                _ => {
                    let m = (r >> 11) as f64 / (1u64 << 53) as f64;
                    let e = (next() % 40) as i32 - 20;
                    let f = m * 2f64.powi(e);
                    match r % 5 {
                        0 => format!("{f:e}"),
                        1 => format!("-{f}"),
                        2 => format!("{:.3}", f * 100.0),
                        3 => format!("{}.{}", r % 1000, next() % 100000),
                        _ => format!("0x1.{:x}p{}", next() % 0xfffff, e),
                    }
                }
            };
            src.push_str(&format!("{pseudo} {v}\n"));
        }
        sources.push(src);
    }
    // Fills and alignments from every offset.
    let mut src = String::from(".int 0\n");
    for _ in 0..40 {
        let r = next();
        src.push_str(&format!(".byte {}\n", r % 256));
        src.push_str(&match r % 5 {
            0 => format!(".fill {}, {}, {:#x}\n", r % 4, (r >> 8) % 10, next()),
            1 => format!(".fillq {}, {}, {:#x}\n", r % 4, (r >> 8) % 10, next()),
            2 => format!(".align {}\n", 1 << ((r >> 8) % 5)),
            3 => format!(".skip {}, {}\n", r % 7, (r >> 8) % 256),
            _ => format!(".p2align {}, {}\n", (r >> 8) % 4, (r >> 16) % 256),
        });
    }
    sources.push(src);
    let mut same = 0;
    let n = sources.len();
    for src in sources {
        // Floats too big for the format: both refuse.
        match (gcnkit(&src), clrxasm(&src)) {
            (Ok(ours), Some(Ok(theirs))) => {
                assert_eq!(ours, theirs, "\n{src}");
                same += 1;
            }
            (Err(_), Some(Err(_))) => {}
            (ours, Some(theirs)) => panic!("gcnkit {ours:?}, clrxasm {theirs:?}\n{src}"),
            (ours, None) => same += ours.is_ok() as usize,
        }
    }
    // Most sources hold no float too big for its format.
    assert!(same + 2 >= n, "{same} of {n} sources assembled");
}

/// Every one of clrxasm's 169 pseudo-ops is known to gcnkit's CLRX dialect: alone on a line
/// it is taken or refused for its arguments, never "unsupported"; the ones for output formats
/// gcnkit does not write say so.
#[test]
fn every_pseudo_op_is_known() {
    let mut taken = 0;
    for (name, what) in CLRX_PSEUDO_OPS {
        let src = format!(".{name}\n");
        let (_, diags) = gcnkit::asm::assemble(Arch::Gcn12, Dialect::Clrx, "t.s", &src);
        for d in &diags {
            assert!(!d.message.contains("unsupported directive"), ".{name}: {}", d.message);
        }
        if what == Taken::Refused {
            assert!(
                diags.iter().any(|d| d.message.contains("binary format")),
                ".{name}: {diags:?}"
            );
        } else {
            taken += 1;
        }
    }
    assert_eq!(CLRX_PSEUDO_OPS.len(), 169);
    assert_eq!(taken, 168);
    let count = |t: Taken| CLRX_PSEUDO_OPS.iter().filter(|p| p.1 == t).count();
    assert_eq!(
        (
            count(Taken::Yes),
            count(Taken::Partly),
            count(Taken::Ignored),
            count(Taken::Refused)
        ),
        (147, 1, 20, 1)
    );
}

/// `.get_gpu`, `.get_arch`, `.ifgpu` and `.ifarch` on each CLRX device `-a` names: clrxasm's
/// values with `-g` of the same name.
#[test]
fn device_queries_as_clrxasm() {
    let src = ".get_gpu g\n.get_arch a\n.int g, a\n.ifgpu tonga\n.int 1\n.elseifgpu polaris10\n.int 2\n.elseifgpu vega10\n.int 3\n.endif\n.ifarch gcn1.4\n.int 4\n.endif\n.ifgpu gfx1010\n.int 5\n.endif\n";
    let mut compared = 0;
    for name in [
        "capeverde",
        "pitcairn",
        "tahiti",
        "oland",
        "hainan",
        "bonaire",
        "hawaii",
        "kalindi",
        "mullins",
        "iceland",
        "tonga",
        "fiji",
        "carrizo",
        "stoney",
        "polaris10",
        "polaris11",
        "polaris12",
        "gfx900",
        "vega10",
        "gfx902",
        "raven",
        "vega20",
        "gfx906",
    ] {
        let Some(arch) = Arch::parse(name) else { continue };
        let mut a = Assembler::new(arch, Dialect::Clrx, "t.s").processor(name);
        for (n, line) in src.lines().enumerate() {
            a.line(n + 1, line);
        }
        let (items, diags) = a.finish();
        assert!(diags.iter().all(|d| d.severity != Severity::Error), "{name}: {diags:?}");
        let mut ours = Vec::new();
        for it in &items {
            it.push_bytes(&mut ours);
        }
        if common::clrx::dir().is_none() {
            continue;
        }
        let theirs = common::clrx::assemble_raw_on(name, src).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(ours, theirs, "{name}");
        compared += 1;
    }
    if common::clrx::dir().is_some() {
        assert!(compared >= 15, "{compared} devices");
    }
}

/// Random lines of CLRX's pseudo-ops, names and punctuation: diagnostics, never a panic
/// (nor an endless loop: each source is small).
#[test]
fn random_pseudo_op_lines_never_panic() {
    const BITS: [&str; 44] = [
        "1:",
        "1b",
        "2f",
        "\\",
        "::",
        "a::b",
        "x",
        "y",
        "=",
        ",",
        "\"s\\n\"",
        "<q!>>",
        "%",
        "\\%",
        "(",
        ")",
        "[0:1]",
        "0x1f",
        "-3",
        "1.5",
        "0x1p-3",
        "inf",
        "v1",
        "s[0:1]",
        "s_nop 0",
        "v_add_f32 v1, v2, v3",
        ":req",
        ":vararg",
        "local",
        "'a'",
        "\\@",
        "\\()",
        ">",
        "*",
        "+",
        "\\x",
        "m",
        "glc:2",
        "offen",
        ".",
        "65520.0",
        "1e400",
        "#",
        ";",
    ];
    let mut x = common::seed() | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut diags = 0;
    for _ in 0..common::env_n("GCNKIT_SOUP_N", 3000) {
        let mut src = String::new();
        for _ in 0..(next() % 8 + 1) {
            if next() % 3 != 0 {
                let (name, _) = CLRX_PSEUDO_OPS[(next() % 169) as usize];
                src.push('.');
                src.push_str(name);
                src.push(' ');
            }
            for _ in 0..(next() % 6) {
                src.push_str(BITS[(next() % BITS.len() as u64) as usize]);
                src.push(if next() % 2 == 0 { ' ' } else { ',' });
            }
            src.push('\n');
        }
        let r = std::panic::catch_unwind(|| gcnkit::asm::assemble(Arch::Gcn12, Dialect::Clrx, "t.s", &src));
        assert!(r.is_ok(), "panic on:\n{src}");
        diags += r.map_or(0, |(_, d)| d.len());
    }
    // The lines mostly are errors: they were read.
    assert!(diags > 3000, "{diags} diagnostics");
}
