"""The hot small-polygon kernels, compiled with numba: rings as x and y arrays of shape (K, N).

Every kernel loops over its rows in compiled code (one call per stage instead of ~50 numpy calls
on 2-200 element arrays, whose per-call overhead was most of the time). Rings are the frame's
vertex-first tables (``Frame.rx`` / ``Frame.ry``: closed, padded with repeats of the first
vertex); a kernel takes the whole table with ``idx`` (the ring column of each row) and ``nv``
(per column: the closed ring's length; padding past it is never read), so no row copies are made.

The per-row arithmetic is operation for operation that of the numpy kernels these replace
(IEEE double, no fast-math, no fused multiply-add), so the answers are the same to the last bit
except where a square root is taken of a different but equal-valued expression.

JIT: ``cache=True`` keeps the machine code on disk (``__pycache__`` beside this file, or
numba's user cache dir when the package is read-only; ``NUMBA_CACHE_DIR`` overrides); the first
call in a fresh process with an empty cache compiles (see docs/rules.md for the cost).
"""

from __future__ import annotations

import math

import numpy as np
from numba import vectorize

from armada_vision._jit import kernel

RAY_MM = 6000.0   # arcs are infinite; any piece on a 6' x 3' table is within this of the ship


def xy(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(..., K, 2) rings -> vertex-first contiguous x, y arrays (K, ...)."""
    a = np.asarray(a, dtype=float)
    if a.ndim == 3:                                     # (n, K, 2): the usual case, no moveaxis
        return np.ascontiguousarray(a[..., 0].T), np.ascontiguousarray(a[..., 1].T)
    return (np.ascontiguousarray(np.moveaxis(a[..., 0], -1, 0)),
            np.ascontiguousarray(np.moveaxis(a[..., 1], -1, 0)))


# ---------------------------------------------------------------- one row (scalar helpers)

@kernel
def seg_param(apx, apy, abx, aby, den):
    """Where the foot of point ``a + ap`` lies on segment ``a``-``a + ab``: ``clip(ap.ab / den,
    0, 1)`` with ``den`` = ``max(|ab|^2, 1e-300)`` (NaN stays NaN, as numpy's clip)."""
    t = apx * abx
    t += apy * aby
    t /= den
    if t < 0.0:
        t = 0.0
    if t > 1.0:
        t = 1.0
    return t


@kernel
def psd1(apx, apy, abx, aby):
    """Distance (mm) from point ``a + ap`` to segment ``a``-``a + ab``."""
    den = abx * abx + aby * aby
    if den < 1e-300:
        den = 1e-300
    t = seg_param(apx, apy, abx, aby, den)
    dx = apx - t * abx
    dy = apy - t * aby
    return math.sqrt(dx * dx + dy * dy)


def _psd(apx, apy, abx, aby):
    """Distance from points to segments given ``p - a`` and ``b - a`` (broadcast), in mm."""
    return psd1(apx, apy, abx, aby)


try:
    psd = vectorize(["float64(float64, float64, float64, float64)"], cache=True)(_psd)
except RuntimeError:        # no writable cache directory: see kernel()
    psd = vectorize(["float64(float64, float64, float64, float64)"])(_psd)


@kernel
def in_ring1(px, py, rx, ry, j, n):
    """Even-odd test of a point in the simple polygon of column ``j`` (closed, ``n`` vertices)."""
    inside = False
    for i in range(n - 1):
        y0, y1 = ry[i, j], ry[i + 1, j]
        if (y0 > py) != (y1 > py):
            x0 = rx[i, j]
            xc = (py - y0) * (rx[i + 1, j] - x0)
            xc /= y1 - y0
            xc += x0
            if px < xc:
                inside = not inside
    return inside


@kernel
def seg_cross1(p0x, p0y, p1x, p1y, q0x, q0y, q1x, q1y):
    """Whether segments p0-p1 and q0-q1 intersect (touching counts): the four orientation
    products, and the bounding boxes (which decide collinear cases)."""
    ux, uy = q1x - q0x, q1y - q0y
    d1 = ux * (p0y - q0y) - uy * (p0x - q0x)
    d1 *= ux * (p1y - q0y) - uy * (p1x - q0x)
    vx, vy = p1x - p0x, p1y - p0y
    d3 = vx * (q0y - p0y) - vy * (q0x - p0x)
    d3 *= vx * (q1y - p0y) - vy * (q1x - p0x)
    return (d1 <= 0 and d3 <= 0 and min(p0x, p1x) <= max(q0x, q1x)
            and min(q0x, q1x) <= max(p0x, p1x) and min(p0y, p1y) <= max(q0y, q1y)
            and min(q0y, q1y) <= max(p0y, p1y))


@kernel
def seg_ring1(p0x, p0y, p1x, p1y, rx, ry, j, n, want_dist):
    """A segment against the simple polygon of column ``j``: (touches, distance_mm); distance 0
    when touching (and not measured, inf, unless ``want_dist``)."""
    dx, dy = p1x - p0x, p1y - p0y
    touches = False
    for i in range(n - 1):
        x0, y0, x1, y1 = rx[i, j], ry[i, j], rx[i + 1, j], ry[i + 1, j]
        ex, ey = x1 - x0, y1 - y0
        if ex * ex + ey * ey < 1e-18:       # a zero-length (padding) edge never crosses
            continue
        d1 = ex * (p0y - y0) - ey * (p0x - x0)
        d1 *= ex * (p1y - y0) - ey * (p1x - x0)
        d3 = dx * (y0 - p0y) - dy * (x0 - p0x)
        d3 *= dx * (y1 - p0y) - dy * (x1 - p0x)
        if (d1 <= 0 and d3 <= 0 and min(p0x, p1x) <= max(x0, x1)
                and min(x0, x1) <= max(p0x, p1x) and min(p0y, p1y) <= max(y0, y1)
                and min(y0, y1) <= max(p0y, p1y)):
            touches = True
            break
    if not touches:
        touches = in_ring1(p0x, p0y, rx, ry, j, n)
    if touches:
        return True, 0.0
    if not want_dist:
        return False, np.inf
    d = np.inf
    for i in range(n - 1):
        x0, y0 = rx[i, j], ry[i, j]
        ex, ey = rx[i + 1, j] - x0, ry[i + 1, j] - y0
        d = min(d, psd1(p0x - x0, p0y - y0, ex, ey), psd1(p1x - x0, p1y - y0, ex, ey))
    for i in range(n):
        d = min(d, psd1(rx[i, j] - p0x, ry[i, j] - p0y, dx, dy))
    return False, d


@kernel
def line_depth1(p0x, p0y, p1x, p1y, rx, ry, j, n):
    """How far the line p0 -> p1 must move sideways to clear the ``n`` vertices of column ``j``."""
    dx, dy = p1x - p0x, p1y - p0y
    ln = math.hypot(dx, dy)
    if ln < 1e-12:
        ln = 1.0
    hi, lo = -np.inf, np.inf
    for i in range(n):
        s = dx * (ry[i, j] - p0y)
        s -= dy * (rx[i, j] - p0x)
        s /= ln
        hi = max(hi, s)
        lo = min(lo, s)
    return max(min(hi, -lo), 0.0)


@kernel
def clip1(px, py, dx, dy, rx, ry, j, n):
    """Cyrus-Beck clipping of the line ``p + t d`` by the convex polygon of column ``j`` (``n``
    ring vertices): (t_in, t_out, outside); the line is inside for t_in <= t <= t_out, and
    nowhere (``outside``) when it runs parallel outside an edge."""
    area = 0.0
    for i in range(n - 1):
        area += rx[i, j] * ry[i + 1, j] - rx[i + 1, j] * ry[i, j]
    sign = 1.0 if area >= 0 else -1.0
    t_in, t_out = -np.inf, np.inf
    for i in range(n - 1):
        x0, y0 = rx[i, j], ry[i, j]
        ex, ey = rx[i + 1, j] - x0, ry[i + 1, j] - y0
        if ex * ex + ey * ey < 1e-18:
            continue
        nx, ny = -ey * sign, ex * sign                   # inward normal
        num = nx * (px - x0)
        num += ny * (py - y0)                            # >= 0 inside
        den = nx * dx
        den += ny * dy
        if den > 0:
            t_in = max(t_in, -num / den)
        elif den < 0:
            t_out = min(t_out, -num / den)
        elif num < 0:                                    # parallel and outside
            return t_in, t_out, True
    return t_in, t_out, False


@kernel
def inside_length1(p0x, p0y, p1x, p1y, rx, ry, j, n):
    """Length (mm) of segment p0-p1 inside the convex polygon of column ``j``."""
    dx, dy = p1x - p0x, p1y - p0y
    t_in, t_out, outside = clip1(p0x, p0y, dx, dy, rx, ry, j, n)
    if outside:
        return 0.0
    return max(min(t_out, 1.0) - max(t_in, 0.0), 0.0) * math.hypot(dx, dy)


@kernel
def simple_inside1(p0x, p0y, p1x, p1y, rx, ry, j, n):
    """Segment p0-p1 against the simple polygon of column ``j`` of any shape (``n`` ring
    vertices; convex or not): (length inside, depth), in mm.

    The segment is cut where it crosses the outline; a piece counts as inside when its middle
    is inside and more than 1e-9 mm from the outline (so running along an edge does not count,
    as touching does not). ``depth`` is the largest distance of such a middle from the outline:
    moving the segment sideways by less than that leaves it inside there (a lower bound of how
    far it must move to clear the polygon; 0 when no piece is inside).
    """
    dx, dy = p1x - p0x, p1y - p0y
    ts = np.empty(n + 1)
    ts[0] = 0.0
    m = 1
    for i in range(n - 1):
        x0, y0 = rx[i, j], ry[i, j]
        ex, ey = rx[i + 1, j] - x0, ry[i + 1, j] - y0
        den = dx * ey - dy * ex
        if abs(den) < 1e-18:                 # parallel (or a padding edge): no crossing point
            continue
        qx, qy = x0 - p0x, y0 - p0y
        t = (qx * ey - qy * ex) / den
        u = (qx * dy - qy * dx) / den
        if t > 0.0 and t < 1.0 and u >= -1e-12 and u <= 1.0 + 1e-12:
            ts[m] = t
            m += 1
    ts[m] = 1.0
    m += 1
    ts = np.sort(ts[:m])
    ln = math.hypot(dx, dy)
    length, depth = 0.0, 0.0
    for k in range(m - 1):
        t0, t1 = ts[k], ts[k + 1]
        if not t1 > t0:
            continue
        mx, my = p0x + (t0 + t1) / 2 * dx, p0y + (t0 + t1) / 2 * dy
        if not in_ring1(mx, my, rx, ry, j, n):
            continue
        edge = np.inf
        for i in range(n - 1):
            x0, y0 = rx[i, j], ry[i, j]
            edge = min(edge, psd1(mx - x0, my - y0, rx[i + 1, j] - x0, ry[i + 1, j] - y0))
        if edge > 1e-9:
            length += (t1 - t0) * ln
            depth = max(depth, edge)
    return length, depth


@kernel
def in_arc1(x, y, sx, sy, nx, ny, a):
    """Whether point (x, y) lies in the convex arc of column ``a``: inside all three boundary
    half-planes (starts ``s``, inward normals ``n``, (3, N)), the lines widened by 1e-9 mm."""
    for b in range(3):
        side = (x - sx[b, a]) * nx[b, a]
        side += (y - sy[b, a]) * ny[b, a]
        if not side >= -1e-9:
            return False
    return True


@kernel
def vertex_edge1(sx, sy, js, ns, dx_, dy_, jd, nd):
    """The nearest (vertex of ring ``js``, point on an edge of ring ``jd``): squared distance,
    vertex x, y, edge point x, y. Ties go to the first vertex, then the first edge."""
    best, bv, be, bt = np.inf, 0, 0, 0.0
    for v in range(ns):
        px, py = sx[v, js], sy[v, js]
        for e in range(nd - 1):
            a0x, a0y = dx_[e, jd], dy_[e, jd]
            abx, aby = dx_[e + 1, jd] - a0x, dy_[e + 1, jd] - a0y
            den = abx * abx + aby * aby
            if den < 1e-300:
                den = 1e-300
            t = seg_param(px - a0x, py - a0y, abx, aby, den)
            ex = px - (t * abx + a0x)
            ey = py - (t * aby + a0y)
            dd = ex * ex + ey * ey
            if dd < best:
                best, bv, be, bt = dd, v, e, t
    a0x, a0y = dx_[be, jd], dy_[be, jd]
    return (best, sx[bv, js], sy[bv, js], a0x + bt * (dx_[be + 1, jd] - a0x),
            a0y + bt * (dy_[be + 1, jd] - a0y))


@kernel
def ring_closest1(px, py, rx, ry, j, n):
    """Nearest point on the outline of convex polygon ``j`` to (px, py), and whether inside."""
    best, bx, by = np.inf, 0.0, 0.0
    for i in range(n - 1):
        x0, y0 = rx[i, j], ry[i, j]
        abx, aby = rx[i + 1, j] - x0, ry[i + 1, j] - y0
        den = abx * abx + aby * aby
        if den < 1e-300:
            den = 1e-300
        t = seg_param(px - x0, py - y0, abx, aby, den)
        qx = t * abx + x0
        qy = t * aby + y0
        dx, dy = px - qx, py - qy
        dd = dx * dx + dy * dy
        if dd < best:
            best, bx, by = dd, qx, qy
    return bx, by, in_ring1(px, py, rx, ry, j, n)


@kernel
def arc_distance1(rx, ry, j, n, radius, ox, oy, sx, sy, ex, ey, nx, ny, a):
    """Distance (mm) from the convex piece ``j`` (``n`` ring vertices; a squadron: its centre
    repeated, with ``radius``) to the convex arc of column ``a``: ray origins ``ox``, ``oy``
    (2, .) and boundary pieces (3, .) starts ``s``, ends ``e``, inward normals ``n``; 0 when any
    part is inside."""
    for k in range(n):                       # a vertex inside the arc
        if in_arc1(rx[k, j], ry[k, j], sx, sy, nx, ny, a):
            return 0.0
    all_deg = True
    for i in range(n - 1):
        e_x, e_y = rx[i + 1, j] - rx[i, j], ry[i + 1, j] - ry[i, j]
        if not e_x * e_x + e_y * e_y < 1e-18:
            all_deg = False
    if not all_deg:
        # the arc's corners (the ray origins) inside the polygon (convex: same side of each edge)
        for c in range(2):
            pos, neg = True, True
            for i in range(n - 1):
                x0, y0 = rx[i, j], ry[i, j]
                e_x, e_y = rx[i + 1, j] - x0, ry[i + 1, j] - y0
                if e_x * e_x + e_y * e_y < 1e-18:
                    continue
                cs = e_x * (oy[c, a] - y0) - e_y * (ox[c, a] - x0)
                pos &= cs >= 0
                neg &= cs <= 0
            if pos or neg:
                return 0.0
    for i in range(n - 1):
        x0, y0, x1, y1 = rx[i, j], ry[i, j], rx[i + 1, j], ry[i + 1, j]
        e_x, e_y = x1 - x0, y1 - y0
        if e_x * e_x + e_y * e_y < 1e-18:    # a zero-length edge (a squadron's centre)
            continue
        for b in range(3):
            if seg_cross1(x0, y0, x1, y1, sx[b, a], sy[b, a], ex[b, a], ey[b, a]):
                return 0.0
    d = np.inf
    for k in range(n):
        for b in range(3):
            d = min(d, psd1(rx[k, j] - sx[b, a], ry[k, j] - sy[b, a], ex[b, a] - sx[b, a],
                            ey[b, a] - sy[b, a]))
    for c in range(2):
        for i in range(n - 1):
            x0, y0 = rx[i, j], ry[i, j]
            d = min(d, psd1(ox[c, a] - x0, oy[c, a] - y0, rx[i + 1, j] - x0, ry[i + 1, j] - y0))
    return max(d - radius, 0.0)


# ---------------------------------------------------------------- many rows (column kernels)

@kernel
def segment_ring(p0x, p0y, p1x, p1y, rx, ry, idx, nv):
    """Segments (n,) against simple polygons ``idx`` (n,) of (K, N) ring tables with ``nv``
    (N,) closed lengths: (touches, distance_mm), distance 0 when touching."""
    m = len(idx)
    touches = np.empty(m, dtype=np.bool_)
    dist = np.empty(m)
    for k in range(m):
        j = idx[k]
        touches[k], dist[k] = seg_ring1(p0x[k], p0y[k], p1x[k], p1y[k], rx, ry, j, nv[j], True)
    return touches, dist


@kernel
def line_depth(p0x, p0y, p1x, p1y, rx, ry, idx, nv):
    """How far each line p0 -> p1 (n,) must move sideways to clear its ring's vertices, in mm."""
    m = len(idx)
    out = np.empty(m)
    for k in range(m):
        j = idx[k]
        out[k] = line_depth1(p0x[k], p0y[k], p1x[k], p1y[k], rx, ry, j, nv[j])
    return out


@kernel
def convex_inside_length(p0x, p0y, p1x, p1y, rx, ry, idx, nv):
    """Length (mm) of each segment (n,) inside its convex polygon (Cyrus-Beck)."""
    m = len(idx)
    out = np.empty(m)
    for k in range(m):
        j = idx[k]
        out[k] = inside_length1(p0x[k], p0y[k], p1x[k], p1y[k], rx, ry, j, nv[j])
    return out


@kernel
def vertex_edge_nearest(sx, sy, sidx, dx_, dy_, didx):
    """Per row, the nearest (vertex of ring ``sidx``, point on an edge of ring ``didx``):
    squared distance (n,), vertex x, y and edge point x, y (whole padded rings)."""
    m = len(sidx)
    d, vx, vy, qx, qy = np.empty(m), np.empty(m), np.empty(m), np.empty(m), np.empty(m)
    ns, nd = sx.shape[0], dx_.shape[0]
    for k in range(m):
        d[k], vx[k], vy[k], qx[k], qy[k] = vertex_edge1(sx, sy, sidx[k], ns, dx_, dy_, didx[k], nd)
    return d, vx, vy, qx, qy


@kernel
def ring_distance(ax, ay, bx, by):
    """Distance (mm) between disjoint convex polygons, column by column (K, n) and (L, n)."""
    m = ax.shape[1]
    out = np.empty(m)
    for k in range(m):
        d1 = vertex_edge1(ax, ay, k, ax.shape[0], bx, by, k, bx.shape[0])[0]
        d2 = vertex_edge1(bx, by, k, bx.shape[0], ax, ay, k, ax.shape[0])[0]
        out[k] = math.sqrt(min(d1, d2))
    return out


@kernel
def arc_distance(rx, ry, ridx, radius, ox, oy, sx, sy, ex, ey, nx, ny, aidx):
    """Distance (mm) from convex pieces ``ridx`` (ring tables (K, N), ``radius`` (n,)) to
    convex arcs ``aidx`` (ray origins (2, .), pieces (3, .)); 0 when any part is inside."""
    m = len(ridx)
    out = np.empty(m)
    for k in range(m):
        out[k] = arc_distance1(rx, ry, ridx[k], rx.shape[0], radius[k], ox, oy, sx, sy, ex,
                               ey, nx, ny, aidx[k])
    return out


@kernel
def arc_pieces_into(rays, starts, ends, normals):
    """Boundary pieces of convex arcs: ``rays`` (P, 2, 3, 2) (per ray origin, unit direction,
    unit inward normal) -> ``starts``, ``ends``, inward ``normals`` (P, 3, 2), filled in place:
    ray A, ray B (each ``RAY_MM`` long) and the segment joining their origins (its normal
    pointing into the arc; (0, 0) when the origins coincide)."""
    for p in range(len(rays)):
        for k in range(2):
            for c in range(2):
                o, d = rays[p, k, 0, c], rays[p, k, 1, c]
                starts[p, k, c] = o
                ends[p, k, c] = o + RAY_MM * d
                normals[p, k, c] = rays[p, k, 2, c]
            starts[p, 2, k] = rays[p, 0, 0, k]
            ends[p, 2, k] = rays[p, 1, 0, k]
        o0x, o0y = rays[p, 0, 0, 0], rays[p, 0, 0, 1]
        nsx, nsy = -(rays[p, 1, 0, 1] - o0y), rays[p, 1, 0, 0] - o0x
        ln = math.hypot(nsx, nsy)
        ok = ln > 1e-9
        if ok:
            nsx /= ln
            nsy /= ln
        # point the spine's normal into the arc (towards far along ray A)
        relx = o0x + 1000.0 * (rays[p, 0, 1, 0] + rays[p, 1, 1, 0]) - o0x
        rely = o0y + 1000.0 * (rays[p, 0, 1, 1] + rays[p, 1, 1, 1]) - o0y
        if relx * nsx + rely * nsy < 0:
            nsx, nsy = -nsx, -nsy
        if not ok:
            nsx, nsy = 0.0, 0.0
        normals[p, 2, 0], normals[p, 2, 1] = nsx, nsy


@kernel
def pose_points(pts, at, cs, sn, txy):
    """Points (T, 2) rotated by cos ``cs`` / sin ``sn`` and moved by ``txy`` of their row
    ``at`` (T,): ``x' = c x - s y + tx``, ``y' = s x + c y + ty``."""
    out = np.empty((len(pts), 2))
    for i in range(len(pts)):
        s = at[i]
        c, n, x, y = cs[s], sn[s], pts[i, 0], pts[i, 1]
        out[i, 0] = c * x - n * y + txy[s, 0]
        out[i, 1] = n * x + c * y + txy[s, 1]
    return out


@kernel
def ring_circles(ring, r):
    """Closed rings (M, L, 2) -> the same vertex-first (L, M) x, y, and a circle around each:
    bounding-box centre (M, 2) and farthest vertex plus ``r`` (M,) (mm)."""
    M, L = ring.shape[0], ring.shape[1]
    rx, ry = np.empty((L, M)), np.empty((L, M))
    centre, bound = np.empty((M, 2)), np.empty(M)
    for e in range(M):
        lox, loy, hix, hiy = np.inf, np.inf, -np.inf, -np.inf
        for v in range(L):
            x, y = ring[e, v, 0], ring[e, v, 1]
            rx[v, e], ry[v, e] = x, y
            lox, loy, hix, hiy = min(lox, x), min(loy, y), max(hix, x), max(hiy, y)
        cx, cy = (lox + hix) / 2, (loy + hiy) / 2
        b = 0.0
        for v in range(L):
            b = max(b, math.hypot(ring[e, v, 0] - cx, ring[e, v, 1] - cy))
        centre[e, 0], centre[e, 1], bound[e] = cx, cy, b + r[e]
    return rx, ry, centre, bound
