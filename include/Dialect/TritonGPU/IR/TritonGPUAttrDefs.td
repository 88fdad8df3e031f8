//===- TritonGPUAttrDefs.td - ttg layouts and memory spaces -----*- tablegen -*-===//
//
// Distributed layouts (#ttg.blocked, #ttg.slice, #ttg.nvidia_mma,
// #ttg.dot_op), shared memory layouts (#ttg.swizzled_shared,
// #ttg.nvmma_shared) and the shared memory space (#ttg.shared_memory).
// Parsing, printing and verification are in lib/Dialect/TritonGPU/IR.
//
//===----------------------------------------------------------------------===//
#ifndef TRITONGPU_ATTRDEFS_TD
#define TRITONGPU_ATTRDEFS_TD

include "mlir/IR/AttrTypeBase.td"
include "Dialect/TritonGPU/IR/TritonGPUAttrBase.td"
include "Dialect/TritonGPU/IR/TritonGPUAttrInterfaces.td"

class DistributedEncoding<string name, string attrMnemonic,
                          list<Trait> traits = []>
    : TritonGPU_Attr<name, attrMnemonic,
                     !listconcat([LayoutEncodingTrait,
                                  DeclareAttrInterfaceMethods<
                                      DistributedEncodingTrait,
                                      ["getRepOrder", "getElemsPerThread"]>],
                                 traits)> {
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

class SharedEncoding<string name, string attrMnemonic, list<Trait> traits = []>
    : TritonGPU_Attr<name, attrMnemonic,
                     !listconcat([LayoutEncodingTrait], traits)> {
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Distributed layouts
//===----------------------------------------------------------------------===//

def BlockedEncodingAttr : DistributedEncoding<"BlockedEncoding", "blocked_encoding"> {
  let mnemonic = "blocked";
  let summary = "Each thread holds a dense block of elements";
  let description = [{
    `sizePerThread` consecutive elements per thread, `threadsPerWarp`
    threads per warp and `warpsPerCTA` warps per CTA along each dimension,
    `order` listing the dimensions fastest-changing first; a tensor larger
    than the layout repeats it. Example:
    `#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8],
    warpsPerCTA = [8, 1], order = [1, 0]}>`.
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order,
                        "CTAEncodingAttr":$CTALayout);
  let builders = [
    // Triton's default layout for `shape`: threads, then warps, are spread
    // over the dimensions in `order`, each taking what the dimension can
    // hold; the slowest dimension takes what is left.
    AttrBuilder<(ins "ArrayRef<int64_t>":$shape,
                     "ArrayRef<unsigned>":$sizePerThread,
                     "ArrayRef<unsigned>":$order,
                     "unsigned":$numWarps,
                     "unsigned":$numThreadsPerWarp,
                     "CTAEncodingAttr":$CTALayout)>,
    // As above, with CTAs spread from the slowest dimension of `order`.
    AttrBuilder<(ins "ArrayRef<int64_t>":$shape,
                     "ArrayRef<unsigned>":$sizePerThread,
                     "ArrayRef<unsigned>":$order,
                     "unsigned":$numWarps,
                     "unsigned":$numThreadsPerWarp,
                     "unsigned":$numCTAs)>
  ];
}

def SliceEncodingAttr : DistributedEncoding<"SliceEncoding", "slice_encoding"> {
  let mnemonic = "slice";
  let summary = "The parent layout with one dimension removed";
  let description = [{
    The layout of a tensor reduced along `dim` of a tensor in `parent`:
    `tt.expand_dims` along `dim` gives back `parent`. Example:
    `#ttg.slice<{dim = 1, parent = #blocked}>`.
  }];
  let parameters = (ins "unsigned":$dim,
                        "DistributedEncodingTrait":$parent);
  let extraClassDeclaration = [{
    /// `shape` with a 1 inserted at `dim`: the parent's view of a tensor.
    SmallVector<int64_t> paddedShape(ArrayRef<int64_t> shape) const;
    /// The parent's, without `dim`.
    CTAEncodingAttr getCTALayout() const;
  }];
}

def NvidiaMmaEncodingAttr : DistributedEncoding<"NvidiaMmaEncoding",
                                                "nvidia_mma_encoding",
                                                [MmaEncodingTrait]> {
  let mnemonic = "nvidia_mma";
  let summary = "Accumulator layout of mma (v2, Ampere) or wgmma (v3, Hopper)";
  let description = [{
    `versionMajor` 2 is `mma.sync` (Ampere), 3 is `wgmma` (Hopper);
    `warpsPerCTA` the warps along M and N, `instrShape` the instruction
    shape (`[16, 8]` for v2, `[16, N, K]` for v3). Example:
    `#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0,
    warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>`.
  }];
  let parameters = (ins "unsigned":$versionMajor,
                        "unsigned":$versionMinor,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        "CTAEncodingAttr":$CTALayout,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let extraClassDeclaration = [{
    bool isAmpere() const { return getVersionMajor() == 2; }
    bool isHopper() const { return getVersionMajor() == 3; }
    SmallVector<unsigned> getRepOrderForOperand(int opIdx) const;
  }];
}

def DotOperandEncodingAttr : DistributedEncoding<"DotOperandEncoding",
                                                 "dot_operand_encoding"> {
  let mnemonic = "dot_op";
  let summary = "Layout of an operand of a dot, derived from the result's";
  let description = [{
    Operand `opIdx` (0 for A, 1 for B) of a dot whose result has layout
    `parent`; `kWidth` consecutive elements along K per thread (required
    for an mma parent, absent for a blocked one). Example:
    `#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>`.
  }];
  let parameters = (ins "unsigned":$opIdx,
                        "Attribute":$parent,
                        DefaultValuedParameter<"unsigned", "0">:$kWidth);
  let builders = [
    AttrBuilder<(ins "unsigned":$opIdx, "Attribute":$parent), [{
      return $_get(context, opIdx, parent, 0);
    }]>
  ];
  let extraClassDeclaration = [{
    /// The parent's, with the K dimension not split (every CTA holds all
    /// of K).
    CTAEncodingAttr getCTALayout() const;
  }];
}

def LinearLayoutParam : AttrOrTypeParameter<"LinearLayout", "linear layout"> {
  let cppAccessorType = "const LinearLayout &";
}

def LinearEncodingAttr : DistributedEncoding<"LinearEncoding", "linear_encoding"> {
  let mnemonic = "linear";
  let summary = "Any distributed layout, as the linear map it is";
  let description = [{
    A linear map (over GF(2)) from (register, lane, warp, block) to the
    tensor coordinates, given by the coordinates of each power of two of
    each input: `#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2],
    [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0]], block = []}>`. A
    larger tensor repeats it in registers; a smaller one drops registers and
    duplicates lanes/warps beyond it.
  }];
  let parameters = (ins LinearLayoutParam:$linearLayout);
  let extraClassDeclaration = [{
    CTAEncodingAttr getCTALayout() const;
    /// Per dimension, 2^(number of bases of `inDim` moving it); zero bases
    /// count for the previous dimension unless `skipBroadcast`.
    SmallVector<unsigned> basesPerDim(StringRef inDim,
                                      bool skipBroadcast = true) const;
    /// Dimensions in the order the bases of `inDim` first move them, then
    /// those of `defaultOrder` not seen.
    SmallVector<unsigned> orderPerDim(StringRef inDim,
                                      ArrayRef<unsigned> defaultOrder) const;
    /// The register order ([rank-1, ..., 0] for dimensions no register
    /// moves).
    SmallVector<unsigned> getOrder() const;
    SmallVector<unsigned> getThreadOrder() const;
    SmallVector<unsigned> getWarpOrder() const;
    SmallVector<unsigned> getThreadsPerWarp() const;
    SmallVector<unsigned> getWarpsPerCTA() const;
    /// Registers per thread along each dimension in one tile (repetitions of
    /// the CTA tile stripped).
    SmallVector<unsigned> getSizePerThread() const;
    /// The layout fitted to a tensor of `shape`.
    LinearLayout toLinearLayout(ArrayRef<int64_t> shape) const;
  }];
}

//===----------------------------------------------------------------------===//
// Shared memory layouts
//===----------------------------------------------------------------------===//

def SwizzledSharedEncodingAttr
    : SharedEncoding<"SwizzledSharedEncoding", "swizzled_shared_encoding",
                     [SharedEncodingTrait]> {
  let mnemonic = "swizzled_shared";
  let summary = "Shared memory with XOR swizzling of vectors";
  let description = [{
    Rows (along `order[0]`) are split into vectors of `vec` elements;
    row `r`'s vectors are XOR-ed with `(r / perPhase) % maxPhase`. Example:
    `#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8,
    order = [1, 0]}>`.
  }];
  let parameters = (ins "unsigned":$vec,
                        "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order,
                        "CTAEncodingAttr":$CTALayout);
}

def NVMMASharedEncodingAttr
    : SharedEncoding<"NVMMASharedEncoding", "nvmma_shared_encoding",
                     [DeclareAttrInterfaceMethods<SharedEncodingTrait,
                                                  ["getAlignment"]>]> {
  let mnemonic = "nvmma_shared";
  let summary = "Shared memory in the swizzle modes of wgmma and TMA";
  let description = [{
    The layout wgmma operands and TMA boxes use: rows of
    `swizzlingByteWidth` bytes (0, 32, 64 or 128) swizzled in 16-byte
    units; `transposed` puts the first dimension innermost; `fp4Padded`
    marks fp4 data padded to a byte per element. Example:
    `#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false,
    elementBitWidth = 16}>`.
  }];
  let parameters = (ins "unsigned":$swizzlingByteWidth,
                        "bool":$transposed,
                        "unsigned":$elementBitWidth,
                        "bool":$fp4Padded,
                        "CTAEncodingAttr":$CTALayout);
  let extraClassDeclaration = [{
    int getVec() const;
    int getPerPhase() const;
    int getMaxPhase() const;
  }];
}

def SharedLinearEncodingAttr
    : SharedEncoding<"SharedLinearEncoding", "shared_linear_encoding",
                     [DeclareAttrInterfaceMethods<SharedEncodingTrait,
                                                  ["getAlignment"]>]> {
  let mnemonic = "shared_linear";
  let summary = "Any shared memory layout, as the linear map it is";
  let description = [{
    A linear map from (offset, block) to the tensor coordinates; the buffer
    holds the element at L(offset) at `offset`. `alignment` is the byte
    alignment the buffer needs. `block` is omitted when empty:
    `#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0]]}, alignment = 16>`.
  }];
  let parameters = (ins LinearLayoutParam:$linearLayout,
                        "unsigned":$layoutAlignment);
  let extraClassDeclaration = [{
    CTAEncodingAttr getCTALayout() const;
    /// The offset order ([rank-1, ..., 0] for dimensions no offset moves).
    SmallVector<unsigned> getOrder() const;
  }];
}

def PaddedSharedEncodingAttr
    : SharedEncoding<"PaddedSharedEncoding", "padded_shared_encoding",
                     [SharedEncodingTrait]> {
  let mnemonic = "padded_shared";
  let summary = "A linear shared layout with padding inserted every interval";
  let description = [{
    The element at L(o) (L linear, from (offset, block) to the tensor
    coordinates) lives at `o + sum_k (o / interval_k) * padding_k`: after
    every `interval_k` elements, `padding_k` unused ones, to stagger rows
    over the shared memory banks. Intervals and paddings are powers of two.
    Written with the identity L of `shape` in `order`, or with L's bases:
    `#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>`,
    `#ttg.padded_shared<[16:+4, 64:+8] {offset = [[0, 1], [1, 0]], block = []}>`.
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$intervals,
                        ArrayRefParameter<"unsigned">:$paddings,
                        LinearLayoutParam:$linearComponent);
  let extraClassDeclaration = [{
    CTAEncodingAttr getCTALayout() const;
    /// The offset order ([rank-1, ..., 0] for dimensions no offset moves).
    SmallVector<unsigned> getOrder() const;
    /// Elements a buffer of `shape` spans, padding included (none after the
    /// last element).
    int64_t getPaddedSize(ArrayRef<int64_t> shape) const;
    /// The largest power of two dividing every interval and padding: a
    /// vector of at most this many elements never straddles padding.
    unsigned getMaxVectorElements() const;
  }];
}

//===----------------------------------------------------------------------===//
// Memory spaces
//===----------------------------------------------------------------------===//

def SharedMemorySpaceAttr : TritonGPU_Attr<"SharedMemorySpace",
                                           "shared_memory"> {
  let mnemonic = "shared_memory";
  let summary = "The shared memory space of a `!ttg.memdesc`";
  let description = [{ `#ttg.shared_memory`, aliased `#smem` when printed. }];
}

#endif // TRITONGPU_ATTRDEFS_TD
