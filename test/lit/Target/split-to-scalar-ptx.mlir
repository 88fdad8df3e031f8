// test_split_to_scalar: tl.split of a 2-element tensor into two scalars, as
// Triton 3.6 prints its TTIR (expand_dims to 1x2, tt.split, tt.unsplat),
// compiled to PTX: one 16-byte load, each half stored by one thread.
// RUN: triton-translate %s | FileCheck %s
// RUN: triton-translate %s --emit=ttgir | FileCheck %s --check-prefix=TTGIR

// CHECK-LABEL: .visible .entry kernel(
// CHECK: ld.global.v2.b64 { %rd[[LO:[0-9]+]], %rd[[HI:[0-9]+]] }
// CHECK: st.global.b64 [ %rd{{[0-9]+}} + 0 ], %rd[[LO]];
// CHECK: st.global.b64 [ %rd{{[0-9]+}} + 0 ], %rd[[HI]];

// TTGIR: tt.split %{{.*}} : tensor<1x2xi64, #{{.*}}> -> tensor<1xi64, #{{.*}}>
// TTGIR: tt.unsplat %{{.*}} : tensor<1xi64, #{{.*}}>{{$}}
// TTGIR: tt.unsplat %{{.*}} : tensor<1xi64, #{{.*}}>{{$}}

module {
  tt.func public @kernel(%X: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %Z1: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %Z2: !tt.ptr<i64> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %x = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %x_0 = tt.splat %X : !tt.ptr<i64> -> tensor<2x!tt.ptr<i64>>
    %x_1 = tt.addptr %x_0, %x : tensor<2x!tt.ptr<i64>>, tensor<2xi32>
    %x_2 = tt.load %x_1 : tensor<2x!tt.ptr<i64>>
    %0 = tt.expand_dims %x_2 {axis = 0 : i32} : tensor<2xi64> -> tensor<1x2xi64>
    %outLHS, %outRHS = tt.split %0 : tensor<1x2xi64> -> tensor<1xi64>
    %1 = tt.unsplat %outLHS : tensor<1xi64>
    %2 = tt.unsplat %outRHS : tensor<1xi64>
    tt.store %Z1, %1 : !tt.ptr<i64>
    tt.store %Z2, %2 : !tt.ptr<i64>
    tt.return
  }
}
