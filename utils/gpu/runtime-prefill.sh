#!/usr/bin/env bash
# Fill a runtime cache directory with the GPU demo's cubins, here (no GPU
# needed): builds runtime-demo-prefill (the demo with the compiler linked) and
# compiles every variant of its add, softmax and TMA matmul families (one
# CTA per program and clusters of 2) for sm_90a.
#
#   utils/gpu/runtime-prefill.sh [BUILD_DIR] [CACHE_DIR]
#     BUILD_DIR  a configured build of this tree (default: build-rt)
#     CACHE_DIR  the cache to fill (default: BUILD_DIR/runtime-cache); it is
#                emptied first. Carry it to the GPU machine for
#                utils/gpu/runtime-demo.sh (CACHE_SEED there).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD_DIR="$(cd "${1:-$ROOT/build-rt}" && pwd)"
CACHE_DIR="${2:-$BUILD_DIR/runtime-cache}"

ninja -C "$BUILD_DIR" -j1 runtime-demo-prefill
DEMO="$BUILD_DIR/test/unit/Runtime/runtime-demo-prefill"
[ -x "$DEMO" ] || { echo "runtime-prefill: no $DEMO (is TritonRuntimeCompiler built?)" >&2; exit 2; }
rm -rf "$CACHE_DIR"
"$DEMO" --prefill --target 90 --cache "$CACHE_DIR" --kernels "$ROOT/test/gpu/runtime-demo/kernels"
entries=$(find "$CACHE_DIR/kernels" -name '*.entry' | wc -l)
if [ "$entries" -ne 18 ]; then
  echo "runtime-prefill: $entries cache entries in $CACHE_DIR, expected 18" >&2
  exit 1
fi
echo "runtime-prefill: 18 variants in $CACHE_DIR ($(du -sh "$CACHE_DIR" | cut -f1))"
