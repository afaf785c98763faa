"""`run` reuses the empty table an earlier game learned for the same table file and
resolution, says so in the status bar, ignores a stale one with a note, and `--background`
still wins."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep  # noqa: E402

from armada_vision.cli import main  # noqa: E402
from armada_vision.vision.empty_table import Learned, model_from_mean, save_background  # noqa: E402


def _image(path, w, h, grey=90):
    cv2.imwrite(str(path), np.full((h, w, 3), grey, np.uint8))
    return path


@pytest.fixture
def setup(tmp_path, monkeypatch, qtbot):
    """A manual table calibration of 640x480 frames, a folder of such frames, the XDG data
    folder in tmp_path, and the window ``run`` opens (not run: ``run_window`` returns)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    photo = _image(tmp_path / "photo.png", 640, 480)
    table = tmp_path / "table.json"
    assert main(["calibrate", "table", "--source", str(photo),
                 "--corners", "10,470;630,470;630,10;10,10", "--out", str(table)]) == 0
    frames = tmp_path / "frames"
    frames.mkdir()
    _image(frames / "0000.png", 640, 480)
    opened = []

    def fake_run_window(app, window, args, ready=None):
        opened.append(keep(qtbot, window))  # the test's QApplication outlives `run`
        return 0

    monkeypatch.setattr("armada_vision.ui.app.run_window", fake_run_window)

    def run(*extra):
        assert main(["run", "--source", str(frames), "--table", str(table), "--no-log",
                     *extra]) == 0
        win = opened[-1]
        win.close()  # stops the capture and processing threads run started
        return win

    return table, run


def _save(table, w, h):
    mean = np.full((h, w, 3), 80, np.uint8)
    model = model_from_mean(mean, 1.5)
    path, why = save_background(Learned(model, "learned", {"frames": 8}, mean, 1.5), table)
    assert why == ""
    return path, model


def test_the_saved_empty_table_is_used_and_named(setup, capsys):
    table, run = setup
    png, model = _save(table, 640, 480)
    win = run()
    err = capsys.readouterr().err
    assert "using the empty table saved" in err and str(png) in err
    bg = win.pipeline.detector.background
    assert bg is not None and np.array_equal(bg.mean_bgr, model.mean_bgr)
    assert win.empty_table.label.text().startswith("Background: empty table saved ")
    assert win.empty_table.store_key == str(table)  # a new one is saved for the same file


def test_a_saved_empty_table_of_another_resolution_is_ignored_with_a_note(setup, capsys):
    table, run = setup
    png, _ = _save(table, 320, 240)
    win = run()
    err = capsys.readouterr().err
    assert (f"armada-vision: note: The saved empty table {png} is ignored: it was learned at "
            "320x240 px, the camera gives 640x480 px.") in err
    assert "Traceback" not in err
    assert win.pipeline.detector.background is None
    assert win.empty_table.label.text() == "Background: estimated (Ctrl+E learns the empty table)"
    assert "320x240" in win.empty_table.label.toolTip()


def test_background_on_the_command_line_overrides_the_saved_one(setup, tmp_path, capsys):
    table, run = setup
    _save(table, 640, 480)
    empty = _image(tmp_path / "empty.png", 640, 480, grey=120)
    win = run("--background", str(empty))
    assert "using the empty table saved" not in capsys.readouterr().err
    assert float(win.pipeline.detector.background.mean_bgr.mean()) == pytest.approx(120, abs=1)
    assert win.empty_table.label.text() == "Background: empty.png"
