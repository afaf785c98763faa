"""Squadron bases on, half on or against an obstacle token matched in a blob (issue 5): found
by their ring (``_on_token``), and the token matched again with them hidden. A mixin of
:class:`~armada_vision.vision.detect._explain.BlobExplainer`."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import shapely

from ._explain_match import MIN_OBSTACLE_IOU
from ._judge import confidence
from ._obstacles import _model as _obstacle_model
from ._obstacles import _place as _place_obstacle
from ._obstacles import match_obstacle
from ._on_token import _top_mm, ring_refit, squadrons_on_token
from ._pass import FineBlob
from ._types import Detections, ObstacleDetection, SquadronDetection

# A squadron base's disc is hidden from an obstacle's outline with this margin (mm): its
# pose error and the blur of the contact (as ``_leftover.HIDE_MARGIN_MM``).
HIDE_MM = 1.5


class TokenSquadrons:
    """Reads the detector's ``catalog``, ``camera``, ``discs``, ``px_per_mm`` and the blob
    outlines of :class:`~armada_vision.vision.detect._explain.BlobExplainer`."""

    def _squadrons_on(self, fb: FineBlob, det: Detections, obstacles: list,
                      held: set | frozenset = frozenset(), known: bool = False) -> None:
        """Squadron bases on, half on or against the ``obstacles`` matched in blob ``fb``.

        Bases the search found in the blob beside a token are placed again by their ring
        (``_on_token.ring_refit``: the outline they share with the token pulls them towards
        it), the others are looked for by it (``_on_token.squadrons_on_token``) and appended
        to ``det.squadrons``. A token whose outline a base crosses or touches is matched again
        with the bases hidden (``match_obstacle``'s ``hidden``), and its confidence is that
        match's overlap times the seen fraction of its outline: it is placed on less of it.
        A token held in the blob (``held``: ids of detections the live path carried over,
        ``_liveplan._held``, whose outline saw no change) is not matched again: a base put on
        or against it does not move it, and where no base covers it its outline is what it
        was (``_liveplan.covered_by`` checks that after the search, else the blob is searched
        afresh). It keeps its pose, its confidence is its unhidden one times the seen
        fraction (:meth:`_keep_held`; the re-match cost 2/3 of fresh 7002's moved frame).
        ``known``: the live path knew every piece the blob holds and the search found them
        (``_explain``): no base besides them is looked for round a held token (a squadron on
        or by it before is among them; the ring search cost 9-16 ms of held-out 5008's and
        5010's moved frames, a ship moved against the token). The bases are not returned as pieces placed in the blob: the live path looks for them
        again with the token whenever the blob changes."""
        image = getattr(fb, "image", None)
        if image is None or not self.discs:
            return
        blob_px = np.asarray(fb.blob.contour_px, np.float64)
        blob = shapely.Polygon(blob_px).buffer(0)
        w_mm, h_mm = self.play_area_mm
        for ob in obstacles:
            cls = self.catalog.obstacles.get(ob.obstacle)
            if cls is None or len(ob.outline_mm) < 3 or not (
                    0.0 <= ob.x_mm <= w_mm and 0.0 <= ob.y_mm <= h_mm):
                continue  # (off the play area it is no obstacle: a table marker's sheet)
            token_mm = np.asarray(ob.outline_mm, np.float64)
            token = shapely.Polygon(token_mm).buffer(0)
            mine = []  # (index in det.squadrons, spec) of bases in this blob by the token
            for i, q in enumerate(det.squadrons):
                spec = min(self.discs, key=lambda d, q=q: abs(d.diameter_mm - q.diameter_mm))
                at_px = self.camera.table_to_image(np.array([[q.x_mm, q.y_mm]]), spec.height_mm)
                if (shapely.contains_xy(blob, at_px[0, 0], at_px[0, 1]) and shapely.Point(
                        q.x_mm, q.y_mm).distance(token) < spec.diameter_mm / 2.0 + 3.0):
                    mine.append((i, spec))
            for i, spec in mine:
                q = det.squadrons[i]
                got = ring_refit(image, fb.offset, self.camera, token_mm, cls.thickness_mm,
                                 spec.diameter_mm / 2.0, spec.height_mm, (q.x_mm, q.y_mm))
                if got is not None and math.hypot(got[0] - q.x_mm, got[1] - q.y_mm) <= 4.0:
                    det.squadrons[i] = dataclasses.replace(q, x_mm=got[0], y_mm=got[1])
            for spec in () if known and id(ob) in held else self.discs:
                taken = [(q.x_mm, q.y_mm, q.diameter_mm / 2.0) for q in det.squadrons]
                for x, y, arc, _ in squadrons_on_token(
                        image, fb.offset, self.camera, token_mm, cls.thickness_mm,
                        spec.diameter_mm / 2.0, spec.height_mm, self.px_per_mm, blob_px, taken):
                    mine.append((len(det.squadrons), spec))
                    det.squadrons.append(SquadronDetection(
                        x, y, spec.diameter_mm, confidence(arc, 0.0), coverage=arc))
            top = max(o.thickness_mm for o in self.catalog.obstacles.values())
            across = [self._disc_seen_at(det.squadrons[i], spec, token, cls.thickness_mm, top)
                      for i, spec in mine if shapely.Point(
                          det.squadrons[i].x_mm, det.squadrons[i].y_mm).distance(
                          token.exterior) < spec.diameter_mm / 2.0 + 1.0]
            if across and id(ob) in held:
                self._keep_held(det, ob, shapely.union_all(across))
            elif across:
                self._rematch_obstacle(fb, det, ob, shapely.union_all(across))

    def _keep_held(self, det: Detections, ob: ObstacleDetection, discs) -> None:
        """A held token ``ob`` with squadron bases ``discs`` (shapely, mm) across its outline:
        replaced in ``det`` at its pose with its unhidden confidence (as it was matched, from
        :attr:`_unhidden` when it was placed with bases across it) times the fraction of its
        outline they leave seen."""
        seen = _seen_fraction(ob.outline_mm, discs.buffer(HIDE_MM))
        key = (ob.obstacle, ob.flipped, ob.x_mm, ob.y_mm, ob.heading_deg)
        conf = self._unhidden_confidence(key, ob.confidence)
        k = next((j for j, o in enumerate(det.obstacles) if o is ob), None)
        if k is not None:
            det.obstacles[k] = dataclasses.replace(ob, confidence=float(conf * seen))

    def _unhidden_confidence(self, key: tuple, conf: float | None = None) -> float:
        """The confidence of the token placed at ``key`` (id, flipped, x, y, heading) as its
        match gave it, before the seen fraction of its outline: recorded when ``conf`` is
        given and the key is new, else the recorded one."""
        book = self.__dict__.setdefault("_unhidden", {})
        if key not in book:
            if len(book) >= 512:
                book.clear()  # (a token's entry is needed while it is held: a few frames)
            book[key] = conf
        return book[key]

    def _disc_seen_at(self, q, spec, token, thickness_mm: float, plane_mm: float):
        """Where squadron base ``q`` covers the frame, on the table plane at ``plane_mm``
        (the obstacle contours'): its outline from its underside (on the token, tilted, or
        on the mat, as ``_on_token._top_mm``) to its top, seen from the camera (parallax)."""
        r = spec.diameter_mm / 2.0
        z_top = _top_mm(token, (q.x_mm, q.y_mm), r, spec.height_mm, thickness_mm)
        circle = np.asarray(shapely.Point(q.x_mm, q.y_mm).buffer(r, quad_segs=8).exterior.coords)
        pts = [self.camera.image_to_table(self.camera.table_to_image(circle, z), plane_mm)
               for z in (z_top - spec.height_mm, z_top)]
        return shapely.MultiPoint(np.vstack(pts)).convex_hull

    def _match_hiding(self, fb: FineBlob, obstacles: dict, discs):
        """The best match (``match_obstacle``'s tuple) among ``obstacles`` of the blob's
        outline with ``discs`` (squadron bases across or against it, a shapely geometry in
        mm) hidden, on the plain edges and on the token's own (the bases' shadows left out);
        ``(match, seen)`` with ``seen`` the fraction of its outline not hidden, or None."""
        top = max(o.thickness_mm for o in self.catalog.obstacles.values())
        hidden = discs.buffer(HIDE_MM, quad_segs=4)
        m = None
        for contour in (self._contours(fb, top)[1], self._token_contour(fb, top)):
            if contour is None or len(contour) < 3:
                continue
            rest = shapely.Polygon(contour).buffer(0).difference(hidden)
            if rest.is_empty:
                continue
            if rest.geom_type != "Polygon":
                rest = max(rest.geoms, key=lambda g: g.area)
            got = match_obstacle(np.asarray(rest.exterior.coords)[:-1], obstacles, hidden=hidden)
            if got is not None and (m is None or got[5] + got[7] > m[5] + m[7]):
                m = got
        if m is None:
            return None
        return m, _seen_fraction(m[6], hidden)

    def _rematch_obstacle(self, fb: FineBlob, det: Detections, ob: ObstacleDetection,
                          discs) -> None:
        """Place ``ob`` again knowing the squadron bases ``discs`` (their footprints as the
        frame shows them, a shapely geometry in mm) across or against its outline: the
        outline and pose that best explain the blob with the bases (IoU of the blob, on the
        token's own edges, with their union), refined by a pattern search (1, 0.5, 0.25 mm
        and deg) from its match and from the best matches with the bases hidden
        (:meth:`_match_hiding`) of its own outline and of the whole catalog: a base over a
        token's end changed its outline enough to match a look-alike (a purrgil as a dust
        field, an exogorth as the other), and hidden alone an outline slides under the bases
        at no cost. Replaces it in ``det`` when that explains the blob better, its confidence
        then its match's times the seen fraction of its outline."""

        top = max(o.thickness_mm for o in self.catalog.obstacles.values())
        contour = self._token_contour(fb, top)
        if contour is None or len(contour) < 3:
            contour = self._contours(fb, top)[1]
        blob = shapely.make_valid(shapely.Polygon(contour))

        def explains(model, mc, pose) -> float:
            try:
                both = shapely.union(_place_obstacle(model, mc, (pose[0], pose[1]), pose[2]),
                                     discs)
                return shapely.area(shapely.intersection(blob, both)) / max(
                    shapely.area(shapely.union(blob, both)), 1e-9)
            except shapely.errors.GEOSException:
                return 0.0  # (a ring GEOS cannot intersect here: this pose is not taken)

        starts = [(ob.obstacle, ob.flipped, np.array([ob.x_mm, ob.y_mm, ob.heading_deg]),
                   ob.confidence)]
        for pool in ({ob.obstacle: self.catalog.obstacles[ob.obstacle]},
                     dict(self.catalog.obstacles)):
            got = self._match_hiding(fb, pool, discs)
            if got is not None and got[0][5] >= MIN_OBSTACLE_IOU:
                m = got[0]
                starts.append((m[0], m[4], np.array(m[1:4], np.float64), m[5]))
        best = None
        for k, (oid, flipped, pose, conf) in enumerate(starts):
            model, mc, _ = _obstacle_model(oid, self.catalog.obstacles[oid], flipped)
            score = explains(model, mc, pose)
            first = score
            for step in (1.0, 0.5, 0.25):
                moved = True
                while moved:
                    moved = False
                    for d in np.vstack([np.eye(3), -np.eye(3)]) * step:
                        v = explains(model, mc, pose + d)
                        if v > score + 1e-6:
                            pose, score, moved = pose + d, v, True
            if k == 0:
                plain = first
            if best is None or score > best[0]:
                best = (score, oid, flipped, pose, model, mc, conf)
        score, oid, flipped, pose, model, mc, conf = best
        if score <= plain + 1e-6:
            return
        tok = _place_obstacle(model, mc, (pose[0], pose[1]), pose[2])
        seen = _seen_fraction(tok.exterior.coords, discs.buffer(HIDE_MM))
        k = next((j for j, o in enumerate(det.obstacles) if o is ob), None)
        self._unhidden_confidence((oid, flipped, float(pose[0]), float(pose[1]),
                                   float(pose[2]) % 360.0), float(conf))
        if k is not None:
            det.obstacles[k] = ObstacleDetection(
                oid, float(pose[0]), float(pose[1]), float(pose[2]) % 360.0, flipped,
                float(conf * seen), tuple(map(tuple, np.asarray(tok.exterior.coords)[:-1])),
                ob.piece_id)

    def _token_under_squadrons(self, fb: FineBlob, det: Detections, part: Detections,
                               placed: list) -> list[tuple] | None:
        """A blob in which the search found no ship and no obstacle (``part``: what it found,
        ``placed`` as :meth:`_explain` returns) but whose outline nearly matched an obstacle
        (``fb.near_match``, band overlap >= ``_explain_match.NEAR_OBSTACLE_IOU``): a token with squadron
        bases half on or against it bending its outline. The squadrons found are placed again
        by their ring and more are looked for by it round that outline; when one crosses or
        touches it, the token is matched again with them hidden over the whole catalog, and
        taken with them when that match is good (``_explain_match.MIN_OBSTACLE_IOU``), then placed
        with them (:meth:`_rematch_obstacle`). Appends to ``det`` and returns the pieces
        placed (the obstacle and the discs the search placed), or None (nothing appended)."""

        m = getattr(fb, "near_match", None)
        image = getattr(fb, "image", None)
        if m is None or image is None or not self.discs or part.ships or part.obstacles:
            return None
        w_mm, h_mm = self.play_area_mm
        if not (0.0 <= m[1] <= w_mm and 0.0 <= m[2] <= h_mm):
            return None
        cls = self.catalog.obstacles[m[0]]
        token_mm = np.asarray(m[6], np.float64)
        token = shapely.Polygon(token_mm).buffer(0)
        top = max(o.thickness_mm for o in self.catalog.obstacles.values())
        found = []
        for q in part.squadrons:
            spec = min(self.discs, key=lambda d, q=q: abs(d.diameter_mm - q.diameter_mm))
            got = ring_refit(image, fb.offset, self.camera, token_mm, cls.thickness_mm,
                             spec.diameter_mm / 2.0, spec.height_mm, (q.x_mm, q.y_mm))
            if got is not None and math.hypot(got[0] - q.x_mm, got[1] - q.y_mm) <= 4.0:
                q = dataclasses.replace(q, x_mm=got[0], y_mm=got[1])
            found.append((q, spec))
        for spec in self.discs:
            for x, y, arc, _ in squadrons_on_token(
                    image, fb.offset, self.camera, token_mm, cls.thickness_mm,
                    spec.diameter_mm / 2.0, spec.height_mm, self.px_per_mm,
                    np.asarray(fb.blob.contour_px, np.float64),
                    [(q.x_mm, q.y_mm, q.diameter_mm / 2.0) for q, _ in found]):
                found.append((SquadronDetection(x, y, spec.diameter_mm, confidence(arc, 0.0),
                                                coverage=arc), spec))
        across = [self._disc_seen_at(q, spec, token, cls.thickness_mm, top) for q, spec in found
                  if shapely.Point(q.x_mm, q.y_mm).distance(token.exterior)
                  < spec.diameter_mm / 2.0 + 1.0]
        if not across:
            return None
        discs = shapely.union_all(across)
        got = self._match_hiding(fb, dict(self.catalog.obstacles), discs)
        if got is None or got[0][5] < MIN_OBSTACLE_IOU:
            return None
        (oid, x, y, hd, flipped, band, outline, _), seen = got
        det.obstacles.append(ObstacleDetection(oid, x, y, hd, flipped, float(band * seen),
                                               outline))
        self._rematch_obstacle(fb, det, det.obstacles[-1], discs)
        det.squadrons += [q for q, _ in found]
        ob = det.obstacles[-1]
        return [("obstacle", (ob.obstacle, ob.flipped),
                 np.array([ob.x_mm, ob.y_mm, ob.heading_deg])),
                *(p for p in placed if p[0] == "circle")]


def _seen_fraction(outline_mm, hidden) -> float:
    """The fraction (0-1) of a token's closed outline ``outline_mm`` ((N, 2) mm, the last point
    repeating the first or not) that lies outside ``hidden`` (a shapely geometry, mm)."""
    ring = shapely.LinearRing(np.asarray(outline_mm, np.float64))
    return 1.0 - shapely.intersection(ring, hidden).length / max(ring.length, 1e-9)
