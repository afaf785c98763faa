"""Calibration files and bad input: one-line InputErrors naming the file and what is wrong,
also through the CLI (exit status 2, one line on stderr, no traceback)."""

import json

import numpy as np
import pytest

from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.vision.calibration import (
    DEFAULT_LAYOUTS,
    BoardSpec,
    CameraIntrinsics,
    fit_table,
    load_camera,
    load_layout,
    read_image,
    save_camera,
)


@pytest.fixture
def garbage_png(tmp_path):
    p = tmp_path / "frame.png"
    p.write_bytes(b"this is not a png")
    return p


@pytest.fixture
def layout_without_dictionary(tmp_path):
    data = json.loads(DEFAULT_LAYOUTS["6x3"].read_text())
    del data["dictionary"]
    p = tmp_path / "layout.json"
    p.write_text(json.dumps(data))
    return p


@pytest.fixture
def camera_640(tmp_path):
    K = np.array([[450.0, 0, 320], [0, 450, 240], [0, 0, 1]])
    p = tmp_path / "camera.json"
    save_camera(CameraIntrinsics(K, np.zeros(5), (640, 480), 0.2), p)
    return p


def one_line(exc: Exception) -> str:
    text = str(exc)
    assert "\n" not in text
    return text


def test_unreadable_image_names_the_file(garbage_png):
    with pytest.raises(InputError) as err:
        read_image(garbage_png)
    assert one_line(err.value).startswith(f"{garbage_png}: not a readable image")


def test_layout_missing_field_names_file_and_field(layout_without_dictionary):
    with pytest.raises(InputError) as err:
        load_layout(layout_without_dictionary)
    assert one_line(err.value) == f"{layout_without_dictionary}: dictionary: missing field"


def test_layout_marker_missing_size_names_the_marker(tmp_path):
    data = json.loads(DEFAULT_LAYOUTS["3x3"].read_text())
    del data["markers"][2]["size_mm"]
    p = tmp_path / "l.json"
    p.write_text(json.dumps(data))
    with pytest.raises(InputError, match=r"l.json: markers\[2\].size_mm: missing field"):
        load_layout(p)


def test_camera_file_from_another_resolution_is_refused(camera_640):
    intr = load_camera(camera_640)
    with pytest.raises(InputError) as err:
        fit_table(np.zeros((720, 1280, 3), np.uint8), intr, load_layout(DEFAULT_LAYOUTS["6x3"]),
                  frame="shot.png")
    msg = one_line(err.value)
    assert msg.startswith(f"{camera_640}: image_size: camera calibrated at 640x480 px")
    assert "shot.png is 1280x720 px" in msg


def test_camera_file_round_trip_and_bad_matrix(camera_640, tmp_path):
    intr = load_camera(camera_640)
    assert intr.image_size == (640, 480) and intr.rms_px == pytest.approx(0.2)
    data = json.loads(camera_640.read_text())
    data["camera_matrix"] = [[1, 0], [0, 1]]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(InputError, match=r"bad.json: camera_matrix: expected 3x3 numbers"):
        load_camera(bad)


def run_cli(capsys, *argv):
    code = main(list(argv))
    err = capsys.readouterr().err
    return code, err


def test_cli_bad_inputs_exit_2_with_one_line(capsys, tmp_path, garbage_png, layout_without_dictionary,
                                             camera_640):
    cases = [
        (("calibrate", "table", "--source", str(garbage_png), "--out", str(tmp_path / "t.json")),
         f"{garbage_png}: not a readable image"),
        (("calibrate", "table", "--source", str(garbage_png), "--layout",
          str(layout_without_dictionary)), "dictionary: missing field"),
        (("calibrate", "camera", "--source", str(tmp_path / "nothing-here")), "nothing-here: no such"),
    ]
    for argv, expected in cases:
        code, err = run_cli(capsys, *argv)
        assert code == 2
        assert err.count("\n") == 1 and err.startswith("armada-vision: error: ")
        assert expected in err and "Traceback" not in err


def test_cli_camera_file_from_another_resolution(capsys, tmp_path, camera_640):
    import cv2

    frame = tmp_path / "table.png"
    cv2.imwrite(str(frame), np.full((720, 1280, 3), 90, np.uint8))
    code, err = run_cli(capsys, "calibrate", "table", "--source", str(frame), "--camera",
                        str(camera_640), "--out", str(tmp_path / "t.json"))
    assert code == 2 and err.count("\n") == 1
    assert f"{camera_640}: image_size: camera calibrated at 640x480 px" in err


def test_cli_board_defaults_are_the_printed_board():
    from armada_vision.cli import _options

    assert BoardSpec() == BoardSpec(_options.DEFAULT_SQUARES, _options.DEFAULT_SQUARE_MM,
                                    _options.DEFAULT_MARKER_MM, _options.DEFAULT_DICTIONARY)


def test_bundled_layouts_by_short_name():
    assert load_layout("3x3").play_area_mm == (914.4, 914.4)
    assert load_layout("6x3").play_area_mm == (1828.8, 914.4)
    with pytest.raises(InputError, match="9x9: no layout file of that name, and the bundled layouts are"):
        load_layout("9x9")


def test_a_frame_without_markers_says_how_many_were_found():
    with pytest.raises(InputError) as err:
        fit_table(np.full((720, 1280, 3), 90, np.uint8), None, load_layout("6x3"), frame="empty.png")
    assert one_line(err.value).startswith(
        "empty.png: found 0 of the layout's 6 table markers (ids: none); need at least 3")
