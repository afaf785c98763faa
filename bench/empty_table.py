"""Learning the empty table (``vision.empty_table``): how often a rendered empty table is
accepted, how often a table with one piece or a hand on it is refused, and the CPU time of a
learn (8 frames) and of loading a saved picture, at 1080p with one OpenCV thread.

    python bench/empty_table.py [--seeds 3] [--size 1920x1080]

Seeds differ from the tests' (5) so the figures are on tables nothing was tuned on.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections import Counter

import cv2

from armada_vision.catalog import get_catalog
from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.empty_table import (
    LEARN_FRAMES,
    learn_empty_table,
    load_background,
    save_background,
)

CASES = {
    "empty": (Scene(), 0),
    "small ship": (Scene((ShipPose("cr90", "cr90-corvette-a", 1, 1200.0, 300.0, 75.0),)), 0),
    "squadron": (Scene(squadrons=(SquadronPose("x", "x-wing-squadron", 2, 400.0, 600.0),)), 0),
    "hand": (Scene(), 1),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--size", default="1920x1080")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    w, h = (int(v) for v in args.size.split("x"))
    camera = TableCamera.looking_down((w, h))
    catalog = get_catalog()
    verdicts: dict[str, Counter] = {k: Counter() for k in CASES}
    cpu, load_cpu = [], []
    store = tempfile.mkdtemp(prefix="bench-empty-")
    key = os.path.join(store, "table.json")
    with open(key, "w") as fh:
        fh.write("{}")
    for mat in ("starfield", "cloth", "wood"):
        for seed in range(100, 100 + args.seeds):
            for name, (scene, hands) in CASES.items():
                opt = synth.RenderOptions(mat=mat, hands=hands)
                frames = [synth.render(scene, camera, catalog, opt, seed=seed,
                                       noise_seed=n).image for n in range(LEARN_FRAMES)]
                t = time.process_time()
                got = learn_empty_table(frames, camera, catalog)
                cpu.append(time.process_time() - t)
                verdicts[name][got.key] += 1
                if got.model is not None and name == "empty":
                    save_background(got, key, store)
                    t = time.process_time()
                    assert load_background(key, (w, h), store).model is not None
                    load_cpu.append(time.process_time() - t)
    n = 3 * args.seeds
    print(f"empty table learning, {w}x{h}, {LEARN_FRAMES} frames, 3 mats x {args.seeds} seeds "
          f"(load average {os.getloadavg()[0]:.1f})")
    for name, c in verdicts.items():
        print(f"  {name:11s} " + ", ".join(f"{k} {v}/{n}" for k, v in sorted(c.items())))
    cpu.sort()
    print(f"  learn CPU: median {cpu[len(cpu) // 2]:.2f} s, max {cpu[-1]:.2f} s")
    if load_cpu:
        load_cpu.sort()
        print(f"  load saved picture CPU: median {load_cpu[len(load_cpu) // 2]:.2f} s")


if __name__ == "__main__":
    main()
