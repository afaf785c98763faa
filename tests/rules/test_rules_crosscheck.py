"""Random tables with the bundled pieces: every verdict agrees with a plain shapely reading of
the rules (arc, attack range to the in-arc part, LOS/range line through other hull zones,
obstruction by the visible part of obstacles and by other ships' bases)."""

import random

import pytest
import shapely
from shapely.geometry import LineString, Point

from armada_vision.geometry import (
    firing_arc,
    hull_zone_polygons,
    obstacle_polygon,
    ship_base_polygon,
)
from armada_vision.rules import check_scene
from armada_vision.scene import ObstaclePose, Scene, ShipPose, SquadronPose


def _table(catalog, seed):
    rnd = random.Random(seed)
    ships = sorted(catalog.ships)
    obstacles = sorted(catalog.obstacles)

    def xy():
        return rnd.uniform(100, 600), rnd.uniform(100, 500)
    return Scene(
        tuple(ShipPose(f"s{i}", rnd.choice(ships), 1 + i % 2, *xy(), rnd.uniform(0, 360))
              for i in range(5)),
        tuple(SquadronPose(f"q{i}", "tie-fighter-squadron", 1 + i % 2, *xy()) for i in range(4)),
        tuple(ObstaclePose(f"o{i}", rnd.choice(obstacles), *xy(), rnd.uniform(0, 360))
              for i in range(3)),
    )


@pytest.mark.parametrize("seed", range(6))
def test_random_table_agrees_with_a_plain_shapely_reading(catalog, seed):
    scene = _table(catalog, seed)
    zones, arcs, bases = {}, {}, {}
    for p in scene.ships:
        cls = catalog.ship(p.ship_class)
        for z, poly in hull_zone_polygons(cls, p).items():
            zones[(p.id, z)] = poly
            arcs[(p.id, z)] = firing_arc(cls, p, z)
        bases[p.id] = ship_base_polygon(cls, p.x_mm, p.y_mm, p.heading_deg)
    for q in scene.squadrons:
        r = catalog.squadron(q.squadron_class).radius_mm
        zones[(q.id, None)] = Point(q.x_mm, q.y_mm).buffer(r, quad_segs=256)
    covered = shapely.union_all(list(bases.values()))
    visible = {o.id: obstacle_polygon(catalog.obstacle(o.obstacle), o.x_mm, o.y_mm,
                                      o.heading_deg).difference(covered)
               for o in scene.obstacles}
    dust = {o.id for o in scene.obstacles if catalog.obstacle(o.obstacle).kind == "dust"}
    for c in check_scene(scene, catalog):
        att, dfd = zones[(c.attacker, c.attacking_zone)], zones[(c.defender, c.defending_zone)]
        arc = arcs.get((c.attacker, c.attacking_zone))
        in_arc = arc is None or arc.intersects(dfd)
        assert c.in_arc == in_arc
        if c.line_of_sight is None:            # beyond long range: whole pieces, not traced
            assert c.range_band == "extreme" and abs(c.range_mm - att.distance(dfd)) < 0.02
            continue
        part = dfd.intersection(arc) if arc is not None and in_arc else dfd
        assert abs(c.range_mm - att.distance(part)) < 0.02
        los, rng = LineString(c.los_segment), LineString(c.range_segment)
        blocked = c.defending_zone is not None and any(
            los.intersection(poly).length > 0.01 or rng.intersection(poly).length > 0.01
            for (pid, z), poly in zones.items()
            if pid == c.defender and z != c.defending_zone)
        hits = {k for k, g in visible.items() if not g.is_empty and los.intersects(g)}
        hits |= {k for k, g in bases.items() if k not in (c.attacker, c.defender)
                 and los.intersects(g)}
        if c.margin_mm < 0.05:
            continue                           # on a boundary: the margin says so
        assert (c.blocked_by_zone is not None) == blocked
        assert set(c.obstructed_by) == hits
        assert c.line_of_sight == (not blocked and not (hits & dust and c.attacking_zone))
