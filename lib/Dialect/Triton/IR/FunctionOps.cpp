//===- FunctionOps.cpp - tt.func, tt.call, tt.return ----------------------===//
//
// Also holds the generated op definitions (Ops.cpp.inc) of the dialect.
//
//===----------------------------------------------------------------------===//
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/Triton/IR/KernelSignature.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_OP_CLASSES
#include "Dialect/Triton/IR/Ops.cpp.inc"

//===----------------------------------------------------------------------===//
// FuncOp
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type, ArrayRef<NamedAttribute> attrs,
                   ArrayRef<DictionaryAttr> argAttrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.attributes.append(attrs.begin(), attrs.end());
  state.addRegion();
  if (argAttrs.empty())
    return;
  call_interface_impl::addArgAndResultAttrs(
      builder, state, argAttrs, /*resultAttrs=*/{},
      getArgAttrsAttrName(state.name), getResAttrsAttrName(state.name));
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

bool FuncOp::isNoInline() {
  auto attr = (*this)->getAttrOfType<BoolAttr>(attrs::kNoInline);
  return attr && attr.getValue();
}

LogicalResult FuncOp::verify() {
  if (Attribute attr = (*this)->getAttr(attrs::kNoInline))
    if (!isa<BoolAttr>(attr))
      return emitOpError("'noinline' must be a bool attribute");
  // The entry block's arguments are checked against the signature by
  // FunctionOpInterface's own verifier.
  return success();
}

//===----------------------------------------------------------------------===//
// CallOp
//===----------------------------------------------------------------------===//

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr fnAttr = getCalleeAttr();
  FuncOp fn = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, fnAttr);
  if (!fn)
    return emitOpError() << "'" << fnAttr.getValue()
                         << "' does not reference a valid tt.func";
  FunctionType fnType = fn.getFunctionType();
  if (fnType.getNumInputs() != getNumOperands())
    return emitOpError("incorrect number of operands for callee: expected ")
           << fnType.getNumInputs() << ", got " << getNumOperands();
  for (unsigned i = 0, e = fnType.getNumInputs(); i != e; ++i)
    if (getOperand(i).getType() != fnType.getInput(i))
      return emitOpError("operand type mismatch: expected operand type ")
             << fnType.getInput(i) << ", but provided "
             << getOperand(i).getType() << " for operand number " << i;
  if (fnType.getNumResults() != getNumResults())
    return emitOpError("incorrect number of results for callee: expected ")
           << fnType.getNumResults() << ", got " << getNumResults();
  for (unsigned i = 0, e = fnType.getNumResults(); i != e; ++i)
    if (getResult(i).getType() != fnType.getResult(i))
      return emitOpError("result type mismatch at index ")
             << i << ": expected " << fnType.getResult(i) << ", got "
             << getResult(i).getType();
  return success();
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto function = cast<FuncOp>((*this)->getParentOp());
  ArrayRef<Type> results = function.getResultTypes();
  if (getNumOperands() != results.size())
    return emitOpError("has ")
           << getNumOperands() << " operands, but enclosing function (@"
           << function.getName() << ") returns " << results.size();
  for (unsigned i = 0, e = results.size(); i != e; ++i)
    if (getOperand(i).getType() != results[i])
      return emitOpError("type of return operand ")
             << i << " (" << getOperand(i).getType()
             << ") doesn't match function result type (" << results[i] << ")"
             << " in function @" << function.getName();
  return success();
}

//===----------------------------------------------------------------------===//
// Kernel signatures
//===----------------------------------------------------------------------===//

LogicalResult mlir::triton::checkKernelSignatures(ModuleOp module) {
  bool ok = true;
  for (auto func : module.getOps<FuncOp>()) {
    if (!func.isPublic())
      continue;
    FunctionType type = func.getFunctionType();
    if (type.getNumResults()) {
      func.emitError("kernel @")
          << func.getName() << " returns " << type.getResults()
          << ": a kernel launched from the host has no results (store them "
             "through a pointer argument, or make the function private)";
      ok = false;
    }
    for (auto [i, arg] : llvm::enumerate(type.getInputs())) {
      auto ptr = dyn_cast<PointerType>(arg);
      if (!ptr || ptr.getAddressSpace() == 0 || ptr.getAddressSpace() == 1)
        continue;
      Location loc = i < func.getNumArguments() ? func.getArgument(i).getLoc()
                                                : func.getLoc();
      emitError(loc, "kernel @")
          << func.getName() << " argument #" << i << " is " << arg
          << ", a pointer in address space " << ptr.getAddressSpace()
          << ": a kernel's pointers come from the host and are global "
             "(address space 1)";
      ok = false;
    }
  }
  return success(ok);
}
