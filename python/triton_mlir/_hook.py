"""The stages hook: Triton 3.6 compiles TTIR -> TTGIR -> LLVM -> PTX -> cubin
through triton-mlir instead of its own passes.

Triton's backend calls knobs.runtime.add_stages_inspection_hook(backend,
stages, options, language, capability) after filling `stages` (ttir, ttgir,
llir, ptx, cubin: each a function of the previous stage's result and the
metadata dict). The hook keeps Triton's ttir stage (frontend and make_ttir
as usual) and replaces the others: the ttgir stage hands the TTIR text to
the compiler, which runs every later stage at once; llir, ptx and cubin
return what it made. Each result is Triton's stage result, so the cache
holds ours and kernel.asm["ttgir"], ["llir"], ["ptx"], ["cubin"] show ours.

A Gluon kernel (`@gluon.jit`) has no ttir stage: its ttgir stage is
Triton's gluon_to_ttgir on the frontend's module (hand-written TTGIR whose
layouts may still be #gluon.auto_encoding). The hook hands that text to the
compiler with language "gluon", which runs its own gluon_to_ttgir and the
later stages the same way.

With TRITON_MLIR_FROM=ttgir, Triton's own ttgir stage runs and the
compiler takes its TTGIR from there (our LLVM lowering and backend on
Triton's layouts): the way to tell a pass difference from a lowering one.

A kernel the compiler refuses falls back to Triton's own ttgir, llir, ptx
and cubin stages, with one log line giving the reason; TRITON_MLIR_STRICT=1
makes a refusal an error instead.
"""

import logging
import os
import re

from ._capi import CompileError, library

log = logging.getLogger("triton_mlir")

# Options the compiler takes from Triton's CUDAOptions, by Triton's name.
_PASSED = ("num_warps", "num_ctas", "num_stages", "maxnreg", "enable_fp_fusion", "enable_reflect_ftz")


class Refusal(Exception):
    """A kernel or option this compiler does not take (yet)."""


def from_ttgir():
    return os.environ.get("TRITON_MLIR_FROM", "ttir") == "ttgir"


def settings_key():
    """The part of Triton's cache key for the environment variables that
    change what the hook compiles ("" with the defaults). Strictness is
    not one: it only decides between ours and an error."""
    key = ""
    if from_ttgir():
        key += "-from-ttgir"
    assembler = os.environ.get("TRITON_MLIR_ASSEMBLER", "")
    if assembler not in ("", "ptxas"):
        key += "-" + assembler
    return key


def strict():
    return os.environ.get("TRITON_MLIR_STRICT", "0") not in ("", "0", "false", "False")


def _line_info_disabled():
    """knobs.compilation.disable_line_info (TRITON_DISABLE_LINE_INFO)."""
    try:
        from triton import knobs
        return bool(knobs.compilation.disable_line_info)
    except Exception:  # a Triton without knobs
        return os.environ.get("TRITON_DISABLE_LINE_INFO", "0") not in ("", "0", "false", "False")


def compiler_options(options, capability, backend, ptxas_path):
    """The C API's options for Triton's CUDAOptions `options`; Refusal for
    an option whose effect this compiler does not reproduce."""
    result = {"target": f"cuda:{capability}"}
    device = getattr(getattr(backend, "target", None), "arch", capability)
    if device != capability:
        # Triton's arch override: TTGIR and LLVM IR for `capability`, PTX
        # and cubin for the device (make_ptx and make_cubin use target.arch).
        result["ptx_target"] = f"cuda:{device}"
    for name in _PASSED:
        value = getattr(options, name, None)
        if value is not None:
            result[name] = value
    if getattr(options, "ptx_version", None) is not None:
        result["ptx_version"] = options.ptx_version
    if ptxas_path:
        result["ptxas_path"] = ptxas_path
    # PTX to cubin with Triton's own ptxas, as Triton does. In-process
    # libnvJitLink starts no process but compiles PTX as relocatable code
    # (`ptxas -c`), which turns off ptxas's occupancy-driven register choice
    # and changes the kernels, and is no faster on the GPU machine once its
    # own cache is out of play (docs/benchmarks.md, Tried and not landed);
    # TRITON_MLIR_ASSEMBLER=nvjitlink|auto opts in.
    result["assembler"] = os.environ.get("TRITON_MLIR_ASSEMBLER", "") or "ptxas"
    if getattr(options, "ptx_options", None):
        result["ptx_options"] = options.ptx_options
    # Triton's pass managers write a reproducer of each stage there.
    if os.environ.get("TRITON_REPRODUCER_PATH"):
        result["reproducer_path"] = os.environ["TRITON_REPRODUCER_PATH"]
    # Triton's make_llir adds debug scopes unless line info is disabled.
    result["line_info"] = not _line_info_disabled()
    if getattr(options, "warp_size", 32) != 32:
        raise Refusal(f"warp_size={options.warp_size}")
    if getattr(options, "instrumentation_mode", ""):
        raise Refusal(f"instrumentation_mode={options.instrumentation_mode!r}")
    libs = dict(getattr(options, "extern_libs", None) or ())
    extra = sorted(name for name in libs if name != "libdevice")
    if extra:
        raise Refusal("extern_libs other than libdevice: " + ", ".join(extra))
    if libs.get("libdevice"):
        result["libdevice_path"] = libs["libdevice"]
    return result


def fill_metadata(metadata, compiled_metadata, version):
    """Sets what Triton's ttgir, llir and ptx stages put into `metadata`
    (everything its launcher reads) from our kernel's metadata JSON."""
    ours = compiled_metadata
    metadata["name"] = ours["name"]
    metadata["num_warps"] = ours["num_warps"]
    metadata["shared"] = ours["shared"]
    metadata["tmem_size"] = None
    metadata["global_scratch_size"] = ours["global_scratch_size"]
    metadata["global_scratch_align"] = ours["global_scratch_align"]
    metadata["profile_scratch_size"] = ours["profile_scratch_size"]
    metadata["profile_scratch_align"] = ours["profile_scratch_align"]
    # One entry per tensor-descriptor argument: Triton's launcher encodes
    # each CUtensorMap from it (swizzle, element type, box).
    metadata["tensordesc_meta"] = ours.get("tensordesc_meta", [])
    metadata["triton_mlir"] = version


def _ptxas_path(backend):
    """The ptxas Triton itself would run for this target (knobs.nvidia)."""
    try:
        from triton.backends.nvidia.compiler import get_ptxas
        return get_ptxas(backend.target.arch).path
    except Exception:  # an older or newer Triton: let the compiler look
        return None


def stages_hook(backend, stages, options, language, capability):
    """knobs.runtime.add_stages_inspection_hook."""
    from triton.backends.compiler import Language

    if language not in (Language.TRITON, Language.GLUON) or "ttgir" not in stages:
        return
    # A Gluon kernel's ttgir stage is Triton's gluon_to_ttgir on the
    # frontend's module (hand-written TTGIR with placeholder layouts): the
    # compiler runs its own gluon_to_ttgir on the same text.
    gluon = language == Language.GLUON
    originals = dict(stages)
    compiled = {}

    def refuse(text, metadata, reason):
        match = re.search(r"tt\.func public @([\w$.]+)", text)
        name = match.group(1) if match else "kernel"
        if strict():
            raise CompileError(f"triton_mlir refused {name} (TRITON_MLIR_STRICT=1): {reason}")
        log.warning("triton_mlir: %s falls back to Triton's compiler: %s", name, reason)
        metadata["triton_mlir_fallback"] = reason

    def make_ttgir(src, metadata):
        if from_ttgir():
            src = originals["ttgir"](src, metadata)
        text = str(src)
        try:
            request = compiler_options(options, capability, backend, _ptxas_path(backend))
            if gluon and not from_ttgir():
                request["language"] = "gluon"
            compiled.update(library().compile(text, request))
        except Refusal as refusal:
            refuse(text, metadata, str(refusal))
        except CompileError as error:
            refuse(text, metadata, error.reason)
            log.debug("triton_mlir: full diagnostics:\n%s", error)
        if not compiled:
            return src if from_ttgir() else originals["ttgir"](src, metadata)
        fill_metadata(metadata, compiled["metadata"], library().version)
        return compiled["ttgir"]

    def later(stage):

        def run(src, metadata):
            if compiled:
                return compiled[stage]
            return originals[stage](src, metadata)

        return run

    stages["ttgir"] = make_ttgir
    for stage in ("llir", "ptx", "cubin"):
        if stage in stages:
            stages[stage] = later(stage)
