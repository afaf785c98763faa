"""Benchmark: the window's whole per-frame pipeline on a 1080p video of a full table.

    python bench/pipeline.py [--video FILE.avi --scene SCENE.json [--background EMPTY.png]]
                             [--frames 60] [--threads 1] [--display 1280x720] [--still]

Without ``--video`` it renders a short 1080p MJPG video of ``bench/scenes/full-table.json``
(one ship moving ~1 mm a frame all along: a worst case for the live path) and a frame of the
empty table with the synthetic renderer into a temporary folder (not timed). Then, per
frame, on one OpenCV thread by default:

  capture      decode the next frame (cv2.VideoCapture, as the capture thread does)
  calibration  TableTracker.update: re-detect the table markers, keep/refit the pose
  detection    the window's detector: ``Detector.live()`` with the empty table's background
               (``--still``: ``Detector.detect`` from scratch every frame, as before)
  tracking     Tracker.update (idem)
  rules        check_scene for the selected ship + squadron engagement
  overlay      table mm -> image px shapes (overlay_model.build_overlay)
  paint        frame -> QImage (BGR888 + copy), scaled to the display size, overlays painted,
               offscreen (QT_QPA_PLATFORM=offscreen)

Prints each stage's mean / median / 95th percentile CPU time in ms (and wall time: the machine
may be shared), the sum with the frame rate it allows on one core, and the sum per thread as the
window runs them (capture; calibration + detection + tracking; rules + overlay + paint).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402

from armada_vision.catalog import get_catalog  # noqa: E402
from armada_vision.scene import load_scene, scene_from_dict, scene_to_dict  # noqa: E402
from armada_vision.ui import checks as rules  # noqa: E402
from armada_vision.ui.capture import VideoCaptureSource  # noqa: E402
from armada_vision.ui.overlay_model import Selection  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402
from armada_vision.vision.camera import TableCamera  # noqa: E402

STAGES = ("capture", "calibration", "detection", "tracking", "rules", "overlay", "paint")


def _render_video(scene_path: Path, out_dir: Path, frames: int, catalog, hold: int = 0):
    from armada_vision.vision.synth import render_video

    scene = load_scene(scene_path)
    camera = TableCamera.looking_down((1920, 1080), scene.play_area_mm)
    ship = scene.ships[0]
    import dataclasses
    import math

    a = math.radians(ship.heading_deg)
    moved = dataclasses.replace(ship, x_mm=ship.x_mm + 60 * math.cos(a), y_mm=ship.y_mm + 60 * math.sin(a))
    path = out_dir / f"full-table-1080p-hold{hold}.avi"
    truth_path = out_dir / f"truth-hold{hold}.json"
    if path.exists() and truth_path.exists():  # rendered earlier into --out
        truths = [scene_from_dict(d) for d in json.loads(truth_path.read_text())]
        if len(truths) == frames:
            print(f"reusing {path}")
            return path, camera, truths
    t0 = time.perf_counter()
    # hold: the ship stands still for that many stretches before and after its move (as in a
    # game, where a piece moves now and then); 0: it moves on every frame (the worst case).
    keys = [scene] * (hold + 1) + [scene.with_ship(moved)] * (hold + 1)
    truths = render_video(keys, camera, path, 12.0, catalog=catalog,
                          frames_per_move=max((frames - 1) // (2 * hold + 1), 1))
    print(f"rendered {len(truths)} frames of 1920x1080 in {time.perf_counter() - t0:.1f} s (not timed)")
    truth_path.write_text(json.dumps([scene_to_dict(t) for t in truths]))
    return path, camera, truths


def _render_empty(scene_path: Path, out_dir: Path, catalog) -> Path:
    """The empty table as the video's camera sees it (same looks, other sensor noise)."""
    from armada_vision.scene import Scene
    from armada_vision.vision.synth import render

    path = out_dir / "empty-1080p.png"
    if not path.exists():
        scene = load_scene(scene_path)
        camera = TableCamera.looking_down((1920, 1080), scene.play_area_mm)
        img = render(Scene(play_area_mm=scene.play_area_mm), camera, catalog, noise_seed=999).image
        cv2.imwrite(str(path), img)
    return path


def _optional_detection(catalog, camera, truth, background=None, still=False):
    """The detector and tracker as the window builds them: with the fleets' roster (the demo
    gives the sample's), so detected pieces carry their ids and the selected ship has checks,
    the learned empty table, and the live path (``still``: the plain detector)."""
    try:
        from armada_vision.vision.detect import Detector
    except ImportError:
        return None, None
    from armada_vision.ui.fleet_list import roster_from_scene

    roster = roster_from_scene(truth, catalog)
    try:
        from armada_vision.vision.track import Tracker
    except ImportError:
        Tracker = None  # noqa: N806
    area = truth.play_area_mm
    det = Detector(catalog, camera, play_area_mm=area, roster=roster, background=background)
    return (det if still else det.live(),
            Tracker(roster, play_area_mm=area) if Tracker else None)


class _Clock:
    """Stage timer: thread CPU time (``time.thread_time``) and wall time since the last stop."""

    def __init__(self, cpu: dict[str, list[float]], wall: dict[str, list[float]]):
        self.cpu, self.wall = cpu, wall

    def start(self) -> None:
        self._c, self._w = time.thread_time(), time.perf_counter()

    def stop(self, stage: str) -> None:
        c, w = time.thread_time(), time.perf_counter()
        self.cpu[stage].append(c - self._c)
        self.wall[stage].append(w - self._w)
        self._c, self._w = c, w


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--video", type=Path, help="a 1080p video of --scene (default: render one)")
    ap.add_argument("--out", type=Path, help="keep the rendered video in this folder")
    ap.add_argument("--scene", type=Path, default=ROOT / "bench" / "scenes" / "full-table.json")
    ap.add_argument("--frames", type=int, default=60)
    ap.add_argument("--threads", type=int, default=1, help="OpenCV threads (default 1: one core)")
    ap.add_argument("--display", default="1280x720", help="window picture size to paint at")
    ap.add_argument("--background", type=Path, help="the empty table (with --video)")
    ap.add_argument("--hold", type=int, default=0,
                    help="rendered video: the ship stands still for HOLD stretches before and "
                    "after its move, as in a game (default 0: it moves on every frame)")
    ap.add_argument("--still", action="store_true",
                    help="detect every frame from scratch (the detector before the live path)")
    args = ap.parse_args(argv)
    cv2.setNumThreads(args.threads)
    catalog = get_catalog()
    tmp = tempfile.TemporaryDirectory()
    empty = args.background
    if args.video:
        video, scene = args.video, load_scene(args.scene)
        camera = TableCamera.looking_down((1920, 1080), scene.play_area_mm)
        truths = [scene]
    else:
        out = args.out or Path(tmp.name)
        out.mkdir(parents=True, exist_ok=True)
        video, camera, truths = _render_video(args.scene, out, args.frames, catalog, args.hold)
        empty = _render_empty(args.scene, out, catalog)

    from PyQt6.QtGui import QImage
    from PyQt6.QtWidgets import QApplication

    from armada_vision.ui.video_view import VideoView

    app = QApplication.instance() or QApplication(sys.argv[:1])  # noqa: F841 - widgets need it
    dw, dh = (int(v) for v in args.display.lower().split("x"))
    view = VideoView()  # the window's own widget, rendered into a QImage
    view.resize(dw, dh)
    canvas = QImage(dw, dh, QImage.Format.Format_RGB32)

    tracker = None
    try:
        from armada_vision.vision.calibration import CameraIntrinsics, TableTracker
        from armada_vision.vision.synth import default_layout

        layout_json = default_layout(truths[0].play_area_mm)
        from armada_vision.vision.calibration._files import layout_from_json

        layout = layout_from_json(layout_json, "default layout")
        tracker = TableTracker(CameraIntrinsics(camera.camera_matrix, camera.dist_coeffs, camera.image_size),
                               layout)
    except ImportError as exc:
        print(f"calibration: not available ({exc})")
    background = None
    if empty is not None:
        from armada_vision.vision.detect import BackgroundModel

        background = BackgroundModel.learn(cv2.imread(str(empty)))
    detector, scene_tracker = _optional_detection(catalog, camera, truths[0], background,
                                                  args.still)
    has_rules = rules.rules_available()
    attacker = truths[0].ships[0].id
    selection = Selection(attacker, "front")

    src = VideoCaptureSource(str(video), live=False, loop=False)
    if not src.open():
        print(f"cannot open {video}", file=sys.stderr)
        return 2
    times: dict[str, list[float]] = {s: [] for s in STAGES}   # thread CPU seconds
    walls: dict[str, list[float]] = {s: [] for s in STAGES}   # wall-clock seconds
    clock = _Clock(times, walls)
    cam = camera
    n = 0
    wall0 = time.perf_counter()
    session = Session(catalog, "rrg-1.6")
    session.selection = selection
    while n < args.frames:
        clock.start()
        frame = src.read()
        if frame is None:
            break
        clock.stop("capture")
        if tracker is not None:
            status = tracker.update(frame.image)
            if status.fit is not None:
                cam = status.fit.camera
        clock.stop("calibration")
        scene = truths[min(n, len(truths) - 1)]
        if detector is not None:
            dets = detector.detect(frame.image)
            clock.stop("detection")
            scene = scene_tracker.update(dets, frame.t_s)[0] if scene_tracker else dets.to_scene()
            clock.stop("tracking")
        session.set_detected(scene)
        checks = session.checks()            # check_scene for the selected ship + engagement
        clock.stop("rules")
        ov = session.overlay(cam)            # rebuilt only when the scene or selection changed
        clock.stop("overlay")
        view.set_frame(frame.image)
        view.set_overlay(ov)
        view.render(canvas)
        clock.stop("paint")
        n += 1
    wall = time.perf_counter() - wall0
    src.close()

    print(f"frames: {n} at 1920x1080, OpenCV threads: {args.threads}, painted at {dw}x{dh}, "
          f"detector: {'still (every frame from scratch)' if args.still else 'live'}, "
          f"background: {'learned' if background is not None else 'estimated'}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"pieces: {len(truths[0].ships)} ships, {len(truths[0].squadrons)} squadrons, "
          f"{len(truths[0].obstacles)} obstacles; overlay shapes per frame: {len(ov.shapes)}")
    means: dict[str, float] = {}
    print("per stage: CPU time (what one core spends; the machine may be shared, wall time beside it)")
    for stage in STAGES:
        v = times[stage]
        if not v:
            note = {"detection": "not installed: truth scene used", "tracking": "not installed",
                    "rules": "not installed"}.get(stage, "skipped")
            print(f"  {stage:<12} n/a ({note})")
            continue
        ms = [x * 1e3 for x in v]
        mean = statistics.fmean(ms)
        p95 = sorted(ms)[int(0.95 * (len(ms) - 1))]
        wall_ms = statistics.fmean(walls[stage]) * 1e3
        print(f"  {stage:<12} mean {mean:7.2f} ms  median {statistics.median(ms):7.2f} ms  "
              f"p95 {p95:7.2f} ms   (wall {wall_ms:7.2f} ms)")
        means[stage] = mean
    if not has_rules:
        print("  (rules core not installed: no checks, LOS lines not drawn)")
    total = sum(means.values())
    threads = {"capture thread": ("capture",),
               "processing thread": ("calibration", "detection", "tracking"),
               "GUI thread": ("rules", "overlay", "paint")}
    print(f"sum of stages: {total:.2f} ms/frame -> {1e3 / total:.1f} fps on one core")
    for name, stages in threads.items():
        ms = sum(means.get(st, 0.0) for st in stages)
        print(f"  {name:<18} {ms:8.2f} ms/frame -> {1e3 / max(ms, 1e-9):.1f} fps alone")
    print(f"measured loop (wall clock, includes waiting for a shared CPU): {n / wall:.1f} fps; "
          f"checks per frame: {len(checks)}")
    tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
