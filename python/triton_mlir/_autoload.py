"""Enables triton_mlir in every process that imports Triton with TRITON_MLIR=1.

The bundle's python/sitecustomize.py calls install() when an interpreter
starts with the bundle's python/ folder on its path (PYTHONPATH) and
TRITON_MLIR=1: subprocesses of a test, Inductor's compile workers and any
other Python process they start compile through triton-mlir like the process
that started them. install() does not import Triton: a finder on
sys.meta_path waits for the first `import triton` and enables the hook as
soon as Triton's package has initialized, so a process that never imports
Triton pays nothing.

TRITON_MLIR_COUNTS=FILE: each kernel the process compiles (or finds in
Triton's cache) appends one JSON line to FILE,
{"ours": 0|1, "fallback": 0|1, "triton": 0|1, "reason": "...", "name":
"kernel", "hash": "...", "pid": 123}; the pytest plugin sets it for each test so that the
kernels of a test's subprocesses count for that test, and
TRITON_MLIR_REPORT=1 sets it for the whole run (_report.py).

The wheel's triton_mlir.pth calls install() at every interpreter start, the
bundle's sitecustomize.py likewise.
"""

import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys


def requested():
    return os.environ.get("TRITON_MLIR", "0") == "1"


def kernel_outcome(metadata):
    """("ours" | "fallback" | "triton", fallback reason or None) of a kernel
    from the metadata Triton's compilation listener sees."""
    metadata = metadata or {}
    if metadata.get("triton_mlir"):
        return "ours", None
    if metadata.get("triton_mlir_fallback"):
        return "fallback", metadata["triton_mlir_fallback"]
    return "triton", None


def _counting_listener(path, previous):

    def listener(src=None, metadata=None, metadata_group=None, times=None, cache_hit=False, **kwargs):
        kind, reason = kernel_outcome(metadata)
        metadata_dict = metadata or {}
        line = dict(ours=0, fallback=0, triton=0, reason=reason, name=metadata_dict.get("name"),
                    hash=metadata_dict.get("hash"), pid=os.getpid())
        line[kind] = 1
        with open(path, "a") as f:
            f.write(json.dumps(line) + "\n")
        if previous is not None:
            previous(src=src, metadata=metadata, metadata_group=metadata_group, times=times, cache_hit=cache_hit,
                     **kwargs)

    return listener


_counting = False


def count_kernels():
    """With TRITON_MLIR_COUNTS (TRITON_MLIR_REPORT=1 sets it), counts this
    process's kernels into that file from now on. Idempotent."""
    global _counting
    if _counting:
        return
    from . import _report
    if _report.requested():
        _report.start()
    path = os.environ.get("TRITON_MLIR_COUNTS")
    if path:
        from triton import knobs
        knobs.compilation.listener = _counting_listener(path, knobs.compilation.listener)
        _counting = True


def activate():
    """Enables triton_mlir now (Triton importable) and counts this process's
    kernels (count_kernels)."""
    import triton_mlir

    triton_mlir.enable()
    count_kernels()


def _activate_after_import():
    try:
        activate()
    except Exception as e:  # a broken install must not break the user's program
        if os.environ.get("TRITON_MLIR_STRICT", "0") == "1":
            raise
        print(f"triton_mlir: not enabled in this process: {e}", file=sys.stderr)


class _EnablingLoader(importlib.abc.Loader):
    """Triton's own loader, and triton_mlir enabled once its package ran."""

    def __init__(self, inner, finder):
        self._inner = inner
        self._finder = finder

    def create_module(self, spec):
        return self._inner.create_module(spec)

    def exec_module(self, module):
        if self._finder in sys.meta_path:
            sys.meta_path.remove(self._finder)
        self._inner.exec_module(module)
        _activate_after_import()

    def __getattr__(self, name):
        return getattr(self._inner, name)


class _TritonImportFinder(importlib.abc.MetaPathFinder):
    """Wraps Triton's loader. It stays in sys.meta_path until Triton is
    executed: a probe such as importlib.util.find_spec("triton") (torch's
    has_triton() makes one before importing Triton) asks for a spec without
    loading it, and the import that follows must still meet the finder."""

    def __init__(self):
        self._busy = False

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "triton" or self._busy:
            return None
        # The other finders locate Triton as they would have.
        self._busy = True
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            self._busy = False
        if spec is not None and spec.loader is not None:
            spec.loader = _EnablingLoader(spec.loader, self)
        return spec


def install():
    """With TRITON_MLIR=1: enables triton_mlir now if Triton is imported
    already, else at its import. Idempotent."""
    if not requested():
        return
    from . import _report
    if _report.requested():
        # Before anything starts a worker: every process of the run inherits
        # the counts file.
        _report.start()
    if "triton" in sys.modules:
        _activate_after_import()
        return
    if not any(isinstance(f, _TritonImportFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _TritonImportFinder())


def run_shadowed_sitecustomize(this_file):
    """Runs the sitecustomize module that `this_file` (ours, found first on
    sys.path) hides from Python's startup, if there is one."""
    here = os.path.dirname(os.path.abspath(this_file))
    rest = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is None or spec.loader is None or os.path.abspath(spec.origin or "") == os.path.abspath(this_file):
        return
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
