"""Flash attention backward in the style of Triton's tutorial 06 (dK and dV over blocks of
queries, then dQ over blocks of keys, in one program; causal or not; fp16 or bf16).

The tutorial wants the sequence length to be a multiple of 128. Here each head's rows are
padded with zeros to N_PAD (a multiple of 128) and the kernel runs over N_PAD: a padded query
row has dO = 0 and Delta = 0, so it adds nothing to dK and dV; a padded key row has K = V = 0,
so it adds nothing to dQ; the padded rows of dQ, dK and dV are not compared. So ragged lengths
are exact without a mask of their own, and the kernel is the tutorial's.

M (the forward's log2-sum-exp2 of each query row) and Delta (rowsum(O * dO)) come from the
float64 forward in PyTorch; the tutorial's preprocess kernel that computes Delta is a plain
reduction, covered by the non-dot tests.
"""

import torch
import triton
import triton.language as tl

RCP_LN2 = 1.4426950408889634


@triton.jit
def _bwd_dkdv(dk, dv, Q, k, v, DO, M, D, stride_tok, BLOCK_M1: tl.constexpr,
              BLOCK_N1: tl.constexpr, HEAD_DIM: tl.constexpr, start_n, start_m, num_steps,
              MASK: tl.constexpr):
    """dK and dV of one block of keys over num_steps blocks of queries from start_m."""
    offs_m = start_m + tl.arange(0, BLOCK_M1)
    offs_n = start_n + tl.arange(0, BLOCK_N1)
    offs_k = tl.arange(0, HEAD_DIM)
    qT_ptrs = Q + offs_m[None, :] * stride_tok + offs_k[:, None]
    do_ptrs = DO + offs_m[:, None] * stride_tok + offs_k[None, :]
    tl.static_assert(BLOCK_N1 % BLOCK_M1 == 0)
    curr_m = start_m
    for _ in range(num_steps):
        qT = tl.load(qT_ptrs)
        offs_m = curr_m + tl.arange(0, BLOCK_M1)
        m = tl.load(M + offs_m)
        qkT = tl.dot(k, qT)
        pT = tl.math.exp2(qkT - m[None, :])
        if MASK:
            pT = tl.where(offs_m[None, :] >= offs_n[:, None], pT, 0.0)
        do = tl.load(do_ptrs)
        dv += tl.dot(pT.to(do.dtype), do)
        Di = tl.load(D + offs_m)
        dpT = tl.dot(v, tl.trans(do)).to(tl.float32)
        dsT = pT * (dpT - Di[None, :])
        dk += tl.dot(dsT.to(qT.dtype), tl.trans(qT))
        curr_m += BLOCK_M1
        qT_ptrs += BLOCK_M1 * stride_tok
        do_ptrs += BLOCK_M1 * stride_tok
    return dk, dv


@triton.jit
def _bwd_dq(dq, q, K, V, do, m, D, stride_tok, BLOCK_M2: tl.constexpr, BLOCK_N2: tl.constexpr,
            HEAD_DIM: tl.constexpr, start_m, start_n, num_steps, MASK: tl.constexpr):
    """dQ of one block of queries over num_steps blocks of keys from start_n."""
    offs_m = start_m + tl.arange(0, BLOCK_M2)
    offs_n = start_n + tl.arange(0, BLOCK_N2)
    offs_k = tl.arange(0, HEAD_DIM)
    kT_ptrs = K + offs_n[None, :] * stride_tok + offs_k[:, None]
    vT_ptrs = V + offs_n[None, :] * stride_tok + offs_k[:, None]
    Di = tl.load(D + offs_m)
    tl.static_assert(BLOCK_M2 % BLOCK_N2 == 0)
    curr_n = start_n
    for _ in range(num_steps):
        kT = tl.load(kT_ptrs)
        vT = tl.load(vT_ptrs)
        qk = tl.dot(q, kT)
        p = tl.math.exp2(qk - m)
        if MASK:
            offs_n = curr_n + tl.arange(0, BLOCK_N2)
            p = tl.where(offs_m[:, None] >= offs_n[None, :], p, 0.0)
        dp = tl.dot(do, vT).to(tl.float32)
        ds = p * (dp - Di[:, None])
        dq += tl.dot(ds.to(kT.dtype), tl.trans(kT))
        curr_n += BLOCK_N2
        kT_ptrs += BLOCK_N2 * stride_tok
        vT_ptrs += BLOCK_N2 * stride_tok
    return dq


@triton.jit
def attn_bwd_kernel(Q, K, V, sm_scale, DO, DQ, DK, DV, M, D, stride_z, stride_h, stride_tok,
                    H, N_CTX, BLOCK_M1: tl.constexpr, BLOCK_N1: tl.constexpr,
                    BLOCK_M2: tl.constexpr, BLOCK_N2: tl.constexpr,
                    BLK_SLICE_FACTOR: tl.constexpr, HEAD_DIM: tl.constexpr,
                    CAUSAL: tl.constexpr):
    """K is pre-scaled by sm_scale / ln(2); program (pid, z * H + h) computes dK and dV of
    keys [pid * BLOCK_N1, +BLOCK_N1) and dQ of queries [pid * BLOCK_M2, +BLOCK_M2)."""
    LN2: tl.constexpr = 0.6931471824645996
    bhid = tl.program_id(1)
    off_chz = (bhid * N_CTX).to(tl.int64)
    adj = (stride_h * (bhid % H) + stride_z * (bhid // H)).to(tl.int64)
    pid = tl.program_id(0)
    Q += adj
    K += adj
    V += adj
    DO += adj
    DQ += adj
    DK += adj
    DV += adj
    M += off_chz
    D += off_chz
    offs_k = tl.arange(0, HEAD_DIM)

    start_n = pid * BLOCK_N1
    start_m = 0
    MASK_BLOCK_M1: tl.constexpr = BLOCK_M1 // BLK_SLICE_FACTOR
    offs_n = start_n + tl.arange(0, BLOCK_N1)
    dv = tl.zeros([BLOCK_N1, HEAD_DIM], dtype=tl.float32)
    dk = tl.zeros([BLOCK_N1, HEAD_DIM], dtype=tl.float32)
    k = tl.load(K + offs_n[:, None] * stride_tok + offs_k[None, :])
    v = tl.load(V + offs_n[:, None] * stride_tok + offs_k[None, :])
    if CAUSAL:
        # The diagonal block in narrower steps, masked; then the queries below it.
        start_m = start_n
        num_steps = BLOCK_N1 // MASK_BLOCK_M1
        dk, dv = _bwd_dkdv(dk, dv, Q, k, v, DO, M, D, stride_tok, MASK_BLOCK_M1, BLOCK_N1,
                           HEAD_DIM, start_n, start_m, num_steps, MASK=True)
        start_m += num_steps * MASK_BLOCK_M1
    num_steps = (N_CTX - start_m) // BLOCK_M1
    dk, dv = _bwd_dkdv(dk, dv, Q, k, v, DO, M, D, stride_tok, BLOCK_M1, BLOCK_N1, HEAD_DIM,
                       start_n, start_m, num_steps, MASK=False)
    tl.store(DV + offs_n[:, None] * stride_tok + offs_k[None, :], dv.to(v.dtype))
    dk *= sm_scale
    tl.store(DK + offs_n[:, None] * stride_tok + offs_k[None, :], dk.to(k.dtype))

    start_m = pid * BLOCK_M2
    start_n = 0
    num_steps = N_CTX // BLOCK_N2
    MASK_BLOCK_N2: tl.constexpr = BLOCK_N2 // BLK_SLICE_FACTOR
    offs_m = start_m + tl.arange(0, BLOCK_M2)
    q = tl.load(Q + offs_m[:, None] * stride_tok + offs_k[None, :])
    dq = tl.zeros([BLOCK_M2, HEAD_DIM], dtype=tl.float32)
    do = tl.load(DO + offs_m[:, None] * stride_tok + offs_k[None, :])
    m = tl.load(M + offs_m)
    m = m[:, None]
    if CAUSAL:
        # The diagonal block, masked, in narrower steps; then the keys left of it.
        end_n = start_m + BLOCK_M2
        num_steps = BLOCK_M2 // MASK_BLOCK_N2
        dq = _bwd_dq(dq, q, K, V, do, m, D, stride_tok, BLOCK_M2, MASK_BLOCK_N2, HEAD_DIM,
                     start_m, end_n - num_steps * MASK_BLOCK_N2, num_steps, MASK=True)
        end_n -= num_steps * MASK_BLOCK_N2
        num_steps = end_n // BLOCK_N2
        start_n = end_n - num_steps * BLOCK_N2
    dq = _bwd_dq(dq, q, K, V, do, m, D, stride_tok, BLOCK_M2, BLOCK_N2, HEAD_DIM, start_m,
                 start_n, num_steps, MASK=False)
    dq *= LN2
    tl.store(DQ + offs_m[:, None] * stride_tok + offs_k[None, :], dq.to(q.dtype))


def case(dtype, d, causal, warps=4, stages=5):
    """The tutorial's configuration: 32/128 for dK dV, 128/32 for dQ, 4 warps, 5 stages."""
    return dict(name="tbwd_%s_d%d_%s_w%d_s%d" % ("f16" if dtype == "float16" else "bf16", d,
                                                  "causal" if causal else "full", warps, stages),
                kind="tbwd", dtype=dtype, D=d, causal=causal, warps=warps, cc=90,
                stages=stages, sizes=((2, 3, 1000), (1, 2, 384)), bench=(4, 32, 4096))


def _rand(shape, dtype, gen):
    return torch.randn(shape, device="cuda", dtype=torch.float32, generator=gen).to(dtype)


def make(case, size, seed, reference=True):
    """dot_kernels.make for the backward: outputs dQ, dK, dV (the first N rows)."""
    gen = torch.Generator(device="cuda").manual_seed(seed)
    Z, H, N = size
    Dh, dt = case["D"], getattr(torch, case["dtype"])
    NP = triton.cdiv(N, 128) * 128
    q, k, v, do = (torch.zeros((Z, H, NP, Dh), device="cuda", dtype=dt) for _ in range(4))
    for t in (q, k, v, do):
        t[:, :, :N] = _rand((Z, H, N, Dh), dt, gen)
    sm_scale = 0.5
    causal_mask = torch.ones(N, N, device="cuda", dtype=torch.bool).triu(1)
    # The forward in float64: M (log2 units of the scaled scores) and Delta = rowsum(O * dO).
    qd, kd, vd, dod = (t[:, :, :N].double() for t in (q, k, v, do))
    s = (qd @ kd.transpose(-1, -2)) * sm_scale
    if case["causal"]:
        s = s.masked_fill(causal_mask, float("-inf"))
    p = torch.softmax(s, dim=-1)
    o = p @ vd
    M = torch.zeros((Z, H, NP), device="cuda", dtype=torch.float32)
    Delta = torch.zeros((Z, H, NP), device="cuda", dtype=torch.float32)
    M[:, :, :N] = (torch.logsumexp(s, dim=-1) * RCP_LN2).float()
    Delta[:, :, :N] = (o * dod).sum(-1).float()
    refs = None
    if reference:
        # dV = P^T dO; dP = dO V^T; dS = P * (dP - Delta); dQ = s dS K; dK = s dS^T Q.
        dp = dod @ vd.transpose(-1, -2)
        ds = p * (dp - (o * dod).sum(-1, keepdim=True))
        refs = [sm_scale * ds @ kd, sm_scale * ds.transpose(-1, -2) @ qd,
                p.transpose(-1, -2) @ dod]
    arg_k = (k.float() * (sm_scale * RCP_LN2)).to(dt)
    dq, dk, dv = (torch.zeros_like(q) for _ in range(3))
    args = [q, arg_k, v, sm_scale, do, dq, dk, dv, M, Delta, q.stride(0), q.stride(1),
            q.stride(2), H, NP]
    meta = dict(BLOCK_M1=32, BLOCK_N1=128, BLOCK_M2=128, BLOCK_N2=32, BLK_SLICE_FACTOR=2,
                HEAD_DIM=Dh, CAUSAL=case["causal"])
    grid = (NP // 128, Z * H)
    # Five N x N x D matmuls: 2.5 times the forward's two.
    flops = 2.5 * 4.0 * Z * H * N * N * Dh * (0.5 if case["causal"] else 1.0)
    return (attn_bwd_kernel, grid, args, meta, [t[:, :, :N] for t in (dq, dk, dv)], refs,
            flops)


# The tutorial's 4 warps hold dK and dV of 128 x 128 at head dim 128 in 256 registers a
# thread and spill (Triton and ours alike); 8 warps are the configuration that fits.
CASES = [case(dt, d, c, w) for dt, d, c, w in (
    ("float16", 64, True, 4), ("float16", 128, True, 4), ("float16", 128, False, 4),
    ("bfloat16", 64, False, 4), ("float16", 128, True, 8), ("bfloat16", 128, False, 8))]
