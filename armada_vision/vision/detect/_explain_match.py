"""The obstacle-token matches of a blob (a mixin of :class:`~._explain.BlobExplainer`): the
blob's outline matched to the catalog's obstacle outlines before any base is tried
(:meth:`ObstacleMatches._match_obstacle`), and an obstacle seen in the same blob in an earlier
frame confirmed where it was (:meth:`ObstacleMatches._confirm_obstacle`)."""

from __future__ import annotations

import numpy as np
import shapely

from ._obstacles import _model as _obstacle_model
from ._obstacles import _place as _place_obstacle
from ._obstacles import band_overlap, blob_polygon, match_obstacle
from ._types import Detections, ObstacleDetection

# An obstacle outline must overlap its blob this well (1 = identical; differences within
# 1.5 mm of the outline are forgiven, _obstacles.band_overlap). On the tuning seeds true
# tokens scored 0.93-1.0, ship and squadron blobs at most 0.915.
MIN_OBSTACLE_IOU = 0.93
# ... or its plain intersection over union this well (a blob with a wide shadow attached).
MIN_OBSTACLE_PLAIN_IOU = 0.85
# ... or this well when no ship base can be fitted in the blob: a ship always stands on a base
# whose edges and square corners show beside its miniature (ship blobs overlap the ship-like
# outlines, purrgils above all, by up to 0.936), while a token whose print partly matches the
# mat loses a bite of its outline (0.85-0.93 on the tuning seeds' wood) and, where something
# is fitted there, it is a disc in one of its round ends.
MIN_OBSTACLE_IOU_NO_BASE = 0.85
# A match under this band overlap, though good enough (``MIN_OBSTACLE_IOU`` or
# ``MIN_OBSTACLE_PLAIN_IOU``), may be a small ship whose miniature makes a ship-like outline
# (purrgils: up to 0.94 band, 0.85 plain): the base search runs first, and the obstacle stands
# unless it finds a base seen as only a ship's is (``_explain.SHIP_OVER_OBSTACLE_MERIT``). Tuning seeds
# 1000-1099: true ship blobs matched 0.85-0.935, true tokens 0.93-1.0.
OBSTACLE_SURE_IOU = 0.97
# A blob that nothing explained is tried as a token with squadrons across its outline when
# its outline matched an obstacle this well (band overlap): under the fair match
# (``MIN_OBSTACLE_IOU_NO_BASE``, 0.85) where a base half on a small token bends its
# outline (tuning seed 1028, purrgil with a squadron half on: 0.845).
NEAR_OBSTACLE_IOU = 0.75
# An obstacle seen before in the same blob stands where it was while its outline there matches
# the blob better than moved by this much (mm, deg): the match's own finest steps are 0.25
# mm and 0.25 deg, its first 1 mm and 1 deg.
OBSTACLE_CONFIRM_MM = 1.0
OBSTACLE_CONFIRM_DEG = 1.0


class ObstacleMatches:
    """The obstacle half of :class:`~._explain.BlobExplainer` (a mixin): it reads the
    detector's ``catalog`` and counts ``confirmed``; ``_token_contour`` is
    :class:`~._explain_token.TokenOutlines`'."""

    def _match_obstacle(self, at, det: Detections, pending: list | None = None):
        """The blob as a catalog obstacle: flat cardboard, its whole outline is seen, so a
        close match of its shape to an outline decides it before any base is tried. Appends
        the detection and returns ``("obstacle", (id, flipped), pose)``, or ``None`` (a match
        under ``OBSTACLE_SURE_IOU`` but at least fair, ``MIN_OBSTACLE_IOU_NO_BASE``, is appended
        to ``pending`` then, when it is given)."""
        top = max(o.thickness_mm for o in self.catalog.obstacles.values())
        m = match_obstacle(at(top)[1], dict(self.catalog.obstacles))
        # The token's own edges, inside its soft shadow: the better match of the two, when it
        # is a good one (a ship's blob, its miniature's shadow left out, matched a debris
        # field fairly there: tuning seed 1041). Also after a sure match on the plain edges:
        # the shadow's halo makes the blob larger than its token, and a larger outline of
        # like shape was then taken (tuning seed 1029's exogorth-2 matched exogorth-1 at band
        # overlap 0.970 in 3 of 4 noise draws, at 0.966 in the fourth, whose own edges
        # matched exogorth-2 at 0.999).
        token = self._token_contour(at.fb, top)
        m2 = None if token is None else match_obstacle(token, dict(self.catalog.obstacles))
        if m2 is not None and _good_match(m2) and (m is None or m2[5] + m2[7] > m[5] + m[7]):
            m = m2
        if m is None or not _good_match(m) or (m[5] < OBSTACLE_SURE_IOU and pending is not None):
            if m is not None and pending is not None and (
                    _good_match(m) or m[5] >= MIN_OBSTACLE_IOU_NO_BASE):
                pending.append(m)
            elif m is not None and m[5] >= NEAR_OBSTACLE_IOU:
                at.fb.near_match = m  # a token with squadrons across its outline? (_explain)
            return None
        oid, x, y, hd, flipped, iou, outline, _ = m
        det.obstacles.append(ObstacleDetection(oid, x, y, hd, flipped, iou, outline))
        return "obstacle", (oid, flipped), np.array([x, y, hd])

    def _confirm_obstacle(self, at, seed, det: Detections):
        """An obstacle found in this blob before, ``("obstacle", (id, flipped), pose)``, if
        its outline there still matches the blob as a match must (``MIN_OBSTACLE_IOU_NO_BASE``
        band overlap or ``MIN_OBSTACLE_PLAIN_IOU``) and better than shifted by
        ``OBSTACLE_CONFIRM_MM`` or turned by ``OBSTACLE_CONFIRM_DEG`` (it did not move):
        appends it and returns the seed, else ``None``."""
        _, (oid, flipped), pose = seed
        ob = self.catalog.obstacles.get(oid)
        if ob is None:
            return None
        top = max(o.thickness_mm for o in self.catalog.obstacles.values())
        model, mc, _ = _obstacle_model(oid, ob, flipped)
        d, t = OBSTACLE_CONFIRM_MM, OBSTACLE_CONFIRM_DEG
        offsets = np.array([[0, 0, 0], [d, 0, 0], [-d, 0, 0], [0, d, 0], [0, -d, 0], [0, 0, t],
                            [0, 0, -t]], float)
        tries = pose[None, :] + offsets
        # On the outline it was matched on: the plain edges' or the token's own (_match_obstacle).
        for contour in (at(top)[1], self._token_contour(at.fb, top)):
            if contour is None:
                return None
            blob = blob_polygon(contour)
            if blob is None:
                continue
            blob = blob.simplify(0.3)
            shapely.prepare(blob)
            band, plain = band_overlap(blob, model, mc, tries[:, :2], tries[:, 2], plain=True)
            score = band + plain
            # (A fair match stands too: the same blob was searched then and held no base.)
            if (band[0] >= MIN_OBSTACLE_IOU_NO_BASE or plain[0] >= MIN_OBSTACLE_PLAIN_IOU) and (
                    score[0] >= score[1:].max()):
                break
        else:
            return None
        x, y, hd = (float(v) for v in pose)
        outline = _place_obstacle(model, mc, (x, y), hd)
        det.obstacles.append(ObstacleDetection(oid, x, y, hd % 360.0, flipped, float(band[0]),
                                               tuple(map(tuple, np.asarray(
                                                   outline.exterior.coords)[:-1]))))
        self.confirmed += 1
        return seed



def _good_match(m) -> bool:
    """Whether an obstacle match (``_obstacles.match_obstacle``'s tuple) is good enough to
    take without a search: band overlap ``MIN_OBSTACLE_IOU`` or plain ``MIN_OBSTACLE_PLAIN_IOU``."""
    return m[5] >= MIN_OBSTACLE_IOU or m[7] >= MIN_OBSTACLE_PLAIN_IOU

