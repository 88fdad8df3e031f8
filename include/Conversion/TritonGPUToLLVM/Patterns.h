//===- Patterns.h - the op families of the TTGIR -> LLVM lowering -*- C++
//-*-===//
//
// One populate function per op family; each lives in its own file
// (<Family>OpToLLVM.cpp). The pass (ConvertTritonGPUToLLVM.cpp) collects
// them all. Every pattern is a ConvertOpToLLVMPattern over the
// TritonGPUToLLVMTypeConverter; tensors arrive as structs of per-thread
// elements (see TypeConverter.h and Utility.h).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
#define TRITON_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H

#include "Conversion/TritonGPUToLLVM/TypeConverter.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/IR/PatternMatch.h"
#include <optional>

namespace mlir::triton {

class ModuleAxisInfoAnalysis;

/// What the lowering knows about its target and module.
struct LoweringConfig {
  int computeCapability = 90;
  int ptxVersion = 90;
  int numWarps = 4;
  int threadsPerWarp = 32;
  int numCTAs = 1;
  /// The module's ttg.maxnreg: registers per thread of the kernel.
  std::optional<int> maxnreg;
};

using TypeConverterT = TritonGPUToLLVMTypeConverter;

/// ttg.warp_specialize and ttg.warp_yield keep their place with LLVM types
/// (their regions lower with everything else); legal once converted.
void populateWarpSpecializeRegionPatterns(TypeConverterT &converter,
                                          RewritePatternSet &patterns,
                                          ConversionTarget &target);

/// tt.func, tt.return, tt.call (kernel ABI, shared-memory base argument).
void populateFuncOpToLLVMPatterns(TypeConverterT &converter,
                                  RewritePatternSet &patterns,
                                  const LoweringConfig &config);
/// tt.get_program_id, tt.get_num_programs.
void populateSPMDOpToLLVMPatterns(TypeConverterT &converter,
                                  RewritePatternSet &patterns);
/// Element-by-element ops: arith, math, tt.addptr, casts, libdevice
/// calls (tt.extern_elementwise), precise sqrt/div, clamp, mulhi. AxisInfo's
/// constancy spares recomputing elements known equal.
void populateElementwiseOpToLLVMPatterns(TypeConverterT &converter,
                                         RewritePatternSet &patterns,
                                         ModuleAxisInfoAnalysis &axisInfo,
                                         const LoweringConfig &config);
/// tt.fp_to_fp (fp8 pairs, rtz) and arith.sitofp i8 -> bf16 in packed words.
void populateCastOpToLLVMPatterns(TypeConverterT &converter,
                                  RewritePatternSet &patterns,
                                  ModuleAxisInfoAnalysis &axisInfo,
                                  const LoweringConfig &config);
/// tt.elementwise_inline_asm (packing, several results, scalars, pointers).
void populateElementwiseInlineAsmOpToLLVMPatterns(TypeConverterT &converter,
                                                  RewritePatternSet &patterns);
/// tt.map_elementwise (its scalar region inlined per group of registers).
void populateMapElementwiseOpToLLVMPatterns(TypeConverterT &converter,
                                            RewritePatternSet &patterns);
/// ttg.fp4_to_fp (e2m1 pairs in i8 to bf16/f16).
void populateFp4ToFpOpToLLVMPatterns(TypeConverterT &converter,
                                     RewritePatternSet &patterns);
/// tt.load, tt.store (vectorized from AxisInfo).
void populateLoadStoreOpToLLVMPatterns(TypeConverterT &converter,
                                       RewritePatternSet &patterns,
                                       ModuleAxisInfoAnalysis &axisInfo,
                                       const LoweringConfig &config);
/// tt.atomic_rmw, tt.atomic_cas.
void populateAtomicOpToLLVMPatterns(TypeConverterT &converter,
                                    RewritePatternSet &patterns,
                                    ModuleAxisInfoAnalysis &axisInfo,
                                    const LoweringConfig &config);
/// tt.splat, tt.unsplat, tt.make_range, tt.broadcast, tt.expand_dims, dense
/// constants.
void populateViewOpToLLVMPatterns(TypeConverterT &converter,
                                  RewritePatternSet &patterns);
/// tt.reshape, tt.trans, tt.join, tt.split, tt.cat.
void populateShapeOpToLLVMPatterns(TypeConverterT &converter,
                                   RewritePatternSet &patterns);
/// tt.reduce.
void populateReduceOpToLLVMPatterns(TypeConverterT &converter,
                                    RewritePatternSet &patterns,
                                    const LoweringConfig &config);
/// tt.scan.
void populateScanOpToLLVMPatterns(TypeConverterT &converter,
                                  RewritePatternSet &patterns,
                                  const LoweringConfig &config);
/// ttg.convert_layout.
void populateConvertLayoutOpToLLVMPatterns(TypeConverterT &converter,
                                           RewritePatternSet &patterns,
                                           const LoweringConfig &config);
/// gpu.barrier (from Membar) and ttg.local_barrier.
/// mbarrier init/inval/expect/arrive/wait (MBarrierOpToLLVM.cpp).
void populateMBarrierOpToLLVMPatterns(TypeConverterT &converter,
                                      RewritePatternSet &patterns);
/// Global scratch and device-side tensor maps (TensormapOpToLLVM.cpp).
void populateTensormapOpToLLVMPatterns(TypeConverterT &converter,
                                       RewritePatternSet &patterns);
/// TMA copies, reductions and the store wait (TMAOpToLLVM.cpp).
void populateTMAOpToLLVMPatterns(TypeConverterT &converter,
                                 RewritePatternSet &patterns);
void populateBarrierOpToLLVMPatterns(TypeConverterT &converter,
                                     RewritePatternSet &patterns);
/// ttg.local_alloc / local_load / local_store / local_dealloc.
void populateMemoryOpToLLVMPatterns(TypeConverterT &converter,
                                    RewritePatternSet &patterns,
                                    const LoweringConfig &config);
/// ttg.async_copy_global_to_local (cp.async, vectorized from AxisInfo),
/// ttg.async_commit_group, ttg.async_wait.
void populateAsyncCopyOpToLLVMPatterns(TypeConverterT &converter,
                                       RewritePatternSet &patterns,
                                       ModuleAxisInfoAnalysis &axisInfo);
/// tt.dot with a #ttg.blocked result: scalar multiply-adds
/// (DotOpToLLVM/FMA.cpp).
void populateFMADotOpToLLVMPatterns(TypeConverterT &converter,
                                    RewritePatternSet &patterns);
/// tt.dot with a #ttg.nvidia_mma version 2 result: mma.sync
/// (DotOpToLLVM/MMAv2.cpp).
void populateMMAv2DotOpToLLVMPatterns(TypeConverterT &converter,
                                      RewritePatternSet &patterns,
                                      const LoweringConfig &config);
/// ttg.local_load of mma.sync operands with ldmatrix, ahead of the generic
/// local_load (LocalLoadLdMatrix.cpp).
void populateLocalLoadLdMatrixPatterns(TypeConverterT &converter,
                                       RewritePatternSet &patterns,
                                       const LoweringConfig &config);
/// tt.histogram, tt.gather.
void populateHistogramGatherOpToLLVMPatterns(TypeConverterT &converter,
                                             RewritePatternSet &patterns,
                                             const LoweringConfig &config);
/// ttng.warp_group_dot (wgmma), ttng.warp_group_dot_wait,
/// ttng.fence_async_shared.
void populateWGMMAOpToLLVMPatterns(TypeConverterT &converter,
                                   RewritePatternSet &patterns);
/// ttg.memdesc_trans / memdesc_index / memdesc_subslice / memdesc_reshape.
void populateMemDescViewOpToLLVMPatterns(TypeConverterT &converter,
                                         RewritePatternSet &patterns);
/// tt.print, tt.assert.
void populatePrintAssertOpToLLVMPatterns(TypeConverterT &converter,
                                         RewritePatternSet &patterns);

} // namespace mlir::triton

#endif // TRITON_CONVERSION_TRITONGPUTOLLVM_PATTERNS_H
