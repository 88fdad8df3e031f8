#!/usr/bin/env bash
# Triton's own tests on the GPU machine, through triton-mlir
# (docs/triton-tests.md). Runs there; needs Python with Triton 3.6, PyTorch
# and pytest (the GPU machine has them), no MLIR.
#
#   utils/gpu/triton-tests.sh BUNDLE TESTS OUT [triton_tests_run.py options]
#
#   BUNDLE  the bundle (dist/triton-mlir-<version>-linux-x86_64), unpacked or
#           as a .tar.gz/.tar.xz; only lib/libtriton_mlir.so and python/ are
#           used
#   TESTS   a folder with Triton's test files and conftest.py (a copy of
#           ../shared/triton-tests)
#   OUT     results: ours.jsonl, baseline.jsonl, run.log, collected.txt
# The options go to utils/gpu/triton_tests_run.py: --files, --shards,
# --deadline (seconds for the whole call), --done (results of earlier calls
# to skip), --filter. Here, utils/triton-tests-report.py makes the table.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUNDLE="${1:?usage: triton-tests.sh BUNDLE TESTS OUT [options]}"
TESTS="${2:?usage: triton-tests.sh BUNDLE TESTS OUT [options]}"
OUT="${3:?usage: triton-tests.sh BUNDLE TESTS OUT [options]}"
shift 3
mkdir -p "$OUT"

if [ -f "$BUNDLE" ]; then
  unpacked="$(mktemp -d)"
  tar -C "$unpacked" -xf "$BUNDLE"
  # The archive holds the bundle's folder, or its contents.
  BUNDLE="$(dirname "$(find "$unpacked" -name libtriton_mlir.so | head -n 1)")/.."
fi
BUNDLE="$(cd "$BUNDLE" && pwd)"
[ -f "$BUNDLE/lib/libtriton_mlir.so" ] || { echo "triton-tests: no lib/libtriton_mlir.so in $BUNDLE" >&2; exit 2; }

export TRITON_MLIR_LIBRARY="$BUNDLE/lib/libtriton_mlir.so"
export PYTHONPATH="$BUNDLE/python${PYTHONPATH:+:$PYTHONPATH}"
python3 -c 'import triton, triton_mlir; print("triton", triton.__version__, "| triton-mlir", triton_mlir.version())' \
  | tee "$OUT/versions.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$OUT/versions.txt"

exec python3 "$ROOT/utils/gpu/triton_tests_run.py" --tests "$TESTS" --out "$OUT" "$@"
