import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, b, _, _ = load(d + "/b.npy"); _, c, _, _ = load(d + "/c.npy")
shape, A, vals, fo = load(d + "/A.npy")
def wr(x): return ((x + 2**31) % 2**32) - 2**31
ok = all(A(j, i) == wr(sum(b(i, k) * c(k, j) for k in range(8))) for i in range(4) for j in range(6))
print("A", shape, "check:", "OK" if ok else "WRONG")
