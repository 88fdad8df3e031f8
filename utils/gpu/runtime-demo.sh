#!/usr/bin/env bash
# The runtime demo on the GPU machine (needs CUDA, cmake, ninja, a C++
# compiler; no MLIR): builds the cache-only runtime and the demo
# (test/gpu/runtime-demo), copies the prefilled cache, and runs the demo twice
# -- the first process tunes on its first calls, the second finds the choices
# on disk -- checking results against host references in double.
#
#   utils/gpu/runtime-demo.sh
# Environment:
#   OUT         results (default ./runtime-demo-results): build.log,
#               first.txt/.json, second.txt/.json, summary.txt, cache/
#   CACHE_SEED  the cache utils/gpu/runtime-prefill.sh filled on the build
#               host (default build-rt/runtime-cache)
#   BUNDLE      an unpacked bundle (make bundle): the demo links its
#               libtriton_runtime.so (compiler inside) and starts from an
#               empty cache, so the first process compiles every variant
#               here and the second finds them on disk; CACHE_SEED is unused
#   DEMO_BUILD  build directory (default build-gpu/runtime-demo)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
OUT="${OUT:-$ROOT/runtime-demo-results}"
CACHE_SEED="${CACHE_SEED:-$ROOT/build-rt/runtime-cache}"
DEMO_BUILD="${DEMO_BUILD:-$ROOT/build-gpu/runtime-demo}"
KERNELS="$ROOT/test/gpu/runtime-demo/kernels"
mkdir -p "$OUT"

die() { echo "runtime-demo: $*" | tee -a "$OUT/summary.txt" >&2; exit 1; }

BUNDLE="${BUNDLE:-}"
if [ -z "$BUNDLE" ]; then
  [ -d "$CACHE_SEED/kernels" ] || die "no prefilled cache at $CACHE_SEED (run utils/gpu/runtime-prefill.sh on the build host and carry it)"
fi
for tool in cmake ninja; do
  command -v "$tool" > /dev/null || die "$tool not found"
done

if [ -n "$BUNDLE" ]; then
  echo "== build (demo against the bundle's runtime, compiler inside)"
  config=(-DTRITON_MLIR_BUNDLE="$(cd "$BUNDLE" && pwd)")
else
  echo "== build (cache-only runtime + demo)"
  config=()
fi
if ! { cmake -S test/gpu/runtime-demo -B "$DEMO_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release "${config[@]}" \
       && ninja -C "$DEMO_BUILD"; } > "$OUT/build.log" 2>&1; then
  tail -n 30 "$OUT/build.log"
  die "build failed ($OUT/build.log)"
fi

rm -rf "$OUT/cache"
if [ -n "$BUNDLE" ]; then
  mkdir -p "$OUT/cache" # empty: the first process compiles
else
  cp -r "$CACHE_SEED" "$OUT/cache"
  rm -rf "$OUT/cache/tuning" # every run starts untuned
fi

# run NAME: one process of the demo
run() {
  local name="$1" rc=0
  echo "== process $name"
  "$DEMO_BUILD/runtime-demo" --cache "$OUT/cache" --kernels "$KERNELS" \
    --report "$OUT/$name.json" > "$OUT/$name.txt" 2>&1 || rc=$?
  cat "$OUT/$name.txt"
  [ $rc -eq 0 ] || die "process $name failed with exit $rc ($OUT/$name.txt)"
}

# value FILE KEY: the number the demo printed for KEY
value() { awk -v key="$2" '$1 == key { print $2 }' "$1"; }

run first
run second

problems=()
for name in first second; do
  [ "$(value "$OUT/$name.txt" result)" = PASS ] || problems+=("$name: results wrong")
done
if [ -n "$BUNDLE" ]; then
  [ "$(value "$OUT/first.txt" add.variants_compiled)" = 8 ] || problems+=("first: add variants not all compiled here")
  [ "$(value "$OUT/first.txt" softmax.variants_compiled)" = 6 ] || problems+=("first: softmax variants not all compiled here")
else
  [ "$(value "$OUT/first.txt" add.loaded.variants_from_cache)" = 8 ] || problems+=("first: add variants not all from the cache")
fi
[ "$(value "$OUT/first.txt" add.keys_tuned)" -ge 1 ] || problems+=("first: add did not tune")
for family in add softmax; do
  [ "$(value "$OUT/second.txt" $family.keys_tuned)" = 0 ] || problems+=("second: $family tuned again")
  [ "$(value "$OUT/second.txt" $family.keys_from_tuning_cache)" -ge 1 ] || problems+=("second: $family found no tuning record")
  [ "$(value "$OUT/second.txt" $family.variants_compiled)" = 0 ] || problems+=("second: $family compiled")
done

n="add.n=4194341"
{
  echo "Runtime demo on $(value "$OUT/first.txt" device) $(awk '$1 == "device" { $1 = ""; print }' "$OUT/first.txt")"
  echo "add, n = 4194341 (ragged), in place, 8 variants:"
  echo "  first call (tunes)             $(value "$OUT/first.txt" $n.first_call_ms) ms"
  echo "  cached call                    $(value "$OUT/first.txt" $n.cached_call_ms) ms"
  echo "  second process, first call     $(value "$OUT/second.txt" $n.first_call_ms) ms"
  echo "  chosen                         $(awk -v k=$n.chosen '$1 == k { $1 = ""; print }' "$OUT/first.txt")"
  echo "softmax, 4099 x 1000, 6 variants:"
  echo "  first call (tunes)             $(value "$OUT/first.txt" softmax.first_call_ms) ms"
  echo "  cached call                    $(value "$OUT/first.txt" softmax.cached_call_ms) ms"
  echo "  second process, first call     $(value "$OUT/second.txt" softmax.first_call_ms) ms"
  echo "per-launch host time (5000 launches, add n=4096):"
  echo "  runtime cached path            $(value "$OUT/first.txt" overhead.runtime_launch_us) us"
  echo "  bare cuLaunchKernel            $(value "$OUT/first.txt" overhead.bare_cuLaunchKernel_us) us"
  if [ -n "$BUNDLE" ]; then ready="variants ready (1st compiles)  "; else ready="variants ready (from cache)     "; fi
  echo "$ready first $(value "$OUT/first.txt" variants_ready_ms) ms, second $(value "$OUT/second.txt" variants_ready_ms) ms"
  if [ ${#problems[@]} -eq 0 ]; then
    echo "runtime-demo: PASS"
  else
    printf 'runtime-demo: FAIL: %s\n' "${problems[@]}"
  fi
} | tee "$OUT/summary.txt"
[ ${#problems[@]} -eq 0 ]
