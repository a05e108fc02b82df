# Checks examples/t2s/capsule.mlir's output against capsule.cpp's own
# check_correctness loop, computed here from the files' bytes (all three in
# Fortran order: Halide's layouts), without numpy:
#   python3 t2s-capsule-check.py pose.npy weight.npy out.npy
import sys

from fortran_npy import load

pose, weight, out = (load(p) for p in sys.argv[1:4])
CO, MY, MX, Y, X, N, MK, CI, KY, KX, S = 2, 4, 4, 2, 2, 1, 4, 4, 3, 3, 2
wrong = 0
for co in range(CO):
    for my in range(MY):
        for mx in range(MX):
            for y in range(Y):
                for x in range(X):
                    for n in range(N):
                        vote = 0.0
                        for ci in range(CI):
                            for kx in range(KX):
                                for ky in range(KY):
                                    for mk in range(MK):
                                        vote += pose(mk, ci, S * y + ky, S * x + kx, mx, n) * \
                                            weight(co, mk, ci, ky, kx, my)
                        if abs(vote - out(co, my, mx, y, x, n)) > 1e-3:
                            wrong += 1
print(f"{CO * MY * MX * Y * X * N} votes of the capsule convolution, {wrong} wrong")
