"""Per-row max and argmax of an M x N fp32 matrix, N <= BLOCK_N.

Each program loads a BLOCK_M x BLOCK_N tile (a 2D mask cuts both the last
rows and the columns past N) and reduces along axis 1 twice: tl.max, and
tl.argmax, which is a tt.reduce over two operands (value, index) whose
combiner keeps the larger value and, on a tie, the smaller index. M and N are
launched as multiples of 16 (Triton specializes them: tt.divisibility = 16),
so any M, N that are multiples of 16 fit this TTIR. Run
`python row_argmax_f32.py [OUT]` on a GPU machine to (re)write
row_argmax_f32.ttir.
"""

import triton
import triton.language as tl


@triton.jit
def row_argmax_kernel(x_ptr, max_ptr, idx_ptr, M, N,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask, other=-float("inf"))
    row_ok = rows < M
    tl.store(max_ptr + rows, tl.max(x, axis=1), mask=row_ok)
    tl.store(idx_ptr + rows, tl.argmax(x, axis=1), mask=row_ok)


def main():
    import torch
    import ttir_dump

    M, N = 1000, 720  # N < BLOCK_N, M not a multiple of BLOCK_M; both multiples of 16
    x = torch.randn(M, N, device="cuda", dtype=torch.float32)
    mx = torch.empty(M, device="cuda", dtype=torch.float32)
    idx = torch.empty(M, device="cuda", dtype=torch.int32)

    def launch():
        return row_argmax_kernel[(triton.cdiv(M, 4),)](x, mx, idx, M, N, BLOCK_M=4, BLOCK_N=1024,
                                                        num_warps=4)

    ttir_dump.run("row_argmax_f32", launch)
    torch.testing.assert_close(mx, x.amax(dim=1), atol=0, rtol=0)
    torch.testing.assert_close(idx.long(), x.argmax(dim=1), atol=0, rtol=0)  # first max


if __name__ == "__main__":
    main()
