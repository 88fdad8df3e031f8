"""Batched 2D transpose: out[b, j, i] = in[b, i, j] for B matrices of M x N.

Each program owns one BM x BN tile and walks the batch in a loop. The input is
read through a block pointer (tl.make_block_ptr / tl.advance, with boundary
checks), so the frontend IR has tt.make_tensor_ptr and tt.advance for
triton-rewrite-tensor-pointer to remove; the tile is flipped with tl.trans and
stored through a masked 2D pointer tensor. Run
`python batched_transpose.py [OUT]` on a GPU machine to (re)write
batched_transpose.ttir.
"""

import triton
import triton.language as tl


@triton.jit
def batched_transpose_kernel(in_ptr, out_ptr, B, M, N,
                             BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    # The batch as one (B*M) x N matrix; each step moves M rows down.
    src = tl.make_block_ptr(in_ptr, shape=(B * M, N), strides=(N, 1),
                            offsets=(pid_m * BM, pid_n * BN),
                            block_shape=(BM, BN), order=(1, 0))
    rows = pid_n * BN + tl.arange(0, BN)  # output rows = input columns
    cols = pid_m * BM + tl.arange(0, BM)
    mask = (rows[:, None] < N) & (cols[None, :] < M)
    dst = out_ptr + rows[:, None] * M + cols[None, :]
    for b in range(0, B):
        tile = tl.load(src, boundary_check=(0, 1), padding_option="zero")
        tl.store(dst + b * M * N, tl.trans(tile), mask=mask)
        src = tl.advance(src, (M, 0))


def main():
    import torch
    import ttir_dump

    B, M, N = 6, 200, 136
    x = torch.randn(B, M, N, device="cuda", dtype=torch.float32)
    y = torch.empty(B, N, M, device="cuda", dtype=torch.float32)
    BM, BN = 64, 32

    def launch():
        grid = (triton.cdiv(M, BM), triton.cdiv(N, BN))
        return batched_transpose_kernel[grid](x, y, B, M, N, BM=BM, BN=BN)

    ttir_dump.run("batched_transpose", launch)
    torch.testing.assert_close(y, x.transpose(1, 2).contiguous())


if __name__ == "__main__":
    main()
