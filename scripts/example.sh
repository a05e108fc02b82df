#!/usr/bin/env bash
# Builds t2s-opt and t2s-run and runs them on the shipped GEMM example:
# the merged loop nest, then the interpreter against the JIT-compiled program.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo build --workspace
example=${1:-examples/gemm.mlir}
echo "== t2s-opt --merge-ures $example"
target/debug/t2s-opt --merge-ures "$example"
echo "== t2s-run $example --compare interpret,sequential"
target/debug/t2s-run "$example" --compare interpret,sequential
