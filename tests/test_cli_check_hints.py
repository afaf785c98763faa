"""`armada-vision check` on a scene straight from `analyze`: what it lacks for attacks is said
(pieces of no known class, every piece of one player), and a key one slip from a field it reads
(`"sped"`, `"Ships"`) is named instead of silently taking the field's default."""

import json

import pytest

from armada_vision.cli import main
from armada_vision.scene import misspelt_fields, scene_from_dict


def _ship(sid, x, y, heading, player=1, **extra):
    return {"id": sid, "ship_class": "cr90-corvette-a", "player": player, "x_mm": x, "y_mm": y,
            "heading_deg": heading, **extra}


def _check(tmp_path, capsys, scene):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(scene))
    assert main(["check", str(path)]) == 0
    return capsys.readouterr()


def test_a_scene_of_one_unknown_player_says_why_no_attack_is_listed(tmp_path, capsys):
    # Two CR90s facing each other 160 mm apart: players 1 and 2 would have attacks.
    scene = {"format": "armada-scene/1", "squadrons": [], "obstacles": [], "ships": [
        _ship("ship-1", 400, 400, 0, player_known=False),
        _ship("ship-2", 560, 400, 180, player_known=False)]}
    got = _check(tmp_path, capsys, scene)
    assert "0 attacks" in got.out
    assert 'every ship and squadron is player 1 (2 with "player_known": false' in got.err
    assert "--roster" in got.err
    scene["ships"][1]["player"] = 2
    got = _check(tmp_path, capsys, scene)
    assert "0 attacks" not in got.out and "every ship and squadron" not in got.err


def test_pieces_of_no_known_class_get_a_hint_how_to_name_them(tmp_path, capsys):
    scene = {"format": "armada-scene/1", "squadrons": [], "obstacles": [], "ships": [
        _ship("ship-1", 400, 400, 0),
        {**_ship("ship-2", 560, 400, 180, player=2), "ship_class": None, "size_class": "small"}]}
    got = _check(tmp_path, capsys, scene)
    assert "ship 'ship-2' skipped: its class is not known yet" in got.err
    assert 'name the classes in the scene ("ship_class"' in got.err


def test_a_misspelt_field_is_named_and_a_tools_own_key_is_not():
    scene = scene_from_dict({"format": "armada-scene/1", "Ships": [], "obstacles": [],
                             "squadrons": [], "ships": [
                                 _ship("a", 400, 400, 0, sped=2, player_known=False,
                                       colour="red")]})
    assert misspelt_fields(scene) == [
        "'Ships' is not a scene field, and is not read (did you mean 'ships'?)",
        "ships[0] ('a'): 'sped' is not a field, and is not read (did you mean 'speed'?)"]


def test_an_abbreviated_field_and_another_kinds_field_are_named():
    scene = scene_from_dict({"format": "armada-scene/1", "obstacles": [], "ships": [
        _ship("a", 400, 400, 0, spd=2)], "squadrons": [
        {"id": "q", "ship_class": "x-wing-squadron", "player": 1, "x_mm": 500, "y_mm": 400,
         "heading_deg": 90}]})
    assert misspelt_fields(scene) == [
        "ships[0] ('a'): 'spd' is not a field, and is not read (did you mean 'speed'?)",
        "squadrons[0] ('q'): 'ship_class' is a field of a ship, not read here "
        "(did you mean 'squadron_class'?)",
        "squadrons[0] ('q'): 'heading_deg' is a field of a ship, not read here"]


def test_no_hint_to_a_class_field_already_given_and_an_before_obstacle():
    scene = scene_from_dict({"format": "armada-scene/1", "obstacles": [], "ships": [
        _ship("a", 400, 400, 0, flipped=True)], "squadrons": [
        {"id": "q", "squadron_class": "x-wing-squadron", "ship_class": "x", "player": 1,
         "x_mm": 500, "y_mm": 400}]})
    notes = misspelt_fields(scene)
    assert "squadrons[0] ('q'): 'ship_class' is a field of a ship, not read here" in notes
    assert "ships[0] ('a'): 'flipped' is a field of an obstacle, not read here" in notes


def test_check_prints_the_misspelt_field_with_the_file(tmp_path, capsys):
    scene = {"format": "armada-scene/1", "squadrons": [], "obstacles": [], "ships": [
        _ship("ship-1", 400, 400, 0, sped=2), _ship("ship-2", 560, 400, 180, player=2)]}
    got = _check(tmp_path, capsys, scene)
    assert f"{tmp_path / 'scene.json'}: ships[0] ('ship-1'): 'sped' is not a field" in got.err


def test_a_speed_above_the_ships_speed_chart_is_named(tmp_path, capsys):
    # A Victory II's chart stops at speed 2 (models/); the scene format accepts 0-4 for any ship.
    vsd = {**_ship("vsd", 400, 400, 0, speed=3), "ship_class": "victory-ii-star-destroyer"}
    scene = {"format": "armada-scene/1", "squadrons": [], "obstacles": [],
             "ships": [vsd, _ship("ship-2", 560, 400, 180, player=2, speed=4)]}
    got = _check(tmp_path, capsys, scene)
    assert "ships[0] ('vsd'): speed 3 is above its speed chart (" in got.err
    assert ": 0-2)" in got.err
    assert "ships[1]" not in got.err  # a CR90's chart goes to 4


def test_game_state_on_a_piece_is_named_as_not_read():
    # a breaker's ships carried defense tokens and dials, in English and German, and `check`
    # answered with no word that a scene does not hold them
    scene = scene_from_dict({"format": "armada-scene/1", "obstacles": [], "squadrons": [],
                             "ships": [_ship("att", 400, 400, 0, defence_token=["brace"],
                                             dials=["navigate"], player_known=True),
                                       _ship("def", 560, 400, 180, player=2, Command_Tokens=[],
                                             shields=[2, 1, 1, 1])]})
    notes = misspelt_fields(scene)
    assert len(notes) == 4
    assert notes[0] == (
        "ships[0] ('att'): 'defence_token' is game state, which a scene does not hold, and is "
        "not read (defense tokens, command dials and tokens, shields and damage are kept by "
        "the window's game panel and its game log)")
    assert [n.split(":")[1].split()[0] for n in notes] == [
        "'defence_token'", "'dials'", "'Command_Tokens'", "'shields'"]


@pytest.mark.parametrize("fields, message", [
    ({"x": 400, "y_mm": 400}, "ships[0].x_mm: missing (required; 'x' is given: did you mean "
     "'x_mm'?)"),
    ({"x_mm": 400, "Y_mm": 400}, "ships[0].y_mm: missing (required; 'Y_mm' is given: did you "
     "mean 'y_mm'?)"),
    ({"x_mm": 400, "colour": "red"}, "ships[0].y_mm: missing (required)"),
])
def test_a_missing_field_names_the_key_meant_for_it(fields, message):
    # a newcomer wrote "x" for "x_mm" and was told only "ships[0].x_mm: missing"
    from armada_vision.errors import InputError

    ship = {"id": "a", "ship_class": "cr90-corvette-a", "player": 1, **fields}
    with pytest.raises(InputError) as err:
        scene_from_dict({"format": "armada-scene/1", "ships": [ship]}, "s.json")
    assert str(err.value) == f"s.json: {message}"
