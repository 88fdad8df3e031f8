#!/usr/bin/env bash
# Compile every kernel we test on the GPU into cubins, here (no GPU needed).
#
#   utils/gpu/build-bundle.sh [BIN_DIR] [OUT_DIR]
#     BIN_DIR  where triton-translate is (default: build/bin)
#     OUT_DIR  the bundle (default: build-gpu/bundle)
#
# Variants, each OUT_DIR/<variant>/<name>/<kernel>.cubin + <kernel>.json:
#   ours        from Triton's TTIR: examples/*.ttir and the corpus
#               add/softmax/cumsum/noinline TTIR, through our whole pipeline
#   ours-generic  the same TTIR with the tt.divisibility hints of its integer
#               (non-pointer) arguments removed: a cubin valid for every size,
#               so test/gpu runs the ragged sizes the specialized one skips
#   ours-ttgir  from Triton's own TTGIR of the same kernels, where we have it
#               (test/gpu/kernels/<name>/<name>.ttgir, examples/<name>.ttgir,
#               or the corpus): our backend alone
# A kernel that fails to compile is listed (its log in <name>/translate.log)
# and the others go on; the exit status is 1 if any failed.
# The corpus is $TRITON_CORPUS_DIR, else ../shared/corpus beside the checkout.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN_DIR="${1:-$ROOT/build/bin}"
OUT_DIR="${2:-$ROOT/build-gpu/bundle}"
CORPUS="${TRITON_CORPUS_DIR:-$ROOT/../shared/corpus}"
TRANSLATE="$BIN_DIR/triton-translate"
CORPUS_KERNELS="add_f32 softmax_f32 cumsum_f32 noinline_f32"

[ -x "$TRANSLATE" ] || { echo "build-bundle: no $TRANSLATE (build it first)" >&2; exit 2; }

failed=()
built=0

# compile VARIANT NAME INPUT: INPUT (.ttir or .ttgir) -> OUT_DIR/VARIANT/NAME/<kernel>.cubin
compile() {
  local variant="$1" name="$2" input="$3"
  local dest="$OUT_DIR/$variant/$name"
  local kernel
  kernel="$(grep -o -m1 'tt\.func public @[A-Za-z_][A-Za-z0-9_]*' "$input" | sed 's/.*@//')"
  rm -rf "$dest"
  mkdir -p "$dest"
  if [ -z "$kernel" ]; then
    echo "no public tt.func in $input" > "$dest/translate.log"
  elif "$TRANSLATE" "$input" --emit=cubin -o "$dest/$kernel.cubin" > "$dest/translate.log" 2>&1 \
      && [ -s "$dest/$kernel.cubin" ] && [ -s "$dest/$kernel.json" ]; then
    built=$((built + 1))
    echo "ok     $variant/$name/$kernel.cubin"
    return
  fi
  failed+=("$variant/$name")
  echo "FAILED $variant/$name ($input): $(head -c 300 "$dest/translate.log" | head -n 3)"
}

# first_existing FILE...: the first of the files that exists
first_existing() {
  local f
  for f in "$@"; do
    [ -f "$f" ] && { echo "$f"; return; }
  done
}

names=()
for f in "$ROOT"/examples/*.ttir; do
  names+=("$(basename "$f" .ttir)")
done
names+=($CORPUS_KERNELS)

for name in "${names[@]}"; do
  ttir="$(first_existing "$ROOT/examples/$name.ttir" "$CORPUS/$name/$name.ttir")"
  ttgir="$(first_existing "$ROOT/test/gpu/kernels/$name/$name.ttgir" \
    "$ROOT/examples/$name.ttgir" "$CORPUS/$name/$name.ttgir")"
  if [ -n "$ttir" ]; then
    compile ours "$name" "$ttir"
    generic="$(mktemp --suffix=.ttir)"
    sed -E 's/(%[A-Za-z0-9_]+: i(8|16|32|64)) \{tt\.divisibility = [0-9]+ : i32\}/\1/g' \
      "$ttir" > "$generic"
    compile ours-generic "$name" "$generic"
    rm -f "$generic"
  else
    failed+=("ours/$name")
    echo "FAILED ours/$name: no TTIR found"
  fi
  if [ -n "$ttgir" ]; then
    compile ours-ttgir "$name" "$ttgir"
  else
    echo "skip   ours-ttgir/$name: no Triton TTGIR yet (utils/gpu/dump-kernels.py makes it)"
  fi
done

echo "build-bundle: $built cubins in $OUT_DIR, ${#failed[@]} failed${failed:+: ${failed[*]}}"
[ ${#failed[@]} -eq 0 ]
