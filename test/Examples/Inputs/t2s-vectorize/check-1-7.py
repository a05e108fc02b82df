import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
sa, a, av, fa = load(d + "/a.npy")
shape, A, vals, fo = load(d + "/A.npy")
ref = [a(i // 4, i % 4) for i in range(32)]
print("a", sa, "fortran" if fa else "C", "A", shape, "check:", "OK" if list(vals) == ref else "WRONG")
