#!/usr/bin/env python3
"""The table of a run of Triton's tests through triton-mlir
(utils/gpu/triton-tests.sh), for docs/triton-tests.md.

    utils/triton-tests-report.py --ours A/ours.jsonl B/ours.jsonl ...
        --baseline A/baseline.jsonl ... [--collected A/collected.txt]
        [--record [--env A/env.json]]

Each ours.jsonl line is one test run with triton_mlir enabled (the pytest
plugin's record: outcome, kernels through ours, fallbacks and their
reasons); baseline.jsonl holds the tests that did not pass with ours, run
again with Triton's own compiler. Later files win for a test in several.
A test "went through ours" when at least one of its kernels was compiled by
triton-mlir. A failure with ours counts against us only when the same test
passes with Triton.

--record writes the per-file rows into bench/results/triton-tests.json
(bench/results.py), each row with its run's GPU, versions, commit, date and
command from the run's env.json (triton_tests_run.py writes it beside
ours.jsonl; --env names it): a file's row replaces that file's earlier row
of the same scope (all, or the --filter of the run), and a whole file's
run also drops the earlier runs of some of its tests; the other files'
rows stay. bench/report.py makes docs/triton-tests.md
from the record.
"""

import argparse
import collections
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(paths):
    results = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.strip():
                    try:
                        record = json.loads(line)
                    except json.JSONDecodeError:
                        continue
                    results[record["test"]] = record
    return results


def normalize(reason):
    """One bucket per kind of refusal: no location, no SSA names."""
    reason = re.sub(r"^.*?error: ", "", reason)
    reason = re.sub(r"%[\w#]+", "%v", reason)
    return reason.strip()[:160]


def file_of(test):
    return test.split("::")[0]


def function_of(test):
    return test.split("::")[-1].split("[")[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ours", nargs="+", required=True)
    parser.add_argument("--baseline", nargs="*", default=[])
    parser.add_argument("--collected", nargs="*", default=[])
    parser.add_argument("--record", action="store_true",
                        help="write the rows into bench/results/triton-tests.json")
    parser.add_argument("--env", help="the run's env.json (default: beside the first --ours)")
    args = parser.parse_args()
    ours = read(args.ours)
    baseline = read(args.baseline)
    collected = set()
    for path in args.collected:
        with open(path) as f:
            collected.update(line.strip() for line in f if line.strip())

    files = sorted({file_of(t) for t in set(ours) | collected})
    records = []
    for name in files:
        tests = {t: r for t, r in ours.items() if file_of(t) == name}
        through = {t: r for t, r in tests.items() if r.get("ours", 0) > 0}
        failed = {t: r for t, r in through.items() if r["outcome"] in ("failed", "error")}
        regress = {t: r for t, r in failed.items() if baseline.get(t, {}).get("outcome") == "passed"}
        unjudged = {t for t in failed if t not in baseline}
        records.append(dict(
            file=name, collected=len([t for t in collected if file_of(t) == name]),
            run=len(tests), skipped=sum(r["outcome"] == "skipped" for r in tests.values()),
            through_ours=len(through),
            passed=sum(r["outcome"] == "passed" for r in through.values()),
            failed_ours=len(failed), pass_with_triton=len(regress), not_rerun=len(unjudged),
            fallback=sum(r.get("fallback", 0) > 0 for r in tests.values()),
            failing_with_triton_too=sum(baseline.get(t, {}).get("outcome") in ("failed", "error")
                                        for t in failed),
            regressions=sorted(t.split("::", 1)[-1] for t in regress)[:50],
            passed_ids=sorted(t.split("::", 1)[-1] for t, r in through.items()
                              if r["outcome"] == "passed" and r.get("fallback", 0) == 0),
            fallback_reasons=dict(collections.Counter(
                normalize(reason) for r in tests.values() for reason in r.get("reasons", []))
                .most_common(10))))

    columns = ("file", "collected", "run", "skipped", "through_ours", "passed", "failed_ours",
               "pass_with_triton", "not_rerun", "fallback")
    print("| file | collected | run | skipped | through ours | passed | failed with ours | "
          "of them pass with Triton | not rerun | with a fallback |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for record in records:
        print("| " + " | ".join(str(record[c]) for c in columns) + " |")

    regressions = sorted(t for t, r in ours.items()
                         if r.get("ours", 0) > 0 and r["outcome"] in ("failed", "error")
                         and baseline.get(t, {}).get("outcome") == "passed")
    by_function = collections.Counter(f"{file_of(t)}::{function_of(t)}" for t in regressions)
    print(f"\nFailing with ours, passing with Triton: {len(regressions)} tests")
    for function, count in by_function.most_common():
        example = next(t for t in regressions if f"{file_of(t)}::{function_of(t)}" == function)
        print(f"- `{function}`: {count} (e.g. `{example.split('::')[-1]}`: {ours[example]['message'][:200]})")

    both = sorted(t for t, r in ours.items()
                  if r.get("ours", 0) > 0 and r["outcome"] in ("failed", "error")
                  and baseline.get(t, {}).get("outcome") in ("failed", "error"))
    by_function = collections.Counter(f"{file_of(t)}::{function_of(t)}" for t in both)
    print(f"\nFailing with ours and with Triton alike: {len(both)} tests")
    for function, count in by_function.most_common():
        print(f"- `{function}`: {count}")

    alike = [t for t, r in ours.items() if r.get("ours", 0) == 0 and r["outcome"] in ("failed", "error")
             and baseline.get(t, {}).get("outcome") in ("failed", "error")]
    by_function = collections.Counter(f"{file_of(t)}::{function_of(t)}" for t in alike)
    print(f"\nFailing with no kernel through ours, and with Triton alike: {len(alike)} tests")
    for function, count in by_function.most_common():
        print(f"- `{function}`: {count}")

    reasons = collections.Counter()
    functions = collections.defaultdict(set)
    for test, record in ours.items():
        for reason in record.get("reasons", []):
            reasons[normalize(reason)] += 1
            functions[normalize(reason)].add(function_of(test))
    print(f"\nFallbacks to Triton's compiler, by reason (tests): {sum(reasons.values())}")
    for reason, count in reasons.most_common():
        names = sorted(functions[reason])
        shown = ", ".join(names[:6]) + (f", ... ({len(names)} functions)" if len(names) > 6 else "")
        print(f"- {count}: `{reason}` ({shown})")
    if args.record:
        write_record(records, args.env or os.path.join(os.path.dirname(args.ours[0]), "env.json"))
    return 0


def write_record(rows, env_path):
    sys.path.insert(0, ROOT)
    from bench import results
    with open(env_path) as f:
        env = json.load(f)
    command = env.pop("command", None)
    # A run of some tests only (--filter) is a row of its own beside the
    # file's whole run.
    scope = " ".join(env.pop("filter", None) or []) or "all"
    # A run of some tests records which regressions of the file's whole run
    # now pass through ours (the summary counts them as fixed).
    whole = {}
    if scope != "all":
        record = results.load("triton-tests") or {}
        whole = {r["file"]: r for r in record.get("rows", []) if r.get("scope", "all") == "all"}
    for r in rows:
        r["scope"] = scope
        passed = set(r.pop("passed_ids"))
        if scope != "all":
            r["fixed_regressions"] = [t for t in whole.get(r["file"], {}).get("regressions", []) if t in passed]
    # A whole file's run covers every earlier run of some of its tests.
    covered = {r["file"] for r in rows} if scope == "all" else set()
    results.write("triton-tests", rows, key=lambda r: (r["file"], r["scope"]), command=command,
                  env=env, per_row=True, supersedes=lambda old: old["file"] in covered)


if __name__ == "__main__":
    sys.exit(main())
