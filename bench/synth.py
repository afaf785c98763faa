"""Synthetic renderer benchmark: time per frame and truth accuracy.

Prints, per resolution (720p, 1080p, 4K): the first frame of a camera (background, cached
afterwards) and the median time of later frames of a full table (6 ships with minis, 8
squadrons, 6 obstacles, one hand); the ArUco corner error of rendered markers against the truth
(OpenCV SUBPIX refinement, C920 distortion); and the sample game's generation time (fresh cache)
and reuse time.

Run: python bench/synth.py [--quick]   (--quick skips 4K and the sample game)
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armada_vision.catalog import get_catalog  # noqa: E402
from armada_vision.scene import Scene  # noqa: E402
from armada_vision.vision.camera import TableCamera  # noqa: E402
from armada_vision.vision.synth import C920_DIST, RenderOptions, random_scene, render  # noqa: E402


def frame_times(catalog, size, n=5):
    """(first frame wall s, later frames median wall s, later frames median CPU s)."""
    cam = TableCamera.looking_down(size, dist_coeffs=np.array(C920_DIST), tilt_deg=3.0)
    scene = random_scene(catalog, np.random.default_rng(1), 6, 8, 6)
    opts = RenderOptions(hands=1)
    t0 = time.perf_counter()
    render(scene, cam, catalog, opts, seed=size[0])
    first = time.perf_counter() - t0
    wall, cpu = [], []
    for i in range(n):
        t0, c0 = time.perf_counter(), time.process_time()
        render(scene, cam, catalog, opts, seed=size[0], noise_seed=i)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return first, statistics.median(wall), statistics.median(cpu)


def marker_error(catalog, size, seeds=3):
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)
    corner, centre, found, total = [], [], 0, 0
    for s in range(seeds):
        cam = TableCamera.looking_down(size, dist_coeffs=np.array(C920_DIST), tilt_deg=2.0 * s,
                                       margin_mm=160.0 + 20.0 * s)
        r = render(Scene(), cam, catalog, RenderOptions(), seed=100 + s)
        corners, ids, _ = det.detectMarkers(cv2.cvtColor(r.image, cv2.COLOR_BGR2GRAY))
        total += len(r.truth.markers)
        for c, i in zip(corners, [] if ids is None else ids.ravel()):
            c = c.reshape(4, 2)
            t = r.truth.markers[int(i)]
            corner += list(np.linalg.norm(c - t, axis=1))
            centre.append(float(np.linalg.norm(c.mean(axis=0) - t.mean(axis=0))))
            found += 1
    return found, total, float(np.sqrt(np.mean(np.square(corner)))), float(np.max(corner)), float(np.max(centre))


def main() -> int:
    quick = "--quick" in sys.argv
    cv2.setNumThreads(1)
    catalog = get_catalog()
    print("synthetic renderer (one OpenCV thread; CPU time is this process's, wall time includes "
          "waiting for a busy machine)")
    sizes = [(1280, 720), (1920, 1080)] + ([] if quick else [(3840, 2160)])
    for size in sizes:
        first, med, cpu = frame_times(catalog, size)
        print(f"  {size[0]}x{size[1]}: first frame (background) {first * 1000:.0f} ms, later frames "
              f"median {med * 1000:.0f} ms wall / {cpu * 1000:.0f} ms CPU (6 ships, 8 squadrons, "
              f"6 obstacles, 1 hand)")
    found, total, rms, worst, centre = marker_error(catalog, (1920, 1080))
    print(f"  markers 1080p: {found}/{total} decoded; corner error vs truth RMS {rms:.2f} px, "
          f"max {worst:.2f} px; centre max {centre:.2f} px (SUBPIX; cv-notes 2.4b inward bias)")
    if not quick:
        from armada_vision.vision.synth.demo import ensure_demo

        with tempfile.TemporaryDirectory() as tmp:
            t0, c0 = time.perf_counter(), time.process_time()
            d = ensure_demo(tmp)
            gen, gen_cpu = time.perf_counter() - t0, time.process_time() - c0
            t0 = time.perf_counter()
            ensure_demo(tmp)
            reuse = time.perf_counter() - t0
        print(f"  sample game: {len(d.frame_paths)} frames ({len(set(d.frame_paths))} rendered) "
              f"generated in {gen:.1f} s wall / {gen_cpu:.1f} s CPU, reused in {reuse * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
