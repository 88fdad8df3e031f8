#!/bin/sh
# A ptxas whose own register choice spills: at its default tier it reports
# 80 registers and 8 bytes of spill stores, with --register-usage-level=10
# 98 registers and none. The "cubin" it writes names the tier, and every
# command line is appended to $FAKE_PTXAS_CALLS.
#   FAKE_NO_LEVEL=1   the option is unknown (an older ptxas): exit 1
#   FAKE_LEVEL_SPILLS=1  the retry spills as much as the first run
if [ "$1" = --version ]; then
  echo "ptxas: NVIDIA (R) Ptx optimizing assembler"
  echo "Cuda compilation tools, release 12.8, V12.8.93"
  exit 0
fi
echo "$*" >> "${FAKE_PTXAS_CALLS:-/dev/null}"
output=""
level=default
while [ $# -gt 0 ]; do
  case "$1" in
    -o) output="$2"; shift ;;
    --register-usage-level=10) level=10 ;;
  esac
  shift
done
if [ "$level" = 10 ] && [ -n "$FAKE_NO_LEVEL" ]; then
  echo "ptxas fatal   : Unknown option '--register-usage-level'" >&2
  exit 1
fi
registers=80
spills=8
if [ "$level" = 10 ]; then
  registers=98
  [ -n "$FAKE_LEVEL_SPILLS" ] || spills=0
fi
echo "ptxas info    : 0 bytes gmem"
echo "ptxas info    : Compiling entry function 'k' for 'sm_90a'"
echo "ptxas info    : Function properties for k"
echo "    $spills bytes stack frame, $spills bytes spill stores, $spills bytes spill loads"
echo "ptxas info    : Used $registers registers, used 0 barriers"
echo "cubin assembled at tier $level" > "$output"
