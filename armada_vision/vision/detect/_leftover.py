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


def leftover_obstacle(contour_mm: np.ndarray, cleared: list[tuple[np.ndarray, float]],
                      obstacles: dict, min_obstacle_mm2: float):
    """The catalog obstacle in what is left of a blob after the pieces fitted in it.

    ``contour_mm`` (N, 2): the blob's outline on the token's top plane; ``cleared``: each
    fitted piece's outline points (M, 2) mm (see :func:`_area`) and the margin (mm) it was cleared with.
    Returns ``match_obstacle``'s tuple, or ``None`` when the rest is too small, matches no
    outline well enough (``MIN_BAND`` and ``MIN_PLAIN``), or the match lies mostly under the pieces (``MIN_SEEN``).
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
    part = max(parts, key=lambda g: g.area)
    m = match_obstacle(np.asarray(part.exterior.coords)[:-1], obstacles, top=5, hidden=hidden,
                       max_profile_mm=MAX_PROFILE_MM)
    if m is None or m[5] < MIN_BAND or m[7] < MIN_PLAIN:
        return None
    outline = Polygon(m[6])
    if outline.difference(hidden).area < MIN_SEEN * outline.area:
        return None
    return m


def _area(outline_mm: np.ndarray) -> Polygon:
    """The area an outline (M, 2) mm encloses: a ring (an obstacle's, a disc's), or a base's
    samples, which run side by side rather than round (a rectangle: their hull)."""
    poly = Polygon(outline_mm)
    return poly if poly.is_valid else shapely.convex_hull(shapely.multipoints(outline_mm))
