// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// ttg.fp4_to_fp: each i8 gives its low nibble, then its high nibble, as two
// consecutive result registers (the layout doubles sizePerThread along the
// packed axis). e2m1 -> bf16: 0 -> 0, 0.5 -> 0x3F00 (16128), otherwise
// exponent e - 1 + 127 (e + 126) << 7 and the mantissa bit << 6; the sign
// bit (8) << 12.
// CHECK-LABEL: llvm.func @fp4_bf16
// CHECK-DAG: %[[HALF:.*]] = llvm.mlir.constant(16128 : i16) : i16
// CHECK-DAG: %[[BIAS:.*]] = llvm.mlir.constant(126 : i16) : i16
// CHECK-DAG: %[[MSH:.*]] = llvm.mlir.constant(6 : i16) : i16
// CHECK-DAG: %[[FOUR:.*]] = llvm.mlir.constant(4 : i8) : i8
// CHECK: %[[B0:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(i8, i8)>
// CHECK: %[[B1:.*]] = llvm.extractvalue %arg0[1] : !llvm.struct<(i8, i8)>
// CHECK: %[[Z0:.*]] = llvm.zext %[[B0]] : i8 to i16
// CHECK: %[[LO0:.*]] = llvm.and %[[Z0]]
// CHECK: %[[S0:.*]] = llvm.lshr %[[B0]], %[[FOUR]] : i8
// CHECK: %[[HI0:.*]] = llvm.zext %[[S0]] : i8 to i16
// CHECK: llvm.add %{{.*}}, %[[BIAS]] : i16
// CHECK: llvm.select %{{.*}}, %[[HALF]], %{{.*}} : i1, i16
// CHECK: %[[R0:.*]] = llvm.bitcast %{{.*}} : i16 to bf16
// CHECK: %[[R1:.*]] = llvm.bitcast %{{.*}} : i16 to bf16
// CHECK: llvm.zext %[[B1]] : i8 to i16
// CHECK: %[[R2:.*]] = llvm.bitcast %{{.*}} : i16 to bf16
// CHECK: %[[R3:.*]] = llvm.bitcast %{{.*}} : i16 to bf16
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0] : !llvm.struct<(bf16, bf16, bf16, bf16)>
// CHECK: llvm.insertvalue %[[R1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[R2]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[R3]], %{{.*}}[3]
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp4_bf16(%x: tensor<4x64xi8, #blocked>) -> tensor<4x128xbf16, #blocked1> {
    %y = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<4x64xi8, #blocked> -> tensor<4x128xbf16, #blocked1>
    tt.return %y : tensor<4x128xbf16, #blocked1>
  }
}

// -----

// e2m1 -> f16, packed along M (dot_scaled without k_pack): 0.5 is 0x3800
// (14336), exponent e - 1 + 15, mantissa bit << 9.
// CHECK-LABEL: llvm.func @fp4_f16_axis0
// CHECK-DAG: llvm.mlir.constant(14336 : i16) : i16
// CHECK-DAG: llvm.mlir.constant(14 : i16) : i16
// CHECK-DAG: llvm.mlir.constant(9 : i16) : i16
// CHECK: llvm.bitcast %{{.*}} : i16 to f16
// CHECK: llvm.insertvalue %{{.*}}[1] : !llvm.struct<(f16, f16)>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp4_f16_axis0(%x: tensor<1x128xi8, #blocked>) -> tensor<2x128xf16, #blocked1> {
    %y = ttg.fp4_to_fp %x {axis = 0 : i32} : tensor<1x128xi8, #blocked> -> tensor<2x128xf16, #blocked1>
    tt.return %y : tensor<2x128xf16, #blocked1>
  }
}
