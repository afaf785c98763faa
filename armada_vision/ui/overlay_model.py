"""Overlay geometry: table mm -> image px shapes the painter only has to draw (no Qt).

Every piece is projected on its own height plane through the calibration
(``camera.table_to_image(points_mm, height_mm)``): ship outlines, hull zones and targeting points
on the token's top face, squadron rings on the squadron base, obstacles on their token. Lines are
densified to ``STEP_MM`` before projection so lens distortion bends them as the picture does.

Labels are English source strings marked with ``QT_TRANSLATE_NOOP("Overlay", ...)``; the
painter translates them (context ``Overlay``) and fills in ``args`` with ``str.format``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import shapely

from armada_vision.geometry import ship_base_polygon, to_table
from armada_vision.ui import zones
from armada_vision.ui.checks import CheckView
from armada_vision.ui.overlay_pieces import _add_obstacles, _add_ships, _add_squadrons, _poly, _text
from armada_vision.ui.overlay_shapes import (
    Label,
    Overlay,
    Projector,
    Selection,
    Shape,
    ShapeCache,
)

__all__ = ["LAYERS", "LAYER_NAMES", "LEGEND", "Label", "Overlay", "Projector", "Selection", "Shape",
           "ShapeCache", "build_overlay"]


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name pylupdate6 finds
    return text


LAYERS = ("bases", "hull_zones", "targeting_points", "arc", "range_bands", "los",
          "squadron_rings", "maneuver", "labels")

LAYER_NAMES = {
    "bases": QT_TRANSLATE_NOOP("Overlay", "Bases"),
    "hull_zones": QT_TRANSLATE_NOOP("Overlay", "Hull zones"),
    "targeting_points": QT_TRANSLATE_NOOP("Overlay", "Targeting points"),
    "arc": QT_TRANSLATE_NOOP("Overlay", "Firing arc"),
    "range_bands": QT_TRANSLATE_NOOP("Overlay", "Range bands"),
    "los": QT_TRANSLATE_NOOP("Overlay", "Line of sight"),
    "squadron_rings": QT_TRANSLATE_NOOP("Overlay", "Squadron distance 1 and engagement"),
    # not "Maneuver preview" (the side panel's box of that name sets up the move; this draws
    # it) nor "Labels" (named pieces have none): a newcomer took both names at their word
    "maneuver": QT_TRANSLATE_NOOP("Overlay", "Maneuver tool"),
    "labels": QT_TRANSLATE_NOOP("Overlay", "Notes on the picture"),
}
#: the layer check boxes' tooltips: what each draws
LAYER_TIPS = {
    "maneuver": QT_TRANSLATE_NOOP(
        "Overlay", "The maneuver tool and final position of the move set in Maneuver preview "
        "(or the sample game's move)"),
    "labels": QT_TRANSLATE_NOOP(
        "Overlay", "Text on the picture: pieces not yet recognised (unknown small ship...), "
        "too close to call, overlaps and displaced squadrons"),
}

# style -> legend text; the painter owns the colours.
LEGEND = {
    "band-close": QT_TRANSLATE_NOOP("Overlay", "close range: red, blue and black dice"),
    "band-medium": QT_TRANSLATE_NOOP("Overlay", "medium range: red and blue dice"),
    "band-long": QT_TRANSLATE_NOOP("Overlay", "long range: red dice"),
    "los-clear": QT_TRANSLATE_NOOP("Overlay", "line of sight clear"),
    "los-obstructed": QT_TRANSLATE_NOOP("Overlay", "obstructed (remove one die)"),
    "los-blocked": QT_TRANSLATE_NOOP("Overlay", "no line of sight (blocked by a hull zone)"),
    "los-out": QT_TRANSLATE_NOOP("Overlay", "out of arc or range"),
    "uncertain": QT_TRANSLATE_NOOP("Overlay", "too close to call"),
    "ring": QT_TRANSLATE_NOOP("Overlay", "squadron distance 1"),
    "engaged": QT_TRANSLATE_NOOP("Overlay", "engaged squadrons"),
    "tool": QT_TRANSLATE_NOOP("Overlay", "maneuver tool and final position"),
    "overlap": QT_TRANSLATE_NOOP("Overlay", "overlap: ship takes damage"),
}

TEXT_TOO_CLOSE = QT_TRANSLATE_NOOP("Overlay", "too close to call ({margin:.1f} mm)")
TEXT_OVERLAP = QT_TRANSLATE_NOOP("Overlay", "overlap: a facedown damage card each for {ships}")
TEXT_DISPLACED = QT_TRANSLATE_NOOP("Overlay", "{squadron} displaced")


BANDS = ("close", "medium", "long")
_ARCS: dict[tuple[Any, ...], tuple[Any, Any, tuple[Any, ...]]] = {}


def _arc_and_bands_local(cls: Any, pose: Any, zone: str, edges: Mapping[str, float]) -> tuple[Any, tuple[Any, ...]]:
    """The zone's firing arc and its close, medium and long range bands (shapely polygons) in
    the ship's own frame (the ship at the origin, heading 0): all rigid with the ship (RRG
    "Firing Arc" p.7, "Measuring Firing Arc and Range" p.11), so built once per class, zone
    and ruler (``edges``: the band's outer edge in mm). A band is the ring between two reaches
    of the hull zone, then cut to the arc: cutting each reach to the arc first left a
    zero-width spike along the arc's edge in some poses (the outline then drew a line back to
    the hull zone, on one frame and not the next)."""
    key = (id(cls), zone, tuple(float(edges[b]) for b in BANDS))
    hit = _ARCS.get(key)
    if hit is None or hit[0] is not cls:
        origin = dataclasses.replace(pose, x_mm=0.0, y_mm=0.0, heading_deg=0.0)
        arc = zones.firing_arc(cls, origin, zone)
        zone_poly = zones.hull_zones(cls, origin)[zone]
        bands, inner = [], None
        for band in BANDS:
            reach = zone_poly.buffer(edges[band], quad_segs=16)
            bands.append(arc.intersection(reach if inner is None else reach.difference(inner)))
            inner = reach
        if len(_ARCS) > 64:
            _ARCS.clear()
        hit = _ARCS[key] = (cls, arc, tuple(bands))
    return hit[1], hit[2]


def _on_table(geom: Any, pose: Any, table: Any) -> Any:
    """``geom`` (ship frame) placed at ``pose`` (``geometry.to_table``) and cut to ``table``
    (only when it reaches past it)."""
    placed = shapely.transform(geom, lambda xy: to_table(xy, pose.x_mm, pose.y_mm, pose.heading_deg))
    x0, y0, x1, y1 = placed.bounds
    tx0, ty0, tx1, ty1 = table.bounds
    if placed.is_empty or (x0 >= tx0 and y0 >= ty0 and x1 <= tx1 and y1 <= ty1):
        return placed
    return placed.intersection(table)


def _add_arc(ov: Overlay, pj: Projector, scene: Any, catalog: Any, sel: Selection,
             layers: frozenset[str]) -> None:
    if not sel.attacker_id or not sel.zone or not ({"arc", "range_bands"} & layers):
        return
    try:
        s = scene.ship(sel.attacker_id)
    except KeyError:
        return
    cls = catalog.ships.get(s.ship_class) if s.ship_class else None
    if cls is None or sel.zone not in cls.zone_lines:
        return
    h = zones.token_height_mm(cls)
    arc, bands = _arc_and_bands_local(cls, s, sel.zone, catalog.ruler.range_bands_mm)
    if "range_bands" in layers:
        for band, ring in zip(BANDS, bands):
            ov.add(_poly("range_bands", pj.rings(_on_table(ring, s, pj.table), h), f"band-{band}", s.id))
    if "arc" in layers:
        ov.add(_poly("arc", pj.rings(_on_table(arc, s, pj.table), h), "arc", s.id))


def _piece_height(scene: Any, catalog: Any, piece_id: str) -> float:
    for s in scene.ships:
        if s.id == piece_id and s.ship_class in catalog.ships:
            return zones.token_height_mm(catalog.ships[s.ship_class])
    for q in scene.squadrons:
        if q.id == piece_id and q.squadron_class in catalog.squadrons:
            return catalog.squadrons[q.squadron_class].base_height_mm
    return 5.0


def _endpoint(scene: Any, catalog: Any, piece_id: str, zone: str | None) -> tuple[float, float] | None:
    for s in scene.ships:
        if s.id == piece_id:
            cls = catalog.ships.get(s.ship_class) if s.ship_class else None
            if cls is None:
                return (s.x_mm, s.y_mm)
            return zones.targeting_points(cls, s).get(zone or "front", (s.x_mm, s.y_mm))
    for q in scene.squadrons:
        if q.id == piece_id:
            return (q.x_mm, q.y_mm)
    return None


def _add_los(ov: Overlay, pj: Projector, scene: Any, catalog: Any, sel: Selection,
             checks: Iterable[CheckView], uncertainty_mm: float, layers: frozenset[str]) -> None:
    if "los" not in layers:
        return
    if sel.zone is None and any(s.id == sel.attacker_id for s in scene.ships):
        return  # a ship without a chosen hull zone (e.g. about to move): no lines from every zone
    closest: dict[Any, tuple[float, Any]] = {}
    heights: dict[str, float] = {}  # per piece: a scan of the scene per line cost more than the line
    for c in checks:
        if c.get("attacker") != sel.attacker_id:
            continue
        if sel.zone and c.get("attacking_zone") not in (None, sel.zone):
            continue
        attacker, defender = c.get("attacker"), c.get("defender")
        seg = c.los_mm
        if seg is None:
            a = _endpoint(scene, catalog, attacker, c.get("attacking_zone"))
            b = _endpoint(scene, catalog, defender, c.get("defending_zone"))
            if a is None or b is None:
                continue
            seg = np.array([a, b])
        for pid in (attacker, defender):
            if pid not in heights:
                heights[pid] = _piece_height(scene, catalog, pid)
        h = 0.5 * (heights[attacker] + heights[defender])
        px = pj.line(seg, h)
        chosen = defender == sel.defender_id and (
            sel.defender_zone is None or c.get("defending_zone") == sel.defender_zone)
        ov.add(Shape("los", "polyline", (px,), f"los-{c.verdict}", defender, None, chosen))
        if c.too_close_to_call(uncertainty_mm):
            mid = pj.points(np.mean(seg, axis=0), h)
            ov.add(Shape("los", "dot", (mid,), "uncertain", defender))
            margin = float(c.get("margin_mm"))
            # the picked defender is labelled by the check the panel shows, not by the lines
            # to its other hull zones (their margin would contradict the panel's)
            picked = defender == sel.defender_id and sel.defender_zone is not None
            if (chosen or not picked) and (defender not in closest
                                           or margin < closest[defender][0]):
                closest[defender] = (margin, mid)
    if "labels" in layers:
        # one label per defender, with its smallest margin: the lines to a ship's hull zones meet
        # near it, and one label per line printed the same words on top of each other
        for margin, mid in closest.values():
            ov.add(_text("labels", mid, Label(TEXT_TOO_CLOSE, (("margin", margin),)),
                         "uncertain", offset_px=(6.0, -6.0)))


def _add_engagement_margins(ov: Overlay, pj: Projector, scene: Any, catalog: Any,
                            margins: Mapping[tuple[str, str], float], uncertainty_mm: float,
                            layers: frozenset[str]) -> None:
    """A "too close to call" dot (and label) between two enemy squadrons whose engagement
    (RRG p.6) flips within the measurement uncertainty: engaged or not, the camera cannot tell."""
    if "squadron_rings" not in layers or uncertainty_mm <= 0:
        return
    pos = {q.id: q for q in scene.squadrons}
    for (a, b), margin in margins.items():
        if not margin < uncertainty_mm or a not in pos or b not in pos:
            continue
        qa, qb = pos[a], pos[b]
        h = 0.5 * (_piece_height(scene, catalog, a) + _piece_height(scene, catalog, b))
        mid = pj.points([0.5 * (qa.x_mm + qb.x_mm), 0.5 * (qa.y_mm + qb.y_mm)], h)
        ov.add(Shape("squadron_rings", "dot", (mid,), "uncertain"))
        if "labels" in layers:
            ov.add(_text("labels", mid, Label(TEXT_TOO_CLOSE, (("margin", float(margin)),)),
                         "uncertain", offset_px=(6.0, -6.0)))


def _add_maneuver(ov: Overlay, pj: Projector, scene: Any, catalog: Any, maneuver: Any,
                  layers: frozenset[str]) -> None:
    if maneuver is None or "maneuver" not in layers:
        return
    data = maneuver.to_json() if hasattr(maneuver, "to_json") else {}
    ship_id = data.get("ship")
    try:
        s = scene.ship(ship_id)
        cls = catalog.ships[s.ship_class]
        h = cls.base.height_mm
    except (KeyError, TypeError):
        return
    tool = getattr(maneuver, "tool_polygon", None)
    if tool is not None:
        ov.add(_poly("maneuver", pj.rings(tool, 1.0), "tool", ship_id))
    final = getattr(maneuver, "final_pose", None)
    if final is not None:
        fp = ship_base_polygon(cls, final.x_mm, final.y_mm, final.heading_deg)
        damaged = bool(data.get("damage_to"))
        ov.add(_poly("maneuver", pj.rings(fp, h), "overlap" if damaged else "tool", ship_id, True))
        if damaged and "labels" in layers:
            names = ", ".join(data.get("damage_to", []))
            ov.add(_text("labels", pj.points([[final.x_mm, final.y_mm]], h),
                         Label(TEXT_OVERLAP, (("ships", names),)), "overlap"))
    for sq_id, place in dict(getattr(maneuver, "displaced_squadron_placements", {}) or {}).items():
        try:
            q = scene.squadron(sq_id)
        except KeyError:
            continue
        if place is None:  # lifted, but no legal spot found: mark the squadron itself
            ov.add(Shape("maneuver", "dot", (pj.points([[q.x_mm, q.y_mm]], 5.0),), "displaced", sq_id))
            continue
        x, y = place
        ov.add(Shape("maneuver", "polyline", (pj.line([[q.x_mm, q.y_mm], [x, y]], 5.0),), "displaced", sq_id))
        ov.add(Shape("maneuver", "dot", (pj.points([[x, y]], 5.0),), "displaced", sq_id))
        if "labels" in layers:
            ov.add(_text("labels", pj.points([[x, y]], 5.0), Label(TEXT_DISPLACED, (("squadron", sq_id),)),
                         "displaced", offset_px=(8.0, 8.0)))


def _highlights(checks: Iterable[CheckView], sel: Selection) -> dict[str, str]:
    """Pieces to highlight for the selected defender: obstructing pieces ('' = whole piece) and
    the defender's hull zone that blocks line of sight (RRG "Line of Sight", p.12)."""
    out: dict[str, str] = {}
    if not sel.defender_id:
        return out
    for c in checks:
        if c.get("attacker") != sel.attacker_id or c.get("defender") != sel.defender_id:
            continue
        if sel.zone and c.get("attacking_zone") not in (None, sel.zone):
            continue
        if sel.defender_zone and c.get("defending_zone") not in (None, sel.defender_zone):
            continue
        d = c.data
        for pid in d.get("obstructed_by") or []:
            out[pid] = ""
        if d.get("blocked_by_zone"):
            out[d["defender"]] = d["blocked_by_zone"]
    return out


def build_overlay(scene: Any, catalog: Any, camera: Any, *, selection: Selection | None = None,
                  checks: Iterable[CheckView] = (), maneuver: Any = None,
                  engaged: Mapping[str, list[str]] | None = None,
                  engage_margins: Mapping[tuple[str, str], float] | None = None,
                  uncertainty_mm: float = 2.0, layers: Iterable[str] = LAYERS,
                  cache: ShapeCache | None = None) -> Overlay:
    """All overlay shapes for ``scene`` seen through ``camera`` (image px, frame resolution).

    ``checks`` are the rules core's answers for the selected attacker (:class:`CheckView`);
    a check whose ``margin_mm`` is below ``uncertainty_mm`` is marked "too close to call", and
    so is a pair of enemy squadrons whose engagement margin (``engage_margins``, sorted id pair
    -> mm) is.
    ``maneuver`` is an ``execute_maneuver`` result or ``None``. ``cache`` (kept by the caller
    from one build to the next) reuses the shapes of pieces that have not changed.
    """
    selection = selection or Selection()
    layers = frozenset(layers)
    if cache is not None:
        cache.begin(camera, catalog)
    checks = list(checks)
    ov = Overlay()
    pj = Projector(camera, scene.play_area_mm)
    highlight = _highlights(checks, selection)
    _add_arc(ov, pj, scene, catalog, selection, layers)
    _add_obstacles(ov, pj, scene, catalog, layers, highlight, cache)
    _add_ships(ov, pj, scene, catalog, selection, layers, highlight, cache)
    _add_squadrons(ov, pj, scene, catalog, selection, layers, engaged or {}, cache)
    _add_engagement_margins(ov, pj, scene, catalog, engage_margins or {}, uncertainty_mm, layers)
    _add_los(ov, pj, scene, catalog, selection, checks, uncertainty_mm, layers)
    _add_maneuver(ov, pj, scene, catalog, maneuver, layers)
    ov.shapes = pj.resolve(ov.shapes)
    present = {s.style for s in ov.shapes}
    ov.legend = [k for k in LEGEND if k in present or (k == "overlap" and "overlap" in present)]
    area = scene.play_area_mm
    ov.play_area_px = play_area_px(camera, area) if cache is None else \
        cache.value(("play_area_px", area), lambda: play_area_px(camera, area))
    return ov


def play_area_px(camera: Any, play_area_mm: tuple[float, float]) -> np.ndarray | None:
    """The play area's four corners (4, 2) in image px on the mat (``None`` if not projectable);
    the legend goes inside it, away from the calibration markers around the table."""
    w, h = play_area_mm
    try:
        px = np.asarray(camera.table_to_image(np.array([[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]]), 0.0),
                        dtype=np.float64).reshape(4, 2)
    except (AttributeError, TypeError, ValueError):
        return None
    if not np.all(np.isfinite(px)):
        return None
    px.setflags(write=False)  # kept and shared between overlays (ShapeCache.value)
    return px
