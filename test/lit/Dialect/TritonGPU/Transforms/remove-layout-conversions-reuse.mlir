// The rematerialization keeps a table of values already recomputed in a
// layout, keyed by Value (a pointer into the op). Entries for ops the pass
// erased used to stay; a new op could take the freed address, and its
// result was handed out as the rematerialization of an unrelated value: the
// output then depended on the allocator (address-space randomisation gave
// two op orders of this kernel and, now and then, an arith.andi of an i1
// and an i32). The pass runs six times here; every run must print the same.
// The input is the first remove-layout-conversions of an Inductor kernel
// (batch-norm statistics, triton_red_fused__native_batch_norm_legit_functional_12).
//
// RUN: triton-opt %s -tritongpu-remove-layout-conversions > %t.1
// RUN: triton-opt %s -tritongpu-remove-layout-conversions > %t.2
// RUN: triton-opt %s -tritongpu-remove-layout-conversions > %t.3
// RUN: triton-opt %s -tritongpu-remove-layout-conversions > %t.4
// RUN: triton-opt %s -tritongpu-remove-layout-conversions > %t.5
// RUN: triton-opt %s -tritongpu-remove-layout-conversions > %t.6
// RUN: diff %t.1 %t.2 && diff %t.1 %t.3 && diff %t.1 %t.4 && diff %t.1 %t.5 && diff %t.1 %t.6
// RUN: FileCheck %s < %t.1

// Two conversions stay in the loop (a row index and a mask, computed once
// per row and broadcast) and three after it (the reduced statistics go to
// the store's layout).
// CHECK-LABEL: tt.func public @triton_red_fused__native_batch_norm_legit_functional_12
// CHECK: scf.for
// CHECK-COUNT-2: ttg.convert_layout
// CHECK: scf.yield
// CHECK-COUNT-3: ttg.convert_layout
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked4 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked5 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked6 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @triton_red_fused__native_batch_norm_legit_functional_12(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant 0.000000e+00 : f32
    %c32_i32 = arith.constant 32 : i32
    %c125_i32 = arith.constant 125 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<16x32xf32, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<16x32xf32, #blocked>
    %cst_2 = arith.constant dense<64> : tensor<16x32xi32, #blocked>
    %cst_3 = arith.constant dense<3600> : tensor<16x32xi32, #blocked>
    %cst_4 = arith.constant dense<125> : tensor<16x1xi32, #blocked1>
    %cst_5 = arith.constant dense<125> : tensor<1x32xi32, #blocked>
    %cst_6 = arith.constant dense<64> : tensor<16x1xi32, #blocked1>
    %cst_7 = arith.constant dense<1856> : tensor<16x1xi32, #blocked1>
    %c16_i32 = arith.constant 16 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c16_i32 : i32
    %2 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #blocked2>
    %3 = ttg.convert_layout %2 : tensor<16xi32, #blocked2> -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked3}>>
    %4 = tt.expand_dims %3 {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked3}>> -> tensor<16x1xi32, #blocked3>
    %5 = ttg.convert_layout %4 : tensor<16x1xi32, #blocked3> -> tensor<16x1xi32, #blocked1>
    %6 = tt.splat %1 : i32 -> tensor<16x1xi32, #blocked1>
    %7 = arith.addi %6, %5 : tensor<16x1xi32, #blocked1>
    %8 = arith.cmpi slt, %7, %cst_7 : tensor<16x1xi32, #blocked1>
    %9 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked2>
    %10 = ttg.convert_layout %9 : tensor<32xi32, #blocked2> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked4}>>
    %11 = tt.expand_dims %10 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked4}>> -> tensor<1x32xi32, #blocked4>
    %12 = ttg.convert_layout %11 : tensor<1x32xi32, #blocked4> -> tensor<1x32xi32, #blocked>
    %13 = arith.divsi %7, %cst_6 : tensor<16x1xi32, #blocked1>
    %14 = arith.remsi %7, %cst_6 : tensor<16x1xi32, #blocked1>
    %15:3 = scf.for %arg6 = %c0_i32 to %c125_i32 step %c32_i32 iter_args(%arg7 = %cst_1, %arg8 = %cst_1, %arg9 = %cst_1) -> (tensor<16x32xf32, #blocked>, tensor<16x32xf32, #blocked>, tensor<16x32xf32, #blocked>)  : i32 {
      %44 = tt.splat %arg6 : i32 -> tensor<1x32xi32, #blocked>
      %45 = arith.addi %44, %12 : tensor<1x32xi32, #blocked>
      %46 = arith.cmpi slt, %45, %cst_5 : tensor<1x32xi32, #blocked>
      %47 = arith.muli %13, %cst_4 : tensor<16x1xi32, #blocked1>
      %48 = tt.broadcast %45 : tensor<1x32xi32, #blocked> -> tensor<16x32xi32, #blocked>
      %49 = tt.broadcast %47 : tensor<16x1xi32, #blocked1> -> tensor<16x32xi32, #blocked1>
      %50 = ttg.convert_layout %49 : tensor<16x32xi32, #blocked1> -> tensor<16x32xi32, #blocked>
      %51 = arith.addi %48, %50 : tensor<16x32xi32, #blocked>
      %52 = arith.cmpi slt, %51, %cst_3 : tensor<16x32xi32, #blocked>
      %53 = arith.remsi %51, %cst_3 : tensor<16x32xi32, #blocked>
      %54 = arith.muli %53, %cst_2 : tensor<16x32xi32, #blocked>
      %55 = tt.broadcast %14 : tensor<16x1xi32, #blocked1> -> tensor<16x32xi32, #blocked1>
      %56 = ttg.convert_layout %55 : tensor<16x32xi32, #blocked1> -> tensor<16x32xi32, #blocked>
      %57 = arith.addi %56, %54 : tensor<16x32xi32, #blocked>
      %58 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>, #blocked>
      %59 = tt.addptr %58, %57 : tensor<16x32x!tt.ptr<f32>, #blocked>, tensor<16x32xi32, #blocked>
      %60 = tt.broadcast %46 : tensor<1x32xi1, #blocked> -> tensor<16x32xi1, #blocked>
      %61 = arith.andi %60, %52 : tensor<16x32xi1, #blocked>
      %62 = tt.broadcast %8 : tensor<16x1xi1, #blocked1> -> tensor<16x32xi1, #blocked1>
      %63 = ttg.convert_layout %62 : tensor<16x32xi1, #blocked1> -> tensor<16x32xi1, #blocked>
      %64 = arith.andi %61, %63 : tensor<16x32xi1, #blocked>
      %65 = ttg.convert_layout %59 : tensor<16x32x!tt.ptr<f32>, #blocked> -> tensor<16x32x!tt.ptr<f32>, #blocked5>
      %66 = ttg.convert_layout %64 : tensor<16x32xi1, #blocked> -> tensor<16x32xi1, #blocked5>
      %67 = ttg.convert_layout %cst_1 : tensor<16x32xf32, #blocked> -> tensor<16x32xf32, #blocked5>
      %68 = tt.load %65, %66, %67 evictionPolicy = evict_first : tensor<16x32x!tt.ptr<f32>, #blocked5>
      %69 = ttg.convert_layout %68 : tensor<16x32xf32, #blocked5> -> tensor<16x32xf32, #blocked>
      %70 = arith.select %52, %cst_0, %cst_1 : tensor<16x32xi1, #blocked>, tensor<16x32xf32, #blocked>
      %71 = arith.subf %69, %arg7 : tensor<16x32xf32, #blocked>
      %72 = arith.addf %arg9, %70 : tensor<16x32xf32, #blocked>
      %73 = arith.cmpf oeq, %72, %cst_1 : tensor<16x32xf32, #blocked>
      %74 = arith.divf %70, %72 : tensor<16x32xf32, #blocked>
      %75 = arith.select %73, %cst_1, %74 : tensor<16x32xi1, #blocked>, tensor<16x32xf32, #blocked>
      %76 = arith.mulf %71, %75 : tensor<16x32xf32, #blocked>
      %77 = arith.addf %arg7, %76 : tensor<16x32xf32, #blocked>
      %78 = arith.addf %arg8, %cst_1 : tensor<16x32xf32, #blocked>
      %79 = arith.mulf %71, %71 : tensor<16x32xf32, #blocked>
      %80 = arith.mulf %79, %arg9 : tensor<16x32xf32, #blocked>
      %81 = arith.mulf %80, %75 : tensor<16x32xf32, #blocked>
      %82 = arith.addf %78, %81 : tensor<16x32xf32, #blocked>
      %83 = arith.andi %60, %63 : tensor<16x32xi1, #blocked>
      %84 = arith.select %83, %77, %arg7 : tensor<16x32xi1, #blocked>, tensor<16x32xf32, #blocked>
      %85 = arith.select %83, %82, %arg8 : tensor<16x32xi1, #blocked>, tensor<16x32xf32, #blocked>
      %86 = arith.select %83, %72, %arg9 : tensor<16x32xi1, #blocked>, tensor<16x32xf32, #blocked>
      scf.yield %84, %85, %86 : tensor<16x32xf32, #blocked>, tensor<16x32xf32, #blocked>, tensor<16x32xf32, #blocked>
    }
    %16:3 = "tt.reduce"(%15#0, %15#1, %15#2) <{axis = 1 : i32}> ({
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32, %arg9: f32, %arg10: f32, %arg11: f32):
      %44 = arith.subf %arg9, %arg6 : f32
      %45 = arith.addf %arg8, %arg11 : f32
      %46 = arith.cmpf oeq, %45, %cst : f32
      %47 = arith.divf %arg11, %45 : f32
      %48 = arith.select %46, %cst, %47 : f32
      %49 = arith.mulf %44, %48 : f32
      %50 = arith.addf %arg6, %49 : f32
      %51 = arith.addf %arg7, %arg10 : f32
      %52 = arith.mulf %44, %44 : f32
      %53 = arith.mulf %52, %arg8 : f32
      %54 = arith.mulf %53, %48 : f32
      %55 = arith.addf %51, %54 : f32
      tt.reduce.return %50, %55, %45 : f32, f32, f32
    }) : (tensor<16x32xf32, #blocked>, tensor<16x32xf32, #blocked>, tensor<16x32xf32, #blocked>) -> (tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>>)
    %17 = ttg.convert_layout %16#2 : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<16xf32, #blocked2>
    %18 = ttg.convert_layout %16#1 : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<16xf32, #blocked2>
    %19 = ttg.convert_layout %16#0 : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<16xf32, #blocked2>
    %20 = ttg.convert_layout %19 : tensor<16xf32, #blocked2> -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked3}>>
    %21 = tt.expand_dims %20 {axis = 1 : i32} : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked3}>> -> tensor<16x1xf32, #blocked3>
    %22 = ttg.convert_layout %21 : tensor<16x1xf32, #blocked3> -> tensor<16x1xf32, #blocked1>
    %23 = ttg.convert_layout %18 : tensor<16xf32, #blocked2> -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked3}>>
    %24 = tt.expand_dims %23 {axis = 1 : i32} : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked3}>> -> tensor<16x1xf32, #blocked3>
    %25 = ttg.convert_layout %24 : tensor<16x1xf32, #blocked3> -> tensor<16x1xf32, #blocked1>
    %26 = ttg.convert_layout %17 : tensor<16xf32, #blocked2> -> tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked3}>>
    %27 = tt.expand_dims %26 {axis = 1 : i32} : tensor<16xf32, #ttg.slice<{dim = 1, parent = #blocked3}>> -> tensor<16x1xf32, #blocked3>
    %28 = ttg.convert_layout %27 : tensor<16x1xf32, #blocked3> -> tensor<16x1xf32, #blocked1>
    %29 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>, #blocked1>
    %30 = tt.addptr %29, %7 : tensor<16x1x!tt.ptr<f32>, #blocked1>, tensor<16x1xi32, #blocked1>
    %31 = ttg.convert_layout %30 : tensor<16x1x!tt.ptr<f32>, #blocked1> -> tensor<16x1x!tt.ptr<f32>, #blocked6>
    %32 = ttg.convert_layout %22 : tensor<16x1xf32, #blocked1> -> tensor<16x1xf32, #blocked6>
    %33 = ttg.convert_layout %8 : tensor<16x1xi1, #blocked1> -> tensor<16x1xi1, #blocked6>
    tt.store %31, %32, %33 : tensor<16x1x!tt.ptr<f32>, #blocked6>
    %34 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>, #blocked1>
    %35 = tt.addptr %34, %7 : tensor<16x1x!tt.ptr<f32>, #blocked1>, tensor<16x1xi32, #blocked1>
    %36 = ttg.convert_layout %35 : tensor<16x1x!tt.ptr<f32>, #blocked1> -> tensor<16x1x!tt.ptr<f32>, #blocked6>
    %37 = ttg.convert_layout %25 : tensor<16x1xf32, #blocked1> -> tensor<16x1xf32, #blocked6>
    %38 = ttg.convert_layout %8 : tensor<16x1xi1, #blocked1> -> tensor<16x1xi1, #blocked6>
    tt.store %36, %37, %38 : tensor<16x1x!tt.ptr<f32>, #blocked6>
    %39 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>, #blocked1>
    %40 = tt.addptr %39, %7 : tensor<16x1x!tt.ptr<f32>, #blocked1>, tensor<16x1xi32, #blocked1>
    %41 = ttg.convert_layout %40 : tensor<16x1x!tt.ptr<f32>, #blocked1> -> tensor<16x1x!tt.ptr<f32>, #blocked6>
    %42 = ttg.convert_layout %28 : tensor<16x1xf32, #blocked1> -> tensor<16x1xf32, #blocked6>
    %43 = ttg.convert_layout %8 : tensor<16x1xi1, #blocked1> -> tensor<16x1xi1, #blocked6>
    tt.store %41, %42, %43 : tensor<16x1x!tt.ptr<f32>, #blocked6>
    tt.return
  }
}


