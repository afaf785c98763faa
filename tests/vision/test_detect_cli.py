"""`armada-vision analyze` on a rendered still: the Scene as JSON, the debug image, and a frame
without the table markers (one line, exit status 2)."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from armada_vision.cli import main
from armada_vision.scene import Scene, ShipPose, SquadronPose
from armada_vision.vision import synth
from armada_vision.vision.calibration import CameraIntrinsics, save_camera
from armada_vision.vision.camera import TableCamera

CAMERA = TableCamera.looking_down((1920, 1080))


@pytest.fixture(scope="module")
def still(tmp_path_factory, catalog):
    d = tmp_path_factory.mktemp("analyze")
    scene = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 500.0, 300.0, 60.0),
                   ShipPose("cr90", "cr90-corvette-a", 2, 1250.0, 600.0, 200.0)),
                  (SquadronPose("tie", "tie-fighter-squadron", 1, 900.0, 450.0),))
    # The command's contract, not occlusion (test_detect_synth): no miniatures on the bases.
    opt = synth.RenderOptions(mat="cloth", minis=False)
    frame = synth.render(scene, CAMERA, catalog, opt, seed=21)
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=21, noise_seed=3)
    cv2.imwrite(str(d / "frame.png"), frame.image)
    cv2.imwrite(str(d / "empty.png"), empty.image)
    save_camera(CameraIntrinsics(CAMERA.camera_matrix, CAMERA.dist_coeffs, (1920, 1080), 0.2),
                d / "camera.json")
    return d, scene


def test_analyze_prints_the_scene_of_a_still(still, capsys):
    d, truth = still
    code = main(["analyze", str(d / "frame.png"), "--camera", str(d / "camera.json"),
                 "--background", str(d / "empty.png"), "--json", "--debug", str(d / "dbg.png")])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["format"] == "armada-scene/1"
    assert len(out["ships"]) == 2 and len(out["squadrons"]) == 1
    for t in truth.ships:
        got = min(out["ships"], key=lambda s: np.hypot(s["x_mm"] - t.x_mm, s["y_mm"] - t.y_mm))
        assert np.hypot(got["x_mm"] - t.x_mm, got["y_mm"] - t.y_mm) < 4.0
        assert got["size_class"] == ("medium" if t.id == "vsd" else "small")
        assert got["bow_known"] is False  # a still frame alone cannot tell bow from stern
        assert 0.0 < got["confidence"] <= 1.0
    dbg = cv2.imread(str(d / "dbg.png"))
    assert dbg is not None and dbg.shape == (1080, 1920, 3)


def test_a_frame_without_the_table_says_so_in_one_line(tmp_path, still, capsys):
    d, _ = still
    blank = np.full((1080, 1920, 3), 90, np.uint8)
    cv2.imwrite(str(tmp_path / "blank.png"), blank)
    code = main(["analyze", str(tmp_path / "blank.png"), "--camera", str(d / "camera.json"),
                 "--json"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "table not found" in err and "Traceback" not in err
