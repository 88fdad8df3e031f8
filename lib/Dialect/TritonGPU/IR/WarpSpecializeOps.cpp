//===- WarpSpecializeOps.cpp - ttg.warp_specialize and its regions -------===//
#include "Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>
#include <tuple>

using namespace mlir;
using namespace mlir::triton::gpu;

WarpSpecializePartitionsOp WarpSpecializeOp::getPartitionOp() {
  Region &holder = getPartitionOpHolder();
  if (holder.empty() || holder.front().empty())
    return {};
  return dyn_cast<WarpSpecializePartitionsOp>(holder.front().front());
}

RegionRange WarpSpecializeOp::getPartitionRegions() {
  if (WarpSpecializePartitionsOp partitions = getPartitionOp())
    return partitions.getPartitionRegions();
  return RegionRange();
}

unsigned WarpSpecializeOp::getTotalPartitionWarps() {
  ArrayRef<int32_t> numWarps = getPartitionNumWarps();
  return std::accumulate(numWarps.begin(), numWarps.end(), 0u);
}

Region *mlir::triton::gpu::getWarpSpecializeRegion(Region *region) {
  for (; region; region = region->getParentOp()->getParentRegion()) {
    Operation *parent = region->getParentOp();
    if (!parent)
      return nullptr;
    if (isa<WarpSpecializePartitionsOp>(parent))
      return region;
    if (auto ws = dyn_cast<WarpSpecializeOp>(parent))
      if (region == &ws.getDefaultRegion())
        return region;
  }
  return nullptr;
}

bool mlir::triton::gpu::isWarpSpecializePartition(Region *wsRegion) {
  return isa<WarpSpecializePartitionsOp>(wsRegion->getParentOp());
}

WarpSpecializeOp mlir::triton::gpu::getWarpSpecializeOf(Region *wsRegion) {
  Operation *parent = wsRegion->getParentOp();
  if (isa<WarpSpecializePartitionsOp>(parent))
    parent = parent->getParentOp();
  return cast<WarpSpecializeOp>(parent);
}

Value mlir::triton::gpu::getPartitionCapture(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return {};
  Region *region = arg.getOwner()->getParent();
  if (!isa<WarpSpecializePartitionsOp>(region->getParentOp()))
    return {};
  OperandRange captures =
      getWarpSpecializeOf(region).getExplicitCaptures();
  return arg.getArgNumber() < captures.size() ? captures[arg.getArgNumber()]
                                              : Value();
}

void WarpSpecializeOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &successors) {
  // Control enters the default region and leaves from it to the op's
  // results; the partitions run beside it, outside this control flow.
  if (point.isParent()) {
    successors.emplace_back(&getDefaultRegion());
    return;
  }
  successors.push_back(RegionSuccessor(getOperation(), getResults()));
}

LogicalResult WarpSpecializeOp::verify() {
  WarpSpecializePartitionsOp partitions = getPartitionOp();
  Region &holder = getPartitionOpHolder();
  if (!partitions || holder.front().getOperations().size() != 1)
    return emitOpError("expected to find only a "
                       "`ttg.warp_specialize.partitions` op inside its "
                       "second region");
  ArrayRef<int32_t> numWarps = getPartitionNumWarps();
  RegionRange regions = getPartitionRegions();
  if (regions.size() != numWarps.size())
    return emitOpError("has ")
           << regions.size() << " partitions but `partitionNumWarps` has "
           << numWarps.size() << " elements";
  for (auto [i, n] : llvm::enumerate(numWarps))
    if (n <= 0 || !llvm::isPowerOf2_32(n))
      return emitOpError("partition #")
             << i << " number of warps (" << n << ") must be a power of 2";
  // The start ids and the requested registers give one entry per
  // partition; the actual registers (tritongpu-allocate-warp-groups) one
  // for the default warps first, then one per partition.
  for (auto [name, ids, expected] :
       {std::make_tuple("warp group start IDs", getWarpGroupStartIds(),
                        numWarps.size()),
        std::make_tuple("requested registers", getRequestedRegisters(),
                        numWarps.size()),
        std::make_tuple("actual registers", getActualRegisters(),
                        numWarps.size() + 1)})
    if (ids && ids->size() != expected)
      return emitOpError("has ")
             << ids->size() << " " << name << " but expected " << expected;
  for (auto [i, region] : llvm::enumerate(regions)) {
    if (region->getNumArguments() != getNumOperands())
      return emitOpError("partition region #")
             << i << " has " << region->getNumArguments()
             << " arguments but expected " << getNumOperands();
    for (auto [argIdx, argType, captureType] :
         llvm::enumerate(region->getArgumentTypes(),
                         getExplicitCaptures().getTypes()))
      if (argType != captureType)
        return emitOpError("partition region #")
               << i << " argument #" << argIdx << " has type " << argType
               << " but corresponding capture has type " << captureType;
  }
  if ((*this)->getParentOfType<WarpSpecializeOp>())
    return emitOpError("cannot be nested inside another `ttg.warp_specialize` "
                       "op");
  std::optional<int> enclosingWarps = maybeLookupNumWarps(*this);
  if (enclosingWarps && *enclosingWarps % 4 != 0)
    return emitOpError("warp-specialized kernels requires num_warps to be a "
                       "multiple of 4");
  return success();
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  SMLoc capturesLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(captures, AsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("default") ||
      parser.parseRegion(*result.addRegion()))
    return failure();

  OperationState partitionsState(
      parser.getEncodedSourceLoc(parser.getCurrentLocation()),
      WarpSpecializePartitionsOp::getOperationName());
  SmallVector<int32_t> numWarps;
  while (succeeded(parser.parseOptionalKeyword(
      ("partition" + Twine(numWarps.size())).str()))) {
    SmallVector<OpAsmParser::Argument> args;
    if (parser.parseArgumentList(args, AsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(numWarps.emplace_back()) ||
        parser.parseRParen() ||
        parser.parseRegion(*partitionsState.addRegion(), args))
      return failure();
  }

  FunctionType type;
  if (parser.parseColon() || parser.parseType(type) ||
      parser.resolveOperands(captures, type.getInputs(), capturesLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());
  result.getOrAddProperties<Properties>().partitionNumWarps =
      parser.getBuilder().getDenseI32ArrayAttr(numWarps);

  Block &holder = result.addRegion()->emplaceBlock();
  OpBuilder builder(parser.getContext());
  builder.setInsertionPointToStart(&holder);
  builder.create(partitionsState);
  return success();
}

void WarpSpecializeOp::print(OpAsmPrinter &printer) {
  printer << '(';
  printer.printOperands(getOperands());
  printer << ')';
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {getPartitionNumWarpsAttrName().getValue()});
  printer.printNewline();
  printer << "default ";
  printer.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false);
  for (auto [i, region, numWarps] :
       llvm::enumerate(getPartitionRegions(), getPartitionNumWarps())) {
    printer.printNewline();
    printer << "partition" << i << '(';
    llvm::interleaveComma(region->getArguments(), printer,
                          [&](BlockArgument arg) {
                            printer.printRegionArgument(arg);
                          });
    printer << ") num_warps(" << numWarps << ") ";
    printer.printRegion(*region, /*printEntryBlockArgs=*/false);
  }
  printer << " : ";
  printer.printFunctionalType(*this);
}

LogicalResult WarpSpecializePartitionsOp::verify() {
  // Every block that leaves the region ends with ttg.warp_return; after
  // convert-scf-to-cf the others branch within it.
  for (auto [i, region] : llvm::enumerate(getPartitionRegions()))
    for (Block &block : region)
      if (block.empty() || (block.getNumSuccessors() == 0 &&
                            !isa<WarpReturnOp>(block.back())))
        return emitOpError("partition region #")
               << i << " must end with `ttg.warp_return`";
  return success();
}

LogicalResult WarpYieldOp::verify() {
  auto parent = cast<WarpSpecializeOp>((*this)->getParentOp());
  if (getNumOperands() != parent.getNumResults())
    return emitOpError("has ")
           << getNumOperands() << " operands but parent op expected "
           << parent.getNumResults();
  for (auto [i, expected, type] :
       llvm::enumerate(parent.getResultTypes(), getOperandTypes()))
    if (expected != type)
      return emitOpError("operand #")
             << i << " has type " << type << " but parent op expected "
             << expected;
  return success();
}
