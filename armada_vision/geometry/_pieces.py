"""Table-frame outlines of pieces from their poses (shapely polygons, mm).

Pure: numpy and shapely only. A ship class's own frame has +x to the bow and +y to port, origin at
the token centre; a pose rotates it by ``heading_deg`` (counter-clockwise) and moves it to
(``x_mm``, ``y_mm``), the centre of the plastic base (of the token, for huge ships).
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import Point as ShPoint
from shapely.geometry import Polygon

from armada_vision.catalog import ObstacleClass, ShipClass, SquadronClass

# Segments per quarter circle for squadron discs: 32 gives a 128-gon whose inscribed radius is
# within 0.03 % (0.005 mm on a 15 mm radius) of the true circle.
DISC_QUAD_SEGS = 32


def pose_matrix(x_mm: float, y_mm: float, heading_deg: float) -> np.ndarray:
    """2x3 affine matrix taking piece-frame points to table mm."""
    a = math.radians(heading_deg)
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, x_mm], [s, c, y_mm]])


def to_table(points: np.ndarray, x_mm: float, y_mm: float, heading_deg: float) -> np.ndarray:
    """Transform piece-frame points (N, 2) to table mm (N, 2)."""
    m = pose_matrix(x_mm, y_mm, heading_deg)
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    return pts @ m[:, :2].T + m[:, 2]


def _rect(cx: float, cy: float, length: float, width: float) -> np.ndarray:
    hl, hw = length / 2.0, width / 2.0
    return np.array([[cx + hl, cy + hw], [cx - hl, cy + hw], [cx - hl, cy - hw], [cx + hl, cy - hw]])


def ship_base_local(ship: ShipClass, *, with_shield_dials: bool = False) -> list[np.ndarray]:
    """Plastic base rectangles in the ship frame: one (4, 2) array per base (two for huge ships).

    Base centres come from ``ship.bases`` (relative to the token centre minus the token offset,
    i.e. the pose). ``with_shield_dials`` widens each base by ``shield_dial_depth_mm`` a side,
    the dials and their frames, which count for overlap only (RRG p.14).
    """
    extra = 2.0 * ship.shield_dial_depth_mm if with_shield_dials else 0.0
    return [_rect(bx, by, ship.base.length_mm, ship.base.width_mm + extra) for bx, by in ship.bases]


def ship_base_polygon(ship: ShipClass, x_mm: float, y_mm: float, heading_deg: float,
                      *, with_shield_dials: bool = False) -> Polygon:
    """The plastic base (union of bases for huge ships) in table mm."""
    polys = [Polygon(to_table(r, x_mm, y_mm, heading_deg))
             for r in ship_base_local(ship, with_shield_dials=with_shield_dials)]
    return polys[0] if len(polys) == 1 else shapely.union_all(polys)


def ship_token_local(ship: ShipClass) -> np.ndarray:
    """The cardboard token rectangle in the ship frame, (4, 2), corners front-left first."""
    ox, oy = ship.token.offset_mm
    return _rect(ox, oy, ship.token.length_mm, ship.token.width_mm)


def ship_token_polygon(ship: ShipClass, x_mm: float, y_mm: float, heading_deg: float) -> Polygon:
    """The cardboard token (the hull zones' outer edge, RRG "Hull Zone" p.8) in table mm."""
    return Polygon(to_table(ship_token_local(ship), x_mm, y_mm, heading_deg))


def squadron_disc(squadron: SquadronClass, x_mm: float, y_mm: float) -> Polygon:
    """The squadron's round base in table mm."""
    return ShPoint(x_mm, y_mm).buffer(squadron.radius_mm, quad_segs=DISC_QUAD_SEGS)


def obstacle_polygon(obstacle: ObstacleClass, x_mm: float, y_mm: float, heading_deg: float,
                     flipped: bool = False) -> Polygon:
    """The obstacle token's outline in table mm; ``flipped`` mirrors it across its own x axis."""
    pts = np.asarray(obstacle.outline_mm, dtype=np.float64)
    if flipped:
        pts = pts * np.array([1.0, -1.0])
    poly = Polygon(to_table(pts, x_mm, y_mm, heading_deg))
    return poly if poly.is_valid else shapely.make_valid(poly)
