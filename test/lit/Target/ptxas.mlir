// --emit=cubin runs ptxas (from --ptxas-path or TRITON_PTXAS_PATH) with
// Triton's command line; its output is the cubin. On failure the error
// holds ptxas's log and a command that reproduces it, whose .ptx file is
// kept. LLVM-dialect input has no kernel signature, so no JSON is written.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %S/Inputs/copying-ptxas.sh %t/ptxas && chmod +x %t/ptxas
// RUN: cp %S/Inputs/failing-ptxas.sh %t/bad-ptxas && chmod +x %t/bad-ptxas
// RUN: triton-translate %s --emit=cubin -o %t/k.cubin --ptxas-path=%t/ptxas --print-ptxas-log 2>&1 | FileCheck %s --check-prefix=LOG
// RUN: FileCheck %s --check-prefix=CUBIN < %t/k.cubin
// RUN: not ls %t/k.json
// RUN: env TRITON_PTXAS_PATH=%t/ptxas triton-translate %s --emit=cubin -o %t/env.cubin --enable-fp-fusion=false --target=sm_80 --ptx-version=80 --print-ptxas-log 2>&1 | FileCheck %s --check-prefix=ENV
// RUN: not env TMPDIR=%t triton-translate %s --emit=cubin -o %t/bad.cubin --ptxas-path=%t/bad-ptxas 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: not triton-translate %s --emit=cubin -o %t/bad.cubin --ptxas-path=%t/nonexistent 2>&1 | FileCheck %s --check-prefix=NOPTXAS
// RUN: not triton-translate %s --emit=cubin 2>&1 | FileCheck %s --check-prefix=NOOUT

// LOG: fake ptxas: -lineinfo -v --gpu-name=sm_90a {{.*}}k-{{.*}}.ptx -o {{.*}}k-{{.*}}.cubin
// LOG: warning: no metadata JSON written: LLVM dialect input has no kernel signature
// CUBIN: .visible .entry k(

// ENV: fake ptxas: -lineinfo -v --gpu-name=sm_80 --fmad=false {{.*}}.ptx -o {{.*}}.cubin

// FAIL: error: ptxas failed with exit code 255: ptxas fatal   : Unresolved extern function 'frobnicate'
// FAIL-NEXT: ptxas fatal   : Unresolved extern function 'frobnicate'
// FAIL-NEXT: reproduce with: {{.*}}bad-ptxas -lineinfo -v --gpu-name=sm_90a {{.*}}Output/ptxas.mlir.tmp/k-{{.*}}.ptx -o {{.*}}.cubin
// RUN: not env TMPDIR=%t triton-translate %s --emit=cubin -o %t/bad.cubin --ptxas-path=%t/bad-ptxas 2>&1 | sed -n 's/.*sm_90a \([^ ]*\.ptx\) .*/\1/p' > %t/kept
// RUN: xargs cat < %t/kept | FileCheck %s --check-prefix=KEPT
// KEPT: .visible .entry k(

// NOPTXAS: error: ptxas given by --ptxas-path ('{{.*}}nonexistent') is not an executable file
// NOOUT: error: --emit=cubin writes a binary file: give it with -o <file>
module {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    llvm.store %v, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
