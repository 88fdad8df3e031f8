//===- Passes.td - TTGIR passes ---------------------------------*- tablegen -*-===//
//
// Passes over TritonGPU IR (tensors with layouts). Flags and options are
// Triton 3.6's, so a pipeline string from a Triton crash reproducer runs
// unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef TRITONGPU_TRANSFORMS_PASSES_TD
#define TRITONGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonGPUCoalesce : Pass<"tritongpu-coalesce", "mlir::ModuleOp"> {
  let summary = "Give global loads and stores a layout that coalesces them";
  let description = [{
    A warp's global memory accesses are fast when neighbouring threads touch
    neighbouring addresses and each thread moves up to 16 bytes at once. For
    every `tt.load`, `tt.store`, `tt.atomic_rmw`, `tt.atomic_cas` and
    `ttg.async_copy_global_to_local` on a tensor of pointers, this pass reads
    the pointer's contiguity and divisibility (AxisInfo), orders the
    dimensions by contiguity, and builds a `#ttg.blocked` layout whose
    `sizePerThread` along the most contiguous dimension is as wide as the
    alignment allows (at most 128 bits, at most the elements each thread
    owns). Accesses of the same shape and order that feed each other share the
    widest such width. The access is rewritten in that layout, with
    `ttg.convert_layout` ops on its operands and results;
    `tritongpu-remove-layout-conversions` then removes those that it can.

    ```mlir
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked_spt1>
    // becomes (with %p 16-byte aligned and contiguous)
    %p4 = ttg.convert_layout %p : ... -> tensor<1024x!tt.ptr<f32>, #blocked_spt4>
    %v4 = tt.load %p4 : tensor<1024x!tt.ptr<f32>, #blocked_spt4>
    %v = ttg.convert_layout %v4 : ... -> tensor<1024xf32, #blocked_spt1>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPURemoveLayoutConversions
    : Pass<"tritongpu-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "Remove ttg.convert_layout ops by propagating layouts";
  let description = [{
    A `ttg.convert_layout` that changes which thread owns which element goes
    through shared memory and costs a barrier. This pass removes as many as it
    can, in Triton's four steps:

    1. Forward propagation: the layouts of anchors (expensive loads and
       stores, dots, atomics, function arguments) flow to their users
       through elementwise ops, reductions, shape ops, loops and branches. A
       value reached by several layouts keeps the one with the widest
       `sizePerThread` (blocked for memory ops, mma for compute when none is
       wider). The function is rewritten in place with the chosen layouts.
    2. Backward rematerialization: for each remaining conversion, the slice of
       cheap ops that computes its operand (make_range, splat, arithmetic,
       cheap loads, loop-carried values) is recomputed directly in the target
       layout when that costs less than the conversion.
    3. Hoisting: a conversion that must stay is moved above a broadcast,
       expand_dims or extension (so it converts fewer bytes), into the branch
       of an `scf.if` that needs it, or next to the load that feeds a dot
       operand.
    4. Clean-up: conversions that became no-ops, dead loop-carried values and
       dead code are removed.

    ```mlir
    %a = tt.load %p : tensor<1024x!tt.ptr<f32>, #b4>
    %c = ttg.convert_layout %a : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
    %d = arith.addf %c, %c : tensor<1024xf32, #b1>
    // becomes
    %d = arith.addf %a, %a : tensor<1024xf32, #b4>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::scf::SCFDialect"];
}

#endif // TRITONGPU_TRANSFORMS_PASSES_TD
