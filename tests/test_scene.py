import json

import pytest

from armada_vision.errors import InputError
from armada_vision.scene import load_scene, scene_from_dict, scene_to_dict

DESIGN_EXAMPLE = {
    "format": "armada-scene/1",
    "play_area_mm": [1828.8, 914.4],
    "ships": [{"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1,
               "x_mm": 420.0, "y_mm": 180.0, "heading_deg": 90.0, "speed": 2}],
    "squadrons": [{"id": "tie-1", "squadron_class": "tie-fighter-squadron", "player": 1,
                   "x_mm": 500.0, "y_mm": 230.0}],
    "obstacles": [{"id": "asteroid-1", "obstacle": "asteroid-field-1", "x_mm": 900.0,
                   "y_mm": 460.0, "heading_deg": 30.0}],
    "future_key": {"kept": True},
}


def test_design_example_round_trips_and_keeps_unknown_keys():
    scene = scene_from_dict(DESIGN_EXAMPLE)
    assert scene.ship("vsd-1").speed == 2
    assert scene.squadron("tie-1").x_mm == 500.0
    assert scene_to_dict(scene) == DESIGN_EXAMPLE


def test_bad_field_is_named(tmp_path):
    data = json.loads(json.dumps(DESIGN_EXAMPLE))
    data["ships"][0]["x_mm"] = "left"
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(data))
    with pytest.raises(InputError, match=r"bad.json: ships\[0\].x_mm: expected a number"):
        load_scene(p)


def test_not_json_is_named(tmp_path):
    p = tmp_path / "s.json"
    p.write_text("{")
    with pytest.raises(InputError, match="s.json: not valid JSON"):
        load_scene(p)


def test_coordinate_far_off_any_table_is_named(tmp_path):
    data = json.loads(json.dumps(DESIGN_EXAMPLE))
    data["squadrons"][0]["y_mm"] = 1e308
    p = tmp_path / "far.json"
    p.write_text(json.dumps(data))
    with pytest.raises(InputError, match=r"far.json: squadrons\[0\].y_mm: .*not on any table"):
        load_scene(p)
