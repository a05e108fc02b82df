#!/usr/bin/env bash
# Prepares the GPU round trip of every shipped systolic example that has a
# GPU form, for `launch.py --check DIR` on the GPU machine: DIR/<example>/
# holds program.gpu.json (t2s-opt --t2s-systolic-to-ptx, then t2s-translate
# --t2s-to-gpu-manifest), inputs/ (t2s-run --write-inputs) and expect/ (the
# interpreter's outputs, t2s-run -o). Examples the GPU route rejects are
# listed with the reason and skipped.
#
# Usage: tools/gpu/prepare.sh DIR [t2s binaries dir, default target/debug]
set -euo pipefail
out=${1:?usage: prepare.sh DIR [BIN]}
bin=${2:-target/debug}
mkdir -p "$out"
for f in examples/systolic/*.mlir examples/vector/*.mlir examples/dataflow/*.mlir examples/t2s/*.mlir examples/gpu/*.mlir test/GPU/Inputs/double-*.mlir test/GPU/Inputs/layout-*.mlir test/GPU/Inputs/gemm-shared-vector.mlir test/GPU/Inputs/inside-*.mlir test/GPU/Inputs/long-*.mlir test/Examples/Inputs/trmm-lower.mlir; do
  [ -f "$f" ] || continue
  name=$(basename "$(dirname "$f")")-$(basename "$f" .mlir)
  dir="$out/$name"
  mkdir -p "$dir"
  if ! "$bin/t2s-opt" "$f" --t2s-systolic-to-ptx --mlir-print-debuginfo -o "$dir/program.ptx.mlir" 2>"$dir/compile.log"; then
    echo "$name: no GPU form: $(grep -m1 'error:' "$dir/compile.log" | sed 's/^[^ ]* error: //')"
    rm -rf "$dir"
    continue
  fi
  "$bin/t2s-translate" --t2s-to-gpu-manifest "$dir/program.ptx.mlir" -o "$dir/program.gpu.json"
  if ! "$bin/t2s-run" "$f" --write-inputs "$dir/inputs" -o "$dir/expect" >/dev/null 2>"$dir/run.log"; then
    # Too large for the interpreter (its limit of points): no expected
    # outputs to check the GPU against.
    echo "$name: no reference run: $(grep -m1 'error:' "$dir/run.log" | sed 's/^[^ ]* error: //')"
    rm -rf "$dir"
    continue
  fi
  rm -f "$dir/program.ptx.mlir" "$dir/compile.log" "$dir/run.log"
  echo "$name: prepared"
done
