"""A ship base's thin black rim closes its outline (``_blobs.thin_dark``).

At ~1 px/mm (1080p over a 6 x 3 ft table) the plastic rim around a ship's token is 1-2 px wide.
The foreground's 1-px blur lifts such a line to ~0.55 of the mat's brightness (a 1.5 px line
under a sigma-1 Gaussian keeps erf(0.53) = 55 % of its contrast), so where the token's print has
the mat's hue (a grey Imperial token on a light grey cloth, a brown print on wood) only the
miniature was foreground and the base was lost. Tested: the rim is found at pixel scale, a cast
shadow and a patterned mat's shifted dark line are not, and rendered Imperial ships on the
light grey cloth are found.
"""

from __future__ import annotations

import cv2
import numpy as np

from armada_vision.scene import Scene, ShipPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect._background import _texture
from armada_vision.vision.detect._blobs import clean_mask, thin_dark
from armada_vision.vision.detect.evaluate import score_scene

LIGHT_GREY = (178, 180, 176)


def _base_on(mat_bgr, print_bgr, rim_px: float = 1.5):
    """A 200 x 200 px frame: a 70 x 42 px base whose rim is ``rim_px`` wide, print inside
    (drawn at 4x and reduced, so the rim covers fractions of pixels)."""
    k = 4
    img = np.zeros((200 * k, 200 * k, 3), np.float32)
    img[:] = mat_bgr
    img[79 * k:121 * k, 65 * k:135 * k] = 30.0      # black plastic
    r = int(round(rim_px * k))
    img[79 * k + r:121 * k - r, 65 * k + r:135 * k - r] = print_bgr  # the token's print
    img = cv2.resize(img, (200, 200), interpolation=cv2.INTER_AREA)
    # The optics' blur (the renderer's 0.5 px) and a little noise.
    img = cv2.GaussianBlur(img, (0, 0), 0.5)
    img += np.random.default_rng(0).normal(0.0, 2.0, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def test_a_thin_black_rim_is_dark_where_the_blurred_frame_is_not():
    mat = np.array(LIGHT_GREY, np.float32)
    img = _base_on(mat, 0.5 * mat, rim_px=1.5)      # print: the mat's hue at half its light
    relit = np.broadcast_to(mat, img.shape).astype(np.float32)
    tex = np.zeros(img.shape[:2], np.float32)
    dark = thin_dark(img, relit, tex, noise_sigma=2.0, dark_ratio=0.35)
    # Both long sides' rim rows are found along most of their length ...
    for row in (79, 120):
        assert (dark[row - 1:row + 2, 70:130] > 0).any(axis=0).mean() > 0.9, row
    # ... the print (alpha 0.5) and the mat are not.
    assert not dark[90:110, 75:125].any() and not dark[:60].any()
    # With the rim the outline closes, and the print inside is filled as the piece.
    filled = clean_mask(dark, 3)
    assert filled[85:115, 72:128].mean() > 250


def test_a_cast_shadow_and_a_shifted_line_of_the_mat_are_not_rims():
    mat = np.array(LIGHT_GREY, np.float32)
    img = np.zeros((100, 100, 3), np.float32)
    img[:] = mat
    img[20:60, 20:60] *= 0.55                       # a deep cast shadow: only scales the mat
    img = np.clip(img, 0, 255).astype(np.uint8)
    relit = np.broadcast_to(mat, img.shape).astype(np.float32)
    assert not thin_dark(img, relit, np.zeros((100, 100), np.float32), 2.0, 0.35).any()
    # A patterned mat's black line, 2 px wide, seen 0.5 px off where the background has it
    # (the camera shook; drawn at 4x and reduced).
    def line_at(x0: int) -> np.ndarray:
        hi = np.zeros((100, 400, 3), np.float32)
        hi[:] = mat
        hi[:, x0:x0 + 8] = 20.0
        small = cv2.resize(hi, (100, 100), interpolation=cv2.INTER_AREA)
        return cv2.GaussianBlur(small, (0, 0), 0.5)
    bg = cv2.GaussianBlur(line_at(200), (0, 0), 1.0)  # the learned background is blurred
    frame = np.clip(line_at(202), 0, 255).astype(np.uint8)
    assert not thin_dark(frame, bg, _texture(bg), 2.0, 0.35).any()
    # The same line where the background has none is dark (it is a thin black thing).
    flat = np.broadcast_to(mat, frame.shape).astype(np.float32)
    assert thin_dark(frame, flat, np.zeros((100, 100), np.float32), 2.0, 0.35).any()


def test_imperial_ships_on_the_light_grey_cloth_are_found(catalog):
    # Grey Imperial tokens (the print about half the cloth's light, of its hue); without the
    # rim the medium base here was placed 4.3 mm off (the others 0.5 and 1.7 mm).
    cam = TableCamera.looking_down((1920, 1080))
    known = (ShipPose("s0", "gladiator-i-star-destroyer", 1, 520.0, 330.0, 64.0),
             ShipPose("s1", "imperial-i-star-destroyer", 1, 1200.0, 520.0, 151.0),
             ShipPose("s2", "victory-i-star-destroyer", 1, 860.0, 700.0, 20.0))
    scene = Scene(known)
    opt = synth.RenderOptions(mat="cloth", cloth_colour=LIGHT_GREY)
    frame = synth.render(scene, cam, catalog, opt, seed=11)
    empty = synth.render(Scene(play_area_mm=scene.play_area_mm), cam, catalog, opt, seed=11,
                         noise_seed=7)
    det = Detector(catalog, cam, background=BackgroundModel.learn(empty.image)).detect(frame.image)
    sc = score_scene(frame.truth.scene, det.to_scene(), catalog)["ship"]
    assert (sc.tp, sc.fp) == (len(known), 0)
    assert max(sc.centre_mm) < 2.5
