#!/usr/bin/env python3
"""Runs a t2s GPU program on an NVIDIA GPU: the launch manifest that
`t2s-translate --t2s-to-gpu-manifest` writes (the PTX of each kernel
module, each host function's arguments and its launches, with their grid,
block and parameters), on .npy inputs.

    launch.py PROGRAM.gpu.json --inputs DIR [--expect DIR] [--outputs DIR]
              [--param N=V ...] [--time N]

--inputs DIR reads DIR/<input>.npy for each input (t2s-run --write-inputs
writes them); --expect DIR compares each output with DIR/<output>.npy (the
interpreter's, from t2s-run -o): exactly for integers, within --rtol and
--atol for floats, and every element must be written (the outputs start as
NaN, or as a value no kernel writes for integers). Exit 1 on a mismatch.
A kernel takes each buffer in its memory order: a Fortran-order file (a
buffer laid out in Halide's order) is passed and compared as the C-order
array of the reversed shape; --outputs writes what the kernel wrote.
--check DIR runs every DIR/*/program.gpu.json against its inputs/ and
expect/ folders (tools/gpu/prepare.sh makes them).

Needs CuPy (the PTX is loaded with cupy.RawModule); nothing is compiled by
the launcher and no launch geometry is guessed.
"""

import argparse
import json
import os
import sys
import tempfile

import numpy as np

FORMAT = "t2s-gpu-launch/1"
# The value unwritten integer outputs keep: no shipped program writes it.
POISON_INT = 0x5A


class Program:
    """One host function of a manifest, its kernels loaded."""

    def __init__(self, manifest_path, function=None):
        import cupy as cp

        with open(manifest_path) as f:
            manifest = json.load(f)
        if manifest.get("format") != FORMAT:
            raise SystemExit(f"{manifest_path}: not a {FORMAT} manifest")
        functions = manifest["functions"]
        if function is None:
            if len(functions) != 1:
                names = ", ".join(f["function"] for f in functions)
                raise SystemExit(f"{manifest_path}: several functions ({names}): name one with --function")
            chosen = functions[0]
        else:
            chosen = next((f for f in functions if f["function"] == function), None)
            if chosen is None:
                raise SystemExit(f"{manifest_path}: no function {function}")
        self.name = chosen["function"]
        self.arguments = chosen["arguments"]
        self._dir = tempfile.mkdtemp(prefix="t2s-ptx-")
        modules = {}
        for name, ptx in manifest["ptx"].items():
            path = os.path.join(self._dir, f"{name}.ptx")
            with open(path, "w") as f:
                f.write(ptx)
            modules[name] = cp.RawModule(path=path)
        self.launches = []
        for launch in chosen["launches"]:
            kernel = modules[launch["module"]].get_function(launch["kernel"])
            self.launches.append(
                (
                    kernel,
                    tuple(launch["grid"]),
                    tuple(launch["block"]),
                    [p["arg"] for p in launch["params"]],
                    launch["dynamic_shared_bytes"],
                )
            )

    def inputs(self):
        return [a for a in self.arguments if a["role"] in ("input", "inout")]

    def outputs(self):
        return [a for a in self.arguments if a["role"] in ("output", "inout")]

    def device_arguments(self, inputs, params):
        """The device buffers (and parameter values) of every argument:
        `inputs` maps names to host or device arrays; outputs start
        poisoned."""
        import cupy as cp

        values = []
        for a in self.arguments:
            if a["role"] == "param":
                if a["name"] not in params:
                    raise SystemExit(f"{self.name}: parameter {a['name']} needs a value (--param)")
                values.append(np.int64(params[a["name"]]))
                continue
            shape, dtype = tuple(a["shape"]), np.dtype(a["dtype"])
            if a["role"] == "output":
                fill = np.nan if dtype.kind == "f" else POISON_INT
                values.append(cp.full(shape, fill, dtype=dtype))
                continue
            if a["name"] not in inputs:
                raise SystemExit(f"{self.name}: no input {a['name']} given")
            array = cp.asarray(stored(inputs[a["name"]]))
            if array.shape != shape or array.dtype != dtype:
                raise SystemExit(
                    f"{self.name}: input {a['name']} is {array.dtype}{list(array.shape)}, "
                    f"the kernel takes {dtype}{list(shape)}"
                )
            values.append(cp.ascontiguousarray(array))
        return values

    def run(self, values):
        """Every launch of the function, in order (asynchronous)."""
        for kernel, grid, block, params, shared in self.launches:
            kernel(grid, block, tuple(values[p] for p in params), shared_mem=shared)

    def results(self, values):
        return {a["name"]: values[i] for i, a in enumerate(self.arguments) if a["role"] in ("output", "inout")}


def stored(array):
    """The array as its bytes are stored: a Fortran-order array (what
    t2s-run writes for a buffer laid out in Halide's order, the first index
    contiguous) is the C-order array of the reversed shape, which is how the
    kernel, taking buffers in their memory order, sees it."""
    if array.ndim > 1 and array.flags.f_contiguous and not array.flags.c_contiguous:
        return array.T
    return array


def compare(name, got, want, rtol, atol):
    """Whether `got` matches `want`; prints the first difference."""
    if got.shape != want.shape:
        print(f"{name}: shape {got.shape}, expected {want.shape}")
        return False
    if got.dtype.kind == "f":
        unwritten = np.isnan(got) & ~np.isnan(want)
        close = np.isclose(got, want, rtol=rtol, atol=atol, equal_nan=True)
    else:
        unwritten = np.zeros(got.shape, dtype=bool)
        close = got == want
    if close.all():
        return True
    index = tuple(int(i) for i in np.argwhere(~close)[0])
    what = "never written" if unwritten[index] else f"{got[index]!r}, expected {want[index]!r}"
    print(f"{name}: {int((~close).sum())} of {got.size} elements differ; at {list(index)}: {what}")
    return False


def time_runs(program, values, repeat):
    """The median milliseconds of one run of all launches (CUDA events)."""
    import cupy as cp

    for _ in range(3):
        program.run(values)
    times = []
    for _ in range(repeat):
        start, end = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        program.run(values)
        end.record()
        end.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, end))
    return sorted(times)[len(times) // 2]


def run_one(manifest, inputs_dir, expect_dir, outputs_dir, params, args):
    import cupy as cp

    program = Program(manifest, args.function)
    inputs = {a["name"]: np.load(os.path.join(inputs_dir, a["name"] + ".npy")) for a in program.inputs()}
    values = program.device_arguments(inputs, params)
    program.run(values)
    cp.cuda.Device().synchronize()
    ok = True
    for name, result in program.results(values).items():
        got = cp.asnumpy(result)
        if outputs_dir:
            os.makedirs(outputs_dir, exist_ok=True)
            np.save(os.path.join(outputs_dir, name + ".npy"), got)
        if expect_dir:
            want = stored(np.load(os.path.join(expect_dir, name + ".npy")))
            ok &= compare(name, got, want, args.rtol, args.atol)
    if args.time:
        print(f"{program.name}: {time_runs(program, values, args.time):.4f} ms a run (median of {args.time})")
    return ok


def check_all(root, args):
    """Every prepared example under `root`: a table of results."""
    rows = []
    for name in sorted(os.listdir(root)):
        folder = os.path.join(root, name)
        manifest = os.path.join(folder, "program.gpu.json")
        if not os.path.isfile(manifest):
            continue
        try:
            ok = run_one(manifest, os.path.join(folder, "inputs"), os.path.join(folder, "expect"), None, {}, args)
            rows.append((name, "match" if ok else "MISMATCH"))
        except Exception as e:  # noqa: BLE001 - reported per example
            rows.append((name, f"FAILED: {e}"))
    width = max((len(n) for n, _ in rows), default=8)
    for name, result in rows:
        print(f"{name:<{width}}  {result}")
    return all(r == "match" for _, r in rows) and rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifest", nargs="?")
    parser.add_argument("--inputs", metavar="DIR")
    parser.add_argument("--expect", metavar="DIR")
    parser.add_argument("--outputs", metavar="DIR")
    parser.add_argument("--check", metavar="DIR")
    parser.add_argument("--function")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--rtol", type=float, default=1e-5)
    parser.add_argument("--atol", type=float, default=1e-6)
    parser.add_argument("--time", type=int, default=0, metavar="N")
    args = parser.parse_args()
    if args.check:
        sys.exit(0 if check_all(args.check, args) else 1)
    if not args.manifest or not args.inputs:
        parser.error("give a manifest and --inputs DIR (or --check DIR)")
    params = dict((k, int(v)) for k, v in (p.split("=", 1) for p in args.param))
    sys.exit(0 if run_one(args.manifest, args.inputs, args.expect, args.outputs, params, args) else 1)


if __name__ == "__main__":
    main()
