"""pytest plugin: Triton's test suites as a judge of triton-mlir.

    TRITON_MLIR=1 TRITON_MLIR_RESULTS=out.jsonl pytest -p triton_mlir.pytest_plugin test_core.py

With TRITON_MLIR=1 the plugin enables triton_mlir (otherwise Triton's own
compiler runs: the baseline). Either way it counts, per test, the kernels
compiled (or found in the cache) through triton-mlir, through Triton after a
refusal (with the reasons), and by Triton alone, and appends one JSON line
per test to $TRITON_MLIR_RESULTS as soon as the test ends, so a run that is
cut short loses nothing:

    {"test": nodeid, "outcome": "passed|failed|error|skipped",
     "ours": 2, "fallback": 0, "triton": 0, "reasons": [], "message": ""}

utils/gpu/triton-tests.sh shards a suite over processes and
utils/triton-tests-report.py compares two runs.
"""

import json
import os

import pytest

_counts = {}
_phases = {}
_out = None


def _reset():
    _counts.clear()
    _counts.update(ours=0, fallback=0, triton=0, reasons=[])
    _phases.clear()


def _listener(src=None, metadata=None, metadata_group=None, times=None, cache_hit=False, **_):
    metadata = metadata or {}
    if metadata.get("triton_mlir"):
        _counts["ours"] = _counts.get("ours", 0) + 1
    elif metadata.get("triton_mlir_fallback"):
        _counts["fallback"] = _counts.get("fallback", 0) + 1
        reason = metadata["triton_mlir_fallback"]
        reasons = _counts.setdefault("reasons", [])
        if reason not in reasons:
            reasons.append(reason)
    else:
        _counts["triton"] = _counts.get("triton", 0) + 1


def pytest_configure(config):
    global _out
    from triton import knobs

    if os.environ.get("TRITON_MLIR", "0") == "1":
        import triton_mlir
        triton_mlir.enable()
    knobs.compilation.listener = _listener
    path = os.environ.get("TRITON_MLIR_RESULTS")
    if path:
        _out = open(path, "a", buffering=1)
    _reset()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _reset()
    yield


def _message(report):
    text = str(report.longrepr) if report.longrepr else ""
    lines = [line for line in text.splitlines() if line.startswith("E ")]
    return (lines[-1] if lines else text.strip().splitlines()[-1] if text.strip() else "")[:400]


def pytest_runtest_logreport(report):
    _phases[report.when] = report
    if report.when != "teardown":
        return
    setup, call = _phases.get("setup"), _phases.get("call")
    outcome, message = "passed", ""
    if setup is not None and setup.failed:
        outcome, message = "error", _message(setup)
    elif (setup is not None and setup.skipped) or (call is not None and call.skipped):
        outcome = "skipped"
    elif call is not None and call.failed:
        outcome, message = "failed", _message(call)
    elif report.failed:
        outcome, message = "error", _message(report)
    if _out is not None:
        line = dict(test=report.nodeid, outcome=outcome, message=message, **_counts)
        _out.write(json.dumps(line) + "\n")
