// AxisInfo of every value (-test-print-alignment): contiguity, divisibility,
// constancy and constant value per dimension, rule by rule, through control
// flow, hints and calls. Cases follow Triton's test/Analysis/test-alignment.mlir
// where the rules agree; the comments say where they differ.
// RUN: triton-opt %s -split-input-file -test-print-alignment -o /dev/null | FileCheck %s

// Constants: integers keep their value at their width (sign-extended, i1 as
// 0/1), divisibility is the largest power of two dividing it (2^62 for 0);
// splats are constant over their whole shape; other dense and float
// constants give nothing but, for float splats, constancy.
// CHECK-LABEL: @constants
tt.func @constants() {
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %c1 = arith.constant 1 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0
  %c0 = arith.constant 0 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [8], constancy = [1], constant_value = -8
  %cm8 = arith.constant -8 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %t = arith.constant true
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = 16
  %c16 = arith.constant 16 : index
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 4611686018427387904
  %big = arith.constant 4611686018427387904 : i64
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [2147483648], constancy = [1], constant_value = -2147483648
  %min = arith.constant -2147483648 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [64], constancy = [128], constant_value = 64
  %s = arith.constant dense<64> : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1, 1], divisibility = [1, 1], constancy = [4, 8], constant_value = 3
  %s2 = arith.constant dense<3> : tensor<4x8xi64>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %ns = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [4], constant_value = <none>
  %f = arith.constant dense<1.0> : tensor<4xf32>
  tt.return
}

// -----

// make_range [s, e): one run of e - s; the start's divisor as an i32 (2^30
// for 0, as Triton).
// CHECK-LABEL: @make_range
tt.func @make_range() {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [64], constancy = [1], constant_value = <none>
  %1 = tt.make_range {end = 192 : i32, start = 64 : i32} : tensor<128xi32>
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [8192], constancy = [1], constant_value = <none>
  %2 = tt.make_range {end = 8320 : i32, start = 8192 : i32} : tensor<128xi32>
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [4], divisibility = [16], constancy = [1], constant_value = <none>
  %3 = tt.make_range {end = 52 : i32, start = 48 : i32} : tensor<4xi32>
  tt.return
}

// -----

// addi/subi: runs survive when the other side is constant over them (only
// the left one for subi); divisibility is the gcd. A run cut shorter than
// an operand's keeps only the divisor of the new length (r - 2r below).
// Constants fold at the width, wrapping, unless nsw/nuw forbid it.
// CHECK-LABEL: @add_sub
// CHECK-NEXT: %arg0: i32 => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
tt.func @add_sub(%x: i32 {tt.divisibility = 16 : i32}) {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1
  %c1 = arith.constant dense<1> : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = 127
  %c127 = arith.constant dense<127> : tensor<128xi32>
  // CHECK-NEXT: arith.addi {{.*}}=> contiguity = [128], divisibility = [1], constancy = [1], constant_value = <none>
  %0 = arith.addi %r, %c1 : tensor<128xi32>
  // CHECK-NEXT: arith.addi {{.*}}=> contiguity = [1], divisibility = [128], constancy = [128], constant_value = 128
  %1 = arith.addi %c1, %c127 : tensor<128xi32>
  // CHECK-NEXT: arith.subi {{.*}}=> contiguity = [128], divisibility = [1], constancy = [1], constant_value = <none>
  %2 = arith.subi %r, %c1 : tensor<128xi32>
  // CHECK-NEXT: arith.subi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %3 = arith.subi %c1, %r : tensor<128xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>
  %xs = tt.splat %x : i32 -> tensor<128xi32>
  // CHECK-NEXT: arith.addi {{.*}}=> contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
  %4 = arith.addi %xs, %r : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [2], constancy = [128], constant_value = 2
  %two = arith.constant dense<2> : tensor<128xi32>
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [2], constancy = [1], constant_value = <none>
  %r2 = arith.muli %r, %two : tensor<128xi32>
  // CHECK-NEXT: arith.subi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %5 = arith.subi %r, %r2 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 2147483647
  %imax = arith.constant 2147483647 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %one = arith.constant 1 : i32
  // CHECK-NEXT: arith.addi {{.*}}=> contiguity = [1], divisibility = [2147483648], constancy = [1], constant_value = -2147483648
  %6 = arith.addi %imax, %one : i32
  // CHECK-NEXT: arith.addi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %7 = arith.addi %imax, %one overflow<nsw> : i32
  // CHECK-NEXT: arith.addi {{.*}}=> contiguity = [1], divisibility = [2147483648], constancy = [1], constant_value = -2147483648
  %8 = arith.addi %imax, %one overflow<nuw> : i32
  tt.return
}

// -----

// addptr scales the offset's divisibility by the pointee size in bytes (1
// for i1 and i8, 8 for pointers); constant pointers fold in bytes.
// CHECK-LABEL: @addptr
// CHECK-NEXT: %arg0: !tt.ptr<i1> => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg1: !tt.ptr<i8> => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg2: !tt.ptr<i16> => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg3: !tt.ptr<f32> => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg4: !tt.ptr<i64> => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg5: !tt.ptr<!tt.ptr<f32>> => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
tt.func @addptr(%p1: !tt.ptr<i1> {tt.divisibility = 16 : i32}, %p8: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %p16: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %p32: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %p64: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %pp: !tt.ptr<!tt.ptr<f32>> {tt.divisibility = 16 : i32}) {
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %c1 = arith.constant 1 : i32
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %0 = tt.addptr %p1, %c1 : !tt.ptr<i1>, i32
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %1 = tt.addptr %p8, %c1 : !tt.ptr<i8>, i32
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [2], constancy = [1], constant_value = <none>
  %2 = tt.addptr %p16, %c1 : !tt.ptr<i16>, i32
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>
  %3 = tt.addptr %p32, %c1 : !tt.ptr<f32>, i32
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>
  %4 = tt.addptr %p64, %c1 : !tt.ptr<i64>, i32
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>
  %5 = tt.addptr %pp, %c1 : !tt.ptr<!tt.ptr<f32>>, i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = 4
  %c4 = arith.constant 4 : i32
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>
  %6 = tt.addptr %p8, %c4 : !tt.ptr<i8>, i32
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>
  %7 = tt.addptr %p16, %c4 : !tt.ptr<i16>, i32
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
  %8 = tt.addptr %p32, %c4 : !tt.ptr<f32>, i32
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>
  %s = tt.splat %p32 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
  %9 = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>
  %s16 = tt.splat %p16 : !tt.ptr<i16> -> tensor<128x!tt.ptr<i16>>
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
  %10 = tt.addptr %s16, %r : tensor<128x!tt.ptr<i16>>, tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [64], constancy = [1], constant_value = 64
  %a = arith.constant 64 : i64
  // CHECK-NEXT: tt.int_to_ptr {{.*}}=> contiguity = [1], divisibility = [64], constancy = [1], constant_value = 64
  %ip = tt.int_to_ptr %a : i64 -> !tt.ptr<f32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [2], constancy = [1], constant_value = 2
  %c2 = arith.constant 2 : i32
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [8], constancy = [1], constant_value = 72
  %11 = tt.addptr %ip, %c2 : !tt.ptr<f32>, i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = -1
  %cm1 = arith.constant -1 : i32
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = 60
  %12 = tt.addptr %ip, %cm1 : !tt.ptr<f32>, i32
  // CHECK-NEXT: tt.load {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  // CHECK-NEXT: tt.load access: order = [0], contiguity = 4, alignment = 4
  %v = tt.load %9 : tensor<128x!tt.ptr<f32>>
  // CHECK-NEXT: tt.store access: order = [0], contiguity = 4, alignment = 4
  tt.store %9, %v : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

// muli: runs survive only a multiplication by 1; a run's divisibility
// counts as 1; products of divisors saturate at 2^62.
// CHECK-LABEL: @mul
// CHECK-NEXT: %arg0: i64 => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg1: i32 => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
tt.func @mul(%x: i64 {tt.divisibility = 16 : i32}, %y: i32 {tt.divisibility = 16 : i32}) {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1
  %c1 = arith.constant dense<1> : tensor<128xi32>
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %0 = arith.muli %r, %c1 : tensor<128xi32>
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %1 = arith.muli %c1, %r : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [128], constancy = [128], constant_value = 128
  %c128 = arith.constant dense<128> : tensor<128xi32>
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [128], constancy = [128], constant_value = 128
  %2 = arith.muli %c128, %c1 : tensor<128xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>
  %ys = tt.splat %y : i32 -> tensor<128xi32>
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
  %3 = arith.muli %ys, %r : tensor<128xi32>
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [2048], constancy = [128], constant_value = <none>
  %4 = arith.muli %ys, %c128 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 4611686018427387904
  %big = arith.constant 4611686018427387904 : i64
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = <none>
  %5 = arith.muli %x, %big : i64
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [65536], constancy = [1], constant_value = 65536
  %c65536 = arith.constant 65536 : i32
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0
  %6 = arith.muli %c65536, %c65536 : i32
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [4294967296], constancy = [1], constant_value = <none>
  %7 = arith.muli %c65536, %c65536 overflow<nuw> : i32
  tt.return
}

// -----

// divsi/divui: runs divided by a constant become constant stretches
// (bounded by what divides both); a power-of-two divisor divides the
// divisibility of non-runs (|d| for divsi, unsigned for divui). Division
// by zero, INT_MIN / -1 and inexact `exact` divisions fold to nothing.
// CHECK-LABEL: @div
// CHECK-NEXT: %arg0: i32 => contiguity = [1], divisibility = [64], constancy = [1], constant_value = <none>
tt.func @div(%x: i32 {tt.divisibility = 64 : i32}) {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1
  %c1 = arith.constant dense<1> : tensor<128xi32>
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %0 = arith.divsi %r, %c1 : tensor<128xi32>
  // CHECK-NEXT: arith.divui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %1 = arith.divui %c1, %r : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [64], constancy = [128], constant_value = 64
  %c64 = arith.constant dense<64> : tensor<128xi32>
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [64], constant_value = <none>
  %2 = arith.divsi %r, %c64 : tensor<128xi32>
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %3 = arith.divsi %c64, %r : tensor<128xi32>
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [64], constancy = [128], constant_value = 64
  %4 = arith.divsi %c64, %c1 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [2], constancy = [128], constant_value = 66
  %c66 = arith.constant dense<66> : tensor<128xi32>
  // CHECK-NEXT: arith.divui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [2], constant_value = <none>
  %5 = arith.divui %r, %c66 : tensor<128xi32>
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [8192], constancy = [1], constant_value = <none>
  %r8k = tt.make_range {end = 8320 : i32, start = 8192 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [64], constant_value = <none>
  %6 = arith.divsi %r8k, %c64 : tensor<128xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1], divisibility = [64], constancy = [128], constant_value = <none>
  %xs = tt.splat %x : i32 -> tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [16], constancy = [128], constant_value = 16
  %c16 = arith.constant dense<16> : tensor<128xi32>
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [4], constancy = [128], constant_value = <none>
  %7 = arith.divsi %xs, %c16 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [16], constancy = [128], constant_value = -16
  %cm16 = arith.constant dense<-16> : tensor<128xi32>
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [4], constancy = [128], constant_value = <none>
  %8 = arith.divsi %xs, %cm16 : tensor<128xi32>
  // CHECK-NEXT: arith.divui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = <none>
  %9 = arith.divui %xs, %cm16 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0
  %c0 = arith.constant dense<0> : tensor<128xi32>
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = <none>
  %10 = arith.divsi %c64, %c0 : tensor<128xi32>
  // CHECK-NEXT: arith.divui {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = <none>
  %11 = arith.divui %c0, %r : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [2147483648], constancy = [1], constant_value = -2147483648
  %min = arith.constant -2147483648 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = -1
  %m1 = arith.constant -1 : i32
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [2147483648], constancy = [1], constant_value = <none>
  %12 = arith.divsi %min, %m1 : i32
  // CHECK-NEXT: arith.divui {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0
  %13 = arith.divui %min, %m1 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 7
  %c7 = arith.constant 7 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [2], constancy = [1], constant_value = 2
  %c2 = arith.constant 2 : i32
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 3
  %14 = arith.divsi %c7, %c2 : i32
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %15 = arith.divsi %c7, %c2 exact : i32
  tt.return
}

// -----

// remsi/remui: a run modulo a constant restarts at multiples of it; x % 1
// and x %s -1 are 0; remui reads -1 as 2^32 - 1.
// CHECK-LABEL: @rem
tt.func @rem() {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1
  %c1 = arith.constant dense<1> : tensor<128xi32>
  // CHECK-NEXT: arith.remsi {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0
  %0 = arith.remsi %r, %c1 : tensor<128xi32>
  // CHECK-NEXT: arith.remui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %1 = arith.remui %c1, %r : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [64], constancy = [128], constant_value = 64
  %c64 = arith.constant dense<64> : tensor<128xi32>
  // CHECK-NEXT: arith.remsi {{.*}}=> contiguity = [64], divisibility = [64], constancy = [1], constant_value = <none>
  %2 = arith.remsi %r, %c64 : tensor<128xi32>
  // CHECK-NEXT: arith.remsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %3 = arith.remsi %c64, %r : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [2], constancy = [128], constant_value = 66
  %c66 = arith.constant dense<66> : tensor<128xi32>
  // CHECK-NEXT: arith.remui {{.*}}=> contiguity = [2], divisibility = [2], constancy = [1], constant_value = <none>
  %4 = arith.remui %r, %c66 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = -1
  %cm1 = arith.constant dense<-1> : tensor<128xi32>
  // CHECK-NEXT: arith.remsi {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0
  %5 = arith.remsi %r, %cm1 : tensor<128xi32>
  // CHECK-NEXT: arith.remui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %6 = arith.remui %r, %cm1 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0
  %c0 = arith.constant dense<0> : tensor<128xi32>
  // CHECK-NEXT: arith.remui {{.*}}=> contiguity = [1], divisibility = [64], constancy = [128], constant_value = <none>
  %7 = arith.remui %c64, %c0 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = -7
  %c7 = arith.constant -7 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 3
  %c3 = arith.constant 3 : i32
  // CHECK-NEXT: arith.remsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = -1
  %8 = arith.remsi %c7, %c3 : i32
  // CHECK-NEXT: arith.remui {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0
  %9 = arith.remui %c7, %c3 : i32
  tt.return
}

// -----

// andi/ori/xori: only constancy survives; constants fold.
// CHECK-LABEL: @logic
tt.func @logic() {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [64], constancy = [128], constant_value = 64
  %c64 = arith.constant dense<64> : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [8], constancy = [128], constant_value = 8
  %c8 = arith.constant dense<8> : tensor<128xi32>
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [64], constant_value = <none>
  %d64 = arith.divsi %r, %c64 : tensor<128xi32>
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>
  %d8 = arith.divsi %r, %c8 : tensor<128xi32>
  // CHECK-NEXT: arith.andi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %0 = arith.andi %r, %c64 : tensor<128xi32>
  // CHECK-NEXT: arith.ori {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %1 = arith.ori %r, %c64 : tensor<128xi32>
  // CHECK-NEXT: arith.xori {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %2 = arith.xori %r, %c64 : tensor<128xi32>
  // CHECK-NEXT: arith.andi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>
  %3 = arith.andi %d64, %d8 : tensor<128xi32>
  // CHECK-NEXT: arith.ori {{.*}}=> contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>
  %4 = arith.ori %d64, %d8 : tensor<128xi32>
  // CHECK-NEXT: arith.xori {{.*}}=> contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>
  %5 = arith.xori %d64, %d8 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [2], constancy = [1], constant_value = 6
  %c6 = arith.constant 6 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 3
  %c3 = arith.constant 3 : i32
  // CHECK-NEXT: arith.andi {{.*}}=> contiguity = [1], divisibility = [2], constancy = [1], constant_value = 2
  %6 = arith.andi %c6, %c3 : i32
  // CHECK-NEXT: arith.ori {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 7
  %7 = arith.ori %c6, %c3 : i32
  // CHECK-NEXT: arith.xori {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 5
  %8 = arith.xori %c6, %c3 : i32
  tt.return
}

// -----

// shli/shrsi/shrui by a constant: divisibility moves by the shift; a
// shift of 0 keeps runs; shifts of the width or more are poison (nothing);
// exact shifts that drop ones fold to nothing.
// CHECK-LABEL: @shift
// CHECK-NEXT: %arg0: i32 => contiguity = [1], divisibility = [64], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg1: i32 => contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
tt.func @shift(%x: i32 {tt.divisibility = 64 : i32}, %y: i32) {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [8], constancy = [128], constant_value = 8
  %c8 = arith.constant dense<8> : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4], constancy = [128], constant_value = 4
  %c4 = arith.constant dense<4> : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0
  %c0 = arith.constant dense<0> : tensor<128xi32>
  // CHECK-NEXT: arith.shli {{.*}}=> contiguity = [1], divisibility = [256], constancy = [1], constant_value = <none>
  %0 = arith.shli %r, %c8 : tensor<128xi32>
  // CHECK-NEXT: arith.shrsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %1 = arith.shrsi %r, %c4 : tensor<128xi32>
  // CHECK-NEXT: arith.shli {{.*}}=> contiguity = [1], divisibility = [128], constancy = [128], constant_value = 128
  %2 = arith.shli %c8, %c4 : tensor<128xi32>
  // CHECK-NEXT: arith.shli {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %3 = arith.shli %r, %c0 : tensor<128xi32>
  // CHECK-NEXT: arith.shrui {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %4 = arith.shrui %r, %c0 : tensor<128xi32>
  // CHECK-NEXT: arith.shli {{.*}}=> contiguity = [1], divisibility = [64], constancy = [1], constant_value = <none>
  %5 = arith.shli %x, %y : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [2], constancy = [1], constant_value = 2
  %c2 = arith.constant 2 : i32
  // CHECK-NEXT: arith.shrsi {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
  %6 = arith.shrsi %x, %c2 : i32
  // CHECK-NEXT: arith.shrui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %7 = arith.shrui %x, %y : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = -16
  %cm16 = arith.constant -16 : i32
  // CHECK-NEXT: arith.shrui {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = 1073741820
  %8 = arith.shrui %cm16, %c2 : i32
  // CHECK-NEXT: arith.shrsi {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = -4
  %9 = arith.shrsi %cm16, %c2 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [8], constancy = [1], constant_value = 40
  %c40 = arith.constant 40 : i32
  // CHECK-NEXT: arith.shli {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %10 = arith.shli %x, %c40 : i32
  // CHECK-NEXT: arith.shli {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %11 = arith.shli %c2, %c40 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 31
  %c31 = arith.constant 31 : i32
  // CHECK-NEXT: arith.shli {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0
  %12 = arith.shli %c2, %c31 : i32
  // CHECK-NEXT: arith.shli {{.*}}=> contiguity = [1], divisibility = [4294967296], constancy = [1], constant_value = <none>
  %13 = arith.shli %c2, %c31 overflow<nsw> : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 3
  %c3 = arith.constant 3 : i32
  // CHECK-NEXT: arith.shrui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %14 = arith.shrui %c3, %c2 exact : i32
  tt.return
}

// -----

// max/min: elementwise one of the operands, so what holds for both;
// signed and unsigned constants fold as their op reads them.
// CHECK-LABEL: @max_min
tt.func @max_min() {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [64], constancy = [1], constant_value = <none>
  %r64 = tt.make_range {end = 192 : i32, start = 64 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.maxsi {{.*}}=> contiguity = [128], divisibility = [64], constancy = [1], constant_value = <none>
  %0 = arith.maxsi %r, %r64 : tensor<128xi32>
  // CHECK-NEXT: arith.minsi {{.*}}=> contiguity = [128], divisibility = [64], constancy = [1], constant_value = <none>
  %1 = arith.minsi %r, %r64 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [8], constancy = [128], constant_value = 8
  %c8 = arith.constant dense<8> : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4], constancy = [128], constant_value = 4
  %c4 = arith.constant dense<4> : tensor<128xi32>
  // CHECK-NEXT: arith.maxsi {{.*}}=> contiguity = [1], divisibility = [8], constancy = [128], constant_value = 8
  %2 = arith.maxsi %c8, %c4 : tensor<128xi32>
  // CHECK-NEXT: arith.minui {{.*}}=> contiguity = [1], divisibility = [4], constancy = [128], constant_value = 4
  %3 = arith.minui %c8, %c4 : tensor<128xi32>
  // CHECK-NEXT: arith.maxui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %4 = arith.maxui %r, %c8 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = -1
  %m1 = arith.constant -1 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %one = arith.constant 1 : i32
  // CHECK-NEXT: arith.maxsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %5 = arith.maxsi %m1, %one : i32
  // CHECK-NEXT: arith.maxui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = -1
  %6 = arith.maxui %m1, %one : i32
  // CHECK-NEXT: arith.minsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = -1
  %7 = arith.minsi %m1, %one : i32
  // CHECK-NEXT: arith.minui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %8 = arith.minui %m1, %one : i32
  tt.return
}

// -----

// cmpi: constancy from the operands', stretched when a constant is compared
// with a run (c > x and c <= x flip where x crosses c, x < c and x >= c
// likewise); comparisons of constants fold (signed or unsigned).
// CHECK-LABEL: @cmp
// CHECK-NEXT: %arg0: i32 => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
tt.func @cmp(%n: i32 {tt.divisibility = 16 : i32}) {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0
  %c0 = arith.constant dense<0> : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %0 = arith.cmpi eq, %r, %c0 : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %1 = arith.cmpi ne, %r, %c0 : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = <none>
  %2 = arith.cmpi slt, %r, %c0 : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %3 = arith.cmpi sle, %r, %c0 : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = <none>
  %4 = arith.cmpi sge, %r, %c0 : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %5 = arith.cmpi sgt, %r, %c0 : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %6 = arith.cmpi slt, %c0, %r : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = <none>
  %7 = arith.cmpi sle, %c0, %r : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %8 = arith.cmpi sge, %c0, %r : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = <none>
  %9 = arith.cmpi sgt, %c0, %r : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [8], constancy = [128], constant_value = 8
  %c8 = arith.constant dense<8> : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>
  %10 = arith.cmpi ugt, %c8, %r : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1
  %11 = arith.cmpi sgt, %c8, %c0 : tensor<128xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>
  %12 = arith.cmpi ult, %r, %ns : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [16], constancy = [128], constant_value = 48
  %c48 = arith.constant dense<48> : tensor<128xi32>
  // CHECK-NEXT: arith.remsi {{.*}}=> contiguity = [16], divisibility = [16], constancy = [1], constant_value = <none>
  %rem = arith.remsi %r, %c48 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [32], constancy = [128], constant_value = 32
  %c32 = arith.constant dense<32> : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>
  %13 = arith.cmpi slt, %rem, %c32 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = -1
  %m1 = arith.constant -1 : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %one = arith.constant 1 : i32
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %14 = arith.cmpi slt, %m1, %one : i32
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 0
  %15 = arith.cmpi ult, %m1, %one : i32
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %16 = arith.cmpi slt, %n, %one : i32
  tt.return
}

// -----

// select: a constant condition picks a side; otherwise what holds for both,
// and a tensor condition cuts runs at its own constancy (divisibility of
// the cut runs included).
// CHECK-LABEL: @select
// CHECK-NEXT: %arg0: i1 => contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg1: tensor<128xi1> => contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg2: i32 => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
tt.func @select(%b: i1, %bt: tensor<128xi1>, %n: i32 {tt.divisibility = 16 : i32}) {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [64], constancy = [1], constant_value = <none>
  %r64 = tt.make_range {end = 192 : i32, start = 64 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0
  %c0 = arith.constant dense<0> : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %eq = arith.cmpi eq, %r, %c0 : tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = <none>
  %lt = arith.cmpi slt, %r, %c0 : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0
  %false = arith.constant false
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0
  %fs = tt.splat %false : i1 -> tensor<128xi1>
  // CHECK-NEXT: arith.select {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0
  %0 = arith.select %false, %lt, %fs : tensor<128xi1>
  // CHECK-NEXT: arith.select {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %1 = arith.select %fs, %lt, %eq : tensor<128xi1>, tensor<128xi1>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %true = arith.constant true
  // CHECK-NEXT: arith.select {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %2 = arith.select %true, %r, %r64 : tensor<128xi32>
  // CHECK-NEXT: arith.select {{.*}}=> contiguity = [128], divisibility = [64], constancy = [1], constant_value = <none>
  %3 = arith.select %b, %r, %r64 : tensor<128xi32>
  // CHECK-NEXT: arith.select {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %4 = arith.select %bt, %r, %r64 : tensor<128xi1>, tensor<128xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>
  %c16 = arith.cmpi slt, %r, %ns : tensor<128xi32>
  // CHECK-NEXT: arith.select {{.*}}=> contiguity = [16], divisibility = [16], constancy = [1], constant_value = <none>
  %5 = arith.select %c16, %r, %r64 : tensor<128xi1>, tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = 7
  %c7 = arith.constant dense<7> : tensor<128xi32>
  // CHECK-NEXT: arith.select {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 7
  %6 = arith.select %bt, %c7, %c7 : tensor<128xi1>, tensor<128xi32>
  // CHECK-NEXT: arith.select {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = <none>
  %7 = arith.select %b, %c7, %c0 : tensor<128xi32>
  tt.return
}

// -----

// Integer casts keep the facts; constants are extended or truncated (a
// truncation to a power of two keeps its divisibility); nuw/nsw
// truncations that lose bits fold to nothing.
// CHECK-LABEL: @casts
// CHECK-NEXT: %arg0: i32 => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
tt.func @casts(%x: i32 {tt.divisibility = 16 : i32}) {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.extsi {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %0 = arith.extsi %r : tensor<128xi32> to tensor<128xi64>
  // CHECK-NEXT: arith.extui {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
  %1 = arith.extui %x : i32 to i64
  // CHECK-NEXT: arith.trunci {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
  %2 = arith.trunci %x : i32 to i16
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %true = arith.constant true
  // CHECK-NEXT: arith.extui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %3 = arith.extui %true : i1 to i32
  // CHECK-NEXT: arith.extsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = -1
  %4 = arith.extsi %true : i1 to i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 257
  %c257 = arith.constant 257 : i32
  // CHECK-NEXT: arith.trunci {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %5 = arith.trunci %c257 : i32 to i8
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [256], constancy = [1], constant_value = 256
  %c256 = arith.constant 256 : i32
  // CHECK-NEXT: arith.trunci {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0
  %6 = arith.trunci %c256 : i32 to i8
  // CHECK-NEXT: arith.trunci {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %7 = arith.trunci %c257 overflow<nuw> : i32 to i8
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = -1
  %m1 = arith.constant -1 : i32
  // CHECK-NEXT: arith.index_cast {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = -1
  %8 = arith.index_cast %m1 : i32 to index
  // CHECK-NEXT: arith.index_castui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 4294967295
  %9 = arith.index_castui %m1 : i32 to index
  // CHECK-NEXT: arith.index_cast {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
  %10 = arith.index_cast %x : i32 to index
  // CHECK-NEXT: arith.extui {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 4294967295
  %11 = arith.extui %m1 : i32 to i64
  tt.return
}

// -----

// expand_dims, broadcast, trans and 2-D pointer arithmetic (a row-major
// tile p + i * n + j); the access lines show getOrder (most contiguous
// dimension first), getAlignment (elements), and mask alignments (any
// dimension, and along the order).
// CHECK-LABEL: @shapes
// CHECK-NEXT: %arg0: !tt.ptr<f32> => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg1: i32 => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
tt.func @shapes(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [2], constancy = [128], constant_value = 2
  %c2 = arith.constant dense<2> : tensor<128xi32>
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [2], constancy = [1], constant_value = <none>
  %r2 = arith.muli %r, %c2 : tensor<128xi32>
  // CHECK-NEXT: tt.expand_dims {{.*}}=> contiguity = [1, 128], divisibility = [1, 1073741824], constancy = [1, 1], constant_value = <none>
  %0 = tt.expand_dims %r {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  // CHECK-NEXT: tt.expand_dims {{.*}}=> contiguity = [128, 1], divisibility = [1073741824, 1], constancy = [1, 1], constant_value = <none>
  %1 = tt.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  // CHECK-NEXT: tt.expand_dims {{.*}}=> contiguity = [1, 1], divisibility = [2, 2], constancy = [1, 1], constant_value = <none>
  %2 = tt.expand_dims %r2 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [64], constancy = [128], constant_value = 64
  %c64 = arith.constant dense<64> : tensor<128xi32>
  // CHECK-NEXT: tt.expand_dims {{.*}}=> contiguity = [1, 1], divisibility = [64, 64], constancy = [128, 1], constant_value = 64
  %3 = tt.expand_dims %c64 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  // CHECK-NEXT: tt.broadcast {{.*}}=> contiguity = [1, 1], divisibility = [64, 64], constancy = [128, 64], constant_value = 64
  %4 = tt.broadcast %3 : tensor<128x1xi32> -> tensor<128x64xi32>
  // CHECK-NEXT: tt.broadcast {{.*}}=> contiguity = [1, 128], divisibility = [1, 1073741824], constancy = [64, 1], constant_value = <none>
  %5 = tt.broadcast %0 : tensor<1x128xi32> -> tensor<64x128xi32>
  // CHECK-NEXT: tt.broadcast {{.*}}=> contiguity = [128, 1], divisibility = [1073741824, 1], constancy = [1, 64], constant_value = <none>
  %6 = tt.broadcast %1 : tensor<128x1xi32> -> tensor<128x64xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 128], constant_value = <none>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x128x!tt.ptr<f32>>
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1, 128], divisibility = [4, 16], constancy = [64, 1], constant_value = <none>
  %7 = tt.addptr %ps, %5 : tensor<64x128x!tt.ptr<f32>>, tensor<64x128xi32>
  // CHECK-NEXT: tt.trans {{.*}}=> contiguity = [128, 1], divisibility = [16, 4], constancy = [1, 64], constant_value = <none>
  %8 = tt.trans %7 {order = array<i32: 1, 0>} : tensor<64x128x!tt.ptr<f32>> -> tensor<128x64x!tt.ptr<f32>>
  // CHECK-NEXT: tt.trans {{.*}}=> contiguity = [1, 1], divisibility = [64, 64], constancy = [64, 128], constant_value = 64
  %9 = tt.trans %4 {order = array<i32: 1, 0>} : tensor<128x64xi32> -> tensor<64x128xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1, 1], divisibility = [16, 16], constancy = [128, 1], constant_value = <none>
  %ns = tt.splat %n : i32 -> tensor<128x1xi32>
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1], constant_value = <none>
  %10 = arith.muli %1, %ns : tensor<128x1xi32>
  // CHECK-NEXT: tt.broadcast {{.*}}=> contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 64], constant_value = <none>
  %11 = tt.broadcast %10 : tensor<128x1xi32> -> tensor<128x64xi32>
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // CHECK-NEXT: tt.expand_dims {{.*}}=> contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1], constant_value = <none>
  %12 = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // CHECK-NEXT: tt.broadcast {{.*}}=> contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [128, 1], constant_value = <none>
  %13 = tt.broadcast %12 : tensor<1x64xi32> -> tensor<128x64xi32>
  // CHECK-NEXT: arith.addi {{.*}}=> contiguity = [1, 64], divisibility = [1, 16], constancy = [1, 1], constant_value = <none>
  %14 = arith.addi %11, %13 : tensor<128x64xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1, 1], divisibility = [16, 16], constancy = [128, 64], constant_value = <none>
  %ps2 = tt.splat %p : !tt.ptr<f32> -> tensor<128x64x!tt.ptr<f32>>
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1, 64], divisibility = [4, 16], constancy = [1, 1], constant_value = <none>
  %15 = tt.addptr %ps2, %14 : tensor<128x64x!tt.ptr<f32>>, tensor<128x64xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1, 1], divisibility = [16, 16], constancy = [128, 64], constant_value = <none>
  %16 = tt.splat %n : i32 -> tensor<128x64xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1, 1], divisibility = [1, 1], constancy = [128, 16], constant_value = <none>
  %17 = arith.cmpi slt, %13, %16 : tensor<128x64xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 64], constant_value = <none>
  %18 = arith.cmpi slt, %6, %16 : tensor<128x64xi32>
  // CHECK-NEXT: tt.load {{.*}}=> contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1], constant_value = <none>
  // CHECK-NEXT: tt.load access: order = [1, 0], contiguity = 4, alignment = 4, mask_alignment = 16, mask_alignment_along_order = 16
  %v = tt.load %15, %17 : tensor<128x64x!tt.ptr<f32>>
  // CHECK-NEXT: tt.store access: order = [1, 0], contiguity = 4, alignment = 4, mask_alignment = 16, mask_alignment_along_order = 64
  tt.store %15, %v, %18 : tensor<128x64x!tt.ptr<f32>>
  // CHECK-NEXT: tt.load {{.*}}=> contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 64], constant_value = <none>
  // CHECK-NEXT: tt.load access: order = [0, 1], contiguity = 4, alignment = 4
  %19 = tt.load %8 : tensor<128x64x!tt.ptr<f32>>
  tt.return
}

// -----

// Loads: equal addresses under one predicate and fallback value load equal
// values; nothing else is known of what is loaded.
// CHECK-LABEL: @load_constancy
// CHECK-NEXT: %arg0: !tt.ptr<f32> => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg1: i32 => contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
tt.func @load_constancy(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [1024], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1024], constant_value = 16
  %c16 = arith.constant dense<16> : tensor<1024xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [8], constancy = [1024], constant_value = 8
  %c8 = arith.constant dense<8> : tensor<1024xi32>
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>
  %d16 = arith.divsi %r, %c16 : tensor<1024xi32>
  // CHECK-NEXT: arith.divsi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>
  %d8 = arith.divsi %r, %c8 : tensor<1024xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1024], constant_value = <none>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [4], constancy = [16], constant_value = <none>
  %ptr = tt.addptr %ps, %d16 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1024], constant_value = <none>
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  // CHECK-NEXT: arith.cmpi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>
  %mask = arith.cmpi slt, %d8, %ns : tensor<1024xi32>
  // CHECK-NEXT: tt.load {{.*}}=> contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>
  // CHECK-NEXT: tt.load access: order = [0], contiguity = 1, alignment = 1
  %0 = tt.load %ptr : tensor<1024x!tt.ptr<f32>>
  // CHECK-NEXT: tt.load {{.*}}=> contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>
  // CHECK-NEXT: tt.load access: order = [0], contiguity = 1, alignment = 1, mask_alignment = 8, mask_alignment_along_order = 8
  %1 = tt.load %ptr, %mask : tensor<1024x!tt.ptr<f32>>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1024], constant_value = <none>
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  // CHECK-NEXT: tt.load {{.*}}=> contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>
  // CHECK-NEXT: tt.load access: order = [0], contiguity = 1, alignment = 1, mask_alignment = 8, mask_alignment_along_order = 8
  %2 = tt.load %ptr, %mask, %zero : tensor<1024x!tt.ptr<f32>>
  // CHECK-NEXT: tt.load {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1024], constant_value = <none>
  // CHECK-NEXT: tt.load access: order = [0], contiguity = 1, alignment = 1
  %other = tt.load %ps : tensor<1024x!tt.ptr<f32>>
  // CHECK-NEXT: tt.load {{.*}}=> contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>
  // CHECK-NEXT: tt.load access: order = [0], contiguity = 1, alignment = 1, mask_alignment = 8, mask_alignment_along_order = 8
  %3 = tt.load %ptr, %mask, %other : tensor<1024x!tt.ptr<f32>>
  // CHECK-NEXT: tt.load {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %s = tt.load %p : !tt.ptr<f32>
  tt.return
}

// -----

// Program ids are unknown integers; pointer/integer casts keep the facts;
// bitcasts to pointers of another size keep only the addresses'
// divisibility; unrealized casts pass through; poison is anything.
// CHECK-LABEL: @program_id_and_casts
// CHECK-NEXT: %arg0: !tt.ptr<f32> => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
tt.func @program_id_and_casts(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  // CHECK-NEXT: tt.get_program_id {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %pid = tt.get_program_id x : i32
  // CHECK-NEXT: tt.get_num_programs {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %np = tt.get_num_programs y : i32
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1024], constancy = [1], constant_value = 1024
  %c1024 = arith.constant 1024 : i32
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [1024], constancy = [1], constant_value = <none>
  %0 = arith.muli %pid, %c1024 : i32
  // CHECK-NEXT: tt.make_range {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: tt.splat {{.*}}=> contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
  %ptrs = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // CHECK-NEXT: tt.ptr_to_int {{.*}}=> contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
  %1 = tt.ptr_to_int %ptrs : tensor<128x!tt.ptr<f32>> -> tensor<128xi64>
  // CHECK-NEXT: tt.int_to_ptr {{.*}}=> contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
  %2 = tt.int_to_ptr %1 : tensor<128xi64> -> tensor<128x!tt.ptr<f32>>
  // CHECK-NEXT: tt.bitcast {{.*}}=> contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
  %3 = tt.bitcast %ptrs : tensor<128x!tt.ptr<f32>> -> tensor<128x!tt.ptr<i32>>
  // CHECK-NEXT: tt.bitcast {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>
  %4 = tt.bitcast %ptrs : tensor<128x!tt.ptr<f32>> -> tensor<128x!tt.ptr<f16>>
  // CHECK-NEXT: tt.bitcast {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>
  %5 = tt.bitcast %ptrs : tensor<128x!tt.ptr<f32>> -> tensor<128x!tt.ptr<i64>>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = 1
  %c1 = arith.constant dense<1> : tensor<128xi32>
  // CHECK-NEXT: tt.bitcast {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = <none>
  %6 = tt.bitcast %c1 : tensor<128xi32> -> tensor<128xf32>
  // CHECK-NEXT: unrealized_conversion_cast {{.*}}=> contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>
  %8 = builtin.unrealized_conversion_cast %r : tensor<128xi32> to tensor<128xi32>
  // CHECK-NEXT: unrealized_conversion_cast {{.*}}=> contiguity = [1], divisibility = [1], constancy = [128], constant_value = <none>
  %9 = builtin.unrealized_conversion_cast %c1 : tensor<128xi32> to tensor<128xf32>
  // CHECK-NEXT: ub.poison {{.*}}=> contiguity = [4611686018427387904], divisibility = [4611686018427387904], constancy = [4611686018427387904], constant_value = <none>
  %10 = ub.poison : tensor<128xi32>
  // CHECK-NEXT: arith.addi {{.*}}=> contiguity = [128], divisibility = [128], constancy = [1], constant_value = <none>
  %11 = arith.addi %r, %10 : tensor<128xi32>
  tt.return
}

// -----

// scf.for: the induction variable is a multiple of gcd(lb, step); iter_args
// join their init and yielded values to a fixpoint; results follow the body.
// CHECK-LABEL: @for
tt.func @for() {
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1, 1], divisibility = [4611686018427387904, 4611686018427387904], constancy = [128, 32], constant_value = 0
  %a_init = arith.constant dense<0> : tensor<128x32xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1, 1], divisibility = [1, 1], constancy = [128, 32], constant_value = 1
  %b_init = arith.constant dense<1> : tensor<128x32xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1, 1], divisibility = [4, 4], constancy = [128, 32], constant_value = 4
  %c_init = arith.constant dense<4> : tensor<128x32xi32>
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [128], constancy = [1], constant_value = 128
  %ub = arith.constant 128 : index
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0
  %lb = arith.constant 0 : index
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = 16
  %step = arith.constant 16 : index
  // The body's arguments: the induction variable, then a, b, c.
  // CHECK-NEXT: %arg0: index => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
  // CHECK-NEXT: %arg1: tensor<128x32xi32> => contiguity = [1, 1], divisibility = [1, 1], constancy = [128, 32], constant_value = <none>
  // CHECK-NEXT: %arg2: tensor<128x32xi32> => contiguity = [1, 1], divisibility = [1, 1], constancy = [128, 32], constant_value = <none>
  // CHECK-NEXT: %arg3: tensor<128x32xi32> => contiguity = [1, 1], divisibility = [4, 4], constancy = [128, 32], constant_value = 4
  // CHECK-NEXT: arith.index_cast {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
  // CHECK-NEXT: %0#0 of scf.for => contiguity = [1, 1], divisibility = [1, 1], constancy = [128, 32], constant_value = <none>
  // CHECK-NEXT: %0#1 of scf.for => contiguity = [1, 1], divisibility = [1, 1], constancy = [128, 32], constant_value = <none>
  // CHECK-NEXT: %0#2 of scf.for => contiguity = [1, 1], divisibility = [4, 4], constancy = [128, 32], constant_value = 4
  %a, %b, %c = scf.for %iv = %lb to %ub step %step iter_args(%a = %a_init, %b = %b_init, %c = %c_init) -> (tensor<128x32xi32>, tensor<128x32xi32>, tensor<128x32xi32>) {
    %t = arith.index_cast %iv : index to i32
    scf.yield %b, %a, %c : tensor<128x32xi32>, tensor<128x32xi32>, tensor<128x32xi32>
  }
  tt.return
}

// -----

// Bounds from hinted arguments, and a loop without iter_args.
// CHECK-LABEL: @for_dynamic
// CHECK-NEXT: %arg0: index => contiguity = [1], divisibility = [16]
// CHECK-NEXT: %arg1: index => contiguity = [1], divisibility = [8]
// CHECK-NEXT: %arg2: index => contiguity = [1], divisibility = [1]
// CHECK-NEXT: %arg3: index => contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>
// CHECK-NEXT: arith.index_cast {{.*}}=> contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>
tt.func @for_dynamic(%lb: index {tt.divisibility = 16 : i32}, %step: index {tt.divisibility = 8 : i32}, %ub: index) {
  scf.for %iv = %lb to %ub step %step {
    %t = arith.index_cast %iv : index to i32
  }
  tt.return
}

// -----

// Pointers advanced in a loop (an i32 loop, as Triton emits): by a multiple
// of 128 elements they stay 16-byte aligned; by 1 element, only 4.
// CHECK-LABEL: @for_pointer
// CHECK: tt.addptr %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>, tensor<128xi32> => contiguity = [128], divisibility = [16], constancy = [1]
// CHECK-NEXT: tt.splat
// CHECK-NEXT: %arg2: i32 => contiguity = [1], divisibility = [1], constancy = [1]
// CHECK-NEXT: %arg3: tensor<128x!tt.ptr<f32>> => contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: tt.load {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
// CHECK-NEXT: tt.load access: order = [0], contiguity = 4, alignment = 4{{$}}
// CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: scf.for {{.*}}=> contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: tt.splat
// CHECK-NEXT: %arg2: i32
// CHECK-NEXT: %arg3: tensor<128x!tt.ptr<f32>> => contiguity = [128], divisibility = [4], constancy = [1], constant_value = <none>
// CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [128], divisibility = [4], constancy = [1], constant_value = <none>
// CHECK-NEXT: scf.for {{.*}}=> contiguity = [128], divisibility = [4], constancy = [1], constant_value = <none>
tt.func @for_pointer(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %p0 = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %step = tt.splat %c128 : i32 -> tensor<128xi32>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %p0) -> (tensor<128x!tt.ptr<f32>>) : i32 {
    %v = tt.load %ptr : tensor<128x!tt.ptr<f32>>
    %next = tt.addptr %ptr, %step : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    scf.yield %next : tensor<128x!tt.ptr<f32>>
  }
  %odd = tt.splat %c1 : i32 -> tensor<128xi32>
  %res2 = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %p0) -> (tensor<128x!tt.ptr<f32>>) : i32 {
    %next = tt.addptr %ptr, %odd : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    scf.yield %next : tensor<128x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// scf.if joins what its branches yield; a constant condition leaves the
// other branch dead: it contributes nothing, and its values, never reached,
// get the pessimistic state.
// CHECK-LABEL: @if
tt.func @if(%c: i1, %x: i32 {tt.divisibility = 16 : i32}, %y: i32 {tt.divisibility = 4 : i32}) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %r64 = tt.make_range {end = 192 : i32, start = 64 : i32} : tensor<128xi32>
  // CHECK: scf.if {{.*}}=> contiguity = [128], divisibility = [64], constancy = [1], constant_value = <none>
  %0 = scf.if %c -> tensor<128xi32> {
    scf.yield %r : tensor<128xi32>
  } else {
    scf.yield %r64 : tensor<128xi32>
  }
  // CHECK-NEXT: scf.if {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>
  %1 = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %y : i32
  }
  // CHECK-NEXT: arith.constant true {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1
  %true = arith.constant true
  // CHECK-NEXT: arith.addi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  // CHECK-NEXT: scf.if {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
  %2 = scf.if %true -> i32 {
    scf.yield %x : i32
  } else {
    %dead = arith.addi %y, %y : i32
    scf.yield %dead : i32
  }
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [8], constancy = [1], constant_value = 8
  %c8 = arith.constant 8 : i32
  // CHECK-NEXT: scf.if {{.*}}=> contiguity = [1], divisibility = [8], constancy = [1], constant_value = 8
  %3 = scf.if %c -> i32 {
    scf.yield %c8 : i32
  } else {
    scf.yield %c8 : i32
  }
  tt.return
}

// -----

// scf.while: 0, 16, 32, ...
// CHECK-LABEL: @while
// CHECK: %arg1: i32 => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: arith.cmpi
// CHECK-NEXT: %arg1: i32 => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: arith.addi {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: scf.while {{.*}}=> contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
tt.func @while(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %0 = scf.while (%i = %c0) : (i32) -> i32 {
    %cond = arith.cmpi slt, %i, %n : i32
    scf.condition(%cond) %i : i32
  } do {
  ^bb0(%j: i32):
    %next = arith.addi %j, %c16 : i32
    scf.yield %next : i32
  }
  tt.return
}

// -----

// The combining region of tt.reduce: its arguments are unknown, its ops are
// analysed; the reduction's result is unknown.
// CHECK-LABEL: @reduce
// CHECK: %arg1: i32 => contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg2: i32 => contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
// CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = 4
// CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>
// CHECK-NEXT: arith.addi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
// CHECK-NEXT: "tt.reduce"{{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
tt.func @reduce(%p: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %0 = "tt.reduce"(%r) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %c4 = arith.constant 4 : i32
    %m = arith.muli %a, %c4 : i32
    %s = arith.addi %m, %b : i32
    tt.reduce.return %s : i32
  }) : (tensor<128xi32>) -> i32
  tt.return
}

// -----

// Hints: on arguments (i32 or i64 integers, dense arrays per dimension, one
// integer for every dimension; an array of the wrong length is ignored) and
// on ops, where they replace what the rules found.
// CHECK-LABEL: @hints
// CHECK-NEXT: %arg0: !tt.ptr<f32> => contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg1: i32 => contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg2: tensor<4x8xi32> => contiguity = [1, 8], divisibility = [16, 1], constancy = [1, 1], constant_value = <none>
// CHECK-NEXT: %arg3: tensor<4x8xi32> => contiguity = [1, 1], divisibility = [1, 1], constancy = [4, 4], constant_value = <none>
// CHECK-NEXT: %arg4: tensor<4x8xi32> => contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1], constant_value = <none>
tt.func @hints(%p: !tt.ptr<f32> {tt.divisibility = 16 : i64}, %n: i32 {tt.divisibility = 8 : i32, tt.constancy = 1 : i32}, %t: tensor<4x8xi32> {tt.divisibility = dense<[16, 1]> : tensor<2xi32>, tt.contiguity = dense<[1, 8]> : tensor<2xi32>}, %u: tensor<4x8xi32> {tt.constancy = 4 : i32}, %bad: tensor<4x8xi32> {tt.divisibility = dense<[16, 16, 16]> : tensor<3xi32>}) {
  // CHECK-NEXT: arith.constant {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = 3
  %c3 = arith.constant 3 : i32
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [32], constancy = [1], constant_value = <none>
  %0 = arith.muli %n, %c3 {tt.divisibility = 32 : i32} : i32
  // CHECK-NEXT: arith.addi {{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
  %1 = arith.addi %n, %c3 : i32
  // CHECK-NEXT: tt.make_range
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // CHECK-NEXT: arith.muli {{.*}}=> contiguity = [128], divisibility = [64], constancy = [1], constant_value = <none>
  %2 = arith.muli %r, %r {tt.contiguity = dense<128> : tensor<1xi32>, tt.divisibility = dense<64> : tensor<1xi32>} : tensor<128xi32>
  // CHECK-NEXT: tt.load {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>
  %3 = tt.load %p {tt.divisibility = 4 : i32} : !tt.ptr<f32>
  tt.return
}

// -----

// Functions are not cloned per call site: a callee's arguments get the join
// of what its callers pass (16 and 8 give 8).
module {
// CHECK-LABEL: @addptr_hints
// CHECK-NEXT: %arg0: !tt.ptr<i32> => contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>
// CHECK-NEXT: arith.constant
// CHECK-NEXT: tt.addptr {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>
tt.func private @addptr_hints(%arg0: !tt.ptr<i32>) {
  %c1 = arith.constant 1 : i32
  %0 = tt.addptr %arg0, %c1 : !tt.ptr<i32>, i32
  tt.return
}
// CHECK-LABEL: @kernel_div16
// CHECK-NEXT: %arg0: !tt.ptr<i32> => contiguity = [1], divisibility = [16]
tt.func public @kernel_div16(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
  tt.call @addptr_hints(%arg0) : (!tt.ptr<i32>) -> ()
  tt.return
}
// CHECK-LABEL: @kernel_div8
// CHECK-NEXT: %arg0: !tt.ptr<i32> => contiguity = [1], divisibility = [8]
tt.func public @kernel_div8(%arg0: !tt.ptr<i32> {tt.divisibility = 8 : i32}) {
  tt.call @addptr_hints(%arg0) : (!tt.ptr<i32>) -> ()
  tt.return
}
}

// -----

// Through a chain: @mul is reached with multiples of 12 (via @foo) and of 8
// (via @bar).
module {
// CHECK-LABEL: @mul
// CHECK-NEXT: %arg0: i32 => contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>
// CHECK-NEXT: arith.constant
// CHECK-NEXT: arith.muli {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>
tt.func private @mul(%arg0: i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.muli %arg0, %c1 : i32
  tt.return
}
// CHECK-LABEL: @bar
// CHECK-NEXT: %arg0: i32 => contiguity = [1], divisibility = [8]
tt.func private @bar(%arg0: i32) {
  tt.call @mul(%arg0) : (i32) -> ()
  tt.return
}
// CHECK-LABEL: @foo
// CHECK-NEXT: %arg0: i32 => contiguity = [1], divisibility = [4]
tt.func private @foo(%arg0: i32) {
  tt.call @mul(%arg0) : (i32) -> ()
  tt.return
}
// CHECK-LABEL: @call_graph
tt.func public @call_graph(%arg0: i32) {
  %c12 = arith.constant 12 : i32
  %0 = arith.muli %arg0, %c12 : i32
  tt.call @foo(%0) : (i32) -> ()
  %c8 = arith.constant 8 : i32
  %1 = arith.muli %arg0, %c8 : i32
  tt.call @bar(%1) : (i32) -> ()
  tt.return
}
}

// -----

// The join keeps a constant every call passes, bounds the result by the
// callee's own hints (8 below 64), handles tensors per dimension, ignores
// calls in dead code, and call results are unknown.
module {
// CHECK-LABEL: @callee
// CHECK-NEXT: %arg0: i32 => contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg1: i32 => contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>
// CHECK-NEXT: %arg2: i32 => contiguity = [1], divisibility = [4], constancy = [1], constant_value = 4
// CHECK-NEXT: %arg3: tensor<16x32xi32> => contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 1], constant_value = <none>
// CHECK-NEXT: %arg4: i32 => contiguity = [1], divisibility = [64], constancy = [1], constant_value = <none>
// CHECK-NEXT: arith.addi {{.*}}=> contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>
tt.func private @callee(%h: i32 {tt.divisibility = 8 : i32}, %k: i32, %c: i32, %t: tensor<16x32xi32>, %d: i32) -> i32 {
  %0 = arith.addi %h, %k : i32
  tt.return %0 : i32
}
// CHECK-LABEL: @kernel
// CHECK: tt.call @callee{{.*}}=> contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>
tt.func public @kernel(%x: i32 {tt.divisibility = 64 : i32}, %b: i1) {
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %e = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %t = tt.broadcast %e : tensor<1x32xi32> -> tensor<16x32xi32>
  %0 = tt.call @callee(%x, %c4, %c4, %t, %x) : (i32, i32, i32, tensor<16x32xi32>, i32) -> i32
  %c16 = arith.constant dense<16> : tensor<16x32xi32>
  %1 = tt.call @callee(%x, %x, %c4, %c16, %x) : (i32, i32, i32, tensor<16x32xi32>, i32) -> i32
  %false = arith.constant false
  scf.if %false {
    %c1 = arith.constant 1 : i32
    %2 = tt.call @callee(%c1, %c1, %c5, %c16, %c1) : (i32, i32, i32, tensor<16x32xi32>, i32) -> i32
  }
  tt.return
}
}
