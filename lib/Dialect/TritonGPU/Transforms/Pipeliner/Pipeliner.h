//===- Pipeliner.h - the parts of tritongpu-pipeline ------------*- C++ -*-===//
//
// tritongpu-pipeline (Pipeline.cpp) runs two parts over a module:
//  - SelectLoads.cpp picks the loads of a loop that feed dots through
//    shared memory; PipelineLoads.cpp turns them into cp.async (pointer
//    loads) or TMA (descriptor loads) copies into multi-buffered shared
//    memory,
//    issued num_stages - 1 iterations ahead (a modulo schedule expanded by
//    MLIR's scf loop pipeliner, the last iterations predicated);
//  - TensorMaps.cpp gives each descriptor made in a pipelined loop
//    num_stages tensor maps, so copies in flight keep theirs;
//  - WGMMAPipeline.cpp: warp-group dots become asynchronous; one stays in
//    flight across iterations where its operands are multi-buffered.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITONGPU_TRANSFORMS_PIPELINER_PIPELINER_H
#define TRITON_DIALECT_TRITONGPU_TRANSFORMS_PIPELINER_PIPELINER_H

#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::triton {
class ModuleAxisInfoAnalysis;
} // namespace mlir::triton

namespace mlir::triton::gpu {

/// A load the pipeliner turns into an asynchronous copy.
struct AsyncLoad {
  /// A tt.load (cp.async) or a tt.descriptor_load (TMA).
  Operation *load;
  /// The shared buffer it fills, which the copies replace.
  LocalAllocOp alloc;
  /// Elements per cp.async (0 for TMA).
  unsigned vec;
  bool isTMA() const { return isa<DescriptorLoadOp>(load); }
};

/// Whether `loop` holds a dot (tt.dot, tt.dot_scaled or a wgmma).
bool hasDot(scf::ForOp loop);

/// The loads of the innermost `loop` to pipeline (SelectLoads.cpp); fails
/// with the reason in `why` when there are none or the schedule would be
/// wrong. May rewrite a conversion to an mma operand layout into
/// local_alloc + local_load.
FailureOr<SmallVector<AsyncLoad>> selectLoads(scf::ForOp loop,
                                              ModuleAxisInfoAnalysis &axisInfo,
                                              std::string &why);

/// The attribute the load pipeliner leaves on each loop it pipelined: the
/// number of buffers of its shared-memory operands.
inline constexpr llvm::StringLiteral kPipelinedBuffersAttr =
    "ttg.pipelined_buffers";

/// Pipelines the loads of every innermost scf.for of `module` that feed
/// dots through `ttg.local_alloc`, at the loop's `tt.num_stages` or
/// `numStages`. Loops it cannot pipeline stay as they are; with `remarks`,
/// a remark on each such loop with a dot says why. Fails (with an error)
/// only when a loop was left half-transformed.
LogicalResult pipelineLoads(ModuleOp module, int numStages, bool remarks);

/// Whether every `tt.make_tensor_descriptor` in `loop` sits in its body or
/// in scf.if ops there and describes a tensor map the device can write,
/// so that multiBufferTensorMaps can give it several; otherwise `why`
/// says what stands in the way.
bool canMultiBufferTensorMaps(scf::ForOp loop, std::string &why);

/// Gives each `tt.make_tensor_descriptor` in `loop` `numMaps` tensor maps in
/// global scratch memory, written in turn (TensorMaps.cpp). Returns the
/// loop, rebuilt with one counter per descriptor. Requires
/// canMultiBufferTensorMaps.
scf::ForOp multiBufferTensorMaps(scf::ForOp loop, int numMaps);

/// `index + 1`, wrapping to 0 at `count`; with `wrapped`, whether it did.
Value nextIndex(OpBuilder &b, Location loc, Value index, int count,
                Value *wrapped = nullptr);

/// Makes every warp-group dot in a loop asynchronous, with its waits.
void pipelineWGMMA(ModuleOp module);

} // namespace mlir::triton::gpu

#endif
