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

Kernels compiled in a test's subprocesses count for the test too: the
plugin points TRITON_MLIR_COUNTS at a file of its own during each test, and
a subprocess started with the bundle's python/ folder on PYTHONPATH (whose
sitecustomize enables triton_mlir there with TRITON_MLIR=1, see
_autoload.py) appends a line per kernel to it.
"""

import json
import os
import tempfile

import pytest

from ._autoload import kernel_outcome

_counts = {}
_phases = {}
_out = None
_counts_dir = None
_counts_file = None


def _reset():
    global _counts_file
    _counts.clear()
    _counts.update(ours=0, fallback=0, triton=0, reasons=[])
    _phases.clear()
    if _counts_dir is not None:
        fd, _counts_file = tempfile.mkstemp(suffix=".jsonl", dir=_counts_dir)
        os.close(fd)
        os.environ["TRITON_MLIR_COUNTS"] = _counts_file


def _count(kind, reason):
    _counts[kind] = _counts.get(kind, 0) + 1
    if reason is not None:
        reasons = _counts.setdefault("reasons", [])
        if reason not in reasons:
            reasons.append(reason)


def _listener(src=None, metadata=None, metadata_group=None, times=None, cache_hit=False, **_):
    _count(*kernel_outcome(metadata))


def _count_subprocesses():
    """Adds the kernels the test's subprocesses reported."""
    if _counts_file is None or not os.path.exists(_counts_file):
        return
    with open(_counts_file) as f:
        for line in f:
            try:
                entry = json.loads(line)
            except ValueError:
                continue  # a subprocess killed mid-line
            for kind in ("ours", "fallback", "triton"):
                if entry.get(kind):
                    _count(kind, entry.get("reason"))
    os.unlink(_counts_file)


def pytest_configure(config):
    global _out, _counts_dir
    from triton import knobs

    if os.environ.get("TRITON_MLIR", "0") == "1":
        import triton_mlir
        triton_mlir.enable()
    knobs.compilation.listener = _listener
    _counts_dir = tempfile.mkdtemp(prefix="triton_mlir_counts_")
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
    _count_subprocesses()
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
