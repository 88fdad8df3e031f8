#!/usr/bin/env python3
"""Tensor-core kernels (test/gpu/dot/dot_kernels.py): Triton's IR, our results, the speed.

Runs on the GPU machine (PyTorch + Triton 3.6), from the repository root:

    python3 utils/gpu/dot-check.py dump  OUT [NAME...]   Triton's stages at the case's num_stages
                                                         (first size; DUMP_SIZE=bench: the bench size)
    python3 utils/gpu/dot-check.py check OUT [NAME...]   ours (hook, strict) vs float64
    python3 utils/gpu/dot-check.py bench OUT [NAME...]   ours vs Triton, side by side
    python3 utils/gpu/dot-check.py sass  OUT [NAME...]   PTX and SASS of both at the bench size
    python3 utils/gpu/dot-check.py record OUT            a bench run's rows in OUT into the record

`dump` writes OUT/NAME/NAME.{ttir,ttgir,llir,ptx} and meta.json (shared bytes,
num_warps, target). `check` and `bench` need the bundle's python/ on
PYTHONPATH (triton_mlir): every case compiles three times from the same
Python function: by Triton; by our whole compiler (the triton_mlir hook,
TRITON_MLIR_STRICT=1, no fallback); and by Triton's ttgir stage with our
backend (TRITON_MLIR_FROM=ttgir). All run on fresh random inputs of every
size of the case and are compared with the float64 reference (and with
Triton's output). `bench` also times the three on the bench size with
triton.testing.do_bench (median after warm-up), after a second of heating,
in BENCH_ROUNDS rounds (6) whose order rotates, and prints a Markdown table of each kernel's median
round: Triton/ours, and Triton/ours-on-Triton's-TTGIR, which tells a gap in
our TTGIR from one in our lowering. Results go to
OUT/results.json and OUT/table.md, and `bench`'s rows to the suite's record
bench/results/dot.json (bench/results.py; bench/report.py makes the table of
docs/benchmarks.md from it); exit status 1 if any case failed.
BENCH_SIZE=M,N,K (or attention's Z,H,N) times every case at that size instead.
`sass` writes OUT/NAME.{triton,ours}.{ttir,ttgir,ptx,sass} (cuobjdump -sass of each
cubin) and prints both kernels' registers and spills: where ptxas's choices
differ, this is what tells why (as for the packed thread id, measured
2026-11-27, commit 328526d).
"""

import json
import os
import sys
import tempfile
import traceback

os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp(prefix="dot-check-cache-"))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "test", "gpu", "dot"))
sys.path.insert(0, ROOT)

import torch  # noqa: E402
import triton  # noqa: E402
from triton import knobs  # noqa: E402

import dot_kernels as dk  # noqa: E402


# ttir: our whole compiler (the hook); ttgir: Triton's TTGIR, our backend.
VARIANTS = ("ttir", "ttgir")


def arch_of(case):
    return None if case["cc"] >= 90 else "sm%d" % case["cc"]


def launch(fn, case, grid, args, meta):
    knobs.runtime.override_arch = arch_of(case)
    try:
        return fn[grid](*args, **meta, num_warps=case["warps"],
                        num_stages=case.get("stages", 1))
    finally:
        knobs.runtime.override_arch = None


def launch_triton(fn, case, grid, args, meta):
    """Triton's kernel and the constexprs it ran with: a loop marked
    warp_specialize that Triton 3.6 cannot compile (its pass fails at 4
    warps) runs unmarked, the speed Triton offers for it."""
    try:
        return launch(fn, case, grid, args, meta), meta
    except RuntimeError:
        if not meta.get("WS"):
            raise
        unmarked = dict(meta, WS=False)
        return launch(fn, case, grid, args, unmarked), unmarked


def compare(case, outs, refs):
    worst = 0.0
    ok = True
    for out, ref in zip(outs, refs):
        atol, rtol = dk.tolerance(case, ref)
        o = out.double()
        err = (o - ref).abs()
        bound = atol + rtol * ref.abs()
        ok &= bool(torch.isfinite(o).all()) and bool((err <= bound).all())
        worst = max(worst, float(err.max()))
    return ok, worst


def fresh_copy(fn):
    """The same Python function as a second JITFunction (its own kernel cache)."""
    return triton.jit(fn.fn)


def selected(names):
    cases = [c for c in dk.CASES if not names or c["name"] in names]
    if names and len(cases) != len(names):
        sys.exit("unknown case in %s" % names)
    return cases


def dump(out, names):
    failed = 0
    for case in selected(names):
        d = os.path.join(out, case["name"])
        os.makedirs(d, exist_ok=True)
        try:
            # DUMP_SIZE=bench: the benchmark's size (divisibility specializes).
            size = case["bench"] if os.environ.get("DUMP_SIZE") == "bench" else case["sizes"][0]
            fn, grid, args, meta, outs, refs, _ = dk.make(case, size, seed=1)
            k = launch(fresh_copy(fn), case, grid, args, meta)
            torch.cuda.synchronize()
            ok, worst = compare(case, outs, refs)
            for stage in ("ttir", "ttgir", "llir", "ptx"):
                with open(os.path.join(d, "%s.%s" % (case["name"], stage)), "w") as f:
                    f.write(k.asm[stage])
            m = k.metadata
            with open(os.path.join(d, "meta.json"), "w") as f:
                json.dump(dict(name=m.name, num_warps=m.num_warps,
                               num_stages=case.get("stages", 1), shared=m.shared,
                               target="cuda:%d" % case["cc"], triton_correct=ok,
                               triton_max_err=worst, case={k: v for k, v in case.items()}),
                          f, indent=1, default=str)
            print("%-34s shared %6d  triton %s (max err %.3g)" % (case["name"], m.shared,
                  "ok" if ok else "WRONG", worst), flush=True)
        except Exception:
            failed += 1
            print("%-34s FAILED\n%s" % (case["name"], traceback.format_exc()), flush=True)
    return failed


def sass(out, names):
    """Triton's kernel and ours at each case's bench size: PTX, SASS, registers."""
    import shutil
    import subprocess
    import triton_mlir

    os.makedirs(out, exist_ok=True)
    nvidia_bin = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin")
    cuobjdump = shutil.which("cuobjdump") or os.path.join(nvidia_bin, "cuobjdump")
    os.environ["TRITON_MLIR_STRICT"] = "1"
    failed = 0
    for case in selected(names):
        try:
            fn, grid, args, meta, _, _, _ = dk.make(case, case["bench"], seed=1, reference=False)
            for who in ("triton", "ours"):
                if who == "ours":
                    triton_mlir.enable()
                try:
                    k = launch(fresh_copy(fn), case, grid, args, meta)
                finally:
                    triton_mlir.disable()
                torch.cuda.synchronize()
                base = os.path.join(out, "%s.%s" % (case["name"], who))
                for stage in ("ttir", "ttgir", "ptx"):
                    with open(base + "." + stage, "w") as f:
                        f.write(k.asm[stage])
                with tempfile.NamedTemporaryFile(suffix=".cubin") as cubin:
                    cubin.write(k.asm["cubin"])
                    cubin.flush()
                    listing = subprocess.run([cuobjdump, "-sass", cubin.name], capture_output=True,
                                             text=True, check=True).stdout
                with open(base + ".sass", "w") as f:
                    f.write(listing)
                print("%-34s %-6s registers %3d spills %d" % (case["name"], who, k.n_regs,
                                                              k.n_spills), flush=True)
        except Exception:
            failed += 1
            print("%-34s FAILED\n%s" % (case["name"], traceback.format_exc()), flush=True)
    return failed


def check_case(case, bench):
    """One case, in this process: its result row."""
    import triton_mlir
    from triton.testing import do_bench

    os.environ["TRITON_MLIR_STRICT"] = "1"
    gpu = torch.cuda.get_device_name()
    row = dict(name=case["name"], gpu=gpu)
    try:
        fn0 = dk.make(case, case["sizes"][0], seed=0)[0]
        theirs = fresh_copy(fn0)
        ours = {v: fresh_copy(fn0) for v in VARIANTS}
        sizes = []
        for i, size in enumerate(case["sizes"]):
            fn, grid, args, meta, outs, refs, flops = dk.make(case, size, seed=100 + i)
            kt, theirs_meta = launch_triton(theirs, case, grid, args, meta)
            if theirs_meta is not meta:
                row["triton_unmarked"] = True
            ok_t, err_t = compare(case, outs, refs)
            triton_outs = [o.clone() for o in outs]
            entry = dict(size=list(size), triton_ok=ok_t, triton_err=err_t)
            for variant, jit in ours.items():
                if variant == "ttgir" and row.get("triton_unmarked"):
                    # No TTGIR of Triton's for the marked loop to start from.
                    entry["ttgir_ok"] = None
                    continue
                for o in outs:
                    o.fill_(0)
                os.environ["TRITON_MLIR_FROM"] = variant
                triton_mlir.enable()
                try:
                    ko = launch(jit, case, grid, args, meta)
                    torch.cuda.synchronize()
                except Exception as e:
                    entry.update({"%s_ok" % variant: False,
                                  "%s_error" % variant: str(e)[-2000:]})
                    continue
                finally:
                    triton_mlir.disable()
                ok_o, err_o = compare(case, outs, refs)
                same = all(torch.equal(a, b) for a, b in zip(outs, triton_outs))
                entry.update({"%s_ok" % variant: ok_o, "%s_err" % variant: err_o,
                              "%s_same_as_triton" % variant: same,
                              "%s_shared" % variant: ko.metadata.shared})
            sizes.append(entry)
            row.update(shared_ours=entry.get("ttir_shared"), shared_triton=kt.metadata.shared)
        row["sizes"] = sizes
        row["ok"] = all(s["%s_ok" % v] is not False for s in sizes for v in VARIANTS)
        if bench and row["ok"]:
            # Timing on the case's large size (no float64 reference there):
            # Triton's and our output must still agree.
            size = case.get("bench", case["sizes"][-1])
            if os.environ.get("BENCH_SIZE"):
                size = tuple(int(d) for d in os.environ["BENCH_SIZE"].split(","))
            fn, grid, args, meta, outs, _, flops = dk.make(case, size, seed=7, reference=False)
            knobs.runtime.override_arch = arch_of(case)
            try:
                def run(jit, meta=meta):
                    return jit[grid](*args, **meta, num_warps=case["warps"],
                                     num_stages=case.get("stages", 1))

                k_theirs, theirs_meta = launch_triton(theirs, case, grid, args, meta)
                triton_outs = [o.clone() for o in outs]
                # (a new specialization compiles here: through the hook)
                compiled = {}
                for variant in VARIANTS:
                    if variant == "ttgir" and row.get("triton_unmarked"):
                        continue
                    os.environ["TRITON_MLIR_FROM"] = variant
                    triton_mlir.enable()
                    try:
                        compiled[variant] = run(ours[variant])
                    finally:
                        triton_mlir.disable()
                    torch.cuda.synchronize()
                    if "triton_mlir" not in compiled[variant].metadata._asdict():
                        raise RuntimeError("the timed kernel (%s) is not ours" % variant)
                agree = all(torch.allclose(a.double(), b.double(), rtol=dk.tolerance(case, b)[1],
                                           atol=dk.tolerance(case, b.double())[0])
                            for a, b in zip(outs, triton_outs))
                # Rounds of do_bench medians, the order rotated every round
                # (a GPU that heats up under the first kernel would otherwise
                # favour whichever runs first); the figure is the median of
                # each kernel's rounds.
                timed = {"triton": lambda: run(theirs, theirs_meta),
                         "ttir": lambda: run(ours["ttir"]),
                         "ttgir": lambda: run(ours["ttgir"])}
                if "ttgir" not in compiled:
                    del timed["ttgir"]
                names_ = list(timed)
                rounds = {k: [] for k in names_}
                # Heat the GPU first: the first kernel timed on a cool GPU
                # runs at higher clocks (about 3% on a 600 TFLOP/s matmul).
                do_bench(timed["triton"], warmup=100, rep=1000)
                for r in range(int(os.environ.get("BENCH_ROUNDS", "6"))):
                    order = names_[r % len(names_):] + names_[:r % len(names_)]
                    for k in order:
                        rounds[k].append(do_bench(timed[k], warmup=100, rep=300,
                                                  return_mode="median"))
                med = {k: sorted(v)[len(v) // 2] if len(v) % 2 else
                       (sorted(v)[len(v) // 2 - 1] + sorted(v)[len(v) // 2]) / 2
                       for k, v in rounds.items()}
                t_ms, o_ms = med["triton"], med["ttir"]
                row.update(rounds_ms=rounds)
                if "ttgir" in med:
                    row["ours_ttgir_ms"] = med["ttgir"]
            finally:
                knobs.runtime.override_arch = None
            # Registers and spills as ptxas reported them (set once launched).
            row.update(regs_triton=getattr(k_theirs, "n_regs", None),
                       spills_triton=getattr(k_theirs, "n_spills", None),
                       regs_ours=getattr(compiled["ttir"], "n_regs", None),
                       spills_ours=getattr(compiled["ttir"], "n_spills", None))
            row.update(size=list(size), bench_agree=agree, triton_ms=t_ms, ours_ms=o_ms,
                       triton_tflops=flops / t_ms * 1e-9, ours_tflops=flops / o_ms * 1e-9)
            row["ok"] = row["ok"] and agree
    except Exception:
        row["ok"] = False
        row["error"] = traceback.format_exc()[-3000:]
    return row


def check(out, names, bench):
    """Every case in a process of its own (a faulting kernel cannot spoil
    the next), then the table."""
    import subprocess

    os.makedirs(out, exist_ok=True)

    def run_one(case):
        path = os.path.join(out, case["name"] + ".json")
        try:
            subprocess.run([sys.executable, os.path.abspath(__file__),
                            "bench-one" if bench else "one", path, case["name"]],
                           timeout=600, check=False)
            with open(path) as f:
                row = json.load(f)
            if bench:
                # Each case into the record as it ends: a run cut short
                # keeps what it finished.
                record([row])
            return row
        except Exception:
            return dict(name=case["name"], ok=False, error=traceback.format_exc()[-3000:])

    # Timing runs one case at a time; correctness runs JOBS at once.
    from concurrent.futures import ThreadPoolExecutor
    jobs = 1 if bench else int(os.environ.get("JOBS", "4"))
    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(run_one, selected(names)))
    failed = 0
    for row in results:
        failed += not row["ok"]
        print(json.dumps(row), flush=True)
    gpu = torch.cuda.get_device_name()
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    lines = ["GPU: %s, Triton %s, num_stages=1 unless the name ends in _sN (N stages)"
             % (gpu, triton.__version__), "",
             "| kernel | size | correct (ours) | shared ours / Triton | Triton ms | ours ms "
             "| Triton TFLOP/s | ours TFLOP/s | Triton/ours time "
             "| Triton/ours from Triton's TTGIR | registers (spills) ours / Triton |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        ratio = ("%.3f" % (r["triton_ms"] / r["ours_ms"])) if "ours_ms" in r else "-"
        ratio_g = ("%.3f" % (r["triton_ms"] / r["ours_ttgir_ms"])) if "ours_ttgir_ms" in r else "-"
        regs = "-"
        if r.get("regs_ours") is not None:
            regs = "%s (%s) / %s (%s)" % (r["regs_ours"], r.get("spills_ours"),
                                          r.get("regs_triton"), r.get("spills_triton"))
        lines.append("| %s | %s | %s | %s / %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["name"], "x".join(map(str, r.get("size", []))), "yes" if r["ok"] else "NO",
            r.get("shared_ours", "-"), r.get("shared_triton", "-"),
            "%.4f" % r["triton_ms"] if "triton_ms" in r else "-",
            "%.4f" % r["ours_ms"] if "ours_ms" in r else "-",
            "%.0f" % r["triton_tflops"] if "triton_tflops" in r else "-",
            "%.0f" % r["ours_tflops"] if "ours_tflops" in r else "-", ratio, ratio_g, regs))
    with open(os.path.join(out, "table.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return failed


# The fields of a bench row that the suite's record keeps.
RECORD_FIELDS = ("name", "size", "ok", "triton_unmarked", "triton_ms", "ours_ms", "ours_ttgir_ms",
                 "triton_tflops", "ours_tflops", "shared_ours", "shared_triton", "regs_ours",
                 "spills_ours", "regs_triton", "spills_triton")


def case_fields(name):
    """What the report needs of a case besides its figures: its kind, the
    operands' type and precision, warps, stages, target."""
    case = next(c for c in dk.CASES if c["name"] == name)
    return dict(kind=case["kind"], dtype=case.get("dtype", "float16"),
                precision=case.get("precision"), warps=case["warps"],
                stages=case.get("stages", 1), cc=case["cc"])


def record(rows):
    """`bench`'s rows into bench/results/dot.json (error text left out)."""
    if os.environ.get("BENCH_SIZE"):
        # Another size than the cases' own: not the suite's table.
        return
    from bench import results
    kept = [dict({k: r[k] for k in RECORD_FIELDS if k in r}, **case_fields(r["name"]))
            for r in rows]
    results.write("dot", kept, key=lambda r: r["name"])


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("dump", "check", "bench", "sass", "one",
                                                "bench-one", "record"):
        sys.exit(__doc__)
    mode, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
    if mode == "record":
        # The rows a bench run left in OUT (one file per case) into the
        # record again: for a run whose record did not come back.
        rows = []
        for name in sorted(os.listdir(out)):
            if name.endswith(".json") and name != "results.json":
                with open(os.path.join(out, name)) as f:
                    rows.append(json.load(f))
        record([r for r in rows if "ours_ms" in r or not r.get("ok")])
        return
    if mode in ("one", "bench-one"):  # check's child: one case, its row to OUT
        row = check_case(selected(names)[0], mode == "bench-one")
        with open(out, "w") as f:
            json.dump(row, f, indent=1)
        return
    if mode == "dump":
        failed = dump(out, names)
    elif mode == "sass":
        failed = sass(out, names)
    else:
        failed = check(out, names, mode == "bench")
    print("%d failed" % failed)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
