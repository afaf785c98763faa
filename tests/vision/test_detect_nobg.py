"""Detection without a frame of the empty table (issue 5): the background is estimated from the
frame itself. The mat and what surrounds it are estimated apart, so the mat's edge (a step from
dark cloth to a light desk) is not foreground and never becomes a piece along the play area's
border; a patterned mat's texture finer than the estimate's window is allowed for."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from armada_vision.catalog import get_catalog
from armada_vision.scene import load_scene
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector

AREA_MM = (914.4, 914.4)
# Near the border: within this distance (mm) of the play area's edge; no scene piece is there.
BORDER_MM = 80.0
MATCH_MM = 30.0


def _two_tone(inside_level: int = 30, outside_level: int = 200):
    """A 480 x 640 frame: a dark mat (x 120..520, y 80..400) on a light desk, with noise."""
    rng = np.random.default_rng(1)
    img = np.full((480, 640, 3), outside_level, np.float32)
    img[80:400, 120:520] = inside_level
    img += rng.normal(0, 2.0, img.shape)
    mat = np.zeros((480, 640), np.uint8)
    mat[80:400, 120:520] = 255
    return np.clip(img, 0, 255).astype(np.uint8), mat


def test_estimating_the_mat_and_its_surround_apart_leaves_the_edge_as_background():
    img, mat = _two_tone()
    band = 3  # px: the edge tolerance band either side of the outline
    inside = cv2.erode(mat, np.ones((2 * band + 1,) * 2, np.uint8))
    outside = 255 - cv2.dilate(mat, np.ones((2 * band + 1,) * 2, np.uint8))
    fg = BackgroundModel.estimate(img, 160, inside=inside, outside=outside).foreground(img)
    assert np.count_nonzero(fg) == 0
    # The same window over both (no play area given) smears the desk over the mat's border.
    smeared = BackgroundModel.estimate(img, 160).foreground(img)
    edge = cv2.morphologyEx(mat, cv2.MORPH_GRADIENT, np.ones((9, 9), np.uint8)) > 0
    assert np.count_nonzero(smeared[edge]) > 1000


def test_a_piece_on_the_mat_edge_is_still_foreground():
    img, mat = _two_tone()
    img[200:240, 500:560] = (40, 60, 170)  # a red base hanging over the right edge
    inside = cv2.erode(mat, np.ones((7, 7), np.uint8))
    outside = 255 - cv2.dilate(mat, np.ones((7, 7), np.uint8))
    fg = BackgroundModel.estimate(img, 160, inside=inside, outside=outside).foreground(img)
    assert np.count_nonzero(fg[200:240, 500:560]) > 0.9 * 40 * 60
    # Nothing else: the piece's own blurred rim (1-2 px) at most, no band along the mat's edge
    # (one pixel along its right side alone would be 320).
    assert np.count_nonzero(fg) < 1.2 * 40 * 60


def _near(p, pieces) -> bool:
    return any(np.hypot(p.x_mm - q.x_mm, p.y_mm - q.y_mm) <= MATCH_MM for q in pieces)


@pytest.mark.parametrize("mat", ["starfield", "cloth"])
def test_no_false_piece_along_the_mat_edge_without_a_background(mat):
    catalog = get_catalog()
    scene = load_scene(Path(__file__).parents[2] / "bench" / "scenes" / "skirmish.json")
    camera = TableCamera.looking_down((1920, 1080), AREA_MM)
    frame = synth.render(scene, camera, catalog, synth.RenderOptions(mat=mat), seed=1)
    found = Detector(catalog, camera, play_area_mm=AREA_MM).detect(frame.image).to_scene()
    w, h = AREA_MM
    for p in list(found.ships) + list(found.squadrons):
        border = min(p.x_mm, p.y_mm, w - p.x_mm, h - p.y_mm) < BORDER_MM
        truth = scene.ships if p in found.ships else scene.squadrons
        assert not (border and not _near(p, truth)), f"false piece at the edge: {p}"
    # Every ship is still found.
    assert all(_near(s, found.ships) for s in scene.ships)
