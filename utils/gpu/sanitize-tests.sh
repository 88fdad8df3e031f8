#!/usr/bin/env bash
# Triton's tests in one process under compute-sanitizer's memcheck, once
# with Triton's own compiler (TRITON_MLIR=0) and once with ours: tells an
# out-of-bounds access of our code from one the test makes either way.
# Runs on the GPU machine (docs/triton-tests.md).
#
#   utils/gpu/sanitize-tests.sh BUNDLE TESTS OUT TEST_ID...
#
#   BUNDLE  the bundle archive or folder (lib/libtriton_mlir.so is used)
#   TESTS   a copy of ../shared/triton-tests
#   OUT     results: sanitizer-{triton,ours}.txt (the first errors, host
#           frames left out), pytest-{triton,ours}.log, summary.txt
# Every tensor gets its own cudaMalloc (PYTORCH_NO_CUDA_MEMORY_CACHING=1),
# so memcheck sees each allocation's bounds instead of the caching pool's.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUNDLE="${1:?usage: sanitize-tests.sh BUNDLE TESTS OUT TEST_ID...}"
TESTS="${2:?usage: sanitize-tests.sh BUNDLE TESTS OUT TEST_ID...}"
OUT="${3:?usage: sanitize-tests.sh BUNDLE TESTS OUT TEST_ID...}"
shift 3
[ $# -gt 0 ] || { echo "sanitize-tests: no test ids" >&2; exit 2; }
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
if [ -f "$BUNDLE" ]; then
  unpacked="$(mktemp -d)"
  tar -C "$unpacked" -xf "$BUNDLE"
  BUNDLE="$(dirname "$(find "$unpacked" -name libtriton_mlir.so | head -n 1)")/.."
fi
SANITIZER="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"
export TRITON_MLIR_LIBRARY="$BUNDLE/lib/libtriton_mlir.so"
export PYTHONPATH="$ROOT/python${PYTHONPATH:+:$PYTHONPATH}"
export PYTORCH_NO_CUDA_MEMORY_CACHING=1 PYTHONUNBUFFERED=1
echo "GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)" > "$OUT/summary.txt"
cd "$TESTS"
for mode in triton ours; do
  export TRITON_MLIR=$([ $mode = ours ] && echo 1 || echo 0)
  export TRITON_CACHE_DIR="$(mktemp -d)" TRITON_MLIR_RESULTS="$OUT/results-$mode.jsonl"
  "$SANITIZER" --tool memcheck --print-limit 8 --log-file "$OUT/raw-$mode.txt" \
    python3 -m pytest -q -p triton_mlir.pytest_plugin -p no:cacheprovider "$@" \
    > "$OUT/pytest-$mode.log" 2>&1
  status=$?
  grep -v "Host Frame" "$OUT/raw-$mode.txt" > "$OUT/sanitizer-$mode.txt"
  rm -f "$OUT/raw-$mode.txt"
  echo "$mode: exit $status, $(grep -c '^========= Invalid' "$OUT/sanitizer-$mode.txt") invalid accesses printed;" \
       "$(grep -m1 'ERROR SUMMARY' "$OUT/sanitizer-$mode.txt")" >> "$OUT/summary.txt"
done
cat "$OUT/summary.txt"
