//===- StreamingMemory.cpp - streaming cache modifiers on tt.load/tt.store ===//
#include "Downstream/Passes.h"

#include "llvm/ADT/StringExtras.h"

namespace downstream {
#define GEN_PASS_DEF_DOWNSTREAMSTREAMINGMEMORY
#include "Downstream/Passes.h.inc"
} // namespace downstream

using namespace mlir;
namespace tt = mlir::triton;

namespace {

/// Reads the modifier an option names; it must be one of `allowed` (PTX has
/// different cache operators for loads and stores).
FailureOr<tt::CacheModifier>
parseModifier(tt::FuncOp func, llvm::StringRef option, llvm::StringRef value,
              llvm::ArrayRef<tt::CacheModifier> allowed) {
  std::optional<tt::CacheModifier> modifier = tt::symbolizeCacheModifier(value);
  if (modifier && llvm::is_contained(allowed, *modifier))
    return *modifier;
  std::string names =
      llvm::join(llvm::map_range(allowed,
                                 [](tt::CacheModifier m) {
                                   return tt::stringifyCacheModifier(m).str();
                                 }),
                 ", ");
  func.emitOpError("downstream-streaming-memory: ")
      << option << " '" << value << "' is not one of " << names;
  return failure();
}

struct StreamingMemoryPass
    : public downstream::impl::DownstreamStreamingMemoryBase<
          StreamingMemoryPass> {
  using DownstreamStreamingMemoryBase::DownstreamStreamingMemoryBase;

  void runOnOperation() override {
    tt::FuncOp func = getOperation();
    FailureOr<tt::CacheModifier> loadModifier =
        parseModifier(func, "load-cache", loadCache,
                      {tt::CacheModifier::CA, tt::CacheModifier::CG,
                       tt::CacheModifier::CS, tt::CacheModifier::CV});
    FailureOr<tt::CacheModifier> storeModifier =
        parseModifier(func, "store-cache", storeCache,
                      {tt::CacheModifier::WB, tt::CacheModifier::CG,
                       tt::CacheModifier::CS, tt::CacheModifier::WT});
    if (failed(loadModifier) || failed(storeModifier))
      return signalPassFailure();

    func.walk([&](Operation *op) {
      if (auto load = dyn_cast<tt::LoadOp>(op)) {
        if (load.getIsVolatile() ||
            load.getCache() != tt::CacheModifier::NONE ||
            load.getEvict() != tt::EvictionPolicy::NORMAL)
          return;
        load.setCache(*loadModifier);
      } else if (auto store = dyn_cast<tt::StoreOp>(op)) {
        if (store.getCache() != tt::CacheModifier::NONE ||
            store.getEvict() != tt::EvictionPolicy::NORMAL)
          return;
        store.setCache(*storeModifier);
      }
    });
  }
};

} // namespace
