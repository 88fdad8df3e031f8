#!/bin/sh
# A ptxas that fails the way the real one does: a message on stderr and a
# non-zero exit status.
# `--version` answers as CUDA's ptxas does, with the release in
# $FAKE_CUDA_RELEASE (default 13.0): the PTX version is chosen from it.
if [ "$1" = --version ]; then
  echo "ptxas: NVIDIA (R) Ptx optimizing assembler"
  echo "Cuda compilation tools, release ${FAKE_CUDA_RELEASE:-13.0}, V${FAKE_CUDA_RELEASE:-13.0}.0"
  exit 0
fi
echo "ptxas fatal   : Unresolved extern function 'frobnicate'" >&2
exit 255
