#!/usr/bin/env bash
# On the GPU machine: assembles the PTX of each manifest given with
# `ptxas -arch=sm_90 -v` and prints its resource report (registers, spills,
# stack), or ptxas's error.
set -uo pipefail
for m in "$@"; do
  python3 - "$m" <<'PY'
import json, os, subprocess, sys, tempfile
m = json.load(open(sys.argv[1]))
for name, ptx in m["ptx"].items():
    path = os.path.join(tempfile.mkdtemp(), name + ".ptx")
    open(path, "w").write(ptx)
    r = subprocess.run(["ptxas", "-arch=sm_90", "-v", path, "-o", "/dev/null"], capture_output=True, text=True)
    lines = [l for l in (r.stdout + r.stderr).splitlines() if "Used" in l or "spill" in l or "error" in l]
    print(f"{sys.argv[1]}: {'ok' if r.returncode == 0 else 'PTXAS FAILED'}: " + " | ".join(l.split("info    : ")[-1] for l in lines))
PY
done
