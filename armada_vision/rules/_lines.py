"""Lines of sight and attack-range lines against hull zones and obstructers, vectorised.

RRG "Line of Sight" p.10 (no LOS through another hull zone of the defender), "Obstructed" p.13
(obstacles, ships other than attacker and defender; squadrons only under the house rule).
"""

from __future__ import annotations

import numpy as np
import shapely

from ._frame import Frame

# A line "passes through" a hull zone when it runs inside it for more than this (mm); touching a
# corner or running along the shared printed line does not block.
BLOCK_MM = 0.01
# Obstructers farther than this from a LOS line cannot set the margin (band margins of in-range
# attacks are at most ~31 mm).
PROBE_MM = 40.0


def pad_vertices(geoms) -> np.ndarray:
    """Exterior vertices of each geometry, (N, V, 2), NaN padded."""
    coords, idx = shapely.get_coordinates(np.asarray(geoms, dtype=object), return_index=True)
    n = len(geoms)
    counts = np.bincount(idx, minlength=n)
    out = np.full((n, max(int(counts.max(initial=1)), 1), 2), np.nan)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    pos = np.arange(len(idx)) - starts[idx]
    out[idx, pos] = coords
    return out


def line_depth(p0: np.ndarray, p1: np.ndarray, verts: np.ndarray) -> np.ndarray:
    """How far each line ``p0`` -> ``p1`` (P, 2) must move sideways to clear its polygon, in mm.

    ``verts`` (P, V, 2) are the polygons' vertices (NaN padded): the smaller of the farthest
    vertex on either side of the line (0 when all lie on one side).
    """
    if len(p0) == 0:
        return np.zeros(0)
    d = p1 - p0
    n = np.hypot(d[:, 0], d[:, 1])
    n[n < 1e-12] = 1.0
    rel = verts - p0[:, None, :]
    s = (d[:, None, 0] * rel[:, :, 1] - d[:, None, 1] * rel[:, :, 0]) / n[:, None]
    with np.errstate(invalid="ignore"):
        depth = np.minimum(np.nanmax(s, axis=1), np.nanmax(-s, axis=1))
    return np.maximum(depth, 0.0)


def combine_margins(P: int, rows: np.ndarray, crossing: np.ndarray, depth: np.ndarray,
                    dist: np.ndarray) -> np.ndarray:
    """Per pair: crossed -> the largest depth of a crossing (all must clear); else the nearest miss."""
    cross_m = np.full(P, -np.inf)
    np.maximum.at(cross_m, rows[crossing], depth[crossing])
    miss_m = np.full(P, np.inf)
    np.minimum.at(miss_m, rows[~crossing], dist[~crossing])
    return np.where(np.isfinite(cross_m), cross_m, miss_m)


def _ends(lines) -> tuple[np.ndarray, np.ndarray]:
    c = shapely.get_coordinates(lines).reshape(-1, 2, 2)
    return c[:, 0], c[:, 1]


def zone_blocking(f: Frame, ai, di, ni, los_line, range_seg):
    """Per pair: the defender's other hull zone the LOS or range line passes through, and margin."""
    P = len(ai)
    blocked_by = np.full(P, None, dtype=object)
    margin = np.full(P, np.inf)
    k = ni[~f.is_sq[di[ni]]]
    if not len(k):
        return blocked_by, margin
    first = np.array([e[0] for e in f.ship_zone_entities])
    count = np.array([len(e) for e in f.ship_zone_entities])
    ships = f.ship_idx[di[k]]
    rows = np.repeat(k, count[ships])
    offs = np.arange(len(rows)) - np.repeat(np.cumsum(count[ships]) - count[ships], count[ships])
    e = np.repeat(first[ships], count[ships]) + offs
    keep = e != di[rows]
    rows, e = rows[keep], e[keep]
    zones = f.geom[e]
    blocked = np.zeros(len(rows), dtype=bool)
    depth = np.zeros(len(rows))
    dist = np.full(len(rows), np.inf)
    for which, lines in ((0, los_line[rows]), (1, range_seg[rows])):
        cross = shapely.length(shapely.intersection(lines, zones)) > BLOCK_MM
        p0, p1 = _ends(lines)
        depth = np.where(cross, np.maximum(depth, line_depth(p0, p1, f.verts[e])), depth)
        dd = shapely.distance(lines, zones)
        if which == 1:
            # the range line ends on the defending zone, often at a corner it shares with the
            # next zone: that touch is structural, not a graze
            dd = np.where(dd > 0, dd, np.inf)
        dist = np.minimum(dist, dd)
        blocked |= cross
    margin = combine_margins(P, rows, blocked, depth, dist)
    for r, z in zip(rows[blocked], e[blocked]):
        if blocked_by[r] is None:
            blocked_by[r] = f.zone[z]
    return blocked_by, margin


def obstruction(f: Frame, ai, di, ni, los_line):
    """Per pair: ids of the pieces obstructing the LOS, whether a dust field is crossed, margin."""
    P = len(ai)
    hits = np.empty(P, dtype=object)
    hits[:] = [()] * P
    dust = np.zeros(P, dtype=bool)
    margin = np.full(P, np.inf)
    if f.ob_tree is None or not len(ni):
        return hits, dust, margin
    li, oi = f.ob_tree.query(los_line[ni], predicate="dwithin", distance=PROBE_MM)
    rows = ni[li]
    a, b = ai[rows], di[rows]
    own = ((f.ob_ship[oi] >= 0) & ((f.ob_ship[oi] == f.ship_idx[a]) | (f.ob_ship[oi] == f.ship_idx[b])))
    own |= (f.ob_sq[oi] >= 0) & ((f.ob_sq[oi] == f.sq_idx[a]) | (f.ob_sq[oi] == f.sq_idx[b]))
    rows, oi = rows[~own], oi[~own]
    if not len(rows):
        return hits, dust, margin
    lines = los_line[rows]
    geoms = f.ob_geom[oi]
    crossing = shapely.intersects(lines, geoms)
    p0, p1 = _ends(lines)
    margin = combine_margins(P, rows, crossing, line_depth(p0, p1, f.ob_verts[oi]),
                             shapely.distance(lines, geoms))
    order = np.lexsort((oi, rows))
    acc: dict[int, list[str]] = {}
    for t in order:
        if crossing[t]:
            acc.setdefault(int(rows[t]), []).append(f.ob_id[oi[t]])
            if f.ob_kind[oi[t]] == "dust":
                dust[rows[t]] = True
    for r, ids in acc.items():
        hits[r] = tuple(ids)
    return hits, dust, margin
