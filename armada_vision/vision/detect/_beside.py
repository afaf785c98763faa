"""A ship base side by side with one already fitted in its blob (issue 5: "two touching bases
are two bases"): players push ships together along their long sides every game.

Two bases a fraction of a millimetre apart make one blob, and the side they share is no edge
of it: the second base shows three sides at most, its miniature over part of them, and the
search of what is left after the first (``_explain_fit``) asks a leftover base for 0.4 of its
outline seen and two square corners. Here the second base is hypothesised against each long
side of the first (parallel to it, its contact side ``GAP_MM`` beyond the first's fitted side)
at the positions along it that the seen edges support best, and fitted to its visible sides
with that contact side held by points placed along it (``refine_rect`` on the blob's outline
plus those points). It is scored as any base, the contact side counting as seen where it runs
along the first base's side (``_WithContact``), and taken (``_pair_ok``) when it is seen,
solid and placed along the contact by its short sides, and is neither where the first base's
miniature is seen (``_under_mini``: off the camera's nadir a miniature 40-95 mm up is seen
well past its base's side, as solid as a base) nor a shorter base inside a longer one
(``_beyond``). Figures: ``docs/detection.md``, "Side by side".
"""

from __future__ import annotations

import math

import numpy as np
import shapely

from ._fit import (
    SUPPORT_MM,
    Fit,
    _place,
    _rect_interior,
    _rect_samples,
    rect_evidence,
    score,
)
from ._fitjit import refine_rect
from ._judge import AREA_MERIT, MAX_RMS_MM, MIN_FILL, _explained_mm2

# Two bases pushed together: the second's contact side lies this far beyond the first's fitted
# side (mm; ``synth.with_contacts`` renders 0.5, a hand leaves 0-1).
GAP_MM = 0.5
# The second base shares at least this much of its side with the first's (mm); start
# positions along the side are this far apart at least.
ALONG_OVERLAP_MM = 20.0
ALONG_SEP_MM = 10.0
# A pair hypothesis is tried only where what is left beside a fitted side is foreground on at
# least this fraction of a strip 20 mm deep along it.
STRIP_FILL = 0.5
STRIP_MM = 20.0
# A miniature's hull on its peg: at most this high (mm; the renderer's 40-80, large ships +15)
# and this much past its base's ends (mm); no wider than its base.
MINI_TOP_MM = 95.0
MINI_END_MM = 15.0
# A pair hypothesis is a base when (tuning seeds 1000-1029 with contacts, true second bases;
# 1000-1039 without, the miniatures' overhangs beside a base): its outline is seen this much,
# the contact side counted (true 0.46-0.74); its two short sides this much (true 0.43-0.77;
# they alone place it along the contact); its inside is foreground this much (true 0.81-1.0:
# the first base's clearing margin bites);
PAIR_COVERAGE = 0.45
PAIR_SHORT = 0.4
PAIR_FILL = 0.8
# at most this much of its inside lies where the first base's miniature can be seen
# (``_under_mini``; true 0.19-0.61, the overhangs taken for a small base beside a ship 1.00);
PAIR_UNDER_MINI = 0.75
# and less than this of a strip ``BEYOND_MM`` past either end is foreground left to explain
# (``_beyond``; a small or medium base inside a large one 1.00, true 0.10-0.29 and one 0.96,
# the neighbour's miniature reaching past its end).
BEYOND_MM = (4.0, 12.0)
PAIR_BEYOND = 0.97
# Contact points along the shared side, this far apart (mm; the outline's own points are ~1 px).
CONTACT_STEP_MM = 1.0


class _WithContact:
    """A :class:`~._raster.BlobRaster` whose seen edges include one straight segment (the
    contact side two bases share, which the blob's outline does not show): ``distance`` is the
    nearer of the two, ``is_inside`` the raster's."""

    def __init__(self, raster, p: np.ndarray, q: np.ndarray):
        self.raster, self.p = raster, np.asarray(p, np.float64)
        d = np.asarray(q, np.float64) - self.p
        self.length = float(math.hypot(*d))
        self.u = d / max(self.length, 1e-9)

    def distance(self, pts_mm: np.ndarray) -> np.ndarray:
        p = np.asarray(pts_mm, np.float64) - self.p
        t = np.clip(p[..., 0] * self.u[0] + p[..., 1] * self.u[1], 0.0, self.length)
        seg = np.hypot(p[..., 0] - t * self.u[0], p[..., 1] - t * self.u[1])
        return np.minimum(self.raster.distance(pts_mm), seg)

    def is_inside(self, pts_mm: np.ndarray) -> np.ndarray:
        return self.raster.is_inside(pts_mm)


class BesideFitter:
    """Bases side by side with a fitted one (a mixin of
    :class:`~armada_vision.vision.detect.Detector`, beside :class:`~._explain_fit.PieceFitter`):
    reads ``rects``, ``camera`` and ``nadir_mm``."""

    def _beside(self, at, explained: np.ndarray, fits: list[Fit]):
        """The best base side by side with one of ``fits`` (the rectangle fits accepted in the
        blob so far) in what is left of it, as ``(fit, "rect", spec, start_pose)``, or
        ``None``. ``at`` and ``explained`` as in ``_explain_blob``."""
        keep = ~explained
        spec0 = self.rects[0]
        left_mm2 = max(at(spec0.height_mm, spec0.floor_mm)[3].unexplained_area_mm2(), 1.0)
        best, best_rank = None, -math.inf
        for first in fits:
            w1 = self._base_width(first)
            a = math.radians(first.axis_deg)
            u = np.array([math.cos(a), math.sin(a)])
            v = np.array([-u[1], u[0]])
            centre = np.array([first.x_mm, first.y_mm])
            for sign in (1.0, -1.0):
                n = sign * v
                if not self._strip_left(at, centre, u, n, w1, first.size_mm[0]):
                    continue
                for spec in self.rects:
                    if PAIR_FILL * spec.length_mm * spec.width_mm > left_mm2:
                        continue  # more plastic than the blob has left
                    across = w1 / 2.0 + GAP_MM + self._spec_base_width(spec) / 2.0
                    for start in self._along_starts(spec, first, centre, u, n, across, at):
                        got = self._fit_beside(spec, start, first.axis_deg, centre, u, n, w1,
                                               first.size_mm[0], at, keep, first)
                        if got is None:
                            continue
                        fit, seen = got
                        if not _pair_ok(fit, seen):
                            continue
                        # The size as ``_best_piece`` chooses it: seen outline and the
                        # foreground explained (a smaller base fits inside a larger one).
                        rank = fit.merit + AREA_MERIT * _explained_mm2(fit) / left_mm2
                        if rank > best_rank:
                            best_rank = rank
                            best = (fit, "rect", spec, np.array([*start, first.axis_deg]))
        return best

    def _along_starts(self, spec, first: Fit, centre, u, n, across: float, at) -> list:
        """Start centres (2,) for one size beside one side: of the positions along the side,
        1 mm apart, sharing ``ALONG_OVERLAP_MM`` of it at least, the two (``ALONG_SEP_MM``
        apart at least) whose outline the seen edges and the contact line support best."""
        raster = at(spec.height_mm, spec.floor_mm)[3]
        l1 = first.size_mm[0]
        w1 = self._base_width(first)
        inset = (self._spec_base_width(spec) - spec.width_mm) / 2.0
        off = w1 / 2.0 + GAP_MM + inset
        p0 = centre + off * n - l1 / 2.0 * u
        p1 = centre + off * n + l1 / 2.0 * u
        seen = _WithContact(raster, p0, p1)
        reach = (l1 + spec.length_mm) / 2.0 - ALONG_OVERLAP_MM
        k = np.arange(-reach, reach + 1e-9, 1.0)
        starts = centre + across * n + k[:, None] * u
        poses = np.column_stack([starts, np.full(len(k), first.axis_deg)])
        cov, fill = score(seen, _rect_samples(spec.length_mm, spec.width_mm, 2.0),
                          _rect_interior(spec.length_mm, spec.width_mm, step=6.0), poses)
        rank = np.where(fill >= MIN_FILL - 0.1, cov, -1.0)
        out = []
        for i in np.argsort(-rank, kind="stable"):
            if rank[i] < 0 or len(out) == 2:
                break
            if all(abs(k[i] - k[j]) >= ALONG_SEP_MM for j in out):
                out.append(i)
        return [starts[i] for i in out]

    def _under_mini(self, first: Fit, pose, spec) -> float:
        """Fraction of a pair hypothesis's inside (at ``pose`` (3,)) that the first base's
        miniature may cover as the camera sees it: its hull, no wider or longer than the base
        (plus ``MINI_END_MM`` at each end), raised up to ``MINI_TOP_MM`` and projected to the
        mat, sweeps from the base away from the camera's nadir (parallax); an overhang there
        is foreground as solid as a base's."""
        length, width = first.size_mm
        w = self._base_width(first)
        a, b = length / 2.0 + MINI_END_MM, w / 2.0
        rect = np.array([[a, b], [-a, b], [-a, -b], [a, -b]])
        foot = _place(rect, np.array([[first.x_mm, first.y_mm, first.axis_deg]]))[0]
        top = self.camera.image_to_table(self.camera.table_to_image(foot, MINI_TOP_MM), 0.0)
        sweep = shapely.convex_hull(shapely.multipoints(np.vstack([foot, top])))
        inside = _place(_rect_interior(spec.length_mm, spec.width_mm), np.asarray(
            pose, np.float64)[None])[0]
        return float(shapely.contains_xy(sweep, inside[:, 0], inside[:, 1]).mean())

    def _base_width(self, fit: Fit) -> float:
        """The plastic base's width of a rectangle fit (a token fit's base is wider)."""
        if fit.token_offset_mm is None:
            return fit.size_mm[1]
        twin = next((s for s in self.rects if s.name == fit.name and not s.token), None)
        return twin.width_mm if twin is not None else fit.size_mm[1]

    def _spec_base_width(self, spec) -> float:
        if not spec.token:
            return spec.width_mm
        twin = next((s for s in self.rects if s.name == spec.name and not s.token), None)
        return twin.width_mm if twin is not None else spec.width_mm

    def _strip_left(self, at, centre, u, n, w1: float, l1: float) -> bool:
        """Whether what is left of the blob fills ``STRIP_FILL`` of a strip ``STRIP_MM`` deep
        beside the fitted side (the base's length along it)."""
        spec = self.rects[0]
        raster = at(spec.height_mm, spec.floor_mm)[3]
        s = np.arange(-l1 / 2.0 + 3.0, l1 / 2.0 - 3.0 + 1e-9, 4.0)
        t = np.arange(w1 / 2.0 + 3.0, w1 / 2.0 + STRIP_MM + 1e-9, 4.0)
        ss, tt = np.meshgrid(s, t)
        pts = centre + ss.ravel()[:, None] * u + tt.ravel()[:, None] * n
        return float(raster.is_inside(pts).mean()) >= STRIP_FILL

    def _fit_beside(self, spec, start, axis_deg: float, centre, u, n, w1: float, l1: float,
                    at, keep, first_fit: Fit):
        """One pair hypothesis of ``spec`` from centre ``start`` (2,), refined with its contact
        side held against ``first_fit`` (centre ``centre``, axis ``u``, the side towards
        ``n``, base width ``w1`` and length ``l1`` mm), as ``(fit, seen)`` (``seen``: the
        short sides' seen fraction and, where that and the outline pass, ``mini`` and
        ``beyond``), or ``None`` when the fit left the contact (turned, or pulled across)."""
        c0, ch, cc, raster = at(spec.height_mm, spec.floor_mm)
        # The contact line: the first base's side moved out by the gap, as long as the first.
        off = w1 / 2.0 + GAP_MM
        s = np.arange(-l1 / 2.0, l1 / 2.0 + 1e-9, CONTACT_STEP_MM)
        line = centre + off * n + s[:, None] * u
        p0, p1 = line[0], line[-1]
        # A token fit's contact side is its token's, inside its base's rim.
        inset = (self._spec_base_width(spec) - spec.width_mm) / 2.0
        line = line + inset * n
        pc0 = np.vstack([c0[keep], line])
        pch = np.vstack([ch[keep], line])
        best = None
        for walls in (True, False):
            p, rms, _ = refine_rect(np.array([*start, axis_deg]), spec.length_mm,
                                    spec.width_mm, pc0, pch, self.nadir_mm, walls=walls)
            ras = raster if walls else at(spec.height_mm, spec.floor_mm, top=True)[3]
            seen = _WithContact(ras, p0 + inset * n, p1 + inset * n)
            cov, fill, corners, over = rect_evidence(seen, p, spec.length_mm, spec.width_mm)
            if best is None or (cov, -rms) > (best[1], -best[2]):
                best = (p, cov, rms, fill, corners, over, walls, seen)
        p, cov, rms, fill, corners, over, walls, _ = best
        # Held against the first base: parallel, its contact side on the line.
        if abs(math.sin(math.radians(p[2]) - math.atan2(u[1], u[0]))) > math.sin(
                math.radians(3.0)):
            return None
        if abs(float((p[:2] - centre) @ n) - (off + self._spec_base_width(spec) / 2.0)) > 1.5:
            return None
        fit = Fit("rect", spec.name, float(p[0]), float(p[1]), float(p[2]), cov, fill, rms,
                  (spec.length_mm, spec.width_mm), spec.height_mm, corners, spec.floor_mm,
                  spec.offset_mm if spec.token else None, over, False, walls)
        # The short sides as the blob's own outline shows them (the contact line is not one).
        samples = _rect_samples(spec.length_mm, spec.width_mm, 1.0)
        ns = int(np.count_nonzero(np.isclose(samples[:, 1], spec.width_mm / 2.0)))
        near = raster.distance(_place(samples[2 * ns:], p[None])[0]) <= SUPPORT_MM
        seen = {"short": float(near.mean())}
        if not (cov >= PAIR_COVERAGE and seen["short"] >= PAIR_SHORT and fill >= PAIR_FILL
                and rms <= MAX_RMS_MM):
            return fit, seen
        seen["mini"] = self._under_mini(first_fit, p, spec)
        seen["beyond"] = _beyond(raster, p, spec.length_mm, spec.width_mm)
        return fit, seen


def _pair_ok(fit: Fit, seen: dict) -> bool:
    """Whether a pair hypothesis ``fit`` is a base (the thresholds above; ``seen``: what
    :meth:`BesideFitter._fit_beside` measured of it)."""
    return (fit.coverage >= PAIR_COVERAGE and seen["short"] >= PAIR_SHORT
            and fit.fill >= PAIR_FILL and fit.rms_mm <= MAX_RMS_MM
            and seen.get("mini", 1.0) <= PAIR_UNDER_MINI
            and seen.get("beyond", 1.0) < PAIR_BEYOND)


def _beyond(raster, pose, length: float, width: float) -> float:
    """How much of a strip ``BEYOND_MM`` beyond either end of a ``length`` x ``width``
    rectangle at ``pose`` (3,) is still foreground left to explain (the larger of the two
    ends): a base fitted inside a longer one has that longer base's plastic past its end."""
    a, b = length / 2.0, width / 2.0 - 5.0
    s = np.arange(a + BEYOND_MM[0], a + BEYOND_MM[1] + 1e-9, 2.0)
    t = np.arange(-b, b + 1e-9, 3.0)
    ss, tt = np.meshgrid(s, t)
    ends = []
    for sign in (1.0, -1.0):
        local = np.column_stack([sign * ss.ravel(), tt.ravel()])
        pts = _place(local, np.asarray(pose, np.float64)[None])[0]
        ends.append(float(raster.is_inside(pts).mean()))
    return max(ends)
