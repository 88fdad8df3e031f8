"""Sum of an fp32 vector into one float with atomics, and one program elected
with a compare-and-swap.

Each program sums its block (tt.reduce) and adds it to `sum_ptr` with a
scalar tl.atomic_add (tt.atomic_rmw fadd). Then every program tries
tl.atomic_cas(owner_ptr, -1, pid) (tt.atomic_cas): exactly one sees the old
value -1 and wins; each adds 1 or 0 to `claims_ptr`, which must end at 1,
and `owner_ptr` ends at the winner's pid. `n` is not specialized
(do_not_specialize). Run `python sum_atomic_f32.py [OUT]` on a GPU machine to
(re)write sum_atomic_f32.ttir.
"""

import triton
import triton.language as tl


@triton.jit(do_not_specialize=["n"])
def sum_atomic_kernel(x_ptr, sum_ptr, owner_ptr, claims_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.atomic_add(sum_ptr, tl.sum(x, axis=0))
    old = tl.atomic_cas(owner_ptr, -1, pid)
    tl.atomic_add(claims_ptr, (old == -1).to(tl.int32))


def main():
    import torch
    import ttir_dump

    n = 1_000_003
    grid = triton.cdiv(n, 2048)
    x = torch.randn(n, device="cuda", dtype=torch.float32)
    total = torch.zeros(1, device="cuda", dtype=torch.float32)
    owner = torch.full((1,), -1, device="cuda", dtype=torch.int32)
    claims = torch.zeros(1, device="cuda", dtype=torch.int32)

    def launch():
        return sum_atomic_kernel[(grid,)](x, total, owner, claims, n, BLOCK=2048, num_warps=4)

    ttir_dump.run("sum_atomic_f32", launch)
    ref = x.double().sum().item()
    assert abs(total.item() - ref) <= 1e-5 * x.abs().sum().item() + 1e-3, (total.item(), ref)
    assert claims.item() == 1 and 0 <= owner.item() < grid, (claims.item(), owner.item())


if __name__ == "__main__":
    main()
