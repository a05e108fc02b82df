import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, b, bv, _ = load(d + "/b.npy")
shape, A, vals, fo = load(d + "/A.npy")
def w(x): return ((x + 2**31) % 2**32) - 2**31
ref = [w((bv[i] + 1) * 2) for i in range(32)]
print("A", shape, "check:", "OK" if list(vals) == ref else "WRONG")
