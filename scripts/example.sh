#!/usr/bin/env bash
# Builds t2s-opt, t2s-run and libT2SPlugin.so, and runs them on the shipped
# systolic GEMM (examples/systolic/gemm.mlir, or the file given): the
# space-time transform of the program as written, then the compiled systolic
# array and the sequential program against the reference interpreter.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo build --workspace
example=${1:-examples/systolic/gemm.mlir}
echo "== t2s-opt --space-time-transform $example"
target/debug/t2s-opt --space-time-transform "$example"
echo "== t2s-run $example --compare interpret,systolic"
target/debug/t2s-run "$example" --compare interpret,systolic
echo "== t2s-run $example --compare interpret,sequential"
target/debug/t2s-run "$example" --compare interpret,sequential
echo "== t2s-run examples/dataflow/gemm.mlir --compare interpret,dataflow"
target/debug/t2s-run examples/dataflow/gemm.mlir --compare interpret,dataflow
echo "== t2s-opt --t2s-dataflow-to-scf examples/dataflow/matvec.mlir | t2s-translate --t2s-to-opencl (head)"
cl=$(mktemp --suffix=.cl)
target/debug/t2s-opt --t2s-dataflow-to-scf examples/dataflow/matvec.mlir 2>/dev/null \
  | target/debug/t2s-translate --t2s-to-opencl -o "$cl"
head -n 20 "$cl"
rm -f "$cl"
echo "== t2s-run examples/dataflow/gemm.mlir --compare interpret,opencl"
target/debug/t2s-run examples/dataflow/gemm.mlir --compare interpret,opencl
