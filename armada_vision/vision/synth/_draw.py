"""Drawing primitives: table-mm outlines projected through the camera on their own height plane
and filled anti-aliased into the frame, with a parallel label buffer for ground-truth visibility.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from armada_vision.vision.camera import TableCamera

SHIFT = 4                  # fillPoly fixed-point bits: 1/16 px vertex precision
FILL_SUPERSAMPLE = 8       # samples per pixel side when filling: edges within ~0.06 px
DENSIFY_MM = 3.0           # outlines are sampled at least this densely before projecting
BACKGROUND_LABEL = -1
HAND_LABEL = -2


def densify(points_mm: np.ndarray, step_mm: float = DENSIFY_MM, closed: bool = True) -> np.ndarray:
    """Insert points along each edge so no edge is longer than ``step_mm``; (N, 2) -> (M, 2).

    Lens distortion bends straight table edges in the image; projecting only the corners would
    draw them straight.
    """
    pts = np.asarray(points_mm, dtype=np.float64).reshape(-1, 2)
    if len(pts) < 2:
        return pts
    nxt = np.roll(pts, -1, axis=0) if closed else pts[1:]
    starts = pts if closed else pts[:-1]
    seg = nxt - starts
    n = np.maximum(1, np.ceil(np.hypot(seg[:, 0], seg[:, 1]) / step_mm)).astype(np.int64)
    idx = np.repeat(np.arange(len(n)), n)
    t = (np.arange(int(n.sum())) - np.repeat(np.cumsum(n) - n, n)) / np.repeat(n, n)
    out = starts[idx] + seg[idx] * t[:, None]
    return out if closed else np.vstack([out, pts[-1:]])


def circle_mm(cx: float, cy: float, r_mm: float, n: int | None = None) -> np.ndarray:
    """A circle as an (n, 2) polygon in mm, counter-clockwise."""
    if n is None:
        n = int(np.clip(2 * np.pi * r_mm / 1.5, 24, 180))
    a = np.linspace(0.0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([cx + r_mm * np.cos(a), cy + r_mm * np.sin(a)])


@dataclass
class Canvas:
    """The frame being drawn (BGR float32-free uint8) and its label buffer (int32, -1 = none)."""

    image: np.ndarray
    labels: np.ndarray
    camera: TableCamera

    def project(self, points_mm: np.ndarray, height_mm: float, densify_mm: float | None = DENSIFY_MM,
                closed: bool = True) -> np.ndarray:
        pts = densify(points_mm, densify_mm, closed) if densify_mm else np.asarray(points_mm, np.float64)
        return self.camera.table_to_image(pts, height_mm)

    def fill_px(self, px: np.ndarray, colour, label: int | None = None) -> None:
        """Fill the polygon(s) ``px`` ((N, 2) or a list of them) with ``colour``; mark ``label``.

        Each pixel takes the colour in proportion to how much of its area the polygon covers
        (``FILL_SUPERSAMPLE`` x ``FILL_SUPERSAMPLE`` samples), as a sensor integrates light: the
        edge is where the outline is. (``cv2.fillPoly`` alone, even anti-aliased, also paints
        the pixels its outline touches: a piece drawn 0.5-0.9 px larger on every side.) The
        label goes to pixels at least half covered.
        """
        polys = [np.asarray(px, np.float64)] if isinstance(px, np.ndarray) else [
            np.asarray(p, np.float64) for p in px]
        polys = [p.reshape(-1, 2) for p in polys if len(p)]
        if not polys:
            return
        H, W = self.labels.shape
        allp = np.vstack(polys)
        x0, y0 = np.floor(allp.min(axis=0)).astype(int) - 1
        x1, y1 = np.ceil(allp.max(axis=0)).astype(int) + 2
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
        if x1 <= x0 or y1 <= y0:
            return
        cover = coverage(polys, x0, y0, x1 - x0, y1 - y0)
        a = cover.astype(np.float32)[..., None] * (1.0 / 255.0)
        roi = self.image[y0:y1, x0:x1]
        ink = np.asarray([float(c) for c in colour][:roi.shape[2]], np.float32)
        roi[:] = np.clip(roi * (1.0 - a) + ink * a + 0.5, 0, 255).astype(np.uint8)
        if label is not None:
            self.labels[y0:y1, x0:x1][cover >= 128] = int(label)

    def fill(self, points_mm: np.ndarray, height_mm: float, colour, label: int | None = None) -> np.ndarray:
        """Project a table-mm polygon at ``height_mm`` and fill it; returns its pixel outline."""
        px = self.project(points_mm, height_mm)
        self.fill_px(px, colour, label)
        return px

    def fill_many(self, polys_mm: list[np.ndarray], height_mm: float, colour,
                  label: int | None = None, densify_mm: float | None = None) -> list[np.ndarray]:
        """Fill several table-mm polygons on one plane with one projection and one fill call
        (they should not overlap each other); returns their pixel outlines."""
        if not polys_mm:
            return []
        polys = [densify(p, densify_mm) if densify_mm else np.asarray(p, np.float64) for p in polys_mm]
        px = self.camera.table_to_image(np.vstack(polys), height_mm)
        out = np.split(px, np.cumsum([len(p) for p in polys])[:-1])
        self.fill_px(out, colour, label)
        return out

    def prism(self, points_mm: np.ndarray, z0_mm: float, z1_mm: float, side_colour, top_colour,
              label: int | None = None, convex: bool = True) -> np.ndarray:
        """A flat slab from ``z0_mm`` to ``z1_mm``: side walls (the hull of both outlines, or one
        quad per edge when not ``convex``) then the top face. Returns the top face's px outline."""
        bottom = self.project(points_mm, z0_mm)
        top = self.project(points_mm, z1_mm)
        if convex:
            hull = cv2.convexHull(np.vstack([bottom, top]).astype(np.float32)).reshape(-1, 2)
            self.fill_px(hull, side_colour, label)
        else:
            # One quad per edge, in one call (where quads overlap at concave corners the fill
            # rule may leave a speck; the bottom face under them covers most of it).
            self.fill_px(bottom, side_colour, label)
            nb, nt = np.roll(bottom, -1, axis=0), np.roll(top, -1, axis=0)
            self.fill_px(list(np.stack([bottom, nb, nt, top], axis=1)), side_colour, label)
        self.fill_px(top, top_colour, label)
        return top

    def line(self, points_mm: np.ndarray, height_mm: float, colour, width_mm: float,
             closed: bool = False) -> None:
        """A printed line ``width_mm`` wide along ``points_mm`` at ``height_mm``."""
        px = self.project(points_mm, height_mm, DENSIFY_MM, closed)
        scale = _scale_px_per_mm(self.camera, np.asarray(points_mm, np.float64)[0], height_mm)
        thick = max(1, int(round(width_mm * scale)))
        fixed = np.round(px * (1 << SHIFT)).astype(np.int32).reshape(-1, 1, 2)
        cv2.polylines(self.image, [fixed], closed, tuple(float(c) for c in colour), thick, cv2.LINE_AA, SHIFT)


def coverage(polys: list[np.ndarray], x0: int, y0: int, w: int, h: int) -> np.ndarray:
    """How much of each pixel of the (h, w) window at (x0, y0) the polygons (each (N, 2) px)
    cover, (h, w) uint8 0..255, from ``FILL_SUPERSAMPLE`` squared samples a pixel (pixel
    (i, j) spans i - 0.5 .. i + 0.5)."""
    k = FILL_SUPERSAMPLE
    sub = np.zeros((h * k, w * k), np.uint8)
    # Pixel i's k samples are sub-pixels (i - x0) * k .. + k - 1: sub = (x - x0 + 0.5) * k - 0.5.
    fixed = [np.round((((np.asarray(p, np.float64).reshape(-1, 2) - (x0, y0)) + 0.5) * k - 0.5)
                      * (1 << SHIFT)).astype(np.int32).reshape(-1, 1, 2) for p in polys]
    cv2.fillPoly(sub, fixed, 255, cv2.LINE_8, SHIFT)
    return cv2.resize(sub, (w, h), interpolation=cv2.INTER_AREA)


def _scale_px_per_mm(camera: TableCamera, at_mm: np.ndarray, height_mm: float) -> float:
    p = camera.table_to_image(np.array([at_mm, at_mm + [5.0, 0.0]]), height_mm)
    return float(np.linalg.norm(p[1] - p[0]) / 5.0)


def scale_px_per_mm(camera: TableCamera, at_mm, height_mm: float = 0.0) -> float:
    """Image scale at a table point on the ``height_mm`` plane, px per mm."""
    return _scale_px_per_mm(camera, np.asarray(at_mm, np.float64), height_mm)
