"""Random table scenes for tests and the detection benchmark: no two pieces overlap and every
footprint lies inside the play area."""

from __future__ import annotations

import numpy as np
from shapely.geometry import Polygon, box

from armada_vision.catalog import Catalog
from armada_vision.errors import InputError
from armada_vision.geometry import obstacle_polygon, ship_base_polygon, squadron_disc
from armada_vision.scene import PLAY_AREA_6X3_MM, ObstaclePose, Scene, ShipPose, SquadronPose

MAX_TRIES_PER_PIECE = 400


def random_scene(catalog: Catalog, rng: np.random.Generator, n_ships: int = 6, n_squadrons: int = 8,
                 n_obstacles: int = 6, play_area_mm: tuple[float, float] = PLAY_AREA_6X3_MM,
                 gap_mm: float = 2.0, ship_classes=None, squadron_classes=None,
                 obstacle_classes=None) -> Scene:
    """A Scene with pieces at random poses, placed largest first.

    Footprints (ship bases with their shield dials, squadron discs, obstacle tokens) stay at
    least ``gap_mm`` apart and inside the play area. Classes are drawn uniformly from the catalog
    (or from the given id lists); players alternate 1, 2, 1, ... Ids are ``ship-1``, ``sq-1``,
    ``obs-1``, ...

    Raises ``InputError`` when the catalog has no class of a requested kind, and ``ValueError``
    when the pieces do not fit after many tries.
    """
    area = box(0.0, 0.0, *play_area_mm)
    placed: list[Polygon] = []

    def place(make) -> tuple:
        for _ in range(MAX_TRIES_PER_PIECE):
            x = float(rng.uniform(0.0, play_area_mm[0]))
            y = float(rng.uniform(0.0, play_area_mm[1]))
            h = float(rng.uniform(0.0, 360.0))
            poly, extra = make(x, y, h)
            if not area.contains(poly):
                continue
            grown = poly.buffer(gap_mm / 2.0, quad_segs=4)
            if any(grown.intersects(p) for p in placed):
                continue
            placed.append(grown)
            return x, y, h, extra
        raise ValueError("could not place every piece without overlap; ask for fewer pieces")

    def pick(ids, kind):
        pool = list(ids)
        if not pool:
            raise InputError(f"the catalog has no {kind} classes to place")
        return pool

    obstacles, ships, squadrons = [], [], []
    if n_obstacles:
        pool = pick(obstacle_classes or catalog.obstacles, "obstacle")
        for i in range(n_obstacles):
            cls = catalog.obstacle(pool[int(rng.integers(len(pool)))])
            flipped = bool(rng.random() < 0.3)
            x, y, h, _ = place(lambda x, y, h, c=cls, f=flipped: (obstacle_polygon(c, x, y, h, f), None))
            obstacles.append(ObstaclePose(f"obs-{i + 1}", cls.id, x, y, round(h, 3), flipped))
    if n_ships:
        pool = pick(ship_classes or catalog.ships, "ship")
        classes = [catalog.ship(pool[int(rng.integers(len(pool)))]) for _ in range(n_ships)]
        order = sorted(range(n_ships), key=lambda i: -classes[i].base.length_mm * classes[i].base.width_mm)
        out = {}
        for i in order:
            cls = classes[i]
            x, y, h, _ = place(lambda x, y, h, c=cls: (
                ship_base_polygon(c, x, y, h, with_shield_dials=True), None))
            speed = int(rng.integers(1, cls.max_speed + 1)) if cls.max_speed else 0
            out[i] = ShipPose(f"ship-{i + 1}", cls.id, 1 + i % 2, x, y, round(h, 3), speed)
        ships = [out[i] for i in range(n_ships)]
    if n_squadrons:
        pool = pick(squadron_classes or catalog.squadrons, "squadron")
        for i in range(n_squadrons):
            cls = catalog.squadron(pool[int(rng.integers(len(pool)))])
            x, y, _, _ = place(lambda x, y, h, c=cls: (squadron_disc(c, x, y), None))
            squadrons.append(SquadronPose(f"sq-{i + 1}", cls.id, 1 + i % 2, x, y))
    return Scene(tuple(ships), tuple(squadrons), tuple(obstacles), tuple(play_area_mm))


def footprints(scene: Scene, catalog: Catalog) -> dict[str, Polygon]:
    """Every piece's footprint in table mm (ship bases with shield dials), by id."""
    out: dict[str, Polygon] = {}
    for s in scene.ships:
        out[s.id] = ship_base_polygon(catalog.ship(s.ship_class), s.x_mm, s.y_mm, s.heading_deg,
                                      with_shield_dials=True)
    for q in scene.squadrons:
        out[q.id] = squadron_disc(catalog.squadron(q.squadron_class), q.x_mm, q.y_mm)
    for o in scene.obstacles:
        out[o.id] = obstacle_polygon(catalog.obstacle(o.obstacle), o.x_mm, o.y_mm, o.heading_deg, o.flipped)
    return out


__all__ = ["footprints", "random_scene"]
