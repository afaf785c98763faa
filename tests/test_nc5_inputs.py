"""Newcomer 5's break-it pass: inputs that were accepted or ended in a traceback now give one
line naming the file and field."""

import pytest

from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.scene import scene_from_dict


@pytest.mark.parametrize("area", [
    [float("inf"), 914.4], [1828.8, float("nan")], [1e12, 1e12], [1828.8, 10_000.1],
])
def test_a_play_area_larger_than_any_table_is_refused(area):
    # piece positions are refused beyond 10 m (scene.MAX_COORD_MM); a play area of 1e12 mm
    # or Infinity was accepted and every ship was "inside" it
    with pytest.raises(InputError, match=r"^s.json: play_area_mm: expected \[width_mm, height_mm\] "
                       r"with each side 0 < side <= 10000 mm, got \["):
        scene_from_dict({"format": "armada-scene/1", "play_area_mm": area}, "s.json")


def test_the_largest_play_area_is_kept():
    scene = scene_from_dict({"format": "armada-scene/1", "play_area_mm": [10_000, 914.4]})
    assert scene.play_area_mm == (10_000.0, 914.4)


@pytest.mark.parametrize("argv, message", [
    (["--square-mm", "0"], "--square-mm: expected a positive length in mm, got 0"),
    (["--square-mm", "inf", "--marker-mm", "20"], "--square-mm: expected a positive length in mm, got inf"),
    (["--square-mm", "nan"], "--square-mm: expected a positive length in mm, got nan"),
    (["--marker-mm", "40"], "--marker-mm: expected a positive length smaller than --square-mm "
                            "(30 mm), got 40"),
    (["--dictionary", "DICT_NOPE"], "--dictionary: unknown ArUco dictionary 'DICT_NOPE' "
                                    "(expected an OpenCV name such as DICT_6X6_250)"),
])
def test_board_options_name_the_option_that_is_wrong(tmp_path, capsys, argv, message):
    # before: --square-mm 0 or nan blamed --marker-mm, --square-mm inf went on to find no board
    # in any photo, and the dictionary read "--dictionary: dictionary: unknown ..."
    assert main(["markers", "--out", str(tmp_path / "m"), *argv]) == 2
    assert capsys.readouterr().err.strip() == f"armada-vision: error: {message}"
    assert not (tmp_path / "m").exists()


@pytest.mark.parametrize("views", ["0", "-3", "3"])
def test_calibrate_camera_refuses_fewer_views_than_a_lens_fit_needs(tmp_path, capsys, views):
    # before: --views 0 calibrated and warned "enough: 0 views"
    with pytest.raises(SystemExit) as info:
        main(["calibrate", "camera", "--source", str(tmp_path), "--views", views])
    assert info.value.code == 2
    assert capsys.readouterr().err.strip().endswith(
        f"argument --views: expected at least 4 views (a lens calibration needs them), got {views}")


@pytest.mark.parametrize("seconds", ["nan", "-5", "1e300", "inf", "soon"])
def test_exit_after_outside_what_a_qt_timer_takes_is_one_line(tmp_path, capsys, seconds):
    # before: nan and 1e300 ended in a traceback from QTimer.singleShot once the window was open
    with pytest.raises(SystemExit) as info:
        main(["replay", str(tmp_path / "g.sqlite"), "--exit-after", seconds])
    assert info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("armada-vision replay: error: argument --exit-after: expected ")
    assert err.endswith(repr(seconds))
