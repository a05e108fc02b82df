# Minimal .npy reader (C or Fortran order), no numpy. load(path) -> (shape, at)
import ast, struct
def load(path):
    data = open(path, "rb").read()
    major = data[6]
    if major == 1:
        length = struct.unpack("<H", data[8:10])[0]; start = 10
    else:
        length = struct.unpack("<I", data[8:12])[0]; start = 12
    header = ast.literal_eval(data[start:start + length].decode())
    shape = tuple(header["shape"]); fortran = header["fortran_order"]
    count = 1
    for d in shape: count *= d
    descr = header["descr"]
    code, size = {"<f4": ("f", 4), "<i4": ("i", 4), "<i8": ("q", 8), "|i1": ("b", 1), "<f8": ("d", 8)}[descr]
    vals = struct.unpack("<%d%s" % (count, code), data[start + length:start + length + size * count])
    def at(*idx):
        flat = 0
        if fortran:
            stride = 1
            for i, n in zip(idx, shape):
                flat += i * stride; stride *= n
        else:
            for i, n in zip(idx, shape):
                flat = flat * n + i
        return vals[flat]
    return shape, at, vals, fortran
