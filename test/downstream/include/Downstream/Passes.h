//===- Passes.h - the downstream example's passes ---------------*- C++ -*-===//
#ifndef DOWNSTREAM_PASSES_H
#define DOWNSTREAM_PASSES_H

#include "Dialect/Triton/IR/Dialect.h"

#include "mlir/Pass/Pass.h"

namespace downstream {

#define GEN_PASS_DECL
#include "Downstream/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Downstream/Passes.h.inc"

} // namespace downstream

#endif // DOWNSTREAM_PASSES_H
