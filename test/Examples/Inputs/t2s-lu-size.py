# examples/t2s/lu.mlir at another SIZE (T2S compiles one design per SIZE):
# only the input's shape and the bounds change.
#   python3 t2s-lu-size.py N lu.mlir OUT.mlir
import sys

n, source, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
text = open(source).read()
for old, new in [
    ("memref<4x4xf32", f"memref<{n}x{n}xf32"),
    ("k = 0 extent 4, j = k extent 4 - k, i = 0 extent 4",
     f"k = 0 extent {n}, j = k extent {n} - k, i = 0 extent {n}"),
]:
    if old not in text:
        sys.exit(f"t2s-lu-size.py: '{old}' not in {source}")
    text = text.replace(old, new)
open(out, "w").write(text)
