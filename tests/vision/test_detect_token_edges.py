"""An obstacle token's edges inside its soft shadow (``_pass.shadowless_distance``).

Physics: a cast shadow scales the mat's colour down and changes nothing else, so a distance
that forgives any darkening down to the deepest shadow the foreground test allows for is ~0 on
a shadow and keeps a token's difference in colour. The plain colour distance falls fastest at
the shadow's outer edge: on the rendered cloth and wood a token's outline lay 1.5-3.6 mm out.
"""

from __future__ import annotations

import cv2
import numpy as np

from armada_vision.vision.detect._edges import refine_edges
from armada_vision.vision.detect._pass import shadowless_distance

MAT = np.array([120.0, 150.0, 180.0], np.float32)   # a tan cloth, BGR
TOKEN = np.array([95.0, 90.0, 85.0], np.float32)    # a grey-blue print


def _square(x0: float, x1: float, n: int = 200) -> np.ndarray:
    t = np.linspace(0.0, 1.0, n // 4, endpoint=False)
    a = np.column_stack([x0 + (x1 - x0) * t, np.full_like(t, x0)])
    b = np.column_stack([np.full_like(t, x1), x0 + (x1 - x0) * t])
    c = np.column_stack([x1 - (x1 - x0) * t, np.full_like(t, x1)])
    d = np.column_stack([np.full_like(t, x0), x1 - (x1 - x0) * t])
    return np.vstack([a, b, c, d])


def _frame(shadow: float, ring_px: int = 3):
    """A token [40, 120) px on the mat with a shadow ring ``ring_px`` wide round it (the mat
    at ``shadow`` of its light), blurred as the frame is; and the background."""
    img = np.empty((160, 160, 3), np.float32)
    img[:] = MAT
    r = ring_px
    img[40 - r:120 + r, 40 - r:120 + r] = MAT * shadow
    img[40:120, 40:120] = TOKEN
    img = cv2.GaussianBlur(img, (0, 0), 1.1)
    relit = np.empty_like(img)
    relit[:] = MAT
    alpha = (img * relit).sum(axis=2) / (relit * relit).sum(axis=2)
    return img, relit, alpha.astype(np.float32)


def _edge_offsets(distance: np.ndarray) -> np.ndarray:
    """Outward offsets (px) of the refined edges from the token's true outline [40, 120)
    (pixel edges at 39.5 and 119.5), the thresholded outline starting 2 px out."""
    pts = refine_edges(_square(37.5, 121.5), distance)
    off = np.maximum(np.maximum(39.5 - pts[:, 0], pts[:, 0] - 119.5),
                     np.maximum(39.5 - pts[:, 1], pts[:, 1] - 119.5))
    return off


def test_a_shadow_on_the_mat_scores_nothing_and_a_token_its_colour():
    img, relit, alpha = _frame(shadow=0.7)
    d = shadowless_distance(img, relit, alpha, 0.35)
    plain = np.linalg.norm(img - relit, axis=2)
    assert d[38, 80] < 4.0 < 30.0 < plain[38, 80]          # the shadow ring, 2 px out
    assert d[80, 80] > 25.0                               # the print: its colour
    assert abs(d[80, 80] - np.linalg.norm(TOKEN - MAT * alpha[80, 80])) < 1.0
    # Darker than any shadow: only the part past the deepest shadow counts.
    dark = np.full((1, 1, 3), 0.2, np.float32) * MAT
    d_dark = shadowless_distance(dark, MAT[None, None], np.full((1, 1), 0.2, np.float32), 0.35)
    assert abs(d_dark[0, 0] - 0.15 * np.linalg.norm(MAT)) < 0.5


def test_the_token_edge_is_found_inside_its_shadow_not_at_the_shadow_edge():
    img, relit, alpha = _frame(shadow=0.7)
    plain = _edge_offsets(np.linalg.norm(img - relit, axis=2).astype(np.float32))
    own = _edge_offsets(shadowless_distance(img, relit, alpha, 0.35))
    assert np.median(plain) > 1.5                        # out on the shadow's edge
    assert abs(np.median(own)) < 0.5
    # Without a shadow both find the token's edge.
    img, relit, alpha = _frame(shadow=1.0)
    assert abs(np.median(_edge_offsets(np.linalg.norm(img - relit, axis=2)
                                       .astype(np.float32)))) < 0.5
    assert abs(np.median(_edge_offsets(shadowless_distance(img, relit, alpha, 0.35)))) < 0.5
