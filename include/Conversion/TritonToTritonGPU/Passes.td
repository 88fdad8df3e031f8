//===- Passes.td - TTIR to TTGIR conversion ---------------------*- tablegen -*-===//
//
// The pass that gives every tensor of a Triton IR module a layout. Flag and
// options are Triton 3.6's, so a pipeline string from a Triton crash
// reproducer runs unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES_TD
#define TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTritonToTritonGPU
    : Pass<"convert-triton-to-tritongpu", "mlir::ModuleOp"> {
  let summary = "Give every tensor a layout: TTIR becomes TTGIR";
  let description = [{
    Triton IR says what a kernel computes on whole tensors; TritonGPU IR also
    says which thread of which warp holds which element. This pass is the
    first step between the two. Every ranked tensor without an encoding (also
    inside `!tt.ptr<tensor<...>>`) gets the default `#ttg.blocked` layout for
    its shape: one element per thread, the last dimension fastest, the
    threads of a warp and the warps of the CTA spread over the dimensions
    from the fastest one on. Later passes (coalesce, accelerate-matmul,
    remove-layout-conversions) replace these layouts with better ones.

    Some ops need more than the default:
    * `tt.expand_dims` takes its operand in `#ttg.slice` of its result's
      layout; `tt.reduce` gives its results the slice of its operand's layout.
    * `tt.dot` takes `#ttg.dot_op` operands of a blocked accumulator layout
      sized for the number of elements per thread.
    * `tt.broadcast` keeps its operand's layout; `tt.cat`, `tt.split`,
      `tt.descriptor_gather` and `tt.descriptor_scatter` adjust theirs.
    Where an operand's layout differs from the one an op needs, a
    `ttg.convert_layout` is inserted. Functions, calls, `scf` loops and
    branches, and `cf` branches carry the converted types.

    The module gets the attributes `ttg.num-warps`, `ttg.num-ctas`,
    `ttg.threads-per-warp` and `ttg.target`. An op that cannot be converted
    fails the pass with an error naming it. So does a module that is not a
    Triton program, one module holding only functions: a nested module
    (explicit, or the implicit one the parser makes around a module and a
    stray op) or another top-level op is refused where it is, since the
    module's attributes and analyses cover only its own functions.

    ```mlir
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    // becomes, with num-warps=4
    #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::math::MathDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::triton::TritonDialect",
                           "mlir::triton::gpu::TritonGPUDialect"];
  let options = [
    Option<"target", "target", "std::string", /*default*/"\"\"",
           "the GPU target, e.g. cuda:90 (required)">,
    Option<"numWarps", "num-warps", "int32_t", /*default*/"4",
           "number of warps of a CTA">,
    Option<"threadsPerWarp", "threads-per-warp", "int32_t", /*default*/"32",
           "number of threads of a warp">,
    Option<"numCTAs", "num-ctas", "int32_t", /*default*/"1",
           "number of CTAs of a cluster (CGA)">,
    Option<"enableSourceRemat", "enable-source-remat", "bool",
           /*default*/"false",
           "let values still used in their old type be cast back "
           "(unrealized_conversion_cast) instead of failing the conversion">
  ];
}

#endif // TRITON_CONVERSION_TRITONTOTRITONGPU_PASSES_TD
