"""Breaking it as a new user would: files the project itself writes must load, and wrong input
ends in one line naming the file and field (never a traceback)."""

import json
from pathlib import Path

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


SKIRMISH = Path(__file__).resolve().parents[1] / "bench" / "scenes" / "skirmish.json"
NOT_UTF8 = b"\xff\xfe\x00 saved by a spreadsheet in UTF-16"


def _one_error_line(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


def test_a_scene_that_is_not_utf8_text_is_one_line_naming_it(tmp_path, capsys):
    from armada_vision.cli import main

    scene = tmp_path / "scene.json"
    scene.write_bytes(NOT_UTF8)
    assert main(["check", str(scene)]) == 2
    assert _one_error_line(capsys) == f"armada-vision: error: {scene}: not a UTF-8 text file (byte 0)"


def test_a_models_file_that_is_not_utf8_text_is_one_line_naming_it(tmp_path, capsys):
    from armada_vision.cli import main

    (tmp_path / "ships").mkdir()
    bad = tmp_path / "ships" / "my-ship.toml"
    bad.write_bytes(NOT_UTF8)
    assert main(["check", str(SKIRMISH), "--models", str(tmp_path)]) == 2
    assert _one_error_line(capsys) == f"armada-vision: error: {bad}: not a UTF-8 text file (byte 0)"


def test_a_table_file_that_is_not_utf8_text_is_refused_naming_it(tmp_path):
    from armada_vision.ui.calib_source import load_table_calibration

    bad = tmp_path / "table.json"
    bad.write_bytes(NOT_UTF8)
    with pytest.raises(InputError, match=r"table\.json: not a UTF-8 text file"):
        load_table_calibration(str(bad))


@pytest.mark.parametrize("side_px", [1, 8])
def test_a_tiny_image_finds_no_table_markers_instead_of_an_opencv_assertion(side_px):
    from armada_vision.vision.calibration import DEFAULT_LAYOUTS, fit_table, load_layout

    layout = load_layout(DEFAULT_LAYOUTS["6x3"])
    with pytest.raises(InputError, match=r"tiny\.png: found 0 of the layout's 6 table markers"):
        fit_table(np.zeros((side_px, side_px, 3), np.uint8), None, layout, frame="tiny.png")


def test_a_layout_name_that_is_neither_bundled_nor_a_file_lists_the_bundled_ones():
    from armada_vision.vision.calibration import load_layout

    with pytest.raises(InputError, match=r"^9x9: no layout file of that name, and the bundled "
                                          r"layouts are 3x3 and 6x3$"):
        load_layout("9x9")
    with pytest.raises(InputError, match=r"missing\.json: file not found"):
        load_layout("missing.json")


@pytest.mark.parametrize("argv, message", [
    (["run", "--source", "0", "--uncertainty-mm", "nan"],
     "--uncertainty-mm: expected a margin of 0 mm or more, got nan"),
    (["run", "--source", "0", "--uncertainty-mm", "-1"],
     "--uncertainty-mm: expected a margin of 0 mm or more, got -1.0"),
    (["demo", "--sample-size", "100000x100000"],  # ~30 GB of frame: refused, not attempted
     "--sample-size: expected 64x64 to 7680x4320 px, got '100000x100000'"),
])
def test_window_options_out_of_range_are_refused_before_anything_opens(argv, message, capsys):
    from armada_vision.cli import main

    assert main([*argv, "--no-log", "--exit-after", "1"]) == 2
    assert _one_error_line(capsys) == f"armada-vision: error: {message}"


def test_calibrate_warnings_carry_the_program_prefix_like_every_other_command(realdata, tmp_path,
                                                                              capsys):
    from armada_vision.cli import main

    photos = tmp_path / "photos"
    photos.mkdir()
    for p in sorted((realdata / "charuco-photos").glob("charuco_5x7_img_0*.jpg")):
        (photos / p.name).write_bytes(p.read_bytes())
    assert main(["calibrate", "camera", "--source", str(photos), "--square-mm", "40",
                 "--marker-mm", "20", "--out", str(tmp_path / "camera.json")]) == 0
    err = capsys.readouterr().err.splitlines()
    warnings = [line for line in err if "warning:" in line]
    assert warnings and all(w.startswith("armada-vision: warning: only 4 views") for w in warnings)


def test_a_roster_that_is_not_utf8_text_is_one_line_naming_it(tmp_path, capsys, catalog):
    import cv2

    from armada_vision.cli import main
    from armada_vision.scene import Scene
    from armada_vision.vision import synth

    cam = TableCamera.looking_down((640, 360), margin_mm=160.0)
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), synth.render(Scene(), cam, catalog, seed=1).image)  # markers in view
    roster = tmp_path / "roster.json"
    roster.write_bytes(NOT_UTF8)
    assert main(["analyze", str(image), "--roster", str(roster)]) == 2
    assert _one_error_line(capsys) == f"armada-vision: error: {roster}: not a UTF-8 text file (byte 0)"


def test_a_picture_given_as_a_json_file_is_named_a_picture(tmp_path, capsys):
    # a newcomer's `analyze IMG --camera frame.jpg` said "not a UTF-8 text file (byte 0)"
    import cv2

    from armada_vision.cli import main

    image = tmp_path / "frame.jpg"
    cv2.imwrite(str(image), np.full((180, 320, 3), 90, np.uint8))
    assert main(["analyze", str(image), "--camera", str(image)]) == 2
    assert _one_error_line(capsys) == (
        f"armada-vision: error: {image}: is a JPEG picture, not a JSON text file")
    png = tmp_path / "scene.png"
    cv2.imwrite(str(png), np.full((18, 32, 3), 90, np.uint8))
    assert main(["check", str(png)]) == 2
    assert _one_error_line(capsys) == (
        f"armada-vision: error: {png}: is a PNG picture, not a JSON text file")
