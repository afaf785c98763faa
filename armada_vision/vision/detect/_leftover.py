"""An obstacle in one blob with other pieces: matched to what is left of the blob once the
pieces fitted there are taken out.

A squadron or a ship touching an obstacle token (or its shadow bridging the gap) makes one
blob of both; its outline matches no catalog outline, and the base and disc search explains
only the piece. What the fitted pieces leave is the token, less a sliver where it touches them:
the catalog outlines are matched to that rest, not counting what lies under the pieces
(``match_obstacle``'s ``hidden``).
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import Polygon

from ._obstacles import match_obstacle

# Taken out with each fitted piece beyond its clearing margin (mm): its pose error, and its
# wall and contact shadow on the side facing the camera's nadir.
HIDE_MARGIN_MM = 2.0
# The rest must be at least this fraction of the smallest obstacle's area to be matched.
MIN_REST = 0.5
# A rest is that obstacle when its outline's seen part overlaps it this well, band overlap and
# plain IoU both (the whole blob's match needs one of 0.93 / 0.85): on the tuning seeds true
# rests scored 0.99-1.0 / 0.98, ships' and squadrons' leftovers (a miniature's overhang with a
# bite of the base) up to 0.94 / 0.87.
MIN_BAND = 0.97
MIN_PLAIN = 0.95
# Only outlines whose radius profile (round the rest's centroid, outside the pieces) is within
# this RMS of the rest's are placed and scored: on the tuning seeds true rests were within
# 1.1 mm, the others 3.4 mm and more (most of the cost of a match is placing outlines).
MAX_PROFILE_MM = 2.5
# At least this fraction of the matched outline's area must lie outside the pieces (a token
# mostly under a miniature is not told from the miniature's overhang by its outline).
MIN_SEEN = 0.85
# A rest that matches no outline may hold a token joined to the fitted ship only through its
# miniature's overhang (the miniature over the token's edge, or touching it): it is split
# where it narrows under twice this (mm, a morphological opening), each part taking the rest
# nearer to it than to the others, the others hidden.
SPLIT_MM = 5.0
# A part of the rest, or of a split rest, whose outline runs along the pieces fitted before
# for at most this fraction of its length (a miniature's overhang rises from its base across
# the hull's width: 0.21-0.38, one on tuning seed 1051 matched a purrgil 0.94 / 0.86 at 0.24;
# tokens beside an assault frigate's miniature 0.00-0.20, fresh seed 7011's 0.09)
MAX_CONTACT = 0.15
# is that obstacle on the whole blob's terms: band overlap or plain IoU this well
# (``_explain.MIN_OBSTACLE_IOU`` / ``MIN_OBSTACLE_PLAIN_IOU``) and ``MIN_SEEN``. Every outline
# is placed (``MAX_PROFILE_MM`` is not applied: a split part's centroid is off the token's by
# what the split cut away; 7011's asteroid token matched 0.92 / 0.86 at the true pose).
SPLIT_BAND = 0.93
SPLIT_PLAIN = 0.85


def leftover_obstacle(contour_mm: np.ndarray, cleared: list[tuple[np.ndarray, float]],
                      obstacles: dict, min_obstacle_mm2: float):
    """The catalog obstacle in what is left of a blob after the pieces fitted in it.

    ``contour_mm`` (N, 2): the blob's outline on the token's top plane; ``cleared``: each
    fitted piece's outline points (M, 2) mm (see :func:`_area`) and the margin (mm) it was cleared with.
    The rest's largest part is matched first (``MIN_BAND`` and ``MIN_PLAIN``, ``MIN_SEEN``
    outside the pieces); failing that, each part of the rest, and each part of it split at
    its necks (``SPLIT_MM``), that hardly runs along the pieces (``MAX_CONTACT``), on the
    whole blob's terms (``SPLIT_BAND`` or ``SPLIT_PLAIN``). Returns ``match_obstacle``'s
    tuple, or ``None`` when the rest is too small or nothing matches.
    """
    if not cleared or len(contour_mm) < 8:
        return None
    blob = Polygon(contour_mm).buffer(0)
    hidden = shapely.union_all([_area(o).buffer(g + HIDE_MARGIN_MM, quad_segs=4)
                                for o, g in cleared])
    rest = blob.difference(hidden)
    parts = [g for g in getattr(rest, "geoms", [rest]) if g.geom_type == "Polygon"]
    parts = [g for g in parts if g.area >= MIN_REST * min_obstacle_mm2]
    if not parts:
        return None
    parts.sort(key=lambda g: -g.area)
    m = _match(parts[0], obstacles, hidden, MIN_BAND, MIN_PLAIN, True, MAX_PROFILE_MM)
    if m is not None:
        return m
    for part in parts:
        for piece, hid in [(part, hidden), *_split(part, hidden, MIN_REST * min_obstacle_mm2)]:
            if _contact(piece, hidden) <= MAX_CONTACT:
                m = _match(piece, obstacles, hid, SPLIT_BAND, SPLIT_PLAIN, False, None)
                if m is not None:
                    return m
    return None


def _contact(piece: Polygon, hidden) -> float:
    """The fraction of ``piece``'s outline that runs along ``hidden`` (within 0.5 mm)."""
    return piece.boundary.intersection(hidden.buffer(0.5, quad_segs=4)).length / max(
        piece.boundary.length, 1e-9)


def _match(part: Polygon, obstacles: dict, hidden, band: float, plain: float, both: bool,
           max_profile_mm: float | None):
    """``match_obstacle`` of ``part`` with ``hidden`` unseen (outlines within
    ``max_profile_mm`` of its profile, or all), when its band overlap and (``both``) or its
    plain IoU reach ``band`` / ``plain`` and ``MIN_SEEN`` of its outline lies outside
    ``hidden``; else ``None``."""
    m = match_obstacle(np.asarray(part.exterior.coords)[:-1], obstacles, top=5, hidden=hidden,
                       max_profile_mm=max_profile_mm)
    if m is None:
        return None
    ok = (m[5] >= band and m[7] >= plain) if both else (m[5] >= band or m[7] >= plain)
    outline = Polygon(m[6])
    if not ok or outline.difference(hidden).area < MIN_SEEN * outline.area:
        return None
    return m


def _split(part: Polygon, hidden, min_mm2: float) -> list[tuple[Polygon, object]]:
    """The parts of ``part`` that it narrows between (``SPLIT_MM``), each with what is hidden from it then (``hidden``
    and the other parts), largest first; none when it does not split."""
    opened = part.buffer(-SPLIT_MM, quad_segs=4).buffer(SPLIT_MM, quad_segs=4)
    comps = [g for g in getattr(opened, "geoms", [opened])
             if g.geom_type == "Polygon" and g.area >= min_mm2]
    if len(comps) < 2:
        return []
    out = []
    for k in range(len(comps)):
        others = shapely.union_all([c for j, c in enumerate(comps) if j != k])
        piece = part.difference(others.buffer(SPLIT_MM + 1.0, quad_segs=4))
        polys = [g for g in getattr(piece, "geoms", [piece]) if g.geom_type == "Polygon"]
        if not polys:
            continue
        piece = max(polys, key=lambda g: g.area)
        if piece.area < min_mm2:
            continue
        out.append((piece, shapely.union_all(
            [hidden, others.buffer(SPLIT_MM + HIDE_MARGIN_MM, quad_segs=4)])))
    return sorted(out, key=lambda t: -t[0].area)


def _area(outline_mm: np.ndarray) -> Polygon:
    """The area an outline (M, 2) mm encloses: a ring (an obstacle's, a disc's), or a base's
    samples, which run side by side rather than round (a rectangle: their hull)."""
    poly = Polygon(outline_mm)
    return poly if poly.is_valid else shapely.convex_hull(shapely.multipoints(outline_mm))
