#!/usr/bin/env python3
"""Structure-aware mutation fuzzer for the compiler's tools.

Mutates real kernels (TTIR and TTGIR seeds: the corpus, examples/, the lit
inputs) at the level of MLIR text: lines deleted, duplicated or swapped,
integers and shapes changed, element types and op names exchanged, SSA uses
rewired, files cut short. Each mutant goes through
  - triton-translate --emit=ptx: parser, verifier, ttir, ttgir and llir
    pipelines, LLVM and PTX emission (no ptxas); a TTIR mutant a third of
    the time with other options (2 or 4 CTAs, 8 warps, 2 or 4 stages,
    sm_80: TTIR_OPTIONS);
  - some of the time also triton-opt (parse, verify, print) and
    triton-aot compile (launcher generation, which runs the same pipeline
    and ptxas when one is installed).
A finding is any of: a signal, a timeout, an exit status other than 0 and 1,
"error:" printed with exit 0, and exit 1 without any diagnostic. Each finding
is minimised by deleting lines while the same tool keeps giving the same kind
of finding, and written to --out as a lit test whose RUN line replays it
(once fixed it joins the lit suite: test/lit/errors/fuzz-*.mlir or the lit
file of the pass that now refuses the input).

The sequence of mutants depends only on --seed, so a run bounded by --runs
is reproducible; --time bounds a run by the clock instead. Prints one summary
line per outcome, the distinct diagnostics seen (a coverage proxy: each
diagnostic is a distinct rejection path), and exits 1 when there is a
finding.

Usage: fuzz.py --bin build/bin --out DIR [--runs N | --time SECONDS]
               [--seed N] [--jobs N] [--record] [SEED_FILE_DIR_OR_TAR...]
(test/inductor/kernels.tar.xz: 1,240 TTIR and TTGIR seeds of Inductor's.)
--record appends the run's figures to bench/results/fuzzing.json
(bench/results.py; $BENCH_RESULTS elsewhere), from which bench/report.py
makes docs/fuzzing.md's table of runs.
"""
import argparse
import collections
import multiprocessing
import os
import random
import re
import subprocess
import tarfile
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SEEDS = [os.path.join(ROOT, "..", "shared", "corpus"),
                 os.path.join(ROOT, "examples"),
                 os.path.join(ROOT, "test", "lit", "Pipeline", "Inputs")]
TIMEOUT = 20
TYPES = ["f32", "f16", "bf16", "f64", "i1", "i8", "i16", "i32", "i64",
         "f8E4M3FN", "f8E5M2", "index"]
OP_GROUPS = [
    ["arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.remsi",
     "arith.andi", "arith.ori", "arith.xori", "arith.maxsi", "arith.minui",
     "arith.shli", "arith.shrsi"],
    ["arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maxnumf",
     "arith.minimumf"],
    ["tt.load", "tt.store", "tt.atomic_rmw"],
    ["tt.reduce", "tt.scan"],
    ["tt.splat", "tt.broadcast", "tt.expand_dims", "tt.reshape", "tt.trans",
     "ttg.convert_layout"],
    ["tt.get_program_id", "tt.get_num_programs"],
    ["arith.extf", "arith.truncf", "arith.sitofp", "arith.fptosi",
     "arith.extsi", "arith.trunci", "tt.bitcast"],
    ["scf.for", "scf.while", "scf.if"],
    ["tt.func public", "tt.func private", "tt.func"],
    ["tt.dot", "tt.dot_scaled"],
]
INTERESTING = [0, 1, 2, 3, -1, 7, 16, 31, 32, 33, 64, 127, 128, 1024, 4096,
               65536, 2**31 - 1, -2**31, 2**32, 2**63 - 1]
SSA = re.compile(r"%[A-Za-z0-9_#.$-]+")
INT = re.compile(r"(?<![A-Za-z0-9_%#.])-?\d+(?![A-Za-z0-9_.])")
SHAPE = re.compile(r"(tensor|memdesc)<((?:\d+x)+)")
MODULE_ATTR = re.compile(r'("ttg\.num-warps"|"ttg\.num-ctas"|'
                         r'"ttg\.threads-per-warp"|ttg\.target) = '
                         r'("[^"]*"|-?\d+)')
LAYOUT_LIST = re.compile(r"(\b(?:sizePerThread|threadsPerWarp|warpsPerCTA|"
                         r"order|instrShape|CTAsPerCGA|CTASplitNum|"
                         r"CTAOrder) = \[)([^\]]*)\]")


def mutate(text, rng):
    """One structural change of `text` (an MLIR module as text)."""
    lines = text.split("\n")
    body = [i for i, l in enumerate(lines)
            if l.strip() and not l.lstrip().startswith(("#loc", "//"))]
    if not body:
        return text
    kind = rng.randrange(13)
    if kind == 10:                      # an element type, file-wide
        present = [t for t in TYPES if re.search(r"\b%s\b" % t, text)]
        if present:
            return re.sub(r"\b%s\b" % rng.choice(present), rng.choice(TYPES),
                          text)
        return text
    if kind == 11:                      # a module attribute
        attrs = list(MODULE_ATTR.finditer(text))
        if attrs:
            m = rng.choice(attrs)
            value = rng.choice(["0", "1", "2", "3", "8", "16", "64", "-1",
                                "\"cuda:80\"", "\"cuda:75\"", "\"cuda:100\"",
                                "\"hip:gfx942\""])
            return text[:m.start(2)] + value + text[m.end(2):]
        return text
    if kind == 12:                      # a layout parameter list, file-wide
        lists = list(LAYOUT_LIST.finditer(text))
        if lists:
            m = rng.choice(lists)
            items = m.group(2).split(", ")
            j = rng.randrange(len(items))
            items[j] = str(rng.choice([0, 1, 2, 4, 8, 16, 32, 64, 3]))
            if rng.random() < 0.3:
                items.reverse()
            return text.replace(m.group(0),
                                m.group(1) + ", ".join(items) + "]")
        return text
    i = rng.choice(body)
    line = lines[i]
    if kind == 0:                       # delete a line
        del lines[i]
    elif kind == 1:                     # duplicate a line
        lines.insert(rng.choice(body), line)
    elif kind == 2:                     # swap two lines
        j = rng.choice(body)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3:                     # an integer literal
        hits = list(INT.finditer(line))
        if hits:
            m = rng.choice(hits)
            v = int(m.group())
            new = rng.choice([rng.choice(INTERESTING), v * 2, v // 2, v + 1,
                              v - 1, -v])
            lines[i] = line[:m.start()] + str(new) + line[m.end():]
    elif kind == 4:                     # an element type, everywhere on a line
        present = [t for t in TYPES if re.search(r"\b%s\b" % t, line)]
        if present:
            old = rng.choice(present)
            lines[i] = re.sub(r"\b%s\b" % old, rng.choice(TYPES), line)
    elif kind == 5:                     # one dimension of a shape, file-wide
        hits = list(SHAPE.finditer(text))
        if hits:
            dims = rng.choice(hits).group(2)
            new = dims.replace(rng.choice(dims.split("x")[:-1]) + "x",
                               str(rng.choice([0, 1, 2, 3, 8, 64, 256, 512,
                                               2048])) + "x", 1)
            return text.replace(dims, new)
    elif kind == 6:                     # rewire one SSA use
        uses = list(SSA.finditer(line))
        names = SSA.findall(text)
        if uses and names:
            m = rng.choice(uses)
            lines[i] = line[:m.start()] + rng.choice(names) + line[m.end():]
    elif kind == 7:                     # exchange an op for a sibling
        for group in rng.sample(OP_GROUPS, len(OP_GROUPS)):
            present = [op for op in group if op in line]
            if present:
                lines[i] = line.replace(rng.choice(present),
                                        rng.choice(group), 1)
                break
    elif kind == 8:                     # cut the file short
        return "\n".join(lines[:i])
    else:                               # an attribute or token dropped
        tokens = line.split(" ")
        if len(tokens) > 2:
            del tokens[rng.randrange(1, len(tokens))]
            lines[i] = " ".join(tokens)
    return "\n".join(lines)


# Compile options a TTIR mutant is sometimes translated with, so that the
# paths behind them (clusters of CTAs and the CTA planner, 8 warps, the
# pipeliner's stage counts, sm_80's lowering) are fuzzed too. No fewer warps
# than a seed's: a 128x256 matmul in one warp (1,024 accumulators a thread)
# spends 90 s in LLVM's O3, a timeout that says nothing about our code.
TTIR_OPTIONS = [["--num-ctas=2"], ["--num-ctas=4"], ["--num-warps=8"],
                ["--num-stages=2"], ["--num-stages=4"],
                ["--target=cuda:80"], ["--num-ctas=2", "--num-warps=8"]]


def commands(bindir, path, out_dir, which, options=()):
    """The tool invocations for target `which` on `path`; `options` go to
    triton-translate."""
    if which == "translate":
        return [os.path.join(bindir, "triton-translate"), path, "--emit=ptx",
                *options, "-o", os.devnull]
    if which == "opt":
        return [os.path.join(bindir, "triton-opt"), path, "-o", os.devnull]
    return [os.path.join(bindir, "triton-aot"), "compile", path, "--grid",
            "1", "--target", "sm_90a", "-o", out_dir]


def classify(rc, stderr):
    """None for a clean outcome, else the kind of finding."""
    if rc is None:
        return "timeout"
    if rc < 0 or rc >= 128:
        return "signal"
    if rc not in (0, 1):
        return "exit %d" % rc
    if rc == 0 and re.search(r"(^|\s)error:", stderr):
        return "error with exit 0"
    if rc == 1 and "error" not in stderr.lower():
        return "exit 1 without a diagnostic"
    return None


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           errors="replace", timeout=TIMEOUT)
        return p.returncode, p.stderr
    except subprocess.TimeoutExpired:
        return None, ""


def diagnostic(stderr):
    """The first error of `stderr` without locations and values."""
    for l in stderr.splitlines():
        m = re.search(r"error: (.*)", l)
        if m:
            text = re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "_", m.group(1))
            return text[:100]
    return None


def attempt(job):
    """Runs mutant `index` of the sequence; returns its outcome."""
    seed, index, seeds, bindir, work = job
    rng = random.Random("%d/%d" % (seed, index))
    path = rng.choice(seeds)
    with open(path) as f:
        text = f.read()
    for _ in range(rng.choice([1, 1, 2, 3])):
        text = mutate(text, rng)
    ext = os.path.splitext(path)[1] or ".mlir"
    tmp = tempfile.mkdtemp(dir=work)
    case = os.path.join(tmp, "case" + ext)
    with open(case, "w") as f:
        f.write(text)
    targets = ["translate"]
    if rng.random() < 0.3:
        targets.append("opt")
    if rng.random() < 0.1 and ext == ".ttir":
        targets.append("aot")
    options = rng.choice(TTIR_OPTIONS) if ext == ".ttir" and rng.random() < 0.3 else []
    results = []
    for which in targets:
        rc, err = run(commands(bindir, case, tmp, which, options))
        results.append((which, rc, classify(rc, err), diagnostic(err)))
    subprocess.run(["rm", "-rf", tmp])
    return path, text, ext, options, results


def minimise(text, ext, which, kind, bindir, work, options=(), budget=300):
    """Deletes lines of `text` while `which` keeps giving `kind`, for at
    most `budget` seconds (a timeout costs TIMEOUT seconds a try)."""
    tmp = tempfile.mkdtemp(dir=work)
    case = os.path.join(tmp, "case" + ext)
    deadline = time.time() + budget

    def still(candidate):
        if time.time() > deadline:
            return False
        with open(case, "w") as f:
            f.write(candidate)
        rc, err = run(commands(bindir, case, tmp, which, options))
        return classify(rc, err) == kind

    lines = text.split("\n")
    chunk = max(1, len(lines) // 2)
    while chunk >= 1:
        i = 0
        while i < len(lines):
            candidate = lines[:i] + lines[i + chunk:]
            if candidate and still("\n".join(candidate)):
                lines = candidate
            else:
                i += chunk
        chunk //= 2
    subprocess.run(["rm", "-rf", tmp])
    return "\n".join(lines)


def seed_set(given, limit=60):
    """A short description of the seed arguments: "default" when none were
    given, else their base names joined with commas, cut to about `limit`
    characters."""
    if not given:
        return "default"
    names = [os.path.basename(os.path.normpath(s)) or s for s in given]
    text = ",".join(names)
    if len(text) <= limit:
        return text
    kept = []
    for name in names:
        if len(",".join(kept + [name])) > limit - 12:
            break
        kept.append(name)
    if not kept:
        kept = [names[0][:limit - 15] + "..."]
    rest = len(names) - len(kept)
    return ",".join(kept) + (" +%d more" % rest if rest else "")


def record(args, seeds, runs, elapsed, exits, diagnostics, findings):
    """Appends this run to the fuzzing record (bench/results/fuzzing.json)."""
    sys.path.insert(0, ROOT)
    from bench import results
    row = {"seed": args.seed, "jobs": args.jobs}
    if args.runs:
        row["runs"] = args.runs
    if args.time:
        row["time_s"] = int(args.time) if args.time == int(args.time) else args.time
    row.update({
        "elapsed_s": int(round(elapsed)),
        "seeds": len(seeds),
        "seed_set": seed_set(args.seeds),
        "mutants": runs,
        "exits": {which: dict(sorted(counts.items()))
                  for which, counts in sorted(exits.items())},
        "distinct_diagnostics": len(diagnostics),
        "findings": len(findings),
    })
    results.append("fuzzing", row, command=results.command_line())


LIT_RUN = {
    "translate": "// RUN: not triton-translate %s --emit=ptx{options} -o /dev/null "
                 "2>&1 | FileCheck %s",
    "opt": "// RUN: not triton-opt %s -o /dev/null 2>&1 | FileCheck %s",
    "aot": "// RUN: not triton-aot compile %s --grid 1 --target sm_90a "
           "-o %t 2>&1 | FileCheck %s",
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--out", required=True)
    parser.add_argument("--runs", type=int, default=0)
    parser.add_argument("--time", type=float, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--record", action="store_true",
                        help="append the run to bench/results/fuzzing.json")
    parser.add_argument("seeds", nargs="*")
    args = parser.parse_args()
    if not args.runs and not args.time:
        args.runs = 200
    seeds = []
    for s in args.seeds or DEFAULT_SEEDS:
        if s.endswith((".tar.xz", ".tar.gz", ".tgz")) and os.path.exists(s):
            # An archive of kernels (test/inductor/kernels.tar.xz): its
            # .ttir/.ttgir files, unpacked for this run.
            unpacked = tempfile.mkdtemp(prefix="fuzz-seeds-")
            with tarfile.open(s) as archive:
                if hasattr(tarfile, "data_filter"):
                    archive.extractall(unpacked, filter="data")
                else:
                    archive.extractall(unpacked)
            s = unpacked
        if os.path.isdir(s):
            for d, _, files in sorted(os.walk(s)):
                seeds += [os.path.join(d, f) for f in sorted(files)
                          if f.endswith((".ttir", ".ttgir"))]
        elif os.path.exists(s):
            seeds.append(s)
    if not seeds:
        sys.exit("fuzz.py: no .ttir/.ttgir seeds found")
    os.makedirs(args.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="fuzz-")
    start = time.time()
    outcomes = collections.Counter()
    exits = collections.defaultdict(collections.Counter)
    diagnostics = collections.Counter()
    findings = []

    def jobs():
        index = 0
        while (not args.runs or index < args.runs) and \
                (not args.time or time.time() - start < args.time):
            yield args.seed, index, seeds, args.bin, work
            index += 1

    runs = 0
    with multiprocessing.Pool(args.jobs) as pool:
        for path, text, ext, options, results in pool.imap_unordered(attempt, jobs()):
            runs += 1
            for which, rc, kind, diag in results:
                outcomes["%s exit %s" % (which, rc)] += 1
                exits[which]["timeout" if rc is None else str(rc)] += 1
                if diag:
                    diagnostics[diag] += 1
                if kind:
                    findings.append((path, text, ext, which, kind,
                                     options if which == "translate" else []))
                    # The mutant as found, before minimising (which can
                    # take long for timeouts).
                    raw = os.path.join(args.out, "finding-%d.raw%s"
                                       % (len(findings) - 1, ext))
                    with open(raw, "w") as f:
                        f.write(text)
    elapsed = time.time() - start
    print("fuzz: %d mutants of %d seeds in %.0f s (seed %d, %d jobs)"
          % (runs, len(seeds), elapsed, args.seed, args.jobs))
    for key, n in sorted(outcomes.items()):
        print("fuzz:   %-24s %d" % (key, n))
    print("fuzz: %d distinct diagnostics" % len(diagnostics))
    with open(os.path.join(args.out, "diagnostics.txt"), "w") as f:
        for d, n in diagnostics.most_common():
            f.write("%6d %s\n" % (n, d))
    for k, (path, text, ext, which, kind, options) in enumerate(findings):
        small = minimise(text, ext, which, kind, args.bin, work, options)
        name = os.path.join(args.out, "finding-%d%s" % (k, ext))
        run_line = LIT_RUN[which].replace(
            "{options}", "".join(" " + o for o in options))
        with open(name, "w") as f:
            f.write("// fuzz finding (%s, %s) from a mutant of %s\n"
                    % (kind, which, os.path.relpath(path, ROOT)))
            f.write(run_line + "\n// CHECK: error:\n" + small + "\n")
        print("fuzz: FINDING %s by %s: %s" % (kind, which, name))
    subprocess.run(["rm", "-rf", work])
    if args.record:
        record(args, seeds, runs, elapsed, exits, diagnostics, findings)
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
