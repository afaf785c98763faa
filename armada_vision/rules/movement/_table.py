"""The other pieces on the table, prepared once for many overlap tests (numpy arrays, shapely).

A :class:`PieceTable` is built from a Scene and the catalog. Ship bases are rectangles (two for
huge ships) with their shield dials and dial frames, which count for overlapping (RRG
"Overlapping", p.14); squadrons are exact circles; obstacles are shapely polygons with their
bounding boxes for pruning.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon

from armada_vision.catalog import Catalog, ShipClass, SquadronClass
from armada_vision.errors import InputError
from armada_vision.geometry import obstacle_polygon
from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose

from ._fast import Rect
from ._shapes import EMPTY_RECTS, Rects, local_rects_to_table


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


@dataclass
class PieceTable:
    """Every piece of a scene, ready for vectorised overlap tests.

    ``ship_rects`` hold all ship bases with shield dials, ``ship_of_rect[i]`` the index into
    ``ship_ids`` of rectangle i; ``plain_rects`` the same without dials (for distances).
    """

    play_area_mm: tuple[float, float]
    ship_ids: list[str]
    ship_poses: list[ShipPose]
    ship_classes: list[ShipClass]
    ship_rects: Rects
    plain_rects: Rects
    ship_of_rect: np.ndarray
    squadron_ids: list[str]
    squadron_centres: np.ndarray
    squadron_radii: np.ndarray
    obstacle_ids: list[str]
    obstacle_polys: list[Polygon]
    obstacle_bounds: np.ndarray
    cache: dict[str, Any]
    # scalar copies for the per-move hot path (see ._fast)
    ship_rect_list: list[tuple[int, Rect]] = field(default_factory=list)
    plain_rect_list: list[tuple[int, Rect]] = field(default_factory=list)
    squadron_list: list[tuple[float, float, float]] = field(default_factory=list)
    obstacle_bound_list: list[tuple[float, float, float, float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.ship_rect_list = self._scalar(self.ship_rects)
        self.plain_rect_list = self._scalar(self.plain_rects)
        self.squadron_list = [(float(x), float(y), float(rr)) for (x, y), rr
                              in zip(self.squadron_centres, self.squadron_radii)]
        self.obstacle_bound_list = [tuple(float(v) for v in b) for b in self.obstacle_bounds]

    @classmethod
    def from_scene(cls, scene: Scene, catalog: Catalog) -> PieceTable:
        ids, poses, classes, rects, plain, owner = [], [], [], [], [], []
        for i, s in enumerate(scene.ships):
            sc = ship_class_for(catalog, s)
            ids.append(s.id)
            poses.append(s)
            classes.append(sc)
            r = local_rects_to_table(ship_local_rects(sc, with_shield_dials=True),
                                     s.x_mm, s.y_mm, s.heading_deg)
            rects.append(r)
            plain.append(local_rects_to_table(ship_local_rects(sc, with_shield_dials=False),
                                              s.x_mm, s.y_mm, s.heading_deg))
            owner.extend([i] * len(r))
        sq = scene.squadrons
        centres = np.array([[q.x_mm, q.y_mm] for q in sq], dtype=np.float64).reshape(-1, 2)
        radii = np.array([squadron_class_for(catalog, q).radius_mm for q in sq], dtype=np.float64)
        polys = [obstacle_outline(catalog, o) for o in scene.obstacles]
        for p in polys:
            shapely.prepare(p)
        bounds = np.array([p.bounds for p in polys], dtype=np.float64).reshape(-1, 4)
        return cls(
            play_area_mm=scene.play_area_mm, ship_ids=ids, ship_poses=poses,
            ship_classes=classes,
            ship_rects=Rects.concat(rects) if rects else EMPTY_RECTS,
            plain_rects=Rects.concat(plain) if plain else EMPTY_RECTS,
            ship_of_rect=np.array(owner, dtype=np.intp),
            squadron_ids=[q.id for q in sq], squadron_centres=centres, squadron_radii=radii,
            obstacle_ids=[o.id for o in scene.obstacles], obstacle_polys=polys,
            obstacle_bounds=bounds, cache={},
        )

    def _scalar(self, r: Rects) -> list[tuple[int, Rect]]:
        return [(int(self.ship_of_rect[k]),
                 (float(r.c[k, 0]), float(r.c[k, 1]), float(r.u[k, 0]), float(r.u[k, 1]),
                  float(r.hl[k]), float(r.hw[k]), float(math.hypot(r.hl[k], r.hw[k]))))
                for k in range(len(r))]

    def ship_index(self, ship_id: str) -> int:
        try:
            return self.ship_ids.index(ship_id)
        except ValueError:
            raise InputError(f"no ship {ship_id!r} in the scene", field="--ship") from None

    def other_ship_mask(self, index: int) -> np.ndarray:
        """Boolean mask over ``ship_rects``: rectangles of ships other than ``index``."""
        key = f"others:{index}"
        m = self.cache.get(key)
        if m is None:
            m = self.ship_of_rect != index
            self.cache[key] = m
        return m
