#!/usr/bin/env python3
"""Whole models with torch.compile, under Triton's compiler and under ours:
step time, cold compile time, outputs against eager, kernels by compiler.

Runs on the GPU machine (PyTorch 2.11, Triton 3.6), from the repository
root, with triton_mlir importable there (the wheel installed, or the
bundle's python/ on PYTHONPATH):

    python3 bench/models.py [--workloads NAME...] [--modes default max-autotune-no-cudagraphs]
                            [--steps 50] [--out DIR] [--budget SECONDS]

Workloads are utils/gpu/inductor-corpus.py's (convnets, GPT and Llama
blocks in f32/f16/bf16, norms, indexing, pointwise mixes, Adam, matmul
templates) plus `gpt_train`, a GPT of width 768 on 8x512 tokens. A step is
the whole training step: forward, backward and, for a workload with
parameters, an AdamW step compiled in the same mode (Inductor's foreach
kernels). For each workload and mode, three
processes, each with empty Triton and Inductor caches and Inductor's
compile workers as configured by default:

- eager: the step's outputs and gradients, the reference;
- triton: TRITON_MLIR=0;
- ours: TRITON_MLIR=1 TRITON_MLIR_STRICT=1, TRITON_MLIR_COUNTS counting
  the kernels of every process (workers included) by compiler.

A workload that sets its own mode or options (the matmul templates) runs
once, as it says. JOBS (--jobs, 4) processes run at once, a workload's
Triton and ours side by side; each compiled process times its first step
(forward, backward, optimizer: compilation with empty caches, "cold",
under the same load for both compilers), saves the first step's outputs
and gradients, then, holding a lock so that it has the GPU alone, runs
STEPS steps after 5 of warm-up, each between CUDA events: the step time is
their median. Outputs are compared as a normwise
relative error over all floating-point tensors (errors against eager mean
little for workloads with dropout: Inductor draws its own random numbers;
ours against Triton's is then the comparison).

With --budget, a child not started within that many seconds is skipped,
and a child still running then is stopped: the workloads whose three
processes all ended are recorded, the others are named as not reached, so
that one GPU call of limited length measures what it can and a later call
of the same commit on the same GPU (--workloads the rest) adds its rows to
the record.

Rows go to bench/results/models.json (bench/results.py) and a table is
printed: per workload and mode, Triton's and our step time (ms), Triton/ours
(above 1: ours faster), cold compile seconds of each, errors, and our
kernels (made by ours / fell back / by Triton alone).
"""
import argparse
import concurrent.futures
import fcntl
import importlib.util
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

MODES = ("default", "max-autotune-no-cudagraphs")


def corpus():
    spec = importlib.util.spec_from_file_location("inductor_corpus",
                                                  os.path.join(ROOT, "utils", "gpu", "inductor-corpus.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def w_gpt_train():
    """A small GPT at a size whose step time means something (two pre-norm
    blocks of width 768, 12 heads, SDPA, vocabulary 8192, 8 sequences of
    512 tokens, bf16): utils/gpu/inductor-corpus.py's GPT, trained with
    AdamW like every workload with parameters here."""
    return corpus()._transformer(__import__("torch").bfloat16, rms=False, sdpa=True, vocab=8192, d=768,
                                 heads=12, seq=512, batch=8)


def workloads():
    table = {name: (make, options) for name, (make, options) in corpus().WORKLOADS.items()}
    table["gpt_train"] = (w_gpt_train, {})
    return table


# ------------------------------------------------------------------ child


def _step_fn(fn, leaves, optimizer):
    import torch

    def step(inputs):
        outs = fn(*inputs)
        grads = []
        if leaves and outs and outs[0].requires_grad:
            outs[0].backward()
            grads = [p.grad.detach().clone() if p.grad is not None else None for p in leaves]
            if optimizer is not None:
                optimizer()
            for p in leaves:
                p.grad = None
        return [o.detach() for o in outs if isinstance(o, torch.Tensor)], grads

    return step


def child(name, mode, kind, result_path, steps):
    import torch
    make, options = workloads()[name]
    torch.manual_seed(0)
    fn, inputs, leaves = make()
    optimizer = None
    if leaves:
        opt = torch.optim.AdamW(leaves, lr=1e-4, foreach=True)
        optimizer = opt.step
    compile_args = dict(options)
    if mode not in ("default", "own"):
        compile_args["mode"] = mode
    if kind != "eager":
        fn = torch.compile(fn, **compile_args)
        if optimizer is not None:
            optimizer = torch.compile(optimizer, **{k: v for k, v in compile_args.items() if k != "dynamic"})
    step = _step_fn(fn, leaves, optimizer)

    torch.manual_seed(1)
    torch.cuda.synchronize()
    start = time.perf_counter()
    outs, grads = step(inputs)
    torch.cuda.synchronize()
    cold = time.perf_counter() - start
    torch.save({"outs": [o.cpu() for o in outs], "grads": [g.cpu() if g is not None else None for g in grads]},
               result_path + ".pt")
    row = {"cold_s": cold}
    if kind != "eager":
        # The GPU to this process alone while it times (JOBS processes
        # compile at once).
        with open(os.environ.get("MODELS_TIMING_LOCK", os.path.join(tempfile.gettempdir(), "models.lock")),
                  "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            for _ in range(5):
                step(inputs)
            times = []
            for _ in range(steps):
                begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                begin.record()
                step(inputs)
                end.record()
                end.synchronize()
                times.append(begin.elapsed_time(end))
            fcntl.flock(lock, fcntl.LOCK_UN)
        row["step_ms"] = statistics.median(times)
    return row


def child_main(args):
    name, mode, kind, result_path = args.child
    try:
        row = child(name, mode, kind, result_path, args.steps)
    except Exception as e:  # recorded, not fatal to the benchmark
        row = {"error": f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"[:400],
               "traceback": traceback.format_exc()[-3000:]}
    with open(result_path, "w") as f:
        json.dump(row, f)
    return 0


# ------------------------------------------------------------------ parent


def spawn(name, mode, kind, work, steps, deadline=None):
    if deadline is not None and time.time() >= deadline:
        return {"skipped": True}
    timeout = 1800 if deadline is None else max(1, min(1800, deadline - time.time()))
    env = dict(os.environ)
    env["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="tc-", dir=work)
    env["TORCHINDUCTOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="ic-", dir=work)
    env["TORCHINDUCTOR_FORCE_DISABLE_CACHES"] = "1"
    counts = os.path.join(work, f"{name}-{mode}-{kind}.counts.jsonl")
    env.pop("TRITON_MLIR_REPORT", None)
    env.pop("TRITON_MLIR_REPORT_OWNER", None)
    if kind == "ours":
        env.update(TRITON_MLIR="1", TRITON_MLIR_STRICT="1", TRITON_MLIR_COUNTS=counts)
    else:
        env["TRITON_MLIR"] = "0"
        env.pop("TRITON_MLIR_COUNTS", None)
    env["MODELS_TIMING_LOCK"] = os.path.join(work, "timing.lock")
    result = os.path.join(work, f"{name}-{mode}-{kind}.json")
    cmd = [sys.executable, os.path.abspath(__file__), "--steps", str(steps), "--child", name, mode, kind, result]
    try:
        proc = subprocess.run(cmd, env=env, cwd=work, capture_output=True, text=True, timeout=timeout)
        failure = f"exit {proc.returncode}: {proc.stderr.strip().splitlines()[-1:] or ''}"
    except subprocess.TimeoutExpired:
        if timeout < 1800:
            return {"skipped": True}
        failure = "no result after 1800 s"
    try:
        with open(result) as f:
            row = json.load(f)
    except (OSError, ValueError):
        row = {"error": failure}
    if kind == "ours":
        from triton_mlir import _report
        totals = _report.summarize(counts)
        row["kernels"] = {k: totals[k] for k in ("ours", "fallback", "triton", "processes")}
        row["fallbacks"] = totals["fallbacks"][:5]
    row["outputs"] = result + ".pt"
    return row


def rel_err(a, b):
    import torch
    num = den = 0.0
    for x, y in zip(a, b):
        if x is None or y is None or not x.is_floating_point():
            continue
        x, y = x.double(), y.double()
        finite = torch.isfinite(x) & torch.isfinite(y)
        num += float(((x - y)[finite]).pow(2).sum())
        den += float(y[finite].pow(2).sum())
    return math.sqrt(num / den) if den > 0 else (0.0 if num == 0 else float("inf"))


def compare(path_a, path_b):
    import torch
    if not (os.path.exists(path_a) and os.path.exists(path_b)):
        return None
    a, b = torch.load(path_a), torch.load(path_b)
    return rel_err(a["outs"] + a["grads"], b["outs"] + b["grads"])


def fmt(value, spec):
    return "-" if value is None else format(value, spec)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workloads", nargs="*", default=None)
    parser.add_argument("--modes", nargs="*", default=list(MODES))
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--out", default=None)
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", "4")),
                        help="processes compiling at once (timing takes turns)")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds: children not started by then are skipped, running ones stopped")
    parser.add_argument("--child", nargs=4, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child_main(args)

    table = workloads()
    names = args.workloads or list(table)
    work = args.out or tempfile.mkdtemp(prefix="models-")
    os.makedirs(work, exist_ok=True)
    # A workload that sets its own mode or options runs once, as it says.
    plan = {name: (["own"] if ("mode" in table[name][1] or "options" in table[name][1]) else args.modes)
            for name in names}
    # A workload's processes are started together: a run cut by --budget
    # completes whole workloads.
    tasks = [task for name in names
             for task in [(name, "default", "eager")] +
             [(name, mode, kind) for mode in plan[name] for kind in ("triton", "ours")]]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        deadline = time.time() + args.budget if args.budget else None
        futures = {pool.submit(spawn, *task, work, args.steps, deadline): task for task in tasks}
        done = {}
        for future in concurrent.futures.as_completed(futures):
            # One line per child as it ends: a run cut short still tells what it reached.
            task, row = futures[future], future.result()
            done[task] = row
            print(f"done {' '.join(task)}: step_ms={row.get('step_ms')} cold_s={row.get('cold_s')} "
                  f"kernels={row.get('kernels')} error={row.get('error')}", flush=True)
    rows = []
    for name in names:
        eager = done[(name, "default", "eager")]
        for mode in plan[name]:
            triton, ours = done[(name, mode, "triton")], done[(name, mode, "ours")]
            if any(r.get("skipped") for r in (eager, triton, ours)):
                print(f"not reached within the budget: {name} {mode}", flush=True)
                continue
            row = {"workload": name, "mode": mode if mode != "own" else table[name][1].get("mode", "options"),
                   "triton_ms": triton.get("step_ms"), "ours_ms": ours.get("step_ms"),
                   "triton_cold_s": triton.get("cold_s"), "ours_cold_s": ours.get("cold_s"),
                   "err_triton": compare(triton["outputs"], eager["outputs"]),
                   "err_ours": compare(ours["outputs"], eager["outputs"]),
                   "err_ours_vs_triton": compare(ours["outputs"], triton["outputs"]),
                   "kernels": ours.get("kernels"), "fallbacks": ours.get("fallbacks"),
                   "error_triton": triton.get("error"), "error_ours": ours.get("error")}
            if row["triton_ms"] and row["ours_ms"]:
                row["speedup"] = row["triton_ms"] / row["ours_ms"]
            rows.append(row)
            print(json.dumps(row), flush=True)

    print("\n| workload | mode | Triton ms | ours ms | Triton/ours | cold s Triton | cold s ours | "
          "err Triton | err ours | ours vs Triton | kernels ours/fallback/Triton |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        k = r.get("kernels") or {}
        print(f"| {r['workload']} | {r['mode']} | {fmt(r['triton_ms'], '.3f')} | {fmt(r['ours_ms'], '.3f')} | "
              f"{fmt(r.get('speedup'), '.3f')} | {fmt(r['triton_cold_s'], '.1f')} | {fmt(r['ours_cold_s'], '.1f')} | "
              f"{fmt(r['err_triton'], '.1e')} | {fmt(r['err_ours'], '.1e')} | {fmt(r['err_ours_vs_triton'], '.1e')} | "
              f"{k.get('ours', '-')}/{k.get('fallback', '-')}/{k.get('triton', '-')} |")
        for side in ("triton", "ours"):
            if r.get(f"error_{side}"):
                print(f"  {r['workload']} {r['mode']} {side}: {r[f'error_{side}']}")
    speedups = [r["speedup"] for r in rows if r.get("speedup")]
    if speedups:
        print(f"\ngeomean Triton/ours: {math.exp(sum(map(math.log, speedups)) / len(speedups)):.3f} "
              f"over {len(speedups)} rows")
    if not rows:
        return 1
    from bench import results
    results.write("models", [{k: v for k, v in r.items() if k != "fallbacks"} for r in rows],
                  key=lambda r: (r["workload"], r["mode"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
