# Checks quasi-affine.mlir's output against the same sums computed here, in
# Python, whose // and % round toward negative infinity as MLIR's floordiv
# and mod do:  python3 quasi-expect.py P.npy OUT_DIR
import ast
import struct
import sys


def load(path):
    data = open(path, "rb").read()
    length = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10:10 + length].decode())
    count = 1
    for d in header["shape"]:
        count *= d
    return header["shape"], struct.unpack("<%df" % count, data[10 + length:10 + length + 4 * count])


(rows, cols), p = load(sys.argv[1])
_, out = load(sys.argv[2] + "/out.npy")
for i in range(8):
    total = 0.0
    for k in range(6):
        r = (i - 4) // 3 + 2 + k % 2
        c = (k - 5) % 4 + -(-(i - 1) // 2)
        total += p[r * cols + c]
    if abs(total - out[i]) > 1e-5:
        sys.exit(f"out({i}) = {out[i]}, expected {total}")
print("quasi-affine sums: ok")
