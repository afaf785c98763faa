"""An empty table holds no pieces, also with the background estimated from the frame itself
(`calibrate table` and Table > Learn the empty table check the table that way before learning
it). Two things the mat showed were taken as pieces: the mat's own print that the estimate
misses (a nebula's soft glow on the starfield, a cloth's shading), round which only the
threshold draws an outline, with no edge on it; and the table markers' sheets just outside the
play area's corners, whose cut-off part matched obstacle outlines."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from armada_vision.scene import Scene
from armada_vision.vision import synth
from armada_vision.vision.calibration import load_layout
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import Detector
from armada_vision.vision.detect._edges import edge_fraction
from armada_vision.vision.detect._explain import MIN_EDGE_FRACTION
from armada_vision.vision.empty_table import learn_empty_table


def _outline(mask: np.ndarray) -> np.ndarray:
    cs, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(cs, key=len).reshape(-1, 2).astype(np.float64)


def test_a_blurred_step_is_an_edge_all_round_and_a_glow_nowhere():
    yy, xx = np.mgrid[0:200, 0:200].astype(np.float32)
    r = np.hypot(xx - 100, yy - 100)
    # A disc 60 px across, 80 grey levels from the mat, blurred as a lens does (sigma 1 px),
    # on a mat whose distance from the background is 3 (noise).
    disc = cv2.GaussianBlur(np.where(r <= 30, 83.0, 3.0).astype(np.float32), (0, 0), 1.0)
    assert edge_fraction(_outline(disc > 40), disc) == pytest.approx(1.0)
    # A glow 25 levels high, fading over ~40 px (a nebula the background missed), cut by a
    # threshold at 10: inside and outside differ by a few levels only, much of the inside.
    glow = (3.0 + 25.0 * np.exp(-(r / 30.0) ** 2)).astype(np.float32)
    frac = edge_fraction(_outline(glow > 10), glow)
    assert frac == 0.0 and frac < MIN_EDGE_FRACTION
    assert np.isnan(edge_fraction(np.zeros((5, 2)), glow))


def test_the_demos_own_empty_table_is_empty_and_learned(catalog, tmp_path):
    from armada_vision.vision.synth._layout import default_layout
    from armada_vision.vision.synth._script import demo_steps
    from armada_vision.vision.synth.demo import _ensure_empty, demo_camera

    camera = demo_camera()
    image = cv2.imread(str(_ensure_empty(tmp_path, camera, default_layout(), demo_steps())))
    found = Detector(catalog, camera).detect(image)
    # Was: a squadron at x 1623, y 628 mm (a glow of the starfield 36 mm across, 6-8 grey
    # levels inside its outline over outside; none of its outline an edge).
    assert (found.ships, found.squadrons, found.obstacles, found.hands) == ([], [], [], [])
    got = learn_empty_table([image], camera, catalog, layout=load_layout("6x3"))
    assert got.key == "learned" and got.model is not None


@pytest.mark.parametrize("mat, size, seed, was", [
    ("starfield", (1920, 1080), 2, "a squadron at x 929, y 580 mm (a nebula's glow)"),
    ("cloth", (1280, 720), 1, "a squadron at x 545, y 339 mm and 2 obstacles"),
    ("cloth", (1920, 1080), 1, "4 obstacles (3 on the cloth's shading, 1 on a marker)"),
    ("wood", (1280, 720), 0, "an obstacle on the marker off the play area's corner"),
])
def test_an_empty_rendered_table_estimated_from_itself_holds_no_pieces(catalog, mat, size,
                                                                        seed, was):
    rng = np.random.default_rng(seed)
    camera = TableCamera.looking_down(size, tilt_deg=float(rng.uniform(0, 12)),
                                      yaw_deg=float(rng.uniform(-2, 2)))
    options = synth.RenderOptions(mat=mat, light=float(rng.uniform(0.1, 0.5)),
                                  brightness=float(rng.uniform(0.8, 1.15)))
    image = synth.render(Scene(), camera, catalog, options, seed=seed, noise_seed=3).image
    found = Detector(catalog, camera).detect(image)
    assert (found.ships, found.squadrons, found.obstacles, found.hands) == ([], [], [], []), was
