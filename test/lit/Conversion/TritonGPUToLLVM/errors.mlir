// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv --convert-triton-gpu-to-llvm -verify-diagnostics

// Structured control flow must be lowered to cf first.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scf_left(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{must be lowered to cf first (convert-scf-to-cf)}}
    scf.for %i = %c0 to %n step %c1 {
    }
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @non_splat(%p: !tt.ptr<i32>) {
    // expected-error @+1 {{lowering to LLVM supports splat tensor constants only}}
    %c = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_arith(%x: tensor<128xf8E4M3FN, #b>) {
    // expected-error @+1 {{on 8-bit floats is not lowered; cast with tt.fp_to_fp first}}
    %y = arith.addf %x, %x : tensor<128xf8E4M3FN, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot_scaled(%a: tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #b}>>, %b: tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #b}>>, %c: tensor<16x16xf32, #b>) {
    // expected-error @+1 {{is not lowered to LLVM here (the ttgir pipeline decomposes tt.dot_scaled and turns tensor-descriptor ops into TMA ops and tensor maps; Hopper-specific ops other than wgmma, mbarriers, named barriers, TMA copies and tensor maps are not supported by this backend)}}
    %d = tt.dot_scaled %a, %b, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #b}>> * tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #b}>> -> tensor<16x16xf32, #b>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_variant(%x: f32, %p: !tt.ptr<f8E4M3FNUZ>) {
    // expected-error @+1 {{conversion of 'f8E4M3FNUZ' is not lowered (f8E4M3FN and f8E5M2 are)}}
    %y = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FNUZ
    tt.store %p, %y : !tt.ptr<f8E4M3FNUZ>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @warp_specialize(%p: !tt.ptr<i32>) {
    // expected-error @+1 {{'ttg.warp_specialize' op has no warpGroupStartIds: run tritongpu-allocate-warp-groups first}}
    ttg.warp_specialize(%p)
    default {
      ttg.warp_yield
    }
    partition0(%a: !tt.ptr<i32>) num_warps(4) {
      ttg.warp_return
    } : (!tt.ptr<i32>) -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 20 : i32} {
  tt.func public @warp_specialize_partitions(%p: !tt.ptr<i32>) {
    // expected-error @+1 {{'ttg.warp_specialize' op has 15 partitions; at most 12 get a named barrier of their own}}
    ttg.warp_specialize(%p) attributes {warpGroupStartIds = array<i32: 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18>}
    default {
      ttg.warp_yield
    }
    partition0(%a0: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition1(%a1: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition2(%a2: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition3(%a3: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition4(%a4: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition5(%a5: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition6(%a6: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition7(%a7: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition8(%a8: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition9(%a9: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition10(%a10: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition11(%a11: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition12(%a12: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition13(%a13: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    partition14(%a14: !tt.ptr<i32>) num_warps(1) {
      ttg.warp_return
    }
    : (!tt.ptr<i32>) -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 8 : i32} {
  tt.func private @helper(%p: !tt.ptr<i32>) attributes {noinline = true} {
    tt.return
  }
  tt.func public @warp_specialize_call(%p: !tt.ptr<i32>) {
    ttg.warp_specialize(%p) attributes {warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield
    }
    partition0(%a: !tt.ptr<i32>) num_warps(4) {
      // expected-error @+1 {{'tt.call' op in a ttg.warp_specialize partition is not lowered (the callee's thread ids and barriers would be the kernel's warps')}}
      tt.call @helper(%a) : (!tt.ptr<i32>) -> ()
      ttg.warp_return
    } : (!tt.ptr<i32>) -> ()
    tt.return
  }
}

// -----

// Rows split over the cluster on one side, columns on the other: elements
// change CTA, which needs distributed shared memory.
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @between_ctas(%x: tensor<128x128xf32, #a>) {
    // expected-error @+2 {{does not support layout conversions that move data between CTAs}}
    // expected-error @+1 {{failed to legalize operation 'ttg.convert_layout'}}
    %0 = ttg.convert_layout %x : tensor<128x128xf32, #a> -> tensor<128x128xf32, #b>
    tt.return
  }
}

// -----

// Toward zero only to float8e5 (whose values are the top byte of an f16).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rtz_e4m3(%x: f32, %p: !tt.ptr<f8E4M3FN>) {
    // expected-error @+2 {{rtz rounding to 8-bit floats is lowered to float8e5 from f16, bf16 and f32 only}}
    // expected-error @+1 {{failed to legalize operation 'tt.fp_to_fp'}}
    %y = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E4M3FN
    tt.store %p, %y : !tt.ptr<f8E4M3FN>
    tt.return
  }
}

// -----

// fp8 scalars are i8 registers after the conversion: refused by name.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8(%x: tensor<256xf8E5M2, #b>) {
    // expected-error @+2 {{lowering to LLVM supports scalar regions over integers and 16/32/64-bit floats, got an argument of 'f8E5M2'}}
    // expected-error @+1 {{failed to legalize operation 'tt.map_elementwise'}}
    %z = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
    ^bb0(%a: f8E5M2):
      tt.map_elementwise.return %a : f8E5M2
    }) : (tensor<256xf8E5M2, #b>) -> tensor<256xf8E5M2, #b>
    tt.return
  }
}

// -----

// A 128-byte swizzle needs 8 rows; the diagnostic names that, for the shape
// as written (not for one of its rows, as if it were a multi-buffered
// allocation).
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @short_nvmma() {
    // expected-error @+2 {{cannot convert the layout to a linear layout: the buffer is smaller than one 8-row swizzle tile}}
    // expected-error @+1 {{failed to legalize operation 'ttg.local_alloc'}}
    %buf = ttg.local_alloc : () -> !ttg.memdesc<4x32xf32, #nvmma, #smem, mutable>
    tt.return
  }
}
