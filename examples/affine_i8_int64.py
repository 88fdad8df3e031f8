"""y = int8(3 * x + 7) over an int8 vector of more than 2^31 elements.

The offsets are 64-bit: the program id is widened first,
pid.to(tl.int64) * BLOCK + arange, so the addresses of a 2.1 GB tensor do not
wrap; n arrives as i64 (Triton passes ints >= 2^31 as i64) and is launched
as a multiple of 16 (specialized). The arithmetic is in int32 and truncated
back to int8 (wraps modulo 256). Run `python affine_i8_int64.py [OUT]` on a
GPU machine (needs about 7 GB of GPU memory) to (re)write
affine_i8_int64.ttir.
"""

import triton
import triton.language as tl


@triton.jit
def affine_i8_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid.to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.store(y_ptr + offs, (x.to(tl.int32) * 3 + 7).to(tl.int8), mask=mask)


def main():
    import torch
    import ttir_dump

    n = 2**31 + 4096 * 5 + 16 * 3  # > 2^31 and ragged against BLOCK; a multiple of 16
    x = torch.randint(-128, 128, (n,), device="cuda", dtype=torch.int8)
    y = torch.empty_like(x)

    def launch():
        return affine_i8_kernel[(triton.cdiv(n, 4096),)](x, y, n, BLOCK=4096, num_warps=4)

    ttir_dump.run("affine_i8_int64", launch)
    step = 1 << 28  # check in slices, to keep the int32 temporaries small
    for s in range(0, n, step):
        ref = (x[s:s + step].to(torch.int32) * 3 + 7).to(torch.int8)
        assert torch.equal(y[s:s + step], ref), "mismatch in slice at %d" % s


if __name__ == "__main__":
    main()
