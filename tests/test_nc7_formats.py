"""Polish 5: a Scene or roster ``"format"`` is read by its exact name and version, and a heading
is an angle. Before, any format starting with the name passed ("armada-scene/20",
"armada-scene/2x", "armada-roster/1.5"), and ``heading_deg`` 1e300 was read as
``1e300 % 360`` (a number with no meaning), 5 as a confidence of 500 %."""

import json

import pytest

from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.scene import scene_from_dict
from armada_vision.vision.detect import roster_from_dict

SHIP = {"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1,
        "x_mm": 400.0, "y_mm": 200.0, "heading_deg": 90.0}
OBSTACLE = {"id": "a-1", "obstacle": "asteroid-field-1", "x_mm": 900.0, "y_mm": 460.0}


@pytest.mark.parametrize("fmt, message", [
    ("armada-scene/2x", "s.json: format: expected 'armada-scene/1', got 'armada-scene/2x'"),
    ("armada-scene/1.5", "s.json: format: expected 'armada-scene/1', got 'armada-scene/1.5'"),
    ("armada-scene/1 ", "s.json: format: expected 'armada-scene/1', got 'armada-scene/1 '"),
    ("armada-scene", "s.json: format: expected 'armada-scene/1', got 'armada-scene'"),
    ("armada-roster/1", "s.json: format: expected 'armada-scene/1', got 'armada-roster/1'"),
    (1, "s.json: format: expected 'armada-scene/1', got 1"),
    ("armada-scene/2", "s.json: format: 'armada-scene/2' is a later version than this "
     "armada-vision reads ('armada-scene/1'): update armada-vision"),
    ("armada-scene/20", "s.json: format: 'armada-scene/20' is a later version than this "
     "armada-vision reads ('armada-scene/1'): update armada-vision"),
])
def test_a_scene_of_another_format_or_version_is_refused_naming_the_field(fmt, message):
    with pytest.raises(InputError) as err:
        scene_from_dict({"format": fmt, "ships": [SHIP]}, "s.json")
    assert str(err.value) == message


@pytest.mark.parametrize("fmt, message", [
    ("armada-roster/10", "r.json: format: 'armada-roster/10' is a later version than this "
     "armada-vision reads ('armada-roster/1'): update armada-vision"),
    ("armada-roster/1x", "r.json: format: expected 'armada-roster/1', got 'armada-roster/1x'"),
    ("armada-roster/0", "r.json: format: expected 'armada-roster/1', got 'armada-roster/0'"),
])
def test_a_roster_of_another_version_is_refused_naming_the_field(fmt, message):
    with pytest.raises(InputError) as err:
        roster_from_dict({"format": fmt, "ships": []}, "r.json")
    assert str(err.value) == message


def test_the_known_version_and_files_without_format_are_read():
    # Files written before "format" was required stay readable (DESIGN.md: keep old forms).
    assert scene_from_dict({"format": "armada-scene/1", "ships": [SHIP]}).ships[0].id == "vsd-1"
    assert scene_from_dict({"ships": [SHIP]}).ships[0].id == "vsd-1"
    assert roster_from_dict({"ships": []}).ships == []
    assert roster_from_dict({"format": "armada-roster/1", "ships": []}).ships == []


@pytest.mark.parametrize("key, value, message", [
    ("ships", 1e300, "s.json: ships[0].heading_deg: 1e+300 deg is not a heading "
     "(expected -3600..3600, read modulo 360)"),
    ("ships", -3600.5, "s.json: ships[0].heading_deg: -3600.5 deg is not a heading "
     "(expected -3600..3600, read modulo 360)"),
    ("obstacles", 1e20, "s.json: obstacles[0].heading_deg: 1e+20 deg is not a heading "
     "(expected -3600..3600, read modulo 360)"),
])
def test_a_heading_beyond_ten_turns_is_refused(key, value, message):
    piece = dict(SHIP if key == "ships" else OBSTACLE, heading_deg=value)
    with pytest.raises(InputError) as err:
        scene_from_dict({key: [piece]}, "s.json")
    assert str(err.value) == message


@pytest.mark.parametrize("value, read", [
    (-90.0, 270.0), (450.0, 90.0), (3600.0, 0.0), (-3599.5, 0.5), (359.75, 359.75),
    (-1e-20, 0.0),  # -1e-20 % 360.0 == 360.0 in floating point: outside [0, 360)
])
def test_a_heading_within_ten_turns_is_read_into_0_to_360(value, read):
    scene = scene_from_dict({"ships": [dict(SHIP, heading_deg=value)],
                             "obstacles": [dict(OBSTACLE, heading_deg=value)]})
    assert scene.ships[0].heading_deg == read
    assert scene.obstacles[0].heading_deg == read
    assert 0.0 <= scene.ships[0].heading_deg < 360.0


@pytest.mark.parametrize("value", [1.5, -0.1, 100])
def test_a_confidence_outside_0_to_1_is_refused(value):
    with pytest.raises(InputError) as err:
        scene_from_dict({"squadrons": [{"id": "t", "squadron_class": "tie-fighter-squadron",
                                        "player": 1, "x_mm": 1.0, "y_mm": 1.0,
                                        "confidence": value}]}, "s.json")
    assert str(err.value) == f"s.json: squadrons[0].confidence: expected 0..1, got {value:g}"


def test_check_refuses_a_later_scene_version_in_one_line(tmp_path, capsys):
    path = tmp_path / "later.json"
    path.write_text(json.dumps({"format": "armada-scene/2", "ships": [SHIP]}))
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"armada-vision: error: {path}: format: 'armada-scene/2' is a later version "
                   "than this armada-vision reads ('armada-scene/1'): update armada-vision\n")
