"""Compiled twins of :func:`._fit.refine_rect` and :func:`._fit.refine_circle` (the refits the
hypothesis search spends most of its time in: hundreds of calls a cold frame, each a dozen
Gauss-Newton steps over a few hundred contour points). The numpy versions in ``_fit`` stay the
reference; these make the same
steps point by point in one numba loop (sums in another order: the same fit to ~1e-9 mm, see
tests/vision/test_detect_fitjit.py). Compiled once and cached on disk (``cache=True``); where
no cache directory is writable it compiles in memory on first use.
"""

from __future__ import annotations

import math

import numpy as np

from armada_vision._jit import kernel

from ._fit import TUKEY_MM, _wall_pair


@kernel
def _solve3(m):
    """The 3 x 3 system of the augmented matrix ``m`` (3, 4) by Gaussian elimination with
    partial pivoting (as LAPACK's gesv does): ``(solved, x0, x1, x2)``."""
    for c in range(3):
        p = c
        for rr in range(c + 1, 3):
            if abs(m[rr, c]) > abs(m[p, c]):
                p = rr
        if m[p, c] == 0.0:
            return False, 0.0, 0.0, 0.0
        if p != c:
            for k in range(4):
                m[c, k], m[p, k] = m[p, k], m[c, k]
        for rr in range(c + 1, 3):
            f = m[rr, c] / m[c, c]
            for k in range(c, 4):
                m[rr, k] -= f * m[c, k]
    x2 = m[2, 3] / m[2, 2]
    x1 = (m[1, 3] - m[1, 2] * x2) / m[1, 1]
    x0 = (m[0, 3] - m[0, 1] * x1 - m[0, 2] * x2) / m[0, 0]
    return True, x0, x1, x2


@kernel
def _refine_rect(x, y, th, a, b, c0x, c0y, chx, chy, nx, ny, iters, w_short, w_long, tukey):
    n = c0x.shape[0]
    rms, used = np.inf, 0.0
    for it in range(iters):
        cut = tukey if it < iters // 2 else 0.6 * tukey
        cu, su = math.cos(th), math.sin(th)
        du = (nx - x) * cu + (ny - y) * su
        dv = (ny - y) * cu - (nx - x) * su
        vis0, vis1 = w_short and du > a, w_short and -du > a
        vis2, vis3 = w_long and dv > b, w_long and -dv > b
        s00 = s01 = s02 = s11 = s12 = s22 = g0 = g1 = g2 = wsum = wrr = 0.0
        nz = 0
        for i in range(n):
            dhx, dhy = chx[i] - x, chy[i] - y
            sh, tt = dhx * cu + dhy * su, dhy * cu - dhx * su
            # The nearest side (the first on ties, as np.argmin).
            side, best = 0, abs(sh - a)
            e = abs(sh + a)
            if e < best:
                side, best = 1, e
            e = abs(tt - b)
            if e < best:
                side, best = 2, e
            e = abs(tt + b)
            if e < best:
                side, best = 3, e
            vis = vis0 if side == 0 else (vis1 if side == 1 else (vis2 if side == 2 else vis3))
            if vis:
                px, py = c0x[i] - x, c0y[i] - y
            else:
                px, py = dhx, dhy
            s, t = px * cu + py * su, py * cu - px * su
            sign = 1.0 - 2.0 * (side & 1)
            if side < 2:
                r = sign * s - a
                j0, j1, j2 = -sign * cu, -sign * su, sign * t
                extent = abs(t) - b
            else:
                r = sign * t - b
                j0, j1, j2 = sign * su, -sign * cu, -sign * s
                extent = abs(s) - a
            if abs(r) >= cut or extent >= cut:
                continue
            q = 1.0 - (r / cut) ** 2
            w = q * q
            if w != 0.0:
                nz += 1
            wsum += w
            s00 += w * j0 * j0
            s01 += w * j0 * j1
            s02 += w * j0 * j2
            s11 += w * j1 * j1
            s12 += w * j1 * j2
            s22 += w * j2 * j2
            g0 -= w * j0 * r
            g1 -= w * j1 * r
            g2 -= w * j2 * r
            wrr += w * r * r
        if wsum < 6:
            break
        ok, d0, d1, d2 = _solve3(np.array([[s00 + 1e-9, s01, s02, g0],
                                           [s01, s11 + 1e-9, s12, g1],
                                           [s02, s12, s22 + 1e-9, g2]]))
        if not ok:
            break
        x, y, th = x + d0, y + d1, th + d2
        rms = math.sqrt(wrr / wsum)
        used = nz / n
    return x, y, th, rms, used


def refine_rect(pose, length, width, contour_0, contour_h, nadir_mm, iters: int = 12,
                walls=True):
    """:func:`._fit.refine_rect`, compiled: robust Gauss-Newton fit of a length x width
    rectangle's (x, y, axis) to contour points (N, 2) mm on z = 0 (``contour_0``) and on its
    top (``contour_h``), each side measured where its wall faces the camera or not
    (``walls``: a bool, or (short sides, long sides) as there).
    Returns ``(pose (3,) x mm, y mm, axis deg in [0, 180), rms_mm, used_fraction)``."""
    c0 = np.asarray(contour_0, np.float64)
    ch = np.asarray(contour_h, np.float64)
    w_short, w_long = _wall_pair(walls)
    x, y, th, rms, used = _refine_rect(
        float(pose[0]), float(pose[1]), math.radians(float(pose[2])), length / 2.0,
        width / 2.0, np.ascontiguousarray(c0[:, 0]), np.ascontiguousarray(c0[:, 1]),
        np.ascontiguousarray(ch[:, 0]), np.ascontiguousarray(ch[:, 1]),
        float(nadir_mm[0]), float(nadir_mm[1]), int(iters), w_short, w_long, TUKEY_MM)
    return np.array([x, y, math.degrees(th) % 180.0]), float(rms), float(used)


@kernel
def _refine_circle(cx, cy, rad, radius, c0x, c0y, chx, chy, nx, ny, iters, walls, tukey,
                   min_frac):
    n = c0x.shape[0]
    rms, used = np.inf, 0.0
    for it in range(iters):
        cut = tukey if it < iters // 2 else 0.6 * tukey
        s00 = s01 = s11 = sw0 = sw1 = wsum = g0 = g1 = wr = wrr = 0.0
        nz = 0
        for i in range(n):
            dhx, dhy = chx[i] - cx, chy[i] - cy
            # The wall faces the camera where the outward radius points towards the nadir.
            if walls and (dhx * (nx - cx) + dhy * (ny - cy)) > 0:
                px, py = c0x[i] - cx, c0y[i] - cy
            else:
                px, py = dhx, dhy
            dist = max(math.hypot(px, py), 1e-9)
            r = dist - rad
            if abs(r) >= cut:
                continue
            j0, j1 = -px / dist, -py / dist
            q = 1.0 - (r / cut) ** 2
            w = q * q
            if w != 0.0:
                nz += 1
            wsum += w
            s00 += w * j0 * j0
            s01 += w * j0 * j1
            s11 += w * j1 * j1
            sw0 += w * j0
            sw1 += w * j1
            g0 += w * j0 * r
            g1 += w * j1 * r
            wr += w * r
            wrr += w * r * r
        if wsum < 8:
            break
        ok, d0, d1, d2 = _solve3(np.array([[s00 + 1e-6, s01, -sw0, -g0],
                                           [s01, s11 + 1e-6, -sw1, -g1],
                                           [-sw0, -sw1, wsum + 1e-6, wr]]))
        if not ok:
            break
        cx, cy = cx + d0, cy + d1
        rad = min(max(rad + d2, min_frac * radius), 1.02 * radius)
        rms = math.sqrt(wrr / wsum)
        used = nz / n
    return cx, cy, rad, rms, used


def refine_circle(centre, radius, contour_0, contour_h, nadir_mm, iters: int = 10,
                  min_radius_frac: float = 0.65, walls: bool = True,
                  start_radius: float | None = None):
    """:func:`._fit.refine_circle`, compiled: robust Gauss-Newton fit of a circle (centre mm,
    radius between ``min_radius_frac`` and 1.02 x ``radius`` mm) to rim points (N, 2) mm.
    Returns ``(centre (2,), rms_mm, used_fraction, fitted_radius_mm)``."""
    c0 = np.asarray(contour_0, np.float64)
    ch = np.asarray(contour_h, np.float64)
    cx, cy, rad, rms, used = _refine_circle(
        float(centre[0]), float(centre[1]), float(start_radius or radius), float(radius),
        np.ascontiguousarray(c0[:, 0]), np.ascontiguousarray(c0[:, 1]),
        np.ascontiguousarray(ch[:, 0]), np.ascontiguousarray(ch[:, 1]),
        float(nadir_mm[0]), float(nadir_mm[1]), int(iters), bool(walls), TUKEY_MM,
        float(min_radius_frac))
    return np.array([cx, cy]), float(rms), float(used), float(rad)


def compile_kernels() -> int:
    """Compile (or load from numba's on-disk cache) both refits by fitting a made-up 40 x 30 mm
    base and a 20 mm disc, so the first detected frame does not pay for it (~2.5 s of CPU the
    first time after an install, well under a second later). Returns the number of refits."""
    t = np.linspace(0.0, 2.0 * math.pi, 48, endpoint=False)
    disc = np.column_stack([100.0 + 20.0 * np.cos(t), 100.0 + 20.0 * np.sin(t)])
    nadir = np.array([0.0, 0.0])
    refine_circle((101.0, 99.0), 20.0, disc, disc, nadir)
    corners = np.array([[-20.0, -15.0], [20.0, -15.0], [20.0, 15.0], [-20.0, 15.0]]) + 100.0
    rect = np.concatenate([np.linspace(corners[i], corners[(i + 1) % 4], 12, endpoint=False)
                           for i in range(4)])
    refine_rect((101.0, 99.0, 2.0), 40.0, 30.0, rect, rect, nadir)
    return 2
