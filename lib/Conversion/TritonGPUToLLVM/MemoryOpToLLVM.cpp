//===- MemoryOpToLLVM.cpp - local_alloc, local_load/store, local_dealloc --===//
//
// A !ttg.memdesc lowers to !llvm.struct<(ptr<3>, i32 x rank)>: the base of
// its allocation and the coordinates of the view's origin in it (zero for
// a whole allocation). An element at view coordinates c lives at the
// offset the memdesc's shared layout gives to the allocation coordinates
// c + origin; the layout maps offsets to coordinates, so we use its inverse
// (the origin is a multiple of the view's shape, so c + origin == c ^ origin
// and the inverse stays linear).
//
// Accesses are vectorized: the register -> offset map (the tensor's layout
// composed with the inverse shared layout) says how many leading registers
// step through consecutive, aligned offsets; that many (up to 128 bits) go
// in one ld/st.shared. Subviews (whose origin could break the alignment)
// are accessed one element at a time.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TritonGPUToLLVM/Patterns.h"
#include "Conversion/TritonGPUToLLVM/Utility.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "SharedMemoryAccess.h"


using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// The shared-memory type of one element (i1 is stored as i8).
Type storedType(Type llvmType, OpBuilder &b) {
  return llvmType.isInteger(1) ? b.getI8Type() : llvmType;
}

/// Whether `type`'s layout can be addressed here; emits why not on `op`.
LogicalResult checkMemDesc(Operation *op, ttg::MemDescType type) {
  if (!isa_and_nonnull<ttg::SharedMemorySpaceAttr>(type.getMemorySpace()))
    return op->emitOpError("lowering to LLVM supports shared memory "
                           "descriptors only");
  if (!type.getElementType().isIntOrFloat())
    return op->emitOpError("lowering to LLVM supports shared buffers of "
                           "integers and floats only");
  ArrayRef<int64_t> alloc = type.getAllocShape().take_back(type.getRank());
  // A multi-buffered allocation (software pipelining: leading buffer
  // counts, of which memdesc_index views one buffer) has the layout in each
  // buffer.
  auto quiet = []() -> InFlightDiagnostic { return InFlightDiagnostic(); };
  for (ArrayRef<int64_t> buffer = alloc; !buffer.empty();
       buffer = buffer.drop_front())
    if (succeeded(ttg::tryToLinearLayout(buffer, type.getEncoding(), quiet)))
      return success();
  // Why the whole shape has no layout (not why its last buffer has none).
  (void)ttg::tryToLinearLayout(alloc, type.getEncoding(),
                               [&] { return op->emitOpError(); });
  return failure();
}

/// Whether the lowered view `members` (base, origin...) starts at the
/// allocation's origin, with the whole allocation as its shape.
bool isWholeAllocation(ttg::MemDescType memDesc, ArrayRef<Value> members) {
  if (memDesc.getAllocShape().take_back(memDesc.getRank()) !=
      memDesc.getShape())
    return false;
  return llvm::all_of(members.drop_front(), [](Value origin) {
    // Through the struct the view was packed into.
    while (auto extract = origin.getDefiningOp<LLVM::ExtractValueOp>()) {
      Value container = extract.getContainer();
      auto insert = container.getDefiningOp<LLVM::InsertValueOp>();
      while (insert && insert.getPosition() != extract.getPosition())
        insert = insert.getContainer().getDefiningOp<LLVM::InsertValueOp>();
      if (!insert)
        return false;
      origin = insert.getValue();
    }
    auto cst = origin.getDefiningOp<LLVM::ConstantOp>();
    auto attr = cst ? dyn_cast<IntegerAttr>(cst.getValue()) : nullptr;
    return attr && attr.getInt() == 0;
  });
}

/// The addresses of registers 0, vec, 2 vec, ... of a tensor of
/// `tensorType` in a whole allocation at `base`, built as Triton does:
/// offset(reg, lane, warp) = L(reg) ^ L(lane, warp), L linear. Register bits
/// whose offsets share no bit with the thread's (nor with those of the
/// other kept register bits) are additive: their part is a constant added
/// to one of a few runtime bases (one per value of the other register
/// bits; SharedAddresses), so ptxas addresses them as [base + immediate]
/// and only those bases stay live. With `atUse`, the thread's part comes
/// from the uniform warp id (a shuffle, which LLVM does not move), so the
/// bases are rebuilt at each load instead of being hoisted out of the loop
/// and held live across it: dot operands loaded element by element (int8
/// B, wgmma's register A for tf32) can need many bases, and holding them
/// costs the registers the mma operands need (measured on H100, int8
/// 64x64x64 on sm_80: 0.76 of Triton's time hoisted, 1.00 rebuilt; tf32x3
/// 0.92 / 1.09). Only where eight or more bases would be held.
/// Empty when the layouts do not compose (block-sharded).
SmallVector<Value> wholeAllocationAddresses(Location loc, OpBuilder &b,
                                            ttg::MemDescType memDesc,
                                            Value base,
                                            RankedTensorType tensorType,
                                            Type elementType, unsigned vec,
                                            bool atUse) {
  MLIRContext *ctx = b.getContext();
  LinearLayout cvt = ttg::toLinearLayout(tensorType)
                         .invertAndCompose(ttg::toLinearLayout(memDesc));
  StringAttr kReg = kRegister(ctx), kOff = kOffset(ctx);
  if (!cvt.hasInDim(kReg) || !cvt.hasOutDim(kOff))
    return {};
  auto offsetOf = [&](StringAttr dim, int i) {
    return uint32_t(cvt.getBasis(dim, i, kOff));
  };
  // Blocks (CTAs) must not move the offset: shared memory is per CTA.
  if (cvt.hasInDim(kBlock(ctx)))
    for (int i = 0; i < cvt.getInDimSizeLog2(kBlock(ctx)); ++i)
      if (offsetOf(kBlock(ctx), i))
        return {};
  uint32_t threadBits = 0;
  for (StringAttr dim : {kLane(ctx), kWarp(ctx)})
    if (cvt.hasInDim(dim))
      for (int i = 0; i < cvt.getInDimSizeLog2(dim); ++i)
        threadBits |= offsetOf(dim, i);
  // Register bits below the vector width are never set in an addressed
  // register. Of the others, grow the kept (runtime) set until every
  // remaining bit is disjoint from the kept and thread bits.
  int numRegBits = cvt.getInDimSizeLog2(kReg);
  int vecBits = llvm::Log2_32(vec);
  SmallVector<bool> kept(numRegBits, false);
  uint32_t keptBits = threadBits;
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = vecBits; i < numRegBits; ++i)
      if (!kept[i] && (offsetOf(kReg, i) & keptBits)) {
        kept[i] = true;
        keptBits |= offsetOf(kReg, i);
        changed = true;
      }
  }
  // Rebuilding pays only where many bases would be held: 2^k for k kept
  // register bits. With at most four (int8 A of a mixed-precision wgmma:
  // 0.95 of Triton's time rebuilt, 0.98-0.99 hoisted, H200) they stay
  // hoisted; tf32x3's A in registers needs eight and is rebuilt.
  if (llvm::count(kept, true) < 3)
    atUse = false;
  auto [lane, plainWarp] = getLaneAndWarpId(b, loc);
  Value warp = atUse ? getUniformWarpId(b, loc) : plainWarp;
  SmallVector<std::pair<StringAttr, Value>> thread;
  for (auto [dim, id] : {std::pair{kLane(ctx), lane}, {kWarp(ctx), warp}})
    if (cvt.hasInDim(dim))
      thread.push_back({dim, id});
  Value threadOffset =
      applyLinearLayout(loc, b, cvt, thread)[cvt.getOutDimIndex(kOff)];
  // The kept register bits and the thread's share the runtime bases;
  // every other bit of an offset is an immediate.
  SharedAddresses shared(base, elementType, threadOffset, keptBits);
  SmallVector<Value> addresses;
  for (int32_t reg = 0; reg < (int32_t(1) << numRegBits); reg += vec) {
    uint32_t offset = 0;
    for (int i = vecBits; i < numRegBits; ++i)
      if (reg >> i & 1)
        offset ^= offsetOf(kReg, i);
    addresses.push_back(shared.get(b, loc, offset));
  }
  return addresses;
}

/// offset + sum_k (offset / interval_k) * padding_k: where the element at
/// `offset` of a #ttg.padded_shared buffer is.
Value addPadding(Location loc, OpBuilder &b,
                 ttg::PaddedSharedEncodingAttr layout, Value offset) {
  Value padded = offset;
  for (auto [interval, padding] :
       llvm::zip(layout.getIntervals(), layout.getPaddings())) {
    Value blocks = LLVM::LShrOp::create(
        b, loc, offset, i32Val(b, loc, llvm::Log2_32(interval)));
    Value pad = LLVM::ShlOp::create(b, loc, blocks,
                                    i32Val(b, loc, llvm::Log2_32(padding)));
    padded = LLVM::AddOp::create(b, loc, padded, pad);
  }
  return padded;
}

} // namespace

SmallVector<Value> mlir::triton::elementAddresses(
    Location loc, OpBuilder &b, ttg::MemDescType memDesc, Value llvmMemDesc,
    RankedTensorType tensorType, Type elementType, unsigned vec, bool atUse) {
  MLIRContext *ctx = b.getContext();
  SmallVector<Value> members = unpackLLElements(loc, llvmMemDesc, b);
  Value base = members.front();
  auto padded = dyn_cast<ttg::PaddedSharedEncodingAttr>(memDesc.getEncoding());
  if (!padded && isWholeAllocation(memDesc, members)) {
    SmallVector<Value> addresses = wholeAllocationAddresses(
        loc, b, memDesc, base, tensorType, elementType, vec, atUse);
    if (!addresses.empty())
      return addresses;
  }
  // A subview (or a padded buffer): each element's allocation coordinates
  // (view coordinates ^ origin) through the inverse of the shared layout,
  // then the padding before that offset.
  LinearLayout shared = ttg::toLinearLayout(memDesc);
  LinearLayout inverse = shared.pseudoinvert();
  SmallVector<StringAttr> dims = llvm::to_vector(shared.getOutDimNames());
  int offsetIndex = inverse.getOutDimIndex(kOffset(ctx));
  SmallVector<Value> addresses;
  for (auto [i, coords] : llvm::enumerate(emitIndices(loc, b, tensorType))) {
    if (i % vec)
      continue;
    SmallVector<std::pair<StringAttr, Value>> ins;
    for (auto [d, coord] : llvm::enumerate(coords))
      ins.push_back(
          {dims[d], LLVM::XOrOp::create(b, loc, coord, members[1 + d])});
    Value offset = applyLinearLayout(loc, b, inverse, ins)[offsetIndex];
    if (padded)
      offset = addPadding(loc, b, padded, offset);
    addresses.push_back(LLVM::GEPOp::create(b, loc, base.getType(), elementType,
                                            base,
                                            ArrayRef<LLVM::GEPArg>{offset}));
  }
  return addresses;
}

namespace {

/// The register layout of `tensorType` and the layout of `memDesc`, where
/// the tensor fills the whole allocation and both name the same tensor
/// dimensions (what vectorized shared accesses need).
std::optional<std::pair<LinearLayout, LinearLayout>>
wholeTensorLayouts(ttg::MemDescType memDesc, RankedTensorType tensorType) {
  ArrayRef<int64_t> alloc = memDesc.getAllocShape();
  if (alloc.take_back(memDesc.getRank()) != memDesc.getShape())
    return std::nullopt;
  LinearLayout reg = ttg::toLinearLayout(tensorType);
  LinearLayout shared = ttg::toLinearLayout(memDesc);
  MLIRContext *ctx = tensorType.getContext();
  if (*reg.getInDimNames().begin() != kRegister(ctx) ||
      *shared.getOutDimNames().begin() != *reg.getOutDimNames().begin() ||
      !shared.hasInDim(kOffset(ctx)))
    return std::nullopt;
  return std::make_pair(std::move(reg), std::move(shared));
}

} // namespace

unsigned mlir::triton::getSharedVectorSize(ttg::MemDescType memDesc,
                                          RankedTensorType tensorType,
                                          unsigned storedBits) {
  auto layouts = wholeTensorLayouts(memDesc, tensorType);
  if (!layouts)
    return 1;
  int maxElems = std::max(1u, 128 / storedBits);
  // A vector never straddles padding (nor loses its alignment to it).
  if (auto padded =
          dyn_cast<ttg::PaddedSharedEncodingAttr>(memDesc.getEncoding()))
    maxElems = std::min<int>(maxElems, padded.getMaxVectorElements());
  return std::max(
      1, ttg::getSharedVectorization(layouts->first, layouts->second, maxElems));
}

namespace {

/// `values[i..i+vec)` as one value (a vector when vec > 1).
Value packVector(Location loc, OpBuilder &b, ArrayRef<Value> values) {
  if (values.size() == 1)
    return values.front();
  auto vecType =
      VectorType::get({int64_t(values.size())}, values.front().getType());
  Value vec = LLVM::UndefOp::create(b, loc, vecType);
  for (auto [i, v] : llvm::enumerate(values))
    vec = LLVM::InsertElementOp::create(b, loc, vec, v, i32Val(b, loc, i));
  return vec;
}

/// Reorders the registers of `tensorType` so that its leading ones step
/// through consecutive offsets of `memDesc`, where its own order does not
/// but its registers could: a K-major buffer written from a layout whose
/// registers run along N first while each thread also holds consecutive K
/// (an 8-bit operand stored transposed, in words instead of bytes). The
/// permuted layout becomes a linear encoding of `tensorType` and `values`
/// follow it. Returns false, changing nothing, where there is nothing to
/// gain.
bool reorderRegistersForVectors(ttg::MemDescType memDesc,
                                RankedTensorType &tensorType,
                                SmallVector<Value> &values,
                                unsigned storedBits) {
  auto layouts = wholeTensorLayouts(memDesc, tensorType);
  if (!layouts)
    return false;
  MLIRContext *ctx = tensorType.getContext();
  StringAttr kReg = kRegister(ctx), kOff = kOffset(ctx);
  const LinearLayout &reg = layouts->first;
  LinearLayout cvt = reg.invertAndCompose(layouts->second);
  if (!cvt.hasOutDim(kOff))
    return false;
  int numBits = reg.getInDimSizeLog2(kReg);
  if (values.size() != (size_t(1) << numBits))
    return false;
  // The register bits that move the offset by exactly 1, 2, 4, ... (and
  // nothing else), as long as a vector of them fits 128 bits.
  int maxBits = llvm::Log2_32(std::max(1u, 128 / storedBits));
  SmallVector<int> order;
  for (int k = 0; k < maxBits; ++k) {
    int found = -1;
    for (int i = 0; i < numBits && found < 0; ++i) {
      if (llvm::is_contained(order, i))
        continue;
      bool only = true;
      for (auto [j, outDim] : llvm::enumerate(cvt.getOutDimNames()))
        only &= cvt.getBasis(kReg, i)[j] == (outDim == kOff ? 1 << k : 0);
      if (only)
        found = i;
    }
    if (found < 0)
      break;
    order.push_back(found);
  }
  bool leading = llvm::all_of(llvm::enumerate(order), [](auto pair) {
    return int(pair.index()) == pair.value();
  });
  if (order.empty() || leading)
    return false;
  for (int i = 0; i < numBits; ++i)
    if (!llvm::is_contained(order, i))
      order.push_back(i);
  LinearLayout::BasesT bases = reg.getBases();
  std::vector<std::vector<int32_t>> regBases;
  for (int i : order)
    regBases.push_back(reg.getBases().lookup(kReg)[i]);
  bases[kReg] = std::move(regBases);
  LinearLayout permuted(std::move(bases), llvm::to_vector(reg.getOutDims()),
                        /*requireSurjective=*/false);
  tensorType = RankedTensorType::get(
      tensorType.getShape(), tensorType.getElementType(),
      ttg::LinearEncodingAttr::get(ctx, std::move(permuted)));
  SmallVector<Value> reordered(values.size());
  for (size_t j = 0; j < values.size(); ++j) {
    size_t from = 0;
    for (int t = 0; t < numBits; ++t)
      if (j >> t & 1)
        from |= size_t(1) << order[t];
    reordered[j] = values[from];
  }
  values = std::move(reordered);
  return true;
}

/// Stores the elements of `tensor` (lowered `values`) into `memDesc`.
void storeTensor(Location loc, OpBuilder &b, ttg::MemDescType memDesc,
                 Value llvmMemDesc, RankedTensorType tensorType,
                 ArrayRef<Value> values) {
  if (storeWithStMatrix(loc, b, memDesc, llvmMemDesc, tensorType, values))
    return;
  Type stored = storedType(values.front().getType(), b);
  SmallVector<Value> ordered(values);
  if (reorderRegistersForVectors(memDesc, tensorType, ordered,
                                 getBitWidth(stored)))
    values = ordered;
  unsigned vec = getSharedVectorSize(memDesc, tensorType, getBitWidth(stored));
  SmallVector<Value> addresses =
      elementAddresses(loc, b, memDesc, llvmMemDesc, tensorType, stored, vec);
  for (size_t i = 0; i < values.size(); i += vec) {
    SmallVector<Value> group;
    for (Value value : values.slice(i, vec))
      group.push_back(value.getType() == stored
                          ? value
                          : Value(LLVM::ZExtOp::create(b, loc, stored, value)));
    LLVM::StoreOp::create(b, loc, packVector(loc, b, group), addresses[i / vec],
                          vec * getBitWidth(stored) / 8);
  }
}

/// A view of a whole allocation at `base`.
Value makeMemDesc(Location loc, OpBuilder &b, Type structType, Value base,
                  unsigned rank) {
  SmallVector<Value> members{base};
  for (unsigned i = 0; i < rank; ++i)
    members.push_back(i32Val(b, loc, 0));
  return packLLElements(loc, structType, members, b);
}

bool isDistributedTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor &&
         isa_and_nonnull<ttg::DistributedEncodingTrait>(tensor.getEncoding());
}

struct LocalAllocOpConversion
    : public ConvertOpToLLVMPattern<ttg::LocalAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ttg::MemDescType type = op.getType();
    if (failed(checkMemDesc(op, type)))
      return failure();
    if (op.getSrc() && !isDistributedTensor(op.getSrc().getType()))
      return op.emitOpError("lowering to LLVM supports initial values with "
                            "distributed layouts only");
    FailureOr<Value> base = getSharedMemoryAddress(loc, rewriter, op);
    if (failed(base))
      return op.emitOpError("has no shared memory allocated (run "
                            "allocate-shared-memory-nv first)");
    Type structType = getTypeConverter()->convertType(type);
    Value memDesc =
        makeMemDesc(loc, rewriter, structType, *base, type.getRank());
    if (op.getSrc())
      storeTensor(loc, rewriter, type, memDesc,
                  cast<RankedTensorType>(op.getSrc().getType()),
                  unpackLLElements(loc, adaptor.getSrc(), rewriter));
    rewriter.replaceOp(op, memDesc);
    return success();
  }
};

struct LocalStoreOpConversion
    : public ConvertOpToLLVMPattern<ttg::LocalStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<ttg::MemDescType>(op.getDst().getType());
    if (failed(checkMemDesc(op, type)))
      return failure();
    if (!isDistributedTensor(op.getSrc().getType()))
      return op.emitOpError("lowering to LLVM supports storing tensors with "
                            "distributed layouts only");
    storeTensor(op.getLoc(), rewriter, type, adaptor.getDst(),
                cast<RankedTensorType>(op.getSrc().getType()),
                unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter));
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadOpConversion : public ConvertOpToLLVMPattern<ttg::LocalLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<ttg::MemDescType>(op.getSrc().getType());
    if (failed(checkMemDesc(op, type)))
      return failure();
    if (!isDistributedTensor(op.getType()))
      return op.emitOpError("lowering to LLVM supports loading into "
                            "distributed layouts only");
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType)
      return rewriter.notifyMatchFailure(op, "result type");
    Type element = cast<LLVM::LLVMStructType>(structType).getBody().front();
    Type stored = storedType(element, rewriter);
    unsigned vec = getSharedVectorSize(type, op.getType(), getBitWidth(stored));
    // Tensor-core operands may have their addresses built at the load
    // instead of hoisted out of the loop, where they need many bases: see
    // wholeAllocationAddresses. (FMA operands keep hoisted bases:
    // rebuilding them cost 2% on the ieee f32 matmul.)
    auto dot = dyn_cast<ttg::DotOperandEncodingAttr>(
        cast<RankedTensorType>(op.getType()).getEncoding());
    bool atUse = dot && isa<ttg::NvidiaMmaEncodingAttr>(dot.getParent());
    SmallVector<Value> addresses =
        elementAddresses(loc, rewriter, type, adaptor.getSrc(), op.getType(),
                         stored, vec, atUse);
    Type loadType =
        vec == 1 ? stored : Type(VectorType::get({int64_t(vec)}, stored));
    SmallVector<Value> values;
    for (Value address : addresses) {
      Value loaded = LLVM::LoadOp::create(rewriter, loc, loadType, address,
                                          vec * getBitWidth(stored) / 8);
      for (unsigned j = 0; j < vec; ++j) {
        Value v = vec == 1
                      ? loaded
                      : Value(LLVM::ExtractElementOp::create(
                            rewriter, loc, loaded, i32Val(rewriter, loc, j)));
        if (stored != element)
          v = LLVM::TruncOp::create(rewriter, loc, element, v);
        values.push_back(v);
      }
    }
    rewriter.replaceOp(op, packLLElements(loc, structType, values, rewriter));
    return success();
  }
};

struct LocalDeallocOpConversion
    : public ConvertOpToLLVMPattern<ttg::LocalDeallocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::LocalDeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::populateMemoryOpToLLVMPatterns(
    TypeConverterT &converter, RewritePatternSet &patterns,
    const LoweringConfig &config) {
  (void)config;
  patterns.add<LocalAllocOpConversion, LocalStoreOpConversion,
               LocalLoadOpConversion, LocalDeallocOpConversion>(converter);
}
