"""The hot small-polygon kernels in vertex-first layout: rings as x and y arrays of shape (K, n).

numpy reduces a short inner axis one row at a time (a ``min(axis=1)`` over 5 columns of 2,000
rows costs 15 times an elementwise product), but a short *leading* axis in a few whole-array
passes. So the rings of these kernels are (K, n) x and y arrays (closed, padded with repeats of
the first vertex; ``Frame.rx`` / ``Frame.ry``), points are (n,) x and y arrays, and every
reduction runs over axis 0. The arithmetic is operation for operation that of the (n, K, 2)
functions of :mod:`._npgeom` (which call these), so the answers are bit-identical.
"""

from __future__ import annotations

import numpy as np


def xy(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(..., K, 2) rings -> vertex-first contiguous x, y arrays (K, ...)."""
    a = np.asarray(a, dtype=float)
    if a.ndim == 3:                                     # (n, K, 2): the usual case, no moveaxis
        return np.ascontiguousarray(a[..., 0].T), np.ascontiguousarray(a[..., 1].T)
    return (np.ascontiguousarray(np.moveaxis(a[..., 0], -1, 0)),
            np.ascontiguousarray(np.moveaxis(a[..., 1], -1, 0)))


def take(a: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """Columns ``idx`` of a (K, N) array, C-contiguous (``a[:, idx]`` is not, and is slower)."""
    return np.take(a, idx, axis=1)


def segment_param(apx, apy, abx, aby, den, t=None):
    """Where the foot of each point on its segment lies: ``clip((p - a).(b - a) / den, 0, 1)``
    (broadcast; ``den`` = ``max(|b - a|^2, 1e-300)``), computed in place in a fresh array (or in
    ``t``, the product ``(px - ax) * abx`` if the caller already has it)."""
    if t is None:
        t = apx * abx
    t += apy * aby
    t /= den
    np.maximum(t, 0.0, out=t)
    np.minimum(t, 1.0, out=t)
    return t


def psd(apx, apy, abx, aby, den=None, t=None):
    """Distance from points to segments given ``p - a`` and ``b - a`` (broadcast), in mm.

    ``den`` is ``max(|b - a|^2, 1e-300)`` if already known. Same operations, in the same order,
    as :func:`._npgeom.point_segment_distance`.
    """
    if den is None:
        den = np.maximum(abx * abx + aby * aby, 1e-300)
    t = segment_param(apx, apy, abx, aby, den, t)
    dx = t * abx
    np.subtract(apx, dx, out=dx)
    t *= aby
    np.subtract(apy, t, out=t)
    dx *= dx
    t *= t
    dx += t
    return np.sqrt(dx, out=dx)


def point_in_ring(px, py, rx, ry) -> np.ndarray:
    """Even-odd test of points (n,) in simple polygons (K, n) closed rings."""
    x0, y0, x1, y1 = rx[:-1], ry[:-1], rx[1:], ry[1:]
    straddle = (y0 > py) != (y1 > py)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        xc = (py - y0) * (x1 - x0)
        xc /= y1 - y0
        xc += x0
    straddle &= px < xc
    return straddle.sum(axis=0) % 2 == 1


def segment_ring(p0x, p0y, p1x, p1y, rx, ry):
    """A segment (n,) against a simple polygon (K, n): (touches, distance_mm); distance 0 when
    touching. As :func:`._npgeom.segment_ring_distance`."""
    x0, y0, x1, y1 = rx[:-1], ry[:-1], rx[1:], ry[1:]
    ex, ey = x1 - x0, y1 - y0
    a0x, a0y = p0x - x0, p0y - y0
    a1x, a1y = p1x - x0, p1y - y0
    # segments_cross(p0, p1, ring edge): the four orientations and the bounding boxes
    d1 = ex * a0y - ey * a0x
    d2 = ex * a1y - ey * a1x
    dx, dy = p1x - p0x, p1y - p0y
    d3 = dx * (y0 - p0y) - dy * (x0 - p0x)
    d4 = dx * (y1 - p0y) - dy * (x1 - p0x)
    d1 *= d2
    d3 *= d4
    cross = (d1 <= 0) & (d3 <= 0)
    cross &= np.minimum(p0x, p1x) <= np.maximum(x0, x1)
    cross &= np.minimum(x0, x1) <= np.maximum(p0x, p1x)
    cross &= np.minimum(p0y, p1y) <= np.maximum(y0, y1)
    cross &= np.minimum(y0, y1) <= np.maximum(p0y, p1y)
    elen = ex * ex + ey * ey
    cross &= elen >= 1e-18              # a zero-length (padding) edge never crosses
    touches = cross.any(axis=0) | point_in_ring(p0x, p0y, rx, ry)
    den = np.maximum(elen, 1e-300)
    d_end = np.minimum(psd(a0x, a0y, ex, ey, den).min(axis=0),
                       psd(a1x, a1y, ex, ey, den).min(axis=0))
    d_vert = psd(rx - p0x, ry - p0y, dx, dy).min(axis=0)
    return touches, np.where(touches, 0.0, np.minimum(d_end, d_vert))


def line_depth(p0x, p0y, p1x, p1y, vx, vy) -> np.ndarray:
    """How far each line p0 -> p1 (n,) must move sideways to clear its vertices (V, n), in mm."""
    dx, dy = p1x - p0x, p1y - p0y
    n = np.hypot(dx, dy)
    n[n < 1e-12] = 1.0
    s = dx * (vy - p0y)
    s -= dy * (vx - p0x)
    s /= n
    return np.maximum(np.minimum(s.max(axis=0), -s.min(axis=0)), 0.0)


def convex_inside_length(p0x, p0y, p1x, p1y, rx, ry) -> np.ndarray:
    """Length (mm) of each segment (n,) inside its convex polygon (K, n) (Cyrus-Beck)."""
    x0, y0, x1, y1 = rx[:-1], ry[:-1], rx[1:], ry[1:]
    ex, ey = x1 - x0, y1 - y0
    area = (x0 * y1 - x1 * y0).sum(axis=0)
    sign = np.where(area >= 0, 1.0, -1.0)
    nx, ny = -ey * sign, ex * sign                       # inward normals
    dx, dy = p1x - p0x, p1y - p0y
    num = nx * (p0x - x0)
    num += ny * (p0y - y0)                               # >= 0 inside
    den = nx * dx
    den += ny * dy
    ok = ex * ex + ey * ey >= 1e-18
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        t = -num / den
    t_in = np.where((den > 0) & ok, t, -np.inf).max(axis=0)
    t_out = np.where((den < 0) & ok, t, np.inf).min(axis=0)
    outside_parallel = ((den == 0) & (num < 0) & ok).any(axis=0)
    lo, hi = np.maximum(t_in, 0.0), np.minimum(t_out, 1.0)
    length = np.maximum(hi - lo, 0.0) * np.hypot(dx, dy)
    return np.where(outside_parallel, 0.0, length)


def ring_distance(ax, ay, bx, by) -> np.ndarray:
    """Distance (mm) between disjoint convex polygons (K, n) and (L, n): vertex to edge both ways."""
    def one(px, py, qx, qy):
        x0, y0 = qx[None, :-1], qy[None, :-1]
        ex, ey = qx[None, 1:] - x0, qy[None, 1:] - y0
        d = psd(px[:, None] - x0, py[:, None] - y0, ex, ey)      # (K, L-1, n)
        return d.reshape(d.shape[0] * d.shape[1], d.shape[2]).min(axis=0)
    return np.minimum(one(ax, ay, bx, by), one(bx, by, ax, ay))


def point_ring_closest(px, py, rx, ry):
    """Nearest point (x (n,), y (n,)) on each convex polygon's outline (K, n) to points (n,),
    and whether the point is inside. As :func:`._npgeom.point_ring_closest`."""
    x0, y0 = rx[:-1], ry[:-1]
    abx, aby = rx[1:] - x0, ry[1:] - y0
    den = np.maximum(abx * abx + aby * aby, 1e-300)
    t = segment_param(px - x0, py - y0, abx, aby, den)
    qx = t * abx
    qx += x0
    qy = t * aby
    qy += y0
    dx, dy = px - qx, py - qy
    dx *= dx
    dy *= dy
    dx += dy
    k = dx.argmin(axis=0)
    cols = np.arange(len(px))
    return qx[k, cols], qy[k, cols], point_in_ring(px, py, rx, ry)


def half_plane_depth(px, py, sx, sy, nx, ny):
    """Signed distance of points (V, n) past lines through (sx, sy) with unit normals (nx, ny),
    each (n,): ``(p - s) . n``."""
    out = px - sx
    out *= nx
    t = py - sy
    t *= ny
    out += t
    return out


def vertex_edge_nearest(sx, sy, dx_, dy_):
    """Per column, the nearest (vertex of ring ``s`` (K, n), point on an edge of ring ``d``
    (L, n)): squared distance (n,), vertex x, y and edge point x, y. Ties go to the first
    vertex, then the first edge. As :func:`._npgeom.vertex_edge_nearest`."""
    n = sx.shape[1]
    a0x, a0y = dx_[None, :-1], dy_[None, :-1]                     # (1, E, n)
    abx, aby = dx_[None, 1:] - a0x, dy_[None, 1:] - a0y
    E = abx.shape[1]
    px, py = sx[:, None], sy[:, None]                              # (K, 1, n)
    den = np.maximum(abx * abx + aby * aby, 1e-300)
    t = segment_param(px - a0x, py - a0y, abx, aby, den)
    ex = t * abx
    ex += a0x                       # the edge point a0 + t ab ...
    np.subtract(px, ex, out=ex)     # ... minus the vertex
    ey = t * aby
    ey += a0y
    np.subtract(py, ey, out=ey)
    ex *= ex
    ey *= ey
    ex += ey
    dd = ex.reshape(ex.shape[0] * E, n)
    k = dd.argmin(axis=0)
    cols = np.arange(n)
    vi, ei = np.divmod(k, E)
    tk = t.reshape(dd.shape)[k, cols]
    return (dd[k, cols], sx[vi, cols], sy[vi, cols], a0x[0, ei, cols] + tk * abx[0, ei, cols],
            a0y[0, ei, cols] + tk * aby[0, ei, cols])


def segments_cross(p0x, p0y, p1x, p1y, q0x, q0y, q1x, q1y) -> np.ndarray:
    """Whether segments p0-p1 and q0-q1 intersect (touching counts), broadcast: the four
    orientation products, and the bounding boxes (which decide collinear cases)."""
    ux, uy = q1x - q0x, q1y - q0y
    d1 = ux * (p0y - q0y) - uy * (p0x - q0x)
    d1 *= ux * (p1y - q0y) - uy * (p1x - q0x)
    vx, vy = p1x - p0x, p1y - p0y
    d3 = vx * (q0y - p0y) - vy * (q0x - p0x)
    d3 *= vx * (q1y - p0y) - vy * (q1x - p0x)
    out = (d1 <= 0) & (d3 <= 0)
    out &= np.minimum(p0x, p1x) <= np.maximum(q0x, q1x)
    out &= np.minimum(q0x, q1x) <= np.maximum(p0x, p1x)
    out &= np.minimum(p0y, p1y) <= np.maximum(q0y, q1y)
    out &= np.minimum(q0y, q1y) <= np.maximum(p0y, p1y)
    return out


def arc_distance(rx, ry, radius, ox, oy, sx, sy, ex, ey, nx, ny) -> np.ndarray:
    """Distance (mm) from convex pieces to convex arcs; 0 when any part is inside.

    Pieces: rings (K, n) (a squadron: its centre repeated) with ``radius`` (n,); arcs: ray
    origins ``ox``, ``oy`` (2, n) and boundary pieces (3, n): starts ``s``, ends ``e``, inward
    normals ``n``. As :func:`._npgeom.arc_distance`.
    """
    sx3, sy3 = sx[None], sy[None]                                   # (1, 3, n)
    side = (rx[:, None] - sx3) * nx[None]
    side += (ry[:, None] - sy3) * ny[None]                          # (K, 3, n)
    any_in = (side >= -1e-9).all(axis=1).any(axis=0)
    x0, y0, x1, y1 = rx[:-1], ry[:-1], rx[1:], ry[1:]
    e_x, e_y = x1 - x0, y1 - y0                                     # (E, n)
    deg = e_x * e_x + e_y * e_y < 1e-18
    # the arc's corners (the ray origins) inside the polygon (convex: same side of every edge)
    cs = e_x[None] * (oy[:, None] - y0[None]) - e_y[None] * (ox[:, None] - x0[None])  # (2, E, n)
    corner_in = (((cs >= 0) | deg).all(axis=1) | ((cs <= 0) | deg).all(axis=1)).any(axis=0)
    corner_in &= ~deg.all(axis=0)
    crossing = segments_cross(x0[:, None], y0[:, None], x1[:, None], y1[:, None],
                              sx3, sy3, ex[None], ey[None])        # (E, 3, n)
    crossing &= ~deg[:, None]       # a zero-length edge (a squadron's centre) never crosses
    touching = any_in | corner_in | crossing.any(axis=(0, 1))
    d1 = psd(rx[:, None] - sx3, ry[:, None] - sy3, (ex - sx)[None], (ey - sy)[None])
    d2 = psd(ox[:, None] - x0[None], oy[:, None] - y0[None], e_x[None], e_y[None])
    d = np.where(touching, 0.0, np.minimum(d1.min(axis=(0, 1)), d2.min(axis=(0, 1))))
    return np.maximum(d - radius, 0.0)
