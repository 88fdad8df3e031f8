#!/bin/sh
# A ptxas that "assembles" by copying its input to the -o file, so the
# cubin path of triton-translate runs without CUDA. It records its
# arguments on stdout, where -v's report goes.
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
