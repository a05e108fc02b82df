#!/usr/bin/env python3
"""Runs every shell command of README.md and docs/ (``sh``/``bash`` blocks).

The blocks of one file run in order in one bash session (a tutorial's `cd`
and variables carry over), started in a scratch folder that mirrors the
repository with symbolic links, so commands find `examples/`, `test/`,
`target/debug/` as written and their outputs (`-o abc.mlir`, `out/`) do not
touch the work tree. `target/debug` is on PATH (the docs call `t2s-opt` and
`t2s-run` as installed tools), and `cargo` runs in the repository itself, so
`cargo build` is the build the suite already made, not a second one.

A command passes when it exits 0. A block fenced as ``output`` right after
a shell block is what that block prints: each of its non-empty lines must
appear, in order, in the output of the block's commands (stdout and stderr;
a line matches when the printed line contains it, after collapsing runs of
spaces). Not run, and reported as such: `bash scripts/test.sh` (the suite
running this script).

Prints one line per failure with the file, the command and the tail of its
output, then "N commands, N failed, N not run"; exits 1 on a failure.
Usage: check-doc-commands.py [FILE.md ...]  (default: README.md, docs/**/*.md)
"""

import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FENCE = re.compile(r"^```([a-z]*)[^\n]*\n(.*?)^```[ \t]*\n?", re.S | re.M)
SHELL = ("sh", "bash", "shell")
NOT_RUN = {"bash scripts/test.sh": "the suite that runs this check"}


def blocks(markdown):
    """The shell blocks, each with the output block that follows it (or None)."""
    fences = list(FENCE.finditer(markdown))
    out = []
    for k, m in enumerate(fences):
        if m.group(1) not in SHELL:
            continue
        expected = None
        if k + 1 < len(fences):
            nxt = fences[k + 1]
            between = markdown[m.end() : nxt.start()]
            if nxt.group(1) == "output" and not between.strip():
                expected = nxt.group(2)
        out.append((block_commands(m.group(2)), expected))
    return out


def commands(markdown):
    """The commands of the shell blocks, continuation lines joined."""
    return [c for cmds, _ in blocks(markdown) for c in cmds]


def block_commands(block):
    """The commands of one shell block, continuation lines joined."""
    out, pending = [], ""
    for line in block.split("\n"):
        pending += line
        if pending.endswith("\\"):
            pending = pending[:-1] + " "
            continue
        command = strip_comment(pending).strip()
        pending = ""
        if command:
            out.append(command)
    return out


def strip_comment(line):
    """The line without a trailing `# ...` outside quotes."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i]
    return line


def mirror(scratch):
    for name in os.listdir(REPO):
        if name.startswith(".git"):
            continue
        os.symlink(os.path.join(REPO, name), os.path.join(scratch, name))


def session(cmds, log_dir):
    """A bash script that runs each command, logging it, and records failures."""
    lines = ["set -o pipefail", "failed=0"]
    for i, c in enumerate(cmds):
        log = os.path.join(log_dir, f"{i}.log")
        lines.append(
            f"{{ {c} ; }} > {shlex.quote(log)} 2>&1 < /dev/null"
            f" || {{ echo \"FAILED {i} $?\"; failed=1; }}"
        )
    lines.append("exit $failed")
    return "\n".join(lines) + "\n"


def cargo_wrapper(bin_dir):
    path = os.path.join(bin_dir, "cargo")
    with open(path, "w") as f:
        f.write(f'#!/bin/sh\ncd {shlex.quote(REPO)} && exec "$REAL_CARGO" "$@"\n')
    os.chmod(path, 0o755)


def squash(line):
    return " ".join(line.split())


def missing_output(expected, printed):
    """The first expected line not printed (in order), or None."""
    lines = [squash(l) for l in printed.splitlines()]
    at = 0
    for want in (squash(l) for l in expected.splitlines()):
        if not want:
            continue
        while at < len(lines) and want not in lines[at]:
            at += 1
        if at == len(lines):
            return want
        at += 1
    return None


def run_file(md):
    text = open(os.path.join(REPO, md)).read()
    cmds, checks = [], []
    for block, expected in blocks(text):
        first = len(cmds)
        cmds.extend(block)
        if expected is not None:
            checks.append((first, len(cmds), expected))
    skipped = [c for c in cmds if c in NOT_RUN]
    if skipped:
        keep = [k for k, c in enumerate(cmds) if c not in NOT_RUN]
        checks = [
            (keep.index(a) if a in keep else len(keep), sum(1 for k in keep if k < b), e)
            for a, b, e in checks
        ]
        cmds = [cmds[k] for k in keep]
    if not cmds:
        return 0, [], skipped
    with tempfile.TemporaryDirectory(prefix="t2s-doc-") as scratch:
        work = os.path.join(scratch, "repo")
        logs = os.path.join(scratch, "logs")
        bins = os.path.join(scratch, "bin")
        for d in (work, logs, bins):
            os.mkdir(d)
        mirror(work)
        cargo_wrapper(bins)
        env = dict(os.environ)
        env["REAL_CARGO"] = subprocess.run(
            ["sh", "-c", "command -v cargo"], capture_output=True, text=True
        ).stdout.strip() or "cargo"
        env["PATH"] = os.pathsep.join(
            [bins, os.path.join(REPO, "target", "debug"), env.get("PATH", "")]
        )
        result = subprocess.run(
            ["bash", "-c", session(cmds, logs)],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
        )
        failures = []
        for line in result.stdout.splitlines():
            m = re.match(r"FAILED (\d+) (\d+)", line)
            if m:
                i, code = int(m.group(1)), m.group(2)
                tail = open(os.path.join(logs, f"{i}.log")).read().strip().splitlines()[-8:]
                failures.append((cmds[i], code, tail))
        for first, end, expected in checks:
            printed = "".join(
                open(os.path.join(logs, f"{i}.log")).read() for i in range(first, end)
            )
            want = missing_output(expected, printed)
            if want is not None:
                tail = printed.strip().splitlines()[-8:]
                failures.append((cmds[end - 1], f"0, but not the output line '{want}'", tail))
    return len(cmds), failures, skipped


def main():
    files = sys.argv[1:] or ["README.md"] + sorted(
        os.path.relpath(p, REPO) for p in glob.glob(os.path.join(REPO, "docs", "**", "*.md"), recursive=True)
    )
    total = failed = not_run = 0
    for md in files:
        n, failures, skipped = run_file(md)
        total += n
        failed += len(failures)
        not_run += len(skipped)
        for c in skipped:
            print(f"not run: {md}: {c} ({NOT_RUN[c]})")
        for c, code, tail in failures:
            print(f"error: {md}: exit {code}: {c}")
            for line in tail:
                print(f"    {line}")
    print(f"{total} commands, {failed} failed, {not_run} not run")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
