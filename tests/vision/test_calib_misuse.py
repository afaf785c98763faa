"""What users get wrong on game night: each mistake gives one line naming the file, field or
frame and exit status 2, never a traceback, a hang, or a silently wrong calibration."""

import subprocess
import sys

import cv2
import numpy as np
import pytest

from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.vision.calibration import (
    DEFAULT_LAYOUTS,
    BoardSpec,
    CameraIntrinsics,
    CharucoCalibrator,
    fit_table,
    load_layout,
    save_camera,
)
from armada_vision.vision.calibration._render_markers import render_table_markers
from armada_vision.vision.camera import TableCamera

from .test_calib_table import table_errors_mm

C920_DIST = np.array([0.057, -0.203, -0.0014, 0.0004, 0.159])  # cv-notes 2.3
REPO = __import__("pathlib").Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def six_by_three(tmp_path_factory):
    """A 720p photo of a 6' x 3' table with the default markers, and its camera file."""
    d = tmp_path_factory.mktemp("misuse")
    cam = TableCamera.looking_down((1280, 720), tilt_deg=8, dist_coeffs=C920_DIST, margin_mm=200)
    cv2.imwrite(str(d / "table.png"), render_table_markers(cam, load_layout(DEFAULT_LAYOUTS["6x3"])))
    save_camera(CameraIntrinsics(cam.camera_matrix, cam.dist_coeffs, cam.image_size, 0.2),
                d / "camera.json")
    return d, cam


@pytest.mark.parametrize("with_intrinsics", [True, False])
def test_the_wrong_layout_is_refused_not_fitted(six_by_three, with_intrinsics):
    # The 3' x 3' layout uses the same marker ids 0-5 at other places: any pose fitted to it
    # puts the table tens of mm (here hundreds) off, so the fit must be refused, naming the
    # frame and the layout.
    d, cam = six_by_three
    img = cv2.imread(str(d / "table.png"))
    intr = CameraIntrinsics(cam.camera_matrix, cam.dist_coeffs, cam.image_size)
    with pytest.raises(InputError, match=r"table.png: .*do not fit the layout .*layout-3x3.json"):
        fit_table(img, intr if with_intrinsics else None, load_layout(DEFAULT_LAYOUTS["3x3"]),
                  frame="table.png")
    # the right layout still fits (to well under a millimetre with the lens known)
    fit = fit_table(img, intr if with_intrinsics else None, load_layout(DEFAULT_LAYOUTS["6x3"]))
    assert table_errors_mm(cam, fit.camera, 0.0).max() < (0.5 if with_intrinsics else 10.0)


def test_calibrate_table_with_the_wrong_layout_exits_2(six_by_three, capsys):
    d, _ = six_by_three
    out = d / "wrong.json"
    assert main(["calibrate", "table", "--source", str(d / "table.png"), "--camera",
                 str(d / "camera.json"), "--layout", "3x3", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert "do not fit the layout" in err and len(err.splitlines()) == 1
    assert not out.exists()


@pytest.mark.parametrize("command", ["table", "camera", "markers"])
def test_an_unwritable_output_is_one_line_not_a_traceback(six_by_three, tmp_path, capsys, command):
    d, _ = six_by_three
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    out = blocker / "out.json"
    if command == "table":
        argv = ["calibrate", "table", "--source", str(d / "table.png"), "--camera",
                str(d / "camera.json"), "--out", str(out)]
    elif command == "camera":
        board = BoardSpec()
        cal = CharucoCalibrator(board)
        assert cal is not None
        photos = tmp_path / "views"
        photos.mkdir()
        _board_views(board, photos)
        argv = ["calibrate", "camera", "--source", str(photos), "--out", str(out)]
    else:
        argv = ["markers", "--out", str(out)]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("armada-vision: error: ") and str(blocker) in err[-1]
    assert "Traceback" not in "\n".join(err)


def _board_views(board: BoardSpec, folder, n: int = 5) -> None:
    """``n`` rendered 640x480 views of ``board`` at different tilts, as PNG files in ``folder``."""
    from armada_vision.vision.calibration._render_markers import render_board_view

    K = np.array([[600.0, 0, 320], [0, 600.0, 240], [0, 0, 1]])
    centre = np.array([board.squares[0] * board.square_mm / 2, board.squares[1] * board.square_mm / 2, 0])
    for i in range(n):
        a = np.radians([(-20, 0), (20, 0), (0, -20), (0, 20), (12, 12)][i % 5])
        R = cv2.Rodrigues(np.array([a[0], a[1], 0.0]))[0]
        tvec = np.array([0.0, 0.0, 420.0]) - R @ centre
        img = render_board_view(board, K, np.zeros(5), cv2.Rodrigues(R)[0].ravel(), tvec, (640, 480),
                                seed=i)
        cv2.imwrite(str(folder / f"view{i}.png"), img)


def test_one_still_image_is_a_still_not_a_live_stream(tmp_path, capsys):
    # a single photo cannot be "held still": it is used like the stills of a folder, and the
    # refusal says how many usable views there are
    board = BoardSpec()
    _board_views(board, tmp_path, n=1)
    assert main(["calibrate", "camera", "--source", str(tmp_path / "view0.png"),
                 "--out", str(tmp_path / "c.json")]) == 2
    err = capsys.readouterr().err
    assert "hold the board still" not in err
    assert "found in 1 usable view(s)" in err.strip().splitlines()[-1]


def test_a_mirrored_board_picture_is_named(tmp_path):
    board = BoardSpec()
    _board_views(board, tmp_path, n=1)
    img = cv2.flip(cv2.imread(str(tmp_path / "view0.png")), 1)
    progress = CharucoCalibrator(board).add_image(img, name="flipped.png")
    assert not progress.accepted
    assert "flipped.png" in progress.reason and "mirrored" in progress.reason
    with pytest.raises(InputError, match=r"0 usable view\(s\) \(1 mirrored: turn off"):
        _calibrate_one(board, img)


def _calibrate_one(board, img):
    cal = CharucoCalibrator(board)
    cal.add_image(img)
    return cal.calibrate()


@pytest.mark.parametrize("corners", ["nan,2;3,4;5,6;7,8", "1,2;3,inf;5,6;7,8"])
def test_corners_that_are_not_numbers_name_the_option(six_by_three, capsys, corners):
    d, _ = six_by_three
    assert main(["calibrate", "table", "--source", str(d / "table.png"), "--corners", corners,
                 "--out", str(d / "c.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "armada-vision: error: --corners: expected four corners as x,y;x,y;x,y;x,y (pixels)"


@pytest.mark.parametrize("source", ["not-a-video.mp4", "99"])
def test_a_bad_video_or_missing_webcam_prints_exactly_one_line(tmp_path, source):
    # OpenCV's and FFmpeg's own log lines ("moov atom not found", "can't open camera by
    # index") must not reach the user around our one-line message
    if source.endswith(".mp4"):
        (tmp_path / source).write_text("this is not a video")
    run = subprocess.run(
        [sys.executable, "-m", "armada_vision", "calibrate", "table", "--source", source,
         "--out", str(tmp_path / "t.json")],
        cwd=tmp_path, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("armada-vision: error: ") and source in lines[0]


@pytest.mark.parametrize("field, value", [
    ("reprojection_px", "abc"), ("reprojection_mm", "abc"), ("marker_ids", ["a"]),
    ("marker_ids", 5), ("warnings", 5), ("image_size", [-1, 0]), ("image_size", [1920.5, 1080]),
    ("image_size", [1920, 1080]), ("accuracy", "excellent"),
])
def test_a_damaged_table_file_names_the_field(six_by_three, tmp_path, field, value):
    # table.json is read again by the window (run --table): a hand-edited or damaged field is
    # one line naming it (it was a ValueError/TypeError traceback, or silently accepted: a
    # negative image size, an image size other than the embedded camera's 1280x720)
    import json

    from armada_vision.vision.calibration import load_table

    d, _ = six_by_three
    good = tmp_path / "good.json"
    assert main(["calibrate", "table", "--source", str(d / "table.png"), "--camera",
                 str(d / "camera.json"), "--out", str(good)]) == 0
    data = json.loads(good.read_text())
    data[field] = value
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(InputError, match=rf"bad.json: {field}: "):
        load_table(bad)


@pytest.mark.parametrize("with_intrinsics", [False, True])
def test_corners_clicked_clockwise_are_refused_not_mirrored(six_by_three, with_intrinsics):
    # Clicked the other way round (player 1's left, then player 2's left, ...) the four points
    # still make a convex quadrilateral, but the mapping is the table's mirror image (no camera
    # above the table sees it so): every left/right answer would be swapped. Seen through any
    # camera above the table, the corners in table order run clockwise in the image (y down).
    from armada_vision.vision.calibration import manual_fit

    _, cam = six_by_three
    w, h = 1828.8, 914.4
    px = cam.table_to_image(np.array([[0, 0], [w, 0], [w, h], [0, h]]))
    intr = CameraIntrinsics(cam.camera_matrix, cam.dist_coeffs, cam.image_size) if with_intrinsics else None
    fit = manual_fit(px, (w, h), cam.image_size, intr)  # the right order is accepted
    assert np.abs(fit.camera.image_to_table(px) - [[0, 0], [w, 0], [w, h], [0, h]]).max() < 0.5
    with pytest.raises(InputError, match="counter-clockwise"):
        manual_fit(px[[0, 3, 2, 1]], (w, h), cam.image_size, intr)


def test_a_marker_id_outside_the_dictionary_names_the_field(tmp_path, capsys):
    # DICT_4X4_50 has ids 0-49: id 99 can be neither printed (OpenCV assertion, a traceback)
    # nor ever found on the table (silently missing)
    import json

    data = json.loads(DEFAULT_LAYOUTS["6x3"].read_text())
    data["markers"][2]["id"] = 99
    bad = tmp_path / "layout.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(InputError, match=r"layout.json: markers\[2\].id: id 99 is not in DICT_4X4_50 \(ids 0-49\)"):
        load_layout(bad)
    assert main(["markers", "--layout", str(bad), "--out", str(tmp_path / "m")]) == 2
    assert "markers[2].id" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["markers", "camera"])
def test_a_board_with_more_markers_than_its_dictionary_names_the_option(tmp_path, capsys, command):
    # a 12x12 board has 72 markers; DICT_4X4_50 has 50: OpenCV asserted (a traceback) when
    # printing it, and calibrating with it found no view without saying why
    board = ["--board", "12x12", "--square-mm", "10", "--marker-mm", "7", "--dictionary", "DICT_4X4_50"]
    if command == "markers":
        argv = ["markers", "--out", str(tmp_path / "m"), *board]
    else:
        argv = ["calibrate", "camera", "--source", str(tmp_path), "--out", str(tmp_path / "c.json"), *board]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("armada-vision: error: --board: a 12x12 board has 72 markers but DICT_4X4_50 "
                   "has 50: use a smaller board or a larger dictionary")


def test_camera_calibration_from_too_few_views_warns(realdata, tmp_path, capsys):
    # OpenCV's four tutorial photos give a low rms (about 0.19 px) but cover little of the image
    # and few tilts: the file is written, with a warning that the lens may be off by a few percent.
    import shutil

    from armada_vision.cli import main

    photos = tmp_path / "photos"
    photos.mkdir()
    for photo in sorted((realdata / "charuco-photos").glob("charuco_5x7_img_0*.jpg")):
        shutil.copy(photo, photos)
    out = tmp_path / "camera.json"
    code = main(["calibrate", "camera", "--source", str(photos), "--board", "5x7",
                 "--square-mm", "40", "--marker-mm", "20", "--dictionary", "DICT_6X6_250",
                 "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 0 and out.is_file()
    assert "warning: only 4 views" in err
