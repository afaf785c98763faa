"""Engagement for squadron movement: a thin adapter over ``armada_vision.rules.engaged_with``.

The rules package owns engagement (RRG "Engagement", p.6). Until it is importable this module
falls back to the same rule, simply: an enemy squadron is engaged when the closest points of the
two bases are at distance 1 (``ruler.distance_bands_mm[0]``, edge included) and the line between
their centres crosses no obstacle and no ship base (obstructed LOS prevents engagement).
"""

from __future__ import annotations

from typing import Any

import shapely
from shapely.geometry import LineString

from armada_vision.catalog import Catalog
from armada_vision.scene import Scene

from ._table import PieceTable, squadron_class_for


def _rules_engaged_with():
    try:
        from armada_vision.rules import engaged_with  # type: ignore[attr-defined]
    except ImportError:
        return None
    return engaged_with


def _default_ruleset(ruleset: Any) -> Any:
    if ruleset is not None:
        return ruleset
    try:
        from armada_vision.rules import parse_ruleset  # type: ignore[attr-defined]
    except ImportError:
        return None
    return parse_ruleset("rrg-1.6")


def engaged_ids(scene: Scene, catalog: Catalog, ruleset: Any, squadron_id: str) -> list[str]:
    """Ids of enemy squadrons engaged with ``squadron_id`` in ``scene``."""
    fn = _rules_engaged_with()
    if fn is not None:
        return list(fn(scene, catalog, _default_ruleset(ruleset), squadron_id))
    return _fallback(scene, catalog, squadron_id)


def _fallback(scene: Scene, catalog: Catalog, squadron_id: str) -> list[str]:
    me = scene.squadron(squadron_id)
    r_me = squadron_class_for(catalog, me).radius_mm
    d1 = catalog.ruler.distance_bands_mm[0]
    table = None
    out = []
    for q in scene.squadrons:
        if q.player == me.player or q.id == squadron_id:
            continue
        r_q = squadron_class_for(catalog, q).radius_mm
        gap = ((q.x_mm - me.x_mm) ** 2 + (q.y_mm - me.y_mm) ** 2) ** 0.5 - r_me - r_q
        if gap > d1:
            continue
        if table is None:
            table = PieceTable.from_scene(scene, catalog)
            blockers = list(table.obstacle_polys) + [
                shapely.Polygon(c) for c in table.plain_rects.corners()]
        line = LineString([(me.x_mm, me.y_mm), (q.x_mm, q.y_mm)])
        if not any(line.intersects(b) and not line.touches(b) for b in blockers):
            out.append(q.id)
    return out
