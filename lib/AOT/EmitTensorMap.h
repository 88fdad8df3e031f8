//===- EmitTensorMap.h - CUtensorMap encoding in AOT launchers --*- C++ -*-===//
//
// A kernel compiled for TMA takes each `!tt.tensordesc` parameter as a
// 128-byte CUtensorMap by value. Its C caller passes what a Triton user
// passes to a TensorDescriptor (base pointer, shape, strides); the launcher
// checks them against what the hardware requires and encodes the map with
// cuTensorMapEncodeTiled, as Triton's own launcher does, keeping the last
// few maps per argument and thread so that a repeated launch skips the
// encoding.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_AOT_EMITTENSORMAP_H
#define TRITON_AOT_EMITTENSORMAP_H

#include "AOT/Variant.h"

#include <string>

namespace mlir::triton::aot {

/// The C type `tt_tensor_map` (one descriptor's encoding parameters) and,
/// when `withEncoder`, the static `tt_encode_tensor_map` and its cache type.
std::string getTensorMapHelpersC(bool withEncoder);

/// `static const tt_tensor_map tt_maps_<index>[] = {...};` for a TMA
/// target, nothing for one that takes base pointers.
std::string formatTensorMapTable(const TargetBinary &target, unsigned index);

/// The launcher's statements that encode the maps of `variant`'s
/// descriptor parameters into `tt_map_<k>` and point `tt_params` at them
/// when the loaded binary (`tt_entry->binary`) takes CUtensorMaps.
std::string formatTensorMapSetup(const Variant &variant);

} // namespace mlir::triton::aot

#endif // TRITON_AOT_EMITTENSORMAP_H
