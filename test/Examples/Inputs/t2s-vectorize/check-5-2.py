import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, a, av, _ = load(d + "/a.npy")
shape, A, vals, fo = load(d + "/A.npy")
n = shape[0]
ok = list(vals) == list(av) and all(A(ii, oi) == av[ii + n * oi] for ii in range(n) for oi in range(shape[1]))
print("A", shape, "fortran" if fo else "C", "check:", "OK" if ok else "WRONG")
