"""Benchmark: the window's whole per-frame pipeline on 1080p videos of a full table.

    python bench/pipeline.py [--video FILE.avi --scene SCENE.json [--background EMPTY.png]]
                             [--frames 60] [--threads 1] [--display 1280x720] [--still]
                             [--only worst|game] [--out DIR]

Without ``--video`` it renders (with the synthetic renderer, into ``--out`` or a temporary
folder; not timed) two 1080p MJPG videos of ``bench/scenes/full-table.json`` and a frame of
the empty table, and plays both:

  worst case  the selected ship moves ~1 mm every frame all along (``--hold N``: it stands
              still for N stretches before and after its move): everything is redone on
              every frame;
  game mix    what a game looks like to the camera: the table stands still, a hand reaches
              in over the selected ship, moves it and puts it down, goes away, and the table
              stands still again (``--frames`` frames, ~2/3 of them still).

Per frame, on one OpenCV thread by default:

  capture      decode the next frame (cv2.VideoCapture, as the capture thread does: FFmpeg's
               MJPEG decoder for a file or stream)
  resize       the frame resized for the window's picture (``capture.display_picture``, on
               the capture thread since the window asks it for its display size)
  calibration  TableTracker.update: re-detect the table markers, keep/refit the pose
  detection    the window's detector: ``Detector.live()`` with the empty table's background
               (``--still``: ``Detector.detect`` from scratch every frame, as before)
  tracking     Tracker.update (idem)
  rules        check_scene for the selected ship + squadron engagement
  overlay      table mm -> image px shapes (overlay_model.build_overlay)
  paint        the window's video widget rendered offscreen (QT_QPA_PLATFORM=offscreen):
               the resized frame drawn, the overlay layer (repainted when the overlay
               changed) blended over it

Prints, for each video, each stage's mean / median / 95th percentile CPU time in ms (and wall
time: the machine may be shared), the sum with the frame rate it allows on one core, and the
sum per thread as the window runs them (capture + resize; calibration + detection + tracking;
rules + overlay + paint); for the game mix also per part of the game (still, hand, moving).

A webcam is not read through FFmpeg: OpenCV's V4L2 backend hands each MJPEG frame to
``cv2.imdecode`` (libjpeg-turbo). That decode of the same frames (the video's packets, read
raw with ``CAP_PROP_FORMAT=-1``) is timed apart, outside the stages, and printed beside them
with the sum and frame rate it would give in place of the FFmpeg decode (``--no-webcam``:
skip it).

After the first frame the heap is frozen out of the garbage collector's walks, as the
window's processing thread does (``armada_vision._heap``; not timed).

The measured loop runs the stages one after the other on one thread, so its wall-clock rate
is that of one core shared with whatever else runs; it is printed over all frames (with the
first frame's start-up: the detector's first full look at the table, ~1 s) and in the steady
state (from the second frame on), labelled as such.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import _pipeline_videos as videos  # noqa: E402
import cv2  # noqa: E402

from armada_vision._heap import freeze_heap  # noqa: E402
from armada_vision.catalog import get_catalog  # noqa: E402
from armada_vision.scene import load_scene  # noqa: E402
from armada_vision.ui import checks as rules  # noqa: E402
from armada_vision.ui.capture import VideoCaptureSource, display_picture  # noqa: E402
from armada_vision.ui.overlay_model import Overlay, Selection  # noqa: E402
from armada_vision.ui.session import Session  # noqa: E402

STAGES = ("capture", "resize", "calibration", "detection", "tracking", "rules", "overlay", "paint")


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


def _compile_kernels(catalog) -> None:
    """The rules core's and the detector's compiled kernels, loaded (or compiled) before
    timing, as the window does before it opens (``ui.app.prepare_rules``). Without it a fresh
    copy's first run compiled a rules kernel on a later frame, inside the timed stages (the
    worst case's rules mean 30 ms against a median of 1.4 ms)."""
    t0 = time.process_time()
    try:
        from armada_vision.rules import compile_kernels
    except ImportError:
        return
    compile_kernels(catalog)
    try:
        from armada_vision.vision.detect import compile_kernels as compile_detector
    except ImportError:
        compile_detector = None
    if compile_detector is not None:
        compile_detector()
    print(f"compiled kernels loaded in {time.process_time() - t0:.1f} s CPU (not timed)")


class _Clock:
    """Stage timer: the process's CPU time (``time.process_time``) and wall time since the
    last stop. Process, not thread, time: Qt converts and blends big images on worker threads
    and FFmpeg decodes on its own, which the calling thread's clock does not see (a 720p
    24-bit image drawn: 0.04 ms thread, 0.9 ms process). The stages run one after the other,
    so each stage's figure is its own work on all threads."""

    def __init__(self, cpu: dict[str, list[float]], wall: dict[str, list[float]]):
        self.cpu, self.wall = cpu, wall

    def start(self) -> None:
        self._c, self._w = time.process_time(), time.perf_counter()

    def stop(self, stage: str) -> None:
        c, w = time.process_time(), time.perf_counter()
        self.cpu[stage].append(c - self._c)
        self.wall[stage].append(w - self._w)
        self._c, self._w = c, w


@dataclass
class Run:
    """Per-stage CPU and wall seconds of every frame of one video."""

    cpu: dict[str, list[float]]
    wall: dict[str, list[float]]
    frames: int
    wall_s: float
    checks: int
    shapes: int
    first_ms: dict[str, float] = field(default_factory=dict)
    first_wall_s: float = 0.0  # wall time of the first frame (start-up)
    webcam_cpu: list[float] = field(default_factory=list)  # imdecode of each frame's MJPEG packet
    classified: tuple[int, int] = (0, 0)  # ships with a class / ships, on the last frame


def _play(video: Path, truths: list, camera, catalog, background, view, canvas, args,
          limit: int) -> Run:
    """Up to ``limit`` frames of ``video`` through the window's stages, timed stage by stage.
    The first frame (the detector's first full look at the table, ~1 s) is timed apart."""
    tracker = None
    try:
        from armada_vision.vision.calibration import CameraIntrinsics, TableTracker
        from armada_vision.vision.calibration._files import layout_from_json
        from armada_vision.vision.synth import default_layout

        layout = layout_from_json(default_layout(truths[0].play_area_mm), "default layout")
        tracker = TableTracker(CameraIntrinsics(camera.camera_matrix, camera.dist_coeffs, camera.image_size),
                               layout)
    except ImportError as exc:
        print(f"calibration: not available ({exc})")
    detector, scene_tracker = _optional_detection(catalog, camera, truths[0], background, args.still)
    src = VideoCaptureSource(str(video), live=False, loop=False)
    if not src.open():
        raise SystemExit(f"cannot open {video}")
    packets = _raw_packets(video) if args.webcam else None
    run = Run({s: [] for s in STAGES}, {s: [] for s in STAGES}, 0, 0.0, 0, 0)
    clock = _Clock(run.cpu, run.wall)
    cam = camera
    work: dict = {}  # display_picture's buffer, kept as the capture thread keeps it
    session = Session(catalog, "rrg-1.6")
    session.selection = Selection(truths[0].ships[0].id, "front")
    view.set_overlay(Overlay())
    wall0 = time.perf_counter()
    while run.frames < limit:
        if packets is not None:  # not a stage: what a V4L2 MJPEG webcam's decode would cost
            ok, packet = packets.read()
            if ok and packet is not None and packet.size:
                c = time.process_time()
                cv2.imdecode(packet.reshape(-1), cv2.IMREAD_COLOR)
                run.webcam_cpu.append(time.process_time() - c)
        clock.start()
        frame = src.read()
        if frame is None:
            break
        clock.stop("capture")
        display = display_picture(frame.image, view.picture_size(frame.image.shape), work=work)
        clock.stop("resize")
        if tracker is not None:
            status = tracker.update(frame.image)
            if status.fit is not None:
                cam = status.fit.camera
        clock.stop("calibration")
        scene = truths[min(run.frames, len(truths) - 1)]
        if detector is not None:
            dets = detector.detect(frame.image)
            clock.stop("detection")
            scene = scene_tracker.update(dets, frame.t_s)[0] if scene_tracker else dets.to_scene()
            clock.stop("tracking")
        run.classified = (sum(1 for s in scene.ships if s.ship_class), len(scene.ships))
        session.set_detected(scene)
        checks = session.checks()            # check_scene for the selected ship + engagement
        clock.stop("rules")
        ov = session.overlay(cam)            # rebuilt only when the scene or selection changed
        clock.stop("overlay")
        view.set_frame(frame.image, display)
        view.set_overlay(ov)
        view.render(canvas)
        clock.stop("paint")
        if run.frames == 0:  # start-up: kept apart so that it does not swamp the means
            run.first_ms = {st: run.cpu[st].pop() * 1e3 for st in STAGES if run.cpu[st]}
            for st in STAGES:
                if run.wall[st]:
                    run.wall[st].pop()
            if run.webcam_cpu:
                run.webcam_cpu.pop()
            freeze_heap()  # as the window's processing thread does after its first frame
            run.first_wall_s = time.perf_counter() - wall0
        run.frames += 1
    run.wall_s = time.perf_counter() - wall0
    run.checks, run.shapes = len(checks), len(ov.shapes)
    src.close()
    if packets is not None:
        packets.release()
    return run


def _raw_packets(video: Path) -> cv2.VideoCapture | None:
    """The video's frames as undecoded MJPEG packets (FFmpeg demuxing only), or None."""
    cap = cv2.VideoCapture(str(video), cv2.CAP_FFMPEG)
    if not cap.isOpened() or not cap.set(cv2.CAP_PROP_FORMAT, -1):
        cap.release()
        return None
    return cap


def _stage_means(run: Run, frames: list[int] | None = None) -> dict[str, float]:
    out = {}
    for stage in STAGES:
        v = run.cpu[stage]
        if v:
            out[stage] = statistics.fmean(v if frames is None else [v[i] for i in frames]) * 1e3
    return out


def _report(title: str, run: Run, phases: list[str] | None = None) -> None:
    print(f"\n=== {title}: {run.frames} frames (the first timed apart); overlay shapes on the last frame: {run.shapes}, "
          f"checks: {run.checks}; load average {os.getloadavg()[0]:.1f}")
    print("per stage: CPU time (what one core spends; the machine may be shared, wall time beside it)")
    for stage in STAGES:
        v = run.cpu[stage]
        if not v:
            note = {"detection": "not installed: truth scene used", "tracking": "not installed",
                    "rules": "not installed"}.get(stage, "skipped")
            print(f"  {stage:<12} n/a ({note})")
            continue
        ms = [x * 1e3 for x in v]
        p95 = sorted(ms)[int(0.95 * (len(ms) - 1))]
        wall_ms = statistics.fmean(run.wall[stage]) * 1e3
        print(f"  {stage:<12} mean {statistics.fmean(ms):7.2f} ms  median {statistics.median(ms):7.2f} ms  "
              f"p95 {p95:7.2f} ms   (wall {wall_ms:7.2f} ms)")
    print(f"  ships classified for the rules on the last frame: {run.classified[0]} of "
          f"{run.classified[1]} (the rules and overlay cover those only)")
    print(f"  first frame (start-up, not in the figures): {sum(run.first_ms.values()):.0f} ms "
          f"(detection {run.first_ms.get('detection', 0.0):.0f} ms)")
    means = _stage_means(run)
    total = sum(means.values())
    print(f"sum of stages: {total:.2f} ms/frame -> {1e3 / total:.1f} fps on one core  [{title}]")
    if run.webcam_cpu and "capture" in means:
        cam = statistics.fmean(run.webcam_cpu) * 1e3
        alt = total - means["capture"] + cam
        print(f"  with a webcam's decode instead (OpenCV V4L2 MJPEG: cv2.imdecode of the same frames, "
              f"{cam:.2f} ms, not FFmpeg's {means['capture']:.2f} ms): {alt:.2f} ms/frame -> "
              f"{1e3 / alt:.1f} fps")
    threads = {"capture thread": ("capture", "resize"),
               "processing thread": ("calibration", "detection", "tracking"),
               "GUI thread": ("rules", "overlay", "paint")}
    for name, stages in threads.items():
        ms = sum(means.get(st, 0.0) for st in stages)
        print(f"  {name:<18} {ms:8.2f} ms/frame -> {1e3 / max(ms, 1e-9):.1f} fps alone")
    if phases:
        print("by part of the game (mean CPU ms per frame):")
        for phase in dict.fromkeys(phases):
            idx = [i - 1 for i, ph in enumerate(phases[:run.frames]) if ph == phase and i > 0]
            if not idx:
                continue
            m = _stage_means(run, idx)
            stages = "  ".join(f"{k} {v:.1f}" for k, v in m.items())
            print(f"  {phase:<7} {len(idx):3d} frames: {sum(m.values()):6.1f} ms -> "
                  f"{1e3 / sum(m.values()):5.1f} fps   ({stages})")
    steady = run.wall_s - run.first_wall_s
    print(f"measured loop (wall clock, stages one after the other, includes waiting for a shared CPU): "
          f"{run.frames / run.wall_s:.1f} fps over all {run.frames} frames, with the first frame's start-up "
          f"({run.first_wall_s:.2f} s)")
    if run.frames > 1 and steady > 0:
        print(f"  steady state (frames 2-{run.frames}, start-up excluded): {(run.frames - 1) / steady:.1f} fps "
              f"({steady / (run.frames - 1) * 1e3:.1f} ms/frame wall)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--video", type=Path, help="a 1080p video of --scene (default: render them)")
    ap.add_argument("--out", type=Path, help="keep the rendered videos in this folder (reused)")
    ap.add_argument("--scene", type=Path, default=ROOT / "bench" / "scenes" / "full-table.json")
    ap.add_argument("--frames", type=int, default=60, help="worst-case frames (game mix: 2x)")
    ap.add_argument("--threads", type=int, default=1, help="OpenCV threads (default 1: one core)")
    ap.add_argument("--display", default="1280x720", help="window picture size to paint at")
    ap.add_argument("--background", type=Path, help="the empty table (with --video)")
    ap.add_argument("--hold", type=int, default=0,
                    help="worst case: the ship stands still for HOLD stretches before and "
                    "after its move (default 0: it moves on every frame)")
    ap.add_argument("--only", choices=("worst", "game"), help="play only one of the two videos")
    ap.add_argument("--no-webcam", dest="webcam", action="store_false",
                    help="do not time the webcam path's decode (cv2.imdecode) apart")
    ap.add_argument("--still", action="store_true",
                    help="detect every frame from scratch (the detector before the live path)")
    args = ap.parse_args(argv)
    cv2.setNumThreads(args.threads)
    catalog = get_catalog()
    tmp = tempfile.TemporaryDirectory()
    out = args.out or Path(tmp.name)
    out.mkdir(parents=True, exist_ok=True)
    plays = []  # (title, video, camera, truths, phases)
    if args.video:
        scene = load_scene(args.scene)
        plays.append((str(args.video), args.video, videos.camera_for(scene), [scene], None))
        empty = args.background
    else:
        if args.only != "game":
            v, cam, truths = videos.worst_case(args.scene, out, args.frames, catalog, args.hold)
            what = "moving every frame" if args.hold == 0 else f"moving, hold {args.hold}"
            plays.append((f"WORST CASE (selected ship {what})", v, cam, truths, None))
        if args.only != "worst":
            v, cam, truths, phases = videos.game_mix(args.scene, out, 2 * args.frames, catalog)
            plays.append(("GAME MIX (still table, hand, ship moved and put down)", v, cam, truths,
                          phases))
        empty = videos.empty_table(args.scene, out, catalog)

    from PyQt6.QtGui import QImage
    from PyQt6.QtWidgets import QApplication

    from armada_vision.ui.video_view import VideoView

    app = QApplication.instance() or QApplication(sys.argv[:1])  # noqa: F841 - widgets need it
    dw, dh = (int(v) for v in args.display.lower().split("x"))
    view = VideoView()  # the window's own widget, rendered into a QImage
    view.resize(dw, dh)
    canvas = QImage(dw, dh, QImage.Format.Format_RGB32)
    _compile_kernels(catalog)
    background = None
    if empty is not None:
        from armada_vision.vision.detect import BackgroundModel

        background = BackgroundModel.learn(cv2.imread(str(empty)))
    print(f"1920x1080 video, OpenCV threads: {args.threads}, painted at {dw}x{dh}, "
          f"detector: {'still (every frame from scratch)' if args.still else 'live'}, "
          f"background: {'learned' if background is not None else 'estimated'}; "
          f"rules core {'installed' if rules.rules_available() else 'NOT installed (no checks)'}")
    first = plays[0][3][0]
    print(f"pieces: {len(first.ships)} ships, {len(first.squadrons)} squadrons, "
          f"{len(first.obstacles)} obstacles; front arc of {first.ships[0].id} selected")
    results = []
    for title, video, cam, truths, phases in plays:
        limit = args.frames if len(truths) == 1 else len(truths)
        run = _play(video, truths, cam, catalog, background, view, canvas, args, limit)
        _report(title, run, phases)
        results.append((title, run))
    if len(results) > 1:
        print("\n=== summary (sum of the stages' mean CPU time on one core; measured wall loop)")
        for title, run in results:
            total = sum(_stage_means(run).values())
            steady = (run.frames - 1) / max(run.wall_s - run.first_wall_s, 1e-9)
            print(f"  {title:<58} {total:7.2f} ms/frame -> {1e3 / total:5.1f} fps; wall loop "
                  f"{run.frames / run.wall_s:5.1f} fps with start-up, {steady:5.1f} fps steady")
    tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
