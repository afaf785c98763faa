"""Seen edges a larger fit leaves inside itself: a plastic base or a printed token is solid,
so the blob's outline cannot run well inside one. Where a fit of another size, seen by its
square corners, has its seen sides there, the larger fit was drawn round a base, its
miniature and what touches them (a squadron at its stern, a neighbour), not a base: it does
not win on the area it explains (:func:`drop_round`, read by
``_explain_fit.PieceFitter._best_piece``)."""

from __future__ import annotations

import numpy as np

from ._fit import SUPPORT_MM, Fit, _place, _rect_samples
from ._raster import BlobRaster

# How far inside a fit's outline (mm) a seen edge must lie to be left unexplained by it: the
# fits' own pose errors (~1-2 mm), a base's wall seen or not (2-2.5 mm of parallax far from
# the nadir) and the support distance (``SUPPORT_MM``) stay within it.
INSIDE_MM = 5.0
# The outline step of the test (mm).
STEP_MM = 2.0
# A base or token fit is dropped from the size choice when a fit of another size seen by at
# least ROUND_CORNERS square corners, and seen better (merit), has ROUND_SEEN_MM or more of
# its seen outline more than INSIDE_MM inside it. Tuning 1025's Hammerhead on cloth, a TIE at
# its stern: a medium token 16.3 mm off round the small token (merit 0.70, two corners), its
# hull and the TIE (merit 0.41, no corner, fill 0.86) held 12 mm of the small token's seen
# outline; tuning 1020's Assault Frigate on wood (video frame 4): a large base 13.6 mm off
# (0.57, two corners, fill 0.89) round the medium base with its rim (0.67, three corners),
# 24 mm. Tuning 1000-1079 (noise 0; 1048-1079 noise 101 too): 68 such pairs at any length,
# 4-77 mm; every dropped fit lay 8.8 mm or more from its ship, every fit it was dropped for
# but three (themselves off, beside fits farther off) within 2.7 mm. Only for a fit seeing more
# corners than the dropped one: fresh 7007's MC80 under a hand's shadow (video frame 5), its
# large base (merit 0.69, two corners) dropped for a small token across it (0.72, two
# corners, 44 mm off), went to a medium token 30 mm off. (Not only along the same reading:
# fresh 7003's CR90 by the station, noise 102 and 103, was a large token across it, round it
# and the station: merit 0.38, no corner, against the small token's 1.01 and four.)
ROUND_CORNERS = 2
ROUND_SEEN_MM = 10.0


def seen_inside_mm(raster: BlobRaster, fit: Fit, other: Fit, depth_mm: float = INSIDE_MM
                   ) -> float:
    """Length (mm) of ``fit``'s outline that is seen (within ``SUPPORT_MM`` of the blob's
    outline on ``raster``, table mm on ``fit``'s plane) and lies more than ``depth_mm`` inside
    the base or token fit ``other``'s rectangle. 0 when either is a disc."""
    if fit.kind != "rect" or other.kind != "rect":
        return 0.0
    local = _rect_samples(*fit.size_mm, STEP_MM)
    pts = _place(local, np.array([[fit.x_mm, fit.y_mm, fit.axis_deg]]))[0]
    seen = raster.distance(pts) <= SUPPORT_MM
    th = np.radians(other.axis_deg)
    d = pts - (other.x_mm, other.y_mm)
    s = d[:, 0] * np.cos(th) + d[:, 1] * np.sin(th)
    t = -d[:, 0] * np.sin(th) + d[:, 1] * np.cos(th)
    deep = ((np.abs(s) < other.size_mm[0] / 2.0 - depth_mm)
            & (np.abs(t) < other.size_mm[1] / 2.0 - depth_mm))
    per = 2.0 * (fit.size_mm[0] + fit.size_mm[1]) / len(local)
    return float((seen & deep).sum() * per)


def drop_round(best: dict, at) -> dict:
    """``best`` (``_best_piece``'s fits, ``key -> (fit, kind, spec, pose)``) without the base
    and token fits drawn round another size's fit seen by ``ROUND_CORNERS`` square corners and
    better (merit), ``ROUND_SEEN_MM`` or more of whose seen outline they leave more than
    ``INSIDE_MM`` inside themselves, when that fit also sees more square corners than they do
    (a fit drawn round a base and what touches it borrows their outline, rarely their
    corners). ``at(height_mm, floor_mm)[3]`` is the blob's :class:`BlobRaster` on a plane.
    The fit of the best merit always stays."""
    rects = [b for b in best.values() if b[1] == "rect"]
    inside = {}

    def held(a, b) -> bool:
        if a is b or a[0].name == b[0].name or a[0].corners < max(ROUND_CORNERS,
                                                                   b[0].corners + 1) or (
                a[0].merit <= b[0].merit):
            return False
        if (id(a), id(b)) not in inside:
            inside[id(a), id(b)] = seen_inside_mm(at(a[0].height_mm, a[0].floor_mm)[3],
                                                  a[0], b[0])
        return inside[id(a), id(b)] >= ROUND_SEEN_MM

    return {k: b for k, b in best.items()
            if b[1] != "rect" or not any(held(a, b) for a in rects)}
