// The PTX ISA version comes from the ptxas in use, as Triton 3.6 picks it:
// `ptxas --version` names the CUDA release, and CUDA 12.8 (Triton's own
// ptxas) accepts PTX 8.7, CUDA 12.4 PTX 8.4, CUDA 13.0 PTX 9.0. The PTX's
// .version line and the metadata say which. An explicit --ptx-version wins,
// but one newer than the ptxas accepts is refused, naming both versions.
// Without a ptxas, --emit=ptx uses PTX 9.0.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %S/Inputs/copying-ptxas.sh %t/ptxas && chmod +x %t/ptxas
// RUN: env FAKE_CUDA_RELEASE=12.8 triton-translate %s --emit=cubin -o %t/k128.cubin --ptxas-path=%t/ptxas
// RUN: FileCheck %s --check-prefix=PTX87 < %t/k128.cubin
// RUN: FileCheck %s --check-prefix=JSON87 < %t/k.json
// RUN: env FAKE_CUDA_RELEASE=12.4 triton-translate %s --emit=cubin -o %t/k124.cubin --ptxas-path=%t/ptxas
// RUN: FileCheck %s --check-prefix=PTX84 < %t/k124.cubin
// RUN: env FAKE_CUDA_RELEASE=13.0 TRITON_PTXAS_PATH=%t/ptxas triton-translate %s --emit=ptx | FileCheck %s --check-prefix=PTX90
// RUN: env FAKE_CUDA_RELEASE=12.8 triton-translate %s --emit=cubin -o %t/exp.cubin --ptxas-path=%t/ptxas --ptx-version=85
// RUN: FileCheck %s --check-prefix=PTX85 < %t/exp.cubin
// RUN: not env FAKE_CUDA_RELEASE=12.8 triton-translate %s --emit=cubin -o %t/new.cubin --ptxas-path=%t/ptxas --ptx-version=90 2>&1 | FileCheck %s --check-prefix=NEWER
// RUN: not env FAKE_CUDA_RELEASE=10.2 triton-translate %s --emit=cubin -o %t/old.cubin --ptxas-path=%t/ptxas 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: env TRITON_PTXAS_PATH=%t/ptxas FAKE_CUDA_RELEASE=12.8 triton-translate %s --emit=ptx --ptx-version=90 | FileCheck %s --check-prefix=PTX90

// PTX87: .version 8.7
// PTX87: .target sm_90a
// JSON87: "ptx_version": 87
// PTX84: .version 8.4
// PTX85: .version 8.5
// PTX90: .version 9.0
// NEWER: error: PTX ISA 9.0 was asked for, but ptxas {{.*}}ptxas (CUDA 12.8) accepts PTX ISA 8.7 at most
// OLD: error: ptxas {{.*}}ptxas is CUDA 10.2: Triton supports CUDA 11.0 or later
module {
  tt.func public @k(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %v = tt.load %p : !tt.ptr<f32>
    tt.store %p, %v : !tt.ptr<f32>
    tt.return
  }
}
