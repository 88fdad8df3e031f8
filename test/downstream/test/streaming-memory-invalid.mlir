// RUN: downstream-opt %s -split-input-file -verify-diagnostics \
// RUN:   -downstream-streaming-memory=load-cache=wb
// RUN: not downstream-opt %s -downstream-streaming-memory=store-cache=cv 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STORE
// RUN: not downstream-opt %s -downstream-streaming-memory=load-cache=bogus 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN

// PTX has no write-back loads: `wb` is a store modifier.
// expected-error @below {{downstream-streaming-memory: load-cache 'wb' is not one of ca, cg, cs, cv}}
tt.func @f(%p: !tt.ptr<f32>) {
  %v = tt.load %p : !tt.ptr<f32>
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}
// STORE: error: 'tt.func' op downstream-streaming-memory: store-cache 'cv' is not one of wb, cg, cs, wt
// UNKNOWN: error: 'tt.func' op downstream-streaming-memory: load-cache 'bogus' is not one of ca, cg, cs, cv
