"""Checks the small SGEMM's output out(jjj, iii, jj, ii) against A B for the
inputs validation.test writes (III = 10, JJJ = 8, II = JJ = 2, K = 32)."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
header = struct.unpack("<H", data[8:10])[0]
body = data[10 + header:]
out = struct.unpack("<%df" % (len(body) // 4), body)
A = [[(i * 7 + k * 3) % 5 - 2 for k in range(32)] for i in range(20)]
B = [[(k * 5 + j) % 7 - 3 for j in range(16)] for k in range(32)]
wrong = 0
for jjj in range(8):
    for iii in range(10):
        for jj in range(2):
            for ii in range(2):
                got = out[((jjj * 10 + iii) * 2 + jj) * 2 + ii]
                i, j = ii * 10 + iii, jj * 8 + jjj
                wrong += got != sum(A[i][k] * B[k][j] for k in range(32))
print(f"{len(out)} elements of A B, {wrong} wrong")
