"""A stand-in for the parts of Triton 3.6 that triton_mlir touches (knobs,
Language, CUDABackend.hash, get_ptxas), with the same names and call
signatures, so the stages hook is tested without Triton or a GPU."""
__version__ = "3.6.0-fake"
