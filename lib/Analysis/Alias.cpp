//===- Alias.cpp - the shared-memory buffers each memdesc may view
//---------===//

#include "Analysis/Alias.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"

using namespace mlir;
using namespace mlir::triton;

namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

AliasInfo AliasInfo::join(const AliasInfo &lhs, const AliasInfo &rhs) {
  AliasInfo result = lhs;
  for (Value alloc : rhs.allocs)
    result.insert(alloc);
  return result;
}

void AliasInfo::print(raw_ostream &os) const {
  os << "{";
  llvm::interleaveComma(
      allocs, os, [&](Value v) { v.printAsOperand(os, OpPrintingFlags()); });
  os << "}";
}

/// Whether `type` is a memdesc of shared memory (the only memory the
/// analysis tracks).
static bool isSharedMemDesc(Type type) {
  auto memDesc = dyn_cast<ttg::MemDescType>(type);
  return memDesc &&
         isa_and_nonnull<ttg::SharedMemorySpaceAttr>(memDesc.getMemorySpace());
}

void SharedMemoryAliasAnalysis::setToEntryState(AliasLattice *lattice) {
  if (Value capture = ttg::getPartitionCapture(lattice->getAnchor()))
    return propagateIfChanged(
        lattice, lattice->join(getLatticeElement(capture)->getValue()));
  propagateIfChanged(lattice, lattice->join(AliasInfo()));
}

LogicalResult SharedMemoryAliasAnalysis::visitOperation(
    Operation *op, ArrayRef<const AliasLattice *> operands,
    ArrayRef<AliasLattice *> results) {
  auto setResult = [&](unsigned i, const AliasInfo &info) {
    propagateIfChanged(results[i], results[i]->join(info));
  };

  // A new buffer.
  if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
    if (isSharedMemDesc(alloc.getType()))
      setResult(0, AliasInfo(alloc.getResult()));
    return success();
  }

  // Each result forwards the operand at the same position.
  if (isa<ttng::WarpGroupDotWaitOp>(op)) {
    for (auto [i, result] : llvm::enumerate(op->getResults()))
      if (isSharedMemDesc(result.getType()) && i < operands.size())
        setResult(i, operands[i]->getValue());
    return success();
  }

  // Any other op making a shared memdesc from memdescs (the view ops) may
  // view whatever its memdesc operands view.
  AliasInfo operandAllocs;
  for (auto [operand, lattice] : llvm::zip(op->getOperands(), operands))
    if (isSharedMemDesc(operand.getType()))
      operandAllocs = AliasInfo::join(operandAllocs, lattice->getValue());
  for (auto [i, result] : llvm::enumerate(op->getResults()))
    if (isSharedMemDesc(result.getType()))
      setResult(i, operandAllocs);
  return success();
}

std::unique_ptr<DataFlowSolver>
mlir::triton::createAliasSolver(SharedMemoryAliasAnalysis *&analysis) {
  auto solver = std::make_unique<DataFlowSolver>();
  // Region and block liveness, which the sparse analyses build on.
  solver->load<dataflow::DeadCodeAnalysis>();
  solver->load<dataflow::SparseConstantPropagation>();
  analysis = solver->load<SharedMemoryAliasAnalysis>();
  return solver;
}

ArrayRef<Value>
mlir::triton::getAliasedAllocs(SharedMemoryAliasAnalysis &analysis,
                               Value value) {
  const AliasLattice *lattice = analysis.getLatticeElement(value);
  if (!lattice)
    return {};
  return lattice->getValue().getAllocs();
}
