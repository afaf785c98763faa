"""Edge polarity decides between a ship's plastic base and its printed token (_fit.rim_inside).

Just inside a base's long side is its black rim (2.25 mm to the token, armada-geometry.md 2.2);
just inside the token's edge, its print. On a dark mat the black rim does not show, and a
base-sized fit placed with a long side on the token's edge is 2.25 mm (plus the wall's parallax)
off across; its seen long side has print inside, not the rim, and it is refused for the token
fit. A token fit whose seen long side has the rim inside is likewise the base's edge.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

from armada_vision.vision.detect._fit import rim_inside
from armada_vision.vision.detect._judge import BASE_RIM_MIN, RIM_SEEN
from armada_vision.vision.detect._raster import BlobRaster

sys.path.insert(0, str(Path(__file__).parent))
from vision_helpers import rect_outline as _rect  # noqa: E402

SMALL_BASE = (71.0, 43.0)
SMALL_TOKEN = (70.25, 38.5)


def _ship(mat_grey: float) -> np.ndarray:
    """A small base at (100, 100) mm, 1 px per mm, axis along x: black plastic (30) 43 mm wide,
    a grey print (90) 38.5 mm wide inside it, on a mat of ``mat_grey``; blurred as a frame."""
    img = np.full((200, 200, 3), mat_grey, np.float32)
    img[79:122, 65:136] = 30.0        # y 78.5..121.5 (pixel i spans i +- 0.5)
    img[81:120, 65:136] = 90.0        # the token: y 80.75..119.25, rounded to whole pixels
    return cv2.GaussianBlur(img, (0, 0), 1.0)


def _to_px(p):
    return np.asarray(p, np.float64)


def test_a_base_fit_on_the_token_edge_of_a_dark_mat_has_print_inside():
    img = _ship(15.0)                                  # the rim is lost against this mat
    seen = BlobRaster(_rect(100.0, 100.0, *SMALL_TOKEN))  # so the token's outline is the blob's
    # The base-sized rectangle with its lower long side on the token's lower edge (its upper
    # side falls outside anything seen): 2.25 mm off across.
    off = (SMALL_BASE[1] - SMALL_TOKEN[1]) / 2.0
    wrong = np.array([100.0, 100.0 + off, 0.0])
    assert rim_inside(seen, wrong, *SMALL_BASE, _to_px, img, (0, 0)) < BASE_RIM_MIN
    # The token fit there is right: print inside its seen sides, no rim.
    right = np.array([100.0, 100.0, 0.0])
    assert rim_inside(seen, right, *SMALL_TOKEN, _to_px, img, (0, 0)) < RIM_SEEN


def test_a_base_fit_at_its_own_edge_has_the_black_rim_inside():
    img = _ship(120.0)                                 # a light mat: the base's outline shows
    seen = BlobRaster(_rect(100.0, 100.0, *SMALL_BASE))
    pose = np.array([100.0, 100.0, 0.0])
    assert rim_inside(seen, pose, *SMALL_BASE, _to_px, img, (0, 0)) >= RIM_SEEN
    # Nothing of the long sides seen (a miniature over both): undecided, not refused.
    far = BlobRaster(_rect(300.0, 300.0, *SMALL_BASE))
    assert np.isnan(rim_inside(far, pose, *SMALL_BASE, _to_px, img, (0, 0)))
