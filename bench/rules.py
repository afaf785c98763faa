"""Time every attack check of a full table, as for a new camera frame, and of one attacker ship.

    python bench/rules.py                         # bench/scenes/full-table.json (10 ships, 24 squadrons, 6 obstacles)
    python bench/rules.py --scene SCENE.json --ship ID

Each repetition starts from the Scene alone: per-pose caches are cleared, only per-class data
(hull-zone cuts, arc outlines) and the per-fleet layout (which pieces of which classes, the same
every camera frame) stay cached, as in the live window; a further line times new fleets too. One core (numpy threads are
pinned to 1 before numpy is imported; the process is pinned to one CPU). Prints median and best
CPU time of the calling thread (what one core spends; wall time is printed too, and on a busy
machine it also counts waiting for the core) and ends with ``full-table=X ms one-ship=Y ms``
(CPU medians).
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from armada_vision.catalog import get_catalog  # noqa: E402
from armada_vision.geometry import clear_pose_cache  # noqa: E402
from armada_vision.rules import check_scene, clear_frame_cache, parse_ruleset  # noqa: E402
from armada_vision.rules._layout import clear_layout_cache  # noqa: E402
from armada_vision.scene import load_scene, scene_from_dict, scene_to_dict  # noqa: E402

DEFAULT_SCENE = REPO / "bench" / "scenes" / "full-table.json"


def _time(fn, repeat: int, cold: bool = True, new_fleet: bool = False
          ) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU (this thread) milliseconds per call. ``cold``: every pose is new (a
    new camera frame: the per-pose caches are emptied first); else the poses of the last call.
    ``new_fleet``: the per-fleet layout (which pieces of which classes) is forgotten too."""
    wall, cpu = [], []
    for _ in range(repeat):
        if cold:
            clear_pose_cache()
            clear_frame_cache()
        if new_fleet:
            clear_layout_cache()
        c0, t0 = time.thread_time(), time.perf_counter()
        fn()
        wall.append((time.perf_counter() - t0) * 1000.0)
        cpu.append((time.thread_time() - c0) * 1000.0)
    return wall, cpu


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scene", default=str(DEFAULT_SCENE), help="an armada-scene/1 file")
    p.add_argument("--ship", help="attacker for the one-ship figure (default: the first ship)")
    p.add_argument("--ruleset", default="rrg-1.6")
    p.add_argument("--models", metavar="DIR")
    p.add_argument("--repeat", type=int, default=200)
    args = p.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})

    catalog = get_catalog(args.models)
    scene = load_scene(args.scene)
    ruleset = parse_ruleset(args.ruleset)
    ship = args.ship or next(s.id for s in scene.ships if s.ship_class)
    scene.ship(ship)

    checks = check_scene(scene, catalog, ruleset)          # warm per-class caches
    one = check_scene(scene, catalog, ruleset, attacker_id=ship)
    near = sum(c.line_of_sight is not None for c in checks)
    full_wall, full_ms = _time(lambda: check_scene(scene, catalog, ruleset), args.repeat)
    ship_wall, ship_ms = _time(lambda: check_scene(scene, catalog, ruleset, attacker_id=ship),
                               args.repeat)
    fleet_ms = _time(lambda: check_scene(scene, catalog, ruleset), args.repeat, new_fleet=True)[1]
    fleet_one = _time(lambda: check_scene(scene, catalog, ruleset, attacker_id=ship), args.repeat,
                      new_fleet=True)[1]
    # a live camera: a new Scene object every frame with the same poses
    copies = iter([scene_from_dict(scene_to_dict(scene)) for _ in range(args.repeat)])
    warm_ms = _time(lambda: check_scene(next(copies), catalog, ruleset, attacker_id=ship),
                    args.repeat, cold=False)[1]
    med = statistics.median

    print(f"scene {args.scene}: {len(scene.ships)} ships, {len(scene.squadrons)} squadrons, "
          f"{len(scene.obstacles)} obstacles; ruleset {ruleset.name}")
    print(f"full table: {len(checks)} checks ({near} within long range, traced), "
          f"{sum(c.valid for c in checks)} valid")
    print(f"  CPU median {med(full_ms):.2f} ms, best {min(full_ms):.2f} ms "
          f"({1000 * med(full_ms) / max(len(checks), 1):.2f} us per check); "
          f"wall median {med(full_wall):.2f} ms, best {min(full_wall):.2f} ms")
    print(f"one ship {ship!r}: {len(one)} checks")
    print(f"  CPU median {med(ship_ms):.2f} ms, best {min(ship_ms):.2f} ms; "
          f"wall median {med(ship_wall):.2f} ms, best {min(ship_wall):.2f} ms")
    print(f"  same poses again (live camera, pose cache hit): CPU median {1000 * med(warm_ms):.0f} us, "
          f"best {1000 * min(warm_ms):.0f} us")
    print(f"new fleets too (the per-fleet layout rebuilt every time): full table CPU median "
          f"{med(fleet_ms):.2f} ms, one ship {med(fleet_one):.2f} ms")
    print(f"(CPU time of this thread; wall time also counts waiting for a core on a busy machine; "
          f"load average {os.getloadavg()[0]:.1f})")
    print(f"full-table={med(full_ms):.2f} ms one-ship={med(ship_ms):.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
