"""The 1080p videos bench/pipeline.py plays, rendered with the synthetic renderer (not timed).

``worst_case``: the selected ship (the scene's first) moves 60 mm along its heading, a little
every frame. ``game_mix``: a stretch of a game as the camera sees it (still table, a hand
reaching in, the ship moved under the hand and put down, the hand going away, still table).
Both are cached in ``out_dir`` and reused when the frame count matches.
"""

from __future__ import annotations

import dataclasses
import json
import math
import time
from pathlib import Path

import cv2
import numpy as np

from armada_vision.scene import Scene, load_scene, scene_from_dict, scene_to_dict
from armada_vision.vision.camera import TableCamera

# game mix: (phase, share of the frames); the hand comes in from the nearest table edge
GAME_MIX = (("still", 0.50), ("hand", 0.10), ("moving", 0.10), ("hand", 0.07), ("hand", 0.06),
            ("still", 0.17))


def camera_for(scene: Scene) -> TableCamera:
    return TableCamera.looking_down((1920, 1080), scene.play_area_mm)


def _moved(scene: Scene, distance_mm: float = 60.0):
    ship = scene.ships[0]
    a = math.radians(ship.heading_deg)
    return dataclasses.replace(ship, x_mm=ship.x_mm + distance_mm * math.cos(a),
                               y_mm=ship.y_mm + distance_mm * math.sin(a))


def _cached(path: Path, meta_path: Path, frames: int) -> list | None:
    if path.exists() and meta_path.exists():
        meta = json.loads(meta_path.read_text())
        if len(meta) == frames:
            print(f"reusing {path}")
            return meta
    return None


def worst_case(scene_path: Path, out_dir: Path, frames: int, catalog, hold: int = 0):
    """(video path, camera, ground-truth Scene per frame) of the ship moving every frame;
    ``hold``: it stands still for that many stretches before and after its move."""
    from armada_vision.vision.synth import render_video

    scene = load_scene(scene_path)
    camera = camera_for(scene)
    path = out_dir / f"full-table-1080p-hold{hold}.avi"
    truth_path = out_dir / f"truth-hold{hold}.json"
    meta = _cached(path, truth_path, frames)
    if meta is not None:
        return path, camera, [scene_from_dict(d) for d in meta]
    t0 = time.perf_counter()
    keys = [scene] * (hold + 1) + [scene.with_ship(_moved(scene))] * (hold + 1)
    truths = render_video(keys, camera, path, 12.0, catalog=catalog,
                          frames_per_move=max((frames - 1) // (2 * hold + 1), 1))
    print(f"rendered {len(truths)} frames of 1920x1080 in {time.perf_counter() - t0:.1f} s (not timed)")
    truth_path.write_text(json.dumps([scene_to_dict(t) for t in truths]))
    return path, camera, truths


def game_mix(scene_path: Path, out_dir: Path, frames: int, catalog):
    """(video path, camera, ground-truth Scenes, phase of each frame) of a stretch of a game:
    still table; a hand reaching in from the nearest edge to the selected ship; the ship
    moved 60 mm under the hand; the hand resting on it (put down); the hand going away; still
    table again. Phases: ``still``, ``hand``, ``moving``."""
    from armada_vision.vision.synth import RenderOptions, render

    scene = load_scene(scene_path)
    camera = camera_for(scene)
    path = out_dir / f"game-mix-1080p-{frames}.avi"
    meta_path = out_dir / f"game-mix-{frames}.json"
    meta = _cached(path, meta_path, frames)
    if meta is not None:
        return path, camera, [scene_from_dict(d["scene"]) for d in meta], [d["phase"] for d in meta]
    ship, moved = scene.ships[0], _moved(scene)
    w, h = scene.play_area_mm
    # the hand comes from the table edge nearest the ship
    start = min(((ship.x_mm, -80.0), (ship.x_mm, h + 80.0), (-80.0, ship.y_mm), (w + 80.0, ship.y_mm)),
                key=lambda p: math.dist(p, (ship.x_mm, ship.y_mm)))
    counts = [max(1, round(share * frames)) for _phase, share in GAME_MIX]
    counts[0] += frames - sum(counts)
    bounds = np.r_[0, np.cumsum(counts)]  # first frame of each part, and the end
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30.0, (1920, 1080))
    t0 = time.perf_counter()
    meta = []
    try:
        for i in range(frames):
            part = int(np.searchsorted(bounds, i, side="right") - 1)
            t = (i - bounds[part]) / max(bounds[part + 1] - bounds[part] - 1, 1)
            pose, hand = ship, None
            if part == 1:      # reaching in
                hand = tuple(np.add(start, np.subtract((ship.x_mm, ship.y_mm), start) * t))
            elif part == 2:    # moving the ship under the hand
                pose = dataclasses.replace(ship, x_mm=ship.x_mm + (moved.x_mm - ship.x_mm) * t,
                                           y_mm=ship.y_mm + (moved.y_mm - ship.y_mm) * t)
                hand = (pose.x_mm, pose.y_mm)
            elif part == 3:    # put down, the hand still on it
                pose, hand = moved, (moved.x_mm, moved.y_mm)
            elif part == 4:    # going away
                pose = moved
                hand = tuple(np.add((moved.x_mm, moved.y_mm), np.subtract(start, (moved.x_mm, moved.y_mm)) * t))
            elif part == 5:
                pose = moved
            sc = scene.with_ship(pose)
            opts = RenderOptions(hands=(hand,) if hand is not None else 0)
            writer.write(render(sc, camera, catalog, opts, noise_seed=i).image)
            meta.append({"phase": GAME_MIX[part][0], "scene": scene_to_dict(sc)})
    finally:
        writer.release()
    print(f"rendered {frames} frames of 1920x1080 in {time.perf_counter() - t0:.1f} s (not timed)")
    meta_path.write_text(json.dumps(meta))
    return path, camera, [scene_from_dict(d["scene"]) for d in meta], [d["phase"] for d in meta]


def empty_table(scene_path: Path, out_dir: Path, catalog) -> Path:
    """The empty table as the videos' camera sees it (same looks, other sensor noise)."""
    from armada_vision.vision.synth import render

    path = out_dir / "empty-1080p.png"
    if not path.exists():
        scene = load_scene(scene_path)
        img = render(Scene(play_area_mm=scene.play_area_mm), camera_for(scene), catalog,
                     noise_seed=999).image
        cv2.imwrite(str(path), img)
    return path
