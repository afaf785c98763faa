"""Squadron engagement (RRG "Engagement", p.6; armada-rules.md 1.5.2)."""

from __future__ import annotations

import numpy as np

from armada_vision.catalog import Catalog
from armada_vision.scene import Scene

from ._attack import frame_for
from ._frame import Frame
from ._lines import obstructers_on
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


def engagements_for_frame(f: Frame, catalog: Catalog, rs: Ruleset) -> dict[str, list[str]]:
    """Every squadron id -> the enemy squadron ids engaged with it (scene order)."""
    sq = np.nonzero(f.is_sq)[0]
    out: dict[str, list[str]] = {f.piece[i]: [] for i in sq}
    if len(sq) < 2:
        return out
    A, B = np.meshgrid(sq, sq, indexing="ij")
    A, B = A.ravel(), B.ravel()
    keep = f.player[A] != f.player[B]
    A, B = A[keep], B[keep]
    d = np.hypot(*(f.centre[A] - f.centre[B]).T) - f.r[A] - f.r[B]
    # Distance 1: closest point to closest point, the band edge belongs to distance 1 (p.15).
    close = d <= catalog.ruler.distance_bands_mm[0]
    A, B = A[close], B[close]
    if not len(A):
        return out
    p, q = _los_points(f, A, B, rs)
    blocked = np.zeros(len(A), dtype=bool)
    none = -np.ones((len(A), 1), dtype=int)
    ex_sq = np.stack([f.sq_idx[A], f.sq_idx[B]], axis=1)
    li, _, touches, _, _ = obstructers_on(f, p, q, np.hstack([none, none]), ex_sq, probe_mm=0.0)
    blocked[li[touches]] = True
    for a, b, blk in zip(A, B, blocked):
        if not blk:
            out[f.piece[a]].append(f.piece[b])
    return out


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
