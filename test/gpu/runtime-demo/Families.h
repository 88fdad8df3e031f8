//===- Families.h - the demo's kernel families ---*- C++ -*-===//
//
// Variants are made from one Triton 3.6 TTIR each: the add kernel's BLOCK
// (1024 in the TTIR) is rewritten to other sizes, and every kernel also
// comes without the tt.divisibility=16 hints of its integer arguments, so
// ragged sizes have variants that accept them; num_warps is the other axis.
//
//===----------------------------------------------------------------------===//
#ifndef RUNTIME_DEMO_FAMILIES_H
#define RUNTIME_DEMO_FAMILIES_H

#include "Runtime/Runtime.h"

#include <string>

namespace demo {

/// add_kernel(x_ptr, y_ptr, out_ptr, n): out = x + y, run in place (out =
/// x) so that tuning without restoring would show. Key: n. Writes out_ptr.
triton::runtime::Result<triton::runtime::FamilySpec>
makeAddFamily(const std::string &kernelDir);

/// softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_rows, n_cols),
/// rows of up to 1024 columns. Key: n_cols. Writes out_ptr.
triton::runtime::Result<triton::runtime::FamilySpec>
makeSoftmaxFamily(const std::string &kernelDir);

/// matmul_tma_kernel(a_desc, b_desc, c_desc, M, N, K) (the corpus TMA
/// matmul, 128x256x64 f16, 8 warps, 3 stages): C = A @ B^T through host
/// tensor descriptors, each flattened into base, shape (i32) and strides
/// (i64). With and without the M, N, K hints. Key: M, N, K. Writes c_desc.
/// With `numCtas` > 1 ("matmul_tma_cluster<N>"), each program is a cluster
/// of that many CTAs (Triton's num_ctas), launched with cuLaunchKernelEx.
triton::runtime::Result<triton::runtime::FamilySpec>
makeMatmulTmaFamily(const std::string &kernelDir, int numCtas = 1);

} // namespace demo

#endif // RUNTIME_DEMO_FAMILIES_H
