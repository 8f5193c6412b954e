//! The `gcnkit` binary against DESIGN.md's command-line contract.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn gcnkit(args: &[&str], stdin: &[u8]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gcnkit"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    c.stdin.take().unwrap().write_all(stdin).unwrap();
    c.wait_with_output().unwrap()
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn tmpdir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("gcnkit-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
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
    let d = tmpdir("bin");
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
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 2);
}

#[test]
fn disasm_truncated_literal_is_an_error_and_leaves_no_file() {
    let d = tmpdir("trunc");
    let out = d.join("out.s");
    let o = gcnkit(
        &["disasm", "--input", "words", "-o", out.to_str().unwrap()],
        b"02020702 020206ff\n",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("offset 0x4"), "{}", err(&o));
    assert!(!out.exists());
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 0);
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
    let d = tmpdir("odd");
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
        b"02020702 d1018201 28020702 bf810000",
    );
    let out = text(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[1].contains("\"words\": [\"d1018201\", \"28020702\"]"));
    assert!(lines[1].contains("\"offset\": 4"));
    assert!(lines[2].contains("\"encoding\": null"));
}

#[test]
fn undecodable_words_print_as_data() {
    let o = gcnkit(&["disasm", "--input", "words"], b"bf810000");
    assert_eq!(text(&o), ".int 0xbf810000\n");
    let o = gcnkit(&["disasm", "--input", "words", "--syntax", "llvm"], b"bf810000");
    assert_eq!(text(&o), ".long 0xbf810000\n");
}
