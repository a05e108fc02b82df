import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, a, av, _ = load(d + "/a.npy")
shape, A, vals, fo = load(d + "/A.npy")
# Halide A(i, ii) = a(i), i contiguous: element i + 32 * ii
ref = [av[i] for ii in range(8) for i in range(32)]
ok = list(vals) == ref and all(A(iii, oii, i) == av[i] for iii in range(4) for oii in range(2) for i in range(32))
print("A", shape, "fortran" if fo else "C", "check:", "OK" if ok else "WRONG")
