// ptxas picks a kernel's register budget from its own occupancy estimate,
// and at times picks one that spills where a few more registers would not
// (mm_ieee_64x128x32_w8_s4: 80 registers, 8 bytes spilled). When the -v
// report shows spill stores below 255 registers and nothing bounds the
// registers, the PTX is assembled once more at --register-usage-level=10,
// and the cubin that spills fewer bytes is kept. The fake ptxas spills at
// its default tier and not at tier 10.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %S/Inputs/spilling-ptxas.sh %t/ptxas && chmod +x %t/ptxas

// Retried, the retry's cubin kept; the log says so.
// RUN: env FAKE_PTXAS_CALLS=%t/calls1 triton-translate %s --emit=cubin -o %t/k1.cubin --ptxas-path=%t/ptxas --print-ptxas-log 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: FileCheck %s --check-prefix=TIER10 < %t/k1.cubin
// RUN: FileCheck %s --check-prefix=TWICE < %t/calls1

// The retry spills as much: the first cubin stands.
// RUN: env FAKE_LEVEL_SPILLS=1 triton-translate %s --emit=cubin -o %t/k2.cubin --ptxas-path=%t/ptxas --print-ptxas-log 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: FileCheck %s --check-prefix=DEFAULT < %t/k2.cubin

// A ptxas that does not know the option: the first cubin stands, no error.
// RUN: env FAKE_NO_LEVEL=1 triton-translate %s --emit=cubin -o %t/k3.cubin --ptxas-path=%t/ptxas
// RUN: FileCheck %s --check-prefix=DEFAULT < %t/k3.cubin

// The user's bound stands: --maxrregcount or a tier in --ptx-options,
// or .maxnreg in the PTX; ptxas runs once.
// RUN: env FAKE_PTXAS_CALLS=%t/calls4 triton-translate %s --emit=cubin -o %t/k4.cubin --ptxas-path=%t/ptxas --ptx-options=--maxrregcount=80
// RUN: FileCheck %s --check-prefix=DEFAULT < %t/k4.cubin
// RUN: FileCheck %s --check-prefix=ONCE < %t/calls4
// RUN: env FAKE_PTXAS_CALLS=%t/calls5 triton-translate %s --emit=cubin -o %t/k5.cubin --ptxas-path=%t/ptxas --ptx-options=--register-usage-level=5
// RUN: FileCheck %s --check-prefix=ONCE < %t/calls5
// RUN: env FAKE_PTXAS_CALLS=%t/calls6 triton-translate %S/Inputs/maxnreg-kernel.mlir --maxnreg=80 --emit=cubin -o %t/k6.cubin --ptxas-path=%t/ptxas
// RUN: FileCheck %s --check-prefix=DEFAULT < %t/k6.cubin
// RUN: FileCheck %s --check-prefix=ONCE < %t/calls6

// KEPT: Used 98 registers
// KEPT: ptxas spilled 8 bytes at 80 registers; kept the cubin assembled with --register-usage-level=10 (98 registers, 0 bytes spilled)
// TIER10: cubin assembled at tier 10
// TWICE: --gpu-name=sm_90a
// TWICE-NOT: register-usage-level
// TWICE-SAME: {{$}}
// TWICE-NEXT: --register-usage-level=10 {{.*}}.ptx -o
// FIRST: Used 80 registers
// FIRST: ptxas spilled 8 bytes at 80 registers; --register-usage-level=10 did not spill less, kept the first cubin
// DEFAULT: cubin assembled at tier default
// ONCE: {{^}}-lineinfo
// ONCE-NOT: {{^}}-lineinfo
module {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    %w = llvm.fmul %v, %v : f32
    llvm.store %w, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
