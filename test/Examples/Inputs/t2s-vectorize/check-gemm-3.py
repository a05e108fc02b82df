import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, a, _, _ = load(d + "/a.npy"); _, b, _, _ = load(d + "/b.npy")
shape, c, vals, fo = load(d + "/c.npy")
def wr(x): return ((x + 2**31) % 2**32) - 2**31
ok = all(c(i, j) == wr(sum(a(i, k) * b(k, j) for k in range(12))) for i in range(2) for j in range(2))
print("c", shape, "fortran" if fo else "C", [c(i, j) for i in range(2) for j in range(2)], "check:", "OK" if ok else "WRONG")
