// DropThreadIdRanges.cpp: the thread id keeps the intrinsic's own range [0, 1024) through O3, not
// the block size's (NVVMIntrRange, run by the NVPTX target's pipeline
// start): Triton 3.6's O3 runs without the target machine, and its PTX
// keeps the thread id's masks (`and.b32 ..., 511`) and the single-writer
// compares apart, which ptxas keeps predicated.
// RUN: triton-translate %S/../Pipeline/ptx-thread-id-index.mlir --num-warps=16 --emit=llvmir | FileCheck %s
// CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// CHECK-NOT: call range(i32 0, 512) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
// CHECK: declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
