//===- CompileOptions.h - options every pipeline stage shares ---*- C++ -*-===//
#ifndef TRITON_PIPELINE_COMPILEOPTIONS_H
#define TRITON_PIPELINE_COMPILEOPTIONS_H

namespace mlir::triton {

/// The options of one compilation, as Triton's `compile(..., options)`
/// takes them. One struct travels through every stage (ttir, ttgir, llir,
/// ptx, cubin) so the tools, the AOT compiler and the runtime agree.
struct CompileOptions {
  /// CUDA compute capability times ten plus minor (90 for sm_90a).
  int computeCapability = 90;
  int numWarps = 4;
  int numCtas = 1;
  int numStages = 3;
  int threadsPerWarp = 32;
  /// PTX ISA version times ten (90 = PTX 9.0, what CUDA 13.0 ships).
  int ptxVersion = 90;
  /// Allow a*b+c to be contracted to fma.
  bool enableFpFusion = true;
};

} // namespace mlir::triton

#endif // TRITON_PIPELINE_COMPILEOPTIONS_H
