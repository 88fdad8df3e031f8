//===- WGMMAUtility.cpp - pieces of the wgmma lowering --------------------===//
//
// Descriptors (see WGMMA.cpp for the fields), the fragment register lookup,
// register packing and wgmma.wait_group.
//
//===----------------------------------------------------------------------===//
#include "WGMMAUtility.h"

#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::wgmma;
namespace ttg = mlir::triton::gpu;

wgmma::RegisterLookup::RegisterLookup(const LinearLayout &layout)
    : layout(layout) {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  for (int r = 0; r < layout.getInDimSize(kRegister(ctx)); ++r) {
    SmallVector<int32_t> c =
        applyLinearLayoutConst(layout, {{kRegister(ctx), r}});
    index.try_emplace(key(c[0], c[1]), r);
  }
}

int wgmma::RegisterLookup::lookup(int32_t row, int32_t col) const {
  auto it = index.find(key(row, col));
  return it == index.end() ? -1 : it->second;
}

bool wgmma::RegisterLookup::matchesWgmmaThreads(int colsPerLane) const {
  MLIRContext *ctx = layout.getInDimNames().begin()->getContext();
  auto at = [&](StringAttr dim, int v) {
    return applyLinearLayoutConst(layout, {{dim, v}});
  };
  if (at(kLane(ctx), 1) != SmallVector<int32_t>{0, colsPerLane} ||
      at(kLane(ctx), 2) != SmallVector<int32_t>{0, 2 * colsPerLane} ||
      at(kLane(ctx), 4) != SmallVector<int32_t>{1, 0} ||
      at(kLane(ctx), 8) != SmallVector<int32_t>{2, 0} ||
      at(kLane(ctx), 16) != SmallVector<int32_t>{4, 0})
    return false;
  int warps = layout.getInDimSize(kWarp(ctx));
  return warps >= 4 && at(kWarp(ctx), 1) == SmallVector<int32_t>{16, 0} &&
         at(kWarp(ctx), 2) == SmallVector<int32_t>{32, 0};
}

namespace {

int32_t offsetOf(const LinearLayout &inverse, int32_t c0, int32_t c1) {
  MLIRContext *ctx = inverse.getInDimNames().begin()->getContext();
  SmallVector<StringAttr> dims = llvm::to_vector(inverse.getInDimNames());
  SmallVector<int32_t> out =
      applyLinearLayoutConst(inverse, {{dims[0], c0}, {dims[1], c1}});
  return out[inverse.getOutDimIndex(kOffset(ctx))];
}

} // namespace

// (Documented in WGMMAUtility.h.)
FailureOr<SharedOperand>
wgmma::buildSharedOperand(Operation *op, Location loc, OpBuilder &b,
                          ttg::MemDescType type, Value llvmValue, unsigned kDim,
                          int instrMN, int instrK, Value wgStart) {
  ttg::NVMMASharedEncodingAttr enc = ttg::getEquivalentNVMMAShared(type);
  int swizzle = enc ? enc.getSwizzlingByteWidth() : 0;
  // Unswizzled: core matrices (8 16-byte rows back to back, the rows
  // along K or, for 16-bit elements, along M/N) at the strides the layout
  // has (mode 0 of the descriptor).
  std::optional<ttg::WgmmaCoreMatrices> core;
  if (swizzle == 0 && type.getRank() == 2)
    core = ttg::getWgmmaCoreMatrices(type, kDim);
  if (type.getRank() != 2 || (swizzle == 0 && !core))
    return op->emitOpError("lowering to wgmma needs 2-D shared operands with "
                           "a #ttg.nvmma_shared layout (or one equal to it) "
                           "or unswizzled core matrices, got ")
           << type;
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return op->emitOpError("lowering to wgmma supports 32, 64 and 128-byte "
                           "swizzling, got ")
           << swizzle;
  MLIRContext *ctx = b.getContext();
  SharedOperand result;
  result.elemBytes = type.getElementTypeBitWidth() / 8;
  LinearLayout shared = ttg::toLinearLayout(type);
  result.inverse = shared.pseudoinvert();
  unsigned mnDim = 1 - kDim;
  int64_t lbo = 0, sbo = 0;
  int mode = 0;
  if (core) {
    // Mode 0: the strides between core matrices, read off the layout. In
    // both orientations LBO steps along K and SBO along M/N.
    result.mnMajor = core->mnMajor;
    lbo = core->lbo;
    sbo = core->sbo;
  } else {
    // The dimension offset 1 steps along is the contiguous one.
    ArrayRef<int32_t> first = shared.getBasis(kOffset(ctx), 0);
    result.mnMajor = first[mnDim] != 0;
    int rowElems = swizzle / result.elemBytes;
    auto bytesAt = [&](unsigned dim, int32_t v) {
      int32_t c[2] = {0, 0};
      c[dim] = v;
      return int64_t(offsetOf(result.inverse, c[0], c[1])) * result.elemBytes;
    };
    if (!result.mnMajor) {
      sbo = bytesAt(mnDim, 8);
      if (instrK > rowElems)
        lbo = bytesAt(kDim, rowElems);
    } else {
      sbo = bytesAt(kDim, 8);
      if (instrMN > rowElems)
        lbo = bytesAt(mnDim, rowElems);
    }
    mode = swizzle == 128 ? 1 : swizzle == 64 ? 2 : 3;
  }
  result.fields = (uint64_t(mode) << 62) |
                  (uint64_t((sbo >> 4) & 0x3FFF) << 32) |
                  (uint64_t((lbo >> 4) & 0x3FFF) << 16);

  // Base address of the view's origin plus the warp group's block. The
  // offsets of coordinates that are multiples of 8 rows are sums of
  // distinct powers of two, so adding them equals xor-ing them.
  SmallVector<Value> members = unpackLLElements(loc, llvmValue, b);
  SmallVector<StringAttr> dims =
      llvm::to_vector(result.inverse.getInDimNames());
  Value start[2] = {members[1], members[2]};
  start[mnDim] = LLVM::AddOp::create(b, loc, start[mnDim], wgStart);
  Value offset = applyLinearLayout(
      loc, b, result.inverse,
      {{dims[0], start[0]},
       {dims[1], start[1]}})[result.inverse.getOutDimIndex(kOffset(ctx))];
  Value address = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), members[0]);
  Value bytes =
      LLVM::MulOp::create(b, loc, offset, i32Val(b, loc, result.elemBytes));
  Value runtime = LLVM::AddOp::create(b, loc, address, bytes);
  Value field = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, runtime, i32Val(b, loc, 4)),
      i32Val(b, loc, 0x3FFF));
  result.baseField = LLVM::ZExtOp::create(b, loc, b.getI64Type(), field);
  return result;
}

/// The descriptor of the block starting at (c0, c1). (Shared memory ends
/// below 256 KiB, so adding to the 14-bit address field cannot carry.)
Value wgmma::descriptorAt(Location loc, OpBuilder &b,
                          const SharedOperand &operand, int32_t c0,
                          int32_t c1) {
  int64_t bytes =
      int64_t(offsetOf(operand.inverse, c0, c1)) * operand.elemBytes;
  return LLVM::AddOp::create(
      b, loc, operand.baseField,
      i64Val(b, loc, int64_t(operand.fields) + (bytes >> 4)));
}

/// Packs `elements` (8/16-bit values) into i32 registers, low first.
SmallVector<Value> wgmma::packToI32(Location loc, OpBuilder &b,
                                    ArrayRef<Value> elements) {
  Type type = elements.front().getType();
  unsigned bits = getBitWidth(type);
  if (bits == 32) {
    SmallVector<Value> out;
    for (Value v : elements)
      out.push_back(type.isInteger(32) ? v
                                       : Value(LLVM::BitcastOp::create(
                                             b, loc, b.getI32Type(), v)));
    return out;
  }
  unsigned perReg = 32 / bits;
  auto vecType = VectorType::get({int64_t(perReg)}, type);
  SmallVector<Value> out;
  for (size_t i = 0; i < elements.size(); i += perReg) {
    Value vec = LLVM::UndefOp::create(b, loc, vecType);
    for (unsigned j = 0; j < perReg; ++j)
      vec = LLVM::InsertElementOp::create(b, loc, vec, elements[i + j],
                                          i32Val(b, loc, j));
    out.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), vec));
  }
  return out;
}

/// Splits i32 registers back into `type` elements (f16 accumulators).
SmallVector<Value> wgmma::unpackFromI32(Location loc, OpBuilder &b,
                                        ArrayRef<Value> regs, Type type) {
  unsigned bits = getBitWidth(type);
  SmallVector<Value> out;
  if (bits == 32) {
    for (Value v : regs)
      out.push_back(v.getType() == type
                        ? v
                        : Value(LLVM::BitcastOp::create(b, loc, type, v)));
    return out;
  }
  unsigned perReg = 32 / bits;
  auto vecType = VectorType::get({int64_t(perReg)}, type);
  for (Value reg : regs) {
    Value vec = LLVM::BitcastOp::create(b, loc, vecType, reg);
    for (unsigned j = 0; j < perReg; ++j)
      out.push_back(
          LLVM::ExtractElementOp::create(b, loc, vec, i32Val(b, loc, j)));
  }
  return out;
}

/// An llvm.inline_asm without results or operands.
void wgmma::emitSimpleAsm(Location loc, OpBuilder &b, StringRef text) {
  emitInlineAsm(loc, b, Type(), {}, text, "");
}

/// "wgmma.wait_group.sync.aligned pendings" tying `values` through it
/// (16-bit values travel in pairs as i32; the round trip folds away);
/// returns them as they are after the wait.
SmallVector<Value> wgmma::emitWaitGroup(Location loc, OpBuilder &b,
                                        ArrayRef<Value> values, int pendings) {
  std::string text =
      "wgmma.wait_group.sync.aligned " + std::to_string(pendings) + ";";
  SmallVector<Value> regs;
  SmallVector<int> regOf(values.size(), -1);
  for (size_t i = 0; i < values.size(); ++i) {
    Type type = values[i].getType();
    unsigned bits = getBitWidth(type);
    if (bits == 16 && i + 1 < values.size() &&
        values[i + 1].getType() == type) {
      regOf[i] = regOf[i + 1] = regs.size();
      regs.push_back(packToI32(loc, b, {values[i], values[i + 1]})[0]);
      ++i;
      continue;
    }
    regOf[i] = regs.size();
    regs.push_back(bits == 32 ? values[i]
                              : Value(LLVM::ZExtOp::create(
                                    b, loc, b.getI32Type(),
                                    toIntegerBits(loc, b, values[i], bits))));
  }
  if (regs.empty()) {
    emitSimpleAsm(loc, b, text);
    return {};
  }
  std::string constraints;
  SmallVector<Type> types;
  for (auto [i, v] : llvm::enumerate(regs)) {
    constraints += (i ? ",=" : "=");
    constraints += v.getType().isF32() ? "f" : "r";
    types.push_back(v.getType());
  }
  for (size_t i = 0; i < regs.size(); ++i)
    constraints += "," + std::to_string(i);
  Type structType = LLVM::LLVMStructType::getLiteral(b.getContext(), types);
  Value result = emitInlineAsm(loc, b, structType, regs, text, constraints);
  SmallVector<Value> waited;
  for (size_t i = 0; i < regs.size(); ++i)
    waited.push_back(LLVM::ExtractValueOp::create(b, loc, result, i));
  SmallVector<Value> out;
  for (size_t i = 0; i < values.size(); ++i) {
    Type type = values[i].getType();
    unsigned bits = getBitWidth(type);
    Value reg = waited[regOf[i]];
    if (bits == 32) {
      out.push_back(reg);
    } else if (bits == 16 && i + 1 < values.size() &&
               regOf[i + 1] == regOf[i]) {
      SmallVector<Value> pair = unpackFromI32(loc, b, {reg}, type);
      out.push_back(pair[0]);
      out.push_back(pair[1]);
      ++i;
    } else {
      Value narrow = LLVM::TruncOp::create(b, loc, b.getIntegerType(bits), reg);
      out.push_back(fromIntegerBits(loc, b, narrow, type));
    }
  }
  return out;
}
