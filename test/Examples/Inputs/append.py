"""Copies a program, dropping the lines that contain DROP (unless empty)
and adding the given directives at the end of its ure.program:
python3 append.py IN.mlir OUT.mlir DROP DIRECTIVE..."""
import sys

source, out, drop, *directives = sys.argv[1:]
lines = [l for l in open(source).read().rstrip().split("\n")
         if not (drop and drop in l and not l.lstrip().startswith("//"))]
assert lines[-1] == "}", "the program ends the file"
lines[-1:] = ["  " + d for d in directives] + ["}"]
open(out, "w").write("\n".join(lines) + "\n")
