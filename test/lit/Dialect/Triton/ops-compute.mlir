// Round trip of the tt compute ops: casts, float helpers, dot and
// dot_scaled, reductions and scans, elementwise regions, external calls and
// inline asm, SPMD queries, print and assert.
// RUN: triton-opt %s | triton-opt | FileCheck %s
// RUN: triton-opt %s --mlir-print-op-generic | triton-opt | FileCheck %s

// CHECK-LABEL: tt.func @bitcast
// CHECK-SAME: (%arg0: tensor<8xf32>, %arg1: !tt.ptr<f32>, %arg2: tensor<8x!tt.ptr<f16>>, %arg3: bf16)
// CHECK-NEXT: tt.bitcast %arg0 : tensor<8xf32> -> tensor<8xi32>
// CHECK-NEXT: tt.bitcast %arg1 : !tt.ptr<f32> -> !tt.ptr<i8>
// CHECK-NEXT: tt.bitcast %arg2 : tensor<8x!tt.ptr<f16>> -> tensor<8x!tt.ptr<f64>>
// CHECK-NEXT: tt.bitcast %arg3 : bf16 -> i16
// CHECK-NEXT: tt.bitcast %arg1 : !tt.ptr<f32> -> !tt.ptr<!tt.ptr<i32>>
// CHECK-NEXT: tt.return
tt.func @bitcast(%x: tensor<8xf32>, %p: !tt.ptr<f32>, %tp: tensor<8x!tt.ptr<f16>>, %h: bf16) {
  %0 = tt.bitcast %x : tensor<8xf32> -> tensor<8xi32>
  %1 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i8>
  %2 = tt.bitcast %tp : tensor<8x!tt.ptr<f16>> -> tensor<8x!tt.ptr<f64>>
  %3 = tt.bitcast %h : bf16 -> i16
  %4 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<!tt.ptr<i32>>
  tt.return
}

// Downcasts name their rounding; upcasts need none. Every fp8 flavour.
// CHECK-LABEL: tt.func @fp_to_fp
// CHECK-SAME: (%arg0: tensor<8xf32>, %arg1: f16)
// CHECK-NEXT: %[[A:.+]] = tt.fp_to_fp %arg0, rounding = rtne : tensor<8xf32> -> tensor<8xf8E4M3FN>
// CHECK-NEXT: %[[B:.+]] = tt.fp_to_fp %arg0, rounding = rtz : tensor<8xf32> -> tensor<8xf8E5M2>
// CHECK-NEXT: %[[C:.+]] = tt.fp_to_fp %arg0, rounding = rtne : tensor<8xf32> -> tensor<8xf8E4M3FNUZ>
// CHECK-NEXT: %[[D:.+]] = tt.fp_to_fp %arg0, rounding = rtz : tensor<8xf32> -> tensor<8xf8E5M2FNUZ>
// CHECK-NEXT: tt.fp_to_fp %[[A]] : tensor<8xf8E4M3FN> -> tensor<8xf16>
// CHECK-NEXT: tt.fp_to_fp %[[B]] : tensor<8xf8E5M2> -> tensor<8xbf16>
// CHECK-NEXT: tt.fp_to_fp %[[C]] : tensor<8xf8E4M3FNUZ> -> tensor<8xf32>
// CHECK-NEXT: tt.fp_to_fp %[[D]] : tensor<8xf8E5M2FNUZ> -> tensor<8xf64>
// CHECK-NEXT: tt.fp_to_fp %arg1, rounding = rtz : f16 -> f8E5M2
// CHECK-NEXT: tt.fp_to_fp %arg0, rounding = rtz : tensor<8xf32> -> tensor<8xbf16>
// CHECK-NEXT: tt.fp_to_fp %arg1 : f16 -> f32
// CHECK-NEXT: tt.fp_to_fp %[[A]], rounding = rtne : tensor<8xf8E4M3FN> -> tensor<8xf8E5M2>
// CHECK-NEXT: tt.return
tt.func @fp_to_fp(%x: tensor<8xf32>, %h: f16) {
  %0 = tt.fp_to_fp %x, rounding = rtne : tensor<8xf32> -> tensor<8xf8E4M3FN>
  %1 = tt.fp_to_fp %x, rounding = rtz : tensor<8xf32> -> tensor<8xf8E5M2>
  %2 = tt.fp_to_fp %x, rounding = rtne : tensor<8xf32> -> tensor<8xf8E4M3FNUZ>
  %3 = tt.fp_to_fp %x, rounding = rtz : tensor<8xf32> -> tensor<8xf8E5M2FNUZ>
  %4 = tt.fp_to_fp %0 : tensor<8xf8E4M3FN> -> tensor<8xf16>
  %5 = tt.fp_to_fp %1 : tensor<8xf8E5M2> -> tensor<8xbf16>
  %6 = tt.fp_to_fp %2 : tensor<8xf8E4M3FNUZ> -> tensor<8xf32>
  %7 = tt.fp_to_fp %3 : tensor<8xf8E5M2FNUZ> -> tensor<8xf64>
  %8 = tt.fp_to_fp %h, rounding = rtz : f16 -> f8E5M2
  %9 = tt.fp_to_fp %x, rounding = rtz : tensor<8xf32> -> tensor<8xbf16>
  %10 = tt.fp_to_fp %h : f16 -> f32
  %11 = tt.fp_to_fp %0, rounding = rtne : tensor<8xf8E4M3FN> -> tensor<8xf8E5M2>
  tt.return
}

// CHECK-LABEL: tt.func @float_and_int_helpers
// CHECK-SAME: (%arg0: tensor<8xf32>, %arg1: f64, %arg2: tensor<8xi32>, %arg3: i64)
// CHECK-NEXT: tt.clampf %arg0, %arg0, %arg0, propagateNan = all : tensor<8xf32>
// CHECK-NEXT: tt.clampf %arg1, %arg1, %arg1, propagateNan = none : f64
// CHECK-NEXT: tt.precise_sqrt %arg0 : tensor<8xf32>
// CHECK-NEXT: tt.precise_sqrt %arg1 : f64
// CHECK-NEXT: tt.precise_divf %arg0, %arg0 : tensor<8xf32>
// CHECK-NEXT: tt.precise_divf %arg1, %arg1 : f64
// CHECK-NEXT: tt.mulhiui %arg2, %arg2 : tensor<8xi32>
// CHECK-NEXT: tt.mulhiui %arg3, %arg3 : i64
// CHECK-NEXT: tt.return
tt.func @float_and_int_helpers(%x: tensor<8xf32>, %d: f64, %i: tensor<8xi32>, %l: i64) {
  %0 = tt.clampf %x, %x, %x, propagateNan = all : tensor<8xf32>
  %1 = tt.clampf %d, %d, %d, propagateNan = none : f64
  %2 = tt.precise_sqrt %x : tensor<8xf32>
  %3 = tt.precise_sqrt %d : f64
  %4 = tt.precise_divf %x, %x : tensor<8xf32>
  %5 = tt.precise_divf %d, %d : f64
  %6 = tt.mulhiui %i, %i : tensor<8xi32>
  %7 = tt.mulhiui %l, %l : i64
  tt.return
}

// inputPrecision prints only when it is not the default (ieee);
// maxNumImpreciseAcc stays in the attribute dictionary.
// CHECK-LABEL: tt.func @dot
// CHECK-SAME: (%arg0: tensor<16x32xf16>, %arg1: tensor<32x16xf16>, %arg2: tensor<16x16xf32>, %arg3: tensor<16x32xf32>, %arg4: tensor<32x16xf32>, %arg5: tensor<2x16x32xi8>, %arg6: tensor<2x32x16xi8>, %arg7: tensor<2x16x16xi32>, %arg8: tensor<16x32xf8E5M2>, %arg9: tensor<32x16xf8E4M3FN>)
// CHECK-NEXT: tt.dot %arg0, %arg1, %arg2 : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x16xf32>
// CHECK-NEXT: tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32 : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x16xf32>
// CHECK-NEXT: tt.dot %arg3, %arg4, %arg2, inputPrecision = tf32x3 : tensor<16x32xf32> * tensor<32x16xf32> -> tensor<16x16xf32>
// CHECK-NEXT: tt.dot %arg3, %arg4, %arg2 : tensor<16x32xf32> * tensor<32x16xf32> -> tensor<16x16xf32>
// CHECK-NEXT: tt.dot %arg3, %arg4, %arg2, inputPrecision = bf16x3 : tensor<16x32xf32> * tensor<32x16xf32> -> tensor<16x16xf32>
// CHECK-NEXT: tt.dot %arg3, %arg4, %arg2, inputPrecision = bf16x6 : tensor<16x32xf32> * tensor<32x16xf32> -> tensor<16x16xf32>
// CHECK-NEXT: tt.dot %arg5, %arg6, %arg7 : tensor<2x16x32xi8> * tensor<2x32x16xi8> -> tensor<2x16x16xi32>
// CHECK-NEXT: tt.dot %arg8, %arg9, %arg2, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<16x32xf8E5M2> * tensor<32x16xf8E4M3FN> -> tensor<16x16xf32>
// CHECK-NEXT: tt.return
tt.func @dot(%a: tensor<16x32xf16>, %b: tensor<32x16xf16>, %c: tensor<16x16xf32>,
             %af: tensor<16x32xf32>, %bf: tensor<32x16xf32>,
             %ai: tensor<2x16x32xi8>, %bi: tensor<2x32x16xi8>, %ci: tensor<2x16x16xi32>,
             %a8: tensor<16x32xf8E5M2>, %b8: tensor<32x16xf8E4M3FN>) {
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x16xf32>
  %1 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x16xf32>
  %2 = tt.dot %af, %bf, %c, inputPrecision = tf32x3 : tensor<16x32xf32> * tensor<32x16xf32> -> tensor<16x16xf32>
  %3 = tt.dot %af, %bf, %c, inputPrecision = ieee : tensor<16x32xf32> * tensor<32x16xf32> -> tensor<16x16xf32>
  %4 = tt.dot %af, %bf, %c, inputPrecision = bf16x3 : tensor<16x32xf32> * tensor<32x16xf32> -> tensor<16x16xf32>
  %5 = tt.dot %af, %bf, %c, inputPrecision = bf16x6 : tensor<16x32xf32> * tensor<32x16xf32> -> tensor<16x16xf32>
  %6 = tt.dot %ai, %bi, %ci : tensor<2x16x32xi8> * tensor<2x32x16xi8> -> tensor<2x16x16xi32>
  %7 = tt.dot %a8, %b8, %c, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<16x32xf8E5M2> * tensor<32x16xf8E4M3FN> -> tensor<16x16xf32>
  tt.return
}

// Scales are optional on either side; fp4 (e2m1) comes packed two to an i8
// along K, or along M (N for b) when the k_pack flag is false; the flags
// print only when false.
// CHECK-LABEL: tt.func @dot_scaled
// CHECK-SAME: (%arg0: tensor<128x32xi8>, %arg1: tensor<128x2xi8>, %arg2: tensor<64x128xf8E4M3FN>, %arg3: tensor<128x2xi8>, %arg4: tensor<128x128xf32>, %arg5: tensor<128x64xbf16>, %arg6: tensor<64x64xi8>)
// CHECK-NEXT: tt.dot_scaled %arg0 scale %arg1, %arg2 scale %arg3, %arg4 lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
// CHECK-NEXT: tt.dot_scaled %arg0, %arg2 scale %arg3, %arg4 lhs = e2m1 rhs = e5m2 {fastMath = true} : tensor<128x32xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
// CHECK-NEXT: tt.dot_scaled %arg5, %arg2 scale %arg3, %arg4 lhs = bf16 rhs = e4m3 {fastMath = false} : tensor<128x64xbf16> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
// CHECK-NEXT: tt.dot_scaled %arg0 scale %arg1, %arg6, %arg4 lhs = e2m1 rhs = e2m1 {fastMath = false, rhs_k_pack = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x64xi8> -> tensor<128x128xf32>
// CHECK-NEXT: tt.dot_scaled %arg6, %arg2, %arg4 lhs = e2m1 rhs = e4m3 {fastMath = false, lhs_k_pack = false} : tensor<64x64xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
// CHECK-NEXT: tt.return
tt.func @dot_scaled(%a: tensor<128x32xi8>, %as: tensor<128x2xi8>, %b: tensor<64x128xf8E4M3FN>, %bs: tensor<128x2xi8>,
                    %c: tensor<128x128xf32>, %abf: tensor<128x64xbf16>, %b4: tensor<64x64xi8>) {
  %0 = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  %1 = tt.dot_scaled %a, %b scale %bs, %c lhs = e2m1 rhs = e5m2 {fastMath = true} : tensor<128x32xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  %2 = tt.dot_scaled %abf, %b scale %bs, %c lhs = bf16 rhs = e4m3 {fastMath = false} : tensor<128x64xbf16> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
  %3 = tt.dot_scaled %a scale %as, %b4, %c lhs = e2m1 rhs = e2m1 {fastMath = false, lhs_k_pack = true, rhs_k_pack = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x64xi8> -> tensor<128x128xf32>
  %4 = tt.dot_scaled %b4, %b, %c lhs = e2m1 rhs = e4m3 {fastMath = false, lhs_k_pack = false} : tensor<64x64xi8> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
  tt.return
}

// tt.reduce prints in the generic form, as Triton does: 1D -> scalar,
// 2D -> 1D, and a two-operand argmax-style reduction.
// CHECK-LABEL: tt.func @reduce
// CHECK-SAME: (%arg0: tensor<8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<8xi32>)
// CHECK-NEXT: %[[S:.+]] = "tt.reduce"(%arg0) <{axis = 0 : i32}> ({
// CHECK-NEXT: ^bb0(%[[L:.+]]: f32, %[[R:.+]]: f32):
// CHECK-NEXT: %[[ADD:.+]] = arith.addf %[[L]], %[[R]] : f32
// CHECK-NEXT: tt.reduce.return %[[ADD]] : f32
// CHECK-NEXT: }) : (tensor<8xf32>) -> f32
// CHECK-NEXT: %[[ROW:.+]] = "tt.reduce"(%arg1) <{axis = 1 : i32}> ({
// CHECK-NEXT: ^bb0(%[[L2:.+]]: f32, %[[R2:.+]]: f32):
// CHECK-NEXT: %[[MAX:.+]] = arith.maxnumf %[[L2]], %[[R2]] : f32
// CHECK-NEXT: tt.reduce.return %[[MAX]] : f32
// CHECK-NEXT: }) : (tensor<4x8xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[ARG:.+]]:2 = "tt.reduce"(%arg0, %arg2) <{axis = 0 : i32}> ({
// CHECK-NEXT: ^bb0(%[[LV:.+]]: f32, %[[LI:.+]]: i32, %[[RV:.+]]: f32, %[[RI:.+]]: i32):
// CHECK-NEXT: %[[GT:.+]] = arith.cmpf ogt, %[[LV]], %[[RV]] : f32
// CHECK-NEXT: %[[V:.+]] = arith.select %[[GT]], %[[LV]], %[[RV]] : f32
// CHECK-NEXT: %[[I:.+]] = arith.select %[[GT]], %[[LI]], %[[RI]] : i32
// CHECK-NEXT: tt.reduce.return %[[V]], %[[I]] : f32, i32
// CHECK-NEXT: }) : (tensor<8xf32>, tensor<8xi32>) -> (f32, i32)
// CHECK-NEXT: tt.return %[[S]], %[[ROW]], %[[ARG]]#1 : f32, tensor<4xf32>, i32
tt.func @reduce(%x: tensor<8xf32>, %y: tensor<4x8xf32>, %i: tensor<8xi32>) -> (f32, tensor<4xf32>, i32) {
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    tt.reduce.return %s : f32
  }) : (tensor<8xf32>) -> f32
  %1 = "tt.reduce"(%y) <{axis = 1 : i32}> ({
  ^bb0(%l: f32, %r: f32):
    %m = arith.maxnumf %l, %r : f32
    tt.reduce.return %m : f32
  }) : (tensor<4x8xf32>) -> tensor<4xf32>
  %2:2 = "tt.reduce"(%x, %i) <{axis = 0 : i32}> ({
  ^bb0(%lv: f32, %li: i32, %rv: f32, %ri: i32):
    %gt = arith.cmpf ogt, %lv, %rv : f32
    %v = arith.select %gt, %lv, %rv : f32
    %j = arith.select %gt, %li, %ri : i32
    tt.reduce.return %v, %j : f32, i32
  }) : (tensor<8xf32>, tensor<8xi32>) -> (f32, i32)
  tt.return %0, %1, %2#1 : f32, tensor<4xf32>, i32
}

// tt.scan likewise, forward and reverse, one and two operands.
// CHECK-LABEL: tt.func @scan
// CHECK-SAME: (%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xi32>)
// CHECK-NEXT: "tt.scan"(%arg0) <{axis = 1 : i32, reverse = false}> ({
// CHECK-NEXT: ^bb0(%[[L:.+]]: f32, %[[R:.+]]: f32):
// CHECK-NEXT: %[[ADD:.+]] = arith.addf %[[L]], %[[R]] : f32
// CHECK-NEXT: tt.scan.return %[[ADD]] : f32
// CHECK-NEXT: }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: "tt.scan"(%arg0, %arg1) <{axis = 0 : i32, reverse = true}> ({
// CHECK-NEXT: ^bb0(%[[LV:.+]]: f32, %[[LI:.+]]: i32, %[[RV:.+]]: f32, %[[RI:.+]]: i32):
// CHECK-NEXT: %[[MUL:.+]] = arith.mulf %[[LV]], %[[RV]] : f32
// CHECK-NEXT: %[[SUM:.+]] = arith.addi %[[LI]], %[[RI]] : i32
// CHECK-NEXT: tt.scan.return %[[MUL]], %[[SUM]] : f32, i32
// CHECK-NEXT: }) : (tensor<4x8xf32>, tensor<4x8xi32>) -> (tensor<4x8xf32>, tensor<4x8xi32>)
// CHECK-NEXT: tt.return
tt.func @scan(%x: tensor<4x8xf32>, %i: tensor<4x8xi32>) {
  %0 = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    tt.scan.return %s : f32
  }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %1:2 = "tt.scan"(%x, %i) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%lv: f32, %li: i32, %rv: f32, %ri: i32):
    %m = arith.mulf %lv, %rv : f32
    %s = arith.addi %li, %ri : i32
    tt.scan.return %m, %s : f32, i32
  }) : (tensor<4x8xf32>, tensor<4x8xi32>) -> (tensor<4x8xf32>, tensor<4x8xi32>)
  tt.return
}

// map_elementwise (generic form): pack 1 with two operands, pack 2 with one
// operand and two results, and a region of several blocks.
// CHECK-LABEL: tt.func @map_elementwise
// CHECK-SAME: (%arg0: tensor<8xf32>, %arg1: tensor<8xi32>)
// CHECK-NEXT: "tt.map_elementwise"(%arg0, %arg1) <{pack = 1 : i32}> ({
// CHECK-NEXT: ^bb0(%[[X:.+]]: f32, %[[I:.+]]: i32):
// CHECK-NEXT: %[[F:.+]] = arith.sitofp %[[I]] : i32 to f32
// CHECK-NEXT: %[[S:.+]] = arith.addf %[[X]], %[[F]] : f32
// CHECK-NEXT: tt.map_elementwise.return %[[S]] : f32
// CHECK-NEXT: }) : (tensor<8xf32>, tensor<8xi32>) -> tensor<8xf32>
// CHECK-NEXT: "tt.map_elementwise"(%arg0) <{pack = 2 : i32}> ({
// CHECK-NEXT: ^bb0(%[[X0:.+]]: f32, %[[X1:.+]]: f32):
// CHECK-NEXT: %[[B0:.+]] = arith.bitcast %[[X0]] : f32 to i32
// CHECK-NEXT: %[[B1:.+]] = arith.bitcast %[[X1]] : f32 to i32
// CHECK-NEXT: tt.map_elementwise.return %[[X1]], %[[X0]], %[[B1]], %[[B0]] : f32, f32, i32, i32
// CHECK-NEXT: }) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xi32>)
// CHECK-NEXT: "tt.map_elementwise"(%arg0) <{pack = 1 : i32}> ({
// CHECK-NEXT: ^bb0(%[[Y:.+]]: f32):
// CHECK-NEXT: %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[NEG:.+]] = arith.cmpf olt, %[[Y]], %[[Z]] : f32
// CHECK-NEXT: cf.cond_br %[[NEG]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: tt.map_elementwise.return %[[Z]] : f32
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: tt.map_elementwise.return %[[Y]] : f32
// CHECK-NEXT: }) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: tt.return
tt.func @map_elementwise(%x: tensor<8xf32>, %i: tensor<8xi32>) {
  %0 = "tt.map_elementwise"(%x, %i) <{pack = 1 : i32}> ({
  ^bb0(%a: f32, %b: i32):
    %f = arith.sitofp %b : i32 to f32
    %s = arith.addf %a, %f : f32
    tt.map_elementwise.return %s : f32
  }) : (tensor<8xf32>, tensor<8xi32>) -> tensor<8xf32>
  %1:2 = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a0: f32, %a1: f32):
    %b0 = arith.bitcast %a0 : f32 to i32
    %b1 = arith.bitcast %a1 : f32 to i32
    tt.map_elementwise.return %a1, %a0, %b1, %b0 : f32, f32, i32, i32
  }) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xi32>)
  %2 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %zero = arith.constant 0.0 : f32
    %neg = arith.cmpf olt, %a, %zero : f32
    cf.cond_br %neg, ^bb1, ^bb2
  ^bb1:
    tt.map_elementwise.return %zero : f32
  ^bb2:
    tt.map_elementwise.return %a : f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// CHECK-LABEL: tt.func @extern_elementwise
// CHECK-SAME: (%arg0: tensor<8xf32>, %arg1: f64, %arg2: tensor<8xi32>)
// CHECK-NEXT: tt.extern_elementwise %arg0, %arg0 {libname = "", libpath = "", pure = true, symbol = "__nv_fmaxf"} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: tt.extern_elementwise %arg1 {libname = "libdevice", libpath = "/path/to/libdevice.10.bc", pure = false, symbol = "__nv_sin"} : (f64) -> f64
// CHECK-NEXT: tt.extern_elementwise %arg0, %arg2 {libname = "", libpath = "", pure = true, symbol = "__nv_ldexpf"} : (tensor<8xf32>, tensor<8xi32>) -> tensor<8xf32>
// CHECK-NEXT: tt.return
tt.func @extern_elementwise(%x: tensor<8xf32>, %d: f64, %i: tensor<8xi32>) {
  %0 = tt.extern_elementwise %x, %x {libname = "", libpath = "", pure = true, symbol = "__nv_fmaxf"} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %1 = tt.extern_elementwise %d {libname = "libdevice", libpath = "/path/to/libdevice.10.bc", pure = false, symbol = "__nv_sin"} : (f64) -> f64
  %2 = tt.extern_elementwise %x, %i {libname = "", libpath = "", pure = true, symbol = "__nv_ldexpf"} : (tensor<8xf32>, tensor<8xi32>) -> tensor<8xf32>
  tt.return
}

// CHECK-LABEL: tt.func @elementwise_inline_asm
// CHECK-SAME: (%arg0: tensor<8xi32>, %arg1: tensor<8xf32>, %arg2: i32, %arg3: tensor<8x!tt.ptr<i8>>)
// CHECK-NEXT: tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %arg0 : tensor<8xi32> -> tensor<8xi32>
// CHECK-NEXT: %[[TWO:.+]]:2 = tt.elementwise_inline_asm "{ .reg .b32 t; mov.b32 $0, $2; mov.b32 $1, $3; }" {constraints = "=r,=r,r,r", packed_element = 4 : i32, pure = false} %arg0, %arg1 : tensor<8xi32>, tensor<8xf32> -> tensor<8xi32>, tensor<8xf32>
// CHECK-NEXT: tt.elementwise_inline_asm "mov.u32 $0, %clock;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
// CHECK-NEXT: tt.elementwise_inline_asm "add.s32 $0, $1, $2;" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %arg2, %arg0 : i32, tensor<8xi32> -> tensor<8xi32>
// CHECK-NEXT: tt.elementwise_inline_asm "ld.global.b8 $0, [$1]; st.global.b8 [$2], $0;" {constraints = "=r,l,l", packed_element = 1 : i32, pure = false} %arg3, %arg3 : tensor<8x!tt.ptr<i8>>, tensor<8x!tt.ptr<i8>> -> tensor<8xi8>
// CHECK-NEXT: tt.elementwise_inline_asm "mov.b64 $0, $1;" {constraints = "=l,l", packed_element = 1 : i32, pure = true} %arg3 : tensor<8x!tt.ptr<i8>> -> tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: tt.elementwise_inline_asm "\0A  sub.u32 $0, $2, $3;\0A  sub.u32 $1, $3, $2;\0A" {constraints = "=r,=r,r,r", packed_element = 1 : i32, pure = true} %arg0, %arg0 : tensor<8xi32>, tensor<8xi32> -> tensor<8xi32>, tensor<8xi32>
// CHECK-NEXT: tt.elementwise_inline_asm "mov.u32 $0, %smid; mov.u64 $1, %globaltimer;" {constraints = "=r,=l", packed_element = 1 : i32, pure = false} -> i32, i64
// CHECK-NEXT: tt.return
tt.func @elementwise_inline_asm(%i: tensor<8xi32>, %f: tensor<8xf32>, %s: i32, %p: tensor<8x!tt.ptr<i8>>) {
  %0 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i : tensor<8xi32> -> tensor<8xi32>
  %1:2 = tt.elementwise_inline_asm "{ .reg .b32 t; mov.b32 $0, $2; mov.b32 $1, $3; }" {constraints = "=r,=r,r,r", packed_element = 4 : i32, pure = false} %i, %f : tensor<8xi32>, tensor<8xf32> -> tensor<8xi32>, tensor<8xf32>
  %2 = tt.elementwise_inline_asm "mov.u32 $0, %clock;" {constraints = "=r", packed_element = 1 : i32, pure = false} -> i32
  %3 = tt.elementwise_inline_asm "add.s32 $0, $1, $2;" {constraints = "=r,r,r", packed_element = 1 : i32, pure = true} %s, %i : i32, tensor<8xi32> -> tensor<8xi32>
  %4 = tt.elementwise_inline_asm "ld.global.b8 $0, [$1]; st.global.b8 [$2], $0;" {constraints = "=r,l,l", packed_element = 1 : i32, pure = false} %p, %p : tensor<8x!tt.ptr<i8>>, tensor<8x!tt.ptr<i8>> -> tensor<8xi8>
  %5 = tt.elementwise_inline_asm "mov.b64 $0, $1;" {constraints = "=l,l", packed_element = 1 : i32, pure = true} %p : tensor<8x!tt.ptr<i8>> -> tensor<8x!tt.ptr<f32>>
  %6:2 = tt.elementwise_inline_asm "\0A  sub.u32 $0, $2, $3;\0A  sub.u32 $1, $3, $2;\0A" {constraints = "=r,=r,r,r", packed_element = 1 : i32, pure = true} %i, %i : tensor<8xi32>, tensor<8xi32> -> tensor<8xi32>, tensor<8xi32>
  %7:2 = tt.elementwise_inline_asm "mov.u32 $0, %smid; mov.u64 $1, %globaltimer;" {constraints = "=r,=l", packed_element = 1 : i32, pure = false} -> i32, i64
  tt.return
}

// CHECK-LABEL: tt.func @program_ids
// CHECK-NEXT: tt.get_program_id x : i32
// CHECK-NEXT: tt.get_program_id y : i32
// CHECK-NEXT: tt.get_program_id z : i32
// CHECK-NEXT: tt.get_num_programs x : i32
// CHECK-NEXT: tt.get_num_programs y : i32
// CHECK-NEXT: tt.get_num_programs z : i32
// CHECK-NEXT: tt.return
tt.func @program_ids() {
  %0 = tt.get_program_id x : i32
  %1 = tt.get_program_id y : i32
  %2 = tt.get_program_id z : i32
  %3 = tt.get_num_programs x : i32
  %4 = tt.get_num_programs y : i32
  %5 = tt.get_num_programs z : i32
  tt.return
}

// CHECK-LABEL: tt.func @print_and_assert
// CHECK-SAME: (%arg0: tensor<8xf32>, %arg1: tensor<8xi32>, %arg2: i1, %arg3: tensor<8xi1>, %arg4: !tt.ptr<f32>)
// CHECK-NEXT: tt.print " x: " {hex = false, isSigned = array<i32: 0, 1>} : %arg0, %arg1 : tensor<8xf32>, tensor<8xi32>
// CHECK-NEXT: tt.print "hello" {hex = false, isSigned = array<i32>}
// CHECK-NEXT: tt.print "p: " {hex = true, isSigned = array<i32: 0>} : %arg4 : !tt.ptr<f32>
// CHECK-NEXT: tt.assert %arg2, "scalar condition failed" : i1
// CHECK-NEXT: tt.assert %arg3, "tensor condition failed" : tensor<8xi1>
// CHECK-NEXT: tt.return
tt.func @print_and_assert(%x: tensor<8xf32>, %i: tensor<8xi32>, %b: i1, %bt: tensor<8xi1>, %p: !tt.ptr<f32>) {
  tt.print " x: " {hex = false, isSigned = array<i32: 0, 1>} : %x, %i : tensor<8xf32>, tensor<8xi32>
  tt.print "hello" {hex = false, isSigned = array<i32>}
  tt.print "p: " {hex = true, isSigned = array<i32: 0>} : %p : !tt.ptr<f32>
  tt.assert %b, "scalar condition failed" : i1
  tt.assert %bt, "tensor condition failed" : tensor<8xi1>
  tt.return
}
