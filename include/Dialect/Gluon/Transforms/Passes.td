//===- Passes.td - the passes of gluon_to_ttgir ------------------*- tablegen -*-===//
//
// Triton 3.6 compiles a Gluon kernel to TTGIR with one stage,
// gluon_to_ttgir: gluon-inline, gluon-infer-coalesced-encodings,
// gluon-resolve-auto-encodings, triton-nvidia-tma-lowering,
// gluon-canonicalize, sccp, triton-loop-aware-cse, gluon-canonicalize,
// tritongpu-combine-tensor-select-and-if (the `triton-gluon-to-ttgir`
// pipeline of triton-opt). The passes here are the gluon ones.
//
//===----------------------------------------------------------------------===//
#ifndef GLUON_PASSES_TD
#define GLUON_PASSES_TD

include "mlir/Pass/PassBase.td"

def GluonInline : Pass<"gluon-inline", "mlir::ModuleOp"> {
  let summary = "Inline every tt.call, simplifying with gluon-canonicalize";
  let description = [{
    A Gluon kernel calls its `@gluon.jit` helpers; their tensors may have
    `#gluon.auto_encoding` layouts, which are resolved per function and so
    must not cross a call. MLIR's inliner, with `gluon-canonicalize` (not
    `canonicalize`, whose layout rewrites a hand-written kernel must not
    get) as the simplification between inlining rounds; a callee marked
    `noinline` stays a call.

    ```mlir
    tt.func private @helper(%x: tensor<128xf32, #gluon.auto_encoding>) -> ...
    %r = tt.call @helper(%x) : ...
    // becomes the helper's body in place of the call
    ```
  }];
}

def GluonCanonicalize : Pass<"gluon-canonicalize"> {
  let summary = "Canonicalize without changing layouts";
  let description = [{
    The canonicalization patterns of arith, scf and cf, and of tt.load,
    tt.store, tt.broadcast, tt.expand_dims, ttg.warp_specialize and its
    partitions, after dead block arguments are removed: what
    `canonicalize` does except the patterns that move or fold layout
    conversions (`ttg.convert_layout`, `ttg.local_alloc` of a load), which
    in a Gluon kernel are the author's choice.

    ```mlir
    %c = arith.addi %c1, %c2 : i32          // folds to a constant
    %v = ttg.convert_layout %x : ... #blocked -> ... #blocked1   // stays
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::cf::ControlFlowDialect",
                           "mlir::scf::SCFDialect"];
}

def GluonInferCoalescedEncodings
    : Pass<"gluon-infer-coalesced-encodings", "mlir::ModuleOp"> {
  let summary = "Give #gluon.coalesced_encoding tensors the coalesced layout "
                "of their loads and stores";
  let description = [{
    Every `tt.load` / `tt.store` / atomic whose pointer tensor has
    `#gluon.coalesced_encoding` gets the blocked layout
    `tritongpu-coalesce` would choose for it (AxisInfo's contiguity orders
    the dimensions, the alignment and contiguity give the elements per
    thread), seeded on all its operands and propagated to every tensor
    connected to them through shape ops, loops and branches
    (`gluon-resolve-auto-encodings`' propagation, over the coalesced
    placeholder). Two different coalesced layouts meeting at one value are
    an error naming both.

    ```mlir
    %p = tt.addptr %base, %offs : tensor<128x!tt.ptr<f32>, #gluon.coalesced_encoding>, ...
    %v = tt.load %p : tensor<128x!tt.ptr<f32>, #gluon.coalesced_encoding>
    // becomes (a contiguous, 16-byte aligned row at 4 warps)
    %v = tt.load %p : tensor<128x!tt.ptr<f32>, #ttg.blocked<{sizePerThread = [4], ...}>>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def GluonResolveAutoEncodings
    : Pass<"gluon-resolve-auto-encodings", "mlir::ModuleOp"> {
  let summary = "Replace #gluon.auto_encoding with the layouts the kernel "
                "implies";
  let description = [{
    Each `gluon.set_auto_layout %x` seeds `%x` with its result's layout;
    the layouts then flow both ways through the ops whose result layout
    follows from their operands' (elementwise ops, tt.broadcast,
    tt.expand_dims and tt.reduce through slices, tt.trans, tt.reshape,
    tt.join and tt.split), through scf.for / scf.while / scf.if / scf.yield
    to the values tied to them, until nothing changes. Layouts derived
    through join, split, reshape and trans may give way to a fixed one; two
    fixed layouts meeting at one value are an error naming both. A tensor
    left with an automatic layout, or an automatic layout at a function's
    boundary, is an error; then the `gluon.set_auto_layout` ops go.

    ```mlir
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #gluon.auto_encoding>
    %b = gluon.set_auto_layout %r : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32, #blocked>
    // becomes
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

#endif // GLUON_PASSES_TD
