//===- LocalLoadLdMatrix.cpp - local_load of mma.sync operands, ldmatrix --===//
//
// ttg.local_load into a #ttg.dot_op of an mma v2 parent with
// `ldmatrix.sync.aligned.m8n8.x4[.trans].shared.b16`, as Triton does: one
// instruction loads four 8 x 8 matrices of 16-bit words (four 32-bit
// registers per thread), each thread giving the address of one 16-byte
// row. This pattern is tried before the generic one (MemoryOpToLLVM.cpp)
// and leaves the op to it wherever ldmatrix does not fit.
//
// Whether it fits is read from C = the result layout composed with the
// inverse of the shared layout: (register, lane, warp) -> offset. With
// w = 32 / bits elements per 32-bit register:
//   non-trans (any 8/16/32-bit type): the first log2(w) register bits and
//     lane bits 0, 1 step offsets 1, 2, ..., 2w (one 16-byte row per group
//     of four lanes); lane bits 2-4 pick the row, the next two register
//     bits the matrix;
//   trans (16-bit only): lane bits 2-4 step offsets 1, 2, 4 (a row of
//     8 elements holds 8 groups' values), register bit 0 and lane bits 0, 1
//     pick the row, the next two register bits the matrix.
// Every other basis must keep rows 16-byte aligned. Thread t then gives the
// row that lane bits / register bits derived from t select.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "MatrixPlan.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

static int32_t offsetOf(const LinearLayout &c, StringAttr inDim, int i,
                        StringAttr offset) {
  return c.getBasis(inDim, i, offset);
}

std::optional<LdMatrixPlan>
mlir::triton::planLdMatrix(const LinearLayout &c, int bits) {
  MLIRContext *ctx = c.getInDimNames().begin()->getContext();
  StringAttr reg = kRegister(ctx), lane = kLane(ctx), warp = kWarp(ctx),
             offset = kOffset(ctx);
  // In a cluster each CTA moves its own part (the lowering refuses moves
  // between CTAs): the CTA id may only pick the CTA, not an offset.
  if (c.hasInDim(kBlock(ctx)))
    for (int i = 0; i < c.getInDimSizeLog2(kBlock(ctx)); ++i)
      if (offsetOf(c, kBlock(ctx), i, offset) != 0)
        return std::nullopt;
  if (c.getInDimSizeLog2(lane) != 5)
    return std::nullopt;
  int wordBits = llvm::Log2_32(32 / bits);
  int regBits = c.getInDimSizeLog2(reg);
  if (regBits < wordBits)
    return std::nullopt;
  int matrixBits = std::min(2, regBits - wordBits);
  int warpBits = c.hasInDim(warp) ? c.getInDimSizeLog2(warp) : 0;

  // Whether every basis in `rest` keeps rows `align`-aligned.
  auto aligned = [&](ArrayRef<std::pair<StringAttr, int>> rest, int align) {
    return llvm::all_of(rest, [&](auto in) {
      return offsetOf(c, in.first, in.second, offset) % align == 0;
    });
  };
  SmallVector<std::pair<StringAttr, int>> others;
  for (int i = wordBits; i < regBits; ++i)
    others.push_back({reg, i});
  for (int i = 0; i < warpBits; ++i)
    others.push_back({warp, i});
  int rowElems = 4 << wordBits; // 16 bytes

  LdMatrixPlan plan;
  plan.wordBits = wordBits;
  plan.matrixBits = matrixBits;
  // The thread's row: lane bits 0-2 are the row within a matrix, lane bits
  // 3, 4 the matrix; warps as in the layout.
  std::vector<std::vector<int32_t>> laneBases, warpBases;
  for (int i = 0; i < warpBits; ++i)
    warpBases.push_back({offsetOf(c, warp, i, offset)});
  auto matrixBases = [&]() {
    for (int i = 0; i < 2; ++i)
      laneBases.push_back(
          {i < matrixBits ? offsetOf(c, reg, wordBits + i, offset) : 0});
  };

  bool nonTrans = true;
  for (int i = 0; i < wordBits; ++i)
    nonTrans &= offsetOf(c, reg, i, offset) == (1 << i);
  for (int i = 0; i < 2; ++i)
    nonTrans &= offsetOf(c, lane, i, offset) == (1 << (wordBits + i));
  SmallVector<std::pair<StringAttr, int>> rowBases = others;
  for (int i = 2; i < 5; ++i)
    rowBases.push_back({lane, i});
  if (nonTrans && aligned(rowBases, rowElems)) {
    for (int i = 2; i < 5; ++i)
      laneBases.push_back({offsetOf(c, lane, i, offset)});
    matrixBases();
  } else if (bits == 16) {
    bool trans = true;
    for (int i = 0; i < 3; ++i)
      trans &= offsetOf(c, lane, 2 + i, offset) == (1 << i);
    SmallVector<std::pair<StringAttr, int>> transRows = others;
    transRows.append({{reg, 0}, {lane, 0}, {lane, 1}});
    if (!trans || !aligned(transRows, 8))
      return std::nullopt;
    plan.trans = true;
    // Row bit 0 is the register's element, bits 1, 2 lane bits 0, 1.
    laneBases.push_back({offsetOf(c, reg, 0, offset)});
    laneBases.push_back({offsetOf(c, lane, 0, offset)});
    laneBases.push_back({offsetOf(c, lane, 1, offset)});
    // With .trans a register holds one 16-bit element of two rows: the
    // word's second element is a row, not a register bit of the matrix.
    plan.wordBits = 1;
    for (int i = 0; i < 2; ++i)
      laneBases.push_back(
          {i < matrixBits ? offsetOf(c, reg, 1 + i, offset) : 0});
  } else {
    return std::nullopt;
  }
  int32_t size = c.getOutDimSize(offset);
  plan.threadRow = LinearLayout({{lane, laneBases}, {warp, warpBases}},
                                {{offset, size}},
                                /*requireSurjective=*/false);
  return plan;
}

SharedAddresses mlir::triton::getRowAddresses(Location loc, OpBuilder &b,
                                              const LdMatrixPlan &plan,
                                              Value base, Type elementType) {
  MLIRContext *ctx = b.getContext();
  auto [laneId, warpId] = getLaneAndWarpId(b, loc);
  Value rowOffset =
      applyLinearLayout(loc, b, plan.threadRow,
                        {{kLane(ctx), laneId}, {kWarp(ctx), warpId}})
          .front();
  // Row offset ^ constant: the constant's bits the thread's row can have
  // pick one of a few bases, the others are an immediate ([base + imm]),
  // so only those bases stay live across a loop (sm_80 attention d64: 9
  // bases for 36 ldmatrix, against 26 when each address was its own xor).
  uint32_t threadBits = 0;
  for (StringAttr dim : {kLane(ctx), kWarp(ctx)})
    for (int i = 0; i < plan.threadRow.getInDimSizeLog2(dim); ++i)
      threadBits |= plan.threadRow.getBasis(dim, i, kOffset(ctx));
  return SharedAddresses(base, elementType, rowOffset, threadBits);
}

namespace {

struct LocalLoadLdMatrixConversion
    : public ConvertOpToLLVMPattern<ttg::LocalLoadOp> {
  LocalLoadLdMatrixConversion(TypeConverterT &converter, PatternBenefit benefit)
      : ConvertOpToLLVMPattern(converter, benefit) {}

  LogicalResult
  matchAndRewrite(ttg::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    auto dot = dyn_cast_or_null<ttg::DotOperandEncodingAttr>(type.getEncoding());
    auto mma = dot ? dyn_cast<ttg::NvidiaMmaEncodingAttr>(dot.getParent())
                   : nullptr;
    if (!mma || mma.getVersionMajor() != 2)
      return rewriter.notifyMatchFailure(op, "not an mma v2 operand");
    auto memDesc = cast<ttg::MemDescType>(op.getSrc().getType());
    // A whole buffer (view origin 0): rows stay 16-byte aligned. One buffer
    // of a multi-buffered allocation (memdesc_index) starts at a multiple of
    // its size.
    // Either seen transposed (memdesc_trans of a whole buffer).
    auto isWholeBuffer = [&] {
      Value src = op.getSrc();
      if (auto trans = src.getDefiningOp<ttg::MemDescTransOp>())
        src = trans.getSrc();
      if (src.getDefiningOp<ttg::LocalAllocOp>())
        return true;
      if (!memDesc.getElementType().isIntOrFloat())
        return false;
      int64_t bytes = memDesc.getNumElements() *
                      memDesc.getElementType().getIntOrFloatBitWidth() / 8;
      return src.getDefiningOp<ttg::MemDescIndexOp>() && bytes % 16 == 0;
    };
    if (isa<ttg::PaddedSharedEncodingAttr>(memDesc.getEncoding()))
      return rewriter.notifyMatchFailure(op, "padded layout");
    if (!isWholeBuffer() ||
        memDesc.getAllocShape().take_back(memDesc.getRank()) !=
            memDesc.getShape() ||
        !isa_and_nonnull<ttg::SharedMemorySpaceAttr>(memDesc.getMemorySpace()))
      return rewriter.notifyMatchFailure(op, "not a whole shared buffer");
    Type element = type.getElementType();
    unsigned bits = element.getIntOrFloatBitWidth();
    if (bits != 8 && bits != 16 && bits != 32)
      return rewriter.notifyMatchFailure(op, "element width");
    if (failed(ttg::tryToLinearLayout(type.getShape(), type.getEncoding(),
                                      nullptr)) ||
        failed(ttg::tryToLinearLayout(memDesc.getShape(),
                                      memDesc.getEncoding(), nullptr)))
      return rewriter.notifyMatchFailure(op, "layouts");
    LinearLayout regLayout = ttg::toLinearLayout(type);
    LinearLayout sharedLayout = ttg::toLinearLayout(memDesc);
    LinearLayout c = regLayout.invertAndCompose(sharedLayout);
    std::optional<LdMatrixPlan> plan = planLdMatrix(c, bits);
    if (!plan)
      return rewriter.notifyMatchFailure(op, "ldmatrix does not fit");

    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    Type structType = getTypeConverter()->convertType(type);
    if (!structType)
      return rewriter.notifyMatchFailure(op, "result type");
    Type llElement = cast<LLVM::LLVMStructType>(structType).getBody().front();
    Value base =
        unpackLLElements(loc, adaptor.getSrc(), rewriter).front();
    SharedAddresses addresses =
        getRowAddresses(loc, rewriter, *plan, base, llElement);

    int numRegs = c.getInDimSize(kRegister(ctx));
    int wordElems = 1 << plan->wordBits;
    int numMatrices = 1 << plan->matrixBits;
    int perInstr = wordElems * numMatrices;
    std::string asmString = "ldmatrix.sync.aligned.m8n8.x" +
                            std::to_string(numMatrices) +
                            (plan->trans ? ".trans" : "") + ".shared.b16 " +
                            getAsmOperandList(0, numMatrices) + ", [$" +
                            std::to_string(numMatrices) + "];";
    std::string constraints;
    for (int i = 0; i < numMatrices; ++i)
      constraints += "=r,";
    constraints += "r";
    Type i32 = rewriter.getI32Type();
    Type resultType = LLVM::LLVMStructType::getLiteral(
        ctx, SmallVector<Type>(numMatrices, i32));
    Type wordType = wordElems == 1
                        ? llElement
                        : Type(VectorType::get(wordElems, llElement));
    // Register first | m << wordBits | j is element j of matrix m's word
    // (under .trans, element j comes from row 2 * (lane % 4) + j).
    SmallVector<Value> values(numRegs);
    for (int first = 0; first < numRegs; first += perInstr) {
      int32_t constOffset = applyLinearLayoutConst(
          c, {{kRegister(ctx), first}})[c.getOutDimIndex(kOffset(ctx))];
      Value address = addresses.get(rewriter, loc, uint32_t(constOffset));
      Value loaded = emitInlineAsm(loc, rewriter, resultType, {address},
                                   asmString, constraints);
      for (int m = 0; m < numMatrices; ++m) {
        Value word = LLVM::ExtractValueOp::create(rewriter, loc, loaded, m);
        Value cast = LLVM::BitcastOp::create(rewriter, loc, wordType, word);
        for (int j = 0; j < wordElems; ++j) {
          int r = first + m * wordElems + j;
          values[r] = wordElems == 1
                          ? cast
                          : Value(LLVM::ExtractElementOp::create(
                                rewriter, loc, cast, i32Val(rewriter, loc, j)));
        }
      }
    }
    rewriter.replaceOp(op, packLLElements(loc, structType, values, rewriter));
    return success();
  }
};

} // namespace

void mlir::triton::populateLocalLoadLdMatrixPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    const LoweringConfig &config) {
  // ldmatrix exists from sm_75 on.
  if (config.computeCapability < 75)
    return;
  patterns.add<LocalLoadLdMatrixConversion>(converter, PatternBenefit(2));
}
