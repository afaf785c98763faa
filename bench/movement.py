"""Benchmark: ship maneuvers with every overlap test on a full table.

    python bench/movement.py [--scene SCENE.json] [--moves MOVES.json] [--n 1000] [--seed 0]

Without ``--scene`` it uses ``bench/scenes/full-table.json`` when present, else builds a full
table (10 ships, 24 squadrons, 6 obstacles) from the catalog. Without ``--moves`` it draws ``--n``
random legal maneuvers (start pose, speed, yaw within the ship's chart). Each maneuver runs from
its own start pose with the other pieces as in the scene, with every overlap test: tool side,
ships with the speed fall-back, squadrons (and their placements), obstacles and the table edge.

Prints the time per move with the scene's pieces prepared once (``PieceTable``, as the window
does for a frame) and from scratch, and ends with ``maneuver+overlap=Z us/move`` (prepared).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from armada_vision.catalog import get_catalog  # noqa: E402
from armada_vision.rules.movement import PieceTable, execute_maneuver  # noqa: E402
from armada_vision.scene import (  # noqa: E402
    ObstaclePose,
    Scene,
    ShipPose,
    SquadronPose,
    load_scene,
)

DEFAULT_SCENE = ROOT / "bench" / "scenes" / "full-table.json"


def build_full_table(catalog, seed: int = 0) -> Scene:
    """10 ships, 24 squadrons and 6 obstacles spread over a 6' x 3' table, no overlaps."""
    rng = random.Random(seed)
    w, h = 1828.8, 914.4
    ship_classes = sorted(catalog.ships)
    sq_classes = sorted(catalog.squadrons)
    ob_classes = sorted(catalog.obstacles)
    ships = []
    for k in range(10):
        player = 1 + k % 2
        x = 120.0 + 170.0 * (k // 2) * 2 + (85.0 if player == 2 else 0.0)
        y = 160.0 if player == 1 else h - 160.0
        ships.append(ShipPose(f"ship-{k}", ship_classes[k % len(ship_classes)], player, x, y,
                              90.0 if player == 1 else 270.0, 2))
    squadrons = []
    for k in range(24):
        player = 1 + k % 2
        x = 80.0 + 70.0 * k + rng.uniform(-5, 5)
        y = (300.0 if player == 1 else h - 300.0) + rng.uniform(-10, 10)
        squadrons.append(SquadronPose(f"sq-{k}", sq_classes[k % len(sq_classes)], player, x, y))
    obstacles = [ObstaclePose(f"ob-{k}", ob_classes[k % len(ob_classes)],
                              320.0 + 240.0 * k, h / 2 + (60.0 if k % 2 else -60.0),
                              rng.uniform(0, 360)) for k in range(6)]
    return Scene(tuple(ships), tuple(squadrons), tuple(obstacles), (w, h))


def random_moves(scene: Scene, catalog, n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    w, h = scene.play_area_mm
    moves = []
    for _ in range(n):
        ship = rng.choice(scene.ships)
        cls = catalog.ship(ship.ship_class)
        speed = rng.randint(1, cls.max_speed)
        yaw = [rng.randint(-m, m) for m in cls.speed_chart[speed - 1]]
        moves.append({"ship": ship.id, "x_mm": rng.uniform(60, w - 60),
                      "y_mm": rng.uniform(60, h - 60), "heading_deg": rng.uniform(0, 360),
                      "speed": speed, "yaw": yaw})
    return moves


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scene", type=Path)
    ap.add_argument("--moves", type=Path)
    ap.add_argument("--models")
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=5, help="timing runs; the best is reported")
    ap.add_argument("--write-moves", type=Path, metavar="MOVES.json",
                    help="also save the maneuvers timed, in the --moves format")
    args = ap.parse_args(argv)
    catalog = get_catalog(args.models)
    if args.scene:
        scene = load_scene(args.scene)
    elif DEFAULT_SCENE.is_file():
        scene = load_scene(DEFAULT_SCENE)
    else:
        scene = build_full_table(catalog, args.seed)
    if args.moves:
        moves = json.loads(args.moves.read_text())["moves"]
    else:
        moves = random_moves(scene, catalog, args.n, args.seed)
    if args.write_moves:
        args.write_moves.write_text(json.dumps({"moves": moves}, indent=1) + "\n")
    jobs = [(m["ship"], int(m["speed"]), list(m["yaw"]),
             (float(m["x_mm"]), float(m["y_mm"]), float(m["heading_deg"]))) for m in moves]

    table = PieceTable.from_scene(scene, catalog)
    results = [execute_maneuver(scene, catalog, s, v, y, start=p, table=table)
               for s, v, y, p in jobs]
    best = best_wall = float("inf")
    for _ in range(args.repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        for s, v, y, p in jobs:
            execute_maneuver(scene, catalog, s, v, y, start=p, table=table)
        best = min(best, time.process_time() - c0)
        best_wall = min(best_wall, time.perf_counter() - t0)
    prepared_us = best / len(jobs) * 1e6
    c0 = time.process_time()
    cold_jobs = jobs[: max(1, len(jobs) // 5)]
    for s, v, y, p in cold_jobs:
        execute_maneuver(scene, catalog, s, v, y, start=p)
    cold_us = (time.process_time() - c0) / len(cold_jobs) * 1e6

    print(f"table: {len(scene.ships)} ships, {len(scene.squadrons)} squadrons, "
          f"{len(scene.obstacles)} obstacles; {len(jobs)} maneuvers")
    print(f"outcomes: fell back {sum(r.executed_speed < r.speed for r in results)}, "
          f"ship overlaps {sum(bool(r.overlapped_ships) for r in results)}, "
          f"squadrons lifted {sum(len(r.displaced_squadrons) for r in results)}, "
          f"obstacles {sum(len(r.obstacles_overlapped) for r in results)}, "
          f"destroyed {sum(r.destroyed for r in results)}, "
          f"tool on other side {sum(r.side == 'right' for r in results)}")
    print(f"from scratch (scene prepared per move): {cold_us:.0f} us/move (CPU)")
    print(f"wall clock, prepared: {best_wall / len(jobs) * 1e6:.1f} us/move "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print("figures are process CPU time, best of --repeat runs, one core")
    print(f"maneuver+overlap={prepared_us:.1f} us/move")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
