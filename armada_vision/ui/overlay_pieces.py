"""Overlay shapes of the pieces: ship bases, bows, hull zones and targeting points, squadron
bases and distance-1 rings, obstacles (no Qt). Each piece is projected on its own height plane
through the calibration; with a :class:`ShapeCache` a piece whose pose and looks have not
changed since the last build reuses its projected shapes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import shapely
import shapely.affinity
from shapely.geometry import Polygon, box

from armada_vision.errors import term
from armada_vision.geometry import obstacle_polygon, ship_base_polygon
from armada_vision.ui import zones
from armada_vision.ui.overlay_shapes import (
    Label,
    Overlay,
    Projector,
    Selection,
    Shape,
    ShapeCache,
    _Pts,
)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name pylupdate6 finds
    return text


TEXT_UNKNOWN = QT_TRANSLATE_NOOP("Overlay", "unknown {size} ship")


def _poly(layer: str, parts: tuple[Any, ...], style: str, piece_id: str | None = None,
          emphasis: bool = False) -> Shape | None:
    return Shape(layer, "polygon", parts, style, piece_id, None, emphasis) if parts else None


def _text(layer: str, at: _Pts, label: Label, style: str = "text",
          piece_id: str | None = None, offset_px: tuple[float, float] = (0.0, 0.0)) -> Shape:
    return Shape(layer, "text", (at,), style, piece_id, label, offset_px=offset_px)


def _player_style(player: int) -> str:
    return f"p{player}"


def _piece(ov: Overlay, cache: ShapeCache | None, key: Any, build: Any) -> None:
    if cache is None:
        build()
    else:
        cache.add(ov, key, build)


def _add_ships(ov: Overlay, pj: Projector, scene: Any, catalog: Any, sel: Selection,
               layers: frozenset[str], highlight: Mapping[str, str],
               cache: ShapeCache | None = None) -> None:
    for s in scene.ships:
        chosen = s.id in (sel.attacker_id, sel.defender_id)
        style = "highlight" if s.id in highlight and highlight[s.id] == "" else _player_style(s.player)
        key = ("ship", s.id, s.ship_class, s.player, s.x_mm, s.y_mm, s.heading_deg, s.size_class,
               chosen, style, highlight.get(s.id), sel.zone if s.id == sel.attacker_id else "-",
               layers)
        _piece(ov, cache, key, lambda s=s, chosen=chosen, style=style:
               _ship(ov, pj, s, catalog, sel, layers, highlight, chosen, style))


def _ship(ov: Overlay, pj: Projector, s: Any, catalog: Any, sel: Selection, layers: frozenset[str],
          highlight: Mapping[str, str], chosen: bool, style: str) -> None:
    cls = catalog.ships.get(s.ship_class) if s.ship_class else None
    if cls is None:  # unknown class: a base of its size class, drawn as a plain rectangle
        if "bases" in layers:
            half = {"small": (21.5, 35.5), "medium": (31.5, 51), "large": (38.5, 64.5),
                    "huge": (38.5, 150)}.get(s.size_class or "small", (21.5, 35.5))
            r = shapely.affinity.rotate(box(-half[1], -half[0], half[1], half[0]),
                                        s.heading_deg, origin=(0, 0))
            r = shapely.affinity.translate(r, s.x_mm, s.y_mm)
            ov.add(_poly("bases", pj.rings(r, 5.0), "unknown", s.id, chosen))
            if "labels" in layers:
                ov.add(_text("labels", pj.points([[s.x_mm, s.y_mm]], 5.0),
                             Label(TEXT_UNKNOWN, (("size", term(s.size_class) or "?"),)), "text", s.id))
        return
    h_base, h_tok = cls.base.height_mm, zones.token_height_mm(cls)
    if "bases" in layers:
        base = ship_base_polygon(cls, s.x_mm, s.y_mm, s.heading_deg)
        ov.add(_poly("bases", pj.rings(base, h_base), style, s.id, chosen or s.id in highlight))
        bow = np.array([[s.x_mm, s.y_mm], zones.bow_point(cls, s)])
        ov.add(Shape("bases", "polyline", (pj.points(bow, h_tok),), style, s.id))
    if "hull_zones" in layers:  # the printed arc lines (cheaper to draw than 4 outlines)
        lines = zones.arc_lines(cls, s)
        ov.add(Shape("hull_zones", "polyline", tuple(pj.points(seg, h_tok) for seg in lines),
                     "zone", s.id))
    for zone, poly in (zones.hull_zones(cls, s).items() if s.id in (sel.attacker_id, *highlight)
                       else ()):
        hl = highlight.get(s.id) == zone
        sel_zone = s.id == sel.attacker_id and zone == sel.zone
        if hl or (sel_zone and "hull_zones" in layers):
            zstyle = "blocking-zone" if hl else "zone-selected"
            ov.add(_poly("hull_zones", pj.rings(poly, h_tok), zstyle, s.id, True))
    if "targeting_points" in layers:
        for _zone, p in zones.targeting_points(cls, s).items():
            ov.add(Shape("targeting_points", "dot", (pj.points([p], h_tok),), "target", s.id))


def _add_squadrons(ov: Overlay, pj: Projector, scene: Any, catalog: Any, sel: Selection,
                   layers: frozenset[str], engaged: Mapping[str, list[str]],
                   cache: ShapeCache | None = None) -> None:
    d1 = catalog.ruler.distance_bands_mm[0]
    pos = {}
    for q in scene.squadrons:
        cls = catalog.squadrons.get(q.squadron_class) if q.squadron_class else None
        radius = cls.radius_mm if cls else 15.0
        h = cls.base_height_mm if cls else 5.0
        pos[q.id] = (q.x_mm, q.y_mm, h)
        chosen = q.id in (sel.attacker_id, sel.defender_id)
        key = ("squadron", q.id, q.squadron_class, q.player, q.x_mm, q.y_mm, chosen,
               q.id in engaged, layers)

        def build(q: Any = q, cls: Any = cls, radius: float = radius, h: float = h,
                  chosen: bool = chosen) -> None:
            if "bases" in layers:
                ov.add(_poly("bases", (pj.circle(q.x_mm, q.y_mm, radius, h),),
                             _player_style(q.player) if cls else "unknown", q.id, chosen))
            if "squadron_rings" in layers:
                ring = pj.circle(q.x_mm, q.y_mm, radius + d1, h)
                ring = pj.points(np.vstack([ring.mm, ring.mm[:1]]), h)
                ov.add(Shape("squadron_rings", "polyline", (ring,),
                             "ring-engaged" if q.id in engaged else "ring", q.id, None, chosen))

        _piece(ov, cache, key, build)
    if "squadron_rings" in layers:
        done = set()
        for a, others in engaged.items():
            for b in others:
                key = tuple(sorted((a, b)))
                if key in done or a not in pos or b not in pos:
                    continue
                done.add(key)
                (xa, ya, ha), (xb, yb, hb) = pos[a], pos[b]
                pts = pj.points([[xa, ya], [xb, yb]], [ha, hb])
                ov.add(Shape("squadron_rings", "polyline", (pts,), "engaged"))


def _add_obstacles(ov: Overlay, pj: Projector, scene: Any, catalog: Any, layers: frozenset[str],
                   highlight: Mapping[str, str], cache: ShapeCache | None = None) -> None:
    if "bases" not in layers and not highlight:
        return
    for o in scene.obstacles:
        hl = o.id in highlight
        if "bases" not in layers and not hl:
            continue

        def build(o: Any = o, hl: bool = hl) -> None:
            cls = catalog.obstacles.get(o.obstacle) if o.obstacle else None
            if o.outline_mm:
                poly = Polygon(o.outline_mm)
            elif cls is not None:
                poly = obstacle_polygon(cls, o.x_mm, o.y_mm, o.heading_deg, o.flipped)
            else:
                return
            h = cls.thickness_mm if cls else 2.0
            ov.add(_poly("bases", pj.rings(poly, h), "obstructing" if hl else "obstacle", o.id, hl))

        key = ("obstacle", o.id, o.obstacle, o.x_mm, o.y_mm, o.heading_deg, o.flipped, o.outline_mm, hl)
        _piece(ov, cache, key, build)
