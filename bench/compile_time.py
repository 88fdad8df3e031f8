#!/usr/bin/env python3
"""Compile time, Triton 3.6 against ours: TTIR to cubin, in process, with
the same ptxas (Triton's own), on the machine that has Triton.

    TRITON_MLIR_LIBRARY=.../libtriton_mlir.so PYTHONPATH=python \\
        python3 bench/compile_time.py OUT [--runs 3] [--jobs 16] [--corpus DIR]
            [--inductor-sample N] [--no-throughput] [--no-nvjitlink]

Kernels (each with the num_warps, num_stages and target Triton compiled it
with):
  examples/*.ttir      (num_warps, num_stages from test/gpu/kernels/*/triton-meta.json)
  test/lit/Pipeline/Inputs/dot/*.ttir
                       (Triton's TTIR of test/gpu/dot/dot_kernels.py: _wN warps,
                        _sN stages (default 1), _sm80 for cuda:80)
  test/inductor/kernels.tar.xz
                       (the Inductor corpus, kernel.json; dot kernels included)
  --corpus DIR         (a copy of ../shared/corpus: NAME/NAME.ttir + meta.json)

Serial: after one warm-up compile on each side, every kernel is compiled
--runs times by Triton (`triton.compile` of the TTIR file, always_compile,
a fresh cache directory: what a cold start pays) and by ours (the C API,
ptxas_path = Triton's ptxas, assembler ptxas), alternating; a kernel's
figure is its median. A third column times ours with libnvJitLink (the
machine's CUDA, so its own PTX version), where it loads.
Throughput: every kernel once, Triton in a process pool of --jobs workers
(warmed up), ours in a thread pool of --jobs threads in one process (the C
API releases the GIL; each compile has its own MLIR context; the runtime's
way) and in a process pool of --jobs workers (the hook's way under
Inductor); kernels per second of wall time.

--assembler-passes N: N dot and Inductor kernels assembled in four passes
(nvJitLink, nvJitLink, Triton's ptxas, nvJitLink) in one process; a cache
in the assembler shows as a faster later pass (OUT/assembler_passes.json).

--scaling N: N of the kernels compiled by 1 worker and by --jobs workers,
each compiler and pool, with our per-stage sums (OUT/scaling.md): the
stage that grows with the workers is where they contend.

Stage by stage: Triton's own stage times (its compilation listener:
ttir, ttgir, llir, ptx, cubin) beside ours (parse, ttgir, llir, llvm =
translation and libdevice, opt = LLVM O3, ptx, cubin), and the floor: the
geomean of our O3 + NVPTX + ptxas seconds over Triton's whole time, what
ours would read if our own passes took no time.

Writes OUT/compile_time.md (tables) and OUT/compile_time.json (per-kernel
figures, our and Triton's per-stage seconds), and the suite's record
bench/results/compile-time.json (bench/results.py: per-kernel seconds, the
stage sums, the throughput), from which bench/report.py makes the table of
docs/benchmarks.md.
"""
import argparse
import concurrent.futures as futures
import glob
import json
import math
import os
import re
import statistics
import sys
import tarfile
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
STAGES = ("parse", "ttgir", "llir", "llvm", "opt", "ptx", "cubin")
# The stages both compilers run on IR of their own: LLVM's O3 ("opt"; inside
# Triton's "llir" stage), NVPTX ("ptx") and the assembler ("cubin", the same
# ptxas binary on both sides).
SHARED_STAGES = ("opt", "ptx", "cubin")
TRITON_STAGES = ("ttir", "ttgir", "llir", "ptx", "cubin")


def kernel(name, group, ttir, warps=4, stages=3, cc=90, ctas=1):
    return {"name": name, "group": group, "ttir": ttir, "num_warps": int(warps),
            "num_stages": int(stages), "cc": int(cc), "num_ctas": int(ctas)}


def collect(corpus_dir):
    found = []
    for path in sorted(glob.glob(os.path.join(ROOT, "examples", "*.ttir"))):
        name = os.path.basename(path)[:-5]
        meta = os.path.join(ROOT, "test", "gpu", "kernels", name, "triton-meta.json")
        info = json.load(open(meta)) if os.path.exists(meta) else {}
        found.append(kernel(name, "examples", open(path).read(), info.get("num_warps", 4),
                            info.get("num_stages", 3)))
    for path in sorted(glob.glob(os.path.join(ROOT, "test", "lit", "Pipeline", "Inputs", "dot",
                                              "*.ttir"))):
        name = os.path.basename(path)[:-5]
        warps = re.search(r"_w(\d+)", name)
        stages = re.search(r"_s(\d+)(?:_|$)", name)
        found.append(kernel(name, "dots", open(path).read(), warps.group(1) if warps else 4,
                            stages.group(1) if stages else 1, 80 if "_sm80" in name else 90))
    archive = os.path.join(ROOT, "test", "inductor", "kernels.tar.xz")
    entries = {}
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            parts = member.name.split("/")
            if len(parts) >= 2 and parts[-1] in ("kernel.ttir", "kernel.json"):
                entries.setdefault(parts[-2], {})[parts[-1]] = tar.extractfile(member).read().decode()
    for name in sorted(entries):
        entry = entries[name]
        if "kernel.ttir" not in entry or "kernel.json" not in entry:
            continue
        meta = json.loads(entry["kernel.json"])
        cc = meta.get("target", {}).get("arch", 90)
        found.append(kernel(name, "inductor", entry["kernel.ttir"], meta.get("num_warps", 4),
                            meta.get("num_stages", 3), cc, meta.get("num_ctas", 1)))
    if corpus_dir:
        for meta_path in sorted(glob.glob(os.path.join(corpus_dir, "*", "meta.json"))):
            directory = os.path.dirname(meta_path)
            name = os.path.basename(directory)
            ttir = os.path.join(directory, name + ".ttir")
            if not os.path.exists(ttir):
                continue
            meta = json.load(open(meta_path))
            found.append(kernel(name, "corpus", open(ttir).read(), meta.get("num_warps", 4),
                                meta.get("num_stages", 3)))
    return found


# -- Triton --------------------------------------------------------------

_triton_dir = None


def triton_setup():
    global _triton_dir
    if _triton_dir is None:
        _triton_dir = tempfile.mkdtemp(prefix="ct-triton-")
        os.environ["TRITON_CACHE_DIR"] = os.path.join(_triton_dir, "cache")
        os.environ["TRITON_ALWAYS_COMPILE"] = "1"
        import triton  # noqa: F401
        from triton import knobs
        knobs.compilation.always_compile = True
    return _triton_dir


def triton_compile(k):
    """Seconds Triton takes from the TTIR file to the cubin, and its seconds
    per stage (ttir, ttgir, llir, ptx, cubin) where Triton reports them."""
    directory = triton_setup()
    import triton
    from triton.backends.compiler import GPUTarget
    path = os.path.join(directory, f"{k['name'][:80]}.ttir")
    with open(path, "w") as f:
        f.write(k["ttir"])
    options = {"num_warps": k["num_warps"], "num_stages": k["num_stages"],
               "num_ctas": k["num_ctas"]}
    seen = []
    knobs = getattr(triton, "knobs", None)
    listening = knobs is not None and hasattr(knobs.compilation, "listener")
    if listening:
        knobs.compilation.listener = lambda **kw: seen.append(kw.get("times"))
    start = time.perf_counter()
    try:
        triton.compile(path, target=GPUTarget("cuda", k["cc"], 32), options=options)
    finally:
        if listening:
            knobs.compilation.listener = None
    seconds = time.perf_counter() - start
    # Triton's own stage times (microseconds), where its listener reports them.
    stages = {}
    times = seen[-1] if seen else None
    for name, micros in getattr(times, "lowering_stages", None) or []:
        stages[name] = micros / 1e6
    return seconds, stages


def triton_ptxas(cc):
    triton_setup()
    from triton.backends.nvidia.compiler import get_ptxas
    return get_ptxas(cc).path


# -- ours ----------------------------------------------------------------

def ours_compile(lib, k, assembler, ptxas):
    options = {"num_warps": k["num_warps"], "num_stages": k["num_stages"],
               "num_ctas": k["num_ctas"], "target": f"cuda:{k['cc']}", "assembler": assembler}
    if assembler == "ptxas":
        options["ptxas_path"] = ptxas
    start = time.perf_counter()
    result = lib.compile(k["ttir"], options)
    return time.perf_counter() - start, result.get("timings", {})


def geomean(values):
    values = [v for v in values if v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def serial(kernels, lib, runs, ptxas, nvjitlink):
    rows = []
    for k in kernels:
        samples = {"triton": [], "ours": [], "ours_nvjitlink": []}
        stages = {s: [] for s in STAGES}
        triton_stages = {s: [] for s in TRITON_STAGES}
        error = None
        for _ in range(runs):
            try:
                seconds, timings = triton_compile(k)
                samples["triton"].append(seconds)
                for s in TRITON_STAGES:
                    if s in timings:
                        triton_stages[s].append(timings[s])
            except Exception as e:  # noqa: BLE001 - reported per kernel
                error = f"triton: {str(e).splitlines()[0][:120] if str(e) else type(e).__name__}"
                break
            try:
                seconds, timings = ours_compile(lib, k, "ptxas", ptxas)
                samples["ours"].append(seconds)
                for s in STAGES:
                    stages[s].append(timings.get(s, 0.0))
                if nvjitlink:
                    samples["ours_nvjitlink"].append(ours_compile(lib, k, "nvjitlink", ptxas)[0])
            except Exception as e:  # noqa: BLE001
                error = f"ours: {e.reason() if hasattr(e, 'reason') else str(e)[:120]}"
                break
        row = {"name": k["name"], "group": k["group"], "num_warps": k["num_warps"],
               "num_stages": k["num_stages"], "cc": k["cc"], "error": error,
               "dot": "tt.dot" in k["ttir"]}
        if not error:
            for key, values in samples.items():
                if values:
                    row[key] = statistics.median(values)
            row["stages"] = {s: statistics.median(v) for s, v in stages.items() if v}
            row["triton_stages"] = {s: statistics.median(v)
                                    for s, v in triton_stages.items() if v}
        rows.append(row)
        status = error or "triton %.3f s, ours %.3f s" % (row["triton"], row["ours"])
        print(f"{k['group']:9} {k['name'][:70]:70} {status}", flush=True)
    return rows


def _warm_triton(k):
    """Each Triton worker's first compile (imports, backend set-up), before
    the clock starts; map() would not give every worker one."""
    _safe_triton(k)


def _warm_ours(item):
    _timed_in_worker(item)


def _timed_pool(pool, workers, call, items, warm):
    """Seconds of wall time for `call` over `items` in `pool` of `workers`,
    after each worker has started (initializers warm process workers up);
    and the results."""
    list(pool.map(call, [warm] * workers))  # the workers start
    start = time.perf_counter()
    done = list(pool.map(call, items))
    return time.perf_counter() - start, done


def _process_pool(n, initializer, warm):
    context = __import__("multiprocessing").get_context("spawn")
    return futures.ProcessPoolExecutor(n, mp_context=context, initializer=initializer,
                                       initargs=(warm,))


def _ours_pool(kind, n, lib, work):
    """Ours in a pool of threads in this process (the runtime's way) or of
    processes (the hook's way under Inductor, whose compile workers are
    processes), warmed up as Triton's; the call returns (seconds, stages)."""
    if kind == "threads":
        ours_compile(lib, work[0][0], work[0][1], work[0][2])
        return futures.ThreadPoolExecutor(n), lambda item: _timed_ours(lib, *item)
    return _process_pool(n, _warm_ours, work[0]), _timed_in_worker


def throughput(kernels, lib, jobs, ptxas, assemblers, pools):
    # Triton: a pool of processes (as Inductor's parallel compile), each
    # worker warmed up by one compile in its initializer, so that imports and
    # first-call costs are paid before the clock starts.
    with _process_pool(jobs, _warm_triton, kernels[0]) as pool:
        triton_wall, results = _timed_pool(pool, jobs, _safe_triton, kernels, kernels[0])
    result = {"jobs": jobs, "kernels": len(kernels), "triton_wall": triton_wall,
              "triton_ok": sum(1 for r in results if r), "ours": {}}
    for assembler in assemblers:
        work = [(k, assembler, ptxas) for k in kernels]
        for kind in ("threads", "processes"):
            if kind not in pools:
                continue
            executor, call = _ours_pool(kind, jobs, lib, work)
            with executor as pool:
                wall, done = _timed_pool(pool, jobs, call, work, work[0])
            result["ours"][f"{kind}, {assembler}"] = {"wall": wall,
                                                      "ok": sum(1 for r in done if r)}
    return result


def scaling(kernels, lib, jobs, ptxas, assemblers):
    """Where concurrency costs: the same kernels compiled by one worker and
    by `jobs` workers, Triton's process pool against our thread and process
    pools, with our per-stage seconds summed over the kernels. A stage whose
    sum grows with the workers is where they contend."""
    result = {"kernels": len(kernels), "jobs": jobs, "runs": []}
    for n in (1, jobs):
        with _process_pool(n, _warm_triton, kernels[0]) as pool:
            wall, done = _timed_pool(pool, n, _safe_triton, kernels, kernels[0])
        result["runs"].append({"who": "triton", "pool": "processes", "workers": n,
                               "wall": wall, "ok": sum(1 for r in done if r),
                               "busy": sum(r for r in done if r)})
        for assembler in assemblers:
            work = [(k, assembler, ptxas) for k in kernels]
            for kind in ("threads", "processes"):
                executor, call = _ours_pool(kind, n, lib, work)
                with executor as pool:
                    wall, done = _timed_pool(pool, n, call, work, work[0])
                ok = [d for d in done if d]
                stages = {s: sum(d[1].get(s, 0.0) for d in ok) for s in STAGES}
                result["runs"].append({"who": f"ours {assembler}", "pool": kind,
                                       "workers": n, "wall": wall, "ok": len(ok),
                                       "busy": sum(d[0] for d in ok), "stages": stages})
                print("scaling: %s %s x%d: %.2f s" % (assembler, kind, n, wall), flush=True)
    return result


def _timed_ours(lib, k, assembler, ptxas):
    try:
        return ours_compile(lib, k, assembler, ptxas)
    except Exception:  # noqa: BLE001
        return None


_worker_lib = None


def _timed_in_worker(item):
    global _worker_lib
    if _worker_lib is None:
        from triton_mlir import _capi
        _worker_lib = _capi.library()
    return _timed_ours(_worker_lib, *item)


def assembler_passes(kernels, lib, ptxas, order):
    """The same kernels assembled again and again in this process, one pass
    per entry of `order` (e.g. nvjitlink, nvjitlink, ptxas, nvjitlink): an
    assembler that caches what it compiled shows it as a faster second
    pass. Returns one row per pass: the assembler, the summed cubin stage
    and the summed whole compile, in seconds."""
    rows = []
    for assembler in order:
        cubin = total = 0.0
        for k in kernels:
            seconds, stages = ours_compile(lib, k, assembler, ptxas)
            total += seconds
            cubin += stages.get("cubin", 0.0)
        rows.append({"assembler": assembler, "cubin": cubin, "total": total})
        print("passes: %s cubin %.2f s, compile %.2f s" % (assembler, cubin, total), flush=True)
    return rows


def scaling_report(sc, out):
    lines = ["", f"Scaling: {sc['kernels']} kernels, 1 worker against {sc['jobs']} "
             "(busy: seconds inside the compile calls, summed; stage sums are ours):", "",
             "| compiler | pool | workers | wall s | kernels/s | busy s | "
             + " | ".join(STAGES) + " |", "|---|---|---|---|---|---|" + "---|" * len(STAGES)]
    for r in sc["runs"]:
        stages = r.get("stages", {})
        lines.append("| %s | %s | %d | %.2f | %.1f | %.1f | %s |" % (
            r["who"], r["pool"], r["workers"], r["wall"], r["ok"] / r["wall"], r["busy"],
            " | ".join("%.1f" % stages[s] if s in stages else "-" for s in STAGES)))
    text = "\n".join(lines) + "\n"
    print(text)
    with open(os.path.join(out, "scaling.md"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "scaling.json"), "w") as f:
        json.dump(sc, f, indent=1)


def _safe_triton(k):
    try:
        return triton_compile(k)[0]
    except Exception:  # noqa: BLE001
        return None


def stage_report(ok, groups):
    """Stage by stage against Triton's own stage times, and the floor: the
    geomean over the kernels of our time in the stages both compilers run
    (LLVM O3, NVPTX, ptxas) over Triton's whole time, what ours would read
    if everything else of ours took no time."""
    timed = [r for r in ok if r.get("triton_stages") and "opt" in r.get("stages", {})]
    if not timed:
        return []
    lines = ["", "Stage by stage, summed (s). Triton: ttir + ttgir | llir (its MLIR "
             "lowering, translation and O3) | ptx | cubin; ours: parse..llvm | opt | ptx | cubin. "
             "floor: geomean of our opt + ptx + cubin over Triton's whole time; "
             "ptx+cubin: the same for the two stages that match one to one, both sides.", "",
             "| kernels | n | Triton ttir+ttgir | Triton llir | Triton ptx | Triton cubin | "
             "ours front | ours opt | ours ptx | ours cubin | floor | ptx+cubin Triton / ours |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for label, group in groups:
        group = [r for r in group if r in timed]
        if not group:
            continue
        def tsum(*names):
            return sum(r["triton_stages"].get(n, 0.0) for r in group for n in names)
        def osum(*names):
            return sum(r["stages"].get(n, 0.0) for r in group for n in names)
        floor = geomean([sum(r["stages"].get(n, 0.0) for n in SHARED_STAGES) / r["triton"]
                         for r in group])
        tail_t = geomean([(r["triton_stages"].get("ptx", 0.0) + r["triton_stages"].get("cubin", 0.0))
                          / r["triton"] for r in group])
        tail_o = geomean([(r["stages"].get("ptx", 0.0) + r["stages"].get("cubin", 0.0))
                          / r["triton"] for r in group])
        lines.append("| %s | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.3f | %.3f / %.3f |" % (
            label, len(group), tsum("ttir", "ttgir"), tsum("llir"), tsum("ptx"), tsum("cubin"),
            osum("parse", "ttgir", "llir", "llvm"), osum("opt"), osum("ptx"), osum("cubin"),
            floor, tail_t, tail_o))
    return lines


def report(rows, tp, out, runs):
    ok = [r for r in rows if not r["error"]]
    lines = [f"{len(ok)} of {len(rows)} kernels compiled by both; median of {runs} runs each.", ""]
    if not rows:
        lines = []
    lines += ["| kernels | n | Triton total s | ours total s | geomean ours/Triton | "
              "ours (nvJitLink) total s | geomean nvJitLink/Triton |", "|---|---|---|---|---|---|---|"]
    groups = [("all", ok)] + [(g, [r for r in ok if r["group"] == g])
                              for g in ("examples", "corpus", "dots", "inductor")]
    groups.append(("with tt.dot", [r for r in ok if r["dot"]]))
    for label, group in groups:
        if not group:
            continue
        nvj = [r for r in group if "ours_nvjitlink" in r]
        lines.append("| %s | %d | %.2f | %.2f | %.3f | %s | %s |" % (
            label, len(group), sum(r["triton"] for r in group), sum(r["ours"] for r in group),
            geomean([r["ours"] / r["triton"] for r in group]),
            "%.2f" % sum(r["ours_nvjitlink"] for r in nvj) if nvj else "-",
            "%.3f" % geomean([r["ours_nvjitlink"] / r["triton"] for r in nvj]) if nvj else "-"))
    totals = {s: sum(r["stages"].get(s, 0.0) for r in ok) for s in STAGES}
    whole = sum(totals.values()) or 1.0
    if ok:
        lines += ["", "Our time by stage (sum over the kernels, ptxas assembler):", "",
                  "| stage | seconds | share |", "|---|---|---|"]
        lines += ["| %s | %.2f | %.1f%% |" % (s, totals[s], 100 * totals[s] / whole)
                  for s in STAGES]
    lines += stage_report(ok, groups)
    if tp:
        lines += ["", "Many kernels at once (%d kernels, %d workers):" % (tp["kernels"], tp["jobs"]), "",
                  "| compiler | wall s | compiled | kernels/s |", "|---|---|---|---|",
                  "| Triton, process pool | %.2f | %d | %.1f |" % (
                      tp["triton_wall"], tp["triton_ok"], tp["triton_ok"] / tp["triton_wall"])]
        for assembler, r in tp["ours"].items():
            lines.append("| ours, %s | %.2f | %d | %.1f |" % (
                assembler, r["wall"], r["ok"], r["ok"] / r["wall"]))
        lines.append("")
        for assembler, r in tp["ours"].items():
            lines.append("throughput ours (%s) / Triton: %.2f" % (
                assembler, (r["ok"] / r["wall"]) / (tp["triton_ok"] / tp["triton_wall"])))
    lines += ["", "| kernel | group | warps | stages | Triton ms | ours ms | ours/Triton |",
              "|---|---|---|---|---|---|---|"]
    for r in sorted(ok, key=lambda r: r["ours"] / r["triton"], reverse=True):
        lines.append("| %s | %s | %d | %d | %.1f | %.1f | %.3f |" % (
            r["name"][:60], r["group"], r["num_warps"], r["num_stages"], 1000 * r["triton"],
            1000 * r["ours"], r["ours"] / r["triton"]))
    failed = [r for r in rows if r["error"]]
    if failed:
        lines += ["", "Not compiled by both:", ""] + [f"- {r['name']}: {r['error']}" for r in failed]
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "compile_time.md"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "compile_time.json"), "w") as f:
        json.dump({"rows": rows, "throughput": tp}, f, indent=1)
    print(text[: text.find("| kernel | group")])
    record(rows, ok, tp, runs)


def record(rows, ok, tp, runs):
    """bench/results/compile-time.json: seconds per kernel, our stage sums
    and Triton's, the throughput run."""
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from bench import results
    kept = [dict(name=r["name"], group=r["group"], num_warps=r.get("num_warps"),
                 num_stages=r.get("num_stages"), dot=bool(r.get("dot")),
                 triton_s=r.get("triton"), ours_s=r.get("ours"),
                 ours_nvjitlink_s=r.get("ours_nvjitlink"), error=r.get("error") or None)
            for r in rows]
    stages = {s: round(sum(r["stages"].get(s, 0.0) for r in ok), 4) for s in STAGES}
    triton_stages = {}
    for r in ok:
        for name, sec in (r.get("triton_stages") or {}).items():
            triton_stages[name] = round(triton_stages.get(name, 0.0) + sec, 4)
    results.write("compile-time", kept, key=lambda r: r["name"],
                  extra=dict(runs=runs, stage_totals=stages, triton_stage_totals=triton_stages,
                             cpus=os.cpu_count(), throughput=tp))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--corpus", help="a copy of ../shared/corpus")
    parser.add_argument("--inductor-sample", type=int, default=0,
                        help="every k-th Inductor kernel, N in all (default: all 620)")
    parser.add_argument("--groups", default="examples,corpus,dots,inductor")
    parser.add_argument("--no-throughput", action="store_true")
    parser.add_argument("--assemblers", default="ptxas,nvjitlink",
                        help="ours in the throughput figures")
    parser.add_argument("--pools", default="threads,processes",
                        help="ours in a pool of threads, of processes, or both")
    parser.add_argument("--throughput-only", action="store_true",
                        help="only the many-at-once figures, over every kernel")
    parser.add_argument("--no-nvjitlink", action="store_true")
    parser.add_argument("--assembler-passes", type=int, default=0, metavar="N",
                        help="only N kernels (every k-th dot and Inductor kernel) assembled "
                             "in passes nvjitlink, nvjitlink, ptxas, nvjitlink (a cache shows)")
    parser.add_argument("--scaling", type=int, default=0, metavar="N",
                        help="only the scaling table: N kernels (every k-th), 1 worker "
                             "against --jobs, per-stage sums")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    from triton_mlir import _capi
    lib = _capi.library()
    kernels = [k for k in collect(args.corpus) if k["group"] in args.groups.split(",")]
    if args.inductor_sample:
        inductor = [k for k in kernels if k["group"] == "inductor"]
        step = max(1, len(inductor) // args.inductor_sample)
        keep = {id(k) for k in inductor[::step][: args.inductor_sample]}
        kernels = [k for k in kernels if k["group"] != "inductor" or id(k) in keep]
    ptxas = triton_ptxas(90)
    print(f"{len(kernels)} kernels; Triton's ptxas {ptxas}", flush=True)
    nvjitlink = not args.no_nvjitlink
    if nvjitlink:
        try:
            ours_compile(lib, kernels[0], "nvjitlink", ptxas)
        except Exception as e:  # noqa: BLE001
            print(f"nvJitLink not used: {e}")
            nvjitlink = False
    triton_compile(kernels[0])
    ours_compile(lib, kernels[0], "ptxas", ptxas)
    assemblers = [a for a in args.assemblers.split(",") if a == "ptxas" or nvjitlink]
    if args.assembler_passes:
        pool = [k for k in kernels if k["group"] in ("dots", "inductor")]
        step = max(1, len(pool) // args.assembler_passes)
        rows = assembler_passes(pool[::step][: args.assembler_passes], lib, ptxas,
                                ["nvjitlink", "nvjitlink", "ptxas", "nvjitlink"])
        with open(os.path.join(args.out, "assembler_passes.json"), "w") as f:
            json.dump(rows, f, indent=1)
        return 0
    if args.scaling:
        step = max(1, len(kernels) // args.scaling)
        scaling_report(scaling(kernels[::step][: args.scaling], lib, args.jobs, ptxas,
                               assemblers), args.out)
        return 0
    if args.throughput_only:
        rows, ok = [], kernels
    else:
        rows = serial(kernels, lib, args.runs, ptxas, nvjitlink)
        ok = [k for k, r in zip(kernels, rows) if not r["error"]]
    tp = None if args.no_throughput else throughput(ok, lib, args.jobs, ptxas, assemblers,
                                                    args.pools.split(","))
    report(rows, tp, args.out, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
