"""One blob explained: by a catalog obstacle, or by as many ship bases and squadron discs as
its visible edges support (two touching bases are two bases), each fitted on its own height
plane. The search of a still frame, and the shortcuts of the live path (seeds confirmed by one
refinement, hints searched at their own size first)."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import shapely

from ._beside import BesideFitter
from ._discs import disc_stands
from ._edges import contour_normals, edge_fraction, refine_edges
from ._explain_fit import PieceFitter
from ._explain_match import ObstacleMatches, _good_match
from ._explain_on_token import TokenSquadrons
from ._explain_token import TokenOutlines
from ._fit import SUPPORT_MM, Fit, corner_points, seen_corner_mask
from ._judge import (
    BASE_RIM_MIN,
    _after_pieces,
    _axis_diff,
    _solid_rim_base,
    _sure_base,
)
from ._obstacles import EDGE_BAND_MM
from ._pass import FineBlob
from ._raster import BlobRaster
from ._types import Detections, ObstacleDetection

# ... a base whose ``Fit.merit`` (seen fraction of outline plus ``CORNER_MERIT`` per seen square
# corner) reaches this. On the tuning and held-out seeds the ships in such blobs scored
# 1.05-1.22 (3-4 corners, 0.73-0.90 seen), the token fits placed inside true tokens matched
# under 0.97 0.43-0.73 (0.95 at most above it).
SHIP_OVER_OBSTACLE_MERIT = 1.0
# ... or a plastic base seen surely (``_judge._sure_base``: the black rim just inside its
# seen long sides, two square corners, no straight edge running on past one): printed
# cardboard has no black band 2.25 mm wide inside a straight edge ending in square corners of a
# base's size. The merit alone moves by a corner's worth (0.08) with the sensor noise: fresh
# seed 7008's Hardcell on wood (rim 0.97-1.0, three corners, merit 0.92-0.93) was a purrgil in
# the 3 of 4 noise draws whose plain IoU came out at 0.850-0.851 (a good match) rather than
# 0.849 (a fair one, which its merit less RMS, 0.64, beats). On tuning seeds 1000-1035 (4
# noise draws) and 1036-1051 (2) the 28 sure bases in blobs with a pending obstacle match
# were all true ships. So does a solid base with its rim and two corners whose seen edge runs
# on past one (``_judge._solid_rim_base``: a hull or a neighbour along a side; its
# fill, >= ``MIN_FILL``, does not lean on the rim): held-out 5011's Pelta on wood (rim 1.00,
# fill 0.98, merit less RMS 0.235) was a fair debris-field-2 match in its video frame 2.
# A fair match (``MIN_OBSTACLE_IOU_NO_BASE``) stands unless the search finds a base whose merit
# less its RMS (mm) reaches this: a base's straight sides fit within ~0.2-0.45 mm, a token fit
# laid on an obstacle's curved or ragged edge leaves 0.4-0.55 mm and sees less of its outline.
# Tuning and held-out seeds: the ships in such blobs scored 0.30-0.94 (80 of them), the token
# fit inside a true token 0.18 (fresh seeds: 0.15 and 0.20).
SHIP_OVER_FAIR_OBSTACLE = 0.25
# A good match does not stand against a base fit seen by ``SEEN_CORNERS`` square corners (both
# sides on the blob's outline up to the corner, ``_fit.seen_corner_mask``; two right angles of a
# base's size, as ``_sure_base`` asks) and by black plastic just inside its seen long sides
# (``BASE_RIM_MIN`` of them, as a base fit must show: on a dark mat the rim does not show and
# this rule does not apply), of which at least ``CORNERS_CUT`` lies more than
# ``CORNER_OUT_MM`` outside the obstacle's outline: a token is flat cardboard cut to the
# catalog's outline, all of it seen, so plastic ending in a base's square corner well outside
# that outline is a base's. A ship's base and miniature match the ship-like outlines
# (purrgils) with their corners cut off: held-out seed 5011's Nebulon-B on wood was purrgil-1
# (band overlap 0.93) in every video frame, its token fit (merit 0.91-0.95, two corners seen,
# the rim inside 0.35-0.47 of its long sides: its edges there jump between the rim's outside
# and inside) under ``SHIP_OVER_OBSTACLE_MERIT``, one or both seen corners 5.7-7.1 mm outside
# the purrgil (the other 1.4 mm where the fit lay 4 deg off).
# A seen corner is where both sides are seen within 6 mm of it, each within ``SUPPORT_MM``
# (1.5 mm) of an edge: on a token's curved outline a fit's corner point lies up to ~3 mm off
# it. The corner must lie beyond that and the match's band, ``EDGE_BAND_MM`` + 2 x
# ``SUPPORT_MM``: token fits inside true tokens with good matches had seen corners up to 2.8
# mm (tuning 1028's purrgil-2, noise 102) and 3.0 mm (held-out 5003's purrgil-1, one corner,
# a noise fragment on its tail) outside, and fresh 7004's flipped debris field (noise 12) 4.6
# mm, but with no rim (0.00; token fits in true tokens 0.00-0.28). Tuning seeds 1000-1099
# (noise 0) and 1000-1059 (noise 101, 102), the 17 good pending matches: 12 true tokens (two
# with a token fit: corners at most 2.8 mm out, rim 0.22-0.28), 5 ships (3-4 corners over 4.5
# mm out). A fair match too (``MIN_OBSTACLE_IOU_NO_BASE``): a fair one may be placed a few mm
# off, on a soft shadow's outline (fresh seed 7004's flipped dust field on its plain edges,
# 3.5 mm off, left a token fit's corners 3.3-4.5 mm outside), but with no rim there (0.00).
# A GR-75 on cloth (tuning 1001's table, put 45 mm from the mat's edge) was debris-field-2
# (band overlap 0.87) still and live: its base fit, two corners and the rim inside 0.50 of its
# sides, one corner out, fitted 0.47 mm RMS (merit less RMS 0.22, under
# ``SHIP_OVER_FAIR_OBSTACLE``). Tuning 1000-1059 (noise 0): 52 base and token fits accepted in
# blobs with a fair pending match, all on ships; the 19 with two corners, the rim and a corner
# out lay within 3.1 mm of theirs. No fit was accepted in a true token's blob with a fair match.
SEEN_CORNERS = 2
CORNERS_CUT = 1
CORNER_OUT_MM = EDGE_BAND_MM + 2.0 * SUPPORT_MM
# Without an empty-table frame, a blob is a piece (or several) only when at least this
# fraction of its outline is an edge (``_edges.edge_fraction``): the estimated background
# misses the mat's own print, which a learned one holds. Rendered empty tables estimated from
# the frame (the demo's own empty table; the three mats, seeds 0-5, 720p and 1080p): the 20
# blobs of the mat's print in the play area 0.00-0.09 (5 false squadrons and 3 obstacles on
# them); held-out seeds 5000-5008 estimated: blobs holding pieces 0.38-1.0 (157), the mat's
# 0.00-0.11. (Against a learned background true blobs go down to 0.16: tuning seeds
# 1000-1039, low-contrast tokens and a squadron on wood.)
MIN_EDGE_FRACTION = 0.2
# A piece seen in an earlier frame is confirmed when one refinement from its pose lands this
# close to it (mm, deg); farther, it moved and the full search places it.
CONFIRM_MM = 5.0
CONFIRM_DEG = 3.0
# A base alone in its blob that moved is confirmed where the blob's shift and turn put it only
# when the refinement from there sees at least this many square corners; else its size is
# searched (``hints``). The turn is the blob's long axis's, which the miniature and its shadow
# sway: fresh seed 7007's Nebulon-B support refit, moved 40 mm straight on, was predicted
# 5.4 deg turned and refined into a pose 5.6 mm off (one corner, coverage 0.47, RMS 0.59 mm;
# the search finds it within 1 mm, coverage 0.75, RMS 0.26).
MOVED_CORNERS = 2


class BlobExplainer(PieceFitter, ObstacleMatches, BesideFitter, TokenOutlines, TokenSquadrons):
    """The per-blob half of :class:`~armada_vision.vision.detect.Detector` (a mixin): it reads
    the detector's ``catalog``, ``camera``, ``nadir_mm``, ``px_per_mm``, ``play_area_mm``,
    ``rects`` / ``discs`` (the specs), ``min_piece_mm2`` / ``min_obstacle_mm2`` and counts
    ``confirmed``."""

    def _contours(self, fb: FineBlob, height_mm: float, floor_mm: float = 0.0):
        px = getattr(fb, "edges_px", None)
        if px is None:
            ox, oy = fb.offset
            px = refine_edges(fb.blob.contour_px - (ox, oy), fb.distance) + (ox, oy)
            fb.edges_px = px
        c0 = self.camera.image_to_table(px, floor_mm)
        ch = self.camera.image_to_table(px, height_mm)
        return c0, ch, corrected_contour(c0, ch, self.nadir_mm)

    def _explain(self, fb: FineBlob, det: Detections, rng: np.random.Generator,
                 seeds: tuple = (), seeds_complete: bool = False, hints: tuple = (),
                 hints_complete: bool = False) -> list[tuple]:
        """Explain one blob by an obstacle or by bases and discs, appending them to ``det``.

        An obstacle outline that matches the blob only fairly well
        (``MIN_OBSTACLE_IOU_NO_BASE``) is taken when the search finds no ship base in it seen
        and fitted as well as ``SHIP_OVER_FAIR_OBSTACLE``, one that matches well but under
        ``OBSTACLE_SURE_IOU`` when it finds none seen as well as ``SHIP_OVER_OBSTACLE_MERIT``;
        neither stands against a plastic base seen surely (``_sure_base``, ``_solid_rim_base``)
        or against a base seen by two square corners and its rim, one corner outside its outline
        (``CORNERS_CUT``);
        discs found inside its outline are its round ends, those outside squadrons touching
        it. Without an empty-table frame, a blob whose outline is hardly an edge anywhere
        (``MIN_EDGE_FRACTION``) holds nothing. Arguments and return as :meth:`_explain_blob`.
        """
        if self.background is None and edge_fraction(
                fb.blob.contour_px - fb.offset, fb.distance) < MIN_EDGE_FRACTION:
            return []  # the mat's own print, which the estimate missed: no edge round it
        part = Detections(play_area_mm=det.play_area_mm, image_size=det.image_size)
        pending: list = []
        fits: list = []
        cut: list = []  # per fit: its seen corners outside the pending match (CORNERS_CUT)
        placed = self._explain_blob(fb, part, rng, seeds, seeds_complete, hints, hints_complete,
                                    pending, fits, cut)
        if pending and not any(f.kind == "rect" and (
                _sure_base(f) or _solid_rim_base(f)
                or f.corners >= SEEN_CORNERS and f.rim >= BASE_RIM_MIN and n >= CORNERS_CUT
                or (f.merit >= SHIP_OVER_OBSTACLE_MERIT if _good_match(pending[0])
                    else f.merit - f.rms_mm >= SHIP_OVER_FAIR_OBSTACLE))
                for f, n in zip(fits, cut)):
            oid, x, y, hd, flipped, iou, outline, _ = pending[0]
            ring = shapely.Polygon(outline)
            det.obstacles.append(ObstacleDetection(oid, x, y, hd, flipped, iou, outline))
            det.squadrons += [q for q in part.squadrons
                              if not shapely.contains_xy(ring, q.x_mm, q.y_mm)]
            kept = [p for p in placed if p[0] == "circle"
                    and not shapely.contains_xy(ring, p[2][0], p[2][1])]
            self._squadrons_on(fb, det, det.obstacles[-1:])
            ob = det.obstacles[-1]  # (placed again when a base crosses it)
            return [("obstacle", (ob.obstacle, ob.flipped),
                     np.array([ob.x_mm, ob.y_mm, ob.heading_deg])), *kept]
        found = self._token_under_squadrons(fb, det, part, placed)
        if found is not None:
            return found
        det.ships += part.ships
        det.squadrons += part.squadrons
        det.obstacles += part.obstacles
        if part.obstacles:
            n = len(det.obstacles) - len(part.obstacles)
            held = {id(s[3]) for s in seeds if s[0] == "obstacle" and len(s) > 3}
            self._squadrons_on(fb, det, part.obstacles, held,
                               _all_known(placed, seeds, hints, seeds_complete, hints_complete))
            placed = _placed_again(placed, part.obstacles, det.obstacles[n:])
        return placed

    def _explain_blob(self, fb: FineBlob, det: Detections, rng: np.random.Generator,
                      seeds: tuple = (), seeds_complete: bool = False, hints: tuple = (),
                      hints_complete: bool = False, pending: list | None = None,
                      fits: list | None = None, cut: list | None = None) -> list[tuple]:
        """Explain one blob by an obstacle or by bases and discs, appending them to ``det``
        (an obstacle match under ``OBSTACLE_SURE_IOU`` but above ``MIN_OBSTACLE_IOU_NO_BASE``
        is appended to ``pending`` instead, and each accepted piece's :class:`Fit` to
        ``fits`` and its seen corners outside that match's outline to ``cut``, for
        :meth:`_explain` to decide).

        ``seeds``: pieces found here in an earlier frame, ``(kind, spec, pose)`` as returned
        (a held obstacle, and a disc that was reported as a squadron, carry that detection as
        a fourth item; such a disc is reported again when confirmed); each is first confirmed by one refinement from that pose (a still piece whose
        neighbourhood changed), and the full hypothesis search runs only on what they leave
        unexplained (``seeds_complete``: the seeds were all the blob held, so when every one
        inside it is confirmed there is nothing more to search). ``hints``: ``(kind, spec)``
        of pieces that were here before and moved; they are searched for first, with only
        their own size's hypotheses (``hints_complete``: nothing else can be in the blob once
        they are found). Returns the pieces found as ``(kind, spec, pose)`` (``kind`` ``rect``,
        ``circle`` or ``obstacle``; pose (3,): x, y mm and the axis deg or start radius mm).
        """
        blob = fb.blob
        cache: dict[float, tuple] = {}
        cleared: list[tuple] = []  # accepted pieces' (outline, grow_mm), for rasters made later

        def at(h: float, floor: float = 0.0, top: bool = False):
            if (h, floor, top) not in cache:
                c0, ch, cc = self._contours(fb, h, floor)
                raster = BlobRaster(ch if top else cc)
                for outline, grow in cleared:
                    raster.clear(outline, grow)
                cache[h, floor, top] = (c0, ch, cc, raster)
            return cache[h, floor, top]

        at.image, at.offset, at.cache, at.fb = getattr(fb, "image", None), fb.offset, cache, fb
        at.cleared = cleared
        at.held = None  # contour points explained by held obstacles (``_after_pieces``)
        at.rim_shows = False  # a base seen surely was accepted here: no token fits then
        at.discs_only = True  # only squadron discs accepted so far (``_after_pieces``)
        blob_mm2 = blob.area_px / self.px_per_mm ** 2
        explained = np.zeros(len(blob.contour_px), bool)
        placed: list[tuple] = []
        bases: list[Fit] = []  # accepted base fits, for a base side by side with one (_beside)

        def accept(fit: Fit, kind: str, spec, pose, last: bool = False,
                   shown: bool = False) -> bool:
            """Emit a piece; whether the blob is explained now. ``last``: nothing is looked
            for after it, so what it explains is not worked out. ``shown``: a squadron
            reported where it stood in an earlier frame, confirmed: reported again."""
            nonlocal explained
            if shown or not (kind == "circle" and not cleared and not disc_stands(
                    at(fit.height_mm, fit.floor_mm)[3], fit, [],
                    lambda q, h=fit.height_mm: self.camera.table_to_image(q, h),
                    at.image, at.offset, blob_mm2)):
                # (A disc first in a crowded blob, seen too little: it still explains its part
                # of the blob for the search, as before, but is not reported as a squadron.)
                self._emit(fit, det)
            if fits is not None:
                fits.append(fit)
            if cut is not None:
                cut.append(self._corners_cut(fit, at, pending))
            at.rim_shows = at.rim_shows or _sure_base(fit)
            at.discs_only = at.discs_only and kind == "circle"
            if kind == "rect":
                bases.append(fit)
            placed.append((kind, spec, np.array([fit.x_mm, fit.y_mm, fit.axis_deg if
                                                 kind == "rect" else pose[2]])))
            if last:
                return True
            outline = fit.outline_mm(1.0)
            explained |= _within(at(fit.height_mm, fit.floor_mm)[2], outline, 3.0)
            cleared.append((outline, 4.0 if fit.token_offset_mm is not None else 1.5))
            for _, _, _, raster in cache.values():
                raster.clear(*cleared[-1])
            return (at(fit.height_mm, fit.floor_mm)[3].unexplained_area_mm2()
                    < 0.4 * self.min_piece_mm2 or bool(explained.all()))

        mine = [s for s in seeds if s[0] != "obstacle"
                and at(s[1].height_mm, s[1].floor_mm)[3].is_inside(s[2][None, :2])[0]]
        still = [s for s in seeds if s[0] == "obstacle" and len(s) > 3 and self._in_blob(at, s)]
        could_be_obstacle = bool(self.catalog.obstacles) and (
            blob_mm2 >= 0.7 * self.min_obstacle_mm2)
        was = [s for s in seeds if s[0] == "obstacle" and len(s) == 3]
        if could_be_obstacle and seeds_complete and not mine and len(was) == 1 and (
                len(seeds) == 1 or at(self._top_mm())[3].is_inside(was[0][2][None, :2])[0]):
            # The same blob as before, which was this obstacle (or cut into it and pieces
            # found elsewhere): confirmed where it was.
            found = self._confirm_obstacle(at, was[0], det)
            if found is not None:
                return [found]
        for s in still:
            # An obstacle of a merged or split blob whose outline saw no change (held,
            # ``_liveplan``): it stands as it was measured and is taken out of the blob.
            det.obstacles.append(s[3])
            placed.append(s[:3])
            outline = np.asarray(s[3].outline_mm, np.float64)
            explained |= _within(at(self._top_mm())[2], outline, 3.0)
            cleared.append((outline, 1.5))
            for _, _, _, raster in cache.values():
                raster.clear(*cleared[-1])
        if still:
            at.held = explained.copy()
        if still and not mine and (seeds_complete or at(self._top_mm())[3].unexplained_area_mm2()
                                   < 0.4 * self.min_piece_mm2):
            return placed
        # Moved pieces of about their blob's earlier area are looked for first (a ship that
        # moved is not an obstacle now); the obstacle match waits until they are not found.
        hinted = bool(hints) and hints_complete
        if not (mine and seeds_complete) and could_be_obstacle and not hinted and not still:
            found = self._match_obstacle(at, det, pending)
            if found is not None:
                return [found]
        failed = []  # seeds not confirmed: searched at their size with the hints
        predicted = bool(hints) and seeds_complete  # one piece alone, moved (``MOVED_CORNERS``)
        for seed in mine:
            kind, spec, pose = seed[:3]
            fit = self._refine(kind, spec, pose, at, ~explained)
            if kind == "rect":
                fit = self._settle_walls(fit, spec, at, ~explained,
                                         _after_pieces(at, explained, kind))
            if (self._acceptable(fit, kind, _after_pieces(at, explained, kind))
                    and math.hypot(fit.x_mm - pose[0], fit.y_mm - pose[1]) <= CONFIRM_MM
                    and (kind == "circle" or _axis_diff(fit.axis_deg, pose[2]) <= CONFIRM_DEG
                         and not (predicted and fit.corners < MOVED_CORNERS))):
                self.confirmed += 1
                # The last of the blob's earlier pieces, all confirmed: nothing else is
                # searched whatever it explains.
                if accept(fit, kind, spec, pose,
                          last=seeds_complete and len(placed) == len(still) + len(mine) - 1,
                          shown=len(seed) > 3):
                    return placed
            else:
                failed.append((kind, spec))
        if mine and seeds_complete and len(placed) == len(still) + len(mine):
            return placed
        seeded = len(placed)  # the hints count what is found after the seeds
        # Seeds that were all the blob held and hints besides: the seeds are where the hinted
        # pieces are predicted to be (a piece alone in its blob, moved), not more pieces.
        wanted = len(hints) + (len(failed) if hints and not seeds_complete else 0)
        only = {(k, sp) for k, sp in hints} | (set(failed) if hints else set())
        # How many of each size are still wanted: a size found as often as it is wanted is not
        # searched again (held-out 5011: a large ship and a squadron moved into one blob, the
        # large size searched again for the squadron).
        left = Counter((k, sp) for k, sp in hints)
        left.update(failed if hints and not seeds_complete else ())
        for _ in range(wanted if only else 0):
            best = self._best_piece(at, explained, rng, blob_mm2, only=only) if only else None
            if best is None:
                break
            left[best[1], best[2]] -= 1
            if left[best[1], best[2]] <= 0:
                only = only - {(best[1], best[2])}
            # The last piece wanted of a blob that holds nothing else: what it explains is not
            # worked out (nothing is looked for after it).
            if accept(*best, last=hints_complete and len(placed) + 1 - seeded >= wanted):
                return placed
        if hints and hints_complete and len(placed) - seeded >= wanted:
            return placed
        if hinted and not placed and could_be_obstacle:
            found = self._match_obstacle(at, det, pending)
            if found is not None:
                return [found]
        tried = 0  # pieces cleared when the rest was last matched to the obstacles
        for _ in range(12):
            best = self._best_piece(at, explained, rng, blob_mm2)
            if best is None and bases:
                # Nothing more by its own outline: a base pushed against a fitted one, its
                # shared side no edge of the blob (``_beside``).
                best = self._beside(at, explained, bases)
            if best is not None and accept(*best):
                break
            if could_be_obstacle and len(cleared) > tried:
                tried = len(cleared)
                if self._leftover(at, cleared, det, placed, lambda outline, e=explained: (
                        self._ship_in(outline, at, e, rng, blob_mm2))):
                    # An obstacle beside the pieces: search what is left (another obstacle
                    # may be there too: the rest is matched again).
                    tried = len(cleared) - 1
                    at.discs_only = False  # an obstacle beside the pieces
                    explained |= _within(next(iter(cache.values()))[2], placed[-1][3], 3.0)
                    placed[-1] = placed[-1][:3]
                    for _, _, _, raster in cache.values():
                        raster.clear(*cleared[-1])
                    continue
            if best is None:
                break
        return placed

    def _corners_cut(self, fit: Fit, at, pending: list | None) -> int:
        """How many of a base fit's seen corners lie more than ``CORNER_OUT_MM`` outside the
        pending obstacle match's outline (0 without one, or for a disc)."""
        if not pending or fit.kind != "rect":
            return 0
        top = not (fit.walls if isinstance(fit.walls, bool) else any(fit.walls))
        raster = at(fit.height_mm, fit.floor_mm, top)[3]
        pose = np.array([fit.x_mm, fit.y_mm, fit.axis_deg])
        pts = corner_points(pose, *fit.size_mm)[seen_corner_mask(raster, pose, *fit.size_mm)]
        if not len(pts):
            return 0
        ring = shapely.Polygon(pending[0][6])
        out = ~shapely.contains_xy(ring, pts[:, 0], pts[:, 1]) & (
            shapely.distance(ring.exterior, shapely.points(pts)) > CORNER_OUT_MM)
        return int(out.sum())

    def _ship_in(self, outline: np.ndarray, at, explained: np.ndarray, rng, blob_mm2: float
                 ) -> bool:
        """Whether the best piece left in the blob is a ship's base centred inside
        ``outline`` (M, 2) mm and seen and fitted as a fair obstacle match's must be to lose
        to it (``SHIP_OVER_FAIR_OBSTACLE``): a weaker obstacle match there
        (``_leftover.beyond_overhang``) is that ship's base and miniature (tuning seed 1062: a
        Hammerhead beside a Hardcell, 0.58; the token fit on held-out seed 5010's dust field
        0.08)."""
        best = self._best_piece(at, explained, rng, blob_mm2)
        return best is not None and best[1] == "rect" and (
            best[0].merit - best[0].rms_mm >= SHIP_OVER_FAIR_OBSTACLE) and bool(shapely.contains_xy(
                shapely.Polygon(outline), best[0].x_mm, best[0].y_mm))

def corrected_contour(c0: np.ndarray, ch: np.ndarray, nadir_mm: np.ndarray) -> np.ndarray:
    """Each contour point on the plane its wall implies: z = 0 where the outline's outward
    normal faces the camera's nadir (the wall is seen; its foot is the silhouette), else the
    top plane. (N, 2) mm."""
    if len(ch) < 5:
        return ch
    facing = (contour_normals(ch, k=3) * (nadir_mm - ch)).sum(axis=1) > 0
    return np.where(facing[:, None], c0, ch)


def _all_known(placed: list[tuple], seeds: tuple, hints: tuple, seeds_complete: bool,
               hints_complete: bool) -> bool:
    """Whether a blob's search found what the live path knew it holds and nothing else: its
    plan said the seeds, or the hints' pieces, are all it holds (``seeds_complete``; ``hints``
    with ``hints_complete``), and as many pieces were ``placed`` (``(kind, spec, pose)``) as
    it knew of, among them each hinted size (seeds of a blob with hints and
    ``seeds_complete`` are where its hinted pieces are predicted, not more pieces)."""
    if not (seeds_complete or (hints and hints_complete)):
        return False
    want = len(hints) if hints and seeds_complete else len(seeds) + len(hints)
    sizes = {(p[0], p[1]) for p in placed}
    return len(placed) == want and all((k, sp) in sizes for k, sp in hints)


def _placed_again(placed: list[tuple], before: list, after: list) -> list[tuple]:
    """``placed`` (pieces ``(kind, spec, pose, ...)``) with each obstacle whose detection in
    ``before`` was replaced in ``after`` (the same list, in order, after
    ``_squadrons_on`` matched tokens again with the bases across them hidden) at its new id,
    side and pose: the live path finds a held obstacle's detection by its placed pose."""
    new = {(o.obstacle, o.flipped, o.x_mm, o.y_mm): n for o, n in zip(before, after) if n is not o}
    if not new:
        return placed
    out = []
    for p in placed:
        n = new.get((*p[1], float(p[2][0]), float(p[2][1]))) if p[0] == "obstacle" else None
        if n is not None:
            p = ("obstacle", (n.obstacle, n.flipped),
                 np.array([n.x_mm, n.y_mm, n.heading_deg]), *p[3:])
        out.append(p)
    return out


def _within(pts: np.ndarray, outline: np.ndarray, dist_mm: float) -> np.ndarray:
    """Whether each point (N, 2) lies within ``dist_mm`` of the closed polyline ``outline``
    (M, 2), mm; (N,) bool. GEOS does the N x M distances in C (no (N, M, 2) temporaries)."""
    ring = shapely.LinearRing(np.asarray(outline, np.float64))
    return shapely.dwithin(ring, shapely.points(np.asarray(pts, np.float64)), dist_mm)
