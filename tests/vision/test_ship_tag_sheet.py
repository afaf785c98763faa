"""`markers --tags` writes sheets of the small ship tags README tells players to glue on ship
tokens (`armada-roster/1`'s "tag"): there was no way to print them."""

import cv2
import numpy as np
import pytest

from armada_vision.cli import main
from armada_vision.cli.markers import parse_tag_ids
from armada_vision.errors import InputError
from armada_vision.vision.calibration._sheets import DPI, tag_pages


def test_the_tag_sheet_reads_back_as_those_ids_at_true_scale():
    (page,) = tag_pages("DICT_4X4_50", list(range(6, 18)), 16.0, "a4")
    img = np.array(page.convert("L"))
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = det.detectMarkers(img)
    assert ids is not None and sorted(ids.ravel().tolist()) == list(range(6, 18))
    side_mm = [np.linalg.norm(c[0][1] - c[0][0]) * 25.4 / DPI for c in corners]
    assert all(abs(s - 16.0) < 0.3 for s in side_mm)


def test_many_tags_take_several_pages():
    assert len(tag_pages("DICT_4X4_50", list(range(6, 50)), 16.0, "a4")) == 2


@pytest.mark.parametrize("text, message", [
    ("4-9", "--tags: 4, 5: table marker id(s) of the layout; a ship tag needs another id"),
    ("6-60", "--tags: 60: the dictionary has ids 0-49"),
    ("six", "--tags: expected ids such as 6-17 or 6,7,9, got 'six'"),
])
def test_tag_ids_that_cannot_be_ship_tags_are_refused(text, message):
    with pytest.raises(InputError) as err:
        parse_tag_ids(text, set(range(6)), 50)
    assert str(err.value) == message


def test_markers_tags_writes_the_sheet(tmp_path, capsys):
    assert parse_tag_ids("6-8,7,12", set(range(6)), 50) == [6, 7, 8, 12]
    assert main(["markers", "--out", str(tmp_path / "m"), "--tags", "6-11"]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path / "m" / "ship-tags-a4.pdf") in out
    assert (tmp_path / "m" / "ship-tags-a4.png").exists()
    assert main(["markers", "--out", str(tmp_path / "n")]) == 0
    assert "(--tags 6-17 prints a sheet)." in capsys.readouterr().out
