// The verifier rules of gluon.set_auto_layout.
// RUN: triton-opt %s -split-input-file -verify-diagnostics

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @not_auto(%x: tensor<128xi32, #blocked>) {
    // expected-error @+1 {{operand must have the #gluon.auto_encoding layout}}
    %b = gluon.set_auto_layout %x : tensor<128xi32, #blocked> -> tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @to_auto(%x: tensor<128xi32, #gluon.auto_encoding>) {
    // expected-error @+1 {{result must not have the #gluon.auto_encoding layout}}
    %b = gluon.set_auto_layout %x : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32, #gluon.auto_encoding>
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @no_layout(%x: tensor<128xi32, #gluon.auto_encoding>) {
    // expected-error @+1 {{result must have a layout}}
    %b = gluon.set_auto_layout %x : tensor<128xi32, #gluon.auto_encoding> -> tensor<128xi32>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @shape(%x: tensor<128xi32, #gluon.auto_encoding>) {
    // expected-error @+1 {{requires the same shape for all operands and results}}
    %b = gluon.set_auto_layout %x : tensor<128xi32, #gluon.auto_encoding> -> tensor<64xi32, #blocked>
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  // expected-error @+1 {{unknown attribute `no_such_encoding` in dialect `gluon`}}
  tt.func @unknown(%x: tensor<128xi32, #gluon.no_such_encoding>) {
    tt.return
  }
}
