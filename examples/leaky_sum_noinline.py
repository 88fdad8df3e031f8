"""Leaky ReLU of a block in a noinline helper that returns its sum.

`leaky_block` is `noinline` (Triton allows only scalar and pointer arguments
there): after Triton's ttir stage it stays a tt.func, called with tt.call,
and it returns a value (the block's sum, from a tt.reduce). `_scale` is an
ordinary helper that the inliner removes. The kernel adds the scaled sums of
all blocks into one float with an atomic add (tt.atomic_rmw). Run
`python leaky_sum_noinline.py [OUT]` on a GPU machine to (re)write
leaky_sum_noinline.ttir.
"""

import triton
import triton.language as tl


@triton.jit(noinline=True)
def leaky_block(x_ptr, y_ptr, start, n, slope, BLOCK: tl.constexpr):
    offs = start + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.where(x > 0, x, x * slope)
    tl.store(y_ptr + offs, y, mask=mask)
    return tl.sum(y, axis=0)  # masked-off lanes loaded 0, so they add 0


@triton.jit
def _scale(x, factor):
    return x * factor


@triton.jit
def leaky_sum_kernel(x_ptr, y_ptr, sum_ptr, n, slope, factor, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    block_sum = leaky_block(x_ptr, y_ptr, pid * BLOCK, n, slope, BLOCK)
    tl.atomic_add(sum_ptr, _scale(block_sum, factor))


def main():
    import torch
    import ttir_dump

    n = 50_000
    x = torch.randn(n, device="cuda", dtype=torch.float32)
    y = torch.empty_like(x)
    total = torch.zeros(1, device="cuda", dtype=torch.float32)
    slope, factor = 0.01, 2.0

    def launch():
        return leaky_sum_kernel[(triton.cdiv(n, 256),)](
            x, y, total, n, slope, factor, BLOCK=256)

    ttir_dump.run("leaky_sum_noinline", launch)
    ref = torch.where(x > 0, x, x * slope)
    torch.testing.assert_close(y, ref)
    torch.testing.assert_close(total, (ref.sum() * factor).reshape(1), atol=1e-1, rtol=1e-3)


if __name__ == "__main__":
    main()
