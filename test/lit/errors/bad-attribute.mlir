// Attribute values outside what the op accepts.
// RUN: not triton-opt -split-input-file %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: sh -c 'triton-opt -split-input-file %s >/dev/null 2>&1; test $? -eq 1'

// An unknown cache modifier.
tt.func public @bad_cache_modifier(%p: tensor<128x!tt.ptr<f32>>) {
  // CHECK: {{.*}}bad-attribute.mlir:[[@LINE+1]]:35: error: custom op 'tt.load' expected string or keyword containing one of the following enum values for attribute 'cache' [none, ca, cg, wb, cs, wt, cv]
  %0 = tt.load %p cacheModifier = bogus : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

// An unknown eviction policy on a store.
tt.func public @bad_eviction_policy(%p: tensor<128x!tt.ptr<f32>>, %v: tensor<128xf32>) {
  // CHECK: {{.*}}bad-attribute.mlir:[[@LINE+1]]:36: error: custom op 'tt.store' expected string or keyword containing one of the following enum values for attribute 'evict' [evict_normal, evict_first, evict_last]
  tt.store %p, %v evictionPolicy = sometimes : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

// A program id axis other than x, y, z.
tt.func public @bad_program_id_axis() {
  // CHECK: {{.*}}bad-attribute.mlir:[[@LINE+1]]:26: error: custom op 'tt.get_program_id' expected string or keyword containing one of the following enum values for attribute 'axis' [x, y, z]
  %0 = tt.get_program_id w : i32
  tt.return
}

// -----

// A range whose end is not after its start.
tt.func public @bad_make_range() {
  // CHECK: {{.*}}bad-attribute.mlir:[[@LINE+1]]:8: error: 'tt.make_range' op start (128) must be less than end (0)
  %0 = tt.make_range {end = 0 : i32, start = 128 : i32} : tensor<128xi32>
  tt.return
}
