"""The other pieces on the table, prepared once for many overlap tests (numpy arrays, shapely).

A :class:`PieceTable` is built from a Scene and the catalog. Ship bases are rectangles (two for
huge ships) with their shield dials and dial frames, which count for overlapping (RRG
"Overlapping", p.14); squadrons are exact circles; obstacles are shapely polygons with their
bounding boxes for pruning.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon

from armada_vision.catalog import Catalog, ShipClass, SquadronClass
from armada_vision.errors import InputError
from armada_vision.geometry import obstacle_polygon
from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose

from ._fast import Rect, place_rects
from ._shapes import EMPTY_RECTS, Rects


def ship_local_rects(ship: ShipClass, *, with_shield_dials: bool) -> np.ndarray:
    """(N, 4) base rectangles in the ship frame: centre x, centre y, length, width (mm).

    With ``with_shield_dials`` each base is widened by ``shield_dial_depth_mm`` a side: the
    dials and their frames, which count for overlapping only (RRG "Overlapping", p.14).
    """
    extra = 2.0 * ship.shield_dial_depth_mm if with_shield_dials else 0.0
    return np.array([[bx, by, ship.base.length_mm, ship.base.width_mm + extra]
                     for bx, by in ship.bases], dtype=np.float64)


def ship_class_for(catalog: Catalog, pose: ShipPose) -> ShipClass:
    """The pose's ship class; an unknown detected ship borrows a catalog class of its size."""
    if pose.ship_class is not None:
        try:
            return catalog.ship(pose.ship_class)
        except KeyError:
            raise InputError(f"unknown ship class {pose.ship_class!r}",
                             field=f"ship {pose.id}") from None
    for cls in catalog.ships.values():
        if cls.size_class == pose.size_class:
            return cls
    raise InputError(f"no ship class of size {pose.size_class!r} in the catalog",
                     field=f"ship {pose.id}")


def squadron_class_for(catalog: Catalog, pose: SquadronPose) -> SquadronClass:
    """The pose's squadron class; an unknown detected squadron borrows the first catalog class."""
    if pose.squadron_class is not None:
        try:
            return catalog.squadron(pose.squadron_class)
        except KeyError:
            raise InputError(f"unknown squadron class {pose.squadron_class!r}",
                             field=f"squadron {pose.id}") from None
    if not catalog.squadrons:
        raise InputError("no squadron classes in the catalog", field=f"squadron {pose.id}")
    return next(iter(catalog.squadrons.values()))


def obstacle_outline(catalog: Catalog, pose: ObstaclePose) -> Polygon:
    """The obstacle in table mm: the catalog outline at its pose, else the detected outline."""
    if pose.obstacle is not None and pose.obstacle in catalog.obstacles:
        return obstacle_polygon(catalog.obstacle(pose.obstacle), pose.x_mm, pose.y_mm,
                                pose.heading_deg, pose.flipped)
    if pose.outline_mm:
        poly = Polygon(pose.outline_mm)
        return poly if poly.is_valid else shapely.make_valid(poly)
    raise InputError(f"unknown obstacle {pose.obstacle!r} and no outline_mm",
                     field=f"obstacle {pose.id}")


def obstacle_shape_known(pose: ObstaclePose) -> bool:
    """Whether an obstacle can be placed: it names a class (a class not in the catalog is the
    caller's error to report), or it has a detected outline (the scene reader ensures 3+ points)."""
    return pose.obstacle is not None or bool(pose.outline_mm)


def skipped_obstacle_notes(scene: Scene) -> list[str]:
    """One note per obstacle of no class and no outline (a token the detector saw but could
    not shape): the movement rules leave it out, as ``check`` does (``rules._frame``, the same
    words)."""
    return [f"obstacle {o.id!r} skipped: neither its kind nor its outline is known"
            for o in scene.obstacles if not obstacle_shape_known(o)]


def _obstacle_kind(catalog: Catalog, pose: ObstaclePose) -> str | None:
    """The catalog kind (``asteroid``, ``gravity-rift``, ...) of an obstacle, ``None`` if unknown."""
    if pose.obstacle is not None and pose.obstacle in catalog.obstacles:
        return catalog.obstacle(pose.obstacle).kind
    return None


def _rects_array(items: list[tuple[int, Rect]]) -> Rects:
    if not items:
        return EMPTY_RECTS
    a = np.array([r for _, r in items], dtype=np.float64)
    return Rects(a[:, 0:2].copy(), a[:, 2:4].copy(), a[:, 4].copy(), a[:, 5].copy())


class PieceTable:
    """Every piece of a scene, ready for many overlap tests.

    ``ship_rect_list`` holds ``(ship index, rectangle)`` for every ship base with shield dials
    (see :mod:`._fast` for the rectangle tuple), ``plain_rect_list`` the same without dials (for
    distances and the play-area edge); ``squadron_list`` holds ``(x_mm, y_mm, radius_mm)``;
    obstacles are prepared shapely polygons with their bounding boxes. ``ship_rects``,
    ``plain_rects``, ``ship_of_rect``, ``squadron_centres`` and ``squadron_radii`` are numpy
    views of the same, for vectorised use.
    """

    def __init__(self, scene: Scene, catalog: Catalog):
        self.play_area_mm = scene.play_area_mm
        self.ship_ids = [s.id for s in scene.ships]
        self.ship_poses = list(scene.ships)
        self.ship_classes = [ship_class_for(catalog, s) for s in scene.ships]
        self.cache: dict[str, Any] = {}
        self.ship_rect_list: list[tuple[int, Rect]] = []
        self.plain_rect_list: list[tuple[int, Rect]] = []
        for i, (s, sc) in enumerate(zip(self.ship_poses, self.ship_classes)):
            dials, plain = self.local_rects(sc)
            self.ship_rect_list += [(i, r) for r in place_rects(dials, s.x_mm, s.y_mm,
                                                                 s.heading_deg)]
            self.plain_rect_list += [(i, r) for r in place_rects(plain, s.x_mm, s.y_mm,
                                                                  s.heading_deg)]
        self.squadron_ids = [q.id for q in scene.squadrons]
        self.squadron_list = [(float(q.x_mm), float(q.y_mm),
                               squadron_class_for(catalog, q).radius_mm) for q in scene.squadrons]
        obstacles = [o for o in scene.obstacles if obstacle_shape_known(o)]  # as check does
        self.obstacle_ids = [o.id for o in obstacles]
        self.obstacle_kinds = [_obstacle_kind(catalog, o) for o in obstacles]
        self.obstacle_polys: list[Polygon] = [obstacle_outline(catalog, o) for o in obstacles]
        for p in self.obstacle_polys:
            shapely.prepare(p)
        self.obstacle_bound_list = [tuple(p.bounds) for p in self.obstacle_polys]

    @classmethod
    def from_scene(cls, scene: Scene, catalog: Catalog) -> PieceTable:
        return cls(scene, catalog)

    def local_rects(self, sc: ShipClass) -> tuple[list, list]:
        """Ship-frame base rectangles of class ``sc``: (with shield dials, without), cached."""
        key = f"local:{sc.id}"
        local = self.cache.get(key)
        if local is None:
            local = (ship_local_rects(sc, with_shield_dials=True).tolist(),
                     ship_local_rects(sc, with_shield_dials=False).tolist())
            self.cache[key] = local
        return local

    @functools.cached_property
    def ship_rects(self) -> Rects:
        return _rects_array(self.ship_rect_list)

    @functools.cached_property
    def plain_rects(self) -> Rects:
        return _rects_array(self.plain_rect_list)

    @functools.cached_property
    def ship_of_rect(self) -> np.ndarray:
        return np.array([j for j, _ in self.ship_rect_list], dtype=np.intp)

    @functools.cached_property
    def squadron_centres(self) -> np.ndarray:
        return np.array([q[:2] for q in self.squadron_list], dtype=np.float64).reshape(-1, 2)

    @functools.cached_property
    def squadron_radii(self) -> np.ndarray:
        return np.array([q[2] for q in self.squadron_list], dtype=np.float64)

    def ship_index(self, ship_id: str) -> int:
        """Index of ship ``ship_id``; InputError (``--ship``) saying what the id is otherwise:
        a squadron (which moves by distance, not with the maneuver tool), an obstacle, or none
        of the scene's ships (listed)."""
        if ship_id in self.ship_ids:
            return self.ship_ids.index(ship_id)
        if ship_id in self.squadron_ids:
            raise InputError(f"{ship_id!r} is a squadron: the maneuver tool moves ships; a squadron "
                             "moves up to its speed in distance (RRG 'Squadron Movement'): put it "
                             "where it ends in the scene", field="--ship")
        if ship_id in self.obstacle_ids:
            raise InputError(f"{ship_id!r} is an obstacle, not a ship", field="--ship")
        ships = ", ".join(self.ship_ids[:8]) + (", ..." if len(self.ship_ids) > 8 else "")
        raise InputError(f"no ship {ship_id!r} in the scene "
                         f"({'its ships: ' + ships if ships else 'it has no ships'})",
                         field="--ship")
