"""`run` refuses, before the window opens, a table calibration or a background photo made at
another resolution than the frames. Before, a manual table file from a 640x480 photo was
applied to 1280x720 video without a word (every piece at the wrong millimetres) and a 4K
background silently stopped detection (no piece, no message, status bar "0 ms")."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from armada_vision.cli import main
from armada_vision.cli.run import check_sizes, first_frame_size
from armada_vision.ui.capture import parse_source


def _image(path, w, h):
    cv2.imwrite(str(path), np.full((h, w, 3), 90, np.uint8))
    return path


@pytest.fixture
def table_640(tmp_path):
    """A manual (four-corner) table calibration made on a 640x480 photo."""
    photo = _image(tmp_path / "photo640.png", 640, 480)
    out = tmp_path / "table640.json"
    assert main(["calibrate", "table", "--source", str(photo),
                 "--corners", "10,470;630,470;630,10;10,10", "--out", str(out)]) == 0
    return out


def _folder(tmp_path, w, h):
    folder = tmp_path / f"frames{w}"
    folder.mkdir()
    _image(folder / "0000.png", w, h)
    return folder


def _one_line_error(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("armada-vision: error: ") and "Traceback" not in err
    return err


def test_a_table_calibrated_at_another_resolution_is_refused(tmp_path, table_640, capsys):
    frames = _folder(tmp_path, 320, 240)
    assert main(["run", "--source", str(frames), "--table", str(table_640), "--no-log",
                 "--exit-after", "0"]) == 2
    err = _one_line_error(capsys)
    assert f"{table_640}: --table: calibrated for 640x480 px frames, but {frames} gives " \
           "320x240 px" in err


def test_a_background_of_another_size_than_the_frames_is_refused(tmp_path, capsys):
    frames = _folder(tmp_path, 640, 480)
    bg = _image(tmp_path / "empty.png", 320, 240)
    assert main(["run", "--source", str(frames), "--background", str(bg), "--no-log",
                 "--exit-after", "0"]) == 2
    err = _one_line_error(capsys)
    assert f"{bg}: --background: is 320x240 px, but the frames of {frames} are 640x480 px" in err


def test_with_a_camera_the_background_is_held_against_the_calibration(tmp_path, table_640,
                                                                     capsys):
    # a webcam is not opened before the window: its frame size is unknown up front
    bg = _image(tmp_path / "empty.png", 1280, 720)
    assert main(["run", "--source", "7", "--table", str(table_640), "--background", str(bg),
                 "--no-log", "--exit-after", "0"]) == 2
    err = _one_line_error(capsys)
    assert f"--background: is 1280x720 px, but {table_640} is calibrated for 640x480 px" in err


def test_the_first_frame_of_a_folder_gives_its_size_and_matching_sizes_pass(tmp_path):
    frames = _folder(tmp_path, 640, 480)
    assert first_frame_size(parse_source(str(frames))) == (640, 480)
    assert first_frame_size(parse_source("7")) is None  # live: not probed

    class Background:
        shape = (480, 640)

    check_sizes(str(frames), (640, 480), ("--table", "t.json", (640, 480)), Background(), "e.png")
    check_sizes("0", None, ("--table", "t.json", (640, 480)), Background(), "e.png")
    check_sizes("0", None, None, Background(), "e.png")  # nothing to compare with



def test_a_run_without_a_table_calibration_says_it_cannot_place_pieces(tmp_path, table_640):
    # a newcomer's `run --scene S --source F` drew nothing and nothing said why. In a child
    # process: a window run to its end in this one left later windows' timers dead
    import os
    import subprocess
    import sys

    frames = _folder(tmp_path, 640, 480)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(tmp_path))
    for extra, said in (([], True), (["--table", str(table_640)], False)):
        proc = subprocess.run([sys.executable, "-m", "armada_vision", "run", "--source",
                               str(frames), *extra, "--no-log", "--exit-after", "0"],
                              env=env, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert ("note: no table calibration (--table, or --camera with --layout)" in
                proc.stderr) is said, proc.stderr
