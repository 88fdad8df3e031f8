#!/bin/sh
# A ptxas that "assembles" by copying its input to the -o file, so the
# cubin path of triton-translate runs without CUDA. It records its
# arguments on stdout, where -v's report goes.
# `--version` answers as CUDA's ptxas does, with the release in
# $FAKE_CUDA_RELEASE (default 13.0): the PTX version is chosen from it.
if [ "$1" = --version ]; then
  echo "ptxas: NVIDIA (R) Ptx optimizing assembler"
  echo "Cuda compilation tools, release ${FAKE_CUDA_RELEASE:-13.0}, V${FAKE_CUDA_RELEASE:-13.0}.0"
  exit 0
fi
echo "fake ptxas: $*"
input=""
output=""
while [ $# -gt 0 ]; do
  case "$1" in
    -o) output="$2"; shift ;;
    -*) ;;
    *) input="$1" ;;
  esac
  shift
done
cp "$input" "$output"
