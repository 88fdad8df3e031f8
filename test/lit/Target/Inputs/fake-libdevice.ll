; A stand-in for libdevice.10.bc: its own triple like the real one, a
; function the kernel calls (noinline, so it survives O3 and its linkage
; can be checked), one it calls in turn and one nobody calls.
target triple = "nvptx64-nvidia-gpulibs"

define float @__nv_expf(float %x) #0 {
  %y = call float @__nv_helper(float %x)
  ret float %y
}

define float @__nv_helper(float %x) #0 {
  %y = fmul float %x, 4.200000e+01
  ret float %y
}

define float @__nv_sinf(float %x) {
  %y = fadd float %x, 1.000000e+00
  ret float %y
}

attributes #0 = { noinline }
