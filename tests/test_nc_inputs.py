"""Breaking it as a new user would: files the project itself writes must load, and wrong input
ends in one line naming the file and field (never a traceback)."""

import json

import numpy as np
import pytest

from armada_vision.errors import InputError
from armada_vision.vision.calibration import load_camera
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.synth.demo import camera_to_json


def _synthetic_camera_file(tmp_path):
    cam = TableCamera.looking_down((640, 360), margin_mm=100.0)
    path = tmp_path / "camera.json"
    path.write_text(json.dumps(camera_to_json(cam)))
    return cam, path


def test_the_demo_and_synth_camera_file_loads_as_a_camera(tmp_path):
    # The demo cache and `python -m armada_vision.vision.synth --camera-out` write "board": null
    # (no ChArUco board was used); `analyze --camera` and `run --camera` must accept that file.
    cam, path = _synthetic_camera_file(tmp_path)
    loaded = load_camera(path)
    assert loaded.image_size == (640, 360)
    np.testing.assert_allclose(loaded.camera_matrix, cam.camera_matrix)
    assert loaded.board == {}


def test_a_camera_board_that_is_not_an_object_is_refused_naming_the_field(tmp_path):
    _cam, path = _synthetic_camera_file(tmp_path)
    data = json.loads(path.read_text())
    data["board"] = "5x7"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError, match=r"camera\.json: board: expected an object"):
        load_camera(path)
