"""triton_mlir: Triton 3.6's @triton.jit kernels compiled by triton-mlir.

    import triton_mlir
    triton_mlir.enable()      # from now on, kernels compile through us

Triton's frontend and its make_ttir stage run as usual; from TTIR on,
triton-mlir makes the TTGIR, LLVM IR, PTX and cubin, in process, through
libtriton_mlir.so (the bundle's lib/, or $TRITON_MLIR_LIBRARY). A kernel it
refuses falls back to Triton's own stages with one log line (logger
"triton_mlir") giving the reason; TRITON_MLIR_STRICT=1 makes that an
error. `python -m triton_mlir script.py` runs a script with it enabled, and
the pytest plugin (`-p triton_mlir.pytest_plugin`) enables it when
TRITON_MLIR=1. docs/python.md has the details.
"""

from ._capi import CompileError, Library, library, library_path, use_library
from . import _hook
from ._hook import stages_hook

__all__ = ["CompileError", "Library", "compile", "disable", "enable", "enabled", "library", "library_path",
           "use_library", "version"]

_saved = None


def version():
    """The compiler's version string (also part of Triton's cache keys)."""
    return library().version


def compile(source, **options):
    """Compiles TTIR or TTGIR text with Triton's option names (num_warps,
    target="cuda:90", ...); returns the outputs (see Library.compile)."""
    return library().compile(source, options)


def enabled():
    return _saved is not None


def enable():
    """Installs the stages hook. Triton's cache keys get the compiler's
    version and build (the library file), so our cubins and Triton's never
    share a cache entry, nor two builds' cubins, and the
    settings read at compile time that change what the hook makes
    (TRITON_MLIR_FROM, TRITON_MLIR_ASSEMBLER): a kernel compiled from
    Triton's TTGIR never comes back from the cache entry of one compiled
    from TTIR."""
    global _saved
    if _saved is not None:
        return
    from triton import knobs
    from triton.backends.nvidia.compiler import CUDABackend

    library()  # fails here, not at the first kernel, if it is missing
    previous_hook = knobs.runtime.add_stages_inspection_hook
    previous_hash = CUDABackend.hash

    def hash_with_compiler(self):
        # The library in use when the kernel compiles (use_library may
        # switch it): its version and which build it is.
        lib = library()
        return f"{previous_hash(self)}-triton_mlir-{lib.version}-{lib.identity}{_hook.settings_key()}"

    CUDABackend.hash = hash_with_compiler
    knobs.runtime.add_stages_inspection_hook = stages_hook
    _saved = (previous_hook, previous_hash)
    from . import _report
    if _report.requested():
        from . import _autoload
        _autoload.count_kernels()  # TRITON_MLIR_REPORT=1: counted, printed at exit


def disable():
    """Removes the hook: Triton's own compiler again."""
    global _saved
    if _saved is None:
        return
    from triton import knobs
    from triton.backends.nvidia.compiler import CUDABackend

    knobs.runtime.add_stages_inspection_hook, CUDABackend.hash = _saved
    _saved = None
