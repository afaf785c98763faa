"""Time loading and validating the whole piece catalog (models/), as every command does once.

    python bench/catalog.py [--models DIR] [--repeat N]

Prints the class counts and the time per full load (no cache: ``load_catalog`` itself).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armada_vision.catalog import load_catalog  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", default=None, help="extra models folder (as --models on the CLI)")
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args(argv)
    cat = load_catalog(args.models)
    times = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        load_catalog(args.models)
        times.append(time.perf_counter() - t0)
    times.sort()
    factions = sorted({s.faction for s in cat.ships.values()})
    print(f"ships={len(cat.ships)} ({', '.join(factions)}) squadrons={len(cat.squadrons)} "
          f"obstacles={len(cat.obstacles)}")
    print(f"load+validate: median {1000 * times[len(times) // 2]:.1f} ms, best {1000 * times[0]:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
