"""`armada-vision check --valid` filters the --json list as it filters the table."""

import json

from armada_vision.cli import main

DESIGN_KEYS = {"attacker", "attacking_zone", "defender", "defending_zone", "in_arc", "range_mm",
               "range_band", "distance_band", "line_of_sight", "blocked_by_zone", "obstructed",
               "obstructed_by", "dice", "valid", "margin_mm"}

# A Victory II facing +x and a CR90 ahead of it facing back: the VSD's front arc holds the CR90,
# its rear arc does not (RRG "Firing Arc", p.6), so some attacks are valid and some are not.
SCENE = {
    "format": "armada-scene/1",
    "ships": [
        {"id": "vsd", "ship_class": "victory-ii-star-destroyer", "player": 1, "x_mm": 400,
         "y_mm": 400, "heading_deg": 0},
        {"id": "cr90", "ship_class": "cr90-corvette-a", "player": 2, "x_mm": 560, "y_mm": 420,
         "heading_deg": 180},
    ],
    "squadrons": [],
    "obstacles": [],
}


def _rows(tmp_path, capsys, *extra):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SCENE))
    assert main(["check", str(path), "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_valid_json_is_the_valid_part_of_the_full_list(tmp_path, capsys):
    every = _rows(tmp_path, capsys)
    valid = _rows(tmp_path, capsys, "--valid")
    assert valid == [r for r in every if r["valid"]]
    assert 0 < len(valid) < len(every)
    assert all(r["valid"] for r in valid)
    assert all(set(r) == DESIGN_KEYS for r in valid)
    pairs = {(r["attacker"], r["attacking_zone"], r["defender"]) for r in valid}
    assert ("vsd", "front", "cr90") in pairs
    assert ("vsd", "rear", "cr90") not in pairs       # the CR90 is ahead: outside the rear arc


def test_valid_table_and_valid_json_count_the_same_attacks(tmp_path, capsys):
    valid = _rows(tmp_path, capsys, "--valid")
    path = tmp_path / "scene.json"
    assert main(["check", str(path), "--valid"]) == 0
    out = capsys.readouterr().out
    assert f": {len(valid)} attacks" in out.splitlines()[0]
