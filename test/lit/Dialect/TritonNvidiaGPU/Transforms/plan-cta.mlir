// RUN: triton-opt %s -split-input-file -triton-nvidia-gpu-plan-cta -verify-each | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-nvidia-gpu-plan-cta -verify-each -mlir-print-op-generic | FileCheck %s --check-prefix=NOCAST

// No planner cast survives the pass.
// NOCAST-NOT: unrealized_conversion_cast
// NOCAST-NOT: plan_cta

// One CTA per cluster: nothing to plan, the IR is left as it is.
// CHECK-LABEL: @one_cta
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0
// CHECK-NEXT: %[[B:.*]] = ttg.convert_layout %arg1
// CHECK-NEXT: %[[D:.*]] = tt.dot %[[A]], %[[B]], %arg2 : {{.*}} -> tensor<128x256xf32, #{{[a-z0-9]+}}>
// CHECK-NEXT: tt.return %[[D]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @one_cta(%a: tensor<128x64xf16, #blocked1>, %b: tensor<64x256xf16, #blocked1>, %c: tensor<128x256xf32, #blocked>) -> tensor<128x256xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<64x256xf16, #blocked1> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.return %d : tensor<128x256xf32, #blocked>
  }
}

// -----

// A 128x256 dot over 4 CTAs: M stays whole (128 rows per CTA), N is split in
// 4. The accumulator's blocked layout is rebuilt for its 128x64 per-CTA
// tile; A is copied to every CTA, B split along N. The layouts reach the
// loads through the operand conversions, the loop-carried accumulator and
// its zero initializer, and the store.
// CHECK-DAG: #[[$ACC:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1], [0, 2]]}>
// CHECK-DAG: #[[$A:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 0], [0, 0]]}>
// CHECK-DAG: #[[$B:.*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1], [0, 2]]}>
// CHECK-LABEL: @matmul
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #[[$ACC]]>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (tensor<128x256xf32, #[[$ACC]]>)
// CHECK: %[[LA:.*]] = tt.load %{{.*}} : tensor<128x64x!tt.ptr<f16>, #[[$A]]>
// CHECK: %[[LB:.*]] = tt.load %{{.*}} : tensor<64x256x!tt.ptr<f16>, #[[$B]]>
// CHECK: %[[CA:.*]] = ttg.convert_layout %[[LA]] : tensor<128x64xf16, #[[$A]]> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$ACC]]}>>
// CHECK: %[[CB:.*]] = ttg.convert_layout %[[LB]] : tensor<64x256xf16, #[[$B]]> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$ACC]]}>>
// CHECK: %[[D:.*]] = tt.dot %[[CA]], %[[CB]], %[[ACC]] {{.*}} -> tensor<128x256xf32, #[[$ACC]]>
// CHECK-NEXT: scf.yield %[[D]]
// CHECK: tt.store %{{.*}}, %[[R]] : tensor<128x256x!tt.ptr<f32>, #[[$ACC]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @matmul(%pa: tensor<128x64x!tt.ptr<f16>, #blocked>, %pb: tensor<64x256x!tt.ptr<f16>, #blocked1>, %pc: tensor<128x256x!tt.ptr<f32>, #blocked2>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #blocked2>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x256xf32, #blocked2>) : i32 {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<64x256x!tt.ptr<f16>, #blocked1>
      %a1 = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>>
      %b1 = ttg.convert_layout %b : tensor<64x256xf16, #blocked1> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>>
      %d = tt.dot %a1, %b1, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked2}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked2}>> -> tensor<128x256xf32, #blocked2>
      scf.yield %d : tensor<128x256xf32, #blocked2>
    }
    tt.store %pc, %r : tensor<128x256x!tt.ptr<f32>, #blocked2>
    tt.return
  }
}

// -----

// A 512x128 dot over 4 CTAs: 4 chunks of 128 rows along M.
// CHECK-DAG: #[[$ACC:.*]] = #ttg.blocked<{{.*}}CGALayout = {{\[\[}}1, 0], [2, 0]]}>
// CHECK-LABEL: @tall_dot
// CHECK: tt.dot {{.*}} -> tensor<512x128xf32, #[[$ACC]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tall_dot(%a: tensor<512x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<512x128xf32, #blocked>) -> tensor<512x128xf32, #blocked> {
    %d = tt.dot %a, %b, %c : tensor<512x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<512x128xf32, #blocked>
    tt.return %d : tensor<512x128xf32, #blocked>
  }
}

// -----

// A row reduction over 2 CTAs: the rows are split, never the reduced
// columns. The stored slice takes its own rebuilt layout, and a conversion
// joins the two.
// CHECK-DAG: #[[$SRC:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
// CHECK-LABEL: @reduce_rows
// CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<64x128x!tt.ptr<f32>, #[[$SRC]]>
// CHECK: %[[S:.*]] = "tt.reduce"(%[[X]]) <{axis = 1 : i32}>
// CHECK: (tensor<64x128xf32, #[[$SRC]]>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[$SRC]]}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %[[S]]
// CHECK-NEXT: tt.store %{{.*}}, %[[C]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_rows(%p: tensor<64x128x!tt.ptr<f32>, #blocked>, %q: tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>) {
    %x = tt.load %p : tensor<64x128x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<64x128xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.store %q, %s : tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return
  }
}

// -----

// A 1D reduction has no other dimension to split: both CTAs hold the whole
// tensor (a zero basis) and reduce it alone.
// CHECK-DAG: #[[$COPY:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = {{\[\[}}0]]}>
// CHECK-LABEL: @reduce_1d
// CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}>
// CHECK: (tensor<1024xf32, #[[$COPY]]>) -> f32
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reduce_1d(%x: tensor<1024x!tt.ptr<f32>, #blocked>) -> f32 {
    %v = tt.load %x : tensor<1024x!tt.ptr<f32>, #blocked>
    %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<1024xf32, #blocked>) -> f32
    tt.return %s : f32
  }
}

// -----

// Without dots and reductions the first store's CTA layout is the
// function's: an elementwise kernel already in it is left unchanged.
// CHECK-DAG: #[[$B:.*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = {{\[\[}}1]]}>
// CHECK-LABEL: @elementwise
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$B]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %{{.*}} : tensor<1024x!tt.ptr<f32>, #[[$B]]>
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @elementwise(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %ax = tt.addptr %px, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = tt.load %ax : tensor<1024x!tt.ptr<f32>, #blocked>
    %w = arith.addf %v, %v : tensor<1024xf32, #blocked>
    %py = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %ay = tt.addptr %py, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %ay, %w : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Descriptor loads and stores take the CTA layouts too, as Triton's planner
// gives them: a 32x32 dot over 2 CTAs splits N, so every CTA loads all of A
// (its descriptor load gets a copied CTA layout), B's load and C's store
// are split along N. Their CTA layouts become the tensor maps'
// (triton-nvidia-optimize-descriptor-encoding), so that each CTA's TMA copy
// lands what its own dot operand reads.
// CHECK-DAG: #[[$ACC:.*]] = #ttg.blocked<{sizePerThread = [2, 2]{{.*}}CGALayout = {{\[\[}}0, 1]]}>
// CHECK-DAG: #[[$A:.*]] = #ttg.blocked<{{.*}}CGALayout = {{\[\[}}0, 0]]}>
// CHECK-DAG: #[[$B:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16]{{.*}}CGALayout = {{\[\[}}0, 1]]}>
// CHECK-LABEL: @descriptors
// CHECK: tt.descriptor_load %arg0{{.*}} -> tensor<32x32xf16, #[[$A]]>
// CHECK: tt.descriptor_load %arg1{{.*}} -> tensor<32x32xf16, #[[$B]]>
// CHECK: tt.dot {{.*}} -> tensor<32x32xf32, #[[$ACC]]>
// CHECK: tt.descriptor_store %arg2{{.*}}, tensor<32x32xf16, #[[$B]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[1, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @descriptors(%da: !tt.tensordesc<tensor<32x32xf16>>, %db: !tt.tensordesc<tensor<32x32xf16>>, %dc: !tt.tensordesc<tensor<32x32xf16>>, %i: i32) {
    %zero = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #blocked1>
    %a = tt.descriptor_load %da[%i, %i] : !tt.tensordesc<tensor<32x32xf16>> -> tensor<32x32xf16, #blocked>
    %b = tt.descriptor_load %db[%i, %i] : !tt.tensordesc<tensor<32x32xf16>> -> tensor<32x32xf16, #blocked>
    %a1 = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>>
    %b1 = ttg.convert_layout %b : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>>
    %d = tt.dot %a1, %b1, %zero : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked1}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked1}>> -> tensor<32x32xf32, #blocked1>
    %h = arith.truncf %d : tensor<32x32xf32, #blocked1> to tensor<32x32xf16, #blocked1>
    %h1 = ttg.convert_layout %h : tensor<32x32xf16, #blocked1> -> tensor<32x32xf16, #blocked>
    tt.descriptor_store %dc[%i, %i], %h1 : !tt.tensordesc<tensor<32x32xf16>>, tensor<32x32xf16, #blocked>
    tt.return
  }
}
