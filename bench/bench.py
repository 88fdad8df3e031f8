#!/usr/bin/env python3
"""Triton's own kernels against our cubins, side by side on one GPU.

    python3 bench/bench.py --cubins DIR [--out FILE.md] [--only NAME,...]

For each kernel (the corpus add/softmax/cumsum/noinline and every examples/
kernel) with DIR/<name>/<kernel>.cubin + .json: make inputs of a large size,
launch Triton's @triton.jit function once and our cubin once on them (fresh
outputs each), check that the outputs agree, then time both with
triton.testing.do_bench (median). GB/s counts each input read and each
output written once. Prints a Markdown table and writes it to --out, and
the rows to the suite's record bench/results/bench.json (bench/results.py),
keyed by kernel and variant (--variant, default the cubin directory's name:
triton, ours, ours-ttgir), from which bench/report.py makes the table of
docs/benchmarks.md.
Runs on the GPU machine (PyTorch + Triton 3.6), from the repository root.
"""

import argparse
import os
import sys

import torch
import triton
from triton.testing import do_bench

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(os.path.dirname(HERE), "examples")]

import corpus_kernels as ck  # noqa: E402
from cubin import CubinKernel, ttir_params  # noqa: E402

cdiv = triton.cdiv


def rand(*shape, dtype=torch.float32):
    return torch.randn(*shape, device="cuda", dtype=torch.float32).to(dtype)


def empty(*shape, dtype=torch.float32, fill=None):
    t = torch.empty(*shape, device="cuda", dtype=dtype)
    return t if fill is None else t.fill_(fill)


def make_case(name, fn, size, grid, meta, make, outs, nbytes, tol=(0, 0)):
    return dict(name=name, fn=fn, size=size, grid=grid, meta=meta, make=make, outs=outs,
                bytes=nbytes, tol=tol)


def cases():
    """(name, kernel attribute, module, size text, grid, constexprs, args factory,
    output positions, bytes, tolerance). The args factory makes fresh outputs
    around shared inputs; the order is the TTIR's params."""
    import gelu_f32, row_argmax_f32, row_scan_f32, histogram_f32  # noqa: E401
    import sum_atomic_f32, affine_i8_int64, transpose_f16  # noqa: E401
    import leaky_sum_noinline, rmsnorm_f32, swiglu_f16, batched_transpose  # noqa: E401
    out = []

    def case(*args, **kwargs):
        out.append(make_case(*args, **kwargs))

    n = 1 << 26
    x, y = rand(n), rand(n)
    case("add_f32", ck.add_kernel, "2^26 fp32", (cdiv(n, 1024),), dict(BLOCK=1024),
         lambda: [x, y, empty(n), n], [2], 3 * 4 * n)
    r, c = 32768, 1024
    sx = rand(r, c)
    case("softmax_f32", ck.softmax_kernel, "32768x1024 fp32", (1056,), dict(BLOCK=1024),
         lambda: [empty(r, c), sx, c, c, r, c], [0], 2 * 4 * r * c, (1e-6, 1e-5))
    cx = rand(4096, 1024)
    case("cumsum_f32", ck.cumsum_kernel, "4096x1024 fp32", (4096,), dict(N=1024),
         lambda: [cx, empty(4096, 1024)], [1], 2 * 4 * 4096 * 1024, (1e-4, 1e-5))
    m = 1 << 24
    nx = rand(m)
    case("noinline_f32", ck.noinline_kernel, "2^24 fp32", (cdiv(m, 1024),), dict(BLOCK=1024),
         lambda: [nx, empty(m), m, 0.5], [1], 2 * 4 * m)
    case("leaky_sum_noinline", leaky_sum_noinline.leaky_sum_kernel, "2^26 fp32",
         (cdiv(n, 256),), dict(BLOCK=256), lambda: [x, empty(n), empty(1, fill=0), n, 0.01, 2.0],
         [1, 2], 2 * 4 * n, (1e-6, 1e-4))
    rows, cols = 16384, 4099  # stride and n_cols not multiples of 16, as in its TTIR
    rx, rw = rand(rows, cols), rand(cols)
    case("rmsnorm_f32", rmsnorm_f32.rmsnorm_kernel, "16384x4099 fp32", (rows,), dict(BLOCK=512),
         lambda: [rx, rw, empty(rows, cols), cols, cols, 1e-6], [2], 4 * (2 * rows * cols + cols),
         (1e-5, 1e-5))
    g, u = rand(n, dtype=torch.float16), rand(n, dtype=torch.float16)
    case("swiglu_f16", swiglu_f16.swiglu_kernel, "2^26 fp16", (cdiv(n, 1024),), dict(BLOCK=1024),
         lambda: [g, u, empty(n, dtype=torch.float16), n], [2], 3 * 2 * n, (1e-3, 1e-3))
    b, bm, bn = 8, 4008, 2056  # not multiples of 16, as in its TTIR
    bx = rand(b, bm, bn)
    case("batched_transpose", batched_transpose.batched_transpose_kernel, "8x4008x2056 fp32",
         (cdiv(bm, 64), cdiv(bn, 32)), dict(BM=64, BN=32),
         lambda: [bx, empty(b, bn, bm), b, bm, bn], [1], 2 * 4 * b * bm * bn)
    gx = rand(n) * 3
    case("gelu_f32", gelu_f32.gelu_kernel, "2^26 fp32", (cdiv(n, 1024),),
         dict(BLOCK=1024, num_warps=4), lambda: [gx, empty(n), empty(n), n], [1, 2], 3 * 4 * n,
         (1e-6, 1e-5))
    am, an = 32768, 1024
    ax = rand(am, an)
    case("row_argmax_f32", row_argmax_f32.row_argmax_kernel, "32768x1024 fp32", (cdiv(am, 4),),
         dict(BLOCK_M=4, BLOCK_N=1024, num_warps=4),
         lambda: [ax, empty(am), empty(am, dtype=torch.int32), am, an], [1, 2],
         4 * am * an + 8 * am)
    sm, sn = 16384, 1024
    scx = rand(sm, sn)
    case("row_scan_f32", row_scan_f32.row_scan_kernel, "16384x1024 fp32", (cdiv(sm, 4),),
         dict(BLOCK_M=4, BLOCK_N=1024, num_warps=4),
         lambda: [scx, empty(sm, sn), empty(sm, sn), empty(sm, sn, dtype=torch.int32), sm, sn],
         [1, 2, 3], 4 * 4 * sm * sn, (1e-4, 1e-5))
    tm, tn = 8192, 8192
    tx = rand(tm, tn, dtype=torch.float16)
    case("transpose_f16", transpose_f16.transpose_kernel, "8192x8192 fp16",
         (cdiv(tm, 64), cdiv(tn, 64)), dict(BM=64, BN=64, num_warps=4),
         lambda: [tx, empty(tn, tm, dtype=torch.float16), tm, tn], [1], 2 * 2 * tm * tn)
    hx = torch.rand(n, device="cuda")
    case("histogram_f32", histogram_f32.histogram_kernel, "2^26 fp32, 256 bins",
         (cdiv(n, 1024),), dict(BLOCK=1024, num_warps=4),
         lambda: [hx, empty(256, dtype=torch.int32, fill=0), empty(1, dtype=torch.int32, fill=-1),
                  n, 256], [1, 2], 4 * n + 4 * 256)
    # owner (position 2) is whichever program won the CAS: not compared.
    case("sum_atomic_f32", sum_atomic_f32.sum_atomic_kernel, "2^26 fp32", (cdiv(n, 2048),),
         dict(BLOCK=2048, num_warps=4),
         lambda: [x, empty(1, fill=0), empty(1, dtype=torch.int32, fill=-1),
                  empty(1, dtype=torch.int32, fill=0), n], [1, 3], 4 * n, (1e-2, 1e-4))
    big = 2**31 + 4096 * 5 + 48
    ix = torch.randint(-128, 128, (big,), device="cuda", dtype=torch.int8)
    case("affine_i8_int64", affine_i8_int64.affine_i8_kernel, "2^31+20528 int8",
         (cdiv(big, 4096),), dict(BLOCK=4096, num_warps=4),
         lambda: [ix, torch.empty_like(ix), big], [1], 2 * big)
    return out


def late_cases():
    """Kernels compiled after all the others: hist_gather_i32 is jitted with
    debug=True (for its tl.device_assert); importing it first made Triton
    fail to compile gelu_f32 in the same process."""
    import hist_gather_i32  # noqa: E402  (examples/)
    n = 1 << 26
    out = []
    gx = torch.randint(0, 64, (n,), device="cuda", dtype=torch.int32)
    gi = torch.randint(0, 1024, (n,), device="cuda", dtype=torch.int32)
    out.append(make_case(
        "hist_gather_i32", hist_gather_i32.hist_gather_kernel, "2^26 int32, 64 bins",
        (cdiv(n, 1024),), dict(BLOCK=1024, BINS=64, num_warps=4),
        lambda: [gx, gi, empty(64, dtype=torch.int32, fill=0), empty(n, dtype=torch.int32), n],
        [2, 3], 3 * 4 * n + 4 * 64))
    return out


def all_cases():
    yield from cases()
    yield from late_cases()


def differs(a, b, tol):
    """None when the outputs agree, else a short description."""
    if a.dtype.is_floating_point:
        try:
            torch.testing.assert_close(b, a, atol=tol[0], rtol=tol[1], equal_nan=True)
        except AssertionError as e:
            return str(e).splitlines()[0] + " " + str(e).splitlines()[-1]
        return None
    return None if torch.equal(a, b) else "%d elements differ" % int((a != b).sum())


def run_case(c, cubins):
    base = os.path.join(cubins, c["name"], c["fn"].fn.__name__)
    if not (os.path.exists(base + ".cubin") and os.path.exists(base + ".json")):
        return None, "no cubin"
    ours = CubinKernel(base + ".cubin", base + ".json")
    t_args, o_args = c["make"](), c["make"]()
    compiled = c["fn"][c["grid"]](*t_args, **c["meta"])
    note = ""
    def spec(params):
        return [(p["type"], p["divisibility"]) for p in params]

    if spec(ttir_params(compiled.asm["ttir"], ours.meta["name"])) != spec(ours.meta["params"]):
        note = "params/specialization differ from Triton's for these inputs; "
    launch = ours.prepare(c["grid"], o_args)
    launch()
    torch.cuda.synchronize()
    for i in c["outs"]:
        why = differs(t_args[i], o_args[i], c["tol"])
        if why:
            return None, note + "output %d differs: %s" % (i, why)
    # Timed on the very same buffers (an atomic's speed depends on where its
    # target lives in L2), alternating Triton, ours, Triton, ours so that
    # clock and order effects hit both; each figure is the mean of its two
    # do_bench medians.
    triton_launch = lambda: c["fn"][c["grid"]](*t_args, **c["meta"])  # noqa: E731
    ours_launch = ours.prepare(c["grid"], t_args)
    t_ms, o_ms = 0.0, 0.0
    # 500 ms of timed runs each (do_bench's default is 100): the smallest
    # kernels here take ~30 us, where a shorter run varies by several %.
    for _ in range(2):
        t_ms += do_bench(triton_launch, warmup=50, rep=500, return_mode="median") / 2
        o_ms += do_bench(ours_launch, warmup=50, rep=500, return_mode="median") / 2
    return (t_ms, o_ms), note


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cubins", required=True, help="DIR with <name>/<kernel>.cubin + .json")
    parser.add_argument("--out", help="write the Markdown table here too")
    parser.add_argument("--only", help="comma-separated kernel names")
    parser.add_argument("--variant", help="the cubins' name in the record (default: the "
                        "directory's name)")
    parser.add_argument("--no-record", action="store_true",
                        help="do not write bench/results/bench.json")
    opts = parser.parse_args()
    variant = opts.variant or os.path.basename(os.path.normpath(opts.cubins))
    records = []
    only = set(opts.only.split(",")) if opts.only else None

    lines = ["GPU: %s; Triton %s; PyTorch %s; cubins: %s" % (
        torch.cuda.get_device_name(), triton.__version__, torch.__version__, opts.cubins), "",
        "| kernel | size | Triton GB/s | ours GB/s | ours/Triton | note |",
        "|---|---|---|---|---|---|"]
    print("\n".join(lines), flush=True)
    failed = 0
    for c in all_cases():
        if only and c["name"] not in only:
            continue
        try:
            times, note = run_case(c, opts.cubins)
        except Exception as e:  # a bad cubin must not stop the others
            times, note = None, "error: %s" % str(e).splitlines()[0] if str(e) else repr(e)
        records.append(dict(kernel=c["name"], variant=variant, size=c["size"],
                            bytes=c["bytes"], ok=times is not None,
                            triton_ms=times[0] if times else None,
                            ours_ms=times[1] if times else None, note=note.rstrip("; ")))
        if times:
            t_gbs, o_gbs = (c["bytes"] / (ms * 1e-3) / 1e9 for ms in times)
            row = "| %s | %s | %.0f | %.0f | %.3f | %s |" % (
                c["name"], c["size"], t_gbs, o_gbs, o_gbs / t_gbs, note.rstrip("; "))
        else:
            failed += note != "no cubin"
            row = "| %s | %s | | | | %s |" % (c["name"], c["size"], note.replace("|", "/"))
        lines.append(row)
        print(row, flush=True)
        torch.cuda.empty_cache()
    if opts.out:
        with open(opts.out, "w") as f:
            f.write("\n".join(lines) + "\n")
    if not opts.no_record:
        import results  # bench/results.py (this directory is on sys.path)
        results.write("bench", [r for r in records if r["note"] != "no cubin"],
                      key=lambda r: (r["kernel"], r["variant"]))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
