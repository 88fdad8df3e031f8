"""Scans along the rows of a 2D tile: cumulative sum and cumulative max with
the index where the running max was first reached.

Each program owns BLOCK_M rows of an M x N fp32 matrix (N <= BLOCK_N) and
scans its BLOCK_M x BLOCK_N tile along axis 1: tl.cumsum (a one-operand
tt.scan) and tl.associative_scan over the pair (value, column index) with a
combiner that keeps the earlier element unless the later one is strictly
larger (a two-operand tt.scan). Lanes past N or M are masked; they only
follow the valid lanes in the scan order, so they change nothing stored. M and
N are launched as multiples of 16 (specialized). Run
`python row_scan_f32.py [OUT]` on a GPU machine to (re)write row_scan_f32.ttir.
"""

import triton
import triton.language as tl


@triton.jit
def _max_first(v1, i1, v2, i2):
    later = v2 > v1
    return tl.where(later, v2, v1), tl.where(later, i2, i1)


@triton.jit
def row_scan_kernel(x_ptr, sum_ptr, max_ptr, arg_ptr, M, N,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    offs = rows[:, None] * N + cols[None, :]
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    idx = tl.broadcast_to(cols[None, :], (BLOCK_M, BLOCK_N))
    run_max, run_arg = tl.associative_scan((x, idx), axis=1, combine_fn=_max_first)
    tl.store(sum_ptr + offs, tl.cumsum(x, axis=1), mask=mask)
    tl.store(max_ptr + offs, run_max, mask=mask)
    tl.store(arg_ptr + offs, run_arg, mask=mask)


def main():
    import torch
    import ttir_dump

    M, N = 1000, 1008  # ragged against the 4 x 1024 tile; multiples of 16
    x = torch.randn(M, N, device="cuda", dtype=torch.float32)
    s = torch.empty_like(x)
    mx = torch.empty_like(x)
    arg = torch.empty(M, N, device="cuda", dtype=torch.int32)

    def launch():
        return row_scan_kernel[(triton.cdiv(M, 4),)](x, s, mx, arg, M, N, BLOCK_M=4, BLOCK_N=1024,
                                                      num_warps=4)

    ttir_dump.run("row_scan_f32", launch)
    torch.testing.assert_close(s, x.double().cumsum(dim=1).float(), atol=1e-4, rtol=1e-4)
    ref_max, _ = x.cummax(dim=1)
    torch.testing.assert_close(mx, ref_max, atol=0, rtol=0)
    # Where the running max was first reached: the last strict new record so far.
    record = torch.ones_like(x, dtype=torch.bool)
    record[:, 1:] = x[:, 1:] > ref_max[:, :-1]
    cols = torch.arange(N, device="cuda").expand(M, N)
    ref_arg, _ = torch.where(record, cols, 0).cummax(dim=1)
    torch.testing.assert_close(arg.long(), ref_arg, atol=0, rtol=0)


if __name__ == "__main__":
    main()
