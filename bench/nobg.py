"""Detection without a learned background (issue 5): true and false pieces on rendered scenes.

``python bench/nobg.py [--scenes skirmish,full-table] [--mats starfield,cloth,wood]``

Each scene is rendered on each mat (armada_vision.vision.synth), then ``analyze IMAGE --json``
runs WITHOUT ``--background`` (the detector estimates the background from the frame). A detected
ship or squadron within 30 mm of an unmatched scene piece of the same kind is true, else false.
Prints one line per render: true/total ships, false ships, true/total squadrons, false squadrons.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
MATCH_MM = 30.0


def _match(truth: list[dict], found: list[dict]) -> tuple[int, int]:
    """(true, false) detections: greedy one-to-one nearest within MATCH_MM."""
    left = [np.array([p["x_mm"], p["y_mm"]]) for p in truth]
    true = 0
    for d in found:
        q = np.array([d["x_mm"], d["y_mm"]])
        if left:
            dist = [float(np.linalg.norm(q - t)) for t in left]
            i = int(np.argmin(dist))
            if dist[i] <= MATCH_MM:
                true += 1
                left.pop(i)
    return true, len(found) - true


def run(scene: str, mat: str, tmp: Path) -> str:
    src = ROOT / "bench" / "scenes" / f"{scene}.json"
    img, cam = tmp / f"{scene}-{mat}.png", tmp / f"{scene}-{mat}-cam.json"
    py = sys.executable
    env = dict(os.environ, OPENCV_NUM_THREADS="1")
    subprocess.run([py, "-m", "armada_vision.vision.synth", str(src), str(img), "--mat", mat,
                    "--camera-out", str(cam)], check=True, cwd=ROOT, env=env,
                   capture_output=True)
    truth = json.loads(src.read_text())
    layout = "3x3" if truth["play_area_mm"][0] < 1000 else "6x3"
    out = subprocess.run([py, "-m", "armada_vision", "analyze", str(img), "--camera", str(cam),
                          "--layout", layout, "--json"], check=True, cwd=ROOT, env=env,
                         capture_output=True, text=True).stdout
    found = json.loads(out)
    ts, fs = _match(truth["ships"], found.get("ships", []))
    tq, fq = _match(truth["squadrons"], found.get("squadrons", []))
    return (f"{scene:11s} {mat:9s} ships {ts}/{len(truth['ships'])} false {fs:2d}   "
            f"squadrons {tq}/{len(truth['squadrons'])} false {fq:2d}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", default="skirmish,full-table")
    ap.add_argument("--mats", default="starfield,cloth,wood")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        for scene in a.scenes.split(","):
            for mat in a.mats.split(","):
                print(run(scene, mat, Path(d)), flush=True)
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
