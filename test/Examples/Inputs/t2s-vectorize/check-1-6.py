import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, a, av, _ = load(d + "/a.npy"); _, b, bv, _ = load(d + "/b.npy")
shape, A, vals, fo = load(d + "/A.npy")
ref = [max(av[i], bv[i]) for i in range(32)]
print("A", shape, "check:", "OK" if list(vals) == ref else "WRONG", "(a>b in %d lanes)" % sum(av[i] > bv[i] for i in range(32)))
