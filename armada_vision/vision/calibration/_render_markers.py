"""A small marker-only renderer: the table markers of a layout seen through a ``TableCamera``.

For tests and benchmarks (and reusable by the synthetic-table renderer): every output pixel near a
marker is traced back through the camera (undistortion included) onto the mat, looked up in a
high-resolution marker texture and area-sampled (``supersample`` x ``supersample`` sub-pixels), so
marker edges land where the camera model says to a small fraction of a pixel. The rest of the
picture is a flat mat colour. Pixel convention: OpenCV's, pixel centres at integer coordinates.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from armada_vision.vision.camera import TableCamera

from ._files import TableLayout, aruco_dictionary

#: white paper around each marker, in marker modules (the printed sheet's quiet zone)
QUIET_MODULES = 2


def _marker_texture(dictionary, marker_id: int, modules: int, px_per_module: int) -> np.ndarray:
    """Marker with a white quiet zone, float32 0..1, ``(modules + 2 * QUIET) * px_per_module`` square."""
    img = cv2.aruco.generateImageMarker(dictionary, marker_id, modules * px_per_module, borderBits=1)
    pad = QUIET_MODULES * px_per_module
    img = cv2.copyMakeBorder(img, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255)
    return img.astype(np.float32) / 255.0


def render_table_markers(
    camera: TableCamera,
    layout: TableLayout,
    *,
    mat_grey: float = 70.0,
    paper_grey: float = 235.0,
    ink_grey: float = 25.0,
    blur_sigma_px: float = 0.6,
    noise_sigma: float = 2.0,
    supersample: int = 3,
    hidden_ids: tuple[int, ...] = (),
    seed: int = 0,
) -> np.ndarray:
    """Render the layout's markers through ``camera``; returns a BGR uint8 image (H, W, 3).

    ``hidden_ids`` are left out (as if covered by a hand). ``noise_sigma`` is grey levels of
    Gaussian sensor noise; ``blur_sigma_px`` a Gaussian optical blur.
    """
    w, h = camera.image_size
    out: np.ndarray = np.full((h, w), mat_grey, dtype=np.float32)
    dictionary = aruco_dictionary(layout.dictionary)
    modules = dictionary.markerSize + 2
    ppm = 24
    for m in layout.markers:
        if m.id in hidden_ids:
            continue
        tex = _marker_texture(dictionary, m.id, modules, ppm)
        module_mm = m.size_mm / modules
        half_mm = (modules / 2 + QUIET_MODULES) * module_mm
        # bounding box in the image of the paper square
        a = math.radians(m.rotation_deg)
        rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        sq = np.array([[-1, 1], [1, 1], [1, -1], [-1, -1]]) * half_mm
        outline = camera.table_to_image(sq @ rot.T + m.center_mm, 0.0)
        x0, y0 = np.floor(outline.min(axis=0)).astype(int) - 2
        x1, y1 = np.ceil(outline.max(axis=0)).astype(int) + 2
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w - 1), min(y1, h - 1)
        if x1 <= x0 or y1 <= y0:
            continue
        s = supersample
        offs = (np.arange(s) + 0.5) / s - 0.5
        xs = (np.arange(x0, x1 + 1)[:, None] + offs[None, :]).ravel()
        ys = (np.arange(y0, y1 + 1)[:, None] + offs[None, :]).ravel()
        gx, gy = np.meshgrid(xs, ys)
        table = camera.image_to_table(np.column_stack([gx.ravel(), gy.ravel()]), 0.0)
        # table -> marker local (x right, y up) -> texture pixels (column right, row down)
        local = (table - np.asarray(m.center_mm)) @ rot
        n = tex.shape[0]
        scale = n / (2 * half_mm)
        u = (local[:, 0] + half_mm) * scale - 0.5
        v = (half_mm - local[:, 1]) * scale - 0.5
        mapx = u.reshape(gx.shape).astype(np.float32)
        mapy = v.reshape(gx.shape).astype(np.float32)
        inside = cv2.remap(np.ones_like(tex), mapx, mapy, cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_CONSTANT, borderValue=0.0)
        val = cv2.remap(tex, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                        borderValue=0.0)
        grey = ink_grey + val * (paper_grey - ink_grey)
        fine = inside * grey + (1 - inside) * mat_grey
        hh, ww = fine.shape[0] // s, fine.shape[1] // s
        patch = fine.reshape(hh, s, ww, s).mean(axis=(1, 3))
        cover = inside.reshape(hh, s, ww, s).mean(axis=(1, 3))
        region = out[y0:y1 + 1, x0:x1 + 1]
        # ``fine`` already mixes the mat into pixels only partly covered by the paper
        region[:] = np.where(cover > 0, patch, region)
    if blur_sigma_px > 0:
        out = cv2.GaussianBlur(out, (0, 0), blur_sigma_px)
    if noise_sigma > 0:
        out += np.random.default_rng(seed).normal(0.0, noise_sigma, out.shape).astype(np.float32)
    grey8 = np.clip(np.round(out), 0, 255).astype(np.uint8)
    return cv2.cvtColor(grey8, cv2.COLOR_GRAY2BGR)


def render_board_view(board, camera_matrix: np.ndarray, dist_coeffs: np.ndarray, rvec: np.ndarray,
                      tvec: np.ndarray, image_size: tuple[int, int], *, px_per_mm: float = 4.0,
                      background: float = 110.0, noise_sigma: float = 1.5, seed: int = 0) -> np.ndarray:
    """A ChArUco board (a ``BoardSpec``) seen through a camera; BGR uint8 (H, W, 3).

    Board frame as OpenCV's board object points: origin at the board's top-left outer corner,
    +x along its columns, +y along its rows, z = 0 on the board; ``rvec``/``tvec`` take board mm
    into the camera frame. Every pixel is traced back (undistortion included) onto the board.
    """
    cols, rows = board.squares
    w_mm, h_mm = cols * board.square_mm, rows * board.square_mm
    tex = board.cv_board().generateImage((int(round(w_mm * px_per_mm)), int(round(h_mm * px_per_mm))),
                                         marginSize=0, borderBits=1)
    tex = cv2.copyMakeBorder(tex, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=255).astype(np.float32)
    tex = cv2.GaussianBlur(tex, (0, 0), 1.0)  # against aliasing: the texture is finer than the image
    cam = TableCamera(camera_matrix, dist_coeffs, rvec, tvec, image_size)
    w, h = image_size
    # trace a 4 px grid and interpolate bilinearly (the mapping is smooth over 4 px)
    step = 4
    gw, gh = w // step + 2, h // step + 2
    gx, gy = np.meshgrid(np.arange(gw, dtype=np.float64) * step, np.arange(gh, dtype=np.float64) * step)
    mm = cam.image_to_table(np.column_stack([gx.ravel(), gy.ravel()]), 0.0)
    # texture pixel centres: board mm * (texture px per mm) - 0.5, plus the 1 px border
    sx, sy = (tex.shape[1] - 2) / w_mm, (tex.shape[0] - 2) / h_mm
    coarse_x = (mm[:, 0] * sx + 0.5).reshape(gh, gw).astype(np.float32)
    coarse_y = (mm[:, 1] * sy + 0.5).reshape(gh, gw).astype(np.float32)
    px = np.arange(w, dtype=np.float32) / step
    py = np.arange(h, dtype=np.float32) / step
    qx, qy = np.meshgrid(px, py)
    mapx = cv2.remap(coarse_x, qx, qy, cv2.INTER_LINEAR)
    mapy = cv2.remap(coarse_y, qx, qy, cv2.INTER_LINEAR)
    img: np.ndarray = cv2.remap(tex, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=background)
    img = cv2.GaussianBlur(img, (0, 0), 0.7)
    img += np.random.default_rng(seed).normal(0.0, noise_sigma, img.shape).astype(np.float32)
    return cv2.cvtColor(np.clip(np.round(img), 0, 255).astype(np.uint8), cv2.COLOR_GRAY2BGR)
