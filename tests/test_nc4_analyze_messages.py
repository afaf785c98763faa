"""What `analyze` says when it cannot start: a camera file of another resolution is a wrong
calibration, not a missing table (it said "table not found: ... recalibrate the camera"), and a
photo without the printed markers (like every real photo in ../shared/realdata) points at the
way out README step 4 gives, a `--table` from `calibrate table --corners`."""

import json

import cv2
import numpy as np

from armada_vision.cli import main
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.synth.demo import camera_to_json


def _camera_file(tmp_path, size):
    path = tmp_path / "camera.json"
    path.write_text(json.dumps(camera_to_json(TableCamera.looking_down(size))), encoding="utf-8")
    return path


def test_a_camera_file_of_another_resolution_is_named_not_a_missing_table(tmp_path, capsys):
    image = tmp_path / "frame-4k.png"
    cv2.imwrite(str(image), np.full((2160, 3840, 3), 90, np.uint8))
    camera = _camera_file(tmp_path, (1280, 720))
    assert main(["analyze", str(image), "--camera", str(camera)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "table not found" not in err
    assert f"{camera}: image_size: camera calibrated at 1280x720 px" in err
    assert "3840x2160 px" in err


def test_a_photo_without_markers_points_at_calibrate_table_corners(tmp_path, capsys):
    image = tmp_path / "no-markers.png"
    cv2.imwrite(str(image), np.full((480, 640, 3), 90, np.uint8))
    assert main(["analyze", str(image)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "table not found" in err and "found 0 of the layout's 6 table markers" in err
    assert err.rstrip().endswith("give --table from 'calibrate table --corners'")
