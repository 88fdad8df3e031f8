// RUN: triton-opt %s -split-input-file -tritongpu-allocate-warp-groups -verify-diagnostics | FileCheck %s

// No warp specialization: the launch needs the kernel's warps.
// CHECK: module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 4 : i32}
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @plain() {
    tt.return
  }
}

// -----

// Partitions of 1, 8 and 4 warps (13) are padded to 16, with empty
// partitions of 2 and 1 warps; the largest partitions start first.
// CHECK: module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 20 : i32}
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @padded
  tt.func @padded(%x: i32) {
    // CHECK: ttg.warp_specialize(%{{.*}}) attributes {warpGroupStartIds = array<i32: 18, 4, 12, 16, 19>}
    // CHECK: partition0(%{{.*}}: i32) num_warps(1)
    // CHECK: partition1(%{{.*}}: i32) num_warps(8)
    // CHECK: partition2(%{{.*}}: i32) num_warps(4)
    // CHECK: partition3(%{{.*}}: i32) num_warps(2) {
    // CHECK-NEXT: ttg.warp_return
    // CHECK: partition4(%{{.*}}: i32) num_warps(1) {
    // CHECK-NEXT: ttg.warp_return
    // CHECK: } : (i32) -> ()
    ttg.warp_specialize(%x)
    default {
      ttg.warp_yield
    }
    partition0(%a: i32) num_warps(1) {
      ttg.warp_return
    }
    partition1(%a: i32) num_warps(8) {
      ttg.warp_return
    }
    partition2(%a: i32) num_warps(4) {
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}

// -----

// Two ops: both get the larger one's warp groups (8 extra warps); the
// first is padded with a partition of 4; equal sizes keep their order.
// CHECK: module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 12 : i32}
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @two
  tt.func @two() {
    // CHECK: ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 10, 11, 8, 4>}
    // CHECK: partition3() num_warps(4)
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(1) {
      ttg.warp_return
    }
    partition1() num_warps(1) {
      ttg.warp_return
    }
    partition2() num_warps(2) {
      ttg.warp_return
    } : () -> ()
    // CHECK: ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4, 8>}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    }
    partition1() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// Registers: a producer warp group asking for 40, a consumer group for
// 232, 12 warps in all (64K / 384 threads = 168 a thread, rounded to 168).
// The default warps get what the producer gives back:
// (168 * 4 + (168 - 40) * 4 + (168 - 232) * 4) / 4 = 232.
// CHECK: module attributes {ttg.maxnreg = 168 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 12 : i32}
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @registers
  tt.func @registers() {
    // CHECK: actualRegisters = array<i32: 232, 40, 232>, requestedRegisters = array<i32: 40, 232>, warpGroupStartIds = array<i32: 4, 8>
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 40, 232>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    }
    partition1() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// Requests below setmaxnreg's 24 are raised to it, 32 where a partition
// may print; a padded partition asks for 24; a group takes the largest
// request of its partitions (rounded up to 8); the module's ttg.maxnreg is
// the budget.
// CHECK: module attributes {ttg.maxnreg = 128 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32}
module attributes {"ttg.maxnreg" = 128 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @minimums
  tt.func @minimums(%x: i32) {
    // One warp group of partitions 1, 0 and the padding (start ids 4, 6,
    // 7): max(41 -> 48, 32, 24) = 48; the default warps get
    // (128 * 4 + (128 - 48) * 4) / 4 = 208.
    // CHECK: actualRegisters = array<i32: 208, 48, 48, 48>, requestedRegisters = array<i32: 8, 41, 24>, warpGroupStartIds = array<i32: 6, 4, 7>
    ttg.warp_specialize(%x) attributes {requestedRegisters = array<i32: 8, 41>}
    default {
      ttg.warp_yield
    }
    partition0(%a: i32) num_warps(1) {
      tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %a : i32
      ttg.warp_return
    }
    partition1(%a: i32) num_warps(2) {
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}

// -----

// The default warps would get fewer than 24 registers: no budgets.
// CHECK: module attributes {ttg.maxnreg = 32 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32}
// CHECK-LABEL: @starved
// CHECK: ttg.warp_specialize() attributes {requestedRegisters = array<i32: 256>, warpGroupStartIds = array<i32: 4>}
module attributes {"ttg.maxnreg" = 32 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @starved() {
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 256>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 16 : i32} {
  tt.func @too_many() {
    // expected-error @+1 {{'ttg.warp_specialize' op needs 36 warps with the kernel's 16, more than the 32 a CTA can have}}
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(16) {
      ttg.warp_return
    }
    partition1() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
