"""Checks the small T2S GEMM's output out(i, j, iii, ii, jj, jjj) against
A Bt^T for the inputs t2s-gemm.test writes (t2s-gemm-small.sed: III 3,
II 2, I 2; JJJ 2, JJ 2, J 2; K = 16)."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
header = struct.unpack("<H", data[8:10])[0]
body = data[10 + header:]
out = struct.unpack("<%df" % (len(body) // 4), body)
A = [[(r * 7 + k * 3) % 5 - 2 for k in range(16)] for r in range(12)]
Bt = [[(k * 5 + c) % 7 - 3 for k in range(16)] for c in range(8)]
wrong = 0
n = 0
for i in range(2):
    for j in range(2):
        for iii in range(3):
            for ii in range(2):
                for jj in range(2):
                    for jjj in range(2):
                        row, col = i * 6 + ii * 3 + iii, j * 4 + jj * 2 + jjj
                        want = sum(A[row][k] * Bt[col][k] for k in range(16))
                        wrong += out[n] != want
                        n += 1
print(f"{len(out)} elements of A B, {wrong} wrong")
