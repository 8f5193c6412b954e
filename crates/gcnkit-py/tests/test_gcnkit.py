"""Tests of the Python package gcnkit (run by ../test.sh after building it)."""

import ast
import importlib.metadata
import inspect
import json
import pathlib
import warnings

import pytest

import gcnkit

ADD_E32 = bytes.fromhex("02070202")  # v_add_f32 v1, v2, v3 (GCN 1.2)
ADD_E64_WORDS = [0xD1018201, 0x28020702]  # v_add_f32_e64 v1, -v2, |v3| clamp mul:2 (GCN 1.2)


def lanes(value):
    return [value] * 64


# --- module ---------------------------------------------------------------------------------


def test_archs_and_version():
    assert gcnkit.ARCHS == ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4", "gcn1.4.1"]
    assert gcnkit.__version__ == importlib.metadata.version("gcnkit")
    assert gcnkit.__version__.count(".") == 2


def test_exception_classes():
    assert issubclass(gcnkit.AssemblyError, ValueError)
    assert issubclass(gcnkit.EmulationError, ValueError)
    assert issubclass(gcnkit.AssemblyWarning, UserWarning)
    assert gcnkit.AssemblyError.__module__ == "gcnkit"
    assert gcnkit.AssemblyError.__name__ == "AssemblyError"


def test_signatures_and_docstrings():
    sig = {
        "assemble": "(text, arch=None, syntax='auto')",
        "assemble_words": "(text, arch=None, syntax='auto')",
        "disassemble": "(code, arch=None, syntax='clrx')",
        "disassemble_text": "(code, arch=None, syntax='clrx')",
        "explain": "(name, arch=None)",
        "run": "(program, state=None, arch=None, syntax='auto')",
    }
    for name, want in sig.items():
        f = getattr(gcnkit, name)
        assert str(inspect.signature(f)) == want, name
        assert len(f.__doc__) > 80, name
    assert "GCN" in gcnkit.__doc__


def test_stub_covers_the_module():
    pkg = pathlib.Path(gcnkit.__file__).parent
    stub = pkg / "__init__.pyi"
    assert stub.is_file()
    assert (pkg / "py.typed").is_file()
    tree = ast.parse(stub.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    assert set(gcnkit.__all__) <= names
    # Every function of the stub has the runtime's parameters, in order.
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            runtime = list(inspect.signature(getattr(gcnkit, node.name)).parameters)
            assert [a.arg for a in node.args.args] == runtime, node.name


# --- assemble -------------------------------------------------------------------------------


def test_assemble_bytes():
    code = gcnkit.assemble("v_add_f32 v1, v2, v3")
    assert isinstance(code, bytes)
    assert code == ADD_E32
    assert gcnkit.assemble("v_add_f32 v1, v2, v3", arch="gcn1.2", syntax="clrx") == ADD_E32


def test_assemble_words_vop3():
    words = gcnkit.assemble_words("v_add_f32_e64 v1, -v2, |v3| clamp mul:2")
    assert words == ADD_E64_WORDS
    code = gcnkit.assemble("v_add_f32_e64 v1, -v2, |v3| clamp mul:2")
    assert code == b"".join(w.to_bytes(4, "little") for w in ADD_E64_WORDS)


def test_assemble_several_lines_literal_and_label():
    text = "v_add_f32 v1, 0x1234, v2\nv_mul_f32 v3, 1.0, v4\nlabel:\nv_mad_f32 v1, v2, v3, v4\n"
    words = gcnkit.assemble_words(text)
    assert words == [0x020204FF, 0x1234, 0x0A0608F2, 0xD1C10001, 0x04120702]
    assert gcnkit.assemble(text) == b"".join(w.to_bytes(4, "little") for w in words)
    assert gcnkit.assemble_words("") == []
    assert gcnkit.assemble("; only a comment\n") == b""


def test_assemble_crlf_lines():
    assert gcnkit.assemble("v_add_f32 v1, v2, v3\r\nv_add_f32 v1, v2, v3\r\n") == ADD_E32 * 2


def test_assemble_dialects():
    # LLVM's suffix, in auto and llvm modes.
    assert gcnkit.assemble("v_add_f32_e32 v1, v2, v3") == ADD_E32
    assert gcnkit.assemble("v_add_f32_e32 v1, v2, v3", syntax="LLVM") == ADD_E32
    # CLRX's `;` separates statements; LLVM's starts a comment.
    two = "v_add_f32 v1, v2, v3 ; v_mul_f32 v1, v2, v3"
    assert gcnkit.assemble_words(two, syntax="clrx") == [0x02020702, 0x0A020702]
    assert gcnkit.assemble_words(two, syntax="llvm") == [0x02020702]
    # CLRX's `vop3` modifier is not LLVM.
    assert gcnkit.assemble_words("v_add_f32 v1, v2, v3 vop3", syntax="clrx") == [0xD1010001, 0x00020702]
    with pytest.raises(gcnkit.AssemblyError, match="not an LLVM modifier"):
        gcnkit.assemble("v_add_f32 v1, v2, v3 vop3", syntax="llvm")


def test_assemble_arch():
    # v_add_u32: VOP2 0x34 without carry on GCN 1.4; with a carry out (VCC) on GCN 1.2.
    assert gcnkit.assemble_words("v_add_u32 v1, v2, v3", arch="gcn1.4") == [0x68020702]
    assert gcnkit.assemble_words("v_add_u32 v1, v2, v3", arch="GFX900") == [0x68020702]
    assert gcnkit.assemble_words("v_add_u32 v1, vcc, v2, v3") == [0x32020702]
    # GCN 1.0 numbers opcodes differently.
    assert gcnkit.assemble_words("v_add_f32 v1, v2, v3", arch="tahiti") == [0x06020702]


def test_assemble_target_directive_chooses_arch():
    text = '.amdgcn_target "amdgcn-amd-amdhsa--gfx900"\nv_add_u32 v1, v2, v3\n'
    assert gcnkit.assemble_words(text) == [0x68020702]
    assert gcnkit.assemble_words(text, arch="gcn1.4") == [0x68020702]
    # A given arch that differs from the file's target is an error.
    with pytest.raises(gcnkit.AssemblyError) as e:
        gcnkit.assemble_words(text, arch="gcn1.2")
    assert e.value.diagnostics[0].startswith("<text>:1:1: error: the file's target is gcn1.4")


def test_assembly_error_diagnostics():
    text = "v_add_f32 v1, v2, v3\nv_bogus v1, v2\n  v_add_f32 v1, v2\n"
    with pytest.raises(gcnkit.AssemblyError) as e:
        gcnkit.assemble(text)
    err = e.value
    assert isinstance(err, ValueError)
    d = err.diagnostics
    assert isinstance(d, list) and len(d) == 2
    assert d[0].startswith("<text>:2:1: error: unknown instruction 'v_bogus'")
    assert d[0].splitlines()[1:] == ["  v_bogus v1, v2", "  ^^^^^^^"]
    assert d[1].startswith("<text>:3:3: error: v_add_f32 takes 3 operands here, got 2")
    assert "help: operands: VDST, SRC0, SRC1" in d[1]
    assert str(err) == "\n".join(d)
    with pytest.raises(gcnkit.AssemblyError, match=r"<text>:1:\d+: error"):
        gcnkit.assemble_words("v_add_f32 v1, v2, v999")


def test_assembly_error_is_raised_for_any_error_and_keeps_no_output():
    # One bad line among good ones: nothing is returned.
    with pytest.raises(ValueError):
        gcnkit.assemble("v_add_f32 v1, v2, v3\n" * 5 + "v_add_f32 v1\n")


def test_assembly_warning():
    # clrxasm takes a second scalar value beyond the constant bus, with a warning.
    text = "v_fma_f32 v1, s1, m0, v2"
    with pytest.warns(gcnkit.AssemblyWarning, match=r"<text>:1:19: warning: .*constant bus") as rec:
        words = gcnkit.assemble_words(text, syntax="clrx")
    assert len(rec) == 1
    assert words == [0xD1CB0001, 0x0408F801]
    with warnings.catch_warnings():
        warnings.simplefilter("error", gcnkit.AssemblyWarning)
        with pytest.raises(gcnkit.AssemblyWarning):
            gcnkit.assemble(text, syntax="clrx")
    # No warning for clean text.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert gcnkit.assemble("v_add_f32 v1, v2, v3") == ADD_E32


@pytest.mark.parametrize("f", [gcnkit.assemble, gcnkit.assemble_words])
def test_assemble_bad_names(f):
    with pytest.raises(ValueError, match=r"unknown syntax 'intel'; accepted: auto, clrx, llvm"):
        f("v_add_f32 v1, v2, v3", syntax="intel")
    with pytest.raises(ValueError, match=r"unknown arch 'gfx1100'.*gcn1\.0\|si.*gcn1\.4") as e:
        f("v_add_f32 v1, v2, v3", arch="gfx1100")
    assert not isinstance(e.value, gcnkit.AssemblyError)
    with pytest.raises(TypeError):
        f(b"v_add_f32 v1, v2, v3")


# --- disassemble ----------------------------------------------------------------------------


def test_disassemble_record():
    (rec,) = gcnkit.disassemble(ADD_E32)
    assert rec["offset"] == 0
    assert rec["words"] == ["02020702"]
    assert rec["arch"] == "gcn1.2"
    assert rec["encoding"] == "VOP2"
    assert rec["opcode"] == 1
    assert rec["mnemonic"] == "v_add_f32"
    assert rec["text"] == "v_add_f32 v1, v2, v3"
    assert rec["fields"]["vdst"] == {"bits": [17, 24], "value": 1}
    assert rec["fields"]["vsrc1"]["value"] == 3
    assert [(o["role"], o["kind"], o["reg"]) for o in rec["operands"]] == [
        ("vdst", "vgpr", 1),
        ("src0", "vgpr", 2),
        ("src1", "vgpr", 3),
    ]
    # Exactly the JSON record: it serializes back to JSON.
    assert json.loads(json.dumps(rec)) == rec


def test_disassemble_inputs_and_offsets():
    words = [0x02020702] + ADD_E64_WORDS + [0x020204FF, 0x1234]
    code = b"".join(w.to_bytes(4, "little") for w in words)
    recs = gcnkit.disassemble(code)
    assert [r["offset"] for r in recs] == [0, 4, 12]
    assert [r["encoding"] for r in recs] == ["VOP2", "VOP3A", "VOP2"]
    assert recs[1]["words"] == ["d1018201", "28020702"]
    assert recs[2]["fields"]["literal"]["value"] == 0x1234
    assert gcnkit.disassemble(words) == recs
    assert gcnkit.disassemble(tuple(words)) == recs
    assert gcnkit.disassemble(bytearray(code)) == recs
    assert gcnkit.disassemble(b"") == []
    assert gcnkit.disassemble([]) == []


def test_disassemble_syntax_and_arch():
    (rec,) = gcnkit.disassemble(ADD_E32, syntax="llvm")
    assert rec["text"] == "v_add_f32_e32 v1, v2, v3"
    # Opcode numbers differ between generations: v_add_f32 is VOP2 opcode 3 on GCN 1.0.
    (r10,) = gcnkit.disassemble([0x06020702], arch="gcn1.0")
    assert (r10["arch"], r10["mnemonic"], r10["opcode"]) == ("gcn1.0", "v_add_f32", 3)
    (r14,) = gcnkit.disassemble([0x68020702], arch="gfx900", syntax="llvm")
    assert (r14["arch"], r14["text"]) == ("gcn1.4", "v_add_u32_e32 v1, v2, v3")


def test_disassemble_data_word():
    (rec,) = gcnkit.disassemble([0xFFFFFFFF])
    assert rec["encoding"] is None and rec["mnemonic"] is None
    assert rec["text"] == ".int 0xffffffff"


def test_disassemble_text():
    words = [0x02020702] + ADD_E64_WORDS + [0x020204FF, 0x1234]
    assert gcnkit.disassemble_text(words) == (
        "v_add_f32 v1, v2, v3\n"
        "v_add_f32 v1, -v2, abs(v3) mul:2 clamp\n"
        "v_add_f32 v1, 0x1234, v2 /* 6.53e-42f */\n"
    )
    assert gcnkit.disassemble_text(words, syntax="llvm") == (
        "v_add_f32_e32 v1, v2, v3\n"
        "v_add_f32_e64 v1, -v2, |v3| clamp mul:2\n"
        "v_add_f32_e32 v1, 0x1234, v2\n"
    )
    assert gcnkit.disassemble_text(b"") == ""


RUN_DATA = pathlib.Path(__file__).resolve().parents[2] / "gcnkit" / "tests" / "data" / "run"


def test_disassemble_reads_code_objects():
    data = (RUN_DATA / "int.gfx900.hsaco").read_bytes()
    recs = gcnkit.disassemble(data)
    instrs = [r for r in recs if "mnemonic" in r]
    # The code object's kernels' instructions, not the ELF bytes decoded as words.
    assert len(instrs) > 100
    assert all(r["arch"] == "gcn1.4" for r in instrs)
    assert "s_endpgm" in {r["mnemonic"] for r in instrs}
    assert any("kernel_descriptor" in r for r in recs)
    text = gcnkit.disassemble_text(data, syntax="llvm")
    assert '.amdgcn_target "amdgcn-amd-amdhsa--gfx900"' in text and "int_ops:" in text
    # The arch comes from the header: another is an error.
    with pytest.raises(ValueError, match="conflicts"):
        gcnkit.disassemble(data, arch="fiji")
    # Raw code still defaults to gcn1.2.
    assert gcnkit.disassemble_text([0x02020702]) == "v_add_f32 v1, v2, v3\n"


@pytest.mark.parametrize("f", [gcnkit.disassemble, gcnkit.disassemble_text])
def test_disassemble_errors(f):
    with pytest.raises(ValueError, match="5 bytes, not a multiple of 4"):
        f(ADD_E32 + b"\x00")
    # A literal that is cut off: the instruction needs 2 words.
    with pytest.raises(ValueError, match=r"byte offset 0 \(0x0\): instruction needs 2 words but only 1 remain"):
        f(bytes.fromhex("ff060202"))
    with pytest.raises(ValueError, match=r"byte offset 4 \(0x4\)"):
        f([0x02020702, 0x020206FF])
    with pytest.raises(ValueError, match="byte offset 4"):
        f([0x02020702, ADD_E64_WORDS[0]])
    with pytest.raises(ValueError, match=r"word 1 \(4294967296\) is not a 32-bit value"):
        f([0x02020702, 1 << 32])
    with pytest.raises(ValueError, match=r"word 0 \(-1\) is not a 32-bit value"):
        f([-1])
    with pytest.raises(TypeError, match="not str"):
        f("02070202")
    with pytest.raises(TypeError, match="word 0: expected an int, got float"):
        f([1.5])
    with pytest.raises(TypeError):
        f(None)
    with pytest.raises(ValueError, match=r"unknown syntax 'auto'; accepted: clrx, llvm"):
        f(ADD_E32, syntax="auto")
    with pytest.raises(ValueError, match=r"unknown arch 'gcn2'.*tahiti"):
        f(ADD_E32, arch="gcn2")


# --- round trips ----------------------------------------------------------------------------

ROUND_TRIP = [
    ("gcn1.2", "v_add_f32 v1, v2, v3"),
    ("gcn1.2", "v_add_f32_e64 v1, -v2, |v3| clamp mul:2"),
    ("gcn1.2", "v_add_f32 v1, 0x1234, v2"),
    ("gcn1.2", "v_mul_f32 v3, 1.0, v4"),
    ("gcn1.2", "v_mad_f32 v1, v2, v3, v4"),
    ("gcn1.2", "v_cmp_gt_u32 vcc, v0, v1"),
    ("gcn1.2", "v_cndmask_b32 v1, v2, v3, vcc"),
    ("gcn1.2", "v_add_u32 v1, vcc, v2, v3"),
    ("gcn1.2", "v_fma_f32 v1, s1, -v2, 0.5"),
    ("gcn1.0", "v_add_f32 v1, v2, v3"),
    ("gcn1.0", "v_mac_legacy_f32 v1, v2, v3"),
    ("gcn1.1", "v_cmp_lt_f64 s[2:3], v[0:1], v[2:3]"),
    ("gcn1.4", "v_add_u32 v1, v2, v3"),
    ("gcn1.4", "v_fma_f16 v1, v2, v3, v4"),
]


@pytest.mark.parametrize("syntax", ["clrx", "llvm"])
@pytest.mark.parametrize("arch,text", ROUND_TRIP)
def test_round_trip(arch, text, syntax):
    code = gcnkit.assemble(text, arch=arch)
    assert len(code) in (4, 8, 12)
    listing = gcnkit.disassemble_text(code, arch=arch, syntax=syntax)
    assert listing.count("\n") == 1
    assert gcnkit.assemble(listing, arch=arch, syntax=syntax) == code
    # And from the record's text, in auto mode.
    (rec,) = gcnkit.disassemble(code, arch=arch, syntax=syntax)
    assert rec["text"] == listing.rstrip("\n")
    assert gcnkit.assemble(rec["text"], arch=arch) == code


def test_round_trip_known_bytes():
    assert gcnkit.disassemble_text(ADD_E32) == "v_add_f32 v1, v2, v3\n"
    llvm = gcnkit.disassemble_text(ADD_E64_WORDS, syntax="llvm")
    assert llvm == "v_add_f32_e64 v1, -v2, |v3| clamp mul:2\n"
    assert gcnkit.assemble_words(llvm, syntax="llvm") == ADD_E64_WORDS
    clrx = gcnkit.disassemble_text(ADD_E64_WORDS, syntax="clrx")
    assert gcnkit.assemble_words(clrx, syntax="clrx") == ADD_E64_WORDS


def test_round_trip_whole_program():
    text = "v_add_f32 v1, v2, v3\nv_add_f32_e64 v1, -v2, |v3| clamp mul:2\nv_add_f32 v1, 0x1234, v2\n"
    code = gcnkit.assemble(text)
    for syntax in ("clrx", "llvm"):
        listing = gcnkit.disassemble_text(code, syntax=syntax)
        assert len(listing.splitlines()) == 3
        assert gcnkit.assemble(listing, syntax=syntax) == code


# --- explain --------------------------------------------------------------------------------


def test_explain():
    text = gcnkit.explain("v_add_f32")
    assert text.startswith("v_add_f32\n")
    for line in ("gcn1.0  VOP2 3 (0x3), VOP3A 259 (0x103)", "gcn1.2  VOP2 1 (0x1), VOP3A 257 (0x101)"):
        assert line in text
    assert "operation: VDST = (FLOAT)SRC0 + (FLOAT)SRC1" in text
    # LLVM names and case are taken.
    assert gcnkit.explain("V_ADD_F32_E64") == text


def test_explain_arch():
    vi = gcnkit.explain("v_add_u32", arch="gcn1.2")
    gfx9 = gcnkit.explain("v_add_u32", arch="gfx900")
    assert "gcn1.2  VOP2 25 (0x19), VOP3B 281 (0x119)" in vi
    assert "gcn1.4  VOP2 52 (0x34), VOP3A 308 (0x134)" in gfx9
    assert "gcn1.4  VOP2" not in vi
    with pytest.raises(ValueError, match="unknown arch 'gfx1100'"):
        gcnkit.explain("v_add_f32", arch="gfx1100")


def test_explain_unknown():
    with pytest.raises(KeyError) as e:
        gcnkit.explain("v_add_f3")
    assert e.value.args[0] == "unknown instruction 'v_add_f3' (did you mean 'v_add_f32'?)"
    with pytest.raises(KeyError, match="unknown instruction 's_nopp'"):
        gcnkit.explain("s_nopp")
    # The scalar unit is in the table too.
    assert "SOPP" in gcnkit.explain("s_nop")


# --- run ------------------------------------------------------------------------------------


def test_run_add_f32():
    out = gcnkit.run("v_add_f32 v2, v0, v1", {"vgprs": {"0": 1.0, "1": 2.0}})
    assert out["vgprs"]["2"] == lanes("0x40400000")  # 3.0
    assert out["vgprs"]["0"] == lanes("0x3f800000")
    assert out["exec"] == "0xffffffffffffffff"
    assert out["vcc"] == "0x0000000000000000"
    assert set(out) == {"exec", "vcc", "m0", "mode", "scc", "sgprs", "vgprs"}
    # Hex strings and "v" keys in the state mean the same.
    assert gcnkit.run("v_add_f32 v2, v0, v1", {"vgprs": {"v0": "0x3f800000", "v1": "2.0"}}) == out


def test_run_exec_masking():
    state = {"exec": "0x00000000ffffffff", "vgprs": {"0": 1.0, "1": 2.0, "2": 7}}
    out = gcnkit.run("v_add_f32 v2, v0, v1", state)
    assert out["exec"] == "0x00000000ffffffff"
    assert out["vgprs"]["2"] == ["0x40400000"] * 32 + ["0x7"] * 32


def test_run_lanes_sgprs_and_vcc():
    state = {"vgprs": {"0": list(range(64)), "1": 31}}
    out = gcnkit.run("v_cmp_gt_u32 vcc, v0, v1", state)
    assert out["vcc"] == "0xffffffff00000000"
    out = gcnkit.run("v_add_f32 v1, s4, v0", {"sgprs": {"4": 2.5}, "vgprs": {"0": 0.5}})
    assert out["sgprs"] == {"4": "0x40200000"}
    assert out["vgprs"]["1"] == lanes("0x40400000")


def test_run_several_instructions_and_carry():
    program = "v_add_u32 v1, vcc, v2, v3\nv_addc_u32 v4, vcc, v5, v6, vcc\n"
    out = gcnkit.run(program, {"vgprs": {"2": 0xFFFFFFFF, "3": 1, "5": 10, "6": 20}})
    assert out["vgprs"]["1"] == lanes("0x0")
    assert out["vgprs"]["4"] == lanes("0x1f")  # 10 + 20 + carry
    assert out["vcc"] == "0x0000000000000000"


def test_run_arch_and_state_forms():
    # v_add_u32 has no carry on GCN 1.4: three operands.
    out = gcnkit.run("v_add_u32 v1, v2, v3", {"vgprs": {"2": 1, "3": 2}}, arch="gcn1.4")
    assert out["vgprs"]["1"] == lanes("0x3")
    target = '.amdgcn_target "amdgcn-amd-amdhsa--gfx900"\nv_add_u32 v1, v2, v3\n'
    assert gcnkit.run(target, {"vgprs": {"2": 1, "3": 2}}) == out
    # The state as JSON text, and no state at all (the reset state).
    assert gcnkit.run("v_add_u32 v1, v2, v3", '{"vgprs": {"2": 1, "3": 2}}', arch="gfx900") == out
    reset = gcnkit.run("v_add_f32 v0, 1.0, v1")
    assert reset["exec"] == "0xffffffffffffffff"
    assert reset["vgprs"] == {"0": lanes("0x3f800000")}
    assert reset["sgprs"] == {}
    assert gcnkit.run("v_add_f32 v0, 1.0, v1", None) == reset
    # The state dict is not changed.
    state = {"vgprs": {"0": [1] * 64}}
    gcnkit.run("v_add_f32 v0, 2.0, v1", state)
    assert state == {"vgprs": {"0": [1] * 64}}


def test_run_assembly_error():
    with pytest.raises(gcnkit.AssemblyError) as e:
        gcnkit.run("v_add_f32 v2, v0, v1\nv_bogus v1\n", {"vgprs": {"0": 1.0}})
    assert e.value.diagnostics[0].startswith("<program>:2:1: error: unknown instruction 'v_bogus'")
    assert not isinstance(e.value, gcnkit.EmulationError)


def test_run_emulation_errors():
    with pytest.raises(gcnkit.EmulationError, match=r"^state: bogus: unknown key"):
        gcnkit.run("v_add_f32 v2, v0, v1", {"bogus": 1})
    with pytest.raises(gcnkit.EmulationError, match=r"vgprs\.300: v300 does not exist"):
        gcnkit.run("v_add_f32 v2, v0, v1", {"vgprs": {"300": 1}})
    with pytest.raises(gcnkit.EmulationError, match=r"65 lane values"):
        gcnkit.run("v_add_f32 v2, v0, v1", {"vgprs": {"1": [0] * 65}})
    with pytest.raises(gcnkit.EmulationError, match=r"^<program>:2: not an executable instruction"):
        gcnkit.run("v_add_f32 v2, v0, v1\n.long 0x12345678\n")
    with pytest.raises(gcnkit.EmulationError, match=r"unsupported: lds_direct"):
        gcnkit.run("v_add_f32 v1, lds_direct, v2")
    with pytest.raises(gcnkit.EmulationError, match="not valid JSON"):
        gcnkit.run("v_add_f32 v2, v0, v1", "{")
    assert issubclass(gcnkit.EmulationError, ValueError)


def test_run_bad_arguments():
    with pytest.raises(TypeError, match="state must be a dict"):
        gcnkit.run("v_add_f32 v2, v0, v1", [1, 2])
    with pytest.raises(TypeError):
        gcnkit.run("v_add_f32 v2, v0, v1", {"vgprs": {"0": object()}})
    with pytest.raises(ValueError, match="unknown syntax 'gas'"):
        gcnkit.run("v_add_f32 v2, v0, v1", syntax="gas")
    with pytest.raises(ValueError, match="unknown arch 'rdna'"):
        gcnkit.run("v_add_f32 v2, v0, v1", arch="rdna")


# --- documentation --------------------------------------------------------------------------


def test_docstring_examples():
    import doctest

    # The module's docstring, and the examples of the stub's docstrings (what editors show).
    assert doctest.testmod(gcnkit, raise_on_error=True).attempted >= 2
    stub = ast.parse((pathlib.Path(gcnkit.__file__).parent / "__init__.pyi").read_text())
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner()
    tried = 0
    for node in stub.body:
        doc = ast.get_docstring(node) if isinstance(node, ast.FunctionDef) else None
        if doc and ">>>" in doc:
            test = parser.get_doctest(doc, vars(gcnkit).copy(), node.name, "__init__.pyi", node.lineno)
            result = runner.run(test)
            assert result.failed == 0, node.name
            tried += result.attempted
    assert tried >= 4
