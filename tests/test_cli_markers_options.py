"""`markers` and `run` options a breaker found odd: `--tag-mm` without `--tags` and an empty
`--tags` did nothing without a word; `--layout 6X3` was refused (the bundled names are 6x3 and
3x3)."""

import pytest

from armada_vision.cli import main
from armada_vision.vision.calibration import load_layout


def test_tag_mm_without_tags_is_named(tmp_path, capsys):
    assert main(["markers", "--out", str(tmp_path), "--tag-mm", "12"]) == 0
    assert ("armada-vision: note: --tag-mm without --tags (e.g. --tags 6-17): no ship tag "
            "sheet written") in capsys.readouterr().err
    assert not list(tmp_path.glob("ship-tags*"))


def test_empty_tags_is_an_error(tmp_path, capsys):
    assert main(["markers", "--out", str(tmp_path), "--tags", " "]) == 2
    assert "--tags: expected ids such as 6-17 or 6,7,9, got nothing" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["6X3", "3X3"])
def test_bundled_layout_names_in_capitals(name):
    assert load_layout(name).play_area_mm == load_layout(name.lower()).play_area_mm
