"""Build the benchmark/demo scenes in bench/scenes/ and print how they satisfy the setup rules.

    python bench/make_scenes.py            # rewrite bench/scenes/*.json and print the checks
    python bench/make_scenes.py --check    # only check the committed files

The layouts are hand-placed (ships, obstacles) plus a seeded search for squadron spots; the
checks are those of the RRG (setup p.16, obstacles p.12-13, play-area edge and overlap p.14):
every base inside the play area, no two pieces overlapping, obstacles inside the setup area,
beyond distance 3 of every edge and beyond distance 1 of each other. Ship ids and numbers all come
from the catalog (models/); nothing about a ship is hard-coded here except which class stands where.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

from shapely.geometry import box

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armada_vision.catalog import get_catalog  # noqa: E402
from armada_vision.geometry import (  # noqa: E402
    obstacle_polygon,
    ship_base_polygon,
    squadron_disc,
)
from armada_vision.scene import (  # noqa: E402
    ObstaclePose,
    Scene,
    ShipPose,
    SquadronPose,
    load_scene,
    save_scene,
)

SCENES = ROOT / "bench" / "scenes"
FT_MM = 304.8


def piece_polygons(scene: Scene, catalog) -> dict[str, object]:
    """Every piece's footprint (plastic base, squadron disc, obstacle token) in table mm."""
    out = {}
    for s in scene.ships:
        out[s.id] = ship_base_polygon(
            catalog.ships[s.ship_class], s.x_mm, s.y_mm, s.heading_deg, with_shield_dials=True
        )
    for q in scene.squadrons:
        out[q.id] = squadron_disc(catalog.squadrons[q.squadron_class], q.x_mm, q.y_mm)
    for o in scene.obstacles:
        out[o.id] = obstacle_polygon(catalog.obstacles[o.obstacle], o.x_mm, o.y_mm, o.heading_deg, o.flipped)
    return out


def layout_problems(scene: Scene, catalog) -> list[str]:
    """Setup-rule violations of ``scene`` (empty when it is a legal, overlap-free layout)."""
    w, h = scene.play_area_mm
    d1 = catalog.ruler.distance_bands_mm[0]
    d3 = catalog.ruler.distance_bands_mm[2]
    polys = piece_polygons(scene, catalog)
    area = box(0, 0, w, h)
    problems = [f"{pid} is not wholly inside the play area" for pid, p in polys.items() if not area.contains(p)]
    ids = list(polys)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if polys[a].intersection(polys[b]).area > 1e-6:
                problems.append(f"{a} overlaps {b}")
    # Setup area: 3' x 4' in the middle of a 6' table (markers 1' from each short edge); the whole
    # area on a 3' x 3' table (RRG "Setup" p.16).
    margin = FT_MM if w > 3 * FT_MM + 1 else 0.0
    setup = box(margin, 0, w - margin, h)
    obstacle_ids = [o.id for o in scene.obstacles]
    for oid in obstacle_ids:
        p = polys[oid]
        if not setup.contains(p):
            problems.append(f"{oid} is outside the setup area")
        edge = min(p.bounds[0], p.bounds[1], w - p.bounds[2], h - p.bounds[3])
        if edge <= d3:
            problems.append(f"{oid} is within distance 3 of an edge ({edge:.0f} mm)")
    for i, a in enumerate(obstacle_ids):
        for b in obstacle_ids[i + 1:]:
            if polys[a].distance(polys[b]) <= d1:
                problems.append(f"{a} is within distance 1 of {b}")
    return problems


def _place_squadrons(ships, obstacles, wanted, catalog, area_mm, seed, centre_share=0.3):
    """Seeded search: squadrons at distance 1-2 of a friendly ship, some in the middle."""
    rng = random.Random(seed)
    scene = Scene(ships=tuple(ships), obstacles=tuple(obstacles), play_area_mm=area_mm)
    taken = list(piece_polygons(scene, catalog).values())
    d1, d2 = catalog.ruler.distance_bands_mm[0], catalog.ruler.distance_bands_mm[1]
    area = box(0, 0, *area_mm)
    placed = []
    for sid, cls, player in wanted:
        radius = catalog.squadrons[cls].radius_mm
        friends = [s for s in ships if s.player == player]
        for _ in range(5000):
            if rng.random() < centre_share:
                x = rng.uniform(0.3, 0.7) * area_mm[0]
                y = rng.uniform(0.4, 0.6) * area_mm[1]
            else:
                f = rng.choice(friends)
                base = ship_base_polygon(catalog.ships[f.ship_class], f.x_mm, f.y_mm, f.heading_deg)
                ang = rng.uniform(0, 2 * math.pi)
                r = rng.uniform(60, 110)
                x = f.x_mm + (r + catalog.ships[f.ship_class].base.length_mm / 2) * math.cos(ang)
                y = f.y_mm + (r + catalog.ships[f.ship_class].base.width_mm / 2) * math.sin(ang)
                gap = base.distance(squadron_disc(catalog.squadrons[cls], x, y))
                if not (2.0 < gap <= d2) or gap < d1 * 0.2:
                    continue
            disc = squadron_disc(catalog.squadrons[cls], x, y)
            if not area.contains(disc.buffer(1.0)):
                continue
            if any(disc.distance(t) < 1.0 for t in taken):
                continue
            taken.append(disc)
            placed.append(SquadronPose(sid, cls, player, round(x, 1), round(y, 1)))
            break
        else:
            raise RuntimeError(f"no room for squadron {sid} (radius {radius} mm)")
    return placed


def full_table(catalog) -> Scene:
    """6' x 3', 5 ships and 12 squadrons a player, the 6 core obstacles; fleets facing each other."""
    area = (round(6 * FT_MM, 1), round(3 * FT_MM, 1))
    # Mid-game: the fleets have closed to close-medium range across the middle of the table.
    ships = [
        ShipPose("isd-1", "imperial-ii-star-destroyer", 1, 914.4, 300.0, 90.0, speed=2),
        ShipPose("vsd-1", "victory-ii-star-destroyer", 1, 700.0, 290.0, 75.0, speed=1),
        ShipPose("vsd-2", "victory-i-star-destroyer", 1, 1130.0, 290.0, 105.0, speed=1),
        ShipPose("gladiator-1", "gladiator-i-star-destroyer", 1, 500.0, 360.0, 50.0, speed=2),
        ShipPose("raider-1", "raider-i-class-corvette", 1, 1330.0, 380.0, 125.0, speed=3),
        ShipPose("mc80-1", "mc80-command-cruiser", 2, 914.4, 640.0, 270.0, speed=2),
        ShipPose("af-1", "assault-frigate-mark-ii-a", 2, 1140.0, 630.0, 250.0, speed=2),
        ShipPose("neb-1", "nebulon-b-escort-frigate", 2, 690.0, 640.0, 290.0, speed=2),
        ShipPose("cr90-1", "cr90-corvette-a", 2, 1350.0, 560.0, 230.0, speed=3),
        ShipPose("gr75-1", "gr-75-medium-transports", 2, 480.0, 580.0, 310.0, speed=2),
    ]
    # Placed at setup (inside the 3' x 4' setup area, beyond distance 3 of the edges and
    # distance 1 of each other); the ships have since moved between them.
    obstacles = [
        ObstaclePose("station", "station", 914.4, 470.0, 10.0),
        ObstaclePose("asteroid-1", "asteroid-field-1", 640.0, 470.0, 15.0),
        ObstaclePose("asteroid-2", "asteroid-field-2", 1190.0, 470.0, 200.0),
        ObstaclePose("asteroid-3", "asteroid-field-3", 380.0, 260.0, 75.0),
        ObstaclePose("debris-1", "debris-field-1", 1450.0, 660.0, 110.0, flipped=True),
        ObstaclePose("debris-2", "debris-field-2", 1440.0, 250.0, 20.0),
    ]
    p1 = (["tie-fighter-squadron"] * 6 + ["tie-interceptor-squadron"] * 2 + ["tie-bomber-squadron"] * 2
          + ["tie-advanced-squadron", "lambda-class-shuttle"])
    p2 = (["x-wing-squadron"] * 4 + ["a-wing-squadron"] * 2 + ["b-wing-squadron"] * 2
          + ["y-wing-squadron"] * 2 + ["yt-1300", "hwk-290"])
    wanted = [(f"p1-{c.split('-squadron')[0]}-{i + 1}", c, 1) for i, c in enumerate(p1)]
    wanted += [(f"p2-{c.split('-squadron')[0]}-{i + 1}", c, 2) for i, c in enumerate(p2)]
    squadrons = _place_squadrons(ships, obstacles, wanted, catalog, area, seed=7)
    return Scene(tuple(ships), tuple(squadrons), tuple(obstacles), area)


def skirmish(catalog) -> Scene:
    """3' x 3', two ships and three squadrons a player, three obstacles: a small quick scene."""
    area = (round(3 * FT_MM, 1), round(3 * FT_MM, 1))
    ships = [
        ShipPose("vsd-1", "victory-ii-star-destroyer", 1, 380.0, 200.0, 75.0, speed=1),
        ShipPose("raider-1", "raider-i-class-corvette", 1, 620.0, 230.0, 110.0, speed=3),
        ShipPose("neb-1", "nebulon-b-escort-frigate", 2, 560.0, 690.0, 260.0, speed=2),
        ShipPose("cr90-1", "cr90-corvette-a", 2, 300.0, 680.0, 290.0, speed=3),
    ]
    obstacles = [
        ObstaclePose("station", "station", 457.2, 457.2, 0.0),
        ObstaclePose("asteroid-1", "asteroid-field-1", 270.0, 420.0, 60.0),
        ObstaclePose("debris-1", "debris-field-2", 640.0, 470.0, 15.0),
    ]
    wanted = [(f"p1-tie-fighter-{i}", "tie-fighter-squadron", 1) for i in (1, 2)]
    wanted += [("p1-tie-bomber-1", "tie-bomber-squadron", 1)]
    wanted += [(f"p2-x-wing-{i}", "x-wing-squadron", 2) for i in (1, 2)]
    wanted += [("p2-a-wing-1", "a-wing-squadron", 2)]
    squadrons = _place_squadrons(ships, obstacles, wanted, catalog, area, seed=3, centre_share=0.2)
    return Scene(tuple(ships), tuple(squadrons), tuple(obstacles), area)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check the committed scenes")
    args = ap.parse_args(argv)
    catalog = get_catalog()
    bad = 0
    for name, build in (("full-table", full_table), ("skirmish", skirmish)):
        path = SCENES / f"{name}.json"
        if args.check:
            scene = load_scene(path)
        else:
            scene = build(catalog)
            SCENES.mkdir(parents=True, exist_ok=True)
            save_scene(scene, path)
        problems = layout_problems(scene, catalog)
        bad += len(problems)
        print(f"{name}: {len(scene.ships)} ships, {len(scene.squadrons)} squadrons, "
              f"{len(scene.obstacles)} obstacles, {len(problems)} setup problems")
        for p in problems:
            print("  ", p)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
