"""The close range band shows on a dark starfield mat as on a light one (newcomer 7: in the
demo's attack check the close band, drawn black, could not be seen on the starfield mat; only
the medium band's blue edge hinted where close range ended)."""

import sys
from pathlib import Path

import numpy as np

from armada_vision.ui.app import application
from armada_vision.ui.overlay_model import Overlay, Shape

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import image_pixels as _pixels  # noqa: E402
from ui_helpers import paint_direct  # noqa: E402

W, H = 200, 200
STARFIELD, CLOTH = np.array([12.0, 10.0, 22.0]), np.array([205.0, 200.0, 190.0])  # BGR


def _over(mat_bgr):
    """The close band (a 60 px square ring's outer square) painted over a plain mat: (H, W, 3)."""
    ring = np.array([[50.0, 50.0], [150.0, 50.0], [150.0, 150.0], [50.0, 150.0]])
    ov = Overlay([Shape("range_bands", "polygon", (ring,), "band-close")])
    px = _pixels(paint_direct(ov, 1.0, W, H)).reshape(H, W, 4).astype(float)  # premultiplied BGRA
    alpha = px[..., 3:4] / 255.0
    return px[..., :3] + mat_bgr * (1.0 - alpha)


def _grey(bgr):
    return bgr @ np.array([0.114, 0.587, 0.299])


def test_the_close_band_stands_out_on_a_starfield_mat():
    application("en")
    out = _over(STARFIELD)
    mat = _grey(STARFIELD)
    assert _grey(out[50, 60:140]).mean() - mat > 120  # its edge: was ~9 grey levels, black on black
    # its area (the outer edge lies under the medium band's): was 2 grey levels darker
    assert _grey(out[100, 100]) - mat > 30


def test_the_close_band_still_shows_on_a_light_cloth_mat():
    application("en")
    out = _over(CLOTH)
    inside, mat = _grey(out[100, 100]), _grey(CLOTH)
    assert mat - inside > 20                          # the fill darkens the cloth (as before)
