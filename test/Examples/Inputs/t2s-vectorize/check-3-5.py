import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, b, bv, fb = load(d + "/b.npy")
shape, A, vals, fo = load(d + "/A.npy")
ok = all(A(l4, l2, oii, i) == b(i, l4 + 4 * l2 + 8 * oii) for l4 in range(4) for l2 in range(2) for oii in range(4) for i in range(2))
print("b fortran" if fb else "b C", "A", shape, "fortran" if fo else "C", "check:", "OK" if ok else "WRONG")
