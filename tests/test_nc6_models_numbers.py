"""Newcomer 6's break-it pass on --models: a number no piece can have (NaN or inf in a point, a
length beyond any table, a count too large for the rules' integers) is one line naming the
file and field. Before: NaN in an arc line ended in a shapely GEOSException traceback, a dice
count of 10**23 in an OverflowError traceback, NaN in an obstacle outline and a base 1e300 mm
long were accepted (check printed shapely overflow warnings and went on)."""

import pytest

from armada_vision.catalog import load_catalog
from armada_vision.catalog._load import BUILTIN_MODELS
from armada_vision.errors import InputError

VSD = (BUILTIN_MODELS / "ships" / "victory-ii-star-destroyer.toml").read_text()
ROCK = (BUILTIN_MODELS / "obstacles" / "asteroid-field-1.toml").read_text()


def _refusal(tmp_path, folder, name, text):
    (tmp_path / folder).mkdir(parents=True)
    (tmp_path / folder / name).write_text(text)
    with pytest.raises(InputError) as info:
        load_catalog(tmp_path)
    return str(info.value)


@pytest.mark.parametrize("old, new, field, message", [
    ("front_left = [[3.4, 0.0], [27.68, 29.25]]", "front_left = [[3.4, 0.0], [nan, 29.25]]",
     "arc_lines.front_left.1", "expected a point [x_mm, y_mm] of finite numbers within 10000, got [nan, 29.25]"),
    ("front = [39.35, 0.0]", "front = [inf, 0.0]",
     "targeting_points.front", "expected a point [x_mm, y_mm] of finite numbers within 10000, got [inf, 0.0]"),
    ("front = [39.35, 0.0]", "front = [39.35, -1e300]",
     "targeting_points.front", "expected a point [x_mm, y_mm] of finite numbers within 10000, got [39.35, -1e+300]"),
    ("length_mm = 102.0", "length_mm = 1e300",
     "base.length_mm", "expected a number of at most 10000, got 1e+300"),
    ("front = { red = 3, blue = 3 }", "front = { red = 99999999999999999999999, blue = 3 }",
     "armament.front.red", "expected a whole number of at most 1000, got 99999999999999999999999"),
    ("hull = 8", "hull = 1001", "hull", "expected a whole number of at most 1000, got 1001"),
])
def test_a_ship_number_no_piece_can_have_is_one_line(tmp_path, old, new, field, message):
    assert old in VSD
    msg = _refusal(tmp_path, "ships", "broken-frigate.toml", VSD.replace(old, new, 1))
    assert msg == f"{tmp_path / 'ships' / 'broken-frigate.toml'}: {field}: {message}"


def test_nan_in_an_obstacle_outline_is_refused(tmp_path):
    msg = _refusal(tmp_path, "obstacles", "rock.toml", ROCK.replace("[[33.7, -10.8]", "[[nan, -10.8]", 1))
    assert msg == (f"{tmp_path / 'obstacles' / 'rock.toml'}: outline_mm.0: expected a point [x_mm, y_mm] "
                   "of finite numbers within 10000, got [nan, -10.8]")


def test_the_largest_numbers_allowed_still_load(tmp_path):
    (tmp_path / "ships").mkdir()
    text = VSD.replace("hull = 8", "hull = 1000").replace("length_mm = 102.0", "length_mm = 10000.0", 1)
    (tmp_path / "ships" / "big-frigate.toml").write_text(text)
    cls = load_catalog(tmp_path).ships["big-frigate"]
    assert (cls.hull, cls.base.length_mm) == (1000, 10000.0)


def test_an_integer_past_the_float_range_is_refused_not_overflowed(tmp_path):
    big = "1" + "0" * 400
    msg = _refusal(tmp_path, "ships", "broken-frigate.toml", VSD.replace("length_mm = 102.0", f"length_mm = {big}", 1))
    assert msg.endswith(f"base.length_mm: expected a number of at most 10000, got {big}")
    msg = _refusal(tmp_path / "b", "ships", "broken-frigate.toml",
                   VSD.replace("front = [39.35, 0.0]", f"front = [{big}, 0.0]"))
    assert msg.endswith(f"targeting_points.front: expected a point [x_mm, y_mm] of finite numbers within 10000, got [{big}, 0.0]")
