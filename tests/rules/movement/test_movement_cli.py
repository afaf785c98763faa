"""`armada-vision move` prints the DESIGN.md move object; an illegal yaw names the chart."""

import json

from armada_vision.cli import main

DESIGN_KEYS = {"ship", "executed_speed", "x_mm", "y_mm", "heading_deg", "overlapped_ships",
               "damage_to", "displaced_squadrons", "obstacles_overlapped", "destroyed"}


def _scene(tmp_path):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps({
        "format": "armada-scene/1", "play_area_mm": [1828.8, 914.4],
        "ships": [{"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1,
                   "x_mm": 420.0, "y_mm": 180.0, "heading_deg": 90.0, "speed": 2}],
        "squadrons": [{"id": "tie-1", "squadron_class": "tie-fighter-squadron", "player": 1,
                       "x_mm": 420.0, "y_mm": 320.0}],
    }))
    return path


def test_move_cli_prints_the_design_keys(tmp_path, capsys):
    rc = main(["move", str(_scene(tmp_path)), "--ship", "vsd-1", "--speed", "2", "--yaw", "0,1",
               "--json"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert DESIGN_KEYS <= set(out)
    assert out["ship"] == "vsd-1" and out["executed_speed"] == 2
    assert out["heading_deg"] == 112.5                      # 90 + one click to port
    assert out["displaced_squadrons"] == ["tie-1"]          # the TIE sat 2 steps ahead
    assert out["destroyed"] is False


def test_move_cli_refuses_an_illegal_yaw_in_one_line_naming_the_chart(tmp_path, capsys):
    rc = main(["move", str(_scene(tmp_path)), "--ship", "vsd-1", "--speed", "2", "--yaw", "1,1",
               "--json"])
    err = capsys.readouterr().err
    assert rc == 2
    assert err.strip().count("\n") == 0
    # Named by the id the user typed and its class, whose chart it is.
    assert err == ("armada-vision: error: vsd-1 (victory-ii-star-destroyer) speed chart allows at "
                   "speed 2 yaw up to [0, 1], got [1, 1]\n")


def test_move_cli_unknown_ship_is_one_line(tmp_path, capsys):
    rc = main(["move", str(_scene(tmp_path)), "--ship", "nope", "--speed", "1", "--yaw", "0"])
    assert rc == 2 and "nope" in capsys.readouterr().err


def test_a_side_the_rules_overrule_is_named_not_dropped(tmp_path, capsys):
    # a newcomer's `--side right` printed "tool left" without a word (RRG p.17: the ship would
    # overlap the tool on the right, so the tool goes on the left)
    args = ["move", str(_scene(tmp_path)), "--ship", "vsd-1", "--speed", "1", "--yaw", "1",
            "--json"]
    assert main([*args, "--side", "right"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["side"] == "left"
    assert ("armada-vision: note: --side right: the tool went on the left: on the right the "
            "ship would overlap the maneuver tool") in captured.err
    assert main([*args, "--side", "left"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["side"] == "left" and "--side" not in captured.err


def test_a_side_at_speed_0_is_named_as_unused(tmp_path, capsys):
    # `--speed 0 --side left` ignored --side without a word (a breaker pass)
    assert main(["move", str(_scene(tmp_path)), "--ship", "vsd-1", "--speed", "0", "--yaw", "",
                 "--side", "left", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["side"] is None
    assert "armada-vision: note: --side left: a speed-0 maneuver inserts no tool" in captured.err


def test_a_speed_other_than_the_dial_without_navigate_is_named(tmp_path, capsys):
    # a newcomer's `--speed 1` on a ship whose scene dial was 3 ran without a word, while the
    # same with `--navigate dial` was refused
    args = ["move", str(_scene(tmp_path)), "--ship", "vsd-1", "--yaw", "0", "--json"]
    assert main([*args, "--speed", "1"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["executed_speed"] == 1          # moved as asked
    assert ("armada-vision: note: --speed 1: the scene's speed dial for 'vsd-1' is 2; changing "
            "it by 1 needs --navigate dial or token") in captured.err
    assert main([*args[:-3], "--yaw", "0,0", "--json", "--speed", "2"]) == 0
    assert "speed dial" not in capsys.readouterr().err
    assert main([*args, "--speed", "1", "--navigate", "dial"]) == 0
    assert "speed dial" not in capsys.readouterr().err


def test_a_scene_without_a_speed_dial_gets_no_speed_note(tmp_path, capsys):
    # `analyze --json` writes speed 0 for every ship (no dial seen): a breaker was told the
    # dial was 0 and a change of 2 needed dial+token
    path = _scene(tmp_path)
    data = json.loads(path.read_text())
    del data["ships"][0]["speed"]
    path.write_text(json.dumps(data))
    assert main(["move", str(path), "--ship", "vsd-1", "--speed", "2", "--yaw", "0,0",
                 "--json"]) == 0
    assert "speed dial" not in capsys.readouterr().err
