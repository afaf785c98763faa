"""`analyze IMAGE --table table.json`: a still of a table without printed markers, calibrated
once with `calibrate table --corners` (README step 4), can be analysed; before, analyze could
only look for the markers and said "table not found"."""

from __future__ import annotations

import json

import cv2
import pytest

from armada_vision.cli import main
from armada_vision.scene import Scene, ShipPose
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera

CAMERA = TableCamera.looking_down((960, 540), margin_mm=160.0)
PLAY = [[0.0, 0.0], [1828.8, 0.0], [1828.8, 914.4], [0.0, 914.4]]


@pytest.fixture(scope="module")
def shots(tmp_path_factory, catalog):
    d = tmp_path_factory.mktemp("nc_table")
    opt = synth.RenderOptions(mat="cloth", minis=False)
    scene = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 700.0, 400.0, 30.0),))
    cv2.imwrite(str(d / "empty.png"), synth.render(Scene(), CAMERA, catalog, opt, seed=4).image)
    cv2.imwrite(str(d / "game.png"), synth.render(scene, CAMERA, catalog, opt, seed=4, noise_seed=2).image)
    corners = ";".join(f"{x:.1f},{y:.1f}" for x, y in CAMERA.table_to_image(PLAY))
    assert main(["calibrate", "table", "--source", str(d / "empty.png"), "--corners", corners,
                 "--out", str(d / "table.json")]) == 0
    return d


def test_analyze_with_a_manual_table_file_finds_the_ship(shots, capsys):
    capsys.readouterr()
    assert main(["analyze", str(shots / "game.png"), "--table", str(shots / "table.json"),
                 "--background", str(shots / "empty.png"), "--json"]) == 0
    ships = json.loads(capsys.readouterr().out)["ships"]
    assert len(ships) == 1
    # a manual fit without intrinsics: a few mm (the README's "lower accuracy")
    assert ships[0]["x_mm"] == pytest.approx(700.0, abs=8.0)
    assert ships[0]["y_mm"] == pytest.approx(400.0, abs=8.0)


def test_a_table_file_of_another_resolution_is_refused_naming_it(shots, tmp_path, capsys):
    small = tmp_path / "small.png"
    cv2.imwrite(str(small), cv2.imread(str(shots / "game.png"))[:270, :480])
    assert main(["analyze", str(small), "--table", str(shots / "table.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"armada-vision: error: {shots / 'table.json'}: image_size: calibrated at "
                   f"960x540 px but {small} is 480x270 px")


def test_a_layout_beside_a_table_file_with_its_own_is_refused_not_ignored(shots, capsys):
    # `--layout 3x3` with a 6' table file was silently ignored (the file's layout was used)
    capsys.readouterr()
    assert main(["analyze", str(shots / "game.png"), "--table", str(shots / "table.json"),
                 "--layout", "3x3", "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (
        f"armada-vision: error: {shots / 'table.json'}: --layout: the table file has its own "
        "layout (play area 1828.8 x 914.4 mm), which analyze uses: leave out --layout (it is for "
        "an older table file without one), or calibrate the table again with that layout")


def test_the_module_fixtures_calibration_saved_its_empty_table_in_the_test_folder(
        shots, tmp_path_factory):
    # a function-scoped $XDG_DATA_HOME came after this module's fixture: `calibrate table`
    # saved its empty table in the user's real ~/.local/share/armada-vision/backgrounds
    folder = tmp_path_factory.getbasetemp() / "xdg-data" / "armada-vision" / "backgrounds"
    saved = [json.loads(p.read_text()) for p in folder.glob("table-*.json")]
    assert str(shots / "table.json") in [s["calibration_file"] for s in saved]


def test_a_roster_without_a_tag_in_the_photo_says_the_ship_stays_unnamed(shots, tmp_path,
                                                                         capsys):
    # a newcomer's roster of untagged ships named nothing and nothing said why
    roster = tmp_path / "roster.json"
    roster.write_text(json.dumps({"format": "armada-roster/1", "ships": [
        {"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1}]}))
    capsys.readouterr()
    assert main(["analyze", str(shots / "game.png"), "--table", str(shots / "table.json"),
                 "--background", str(shots / "empty.png"), "--roster", str(roster),
                 "--json"]) == 0
    captured = capsys.readouterr()
    assert [s["ship_class"] for s in json.loads(captured.out)["ships"]] == [None]
    assert (f"armada-vision: note: {roster}: 1 ship(s) stay unnamed in one photo (it gives "
            "no tag for them;") in captured.err
    roster.write_text(json.dumps({"format": "armada-roster/1", "ships": [
        {"id": "vsd-1", "ship_class": "victory-ii-star-destroyer", "player": 1, "tag": 7}]}))
    assert main(["analyze", str(shots / "game.png"), "--table", str(shots / "table.json"),
                 "--background", str(shots / "empty.png"), "--roster", str(roster)]) == 0
    assert "(its tags not seen: vsd-1 (tag 7);" in capsys.readouterr().err
