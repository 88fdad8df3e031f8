// With CUDA's ptxas: the cubin is an NVIDIA ELF for the arch asked for,
// holding the kernel; -v's report names the entry and the target.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: triton-translate %s --emit=cubin -o %t/k.cubin --print-ptxas-log 2>&1 | FileCheck %s --check-prefix=LOG
// RUN: llvm-readelf -h -s %t/k.cubin | FileCheck %s --check-prefix=ELF
// RUN: triton-translate %s --emit=cubin -o %t/k80.cubin --target=sm_80 --print-ptxas-log 2>&1 | FileCheck %s --check-prefix=LOG80

// LOG: ptxas info    : Compiling entry function 'k' for 'sm_90a'
// LOG80: ptxas info    : Compiling entry function 'k' for 'sm_80'
// ELF: Machine: NVIDIA CUDA architecture
// ELF: FUNC GLOBAL {{.*}} k{{$}}
module {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    %w = llvm.fmul %v, %v : f32
    llvm.store %w, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
