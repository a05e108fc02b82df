#!/usr/bin/env python3
"""Benchmark the vectorized tiled GEMM of t2s against single-thread OpenBLAS.

The design is examples/systolic/gemm-tiled.mlir at N x N (f32) with a P x Q
PE block, the Q PEs of each row vectorized (`ure.vectorize @a (jjj)`:
vector<Q x f32>) and the P rows unrolled: the register-blocked shape of a
BLAS micro-kernel (P x Q accumulators in registers, one vector load of B
and P broadcasts of A per step of k). Kernel time only: t2s-run --mode
systolic --time R calls the JIT-compiled function R times after a warm-up
call (parsing, lowering and JIT compilation excluded); the best time counts.
Next to it, in the same run: the same block with its tile loops swapped
and B's feeder packed (`ure.stream_input @B ... scope (jj)`: the systolic
mode copies each K x Q panel of B into a contiguous tile, read by every
tile of A), the same block not vectorized, and cblas_sgemm of Debian's
OpenBLAS with one thread. GFLOP/s = 2 N^3 / time;
ratio = t2s / OpenBLAS. Every design is checked against the interpreter at
a small size first.

    python3 tools/bench/vector_bench.py [--sizes 512,1024] [--pe 8x16]
        [--fastmath contract] [--repeat 5] [--no-build]   (default block 8x16)
"""

import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import systolic_bench as sb  # noqa: E402


def row_major_c(text):
    """C declared as C(ii, iii, jj, jjj): its buffer is the row-major N x N
    matrix cblas_sgemm writes (C[P ii + iii][Q jj + jjj]). The shared
    program's C(iii, jjj, jj, ii) puts the P x Q results of a tile at strides
    of Q N and N elements: with N a power of two those lines (and their
    "last write wins" stamps) fall into a few cache sets, which cost about
    half the kernel time at N = 512 and 1024."""
    for old, new in [("ure.func @out(iii, jjj, jj, ii)", "ure.func @out(ii, iii, jj, jjj)"),
                     ("ure.def @out(%iii, %jjj, %jj, %ii)", "ure.def @out(%ii, %iii, %jj, %jjj)")]:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def vectorized(n, p, q):
    """The tiled GEMM with its jjj loop (the Q PEs of a row) vectorized."""
    text = row_major_c(sb.tiled_gemm(n, p, q))
    return text.replace("  ure.space_time_transform @a (iii, jjj)\n",
                        "  ure.space_time_transform @a (iii, jjj)\n  ure.vectorize @a (jjj)\n")


def packed(n, p, q):
    """The vectorized design with the tile loops swapped (jj outside ii)
    and B's feeder packed at scope jj (`ure.stream_input @B ... scope
    (jj)`): at each jj, the K x Q panel of B the array reads is copied
    into a contiguous buffer, which every ii then reads (OpenBLAS packs B
    the same way)."""
    text = vectorized(n, p, q)
    for old, new in [("k, jj, ii)", "k, ii, jj)"), (", %jj, %ii)", ", %ii, %jj)")]:
        assert old in text, old
        text = text.replace(old, new)
    return text.replace("  ure.vectorize @a (jjj)\n",
                        "  ure.vectorize @a (jjj)\n"
                        "  ure.stream_input @B loader @bLoader out (jjj) feeder @bFeeder scope (jj)\n")


def threaded(n, p, q):
    """The packed design with its outermost tile loop on the host's threads
    (`ure.parallel @a (jj)`: each panel of B, and the column of C it
    computes, on one thread)."""
    return packed(n, p, q).replace("  ure.stream_input @B",
                                   "  ure.parallel @a (jj)\n  ure.stream_input @B")


def scalar(n, p, q):
    """The same block without vectorization, C laid out the same way."""
    return row_major_c(sb.tiled_gemm(n, p, q))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="512,1024")
    parser.add_argument("--pe", default="8x16", help="PE block PxQ; the Q PEs of a row are the lanes")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--fastmath", default="contract",
                        help="fastmath flags of the PEs' arithmetic ('' for none)")
    parser.add_argument("--bin-dir", default=os.path.join(sb.REPO, "target", "release"))
    parser.add_argument("--no-build", action="store_true",
                        help="use the binaries in --bin-dir as they are")
    args = parser.parse_args()
    sb.setup(args)
    run = os.path.join(args.bin_dir, "t2s-run")
    lib = sb.find_openblas()
    if lib is None:
        sys.exit("OpenBLAS not found")
    p, q = map(int, args.pe.split("x"))
    work = tempfile.mkdtemp(prefix="t2s-vbench-")
    try:
        small = 2 * math.lcm(p, q)
        designs = (("vector", vectorized), ("packed", packed), ("threads", threaded),
                   ("scalar", scalar))
        for name, design in designs:
            check = os.path.join(work, f"check-{name}.mlir")
            open(check, "w").write(design(small, p, q))
            subprocess.run([run, check, "--compare", "interpret,systolic"], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        print(f"## Tiled GEMM, f32, {p}x{q} PEs, jjj vectorized (vector<{q}xf32>), "
              f"rows unrolled; fastmath '{args.fastmath}'; kernel time, best of {args.repeat}")
        print("| N | t2s vector s | GFLOP/s | t2s packed s | GFLOP/s | t2s scalar s | GFLOP/s "
              "| OpenBLAS (1 thread) s | GFLOP/s | vector / OpenBLAS | packed / OpenBLAS "
              "| vector / scalar |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        rows = []
        for n in map(int, args.sizes.split(",")):
            if n % p or n % q:
                sys.exit(f"N = {n} is not a multiple of the PE block {p}x{q}")
            times = {}
            for name, design in designs:
                path = os.path.join(work, f"{name}{n}.mlir")
                open(path, "w").write(design(n, p, q))
                times[name] = sb.t2s_seconds(run, path, args.repeat, args.fastmath)
            blas = sb.openblas_seconds(lib, n, args.repeat)
            blas_all = sb.openblas_seconds(lib, n, args.repeat, threads=0)
            flops = 2.0 * n ** 3
            v, pk, s = times["vector"], times["packed"], times["scalar"]
            print(f"| {n} | {v:.5f} | {flops / v / 1e9:.2f} | {pk:.5f} | {flops / pk / 1e9:.2f} "
                  f"| {s:.5f} | {flops / s / 1e9:.2f} "
                  f"| {blas:.5f} | {flops / blas / 1e9:.2f} | {100 * blas / v:.1f}% "
                  f"| {100 * blas / pk:.1f}% | {s / v:.2f}x |")
            th = times["threads"]
            rows.append(f"| {n} | {th:.5f} | {flops / th / 1e9:.2f} | {blas_all:.5f} "
                        f"| {flops / blas_all / 1e9:.2f} | {100 * blas_all / th:.1f}% |")
        print(f"\n## The packed design on all {os.cpu_count()} cores (ure.parallel @a (jj)) "
              f"against OpenBLAS with {os.cpu_count()} threads, same run")
        print("| N | t2s threads s | GFLOP/s | OpenBLAS (all threads) s | GFLOP/s | threads / OpenBLAS |")
        print("|---|---|---|---|---|---|")
        for row in rows:
            print(row)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
