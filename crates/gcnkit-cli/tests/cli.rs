//! The `gcnkit` binary against DESIGN.md's command-line contract.

mod common;

use common::{err, gcnkit, text};

use std::process::{Command, Output, Stdio};

/// A fresh directory, removed with everything in it when the guard is dropped.
fn tmpdir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("gcnkit-cli-{name}-"))
        .tempdir()
        .unwrap()
}

#[test]
fn disasm_words_both_dialects() {
    let o = gcnkit(
        &["disasm", "-a", "gcn1.2", "--input", "words"],
        b"02020702, 0xd1018201 28020702\n",
    );
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(
        text(&o),
        "v_add_f32 v1, v2, v3\nv_add_f32 v1, -v2, abs(v3) mul:2 clamp\n"
    );
    let o = gcnkit(
        &["disasm", "-a", "fiji", "--syntax", "llvm"],
        b"02020702 d1018201 28020702",
    );
    assert_eq!(
        text(&o),
        "v_add_f32_e32 v1, v2, v3\nv_add_f32_e64 v1, -v2, |v3| clamp mul:2\n"
    );
}

#[test]
fn disasm_arch_aliases() {
    for (a, want) in [
        ("tahiti", "v_add_f32"),
        ("si", "v_add_f32"),
        ("hawaii", "v_add_f32"),
        ("gfx900", "v_add_f32"),
    ] {
        let w: &[u8] = if a == "gfx900" { b"02020702" } else { b"06020702" };
        let o = gcnkit(&["disasm", "-a", a], w);
        assert!(text(&o).starts_with(want), "{a}: {}", text(&o));
    }
}

#[test]
fn disasm_binary_file_and_output_file() {
    let guard = tmpdir("bin");
    let d = guard.path();
    let f = d.join("w.bin");
    std::fs::write(&f, [0x02, 0x07, 0x02, 0x02]).unwrap();
    let out = d.join("out.s");
    let o = gcnkit(
        &["disasm", "-a", "vi", "-o", out.to_str().unwrap(), f.to_str().unwrap()],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "v_add_f32 v1, v2, v3\n");
    // Only the output file was written: no temporary left behind.
    assert_eq!(std::fs::read_dir(d).unwrap().count(), 2);
}

/// An input is one listing however long, a file or piped in: branches across what used to
/// be the reading chunks (256 KB) name labels, in both dialects; a cut instruction at its
/// end is an error after everything before it.
#[test]
fn disasm_long_file_has_labels_across_it() {
    let guard = tmpdir("long");
    let f = guard.path().join("long.bin");
    // s_nop 0, and s_branch forward from dword 65530 to 65636, s_cbranch_scc0 back from
    // 65736 to 65500.
    let mut words = vec![0xbf80_0000u32; 70000];
    words[65530] = 0xbf82_0000 | (65636 - 65531);
    words[65736] = 0xbf84_0000 | ((65500i32 - 65737) as u32 & 0xffff);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&f, &bytes).unwrap();
    let hex: String = words.iter().map(|w| format!("{w:08x}\n")).collect();
    for syntax in ["clrx", "llvm"] {
        let o = gcnkit(&["disasm", "-a", "fiji", "--syntax", syntax, f.to_str().unwrap()], b"");
        assert!(o.status.success(), "{}", err(&o));
        let t = text(&o);
        assert!(
            t.contains("s_branch .L262544_0") && t.contains("\n.L262544_0:\n"),
            "{syntax}"
        );
        assert!(
            t.contains("s_cbranch_scc0 .L262000_0") && t.contains("\n.L262000_0:\n"),
            "{syntax}"
        );
        // Piped in, as binary or as hex words, it is the same listing.
        let piped = gcnkit(
            &["disasm", "-a", "fiji", "--syntax", syntax, "--input", "bin", "-"],
            &bytes,
        );
        assert!(piped.status.success() && text(&piped) == t, "{syntax}: piped binary");
        let piped = gcnkit(&["disasm", "-a", "fiji", "--syntax", syntax], hex.as_bytes());
        assert!(piped.status.success() && text(&piped) == t, "{syntax}: piped words");
    }
    let mut cut = bytes.clone();
    cut.extend([0xff, 0x00, 0x80, 0xbe]); // s_mov_b32 s0, <literal missing>
    std::fs::write(&f, &cut).unwrap();
    for (input, stdin) in [(&[f.to_str().unwrap()][..], &[][..]), (&["--input", "bin", "-"], &cut)] {
        let args = [&["disasm", "-a", "fiji"][..], input].concat();
        let o = gcnkit(&args, stdin);
        assert_eq!(o.status.code(), Some(1));
        assert!(err(&o).contains("offset 0x445c0"), "{}", err(&o));
        assert_eq!(text(&o).lines().filter(|l| l.starts_with("s_")).count(), 70000);
    }
}

#[test]
fn disasm_truncated_literal_is_an_error_and_leaves_no_file() {
    let guard = tmpdir("trunc");
    let d = guard.path();
    let out = d.join("out.s");
    let o = gcnkit(
        &["disasm", "--input", "words", "-o", out.to_str().unwrap()],
        b"02020702 020206ff\n",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("offset 0x4"), "{}", err(&o));
    assert!(!out.exists());
    assert_eq!(std::fs::read_dir(d).unwrap().count(), 0);
}

#[test]
fn disasm_bad_words_report_every_error_with_position() {
    let o = gcnkit(&["disasm", "--input", "words"], b"02020702 zz\n0x123456789 7e020302\n");
    assert_eq!(o.status.code(), Some(1));
    let e = err(&o);
    assert!(e.contains("<stdin>:1:10: error:"), "{e}");
    assert!(e.contains("<stdin>:2:1: error:"), "{e}");
    assert!(!e.contains("panicked"));
}

#[test]
fn disasm_unknown_arch_is_a_usage_error() {
    let o = gcnkit(&["disasm", "-a", "nosuchgpu", "--input", "words"], b"02020702");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("gfx900"), "{}", err(&o));
}

#[test]
fn disasm_odd_byte_count_is_an_error() {
    let guard = tmpdir("odd");
    let d = guard.path();
    let f = d.join("w.bin");
    std::fs::write(&f, [0x02, 0x07, 0x02, 0x02, 0x00]).unwrap();
    let o = gcnkit(&["disasm", f.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("not a whole number of 32-bit words"), "{}", err(&o));
}

#[test]
fn disasm_json_lines() {
    let o = gcnkit(
        &["disasm", "--input", "words", "--format", "json"],
        b"02020702 d1018201 28020702 bf810000 fc000000",
    );
    let out = text(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[1].contains("\"words\": [\"d1018201\", \"28020702\"]"));
    assert!(lines[1].contains("\"offset\": 4"));
    assert!(lines[2].contains("\"encoding\": \"SOPP\""), "{}", lines[2]);
    assert!(lines[2].contains("\"mnemonic\": \"s_endpgm\""), "{}", lines[2]);
    // A word of no class on GCN 1.2.
    assert!(lines[3].contains("\"encoding\": null"), "{}", lines[3]);
}

#[test]
fn undecodable_words_print_as_data() {
    // No encoding class starts with 0xfc on GCN 1.2.
    let o = gcnkit(&["disasm", "--input", "words"], b"fc000000");
    assert_eq!(text(&o), ".int 0xfc000000\n");
    let o = gcnkit(&["disasm", "--input", "words", "--syntax", "llvm"], b"fc000000");
    assert_eq!(text(&o), ".long 0xfc000000\n");
    // An unused opcode of a known class is one data line of the whole instruction (DS: two
    // words), never an instruction made up from its second word.
    let o = gcnkit(
        &["disasm", "--input", "words", "--syntax", "llvm"],
        b"d82c0000 7e000000",
    );
    assert_eq!(text(&o), ".long 0xd82c0000, 0x7e000000\n");
}

#[test]
fn asm_words_dialect_decided_per_file() {
    // No marker of either dialect: both are taken, statement by statement.
    let src = b"v_add_f32 v1, v2, v3\n\n// comment only\nv_add_f32 v1, -v2, abs(v3) mul:2 clamp ; x = 1\n";
    let o = gcnkit(&["asm", "-a", "fiji"], src);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(text(&o), "02020702\nd1018201 28020702\n");
    // An `_e64` suffix makes the file LLVM's: `;` starts a comment, and an error says how the
    // dialect was chosen.
    let src = b"v_add_f32_e32 v1, 1.0, v1 ; v_mul_f32_e32 v1, 4.0, v1\nv_add_f32_e64 v1, -v2, |v3| clamp mul:2\n";
    let o = gcnkit(&["asm", "-a", "fiji"], src);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(text(&o), "020202f2\nd1018201 28020702\n");
    let o = gcnkit(&["asm", "-a", "fiji"], b"v_add_f32_e64 v1, v2, v3 mul:2 clamp\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains("note: this file was read as LLVM syntax"),
        "{}",
        err(&o)
    );
    // CLRX's `.gpu` makes it CLRX's: `;` separates statements.
    let o = gcnkit(&["asm"], b".gpu Fiji\nv_add_f32 v1, v2, v3 ; v_add_f32 v1, v2, v3\n");
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(text(&o), "02020702\n02020702\n");
}

#[test]
fn asm_formats() {
    let src = b"v_add_f32 v1, 1.5, v3\n";
    let o = gcnkit(&["asm", "--format", "listing"], src);
    assert!(text(&o).starts_with("00000000  020206ff 3fc00000"), "{}", text(&o));
    assert!(text(&o).contains("v_add_f32 v1, 1.5, v3"));
    let o = gcnkit(&["asm", "--format", "json"], src);
    assert!(
        text(&o).contains("\"words\": [\"020206ff\", \"3fc00000\"]"),
        "{}",
        text(&o)
    );
    let o = gcnkit(&["asm", "--format", "bin"], src);
    assert_eq!(o.stdout, vec![0xff, 0x06, 0x02, 0x02, 0x00, 0x00, 0xc0, 0x3f]);
}

#[test]
fn asm_errors_every_one_and_no_output_file() {
    let guard = tmpdir("asmerr");
    let d = guard.path();
    let src = d.join("bad.s");
    std::fs::write(
        &src,
        "v_add_f32 v1, v2, v3\nv_add_f32_e64 v1, s1, s2\nv_bogus v1\nv_lshl_b32 v1, v2, v3\n",
    )
    .unwrap();
    let out = d.join("out.bin");
    let o = gcnkit(
        &[
            "asm",
            "-a",
            "gcn1.2",
            "-o",
            out.to_str().unwrap(),
            src.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    let e = err(&o);
    assert!(e.contains("bad.s:2:23: error:"), "{e}");
    assert!(e.contains("bad.s:3:1: error: unknown instruction"), "{e}");
    assert!(
        e.contains("help: v_lshl_b32 exists on gcn1.0, gcn1.1; on gcn1.2 use v_lshlrev_b32"),
        "{e}"
    );
    assert!(e.contains("^^"), "{e}");
    assert!(!out.exists());
    assert_eq!(std::fs::read_dir(d).unwrap().count(), 1);
}

/// A zero word (padding) decodes to a `v_cndmask_b32` reading two scalar values, which neither
/// assembler takes: data in both dialects (CLRX: `.fill 1, 4, 0` as clrxdisasm prints it), and
/// the text reads back to the same words.
#[test]
fn zero_words_print_as_data_that_reads_back() {
    let words = b"bf800000 00000000 bf810000 00000000 00000000";
    for (syntax, zero) in [
        ("clrx", ".fill 1, 4, 0"),
        ("llvm", ".long 0x0 ; v_cndmask_b32_e32 v0, s0, v0, vcc"),
    ] {
        let o = gcnkit(&["disasm", "--input", "words", "--syntax", syntax], words);
        assert!(o.status.success(), "{}", err(&o));
        let t = text(&o);
        assert_eq!(t.lines().filter(|l| *l == zero).count(), 3, "{syntax}: {t}");
        let back = gcnkit(&["asm", "--syntax", syntax], t.as_bytes());
        assert!(back.status.success(), "{syntax}: {}", err(&back));
        assert_eq!(
            text(&back).split_whitespace().collect::<Vec<_>>().join(" "),
            String::from_utf8_lossy(words)
        );
    }
}

#[test]
fn asm_output_file_is_binary() {
    let guard = tmpdir("asmout");
    let d = guard.path();
    let out = d.join("out.bin");
    let o = gcnkit(
        &["asm", "-a", "tahiti", "-o", out.to_str().unwrap()],
        b"v_add_f32 v1, v2, v3\n",
    );
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(std::fs::read(&out).unwrap(), vec![0x02, 0x07, 0x02, 0x06]);
    assert!(!err(&o).contains("warning"), "{}", err(&o));
    // A source written for an object: the raw code is written, and a warning says what was
    // left out and how to keep it.
    let o = gcnkit(
        &["asm", "-a", "gfx900", "-o", out.to_str().unwrap()],
        b".text\nk:\ns_endpgm\n.rodata\n.amdhsa_kernel k\n.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 0\n.end_amdhsa_kernel\n",
    );
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(std::fs::read(&out).unwrap(), vec![0x00, 0x00, 0x81, 0xbf]);
    assert!(
        err(&o).contains("warning: raw code written") && err(&o).contains("--format elf"),
        "{}",
        err(&o)
    );
}

/// A CLRX binary whose kernel code ends inside an instruction (a FLAT word without its second
/// dword): `disasm` prints clrxdisasm's warning and the cut words as data, text that assembles
/// back to the same file, in every format (it used to stop with an error).
#[test]
fn disasm_clrx_code_cut_at_its_end() {
    let guard = tmpdir("cut");
    let (bin, bin_arg) = (guard.path().join("a.bin"), guard.path().join("a.bin"));
    let bin_arg = bin_arg.to_str().unwrap();
    for (format, head, label) in [
        ("amd", "", ""),
        ("amdcl2", "", ""),
        ("gallium", ".llvm_version 30900\n", "a:\n"),
        ("rocm", "", "a:\n.skip 256\n"),
    ] {
        let src = format!(".gpu fiji\n{head}.kernel a\n.config\n.dims x\n.text\n{label}s_nop 0\n.int 0xdddc0000\n");
        let o = gcnkit(
            &["asm", "--syntax", "clrx", "--format", format, "-o", bin_arg],
            src.as_bytes(),
        );
        assert!(o.status.success(), "{format}: {}", err(&o));
        let first = std::fs::read(&bin).unwrap();
        let o = gcnkit(&["disasm", "-a", "fiji", bin_arg], b"");
        assert!(o.status.success(), "{format}: {}", err(&o));
        let t = text(&o);
        assert!(
            t.contains("WARNING: Unfinished instruction at end!") && t.contains("\n.int 0xdddc0000\n"),
            "{format}: {t}"
        );
        let o = gcnkit(&["asm", "--syntax", "clrx", "-o", bin_arg], t.as_bytes());
        assert!(o.status.success(), "{format}: {}", err(&o));
        assert_eq!(std::fs::read(&bin).unwrap(), first, "{format}: {t}");
    }
}

/// CLRX's binary formats: `.amd` in the source or `--format amd` writes AMD Catalyst's
/// OpenCL 1.2 binary (with `-o`), `-6` its 64-bit form, `-t` the driver version it is for;
/// `--format rawcode` is the code alone; formats not written yet are usage errors.
#[test]
fn asm_clrx_binary_formats() {
    let guard = tmpdir("clrxbin");
    let d = guard.path();
    let out = d.join("k.bin");
    let o_arg = out.to_str().unwrap();
    let kernel = b".gpu pitcairn\n.kernel k\n.config\n.dims x\n.arg n, uint\n.text\ns_endpgm\n";
    let amd_src = [b".amd\n".as_slice(), kernel].concat();
    // The source decides: an ELF of machine 0x3fe (Pitcairn), 32-bit, its kernel's metadata.
    let o = gcnkit(&["asm", "--syntax", "clrx", "-o", o_arg], &amd_src);
    assert!(o.status.success(), "{}", err(&o));
    let bin = std::fs::read(&out).unwrap();
    assert_eq!(&bin[..5], b"\x7fELF\x01");
    assert_eq!(u16::from_le_bytes([bin[18], bin[19]]), 0x3fe);
    let has = |b: &[u8], s: &str| b.windows(s.len()).any(|w| w == s.as_bytes());
    assert!(has(&bin, ";ARGSTART:__OpenCL_k_kernel\n"));
    assert!(has(&bin, ";value:n:u32:1:1:0\n"));
    assert!(!has(&bin, "64bitABI"));
    // The option decides, 64-bit, for driver 1348.5.
    let o = gcnkit(
        &[
            "asm", "--syntax", "clrx", "--format", "amd", "-6", "-t", "134805", "-o", o_arg,
        ],
        kernel,
    );
    assert!(o.status.success(), "{}", err(&o));
    let bin = std::fs::read(&out).unwrap();
    assert_eq!(&bin[..5], b"\x7fELF\x02");
    assert!(has(&bin, ";memory:64bitABI\n"));
    assert!(has(&bin, "AMD-APP (1348.5)"));
    // Without -o: the code's words; `--format rawcode`: its bytes.
    let o = gcnkit(&["asm", "--syntax", "clrx"], &amd_src);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(text(&o).trim(), "bf810000");
    let o = gcnkit(
        &["asm", "--syntax", "clrx", "--format", "rawcode", "-o", o_arg],
        &amd_src,
    );
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(std::fs::read(&out).unwrap(), vec![0, 0, 0x81, 0xbf]);
    // A binary format needs a file; the formats not written yet are refused.
    assert_eq!(
        gcnkit(&["asm", "--syntax", "clrx", "--format", "amd"], kernel)
            .status
            .code(),
        Some(2)
    );
    // `--format amdcl2`: AMD OpenCL 2.0's binary; `-t` chooses its form (from driver 1912.05
    // an inner ELF in `.text`), `-6` its bitness; the device's code is in the ELF flags.
    let cl2 = b".gpu bonaire\n.kernel k\n.config\n.dims x\n.useargs\n.arg n, uint\n.text\ns_endpgm\n";
    let o = gcnkit(&["asm", "--syntax", "clrx", "--format", "amdcl2"], cl2);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("-o FILE"), "{}", err(&o));
    for (opts, is64, inner) in [
        (&["-t", "200406"][..], false, true),
        (&["-6", "-t", "200406"][..], true, true),
        (&["-t", "180000"][..], false, false),
    ] {
        let mut args = vec!["asm", "--syntax", "clrx", "--format", "amdcl2", "-o", o_arg];
        args.extend_from_slice(opts);
        let o = gcnkit(&args, cl2);
        assert!(o.status.success(), "{}", err(&o));
        let bin = std::fs::read(&out).unwrap();
        assert_eq!(bin[4], 1 + is64 as u8, "{opts:?}");
        let machine = u16::from_le_bytes([bin[18], bin[19]]);
        assert_eq!(machine, if is64 { 0xaf5b } else { 0xaf5a });
        let flags_at = if is64 { 48 } else { 36 };
        assert_eq!(u32::from_le_bytes(bin[flags_at..flags_at + 4].try_into().unwrap()), 6);
        assert_eq!(has(&bin, "__hsa_section.hsatext"), inner, "{opts:?}");
        assert_eq!(has(&bin, "__ISA_&__OpenCL_k_kernel_binary"), !inner, "{opts:?}");
    }
    // Bad input: a clear error at its line, nothing written.
    let _ = std::fs::remove_file(&out);
    let bad = b".gpu bonaire\n.kernel k\n.config\n.arg n, nosuchtype\n.text\ns_endpgm\n";
    let o = gcnkit(
        &[
            "asm", "--syntax", "clrx", "--format", "amdcl2", "-t", "200406", "-o", o_arg,
        ],
        bad,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains(":4:1: error: Unknown argument type 'nosuchtype'"),
        "{}",
        err(&o)
    );
    assert!(!out.exists());
    // `disasm` prints it as clrxdisasm -dCmf does (CLRX text only).
    let o = gcnkit(
        &[
            "asm", "--syntax", "clrx", "--format", "amdcl2", "-t", "200406", "-o", o_arg,
        ],
        cl2,
    );
    assert!(o.status.success(), "{}", err(&o));
    let o = gcnkit(&["disasm", o_arg], b"");
    assert!(o.status.success(), "{}", err(&o));
    for line in [
        ".amdcl2",
        ".gpu Bonaire",
        ".driver_version 200406",
        ".kernel k",
        ".arg n, \"uint\", uint",
        "s_endpgm",
    ] {
        assert!(text(&o).contains(line), "{line}: {}", text(&o));
    }
    let o = gcnkit(&["disasm", "--syntax", "llvm", o_arg], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("AMD OpenCL 2.0 binary"), "{}", err(&o));
    // clrxdisasm's parts: -m the raw metadata (no .config), -f alone the code alone.
    let o = gcnkit(&["disasm", "-m", o_arg], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        text(&o).contains("    .metadata\n") && !text(&o).contains(".config"),
        "{}",
        text(&o)
    );
    let o = gcnkit(&["disasm", "-f", o_arg], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        text(&o).contains("s_endpgm") && !text(&o).contains(".compile_options"),
        "{}",
        text(&o)
    );
    // -s: each kernel's raw setup as bytes, which assemble back to the same binary.
    let bin = std::fs::read(&out).unwrap();
    let o = gcnkit(&["disasm", "-s", "-m", o_arg], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        text(&o).contains("    .setup\n        .byte 0x") && !text(&o).contains(".config"),
        "{}",
        text(&o)
    );
    let back = gcnkit(&["asm", "--syntax", "clrx", "-o", o_arg], text(&o).as_bytes());
    assert!(back.status.success(), "{}", err(&back));
    assert_eq!(std::fs::read(&out).unwrap(), bin);
    // -HC: the setup as an `.hsaconfig`, which assembles back too.
    let o = gcnkit(&["disasm", "-H", "-C", "-m", o_arg], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        text(&o).contains("    .hsaconfig\n") && text(&o).contains(".kernel_code_entry_offset 0x100"),
        "{}",
        text(&o)
    );
    let back = gcnkit(&["asm", "--syntax", "clrx", "-o", o_arg], text(&o).as_bytes());
    assert!(back.status.success(), "{}", err(&back));
    // -LdCm: the HSA layout form (`.hsalayout`, one `.text`, the setup's room at the label).
    let o = gcnkit(&["disasm", "-L", "-d", "-C", "-m", o_arg], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        text(&o).contains(".hsalayout\n") && text(&o).contains("\nk:\n.skip 256\n"),
        "{}",
        text(&o)
    );
    let back = gcnkit(&["asm", "--syntax", "clrx", "-o", o_arg], text(&o).as_bytes());
    assert!(back.status.success(), "{}", err(&back));
    // (-s, -H and -L are for OpenCL 2.0 binaries: a usage error elsewhere.)
    for opt in ["-s", "-H", "-L"] {
        let o = gcnkit(&["disasm", opt], b"bf810000\n");
        assert_eq!(o.status.code(), Some(2));
        assert!(err(&o).contains("AMD OpenCL 2.0 binary's setups"), "{}", err(&o));
    }
    // `--format rocm`: the source read as `.rocm`, clrxasm's loadable object (AMDGPU, 64-bit,
    // a shared object whose code starts at 0x1000).
    let rocm = b".gpu fiji\n.kernel k\n.config\n.dims x\n.text\nk:\n.skip 256\ns_endpgm\n";
    let o = gcnkit(&["asm", "--syntax", "clrx", "--format", "rocm", "-o", o_arg], rocm);
    assert!(o.status.success(), "{}", err(&o));
    let bin = std::fs::read(&out).unwrap();
    assert_eq!(&bin[..5], b"\x7fELF\x02");
    assert_eq!(u16::from_le_bytes([bin[16], bin[17]]), 3);
    assert_eq!(u16::from_le_bytes([bin[18], bin[19]]), 224);
    assert_eq!(&bin[0x1000 + 256..0x1000 + 260], &[0, 0, 0x81, 0xbf]);
    // `.llvm10binfmt`: clrxasm's code object v3 (ABI version 1, its flags 51, the code at
    // 0x1000 with no header before it, the descriptor in `.globaldata`).
    let v3 = b".gpu fiji\n.llvm10binfmt\n.metadatav3\n.globaldata\n.fill 64, 1, 0\n.kernel k\n.config\n.dims x\n.text\nk:\ns_endpgm\n";
    let o = gcnkit(&["asm", "--syntax", "clrx", "--format", "rocm", "-o", o_arg], v3);
    assert!(o.status.success(), "{}", err(&o));
    let bin = std::fs::read(&out).unwrap();
    assert_eq!((bin[7], bin[8]), (0x40, 1));
    assert_eq!(u32::from_le_bytes(bin[48..52].try_into().unwrap()), 51);
    assert_eq!(&bin[0x1000..0x1004], &[0, 0, 0x81, 0xbf]);
    // (flags 51 name gfx1010, not a GCN 1.0-1.4 processor: an error that says so; with
    // `.eflags` naming gfx803 it reads back as `.llvm10binfmt`)
    let o = gcnkit(&["disasm", o_arg], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("not a GCN 1.0-1.4 GPU"), "{}", err(&o));
    let v3 = String::from_utf8_lossy(v3).replace(".llvm10binfmt", ".llvm10binfmt\n.eflags 42");
    let o = gcnkit(
        &["asm", "--syntax", "clrx", "--format", "rocm", "-o", o_arg],
        v3.as_bytes(),
    );
    assert!(o.status.success(), "{}", err(&o));
    let o = gcnkit(&["disasm", o_arg], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        text(&o).contains(".llvm10binfmt\n.metadatav3\n.globaldata\n"),
        "{}",
        text(&o)
    );
    // A Gallium binary (LLVM 3.9): its container names the kernel, its ELF is relocatable.
    let gallium = b".gpu pitcairn\n.kernel k\n.args\n.arg scalar, 4\n.config\n.dims x\n.text\nk: s_endpgm\n";
    let o = gcnkit(
        &[
            "asm",
            "--syntax",
            "clrx",
            "--format",
            "gallium",
            "--llvmVersion",
            "30900",
            "-o",
            o_arg,
        ],
        gallium,
    );
    assert!(o.status.success(), "{}", err(&o));
    let bin = std::fs::read(&out).unwrap();
    assert_eq!(&bin[..10], b"\x01\0\0\0\x01\0\0\0k\0");
    assert!(has(&bin, "\x7fELF\x01"));
    assert!(has(&bin, "CLRX GalliumBinGenerator"));
    // `disasm` prints it as clrxdisasm does (the device given by -a: its first CLRX device).
    let o = gcnkit(&["disasm", "-a", "gcn1.0", o_arg], b"");
    assert!(o.status.success(), "{}", err(&o));
    let t = text(&o);
    assert!(
        t.starts_with(".gallium\n.gpu CapeVerde\n.32bit\n.llvm_version 30900\n.kernel k\n"),
        "{t}"
    );
    assert!(t.contains("        .arg scalar, 4, 4, 4, zext, general\n"), "{t}");
    assert!(t.ends_with(".text\nk:\ns_endpgm\n"), "{t}");
    // Without the LLVM version: an error, no file.
    std::fs::remove_file(&out).unwrap();
    let o = gcnkit(
        &["asm", "--syntax", "clrx", "--format", "gallium", "-o", o_arg],
        gallium,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("LLVM version"), "{}", err(&o));
    assert!(!out.exists());
    // `disasm` prints the binary as CLRX text (its `.config`), which assembles back to it.
    let o = gcnkit(&["asm", "--syntax", "clrx", "-o", o_arg], &amd_src);
    assert!(o.status.success(), "{}", err(&o));
    let first = std::fs::read(&out).unwrap();
    let o = gcnkit(&["disasm", o_arg], b"");
    assert!(o.status.success(), "{}", err(&o));
    let t = text(&o);
    assert!(t.starts_with(".amd\n.gpu Pitcairn\n.32bit\n"), "{t}");
    assert!(t.contains(".kernel k\n    .config\n        .dims x\n"), "{t}");
    assert!(t.contains(".arg n, \"uint\", uint\n"), "{t}");
    let o = gcnkit(&["asm", "--syntax", "clrx", "-o", o_arg], t.as_bytes());
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(std::fs::read(&out).unwrap(), first);
    assert_eq!(
        gcnkit(&["disasm", "--syntax", "llvm", o_arg], b"").status.code(),
        Some(2)
    );
    // A bad config: an error at its line, no file.
    let _ = std::fs::remove_file(&out);
    let bad = b".amd\n.gpu pitcairn\n.kernel k\n.config\n.vgprsnum 300\n.text\ns_endpgm\n";
    let o = gcnkit(&["asm", "--syntax", "clrx", "-o", o_arg], bad);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains(":5:"), "{}", err(&o));
    assert!(!out.exists());
}

/// clrxdisasm's options for a CLRX binary's parts: `-m` (arguments, raw program info, the
/// HSA header as bytes), `-C` (readable config), `-d` (global data), `-f` (float comments),
/// `--all` (clrxdisasm's `-a`: `-dmf` and address comments with words), `--offsets` (its
/// default address comments); none: all of `-dCmf`. On machine
/// code `-m`/`-d`/`-C` are usage errors. A Gallium and an `.amd` binary take every
/// combination.
#[test]
fn disasm_clrx_binary_parts() {
    let dir = tmpdir("parts");
    let out = dir.path().join("g.bin");
    let o_arg = out.to_str().unwrap();
    let src = b".gallium\n.gpu pitcairn\n.llvm_version 40000\n.globaldata\n.int 0x11223344\n.kernel k\n.args\n.arg scalar, 4\n.config\n.dims x\n.use_kernarg_segment_ptr\n.text\nk: .skip 256\nv_mul_f32 v1, 0x3fc00000, v2\ns_endpgm\n";
    let o = gcnkit(&["asm", "--syntax", "clrx", "--format", "gallium", "-o", o_arg], src);
    assert!(o.status.success(), "{}", err(&o));
    let run = |opts: &[&str]| {
        let mut a = vec!["disasm", "-a", "pitcairn"];
        a.extend_from_slice(opts);
        a.push(o_arg);
        let o = gcnkit(&a, b"");
        assert!(o.status.success(), "{opts:?}: {}", err(&o));
        text(&o)
    };
    let has = |t: &str, line: &str| t.lines().any(|l| l.trim() == line);
    // Default: -dCmf.
    let t = run(&[]);
    for line in [
        ".gpu Pitcairn",
        ".llvm_version 40000",
        ".hsa_dims x",
        ".use_kernarg_segment_ptr",
        ".skip 256",
    ] {
        assert!(has(&t, line), "{line}:\n{t}");
    }
    assert!(t.contains("0x11223344") || t.contains("0x44, 0x33, 0x22, 0x11"), "{t}");
    assert!(t.contains("/* 1.5f */"), "{t}");
    // -m: the raw program info and header; no config, data or float comments.
    let t = run(&["-m"]);
    assert!(
        has(&t, ".proginfo") && has(&t, ".arg scalar, 4, 4, 4, zext, general"),
        "{t}"
    );
    assert!(t.lines().any(|l| l.trim().starts_with(".entry 0x0000b848, 0x")), "{t}");
    assert!(
        !has(&t, ".config") && !has(&t, ".skip 256") && !t.contains(".byte 0x44"),
        "{t}"
    );
    assert!(
        t.contains(".byte 0x01, 0x00, 0x00, 0x00"),
        "the header's code version as bytes:\n{t}"
    );
    assert!(!t.contains("1.5f"), "{t}");
    // -C: the config; -d: the data alone; -f: the comments alone.
    let t = run(&["-C"]);
    assert!(
        has(&t, ".config") && has(&t, ".hsa_dims x") && !has(&t, ".rodata"),
        "{t}"
    );
    let t = run(&["-d"]);
    assert!(has(&t, ".rodata") && !has(&t, ".args") && !t.contains("1.5f"), "{t}");
    let t = run(&["-f"]);
    assert!(t.contains("/* 1.5f */") && !has(&t, ".args"), "{t}");
    // --all: -dmf with address comments (clrxdisasm's -a).
    let t = run(&["--all"]);
    assert!(has(&t, ".rodata") && has(&t, ".proginfo") && t.contains("1.5f"), "{t}");
    assert!(t.contains("/*000000000100: "), "{t}");
    // --offsets: clrxdisasm's default address comments (no words); for machine code too.
    let t = run(&["--offsets", "-f"]);
    assert!(t.contains("/*000000000100*/ v_mul_f32 v1, "), "{t}");
    assert!(!t.contains("/*000000000100: "), "{t}");
    let o = gcnkit(&["disasm", "--offsets", "-a", "gcn1.2"], b"7e020302\n");
    assert_eq!(text(&o), "/*000000000000*/ v_mov_b32 v1, v2\n");
    let o = gcnkit(&["disasm", "--offsets", "--syntax", "llvm"], b"7e020302\n");
    assert_eq!(o.status.code(), Some(2));
    // Machine code: the parts are usage errors.
    let code = dir.path().join("code.bin");
    std::fs::write(&code, [0u8, 0, 0x81, 0xbf]).unwrap();
    let o = gcnkit(&["disasm", "-m", code.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    // An `.amd` binary: every combination too; -m its raw header and metadata, --all its CAL
    // notes as well (clrxdisasm's -a), a text that assembles back to the same file.
    let amd = dir.path().join("a.bin");
    let o = gcnkit(
        &["asm", "--syntax", "clrx", "-o", amd.to_str().unwrap()],
        b".amd\n.gpu pitcairn\n.kernel k\n.config\n.dims x\n.text\ns_endpgm\n",
    );
    assert!(o.status.success(), "{}", err(&o));
    let o = gcnkit(&["disasm", "-m", amd.to_str().unwrap()], b"");
    assert!(o.status.success(), "{}", err(&o));
    let t = text(&o);
    assert!(
        has(&t, ".header") && has(&t, ".metadata") && !has(&t, ".config") && !has(&t, ".proginfo"),
        "{t}"
    );
    assert!(has(&t, r#".ascii ";ARGSTART:__OpenCL_k_kernel\n""#), "{t}");
    let o = gcnkit(&["disasm", "--all", amd.to_str().unwrap()], b"");
    assert!(o.status.success(), "{}", err(&o));
    let raw = text(&o);
    assert!(
        has(&raw, ".proginfo") && has(&raw, ".uavopmask") && has(&raw, ".data"),
        "{raw}"
    );
    let back = dir.path().join("b.bin");
    let o = gcnkit(
        &["asm", "--syntax", "clrx", "-o", back.to_str().unwrap()],
        raw.as_bytes(),
    );
    assert!(o.status.success(), "{}", err(&o));
    let (a, b) = (std::fs::read(&amd).unwrap(), std::fs::read(&back).unwrap());
    // (The same but for the inner `.data`'s entry size: clrxasm writes a given `.data`'s size.)
    assert_eq!(a.len(), b.len());
    assert!(
        a.iter().zip(&b).filter(|(x, y)| x != y).count() <= 2,
        "the raw text gives another file"
    );
    // -c: the CAL notes alone (clrxdisasm's -c); with -d -m the raw form without the words.
    let o = gcnkit(&["disasm", "-c", amd.to_str().unwrap()], b"");
    let t = text(&o);
    assert!(
        has(&t, ".proginfo") && !has(&t, ".metadata") && !has(&t, ".data"),
        "{t}"
    );
    let o = gcnkit(&["disasm", "-dmc", amd.to_str().unwrap()], b"");
    let t = text(&o);
    assert!(
        has(&t, ".proginfo") && has(&t, ".metadata") && has(&t, "s_endpgm"),
        "{t}"
    );
    let o = gcnkit(&["disasm", "-c", code.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let o = gcnkit(&["disasm", "-dCm", amd.to_str().unwrap()], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert!(has(&text(&o), ".config"));
}

#[test]
fn asm_unknown_arch_and_bad_syntax_flag_are_usage_errors() {
    assert_eq!(gcnkit(&["asm", "-a", "gfx1100"], b"").status.code(), Some(2));
    assert_eq!(gcnkit(&["asm", "--syntax", "intel"], b"").status.code(), Some(2));
}

#[test]
fn asm_disasm_round_trip_through_the_cli() {
    let words = b"02020702 d1018201 28020702 7c820702 d1190401 00020702 2e020702 41200000\n";
    for syn in ["clrx", "llvm"] {
        let o = gcnkit(&["disasm", "-a", "fiji", "--input", "words", "--syntax", syn], words);
        let o2 = gcnkit(&["asm", "-a", "fiji", "--syntax", syn], &o.stdout);
        assert!(o2.status.success(), "{syn}: {}", err(&o2));
        assert_eq!(
            text(&o2).split_whitespace().collect::<Vec<_>>().join(" "),
            String::from_utf8_lossy(words).trim(),
            "{syn}"
        );
    }
}

#[test]
fn run_text_program_with_state_and_exec_holes() {
    let guard = tmpdir("run");
    let d = guard.path();
    let prog = d.join("p.s");
    std::fs::write(
        &prog,
        "v_add_f32 v2, v0, v1\nv_cmp_gt_f32 vcc, v2, v0\nv_cndmask_b32 v3, 0, 1.0, vcc\n",
    )
    .unwrap();
    let st = d.join("s.json");
    std::fs::write(&st, r#"{"exec": "0x00000000ffff0000", "vgprs": {"0": "0x3f800000", "1": ["0x40000000", "0xbf800000"]}, "sgprs": {"5": 7}}"#).unwrap();
    let o = gcnkit(
        &[
            "run",
            "-a",
            "fiji",
            "--state",
            st.to_str().unwrap(),
            prog.to_str().unwrap(),
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let v2 = v["vgprs"]["2"].as_array().unwrap();
    assert_eq!(v2.len(), 64);
    assert_eq!(v2[0], "0x0"); // inactive lane keeps its old value
    assert_eq!(v2[16], "0x3f800000"); // 1.0 + 0.0 (v1 lane 16 unset)
    assert_eq!(v["sgprs"]["5"], "0x7");
    assert_eq!(v["vcc"], "0x0000000000000000"); // 1.0 > 1.0 false; inactive lanes 0
    assert_eq!(v["exec"], "0x00000000ffff0000");
}

#[test]
fn run_stats_and_trace() {
    let guard = tmpdir("runstats");
    let d = guard.path();
    let prog = d.join("p.s");
    std::fs::write(&prog, "v_mov_b32_unused_is_not_here = 1\nv_xor_b32 v1, v2, v3\n").unwrap();
    let o = gcnkit(&["run", "--stats", "--trace", prog.to_str().unwrap()], b"");
    assert!(o.status.success(), "{}", err(&o));
    let e = err(&o);
    assert!(e.contains("lane-ops/s"), "{e}");
    assert!(e.contains("1 instructions, 64 lane-ops"), "{e}");
    assert!(e.contains("v_xor_b32 v1, v2, v3"), "{e}");
}

#[test]
fn run_bad_state_and_bad_program() {
    let guard = tmpdir("runbad");
    let d = guard.path();
    let prog = d.join("p.s");
    std::fs::write(&prog, "v_add_f32 v1, v2, v3\n").unwrap();
    let st = d.join("s.json");
    std::fs::write(&st, r#"{"vgprs": {"300": 1}}"#).unwrap();
    let o = gcnkit(&["run", "--state", st.to_str().unwrap(), prog.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("s.json: error: vgprs.300"), "{}", err(&o));
    std::fs::write(&st, "{ not json").unwrap();
    let o = gcnkit(&["run", "--state", st.to_str().unwrap(), prog.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("not valid JSON"), "{}", err(&o));
    std::fs::write(&prog, "v_add_f32 v1, s1, s2\n").unwrap();
    let o = gcnkit(&["run", prog.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("p.s:1:"), "{}", err(&o));
    assert!(o.stdout.is_empty());
}

#[test]
fn explain_shows_the_row() {
    let o = gcnkit(&["explain", "-a", "gcn1.2", "v_bfe_u32"], b"");
    assert!(o.status.success());
    let t = text(&o);
    assert!(t.contains("456 (0x1c8)"), "{t}");
    assert!(t.contains("VDST, SRC0, SRC1, SRC2"), "{t}");
    let o = gcnkit(&["explain", "-a", "gfx900", "v_lshl_b32"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("gcn1.0"), "{}", err(&o));
}

/// A source long enough that `-o FILE` streams items to the temporary file in several batches,
/// with a literal that waits for a symbol defined at the end: every format written to a file
/// must equal what stdout gets (where items are held to the end).
#[test]
fn asm_output_file_streams_with_forward_references() {
    let guard = tmpdir("asmstream");
    let d = guard.path();
    // Batches end every 4096 lines: 'later' holds items from line 3002 to 6002, 'late'
    // from line 9002 to the end.
    let mut src = String::new();
    for k in 0..10_000 {
        src.push_str(&format!("v_mul_f32 v{}, s{}, v{}\n", k % 256, k % 100, (k + 1) % 256));
        match k {
            3000 => src.push_str("v_add_u32 v2, vcc, later, v3   // waits for 'later'\n"),
            6000 => src.push_str("later = 42\n"),
            9000 => src.push_str("v_add_f32 v0, late, v1\n"),
            _ => {}
        }
    }
    src.push_str("late = 0x12345678\n");
    let file = d.join("long.s");
    std::fs::write(&file, &src).unwrap();
    for fmt in ["words", "bin", "listing", "json"] {
        let out = d.join(format!("out.{fmt}"));
        let o = gcnkit(
            &[
                "asm",
                "--format",
                fmt,
                "-o",
                out.to_str().unwrap(),
                file.to_str().unwrap(),
            ],
            b"",
        );
        assert!(o.status.success(), "{fmt}: {}", err(&o));
        let held = gcnkit(&["asm", "--format", fmt, file.to_str().unwrap()], b"");
        assert_eq!(std::fs::read(&out).unwrap(), held.stdout, "{fmt}");
    }
    let words = std::fs::read_to_string(d.join("out.words")).unwrap();
    assert!(words.contains("\n020002ff 12345678\n"));
    assert!(words.contains("\n320406ff 0000002a\n"));
    let listing = std::fs::read_to_string(d.join("out.listing")).unwrap();
    assert!(listing.contains("v_add_u32 v2, vcc, later, v3"));
    let late = listing.lines().find(|l| l.contains("020002ff 12345678")).unwrap();
    assert!(late.ends_with(" v_add_f32 v0, late, v1"), "{late}");
    assert_eq!(listing.lines().count(), 10_002);
}

/// An error after the first batches have gone to the temporary file: no output file, no
/// temporary file left behind.
#[test]
fn asm_error_late_in_a_long_file_leaves_no_file() {
    let guard = tmpdir("asmstreamerr");
    let d = guard.path();
    let mut src = "v_add_f32 v1, v2, v3\n".repeat(20_000);
    src.push_str("v_add_f32 v1, v2\n");
    let file = d.join("long.s");
    std::fs::write(&file, &src).unwrap();
    let out = d.join("out.bin");
    let o = gcnkit(&["asm", "-o", out.to_str().unwrap(), file.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("long.s:20001:"), "{}", err(&o));
    assert!(!out.exists());
    assert_eq!(std::fs::read_dir(d).unwrap().count(), 1, "only the source is left");
}

/// SplitMix64, for the random inputs below (fixed seed: failures reproduce).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// Up to `n` pieces drawn from `parts`.
    fn soup(&mut self, parts: &[&str], n: usize) -> Vec<u8> {
        let k = self.below(n + 1);
        (0..k).flat_map(|_| parts[self.below(parts.len())].bytes()).collect()
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        let k = self.below(n + 1);
        (0..k).map(|_| self.next() as u8).collect()
    }
}

const ASM_PARTS: &[&str] = &[
    "v_add_f32",
    "v_cmp_eq_u32",
    "v_cndmask_b32",
    "v_mad_f32",
    "v_div_scale_f64",
    "v_addc_u32",
    "v_add_f16",
    "v_readlane_b32",
    "v_cmpx_class_f64",
    "_e64",
    "_e32",
    " v1",
    " v[2:3]",
    " s5",
    " s[4:5]",
    " vcc",
    " exec",
    " ttmp[11:12]",
    " m0",
    " scc",
    " lds_direct",
    " 0x",
    "ff",
    "1.5",
    "-",
    "|",
    "abs(",
    "neg(",
    "sext(",
    ")",
    "lit(",
    ",",
    " ",
    "\n",
    ";",
    "mul:2",
    " clamp",
    " op_sel:[1,0]",
    " neg:[1,1,0]",
    "=",
    ":",
    "lab",
    "//",
    "/*",
    "*/",
    "%",
    ".long",
    ".set",
    "1e39",
    "-0",
    "99999999999999999999",
    "\t",
    "\u{e9}",
    "v_",
    "s[",
    "]",
];

const STATE_PARTS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"vgprs\"",
    "\"sgprs\"",
    "\"exec\"",
    "\"mode\"",
    "\"vcc\"",
    "\"m0\"",
    "\"0\"",
    "\"255\"",
    "\"300\"",
    "\"0x\"",
    "\"0xffffffffffffffff\"",
    "1",
    "-1",
    "1e99",
    "null",
    "true",
    "\"",
    " ",
    "\n",
];

/// Random bytes, hex-word text, assembler token soup and state text into every subcommand:
/// each run ends with exit status 0, 1 or 2 — never a panic or a signal.
#[test]
fn no_subcommand_crashes_on_random_input() {
    let guard = tmpdir("random");
    let d = guard.path();
    let mut r = Rng(0x6763_6e6b);
    let archs = ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"];
    let check = |what: &str, o: &Output, input: &[u8]| {
        let e = err(o);
        assert!(
            matches!(o.status.code(), Some(0..=2)) && !e.contains("panicked"),
            "{what} on {:?}: {:?}\n{e}",
            String::from_utf8_lossy(input),
            o.status
        );
    };
    for round in 0..40 {
        let a = archs[round % 4];
        let bin = r.bytes(64);
        for args in [
            &["disasm", "-a", a][..],
            &["disasm", "-a", a, "--syntax", "llvm"],
            &["disasm", "-a", a, "--format", "json"],
        ] {
            check("disasm", &gcnkit(args, &bin), &bin);
        }
        let mut words = r.soup(&["0x", "ff", "1234abcd", " ", ",", "\n", "#", "zz", "123456789"], 20);
        words.extend(r.bytes(4));
        check(
            "disasm --input words",
            &gcnkit(&["disasm", "-a", a, "--input", "words"], &words),
            &words,
        );
        let src = r.soup(ASM_PARTS, 40);
        for syn in ["auto", "clrx", "llvm"] {
            check("asm", &gcnkit(&["asm", "-a", a, "--syntax", syn], &src), &src);
        }
        check(
            "asm listing",
            &gcnkit(&["asm", "-a", a, "--format", "listing"], &src),
            &src,
        );
        check("asm json", &gcnkit(&["asm", "-a", a, "--format", "json"], &src), &src);
        let prog = d.join("p.s");
        let st = d.join("s.json");
        let state = r.soup(STATE_PARTS, 30);
        let p = prog.to_str().unwrap();
        let s = st.to_str().unwrap();
        // A random state for a valid program, then a random program.
        std::fs::write(
            &prog,
            "v_add_f32 v1, v2, v3\nv_cmp_gt_u32 vcc, v1, s0\nv_cndmask_b32 v4, v1, v2, vcc\n",
        )
        .unwrap();
        std::fs::write(&st, &state).unwrap();
        check("run --state", &gcnkit(&["run", "-a", a, "--state", s, p], b""), &state);
        std::fs::write(&prog, &src).unwrap();
        check("run", &gcnkit(&["run", "-a", a, p], b""), &src);
        std::fs::write(&prog, &bin).unwrap();
        check(
            "run --input bin",
            &gcnkit(&["run", "-a", a, "--input", "bin", p], b""),
            &bin,
        );
        let m = String::from_utf8_lossy(&r.soup(ASM_PARTS, 2)).into_owned();
        check("explain", &gcnkit(&["explain", "-a", a, &m], b""), m.as_bytes());
    }
}

/// Ctrl-C while `-o FILE` is being written: exit status 130, and neither the output nor its
/// temporary file is left behind.
#[test]
fn interrupted_asm_leaves_no_file() {
    let guard = tmpdir("interrupt");
    let d = guard.path();
    let src = d.join("big.s");
    std::fs::write(&src, "v_add_f32 v1, v2, v3\n".repeat(1_000_000)).unwrap();
    let out = d.join("out.bin");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gcnkit"))
        .args(["asm", "-o", out.to_str().unwrap(), src.to_str().unwrap()])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The temporary file exists once the handler is installed and output has begun.
    let t0 = std::time::Instant::now();
    while std::fs::read_dir(d).unwrap().count() < 2 && t0.elapsed().as_secs() < 10 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // A million lines take seconds: the run is still going when the signal comes.
    assert!(child.try_wait().unwrap().is_none(), "asm ended before the interrupt");
    let k = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(k.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let left: Vec<_> = std::fs::read_dir(d).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, vec![std::ffi::OsString::from("big.s")]);
}

/// To stdout, more items than are held in memory (1,048,576) go to an unnamed temporary file
/// and come out in order at the end, the patched forward reference included.
#[test]
fn asm_to_stdout_spills_many_items_in_order() {
    let add = "v_add_f32 v1, v2, v3\n";
    let mut src = add.repeat(600_000);
    src.push_str("v_add_f32 v0, x, v1\n");
    src.push_str(&add.repeat(500_000));
    src.push_str("x = 7\n");
    src.push_str(&add.repeat(100_000));
    let o = gcnkit(&["asm", "-a", "gcn1.2"], src.as_bytes());
    assert!(o.status.success(), "{}", err(&o));
    let mut want = "02020702\n".repeat(600_000);
    want.push_str("020002ff 00000007\n");
    want.push_str(&"02020702\n".repeat(600_000));
    assert!(
        o.stdout == want.as_bytes(),
        "{} bytes, {} expected",
        o.stdout.len(),
        want.len()
    );
}

/// `.int 255` alone looks like a VOP2 word waiting for its literal: as data it is one word,
/// printed as data in JSON, and `run` refuses it (it crashed both before; found by fuzzing).
#[test]
fn data_word_that_looks_like_a_longer_instruction() {
    let o = gcnkit(&["asm", "--format", "json"], b".int 255\nv_add_f32 v1, v2, v3\n");
    assert!(o.status.success(), "{}", err(&o));
    let lines: Vec<serde_json::Value> = text(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["words"], serde_json::json!(["000000ff"]));
    assert_eq!(lines[0]["encoding"], serde_json::Value::Null);
    assert_eq!(lines[1]["offset"], 4);
    let guard = tmpdir("dataword");
    let d = guard.path();
    let p = d.join("p.s");
    std::fs::write(&p, ".int 255\n").unwrap();
    let o = gcnkit(&["run", p.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("not an instruction"), "{}", err(&o));
}

/// A closed pipe on stdout or stderr ends the job quietly with status 0, in every subcommand.
#[test]
fn closed_pipes_end_the_job_quietly() {
    use std::process::Command;
    let bin = env!("CARGO_BIN_EXE_gcnkit");
    let guard = tmpdir("pipes");
    let d = guard.path();
    let junk = d.join("junk.s");
    // Many lines of errors on stderr, read by nobody past the first bytes.
    std::fs::write(&junk, "v_bogus v1\n".repeat(20000)).unwrap();
    let words = d.join("w.bin");
    std::fs::write(&words, [0x02u8, 0x07, 0x02, 0x02].repeat(200_000)).unwrap();
    for (cmd, which) in [
        (
            format!("{bin} explain -a fiji v_add_f32 | head -1 >/dev/null"),
            "explain | head",
        ),
        (
            format!("{bin} disasm -a fiji {} | true", words.display()),
            "disasm | true",
        ),
        (
            format!(
                "{bin} disasm -a fiji --format json {} | head -c 10 >/dev/null",
                words.display()
            ),
            "disasm json | head",
        ),
        (
            format!("{bin} asm {} 2>&1 >/dev/null | head -c 10 >/dev/null", junk.display()),
            "asm stderr | head",
        ),
    ] {
        let o = Command::new("bash")
            .args(["-c", &format!("set -o pipefail; {cmd}; echo \"rc=${{PIPESTATUS[0]}}\"")])
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        let errs = String::from_utf8_lossy(&o.stderr);
        assert!(
            out.contains("rc=0") || (which.starts_with("asm") && out.contains("rc=1")),
            "{which}: {out} {errs}"
        );
        assert!(
            !errs.contains("panicked") && !errs.contains("Broken pipe"),
            "{which}: {errs}"
        );
    }
}

/// A plain-text file of hex words is read as words, llvm-mc's byte lists too; an ELF file that
/// is no code object is an error that says what it is.
#[test]
fn disasm_input_forms() {
    let guard = tmpdir("forms");
    let d = guard.path();
    let f = d.join("w.txt");
    std::fs::write(&f, "# words\n02020702  0xd1018201 28020702\n").unwrap();
    let o = gcnkit(&["disasm", "-a", "fiji", f.to_str().unwrap()], b"");
    assert_eq!(
        text(&o),
        "v_add_f32 v1, v2, v3\nv_add_f32 v1, -v2, abs(v3) mul:2 clamp\n",
        "{}",
        err(&o)
    );
    let o = gcnkit(
        &["disasm", "-a", "fiji"],
        b"0x02,0x07,0x02,0x02\n[0x01,0x82,0x01,0xd1,\n0x02,0x07,0x02,0x28]\n",
    );
    assert_eq!(
        text(&o),
        "v_add_f32 v1, v2, v3\nv_add_f32 v1, -v2, abs(v3) mul:2 clamp\n",
        "{}",
        err(&o)
    );
    let o = gcnkit(&["disasm", "-a", "fiji"], b"0x02,0x07,0x02\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("not a whole 32-bit word"), "{}", err(&o));
    let elf = d.join("k.o");
    std::fs::write(&elf, b"\x7fELF\x02\x01\x01\x40rest of an object").unwrap();
    let o = gcnkit(&["disasm", elf.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).is_empty() && err(&o).contains("ELF"), "{}", err(&o));
}

/// `--addresses`: each instruction's offset and words in a comment, in the dialect's listing
/// form, which the assembler reads back.
#[test]
fn disasm_listings_read_back() {
    let words = b"02020702 020206ff 3fc00000 d1018201 28020702\n";
    for (syntax, first) in [
        ("clrx", "/*000000000000: 02020702         */ v_add_f32 v1, v2, v3"),
        (
            "llvm",
            "v_add_f32_e32 v1, v2, v3                 // 000000000000: 02020702",
        ),
    ] {
        let o = gcnkit(&["disasm", "-a", "fiji", "--addresses", "--syntax", syntax], words);
        assert_eq!(text(&o).lines().next(), Some(first), "{}", text(&o));
        assert!(text(&o).contains("00000000000c: "), "{}", text(&o));
        let back = gcnkit(&["asm", "-a", "fiji", "--syntax", syntax], &o.stdout);
        assert_eq!(
            text(&back),
            "02020702\n020206ff 3fc00000\nd1018201 28020702\n",
            "{}",
            err(&back)
        );
    }
}

/// `/* */` comments may span lines, and later errors keep their line and column.
#[test]
fn asm_block_comments_span_lines() {
    let src = b"/* a comment\n over two lines */ v_add_f32 v1, v2, v3 /* and\n*/ v_add_f32 v1, v2, v3\n  v_bogus v1 /* x */\n";
    let o = gcnkit(&["asm", "-a", "fiji"], src);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains("<stdin>:4:3: error: unknown instruction 'v_bogus'"),
        "{}",
        err(&o)
    );
    let good = b"/* a comment\n over two lines */ v_add_f32 v1, v2, v3 /* and\n*/ v_add_f32 v1, v2, v3\n";
    let o = gcnkit(&["asm", "-a", "fiji"], good);
    assert_eq!(text(&o), "02020702\n02020702\n", "{}", err(&o));
}

/// Target directives choose the arch; a conflict with `-a` is an error.
#[test]
fn asm_target_directives() {
    let src = b".amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\nv_add_u32 v1, v2, v3\n";
    let o = gcnkit(&["asm"], src);
    assert_eq!(text(&o), "68020702\n", "{}", err(&o));
    let o = gcnkit(&["asm", "-a", "tahiti"], src);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains("the file's target is gcn1.4, but -a asks for gcn1.0"),
        "{}",
        err(&o)
    );
    let o = gcnkit(&["asm"], b".gpu Tahiti\nv_add_f32 v1, v2, v3\n");
    assert_eq!(text(&o), "06020702\n", "{}", err(&o));
    let o = gcnkit(&["asm"], b".arch GCN1.4\nv_add_u32 v1, v2, v3\n");
    assert_eq!(text(&o), "68020702\n", "{}", err(&o));
    let o = gcnkit(&["asm"], b"v_add_f32 v1, v2, v3\n.gpu Tahiti\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("after instructions"), "{}", err(&o));
}

/// The state takes floats and `v2`/`s5` keys; `--format text` shows one value for a VGPR with
/// the same value in all lanes, with its f32 reading; an oversized mask says so.
#[test]
fn run_state_values() {
    let guard = tmpdir("values");
    let d = guard.path();
    let st = d.join("s.json");
    std::fs::write(
        &st,
        r#"{"sgprs": {"s4": 2.5}, "vgprs": {"v1": 1.5, "v2": "-2.5e3", "3": "0x10"}}"#,
    )
    .unwrap();
    let prog = d.join("p.s");
    std::fs::write(&prog, "v_add_f32 v5, v1, v2\nv_mul_f32 v6, s4, v1\n").unwrap();
    let o = gcnkit(
        &[
            "run",
            "--state",
            st.to_str().unwrap(),
            "--format",
            "text",
            prog.to_str().unwrap(),
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    let t = text(&o);
    assert!(t.contains("v5 = 0xc51c2800 (-2498.5) in all 64 lanes"), "{t}");
    assert!(t.contains("v6 = 0x40700000 (3.75) in all 64 lanes"), "{t}");
    assert!(t.contains("v3 = 0x10 in all 64 lanes"), "{t}");
    // The JSON of the contract is unchanged: 64 lanes each.
    let o = gcnkit(&["run", "--state", st.to_str().unwrap(), prog.to_str().unwrap()], b"");
    let s: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(s["vgprs"]["5"].as_array().unwrap().len(), 64);
    std::fs::write(&st, r#"{"exec": "0x1ffffffffffffffff"}"#).unwrap();
    let o = gcnkit(&["run", "--state", st.to_str().unwrap(), prog.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("does not fit in 64 bits"), "{}", err(&o));
}

/// `explain -a` shows that arch's facts; without `-a`, every row a name means on some arch.
#[test]
fn explain_per_arch() {
    let o = gcnkit(&["explain", "-a", "gfx900", "v_add_f32"], b"");
    let t = text(&o);
    assert!(t.contains("gcn1.4  VOP2 1") && !t.contains("gcn1.0  VOP2"), "{t}");
    assert!(t.contains("also on:   gcn1.0, gcn1.1, gcn1.2"), "{t}");
    let o = gcnkit(&["explain", "v_add_u32"], b"");
    let t = text(&o);
    assert!(t.contains("VOP3B 281") && t.contains("VOP2 52 (0x34)"), "{t}");
}

/// Every example and tool with options takes `--help` without starting work.
#[test]
fn help_everywhere() {
    for sub in ["asm", "disasm", "run", "explain"] {
        let o = gcnkit(&[sub, "--help"], b"");
        assert!(o.status.success() && text(&o).contains("Usage"), "{sub}");
    }
}

/// The repository's examples, as README shows them.
fn example(name: &str) -> String {
    format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn shipped_examples_assemble_and_run() {
    // Both dialects' files give the same words, which are the shipped .words file.
    let clrx = gcnkit(&["asm", &example("vector-alu.s")], b"");
    assert!(clrx.status.success(), "{}", err(&clrx));
    let llvm = gcnkit(&["asm", &example("vector-alu-llvm.s")], b"");
    assert!(llvm.status.success(), "{}", err(&llvm));
    assert_eq!(text(&clrx), text(&llvm));
    let words = std::fs::read_to_string(example("vector-alu.words")).unwrap();
    assert_eq!(text(&clrx), words);
    // `run` stops at s_endpgm; v4 = v1 + v2 = 1.5 + -2500.
    let o = gcnkit(
        &[
            "run",
            &example("vector-alu.s"),
            "--state",
            &example("state.json"),
            "--format",
            "text",
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        text(&o).contains("v4 = 0xc51c2800 (-2498.5) in all 64 lanes"),
        "{}",
        text(&o)
    );
    // v_readlane_b32 s5, v3, 7: lane 7 of v3 holds 7.
    assert!(text(&o).contains("s5 = 0x7"), "{}", text(&o));
    // The scalar loop assembles; its binary disassembles with its labels and reads back.
    let o = gcnkit(&["asm", &example("scalar-loop.s"), "--format", "bin"], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(o.stdout, std::fs::read(example("scalar-loop.gcn12.bin")).unwrap());
}

#[test]
fn disasm_listing_has_labels_that_read_back() {
    let bin = example("collatz.gfx900.bin");
    for syntax in ["clrx", "llvm"] {
        let o = gcnkit(&["disasm", "-a", "gfx900", "--syntax", syntax, &bin], b"");
        assert!(o.status.success(), "{}", err(&o));
        let t = text(&o);
        // Every branch target has a label line and the branches name it.
        assert!(t.contains(".L104_0:\n"), "{t}");
        assert!(t.contains("s_cbranch_execz .L104_0"), "{t}");
        // The text reads back to the same bytes (GLOBAL, part 2, as data).
        let guard = tmpdir(&format!("listing-{syntax}"));
        let d = guard.path();
        let s = d.join("k.s");
        std::fs::write(&s, &t).unwrap();
        let back = gcnkit(
            &[
                "asm",
                "-a",
                "gfx900",
                "--syntax",
                syntax,
                "--format",
                "bin",
                s.to_str().unwrap(),
            ],
            b"",
        );
        assert!(back.status.success(), "{}", err(&back));
        assert_eq!(back.stdout, std::fs::read(&bin).unwrap(), "{syntax}");
    }
}

/// A code object: its arch from the ELF header (a different `-a` is a usage error), its
/// kernels as labels, an error naming the cause for a file that is not one.
#[test]
fn disasm_reads_code_objects() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../gcnkit/tests/data/codeobj/vecadd.gfx900.v4.hsaco"
    );
    let o = gcnkit(&["disasm", "--syntax", "llvm", path], b"");
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    // A whole source: target, code object version, then the code section.
    assert!(text.starts_with("\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\n\t.amdhsa_code_object_version 4\n"));
    assert!(text.contains("/* gfx900 (gcn1.4), code object v4, section .text at 0x"));
    assert!(text.contains("\nvadd_f32:\ns_load_dword s0, s[4:5], 0x18\n"));
    assert!(text.contains("\n.amdhsa_kernel vadd_f32\n") && text.contains("\t.amdgpu_metadata\n"));
    // ... which `asm --format elf` takes back (it needs -o: an object is not for a terminal).
    let guard = tmpdir("codeobj-round-trip");
    let (s, obj) = (guard.path().join("k.s"), guard.path().join("k.o"));
    std::fs::write(&s, &text).unwrap();
    let o = gcnkit(&["asm", "--format", "elf", s.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    let o = gcnkit(
        &[
            "asm",
            "--format",
            "elf",
            "-o",
            obj.to_str().unwrap(),
            s.to_str().unwrap(),
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    let back = gcnkit(&["disasm", "--syntax", "llvm", obj.to_str().unwrap()], b"");
    assert!(back.status.success(), "{}", err(&back));
    // Branch labels are named by address: the .o's code starts at 0, the .hsaco's higher.
    let code = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("/*"))
            .map(|l| {
                l.split(' ')
                    .map(|w| if w.starts_with(".L") { ".L" } else { w })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
    };
    let again = String::from_utf8(back.stdout).unwrap();
    // The same source but for the section's address (in the comment and label names).
    assert_eq!(code(&again), code(&text));
    let o = gcnkit(&["disasm", "-a", "fiji", path], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("conflicts with"));
    let o = gcnkit(&["disasm", "-a", "gfx900", "--format", "json", path], b"");
    assert!(o.status.success());
    let first = String::from_utf8(o.stdout).unwrap();
    assert!(first.starts_with("{\"offset\": 8960, "), "{first:.60}");
    let mut broken = std::fs::read(path).unwrap();
    broken[18] = 62;
    let o = gcnkit(&["disasm", "-"], &broken);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not AMDGPU"));
}

/// `--defsym NAME=VALUE`: symbols before the source, for conditional assembly and operands;
/// a bad name is a usage error.
#[test]
fn asm_defsym() {
    let src = b".if DEBUG\n s_nop 1\n.else\n s_nop 2\n.endif\ns_nop N\n";
    let o = gcnkit(&["asm", "-a", "fiji", "--defsym", "DEBUG=1", "--defsym", "N=0x7"], src);
    assert_eq!(text(&o), "bf800001\nbf800007\n", "{}", err(&o));
    let o = gcnkit(&["asm", "-a", "fiji", "--defsym", "DEBUG=0", "--defsym", "N=3"], src);
    assert_eq!(text(&o), "bf800002\nbf800003\n", "{}", err(&o));
    let o = gcnkit(&["asm", "-a", "fiji", "--defsym", "9x=1"], src);
    assert_eq!(o.status.code(), Some(2));
}

/// A file that is not words (a C source) gets a few examples and one summary, not an error
/// per token; a word file with a typo still gets its one error.
#[test]
fn disasm_of_garbage_is_summarised() {
    let mut src = String::from("#include <stdio.h>\nint main(void) {\n");
    for k in 0..40 {
        src.push_str(&format!("    printf(\"%d\\n\", {k} * {k});\n"));
    }
    src.push_str("    return 0;\n}\n");
    let o = gcnkit(&["disasm", "--input", "words"], src.as_bytes());
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1));
    assert!(e.contains("does not look like GCN machine words"), "{e}");
    assert!(e.lines().count() <= 12, "{e}");
    let o = gcnkit(&["disasm", "--input", "words"], b"7e020302 zz 02020702\n");
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.contains("'zz' is not a 32-bit hex word"), "{e}");
}

/// `gcnkit lint`: findings on stdout, one line each naming the check, kernel, PC and both
/// instructions; exit 1 with findings, 0 without, 2 on usage and input errors.
#[test]
fn lint_reports_and_exit_status() {
    let src = b"buffer_load_dword v1, v0, s[0:3], 0 offen\nv_add_f32_e32 v2, v1, v1\ns_endpgm\n";
    let o = gcnkit(&["lint", "-a", "gfx900", "-"], src);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    let t = text(&o);
    assert_eq!(t.lines().count(), 1, "{t}");
    assert!(
        t.starts_with("<stdin>: error: [waitcnt] kernel ") || t.starts_with("-: error: [waitcnt] kernel "),
        "{t}"
    );
    for part in [
        "pc 0x8: v_add_f32_e32 v2, v1, v1",
        "reads v1",
        "load at 0x0 (buffer_load_dword v1, v0, s[0:3], 0 offen)",
        "needs s_waitcnt vmcnt(0)",
    ] {
        assert!(t.contains(part), "{part}: {t}");
    }
    assert!(err(&o).contains("1 finding (1 error, 0 warnings)"), "{}", err(&o));
    // No file: stdin, as every subcommand has it.
    let o = gcnkit(&["lint", "-a", "gfx900"], src);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(text(&o).contains("needs s_waitcnt vmcnt(0)"), "{}", text(&o));
    // Fixed: clean, silent, exit 0.
    let fixed = b"buffer_load_dword v1, v0, s[0:3], 0 offen\ns_waitcnt vmcnt(0)\nv_add_f32_e32 v2, v1, v1\ns_endpgm\n";
    let o = gcnkit(&["lint", "-a", "gfx900", "-"], fixed);
    assert_eq!(
        (o.status.code(), text(&o).as_str(), err(&o).as_str()),
        (Some(0), "", "")
    );
    // A hazard: the writer and the wait states missing.
    let o = gcnkit(
        &["lint", "-a", "fiji", "-"],
        b"v_readfirstlane_b32 s2, v0\nv_readlane_b32 s3, v1, s2\ns_endpgm\n",
    );
    assert_eq!(o.status.code(), Some(1));
    let t = text(&o);
    assert!(
        t.contains("error: [hazard] kernel ") && t.contains("pc 0x4: v_readlane_b32 s3, v1, s2"),
        "{t}"
    );
    assert!(
        t.contains("0x0 (v_readfirstlane_b32 s2, v0)") && t.contains("needs 4 more wait states (s_nop 3)"),
        "{t}"
    );
}

#[test]
fn lint_json_and_code_objects() {
    let o = gcnkit(
        &["lint", "--format", "json", "-a", "gfx900", "-"],
        b"s_load_dword s4, s[0:1], 0x0\ns_add_u32 s5, s4, 1\ns_endpgm\n",
    );
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&text(&o)).unwrap();
    let f = &v.as_array().unwrap()[0];
    assert_eq!(f["check"], "waitcnt");
    assert_eq!(f["severity"], "error");
    assert_eq!(f["rule"], "read-before-load");
    assert_eq!(f["pc"], 8);
    assert_eq!(f["other_pc"], 0);
    assert_eq!(f["registers"], serde_json::json!(["s4"]));
    assert_eq!(f["needs"], "s_waitcnt lgkmcnt(0)");
    assert_eq!(f["count"], 1);
    for k in ["kernel", "instruction", "other_instruction", "message", "file"] {
        assert!(f[k].is_string(), "{k}: {f}");
    }
    // A compiled code object: clean (exit 0, `[]` in JSON).
    let co = concat!(env!("CARGO_MANIFEST_DIR"), "/../gcnkit/tests/data/run/lds.gfx900.hsaco");
    let o = gcnkit(&["lint", co], b"");
    assert_eq!((o.status.code(), text(&o).as_str()), (Some(0), ""), "{}", err(&o));
    let o = gcnkit(&["lint", "--format", "json", co], b"");
    assert_eq!((o.status.code(), text(&o).as_str()), (Some(0), "[]\n"));
    // Usage and input errors: exit 2.
    let o = gcnkit(&["lint", "-a", "fiji", co], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("conflicts"), "{}", err(&o));
    let o = gcnkit(&["lint", "--kernel", "nope", co], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("no kernel 'nope'"), "{}", err(&o));
    let o = gcnkit(&["lint", "/nonexistent/x.hsaco"], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = gcnkit(&["lint", "-a", "gfx900", "-"], b"v_bogus v0\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("error:"), "{}", err(&o));
}

#[test]
fn lint_raw_words() {
    // buffer_load_dword v1, v0, s[0:3], 0 offen; v_mov_b32 v2, v1; s_endpgm (gfx900 words).
    let w: Vec<u8> = [0xe0501000u32, 0x80000100, 0x7e040301, 0xbf810000]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect();
    let o = gcnkit(&["lint", "-a", "gfx900", "-"], &w);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(text(&o).contains("pc 0x8: v_mov_b32_e32 v2, v1"), "{}", text(&o));
}

/// clrxasm's options for CLRX text: `-D SYM[=VALUE]` (0 without a value), `-w` (no
/// warnings), several input files assembled as one source (a macro of the first used in the
/// second, each diagnostic naming its own file and line), `.print` (to stdout when the
/// output goes to a file, else to stderr), data bytes that do not fill a word.
#[test]
fn asm_clrx_options_and_several_files() {
    let dir = tmpdir("clrx-files");
    let f1 = dir.path().join("one.s");
    let f2 = dir.path().join("two.s");
    std::fs::write(&f1, ".macro put a\n.int \\a\n.endm\n.if 1\n").unwrap();
    std::fs::write(
        &f2,
        ".endif\nput y\nput z\n.print \"made\"\n.warning \"w\"\n.byte 1, 2\n",
    )
    .unwrap();
    let (p1, p2) = (f1.to_str().unwrap(), f2.to_str().unwrap());
    let o = gcnkit(
        &["asm", "--syntax", "clrx", "-a", "fiji", "-D", "y=3", "-D", "z", p1, p2],
        b"",
    );
    assert_eq!(text(&o), "00000003\n00000000\n0201\n", "{}", err(&o));
    assert!(err(&o).contains("made"), "{}", err(&o));
    assert!(err(&o).contains("two.s:5:1: warning: w"), "{}", err(&o));
    let o = gcnkit(
        &["asm", "--syntax", "clrx", "-w", "-D", "y=1", "-D", "z=2", p1, p2],
        b"",
    );
    assert_eq!(text(&o), "00000001\n00000002\n0201\n", "{}", err(&o));
    assert!(!err(&o).contains("warning"), "{}", err(&o));
    let out = dir.path().join("a.bin");
    let o = gcnkit(
        &[
            "asm",
            "--syntax",
            "clrx",
            "-D",
            "y",
            "-D",
            "z",
            "-o",
            out.to_str().unwrap(),
            p1,
            p2,
        ],
        b"",
    );
    assert_eq!(text(&o), "made\n", "{}", err(&o));
    assert_eq!(std::fs::read(&out).unwrap(), [0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
    // An error in the second file names it; nothing is written.
    std::fs::write(&f2, ".endif\nput y\nput q\nbad_instruction\n").unwrap();
    let o = gcnkit(&["asm", "--syntax", "clrx", "-D", "y", p1, p2], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("two.s:4:1: error"), "{}", err(&o));
    assert!(err(&o).contains("in 2 files"), "{}", err(&o));
    assert!(text(&o).is_empty());
    let o = gcnkit(&["asm", "--syntax", "clrx", "-D", "9y"], b"");
    assert_eq!(o.status.code(), Some(2));
    // clrxasm's settings as options: the alternate macro syntax, macro names' case, the
    // policy, switches' values.
    let src = b".macro M a\n.int a\n.endm\nM 5\n.get_policy p\n.int p\nv_add_f32 v1, v2, v3 clamp:2\n";
    let o = gcnkit(
        &[
            "asm",
            "--syntax",
            "clrx",
            "-a",
            "fiji",
            "--alternate",
            "-m",
            "--policy",
            "200",
            "--oldModParam",
        ],
        src,
    );
    assert_eq!(text(&o), "00000005\n000000c8\n02020702\n", "{}", err(&o));
    assert!(err(&o).contains("truncated"), "{}", err(&o));
    let o = gcnkit(
        &["asm", "--syntax", "clrx", "-a", "fiji", "-m"],
        b".macro M a\n.int \\a\n.endm\nm 5\n",
    );
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
}

/// `run`'s image and sampler arguments (OpenCL image kernels of ROCm's device library,
/// crates/gcnkit/tests/data/images): texels in, texels out with `--out`, and every malformed
/// or misplaced image or sampler a usage error (exit 2) naming what it wants, no output file.
#[test]
fn run_image_and_sampler_arguments() {
    let co = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../gcnkit/tests/data/images/images.gfx900.hsaco"
    );
    let d = tmpdir("images");
    let path = |n: &str| d.path().join(n).to_string_lossy().into_owned();
    // 2x2 floats stored through write_imagef into an r_float image come back as they are.
    let src: Vec<u8> = [1.5f32, -2.0, 0.25, 8.0]
        .iter()
        .flat_map(|f| [f.to_le_bytes(), [0; 4], [0; 4], [0; 4]].concat())
        .collect();
    std::fs::write(path("in"), &src).unwrap();
    let out = path("img");
    let file = format!("file:{}", path("in"));
    let o = gcnkit(
        &[
            "run",
            co,
            "--kernel",
            "store2d",
            "--grid",
            "2,2",
            "--block",
            "2,2",
            "--arg",
            "image:2,2,r_float",
            "--arg",
            &file,
            "--out",
            &format!("0={out}"),
        ],
        b"",
    );
    assert!(o.status.success(), "{}", err(&o));
    let texels: Vec<f32> = std::fs::read(&out)
        .unwrap()
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(texels, [1.5, -2.0, 0.25, 8.0]);
    // A file that is not the image's size, an unknown format, sizes the type does not take,
    // an image where a buffer goes, a malformed sampler.
    std::fs::write(path("small"), [0u8; 7]).unwrap();
    let small = format!("image:2,2,rgba_unorm8,{}", path("small"));
    let dest = path("never");
    for (args, says) in [
        (
            vec!["load2d", small.as_str(), "zeros:64", "zeros:16"],
            "holds 7 bytes; the image takes 16",
        ),
        (
            vec!["load2d", "image:2,2,rgba_unorm9", "zeros:64", "zeros:16"],
            "channel types are",
        ),
        (
            vec!["load2d", "image:2,2,2,rgba_unorm8", "zeros:64", "zeros:16"],
            "image2d_t takes 2 sizes",
        ),
        (
            vec!["load2d", "zeros:16", "zeros:64", "zeros:16"],
            "give an image (image:W[,H[,D]],FORMAT[,FILE])",
        ),
        (
            vec!["load2d", "image:2,2,r_float", "image:2,2,r_float", "zeros:16"],
            "give a buffer",
        ),
        (
            vec![
                "sample2d",
                "image:2,2,r_float",
                "sampler:normalized,wrap,linear",
                "zeros:64",
                "u64:0",
                "u64:0",
            ],
            "addressing modes are none, clamp_to_edge, clamp, repeat, mirrored_repeat",
        ),
        (
            vec![
                "sample2d",
                "image:2,2,r_float",
                "zeros:16",
                "zeros:64",
                "u64:0",
                "u64:0",
            ],
            "give a sampler",
        ),
    ] {
        let mut a = vec!["run", co, "--kernel", args[0], "--grid", "2,2", "--block", "2,2"];
        for x in &args[1..] {
            a.extend(["--arg", x]);
        }
        let spec = format!("0={dest}");
        a.extend(["--out", &spec]);
        let o = gcnkit(&a, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert!(err(&o).contains(says), "{args:?}: {}", err(&o));
        assert!(!std::path::Path::new(&dest).exists(), "{args:?} wrote its output");
    }
}
