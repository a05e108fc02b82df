#!/usr/bin/env python3
"""Times t2s's GPU GEMM and convolution (tools/gpu/gemm.py and conv.py,
compiled here by `prepare-bench.sh`) next to cuBLAS SGEMM (torch.matmul)
and cuDNN (torch.nn.functional.conv2d), FP32 with TF32 off, in the same
process, on the same random inputs, with CUDA events.

    bench.py DIR [--repeat 20]

DIR holds gemm-<N>.gpu.json for each size, with the design gemm-<N>.mlir
(whose layout of C the check reads), and conv-<name>.gpu.json. Each t2s
result is checked against the same product in float64 (relative Frobenius
error under 1e-4) and every output element must be written. Prints a table:
the problem, t2s GFLOP/s, the library's GFLOP/s, the ratio, and the error.
"""

import argparse
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from conv import is_nchw, o_of  # noqa: E402
from gemm import c_of, is_interleaved, is_row_major  # noqa: E402
from launch import Program  # noqa: E402


def median_ms(run, repeat):
    import torch

    for _ in range(3):
        run()
    times = []
    for _ in range(repeat):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        run()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return sorted(times)[len(times) // 2]


def bench(path, repeat):
    import cupy as cp
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    program = Program(path)
    a_arg, b_arg = program.inputs()
    n = a_arg["shape"][0]
    torch.manual_seed(n)
    a = torch.randn(n, n, device="cuda", dtype=torch.float32)
    b = torch.randn(n, n, device="cuda", dtype=torch.float32)
    values = program.device_arguments({a_arg["name"]: cp.asarray(a), b_arg["name"]: cp.asarray(b)}, {})
    program.run(values)
    torch.cuda.synchronize()
    (out,) = program.results(values).values()
    with open(path.replace(".gpu.json", ".mlir")) as f:
        design = f.read()
    c = c_of(torch.as_tensor(out, device="cuda"), is_interleaved(design), is_row_major(design))
    reference = (a.double() @ b.double())
    unwritten = int(torch.isnan(c).sum())
    error = float((c.double() - reference).norm() / reference.norm())
    t2s_ms = median_ms(lambda: program.run(values), repeat)
    cublas_ms = median_ms(lambda: torch.matmul(a, b), repeat)
    flops = 2.0 * n**3
    return str(n), flops / t2s_ms / 1e6, flops / cublas_ms / 1e6, error, unwritten


def bench_conv(path, repeat):
    import cupy as cp
    import torch
    import torch.nn.functional as F

    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    program = Program(path)
    i_arg, w_arg = program.inputs()
    torch.manual_seed(7)
    image = torch.randn(*i_arg["shape"], device="cuda", dtype=torch.float32)
    weights = torch.randn(*w_arg["shape"], device="cuda", dtype=torch.float32)
    values = program.device_arguments({i_arg["name"]: cp.asarray(image), w_arg["name"]: cp.asarray(weights)}, {})
    program.run(values)
    torch.cuda.synchronize()
    (out,) = program.results(values).values()
    design = path.replace(".gpu.json", ".mlir")
    if not os.path.exists(design):
        design = os.path.join(os.path.dirname(path), "conv.mlir")
    with open(design) as f:
        nchw = is_nchw(f.read())
    o = o_of(torch.as_tensor(out, device="cuda"), nchw)
    reference = F.conv2d(image.double(), weights.double())
    unwritten = int(torch.isnan(o).sum())
    error = float((o.double() - reference).norm() / reference.norm())
    t2s_ms = median_ms(lambda: program.run(values), repeat)
    cudnn_ms = median_ms(lambda: F.conv2d(image, weights), repeat)
    n, c, _, _ = image.shape
    co, _, k, _ = weights.shape
    _, _, h, w = reference.shape
    flops = 2.0 * n * co * c * k * k * h * w
    label = f"conv {n}x{c}x{h}x{w}->{co}"
    return label, flops / t2s_ms / 1e6, flops / cudnn_ms / 1e6, error, unwritten


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    import torch

    paths = sorted(glob.glob(os.path.join(args.dir, "gemm-*.gpu.json")), key=lambda p: int(re.findall(r"\d+", os.path.basename(p))[0]))
    rows = [bench(p, args.repeat) for p in paths]
    rows += [bench_conv(p, args.repeat) for p in sorted(glob.glob(os.path.join(args.dir, "conv-*.gpu.json")))]
    print(f"device: {torch.cuda.get_device_name()}")
    print(f"{'problem':>22} {'t2s GFLOP/s':>12} {'library GFLOP/s':>16} {'ratio':>7} {'rel. error':>11} {'unwritten':>9}")
    ok = True
    for what, t2s, library, error, unwritten in rows:
        print(f"{what:>22} {t2s:>12.1f} {library:>16.1f} {t2s / library:>6.1%} {error:>11.2e} {unwritten:>9}")
        ok &= error < 1e-4 and unwritten == 0
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
