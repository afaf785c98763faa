"""The obstacle-token half of :class:`~._explain.BlobExplainer` (a mixin): a blob's outline on
the token's own edges, an obstacle held in a blob, and an obstacle in what the pieces fitted in
a blob leave of it (``_leftover``)."""

from __future__ import annotations

import cv2
import numpy as np
import shapely

from ._edges import refine_edges
from ._leftover import MIN_REST, beyond_overhang, leftover_obstacle
from ._obstacles import _model as _obstacle_model
from ._obstacles import blob_polygon, match_obstacle
from ._pass import FineBlob
from ._types import Detections, ObstacleDetection

# An obstacle outline is matched a second time on its edges found on the colour distance less
# a cast shadow's, when those edges lie this far (px, median) from the plain ones. Held-out and fresh seeds, lone blobs:
# tokens on cloth and wood 0.85-3.0 px (35 of 54, their soft shadow; the rest under 0.45),
# on the starfield under 0.05 (25 of 27); ship blobs 27 of 115 at 0.75 or more (up to 2.5),
# where the second match costs one catalog match, ~25 ms.
TOKEN_EDGE_PX = 0.75

# A dark candidate (``_darktoken``) is an obstacle when its outline matches one this well, band
# overlap and plain IoU both (the whole blob's match needs one of them): the tuning seeds'
# dark cloth tokens 1.0 / 0.92-0.96, the held-out one 1.0 / 0.92; a ship's dark region there
# 0.73 / 0.72.
DARK_TOKEN_BAND = 0.93
DARK_TOKEN_PLAIN = 0.85
# Foreground fragments with this fraction of their outline inside a dark token found (grown by
# ``DARK_TOKEN_GROW_MM``) are its print, not searched as pieces.
DARK_TOKEN_UNDER = 0.8
DARK_TOKEN_GROW_MM = 2.0
# ``_obstacles.match_obstacle`` simplifies a blob's region by this much (mm) before its overlaps,
# and matches none under this area (mm2).
MATCH_SIMPLIFY_MM = 0.3
MATCH_MIN_MM2 = 50.0


class TokenOutlines:
    """Reads the detector's ``catalog``, ``camera`` and ``min_obstacle_mm2``, and
    ``_contours`` (:class:`~._explain.BlobExplainer`)."""

    def _token_contour(self, fb: FineBlob, height_mm: float) -> np.ndarray | None:
        """The blob's outline (N, 2) mm on the plane ``height_mm`` with its sub-pixel edges
        on the colour distance less a cast shadow's (``FineBlob.token_distance``), or
        ``None`` when that moves no edge by ``TOKEN_EDGE_PX`` or more (median): a dark base's
        edges, a token without a shadow round it."""
        if getattr(fb, "token_distance", None) is None:
            return None
        px = getattr(fb, "token_px", None)
        if px is None:
            ox, oy = fb.offset
            px = refine_edges(fb.blob.contour_px - (ox, oy), fb.token_distance) + (ox, oy)
            self._contours(fb, height_mm)  # fb.edges_px, the plain distance's edges
            moved = float(np.median(np.linalg.norm(px - fb.edges_px, axis=1)))
            fb.token_px = px = px if moved >= TOKEN_EDGE_PX else False
        if px is False:
            return None
        return self.camera.image_to_table(px, height_mm)

    def _top_mm(self) -> float:
        """The thickest obstacle token's top (mm): the plane obstacle outlines are matched on."""
        return max(o.thickness_mm for o in self.catalog.obstacles.values())

    def _in_blob(self, at, seed: tuple) -> bool:
        """Whether a held obstacle ``("obstacle", key, pose, detection)`` lies in this blob
        (not in another one cut from the same coarse blob): most of its outline's corners are
        inside the blob or within 3 mm of its outline."""
        raster = at(self._top_mm())[3]
        pts = np.asarray(seed[3].outline_mm, np.float64).reshape(-1, 2)
        return bool(len(pts)) and float(np.mean(raster.is_inside(pts)
                                                | (raster.distance(pts) <= 3.0))) >= 0.5

    def _leftover(self, at, cleared: list, det: Detections, placed: list,
                  ship_in=None) -> bool:
        """An obstacle in what the pieces fitted so far (``cleared``) leave of the blob
        (``_leftover.leftover_obstacle``, else ``beyond_overhang`` unless ``ship_in(outline)``,
        given, says a ship's base is seen there): appends it to ``det`` and ``placed`` (with
        its outline as a fourth item) and its outline to ``cleared``, and drops the discs
        fitted inside its outline (its round ends). Whether one was found."""
        if min(e[3].unexplained_area_mm2() for e in at.cache.values()) < (
                MIN_REST * self.min_obstacle_mm2):
            return False
        top = max(o.thickness_mm for o in self.catalog.obstacles.values())
        args = (at(top)[1], cleared, dict(self.catalog.obstacles), self.min_obstacle_mm2)
        m = leftover_obstacle(*args)
        if m is None and ship_in is not None:
            m = beyond_overhang(*args)
            if m is not None and ship_in(np.asarray(m[6])):
                m = None
        if m is None:
            return False
        oid, x, y, hd, flipped, iou, outline, _ = m
        ring = shapely.Polygon(outline)
        det.obstacles.append(ObstacleDetection(oid, x, y, hd, flipped, iou, outline))
        det.squadrons[:] = [q for q in det.squadrons
                            if not shapely.contains_xy(ring, q.x_mm, q.y_mm)]
        placed[:] = [p for p in placed if p[0] != "circle"
                     or not shapely.contains_xy(ring, p[2][0], p[2][1])]
        placed.append(("obstacle", (oid, flipped), np.array([x, y, hd]), outline))
        cleared.append((np.asarray(outline), 1.5))
        return True

    def _explain_region(self, fbs: list, darks: list, det: Detections,
                        rng: np.random.Generator, **plan) -> list[tuple]:
        """One coarse blob's full-resolution blobs ``fbs`` explained (``_explain``, with the
        live path's ``plan`` keywords), after its dark token candidates ``darks``
        (``_darktoken``): one whose outline matches a catalog obstacle well
        (``DARK_TOKEN_BAND`` and ``DARK_TOKEN_PLAIN``) is that obstacle, and the fragments
        lying in it (``DARK_TOKEN_UNDER``) are its print. An obstacle centred off the play
        area is not one (RRG "Setup": obstacles are placed beyond distance 3 of its edges and
        only effects move them, never off it): the table markers' sheets just outside its
        corners matched token outlines (rendered empty tables, 10 of 36). Returns what
        ``_explain`` does."""
        first = len(det.obstacles)
        placed = self._dark_tokens_and_blobs(fbs, darks, det, rng, **plan)
        det.obstacles[first:] = [o for o in det.obstacles[first:]
                                 if self._in_play(o.x_mm, o.y_mm)]
        return [p for p in placed if p[0] != "obstacle" or self._in_play(p[2][0], p[2][1])]

    def _in_play(self, x_mm: float, y_mm: float) -> bool:
        w_mm, h_mm = self.play_area_mm
        return 0.0 <= x_mm <= w_mm and 0.0 <= y_mm <= h_mm

    def _dark_tokens_and_blobs(self, fbs: list, darks: list, det: Detections,
                               rng: np.random.Generator, **plan) -> list[tuple]:
        placed: list = []
        rings = []
        for cand in darks:
            top = self._top_mm()
            contour = self._contours(cand, top)[1]
            held = next((s for s in plan.get("seeds", ()) if s[0] == "obstacle" and len(s) > 3
                         and _lies_in(contour, s[3].outline_mm)), None)
            if held is not None:
                # A dark token held where it was (``_liveplan``: its outline saw no change, or
                # what changed lies under the pieces found beside it): it stands as it was
                # measured, its print taken out with it, and is not matched again (held-out
                # 5010's hand frame 5: a purrgil whose blob the hand's shadow shifted 2.6 mm,
                # so it was not the same blob, re-matched to the same pose, ~12 ms).
                det.obstacles.append(held[3])
                placed.append(held[:3])
                rings.append(shapely.Polygon(held[3].outline_mm).buffer(DARK_TOKEN_GROW_MM))
                plan = {**plan, "seeds": tuple(s for s in plan["seeds"] if s is not held)}
                continue
            if not _plain_iou_possible(contour, self.catalog.obstacles, DARK_TOKEN_PLAIN):
                continue  # no outline of the catalog is of its area (the match would say so)
            m = match_obstacle(contour, dict(self.catalog.obstacles))
            if m is None or m[5] < DARK_TOKEN_BAND or m[7] < DARK_TOKEN_PLAIN:
                continue
            oid, x, y, hd, flipped, iou, outline, _ = m
            det.obstacles.append(ObstacleDetection(oid, x, y, hd, flipped, iou, outline))
            placed.append(("obstacle", (oid, flipped), np.array([x, y, hd])))
            rings.append(shapely.Polygon(outline).buffer(DARK_TOKEN_GROW_MM))
        if len(fbs) > 1 and plan.get("hints") and plan.get("hints_complete"):
            # The parts that hold none of the seeds first: the moved pieces (the hints) are
            # most likely there, and once they are found the parts holding the seeds are not
            # searched for them (``_rest_of_plan``; fresh 7008: the held large ship's part was
            # searched at the moved small one's size and then in full, ~35 ms, before the
            # small one's part was).
            fbs = sorted(fbs, key=lambda fb: self._holds_seed(fb, plan.get("seeds", ())))
        for fb in fbs:
            if rings:
                pts = self.camera.image_to_table(fb.blob.contour_px, self._top_mm())
                inside = np.zeros(len(pts), bool)
                for ring in rings:
                    inside |= shapely.contains_xy(ring, pts[:, 0], pts[:, 1])
                if inside.mean() >= DARK_TOKEN_UNDER:
                    continue
            got = self._explain(fb, det, rng, **plan)
            placed += got
            plan = _rest_of_plan(plan, got)
        return placed

    def _holds_seed(self, fb: FineBlob, seeds: tuple) -> bool:
        """Whether the centre of one of ``seeds`` (``(kind, spec, pose, ...)``, pose in table
        mm) lies in the full-resolution blob ``fb``'s outline, on its piece's height plane (an
        obstacle's: the thickest token's top)."""
        contour = fb.blob.contour_px.astype(np.float32).reshape(-1, 1, 2)
        for s in seeds:
            h = getattr(s[1], "height_mm", None)
            px = self.camera.table_to_image(np.asarray(s[2][None, :2], np.float64),
                                            self._top_mm() if h is None else float(h))[0]
            if cv2.pointPolygonTest(contour, (float(px[0]), float(px[1])), False) >= 0:
                return True
        return False


def _lies_in(contour_mm: np.ndarray, outline_mm) -> bool:
    """Whether at least ``DARK_TOKEN_UNDER`` of the points (N, 2) mm lie in the outline (M, 2)
    mm grown by ``DARK_TOKEN_GROW_MM`` (what a dark token's print is held to)."""
    pts = np.asarray(contour_mm, np.float64)
    ring = shapely.Polygon(outline_mm).buffer(DARK_TOKEN_GROW_MM)
    return bool(len(pts)) and float(
        shapely.contains_xy(ring, pts[:, 0], pts[:, 1]).mean()) >= DARK_TOKEN_UNDER


def _plain_iou_possible(contour_mm: np.ndarray, obstacles: dict, plain_min: float) -> bool:
    """Whether some catalog obstacle's outline could overlap the region bounded by
    ``contour_mm`` (N, 2) mm with a plain intersection over union of ``plain_min``: an IoU is at
    most the smaller area over the larger, and :func:`._obstacles.match_obstacle` measures it
    on the region (``blob_polygon``) simplified by ``MATCH_SIMPLIFY_MM``, which moves its area
    by at most that times its outline's length. A dark candidate of no token's area was
    matched to the whole catalog for nothing: held-out 5001's hand frame 7, a hand's shadow
    joined to a squadron, 965 mm2 (0.72 of the smallest token's area, plain IoU 0.55), ~8 ms."""
    blob = blob_polygon(contour_mm)
    if blob is None or blob.area < MATCH_MIN_MM2:
        return False
    slack = MATCH_SIMPLIFY_MM * blob.length
    lo, hi = blob.area - slack, blob.area + slack
    for oid, ob in obstacles.items():
        a = _obstacle_model(oid, ob, False)[0].area  # (a mirror image has the same area)
        if (min(a, hi) / max(a, lo, 1e-9)) >= plain_min:
            return True
    return False


def _rest_of_plan(plan: dict, got: list[tuple]) -> dict:
    """The live path's ``plan`` (``_explain``'s keywords) for the rest of a coarse blob's
    full-resolution blobs once one of them held ``got`` (``(kind, spec, pose, ...)``). When the
    plan said its hints (the moved pieces' sizes) are all the blob holds besides its seeds
    (``hints_complete``) and each was found, the other parts hold only their seeds: those are
    confirmed there, and neither the hints' sizes nor the full search are looked for again
    (held-out 5002's moved medium ship and the small one it moved against, one coarse blob
    segmented in two: the small one's part was searched at the medium's size, then in full).
    A hinted size counts as found when ``got`` holds more pieces of it than the seeds (the seeds
    themselves when they are where the hinted pieces are predicted, ``seeds_complete``)."""
    hints = plan.get("hints", ())
    if not hints or not plan.get("hints_complete"):
        return plan
    seeds = plan.get("seeds", ())
    predicted = plan.get("seeds_complete", False)
    for size in hints:
        n = sum(1 for p in got if (p[0], p[1]) == size)
        if n <= (0 if predicted else sum(1 for s in seeds if (s[0], s[1]) == size)):
            return plan
    return {**plan, "seeds_complete": True, "hints": (), "hints_complete": False}
