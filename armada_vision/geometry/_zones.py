"""Hull zones, firing arcs and targeting points of a ship class, in its own frame and in table mm.

A hull zone is the cardboard token cut by its printed arc lines (RRG "Hull Zone", p.8); a firing
arc is the area between the zone's two arc lines extended without end, and the printed line's
width belongs to the arc, so a piece touching only the line is in both neighbouring arcs (RRG
"Firing Arc", p.6). Pure: numpy and shapely 2 only.

Catalog coordinates (``arc_lines``, ``targeting_points``) are in the token frame (origin at the
token centre, +x to the bow, +y to port); ``token.offset_mm`` moves them into the ship frame whose
origin is the pose (DESIGN.md).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon

from armada_vision.catalog import ShipClass
from armada_vision.errors import InputError

from ._pieces import ship_base_local, ship_token_local, to_table

# Printed arc-line width 0.4 mm (S2 HULLZONE_DIVIDER_WIDTH, armada-geometry.md 2.2); the line
# belongs to both neighbouring arcs, so each arc reaches half the width past the mathematical line.
ARC_LINE_HALF_WIDTH_MM = 0.2
# Firing arcs are infinite; we close them this far from the ship, beyond any 6' x 3' table (the
# diagonal is 2045 mm).
ARC_FAR_MM = 6000.0
_ARC_STEP_DEG = 5.0


@dataclass(frozen=True)
class ShipLocal:
    """Per-class geometry in the ship frame (origin at the pose), computed once per class.

    ``zones[zone]`` is the zone outline (N, 2) without the closing vertex; ``arcs[zone]`` the
    firing-arc outline (M, 2); ``arc_rays[zone]`` the two bounding rays as (origin (2,), unit
    direction (2,), unit normal into the arc (2,)), shifted outwards by half the printed line;
    ``arc_reflex[zone]`` is True for an arc wider than 180 degrees; ``targeting[zone]`` (2,);
    ``token`` (4, 2); ``bases`` list of (4, 2); ``radius_mm`` bounds every part (token, base)
    around the pose origin. ``zone_convex[zone]`` is False for a zone with a reflex corner
    (e.g. one wrapping a neighbour whose arc lines meet inside the token): the compiled
    kernels of the rules core assume convex zones, and route the others to shapely.
    """

    zones: dict[str, np.ndarray]
    arcs: dict[str, np.ndarray]
    arc_rays: dict[str, tuple[tuple[np.ndarray, np.ndarray, np.ndarray], ...]]
    arc_reflex: dict[str, bool]
    targeting: dict[str, np.ndarray]
    token: np.ndarray
    bases: list[np.ndarray]
    radius_mm: float
    zone_convex: dict[str, bool]


_CLASS_CACHE: dict[int, tuple[ShipClass, ShipLocal]] = {}


def ship_local(ship: ShipClass) -> ShipLocal:
    """The class's hull zones, arcs and targeting points in its own frame (cached per class).

    Raises :class:`InputError` naming the class file when its arc lines do not cut the token into
    one piece per hull zone around that zone's targeting point.
    """
    hit = _CLASS_CACHE.get(id(ship))
    if hit is not None and hit[0] is ship:
        return hit[1]
    local = _build_local(ship)
    _CLASS_CACHE[id(ship)] = (ship, local)
    return local


def _build_local(ship: ShipClass) -> ShipLocal:
    off = np.asarray(ship.token.offset_mm, dtype=float)
    token_xy = ship_token_local(ship)
    token = Polygon(token_xy)
    tps = {z: np.asarray(ship.targeting_points[z], dtype=float) + off for z in ship.hull_zones}
    lines = {n: (np.asarray(a, float) + off, np.asarray(b, float) + off)
             for n, (a, b) in ship.arc_lines.items()}
    zones = _split_token(ship, token, lines, tps)
    arcs, rays, reflex = {}, {}, {}
    for zone, (la, lb) in ship.zone_lines.items():
        arcs[zone], rays[zone], reflex[zone] = _arc_local(lines[la], lines[lb], zones[zone])
    bases = ship_base_local(ship)
    radius = max(float(np.max(np.hypot(*np.vstack([token_xy, *bases]).T))), 1.0)
    zone_xy = {z: np.asarray(p.exterior.coords)[:-1] for z, p in zones.items()}
    convex = {z: is_convex(xy) for z, xy in zone_xy.items()}
    return ShipLocal(zone_xy, arcs, rays, reflex, tps, token_xy, bases, radius, convex)


# A corner bent inwards by less than this (mm of the turn's cross product per mm of both edges,
# i.e. the sine of the turn) is taken as straight: rounding of a printed line's end, not a notch.
_CONVEX_SIN_TOL = 1e-9


def is_convex(ring: np.ndarray) -> bool:
    """Whether the simple polygon ``ring`` (N, 2), without its closing vertex, is convex.

    Every turn along the outline goes the same way (straight corners allowed). Examples: a
    triangle or a rectangle is convex; the test-fan's front zone (the token with a triangular
    notch cut from its rear edge) is not.
    """
    pts = np.asarray(ring, dtype=float)
    e = np.roll(pts, -1, axis=0) - pts
    e = e[np.hypot(e[:, 0], e[:, 1]) > 1e-12]
    if len(e) < 3:
        return True
    f = np.roll(e, -1, axis=0)
    turn = (e[:, 0] * f[:, 1] - e[:, 1] * f[:, 0]) / (np.hypot(*e.T) * np.hypot(*f.T))
    return bool((turn >= -_CONVEX_SIN_TOL).all() or (turn <= _CONVEX_SIN_TOL).all())


def _split_token(ship: ShipClass, token: Polygon, lines, tps) -> dict[str, Polygon]:
    """Cut the token by the arc lines and give each piece to the zone whose targeting point it holds.

    The lines are extended 2 mm past the token edge so they cut it cleanly; their inner points are
    joined by their convex hull, which separates zones whose lines meet at different centreline
    points (or start off the axis). A piece holding no targeting point joins the neighbour it
    shares the longest border with.
    """
    segs = []
    for a, b in lines.values():
        d = b - a
        n = float(np.hypot(*d))
        if n < 1e-9:
            raise InputError("arc line has zero length", source=ship.source, field="arc_lines")
        segs.append(LineString([a, b + d / n * 2.0]))
    inner = np.unique(np.round(np.array([a for a, _ in lines.values()]), 6), axis=0)
    if len(inner) > 1:
        hull = MultiPoint([tuple(p) for p in inner]).convex_hull
        segs.append(hull.boundary if isinstance(hull, Polygon) else hull)
    noded = shapely.union_all([token.exterior, *segs])
    pieces = [p for p in shapely.get_parts(shapely.polygonize(shapely.get_parts(noded)))
              if token.covers(p.representative_point())]
    owner: list[str | None] = []
    for p in pieces:
        inside = [z for z, tp in tps.items() if p.covers(Point(tp))]
        if len(inside) > 1:
            raise InputError(f"arc lines do not separate hull zones {' and '.join(inside)}",
                             source=ship.source, field="arc_lines")
        owner.append(inside[0] if inside else None)
    for z in tps:
        if z not in owner:
            raise InputError(f"targeting point of hull zone {z!r} is not on the token",
                             source=ship.source, field=f"targeting_points.{z}")
    # Orphan pieces (e.g. the small area inside the hull of off-axis inner points) join the
    # neighbour with the longest shared border.
    for _ in range(len(pieces)):
        orphans = [i for i, o in enumerate(owner) if o is None]
        if not orphans:
            break
        for i in orphans:
            best, best_len = None, 0.0
            for j, o in enumerate(owner):
                if o is None:
                    continue
                shared = pieces[i].boundary.intersection(pieces[j].boundary).length
                if shared > best_len:
                    best, best_len = o, shared
            owner[i] = best
    zones = {}
    for z in tps:
        parts = [p for p, o in zip(pieces, owner) if o == z]
        merged = shapely.union_all(parts) if len(parts) > 1 else parts[0]
        merged = shapely.simplify(merged, 1e-9)
        if not isinstance(merged, Polygon):
            raise InputError(f"hull zone {z!r} is not one connected piece",
                             source=ship.source, field="arc_lines")
        zones[z] = merged
    return zones


def _unit(v: np.ndarray) -> np.ndarray:
    return v / float(np.hypot(*v))


def _arc_local(line_a, line_b, zone: Polygon):
    """Firing-arc outline (M, 2) between two arc lines, widened by half the printed line."""
    centre = np.asarray(zone.centroid.coords[0])
    rays = []
    for a0, a1 in (line_a, line_b):
        d = _unit(a1 - a0)
        n = np.array([-d[1], d[0]])
        if np.dot(n, centre - a0) > 0:
            n = -n
        rays.append((a0 + n * ARC_LINE_HALF_WIDTH_MM, d, -n))
    (oa, da, _), (ob, db, _) = rays
    mid = (oa + ob) / 2.0
    ta, tb = math.atan2(da[1], da[0]), math.atan2(db[1], db[0])
    tc = math.atan2(centre[1] - mid[1], centre[0] - mid[0])
    ccw = (tb - ta) % (2 * math.pi)
    # Sweep from ray a to ray b the way that passes the zone's own direction.
    if (tc - ta) % (2 * math.pi) <= ccw:
        sweep = ccw
    else:
        sweep = -((ta - tb) % (2 * math.pi))
    steps = max(2, int(math.ceil(abs(math.degrees(sweep)) / _ARC_STEP_DEG)))
    ts = ta + sweep * np.linspace(0.0, 1.0, steps + 1)[1:-1]
    far = mid + ARC_FAR_MM * np.column_stack([np.cos(ts), np.sin(ts)])
    pts = np.vstack([oa, oa + ARC_FAR_MM * da, far, ob + ARC_FAR_MM * db, ob])
    if np.allclose(oa, ob):
        pts = pts[:-1]
    poly = Polygon(pts)
    if not poly.is_valid:
        poly = shapely.make_valid(poly)
        pts = np.asarray(poly.exterior.coords)[:-1] if isinstance(poly, Polygon) else pts
    return pts, tuple(rays), abs(sweep) > math.pi


# --------------------------------------------------------------------------- table frame

_POSE_CACHE: OrderedDict = OrderedDict()
_POSE_CACHE_SIZE = 256


def clear_pose_cache() -> None:
    """Forget every cached per-pose polygon (per-class geometry is kept)."""
    _POSE_CACHE.clear()


def _posed(kind: str, ship: ShipClass, x_mm: float, y_mm: float, heading_deg: float, build):
    key = (kind, id(ship), float(x_mm), float(y_mm), float(heading_deg))
    hit = _POSE_CACHE.get(key)
    if hit is not None and hit[0] is ship:
        _POSE_CACHE.move_to_end(key)
        return hit[1]
    value = build()
    _POSE_CACHE[key] = (ship, value)
    if len(_POSE_CACHE) > _POSE_CACHE_SIZE:
        _POSE_CACHE.popitem(last=False)
    return value


def pose_xyh(pose) -> tuple[float, float, float]:
    """(x_mm, y_mm, heading_deg) of a ``ShipPose`` (or anything with those attributes) or a triple."""
    if hasattr(pose, "x_mm"):
        return float(pose.x_mm), float(pose.y_mm), float(pose.heading_deg)
    x_mm, y_mm, heading_deg = pose
    return float(x_mm), float(y_mm), float(heading_deg)


def hull_zone_polygons(ship: ShipClass, pose) -> dict[str, Polygon]:
    """Hull-zone polygons in table mm, by zone name (cardboard only, RRG "Hull Zone", p.8).

    ``pose`` is a ``ShipPose`` or ``(x_mm, y_mm, heading_deg)``: the centre of the plastic base
    (DESIGN.md). Cached per pose. Raises :class:`InputError` if the class's arc lines do not cut
    its token into its zones.
    """
    x_mm, y_mm, heading_deg = pose_xyh(pose)
    def build():
        local = ship_local(ship)
        return {z: Polygon(to_table(xy, x_mm, y_mm, heading_deg)) for z, xy in local.zones.items()}
    return _posed("zones", ship, x_mm, y_mm, heading_deg, build)


def firing_arc(ship: ShipClass, pose, zone: str) -> Polygon:
    """The firing arc of ``zone`` in table mm, closed 6 m from the ship (RRG "Firing Arc", p.6).

    The two arc lines are extended without end and each is widened outwards by half the printed
    line (0.2 mm), so a piece touching only the line is in both neighbouring arcs.
    Raises ``KeyError`` for a zone the class does not have.
    """
    x_mm, y_mm, heading_deg = pose_xyh(pose)
    def build():
        local = ship_local(ship)
        return {z: Polygon(to_table(xy, x_mm, y_mm, heading_deg)) for z, xy in local.arcs.items()}
    return _posed("arcs", ship, x_mm, y_mm, heading_deg, build)[zone]


def targeting_points(ship: ShipClass, pose) -> dict[str, tuple[float, float]]:
    """Each hull zone's printed targeting point in table mm (RRG "Line of Sight", p.10)."""
    x_mm, y_mm, heading_deg = pose_xyh(pose)
    local = ship_local(ship)
    out = {}
    for z, p in local.targeting.items():
        q = to_table(p, x_mm, y_mm, heading_deg)[0]
        out[z] = (float(q[0]), float(q[1]))
    return out
