// The alignment queries on TTGIR tensors read the layout: its order picks
// the dimension accesses run along, and a thread covers at most the elements
// it holds contiguously (sizePerThread), whatever AxisInfo allows.
// RUN: triton-opt %s -split-input-file -test-print-alignment -o /dev/null | FileCheck %s

// 1024 consecutive f32 from a 16-byte-aligned base: 4 elements per vector
// by alignment, but a thread of #two holds 2 consecutive elements.
#two = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#eight = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @per_thread_cap
tt.func public @per_thread_cap(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #two>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #two>
  %ptr = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>, #two>, tensor<1024xi32, #two>
  %ns = tt.splat %n : i32 -> tensor<1024xi32, #two>
  %mask = arith.cmpi slt, %r, %ns : tensor<1024xi32, #two>
  // CHECK: tt.addptr {{.*}}=> contiguity = [1024], divisibility = [16], constancy = [1], constant_value = <none>
  // CHECK: tt.load access: order = [0], contiguity = 2, alignment = 4, mask_alignment = 16, mask_alignment_along_order = 16
  %v = tt.load %ptr, %mask : tensor<1024x!tt.ptr<f32>, #two>
  // With 8 per thread, alignment (4) is the bound.
  %r8 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #eight>
  %ps8 = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #eight>
  %ptr8 = tt.addptr %ps8, %r8 : tensor<1024x!tt.ptr<f32>, #eight>, tensor<1024xi32, #eight>
  // CHECK: tt.load access: order = [0], contiguity = 4, alignment = 4{{$}}
  %v8 = tt.load %ptr8 : tensor<1024x!tt.ptr<f32>, #eight>
  tt.return
}
}

// -----

// A 64x64 f32 tile p + i + j * 64: contiguous along dimension 0, the mask
// i < n constant along dimension 1. The layout's order picks the dimension
// accesses run along: with #row (order [1, 0]) nothing is contiguous, while
// the mask allows 64; with #col (order [0, 1]) 4 elements per vector.
#row = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @row_order
tt.func public @row_order(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  %c64 = arith.constant dense<64> : tensor<64x64xi32, #row>
  %i = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #row}>>
  %ie = tt.expand_dims %i {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #row}>> -> tensor<64x1xi32, #row>
  %ib = tt.broadcast %ie : tensor<64x1xi32, #row> -> tensor<64x64xi32, #row>
  %j = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #row}>>
  %je = tt.expand_dims %j {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #row}>> -> tensor<1x64xi32, #row>
  %jb = tt.broadcast %je : tensor<1x64xi32, #row> -> tensor<64x64xi32, #row>
  %j64 = arith.muli %jb, %c64 : tensor<64x64xi32, #row>
  %off = arith.addi %ib, %j64 : tensor<64x64xi32, #row>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #row>
  %ptr = tt.addptr %ps, %off : tensor<64x64x!tt.ptr<f32>, #row>, tensor<64x64xi32, #row>
  %ns = tt.splat %n : i32 -> tensor<64x64xi32, #row>
  %mask = arith.cmpi slt, %ib, %ns : tensor<64x64xi32, #row>
  // CHECK: tt.addptr {{.*}}=> contiguity = [64, 1], divisibility = [16, 4], constancy = [1, 1], constant_value = <none>
  // CHECK: arith.cmpi slt, {{.*}}=> contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 64], constant_value = <none>
  // CHECK: tt.load access: order = [1, 0], contiguity = 1, alignment = 1, mask_alignment = 64, mask_alignment_along_order = 64
  %v = tt.load %ptr, %mask : tensor<64x64x!tt.ptr<f32>, #row>
  tt.return
}
// CHECK-LABEL: @col_order
tt.func public @col_order(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  %c64 = arith.constant dense<64> : tensor<64x64xi32, #col>
  %i = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #col}>>
  %ie = tt.expand_dims %i {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #col}>> -> tensor<64x1xi32, #col>
  %ib = tt.broadcast %ie : tensor<64x1xi32, #col> -> tensor<64x64xi32, #col>
  %j = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #col}>>
  %je = tt.expand_dims %j {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #col}>> -> tensor<1x64xi32, #col>
  %jb = tt.broadcast %je : tensor<1x64xi32, #col> -> tensor<64x64xi32, #col>
  %j64 = arith.muli %jb, %c64 : tensor<64x64xi32, #col>
  %off = arith.addi %ib, %j64 : tensor<64x64xi32, #col>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #col>
  %ptr = tt.addptr %ps, %off : tensor<64x64x!tt.ptr<f32>, #col>, tensor<64x64xi32, #col>
  %ns = tt.splat %n : i32 -> tensor<64x64xi32, #col>
  %mask = arith.cmpi slt, %ib, %ns : tensor<64x64xi32, #col>
  // CHECK: tt.addptr {{.*}}=> contiguity = [64, 1], divisibility = [16, 4], constancy = [1, 1], constant_value = <none>
  // CHECK: arith.cmpi slt, {{.*}}=> contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 64], constant_value = <none>
  // CHECK: tt.load access: order = [0, 1], contiguity = 4, alignment = 4, mask_alignment = 16, mask_alignment_along_order = 16
  %v = tt.load %ptr, %mask : tensor<64x64x!tt.ptr<f32>, #col>
  tt.return
}
}

// -----

// ttg.convert_layout moves values between layouts: the facts are the same.
// The arguments of a warp_specialize partition are its explicit captures;
// the default region's yields give the op's results.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: @convert_and_partitions
tt.func public @convert_and_partitions(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 8 : i32}) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
  %ptr = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
  // CHECK: ttg.convert_layout {{.*}}=> contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
  %cvt = ttg.convert_layout %ptr : tensor<128x!tt.ptr<f32>, #blocked> -> tensor<128x!tt.ptr<f32>, #blocked1>
  // A thread of #blocked1 holds single elements.
  // CHECK-NEXT: tt.load {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  // CHECK-NEXT: tt.load access: order = [0], contiguity = 1, alignment = 4{{$}}
  %v = tt.load %cvt : tensor<128x!tt.ptr<f32>, #blocked1>
  %c64 = arith.constant 64 : i32
  // CHECK: %arg2: i32 => contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>
  // CHECK-NEXT: %arg3: !tt.ptr<f32> => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
  // CHECK-NEXT: arith.constant
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [512], constancy = [1], constant_value = <none>
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
  // CHECK-NEXT: ttg.warp_specialize
  // CHECK-NEXT: default
  // CHECK-NEXT: partition0({{.*}}=> contiguity = [1], divisibility = [64], constancy = [1], constant_value = 64
  %0 = ttg.warp_specialize(%n, %p)
  default {
    ttg.warp_yield %c64 : i32
  }
  partition0(%a: i32, %b: !tt.ptr<f32>) num_warps(4) {
    %c64p = arith.constant 64 : i32
    %m = arith.muli %a, %c64p : i32
    %q = tt.addptr %b, %m : !tt.ptr<f32>, i32
    ttg.warp_return
  } : (i32, !tt.ptr<f32>) -> i32
  tt.return
}
}
