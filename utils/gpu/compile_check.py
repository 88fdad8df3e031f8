"""A small GPT block trained for a few steps with torch.compile (Inductor's
compile workers on), against eager; utils/gpu/wheel-check.sh runs it with
the wheel installed and TRITON_MLIR=1 TRITON_MLIR_REPORT=1. aoti_check.py
compiles the same Block for Inductor's C++ paths."""
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):

    def __init__(self, dim=256, heads=4):
        super().__init__()
        self.heads = heads
        self.norm1 = nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.norm2 = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.fc2 = nn.Linear(4 * dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, d)
        x = x + self.proj(a)
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


def train(model, steps, x):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    losses = []
    for _ in range(steps):
        loss = model(x).float().pow(2).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        losses.append(loss.item())
    return losses


def main():
    import triton_mlir
    torch.manual_seed(0)
    x = torch.randn(8, 128, 256, device="cuda")
    eager = Block().cuda()
    compiled = Block().cuda()
    compiled.load_state_dict(eager.state_dict())
    reference = train(eager, 3, x)
    got = train(torch.compile(compiled), 3, x)
    ok = all(abs(a - b) <= 1e-3 * max(1.0, abs(a)) for a, b in zip(reference, got))
    print("triton_mlir from:", triton_mlir.__file__)
    print("enabled in this process:", triton_mlir.enabled())
    print("losses eager:", [f"{v:.6f}" for v in reference])
    print("losses compiled:", [f"{v:.6f}" for v in got])
    print("match:", ok)
    if os.environ.get("TRITON_MLIR") == "1":
        # The check is of our kernels: the hook must be on here, and every
        # kernel of the run (workers included) made by ours.
        ok &= triton_mlir.enabled()
        counts = os.environ.get("TRITON_MLIR_COUNTS")
        if counts:
            from triton_mlir import _report
            totals = _report.summarize(counts)
            print("kernels: %d by triton-mlir, %d fell back, %d by Triton alone" % (
                totals["ours"], totals["fallback"], totals["triton"]))
            ok &= totals["ours"] > 0 and totals["fallback"] == 0 and totals["triton"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
