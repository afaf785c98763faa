"""Where setup may place each piece (RRG v1.6 "Setup" p.16, "Setup Area", "Deployment Zone" p.5,
"Squadron Keywords" (scout) p.21; armada-rules.md 1.8), with margins.

- Obstacles: "within the setup area, beyond distance 3 of the edges of the play area and beyond
  distance 1 of each other".
- Ships: "within their player's deployment zones": the part of the setup area within distance
  1-3 of the player's edge (player 1's edge is y = 0, player 2's y = play-area depth).
- Squadrons: "within distance 1-2 of a friendly ship" and inside the setup area; a squadron with
  scout instead "beyond distance 1-5 of enemy ships or squadrons".
- Setup area: the 3' x 4' centre of a 6' table (markers one ruler length, 304.8 mm, from each
  short edge); on a shorter table (3' x 3') the whole play area. "Ships and squadrons can be
  placed on top of the setup area markers as long as they remain entirely within the setup
  area."

"Within" is the whole base inside (RRG p.15), the band's outer line included; "beyond" is no
part at or inside the band, so exactly on the line is not beyond. Distances are non-attack
distances: closest points of the plastic bases (shield dials ignored) and the tokens.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import shapely
from shapely.geometry import Point, box

from armada_vision.catalog import Catalog
from armada_vision.geometry import obstacle_polygon, ship_base_polygon
from armada_vision.scene import Scene

SETUP_MARKER_MM = 304.8     # "the length of the range ruler ... 1' from the short edges"
FULL_TABLE_MM = 1828.8      # the 6' table the 3' x 4' setup area is defined on


class SetupCheck(NamedTuple):
    """One setup rule for one piece: ``ok`` and how far (mm) the piece is from flipping it.

    ``rule``: ``obstacle-in-setup-area``, ``obstacle-beyond-distance-3-of-edges``,
    ``obstacle-beyond-distance-1-of-obstacles``, ``ship-in-deployment-zone``,
    ``squadron-within-distance-2-of-friendly-ship``, ``scout-beyond-distance-5-of-enemies``,
    ``in-setup-area``. ``distance_mm`` is the measured value the rule compares with its line;
    ``math.inf`` (``null`` in :meth:`to_json`, with ``margin_mm`` too) when there is nothing to
    measure to: a squadron whose player has no ship cannot be within distance 2 of one.
    """

    piece: str
    rule: str
    ok: bool
    distance_mm: float
    margin_mm: float

    def to_json(self) -> dict:
        def mm(v: float) -> float | None:
            return round(v, 1) + 0.0 if math.isfinite(v) else None

        return {"piece": self.piece, "rule": self.rule, "ok": self.ok,
                "distance_mm": mm(self.distance_mm), "margin_mm": mm(self.margin_mm)}


def setup_area(play_area_mm: tuple[float, float]) -> tuple[float, float, float, float]:
    """``(x0, y0, x1, y1)`` of the setup area in table mm (RRG "Setup Area")."""
    w, h = play_area_mm
    if w >= FULL_TABLE_MM - 1.0:
        return (SETUP_MARKER_MM, 0.0, w - SETUP_MARKER_MM, h)
    return (0.0, 0.0, w, h)


def _inside(bounds, area) -> float:
    """How far a shape with ``bounds`` is inside the rectangle ``area`` (negative: outside)."""
    x0, y0, x1, y1 = bounds
    ax0, ay0, ax1, ay1 = area
    return min(x0 - ax0, y0 - ay0, ax1 - x1, ay1 - y1)


def _row(piece: str, rule: str, ok: bool, value: float, line: float) -> SetupCheck:
    return SetupCheck(piece, rule, ok, value, abs(value - line))


def setup_checks(scene: Scene, catalog: Catalog) -> list[SetupCheck]:
    """Every setup rule of every piece of ``scene`` whose class is known, in scene order
    (obstacles, ships, squadrons); pieces of no known class are skipped (an obstacle with its
    own ``outline_mm`` is checked by it). A squadron (not a scout) whose player has no ship
    gets a broken ``squadron-within-distance-2-of-friendly-ship`` row (distance ``math.inf``).
    Raises ``KeyError`` for a ship or squadron class the
    catalog lacks."""
    d = catalog.ruler.distance_bands_mm
    d1, d2, d3, d5 = d[0], d[1], d[2], d[4]
    w, h = scene.play_area_mm
    area = setup_area(scene.play_area_mm)
    rows: list[SetupCheck] = []

    obs = {}
    for o in scene.obstacles:
        if o.obstacle is not None and o.obstacle in catalog.obstacles:
            obs[o.id] = obstacle_polygon(catalog.obstacle(o.obstacle), o.x_mm, o.y_mm,
                                         o.heading_deg, o.flipped)
        elif o.outline_mm:          # a detected obstacle of no known class: its own outline
            obs[o.id] = shapely.make_valid(shapely.Polygon(o.outline_mm))
    for oid, poly in obs.items():
        inside = _inside(poly.bounds, area)
        rows.append(_row(oid, "obstacle-in-setup-area", inside >= 0.0, inside, 0.0))
        x0, y0, x1, y1 = poly.bounds
        edge = min(x0, y0, w - x1, h - y1)
        rows.append(_row(oid, "obstacle-beyond-distance-3-of-edges", edge > d3, edge, d3))
        others = [p.distance(poly) for k, p in obs.items() if k != oid]
        if others:
            near = min(others)
            rows.append(_row(oid, "obstacle-beyond-distance-1-of-obstacles", near > d1, near, d1))

    bases = {s.id: (s, ship_base_polygon(catalog.ship(s.ship_class), s.x_mm, s.y_mm,
                                         s.heading_deg))
             for s in scene.ships if s.ship_class is not None}
    for sid, (s, base) in bases.items():
        x0, y0, x1, y1 = base.bounds
        far = y1 if s.player == 1 else h - y0          # farthest point from the own edge
        inside = _inside(base.bounds, area)
        rows.append(_row(sid, "ship-in-deployment-zone", far <= d3, far, d3))
        rows.append(_row(sid, "in-setup-area", inside >= 0.0, inside, 0.0))

    for q in scene.squadrons:
        if q.squadron_class is None:
            continue
        cls = catalog.squadron(q.squadron_class)
        r = cls.radius_mm
        centre = Point(q.x_mm, q.y_mm)
        if "scout" in cls.keywords:
            enemies = [b.distance(centre) - r for s, b in bases.values() if s.player != q.player]
            enemies += [math.hypot(e.x_mm - q.x_mm, e.y_mm - q.y_mm) - r
                        - catalog.squadron(e.squadron_class).radius_mm
                        for e in scene.squadrons
                        if e.player != q.player and e.squadron_class is not None]
            near = max(0.0, min(enemies, default=math.inf))
            if math.isfinite(near):
                rows.append(_row(q.id, "scout-beyond-distance-5-of-enemies", near > d5, near, d5))
        else:
            # the farthest point of the disc from the ship: centre distance + radius
            far = min((b.distance(centre) + r for s, b in bases.values()
                       if s.player == q.player), default=math.inf)
            if math.isfinite(far) or not any(s.player == q.player for s in scene.ships):
                # no friendly ship at all: the rule cannot be met (a ship of a class not known
                # yet has no base to measure: skipped, as the ship itself is)
                rows.append(_row(q.id, "squadron-within-distance-2-of-friendly-ship",
                                 far <= d2, far, d2))
        inside = _inside(box(q.x_mm - r, q.y_mm - r, q.x_mm + r, q.y_mm + r).bounds, area)
        rows.append(_row(q.id, "in-setup-area", inside >= 0.0, inside, 0.0))
    return rows


__all__ = ["SetupCheck", "setup_area", "setup_checks"]
