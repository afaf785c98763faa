"""A play area of another size can be given with ``"markers": []`` for ``calibrate table
--corners``, without inventing a marker (the newcomer's 4' x 3' table was refused with
"markers: expected a non-empty list"); what needs markers says so in one line."""

import json

import cv2
import numpy as np
import pytest

from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.vision.calibration import TableTracker, load_layout, load_table
from armada_vision.vision.camera import TableCamera

AREA = (1219.2, 914.4)  # 4' x 3'
PLAY = np.array([[0.0, 0.0], [AREA[0], 0.0], [AREA[0], AREA[1]], [0.0, AREA[1]]])


@pytest.fixture
def layout_file(tmp_path):
    path = tmp_path / "layout-4x3.json"
    path.write_text(json.dumps({"format": "armada-table-layout/1", "play_area_mm": list(AREA),
                                "dictionary": "DICT_4X4_50", "markers": []}))
    return path


@pytest.fixture
def photo(tmp_path):
    cam = TableCamera.looking_down((1280, 720), tilt_deg=8, margin_mm=200, play_area_mm=AREA)
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), np.full((720, 1280, 3), 60, np.uint8))
    return path, cam


def test_a_layout_without_markers_gives_the_play_area_for_corners(layout_file, photo, tmp_path):
    assert load_layout(layout_file).play_area_mm == AREA
    path, cam = photo
    corners = ";".join(f"{x:.1f},{y:.1f}" for x, y in cam.table_to_image(PLAY))
    out = tmp_path / "table.json"
    assert main(["calibrate", "table", "--source", str(path), "--layout", str(layout_file),
                 "--corners", corners, "--out", str(out)]) == 0
    fit, layout, _ = load_table(out)  # the file it writes reads back, empty markers and all
    assert fit.accuracy == "manual" and layout.play_area_mm == AREA and layout.markers == ()
    far = np.array([[AREA[0], AREA[1]]])
    assert np.abs(fit.camera.image_to_table(cam.table_to_image(far)) - far).max() < 0.2


def test_without_corners_it_says_the_layout_has_no_markers(layout_file, photo, tmp_path, capsys):
    path, _ = photo
    assert main(["calibrate", "table", "--source", str(path), "--layout", str(layout_file),
                 "--out", str(tmp_path / "t.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(layout_file) in err[0] and "markers" in err[0]
    assert "--corners" in err[0] and "Traceback" not in err[0]
    with pytest.raises(InputError, match="no markers listed"):
        TableTracker(None, load_layout(layout_file))


def test_markers_prints_only_the_board_for_it(layout_file, tmp_path, capsys):
    assert main(["markers", "--layout", str(layout_file), "--out", str(tmp_path / "sheets")]) == 0
    assert sorted(p.name for p in (tmp_path / "sheets").iterdir()) == [
        "charuco-board-a4.pdf", "charuco-board-a4.png"]
    assert "lists no table markers" in capsys.readouterr().out


def test_markers_that_are_not_a_list_are_still_refused(layout_file):
    data = json.loads(layout_file.read_text())
    layout_file.write_text(json.dumps({**data, "markers": {"id": 0}}))
    with pytest.raises(InputError, match="markers: expected a list"):
        load_layout(layout_file)


def test_without_markers_the_dictionary_may_be_left_out(layout_file, photo, tmp_path):
    # the dictionary names the markers' pattern: with none listed it was still "missing field"
    data = json.loads(layout_file.read_text())
    del data["dictionary"]
    layout_file.write_text(json.dumps(data))
    assert load_layout(layout_file).markers == ()
    path, cam = photo
    corners = ";".join(f"{x:.1f},{y:.1f}" for x, y in cam.table_to_image(PLAY))
    out = tmp_path / "table.json"
    assert main(["calibrate", "table", "--source", str(path), "--layout", str(layout_file),
                 "--corners", corners, "--out", str(out)]) == 0
    assert load_table(out)[1].play_area_mm == AREA
    # with markers it is needed, and said so with the file and field
    marker = {"id": 0, "size_mm": 40.0, "center_mm": [-30.0, -30.0], "rotation_deg": 0.0}
    layout_file.write_text(json.dumps({**data, "markers": [marker]}))
    with pytest.raises(InputError, match="dictionary: missing field") as err:
        load_layout(layout_file)
    assert str(layout_file) in str(err.value)
