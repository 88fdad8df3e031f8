#!/usr/bin/env python3
"""Compile every example and corpus kernel with Triton and keep every stage.

Runs on the GPU machine (PyTorch + Triton 3.6), from the repository root:

    python3 utils/gpu/dump-kernels.py OUT [NAME...]

For each kernel NAME (the examples/*.py files, and add_f32, softmax_f32,
cumsum_f32, noinline_f32 from bench/corpus_kernels.py; all of them unless
NAMEs are given) it launches the kernel once, exactly as its example does, and
writes into OUT/NAME/:

  NAME.ttir NAME.ttgir NAME.llir NAME.ptx   Triton's stages (paths tidied
                                            as in examples/ttir_dump.py)
  NAME.meta.json     Triton's compile metadata (CompiledKernel.metadata)
  NAME.cache.txt     `hash <Triton hash>` and `dump_dir <dir name>`: the
                     directory name under TRITON_DUMP_DIR, which is also
                     the one TRITON_KERNEL_OVERRIDE looks for under
                     TRITON_OVERRIDE_DIR
  KERNEL.cubin KERNEL.json   Triton's cubin with metadata in the harness's
                     format (docs/gpu-testing.md), so that OUT itself is a
                     cubin directory for test/gpu: the "triton" variant.

It also prints how many ttg.convert_layout each TTGIR has. Exit status 1 if
any kernel failed (the others are still written).
"""

import importlib
import json
import os
import shutil
import sys
import tempfile
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")
CORPUS = ["add_f32", "softmax_f32", "cumsum_f32", "noinline_f32"]

# Triton reads these when it compiles; a fresh cache so every kernel compiles.
_TMP = tempfile.mkdtemp(prefix="dump-kernels-")
os.environ["TRITON_CACHE_DIR"] = os.path.join(_TMP, "cache")
os.environ["TRITON_KERNEL_DUMP"] = "1"
os.environ["TRITON_DUMP_DIR"] = os.path.join(_TMP, "dump")
sys.path[:0] = [EXAMPLES, os.path.join(ROOT, "bench")]

import ttir_dump  # noqa: E402  (examples/ttir_dump.py)
from cubin import ttir_params  # noqa: E402  (bench/cubin.py)

def harness_json(compiled, ttir):
    m = compiled.metadata
    cap = m.target.arch
    return {"name": m.name, "num_warps": m.num_warps, "num_ctas": m.num_ctas,
            "num_stages": m.num_stages, "threads_per_warp": m.warp_size, "shared": m.shared,
            "global_scratch_size": m.global_scratch_size,
            "global_scratch_align": m.global_scratch_align,
            "profile_scratch_size": m.profile_scratch_size,
            "profile_scratch_align": m.profile_scratch_align,
            "target": "cuda:%d" % cap, "arch": "sm_%d%s" % (cap, "a" if cap >= 90 else ""),
            "ptx_version": m.ptx_version or 0,
            "params": ttir_params(ttir, m.name), "hidden_params": 2}


def write(out, name, compiled, dump_dirs):
    dest = os.path.join(out, name)
    os.makedirs(dest, exist_ok=True)
    for ext in ("ttir", "ttgir", "llir", "ptx"):
        with open(os.path.join(dest, "%s.%s" % (name, ext)), "w") as f:
            f.write(ttir_dump.tidy_paths(compiled.asm[ext]))
    meta = compiled.metadata._asdict()
    with open(os.path.join(dest, name + ".meta.json"), "w") as f:
        json.dump(meta, f, indent=1, default=str)
        f.write("\n")
    with open(os.path.join(dest, name + ".cache.txt"), "w") as f:
        f.write("hash %s\n" % compiled.hash)
        for d in dump_dirs:
            f.write("dump_dir %s\n" % d)
    kernel = compiled.metadata.name
    with open(os.path.join(dest, kernel + ".cubin"), "wb") as f:
        f.write(compiled.asm["cubin"])
    with open(os.path.join(dest, kernel + ".json"), "w") as f:
        json.dump(harness_json(compiled, compiled.asm["ttir"]), f, indent=1)
        f.write("\n")
    converts = compiled.asm["ttgir"].count("ttg.convert_layout")
    print("%-20s %-22s shared %6d  convert_layout %d  dump %s" % (
        name, kernel, compiled.metadata.shared, converts, ",".join(dump_dirs)))


def capture(out, name):
    """A stand-in for ttir_dump.run: launch, then write every stage."""
    def run(_name, launch):
        dump = os.environ["TRITON_DUMP_DIR"]
        before = set(os.listdir(dump)) if os.path.isdir(dump) else set()
        compiled = launch()
        after = set(os.listdir(dump)) if os.path.isdir(dump) else set()
        write(out, name, compiled, sorted(after - before))
    return run


def corpus_main(name):
    """Launch a corpus kernel once as the corpus was made (all sizes multiples of 16)."""
    import torch
    import triton
    import corpus_kernels as ck

    def dev(*shape):
        return torch.randn(*shape, device="cuda", dtype=torch.float32)

    if name == "add_f32":
        n = 1 << 20
        x, y, out = dev(n), dev(n), dev(n)
        ttir_dump.run(name, lambda: ck.add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024))
        torch.testing.assert_close(out, x + y)
    elif name == "softmax_f32":
        rows, cols = 4096, 1024
        x, out = dev(rows, cols), dev(rows, cols)
        ttir_dump.run(name, lambda: ck.softmax_kernel[(1056,)](
            out, x, x.stride(0), out.stride(0), rows, cols, BLOCK=1024))
        torch.testing.assert_close(out, torch.softmax(x, dim=1))
    elif name == "cumsum_f32":
        x, out = dev(4096, 1024), dev(4096, 1024)
        ttir_dump.run(name, lambda: ck.cumsum_kernel[(4096,)](x, out, N=1024))
        torch.testing.assert_close(out, x.cumsum(dim=1), atol=1e-4, rtol=1e-4)
    elif name == "noinline_f32":
        n = 1 << 20
        x, out = dev(n), dev(n)
        ttir_dump.run(name, lambda: ck.noinline_kernel[(triton.cdiv(n, 1024),)](
            x, out, n, 0.5, BLOCK=1024))
        torch.testing.assert_close(out, x * 0.5)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = os.path.abspath(sys.argv[1])
    examples = sorted(f[:-3] for f in os.listdir(EXAMPLES)
                      if f.endswith(".py") and f != "ttir_dump.py")
    names = sys.argv[2:] or CORPUS + examples
    failed = []
    for name in names:
        ttir_dump.run = capture(out, name)
        try:
            if name in CORPUS:
                corpus_main(name)
            else:
                importlib.import_module(name).main()
        except Exception:
            traceback.print_exc()
            failed.append(name)
    shutil.rmtree(_TMP, ignore_errors=True)
    print("dumped %d kernels into %s" % (len(names) - len(failed), out))
    if failed:
        print("FAILED: " + " ".join(failed))
        sys.exit(1)


if __name__ == "__main__":
    main()
