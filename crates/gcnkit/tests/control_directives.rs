//! Conditional assembly, repetition and macros (`.if`..., `.rept`/`.irp`/`.irpc`, `.macro`)
//! against the oracles: whole programs assembled by gcnkit give the code llvm-mc 14 writes into
//! its object's `.text` (LLVM dialect) and the raw code clrxasm writes (CLRX dialect, with
//! `GCNKIT_CLRX_DIR`); broken programs are errors at the right lines.

mod common;

use gcnkit::asm::{assemble, Dialect};
use gcnkit::diag::Severity;
use gcnkit::Arch;
use std::process::Command;

/// Programs in the syntax both assemblers share (GNU as's).
const PROGRAMS: [&str; 5] = [
    // .rept with a symbol count, .irp over registers, .irpc over digits.
    ".set N, 3\n.rept N\n  s_nop 0\n.endr\n.irp r, v1, v2, v7\n  v_mov_b32 \\r, 0\n.endr\n.irpc c, 0123\n  s_nop \\c\n.endr\n",
    // .if/.elseif/.else chains, .ifdef/.ifndef, nesting, comparisons.
    ".set A, 5\n.if A > 4\n  .if A == 5\n    s_nop 1\n  .else\n    s_nop 2\n  .endif\n.elseif A == 3\n  s_nop 3\n.else\n  s_nop 4\n.endif\n.ifdef A\n  s_nop 5\n.endif\n.ifndef B\n  s_nop 6\n.endif\n.ifeq A - 5\n  s_nop 7\n.endif\n.ifne A\n  s_nop 8\n.endif\n",
    // Macros with defaults and a nested repetition.
    ".macro addk dst, src, k=1\n  v_add_f32 \\dst, \\k, \\src\n.endm\n.macro twice op, a\n  .rept 2\n    \\op \\a\n  .endr\n.endm\naddk v3, v4\naddk v5, v6, 4.0\ntwice s_nop, 9\n",
    // A macro that unrolls a loop by recursion with .if.
    ".macro unroll n\n  .if \\n\n    v_add_f32 v0, 1.0, v0\n    unroll \"(\\n-1)\"\n  .endif\n.endm\nunroll 4\ns_endpgm\n",
    // Labels made unique with \\@ and branches to them.
    ".macro wait_loop\nloop\\@:\n  s_sub_u32 s0, s0, 1\n  s_cbranch_scc1 loop\\@\n.endm\nwait_loop\nwait_loop\ns_endpgm\n",
];

fn gcnkit_words(arch: Arch, dialect: Dialect, src: &str) -> Result<Vec<u32>, Vec<String>> {
    let (items, diags) = assemble(arch, dialect, "t.s", src);
    let errors: Vec<String> = diags
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.headline())
        .collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(items.iter().flat_map(|i| i.words().to_vec()).collect())
}

/// llvm-mc's `.text` of `src`.
fn llvm_mc_words(arch: Arch, src: &str) -> Vec<u32> {
    common::llvm_mc_text(arch, src).unwrap_or_else(|e| panic!("llvm-mc: {e}"))
}

#[test]
fn programs_assemble_as_llvm_mc_and_clrxasm_do() {
    for arch in [Arch::Gcn12, Arch::Gcn14] {
        for src in PROGRAMS {
            let ours = gcnkit_words(arch, Dialect::Llvm, src).unwrap_or_else(|e| panic!("{arch}: {e:?}\n{src}"));
            assert_eq!(ours, llvm_mc_words(arch, src), "{arch} LLVM:\n{src}");
            assert!(!ours.is_empty());
            let clrx = gcnkit_words(arch, Dialect::Clrx, src).unwrap_or_else(|e| panic!("{arch}: {e:?}\n{src}"));
            assert_eq!(clrx, ours, "{arch} CLRX dialect:\n{src}");
            if common::clrx::dir().is_some() {
                let lines: Vec<String> = vec![src.to_string()];
                let theirs = common::clrx::assemble(arch, &lines);
                assert_eq!(theirs[0].as_ref().ok(), Some(&ours), "{arch} clrxasm:\n{src}");
            }
        }
    }
}

#[test]
fn broken_blocks_are_errors_at_their_lines() {
    let cases: [(&str, &[usize]); 6] = [
        (".rept 2\n  v_nop_x\n.endr\n", &[2, 2]),
        (".if undefined\n.endif\n", &[1]),
        (".else\n", &[1]),
        (".endr\n", &[1]),
        (".rept 3\n s_nop 0\n", &[1]),
        // Endless recursion stops at the deepest call.
        (".macro m\n  m\n.endm\nm\n", &[2]),
    ];
    for (src, lines) in cases {
        let (_, diags) = assemble(Arch::Gcn12, Dialect::Llvm, "t.s", src);
        let got: Vec<usize> = diags
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.line)
            .collect();
        assert_eq!(got, lines, "{src}");
    }
    // llvm-mc's named macro arguments (clrxasm has none).
    let named = ".macro addk dst, src, k=1\n  v_add_f32 \\dst, \\k, \\src\n.endm\naddk v7, v8, k=2\n";
    assert_eq!(
        gcnkit_words(Arch::Gcn12, Dialect::Llvm, named).unwrap(),
        llvm_mc_words(Arch::Gcn12, named)
    );
    // Errors inside an expansion carry a note naming it.
    let (_, diags) = assemble(Arch::Gcn12, Dialect::Llvm, "t.s", ".rept 1\n  v_nop_x\n.endr\n");
    assert_eq!(diags[1].severity, Severity::Note);
    assert!(diags[1].message.contains(".rept expansion of line 1"));
}

/// `.include "FILE"`: next to the including file, then in the include directories (`-I`);
/// the same code as llvm-mc's; an error inside names the included file, then the `.include`.
#[test]
fn include_reads_files_as_llvm_mc_does() {
    let dir = std::env::temp_dir().join(format!("gcnkit-include-{}", std::process::id()));
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(
        sub.join("defs.inc"),
        ".macro zero r\n  v_mov_b32 \\r, 0\n.endm\nN = 2\n",
    )
    .unwrap();
    std::fs::write(sub.join("bad.inc"), "bad_instr v1\n").unwrap();
    let main = dir.join("main.s");
    let src = "s_nop 0\n.include \"defs.inc\"\nzero v3\n.rept N\n s_nop 1\n.endr\n";
    std::fs::write(&main, src).unwrap();
    let asm = |text: &str| {
        let mut a = gcnkit::asm::Assembler::new(Arch::Gcn12, Dialect::Llvm, main.to_str().unwrap())
            .include_dirs(vec![sub.clone()]);
        for (n, l) in text.lines().enumerate() {
            a.line(n + 1, l);
        }
        a.finish()
    };
    let (items, diags) = asm(src);
    assert!(diags.is_empty(), "{diags:?}");
    let ours: Vec<u32> = items.iter().flat_map(|i| i.words().to_vec()).collect();
    let out = Command::new(common::llvm_mc())
        .args(["-triple=amdgcn", "-mcpu=fiji", "-show-encoding", "-I"])
        .arg(&sub)
        .arg(&main)
        .output()
        .unwrap();
    let theirs = String::from_utf8_lossy(&out.stdout).matches("encoding:").count();
    assert_eq!(ours, vec![0xbf80_0000, 0x7e06_0280, 0xbf80_0001, 0xbf80_0001]);
    assert_eq!(theirs, ours.len());
    let (_, diags) = asm("s_nop 0\n.include \"bad.inc\"\nalso_bad\n");
    let heads: Vec<String> = diags
        .iter()
        .map(|d| format!("{}:{} {:?}", d.file.rsplit('/').next().unwrap(), d.line, d.severity))
        .collect();
    assert_eq!(heads, ["bad.inc:1 Error", "main.s:2 Note", "main.s:3 Error"]);
    std::fs::remove_dir_all(&dir).ok();
}

/// Alignment (`.p2align`, `.balign`, `.align` with fill and maximum: code pads with `s_nop 0`)
/// and the symbol attributes clang writes (`.globl`, `.type`, `.size`): llvm-mc's code.
#[test]
fn alignment_and_symbol_attributes_as_llvm_mc() {
    let src = ".text\n.globl k\n.p2align 8\n.type k,@function\nk:\n  s_nop 1\n.p2align 4\n  s_endpgm\n.size k, .-k\n\
               .balign 16\n  s_nop 2\n.align 16\n  s_nop 3\n.p2align 4,,4\n  s_nop 4\n.p2align 3, 0\n  s_nop 5\n.p2align 4, 0x7f\n  s_nop 6\n";
    for arch in [Arch::Gcn12, Arch::Gcn14] {
        let ours = gcnkit_words(arch, Dialect::Llvm, src).unwrap();
        assert_eq!(ours, llvm_mc_words(arch, src), "{arch}");
    }
    let (_, diags) = assemble(Arch::Gcn12, Dialect::Llvm, "t.s", ".balign 12\n");
    assert!(diags
        .iter()
        .any(|d| d.severity == Severity::Error && d.message.contains("power of two")));
}

/// CLRX's `.for SYM=INIT, COND, NEXT` and `.while COND` (the body may change the condition's
/// symbols), nested: the words clrxasm writes (compared live with `GCNKIT_CLRX_DIR`; the
/// expected words were read from clrxasm). clrxasm reads the condition after the body, so a
/// false one still runs the body once. LLVM text does not have them.
#[test]
fn clrx_for_and_while_loops() {
    let src = ".for x=1, x<4, x+1\n.int x\n.endr\ny=0\n.while y<3\n.int y*10\ny=y+1\n.endr\n\
               .for z=0, z<=8, z+4\n  .for w=0,w<2,w+1\n    .int z+w\n  .endr\n.endr\n\
               .while 0\n.int 99\n.endr\n.for v=5, v<3, v+1\n.int v\n.endr\n";
    for arch in [Arch::Gcn12, Arch::Gcn14] {
        let ours = gcnkit_words(arch, Dialect::Clrx, src).unwrap_or_else(|e| panic!("{arch}: {e:?}"));
        assert_eq!(ours, [1, 2, 3, 0, 10, 20, 0, 1, 4, 5, 8, 9, 99, 5], "{arch}");
        if common::clrx::dir().is_some() {
            let theirs = common::clrx::assemble(arch, &[src.to_string()]);
            assert_eq!(theirs[0].as_ref().ok(), Some(&ours), "{arch} clrxasm");
        }
        assert!(gcnkit_words(arch, Dialect::Llvm, src).is_err());
    }
    // A malformed .for, a loop that does not end: errors at their lines.
    let e = gcnkit_words(Arch::Gcn12, Dialect::Clrx, ".for x=1, x<4\n.int x\n.endr\n").unwrap_err();
    assert!(e[0].contains(".for needs SYMBOL=INIT, COND, NEXT"), "{e:?}");
}
