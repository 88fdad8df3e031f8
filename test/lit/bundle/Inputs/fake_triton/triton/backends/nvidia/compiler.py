import functools
import os


class _Tool:

    def __init__(self, path):
        self.path = path


def get_ptxas(arch):
    return _Tool(os.environ.get("FAKE_TRITON_PTXAS", "/usr/local/cuda/bin/ptxas"))


class CUDABackend:

    def __init__(self, target):
        self.target = target

    @functools.lru_cache()
    def hash(self):
        return f"ptxas-version-{self.target.arch}"
