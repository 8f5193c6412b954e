"""gcnkit: assembler, disassembler and emulator for the AMD GCN instruction set (the vector ALU,
the scalar ALU and scalar memory so far) on GCN 1.0, 1.1, 1.2 and 1.4, in the CLRX and LLVM
dialects.

Arch names: "gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4", "gcn1.4.1" (gfx906; see ARCHS), or short, LLVM and CLRX names
("si", "ci", "vi", "gfx9", "tahiti", "gfx803", "polaris10", "gfx900", "vega10"...),
case-insensitive. Syntax names: "auto" (assembler only), "clrx", "llvm".
"""

from typing import Any, Iterable, Literal, Union

__version__: str
ARCHS: list[str]
"""The canonical arch names: ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4", "gcn1.4.1"]."""

Code = Union[bytes, bytearray, Iterable[int]]
"""Machine code: little-endian bytes (a multiple of 4 long) or 32-bit words."""

class AssemblyError(ValueError):
    """The text does not assemble. str(e) is every diagnostic of the text, one after the
    other."""

    diagnostics: list[str]
    """Each diagnostic: "FILE:LINE:COL: error: MESSAGE", the source line, a caret under the
    offending text and, when there is a fix, a "help:" line. Warnings and notes of the same
    text are included."""

class EmulationError(ValueError):
    """The program assembled but cannot run (an instruction or operand the emulator has no
    model for), or the state is wrong (unknown key, register out of range, bad value)."""

class AssemblyWarning(UserWarning):
    """A warning of the assembler (the text assembled anyway), issued with warnings.warn:
    warnings.simplefilter("error", gcnkit.AssemblyWarning) turns it into an exception."""

def assemble(
    text: str,
    arch: str | None = None,
    syntax: Literal["auto", "clrx", "llvm"] | str = "auto",
) -> bytes:
    """Assembles GCN assembly text (a whole file: several lines, labels, directives...) to
    machine code, little-endian bytes.

    arch: the GPU; None: the text's target directive (.amdgcn_target, .gpu, .arch), else
    gcn1.2. syntax: "auto" (decided from the text), "clrx" or "llvm".

    Raises AssemblyError (a ValueError) listing every diagnostic, ValueError for an unknown
    arch or syntax name. Warnings are issued as AssemblyWarning.

    >>> assemble("v_add_f32 v1, v2, v3").hex()
    '02070202'
    """

def assemble_words(
    text: str,
    arch: str | None = None,
    syntax: Literal["auto", "clrx", "llvm"] | str = "auto",
) -> list[int]:
    """As assemble(), but the machine code as a list of 32-bit words.

    >>> [hex(w) for w in assemble_words("v_add_f32_e64 v1, -v2, |v3| clamp mul:2")]
    ['0xd1018201', '0x28020702']
    """

def disassemble(
    code: Code,
    arch: str | None = None,
    syntax: Literal["clrx", "llvm"] | str = "clrx",
) -> list[dict[str, Any]]:
    """Disassembles machine code to one dict per instruction: the JSON record of
    `gcnkit disasm --format json` (keys offset, words, arch, encoding, opcode, mnemonic, text,
    fields, operands, modifiers...). syntax is the dialect of the "text" field. arch: the GPU
    of raw code (None: "gcn1.2").

    Bytes starting with the ELF magic are read as `gcnkit disasm` reads them: an AMDGPU code
    object (its arch from its header; another arch is a ValueError; records of its kernel
    descriptors and notes come with the instructions), or a HIP program built by hipcc (its
    fat binary's code objects for arch, which a program built for several GPUs needs).

    Raises ValueError for a truncated instruction (naming its byte offset), bytes that are
    not a multiple of 4, a word out of range, or an unknown arch or syntax name.
    """

def disassemble_text(
    code: Code,
    arch: str | None = None,
    syntax: Literal["clrx", "llvm"] | str = "clrx",
) -> str:
    """Disassembles machine code to text: one instruction per line, each ending in a newline
    ("" for no code). Arguments and errors as disassemble(); a code object gives the CLI's
    whole text of it (in LLVM syntax, a source llvm-mc and gcnkit assemble back).

    >>> disassemble_text(bytes.fromhex("02070202"), syntax="llvm")
    'v_add_f32_e32 v1, v2, v3\\n'
    """

def explain(name: str, arch: str | None = None) -> str:
    """Everything the ISA table knows about an instruction (encodings, opcodes per arch,
    operands, modifiers, LLVM name), as text for people.

    name: the CLRX or LLVM mnemonic, with or without _e32/_e64. arch: that arch only; None:
    every arch that has the name.

    Raises KeyError for a name the table does not know (with the nearest known name when
    there is one), ValueError for an unknown arch name.
    """

def run(
    program: str,
    state: dict[str, Any] | str | None = None,
    arch: str | None = None,
    syntax: Literal["auto", "clrx", "llvm"] | str = "auto",
) -> dict[str, Any]:
    """Assembles program and runs it on one 64-lane wave; returns the final state.

    state: the initial state (None: EXEC all ones, everything else zero), a dict with keys
    "exec", "vcc" (64-bit masks), "m0", "mode", "scc", "sgprs" and "vgprs" (dicts of register
    number, "5" or "v5", to a value; a VGPR takes one value for all lanes or a list of up to
    64 lane values). Values are ints, floats (stored as their f32 bits) or strings
    ("0x3f800000", "1.5"). A str is taken as the state's JSON text.

    Returns a dict of the same shape, every value a lowercase hex string: "exec", "vcc",
    "m0", "mode", "scc", "sgprs" (registers non-zero or written) and "vgprs" (each a list of
    its 64 lanes).

    Raises AssemblyError when the program does not assemble, EmulationError when it cannot
    run or the state is wrong, ValueError for an unknown arch or syntax name, TypeError for a
    state that is not a dict or str.

    >>> run("v_add_f32 v2, v0, v1", {"vgprs": {"0": 1.0, "1": 2.0}})["vgprs"]["2"][0]
    '0x40400000'
    """
