//===- TensorMaps.cpp - several tensor maps per descriptor made in a loop -===//
//
// A `tt.make_tensor_descriptor` in a pipelined loop writes a CUtensorMap
// every iteration it runs, while the TMA copies issued with the maps of
// up to num_stages - 1 earlier iterations may still be reading theirs. So,
// as Triton 3.6's pipeliner does, each such op gets num_stages maps in
// global scratch memory, written in turn (a counter the loop carries, per
// op, advanced only where the op runs):
//
//   %maps = ttg.global_scratch_alloc {nbytes = S * 128, alignment = 128}
//   scf.for ... iter_args(..., %i = 0) {
//     %r:2 = scf.if %c -> (..., i32) {
//       %map = tt.addptr %maps, %i * 128
//       ttng.tensormap_create %map, ...; ttng.tensormap_fenceproxy_acquire
//       %d = ttng.reinterpret_tensor_descriptor %map
//       scf.yield ..., %d, (%i + 1) mod S
//     } else { scf.yield ..., %old, %i }
//     ... tt.descriptor_load %r#0 ...
//     scf.yield ..., %r#1
//   }
//
// A map written at iteration k is next overwritten S writes later, at
// iteration k + S or after: by then the copies of iteration k have landed
// (their wait is at stage S - 1 of iteration k, which runs before stage 0
// of iteration k + S) and its stores have been issued and waited for.
//
//===----------------------------------------------------------------------===//
#include "Pipeliner.h"

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/SCFSignature.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/TMAUtility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

#include <tuple>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

Value i32Constant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

/// `ifOp` with one more i32 result: `inBranch` from the branch that holds
/// `op`, `otherwise` from the other. Returns the new op.
scf::IfOp addCounterResult(OpBuilder &b, scf::IfOp ifOp, Operation *op,
                           Value inBranch, Value otherwise) {
  SmallVector<std::tuple<Value, Value>> replacements;
  scf::IfOp newIf =
      replaceIfOpWithNewSignature(b, ifOp, {b.getI32Type()}, replacements);
  bool inThen = newIf.getThenRegion().isAncestor(op->getParentRegion());
  auto thenYield = cast<scf::YieldOp>(newIf.thenBlock()->getTerminator());
  auto elseYield = cast<scf::YieldOp>(newIf.elseBlock()->getTerminator());
  thenYield.getResultsMutable().append(inThen ? inBranch : otherwise);
  elseYield.getResultsMutable().append(inThen ? otherwise : inBranch);
  for (auto [oldResult, newResult] : replacements)
    oldResult.replaceAllUsesWith(newResult);
  ifOp->erase();
  return newIf;
}

} // namespace

bool mlir::triton::gpu::canMultiBufferTensorMaps(scf::ForOp loop,
                                                 std::string &why) {
  WalkResult walk = loop.getBody()->walk([&](MakeTensorDescOp make) {
    for (Operation *parent = make->getParentOp(); parent != loop;
         parent = parent->getParentOp()) {
      if (isa<scf::IfOp>(parent))
        continue;
      why = "a tensor descriptor is made inside " +
            parent->getName().getStringRef().str() +
            " in the loop (only scf.if can hold one)";
      return WalkResult::interrupt();
    }
    why = nvidia_gpu::whyNoTensorMap(make);
    return why.empty() ? WalkResult::advance() : WalkResult::interrupt();
  });
  return !walk.wasInterrupted();
}

scf::ForOp mlir::triton::gpu::multiBufferTensorMaps(scf::ForOp loop,
                                                    int numMaps) {
  SmallVector<MakeTensorDescOp> makes;
  loop.getBody()->walk([&](MakeTensorDescOp make) { makes.push_back(make); });
  if (makes.empty())
    return loop;

  Location loc = loop.getLoc();
  MLIRContext *ctx = loop.getContext();
  IRRewriter rewriter(ctx);
  OpBuilder b(loop);
  auto i8Ptr = PointerType::get(IntegerType::get(ctx, 8), 1);
  SmallVector<Value> maps;
  for (MakeTensorDescOp make : makes)
    maps.push_back(GlobalScratchAllocOp::create(
        b, make.getLoc(), i8Ptr,
        b.getI32IntegerAttr(numMaps * nvidia_gpu::kTensorMapBytes),
        b.getI32IntegerAttr(nvidia_gpu::kTensorMapBytes), UnitAttr()));
  SmallVector<Value> zeros(makes.size(), i32Constant(b, loc, 0));
  rewriter.setInsertionPoint(loop);
  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, zeros, /*replaceInitOperandUsesInLoop=*/false,
      [](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
        return SmallVector<Value>(args.begin(), args.end());
      }));
  auto yield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
  unsigned firstCounter = newLoop.getNumRegionIterArgs() - makes.size();

  for (auto [i, make] : llvm::enumerate(makes)) {
    BlockArgument counter = newLoop.getRegionIterArgs()[firstCounter + i];
    Location makeLoc = make.getLoc();
    b.setInsertionPoint(make);
    Value offset = arith::MulIOp::create(
        b, makeLoc, counter,
        i32Constant(b, makeLoc, nvidia_gpu::kTensorMapBytes));
    Value map = AddPtrOp::create(b, makeLoc, i8Ptr, maps[i], offset);
    // canMultiBufferTensorMaps checked that the map can be written.
    FailureOr<Value> desc = nvidia_gpu::writeTensorMap(b, make, map);
    assert(succeeded(desc) && "tensor map checked before");
    Value next = nextIndex(b, makeLoc, counter, numMaps);
    Operation *inner = make;
    make.getResult().replaceAllUsesWith(*desc);
    // Out through the scf.if ops around it to the loop's yield.
    Operation *parent = inner->getParentOp();
    make->erase();
    inner = desc->getDefiningOp();
    while (parent != newLoop) {
      scf::IfOp newIf =
          addCounterResult(b, cast<scf::IfOp>(parent), inner, next, counter);
      next = newIf.getResults().back();
      inner = newIf;
      parent = newIf->getParentOp();
    }
    yield->setOperand(firstCounter + i, next);
  }
  return newLoop;
}
