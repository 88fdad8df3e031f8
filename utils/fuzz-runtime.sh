#!/usr/bin/env bash
# Builds and runs the libFuzzer target for the runtime's own readers
# (test/fuzz/RuntimeInputFuzzer.cpp: kernel metadata JSON, cache files) with
# AddressSanitizer and UndefinedBehaviorSanitizer (docs/fuzzing.md).
#
#   utils/fuzz-runtime.sh OUT [libFuzzer options...]
#
# OUT gets the binary, the grown corpus (corpus/) and any crash-* input;
# e.g. `utils/fuzz-runtime.sh /tmp/fr -max_total_time=3600 -jobs=2`.
# Needs clang++-22 and libclang-rt-22-dev (utils/setup.sh installs them).
# FUZZ_FRESH=1 starts from the seeds alone (reproducible with -seed and
# -runs, as the ctest does); otherwise OUT/corpus keeps growing.
# Exit status: libFuzzer's (0 when it found nothing).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:?usage: fuzz-runtime.sh OUT [libFuzzer options...]}"
shift
CXX="${FUZZ_CXX:-clang++-22}"
CUDA_INCLUDE="${CUDA_HOME:-/usr/local/cuda}/include"
[ "${FUZZ_FRESH:-0}" = 1 ] && rm -rf "$OUT/corpus"
mkdir -p "$OUT/corpus"
# The whole runtime core is linked; only the readers run (no GPU, no
# libcuda).
"$CXX" -std=c++17 -O1 -g -fsanitize=fuzzer,address,undefined \
  -fno-sanitize-recover=all -fno-omit-frame-pointer \
  -I"$ROOT/include" -isystem "$CUDA_INCLUDE" \
  "$ROOT/test/fuzz/RuntimeInputFuzzer.cpp" \
  "$ROOT"/lib/Runtime/*.cpp -ldl -lpthread \
  -o "$OUT/runtime-input-fuzzer"
cp -n "$ROOT"/test/fuzz/runtime-seeds/* "$OUT/corpus/" 2>/dev/null || true
cd "$OUT"
exec ./runtime-input-fuzzer -artifact_prefix="$OUT/" -print_final_stats=1 \
  "$@" corpus
