"""Short videos of moves: key Scenes rendered with interpolated poses between them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import cv2

from armada_vision.catalog import Catalog
from armada_vision.errors import InputError
from armada_vision.scene import Scene
from armada_vision.vision.camera import TableCamera

from ._render import RenderOptions, render


def _lerp_angle(a: float, b: float, t: float) -> float:
    d = (b - a + 180.0) % 360.0 - 180.0
    return (a + d * t) % 360.0


def interpolate(a: Scene, b: Scene, t: float) -> Scene:
    """The scene a fraction ``t`` (0..1) of the way from ``a`` to ``b``.

    Pieces in both move in a straight line and turn the short way round; a piece only in ``a``
    stays until ``t`` reaches 0.5, a piece only in ``b`` appears from 0.5 on (picked up, put down).
    """
    def mix(xs, ys, with_heading: bool):
        other = {p.id: p for p in ys}
        out = []
        for p in xs:
            q = other.get(p.id)
            if q is None:
                if t < 0.5:
                    out.append(p)
                continue
            kw = {"x_mm": p.x_mm + (q.x_mm - p.x_mm) * t, "y_mm": p.y_mm + (q.y_mm - p.y_mm) * t}
            if with_heading:
                kw["heading_deg"] = _lerp_angle(p.heading_deg, q.heading_deg, t)
            out.append(replace(q if t >= 0.5 else p, **kw))
        if t >= 0.5:
            mine = {p.id for p in xs}
            out += [q for q in ys if q.id not in mine]
        return tuple(out)

    return replace(b if t >= 0.5 else a, ships=mix(a.ships, b.ships, True),
                   squadrons=mix(a.squadrons, b.squadrons, False),
                   obstacles=mix(a.obstacles, b.obstacles, True))


def frames_between(scenes: Sequence[Scene], frames_per_move: int) -> list[Scene]:
    """Every frame's Scene: each key scene, then ``frames_per_move - 1`` in-between frames to the
    next one; the last key scene closes the list."""
    out: list[Scene] = []
    for a, b in zip(scenes[:-1], scenes[1:]):
        out += [interpolate(a, b, i / frames_per_move) for i in range(frames_per_move)]
    out += list(scenes[-1:])
    return out


def render_video(scenes_over_time: Sequence[Scene], camera: TableCamera, path, fps: float = 12.0, *,
                 catalog: Catalog | None = None, frames_per_move: int = 6,
                 options: RenderOptions | None = None, layout=None, seed: int = 0,
                 progress: Callable[[int, int], None] | None = None) -> list[Scene]:
    """Write an MJPG ``.avi`` of the key scenes with the moves between them interpolated.

    Returns the ground-truth Scene of every written frame, in order. The background and the
    pieces' looks stay fixed (one ``seed``); sensor noise varies per frame.
    Raises ``InputError`` when the file cannot be opened for writing.
    """
    if catalog is None:
        from armada_vision.catalog import get_catalog
        catalog = get_catalog()
    frames = frames_between(list(scenes_over_time), frames_per_move)
    w, h = camera.image_size
    writer = cv2.VideoWriter(str(Path(path)), cv2.VideoWriter_fourcc(*"MJPG"), float(fps), (w, h))
    if not writer.isOpened():
        raise InputError("cannot open for writing as MJPG video", source=str(path))
    try:
        for i, sc in enumerate(frames):
            img = render(sc, camera, catalog, options, layout, seed, noise_seed=i).image
            writer.write(img)
            if progress:
                progress(i + 1, len(frames))
    finally:
        writer.release()
    return frames
