import sys, os; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from npyio import load
d = sys.argv[1]
_, a, av, _ = load(d + "/a.npy")
for name in ("A", "out"):
    p = d + "/" + name + ".npy"
    if os.path.exists(p):
        shape, A, vals, fo = load(p)
        print(name, shape, "fortran" if fo else "C")
        ok = True
        if len(shape) == 2 and fo:      # A(ii, oi), Halide layout
            ok = all(A(ii, oi) == a(ii + 8 * oi) for ii in range(8) for oi in range(4))
        elif len(shape) == 2:          # out(oi, ii) row-major
            ok = all(A(oi, ii) == a(ii + 8 * oi) for ii in range(8) for oi in range(4))
        ok = ok and list(vals) == list(av)   # bytes == A(i) = a(i)
        print("check:", "OK" if ok else "WRONG")
