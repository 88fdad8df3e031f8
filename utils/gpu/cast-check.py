#!/usr/bin/env python3
"""Integer-to-float casts through the triton_mlir hook (strict), exhaustively.

Every value of each 8-bit integer type (each of the 256 appears many times,
shuffled, in a ragged-length buffer, with fresh random order per run) is
cast by a @triton.jit kernel to bf16, f16 and f32 at several block sizes
(so a thread holds 1 to 16 elements: the packed four-at-a-time i8 -> bf16
conversion and its one-element tail both run), and compared bit for bit
with PyTorch's cast (exact: an 8-bit integer is representable in all three).

    TRITON_MLIR_LIBRARY=... PYTHONPATH=python python3 utils/gpu/cast-check.py
Exit status 1 on any mismatch.
"""
import os
import sys

os.environ.setdefault("TRITON_MLIR_STRICT", "1")
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
import triton_mlir  # noqa: E402


@triton.jit
def cast_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x.to(y_ptr.dtype.element_ty), mask=mask)


def main():
    triton_mlir.enable()
    gen = torch.Generator(device="cuda")
    gen.seed()
    failures = 0
    for src in (torch.int8, torch.uint8):
        info = torch.iinfo(src)
        values = torch.arange(info.min, info.max + 1, dtype=torch.int32, device="cuda")
        for n in (1, 3, 255, 4099, 65536 + 37):
            reps = (n + values.numel() - 1) // values.numel()
            x = values.repeat(reps)[:n]
            x = x[torch.randperm(n, device="cuda", generator=gen)].to(src)
            if n >= values.numel():
                x[: values.numel()] = values.to(src)  # every value at least once
            for dst in (torch.bfloat16, torch.float16, torch.float32):
                want = x.to(dst)
                for block, warps in ((128, 4), (512, 4), (1024, 4), (2048, 4), (4096, 8)):
                    y = torch.full((n,), float("nan"), dtype=dst, device="cuda")
                    cast_kernel[(triton.cdiv(n, block),)](x, y, n, BLOCK=block, num_warps=warps)
                    bad = (y.view(torch.int16 if dst != torch.float32 else torch.int32)
                           != want.view(torch.int16 if dst != torch.float32 else torch.int32))
                    count = int(bad.sum())
                    status = "ok" if count == 0 else f"{count} mismatches"
                    if count:
                        i = int(bad.nonzero()[0])
                        status += f" (x={int(x[i])}: got {float(y[i])}, want {float(want[i])})"
                        failures += 1
                    print(f"{str(src):12} -> {str(dst):15} n={n:6} BLOCK={block:5} w{warps}: {status}")
    print("cast-check:", "FAILED" if failures else "all exact")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
