"""SwiGLU gate: out = silu(gate) * up, elementwise over fp16, computed in fp32.

A masked elementwise kernel with casts (fp16 -> fp32 -> fp16), a sigmoid
(exp and division) and a tail mask. Run `python swiglu_f16.py [OUT]` on a
GPU machine to (re)write swiglu_f16.ttir.
"""

import triton
import triton.language as tl


@triton.jit
def swiglu_kernel(gate_ptr, up_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    gate = tl.load(gate_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    up = tl.load(up_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    silu = gate * tl.sigmoid(gate)
    tl.store(out_ptr + offs, (silu * up).to(tl.float16), mask=mask)


def main():
    import torch
    import ttir_dump

    n = 100_000  # not a multiple of BLOCK: the mask matters
    gate = torch.randn(n, device="cuda", dtype=torch.float16)
    up = torch.randn(n, device="cuda", dtype=torch.float16)
    out = torch.empty_like(gate)

    def launch():
        return swiglu_kernel[(triton.cdiv(n, 1024),)](gate, up, out, n, BLOCK=1024)

    ttir_dump.run("swiglu_f16", launch)
    ref = (torch.nn.functional.silu(gate.float()) * up.float()).half()
    torch.testing.assert_close(out, ref, atol=2e-3, rtol=2e-3)


if __name__ == "__main__":
    main()
