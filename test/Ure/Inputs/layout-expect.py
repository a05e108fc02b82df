# Checks layout-gemm.mlir's output against the product computed here from
# the files' bytes as their headers lay them out (without numpy):
#   python3 layout-expect.py A.npy B.npy OUT.npy
# out(i, j) = sum over k of A(k, i) * B(j, k).
import ast
import struct
import sys


def load(path):
    """The header and an accessor of element (x, y) of a 2-D float file."""
    data = open(path, "rb").read()
    length = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10:10 + length].decode())
    rows, cols = header["shape"]
    values = struct.unpack("<%df" % (rows * cols), data[10 + length:10 + length + 4 * rows * cols])
    if header["fortran_order"]:
        return header, lambda x, y: values[y * rows + x]
    return header, lambda x, y: values[x * cols + y]


_, a = load(sys.argv[1])
_, b = load(sys.argv[2])
header, out = load(sys.argv[3])
if tuple(header["shape"]) != (6, 5):
    sys.exit(f"out has the shape {header['shape']}, expected (6, 5)")
for i in range(6):
    for j in range(5):
        want = sum(a(k, i) * b(j, k) for k in range(8))
        if abs(want - out(i, j)) > 1e-4:
            sys.exit(f"out({i}, {j}) = {out(i, j)}, expected {want}")
order = "Fortran" if header["fortran_order"] else "C"
print(f"layout gemm: ok (output in {order} order)")
