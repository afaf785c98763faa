"""Pieces whose plastic bases overlap: impossible on a table, so not measured.

RRG v1.6 "Overlapping" p.14 (a ship cannot finish a maneuver overlapping a ship; "a squadron
cannot be placed so that it would overlap another squadron or ship") and the Setup FAQ (no ship
is placed overlapping another). A camera scene can still show two bases in one place (a
detection error). Closest points, the range line and the hull zones a line passes through are
then arbitrary: a 1 degree turn of the whole table can flip "no line of sight" although every
margin looked wide. Every check between two such pieces therefore gets ``margin_mm`` 0 -- too
close to call -- and :func:`overlap_notes` names the pairs.

Overlap as for movement: plastic bases (shield dials ignored here: they are not part of the
geometry the checks measure), more than ``OVERLAP_TOL_MM`` into each other; touching is not
overlapping (FAQ, Movement).
"""

from __future__ import annotations

import math

import numpy as np

from armada_vision.catalog import Catalog
from armada_vision.scene import Scene

from ._frame import Frame
from ._soa import kernel


def overlapping_pairs(f: Frame, scene: Scene, catalog: Catalog) -> frozenset[frozenset[str]]:
    """Unordered pairs of piece ids (ships and squadrons the frame holds) whose bases overlap.

    Cached on the frame. Cost: one bounding-circle test per pair of pieces (one compiled loop), an exact test only
    for pairs whose circles meet (none on a legal table apart from touching pieces).
    """
    memo = f._memo
    if "overlaps" in memo:
        return memo["overlaps"]
    ids, reach_r, ship_rects, ent = _layout(f, scene, catalog)
    out = set()
    if len(ids) > 1:
        xy = f.centre[ent]
        near = _circle_pairs(xy, reach_r)
        if len(near):
            ii, jj = near[:, 0], near[:, 1]
            from .movement._fast import disc_hits, overlaps, place_rects  # noqa: PLC0415 (cycle)

            def shape(k):
                if ship_rects[k] is None:
                    return [], (float(xy[k, 0]), float(xy[k, 1]), float(reach_r[k]))
                s = scene.ship(ids[k])
                return place_rects(ship_rects[k], s.x_mm, s.y_mm, s.heading_deg), None

            for i, j in zip(ii.tolist(), jj.tolist()):
                if _hit(*shape(i), *shape(j), overlaps, disc_hits):
                    out.add(frozenset((ids[i], ids[j])))
    memo["overlaps"] = res = frozenset(out)
    return res


@kernel
def _circle_pairs(xy, radius):
    """Index pairs (i, j), i < j, row-major order, (n_pairs, 2), of the circles (centres
    ``xy`` (n, 2), radii ``radius`` (n,), mm) that overlap: the prefilter of the exact test."""
    n = len(xy)
    out = np.empty((n * (n - 1) // 2, 2), dtype=np.intp)
    cnt = 0
    for i in range(n):
        for j in range(i + 1, n):
            dx = xy[i, 0] - xy[j, 0]
            dy = xy[i, 1] - xy[j, 1]
            reach = radius[i] + radius[j]
            if dx * dx + dy * dy < reach * reach:
                out[cnt, 0] = i
                out[cnt, 1] = j
                cnt += 1
    return out[:cnt]


def _layout(f: Frame, scene: Scene, catalog: Catalog):
    """Per fleet (cached with the fleet layout): piece ids, the radius of a circle around each
    base (squadrons: the disc's radius), each ship's base rectangles in its own frame
    (``None`` for a squadron), and an entity of each (its pose centre is ``f.centre``)."""
    from .movement._table import ship_local_rects  # noqa: PLC0415 (cycle)

    key = ("overlap-layout", tuple(f.ship_ids), tuple(f.sq_ids))
    memo = f.fleet_memo if f.fleet_memo is not None else f._memo
    got = memo.get(key)
    if got is not None:
        return got
    ids, radii, rects, ent = [], [], [], []
    for k, sid in enumerate(f.ship_ids):
        s = scene.ship(sid)
        if s.ship_class is None or not f.ship_zone_entities[k]:
            continue
        sc = catalog.ship(s.ship_class)
        half = math.hypot(sc.base.length_mm, sc.base.width_mm) / 2.0
        ids.append(sid)
        radii.append(max(math.hypot(bx, by) for bx, by in sc.bases) + half)
        rects.append(ship_local_rects(sc, with_shield_dials=False).tolist())
        ent.append(f.ship_zone_entities[k][0])
    for e in np.nonzero(f.is_sq)[0].tolist():
        ids.append(f.piece[e])
        radii.append(float(f.r[e]))
        rects.append(None)
        ent.append(e)
    memo[key] = got = (ids, np.asarray(radii, dtype=np.float64), rects,
                       np.asarray(ent, dtype=np.intp))
    return got


def _hit(ra, da, rb, db, overlaps, disc_hits) -> bool:
    if da is not None and db is not None:
        return math.hypot(da[0] - db[0], da[1] - db[1]) < da[2] + db[2] - 1e-6
    if da is not None:
        return any(disc_hits(*da, r) for r in rb)
    if db is not None:
        return any(disc_hits(*db, r) for r in ra)
    return any(overlaps(x, y) for x in ra for y in rb)


def overlap_notes(pairs: frozenset[frozenset[str]]) -> list[str]:
    return [f"{' and '.join(repr(p) for p in sorted(pair))} overlap (impossible on a table): "
            f"their checks are given margin 0" for pair in sorted(pairs, key=sorted)]


def flag_overlaps(rows: list, pairs: frozenset[frozenset[str]]) -> list:
    """``rows`` with ``margin_mm`` 0 where attacker and defender overlap."""
    if not pairs:
        return rows
    return [r._replace(margin_mm=0.0) if frozenset((r.attacker, r.defender)) in pairs else r
            for r in rows]
