#!/usr/bin/env python3
"""TTIR to cubin in one process through the C API, with each assembler:
ptxas in a child process (Triton's way) and libnvJitLink in the process.

    TRITON_MLIR_LIBRARY=build/bundle/lib/libtriton_mlir.so \\
        python3 bench/assembler_time.py test/inductor/kernels.tar.xz [--runs 3] [--limit N]

Every kernel of the Inductor corpus without a dot (its num_warps), compiled
--runs times with each assembler in turn after one warm-up compile of each
(the library loads, nvJitLink is opened, ptxas is in the page cache); a
kernel's figure is its median. Prints the totals, the geomean of the
per-kernel ratios and the slowest kernels. Needs no GPU: the cubins are
made, not run.
"""
import argparse
import io
import json
import math
import os
import statistics
import sys
import tarfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from triton_mlir import _capi  # noqa: E402


def kernels(archive, limit):
    found = {}
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            parts = member.name.split("/")
            if len(parts) < 2 or parts[-1] not in ("kernel.ttir", "kernel.json"):
                continue
            data = tar.extractfile(member).read().decode()
            found.setdefault(parts[-2], {})[parts[-1]] = data
    result = []
    for name in sorted(found):
        entry = found[name]
        if "kernel.ttir" not in entry or "kernel.json" not in entry:
            continue
        if "tt.dot" in entry["kernel.ttir"] or "tensordesc" in entry["kernel.ttir"]:
            continue
        meta = json.loads(entry["kernel.json"])
        result.append((name, entry["kernel.ttir"], meta.get("num_warps", 4)))
    return result[:limit] if limit else result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    lib = _capi.library()
    todo = kernels(args.corpus, args.limit)
    assemblers = ("ptxas", "nvjitlink")
    for assembler in assemblers:  # warm-up
        lib.compile(todo[0][1], {"num_warps": todo[0][2], "assembler": assembler})
    times = {a: [] for a in assemblers}
    for name, ttir, warps in todo:
        for assembler in assemblers:
            samples = []
            for _ in range(args.runs):
                start = time.perf_counter()
                lib.compile(ttir, {"num_warps": warps, "assembler": assembler})
                samples.append(time.perf_counter() - start)
            times[assembler].append(statistics.median(samples))
    n = len(todo)
    ratios = [p / j for p, j in zip(times["ptxas"], times["nvjitlink"])]
    geo = math.exp(sum(math.log(r) for r in ratios) / n)
    print("%d kernels, median of %d runs each" % (n, args.runs))
    print("| assembler | total s | median ms per kernel |")
    print("|---|---|---|")
    for assembler in assemblers:
        print("| %s | %.2f | %.1f |" % (assembler, sum(times[assembler]),
                                        1000 * statistics.median(times[assembler])))
    print("geomean of ptxas time / nvJitLink time per kernel: %.3f" % geo)
    return 0


if __name__ == "__main__":
    sys.exit(main())
