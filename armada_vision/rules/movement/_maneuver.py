"""Execute a ship's maneuver with overlap resolution (RRG v1.6 "Ship Movement" p.17,
"Overlapping" p.14, "Play Area" p.14, "Obstacles" p.13, Flotillas errata).

Order of events, as in the RRG:

1. Determine Course (:func:`check_course`): speed chart and navigate.
2. Insert the tool on one side; if the ship would overlap the tool, use the other side; if neither
   overlaps, the owner chooses (``side``; default :func:`preferred_side`).
3. Final position overlapping another ship: temporarily reduce speed by one and re-place with the
   same tool, down to speed 0 (the ship stays put). Then one facedown damage card to the moved
   ship and one to the *closest* ship it overlapped (closest = least distance between plastic
   bases at the final position, shield dials ignored as for any distance; ties go to the ship
   listed first in the scene). Flotilla errata: if exactly one of the two is a flotilla, only the
   flotilla gets a card. At reduced speed the ship may overlap the tool.
4. Squadrons under the final position are lifted and get suggested placements.
5. Obstacles overlapped at the final position are listed (a speed-0 maneuver counts too).
   A gravity rift at distance 1-2 of the ship when it determines its course reduces its speed
   by one for this maneuver (minimum 0; the course is clicked for the reduced speed); a ship
   that ends overlapping a gravity rift has its speed dial set to 0 (RRG "Obstacles", p.12).
6. Any part of a plastic base outside the play area destroys the ship (shield dials ignored).

Overlap counts shield dials and their frames as base (``shield_dial_depth_mm``); touching is not
overlapping: rectangles and squadron discs must go more than ``OVERLAP_TOL_MM`` (1e-6 mm) into
each other, an obstacle's intersection with the base must exceed ``OBSTACLE_AREA_TOL_MM2``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

import shapely
from shapely.geometry import LineString, Polygon

from armada_vision.catalog import Catalog
from armada_vision.errors import InputError
from armada_vision.scene import Scene, ShipPose

from . import _fast, _margin
from ._course import (
    SIDES,
    IllegalManeuver,
    anchor_local,
    anchor_on_table,
    check_course,
    course_points,
    pose_from_anchor,
    preferred_side,
    step_end,
)
from ._placement import place_squadrons
from ._table import PieceTable

OBSTACLE_AREA_TOL_MM2 = 1e-6  # a base and an obstacle sharing less area than this only touch


@dataclass(frozen=True)
class ManeuverResult:
    """Outcome of :func:`execute_maneuver`; ``to_json()`` is the DESIGN.md ``move`` object.

    ``tool_path_mm`` is the tool's centreline (anchor, joints, end of the last step; empty at
    speed 0) and ``tool_polygon`` its outline, ``tool_width_mm`` wide, for drawing.
    ``displaced_squadron_placements`` maps each lifted squadron to a suggested legal spot;
    ``unplaced_squadrons`` lists those that fit nowhere legal (the players settle them). ``side`` is where the tool was inserted (``None`` at speed 0);
    ``tool_overlap`` is true when the ship overlaps the tool on both sides (the RRG does not
    say what then happens for non-huge ships; the preferred side is kept).
    ``gravity_rifts`` lists the gravity rifts at distance 1-2 of the ship's starting position,
    which reduced the speed of this maneuver by one (RRG p.12); ``speed`` is the speed asked (the
    dial), ``executed_speed`` the speed moved. ``final_pose.speed`` is the speed dial after the
    maneuver: 0 after ending on a gravity rift (``on_gravity_rift``), ``speed`` after a navigate
    command, else unchanged (a scene without a known dial says 0 there, so read
    ``on_gravity_rift`` to know whether a rift set it).
    ``margin_mm``: how far the nearest deciding outline is from changing any of these verdicts
    (a ship, squadron or obstacle touching or leaving the base, the play-area edge,
    a rift's distance-2 line, the closest-ship tie; see :mod:`._margin`); ``inf`` with
    nothing to decide.
    """

    ship: str
    speed: int
    yaw_clicks: tuple[int, ...]
    executed_speed: int
    final_pose: ShipPose
    side: str | None
    tool_path_mm: tuple[tuple[float, float], ...]
    tool_width_mm: float
    overlapped_ships: tuple[str, ...] = ()
    damage_to: tuple[str, ...] = ()
    displaced_squadrons: tuple[str, ...] = ()
    displaced_squadron_placements: dict[str, tuple[float, float]] = field(default_factory=dict)
    unplaced_squadrons: tuple[str, ...] = ()
    obstacles_overlapped: tuple[str, ...] = ()
    destroyed: bool = False
    tool_overlap: bool = False
    gravity_rifts: tuple[str, ...] = ()
    on_gravity_rift: bool = False
    margin_mm: float = math.inf

    @cached_property
    def tool_polygon(self) -> Polygon | None:
        """The tool's outline in table mm (``None`` at speed 0: the tool is not placed)."""
        if len(self.tool_path_mm) < 2:
            return None
        return LineString(self.tool_path_mm).buffer(self.tool_width_mm / 2.0, cap_style="flat",
                                                    join_style="round")

    def to_json(self) -> dict[str, Any]:
        p = self.final_pose
        return {
            "ship": self.ship,
            "executed_speed": self.executed_speed,
            "x_mm": round(p.x_mm, 3),
            "y_mm": round(p.y_mm, 3),
            "heading_deg": round(p.heading_deg, 3) % 360.0,
            "overlapped_ships": list(self.overlapped_ships),
            "damage_to": list(self.damage_to),
            "displaced_squadrons": list(self.displaced_squadrons),
            "obstacles_overlapped": list(self.obstacles_overlapped),
            "destroyed": self.destroyed,
            "speed": self.speed,
            "yaw": list(self.yaw_clicks),
            "side": self.side,
            "tool_overlap": self.tool_overlap,
            "gravity_rifts": list(self.gravity_rifts),
            "speed_dial": self.final_pose.speed,
            "on_gravity_rift": self.on_gravity_rift,
            "squadron_placements": {
                k: [round(v[0], 3), round(v[1], 3)]
                for k, v in self.displaced_squadron_placements.items()
            },
            "unplaced_squadrons": list(self.unplaced_squadrons),
            "margin_mm": round(self.margin_mm, 1) + 0.0 if math.isfinite(self.margin_mm)
            else None,
            "tool_path_mm": [[round(x, 3), round(y, 3)] for x, y in self.tool_path_mm],
        }

    def apply(self, scene: Scene) -> Scene:
        """The scene after the move: ship at its final pose, lifted squadrons at their suggested
        spots (a squadron with no legal spot stays where it was, for the players to settle)."""
        out = scene.with_ship(self.final_pose)
        spots = self.displaced_squadron_placements
        if spots:
            sqs = tuple(replace(q, x_mm=spots[q.id][0], y_mm=spots[q.id][1]) if q.id in spots
                        else q for q in out.squadrons)
            out = replace(out, squadrons=sqs)
        return out


def _closest(final_plain: list[_fast.Rect], table: PieceTable, candidates: list[int]) -> int:
    """The candidate ship whose plastic base is nearest the moved ship's (ties: first listed)."""
    best, best_d = candidates[0], math.inf
    for j in sorted(candidates):
        d = min(_fast.rect_distance(m, r) for m in final_plain
                for k, r in table.plain_rect_list if k == j)
        if d < best_d - 1e-9:
            best, best_d = j, d
    return best


def execute_maneuver(scene: Scene, catalog: Catalog, ship_id: str, speed: int,
                     yaw_clicks: Sequence[int], side: str | None = None, *,
                     navigate: str | None = None, dial_speed: int | None = None,
                     start: tuple[float, float, float] | None = None,
                     table: PieceTable | None = None) -> ManeuverResult:
    """Move ship ``ship_id`` at ``speed`` with ``yaw_clicks`` and resolve every overlap.

    Parameters
    ----------
    scene, catalog : the table (mm) and the piece catalog.
    ship_id : id of the moving ship in ``scene``.
    speed : the maneuver's speed (the dial, after any navigate change), 0..max speed of the
        ship's chart. Moved at one less (at least 0) when a gravity rift is at distance 1-2.
    yaw_clicks : one signed click count per joint, positive towards the ship's port. With a
        gravity rift in reach, one value per joint of the reduced speed; values for the joints
        beyond it are ignored ("Maneuver Tool": segments beyond the final joint do not count).
    side : ``"left"`` (port) or ``"right"`` (starboard): where to insert the tool when the owner
        may choose; ignored when that side would make the ship overlap the tool and the other
        would not (RRG p.17). Default: :func:`preferred_side` (tool on the inside of the turn).
    navigate, dial_speed : see :func:`check_course`; ``dial_speed`` defaults to the scene's.
    start : (x_mm, y_mm, heading_deg) to move from instead of the scene's pose.
    table : a :class:`PieceTable` of ``scene`` to reuse across many maneuvers.

    Raises
    ------
    IllegalManeuver : speed, yaw or navigate not allowed by the speed chart (chart named), or a
        huge ship that would overlap the tool on both sides (RRG "Huge Ships").
    InputError : unknown ship id, unknown class, or a bad ``side``.
    """
    table = table if table is not None else PieceTable.from_scene(scene, catalog)
    i = table.ship_index(ship_id)
    pose, sc = table.ship_poses[i], table.ship_classes[i]
    if pose.ship_class is None:
        raise InputError(f"ship {ship_id!r} has no known class, so no speed chart", field="--ship")
    if side is not None and side not in SIDES:
        raise InputError(f"side must be left or right, got {side!r}", field="side")
    tool = catalog.maneuver_tool
    x0, y0, h0 = start if start is not None else (pose.x_mm, pose.y_mm, pose.heading_deg)
    local_dials, local_plain = table.local_rects(sc)
    start_plain = _fast.place_rects(local_plain, x0, y0, h0)
    rifts = gravity_rifts_near(table, start_plain, catalog.ruler.distance_bands_mm[1])
    asked = speed
    yaw_in = tuple(yaw_clicks)
    if rifts:
        speed = max(0, speed - 1)
        if len(yaw_in) == asked:
            yaw_in = yaw_in[:speed]
    yaw = check_course(sc, tool, asked, yaw_in, navigate=navigate,
                       dial_speed=pose.speed if dial_speed is None else dial_speed,
                       course_speed=speed, piece_id=ship_id)
    others = [(j, r) for j, r in table.ship_rect_list if j != i]

    chosen_side, points, tool_overlap = None, [], False
    final = (x0, y0, h0 % 360.0)
    executed = 0
    overlapped: list[int] = []
    margins = [_margin.rift_margin(start_plain, table, catalog.ruler.distance_bands_mm[1])]
    tried_poses: list[list[_fast.Rect]] = []     # the bases at the speeds that overlapped
    if speed > 0:
        first = side or preferred_side(yaw)
        tried = []
        for s in (first, "right" if first == "left" else "left"):
            anchor = anchor_local(sc, tool, s)
            pts, heads = course_points(tool, yaw, *anchor_on_table(anchor, x0, y0, h0), h0)
            end = pose_from_anchor(anchor, pts[-1][0], pts[-1][1], heads[-1])
            tried.append((s, anchor, pts, heads, end))
            if not _fast.tool_hits(_fast.place_rects(local_plain, *end), pts, tool.width_mm):
                break
        else:
            if sc.is_huge:
                raise IllegalManeuver(
                    "{ship} is huge and would overlap the maneuver tool on both sides "
                    "at speed {speed} yaw {yaw}", ship=f"{ship_id} ({sc.id})", speed=speed, yaw=str(list(yaw)))
            tool_overlap = True
            tried = tried[:1]
        chosen_side, anchor, points, heads, end = tried[-1]
        for s in range(speed, 0, -1):
            pose_s = end if s == speed else pose_from_anchor(
                anchor, *step_end(tool, points, heads, s))
            mine = _fast.place_rects(local_dials, *pose_s)
            hits = _fast.hits_any(mine, others)
            if not hits:
                final, executed = pose_s, s
                break
            tried_poses.append(mine)
            for j in hits:
                if j not in overlapped:
                    overlapped.append(j)

    final_dials = _fast.place_rects(local_dials, *final)
    final_plain = _fast.place_rects(local_plain, *final)
    obstacles = _obstacles_hit(final_dials, table)
    on_rift = any(table.obstacle_kinds[table.obstacle_ids.index(o)] == "gravity-rift"
                  for o in obstacles)
    final_pose = replace(pose, x_mm=float(final[0]), y_mm=float(final[1]),
                         heading_deg=float(final[2]) % 360.0,
                         speed=0 if on_rift else asked if navigate else pose.speed)

    damage: list[str] = []
    if overlapped:
        j = _closest(final_plain, table, overlapped)
        mover_flotilla, other_flotilla = sc.is_flotilla, table.ship_classes[j].is_flotilla
        if mover_flotilla == other_flotilla:
            damage = [ship_id, table.ship_ids[j]]
        else:
            damage = [ship_id] if mover_flotilla else [table.ship_ids[j]]

    lifted = _fast.discs_under(table.squadron_list, final_dials)
    placements: dict[str, tuple[float, float] | None] = {}
    if lifted:
        placements = _place(table, i, final_dials, lifted)
    unplaced = tuple(k for k, v in placements.items() if v is None)
    destroyed = _fast.outside_area(final_plain, *table.play_area_mm)
    margins += [_margin.edge_margin(final_plain, *table.play_area_mm, destroyed),
                _margin.closest_margin(final_plain, table, overlapped)]
    margins.append(_margin.ships_margin(final_dials, tried_poses, table, i, min(margins)))
    margins.append(_margin.squadrons_margin(final_dials, table, min(margins)))
    margins.append(_margin.obstacles_margin(final_dials, table, obstacles, min(margins)))

    return ManeuverResult(
        ship=ship_id, speed=asked, yaw_clicks=yaw, executed_speed=executed,
        final_pose=final_pose, side=chosen_side, tool_path_mm=tuple(points),
        tool_width_mm=tool.width_mm,
        overlapped_ships=tuple(table.ship_ids[j] for j in overlapped),
        damage_to=tuple(damage), displaced_squadrons=tuple(table.squadron_ids[k] for k in lifted),
        displaced_squadron_placements={k: v for k, v in placements.items() if v is not None},
        unplaced_squadrons=unplaced,
        obstacles_overlapped=obstacles,
        destroyed=destroyed, tool_overlap=tool_overlap,
        gravity_rifts=rifts, on_gravity_rift=on_rift, margin_mm=max(0.0, min(margins)),
    )


def gravity_rifts_in_reach(scene: Scene, catalog: Catalog, ship_id: str,
                           table: PieceTable | None = None) -> tuple[str, ...]:
    """Ids of the gravity rifts at distance 1-2 of ship ``ship_id`` where it stands.

    RRG "Obstacles" p.12: "When a ship deploys at distance 1-2 of a gravity rift, its speed
    dial must be set to speed '0'" (setup; ``game.ShipAdded(gravity_rift=True)``), and such a
    ship determines its course at one speed less (:func:`execute_maneuver` measures the same
    way). Distance from the plastic base (shield dials ignored, p.11) to the token, the
    distance-2 line included (p.15). Raises :class:`InputError` for an unknown ship id.
    """
    if not any(catalog.obstacles[o.obstacle].kind == "gravity-rift" for o in scene.obstacles
               if o.obstacle in catalog.obstacles):
        return ()
    table = table if table is not None else PieceTable.from_scene(scene, catalog)
    i = table.ship_index(ship_id)
    pose, sc = table.ship_poses[i], table.ship_classes[i]
    plain = _fast.place_rects(table.local_rects(sc)[1], pose.x_mm, pose.y_mm, pose.heading_deg)
    return gravity_rifts_near(table, plain, catalog.ruler.distance_bands_mm[1])


def gravity_rifts_near(table: PieceTable, plain: list[_fast.Rect],
                       reach_mm: float) -> tuple[str, ...]:
    """Ids of the gravity rifts at ``reach_mm`` or less of the plastic base ``plain``.

    Non-attack distance: closest point of the base (shield dials ignored, RRG "Measuring Firing
    Arc and Range", p.11) to closest point of the token; a band's outer line belongs to it, so a
    rift exactly ``reach_mm`` away (the distance-2 edge) is at distance 2 (RRG p.15).
    """
    ks = [k for k, kind in enumerate(table.obstacle_kinds) if kind == "gravity-rift"]
    if not ks:
        return ()
    polys = [Polygon(_fast.corners(r)) for r in plain]
    base = polys[0] if len(polys) == 1 else shapely.union_all(polys)
    return tuple(table.obstacle_ids[k] for k in ks
                 if base.distance(table.obstacle_polys[k]) <= reach_mm)


def _place(table: PieceTable, i: int, final_dials: list[_fast.Rect],
           lifted: list[int]) -> dict[str, tuple[float, float] | None]:
    blockers = [r for j, r in table.ship_rect_list if j != i] + list(final_dials)
    gone = set(lifted)
    return place_squadrons(
        final_dials, blockers,
        [(table.squadron_ids[k], table.squadron_list[k][:2], table.squadron_list[k][2])
         for k in lifted],
        [q for k, q in enumerate(table.squadron_list) if k not in gone], table.play_area_mm)


def _obstacles_hit(rects: list[_fast.Rect], table: PieceTable) -> tuple[str, ...]:
    """Obstacles the base overlaps (shared area above OBSTACLE_AREA_TOL_MM2)."""
    if not table.obstacle_ids:
        return ()
    pts = [p for r in rects for p in _fast.corners(r)]
    x_lo, x_hi = min(p[0] for p in pts), max(p[0] for p in pts)
    y_lo, y_hi = min(p[1] for p in pts), max(p[1] for p in pts)
    near = [k for k, (bx0, by0, bx1, by1) in enumerate(table.obstacle_bound_list)
            if bx0 <= x_hi and bx1 >= x_lo and by0 <= y_hi and by1 >= y_lo]
    if not near:
        return ()
    polys = [Polygon(_fast.corners(r)) for r in rects]
    base = polys[0] if len(polys) == 1 else shapely.union_all(polys)
    hit = []
    for k in near:
        ob = table.obstacle_polys[k]
        if ob.intersects(base) and base.intersection(ob).area > OBSTACLE_AREA_TOL_MM2:
            hit.append(table.obstacle_ids[k])
    return tuple(hit)
