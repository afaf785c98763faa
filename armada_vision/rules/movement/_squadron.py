"""Squadron movement (RRG v1.6 "Squadron Movement" p.20, "Engagement" p.6, "Play Area" p.14).

What is measured: the ruler's distance side is laid with the centre of its distance-1 end touching
the squadron's base, so the ruler starts one radius from the squadron's centre. The squadron is
placed with its centre on the ruler's centre line and its base not beyond the line ending the band
of its speed, so its far edge is at most that band's outer edge from the ruler's start and its new
centre one radius short of that. The two radii cancel: **the centre may travel at most the outer
edge of the speed's distance band** (``ruler.distance_bands_mm[speed - 1]``; the edge belongs to
the band, so exactly that far is legal), straight from where it stood, in any direction. Staying
put is a legal move. The move may pass through anything; the squadron may not end overlapping a
ship (shield dials count) or another squadron (touching is fine). A base partly outside the play
area is destroyed. An engaged squadron cannot move, unless every engaging enemy has heavy, or it
has grit and exactly one squadron engages it (RRG "Squadron Keywords"); a friendly intel
squadron at distance 1 (itself included) gives grit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import shapely

from armada_vision.catalog import Catalog
from armada_vision.errors import InputError
from armada_vision.scene import Scene

from ._engage import _default_ruleset, engaged_ids
from ._fast import point_distance
from ._shapes import OVERLAP_TOL_MM, discs_hit_discs, discs_hit_rects
from ._table import PieceTable, squadron_class_for


@dataclass(frozen=True)
class SquadronMoveResult:
    """Outcome of :func:`move_squadron`. ``legal`` is false with a one-line ``reason`` when the
    rules refuse the move; ``engaged_with`` lists enemy squadrons engaged after the move,
    ``blocked_by`` those engaged before it that stop it moving (heavy ones left out, none when
    grit lets it move; ``game.squadron_move_event`` carries them into the game state).
    ``margin_mm``: how far the nearest deciding outline is from changing a verdict (the speed's
    reach, a ship or squadron touching the base at its destination, the play-area edge, an
    obstacle, an engagement before or after, an intel squadron's distance 1); ``inf`` when
    nothing decides."""

    squadron: str
    legal: bool
    reason: str | None
    x_mm: float
    y_mm: float
    travel_mm: float
    max_travel_mm: float
    overlapping: tuple[str, ...] = ()
    engaged_before: tuple[str, ...] = ()
    engaged_with: tuple[str, ...] = ()
    blocked_by: tuple[str, ...] = ()
    destroyed: bool = False
    obstacles_overlapped: tuple[str, ...] = ()
    margin_mm: float = math.inf

    def to_json(self) -> dict[str, Any]:
        return {
            "squadron": self.squadron, "legal": self.legal, "reason": self.reason,
            "x_mm": round(self.x_mm, 3), "y_mm": round(self.y_mm, 3),
            "travel_mm": round(self.travel_mm, 3), "max_travel_mm": self.max_travel_mm,
            "overlapping": list(self.overlapping), "engaged_before": list(self.engaged_before),
            "engaged_with": list(self.engaged_with), "blocked_by": list(self.blocked_by),
            "destroyed": self.destroyed,
            "obstacles_overlapped": list(self.obstacles_overlapped),
            "margin_mm": round(self.margin_mm, 1) + 0.0 if math.isfinite(self.margin_mm)
            else None,
        }

    def apply(self, scene: Scene) -> Scene:
        """The scene with the squadron at its destination (only for a legal move)."""
        if not self.legal:
            raise InputError(self.reason or "illegal squadron move", field=self.squadron)
        sqs = tuple(replace(q, x_mm=self.x_mm, y_mm=self.y_mm) if q.id == self.squadron else q
                    for q in scene.squadrons)
        return replace(scene, squadrons=sqs)


def squadron_max_travel_mm(catalog: Catalog, speed: int) -> float:
    """Farthest centre travel for a squadron of ``speed`` (see the module docstring), in mm."""
    if speed <= 0:
        return 0.0
    bands = catalog.ruler.distance_bands_mm
    return float(bands[min(speed, len(bands)) - 1])


def move_squadron(scene: Scene, catalog: Catalog, squadron_id: str, x_mm: float, y_mm: float, *,
                  ruleset: Any = None) -> SquadronMoveResult:
    """Check moving squadron ``squadron_id`` to centre (``x_mm``, ``y_mm``) in table mm.

    Returns a :class:`SquadronMoveResult`; an illegal move (too far for its speed, ending on a
    ship or squadron, or engaged) has ``legal=False`` and the rule's reason. Engagement uses
    ``armada_vision.rules.engaged_with`` with ``ruleset`` (default RRG 1.6) when available.
    Raises :class:`InputError` for an unknown squadron id or class (a detected squadron with no
    class has no known speed).
    """
    try:
        sq = scene.squadron(squadron_id)
    except KeyError:
        raise InputError(f"no squadron {squadron_id!r} in the scene", field="squadron") from None
    if sq.squadron_class is None:
        raise InputError(f"squadron {squadron_id!r} has no known class, so no known speed",
                         field="squadron")
    cls = squadron_class_for(catalog, sq)
    r = cls.radius_mm
    travel = math.hypot(x_mm - sq.x_mm, y_mm - sq.y_mm)
    max_travel = squadron_max_travel_mm(catalog, cls.speed)
    before = engaged_ids(scene, catalog, ruleset, squadron_id)
    moved = replace(scene, squadrons=tuple(
        replace(q, x_mm=x_mm, y_mm=y_mm) if q.id == squadron_id else q for q in scene.squadrons))
    table = PieceTable.from_scene(moved, catalog)
    centre = np.array([[x_mm, y_mm]])
    ships_hit = discs_hit_rects(centre, np.array([r]), table.ship_rects)[0]
    ship_ids = list(dict.fromkeys(table.ship_ids[table.ship_of_rect[k]]
                                  for k in np.flatnonzero(ships_hit)))
    others = [k for k, q in enumerate(table.squadron_ids) if q != squadron_id]
    sq_hit = discs_hit_discs(centre, np.array([r]), table.squadron_centres[others],
                             table.squadron_radii[others])[0]
    sq_ids = [table.squadron_ids[others[k]] for k in np.flatnonzero(sq_hit)]
    w, h = scene.play_area_mm
    tol = OVERLAP_TOL_MM
    destroyed = not (r - tol <= x_mm <= w - r + tol and r - tol <= y_mm <= h - r + tol)

    reason = None
    blocking = _blocking_engagement(scene, catalog, sq, cls, before) if travel > 0 else []
    if blocking:
        reason = f"{squadron_id} is engaged with {', '.join(blocking)} and cannot move"
    elif travel > max_travel + tol:
        reason = (f"{squadron_id} has speed {cls.speed}: its centre may move up to "
                  f"{max_travel:g} mm (distance {cls.speed}), got {travel:.1f} mm")
    elif ship_ids or sq_ids:
        reason = f"{squadron_id} would end overlapping {', '.join(ship_ids + sq_ids)}"
    after = engaged_ids(moved, catalog, ruleset, squadron_id) if reason is None else before
    margin = _move_margin(scene, moved, catalog, ruleset, table, sq, r, travel, max_travel,
                          (x_mm, y_mm), reason is None)
    return SquadronMoveResult(
        squadron=squadron_id, legal=reason is None, reason=reason, x_mm=float(x_mm),
        y_mm=float(y_mm), travel_mm=travel, max_travel_mm=max_travel,
        overlapping=tuple(ship_ids + sq_ids), engaged_before=tuple(before),
        engaged_with=tuple(after), blocked_by=tuple(blocking), destroyed=destroyed,
        obstacles_overlapped=_obstacles_under(table, x_mm, y_mm, r), margin_mm=margin,
    )


def move_blockers(scene: Scene, catalog: Catalog, squadron_id: str, *, ruleset: Any = None
                  ) -> tuple[str, ...]:
    """The enemy squadrons engaged with ``squadron_id`` where it stands that stop it moving
    (RRG "Engagement" p.6: an engaged squadron cannot move; heavy engagers do not stop it, and
    grit ignores a single engager, "Squadron Keywords" p.21), as :func:`move_squadron` finds
    them before a move (its ``blocked_by``). Raises :class:`InputError` for an unknown
    squadron id or class."""
    try:
        sq = scene.squadron(squadron_id)
    except KeyError:
        raise InputError(f"no squadron {squadron_id!r} in the scene", field="squadron") from None
    if sq.squadron_class is None:
        raise InputError(f"squadron {squadron_id!r} has no known class", field="squadron")
    cls = squadron_class_for(catalog, sq)
    engaged = engaged_ids(scene, catalog, ruleset, squadron_id)
    return tuple(_blocking_engagement(scene, catalog, sq, cls, engaged))


def _move_margin(scene: Scene, moved: Scene, catalog: Catalog, ruleset: Any, table: PieceTable,
                 sq, r: float, travel: float, max_travel: float, to: tuple[float, float],
                 legal: bool) -> float:
    """How far (mm) the nearest deciding outline is from flipping a verdict of the move: the
    travel against the speed's reach, the base at its destination against every ship (dials
    included), squadron, obstacle and the play-area edge (touching is not overlapping), the
    squadron's engagements where it stood and, for a legal move, where it ends (``rules.
    engagement_checks``' margins), and a friendly intel squadron's distance-1 line."""
    x, y = to
    w, h = scene.play_area_mm
    m = [abs(min(x - r, y - r, w - x - r, h - y - r))]
    if travel > 0.0:
        m.append(abs(max_travel - travel))
    m += [abs(point_distance(x, y, rect) - r) for _, rect in table.ship_rect_list]
    m += [abs(math.hypot(x - qx, y - qy) - r - qr)
          for q_id, (qx, qy, qr) in zip(table.squadron_ids, table.squadron_list)
          if q_id != sq.id]
    centre = shapely.points(x, y)
    m += [abs(float(shapely.distance(centre, poly)) - r) for poly in table.obstacle_polys]
    try:
        from armada_vision.rules import engagement_checks
    except ImportError:     # the rules package not importable: no engagement margins
        engagement_checks = None
    if engagement_checks is not None:
        rs = _default_ruleset(ruleset)
        for sc in (scene, moved) if legal else (scene,):
            m += [e.margin_mm for e in engagement_checks(sc, catalog, rs)
                  if sq.id in (e.squadron, e.enemy)]
    d1 = catalog.ruler.distance_bands_mm[0]
    for q in scene.squadrons:
        if q.player == sq.player and q.id != sq.id and q.squadron_class is not None:
            qc = squadron_class_for(catalog, q)
            if "intel" in qc.keywords:
                m.append(abs(math.hypot(q.x_mm - sq.x_mm, q.y_mm - sq.y_mm) - qc.radius_mm
                             - r - d1))
    return max(0.0, min(m, default=math.inf))


def _obstacles_under(table: PieceTable, x_mm: float, y_mm: float, r: float) -> tuple[str, ...]:
    """Obstacles the squadron's base (a disc) overlaps at its final position (RRG "Obstacles"
    p.12: it resolves their effects); touching is not overlapping (the disc must reach more than
    ``OVERLAP_TOL_MM`` into the outline)."""
    centre = shapely.points(x_mm, y_mm)
    return tuple(i for i, poly in zip(table.obstacle_ids, table.obstacle_polys)
                 if shapely.distance(centre, poly) < r - OVERLAP_TOL_MM)


def _blocking_engagement(scene: Scene, catalog: Catalog, sq, cls, engaged: list[str]) -> list[str]:
    """Engaging enemies that stop the squadron moving (heavy never does; grit ignores one)."""
    blockers = [e for e in engaged
                if "heavy" not in squadron_class_for(catalog, scene.squadron(e)).keywords]
    if len(engaged) == 1 and _has_grit(scene, catalog, sq, cls):
        return []
    return blockers


def _has_grit(scene: Scene, catalog: Catalog, sq, cls) -> bool:
    """Grit of its own, or from intel (RRG p.21: "While a friendly squadron is at distance 1 of
    you, it has grit"): a friendly intel squadron whose base is at distance 1 of this one's --
    itself included (a squadron is friendly to itself and at distance 1 of itself)."""
    if "grit" in cls.keywords:
        return True
    d1 = catalog.ruler.distance_bands_mm[0]
    for q in scene.squadrons:
        if q.player != sq.player or q.squadron_class is None:
            continue
        qc = squadron_class_for(catalog, q)
        if "intel" in qc.keywords and (q.id == sq.id or math.hypot(q.x_mm - sq.x_mm, q.y_mm - sq.y_mm)
                                       - qc.radius_mm - cls.radius_mm <= d1):
            return True
    return False
