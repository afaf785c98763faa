"""Polish 5: bad inputs tried across the commands and files (about 90: scene, roster, layout,
game-log rows, every command's options). These ended in a traceback, were taken as something
else, or said something vague; each now gives one line naming the option or file and field.

- export: an event time or game start that is not a number (SQLite keeps a text written into
  a REAL column) ended in ``TypeError`` from ``datetime.fromtimestamp``;
- ``check FOLDER``: "cannot read: Is a directory";
- ``--source ""`` (run, calibrate): read as the current folder, "no images found";
- ``demo --sample-frames 0`` rendered the whole sample, ``-5`` about 11 frames;
- ``move --speed 0 --yaw 0``: "at speed 0 needs 0 yaw values (one per joint)";
- a table layout with a marker turned 1e300 deg, placed 1e300 mm away, or on top of another
  marker was taken (the last gives a fit of nonsense).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.gamelog import GameLog
from armada_vision.ui.capture import parse_source
from armada_vision.vision.calibration import DEFAULT_LAYOUTS, load_layout
from armada_vision.vision.detect import load_roster

SCENE = {"format": "armada-scene/1", "ships": [
    {"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1, "x_mm": 900.0,
     "y_mm": 300.0, "heading_deg": 90.0}]}


@pytest.mark.parametrize("column, value", [("t", "'12:00'"), ("t", "1e300"),
                                           ("created_at", "'yesterday'")])
def test_export_writes_a_question_mark_for_a_time_that_is_not_one(tmp_path, capsys, column,
                                                                    value):
    path, out = tmp_path / "games.sqlite", tmp_path / "game.html"
    with GameLog(path) as log:
        log.new_game("night 1")
        log.append({"type": "note", "text": "setup"}, scene_json=SCENE)
    db = sqlite3.connect(path)
    db.execute(f"UPDATE {'events' if column == 't' else 'games'} SET {column}={value}")
    db.commit()
    db.close()
    assert main(["export", str(path), "--html", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    if column == "t":
        assert '<span class="t">?</span>' in html
    else:
        assert "Started ?;" in html
    err = capsys.readouterr().err
    assert err.startswith(f"wrote {out} (") and err.count("\n") == 1


def test_a_folder_given_as_a_scene_or_roster_is_named_so(tmp_path, capsys):
    assert main(["check", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (f"armada-vision: error: {tmp_path}: is a folder, not a "
                                       "scene file\n")
    with pytest.raises(InputError) as err:
        load_roster(tmp_path)
    assert str(err.value) == f"{tmp_path}: is a folder, not a roster file"


@pytest.mark.parametrize("argv, message", [
    (["calibrate", "table", "--source", "", "--out", "T"], "--source: empty; expected a webcam "
     "index (0, 1, ...), a video file, a folder of photos or one photo"),
    (["calibrate", "camera", "--source", " ", "--out", "C"], "--source: empty; expected a webcam "
     "index (0, 1, ...), a video file, a folder of photos or one photo"),
    (["demo", "--sample-frames", "0", "--no-log", "--exit-after", "0"],
     "--sample-frames: expected 1 or more frames, got 0"),
    (["demo", "--sample-frames", "-5", "--no-log", "--exit-after", "0"],
     "--sample-frames: expected 1 or more frames, got -5"),
])
def test_an_empty_source_or_no_frames_is_refused_in_one_line(tmp_path, capsys, argv, message):
    argv = [str(tmp_path / a) if a in ("T", "C") else a for a in argv]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"armada-vision: error: {message}\n"
    assert list(tmp_path.iterdir()) == []


def test_the_window_refuses_an_empty_source_rather_than_the_current_folder():
    with pytest.raises(InputError) as err:
        parse_source("")
    assert str(err.value) == ("--source: empty; expected a webcam index (0, 1, ...), a video or "
                              "image file, a folder of images or an http:// or rtsp:// URL")


def test_move_at_speed_0_with_yaw_values_says_the_ship_does_not_move(tmp_path, capsys):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SCENE))
    assert main(["move", str(path), "--ship", "vsd-1", "--speed", "0", "--yaw", "0"]) == 2
    assert capsys.readouterr().err == ("armada-vision: error: vsd-1 (victory-ii-star-destroyer) "
                                       "at speed 0 does not move: give no yaw values, got [0]\n")
    assert main(["move", str(path), "--ship", "vsd-1", "--speed", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["executed_speed"] == 0


def _layout(tmp_path, edit):
    data = json.loads(DEFAULT_LAYOUTS["6x3"].read_text())
    edit(data["markers"])
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("edit, message", [
    (lambda m: m[0].update(rotation_deg=1e300),
     "markers[0].rotation_deg: 1e+300 deg is not a rotation (expected -3600..3600)"),
    (lambda m: m[2].update(center_mm=[1e300, 0.0]),
     "markers[2].center_mm: expected a position on the table, within 10000 mm of its corner"),
    (lambda m: m[1].update(size_mm=1e9),
     "markers[1].size_mm: expected a positive length of at most 10000 mm"),
    (lambda m: m[3].update(center_mm=[m[0]["center_mm"][0] + 40.0, m[0]["center_mm"][1]]),
     "markers[3].center_mm: overlaps marker 0 (centres 40 mm apart, sides 70 and 70 mm)"),
])
def test_a_layout_marker_off_any_table_or_on_another_is_refused(tmp_path, edit, message):
    path = _layout(tmp_path, edit)
    with pytest.raises(InputError) as err:
        load_layout(path)
    assert str(err.value) == f"{path}: {message}"


def test_markers_side_by_side_and_turned_within_ten_turns_are_kept(tmp_path):
    def edit(m):
        m[0]["rotation_deg"] = -720.0
        m[3]["center_mm"] = [m[0]["center_mm"][0] + 70.0, m[0]["center_mm"][1]]  # edge to edge
    layout = load_layout(_layout(tmp_path, edit))
    assert layout.markers[0].rotation_deg == -720.0
    assert layout.markers[3].center_mm[0] - layout.markers[0].center_mm[0] == 70.0


@pytest.mark.parametrize("old, new, message", [
    ("front = [39.35, 0.0]", "front = [393.5, 0.0]",
     "targeting_points.front: [393.5, 0] is off the 58.5 x 101.5 mm token"),
    ("rear_left = [[3.4, 0.0], [-29.89, 29.25]]", "rear_left = [[3.4, 0.0], [-29.89, 292.5]]",
     "arc_lines.rear_left: [-29.89, 292.5] is off the 58.5 x 101.5 mm token"),
])
def test_a_ship_point_off_its_token_is_refused(tmp_path, old, new, message):
    # A typo'd targeting point measured range and line of sight from off the ship, unnamed.
    from armada_vision.catalog import get_catalog

    src = Path(__file__).resolve().parents[1] / "models" / "ships" / "victory-ii-star-destroyer.toml"
    text = src.read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "ships").mkdir()
    path = tmp_path / "ships" / "my-vsd.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(InputError) as err:
        get_catalog(str(tmp_path))
    assert str(err.value) == (f"{path}: {message} (token frame: origin at its centre, +x to "
                              "the bow)")


def _lens(tmp_path, **changes):
    from armada_vision.vision.camera import TableCamera
    from armada_vision.vision.synth.demo import camera_to_json

    data = camera_to_json(TableCamera.looking_down((640, 480)))
    del data["rvec"], data["tvec"]          # what 'calibrate camera' writes
    for key, value in changes.items():
        if key == "cx":
            data["camera_matrix"][0][2] = value
        else:
            data[key] = value
    path = tmp_path / "camera.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("changes, message", [
    # solvePnP raised cv2.error (a traceback) on a lens that maps nothing sensibly
    ({"dist_coeffs": [1e200, 0, 0, 0, 0]}, "no camera pose maps the table onto these points "
     "with this lens: check camera_matrix and dist_coeffs, or calibrate the camera again"),
    ({"cx": 50000.0}, "camera_matrix: the principal point (50000, 240) px is outside the "
     "640x480 px picture"),
    ({"rms_px": -1}, "rms_px: expected an error of 0 px or more, got -1"),
])
def test_a_lens_file_edited_into_nonsense_is_refused_in_one_line(tmp_path, capsys, changes,
                                                                 message):
    import cv2
    import numpy as np

    photo, out = tmp_path / "photo.png", tmp_path / "table.json"
    cv2.imwrite(str(photo), np.full((480, 640, 3), 90, np.uint8))
    lens = _lens(tmp_path, **changes)
    assert main(["calibrate", "table", "--source", str(photo), "--camera", str(lens),
                 "--corners", "10,470;630,470;630,10;10,10", "--out", str(out)]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"armada-vision: error: {lens}: {message}"
    assert not out.exists()


@pytest.mark.parametrize("ship, message", [
    # an empty id cannot be named anywhere (the scene reader refuses it too); it was taken
    ({"id": " ", "player": 1}, "ships[0].id: expected a piece id, got ' '"),
    ({"player": 1}, "ships[0].id: missing (required)"),
    ({"id": "a"}, "ships[0].player: missing (required)"),    # said "expected 1 or 2, got None"
    ({"id": "a", "player": True}, "ships[0].player: expected 1 or 2, got True"),  # was player 1
])
def test_a_roster_ship_without_a_usable_id_or_player_is_refused(ship, message):
    from armada_vision.vision.detect import roster_from_dict

    with pytest.raises(InputError) as err:
        roster_from_dict({"ships": [{"ship_class": "victory-ii-star-destroyer", **ship}]},
                         "r.json")
    assert str(err.value) == f"r.json: {message}"


@pytest.mark.parametrize("argv, message", [
    (["--table", "T.json", "--camera", "C.json"], "--table: give either --table (the file has "
     "its camera and layout) or --camera with --layout"),    # said "give --camera and --layout"
    (["--layout", "6x3"], "--layout: --layout needs --camera (a --table file holds its own "
     "camera and layout: give it alone)"),
    (["--source", "rtsp://"], "rtsp://: --source: a stream address needs a host, e.g. "
     "rtsp://192.168.1.20:8554/cam"),                         # the window waited on it
])
def test_run_names_the_calibration_option_or_source_that_does_not_fit(capsys, argv, message):
    argv = ["run", "--no-log", "--exit-after", "0", *argv]
    if "--source" not in argv:
        argv += ["--source", "0"]
    assert main(argv) == 2
    assert capsys.readouterr().err == f"armada-vision: error: {message}\n"


def test_a_fleet_list_line_of_zero_pieces_is_listed_as_not_taken():
    from armada_vision.catalog import get_catalog
    from armada_vision.ui.fleet_list import parse_fleet_list

    entries, unmatched = parse_fleet_list("0 x TIE Fighter Squadron (8)\n"
                                          "2 x TIE Fighter Squadron (16)", get_catalog())
    assert [(e.class_id, e.count) for e in entries] == [("tie-fighter-squadron", 2)]
    assert unmatched == ["0 x TIE Fighter Squadron (8)"]   # was an entry of count 0
