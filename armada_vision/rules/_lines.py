"""Lines of sight and attack-range lines against hull zones and obstructers (numba kernels).

RRG "Line of Sight" p.10 (no LOS through another hull zone of the defender), "Obstructed" p.13
(obstacles, ships other than attacker and defender; squadrons only under the house rule).
"""

from __future__ import annotations

import math

import numpy as np
import shapely

from ._frame import Frame
from ._npgeom import line_depth, segment_ring
from ._soa import inside_length1, kernel, line_depth1, psd1, seg_ring1, simple_inside1

# A line "passes through" a hull zone when it runs inside it for more than this (mm); touching a
# corner or running along the shared printed line does not block.
BLOCK_MM = 0.01
# Obstructers farther than this from a LOS line cannot set the margin (band margins of in-range
# attacks are at most ~31 mm).
PROBE_MM = 40.0


@kernel
def combine_margins(P, rows, crossing, depth, dist):
    """Per pair: crossed -> the largest depth of a crossing (all must clear); else the nearest miss."""
    cross_m = np.full(P, -np.inf)
    miss_m = np.full(P, np.inf)
    for k in range(len(rows)):
        r = rows[k]
        if crossing[k]:
            cross_m[r] = max(cross_m[r], depth[k])
        else:
            miss_m[r] = min(miss_m[r], dist[k])
    for r in range(P):
        if np.isfinite(cross_m[r]):
            miss_m[r] = cross_m[r]
    return miss_m


@kernel
def _block_rows(di, rows, los, rng, cap, ship_idx, zone_first, zone_count, ecentre, ebound,
                rx, ry, nv, convex):
    """:func:`zone_blocking` per row: (blocking entity or -1 (R,), margin (R,)). A zone that is
    not ``convex`` is measured by :func:`simple_inside1` (Cyrus-Beck clipping would take the
    intersection of its edges' half-planes, smaller than the zone)."""
    R = len(rows)
    by = np.full(R, -1, dtype=np.intp)
    margin = np.full(R, np.inf)
    for k in range(R):
        row = rows[k]
        d = di[row]
        e0 = zone_first[ship_idx[d]]
        e1 = e0 + zone_count[ship_idx[d]]
        cross_m = -np.inf
        for e in range(e0, e1):
            if e == d:
                continue
            blocked, dep = False, 0.0
            for seg in (los, rng):
                p0x, p0y, p1x, p1y = seg[row, 0, 0], seg[row, 0, 1], seg[row, 1, 0], seg[row, 1, 1]
                lb = psd1(ecentre[e, 0] - p0x, ecentre[e, 1] - p0y, p1x - p0x, p1y - p0y)
                if not lb - ebound[e] <= 0:
                    continue
                if not convex[e]:
                    inside, depth = simple_inside1(p0x, p0y, p1x, p1y, rx, ry, e, nv[e])
                    if inside > BLOCK_MM:
                        blocked = True
                        dep = max(dep, depth)
                elif inside_length1(p0x, p0y, p1x, p1y, rx, ry, e, nv[e]) > BLOCK_MM:
                    blocked = True
                    dep = max(dep, line_depth1(p0x, p0y, p1x, p1y, rx, ry, e, nv[e]))
            if blocked:
                if by[k] < 0:
                    by[k] = e
                cross_m = max(cross_m, dep)
        if by[k] >= 0:
            margin[k] = cross_m
            continue
        # no line blocked: the margin is the nearest miss, measured only where it can be
        # nearer than the margin found so far (``cap``)
        best = np.inf
        for e in range(e0, e1):
            if e == d:
                continue
            for line in range(2):
                seg = los if line == 0 else rng
                p0x, p0y, p1x, p1y = seg[row, 0, 0], seg[row, 0, 1], seg[row, 1, 0], seg[row, 1, 1]
                lb = psd1(ecentre[e, 0] - p0x, ecentre[e, 1] - p0y, p1x - p0x, p1y - p0y)
                if not lb - ebound[e] < cap[row]:
                    continue
                dd = seg_ring1(p0x, p0y, p1x, p1y, rx, ry, e, nv[e], True)[1]
                # the range line ends on the defending zone, often at a corner it shares with
                # the next zone: that touch is structural, not a graze
                if line == 1 and not dd > 0:
                    dd = np.inf
                best = min(best, dd)
        margin[k] = best
    return by, margin


def zone_blocking(f: Frame, di: np.ndarray, rows: np.ndarray, los: np.ndarray, rng: np.ndarray,
                  P: int, cap: np.ndarray):
    """Per pair: the defender's other hull zone the LOS or range line passes through, and margin.

    ``rows`` are the pairs to test (ship defenders, in range); ``los`` and ``rng`` (P, 2, 2) the
    LOS and attack-range segments of every pair. ``cap`` (P,) is the margin found so far: misses
    farther than that are not measured. Returns (blocked_by (P,) object, blocked (P,) bool,
    margin (P,)).
    """
    blocked_by = np.full(P, None, dtype=object)
    blocked = np.zeros(P, dtype=bool)
    margin = np.full(P, np.inf)
    if not len(rows):
        return blocked_by, blocked, margin
    by, m = _block_rows(di, rows, los, rng, cap, f.ship_idx, f.zone_first, f.zone_count,
                        f.ecentre, f.ebound, f.rx, f.ry, f.nv, f.convex)
    margin[rows] = m
    hit = np.nonzero(by >= 0)[0]
    blocked[rows[hit]] = True
    for r, z in zip(rows[hit].tolist(), by[hit].tolist()):
        blocked_by[r] = f.zone[z]
    return blocked_by, blocked, margin


@kernel
def _obstructer_rows(p0, p1, ex_ship, ex_sq, probe, ob_centre, ob_bound, ob_ship, ob_sq, ob_r,
                     ob_simple, ob_rx, ob_ry, ob_len):
    """:func:`obstructers_on` for simple polygons and discs; other rows come back with
    ``touches`` False and are flagged in ``other``."""
    L, M = len(p0), len(ob_bound)
    n = 0
    li = np.empty(L * M, dtype=np.intp)
    mi = np.empty(L * M, dtype=np.intp)
    touches = np.zeros(L * M, dtype=np.bool_)
    dist = np.zeros(L * M)
    depth = np.zeros(L * M)
    other = np.zeros(L * M, dtype=np.bool_)
    for k in range(L):
        ax, ay, bx, by = p0[k, 0], p0[k, 1], p1[k, 0], p1[k, 1]
        for m in range(M):
            d = psd1(ob_centre[m, 0] - ax, ob_centre[m, 1] - ay, bx - ax, by - ay)
            if not d <= ob_bound[m] + probe[k]:
                continue
            s, q = ob_ship[m], ob_sq[m]
            if s >= 0 and (s == ex_ship[k, 0] or s == ex_ship[k, 1]):
                continue
            if q >= 0 and (q == ex_sq[k, 0] or q == ex_sq[k, 1]):
                continue
            li[n], mi[n] = k, m
            r = ob_r[m]
            if r > 0:                                   # a squadron disc
                cx, cy = ob_rx[0, m], ob_ry[0, m]
                dd = psd1(cx - ax, cy - ay, bx - ax, by - ay) - r
                touches[n], dist[n] = dd <= 0, max(dd, 0.0)
                ux, uy = bx - ax, by - ay
                ln = max(math.hypot(ux, uy), 1e-12)
                s_ = abs(ux * (cy - ay) - uy * (cx - ax)) / ln
                depth[n] = max(r - s_, 0.0)
            elif ob_simple[m]:      # the depth only counts for a line that touches
                touches[n], dist[n] = seg_ring1(ax, ay, bx, by, ob_rx, ob_ry, m, ob_len[m], True)
                if touches[n]:
                    depth[n] = line_depth1(ax, ay, bx, by, ob_rx, ob_ry, m, ob_len[m])
            else:
                other[n] = True
            n += 1
    return li[:n], mi[:n], touches[:n], dist[:n], depth[:n], other[:n]


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
    p0 = np.ascontiguousarray(p0, dtype=float)
    p1 = np.ascontiguousarray(p1, dtype=float)
    probe = np.full(len(p0), probe_mm, dtype=float)
    li, mi, touches, dist, depth, other = _obstructer_rows(
        p0, p1, np.ascontiguousarray(ex_ship, dtype=np.intp),
        np.ascontiguousarray(ex_sq, dtype=np.intp), probe, f.ob_centre, f.ob_bound, f.ob_ship,
        f.ob_sq, f.ob_r, f.ob_simple, f.ob_rx, f.ob_ry, f.ob_len)
    for t in np.nonzero(other)[0]:          # partly covered or detector outlines: shapely
        a, b = p0[li[t]], p1[li[t]]
        line = shapely.linestrings([a, b])
        g = f.ob_geom[mi[t]]
        touches[t] = shapely.intersects(line, g)
        dist[t] = shapely.distance(line, g)
        verts = shapely.get_coordinates(g)[None]
        depth[t] = line_depth(a[None], b[None], verts)[0]
    return li, mi, touches, dist, depth


def obstruction(f: Frame, ai, di, rows, los: np.ndarray, P: int, cap: np.ndarray):
    """Per pair: ids of the pieces obstructing the LOS, whether any does, whether a dust field
    is crossed, margin."""
    hits = np.empty(P, dtype=object)
    hits.fill(())
    obstructed = np.zeros(P, dtype=bool)
    dust = np.zeros(P, dtype=bool)
    margin = np.full(P, np.inf)
    if not len(rows):
        return hits, obstructed, dust, margin
    a, b = ai[rows], di[rows]
    ex_ship = np.stack([f.ship_idx[a], f.ship_idx[b]], axis=1)
    ex_sq = np.stack([f.sq_idx[a], f.sq_idx[b]], axis=1)
    probe = np.minimum(cap[rows], PROBE_MM)
    li, mi, touches, dist, depth = obstructers_on(f, los[:, 0], los[:, 1], ex_ship, ex_sq, probe)
    if not len(li) and f.dial_rings is None and not f.dust_cover:
        return hits, obstructed, dust, margin
    margin = combine_margins(P, rows[li], touches, depth, dist)
    acc: dict[int, list[str]] = {}
    _dial_hits(f, a, b, rows, los, acc, dust)
    if f.dust_cover:
        _covered_dust(f, a, b, rows, los, acc, dust, margin)
    kinds = f.ob_kind
    for r, m in zip(rows[li[touches]].tolist(), mi[touches].tolist()):   # li sorted, then mi
        ids = acc.setdefault(r, [])
        if f.ob_id[m] not in ids:          # a huge ship's two bases are one obstruction
            ids.append(f.ob_id[m])
        if kinds[m] == "dust":
            dust[r] = True
    for r, ids in acc.items():
        hits[r] = tuple(ids)
        obstructed[r] = len(ids) > 0
    return hits, obstructed, dust, margin


def _covered_dust(f: Frame, a, b, rows, los, acc: dict[int, list[str]], dust: np.ndarray,
                  margin: np.ndarray) -> None:
    """A dust field under a ship that is neither attacker nor defender still counts where the
    LOS crosses it (RRG p.12 "Dust Field": "...overlapped by a ship that is not the attacker or
    defender and the traced line of sight does not pass over a visible portion of that obstacle,
    the ship cannot perform that attack"); under the attacker or defender it is hidden (the
    visible-part rule). Margin: the crossing depth, or how far a line passes beside it."""
    lines = shapely.linestrings(los)
    for dust_id, ship, part in f.dust_cover:
        mine = np.nonzero((f.ship_idx[a] != ship) & (f.ship_idx[b] != ship))[0]
        if not len(mine):
            continue
        d = shapely.distance(lines[mine], part)
        verts = shapely.get_coordinates(part)[None]
        for t, dist in zip(mine.tolist(), d.tolist()):
            r = int(rows[t])
            if dist <= 0.0:
                ids = acc.setdefault(r, [])
                if dust_id not in ids:
                    ids.append(dust_id)
                dust[r] = True
                dist = float(line_depth(los[t, 0][None], los[t, 1][None], verts)[0])
            margin[r] = min(margin[r], dist)


def _dial_hits(f: Frame, a, b, rows, los, acc: dict[int, list[str]], dust: np.ndarray) -> None:
    """2021 correction (rules 1.1.7): LOS through the attacker's or defender's shield dial that
    lies over an obstacle is obstructed by that obstacle; over a dust field, a ship attack
    cannot be performed (RRG p.12). (Any dial of the two ships is taken.)"""
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
                if f.ob_kind[m] == "dust":
                    dust[int(rows[t])] = True
