# Reads a .npy (C or Fortran order) without numpy and checks every element
# against a Python expression of the logical indices.
#   python3 npycheck.py FILE.npy "EXPR" [i,j,...]
# e.g. python3 npycheck.py out/A.npy "i*2" i
import ast, struct, sys, itertools
def load(path):
    data = open(path, "rb").read()
    n = struct.unpack("<H", data[8:10])[0]
    h = ast.literal_eval(data[10:10+n].decode())
    shape = h["shape"]; cnt = 1
    for d in shape: cnt *= d
    code, size = {"<i4": ("i",4), "<f4": ("f",4), "|i1": ("b",1), "|b1": ("?",1), "<i8": ("q",8), "|u1": ("B",1), "<i2": ("h",2)}[h["descr"]]
    vals = struct.unpack("<%d%s" % (cnt, code), data[10+n:10+n+size*cnt])
    def at(idx):
        flat = 0
        if h["fortran_order"]:
            stride = 1
            for i, d in zip(idx, shape): flat += i*stride; stride *= d
        else:
            for i, d in zip(idx, shape): flat = flat*d + i
        return vals[flat]
    return shape, at
path, expr = sys.argv[1], sys.argv[2]
names = sys.argv[3].split(",") if len(sys.argv) > 3 else ["i"]
shape, at = load(path)
bad = 0
for idx in itertools.product(*[range(d) for d in shape]):
    env = dict(zip(names, idx))
    exp = eval(expr, dict(env)); got = at(idx)
    if got != exp:
        bad += 1
        if bad <= 5: print("MISMATCH at", env, "got", got, "expected", exp)
print(f"{path}: shape {shape}: {'OK' if bad == 0 else str(bad)+' mismatches'} vs {expr}")
sys.exit(1 if bad else 0)
