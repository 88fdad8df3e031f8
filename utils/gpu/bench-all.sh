#!/usr/bin/env bash
# The benchmark suites of docs/benchmarks.md in one call of the GPU machine,
# each writing its record (bench/results.py) under OUT/results; copy those
# into bench/results/ here and run bench/report.py.
#
#   BENCH_COMMIT=$(git rev-parse --short HEAD) bash utils/gpu/bench-all.sh BUNDLE OUT
#
# BUNDLE: the bundle as .tar.xz/.tar.gz (lib/libtriton_mlir.so; this
# checkout's python/ is the triton_mlir package). BENCH_COMMIT: the commit
# the bundle was built from (the GPU machine's copy has no .git).
# SUITES picks and orders (default: all, in this order):
#   cublas    utils/gpu/matmul-vs-cublas.py time: the persistent matmuls at
#             8192^3, matmuls at 4096^3, attention forward and backward at
#             4x32x4096, against cuBLAS/SDPA (ROUNDS, 3)
#   dot       utils/gpu/dot-check.py bench over DOT_CASES (default: every
#             pipelined case, name ending in _sN; BENCH_ROUNDS 3)
#   bench     bench/bench.py over the cubins of build-gpu/bundle/ours (made
#             here by utils/gpu/build-bundle.sh; carry build-gpu/bundle)
#   inductor  utils/gpu/inductor-kernel-times.py over WORKLOADS (default:
#             all of utils/gpu/inductor-corpus.py)
#   compile   bench/compile_time.py, serial, COMPILE_ARGS (default: one run
#             of the examples, the corpus (../shared/corpus copied to
#             .gpu/corpus, if there), the dot inputs and 100 Inductor
#             kernels, no throughput run)
# DEADLINE (seconds, default 570) bounds the whole call: a suite that
# would start with less than a minute left is skipped, and each is cut at
# the deadline (its record then holds what it finished: the scripts write
# each case or workload as it ends). OUT keeps results/*.json, summary.txt
# and logs.tgz (everything else).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUNDLE="${1:?usage: bench-all.sh BUNDLE OUT}"
OUT="${2:?usage: bench-all.sh BUNDLE OUT}"
SUITES="${SUITES:-cublas dot bench inductor compile}"
DEADLINE="${DEADLINE:-570}"
ROUNDS="${ROUNDS:-3}"
START=$(date +%s)
left() { echo $((DEADLINE - ($(date +%s) - START))); }
mkdir -p "$OUT/results"
export BENCH_RESULTS="$OUT/results"
: "${BENCH_COMMIT:?BENCH_COMMIT: the commit the bundle was built from}"
export BENCH_COMMIT

unpacked="$(mktemp -d)"
tar -C "$unpacked" -xf "$BUNDLE"
export TRITON_MLIR_LIBRARY="$(find "$unpacked" -name libtriton_mlir.so | head -n 1)"
export PYTHONPATH="$ROOT/python${PYTHONPATH:+:$PYTHONPATH}"
summary="$OUT/summary.txt"
echo "GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader); commit $BENCH_COMMIT" \
  | tee "$summary"

# run NAME CMD...: CMD bounded by the time left, its output to OUT/NAME.log
run() {
  local name="$1" t
  shift
  t=$(left)
  if [ "$t" -lt 60 ]; then
    echo "$name: skipped, ${t}s left" | tee -a "$summary"
    return
  fi
  (cd "$ROOT" && timeout $((t - 10)) "$@") >> "$OUT/$name.log" 2>&1
  echo "$name: exit $? after $(( $(date +%s) - START ))s: $*" | tee -a "$summary"
}

cases() {  # cases PATTERN: dot_kernels case names matching the regex
  (cd "$ROOT" && python3 -c "import re, sys; sys.path.insert(0, 'test/gpu/dot'); import dot_kernels as dk; \
print(','.join(c['name'] for c in dk.CASES if re.search(sys.argv[1], c['name'])))" "$1")
}

MVC="python3 utils/gpu/matmul-vs-cublas.py time"
for suite in $SUITES; do
  case "$suite" in
  cublas)
    run cublas $MVC "$(cases '^ptma_.*')" 8192,8192,8192 "$ROUNDS"
    run cublas $MVC mm_f16_128x256x64_w8_s3,mm_f16_128x128x64_w8_s5,tma_f16_128x256x64_w8_s3,mm_bf16_128x128x64_w4_s3,tma_e4m3_128x128x128_w4_s3 \
      4096,4096,4096 "$ROUNDS"
    run cublas $MVC "$(cases '^tattn_.*(_w8_s3_ws|_w4_s3)$')" 4,32,4096 "$ROUNDS"
    run cublas $MVC "$(cases '^tbwd_')" 4,32,4096 "$ROUNDS"
    ;;
  dot-record)  # the rows of an earlier dot run (DOT_ROWS: its OUT/dot) into the record
    run dot-record python3 utils/gpu/dot-check.py record "$DOT_ROWS"
    ;;
  dot)
    export BENCH_ROUNDS="${BENCH_ROUNDS:-3}"
    run dot python3 utils/gpu/dot-check.py bench "$OUT/dot" \
      ${DOT_CASES:-$(cases '_s[0-9]$' | tr , ' ')}
    ;;
  bench)
    run bench python3 bench/bench.py --cubins build-gpu/bundle/ours --out "$OUT/bench.md"
    ;;
  inductor)
    run inductor python3 utils/gpu/inductor-kernel-times.py "$OUT/inductor" ${WORKLOADS:-}
    ;;
  compile)
    corpus=""
    [ -d "$ROOT/.gpu/corpus" ] && corpus="--corpus $ROOT/.gpu/corpus"
    run compile python3 bench/compile_time.py "$OUT/compile" \
      ${COMPILE_ARGS:---runs 1 --inductor-sample 100 --no-throughput --no-nvjitlink} $corpus
    ;;
  *) echo "bench-all: unknown suite $suite" | tee -a "$summary" ;;
  esac
done
ls "$OUT/results" | tee -a "$summary"
# The device tool brings back few files: the records, the summary, and one
# archive of everything else (logs, dot-check's and Inductor's tables).
archive="$(mktemp --suffix=.tgz)"
(cd "$OUT" && tar -czf "$archive" --exclude=./results --exclude=./summary.txt .)
find "$OUT" -mindepth 1 -maxdepth 1 ! -name results ! -name summary.txt -exec rm -rf {} +
mv "$archive" "$OUT/logs.tgz"
