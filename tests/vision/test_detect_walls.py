"""Each facing side's wall seen or not as the frame shows it (``_walls.walls_shown``): where a
miniature hides the side opposite a facing one, "all facing walls seen" and "all unseen" fit
the rest equally well, and the one kept was off by the wall's parallax width."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from armada_vision.scene import Scene, ShipPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, Detector
from armada_vision.vision.detect._raster import BlobRaster
from armada_vision.vision.detect._walls import walls_shown

CAMERA = TableCamera.looking_down((1920, 1080))


def _frame(catalog, ship: ShipPose, mat: str, seed: int, **opt):
    o = synth.RenderOptions(mat=mat, **opt)
    frame = synth.render(Scene((ship,), (), ()), CAMERA, catalog, o, seed=seed)
    empty = synth.render(Scene(), CAMERA, catalog, o, seed=seed, noise_seed=7)
    return frame, BackgroundModel.learn(empty.image)


# Ships far from the camera's nadir (walls 2-2.5 px wide) whose miniature (1.3 x its usual
# size) overhangs the side opposite the facing one, on light mats where the black wall shows.
# Before the per-side test: 2.44, 2.43 and 2.59 mm off.
CASES = [
    ("wood", 3, ShipPose("s", "victory-ii-star-destroyer", 1, 1550.0, 150.0, 160.0)),
    ("cloth", 1, ShipPose("s", "victory-ii-star-destroyer", 1, 1550.0, 150.0, 160.0)),
    ("wood", 6, ShipPose("s", "cr90-corvette-a", 1, 250.0, 150.0, 200.0)),
]


@pytest.mark.parametrize("mat, seed, ship", CASES)
def test_a_base_whose_far_side_is_hidden_is_placed_by_its_seen_wall(catalog, mat, seed, ship):
    frame, bg = _frame(catalog, ship, mat, seed, mini_scale=1.3)
    det = Detector(catalog, CAMERA, background=bg).detect(frame.image)
    assert len(det.ships) == 1
    s = det.ships[0]
    assert math.hypot(s.x_mm - ship.x_mm, s.y_mm - ship.y_mm) < 1.0


def _walls_of(inside: float, mat: float) -> tuple:
    """``walls_shown`` for a 71 x 43 mm base at (300, 200) mm, its axis along x, the nadir at
    the origin (its -x short side and -y long side face it), drawn at 4 px/mm: ``inside``
    the grey just inside its outline, ``mat`` outside. A point ``z`` mm up is seen 0.3 z mm
    further from the nadir (the parallax of a camera ~1 m up, 300 mm off its nadir)."""
    L, W = 71.0, 43.0
    corners = np.array([[-L / 2, -W / 2], [L / 2, -W / 2], [L / 2, W / 2], [-L / 2, W / 2]])
    outline = np.vstack([np.linspace(corners[i], corners[(i + 1) % 4], 60, endpoint=False)
                         for i in range(4)]) + (300.0, 200.0)
    offset = np.array([800.0, 480.0])

    def to_px(q, z):
        q = np.asarray(q, np.float64)
        away = q / np.linalg.norm(q, axis=1)[:, None]
        return 4.0 * (q + 0.3 * z * away)

    image = np.full((640, 800, 3), mat, np.float32)
    poly = np.rint(to_px(outline, 0.0) - offset).astype(np.int32)
    cv2.fillPoly(image, [poly], (inside, inside, inside))
    return walls_shown(np.array([300.0, 200.0, 0.0]), L, W, 5.0, 0.0, np.zeros(2),
                       BlobRaster(outline), to_px, image, offset)


def test_a_dark_band_inside_a_lighter_mat_is_the_wall():
    # Black plastic (14 grey levels) just inside the outline, wood (100) outside: the wall's
    # foot is the edge, on both facing sides.
    assert _walls_of(14.0, 100.0) == (True, True)


def test_a_lighter_edge_on_a_dark_mat_is_the_top_edge():
    # The rim's top (30) just inside, the starfield (10) outside: the black wall is lost in
    # the mat and the outline is the top edge.
    assert _walls_of(30.0, 10.0) == (False, False)
