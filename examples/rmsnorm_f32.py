"""RMS norm of each row: y = x / sqrt(mean(x^2) + eps) * w.

One program per row; the row is walked in BLOCK-wide chunks twice, first to
accumulate the sum of squares (an scf.for with a tensor iter_arg and a
tt.reduce), then to normalize and scale. Run `python rmsnorm_f32.py [OUT]` on
a GPU machine to (re)write rmsnorm_f32.ttir.
"""

import triton
import triton.language as tl


@triton.jit
def rmsnorm_kernel(x_ptr, w_ptr, y_ptr, stride, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * stride
    y_row = y_ptr + row * stride
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_row + cols, mask=cols < n_cols, other=0.0)
        acc += x * x
    rstd = tl.math.rsqrt(tl.sum(acc, axis=0) / n_cols + eps)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_row + cols, mask=mask, other=0.0)
        w = tl.load(w_ptr + cols, mask=mask, other=0.0)
        tl.store(y_row + cols, x * rstd * w, mask=mask)


def main():
    import torch
    import ttir_dump

    rows, cols = 512, 3000
    x = torch.randn(rows, cols, device="cuda", dtype=torch.float32)
    w = torch.randn(cols, device="cuda", dtype=torch.float32)
    y = torch.empty_like(x)
    eps = 1e-6

    def launch():
        return rmsnorm_kernel[(rows,)](x, w, y, x.stride(0), cols, eps, BLOCK=512)

    ttir_dump.run("rmsnorm_f32", launch)
    ref = x * torch.rsqrt(x.pow(2).mean(dim=1, keepdim=True) + eps) * w
    torch.testing.assert_close(y, ref, atol=1e-4, rtol=1e-4)


if __name__ == "__main__":
    main()
