#!/usr/bin/env bash
# Compiles the GPU GEMM of tools/gpu/gemm.py at each size into
# DIR/gemm-<N>.gpu.json, for bench.py on the GPU machine.
#
# Usage: tools/gpu/prepare-bench.sh DIR [SIZES, default "1024 2048 4096 8192"]
#        [gemm.py options, e.g. "--iii 8 --jjj 8 --it 16 --jt 16 --kt 8";
#         default: gemm.py's, the fastest design measured]
#        [t2s binaries dir, default target/release]
set -euo pipefail
out=${1:?usage: prepare-bench.sh DIR [SIZES] [GEMM OPTIONS] [BIN]}
sizes=${2:-1024 2048 4096 8192}
tiles=${3:-}
bin=${4:-target/release}
here=$(dirname "$0")
mkdir -p "$out"
for n in $sizes; do
  # shellcheck disable=SC2086
  python3 "$here/gemm.py" "$n" $tiles > "$out/gemm-$n.mlir"
  start=$(date +%s.%N)
  "$bin/t2s-opt" "$out/gemm-$n.mlir" --t2s-systolic-to-ptx='fastmath=contract' \
    --mlir-print-debuginfo -o "$out/gemm-$n.ptx.mlir"
  "$bin/t2s-translate" --t2s-to-gpu-manifest "$out/gemm-$n.ptx.mlir" -o "$out/gemm-$n.gpu.json"
  end=$(date +%s.%N)
  printf 'gemm-%s: compiled in %.2f s\n' "$n" "$(echo "$end - $start" | bc)"
  rm -f "$out/gemm-$n.ptx.mlir"  # the design stays: bench.py reads its layout
done
