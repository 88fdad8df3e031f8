// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

// One asm per element, two results: a struct of two registers, taken apart
// into the two result structs (test_inline_asm_multiple_outputs).
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @two_results
// CHECK-COUNT-2: llvm.inline_asm asm_dialect = att "sub.u32 $0, $2, $3; sub.u32 $1, $3, $2;", "=r,=r,r,r" %{{.*}}, %{{.*}} : (i32, i32) -> !llvm.struct<(i32, i32)>
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_results(%a: tensor<256xi32, #b>, %b: tensor<256xi32, #b>) -> (tensor<256xi32, #b>, tensor<256xi32, #b>) {
    %0:2 = tt.elementwise_inline_asm "sub.u32 $0, $2, $3; sub.u32 $1, $3, $2;" {constraints = "=r,=r,r,r", packed_element = 1 : i32, pure = true} %a, %b : tensor<256xi32, #b>, tensor<256xi32, #b> -> tensor<256xi32, #b>, tensor<256xi32, #b>
    tt.return %0#0, %0#1 : tensor<256xi32, #b>, tensor<256xi32, #b>
  }
}

// -----

// packed_element = 4 with results of different types: four i8 share one
// register (a vector<4xi8>), four f32 take four; eight results come back,
// the i32 ones first (test_inline_asm_packed_multiple_outputs). A thread
// holding 8 elements runs the asm twice.
#b = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @packed_two_results
// CHECK: %[[V:.*]] = llvm.mlir.undef : vector<4xi8>
// CHECK: llvm.insertelement %{{.*}}, %[[V]][%{{.*}} : i32] : vector<4xi8>
// CHECK-COUNT-3: llvm.insertelement
// CHECK: %[[R:.*]] = llvm.inline_asm asm_dialect = att "{{.*}}", "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (vector<4xi8>, f32, f32, f32, f32) -> !llvm.struct<(i32, i32, i32, i32, f32, f32, f32, f32)>
// CHECK: llvm.extractvalue %[[R]][0]
// CHECK: llvm.extractvalue %[[R]][7]
// CHECK: llvm.inline_asm asm_dialect = att "{{.*}}", "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r"
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @packed_two_results(%a: tensor<1024xi8, #b>, %f: tensor<1024xf32, #b>) -> (tensor<1024xi32, #b>, tensor<1024xf32, #b>) {
    %0:2 = tt.elementwise_inline_asm "{ .reg .b8 tmp<4>; mov.b32 {tmp0, tmp1, tmp2, tmp3}, $8; cvt.u32.u8 $0, tmp0; cvt.u32.u8 $1, tmp1; cvt.u32.u8 $2, tmp2; cvt.u32.u8 $3, tmp3; } cvt.rn.f32.s32 $4, $0; cvt.rn.f32.s32 $5, $1; cvt.rn.f32.s32 $6, $2; cvt.rn.f32.s32 $7, $3; max.f32 $4, $4, $9; max.f32 $5, $5, $10; max.f32 $6, $6, $11; max.f32 $7, $7, $12;" {constraints = "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r", packed_element = 4 : i32, pure = true} %a, %f : tensor<1024xi8, #b>, tensor<1024xf32, #b> -> tensor<1024xi32, #b>, tensor<1024xf32, #b>
    tt.return %0#0, %0#1 : tensor<1024xi32, #b>, tensor<1024xf32, #b>
  }
}

// -----

// A packed narrow result: four i8 come back in one register, taken apart
// with extractelement (test_inline_asm_packed); two f16 in one.
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @packed_narrow_result
// CHECK: %[[R:.*]] = llvm.inline_asm asm_dialect = att "and.b32 $0, $1, 0x1F1F1F1F; shl.b32 $0, $0, 3;", "=r,r" %{{.*}} : (vector<4xi8>) -> vector<4xi8>
// CHECK-COUNT-4: llvm.extractelement %[[R]][%{{.*}} : i32] : vector<4xi8>
// CHECK: llvm.inline_asm asm_dialect = att "mov.b32 $0, $1;", "=r,r" %{{.*}} : (vector<2xf16>) -> vector<2xf16>
// CHECK: llvm.inline_asm asm_dialect = att "mov.b32 $0, $1;", "=r,r" %{{.*}} : (vector<2xf16>) -> vector<2xf16>
// CHECK-NOT: llvm.inline_asm
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @packed_narrow_result(%x: tensor<512xi8, #b>, %h: tensor<512xf16, #b>) -> (tensor<512xi8, #b>, tensor<512xf16, #b>) {
    %0 = tt.elementwise_inline_asm "and.b32 $0, $1, 0x1F1F1F1F; shl.b32 $0, $0, 3;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<512xi8, #b> -> tensor<512xi8, #b>
    %1 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 2 : i32, pure = true} %h : tensor<512xf16, #b> -> tensor<512xf16, #b>
    tt.return %0, %1 : tensor<512xi8, #b>, tensor<512xf16, #b>
  }
}

// -----

// Pointer operands go in 64-bit registers; not pure: side effects
// (test_inline_asm_with_pointers).
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @pointers
// CHECK-COUNT-4: llvm.inline_asm has_side_effects asm_dialect = att "ld.global.b8 $0, [$1]; shl.b32 $0, $0, 3; st.global.b8 [$2], $0;", "=r,l,l" %{{.*}}, %{{.*}} : (!llvm.ptr<1>, !llvm.ptr<1>) -> i8
// CHECK-NOT: llvm.inline_asm
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pointers(%x: tensor<512x!tt.ptr<i8>, #b>, %y: tensor<512x!tt.ptr<i8>, #b>) {
    %0 = tt.elementwise_inline_asm "ld.global.b8 $0, [$1]; shl.b32 $0, $0, 3; st.global.b8 [$2], $0;" {constraints = "=r,l,l", packed_element = 1 : i32, pure = false} %x, %y : tensor<512x!tt.ptr<i8>, #b>, tensor<512x!tt.ptr<i8>, #b> -> tensor<512xi8, #b>
    tt.return
  }
}

// -----

// A pointer result, and a scalar operand of a tensor op, which every
// element gets.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @pointer_result
// CHECK-SAME: (%{{.*}}: !llvm.struct<(i64, i64)>, %[[S:.*]]: i64,
// CHECK-COUNT-2: llvm.inline_asm asm_dialect = att "add.s64 $0, $1, $2;", "=l,l,l" %{{.*}}, %[[S]] : (i64, i64) -> !llvm.ptr<1>
// CHECK-NOT: llvm.inline_asm
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pointer_result(%x: tensor<256xi64, #b>, %s: i64) -> tensor<256x!tt.ptr<f32>, #b> {
    %0 = tt.elementwise_inline_asm "add.s64 $0, $1, $2;" {constraints = "=l,l,l", packed_element = 1 : i32, pure = true} %x, %s : tensor<256xi64, #b>, i64 -> tensor<256x!tt.ptr<f32>, #b>
    tt.return %0 : tensor<256x!tt.ptr<f32>, #b>
  }
}

// -----

// No operands at all, scalar results: one asm (test_smid, globaltimer);
// scalars in and out.
// CHECK-LABEL: llvm.func @scalars
// CHECK: llvm.inline_asm asm_dialect = att "mov.u32 $0, %smid;", "=r"  : () -> i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mov.u64 $0, %globaltimer;", "=l"  : () -> i64
// CHECK: llvm.inline_asm asm_dialect = att "add.s32 $0, $1, $2;", "=r,r,r" %{{.*}}, %{{.*}} : (i32, i32) -> i32
// CHECK-NOT: llvm.inline_asm {{.*}}"=
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scalars(%p: !tt.ptr<i32>, %q: !tt.ptr<i64>) {
    %0 = tt.elementwise_inline_asm "mov.u32 $0, %smid;" {constraints = "=r", packed_element = 1 : i32, pure = true} -> i32
    %1 = tt.elementwise_inline_asm "mov.u64 $0, %globaltimer;" {constraints = "=l", packed_element = 1 : i32, pure = false} -> i64
    %2 = tt.elementwise_inline_asm "add.s32 $0, $1, $2;" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %0, %0 : i32, i32 -> i32
    tt.store %p, %2 : !tt.ptr<i32>
    tt.store %q, %1 : !tt.ptr<i64>
    tt.return
  }
}

// -----

// Scalars with packed_element = 4: the asm runs once with the scalar in
// every slot (one i8 register: a vector of four copies) and the result is
// the first of its four.
// CHECK-LABEL: llvm.func @packed_scalars
// CHECK-SAME: (%[[X:.*]]: i8,
// CHECK-COUNT-4: llvm.insertelement %[[X]]
// CHECK: %[[R:.*]] = llvm.inline_asm asm_dialect = att "mov.b32 $0, $1;", "=r,r" %{{.*}} : (vector<4xi8>) -> vector<4xi8>
// CHECK: %[[E:.*]] = llvm.extractelement %[[R]][%{{.*}} : i32] : vector<4xi8>
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.return %[[E]] : i8
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @packed_scalars(%x: i8) -> i8 {
    %0 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : i8 -> i8
    tt.return %0 : i8
  }
}
