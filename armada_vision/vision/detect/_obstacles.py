"""Matching a blob to the catalog's obstacle outlines (and their mirror images, flipped tokens).

The blob's outline on the token's top plane is compared with each outline by its radius
profile around the area centroid (the obstacle's pose origin, DESIGN.md): the best circular shift
gives the heading, a finer search on the overlap (IoU) refines it.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import Polygon

from armada_vision.catalog import ObstacleClass

_BINS = 180


def _profile(points: np.ndarray, centre: np.ndarray) -> np.ndarray:
    """Largest radius (mm) of a densified outline in each of ``_BINS`` directions, (_BINS,)."""
    d = points - centre
    ang = (np.degrees(np.arctan2(d[:, 1], d[:, 0])) % 360.0) * _BINS / 360.0
    idx = np.minimum(ang.astype(int), _BINS - 1)
    r = np.linalg.norm(d, axis=1)
    prof = np.zeros(_BINS)
    np.maximum.at(prof, idx, r)
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


def match_obstacle(contour_mm: np.ndarray, obstacles: dict[str, ObstacleClass], top: int = 3):
    """Best catalog obstacle for a blob outline (N, 2) mm on the token's top plane.

    Ranks every (obstacle, flipped, heading) by radius-profile error, then refines the ``top``
    best by overlap. Returns ``(obstacle_id, x_mm, y_mm, heading_deg, flipped, iou,
    outline_mm)`` or ``None`` when no outline has a similar area. ``iou`` is the overlap of the
    placed outline with the blob (1 = identical).
    """
    blob = Polygon(contour_mm).buffer(0)
    if blob.is_empty or blob.area < 50.0:
        return None
    if blob.geom_type != "Polygon":
        blob = max(blob.geoms, key=lambda g: g.area)
    c = np.array(blob.centroid.coords[0])
    prof_b = _profile(np.asarray(contour_mm, dtype=np.float64), c)
    cands = []
    for oid, ob in obstacles.items():
        for flipped in (False, True):
            model, mc, shifts = _model(oid, ob, flipped)
            if not 0.7 < blob.area / max(model.area, 1e-9) < 1.4:
                continue
            err = ((shifts - prof_b[None, :]) ** 2).mean(axis=1)
            k = int(np.argmin(err))
            cands.append((float(err[k]), oid, flipped, k * 360.0 / _BINS, model, mc))
    cands.sort(key=lambda t: t[0])
    best = None
    for _, oid, flipped, heading, model, mc in cands[:top]:
        h, iou, placed = _refine(blob, model, mc, c, heading)
        if best is None or iou > best[5]:
            best = (oid, float(c[0]), float(c[1]), h % 360.0, flipped, iou, placed)
    return best


def _place(model: Polygon, model_centre, centre, heading_deg: float) -> Polygon:
    a = math.radians(heading_deg)
    m = shapely.affinity.rotate(model, a, origin=tuple(model_centre), use_radians=True)
    return shapely.affinity.translate(m, centre[0] - model_centre[0], centre[1] - model_centre[1])


def _refine(blob: Polygon, model: Polygon, mc, c, heading: float):
    best = (heading, -1.0, None)
    shapely.prepare(blob)
    for step in (1.0, 0.25):
        hs = best[0] + step * np.arange(-3, 4)
        placed = [_place(model, mc, c, h) for h in hs]
        inter = shapely.area(shapely.intersection(blob, placed))
        ious = inter / np.maximum(shapely.area(shapely.union(blob, placed)), 1e-9)
        # The first of equal overlaps wins, as in a scan from the smallest heading.
        i = int(np.argmax(ious))
        if ious[i] > best[1]:
            best = (float(hs[i]), float(ious[i]), placed[i])
    return best[0], best[1], tuple(map(tuple, np.asarray(best[2].exterior.coords)[:-1]))
