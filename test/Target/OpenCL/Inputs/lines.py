"""Fails unless FILE has fewer (`<`) or more (`>`) lines than N: lines.py FILE < N."""
import sys

path, relation, bound = sys.argv[1], sys.argv[2], int(sys.argv[3])
count = len(open(path, encoding="utf-8").readlines())
if not (count < bound if relation == "<" else count > bound):
    sys.exit(f"{path}: {count} lines, expected {relation} {bound}")
