import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, b, _, _ = load(d + "/b.npy"); _, w, _, _ = load(d + "/w.npy")
shape, A, vals, fo = load(d + "/A.npy")
def wr(x): return ((x + 2**31) % 2**32) - 2**31
I, J = 16, 8
ref = {}
for i in range(I):            # T2S's C-style loop, j innermost
    for j in range(J):
        p = wr(b(i, j) * w(i, j))
        if i == 0: ref[i, j] = p
        elif j == 0: ref[i, j] = wr(ref[i - 1, j + J - 1] + p)
        else: ref[i, j] = wr(ref[i, j - 1] + p)
ok = all(A(j % 4, j // 4, i) == ref[i, j] for i in range(I) for j in range(J))
print("A", shape, "fortran" if fo else "C", "check:", "OK" if ok else "WRONG")
