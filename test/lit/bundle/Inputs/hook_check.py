"""The stages hook against a stand-in of Triton 3.6's interface
(fake_triton/): python hook_check.py BUNDLE GOOD_TTIR REFUSED_TTIR GLUON.
Runs the stages the way triton.compiler.compile does and prints what each
returned; python-hook.test matches the lines."""

import logging
import os
import sys
from dataclasses import dataclass

bundle, good_path, refused_path, gluon_path = sys.argv[1:5]
here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(here, "fake_triton"), os.path.join(bundle, "python")]
logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s", stream=sys.stdout)

import triton_mlir  # noqa: E402
from triton import knobs  # noqa: E402
from triton.backends.compiler import GPUTarget, Language  # noqa: E402
from triton.backends.nvidia.compiler import CUDABackend  # noqa: E402


@dataclass(frozen=True)
class Options:  # the fields of Triton 3.6's CUDAOptions the hook reads
    num_warps: int = 4
    num_ctas: int = 1
    num_stages: int = 3
    warp_size: int = 32
    maxnreg: int = None
    ptx_version: int = None
    ptx_options: str = None
    enable_fp_fusion: bool = True
    enable_reflect_ftz: bool = True
    extern_libs: tuple = (("libdevice", "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"), )
    instrumentation_mode: str = ""


class Module:  # Triton's ir.module prints its TTIR with str()

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text


def triton_stages():
    calls = []

    def stage(name, result):

        def run(src, metadata):
            calls.append(name)
            return result

        return run

    stages = {
        "ttir": stage("ttir", None), "ttgir": stage("triton-ttgir", "TRITON TTGIR"), "llir":
        stage("triton-llir", "TRITON LLIR"), "ptx": stage("triton-ptx", "TRITON PTX"), "cubin":
        stage("triton-cubin", b"TRITON CUBIN")
    }
    return stages, calls


def compile(text, options, language=Language.TRITON, capability=90):
    """triton.compiler.compile's loop over the stages after ttir; the device
    is sm_90a, `capability` is Triton's (knobs.runtime.override_arch)."""
    backend = CUDABackend(GPUTarget("cuda", 90, 32))
    stages, calls = triton_stages()
    if knobs.runtime.add_stages_inspection_hook is not None:
        knobs.runtime.add_stages_inspection_hook(backend, stages, options, language, capability)
    metadata = {"num_warps": options.num_warps}
    module = Module(text)
    results = {}
    for ext in ("ttgir", "llir", "ptx", "cubin"):
        module = stages[ext](module, metadata)
        results[ext] = module
    return results, metadata, calls


good = open(good_path).read()
refused = open(refused_path).read()
backend = CUDABackend(GPUTarget("cuda", 90, 32))
print("hash before:", backend.hash())
triton_mlir.enable()
print("enabled:", triton_mlir.enabled(), knobs.runtime.add_stages_inspection_hook is not None)
print("hash after:", backend.hash())
# Settings that change what the hook makes are part of the key: a kernel
# from Triton's TTGIR must not come back from the entry of one from TTIR.
os.environ["TRITON_MLIR_FROM"] = "ttgir"
identity = triton_mlir.library().identity
print("hash from ttgir:", backend.hash().split(identity, 1)[1])
os.environ["TRITON_MLIR_ASSEMBLER"] = "nvjitlink"
print("hash from ttgir, nvjitlink:", backend.hash().split(identity, 1)[1])
del os.environ["TRITON_MLIR_FROM"], os.environ["TRITON_MLIR_ASSEMBLER"]
print("hash default again:", backend.hash().endswith(identity))

results, metadata, calls = compile(good, Options(num_warps=8))
print("ours: triton stages called:", calls)
print("ours: ttgir:", '"ttg.num-warps" = 8' in results["ttgir"], "| ptx:", ".entry add_kernel" in results["ptx"],
      "| cubin:", results["cubin"][:4])
print("ours: metadata:", {k: metadata[k] for k in sorted(metadata) if k != "triton_mlir"})
print("ours: marked:", metadata["triton_mlir"] == triton_mlir.version())

# Two builds in one process (use_library): a copy of the library elsewhere
# is another build, loaded beside the first, with a cache key of its own.
import shutil  # noqa: E402
import tempfile  # noqa: E402
first = triton_mlir.library()
copy_dir = tempfile.mkdtemp()
copy = os.path.join(copy_dir, "libtriton_mlir.so")
shutil.copy(first.path, copy)
first_hash = backend.hash()
second = triton_mlir.use_library(copy)
results, metadata, calls = compile(good, Options(num_warps=8))
# Its own load: another dlopen handle, not the first library again.
print("use_library:", second._lib._handle != first._lib._handle, second.version == first.version,
      backend.hash() != first_hash, calls, results["cubin"][:4])
print("use_library back:", triton_mlir.use_library(first.path) is first, backend.hash() == first_hash)
shutil.rmtree(copy_dir)

# arch="sm80" on an H100: TTGIR and LLVM IR for sm_80, PTX and cubin for sm_90a.
results, metadata, calls = compile(good, Options(), capability=80)
print("override arch:", 'ttg.target = "cuda:80"' in results["ttgir"],
      [l for l in results["ptx"].splitlines() if l.startswith(".target")])

# Triton's ptxas unless TRITON_MLIR_ASSEMBLER opts in to nvJitLink.
from triton_mlir import _hook
print("assembler:", _hook.compiler_options(Options(), 90, backend, "/p/ptxas")["assembler"], end=" ")
os.environ["TRITON_MLIR_ASSEMBLER"] = "nvjitlink"
print(_hook.compiler_options(Options(), 90, backend, "/p/ptxas")["assembler"])
del os.environ["TRITON_MLIR_ASSEMBLER"]

results, metadata, calls = compile(refused, Options())
print("refused: triton stages called:", calls)
print("refused: results:", results["ttgir"], "|", results["cubin"])
print("refused: reason recorded:", "triton_mlir_fallback" in metadata)

results, metadata, calls = compile(good, Options(extern_libs=(("libdevice", "x.bc"), ("mylib", "y.bc"))))
print("option refused: triton stages called:", calls)

# A Gluon kernel's source goes through our gluon_to_ttgir and the rest.
results, metadata, calls = compile(open(gluon_path).read(), Options(), language=Language.GLUON)
print("gluon: triton stages called:", calls)
print("gluon: ttgir:", "#gluon" not in results["ttgir"] and "sizePerThread = [4]" in results["ttgir"],
      "| ptx:", ".entry copy_rows" in results["ptx"], "| cubin:", results["cubin"][:4])

os.environ["TRITON_MLIR_STRICT"] = "1"
try:
    compile(refused, Options())
    print("strict: compiled")
except triton_mlir.CompileError as error:
    print("strict:", str(error).splitlines()[0])
del os.environ["TRITON_MLIR_STRICT"]

triton_mlir.disable()
print("disabled:", triton_mlir.enabled(), knobs.runtime.add_stages_inspection_hook, backend.hash())
results, metadata, calls = compile(good, Options())
print("disabled: triton stages called:", calls)
