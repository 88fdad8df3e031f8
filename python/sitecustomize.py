"""triton-mlir's startup hook: Python imports this module at start-up when
the bundle's python/ folder is on its path (PYTHONPATH). With TRITON_MLIR=1
the process then compiles Triton kernels through triton-mlir as soon as it
imports Triton (triton_mlir/_autoload.py): subprocesses and Inductor's
compile workers included. The sitecustomize module this one hides, if any,
still runs."""

import os as _os

if _os.environ.get("TRITON_MLIR", "0") == "1":
    from triton_mlir import _autoload

    _autoload.install()

try:
    from triton_mlir._autoload import run_shadowed_sitecustomize as _run_shadowed

    _run_shadowed(__file__)
except ImportError:
    pass
