"""Tiled 2D transpose of an M x N fp16 matrix: out[j, i] = in[i, j].

Each program loads a BM x BN tile with plain pointer arithmetic (consecutive
addresses along j) and stores the same tile at out + j * M + i (consecutive
along i), with a 2D mask for the ragged edges. No tl.trans: Triton's coalesce
pass gives the load and the store different blocked layouts, so its TTGIR
has a ttg.convert_layout between them, lowered through shared memory.
M and N are launched as multiples of 16 (specialized). Run
`python transpose_f16.py [OUT]` on a GPU machine to (re)write
transpose_f16.ttir.
"""

import triton
import triton.language as tl


@triton.jit
def transpose_kernel(in_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tile = tl.load(in_ptr + rm[:, None] * N + rn[None, :], mask=mask)
    tl.store(out_ptr + rn[None, :] * M + rm[:, None], tile, mask=mask)


def main():
    import torch
    import ttir_dump

    M, N = 1008, 720  # not multiples of the 64 x 64 tile; multiples of 16
    x = torch.randn(M, N, device="cuda", dtype=torch.float16)
    y = torch.empty(N, M, device="cuda", dtype=torch.float16)

    def launch():
        grid = (triton.cdiv(M, 64), triton.cdiv(N, 64))
        return transpose_kernel[grid](x, y, M, N, BM=64, BN=64, num_warps=4)

    ttir_dump.run("transpose_f16", launch)
    assert torch.equal(y, x.t().contiguous())


if __name__ == "__main__":
    main()
