#!/usr/bin/env bash
# Test and benchmark our cubins on the GPU machine (run from anywhere in the
# checkout; needs CUDA, cmake, ninja, Python 3 with PyTorch and Triton 3.6).
#
#   utils/gpu/run-on-gpu.sh [STEP...]     STEP: build dump test bench (default: all four)
#
#   build  build the harness (test/gpu) into $HARNESS_BUILD
#   dump   utils/gpu/dump-kernels.py $OUT/triton: Triton's ttir/ttgir/llir/ptx,
#          metadata and cubin of every kernel (the "triton" variant)
#   test   gpu-harness over each variant: triton ($OUT/triton, checks the
#          harness itself), ours and ours-ttgir ($BUNDLE/<variant>)
#   bench  bench/bench.py over each variant (triton: calibration, ~1.0)
#
# Environment: OUT (default ./gpu-results), BUNDLE (default build-gpu/bundle,
# made here by utils/gpu/build-bundle.sh), HARNESS_BUILD (default
# build-gpu/harness), VARIANTS (default "triton ours ours-ttgir"), PYTHON.
# Every step runs even if an earlier one failed; exit status 1 if any failed.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
OUT="${OUT:-$ROOT/gpu-results}"
BUNDLE="${BUNDLE:-$ROOT/build-gpu/bundle}"
HARNESS_BUILD="${HARNESS_BUILD:-$ROOT/build-gpu/harness}"
VARIANTS="${VARIANTS:-triton ours ours-ttgir}"
# Tested but not benchmarked: the cubins without integer divisibility hints.
TEST_ONLY_VARIANTS="${TEST_ONLY_VARIANTS:-ours-generic}"
PYTHON="${PYTHON:-python3}"
STEPS="${*:-build dump test bench}"
for step in $STEPS; do
  case "$step" in build | dump | test | bench) ;;
  *) echo "run-on-gpu: unknown step '$step' (build dump test bench)" >&2; exit 2 ;;
  esac
done
mkdir -p "$OUT"
status=0
summary=()

note() { echo "== $*"; summary+=("$*"); }

# variant_dir VARIANT: its cubin directory, or nothing if there is none
variant_dir() {
  local dir
  if [ "$1" = triton ]; then dir="$OUT/triton"; else dir="$BUNDLE/$1"; fi
  [ -d "$dir" ] && echo "$dir"
}

# run_logged LOG CMD...: run CMD, its output to the terminal and LOG; its status
run_logged() {
  local log="$1"
  shift
  "$@" 2>&1 | tee "$log"
  return "${PIPESTATUS[0]}"
}

for step in $STEPS; do
  case "$step" in
  build)
    if run_logged "$OUT/build-harness.log" sh -c \
      "cmake -S test/gpu -B '$HARNESS_BUILD' -G Ninja -DCMAKE_BUILD_TYPE=Release && ninja -C '$HARNESS_BUILD'"; then
      note "build: ok"
    else
      note "build: FAILED (build-harness.log)"; status=1
    fi
    ;;
  dump)
    if run_logged "$OUT/dump-kernels.log" "$PYTHON" utils/gpu/dump-kernels.py "$OUT/triton"; then
      note "dump: ok ($OUT/triton)"
    else
      note "dump: FAILED for some kernels (dump-kernels.log)"; status=1
    fi
    ;;
  test)
    for v in $VARIANTS $TEST_ONLY_VARIANTS; do
      dir="$(variant_dir "$v")" || { note "test $v: no cubins"; continue; }
      run_logged "$OUT/test-$v.txt" "$HARNESS_BUILD/gpu-harness" "$dir"
      rc=$?
      note "test $v: $(tail -n 1 "$OUT/test-$v.txt") (exit $rc)"
      [ $rc -eq 0 ] || status=1
      # Launches that must stop with a device assertion, in a process of
      # their own (the assertion leaves CUDA unusable in the process).
      run_logged "$OUT/test-$v-asserts.txt" "$HARNESS_BUILD/gpu-harness" --device-asserts "$dir"
      rc=$?
      note "test $v device asserts: $(tail -n 1 "$OUT/test-$v-asserts.txt") (exit $rc)"
      [ $rc -eq 0 ] || status=1
    done
    ;;
  bench)
    for v in $VARIANTS; do
      dir="$(variant_dir "$v")" || { note "bench $v: no cubins"; continue; }
      if run_logged "$OUT/bench-$v.log" "$PYTHON" bench/bench.py --cubins "$dir" \
        --out "$OUT/bench-$v.md"; then
        note "bench $v: ok ($OUT/bench-$v.md)"
      else
        note "bench $v: some kernels failed (bench-$v.log)"; status=1
      fi
    done
    ;;
  esac
done

printf '%s\n' "" "Summary:" "${summary[@]}" | tee "$OUT/summary.txt"
exit $status
