//===- Passes.td - TTIR passes ----------------------------------*- tablegen -*-===//
//
// Passes over Triton IR. Flags and options are Triton 3.6's, so a pipeline
// string from a Triton crash reproducer runs unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_TRANSFORMS_PASSES_TD
#define TRITON_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonVerifyProgram : Pass<"triton-verify-program", "mlir::ModuleOp"> {
  let summary = "Refuse programs the verifier accepts but no GPU can run";
  let description = [{
    Two rules beyond the op verifiers, each refused with a located error;
    the IR is left unchanged:

    * Triton functions cannot recurse: `noinline` callees become device
      functions whose shared memory, scratch and barriers are laid out over
      the call graph, which must be acyclic. The error is at the call that
      closes the cycle and names it.
    * A kernel (a public `tt.func`) is launched from the host: it returns
      nothing, and its pointer arguments hold global (or generic) addresses,
      never shared (3) or other address spaces.

    Triton's frontend never emits either; IR written by hand or by another
    frontend can. The pass runs first in the ttir pipeline and in the llir
    pipeline (the first stage TTGIR input goes through), so that such a
    program is refused before anything is compiled.

    ```mlir
    tt.func private @r(%x: i32) -> i32 attributes {noinline = true} {
      %y = tt.call @r(%x) : (i32) -> i32
      // error: recursive call to @r: Triton functions cannot recurse
      //        (cycle @r -> @r)
      tt.return %y : i32
    }
    tt.func public @k(%p: !tt.ptr<f32, 3>) -> i32
    // error: kernel @k returns 'i32': a kernel launched from the host has
    //        no results ...
    // error: kernel @k argument #0 is '!tt.ptr<f32, 3>', a pointer in
    //        address space 3 ...
    ```
  }];
}

def TritonCombineOps : Pass<"triton-combine", "mlir::ModuleOp"> {
  let summary = "Combine tt ops into cheaper forms (dot+add, addptr chains, select+load)";
  let description = [{
    Peephole rewrites that Triton's frontend leaves behind:

    * `add(dot(a, b, 0), d)` becomes `dot(a, b, d)`: the accumulator is free.
    * `addptr(addptr(p, i), j)` becomes `addptr(p, i + j)`: one address
      computation per access.
    * `select(c, load(p, splat(c)), o)` becomes `load(p, splat(c), o)`.
    * `sum(broadcast(a[:, :, None]) * broadcast(b[None, :, :]), axis=1)`
      becomes `dot(a, b, 0)`: an outer-product reduction is a matmul.

    ```mlir
    %d = tt.dot %a, %b, %zero : ...   %s = arith.addf %d, %acc
    // becomes
    %s = tt.dot %a, %b, %acc : ...
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonReorderBroadcast : Pass<"triton-reorder-broadcast", "mlir::ModuleOp"> {
  let summary = "Move splat and broadcast after elementwise ops";
  let description = [{
    An elementwise op on splatted or broadcast operands computes the same
    value many times. Doing the work on the small operand and broadcasting
    the result does it once:

    ```mlir
    %a = tt.splat %x : f32 -> tensor<128xf32>
    %b = math.exp %a : tensor<128xf32>
    // becomes
    %e = math.exp %x : f32
    %b = tt.splat %e : f32 -> tensor<128xf32>
    ```
    Also `expand_dims(splat(x))` becomes a splat and `expand_dims` is moved
    before `broadcast`.
  }];
}

def TritonRewriteTensorPointer : Pass<"triton-rewrite-tensor-pointer", "mlir::ModuleOp"> {
  let summary = "Rewrite tensor pointers (make_tensor_ptr, advance) into tensors of pointers";
  let description = [{
    Block pointers made by `tt.make_tensor_ptr` and moved by `tt.advance`
    become explicit tensors of pointers with masks derived from
    `boundaryCheck` and `other` values derived from `padding`, through
    `scf.for`, `scf.if` and `scf.while`, so later stages only see plain
    loads and stores.

    ```mlir
    %p = tt.make_tensor_ptr %base, [%M], [%c1], [%off] {order = array<i32: 0>} : <tensor<128xf32>>
    %v = tt.load %p {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<128xf32>>
    // becomes
    %ptrs = tt.addptr (splat %base), (offsets) ...
    %v = tt.load %ptrs, %inbounds, %zero : tensor<128x!tt.ptr<f32>>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TritonRewriteTensorDescriptorToPointer
    : Pass<"triton-rewrite-tensor-descriptor-to-pointer", "mlir::ModuleOp"> {
  let summary = "Lower tensor descriptors to tensors of pointers (targets without TMA)";
  let description = [{
    On GPUs without TMA, descriptor loads and stores become masked loads and
    stores through tensors of pointers computed from the descriptor's base,
    shape and strides. Tensor descriptor values (function arguments,
    `tt.make_tensor_descriptor`, loop-carried values) are split into their
    components.

    ```mlir
    %v = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
    // becomes
    %v = tt.load %ptrs, %inbounds, %zero : tensor<64x64x!tt.ptr<f16>>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TritonLoopUnroll : Pass<"triton-loop-unroll", "mlir::ModuleOp"> {
  let summary = "Unroll scf.for loops marked with tt.loop_unroll_factor";
  let description = [{
    `tl.range(..., loop_unroll_factor=N)` marks a loop with
    `tt.loop_unroll_factor = N`; this pass unrolls it N times (with an
    epilogue loop for the remainder) and drops the attribute.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TritonLoopInvariantCodeMotion : Pass<"triton-licm", "mlir::ModuleOp"> {
  let summary = "Hoist loop-invariant code, loads included, out of loops";
  let description = [{
    MLIR's LICM does not move loads, which read memory. A load whose
    pointers and mask are loop-invariant in a loop without stores is
    hoisted, guarded by "the loop runs at least once" folded into its mask,
    so it never reads memory the loop would not have read.

    ```mlir
    scf.for %i = %lb to %ub step %s { %v = tt.load %p : ... }
    // becomes
    %run = arith.cmpi slt, %lb, %ub
    %v = tt.load %p, (splat %run) : ...
    scf.for %i = %lb to %ub step %s { ... }
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonLoopAwareCSE : Pass<"triton-loop-aware-cse", "mlir::ModuleOp"> {
  let summary = "CSE that also merges equivalent loop-carried values";
  let description = [{
    Two `scf.for` iteration arguments with the same initial value whose
    yielded values are computed the same way from them are the same value;
    plain CSE cannot see that because each depends on itself. This pass
    proves such pairs equal, merges them and then runs CSE.

    ```mlir
    scf.for ... iter_args(%a = %x, %b = %x) {
      %a1 = tt.addptr %a, %c   %b1 = tt.addptr %b, %c
      scf.yield %a1, %b1
    }
    // %b is replaced by %a
    ```
  }];
}

#endif // TRITON_TRANSFORMS_PASSES_TD
