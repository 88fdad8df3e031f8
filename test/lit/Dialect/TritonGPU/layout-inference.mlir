// tt shape ops and tt.dot on ttg-encoded tensors: the result encodings the
// tt verifiers accept are the ones ttg's layout inference gives (reduce ->
// slice, expand_dims -> the slice's parent, trans -> permuted blocked or
// shared layout, join/split -> a size-2 innermost dimension added/removed;
// other layouts through their linear layouts; reshape keeps a blocked layout
// blocked where it can).
// RUN: triton-opt %s | triton-opt | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked_t = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]}>
#cga = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1], [1, 0], [0, 0]]}>
#cga_t = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = [[1, 0], [0, 1], [0, 0]]}>
#split = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#joined = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma_t = #ttg.linear<{register = [[1, 0], [0, 8], [16, 0], [0, 32]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[8, 0], [0, 16]], block = []}>
#mma_joined = #ttg.linear<{register = [[0, 0, 1], [0, 1, 0], [8, 0, 0]], lane = [[0, 2, 0], [0, 4, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[0, 8, 0], [16, 0, 0]], block = []}>
#ld = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#ld4 = #ttg.blocked<{sizePerThread = [1, 1, 2, 2], threadsPerWarp = [4, 4, 2, 1], warpsPerCTA = [4, 1, 1, 1], order = [3, 2, 1, 0]}>
#ld_flat = #ttg.linear<{register = [[1], [2], [512]], lane = [[4], [8], [16], [32], [64]], warp = [[128], [256]], block = []}>
#joined_flat = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shared_t = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma_t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>

// CHECK-LABEL: tt.func @expand_dims_and_reduce
// CHECK: tt.expand_dims %arg0 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #[[B:blocked]]}>> -> tensor<128x1xi32, #[[B]]>
// CHECK: tt.expand_dims %arg1 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[B]]}>> -> tensor<1x64xi32, #[[B]]>
// CHECK: (tensor<128x64xf32, #[[B]]>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #[[B]]}>>
// CHECK: (tensor<128x64xf32, #[[M:mma]]>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #[[M]]}>>
tt.func @expand_dims_and_reduce(%i: tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>,
                                %j: tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>,
                                %x: tensor<128x64xf32, #blocked>,
                                %m: tensor<128x64xf32, #mma>) {
  %0 = tt.expand_dims %i {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
  %1 = tt.expand_dims %j {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  %2 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128x64xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %3 = "tt.reduce"(%m) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128x64xf32, #mma>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>
  tt.return
}

// CHECK-LABEL: tt.func @trans
// CHECK: tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<128x64xf16, #blocked> -> tensor<64x128xf16, #[[BT:blocked[0-9]+]]>
// CHECK: tt.trans %arg1 {order = array<i32: 1, 0>} : tensor<64x64xf16, #[[C:blocked[0-9]+]]> -> tensor<64x64xf16, #[[CT:blocked[0-9]+]]>
// CHECK: tt.trans %arg2 {order = array<i32: 1, 0>} : tensor<64x64xf16, #[[S:shared]]> -> tensor<64x64xf16, #[[ST:shared[0-9]+]]>
// CHECK: tt.trans %arg3 {order = array<i32: 1, 0>} : tensor<64x64xf16, #[[N:shared[0-9]+]]> -> tensor<64x64xf16, #[[NT:shared[0-9]+]]>
// CHECK: tt.trans %arg0 {order = array<i32: 0, 1>} : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked>
tt.func @trans(%x: tensor<128x64xf16, #blocked>, %y: tensor<64x64xf16, #cga>,
               %s: tensor<64x64xf16, #shared>, %n: tensor<64x64xf16, #nvmma>) {
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<128x64xf16, #blocked> -> tensor<64x128xf16, #blocked_t>
  %1 = tt.trans %y {order = array<i32: 1, 0>} : tensor<64x64xf16, #cga> -> tensor<64x64xf16, #cga_t>
  %2 = tt.trans %s {order = array<i32: 1, 0>} : tensor<64x64xf16, #shared> -> tensor<64x64xf16, #shared_t>
  %3 = tt.trans %n {order = array<i32: 1, 0>} : tensor<64x64xf16, #nvmma> -> tensor<64x64xf16, #nvmma_t>
  %4 = tt.trans %x {order = array<i32: 0, 1>} : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked>
  tt.return
}

// join adds a fastest dimension of 2 elements per thread; split removes it;
// join of split results gives back the split operand's layout.
// CHECK-LABEL: tt.func @join_split
// CHECK: tt.join %arg0, %arg0 : tensor<32x16xf32, #[[J:blocked[0-9]+]]> -> tensor<32x16x2xf32, #[[SP:blocked[0-9]+]]>
// CHECK: tt.split %arg1 : tensor<32x16x2xf32, #[[SP]]> -> tensor<32x16xf32, #[[J]]>
// CHECK: tt.join %arg2, %arg2 : tensor<32x16xf32, #ttg.slice<{dim = 2, parent = #[[SP]]}>> -> tensor<32x16x2xf32, #[[SP]]>
tt.func @join_split(%a: tensor<32x16xf32, #joined>, %b: tensor<32x16x2xf32, #split>,
                    %c: tensor<32x16xf32, #ttg.slice<{dim = 2, parent = #split}>>) {
  %0 = tt.join %a, %a : tensor<32x16xf32, #joined> -> tensor<32x16x2xf32, #split>
  %1, %2 = tt.split %b : tensor<32x16x2xf32, #split> -> tensor<32x16xf32, #joined>
  %3 = tt.join %c, %c : tensor<32x16xf32, #ttg.slice<{dim = 2, parent = #split}>> -> tensor<32x16x2xf32, #split>
  tt.return
}

// Layouts with no rule of their own go through their linear layouts, as in
// Triton: trans/join of an mma layout give #ttg.linear layouts, and a split
// may name its result by any equivalent layout (here the mma it came from).
// CHECK-LABEL: tt.func @via_linear_layouts
// CHECK: tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<64x32xf32, #[[M]]> -> tensor<32x64xf32, #[[LT:linear[0-9]*]]>
// CHECK: tt.join %arg1, %arg1 : tensor<32x16xf32, #[[M]]> -> tensor<32x16x2xf32, #[[LJ:linear[0-9]*]]>
// CHECK: tt.split %{{.+}} : tensor<32x16x2xf32, #[[LJ]]> -> tensor<32x16xf32, #[[M]]>
tt.func @via_linear_layouts(%m: tensor<64x32xf32, #mma>, %j: tensor<32x16xf32, #mma>) {
  %0 = tt.trans %m {order = array<i32: 1, 0>} : tensor<64x32xf32, #mma> -> tensor<32x64xf32, #mma_t>
  %1 = tt.join %j, %j : tensor<32x16xf32, #mma> -> tensor<32x16x2xf32, #mma_joined>
  %2, %3 = tt.split %1 : tensor<32x16x2xf32, #mma_joined> -> tensor<32x16xf32, #mma>
  tt.return
}

// CHECK-LABEL: tt.func @dot
// CHECK: tt.dot %arg0, %arg1, %arg2 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[M]], kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[M]], kWidth = 2}>> -> tensor<64x64xf32, #[[M]]>
// CHECK: tt.dot %arg3, %arg4, %arg5 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
tt.func @dot(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
             %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>,
             %c: tensor<64x64xf32, #mma>,
             %fa: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>,
             %fb: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>,
             %fc: tensor<64x64xf32, #blocked>) {
  %0 = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
  %1 = tt.dot %fa, %fb, %fc : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
  tt.return
}

// tt.reshape without allow_reorder: the result's layout is the one the
// operand's implies (a blocked layout where one exists, else #ttg.linear),
// or any layout equal to it (the other direction of the same reshape).
// CHECK-LABEL: tt.func @reshape
// CHECK: tt.reshape %arg0 : tensor<32x32xi32, #[[LD:blocked[0-9]*]]> -> tensor<32x4x4x2xi32, #[[R4:blocked[0-9]*]]>
// CHECK: tt.reshape %{{.+}} : tensor<32x4x4x2xi32, #[[R4]]> -> tensor<1024xi32, #[[L:linear[0-9]*]]>
// CHECK: tt.reshape %{{.+}} : tensor<1024xi32, #[[L]]> -> tensor<32x32xi32, #[[LD]]>
// CHECK: tt.reshape %arg1 allow_reorder : tensor<32x32xi32, #[[LD]]> -> tensor<1024xi32, #{{.+}}>
tt.func @reshape(%x: tensor<32x32xi32, #ld>, %y: tensor<32x32xi32, #ld>) {
  %0 = tt.reshape %x : tensor<32x32xi32, #ld> -> tensor<32x4x4x2xi32, #ld4>
  %1 = tt.reshape %0 : tensor<32x4x4x2xi32, #ld4> -> tensor<1024xi32, #ld_flat>
  %2 = tt.reshape %1 : tensor<1024xi32, #ld_flat> -> tensor<32x32xi32, #ld>
  %3 = tt.reshape %y allow_reorder : tensor<32x32xi32, #ld> -> tensor<1024xi32, #joined_flat>
  tt.return
}
