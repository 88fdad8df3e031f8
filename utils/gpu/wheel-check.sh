#!/usr/bin/env bash
# The wheel on the GPU machine (docs/python.md): builds it from the bundle,
# pip-installs it into a venv over the machine's Python (Triton 3.6 and
# PyTorch from there), and runs a torch.compile'd model (forward, backward,
# AdamW) with TRITON_MLIR=1 TRITON_MLIR_REPORT=1: its outputs against eager,
# and the report of which compiler made the kernels of every process,
# Inductor's compile workers included; then (AOTI=1, the default) Inductor's
# C++ paths, cpp-wrapper and AOTInductor (utils/gpu/aoti_check.py); then
# uninstalls it.
#
#   utils/gpu/wheel-check.sh BUNDLE OUT
#
#   BUNDLE  the bundle folder, or a .tar.gz/.tar.xz of it (lib/libtriton_mlir.so,
#           python/ and VERSION are used)
#   OUT     wheel-check.log
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUNDLE="${1:?usage: wheel-check.sh BUNDLE OUT}"
OUT="${2:?usage: wheel-check.sh BUNDLE OUT}"
mkdir -p "$OUT"
LOG="$OUT/wheel-check.log"
WORK="$(mktemp -d)"
if [ -f "$BUNDLE" ]; then
  tar -C "$WORK" -xf "$BUNDLE"
  BUNDLE="$(dirname "$(find "$WORK" -name libtriton_mlir.so | head -n 1)")/.."
fi
{
  python3 "$ROOT/utils/make-wheel.py" "$BUNDLE" "$WORK/dist" "$(cat "$BUNDLE/VERSION")"
  python3 -m venv --system-site-packages "$WORK/venv"
  # When python3 is itself a venv (as on the GPU machine), --system-site-packages
  # reaches the base interpreter's packages, not torch's: point at them by a .pth.
  python3 -c 'import site; print("\n".join(site.getsitepackages() + [site.getusersitepackages()]))' \
    > "$("$WORK/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/_parent_site.pth"
  "$WORK/venv/bin/python" -m pip install --no-index --no-deps "$WORK"/dist/triton_mlir-*.whl
  cd "$WORK"   # not the checkout: nothing of ours on the path but the wheel
  env -u PYTHONPATH -u TRITON_MLIR_LIBRARY TRITON_MLIR=1 TRITON_MLIR_REPORT=1 TRITON_MLIR_STRICT=1 \
    TORCHINDUCTOR_FORCE_DISABLE_CACHES=1 TRITON_CACHE_DIR="$WORK/cache" \
    "$WORK/venv/bin/python" "$ROOT/utils/gpu/compile_check.py"
  echo "compile_check exit: $?"
  if [ "${AOTI:-1}" = 1 ]; then
    env -u PYTHONPATH -u TRITON_MLIR_LIBRARY TRITON_MLIR=1 TRITON_MLIR_REPORT=1 TRITON_MLIR_STRICT=1 \
      TORCHINDUCTOR_FORCE_DISABLE_CACHES=1 TRITON_CACHE_DIR="$WORK/cache2" \
      "$WORK/venv/bin/python" -X faulthandler "$ROOT/utils/gpu/aoti_check.py" "$WORK/aoti"
    echo "aoti_check exit: $?"
  fi
  "$WORK/venv/bin/python" -m pip uninstall -y triton-mlir
  "$WORK/venv/bin/python" -c "import importlib.util as u; print('after uninstall, triton_mlir importable:', u.find_spec('triton_mlir') is not None)"
} > "$LOG" 2>&1
tail -n 30 "$LOG"
