#!/usr/bin/env bash
# The downstream check (ctest `downstream`, docs/embedding.md): install the
# build into a fresh prefix, build the example downstream compiler
# (test/downstream) against that prefix alone, run its lit suite, remove the
# prefix.
#
#   utils/test-downstream.sh <build dir>
#
# The prefix (<build>/test/downstream-prefix) and the downstream build
# (<build>/test/downstream-build) keep fixed paths so ninja and ccache reuse
# the previous run's work; the prefix is emptied before the install and
# deleted afterwards, and the downstream is configured from it alone
# (TritonMLIR_DIR and CMAKE_PREFIX_PATH name only the prefix).
set -euo pipefail

if [ $# -ne 1 ] || [ ! -f "$1/CMakeCache.txt" ]; then
  echo "usage: $0 <configured and built build dir>" >&2
  exit 2
fi
build="$(cd "$1" && pwd -P)"
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
prefix="$build/test/downstream-prefix"
dsbuild="$build/test/downstream-build"

fail() {
  echo "test-downstream: $*" >&2
  exit 1
}

rm -rf "$prefix"
trap 'rm -rf "$prefix"' EXIT
mkdir -p "$build/test"

echo "test-downstream: installing $build into $prefix"
cmake --install "$build" --prefix "$prefix" >"$build/test/downstream-install.log" ||
  { cat "$build/test/downstream-install.log" >&2; fail "cmake --install failed"; }
for f in bin/triton-opt bin/triton-translate lib/cmake/TritonMLIR/TritonMLIRConfig.cmake \
         lib/cmake/TritonMLIR/TritonMLIRConfigVersion.cmake \
         lib/cmake/TritonMLIR/TritonMLIRTargets.cmake \
         include/triton-mlir/Compiler/Compiler.h; do
  [ -e "$prefix/$f" ] || fail "the install has no $f"
done

# The package must be relocatable: no path of the build or source tree (the
# prefix lies inside the build tree, so it may not appear either).
if grep -rlF -e "$build" -e "$src" "$prefix/lib/cmake"; then
  fail "the files above under $prefix/lib/cmake name the build or source tree"
fi

launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
echo "test-downstream: configuring $src/test/downstream in $dsbuild"
cmake -G Ninja -S "$src/test/downstream" -B "$dsbuild" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" \
  -DTritonMLIR_DIR="$prefix/lib/cmake/TritonMLIR" \
  "${launcher[@]}" >"$dsbuild.configure.log" 2>&1 ||
  { cat "$dsbuild.configure.log" >&2; fail "configuring the downstream failed"; }
grep -F "TritonMLIR " "$dsbuild.configure.log" || true

echo "test-downstream: building"
ninja -C "$dsbuild" -j2 downstream-opt downstream-compile

# Nothing of the build or source tree may reach the downstream's build
# commands: only the prefix and the downstream's own directories.
for dir in "$build/include" "$build/lib" "$build/bin" "$src/include" "$src/lib"; do
  if grep -qF "$dir/" "$dsbuild/build.ninja"; then
    fail "$dsbuild/build.ninja names $dir"
  fi
done

# lit's summary lines are prefixed so that CI's count (.ci/run reads the
# last "Total Discovered Tests" of the log) stays the count of our own suite.
echo "test-downstream: running the downstream's lit suite"
"$(sed -n 's/^DOWNSTREAM_LIT:FILEPATH=//p' "$dsbuild/CMakeCache.txt")" -v "$dsbuild/test" 2>&1 |
  sed -u 's/^/downstream: /'
