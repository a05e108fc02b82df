#!/usr/bin/env python3
"""The dataflow mode against the systolic mode, on T2S's SGEMM design.

examples/t2s/gemm.mlir (T2S's Arria 10 SGEMM: a 10 x 8 array of 16-lane
PEs, loaders, double-buffered feeders, collector and unloader) scaled down
to II = JJ = KK = 4 and I = J = K = --tiles, so that it runs here. The same
program runs twice in one process each:

- the systolic mode: the array alone, one thread, inputs read from memory;
- the dataflow mode: every kernel (two loaders, two feeders, the array,
  the collector, the unloader) on its own thread, the values between them
  through the channel runtime (passes/runtime/src/channel.rs).

Kernel time only (`t2s-run --time R`: the compiled design called R times
after a warm-up; parsing, lowering and JIT compilation excluded). The
ratio is systolic time / dataflow time (the issue's goal: at least 25%).
The per-element channel cost is the dataflow time over the number of
values the design moves through its channels (each counted once, at its
write; a value crossing two channels counts twice), as the runtime counts
them (its `t2s::channels` log line): an upper bound, since it charges the
kernels' own work to the channels too.

    python3 tools/bench/dataflow_bench.py [--tiles 2,4] [--repeat 5] [--no-build]
"""

import argparse
import os
import re
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def scaled_gemm(tiles):
    """examples/t2s/gemm.mlir with II = JJ = KK = 4 and I = J = K = tiles."""
    text = open(os.path.join(REPO, "examples/t2s/gemm.mlir")).read()
    rows, cols, k = tiles * 4 * 10, tiles * 4 * 8, tiles * 4 * 16
    swaps = [
        ("memref<10240x16384xf32>", f"memref<{rows}x{k}xf32>"),
        ("memref<8192x16384xf32>", f"memref<{cols}x{k}xf32>"),
        ("%i * 320 + %ii * 10", "%i * 40 + %ii * 10"),
        ("%j * 256 + %jj * 8", "%j * 32 + %jj * 8"),
        ("%k * 512 + %kk * 16", "%k * 64 + %kk * 16"),
        ("%kk + 31, %k - 1", "%kk + 3, %k - 1"),
        ("%kk31 = arith.cmpi eq, %kk, %c31", "%kk31 = arith.cmpi eq, %kk, %c3"),
        ("%k31 = arith.cmpi eq, %k, %c31", "%k31 = arith.cmpi eq, %k, %cK"),
        ("    %c31 = arith.constant 31 : index\n",
         f"    %c3 = arith.constant 3 : index\n    %cK = arith.constant {tiles - 1} : index\n"),
        ("jj = 0 extent 32, ii = 0 extent 32, kk = 0 extent 32",
         "jj = 0 extent 4, ii = 0 extent 4, kk = 0 extent 4"),
        ("k = 0 extent 32, j = 0 extent 32, i = 0 extent 32",
         f"k = 0 extent {tiles}, j = 0 extent {tiles}, i = 0 extent {tiles}"),
    ]
    for old, new in swaps:
        if old not in text:
            raise SystemExit(f"examples/t2s/gemm.mlir changed: no '{old}'")
        text = text.replace(old, new)
    return text, 2 * rows * cols * k


def kernel_seconds(run, path, mode, repeat):
    argv = [run, path, "--mode", mode, "--time", str(repeat)]
    out = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "kernel time: best" in line:
            return float(line.split("best")[1].split()[0])
    raise RuntimeError(f"no kernel time in: {out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tiles", default="2,4", help="I = J = K values (comma separated)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "-q"], cwd=REPO, check=True)
    run = os.path.join(REPO, "target/release/t2s-run")
    os.makedirs(os.path.join(REPO, "target/bench"), exist_ok=True)
    print(f"## T2S SGEMM design, II = JJ = KK = 4; kernel time, best of {args.repeat}")
    print("| I = J = K | M x N x K | systolic s | dataflow s | systolic / dataflow | values moved | ns per value |")
    print("|---|---|---|---|---|---|---|")
    for tiles in [int(t) for t in args.tiles.split(",")]:
        text, flops = scaled_gemm(tiles)
        path = os.path.join(REPO, f"target/bench/t2s-gemm-{tiles}.mlir")
        with open(path, "w") as f:
            f.write(text)
        check = subprocess.run([run, path, "--compare", "systolic,dataflow"], capture_output=True, text=True)
        if check.returncode != 0 or "MISMATCH" in check.stdout:
            raise SystemExit(f"the modes disagree at tiles = {tiles}:\n{check.stdout}{check.stderr}")
        systolic = kernel_seconds(run, path, "systolic", args.repeat)
        dataflow = kernel_seconds(run, path, "dataflow", args.repeat)
        moved = moved_values(run, path)
        m, n, k = tiles * 40, tiles * 32, tiles * 64
        print(f"| {tiles} | {m}x{n}x{k} | {systolic:.5f} | {dataflow:.5f} | {100 * systolic / dataflow:.1f}% "
              f"| {moved} | {1e9 * dataflow / moved:.1f} |")


def moved_values(run, path):
    """The values the design moves through its channels in one run, from
    the runtime's own count (its `t2s::channels` log line)."""
    env = dict(os.environ, RUST_LOG="t2s::channels=info")
    out = subprocess.run([run, path, "--mode", "dataflow"], check=True, capture_output=True,
                         text=True, env=env).stderr
    match = re.search(r"(\d+) values through the channels", out)
    if not match:
        raise RuntimeError(f"no channel count in: {out}")
    return int(match.group(1))


if __name__ == "__main__":
    main()
