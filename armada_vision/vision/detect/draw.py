"""Drawing detections over the frame they came from (the ``analyze --debug`` image).

Outlines are drawn where each piece's top is: table points mapped at their height plane.
Labels are kept apart (``geometry.clear_of_labels``, as the window's painter does): a squadron's
label was printed over its neighbour's ("squadron-8 0.93n-7 0.92").
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from armada_vision.geometry._boxes import clear_of_labels

from ._types import Detections

GREEN, CYAN, ORANGE, RED, WHITE = (60, 220, 60), (230, 220, 40), (40, 160, 255), (40, 40, 230), (
    255, 255, 255)


def _poly(img, camera, pts_mm, height_mm, colour, thick=2):
    px = camera.table_to_image(np.asarray(pts_mm, dtype=np.float64), height_mm)
    cv2.polylines(img, [np.round(px).astype(np.int32).reshape(-1, 1, 2)], True, colour, thick,
                  cv2.LINE_AA)
    return px


def draw_detections(image_bgr: np.ndarray, det: Detections, camera, catalog=None,
                    base_height_mm: float = 5.0,
                    play_area_mm: tuple[float, float] | None = None) -> np.ndarray:
    """A copy of ``image_bgr`` with ship bases (green, bow arrow when known), squadron bases
    (cyan), obstacles (orange) and hands (red) drawn, each labelled with its confidence, and
    with ``play_area_mm`` (width, height) the play area's edge where the calibration puts it
    (white, thin: to see at a glance whether the table calibration fits the mat)."""
    out = image_bgr.copy()
    labels: list[tuple] = []  # drawn after every outline, so that no ring covers a label
    if play_area_mm is not None:
        w, h = play_area_mm
        steps = np.linspace(0.0, 1.0, 33)[:-1, None]  # edges as polylines: a lens bends them
        edge = np.vstack([np.hstack([steps * w, 0 * steps]), np.hstack([w + 0 * steps, steps * h]),
                          np.hstack([(1 - steps) * w, h + 0 * steps]),
                          np.hstack([0 * steps, (1 - steps) * h])])
        _poly(out, camera, edge, 0.0, WHITE, 1)
    sizes = {}
    if catalog is not None:
        for s in catalog.ships.values():
            sizes.setdefault(s.size_class, (s.base.length_mm, s.base.width_mm))
    for i, s in enumerate(det.ships, 1):
        length, width = sizes.get(s.size_class, (71.0, 43.0))
        a = math.radians(s.heading_deg)
        u, v = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
        c = np.array([s.x_mm, s.y_mm])
        rect = [c + u * sx * length / 2 + v * sy * width / 2
                for sx, sy in ((1, 1), (-1, 1), (-1, -1), (1, -1))]
        _poly(out, camera, rect, base_height_mm, GREEN)
        ends = camera.table_to_image(np.array([c - u * length * 0.3, c + u * length * 0.45]),
                                     base_height_mm)
        p0, p1 = (tuple(int(round(v_)) for v_ in p) for p in ends)
        if s.bow_known:
            cv2.arrowedLine(out, p0, p1, GREEN, 2, cv2.LINE_AA, tipLength=0.25)
        else:
            cv2.line(out, p0, p1, GREEN, 1, cv2.LINE_AA)
        label = f"{s.piece_id or f'ship-{i}'} {s.size_class} {s.confidence:.2f}"
        labels.append((camera.table_to_image(c[None], base_height_mm)[0], label, GREEN))
    for i, q in enumerate(det.squadrons, 1):
        t = np.linspace(0, 2 * math.pi, 48, endpoint=False)
        r = q.diameter_mm / 2
        circle = np.column_stack([q.x_mm + r * np.cos(t), q.y_mm + r * np.sin(t)])
        _poly(out, camera, circle, base_height_mm, CYAN)
        labels.append((camera.table_to_image(np.array([[q.x_mm, q.y_mm + r]]),
                                             base_height_mm)[0],
                       f"{q.piece_id or f'squadron-{i}'} {q.confidence:.2f}", CYAN))
    for o in det.obstacles:
        if o.outline_mm:
            _poly(out, camera, o.outline_mm, 2.0, ORANGE)
        labels.append((camera.table_to_image(np.array([[o.x_mm, o.y_mm]]), 2.0)[0],
                       f"{o.obstacle}{' (flipped)' if o.flipped else ''} {o.confidence:.2f}",
                       ORANGE))
    for h in det.hands:
        cv2.polylines(out, [np.round(h.outline_px).astype(np.int32).reshape(-1, 1, 2)], True, RED,
                      2, cv2.LINE_AA)
        labels.append((h.outline_px.mean(axis=0), "hand", RED))
    placed: list[tuple[float, float, float, float]] = []  # label boxes drawn so far (px)
    for at_px, text, colour in labels:
        _label(out, at_px, text, colour, placed, tries=DEBUG_TRIES)
    return out


def draw_markers(image_bgr: np.ndarray, found: dict[int, np.ndarray], note: str) -> np.ndarray:
    """A copy of ``image_bgr`` with the table markers ``found`` ({id: corners (4, 2) px}, from
    ``calibration.detect_layout_markers``) outlined and numbered, and ``note`` (why the table
    was not found) across the top: the ``analyze --debug`` picture when there is no table."""
    out = image_bgr.copy()
    placed: list[tuple[float, float, float, float]] = []
    for i, quad in sorted(found.items()):
        q = np.asarray(quad, dtype=np.float64).reshape(4, 2)
        cv2.polylines(out, [np.round(q).astype(np.int32).reshape(-1, 1, 2)], True, GREEN, 2,
                      cv2.LINE_AA)
        _label(out, (q[:, 0].max(), q[:, 1].min()), f"marker {i}", GREEN, placed)
    _label(out, (4.0, 24.0), note, RED, placed)
    return out


FONT, FONT_SCALE = cv2.FONT_HERSHEY_SIMPLEX, 0.45
#: lines a label may move up or down off earlier ones: more than the window's 3, since a still
#: picture has the time and a crowded table (11 squadrons) ran out of free lines
DEBUG_TRIES = 8


def _label(img, at_px, text, colour, placed: list | None = None, tries: int = 3) -> None:
    """``text`` in ``colour`` with a black rim, from 4 px right of and above ``at_px``, moved
    down or up by whole lines off the boxes in ``placed`` (``(x0, y0, x1, y1)`` px of labels
    drawn before; this one's box is added). The rim is the thin text drawn one pixel round:
    OpenCV's thicker text also advances further per letter, so a thick black copy drifted off
    the coloured one along the label (unreadable on 640x480 frames)."""
    x, y = int(round(at_px[0])) + 4, int(round(at_px[1])) - 4
    if placed is not None:
        (w, h), base = cv2.getTextSize(text, FONT, FONT_SCALE, 1)
        fx, fy = clear_of_labels(float(x), float(y), w + 2.0, h + 1.0, base + 1.0, placed,
                                 float(img.shape[0]), tries=tries)
        x, y = int(round(fx)), int(round(fy))
        placed.append((x - 1.0, y - h - 1.0, x + w + 1.0, y + base + 1.0))
    for dx, dy in ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
        cv2.putText(img, text, (x + dx, y + dy), FONT, FONT_SCALE, (0, 0, 0), 1, cv2.LINE_AA)
    cv2.putText(img, text, (x, y), FONT, FONT_SCALE, colour, 1, cv2.LINE_AA)
