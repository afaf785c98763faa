"""Whether a disc fitted beside pieces already fitted in the same blob is a squadron base or
the round tip of a ship's miniature.

Seen from above, a miniature overhangs its base, and parallax carries its top further away from
the camera's nadir (15-45 mm beyond the base on the tuning seeds); its rounded bow or stern is
as round as a squadron's rim, and a disc fitted there sees 0.6-0.7 of its rim. A squadron
touching a ship sees about as little (its rim within a few mm of the ship is part of neither
outline), but the rim it does not see is where the ship is; a miniature tip's unseen rim lies
over the rest of the miniature, away from the base. So a disc in a leftover that shows little
of its rim must show most of the rim that the pieces fitted before it do not explain, or the
black plastic of a squadron base just inside the rim it does show; and it may not overlap
them: pieces do not overlap (RRG "Overlapping": a squadron under a ship's final position
is moved aside), and a disc across a base's outline is its miniature.
"""

from __future__ import annotations

import numpy as np
import shapely

from ._fit import SUPPORT_MM, _circle_interior, _circle_samples
from ._leftover import _area

# Rim within this distance (mm) of a piece fitted before, beyond the margin it was cleared
# with, is taken as hidden by it (the contact, both pieces' pose error).
CONTACT_MM = 3.0
# A disc beside them stands when it is seen well (most of its rim, like a disc alone; the
# tips' discs showed 0.60-0.70 on the tuning seeds, true discs beside a ship 0.67-0.95),
SEEN_WELL = 0.72
# or shows nearly all of the rim its neighbours do not hide (tips up to 0.82, and that one
# overlapping the ship),
MIN_OWN_RIM = 0.9
# or has black plastic just inside the rim it shows (a squadron base's rim, darker than the
# printed card within; a miniature's hull is one grey): the median brightness 1 mm inside
# over the card ring's upper quartile at most this (tips 0.67-1.0, true discs beside a ship
# 0.25-0.45 on the cloth and wood; on the starfield, where the rim is lost, 0.67).
MAX_DARK = 0.55
# and overlaps an earlier piece by at most this fraction of its area (a pose error of ~2 mm
# across a touching side is ~0.03).
MAX_OVERLAP = 0.06
# A blob of more than this many times a disc's area holds more than that squadron (a ship and
# its miniature, an obstacle, a squadron touching either; a squadron alone with its
# miniature's overhang makes at most ~1.75 on the tuning seeds). A disc fitted there before
# anything else is held to the standard of a disc beside pieces (seen well, or black plastic
# inside its rim): the rest is simply not fitted yet. Such discs on the tuning seeds: 10 true
# ones seen over 0.76-1.0 of the rim, 13 false ones (a miniature's round tip fitted before its
# base, an obstacle's round end or a fragment of one) 0.50-0.66, and one 0.82.
CROWDED = 2.0
# A disc that sees this much of its rim has its inside counted within the rim it sees
# (``fill_within_rim``), as long as the blob itself fills this much of it.
RIM_CLOSED = 0.8
MIN_PLAIN_FILL = 0.6
# The fit's own radius is not kept (it may have settled on the printed disc inside a rim lost
# on a dark mat): the rim checked is the one of these fractions of the catalog radius that
# the seen edges support best.
_RADII = np.arange(0.66, 1.061, 0.04)


def fill_within_rim(raster, centre, radius_mm: float, fill: float) -> float:
    """The fill of a disc of ``radius_mm`` at ``centre`` (mm) that sees most of its rim
    (``RIM_CLOSED``): its inside samples (``_fit._circle_interior``) counted as foreground
    where they are inside the blob (``raster``, a ``BlobRaster``) or within the convex hull of
    the rim points a seen edge supports. A fighter coloured like the mat stands over the
    disc's centre and, carried away from the nadir by parallax, over the rim beside it: it
    cuts a notch from that rim to the peg, which is no foreground, but the rim round it shows
    where the card is (tuning seed 1055: fill 0.79 with 0.95 of the rim seen). ``fill``: the
    plain one, returned as it is when the rim is not seen well enough or the blob itself
    fills under ``MIN_PLAIN_FILL`` of the disc (a ring of edges round background)."""
    if fill < MIN_PLAIN_FILL:
        return fill
    c = np.asarray(centre, np.float64)[:2]
    rim = _circle_samples(radius_mm, 1.0) + c
    seen = raster.distance(rim) <= SUPPORT_MM
    if seen.mean() < RIM_CLOSED:
        return fill
    inner = _circle_interior(radius_mm) + c
    hull = shapely.convex_hull(shapely.multipoints(rim[seen]))
    inside = raster.is_inside(inner) | shapely.contains_xy(hull, inner[:, 0], inner[:, 1])
    return float(max(fill, inside.mean()))


def dark_inside(rim_mm, seen, centre, radius_mm, to_px, image, offset) -> float:
    """Median brightness 1 mm inside the seen part of a rim (points (N, 2) mm, ``seen`` (N,))
    over the upper quartile of the ring at 0.6 of the catalog radius (the printed card round
    the fighters), NaN when too little of either is in ``image`` (h, w, 3) float32 region
    whose top-left pixel is ``offset``; ``to_px`` maps table mm to frame px."""
    if image is None or seen.sum() < 8:
        return float("nan")
    inward = rim_mm[seen] + (centre - rim_mm[seen]) * (1.0 / np.linalg.norm(
        centre - rim_mm[seen], axis=1))[:, None]
    card = _circle_samples(0.6 * radius_mm, 1.0) + centre
    px = np.rint(to_px(np.vstack([inward, card])) - np.asarray(offset, np.float64)).astype(int)
    h, w = image.shape[:2]
    ok = (px[:, 0] >= 0) & (px[:, 0] < w) & (px[:, 1] >= 0) & (px[:, 1] < h)
    v = np.full(len(px), np.nan)
    v[ok] = image[px[ok, 1], px[ok, 0]].mean(axis=1) if image.ndim == 3 else \
        image[px[ok, 1], px[ok, 0]]
    a, b = v[:len(inward)], v[len(inward):]
    if np.isfinite(a).sum() < 8 or np.isfinite(b).sum() < 8:
        return float("nan")
    return float(np.nanmedian(a) / max(np.nanpercentile(b, 75), 1e-6))


def disc_checks(raster, x_mm: float, y_mm: float, radius_mm: float,
                cleared: list[tuple[np.ndarray, float]], to_px=None, image=None,
                offset=(0, 0)) -> tuple[float, float, float]:
    """``(own_rim, overlap, dark)`` of a disc at (``x_mm``, ``y_mm``) of catalog radius
    ``radius_mm`` in a blob where the pieces ``cleared`` (outline points (M, 2) mm and
    clearing margin mm each) were fitted before: the fraction of its rim not within
    ``CONTACT_MM`` of them that a seen edge supports (``raster``: the blob's edges on the
    disc's plane, a ``BlobRaster``), the fraction of its area inside them, and
    :func:`dark_inside` of the rim it shows (NaN without ``to_px`` and ``image``). The rim is
    the one of the ``_RADII`` the seen edges support best."""
    centre = np.array([x_mm, y_mm])
    rims = [_circle_samples(k * radius_mm, 1.0) + centre for k in _RADII]
    seen = [raster.distance(r) <= SUPPORT_MM for r in rims]
    i = int(np.argmax([s.mean() for s in seen]))
    rim, seen = rims[i], seen[i]
    dark = dark_inside(rim, seen, centre, radius_mm, to_px, image, offset) if to_px else \
        float("nan")
    if not cleared:
        return float(seen.mean()), 0.0, dark
    areas = [_area(np.asarray(o)) for o, _ in cleared]
    near = np.zeros(len(rim), bool)
    for poly, (_, grow) in zip(areas, cleared):
        near |= shapely.dwithin(poly, shapely.points(rim), grow + CONTACT_MM)
    own = float(seen.sum()) / max(int((seen | ~near).sum()), 1)
    disc = shapely.Point(x_mm, y_mm).buffer(radius_mm, quad_segs=8)
    over = shapely.area(shapely.intersection(shapely.union_all(areas), disc)) / disc.area
    return own, float(over), dark


def disc_stands(raster, fit, cleared: list[tuple[np.ndarray, float]], to_px=None, image=None,
                offset=(0, 0), blob_mm2: float = 0.0) -> bool:
    """Whether a disc ``fit`` (a ``_fit.Fit``) stands beside the pieces ``cleared`` before it
    in its blob: seen well (``SEEN_WELL``), or showing the rim they do not hide
    (``MIN_OWN_RIM``) or black plastic inside its rim (``MAX_DARK``), and not overlapping them
    (``MAX_OVERLAP``); see :func:`disc_checks` for the arguments. A disc fitted first in a
    blob of more than ``CROWDED`` times its area (``blob_mm2``) is beside pieces not fitted
    yet: it must be seen well or show the black plastic. A disc alone in its blob always
    stands."""
    if not cleared:
        r = fit.size_mm[0] / 2.0
        if blob_mm2 <= CROWDED * np.pi * r * r or fit.coverage >= SEEN_WELL:
            return True
        _, _, dark = disc_checks(raster, fit.x_mm, fit.y_mm, r, cleared, to_px, image, offset)
        return dark <= MAX_DARK
    own, over, dark = disc_checks(raster, fit.x_mm, fit.y_mm, fit.size_mm[0] / 2.0, cleared,
                                  to_px, image, offset)
    return over <= MAX_OVERLAP and (fit.coverage >= SEEN_WELL or own >= MIN_OWN_RIM
                                    or dark <= MAX_DARK)
