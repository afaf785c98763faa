"""Matching a blob to the catalog's obstacle outlines (and their mirror images, flipped tokens).

The blob's outline on the token's top plane is compared with each outline by its radius
profile around the area centroid (the obstacle's pose origin, DESIGN.md): the best circular shift
gives the heading, a finer search on the overlap (IoU) refines it.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon

from armada_vision.catalog import ObstacleClass

_BINS = 180
# Blob and outline may differ this close to the outline without counting against a match (mm).
EDGE_BAND_MM = 1.5
# Shifting the outline off the blob's centroid (a few mm at most) is tried only for blobs that
# already nearly match: it cannot lift a base or a disc to an obstacle's overlap, and it costs.
SHIFT_FROM = 0.8
# A blob's outline that runs out and back over a bridge one pixel wide crosses itself once its
# points are moved to their sub-pixel edges, and the polygon falls apart there: parts under
# this area (mm2) are the loops such crossings make (tuning seeds 1026-1035: 0-35 mm2), the
# others are the blob's, joined by that bridge (the smallest blob searched is 0.3 of the
# smallest piece, ~200 mm2). Keeping only the largest part made tuning seed 1030's station
# token, joined to a debris field and a squadron through a one-pixel neck in 3 of 4 noise
# draws, match the station alone (band overlap 0.946) and lose the debris field.
LOOP_MM2 = 100.0


def _profile(points: np.ndarray, centre: np.ndarray, fill: bool = True) -> np.ndarray:
    """Largest radius (mm) of a densified outline in each of ``_BINS`` directions, (_BINS,);
    directions without a point take their neighbours' value (``fill``) or stay 0."""
    d = points - centre
    ang = (np.degrees(np.arctan2(d[:, 1], d[:, 0])) % 360.0) * _BINS / 360.0
    idx = np.minimum(ang.astype(int), _BINS - 1)
    r = np.linalg.norm(d, axis=1)
    prof = np.zeros(_BINS)
    np.maximum.at(prof, idx, r)
    if not fill:
        return prof
    # Empty bins (sparse outline): take the neighbours' value.
    for _ in range(3):
        empty = prof == 0
        if not empty.any():
            break
        prof[empty] = np.maximum(np.roll(prof, 1), np.roll(prof, -1))[empty]
    return prof


def _dense(poly: Polygon, step: float = 1.0) -> np.ndarray:
    ring = poly.exterior
    n = max(int(ring.length / step), 16)
    return shapely.get_coordinates(
        shapely.line_interpolate_point(ring, np.arange(n) * (ring.length / n)))


def _outline(ob: ObstacleClass, flipped: bool) -> Polygon:
    pts = np.asarray(ob.outline_mm, dtype=np.float64)
    if flipped:
        pts = pts * [1.0, -1.0]
    return Polygon(pts)


_MODELS: dict[tuple[str, bool, tuple], tuple[Polygon, np.ndarray, np.ndarray]] = {}
_BANDS: dict[int, tuple[Polygon, Polygon]] = {}


def _bands(model: Polygon) -> tuple[Polygon, Polygon]:
    """The model outline shrunk and grown by ``EDGE_BAND_MM`` (cached: a placement turns and
    shifts these with the outline, which is cheaper than buffering every placement)."""
    key = id(model)
    if key not in _BANDS:
        _BANDS[key] = (model.buffer(-EDGE_BAND_MM, quad_segs=2),
                       model.buffer(EDGE_BAND_MM, quad_segs=2))
    return _BANDS[key]


def _model(oid: str, ob: ObstacleClass, flipped: bool):
    key = (oid, flipped, ob.outline_mm)
    if key not in _MODELS:
        poly = _outline(ob, flipped)
        mc = np.array(poly.centroid.coords[0])
        prof = _profile(_dense(poly), mc)
        # Row k: the model's profile turned by k bins (heading k * 360 / _BINS deg).
        idx = (np.arange(_BINS)[None, :] - np.arange(_BINS)[:, None]) % _BINS
        _MODELS[key] = (poly, mc, prof[idx])
    return _MODELS[key]


def match_obstacle(contour_mm: np.ndarray, obstacles: dict[str, ObstacleClass], top: int = 3,
                   hidden: Polygon | None = None, max_profile_mm: float | None = None):
    """Best catalog obstacle for a blob outline (N, 2) mm on the token's top plane.

    Ranks every (obstacle, flipped, heading) by radius-profile error, then refines the ``top``
    best by overlap, turning and shifting it. Returns ``(obstacle_id, x_mm, y_mm, heading_deg,
    flipped, overlap, outline_mm, iou)`` or ``None`` when no outline has a similar area.
    ``overlap`` is that of the placed outline with the blob (1 = identical), where blob and
    outline may differ within ``EDGE_BAND_MM`` of the outline (see :func:`band_overlap`);
    ``iou`` the plain intersection over union.

    ``hidden`` (mm): where other pieces already fitted in the same blob lie (what is left of a
    blob after they were taken out, ``contour_mm``, touches them): the outline may run under
    them unseen, so neither the profile nor the overlaps count it there, and the overlaps are
    of the outline's seen part (:func:`band_overlap`). ``max_profile_mm``: refine only the
    outlines whose radius profile differs from the blob's by at most this RMS (mm).
    """
    blob = blob_polygon(contour_mm)
    if blob is None or blob.area < 50.0:
        return None
    c = np.array(blob.centroid.coords[0])
    pts = np.asarray(contour_mm, dtype=np.float64)
    valid = None
    if hidden is not None:
        # Directions where the outline meets a fitted piece say nothing of the obstacle there
        # (points 1 mm apart: a bin with none is one of those).
        pts = _exterior_points(blob)
        near = shapely.dwithin(hidden, shapely.points(pts), 2.0 * EDGE_BAND_MM)
        prof_b = _profile(pts[~near], c, fill=False) if (~near).sum() >= 16 else None
        if prof_b is None:
            return None
        valid = prof_b > 0
    else:
        prof_b = _profile(pts, c)
    low = 0.5 if hidden is not None else 0.7
    cands = []
    for oid, ob in obstacles.items():
        for flipped in (False, True):
            model, mc, shifts = _model(oid, ob, flipped)
            if not low < blob.area / max(model.area, 1e-9) < 1.4:
                continue
            if valid is None:
                err = ((shifts - prof_b[None, :]) ** 2).mean(axis=1)
            else:
                err = ((shifts - prof_b[None, :]) ** 2)[:, valid].mean(axis=1)
            k = int(np.argmin(err))
            cands.append((float(err[k]), oid, flipped, k * 360.0 / _BINS, model, mc))
    cands.sort(key=lambda t: t[0])
    if max_profile_mm is not None:
        cands = [t for t in cands if t[0] <= max_profile_mm ** 2]
    best = None
    # The overlap tests forgive EDGE_BAND_MM at the outline, so a 0.3 mm simplification of the
    # dense contour changes nothing but the cost of every intersection.
    blob = blob.simplify(0.3)
    shapely.prepare(blob)
    # Outlines are ranked as their turns are (``_turn``): by the band overlap plus the plain
    # IoU. The band overlap alone is flat within its forgiven band, and two outlines that
    # both lie in it (a purrgil and its mirror image 10 deg off, 0.989 / 0.988 on tuning seed
    # 1017) were told apart by the sensor noise.
    for _, oid, flipped, heading, model, mc in cands[:top]:
        h, iou, plain = _turn(blob, model, mc, c, heading, hidden)
        if best is None or iou + plain > best[2] + best[6]:
            best = (oid, flipped, iou, h, model, mc, plain)
    if best is None:
        return None
    oid, flipped, iou, h, model, mc, _ = best
    centre, placed = np.asarray(c, dtype=np.float64), None
    if SHIFT_FROM <= iou < 0.995:
        centre, iou, placed = _shift(blob, model, mc, c, h, iou, hidden)
    placed = placed or _place(model, mc, centre, h)
    _, plain = band_overlap(blob, model, mc, [centre], [h], plain=True, hidden=hidden)
    return (oid, float(centre[0]), float(centre[1]), h % 360.0, flipped, iou,
            tuple(map(tuple, np.asarray(placed.exterior.coords)[:-1])), float(plain[0]))


def blob_polygon(contour_mm: np.ndarray):
    """The region a blob's outline (N, 2) mm bounds, a shapely Polygon or MultiPolygon, or
    ``None`` when empty: the outline's self-crossings (``buffer(0)``) without the loops they
    make (parts under ``LOOP_MM2``), every other part kept (a bridge one pixel wide joins
    them in the frame)."""
    blob = Polygon(contour_mm).buffer(0)
    if blob.is_empty:
        return None
    if blob.geom_type == "Polygon":
        return blob
    parts = [g for g in getattr(blob, "geoms", []) if g.geom_type == "Polygon"]
    if not parts:
        return None
    kept = [g for g in parts if g.area >= LOOP_MM2]
    if len(kept) <= 1:
        return kept[0] if kept else max(parts, key=lambda g: g.area)
    return MultiPolygon(kept)


def _exterior_points(blob, step: float = 1.0) -> np.ndarray:
    """:func:`_dense` of each part of a Polygon or MultiPolygon, (N, 2) mm."""
    return np.vstack([_dense(g, step) for g in getattr(blob, "geoms", [blob])])


def _place(model: Polygon, model_centre, centre, heading_deg: float) -> Polygon:
    a = math.radians(heading_deg)
    m = shapely.affinity.rotate(model, a, origin=tuple(model_centre), use_radians=True)
    return shapely.affinity.translate(m, centre[0] - model_centre[0], centre[1] - model_centre[1])


def _place_many(model, model_centre, centres, headings) -> np.ndarray:
    """:func:`_place` of ``model`` at each of ``centres`` (K, 2) mm and ``headings`` (K,) deg in
    one coordinate transform, (K,) geometries: the same arithmetic as shapely's ``rotate`` then
    ``translate`` (so the same coordinates to the last bit), without their per-call overhead."""
    k = len(headings)
    n = len(shapely.get_coordinates(model))
    x0, y0 = float(model_centre[0]), float(model_centre[1])
    coef = np.empty((k, 8))
    for i, (c, h) in enumerate(zip(centres, headings)):
        a = math.radians(float(h))
        cosp, sinp = math.cos(a), math.sin(a)
        cosp = 0.0 if abs(cosp) < 2.5e-16 else cosp
        sinp = 0.0 if abs(sinp) < 2.5e-16 else sinp
        coef[i] = (cosp, -sinp, sinp, cosp, x0 - x0 * cosp + y0 * sinp,
                   y0 - x0 * sinp - y0 * cosp, c[0] - x0, c[1] - y0)
    coef = np.repeat(coef, n, axis=0)

    def move(xy):
        x, y = xy.T
        a, b, d, e, xoff, yoff, tx, ty = coef.T
        xp, yp = a * x + b * y + xoff, d * x + e * y + yoff
        return np.stack([1.0 * xp + 0.0 * yp + tx, 0.0 * xp + 1.0 * yp + ty]).T

    geoms = np.empty(k, dtype=object)
    geoms[:] = [model] * k
    return shapely.transform(geoms, move)


def band_overlap(blob: Polygon, model: Polygon, model_centre, centres, headings,
                 plain: bool = False, hidden: Polygon | None = None):
    """Overlap of a blob with ``model`` placed at each of ``centres`` (K, 2) mm and
    ``headings`` (K,) deg, 1 = identical, forgiving differences within ``EDGE_BAND_MM`` of the
    outline: 1 - (outline's inside not in the blob + blob outside the grown outline) / outline
    area, (K,). With ``plain``, also the plain intersection over union, (K,).

    A blob's edge is blurred, may carry a thin contact shadow, and loses a sliver where print
    and mat match; a plain IoU counts all of that against a correct match (a 1.5 mm halo round
    a 60 mm token costs ~0.1 of IoU).

    ``hidden``: where the outline may lie unseen under other pieces; both figures are then of
    the outline's part outside it (the blob must not reach into it).
    """
    inner, outer = _bands(model)
    ins = _place_many(inner, model_centre, centres, headings)
    outs = _place_many(outer, model_centre, centres, headings)
    cover = blob if hidden is None else shapely.union(blob, hidden)
    missing = shapely.area(shapely.difference(ins, cover))
    area_b = shapely.area(blob)
    extra = area_b - shapely.area(shapely.intersection(blob, outs))
    placed = None
    seen = np.full(len(ins), model.area)
    if hidden is not None:
        placed = _place_many(model, model_centre, centres, headings)
        seen = seen - shapely.area(shapely.intersection(placed, hidden))
    band = 1.0 - (missing + extra) / np.maximum(seen, 1e-9)
    if not plain:
        return band
    if placed is None:
        placed = _place_many(model, model_centre, centres, headings)
    inter = shapely.area(shapely.intersection(blob, placed))
    return band, inter / np.maximum(area_b + seen - inter, 1e-9)


def _turn(blob: Polygon, model: Polygon, mc, c, heading: float,
          hidden: Polygon | None = None) -> tuple[float, float, float]:
    """Heading (deg) of ``model`` about the blob centroid ``c`` best matching ``blob`` (turns of
    1 then 0.25 deg from ``heading``), its band overlap and its plain IoU.

    Placements are ranked by the band overlap plus the plain IoU: when the whole outline lies
    within the forgiven band (a clean token), the band overlap is flat over a few degrees and
    the plain IoU, which still falls as the outline turns off the blob, decides."""
    best = (heading, -1.0, -1.0)
    for step in (1.0, 0.25):
        hs = best[0] + step * np.arange(-3, 4)
        band, plain = band_overlap(blob, model, mc, [c] * len(hs), hs, plain=True,
                                   hidden=hidden)
        # The first of equal scores wins, as in a scan from the smallest heading.
        i = int(np.argmax(band + plain))
        if band[i] + plain[i] > best[1] + best[2]:
            best = (float(hs[i]), float(band[i]), float(plain[i]))
    return best


def _shift(blob: Polygon, model: Polygon, mc, c, heading: float, iou: float,
           hidden: Polygon | None = None):
    """Centre (2,) mm of ``model`` at ``heading`` best matching ``blob``, from ``c`` by shifts
    of 1, 0.5 and 0.25 mm (a blob with a sliver missing or a shadow attached has its centroid
    off the token's), ranked as in :func:`_turn`; returns ``(centre, overlap, placed
    outline)``."""
    centre = np.asarray(c, dtype=np.float64)
    band0, plain0 = band_overlap(blob, model, mc, [centre], [heading], plain=True,
                                 hidden=hidden)
    score = float(band0[0] + plain0[0])
    grid = np.array([(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy], float)
    for step in (1.0, 0.5, 0.25):
        cs = centre + step * grid
        band, plain = band_overlap(blob, model, mc, cs, [heading] * len(cs), plain=True,
                                   hidden=hidden)
        i = int(np.argmax(band + plain))
        if band[i] + plain[i] > score:
            centre, iou, score = cs[i], float(band[i]), float(band[i] + plain[i])
    return centre, iou, _place(model, mc, centre, heading)
