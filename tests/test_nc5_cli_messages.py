"""Bad inputs given to each command end in one line naming the file and the option, before any
work is done. Found by trying, for every command, a missing file, a folder where a file is
expected (and the reverse), a file that is not JSON or not UTF-8 and a file of another kind."""

import json
import os
from pathlib import Path

import cv2
import numpy as np
import pytest

from armada_vision.cli import main
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.synth.demo import camera_to_json

SKIRMISH = Path(__file__).resolve().parents[1] / "bench" / "scenes" / "skirmish.json"
NOT_UTF8 = b"\xff\xfe\x00 saved by a spreadsheet in UTF-16"


@pytest.fixture
def files(tmp_path):
    """A folder, an image without table markers, a folder of frames, a lens-only camera file."""
    folder = tmp_path / "a-folder"
    folder.mkdir()
    image = tmp_path / "photo.png"
    cv2.imwrite(str(image), np.full((90, 160, 3), 60, np.uint8))
    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "f0.png"), np.full((90, 160, 3), 60, np.uint8))
    lens = camera_to_json(TableCamera.looking_down((160, 90)))
    del lens["rvec"], lens["tvec"]                      # what 'calibrate camera' writes
    camera = tmp_path / "camera.json"
    camera.write_text(json.dumps(lens))
    bare = tmp_path / "bare-table.json"             # the keys `run --table` reads, no format
    cam = TableCamera.looking_down((160, 90))
    bare.write_text(json.dumps({"camera_matrix": cam.camera_matrix.tolist(),
                                "dist_coeffs": cam.dist_coeffs.tolist(), "rvec": cam.rvec.tolist(),
                                "tvec": cam.tvec.tolist(), "image_size": [160, 90]}))
    not_utf8 = tmp_path / "utf16.json"
    not_utf8.write_bytes(NOT_UTF8)
    return {"folder": folder, "image": image, "frames": frames, "camera": camera,
            "bare": bare, "not_utf8": not_utf8, "tmp": tmp_path}


def _error(capsys, argv) -> str:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    assert main([str(a) for a in argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert err[0].startswith("armada-vision: error: ")
    return err[0][len("armada-vision: error: "):]


def test_a_file_given_as_models_folder_is_named_as_a_file(files, capsys):
    scene = files["tmp"] / "ship.toml"
    scene.write_text("name = 'x'\n")
    assert _error(capsys, ["check", SKIRMISH, "--models", scene]) == (
        f"{scene}: --models: is a file, not a folder: give the folder that holds ships/, "
        "squadrons/ or obstacles/")


def test_a_folder_given_as_an_image_or_a_json_file(files, capsys):
    folder = files["folder"]
    assert _error(capsys, ["analyze", folder]) == f"{folder}: is a folder, not an image"
    assert _error(capsys, ["analyze", files["image"], "--camera", folder]) == (
        f"{folder}: is a folder, not a file")
    assert _error(capsys, ["analyze", files["image"], "--layout", folder]) == (
        f"{folder}: is a folder, not a file")


def test_a_calibration_file_that_is_not_utf8(files, capsys):
    bad = files["not_utf8"]
    # the calibration reader said "cannot read file (UnicodeDecodeError)"
    assert _error(capsys, ["analyze", files["image"], "--camera", bad]) == (
        f"{bad}: not a UTF-8 text file (byte 0)")


def test_a_broken_roster_is_named_before_the_table_is_looked_for(files, capsys):
    # the photo has no table markers: the missing roster was never mentioned, only the table
    missing = files["tmp"] / "roster.json"
    assert _error(capsys, ["analyze", files["image"], "--roster", missing]).startswith(
        f"{missing}: ")
    assert _error(capsys, ["analyze", files["image"], "--background", files["folder"]]) == (
        f"{files['folder']}: --background: is a folder, not an image")  # the option was unnamed


@pytest.mark.parametrize("command", ["run", "analyze"])
def test_a_lens_file_given_as_table_says_what_is_missing_and_where_it_goes(files, capsys, command):
    # analyze said only "format: expected 'armada-table/1', got 'armada-camera/1'"
    argv = (["run", "--source", files["frames"], "--no-log", "--exit-after", "0"]
            if command == "run" else ["analyze", files["image"]])
    err = _error(capsys, [*argv, "--table", files["camera"]])
    assert err == (f"{files['camera']}: rvec: missing field: not a table calibration (give the "
                   "file 'calibrate table' wrote; a camera file from 'calibrate camera' goes "
                   "with --camera and --layout)")


def test_a_table_file_without_its_format_is_read_by_analyze_as_by_run(files, capsys):
    # the older form (a bare camera pose, no "format"): `run --table` read it, `analyze --table`
    # refused it with "format: missing field (expected 'armada-table/1')"
    assert main(["analyze", str(files["image"]), "--table", str(files["bare"]), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "armada-scene/1"


@pytest.mark.parametrize("command", ["run", "analyze"])
def test_a_file_of_another_format_given_as_table_names_the_format(files, capsys, command):
    other = files["tmp"] / "scene.json"
    other.write_text(json.dumps({"format": "armada-scene/1", "ships": []}))
    argv = (["run", "--source", files["frames"], "--no-log", "--exit-after", "0"]
            if command == "run" else ["analyze", files["image"]])
    assert _error(capsys, [*argv, "--table", other]) == (
        f"{other}: format: expected 'armada-table/1', got 'armada-scene/1'")


def test_run_names_the_background_option_of_a_bad_empty_table(files, capsys):
    argv = ["run", "--source", files["frames"], "--no-log", "--exit-after", "0"]
    folder, image = files["folder"], files["image"]
    assert _error(capsys, [*argv, "--background", folder]) == (
        f"{folder}: --background: is a folder, not an image")
    other = files["tmp"] / "other.png"
    cv2.imwrite(str(other), np.full((45, 80, 3), 60, np.uint8))
    assert _error(capsys, [*argv, "--background", image, other]) == (
        f"{other}: --background: is 80x45, {image} 160x90")


def test_a_source_that_does_not_exist_says_what_a_source_can_be(files, capsys):
    missing = files["tmp"] / "game.mp4"
    assert _error(capsys, ["run", "--source", missing, "--no-log", "--exit-after", "0"]) == (
        f"{missing}: --source: no such file or folder; expected a webcam index (0, 1, ...), a "
        "video or image file, a folder of images or an http:// or rtsp:// URL")


def test_outputs_that_cannot_be_written_are_refused_before_the_work(files, capsys):
    folder, tmp = files["folder"], files["tmp"]
    # the board is never looked for in the frames: the --out folder is refused first
    assert _error(capsys, ["calibrate", "camera", "--source", files["frames"], "--out",
                           folder]) == f"{folder}: --out: is a folder: give a file name such as camera.json"
    nowhere = tmp / "no-such-folder" / "table.json"
    assert _error(capsys, ["calibrate", "table", "--source", files["image"], "--out",
                           nowhere]) == (f"{nowhere}: --out: cannot write here: the folder "
                                         f"{nowhere.parent} does not exist")
    assert _error(capsys, ["markers", "--out", files["image"]]) == (
        f"{files['image']}: --out: is a file, not a folder: give the folder to write into")
    assert not list(tmp.glob("*.pdf"))
    log = tmp / "games.sqlite"
    from armada_vision.gamelog import GameLog

    with GameLog(log) as g:
        g.new_game("")
    assert _error(capsys, ["export", log, "--html", folder]) == (
        f"{folder}: --html: is a folder: give a file name such as game.html")


def test_an_older_table_file_takes_its_play_area_from_layout(files, capsys):
    # such a file has no layout of its own: --layout gives it (with a newer file it is refused)
    assert main(["analyze", str(files["image"]), "--table", str(files["bare"]), "--layout", "3x3",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["play_area_mm"] == [914.4, 914.4]
