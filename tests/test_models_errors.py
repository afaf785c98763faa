"""A broken catalog file gives a one-line InputError naming the file and the field."""

import pytest

from armada_vision.catalog import load_catalog
from armada_vision.catalog._load import BUILTIN_MODELS
from armada_vision.errors import InputError

VSD = (BUILTIN_MODELS / "ships" / "victory-ii-star-destroyer.toml").read_text()


def _broken_ship(tmp_path, text):
    (tmp_path / "ships").mkdir()
    path = tmp_path / "ships" / "broken-frigate.toml"
    path.write_text(text)
    with pytest.raises(InputError) as info:
        load_catalog(tmp_path)
    return str(info.value)


def test_a_valid_override_loads_and_replaces_the_bundled_class(tmp_path):
    (tmp_path / "ships").mkdir()
    (tmp_path / "ships" / "victory-ii-star-destroyer.toml").write_text(VSD.replace("hull = 8", "hull = 9"))
    assert load_catalog(tmp_path).ships["victory-ii-star-destroyer"].hull == 9


def test_missing_field(tmp_path):
    msg = _broken_ship(tmp_path, VSD.replace("hull = 8\n", ""))
    assert "broken-frigate.toml" in msg and "hull" in msg and "missing" in msg


def test_wrong_type_in_armament(tmp_path):
    msg = _broken_ship(tmp_path, VSD.replace("front = { red = 3, blue = 3 }", 'front = { red = "three" }'))
    assert "broken-frigate.toml" in msg and "armament.front.red" in msg and "whole number" in msg


def test_unknown_dice_colour(tmp_path):
    msg = _broken_ship(tmp_path, VSD.replace("rear = { red = 2 }", "rear = { green = 2 }"))
    assert "armament.rear.green" in msg


def test_speed_chart_row_of_wrong_length(tmp_path):
    msg = _broken_ship(tmp_path, VSD.replace("speed_chart = [[1], [0, 1]]", "speed_chart = [[1], [1]]"))
    assert "broken-frigate.toml" in msg and "speed_chart[1]" in msg and "speed 2 needs 2" in msg


def test_yaw_beyond_two_clicks(tmp_path):
    msg = _broken_ship(tmp_path, VSD.replace("speed_chart = [[1], [0, 1]]", "speed_chart = [[3]]"))
    assert "speed_chart[0]" in msg


def test_squadron_without_a_base_size_anywhere(tmp_path):
    # the bundled squadron-base.toml supplies the default; a folder of its own must too if it
    # replaces it with a broken one
    (tmp_path / "squadron-base.toml").write_text("diameter_mm = -3\n")
    with pytest.raises(InputError) as info:
        load_catalog(tmp_path)
    assert "squadron-base.toml" in str(info.value) and "diameter_mm" in str(info.value)


def test_squadron_base_override_applies_to_every_squadron(tmp_path):
    (tmp_path / "squadron-base.toml").write_text("diameter_mm = 25.4\n")
    cat = load_catalog(tmp_path)
    assert {sq.base_diameter_mm for sq in cat.squadrons.values()} == {25.4}


def test_obstacle_outline_with_a_bad_point(tmp_path):
    (tmp_path / "obstacles").mkdir()
    (tmp_path / "obstacles" / "rock.toml").write_text(
        'name = "Rock"\nkind = "asteroid"\noutline_mm = [[0, 0], [10, 0], [5]]\n'
    )
    with pytest.raises(InputError) as info:
        load_catalog(tmp_path)
    assert "rock.toml" in str(info.value) and "outline_mm.2" in str(info.value)


def test_keyword_value_for_a_keyword_the_squadron_lacks(tmp_path):
    (tmp_path / "squadrons").mkdir()
    (tmp_path / "squadrons" / "odd-wing.toml").write_text(
        'name = "Odd"\nfaction = "rebel"\nspeed = 3\nhull = 4\nanti_squadron = { blue = 2 }\n'
        'keywords = ["bomber"]\nkeyword_values = { counter = 2 }\n'
    )
    with pytest.raises(InputError) as info:
        load_catalog(tmp_path)
    assert "odd-wing.toml" in str(info.value) and "keyword_values.counter" in str(info.value)


def test_a_speed_1_row_of_wrong_length_says_one_yaw_value(tmp_path):
    msg = _broken_ship(tmp_path, VSD.replace("speed_chart = [[1], [0, 1]]", "speed_chart = [[1, 1], [0, 1]]"))
    assert "speed_chart[0]" in msg and "speed 1 needs 1 yaw value of 0..2 clicks" in msg
