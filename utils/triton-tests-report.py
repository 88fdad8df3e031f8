#!/usr/bin/env python3
"""The table of a run of Triton's tests through triton-mlir
(utils/gpu/triton-tests.sh), for docs/triton-tests.md.

    utils/triton-tests-report.py --ours A/ours.jsonl B/ours.jsonl ...
        --baseline A/baseline.jsonl ... [--collected A/collected.txt]
        [--markdown]

Each ours.jsonl line is one test run with triton_mlir enabled (the pytest
plugin's record: outcome, kernels through ours, fallbacks and their
reasons); baseline.jsonl holds the tests that did not pass with ours, run
again with Triton's own compiler. Later files win for a test in several.
A test "went through ours" when at least one of its kernels was compiled by
triton-mlir. A failure with ours counts against us only when the same test
passes with Triton.
"""

import argparse
import collections
import json
import re
import sys


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
    args = parser.parse_args()
    ours = read(args.ours)
    baseline = read(args.baseline)
    collected = set()
    for path in args.collected:
        with open(path) as f:
            collected.update(line.strip() for line in f if line.strip())

    files = sorted({file_of(t) for t in set(ours) | collected})
    rows = []
    for name in files:
        tests = {t: r for t, r in ours.items() if file_of(t) == name}
        through = {t: r for t, r in tests.items() if r.get("ours", 0) > 0}
        failed = {t: r for t, r in through.items() if r["outcome"] in ("failed", "error")}
        regress = {t: r for t, r in failed.items() if baseline.get(t, {}).get("outcome") == "passed"}
        unjudged = {t for t in failed if t not in baseline}
        rows.append((name, len([t for t in collected if file_of(t) == name]), len(tests),
                     sum(r["outcome"] == "skipped" for r in tests.values()), len(through),
                     sum(r["outcome"] == "passed" for r in through.values()), len(failed), len(regress),
                     len(unjudged), sum(r.get("fallback", 0) > 0 for r in tests.values())))

    print("| file | collected | run | skipped | through ours | passed | failed with ours | "
          "of them pass with Triton | not rerun | with a fallback |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(str(x) for x in row) + " |")

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
    return 0


if __name__ == "__main__":
    sys.exit(main())
