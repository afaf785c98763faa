"""Which piece (and hull zone) lies under an image pixel (no Qt).

The pixel is back-projected onto each piece's own height plane (``camera.image_to_table``) before
the piece's outline is tested, so a click on a raised token hits the token the player sees.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Point

from armada_vision.geometry import obstacle_polygon, ship_base_polygon
from armada_vision.ui import zones


@dataclass(frozen=True)
class Hit:
    """``kind`` is ``ship``, ``squadron`` or ``obstacle``; ``zone`` the hull zone for a ship
    (the nearest zone when the click is on the base rim outside the token)."""

    piece_id: str
    kind: str
    zone: str | None = None
    table_mm: tuple[float, float] = (0.0, 0.0)


def _table(camera: Any, px: tuple[float, float], height_mm: float) -> Point | None:
    xy = np.asarray(camera.image_to_table(np.array([px], dtype=np.float64), height_mm)).reshape(2)
    return Point(float(xy[0]), float(xy[1])) if np.all(np.isfinite(xy)) else None


def hit_test(scene: Any, catalog: Any, camera: Any, px: tuple[float, float],
             tolerance_mm: float = 4.0) -> Hit | None:
    """The piece under image pixel ``px`` (x, y), squadrons before ships before obstacles."""
    for q in scene.squadrons:
        cls = catalog.squadrons.get(q.squadron_class) if q.squadron_class else None
        r = cls.radius_mm if cls else 15.0
        p = _table(camera, px, cls.base_height_mm if cls else 5.0)
        if p is not None and p.distance(Point(q.x_mm, q.y_mm)) <= r + tolerance_mm:
            return Hit(q.id, "squadron", None, (p.x, p.y))
    for s in scene.ships:
        cls = catalog.ships.get(s.ship_class) if s.ship_class else None
        if cls is None:
            p = _table(camera, px, 5.0)
            if p is not None and p.distance(Point(s.x_mm, s.y_mm)) <= 45.0:
                return Hit(s.id, "ship", None, (p.x, p.y))
            continue
        p = _table(camera, px, zones.token_height_mm(cls))
        if p is None:
            continue
        base = ship_base_polygon(cls, s.x_mm, s.y_mm, s.heading_deg)
        if base.distance(p) > tolerance_mm:
            continue
        zs = zones.hull_zones(cls, s)
        zone = min(zs, key=lambda z: zs[z].distance(p)) if zs else None
        return Hit(s.id, "ship", zone, (p.x, p.y))
    for o in scene.obstacles:
        cls = catalog.obstacles.get(o.obstacle) if o.obstacle else None
        p = _table(camera, px, cls.thickness_mm if cls else 2.0)
        if p is None:
            continue
        if o.outline_mm:
            poly = shapely.Polygon(o.outline_mm)
        elif cls is not None:
            poly = obstacle_polygon(cls, o.x_mm, o.y_mm, o.heading_deg, o.flipped)
        else:
            continue
        if poly.distance(p) <= tolerance_mm:
            return Hit(o.id, "obstacle", None, (p.x, p.y))
    return None
