"""An output option pointed at one of the command's own inputs (a slip of tab completion) is
refused in one line and the input is left as it was: `export LOG --html LOG` replaced the game
log with its HTML report; `analyze photo --debug photo` drew over the photo."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from armada_vision.cli import main
from armada_vision.gamelog import GameLog


def _error(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


@pytest.fixture
def game_log(tmp_path):
    path = tmp_path / "games.sqlite"
    with GameLog(path) as log:
        log.new_game("night 1")
        log.append({"type": "note", "text": "round 1"})
    return path


def test_export_over_its_own_game_log_is_refused_and_the_log_kept(game_log, capsys):
    before = game_log.read_bytes()
    assert main(["export", str(game_log), "--html", str(game_log)]) == 2
    assert _error(capsys) == (f"armada-vision: error: {game_log}: --html: is also the game log: "
                              "writing it would destroy it; choose another file")
    assert game_log.read_bytes() == before
    with GameLog(game_log, create=False) as log:
        assert [e.data["text"] for e in log.events()] == ["round 1"]


def test_export_over_another_game_log_is_refused(game_log, tmp_path, capsys):
    other = tmp_path / "last-week.sqlite"
    other.write_bytes(game_log.read_bytes())
    assert main(["export", str(game_log), "--html", str(other)]) == 2
    assert "is an SQLite database" in _error(capsys)
    assert other.read_bytes() == game_log.read_bytes()


def test_export_to_a_new_file_still_works(game_log, tmp_path):
    assert main(["export", str(game_log), "--html", str(tmp_path / "night.html")]) == 0


def test_analyze_debug_over_the_photo_is_refused_and_the_photo_kept(tmp_path, capsys):
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), np.full((64, 64, 3), 90, np.uint8))
    before = photo.read_bytes()
    assert main(["analyze", str(photo), "--debug", str(photo)]) == 2
    assert _error(capsys).endswith("--debug: is also the image: writing it would destroy it; "
                                   "choose another file")
    assert photo.read_bytes() == before


def test_calibrate_table_out_over_the_camera_file_is_refused(tmp_path, capsys):
    camera = tmp_path / "camera.json"
    camera.write_text(json.dumps({"format": "armada-camera/1"}))
    before = camera.read_bytes()
    assert main(["calibrate", "table", "--source", str(tmp_path), "--camera", str(camera),
                 "--out", str(camera)]) == 2
    assert "--out: is also the --camera file" in _error(capsys)
    assert camera.read_bytes() == before


def test_run_screenshot_over_the_source_image_is_refused(tmp_path, capsys):
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), np.full((64, 64, 3), 90, np.uint8))
    assert main(["run", "--source", str(photo), "--screenshot", str(photo), "--exit-after", "1",
                 "--no-log"]) == 2
    assert "--screenshot: is also the --source" in _error(capsys)
