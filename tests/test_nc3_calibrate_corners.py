"""`calibrate table --corners` with a corner outside the picture (a typo: 9000 for 900) is
refused in one line and writes nothing; before, it wrote a table file of nonsense millimetres."""

import cv2
import numpy as np

from armada_vision.cli import main


def _photo(tmp_path):
    path = tmp_path / "photo.png"
    cv2.imwrite(str(path), np.full((480, 640, 3), 90, np.uint8))
    return path


def test_a_corner_outside_the_picture_is_refused_naming_it(tmp_path, capsys):
    photo, out = _photo(tmp_path), tmp_path / "table.json"
    assert main(["calibrate", "table", "--source", str(photo), "--out", str(out),
                 "--corners", "10,470;630,470;9000,10;10,10"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"armada-vision: error: --corners: corner 3 (9000, 10) is outside the 640x480 "
                   f"px picture {photo}: give the play area's corners as seen in it")
    assert not out.exists()


def test_corners_on_the_picture_edges_are_taken(tmp_path):
    photo, out = _photo(tmp_path), tmp_path / "table.json"
    assert main(["calibrate", "table", "--source", str(photo), "--out", str(out),
                 "--corners", "0,480;640,480;640,0;0,0"]) == 0
    assert out.exists()
