//===- Ops.cpp - generated ttg op code and its custom directives ----------===//
//
// The op methods themselves are in LayoutOps.cpp, MemoryOps.cpp and
// WarpSpecializeOps.cpp.
//
//===----------------------------------------------------------------------===//
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton::gpu;

/// `2, 16`: the offsets of ttg.memdesc_subslice, printed inside `[...]`.
static ParseResult parseOffsets(OpAsmParser &parser,
                                DenseI32ArrayAttr &offsets) {
  SmallVector<int32_t> values;
  if (parser.parseCommaSeparatedList([&] {
        return parser.parseInteger(values.emplace_back());
      }))
    return failure();
  offsets = parser.getBuilder().getDenseI32ArrayAttr(values);
  return success();
}

static void printOffsets(OpAsmPrinter &printer, Operation *,
                         DenseI32ArrayAttr offsets) {
  llvm::interleaveComma(offsets.asArrayRef(), printer);
}

#define GET_OP_CLASSES
#include "Dialect/TritonGPU/IR/Ops.cpp.inc"

void TritonGPUDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "Dialect/TritonGPU/IR/Ops.cpp.inc"
      >();
}
