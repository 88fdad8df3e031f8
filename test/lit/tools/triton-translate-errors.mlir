// triton-translate reports bad input and bad options as located errors and
// exits non-zero.
// RUN: split-file %s %t
// RUN: not triton-translate %t/func.mlir 2>&1 | FileCheck %s --check-prefix=LEVEL
// RUN: not triton-translate %t/llvm.mlir --emit=ttgir 2>&1 | FileCheck %s --check-prefix=TTGIR
// RUN: not triton-translate %t/llvm.mlir --target=cuda:9x 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not triton-translate %t/llvm.mlir --ptx-version=78 2>&1 | FileCheck %s --check-prefix=PTXVER
// RUN: not triton-translate %t/nokernel.mlir 2>&1 | FileCheck %s --check-prefix=NOKERNEL
// RUN: not triton-translate %t/twokernels.mlir 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not triton-translate %t/llvm.mlir --metadata=%t/k.json 2>&1 | FileCheck %s --check-prefix=META
// RUN: not triton-translate %t/syntax.mlir 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not triton-translate %t/ttgir-nowarps.mlir --emit=llvm-mlir 2>&1 | FileCheck %s --check-prefix=NOWARPS
// RUN: not triton-translate %t/ttgir-target.mlir --target=sm_80 --emit=llvm-mlir 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not triton-translate %t/ttgir-target.mlir --emit=ttgir --metadata=%t/k.json 2>&1 | FileCheck %s --check-prefix=METATTGIR
// RUN: not triton-translate %t/missing.mlir 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not triton-translate %t/ttgir-target.mlir --maxnreg=0 2>&1 | FileCheck %s --check-prefix=MAXNREG0
// RUN: not triton-translate %t/llvm.mlir --maxnreg=32 2>&1 | FileCheck %s --check-prefix=MAXNREGLLVM
// RUN: not triton-translate %t/ttgir-maxnreg.mlir --maxnreg=32 --emit=llvm-mlir 2>&1 | FileCheck %s --check-prefix=MAXNREGDIFF
// RUN: not triton-translate %t/ttgir-maxnreg-bad.mlir --emit=llvm-mlir 2>&1 | FileCheck %s --check-prefix=MAXNREGBAD

// LEVEL: func.mlir:1:1: error: cannot tell the input's level: no tt or ttg op (TTIR, TTGIR) and no llvm.func (LLVM dialect)
// TTGIR: llvm.mlir:1:1: error: --emit=ttgir needs TTIR or TTGIR input; this is LLVM dialect
// TARGET: error: unknown --target 'cuda:9x' (expected cuda:90, sm_90a, sm_80, ...)
// PTXVER: error: PTX ISA 7.8 does not support sm_90a (it needs PTX 8.0 or later)
// NOKERNEL: error: expected exactly one kernel (.visible .entry) in the PTX, found 0 (a kernel is an llvm.func with the nvvm.kernel attribute)
// TWO: error: expected exactly one kernel (.visible .entry) in the PTX, found 2: a, b
// META: error: --metadata needs TTIR or TTGIR input: LLVM dialect has no kernel signature
// SYNTAX: syntax.mlir:3:4: error: expected ')'
// NOWARPS: ttgir-nowarps.mlir:2:1: error: TTGIR module without an integer ttg.num-warps attribute
// MISMATCH: error: target sm_80 disagrees with the module's ttg.target = "cuda:90"
// METATTGIR: error: --metadata needs --emit=llvm-mlir or later: shared memory is only known after lowering
// NOFILE: triton-translate: cannot open input file '{{.*}}missing.mlir'
// MAXNREG0: ttgir-target.mlir:1:1: error: --maxnreg must be a positive number of registers, got 0
// MAXNREGLLVM: llvm.mlir:1:1: error: --maxnreg needs TTIR or TTGIR input; LLVM dialect carries nvvm.maxnreg itself
// MAXNREGDIFF: ttgir-maxnreg.mlir:1:1: error: maxnreg 32 disagrees with the module's ttg.maxnreg = 40
// MAXNREGBAD: ttgir-maxnreg-bad.mlir:1:1: error: 'builtin.module' op attribute 'ttg.maxnreg' must be an i32 integer

//--- func.mlir
module {
  func.func @f() {
    return
  }
}

//--- llvm.mlir
module {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}

//--- nokernel.mlir
module {
  llvm.func @f() {
    llvm.return
  }
}

//--- twokernels.mlir
module {
  llvm.func @a() attributes {nvvm.kernel} {
    llvm.return
  }
  llvm.func @b() attributes {nvvm.kernel} {
    llvm.return
  }
}

//--- syntax.mlir
module {
  tt.func @f(%x: i32 {
  }
}

//--- ttgir-nowarps.mlir
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module {
  tt.func public @f() {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

//--- ttgir-target.mlir
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f() {
    tt.return
  }
}

//--- ttgir-maxnreg.mlir
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.maxnreg = 40 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f() {
    tt.return
  }
}

//--- ttgir-maxnreg-bad.mlir
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.maxnreg = "many", ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f() {
    tt.return
  }
}
