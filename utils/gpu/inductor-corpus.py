#!/usr/bin/env python3
"""A corpus of the Triton kernels PyTorch Inductor emits, and our compiler on it.

Runs on the GPU machine (PyTorch 2.11, Triton 3.6), from the repository root:

    python3 utils/gpu/inductor-corpus.py dump OUT [WORKLOAD...]
    python3 utils/gpu/inductor-corpus.py run  OUT [WORKLOAD...]
    python3 utils/gpu/inductor-corpus.py list

`dump` compiles every workload (a model's forward and backward, an optimizer
step, ...) with torch.compile in a process of its own, with fresh Triton and
Inductor caches, and keeps what Triton's cache then holds for each kernel: OUT/kernels/<kernel name>-<hash>/{kernel.ttir, kernel.ttgir,
kernel.json}, Triton's TTIR, TTGIR and metadata (num_warps, num_stages,
shared bytes, target), plus OUT/kernels/<...>/workload naming where it came
from. Kernels with the same TTIR (locations aside) are kept once.
utils/inductor-corpus-check.py then compares our ttgir stage with Triton's
on every kernel, here or in CI.

`run` compiles every workload three times, each in a fresh process with fresh
caches: eagerly (the reference), with Triton's compiler, and with ours behind
Inductor (the triton_mlir hook, strict: a kernel we refuse is an error; needs
TRITON_MLIR_LIBRARY and python/ on PYTHONPATH). It prints, per workload, the
normwise relative error of Triton's and of our outputs against eager and
against each other (and how many integer outputs differ), and the time of
one step of each (do_bench median; meaningful only with JOBS=1, the
default). Workloads with dropout draw other random numbers than
eager (Inductor's philox in the kernel): there only ours against Triton's
means anything. OUT/run.json has the rows.
"""
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback

# ---------------------------------------------------------------- workloads
# Each returns (fn, inputs, leaves): fn(*inputs) is what torch.compile
# compiles and returns a list of tensors; where the first is a loss that
# requires grad, the step also runs its backward (outside fn: AOTAutograd
# compiles it with the forward) and adds the gradients of `leaves`. Sizes
# give Inductor both persistent (triton_per_*) and looped (triton_red_*)
# reductions, ragged extents and int64 indexing.


def _torch():
    import torch
    return torch


def _train(model, loss_fn, *inputs):
    return (lambda *args: [loss_fn(model(*args))]), list(inputs), list(model.parameters())


def w_convnet(dtype):
    torch = _torch()
    nn = torch.nn
    model = nn.Sequential(
        nn.Conv2d(3, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
        nn.Conv2d(32, 48, 3, padding=1), nn.BatchNorm2d(48), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(48, 64, 3, padding=1, bias=False), nn.BatchNorm2d(64), nn.Hardswish(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.1), nn.Linear(64, 10)).cuda().to(dtype)
    x = torch.randn(16, 3, 30, 30, device="cuda", dtype=dtype)
    y = torch.randint(0, 10, (16,), device="cuda")
    return _train(model, lambda o: nn.functional.cross_entropy(o.float(), y), x)


def w_convnet_cl():
    torch = _torch()
    fn, (x,), leaves = w_convnet(torch.float32)
    return fn, [x.to(memory_format=torch.channels_last)], leaves


def _transformer(dtype, rms, sdpa, vocab=1000, d=256, heads=4, seq=128, batch=4):
    """Two pre-norm transformer blocks: LayerNorm or RMSNorm, RoPE, attention
    (written out, with a causal mask and dropout, or SDPA), a GELU MLP or a
    SiLU-gated one, cross-entropy over the vocabulary."""
    torch = _torch()
    nn, F = torch.nn, torch.nn.functional

    class RMSNorm(nn.Module):
        def __init__(self, n):
            super().__init__()
            self.w = nn.Parameter(torch.ones(n))

        def forward(self, x):
            xf = x.float()
            return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6)).to(x.dtype) * self.w

    def rope(x):
        b, h, s, e = x.shape
        pos = torch.arange(s, device=x.device, dtype=torch.float32)
        inv = 1.0 / (10000 ** (torch.arange(0, e, 2, device=x.device, dtype=torch.float32) / e))
        ang = pos[:, None] * inv[None, :]
        cos, sin = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
        x1, x2 = x[..., 0::2], x[..., 1::2]
        return torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), -1).flatten(-2)

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.n1 = RMSNorm(d) if rms else nn.LayerNorm(d)
            self.n2 = RMSNorm(d) if rms else nn.LayerNorm(d)
            self.qkv = nn.Linear(d, 3 * d, bias=not rms)
            self.o = nn.Linear(d, d, bias=not rms)
            self.up = nn.Linear(d, 4 * d * (2 if rms else 1), bias=not rms)
            self.down = nn.Linear(4 * d, d, bias=not rms)

        def forward(self, x):
            b, s, _ = x.shape
            q, k, v = self.qkv(self.n1(x)).view(b, s, 3, heads, d // heads).permute(2, 0, 3, 1, 4)
            q, k = rope(q), rope(k)
            if sdpa:
                a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            else:
                w = (q @ k.transpose(-1, -2)) * (d // heads) ** -0.5
                mask = torch.ones(s, s, device=x.device, dtype=torch.bool).tril()
                w = w.masked_fill(~mask, float("-inf")).softmax(-1)
                a = F.dropout(w, 0.1) @ v
            x = x + self.o(a.transpose(1, 2).reshape(b, s, d))
            h = self.up(self.n2(x))
            if rms:
                g, u = h.chunk(2, -1)
                h = F.silu(g) * u
            else:
                h = F.gelu(h, approximate="tanh" if dtype != torch.float32 else "none")
            return x + F.dropout(self.down(h), 0.05)

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(vocab, d)
            self.blocks = nn.ModuleList([Block(), Block()])
            self.norm = RMSNorm(d) if rms else nn.LayerNorm(d)
            self.head = nn.Linear(d, vocab, bias=False)

        def forward(self, tok):
            x = self.emb(tok)
            for blk in self.blocks:
                x = blk(x)
            return self.head(self.norm(x))

    model = Model().cuda().to(dtype)
    tok = torch.randint(0, vocab, (batch, seq), device="cuda")
    tgt = torch.randint(0, vocab, (batch, seq), device="cuda")
    return _train(model, lambda o: F.cross_entropy(o.float().flatten(0, 1), tgt.flatten()), tok)


def w_gpt_f32():
    return _transformer(_torch().float32, rms=False, sdpa=False)


def w_gpt_bf16():
    return _transformer(_torch().bfloat16, rms=False, sdpa=True, seq=96)


def w_llama_f16():
    return _transformer(_torch().float16, rms=True, sdpa=False, seq=80)


def w_llama_bf16():
    return _transformer(_torch().bfloat16, rms=True, sdpa=True, d=384, heads=6, seq=64)


def w_norms():
    """LayerNorm/GroupNorm/InstanceNorm forward and backward, log_softmax and
    softmax over short and long rows, var_mean, in f32 and f16."""
    torch = _torch()
    F = torch.nn.functional

    def fn(x, y, z, g):
        outs, loss = [], 0
        for t in (x, y):
            n = F.layer_norm(t, t.shape[-1:], g[: t.shape[-1]].to(t.dtype), None, 1e-5)
            loss = loss + F.log_softmax(t.float(), -1).sum() + (n.float() ** 2).sum()
            loss = loss + F.softmax(t, 0).float().amax(0).sum()
            outs.append(n)
        gn = F.group_norm(z, 4) + F.instance_norm(z)
        v, m = torch.var_mean(z, dim=(0, 2, 3), correction=0)
        loss = loss + gn.square().mean() + v.sum() + m.sum()
        return [loss] + outs + [gn, v, m]
    x = torch.randn(513, 768, device="cuda", requires_grad=True)
    y = torch.randn(96, 5000, device="cuda", dtype=torch.float16, requires_grad=True)
    z = torch.randn(6, 16, 17, 19, device="cuda", requires_grad=True)
    g = torch.randn(5000, device="cuda")
    return fn, [x, y, z, g], [x, y, z]


def w_indexing():
    """Gathers and scatters with int64 indices, index_add, embedding
    backward, cumsum/cumprod, sort/topk/argmax, where, cat + sum, max-pool +
    mean."""
    torch = _torch()

    def fn(src, idx, w, tok, img):
        loss = (torch.nn.functional.embedding(tok, w) * 1.5).sum()
        a = src[idx]                                    # gather rows
        b = torch.zeros(64, src.shape[1], device=src.device).index_add_(0, idx % 64, src[: idx.numel()])
        c = torch.gather(src, 1, (idx[:, None] % src.shape[1]).expand(-1, 7))
        d = torch.zeros_like(src).scatter_add_(1, (idx[:, None] % src.shape[1]).expand(-1, 5), src[: idx.numel(), :5])
        f = torch.cumsum(src, 1) + torch.cumprod(src.sigmoid(), 0)
        s, si = torch.sort(src[:, :128], -1)
        tv, ti = torch.topk(src, 5, dim=-1)
        am = src.argmax(-1)
        h = torch.where(src > 0, src.exp(), src.float().clamp(-1, 1)).sum(0)
        cat = torch.cat([src, src * 2, src.tanh()], 1).sum(1)
        pool = torch.nn.functional.max_pool2d(img, 3, 2, 1).mean((2, 3))
        return [loss, a, b, c, d, f, s, si, tv, ti, am, h, cat, pool]
    src = torch.randn(300, 257, device="cuda")
    idx = torch.randint(0, 300, (200,), device="cuda", dtype=torch.int64)
    w = torch.randn(1000, 64, device="cuda", requires_grad=True)
    tok = torch.randint(0, 1000, (8, 33), device="cuda")
    img = torch.randn(4, 24, 31, 31, device="cuda")
    return fn, [src, idx, w, tok, img], [w]


def w_elementwise():
    """Pointwise mixes Inductor fuses: libdevice math, integer and bitwise
    ops, conversions, broadcasting, dropout through philox."""
    torch = _torch()

    def fn(x, y, i, h):
        a = torch.erf(x) * torch.pow(y.abs() + 1, 1.7) + torch.fmod(x, 0.3) - torch.atan2(x, y)
        b = (i * 7 + 3) % 11 ^ (i >> 2) & 0xFF
        c = torch.nn.functional.gelu(h) * torch.sigmoid(h.float()).to(h.dtype)
        d = torch.nn.functional.dropout(x, 0.2, training=True) + torch.rand_like(x)
        e = x.t().contiguous() + y[:1, :].t()
        f = (x.to(torch.float16) * 2).to(torch.bfloat16).float() + torch.log1p(y.abs())
        g = torch.nn.functional.silu(x) * torch.tanh(y) + torch.rsqrt(y.abs() + 1e-3)
        return [a, b, c, d, e, f, g, torch.isnan(a).any(), x.abs().amax()]
    x = torch.randn(1025, 333, device="cuda")
    y = torch.randn(1025, 333, device="cuda")
    i = torch.randint(-1000, 1000, (4099,), device="cuda", dtype=torch.int64)
    h = torch.randn(64, 1000, device="cuda", dtype=torch.float16)
    return fn, [x, y, i, h], []


def w_adam():
    """One Adam and one AdamW step (foreach) over parameters of several
    shapes, compiled as Inductor compiles optimizers."""
    torch = _torch()
    params = [torch.randn(s, device="cuda", requires_grad=True)
              for s in ((1000, 257), (257,), (64, 3, 3, 3), (4096,), (7, 513))]
    for p in params:
        p.grad = torch.randn_like(p)
    half = len(params) // 2
    opts = [torch.optim.Adam(params[:half], lr=1e-3, foreach=True),
            torch.optim.AdamW(params[half:], lr=1e-3, weight_decay=0.1, foreach=True)]

    def fn():
        for o in opts:
            o.step()
        return [p.detach().clone() for p in params]
    return fn, [], []


def w_mm_autotune():
    """max-autotune: Inductor's triton_mm templates with fused epilogues
    next to its pointwise and reduction kernels."""
    torch = _torch()
    nn, F = torch.nn, torch.nn.functional
    model = nn.Sequential(nn.Linear(512, 1024), nn.GELU(), nn.LayerNorm(1024),
                          nn.Linear(1024, 256)).cuda().half()
    x = torch.randn(777, 512, device="cuda", dtype=torch.float16)
    return _train(model, lambda o: o.float().square().mean(), x)


def w_mm_large():
    """max-autotune on matmuls big enough to time: triton_mm templates at
    the configs Inductor's autotuner picks (f16, bf16 with a bias, f32)."""
    torch = _torch()
    g = torch.Generator(device="cuda").manual_seed(0)

    def r(*shape, dtype):
        return torch.randn(*shape, device="cuda", dtype=dtype, generator=g)
    a, b = r(4096, 4096, dtype=torch.float16), r(4096, 4096, dtype=torch.float16)
    c, d = r(8192, 1024, dtype=torch.bfloat16), r(1024, 2048, dtype=torch.bfloat16)
    bias = r(2048, dtype=torch.bfloat16)
    e, f = r(2048, 2048, dtype=torch.float32), r(2048, 2048, dtype=torch.float32)

    def fn(a, b, c, d, bias, e, f):
        return [a @ b, torch.addmm(bias, c, d), e @ f]
    return fn, [a, b, c, d, bias, e, f], []


def w_dynamic():
    """dynamic=True: kernels whose sizes are arguments (ks0, ...)."""
    torch = _torch()
    F = torch.nn.functional

    def fn(x, w):
        return [F.layer_norm(x, x.shape[-1:]) * w, F.softmax(x, -1).cumsum(-1), x.sum(0)]
    return fn, [torch.randn(301, 200, device="cuda"), torch.randn(200, device="cuda")], []


WORKLOADS = {
    "convnet_f32": (lambda: w_convnet(_torch().float32), {}),
    "convnet_cl": (w_convnet_cl, {}),
    "convnet_f16": (lambda: w_convnet(_torch().float16), {}),
    "gpt_f32": (w_gpt_f32, {}),
    "gpt_bf16": (w_gpt_bf16, {}),
    "llama_f16": (w_llama_f16, {}),
    "llama_bf16": (w_llama_bf16, {}),
    "norms": (w_norms, {}),
    "indexing": (w_indexing, {}),
    "elementwise": (w_elementwise, {}),
    "adam": (w_adam, {}),
    "mm_autotune": (w_mm_autotune, {"mode": "max-autotune-no-cudagraphs"}),
    # Triton templates only (cuBLAS would win these shapes otherwise).
    "mm_large": (w_mm_large, {"options": {"max_autotune": True,
                                          "max_autotune_gemm_backends": "TRITON",
                                          "triton.cudagraphs": False}}),
    "dynamic": (w_dynamic, {"dynamic": True}),
}

# ------------------------------------------------------------------ driver


def fresh_env(extra):
    env = dict(os.environ)
    env["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="tc-")
    env["TORCHINDUCTOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="ic-")
    env["TORCHINDUCTOR_FORCE_DISABLE_CACHES"] = "1"
    env.update(extra)
    return env


def child(kind, name, out):
    """One workload in this process: kind 'dump', 'eager', 'triton', 'ours'."""
    torch = _torch()
    import torch._inductor.config as cfg
    cfg.compile_threads = 1  # compile here, so the dump and the hook see every kernel
    if kind == "ours":
        import triton_mlir
        triton_mlir.enable()
    make, options = WORKLOADS[name]
    torch.manual_seed(0)
    fn, inputs, leaves = make()
    if kind != "eager":
        fn = torch.compile(fn, **options)

    def step():
        for t in leaves:
            t.grad = None
        outs = fn(*inputs)
        if outs and outs[0].requires_grad:
            outs[0].backward()
            outs = outs + [t.grad for t in leaves]
        return outs
    torch.manual_seed(1)
    result = step()
    torch.cuda.synchronize()
    row = {"workload": name, "kind": kind}
    if kind != "dump":
        torch.save([r.detach().cpu() for r in result], out + ".pt")
        if kind != "eager":
            from triton.testing import do_bench
            row["ms"] = do_bench(step, warmup=25, rep=200, return_mode="median")
    with open(out + ".json", "w") as f:
        json.dump(row, f)


def spawn(kind, name, work, extra=None):
    env = fresh_env(extra or {})
    if kind == "dump":
        # Fresh Triton and Inductor caches per workload, in one place: they
        # hold every stage of every kernel compiled (TTIR, TTGIR, metadata).
        env["TRITON_CACHE_DIR"] = os.path.join(work, "raw", name, "triton")
        env["TORCHINDUCTOR_CACHE_DIR"] = os.path.join(work, "raw", name, "inductor")
    if kind == "ours":
        env["TRITON_MLIR_STRICT"] = "1"
    os.makedirs(os.path.join(work, "res"), exist_ok=True)
    out = os.path.join(work, "res", "%s.%s" % (name, kind))
    log = open(out + ".log", "w")
    p = subprocess.run([sys.executable, os.path.abspath(__file__), "child", kind, name, out],
                       env=env, stdout=log, stderr=subprocess.STDOUT, timeout=540)
    return p.returncode, out


LOC = re.compile(r'\s*loc\((?:[^()]|\([^()]*\))*\)|^#loc.*$', re.M)


def collect(work, out):
    """The dump's kernels into OUT/kernels, one directory per distinct TTIR."""
    kernels = os.path.join(out, "kernels")
    os.makedirs(kernels, exist_ok=True)
    seen = {}
    for ttir_path in sorted(glob.glob(os.path.join(work, "raw", "*", "**", "*.ttir"), recursive=True)):
        base = ttir_path[:-len(".ttir")]
        workload = os.path.relpath(base, os.path.join(work, "raw")).split(os.sep)[0]
        meta = base + ".json"
        if not (os.path.exists(meta) and os.path.exists(base + ".ttgir")):
            continue
        ttir = open(base + ".ttir").read()
        key = hashlib.sha256(LOC.sub("", ttir).encode()).hexdigest()[:12]
        if key in seen:
            continue
        name = "%s-%s" % (os.path.basename(base)[:64], key)
        seen[key] = name
        dst = os.path.join(kernels, name)
        os.makedirs(dst, exist_ok=True)
        shutil.copy(base + ".ttir", os.path.join(dst, "kernel.ttir"))
        shutil.copy(base + ".ttgir", os.path.join(dst, "kernel.ttgir"))
        shutil.copy(meta, os.path.join(dst, "kernel.json"))
        with open(os.path.join(dst, "workload"), "w") as f:
            f.write(workload + "\n")
    return len(seen)


def rel_err(outs, ref):
    """Normwise relative error over all floating-point outputs together
    (|o - r| / |r|, each tensor flattened; a gradient that is rounding noise,
    such as a bias before a BatchNorm, cannot dominate), and the number of
    integer or boolean outputs that differ at all."""
    torch = _torch()
    num, den, int_diff = 0.0, 0.0, 0
    for o, r in zip(outs, ref):
        if r.is_floating_point():
            d = o.double() - r.double()
            num += float((d * d).sum())
            den += float((r.double() ** 2).sum())
        elif not torch.equal(o.to(r.dtype), r):
            int_diff += 1
    return (num ** 0.5) / (den ** 0.5 or 1.0), int_diff


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "list":
        print("\n".join(WORKLOADS))
        return 0
    if len(sys.argv) == 5 and sys.argv[1] == "child":
        child(*sys.argv[2:])
        return 0
    if len(sys.argv) < 3 or sys.argv[1] not in ("dump", "run"):
        sys.exit(__doc__)
    mode, out, names = sys.argv[1], sys.argv[2], sys.argv[3:] or list(WORKLOADS)
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="inductor-corpus-")
    from concurrent.futures import ThreadPoolExecutor
    kinds = ["dump"] if mode == "dump" else ["eager", "triton", "ours"]
    jobs = [(k, n) for n in names for k in kinds]

    def one(job):
        kind, name = job
        try:
            rc, res = spawn(kind, name, work)
        except Exception:
            return (kind, name, -1, traceback.format_exc())
        log = open(res + ".log").read()[-3000:]
        return (kind, name, rc, log)
    # Compiling is CPU-bound: several workloads at once for `dump`; `run`
    # times each step, so one at a time unless JOBS says otherwise.
    with ThreadPoolExecutor(int(os.environ.get("JOBS", "6" if mode == "dump" else "1"))) as pool:
        results = list(pool.map(one, jobs))
    with open(os.path.join(out, "logs.txt"), "w") as f:
        for k, n, rc, log in results:
            f.write("== %s %s exit %s\n%s\n" % (n, k, rc, log))
    failed = [(k, n, rc, log) for k, n, rc, log in results if rc != 0]
    for k, n, rc, log in failed:
        print("== %s %s exit %s\n%s" % (n, k, rc, log), flush=True)
    if mode == "dump":
        count = collect(work, out)
        print("%d distinct kernels from %d workloads (%d failed)" % (count, len(names), len(failed)))
        for n in names:
            files = glob.glob(os.path.join(work, "raw", n, "**", "*"), recursive=True)
            ttirs = [f for f in files if f.endswith(".ttir")]
            print("%s: %d files in its caches, %d TTIR" % (n, len(files), len(ttirs)))
        return 1 if failed else 0
    torch = _torch()
    rows = []
    for n in names:
        res = os.path.join(work, "res", n)
        row = {"workload": n}
        try:
            ref = torch.load(res + ".eager.pt")
            got = {}
            for k in ("triton", "ours"):
                if os.path.exists(res + ".%s.pt" % k):
                    got[k] = torch.load(res + ".%s.pt" % k)
                    row[k + "_err"], row[k + "_int_diffs"] = rel_err(got[k], ref)
                    row[k + "_ms"] = json.load(open(res + ".%s.json" % k))["ms"]
            if len(got) == 2:
                row["ours_vs_triton"], row["ours_vs_triton_int_diffs"] = rel_err(got["ours"], got["triton"])
        except Exception:
            row["error"] = traceback.format_exc()[-1000:]
        rows.append(row)
        print(json.dumps(row), flush=True)
    with open(os.path.join(out, "run.json"), "w") as f:
        json.dump(rows, f, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
