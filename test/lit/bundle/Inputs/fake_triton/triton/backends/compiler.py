from enum import Enum


class Language(Enum):
    TRITON = 0
    GLUON = 1


class GPUTarget:

    def __init__(self, backend, arch, warp_size):
        self.backend, self.arch, self.warp_size = backend, arch, warp_size
