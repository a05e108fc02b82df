# Writes a .npy file without numpy, for the example tests.
#   python3 npy.py OUT.npy DTYPE SHAPE VALUES [fortran]
# DTYPE: i1 (int8), i2 (int16), i4 (int32) or f4 (float32); SHAPE: comma-separated sizes, e.g. 4,5;
# VALUES: a Python expression giving the elements in row-major order, e.g.
# "[(i * 5 + j) % 7 - 3 for i in range(4) for j in range(5)]" or "range(1, 12)".
# With `fortran`, the file is in Fortran order (the first index contiguous) and
# VALUES are the elements in that order.
import struct
import sys

out, dtype, shape_text, values_text = sys.argv[1:5]
fortran = sys.argv[5:] == ["fortran"]
shape = tuple(int(d) for d in shape_text.split(","))
values = list(eval(values_text))
count = 1
for d in shape:
    count *= d
if len(values) != count:
    sys.exit(f"npy.py: {len(values)} values for shape {shape}")
fmt = {"i1": "b", "i2": "h", "i4": "i", "f4": "f"}[dtype]
shape_repr = "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"
header = "{'descr': '<%s', 'fortran_order': %s, 'shape': %s, }" % (dtype, fortran, shape_repr)
header += " " * (64 - 10 - len(header) - 1) + "\n"
with open(out, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%d%s" % (count, fmt), *values))
