#!/usr/bin/env bash
# build.sh DIR [CC]
#
# Compiles what generate.sh wrote to DIR as C99 with -Wall -Wextra -Werror
# -pedantic, links DIR/build/libkernel.so against libcuda (CUDA's stub where
# there is no driver) and builds the clients DIR/build/aot-client and
# DIR/build/aot-tma-client against it.
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: $0 DIR [CC]" >&2
  exit 2
fi
dir=$1
cc=${2:-${CC:-cc}}
cuda=${CUDA_HOME:-/usr/local/cuda}
flags=(-std=c99 -Wall -Wextra -Werror -pedantic -O2 -fPIC -isystem "$cuda/include")
libcuda=(-L"$cuda/lib64/stubs" -L"$cuda/lib64" -lcuda)
mkdir -p "$dir/build/obj"
objs=()
for src in "$dir"/src/*/*.c "$dir"/src/*.c; do
  obj="$dir/build/obj/$(basename "$src" .c).o"
  "$cc" "${flags[@]}" -I"$(dirname "$src")" -I"$dir/src" -c "$src" -o "$obj"
  objs+=("$obj")
done
"$cc" -shared -o "$dir/build/libkernel.so" "${objs[@]}" "${libcuda[@]}" -pthread
variant=$(cat "$dir/add_divisible_variant")
"$cc" "${flags[@]}" -DAOT_ADD_DIVISIBLE_VARIANT="$variant" -I"$dir/src" \
  "$dir/client.c" -o "$dir/build/aot-client" -L"$dir/build" -lkernel \
  -Wl,-rpath,'$ORIGIN' "${libcuda[@]}" -pthread -lm
"$cc" "${flags[@]}" -I"$dir/src" "$dir/tma_client.c" -o "$dir/build/aot-tma-client" \
  -L"$dir/build" -lkernel -Wl,-rpath,'$ORIGIN' "${libcuda[@]}" -pthread -lm
echo "build.sh: $dir/build/libkernel.so ($(ls "${objs[@]}" | wc -l) objects), $dir/build/aot-client and aot-tma-client"
