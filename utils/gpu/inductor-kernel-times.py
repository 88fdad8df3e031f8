#!/usr/bin/env python3
"""Every Triton kernel Inductor emits for the corpus workloads, timed with
Triton's compiler and with ours, side by side.

Runs on the GPU machine (PyTorch 2.11, Triton 3.6), from the repository root,
with TRITON_MLIR_LIBRARY and python/ on PYTHONPATH as for the hook:

    python3 utils/gpu/inductor-kernel-times.py OUT [WORKLOAD...]

Each workload of utils/gpu/inductor-corpus.py runs in a process of its own,
with fresh Triton and Inductor caches and Inductor's `benchmark_kernel` set,
so that every kernel module Inductor writes has get_args() and call(args).
Modules without them (the foreach kernels of an optimizer step) are timed on
the arguments the workload itself passed: CachingAutotuner.run records each
kernel's first call (tensors cloned before the kernel runs), and both copies
are launched with run(*recorded, stream=the current stream).
The workload is compiled and run once with Triton's compiler. Then, per
kernel module, two copies are loaded: one while the triton_mlir hook is off
and one while it is on (strict, so a kernel we refuse is an error). Each
copy compiles its kernel at its first call; ours is pinned to the config
Triton's autotuner picked. Workloads compile in parallel (JOBS, 4) and take
turns, under a file lock, for the timing: both copies run on the same
arguments and are timed with do_bench_cudagraph (median; do_bench where a
kernel cannot be captured) after a heating run, in ROUNDS rounds (6) whose
order alternates; a kernel's figure is the median of its rounds, and a
kernel under 0.97 is timed again with twice the rounds (that figure
counts); the fastest round of each, Triton's over ours, is reported
beside it, since microsecond kernels can time in two modes. The PTX of
both compilers for every kernel under 0.97 lands in OUT/ptx. OUT/times.json
has one row per kernel; the summary gives the geomean of Triton/ours, the ten
lowest ratios and every kernel under 0.97. The rows (without their rounds)
also go to the suite's record, bench/results/inductor.json (bench/results.py;
a later call of the same commit on the same GPU replaces the rows of its
workloads), from which bench/report.py makes docs/benchmarks.md's table and
plot.
"""
import concurrent.futures
import fcntl
import glob
import importlib.util
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load_corpus():
    spec = importlib.util.spec_from_file_location("inductor_corpus",
                                                  os.path.join(HERE, "inductor-corpus.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def kernel_of(module):
    """The module's Triton kernel (Inductor's CachingAutotuner)."""
    found = [v for k, v in vars(module).items()
             if k.startswith("triton_") and hasattr(v, "run") and hasattr(v, "configs")]
    if len(found) != 1:
        raise RuntimeError("expected one kernel in %s, found %d" % (module.__name__, len(found)))
    return found[0]


def median(values):
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def child(name, out):
    import torch
    import torch._inductor.config as cfg
    import triton_mlir
    from triton.testing import do_bench, do_bench_cudagraph

    # Every kernel the hook compiles, by name: the proof that the copy timed
    # as ours runs our cubin (Inductor's launcher objects differ between
    # PyTorch versions; the hook's own record does not).
    import triton_mlir._hook as hook
    compiled_names = []
    fill_metadata = hook.fill_metadata

    def recording(metadata, compiled_metadata, version):
        compiled_names.append(compiled_metadata["name"])
        return fill_metadata(metadata, compiled_metadata, version)

    hook.fill_metadata = recording
    # The workload's own arguments of every kernel, for the modules that
    # have no get_args(): (args, kwargs) of the first call, cloned before
    # the kernel mutates them, by the kernel module's path.
    from torch._inductor.runtime.triton_heuristics import CachingAutotuner
    recorded = {}
    original_run = CachingAutotuner.run

    def recording_run(self, *args, **kwargs):
        # By the kernel module's path; by the kernel's name only where
        # Inductor gives no path (then every launcher of that name is kept,
        # and a name launched by two kernels is not timed: their arguments
        # could be the wrong shapes for each other).
        key = getattr(self, "filename", None) or ("name", self.fn.__name__, id(self))
        if key not in recorded:
            recorded[key] = ([a.clone() if isinstance(a, torch.Tensor) else a for a in args],
                             {k: v for k, v in kwargs.items() if k != "stream"})
        return original_run(self, *args, **kwargs)

    CachingAutotuner.run = recording_run
    cfg.compile_threads = 1
    cfg.benchmark_kernel = True
    # Triton's own launcher, whose compiled kernel carries the metadata that
    # says which compiler made it.
    if hasattr(cfg, "use_static_cuda_launcher"):
        cfg.use_static_cuda_launcher = False
    corpus = load_corpus()
    make, options = corpus.WORKLOADS[name]
    torch.manual_seed(0)
    fn, inputs, leaves = make()
    compiled = torch.compile(fn, **options)
    outs = compiled(*inputs)
    if outs and outs[0].requires_grad:
        outs[0].backward()
    torch.cuda.synchronize()
    CachingAutotuner.run = original_run

    cache = os.environ["TORCHINDUCTOR_CACHE_DIR"]
    files = []
    for path in sorted(glob.glob(os.path.join(cache, "**", "*.py"), recursive=True)):
        text = open(path).read()
        # A kernel's own module (not the graph's output code, which quotes
        # the kernels' sources for async_compile).
        if "@triton.jit" not in text or "async_compile" in text:
            continue
        if "def get_args(" in text and "def call(" in text:
            files.append(path)
        elif path in recorded or re.search(r"^def (triton_for_\w+)\(", text, re.M):
            files.append(path)  # timed on the recorded arguments
    rounds = int(os.environ.get("ROUNDS", "6"))
    rows, ready = [], []
    # Compile first (workloads do this in parallel), then time while holding
    # the machine-wide lock, so that no other workload shares the GPU.
    for i, path in enumerate(files):
        row = {"workload": name, "module": os.path.basename(path)}
        rows.append(row)
        try:
            theirs = load_module(path, "theirs_%d" % i)
            kernel = kernel_of(theirs)
            row["kernel"] = kernel.fn.__name__ if hasattr(kernel, "fn") else "?"
            if hasattr(theirs, "get_args"):
                args = theirs.get_args()
                call = lambda module, args: module.call(args)
            else:
                name_ = row["kernel"]
                by_name = [k for k in recorded if isinstance(k, tuple) and k[1] == name_]
                if path in recorded:
                    args = recorded[path]
                elif len(by_name) == 1:
                    args = recorded[by_name[0]]
                else:
                    raise RuntimeError("no get_args() and %d recorded calls of %s"
                                       % (len(by_name), name_))
                row["args"] = "recorded"
                call = lambda module, args: kernel_of(module).run(
                    *args[0], **args[1], stream=torch.cuda.current_stream().cuda_stream)
            call(theirs, args)
            torch.cuda.synchronize()
            best = kernel.launchers[0].config
            row["config"] = str(best)
            before = len(compiled_names)
            triton_mlir.enable()
            try:
                ours = load_module(path, "ours_%d" % i)
                ours_kernel = kernel_of(ours)
                ours_kernel.configs = [best]
                call(ours, args)
                torch.cuda.synchronize()
            finally:
                triton_mlir.disable()
            if row["kernel"] not in compiled_names[before:]:
                raise RuntimeError("the kernel timed as ours was not compiled by triton-mlir"
                                   " (compiled meanwhile: %s)" % compiled_names[before:])
            ready.append((row, theirs, ours, args, call))
        except Exception:
            row["error"] = traceback.format_exc()[-1500:]
    lock = open(os.environ.get("TIMING_LOCK", "/tmp/inductor-kernel-times.lock"), "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    try:
        for row, theirs, ours, args, call in ready:
            try:
                timed = {"triton": lambda: call(theirs, args), "ours": lambda: call(ours, args)}
                # Most of these kernels run for microseconds: replayed from a
                # CUDA graph, the launch cost on the host is out of the figure.
                try:
                    bench = lambda fn: do_bench_cudagraph(fn, rep=20, return_mode="median")
                    bench(timed["triton"])
                    row["timer"] = "cudagraph"
                except Exception:
                    bench = lambda fn: do_bench(fn, warmup=5, rep=40, return_mode="median")
                    row["timer"] = "do_bench"
                bench(timed["triton"])  # heat the GPU
                def time_rounds(n):
                    samples = {"triton": [], "ours": []}
                    for r in range(n):
                        for k in (["triton", "ours"] if r % 2 == 0 else ["ours", "triton"]):
                            samples[k].append(bench(timed[k]))
                    return samples

                samples = time_rounds(rounds)
                row["first_ratio"] = median(samples["triton"]) / median(samples["ours"])
                if row["first_ratio"] < 0.97:
                    # A rerun with twice the rounds rules out noise: most of
                    # these kernels take one or two microseconds.
                    samples = time_rounds(2 * rounds)
                row.update(triton_ms=median(samples["triton"]), ours_ms=median(samples["ours"]),
                           rounds_ms=samples)
                row["ratio"] = row["triton_ms"] / row["ours_ms"]
                # Microsecond kernels can time in two modes (about 1.06 or
                # 1.24 us a round, for either compiler): the medians then
                # say which mode the rounds hit. The fastest round of each
                # says whether ours reaches Triton's fast mode at all.
                row["fastest_ratio"] = min(samples["triton"]) / min(samples["ours"])
            except Exception:
                row["error"] = traceback.format_exc()[-1500:]
    finally:
        fcntl.flock(lock, fcntl.LOCK_UN)
    with open(out, "w") as f:
        json.dump(rows, f, indent=1)


def collect_ptx(rows, caches, dest):
    """Copies Triton's PTX and ours of each row's kernel from the workload's
    Triton cache (a directory per compile; ours has triton_mlir in its
    metadata)."""
    for r in rows:
        for meta in glob.glob(os.path.join(caches[r["workload"]], "*", r["kernel"] + ".json")):
            ptx = meta[:-len(".json")] + ".ptx"
            if not os.path.exists(ptx):
                continue
            m = json.load(open(meta))
            # Triton compiled every config its autotuner tried: the warps
            # and the hash directory tell them apart.
            name = "%s.%s.w%s.%s.ptx" % (r["kernel"], "ours" if "triton_mlir" in m else "triton",
                                         m.get("num_warps"), os.path.basename(os.path.dirname(meta))[:8])
            os.makedirs(os.path.join(dest, r["workload"]), exist_ok=True)
            with open(ptx) as src, open(os.path.join(dest, r["workload"], name), "w") as f:
                f.write(src.read())


# The fields of a row that the suite's record keeps.
RECORD_FIELDS = ("workload", "module", "kernel", "config", "timer", "args", "triton_ms",
                 "ours_ms", "ratio", "fastest_ratio")


def record(rows, failed):
    """The rows into bench/results/inductor.json: a row with an error keeps
    its last line; a workload that failed as a whole is a row of its own."""
    sys.path.insert(0, ROOT)
    from bench import results
    kept = []
    for r in rows:
        k = {f: r[f] for f in RECORD_FIELDS if f in r}
        if "error" in r:
            k["error"] = r["error"].strip().splitlines()[-1][:300]
        kept.append(k)
    kept += [{"workload": w, "module": "", "error": "the workload failed"} for w in failed]
    if not kept:
        return
    results.write("inductor", kept, key=lambda r: (r["workload"], r["module"]))


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "child":
        child(sys.argv[2], sys.argv[3])
        return 0
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out, names = sys.argv[1], sys.argv[2:] or list(load_corpus().WORKLOADS)
    os.makedirs(out, exist_ok=True)
    rows, failed = [], []
    lock = os.path.join(out, "timing.lock")
    caches = {}

    def run(name):
        env = dict(os.environ)
        env["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="tc-")
        env["TORCHINDUCTOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="ic-")
        env["TORCHINDUCTOR_FORCE_DISABLE_CACHES"] = "1"
        env["TRITON_MLIR_STRICT"] = "1"
        env["TIMING_LOCK"] = lock
        # Triton's cache keeps the PTX of every compile, theirs and ours.
        caches[name] = env["TRITON_CACHE_DIR"]
        result = os.path.join(out, name + ".json")
        with open(os.path.join(out, name + ".log"), "w") as log:
            try:
                p = subprocess.run([sys.executable, os.path.abspath(__file__), "child", name,
                                    result], env=env, stdout=log, stderr=subprocess.STDOUT,
                                   timeout=int(os.environ.get("WORKLOAD_TIMEOUT", "900")))
                ok = p.returncode == 0
            except subprocess.TimeoutExpired:
                ok = False
        return name, ok and os.path.exists(result), result

    # Workloads compile in parallel (JOBS); their timing phases take turns.
    with concurrent.futures.ThreadPoolExecutor(int(os.environ.get("JOBS", "4"))) as pool:
        for name, ok, result in pool.map(run, names):
            if not ok:
                failed.append(name)
                continue
            with open(result) as f:
                workload_rows = json.load(f)
            rows += workload_rows
            # Each workload into the record as it ends: a run cut short
            # keeps what it finished.
            record(workload_rows, [])
    with open(os.path.join(out, "times.json"), "w") as f:
        json.dump(rows, f, indent=1)
    record([], failed)
    timed = [r for r in rows if "ratio" in r]
    collect_ptx([r for r in timed if r["ratio"] < 0.97], caches, os.path.join(out, "ptx"))
    errors = [r for r in rows if "error" in r]
    for r in errors:
        print("ERROR %s %s\n%s" % (r["workload"], r.get("kernel", r["module"]), r["error"]))
    if timed:
        geo = math.exp(sum(math.log(r["ratio"]) for r in timed) / len(timed))
        print("%d kernels timed, %d errors, workloads failed: %s" % (len(timed), len(errors), failed or "none"))
        print("geomean Triton/ours %.3f; min %.3f; max %.3f" % (
            geo, min(r["ratio"] for r in timed), max(r["ratio"] for r in timed)))
        worst = sorted(timed, key=lambda r: r["ratio"])
        print("the ten lowest, and every kernel under 0.97:")
        for i, r in enumerate(worst):
            if i < 10 or r["ratio"] < 0.97:
                print("  %.3f %s %s (Triton %.4f ms, ours %.4f ms; fastest rounds %.3f)" % (
                    r["ratio"], r["workload"], r["kernel"], r["triton_ms"], r["ours_ms"],
                    r.get("fastest_ratio", float("nan"))))
    return 1 if failed or errors else 0


if __name__ == "__main__":
    sys.exit(main())
