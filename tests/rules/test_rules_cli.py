"""`armada-vision check` (DESIGN.md command table and ``check`` object)."""

import json

from armada_vision.cli import main

DESIGN_KEYS = {"attacker", "attacking_zone", "defender", "defending_zone", "in_arc", "range_mm",
               "range_band", "distance_band", "line_of_sight", "blocked_by_zone", "obstructed",
               "obstructed_by", "dice", "valid", "margin_mm"}

SCENE = {
    "format": "armada-scene/1",
    "ships": [
        {"id": "vsd", "ship_class": "victory-ii-star-destroyer", "player": 1, "x_mm": 400,
         "y_mm": 400, "heading_deg": 0},
        {"id": "cr90", "ship_class": "cr90-corvette-a", "player": 2, "x_mm": 560, "y_mm": 420,
         "heading_deg": 180},
        {"id": "ghost", "ship_class": None, "size_class": "small", "player": 2, "x_mm": 900,
         "y_mm": 400, "heading_deg": 0},
    ],
    "squadrons": [{"id": "xw", "squadron_class": "x-wing-squadron", "player": 2, "x_mm": 470,
                   "y_mm": 500}],
    "obstacles": [],
}


def test_check_json_prints_exactly_the_design_keys(tmp_path, capsys):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SCENE))
    assert main(["check", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    rows = json.loads(out)
    assert len(rows) == 4 * 5 + 4 * 4 + 4   # vsd zones -> cr90 zones + xw; cr90 zones, xw -> vsd
    for row in rows:
        assert set(row) == DESIGN_KEYS
        assert set(row["dice"]) == {"red", "blue", "black"}
    assert "ghost" in err and "skipped" in err          # unknown class: a note, not a crash
    assert any(r["valid"] for r in rows)


def test_check_table_is_readable(tmp_path, capsys):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SCENE))
    assert main(["check", str(path), "--ruleset", "rrg-1.5"]) == 0
    out = capsys.readouterr().out
    assert "ruleset rrg-1.5" in out and "vsd:front" in out and "cr90:" in out


def test_bad_scene_is_one_line_naming_file_and_field(tmp_path, capsys):
    bad = dict(SCENE, ships=[dict(SCENE["ships"][0], ship_class="star-dreadnought-x")])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    assert main(["check", str(path), "--json"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "bad.json" in err and "ships[0].ship_class" in err and "star-dreadnought-x" in err


def test_unknown_ruleset_is_an_error(tmp_path, capsys):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SCENE))
    assert main(["check", str(path), "--ruleset", "rrg-9"]) == 2
    assert "rrg-1.6" in capsys.readouterr().err
