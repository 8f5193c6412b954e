"""Kernels of code objects from Python: loading, inspection, launches on NumPy arrays (run by
../test.sh after building the package). The kernels are the project's compiled OpenCL kernels
(tools/run-kernels/src/*.cl, built into crates/gcnkit/tests/data/run/); the CLI's tests
(crates/gcnkit-cli/tests/run_kernels.rs) run the same ones."""

import ast
import inspect
import os
import pathlib
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import gcnkit

RUN_DATA = pathlib.Path(__file__).resolve().parents[2] / "gcnkit" / "tests" / "data" / "run"
BENCH = RUN_DATA / "bench.gfx900.hsaco"


@pytest.fixture(scope="module")
def bench():
    return gcnkit.CodeObject(BENCH)


def test_stubtest():
    # mypy's stubtest: the stub against the runtime module (names, signatures, positional-only
    # slots, @final classes). The native submodule gcnkit.gcnkit has no stub of its own.
    pytest.importorskip("mypy.stubtest")
    allow = pathlib.Path(__file__).with_name("stubtest-allowlist.txt")
    r = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "gcnkit", "--ignore-disjoint-bases", "--allowlist", str(allow)],
        capture_output=True,
        text=True,
        cwd=pathlib.Path(__file__).parent,
        timeout=600,
    )
    assert r.returncode == 0, r.stdout + r.stderr


# --- loading and inspection -----------------------------------------------------------------


def test_stub_classes_match_the_runtime():
    stub = ast.parse((pathlib.Path(gcnkit.__file__).parent / "__init__.pyi").read_text())
    classes = {n.name: n for n in stub.body if isinstance(n, ast.ClassDef)}
    for name in ["CodeObject", "Kernel", "KernelArg", "Local", "LaunchError"]:
        assert name in classes, name
        runtime = getattr(gcnkit, name)
        assert runtime.__module__ == "gcnkit"
        body = classes[name].body
        attrs = {n.target.id for n in body if isinstance(n, ast.AnnAssign)}
        methods = {n.name: n for n in body if isinstance(n, ast.FunctionDef)}
        for a in attrs:
            assert hasattr(runtime, a), f"{name}.{a}"
        for m, node in methods.items():
            if m.startswith("__") and m != "__new__":
                continue  # slots (__getitem__...) have the interpreter's signatures
            want = [a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs]
            if node.args.vararg:
                want.insert(len(node.args.posonlyargs + node.args.args), node.args.vararg.arg)
            f = runtime if m == "__new__" else getattr(runtime, m)
            got = list(inspect.signature(f).parameters)
            if m == "__new__":
                want = want[1:]  # the signature of the class leaves cls out
            assert got == want, f"{name}.{m}"
    # Every public attribute of the runtime classes is in the stub.
    for name in ["CodeObject", "Kernel", "KernelArg", "Local"]:
        body = classes[name].body
        stubbed = {n.target.id for n in body if isinstance(n, ast.AnnAssign)}
        stubbed |= {n.name for n in body if isinstance(n, ast.FunctionDef)}
        public = {a for a in dir(getattr(gcnkit, name)) if not a.startswith("_")}
        assert public <= stubbed, (name, public - stubbed)


def test_load_from_path_bytes_and_pathlike(bench):
    assert bench.arch == "gcn1.4"
    assert bench.processor == "gfx900"
    assert bench.target.startswith("amdgcn-amd-amdhsa--gfx900")
    assert bench.version >= 3
    assert {"saxpy", "mandelbrot"} <= set(bench.kernels)
    assert len(bench) == len(bench.kernels)
    assert "saxpy" in bench and "nope" not in bench
    data = BENCH.read_bytes()
    for source in (data, bytearray(data), memoryview(data), str(BENCH)):
        assert gcnkit.CodeObject(source).kernels == bench.kernels
    assert "saxpy" in repr(bench)


def test_load_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match="no-such.hsaco"):
        gcnkit.CodeObject(tmp_path / "no-such.hsaco")
    with pytest.raises(ValueError):
        gcnkit.CodeObject(b"not a code object")
    with pytest.raises(ValueError, match="conflicts"):
        gcnkit.CodeObject(BENCH, arch="tahiti")
    with pytest.raises(ValueError, match="unknown arch"):
        gcnkit.CodeObject(BENCH, arch="gfx1100")
    with pytest.raises(TypeError, match="path or bytes"):
        gcnkit.CodeObject(42)
    with pytest.raises(KeyError, match="saxpy"):
        gcnkit.CodeObject(BENCH).kernel("nope")


def test_kernel_inspection(bench):
    k = bench.kernel("saxpy")
    assert k is not None and bench["saxpy"].name == "saxpy"
    assert k.arch == "gcn1.4"
    assert [a.kind for a in k.args] == ["buffer", "buffer", "value", "value"]
    assert [a.type_name for a in k.args] == ["float*", "float*", "float", "uint"]
    assert [a.index for a in k.args] == [0, 1, 2, 3]
    assert [(a.offset, a.size) for a in k.args] == [(0, 8), (8, 8), (16, 4), (20, 4)]
    y, x = k.args[0], k.args[1]
    assert y.address_space == "global" and y.value_kind == "global_buffer"
    assert not y.is_const and x.is_const
    assert all(a.kind == "hidden" and a.index is None for a in k.hidden_args)
    assert k.sgprs == k.metadata[".sgpr_count"] > 0
    assert k.vgprs == k.metadata[".vgpr_count"] > 0
    assert k.max_block == 256
    assert k.reqd_block is None
    assert k.wavefront_size == 64
    assert k.lds == 0 and k.scratch == 0
    assert k.kernarg_size >= 24 and k.user_sgprs > 0
    assert k.entry % 256 == 0
    assert k.descriptor["next_free_vgpr"] >= k.vgprs
    assert k.descriptor["kernarg_size"] == k.kernarg_size
    assert k.metadata[".name"] == "saxpy"
    assert k.code_object_version == bench.version
    assert repr(k) == "<gcnkit.Kernel saxpy(float* arg0, float* arg1, float arg2, uint arg3)>"
    assert "float*" in repr(y)


def test_inspection_code_object_v2():
    co = gcnkit.CodeObject(RUN_DATA / "manyargs.gfx900.v2.hsaco")
    assert co.version == 2
    k = co.kernel(co.kernels[0])
    assert k.code_object_version == 2
    assert "Args" in k.metadata
    assert "workitem_vgpr_count" in k.descriptor or len(k.descriptor) > 20
    assert any(a.address_space == "global" for a in k.args)


def test_reqd_block_and_local():
    lds = gcnkit.CodeObject(RUN_DATA / "lds.gfx900.hsaco")
    assert lds.kernel("matmul_tiled").reqd_block == (16, 16, 1)
    scan = lds.kernel("scan_u32")
    assert [a.kind for a in scan.args] == ["buffer", "buffer", "buffer", "local", "value"]
    assert scan.args[3].address_space == "local"


def test_analyze(bench):
    k = bench.kernel("mandelbrot")
    a = k.analyze()
    assert a["kernel"] == "mandelbrot" and a["arch"] == "gcn1.4"
    assert len(a["loops"]) == 1  # the escape-time loop
    assert a["occupancy"]["workgroup_size"] == k.max_block == 256
    assert k.analyze(64)["occupancy"]["workgroup_size"] == 64
    assert a["resources"] and a["mix"] and a["pressure"]
    text = k.analyze(format="text")
    assert "mandelbrot" in text and "occupancy" in text.lower()
    assert k.analyze(format="dot").startswith("digraph")
    assert "<svg" in k.analyze(format="svg")
    html = k.analyze(256, "html")
    assert "<html" in html.lower() and "mandelbrot" in html
    with pytest.raises(ValueError, match="unknown format 'xml'; accepted: dict, text, dot, svg, html"):
        k.analyze(format="xml")
    # a code object v2 and an unlinked object analyse too
    for name in ["manyargs.gfx900.v2.hsaco", "bench.gfx900.o"]:
        co = gcnkit.CodeObject(RUN_DATA / name)
        assert co.kernel(co.kernels[0]).analyze()["kernel"] == co.kernels[0]


def test_profile(bench, tmp_path):
    """launch(..., profile=True) takes the run's profile; analyze(profile=...) puts it on the
    blocks: their executions add up to the launch's instructions, the lanes to its lane-ops."""
    k = bench.kernel("mandelbrot")
    w, h = 45, 30
    out = np.zeros(w * h, dtype=np.uint32)
    stats = k(out, w, h, -2.0, -1.25, 2.5 / w, 2.5 / h, 200, grid=(w, h), block=(16, 8), profile=True)
    p = stats["profile"]
    assert p["profile"] == 1 and p["kernel"] == "mandelbrot"
    assert p["instructions"] == stats["instructions"] and p["waves"] == stats["waves"]
    assert sum(x["count"] for x in p["pcs"]) == stats["instructions"]
    assert "profile" not in k(out, w, h, -2.0, -1.25, 2.5 / w, 2.5 / h, 200, grid=(w, h), block=(16, 8))
    a = k.analyze(profile=p)
    assert a["profile"]["instructions"] == stats["instructions"]
    assert a["profile"]["lane_ops"] == stats["lane_ops"]
    assert sum(b["profile"]["executed"] for b in a["blocks"]) == stats["instructions"]
    hot = a["blocks"][a["profile"]["hot"][0]]
    assert hot["loop_depth"] == 1
    assert all(b["cycles"]["estimate"] >= 4 * b["instructions"] for b in a["blocks"])
    # A file as `gcnkit run --profile` writes it, and the pictures.
    f = tmp_path / "m.json"
    f.write_text(__import__("json").dumps(p))
    assert k.analyze(profile=f)["profile"] == a["profile"]
    assert "hot blocks:" in k.analyze(format="text", profile=str(f))
    assert "<h2>Profile</h2>" in k.analyze(format="html", profile=p)
    # Another kernel's profile, no profile at all: refused.
    with pytest.raises(ValueError, match="other code"):
        bench.kernel("saxpy").analyze(profile=p)
    with pytest.raises(ValueError, match="not a gcnkit profile"):
        k.analyze(profile={"kernel": "mandelbrot"})
    with pytest.raises(TypeError, match="a dict or a path"):
        k.analyze(profile=3)


# --- launches -------------------------------------------------------------------------------


def test_saxpy(bench):
    rng = np.random.default_rng(29)
    saxpy = bench.kernel("saxpy")
    for n, block in [(1000, 256), (4099, 64)]:
        x = rng.uniform(-100, 100, n).astype(np.float32)
        y = rng.uniform(-100, 100, n).astype(np.float32)
        want = np.float32(1.5) * x + y
        x0 = x.copy()
        stats = saxpy(y, x, 1.5, n, grid=n, block=block)
        np.testing.assert_array_equal(y, want)  # bit-exact
        np.testing.assert_array_equal(x, x0)
        assert stats["waves"] == -(-n // block) * -(-block // 64)
        assert stats["workgroups"] == -(-n // block)
        assert stats["instructions"] > 0 and stats["time"] >= 0
        assert set(stats) == {
            "instructions",
            "vector_instructions",
            "lane_ops",
            "waves",
            "workgroups",
            "approximate",
            "time",
        }


def test_saxpy_numpy_scalars_blocks_and_launch(bench):
    saxpy = bench.kernel("saxpy")
    x = np.arange(256, dtype=np.float32)
    y = np.ones(256, dtype=np.float32)
    # blocks= counts work-groups (HIP's grid); NumPy scalars for the values.
    saxpy.launch(y, x, np.float32(2.0), np.uint32(256), blocks=(4,), block=(64,), threads=1)
    np.testing.assert_array_equal(y, 2 * x + 1)
    # An int for a float argument is converted; n limits the work-items.
    y[:] = 0
    saxpy(y, x, 3, 100, grid=(256, 1, 1), block=(64, 1, 1))
    np.testing.assert_array_equal(y[:100], 3 * x[:100])
    assert not y[100:].any()


def test_only_writable_arrays_are_written(bench):
    saxpy = bench.kernel("saxpy")
    x = np.arange(64, dtype=np.float32)
    y = np.ones(64, dtype=np.float32)
    y.flags.writeable = False
    saxpy(y, x, 2.0, 64, grid=64, block=64)  # runs; the read-only array is an input only
    np.testing.assert_array_equal(y, np.ones(64, dtype=np.float32))
    # bytes and bytearray are buffers too
    out = bytearray(64 * 4)
    saxpy(out, x.tobytes(), 2.0, 64, grid=64, block=64)
    np.testing.assert_array_equal(np.frombuffer(out, dtype=np.float32), 2 * x)


def mandelbrot_ref(w, h, x0, y0, dx, dy, max_iter):
    # bench.cl's loop on every pixel at once, in float32, each operation rounded as the kernel's.
    f = np.float32
    px, py = np.meshgrid(np.arange(w, dtype=f), np.arange(h, dtype=f))
    cx = f(x0) + px * f(dx)
    cy = f(y0) + py * f(dy)
    x = np.zeros_like(cx)
    y = np.zeros_like(cx)
    it = np.zeros(cx.shape, dtype=np.uint32)
    active = np.ones(cx.shape, dtype=bool)
    for _ in range(max_iter):
        x2, y2 = x * x, y * y
        active &= ~(x2 + y2 > f(4))
        xy = x * y
        y = np.where(active, (xy + xy) + cy, y)
        x = np.where(active, (x2 - y2) + cx, x)
        it += active
    return it


def test_mandelbrot_2d(bench):
    w, h, max_iter = 45, 30, 200
    dx, dy = np.float32(2.5) / np.float32(45), np.float32(2.5) / np.float32(30)
    out = np.zeros((h, w), dtype=np.uint32)  # a 2-D array is one buffer, row-major
    stats = bench.kernel("mandelbrot")(out, w, h, -2.0, -1.25, dx, dy, max_iter, grid=(w, h), block=(16, 8))
    with np.errstate(over="ignore"):
        want = mandelbrot_ref(w, h, -2.0, -1.25, dx, dy, max_iter)
    np.testing.assert_array_equal(out, want)
    assert stats["workgroups"] == 3 * 4


def stencil_ref(a):
    p = np.pad(a, 1, mode="edge")
    s = p[1:-1, :-2] + p[1:-1, 2:]
    s = s + p[:-2, 1:-1]
    s = s + p[2:, 1:-1]
    return a * np.float32(0.5) + s * np.float32(0.125)


@pytest.mark.parametrize("w,h,block", [(37, 23, (16, 8)), (70, 5, (32, 2)), (1, 9, (1, 4))])
def test_stencil_partial_workgroups(w, h, block):
    k = gcnkit.CodeObject(RUN_DATA / "stencil.gfx900.hsaco").kernel("stencil2d")
    a = np.random.default_rng(w * h).random((h, w), dtype=np.float32)
    out = np.full((h, w), np.nan, dtype=np.float32)
    k(a, out, w, h, grid=(w, h), block=block)
    np.testing.assert_array_equal(out, stencil_ref(a))


@pytest.mark.parametrize(
    "name",
    ["bench.tahiti.hsaco", "bench.bonaire.hsaco", "bench.fiji.hsaco", "bench.fiji.v3.hsaco", "bench.gfx900.o", "bench.gfx900.v5.o"],
)
def test_saxpy_other_gpus_and_objects(name):
    # GCN 1.0, 1.1, 1.2; code object v3, a relocatable object (v4), code object v5
    k = gcnkit.CodeObject(RUN_DATA / name).kernel("saxpy")
    x = np.linspace(-4, 4, 300, dtype=np.float32)
    y = np.linspace(1, 2, 300, dtype=np.float32)
    want = np.float32(0.75) * x + y
    k(y, x, 0.75, 300, grid=300, block=128)
    np.testing.assert_array_equal(y, want)


def test_matmul_block_from_reqd_work_group_size():
    k = gcnkit.CodeObject(RUN_DATA / "lds.gfx900.hsaco").kernel("matmul_tiled")
    m, n, kk = 21, 35, 19
    rng = np.random.default_rng(7)
    a = rng.uniform(-1, 1, (m, kk)).astype(np.float32)
    b = rng.uniform(-1, 1, (kk, n)).astype(np.float32)
    c = np.zeros((m, n), dtype=np.float32)
    # no block=: the kernel's reqd_work_group_size (16, 16); blocks= whole tiles; two threads
    stats = k(a, b, c, m, n, kk, blocks=(-(-n // 16), -(-m // 16)), threads=2)
    want = np.zeros((m, n), dtype=np.float32)
    for j in range(kk):  # the kernel's order: acc = acc + a * b, each rounded
        want = want + a[:, j, None] * b[None, j, :]
    np.testing.assert_array_equal(c, want)
    assert stats["workgroups"] == 3 * 2


def test_scan_with_local_memory():
    k = gcnkit.CodeObject(RUN_DATA / "lds.gfx900.hsaco").kernel("scan_u32")
    n, size = 1000, 128
    groups = -(-n // size)
    a = np.random.default_rng(5).integers(0, 1000, n, dtype=np.uint32)
    out = np.zeros(n, dtype=np.uint32)
    totals = np.zeros(groups, dtype=np.uint32)
    k(a, out, totals, gcnkit.Local(size * 4), n, blocks=groups, block=size)
    padded = np.zeros(groups * size, dtype=np.uint32)
    padded[:n] = a
    scans = np.cumsum(padded.reshape(groups, size), axis=1, dtype=np.uint32)
    np.testing.assert_array_equal(out, scans.reshape(-1)[:n])
    np.testing.assert_array_equal(totals, scans[:, -1])
    assert repr(gcnkit.Local(16)) == "gcnkit.Local(16)"
    with pytest.raises(gcnkit.LaunchError, match="more than 64 KiB"):
        k(a, out, totals, gcnkit.Local(1 << 20), n, blocks=groups, block=size)


def test_the_gil_is_released(bench):
    # The main thread runs while a launch (about 0.1 s) goes on in another thread; two
    # launches in two threads both finish with the same result.
    k = bench.kernel("mandelbrot")
    w = 256
    outs = [np.zeros((w, w), dtype=np.uint32) for _ in range(2)]

    def go(out):
        k(out, w, w, -2.0, -1.25, 2.5 / w, 2.5 / w, 1000, grid=(w, w), block=(16, 8), threads=1)

    t = threading.Thread(target=go, args=(outs[0],))
    ticks = 0
    t.start()
    while t.is_alive():
        ticks += 1
        time.sleep(0.001)
    t.join()
    assert ticks >= 5, "the launch held the GIL"
    t = threading.Thread(target=go, args=(outs[1],))
    t.start()
    t.join()
    np.testing.assert_array_equal(outs[0], outs[1])
    assert outs[0].any()


# --- errors ---------------------------------------------------------------------------------


def test_argument_errors(bench):
    saxpy = bench.kernel("saxpy")
    x = np.zeros(64, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    with pytest.raises(TypeError, match=r"kernel saxpy takes 4 arguments \(float\* arg0, .*\), 3 given"):
        saxpy(y, x, 1.5, grid=64, block=64)
    with pytest.raises(TypeError, match=r"argument 3 \(arg3: uint\) is an integer: give an int, not the float 64.5"):
        saxpy(y, x, 1.5, 64.5, grid=64, block=64)
    with pytest.raises(TypeError, match="is an integer: give an int, not the float 64.0"):
        saxpy(y, x, 1.5, np.float32(64), grid=64, block=64)
    with pytest.raises(ValueError, match=r"argument 3 \(arg3: uint\): 1{40} does not fit its 4 bytes"):
        saxpy(y, x, 1.5, int("1" * 40), grid=64, block=64)
    with pytest.raises(TypeError, match="is a float: give a float, not True"):
        saxpy(y, x, True, 64, grid=64, block=64)
    with pytest.raises(ValueError, match=r"argument 3 \(arg3: uint\): -1 does not fit its 4 bytes"):
        saxpy(y, x, 1.5, -1, grid=64, block=64)
    with pytest.raises(TypeError, match=r"argument 0 \(arg0: float\*\) is a pointer: give an array"):
        saxpy(1.5, x, 1.5, 64, grid=64, block=64)
    with pytest.raises(TypeError, match=r"argument 2 \(arg2: float\) is a value: give a number, not str"):
        saxpy(y, x, "1.5", 64, grid=64, block=64)
    with pytest.raises(TypeError, match="is a value of 4 bytes"):
        saxpy(y, x, x, 64, grid=64, block=64)
    with pytest.raises(ValueError, match="not C-contiguous"):
        saxpy(np.zeros(128, dtype=np.float32)[::2], x, 1.5, 64, grid=64, block=64)
    scan = gcnkit.CodeObject(RUN_DATA / "lds.gfx900.hsaco").kernel("scan_u32")
    with pytest.raises(TypeError, match=r"is a __local pointer: give gcnkit.Local\(nbytes\), not int"):
        scan(x, y, y, 256, 64, grid=64, block=64)
    with pytest.raises(ValueError):
        gcnkit.Local(-1)


def test_geometry_errors(bench):
    saxpy = bench.kernel("saxpy")
    x = np.zeros(64, dtype=np.float32)
    args = (x, x.copy(), 1.5, 64)
    with pytest.raises(gcnkit.LaunchError, match="max_flat_workgroup_size \\(256\\)"):
        saxpy(*args, grid=512, block=512)
    with pytest.raises(gcnkit.LaunchError, match="more than 1024"):
        saxpy(*args, grid=2048, block=(64, 32))
    with pytest.raises(gcnkit.LaunchError, match="block="):
        saxpy(*args, grid=64)
    with pytest.raises(gcnkit.LaunchError, match="grid="):
        saxpy(*args, block=64)
    with pytest.raises(gcnkit.LaunchError, match="not both"):
        saxpy(*args, grid=64, blocks=1, block=64)
    with pytest.raises(gcnkit.LaunchError, match="1 to 3 dimensions"):
        saxpy(*args, grid=(1, 1, 1, 1), block=1)
    with pytest.raises(gcnkit.LaunchError, match="-5 is not a size"):
        saxpy(*args, grid=-5, block=64)
    with pytest.raises(gcnkit.LaunchError, match="0 is not a size"):
        saxpy(*args, grid=0, block=64)
    with pytest.raises(TypeError, match="grid must be an int or a tuple"):
        saxpy(*args, grid="64", block=64)
    with pytest.raises(gcnkit.LaunchError, match="threads=0"):
        saxpy(*args, grid=64, block=64, threads=0)
    matmul = gcnkit.CodeObject(RUN_DATA / "lds.gfx900.hsaco").kernel("matmul_tiled")
    assert issubclass(gcnkit.LaunchError, ValueError)
    with pytest.raises(gcnkit.LaunchError, match="reqd_work_group_size"):
        a = np.zeros(256, dtype=np.float32)
        matmul(a, a, a.copy(), *([16] * (len(matmul.args) - 3)), grid=(16, 16), block=(8, 8))


def test_fault_raises_with_the_kernel_machine_message():
    k = gcnkit.CodeObject(RUN_DATA / "faults.gfx900.hsaco").kernel("oob_write")
    out = np.zeros(64, dtype=np.int32)
    with pytest.raises(gcnkit.EmulationError, match="memory fault") as e:
        k(out, 64, 1 << 24, grid=64, block=64)
    assert "oob_write" in str(e.value)
    assert not out.any()  # a failed launch leaves the arrays alone


def test_instruction_budget():
    k = gcnkit.CodeObject(RUN_DATA / "faults.gfx900.hsaco").kernel("spin_forever")
    flag = np.zeros(1, dtype=np.int32)
    with pytest.raises(gcnkit.EmulationError, match="budget|instructions"):
        k(flag, np.zeros(1, dtype=np.int32), grid=1, block=1, budget=10000)


# --- HIP programs ---------------------------------------------------------------------------

HIP_SOURCE = r"""
#include <hip/hip_runtime.h>
__global__ void scale(float *out, const float *in, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * s;
}
int main() { return 0; }
"""


@pytest.mark.skipif(not os.path.exists("/usr/bin/hipcc"), reason="needs /usr/bin/hipcc to build a HIP program")
def test_hip_program_fat_binary(tmp_path):
    src = tmp_path / "scale.hip"
    src.write_text(HIP_SOURCE)
    exe = tmp_path / "scale"
    try:
        subprocess.run(
            ["/usr/bin/hipcc", "--offload-arch=gfx900", "--offload-arch=gfx906", "-O2", "-o", str(exe), str(src)],
            check=True,
            capture_output=True,
            timeout=600,
            # (clang leaves two empty directories in TMPDIR a build: in the test's, not /tmp.)
            env={**os.environ, "TMPDIR": str(tmp_path)},
        )
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        pytest.skip(f"hipcc could not build the program: {getattr(e, 'stderr', b'')[-300:]!r}")
    with pytest.raises(ValueError, match="pick one with arch="):
        gcnkit.CodeObject(exe)
    co = gcnkit.CodeObject(exe, arch="gfx906")
    assert co.processor == "gfx906"
    with pytest.raises(ValueError, match="no code object for"):
        gcnkit.CodeObject(exe, arch="fiji")
    name = next(n for n in co.kernels if "scale" in n)
    k = co.kernel(name)
    assert [a.size for a in k.args] == [8, 8, 4, 4]
    assert all(a.value_kind.startswith("hidden_") for a in k.hidden_args)
    # hipcc's metadata names no types (values go by their size alone) and no const (the input
    # array is compared, not written: nothing changed).
    assert [a.kind for a in k.args] == ["buffer", "buffer", "value", "value"]
    a = np.arange(1000, dtype=np.float32)
    out = np.zeros_like(a)
    k(out, a, 0.5, a.size, blocks=-(-a.size // 256), block=256)
    np.testing.assert_array_equal(out, a * np.float32(0.5))


# --- documentation --------------------------------------------------------------------------


def test_readme_kernel_examples_run(monkeypatch, capsys):
    # The package README's and the top README's Python examples that launch kernels, run from
    # the repository's top directory (their paths are relative to it).
    root = pathlib.Path(__file__).resolve().parents[3]
    monkeypatch.chdir(root)
    blocks = []
    for readme in (root / "crates" / "gcnkit-py" / "README.md", root / "README.md"):
        text = readme.read_text()
        blocks += [b.split("```", 1)[0] for b in text.split("```python\n")[1:] if "CodeObject" in b.split("```", 1)[0]]
    assert len(blocks) == 2
    for b in blocks:
        exec(compile(b, "README", "exec"), {})
    assert "gfx900 ['mandelbrot', 'saxpy']" in capsys.readouterr().out


def test_cooperative_launch_keeps_the_grid_resident():
    # clang-14's grid barriers (global wave sync) order the phases of every work-group: each
    # item gets the grid's sum added; without cooperative=True the barrier is an error.
    co = gcnkit.CodeObject(RUN_DATA.parent / "resident" / "coop.gfx900.hsaco")
    k = co.kernel("phases")
    groups, block = 5, 128
    data = (np.arange(groups * block, dtype=np.int32) * 31) % 89 - 44
    want = data + data.sum(dtype=np.int32)
    partial = np.zeros(groups, dtype=np.int32)
    k(data, partial, blocks=groups, block=block, cooperative=True)
    assert np.array_equal(data, want)
    with pytest.raises(gcnkit.EmulationError, match="needs the whole grid resident"):
        k(data, partial, blocks=groups, block=block)
