"""Polish 5: command-line refusals name what the user typed. ``calibrate table --corners`` with
corners out of order said ``corners:`` (the window's word, "clicked"), not ``--corners:``;
``move --ship`` named the ship's class in a speed-chart refusal rather than the id given, and
said "no ship 'tie-1'" for a squadron or an obstacle without saying what it was."""

import json

import cv2
import numpy as np
import pytest

from armada_vision.cli import main

SCENE = {"format": "armada-scene/1", "ships": [
    {"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1,
     "x_mm": 400.0, "y_mm": 300.0, "heading_deg": 90.0, "speed": 2}],
    "squadrons": [{"id": "tie-1", "squadron_class": "tie-fighter-squadron", "player": 1,
                   "x_mm": 900.0, "y_mm": 200.0}],
    "obstacles": [{"id": "rock-1", "obstacle": "asteroid-field-1", "x_mm": 1200.0, "y_mm": 500.0}]}


@pytest.mark.parametrize("corners, message", [
    # 2 and 3 swapped: the outline crosses itself
    ("10,470;630,470;10,10;630,10", "the 4 corners must form a convex quadrilateral, given in "
     "order around the play area"),
    # player 1's left, then player 2's left...: the table's mirror image
    ("10,470;10,10;630,10;630,470", "the corners run clockwise in the picture (or it is "
     "mirrored): give player 1's left corner, then player 1's right, then the other two, "
     "going counter-clockwise as seen from above"),
])
def test_corners_out_of_order_are_refused_naming_the_option(tmp_path, capsys, corners, message):
    photo, out = tmp_path / "photo.png", tmp_path / "table.json"
    cv2.imwrite(str(photo), np.full((480, 640, 3), 90, np.uint8))
    assert main(["calibrate", "table", "--source", str(photo), "--out", str(out),
                 "--corners", corners]) == 2
    assert capsys.readouterr().err == f"armada-vision: error: --corners: {message}\n"
    assert not out.exists()


@pytest.fixture
def scene(tmp_path):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SCENE))
    return str(path)


@pytest.mark.parametrize("argv, message", [
    (["--ship", "vsd-1", "--speed", "3", "--yaw", "0,0,0"],
     "vsd-1 (victory-ii-star-destroyer) speed chart allows speed 0..2, got 3"),
    (["--ship", "vsd-1", "--speed", "1", "--yaw", "0,0"],
     "vsd-1 (victory-ii-star-destroyer) at speed 1 needs one yaw value, got [0, 0]"),
    (["--ship", "tie-1", "--speed", "1", "--yaw", "0"],
     "--ship: 'tie-1' is a squadron: the maneuver tool moves ships; a squadron moves up to its "
     "speed in distance (RRG 'Squadron Movement'): put it where it ends in the scene"),
    (["--ship", "rock-1", "--speed", "1", "--yaw", "0"],
     "--ship: 'rock-1' is an obstacle, not a ship"),
    (["--ship", "vsd1", "--speed", "1", "--yaw", "0"],
     "--ship: no ship 'vsd1' in the scene (its ships: vsd-1)"),
])
def test_move_names_the_ship_given_and_what_a_wrong_id_is(scene, capsys, argv, message):
    assert main(["move", scene, *argv]) == 2
    assert capsys.readouterr().err == f"armada-vision: error: {message}\n"


def test_move_in_a_scene_without_ships_says_so(tmp_path, capsys):
    path = tmp_path / "empty.json"
    path.write_text(json.dumps({"format": "armada-scene/1"}))
    assert main(["move", str(path), "--ship", "vsd-1", "--speed", "1", "--yaw", "0"]) == 2
    assert capsys.readouterr().err == ("armada-vision: error: --ship: no ship 'vsd-1' in the "
                                       "scene (it has no ships)\n")
