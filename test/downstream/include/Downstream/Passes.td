//===- Passes.td - the downstream example's passes ---------*- tablegen -*-===//
//
// A downstream compiler's own pass over Triton's ops, declared in TableGen
// and generated with the installed LLVM's mlir-tblgen (docs/embedding.md).
//
//===----------------------------------------------------------------------===//
#ifndef DOWNSTREAM_PASSES_TD
#define DOWNSTREAM_PASSES_TD

include "mlir/Pass/PassBase.td"

def DownstreamStreamingMemory
    : Pass<"downstream-streaming-memory", "mlir::triton::FuncOp"> {
  let summary = "Mark a kernel's global loads and stores as streaming";
  let description = [{
    Gives every `tt.load` and `tt.store` of a `tt.func` that has no cache
    modifier and no eviction policy of its own a streaming cache modifier:
    `load-cache` (default `cg`, cache in L2 only) for loads, `store-cache`
    (default `cs`, evict first) for stores. Volatile loads and accesses that
    already carry a modifier or policy are left alone. Works on TTIR and
    TTGIR alike; the modifiers reach the PTX (`ld.global.cg`, `st.global.cs`).

    ```mlir
    %x = tt.load %p, %m : tensor<1024x!tt.ptr<f32>>
    // becomes
    %x = tt.load %p, %m cacheModifier = cg : tensor<1024x!tt.ptr<f32>>
    ```
  }];
  let options = [
    Option<"loadCache", "load-cache", "std::string", /*default=*/"\"cg\"",
           "Cache modifier for loads: ca, cg, cs or cv">,
    Option<"storeCache", "store-cache", "std::string", /*default=*/"\"cs\"",
           "Cache modifier for stores: wb, cg, cs or wt">,
  ];
}

#endif // DOWNSTREAM_PASSES_TD
