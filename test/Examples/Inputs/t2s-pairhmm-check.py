# Checks examples/t2s/pairhmm.mlir's output against the C-style compute of
# T2S's pairhmm-run-fpga.cpp (its TINY check), from the files' bytes (all
# in Fortran order: Halide's layouts), without numpy:
#   python3 t2s-pairhmm-check.py IN_DIR OUT.npy
import sys

from fortran_npy import load

d = sys.argv[1]
H, R = load(f"{d}/H.npy"), load(f"{d}/R.npy")
delta, zeta, eta = (load(f"{d}/{n}.npy") for n in ("delta", "zeta", "eta"))
am, ag, bm, bg = (load(f"{d}/{n}.npy") for n in ("alpha_match", "alpha_gap", "beta_match", "beta_gap"))
out = load(sys.argv[2])
HH, RR, OH, OR = out.shape
READ_LEN, HAP_LEN = R.shape[0], H.shape[1]
wrong = 0
for h in range(OH):
    for r in range(OR):
        for hh in range(HH):
            for rr in range(RR):
                tr, th = r * RR + rr, h * HH + hh
                M = [[0.0] * HAP_LEN for _ in range(READ_LEN)]
                I = [[0.0] * HAP_LEN for _ in range(READ_LEN)]
                D = [[0.0] * HAP_LEN for _ in range(READ_LEN)]
                golden = 0.0
                for j in range(HAP_LEN):
                    for i in range(READ_LEN):
                        if j == 0:
                            M[i][0] = I[i][0] = D[i][0] = 0.0
                        if i == 0:
                            M[0][j] = I[0][j] = 0.0
                            D[0][j] = 1.0 / (HAP_LEN - 1)
                        if i != 0 and j != 0:
                            same = R(i, tr) == H(th, j)
                            alpha = am(i, tr) if same else ag(i, tr)
                            beta = bm(i, tr) if same else bg(i, tr)
                            M[i][j] = alpha * M[i - 1][j - 1] + beta * (I[i - 1][j - 1] + D[i - 1][j - 1])
                            I[i][j] = delta(i, tr) * M[i - 1][j] + eta(i, tr) * I[i - 1][j]
                            D[i][j] = zeta(i, tr) * M[i][j - 1] + eta(i, tr) * D[i][j - 1]
                        if i == READ_LEN - 1 and j > 0:
                            golden += M[READ_LEN - 1][j] + I[READ_LEN - 1][j]
                if abs(golden - out(hh, rr, h, r)) > 1e-6 + 1e-4 * abs(golden):
                    wrong += 1
print(f"{HH * RR * OH * OR} alignments of PairHMM, {wrong} wrong")
