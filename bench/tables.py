"""The parts of bench/report.py: each `part_NAME(report)` renders the
template marker `<!-- report: NAME -->` from the records (report.records,
suite -> record of bench/results.py) as Markdown."""

import math
import os

from bench import plots

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- helpers

def geomean(values):
    values = [v for v in values if v and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def num(v, digits=0):
    if v is None:
        return "-"
    if digits == 0:
        return "{:,}".format(int(round(v)))
    return "%.*f" % (digits, v)


def ratio(a, b, digits=3):
    return "%.*f" % (digits, a / b) if a and b else "-"


def short_commit(c):
    return (c or "unknown")[:7]


def env_line(record, commands=True):
    """Where and when a record was measured, and how to measure it again."""
    where = []
    if record.get("gpu"):
        where.append("**%s**" % record["gpu"])
        if record.get("driver"):
            where.append("driver %s" % record["driver"])
    if record.get("triton"):
        where.append("Triton %s" % record["triton"])
    if record.get("torch"):
        where.append("PyTorch %s" % record["torch"])
    text = "%s; commit %s, %s." % (", ".join(where) or "This machine",
                                   short_commit(record.get("commit")), record.get("date", "?"))
    if record.get("source"):
        text += " " + record["source"] + "."
    if commands and record.get("commands"):
        text += " Measured with:\n\n```sh\n" + "\n".join(record["commands"]) + "\n```"
    return text


def missing(suite, how):
    return "No record of this suite yet (`bench/results/%s.json`): %s." % (suite, how)


def table(head, rows):
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def size_text(size):
    return "x".join(str(d) for d in size) if size else "-"


def speed_over(row, other):
    """Ours against `other` (triton, reference): the time of other over
    ours, from the times where the record has them, else from TFLOP/s."""
    if other == "triton" and row.get("ours_over_triton"):
        return row["ours_over_triton"]
    if row.get(other + "_ms") and row.get("ours_ms"):
        return row[other + "_ms"] / row["ours_ms"]
    if row.get(other + "_tflops") and row.get("ours_tflops"):
        return row["ours_tflops"] / row[other + "_tflops"]
    return None


def operand_kind(row):
    """The peak a dot row is measured against (plots.PEAKS' keys)."""
    dtype, precision = row.get("dtype") or "float16", row.get("precision")
    if dtype in ("float16", "bfloat16") or row.get("kind") in ("attn", "tattn", "tbwd"):
        return "16-bit", 1.0
    if dtype.startswith("float8") or dtype == "int8":
        return "8-bit", 1.0
    if dtype == "float32":
        if precision == "ieee":
            return "f32", 1.0
        # tf32x3: three tf32 products per logical one.
        return "tf32", 3.0 if precision == "tf32x3" else 1.0
    return None, 1.0


# ---------------------------------------------------------------- summary

def spread(values, digits=2):
    """'geomean (min-max)' of speed ratios."""
    values = [v for v in values if v]
    if not values:
        return "-"
    return "%s (%s-%s)" % (num(geomean(values), digits), num(min(values), digits),
                           num(max(values), digits))


# The summary's groups of the cuBLAS/SDPA table, by the case's kind.
KIND_TITLES = [("persistent TMA matmuls", lambda kind: kind == "ptma"),
               ("pipelined matmuls", lambda kind: kind not in ("ptma", "tattn", "tbwd")),
               ("attention forward", lambda kind: kind == "tattn"),
               ("attention backward", lambda kind: kind == "tbwd")]


def cublas_group(row):
    return next(title for title, member in KIND_TITLES if member(row["kind"]))


def summary_table(report):
    """One row per kind of kernel: how many, ours against Triton and against
    cuBLAS/SDPA (geomean, min-max of the speed ratios), on which GPU."""
    r = report.records
    body = []
    rec = r.get("cublas")
    if rec:
        groups = {}
        for x in rec["rows"]:
            groups.setdefault(cublas_group(x), []).append(x)
        for title, _ in KIND_TITLES:
            rows = groups.get(title)
            if not rows:
                continue
            ref = "/".join(sorted({x["reference"] for x in rows}))
            body.append([title, len(rows), spread([speed_over(x, "triton") for x in rows]),
                         "%s: %s" % (ref, spread([speed_over(x, "reference") for x in rows])),
                         num(geomean([x["triton_tflops"] / x["reference_tflops"] for x in rows]), 2),
                         rec.get("gpu", "?")])
    rec = r.get("dot")
    if rec:
        timed = [x for x in rec["rows"] if x.get("ours_ms") and x.get("triton_ms")]
        body.append(["tensor-core kernels of test/gpu/dot (%d of %d correct)" % (
            sum(1 for x in rec["rows"] if x.get("ok")), len(rec["rows"])), len(timed),
            spread([x["triton_ms"] / x["ours_ms"] for x in timed]), "", "", rec.get("gpu", "?")])
    rec = r.get("inductor")
    if rec:
        timed = [x for x in rec["rows"] if x.get("ratio")]
        body.append(["Inductor's kernels (%d under 0.97)" % sum(1 for x in timed if x["ratio"] < 0.97),
                     len(timed), spread([x["ratio"] for x in timed]), "", "", rec.get("gpu", "?")])
    rec = r.get("bench")
    if rec:
        rows = [x for x in rec["rows"] if x["variant"] == "ours" and x.get("ours_ms")]
        body.append(["memory-bound kernels (GB/s)", len(rows),
                     spread([x["triton_ms"] / x["ours_ms"] for x in rows]), "", "",
                     rec.get("gpu", "?")])
    if not body:
        return ""
    return table(["kernels", "n", "ours/Triton: geomean (min-max)",
                  "ours/cuBLAS or SDPA", "Triton/cuBLAS or SDPA", "GPU"], body)


def summary_lines(report):
    """The headline figures that are not speed ratios."""
    r = report.records
    out = []
    rec = r.get("compile-time")
    if rec:
        ok = [x for x in rec["rows"] if not x.get("error") and x.get("ours_s")]
        out.append("Compile time, TTIR to cubin (%d kernels, the same ptxas): ours takes %s of "
                   "Triton's time (geomean per kernel; in all %s s against %s s)." % (
                       len(ok), num(geomean([x["ours_s"] / x["triton_s"] for x in ok]), 2),
                       num(sum(x["ours_s"] for x in ok), 1),
                       num(sum(x["triton_s"] for x in ok), 1)))
    rec = r.get("triton-tests")
    if rec:
        rows = [x for x in rec["rows"] if x.get("scope", "all") == "all"]
        failing = sum(x["pass_with_triton"] for x in rows)
        # Regressions of a whole-file run that a later run of those tests
        # (a --filter row) passed through ours.
        current = {(x["file"], t) for x in rows for t in x.get("regressions", [])}
        fixed = len({(x["file"], t) for x in rec["rows"] if x.get("scope", "all") != "all"
                     for t in x.get("fixed_regressions", [])} & current)
        later = " (%d of them pass in later runs of those tests)" % fixed if fixed else ""
        out.append("Triton's own tests through ours: %s of %s passed in %d files; %d fail with "
                   "ours and pass with Triton%s ([triton-tests.md](triton-tests.md))." % (
                       num(sum(x["passed"] for x in rows)), num(sum(x["through_ours"] for x in rows)),
                       len(rows), failing, later))
    return out


def part_summary(report):
    parts = []
    head = summary_table(report)
    if head:
        parts.append("Speed ratios are the other's time over ours: above 1, ours is faster.\n\n"
                     + head)
    lines = summary_lines(report)
    if lines:
        parts.append("\n".join("- " + line for line in lines))
    if report.records.get("cublas"):
        parts.append(cublas_plot(report))
    return "\n\n".join(parts) if parts else "No results recorded yet."


# ---------------------------------------------------------------- suites

def cublas_plot(report):
    rec = report.records["cublas"]
    rows = [["%s %s" % (x["case"], size_text(x["size"])),
             round(speed_over(x, "triton"), 4),
             round(speed_over(x, "reference"), 4)] for x in rec["rows"]]
    data = dict(title="ours against Triton 3.6 and cuBLAS/SDPA, %s" % rec.get("gpu", "?"),
                xlabel="speed ratio (time of the other over ours; right of 1 is ours faster)",
                series=["ours / Triton", "ours / cuBLAS or SDPA"], rows=rows, line=1.0, zoom=True)
    return report.plot("cublas.png", "ours against Triton and cuBLAS/SDPA", plots.ratio_bars, data)


def part_cublas(report):
    rec = report.records.get("cublas")
    if not rec:
        return missing("cublas", "`python3 utils/gpu/matmul-vs-cublas.py time CASES SIZE` "
                       "on the GPU machine")
    body = []
    for x in rec["rows"]:
        t, o, c = x["triton_tflops"], x["ours_tflops"], x["reference_tflops"]
        body.append(["`%s`%s" % (x["case"], "" if x.get("agrees", True) else " (DISAGREES)"),
                     size_text(x["size"]), x["reference"],
                     num(t), num(o), num(c), num(speed_over(x, "triton"), 3),
                     num(speed_over(x, "reference"), 3),
                     "%s / %s" % (x.get("shared_ours", "-"), x.get("shared_triton", "-"))])
    head = ["kernel", "size", "against", "Triton TFLOP/s", "ours TFLOP/s",
            "cuBLAS/SDPA TFLOP/s", "ours/Triton", "ours/cuBLAS or SDPA",
            "shared bytes ours / Triton"]
    return "\n\n".join([table(head, body), cublas_plot(report), env_line(rec)])


def part_dot(report):
    rec = report.records.get("dot")
    if not rec:
        return missing("dot", "`python3 utils/gpu/dot-check.py bench OUT` on the GPU machine")
    body = []
    for x in rec["rows"]:
        regs = "-"
        if x.get("regs_ours") is not None:
            regs = "%s (%s) / %s (%s)" % (x["regs_ours"], x.get("spills_ours"),
                                          x.get("regs_triton"), x.get("spills_triton"))
        body.append(["`%s`" % x["name"], size_text(x.get("size")), "yes" if x.get("ok") else "**NO**",
                     num(x.get("triton_tflops")), num(x.get("ours_tflops")),
                     ratio(x.get("triton_ms"), x.get("ours_ms")),
                     ratio(x.get("triton_ms"), x.get("ours_ttgir_ms")),
                     "%s / %s" % (x.get("shared_ours", "-"), x.get("shared_triton", "-")), regs])
    head = ["kernel", "size", "correct", "Triton TFLOP/s", "ours TFLOP/s", "ours/Triton",
            "ours from Triton's TTGIR / Triton", "shared bytes ours / Triton",
            "registers (spills) ours / Triton"]
    parts = [table(head, body)]
    peaks = plots.PEAKS.get(rec.get("gpu"))
    if peaks:
        rows = []
        for x in rec["rows"]:
            kind, div = operand_kind(x)
            if kind and x.get("ours_tflops") and x.get("cc", 90) >= 90:
                peak = peaks[kind] / div
                rows.append(["%s (%s)" % (x["name"], kind), round(x["triton_tflops"] / peak, 4),
                             round(x["ours_tflops"] / peak, 4)])
        if rows:
            data = dict(title="share of the dense peak, %s" % rec["gpu"],
                        xlabel="TFLOP/s over the data sheet's dense tensor-core peak "
                        "(the FMA pipe's for ieee f32)",
                        series=["Triton 3.6", "ours"], rows=rows, line=None)
            parts.append(report.plot("dot-peak.png", "share of the peak per kernel",
                                     plots.ratio_bars, data))
            parts.append("Peaks used (TFLOP/s, dense): " + ", ".join(
                "%s %s" % (k, v) for k, v in peaks.items()) + "; tf32x3 at a third of tf32's. "
                "The sm_80 cases (mma.sync on this Hopper GPU) are left out of the plot.")
    parts.append(env_line(rec))
    return "\n\n".join(parts)


def part_bench(report):
    rec = report.records.get("bench")
    if not rec:
        return missing("bench", "`utils/gpu/run-on-gpu.sh` on the GPU machine")
    variants = list(dict.fromkeys(x["variant"] for x in rec["rows"]))
    kernels = list(dict.fromkeys(x["kernel"] for x in rec["rows"]))
    by = {(x["kernel"], x["variant"]): x for x in rec["rows"]}
    head = ["kernel", "size", "Triton GB/s"]
    head += ["%s GB/s" % v for v in variants] + ["%s/Triton" % v for v in variants]
    body = []
    for k in kernels:
        first = next(by[(k, v)] for v in variants if (k, v) in by)
        gbs = lambda ms: first["bytes"] / (ms * 1e-3) / 1e9 if ms else None  # noqa: E731
        cols = ["`%s`" % k, first["size"], num(gbs(first.get("triton_ms")))]
        rat = []
        for v in variants:
            x = by.get((k, v))
            cols.append(num(gbs(x.get("ours_ms"))) if x else "-")
            rat.append(ratio(x.get("triton_ms"), x.get("ours_ms")) if x and x.get("ok")
                       else (x["note"] if x else "-"))
        body.append(cols + rat)
    note = ("`triton` is Triton's own cubin through the same launcher: a check of the "
            "harness (about 1.0); `ours` our cubin from Triton's TTIR; `ours-ttgir` our "
            "backend on Triton's TTGIR.") if "triton" in variants else ""
    return "\n\n".join(p for p in [table(head, body), note, env_line(rec)] if p)


def part_inductor(report):
    rec = report.records.get("inductor")
    if not rec:
        return missing("inductor", "`python3 utils/gpu/inductor-kernel-times.py OUT` on the "
                       "GPU machine")
    timed = [x for x in rec["rows"] if x.get("ratio")]
    errors = [x for x in rec["rows"] if x.get("error")]
    workloads = sorted({x["workload"] for x in rec["rows"]})
    body = []
    for w in workloads:
        rows = [x for x in timed if x["workload"] == w]
        body.append([w, len(rows), sum(1 for x in errors if x["workload"] == w),
                     num(geomean([x["ratio"] for x in rows]), 3),
                     num(min((x["ratio"] for x in rows), default=None), 3),
                     num(max((x["ratio"] for x in rows), default=None), 3),
                     sum(1 for x in rows if x["ratio"] < 0.97)])
    body.append(["**all**", len(timed), len(errors), num(geomean([x["ratio"] for x in timed]), 3),
                 num(min((x["ratio"] for x in timed), default=None), 3),
                 num(max((x["ratio"] for x in timed), default=None), 3),
                 sum(1 for x in timed if x["ratio"] < 0.97)])
    parts = [table(["workload", "kernels", "errors", "ours/Triton geomean", "min", "max",
                    "under 0.97"], body)]
    low = sorted(timed, key=lambda x: x["ratio"])[:10]
    if low:
        parts.append("The ten slowest against Triton (time Triton / ours; the fastest rounds' "
                     "ratio beside it: microsecond kernels time in two modes):\n\n" + table(
                         ["workload", "kernel", "Triton us", "ours us", "ours/Triton",
                          "fastest rounds"],
                         [[x["workload"], "`%s`" % x["kernel"], num(x["triton_ms"] * 1e3, 1),
                           num(x["ours_ms"] * 1e3, 1), num(x["ratio"], 3),
                           num(x.get("fastest_ratio"), 3)] for x in low]))
    if errors:
        parts.append("Errors:\n\n" + "\n".join("- %s `%s`: %s" % (
            x["workload"], x.get("kernel") or x.get("module"), x["error"]) for x in errors))
    if timed:
        data = dict(title="Inductor's kernels, %s (%d)" % (rec.get("gpu", "?"), len(timed)),
                    points=[[round(x["triton_ms"], 6), round(x["ours_ms"], 6)] for x in timed])
        parts.append(report.plot("inductor.png", "Triton's time against ours per Inductor kernel",
                                 plots.scatter_times, data))
    parts.append(env_line(rec))
    return "\n\n".join(parts)


def part_models(report):
    rec = report.records.get("models")
    if not rec:
        return missing("models", "`python3 bench/models.py` on the GPU machine, with the "
                       "wheel installed")
    rows = rec["rows"]
    body = []
    for x in rows:
        k = x.get("kernels") or {}
        body.append([x["workload"], x["mode"], num(x.get("triton_ms"), 3), num(x.get("ours_ms"), 3),
                     num(x.get("speedup"), 3), num(x.get("triton_cold_s"), 1), num(x.get("ours_cold_s"), 1),
                     "-" if x.get("err_ours_vs_triton") is None else "%.1e" % x["err_ours_vs_triton"],
                     "%s / %s / %s" % (k.get("ours", "-"), k.get("fallback", "-"), k.get("triton", "-"))])
    speedups = [x["speedup"] for x in rows if x.get("speedup")]
    parts = [table(["workload", "mode", "Triton ms/step", "ours ms/step", "Triton/ours",
                    "cold s Triton", "cold s ours", "ours vs Triton", "kernels ours / fell back / Triton"],
                   body)]
    if speedups:
        parts.append("Geomean of Triton/ours over %d rows: %s." % (len(speedups), num(geomean(speedups), 3)))
    errors = ["- %s %s %s: %s" % (x["workload"], x["mode"], side, x["error_" + side])
              for x in rows for side in ("triton", "ours") if x.get("error_" + side)]
    if errors:
        parts.append("Errors:\n\n" + "\n".join(errors))
    parts.append(env_line(rec))
    return "\n\n".join(parts)


def part_compile_time(report):
    rec = report.records.get("compile-time")
    if not rec:
        return missing("compile-time", "`python3 bench/compile_time.py OUT` on the GPU machine")
    ok = [x for x in rec["rows"] if not x.get("error") and x.get("ours_s")]
    groups = [("all", ok)] + [(g, [x for x in ok if x["group"] == g])
                              for g in ("examples", "corpus", "dots", "inductor")]
    groups.append(("with tt.dot", [x for x in ok if x.get("dot")]))
    body = []
    for label, rows in groups:
        if not rows:
            continue
        nvj = [x for x in rows if x.get("ours_nvjitlink_s")]
        body.append([label, len(rows), num(sum(x["triton_s"] for x in rows), 2),
                     num(sum(x["ours_s"] for x in rows), 2),
                     num(geomean([x["ours_s"] / x["triton_s"] for x in rows]), 3),
                     num(geomean([x["ours_nvjitlink_s"] / x["triton_s"] for x in nvj]), 3)
                     if nvj else "-"])
    parts = [table(["kernels", "n", "Triton s", "ours s", "ours/Triton (geomean)",
                    "ours with nvJitLink / Triton"], body)]
    st = rec.get("stage_totals")
    if st:
        whole = sum(st.values()) or 1.0
        parts.append("Our time by stage, summed over the kernels:\n\n" + table(
            ["stage", "seconds", "share"],
            [[k, num(v, 2), "%.1f%%" % (100 * v / whole)] for k, v in st.items()]))
    tp = rec.get("throughput")
    if tp:
        rows = [["Triton, process pool", num(tp["triton_wall"], 2), tp["triton_ok"],
                 num(tp["triton_ok"] / tp["triton_wall"], 1)]]
        for name, x in tp.get("ours", {}).items():
            rows.append(["ours, %s" % name, num(x["wall"], 2), x["ok"], num(x["ok"] / x["wall"], 1)])
        parts.append("Many kernels at once (%d kernels, %d workers):\n\n" % (
            tp["kernels"], tp["jobs"]) + table(["compiler", "wall s", "compiled", "kernels/s"], rows))
    failed = [x for x in rec["rows"] if x.get("error")]
    if failed:
        parts.append("Not compiled by both: " + ", ".join("`%s`" % x["name"] for x in failed) + ".")
    parts.append(env_line(rec))
    return "\n\n".join(parts)


def part_tried(report):
    with open(os.path.join(HERE, "doc", "tried.md")) as f:
        return f.read().strip()


# ---------------------------------------------------------------- tests, fuzzing

def part_triton_tests(report):
    rec = report.records.get("triton-tests")
    if not rec:
        return missing("triton-tests", "`utils/triton-tests-report.py --record` after a run")
    head = ["file", "tests", "collected", "run", "skipped", "through ours", "passed",
            "failed with ours", "of them pass with Triton", "failing with Triton too",
            "with a fallback", "GPU", "commit", "date"]
    body = [["`%s`" % x["file"], x.get("scope", "all"), num(x.get("collected")), num(x.get("run")), num(x.get("skipped")),
             num(x.get("through_ours")), num(x.get("passed")), num(x.get("failed_ours")),
             num(x.get("pass_with_triton")), num(x.get("failing_with_triton_too")),
             num(x.get("fallback")), x.get("gpu", "-"),
             short_commit(x.get("commit")), x.get("date", "-")] for x in rec["rows"]]
    whole = [x for x in rec["rows"] if x.get("scope", "all") == "all"]
    total = ["**whole files**", ""] + [num(sum(x.get(k) or 0 for x in whole)) for k in (
        "collected", "run", "skipped", "through_ours", "passed", "failed_ours",
        "pass_with_triton", "failing_with_triton_too", "fallback")] + ["", "", ""]
    parts = [table(head, body + [total])]
    commands = []
    for x in rec["rows"]:
        if x.get("command") and x["command"] not in commands:
            commands.append(x["command"])
    regress = [(x["file"], t) for x in rec["rows"] for t in x.get("regressions", [])]
    if regress:
        parts.append("Failing with ours and passing with Triton:\n\n" + "\n".join(
            "- `%s::%s`" % r for r in regress))
    falls = [(x, reason, n) for x in rec["rows"]
             for reason, n in (x.get("fallback_reasons") or {}).items()]
    if falls:
        parts.append("Kernels we refuse fall back to Triton's compiler (tests, by reason):\n\n"
                     + "\n".join("- `%s` (%s): %d, `%s`" % (x["file"], x.get("scope", "all"), n,
                                                           reason) for x, reason, n in falls))
    notes = [x for x in rec["rows"] if x.get("note")]
    if notes:
        parts.append("\n".join("- `%s` (%s): %s." % (x["file"], x.get("scope", "all"), x["note"])
                                for x in notes))
    srcs = sorted({x["source"] for x in rec["rows"] if x.get("source")})
    tail = "Runs:\n\n```sh\n" + "\n".join(commands) + "\n```" if commands else ""
    parts += [tail] + ["%s%s (the rows written before the records existed)." % (
        src[0].upper(), src[1:]) for src in srcs]
    return "\n\n".join(p for p in parts if p)


def part_fuzzing_runs(report):
    rec = report.records.get("fuzzing")
    if not rec:
        return missing("fuzzing", "`python3 utils/fuzz.py --record ...`")
    rows = rec["rows"]
    total = sum(x.get("mutants") or 0 for x in rows)
    secs = sum(x.get("elapsed_s") or 0 for x in rows)
    found = sum(x.get("findings") or 0 for x in rows)
    slow = sum(x.get("slow") or 0 for x in rows)
    defects = len(rec.get("findings") or [])
    lines = ["%s mutants in %d runs, %.1f hours on the 2-core development machine. The runs "
             "reported %d findings, %d of them slow compiles rather than defects; every defect "
             "found (%d, the libFuzzer runs' included) is fixed and listed under Findings." % (
                 num(total), len(rows), secs / 3600.0, found, slow, defects), ""]
    body = [[x.get("date", "-"), short_commit(x.get("commit")), "`%s`" % x.get("command", "-"),
             x.get("seed_set") or "-", num(x.get("mutants")), num(x.get("elapsed_s")),
             num(x.get("distinct_diagnostics")), num(x.get("findings"))] for x in reversed(rows)]
    lines.append(table(["date", "commit", "run", "seeds", "mutants", "seconds",
                        "distinct diagnostics", "findings"], body))
    return "\n".join(lines)


def part_fuzzing_findings(report):
    rec = report.records.get("fuzzing")
    found = (rec or {}).get("findings") or []
    if not found:
        return "No finding recorded."
    body = [[x.get("date", "-"), x.get("seed") if x.get("seed") is not None else "-", x.get("what", ""), x.get("fix", ""),
             short_commit(x.get("commit")),
             "`%s`" % x["lit_test"] if x.get("lit_test") else "-"] for x in found]
    return table(["date", "seed", "what", "fix", "commit", "lit test"], body)
