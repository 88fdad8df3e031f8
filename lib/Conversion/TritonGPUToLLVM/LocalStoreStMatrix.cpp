//===- LocalStoreStMatrix.cpp - stores to shared memory with stmatrix -----===//
//
// local_alloc with a source and local_store write 16-bit tensors with
// `stmatrix.sync.aligned.m8n8.x4[.trans].shared.b16` on Hopper, as Triton
// 3.6 does for a matmul's epilogue (an mma accumulator into the buffer a
// TMA store reads): one instruction stores four 8 x 8 matrices, each thread
// giving the address of one 16-byte row. It is the mirror of ldmatrix and
// fits where ldmatrix would (MatrixPlan.h); elsewhere the generic vector
// stores of MemoryOpToLLVM.cpp are used.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "MatrixPlan.h"
#include "SharedMemoryAccess.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

/// The compute capability of the module around `b`'s insertion point.
static int getComputeCapability(OpBuilder &b) {
  return ttg::lookupCudaCapability(b.getInsertionBlock()->getParentOp());
}

bool mlir::triton::storeWithStMatrix(Location loc, OpBuilder &b,
                                     ttg::MemDescType memDesc,
                                     Value llvmMemDesc,
                                     RankedTensorType tensorType,
                                     ArrayRef<Value> values) {
  // stmatrix exists from sm_90 on, for 16-bit words, into whole buffers
  // (view origin 0) whose rows stay 16-byte aligned.
  if (getComputeCapability(b) < 90 || values.empty())
    return false;
  Type element = values.front().getType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() != 16)
    return false;
  if (isa<ttg::PaddedSharedEncodingAttr>(memDesc.getEncoding()) ||
      memDesc.getAllocShape().take_back(memDesc.getRank()) !=
          memDesc.getShape() ||
      memDesc.getNumElements() * 2 % 16 != 0)
    return false;
  if (failed(ttg::tryToLinearLayout(tensorType.getShape(),
                                    tensorType.getEncoding(), nullptr)) ||
      failed(ttg::tryToLinearLayout(memDesc.getShape(), memDesc.getEncoding(),
                                    nullptr)))
    return false;
  LinearLayout c = ttg::toLinearLayout(tensorType)
                       .invertAndCompose(ttg::toLinearLayout(memDesc));
  std::optional<LdMatrixPlan> plan = planLdMatrix(c, 16);
  if (!plan || plan->matrixBits != 2)
    return false;

  MLIRContext *ctx = b.getContext();
  int numRegs = c.getInDimSize(kRegister(ctx));
  if (int(values.size()) != numRegs)
    return false;
  Value base = unpackLLElements(loc, llvmMemDesc, b).front();
  SharedAddresses addresses = getRowAddresses(loc, b, *plan, base, element);
  int wordElems = 1 << plan->wordBits;
  int numMatrices = 1 << plan->matrixBits;
  int perInstr = wordElems * numMatrices;
  std::string asmString = std::string("stmatrix.sync.aligned.m8n8.x4") +
                          (plan->trans ? ".trans" : "") +
                          ".shared.b16 [$0], " +
                          getAsmOperandList(1, numMatrices) + ";";
  std::string constraints = "r";
  for (int i = 0; i < numMatrices; ++i)
    constraints += ",r";
  Type i32 = b.getI32Type();
  auto wordType = VectorType::get({wordElems}, element);
  // Register first | m << wordBits | j is element j of matrix m's word, as
  // for ldmatrix.
  for (int first = 0; first < numRegs; first += perInstr) {
    int32_t constOffset = applyLinearLayoutConst(
        c, {{kRegister(ctx), first}})[c.getOutDimIndex(kOffset(ctx))];
    SmallVector<Value> operands{addresses.get(b, loc, uint32_t(constOffset))};
    for (int m = 0; m < numMatrices; ++m) {
      Value word = LLVM::UndefOp::create(b, loc, wordType);
      for (int j = 0; j < wordElems; ++j)
        word = LLVM::InsertElementOp::create(
            b, loc, word, values[first + m * wordElems + j], i32Val(b, loc, j));
      operands.push_back(LLVM::BitcastOp::create(b, loc, i32, word));
    }
    emitInlineAsm(loc, b, Type(), operands, asmString, constraints,
                  /*pure=*/false);
  }
  return true;
}
