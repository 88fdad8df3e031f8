"""ctypes binding of libtriton_mlir.so (include/CAPI/triton_mlir.h).

ctypes needs no build against any Python, so the bundle's one library
serves every interpreter. The library links LLVM and MLIR statically and
exports only the triton_mlir_* functions: it loads beside Triton's own
libtriton.so without symbol clashes.
"""

import ctypes
import hashlib
import json
import os
import threading

ABI_VERSION = 1

_OUTPUTS = ("ttgir", "llir", "ptx", "cubin", "metadata", "ptxas_log", "timings")


class CompileError(Exception):
    """The compiler refused or failed on a kernel; str() is its diagnostics."""

    @property
    def reason(self):
        """The first diagnostic line: what a log line or a table shows."""
        lines = [line for line in str(self).splitlines() if line.strip()]
        for line in lines:
            if "error:" in line:
                return line.strip()
        return lines[0].strip() if lines else "unknown error"


def library_path():
    """Where libtriton_mlir.so is: $TRITON_MLIR_LIBRARY, else beside this
    file (the wheel), else the bundle's lib/ (python/triton_mlir/../../lib)."""
    env = os.environ.get("TRITON_MLIR_LIBRARY")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    for candidate in (os.path.join(here, "libtriton_mlir.so"),
                      os.path.join(here, "..", "..", "lib", "libtriton_mlir.so")):
        if os.path.exists(candidate):
            return os.path.normpath(candidate)
    raise OSError("libtriton_mlir.so not found: set TRITON_MLIR_LIBRARY, install the wheel, or use the "
                  "package from the bundle (python/ beside lib/)")


class Library:
    """The loaded library: compile() is safe to call from several threads."""

    def __init__(self, path=None):
        self.path = path or library_path()
        lib = ctypes.CDLL(self.path)
        lib.triton_mlir_abi_version.restype = ctypes.c_int
        lib.triton_mlir_abi_version.argtypes = []
        lib.triton_mlir_version.restype = ctypes.c_char_p
        lib.triton_mlir_version.argtypes = []
        lib.triton_mlir_compile.restype = ctypes.c_void_p
        lib.triton_mlir_compile.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]
        lib.triton_mlir_result_ok.restype = ctypes.c_int
        lib.triton_mlir_result_ok.argtypes = [ctypes.c_void_p]
        lib.triton_mlir_result_get.restype = ctypes.c_void_p
        lib.triton_mlir_result_get.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_size_t)]
        lib.triton_mlir_result_free.restype = None
        lib.triton_mlir_result_free.argtypes = [ctypes.c_void_p]
        abi = lib.triton_mlir_abi_version()
        if abi != ABI_VERSION:
            raise OSError(f"{self.path} has C ABI version {abi}, this package needs {ABI_VERSION}")
        self._lib = lib
        self.version = lib.triton_mlir_version().decode()
        # Which build this is, beyond its version string (two builds of one
        # commit have the same): Triton's cache keys carry it.
        st = os.stat(self.path)
        self.identity = hashlib.sha256(
            f"{os.path.realpath(self.path)}|{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()[:12]

    def _get(self, result, name):
        size = ctypes.c_size_t(0)
        address = self._lib.triton_mlir_result_get(result, name.encode(), ctypes.byref(size))
        if not address:
            return None
        return ctypes.string_at(address, size.value)

    def compile(self, source, options=None):
        """Compiles TTIR or TTGIR text. Returns a dict of the outputs
        ("ttgir", "llir", "ptx" as str, "cubin" as bytes, "metadata" as a
        dict, "ptxas_log", "timings" as a dict of seconds per stage); raises
        CompileError with the diagnostics."""
        data = source.encode() if isinstance(source, str) else bytes(source)
        options_text = json.dumps(options or {}).encode()
        result = self._lib.triton_mlir_compile(data, len(data), options_text)
        if not result:
            raise MemoryError("triton_mlir_compile ran out of memory")
        try:
            if not self._lib.triton_mlir_result_ok(result):
                error = self._get(result, "error") or b"unknown error"
                raise CompileError(error.decode(errors="replace"))
            outputs = {}
            for name in _OUTPUTS:
                value = self._get(result, name)
                if value is None:
                    continue
                outputs[name] = value if name == "cubin" else value.decode(errors="replace")
            outputs["metadata"] = json.loads(outputs["metadata"])
            if "timings" in outputs:
                outputs["timings"] = json.loads(outputs["timings"])
            return outputs
        finally:
            self._lib.triton_mlir_result_free(result)


_library = None
_loaded = {}
_library_lock = threading.Lock()


def library():
    """The process's Library, loaded on first use."""
    global _library
    with _library_lock:
        if _library is None:
            _library = Library()
            _loaded[os.path.realpath(_library.path)] = _library
        return _library


def use_library(path):
    """Makes the libtriton_mlir.so at `path` the one the hook compiles
    with from now on (loaded once; switching back reuses it). Each copy is
    loaded on its own (it exports only the C API), so two builds of the
    compiler can run in one process: the same kernel compiled by each and
    timed side by side (utils/gpu/matmul-vs-cublas.py, AB_LIBRARY)."""
    global _library
    real = os.path.realpath(path)
    with _library_lock:
        if real not in _loaded:
            _loaded[real] = Library(path)
        _library = _loaded[real]
        return _library
