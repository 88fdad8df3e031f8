#!/usr/bin/env bash
# Every GPU check of the tensor-core work in one call of the GPU machine:
# unpacks the bundle, then runs utils/gpu/dot-check.py (check, then bench)
# with the bundle's libtriton_mlir.so and this checkout's triton_mlir
# package, and optionally Triton's dot tests through the hook.
#
#   utils/gpu/dot-gpu.sh BUNDLE OUT
#
# Environment: MODES (default "check bench"), CASES (dot-check case names,
# default all), TESTS_FILTER (run Triton's test_core.py tests whose id
# contains it through the hook, utils/gpu/triton-tests.sh; TESTS_FILES picks
# other test files), TESTS (a copy
# of ../shared/triton-tests, default .gpu/tests), JOBS (parallel cases).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUNDLE="${1:?usage: dot-gpu.sh BUNDLE OUT}"
OUT="${2:?usage: dot-gpu.sh BUNDLE OUT}"
mkdir -p "$OUT"
unpacked="$(mktemp -d)"
tar -C "$unpacked" -xf "$BUNDLE"
LIB="$(find "$unpacked" -name libtriton_mlir.so | head -n 1)"
export TRITON_MLIR_LIBRARY="$LIB"
export PYTHONPATH="$ROOT/python${PYTHONPATH:+:$PYTHONPATH}"
echo "GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)" | tee "$OUT/summary.txt"
for mode in ${MODES:-check bench}; do
  echo "== dot-check $mode" | tee -a "$OUT/summary.txt"
  python3 "$ROOT/utils/gpu/dot-check.py" "$mode" "$OUT/$mode" ${CASES:-} > "$OUT/$mode.log" 2>&1
  echo "exit $?" | tee -a "$OUT/summary.txt"
  cat "$OUT/$mode/table.md" >> "$OUT/summary.txt" 2> /dev/null
done
if [ -n "${TESTS_FILTER:-}" ]; then
  # Triton's own tests whose id contains TESTS_FILTER (e.g. test_dot),
  # through the hook, then again with Triton where ours did not pass.
  echo "== Triton's test_core.py, ids with '$TESTS_FILTER'" | tee -a "$OUT/summary.txt"
  bash "$ROOT/utils/gpu/triton-tests.sh" "$unpacked" "${TESTS:-$ROOT/.gpu/tests}" "$OUT/tests" \
    --files "${TESTS_FILES:-test_core.py}" --filter "$TESTS_FILTER" --shards "${SHARDS:-14}" \
    --deadline "${TESTS_DEADLINE:-300}" > "$OUT/tests.log" 2>&1
  echo "exit $?: $(tail -n 3 "$OUT/tests/run.log" 2> /dev/null)" | tee -a "$OUT/summary.txt"
  # One archive: the device tool brings back only so many files.
  tar -C "$OUT/tests" --exclude=work -czf "$OUT/tests.tgz" . && rm -rf "$OUT/tests"
fi
for mode in ${MODES:-check bench}; do
  [ -d "$OUT/$mode" ] && tar -C "$OUT" -czf "$OUT/$mode.tgz" "$mode" && rm -rf "${OUT:?}/$mode"
done
