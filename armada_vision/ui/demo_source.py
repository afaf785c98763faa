"""The demo's frame source: the bundled sample game, or a plain stand-in while it is missing.

The sample comes from ``armada_vision.vision.synth.demo.ensure_demo(progress=...)`` (rendered
and cached on first run). If that part is not installed, ``fallback_demo`` draws a plain table
with a small hand-written scene so the window, its overlays and the tests still work.
No Qt here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.ui.capture import FolderSource, Frame, FrameSource
from armada_vision.vision.camera import TableCamera


@dataclass
class Demo:
    """What the window needs from a sample: a frame source, the camera, and the steps."""

    source: FrameSource
    camera: TableCamera
    bundled: bool  # True for the renderer's sample, False for the stand-in
    steps: Sequence[Any] = field(default_factory=list)
    events: Sequence[Any] = field(default_factory=list)
    sample: Any = None


class ArraySource(FrameSource):
    """Frames held in memory (with their truth scenes), played at ``fps``."""

    def __init__(self, images: Sequence[np.ndarray], truths: Sequence[Any], fps: float = 12.0,
                 loop: bool = True):
        self.images, self.truths, self.fps, self.loop = list(images), list(truths), fps, loop
        self.name = "demo"
        self._i = 0

    def open(self) -> bool:
        self._i = 0
        return True

    def read(self) -> Frame | None:
        if self._i >= len(self.images):
            if not self.loop:
                return None
            self._i = 0
        i = self._i
        self._i += 1
        return Frame(self.images[i], i, 0.0, self.truths[i])

    def seek(self, index: int) -> None:
        self._i = max(0, min(int(index), len(self.images) - 1))


def fallback_scene(catalog: Any) -> Scene:
    """Two ships and two squadrons a side from whatever the catalog holds (stand-in demo)."""
    ship_ids = sorted(catalog.ships)
    sq_ids = sorted(catalog.squadrons)
    a = ship_ids[0]
    b = ship_ids[1] if len(ship_ids) > 1 else a
    ships = (
        ShipPose("p1-ship-1", a, 1, 700.0, 300.0, 90.0, 2),
        ShipPose("p1-ship-2", b, 1, 1000.0, 250.0, 60.0, 2),
        ShipPose("p2-ship-1", a, 2, 820.0, 560.0, 250.0, 2),
        ShipPose("p2-ship-2", b, 2, 1150.0, 620.0, 200.0, 1),
    )
    sqs: tuple[SquadronPose, ...] = ()
    if sq_ids:
        s = sq_ids[0]
        sqs = (SquadronPose("p1-sq-1", s, 1, 600.0, 420.0), SquadronPose("p1-sq-2", s, 1, 640.0, 450.0),
               SquadronPose("p2-sq-1", s, 2, 660.0, 470.0), SquadronPose("p2-sq-2", s, 2, 1300.0, 500.0))
    return Scene(ships, sqs, ())


def draw_table(camera: TableCamera, play_area_mm: tuple[float, float]) -> np.ndarray:
    """A plain dark mat with its edge, seen through ``camera`` (BGR uint8)."""
    w, h = camera.image_size
    img = np.full((h, w, 3), (40, 28, 22), np.uint8)
    pw, ph = play_area_mm
    edge = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], dtype=np.float64)
    px = camera.table_to_image(edge, 0.0).astype(np.int32)
    cv2.fillPoly(img, [px], (70, 45, 30))
    cv2.polylines(img, [px], True, (160, 160, 160), 2, cv2.LINE_AA)
    return img


def fallback_demo(catalog: Any, size: tuple[int, int] = (1280, 720), n_frames: int = 24) -> Demo:
    scene = fallback_scene(catalog)
    camera = TableCamera.looking_down(size, scene.play_area_mm)
    frames, truths = [], []
    base = draw_table(camera, scene.play_area_mm)
    for i in range(n_frames):  # the first player-1 ship drifts forward so frames differ
        s0 = scene.ships[0]
        moved = ShipPose(s0.id, s0.ship_class, 1, s0.x_mm, s0.y_mm + 2.0 * i, s0.heading_deg, 2)
        truths.append(scene.with_ship(moved))
        frames.append(base)
    return Demo(ArraySource(frames, truths), camera, bundled=False)


def _camera_of(sample: Any) -> TableCamera:
    cam = getattr(sample, "camera", None)
    if isinstance(cam, TableCamera):
        return cam
    if isinstance(cam, dict):
        return TableCamera(cam["camera_matrix"], cam["dist_coeffs"], cam["rvec"], cam["tvec"],
                           tuple(cam["image_size"]))
    raise TypeError("demo sample has no usable camera")


def load_demo(catalog: Any, progress: Callable[[int, int], None] | None = None, *,
              fps: float = 12.0, **sample_options: Any) -> Demo:
    """The bundled sample (rendered and cached on first run), else the stand-in.

    ``sample_options`` go to ``ensure_demo`` (``cache_dir``, ``size``, ``frame_budget``: a
    smaller sample for tests)."""
    try:
        mod = importlib.import_module("armada_vision.vision.synth.demo")
        ensure = mod.ensure_demo
    except (ImportError, AttributeError):
        return fallback_demo(catalog)
    sample = ensure(progress=progress, **sample_options)
    paths = [Path(p) for p in (getattr(sample, "frame_paths", None) or sample.frames)]
    truths = list(getattr(sample, "truth", None) or getattr(sample, "scenes", None) or [])
    source = FolderSource(paths, fps=float(getattr(sample, "fps", fps) or fps), truths=truths,
                          name="demo")
    source.frame_steps = list(getattr(sample, "frame_steps", []) or [])  # type: ignore[attr-defined]
    return Demo(source, _camera_of(sample), True, list(getattr(sample, "steps", []) or []),
                list(getattr(sample, "events", []) or []), sample)
