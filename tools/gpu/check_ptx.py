#!/usr/bin/env python3
"""A structural check of the PTX in launch manifests, for machines without
ptxas (CI): each kernel module is PTX ISA 8.0 for sm_90 with balanced
braces, and each launch's kernel is a `.visible .entry` of its module that
declares exactly as many `.param`s as the manifest passes, each a 64-bit
pointer or integer (bare pointers and index parameters).

    check_ptx.py MANIFEST...

Prints one line per launch; exit 1 at the first problem.
"""

import json
import re
import sys


def entries(ptx):
    """Each `.entry` name with its parameter declarations."""
    found = {}
    for m in re.finditer(r"\.visible\s+\.entry\s+(\w+)\s*\(([^)]*)\)", ptx):
        params = [p.strip() for p in m.group(2).split(",") if p.strip()]
        found[m.group(1)] = params
    return found


def check(path):
    with open(path) as f:
        manifest = json.load(f)
    if manifest.get("format") != "t2s-gpu-launch/1":
        raise SystemExit(f"{path}: not a t2s-gpu-launch/1 manifest")
    for module, ptx in manifest["ptx"].items():
        for directive in (".version 8.0", ".target sm_90", ".address_size 64"):
            if directive not in ptx:
                raise SystemExit(f"{path}: module {module} lacks '{directive}'")
        if ptx.count("{") != ptx.count("}"):
            raise SystemExit(f"{path}: module {module}: unbalanced braces")
    for function in manifest["functions"]:
        for launch in function["launches"]:
            params = entries(manifest["ptx"][launch["module"]]).get(launch["kernel"])
            if params is None:
                raise SystemExit(f"{path}: no .entry {launch['kernel']} in module {launch['module']}")
            if len(params) != len(launch["params"]):
                raise SystemExit(
                    f"{path}: {launch['kernel']} declares {len(params)} parameters, the manifest passes {len(launch['params'])}"
                )
            for p in params:
                if not re.match(r"\.param\s+\.(u64|b64|s64)\b", p):
                    raise SystemExit(f"{path}: {launch['kernel']}: parameter '{p}' is not 64 bits")
            args = [function["arguments"][p["arg"]]["name"] for p in launch["params"]]
            print(
                f"{function['function']}: {launch['kernel']} grid {launch['grid']} block {launch['block']} "
                f"({', '.join(args)}): ok"
            )


if __name__ == "__main__":
    for manifest in sys.argv[1:]:
        check(manifest)
