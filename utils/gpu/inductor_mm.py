#!/usr/bin/env python3
"""PyTorch Inductor's triton_mm templates at the configs its autotuner picks.

Runs on the GPU machine (PyTorch 2.11, Triton 3.6), from the repository root,
once per compiler, each in a fresh process with fresh caches:

    python3 utils/gpu/inductor_mm.py triton      Triton's compiler
    python3 utils/gpu/inductor_mm.py ours        the triton_mlir hook, strict

(ours needs TRITON_MLIR_LIBRARY and the bundle's python/ on PYTHONPATH.)
torch.compile(x @ y, mode="max-autotune-no-cudagraphs") with only Triton
templates as candidates and compilation in this process (so the hook sees
every config); prints one line per shape: do_bench median ms, TFLOP/s and
the maximum error relative to a float64 reference (a probe: the
recorded figures of these templates are the mm workloads of
utils/gpu/inductor-kernel-times.py).
"""
import os, sys, tempfile, json
os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
os.environ["TORCHINDUCTOR_CACHE_DIR"] = tempfile.mkdtemp()
os.environ["TORCHINDUCTOR_FORCE_DISABLE_CACHES"] = "1"
mode = sys.argv[1]
if mode == "ours":
    os.environ["TRITON_MLIR_STRICT"] = "1"
import torch, triton
import torch._inductor.config as cfg
cfg.max_autotune_gemm_backends = "TRITON"
cfg.compile_threads = 1
if mode == "ours":
    import triton_mlir
    triton_mlir.enable()
from triton.testing import do_bench
shapes = [(4096, 4096, 4096, torch.float16), (4096, 4096, 4096, torch.bfloat16),
          (1000, 1000, 1000, torch.float16), (8192, 2048, 1024, torch.float16),
          (2048, 2048, 2048, torch.float32)]
res = []
for M, N, K, dt in shapes:
    torch._dynamo.reset()
    torch.manual_seed(0)
    a = torch.randn(M, K, device="cuda", dtype=dt)
    b = torch.randn(K, N, device="cuda", dtype=dt)
    def f(x, y):
        return x @ y
    g = torch.compile(f, mode="max-autotune-no-cudagraphs", dynamic=False)
    try:
        out = g(a, b)
        torch.cuda.synchronize()
    except Exception as e:
        print("%s %dx%dx%d %s FAILED %s" % (mode, M, N, K, dt, str(e)[-400:]), flush=True)
        continue
    ref = a.double() @ b.double()
    err = float((out.double() - ref).abs().max() / ref.abs().max())
    ms = do_bench(lambda: g(a, b), warmup=100, rep=500, return_mode="median")
    tf = 2.0 * M * N * K / ms * 1e-9
    print("%s %dx%dx%d %s ms %.4f tflops %.0f relerr %.2e" % (mode, M, N, K, str(dt).split('.')[-1], ms, tf, err), flush=True)
