import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, a, av, _ = load(d + "/a.npy")
shape, A, vals, fo = load(d + "/A.npy")
ok = list(vals) == list(av) and all(A(x, y, z) == av[x + 4 * y + 16 * z] for x in range(4) for y in range(4) for z in range(2))
print("A", shape, "fortran" if fo else "C", "check:", "OK" if ok else "WRONG")
