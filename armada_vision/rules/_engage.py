"""Squadron engagement (RRG "Engagement", p.6; armada-rules.md 1.5.2)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from armada_vision.catalog import Catalog
from armada_vision.scene import Scene

from ._attack import frame_for
from ._frame import Frame
from ._lines import PROBE_MM, combine_margins, obstructers_on
from ._ruleset import Ruleset, parse_ruleset


def _los_points(f: Frame, a: np.ndarray, b: np.ndarray, rs: Ruleset):
    ca, cb = f.centre[a], f.centre[b]
    if rs.squadron_los != "closest":
        return ca, cb
    v = cb - ca
    n = np.hypot(v[:, 0], v[:, 1])
    n[n < 1e-12] = 1.0
    u = v / n[:, None]
    return ca + u * f.r[a][:, None], cb - u * f.r[b][:, None]


class Engagement(NamedTuple):
    """One ordered pair of enemy squadrons: engaged or not, and how sure (RRG p.6).

    ``distance_mm``: closest points of the two bases. ``obstructed_by``: what the line of
    sight between them crosses (only looked at within distance 1). ``margin_mm``: how far a
    piece must move to flip ``engaged``: the distance from the distance-1 line and, at distance
    1, how far the line of sight is from touching an obstructer (obstructed: the depth of the
    deepest crossing, all must clear).
    """

    squadron: str
    enemy: str
    distance_mm: float
    engaged: bool
    obstructed_by: tuple[str, ...]
    margin_mm: float

    def to_json(self) -> dict:
        return {"squadron": self.squadron, "enemy": self.enemy,
                "distance_mm": round(float(self.distance_mm), 3), "engaged": bool(self.engaged),
                "obstructed_by": list(self.obstructed_by),
                "margin_mm": round(float(self.margin_mm), 3)}


def engagement_rows_for_frame(f: Frame, catalog: Catalog, rs: Ruleset) -> list[Engagement]:
    """Every ordered pair of enemy squadrons of the frame, in scene order (see
    :class:`Engagement`)."""
    sq = np.nonzero(f.is_sq)[0]
    if len(sq) < 2:
        return []
    A, B = np.meshgrid(sq, sq, indexing="ij")
    A, B = A.ravel(), B.ravel()
    keep = f.player[A] != f.player[B]
    A, B = A[keep], B[keep]
    if not len(A):
        return []
    d = np.maximum(np.hypot(*(f.centre[A] - f.centre[B]).T) - f.r[A] - f.r[B], 0.0)
    d1 = catalog.ruler.distance_bands_mm[0]
    # Distance 1: closest point to closest point, the band edge belongs to distance 1 (p.15).
    close = np.nonzero(d <= d1)[0]
    margin = np.abs(d - d1)
    hits: dict[int, list[str]] = {}
    if len(close):
        a, b = A[close], B[close]
        p, q = _los_points(f, a, b, rs)
        none = -np.ones((len(a), 1), dtype=int)
        ex_sq = np.stack([f.sq_idx[a], f.sq_idx[b]], axis=1)
        probe = np.minimum(margin[close], PROBE_MM)
        li, mi, touches, dist, depth = obstructers_on(f, p, q, np.hstack([none, none]), ex_sq,
                                                      probe_mm=probe)
        ob_m = combine_margins(len(close), li, touches, depth, dist)
        margin[close] = np.minimum(margin[close], ob_m)
        for t, m in zip(li[touches].tolist(), mi[touches].tolist()):
            ids = hits.setdefault(int(close[t]), [])
            if f.ob_id[m] not in ids:
                ids.append(f.ob_id[m])
    out = []
    for k, (a, b) in enumerate(zip(A.tolist(), B.tolist())):
        ob = tuple(hits.get(k, ()))
        out.append(Engagement(f.piece[a], f.piece[b], float(d[k]),
                              bool(d[k] <= d1 and not ob), ob, float(margin[k])))
    return out


def engagements_for_frame(f: Frame, catalog: Catalog, rs: Ruleset) -> dict[str, list[str]]:
    """Every squadron id -> the enemy squadron ids engaged with it (scene order)."""
    out: dict[str, list[str]] = {f.piece[i]: [] for i in np.nonzero(f.is_sq)[0]}
    for e in engagement_rows_for_frame(f, catalog, rs):
        if e.engaged:
            out[e.squadron].append(e.enemy)
    return out


def engagement_checks(scene: Scene, catalog: Catalog, ruleset: Ruleset | str | None = None
                      ) -> list[Engagement]:
    """Every ordered pair of enemy squadrons with its engagement verdict and ``margin_mm``.

    Engaged: at distance 1 (closest points of the bases; the line belongs to distance 1) and
    the line of sight between them not obstructed (RRG "Engagement", p.6; LOS points as for
    their attacks: centres in 1.6, closest points in 1.5). Squadrons whose class is unknown
    are skipped.
    """
    rs = ruleset if isinstance(ruleset, Ruleset) else parse_ruleset(ruleset)
    return engagement_rows_for_frame(frame_for(scene, catalog, rs), catalog, rs)


def engagements(scene: Scene, catalog: Catalog, ruleset: Ruleset | str | None = None
                ) -> dict[str, list[str]]:
    """Every squadron id -> enemy squadron ids engaged with it.

    Engaged: at distance 1 (closest points of the bases) of an enemy squadron, unless the line of
    sight between them is obstructed (by an obstacle or a ship; by squadrons only under the house
    rule ``squadrons-obstruct``). Squadrons never engage ships or friendly squadrons.
    """
    rs = ruleset if isinstance(ruleset, Ruleset) else parse_ruleset(ruleset)
    return engagements_for_frame(frame_for(scene, catalog, rs), catalog, rs)


def engaged_with(scene: Scene, catalog: Catalog, ruleset: Ruleset | str | None,
                 squadron_id: str) -> list[str]:
    """Enemy squadron ids engaged with ``squadron_id`` (RRG p.6). ``KeyError`` if it is absent."""
    scene.squadron(squadron_id)
    return engagements(scene, catalog, ruleset).get(squadron_id, [])
