#!/usr/bin/env bash
# Assembles the self-contained bundle from a build tree (the `bundle` target
# runs this after linking the static tools and libraries; docs/bundle.md).
#
#   utils/make-bundle.sh BUILD_DIR DIST_DIR VERSION
#
# Writes DIST_DIR/triton-mlir-VERSION-linux-x86_64.tar.gz holding
#   bin/      triton-opt, triton-translate, triton-aot (LLVM/MLIR inside)
#   lib/      libtriton_mlir.so (compiler C API), libtriton_runtime.so
#             (runtime + compiler), cmake/TritonMLIRBundle/
#   include/  CAPI/triton_mlir.h, Runtime/*.h
#   python/   the triton_mlir package (Triton's @triton.jit through us)
# and checks with ldd that nothing in it needs an LLVM or MLIR library.
set -euo pipefail

BUILD="${1:?usage: make-bundle.sh BUILD_DIR DIST_DIR VERSION}"
DIST="${2:?usage: make-bundle.sh BUILD_DIR DIST_DIR VERSION}"
VERSION="${3:?usage: make-bundle.sh BUILD_DIR DIST_DIR VERSION}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NAME="triton-mlir-$VERSION-linux-x86_64"
STAGE="$DIST/$NAME"

rm -rf "$STAGE"
mkdir -p "$STAGE/bin" "$STAGE/lib/cmake/TritonMLIRBundle" \
  "$STAGE/include/CAPI" "$STAGE/include/Runtime" "$STAGE/python"

for tool in triton-opt triton-translate triton-aot; do
  cp "$BUILD/bundle/bin/$tool-static" "$STAGE/bin/$tool"
done
for lib in triton_mlir triton_runtime; do
  cp "$BUILD/bundle/lib/lib$lib.so" "$STAGE/lib/"
done
strip --strip-unneeded "$STAGE"/bin/* "$STAGE"/lib/*.so

cp "$ROOT/include/CAPI/triton_mlir.h" "$STAGE/include/CAPI/"
cp "$ROOT"/include/Runtime/*.h "$STAGE/include/Runtime/"
cp "$ROOT/cmake/bundle/TritonMLIRBundleConfig.cmake" \
  "$STAGE/lib/cmake/TritonMLIRBundle/"
sed "s/@VERSION@/$VERSION/" "$ROOT/cmake/bundle/TritonMLIRBundleConfigVersion.cmake.in" \
  > "$STAGE/lib/cmake/TritonMLIRBundle/TritonMLIRBundleConfigVersion.cmake"
cp -r "$ROOT/python/triton_mlir" "$STAGE/python/"
cp "$ROOT/python/sitecustomize.py" "$STAGE/python/"
find "$STAGE/python" -name __pycache__ -prune -exec rm -rf {} +
cp "$ROOT/docs/bundle.md" "$STAGE/README.md"
echo "$VERSION" > "$STAGE/VERSION"

# Nothing may need LLVM's or MLIR's shared libraries.
bad=0
for file in "$STAGE"/bin/* "$STAGE"/lib/*.so; do
  deps="$(ldd "$file" 2>&1 || true)"
  if echo "$deps" | grep -Eq 'libLLVM|libMLIR|llvm-[0-9]+|not found'; then
    echo "make-bundle: $file needs:" >&2
    echo "$deps" | grep -E 'libLLVM|libMLIR|llvm-[0-9]+|not found' >&2
    bad=1
  fi
done
[ "$bad" -eq 0 ] || exit 1

tar -C "$DIST" -czf "$DIST/$NAME.tar.gz" "$NAME"
echo "make-bundle: $DIST/$NAME.tar.gz ($(du -h "$DIST/$NAME.tar.gz" | cut -f1))"
