//===- TritonGPUAttrInterfaces.td - traits of ttg layouts -------*- tablegen -*-===//
#ifndef TRITONGPU_ATTRINTERFACES_TD
#define TRITONGPU_ATTRINTERFACES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/Interfaces.td"

def LayoutEncodingTrait : AttrInterface<"LayoutEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    Every ttg layout (distributed or shared): it knows how the CTAs of a CGA
    split the tensor.
  }];
  let methods = [
    InterfaceMethod<"How the CTAs of the CGA split the tensor.",
                    "CTAEncodingAttr", "getCTALayout">,
    InterfaceMethod<"The rank of the tensors this layout applies to.",
                    "unsigned", "getRank", (ins), [{}], [{
      return $_attr.getCTALayout().getRank();
    }]>
  ];
}

def SharedEncodingTrait : AttrInterface<"SharedEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    A layout of a buffer in shared memory (the encoding of a
    `!ttg.memdesc`).
  }];
  let methods = [
    InterfaceMethod<"The alignment in bytes a buffer of this layout needs.",
                    "int32_t", "getAlignment", (ins), [{}],
                    [{ return 16; }]>
  ];
}

def DistributedEncodingTrait : AttrInterface<"DistributedEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    A layout that distributes the elements of a tensor over the registers of
    the threads: CTAs per CGA, warps per CTA, threads per warp, values per
    thread. A layout smaller than the tensor tiles it; each tile is a "rep".
  }];
  let methods = [
    InterfaceMethod<"Order of the reps, fastest-changing dimension first.",
                    "SmallVector<unsigned>", "getRepOrder">,
    InterfaceMethod<"Elements each thread holds along each dimension of a "
                    "tensor of `shape`.",
                    "SmallVector<unsigned>", "getElemsPerThread",
                    (ins "ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<"Elements each thread holds of a tensor of `shape`.",
                    "unsigned", "getTotalElemsPerThread",
                    (ins "ArrayRef<int64_t>":$shape), [{}], [{
      unsigned total = 1;
      for (unsigned n : $_attr.getElemsPerThread(shape))
        total *= n;
      return total;
    }]>
  ];
}

def MmaEncodingTrait : AttrInterface<"MmaEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    The layout of the result of a matrix-multiply instruction; a
    `#ttg.dot_op` derives its operand layouts from it.
  }];
  let methods = [
    InterfaceMethod<"Order of the reps of operand `opIdx`, fastest first.",
                    "SmallVector<unsigned>", "getRepOrderForOperand",
                    (ins "int":$opIdx)>
  ];
}

#endif // TRITONGPU_ATTRINTERFACES_TD
