"""`analyze --debug OUT` with a file name OpenCV cannot write (a folder, an unknown
extension) is refused in one line before the detector runs; it used to end in a cv2.error
traceback after the detection."""

import cv2
import numpy as np
import pytest

from armada_vision.cli import main


@pytest.mark.parametrize("name, message", [
    ("shots", "is a folder: give an image file such as debug.png"),
    ("debug.xyz", "no image writer for this file name: use .png or .jpg"),
    ("debug", "no image writer for this file name: use .png or .jpg"),
])
def test_a_debug_file_opencv_cannot_write_is_one_line(tmp_path, capsys, name, message):
    photo = tmp_path / "photo.png"
    cv2.imwrite(str(photo), np.full((48, 64, 3), 90, np.uint8))
    out = tmp_path / name
    if name == "shots":
        out.mkdir()
    # no table file: were the debug path checked only after the detection, the missing table
    # markers would be the error instead
    assert main(["analyze", str(photo), "--debug", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"armada-vision: error: {out}: --debug: {message}"
