#!/usr/bin/env bash
# Two or more bundles side by side in one call of the GPU machine (same
# card, same Triton): a compiler change measured against the compiler
# before it. Runs from the repository root there:
#
#   BUNDLES="before.tar.xz after.tar.xz" CASES="mm_f16_64x64x32_w4_s2 ..." \
#       bash utils/gpu/ab-bundles.sh OUT
#
# Each bundle is an archive (or folder) holding lib/libtriton_mlir.so; the
# triton_mlir package is this checkout's python/. For each bundle in turn:
#   CHECK="case..."   utils/gpu/dot-check.py check (ours against float64)
#   CASES="case..."   utils/gpu/dot-check.py bench (BENCH_ROUNDS, 5 here)
#   W="workload..."   utils/gpu/inductor-kernel-times.py (ROUNDS, its 6),
#                     each bounded by W_TIMEOUT seconds (300)
# and once, with the last bundle:
#   TFILTER="id-substring..."  Triton's test_core.py tests whose id holds
#                     one of them, through the hook, strict
#                     (utils/gpu/triton-tests.sh; TESTS, default
#                     .gpu/tests, a copy of ../shared/triton-tests;
#                     TDEADLINE seconds, 200)
#   SASS="case..."    utils/gpu/dot-check.py sass (PTX and SASS of both)
# The GPU and its ptxas (version, and whether it takes
# --register-usage-level) head OUT/summary.txt, then each bundle's bench
# table and the Inductor summaries. Everything else comes back as one
# archive, OUT/results.tgz: the device tool returns only a few files.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:?usage: BUNDLES=\"a b\" ab-bundles.sh OUT}"
: "${BUNDLES:?BUNDLES: the bundles to compare, in order}"
mkdir -p "$OUT"
work="$(mktemp -d)"
R="$work/results"
mkdir -p "$R"
summary="$OUT/summary.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | sed 's/^/GPU: /' | tee "$summary"
triton_ptxas="$(python3 -c 'import os, triton; print(os.path.join(os.path.dirname(triton.__file__), "backends/nvidia/bin/ptxas"))')"
"$triton_ptxas" --version 2>&1 | grep release | sed 's/^/Triton ptxas: /' >> "$summary"
"$triton_ptxas" --help 2>&1 | grep -q -- --register-usage-level \
  && echo "Triton ptxas takes --register-usage-level" >> "$summary"
export PYTHONPATH="$ROOT/python${PYTHONPATH:+:$PYTHONPATH}"
# A comparison of builds is not the compiler's standing: the scripts'
# records (bench/results.py) go to a scratch directory.
export BENCH_RESULTS="$work/records"

libs=()
for bundle in $BUNDLES; do
  name="$(basename "$bundle")"; name="${name%%.tar*}"
  if [ -f "$bundle" ]; then
    mkdir -p "$work/$name"
    tar -C "$work/$name" -xf "$bundle"
    lib="$(find "$work/$name" -name libtriton_mlir.so | head -n 1)"
  else
    lib="$(find "$bundle" -name libtriton_mlir.so | head -n 1)"
  fi
  [ -n "$lib" ] || { echo "ab-bundles: no libtriton_mlir.so in $bundle" | tee -a "$summary"; exit 2; }
  libs+=("$name=$lib")
done

for entry in "${libs[@]}"; do
  name="${entry%%=*}"
  export TRITON_MLIR_LIBRARY="${entry#*=}"
  if [ -n "${CHECK:-}" ]; then
    python3 "$ROOT/utils/gpu/dot-check.py" check "$R/check-$name" $CHECK > "$R/check-$name.log" 2>&1
    echo "check $name: exit $?" >> "$summary"
  fi
  if [ -n "${CASES:-}" ]; then
    BENCH_ROUNDS="${BENCH_ROUNDS:-5}" python3 "$ROOT/utils/gpu/dot-check.py" bench "$R/bench-$name" $CASES \
      > "$R/bench-$name.log" 2>&1
    echo "== bench $name: exit $?" >> "$summary"
    cat "$R/bench-$name/table.md" >> "$summary" 2> /dev/null
  fi
  if [ -n "${W:-}" ]; then
    timeout "${W_TIMEOUT:-300}" python3 "$ROOT/utils/gpu/inductor-kernel-times.py" "$R/inductor-$name" $W \
      > "$R/inductor-$name.log" 2>&1
    echo "== inductor $name: exit $?" >> "$summary"
    tail -n 25 "$R/inductor-$name.log" >> "$summary"
  fi
done

last="${libs[${#libs[@]}-1]}"
export TRITON_MLIR_LIBRARY="${last#*=}"
if [ -n "${TFILTER:-}" ]; then
  bash "$ROOT/utils/gpu/triton-tests.sh" "$(dirname "$(dirname "$TRITON_MLIR_LIBRARY")")" \
    "${TESTS:-$ROOT/.gpu/tests}" "$R/tests" --files test_core.py --filter $TFILTER \
    --shards "${SHARDS:-14}" --deadline "${TDEADLINE:-200}" > "$R/tests.log" 2>&1
  echo "== Triton's tests (${last%%=*}): exit $?: $(tail -n 3 "$R/tests/run.log" 2> /dev/null)" >> "$summary"
  rm -rf "$R/tests/work"
fi
if [ -n "${SASS:-}" ]; then
  python3 "$ROOT/utils/gpu/dot-check.py" sass "$R/sass" $SASS > "$R/sass.log" 2>&1
  echo "sass (${last%%=*}): exit $?" >> "$summary"
fi
tar -C "$work" -czf "$OUT/results.tgz" results
rm -rf "$work"
cat "$summary"
