#!/usr/bin/env bash
# Installs the Debian packages t2s needs (LLVM/MLIR 22 and friends), only when missing.
# Idempotent: a second run checks dpkg and returns in well under a second.
set -euo pipefail

PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  libpolly-22-dev libclang-22-dev clang-22
  libzstd-dev libz3-dev libxml2-dev zlib1g-dev cmake ninja-build
  python3-numpy
  spirv-tools llvm-spirv-15 ocl-icd-libopencl1 pocl-opencl-icd
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

echo "t2s setup: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
