"""The command line shows what the rules core measures: `check --setup` the setup rules (RRG
p.16, armada-rules.md 1.8) and `move` the maneuver's margin (DESIGN.md honesty).

Bundled ruler: distance 3 = 185 mm. test-rock is a 20 x 20 mm square (tests/rules/conftest.py).
"""

import json

import pytest

from armada_vision.cli import main


def _write(tmp_path, data):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps({"format": "armada-scene/1", "play_area_mm": [1828.8, 914.4],
                                **data}))
    return str(path)


def _rocks(tmp_path):
    # r1's near edge is 185.5 mm from the table edge (beyond distance 3 by 0.5 mm); r2's 180 mm
    # (at distance 3, 5 mm short: RRG p.16 "beyond distance 3 of the edges")
    return _write(tmp_path, {"obstacles": [
        {"id": "r1", "obstacle": "test-rock", "x_mm": 900.0, "y_mm": 195.5, "heading_deg": 0.0},
        {"id": "r2", "obstacle": "test-rock", "x_mm": 1300.0, "y_mm": 190.0, "heading_deg": 0.0}]})


def test_check_setup_json_lists_each_rule_with_distance_and_margin(tmp_path, capsys, box_catalog):
    models = str(box_catalog.roots[-1])
    rc = main(["check", _rocks(tmp_path), "--setup", "--json", "--models", models])
    rows = json.loads(capsys.readouterr().out)
    assert rc == 0
    by = {(r["piece"], r["rule"]): r for r in rows}
    assert set(by) == {(p, rule) for p in ("r1", "r2") for rule in (
        "obstacle-in-setup-area", "obstacle-beyond-distance-3-of-edges",
        "obstacle-beyond-distance-1-of-obstacles")}
    edge1 = by[("r1", "obstacle-beyond-distance-3-of-edges")]
    edge2 = by[("r2", "obstacle-beyond-distance-3-of-edges")]
    assert edge1 == {"piece": "r1", "rule": "obstacle-beyond-distance-3-of-edges", "ok": True,
                     "distance_mm": 185.5, "margin_mm": 0.5}
    assert (edge2["ok"], edge2["distance_mm"], edge2["margin_mm"]) == (False, 180.0, 5.0)
    # the two rocks are 380 mm apart: beyond distance 1 of each other (76 mm), margin 304 mm
    near = by[("r1", "obstacle-beyond-distance-1-of-obstacles")]
    assert (near["ok"], near["distance_mm"], near["margin_mm"]) == (True, 380.0, 304.0)


def test_check_setup_table_counts_the_broken_rules(tmp_path, capsys, box_catalog):
    rc = main(["check", _rocks(tmp_path), "--setup", "--models", str(box_catalog.roots[-1])])
    out = capsys.readouterr().out.splitlines()
    assert rc == 0
    assert out[0] == "setup (RRG p.16): 6 rules checked, 1 broken"
    broken = [line for line in out if " NO " in line]
    assert len(broken) == 1 and broken[0].split()[:2] == ["r2", "obstacle-beyond-distance-3-of-edges"]
    assert broken[0].split()[3:] == ["180.0", "5.0"]


@pytest.mark.parametrize("flag", ["--attacker=r1", "--valid"])
def test_check_setup_refuses_attack_filters_in_one_line(tmp_path, capsys, box_catalog, flag):
    rc = main(["check", _rocks(tmp_path), "--setup", flag, "--models", str(box_catalog.roots[-1])])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1 and "--setup" in err


def test_check_setup_names_the_pieces_it_could_not_check(tmp_path, capsys, box_catalog):
    # a detected scene (analyze --json) holds ships and squadrons of no known class yet: setup
    # can check only the obstacles, and says which pieces it left out (stderr: the JSON stays clean)
    path = _write(tmp_path, {
        "obstacles": [{"id": "r1", "obstacle": "test-rock", "x_mm": 900.0, "y_mm": 400.0,
                       "heading_deg": 0.0}],
        "ships": [{"id": "ship-1", "ship_class": None, "size_class": "medium", "player": 1,
                   "x_mm": 600.0, "y_mm": 80.0, "heading_deg": 90.0}],
        "squadrons": [{"id": "sq-1", "squadron_class": None, "player": 1, "x_mm": 700.0,
                       "y_mm": 120.0}]})
    rc = main(["check", path, "--setup", "--json", "--models", str(box_catalog.roots[-1])])
    out = capsys.readouterr()
    assert rc == 0
    assert {r["piece"] for r in json.loads(out.out)} == {"r1"}
    assert "note: ship 'ship-1' skipped: its class is not known yet" in out.err
    assert "note: squadron 'sq-1' skipped: its class is not known yet" in out.err


def test_move_prints_the_margin_it_measured(tmp_path, capsys):
    # the VSD moves at speed 2 with a TIE 2 steps ahead (lifted and placed again); the text form
    # ends with the same margin as the JSON object's margin_mm
    scene = _write(tmp_path, {
        "ships": [{"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1,
                   "x_mm": 420.0, "y_mm": 180.0, "heading_deg": 90.0, "speed": 2}],
        "squadrons": [{"id": "tie-1", "squadron_class": "tie-fighter-squadron", "player": 1,
                       "x_mm": 420.0, "y_mm": 320.0}]})
    args = ["move", scene, "--ship", "vsd-1", "--speed", "2", "--yaw", "0,1"]
    assert main([*args, "--json"]) == 0
    margin = json.loads(capsys.readouterr().out)["margin_mm"]
    assert margin is not None and 0.0 < margin < 100.0
    assert main(args) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith(f"  margin: {margin:.1f} mm (")


def test_check_setup_breaks_a_squadron_without_a_friendly_ship(tmp_path, capsys, box_catalog):
    path = _write(tmp_path, {"squadrons": [
        {"id": "q", "squadron_class": "test-sq", "player": 1, "x_mm": 900.0, "y_mm": 150.0}]})
    models = str(box_catalog.roots[-1])
    assert main(["check", path, "--setup", "--json", "--models", models]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"piece": "q", "rule": "squadron-within-distance-2-of-friendly-ship", "ok": False,
            "distance_mm": None, "margin_mm": None} in rows
    assert main(["check", path, "--setup", "--models", models]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "setup (RRG p.16): 2 rules checked, 1 broken"
    assert out[1:3] and out[2].split() == ["q", "squadron-within-distance-2-of-friendly-ship",
                                           "NO", "-", "-", "its", "player", "has", "no", "ship"]

