"""Hull zones, firing arcs and targeting points for drawing (no Qt, no OpenCV).

Prefers the rules core's ``armada_vision.geometry.hull_zone_polygons`` / ``firing_arc`` /
``targeting_points`` (the agreed API) so the window draws exactly what the rules measure. When
that part is not installed yet, falls back to the catalog's arc lines: a hull zone is the part of
the token between its two arc lines, its firing arc the wedge between the lines extended from
their inner points (RRG "Firing Arc", p.7).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from shapely.geometry import Polygon

from armada_vision import geometry as _geometry
from armada_vision.catalog import ShipClass
from armada_vision.geometry import ship_token_polygon, to_table
from armada_vision.scene import ShipPose

FAR_MM = 4000.0  # arc wedges reach past any 6' x 3' table


def _arc_line_table(ship: ShipClass, pose: ShipPose, name: str) -> np.ndarray:
    ox, oy = ship.token.offset_mm
    seg = np.asarray(ship.arc_lines[name], dtype=np.float64) + np.array([ox, oy])
    return to_table(seg, pose.x_mm, pose.y_mm, pose.heading_deg)


def _wedge(ship: ShipClass, pose: ShipPose, zone: str) -> Polygon:
    a_name, b_name = ship.zone_lines[zone]
    a, b = _arc_line_table(ship, pose, a_name), _arc_line_table(ship, pose, b_name)
    da, db = a[1] - a[0], b[1] - b[0]
    da, db = da / np.linalg.norm(da), db / np.linalg.norm(db)
    mid = da + db
    if np.linalg.norm(mid) < 1e-9:  # opposite lines: the zone's side is perpendicular
        mid = np.array([-da[1], da[0]])
    mid = mid / np.linalg.norm(mid)
    pts = [a[0], a[0] + FAR_MM * da, a[0] + FAR_MM * 2 * mid, b[0] + FAR_MM * db, b[0]]
    poly = Polygon(pts)
    return poly if poly.is_valid else poly.buffer(0)


_CACHE: dict[tuple, dict] = {}
_CACHE_MAX = 512


def _cached(kind: str, ship: ShipClass, pose: ShipPose, make: Any) -> Any:
    """Per-pose results, reused while a piece stands still (most pieces, most frames)."""
    key = (kind, id(ship), pose.x_mm, pose.y_mm, pose.heading_deg)
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        hit = _CACHE[key] = make()
    return hit


def hull_zones(ship: ShipClass, pose: ShipPose) -> dict[str, Polygon]:
    """Each hull zone's part of the ship token, table mm (RRG "Hull Zone", p.8)."""
    return _cached("zones", ship, pose, lambda: _hull_zones(ship, pose))


def _hull_zones(ship: ShipClass, pose: ShipPose) -> dict[str, Polygon]:
    fn = getattr(_geometry, "hull_zone_polygons", None)
    if fn is not None:
        return dict(fn(ship, pose))
    token = ship_token_polygon(ship, pose.x_mm, pose.y_mm, pose.heading_deg)
    return {z: token.intersection(_wedge(ship, pose, z)) for z in ship.hull_zones}


def firing_arc(ship: ShipClass, pose: ShipPose, zone: str) -> Polygon:
    """The zone's firing arc, a large polygon in table mm (RRG "Firing Arc", p.7)."""
    fn = getattr(_geometry, "firing_arc", None)
    if fn is not None:
        return fn(ship, pose, zone)
    return _wedge(ship, pose, zone)


def targeting_points(ship: ShipClass, pose: ShipPose) -> dict[str, tuple[float, float]]:
    """Each hull zone's yellow targeting point in table mm (RRG "Line of Sight", p.12)."""
    return _cached("points", ship, pose, lambda: _targeting_points(ship, pose))


def _targeting_points(ship: ShipClass, pose: ShipPose) -> dict[str, tuple[float, float]]:
    fn = getattr(_geometry, "targeting_points", None)
    if fn is not None:
        return {z: (float(p[0]), float(p[1])) for z, p in dict(fn(ship, pose)).items()}
    ox, oy = ship.token.offset_mm
    out = {}
    for zone, (x, y) in ship.targeting_points.items():
        p = to_table(np.array([[x + ox, y + oy]]), pose.x_mm, pose.y_mm, pose.heading_deg)[0]
        out[zone] = (float(p[0]), float(p[1]))
    return out


def token_height_mm(ship: ShipClass) -> float:
    """Height of the token's top face above the mat: base top plus token thickness."""
    return ship.base.height_mm + ship.token.thickness_mm


def bow_point(ship: ShipClass, pose: ShipPose) -> tuple[float, float]:
    """Middle of the base's front edge, table mm (marks which end is the bow)."""
    a = math.radians(pose.heading_deg)
    half = ship.base.length_mm / 2.0
    return (pose.x_mm + half * math.cos(a), pose.y_mm + half * math.sin(a))


def arc_lines(ship: ShipClass, pose: ShipPose) -> list[np.ndarray]:
    """The token's printed arc lines, each (2, 2) in table mm (RRG "Firing Arc", p.7)."""
    return _cached("lines", ship, pose,
                   lambda: [_arc_line_table(ship, pose, name) for name in ship.arc_lines])
