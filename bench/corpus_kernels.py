"""Triton 3.6 corpus source: the add, softmax, cumsum and noinline kernels.

Copied from the reference corpus (shared/corpus/kernels.py, the source of
shared/corpus/{add,softmax,cumsum,noinline}_f32/*.ttir), unchanged, so that the
GPU scripts (bench/bench.py, utils/gpu/dump-kernels.py) can launch them on a
machine that has only this repository.
"""
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_rows, n_cols, BLOCK: tl.constexpr):
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row in tl.range(row_start, n_rows, row_step):
        cols = tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(in_ptr + row * in_stride + cols, mask=mask, other=-float("inf")).to(tl.float32)
        x = x - tl.max(x, axis=0)
        num = tl.exp(x)
        y = num / tl.sum(num, axis=0)
        tl.store(out_ptr + row * out_stride + cols, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def cumsum_kernel(X, Y, N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, N)
    x = tl.load(X + row * N + offs)
    tl.store(Y + row * N + offs, tl.cumsum(x, axis=0))


@triton.jit(noinline=True)
def scaled_copy(X, Y, start, n, scale, BLOCK: tl.constexpr):
    offs = start + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(Y + offs, tl.load(X + offs, mask=m) * scale, mask=m)


@triton.jit
def noinline_kernel(X, Y, n, scale, BLOCK: tl.constexpr):
    scaled_copy(X, Y, tl.program_id(0) * BLOCK, n, scale, BLOCK)
