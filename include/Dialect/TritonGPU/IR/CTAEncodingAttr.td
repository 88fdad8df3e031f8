//===- CTAEncodingAttr.td - how CTAs of a CGA split a tensor ----*- tablegen -*-===//
//
// Defined apart from the layouts so that the layout interfaces, which return
// it, can be declared between the two.
//
//===----------------------------------------------------------------------===//
#ifndef TRITONGPU_CTAENCODING_ATTR_TD
#define TRITONGPU_CTAENCODING_ATTR_TD

include "Dialect/TritonGPU/IR/TritonGPUAttrBase.td"

def CTAEncodingAttr : TritonGPU_Attr<"CTAEncoding", "cta_encoding"> {
  let summary = "How the CTAs of a cooperative grid array share a tensor";
  let description = [{
    A linear map from the CTA id within a CGA (input dimension `block`) to
    tensor coordinates (`dim0`, `dim1`, ...), given by one basis per bit of
    the CTA id: the coordinates CTA `1 << i` starts at. A zero basis means
    that bit of the CTA id does not move the data (the CTAs hold copies).

    It has no text form of its own: layouts print it as
    `CGALayout = [[...], ...]` (the bases), and omit it when there are no
    bases, i.e. one CTA per CGA.

    The legacy parameters are derived from the bases: `CTAsPerCGA[d]`
    counts the CTAs along `d` (zero bases count for the dimension of the
    preceding non-zero basis), `CTASplitNum[d]` the distinct tiles along
    `d`, `CTAOrder` lists the dimensions in the order the bases first move
    them.
  }];
  let parameters = (ins "unsigned":$rank,
                        ArrayRefParameter<"int32_t">:$flatBases);
  let extraClassDeclaration = [{
    /// The layout with the given bases (each of `rank` entries).
    static CTAEncodingAttr getFromBases(MLIRContext *context, unsigned rank,
                                        ArrayRef<SmallVector<int32_t>> bases);
    /// One CTA per CGA: no bases.
    static CTAEncodingAttr getDefault(MLIRContext *context, unsigned rank);
    /// The layout the legacy (CTAsPerCGA, CTASplitNum, CTAOrder) triple
    /// describes: along each dimension of `CTAOrder` in turn, the split
    /// bases and then zero bases for the copies.
    static CTAEncodingAttr fromSplitParams(MLIRContext *context,
                                           ArrayRef<unsigned> CTAsPerCGA,
                                           ArrayRef<unsigned> CTASplitNum,
                                           ArrayRef<unsigned> CTAOrder);

    unsigned getNumBases() const {
      return getRank() == 0 ? 0 : getFlatBases().size() / getRank();
    }
    /// The tensor coordinates CTA `1 << i` starts at.
    ArrayRef<int32_t> getBasis(unsigned i) const {
      return getFlatBases().slice(i * getRank(), getRank());
    }
    SmallVector<SmallVector<int32_t>> getBases() const;
    bool isDefault() const { return getFlatBases().empty(); }
    unsigned getNumCTAs() const { return 1u << getNumBases(); }

    SmallVector<unsigned> getCTAsPerCGA() const;
    SmallVector<unsigned> getCTASplitNum() const;
    SmallVector<unsigned> getCTAOrder() const;
  }];
  let genVerifyDecl = 1;
}

#endif // TRITONGPU_CTAENCODING_ATTR_TD
