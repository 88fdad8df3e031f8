"""tl.histogram and tl.gather over int32 blocks, plus a checked precondition.

Each program takes BLOCK int32 values x in [0, BINS):
  * counts them into BINS bins with tl.histogram (tt.histogram, masked on
    the ragged tail) and adds its counts to `hist` with one atomic per bin;
  * writes out[i] = x[idx[i]] for a permutation-like index tensor idx within
    the block (tl.gather along axis 0: tt.gather);
  * checks that every index lies in [0, BLOCK) with tl.device_assert
    (tt.assert; compiled because the kernel is jitted with debug=True), so
    a bad index stops the launch with an assertion instead of reading
    outside the block.
`n` is not specialized: any n, odd tails included (indices past n gather
the 0 the masked load put there, and masked lanes count nothing). Run `python hist_gather_i32.py [OUT]` on a GPU
machine to (re)write hist_gather_i32.ttir.
"""

import triton
import triton.language as tl


@triton.jit(do_not_specialize=["n"], debug=True)
def hist_gather_kernel(x_ptr, idx_ptr, hist_ptr, out_ptr, n, BLOCK: tl.constexpr,
                       BINS: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    counts = tl.histogram(x, BINS, mask=mask)
    tl.atomic_add(hist_ptr + tl.arange(0, BINS), counts)
    idx = tl.load(idx_ptr + offs, mask=mask, other=0)
    tl.device_assert((idx >= 0) & (idx < BLOCK), "gather index outside the block")
    out = tl.gather(x, idx, axis=0)
    tl.store(out_ptr + offs, out, mask=mask)


def main():
    import torch
    import ttir_dump

    n, block, bins = 100_003, 1024, 64
    x = torch.randint(0, bins, (n,), device="cuda", dtype=torch.int32)
    idx = torch.randint(0, block, (n,), device="cuda", dtype=torch.int32)
    hist = torch.zeros(bins, device="cuda", dtype=torch.int32)
    out = torch.empty_like(x)

    def launch():
        return hist_gather_kernel[(triton.cdiv(n, block),)](x, idx, hist, out, n, BLOCK=block,
                                                            BINS=bins, num_warps=4)

    ttir_dump.run("hist_gather_i32", launch)
    torch.testing.assert_close(hist, torch.bincount(x.long(), minlength=bins).int())
    blocks = torch.arange(n, device="cuda") // block * block
    src = blocks + idx.long()
    # Lanes past n hold 0 (the load's `other`).
    want = torch.where(src < n, x[src.clamp(max=n - 1)], torch.zeros_like(x))
    torch.testing.assert_close(out, want)


if __name__ == "__main__":
    main()
