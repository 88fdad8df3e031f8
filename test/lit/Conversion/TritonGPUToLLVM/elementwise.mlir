// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm | FileCheck %s

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// arith on tensors: one scalar op per register (2 here).
// CHECK-LABEL: llvm.func @arith
// CHECK-COUNT-2: llvm.fadd %{{.*}}, %{{.*}} : f32
// CHECK-COUNT-2: llvm.fcmp "olt"
// CHECK-COUNT-2: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
// CHECK-COUNT-2: llvm.sitofp %{{.*}} : i32 to f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @arith(%x: tensor<256xf32, #b>, %i: tensor<256xi32, #b>) -> tensor<256xf32, #b> attributes {noinline = false} {
    %a = arith.addf %x, %x : tensor<256xf32, #b>
    %c = arith.cmpf olt, %a, %x : tensor<256xf32, #b>
    %s = arith.select %c, %a, %x : tensor<256xi1, #b>, tensor<256xf32, #b>
    %f = arith.sitofp %i : tensor<256xi32, #b> to tensor<256xf32, #b>
    %r = arith.addf %s, %f : tensor<256xf32, #b>
    tt.return %r : tensor<256xf32, #b>
  }
}

// -----

// arith.ceildivsi / ceildivui / floordivsi (Triton's frontend writes them for
// `//` and cdiv) expand to divisions, compares and selects, on scalars and
// per register on tensors.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: llvm.func @ceil_floor_div
// CHECK: llvm.sdiv %{{.*}}, %{{.*}} : i32
// CHECK-COUNT-2: llvm.sdiv %{{.*}}, %{{.*}} : i32
// CHECK-COUNT-2: llvm.udiv %{{.*}}, %{{.*}} : i32
// CHECK-NOT: arith.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ceil_floor_div(%a: i32, %b: i32, %t: tensor<256xi32, #b>) -> tensor<256xi32, #b> attributes {noinline = false} {
    %c = arith.ceildivsi %a, %b : i32
    %s = tt.splat %c : i32 -> tensor<256xi32, #b>
    %d = arith.floordivsi %t, %s : tensor<256xi32, #b>
    %e = arith.ceildivui %d, %s : tensor<256xi32, #b>
    tt.return %e : tensor<256xi32, #b>
  }
}

// -----

// exp and log take the hardware approximations in f32 (Triton's fast path),
// libdevice in f64; f16 goes through f32.
// CHECK-LABEL: llvm.func @fast_math
// CHECK: llvm.fmul %{{.*}}, %{{.*}} : f32
// CHECK: llvm.inline_asm asm_dialect = att "ex2.approx.f32 $0, $1;", "=f,f"
// CHECK: llvm.inline_asm asm_dialect = att "lg2.approx.f32 $0, $1;", "=f,f"
// CHECK: llvm.fmul
// CHECK: llvm.call @__nv_exp2f(%{{.*}}) : (f32) -> f32
// CHECK: llvm.inline_asm asm_dialect = att "rsqrt.approx.f32 $0, $1;", "=f,f"
// CHECK: llvm.call @__nv_exp(%{{.*}}) : (f64) -> f64
// CHECK: llvm.fpext %{{.*}} : f16 to f32
// CHECK: "ex2.approx.f32
// CHECK: llvm.fptrunc %{{.*}} : f32 to f16
// CHECK: llvm.call @__nv_erff(%{{.*}}) : (f32) -> f32
// CHECK: llvm.intr.floor
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fast_math(%x: f32, %d: f64, %h: f16, %p: !tt.ptr<f32>, %pd: !tt.ptr<f64>, %ph: !tt.ptr<f16>) {
    %e = math.exp %x : f32
    %l = math.log %e : f32
    %e2 = math.exp2 %l : f32
    %r = math.rsqrt %e2 : f32
    %ed = math.exp %d : f64
    %eh = math.exp %h : f16
    %er = math.erf %r : f32
    %fl = math.floor %er : f32
    tt.store %p, %fl : !tt.ptr<f32>
    tt.store %pd, %ed : !tt.ptr<f64>
    tt.store %ph, %eh : !tt.ptr<f16>
    tt.return
  }
}

// -----

// tt's elementwise ops.
// CHECK-LABEL: llvm.func @tt_ops
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
// CHECK: llvm.bitcast %{{.*}} : f32 to i32
// CHECK: llvm.intr.maximum
// CHECK: llvm.intr.minimum
// CHECK: llvm.intr.sqrt
// CHECK: llvm.fdiv
// CHECK: llvm.zext %{{.*}} : i32 to i64
// CHECK: llvm.mul %{{.*}}, %{{.*}} : i64
// CHECK: llvm.lshr
// CHECK: llvm.trunc %{{.*}} : i64 to i32
// CHECK: llvm.call @__nv_powf(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tt_ops(%p: !tt.ptr<f32>, %o: i32, %x: f32, %lo: f32, %hi: f32, %q: !tt.ptr<i32>) {
    %a = tt.addptr %p, %o : !tt.ptr<f32>, i32
    %i = tt.ptr_to_int %a : !tt.ptr<f32> -> i64
    %b = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
    %c = tt.bitcast %x : f32 -> i32
    %cl = tt.clampf %x, %lo, %hi, propagateNan = all : f32
    %s = tt.precise_sqrt %cl : f32
    %d = tt.precise_divf %s, %x : f32
    %m = tt.mulhiui %c, %o : i32
    %pw = tt.extern_elementwise %d, %x {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (f32, f32) -> f32
    tt.store %b, %pw : !tt.ptr<f32>
    tt.store %q, %m : !tt.ptr<i32>
    tt.return
  }
}

// -----

// fp_to_fp: f32 -> f16 rounds to nearest even or toward zero; fp8 goes
// through the paired sm_89+ conversions.
// CHECK-LABEL: llvm.func @casts
// CHECK: llvm.fptrunc %{{.*}} : f32 to f16
// CHECK: "cvt.rz.f16.f32 $0, $1;"
// CHECK: "cvt.rn.satfinite.e4m3x2.f32 $0, $2, $1;"
// CHECK: llvm.trunc %{{.*}} : i16 to i8
// CHECK: "cvt.rn.f16x2.e5m2x2 $0, $1;"
// CHECK: llvm.fpext %{{.*}} : f16 to f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @casts(%x: f32, %q: f8E5M2, %p: !tt.ptr<f16>, %p8: !tt.ptr<f8E4M3FN>, %pf: !tt.ptr<f32>) {
    %h = tt.fp_to_fp %x, rounding = rtne : f32 -> f16
    %z = tt.fp_to_fp %x, rounding = rtz : f32 -> f16
    %e = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FN
    %w = tt.fp_to_fp %q : f8E5M2 -> f32
    tt.store %p, %h : !tt.ptr<f16>
    tt.store %p, %z : !tt.ptr<f16>
    tt.store %p8, %e : !tt.ptr<f8E4M3FN>
    tt.store %pf, %w : !tt.ptr<f32>
    tt.return
  }
}

// -----

// To float8e5 toward zero (test_typeconvert_downcast's f32 -> float8e5
// rtz): f32 rounds toward zero to f16, whose top byte is the e5m2 value
// (a NaN whose payload was only in the low byte stays a NaN: 0x7f set);
// an f16 is truncated directly.
// CHECK-LABEL: llvm.func @rtz_e5m2
// CHECK: "cvt.rz.f16.f32 $0, $1;"
// CHECK: %[[TOP:.*]] = llvm.lshr %{{.*}}, %{{.*}} : i16
// CHECK: %[[NAN:.*]] = llvm.icmp "ugt"
// CHECK: llvm.select %[[NAN]], %{{.*}}, %[[TOP]] : i1, i16
// CHECK: llvm.trunc %{{.*}} : i16 to i8
// CHECK: llvm.bitcast %{{.*}} : f16 to i16
// CHECK-NOT: cvt.rz
// CHECK: llvm.lshr
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rtz_e5m2(%x: f32, %h: f16, %p: !tt.ptr<f8E5M2>) {
    %a = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E5M2
    %b = tt.fp_to_fp %h, rounding = rtz : f16 -> f8E5M2
    tt.store %p, %a : !tt.ptr<f8E5M2>
    tt.store %p, %b : !tt.ptr<f8E5M2>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// |x| of 8-bit floats (i8 registers): the sign bit cleared, as Triton does.
// CHECK-LABEL: llvm.func @abs_fp8
// CHECK-COUNT-2: llvm.and %{{.*}}, %{{.*}} : i8
// CHECK-NOT: llvm.and
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @abs_fp8(%x: tensor<256xf8E5M2, #b>, %p: tensor<256x!tt.ptr<f8E5M2>, #b>) {
    %a = math.absf %x : tensor<256xf8E5M2, #b>
    tt.store %p, %a : tensor<256x!tt.ptr<f8E5M2>, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// Division: f32 is Triton's approximate div.full.f32 (one per register),
// tt.precise_divf and other float types stay IEEE (llvm.fdiv).
// CHECK-LABEL: llvm.func @divisions
// CHECK-COUNT-2: llvm.inline_asm asm_dialect = att "div.full.f32 $0, $1, $2;", "=f,f,f"
// CHECK-NOT: div.full
// CHECK: llvm.fdiv %{{.*}} : f64
// CHECK: llvm.fdiv %{{.*}} : f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @divisions(%p: !tt.ptr<f32>, %q: !tt.ptr<f64>, %x: tensor<256xf32, #b>, %a: f64, %y: f32) {
    %d = arith.divf %x, %x : tensor<256xf32, #b>
    %e = arith.divf %a, %a : f64
    %f = tt.precise_divf %y, %y : f32
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b>
    tt.store %s, %d : tensor<256x!tt.ptr<f32>, #b>
    tt.store %q, %e : !tt.ptr<f64>
    tt.store %p, %f : !tt.ptr<f32>
    tt.return
  }
}
