"""Whether a refined piece fit is seen well enough, and which of several fits is the piece:
the thresholds a base or disc fit must pass (:meth:`~._explain_fit.PieceFitter._acceptable`),
the evidence of a plastic base's black rim (:func:`_sure_base`, :func:`_solid_rim_base`),
the choice between a base and its token fit of one size (:func:`_pick_model`), and the
confidence a detection reports (:func:`confidence`). Every number's source is beside it."""

from __future__ import annotations

import math

import numpy as np

from ._fit import Fit

# A piece is accepted when at least this fraction of its outline is seen (the rest may be under
# its miniature or a neighbour) and its edges fit within this RMS (mm).
MIN_COVERAGE = 0.35
MAX_RMS_MM = 1.6
# A disc has no corners to confirm it, so it needs more of its rim seen; more still in what is
# left of a blob after a base was taken out of it (a miniature's overhang is round-ish too).
MIN_COVERAGE_LEFTOVER = 0.4
MIN_DISC_COVERAGE = 0.5
MIN_DISC_COVERAGE_LEFTOVER = 0.6
# Between base and token fits of several sizes in one blob, the foreground area a fit explains
# as a fraction of what is left of the blob (``_explained_mm2``) counts this much beside its
# seen fraction of outline
# (``Fit.merit``): a miniature over half a large base hides as much of its outline as a smaller
# token's inside it shows, but the smaller one leaves the base's solid plastic unexplained
# (tuning seeds 1000-1099: 8 large or medium bases lost to a smaller size inside, 10 false
# ships with them; 0 left, ship recall 570 -> 579 of 600, false ships 15 -> 4).
AREA_MERIT = 1.0
# A token fit whose seen long sides have black plastic just inside on at least this fraction
# of their length is a base seen by its rim (_fit.rim_inside), not a token; a base fit with it
# on less than this fraction is placed on the token's edges or a miniature's, not the base's.
RIM_SEEN = 0.6
BASE_RIM_MIN = 0.3
# A base fit with the rim just inside on at least this fraction of its seen long sides is the
# base rather than a token fit of its size that sees about as much (a token's edge where a base's
# rim would be foreground on a light mat is a miniature's or the print's). Tuning seeds
# 1000-1039, every search where one of the two was within 2.5 mm / 3 deg of a true base and the
# other not (66): by merit alone 5 picked the wrong one (cloth 4, wood 1); by the rim alone none
# (true base fits' rim 0.7-1.0 there, base fits off the base 0.3-0.67), but see TOKEN_LEAD.
BASE_RIM_SURE = 0.7
# ... unless another fit of its size (a token, or a base without the rim) leads it by this much
# merit (more than a seen corner's worth): a token seen with three corners on the starfield or
# wood beats a base fit a few degrees off whose side runs along the token's rim (held-out 5000
# and 5002: leads 0.27-0.30, tokens within 1.3 mm). With it, 1 of the 66 above is picked wrong
# (wood, a lead of 0.2).
TOKEN_LEAD = 0.1
# ... and only when it reads the straight runs the same way, its axis within this of the rim's
# base's (deg): the black rim inside both seen long sides says which sides are the base's long
# ones, and a token lies along its own base. Read the other way (turned ~90 deg), a token's
# long sides run along the base's short side and the miniature overhanging it, and its
# corners come from the hull's: fresh seed 7002's GR-75 on wood, rim 1.00 on its base fit,
# a small token across it (three corners) led by 0.11 in every video frame. Tuning seeds
# 1000-1059: the 14 fits of the other reading that led a rim's base all lay 30-48 mm off
# the ship's centre, farther than the rim's base (a smaller size tried in a larger ship's blob).
OTHER_READING_DEG = 45.0
# The model's inside must be foreground this much (a base is solid; a 4-mm grid of samples).
MIN_FILL = 0.85
# ... or this much for a plastic base whose seen long sides show the black rim just inside
# (``BASE_RIM_SURE``), with two square corners and no seen edge running on past a corner (a
# smaller size inside a larger base: tuning seed 1073's small fit on a large ship, fill 0.82):
# a token printed in the mat's own hue (a brown print on wood) is foreground only where its
# rim closes the outline, and the short sides' rim is too thin to show (0.4 mm), so the blob
# has bites at both ends; those bases fill 0.77-0.82 of their inside (large ships by the
# corners on wood, eighth pass and this one).
MIN_FILL_RIM = 0.75
# What is left of a blob beside squadron discs alone is no miniature's overhang (a squadron's
# miniature stands over its own disc on its peg), so a base there is held to the rules of a
# base alone, not a leftover's (``_after_pieces``): tuning 1019's Raider-II on cloth, moved
# beside two TIEs at the mat's edge, went unfound once their discs (seen 0.81) went first: its
# base (one corner, 0.54 of its outline seen, the black rim 0.83) needed a leftover's two
# corners; the live path kept it lost for the rest of the video.
DISCS_NO_LEFTOVER = True


def confidence(coverage: float, rms_mm: float) -> float:
    """0..1 from how much of the outline was seen and how well the edges fit (1 mm RMS halves it)."""
    seen = min(max((coverage - MIN_COVERAGE) / (0.8 - MIN_COVERAGE), 0.0), 1.0)
    sharp = 1.0 / (1.0 + (rms_mm / 1.0) ** 2)
    return float(np.clip(0.2 + 0.8 * seen * sharp, 0.0, 1.0))


def _pick_model(best: dict) -> dict:
    """``best`` keyed ``(kind, size, model)`` (model: ``False`` the best plastic base fit,
    ``True`` the best token fit, ``"rim"`` the best base fit whose seen long sides show the
    black rim just inside on at least ``BASE_RIM_SURE`` of their length) -> keyed ``(kind,
    size)``: the rim's base unless another fit of its size that reads the base the same way
    (axis within ``OTHER_READING_DEG``) leads it by ``TOKEN_LEAD`` merit or more, else the
    highest merit."""
    out: dict = {}
    for kind, name in dict.fromkeys(k[:2] for k in best):  # (in order: ties go as before)
        fits = [best[kind, name, m] for m in (False, True, "rim") if (kind, name, m) in best]
        top = max(fits, key=lambda c: c[0].merit)
        rim = best.get((kind, name, "rim"))
        out[kind, name] = rim if rim is not None and (
            top[0].merit - rim[0].merit < TOKEN_LEAD
            or _axis_diff(top[0].axis_deg, rim[0].axis_deg) > OTHER_READING_DEG) else top
    return out


def _sure_base(fit: Fit) -> bool:
    """A plastic base fit seen surely: the black rim just inside its seen long sides
    (``BASE_RIM_SURE``), two square corners, and no seen edge running on past a corner."""
    return (fit.kind == "rect" and fit.token_offset_mm is None and fit.rim >= BASE_RIM_SURE
            and fit.corners >= 2 and fit.overruns == 0)


def _solid_rim_base(fit: Fit) -> bool:
    """A plastic base fit with the black rim just inside its seen long sides
    (``BASE_RIM_SURE``), two square corners and a solid inside (``MIN_FILL``): seen as surely
    as by ``_sure_base`` even where a seen edge runs on past a corner (the miniature's hull
    along a side, a neighbour), since its fill does not lean on the rim (``MIN_FILL_RIM``)."""
    return (fit.kind == "rect" and fit.token_offset_mm is None and fit.rim >= BASE_RIM_SURE
            and fit.corners >= 2 and fit.fill >= MIN_FILL)


def _explained_mm2(fit: Fit) -> float:
    """What a fit explains of its blob, mm2: the foreground inside it (its fill times its
    area; a larger base drawn round a smaller one and its miniature takes in mat too)."""
    area = (fit.size_mm[0] * fit.size_mm[1] if fit.kind == "rect"
            else math.pi * fit.size_mm[0] ** 2 / 4.0)
    return fit.fill * area


def _after_pieces(at, explained: np.ndarray, kind: str | None = None) -> bool:
    """Whether pieces were already fitted in the blob (what is left may be a miniature's
    overhang: ``_acceptable``'s ``leftover``). Held obstacles (``at.held``, the contour points
    they explain) do not count: a moved piece beside one shows all of its own outline. For a
    base (``kind`` ``"rect"``) squadron discs alone do not count either (``at.discs_only``,
    ``DISCS_NO_LEFTOVER``)."""
    if kind == "rect" and DISCS_NO_LEFTOVER and getattr(at, "discs_only", False):
        return False
    held = getattr(at, "held", None)
    return bool(explained.any() if held is None else (explained & ~held).any())


def _axis_diff(a_deg: float, b_deg: float) -> float:
    d = abs(a_deg - b_deg) % 180.0
    return min(d, 180.0 - d)
