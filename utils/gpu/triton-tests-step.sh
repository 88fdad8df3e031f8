#!/usr/bin/env bash
# One step of Triton's tests on the GPU machine, its results packed into one
# file (the device tool brings back a few files per call): utils/gpu/
# triton-tests.sh through ours, then Triton's own IR (TRITON_KERNEL_DUMP)
# of the first DUMPMAX tests that failed or fell back with ours, to compile
# here again (docs/triton-tests.md).
#
#   utils/gpu/triton-tests-step.sh BUNDLE TESTS OUT NAME [triton_tests_run.py options]
#
# Writes OUT/NAME.tgz (NAME/{ours,baseline}.jsonl, collected.txt, env.json,
# run.log, redo.ids, dump.log, dump/) and OUT/NAME.log.
#   BUDGET   seconds from the start of this step after which no dump starts
#            (default 585: a step that has a call to itself)
#   DUMPMAX  tests to dump (default 24; 0: none)
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUNDLE="${1:?usage: triton-tests-step.sh BUNDLE TESTS OUT NAME [options]}"
TESTS="$(cd "${2:?usage: triton-tests-step.sh BUNDLE TESTS OUT NAME [options]}" && pwd)"
OUT="${3:?usage: triton-tests-step.sh BUNDLE TESTS OUT NAME [options]}"
NAME="${4:?usage: triton-tests-step.sh BUNDLE TESTS OUT NAME [options]}"
shift 4
START=$(date +%s)
DIR="$OUT/$NAME"
mkdir -p "$DIR"
bash "$ROOT/utils/gpu/triton-tests.sh" "$BUNDLE" "$TESTS" "$DIR" "$@" > "$OUT/$NAME.log" 2>&1
DUMPMAX="${DUMPMAX:-24}" python3 - "$DIR" > "$DIR/redo.ids" <<'PY'
import json, os, sys
bad = []
path = os.path.join(sys.argv[1], "ours.jsonl")
if os.path.exists(path):
    for line in open(path):
        r = json.loads(line)
        if r["outcome"] in ("failed", "error") or r.get("fallback"):
            bad.append(r["test"])
print("\n".join(bad[:int(os.environ["DUMPMAX"])]))
PY
n=$(grep -c . "$DIR/redo.ids")
left=$(( ${BUDGET:-585} - ($(date +%s) - START) ))
echo "dump: $n tests, ${left}s left" >> "$OUT/$NAME.log"
if [ "$n" -gt 0 ] && [ "$left" -gt 30 ]; then
  # Triton's own compiler (no TRITON_MLIR): its IR is the reference.
  (cd "$TESTS" && TRITON_KERNEL_DUMP=1 TRITON_DUMP_DIR="$DIR/dump" TRITON_CACHE_DIR="$(mktemp -d)" \
     timeout $(( left - 15 )) python3 -m pytest -q -p no:cacheprovider $(cat "$DIR/redo.ids") \
     > "$DIR/dump.log" 2>&1)
fi
(cd "$OUT" && tar czf "$NAME.tgz" --ignore-failed-read "$NAME/ours.jsonl" "$NAME/baseline.jsonl" \
   "$NAME/collected.txt" "$NAME/env.json" "$NAME/run.log" "$NAME/redo.ids" "$NAME/dump.log" "$NAME/dump" \
   2> /dev/null; rm -rf "$NAME")
tail -n 3 "$OUT/$NAME.log"
