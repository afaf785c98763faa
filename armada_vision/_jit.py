"""The one way this project compiles a numeric kernel with numba (rules core and vision alike).

``@kernel`` is ``numba.njit(cache=True, nogil=True, error_model="numpy")``: machine code kept on
disk (``__pycache__`` beside the module, or numba's per-user cache where the package is
read-only; ``NUMBA_CACHE_DIR`` overrides), the GIL released while it runs, and numpy's error
model (a division by zero gives inf/NaN as in numpy, no exception). Where no cache directory is
writable at all (a read-only install and home) numba refuses ``cache=True``: then the kernel
compiles in memory on first use in every process instead of failing to import.
"""

from __future__ import annotations

from numba import njit

JIT = dict(cache=True, nogil=True, error_model="numpy")


def kernel(fn):
    """``fn`` compiled with :data:`JIT` (see the module docstring)."""
    try:
        return njit(**JIT)(fn)
    except RuntimeError:
        return njit(**{**JIT, "cache": False})(fn)
