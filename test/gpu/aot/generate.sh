#!/usr/bin/env bash
# generate.sh BIN_DIR CORPUS_DIR OUT_DIR
#
# Writes the C sources of the AOT GPU test into OUT_DIR/src with triton-aot
# (from BIN_DIR) and a bare cubin of add for the launch-overhead baseline
# (OUT_DIR/add_bare.cubin, triton-translate). Kernels:
#   add (corpus add_f32): algo 0 BLOCK=1024, 4 warps, sm_90a + sm_80, with
#     the IR's hints, n == 1 and no hints; algo 1 BLOCK=256, 2 warps, the
#     IR's hints only; algo 2 as algo 0 but sm_80 only.
#   leaky_sum (examples/leaky_sum_noinline): the IR's hints and none.
#   swiglu (examples/swiglu_f16) with the symbol prefix tk_: 4 and 8 warps.
#   mm (corpus matmul_tma_f16): C = A @ B^T through host tensor descriptors,
#     128x256x64, 8 warps, 3 stages, sm_90a + sm_80; M, N, K %16 and any.
#   device_copy (test/lit/AOT/Inputs/device_desc.ttir): out = 2 * in through
#     descriptors made on the device (global scratch); m, n %16 and any.
#   mm_cluster, device_copy_cluster: the same two with --num-ctas 2, sm_90a
#     (each program a cluster of 2 CTAs).
# tma_client.c is the client of mm and device_copy.
# build.sh compiles the result; no GPU is needed for either.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 BIN_DIR CORPUS_DIR OUT_DIR" >&2
  exit 2
fi
bin=$1
corpus=$2
out=$3
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
examples="$here/../../../examples"
aot="$bin/triton-aot"
add="$corpus/add_f32/add_f32.ttir"
mm="$corpus/matmul_tma_f16/matmul_tma_f16.ttir"
device_desc="$here/../../lit/AOT/Inputs/device_desc.ttir"
for f in "$aot" "$bin/triton-translate" "$add" "$mm" "$device_desc" \
         "$examples/leaky_sum_noinline.ttir" \
         "$examples/swiglu_f16.ttir"; do
  [ -e "$f" ] || { echo "generate.sh: missing $f" >&2; exit 1; }
done

rm -rf "$out"
mkdir -p "$out/src/add" "$out/src/leaky" "$out/src/swiglu" "$out/src/tma"
sed 's/1024/256/g' "$add" > "$out/add_block256.ttir"
none="--hint x_ptr=none --hint y_ptr=none --hint out_ptr=none --hint n=none"

# The order of the headers given to `link` is the algo order; within an algo
# the most specialized variant is tried first.
a0=(); a1=(); a2=()
a0+=("$("$aot" compile "$add" --name add --grid "cdiv(n, 1024)" --algo-info BLOCK=1024 \
        --target sm_90a --target sm_80 -o "$out/src/add")")
a0+=("$("$aot" compile "$add" --name add --grid "cdiv(n, 1024)" --algo-info BLOCK=1024 \
        --target sm_90a --target sm_80 --hint n=1 -o "$out/src/add")")
# shellcheck disable=SC2086
a0+=("$("$aot" compile "$add" --name add --grid "cdiv(n, 1024)" --algo-info BLOCK=1024 \
        --target sm_90a --target sm_80 $none -o "$out/src/add")")
a1+=("$("$aot" compile "$out/add_block256.ttir" --name add --grid "cdiv(n, 256)" \
        --num-warps 2 --algo-info BLOCK=256 -o "$out/src/add")")
a2+=("$("$aot" compile "$add" --name add --grid "cdiv(n, 1024)" \
        --algo-info "BLOCK=1024, sm_80 only" --target sm_80 -o "$out/src/add")")

leaky=()
leaky+=("$("$aot" compile "$examples/leaky_sum_noinline.ttir" --name leaky_sum \
          --grid "cdiv(n, 256)" -o "$out/src/leaky")")
leaky+=("$("$aot" compile "$examples/leaky_sum_noinline.ttir" --name leaky_sum \
          --grid "cdiv(n, 256)" --hint x_ptr=none --hint y_ptr=none --hint sum_ptr=none \
          --hint n=none -o "$out/src/leaky")")

swiglu=()
for warps in 4 8; do
  swiglu+=("$("$aot" compile "$examples/swiglu_f16.ttir" --name swiglu --prefix tk_ \
            --grid "cdiv(n_elements, 1024)" --num-warps "$warps" -o "$out/src/swiglu")")
done
swiglu+=("$("$aot" compile "$examples/swiglu_f16.ttir" --name swiglu --prefix tk_ \
          --grid "cdiv(n_elements, 1024)" --num-warps 8 --hint gate_ptr=none \
          --hint up_ptr=none --hint out_ptr=none --hint n_elements=none -o "$out/src/swiglu")")

tma=()
for hints in "" "--hint M=none --hint N=none --hint K=none"; do
  # shellcheck disable=SC2086
  tma+=("$("$aot" compile "$mm" --name mm --grid "cdiv(M, 128), cdiv(N, 256)" \
          --num-warps 8 --num-stages 3 --algo-info "128x256x64" --target sm_90a \
          --target sm_80 $hints -o "$out/src/tma" 2> /dev/null)")
done
for hints in "" "--hint m=none --hint n=none"; do
  # shellcheck disable=SC2086
  tma+=("$("$aot" compile "$device_desc" --name device_copy \
          --grid "cdiv(m, 64), cdiv(n, 64)" $hints -o "$out/src/tma")")
done
for hints in "" "--hint M=none --hint N=none --hint K=none"; do
  # shellcheck disable=SC2086
  tma+=("$("$aot" compile "$mm" --name mm_cluster --grid "cdiv(M, 128), cdiv(N, 256)" \
          --num-warps 8 --num-stages 3 --num-ctas 2 --algo-info "128x256x64, 2 CTAs" \
          $hints -o "$out/src/tma" 2> /dev/null)")
done
for hints in "" "--hint m=none --hint n=none"; do
  # shellcheck disable=SC2086
  tma+=("$("$aot" compile "$device_desc" --name device_copy_cluster --num-ctas 2 \
          --grid "cdiv(m, 64), cdiv(n, 64)" $hints -o "$out/src/tma")")
done

"$aot" link "${a0[@]}" "${a1[@]}" "${a2[@]}" "${leaky[@]}" "${tma[@]}" -o "$out/src/kernels"
"$aot" link "${swiglu[@]}" -o "$out/src/tk_kernels"

# The divisible BLOCK=1024 variant's name, for the client's direct call.
basename "${a0[0]}" .h | sed 's/\./_/' > "$out/add_divisible_variant"
"$bin/triton-translate" "$add" --emit=cubin --num-warps 4 -o "$out/add_bare.cubin"
cp "$here/client.c" "$here/tma_client.c" "$here/build.sh" "$out/"
echo "generate.sh: $(ls "$out"/src/*/*.c | wc -l) variants, libraries kernels and tk_kernels in $out/src"
