// RUN: downstream-opt %s -split-input-file -verify-each \
// RUN:   -downstream-streaming-memory | FileCheck %s
// RUN: downstream-opt %s -split-input-file -verify-each \
// RUN:   -pass-pipeline='builtin.module(tt.func(downstream-streaming-memory{load-cache=ca store-cache=wt}))' \
// RUN:   | FileCheck %s --check-prefix=OPTS

// Plain accesses get the streaming modifiers; accesses that chose a modifier
// or a policy, and volatile loads, keep theirs.
// CHECK-LABEL: tt.func @ttir
// CHECK: tt.load %{{.*}}, %{{.*}} cacheModifier = cg :
// CHECK: tt.load %{{.*}} cacheModifier = ca :
// CHECK: tt.load %{{.*}} evictionPolicy = evict_last :
// CHECK: tt.load %{{.*}} {isVolatile = true} :
// CHECK: tt.store %{{.*}}, %{{.*}} cacheModifier = cs :
// CHECK: tt.store %{{.*}}, %{{.*}} cacheModifier = wt :
// CHECK: tt.store %{{.*}}, %{{.*}} evictionPolicy = evict_first :
// OPTS-LABEL: tt.func @ttir
// OPTS: tt.load %{{.*}}, %{{.*}} cacheModifier = ca :
// OPTS: tt.load %{{.*}} cacheModifier = ca :
// OPTS: tt.load %{{.*}} evictionPolicy = evict_last :
// OPTS: tt.load %{{.*}} {isVolatile = true} :
// OPTS: tt.store %{{.*}}, %{{.*}} cacheModifier = wt :
// OPTS: tt.store %{{.*}}, %{{.*}} cacheModifier = wt :
tt.func @ttir(%p: tensor<4x!tt.ptr<f32>>, %m: tensor<4xi1>) {
  %a = tt.load %p, %m : tensor<4x!tt.ptr<f32>>
  %b = tt.load %p cacheModifier = ca : tensor<4x!tt.ptr<f32>>
  %c = tt.load %p evictionPolicy = evict_last : tensor<4x!tt.ptr<f32>>
  %d = tt.load %p {isVolatile = true} : tensor<4x!tt.ptr<f32>>
  tt.store %p, %a : tensor<4x!tt.ptr<f32>>
  tt.store %p, %b cacheModifier = wt : tensor<4x!tt.ptr<f32>>
  tt.store %p, %c evictionPolicy = evict_first : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

// Scalar accesses and accesses inside loops are marked as well.
// CHECK-LABEL: tt.func @scalar_in_loop
// CHECK: scf.for
// CHECK:   tt.load %{{.*}} cacheModifier = cg : !tt.ptr<i32>
// CHECK:   tt.store %{{.*}}, %{{.*}} cacheModifier = cs : !tt.ptr<i32>
tt.func @scalar_in_loop(%p: !tt.ptr<i32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = tt.load %p : !tt.ptr<i32>
    tt.store %p, %v : !tt.ptr<i32>
  }
  tt.return
}

// -----

// TTGIR: the same tt ops inside a module with layouts.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func public @ttgir
  // CHECK: tt.load %{{.*}}, %{{.*}} cacheModifier = cg : tensor<512x!tt.ptr<f32>, #blocked>
  // CHECK: tt.store %{{.*}}, %{{.*}} cacheModifier = cs : tensor<512x!tt.ptr<f32>, #blocked>
  tt.func public @ttgir(%p: tensor<512x!tt.ptr<f32>, #blocked>, %m: tensor<512xi1, #blocked>) {
    %x = tt.load %p, %m : tensor<512x!tt.ptr<f32>, #blocked>
    tt.store %p, %x, %m : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
