#!/usr/bin/env python3
"""Our ttgir stage against Triton 3.6's on a corpus of kernels nobody here wrote.

usage: utils/inductor-corpus-check.py CORPUS [--bin build/bin] [--jobs N]
                                      [--known FILE] [--write-known FILE]
                                      [--only SUBSTRING] [--verbose]

CORPUS is a directory of kernels/<name>/{kernel.ttir, kernel.ttgir,
kernel.json} as utils/gpu/inductor-corpus.py dump writes them on the GPU
machine (or a .tar.xz of one). For every kernel without tt.dot or tensor
descriptors it runs our ttgir pipeline on Triton's TTIR with the kernel's
num_warps and num_stages, then checks against Triton's TTGIR:

  layouts   every tt.load, tt.store, tt.reduce and tt.scan has Triton's types
            (layouts included), in the same order (utils/compare-layouts.py);
  converts  no more ttg.convert_layout ops than Triton's;
  shared    shared-memory bytes (our allocation, through triton-translate
            --emit=llvm-mlir) at most Triton's metadata `shared`;
  sizing    our allocation of Triton's own TTGIR (--allocate-shared-memory-nv)
            exactly Triton's `shared`: the same scratch for every op as
            Triton reserves (which conversions go through shared memory,
            how big each tile is) and the same packing of buffers.

It prints one line per kernel that fails a check and the counts. With
--known, the kernels listed in FILE (one name per line, '#' comments) may
fail; any other failure, or a compiler error, fails the run (exit 1), and a
listed kernel that now passes is reported so the list can shrink.
--write-known writes the failing kernels' names to FILE.
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("compare_layouts", os.path.join(HERE, "compare-layouts.py"))
compare_layouts = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compare_layouts)

UNSUPPORTED = re.compile(r'\btt\.dot\b|\btt\.dot_scaled\b|tensordesc|tt\.descriptor_')


def read_text(text):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
    try:
        return compare_layouts.read(f.name)
    finally:
        os.unlink(f.name)


def check_kernel(bindir, kdir):
    name = os.path.basename(kdir)
    meta = json.load(open(os.path.join(kdir, "kernel.json")))
    row = dict(name=name, problems=[])
    ttir = os.path.join(kdir, "kernel.ttir")
    cc = meta["target"]["arch"] if isinstance(meta.get("target"), dict) else 90
    opt = subprocess.run(
        [os.path.join(bindir, "triton-opt"), ttir,
         "--triton-ttgir-pipeline=num-warps=%d num-stages=%d num-ctas=%d compute-capability=%s"
         % (meta["num_warps"], meta.get("num_stages", 1), meta.get("num_ctas", 1), cc)],
        capture_output=True, text=True, timeout=300)
    if opt.returncode != 0:
        row["problems"].append("ttgir pipeline failed: " + opt.stderr.strip()[-300:])
        return row
    ours_ops, ours_cvts = read_text(opt.stdout)
    ref_ops, ref_cvts = compare_layouts.read(os.path.join(kdir, "kernel.ttgir"))
    row.update(converts=ours_cvts, converts_triton=ref_cvts)
    if [n for n, _ in ours_ops] != [n for n, _ in ref_ops]:
        row["problems"].append("op sequence: ours %d ops, Triton %d" % (len(ours_ops), len(ref_ops)))
    else:
        diff = [i for i, ((_, a), (_, b)) in enumerate(zip(ours_ops, ref_ops)) if a != b]
        row["layout_diffs"] = len(diff)
        if diff:
            i = diff[0]
            row["problems"].append("layouts differ on %d of %d ops (first: %s #%d)\n      ours:   %s\n      Triton: %s"
                                   % (len(diff), len(ours_ops), ours_ops[i][0], i, ours_ops[i][1], ref_ops[i][1]))
    if ours_cvts > ref_cvts:
        row["problems"].append("convert_layout: ours %d, Triton %d" % (ours_cvts, ref_cvts))
    with tempfile.NamedTemporaryFile("w", suffix=".ttgir", delete=False) as f:
        f.write(opt.stdout)
    try:
        tr = subprocess.run([os.path.join(bindir, "triton-translate"), "--emit=llvm-mlir", f.name],
                            capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(f.name)
    m = re.search(r'ttg\.shared = (\d+)', tr.stdout)
    if tr.returncode != 0 or not m:
        row["problems"].append("lowering failed: " + tr.stderr.strip()[-300:])
        return row
    row.update(shared=int(m.group(1)), shared_triton=meta["shared"])
    if row["shared"] > meta["shared"]:
        row["problems"].append("shared bytes: ours %d, Triton %d" % (row["shared"], meta["shared"]))
    alloc = subprocess.run([os.path.join(bindir, "triton-opt"), os.path.join(kdir, "kernel.ttgir"),
                            "--allocate-shared-memory-nv"], capture_output=True, text=True, timeout=300)
    m = re.search(r'ttg\.shared = (\d+)', alloc.stdout)
    if alloc.returncode != 0 or not m:
        row["problems"].append("allocation of Triton's TTGIR failed: " + alloc.stderr.strip()[-300:])
        return row
    row["sizing"] = int(m.group(1))
    if row["sizing"] != meta["shared"]:
        row["problems"].append("our allocation of Triton's TTGIR: %d bytes, Triton's shared %d"
                               % (row["sizing"], meta["shared"]))
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "build", "bin"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--known")
    ap.add_argument("--write-known")
    ap.add_argument("--only")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--dots", action="store_true",
                    help="check the kernels with dots instead (their pipelined loops "
                         "change the op sequence; the counts are for information)")
    args = ap.parse_args()
    root = args.corpus
    if root.endswith((".tar.xz", ".tgz", ".tar.gz")):
        unpacked = tempfile.TemporaryDirectory(prefix="inductor-corpus-")
        with tarfile.open(root) as t:
            if hasattr(tarfile, "data_filter"):
                t.extractall(unpacked.name, filter="data")
            else:
                t.extractall(unpacked.name)
        root = unpacked.name
    kernels_dir = next((os.path.join(d, "kernels") for d, subdirs, _ in os.walk(root) if "kernels" in subdirs), None)
    if not kernels_dir:
        sys.exit("no kernels/ directory under %s" % args.corpus)
    kdirs, skipped = [], 0
    for name in sorted(os.listdir(kernels_dir)):
        kdir = os.path.join(kernels_dir, name)
        if args.only and args.only not in name:
            continue
        if bool(UNSUPPORTED.search(open(os.path.join(kdir, "kernel.ttir")).read())) != args.dots:
            skipped += 1
            continue
        kdirs.append(kdir)
    with ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(lambda k: check_kernel(args.bin, k), kdirs))
    known = set()
    if args.known:
        known = {l.split("#")[0].strip() for l in open(args.known)} - {""}
    failing = [r for r in rows if r["problems"]]
    for r in failing if not args.verbose else rows:
        tag = "known" if r["name"] in known else "FAIL" if r["problems"] else "ok"
        print("%s %s" % (tag, r["name"]))
        for p in r["problems"]:
            print("    " + p)
    n = len(rows)
    count = lambda f: sum(1 for r in rows if f(r))
    print("\n%d kernels %s checked (%d others skipped)" % (
        n, "with dots or descriptors" if args.dots else "without dots", skipped))
    print("  layouts as Triton's:           %d" % count(lambda r: r.get("layout_diffs") == 0))
    print("  convert_layout <= Triton's:    %d (ours %d in all, Triton's %d)" % (
        count(lambda r: "converts" in r and r["converts"] <= r["converts_triton"]),
        sum(r.get("converts", 0) for r in rows), sum(r.get("converts_triton", 0) for r in rows)))
    print("  shared bytes <= Triton's:      %d (equal: %d)" % (
        count(lambda r: "shared" in r and r["shared"] <= r["shared_triton"]),
        count(lambda r: "shared" in r and r["shared"] == r["shared_triton"])))
    print("  Triton's TTGIR sized as Triton: %d" % count(lambda r: r.get("sizing") == r.get("shared_triton")))
    print("  all four:                      %d" % (n - len(failing)))
    if args.write_known:
        with open(args.write_known, "w") as f:
            f.write("# kernels of the Inductor corpus whose ttgir stage does not yet match Triton's\n")
            f.write("# (utils/inductor-corpus-check.py --write-known); this list may only shrink.\n")
            for r in failing:
                f.write(r["name"] + "\n")
    unexpected = [r["name"] for r in failing if r["name"] not in known]
    fixed = sorted(known & {r["name"] for r in rows if not r["problems"]})
    if args.known:
        if fixed:
            print("now matching, remove from %s: %s" % (args.known, " ".join(fixed)))
        print("%d failing beyond the known list" % len(unexpected))
        return 1 if unexpected else 0
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
