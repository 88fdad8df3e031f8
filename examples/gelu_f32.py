"""GELU two ways over fp32: exact (erf) and the tanh approximation (tanh, pow).

    y_erf  = 0.5 * x * (1 + erf(x / sqrt(2)))
    y_tanh = 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))

erf, tanh and pow are libdevice calls (tt.extern_elementwise on
__nv_erff, __nv_tanhf, __nv_powf). `n` is not specialized
(do_not_specialize), so the TTIR holds for any n, odd tails included: the
mask of the last block cuts anywhere. Run `python gelu_f32.py [OUT]` on a GPU
machine to (re)write gelu_f32.ttir.
"""

import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit(do_not_specialize=["n"])
def gelu_kernel(x_ptr, y_erf_ptr, y_tanh_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y_erf = 0.5 * x * (1.0 + libdevice.erf(x * 0.7071067811865476))
    inner = 0.7978845608028654 * (x + 0.044715 * libdevice.pow(x, 3.0))
    y_tanh = 0.5 * x * (1.0 + libdevice.tanh(inner))
    tl.store(y_erf_ptr + offs, y_erf, mask=mask)
    tl.store(y_tanh_ptr + offs, y_tanh, mask=mask)


def main():
    import torch
    import ttir_dump

    n = 100_003  # odd: the last block's mask cuts inside a vector
    x = torch.randn(n, device="cuda", dtype=torch.float32) * 3
    y_erf = torch.empty_like(x)
    y_tanh = torch.empty_like(x)

    def launch():
        return gelu_kernel[(triton.cdiv(n, 1024),)](x, y_erf, y_tanh, n, BLOCK=1024, num_warps=4)

    ttir_dump.run("gelu_f32", launch)
    gelu = torch.nn.functional.gelu
    torch.testing.assert_close(y_erf, gelu(x), atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(y_tanh, gelu(x, approximate="tanh"), atol=1e-5, rtol=1e-5)


if __name__ == "__main__":
    main()
