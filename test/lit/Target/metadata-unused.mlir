// The metadata marks the arguments the kernel never reads ("unused": true),
// after the ttir/ttgir simplifications: a launcher may pass a null pointer
// there (as Triton passes None), where the runtime and the AOT launchers
// refuse a null pointer the kernel reads. Arguments it reads carry no mark.
// RUN: triton-translate %s --emit=llvm-mlir -o %t.mlir --metadata=%t.json
// RUN: FileCheck %s < %t.json

// CHECK: "params": [
// CHECK: "name": "x",
// CHECK-NEXT: "type": "*fp32"
// CHECK-NEXT: },
// CHECK: "name": "bias",
// CHECK-NEXT: "type": "*fp32",
// CHECK-NEXT: "unused": true
// CHECK: "name": "n",
// CHECK-NEXT: "type": "i32"
// CHECK-NEXT: },
// CHECK: "name": "dead",
// CHECK-NEXT: "type": "i32",
// CHECK-NEXT: "unused": true
module {
  tt.func public @kernel(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("x"), %bias: !tt.ptr<f32> loc("bias"), %n: i32 loc("n"), %dead: i32 loc("dead")) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %ns = tt.splat %n : i32 -> tensor<128xi32>
    %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
    %d = arith.addi %dead, %dead : i32
    %s = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %p = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
    tt.store %p, %v, %m : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
