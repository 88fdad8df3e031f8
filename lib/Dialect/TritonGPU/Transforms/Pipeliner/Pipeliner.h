//===- Pipeliner.h - the parts of tritongpu-pipeline ------------*- C++ -*-===//
//
// Triton's software pipeliner is three passes, as in Triton 3.6:
//  - tritongpu-assign-latencies (AssignLatencies.cpp) marks the loads of a
//    loop that feed dots through shared memory, or through registers
//    (SelectLoads.cpp picks them), with `tt.latency = num_stages - 1`;
//  - tritongpu-schedule-loops (ScheduleLoops.cpp) turns latencies into a
//    schedule: `loop.stage` / `loop.cluster` on each op of the loop (the
//    loads and their address computations at stage 0, the rest at the
//    latency), `tt.scheduled_max_stage` on the loop;
//  - tritongpu-pipeline (Pipeline.cpp) expands scheduled loops:
//    PipelineLoads.cpp turns the stage-0 loads into cp.async (pointer
//    loads) or TMA (descriptor loads) copies into multi-buffered shared
//    memory, issued num_stages - 1 iterations ahead (the schedule expanded
//    by MLIR's scf loop pipeliner, the last iterations predicated);
//  - PrefetchRegisters.cpp issues the dot operand loads left in registers
//    (an 8-bit B wgmma wants transposed) one iteration ahead;
//  - TensorMaps.cpp gives each descriptor made in a pipelined loop
//    num_stages tensor maps, so copies in flight keep theirs;
//  - WGMMAPipeline.cpp: warp-group dots become asynchronous; one stays in
//    flight across iterations where its operands are multi-buffered
//    (split along K first where A is in registers, SplitRSDot.cpp);
//  - TMAStores.cpp: descriptor stores in loops of more than one stage
//    (outer loops too) keep their copy in flight until the next one.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_DIALECT_TRITONGPU_TRANSFORMS_PIPELINER_PIPELINER_H
#define TRITON_DIALECT_TRITONGPU_TRANSFORMS_PIPELINER_PIPELINER_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/SetVector.h"

#include <functional>
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
  /// Until materializeAllocs: for a load reaching an mma operand through
  /// registers (no `alloc` yet), the rewrite into local_alloc +
  /// local_load that gives it one.
  std::function<LocalAllocOp(Operation *)> materialize;
  /// Read in registers (selectRegisterLoad), not as a dot operand: left out
  /// where the loop's schedule is sound only without it.
  bool throughRegisters = false;
  /// Whether `alloc` was made by `materialize` (it stands where the load's
  /// register user was).
  bool materialized = false;
  bool isTMA() const { return isa<DescriptorLoadOp>(load); }
};

/// The attributes of a schedule, Triton 3.6's names: an op's latency in
/// iterations (on the loads, from tritongpu-assign-latencies), its stage and
/// cluster (the order of clusters is the order in the pipelined loop body),
/// and the loop's last stage.
inline constexpr llvm::StringLiteral kLatencyAttr = "tt.latency";
inline constexpr llvm::StringLiteral kLoopStageAttr = "loop.stage";
inline constexpr llvm::StringLiteral kLoopClusterAttr = "loop.cluster";
inline constexpr llvm::StringLiteral kScheduledMaxStageAttr =
    "tt.scheduled_max_stage";

/// Whether `loop` holds a dot (tt.dot, tt.dot_scaled or a wgmma).
bool hasDot(scf::ForOp loop);

/// The loads of the innermost `loop` that can become asynchronous copies
/// into shared memory (SelectLoads.cpp): all that can, or exactly `only`.
/// Fails with the reason in `why` when there are none (or one of `only`
/// cannot). Rewrites nothing.
FailureOr<SmallVector<AsyncLoad>> selectLoads(scf::ForOp loop,
                                              ModuleAxisInfoAnalysis &axisInfo,
                                              std::string &why,
                                              ArrayRef<Operation *> only = {});

/// The ops of `loop` at stage 0 when `loads` are: the loads and what their
/// operands depend on, through loop-carried values. Fails with the reason
/// in `why` when that schedule would be wrong (an op with side effects or
/// regions other than scf.if among them; a value they carry also read
/// after the loop).
FailureOr<llvm::SetVector<Operation *>>
stageZeroOps(scf::ForOp loop, ArrayRef<Operation *> loads, std::string &why);

/// Gives each of `loads` its local_alloc, rewriting a conversion to an mma
/// operand layout into local_alloc + local_load where needed.
void materializeAllocs(MutableArrayRef<AsyncLoad> loads);

/// The number of stages of `loop`: its `tt.num_stages`, else `numStages`.
int getNumStages(scf::ForOp loop, int numStages);

/// Whether `loop` carries its own `tt.num_stages`: then it is pipelined with
/// or without a dot, every load a candidate (Triton 3.6's
/// pipelineWithoutDot).
bool hasOwnNumStages(scf::ForOp loop);

/// Whether `loop` has no scf.for inside.
bool isInnermost(scf::ForOp loop);

/// The attribute the load pipeliner leaves on each loop it pipelined (the
/// most buffers any of its shared-memory operands has), for the wgmma part.
inline constexpr llvm::StringLiteral kPipelinedBuffersAttr =
    "ttg.pipelined_buffers";

/// Expands every loop of `module` that tritongpu-schedule-loops scheduled:
/// its stage-0 loads become asynchronous copies num_stages - 1 iterations
/// ahead (PipelineLoads.cpp). A schedule this expander cannot follow gets
/// a remark saying why and the loop stays as it is. Fails (with an error)
/// only when a loop was left half-transformed.
LogicalResult expandScheduledLoops(ModuleOp module);

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

/// In each loop the load pipeliner expanded, issues the dot operand loads
/// it left in registers one iteration ahead (PrefetchRegisters.cpp).
void prefetchRegisterLoads(ModuleOp module);

/// Makes every warp-group dot in a loop asynchronous, with its waits.
void pipelineWGMMA(ModuleOp module);

/// In every loop of more than one stage (its `tt.num_stages`, else
/// `numStages`), descriptor stores write a buffer allocated before the
/// loop and wait for the previous copy only before writing it again
/// (TMAStores.cpp).
void pipelineTMAStores(ModuleOp module, int numStages);

/// Whether `dot`'s register operand A is rewritten in `loop` (not converted
/// from an mma accumulator), so that its registers must not be reused while
/// the dot is in flight (SplitRSDot.cpp).
bool rsDotNeedsWait(nvidia_gpu::WarpGroupDotOp dot, scf::ForOp loop);

/// Splits a warp-group dot with A in registers along K into dots of the
/// instruction's K, chained through the accumulator; returns them, or
/// {dot} when there is nothing to split.
SmallVector<nvidia_gpu::WarpGroupDotOp>
splitRSDot(nvidia_gpu::WarpGroupDotOp dot);

} // namespace mlir::triton::gpu

#endif
