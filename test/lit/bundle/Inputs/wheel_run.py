"""python-wheel.test: a program and its subprocess, each reporting kernels
to the stand-in Triton's compilation listener as Triton would."""
import os
import subprocess
import sys

role = sys.argv[1] if len(sys.argv) > 1 else "parent"
import importlib.util  # noqa: E402

print(f"{role}: triton imported early:", "triton" in sys.modules)
# torch's has_triton() probes for Triton before importing it; the probe must
# not use up the import hook.
print(f"{role}: probe finds triton:", importlib.util.find_spec("triton") is not None)
import triton  # noqa: E402
import triton_mlir  # noqa: E402
from triton import knobs  # noqa: E402

print(f"{role}: enabled:", triton_mlir.enabled())
if role == "parent":
    knobs.compilation.listener(metadata={"triton_mlir": True, "name": "a", "hash": "ha"})
    knobs.compilation.listener(metadata={"triton_mlir": True, "name": "b", "hash": "hb"})
    knobs.compilation.listener(metadata={"name": "plain"})
    sys.stdout.flush()
    subprocess.run([sys.executable, __file__, "child"], check=True)
    # The child's kernel, loaded from Triton's cache here (as Inductor does
    # with its workers' kernels): the same kernel, counted once.
    knobs.compilation.listener(metadata={"triton_mlir": True, "name": "c", "hash": "hc"}, cache_hit=True)
else:
    print("child: owner is parent:", os.environ.get("TRITON_MLIR_REPORT_OWNER") == str(os.getppid()))
    knobs.compilation.listener(metadata={"triton_mlir": True, "name": "c", "hash": "hc"})
    knobs.compilation.listener(metadata={"triton_mlir_fallback": "why", "name": "big_kernel"})
