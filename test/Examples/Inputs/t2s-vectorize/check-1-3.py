import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, a, av, _ = load(d + "/a.npy")
shape, A, vals, fo = load(d + "/A.npy")
ref = [0 if i == 0 else av[i] for i in range(32)]
print("A", shape, "fortran" if fo else "C", "check:", "OK" if list(vals) == ref else "WRONG")
