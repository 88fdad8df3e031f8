#!/usr/bin/env bash
# run.sh DIR OUT -- on the GPU machine: build what generate.sh wrote to DIR
# (the copy of build.sh and the clients there), run both clients, then time
# Triton's own launch of the same kernel. Logs go to OUT.
set -uo pipefail
dir=$1
out=$2
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$out"
bash "$dir/build.sh" "$dir" > "$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
"$dir/build/aot-client" --bare-cubin "$dir/add_bare.cubin" > "$out/client.log" 2>&1
status=$?
"$dir/build/aot-tma-client" --seed "$RANDOM" > "$out/tma-client.log" 2>&1
tma_status=$?
[ "$status" -ne 0 ] || status=$tma_status
python3 "$here/triton_launch_overhead.py" > "$out/triton.log" 2>&1 || echo "triton launch timing failed" >> "$out/triton.log"
cat "$out/client.log" "$out/tma-client.log" "$out/triton.log"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$out/client.log" 2>/dev/null || true
exit $status
