"""Drives the bundle's libtriton_mlir.so through the triton_mlir package
(ctypes): python capi_check.py BUNDLE TTIR FAKE_PTXAS. Prints one line per
check; python-capi.test matches them."""

import concurrent.futures
import os
import sys

bundle, ttir_path, fake_ptxas = sys.argv[1:4]
sys.path.insert(0, os.path.join(bundle, "python"))
os.environ.pop("TRITON_MLIR_LIBRARY", None)

import triton_mlir  # noqa: E402

print("library:", os.path.relpath(triton_mlir.library_path(), bundle))
print("version:", triton_mlir.version())
ttir = open(ttir_path).read()

out = triton_mlir.compile(ttir, num_warps=4, target="cuda:90")
print("outputs:", " ".join(sorted(out)))
timings = out["timings"]
print("timings:", " ".join(sorted(timings)), all(isinstance(v, float) and v >= 0 for v in timings.values()))
print("ttgir num-warps:", '"ttg.num-warps" = 4' in out["ttgir"])
print("llir defines:", "define ptx_kernel void @add_kernel" in out["llir"])
ftz_default = '"nvvm-reflect-ftz"' in out["llir"]
print("ptx entry:", ".visible .entry add_kernel" in out["ptx"])
print("cubin:", out["cubin"][:4])
meta = out["metadata"]
print("metadata:", meta["name"], meta["num_warps"], meta["shared"], meta["target"], meta["arch"])
print("params:", [(p["name"], p["type"], p["divisibility"]) for p in meta["params"]])

# Every Triton option the hook passes, with its effect.
out = triton_mlir.compile(ttir, num_warps=8, num_stages=2, num_ctas=1, enable_fp_fusion=False,
                          enable_reflect_ftz=False, ptxas_path=fake_ptxas, ptx_options="-O1")
print("warps 8:", out["metadata"]["num_warps"], '"ttg.num-warps" = 8' in out["ttgir"])
print("reflect ftz:", ftz_default, '"nvvm-reflect-ftz"' in out["llir"])
capped = triton_mlir.compile(ttir, maxnreg=40)
print("maxnreg:", [l.strip() for l in capped["ptx"].splitlines() if ".maxnreg" in l], capped["metadata"].get("maxnreg"))
print("fake ptxas log:", out["ptxas_log"].strip())

# Line info (Triton's default; TRITON_DISABLE_LINE_INFO turns it off): the
# PTX carries the kernel's source lines, and ptxas is told to drop them.
lines = triton_mlir.compile(ttir)
print("line info:", "\t.loc\t1 73 24" in lines["ptx"], '.file\t1 "kernels.py"' in lines["ptx"])
plain = triton_mlir.compile(ttir, line_info=False, ptxas_path=fake_ptxas)
print("no line info:", "\t.loc\t" in plain["ptx"], plain["ptxas_log"].split()[2:4])

# TRITON_REPRODUCER_PATH: each stage's input and pipeline.
prefix = os.path.join(os.path.dirname(fake_ptxas), "repro")
triton_mlir.compile(ttir, reproducer_path=prefix)
for stage, anchor in (("make_ttgir", "tritongpu-coalesce"), ("make_llir", "convert-triton-gpu-to-llvm")):
    text = open(f"{prefix}.{stage}.repro.mlir").read()
    pipeline = [l.strip() for l in text.splitlines() if l.strip().startswith("pipeline:")]
    print("reproducer:", stage, "mlir_reproducer" in text, pipeline[0][:34] if pipeline else None,
          bool(pipeline) and anchor in pipeline[0])
# A reproducer that cannot be written does not stop the compilation.
out = triton_mlir.compile(ttir, reproducer_path=os.path.join(prefix, "missing", "repro"))
print("unwritable reproducer:", out["cubin"][:4])

# The PTX version follows the ptxas: the fake one says CUDA 12.8.
os.environ["FAKE_CUDA_RELEASE"] = "12.8"
out = triton_mlir.compile(ttir, ptxas_path=fake_ptxas + "-2")
print("ptx version:", out["metadata"]["ptx_version"], [l for l in out["ptx"].splitlines() if l.startswith(".version")])
for options in ({"ptxas_path": fake_ptxas + "-2", "ptx_version": 90}, {"num_warps": "four"}, {"bogus": 1},
                {"target": "sm_1"}, {"enable_fp_fusion": 1}, {"maxnreg": 0}):
    try:
        triton_mlir.compile(ttir, **options)
        print("accepted:", options)
    except triton_mlir.CompileError as error:
        print("refused:", error.reason)

# Bad input: a located diagnostic, never a crash.
try:
    triton_mlir.compile("module {\n  tt.func public @k() {\n    tt.bogus\n  }\n}\n")
except triton_mlir.CompileError as error:
    print("bad source:", error.reason)
try:
    triton_mlir.library().compile(b"\xff\xfe garbage", "{not json")
except triton_mlir.CompileError as error:
    print("bad options:", error.reason)

# Several threads compile at once.
with concurrent.futures.ThreadPoolExecutor(4) as pool:
    names = list(pool.map(lambda w: triton_mlir.compile(ttir, num_warps=w)["metadata"]["num_warps"], [1, 2, 4, 8]))
print("threads:", names)
