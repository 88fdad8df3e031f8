"""Host time per launch of corpus add_f32 through Triton's own Python
launcher, measured as test/gpu/aot/client.c measures ours: the median over
50 batches of 100 launches (synchronized between batches) with n = 4096.

    python triton_launch_overhead.py
"""
import statistics
import time

import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


def main():
    n = 4096
    x = torch.rand(n, device="cuda")
    y = torch.rand(n, device="cuda")
    out = torch.empty_like(x)
    grid = (triton.cdiv(n, 1024),)
    add_kernel[grid](x, y, out, n, BLOCK=1024)
    torch.cuda.synchronize()
    assert torch.equal(out, x + y)
    samples = []
    for batch in range(-5, 50):
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(100):
            add_kernel[grid](x, y, out, n, BLOCK=1024)
        stop = time.perf_counter()
        if batch >= 0:
            samples.append((stop - start) / 100)
    torch.cuda.synchronize()
    print("| Triton 3.6 Python launch (add_kernel[grid](...)) | %.2f |"
          % (statistics.median(samples) * 1e6))


if __name__ == "__main__":
    main()
