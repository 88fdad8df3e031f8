"""Launch one of our cubins from Python through libcuda (ctypes), on torch's
current stream, with its arguments packed as its <kernel>.json says.

The ABI (docs/gpu-testing.md): the tt.func params in order, then two hidden
global pointers (global scratch, profile scratch), null when their sizes are
0; block = num_warps * threads_per_warp; dynamic shared memory = "shared".
Needs: PyTorch with CUDA (it owns the context); stdlib otherwise.
"""

import ctypes
import json
import re
import struct

_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
_cuda = None

_INTS = {"i1": ctypes.c_int8, "i8": ctypes.c_int8, "u8": ctypes.c_uint8,
         "i16": ctypes.c_int16, "u16": ctypes.c_uint16, "i32": ctypes.c_int32,
         "u32": ctypes.c_uint32, "i64": ctypes.c_int64, "u64": ctypes.c_uint64}
_SCALARS = {"i1": "i1", "i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64",
            "f16": "fp16", "bf16": "bf16", "f32": "fp32", "f64": "fp64"}


def _lib():
    global _cuda
    if _cuda is None:
        _cuda = ctypes.CDLL("libcuda.so.1")
        _cuda.cuLaunchKernel.argtypes = [
            ctypes.c_void_p] + [ctypes.c_uint] * 7 + [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        _cuda.cuModuleGetFunction.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p]
    return _cuda


def _check(result, what):
    if result != 0:
        text = ctypes.c_char_p()
        _lib().cuGetErrorString(result, ctypes.byref(text))
        raise RuntimeError("%s failed: %d (%s)" % (what, result, (text.value or b"?").decode()))


def ttir_params(ttir, kernel):
    """The params of `tt.func public @kernel` in a TTIR text, as in <kernel>.json."""
    line = next(l for l in ttir.splitlines() if "tt.func public @%s(" % kernel in l)
    params = []
    arg = r"%([\w.$-]+): (?:!tt\.ptr<(\w+)>|(\w+))((?: \{[^}]*\})?)"
    for name, pointee, scalar, attrs in re.findall(arg, line.split(") attributes")[0]):
        div = re.search(r"tt\.divisibility = (\d+)", attrs)
        params.append({"name": name,
                       "type": "*" + _SCALARS[pointee] if pointee else _SCALARS[scalar],
                       "divisibility": int(div.group(1)) if div else 0})
    return params


def _pack(param, value):
    """A ctypes value holding `value` as `param` says; checks divisibility."""
    kind, div = param["type"], param["divisibility"]
    if kind.startswith("*"):
        ptr = value.data_ptr() if hasattr(value, "data_ptr") else int(value)
        if div > 1 and ptr % div:
            raise ValueError("pointer %s is not %d-aligned" % (param["name"], div))
        return ctypes.c_uint64(ptr)
    if kind in _INTS:
        if div > 1 and int(value) % div:
            raise ValueError("%s=%d is not a multiple of %d, which the cubin assumes"
                             % (param["name"], value, div))
        return _INTS[kind](int(value))
    if kind == "fp32":
        return ctypes.c_float(value)
    if kind == "fp64":
        return ctypes.c_double(value)
    if kind == "fp16":
        return ctypes.c_uint16(struct.unpack("<H", struct.pack("<e", value))[0])
    if kind == "bf16":
        bits = struct.unpack("<I", struct.pack("<f", value))[0]
        return ctypes.c_uint16((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16)
    raise ValueError("unknown param type " + kind)


class CubinKernel:
    """One entry point of a cubin, with its metadata."""

    def __init__(self, cubin_path, json_path):
        import torch
        torch.cuda.init()
        torch.cuda.synchronize()  # the primary context is current from here on
        with open(json_path) as f:
            self.meta = json.load(f)
        with open(cubin_path, "rb") as f:
            self.image = f.read()
        if self.meta.get("num_ctas", 1) != 1 or self.meta.get("hidden_params", 2) != 2:
            raise ValueError("num_ctas must be 1 and hidden_params 2")
        self.module = ctypes.c_void_p()
        self.function = ctypes.c_void_p()
        _check(_lib().cuModuleLoadData(ctypes.byref(self.module), self.image), "cuModuleLoadData")
        _check(_lib().cuModuleGetFunction(ctypes.byref(self.function), self.module,
                                          self.meta["name"].encode()), "cuModuleGetFunction")
        if self.meta["shared"] > 48 * 1024:
            _check(_lib().cuFuncSetAttribute(
                self.function, _CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                ctypes.c_int(self.meta["shared"])), "cuFuncSetAttribute")

    def prepare(self, grid, args):
        """A no-argument function that launches with `args` on torch's current
        stream; the arguments are packed once, here."""
        import torch
        params = self.meta["params"]
        if len(args) != len(params):
            raise ValueError("%s takes %d params, got %d" % (self.meta["name"], len(params), len(args)))
        grid = tuple(grid) + (1,) * (3 - len(grid))
        programs = grid[0] * grid[1] * grid[2]
        values = [_pack(p, a) for p, a in zip(params, args)]
        keep = []  # scratch buffers live as long as the launcher
        for key in ("global_scratch_size", "profile_scratch_size"):
            size = self.meta.get(key, 0)
            if size > 0:
                keep.append(torch.empty(size * programs, dtype=torch.uint8, device="cuda"))
                values.append(ctypes.c_uint64(keep[-1].data_ptr()))
            else:
                values.append(ctypes.c_uint64(0))
        array = (ctypes.c_void_p * len(values))(*[ctypes.addressof(v) for v in values])
        threads = self.meta["num_warps"] * self.meta.get("threads_per_warp", 32)
        shared = self.meta["shared"]
        function = self.function
        cuda = _lib()

        def launch():
            stream = torch.cuda.current_stream().cuda_stream
            _check(cuda.cuLaunchKernel(function, grid[0], grid[1], grid[2], threads, 1, 1, shared,
                                       stream, array, None), "cuLaunchKernel")

        launch.keep = (values, array, keep, args)
        return launch
