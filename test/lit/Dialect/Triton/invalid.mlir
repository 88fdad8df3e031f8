// Every verifier rule of the tt dialect, one section each: op verifiers
// (lib/Dialect/Triton/IR/*Ops.cpp), native traits (Traits.cpp), type
// verifiers (Types.cpp) and discardable attributes (Dialect.cpp).
// RUN: triton-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Traits: tensor sizes, encodings, load/store shapes
//===----------------------------------------------------------------------===//

tt.func @tensor_size_not_power_of_two(%x: f32) {
  // expected-error @+1 {{'tt.splat' op result tensor has 12 elements; Triton tensors must have a power-of-two number of elements}}
  %0 = tt.splat %x : f32 -> tensor<12xf32>
  tt.return
}

// -----

tt.func @operand_tensor_not_power_of_two(%x: tensor<3x4xf32>) {
  // expected-error @+1 {{'tt.reshape' op operand tensor has 12 elements; Triton tensors must have a power-of-two number of elements}}
  %0 = tt.reshape %x : tensor<3x4xf32> -> tensor<12xf32>
  tt.return
}

// -----

tt.func @tensor_too_large(%x: f32) {
  // expected-error @+1 {{'tt.splat' op result tensor has 2097152 elements; the maximum is 1048576}}
  %0 = tt.splat %x : f32 -> tensor<2048x1024xf32>
  tt.return
}

// -----

// The largest tensor Triton allows is fine; one more power of two is not.
tt.func @tensor_largest_allowed(%x: f32) {
  %0 = tt.splat %x : f32 -> tensor<1024x1024xf32>
  // expected-error @+1 {{'tt.broadcast' op result tensor has 2097152 elements; the maximum is 1048576}}
  %1 = tt.broadcast %0 : tensor<1024x1024xf32> -> tensor<2x1024x1024xf32>
  tt.return
}

// -----

// Encodings are any attribute on a ranked tensor; string attributes stand in
// for layouts here.
tt.func @same_encoding_operands_results(%p: tensor<8x!tt.ptr<f32>, "a">, %o: tensor<8xi32, "b">) {
  // expected-error @+1 {{'tt.addptr' op requires the same encoding for all operands and results}}
  %0 = tt.addptr %p, %o : tensor<8x!tt.ptr<f32>, "a">, tensor<8xi32, "b">
  tt.return
}

// -----

tt.func @same_encoding_operands(%x: tensor<8xf32, "a">, %y: tensor<8xf32, "b">) {
  // expected-error @+1 {{'tt.reduce' op requires the same encoding for all operands}}
  %0:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<8xf32, "a">, tensor<8xf32, "b">) -> (f32, f32)
  tt.return
}

// -----

// Loads and stores: the type constraints tying mask, value, other and result
// to the pointer (with its shape and encoding) come first, so they are what
// reports a shape or encoding mismatch.
tt.func @store_value_encoding(%p: tensor<8x!tt.ptr<f32>, "a">, %v: tensor<8xf32, "b">) {
  // expected-error @+1 {{'tt.store' op failed to verify that value type matches ptr type}}
  "tt.store"(%p, %v) : (tensor<8x!tt.ptr<f32>, "a">, tensor<8xf32, "b">) -> ()
  tt.return
}

// -----

tt.func @load_mask_encoding(%p: tensor<8x!tt.ptr<f32>, "a">, %m: tensor<8xi1, "b">) {
  // expected-error @+1 {{'tt.load' op failed to verify that mask type matches ptr type}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<8x!tt.ptr<f32>, "a">, tensor<8xi1, "b">) -> tensor<8xf32, "a">
  tt.return
}

// -----

tt.func @load_mask_shape(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<64xi1>) {
  // expected-error @+1 {{'tt.load' op failed to verify that mask type matches ptr type}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<128x!tt.ptr<f32>>, tensor<64xi1>) -> tensor<128xf32>
  tt.return
}

// -----

tt.func @load_other_shape(%p: tensor<128x!tt.ptr<f32>>, %m: tensor<128xi1>, %o: tensor<64xf32>) {
  // expected-error @+1 {{'tt.load' op failed to verify that other matches ptr type}}
  %0 = "tt.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<128x!tt.ptr<f32>>, tensor<128xi1>, tensor<64xf32>) -> tensor<128xf32>
  tt.return
}

// -----

tt.func @load_result_shape(%p: tensor<128x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op failed to verify that result matches ptr type}}
  %0 = "tt.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<128x!tt.ptr<f32>>) -> tensor<64xf32>
  tt.return
}

// -----

tt.func @store_value_shape(%p: tensor<128x!tt.ptr<f32>>, %v: tensor<64xf32>) {
  // expected-error @+1 {{'tt.store' op failed to verify that value type matches ptr type}}
  "tt.store"(%p, %v) : (tensor<128x!tt.ptr<f32>>, tensor<64xf32>) -> ()
  tt.return
}

// -----

tt.func @store_mask_shape(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>, %m: tensor<2x2xi1>) {
  // expected-error @+1 {{'tt.store' op failed to verify that mask type matches ptr type}}
  "tt.store"(%p, %v, %m) : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>, tensor<2x2xi1>) -> ()
  tt.return
}

// -----

tt.func @load_scalar_pointer_tensor_mask(%p: !tt.ptr<f32>, %m: tensor<8xi1>) {
  // expected-error @+1 {{'tt.load' op failed to verify that mask type matches ptr type}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!tt.ptr<f32>, tensor<8xi1>) -> f32
  tt.return
}

// -----

// A tensor pointer's block is the shape the value must have.
tt.func @store_tensor_pointer_shape(%p: !tt.ptr<tensor<8x8xf32>>, %v: tensor<64xf32>) {
  // expected-error @+1 {{'tt.store' op failed to verify that value type matches ptr type}}
  "tt.store"(%p, %v) : (!tt.ptr<tensor<8x8xf32>>, tensor<64xf32>) -> ()
  tt.return
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{pointer address space must be non-negative, got -1}}
tt.func @negative_address_space(%p: !tt.ptr<f32, -1>) {
  tt.return
}

// -----

// expected-error @+1 {{a tensor pointer cannot point to a tensor of pointers}}
tt.func @pointer_to_tensor_of_pointers(%p: !tt.ptr<tensor<8x!tt.ptr<f32>>>) {
  tt.return
}

// -----

// expected-error @+1 {{pointee must be an integer, float, pointer or ranked tensor type, got 'index'}}
tt.func @pointer_to_index(%p: !tt.ptr<index>) {
  tt.return
}

// -----

// expected-error @+1 {{pointee must be an integer, float, pointer or ranked tensor type, got 'tensor<*xf32>'}}
tt.func @pointer_to_unranked_tensor(%p: !tt.ptr<tensor<*xf32>>) {
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptor block must hold integers or floats, got '!tt.ptr<f32>'}}
tt.func @tensordesc_of_pointers(%d: !tt.tensordesc<tensor<8x!tt.ptr<f32>>>) {
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptor block rank must be in [1, 5], got 0}}
tt.func @tensordesc_rank_0(%d: !tt.tensordesc<tensor<f32>>) {
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptor block rank must be in [1, 5], got 6}}
tt.func @tensordesc_rank_6(%d: !tt.tensordesc<tensor<1x1x2x2x2x2xf32>>) {
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptor block dimensions must be positive, got 'tensor<0x16xf32>'}}
tt.func @tensordesc_empty(%d: !tt.tensordesc<tensor<0x16xf32>>) {
  tt.return
}

// -----

// A block of si32 moves i32 tensors: integer blocks may carry a sign.
tt.func @tensordesc_signed_block(%d: !tt.tensordesc<tensor<8x16xsi32>>, %i: i32) -> tensor<8x16xi32> {
  %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<8x16xsi32>> -> tensor<8x16xi32>
  tt.return %v : tensor<8x16xi32>
}

// -----

tt.func @tensordesc_width_mismatch(%d: !tt.tensordesc<tensor<8x16xsi32>>, %i: i32) -> tensor<8x16xi16> {
  // expected-error @+1 {{tensor element type 'i16' must match the descriptor block's 'si32'}}
  %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<8x16xsi32>> -> tensor<8x16xi16>
  tt.return %v : tensor<8x16xi16>
}

//===----------------------------------------------------------------------===//
// Casts and float helpers (ComputeOps.cpp)
//===----------------------------------------------------------------------===//

// -----

tt.func @bitcast_pointer_to_int(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{'tt.bitcast' op cannot bitcast between a pointer and a non-pointer type}}
  %0 = tt.bitcast %p : !tt.ptr<f32> -> i64
  tt.return
}

// -----

// A pointer to a tensor block is a pointer too.
tt.func @bitcast_tensor_pointer_to_int(%p: !tt.ptr<tensor<8xf16>>) {
  // expected-error @+1 {{'tt.bitcast' op cannot bitcast between a pointer and a non-pointer type}}
  %0 = tt.bitcast %p : !tt.ptr<tensor<8xf16>> -> i16
  tt.return
}

// -----

tt.func @bitcast_int_to_pointer_tensor(%x: tensor<8xi64>) {
  // expected-error @+1 {{'tt.bitcast' op cannot bitcast between a pointer and a non-pointer type}}
  %0 = tt.bitcast %x : tensor<8xi64> -> tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @bitcast_width(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.bitcast' op source and result must have the same bit width (32 vs 16)}}
  %0 = tt.bitcast %x : tensor<8xf32> -> tensor<8xi16>
  tt.return
}

// -----

tt.func @fp_to_fp_downcast_without_rounding(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.fp_to_fp' op rounding mode is required for a floating-point downcast ('f32' to 'f8E4M3FN')}}
  %0 = tt.fp_to_fp %x : tensor<8xf32> -> tensor<8xf8E4M3FN>
  tt.return
}

// -----

tt.func @fp_to_fp_f32_to_f16_without_rounding(%x: f32) {
  // expected-error @+1 {{'tt.fp_to_fp' op rounding mode is required for a floating-point downcast ('f32' to 'f16')}}
  %0 = tt.fp_to_fp %x : f32 -> f16
  tt.return
}

//===----------------------------------------------------------------------===//
// dot / dot_scaled
//===----------------------------------------------------------------------===//

// -----

tt.func @dot_rank_mismatch(%a: tensor<16x16xf16>, %b: tensor<1x16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op operands must have the same rank}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<1x16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_rank_1(%a: tensor<16xf16>, %b: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{'tt.dot' op operands must be 2D, or 3D with a batch dimension}}
  %0 = tt.dot %a, %b, %c : tensor<16xf16> * tensor<16xf16> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @dot_k_mismatch(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op reduction dimensions of a (32) and b (16) must match}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_accumulator_shape(%a: tensor<16x32xf16>, %b: tensor<32x64xf16>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{'tt.dot' op accumulator shape must be [M, N] = [16, 64]}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x64xf16> -> tensor<16x32xf32>
  tt.return
}

// -----

tt.func @dot_batch_mismatch(%a: tensor<2x16x16xf16>, %b: tensor<4x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op batch dimensions must match}}
  %0 = tt.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<4x16x16xf16> -> tensor<2x16x16xf32>
  tt.return
}

// -----

tt.func @dot_element_types(%a: tensor<16x16xf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op operands a and b must have the same element type, got 'f16' and 'bf16'}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_int_operands_float_acc(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tt.dot' op integer operands need an integer accumulator and float operands a float one}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_float_operands_int_acc(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{'tt.dot' op integer operands need an integer accumulator and float operands a float one}}
  %0 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xi32>
  tt.return
}

// -----

tt.func @dot_scaled_rank(%a: tensor<2x16x32xf8E4M3FN>, %b: tensor<2x32x16xf8E4M3FN>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op operands must be 2D}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<2x16x32xf8E4M3FN> * tensor<2x32x16xf8E4M3FN> -> tensor<2x16x16xf32>
  tt.return
}

// -----

// fp4 packed along K: a's 32 bytes are 64 elements of K, b has 32.
tt.func @dot_scaled_k_mismatch(%a: tensor<128x32xi8>, %b: tensor<32x128xf8E4M3FN>, %c: tensor<128x128xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op reduction dimensions of a (64) and b (32) must match}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8> * tensor<32x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// -----

// fp4 packed along M (lhs_k_pack = false): 64 rows of bytes are 128 rows.
tt.func @dot_scaled_m_packed(%a: tensor<64x64xi8>, %b: tensor<64x128xf8E4M3FN>, %c: tensor<64x128xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op accumulator shape must be [M, N] = [128, 128]}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false, lhs_k_pack = false} : tensor<64x64xi8> * tensor<64x128xf8E4M3FN> -> tensor<64x128xf32>
  tt.return
}

// -----

// fp4 packed along N (rhs_k_pack = false): 64 columns of bytes are 128.
tt.func @dot_scaled_n_packed(%a: tensor<128x64xf8E4M3FN>, %b: tensor<64x64xi8>, %c: tensor<128x64xf32>) {
  // expected-error @+1 {{'tt.dot_scaled' op accumulator shape must be [M, N] = [128, 128]}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e2m1 {fastMath = false, rhs_k_pack = false} : tensor<128x64xf8E4M3FN> * tensor<64x64xi8> -> tensor<128x64xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// reduce / scan
//===----------------------------------------------------------------------===//

// -----

// A reduction needs an operand (SameOperandsShape).
tt.func @reduce_no_operands() {
  // expected-error @+1 {{'tt.reduce' op expected 1 or more operands, but found 0}}
  "tt.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    "tt.reduce.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

tt.func @reduce_axis_out_of_range(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op axis 1 is out of range for rank 1}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_negative_axis(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.reduce' op axis -1 is out of range for rank 2}}
  %0 = "tt.reduce"(%x) <{axis = -1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4x8xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_result_count(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op must have one result per operand}}
  %0:2 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<8xf32>) -> (f32, f32)
  tt.return
}

// -----

tt.func @reduce_1d_gives_scalar(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op reducing a 1D tensor gives a scalar of type 'f32', got 'tensor<1xf32>'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<8xf32>) -> tensor<1xf32>
  tt.return
}

// -----

tt.func @reduce_result_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.reduce' op result must be the operand without the reduced axis, got 'tensor<8xf32>'}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4x8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @reduce_result_element_type(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.reduce' op result must be the operand without the reduced axis, got 'tensor<4xf16>'}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4x8xf32>) -> tensor<4xf16>
  tt.return
}

// -----

tt.func @reduce_region_arg_count(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op combine region must take 2 arguments (two per operand), got 1}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

// The N left arguments come first, then the N right ones.
tt.func @reduce_region_arg_type(%x: tensor<8xf32>, %i: tensor<8xi32>) {
  // expected-error @+1 {{'tt.reduce' op combine region argument #1 must have type 'i32', got 'f32'}}
  %0:2 = "tt.reduce"(%x, %i) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: i32, %d: i32):
    tt.reduce.return %a, %c : f32, i32
  }) : (tensor<8xf32>, tensor<8xi32>) -> (f32, i32)
  tt.return
}

// -----

tt.func @reduce_region_terminator(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op combine region must end with 'tt.reduce.return'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    ub.unreachable
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_result_count(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op combine region must return 1 values, got 2}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_result_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.reduce' op combine region result #0 must have type 'f32', got 'i32'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %c = arith.constant 0 : i32
    tt.reduce.return %c : i32
  }) : (tensor<8xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_return_outside_reduce() {
  // expected-error @+1 {{'tt.reduce.return' op expects parent op 'tt.reduce'}}
  "tt.reduce.return"() : () -> ()
}

// -----

tt.func @scan_no_operands() {
  // expected-error @+1 {{'tt.scan' op expected 1 or more operands, but found 0}}
  "tt.scan"() <{axis = 0 : i32, reverse = false}> ({
  ^bb0:
    "tt.scan.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

tt.func @scan_axis_out_of_range(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.scan' op axis 2 is out of range for rank 2}}
  %0 = "tt.scan"(%x) <{axis = 2 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @scan_result_count(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.scan' op must have one result per operand}}
  %0:2 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  tt.return
}

// -----

tt.func @scan_result_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.scan' op result types must match the operand types}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<8xf32>) -> tensor<8xi32>
  tt.return
}

// -----

tt.func @scan_region_arg_count(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.scan' op combine region must take 2 arguments (two per operand), got 3}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    tt.scan.return %a : f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @scan_region_result_type(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tt.scan' op combine region result #0 must have type 'i32', got 'i64'}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    %c = arith.extsi %a : i32 to i64
    tt.scan.return %c : i64
  }) : (tensor<8xi32>) -> tensor<8xi32>
  tt.return
}

// -----

tt.func @scan_region_terminator(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.scan' op combine region must end with 'tt.scan.return'}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    ub.unreachable
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// map_elementwise, elementwise_inline_asm, print
//===----------------------------------------------------------------------===//

// -----

tt.func @map_elementwise_pack_not_power_of_two(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op pack must be a positive power of two, got 3}}
  %0 = "tt.map_elementwise"(%x) <{pack = 3 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    tt.map_elementwise.return %a, %b, %c : f32, f32, f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @map_elementwise_pack_zero(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op pack must be a positive power of two, got 0}}
  %0 = "tt.map_elementwise"(%x) <{pack = 0 : i32}> ({
  ^bb0:
    tt.map_elementwise.return
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

// map_elementwise needs an operand (SameOperandsAndResultShape).
tt.func @map_elementwise_no_operands() {
  // expected-error @+1 {{'tt.map_elementwise' op expected 1 or more operands, but found 0}}
  %0 = "tt.map_elementwise"() <{pack = 1 : i32}> ({
  ^bb0:
    tt.map_elementwise.return
  }) : () -> tensor<8xf32>
  tt.return
}

// -----

tt.func @map_elementwise_empty_region(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op requires a non-empty region}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @map_elementwise_arg_count(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op region must take 2 scalar arguments (pack x operands), got 1}}
  %0 = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a, %a : f32, f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

// With pack 2 the arguments are [x0, x1, i0, i1].
tt.func @map_elementwise_arg_type(%x: tensor<8xf32>, %i: tensor<8xi32>) {
  // expected-error @+1 {{'tt.map_elementwise' op region argument #2 must have type 'i32'}}
  %0 = "tt.map_elementwise"(%x, %i) <{pack = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32, %d: i32):
    tt.map_elementwise.return %a, %b : f32, f32
  }) : (tensor<8xf32>, tensor<8xi32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @map_elementwise_result_count(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.map_elementwise' op region must return 2 values (pack x results)}}
  %0 = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.map_elementwise.return %a : f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

// Every block's return is checked, not only the entry block's.
tt.func @map_elementwise_result_type(%x: tensor<8xf32>, %c: i1) {
  // expected-error @+1 {{'tt.map_elementwise' op region result #0 must have type 'f32'}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %t = arith.constant true
    cf.cond_br %t, ^bb1, ^bb2
  ^bb1:
    tt.map_elementwise.return %a : f32
  ^bb2:
    %i = arith.constant 0 : i32
    tt.map_elementwise.return %i : i32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @inline_asm_packed_element(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op packed_element must be a positive power of two, got 3}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 3 : i32, pure = true} %x : tensor<8xi32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @inline_asm_no_result() {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op must have at least one result}}
  "tt.elementwise_inline_asm"() <{asm_string = "", constraints = "", packed_element = 1 : i32, pure = false}> : () -> ()
  tt.return
}

// -----

// The Elementwise trait checks shapes before the op does.
tt.func @inline_asm_shapes(%x: tensor<2xi32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %x, %y : tensor<2xi32>, tensor<4xi32> -> tensor<2xi32>
  tt.return
}

// -----

// A tensor operand needs tensor results (the Elementwise trait): the
// lowering never meets a scalar result with tensor operands.
tt.func @inline_asm_tensor_to_scalar(%x: tensor<4xi32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<4xi32> -> i32
  tt.return
}

// -----

tt.func @inline_asm_pack_multiple(%x: tensor<2xi32>) {
  // expected-error @+1 {{'tt.elementwise_inline_asm' op tensor sizes must be multiples of packed_element}}
  %0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<2xi32> -> tensor<2xi32>
  tt.return
}

// -----

tt.func @print_is_signed(%x: tensor<8xi32>, %y: i32) {
  // expected-error @+1 {{'tt.print' op 'isSigned' must have one entry per argument (2), got 1}}
  tt.print "x" {hex = false, isSigned = array<i32: 1>} : %x, %y : tensor<8xi32>, i32
  tt.return
}

//===----------------------------------------------------------------------===//
// Shape ops (ShapeOps.cpp)
//===----------------------------------------------------------------------===//

// -----

tt.func @splat_of_tensor(%x: tensor<1xf32>) {
  // expected-error @+1 {{'tt.splat' op source must be a scalar, got 'tensor<1xf32>'}}
  %0 = tt.splat %x : tensor<1xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @unsplat_many_elements(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tt.unsplat' op source must have exactly one element, got 2}}
  %0 = tt.unsplat %x : tensor<2xf32>
  tt.return
}

// -----

tt.func @unsplat_result_type(%x: tensor<1x1xf32>) {
  // expected-error @+1 {{'tt.unsplat' op failed to verify that result type is the source's element type}}
  %0 = "tt.unsplat"(%x) : (tensor<1x1xf32>) -> f16
  tt.return
}

// -----

// The result type is not printed (Triton 3.6's format): an arrow after the
// source type starts no new operation.
tt.func @unsplat_arrow(%x: tensor<1xf32>) {
  // expected-error @+1 {{expected operation name in quotes}}
  %0 = tt.unsplat %x : tensor<1xf32> -> f32
  tt.return
}

// -----

tt.func @expand_dims_axis(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.expand_dims' op axis 2 is out of range for a tensor of rank 1}}
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<8xf32> -> tensor<8x1xf32>
  tt.return
}

// -----

tt.func @expand_dims_negative_axis(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.expand_dims' op axis -1 is out of range for a tensor of rank 1}}
  %0 = tt.expand_dims %x {axis = -1 : i32} : tensor<8xf32> -> tensor<8x1xf32>
  tt.return
}

// -----

tt.func @expand_dims_shape(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.expand_dims' op result shape must be the source shape with a 1 inserted at axis 0}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<8xf32> -> tensor<8x1xf32>
  tt.return
}

// -----

tt.func @reshape_elements(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.reshape' op number of src and dst elements of reshape must be the same (32 vs 64)}}
  %0 = tt.reshape %x : tensor<4x8xf32> -> tensor<64xf32>
  tt.return
}

// -----

tt.func @broadcast_rank(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.broadcast' op source rank 1 must equal result rank 2}}
  %0 = tt.broadcast %x : tensor<8xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @broadcast_dimension(%x: tensor<2x128xf32>) {
  // expected-error @+1 {{'tt.broadcast' op dimension 0 of size 2 cannot be broadcast; only dimensions of size 1 can (to 64)}}
  %0 = tt.broadcast %x : tensor<2x128xf32> -> tensor<64x128xf32>
  tt.return
}

// -----

tt.func @cat_rank(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.cat' op result rank must equal operand rank}}
  %0 = tt.cat %x, %x : tensor<8xf32> -> tensor<2x8xf32>
  tt.return
}

// -----

tt.func @cat_elements(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.cat' op result must hold the elements of both operands (16), got 32}}
  %0 = tt.cat %x, %x : tensor<8xf32> -> tensor<32xf32>
  tt.return
}

// -----

tt.func @join_shape(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.join' op result shape must be the operand shape with a new minor dimension of size 2}}
  %0 = tt.join %x, %x : tensor<8xf32> -> tensor<2x8xf32>
  tt.return
}

// -----

tt.func @join_element_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tt.join' op result element type must match the operands'}}
  %0 = tt.join %x, %x : tensor<8xf32> -> tensor<8x2xf16>
  tt.return
}

// -----

tt.func @split_last_dim(%x: tensor<2x8xf32>) {
  // expected-error @+1 {{'tt.split' op source's last dimension must have size 2}}
  %0, %1 = tt.split %x : tensor<2x8xf32> -> tensor<2xf32>
  tt.return
}

// -----

tt.func @split_rank_0(%x: tensor<f32>) {
  // expected-error @+1 {{'tt.split' op source's last dimension must have size 2}}
  %0, %1 = tt.split %x : tensor<f32> -> tensor<f32>
  tt.return
}

// -----

tt.func @split_result_shape(%x: tensor<8x2xf32>) {
  // expected-error @+1 {{'tt.split' op result shape must be the source shape without its last dimension}}
  %0, %1 = tt.split %x : tensor<8x2xf32> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @split_result_element_type(%x: tensor<8x2xf32>) {
  // expected-error @+1 {{'tt.split' op result element type must match the source's}}
  %0, %1 = tt.split %x : tensor<8x2xf32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @trans_order_size(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.trans' op order must have as many entries as the source rank (2)}}
  %0 = tt.trans %x {order = array<i32: 1, 0, 2>} : tensor<4x8xf32> -> tensor<8x4xf32>
  tt.return
}

// -----

tt.func @trans_not_permutation(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.trans' op order must be a permutation of [0, 2)}}
  %0 = tt.trans %x {order = array<i32: 1, 1>} : tensor<4x8xf32> -> tensor<8x8xf32>
  tt.return
}

// -----

tt.func @trans_order_out_of_range(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.trans' op order must be a permutation of [0, 2)}}
  %0 = tt.trans %x {order = array<i32: 2, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  tt.return
}

// -----

tt.func @trans_result_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{'tt.trans' op result shape must be the source shape permuted by order}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @make_range_rank() {
  // expected-error @+1 {{'tt.make_range' op result must be a 1D tensor}}
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<4x4xi32>
  tt.return
}

// -----

tt.func @make_range_element_type() {
  // expected-error @+1 {{'tt.make_range' op result element type must be i32}}
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi64>
  tt.return
}

// -----

tt.func @make_range_empty() {
  // expected-error @+1 {{'tt.make_range' op start (16) must be less than end (16)}}
  %0 = tt.make_range {end = 16 : i32, start = 16 : i32} : tensor<1xi32>
  tt.return
}

// -----

tt.func @make_range_size() {
  // expected-error @+1 {{'tt.make_range' op result has 16 elements, but the range [0, 32) has 32}}
  %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<16xi32>
  tt.return
}

// -----

tt.func @gather_rank(%src: tensor<4x8xf32>, %idx: tensor<8xi32>) {
  // expected-error @+1 {{'tt.gather' op indices rank (1) must equal source rank (2)}}
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<4x8xf32>, tensor<8xi32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @gather_axis(%src: tensor<4x8xf32>, %idx: tensor<4x8xi32>) {
  // expected-error @+1 {{'tt.gather' op gather axis 2 is out of range}}
  %0 = tt.gather %src[%idx] {axis = 2 : i32} : (tensor<4x8xf32>, tensor<4x8xi32>) -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @gather_result_shape(%src: tensor<4x8xf32>, %idx: tensor<4x8xi32>) {
  // expected-error @+1 {{'tt.gather' op result shape must match the indices shape}}
  %0 = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<4x8xi32>) -> tensor<8x4xf32>
  tt.return
}

// -----

tt.func @gather_result_element_type(%src: tensor<4x8xf32>, %idx: tensor<4x8xi32>) {
  // expected-error @+1 {{'tt.gather' op result element type must match the source's}}
  %0 = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<4x8xi32>) -> tensor<4x8xf16>
  tt.return
}

// -----

// Along the gather axis the indices may be larger; elsewhere they may not.
tt.func @gather_indices_too_large(%src: tensor<4x8xf32>, %idx: tensor<8x8xi32>) {
  // expected-error @+1 {{'tt.gather' op indices dimension 0 must not exceed the source's outside the gather axis}}
  %0 = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<8x8xi32>) -> tensor<8x8xf32>
  tt.return
}

// -----

tt.func @histogram_rank(%x: tensor<4x16xi32>) {
  // expected-error @+1 {{'tt.histogram' op source and result must be 1D tensors}}
  %0 = tt.histogram %x : tensor<4x16xi32> -> tensor<16xi32>
  tt.return
}

// -----

tt.func @histogram_result_rank(%x: tensor<64xi32>) {
  // expected-error @+1 {{'tt.histogram' op source and result must be 1D tensors}}
  %0 = tt.histogram %x : tensor<64xi32> -> tensor<4x4xi32>
  tt.return
}

// -----

tt.func @histogram_mask_shape(%x: tensor<64xi32>, %m: tensor<32xi1>) {
  // expected-error @+1 {{'tt.histogram' op failed to verify that mask type matches src type}}
  %0 = "tt.histogram"(%x, %m) : (tensor<64xi32>, tensor<32xi1>) -> tensor<16xi32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Memory ops (MemoryOps.cpp)
//===----------------------------------------------------------------------===//

// -----

tt.func @advance_offsets(%p: !tt.ptr<tensor<8x8xf32>>, %i: i32) {
  // expected-error @+1 {{'tt.advance' op expects 2 offsets, one per dimension, got 1}}
  %0 = tt.advance %p, [%i] : <tensor<8x8xf32>>
  tt.return
}

// -----

tt.func @boundary_check_needs_tensor_pointer(%p: tensor<8x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op 'boundaryCheck' requires a tensor pointer}}
  %0 = tt.load %p {boundaryCheck = array<i32: 0>} : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @store_boundary_check_needs_tensor_pointer(%p: tensor<8x!tt.ptr<f32>>, %v: tensor<8xf32>) {
  // expected-error @+1 {{'tt.store' op 'boundaryCheck' requires a tensor pointer}}
  tt.store %p, %v {boundaryCheck = array<i32: 0>} : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @boundary_check_out_of_range(%p: !tt.ptr<tensor<8x8xf32>>) {
  // expected-error @+1 {{'tt.load' op 'boundaryCheck' dimension 2 is out of range for a block of rank 2}}
  %0 = tt.load %p {boundaryCheck = array<i32: 0, 2>} : !tt.ptr<tensor<8x8xf32>>
  tt.return
}

// -----

tt.func @boundary_check_twice(%p: !tt.ptr<tensor<8x8xf32>>, %v: tensor<8x8xf32>) {
  // expected-error @+1 {{'tt.store' op 'boundaryCheck' lists dimension 1 twice}}
  tt.store %p, %v {boundaryCheck = array<i32: 1, 1>} : !tt.ptr<tensor<8x8xf32>>
  tt.return
}

// -----

tt.func @load_tensor_pointer_with_mask(%p: !tt.ptr<tensor<8x8xf32>>, %m: tensor<8x8xi1>) {
  // expected-error @+1 {{'tt.load' op a load through a tensor pointer takes no mask or other; use 'boundaryCheck' and 'padding'}}
  %0 = tt.load %p, %m : !tt.ptr<tensor<8x8xf32>>
  tt.return
}

// -----

// Without a mask the custom syntax would read `other` as the mask; an i1
// pointee makes the generic form pass the type constraints.
tt.func @load_other_without_mask(%p: !tt.ptr<i1>, %o: i1) {
  // expected-error @+1 {{'tt.load' op 'other' requires a mask}}
  %0 = "tt.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (!tt.ptr<i1>, i1) -> i1
  tt.return
}

// -----

tt.func @load_padding_needs_tensor_pointer(%p: tensor<8x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op 'padding' requires a tensor pointer}}
  %0 = tt.load %p {padding = 1 : i32} : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @load_nan_padding_of_integers(%p: !tt.ptr<tensor<8x8xi32>>) {
  // expected-error @+1 {{'tt.load' op NaN padding requires a floating-point element type}}
  %0 = tt.load %p {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tt.ptr<tensor<8x8xi32>>
  tt.return
}

// -----

tt.func @load_result_type(%p: tensor<8x!tt.ptr<f32>>) {
  // expected-error @+1 {{'tt.load' op failed to verify that result matches ptr type}}
  %0 = "tt.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<8x!tt.ptr<f32>>) -> tensor<8xf16>
  tt.return
}

// -----

tt.func @store_tensor_pointer_with_mask(%p: !tt.ptr<tensor<8x8xf32>>, %v: tensor<8x8xf32>, %m: tensor<8x8xi1>) {
  // expected-error @+1 {{'tt.store' op a store through a tensor pointer takes no mask; use 'boundaryCheck'}}
  tt.store %p, %v, %m : !tt.ptr<tensor<8x8xf32>>
  tt.return
}

// -----

tt.func @atomic_fadd_of_integers(%p: tensor<8x!tt.ptr<i32>>, %v: tensor<8xi32>) {
  // expected-error @+1 {{'tt.atomic_rmw' op 'fadd' requires floating-point values, got 'i32'}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<8x!tt.ptr<i32>>, tensor<8xi32>) -> tensor<8xi32>
  tt.return
}

// -----

tt.func @atomic_and_of_floats(%p: !tt.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tt.atomic_rmw' op 'and' requires integer values, got 'f32'}}
  %0 = tt.atomic_rmw and, relaxed, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

tt.func @atomic_umax_of_floats(%p: !tt.ptr<f16>, %v: f16) {
  // expected-error @+1 {{'tt.atomic_rmw' op 'umax' requires integer values, got 'f16'}}
  %0 = tt.atomic_rmw umax, acq_rel, sys, %p, %v : (!tt.ptr<f16>, f16) -> f16
  tt.return
}

// -----

tt.func @atomic_result_type(%p: tensor<8x!tt.ptr<f32>>, %v: tensor<8xf32>) {
  // expected-error @+1 {{'tt.atomic_rmw' op result type must match the value type}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<8x!tt.ptr<f32>>, tensor<8xf32>) -> tensor<8xf16>
  tt.return
}

// -----

tt.func @atomic_pointer_type(%p: tensor<8x!tt.ptr<f16>>, %v: tensor<8xf32>) {
  // expected-error @+1 {{'tt.atomic_rmw' op failed to verify that ptr type matches value type}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<8x!tt.ptr<f16>>, tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @atomic_cas_types(%p: !tt.ptr<i32>, %c: i32, %v: i64) {
  // expected-error @+1 {{'tt.atomic_cas' op compare value, new value and result must have the same type}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i32, i64) -> i64
  tt.return
}

// -----

tt.func @atomic_cas_pointer(%p: tensor<8x!tt.ptr<f32>>, %c: tensor<8xi32>) {
  // expected-error @+1 {{'tt.atomic_cas' op pointer must point to the value type 'tensor<8xi32>'}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %c : (tensor<8x!tt.ptr<f32>>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  tt.return
}

// -----

tt.func @make_tensor_ptr_operand_count(%base: !tt.ptr<f16>, %l: i64, %i: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op shape, strides and offsets must each have one entry per block dimension (2)}}
  %0 = tt.make_tensor_ptr %base, [%l], [%l], [%i] {order = array<i32: 0>} : <tensor<8x8xf16>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_order_size(%base: !tt.ptr<f16>, %l: i64, %i: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op order must have one entry per block dimension}}
  %0 = tt.make_tensor_ptr %base, [%l, %l], [%l, %l], [%i, %i] {order = array<i32: 0>} : <tensor<8x8xf16>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_order_permutation(%base: !tt.ptr<f16>, %l: i64, %i: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op order must be a permutation of [0, 2)}}
  %0 = tt.make_tensor_ptr %base, [%l, %l], [%l, %l], [%i, %i] {order = array<i32: 0, 0>} : <tensor<8x8xf16>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_base_type(%base: !tt.ptr<f32>, %l: i64, %i: i32) {
  // expected-error @+1 {{'tt.make_tensor_ptr' op failed to verify that infer pointer type from the result type}}
  %0 = "tt.make_tensor_ptr"(%base, %l, %l, %i) <{order = array<i32: 0>}> : (!tt.ptr<f32>, i64, i64, i32) -> !tt.ptr<tensor<8xf16>>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_operand_count(%base: !tt.ptr<f16>, %i: i32, %l: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op shape and strides must each have one entry per block dimension (2)}}
  %0 = tt.make_tensor_descriptor %base, [%i], [%l] : <f16>, <tensor<8x8xf16>>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_bit_width(%base: !tt.ptr<f32>, %i: i32, %l: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op base pointee type 'f32' and block element type 'f16' must have the same bit width}}
  %0 = tt.make_tensor_descriptor %base, [%i], [%l] : <f32>, <tensor<8xf16>>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_pointer_pointee(%base: !tt.ptr<!tt.ptr<f32>>, %i: i32, %l: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op base must point to integers or floats, got '!tt.ptr<!tt.ptr<f32>>'}}
  %0 = tt.make_tensor_descriptor %base, [%i], [%l] : <!tt.ptr<f32>>, <tensor<8xi64>>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_tensor_pointee(%base: !tt.ptr<tensor<8xf32>>, %i: i32, %l: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op base must point to integers or floats, got '!tt.ptr<tensor<8xf32>>'}}
  %0 = tt.make_tensor_descriptor %base, [%i], [%l] : <tensor<8xf32>>, <tensor<8xf32>>
  tt.return
}

// -----

tt.func @descriptor_load_indices(%d: !tt.tensordesc<tensor<8x8xf16>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op expects 2 indices, one per block dimension, got 1}}
  %0 = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<8x8xf16>> -> tensor<8x8xf16>
  tt.return
}

// -----

tt.func @descriptor_load_element_type(%d: !tt.tensordesc<tensor<8x8xf16>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op tensor element type 'bf16' must match the descriptor block's 'f16'}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<8x8xf16>> -> tensor<8x8xbf16>
  tt.return
}

// -----

tt.func @descriptor_load_shape(%d: !tt.tensordesc<tensor<8x8xf16>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op tensor shape must match the descriptor block shape (leading 1s may be dropped)}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<8x8xf16>> -> tensor<64xf16>
  tt.return
}

// -----

// Only leading dimensions of size 1 may be dropped.
tt.func @descriptor_load_drops_non_unit(%d: !tt.tensordesc<tensor<2x8xf16>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op tensor shape must match the descriptor block shape (leading 1s may be dropped)}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<2x8xf16>> -> tensor<8xf16>
  tt.return
}

// -----

tt.func @descriptor_store_shape(%d: !tt.tensordesc<tensor<8x8xf16>>, %i: i32, %v: tensor<1x8x8xf16>) {
  // expected-error @+1 {{'tt.descriptor_store' op tensor shape must match the descriptor block shape (leading 1s may be dropped)}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<8x8xf16>>, tensor<1x8x8xf16>
  tt.return
}

// -----

tt.func @descriptor_store_indices(%d: !tt.tensordesc<tensor<8x8xf16>>, %i: i32, %v: tensor<8x8xf16>) {
  // expected-error @+1 {{'tt.descriptor_store' op expects 2 indices, one per block dimension, got 3}}
  tt.descriptor_store %d[%i, %i, %i], %v : !tt.tensordesc<tensor<8x8xf16>>, tensor<8x8xf16>
  tt.return
}

// -----

tt.func @descriptor_reduce_none(%d: !tt.tensordesc<tensor<8x8xf16>>, %i: i32, %v: tensor<8x8xf16>) {
  // expected-error @+1 {{'tt.descriptor_reduce' op reduction kind must not be 'none'}}
  tt.descriptor_reduce none, %d[%i, %i], %v : !tt.tensordesc<tensor<8x8xf16>>, tensor<8x8xf16>
  tt.return
}

// -----

tt.func @descriptor_reduce_element_type(%d: !tt.tensordesc<tensor<8x8xf16>>, %i: i32, %v: tensor<8x8xf32>) {
  // expected-error @+1 {{'tt.descriptor_reduce' op tensor element type 'f32' must match the descriptor block's 'f16'}}
  tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<8x8xf16>>, tensor<8x8xf32>
  tt.return
}

// -----

tt.func @descriptor_gather_block(%d: !tt.tensordesc<tensor<2x128xf16>>, %x: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op descriptor block must be a single row (1xN)}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<2x128xf16>>, tensor<32xi32>, i32) -> tensor<32x128xf16>
  tt.return
}

// -----

tt.func @descriptor_gather_offsets(%d: !tt.tensordesc<tensor<1x128xf16>>, %x: tensor<4x8xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op row offsets must be a 1D tensor}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x128xf16>>, tensor<4x8xi32>, i32) -> tensor<32x128xf16>
  tt.return
}

// -----

tt.func @descriptor_gather_result_shape(%d: !tt.tensordesc<tensor<1x128xf16>>, %x: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op data must be [number of offsets, row width] = [32, 128]}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x128xf16>>, tensor<32xi32>, i32) -> tensor<32x64xf16>
  tt.return
}

// -----

tt.func @descriptor_gather_element_type(%d: !tt.tensordesc<tensor<1x128xf16>>, %x: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{'tt.descriptor_gather' op data element type must match the descriptor's}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x128xf16>>, tensor<32xi32>, i32) -> tensor<32x128xf32>
  tt.return
}

// -----

tt.func @descriptor_scatter_shape(%d: !tt.tensordesc<tensor<1x128xf16>>, %x: tensor<32xi32>, %y: i32, %v: tensor<16x128xf16>) {
  // expected-error @+1 {{'tt.descriptor_scatter' op data must be [number of offsets, row width] = [32, 128]}}
  tt.descriptor_scatter %d[%x, %y], %v : !tt.tensordesc<tensor<1x128xf16>>, tensor<32xi32>, i32, tensor<16x128xf16>
  tt.return
}

// -----

tt.func @descriptor_scatter_block(%d: !tt.tensordesc<tensor<128xf16>>, %x: tensor<32xi32>, %y: i32, %v: tensor<32x128xf16>) {
  // expected-error @+1 {{'tt.descriptor_scatter' op descriptor block must be a single row (1xN)}}
  tt.descriptor_scatter %d[%x, %y], %v : !tt.tensordesc<tensor<128xf16>>, tensor<32xi32>, i32, tensor<32x128xf16>
  tt.return
}

//===----------------------------------------------------------------------===//
// Functions, calls, returns (FunctionOps.cpp)
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'tt.func' op 'noinline' must be a bool attribute}}
tt.func @noinline_not_bool() attributes {noinline = 1 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op 'noinline' must be a bool attribute}}
tt.func private @noinline_not_bool_declaration() attributes {noinline = "true"}

// -----

// FunctionOpInterface checks the entry block against the signature before
// tt.func's own verifier runs.
// expected-error @+1 {{'tt.func' op entry block must have 1 arguments to match function signature}}
"tt.func"() <{function_type = (i32) -> (), sym_name = "entry_arg_count"}> ({
^bb0:
  "tt.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'tt.func' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('i32')}}
"tt.func"() <{function_type = (i32) -> (), sym_name = "entry_arg_type"}> ({
^bb0(%a: f32):
  "tt.return"() : () -> ()
}) : () -> ()

// -----

tt.func @func_not_in_module() {
  // expected-error @+1 {{'tt.func' op expects parent op 'builtin.module'}}
  "tt.func"() <{function_type = () -> (), sym_name = "nested"}> ({
    "tt.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

// The ODS attribute constraint reports a missing callee before the symbol
// use verifier would.
tt.func @call_without_callee() {
  // expected-error @+1 {{'tt.call' op requires attribute 'callee'}}
  "tt.call"() : () -> ()
  tt.return
}

// -----

tt.func @call_unknown() {
  // expected-error @+1 {{'tt.call' op 'missing' does not reference a valid tt.func}}
  tt.call @missing() : () -> ()
  tt.return
}

// -----

tt.func private @callee_i32(i32) -> f32

tt.func @call_operand_count(%x: i32) {
  // expected-error @+1 {{'tt.call' op incorrect number of operands for callee: expected 1, got 2}}
  %0 = tt.call @callee_i32(%x, %x) : (i32, i32) -> f32
  tt.return
}

// -----

tt.func private @callee_i32(i32) -> f32

tt.func @call_operand_type(%x: i64) {
  // expected-error @+1 {{'tt.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %0 = tt.call @callee_i32(%x) : (i64) -> f32
  tt.return
}

// -----

tt.func private @callee_i32(i32) -> f32

tt.func @call_result_count(%x: i32) {
  // expected-error @+1 {{'tt.call' op incorrect number of results for callee: expected 1, got 0}}
  tt.call @callee_i32(%x) : (i32) -> ()
  tt.return
}

// -----

tt.func private @callee_i32(i32) -> f32

tt.func @call_result_type(%x: i32) {
  // expected-error @+1 {{'tt.call' op result type mismatch at index 0: expected 'f32', got 'f16'}}
  %0 = tt.call @callee_i32(%x) : (i32) -> f16
  tt.return
}

// -----

tt.func @return_count(%x: i32) -> (i32, i32) {
  // expected-error @+1 {{'tt.return' op has 1 operands, but enclosing function (@return_count) returns 2}}
  tt.return %x : i32
}

// -----

tt.func @return_type(%x: i64) -> i32 {
  // expected-error @+1 {{'tt.return' op type of return operand 0 ('i64') doesn't match function result type ('i32') in function @return_type}}
  tt.return %x : i64
}

// -----

tt.func @return_outside_func() {
  %c = arith.constant true
  scf.if %c {
    // expected-error @+1 {{'tt.return' op expects parent op 'tt.func'}}
    tt.return
  }
  tt.return
}

//===----------------------------------------------------------------------===//
// Discardable attributes (Dialect.cpp)
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'tt.func' op argument #1: 'tt.divisibility' must be a power of two, got 3}}
tt.func @divisibility_not_power_of_two(%p: !tt.ptr<f32>, %n: i32 {tt.divisibility = 3 : i32}) {
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op argument #0: 'tt.divisibility' must be positive, got 0}}
tt.func @divisibility_zero(%p: !tt.ptr<f32> {tt.divisibility = 0 : i32}) {
  tt.return
}

// -----

// Contiguity and constancy need not be powers of two, but must be positive.
// expected-error @+1 {{'tt.func' op argument #1: 'tt.contiguity' must be positive, got -4}}
tt.func @contiguity_negative(%x: i32 {tt.contiguity = 3 : i32}, %y: i32 {tt.contiguity = -4 : i32}) {
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op argument #0: 'tt.constancy' must be positive, got 0}}
tt.func @constancy_zero(%x: tensor<8xi32> {tt.constancy = 0 : i32}) {
  tt.return
}

// -----

// Dense hints are checked element by element.
// expected-error @+1 {{'tt.func' op argument #0: 'tt.divisibility' must be a power of two, got 12}}
tt.func @dense_divisibility(%x: tensor<4x8xi32> {tt.divisibility = dense<[16, 12]> : tensor<2xi32>}) {
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op argument #0: 'tt.divisibility' must be an integer attribute or a dense array of them}}
tt.func @divisibility_not_integer(%x: i32 {tt.divisibility = "16"}) {
  tt.return
}

// -----

// Declarations are checked too.
// expected-error @+1 {{'tt.func' op argument #0: 'tt.divisibility' must be a power of two, got 24}}
tt.func private @divisibility_on_declaration(i32 {tt.divisibility = 24 : i32})

// -----

// The same hints as discardable attributes of an op.
tt.func @divisibility_on_op() {
  // expected-error @+1 {{'arith.constant' op 'tt.divisibility' must be a power of two, got 3}}
  %c = arith.constant {tt.divisibility = 3 : i32} 48 : i32
  tt.return
}

// -----

tt.func @contiguity_on_op_not_integer() {
  // expected-error @+1 {{'arith.constant' op 'tt.contiguity' must be an integer attribute or a dense array of them}}
  %c = arith.constant {tt.contiguity = 1.0 : f32} 48 : i32
  tt.return
}

// -----

tt.func @num_stages_zero(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'scf.for' op 'tt.num_stages' must be a positive integer}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.yield
  } {tt.num_stages = 0 : i32}
  tt.return
}

// -----

tt.func @num_stages_not_integer(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'scf.for' op 'tt.num_stages' must be a positive integer}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.yield
  } {tt.num_stages = "3"}
  tt.return
}

// -----

tt.func @loop_unroll_factor_negative(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'scf.for' op 'tt.loop_unroll_factor' must be a positive integer}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.yield
  } {tt.loop_unroll_factor = -2 : i32}
  tt.return
}

// -----

tt.func @flatten_not_unit_or_bool(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'scf.for' op 'tt.flatten' must be a unit or bool attribute}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.yield
  } {tt.flatten = 1 : i32}
  tt.return
}

// -----

tt.func @flatten_on_non_loop(%x: i32) {
  // expected-error @+1 {{'arith.addi' op 'tt.flatten' only applies to loops}}
  %0 = arith.addi %x, %x {tt.flatten} : i32
  tt.return
}

// -----

tt.func @warp_specialize_not_unit_or_bool(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'scf.for' op 'tt.warp_specialize' must be a unit or bool attribute}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.yield
  } {tt.warp_specialize = "yes"}
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op 'tt.warp_specialize' only applies to loops}}
tt.func @warp_specialize_on_func() attributes {tt.warp_specialize} {
  tt.return
}

// -----

tt.func @disallow_acc_multi_buffer_on_non_loop(%c: i1) {
  // expected-error @+1 {{'scf.if' op 'tt.disallow_acc_multi_buffer' only applies to loops}}
  scf.if %c {
    scf.yield
  } {tt.disallow_acc_multi_buffer}
  tt.return
}

// -----

tt.func @make_range_negative() {
  // expected-error @+1 {{'tt.make_range' op start must be non-negative, got -16}}
  %0 = tt.make_range {end = 0 : i32, start = -16 : i32} : tensor<16xi32>
  tt.return
}

// -----

tt.func @reshape_rank0(%x: tensor<1xf32>) {
  // expected-error @+1 {{'tt.reshape' op result must have rank 1 or more}}
  %0 = tt.reshape %x : tensor<1xf32> -> tensor<f32>
  tt.return
}
