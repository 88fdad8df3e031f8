// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm=compute-capability=80 | FileCheck %s --check-prefixes=CHECK,SM80

// arith.sitofp i8 -> bf16 converts the four elements of a packed 32-bit
// word at a time, as Triton 3.6 does. On sm_90 the bytes go under a 0x43
// high byte (prmt), then mask and subtract in bf16x2 (no cvt); before sm_90,
// cvt.rn.f32.s8 per byte and a prmt taking the top halves of two f32 (exact
// for 8-bit integers). Eight elements per thread: two words.
#b = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @i8_to_bf16
// SM90-COUNT-2: llvm.inline_asm {{.*}}prmt.b32 lo, $2, 0x43, 0x4140;{{.*}}prmt.b32 hi, $2, 0x43, 0x4342;{{.*}}and.b32 lom, lo, 0xff7fff7f;{{.*}}and.b32 loe, lo, 0xff80ff80;{{.*}}sub.bf16x2 $0, lom, loe;{{.*}}sub.bf16x2 $1, him, hie;{{.*}}"=r,=r,r" %{{.*}} : (i32) -> !llvm.struct<(i32, i32)>
// SM80-COUNT-2: llvm.inline_asm {{.*}}mov.b32 {b0, b1, b2, b3}, $2;{{.*}}cvt.rn.f32.s8 f0, b0;{{.*}}cvt.rn.f32.s8 f3, b3;{{.*}}prmt.b32 $0, f0, f1, 0x7632;{{.*}}prmt.b32 $1, f2, f3, 0x7632;{{.*}}"=r,=r,r" %{{.*}} : (i32) -> !llvm.struct<(i32, i32)>
// CHECK-NOT: llvm.sitofp
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @i8_to_bf16(%x: tensor<1024xi8, #b>) -> tensor<1024xbf16, #b> attributes {noinline = false} {
    %y = arith.sitofp %x : tensor<1024xi8, #b> to tensor<1024xbf16, #b>
    tt.return %y : tensor<1024xbf16, #b>
  }
}

// -----

// Fewer than four elements per thread: one conversion per element; other
// element types are not packed.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @short_and_other_types
// CHECK-NOT: llvm.inline_asm
// CHECK-COUNT-2: llvm.sitofp %{{.*}} : i8 to bf16
// CHECK-COUNT-2: llvm.sitofp %{{.*}} : i8 to f16
// CHECK-COUNT-2: llvm.sitofp %{{.*}} : i16 to bf16
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @short_and_other_types(%x: tensor<256xi8, #b>, %w: tensor<256xi16, #b>) -> (tensor<256xbf16, #b>, tensor<256xf16, #b>, tensor<256xbf16, #b>) attributes {noinline = false} {
    %y = arith.sitofp %x : tensor<256xi8, #b> to tensor<256xbf16, #b>
    %h = arith.sitofp %x : tensor<256xi8, #b> to tensor<256xf16, #b>
    %v = arith.sitofp %w : tensor<256xi16, #b> to tensor<256xbf16, #b>
    tt.return %y, %h, %v : tensor<256xbf16, #b>, tensor<256xf16, #b>, tensor<256xbf16, #b>
  }
}
