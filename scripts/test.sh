#!/usr/bin/env bash
# Builds t2s and runs every test: the cargo tests and the lit suite.
# Ends with one line "N passed, N failed" summing both.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || { echo "0 passed, 1 failed"; exit 1; }

LIT=/usr/lib/llvm-22/bin/lit
log=$(mktemp -d)
status=0

echo "== cargo build (t2s-opt, t2s-run, libT2SPlugin.so)"
cargo build --workspace 2>&1 | tail -n 20
[ "${PIPESTATUS[0]}" -ne 0 ] && status=1

echo "== cargo test"
cargo test --workspace --no-fail-fast 2>&1 | tee "$log/cargo.txt"
[ "${PIPESTATUS[0]}" -ne 0 ] && status=1
cargo_passed=$(grep -E '^test result:' "$log/cargo.txt" | sed -E 's/.* ([0-9]+) passed.*/\1/' | awk '{ s += $1 } END { print s + 0 }')
cargo_failed=$(grep -E '^test result:' "$log/cargo.txt" | sed -E 's/.* ([0-9]+) failed.*/\1/' | awk '{ s += $1 } END { print s + 0 }')

echo "== lit"
T2S_REQUIRE_PLUGIN=1 "$LIT" -v test/ 2>&1 | tee "$log/lit.txt" | grep -vE '^(PASS|UNSUPPORTED):'
[ "${PIPESTATUS[0]}" -ne 0 ] && status=1
lit_passed=$(grep -E '^\s*Passed\s*:' "$log/lit.txt" | grep -oE '[0-9]+' | head -n 1)
lit_failed=$(grep -E '^\s*Failed\s*:' "$log/lit.txt" | grep -oE '[0-9]+' | head -n 1)

echo "== fuzz (seeded short run; the long run is in tools/t2s-fuzz/README.md)"
target/debug/t2s-fuzz --cases 150 --mutants 150 --seed 1 --keep "$log/fuzz-failures" 2>&1 | tee "$log/fuzz.txt"
[ "${PIPESTATUS[0]}" -ne 0 ] && status=1
fuzz_passed=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log/fuzz.txt" | sed -E 's/ passed.*//' | tail -n 1)
fuzz_failed=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log/fuzz.txt" | sed -E 's/.* ([0-9]+) failed/\1/' | tail -n 1)

passed=$(( ${cargo_passed:-0} + ${lit_passed:-0} + ${fuzz_passed:-0} ))
failed=$(( ${cargo_failed:-0} + ${lit_failed:-0} + ${fuzz_failed:-0} ))
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "cargo: ${cargo_passed:-0} passed, ${cargo_failed:-0} failed; lit: ${lit_passed:-0} passed, ${lit_failed:-0} failed; fuzz: ${fuzz_passed:-0} passed, ${fuzz_failed:-0} failed"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
