"""Runs a command N times, two at a time, and fails on the first run that
exits non-zero (a signal shows as a negative status): races at teardown,
such as a worker thread still in JIT-compiled code when the engine is
freed, show under load.

    run-concurrently.py N command args...
"""
import subprocess
import sys

runs = int(sys.argv[1])
command = sys.argv[2:]
failed = 0
for _ in range(runs // 2):
    pair = [subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(2)]
    for p in pair:
        _, err = p.communicate()
        if p.returncode != 0:
            failed += 1
            sys.stderr.write(f"exit status {p.returncode}: {err.decode(errors='replace')[-500:]}\n")
print(f"{runs // 2 * 2} runs, {failed} failed")
sys.exit(1 if failed else 0)
