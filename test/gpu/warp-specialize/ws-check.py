#!/usr/bin/env python3
"""Warp-specialized kernels compiled here, run on the GPU: ours against
PyTorch. Compile first (build machine):

    for k in ws_copy_reduce ws_twice ws_pipe; do
      build/bin/triton-translate test/gpu/warp-specialize/$k.ttgir \
          --emit=cubin -o .gpu/ws/$k.cubin
    done

then, on the GPU machine (PyTorch, libcuda), from the repository root:

    python3 test/gpu/warp-specialize/ws-check.py .gpu/ws

Each kernel runs with fresh random inputs several times (a hang in the
workers' loop would show as a timeout of the device call); exit 1 on any
mismatch.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "bench"))
import torch  # noqa: E402
from cubin import CubinKernel  # noqa: E402


def kernel(directory, name):
    return CubinKernel(os.path.join(directory, name + ".cubin"), os.path.join(directory, name + ".json"))


def check_copy_reduce(directory, gen):
    k = kernel(directory, "ws_copy_reduce")
    for _ in range(20):
        x = torch.randn(128, device="cuda", generator=gen)
        y = torch.full((32,), float("nan"), device="cuda")
        out = torch.full((2,), float("nan"), device="cuda")
        k.prepare((1,), [x, y, out])()
        torch.cuda.synchronize()
        want_sum = x.double().sum().float()
        if not torch.equal(y, 2 * x[:32]):
            return "y: %s" % (y - 2 * x[:32]).abs().max().item()
        if abs(out[0].item() - want_sum.item()) > 1e-4 * max(1.0, abs(want_sum.item())):
            return "sum: %r against %r" % (out[0].item(), want_sum.item())
        if out[1].item() != x[:64].max().item():
            return "max: %r against %r" % (out[1].item(), x[:64].max().item())
    return None


def check_twice(directory, gen):
    k = kernel(directory, "ws_twice")
    for programs in (1, 7, 1000):
        x = torch.randn(128, device="cuda", generator=gen)
        y = torch.full((programs * 160,), float("nan"), device="cuda")
        kk = float(torch.randn(1, device="cuda", generator=gen).item())
        k.prepare((programs,), [x, y, kk])()
        torch.cuda.synchronize()
        want = torch.cat([x[:32] + kk, x * kk]).repeat(programs)
        if not torch.equal(y, want):
            return "programs=%d: %s" % (programs, (y - want).abs().max().item())
    return None


def check_pipe(directory, gen):
    # A producer partition and the consumer warps through a two-slot ring of
    # shared memory ordered by mbarriers; the consumer adds the tiles in
    # order, so the float32 sum is exact against the same order here.
    k = kernel(directory, "ws_pipe")
    for tiles in (0, 1, 2, 3, 7, 64, 1001):
        x = torch.randn(max(tiles, 1) * 128, device="cuda", generator=gen)
        out = torch.full((128,), float("nan"), device="cuda")
        k.prepare((1,), [x, out, tiles])()
        torch.cuda.synchronize()
        want = torch.zeros(128, device="cuda")
        for t in range(tiles):
            want += x[t * 128:(t + 1) * 128]
        if not torch.equal(out, want):
            return "tiles=%d: %s" % (tiles, (out - want).abs().max().item())
    return None


def main():
    directory = sys.argv[1]
    gen = torch.Generator(device="cuda")
    gen.manual_seed(int.from_bytes(os.urandom(4), "little"))
    print("GPU:", torch.cuda.get_device_name())
    failed = 0
    for name, check in (("ws_copy_reduce", check_copy_reduce), ("ws_twice", check_twice),
                        ("ws_pipe", check_pipe)):
        try:
            error = check(directory, gen)
        except Exception as e:  # a launch failure is a failure of the kernel
            error = "%s: %s" % (type(e).__name__, e)
        print("%-16s %s" % (name, "ok" if error is None else "FAILED " + error))
        failed += error is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
