#!/usr/bin/env python3
"""Runs Triton's own test files on the GPU machine through triton-mlir, in
parallel shards, within a deadline; utils/gpu/triton-tests.sh calls it.

    triton_tests_run.py --tests DIR --out DIR [--files test_core.py ...]
                        [--shards 14] [--deadline SECONDS] [--done FILE ...]
                        [--baseline-reserve SECONDS] [--filter SUBSTRING...]

1. Collects the test ids of each file (pytest --collect-only) and drops the
   ids already in a --done file (results of an earlier call: one run of a
   suite may take several calls of the GPU machine).
2. Runs the rest with TRITON_MLIR=1 in --shards pytest processes, each with
   its own Triton cache and results file; ids are dealt round-robin so slow
   parametrizations spread. The pytest plugin (triton_mlir.pytest_plugin)
   appends each test's outcome as it ends, so killing a shard at the
   deadline loses nothing but the test it was in.
3. Runs every test that did not pass with ours (this call's and the --done
   files') again with Triton's own compiler (TRITON_MLIR=0): the baseline a
   failure is judged against, on the same machine in the same call. With
   --baseline all, every test of this call runs again with Triton (twice
   the device time).
4. Writes OUT/ours.jsonl, OUT/baseline.jsonl (one line per test),
   OUT/run.log and OUT/env.json (the GPU, driver, Triton and PyTorch
   versions, the commit and this command, bench/results.py). With
   --keep-ir, also the IR of every kernel the shards compiled
   (OUT/ir/LABEL/HASH/NAME.{source,ttir,ttgir,json}: Gluon's source and
   Triton's TTGIR of the same kernel, for instance).
   utils/triton-tests-report.py turns them into the table, and with
   --record into bench/results/triton-tests.json.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time


def log(out, text):
    line = time.strftime("%H:%M:%S ") + text
    print(line, flush=True)
    with open(os.path.join(out, "run.log"), "a") as f:
        f.write(line + "\n")


def collect(tests_dir, files, env):
    ids = []
    for name in files:
        proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", name], cwd=tests_dir, env=env,
                              capture_output=True, text=True)
        found = [line.strip() for line in proc.stdout.splitlines() if "::" in line and not line.startswith(" ")]
        if not found:
            print(proc.stdout[-3000:], proc.stderr[-3000:], file=sys.stderr)
        ids += found
    return ids


def read_results(paths):
    results = {}
    for path in paths:
        if not os.path.exists(path):
            continue
        with open(path) as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut short by a kill
                results[record["test"]] = record
    return results


def run_shards(label, ids, shards, tests_dir, out, env, deadline, extra_env, keep_ir=False):
    """Runs `ids` in `shards` processes until `deadline` (time.time());
    returns the results files."""
    work = os.path.join(out, "work", label)
    os.makedirs(work, exist_ok=True)
    procs, files = [], []
    groups = [ids[i::shards] for i in range(shards)]
    for index, group in enumerate(groups):
        if not group:
            continue
        results = os.path.join(work, f"shard{index}.jsonl")
        listing = os.path.join(work, f"shard{index}.ids")
        with open(listing, "w") as f:
            f.write("\n".join(group) + "\n")
        shard_env = dict(env, **extra_env)
        shard_env["TRITON_MLIR_RESULTS"] = results
        shard_env["TRITON_CACHE_DIR"] = os.path.join(work, f"cache{index}")
        shard_env["PYTHONUNBUFFERED"] = "1"
        logfile = open(os.path.join(work, f"shard{index}.log"), "w")
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "triton_mlir.pytest_plugin", "-p", "no:cacheprovider"]
        cmd += group
        procs.append((subprocess.Popen(cmd, cwd=tests_dir, env=shard_env, stdout=logfile, stderr=subprocess.STDOUT,
                                       start_new_session=True), logfile))
        files.append(results)
    while any(p.poll() is None for p, _ in procs):
        if time.time() > deadline:
            log(out, f"{label}: deadline reached, stopping {sum(p.poll() is None for p, _ in procs)} shards")
            for p, _ in procs:
                if p.poll() is None:
                    try:
                        os.killpg(p.pid, 9)
                    except ProcessLookupError:
                        pass
            break
        time.sleep(2)
    for p, f in procs:
        p.wait()
        f.close()
    # The shards' Triton caches (hundreds of MB for a few thousand tests)
    # are not results; the logs and the results files stay, and with
    # --keep-ir the kernels' IR (OUT/ir/LABEL/HASH/NAME.{source,ttir,ttgir,json}).
    for index in range(len(groups)):
        cache = os.path.join(work, f"cache{index}")
        if keep_ir and os.path.isdir(cache):
            for hash_dir in os.listdir(cache):
                for name in os.listdir(os.path.join(cache, hash_dir)):
                    if name.rsplit(".", 1)[-1] in ("source", "ttir", "ttgir", "json"):
                        dest = os.path.join(out, "ir", label, hash_dir)
                        os.makedirs(dest, exist_ok=True)
                        shutil.copy(os.path.join(cache, hash_dir, name), dest)
        shutil.rmtree(cache, ignore_errors=True)
    return files


def write_env(out, filters):
    """OUT/env.json: where and with what this run ran, for the record (the
    --filter substrings: a run of some tests only is a row of its own)."""
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    from bench import results
    env = dict(results.gpu_environment(), commit=results.commit(),
               date=time.strftime("%Y-%m-%d"), command=results.command_line(),
               filter=filters)
    with open(os.path.join(out, "env.json"), "w") as f:
        json.dump(env, f, indent=1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tests", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--files", nargs="+", default=["test_core.py"])
    parser.add_argument("--shards", type=int, default=14)
    parser.add_argument("--deadline", type=float, default=540)
    parser.add_argument("--baseline-reserve", type=float, default=100)
    parser.add_argument("--done", nargs="*", default=[])
    parser.add_argument("--filter", nargs="*", default=[],
                        help="run only the tests whose id contains one of these")
    parser.add_argument("--first", nargs="*", default=[],
                        help="run the tests whose id contains one of these first (e.g. the ones a change fixes)")
    parser.add_argument("--keep-ir", action="store_true",
                        help="keep the kernels' IR from the shards' Triton caches under OUT/ir")
    parser.add_argument("--baseline", choices=("failures", "all"), default="failures",
                        help="rerun with Triton's compiler only the tests that did not pass with ours "
                        "(default), or every test run in this call")
    args = parser.parse_args()
    start = time.time()
    os.makedirs(args.out, exist_ok=True)
    write_env(args.out, args.filter)
    env = dict(os.environ)

    ids = collect(args.tests, args.files, env)
    if args.filter:
        ids = [i for i in ids if any(f in i for f in args.filter)]
    done = read_results(args.done)
    todo = [i for i in ids if i not in done]
    if args.first:
        first = [i for i in todo if any(f in i for f in args.first)]
        chosen = set(first)
        todo = first + [i for i in todo if i not in chosen]
    log(args.out, f"collected {len(ids)} tests in {time.time() - start:.0f}s; {len(done)} done earlier, "
        f"{len(todo)} to run with triton-mlir")
    with open(os.path.join(args.out, "collected.txt"), "w") as f:
        f.write("\n".join(ids) + "\n")

    ours_deadline = start + args.deadline - args.baseline_reserve
    files = run_shards("ours", todo, args.shards, args.tests, args.out, env, ours_deadline, {"TRITON_MLIR": "1"},
                       keep_ir=args.keep_ir)
    ours = read_results(files)
    with open(os.path.join(args.out, "ours.jsonl"), "w") as f:
        for record in ours.values():
            f.write(json.dumps(record) + "\n")
    log(args.out, f"ours: {len(ours)} of {len(todo)} tests recorded")

    everything = dict(done, **ours)
    if args.baseline == "all":
        rerun = list(ours)
    else:
        rerun = [t for t, r in everything.items() if r["outcome"] in ("failed", "error")]
    files = run_shards("baseline", rerun, args.shards, args.tests, args.out, env, start + args.deadline,
                       {"TRITON_MLIR": "0"}, keep_ir=args.keep_ir)
    baseline = read_results(files)
    with open(os.path.join(args.out, "baseline.jsonl"), "w") as f:
        for record in baseline.values():
            f.write(json.dumps(record) + "\n")
    log(args.out, f"baseline: {len(baseline)} of {len(rerun)} failing tests rerun with Triton's compiler")
    remaining = len(todo) - len(ours)
    log(args.out, f"done in {time.time() - start:.0f}s; {remaining} tests not reached")


if __name__ == "__main__":
    main()
