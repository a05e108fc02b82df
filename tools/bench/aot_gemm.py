#!/usr/bin/env python3
"""t2s's CPU GEMM on a machine without t2s: compiled ahead of time here for
its CPU (say, AVX-512, which this machine may lack), timed there next to
OpenBLAS through numpy, in one process.

`cpu_bench.py` JIT-compiles the design for the host it runs on. A host
with other vectors (the GPU machine's CPUs have AVX-512) has no MLIR to
run t2s, so:

    aot_gemm.py prepare DIR [--sizes 512,1024,2048] [--pe 8x32]
                [--mcpu x86-64-v4]                      # here
    aot_gemm.py run DIR [--repeat 5]                    # there (numpy)

`prepare` writes `cpu_bench.py`'s one-thread design (the packed GEMM of
`vector_bench.py`, a P x Q block: 8 x 32 is `cpu_bench.py`'s `auto` for
AVX-512) at each size, lowers it with `t2s-opt --t2s-lower-to-llvm`
(`fastmath=contract`, as `cpu_bench.py`), translates it to LLVM IR and
optimizes and compiles it with `opt -O3` and `llc -O3 -mcpu=MCPU` into `DIR/gemm-N.so` (the JIT's
pipeline, for that CPU); and the bench's FMA loop, for the same CPU, into
`DIR/peak.so`. `run` checks each product against numpy in float64, then
prints the FMA peak of one core, t2s's and numpy's (OpenBLAS, one thread:
OPENBLAS_NUM_THREADS=1 is set before numpy loads) GFLOP/s and their ratio,
the best of `--repeat` calls each, the two timed in turn, the process on
one core.
"""

import argparse
import ctypes
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def prepare(args):
    sys.path.insert(0, HERE)
    import cpu_bench  # noqa: E402
    import vector_bench as vb  # noqa: E402

    p, q = (int(x) for x in args.pe.split("x"))
    os.makedirs(args.dir, exist_ok=True)
    tools = "/usr/lib/llvm-22/bin"
    sizes = [int(n) for n in args.sizes.split(",")]
    for n in sizes:
        base = os.path.join(args.dir, f"gemm-{n}")
        open(base + ".mlir", "w").write(vb.packed(n, p, q))
        subprocess.run([os.path.join(args.bin_dir, "t2s-opt"), base + ".mlir",
                        "--t2s-lower-to-llvm=fastmath=contract", "-o", base + ".llvm.mlir"],
                       check=True, stderr=subprocess.DEVNULL)
        subprocess.run([f"{tools}/mlir-translate", "--mlir-to-llvmir", base + ".llvm.mlir",
                        "-o", base + ".ll"], check=True)
        # The JIT's pipeline: LLVM's -O3, then codegen at -O3 for the CPU.
        subprocess.run([f"{tools}/opt", "-O3", f"-mcpu={args.mcpu}", base + ".ll",
                        "-o", base + ".bc"], check=True)
        subprocess.run([f"{tools}/llc", "-O3", f"-mcpu={args.mcpu}", "-relocation-model=pic",
                        "-filetype=obj", base + ".bc", "-o", base + ".o"], check=True)
        subprocess.run(["cc", "-shared", base + ".o", "-o", base + ".so"], check=True)
        for ext in (".llvm.mlir", ".ll", ".bc", ".o"):
            os.remove(base + ext)
    # The FMA loop in the widest vectors of that CPU (16 floats with
    # AVX-512), with gcc's name for it.
    lanes = 16 if args.mcpu in ("x86-64-v4", "skylake-avx512", "icelake-server",
                                "sapphirerapids", "znver4", "znver5") else 8
    peak_c = os.path.join(args.dir, "peak.c")
    open(peak_c, "w").write(cpu_bench.HELPERS.split("/* Caffe's im2col")[0])
    subprocess.run(["cc", "-O2", f"-march={args.mcpu}", f"-DLANES={lanes}", "-shared", "-fPIC",
                    peak_c, "-o", os.path.join(args.dir, "peak.so")], check=True)
    json.dump({"sizes": sizes, "pe": args.pe, "mcpu": args.mcpu, "lanes": lanes},
              open(os.path.join(args.dir, "manifest.json"), "w"))
    print(f"prepared {', '.join(map(str, sizes))} for {args.mcpu}, {args.pe} block, in {args.dir}")


def descriptor(array):
    """The `_mlir_ciface_` descriptor of a C-contiguous float32 array."""
    rank = array.ndim
    fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
              ("offset", ctypes.c_int64), ("sizes", ctypes.c_int64 * rank),
              ("strides", ctypes.c_int64 * rank)]
    cls = type(f"Memref{rank}", (ctypes.Structure,), {"_fields_": fields})
    d = cls()
    d.allocated = d.aligned = array.ctypes.data
    d.offset = 0
    d.sizes[:] = list(array.shape)
    d.strides[:] = [s // array.itemsize for s in array.strides]
    return d


def best(call, repeat):
    call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def interleaved(first, second, repeat):
    """The best time of each of two calls, timed in turn (a machine whose
    speed drifts slows both alike)."""
    first()
    second()
    a, b = [], []
    for _ in range(repeat):
        for call, times in ((first, a), (second, b)):
            start = time.perf_counter()
            call()
            times.append(time.perf_counter() - start)
    return min(a), min(b)


def run(args):
    # One core, the one this process starts on: both sides run there.
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {os.sched_getaffinity(0).pop()})
    os.environ["OPENBLAS_NUM_THREADS"] = "1"
    os.environ["OMP_NUM_THREADS"] = "1"
    import numpy as np

    manifest = json.load(open(os.path.join(args.dir, "manifest.json")))
    p, q = (int(x) for x in manifest["pe"].split("x"))
    peak_lib = ctypes.CDLL(os.path.join(args.dir, "peak.so"))
    peak_lib.fma_loop.argtypes = [ctypes.c_long]
    peak_lib.fma_loop.restype = ctypes.c_float
    lanes = manifest["lanes"]
    iters = 20_000_000
    seconds = best(lambda: peak_lib.fma_loop(iters), 3)
    peak = 12 * 2 * lanes * iters / seconds / 1e9
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                  if line.startswith("model name")), "unknown CPU")
    try:
        config = str(np.show_config(mode="dicts")).lower()
    except TypeError:  # numpy before 1.25
        config = ""
    blas = [c for c in ("openblas", "mkl", "blis") if c in config]
    print(f"# {model}; t2s compiled for {manifest['mcpu']}, {p}x{q} block; "
          f"FMA peak measured: {peak:.1f} GFLOP/s per core; numpy's BLAS: {', '.join(blas) or 'unknown'}, 1 thread")
    print("| N | t2s 1 thread GFLOP/s | numpy (OpenBLAS) 1 thread | ratio | of peak | rel. error |")
    print("|---|---|---|---|---|---|")
    rng = np.random.default_rng(7)
    for n in manifest["sizes"]:
        lib = ctypes.CDLL(os.path.join(args.dir, f"gemm-{n}.so"))
        kernel = lib._mlir_ciface_gemm_tiled
        kernel.restype = ctypes.c_int32
        a = rng.standard_normal((n, n), dtype=np.float32)
        b = rng.standard_normal((n, n), dtype=np.float32)
        c = np.zeros((n // p, p, n // q, q), dtype=np.float32)
        da, db, dc = descriptor(a), descriptor(b), descriptor(c)
        refs = [ctypes.byref(da), ctypes.byref(db), ctypes.byref(dc)]
        status = kernel(*refs)
        if status != 0:
            sys.exit(f"gemm-{n}: the kernel returned status {status}")
        exact = a.astype(np.float64) @ b.astype(np.float64)
        error = np.linalg.norm(c.reshape(n, n) - exact) / np.linalg.norm(exact)
        if not error < 1e-4:
            sys.exit(f"gemm-{n}: relative error {error:.2e}")
        t2s, blas_s = interleaved(lambda: kernel(*refs), lambda: a @ b, args.repeat)
        g = 2.0 * n ** 3 / 1e9
        print(f"| {n} | {g / t2s:.1f} | {g / blas_s:.1f} | {100 * blas_s / t2s:.1f}% "
              f"| {100 * g / t2s / peak:.0f}% | {error:.1e} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    prep = sub.add_parser("prepare")
    prep.add_argument("dir")
    prep.add_argument("--sizes", default="512,1024,2048")
    prep.add_argument("--pe", default="8x32")
    prep.add_argument("--mcpu", default="x86-64-v4")
    prep.add_argument("--bin-dir", default=os.path.join(os.path.dirname(os.path.dirname(HERE)),
                                                         "target", "release"))
    go = sub.add_parser("run")
    go.add_argument("dir")
    go.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    prepare(args) if args.command == "prepare" else run(args)


if __name__ == "__main__":
    main()
