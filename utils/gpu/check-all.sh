#!/usr/bin/env bash
# Every GPU check of the bundle in one call of the GPU machine
# (docs/triton-tests.md): unpacks the bundle, runs the runtime demo from an
# empty cache (compiling there), Triton's test files through the triton_mlir
# hook, and dumps Triton's own IR of chosen tests for reproducers here.
#
#   utils/gpu/check-all.sh BUNDLE TESTS OUT
#
# BUNDLE: the bundle as .tar.xz/.tar.gz (lib/, include/, python/ suffice);
# TESTS: a copy of ../shared/triton-tests. Environment:
#   STEPS       any of: runtime small core dump (default: all four)
#   DEADLINE    seconds for the whole call (default 560)
#   CORE_DONE   ours.jsonl files of earlier calls: their tests are skipped
#   DUMP_TESTS  pytest -k expression of the tests to dump
#   SHARDS      pytest processes (default 14)
#   CORE_FIRST  substrings of test ids to run first in test_core.py
# Results go to OUT/results.tgz (and OUT/summary.txt), whatever happens.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUNDLE="${1:?usage: check-all.sh BUNDLE TESTS OUT}"
TESTS="$(cd "${2:?usage: check-all.sh BUNDLE TESTS OUT}" && pwd)"
OUT="${3:?usage: check-all.sh BUNDLE TESTS OUT}"
STEPS="${STEPS:-runtime small core dump}"
DEADLINE="${DEADLINE:-560}"
SHARDS="${SHARDS:-14}"
START=$(date +%s)
RES="$(mktemp -d)"
mkdir -p "$OUT"
left() { echo $((DEADLINE - ($(date +%s) - START))); }
finish() {
  tar -C "$RES" -czf "$OUT/results.tgz" . 2> /dev/null
  cp "$RES/summary.txt" "$OUT/summary.txt" 2> /dev/null
}
trap finish EXIT
say() { echo "$*" | tee -a "$RES/summary.txt"; }

unpacked="$(mktemp -d)"
tar -C "$unpacked" -xf "$BUNDLE"
B="$(dirname "$(find "$unpacked" -name libtriton_mlir.so | head -n 1)")/.."
B="$(cd "$B" && pwd)"
say "bundle: $B; GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"

for step in $STEPS; do
  case "$step" in
  runtime)
    say "== runtime demo from an empty cache ($(left)s left)"
    BUNDLE="$B" OUT="$RES/runtime" DEMO_BUILD="$RES/runtime-build" \
      timeout $(( $(left) - 30 )) bash "$ROOT/utils/gpu/runtime-demo.sh" > "$RES/runtime.log" 2>&1
    say "runtime demo exit $?: $(tail -n 1 "$RES/runtime.log")"
    ;;
  small)
    say "== test_random.py, test_standard.py ($(left)s left)"
    bash "$ROOT/utils/gpu/triton-tests.sh" "$B" "$TESTS" "$RES/small" --files test_random.py test_standard.py \
      --shards "$SHARDS" --deadline $(( $(left) < 200 ? $(left) - 20 : 180 )) --baseline-reserve 40 \
      > "$RES/small.log" 2>&1
    say "$(tail -n 3 "$RES/small/run.log" 2> /dev/null)"
    ;;
  core)
    say "== test_core.py ($(left)s left)"
    bash "$ROOT/utils/gpu/triton-tests.sh" "$B" "$TESTS" "$RES/core" --files test_core.py \
      --shards "$SHARDS" --deadline $(( $(left) - 45 )) --baseline-reserve 70 ${CORE_DONE:+--done $CORE_DONE} ${CORE_FIRST:+--first $CORE_FIRST} \
      > "$RES/core.log" 2>&1
    say "$(tail -n 3 "$RES/core/run.log" 2> /dev/null)"
    rm -rf "$RES/core/work/"*/cache*
    ;;
  dump)
    say "== Triton's IR of: ${DUMP_TESTS:-} ($(left)s left)"
    if [ -n "${DUMP_TESTS:-}" ] && [ "$(left)" -gt 40 ]; then
      (cd "$TESTS" && TRITON_KERNEL_DUMP=1 TRITON_DUMP_DIR="$RES/dump" TRITON_CACHE_DIR="$(mktemp -d)" \
        timeout $(( $(left) - 20 )) python3 -m pytest -q -p no:cacheprovider test_core.py -k "$DUMP_TESTS" \
        > "$RES/dump.log" 2>&1)
      say "dumped $(find "$RES/dump" -name '*.ttir' 2> /dev/null | wc -l) kernels"
    fi
    ;;
  esac
done
say "done after $(( $(date +%s) - START ))s"
