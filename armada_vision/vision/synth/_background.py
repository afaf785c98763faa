"""The static background of a rendered frame: mat, table and table markers seen through the
camera, lens distortion included. Cached per camera, mat, table, layout and seed, since it is the
costly part of a frame and does not change while pieces move.

The background is rendered ``ss`` times supersampled: each supersampled pixel is mapped back to the
table plane (``TableCamera.image_to_table`` on a coarse grid, bilinear in between) and then
downsampled with area averaging, which anti-aliases marker edges the way a sensor does.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict

import cv2
import numpy as np

from armada_vision.vision.camera import TableCamera

from ._layout import marker_corners_mm
from ._mats import mat_texture

GRID_STEP_PX = 8          # coarse back-projection grid, in supersampled pixels
TEXTURE_MARGIN_MM = 400.0  # the table's texture reaches this far beyond the play area
PAPER_WHITE = 232.0
INK_BLACK = 22.0


def camera_key(camera: TableCamera) -> str:
    """A stable hash of the camera's intrinsics, distortion, pose and image size."""
    h = hashlib.sha1()
    for a in (camera.camera_matrix, camera.dist_coeffs, camera.rvec, camera.tvec):
        h.update(np.round(np.asarray(a, np.float64), 9).tobytes())
    h.update(repr(tuple(camera.image_size)).encode())
    return h.hexdigest()


def px_per_mm(camera: TableCamera, play_area_mm: tuple[float, float]) -> float:
    """Image scale at the play area's centre on the mat, px per mm."""
    c = np.array([[play_area_mm[0] / 2, play_area_mm[1] / 2], [play_area_mm[0] / 2 + 10, play_area_mm[1] / 2]])
    p = camera.table_to_image(c, 0.0)
    return float(np.linalg.norm(p[1] - p[0]) / 10.0)


def table_map(camera: TableCamera, ss: int) -> tuple[np.ndarray, np.ndarray]:
    """Table mm (x, y) of every pixel of the ``ss``-times supersampled image, two (H, W) float32.

    Supersampled pixel ``k`` has its centre at original pixel ``(k + 0.5) / ss - 0.5``. Pixels whose
    ray misses the table plane map far outside it.
    """
    w, h = camera.image_size
    W, H = w * ss, h * ss
    gx = np.arange(0, W + GRID_STEP_PX, GRID_STEP_PX, dtype=np.float64)
    gy = np.arange(0, H + GRID_STEP_PX, GRID_STEP_PX, dtype=np.float64)
    U, V = np.meshgrid((gx + 0.5) / ss - 0.5, (gy + 0.5) / ss - 0.5)
    tab = camera.image_to_table(np.column_stack([U.ravel(), V.ravel()]), 0.0)
    # Rays going up (above the horizon) or absurdly far: push them off the texture.
    c = camera.centre_mm
    far = ~np.isfinite(tab).all(axis=1) | (np.hypot(tab[:, 0] - c[0], tab[:, 1] - c[1]) > 2e4)
    tab[far] = -1e5
    gxm = tab[:, 0].reshape(U.shape).astype(np.float32)
    gym = tab[:, 1].reshape(U.shape).astype(np.float32)
    mx = np.broadcast_to(np.arange(W, dtype=np.float32)[None, :] / GRID_STEP_PX, (H, W))
    my = np.broadcast_to(np.arange(H, dtype=np.float32)[:, None] / GRID_STEP_PX, (H, W))
    mx, my = np.ascontiguousarray(mx), np.ascontiguousarray(my)
    xs = cv2.remap(gxm, mx, my, cv2.INTER_LINEAR)
    ys = cv2.remap(gym, mx, my, cv2.INTER_LINEAR)
    return xs, ys


def _draw_markers(img: np.ndarray, xs: np.ndarray, ys: np.ndarray, layout: dict,
                  camera: TableCamera, ss: int) -> None:
    """Paint each marker (on its white quiet zone of 1.5 modules) analytically per pixel."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.get("dictionary", "DICT_4X4_50")))
    n_bits = dictionary.markerSize + 2
    H, W = xs.shape
    for m in layout["markers"]:
        size = float(m["size_mm"])
        module = size / n_bits
        half_paper = size / 2 + 1.5 * module
        bits = cv2.aruco.generateImageMarker(dictionary, int(m["id"]), n_bits, borderBits=1)
        centre = np.asarray(m["center_mm"], np.float64)
        a = np.radians(float(m.get("rotation_deg", 0.0)))
        paper = (marker_corners_mm(m) - centre) * (half_paper / (size / 2)) + centre
        px = (camera.table_to_image(paper, 0.0) + 0.5) * ss - 0.5
        pad = 4 * ss
        x0, y0 = np.floor(px.min(axis=0)).astype(int) - pad
        x1, y1 = np.ceil(px.max(axis=0)).astype(int) + pad
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
        if x1 <= x0 or y1 <= y0:
            continue
        dx = xs[y0:y1, x0:x1] - centre[0]
        dy = ys[y0:y1, x0:x1] - centre[1]
        lx = dx * np.cos(a) + dy * np.sin(a)     # marker frame: +x right, +y towards its top
        ly = -dx * np.sin(a) + dy * np.cos(a)
        on_paper = (np.abs(lx) <= half_paper) & (np.abs(ly) <= half_paper)
        col = np.floor((lx + size / 2) / module).astype(np.int64)
        row = np.floor((size / 2 - ly) / module).astype(np.int64)
        inside = on_paper & (col >= 0) & (col < n_bits) & (row >= 0) & (row < n_bits)
        val = np.full(lx.shape, PAPER_WHITE, np.float32)
        val[inside] = np.where(bits[row[inside], col[inside]] > 0, PAPER_WHITE, INK_BLACK)
        roi = img[y0:y1, x0:x1]
        roi[on_paper] = val[on_paper][:, None]


_CACHE: OrderedDict[tuple, np.ndarray] = OrderedDict()
_CACHE_SIZE = 6


def _render_background(camera: TableCamera, mat: str, table: str, layout: dict,
                       play_area: tuple[float, float], seed: int, ss: int,
                       cloth_colour: tuple | None) -> np.ndarray:
    rng = np.random.default_rng([seed, 7919])
    k = float(np.clip(px_per_mm(camera, play_area) * ss, 1.0, 1.6))
    xs, ys = table_map(camera, ss)
    # Texture only the part of the table the camera sees (plus a little), on a fixed grid.
    m = TEXTURE_MARGIN_MM
    lo = np.array([-m, -m])
    hi = np.array([play_area[0] + m, play_area[1] + m])
    sub = (slice(None, None, 16), slice(None, None, 16))
    seen = np.column_stack([xs[sub].ravel(), ys[sub].ravel()])
    seen = seen[(seen >= lo).all(axis=1) & (seen <= hi).all(axis=1)]
    if len(seen):
        r0 = np.maximum(np.floor((seen.min(axis=0) - 20.0 - lo) * k) / k + lo, lo)
        r1 = np.minimum(seen.max(axis=0) + 20.0, hi)
    else:
        r0, r1 = lo, lo + 10.0
    tex = mat_texture(mat, table, play_area, (r0[0], r0[1], r1[0], r1[1]), k, rng, cloth_colour)
    tx = ((xs - np.float32(r0[0])) * np.float32(k) - np.float32(0.5)).astype(np.float32)
    ty = ((ys - np.float32(r0[1])) * np.float32(k) - np.float32(0.5)).astype(np.float32)
    img = cv2.remap(tex, tx, ty, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    _draw_markers(img, xs, ys, layout, camera, ss)
    w, h = camera.image_size
    if ss > 1:
        img = cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)
    img.setflags(write=False)
    return img


def background(camera: TableCamera, mat: str, table: str, layout: dict,
               play_area_mm: tuple[float, float], seed: int, ss: int | None = None,
               cloth_colour: tuple | None = None) -> np.ndarray:
    """The empty table as the camera sees it: BGR uint8 (h, w, 3), read-only (copy before drawing).

    ``ss`` is the supersampling factor (default 2 up to 1080p, 1 above).
    """
    w, h = camera.image_size
    if ss is None:
        ss = 2 if w * h <= 1920 * 1080 else 1
    cc = None if cloth_colour is None else tuple(int(c) for c in cloth_colour)
    key = (camera_key(camera), mat, table, json.dumps(layout, sort_keys=True),
           tuple(play_area_mm), int(seed), int(ss), cc)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    img = _render_background(camera, mat, table, layout, tuple(play_area_mm), int(seed), int(ss), cc)
    _CACHE[key] = img
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return img
