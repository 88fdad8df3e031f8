// --assembler=nvjitlink: the cubin comes from libnvJitLink inside
// triton-translate (no ptxas process), with ptxas's -v report through
// -Xptxas=-v, for the arch asked for; the PTX version is the one nvJitLink's
// release accepts. An unknown assembler, and nvJitLink asked for where it
// does not open, are errors; `auto` falls back to ptxas.
// REQUIRES: nvjitlink, ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: triton-translate %s --emit=cubin -o %t/k.cubin --assembler=nvjitlink --print-ptxas-log 2>&1 | FileCheck %s --check-prefix=LOG
// RUN: llvm-readelf -h -s %t/k.cubin | FileCheck %s --check-prefix=ELF
// RUN: FileCheck %s --check-prefix=JSON < %t/k.json
// RUN: triton-translate %s --emit=cubin -o %t/k80.cubin --target=sm_80 --assembler=nvjitlink --print-ptxas-log 2>&1 | FileCheck %s --check-prefix=LOG80
// RUN: not triton-translate %s --emit=cubin -o %t/x.cubin --assembler=nvlink 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not env TRITON_NVJITLINK_PATH=%t/none.so triton-translate %s --emit=cubin -o %t/x.cubin --assembler=nvjitlink 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: env TRITON_NVJITLINK_PATH=%t/none.so triton-translate %s --emit=cubin -o %t/auto.cubin --assembler=auto --print-ptxas-log 2>&1 | FileCheck %s --check-prefix=AUTO

// LOG: Compiling entry function 'k' for 'sm_90a'
// LOG: Used {{[0-9]+}} registers
// LOG80: Compiling entry function 'k' for 'sm_80'
// ELF: Machine: NVIDIA CUDA architecture
// ELF: FUNC GLOBAL {{.*}} k{{$}}
// JSON: "ptx_version": {{(8|9)[0-9]}}
// UNKNOWN: error: unknown --assembler 'nvlink' (expected ptxas, nvjitlink or auto)
// MISSING: error: libnvJitLink could not be opened (TRITON_NVJITLINK_PATH):
// MISSING-NEXT: none.so
// AUTO: ptxas info    : Compiling entry function 'k' for 'sm_90a'
module {
  tt.func public @k(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %v = tt.load %p : !tt.ptr<f32>
    %w = arith.mulf %v, %v : f32
    tt.store %p, %w : !tt.ptr<f32>
    tt.return
  }
}
