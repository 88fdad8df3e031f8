"""Tensor-core kernels of our own: matmuls, batched matmuls and attention.

Each CASE names a kernel, its constexprs, num_warps and the target it is
compiled for (cuda:90 is wgmma, cuda:80 is mma.sync run on the same GPU
through Triton's arch override, and some configurations only fit mma v2 or
FMA). `make(case, size)` builds inputs, the launch and a float64 reference;
utils/gpu/dot-check.py runs them through Triton and through our compiler
(the triton_mlir hook) and compares.
"""

import torch
import triton
import triton.language as tl

import attn_bwd


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr,
                  A_T: tl.constexpr, B_T: tl.constexpr, ACC: tl.constexpr,
                  PRECISION: tl.constexpr, EPILOGUE: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    num_in_group = GROUP_M * num_pid_n
    group_id = pid // num_in_group
    first_m = group_id * GROUP_M
    gsize = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % num_in_group) % gsize)
    pid_n = (pid % num_in_group) // gsize
    offs_m = pid_m * BM + tl.arange(0, BM)
    offs_n = pid_n * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    if ACC == "int32":
        acc = tl.zeros((BM, BN), dtype=tl.int32)
    elif ACC == "float16":
        acc = tl.zeros((BM, BN), dtype=tl.float16)
    else:
        acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + offs_k
        if A_T:  # A is stored K x M: load the [BK, BM] tile and transpose it
            a = tl.load(a_ptr + kk[:, None] * sak + offs_m[None, :] * sam,
                        mask=(kk[:, None] < K) & (offs_m[None, :] < M), other=0.0)
            a = tl.trans(a)
        else:
            a = tl.load(a_ptr + offs_m[:, None] * sam + kk[None, :] * sak,
                        mask=(offs_m[:, None] < M) & (kk[None, :] < K), other=0.0)
        if B_T:  # B is stored N x K
            b = tl.load(b_ptr + offs_n[:, None] * sbn + kk[None, :] * sbk,
                        mask=(offs_n[:, None] < N) & (kk[None, :] < K), other=0.0)
            b = tl.trans(b)
        else:
            b = tl.load(b_ptr + kk[:, None] * sbk + offs_n[None, :] * sbn,
                        mask=(kk[:, None] < K) & (offs_n[None, :] < N), other=0.0)
        if ACC == "float16":
            acc = tl.dot(a, b, acc, out_dtype=tl.float16)
        elif ACC == "int32":
            acc = tl.dot(a, b, acc, out_dtype=tl.int32)
        else:
            acc = tl.dot(a, b, acc, input_precision=PRECISION)
    if EPILOGUE == "bias_relu":
        bias = tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0)
        acc = tl.maximum(acc + bias[None, :].to(acc.dtype), 0.0)
    c = acc.to(c_ptr.dtype.element_ty)
    c_ptrs = c_ptr + scm * offs_m[:, None] + scn * offs_n[None, :]
    tl.store(c_ptrs, c, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def matmul_tma_kernel(a_desc, b_desc, c_desc, K, BM: tl.constexpr, BN: tl.constexpr,
                      BK: tl.constexpr, B_NK: tl.constexpr, WS: tl.constexpr = False):
    """Host tensor descriptors (TMA): A is M x K, B is N x K (B_NK) or K x N, C is M x N.
    WS marks the K loop tl.range(..., warp_specialize=True)."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BK), warp_specialize=WS):
        a = a_desc.load([pid_m * BM, k * BK])
        if B_NK:
            b = b_desc.load([pid_n * BN, k * BK]).T
        else:
            b = b_desc.load([k * BK, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(c_desc.dtype))


@triton.jit
def matmul_tma_persistent_kernel(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr,
                                 BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr,
                                 NUM_SMS: tl.constexpr, WS: tl.constexpr):
    """Triton's persistent TMA matmul (tutorial 09, host descriptors): one program per
    SM walks the output tiles; B is N x K. WS marks the tile loop warp_specialize."""
    start_pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    k_tiles = tl.cdiv(K, BK)
    num_tiles = num_pid_m * num_pid_n
    num_pid_in_group = GROUP_M * num_pid_n
    for tile_id in tl.range(start_pid, num_tiles, NUM_SMS, warp_specialize=WS):
        group_id = tile_id // num_pid_in_group
        first_pid_m = group_id * GROUP_M
        group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
        pid_m = first_pid_m + (tile_id % group_size_m)
        pid_n = (tile_id % num_pid_in_group) // group_size_m
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for ki in range(k_tiles):
            a = a_desc.load([pid_m * BM, ki * BK])
            b = b_desc.load([pid_n * BN, ki * BK])
            acc = tl.dot(a, b.T, acc)
        c_desc.store([pid_m * BM, pid_n * BN], acc.to(c_desc.dtype))


@triton.jit
def matmul_tutorial_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
                           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                           GROUP_M: tl.constexpr, UPCAST_A: tl.constexpr = False):
    """Triton's tutorial matmul: pointers carried across iterations, K masks only.
    With UPCAST_A, A (int8) is upcast to B's type in registers before the dot,
    as in weight-only quantization (tritongpu-coalesce-async-copy clips its
    pipelined copies to the shared buffer's vectors; its wgmma is split
    along K)."""
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    num_in_group = GROUP_M * num_pid_n
    group_id = pid // num_in_group
    first_m = group_id * GROUP_M
    gsize = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % num_in_group) % gsize)
    pid_n = (pid % num_in_group) // gsize
    offs_am = (pid_m * BM + tl.arange(0, BM)) % M
    offs_bn = (pid_n * BN + tl.arange(0, BN)) % N
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_am[:, None] * sam + offs_k[None, :] * sak
    b_ptrs = b_ptr + offs_k[:, None] * sbk + offs_bn[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BK, other=0.0)
        if UPCAST_A:
            a = a.to(b.dtype)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK * sak
        b_ptrs += BK * sbk
    c = acc.to(c_ptr.dtype.element_ty)
    offs_m = pid_m * BM + tl.arange(0, BM)
    offs_n = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + scm * offs_m[:, None] + scn * offs_n[None, :], c,
             mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def bmm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sab, sam, sak, sbb, sbk, sbn, scb, scm, scn,
               BB: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    """A batched dot: BB matrices per program in one 3-D tl.dot."""
    pid_b = tl.program_id(2)
    offs_b = pid_b * BB + tl.arange(0, BB)
    offs_m = tl.program_id(0) * BM + tl.arange(0, BM)
    offs_n = tl.program_id(1) * BN + tl.arange(0, BN)
    offs_k = tl.arange(0, BK)
    acc = tl.zeros((BB, BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + offs_k
        a = tl.load(a_ptr + offs_b[:, None, None] * sab + offs_m[None, :, None] * sam
                    + kk[None, None, :] * sak,
                    mask=(offs_m[None, :, None] < M) & (kk[None, None, :] < K), other=0.0)
        b = tl.load(b_ptr + offs_b[:, None, None] * sbb + kk[None, :, None] * sbk
                    + offs_n[None, None, :] * sbn,
                    mask=(kk[None, :, None] < K) & (offs_n[None, None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + offs_b[:, None, None] * scb + offs_m[None, :, None] * scm
             + offs_n[None, None, :] * scn, acc.to(c_ptr.dtype.element_ty),
             mask=(offs_m[None, :, None] < M) & (offs_n[None, None, :] < N))


@triton.jit
def _attn_tma_inner(acc, l_i, m_i, q, desc_k, desc_v, offset_y, start_m, qk_scale, N_CTX,
                    offs_m, offs_n, dtype: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
                    STAGE: tl.constexpr, MASK_N: tl.constexpr, WS: tl.constexpr):
    """Triton's tutorial 06 inner loop: STAGE 1 the blocks left of the diagonal, 2 the
    diagonal block (causal mask), 3 every block. WS marks it warp_specialize."""
    if STAGE == 1:
        lo, hi = 0, start_m * BM
    elif STAGE == 2:
        lo, hi = start_m * BM, (start_m + 1) * BM
        lo = tl.multiple_of(lo, BM)
    else:
        lo, hi = 0, N_CTX
    offsetk_y = offset_y + lo
    offsetv_y = offset_y + lo
    for start_n in tl.range(lo, hi, BN, warp_specialize=WS):
        start_n = tl.multiple_of(start_n, BN)
        k = desc_k.load([offsetk_y, 0]).T
        qk = tl.dot(q, k)
        if STAGE == 2:
            keep = offs_m[:, None] >= (start_n + offs_n[None, :])
            if MASK_N:
                keep = keep & ((start_n + offs_n[None, :]) < N_CTX)
            qk = qk * qk_scale + tl.where(keep, 0, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_ij[:, None]
        else:
            if MASK_N:
                qk = qk + tl.where((start_n + offs_n[None, :]) < N_CTX, 0, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        alpha = tl.math.exp2(m_i - m_ij)
        l_ij = tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = desc_v.load([offsetv_y, 0])
        acc = tl.dot(p.to(dtype), v, acc)
        l_i = l_i * alpha + l_ij
        m_i = m_ij
        offsetk_y += BN
        offsetv_y += BN
    return acc, l_i, m_i


@triton.jit
def attn_tma_kernel(sm_scale, H, desc_q, desc_k, desc_v, desc_o, N_CTX, N_PAD,
                    D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, STAGE: tl.constexpr,
                    MASK_N: tl.constexpr, WS: tl.constexpr):
    """Triton's tutorial 06 forward (host descriptors over [Z * H * N_PAD, D]; each head's
    rows padded to N_PAD, a multiple of BM; keys past N_CTX masked). STAGE 1: not causal,
    3: causal (the blocks left of the diagonal, then the diagonal block)."""
    dtype = desc_q.dtype
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    offset_y = off_hz * N_PAD
    qo_offset_y = offset_y + start_m * BM
    offs_m = start_m * BM + tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    m_i = tl.zeros([BM], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BM], dtype=tl.float32) + 1.0
    acc = tl.zeros([BM, D], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    q = desc_q.load([qo_offset_y, 0])
    if STAGE & 1:
        acc, l_i, m_i = _attn_tma_inner(acc, l_i, m_i, q, desc_k, desc_v, offset_y, start_m,
                                        qk_scale, N_CTX, offs_m, offs_n, dtype, BM, BN,
                                        4 - STAGE, MASK_N, WS)
    if STAGE & 2:
        acc, l_i, m_i = _attn_tma_inner(acc, l_i, m_i, q, desc_k, desc_v, offset_y, start_m,
                                        qk_scale, N_CTX, offs_m, offs_n, dtype, BM, BN,
                                        2, MASK_N, WS)
    acc = acc / l_i[:, None]
    desc_o.store([qo_offset_y, 0], acc.to(dtype))


@triton.jit
def attn_fwd_kernel(Q, K, V, O, sm_scale, N_CTX, stride_h, stride_n,
                    D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    bh = tl.program_id(1)
    base = bh.to(tl.int64) * stride_h
    offs_m = start_m * BM + tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    offs_d = tl.arange(0, D)
    q = tl.load(Q + base + offs_m[:, None] * stride_n + offs_d[None, :],
                mask=offs_m[:, None] < N_CTX, other=0.0)
    m_i = tl.zeros([BM], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BM], dtype=tl.float32) + 1.0
    acc = tl.zeros([BM, D], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    hi = tl.minimum((start_m + 1) * BM, N_CTX) if CAUSAL else N_CTX
    for start_n in range(0, hi, BN):
        cols = start_n + offs_n
        kt = tl.load(K + base + cols[None, :] * stride_n + offs_d[:, None],
                     mask=cols[None, :] < N_CTX, other=0.0)
        qk = tl.dot(q, kt)
        keep = cols[None, :] < N_CTX
        if CAUSAL:
            keep = keep & (offs_m[:, None] >= cols[None, :])
        qk = qk * qk_scale + tl.where(keep, 0, -1.0e6)
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        qk -= m_ij[:, None]
        p = tl.math.exp2(qk)
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha[:, None]
        v = tl.load(V + base + cols[:, None] * stride_n + offs_d[None, :],
                    mask=cols[:, None] < N_CTX, other=0.0)
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
    acc = acc / l_i[:, None]
    tl.store(O + base + offs_m[:, None] * stride_n + offs_d[None, :], acc.to(tl.float16),
             mask=offs_m[:, None] < N_CTX)


def _mm(name, dtype, BM, BN, BK, warps, cc=90, acc="float32", precision="tf32", a_t=False,
        b_t=False, epilogue="none", out=None, sizes=((1000, 1000, 1000), (16, 264, 72)),
        bench=None, stages=1, kind="mm", ws=False):
    if bench is None:
        bench = (2048, 2048, 2048) if dtype == "float32" else (4096, 4096, 4096)
    if stages > 1 and not any(all(d % 16 == 0 for d in size) for size in sizes):
        # Loops are pipelined only where sizes and strides are multiples of
        # 16 (vectorizable loads): also check a size like that which is no
        # multiple of the tile, so masks are live in the pipelined loop.
        sizes = tuple(sizes) + ((1008, 1040, 1072),)
    return dict(name=name, kind=kind, dtype=dtype, BM=BM, BN=BN, BK=BK, warps=warps, cc=cc,
                bench=bench, stages=stages, ws=ws,
                acc=acc, precision=precision, a_t=a_t, b_t=b_t, epilogue=epilogue,
                out=out or ("int32" if acc == "int32" else "float16" if dtype in (
                    "float16", "float8_e4m3fn", "float8_e5m2") else dtype),
                sizes=sizes)


CASES = [
    _mm("mm_f16_128x256x64_w8", "float16", 128, 256, 64, 8,
        sizes=((1000, 1000, 1000), (4096, 4096, 4096))),
    _mm("mm_f16_128x128x64_w4", "float16", 128, 128, 64, 4,
        sizes=((1000, 1000, 1000), (4096, 4096, 4096))),
    _mm("mm_f16_64x64x32_w4", "float16", 64, 64, 32, 4, sizes=((1000, 1000, 1000), (16, 200, 33))),
    _mm("mm_f16_16x16x16_w1", "float16", 16, 16, 16, 1, sizes=((77, 45, 129), (16, 16, 16))),
    _mm("mm_bf16_128x128x64_w4", "bfloat16", 128, 128, 64, 4),
    _mm("mm_tf32_128x128x32_w4", "float32", 128, 128, 32, 4),
    _mm("mm_tf32x3_64x64x32_w4", "float32", 64, 64, 32, 4, precision="tf32x3"),
    # B is split into tf32 halves in registers before its dot: pipelined
    # through an unswizzled buffer, as Triton does.
    _mm("mm_tf32x3_64x64x32_w4_s3", "float32", 64, 64, 32, 4, precision="tf32x3", stages=3),
    _mm("mm_ieee_64x64x32_w4", "float32", 64, 64, 32, 4, precision="ieee"),
    _mm("mm_e4m3_128x128x64_w4", "float8_e4m3fn", 128, 128, 64, 4),
    _mm("mm_e5m2_128x128x64_w4", "float8_e5m2", 128, 128, 64, 4),
    _mm("mm_i8_128x128x64_w4", "int8", 128, 128, 64, 4, acc="int32"),
    _mm("mm_f16acc_128x128x64_w4", "float16", 128, 128, 64, 4, acc="float16"),
    _mm("mm_f16_bias_relu_128x128x64_w4", "float16", 128, 128, 64, 4, epilogue="bias_relu"),
    _mm("mm_f16_at_128x128x64_w4", "float16", 128, 128, 64, 4, a_t=True),
    _mm("mm_f16_bt_128x128x64_w4", "float16", 128, 128, 64, 4, b_t=True),
    _mm("mm_f16_128x128x32_w4_sm80", "float16", 128, 128, 32, 4, cc=80),
    _mm("mm_bf16_64x64x32_w4_sm80", "bfloat16", 64, 64, 32, 4, cc=80, b_t=True),
    _mm("mm_tf32_64x64x32_w4_sm80", "float32", 64, 64, 32, 4, cc=80),
    _mm("mm_i8_64x64x64_w4_sm80", "int8", 64, 64, 64, 4, cc=80, acc="int32"),
    # Software pipelining (cp.async, num_stages buffers; async wgmma in flight).
    _mm("mm_f16_128x256x64_w8_s3", "float16", 128, 256, 64, 8, stages=3,
        sizes=((1000, 1000, 1000), (16, 264, 72), (4096, 4096, 4096))),
    _mm("mm_f16_128x128x64_w4_s4", "float16", 128, 128, 64, 4, stages=4),
    # Inductor's triton_mm configs for a 4096^3 fp16 mm (its autotuner's top
    # two on the H200): 4 warps at 3 stages, 8 warps at 5.
    _mm("mm_f16_128x128x64_w4_s3", "float16", 128, 128, 64, 4, stages=3),
    _mm("mm_f16_128x128x64_w8_s5", "float16", 128, 128, 64, 8, stages=5),
    _mm("mm_f16_64x64x32_w4_s5", "float16", 64, 64, 32, 4, stages=5,
        sizes=((1000, 1000, 1000), (16, 200, 33))),
    _mm("mm_f16_64x64x32_w4_s2", "float16", 64, 64, 32, 4, stages=2,
        sizes=((1000, 1000, 1000), (16, 200, 33))),
    _mm("mm_bf16_128x128x64_w4_s3", "bfloat16", 128, 128, 64, 4, stages=3),
    _mm("mm_tf32_128x128x32_w4_s3", "float32", 128, 128, 32, 4, stages=3),
    _mm("mm_e4m3_128x128x64_w4_s4", "float8_e4m3fn", 128, 128, 64, 4, stages=4),
    _mm("mm_i8_128x128x64_w4_s3", "int8", 128, 128, 64, 4, acc="int32", stages=3),
    # 8-bit B stored K x N goes through registers (wgmma wants it K-major):
    # prefetched one iteration ahead (PrefetchRegisters.cpp).
    _mm("mm_e5m2_128x64x128_w4_s2", "float8_e5m2", 128, 64, 128, 4, stages=2),
    _mm("mm_i8_128x256x64_w8_s3", "int8", 128, 256, 64, 8, acc="int32", stages=3),
    _mm("mm_f16_at_128x128x64_w4_s3", "float16", 128, 128, 64, 4, a_t=True, stages=3),
    _mm("mm_f16_bt_128x128x64_w4_s3", "float16", 128, 128, 64, 4, b_t=True, stages=3),
    _mm("mm_f16_128x128x32_w4_sm80_s3", "float16", 128, 128, 32, 4, cc=80, stages=3),
    _mm("mm_bf16_64x64x32_w4_sm80_s4", "bfloat16", 64, 64, 32, 4, cc=80, b_t=True, stages=4),
    # FMA dots (f32, IEEE) pipelined through unswizzled buffers; the first
    # is Inductor's pick for a 2048^3 f32 mm on an H100.
    _mm("mm_ieee_64x128x32_w8_s4", "float32", 64, 128, 32, 8, precision="ieee", stages=4),
    _mm("mm_ieee_64x64x32_w4_s3", "float32", 64, 64, 32, 4, precision="ieee", stages=3,
        a_t=True),
    _mm("mmt_f16_128x256x64_w8_s3", "float16", 128, 256, 64, 8, stages=3, kind="mmt"),
    _mm("mmt_f16_128x128x32_w4_sm80_s4", "float16", 128, 128, 32, 4, cc=80, stages=4,
        kind="mmt"),
    # int8 x bf16 (A upcast in registers), pipelined: wgmma and mma v2.
    _mm("mixed_i8bf16_128x128x64_w4_s3", "bfloat16", 128, 128, 64, 4, stages=3, kind="mixed"),
    _mm("mixed_i8bf16_64x64x64_w4_sm80_s3", "bfloat16", 64, 64, 64, 4, cc=80, stages=3,
        kind="mixed"),
    # Host tensor descriptors: TMA loads (pipelined with mbarriers) and a TMA store.
    _mm("tma_f16_128x256x64_w8_s3", "float16", 128, 256, 64, 8, stages=3, kind="tma", b_t=True,
        sizes=((1000, 1000, 1000), (16, 264, 72), (4096, 4096, 4096))),
    _mm("tma_f16_128x128x64_w4_s4", "float16", 128, 128, 64, 4, stages=4, kind="tma"),
    _mm("tma_bf16_128x128x64_w4_s3", "bfloat16", 128, 128, 64, 4, stages=3, kind="tma",
        b_t=True),
    _mm("tma_e4m3_128x128x128_w4_s3", "float8_e4m3fn", 128, 128, 128, 4, stages=3, kind="tma",
        b_t=True, sizes=((1000, 1000, 1040), (16, 264, 80))),
    _mm("tma_f16_64x64x32_w4_s1", "float16", 64, 64, 32, 4, stages=1, kind="tma",
        sizes=((1000, 1000, 1000), (16, 200, 40))),
    # Warp specialization (tl.range(..., warp_specialize=True)): at 4 warps ours splits a
    # TMA producer warp from the wgmma consumer, as Triton 3.6 does; at 8 warps both leave
    # a lone dot to the pipeliner (specialized it measured no faster, 0.99-1.00x).
    _mm("tma_f16_128x128x64_w4_s3_ws", "float16", 128, 128, 64, 4, stages=3, kind="tma",
        b_t=True, ws=True, sizes=((1000, 1000, 1000), (16, 264, 72))),
    _mm("ptma_f16_128x128x64_w4_s4_ws", "float16", 128, 128, 64, 4, stages=4, kind="ptma",
        b_t=True, ws=True, sizes=((1000, 1000, 1000), (16, 264, 72), (2048, 3000, 1032))),
    _mm("tma_f16_128x256x64_w8_s3_ws", "float16", 128, 256, 64, 8, stages=3, kind="tma",
        b_t=True, ws=True, sizes=((1000, 1000, 1000), (16, 264, 72), (4096, 4096, 4096))),
    _mm("ptma_f16_128x256x64_w8_s3", "float16", 128, 256, 64, 8, stages=3, kind="ptma",
        b_t=True, sizes=((1000, 1000, 1000), (16, 264, 72), (2048, 3000, 1032))),
    _mm("ptma_f16_128x256x64_w8_s3_ws", "float16", 128, 256, 64, 8, stages=3, kind="ptma",
        b_t=True, ws=True, sizes=((1000, 1000, 1000), (16, 264, 72), (2048, 3000, 1032))),
    _mm("ptma_bf16_128x128x64_w8_s4_ws", "bfloat16", 128, 128, 64, 8, stages=4, kind="ptma",
        b_t=True, ws=True, sizes=((1000, 1000, 1000), (16, 264, 72))),
    _mm("ptma_e4m3_128x256x128_w8_s3_ws", "float8_e4m3fn", 128, 256, 128, 8, stages=3,
        kind="ptma", b_t=True, ws=True, sizes=((1000, 1000, 1040), (16, 264, 80))),
    dict(name="attn_d64_full_w4_s3", kind="attn", D=64, BM=128, BN=64, causal=False, warps=4,
         cc=90, sizes=((2, 3, 1000), (1, 4, 4096)), bench=(4, 16, 4096), stages=3),
    dict(name="attn_d128_causal_w8_s3", kind="attn", D=128, BM=128, BN=64, causal=True, warps=8,
         cc=90, sizes=((2, 3, 1000),), bench=(4, 16, 4096), stages=3),
    dict(name="attn_d64_full_w4_sm80_s3", kind="attn", D=64, BM=64, BN=64, causal=False, warps=4,
         cc=80, sizes=((2, 3, 1000),), bench=(4, 16, 4096), stages=3),
    # Tutorial-style attention over host descriptors (TMA), its key loop marked or not.
    *[dict(name="tattn_%s_d%d_%s_w%d_s3%s" % ("f16" if dt == "float16" else "bf16", d,
                                              "causal" if c else "full", w, "_ws" if ws else ""),
           kind="tattn", dtype=dt, D=d, BM=128, BN=bn, causal=c, warps=w, cc=90, stages=3,
           ws=ws, sizes=((2, 3, 1000), (1, 2, 384)), bench=(4, 32, 4096))
      for dt in ("float16", "bfloat16") for d, bn, w in ((64, 128, 4), (64, 128, 8), (128, 64, 8))
      for c in (False, True) for ws in (False, True)],
    dict(name="bmm_f16_4x32x32x32_w4", kind="bmm", dtype="float16", BB=4, BM=32, BN=32, BK=32,
         warps=4, cc=90, sizes=((8, 100, 72, 50),), bench=(64, 512, 512, 512)),
    dict(name="attn_d64_full_w4", kind="attn", D=64, BM=128, BN=64, causal=False, warps=4, cc=90,
         sizes=((2, 3, 1000), (1, 4, 4096)), bench=(4, 16, 4096)),
    dict(name="attn_d64_causal_w4", kind="attn", D=64, BM=128, BN=64, causal=True, warps=4,
         cc=90, sizes=((2, 3, 1000), (1, 4, 4096)), bench=(4, 16, 4096)),
    dict(name="attn_d128_full_w8", kind="attn", D=128, BM=128, BN=64, causal=False, warps=8,
         cc=90, sizes=((2, 3, 1000), (1, 4, 4096)), bench=(4, 16, 4096)),
    dict(name="attn_d128_causal_w8", kind="attn", D=128, BM=128, BN=64, causal=True, warps=8,
         cc=90, sizes=((2, 3, 1000),), bench=(4, 16, 4096)),
    dict(name="attn_d64_full_w4_sm80", kind="attn", D=64, BM=64, BN=64, causal=False, warps=4,
         cc=80, sizes=((2, 3, 1000),), bench=(4, 16, 4096)),
    # Tutorial-style attention backward (dQ, dK, dV), attn_bwd.py.
    *attn_bwd.CASES,
]


def _rand(shape, dtype, gen):
    if dtype == "int8":
        return torch.randint(-8, 8, shape, device="cuda", dtype=torch.int8, generator=gen)
    x = torch.randn(shape, device="cuda", dtype=torch.float32, generator=gen)
    if dtype.startswith("float8"):
        x = x * 0.5
    return x.to(getattr(torch, dtype))


def tolerance(case, ref=None):
    """(atol, rtol) against the float64 reference `ref` of the same rounded inputs."""
    if case["kind"] in ("attn", "tattn"):
        return 2e-2, 2e-2
    if case["kind"] == "tbwd":
        # Gradients sum 16-bit products over the whole sequence: a bound
        # relative to the output's largest element (dS is rounded to 16 bits
        # before its dots, as in the tutorial).
        scale = float(ref.abs().max()) if ref is not None else 1.0
        return (5e-3 if case["dtype"] == "float16" else 2e-2) * scale, 0.0
    if case["dtype"] == "int8":
        return 0, 0
    if case.get("acc") == "float16":
        return 0.25, 2e-2
    if case["dtype"] == "float32":
        return {"ieee": (1e-3, 1e-4), "tf32x3": (1e-3, 1e-4)}.get(case["precision"], (0.1, 2e-2))
    return 0.1, 2e-2  # f16/bf16/fp8 outputs rounded to 16 bits, K up to 4096


def make(case, size, seed, reference=True):
    """(kernel, grid, args, constexprs, outputs to compare, float64 references, flops);
    no references (None) when `reference` is false (timing at large sizes)."""
    if case["kind"] == "tbwd":
        return attn_bwd.make(case, size, seed, reference)
    gen = torch.Generator(device="cuda").manual_seed(seed)
    if case["kind"] == "mmt":
        M, N, K = size
        a = _rand((M, K), case["dtype"], gen)
        b = _rand((K, N), case["dtype"], gen)
        c = torch.empty((M, N), device="cuda", dtype=getattr(torch, case["out"]))
        ref = a.double() @ b.double() if reference else None
        args = [a, b, c, M, N, K, K, 1, N, 1, N, 1]
        meta = dict(BM=case["BM"], BN=case["BN"], BK=case["BK"], GROUP_M=8)
        grid = (triton.cdiv(M, case["BM"]) * triton.cdiv(N, case["BN"]),)
        return matmul_tutorial_kernel, grid, args, meta, [c], [ref], 2.0 * M * N * K
    if case["kind"] == "mixed":
        M, N, K = size
        a = _rand((M, K), "int8", gen)
        b = _rand((K, N), case["dtype"], gen)
        c = torch.empty((M, N), device="cuda", dtype=getattr(torch, case["out"]))
        ref = a.double() @ b.double() if reference else None
        args = [a, b, c, M, N, K, K, 1, N, 1, N, 1]
        meta = dict(BM=case["BM"], BN=case["BN"], BK=case["BK"], GROUP_M=8, UPCAST_A=True)
        grid = (triton.cdiv(M, case["BM"]) * triton.cdiv(N, case["BN"]),)
        return matmul_tutorial_kernel, grid, args, meta, [c], [ref], 2.0 * M * N * K
    if case["kind"] == "tma":
        from triton.tools.tensor_descriptor import TensorDescriptor
        M, N, K = size
        dt = case["dtype"]
        BM, BN, BK = case["BM"], case["BN"], case["BK"]
        a = _rand((M, K), dt, gen)
        b = _rand((N, K) if case["b_t"] else (K, N), dt, gen)
        c = torch.empty((M, N), device="cuda", dtype=getattr(torch, case["out"]))
        ref = a.double() @ (b.t() if case["b_t"] else b).double() if reference else None
        args = [TensorDescriptor.from_tensor(a, [BM, BK]),
                TensorDescriptor.from_tensor(b, [BN, BK] if case["b_t"] else [BK, BN]),
                TensorDescriptor.from_tensor(c, [BM, BN]), K]
        meta = dict(BM=BM, BN=BN, BK=BK, B_NK=case["b_t"], WS=case.get("ws", False))
        grid = (triton.cdiv(M, BM), triton.cdiv(N, BN))
        return matmul_tma_kernel, grid, args, meta, [c], [ref], 2.0 * M * N * K
    if case["kind"] == "ptma":
        from triton.tools.tensor_descriptor import TensorDescriptor
        M, N, K = size
        dt = case["dtype"]
        BM, BN, BK = case["BM"], case["BN"], case["BK"]
        a = _rand((M, K), dt, gen)
        b = _rand((N, K), dt, gen)
        c = torch.empty((M, N), device="cuda", dtype=getattr(torch, case["out"]))
        ref = a.double() @ b.t().double() if reference else None
        sms = torch.cuda.get_device_properties(0).multi_processor_count
        args = [TensorDescriptor.from_tensor(a, [BM, BK]), TensorDescriptor.from_tensor(b, [BN, BK]),
                TensorDescriptor.from_tensor(c, [BM, BN]), M, N, K]
        meta = dict(BM=BM, BN=BN, BK=BK, GROUP_M=8, NUM_SMS=sms, WS=case["ws"])
        grid = (min(sms, triton.cdiv(M, BM) * triton.cdiv(N, BN)),)
        return matmul_tma_persistent_kernel, grid, args, meta, [c], [ref], 2.0 * M * N * K
    if case["kind"] == "mm":
        M, N, K = size
        dt = case["dtype"]
        a = _rand((K, M) if case["a_t"] else (M, K), dt, gen)
        b = _rand((N, K) if case["b_t"] else (K, N), dt, gen)
        bias = _rand((N,), "float32", gen).to(getattr(torch, case["out"]) if dt != "int8"
                                               else torch.int32)
        c = torch.empty((M, N), device="cuda", dtype=getattr(torch, case["out"]))
        ref = None
        if reference:
            a64 = (a.t() if case["a_t"] else a).double()
            b64 = (b.t() if case["b_t"] else b).double()
            ref = a64 @ b64
            if case["epilogue"] == "bias_relu":
                ref = torch.relu(ref + bias.double()[None, :])
        sam, sak = (1, M) if case["a_t"] else (K, 1)
        sbk, sbn = (1, K) if case["b_t"] else (N, 1)
        args = [a, b, c, bias, M, N, K, sam, sak, sbk, sbn, N, 1]
        meta = dict(BM=case["BM"], BN=case["BN"], BK=case["BK"], GROUP_M=8, A_T=case["a_t"],
                    B_T=case["b_t"], ACC=case["acc"], PRECISION=case["precision"],
                    EPILOGUE=case["epilogue"])
        grid = (triton.cdiv(M, case["BM"]) * triton.cdiv(N, case["BN"]),)
        return matmul_kernel, grid, args, meta, [c], [ref], 2.0 * M * N * K
    if case["kind"] == "bmm":
        B, M, N, K = size
        a = _rand((B, M, K), case["dtype"], gen)
        b = _rand((B, K, N), case["dtype"], gen)
        c = torch.empty((B, M, N), device="cuda", dtype=torch.float16)
        ref = a.double() @ b.double() if reference else None
        args = [a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride()]
        meta = dict(BB=case["BB"], BM=case["BM"], BN=case["BN"], BK=case["BK"])
        grid = (triton.cdiv(M, case["BM"]), triton.cdiv(N, case["BN"]), B // case["BB"])
        return bmm_kernel, grid, args, meta, [c], [ref], 2.0 * B * M * N * K
    if case["kind"] == "tattn":
        from triton.tools.tensor_descriptor import TensorDescriptor
        Z, H, N = size
        D, BM, BN, dt = case["D"], case["BM"], case["BN"], case["dtype"]
        NP = triton.cdiv(N, BM) * BM
        # Each head's rows padded to NP (zeros past N): TMA tiles never cross heads.
        q, k, v = (torch.zeros((Z, H, NP, D), device="cuda", dtype=getattr(torch, dt))
                   for _ in range(3))
        for t in (q, k, v):
            t[:, :, :N] = _rand((Z, H, N, D), dt, gen)
        o = torch.zeros_like(q)
        scale = 0.5
        ref = None
        if reference:
            qd, kd, vd = (t[:, :, :N].double() for t in (q, k, v))
            s = (qd @ kd.transpose(-1, -2)) * scale
            if case["causal"]:
                s = s.masked_fill(torch.ones(N, N, device="cuda", dtype=torch.bool).triu(1),
                                  float("-inf"))
            ref = torch.softmax(s, dim=-1) @ vd
        flat = [t.view(Z * H * NP, D) for t in (q, k, v, o)]
        args = [scale, H, TensorDescriptor.from_tensor(flat[0], [BM, D]),
                TensorDescriptor.from_tensor(flat[1], [BN, D]),
                TensorDescriptor.from_tensor(flat[2], [BN, D]),
                TensorDescriptor.from_tensor(flat[3], [BM, D]), N, NP]
        meta = dict(D=D, BM=BM, BN=BN, STAGE=3 if case["causal"] else 1, MASK_N=N % BN != 0,
                    WS=case["ws"])
        grid = (triton.cdiv(N, BM), Z * H)
        flops = 4.0 * Z * H * N * N * D * (0.5 if case["causal"] else 1.0)
        return attn_tma_kernel, grid, args, meta, [o[:, :, :N]], [ref], flops
    Z, H, N = size
    D = case["D"]
    q, k, v = (_rand((Z, H, N, D), "float16", gen) for _ in range(3))
    o = torch.empty_like(q)
    scale = 0.5
    ref = None
    if reference:
        s = (q.double() @ k.double().transpose(-1, -2)) * scale
        if case["causal"]:
            s = s.masked_fill(torch.ones(N, N, device="cuda", dtype=torch.bool).triu(1),
                              float("-inf"))
        ref = torch.softmax(s, dim=-1) @ v.double()
    args = [q, k, v, o, scale, N, N * D, D]
    meta = dict(D=D, BM=case["BM"], BN=case["BN"], CAUSAL=case["causal"])
    grid = (triton.cdiv(N, case["BM"]), Z * H)
    flops = 4.0 * Z * H * N * N * D * (0.5 if case["causal"] else 1.0)
    return attn_fwd_kernel, grid, args, meta, [o], [ref], flops
