"""One piece hypothesis in a blob, fitted and judged (the other half of :mod:`._explain`):
hypotheses of every base and disc size ranked and refined (:meth:`PieceFitter._best_piece`,
:meth:`PieceFitter._refine`), whether a refined fit is seen well enough to be a piece
(:meth:`PieceFitter._acceptable`, by the thresholds of :mod:`._judge`), and the detection it
becomes (:meth:`PieceFitter._emit`, :func:`._judge.confidence`)."""

from __future__ import annotations

import math

import cv2
import numpy as np
import shapely

from ._discs import CROWDED, RIM_CLOSED, disc_stands, fill_within_rim
from ._fit import (
    Fit,
    _circle_interior,
    _circle_samples,
    _rect_interior,
    _rect_samples,
    circle_hypotheses,
    corner_points,
    free_runs,
    rect_evidence,
    rect_hypotheses,
    rim_inside,
    score,
)
from ._fitjit import refine_circle, refine_rect  # the compiled twins of _fit's
from ._inside import drop_round
from ._judge import (
    AREA_MERIT,
    BASE_RIM_MIN,
    BASE_RIM_SURE,
    MAX_RMS_MM,
    MIN_COVERAGE,
    MIN_COVERAGE_LEFTOVER,
    MIN_DISC_COVERAGE,
    MIN_DISC_COVERAGE_LEFTOVER,
    MIN_FILL,
    MIN_FILL_RIM,
    RIM_SEEN,
    _after_pieces,
    _axis_diff,
    _explained_mm2,
    _pick_model,
    _solid_rim_base,
    _sure_base,
    confidence,
)
from ._types import Detections, ShipDetection, SquadronDetection
from ._walls import walls_shown

# The best hypothesis of a base size reading its straight runs the other way (long for short
# side) is refined too when all the size's refined ones read them one way and it ranked at
# least this fraction of their best seen outline.
OTHER_READING = 0.9
# A disc fitted first in a crowded blob (``_discs.CROWDED``) with at least this fraction of
# its area inside an acceptable base fit does not go before that base (``_best_piece``):
# pieces do not overlap, so one of the two is false, and a disc mostly over a base's end is
# its miniature's round tip (a squadron touching a ship overlaps a well fitted base by at
# most ``_discs.MAX_OVERLAP``, 0.06).
DISC_IN_BASE = 0.5
# A disc is looked for in a blob only when its area is at most this many times the blob's (or
# the blob's convex hull's, ``_best_piece``).
DISC_OVER_BLOB = 1.3
# The best base fit of each size is tried again where its outline is best supported along its
# axis, within this of where it was fitted (mm), in steps of SLIDE_STEP_MM (``_slide``): a
# miniature's hull past its base's end holds the fit towards it (fresh 7010: 11-13 mm).
SLIDE_MM = 24.0
SLIDE_STEP_MM = 1.5
# ... and kept only when it is seen better (merit) than the fit it was slid from and ends at
# least this far from it (mm): one that came back beside it is the same reading, refined again
# (held-out 5006's CR90 under a hand, 1.8 mm apart, chose the base over the token and lost the
# ship to a debris field); one seen less well is no better reading (fresh 7010's Nebulon-B, its
# hull past both ends: a base with its rim seen 7 mm off, merit 0.55 against 0.63, taken for
# that rim by ``_pick_model``). Under other noise draws the two readings of that Nebulon, and
# of the Hardcell, differ by 0.001-0.01: there the slide is a coin toss.
SLIDE_MIN_MM = 3.0
# A fit seen by fewer than CROSS_CORNERS square corners is slid across its axis too, by up to
# CROSS_MM: without two corners nothing fixes which long edge is its own. On the mat's edge a
# token was laid on its miniature's far hull edge and the border beyond, 8 mm off across
# (tuning 1015's Munificent, starfield: merit 0.52, one corner), its own long side, the card's
# straight edge, left outside it (slid there: 1 mm off, two corners, merit 0.73). Not a base
# fit with the black rim inside its seen long sides (``BASE_RIM_SURE``): the rim says they
# are its own, and slid across, such a base (held-out 5011's GR-75 on wood in still frames 2
# and 4, found checking: rim 0.89, one corner) was
# refined 3.4 mm off and 5 deg turned onto corners its miniature's edges make (rim 0.35,
# three corners), which led it by more than ``TOKEN_LEAD``.
CROSS_CORNERS = 2
CROSS_MM = 15.0


class PieceFitter:
    """The piece-fitting half of :class:`~._explain.BlobExplainer` (a mixin of
    :class:`~armada_vision.vision.detect.Detector`): it reads the detector's ``camera``,
    ``nadir_mm``, ``play_area_mm`` and ``rects`` / ``discs`` (the specs)."""

    def _acceptable(self, fit: Fit, kind: str, leftover: bool) -> bool:
        """Whether a refined fit is seen well enough to be a piece (``leftover``: other pieces
        were already taken out of this blob)."""
        need, corners = MIN_COVERAGE, 0
        if kind == "circle":
            need = MIN_DISC_COVERAGE_LEFTOVER if leftover else MIN_DISC_COVERAGE
        elif leftover:
            # What is left after a base is often its miniature's overhang: another base
            # there must show more of its outline and two square corners.
            need, corners = MIN_COVERAGE_LEFTOVER, 2
        # A base whose centre is off the play area is not a piece in play (RRG "Play Area": a
        # piece outside it is destroyed); off-mat there are only table markers and mat edges.
        w_mm, h_mm = self.play_area_mm
        on_table = 0.0 <= fit.x_mm <= w_mm and 0.0 <= fit.y_mm <= h_mm
        solid = MIN_FILL_RIM if kind == "rect" and _sure_base(fit) else MIN_FILL
        return (on_table and fit.coverage >= need and fit.corners >= corners
                and fit.rms_mm <= MAX_RMS_MM and fit.fill >= solid)

    def _best_piece(self, at, explained, rng, blob_mm2: float, top: int = 2,
                    only: set | None = None):
        """The best-seen base or disc in what is left of a blob as ``(fit, kind, spec,
        start_pose)``, or ``None``.

        Hypotheses of every size are ranked together by their roughly seen outline length
        (loose support distance, as a hidden run end makes them rough); the ``top`` distinct
        ones of each size are refined. Whether a base or a disc wins is decided by the seen
        fraction of outline (``Fit.merit``), and so is the pose within a size (base or token);
        which size, by that plus the foreground area its best fit explains as a fraction of
        the blob left to explain (``AREA_MERIT``): a larger base that fits beats a smaller one
        inside it, and one too large fails the fill test or explains less than its area.
        ``only``: search just these ``(kind, spec)``.
        """
        cands = []
        keep = ~explained
        for spec in self.rects:
            if spec.length_mm * spec.width_mm > 1.3 * blob_mm2 or (
                    only and ("rect", spec) not in only):
                continue
            c0, ch, cc, raster = at(spec.height_mm, spec.floor_mm)
            hyps = rect_hypotheses(free_runs(cc, keep) if keep.sum() > 8 else [], raster,
                                   spec.length_mm, spec.width_mm)
            if not explained.any():
                hyps = np.vstack([hyps, _min_rect_pose(cc)])
            cov, fill = score(raster, _rect_samples(spec.length_mm, spec.width_mm, 2.0),
                              _rect_interior(spec.length_mm, spec.width_mm, step=6.0), hyps, 4.0)
            per = 2.0 * (spec.length_mm + spec.width_mm)
            for i in np.flatnonzero((fill >= MIN_FILL - 0.1) & (cov >= 0.5 * MIN_COVERAGE)):
                cands.append((cov[i] * per, "rect", spec, hyps[i]))
        tight = set()  # disc specs larger than the blob (``DISC_OVER_BLOB``)
        for spec in self.discs:
            r = spec.diameter_mm / 2.0
            if only and ("circle", spec) not in only:
                continue
            c0, ch, cc, raster = at(spec.height_mm, spec.floor_mm)
            hull_mm2 = None
            # A disc much larger than the blob is not in it. But the blob's area is counted in
            # pixels at the table centre's scale, a fighter coloured like the mat cuts a notch
            # from the rim to the peg, and a black rim lost on a dark mat leaves the printed
            # card: a disc larger than the blob is still tried when the blob's convex hull on
            # the disc's plane holds it, and must then show nearly all of its rim (tuning
            # seeds 1037 and 1055: the whole rim seen round blobs of 0.75 of the disc's area;
            # a fragment of an obstacle token's print 0.57-0.70).
            if math.pi * r * r > DISC_OVER_BLOB * blob_mm2:
                tight.add(spec)
            # The base's rim, or the printed disc inside it when a black rim is lost on a dark
            # mat (its size is not in the catalog): a few radii, refined freely afterwards.
            for rr in (r, 0.85 * r, 0.72 * r):
                if math.pi * rr * rr > DISC_OVER_BLOB * blob_mm2:
                    hull_mm2 = _hull_mm2(cc) if hull_mm2 is None else hull_mm2
                    if math.pi * rr * rr > DISC_OVER_BLOB * hull_mm2:
                        continue
                hyps = circle_hypotheses(cc[keep], rr, rng, pairs=80)
                cov, fill = score(raster, _circle_samples(rr, 2.0), _circle_interior(rr), hyps,
                                  3.0)
                per = math.pi * spec.diameter_mm
                for i in np.flatnonzero((fill >= MIN_FILL - 0.1) & (cov >= 0.5 * MIN_COVERAGE)):
                    cands.append((cov[i] * per, "circle", spec, hyps[i]))
        cands.sort(key=lambda c: -c[0])
        best = {}
        tried: dict[tuple, list] = {}  # (kind, spec) -> start poses refined
        sizes = len({(kind, spec) for _, kind, spec, _ in cands})
        full = 0  # sizes with ``top`` poses refined: the rest of the list is skipped
        # What is left of the blob to explain (on one rectangle's plane: the planes differ by
        # a few mm of parallax at most).
        left_mm2 = (at(self.rects[0].height_mm, self.rects[0].floor_mm)[3].unexplained_area_mm2()
                    if self.rects else blob_mm2)

        def attempt(kind, spec, pose):
            fit = self._refine(kind, spec, pose, at, keep)
            if fit.refused and fit.overruns == 0:
                # The hypothesis came from real edges, which polarity says are the other
                # model's (a token's where a base was tried, or the reverse): refine that.
                # Where one long side alone was seen, the twin lies the width difference
                # across from it, towards the inside: try both sides and in between.
                twin = next((s for s in self.rects if s.name == spec.name
                             and s.token != spec.token), None)
                if twin is not None and not (only and ("rect", twin) not in only):
                    inset = abs(spec.width_mm - twin.width_mm) / 2.0
                    a = math.radians(fit.axis_deg)
                    across = np.array([-math.sin(a), math.cos(a), 0.0])
                    start = np.array([fit.x_mm, fit.y_mm, fit.axis_deg])
                    leftover = _after_pieces(at, explained, kind)
                    fits = []
                    for k in (0.0, 1.0, -1.0):
                        fits.append(self._refine(kind, twin, start + k * inset * across, at,
                                                 keep))
                        if self._acceptable(fits[-1], kind, leftover):
                            break  # the edges were both long sides, or the side k chose
                    fit = max(fits, key=lambda f: f.merit if not f.refused else -1.0)
                    spec = twin
            # Within a size the plastic base and its token compete apart (``_pick_model``).
            key = (kind, fit.name, fit.token_offset_mm is not None)
            if key[2] and getattr(at, "rim_shows", False):
                # A base seen surely was accepted in this blob: there the black plastic shows
                # against the mat, so another ship's base would show its rim too, and a token
                # seen without one is a miniature's overhang or an obstacle's rest (held-out
                # 5005: a small token in the purrgil a Victory's hull reaches; fresh 7005:
                # beside a small base; both rim 0.00, on wood).
                return
            if self._acceptable(fit, kind, _after_pieces(at, explained, kind)) and (
                    key not in best or fit.merit > best[key][0].merit) and (
                    kind != "circle" or (spec not in tight or fit.coverage >= RIM_CLOSED)
                    and disc_stands(
                        at(spec.height_mm, spec.floor_mm)[3], fit, at.cleared,
                        lambda q, h=spec.height_mm: self.camera.table_to_image(q, h),
                        at.image, at.offset)):
                best[key] = (fit, kind, spec, pose)
            if not key[2] and kind == "rect" and fit.rim >= BASE_RIM_SURE and (
                    self._acceptable(fit, kind, _after_pieces(at, explained, kind))) and (
                    (kind, fit.name, "rim") not in best
                    or fit.merit > best[kind, fit.name, "rim"][0].merit):
                best[kind, fit.name, "rim"] = (fit, kind, spec, pose)

        for _, kind, spec, pose in cands:
            if full == sizes:
                break
            mine = tried.setdefault((kind, spec), [])
            if len(mine) >= top or any(np.linalg.norm(pose[:2] - p[:2]) < 3.0
                                       and _axis_diff(pose[2], p[2]) < 3.0 for p in mine):
                continue
            mine.append(pose)
            full += len(mine) == top
            attempt(kind, spec, pose)
        # A base is known only up to which of its sides a straight run is: where the blob is
        # about as wide as the base is long (a miniature overhanging a long side), reading the
        # run as a long or a short side explains the outline about equally well, and the top
        # hypotheses may all be one reading. The best of the other reading is refined too
        # when it ranked within OTHER_READING of the size's best.
        for spec in self.rects:
            ranked = [c for c in cands if c[1] == "rect" and c[2] == spec]
            mine = tried.get(("rect", spec), [])
            if not ranked or not mine or any(_axis_diff(p[2], mine[0][2]) > 45.0 for p in mine):
                continue
            other = next((c for c in ranked if _axis_diff(c[3][2], mine[0][2]) > 45.0), None)
            if other is not None and other[0] >= OTHER_READING * ranked[0][0]:
                attempt("rect", spec, other[3])
        for fit, kind, spec, _ in {id(b[0]): b for b in best.values()}.values():
            if kind == "rect":
                before = dict(best)
                self._slide(fit, spec, at, only, attempt)
                for key, b in list(best.items()):
                    # Only a fit placed elsewhere along the axis is another reading of it, and
                    # it must be seen better than the fit it was slid from.
                    if before.get(key) is not b and (b[0].merit <= fit.merit or math.hypot(
                            b[0].x_mm - fit.x_mm, b[0].y_mm - fit.y_mm) < SLIDE_MIN_MM):
                        if key in before:
                            best[key] = before[key]
                        else:
                            del best[key]
        if not best:
            return None
        best = _pick_model(best)
        # Base or disc, and the pose of each size (base or token), by the seen outline alone
        # as before; the size by that and the foreground it explains.
        top = max(best.values(), key=lambda b: b[0].merit)
        kind = top[1]
        if kind == "circle" and not getattr(at, "cleared", True) and any(
                b[1] == "rect" and _sure_base(b[0]) for b in best.values()) \
                and not disc_stands(at(top[2].height_mm, top[2].floor_mm)[3], top[0], [],
                                    lambda q, h=top[2].height_mm: self.camera.table_to_image(q, h),
                                    at.image, at.offset, blob_mm2):
            # A disc first in a crowded blob that would not be reported (a miniature's round
            # tip, ``_discs.CROWDED``) does not go before a base seen surely (its rim, two
            # corners, no overrun): cleared first, it took the end of a large base by the
            # table's corner, which was then a medium token. (Before any base, it let a small
            # base onto a medium ship: tuning 1055.)
            kind = "rect"
            best = {k: b for k, b in best.items() if b[1] != "rect" or _sure_base(b[0])}
        elif kind == "circle" and not getattr(at, "cleared", True) and (
                blob_mm2 > CROWDED * _explained_mm2(top[0]) / max(top[0].fill, 1e-6)):
            # Nor a disc first in a crowded blob that lies mostly inside an acceptable base
            # (``DISC_IN_BASE``): pieces do not overlap (RRG "Overlapping"), and a disc across
            # a base's end is its miniature's round tip (``_discs``); cleared first, it was
            # reported as a squadron and left too little of the base for a leftover's two
            # corners (tuning 1002's CR90 on wood, its hull's tip seen 0.86 against the
            # base's 0.58-0.66, the ship missed in 5 of 10 video frames). The base goes
            # first; the disc is then judged beside it.
            under = [b for b in best.values()
                     if b[1] == "rect" and _disc_in_rect(top[0], b[0]) >= DISC_IN_BASE]
            if under:
                kind = "rect"
                best = {k: b for k, b in best.items()
                        if b[1] != "rect" or any(b is u for u in under)}
        sure = [b[0].merit for b in best.values() if _sure_base(b[0]) or _solid_rim_base(b[0])]
        if kind == "rect" and sure:
            # A plastic base seen surely (its black rim, two square corners, no edge running
            # on past them) is not outdone on the area term alone, by a fit of another size
            # that sees less of its own outline, when that fit is a token (a base's black rim
            # cannot show inside a token's outline: the card lies over its own base) or a base
            # whose inside is not solid (under ``MIN_FILL``, accepted for its rim alone):
            # neither is a larger base round it. Held-out 5005's Victory on wood was a large
            # token 12 mm off drawn round the base, its miniature's overhang and the purrgil
            # it reaches (merit 0.58-0.60 against the medium base's 0.70-0.72), under other
            # noise a large base, rim 0.84 but 0.84 of its inside foreground. A solid base
            # of another size still wins by the area it explains: a Victory whose miniature
            # hides a corner (merit 0.59) over a small base fitted surely inside it (0.61).
            # So is a solid base with its rim and two corners whose seen edge runs on past a
            # corner (``_solid_rim_base``: its fill does not lean on the rim): tuning 1001's
            # Assault Frigate on cloth, merit 0.84, fill 1.00, rim 0.98, one overrun, was a
            # large base 14.5 mm off drawn round it and its hull (0.68, fill 0.77, rim 0.75).
            best = {k: b for k, b in best.items() if b[1] != "rect" or b[0].merit >= max(sure)
                    or (b[0].token_offset_mm is None and b[0].fill >= MIN_FILL)}
        if kind == "rect":
            # Nor by a fit drawn round another size's seen by its corners, whose seen sides it
            # leaves well inside itself (``_inside.drop_round``): a base is solid.
            best = drop_round(best, at)
        fit, kind, spec, pose = max(
            (b for b in best.values() if b[1] == kind),
            key=lambda b: b[0].merit + AREA_MERIT * _explained_mm2(b[0]) / max(left_mm2, 1.0))
        return (self._settle_walls(fit, spec, at, keep, _after_pieces(at, explained, kind)),
                kind, spec, pose)

    def _slide(self, fit: Fit, spec, at, only: set | None, attempt) -> None:
        """Try a base fit again where its outline is best supported along its axis.

        A base's place along its axis is fixed by its short sides; where a miniature overhangs
        one end, the long sides (the base's and the hull's) support it anywhere along them, and
        the refinement stays where its hypothesis put it (fresh 7010's Hardcell on cloth, its
        hull past the base's end: fitted 11-13 mm off towards it in 5 of 10 frames). The fit's
        pose shifted along its axis by up to ``SLIDE_MM`` in ``SLIDE_STEP_MM`` steps is scored
        as the hypotheses are (seen outline, solid inside), for the base and for its token,
        and the best-supported shift beyond ``SLIDE_STEP_MM`` x 2 is refined (``attempt``,
        which keeps it when it is seen better than the fit of its size and model). A fit seen
        by fewer than ``CROSS_CORNERS`` square corners and without the black rim inside its
        long sides is slid across its axis the same way, by up to ``CROSS_MM``: a token laid
        on its miniature's far hull edge leaves its own long side outside it (tuning 1015's
        Munificent on the mat's edge, 8-11 mm off)."""
        a = math.radians(fit.axis_deg)
        start = np.array([fit.x_mm, fit.y_mm, fit.axis_deg])
        ways = [(np.array([math.cos(a), math.sin(a), 0.0]),
                 np.arange(-SLIDE_MM, SLIDE_MM + 1e-6, SLIDE_STEP_MM))]
        if fit.corners < CROSS_CORNERS and not fit.rim >= BASE_RIM_SURE:
            ways.append((np.array([-math.sin(a), math.cos(a), 0.0]),
                         np.arange(-CROSS_MM, CROSS_MM + 1e-6, SLIDE_STEP_MM)))
        for way, shifts in ways:
            hyps = start[None, :] + shifts[:, None] * way[None, :]
            for sp in self.rects:
                if sp.name != spec.name or (only and ("rect", sp) not in only):
                    continue
                raster = at(sp.height_mm, sp.floor_mm)[3]
                cov, fill = score(raster, _rect_samples(sp.length_mm, sp.width_mm, 2.0),
                                  _rect_interior(sp.length_mm, sp.width_mm, step=6.0), hyps,
                                  4.0)
                cov = np.where((fill >= MIN_FILL - 0.1)
                               & (np.abs(shifts) > 2.0 * SLIDE_STEP_MM), cov, -1.0)
                i = int(np.argmax(cov))
                if cov[i] >= 0.0:
                    attempt("rect", sp, hyps[i])

    def _refine(self, kind: str, spec, pose, at, keep) -> Fit:
        """Refine one hypothesis twice, with the side walls facing the camera seen (their foot
        is the outline there) and unseen (a dark wall on a dark mat), and keep the better."""
        best = None
        for walls in (True, False):
            fit = self._refine_walls(kind, spec, pose, at, keep, walls)
            if best is None or (fit.coverage, -fit.rms_mm) > (best.coverage, -best.rms_mm):
                best = fit
        return best

    def _refine_walls(self, kind: str, spec, pose, at, keep, walls) -> Fit:
        """One refinement of a hypothesis with the facing walls seen or not (``walls``: a
        bool, or for a base (short sides, long sides)), scored on the matching outline."""
        c0, ch, cc, raster = at(spec.height_mm, spec.floor_mm)
        shown = walls if isinstance(walls, bool) else any(walls)
        ras = raster if shown else at(spec.height_mm, spec.floor_mm, top=True)[3]
        if kind == "rect":
            p, rms, _ = refine_rect(pose, spec.length_mm, spec.width_mm, c0[keep], ch[keep],
                                    self.nadir_mm, walls=walls)
            cov, fill, corners, over = rect_evidence(ras, p, spec.length_mm, spec.width_mm)
            # Polarity only decides between fits seen well enough to be accepted.
            rim = float("nan") if getattr(at, "image", None) is None or cov < MIN_COVERAGE \
                else rim_inside(ras, p, spec.length_mm, spec.width_mm,
                                lambda q, h=spec.height_mm: self.camera.table_to_image(q, h),
                                at.image, at.offset)
            refused = bool(rim >= RIM_SEEN if spec.token else rim < BASE_RIM_MIN)
            if refused:
                cov = 0.0  # the seen long sides are the other model's edges (polarity)
            return Fit("rect", spec.name, p[0], p[1], p[2], cov, fill, rms,
                       (spec.length_mm, spec.width_mm), spec.height_mm, corners, spec.floor_mm,
                       spec.offset_mm if spec.token else None, over, refused, walls, rim)
        r = spec.diameter_mm / 2.0
        c, rms, _, rf = refine_circle(pose[:2], r, c0[keep], ch[keep], self.nadir_mm,
                                      walls=walls, start_radius=pose[2])
        c2, f2 = score(ras, _circle_samples(rf, 1.0), _circle_interior(rf),
                       np.array([[c[0], c[1], 0.0]]))
        fill = float(f2[0])
        if fill < MIN_FILL and c2[0] >= RIM_CLOSED:
            fill = fill_within_rim(ras, c, rf, fill)
        return Fit("circle", spec.name, c[0], c[1], 0.0, float(c2[0]), fill, rms,
                   (spec.diameter_mm, spec.diameter_mm), spec.height_mm, 0, spec.floor_mm,
                   walls=walls)

    def _settle_walls(self, fit: Fit, spec, at, keep, leftover: bool) -> Fit:
        """A plastic base's fit refined again with each facing pair of sides' walls seen or
        not as the frame shows them (``_walls.walls_shown``), where that differs from the
        fit's one choice for all of them (a tie where the miniature hides the opposite
        side); the fit as it was where the frame cannot tell or the new one is not
        acceptable. Token and disc fits are returned as they are."""
        if (fit.kind != "rect" or spec.token or fit.refused or not isinstance(fit.walls, bool)
                or getattr(at, "image", None) is None):
            return fit
        start = np.array([fit.x_mm, fit.y_mm, fit.axis_deg])
        seen = fit if fit.walls else self._refine_walls("rect", spec, start, at, keep, True)
        shown = walls_shown(np.array([seen.x_mm, seen.y_mm, seen.axis_deg]), spec.length_mm,
                            spec.width_mm, spec.height_mm, spec.floor_mm, self.nadir_mm,
                            at(spec.height_mm, spec.floor_mm)[3],
                            lambda q, h: self.camera.table_to_image(q, h), at.image,
                            np.asarray(at.offset, np.float64))
        pair = tuple(fit.walls if v is None else v for v in shown)
        if pair == (fit.walls, fit.walls):
            return fit
        new = seen if pair == (True, True) else self._refine_walls("rect", spec, start, at,
                                                                    keep, pair)
        return new if not new.refused and self._acceptable(new, "rect", leftover) else fit

    def _emit(self, fit: Fit, det: Detections) -> None:
        conf = confidence(fit.coverage, fit.rms_mm)
        if fit.kind == "rect":
            det.ships.append(ShipDetection(fit.x_mm, fit.y_mm, fit.axis_deg % 180.0, fit.name,
                                           conf, rms_mm=fit.rms_mm, coverage=fit.coverage))
        else:
            det.squadrons.append(SquadronDetection(fit.x_mm, fit.y_mm, fit.size_mm[0], conf,
                                                   rms_mm=fit.rms_mm, coverage=fit.coverage))


def _disc_in_rect(disc: Fit, rect: Fit) -> float:
    """The fraction of a disc fit's area inside a base or token fit's outline."""
    c = shapely.Point(disc.x_mm, disc.y_mm).buffer(disc.size_mm[0] / 2.0, quad_segs=8)
    r = shapely.Polygon(corner_points(np.array([rect.x_mm, rect.y_mm, rect.axis_deg]),
                                      *rect.size_mm))
    return float(shapely.area(shapely.intersection(c, r)) / max(c.area, 1e-9))


def _min_rect_pose(pts: np.ndarray) -> np.ndarray:
    (cx, cy), (w, h), ang = cv2.minAreaRect(pts.astype(np.float32))
    axis = ang if w >= h else ang + 90.0
    return np.array([[cx, cy, axis % 180.0]])


def _hull_mm2(contour_mm: np.ndarray) -> float:
    """Area (mm2) of the convex hull of a contour (N, 2) mm."""
    if len(contour_mm) < 3:
        return 0.0
    return float(cv2.contourArea(cv2.convexHull(contour_mm.astype(np.float32))))
