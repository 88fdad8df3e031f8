#!/bin/sh
# ctest runtime-demo-prefill: DEMO KERNELS CACHE
# The demo (built with the compiler) fills CACHE with every variant; a second
# prefill compiles nothing; a GPU run without a driver stops cleanly with
# "CUDA driver not available" (exit 4) after loading every variant from CACHE.
set -eu
demo="$1" kernels="$2" cache="$3"
rm -rf "$cache"
"$demo" --prefill --target 90 --cache "$cache" --kernels "$kernels" > "$cache.log1" 2>&1 \
  || { cat "$cache.log1"; echo "FAIL: prefill"; exit 1; }
entries=$(find "$cache/kernels" -name '*.entry' | wc -l)
[ "$entries" -eq 18 ] || { cat "$cache.log1"; echo "FAIL: $entries entries, expected 18"; exit 1; }
grep -q 'add.variants_compiled  *8' "$cache.log1" || { cat "$cache.log1"; echo "FAIL: add not compiled"; exit 1; }
"$demo" --prefill --target 90 --cache "$cache" --kernels "$kernels" > "$cache.log2" 2>&1
grep -q 'add.variants_compiled  *0' "$cache.log2" && grep -q 'add.variants_from_cache  *8' "$cache.log2" \
  && grep -q 'softmax.variants_from_cache  *6' "$cache.log2" \
  && grep -q 'matmul_tma.variants_from_cache  *2' "$cache.log2" \
  && grep -q 'matmul_tma_cluster2.variants_from_cache  *2' "$cache.log2" \
  || { cat "$cache.log2"; echo "FAIL: second prefill was not all cache hits"; exit 1; }
status=0
"$demo" --cache "$cache" --kernels "$kernels" > "$cache.log3" 2>&1 || status=$?
[ "$status" -eq 4 ] && grep -q 'CUDA driver not available' "$cache.log3" \
  || { cat "$cache.log3"; echo "FAIL: expected exit 4 and 'CUDA driver not available', got $status"; exit 1; }
echo "PASS: 18 variants cached, second prefill all hits, GPU run stops cleanly without a driver"
