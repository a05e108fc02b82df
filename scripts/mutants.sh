#!/usr/bin/env bash
# Mutation testing with cargo-mutants (installed on first use): each mutant
# (a small change of the compiler's code) is built and judged by the whole
# suite, `cargo test` with the lit suite and a fuzz run
# (tools/t2s-run/tests/suite.rs, .cargo/mutants.toml). A mutant the suite
# does not catch is a missed bug, unless it is equivalent (it changes no
# behaviour): tools/bench/README.md keeps the last score and the list.
#
#   scripts/mutants.sh diff [BASE]        the mutants of the lines changed since BASE
#                                         (default: HEAD~1), cargo mutants --in-diff
#   scripts/mutants.sh sample N [SEED]    N mutants drawn at random (seeded) from the
#                                         compiler crates; prints the mutation score
#
# Results in target/mutants/mutants.out (outcomes.json, caught.txt,
# missed.txt, timeout.txt). A mutant takes a build and up to the suite's
# time (about 5 minutes on 2 cores); killed ones stop at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if ! cargo mutants --version >/dev/null 2>&1; then
  cargo install cargo-mutants --locked --version 27.1.0
fi
out=target/mutants
mkdir -p "$out"
# The crates of the compiler: the model, IR support, transforms,
# conversions and targets.
CRATES='^passes/(model|ir|transforms|conversion|target)/src/'
common=(--output "$out" --timeout 1200 --build-timeout 1200 --baseline skip -j 1)

case "${1:-}" in
  diff)
    base=${2:-HEAD~1}
    git diff "$base" > "$out/changes.diff"
    cargo mutants "${common[@]}" --in-diff "$out/changes.diff" || true
    ;;
  sample)
    n=${2:?how many mutants}
    seed=${3:-1}
    cargo mutants --list > "$out/all.txt"
    python3 - "$out/all.txt" "$n" "$seed" "$CRATES" > "$out/sample.txt" <<'PY'
import random, re, sys
path, n, seed, crates = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
names = [l.rstrip("\n") for l in open(path) if re.match(crates, l)]
random.Random(seed).shuffle(names)
print("\n".join(sorted(names[:n])))
PY
    args=()
    while IFS= read -r name; do
      args+=(--re "^$(python3 -c 'import re,sys; print(re.escape(sys.argv[1]))' "$name")\$")
    done < "$out/sample.txt"
    echo "== $(wc -l < "$out/sample.txt") mutants of $(grep -cE "$CRATES" "$out/all.txt") in the compiler crates (seed $seed)"
    cargo mutants "${common[@]}" "${args[@]}" || true
    ;;
  *)
    sed -n '2,17p' "$0"
    exit 2
    ;;
esac
python3 - "$out/mutants.out/outcomes.json" <<'PY'
import json, sys
outcomes = json.load(open(sys.argv[1]))["outcomes"]
count = {}
for o in outcomes:
    if o["scenario"] == "Baseline":
        continue
    summary = o["summary"]
    count[summary] = count.get(summary, 0) + 1
caught = count.get("CaughtMutant", 0)
judged = caught + count.get("MissedMutant", 0) + count.get("Timeout", 0)
print("mutants: " + ", ".join(f"{v} {k}" for k, v in sorted(count.items())))
if judged:
    print(f"mutation score: {caught} of {judged} killed ({100.0 * caught / judged:.1f}%); unviable ones (they do not build) are not counted")
PY
echo "missed: $out/mutants.out/missed.txt"
