import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, a, av, _ = load(d + "/a.npy")
shape, A, vals, fo = load(d + "/A.npy")
ok = all(A(l4, l2, l2c, oi) == av[l4 + 4 * l2 + 8 * l2c + 16 * oi] for l4 in range(4) for l2 in range(2) for l2c in range(2) for oi in range(2))
print("A", shape, "fortran" if fo else "C", "check:", "OK" if ok else "WRONG")
