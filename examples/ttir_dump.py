"""Helpers shared by the example kernels: launch once, keep the TTIR.

Each example's `__main__` launches its kernel once on the GPU (sm_90), checks
the result against PyTorch, and writes two files into the output folder
(argv[1], default: this folder):

  <name>.ttir           Triton's TTIR after its ttir stage (inline, combine,
                        canonicalize, cse, ...), printed the way Triton prints
                        it (#loc locations, SSA names from name locations).
                        This is what the corpus holds and what our ttgir
                        pipeline starts from.
  frontend/<name>.ttir  The IR the Python frontend emitted, before Triton's
                        ttir stage: the input our ttir pipeline is compared
                        on (`make demo` runs both).

Needs: a CUDA GPU, PyTorch and Triton 3.6. Nothing here runs in `make check`.
"""

import os
import re
import sys

_captured = []


def _install_frontend_hook():
    """Record the module handed to Triton's ttir stage, before it runs."""
    from triton.backends.nvidia.compiler import CUDABackend

    if getattr(CUDABackend, "_ttir_dump_hooked", False):
        return
    original = CUDABackend.make_ttir

    def make_ttir(mod, metadata, opt, capability):
        _captured.append(str(mod))
        return original(mod, metadata, opt, capability)

    CUDABackend.make_ttir = staticmethod(make_ttir)
    CUDABackend._ttir_dump_hooked = True


def tidy_paths(text):
    """Make location file names machine independent: the examples' own files
    by base name, Triton's sources from `site-packages/` on (as the corpus)."""
    here = os.path.dirname(os.path.abspath(__file__)) + os.sep
    text = text.replace('"' + here, '"')
    return re.sub(r'"[^"]*/(site-packages/[^"]*)"', r'"\1"', text)


def out_dir():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(path, "frontend"), exist_ok=True)
    return path


def run(name, launch):
    """`launch()` compiles and runs the kernel once and returns the
    CompiledKernel; write its TTIR (and the frontend IR) as <name>.ttir."""
    # A fresh cache, so the kernel is really compiled and the hook fires.
    os.environ.setdefault("TRITON_CACHE_DIR", os.path.join(out_dir(), ".triton-cache"))
    _install_frontend_hook()
    _captured.clear()
    compiled = launch()
    dest = out_dir()
    ttir = tidy_paths(compiled.asm["ttir"])
    with open(os.path.join(dest, name + ".ttir"), "w") as f:
        f.write(ttir)
    if _captured:
        with open(os.path.join(dest, "frontend", name + ".ttir"), "w") as f:
            f.write(tidy_paths(_captured[0]))
    print("%s: wrote %s.ttir (%d lines)%s" % (
        name, name, ttir.count("\n"),
        ", frontend/%s.ttir" % name if _captured else ", no frontend IR captured"))
