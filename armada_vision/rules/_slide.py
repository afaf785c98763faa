"""How fast a clipped attack range can slide: the sine factors of the clipped-range margin.

RRG p.11: the attack range is measured to the part of the defender inside the firing arc. The
corners of that part are the defender's own corners (moving as fast as the pieces) and the
crossings of its outline with the arc lines, which slide along a line by x / sin(angle) when a
piece moves by x. The band margin of such a pair is therefore its distance from the band edge
times that sine (docs/rules.md, "margin_mm of a clipped range").

Both factors are computed per pair in one compiled loop (numba, see :mod:`._soa`); the
arithmetic is operation for operation that of the numpy version they replace (audit round 2),
so the margins are the same to the last bit apart from ``math.hypot`` (libm here, CPython's
own algorithm there: at most one unit in the last place of a sine).
"""

from __future__ import annotations

import math

import numpy as np

from ._frame import Frame
from ._soa import kernel, psd1

SIN_FLOOR = 1e-3     # a sine below this is taken as this (a margin scaled by it is ~0 anyway)


@kernel
def _slide_rows(a, d, to, starts, ends, ring, is_sq, centre):
    """sin(angle) at ``to`` between the arc line(s) of ``a`` it lies on and the outline of
    ``d`` there (R,); 1 where ``to`` is on no arc line or on no edge of ``d``."""
    R = len(a)
    out = np.ones(R)
    K = ring.shape[1]
    ux = np.empty(3)
    uy = np.empty(3)
    for k in range(R):
        ak, dk = a[k], d[k]
        px, py = to[k, 0], to[k, 1]
        nd = 0
        for b in range(3):
            sx, sy = starts[ak, b, 0], starts[ak, b, 1]
            dx, dy = ends[ak, b, 0] - sx, ends[ak, b, 1] - sy
            n = math.hypot(dx, dy)
            if n > 1e-12 and psd1(px - sx, py - sy, dx, dy) < 1e-6:
                ux[nd], uy[nd] = dx / n, dy / n
                nd += 1
        if nd == 0:
            continue
        best = np.inf
        if is_sq[dk]:            # a disc: its outline's direction is the tangent at ``to``
            vx, vy = -(py - centre[dk, 1]), px - centre[dk, 0]
            n = math.hypot(vx, vy)
            if n > 1e-12:
                vx, vy = vx / n, vy / n
                for i in range(nd):
                    best = min(best, abs(ux[i] * vy - uy[i] * vx))
        else:
            for j in range(K - 1):
                x0, y0 = ring[dk, j, 0], ring[dk, j, 1]
                ex, ey = ring[dk, j + 1, 0] - x0, ring[dk, j + 1, 1] - y0
                n = math.hypot(ex, ey)
                if n > 1e-12 and psd1(px - x0, py - y0, ex, ey) < 1e-6:
                    vx, vy = ex / n, ey / n
                    for i in range(nd):
                        best = min(best, abs(ux[i] * vy - uy[i] * vx))
        if best < np.inf:
            out[k] = max(best, SIN_FLOOR)
    return out


def range_slide_scale(f: Frame, a: np.ndarray, d: np.ndarray, to: np.ndarray) -> np.ndarray:
    """How fast the attack range of a clipped pair can change per mm of moving either piece.

    When the attack range is measured to the part of the defender inside the arc (RRG p.11) and
    its closest point ``to`` (R, 2) is where the defender's outline crosses an arc line, moving
    a piece by x slides that crossing along the arc line by up to x / sin(angle between the
    outline and the arc line) -- much more than x when they are nearly parallel. Returns
    sin(angle) (R,) in [1e-3, 1], 1 where ``to`` is not on an arc line; the band margin of such
    a pair is its distance from the band edge times this. ``a``, ``d``: entity indices (R,).
    """
    return _slide_rows(np.ascontiguousarray(a, dtype=np.intp),
                       np.ascontiguousarray(d, dtype=np.intp),
                       np.ascontiguousarray(to, dtype=float), f.arc_starts, f.arc_ends, f.ring,
                       f.is_sq, f.centre)


@kernel
def _crossing_rows(a, d, reach, to_edge, starts, ends, ring, is_sq, centre, r, ecentre, ebound):
    """See :func:`crossing_scale`; one row per pair."""
    R = len(a)
    out = np.ones(R)
    K = ring.shape[1]
    sins = np.empty(3 * K)   # per edge within reach: its sine and its length (mm)
    lens = np.empty(3 * K)
    for k in range(R):
        ak, dk = a[k], d[k]
        # only defenders whose bounding circle comes within reach of a boundary piece
        gap = np.inf
        for b in range(3):
            sx, sy = starts[ak, b, 0], starts[ak, b, 1]
            gap = min(gap, psd1(ecentre[dk, 0] - sx, ecentre[dk, 1] - sy,
                                ends[ak, b, 0] - sx, ends[ak, b, 1] - sy))
        if not gap <= ebound[dk] + reach[k]:
            continue
        best = 1.0
        m = 0
        if is_sq[dk]:
            best = _disc_crossing_sin(centre[dk, 0], centre[dk, 1], r[dk], starts, ends, ak)
        else:
            for b in range(3):
                a0x, a0y = starts[ak, b, 0], starts[ak, b, 1]
                a1x, a1y = ends[ak, b, 0], ends[ak, b, 1]
                rx, ry = a1x - a0x, a1y - a0y
                nr = math.hypot(rx, ry)
                for j in range(K - 1):
                    b0x, b0y = ring[dk, j, 0], ring[dk, j, 1]
                    b1x, b1y = ring[dk, j + 1, 0], ring[dk, j + 1, 1]
                    sx, sy = b1x - b0x, b1y - b0y
                    ns = math.hypot(sx, sy)
                    if not (nr > 1e-12 and ns > 1e-12):
                        continue
                    den = rx * sy - ry * sx
                    sin = abs(den) / (nr * ns)
                    if sin >= 1.0:
                        continue
                    near = False
                    if abs(den) > 1e-15:
                        qx, qy = b0x - a0x, b0y - a0y
                        t = (qx * sy - qy * sx) / den
                        u = (qx * ry - qy * rx) / den
                        near = t >= 0.0 and t <= 1.0 and u >= 0.0 and u <= 1.0
                    if not near:
                        g = min(min(psd1(b0x - a0x, b0y - a0y, rx, ry),
                                    psd1(b1x - a0x, b1y - a0y, rx, ry)),
                                min(psd1(a0x - b0x, a0y - b0y, sx, sy),
                                    psd1(a1x - b0x, a1y - b0y, sx, sy)))
                        near = g <= reach[k]
                    if near:
                        best = min(best, sin)
                        sins[m] = sin
                        lens[m] = ns
                        m += 1
        if m and to_edge[k] > 0.0:
            # The crossing travels along an edge at most its length: past the shallow edges
            # (sines below s, lengths L_i) it slides at most 1 / s as fast as the pieces, so a
            # move of x shifts the range by at most sum(L_i) + x / s, for every s. The
            # smallest move reaching the band edge, max over s of (to_edge - sum L_i) * s,
            # over to_edge: a 4.7 mm edge at sine 0.08, 11 mm from long range, gave 0.9 mm
            # where moves of 2 mm shifted the range by 2 mm (full-table vsd-2 -> cr90-1).
            order = np.argsort(sins[:m])
            need = to_edge[k] * sins[order[0]]
            run = 0.0
            for i in range(m):
                need = max(need, (to_edge[k] - run) * sins[order[i]])
                run += lens[order[i]]
            need = max(need, to_edge[k] - run)   # past every edge: the corners' own pace
            best = min(1.0, need / to_edge[k])
        out[k] = max(best, SIN_FLOOR)
    return out


@kernel
def _disc_crossing_sin(cx, cy, radius, starts, ends, a):
    """sin(angle) between a circle and the arc pieces of ``a`` it crosses: |distance of the
    line from the centre| / radius is the cosine, so sin = sqrt(1 - (dist / radius)^2)."""
    best = 1.0
    for b in range(3):
        sx, sy = starts[a, b, 0], starts[a, b, 1]
        dx, dy = ends[a, b, 0] - sx, ends[a, b, 1] - sy
        n = math.hypot(dx, dy)
        if n <= 1e-12 or radius <= 0.0:
            continue
        line = abs((cx - sx) * dy - (cy - sy) * dx) / n
        if line < radius and psd1(cx - sx, cy - sy, dx, dy) < radius:
            q = line / radius
            best = min(best, math.sqrt(max(0.0, 1.0 - q * q)))
    return best


def crossing_scale(f: Frame, a: np.ndarray, d: np.ndarray, reach: np.ndarray,
                   to_edge: np.ndarray | None = None) -> np.ndarray:
    """How fast the attack range to a defender near an arc line can change: the smallest
    sin(angle) between attacking zone ``a``'s arc boundary and an edge of defender ``d``'s
    outline within ``reach`` (R,) mm of it, 1 where there is none; at least 1e-3.

    Why: the attack range is measured to the defender's part inside the arc (RRG p.11). The
    corners of that part are the defender's own corners (moving as fast as the pieces) and
    the crossings of its outline with the arc lines, which slide along a line by x / sin(angle)
    when a piece moves by x. A move of less than ``reach`` can only make edges within ``reach``
    cross, so the range changes at most 1 / (this) times as fast -- also where the closest point
    lies just inside the arc by an edge nearly parallel to the line, and a small move puts it
    outside so the range jumps along that edge to where it crosses the line
    (``range_slide_scale`` only sees a crossing that already is the closest point). A disc
    defender: the sine where it crosses now (a disc just touching a line is covered by the arc
    margin). Only defenders whose bounding circle comes within ``reach`` of an arc piece are
    measured (one compiled loop, no work for the others).

    With ``to_edge`` (R,), each pair's distance (mm) from the band edge: a crossing travels along
    an edge at most that edge's length, so short shallow edges (a hull zone's 4.7 mm corner
    piece) do not set the pace of the whole distance; returns the smallest move reaching the
    band edge over ``to_edge`` instead (at least the plain smallest sine). Without it, the
    smallest sine.
    """
    edge = np.zeros(len(a)) if to_edge is None else to_edge
    return _crossing_rows(np.ascontiguousarray(a, dtype=np.intp),
                          np.ascontiguousarray(d, dtype=np.intp),
                          np.ascontiguousarray(reach, dtype=float),
                          np.ascontiguousarray(edge, dtype=float), f.arc_starts, f.arc_ends,
                          f.ring, f.is_sq, f.centre, f.r, f.ecentre, f.ebound)
