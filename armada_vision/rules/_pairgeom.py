"""Per attacker/defender pair geometry of :func:`._attack.checks_for_frame`: closest distances
and points, the in-arc test and the arc margin, vectorised over all pairs (numpy; shapely only
for touching zones and arcs wider than 180 degrees). RRG p.6 (arcs), p.11 (range).
"""

from __future__ import annotations

import numpy as np
import shapely

from . import _soa
from ._frame import Frame
from ._npgeom import inside_arc, pick_closest

# Touching within this distance (mm) counts as touching: floating-point slack, far below any
# camera accuracy.
TOUCH_MM = 1e-6


def _unit(v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n = np.hypot(v[:, 0], v[:, 1])
    ok = n > 1e-12
    u = np.zeros_like(v)
    u[ok] = v[ok] / n[ok, None]
    return u, n


def _half_plane_depth(px, py, sx, sy, nx, ny):
    """Signed distance of points (V, n) past lines through (sx, sy) with unit normals (nx, ny),
    each (n,): ``(p - s) . n``."""
    out = px - sx
    out *= nx
    t = py - sy
    t *= ny
    out += t
    return out


def _unordered(N: int, a: np.ndarray, b: np.ndarray, one_way: bool = False):
    """Unique unordered pairs of ``a``/``b`` (entity indices): representative rows and inverse.

    ``one_way``: no pair comes back reversed (every attacker is one player's, every defender
    the other's), so every row is its own representative and no sort is needed."""
    if one_way:
        k = np.arange(len(a))
        return k, k
    key = np.minimum(a, b) * N + np.maximum(a, b)
    _, first, inv = np.unique(key, return_index=True, return_inverse=True)
    return first, inv


def _distances(f: Frame, ai, di, one_way: bool = False):
    """Closest distance of the whole pieces (P,) and closest points (P, 2) x2 (NaN where not
    computed: hull zone pairs that are far apart). Distances are symmetric: each unordered pair
    is computed once (``one_way``: see :func:`_unordered`)."""
    P, N = len(ai), len(f.piece)
    plain = np.empty(P)
    pa, pb = np.full((P, 2), np.nan), np.full((P, 2), np.nan)
    sa, sd = f.is_sq[ai], f.is_sq[di]
    ss = np.nonzero(sa & sd)[0]
    if len(ss):
        ca, cb = f.centre[ai[ss]], f.centre[di[ss]]
        u, n = _unit(cb - ca)
        ra, rb = f.r[ai[ss]], f.r[di[ss]]
        plain[ss] = n - ra - rb
        pa[ss] = ca + u * np.minimum(ra, n)[:, None]
        pb[ss] = cb - u * np.minimum(rb, n)[:, None]
    mixed = np.nonzero(sa != sd)[0]
    if len(mixed):
        zone_first = ~sa[mixed]
        z = np.where(zone_first, ai[mixed], di[mixed])
        q = np.where(zone_first, di[mixed], ai[mixed])
        first, inv = _unordered(N, z, q, one_way)
        c, r = f.centre[q[first]], f.r[q[first]]
        zf_ = z[first]
        qx, qy, inside = _soa.point_ring_closest(np.ascontiguousarray(c[:, 0]),
                                                 np.ascontiguousarray(c[:, 1]), f.rx, f.ry, zf_)
        near_pt = np.stack([qx, qy], axis=1)
        u, n = _unit(near_pt - c)
        d = np.where(inside, 0.0, n - r)
        disc_pt = np.where(inside[:, None], c, c + u * np.minimum(r, n)[:, None])
        zone_pt = np.where(inside[:, None], c, near_pt)
        plain[mixed] = d[inv]
        zf = zone_first[:, None]
        pa[mixed] = np.where(zf, zone_pt[inv], disc_pt[inv])
        pb[mixed] = np.where(zf, disc_pt[inv], zone_pt[inv])
    zz = np.nonzero(~sa & ~sd)[0]
    if len(zz):
        first, inv = _unordered(N, ai[zz], di[zz], one_way)
        a, b = ai[zz[first]], di[zz[first]]
        d = np.empty(len(first))
        gap = np.hypot(*(f.ecentre[a] - f.ecentre[b]).T) - f.ebound[a] - f.ebound[b]
        close = gap <= 0          # the zones' circles overlap: the polygons may intersect
        if close.any():
            d[close] = shapely.distance(f.geoms(a[close]), f.geoms(b[close]))
        plain[zz] = d[inv]
        # apart: the vertex-to-edge searches both ways give the distance and the closest points
        # at once (each unordered pair once, as the distance above)
        far = zz[~close[inv]]
        if len(far):
            pa[far], pb[far], d2 = _zone_closest_points(f, ai[far], di[far], one_way, True)
            plain[far] = np.sqrt(d2)
    return np.maximum(plain, 0.0), pa, pb


def _zone_closest_points(f: Frame, a: np.ndarray, b: np.ndarray, one_way: bool = False,
                         with_distance: bool = False):
    """:func:`ring_closest_points` of hull zones ``a`` and ``b`` (P,), each unordered pair once:
    the two vertex-to-edge searches serve (a, b) and (b, a) alike. Returns (pa, pb) (P, 2) each
    and, ``with_distance``, the squared distance (P,) of disjoint zones (mm^2)."""
    first, inv = _unordered(len(f.piece), a, b, one_way)
    lo = np.minimum(a, b)[first]
    hi = np.maximum(a, b)[first]
    d1, *vq1 = _soa.vertex_edge_nearest(f.rx, f.ry, lo, f.rx, f.ry, hi)  # lo's vertices
    d2, *vq2 = _soa.vertex_edge_nearest(f.rx, f.ry, hi, f.rx, f.ry, lo)  # hi's vertices
    v1, q1 = np.stack(vq1[:2], axis=1), np.stack(vq1[2:], axis=1)
    v2, q2 = np.stack(vq2[:2], axis=1), np.stack(vq2[2:], axis=1)
    d1, v1, q1, d2, v2, q2 = d1[inv], v1[inv], q1[inv], d2[inv], v2[inv], q2[inv]
    flip = (a > b)[:, None]       # (hi, lo): hi's vertices were searched first
    pa, pb = pick_closest(np.where(flip[:, 0], d2, d1), np.where(flip, v2, v1),
                          np.where(flip, q2, q1), np.where(flip[:, 0], d1, d2),
                          np.where(flip, v1, v2), np.where(flip, q1, q2))
    if with_distance:
        return pa, pb, np.minimum(d1, d2)
    return pa, pb


def _in_arc(f: Frame, ai, di, si):
    """In-arc verdict and arc distance (a lower bound far away) for ship attackers ``si``."""
    d_arc = np.zeros(len(si))
    inn = np.zeros(len(si), dtype=bool)
    covered = np.zeros(len(si), dtype=bool)
    a, d = ai[si], di[si]
    # signed distances (3, n) of the defender's circle centre past the arc's three boundaries
    sd = _half_plane_depth(f.ecentre[d, 0], f.ecentre[d, 1], f.arc_sx[:, a], f.arc_sy[:, a],
                           f.arc_nx[:, a], f.arc_ny[:, a])
    spine = f.arc_normals[a, 2]
    sd[2] = np.where((spine[:, 0] == 0) & (spine[:, 1] == 0), np.inf, sd[2])
    bound = f.ebound[d]
    reflex = f.reflex[a]
    out = (sd < -bound).any(0) & ~reflex
    clear_in = (sd >= bound).all(0) & ~reflex
    d_arc[out] = (-sd[:, out]).max(0) - bound[out]
    inn[clear_in] = True
    covered[clear_in] = True
    amb = np.nonzero(~out & ~clear_in & ~reflex)[0]
    if len(amb):
        aa = a[amb]
        da = d[amb]
        d_arc[amb] = _soa.arc_distance(f.rx, f.ry, da, f.r[da], f.ray_ox, f.ray_oy, f.arc_sx,
                                       f.arc_sy, f.arc_ex, f.arc_ey, f.arc_nx, f.arc_ny, aa)
        inn[amb] = d_arc[amb] <= TOUCH_MM
        # entirely inside (convex pieces in a convex arc: every vertex / the disc inside)
        zs = ~f.is_sq[d[amb]]
        cov = np.zeros(len(amb), dtype=bool)
        az = a[amb[zs]]
        cov[zs] = inside_arc(f.ring[d[amb[zs]]], f.arc_starts[az], f.arc_normals[az]).all(1)
        cov[~zs] = (sd[:, amb[~zs]] >= f.r[d[amb[~zs]]]).all(0)
        covered[amb] = cov
    rf = np.nonzero(reflex)[0]
    if len(rf):
        d_arc[rf] = np.maximum(shapely.distance(f.arcs(a[rf]), f.cores(d[rf])) - f.r[d[rf]], 0.0)
        inn[rf] = d_arc[rf] <= TOUCH_MM
    return inn, d_arc, covered


def _arc_margin(f: Frame, ai, di, in_arc, d_arc) -> np.ndarray:
    """How far the defender is from leaving (in arc) or entering (not in arc) the firing arc."""
    m = np.where(in_arc, np.inf, d_arc)
    rays = f.rays[ai]                                     # (P, 2, 3, 2)
    inside = np.nonzero(in_arc & ~f.is_sq[ai])[0]
    if not len(inside):
        return m
    o = rays[inside, :, 0]                               # (P, 2, 2)
    nrm = rays[inside, :, 2]
    # signed depth of a point inside the arc: the smaller of its distances past each arc line
    sq = f.is_sq[di[inside]]
    depth = np.empty(len(inside))
    if sq.any():
        c = f.centre[di[inside[sq]]]
        sdk = np.einsum("pkd,pkd->pk", c[:, None, :] - o[sq], nrm[sq])
        sd = np.where(f.reflex[ai[inside[sq]]], sdk.max(axis=1), sdk.min(axis=1))
        depth[sq] = sd + f.r[di[inside[sq]]]
    zs = ~sq
    if zs.any():
        dz = di[inside[zs]]
        vx, vy = f.rx[:, dz], f.ry[:, dz]                          # (V, n) vertex-first
        oz, nz = o[zs], nrm[zs]
        sd0 = _half_plane_depth(vx, vy, oz[:, 0, 0], oz[:, 0, 1], nz[:, 0, 0], nz[:, 0, 1])
        sd1 = _half_plane_depth(vx, vy, oz[:, 1, 0], oz[:, 1, 1], nz[:, 1, 0], nz[:, 1, 1])
        sd = np.where(f.reflex[ai[inside[zs]]], np.maximum(sd0, sd1), np.minimum(sd0, sd1))
        depth[zs] = np.nanmax(sd, axis=0)
    m[inside] = np.abs(depth)
    return m
