#!/usr/bin/env python3
"""The CPU as a target (issue 39): every figure of the issue in one run.

1. The core's FMA peak, measured by this run: a C loop of independent
   fused multiply-adds on the widest vectors the host has (cc -O2
   -march=native, compiled at the start of the run), GFLOP/s of one core.
2. GEMM, f32, N = 512, 1024, 2048: vector_bench.py's packed design (a
   P x Q PE block, its Q columns the lanes of vectors; by default 4 rows
   of two of the host's vectors, 4x16 with AVX2; B's panel packed by
   `ure.stream_input ... scope (jj)`), on one thread and on all
   threads (`ure.parallel @a (jj)`), next to cblas_sgemm of OpenBLAS with
   one thread and with all threads. Ratios are OpenBLAS time / t2s time.
3. 2-D convolution, f32, 64 channels in and out, a 56 x 56 output, 3 x 3
   kernel (a valid convolution of a 58 x 58 input), written as UREs:
   out(y, x, co) = sum over k < 9 CI of I(k / 9, y + k % 9 / 3, x + k % 3)
   W(k, co), the GEMM's systolic block with the reduction over k: P pixels
   of a row as the rows of the block, Q output channels as the lanes (the
   GEMM's default block), the input's windows packed once per P pixels
   (`ure.stream_input @I ... scope (ii)`, reused by every block of
   channels), rows of the output on
   threads (`ure.parallel @a (y)`). Next to it, Caffe's im2col (C,
   compiled here: the 576 x 3136 matrix of input windows) followed by
   cblas_sgemm (col^T W, the output in the same order), timed together,
   one thread and all threads.
4. The dataflow mode against the systolic mode (dataflow_bench.py).
5. The compile time of unrolled N x N GEMM arrays (systolic_bench.py's
   table; convert-scf-to-cf included).

Every timed design is checked first: the GEMM designs against the
interpreter at a small size; the convolution against a direct
convolution, computed here in Python, of the inputs t2s-run wrote, and
against the interpreter. Kernel time only (t2s-run --time R: the best of
R calls of the JIT-compiled function; parsing and compilation excluded).

    python3 tools/bench/cpu_bench.py [--sizes 512,1024,2048] [--repeat 5] [--no-build]
"""

import argparse
import ast
import ctypes
import os
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataflow_bench as db  # noqa: E402
import systolic_bench as sb  # noqa: E402
import vector_bench as vb  # noqa: E402

HELPERS = r"""
#include <stddef.h>
typedef float vf __attribute__((vector_size(4 * LANES)));

/* 12 independent chains of fused multiply-adds on LANES-float vectors, each
   in its own variable (an array would live in memory). */
float fma_loop(long iters) {
  vf x, y;
  for (int l = 0; l < LANES; l++) { x[l] = 0.999999f; y[l] = 1e-7f * l; }
  vf a0 = y, a1 = y * 2, a2 = y * 3, a3 = y * 4, a4 = y * 5, a5 = y * 6;
  vf a6 = y * 7, a7 = y * 8, a8 = y * 9, a9 = y * 10, a10 = y * 11, a11 = y * 12;
  for (long i = 0; i < iters; i++) {
    a0 = a0 * x + y; a1 = a1 * x + y; a2 = a2 * x + y; a3 = a3 * x + y;
    a4 = a4 * x + y; a5 = a5 * x + y; a6 = a6 * x + y; a7 = a7 * x + y;
    a8 = a8 * x + y; a9 = a9 * x + y; a10 = a10 * x + y; a11 = a11 * x + y;
  }
  vf s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11;
  float r = 0;
  for (int l = 0; l < LANES; l++) r += s[l];
  return r;
}

/* Caffe's im2col for a valid 3 x 3 convolution: col[(ci 9 + ky 3 + kx)][y w + x]
   = in[ci][y + ky][x + kx], in of shape c x (h + 2) x (w + 2). */
void im2col(const float *in, int c, int h, int w, float *col) {
  for (int ci = 0; ci < c; ci++)
    for (int ky = 0; ky < 3; ky++)
      for (int kx = 0; kx < 3; kx++) {
        float *row = col + (size_t)((ci * 3 + ky) * 3 + kx) * h * w;
        for (int y = 0; y < h; y++) {
          const float *src = in + ((size_t)ci * (h + 2) + y + ky) * (w + 2) + kx;
          for (int x = 0; x < w; x++) row[y * w + x] = src[x];
        }
      }
}
"""


def conv(ci, co, h, w, p, q, threads=False):
    """The convolution as UREs with a P x Q block: P pixels of a row (the
    rows of the block) times Q output channels (the lanes), the output in
    (y, x, channel) order."""
    k = ci * 9
    if w % p or co % q:
        raise SystemExit(f"the {p}x{q} block does not divide {w} pixels x {co} channels")
    text = f"""ure.program @conv {{
  ure.input @I : memref<{ci}x{h + 2}x{w + 2}xf32>
  ure.input @W : memref<{k}x{co}xf32>
  ure.func @a(iii, jjj, k, jj, ii, y) -> f32 on device
  ure.func @b(iii, jjj, k, jj, ii, y) -> f32 on device
  ure.func @c(iii, jjj, k, jj, ii, y) -> f32 on device
  ure.func @out(y, ii, iii, jj, jjj) -> f32 on device
  ure.def @a(%iii, %jjj, %k, %jj, %ii, %y) {{
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %jjj, %c0 : index
    %in = ure.load @I(%k floordiv 9, %y + (%k mod 9) floordiv 3, %ii * {p} + %iii + %k mod 3) : f32
    %prev = ure.at @a(%iii, %jjj - 1, %k, %jj, %ii, %y) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }}
  ure.def @b(%iii, %jjj, %k, %jj, %ii, %y) {{
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %iii, %c0 : index
    %in = ure.load @W(%k, %jj * {q} + %jjj) : f32
    %prev = ure.at @b(%iii - 1, %jjj, %k, %jj, %ii, %y) : f32
    %v = arith.select %first, %in, %prev : f32
    ure.yield %v : f32
  }}
  ure.def @c(%iii, %jjj, %k, %jj, %ii, %y) {{
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %first = arith.cmpi eq, %k, %c0 : index
    %prev = ure.at @c(%iii, %jjj, %k - 1, %jj, %ii, %y) : f32
    %acc = arith.select %first, %zero, %prev : f32
    %a = ure.at @a(%iii, %jjj, %k, %jj, %ii, %y) : f32
    %b = ure.at @b(%iii, %jjj, %k, %jj, %ii, %y) : f32
    %m = arith.mulf %a, %b : f32
    %v = arith.addf %acc, %m : f32
    ure.yield %v : f32
  }}
  ure.def @out(%y, %ii, %iii, %jj, %jjj) with (%k) {{
    %last = arith.constant {k - 1} : index
    %is_last = arith.cmpi eq, %k, %last : index
    %c = ure.at @c(%iii, %jjj, %k, %jj, %ii, %y) : f32
    %v = ure.select %is_last, %c : f32
    ure.yield %v : f32
  }}
  ure.merge_ures @a [@b, @c, @out]
  ure.set_bounds @a (iii = 0 extent {p}, jjj = 0 extent {q}, k = 0 extent {k},
                     jj = 0 extent {co // q}, ii = 0 extent {w // p}, y = 0 extent {h})
  ure.space_time_transform @a (iii, jjj)
  ure.vectorize @a (jjj)
  ure.stream_input @I loader @iLoader out (iii) feeder @iFeeder scope (ii)
"""
    if threads:
        text += "  ure.parallel @a (y)\n"
    return text + "}\n"


def read_npy(path):
    """A C-order little-endian f32 .npy file: (shape, values)."""
    data = open(path, "rb").read()
    if data[:6] != b"\x93NUMPY":
        raise RuntimeError(f"{path} is not a .npy file")
    length = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10:10 + length].decode("latin1"))
    if header["descr"] != "<f4" or header["fortran_order"]:
        raise RuntimeError(f"{path}: {header}")
    shape = tuple(header["shape"])
    count = 1
    for d in shape:
        count *= d
    return shape, struct.unpack(f"<{count}f", data[10 + length:10 + length + 4 * count])


def check_conv(run, work, p, q):
    """The conv design computes a convolution: its systolic output matches
    a direct convolution of the inputs t2s-run wrote, and the interpreter."""
    ci, co, h, w = 3, 2 * q, 4, 2 * p
    for threads in (False, True):
        path = os.path.join(work, f"conv-check-{threads}.mlir")
        open(path, "w").write(conv(ci, co, h, w, p, q, threads))
        subprocess.run([run, path, "--compare", "interpret,systolic"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out_dir, in_dir = os.path.join(work, "conv-out"), os.path.join(work, "conv-in")
    subprocess.run([run, path, "--mode", "systolic", "--write-inputs", in_dir, "-o", out_dir],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, image = read_npy(os.path.join(in_dir, "I.npy"))
    _, weights = read_npy(os.path.join(in_dir, "W.npy"))
    shape, got = read_npy(os.path.join(out_dir, "out.npy"))
    if shape != (h, w // p, p, co // q, q):
        raise RuntimeError(f"unexpected output shape {shape}")
    for c in range(co):
        for y in range(h):
            for x in range(w):
                want = sum(weights[k * co + c]
                           * image[((k // 9) * (h + 2) + y + k % 9 // 3) * (w + 2) + x + k % 3]
                           for k in range(9 * ci))
                have = got[(y * w + x) * co + c]
                if abs(want - have) > 1e-4 * (1 + abs(want)):
                    raise RuntimeError(f"conv({c}, {y}, {x}) = {have}, expected {want}")


def lanes():
    """The widest float vector of the host: 16 with AVX-512, else 8."""
    flags = next((line for line in open("/proc/cpuinfo") if line.startswith("flags")), "")
    return 16 if " avx512f" in flags else 8


def fma_peak(lib):
    """GFLOP/s of one core on the helpers' FMA loop (best of 3)."""
    lib.fma_loop.argtypes = [ctypes.c_long]
    lib.fma_loop.restype = ctypes.c_float
    lib.fma_loop(1000000)
    iters, best = 20_000_000, float("inf")
    for _ in range(3):
        start = time.perf_counter()
        lib.fma_loop(iters)
        best = min(best, time.perf_counter() - start)
    return 2 * lanes() * 12 * iters / best / 1e9


def im2col_sgemm_seconds(helpers, blas, ci, co, h, w, repeat, threads):
    """Best time of im2col followed by sgemm (out = col^T W: (y, x, channel)
    order, as the t2s design writes it)."""
    blas.openblas_set_num_threads(threads if threads > 0 else os.cpu_count())
    k, pixels = 9 * ci, h * w
    image = (ctypes.c_float * (ci * (h + 2) * (w + 2)))(*[(i % 7) * 0.125 for i in range(ci * (h + 2) * (w + 2))])
    weights = (ctypes.c_float * (k * co))(*[(i % 5) * 0.25 for i in range(k * co)])
    col = (ctypes.c_float * (k * pixels))()
    out = (ctypes.c_float * (co * pixels))()
    ptr = ctypes.c_void_p
    helpers.im2col.argtypes = [ptr, ctypes.c_int, ctypes.c_int, ctypes.c_int, ptr]
    gemm = blas.cblas_sgemm
    gemm.argtypes = [ctypes.c_int] * 6 + [ctypes.c_float, ptr, ctypes.c_int, ptr,
                                          ctypes.c_int, ctypes.c_float, ptr, ctypes.c_int]
    best = float("inf")
    for _ in range(repeat + 1):
        start = time.perf_counter()
        helpers.im2col(ctypes.addressof(image), ci, h, w, ctypes.addressof(col))
        # Row-major: out (pixels x co) = col^T (pixels x k) * W (k x co).
        gemm(101, 112, 111, pixels, co, k, 1.0, ctypes.addressof(col), pixels,
             ctypes.addressof(weights), co, 0.0, ctypes.addressof(out), co)
        best = min(best, time.perf_counter() - start)
    return best


def build_helpers(work):
    source, lib = os.path.join(work, "helpers.c"), os.path.join(work, "helpers.so")
    open(source, "w").write(HELPERS)
    subprocess.run(["cc", "-O2", "-march=native", "-ffp-contract=fast", f"-DLANES={lanes()}",
                    "-shared", "-fPIC", source, "-o", lib], check=True)
    return ctypes.CDLL(lib)


def gemm_table(run, blas, sizes, repeat, fastmath, peak, work, block):
    p, q = block
    for design in (vb.packed, vb.threaded):
        path = os.path.join(work, "gemm-check.mlir")
        open(path, "w").write(design(32, p, q))
        subprocess.run([run, path, "--compare", "interpret,systolic"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cores = os.cpu_count()
    print(f"## GEMM, f32, {p}x{q} PE block (packed B); kernel time, best of {repeat}")
    print(f"| N | t2s 1 thread GFLOP/s | OpenBLAS 1 thread | ratio | of peak "
          f"| t2s {cores} threads GFLOP/s | OpenBLAS {cores} threads | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for n in sizes:
        times = {}
        for name, design in (("one", vb.packed), ("all", vb.threaded)):
            path = os.path.join(work, f"gemm-{name}-{n}.mlir")
            open(path, "w").write(design(n, p, q))
            times[name] = sb.t2s_seconds(run, path, repeat, fastmath)
        one = sb.openblas_seconds(blas, n, repeat)
        every = sb.openblas_seconds(blas, n, repeat, threads=0)
        g = 2.0 * n ** 3 / 1e9
        print(f"| {n} | {g / times['one']:.1f} | {g / one:.1f} | {100 * one / times['one']:.1f}% "
              f"| {100 * g / times['one'] / peak:.0f}% | {g / times['all']:.1f} | {g / every:.1f} "
              f"| {100 * every / times['all']:.1f}% |")


def conv_table(run, blas, helpers, repeat, fastmath, peak, work, pe):
    ci, co, h, w = 64, 64, 56, 56
    p, q = pe
    check_conv(run, work, p, q)
    cores = os.cpu_count()
    times = {}
    for name, threads in (("one", False), ("all", True)):
        path = os.path.join(work, f"conv-{name}.mlir")
        open(path, "w").write(conv(ci, co, h, w, p, q, threads))
        times[name] = sb.t2s_seconds(run, path, repeat, fastmath)
    one = im2col_sgemm_seconds(helpers, blas, ci, co, h, w, repeat, 1)
    every = im2col_sgemm_seconds(helpers, blas, ci, co, h, w, repeat, 0)
    g = 2.0 * ci * 9 * co * h * w / 1e9
    print(f"\n## 2-D convolution, f32, {ci} -> {co} channels, {h}x{w} output, 3x3; "
          f"{p}x{q} PE block (pixels x channels); kernel time, best of {repeat}")
    print(f"| t2s 1 thread GFLOP/s | im2col + OpenBLAS 1 thread | ratio | of peak "
          f"| t2s {cores} threads GFLOP/s | im2col + OpenBLAS {cores} threads | ratio |")
    print("|---|---|---|---|---|---|---|")
    print(f"| {g / times['one']:.1f} | {g / one:.1f} | {100 * one / times['one']:.1f}% "
          f"| {100 * g / times['one'] / peak:.0f}% | {g / times['all']:.1f} | {g / every:.1f} "
          f"| {100 * every / times['all']:.1f}% |")


def dataflow_table(run, repeat, work):
    # I = J = K = 4: a 160x128x256 GEMM; at 2 (80x64x128) the feeders'
    # first tile and the unloader's last one, which overlap nothing, are a
    # large share of the run.
    text, _ = db.scaled_gemm(4)
    path = os.path.join(work, "t2s-gemm-4.mlir")
    open(path, "w").write(text)
    subprocess.run([run, path, "--compare", "systolic,dataflow"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    systolic = db.kernel_seconds(run, path, "systolic", repeat)
    dataflow = db.kernel_seconds(run, path, "dataflow", repeat)
    moved = db.moved_values(run, path)
    print("\n## Dataflow against systolic (T2S's SGEMM design, I = J = K = 4: 160x128x256)")
    print("| systolic s | dataflow s | systolic / dataflow | ns per value moved |")
    print("|---|---|---|---|")
    print(f"| {systolic:.5f} | {dataflow:.5f} | {100 * systolic / dataflow:.1f}% "
          f"| {1e9 * dataflow / moved:.1f} |")


def compile_table(opt, arrays, work):
    print("\n## Compile time, GEMM NxN PEs unrolled, t2s-opt to the llvm dialect (whole process)")
    print("| PEs | s | ms per PE |")
    print("|---|---|---|")
    for n in arrays:
        path = os.path.join(work, f"array{n}.mlir")
        open(path, "w").write(sb.gemm(n, 8))
        start = time.perf_counter()
        subprocess.run([opt, path, "--t2s-lower-to-llvm=max-unrolled-pes=100000",
                        "-o", os.devnull], check=True, stderr=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        print(f"| {n}x{n} | {seconds:.2f} | {1000 * seconds / n / n:.2f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="512,1024,2048")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--pe", default="auto",
                        help="the GEMM's block, rows x lanes (auto: two vectors of the host, 4 rows; 8 with AVX-512)")
    parser.add_argument("--conv-pe", default="auto",
                        help="the convolution's block, pixels x channels (auto: as --pe)")
    parser.add_argument("--arrays", default="16,32,64")
    parser.add_argument("--fastmath", default="contract")
    parser.add_argument("--bin-dir", default=os.path.join(sb.REPO, "target", "release"))
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    sb.setup(args)
    run, opt = (os.path.join(args.bin_dir, b) for b in ("t2s-run", "t2s-opt"))
    blas = sb.find_openblas()
    if blas is None:
        sys.exit("OpenBLAS not found")
    work = tempfile.mkdtemp(prefix="t2s-cpu-bench-")
    helpers = build_helpers(work)
    peak = fma_peak(helpers)
    print(f"# {cpu_model()}, {os.cpu_count()} cores; FMA peak measured: {peak:.1f} GFLOP/s per core\n")
    gemm_table(run, blas, [int(n) for n in args.sizes.split(",")], args.repeat, args.fastmath,
               peak, work, block(args.pe))
    conv_table(run, blas, helpers, args.repeat, args.fastmath, peak, work, block(args.conv_pe))
    dataflow_table(run, args.repeat, work)
    compile_table(opt, [int(n) for n in args.arrays.split(",")], work)


def block(text):
    """A PxQ block; `auto` is rows of two vectors: 4 rows with AVX2's 16
    registers (8 accumulators, 4 broadcasts and 2 vector loads per step of
    the reduction: 4x16), where 8x16 spills (62% of OpenBLAS at 960 against
    95% for 4x16 in one run); 8 rows with AVX-512's 32 (16 accumulators:
    8x32), which ran at 82-98% of OpenBLAS where 4x32 ran at 79-84%
    (aot_gemm.py on the GPU machine's Xeon, tools/bench/README.md)."""
    if text == "auto":
        return (8 if lanes() == 16 else 4), 2 * lanes()
    p, q = text.split("x")
    return int(p), int(q)


def cpu_model():
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown CPU"


if __name__ == "__main__":
    main()
