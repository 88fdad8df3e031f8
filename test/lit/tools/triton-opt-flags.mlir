// The usual mlir-opt flags work on triton-opt.
//
// RUN: triton-opt %s --mlir-print-ir-after-all --pass-pipeline='builtin.module(canonicalize,cse)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
// AFTER: IR Dump After Canonicalizer (canonicalize)
// AFTER: tt.func @kernel
// AFTER: IR Dump After CSE (cse)
//
// RUN: triton-opt %s --triton-ttir-pipeline --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: Execution time report
// TIMING: TritonCombineOps
// TIMING: TritonLoopUnroll
//
// A failing pass leaves a reproducer that names the pipeline it ran.
// RUN: not triton-opt %S/Inputs/pass-failure.mlir --pass-pipeline='builtin.module(canonicalize,triton-rewrite-tensor-pointer)' --mlir-pass-pipeline-crash-reproducer=%t.repro.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: pass-failure.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
// RUN: FileCheck %s --check-prefix=REPRO < %t.repro.mlir
// REPRO: tt.func @caller
// REPRO: pipeline: "builtin.module(canonicalize
// REPRO-SAME: triton-rewrite-tensor-pointer
//
// The help lists the project's passes and pipelines.
// RUN: triton-opt --help | FileCheck %s --check-prefix=HELP
// HELP-DAG: --triton-combine
// HELP-DAG: --triton-licm
// HELP-DAG: --triton-loop-aware-cse
// HELP-DAG: --triton-loop-unroll
// HELP-DAG: --triton-reorder-broadcast
// HELP-DAG: --triton-rewrite-tensor-descriptor-to-pointer
// HELP-DAG: --triton-rewrite-tensor-pointer
// HELP-DAG: --triton-ttir-pipeline
// HELP-DAG: --inline
// HELP-DAG: --sccp
// HELP-DAG: --symbol-dce

tt.func @kernel(%p: tensor<16x!tt.ptr<f32>>, %v: tensor<16xf32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return
}
