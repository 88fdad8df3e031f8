#!/bin/bash
# ncu on one dot case: Triton's kernel, ours and cuBLAS's, each in a process
# of its own (utils/gpu/matmul-vs-cublas.py run), the third launch profiled
# with ncu's full set. Writes OUT/WHO.txt (details page), OUT/WHO.raw.csv
# (every metric) and OUT/WHO.sass.csv (per-instruction counters and stall
# samples of the SASS), then deletes the report unless KEEP_REPORTS=1.
#   bash utils/gpu/ncu-matmul.sh OUT CASE M,N,K [WHO...]
set -u
OUT=$1; CASE=$2; SIZE=$3; shift 3
WHOS=${*:-triton ours cublas}
mkdir -p "$OUT"
NCU=${NCU:-ncu}
for who in $WHOS; do
  "$NCU" --set full --import-source no --launch-skip 2 --launch-count 1 \
    -k 'regex:matmul|gemm|xmma|cutlass|sm90|attn|flash|fmha' -f -o "$OUT/$who" \
    python3 utils/gpu/matmul-vs-cublas.py run "$CASE" "$who" "$SIZE" > "$OUT/$who.log" 2>&1
  echo "$who: ncu exit $?"
  "$NCU" --import "$OUT/$who.ncu-rep" --page details > "$OUT/$who.txt" 2>&1
  "$NCU" --import "$OUT/$who.ncu-rep" --page raw --csv > "$OUT/$who.raw.csv" 2>&1
  "$NCU" --import "$OUT/$who.ncu-rep" --page source --print-source sass --csv > "$OUT/$who.sass.csv" 2>&1
  [ "${KEEP_REPORTS:-0}" = 1 ] || rm -f "$OUT/$who.ncu-rep"
done
