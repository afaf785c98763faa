"""Sub-pixel edges, the texture tolerance and the token/base edge polarity (third accuracy pass).

Physics, not the code's numbers: a blurred step's edge is its inflection, wherever the levels
inside lie; a background texture that only varies brightness cannot change a brightness-free
(chromaticity) score much when it shifts; just inside a base's edge is its black rim, just
inside a token's edge its print (armada-geometry.md 2.2).
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

from armada_vision.vision.detect._background import _texture
from armada_vision.vision.detect._edges import refine_edges
from armada_vision.vision.detect._fit import rim_inside
from armada_vision.vision.detect._raster import BlobRaster

sys.path.insert(0, str(Path(__file__).parent))
from vision_helpers import rect_outline as _rect  # noqa: E402


def _square(x0: float, x1: float, n: int = 200) -> np.ndarray:
    t = np.linspace(0.0, 1.0, n // 4, endpoint=False)
    a = np.column_stack([x0 + (x1 - x0) * t, np.full_like(t, x0)])
    b = np.column_stack([np.full_like(t, x1), x0 + (x1 - x0) * t])
    c = np.column_stack([x1 - (x1 - x0) * t, np.full_like(t, x1)])
    d = np.column_stack([np.full_like(t, x0), x1 - (x1 - x0) * t])
    return np.vstack([a, b, c, d])


def _distance_image(rim_px: float) -> np.ndarray:
    """Colour distance of a square piece [40, 120) px on a mat (0): a 2 px black rim (200)
    around a lighter token (60), blurred as the frame is (sigma 1.1 px)."""
    img = np.zeros((160, 160), np.float32)
    img[40:120, 40:120] = 200.0
    r = int(rim_px)
    img[40 + r:120 - r, 40 + r:120 - r] = 60.0
    return cv2.GaussianBlur(img, (0, 0), 1.1)


def test_an_edge_with_a_dark_rim_inside_lands_on_the_outline():
    # Pixel i covers i - 0.5 .. i + 0.5, so the piece's outline runs at 39.5 and 119.5. The
    # mask's outline is a pixel or two out (a low threshold); the edge must come back to it.
    dist = _distance_image(2)
    start = _square(38.0, 121.0)
    out = refine_edges(start, dist)
    mid = (np.abs(out[:, 0] - 79.5) < 30) | (np.abs(out[:, 1] - 79.5) < 30)
    err = np.minimum(np.abs(out - 39.5), np.abs(out - 119.5)).min(axis=1)
    assert np.median(err[mid]) < 0.2
    # A half level between the token and the mat (the old rule) lies ~1 px out on the
    # rim's flank: the steepest fall does not.
    half = 0.5 * 60.0
    prof = dist[80, 25:45]
    x_half = 25 + np.argmax(prof >= half) - 0.5
    assert 39.5 - x_half > 0.7


def test_a_brightness_only_texture_is_mostly_no_tolerance_but_a_hue_texture_is():
    # Wood-like grain: one colour, brightness varying +-10 % over 8 px stripes.
    y = np.arange(120, dtype=np.float32)[:, None]
    grain = 1.0 + 0.1 * np.sin(y * 2 * np.pi / 8.0)
    base = np.array([52.0, 92.0, 150.0], np.float32)
    wood = np.repeat(grain[..., None] * base[None, None, :], 120, axis=1)
    # The same stripes alternating between two hues of about the same brightness.
    blue, brown = np.array([150.0, 92.0, 52.0]), np.array([52.0, 92.0, 150.0])
    mix = (0.5 + 0.5 * np.sin(y * 2 * np.pi / 8.0))[..., None]
    hue = np.repeat(mix * blue + (1 - mix) * brown, 120, axis=1).astype(np.float32)
    grad = np.abs(np.gradient(wood.astype(np.float64), axis=0)).max()
    tw, th = _texture(wood)[10:-10, 10:-10], _texture(hue)[10:-10, 10:-10]
    # At most half the brightness change (a sensor's colour fringes) or 2 levels.
    assert tw.max() <= max(2.0, 0.5 * 0.7 * grad * np.sqrt(3.0)) + 0.2
    assert th.max() > 3.0 * tw.max()


def test_a_token_fit_whose_long_side_has_black_plastic_inside_is_a_base_edge():
    # A 43 x 71 mm base (1 px per mm, axis along x) at (100, 100): black rim 2.25 mm wide on
    # the long sides, a grey token inside; the blob outline is the base's.
    img = np.full((200, 200, 3), 120.0, np.float32)           # a light mat
    img[79:122, 65:136] = 30.0        # black base: y 78.5..121.5 (pixel i spans i +- 0.5)
    img[81:120, 65:136] = 90.0        # the token's print, 2.25 mm in: y 80.75..119.25
    img = cv2.GaussianBlur(img, (0, 0), 1.0)
    base = _rect(100.0, 100.0, 71.0, 43.0)
    ras = BlobRaster(base)

    def to_px(p):
        return np.asarray(p, np.float64)

    # The token-sized rectangle (38.5 wide) placed with a long side on the base's edge.
    pose = np.array([100.0, 100.0 - (43.0 - 38.5) / 2.0, 0.0])
    assert rim_inside(ras, pose, 70.25, 38.5, to_px, img, (0, 0)) >= 0.6
    # Where the token's edge itself is the outline (no rim shows, a dark mat), print is inside.
    ras_t = BlobRaster(_rect(100.0, 100.0, 70.25, 38.5))
    assert rim_inside(ras_t, np.array([100.0, 100.0, 0.0]), 70.25, 38.5, to_px, img,
                      (0, 0)) == 0.0  # print inside: no rim
