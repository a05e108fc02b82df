# Checks examples/t2s/lu.mlir's output as LU-triangular-iso-stt.cpp's
# check() does: against the same compute in C style, and L * U against the
# input (both files in Fortran order, Halide's layout), without numpy:
#   python3 t2s-lu-check.py A.npy O.npy
import sys

from fortran_npy import load

a = load(sys.argv[1])
o = load(sys.argv[2])
n = a.shape[0]
prev, v, l, u, ref = {}, {}, {}, {}, {}
for k in range(n):
    for j in range(k, n):
        for i in range(k, n):
            prev[i, j, k] = a(i, j) if k == 0 else v[i, j, k - 1]
            if j == k:
                u[i, j, k] = prev[i, j, k]
            else:
                u[i, j, k] = u[i, j - 1, k]
                l[i, j, k] = prev[i, j, k] / u[i, j - 1, k] if i == k else l[i - 1, j, k]
                v[i, j, k] = prev[i, j, k] - l[i, j, k] * u[i, j - 1, k]
            if j == k:
                ref[i, j] = u[i, j, k]
            elif i == k:
                ref[i, j] = l[i, j, k]
bad = [(i, j) for j in range(n) for i in range(n) if abs(ref.get((i, j), 0.0) - o(i, j)) >= 1e-2]
for j in range(n):
    for i in range(n):
        total = 0.0
        for k in range(n):
            lower = o(k, j) if j > k else (1.0 if j == k else 0.0)
            upper = 0.0 if k > i else o(i, k)
            total += lower * upper
        if abs(total - a(i, j)) >= 1e-2:
            bad.append((i, j))
if bad:
    sys.exit(f"t2s-lu-check: wrong at {bad[:5]}")
print(f"t2s-lu-check: {n}x{n} matches the C-style compute, and L * U = A")
