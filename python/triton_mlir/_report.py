"""TRITON_MLIR_REPORT=1: at exit, which compiler made the kernels of a run.

The process that starts the report (the first one with TRITON_MLIR=1 and
TRITON_MLIR_REPORT=1: the user's program) points TRITON_MLIR_COUNTS at a
file of its own before anything imports Triton, and marks itself the owner
(TRITON_MLIR_REPORT_OWNER). Every process it starts afterwards inherits
both (Inductor's compile workers, benchmarking subprocesses), so each
kernel any of them compiles or loads from Triton's cache appends one line
there (_autoload's counting listener). At the owner's exit the lines are
summed and printed to stderr:

    triton_mlir: 41 kernels (57 compiled or loaded, in 3 processes): 40 by triton-mlir, 1 fell back to Triton's compiler, 0 by Triton alone
    triton_mlir:   fell back (1): kernel_name: reason

A kernel is counted once however many processes compile it or load it
from Triton's cache (Inductor compiles in a worker and loads the cubin in
the parent): lines with the same Triton hash are one kernel.

A TRITON_MLIR_COUNTS the user set is reported and kept; one made here is
removed after the report.
"""

import atexit
import json
import os
import sys
import tempfile

OWNER = "TRITON_MLIR_REPORT_OWNER"


def requested():
    return os.environ.get("TRITON_MLIR_REPORT", "0") == "1"


def start():
    """Makes this process the run's reporter unless a parent already is.
    Idempotent."""
    if os.environ.get(OWNER):
        return  # the process that started this one reports (or this one did already)
    path = os.environ.get("TRITON_MLIR_COUNTS")
    made_here = not path
    if made_here:
        fd, path = tempfile.mkstemp(prefix="triton_mlir_counts_", suffix=".jsonl")
        os.close(fd)
        os.environ["TRITON_MLIR_COUNTS"] = path
    os.environ[OWNER] = str(os.getpid())
    atexit.register(_report_at_exit, path, made_here)


def summarize(path):
    """Totals of a counts file: {"ours", "fallback", "triton"} of distinct
    kernels, "events" (lines), "processes", "fallbacks": [(name, reason)]."""
    totals = dict(ours=0, fallback=0, triton=0, events=0, processes=0, fallbacks=[])
    pids, seen = set(), set()
    try:
        with open(path) as f:
            lines = f.readlines()
    except OSError:
        lines = []
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # a process killed mid-line
        totals["events"] += 1
        pids.add(entry.get("pid"))
        kind = next((k for k in ("ours", "fallback", "triton") if entry.get(k)), None)
        key = (entry.get("hash"), kind) if entry.get("hash") else None
        if kind is None or (key is not None and key in seen):
            continue
        seen.add(key)
        totals[kind] += 1
        if kind == "fallback":
            totals["fallbacks"].append((entry.get("name") or "?", entry.get("reason") or "?"))
    totals["processes"] = len(pids)
    return totals


def format_report(totals):
    kernels = totals["ours"] + totals["fallback"] + totals["triton"]
    processes = totals["processes"]
    lines = [f"triton_mlir: {kernels} kernels ({totals['events']} compiled or loaded, in {processes} "
             f"process{'es' if processes != 1 else ''}): "
             f"{totals['ours']} by triton-mlir, {totals['fallback']} fell back to Triton's compiler, "
             f"{totals['triton']} by Triton alone"]
    reasons = {}
    for name, reason in totals["fallbacks"]:
        reasons.setdefault(reason, []).append(name)
    for reason, names in sorted(reasons.items(), key=lambda item: -len(item[1])):
        shown = ", ".join(sorted(set(names))[:5])
        lines.append(f"triton_mlir:   fell back ({len(names)}): {shown}: {reason}")
    return "\n".join(lines)


def _report_at_exit(path, made_here):
    if os.environ.get(OWNER) != str(os.getpid()):
        return  # a forked child inherited the handler; its parent reports
    totals = summarize(path)
    # A Python process of the run that met no Triton at all (a helper
    # script started with the variables set) stays quiet.
    if totals["events"] or "triton" in sys.modules:
        print(format_report(totals), file=sys.stderr, flush=True)
    if made_here:
        try:
            os.unlink(path)
        except OSError:
            pass
