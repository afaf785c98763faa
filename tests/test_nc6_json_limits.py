"""Newcomer 6's break-it pass: JSON text that Python's json module cannot hold (an integer past
the float range, nesting deeper than the recursion limit) is one line naming the file and
field in every reader of the user's JSON files, not an OverflowError, ValueError or
RecursionError traceback."""

import json
import math

import pytest

from armada_vision import jsontext
from armada_vision.catalog import get_catalog
from armada_vision.errors import InputError
from armada_vision.scene import load_scene
from armada_vision.vision.calibration._files import load_layout, read_json
from armada_vision.vision.detect._roster import load_roster
from armada_vision.vision.synth._layout import resolve_layout

BIG = "1" + "0" * 400  # an integer past the float range (about 1.8e308)
DEEP = "[" * 100_000 + "]" * 100_000  # deeper than Python's recursion limit


def _scene(x_mm: str) -> str:
    return ('{"format": "armada-scene/1", "ships": [{"id": "vsd-1", "ship_class": '
            '"victory-ii-star-destroyer", "player": 1, "x_mm": ' + x_mm
            + ', "y_mm": 200, "heading_deg": 90}]}')


def test_loads_reads_huge_integers_as_infinite_and_keeps_ordinary_ones():
    assert jsontext.loads("[" + BIG + ", -" + BIG + ", 12, -3, 9007199254740993]") == [
        math.inf, -math.inf, 12, -3, 9007199254740993]
    assert jsontext.loads("1" * 5000) == math.inf  # json.loads: ValueError (4300-digit limit)
    assert isinstance(jsontext.loads("12"), int)


def test_loads_nesting_too_deep_is_a_decode_error():
    with pytest.raises(json.JSONDecodeError, match="nested too deeply"):
        jsontext.loads(DEEP)
    assert jsontext.loads("[" * 50 + "]" * 50) == json.loads("[" * 50 + "]" * 50)  # shallow still reads


@pytest.mark.parametrize("x_mm, message", [
    (BIG, r"^{f}: ships\[0\]\.x_mm: expected a number, got 1000000000\.\.\.0000 \(401 digits\)$"),
    ("-" + BIG, r"^{f}: ships\[0\]\.x_mm: expected a number, got -1000000000\.\.\.0000 \(401 digits\)$"),
    ("1e999", r"^{f}: ships\[0\]\.x_mm: expected a number, got 1e999$"),
])
def test_scene_with_a_huge_integer_names_the_field(tmp_path, x_mm, message):
    f = tmp_path / "s.json"
    f.write_text(_scene(x_mm))
    with pytest.raises(InputError, match=message.format(f=str(f).replace("\\", "\\\\"))):
        load_scene(f)


def test_scene_nested_too_deeply_is_one_line(tmp_path):
    f = tmp_path / "s.json"
    f.write_text(DEEP)
    with pytest.raises(InputError, match=r"s\.json: not valid JSON \(line 1, column 1\): nested too deeply$"):
        load_scene(f)


def test_calibration_files_layout_and_roster_refuse_deep_nesting(tmp_path):
    f = tmp_path / "x.json"
    f.write_text(DEEP)
    for read in (read_json, load_layout, lambda p: resolve_layout(str(p), (1828.8, 914.4)),
                 load_roster):
        with pytest.raises(InputError, match=r"x\.json: not valid JSON \(line 1.*nested too deeply"):
            read(f)


def test_layout_with_a_huge_marker_size_names_the_field(tmp_path):
    from armada_vision.vision.synth import default_layout

    layout = json.dumps(default_layout((1828.8, 914.4)))
    first = layout.index('"size_mm": ') + len('"size_mm": ')
    end = layout.index(",", first)
    f = tmp_path / "layout.json"
    f.write_text(layout[:first] + BIG + layout[end:])
    with pytest.raises(InputError, match=r"layout\.json: markers\[0\]\.size_mm: expected finite numbers"):
        load_layout(f)


def test_roster_with_a_huge_tag_names_the_field(tmp_path):
    f = tmp_path / "roster.json"
    f.write_text('{"format": "armada-roster/1", "ships": [{"id": "vsd-1", "ship_class": '
                 '"victory-ii-star-destroyer", "player": 1, "tag": ' + BIG + '}]}')
    with pytest.raises(InputError, match=r"roster\.json: ships\[0\]\.tag: expected a marker id, got 1000000000\.\.\.0000 \(401 digits\)"):
        load_roster(f, get_catalog())


def test_a_huge_heading_is_quoted_as_written_not_as_inf(tmp_path):
    # "expected a number, got inf" for a 401-digit heading, "1e+30 deg" for 10**30: the message
    # named a value the file does not hold
    f = tmp_path / "s.json"
    for given, shown in ((BIG, "1000000000...0000 (401 digits)"),
                         ("1" + "0" * 30, "1" + "0" * 30), ("-1e400", "-1e400"),
                         ("1234567890" * 5, "1234567890" * 5)):
        f.write_text(_scene("900").replace('"heading_deg": 90', '"heading_deg": ' + given))
        with pytest.raises(InputError) as err:
            load_scene(f)
        assert str(err.value).startswith(f"{f}: ships[0].heading_deg: ")
        assert f"got {shown}" in str(err.value) or f"{shown} deg is not a heading" in str(err.value)
        assert "inf" not in str(err.value) and "e+" not in str(err.value)


def test_huge_numbers_still_read_as_infinite():
    big = jsontext.loads(BIG)
    assert big == math.inf and math.isinf(big) and repr(big) == "1000000000...0000 (401 digits)"
    assert jsontext.loads("-1e999") == -math.inf and f"{jsontext.loads('-1e999'):.1f}" == "-1e999"
    assert repr(jsontext.loads("2.5")) == "2.5"        # finite floats are plain floats


def test_a_huge_number_copies_and_pickles_with_its_text():
    import copy
    import pickle

    big = jsontext.loads("[-1e999]")
    for again in (copy.deepcopy(big), pickle.loads(pickle.dumps(big))):
        assert again == [-math.inf] and repr(again[0]) == "-1e999"
