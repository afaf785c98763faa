"""The bundled sample game: rendered once on first use, cached, reused afterwards.

``ensure_demo()`` renders the scripted game of :mod:`._script` (1280 x 720, 12 fps, ~13 s) into
``$XDG_CACHE_HOME/armada-vision/demo/<version>/`` (``~/.cache/...`` without it): JPEG frames, an
MJPG video, the camera and the table layout, the empty table (``empty.png``, lossless, for
detection's background model), and a manifest with the per-frame ground truth. A manifest whose
version and content hash match, with every frame present, is reused as is (a cache from before
``empty.png`` existed gains it then).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from armada_vision.catalog import get_catalog
from armada_vision.errors import InputError
from armada_vision.scene import Scene, scene_from_dict, scene_to_dict
from armada_vision.vision.camera import TableCamera

from ._layout import default_layout
from ._render import RenderOptions, render
from ._script import DemoStep, demo_steps
from ._video import interpolate

DEMO_VERSION = "1"
DEMO_FORMAT = "armada-demo/1"
DEMO_SIZE = (1280, 720)
DEMO_FPS = 12.0
DEMO_SEED = 2026
# A C920-class lens (cv-notes 2.3), leaning 4 deg towards player 1 and turned 1 deg.
DEMO_DIST = (0.057, -0.203, -0.0014, 0.0004, 0.159)
DEMO_RENDER = RenderOptions(mat="starfield", light=0.3, noise_sigma=2.0, jpeg_quality=None)
EMPTY_FRAME = "empty.png"
EMPTY_NOISE_SEED = 1_000_003  # its own sensor noise draw, as a real empty-table frame has


@dataclass
class DemoSample:
    """A rendered sample game.

    ``frame_paths[i]`` shows ``truth[i]`` (the exact Scene) during step ``frame_steps[i]``
    (an index into ``steps``); ``camera`` is the exact camera (``camera_json`` its
    ``armada-camera/1`` form plus ``rvec``/``tvec`` of the table pose), ``layout`` the table
    markers (``armada-table-layout/1``), ``events`` every step's game events in order;
    ``empty_path`` the empty table under the same camera, mat and light (``None`` when it could
    not be written), what ``demo --detect`` learns the background from.
    """

    cache_dir: Path
    frame_paths: list[Path]
    video_path: Path
    truth: list[Scene]
    frame_steps: list[int]
    steps: list[DemoStep]
    camera: TableCamera
    camera_json: dict[str, Any]
    layout: dict[str, Any]
    fps: float
    empty_path: Path | None = None

    @property
    def events(self) -> list[dict[str, Any]]:
        return [e for s in self.steps for e in s.events]


def default_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/armada-vision/demo/<version>`` or ``~/.cache/armada-vision/demo/<version>``."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "armada-vision" / "demo" / DEMO_VERSION


def demo_camera(size: tuple[int, int] = DEMO_SIZE) -> TableCamera:
    """The sample game's camera: over the 6' x 3' table, slightly tilted, with lens distortion."""
    return TableCamera.looking_down(size, margin_mm=160.0, tilt_deg=4.0, yaw_deg=1.0,
                                    dist_coeffs=np.array(DEMO_DIST))


def camera_to_json(camera: TableCamera) -> dict[str, Any]:
    """``armada-camera/1`` with the table pose added as ``rvec``/``tvec`` (readers ignore them)."""
    return {"format": "armada-camera/1", "image_size": list(camera.image_size),
            "camera_matrix": camera.camera_matrix.tolist(), "dist_coeffs": camera.dist_coeffs.tolist(),
            "rms_px": 0.0, "board": None, "rvec": camera.rvec.tolist(), "tvec": camera.tvec.tolist(),
            "note": "synthetic: exact intrinsics and table pose of the rendered sample game"}


def camera_from_json(data: dict[str, Any]) -> TableCamera:
    return TableCamera(np.array(data["camera_matrix"]), np.array(data["dist_coeffs"]),
                       np.array(data["rvec"]), np.array(data["tvec"]), tuple(data["image_size"]))


def _frame_plan(steps: list[DemoStep], frame_budget: int | None) -> list[tuple[int, float, bool]]:
    """(step index, move fraction, new image?) per frame. Hold frames reuse the last image."""
    total = sum(s.move_frames + s.hold_frames for s in steps)
    scale = 1.0 if not frame_budget or frame_budget >= total else frame_budget / total
    plan = []
    for i, s in enumerate(steps):
        n_move = int(round(s.move_frames * scale)) if s.move_frames else 0
        n_hold = max(1, int(round(s.hold_frames * scale)))
        plan += [(i, (k + 1) / n_move, True) for k in range(n_move)]
        plan += [(i, 1.0, n_move == 0 and k == 0) for k in range(n_hold)]
    return plan


def _content_hash(steps, size, frame_budget) -> str:
    h = hashlib.sha256()
    cam = demo_camera(size)
    h.update(json.dumps([DEMO_VERSION, list(size), frame_budget, DEMO_SEED, cam.rvec.round(9).tolist(),
                         cam.tvec.round(6).tolist(), cam.camera_matrix.round(6).tolist(),
                         cam.dist_coeffs.tolist()], sort_keys=True).encode())
    for s in steps:
        h.update(json.dumps([s.key, s.caption, scene_to_dict(s.scene), list(s.events), s.move_frames,
                             s.hold_frames, s.check], sort_keys=True).encode())
    return h.hexdigest()[:16]


def ensure_demo(cache_dir: str | Path | None = None,
                progress: Callable[[int, int], None] | None = None, *,
                size: tuple[int, int] = DEMO_SIZE, frame_budget: int | None = None,
                steps: list[DemoStep] | None = None) -> DemoSample:
    """The sample game, rendered now if the cache lacks it (or holds another version).

    ``progress(done, total)`` is called after each frame while generating (not when reusing).
    ``size``, ``frame_budget`` (fewer frames, at least one per step) and ``steps`` (a shorter
    script) are for tests; any change makes a new render. Raises ``InputError`` when the cache
    dir cannot be written.
    """
    steps = list(steps) if steps is not None else demo_steps()
    cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    digest = _content_hash(steps, size, frame_budget)
    manifest_path = cache / "manifest.json"
    sample = _load(cache, manifest_path, digest, steps)
    if sample is not None:
        return sample
    try:
        cache.mkdir(parents=True, exist_ok=True)
        (cache / "frames").mkdir(exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create the demo cache: {exc.strerror}", source=str(cache)) from None
    if manifest_path.exists():
        manifest_path.unlink()
    return _generate(cache, manifest_path, digest, steps, size, frame_budget, progress)


def _load(cache: Path, manifest_path: Path, digest: str, steps) -> DemoSample | None:
    try:
        m = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if m.get("format") != DEMO_FORMAT or m.get("version") != DEMO_VERSION or m.get("hash") != digest:
        return None
    frames = [cache / p for p in m["frames"]]
    if not all(p.is_file() for p in set(frames)) or not (cache / m["video"]).is_file():
        return None
    camera = camera_from_json(m["camera"])
    return DemoSample(cache, frames, cache / m["video"],
                      [scene_from_dict(d, str(manifest_path)) for d in m["truth"]], m["frame_steps"],
                      steps, camera, m["camera"], m["layout"], m["fps"],
                      _ensure_empty(cache, camera, m["layout"], steps))


def _ensure_empty(cache: Path, camera: TableCamera, layout: dict[str, Any], steps) -> Path | None:
    """``cache/empty.png``: the first step's table without its pieces, rendered like the game's
    frames (same camera, mat, light and markers; its own noise). Rendered when missing; ``None``
    when it cannot be written (the sample still plays, detection then estimates the mat)."""
    path = cache / EMPTY_FRAME
    if path.is_file():
        return path
    empty = replace(steps[0].scene, ships=(), squadrons=(), obstacles=())
    img = render(empty, camera, get_catalog(), DEMO_RENDER, layout, DEMO_SEED,
                 noise_seed=EMPTY_NOISE_SEED).image
    tmp = path.with_name(path.name + ".tmp.png")
    try:
        if not cv2.imwrite(str(tmp), img):
            return None
        tmp.replace(path)
    except OSError:
        return None
    return path


def _generate(cache, manifest_path, digest, steps, size, frame_budget, progress) -> DemoSample:
    catalog = get_catalog()
    camera = demo_camera(size)
    layout = default_layout()
    options = DEMO_RENDER
    plan = _frame_plan(steps, frame_budget)
    frames: list[str] = []
    truth: list[Scene] = []
    writer = cv2.VideoWriter(str(cache / "demo.avi"), cv2.VideoWriter_fourcc(*"MJPG"), DEMO_FPS, tuple(size))
    last = None
    try:
        for n, (i, t, new) in enumerate(plan):
            prev = steps[i - 1].scene if i > 0 else steps[0].scene
            sc = steps[i].scene if t >= 1.0 else interpolate(prev, steps[i].scene, t)
            if new or last is None:
                img = render(sc, camera, catalog, options, layout, DEMO_SEED, noise_seed=n).image
                last = f"frames/{n:04d}.jpg"
                if not cv2.imwrite(str(cache / last), img, [cv2.IMWRITE_JPEG_QUALITY, 90]):
                    raise InputError("cannot write a demo frame", source=str(cache / last))
            writer.write(img)
            frames.append(last)
            truth.append(sc)
            if progress:
                progress(n + 1, len(plan))
    finally:
        writer.release()
    cam_json = camera_to_json(camera)
    manifest = {"format": DEMO_FORMAT, "version": DEMO_VERSION, "hash": digest, "fps": DEMO_FPS,
                "frames": frames, "video": "demo.avi", "frame_steps": [p[0] for p in plan],
                "truth": [scene_to_dict(s) for s in truth], "camera": cam_json, "layout": layout,
                "steps": [{"key": s.key, "caption": s.caption, "events": list(s.events), "check": s.check}
                          for s in steps]}
    (cache / "camera.json").write_text(json.dumps(cam_json, indent=1) + "\n", encoding="utf-8")
    (cache / "layout.json").write_text(json.dumps(layout, indent=1) + "\n", encoding="utf-8")
    tmp = manifest_path.with_name("manifest.json.tmp")
    tmp.write_text(json.dumps(manifest) + "\n", encoding="utf-8")
    tmp.replace(manifest_path)
    return DemoSample(cache, [cache / f for f in frames], cache / "demo.avi", truth,
                      [p[0] for p in plan], steps, camera, cam_json, layout, DEMO_FPS,
                      _ensure_empty(cache, camera, layout, steps))
