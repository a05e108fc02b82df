import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, b, _, _ = load(d + "/b.npy"); _, c, _, _ = load(d + "/c.npy")
shape, A, vals, fo = load(d + "/A.npy")
def wr(x): return ((x + 2**31) % 2**32) - 2**31
I, J, K = 4, 6, 8
ref = {}
for i in range(I):
    for j in range(J):
        for k in range(K):
            p = wr(b(i, k) * c(k, j))
            ref[i, j, k] = p if k == 0 else wr(ref[i, j, k - 1] + p)
ok = all(A(k % 4, k // 4, j, i) == ref[i, j, k] for i in range(I) for j in range(J) for k in range(K))
print("A", shape, "fortran" if fo else "C", "check:", "OK" if ok else "WRONG")
