"""Histogram of fp32 values in [0, 1) into `nbins` int32 bins, and the
largest bin index seen, with atomics.

bin = min(int(x * nbins), nbins - 1). Every element adds 1 to its bin with a
masked tl.atomic_add on a tensor of pointers (tt.atomic_rmw add, one per
element); each program then takes the max of its bins (masked lanes are -1)
and folds it into one int32 with a scalar tl.atomic_max. `n` and `nbins` are
not specialized (do_not_specialize): any n, odd tails included. Run
`python histogram_f32.py [OUT]` on a GPU machine to (re)write
histogram_f32.ttir.
"""

import triton
import triton.language as tl


@triton.jit(do_not_specialize=["n", "nbins"])
def histogram_kernel(x_ptr, hist_ptr, max_bin_ptr, n, nbins, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    bins = tl.minimum((x * nbins).to(tl.int32), nbins - 1)
    tl.atomic_add(hist_ptr + bins, 1, mask=mask)
    tl.atomic_max(max_bin_ptr, tl.max(tl.where(mask, bins, -1), axis=0))


def main():
    import torch
    import ttir_dump

    n, nbins = 1_000_003, 100
    x = torch.rand(n, device="cuda", dtype=torch.float32)
    hist = torch.zeros(nbins, device="cuda", dtype=torch.int32)
    max_bin = torch.full((1,), -1, device="cuda", dtype=torch.int32)

    def launch():
        return histogram_kernel[(triton.cdiv(n, 1024),)](x, hist, max_bin, n, nbins, BLOCK=1024,
                                                          num_warps=4)

    ttir_dump.run("histogram_f32", launch)
    bins = (x * nbins).to(torch.int32).clamp(max=nbins - 1)
    ref = torch.bincount(bins.long(), minlength=nbins).int()
    torch.testing.assert_close(hist, ref, atol=0, rtol=0)
    assert max_bin.item() == bins.max().item()


if __name__ == "__main__":
    main()
