// A kernel for --maxnreg (ptxas-spill-retry.mlir): its PTX has .maxnreg.
module {
  tt.func public @k(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %v = tt.load %p : !tt.ptr<f32>
    tt.store %p, %v : !tt.ptr<f32>
    tt.return
  }
}
