"""Compiled kernel of :func:`._background.compare`'s per-pixel arithmetic: the relit
background, the brightness scale ``alpha``, the chromaticity distortion and the colour
distance in one pass over the pixels (numpy needs ~15 whole-image temporaries for the same;
the first pass of every changed live frame runs it on the whole reduced frame). The numpy
expressions in ``_background.compare_numpy`` stay the reference (the same values to float32
rounding, tests/vision/test_detect_comparejit.py)."""

from __future__ import annotations

import math

import numpy as np

from armada_vision._jit import kernel


@kernel
def distortion(f, mean, gains, spread, has_spread, want_dist):
    """Per pixel of ``f``, ``mean``, ``gains`` (h, w, 3) float32 and ``spread`` (h, w) float32
    (read only when ``has_spread``): ``(alpha, cd, dist, norm)`` (h, w) float32 — brightness
    scale of the relit background ``r = gains * mean`` (f.r / max(r.r, 16)), chromaticity
    distortion |f - alpha r|, colour distance |f - r| (only when ``want_dist``, else (1, 1))
    and ``cd / spread`` (``cd`` itself without a spread)."""
    h, w = f.shape[0], f.shape[1]
    alpha = np.empty((h, w), np.float32)
    cd = np.empty((h, w), np.float32)
    norm = np.empty((h, w), np.float32)
    dist = np.empty((h, w) if want_dist else (1, 1), np.float32)
    for i in range(h):
        for j in range(w):
            r0 = gains[i, j, 0] * mean[i, j, 0]
            r1 = gains[i, j, 1] * mean[i, j, 1]
            r2 = gains[i, j, 2] * mean[i, j, 2]
            f0, f1, f2 = f[i, j, 0], f[i, j, 1], f[i, j, 2]
            rr = r0 * r0 + r1 * r1 + r2 * r2
            fr = f0 * r0 + f1 * r1 + f2 * r2
            a = np.float32(fr / max(rr, np.float32(16.0)))
            e0, e1, e2 = f0 - a * r0, f1 - a * r1, f2 - a * r2
            c = np.float32(math.sqrt(e0 * e0 + e1 * e1 + e2 * e2))
            alpha[i, j] = a
            cd[i, j] = c
            norm[i, j] = c / spread[i, j] if has_spread else c
            if want_dist:
                d0, d1, d2 = f0 - r0, f1 - r1, f2 - r2
                dist[i, j] = math.sqrt(d0 * d0 + d1 * d1 + d2 * d2)
    return alpha, cd, dist, norm


@kernel
def scaled(cd, texture, spread, has_spread, scale):
    """``cd / (scale * spread + texture)`` (``scale + texture`` without a spread), (h, w)
    float32."""
    h, w = cd.shape
    out = np.empty((h, w), np.float32)
    s = np.float32(scale)
    for i in range(h):
        for j in range(w):
            local = s * spread[i, j] if has_spread else s
            out[i, j] = cd[i, j] / (local + texture[i, j])
    return out


@kernel
def ratio_planes(f, mean, y0, x0):
    """The illumination's input: per channel ``frame / max(background, 4)`` in 1/64 steps,
    clipped to 0..255, (3, h, w) uint8, for ``f`` (h, w, 3) float32 the frame (or a crop of it
    at row ``y0``, column ``x0`` of ``mean``, (H, W, 3) float32)."""
    h, w = f.shape[0], f.shape[1]
    out = np.empty((3, h, w), np.uint8)
    lo, hi, k = np.float32(4.0), np.float32(255.0), np.float32(64.0)
    for i in range(h):
        for j in range(w):
            for c in range(3):
                v = f[i, j, c] / max(mean[y0 + i, x0 + j, c], lo) * k
                out[c, i, j] = np.uint8(min(max(v, np.float32(0.0)), hi))
    return out


def compile_kernels() -> int:
    """Compile (or load from numba's cache) the detector's kernels: the refits
    (:func:`._fitjit.compile_kernels`) and this module's, on a made-up 8 x 8 frame, so the
    first detected frame does not pay for it. Returns the number of kernels (5)."""
    from ._fitjit import compile_kernels as compile_refits

    f = np.full((8, 8, 3), 100.0, np.float32)
    spread = np.ones((8, 8), np.float32)
    _, cd, _, _ = distortion(f, f, f / 100.0, spread, True, True)
    scaled(cd, spread, spread, True, 1.0)
    ratio_planes(f, f, 0, 0)
    return compile_refits() + 3
