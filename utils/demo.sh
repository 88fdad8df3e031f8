#!/usr/bin/env bash
# Run the pipelines over the example kernels and summarize what they did:
# TTIR -> TTIR, TTIR -> TTGIR (layouts), and TTIR -> cubin (+ metadata).
#
#   examples/*.ttir            Triton's TTIR (already through Triton's own ttir
#                              stage): our pipeline should leave it about as is.
#   examples/frontend/*.ttir   the same kernels straight from Triton's Python
#                              frontend: our pipeline does the real work here
#                              (inlining, tensor-pointer rewriting, folding),
#                              and its output is compared with Triton's TTIR.
#
# Output: $BUILD_DIR/demo/<name>.ttir-opt.mlir (and frontend/<name>...).
# Usage: utils/demo.sh [BUILD_DIR]   (default: build)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${1:-${BUILD_DIR:-build}}"
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR="$ROOT/$BUILD_DIR" ;; esac

OPT="$BUILD_DIR/bin/triton-opt"
# The named TTIR pipeline (registered in C++ by lib/Pipeline).
PIPELINE_FLAG="--triton-ttir-pipeline"
PRINT_FLAGS=(--mlir-use-nameloc-as-prefix)
PYTHON="${PYTHON:-python3}"
OUT_DIR="$BUILD_DIR/demo"

fail() { echo "demo: error: $*" >&2; exit 1; }

[ -x "$OPT" ] || fail "$OPT not found; build first (make build)"
# (grep -q on a pipe would end the tool with SIGPIPE, failing under pipefail.)
OPT_HELP="$("$OPT" --help 2>/dev/null || true)"
if ! grep -q -e "${PIPELINE_FLAG}\b" <<<"$OPT_HELP"; then
  fail "$OPT has no ${PIPELINE_FLAG} option: the TTIR pipeline is not registered"
fi

mkdir -p "$OUT_DIR/frontend"
shopt -s nullglob
examples=("$ROOT"/examples/*.ttir)
[ "${#examples[@]}" -gt 0 ] || fail "no examples/*.ttir found"

failures=0

# run_one IN OUT: the pipeline on IN, written to OUT; prints the op summary.
run_one() {
  local in="$1" out="$2" log
  log="$(mktemp)"
  if "$OPT" "$PIPELINE_FLAG" "${PRINT_FLAGS[@]}" "$in" -o "$out" 2>"$log"; then
    printf '    %s\n' "$("$PYTHON" "$ROOT/utils/op-stats.py" "$in" "$out")"
    rm -f "$log"
    return 0
  fi
  echo "    FAILED: $OPT $PIPELINE_FLAG ${in#"$ROOT"/}"
  sed 's/^/      /' "$log" | head -20
  rm -f "$log"
  failures=$((failures + 1))
  return 1
}

echo "== triton-opt $PIPELINE_FLAG on examples/*.ttir (Triton's TTIR)"
for in in "${examples[@]}"; do
  name="$(basename "$in" .ttir)"
  out="$OUT_DIR/$name.ttir-opt.mlir"
  echo "  $name -> ${out#"$ROOT"/}"
  run_one "$in" "$out" || true
done

frontend=("$ROOT"/examples/frontend/*.ttir)
if [ "${#frontend[@]}" -gt 0 ]; then
  echo
  echo "== triton-opt $PIPELINE_FLAG on examples/frontend/*.ttir (frontend IR)"
  for in in "${frontend[@]}"; do
    name="$(basename "$in" .ttir)"
    out="$OUT_DIR/frontend/$name.ttir-opt.mlir"
    echo "  $name -> ${out#"$ROOT"/}"
    if run_one "$in" "$out"; then
      # Same IR as Triton's own ttir stage made (locations and SSA names
      # aside)? Informational: a difference is reported, not failed.
      ref="$ROOT/examples/$name.ttir"
      if [ -f "$ref" ]; then
        norm=("$PYTHON" "$ROOT/utils/strip-locs.py" --canonical-ssa)
        if diff -q <("${norm[@]}" "$ref") <("${norm[@]}" "$out") >/dev/null; then
          echo "    same as Triton's TTIR (examples/$name.ttir)"
        else
          echo "    differs from Triton's TTIR; see: diff <(utils/strip-locs.py --canonical-ssa examples/$name.ttir) <(utils/strip-locs.py --canonical-ssa ${out#"$ROOT"/})"
        fi
      fi
    fi
  done
fi

# The ttgir stage on Triton's TTIR: every tensor gets a layout. Prints the
# layouts chosen and how many ttg.convert_layout ops remain.
if grep -q -e "--triton-ttgir-pipeline\b" <<<"$OPT_HELP"; then
  echo
  echo "== triton-opt --triton-ttgir-pipeline on examples/*.ttir (TTIR -> TTGIR)"
  for in in "${examples[@]}"; do
    name="$(basename "$in" .ttir)"
    out="$OUT_DIR/$name.ttgir"
    echo "  $name -> ${out#"$ROOT"/}"
    log="$(mktemp)"
    if "$OPT" --triton-ttgir-pipeline "$in" -o "$out" 2>"$log"; then
      grep -E '^#[A-Za-z0-9_]+ = #ttg\.' "$out" | sed 's/^/    /' || true
      echo "    convert_layout ops: $(grep -c 'ttg.convert_layout' "$out" || true)"
    else
      echo "    FAILED: $OPT --triton-ttgir-pipeline ${in#"$ROOT"/}"
      sed 's/^/      /' "$log" | head -20
      failures=$((failures + 1))
    fi
    rm -f "$log"
  done
fi

# The whole backend: TTIR -> TTGIR -> LLVM -> PTX -> cubin, with the kernel's
# metadata JSON beside each cubin.
TRANSLATE="$BUILD_DIR/bin/triton-translate"
if [ -x "$TRANSLATE" ]; then
  echo
  echo "== triton-translate --emit=cubin on examples/*.ttir (TTIR -> cubin + metadata)"
  for in in "${examples[@]}"; do
    name="$(basename "$in" .ttir)"
    kernel="$(grep -o -m1 'tt\.func public @[A-Za-z_][A-Za-z0-9_]*' "$in" | sed 's/.*@//')"
    dir="$OUT_DIR/cubin/$name"
    mkdir -p "$dir"
    echo "  $name -> ${dir#"$ROOT"/}/$kernel.cubin"
    log="$(mktemp)"
    if "$TRANSLATE" "$in" --emit=cubin -o "$dir/$kernel.cubin" 2>"$log"; then
      "$PYTHON" - "$dir/$kernel.json" "$dir/$kernel.cubin" <<'PY'
import json, os, sys
m = json.load(open(sys.argv[1]))
params = ", ".join("%s %s" % (p["type"], p["name"]) for p in m["params"])
print("    %s: %d warps, %d B shared, %s, %d B cubin" % (
    m["name"], m["num_warps"], m["shared"], m["arch"], os.path.getsize(sys.argv[2])))
print("    params: (%s) + %d hidden" % (params, m["hidden_params"]))
PY
    else
      echo "    FAILED: $TRANSLATE ${in#"$ROOT"/} --emit=cubin"
      sed 's/^/      /' "$log" | head -20
      failures=$((failures + 1))
    fi
    rm -f "$log"
  done
fi

# Ahead of time: two examples as C launchers, linked into one C library with
# dispatchers (docs/aot.md), compiled as C99 where CUDA's headers are.
AOT="$BUILD_DIR/bin/triton-aot"
if [ -x "$AOT" ]; then
  echo
  echo "== triton-aot: examples/swiglu_f16 and leaky_sum_noinline as a C library"
  aot_dir="$OUT_DIR/aot"
  rm -rf "$aot_dir"
  headers=()
  log="$(mktemp)"
  for warps in 4 8; do
    if header="$("$AOT" compile "$ROOT/examples/swiglu_f16.ttir" --name swiglu \
        --grid "cdiv(n_elements, 1024)" --num-warps "$warps" -o "$aot_dir" 2>"$log")"; then
      headers+=("$header")
    else
      sed 's/^/      /' "$log" | head -20; failures=$((failures + 1))
    fi
  done
  if header="$("$AOT" compile "$ROOT/examples/leaky_sum_noinline.ttir" --name leaky_sum \
      --grid "cdiv(n, 256)" -o "$aot_dir" 2>"$log")"; then
    headers+=("$header")
  else
    sed 's/^/      /' "$log" | head -20; failures=$((failures + 1))
  fi
  if [ "${#headers[@]}" -eq 3 ] && "$AOT" link "${headers[@]}" -o "$aot_dir/kernels" 2>"$log"; then
    for h in "${headers[@]}"; do echo "  ${h#"$ROOT"/}"; done
    echo "  ${aot_dir#"$ROOT"/}/kernels.h:"
    grep -E '^(CUresult|int|const char) ' "$aot_dir/kernels.h" | sed 's/^/    /'
    cuda="${CUDA_HOME:-/usr/local/cuda}"
    if command -v cc >/dev/null && [ -f "$cuda/include/cuda.h" ]; then
      if cc -std=c99 -Wall -Wextra -Werror -pedantic -fPIC -shared -isystem "$cuda/include" \
          -I"$aot_dir" "$aot_dir"/*.c -o "$aot_dir/libkernel.so" \
          -L"$cuda/lib64/stubs" -lcuda -pthread 2>"$log"; then
        echo "  ${aot_dir#"$ROOT"/}/libkernel.so: C99, -Wall -Wextra -Werror -pedantic"
      else
        sed 's/^/      /' "$log" | head -20; failures=$((failures + 1))
      fi
    fi
  else
    sed 's/^/      /' "$log" | head -20; failures=$((failures + 1))
  fi
  rm -f "$log"
fi

echo
if [ "$failures" -ne 0 ]; then
  echo "demo: $failures pipeline run(s) failed" >&2
  exit 1
fi
echo "demo: all pipeline runs succeeded; results in ${OUT_DIR#"$ROOT"/}/"
