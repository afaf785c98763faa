"""Learning the empty table from live frames: accepted only for a still, empty table in view
of its markers; what is learned is a background against which a piece put down later stands
out, and what is refused says why."""

import cv2
import numpy as np
import pytest

from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.calibration import load_layout
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import Detector
from armada_vision.vision.empty_table import MESSAGES, learn_empty_table

CAMERA = TableCamera.looking_down((960, 540))
CLOTH = synth.RenderOptions(mat="cloth")
LAYOUT = "calibration/layout-6x3.json"


EMPTY = Scene()


def frames(catalog, scene=EMPTY, options=CLOTH, n=4, seed=5):
    return [synth.render(scene, CAMERA, catalog, options, seed=seed, noise_seed=k).image
            for k in range(n)]


@pytest.fixture(scope="module")
def empty_cloth(catalog):
    return frames(catalog)


def test_a_still_empty_table_is_learned_and_a_ship_put_down_later_stands_out(catalog,
                                                                             empty_cloth):
    got = learn_empty_table(empty_cloth, CAMERA, catalog, layout=load_layout(LAYOUT))
    assert got.key == "learned" and got.args == {"frames": 4}
    assert got.message == "Learned the empty table from 4 frames."
    assert got.model.shape == (540, 960) and got.mean_bgr.shape == (540, 960, 3)
    # The mean of the frames (to the grey level), not one of them.
    mean = np.mean(np.stack(empty_cloth).astype(np.float32), axis=0)
    assert np.abs(got.mean_bgr - mean).max() <= 0.5 + 1e-3
    ship = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 700.0, 400.0, 30.0),))
    later = frames(catalog, ship, n=1)[0]
    found = Detector(catalog, CAMERA, background=got.model).detect(later)
    assert len(found.ships) == 1 and not found.squadrons
    assert np.hypot(found.ships[0].x_mm - 700.0, found.ships[0].y_mm - 400.0) < 3.0


@pytest.mark.parametrize("what", ["ship", "squadron", "hand"])
def test_pieces_or_a_hand_on_the_table_are_refused_and_counted(catalog, what):
    scene, options, at = Scene(), CLOTH, None
    if what == "ship":
        scene, at = Scene((ShipPose("cr90", "cr90-corvette-a", 1, 700.0, 400.0, 30.0),)), (700, 400)
    elif what == "squadron":
        scene = Scene(squadrons=(SquadronPose("tie", "tie-fighter-squadron", 1, 500.0, 300.0),))
        at = (500, 300)
    else:
        options = synth.RenderOptions(mat="cloth", hands=((900.0, 450.0),))
    shots = frames(catalog, scene, options)
    got = learn_empty_table(shots, CAMERA, catalog)
    assert got.model is None and got.key == "not_empty"
    counts = {"ships": 0, "squadrons": 0, "hands": 0}
    counts[what + "s"] = 1
    assert {k: got.args[k] for k in counts} == counts
    assert got.message.startswith("Not learned: the table is not empty")
    if at is not None:  # where to look
        assert np.hypot(got.args["x_mm"] - at[0], got.args["y_mm"] - at[1]) < 5.0
        x, y = got.args["x_mm"], got.args["y_mm"]
        assert f"one at x {x:.0f} mm, y {y:.0f} mm)" in got.message
    # The player's word ("learn it anyway") skips the detector, not the other checks.
    assert learn_empty_table(shots, CAMERA, catalog, anyway=True).key == "learned"


def test_a_hand_moving_over_the_table_is_not_still(catalog):
    shots = [synth.render(Scene(), CAMERA, catalog,
                          synth.RenderOptions(mat="cloth", hands=((400.0 + 300 * k, 450.0),)),
                          seed=5, noise_seed=k).image for k in range(3)]
    got = learn_empty_table(shots, CAMERA, catalog)
    assert got.model is None and got.key == "not_still" and got.args["percent"] > 1.0
    assert learn_empty_table(shots, CAMERA, catalog, anyway=True).key == "not_still"


def test_hidden_table_markers_are_refused(catalog, empty_cloth):
    layout = load_layout(LAYOUT)
    covered = []
    for img in empty_cloth:
        img = img.copy()
        for m in layout.markers[:4]:  # four of the six covered: three are needed
            c = CAMERA.table_to_image([m.center_mm], 0.0)[0]
            r = int(m.size_mm * 0.9 * 0.55)  # px per mm ~0.5 here
            cv2.rectangle(img, (int(c[0]) - r, int(c[1]) - r), (int(c[0]) + r, int(c[1]) + r),
                          (120, 120, 120), -1)
        covered.append(img)
    got = learn_empty_table(covered, CAMERA, catalog, layout=layout)
    assert got.model is None and got.key == "markers"
    assert got.args == {"seen": 2, "total": 6}


def test_nothing_to_learn_from_says_why(catalog, empty_cloth):
    assert learn_empty_table([], CAMERA, catalog).key == "no_frames"
    assert learn_empty_table(empty_cloth, None, catalog).key == "no_calibration"
    other = TableCamera.looking_down((1280, 720))
    got = learn_empty_table(empty_cloth, other, catalog)
    assert got.key == "size" and got.args == {"w": 960, "h": 540, "cw": 1280, "ch": 720}
    assert all(key in MESSAGES for key in ("learned", "obstacles", "not_empty", "markers"))
