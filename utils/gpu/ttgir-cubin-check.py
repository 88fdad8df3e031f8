#!/usr/bin/env python3
"""Run cubins that our backend made from Triton's own TTGIR of the dot kernels.

    python3 utils/gpu/ttgir-cubin-check.py DIR [NAME...]

DIR/NAME/ holds `k.cubin` and the metadata JSON `triton-translate --emit=cubin`
wrote for Triton's NAME.ttgir (`utils/gpu/dot-check.py dump`;
copies in test/lit/Conversion/TritonGPUToLLVM/Inputs/dot/) (test/gpu/dot/dot_kernels.py's
case NAME). Each cubin is launched through the CUDA driver (ctypes) on the
inputs of dot_kernels.make, every size of the case, and compared with the
float64 reference at the case's tolerance; then timed against Triton's own
kernel (num_stages=1) on the largest size. Needs PyTorch and Triton 3.6.
Exit status 1 if any case is wrong.
"""

import ctypes
import glob
import inspect
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "test", "gpu", "dot"))

import torch  # noqa: E402
import triton  # noqa: E402

import dot_kernels as dk  # noqa: E402

cuda = ctypes.CDLL("libcuda.so.1")


def check(rc, what):
    if rc != 0:
        raise RuntimeError("%s failed: CUDA error %d" % (what, rc))


class Cubin:
    def __init__(self, path, meta):
        torch.cuda.init()
        torch.empty(1, device="cuda")  # a current context
        self.module = ctypes.c_void_p()
        data = open(path, "rb").read()
        check(cuda.cuModuleLoadData(ctypes.byref(self.module), data), "cuModuleLoadData")
        self.func = ctypes.c_void_p()
        check(cuda.cuModuleGetFunction(ctypes.byref(self.func), self.module,
                                       meta["name"].encode()), "cuModuleGetFunction")
        self.meta = meta
        self.shared = meta["shared"]
        if self.shared > 48 * 1024:
            # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
            check(cuda.cuFuncSetAttribute(self.func, 8, self.shared), "cuFuncSetAttribute")

    def launch(self, grid, values):
        holders = []
        for p, v in zip(self.meta["params"], values):
            t = p["type"]
            if t.startswith("*"):
                holders.append(ctypes.c_uint64(v.data_ptr()))
            elif t in ("i32",):
                holders.append(ctypes.c_int32(int(v)))
            elif t in ("i64",):
                holders.append(ctypes.c_int64(int(v)))
            elif t == "fp32":
                holders.append(ctypes.c_float(float(v)))
            else:
                raise RuntimeError("parameter type " + t)
        for _ in range(self.meta.get("hidden_params", 0)):
            holders.append(ctypes.c_uint64(0))
        ptrs = (ctypes.c_void_p * len(holders))(
            *[ctypes.cast(ctypes.pointer(h), ctypes.c_void_p) for h in holders])
        g = list(grid) + [1] * (3 - len(grid))
        stream = torch.cuda.current_stream().cuda_stream
        check(cuda.cuLaunchKernel(self.func, g[0], g[1], g[2], 32 * self.meta["num_warps"], 1, 1,
                                  self.shared, ctypes.c_void_p(stream), ptrs, None),
              "cuLaunchKernel")


def values_for(fn, args, meta_json):
    """The Python arguments matching the cubin's parameters, by name."""
    names = list(inspect.signature(fn.fn).parameters)
    by_name = dict(zip(names, args))
    return [by_name[p["name"]] for p in meta_json["params"]]


def main():
    out = sys.argv[1]
    names = sys.argv[2:] or sorted(os.listdir(out))
    cases = {c["name"]: c for c in dk.CASES}
    failed = False
    rows = []
    for name in names:
        jsons = glob.glob(os.path.join(out, name, "*.json"))
        if name not in cases or not jsons:
            continue
        case = cases[name]
        meta_json = json.load(open(jsons[0]))
        try:
            kernel = Cubin(os.path.join(out, name, "k.cubin"), meta_json)
            ok_all, worst = True, 0.0
            for size in case["sizes"]:
                fn, grid, args, meta, outs, refs, flops = dk.make(case, size, seed=1)
                for o in outs:
                    o.fill_(0)
                kernel.launch(grid, values_for(fn, args, meta_json))
                torch.cuda.synchronize()
                atol, rtol = dk.tolerance(case)
                for o, r in zip(outs, refs):
                    err = (o.double() - r).abs()
                    ok = bool(torch.isfinite(o.double()).all()) and bool(
                        (err <= atol + rtol * r.abs()).all())
                    ok_all &= ok
                    worst = max(worst, float(err.max()))
            # Timing on the last (largest listed) size.
            fn, grid, args, meta, outs, refs, flops = dk.make(case, case["sizes"][-1], seed=2)
            vals = values_for(fn, args, meta_json)
            t_ours = triton.testing.do_bench(lambda: kernel.launch(grid, vals))
            arch = None if case["cc"] >= 90 else "sm%d" % case["cc"]
            triton.knobs.runtime.override_arch = arch

            def run_triton():
                fn[grid](*args, **meta, num_warps=case["warps"], num_stages=1)
            t_triton = triton.testing.do_bench(run_triton)
            triton.knobs.runtime.override_arch = None
            rows.append((name, ok_all, worst, t_ours, t_triton))
            print("%-34s %s max_err=%.3g ours=%.4fms triton=%.4fms ratio(triton/ours)=%.3f" %
                  (name, "OK  " if ok_all else "FAIL", worst, t_ours, t_triton,
                   t_triton / t_ours), flush=True)
            failed |= not ok_all
        except Exception as e:  # report and go on
            print("%-34s ERROR %s" % (name, e), flush=True)
            failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
