# Reads a float32 (or int8) .npy file in Fortran order (Halide's layout: the first
# index fastest) without numpy, for the T2S examples' check scripts.
import ast
import struct
import sys


def load(path):
    """An accessor at(i, j, ...) of the file's elements; at.shape is its shape."""
    data = open(path, "rb").read()
    length = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10:10 + length].decode())
    if not header["fortran_order"]:
        sys.exit(f"{path} is not in Fortran order")
    shape = header["shape"]
    count = 1
    for d in shape:
        count *= d
    # float32, or int8 (T2S's unsigned char strings, compared for equality)
    code, size = {"<f4": ("f", 4), "|i1": ("b", 1), "|u1": ("B", 1)}[header["descr"]]
    values = struct.unpack("<%d%s" % (count, code), data[10 + length:10 + length + size * count])

    def at(*index):
        flat, stride = 0, 1
        for i, n in zip(index, shape):
            flat += i * stride
            stride *= n
        return values[flat]

    at.shape = shape
    return at
