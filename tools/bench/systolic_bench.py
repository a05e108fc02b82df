#!/usr/bin/env python3
"""Benchmark the explicit systolic arrays of t2s against single-thread OpenBLAS.

Three tables, every figure measured in this run (the machines are noisy:
only same-run ratios mean something):

1. Tiled GEMM (examples/systolic/gemm-tiled.mlir generated at N = 256, 512,
   1024, f32): the PE block (default 4 x 4, dataflow) is space, the tile
   loops and k are time; the PEs are unrolled with their register files in
   registers (spacetime-to-scf's default). Kernel time only: t2s-run
   --mode systolic --time R calls the JIT-compiled function R times after a
   warm-up call (parsing, lowering and JIT compilation excluded); the best
   time counts. Next to it, cblas_sgemm of OpenBLAS with
   OPENBLAS_NUM_THREADS=1 on the same sizes, best of R calls. GFLOP/s =
   2 N^3 / time; ratio = t2s / OpenBLAS.
2. Compile time of GEMM arrays of 4x4 .. 64x64 PEs with unrolling on
   (t2s-opt --pass-pipeline with spacetime-to-scf{max-unrolled-pes=...
   pe-region-size=16} down to the llvm dialect), wall time of the whole
   t2s-opt process (parse, passes, printing).
3. Peak memory (ru_maxrss of the process) of t2s-run --mode sequential on
   the untiled GEMM (examples/gemm.mlir) at 1024^3, whose register files are
   rolling buffers; storing every Func over the iteration space would take
   3 x 1024^3 x 4 bytes = 12 GiB.

Set-up: installs Debian's OpenBLAS (libopenblas0-pthread) when missing and
builds t2s in release mode. Standard library only (ctypes for OpenBLAS).

    python3 tools/bench/systolic_bench.py [--sizes 256,512,1024] [--pe 4x4]
"""

import argparse
import ctypes
import glob
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def tiled_gemm(n, p, q):
    """examples/systolic/gemm-tiled.mlir at size n with a p x q PE block."""
    return f"""ure.program @gemm_tiled {{
  ure.input @A : memref<{n}x{n}xf32>
  ure.input @B : memref<{n}x{n}xf32>
  ure.func @a(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @b(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @c(iii, jjj, k, jj, ii) -> f32 on device
  ure.func @out(iii, jjj, jj, ii) -> f32 on device
  ure.def @a(%iii, %jjj, %k, %jj, %ii) {{
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @A(%ii * {p} + %iii, %k) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %jj, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }}
  ure.def @b(%iii, %jjj, %k, %jj, %ii) {{
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @B(%k, %jj * {q} + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %jj, %ii) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }}
  ure.def @c(%iii, %jjj, %k, %jj, %ii) {{
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %jj, %ii) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %jj, %ii) : f32
    %b = ure.at @b(%iii, %jjj, %k, %jj, %ii) : f32
    %p = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %p : f32
    ure.yield %v : f32
  }}
  ure.def @out(%iii, %jjj, %jj, %ii) with (%k) {{
    %last = arith.constant {n - 1} : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %jj, %ii) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }}
  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent {p}, jjj = 0 extent {q}, k = 0 extent {n},
                     jj = 0 extent {n // q}, ii = 0 extent {n // p})
  ure.space_time_transform @a (iii, jjj)
}}
"""


def gemm(n, k, schedule=True):
    """examples/gemm.mlir with I = J = n, K = k, optionally with the skewed
    2-D array schedule (n x n PEs)."""
    text = open(os.path.join(REPO, "examples", "gemm.mlir")).read()
    text = text.replace("memref<8x8xf32>", "MEMREF")
    text = text.replace("@A : MEMREF", f"@A : memref<{n}x{k}xf32>")
    text = text.replace("@B : MEMREF", f"@B : memref<{k}x{n}xf32>")
    text = text.replace("%last = arith.constant 7", f"%last = arith.constant {k - 1}")
    text = text.replace("(i = 0 extent 8, j = 0 extent 8, k = 0 extent 8)",
                        f"(i = 0 extent {n}, j = 0 extent {n}, k = 0 extent {k})")
    if schedule:
        text = text.rstrip().rstrip("}") + "  ure.space_time_transform @a (i, j) vector [1, 1] check_time\n}\n"
    return text


def setup(args):
    """OpenBLAS from Debian (only when missing) and a release build."""
    if not find_openblas():
        print("bench set-up: installing libopenblas0-pthread", file=sys.stderr)
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True)
        subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "libopenblas0-pthread"],
                       check=True, stdout=subprocess.DEVNULL)
    if not args.no_build:
        subprocess.run(["bash", os.path.join(REPO, "scripts", "setup.sh")], check=True)
        subprocess.run(["cargo", "build", "--release", "--bins"], cwd=REPO, check=True)


def find_openblas():
    for path in sorted(glob.glob("/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas*.so*")
                       + glob.glob("/usr/lib/x86_64-linux-gnu/libopenblas*.so*")):
        try:
            return ctypes.CDLL(path)
        except OSError:
            continue
    return None


def openblas_seconds(lib, n, repeat, threads=1):
    """Best time of cblas_sgemm at n with `threads` threads (0: all cores)."""
    lib.openblas_set_num_threads(threads if threads > 0 else os.cpu_count())
    rng = random.Random(1)
    a = (ctypes.c_float * (n * n))(*[rng.random() for _ in range(n * n)])
    b = (ctypes.c_float * (n * n))(*[rng.random() for _ in range(n * n)])
    c = (ctypes.c_float * (n * n))()
    f = lib.cblas_sgemm
    ptr = ctypes.c_void_p
    f.argtypes = [ctypes.c_int] * 6 + [ctypes.c_float, ptr, ctypes.c_int, ptr,
                                       ctypes.c_int, ctypes.c_float, ptr, ctypes.c_int]
    best = float("inf")
    for _ in range(repeat + 1):  # the first call warms up
        start = time.perf_counter()
        # Row-major, no transposes: C = A * B.
        f(101, 111, 111, n, n, n, 1.0, ctypes.addressof(a), n, ctypes.addressof(b), n,
          0.0, ctypes.addressof(c), n)
        best = min(best, time.perf_counter() - start)
    return best


def t2s_seconds(run, path, repeat, fastmath=""):
    argv = [run, path, "--mode", "systolic", "--time", str(repeat)]
    if fastmath:
        argv += ["--fastmath", fastmath]
    out = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "kernel time: best" in line:
            return float(line.split("best")[1].split()[0])
    raise RuntimeError(f"no kernel time in: {out}")


def peak_rss(argv):
    """Wall time and peak RSS (KiB) of a child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        raise RuntimeError(f"{argv} failed: {proc.stderr.read().decode()}")
    return time.perf_counter() - start, usage.ru_maxrss


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="256,512,1024")
    parser.add_argument("--pe", default="4x4", help="PE block of the tiled GEMM, PxQ")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--arrays", default="4,8,16,32,64",
                        help="N of the NxN PE arrays whose compile time is measured")
    parser.add_argument("--sequential-size", type=int, default=1024)
    parser.add_argument("--bin-dir", default=os.path.join(REPO, "target", "release"))
    parser.add_argument("--no-build", action="store_true",
                        help="use the binaries in --bin-dir as they are")
    args = parser.parse_args()
    setup(args)
    opt = os.path.join(args.bin_dir, "t2s-opt")
    run = os.path.join(args.bin_dir, "t2s-run")
    lib = find_openblas()
    if lib is None:
        sys.exit("OpenBLAS not found")
    p, q = map(int, args.pe.split("x"))
    work = tempfile.mkdtemp(prefix="t2s-bench-")
    try:
        # The design computes GEMM: check it against the interpreter first.
        check = os.path.join(work, "check.mlir")
        open(check, "w").write(tiled_gemm(2 * math.lcm(p, q), p, q))
        subprocess.run([run, check, "--compare", "interpret,systolic"], check=True,
                       stdout=subprocess.DEVNULL)

        print(f"## Tiled GEMM, f32, {p}x{q} PEs (dataflow), unrolled; kernel time, best of {args.repeat}")
        print("| N | t2s s | t2s GFLOP/s | OpenBLAS (1 thread) s | OpenBLAS GFLOP/s | ratio |")
        print("|---|---|---|---|---|---|")
        for n in map(int, args.sizes.split(",")):
            path = os.path.join(work, f"tiled{n}.mlir")
            open(path, "w").write(tiled_gemm(n, p, q))
            t = t2s_seconds(run, path, args.repeat)
            b = openblas_seconds(lib, n, args.repeat)
            flops = 2.0 * n ** 3
            print(f"| {n} | {t:.5f} | {flops / t / 1e9:.2f} | {b:.5f} | {flops / b / 1e9:.2f} "
                  f"| {100 * b / t:.1f}% |")

        print("\n## Compile time, GEMM NxN PEs (K = 8), unrolled, t2s-opt to the llvm dialect")
        print("| PEs | t2s-opt s | output lines |")
        print("|---|---|---|")
        for n in map(int, args.arrays.split(",")):
            path = os.path.join(work, f"array{n}.mlir")
            open(path, "w").write(gemm(n, 8))
            out = os.path.join(work, f"array{n}.ll.mlir")
            # pe-region-size as t2s-lower-to-llvm sets it: without it,
            # convert-scf-to-cf is quadratic in the PEs.
            pipeline = ("builtin.module(space-time-transform, "
                        "spacetime-to-scf{max-unrolled-pes=100000 pe-region-size=16}, "
                        "canonicalize, cse, convert-scf-to-cf, expand-strided-metadata, "
                        "finalize-memref-to-llvm, convert-to-llvm, reconcile-unrealized-casts)")
            start = time.perf_counter()
            subprocess.run([opt, path, f"--pass-pipeline={pipeline}", "-o", out], check=True,
                           stderr=subprocess.DEVNULL)
            seconds = time.perf_counter() - start
            lines = sum(1 for _ in open(out))
            print(f"| {n}x{n} | {seconds:.2f} | {lines} |")

        n = args.sequential_size
        path = os.path.join(work, "sequential.mlir")
        open(path, "w").write(gemm(n, n, schedule=False))
        seconds, rss = peak_rss([run, path, "--mode", "sequential"])
        full = 3 * n ** 3 * 4 / 2 ** 30
        print(f"\n## Sequential mode, GEMM {n}^3 (examples/gemm.mlir), whole process")
        print("| peak RSS | wall s | every Func over the iteration space would need |")
        print("|---|---|---|")
        print(f"| {rss / 1024:.0f} MiB | {seconds:.1f} | {full:.0f} GiB |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
