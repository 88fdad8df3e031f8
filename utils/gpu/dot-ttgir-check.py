#!/usr/bin/env python3
"""Our backend on Triton's own TTGIR: our cubins run by Triton's launcher.

    python3 utils/gpu/dot-ttgir-check.py DIR NAME...

DIR holds NAME.ttgir (Triton's TTGIR of a case of test/gpu/dot/dot_kernels.py,
from `dot-check.py dump`) and NAME.cubin (ours, from
`triton-translate NAME.ttgir --emit=cubin -o NAME.cubin`). For every size of
the case, Triton compiles and runs the kernel (num_stages=1); when its TTGIR
is the one in DIR, its cubin is swapped for ours (Triton's metadata and
launcher kept: shared bytes must suffice) and the kernel runs again. Prints
one JSON line per size: ours vs the float64 reference, Triton's, and
whether both outputs are bitwise equal. Exit status 1 if ours is wrong.
"""
import os, sys, tempfile, json, traceback
os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(prefix="gc-"))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = sys.argv[1]
sys.path.insert(0, os.path.join(ROOT, "test", "gpu", "dot"))
import torch, triton
from triton import knobs
import dot_kernels as dk

def arch_of(case):
    return None if case["cc"] >= 90 else "sm%d" % case["cc"]

def launch(fn, case, grid, args, meta):
    knobs.runtime.override_arch = arch_of(case)
    try:
        return fn[grid](*args, **meta, num_warps=case["warps"], num_stages=1)
    finally:
        knobs.runtime.override_arch = None

def compare(case, outs, refs):
    atol, rtol = dk.tolerance(case)
    worst, ok = 0.0, True
    for out, ref in zip(outs, refs):
        o = out.double(); err = (o - ref).abs()
        ok &= bool(torch.isfinite(o).all()) and bool((err <= atol + rtol * ref.abs()).all())
        worst = max(worst, float(err.max()))
    return ok, worst

names = sys.argv[2:]
bad = 0
for case in dk.CASES:
    if case["name"] not in names:
        continue
    try:
        cubin = open(os.path.join(HERE, case["name"] + ".cubin"), "rb").read()
        ref_ttgir = open(os.path.join(HERE, case["name"] + ".ttgir")).read()
        fn = triton.jit(dk.make(case, case["sizes"][0], seed=0)[0].fn)
        for i, size in enumerate(case["sizes"]):
            f, grid, args, meta, outs, refs, _ = dk.make(case, size, seed=100 + i)
            k = launch(fn, case, grid, args, meta)
            torch.cuda.synchronize()
            ok_t, err_t = compare(case, outs, refs)
            theirs = [o.clone() for o in outs]
            same_ir = k.asm["ttgir"].split("\n#loc")[0] == ref_ttgir.split("\n#loc")[0]
            if not same_ir:
                print(case["name"], size, "TTGIR differs from the dump: skipped", flush=True)
                continue
            saved = (k.kernel, k.module, k.function, k._run)
            k.kernel, k.module, k.function, k._run = cubin, None, None, None
            for o in outs:
                o.fill_(0)
            launch(fn, case, grid, args, meta)
            torch.cuda.synchronize()
            ok_o, err_o = compare(case, outs, refs)
            same = all(torch.equal(a, b) for a, b in zip(outs, theirs))
            k.kernel, k.module, k.function, k._run = saved
            print(json.dumps(dict(name=case["name"], size=list(size), ours_ok=ok_o, ours_err=err_o,
                                  triton_ok=ok_t, triton_err=err_t, bitwise_same=same)), flush=True)
            bad += not ok_o
    except Exception:
        bad += 1
        print(case["name"], "FAILED", traceback.format_exc()[-2000:], flush=True)
print("%d wrong" % bad)
sys.exit(1 if bad else 0)
