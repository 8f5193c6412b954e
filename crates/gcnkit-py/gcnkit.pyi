"""gcnkit: assembler, disassembler and emulator for the AMD GCN instruction set on GCN 1.0,
1.1, 1.2 and 1.4, in the CLRX and LLVM dialects; and the kernel machine: the kernels of code
objects (CodeObject, Kernel) inspected, analysed and run on the CPU on NumPy arrays.

Arch names: "gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4", "gcn1.4.1" (gfx906; see ARCHS), or short, LLVM and CLRX names
("si", "ci", "vi", "gfx9", "tahiti", "gfx803", "polaris10", "gfx900", "vega10"...),
case-insensitive. Syntax names: "auto" (assembler only), "clrx", "llvm".
"""

import os
from typing import Any, Iterable, Literal, Sequence, TypedDict, Union, final, overload

from typing_extensions import NotRequired

__all__ = [
    "__version__",
    "ARCHS",
    "AssemblyError",
    "EmulationError",
    "AssemblyWarning",
    "LaunchError",
    "CodeObject",
    "Kernel",
    "KernelArg",
    "Local",
    "assemble",
    "assemble_words",
    "disassemble",
    "disassemble_text",
    "explain",
    "run",
]
__version__: str
ARCHS: list[str]
"""The canonical arch names: ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4", "gcn1.4.1"]."""

_Code = Union[bytes, bytearray, Iterable[int]]
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
    model for), or the state is wrong (unknown key, register out of range, bad value); or a
    kernel launch failed while it ran: the kernel machine's message ("memory fault: ...", the
    instruction budget, an instruction it has no model for)."""

class LaunchError(ValueError):
    """A kernel launch refused before it ran: a grid or block size out of range, a block
    larger than 1024 work-items or the kernel's max_flat_workgroup_size, or not its
    reqd_work_group_size, threads=0, an argument of a kind gcnkit cannot pass (images,
    pipes...). A wrong number or type of arguments raises TypeError, a value out of its
    type's range ValueError."""

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
    code: _Code,
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
    code: _Code,
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

# --- kernels of code objects ----------------------------------------------------------------

_BufferLike = Any
"""An object with the buffer protocol: a NumPy array, bytearray, memoryview, array.array..."""

_Sizes = Union[int, Sequence[int]]

_Profile = Union[dict[str, Any], str, os.PathLike[str]]
"""A run's profile: the record (a dict) or the path of its file."""
"""A size in 1 to 3 dimensions: an int (X) or a tuple (X,), (X, Y) or (X, Y, Z)."""

class _LaunchStats(TypedDict):
    """What a launch did (Kernel.launch's result)."""

    instructions: int
    """Instructions the waves executed (each wave's count, summed)."""
    vector_instructions: int
    lane_ops: int
    """Vector instructions times the lanes EXEC had on."""
    waves: int
    workgroups: int
    approximate: int
    """Executions of instructions whose result may differ from the GPU's in the last bit
    (transcendentals: correctly rounded here, within the GPU's 1 ULP)."""
    time: float
    """Seconds the launch took (wall clock)."""
    profile: NotRequired[dict[str, Any]]
    """With launch(..., profile=True): the run's profile, the record `gcnkit run --profile`
    writes (docs/json.md, *profile*): per instruction ("pcs") the times a wave executed it,
    the lanes active and the waits; for Kernel.analyze(profile=...)."""

@final
class Local:
    """A dynamic __local allocation of nbytes bytes per work-group, for a kernel's __local
    pointer argument (placed in LDS after the kernel's static LDS).

    >>> Local(256).nbytes
    256
    """

    nbytes: int
    def __new__(cls, nbytes: int) -> Local: ...

@final
class KernelArg:
    """One argument of a kernel as its metadata describes it."""

    index: int | None
    """Position among the arguments a launch takes (None for a hidden argument)."""
    name: str
    """The source name ("argN" when the metadata has none, e.g. OpenCL without
    -cl-kernel-arg-info; a hidden argument: its value kind)."""
    type_name: str | None
    """The source type where the metadata says ("float*", "uint")."""
    size: int
    offset: int
    """Byte offset in the kernarg segment."""
    kind: Literal["buffer", "value", "local", "hidden", "other"]
    """What a launch takes for it: an array ("buffer", a global pointer), a number ("value"),
    a Local ("local"); "hidden" arguments the dispatcher fills in; "other" gcnkit cannot
    pass."""
    value_kind: str
    """The metadata's value kind in code object v3's spelling ("global_buffer", "by_value",
    "dynamic_shared_pointer", "hidden_global_offset_x"...)."""
    address_space: str | None
    """"global", "constant", "local", "private", "generic" (pointers only)."""
    access: str | None
    """"read_only", "write_only" or "read_write" where the metadata says."""
    is_const: bool
    """The pointee is const: the array is not copied back."""

@final
class Kernel:
    """A kernel of a code object: its arguments and resources, and launches on the CPU (the
    kernel machine) with NumPy arrays, as CuPy's RawKernel or PyOpenCL's kernels take them."""

    name: str
    arch: str
    """The GPU generation ("gcn1.4")."""
    args: list[KernelArg]
    """The arguments a launch takes, in order."""
    hidden_args: list[KernelArg]
    """The arguments the dispatcher fills in (global offsets, grid sizes...)."""
    sgprs: int | None
    """SGPRs used (the metadata's count; None when it does not say)."""
    vgprs: int
    """VGPRs used (the metadata's count, else the descriptor's allocation)."""
    sgpr_spills: int | None
    vgpr_spills: int | None
    lds: int
    """Static LDS bytes per work-group (the group segment)."""
    scratch: int
    """Scratch bytes per work-item (the private segment)."""
    kernarg_size: int
    user_sgprs: int
    max_block: int | None
    """The largest work-group the kernel was compiled for (max_flat_workgroup_size)."""
    reqd_block: tuple[int, int, int] | None
    """The work-group size the kernel requires (reqd_work_group_size)."""
    wavefront_size: int
    code_object_version: int
    entry: int
    """The address of the kernel's first instruction in the loaded image."""
    descriptor: dict[str, int]
    """The kernel descriptor's fields: the .amdhsa_* directives' values (code object v3+,
    "next_free_vgpr", "group_segment_fixed_size"...) or the amd_kernel_code_t fields (v2)."""
    metadata: dict[str, Any] | None
    """The kernel's record of the metadata note (v3+: ".name", ".args", ".sgpr_count"...; v2:
    "Name", "Args", "CodeProps"...)."""

    def launch(
        self,
        *args: _BufferLike | int | float | Local,
        grid: _Sizes | None = None,
        block: _Sizes | None = None,
        blocks: _Sizes | None = None,
        threads: int | None = None,
        budget: int | None = None,
        profile: bool = False,
        cooperative: bool = False,
    ) -> _LaunchStats:
        """Runs the kernel over a grid on the CPU and returns what it did.

        args: one per entry of self.args. A pointer ("buffer") takes an array (any object with
        the buffer protocol, C-contiguous): its bytes are copied in, and after the run the
        bytes the kernel changed are copied back into it in place, unless it is read-only or
        the pointee is const. A value takes an int, float, bool or NumPy scalar, converted to
        the argument's type by its size (a float for an integer argument is a TypeError, an int
        out of its range a ValueError); bytes (or an array) of exactly its size are taken as
        they are (a struct). A __local pointer takes Local(nbytes).

        grid: the work-items in each dimension (OpenCL's global size, `gcnkit run --grid`;
        the last work-group of a dimension may be partial); or blocks: the work-groups (HIP's
        grid, `gcnkit run --blocks`). block: the work-group size (default: the kernel's
        reqd_work_group_size). threads: worker threads (default: the CPUs); budget:
        instructions one wave may execute before it is stopped as never ending. cooperative:
        a cooperative launch (HIP's hipLaunchCooperativeKernel, `gcnkit run --cooperative`):
        every work-group resident at once, so that grid-wide barriers (grid.sync()) work.

        The GIL is released while the kernel runs. Raises TypeError for a wrong number or type
        of arguments, LaunchError for a launch refused before it ran, EmulationError with the
        kernel machine's message for a failure while it ran ("memory fault: ...").
        """

    @overload
    def analyze(
        self, workgroup_size: int | None = None, format: Literal["dict"] = "dict", profile: _Profile | None = None
    ) -> dict[str, Any]: ...
    @overload
    def analyze(
        self, workgroup_size: int | None, format: Literal["text", "dot", "svg", "html"], profile: _Profile | None = None
    ) -> str: ...
    @overload
    def analyze(
        self,
        workgroup_size: int | None = None,
        *,
        format: Literal["text", "dot", "svg", "html"],
        profile: _Profile | None = None,
    ) -> str:
        """The kernel's static analysis, as `gcnkit analyze` makes it (docs/analyze.md):
        control-flow graph (blocks, loops, uniform and divergent branches, the functions it
        calls), live registers and their peak, resources and occupancy with what limits it,
        the instruction mix, a static cycle estimate per block ("cycles").

        profile: a profile of a run of this kernel put on its blocks (each block's "profile":
        its executions, share, lane utilisation, waits; the record's "profile": totals and the
        hot blocks; svg/html coloured by heat): a launch's result["profile"] (launch(...,
        profile=True)), or the path of a file `gcnkit run --profile` / `gcnkit exec --profile`
        wrote. A profile of other code raises ValueError.

        workgroup_size: for the occupancy (default: the kernel's reqd_work_group_size, else its
        max_flat_workgroup_size, else 256). format: "dict" (the record of `gcnkit analyze
        --format json`: "kernel", "arch", "blocks", "loops", "pressure", "resources",
        "occupancy", "mix"...; docs/json.md), "text" (the CLI's summary), "dot" (the graph
        for Graphviz), "svg" (the graph drawn, each block with its code) or "html" (a page:
        summary, register pressure along the code, graph).

        Raises ValueError for an unknown format or a kernel without code.
        """

    def __call__(
        self,
        *args: _BufferLike | int | float | Local,
        grid: _Sizes | None = None,
        block: _Sizes | None = None,
        blocks: _Sizes | None = None,
        threads: int | None = None,
        budget: int | None = None,
        profile: bool = False,
        cooperative: bool = False,
    ) -> _LaunchStats:
        """kernel(*args, grid=..., block=...): the same as launch()."""

@final
class CodeObject:
    """A code object loaded for inspection and kernel launches: an AMDGPU ELF (clang's .o,
    ld.lld's .hsaco; code object v2-v5), or a HIP program (an executable or shared library
    built by hipcc) whose fat binary holds code objects.

    source: a path (str or os.PathLike) or the file's bytes. arch: the GPU whose code objects
    to take from a HIP program built for several; for a code object, a check of its arch
    (another is a ValueError).

    Raises OSError when the file cannot be read, ValueError when it is not a code object (or
    a HIP program without code for arch).
    """

    arch: str
    """The GPU generation ("gcn1.4")."""
    processor: str
    """The processor ("gfx900")."""
    target: str
    """The target id ("amdgcn-amd-amdhsa--gfx906:sramecc-:xnack-")."""
    version: int
    """The code object version (2 to 5)."""
    kernels: list[str]
    """The kernels' names."""

    def __new__(cls, source: str | os.PathLike[str] | _BufferLike, arch: str | None = None) -> CodeObject: ...
    def kernel(self, name: str) -> Kernel:
        """The kernel called name (KeyError naming the kernels when there is none)."""
    def __getitem__(self, key: str, /) -> Kernel: ...
    def __contains__(self, key: object, /) -> bool: ...
    def __len__(self) -> int: ...
