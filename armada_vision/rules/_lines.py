"""Lines of sight and attack-range lines against hull zones and obstructers, vectorised in numpy.

RRG "Line of Sight" p.10 (no LOS through another hull zone of the defender), "Obstructed" p.13
(obstacles, ships other than attacker and defender; squadrons only under the house rule).
"""

from __future__ import annotations

import numpy as np
import shapely

from . import _soa
from ._frame import Frame
from ._npgeom import line_depth, point_segment_distance, segment_ring

# Below this many rows a kernel's ~50 numpy calls cost more than its arithmetic: one call for
# all rows, instead of splitting them to save arithmetic.
ONE_PASS_ROWS = 160
# A line "passes through" a hull zone when it runs inside it for more than this (mm); touching a
# corner or running along the shared printed line does not block.
BLOCK_MM = 0.01
# Obstructers farther than this from a LOS line cannot set the margin (band margins of in-range
# attacks are at most ~31 mm).
PROBE_MM = 40.0


def combine_margins(P: int, rows: np.ndarray, crossing: np.ndarray, depth: np.ndarray,
                    dist: np.ndarray) -> np.ndarray:
    """Per pair: crossed -> the largest depth of a crossing (all must clear); else the nearest miss."""
    cross_m = np.full(P, -np.inf)
    np.maximum.at(cross_m, rows[crossing], depth[crossing])
    miss_m = np.full(P, np.inf)
    np.minimum.at(miss_m, rows[~crossing], dist[~crossing])
    return np.where(np.isfinite(cross_m), cross_m, miss_m)


def zone_blocking(f: Frame, di: np.ndarray, rows: np.ndarray, los: np.ndarray, rng: np.ndarray,
                  P: int, cap: np.ndarray):
    """Per pair: the defender's other hull zone the LOS or range line passes through, and margin.

    ``rows`` are the pairs to test (ship defenders, in range), ``los`` and ``rng`` their LOS and
    attack-range segments (len(rows), 2, 2). ``cap`` (P,) is the margin found so far: misses
    farther than that are not measured. Returns (blocked_by (P,) object, margin (P,)).
    """
    blocked_by = np.full(P, None, dtype=object)
    margin = np.full(P, np.inf)
    if not len(rows):
        return blocked_by, margin
    first, count = f.zone_first, f.zone_count
    ships = f.ship_idx[di[rows]]
    local = np.repeat(np.arange(len(rows)), count[ships])
    offs = np.arange(len(local)) - np.repeat(np.cumsum(count[ships]) - count[ships], count[ships])
    e = np.repeat(first[ships], count[ships]) + offs
    keep = e != di[rows][local]
    local, e = local[keep], e[keep]
    n = len(local)
    # both lines of every (pair, other zone) in one pass: rows [0, n) the LOS, [n, 2n) the range
    # line; rings vertex-first (see _soa)
    e2 = np.concatenate([e, e])
    p0 = np.concatenate([los[local, 0], rng[local, 0]])
    p1 = np.concatenate([los[local, 1], rng[local, 1]])
    p0x, p0y, p1x, p1y = p0[:, 0], p0[:, 1], p1[:, 0], p1[:, 1]
    cap_e = np.tile(cap[rows][local], 2)
    lb = point_segment_distance(f.ecentre[e2], p0, p1) - f.ebound[e2]
    cross = np.zeros(2 * n, dtype=bool)
    k = np.nonzero(lb <= 0)[0]
    if len(k):
        ek = e2[k]
        cross[k] = _soa.convex_inside_length(p0x[k], p0y[k], p1x[k], p1y[k], f.rx, f.ry, ek,
                                             f.nv) > BLOCK_MM
    blocked = cross[:n] | cross[n:]
    depth2 = np.zeros(2 * n)
    k = np.nonzero(cross)[0]
    if len(k):
        ek = e2[k]
        depth2[k] = _soa.line_depth(p0x[k], p0y[k], p1x[k], p1y[k], f.rx, f.ry, ek, f.nv)
    depth = np.maximum(depth2[:n], depth2[n:])
    # The margin of a pair no line of which is blocked is its nearest miss. Only misses that can
    # be nearer than the margin so far (``cap``) and than the nearest found count: the nearest by
    # lower bound first, then the others still below the best.
    pair = np.tile(local, 2)
    free = np.bincount(local[blocked], minlength=len(rows))[pair] == 0
    dist2 = np.full(2 * n, np.inf)
    cand = np.nonzero(free & (lb < cap_e))[0]
    if len(cand) <= ONE_PASS_ROWS:      # few rows: one call costs less than two
        _near_miss(f, cand, e2, p0x, p0y, p1x, p1y, n, dist2)
    else:
        order = cand[np.lexsort((lb[cand], pair[cand]))]
        head = np.ones(len(order), dtype=bool)
        head[1:] = pair[order[1:]] != pair[order[:-1]]
        _near_miss(f, order[head], e2, p0x, p0y, p1x, p1y, n, dist2)
        best = np.full(len(rows), np.inf)
        np.minimum.at(best, pair[order[head]], dist2[order[head]])
        rest = order[~head]
        _near_miss(f, rest[lb[rest] < best[pair[rest]]], e2, p0x, p0y, p1x, p1y, n, dist2)
    dist = np.minimum(dist2[:n], dist2[n:])
    margin = combine_margins(P, rows[local], blocked, depth, dist)
    for r, z in zip(rows[local][blocked].tolist(), e[blocked].tolist()):
        if blocked_by[r] is None:
            blocked_by[r] = f.zone[z]
    return blocked_by, margin


def _near_miss(f: Frame, k: np.ndarray, e2, p0x, p0y, p1x, p1y, n: int, out: np.ndarray):
    """``out[k]``: distance of line ``k`` (LOS below ``n``, range line from ``n``) to zone ``e2[k]``."""
    if not len(k):
        return
    ek = e2[k]
    dd = _soa.segment_ring(p0x[k], p0y[k], p1x[k], p1y[k], f.rx, f.ry, ek, f.nv)[1]
    # the range line ends on the defending zone, often at a corner it shares with the next
    # zone: that touch is structural, not a graze
    out[k] = np.where((dd > 0) | (k < n), dd, np.inf)


def obstructers_on(f: Frame, p0: np.ndarray, p1: np.ndarray, ex_ship: np.ndarray,
                   ex_sq: np.ndarray, probe_mm=PROBE_MM):
    """Obstructers near each segment ``p0``-``p1`` (L, 2), excluding the pieces themselves.

    ``ex_ship`` / ``ex_sq`` (L, 2): ship and squadron indices (-1: none) of the two pieces the
    line joins; their own bases never obstruct it. ``probe_mm`` (scalar or (L,)): how far from
    a line misses are still measured. Returns row indices ``li``, obstructer indices
    ``mi``, and per (li, mi): ``touches``, ``dist_mm``, ``depth_mm`` (of polygons only where
    the line touches, else 0: a miss is measured by its distance).
    """
    M = len(f.ob_id)
    if M == 0 or len(p0) == 0:
        z = np.zeros(0, dtype=int)
        return z, z, np.zeros(0, dtype=bool), np.zeros(0), np.zeros(0)
    d = point_segment_distance(f.ob_centre[None], p0[:, None], p1[:, None])     # (L, M)
    cand = d <= f.ob_bound[None] + np.reshape(probe_mm, (-1, 1))
    ship, sq = f.ob_ship[None], f.ob_sq[None]
    cand &= ~((ship >= 0) & ((ship == ex_ship[:, :1]) | (ship == ex_ship[:, 1:])))
    cand &= ~((sq >= 0) & ((sq == ex_sq[:, :1]) | (sq == ex_sq[:, 1:])))
    li, mi = np.nonzero(cand)
    touches = np.zeros(len(li), dtype=bool)
    dist = np.zeros(len(li))
    depth = np.zeros(len(li))
    a, b = p0[li], p1[li]
    disc = f.ob_r[mi] > 0
    poly = f.ob_simple[mi] & ~disc
    k = np.nonzero(poly)[0]
    if len(k):      # each ring to its own length (a base has 4 corners, an obstacle up to ~18)
        touches[k], dist[k] = _soa.segment_ring(a[k, 0], a[k, 1], b[k, 0], b[k, 1], f.ob_rx,
                                                f.ob_ry, mi[k], f.ob_len)
        t = k[touches[k]]
        if len(t):      # the depth only counts for a line that touches (combine_margins)
            depth[t] = _soa.line_depth(a[t, 0], a[t, 1], b[t, 0], b[t, 1], f.ob_rx, f.ob_ry,
                                       mi[t], f.ob_len)
    if disc.any():
        c, r = f.ob_ring[mi[disc], 0], f.ob_r[mi[disc]]
        dd = point_segment_distance(c, a[disc], b[disc]) - r
        touches[disc], dist[disc] = dd <= 0, np.maximum(dd, 0.0)
        u = b[disc] - a[disc]
        n = np.maximum(np.hypot(u[:, 0], u[:, 1]), 1e-12)
        s = np.abs(u[:, 0] * (c[:, 1] - a[disc][:, 1]) - u[:, 1] * (c[:, 0] - a[disc][:, 0])) / n
        depth[disc] = np.maximum(r - s, 0.0)
    other = ~f.ob_simple[mi]
    for t in np.nonzero(other)[0]:
        line = shapely.linestrings([a[t], b[t]])
        g = f.ob_geom[mi[t]]
        touches[t] = shapely.intersects(line, g)
        dist[t] = shapely.distance(line, g)
        verts = shapely.get_coordinates(g)[None]
        depth[t] = line_depth(a[t][None], b[t][None], verts)[0]
    return li, mi, touches, dist, depth


def obstruction(f: Frame, ai, di, rows, los: np.ndarray, P: int, cap: np.ndarray):
    """Per pair: ids of the pieces obstructing the LOS, whether a dust field is crossed, margin."""
    hits = np.empty(P, dtype=object)
    hits.fill(())
    dust = np.zeros(P, dtype=bool)
    margin = np.full(P, np.inf)
    if not len(rows):
        return hits, dust, margin
    a, b = ai[rows], di[rows]
    ex_ship = np.stack([f.ship_idx[a], f.ship_idx[b]], axis=1)
    ex_sq = np.stack([f.sq_idx[a], f.sq_idx[b]], axis=1)
    probe = np.minimum(cap[rows], PROBE_MM)
    li, mi, touches, dist, depth = obstructers_on(f, los[:, 0], los[:, 1], ex_ship, ex_sq, probe)
    if not len(li) and f.dial_rings is None:
        return hits, dust, margin
    margin = combine_margins(P, rows[li], touches, depth, dist)
    acc: dict[int, list[str]] = {}
    _dial_hits(f, a, b, rows, los, acc)
    kinds = f.ob_kind
    for r, m in zip(rows[li[touches]].tolist(), mi[touches].tolist()):   # li sorted, then mi
        ids = acc.setdefault(r, [])
        if f.ob_id[m] not in ids:          # a huge ship's two bases are one obstruction
            ids.append(f.ob_id[m])
        if kinds[m] == "dust":
            dust[r] = True
    for r, ids in acc.items():
        hits[r] = tuple(ids)
    return hits, dust, margin


def _dial_hits(f: Frame, a, b, rows, los, acc: dict[int, list[str]]) -> None:
    """2021 correction (rules 1.1.7): LOS through the attacker's or defender's shield dial that
    lies over an obstacle is obstructed by that obstacle. (Any dial of the two ships is taken.)"""
    if f.dial_rings is None:
        return
    with_ob = [k for k, obs in enumerate(f.dial_obstacles) if obs]
    for k in with_ob:
        ship = f.dial_ship[k]
        mine = np.nonzero((f.ship_idx[a] == ship) | (f.ship_idx[b] == ship))[0]
        if not len(mine):
            continue
        ring = np.repeat(f.dial_rings[k][None], len(mine), axis=0)
        touches = segment_ring(los[mine, 0], los[mine, 1], ring)[0]
        for t in mine[touches].tolist():
            ids = acc.setdefault(int(rows[t]), [])
            for m in f.dial_obstacles[k]:
                if f.ob_id[m] not in ids:
                    ids.append(f.ob_id[m])
