"""Scene fields a hand-written or damaged file gets wrong: one line naming the field, no
traceback, no warning from shapely, and no string read as a boolean."""

import json
import warnings

import pytest

from armada_vision.cli import main
from armada_vision.errors import InputError
from armada_vision.scene import scene_from_dict

OBSTACLE = {"id": "debris", "obstacle": None, "x_mm": 900.0, "y_mm": 460.0}
SHIP = {"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1,
        "x_mm": 420.0, "y_mm": 180.0, "heading_deg": 90.0}


def _scene(ship=None, obstacle=None):
    return {"format": "armada-scene/1", "ships": [ship] if ship else [],
            "obstacles": [obstacle] if obstacle else []}


@pytest.mark.parametrize("outline, message", [
    ([[0, 0], [100, 0], [float("nan"), 50]], r"point 2 .* not a finite table position"),
    ([[0, 0], [100, 0], [float("inf"), 50]], r"point 2 .* not a finite table position"),
    ([[0, 0], [1e6, 0], [0, 50]], r"point 1 .*\(at most 10000 mm\)"),
    ([[0, 0], [100, 0]], r"expected at least 3 \[x_mm, y_mm\] points, got 2"),
    ("abc", r"expected a list of \[x_mm, y_mm\] points"),
])
def test_an_obstacle_outline_that_is_no_polygon_on_a_table_is_refused(outline, message):
    bad = {**OBSTACLE, "outline_mm": outline}
    with pytest.raises(InputError, match=r"s.json: obstacles\[0\].outline_mm: " + message):
        scene_from_dict(_scene(obstacle=bad), "s.json")


def test_a_triangle_outline_is_kept_point_for_point():
    tri = [[800.0, 400.0], [1000.0, 400.0], [900.0, 520.0]]
    scene = scene_from_dict(_scene(obstacle={**OBSTACLE, "outline_mm": tri}))
    assert scene.obstacles[0].outline_mm == tuple(tuple(p) for p in tri)


@pytest.mark.parametrize("piece, key", [("ship", "bow_known"), ("obstacle", "flipped")])
@pytest.mark.parametrize("value", ["false", 0, None])
def test_a_flag_that_is_not_true_or_false_is_refused(piece, key, value):
    # bool("false") is True: a ship marked "bow_known": "false" used to count as a known bow
    data = _scene(ship={**SHIP, key: value}) if piece == "ship" else \
        _scene(obstacle={**OBSTACLE, "obstacle": "asteroid-field-1", key: value})
    where = "ships" if piece == "ship" else "obstacles"
    with pytest.raises(InputError, match=rf"{where}\[0\]\.{key}: expected true or false, got "):
        scene_from_dict(data, "s.json")


def test_flags_given_as_json_booleans_are_read():
    scene = scene_from_dict(_scene(ship={**SHIP, "bow_known": False},
                                   obstacle={**OBSTACLE, "obstacle": "asteroid-field-1",
                                             "flipped": True}))
    assert scene.ships[0].bow_known is False
    assert scene.obstacles[0].flipped is True


def test_check_on_a_nan_outline_is_one_line_and_no_shapely_warning(tmp_path, capsys):
    path = tmp_path / "nan.json"
    bad = {**OBSTACLE, "outline_mm": [[0, 0], [100, 0], [float("nan"), 50]]}
    path.write_text(json.dumps(_scene(ship=SHIP, obstacle=bad)))  # json writes NaN
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("armada-vision: error: ") and "\n" not in err
    assert "obstacles[0].outline_mm: point 2" in err


@pytest.mark.parametrize("pid", ["", "  "])
def test_an_empty_piece_id_is_refused(pid):
    # check printed its rows as ":front" and move --ship could not name the ship
    with pytest.raises(InputError, match=r"s.json: ships\[0\]\.id: expected a piece id, got an "
                                         r"empty string"):
        scene_from_dict(_scene(ship={**SHIP, "id": pid}), "s.json")
