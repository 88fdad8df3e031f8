#!/usr/bin/env python3
"""Robustness check: malformed inputs get diagnostics, never crashes.

For every input file and every line in it, deletes that line (and, separately,
cuts the file after it) and runs `triton-opt` with each given pass pipeline.
Deleting a line yields use-before-definition errors, missing terminators,
unbalanced regions, or valid IR with a different meaning; all of it must end
with exit code 0 or 1. A signal or any other exit code is a crash: the
offending input is written next to --out and the script exits 1.

Usage: line-deletion-check.py --opt triton-opt --out DIR
           [--pipeline="--flag --flag" ...] FILE...
"""
import argparse
import os
import subprocess
import sys


def variants(lines):
    """(description, text) for each one-line deletion and each truncation."""
    for i in range(len(lines)):
        yield "line %d deleted" % (i + 1), "".join(lines[:i] + lines[i + 1:])
        yield "cut after line %d" % (i + 1), "".join(lines[: i + 1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opt", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--pipeline", action="append", default=[])
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    pipelines = [p.split() for p in args.pipeline] or [[]]
    os.makedirs(args.out, exist_ok=True)
    case = os.path.join(args.out, "case.mlir")
    runs = crashes = 0
    for path in args.files:
        with open(path) as f:
            lines = f.readlines()
        for what, text in variants(lines):
            with open(case, "w") as f:
                f.write(text)
            for flags in pipelines:
                runs += 1
                proc = subprocess.run([args.opt, case, "-o", os.devnull] + flags,
                                      stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE)
                if proc.returncode in (0, 1):
                    continue
                crashes += 1
                kept = os.path.join(args.out, "crash-%d.mlir" % crashes)
                with open(kept, "w") as f:
                    f.write(text)
                print("CRASH (exit %d): %s, %s, flags %s; input kept in %s"
                      % (proc.returncode, path, what, " ".join(flags), kept))
                print(proc.stderr.decode(errors="replace")[-2000:])
    print("%d runs, %d crashes" % (runs, crashes))
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
