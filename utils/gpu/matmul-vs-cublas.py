#!/usr/bin/env python3
"""A dot case of test/gpu/dot/dot_kernels.py against cuBLAS (torch.matmul; for the
tutorial attention cases, tattn_*, PyTorch's scaled_dot_product_attention; its backward
for tbwd_*),
Triton 3.6 and ours, on the GPU machine, from the repository root:

    python3 utils/gpu/matmul-vs-cublas.py time CASE[,CASE...] M,N,K [ROUNDS]
    python3 utils/gpu/matmul-vs-cublas.py run CASE WHO M,N,K

`time` compiles every case with Triton and with ours (the triton_mlir hook,
strict, whole pipeline from TTIR), checks that ours agrees with Triton's
output, then times Triton, ours and cuBLAS (torch.matmul on the same A and
B, A @ B^T where the case stores B as N x K) with triton.testing.do_bench
in ROUNDS rounds (default 5) whose order rotates, after a second of
heating; prints a Markdown table of medians (ms, TFLOP/s, Triton/ours,
cuBLAS/ours). The GPU's name heads the table. The rows also go to the
suite's record, bench/results/cublas.json (bench/results.py: $BENCH_RESULTS
picks another directory, $BENCH_COMMIT the commit), from which
bench/report.py makes docs/benchmarks.md; a later `time` of the same
commit on the same GPU (another size) adds its rows to the record.

With AB_LIBRARY=PATH (another build's libtriton_mlir.so), `time` also
compiles every case with that build in the same process
(triton_mlir.use_library) and times it in the same rotating rounds: the
table gains "ours B" columns and ours/ours B (time of B over time of the
default build). Two builds compared this way share the GPU's state
(clocks, temperature) round by round, which two processes one after the
other do not: between calls the same kernel's Triton/ours moves by up to
3% on the H200.

`run` launches one kernel (WHO: triton, ours or cublas) five times and
exits: the process to run under `ncu` (utils/gpu/ncu-matmul.sh).
"""

import os
import sys
import tempfile

os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(prefix="mvc-cache-"))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "test", "gpu", "dot"))
sys.path.insert(0, ROOT)

import torch  # noqa: E402
import triton  # noqa: E402

import dot_kernels as dk  # noqa: E402
from bench import results  # noqa: E402


def reference_name(case):
    """What the case is timed against: cuBLAS, SDPA or SDPA's backward."""
    return {"tattn": "SDPA", "tbwd": "SDPA backward"}.get(case["kind"], "cuBLAS")


def find(name):
    for case in dk.CASES:
        if case["name"] == name:
            return case
    raise SystemExit("no case %s" % name)


def setup(case, size):
    """(launch of Triton's, launch of ours, cuBLAS call, flops, outputs,
    launch of ours by the AB_LIBRARY build)."""
    fn, grid, args, meta, outs, _, flops = dk.make(case, size, seed=7, reference=False)
    # JITFunctions of the same Python function: a kernel cache each.
    theirs, ours, ours_b = triton.jit(fn.fn), triton.jit(fn.fn), triton.jit(fn.fn)

    def launcher(jit, meta=meta):
        return lambda: jit[grid](*args, **meta, num_warps=case["warps"],
                                 num_stages=case.get("stages", 1))

    theirs_run = launcher(theirs)
    if meta.get("WS"):
        # Triton 3.6's own pass fails on some marked loops (4 warps): then
        # Triton runs the loop unmarked.
        try:
            theirs_run()
        except RuntimeError:
            theirs = triton.jit(fn.fn)
            theirs_run = launcher(theirs, dict(meta, WS=False))

    if case["kind"] == "tattn":
        # SDPA (cuDNN / FlashAttention) on the same Q, K, V (Z x H x N x D).
        Z, H, N = size
        q, k, v = (d.base.view(Z, H, -1, case["D"])[:, :, :N] for d in args[2:5])
        sdpa = lambda: torch.nn.functional.scaled_dot_product_attention(  # noqa: E731
            q, k, v, is_causal=case["causal"], scale=args[0])
        return theirs_run, launcher(ours), sdpa, flops, outs, launcher(ours_b)
    if case["kind"] == "tbwd":
        # SDPA's backward alone (its forward run once) on Q, V, dO and the kernel's
        # pre-scaled K (values are not compared here, only times); ours gets M and
        # Delta precomputed (attn_bwd.py), SDPA computes Delta itself.
        Z, H, N = size
        q, k, v, do = (t[:, :, :N].detach().clone() for t in (args[0], args[1], args[2],
                                                               args[4]))
        q.requires_grad_(), k.requires_grad_(), v.requires_grad_()
        o = torch.nn.functional.scaled_dot_product_attention(
            q, k, v, is_causal=case["causal"], scale=args[3])
        sdpa_bwd = lambda: torch.autograd.grad(o, (q, k, v), do,  # noqa: E731
                                               retain_graph=True)
        return theirs_run, launcher(ours), sdpa_bwd, flops, outs, launcher(ours_b)
    # cuBLAS on the descriptors' tensors (A is M x K; B is N x K or K x N).
    a = args[0].base if hasattr(args[0], "base") else args[0]
    b = args[1].base if hasattr(args[1], "base") else args[1]
    if case.get("b_t"):
        b = b.t()
    if a.dtype == torch.float8_e4m3fn:
        scale = torch.ones((), device="cuda")
        cublas = lambda: torch._scaled_mm(a, b, scale, scale, out_dtype=torch.float16)  # noqa: E731
    else:
        cublas = lambda: torch.matmul(a, b)  # noqa: E731
    return theirs_run, launcher(ours), cublas, flops, outs, launcher(ours_b)


def compile_ours(run):
    import triton_mlir
    os.environ["TRITON_MLIR_STRICT"] = "1"
    os.environ["TRITON_MLIR_FROM"] = "ttir"
    triton_mlir.enable()
    try:
        kernel = run()
        torch.cuda.synchronize()
    finally:
        triton_mlir.disable()
    if "triton_mlir" not in kernel.metadata._asdict():
        raise RuntimeError("the kernel is not ours")
    return kernel


def compile_ours_with(path, run):
    """compile_ours with the build at `path` (triton_mlir.use_library),
    the default build again afterwards."""
    import triton_mlir
    default = triton_mlir.library().path
    triton_mlir.use_library(path)
    try:
        return compile_ours(run)
    finally:
        triton_mlir.use_library(default)


def time_cases(names, size, rounds):
    from triton.testing import do_bench
    ab = os.environ.get("AB_LIBRARY")
    print("GPU:", torch.cuda.get_device_name(), " size", "x".join(map(str, size)))
    if ab:
        print("ours B:", ab)
    print()
    b_head = " ours B ms | ours B TFLOP/s | ours/ours B |" if ab else ""
    print("| case | Triton ms | ours ms | cuBLAS/SDPA ms | Triton TFLOP/s | ours TFLOP/s | "
          "cuBLAS/SDPA TFLOP/s | Triton/ours | cuBLAS/ours | shared ours / Triton |" + b_head)
    print("|---|---|---|---|---|---|---|---|---|---|" + ("---|---|---|" if ab else ""))
    for name in names:
        case = find(name)
        theirs, ours, cublas, flops, outs, ours_b = setup(case, size)
        kt = theirs()
        expect = [o.clone() for o in outs]

        def agrees():
            return all(torch.allclose(x.double(), y.double(),
                                      atol=dk.tolerance(case, y.double())[0],
                                      rtol=dk.tolerance(case, y.double())[1])
                       for x, y in zip(outs, expect))

        ko = compile_ours(ours)
        agree = agrees()
        timed = {"triton": theirs, "ours": ours, "cublas": cublas}
        if ab:
            compile_ours_with(ab, ours_b)
            agree = agree and agrees()
            timed["ours B"] = ours_b
        do_bench(theirs, warmup=100, rep=1000)
        med = {}
        samples = {k: [] for k in timed}
        for r in range(rounds):
            keys = list(timed)
            keys = keys[r % len(keys):] + keys[:r % len(keys)]
            for k in keys:
                samples[k].append(do_bench(timed[k], warmup=100, rep=300, return_mode="median"))
        for k, v in samples.items():
            v = sorted(v)
            med[k] = v[len(v) // 2]
        tf = {k: flops / ms * 1e-9 for k, ms in med.items()}
        b_cols = (" %.4f | %.0f | %.3f |" % (med["ours B"], tf["ours B"], med["ours B"] / med["ours"])
                  if ab else "")
        print("| %s%s | %.4f | %.4f | %.4f | %.0f | %.0f | %.0f | %.3f | %.3f | %d / %d |%s" % (
            name, "" if agree else " (DISAGREES)", med["triton"], med["ours"], med["cublas"],
            tf["triton"], tf["ours"], tf["cublas"], med["triton"] / med["ours"],
            med["cublas"] / med["ours"], ko.metadata.shared, kt.metadata.shared, b_cols),
            flush=True)
        row = dict(case=name, size=list(size), agrees=bool(agree), reference=reference_name(case),
                   triton_tflops=tf["triton"], ours_tflops=tf["ours"], reference_tflops=tf["cublas"],
                   kind=case["kind"], dtype=case.get("dtype", "float16"),
                   precision=case.get("precision"), warps=case["warps"],
                   stages=case.get("stages", 1), ws=bool(case.get("ws")),
                   triton_ms=med["triton"], ours_ms=med["ours"], reference_ms=med["cublas"],
                   flops=flops, shared_ours=ko.metadata.shared, shared_triton=kt.metadata.shared,
                   rounds=rounds)
        if not ab:
            # Each case into the record as it ends (a run cut short keeps
            # what it finished); an A/B comparison of two builds is not
            # the compiler's standing.
            results.write("cublas", [row], key=lambda r: (r["case"], tuple(r["size"])))


def run_one(name, who, size):
    case = find(name)
    theirs, ours, cublas, _, _, _ = setup(case, size)
    call = {"triton": theirs, "cublas": cublas}.get(who)
    if who == "ours":
        compile_ours(ours)
        call = ours
    for _ in range(5):
        call()
    torch.cuda.synchronize()


def main():
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    if sys.argv[1] == "time":
        size = tuple(int(d) for d in sys.argv[3].split(","))
        time_cases(sys.argv[2].split(","), size, int(sys.argv[4]) if len(sys.argv) > 4 else 5)
    elif sys.argv[1] == "run":
        run_one(sys.argv[2], sys.argv[3], tuple(int(d) for d in sys.argv[4].split(",")))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
