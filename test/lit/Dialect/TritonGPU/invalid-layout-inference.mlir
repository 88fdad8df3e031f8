// tt ops whose result (or operand) encodings contradict ttg's layout
// inference (lib/Dialect/TritonGPU/IR/LayoutInference.cpp), checked by the
// tt verifiers through DialectInferLayoutInterface.
// RUN: triton-opt %s -split-input-file -verify-diagnostics

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
tt.func @expand_dims_of_blocked(%x: tensor<128xi32, #blocked>) {
  // expected-error @+1 {{ExpandDimsOp operand encoding must be SliceEncodingAttr}}
  %0 = tt.expand_dims %x {axis = 1 : i32} : tensor<128xi32, #blocked> -> tensor<128x1xi32, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
tt.func @expand_dims_wrong_axis(%x: tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
  // expected-error @+1 {{Incompatible slice dimension for ExpandDimsOp operand}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [0, 1]}>
tt.func @expand_dims_wrong_parent(%x: tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
  // expected-error @+1 {{'tt.expand_dims' op result encoding #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [8, 1], order = [0, 1]}> does not match #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>, the encoding inferred from the operand's}}
  %0 = tt.expand_dims %x {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked1>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
tt.func @expand_dims_drops_encoding(%x: tensor<128xi32>) {
  // expected-error @+1 {{'tt.expand_dims' op result has encoding #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}> but the operand has none}}
  %0 = tt.expand_dims %x {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
tt.func @reduce_wrong_slice(%x: tensor<128x64xf32, #blocked>) {
  // expected-error @+1 {{'tt.reduce' op result encoding #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>}> does not match #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>}>, the encoding inferred from the operand's}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128x64xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
tt.func @reduce_shared(%x: tensor<128x64xf32, #shared>) {
  // expected-error @+1 {{ReduceOp operand encoding must be a distributed layout}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<128x64xf32, #shared>) -> tensor<128xf32, #shared>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
tt.func @trans_keeps_layout(%x: tensor<128x64xf16, #blocked>) {
  // expected-error @+1 {{'tt.trans' op result encoding #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}> does not match #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 8], order = [0, 1]}>, the encoding inferred from the operand's}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<128x64xf16, #blocked> -> tensor<64x128xf16, #blocked>
  tt.return
}

// -----

#joined = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#wrong = #ttg.blocked<{sizePerThread = [1, 4, 1], threadsPerWarp = [8, 2, 2], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
tt.func @join_wrong_layout(%a: tensor<32x16xf32, #joined>) {
  // expected-error @+1 {{'tt.join' op result encoding #ttg.blocked<{sizePerThread = [1, 4, 1], threadsPerWarp = [8, 2, 2], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}> does not match #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>}}
  %0 = tt.join %a, %a : tensor<32x16xf32, #joined> -> tensor<32x16x2xf32, #wrong>
  tt.return
}

// -----

#split = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#wrong = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1]}>
tt.func @split_wrong_layout(%b: tensor<32x16x2xf32, #split>) {
  // expected-error @+1 {{'tt.split' op result encoding #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [0, 1]}> does not match #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}}
  %0, %1 = tt.split %b : tensor<32x16x2xf32, #split> -> tensor<32x16xf32, #wrong>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
tt.func @dot_blocked_operand(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{Dot's a/b's encoding should be of DotOperandEncodingAttr}}
  %0 = tt.dot %a, %b, %c : tensor<64x32xf16, #blocked> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
tt.func @dot_wrong_opidx(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{Wrong opIdx}}
  %0 = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
tt.func @dot_wrong_parent(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{Incompatible parent encoding}}
  %0 = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
tt.func @dot_kwidth_mismatch(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{mismatching kWidth between A and B operands}}
  %0 = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
tt.func @dot_one_encoded(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{mismatching encoding between A and B operands}}
  %0 = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#mma3 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
tt.func @dot_hopper_register_b(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma3, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma3>) {
  // expected-error @+1 {{unexpected operand layout for NvidiaMmaEncodingAttr v3}}
  %0 = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma3, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma3>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4, 1], threadsPerWarp = [8, 2, 2], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
tt.func @split_across_threads(%b: tensor<32x16x2xf32, #blocked>) {
  // expected-error @+1 {{SplitOp requires at least 2 elements per thread in the last dimension}}
  %0, %1 = tt.split %b : tensor<32x16x2xf32, #blocked> -> tensor<32x16xf32, #blocked>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
tt.func @join_shared(%a: tensor<32x16xf32, #shared>) {
  // expected-error @+1 {{JoinOp operands must have a distributed layout}}
  %0 = tt.join %a, %a : tensor<32x16xf32, #shared> -> tensor<32x16x2xf32, #shared>
  tt.return
}

// -----

// A reshape without allow_reorder moves no data: 2 elements per thread along
// dim 1 of 16x32 are not 4 consecutive elements of 512.
#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @reshape_moves_data(%x: tensor<16x32xf32, #b>) {
  // expected-error @+1 {{'tt.reshape' op result encoding #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}> does not match #ttg.linear<{register = [[1], [16]], lane = [[2], [4], [8], [32], [64]], warp = [[128], [256]], block = []}>, the encoding inferred from the operand's}}
  %0 = tt.reshape %x : tensor<16x32xf32, #b> -> tensor<512xf32, #b1>
  tt.return
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @reshape_drops_encoding(%x: tensor<16x32xf32, #b>) {
  // expected-error @+1 {{'tt.reshape' op operand and result must both have an encoding, or neither}}
  %0 = tt.reshape %x : tensor<16x32xf32, #b> -> tensor<512xf32>
  tt.return
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @reshape_reorder_drops_encoding(%x: tensor<16x32xf32, #b>) {
  // expected-error @+1 {{'tt.reshape' op operand and result must both have an encoding, or neither}}
  %0 = tt.reshape %x allow_reorder : tensor<16x32xf32, #b> -> tensor<512xf32>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
tt.func @reshape_shared(%x: tensor<16x32xf32, #shared>) {
  // expected-error @+1 {{reshape needs a distributed layout}}
  %0 = tt.reshape %x : tensor<16x32xf32, #shared> -> tensor<512xf32, #shared>
  tt.return
}
